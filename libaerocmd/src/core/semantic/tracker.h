/* SPDX-License-Identifier: MIT */
/* tracker.h — private: the semantic pass's records and the open-addressing table that holds
 * them inside the caller's memory (linear probing, backward-shift deletion, so lookups of
 * absent keys always stop at an empty slot and no tombstones pile up). */
#ifndef AEROCMD_SEMANTIC_TRACKER_H
#define AEROCMD_SEMANTIC_TRACKER_H

#include <stdint.h>

#include "aerocmd/semantic.h"

/* What a record's key means: an object handle or an exported share token. 0 = empty slot. */
enum aerocmd_sem_role {
    AEROCMD_SEM_ROLE_EMPTY = 0,
    AEROCMD_SEM_ROLE_OBJECT = 1,
    AEROCMD_SEM_ROLE_EXPORT = 2
};

enum aerocmd_sem_kind {
    AEROCMD_SEM_BUFFER = 1,
    AEROCMD_SEM_TEXTURE2D,
    AEROCMD_SEM_TEXTURE_VIEW,
    AEROCMD_SEM_SHADER,
    AEROCMD_SEM_INPUT_LAYOUT,
    AEROCMD_SEM_SAMPLER,
    /* an import of a token this pass never saw exported: some resource of another process */
    AEROCMD_SEM_UNTYPED_RESOURCE
};

/* Effective pipeline stage of a shader, after stage_ex. */
enum aerocmd_sem_stage {
    AEROCMD_SEM_STAGE_VS,
    AEROCMD_SEM_STAGE_PS,
    AEROCMD_SEM_STAGE_CS,
    AEROCMD_SEM_STAGE_GS,
    AEROCMD_SEM_STAGE_HS,
    AEROCMD_SEM_STAGE_DS
};

struct aerocmd_sem_texture {
    uint32_t format;
    uint32_t width;
    uint32_t height;
    uint32_t mip_levels;
    uint32_t array_layers;
    uint32_t row_pitch_bytes;
};

/* An export record is a snapshot of the exported resource's record, so an import made
 * after the original handle is gone still knows what it aliases. */
struct aerocmd_sem_record {
    uint64_t key;              /* handle or share token */
    uint64_t size_bytes;       /* buffer size, or a texture's size in the canonical layout */
    uint32_t backing_alloc_id; /* 0: host-owned */
    uint32_t backing_offset_bytes;
    uint32_t parent;  /* a texture view's texture */
    uint8_t role;     /* enum aerocmd_sem_role */
    uint8_t kind;     /* enum aerocmd_sem_kind */
    uint8_t stage;    /* shaders: enum aerocmd_sem_stage */
    uint8_t is_alias; /* created by IMPORT_SHARED_SURFACE */
    struct aerocmd_sem_texture tex;
};

/* The slot where probing for a key starts. Fibonacci hashing: the multiply spreads
 * sequential handles, the top bits pick the slot. */
static inline uint32_t aerocmd_sem_home_slot(const struct aerocmd_semantic *st, uint8_t role,
                                             uint64_t key)
{
    uint32_t h = (uint32_t)key ^ (uint32_t)(key >> 32) ^ ((uint32_t)role * 0x85EBCA6Bu);
    return (uint32_t)(h * 0x9E3779B1u) >> st->shift;
}

/* The rest of a lookup whose home slot `home` holds another key. */
struct aerocmd_sem_record *aerocmd_sem_probe(const struct aerocmd_semantic *st, uint8_t role,
                                             uint64_t key, uint32_t home);

/* NULL when the key is not tracked in that role (role is never EMPTY). Inline because
 * every handle of every packet is looked up: with the table at most three quarters full
 * and handles spread by the hash, the home slot nearly always decides. */
static inline struct aerocmd_sem_record *aerocmd_sem_lookup(const struct aerocmd_semantic *st,
                                                            uint8_t role, uint64_t key)
{
    uint32_t home = aerocmd_sem_home_slot(st, role, key);
    struct aerocmd_sem_record *rec = (struct aerocmd_sem_record *)st->records + home;
    if (rec->role == role && rec->key == key)
        return rec;
    if (rec->role == AEROCMD_SEM_ROLE_EMPTY)
        return NULL;
    return aerocmd_sem_probe(st, role, key, home);
}

/* A new zeroed record with role and key set, or NULL when the tracker is full. The key
 * must not be tracked in that role already. */
struct aerocmd_sem_record *aerocmd_sem_insert(struct aerocmd_semantic *st, uint8_t role,
                                              uint64_t key);

/* Drops a record returned by lookup or insert; other record pointers may move. */
void aerocmd_sem_remove(struct aerocmd_semantic *st, struct aerocmd_sem_record *rec);

#endif /* AEROCMD_SEMANTIC_TRACKER_H */
