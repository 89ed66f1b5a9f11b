/* SPDX-License-Identifier: MIT */
/* tracker.h — private: the semantic pass's records and the table that holds them inside the
 * caller's memory.
 *
 * Guest processes choose handles (and share tokens), so a hostile one can choose keys that
 * all hash to one bucket. Each bucket therefore holds a balanced search tree (AVL) of its
 * records rather than a probe chain or a list: with well-spread keys the bucket's root is
 * the record (one compare, inline), and with keys chosen to collide a lookup still costs at
 * most about 1.44 log2(n) compares, an insert or removal the same plus rotations. No key,
 * no randomness and no rebuild is needed for that bound.
 *
 * Records live in a pool and never move while they are tracked, so a record pointer stays
 * valid until that record is removed. */
#ifndef AEROCMD_SEMANTIC_TRACKER_H
#define AEROCMD_SEMANTIC_TRACKER_H

#include <stdint.h>

#include "aerocmd/semantic.h"

/* What a record's key means: an object handle or an exported share token. 0 = free. */
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

/* A record's place in its bucket's tree: pool indices (0 = none) and the subtree height. */
struct aerocmd_sem_link {
    uint32_t left;
    uint32_t right;
    uint32_t height;
};

/* An export record is a snapshot of the exported resource's record, so an import made
 * after the original handle is gone still knows what it aliases. */
struct aerocmd_sem_record {
    uint64_t key;              /* handle or share token */
    uint64_t size_bytes;       /* buffer size, or a texture's size in the canonical layout */
    uint32_t backing_alloc_id; /* 0: host-owned */
    uint32_t backing_offset_bytes;
    uint32_t parent;   /* a texture view's texture */
    uint32_t identity; /* a buffer's or texture's, shared by its aliases; 0: unknown */
    uint8_t role;      /* enum aerocmd_sem_role */
    uint8_t kind;      /* enum aerocmd_sem_kind */
    uint8_t stage;     /* shaders: enum aerocmd_sem_stage */
    uint8_t is_alias;  /* created by IMPORT_SHARED_SURFACE */
    struct aerocmd_sem_texture tex;
    struct aerocmd_sem_link link; /* the tracker's own: never copied between records */
};

static inline struct aerocmd_sem_record *aerocmd_sem_pool(const struct aerocmd_semantic *st)
{
    return (struct aerocmd_sem_record *)st->records;
}

/* The bucket of a key. Fibonacci hashing: the multiply spreads sequential handles, the top
 * bits pick the bucket. Keys chosen to collide only make one bucket's tree deeper. */
static inline uint32_t aerocmd_sem_bucket(const struct aerocmd_semantic *st, uint8_t role,
                                          uint64_t key)
{
    uint32_t h = (uint32_t)key ^ (uint32_t)(key >> 32) ^ ((uint32_t)role * 0x85EBCA6Bu);
    return (uint32_t)(h * 0x9E3779B1u) >> st->shift;
}

/* The rest of a lookup whose bucket root `root` holds another key. */
struct aerocmd_sem_record *aerocmd_priv_sem_descend(const struct aerocmd_semantic *st, uint8_t role,
                                                    uint64_t key,
                                                    const struct aerocmd_sem_record *root);

/* NULL when the key is not tracked in that role (role is never EMPTY). Inline because
 * every handle of every packet is looked up, and the bucket's root nearly always decides. */
static inline struct aerocmd_sem_record *aerocmd_sem_lookup(const struct aerocmd_semantic *st,
                                                            uint8_t role, uint64_t key)
{
    uint32_t root = st->buckets[aerocmd_sem_bucket(st, role, key)];
    struct aerocmd_sem_record *rec = aerocmd_sem_pool(st) + root;
    if (root == 0)
        return NULL;
    if (rec->key == key && rec->role == role)
        return rec;
    return aerocmd_priv_sem_descend(st, role, key, rec);
}

/* A new zeroed record with role and key set, or NULL when the tracker is full. The key
 * must not be tracked in that role already. Other records do not move. */
struct aerocmd_sem_record *aerocmd_priv_sem_insert(struct aerocmd_semantic *st, uint8_t role,
                                                   uint64_t key);

/* Drops a record returned by lookup or insert. Other records do not move. */
void aerocmd_priv_sem_remove(struct aerocmd_semantic *st, struct aerocmd_sem_record *rec);

/* Copies what src says about its object into dst (kind, sizes, backing, texture, stage,
 * parent, alias flag), keeping dst's own key, role and place in the table. */
void aerocmd_priv_sem_copy_facts(struct aerocmd_sem_record *dst,
                                 const struct aerocmd_sem_record *src);

#endif /* AEROCMD_SEMANTIC_TRACKER_H */
