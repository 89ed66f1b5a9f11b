/* SPDX-License-Identifier: MIT */
/* Pixel tests: clears, triangle coverage and the top-left rule, viewport and scissor, face
 * culling, depth tests, multiple targets with a gap, and instanced / indexed draws with
 * base vertex and first index. Expectations follow Direct3D 10/11's rasterisation rules:
 * pixel centres at (x + 0.5, y + 0.5); a centre exactly on an edge is inside only for a
 * top or left edge; clockwise triangles are front-facing unless front_ccw is set. Also a
 * geometry shader between them, and indexed draws without indices (they read 0). */
#include "pixels_kit.h"

static const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
static const float white[4] = {1.0f, 1.0f, 1.0f, 1.0f};
static const uint8_t black8[4] = {0, 0, 0, 255};
static const uint8_t white8[4] = {255, 255, 255, 255};

static void clears(void)
{
    static const float c[4] = {0.2f, 0.4f, 0.6f, 0.8f};
    static const float red_no_alpha[4] = {1.0f, 0.0f, 0.0f, 0.0f};
    struct aerocmd_exec_image img;
    uint8_t want[4];
    uint32_t rgba, bgra, bgrx, i;
    struct px p;
    if (!px_start(&p))
        return;
    rgba = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 4, c);
    bgra = px_target(&p, AEROGPU_FORMAT_B8G8R8A8_UNORM, 4, 4, red_no_alpha);
    bgrx = px_target(&p, AEROGPU_FORMAT_B8G8R8X8_UNORM, 4, 4, red_no_alpha);
    px_submit(&p);
    for (i = 0; i < 4; i++)
        want[i] = px_unorm8(c[i]);
    if (px_read(&p, rgba, &img))
        px_expect(&img, 3, 3, want, "R8G8B8A8 clear: each channel round(v x 255)");
    aerocmd_exec_image_release(&img);
    if (px_read(&p, bgra, &img)) {
        static const uint8_t red0[4] = {255, 0, 0, 0};
        static const uint8_t raw[4] = {0x00, 0x00, 0xFF, 0x00}; /* B, G, R, A in memory */
        px_expect(&img, 0, 0, red0, "B8G8R8A8 clear keeps alpha 0");
        CHECK(img.raw != NULL && memcmp(img.raw, raw, 4) == 0);
    }
    aerocmd_exec_image_release(&img);
    if (px_read(&p, bgrx, &img)) {
        static const uint8_t red1[4] = {255, 0, 0, 255};
        px_expect(&img, 1, 2, red1, "B8G8R8X8 has no alpha: it reads as opaque");
    }
    aerocmd_exec_image_release(&img);
    px_stop(&p);
}

/* The 3x3-pixel square (2.5, 1.5)-(5.5, 4.5): its left and top edges run through pixel
 * centres (inside), its right and bottom edges too (outside), and its diagonal passes
 * through the centre (3.5, 3.5), which one of the two triangles owns. */
static int square_covers(uint32_t x, uint32_t y)
{
    return x >= 2 && x <= 4 && y >= 1 && y <= 3;
}

/* The triangle (0,0) (8,0) (0,8): centres with x + y + 1 == 8 lie on its hypotenuse, a
 * right/bottom edge. */
static int triangle_covers(uint32_t x, uint32_t y)
{
    return x + y <= 6;
}

static void coverage(void)
{
    static const float quarter[4] = {0.25f, 0.25f, 0.25f, 0.25f};
    static const float none[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    static const uint8_t once[4] = {64, 64, 64, 64}, zero[4] = {0, 0, 0, 0};
    struct aerogpu_blend_state add;
    struct aerocmd_exec_image img;
    struct px_vertex v[3];
    uint32_t sq, tri;
    struct px p;
    if (!px_start(&p))
        return;
    px_color_pipeline(&p);
    memset(&add, 0, sizeof(add));
    add.enable = 1;
    add.src_factor = add.dst_factor = add.src_factor_alpha = add.dst_factor_alpha =
        AEROGPU_BLEND_ONE;
    add.color_write_mask = 0xF;
    add.sample_mask = 0xFFFFFFFFu;
    CHECK(aerocmd_append_set_blend_state(&p.w, &add) == AEROCMD_OK);
    sq = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, none);
    px_rect(&p, px_ndc_x(2.5f, 8), px_ndc_y(4.5f, 8), px_ndc_x(5.5f, 8), px_ndc_y(1.5f, 8), 0.0f,
            quarter);
    tri = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, none);
    px_vertex(&v[0], -1.0f, 1.0f, 0.0f, quarter);
    px_vertex(&v[1], 1.0f, 1.0f, 0.0f, quarter);
    px_vertex(&v[2], -1.0f, -1.0f, 0.0f, quarter);
    px_draw(&p, v, 3);
    px_submit(&p);
    if (px_read(&p, sq, &img))
        px_expect_map(&img, square_covers, once, zero,
                      "top-left rule: left/top edges in, right/bottom out, shared edge once");
    aerocmd_exec_image_release(&img);
    if (px_read(&p, tri, &img))
        px_expect_map(&img, triangle_covers, once, zero,
                      "triangle coverage: centres inside, on the hypotenuse out");
    aerocmd_exec_image_release(&img);
    px_stop(&p);
}

static int viewport_covers(uint32_t x, uint32_t y)
{
    return x >= 2 && x < 6 && y >= 2 && y < 6;
}

static int scissor_covers(uint32_t x, uint32_t y)
{
    return x >= 1 && x < 4 && y >= 3 && y < 5;
}

static void viewport_scissor(void)
{
    struct aerogpu_rasterizer_state rs;
    struct aerocmd_exec_image img;
    uint32_t vp, sc;
    struct px p;
    if (!px_start(&p))
        return;
    px_color_pipeline(&p);
    vp = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
    px_viewport(&p, 2.0f, 2.0f, 4.0f, 4.0f);
    px_rect(&p, -1.0f, -1.0f, 1.0f, 1.0f, 0.0f, white);
    sc = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
    memset(&rs, 0, sizeof(rs));
    rs.cull_mode = AEROGPU_CULL_NONE;
    rs.scissor_enable = 1;
    CHECK(aerocmd_append_set_rasterizer_state(&p.w, &rs) == AEROCMD_OK);
    CHECK(aerocmd_append_set_scissor(&p.w, 1, 3, 3, 2) == AEROCMD_OK);
    px_rect(&p, -1.0f, -1.0f, 1.0f, 1.0f, 0.0f, white);
    px_submit(&p);
    if (px_read(&p, vp, &img))
        px_expect_map(&img, viewport_covers, white8, black8, "viewport (2,2) 4x4");
    aerocmd_exec_image_release(&img);
    if (px_read(&p, sc, &img))
        px_expect_map(&img, scissor_covers, white8, black8, "scissor (1,3) 3x2");
    aerocmd_exec_image_release(&img);
    px_stop(&p);
}

/* One big triangle, clockwise or counter-clockwise on screen, under a cull mode and
 * winding convention; 1 when pixel (1,1) was drawn. */
static int drawn(struct px *p, uint32_t cull, uint32_t front_ccw, int clockwise)
{
    struct aerogpu_rasterizer_state rs;
    struct aerocmd_exec_image img;
    struct px_vertex v[3];
    uint32_t rt;
    int was = -1;
    memset(&rs, 0, sizeof(rs));
    rs.cull_mode = cull;
    rs.front_ccw = front_ccw;
    CHECK(aerocmd_append_set_rasterizer_state(&p->w, &rs) == AEROCMD_OK);
    rt = px_target(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 4, black);
    px_vertex(&v[0], -1.0f, 1.0f, 0.0f, white);
    px_vertex(&v[clockwise ? 1 : 2], 1.0f, 1.0f, 0.0f, white);
    px_vertex(&v[clockwise ? 2 : 1], -1.0f, -1.0f, 0.0f, white);
    px_draw(p, v, 3);
    if (px_submit(p) && px_read(p, rt, &img) && img.rgba8 != NULL)
        was = img.rgba8[(1 * 4 + 1) * 4] == 255;
    aerocmd_exec_image_release(&img);
    return was;
}

static void culling(void)
{
    struct px p;
    if (!px_start(&p))
        return;
    px_color_pipeline(&p);
    /* Screen (0,0) -> (4,0) -> (0,4) turns clockwise (y grows downwards). */
    CHECK(drawn(&p, AEROGPU_CULL_BACK, 0, 1) == 1);
    CHECK(drawn(&p, AEROGPU_CULL_BACK, 0, 0) == 0);
    CHECK(drawn(&p, AEROGPU_CULL_FRONT, 0, 1) == 0);
    CHECK(drawn(&p, AEROGPU_CULL_FRONT, 0, 0) == 1);
    CHECK(drawn(&p, AEROGPU_CULL_BACK, 1, 1) == 0);
    CHECK(drawn(&p, AEROGPU_CULL_BACK, 1, 0) == 1);
    CHECK(drawn(&p, AEROGPU_CULL_FRONT, 1, 1) == 1);
    CHECK(drawn(&p, AEROGPU_CULL_FRONT, 1, 0) == 0);
    CHECK(drawn(&p, AEROGPU_CULL_NONE, 0, 0) == 1);
    CHECK(drawn(&p, AEROGPU_CULL_NONE, 1, 1) == 1);
    px_stop(&p);
}

struct depth_case {
    uint32_t format, func, write;
    float z;
    int drawn;
    float depth_after;
};

static void depth_case(struct px *p, const struct depth_case *c)
{
    struct aerogpu_depth_stencil_state ds;
    struct aerocmd_exec_image img;
    uint32_t none[4] = {0, 0, 0, 0}, rt, dsv;
    char what[96];
    memset(&ds, 0, sizeof(ds));
    ds.depth_enable = 1;
    ds.depth_write_enable = c->write;
    ds.depth_func = c->func;
    CHECK(aerocmd_append_set_depth_stencil_state(&p->w, &ds) == AEROCMD_OK);
    dsv = px_texture(p, c->format, 4, 4);
    rt = px_target_depth(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 4, black, dsv);
    CHECK(aerocmd_append_clear(&p->w, AEROGPU_CLEAR_DEPTH, none, px_f32(0.5f), 0) == AEROCMD_OK);
    px_rect(p, -1.0f, -1.0f, 1.0f, 1.0f, c->z, white);
    if (!px_submit(p))
        return;
    snprintf(what, sizeof(what), "depth func %u, write %u, z %.2f vs 0.5: %s", c->func, c->write,
             (double)c->z, c->drawn ? "drawn" : "not drawn");
    if (px_read(p, rt, &img))
        px_expect(&img, 2, 1, c->drawn ? white8 : black8, what);
    aerocmd_exec_image_release(&img);
    if (px_read(p, dsv, &img) && CHECK(img.rgba32f != NULL)) {
        if (c->format == AEROGPU_FORMAT_D32_FLOAT) {
            CHECK(img.rgba32f[0] == c->depth_after);
        } else {
            uint32_t d24;
            memcpy(&d24, img.raw, 4);
            /* float -> UNORM24, round to nearest; the stencil byte is masked */
            CHECK_EQ(d24 & 0xFFFFFFu, (uint32_t)floor(c->depth_after * 16777215.0 + 0.5));
        }
    }
    aerocmd_exec_image_release(&img);
}

static void depth(void)
{
    static const struct depth_case cases[] = {
        {AEROGPU_FORMAT_D32_FLOAT, AEROGPU_COMPARE_LESS, 1, 0.25f, 1, 0.25f},
        {AEROGPU_FORMAT_D32_FLOAT, AEROGPU_COMPARE_LESS, 1, 0.75f, 0, 0.5f},
        {AEROGPU_FORMAT_D32_FLOAT, AEROGPU_COMPARE_GREATER, 1, 0.75f, 1, 0.75f},
        {AEROGPU_FORMAT_D32_FLOAT, AEROGPU_COMPARE_GREATER, 1, 0.25f, 0, 0.5f},
        {AEROGPU_FORMAT_D32_FLOAT, AEROGPU_COMPARE_EQUAL, 1, 0.5f, 1, 0.5f},
        {AEROGPU_FORMAT_D32_FLOAT, AEROGPU_COMPARE_EQUAL, 1, 0.25f, 0, 0.5f},
        {AEROGPU_FORMAT_D32_FLOAT, AEROGPU_COMPARE_LESS, 0, 0.25f, 1, 0.5f},
        {AEROGPU_FORMAT_D32_FLOAT, AEROGPU_COMPARE_GREATER, 0, 0.75f, 1, 0.5f},
        /* EQUAL with writes off: the test still passes or fails, the buffer keeps 0.5 */
        {AEROGPU_FORMAT_D32_FLOAT, AEROGPU_COMPARE_EQUAL, 0, 0.5f, 1, 0.5f},
        {AEROGPU_FORMAT_D32_FLOAT, AEROGPU_COMPARE_EQUAL, 0, 0.75f, 0, 0.5f},
        {AEROGPU_FORMAT_D24_UNORM_S8_UINT, AEROGPU_COMPARE_LESS, 1, 0.25f, 1, 0.25f},
        {AEROGPU_FORMAT_D24_UNORM_S8_UINT, AEROGPU_COMPARE_LESS, 1, 0.75f, 0, 0.5f},
        {AEROGPU_FORMAT_D24_UNORM_S8_UINT, AEROGPU_COMPARE_GREATER, 0, 0.75f, 1, 0.5f},
    };
    struct px p;
    size_t i;
    if (!px_start(&p))
        return;
    px_color_pipeline(&p);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        depth_case(&p, &cases[i]);
    px_stop(&p);
}

/* PS: SV_Target0 red, SV_Target1 green, SV_Target2 blue (declarations first, as the format
 * wants). */
static void build_ps_three(struct aerocmd_sm4_builder *b)
{
    uint32_t i;
    for (i = 0; i < 3; i++)
        aerocmd_sm4_dcl_output(b, i, PX_XYZW);
    for (i = 0; i < 3; i++)
        aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(i, PX_XYZW),
                        aerocmd_sm4_imm4f(i == 0, i == 1, i == 2, 1.0f));
}

static void mrt_gap(void)
{
    static const uint8_t red[4] = {255, 0, 0, 255}, blue[4] = {0, 0, 255, 255};
    aerogpu_handle_t colors[8] = {0};
    struct aerocmd_exec_image img;
    uint32_t a, c, ps;
    struct px p;
    if (!px_start(&p))
        return;
    ps = px_shader(&p, AEROCMD_SHADER_PS, 4, build_ps_three, px_sig_varying, 2, px_sig_targets, 3);
    px_pipeline(&p, ps);
    a = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 4, black);
    c = px_target(&p, AEROGPU_FORMAT_B8G8R8A8_UNORM, 4, 4, black);
    colors[0] = a, colors[2] = c;
    CHECK(aerocmd_append_set_render_targets(&p.w, 3, colors, 0) == AEROCMD_OK);
    px_rect(&p, -1.0f, -1.0f, 1.0f, 1.0f, 0.0f, white);
    px_submit(&p);
    if (px_read(&p, a, &img))
        px_expect(&img, 1, 1, red, "target 0 gets SV_Target0");
    aerocmd_exec_image_release(&img);
    if (px_read(&p, c, &img))
        px_expect(&img, 2, 3, blue, "target 2 gets SV_Target2 across the gap");
    aerocmd_exec_image_release(&img);
    px_stop(&p);
}

/* VS for instanced points: x from the vertex, y from the per-instance ROW. */
static void build_vs_rows(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_input(b, 0, PX_XYZW);
    aerocmd_sm4_dcl_input(b, 1, PX_XYZW);
    aerocmd_sm4_dcl_input(b, 2, AEROCMD_SM4_X);
    aerocmd_sm4_dcl_output_siv(b, 0, PX_XYZW, AEROCMD_SM4_SV_POSITION);
    aerocmd_sm4_dcl_output(b, 1, PX_XYZW);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, PX_XYZW),
                    aerocmd_sm4_v(0, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, AEROCMD_SM4_Y),
                    aerocmd_sm4_v(2, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(1, PX_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYZW));
}

static int instanced_covers(uint32_t x, uint32_t y)
{
    /* DRAW_INDEXED: indices [3], [4] = 9, 10, + base vertex 2 = vertices 11, 12; instances
     * 1 and 2 = rows 1 and 2. DRAW: vertices 3, 4 of instance 3 = row 3. */
    return ((x == 11 || x == 12) && (y == 1 || y == 2)) || ((x == 3 || x == 4) && y == 3);
}

static void instanced_setup(struct px *p)
{
    static const struct aerocmd_umd_signature_entry in[3] = {
        {0, PX_XYZW, 0, PX_FLOAT, "POSITION", 0},
        {1, PX_XYZW, 0, PX_FLOAT, "COLOR", 0},
        {2, AEROCMD_SM4_X, 0, PX_FLOAT, "ROW", 0}};
    static const struct aerocmd_input_element el[3] = {
        {"POSITION", 0, AEROCMD_DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, 0, 0},
        {"COLOR", 0, AEROCMD_DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, 0, 0},
        {"ROW", 0, AEROCMD_DXGI_FORMAT_R32_FLOAT, 1, 0, 1, 1}};
    uint32_t vs = px_shader(p, AEROCMD_SHADER_VS, 4, build_vs_rows, in, 3, px_sig_varying, 2);
    uint32_t ps =
        px_shader(p, AEROCMD_SHADER_PS, 4, px_build_ps_color, px_sig_varying, 2, px_sig_targets, 1);
    uint32_t il = px_handle(p);
    CHECK(aerocmd_append_bind_shaders(&p->w, vs, ps, 0, 0, 0, 0) == AEROCMD_OK);
    CHECK(aerocmd_append_create_input_layout(&p->w, il, el, 3) == AEROCMD_OK);
    CHECK(aerocmd_append_set_input_layout(&p->w, il) == AEROCMD_OK);
    CHECK(aerocmd_append_set_primitive_topology(&p->w, AEROGPU_TOPOLOGY_POINTLIST) == AEROCMD_OK);
}

static void instanced_indexed(void)
{
    static const uint16_t indices[8] = {0, 1, 2, 9, 10, 5, 6, 7};
    struct aerogpu_vertex_buffer_binding vb[2];
    struct px_vertex v[16];
    struct aerocmd_exec_image img;
    float rows[4];
    uint32_t i, rt, ib;
    struct px p;
    if (!px_start(&p))
        return;
    instanced_setup(&p);
    rt = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 16, 4, black);
    for (i = 0; i < 16; i++)
        px_vertex(&v[i], px_ndc_x((float)i + 0.5f, 16), 0.0f, 0.0f, white);
    for (i = 0; i < 4; i++)
        rows[i] = px_ndc_y((float)i + 0.5f, 4);
    vb[0].buffer = px_buffer(&p, v, sizeof(v)), vb[0].stride_bytes = PX_VERTEX;
    vb[1].buffer = px_buffer(&p, rows, sizeof(rows)), vb[1].stride_bytes = 4;
    vb[0].offset_bytes = vb[1].offset_bytes = vb[0].reserved0 = vb[1].reserved0 = 0;
    CHECK(aerocmd_append_set_vertex_buffers(&p.w, 0, 2, vb) == AEROCMD_OK);
    ib = px_buffer(&p, indices, sizeof(indices));
    CHECK(aerocmd_append_set_index_buffer(&p.w, ib, AEROGPU_INDEX_FORMAT_UINT16, 0) == AEROCMD_OK);
    CHECK(aerocmd_append_draw_indexed(&p.w, 2, 2, 3, 2, 1) == AEROCMD_OK);
    CHECK(aerocmd_append_draw(&p.w, 2, 1, 3, 3) == AEROCMD_OK);
    px_submit(&p);
    if (px_read(&p, rt, &img))
        px_expect_map(&img, instanced_covers, white8, black8,
                      "first index, base vertex, first instance, first vertex");
    aerocmd_exec_image_release(&img);
    px_stop(&p);
}

/* Direct3D defines an indexed draw that has no index buffer, or reads one from an offset
 * at or past its end: every index is 0. Points at the centres of pixels 1, 2 and 3 of a 4x1
 * target are vertices 0, 1 and 2: such a draw lights pixel 1 alone; the same buffer read
 * from its start (indices 1, 2) lights pixels 2 and 3. */
static int lit_vertex_0(uint32_t x, uint32_t y)
{
    return y == 0 && x == 1;
}

static int lit_vertices_1_2(uint32_t x, uint32_t y)
{
    return y == 0 && (x == 2 || x == 3);
}

static void indices_draw(struct px *p, uint32_t ib, uint32_t offset, uint32_t count)
{
    uint32_t c[4], i;
    for (i = 0; i < 4; i++)
        c[i] = px_f32(black[i]);
    CHECK(aerocmd_append_clear(&p->w, AEROGPU_CLEAR_COLOR, c, px_f32(1.0f), 0) == AEROCMD_OK);
    CHECK(aerocmd_append_set_index_buffer(&p->w, ib, AEROGPU_INDEX_FORMAT_UINT32, offset) ==
          AEROCMD_OK);
    CHECK(aerocmd_append_draw_indexed(&p->w, count, 1, 0, 0, 0) == AEROCMD_OK);
    px_submit(p);
}

static void missing_indices(void)
{
    static const uint32_t indices[4] = {1, 2, 1, 2};
    struct aerogpu_vertex_buffer_binding vb;
    struct px_vertex v[3];
    struct aerocmd_exec_image img;
    uint32_t i, rt, ib;
    struct px p;
    if (!px_start(&p))
        return;
    px_color_pipeline(&p);
    CHECK(aerocmd_append_set_primitive_topology(&p.w, AEROGPU_TOPOLOGY_POINTLIST) == AEROCMD_OK);
    rt = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 1, black);
    for (i = 0; i < 3; i++)
        px_vertex(&v[i], px_ndc_x((float)i + 1.5f, 4), 0.0f, 0.0f, white);
    vb.buffer = px_buffer(&p, v, sizeof(v)), vb.stride_bytes = PX_VERTEX;
    vb.offset_bytes = vb.reserved0 = 0;
    CHECK(aerocmd_append_set_vertex_buffers(&p.w, 0, 1, &vb) == AEROCMD_OK);
    ib = px_buffer(&p, indices, sizeof(indices));
    indices_draw(&p, 0, 0, 3);
    if (px_read(&p, rt, &img))
        px_expect_map(&img, lit_vertex_0, white8, black8, "no index buffer: indices read 0");
    aerocmd_exec_image_release(&img);
    indices_draw(&p, ib, sizeof(indices), 3);
    if (px_read(&p, rt, &img))
        px_expect_map(&img, lit_vertex_0, white8, black8, "offset at the end: indices read 0");
    aerocmd_exec_image_release(&img);
    indices_draw(&p, ib, 4096, 3);
    if (px_read(&p, rt, &img))
        px_expect_map(&img, lit_vertex_0, white8, black8, "offset past the end: indices read 0");
    aerocmd_exec_image_release(&img);
    indices_draw(&p, ib, 0, 2);
    if (px_read(&p, rt, &img))
        px_expect_map(&img, lit_vertices_1_2, white8, black8, "the buffer from its start");
    aerocmd_exec_image_release(&img);
    px_stop(&p);
}

/* GS: each triangle moved left by one clip-space unit (half an 8-wide target). */
static void build_gs_shift(struct aerocmd_sm4_builder *b)
{
    uint32_t i;
    aerocmd_sm4_dcl_gs_input_siv(b, 3, 0, PX_XYZW, AEROCMD_SM4_SV_POSITION);
    aerocmd_sm4_dcl_gs_input(b, 3, 1, PX_XYZW);
    aerocmd_sm4_dcl_gs_input_primitive(b, AEROCMD_SM4_GS_IN_TRIANGLE);
    aerocmd_sm4_dcl_gs_output_topology(b, AEROCMD_SM4_GS_OUT_TRIANGLESTRIP);
    aerocmd_sm4_dcl_output_siv(b, 0, PX_XYZW, AEROCMD_SM4_SV_POSITION);
    aerocmd_sm4_dcl_output(b, 1, PX_XYZW);
    aerocmd_sm4_dcl_gs_max_vertices(b, 3);
    for (i = 0; i < 3; i++) {
        aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ADD, aerocmd_sm4_o(0, AEROCMD_SM4_X),
                        aerocmd_sm4_gs_v(i, 0, AEROCMD_SM4_SWZ_XXXX),
                        aerocmd_sm4_imm4f(-1.0f, -1.0f, -1.0f, -1.0f));
        aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV,
                        aerocmd_sm4_o(0, AEROCMD_SM4_Y | AEROCMD_SM4_Z | AEROCMD_SM4_W),
                        aerocmd_sm4_gs_v(i, 0, AEROCMD_SM4_SWZ_XYZW));
        aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(1, PX_XYZW),
                        aerocmd_sm4_gs_v(i, 1, AEROCMD_SM4_SWZ_XYZW));
        aerocmd_sm4_instr(b, AEROCMD_SM4_OP_EMIT, NULL, 0);
    }
}

static int left_half(uint32_t x, uint32_t y)
{
    (void)y;
    return x < 4;
}

static void geometry_shader(void)
{
    struct aerocmd_exec_image img;
    uint32_t vs, ps, gs, rt;
    struct px p;
    if (!px_start(&p))
        return;
    px_color_pipeline(&p);
    vs = px_shader(&p, AEROCMD_SHADER_VS, 4, px_build_vs, px_sig_vs_in, 2, px_sig_varying, 2);
    ps = px_shader(&p, AEROCMD_SHADER_PS, 4, px_build_ps_color, px_sig_varying, 2, px_sig_targets,
                   1);
    gs = px_shader(&p, AEROCMD_SHADER_GS, 4, build_gs_shift, px_sig_varying, 2, px_sig_varying, 2);
    CHECK(aerocmd_append_bind_shaders(&p.w, vs, ps, 0, gs, 0, 0) == AEROCMD_OK);
    rt = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 2, black);
    px_rect(&p, 0.0f, -1.0f, 1.0f, 1.0f, 0.0f, white);
    px_submit(&p);
    if (px_read(&p, rt, &img))
        px_expect_map(&img, left_half, white8, black8, "the GS moves the right half left");
    aerocmd_exec_image_release(&img);
    px_stop(&p);
}

/* VS: o1.x = 0.5, then o1.yzw = COLOR.yzw through an identity swizzle (vkd3d 1.2 alone
 * would copy all of COLOR over o1.x; the executor rewrites such movs). */
static void build_vs_masked(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_input(b, 0, PX_XYZW);
    aerocmd_sm4_dcl_input(b, 1, PX_XYZW);
    aerocmd_sm4_dcl_output_siv(b, 0, PX_XYZW, AEROCMD_SM4_SV_POSITION);
    aerocmd_sm4_dcl_output(b, 1, PX_XYZW);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, PX_XYZW),
                    aerocmd_sm4_v(0, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(1, AEROCMD_SM4_X),
                    aerocmd_sm4_imm4f(0.5f, 0.5f, 0.5f, 0.5f));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV,
                    aerocmd_sm4_o(1, AEROCMD_SM4_Y | AEROCMD_SM4_Z | AEROCMD_SM4_W),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYZW));
}

static void masked_moves(void)
{
    static const float cyan[4] = {0.0f, 1.0f, 1.0f, 1.0f};
    const uint8_t want[4] = {px_unorm8(0.5f), 255, 255, 255};
    struct aerocmd_exec_image img;
    uint32_t vs, ps, rt;
    struct px p;
    if (!px_start(&p))
        return;
    px_color_pipeline(&p);
    vs = px_shader(&p, AEROCMD_SHADER_VS, 4, build_vs_masked, px_sig_vs_in, 2, px_sig_varying, 2);
    ps = px_shader(&p, AEROCMD_SHADER_PS, 4, px_build_ps_color, px_sig_varying, 2, px_sig_targets,
                   1);
    CHECK(aerocmd_append_bind_shaders(&p.w, vs, ps, 0, 0, 0, 0) == AEROCMD_OK);
    rt = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 2, 2, black);
    px_rect(&p, -1.0f, -1.0f, 1.0f, 1.0f, 0.0f, cyan);
    px_submit(&p);
    if (px_read(&p, rt, &img))
        px_expect(&img, 1, 1, want, "a masked mov writes only its mask's components");
    aerocmd_exec_image_release(&img);
    px_stop(&p);
}

int main(void)
{
    clears();
    coverage();
    viewport_scissor();
    culling();
    depth();
    mrt_gap();
    instanced_indexed();
    missing_indices();
    geometry_shader();
    masked_moves();
    return check_finish();
}
