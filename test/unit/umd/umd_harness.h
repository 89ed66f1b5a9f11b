/* SPDX-License-Identifier: MIT */
/* umd_harness.h — a device + context over the in-memory fake, a counting allocator that can
 * fail on demand, and helpers that read back what the fake recorded. */
#ifndef AEROCMD_TEST_UMD_HARNESS_H
#define AEROCMD_TEST_UMD_HARNESS_H

#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/semantic.h"
#include "aerocmd/submission.h"
#include "aerocmd/umd_device.h"
#include "aerocmd/umd_fake.h"
#include "aerocmd/umd_objects.h"
#include "aerocmd/umd_pipeline.h"
#include "aerocmd/umd_policy.h"
#include "shaders/min_dxbc.h"
#include "check.h"

/* ---- counting allocator ---------------------------------------------------------------- */

struct counting_alloc {
    struct aerocmd_allocator iface;
    long live_blocks;
    size_t live_bytes;
    unsigned long calls;   /* allocations (resize with ptr NULL or growing) so far */
    unsigned long fail_at; /* 1-based call that fails; 0 never */
};

static void *counting_resize(void *user, void *ptr, size_t old_size, size_t new_size)
{
    struct counting_alloc *a = (struct counting_alloc *)user;
    void *p;
    a->calls++;
    if (a->fail_at != 0 && a->calls == a->fail_at)
        return NULL;
    p = realloc(ptr, new_size);
    if (p == NULL)
        return NULL;
    if (ptr == NULL)
        a->live_blocks++;
    a->live_bytes = a->live_bytes - old_size + new_size;
    return p;
}

static void counting_release(void *user, void *ptr, size_t size)
{
    struct counting_alloc *a = (struct counting_alloc *)user;
    if (ptr == NULL)
        return;
    a->live_blocks--;
    a->live_bytes -= size;
    free(ptr);
}

static void counting_init(struct counting_alloc *a)
{
    memset(a, 0, sizeof *a);
    a->iface.resize = counting_resize;
    a->iface.release = counting_release;
    a->iface.user = a;
}

/* ---- device + context over the fake ---------------------------------------------------- */

#define H_ABI ((AEROGPU_ABI_MAJOR << 16) | 4u)

/* The process id the default id scheme is seeded with (its prefix shows in every handle;
 * golden tests use 0 so handles read 1, 2, 3, ...). */
static uint32_t harness_process_id = 0x1234;
/* What the device reports (tests of feature gates change them before harness_open). */
static uint32_t harness_abi = H_ABI;
static uint64_t harness_features = AEROGPU_FEATURE_TRANSFER;
/* The device's compatibility policy (umd_policy.h): STRICT unless a test asks. */
static uint32_t harness_policy = 0;

struct harness {
    struct counting_alloc fake_alloc; /* the fake's records */
    struct counting_alloc dev_alloc;  /* the device's allocator (DXBC copies) */
    struct aerocmd_umd_fake fake;
    struct aerocmd_umd_callbacks cb;
    struct aerocmd_umd_id_space ids;
    struct aerocmd_umd_device *dev;
    struct aerocmd_umd_context *ctx;
    uint64_t dev_mem[64];
    uint64_t ctx_mem[4096];
    struct aerocmd_umd_shader *vs; /* harness_bind_vs's, destroyed by harness_close */
    uint64_t vs_mem[32];
};

/* The first half of harness_open: the allocators, the fake (its callback table not taken
 * yet, so its modes can still be chosen) and the id space. */
static int harness_open_fake(struct harness *h, uint32_t buffer_bytes, uint32_t alloc_entries)
{
    memset(h, 0, sizeof *h);
    counting_init(&h->fake_alloc);
    counting_init(&h->dev_alloc);
    if (aerocmd_umd_fake_init(&h->fake, &h->fake_alloc.iface, harness_abi, buffer_bytes,
                              alloc_entries))
        return 0;
    aerocmd_umd_id_space_init(&h->ids, harness_process_id);
    return 1;
}

/* What the harness's device is created with: h->cb, the device allocator, h->ids. */
static void harness_device_desc(struct harness *h, struct aerocmd_umd_device_desc *desc)
{
    memset(desc, 0, sizeof *desc);
    desc->abi_version = harness_abi;
    desc->features = harness_features;
    desc->callbacks = &h->cb;
    desc->allocator = &h->dev_alloc.iface;
    desc->ids.next = aerocmd_umd_id_space_next;
    desc->ids.user = &h->ids;
    desc->policy = harness_policy;
}

/* The second half: a device and a context over h->cb as it is now (the ids keep counting
 * where they are, so a device opened again hands out new handles). */
static int harness_open_device(struct harness *h)
{
    struct aerocmd_umd_device_desc desc;
    harness_device_desc(h, &desc);
    if (sizeof h->dev_mem < aerocmd_umd_device_size() ||
        sizeof h->ctx_mem < aerocmd_umd_context_size())
        return 0;
    if (aerocmd_umd_device_init(h->dev_mem, sizeof h->dev_mem, &desc, &h->dev) != AEROCMD_OK)
        return 0;
    return aerocmd_umd_context_init(h->ctx_mem, sizeof h->ctx_mem, h->dev, &h->ctx) == AEROCMD_OK;
}

static int harness_open(struct harness *h, uint32_t buffer_bytes, uint32_t alloc_entries)
{
    if (!harness_open_fake(h, buffer_bytes, alloc_entries))
        return 0;
    aerocmd_umd_fake_callbacks(&h->fake, &h->cb);
    return harness_open_device(h);
}

static void harness_close(struct harness *h)
{
    if (h->vs != NULL)
        aerocmd_umd_destroy_shader(h->vs);
    h->vs = NULL;
    aerocmd_umd_context_destroy(h->ctx);
    aerocmd_umd_device_destroy(h->dev);
    aerocmd_umd_fake_release(&h->fake);
}

/* harness_close after failure point n of an injection sweep, the scene's objects destroyed:
 * the number of leaks found (guest allocations or locks the fake still holds, device
 * memory not given back), each reported. */
static unsigned harness_close_after_failure(struct harness *h, unsigned long n)
{
    unsigned leaks = 0;
    if (h->fake.live_memories != 0 || h->fake.lock_count != 0) {
        fprintf(stderr, "fail at %lu: %u allocations, %u locks left\n", n, h->fake.live_memories,
                h->fake.lock_count);
        leaks++;
    }
    harness_close(h);
    if (h->dev_alloc.live_blocks != 0) {
        fprintf(stderr, "fail at %lu: %ld blocks leaked\n", n, h->dev_alloc.live_blocks);
        leaks++;
    }
    return leaks;
}

/* ---- reading back submissions ------------------------------------------------------------ */

#define H_MAX_PACKETS 512

/* Every packet of every recorded submission, in order. */
struct packet_list {
    uint32_t count;
    uint32_t opcode[H_MAX_PACKETS];
    uint32_t submission[H_MAX_PACKETS];
    struct aerocmd_packet packet[H_MAX_PACKETS];
    struct aerocmd_stream stream[64];
};

/* Structural validation of every submission plus the semantic pass with the allocation
 * table the KMD would build. Returns the number of faulty submissions. */
static int validate_submissions(const struct aerocmd_umd_fake *fake, struct aerocmd_semantic *sem)
{
    static uint64_t table[1024];
    int bad = 0;
    uint32_t i;
    for (i = 0; i < fake->submission_count; i++) {
        const struct aerocmd_umd_fake_submission *s = &fake->submissions[i];
        struct aerocmd_diag diag;
        struct aerocmd_stream st;
        struct aerocmd_alloc_table_view view;
        size_t size = 0;
        memset(&diag, 0, sizeof diag);
        if (aerocmd_validate_stream(s->cmd, s->cmd_bytes, &diag) != AEROCMD_OK ||
            aerocmd_stream_open(&st, s->cmd, s->cmd_bytes, &diag) != AEROCMD_OK ||
            aerocmd_umd_fake_alloc_table(fake, i, table, sizeof table, &size) != AEROCMD_OK ||
            aerocmd_alloc_table_open(&view, table, size, &diag) != AEROCMD_OK) {
            fprintf(stderr, "submission %u: structural fault %s at 0x%x opcode 0x%x\n", i,
                    aerocmd_reason_name(diag.reason), diag.offset, diag.opcode);
            bad++;
            continue;
        }
        if (sem != NULL && aerocmd_semantic_check_stream(sem, &st, &view, &diag) != AEROCMD_OK) {
            fprintf(stderr, "submission %u: semantic fault %s at 0x%x opcode 0x%x\n", i,
                    aerocmd_reason_name(diag.reason), diag.offset, diag.opcode);
            bad++;
        }
    }
    return bad;
}

/* Every submission passes both and the fake host saw no fault. */
static int harness_valid(const struct harness *h)
{
    static uint64_t sem_mem[8192];
    struct aerocmd_semantic sem;
    if (aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem) != AEROCMD_OK)
        return 0;
    return validate_submissions(&h->fake, &sem) == 0 && h->fake.host_faults == 0;
}

static void collect_packets(const struct aerocmd_umd_fake *fake, struct packet_list *out)
{
    uint32_t i;
    out->count = 0;
    for (i = 0; i < fake->submission_count && i < 64; i++) {
        const struct aerocmd_umd_fake_submission *s = &fake->submissions[i];
        struct aerocmd_cursor cur;
        struct aerocmd_packet p;
        struct aerocmd_diag diag;
        if (aerocmd_stream_open(&out->stream[i], s->cmd, s->cmd_bytes, &diag) != AEROCMD_OK)
            continue;
        aerocmd_cursor_init(&cur, &out->stream[i]);
        while (aerocmd_cursor_next(&cur, &p, &diag) == 1 && out->count < H_MAX_PACKETS) {
            out->opcode[out->count] = p.opcode;
            out->submission[out->count] = i;
            out->packet[out->count] = p;
            out->count++;
        }
    }
}

/* Index in pl of the n-th (0-based) packet with `opcode`, or -1. */
static int packet_index(const struct packet_list *pl, uint32_t opcode, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < pl->count; i++)
        if (pl->opcode[i] == opcode && n-- == 0)
            return (int)i;
    return -1;
}

static uint32_t packet_count(const struct packet_list *pl, uint32_t opcode)
{
    uint32_t i, n = 0;
    for (i = 0; i < pl->count; i++)
        n += pl->opcode[i] == opcode;
    return n;
}

/* One binding of a SET_UNORDERED_ACCESS_BUFFERS packet is exactly this. */
static void check_uav_binding(const struct aerogpu_unordered_access_buffer_binding *b,
                              uint32_t buffer, uint32_t offset, uint32_t size, uint32_t count)
{
    CHECK_EQ(b->buffer, buffer);
    CHECK_EQ(b->offset_bytes, offset);
    CHECK_EQ(b->size_bytes, size);
    CHECK_EQ(b->initial_count, count);
}

/* Concatenated packet bytes (stream headers left out) of every submission. */
static size_t concat_packets(const struct aerocmd_umd_fake *fake, uint8_t *out, size_t cap)
{
    size_t n = 0;
    uint32_t i;
    for (i = 0; i < fake->submission_count; i++) {
        const struct aerocmd_umd_fake_submission *s = &fake->submissions[i];
        size_t body = s->cmd_bytes - 24u;
        if (n + body > cap)
            return 0;
        memcpy(out + n, s->cmd + 24, body);
        n += body;
    }
    return n;
}

/* The largest packet among `len` bytes of concatenated packets (size_bytes at offset 4). */
static uint32_t largest_packet(const uint8_t *packets, size_t len)
{
    uint32_t largest = 0, size;
    size_t at = 0;
    while (at + 8 <= len) {
        memcpy(&size, packets + at + 4, 4);
        if (size < 8)
            break;
        largest = size > largest ? size : largest;
        at += size;
    }
    return largest;
}

/* A minimal sound DXBC container (MIN_DXBC_BYTES) of a program of type `program`
 * (aerocmd_dxbc_program_type). */
static void make_dxbc(uint8_t *buf, uint32_t program)
{
    min_dxbc(buf, program);
}

/* A vertex shader (a vertex program that returns) created and bound: Direct3D draws nothing
 * without one, so the state tracker leaves such draws out. For tests whose draws stand for
 * any work. 1 on success. */
static int harness_bind_vs(struct harness *h)
{
    uint8_t dxbc[MIN_DXBC_BYTES];
    make_dxbc(dxbc, AEROCMD_DXBC_VERTEX);
    if (h->vs == NULL &&
        aerocmd_umd_create_shader(h->dev, h->vs_mem, sizeof h->vs_mem, AEROCMD_SHADER_VS, dxbc,
                                  sizeof dxbc, &h->vs) != AEROCMD_OK)
        return 0;
    return aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_VS, h->vs) == AEROCMD_OK;
}

#endif /* AEROCMD_TEST_UMD_HARNESS_H */
