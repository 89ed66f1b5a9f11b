/* SPDX-License-Identifier: MIT */
/* sort_u64.h — private to the core: sorting 64-bit keys in place. */
#ifndef AEROCMD_CORE_SORT_U64_H
#define AEROCMD_CORE_SORT_U64_H

#include <stddef.h>
#include <stdint.h>

/* Ascending heapsort: in place, no recursion, bounded stack, O(n log n) for any input (a
 * guest chooses the keys). */
void aerocmd_priv_sort_u64(uint64_t *keys, size_t count);

/* 1 when `key` is among the ascending keys[0 .. count) (bisection). */
int aerocmd_priv_sorted_u64_has(const uint64_t *keys, size_t count, uint64_t key);

#endif /* AEROCMD_CORE_SORT_U64_H */
