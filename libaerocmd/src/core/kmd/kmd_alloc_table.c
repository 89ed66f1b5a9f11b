/* SPDX-License-Identifier: MIT */
/* kmd_alloc_table.c — building a submission's allocation table from its allocation list.
 *
 * The list is staged into the table memory, sorted in place (heap sort: no recursion, no
 * extra memory), and aliases collapsed in one pass over the sorted entries. While staged,
 * an entry's fields carry building data: flags = list index << 1 | write bit, reserved0 =
 * the allocation's identity for entries without an alloc_id (so they group by allocation).
 * Entries without an alloc_id sort after every user-mode id and get the kernel's ids in
 * that order, so the finished table's ids ascend: opening and searching it then needs no
 * scratch memory and costs O(log n) per lookup (submission.h). */
#include <stddef.h>

#include "aerocmd/kmd_alloc.h"
#include "kmd_bytes.h"

#define HEADER_BYTES ((uint32_t)sizeof(struct aerogpu_alloc_table_header))
#define ENTRY_BYTES  ((uint32_t)sizeof(struct aerogpu_alloc_entry))
#define MAX_REFS     0x7FFFFFFFu

size_t aerocmd_kmd_alloc_table_bytes_for(uint32_t ref_count)
{
    uint64_t bytes = (uint64_t)HEADER_BYTES + (uint64_t)ref_count * ENTRY_BYTES;
    return bytes > 0xFFFFFFFFu ? 0 : (size_t)bytes;
}

/* The id an entry will have, for ordering: user-mode ids are at most
 * AEROGPU_WDDM_ALLOC_ID_UMD_MAX, the kernel's start above it. */
static uint32_t final_id_rank(const struct aerogpu_alloc_entry *e)
{
    return e->alloc_id != 0 ? e->alloc_id : AEROGPU_WDDM_ALLOC_ID_KMD_MIN;
}

static int staged_less(const struct aerogpu_alloc_entry *a, const struct aerogpu_alloc_entry *b)
{
    if (final_id_rank(a) != final_id_rank(b))
        return final_id_rank(a) < final_id_rank(b);
    if (a->reserved0 != b->reserved0)
        return a->reserved0 < b->reserved0;
    return (a->flags >> 1) < (b->flags >> 1);
}

static void swap_entries(struct aerogpu_alloc_entry *a, struct aerogpu_alloc_entry *b)
{
    struct aerogpu_alloc_entry t = *a;
    *a = *b;
    *b = t;
}

static void sift_down(struct aerogpu_alloc_entry *e, uint32_t root, uint32_t end)
{
    for (;;) {
        uint32_t child = root * 2u + 1u, largest = root;
        if (child < end && staged_less(&e[largest], &e[child]))
            largest = child;
        if (child + 1u < end && staged_less(&e[largest], &e[child + 1u]))
            largest = child + 1u;
        if (largest == root)
            return;
        swap_entries(&e[root], &e[largest]);
        root = largest;
    }
}

static void sort_staged(struct aerogpu_alloc_entry *e, uint32_t n)
{
    uint32_t i;
    for (i = n / 2u; i > 0; i--)
        sift_down(e, i - 1u, n);
    for (i = n; i > 1; i--) {
        swap_entries(&e[0], &e[i - 1u]);
        sift_down(e, 0, i - 1u);
    }
}

/* Copies the non-NULL list entries into e; returns the count, or sets *bad to the index of
 * an entry the table could not hold. */
static uint32_t stage_refs(const struct aerocmd_kmd_alloc_ref *refs, uint32_t count,
                           struct aerogpu_alloc_entry *e, uint32_t *bad)
{
    uint32_t i, n = 0;
    for (i = 0; i < count; i++) {
        const struct aerocmd_kmd_alloc_ref *r = &refs[i];
        if (r->identity == 0)
            continue;
        if (r->size_bytes == 0 || r->gpa + r->size_bytes < r->gpa ||
            r->alloc_id > AEROGPU_WDDM_ALLOC_ID_UMD_MAX) {
            *bad = i;
            return 0;
        }
        e[n].alloc_id = r->alloc_id;
        e[n].flags = (i << 1) | ((r->flags & AEROCMD_KMD_ALLOC_REF_WRITE) ? 1u : 0u);
        e[n].gpa = r->gpa;
        e[n].size_bytes = r->size_bytes;
        e[n].reserved0 = r->alloc_id == 0 ? r->identity : 0;
        n++;
    }
    return n;
}

/* Collapses runs of one allocation into single entries; returns the final count, or sets
 * *bad to the list index of an alias whose address or size disagrees. */
static uint32_t collapse_staged(struct aerogpu_alloc_entry *e, uint32_t n, uint32_t *bad)
{
    uint32_t i = 0, out = 0, synthesized = 0;
    while (i < n) {
        struct aerogpu_alloc_entry first = e[i];
        uint32_t j = i + 1u, write = first.flags & 1u;
        while (j < n && e[j].alloc_id == first.alloc_id && e[j].reserved0 == first.reserved0) {
            if (e[j].gpa != first.gpa || e[j].size_bytes != first.size_bytes) {
                *bad = e[j].flags >> 1;
                return 0;
            }
            write |= e[j].flags & 1u;
            j++;
        }
        e[out].alloc_id =
            first.alloc_id != 0 ? first.alloc_id : AEROGPU_WDDM_ALLOC_ID_KMD_MIN + synthesized++;
        e[out].flags = write ? AEROGPU_ALLOC_FLAG_NONE : AEROGPU_ALLOC_FLAG_READONLY;
        e[out].gpa = first.gpa;
        e[out].size_bytes = first.size_bytes;
        e[out].reserved0 = 0;
        out++;
        i = j;
    }
    return out;
}

static void write_header(uint8_t *mem, uint32_t entry_count, struct aerocmd_alloc_table_view *view)
{
    uint32_t size = HEADER_BYTES + entry_count * ENTRY_BYTES;
    aerocmd_store_u32(mem + offsetof(struct aerogpu_alloc_table_header, magic),
                      AEROGPU_ALLOC_TABLE_MAGIC);
    aerocmd_store_u32(mem + offsetof(struct aerogpu_alloc_table_header, abi_version),
                      AEROGPU_ABI_VERSION_U32);
    aerocmd_store_u32(mem + offsetof(struct aerogpu_alloc_table_header, size_bytes), size);
    aerocmd_store_u32(mem + offsetof(struct aerogpu_alloc_table_header, entry_count), entry_count);
    aerocmd_store_u32(mem + offsetof(struct aerogpu_alloc_table_header, entry_stride_bytes),
                      ENTRY_BYTES);
    aerocmd_store_u32(mem + offsetof(struct aerogpu_alloc_table_header, reserved0), 0);
    view->bytes = mem;
    view->size_bytes = size;
    view->abi_version = AEROGPU_ABI_VERSION_U32;
    view->entry_count = entry_count;
    view->entry_stride_bytes = ENTRY_BYTES;
    view->lookup = AEROCMD_ALLOC_LOOKUP_ASCENDING;
    view->index = NULL;
}

aerocmd_result aerocmd_kmd_alloc_table_build(const struct aerocmd_kmd_alloc_ref *refs,
                                             uint32_t count, void *mem, size_t mem_bytes,
                                             struct aerocmd_alloc_table_view *view,
                                             struct aerocmd_kmd_fault *fault)
{
    struct aerogpu_alloc_entry *entries;
    uint32_t staged, bad, reason;
    size_t need = aerocmd_kmd_alloc_table_bytes_for(count);

    kmd_set_fault(fault, AEROCMD_R_NONE, 0, 0);
    if (mem == NULL || view == NULL || (refs == NULL && count != 0) || count > MAX_REFS ||
        ((uintptr_t)mem % 8u) != 0) {
        kmd_set_fault(fault, AEROCMD_KMD_R_BAD_ARGUMENT, 0, 0);
        return AEROCMD_E_INVALID_ARG;
    }
    if (need == 0 || mem_bytes < need) {
        kmd_set_fault(fault, AEROCMD_KMD_R_ALLOC_TABLE_NO_ROOM, 0, 0);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    entries = (struct aerogpu_alloc_entry *)(void *)((uint8_t *)mem + HEADER_BYTES);
    bad = count;
    reason = AEROCMD_KMD_R_ALLOC_REF_INVALID;
    staged = stage_refs(refs, count, entries, &bad);
    if (bad == count) {
        reason = AEROCMD_KMD_R_ALLOC_ID_CONFLICT;
        sort_staged(entries, staged);
        staged = collapse_staged(entries, staged, &bad);
    }
    if (bad != count) {
        kmd_set_fault(fault, reason, bad, 0);
        return AEROCMD_E_MALFORMED;
    }
    write_header((uint8_t *)mem, staged, view);
    return AEROCMD_OK;
}
