/* SPDX-License-Identifier: MIT */
/* The blob index of an indexed iterator: blob id -> the latest blob record with that id,
 * in an open-addressing table. Ids are chosen by whoever wrote the file, so slots come
 * from a keyed mix with a key drawn per index: ids cannot be picked to collide. Only the
 * kinds a submission can name are remembered; a later blob of another kind that reuses
 * a remembered id replaces it (so the lookup finds the wrong kind, as a search would). */
#include <string.h>
#include <time.h>

#include "trace_internal.h"

#define INITIAL_SLOTS 64u
/* Grow past 2/3 full: probe runs stay short. */
#define FILL_NUMERATOR   2u
#define FILL_DENOMINATOR 3u

struct index_slot {
    uint64_t blob_id;
    uint64_t record_offset; /* 0: empty (records start after the 32-byte header) */
    uint64_t data_offset;
    uint32_t data_len;
    uint32_t kind;
};

struct aerocmd_priv_trace_index {
    const struct aerocmd_allocator *alloc;
    struct index_slot *slots;
    uint32_t capacity; /* a power of two */
    uint32_t used;
    uint64_t key;
};

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static uint32_t slot_of(const struct aerocmd_priv_trace_index *index, uint64_t blob_id)
{
    return (uint32_t)(mix64(blob_id ^ index->key) & (index->capacity - 1u));
}

static struct index_slot *alloc_slots(const struct aerocmd_allocator *alloc, uint32_t count)
{
    struct index_slot *slots =
        alloc->resize(alloc->user, NULL, 0, (size_t)count * sizeof(struct index_slot));
    if (slots)
        memset(slots, 0, (size_t)count * sizeof(struct index_slot));
    return slots;
}

struct aerocmd_priv_trace_index *
aerocmd_priv_trace_index_create(const struct aerocmd_allocator *alloc)
{
    struct aerocmd_priv_trace_index *index;
    if (!alloc || !alloc->resize || !alloc->release)
        return NULL;
    index = alloc->resize(alloc->user, NULL, 0, sizeof(*index));
    if (!index)
        return NULL;
    index->alloc = alloc;
    index->capacity = INITIAL_SLOTS;
    index->used = 0;
    /* The key only has to be unknown to whoever wrote the file. */
    index->key =
        mix64((uint64_t)(uintptr_t)index ^ mix64((uint64_t)time(NULL)) ^ mix64((uint64_t)clock()));
    index->slots = alloc_slots(alloc, INITIAL_SLOTS);
    if (!index->slots) {
        alloc->release(alloc->user, index, sizeof(*index));
        return NULL;
    }
    return index;
}

void aerocmd_priv_trace_index_destroy(struct aerocmd_priv_trace_index *index)
{
    const struct aerocmd_allocator *alloc;
    if (!index)
        return;
    alloc = index->alloc;
    alloc->release(alloc->user, index->slots, (size_t)index->capacity * sizeof(*index->slots));
    alloc->release(alloc->user, index, sizeof(*index));
}

static struct index_slot *probe(const struct aerocmd_priv_trace_index *index, uint64_t blob_id)
{
    uint32_t mask = index->capacity - 1u, at = slot_of(index, blob_id);
    while (index->slots[at].record_offset != 0 && index->slots[at].blob_id != blob_id)
        at = (at + 1u) & mask;
    return &index->slots[at];
}

static int grow(struct aerocmd_priv_trace_index *index)
{
    struct index_slot *old = index->slots;
    uint32_t old_capacity = index->capacity, i;
    struct index_slot *slots;
    if (old_capacity > UINT32_MAX / 2u ||
        (size_t)old_capacity * 2u > (size_t)-1 / sizeof(struct index_slot))
        return -1;
    slots = alloc_slots(index->alloc, old_capacity * 2u);
    if (!slots)
        return -1;
    index->slots = slots;
    index->capacity = old_capacity * 2u;
    for (i = 0; i < old_capacity; i++)
        if (old[i].record_offset != 0)
            *probe(index, old[i].blob_id) = old[i];
    index->alloc->release(index->alloc->user, old, (size_t)old_capacity * sizeof(*old));
    return 0;
}

static int kind_is_named_by_submissions(uint32_t kind)
{
    return kind == AEROCMD_TRACE_BLOB_CMD_STREAM || kind == AEROCMD_TRACE_BLOB_ALLOC_TABLE ||
           kind == AEROCMD_TRACE_BLOB_GUEST_MEMORY;
}

int aerocmd_priv_trace_index_note(struct aerocmd_priv_trace_index *index, const struct trace_rec *r)
{
    struct trace_blob blob;
    struct index_slot *slot;
    uint64_t blob_id = trace_get_u64(r->head);
    trace_blob_from(r, &blob);
    slot = probe(index, blob_id);
    if (slot->record_offset == 0) {
        if (!kind_is_named_by_submissions(blob.kind))
            return 0; /* a lookup of this id fails either way */
        if ((uint64_t)(index->used + 1u) * FILL_DENOMINATOR >
            (uint64_t)index->capacity * FILL_NUMERATOR) {
            if (grow(index) != 0)
                return -1;
            slot = probe(index, blob_id);
        }
        index->used++;
    }
    slot->blob_id = blob_id;
    slot->record_offset = blob.record_offset;
    slot->data_offset = blob.data_offset;
    slot->data_len = blob.data_len;
    slot->kind = blob.kind;
    return 0;
}

int aerocmd_priv_trace_index_find(const struct aerocmd_priv_trace_index *index, uint64_t blob_id,
                                  struct trace_blob *blob)
{
    const struct index_slot *slot = probe(index, blob_id);
    if (slot->record_offset == 0)
        return 0;
    blob->record_offset = slot->record_offset;
    blob->kind = slot->kind;
    blob->data_offset = slot->data_offset;
    blob->data_len = slot->data_len;
    return 1;
}
