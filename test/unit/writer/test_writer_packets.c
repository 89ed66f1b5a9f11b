/* SPDX-License-Identifier: MIT */
/* test_writer_packets.c — every typed append checked byte for byte against the protocol's
 * layout (header, fields, zero reserved words, zero padding), the shader-stage encodings,
 * the ABI-minor gates, both BIND_SHADERS forms, the input-layout blob and the semantic
 * hash, and the INVALID_ARG answers for packets whose size cannot be expressed. */
#include "writer_test_util.h"

#define LO(v) ((uint32_t)((uint64_t)(v)&0xFFFFFFFFu))
#define HI(v) ((uint32_t)((uint64_t)(v) >> 32))

#define BUF_BYTES 1024
static uint8_t buf[BUF_BYTES];

/* A span writer over a buffer full of 0xCD, so every zero the test sees was written. */
static struct aerocmd_writer fresh(uint32_t abi_version)
{
    struct aerocmd_writer w;
    memset(buf, 0xCD, sizeof buf);
    if (aerocmd_writer_init_span(&w, buf, sizeof buf, abi_version) != AEROCMD_OK)
        fprintf(stderr, "span init failed\n");
    return w;
}

/* The stream holds the header and exactly one packet equal to `words`. */
static void expect_packet(const struct aerocmd_writer *w, aerocmd_result r, const uint32_t *words,
                          uint32_t count, int line)
{
    uint32_t i;
    int ok = CHECK_EQ(r, AEROCMD_OK);
    ok &= CHECK_EQ(aerocmd_writer_size(w), 24 + count * 4);
    ok &= CHECK_EQ(rd32(aerocmd_writer_data(w) + 8), 24 + count * 4);
    for (i = 0; ok && i < count; i++) {
        uint32_t got = rd32(aerocmd_writer_data(w) + 24 + i * 4);
        if (!CHECK_EQ(got, words[i])) {
            fprintf(stderr, "    word %u of the packet\n", i);
            ok = 0;
        }
    }
    if (!ok)
        fprintf(stderr, "    (expectation at line %d)\n", line);
}

#define WORDS(...)  ((const uint32_t[]){__VA_ARGS__})
#define NWORDS(...) ((uint32_t)(sizeof(WORDS(__VA_ARGS__)) / sizeof(uint32_t)))
#define EXPECT(w, r, ...)                                                                          \
    expect_packet(&(w), (r), WORDS(__VA_ARGS__), NWORDS(__VA_ARGS__), __LINE__)

/* The writer refused: nothing appended. */
static void expect_refused(const struct aerocmd_writer *w, aerocmd_result r, aerocmd_result want,
                           int line)
{
    int ok = CHECK_EQ(r, want);
    ok &= CHECK_EQ(aerocmd_writer_size(w), 24);
    ok &= CHECK_EQ(rd32(aerocmd_writer_data(w) + 8), 24);
    ok &= CHECK_EQ(buf[24], 0xCD);
    if (!ok)
        fprintf(stderr, "    (expectation at line %d)\n", line);
}
#define REFUSED(w, r, want) expect_refused(&(w), (r), (want), __LINE__)

static void test_markers_and_flush(void)
{
    struct aerocmd_writer w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_nop(&w), 0, 8);

    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_debug_marker(&w, "hello", 5), 1, 16, 0x6C6C6568, 0x0000006F);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_debug_marker(&w, "abcd", 4), 1, 12, 0x64636261);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_debug_marker(&w, "", 0), 1, 8);
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_debug_marker(&w, NULL, 3), AEROCMD_E_INVALID_ARG);

    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_flush(&w), 0x720, 16, 0, 0);
}

static void test_resources(void)
{
    struct aerocmd_writer w = fresh(ABI_1_4);
    struct aerocmd_texture2d_args tex = {11, 0x18, 3, 640, 480, 10, 2, 2560, 44, 0x2000};
    struct aerocmd_texture_view_args view = {12, 11, 9, 1, 3, 1, 1};
    static const uint8_t upload[6] = {1, 2, 3, 4, 5, 6};

    EXPECT(w, aerocmd_append_create_buffer(&w, 7, 3, 0x100000040ull, 9, 0x100), 0x100, 40, 7, 3,
           0x40, 1, 9, 0x100, 0, 0);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_create_texture2d(&w, &tex), 0x101, 56, 11, 0x18, 3, 640, 480, 10, 2,
           2560, 44, 0x2000, 0, 0);
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_create_texture2d(&w, NULL), AEROCMD_E_INVALID_ARG);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_destroy_resource(&w, 0xDEADBEEF), 0x102, 16, 0xDEADBEEF, 0);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_resource_dirty_range(&w, 5, 0x123456789ull, 0xAB00000010ull), 0x103,
           32, 5, 0, LO(0x123456789ull), HI(0x123456789ull), 0x10, 0xAB);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_upload_resource(&w, 5, 0x40, upload, 6), 0x104, 40, 5, 0, 0x40, 0, 6,
           0, 0x04030201, 0x00000605);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_upload_resource(&w, 5, 8, NULL, 0), 0x104, 32, 5, 0, 8, 0, 0, 0);
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_upload_resource(&w, 5, 8, NULL, 4), AEROCMD_E_INVALID_ARG);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_create_texture_view(&w, &view), 0x107, 44, 12, 11, 9, 1, 3, 1, 1, 0,
           0);
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_create_texture_view(&w, NULL), AEROCMD_E_INVALID_ARG);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_destroy_texture_view(&w, 12), 0x108, 16, 12, 0);
}

static void test_copies_and_gate(void)
{
    struct aerocmd_copy_texture2d_args c = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1};
    struct aerocmd_writer w;
    uint32_t abi;

    for (abi = ABI_1_1; abi <= ABI_1_4; abi++) {
        w = fresh(abi);
        EXPECT(w, aerocmd_append_copy_buffer(&w, 3, 4, 0x500000000ull, 16, 0x700000020ull, 1),
               0x105, 48, 3, 4, 0, 5, 16, 0, 0x20, 7, 1, 0);
        w = fresh(abi);
        EXPECT(w, aerocmd_append_copy_texture2d(&w, &c), 0x106, 64, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
               11, 12, 1, 0);
    }
    w = fresh(ABI_1_0);
    REFUSED(w, aerocmd_append_copy_buffer(&w, 3, 4, 0, 0, 4, 0), AEROCMD_E_NOT_IMPLEMENTED);
    REFUSED(w, aerocmd_append_copy_texture2d(&w, &c), AEROCMD_E_NOT_IMPLEMENTED);
    REFUSED(w, aerocmd_append_copy_texture2d(&w, NULL), AEROCMD_E_INVALID_ARG);
}

/* stage and reserved0 words every stage-bearing packet must carry for each kind. */
struct stage_case {
    enum aerocmd_shader_kind kind;
    uint32_t stage, stage_ex;
};
static const struct stage_case stage_cases[] = {
    {AEROCMD_SHADER_VS, 0, 0}, {AEROCMD_SHADER_PS, 1, 0}, {AEROCMD_SHADER_CS, 2, 0},
    {AEROCMD_SHADER_GS, 3, 0}, {AEROCMD_SHADER_HS, 2, 3}, {AEROCMD_SHADER_DS, 2, 4},
};
#define STAGE_CASES (sizeof stage_cases / sizeof stage_cases[0])

static void test_shaders(void)
{
    static const uint8_t dxbc[7] = {'D', 'X', 'B', 'C', 0xAA, 0xBB, 0xCC};
    struct aerocmd_writer w;
    unsigned i;

    for (i = 0; i < STAGE_CASES; i++) {
        const struct stage_case *s = &stage_cases[i];
        w = fresh(ABI_1_4);
        EXPECT(w, aerocmd_append_create_shader_dxbc(&w, 77, s->kind, dxbc, 7), 0x200, 32, 77,
               s->stage, 7, s->stage_ex, 0x43425844, 0x00CCBBAA);
    }
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_create_shader_dxbc(&w, 77, AEROCMD_SHADER_VS, NULL, 4),
            AEROCMD_E_INVALID_ARG);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_destroy_shader(&w, 77), 0x201, 16, 77, 0);

    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_bind_shaders(&w, 1, 2, 3, 0, 0, 0), 0x202, 24, 1, 2, 3, 0);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_bind_shaders(&w, 1, 2, 0, 4, 0, 0), 0x202, 36, 1, 2, 0, 4, 4, 0, 0);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_bind_shaders(&w, 1, 2, 0, 0, 5, 6), 0x202, 36, 1, 2, 0, 0, 0, 5, 6);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_bind_shaders(&w, 1, 2, 3, 4, 5, 6), 0x202, 36, 1, 2, 3, 4, 4, 5, 6);
    /* BIND_SHADERS has no minor gate: the extended form is the same under 1.0. */
    w = fresh(ABI_1_0);
    EXPECT(w, aerocmd_append_bind_shaders(&w, 0, 0, 0, 0, 0, 9), 0x202, 36, 0, 0, 0, 0, 0, 0, 9);
}

static void test_shader_constants(void)
{
    static const uint32_t regs[8] = {1, 2, 3, 4, 0x3F800000, 6, 7, 8};
    struct aerocmd_writer w;
    unsigned i;

    for (i = 0; i < STAGE_CASES; i++) {
        const struct stage_case *s = &stage_cases[i];
        w = fresh(ABI_1_4);
        EXPECT(w, aerocmd_append_set_shader_constants_f(&w, s->kind, 5, regs, 2), 0x203, 56,
               s->stage, 5, 2, s->stage_ex, 1, 2, 3, 4, 0x3F800000, 6, 7, 8);
        w = fresh(ABI_1_4);
        EXPECT(w, aerocmd_append_set_shader_constants_i(&w, s->kind, 6, regs, 1), 0x207, 40,
               s->stage, 6, 1, s->stage_ex, 1, 2, 3, 4);
        w = fresh(ABI_1_4);
        EXPECT(w, aerocmd_append_set_shader_constants_b(&w, s->kind, 7, regs, 1), 0x208, 40,
               s->stage, 7, 1, s->stage_ex, 1, 2, 3, 4);
    }
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_shader_constants_f(&w, AEROCMD_SHADER_PS, 0, NULL, 0), 0x203, 24,
           1, 0, 0, 0);
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_set_shader_constants_f(&w, AEROCMD_SHADER_PS, 0, NULL, 1),
            AEROCMD_E_INVALID_ARG);
}

/* FNV-1a over the upper-cased name, written out the way the rules describe it. */
static uint32_t reference_semantic_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) {
        uint32_t c = (unsigned char)*s;
        if (c >= 'a' && c <= 'z')
            c -= 32;
        h = (h ^ c) * 16777619u;
    }
    return h;
}

static void test_semantic_hash(void)
{
    static const char *const names[] = {"",      "POSITION",    "position", "TexCoord",
                                        "COLOR", "SV_Position", "NORMAL_1", "a"};
    unsigned i;

    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        CHECK_EQ(aerocmd_semantic_hash(names[i]), reference_semantic_hash(names[i]));
    /* Published FNV-1a test vectors: "" and "A" (upper case is what gets hashed). */
    CHECK_EQ(aerocmd_semantic_hash(""), 0x811C9DC5u);
    CHECK_EQ(aerocmd_semantic_hash("a"), 0xC40BF6CCu);
    CHECK_EQ(aerocmd_semantic_hash("A"), 0xC40BF6CCu);
    CHECK_EQ(aerocmd_semantic_hash("position"), aerocmd_semantic_hash("POSITION"));
    CHECK_EQ(aerocmd_semantic_hash("TexCoord"), aerocmd_semantic_hash("TEXCOORD"));
    CHECK(aerocmd_semantic_hash("POSITION") != aerocmd_semantic_hash("NORMAL"));
    CHECK_EQ(aerocmd_semantic_hash(NULL), 0x811C9DC5u);
    /* Only ASCII letters fold: '{' (0x7B) is not '[' (0x5B). */
    CHECK(aerocmd_semantic_hash("{") != aerocmd_semantic_hash("["));
}

static void test_input_layouts(void)
{
    static const struct aerocmd_input_element elems[2] = {
        {"position", 0, 6, 0, 0, 0, 0},
        {"TEXCOORD", 1, 16, 1, 12, 1, 3},
    };
    static const struct aerocmd_input_element bad[2] = {{"POSITION", 0, 6, 0, 0, 0, 0},
                                                        {NULL, 0, 6, 0, 0, 0, 0}};
    static const uint8_t blob[5] = {9, 8, 7, 6, 5};
    uint32_t hpos = reference_semantic_hash("POSITION");
    uint32_t htex = reference_semantic_hash("TEXCOORD");
    struct aerocmd_writer w = fresh(ABI_1_4);

    EXPECT(w, aerocmd_append_create_input_layout(&w, 21, elems, 2), 0x204, 92, 21, 72, 0,
           0x59414C49, 1, 2, 0, hpos, 0, 6, 0, 0, 0, 0, htex, 1, 16, 1, 12, 1, 3);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_create_input_layout(&w, 22, NULL, 0), 0x204, 36, 22, 16, 0, 0x59414C49,
           1, 0, 0);
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_create_input_layout(&w, 22, bad, 2), AEROCMD_E_INVALID_ARG);
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_create_input_layout(&w, 22, NULL, 1), AEROCMD_E_INVALID_ARG);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_create_input_layout_blob(&w, 23, blob, 5), 0x204, 28, 23, 5, 0,
           0x06070809, 0x00000005);
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_create_input_layout_blob(&w, 23, NULL, 5), AEROCMD_E_INVALID_ARG);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_destroy_input_layout(&w, 23), 0x205, 16, 23, 0);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_input_layout(&w, 0), 0x206, 16, 0, 0);
}

static void test_fixed_function_state(void)
{
    struct aerogpu_blend_state blend;
    struct aerogpu_depth_stencil_state ds;
    struct aerogpu_rasterizer_state rs = {1, 2, 1, 1, -5, 1};
    struct aerocmd_writer w = fresh(ABI_1_4);

    memset(&blend, 0xEE, sizeof blend); /* garbage in the reserved bytes */
    blend.enable = 1;
    blend.src_factor = 2;
    blend.dst_factor = 3;
    blend.blend_op = 4;
    blend.color_write_mask = 0xF;
    blend.src_factor_alpha = 5;
    blend.dst_factor_alpha = 6;
    blend.blend_op_alpha = 1;
    blend.blend_constant_rgba_f32[0] = 0x3F800000;
    blend.blend_constant_rgba_f32[1] = 0x3F000000;
    blend.blend_constant_rgba_f32[2] = 0;
    blend.blend_constant_rgba_f32[3] = 0x40000000;
    blend.sample_mask = 0xFFFFFFFF;
    EXPECT(w, aerocmd_append_set_blend_state(&w, &blend), 0x300, 60, 1, 2, 3, 4, 0x0000000F, 5, 6,
           1, 0x3F800000, 0x3F000000, 0, 0x40000000, 0xFFFFFFFF);

    memset(&ds, 0xEE, sizeof ds);
    ds.depth_enable = 1;
    ds.depth_write_enable = 0;
    ds.depth_func = 3;
    ds.stencil_enable = 1;
    ds.stencil_read_mask = 0x12;
    ds.stencil_write_mask = 0x34;
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_depth_stencil_state(&w, &ds), 0x301, 28, 1, 0, 3, 1, 0x00003412);

    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_rasterizer_state(&w, &rs), 0x302, 32, 1, 2, 1, 1, 0xFFFFFFFB, 1);

    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_set_blend_state(&w, NULL), AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_set_depth_stencil_state(&w, NULL), AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_set_rasterizer_state(&w, NULL), AEROCMD_E_INVALID_ARG);
}

static void test_output_merger_and_ia(void)
{
    static const aerogpu_handle_t colors[9] = {10, 0, 12, 13, 14, 15, 16, 17, 18};
    static const struct aerogpu_vertex_buffer_binding vbs[2] = {{1, 16, 0, 0xEEEE},
                                                                {2, 32, 64, 0xFFFF}};
    struct aerocmd_writer w = fresh(ABI_1_4);

    EXPECT(w, aerocmd_append_set_render_targets(&w, 3, colors, 99), 0x400, 48, 3, 99, 10, 0, 12, 0,
           0, 0, 0, 0);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_render_targets(&w, 8, colors, 0), 0x400, 48, 8, 0, 10, 0, 12, 13,
           14, 15, 16, 17);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_render_targets(&w, 0, NULL, 5), 0x400, 48, 0, 5, 0, 0, 0, 0, 0, 0,
           0, 0);
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_set_render_targets(&w, 9, colors, 0), AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_set_render_targets(&w, 1, NULL, 0), AEROCMD_E_INVALID_ARG);

    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_viewport(&w, 0, 0x3F800000, 0x44200000, 0x43F00000, 0, 0x3F800000),
           0x401, 32, 0, 0x3F800000, 0x44200000, 0x43F00000, 0, 0x3F800000);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_scissor(&w, -1, 2, 300, 400), 0x402, 24, 0xFFFFFFFF, 2, 300, 400);

    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_vertex_buffers(&w, 3, 2, vbs), 0x500, 48, 3, 2, 1, 16, 0, 0, 2, 32,
           64, 0);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_vertex_buffers(&w, 0, 0, NULL), 0x500, 16, 0, 0);
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_set_vertex_buffers(&w, 0, 1, NULL), AEROCMD_E_INVALID_ARG);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_index_buffer(&w, 4, 1, 128), 0x501, 24, 4, 1, 128, 0);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_primitive_topology(&w, 4), 0x502, 16, 4, 0);
}

static void test_binding_tables(void)
{
    static const aerogpu_handle_t samplers[3] = {31, 0, 33};
    static const struct aerogpu_constant_buffer_binding cbs[1] = {{41, 256, 64, 0xABCD}};
    static const struct aerogpu_shader_resource_buffer_binding srvs[1] = {{51, 16, 0, 0xABCD}};
    static const struct aerogpu_unordered_access_buffer_binding uavs[2] = {{61, 0, 32, 0xFFFFFFFF},
                                                                           {62, 4, 8, 7}};
    struct aerocmd_writer w;
    unsigned i;

    for (i = 0; i < STAGE_CASES; i++) {
        const struct stage_case *s = &stage_cases[i];
        w = fresh(ABI_1_4);
        EXPECT(w, aerocmd_append_set_texture(&w, s->kind, 2, 99), 0x510, 24, s->stage, 2, 99,
               s->stage_ex);
        w = fresh(ABI_1_4);
        EXPECT(w, aerocmd_append_set_samplers(&w, s->kind, 1, 3, samplers), 0x522, 36, s->stage, 1,
               3, s->stage_ex, 31, 0, 33);
        w = fresh(ABI_1_4);
        EXPECT(w, aerocmd_append_set_constant_buffers(&w, s->kind, 4, 1, cbs), 0x523, 40, s->stage,
               4, 1, s->stage_ex, 41, 256, 64, 0);
        w = fresh(ABI_1_4);
        EXPECT(w, aerocmd_append_set_shader_resource_buffers(&w, s->kind, 5, 1, srvs), 0x524, 40,
               s->stage, 5, 1, s->stage_ex, 51, 16, 0, 0);
        w = fresh(ABI_1_4);
        EXPECT(w, aerocmd_append_set_unordered_access_buffers(&w, s->kind, 0, 2, uavs), 0x525, 56,
               s->stage, 0, 2, s->stage_ex, 61, 0, 32, 0xFFFFFFFF, 62, 4, 8, 7);
    }
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_set_samplers(&w, AEROCMD_SHADER_PS, 0, 1, NULL),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_set_constant_buffers(&w, AEROCMD_SHADER_PS, 0, 1, NULL),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_set_shader_resource_buffers(&w, AEROCMD_SHADER_PS, 0, 1, NULL),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_set_unordered_access_buffers(&w, AEROCMD_SHADER_CS, 0, 1, NULL),
            AEROCMD_E_INVALID_ARG);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_samplers(&w, AEROCMD_SHADER_VS, 7, 0, NULL), 0x522, 24, 0, 7, 0,
           0);

    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_sampler_state(&w, AEROCMD_SHADER_PS, 3, 5, 2), 0x511, 24, 1, 3, 5,
           2);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_sampler_state(&w, AEROCMD_SHADER_GS, 0, 1, 1), 0x511, 24, 3, 0, 1,
           1);
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_append_set_sampler_state(&w, AEROCMD_SHADER_HS, 0, 1, 1),
            AEROCMD_E_NOT_IMPLEMENTED);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_set_render_state(&w, 7, 0x12345678), 0x512, 16, 7, 0x12345678);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_create_sampler(&w, 70, 1, 0, 1, 2), 0x520, 28, 70, 1, 0, 1, 2);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_destroy_sampler(&w, 70), 0x521, 16, 70, 0);
}

static void test_drawing_and_present(void)
{
    static const uint32_t rgba[4] = {0x3F800000, 0, 0x3F000000, 0x3F800000};
    struct aerocmd_writer w = fresh(ABI_1_4);

    EXPECT(w, aerocmd_append_clear(&w, 7, rgba, 0x3F800000, 0x80), 0x600, 36, 7, 0x3F800000, 0,
           0x3F000000, 0x3F800000, 0x3F800000, 0x80);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_clear(&w, 2, NULL, 0x3F000000, 0), 0x600, 36, 2, 0, 0, 0, 0,
           0x3F000000, 0);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_draw(&w, 3, 1, 5, 2), 0x601, 24, 3, 1, 5, 2);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_draw_indexed(&w, 36, 2, 6, -4, 1), 0x602, 28, 36, 2, 6, 0xFFFFFFFC, 1);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_dispatch(&w, 8, 4, 2), 0x603, 24, 8, 4, 2, 0);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_present(&w, 0, 1), 0x700, 16, 0, 1);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_present_ex(&w, 0, 1, 0x20), 0x701, 24, 0, 1, 0x20, 0);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_export_shared_surface(&w, 8, 0x1122334455667788ull), 0x710, 24, 8, 0,
           0x55667788, 0x11223344);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_import_shared_surface(&w, 9, 0x1122334455667788ull), 0x711, 24, 9, 0,
           0x55667788, 0x11223344);
    w = fresh(ABI_1_4);
    EXPECT(w, aerocmd_append_release_shared_surface(&w, 0x1122334455667788ull), 0x712, 24,
           0x55667788, 0x11223344, 0, 0);
}

static void test_raw_and_emplace(void)
{
    static const uint8_t body[3] = {0xA1, 0xA2, 0xA3};
    struct aerocmd_writer w = fresh(ABI_1_4);
    uint8_t *p = NULL;

    EXPECT(w, aerocmd_append_raw(&w, 0xBEEF, body, 3), 0xBEEF, 12, 0x00A3A2A1);
    w = fresh(ABI_1_4);
    CHECK_EQ(aerocmd_writer_emplace(&w, 0x999, 16, 2, &p), AEROCMD_OK);
    CHECK(p == buf + 24);
    EXPECT(w, AEROCMD_OK, 0x999, 20, 0, 0, 0);
    w = fresh(ABI_1_4);
    REFUSED(w, aerocmd_writer_emplace(&w, 0x999, 4, 0, &p), AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_writer_emplace(&w, 0x999, 10, 0, &p), AEROCMD_E_INVALID_ARG);
}

/* HS/DS need stage_ex (ABI 1.3); below it every stage-bearing append refuses them and
 * writes nothing, while VS/PS/GS/CS keep working. */
static void test_stage_ex_gate(void)
{
    static const uint32_t regs[4] = {1, 2, 3, 4};
    static const aerogpu_handle_t one[1] = {5};
    static const struct aerogpu_constant_buffer_binding cb[1] = {{1, 0, 16, 0}};
    static const struct aerogpu_shader_resource_buffer_binding srv[1] = {{1, 0, 16, 0}};
    static const struct aerogpu_unordered_access_buffer_binding uav[1] = {{1, 0, 16, 0}};
    enum aerocmd_shader_kind k;
    uint32_t abi, stage, ex;

    for (abi = ABI_1_0; abi <= ABI_1_4; abi++) {
        for (k = AEROCMD_SHADER_HS; k <= AEROCMD_SHADER_DS; k++) {
            aerocmd_result want = abi < ABI_1_3 ? AEROCMD_E_NOT_IMPLEMENTED : AEROCMD_OK;
            struct aerocmd_writer w = fresh(abi);
            if (want == AEROCMD_OK)
                continue;
            REFUSED(w, aerocmd_append_create_shader_dxbc(&w, 1, k, regs, 4), want);
            REFUSED(w, aerocmd_append_set_shader_constants_f(&w, k, 0, regs, 1), want);
            REFUSED(w, aerocmd_append_set_shader_constants_i(&w, k, 0, regs, 1), want);
            REFUSED(w, aerocmd_append_set_shader_constants_b(&w, k, 0, regs, 1), want);
            REFUSED(w, aerocmd_append_set_texture(&w, k, 0, 1), want);
            REFUSED(w, aerocmd_append_set_samplers(&w, k, 0, 1, one), want);
            REFUSED(w, aerocmd_append_set_constant_buffers(&w, k, 0, 1, cb), want);
            REFUSED(w, aerocmd_append_set_shader_resource_buffers(&w, k, 0, 1, srv), want);
            REFUSED(w, aerocmd_append_set_unordered_access_buffers(&w, k, 0, 1, uav), want);
        }
        CHECK_EQ(aerocmd_shader_stage_encode(abi, AEROCMD_SHADER_HS, &stage, &ex),
                 abi < ABI_1_3 ? AEROCMD_E_NOT_IMPLEMENTED : AEROCMD_OK);
        CHECK_EQ(aerocmd_shader_stage_encode(abi, AEROCMD_SHADER_GS, &stage, &ex), AEROCMD_OK);
        CHECK_EQ(stage, 3);
        CHECK_EQ(ex, 0);
    }
    {
        struct aerocmd_writer w = fresh(ABI_1_2);
        EXPECT(w, aerocmd_append_set_texture(&w, AEROCMD_SHADER_GS, 1, 2), 0x510, 24, 3, 1, 2, 0);
        w = fresh(ABI_1_3);
        EXPECT(w, aerocmd_append_set_texture(&w, AEROCMD_SHADER_DS, 1, 2), 0x510, 24, 2, 1, 2, 4);
        w = fresh(ABI_1_4);
        REFUSED(w, aerocmd_append_set_texture(&w, (enum aerocmd_shader_kind)6, 1, 2),
                AEROCMD_E_INVALID_ARG);
        REFUSED(w, aerocmd_append_set_texture(&w, (enum aerocmd_shader_kind) - 1, 1, 2),
                AEROCMD_E_INVALID_ARG);
    }
}

/* A packet whose size does not fit a u32 is INVALID_ARG (never read, never written); one
 * that fits a u32 but not the span is BUFFER_FULL. */
static void test_size_overflow(void)
{
    static const uint8_t small[16];
    static const struct aerocmd_input_element one[1] = {{"P", 0, 0, 0, 0, 0, 0}};
    struct aerocmd_writer w = fresh(ABI_1_4);

    REFUSED(w, aerocmd_append_upload_resource(&w, 1, 0, small, 0xFFFFFFDDu), AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_upload_resource(&w, 1, 0, small, 0xFFFFFFFFu), AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_upload_resource(&w, 1, 0, small, 0xFFFFFFDCu), AEROCMD_E_BUFFER_FULL);
    REFUSED(w, aerocmd_append_create_shader_dxbc(&w, 1, AEROCMD_SHADER_VS, small, 0xFFFFFFE5u),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_create_shader_dxbc(&w, 1, AEROCMD_SHADER_VS, small, 0xFFFFFFE4u),
            AEROCMD_E_BUFFER_FULL);
    REFUSED(w, aerocmd_append_set_shader_constants_f(&w, AEROCMD_SHADER_VS, 0, small, 0x10000000u),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_set_shader_constants_i(&w, AEROCMD_SHADER_VS, 0, small, 0x0FFFFFFFu),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_set_shader_constants_b(&w, AEROCMD_SHADER_VS, 0, small, 0x0FFFFFFEu),
            AEROCMD_E_BUFFER_FULL);
    REFUSED(w, aerocmd_append_set_vertex_buffers(&w, 0, 0x10000000u, (const void *)small),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w,
            aerocmd_append_set_samplers(&w, AEROCMD_SHADER_PS, 0, 0x40000000u,
                                        (const aerogpu_handle_t *)(const void *)small),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w,
            aerocmd_append_set_samplers(&w, AEROCMD_SHADER_PS, 0, 0x3FFFFFFAu,
                                        (const aerogpu_handle_t *)(const void *)small),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w,
            aerocmd_append_set_samplers(&w, AEROCMD_SHADER_PS, 0, 0x3FFFFFF9u,
                                        (const aerogpu_handle_t *)(const void *)small),
            AEROCMD_E_BUFFER_FULL);
    REFUSED(w,
            aerocmd_append_set_constant_buffers(&w, AEROCMD_SHADER_PS, 0, 0x10000000u,
                                                (const void *)small),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w,
            aerocmd_append_set_shader_resource_buffers(&w, AEROCMD_SHADER_PS, 0, 0x10000000u,
                                                       (const void *)small),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w,
            aerocmd_append_set_unordered_access_buffers(&w, AEROCMD_SHADER_CS, 0, 0x10000000u,
                                                        (const void *)small),
            AEROCMD_E_INVALID_ARG);
    /* 0x0924924A elements of 28 bytes pass 2^32; the one-element array is never walked. */
    REFUSED(w, aerocmd_append_create_input_layout(&w, 1, one, 0x0924924Au), AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_create_input_layout(&w, 1, one, 0x09249249u), AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_create_input_layout_blob(&w, 1, small, 0xFFFFFFE9u),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_debug_marker(&w, (const char *)small, 0xFFFFFFF5u),
            AEROCMD_E_INVALID_ARG);
    REFUSED(w, aerocmd_append_raw(&w, 5, small, 0xFFFFFFF4u), AEROCMD_E_BUFFER_FULL);
}

int main(void)
{
    test_markers_and_flush();
    test_resources();
    test_copies_and_gate();
    test_shaders();
    test_shader_constants();
    test_semantic_hash();
    test_input_layouts();
    test_fixed_function_state();
    test_output_merger_and_ia();
    test_binding_tables();
    test_drawing_and_present();
    test_raw_and_emplace();
    test_stage_ex_gate();
    test_size_overflow();
    return check_finish();
}
