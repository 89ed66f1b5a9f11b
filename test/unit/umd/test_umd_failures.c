/* SPDX-License-Identifier: MIT */
/* Failure injection: every fallible callback (buffer, submit, guest memory, lock) and every
 * allocator call of a scenario fails in turn. Each failure must come back as the injected
 * result, leak nothing, and leave the device able to create, draw and submit valid
 * streams afterwards. */
#include "umd_scenes.h"

static uint64_t sem_mem[8192];

static aerocmd_result run_scene(struct harness *h, struct scene *s)
{
    aerocmd_result r = scene_create(h, s, 1);
    if (r == AEROCMD_OK)
        r = scene_frame(h, s);
    return r;
}

/* After a failure: the device still works and everything it sent is valid. */
static int still_usable(struct harness *h)
{
    static const uint32_t data[4] = {9, 8, 7, 6};
    uint64_t mem[32];
    struct aerocmd_umd_resource *buf;
    struct aerocmd_umd_buffer_desc bd = buffer_desc(16, AEROCMD_UMD_BIND_VERTEX_BUFFER, 1);
    struct aerocmd_semantic sem;
    uint32_t stride = 16, offset = 0;
    if (aerocmd_umd_create_buffer(h->dev, mem, sizeof mem, &bd, data, &buf) != AEROCMD_OK)
        return 0;
    aerocmd_umd_set_vertex_buffers(h->ctx, 1, 1, &buf, &stride, &offset);
    if (aerocmd_umd_draw(h->ctx, 3, 0) != AEROCMD_OK || aerocmd_umd_flush(h->ctx) != AEROCMD_OK)
        return 0;
    if (aerocmd_umd_destroy_resource(buf) != AEROCMD_OK)
        return 0;
    if (aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem) != AEROCMD_OK)
        return 0;
    return validate_submissions(&h->fake, &sem) == 0;
}

/* which: 0 = the fake's callbacks, 1 = the device's allocator. Returns the number of
 * failure points exercised. */
static unsigned sweep(int which)
{
    static struct harness h;
    static struct scene s;
    unsigned long n;
    unsigned points = 0, bad = 0;
    for (n = 1; n < 1000; n++) {
        aerocmd_result r;
        CHECK(harness_open(&h, 512, 4)); /* room for the largest packet: a shader */
        if (which == 0)
            h.fake.fail_at = n;
        else
            h.dev_alloc.fail_at = n;
        r = run_scene(&h, &s);
        h.fake.fail_at = 0;
        h.dev_alloc.fail_at = 0;
        if (r == AEROCMD_OK) {
            scene_destroy(&s);
            harness_close(&h);
            break;
        }
        points++;
        if (r != AEROCMD_E_OUT_OF_MEMORY) {
            fprintf(stderr, "fail at %lu: result %s\n", n, aerocmd_result_name(r));
            bad++;
        }
        if (!still_usable(&h)) {
            fprintf(stderr, "fail at %lu: device not usable afterwards\n", n);
            bad++;
        }
        scene_destroy(&s);
        bad += harness_close_after_failure(&h, n);
    }
    CHECK_EQ(bad, 0);
    return points;
}

static void test_callback_failures(void)
{
    unsigned points = sweep(0);
    /* 3 allocations, 3 locks, many buffers and submits in 512-byte buffers. */
    if (!CHECK(points >= 12))
        fprintf(stderr, "    %u failure points\n", points);
}

static void test_allocator_failures(void)
{
    unsigned points = sweep(1);
    CHECK_EQ(points, 2); /* the two DXBC copies */
}

static void test_submit_failure_keeps_packets(void)
{
    static struct harness h;
    static struct scene s;
    CHECK(harness_open(&h, 65536, 64));
    CHECK_EQ(scene_create(&h, &s, 0), AEROCMD_OK);
    aerocmd_umd_set_shader(h.ctx, AEROCMD_SHADER_VS, s.vs); /* so that draws are sent */
    h.fake.fail_at = h.fake.fallible_calls + 1;             /* the next call: the flush's submit */
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_E_OUT_OF_MEMORY);
    CHECK_EQ(h.fake.submission_count, 0);
    CHECK(!aerocmd_umd_context_is_lost(h.ctx));
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, 1);
    CHECK(h.fake.submissions[0].cmd_bytes > 500); /* the creates were kept, not dropped */
    h.fake.fail_at = h.fake.fallible_calls + 1;
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_E_OUT_OF_MEMORY); /* acquire fails */
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    h.fake.fail_with = AEROCMD_E_DEVICE_REMOVED;
    h.fake.fail_at = h.fake.fallible_calls + 1;
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_E_DEVICE_REMOVED);
    CHECK(aerocmd_umd_context_is_lost(h.ctx));
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_E_DEVICE_REMOVED);
    scene_destroy(&s);
    harness_close(&h);
}

/* A guest allocation stays alive until its DESTROY_RESOURCE has been submitted, even when
 * the destroy's own submission (or its buffer) fails. */
static void test_destroy_keeps_memory_until_submitted(void)
{
    static struct harness h;
    static const uint32_t data[4] = {1, 2, 3, 4};
    uint64_t mem_a[32], mem_b[32];
    struct aerocmd_umd_resource *a, *b;
    struct aerocmd_umd_buffer_desc bd = buffer_desc(16, AEROCMD_UMD_BIND_VERTEX_BUFFER, 1);
    uint32_t handle_b;
    CHECK(harness_open(&h, 65536, 16));
    CHECK(harness_bind_vs(&h)); /* so that the draw below is sent */
    CHECK_EQ(aerocmd_umd_create_buffer(h.dev, mem_a, sizeof mem_a, &bd, data, &a), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_create_buffer(h.dev, mem_b, sizeof mem_b, &bd, data, &b), AEROCMD_OK);
    handle_b = aerocmd_umd_resource_handle(b);
    h.fake.fail_at = h.fake.fallible_calls + 1; /* the destroy's submit */
    CHECK_EQ(aerocmd_umd_destroy_resource(a), AEROCMD_E_OUT_OF_MEMORY);
    CHECK_EQ(h.fake.live_memories, 2);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.live_memories, 1);
    /* No buffer at all for the DESTROY: it goes first into the next one. */
    h.fake.fail_at = h.fake.fallible_calls + 1;
    CHECK_EQ(aerocmd_umd_destroy_resource(b), AEROCMD_E_OUT_OF_MEMORY);
    CHECK_EQ(h.fake.live_memories, 1);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.live_memories, 0);
    {
        const struct aerocmd_umd_fake_submission *s =
            &h.fake.submissions[h.fake.submission_count - 1];
        uint32_t op, handle;
        memcpy(&op, s->cmd + 24, 4);
        memcpy(&handle, s->cmd + 32, 4);
        CHECK_EQ(op, AEROGPU_CMD_DESTROY_RESOURCE);
        CHECK_EQ(handle, handle_b);
    }
    CHECK(still_usable(&h));
    harness_close(&h);
}

/* A PRESENT whose submission failed goes out alone, flagged, before anything else. */
static void test_failed_present_stays_a_present(void)
{
    static struct harness h;
    const struct aerocmd_umd_fake_submission *s;
    uint32_t op;
    CHECK(harness_open(&h, 65536, 16));
    CHECK(harness_bind_vs(&h)); /* so that the draw below is sent; its CREATE goes first */
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    h.fake.fail_at = h.fake.fallible_calls + 2; /* acquire succeeds, the present's submit fails */
    CHECK_EQ(aerocmd_umd_present(h.ctx, 1), AEROCMD_E_OUT_OF_MEMORY);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, 3);
    s = &h.fake.submissions[1];
    memcpy(&op, s->cmd + 24, 4);
    CHECK_EQ(s->flags, AEROCMD_UMD_SUBMIT_PRESENT);
    CHECK_EQ(s->cmd_bytes, 24u + 16u);
    CHECK_EQ(op, AEROGPU_CMD_PRESENT);
    s = &h.fake.submissions[2];
    memcpy(&op, s->cmd + 24, 4);
    CHECK_EQ(s->flags, 0);
    CHECK_EQ(op, AEROGPU_CMD_BIND_SHADERS); /* the draw's state (shaders first), then the draw */
    harness_close(&h);
}

int main(void)
{
    test_callback_failures();
    test_allocator_failures();
    test_submit_failure_keeps_packets();
    test_destroy_keeps_memory_until_submitted();
    test_failed_present_stays_a_present();
    return check_finish();
}
