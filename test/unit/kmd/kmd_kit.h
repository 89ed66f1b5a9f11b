/* SPDX-License-Identifier: MIT */
/* kmd_kit.h — one KMD render call over plain memory, for tests that only need the path's
 * verdict: a fresh or kept validator with the default policy, user bytes copied by memcpy. */
#ifndef AEROCMD_TEST_KMD_KIT_H
#define AEROCMD_TEST_KMD_KIT_H

#include <string.h>

#include "aerocmd/kmd_render.h"

struct kmd_kit {
    struct aerocmd_kmd_validator validator;
    struct aerocmd_kmd_policy policy;
    void *dma;
    uint32_t dma_capacity;
    void *table; /* 8-byte aligned */
    size_t table_bytes;
};

static int kmd_kit_copy(void *user, void *dst, const void *src, size_t len)
{
    (void)user;
    memcpy(dst, src, len);
    return 0;
}

/* A fresh validator (tracker in tracker_mem) with the default policy. */
static void kmd_kit_open(struct kmd_kit *k, void *tracker_mem, size_t tracker_bytes, void *dma,
                         uint32_t dma_capacity, void *table, size_t table_bytes)
{
    aerocmd_kmd_validator_init(&k->validator, tracker_mem, tracker_bytes);
    aerocmd_kmd_policy_default(&k->policy, AEROGPU_ABI_VERSION_U32);
    k->dma = dma;
    k->dma_capacity = dma_capacity;
    k->table = table;
    k->table_bytes = table_bytes;
}

/* One whole command buffer (no continuation) with this allocation list. */
static aerocmd_ntstatus kmd_kit_render(struct kmd_kit *k, const void *cmd, uint32_t cmd_len,
                                       const struct aerocmd_kmd_alloc_ref *refs, uint32_t ref_count,
                                       struct aerocmd_kmd_render_out *out)
{
    struct aerocmd_kmd_render_args a;
    memset(&a, 0, sizeof a);
    a.user_cmd = cmd;
    a.user_cmd_len = cmd_len;
    a.dma = k->dma;
    a.dma_capacity = k->dma_capacity;
    a.allocs = refs;
    a.alloc_count = ref_count;
    a.alloc_table = k->table;
    a.alloc_table_bytes = k->table_bytes;
    a.copy = kmd_kit_copy;
    a.policy = &k->policy;
    return aerocmd_kmd_render(&k->validator, &a, out);
}

#endif /* AEROCMD_TEST_KMD_KIT_H */
