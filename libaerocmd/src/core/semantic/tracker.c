/* SPDX-License-Identifier: MIT */
/* tracker.c — the semantic tracker's storage in caller memory: a bucket array of AVL tree
 * roots and a pool of records. Everything is iterative with a bounded path (no recursion),
 * so a lookup, insert or removal costs O(log n) whatever keys the guest chose. */
#include "tracker.h"

#include <string.h>

#define RECORD_ALIGN 8u
#define MIN_RECORDS  3u
#define MIN_BUCKETS  4u
#define MAX_BUCKETS  (1u << 30)
/* An AVL tree of n nodes is at most 1.44 log2(n + 2) high: 44 for 2^30 nodes. */
#define MAX_DEPTH 48u

typedef struct aerocmd_sem_record record;

static record *node(const struct aerocmd_semantic *st, uint32_t index)
{
    return aerocmd_sem_pool(st) + index;
}

static uint32_t height_of(const struct aerocmd_semantic *st, uint32_t index)
{
    return index == 0 ? 0 : node(st, index)->link.height;
}

/* Pool records are numbered from 1; record 0 is a sentinel that is never handed out. */
static uint64_t table_bytes(uint32_t buckets, uint32_t records)
{
    return (uint64_t)buckets * sizeof(uint32_t) + ((uint64_t)records + 1u) * sizeof(record);
}

size_t aerocmd_semantic_bytes_for(uint32_t max_objects)
{
    uint32_t buckets = MIN_BUCKETS;
    uint64_t bytes;
    if (max_objects < MIN_RECORDS)
        max_objects = MIN_RECORDS;
    while (buckets < max_objects) {
        if (buckets >= MAX_BUCKETS)
            return 0;
        buckets *= 2;
    }
    bytes = table_bytes(buckets, max_objects) + (RECORD_ALIGN - 1);
    /* only a 32-bit size_t can be too narrow */
    if ((uint64_t)(size_t)bytes != bytes)
        return 0;
    return (size_t)bytes;
}

/* The bucket count that lets `avail` bytes hold the most records, at most one record per
 * bucket on average; *records receives that many. */
static uint32_t best_buckets(size_t avail, uint32_t *records)
{
    uint32_t buckets, best = 0, best_records = 0;
    for (buckets = MIN_BUCKETS; buckets <= MAX_BUCKETS; buckets *= 2) {
        uint64_t room, fit;
        if (table_bytes(buckets, 0) > avail)
            break;
        room = (uint64_t)avail - table_bytes(buckets, 0);
        fit = room / sizeof(record);
        if (fit > buckets)
            fit = buckets;
        if (fit > best_records) {
            best = buckets;
            best_records = (uint32_t)fit;
        }
        if (buckets == MAX_BUCKETS)
            break;
    }
    *records = best_records;
    return best;
}

aerocmd_result aerocmd_semantic_init(struct aerocmd_semantic *st, void *mem, size_t mem_bytes)
{
    return aerocmd_semantic_init_ex(st, mem, mem_bytes, 0);
}

aerocmd_result aerocmd_semantic_init_ex(struct aerocmd_semantic *st, void *mem, size_t mem_bytes,
                                        uint32_t flags)
{
    uintptr_t addr = (uintptr_t)mem;
    size_t pad = (size_t)((RECORD_ALIGN - addr % RECORD_ALIGN) % RECORD_ALIGN);
    uint32_t buckets, records, log2 = 0;
    if (!st || !mem || mem_bytes < pad || (flags & ~AEROCMD_SEMANTIC_GUEST_WIDE))
        return AEROCMD_E_INVALID_ARG;
    buckets = best_buckets(mem_bytes - pad, &records);
    if (records < MIN_RECORDS)
        return AEROCMD_E_INVALID_ARG;
    while ((1u << log2) < buckets)
        log2++;
    st->buckets = (uint32_t *)(void *)((uint8_t *)mem + pad);
    st->records = (void *)(st->buckets + buckets);
    st->bucket_count = buckets;
    st->shift = 32 - log2;
    st->max_live = records;
    st->flags = flags;
    aerocmd_semantic_reset(st);
    return AEROCMD_OK;
}

void aerocmd_semantic_reset(struct aerocmd_semantic *st)
{
    if (!st || !st->records)
        return;
    memset(st->buckets, 0, (size_t)st->bucket_count * sizeof(uint32_t));
    memset(node(st, 0), 0, sizeof(record));
    st->live = 0;
    st->next_unused = 1;
    st->free_list = 0;
    st->vertex_shader = 0;
    st->next_identity = 0;
}

uint32_t aerocmd_semantic_count(const struct aerocmd_semantic *st)
{
    return st ? st->live : 0;
}

/* Order inside a bucket: by key, then by role. */
static int goes_left(uint8_t role, uint64_t key, const record *r)
{
    return key < r->key || (key == r->key && role < r->role);
}

struct aerocmd_sem_record *aerocmd_priv_sem_descend(const struct aerocmd_semantic *st, uint8_t role,
                                                    uint64_t key,
                                                    const struct aerocmd_sem_record *root)
{
    const record *r = root;
    for (;;) {
        uint32_t next;
        if (r->key == key && r->role == role)
            return (record *)r;
        next = goes_left(role, key, r) ? r->link.left : r->link.right;
        if (next == 0)
            return NULL;
        r = node(st, next);
    }
}

/* ---- AVL balancing over pool indices ---- */

static void update_height(const struct aerocmd_semantic *st, uint32_t index)
{
    record *r = node(st, index);
    uint32_t l = height_of(st, r->link.left), h = height_of(st, r->link.right);
    r->link.height = (l > h ? l : h) + 1u;
}

static uint32_t rotate_right(const struct aerocmd_semantic *st, uint32_t top)
{
    uint32_t pivot = node(st, top)->link.left;
    node(st, top)->link.left = node(st, pivot)->link.right;
    node(st, pivot)->link.right = top;
    update_height(st, top);
    update_height(st, pivot);
    return pivot;
}

static uint32_t rotate_left(const struct aerocmd_semantic *st, uint32_t top)
{
    uint32_t pivot = node(st, top)->link.right;
    node(st, top)->link.right = node(st, pivot)->link.left;
    node(st, pivot)->link.left = top;
    update_height(st, top);
    update_height(st, pivot);
    return pivot;
}

/* The subtree at `index` with its height updated and, if its sides differ by two, rotated
 * back into balance; returns the subtree's new root. */
static uint32_t rebalance(const struct aerocmd_semantic *st, uint32_t index)
{
    record *r = node(st, index);
    uint32_t l = height_of(st, r->link.left), h = height_of(st, r->link.right);
    if (l > h + 1u) {
        const record *c = node(st, r->link.left);
        if (height_of(st, c->link.right) > height_of(st, c->link.left))
            r->link.left = rotate_left(st, r->link.left);
        return rotate_right(st, index);
    }
    if (h > l + 1u) {
        const record *c = node(st, r->link.right);
        if (height_of(st, c->link.left) > height_of(st, c->link.right))
            r->link.right = rotate_right(st, r->link.right);
        return rotate_left(st, index);
    }
    update_height(st, index);
    return index;
}

/* The links walked from a bucket root down to a record: each points at a bucket slot or at
 * a left/right field of a pooled record, which stay put. */
struct sem_path {
    uint32_t *links[MAX_DEPTH];
    uint32_t depth;
};

static void rebalance_path(const struct aerocmd_semantic *st, struct sem_path *path)
{
    while (path->depth > 0) {
        uint32_t *link = path->links[--path->depth];
        if (*link != 0)
            *link = rebalance(st, *link);
    }
}

/* ---- pool ---- */

static uint32_t take_record(struct aerocmd_semantic *st)
{
    uint32_t index = st->free_list;
    if (index != 0)
        st->free_list = node(st, index)->link.left;
    else
        index = st->next_unused++;
    return index;
}

struct aerocmd_sem_record *aerocmd_priv_sem_insert(struct aerocmd_semantic *st, uint8_t role,
                                                   uint64_t key)
{
    struct sem_path path;
    uint32_t *link, index;
    record *r;
    if (st->live >= st->max_live)
        return NULL;
    path.depth = 0;
    link = &st->buckets[aerocmd_sem_bucket(st, role, key)];
    while (*link != 0 && path.depth < MAX_DEPTH) {
        record *at = node(st, *link);
        path.links[path.depth++] = link;
        link = goes_left(role, key, at) ? &at->link.left : &at->link.right;
    }
    if (*link != 0)
        return NULL; /* deeper than any AVL tree of 2^30 records can be: never */
    index = take_record(st);
    r = node(st, index);
    memset(r, 0, sizeof *r);
    r->role = role;
    r->key = key;
    r->link.height = 1;
    *link = index;
    st->live++;
    rebalance_path(st, &path);
    return r;
}

/* Unhooks the leftmost record of the subtree whose link is the last of `path` and returns
 * its index; the path then ends at the link that held it. */
static uint32_t unhook_leftmost(const struct aerocmd_semantic *st, struct sem_path *path)
{
    uint32_t *link = path->links[path->depth - 1u], index;
    while (node(st, *link)->link.left != 0 && path->depth < MAX_DEPTH) {
        link = &node(st, *link)->link.left;
        path->links[path->depth++] = link;
    }
    index = *link;
    *link = node(st, index)->link.right;
    return index;
}

void aerocmd_priv_sem_remove(struct aerocmd_semantic *st, struct aerocmd_sem_record *rec)
{
    struct sem_path path;
    uint32_t *link = &st->buckets[aerocmd_sem_bucket(st, rec->role, rec->key)];
    uint32_t index = (uint32_t)(rec - aerocmd_sem_pool(st));
    path.depth = 0;
    while (*link != index && *link != 0 && path.depth < MAX_DEPTH) {
        record *at = node(st, *link);
        path.links[path.depth++] = link;
        link = goes_left(rec->role, rec->key, at) ? &at->link.left : &at->link.right;
    }
    if (*link != index)
        return; /* not tracked: nothing to do */
    if (rec->link.left == 0 || rec->link.right == 0) {
        *link = rec->link.left != 0 ? rec->link.left : rec->link.right;
    } else {
        /* the successor takes the record's place; links below it are the successor's now */
        uint32_t at = path.depth, successor;
        path.links[path.depth++] = link;
        path.links[path.depth++] = &rec->link.right;
        successor = unhook_leftmost(st, &path);
        node(st, successor)->link.left = rec->link.left;
        node(st, successor)->link.right = rec->link.right;
        *link = successor;
        if (at + 1u < path.depth)
            path.links[at + 1u] = &node(st, successor)->link.right;
    }
    memset(rec, 0, sizeof *rec);
    rec->link.left = st->free_list;
    st->free_list = index;
    st->live--;
    rebalance_path(st, &path);
}

void aerocmd_priv_sem_copy_facts(struct aerocmd_sem_record *dst,
                                 const struct aerocmd_sem_record *src)
{
    struct aerocmd_sem_link link = dst->link;
    uint64_t key = dst->key;
    uint8_t role = dst->role;
    *dst = *src;
    dst->link = link;
    dst->key = key;
    dst->role = role;
}
