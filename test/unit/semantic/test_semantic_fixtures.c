/* SPDX-License-Identifier: MIT */
/* Semantic pass over the streams extracted from real captures (test/data/streams), their
 * shaders' zero checksums made right first (capture_shaders.h). The triangle capture has a
 * guest-backed vertex buffer; its allocation table, from the fixture trace's alloc-table blob, is
 * rebuilt here by hand: one entry {alloc_id 1, flags 0, gpa 0x1000, size 72}. */
#include <stdlib.h>

#include "semantic_harness.h"
#include "shaders/capture_shaders.h"
#include "shaders/prior_vs.h"

static const char *const stream_names[] = {
    "aerogpu_cmd_clear_b8g8r8a8.acmd",    "aerogpu_cmd_clear_b8g8r8x8.acmd",
    "aerogpu_cmd_copy_buffer.acmd",       "aerogpu_cmd_copy_texture2d.acmd",
    "aerogpu_cmd_indexed_triangle.acmd",  "aerogpu_cmd_indexed_triangle_u16.acmd",
    "aerogpu_cmd_texture_ld_b5g6r5.acmd", "aerogpu_cmd_texture_ld_b8g8r8a8.acmd",
    "aerogpu_cmd_triangle.acmd",          "aerogpu_cmd_triangle_first_vertex.acmd",
};

static struct sb s;

static int load(const char *dir, const char *name, struct sb *out)
{
    char path[1024];
    FILE *f;
    size_t n;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return 0;
    }
    n = fread(out->bytes, 1, sizeof out->bytes, f);
    fclose(f);
    out->len = (uint32_t)n;
    capture_resum_shaders(out->bytes, n);
    return n > 0;
}

static const struct aerocmd_alloc_table_view *triangle_table(uint64_t size)
{
    static uint8_t bytes[64];
    static struct aerocmd_alloc_table_view view;
    struct sb_alloc a = {1, 0, 0x1000, 0};
    a.size = size;
    if (aerocmd_alloc_table_open(&view, bytes, sb_alloc_table(bytes, &a, 1), NULL) != AEROCMD_OK)
        return NULL;
    return &view;
}

static const struct aerocmd_alloc_table_view *empty_table(void)
{
    static uint8_t bytes[32];
    static struct aerocmd_alloc_table_view view;
    if (aerocmd_alloc_table_open(&view, bytes, sb_alloc_table(bytes, NULL, 0), NULL) != AEROCMD_OK)
        return NULL;
    return &view;
}

static int is_triangle(const char *name)
{
    return strcmp(name, "aerogpu_cmd_triangle.acmd") == 0;
}

/* The triangle capture binds no shader, so its DRAW (at 0x11c) needs a vertex shader bound
 * by an earlier submission (prior_vs.h); every other capture binds its own. Also a reset. */
static void fresh_for(struct aerocmd_semantic *st, const char *name)
{
    aerocmd_semantic_reset(st);
    if (is_triangle(name))
        CHECK_EQ(prior_vs_bind(st), AEROCMD_OK);
}

/* As captured, with nothing bound before it, the triangle's DRAW is refused. */
static void test_triangle_without_shader(const char *dir)
{
    struct aerocmd_semantic st;
    struct aerocmd_diag diag;
    if (!CHECK(load(dir, "aerogpu_cmd_triangle.acmd", &s)))
        return;
    tracker_init(&st);
    CHECK_EQ(run_stream(&st, &s, triangle_table(72), &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_NO_VERTEX_SHADER);
    CHECK_EQ(diag.offset, 0x11c);
    CHECK_EQ(diag.opcode, AEROGPU_CMD_DRAW);
}

/* Every stream passes with a fresh tracker: with no table, and with its own table (the
 * triangle's, or an empty one since the others use host-owned resources only). */
static void test_each_stream(const char *dir)
{
    size_t i;
    for (i = 0; i < sizeof stream_names / sizeof stream_names[0]; i++) {
        const char *name = stream_names[i];
        const struct aerocmd_alloc_table_view *table =
            is_triangle(name) ? triangle_table(72) : empty_table();
        struct aerocmd_semantic st;
        struct aerocmd_diag diag;
        int ok;
        if (!CHECK(load(dir, name, &s)))
            continue;
        tracker_init(&st);
        fresh_for(&st, name);
        ok = CHECK_EQ(run_stream(&st, &s, NULL, &diag), AEROCMD_OK);
        fresh_for(&st, name);
        ok &= CHECK_EQ(run_stream(&st, &s, table, &diag), AEROCMD_OK);
        ok &= CHECK(aerocmd_semantic_count(&st) > 0);
        /* played twice without a reset, the first create collides with itself */
        ok &= CHECK_EQ(run_stream(&st, &s, table, &diag), AEROCMD_E_MALFORMED);
        ok &= CHECK_EQ(diag.reason, AEROCMD_R_HANDLE_EXISTS);
        ok &= CHECK_EQ(diag.offset, 24);
        if (!ok)
            fprintf(stderr, "  in stream %s: %s at %u\n", name, aerocmd_reason_name(diag.reason),
                    diag.offset);
    }
}

static void test_triangle_allocations(const char *dir)
{
    struct aerocmd_semantic st;
    struct aerocmd_diag diag;
    if (!CHECK(load(dir, "aerogpu_cmd_triangle.acmd", &s)))
        return;
    tracker_init(&st);
    fresh_for(&st, "aerogpu_cmd_triangle.acmd");
    /* the vertex buffer (72 bytes in alloc 1) is the first packet, at offset 24 */
    CHECK_EQ(run_stream(&st, &s, empty_table(), &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_ALLOC_MISSING);
    CHECK_EQ(diag.offset, 24);
    CHECK_EQ(diag.opcode, AEROGPU_CMD_CREATE_BUFFER);
    fresh_for(&st, "aerogpu_cmd_triangle.acmd");
    CHECK_EQ(run_stream(&st, &s, triangle_table(71), &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_BACKING_OUT_OF_RANGE);
    CHECK_EQ(diag.offset, 24);
    fresh_for(&st, "aerogpu_cmd_triangle.acmd");
    CHECK_EQ(run_stream(&st, &s, triangle_table(72), &diag), AEROCMD_OK);
    /* buffer 1, render target 2, and the earlier vertex shader */
    CHECK_EQ(aerocmd_semantic_count(&st), 2 + PRIOR_VS_RECORDS);
}

/* The captures reuse handles from 1 up, so a trace made of all of them needs a
 * DESTROY between captures; with one tracker and resets in between they all pass. */
static void test_all_in_one_tracker(const char *dir)
{
    struct aerocmd_semantic st;
    struct aerocmd_diag diag;
    size_t i, passed = 0;
    tracker_init(&st);
    for (i = 0; i < sizeof stream_names / sizeof stream_names[0]; i++) {
        if (!load(dir, stream_names[i], &s))
            continue;
        fresh_for(&st, stream_names[i]);
        if (run_stream(&st, &s, is_triangle(stream_names[i]) ? triangle_table(72) : NULL, &diag) ==
            AEROCMD_OK)
            passed++;
    }
    CHECK_EQ(passed, sizeof stream_names / sizeof stream_names[0]);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s STREAMS_DIR\n", argv[0]);
        return 2;
    }
    test_triangle_without_shader(argv[1]);
    test_each_stream(argv[1]);
    test_triangle_allocations(argv[1]);
    test_all_in_one_tracker(argv[1]);
    return check_finish();
}
