/* SPDX-License-Identifier: MIT */
/* alloc_table.c — opening and querying a per-submission allocation table. */
#include "aerocmd/submission.h"

#include <string.h>

#include "../common/le_bytes.h"

#define HDR_MAGIC       0u
#define HDR_ABI_VERSION 4u
#define HDR_SIZE_BYTES  8u
#define HDR_COUNT       12u
#define HDR_STRIDE      16u
#define HDR_RESERVED0   20u

/* Fields of a newer minor may live in what we know as reserved, so only tables whose minor
 * we fully understand must keep them zero. */
static int reserved_must_be_zero(uint32_t abi_version)
{
    return (abi_version & 0xFFFFu) <= AEROGPU_ABI_MINOR;
}

static uint32_t entry_offset(const struct aerocmd_alloc_table_view *view, uint32_t index)
{
    return AEROCMD_ALLOC_TABLE_HEADER_BYTES + index * view->entry_stride_bytes;
}

static void read_entry(const struct aerocmd_alloc_table_view *view, uint32_t index,
                       struct aerogpu_alloc_entry *out)
{
    const uint8_t *p = view->bytes + entry_offset(view, index);
    out->alloc_id = aerocmd_load_u32(p + 0);
    out->flags = aerocmd_load_u32(p + 4);
    out->gpa = aerocmd_load_u64(p + 8);
    out->size_bytes = aerocmd_load_u64(p + 16);
    out->reserved0 = aerocmd_load_u64(p + 24);
}

static aerocmd_result check_header(struct aerocmd_alloc_table_view *view, const uint8_t *bytes,
                                   size_t len, struct aerocmd_diag *diag)
{
    uint64_t needed;
    if (len < AEROCMD_ALLOC_TABLE_HEADER_BYTES)
        return aerocmd_diag_fail(diag, AEROCMD_R_ALLOC_TABLE_SHORT, 0, 0);
    if (aerocmd_load_u32(bytes + HDR_MAGIC) != AEROGPU_ALLOC_TABLE_MAGIC)
        return aerocmd_diag_fail(diag, AEROCMD_R_ALLOC_TABLE_MAGIC, HDR_MAGIC, 0);
    view->bytes = bytes;
    view->abi_version = aerocmd_load_u32(bytes + HDR_ABI_VERSION);
    view->size_bytes = aerocmd_load_u32(bytes + HDR_SIZE_BYTES);
    view->entry_count = aerocmd_load_u32(bytes + HDR_COUNT);
    view->entry_stride_bytes = aerocmd_load_u32(bytes + HDR_STRIDE);
    if ((view->abi_version >> 16) != AEROGPU_ABI_MAJOR)
        return aerocmd_diag_fail(diag, AEROCMD_R_ALLOC_TABLE_ABI, HDR_ABI_VERSION, 0);
    if (view->entry_stride_bytes < AEROCMD_ALLOC_ENTRY_MIN_STRIDE ||
        view->entry_stride_bytes % AEROCMD_ALLOC_ENTRY_STRIDE_ALIGN != 0)
        return aerocmd_diag_fail(diag, AEROCMD_R_ALLOC_TABLE_STRIDE, HDR_STRIDE, 0);
    needed = AEROCMD_ALLOC_TABLE_HEADER_BYTES +
             (uint64_t)view->entry_count * (uint64_t)view->entry_stride_bytes;
    if ((uint64_t)view->size_bytes < needed)
        return aerocmd_diag_fail(diag, AEROCMD_R_ALLOC_TABLE_SIZE, HDR_SIZE_BYTES, 0);
    if ((size_t)view->size_bytes > len)
        return aerocmd_diag_fail(diag, AEROCMD_R_ALLOC_TABLE_SHORT, HDR_SIZE_BYTES, 0);
    if (reserved_must_be_zero(view->abi_version) && aerocmd_load_u32(bytes + HDR_RESERVED0) != 0)
        return aerocmd_diag_fail(diag, AEROCMD_R_RESERVED_NONZERO, HDR_RESERVED0, 0);
    return AEROCMD_OK;
}

static aerocmd_result check_entries(const struct aerocmd_alloc_table_view *view,
                                    struct aerocmd_diag *diag)
{
    const uint32_t known_flags = AEROGPU_ALLOC_FLAG_READONLY;
    int strict = reserved_must_be_zero(view->abi_version);
    uint32_t i;
    for (i = 0; i < view->entry_count; i++) {
        struct aerogpu_alloc_entry e;
        uint32_t at = entry_offset(view, i);
        read_entry(view, i, &e);
        if (e.alloc_id == 0)
            return aerocmd_diag_fail(diag, AEROCMD_R_ALLOC_ENTRY_ID_ZERO, at, 0);
        if (e.size_bytes == 0)
            return aerocmd_diag_fail(diag, AEROCMD_R_ALLOC_ENTRY_SIZE_ZERO, at, 0);
        if (e.gpa > UINT64_MAX - e.size_bytes)
            return aerocmd_diag_fail(diag, AEROCMD_R_ALLOC_ENTRY_OVERFLOW, at, 0);
        if ((e.flags & ~known_flags) != 0)
            return aerocmd_diag_fail(diag, AEROCMD_R_ALLOC_ENTRY_FLAGS, at, 0);
        if (strict && e.reserved0 != 0)
            return aerocmd_diag_fail(diag, AEROCMD_R_RESERVED_NONZERO, at, 0);
    }
    return AEROCMD_OK;
}

static uint32_t entry_id(const struct aerocmd_alloc_table_view *view, uint32_t index)
{
    return aerocmd_load_u32(view->bytes + entry_offset(view, index));
}

/* Index of the first entry whose id already appeared earlier, or entry_count if none. */
static uint32_t first_duplicate_quadratic(const struct aerocmd_alloc_table_view *view)
{
    uint32_t j, i;
    for (j = 1; j < view->entry_count; j++) {
        uint32_t id = entry_id(view, j);
        for (i = 0; i < j; i++) {
            if (entry_id(view, i) == id)
                return j;
        }
    }
    return view->entry_count;
}

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

/* Heapsort: in place, no recursion, bounded stack, O(n log n) worst case. */
static void sort_keys(uint64_t *keys, size_t count)
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

/* Keys are (alloc_id << 32 | index), so after sorting equal ids sit together with their
 * indices ascending; any key equal in id to its predecessor is a repeat, and the smallest
 * such index is the first repeat in table order. */
static uint32_t first_duplicate_sorted(const struct aerocmd_alloc_table_view *view, uint64_t *keys)
{
    uint32_t n = view->entry_count, i, best = view->entry_count;
    for (i = 0; i < n; i++)
        keys[i] = ((uint64_t)entry_id(view, i) << 32) | i;
    sort_keys(keys, n);
    for (i = 1; i < n; i++) {
        uint32_t index = (uint32_t)keys[i];
        if ((keys[i] >> 32) == (keys[i - 1] >> 32) && index < best)
            best = index;
    }
    return best;
}

aerocmd_result aerocmd_alloc_table_open_scratch(struct aerocmd_alloc_table_view *view,
                                                const void *buf, size_t len, uint64_t *scratch,
                                                size_t scratch_count, struct aerocmd_diag *diag)
{
    struct aerocmd_alloc_table_view v;
    aerocmd_result r;
    uint32_t dup;
    aerocmd_diag_clear(diag);
    if (!view || (!buf && len != 0))
        return AEROCMD_E_INVALID_ARG;
    memset(&v, 0, sizeof v);
    r = check_header(&v, (const uint8_t *)buf, len, diag);
    if (r != AEROCMD_OK)
        return r;
    r = check_entries(&v, diag);
    if (r != AEROCMD_OK)
        return r;
    if (scratch && scratch_count >= v.entry_count)
        dup = first_duplicate_sorted(&v, scratch);
    else
        dup = first_duplicate_quadratic(&v);
    if (dup < v.entry_count)
        return aerocmd_diag_fail(diag, AEROCMD_R_ALLOC_ENTRY_DUPLICATE, entry_offset(&v, dup), 0);
    *view = v;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_alloc_table_open(struct aerocmd_alloc_table_view *view, const void *buf,
                                        size_t len, struct aerocmd_diag *diag)
{
    return aerocmd_alloc_table_open_scratch(view, buf, len, NULL, 0, diag);
}

int aerocmd_alloc_table_entry(const struct aerocmd_alloc_table_view *view, uint32_t index,
                              struct aerogpu_alloc_entry *out)
{
    if (!view || !view->bytes || index >= view->entry_count)
        return 0;
    if (out)
        read_entry(view, index, out);
    return 1;
}

int aerocmd_alloc_table_find(const struct aerocmd_alloc_table_view *view, uint32_t alloc_id,
                             struct aerogpu_alloc_entry *out)
{
    uint32_t i;
    if (!view || !view->bytes || alloc_id == 0)
        return 0;
    for (i = 0; i < view->entry_count; i++) {
        if (entry_id(view, i) == alloc_id) {
            if (out)
                read_entry(view, i, out);
            return 1;
        }
    }
    return 0;
}
