/* SPDX-License-Identifier: MIT */
/* sort_u64.c — heapsort and bisection of 64-bit keys, for the allocation table's duplicate
 * check and index and the render path's share-token index. */
#include "sort_u64.h"

static void sift_down(uint64_t *keys, size_t root, size_t count)
{
    for (;;) {
        size_t child = 2 * root + 1;
        uint64_t tmp;
        if (child >= count)
            return;
        if (child + 1 < count && keys[child + 1] > keys[child])
            child++;
        if (keys[root] >= keys[child])
            return;
        tmp = keys[root];
        keys[root] = keys[child];
        keys[child] = tmp;
        root = child;
    }
}

void aerocmd_priv_sort_u64(uint64_t *keys, size_t count)
{
    size_t i, end;
    if (count < 2)
        return;
    for (i = count / 2; i-- > 0;)
        sift_down(keys, i, count);
    for (end = count - 1; end > 0; end--) {
        uint64_t tmp = keys[0];
        keys[0] = keys[end];
        keys[end] = tmp;
        sift_down(keys, 0, end);
    }
}

int aerocmd_priv_sorted_u64_has(const uint64_t *keys, size_t count, uint64_t key)
{
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (keys[mid] == key)
            return 1;
        if (keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}
