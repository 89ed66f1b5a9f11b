/* SPDX-License-Identifier: MIT */
/* RELEASE_SHARED_SURFACE when a shareable resource is destroyed while the command buffer
 * cannot take the packet at once: the buffer is full and its submission fails, no buffer
 * can be acquired, or the final submission fails. After a later flush every run must hold
 * exactly one RELEASE_SHARED_SURFACE with the resource's token, in a submission listing its
 * allocation, immediately followed by the resource's DESTROY_RESOURCE; the allocation is
 * freed and every stream validates. Failures come from the fake's failure injection. */
#include "umd_scenes.h"

#include "aerocmd/layout.h"
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

/* How the command buffer looks when the shared resource is destroyed. */
enum fill { FILL_NONE, FILL_SOME, FILL_FULL };

struct release_run {
    struct harness h;
    struct aerocmd_umd_resource *shared, *filler;
    uint64_t token;
    uint32_t handle, alloc_id;
    uint64_t shared_mem[RESOURCE_WORDS], filler_mem[RESOURCE_WORDS];
};

/* A shareable vertex buffer (created and exported: submission 0), then a host-owned buffer
 * whose creation and upload leave the open command buffer as `fill` asks: none (no buffer
 * held), some bytes, or exactly full. */
static int run_open(struct release_run *run, enum fill fill)
{
    static uint8_t bytes[FILLER_BYTES];
    struct aerocmd_umd_buffer_desc sd = buffer_desc(16, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_buffer_desc fd =
        buffer_desc(FILLER_BYTES, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_box box = {0, 0, 0, 16, 1, 1};
    memset(run, 0, sizeof *run);
    if (!CHECK(harness_open(&run->h, CAPACITY, ALLOC_ENTRIES)) ||
        !CHECK(aerocmd_umd_resource_size() <= sizeof run->shared_mem))
        return 0;
    sd.misc_flags = AEROCMD_UMD_MISC_SHARED;
    if (!CHECK_EQ(aerocmd_umd_create_buffer(run->h.dev, run->shared_mem, sizeof run->shared_mem,
                                            &sd, NULL, &run->shared),
                  AEROCMD_OK))
        return 0;
    run->token = aerocmd_umd_resource_share_token(run->shared);
    run->handle = aerocmd_umd_resource_handle(run->shared);
    run->alloc_id = aerocmd_umd_resource_alloc_id(run->shared);
    CHECK(run->token != 0 && run->alloc_id != 0);
    CHECK_EQ(run->h.fake.submission_count, 1u);
    if (fill == FILL_NONE)
        return 1;
    if (!CHECK_EQ(aerocmd_umd_create_buffer(run->h.dev, run->filler_mem, sizeof run->filler_mem,
                                            &fd, NULL, &run->filler),
                  AEROCMD_OK))
        return 0;
    /* The upload's payload is sized so that the buffer ends exactly at its capacity. */
    if (fill == FILL_FULL)
        box.right = CAPACITY - STREAM_HEADER - CREATE_BUFFER - UPLOAD_HEADER;
    memset(bytes, 0x5A, sizeof bytes);
    CHECK_EQ(aerocmd_umd_update_subresource(run->h.ctx, run->filler, 0, &box, bytes, 0, 0),
             AEROCMD_OK);
    return CHECK_EQ(run->h.fake.submission_count, 1u); /* still in the open buffer */
}

/* The checks of the file's header, after a flush, on everything submitted. */
static void check_release(struct release_run *run, enum fill fill, const char *what)
{
    uint32_t i, releases = 0, at = 0, j;
    struct aerocmd_semantic sem;
    const struct aerocmd_umd_fake_submission *sub;
    int listed = 0;
    CHECK_EQ(aerocmd_umd_flush(run->h.ctx), AEROCMD_OK);
    collect_packets(&run->h.fake, &pl);
    for (i = 0; i < pl.count; i++) {
        if (pl.opcode[i] != AEROGPU_CMD_RELEASE_SHARED_SURFACE)
            continue;
        releases++;
        at = i;
    }
    if (!CHECK_EQ(releases, 1u)) {
        fprintf(stderr, "%s: %u releases\n", what, releases);
        return;
    }
    CHECK(memcmp(pl.packet[at].bytes + 8, &run->token, 8) == 0);
    if (CHECK(at + 1 < pl.count) &&
        CHECK_EQ(pl.opcode[at + 1], (uint32_t)AEROGPU_CMD_DESTROY_RESOURCE))
        CHECK(memcmp(pl.packet[at + 1].bytes + 8, &run->handle, 4) == 0);
    sub = &run->h.fake.submissions[pl.submission[at]];
    for (j = 0; j < sub->alloc_count; j++)
        listed |= sub->allocs[j].alloc_id == run->alloc_id;
    CHECK(listed);
    /* A full buffer was submitted as it was (the release did not fit into it). */
    if (fill == FILL_FULL)
        CHECK_EQ(run->h.fake.submissions[1].cmd_bytes, CAPACITY);
    CHECK(aerocmd_umd_fake_find_memory(&run->h.fake, run->alloc_id) == NULL);
    CHECK(aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem) == AEROCMD_OK &&
          validate_submissions(&run->h.fake, &sem) == 0);
    CHECK_EQ(run->h.fake.host_faults, 0u);
}

static void run_close(struct release_run *run)
{
    if (run->filler != NULL)
        CHECK_EQ(aerocmd_umd_destroy_resource(run->filler), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(run->h.ctx), AEROCMD_OK);
    CHECK_EQ(run->h.fake.live_memories, 0u);
    harness_close(&run->h);
    CHECK_EQ(run->h.fake_alloc.live_blocks, 0);
}

/* Destroys the shared resource with the n-th fallible callback from now failing; returns
 * whether that call was reached. */
static int destroy_failing(struct release_run *run, enum fill fill, unsigned long n)
{
    static const char *const fills[] = {"no buffer", "some bytes", "full buffer"};
    char what[64];
    aerocmd_result r;
    int reached;
    run->h.fake.fail_at = run->h.fake.fallible_calls + n;
    run->h.fake.fail_with = AEROCMD_E_OUT_OF_MEMORY;
    r = aerocmd_umd_destroy_resource(run->shared);
    reached = run->h.fake.fallible_calls >= run->h.fake.fail_at;
    run->h.fake.fail_at = 0;
    snprintf(what, sizeof what, "%s, call %lu fails", fills[fill], n);
    /* the failure is reported, and the release still happens */
    CHECK_EQ(r, reached ? AEROCMD_E_OUT_OF_MEMORY : AEROCMD_OK);
    CHECK(!aerocmd_umd_context_is_lost(run->h.ctx));
    check_release(run, fill, what);
    return reached;
}

/* The two cases a single attempt lost: the full buffer's submission fails (the first
 * fallible call of the destroy), and the acquire of a buffer fails. */
static void test_first_call_fails(void)
{
    static struct release_run run;
    enum fill fill;
    for (fill = FILL_NONE; fill <= FILL_FULL; fill++) {
        if (run_open(&run, fill))
            CHECK(destroy_failing(&run, fill, 1));
        run_close(&run);
    }
}

/* Every fallible call of the destroy, one at a time. */
static void test_every_call_fails(void)
{
    static struct release_run run;
    enum fill fill;
    unsigned long n, points[3] = {0, 0, 0};
    for (fill = FILL_NONE; fill <= FILL_FULL; fill++) {
        for (n = 1; n < 16; n++) {
            int reached = run_open(&run, fill) && destroy_failing(&run, fill, n);
            run_close(&run);
            if (!reached)
                break;
            points[fill]++;
        }
    }
    /* acquire + final submit; the full buffer adds its own submit */
    CHECK_EQ(points[FILL_NONE], 2u);
    CHECK_EQ(points[FILL_SOME], 1u);
    CHECK_EQ(points[FILL_FULL], 3u);
}

/* Nothing fails: the release and the destroy share one submission with the filler. */
static void test_no_failure(void)
{
    static struct release_run run;
    if (run_open(&run, FILL_SOME)) {
        CHECK_EQ(aerocmd_umd_destroy_resource(run.shared), AEROCMD_OK);
        CHECK_EQ(run.h.fake.submission_count, 2u);
        check_release(&run, FILL_SOME, "no failure");
        CHECK_EQ(pl.submission[pl.count - 1], 1u);
    }
    run_close(&run);
}

int main(void)
{
    harness_process_id = 0x2345;
    test_no_failure();
    test_first_call_fails();
    test_every_call_fails();
    return check_finish();
}
