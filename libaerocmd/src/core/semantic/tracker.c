/* SPDX-License-Identifier: MIT */
/* tracker.c — the semantic tracker's storage: an open-addressing table in caller memory. */
#include "tracker.h"

#include <string.h>

#define RECORD_ALIGN 8u
#define MIN_CAPACITY 4u
#define MAX_CAPACITY (1u << 30)

static struct aerocmd_sem_record *slots(const struct aerocmd_semantic *st)
{
    return (struct aerocmd_sem_record *)st->records;
}

/* Probing stays short while at most three quarters of the slots are used. */
static uint32_t usable_slots(uint32_t capacity)
{
    return capacity - capacity / 4;
}

size_t aerocmd_semantic_bytes_for(uint32_t max_objects)
{
    uint32_t capacity = MIN_CAPACITY;
    uint64_t bytes;
    while (usable_slots(capacity) < max_objects) {
        if (capacity >= MAX_CAPACITY)
            return 0;
        capacity *= 2;
    }
    bytes = (uint64_t)capacity * sizeof(struct aerocmd_sem_record) + (RECORD_ALIGN - 1);
    /* only a 32-bit size_t can be too narrow */
    if ((uint64_t)(size_t)bytes != bytes)
        return 0;
    return (size_t)bytes;
}

aerocmd_result aerocmd_semantic_init(struct aerocmd_semantic *st, void *mem, size_t mem_bytes)
{
    uintptr_t addr = (uintptr_t)mem;
    size_t pad = (size_t)((RECORD_ALIGN - addr % RECORD_ALIGN) % RECORD_ALIGN);
    size_t count;
    uint32_t capacity = MIN_CAPACITY, capacity_log2 = 2;
    if (!st || !mem || mem_bytes < pad)
        return AEROCMD_E_INVALID_ARG;
    count = (mem_bytes - pad) / sizeof(struct aerocmd_sem_record);
    if (count < MIN_CAPACITY)
        return AEROCMD_E_INVALID_ARG;
    while (capacity < MAX_CAPACITY && (size_t)capacity * 2 <= count) {
        capacity *= 2;
        capacity_log2++;
    }
    st->records = (void *)((uint8_t *)mem + pad);
    st->capacity = capacity;
    st->shift = 32 - capacity_log2;
    st->max_live = usable_slots(capacity);
    aerocmd_semantic_reset(st);
    return AEROCMD_OK;
}

void aerocmd_semantic_reset(struct aerocmd_semantic *st)
{
    if (!st || !st->records)
        return;
    memset(st->records, 0, (size_t)st->capacity * sizeof(struct aerocmd_sem_record));
    st->live = 0;
}

uint32_t aerocmd_semantic_count(const struct aerocmd_semantic *st)
{
    return st ? st->live : 0;
}

struct aerocmd_sem_record *aerocmd_sem_probe(const struct aerocmd_semantic *st, uint8_t role,
                                             uint64_t key, uint32_t home)
{
    uint32_t mask = st->capacity - 1, i = (home + 1) & mask, probes;
    struct aerocmd_sem_record *r = slots(st);
    for (probes = 1; probes < st->capacity; probes++, i = (i + 1) & mask) {
        if (r[i].role == AEROCMD_SEM_ROLE_EMPTY)
            return NULL;
        if (r[i].role == role && r[i].key == key)
            return &r[i];
    }
    return NULL;
}

struct aerocmd_sem_record *aerocmd_sem_insert(struct aerocmd_semantic *st, uint8_t role,
                                              uint64_t key)
{
    uint32_t mask = st->capacity - 1, i = aerocmd_sem_home_slot(st, role, key);
    struct aerocmd_sem_record *r = slots(st);
    if (st->live >= st->max_live)
        return NULL;
    while (r[i].role != AEROCMD_SEM_ROLE_EMPTY)
        i = (i + 1) & mask;
    memset(&r[i], 0, sizeof r[i]);
    r[i].role = role;
    r[i].key = key;
    st->live++;
    return &r[i];
}

/* True when a record whose home is `home`, found at `at`, may move back into `hole`: the
 * hole lies cyclically within [home, at). */
static int may_fill_hole(uint32_t home, uint32_t hole, uint32_t at)
{
    if (home <= at)
        return home <= hole && hole < at;
    return home <= hole || hole < at;
}

void aerocmd_sem_remove(struct aerocmd_semantic *st, struct aerocmd_sem_record *rec)
{
    struct aerocmd_sem_record *r = slots(st);
    uint32_t mask = st->capacity - 1, hole = (uint32_t)(rec - r), at = hole;
    for (;;) {
        uint32_t home;
        at = (at + 1) & mask;
        if (r[at].role == AEROCMD_SEM_ROLE_EMPTY)
            break;
        home = aerocmd_sem_home_slot(st, r[at].role, r[at].key);
        if (may_fill_hole(home, hole, at)) {
            r[hole] = r[at];
            hole = at;
        }
    }
    memset(&r[hole], 0, sizeof r[hole]);
    st->live--;
}
