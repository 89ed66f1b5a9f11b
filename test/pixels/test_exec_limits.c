/* SPDX-License-Identifier: MIT */
/* The executor against hostile streams (issue #27, "Live host", hostile_streams.h): each
 * runs to the end or is refused with a specific error naming its packet, and what it may
 * cost is bounded. Costs are checked by what the executor counts, never by the clock.
 *
 * test_exec_limits --write DIR writes the streams for run_exec_limits.py (aerocmd render
 * and its peak memory) instead of running the checks. */
#include "aerogpu_ring.h"
#include "hostile_streams.h"

/* exec_internal.h's EXEC_PIPELINE_WORK, as exec.h documents it */
#define EXEC_PIPELINE_WORK_TEST 4194304u

/* An executor with `opts` (NULL: defaults) and an empty stream. */
static int lim_start(struct px *p, const struct aerocmd_exec_options *opts)
{
    struct aerocmd_exec_error err;
    memset(p, 0, sizeof(*p));
    p->next = 100;
    if (!CHECK(aerocmd_exec_create(opts, &p->be.ex, &err) == AEROCMD_OK)) {
        fprintf(stderr, "    the reference executor cannot start: %s\n", err.message);
        return 0;
    }
    p->ok = CHECK(aerocmd_writer_init_growable(&p->w, aerocmd_allocator_libc(), 0,
                                               AEROGPU_ABI_VERSION_U32) == AEROCMD_OK);
    return p->ok;
}

static int lim_start_dry(struct px *p)
{
    struct aerocmd_exec_options o;
    memset(&o, 0, sizeof(o));
    o.flags = AEROCMD_EXEC_DRY_RUN;
    return lim_start(p, &o);
}

/* ---- 1. views of a texture while the handle table grows ---------------------------------- */

/* Every view names its texture after the table moved many times: 500,000 views grow it
 * far enough that the freed table goes back to the system (a stale pointer faults). */
static void views_while_the_table_grows(void)
{
    struct aerocmd_exec_resource_info info;
    struct px p;
    uint32_t first;
    if (!lim_start_dry(&p))
        return;
    hs_views(&p, 500000);
    first = 102; /* px_texture took 101 */
    if (px_submit(&p)) {
        CHECK(aerocmd_exec_resource_info(p.be.ex, first, &info) == AEROCMD_OK);
        CHECK(info.is_texture && info.width == 4 && info.height == 4);
        CHECK(aerocmd_exec_resource_info(p.be.ex, p.next, &info) == AEROCMD_OK);
        CHECK(info.is_texture && info.width == 4 && info.height == 4);
    }
    px_stop(&p);
}

/* ---- 3. costs that grew faster than the stream ---------------------------------------------- */

/* Create/destroy pairs in one submission: destroyed buffers wait for a flush, and never
 * more than 1024 of them (each is a live object to vkd3d, whose address allocator slows
 * down past 64k): the executor flushes at least once per 1024 pairs. 20,000 buffers of
 * 64 KiB are 1.6 GB: the budget alone would flush only once. Buffers never used are never
 * zeroed (exec_zero.c): they cost no work. */
static void buffer_churn(void)
{
    struct aerocmd_exec_stats st;
    struct px p;
    if (!lim_start(&p, NULL))
        return;
    hs_buffer_churn(&p, 20000, 64u << 10);
    if (px_submit(&p) && CHECK(aerocmd_exec_get_stats(p.be.ex, &st) == AEROCMD_OK)) {
        CHECK(st.flushes >= 20000u / 1024u);
        CHECK(st.memory_peak_bytes <= 1ull << 30);
        CHECK_EQ(st.objects, 0);
        CHECK_EQ(st.work_units, 0);
    }
    px_stop(&p);
}

/* 2000 draws, each with a rasterizer state of its own (depth bias i) and no depth target:
 * depth bias cannot change what they draw, so one pipeline serves them all. */
static void raster_states_share_a_pipeline(void)
{
    static const uint8_t red8[4] = {255, 0, 0, 255};
    struct aerocmd_exec_stats st;
    struct aerocmd_exec_image img;
    struct px p;
    if (!lim_start(&p, NULL))
        return;
    hs_raster_states(&p, 2000);
    if (px_submit(&p) && CHECK(aerocmd_exec_get_stats(p.be.ex, &st) == AEROCMD_OK))
        CHECK_EQ(st.pipelines_created, 1);
    if (px_read(&p, p.target, &img)) {
        px_expect(&img, 4, 4, red8, "the last draw covers the target");
        aerocmd_exec_image_release(&img);
    }
    px_stop(&p);
}

/* 300 pipelines that do differ (depth bias with a depth test): at most 256 are kept, the
 * least recently used go, and what is drawn stays right. */
static void pipeline_cache_is_bounded(void)
{
    static const uint8_t red8[4] = {255, 0, 0, 255};
    struct aerocmd_exec_stats st;
    struct aerocmd_exec_image img;
    struct px p;
    if (!lim_start(&p, NULL))
        return;
    hs_depth_biases(&p, 300);
    if (px_submit(&p) && CHECK(aerocmd_exec_get_stats(p.be.ex, &st) == AEROCMD_OK)) {
        CHECK_EQ(st.pipelines_created, 300);
        CHECK_EQ(st.pipelines_cached, 256);
    }
    if (px_read(&p, p.target, &img)) {
        px_expect(&img, 4, 4, red8, "the draws cover the target");
        aerocmd_exec_image_release(&img);
    }
    px_stop(&p);
}

/* ---- 4. a large allocation table in any order ------------------------------------------------ */

#define TABLE_ENTRIES 65u /* one past what the validator scans without scratch */

/* A table of TABLE_ENTRIES allocations with ids TABLE_ENTRIES..1 (descending), 4 KiB each;
 * `duplicate` repeats id 5 in place of id 6. */
static size_t descending_table(uint8_t *out, int duplicate)
{
    struct aerogpu_alloc_table_header h;
    uint32_t i;
    memset(&h, 0, sizeof(h));
    h.magic = AEROGPU_ALLOC_TABLE_MAGIC;
    h.abi_version = AEROGPU_ABI_VERSION_U32;
    h.entry_count = TABLE_ENTRIES;
    h.entry_stride_bytes = sizeof(struct aerogpu_alloc_entry);
    h.size_bytes = (uint32_t)(sizeof(h) + TABLE_ENTRIES * sizeof(struct aerogpu_alloc_entry));
    memcpy(out, &h, sizeof(h));
    for (i = 0; i < TABLE_ENTRIES; i++) {
        struct aerogpu_alloc_entry e;
        memset(&e, 0, sizeof(e));
        e.alloc_id = TABLE_ENTRIES - i;
        if (duplicate && e.alloc_id == 6)
            e.alloc_id = 5;
        e.gpa = (uint64_t)e.alloc_id << 12;
        e.size_bytes = 4096;
        memcpy(out + sizeof(h) + i * sizeof(e), &e, sizeof(e));
    }
    return h.size_bytes;
}

/* RULES.md: the table is keyed by alloc_id, never by position; a valid table of any size
 * and order is accepted (its duplicate check needs scratch past 64 entries). */
static void large_descending_table(void)
{
    static uint8_t table[sizeof(struct aerogpu_alloc_table_header) +
                         TABLE_ENTRIES * sizeof(struct aerogpu_alloc_entry)];
    static uint8_t guest[4096];
    struct aerocmd_exec_submission sub;
    struct aerocmd_exec_memory mem;
    struct aerocmd_exec_error err;
    struct px p;
    int dup;
    for (dup = 0; dup < 2; dup++) {
        if (!lim_start_dry(&p))
            return;
        CHECK(aerocmd_append_create_buffer(&p.w, px_handle(&p),
                                           AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 256, 7,
                                           0) == AEROCMD_OK);
        memset(&sub, 0, sizeof(sub));
        sub.stream = aerocmd_writer_data(&p.w);
        sub.stream_len = aerocmd_writer_size(&p.w);
        sub.alloc_table = table;
        sub.alloc_table_len = descending_table(table, dup);
        mem.alloc_id = 7, mem.gpa = 7u << 12, mem.bytes = guest, mem.size_bytes = sizeof(guest);
        sub.memory = &mem;
        sub.memory_count = 1;
        if (!dup && !CHECK(aerocmd_exec_submit(p.be.ex, &sub, &err) == AEROCMD_OK))
            fprintf(stderr, "    %s\n", err.message);
        if (dup) {
            CHECK(aerocmd_exec_submit(p.be.ex, &sub, &err) == AEROCMD_E_MALFORMED);
            CHECK(err.diag.reason == AEROCMD_R_ALLOC_ENTRY_DUPLICATE);
            /* the later of the two: id 5's own entry, after the one that took id 6's place */
            CHECK_EQ(err.diag.offset, 24u + (TABLE_ENTRIES - 5u) * 32u);
            CHECK(strstr(err.message, "alloc_entry_duplicate") != NULL);
        }
        px_stop(&p);
    }
}

/* ---- 5. PRESENT with nothing bound; 6. targets of different sizes ---------------------------- */

/* Refused before anything of the stream runs, at the SET_RENDER_TARGETS: nothing drawn. */
static void mismatched_targets(void)
{
    struct aerocmd_exec_error err;
    struct px p;
    uint32_t at;
    if (!lim_start(&p, NULL))
        return;
    at = hs_mismatched_targets(&p);
    if (px_submit_expect(&p, AEROCMD_E_MALFORMED, &err)) {
        CHECK_EQ(err.diag.reason, AEROCMD_R_TARGET_SIZE_MISMATCH);
        CHECK_EQ(err.diag.offset, at);
        CHECK(strstr(err.message, "target_size_mismatch") != NULL);
        CHECK_EQ(aerocmd_exec_present_count(p.be.ex), 0);
    }
    px_stop(&p);
}

/* With more objects than its tracker holds the executor runs unchecked by the semantic
 * pass: it refuses the targets itself, at the same packet. */
static void mismatched_targets_untracked(void)
{
    struct aerocmd_exec_error err;
    struct px p;
    uint32_t at, i;
    int ok = 1;
    if (!lim_start_dry(&p))
        return;
    for (i = 0; i < 70000 && ok; i++)
        ok = aerocmd_append_create_sampler(&p.w, px_handle(&p), AEROGPU_SAMPLER_FILTER_NEAREST, 0,
                                           0, 0) == AEROCMD_OK;
    CHECK(ok);
    at = hs_mismatched_targets(&p);
    if (px_submit_expect(&p, AEROCMD_E_MALFORMED, &err)) {
        CHECK_EQ(err.diag.reason, AEROCMD_R_TARGET_SIZE_MISMATCH);
        CHECK_EQ(err.diag.offset, at);
        CHECK(strstr(err.message, "16x16") != NULL && strstr(err.message, "8x8") != NULL);
    }
    px_stop(&p);
}

/* A PRESENT after its stream bound no colour target is refused at its offset; one that
 * runs on no target an earlier submission left is recorded as presenting nothing. */
static void present_with_no_target(void)
{
    struct aerocmd_exec_error err;
    const struct aerocmd_exec_present *pr;
    struct px p;
    uint32_t at;
    if (!lim_start(&p, NULL))
        return;
    at = hs_present_nothing(&p);
    if (px_submit_expect(&p, AEROCMD_E_MALFORMED, &err)) {
        CHECK_EQ(err.diag.reason, AEROCMD_R_PRESENT_NO_TARGET);
        CHECK_EQ(err.diag.offset, at);
        CHECK_EQ(aerocmd_exec_present_count(p.be.ex), 0);
    }
    px_stop(&p);
    if (!lim_start(&p, NULL))
        return;
    px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, hs_grey);
    CHECK(aerocmd_append_set_render_targets(&p.w, 0, NULL, 0) == AEROCMD_OK);
    px_submit(&p);
    at = (uint32_t)aerocmd_writer_size(&p.w);
    CHECK(aerocmd_append_present(&p.w, 0, 0) == AEROCMD_OK);
    if (px_submit(&p) && CHECK_EQ(aerocmd_exec_present_count(p.be.ex), 1)) {
        pr = aerocmd_exec_get_present(p.be.ex, 0);
        CHECK_EQ(pr->submission, 1);
        CHECK_EQ(pr->offset, at);
        CHECK_EQ(pr->image.handle, 0);
        CHECK(pr->image.rgba8 == NULL && pr->image.raw == NULL);
    }
    px_stop(&p);
}

/* ---- 7. a memory budget that holds, presents handed out -------------------------------------- */

/* What an executor holds right after it starts (descriptor heaps, tracker, defaults). */
static uint64_t start_bytes(void)
{
    struct aerocmd_exec_stats st;
    struct px p;
    uint64_t bytes = 0;
    if (lim_start(&p, NULL) && CHECK(aerocmd_exec_get_stats(p.be.ex, &st) == AEROCMD_OK))
        bytes = st.memory_bytes;
    px_stop(&p);
    return bytes;
}

struct handed {
    uint32_t seen;
    int pixels_right;
};

static void hand_out(void *user, const struct aerocmd_exec_present *pr)
{
    static const uint8_t grey8[4] = {64, 128, 191, 255};
    struct handed *k = user;
    k->seen++;
    k->pixels_right &= pr->image.rgba8 != NULL && pr->image.width == 256 &&
                       memcmp(pr->image.rgba8 + (255u * 256u + 7u) * 4u, grey8, 4) == 0;
}

/* A 256x256 target (272 KiB counted) presented 5 times under a budget of what the
 * executor holds at start + 4 MiB. Each present kept holds 1.5 MiB of images (raw, RGBA8,
 * float), and its readback 256 KiB more while it runs: the third one would pass the budget
 * and is refused at its offset. Handed to a present hook, which the executor drops them
 * after, all five run with their pixels and none is kept. */
static void presents_within_budget(void)
{
    struct aerocmd_exec_options o;
    struct aerocmd_exec_hooks hooks;
    struct aerocmd_exec_error err;
    struct aerocmd_exec_stats st;
    struct handed k;
    struct px p;
    uint32_t offsets[5], i, n;
    memset(&o, 0, sizeof(o));
    o.resource_budget_bytes = start_bytes() + (4u << 20);
    for (i = 0; i < 2; i++) {
        memset(&k, 0, sizeof(k));
        k.pixels_right = 1;
        if (!lim_start(&p, &o))
            return;
        memset(&hooks, 0, sizeof(hooks));
        hooks.present = hand_out;
        hooks.user = &k;
        aerocmd_exec_set_hooks(p.be.ex, i == 0 ? NULL : &hooks);
        px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 256, 256, hs_grey);
        for (n = 0; n < 5; n++) {
            offsets[n] = (uint32_t)aerocmd_writer_size(&p.w);
            CHECK(aerocmd_append_present(&p.w, 0, 0) == AEROCMD_OK);
        }
        if (i == 0 && px_submit_expect(&p, AEROCMD_E_OUT_OF_MEMORY, &err)) {
            CHECK_EQ(err.diag.offset, offsets[2]);
            CHECK(strstr(err.message, "memory budget") != NULL);
            CHECK_EQ(aerocmd_exec_present_count(p.be.ex), 2);
        } else if (i != 0 && px_submit(&p)) {
            CHECK(k.pixels_right);
            CHECK_EQ(k.seen, 5);
            CHECK_EQ(aerocmd_exec_present_count(p.be.ex), 0);
        }
        CHECK(aerocmd_exec_get_stats(p.be.ex, &st) == AEROCMD_OK &&
              st.memory_peak_bytes <= o.resource_budget_bytes);
        px_stop(&p);
    }
}

/* Guest memory is counted: an allocation larger than the budget is refused. */
static void guest_memory_counted(void)
{
    static uint8_t bytes[1u << 20];
    struct aerocmd_exec_options o;
    struct px p;
    memset(&o, 0, sizeof(o));
    o.flags = AEROCMD_EXEC_DRY_RUN;
    o.resource_budget_bytes = 8u << 20;
    if (!lim_start(&p, &o))
        return;
    CHECK(aerocmd_exec_set_guest_memory(p.be.ex, 1, 0, bytes, sizeof(bytes)) == AEROCMD_OK);
    CHECK(aerocmd_exec_set_guest_memory(p.be.ex, 1, 0, bytes, sizeof(bytes)) == AEROCMD_OK);
    CHECK(aerocmd_exec_set_guest_memory(p.be.ex, 2, 0, bytes, 512u << 10) == AEROCMD_OK);
    CHECK(aerocmd_exec_set_guest_memory(p.be.ex, 3, 0, NULL, 9u << 20) == AEROCMD_E_INVALID_ARG);
    {
        static uint8_t big[8u << 20];
        CHECK(aerocmd_exec_set_guest_memory(p.be.ex, 3, 0, big, sizeof(big)) ==
              AEROCMD_E_OUT_OF_MEMORY);
    }
    px_stop(&p);
}

/* ---- 8. a work budget per submission ------------------------------------------------------------
 */

typedef void (*hostile_fn)(struct px *p);

static void draw_instances(struct px *p)
{
    hs_big_draw(p, 3, 0xFFFFFFFFu);
}
static void draw_vertices(struct px *p)
{
    hs_big_draw(p, 0xFFFFFFFFu, 1);
}
static void draw_64k_64k(struct px *p)
{
    hs_big_draw(p, 0x10000, 0x10000);
}
static void draw_indexed(struct px *p)
{
    hs_big_indexed_draw(p);
}
static void dispatch_max(struct px *p)
{
    CHECK(aerocmd_append_dispatch(&p->w, 65535, 65535, 65535) == AEROCMD_OK);
}

/* Draws of 4 billion vertices or more and the largest dispatch ran for 9 to over 60 s:
 * refused at the packet, before anything is recorded, by the default budget (2^31 units),
 * in a dry run as in a real one. */
static void hostile_work_refused(void)
{
    static const hostile_fn cases[] = {draw_instances, draw_vertices, draw_64k_64k, draw_indexed,
                                       dispatch_max};
    struct aerocmd_exec_options o;
    struct aerocmd_exec_error err;
    struct px p;
    uint32_t i, dry, at;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        for (dry = 0; dry < 2; dry++) {
            memset(&o, 0, sizeof(o));
            o.flags = dry ? AEROCMD_EXEC_DRY_RUN : 0;
            if (!lim_start(&p, &o))
                return;
            cases[i](&p);
            /* the hostile packet is the last one: DRAW 24, DRAW_INDEXED 28, DISPATCH 24 */
            at = (uint32_t)aerocmd_writer_size(&p.w) - (cases[i] == draw_indexed ? 28u : 24u);
            if (px_submit_expect(&p, AEROCMD_E_NOT_IMPLEMENTED, &err)) {
                CHECK_EQ(err.diag.offset, at);
                CHECK(strstr(err.message, "work budget of 2147483648") != NULL);
            }
            px_stop(&p);
        }
    }
}

/* A resource the guest never wrote is zeroed at its first use, its bytes counted as moved
 * (exec_zero.c): 4 bytes uploaded into a 4-byte buffer (all of it: no zeros first), then 4
 * bytes copied from a 4096-byte buffer never written, which its first use zeroes (4096); a
 * second copy finds it zeroed already (4). */
static void fresh_zeroed_work(void)
{
    static const uint32_t word = 0x12345678u;
    struct aerocmd_exec_stats st;
    uint32_t got = 1, src, dst;
    struct px p;
    if (!lim_start(&p, NULL))
        return;
    dst = px_buffer(&p, &word, 4);
    src = px_buffer(&p, NULL, 4096);
    CHECK(aerocmd_append_copy_buffer(&p.w, dst, src, 0, 1024, 4, 0) == AEROCMD_OK);
    if (px_submit(&p) && CHECK(aerocmd_exec_get_stats(p.be.ex, &st) == AEROCMD_OK))
        CHECK_EQ(st.work_units, 4u + 4096u + 4u);
    CHECK(aerocmd_append_copy_buffer(&p.w, dst, src, 0, 2048, 4, 0) == AEROCMD_OK);
    if (px_submit(&p) && CHECK(aerocmd_exec_get_stats(p.be.ex, &st) == AEROCMD_OK))
        CHECK_EQ(st.work_units, 4);
    CHECK(px_read_buffer(&p, dst, 0, 4, &got) == AEROCMD_OK);
    CHECK_EQ(got, 0);
    px_stop(&p);
}

/* What a submission counts, from the definition: a clear of 8x8 (64 pixels), 96 bytes of
 * vertices uploaded, DRAW 3 x 2 (6), one pipeline compiled; per submission. */
static void work_counted(void)
{
    struct aerocmd_exec_options o;
    struct aerocmd_exec_stats st;
    struct aerocmd_exec_error err;
    struct px p;
    uint32_t at;
    memset(&o, 0, sizeof(o));
    o.max_work = 64u + 96u + 6u + EXEC_PIPELINE_WORK_TEST;
    if (!lim_start(&p, &o))
        return;
    hs_big_draw(&p, 3, 2);
    if (px_submit(&p) && CHECK(aerocmd_exec_get_stats(p.be.ex, &st) == AEROCMD_OK))
        CHECK_EQ(st.work_units, 64u + 96u + 6u + EXEC_PIPELINE_WORK_TEST);
    /* a new submission starts from 0: the same draw again, its pipeline cached */
    CHECK(aerocmd_append_draw(&p.w, 3, 2, 0, 0) == AEROCMD_OK);
    if (px_submit(&p) && CHECK(aerocmd_exec_get_stats(p.be.ex, &st) == AEROCMD_OK))
        CHECK_EQ(st.work_units, 6);
    /* one unit past: a 32x32 clear (1024) under a budget of 1023 */
    px_stop(&p);
    o.max_work = 1023;
    if (!lim_start(&p, &o))
        return;
    CHECK(aerocmd_append_create_buffer(&p.w, px_handle(&p), AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER,
                                       1024, 0, 0) == AEROCMD_OK);
    px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 32, 32, hs_grey);
    at = (uint32_t)aerocmd_writer_size(&p.w) - 36u; /* the CLEAR */
    if (px_submit_expect(&p, AEROCMD_E_NOT_IMPLEMENTED, &err)) {
        CHECK_EQ(err.diag.offset, at);
        CHECK(strstr(err.message, "the clear's pixels (1024 units") != NULL);
    }
    px_stop(&p);
    fresh_zeroed_work();
}

/* ---- writing the streams ----------------------------------------------------------------------
 */

static int save(struct px *p, const char *dir, const char *name)
{
    char path[4096];
    FILE *f;
    int ok;
    snprintf(path, sizeof(path), "%s/%s.acmd", dir, name);
    f = fopen(path, "wb");
    ok = f != NULL && fwrite(aerocmd_writer_data(&p->w), 1, aerocmd_writer_size(&p->w), f) ==
                          aerocmd_writer_size(&p->w);
    ok = f != NULL && fclose(f) == 0 && ok;
    if (!ok)
        fprintf(stderr, "test_exec_limits: cannot write %s\n", path);
    aerocmd_writer_reset(&p->w);
    p->next = 100;
    return ok;
}

static int write_streams(const char *dir)
{
    struct px p;
    int ok = 1;
    memset(&p, 0, sizeof(p));
    p.next = 100;
    if (aerocmd_writer_init_growable(&p.w, aerocmd_allocator_libc(), 0, AEROGPU_ABI_VERSION_U32) !=
        AEROCMD_OK)
        return 1;
    hs_views(&p, 500000);
    ok = save(&p, dir, "views_500k") && ok;
    hs_target_churn(&p, 16, 8192, 8192);
    ok = save(&p, dir, "rt_churn") && ok;
    hs_buffer_churn(&p, 300000, HS_MIB);
    ok = save(&p, dir, "buffer_churn") && ok;
    hs_raster_states(&p, 5000);
    ok = save(&p, dir, "raster_states") && ok;
    hs_depth_biases(&p, 1000);
    ok = save(&p, dir, "depth_biases") && ok;
    hs_mismatched_targets(&p);
    ok = save(&p, dir, "mismatched_targets") && ok;
    hs_present_nothing(&p);
    ok = save(&p, dir, "present_nothing") && ok;
    px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, hs_grey);
    CHECK(aerocmd_append_set_render_targets(&p.w, 0, NULL, 0) == AEROCMD_OK);
    ok = save(&p, dir, "unbind_targets") && ok;
    CHECK(aerocmd_append_present(&p.w, 0, 0) == AEROCMD_OK);
    ok = save(&p, dir, "present_alone") && ok;
    hs_presents(&p, 16384, 16384, 1);
    ok = save(&p, dir, "big_present") && ok;
    hs_presents(&p, 1024, 1024, 96);
    ok = save(&p, dir, "presents_96") && ok;
    hs_big_draw(&p, 3, 0xFFFFFFFFu);
    ok = save(&p, dir, "draw_instances") && ok;
    hs_big_draw(&p, 0xFFFFFFFFu, 1);
    ok = save(&p, dir, "draw_vertices") && ok;
    hs_big_draw(&p, 0x10000, 0x10000);
    ok = save(&p, dir, "draw_64k") && ok;
    hs_big_indexed_draw(&p);
    ok = save(&p, dir, "draw_indexed") && ok;
    aerocmd_writer_release(&p.w);
    return ok && check_failed_count == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write") == 0)
        return write_streams(argv[2]);
    views_while_the_table_grows();
    buffer_churn();
    raster_states_share_a_pipeline();
    pipeline_cache_is_bounded();
    large_descending_table();
    mismatched_targets();
    mismatched_targets_untracked();
    present_with_no_target();
    presents_within_budget();
    guest_memory_counted();
    hostile_work_refused();
    work_counted();
    return check_finish();
}
