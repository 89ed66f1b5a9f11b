/* SPDX-License-Identifier: MIT */
/* Command-buffer splitting: a frame run through tiny DMA buffers and allocation lists must
 * produce the same packet sequence as one big buffer, with every piece valid on its own. */
#include "umd_scenes.h"

static uint64_t sem_mem[8192];
static uint8_t reference[65536];
static uint8_t split[65536];

/* Creates, draws a frame, destroys; returns the concatenated packet bytes. */
static size_t run(struct harness *h, uint8_t *out, size_t cap)
{
    static struct scene s;
    aerocmd_result r = scene_create(h, &s, 1);
    if (r == AEROCMD_OK)
        r = scene_frame(h, &s);
    scene_destroy(&s);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_flush(h->ctx);
    if (!CHECK_EQ(r, AEROCMD_OK))
        return 0;
    return concat_packets(&h->fake, out, cap);
}

static int all_valid(const struct harness *h)
{
    struct aerocmd_semantic sem;
    if (aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem) != AEROCMD_OK)
        return 0;
    return validate_submissions(&h->fake, &sem) == 0;
}

/* The PRESENT packet rides alone in a submission flagged as a present. */
static int presents_flagged(const struct aerocmd_umd_fake *fake)
{
    uint32_t i;
    for (i = 0; i < fake->submission_count; i++) {
        const struct aerocmd_umd_fake_submission *s = &fake->submissions[i];
        uint32_t op;
        memcpy(&op, s->cmd + 24, 4);
        if ((op == AEROGPU_CMD_PRESENT) != ((s->flags & AEROCMD_UMD_SUBMIT_PRESENT) != 0))
            return 0;
    }
    return 1;
}

static void test_split_matches_unsplit(void)
{
    static struct harness h;
    size_t ref_len, len;
    uint32_t cap, i, worst_ok = 1, max_seen = 0, first;
    CHECK(harness_open(&h, 65536, 64));
    ref_len = run(&h, reference, sizeof reference);
    CHECK(ref_len > 1000);
    CHECK(all_valid(&h));
    CHECK(presents_flagged(&h.fake));
    harness_close(&h);

    /* From the stream header plus the largest packet of this frame (the vertex shader's
     * create) up: every size splits the frame differently. */
    first = (24u + largest_packet(reference, ref_len) + 3u) & ~3u;
    CHECK(first < 512);
    for (cap = first; cap <= first + 304; cap += 4) {
        CHECK(harness_open(&h, cap, 64));
        len = run(&h, split, sizeof split);
        if (len != ref_len || memcmp(split, reference, len) != 0) {
            fprintf(stderr, "capacity %u: packet sequence differs\n", cap);
            worst_ok = 0;
        }
        for (i = 0; i < h.fake.submission_count; i++) {
            if (h.fake.submissions[i].cmd_bytes > cap || h.fake.submissions[i].cmd_bytes <= 24)
                worst_ok = 0;
            if (h.fake.submissions[i].cmd_bytes > max_seen)
                max_seen = h.fake.submissions[i].cmd_bytes;
        }
        if (!all_valid(&h) || !presents_flagged(&h.fake)) {
            fprintf(stderr, "capacity %u: invalid submission\n", cap);
            worst_ok = 0;
        }
        if (cap == first)
            CHECK(h.fake.submission_count > 8);
        harness_close(&h);
    }
    CHECK(worst_ok);
    CHECK(max_seen <= first + 304);
}

static void test_allocation_list_split(void)
{
    static struct harness h;
    size_t len;
    uint32_t i, ok = 1;
    CHECK(harness_open(&h, 65536, 64));
    len = run(&h, reference, sizeof reference);
    harness_close(&h);
    /* One allocation-list entry per buffer: every guest-backed create forces a new buffer. */
    CHECK(harness_open(&h, 65536, 1));
    CHECK_EQ(run(&h, split, sizeof split), len);
    CHECK(memcmp(split, reference, len) == 0);
    for (i = 0; i < h.fake.submission_count; i++)
        if (h.fake.submissions[i].alloc_count > 1)
            ok = 0;
    CHECK(ok);
    CHECK(h.fake.submission_count >= 3);
    CHECK(all_valid(&h));
    harness_close(&h);
    /* No list at all: a guest-backed create can never be submitted. */
    {
        static struct scene s;
        CHECK(harness_open(&h, 65536, 0));
        CHECK_EQ(scene_create(&h, &s, 1), AEROCMD_E_OUT_OF_MEMORY);
        CHECK(s.vb == NULL);
        CHECK_EQ(h.fake.live_memories, 0);
        harness_close(&h);
    }
}

static void test_packet_that_never_fits(void)
{
    static struct harness h;
    static struct scene s;
    uint64_t mem[32];
    struct aerocmd_umd_resource *buf;
    struct aerocmd_umd_buffer_desc bd = buffer_desc(16, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    static const uint32_t data[4] = {1, 2, 3, 4};
    CHECK(harness_open(&h, 64, 8));
    /* 64 bytes hold CREATE_BUFFER and 4-byte uploads, but not a shader packet. */
    CHECK_EQ(scene_create(&h, &s, 0), AEROCMD_E_OUT_OF_MEMORY);
    CHECK(s.vs == NULL);
    /* Still usable afterwards. */
    CHECK_EQ(aerocmd_umd_create_buffer(h.dev, mem, sizeof mem, &bd, data, &buf), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK(all_valid(&h));
    aerocmd_umd_destroy_resource(buf);
    scene_destroy(&s);
    harness_close(&h);
    CHECK_EQ(h.dev_alloc.live_blocks, 0);
}

int main(void)
{
    test_split_matches_unsplit();
    test_allocation_list_split();
    test_packet_that_never_fits();
    return check_finish();
}
