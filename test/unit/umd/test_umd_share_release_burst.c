/* SPDX-License-Identifier: MIT */
/* RELEASE_SHARED_SURFACE when destroying a shareable resource meets several failing
 * callbacks in a row (found by fuzz_ddi_sequence with bursts of failures): the release is
 * tried twice at once, and when both attempts fail it must still reach the host, before the
 * resource's DESTROY_RESOURCE and in a submission listing the allocation, as soon as a
 * command buffer can be had again (the next operation that opens one, or the context's
 * teardown). Bursts of 2..6 failing acquire / submit callbacks, with no command buffer held
 * at the destroy and with a full one. Every stream passes the semantic validator and the
 * allocation is freed only after the DESTROY went out. Several releases owed at the
 * teardown all go out, however few fit one buffer. */
#include "umd_scenes.h"

#include "aerocmd/umd_data.h"

#define CAPACITY       512u
#define ALLOC_ENTRIES  8u
#define STREAM_HEADER  24u
#define CREATE_BUFFER  40u
#define UPLOAD_HEADER  32u
#define FILLER_BYTES   512u
#define RESOURCE_WORDS 64u

static uint64_t sem_mem[8192];
static struct packet_list pl;

/* ---- callbacks that fail a burst of acquires and submits ------------------------------- */

static struct aerocmd_umd_callbacks fake_cb;
static unsigned fail_left; /* acquire / submit calls still to fail */

static aerocmd_result burst_acquire(void *user, struct aerocmd_umd_cmd_buffer *out)
{
    if (fail_left > 0) {
        fail_left--;
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    return fake_cb.acquire_buffer(user, out);
}

static aerocmd_result burst_submit(void *user, const struct aerocmd_umd_submission *submission,
                                   uint64_t *fence)
{
    if (fail_left > 0) {
        fail_left--;
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    return fake_cb.submit(user, submission, fence);
}

/* ---- one run ------------------------------------------------------------------------------ */

struct burst_run {
    struct harness h;
    struct aerocmd_umd_resource *shared, *filler, *later;
    uint64_t token;
    uint32_t handle, alloc_id;
    uint64_t shared_mem[RESOURCE_WORDS], filler_mem[RESOURCE_WORDS], later_mem[RESOURCE_WORDS];
};

/* A shareable vertex buffer (created and exported: submission 0); with `full`, a host-owned
 * buffer whose upload leaves the open command buffer exactly full. */
static int run_open(struct burst_run *run, int full)
{
    static uint8_t bytes[FILLER_BYTES];
    struct aerocmd_umd_buffer_desc sd = buffer_desc(16, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_buffer_desc fd =
        buffer_desc(FILLER_BYTES, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_box box = {0, 0, 0, CAPACITY - STREAM_HEADER - CREATE_BUFFER - UPLOAD_HEADER,
                              1, 1};
    memset(run, 0, sizeof *run);
    if (!CHECK(harness_open_fake(&run->h, CAPACITY, ALLOC_ENTRIES)))
        return 0;
    aerocmd_umd_fake_callbacks(&run->h.fake, &fake_cb);
    run->h.cb = fake_cb;
    run->h.cb.acquire_buffer = burst_acquire;
    run->h.cb.submit = burst_submit;
    fail_left = 0;
    if (!CHECK(harness_open_device(&run->h)))
        return 0;
    sd.misc_flags = AEROCMD_UMD_MISC_SHARED;
    if (!CHECK_EQ(aerocmd_umd_create_buffer(run->h.dev, run->shared_mem, sizeof run->shared_mem,
                                            &sd, NULL, &run->shared),
                  AEROCMD_OK))
        return 0;
    run->token = aerocmd_umd_resource_share_token(run->shared);
    run->handle = aerocmd_umd_resource_handle(run->shared);
    run->alloc_id = aerocmd_umd_resource_alloc_id(run->shared);
    if (!full)
        return CHECK(run->token != 0);
    if (!CHECK_EQ(aerocmd_umd_create_buffer(run->h.dev, run->filler_mem, sizeof run->filler_mem,
                                            &fd, NULL, &run->filler),
                  AEROCMD_OK))
        return 0;
    memset(bytes, 0x5A, sizeof bytes);
    CHECK_EQ(aerocmd_umd_update_subresource(run->h.ctx, run->filler, 0, &box, bytes, 0, 0),
             AEROCMD_OK);
    return CHECK_EQ(run->h.fake.submission_count, 1u); /* the full buffer is still open */
}

/* Exactly one RELEASE with the token, immediately followed by the resource's
 * DESTROY_RESOURCE (the only one of its handle), in a submission listing the allocation;
 * valid streams; the allocation freed. */
static void check_release(struct burst_run *run, const char *what)
{
    const struct aerocmd_umd_fake_submission *sub;
    struct aerocmd_semantic sem;
    uint32_t i, j, releases = 0, destroys = 0, at = 0;
    int listed = 0;
    collect_packets(&run->h.fake, &pl);
    for (i = 0; i < pl.count; i++) {
        if (pl.opcode[i] == AEROGPU_CMD_DESTROY_RESOURCE &&
            memcmp(pl.packet[i].bytes + 8, &run->handle, 4) == 0)
            destroys++;
        if (pl.opcode[i] != AEROGPU_CMD_RELEASE_SHARED_SURFACE)
            continue;
        releases++;
        at = i;
    }
    if (!CHECK_EQ(releases, 1u) || !CHECK_EQ(destroys, 1u)) {
        fprintf(stderr, "%s: %u releases, %u destroys\n", what, releases, destroys);
        return;
    }
    CHECK(memcmp(pl.packet[at].bytes + 8, &run->token, 8) == 0);
    if (CHECK(at + 1 < pl.count) &&
        CHECK_EQ(pl.opcode[at + 1], (uint32_t)AEROGPU_CMD_DESTROY_RESOURCE))
        CHECK(memcmp(pl.packet[at + 1].bytes + 8, &run->handle, 4) == 0);
    sub = &run->h.fake.submissions[pl.submission[at]];
    for (j = 0; j < sub->alloc_count; j++)
        listed |= sub->allocs[j].alloc_id == run->alloc_id;
    if (!CHECK(listed))
        fprintf(stderr, "%s: allocation not listed with the release\n", what);
    CHECK(aerocmd_umd_fake_find_memory(&run->h.fake, run->alloc_id) == NULL);
    CHECK(aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem) == AEROCMD_OK &&
          validate_submissions(&run->h.fake, &sem) == 0);
    CHECK_EQ(run->h.fake.host_faults, 0u);
}

/* Destroys the shared resource while the next `burst` acquires and submits fail; the
 * failure is reported and the device stays usable. */
static void destroy_in_burst(struct burst_run *run, unsigned burst)
{
    fail_left = burst;
    CHECK_EQ(aerocmd_umd_destroy_resource(run->shared), AEROCMD_E_OUT_OF_MEMORY);
    fail_left = 0;
    CHECK(!aerocmd_umd_context_is_lost(run->h.ctx));
}

static void run_close(struct burst_run *run)
{
    if (run->filler != NULL)
        CHECK_EQ(aerocmd_umd_destroy_resource(run->filler), AEROCMD_OK);
    if (run->later != NULL)
        CHECK_EQ(aerocmd_umd_destroy_resource(run->later), AEROCMD_OK);
    aerocmd_umd_context_destroy(run->h.ctx);
    aerocmd_umd_device_destroy(run->h.dev);
    CHECK_EQ(run->h.fake.live_memories, 0u);
    aerocmd_umd_fake_release(&run->h.fake);
    CHECK_EQ(run->h.fake_alloc.live_blocks, 0);
}

/* After the burst the next operation opens a buffer: the release and the destroy come
 * first in it. */
static void test_next_operation_sends_release(void)
{
    static struct burst_run run;
    struct aerocmd_umd_buffer_desc ld = buffer_desc(64, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    char what[64];
    unsigned burst;
    int full;
    for (full = 0; full <= 1; full++) {
        for (burst = 2; burst <= 6; burst++) {
            snprintf(what, sizeof what, "%s, %u failures, next operation",
                     full ? "full buffer" : "no buffer", burst);
            if (run_open(&run, full)) {
                destroy_in_burst(&run, burst);
                CHECK_EQ(aerocmd_umd_create_buffer(run.h.dev, run.later_mem, sizeof run.later_mem,
                                                   &ld, NULL, &run.later),
                         AEROCMD_OK);
                CHECK_EQ(aerocmd_umd_flush(run.h.ctx), AEROCMD_OK);
                check_release(&run, what);
            }
            run_close(&run);
        }
    }
}

/* Nothing opens a buffer after the burst before the context goes: its teardown still
 * sends the release (a share token outlives the context that exported it). */
static void test_teardown_sends_release(void)
{
    static struct burst_run run;
    char what[64];
    unsigned burst;
    int full;
    for (full = 0; full <= 1; full++) {
        for (burst = 2; burst <= 6; burst++) {
            snprintf(what, sizeof what, "%s, %u failures, teardown",
                     full ? "full buffer" : "no buffer", burst);
            if (!run_open(&run, full)) {
                run_close(&run);
                continue;
            }
            destroy_in_burst(&run, burst);
            aerocmd_umd_context_destroy(run.h.ctx);
            check_release(&run, what);
            if (run.filler != NULL) /* the host forgot it with the context */
                CHECK_EQ(aerocmd_umd_destroy_resource(run.filler), AEROCMD_E_INVALID_ARG);
            aerocmd_umd_device_destroy(run.h.dev);
            CHECK_EQ(run.h.fake.live_memories, 0u);
            aerocmd_umd_fake_release(&run.h.fake);
        }
    }
}

/* Several releases owed at once and an allocation list of one entry: each release lists
 * its allocation, so each command buffer takes one. The teardown sends every one of them
 * (it had stopped after two buffers, leaving the third token registered on the host; found
 * by fuzz_ddi_sequence), each before its resource's DESTROY_RESOURCE. */
static void test_teardown_sends_every_release(void)
{
    enum { SHARED = 4 };
    static struct harness h;
    static uint64_t mem[SHARED][RESOURCE_WORDS];
    struct aerocmd_umd_buffer_desc sd = buffer_desc(16, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_resource *res[SHARED];
    uint64_t tokens[SHARED];
    uint32_t handles[SHARED], i, k, released = 0;
    memset(&h, 0, sizeof h);
    if (!CHECK(harness_open_fake(&h, CAPACITY, 1)))
        return;
    aerocmd_umd_fake_callbacks(&h.fake, &fake_cb);
    h.cb = fake_cb;
    h.cb.acquire_buffer = burst_acquire;
    h.cb.submit = burst_submit;
    fail_left = 0;
    if (!CHECK(harness_open_device(&h)))
        return;
    sd.misc_flags = AEROCMD_UMD_MISC_SHARED;
    for (i = 0; i < SHARED; i++) {
        if (!CHECK_EQ(aerocmd_umd_create_buffer(h.dev, mem[i], sizeof mem[i], &sd, NULL, &res[i]),
                      AEROCMD_OK))
            return;
        tokens[i] = aerocmd_umd_resource_share_token(res[i]);
        handles[i] = aerocmd_umd_resource_handle(res[i]);
    }
    for (i = 0; i < SHARED; i++) { /* every release misses: all four owed */
        fail_left = 2;
        CHECK_EQ(aerocmd_umd_destroy_resource(res[i]), AEROCMD_E_OUT_OF_MEMORY);
    }
    fail_left = 0;
    aerocmd_umd_context_destroy(h.ctx);
    collect_packets(&h.fake, &pl);
    for (i = 0; i + 1 < pl.count; i++) {
        if (pl.opcode[i] != AEROGPU_CMD_RELEASE_SHARED_SURFACE)
            continue;
        for (k = 0; k < SHARED; k++)
            if (memcmp(pl.packet[i].bytes + 8, &tokens[k], 8) == 0) {
                released |= 1u << k;
                CHECK_EQ(pl.opcode[i + 1], (uint32_t)AEROGPU_CMD_DESTROY_RESOURCE);
                CHECK(memcmp(pl.packet[i + 1].bytes + 8, &handles[k], 4) == 0);
            }
    }
    CHECK_EQ(released, (1u << SHARED) - 1u);
    CHECK_EQ(h.fake.host_faults, 0u);
    aerocmd_umd_device_destroy(h.dev);
    CHECK_EQ(h.fake.live_memories, 0u);
    aerocmd_umd_fake_release(&h.fake);
}

int main(void)
{
    harness_process_id = 0x2346;
    test_next_operation_sends_release();
    test_teardown_sends_release();
    test_teardown_sends_every_release();
    return check_finish();
}
