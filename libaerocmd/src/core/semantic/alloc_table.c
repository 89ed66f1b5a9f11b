/* SPDX-License-Identifier: MIT */
/* alloc_table.c — opening and querying a per-submission allocation table. */
#include "aerocmd/submission.h"

#include <string.h>

#include "../common/le_bytes.h"
#include "../common/sort_u64.h"

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

/* Tables this small are checked and searched entry by entry without scratch: at most
 * 64 x 63 / 2 comparisons to open, 64 per lookup. */
#define SCAN_MAX_ENTRIES 64u

/* Index of the first entry whose id already appeared earlier, or entry_count if none. */
static uint32_t first_duplicate_scan(const struct aerocmd_alloc_table_view *view)
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

/* Strictly ascending ids are unique and searchable by bisection as they stand. */
static int ids_ascend(const struct aerocmd_alloc_table_view *view)
{
    uint32_t i;
    for (i = 1; i < view->entry_count; i++)
        if (entry_id(view, i) <= entry_id(view, i - 1))
            return 0;
    return 1;
}

/* Keys are (alloc_id << 32 | index), so after sorting equal ids sit together with their
 * indices ascending; any key equal in id to its predecessor is a repeat, and the smallest
 * such index is the first repeat in table order. The sorted keys stay behind as the
 * table's index. */
static uint32_t first_duplicate_sorted(const struct aerocmd_alloc_table_view *view, uint64_t *keys)
{
    uint32_t n = view->entry_count, i, best = view->entry_count;
    for (i = 0; i < n; i++)
        keys[i] = ((uint64_t)entry_id(view, i) << 32) | i;
    aerocmd_priv_sort_u64(keys, n);
    for (i = 1; i < n; i++) {
        uint32_t index = (uint32_t)keys[i];
        if ((keys[i] >> 32) == (keys[i - 1] >> 32) && index < best)
            best = index;
    }
    return best;
}

/* Uniqueness, and how lookups will search: bisection of the table itself when its ids
 * ascend, of the sorted scratch when the caller gave enough, a scan when it is small.
 * Anything else would cost count^2 / 2 comparisons here and count per lookup. */
static aerocmd_result check_unique(struct aerocmd_alloc_table_view *v, uint64_t *scratch,
                                   size_t scratch_count, struct aerocmd_diag *diag)
{
    uint32_t dup;
    if (ids_ascend(v)) {
        v->lookup = AEROCMD_ALLOC_LOOKUP_ASCENDING;
        return AEROCMD_OK;
    }
    if (v->entry_count <= SCAN_MAX_ENTRIES) {
        v->lookup = AEROCMD_ALLOC_LOOKUP_SCAN;
        dup = first_duplicate_scan(v);
    } else if (scratch != NULL && scratch_count >= v->entry_count) {
        v->lookup = AEROCMD_ALLOC_LOOKUP_INDEX;
        v->index = scratch;
        dup = first_duplicate_sorted(v, scratch);
    } else {
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    if (dup < v->entry_count)
        return aerocmd_diag_fail(diag, AEROCMD_R_ALLOC_ENTRY_DUPLICATE, entry_offset(v, dup), 0);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_alloc_table_open_scratch(struct aerocmd_alloc_table_view *view,
                                                const void *buf, size_t len, uint64_t *scratch,
                                                size_t scratch_count, struct aerocmd_diag *diag)
{
    struct aerocmd_alloc_table_view v;
    aerocmd_result r;
    aerocmd_diag_clear(diag);
    if (!view || (!buf && len != 0))
        return AEROCMD_E_INVALID_ARG;
    memset(&v, 0, sizeof v);
    r = check_header(&v, (const uint8_t *)buf, len, diag);
    if (r == AEROCMD_OK)
        r = check_entries(&v, diag);
    if (r == AEROCMD_OK)
        r = check_unique(&v, scratch, scratch_count, diag);
    if (r == AEROCMD_OK)
        *view = v;
    return r;
}

aerocmd_result aerocmd_alloc_table_open(struct aerocmd_alloc_table_view *view, const void *buf,
                                        size_t len, struct aerocmd_diag *diag)
{
    return aerocmd_alloc_table_open_scratch(view, buf, len, NULL, 0, diag);
}

size_t aerocmd_alloc_table_scratch_count(const void *buf, size_t len)
{
    const uint8_t *bytes = (const uint8_t *)buf;
    uint32_t count;
    if (!buf || len < AEROCMD_ALLOC_TABLE_HEADER_BYTES ||
        aerocmd_load_u32(bytes + HDR_MAGIC) != AEROGPU_ALLOC_TABLE_MAGIC)
        return 0;
    count = aerocmd_load_u32(bytes + HDR_COUNT);
    /* a table whose entries cannot fit is refused before any scratch is used */
    if (count > (len - AEROCMD_ALLOC_TABLE_HEADER_BYTES) / AEROCMD_ALLOC_ENTRY_MIN_STRIDE)
        return 0;
    return count;
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

/* The table position of alloc_id, or entry_count. */
static uint32_t position_of(const struct aerocmd_alloc_table_view *view, uint32_t alloc_id)
{
    uint32_t lo = 0, hi = view->entry_count, i;
    switch (view->lookup) {
    case AEROCMD_ALLOC_LOOKUP_ASCENDING:
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2, id = entry_id(view, mid);
            if (id == alloc_id)
                return mid;
            if (id < alloc_id)
                lo = mid + 1;
            else
                hi = mid;
        }
        return view->entry_count;
    case AEROCMD_ALLOC_LOOKUP_INDEX:
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2, id = (uint32_t)(view->index[mid] >> 32);
            if (id == alloc_id)
                return (uint32_t)view->index[mid];
            if (id < alloc_id)
                lo = mid + 1;
            else
                hi = mid;
        }
        return view->entry_count;
    default:
        for (i = 0; i < view->entry_count; i++)
            if (entry_id(view, i) == alloc_id)
                return i;
        return view->entry_count;
    }
}

int aerocmd_alloc_table_find(const struct aerocmd_alloc_table_view *view, uint32_t alloc_id,
                             struct aerogpu_alloc_entry *out)
{
    uint32_t at;
    if (!view || !view->bytes || alloc_id == 0)
        return 0;
    at = position_of(view, alloc_id);
    if (at >= view->entry_count)
        return 0;
    if (out)
        read_entry(view, at, out);
    return 1;
}
