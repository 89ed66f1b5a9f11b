/* SPDX-License-Identifier: MIT */
/* golden_scenarios.h — the scenarios of the umd golden tests (issue 4's list, and the host
 * twins of the Wine scenarios of test/shims). Each one drives the state tracker through the
 * fake; test_umd_golden.c validates and disassembles what was submitted. */
#ifndef AEROCMD_TEST_UMD_GOLDEN_SCENARIOS_H
#define AEROCMD_TEST_UMD_GOLDEN_SCENARIOS_H

#include "aerocmd/umd_data.h"
#include "umd_kit.h"

struct golden_case {
    const char *name;
    void (*run)(struct harness *h);
    uint32_t buffer_bytes;
    uint32_t alloc_entries;
};

/* The clear colour of the drawing scenarios: mid grey, unlike anything they draw. */
static const uint32_t scenario_grey[4] = {F32_HALF, F32_HALF, F32_HALF, F32_1};

/* Objects are created one statement at a time: argument evaluation order is unspecified,
 * and the goldens record the order handles were given out.
 * The scene triangle (shaders/scene_shaders.h) over grey, then presented. */
static void sc_triangle(struct harness *h)
{
    struct aerocmd_umd_view *target = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_triangle_vb(h), target, NULL);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, target, scenario_grey), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_present(h->ctx, 1), AEROCMD_OK);
}

/* The scene quad (indexed) sampling a 4x4 texture with initial data, over grey: its first
 * row red, green, blue, white, the rest transparent black. backed: the texture lives in a
 * guest allocation (the host model reads it through RESOURCE_DIRTY_RANGE); otherwise the
 * host owns it and the texels arrive with UPLOAD_RESOURCE, as on the DDI path where a
 * DEFAULT texture is always host-owned. */
static void indexed_quad_texture(struct harness *h, uint32_t backed)
{
    static const uint32_t texels[16] = {0xFF0000FFu, 0xFF00FF00u, 0xFFFF0000u, 0xFFFFFFFFu};
    struct aerocmd_umd_buffer_desc vbd =
        buffer_desc(sizeof scene_quad, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_buffer_desc ibd =
        buffer_desc(sizeof scene_quad_indices, AEROCMD_UMD_BIND_INDEX_BUFFER, 0);
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(4, 4, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, backed);
    struct aerocmd_umd_subresource_data init = {texels, 16};
    struct aerocmd_umd_view *srv;
    const struct aerocmd_umd_sampler *smp;
    struct aerocmd_umd_view *target = kit_target(h, 64, 64);
    kit_bind_pipeline(h, 1, kit_buffer(h, &vbd, scene_quad), target, NULL);
    CHECK_EQ(aerocmd_umd_set_index_buffer(h->ctx, kit_buffer(h, &ibd, scene_quad_indices),
                                          DXGI_R16_UINT, 0),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, target, scenario_grey), AEROCMD_OK);
    srv = kit_view(h, AEROCMD_VIEW_SHADER_RESOURCE, kit_texture(h, &td, &init));
    smp = kit_linear_sampler(h);
    CHECK_EQ(aerocmd_umd_set_shader_resources(h->ctx, AEROCMD_SHADER_PS, 0, 1, &srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_samplers(h->ctx, AEROCMD_SHADER_PS, 0, 1, &smp), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_indexed(h->ctx, 6, 0, 0), AEROCMD_OK);
}

static void sc_indexed_quad_texture(struct harness *h)
{
    indexed_quad_texture(h, 1);
}

/* The same scene with the placement a DDI-created DEFAULT texture gets: the Wine replay of
 * indexed_quad_texture is compared with this one. */
static void sc_indexed_quad_texture_host(struct harness *h)
{
    indexed_quad_texture(h, 0);
}

/* The triangle at depth 0 over grey, tested LESS against a depth cleared to 1: drawn. */
static void sc_depth_test(struct harness *h)
{
    const uint32_t *grey = scenario_grey;
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(64, 64, DXGI_D24_UNORM_S8, AEROCMD_UMD_BIND_DEPTH_STENCIL, 0);
    struct aerocmd_umd_depth_stencil_desc dd;
    struct aerocmd_umd_depth_stencil_state *ds = NULL;
    struct aerocmd_umd_view *rtv = kit_target(h, 64, 64);
    struct aerocmd_umd_view *dsv =
        kit_view(h, AEROCMD_VIEW_DEPTH_STENCIL, kit_texture(h, &td, NULL));
    void *mem = kit_take(aerocmd_umd_depth_stencil_state_size());
    memset(&dd, 0, sizeof dd);
    dd.depth_enable = 1;
    dd.depth_write = 1;
    dd.depth_func = AEROCMD_UMD_COMPARISON_LESS;
    dd.stencil_read_mask = 0xFF;
    dd.stencil_write_mask = 0xFF;
    CHECK_EQ(aerocmd_umd_create_depth_stencil_state(
                 h->dev, mem, aerocmd_umd_depth_stencil_state_size(), &dd, &ds),
             AEROCMD_OK);
    kit_bind_basic(h, kit_triangle_vb(h), rtv, dsv);
    aerocmd_umd_set_depth_stencil_state(h->ctx, ds, 0);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, rtv, grey), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_depth_stencil(h->ctx, dsv, AEROGPU_CLEAR_DEPTH, F32_1, 0),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
}

/* Two grey targets and the MRT pixel shader (colour, .gbra, .brga to targets 0, 1, 2): with
 * [A, -, B] bound, A gets the colour and B the .brga one; then with [-, B], B gets .gbra. */
static void sc_mrt_gaps(struct harness *h)
{
    struct aerocmd_umd_view *rtvs[3];
    rtvs[0] = kit_target(h, 64, 64);
    rtvs[1] = NULL;
    rtvs[2] = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_triangle_vb(h), rtvs[0], NULL);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_PS, kit_shader(h, SCENE_PS_MRT)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, rtvs[0], scenario_grey), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, rtvs[2], scenario_grey), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_render_targets(h->ctx, 3, rtvs, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    /* Slot 0 empty, slot 1 holds the old slot-2 target: the count is the runtime's. */
    rtvs[0] = NULL;
    rtvs[1] = rtvs[2];
    CHECK_EQ(aerocmd_umd_set_render_targets(h->ctx, 2, rtvs, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
}

/* Over grey: the triangle through the shifting geometry shader (drawn one viewport half to
 * the left), then without it (in place). */
static void sc_gs_bound(struct harness *h)
{
    struct aerocmd_umd_buffer_desc cbd = buffer_desc(256, AEROCMD_UMD_BIND_CONSTANT_BUFFER, 0);
    struct aerocmd_umd_resource *cb = kit_buffer(h, &cbd, NULL);
    struct aerocmd_umd_view *target = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_triangle_vb(h), target, NULL);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, target, scenario_grey), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_GS, kit_shader(h, SCENE_GS_SHIFT)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_constant_buffers(h->ctx, AEROCMD_SHADER_GS, 0, 1, &cb, NULL, NULL),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_GS, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
}

static void sc_compute_dispatch(struct harness *h)
{
    struct aerocmd_umd_buffer_desc cbd = buffer_desc(64, AEROCMD_UMD_BIND_CONSTANT_BUFFER, 0);
    struct aerocmd_umd_buffer_desc sbd = buffer_desc(256, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *cb = kit_buffer(h, &cbd, NULL);
    struct aerocmd_umd_resource *sb;
    struct aerocmd_umd_view_desc vd;
    struct aerocmd_umd_view *srv = NULL;
    void *mem = kit_take(aerocmd_umd_view_size());
    sbd.misc_flags = AEROCMD_UMD_MISC_BUFFER_STRUCTURED; /* a structured view needs it */
    sbd.structure_stride = 16;
    sb = kit_buffer(h, &sbd, NULL);
    memset(&vd, 0, sizeof vd);
    vd.first_element = 2;
    vd.element_count = 8;
    vd.element_bytes = 16;
    CHECK_EQ(aerocmd_umd_create_view(h->dev, mem, aerocmd_umd_view_size(),
                                     AEROCMD_VIEW_SHADER_RESOURCE, sb, &vd, &srv),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_CS, kit_shader(h, SCENE_CS_READ)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_constant_buffers(h->ctx, AEROCMD_SHADER_CS, 0, 1, &cb, NULL, NULL),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader_resources(h->ctx, AEROCMD_SHADER_CS, 1, 1, &srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h->ctx, 4, 2, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h->ctx, 1, 1, 1), AEROCMD_OK);
}

static void sc_hazard_unbind(struct harness *h)
{
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(64, 64, DXGI_B8G8R8A8_UNORM,
                     AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *tex = kit_texture(h, &td, NULL);
    struct aerocmd_umd_view *srv = kit_view(h, AEROCMD_VIEW_SHADER_RESOURCE, tex);
    struct aerocmd_umd_view *rtv = kit_view(h, AEROCMD_VIEW_RENDER_TARGET, tex);
    struct aerocmd_umd_view *other = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_triangle_vb(h), other, NULL);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, other, scenario_grey), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, rtv, scenario_grey), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader_resources(h->ctx, AEROCMD_SHADER_PS, 2, 1, &srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader_resources(h->ctx, AEROCMD_SHADER_VS, 0, 1, &srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    /* As a target it leaves both SRV slots ... */
    CHECK_EQ(aerocmd_umd_set_render_targets(h->ctx, 1, &rtv, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    /* ... and read again it stops being the target. */
    CHECK_EQ(aerocmd_umd_set_shader_resources(h->ctx, AEROCMD_SHADER_PS, 0, 1, &srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
}

/* The scene triangle's vertices and a fourth, white one at (0.5, 0): the last draw starts
 * one vertex later, at the clockwise triangle (0, 1) green, (1, 0) blue, (0.5, 0) white. */
static struct aerocmd_umd_resource *redundant_vb(struct harness *h)
{
    static float verts[4 * 7];
    static const float white[7] = {0.5f, 0, 0, 1, 1, 1, 1};
    struct aerocmd_umd_buffer_desc bd =
        buffer_desc(sizeof verts, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    memcpy(verts, scene_triangle, sizeof scene_triangle);
    memcpy(verts + 21, white, sizeof white);
    return kit_buffer(h, &bd, verts);
}

static void sc_redundant_bind(struct harness *h)
{
    struct aerocmd_umd_resource *vb = redundant_vb(h);
    struct aerocmd_umd_view *rtv = kit_target(h, 64, 64);
    struct aerocmd_umd_viewport vp = {F32_0, F32_0, F32_64, F32_64, F32_0, F32_1};
    uint32_t stride = SCENE_COLOR_STRIDE, offset = 0;
    kit_bind_basic(h, vb, rtv, NULL);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, rtv, scenario_grey), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h->ctx, 0, 1, &vb, &stride, &offset), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_topology(h->ctx, D3D_TRIANGLELIST), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_render_targets(h->ctx, 1, &rtv, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_viewports(h->ctx, 1, &vp), AEROCMD_OK);
    aerocmd_umd_set_blend_state(h->ctx, NULL, NULL, 0xFFFFFFFFu);
    aerocmd_umd_set_depth_stencil_state(h->ctx, NULL, 0);
    aerocmd_umd_set_rasterizer_state(h->ctx, NULL);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK); /* exactly one DRAW */
    offset = SCENE_COLOR_STRIDE; /* one real change: one SET_VERTEX_BUFFERS */
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h->ctx, 0, 1, &vb, &stride, &offset), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
}

/* The shared test frame in 512-byte command buffers (room for its largest packet, the
 * vertex shader's create) with 2 allocation-list entries; its concatenated packets must
 * equal an unsplit run's. */
static void sc_split_frame(struct harness *h)
{
    static struct harness big;
    static struct scene s;
    static uint8_t whole[65536], parts[65536];
    size_t whole_len, parts_len;
    CHECK_EQ(scene_create(h, &s, 1), AEROCMD_OK);
    CHECK_EQ(scene_frame(h, &s), AEROCMD_OK);
    scene_destroy(&s);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    CHECK(h->fake.submission_count > 6);
    parts_len = concat_packets(&h->fake, parts, sizeof parts);
    if (!CHECK(harness_open(&big, 65536, 64)))
        return;
    CHECK_EQ(scene_create(&big, &s, 1), AEROCMD_OK);
    CHECK_EQ(scene_frame(&big, &s), AEROCMD_OK);
    scene_destroy(&s);
    CHECK_EQ(aerocmd_umd_flush(big.ctx), AEROCMD_OK);
    whole_len = concat_packets(&big.fake, whole, sizeof whole);
    CHECK(whole_len > 0);
    CHECK_EQ(parts_len, whole_len);
    CHECK(memcmp(parts, whole, whole_len) == 0);
    harness_close(&big);
}

/* A dynamic constant buffer rewritten (Map DISCARD) between two draws: each Unmap is one
 * UPLOAD_RESOURCE of the whole buffer, in stream order before the draw that reads it. The
 * CB vertex shader moves the triangle by cb0[0] and colours it cb0[1]: frame 1 magenta one
 * viewport half to the left, frame 2 cyan one half down (scenario_cb_frames). */
static void sc_dynamic_cb(struct harness *h)
{
    struct aerocmd_umd_buffer_desc cbd = buffer_desc(32, AEROCMD_UMD_BIND_CONSTANT_BUFFER, 0);
    struct aerocmd_umd_resource *cb;
    struct aerocmd_umd_mapped m;
    uint32_t frame;
    cbd.usage = AEROCMD_UMD_USAGE_DYNAMIC;
    cbd.cpu_access = AEROCMD_UMD_CPU_ACCESS_WRITE;
    cb = kit_buffer(h, &cbd, NULL);
    struct aerocmd_umd_view *target = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_triangle_vb(h), target, NULL);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_VS, kit_shader(h, SCENE_VS_CB)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, target, scenario_grey), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_constant_buffers(h->ctx, AEROCMD_SHADER_VS, 0, 1, &cb, NULL, NULL),
             AEROCMD_OK);
    for (frame = 1; frame <= 2; frame++) {
        if (!CHECK_EQ(aerocmd_umd_map(h->ctx, cb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m),
                      AEROCMD_OK))
            return;
        memcpy(m.data, scene_cb_frames[frame - 1], sizeof scene_cb_frames[0]);
        CHECK_EQ(aerocmd_umd_unmap(h->ctx, cb, 0), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    }
    CHECK_EQ(aerocmd_umd_destroy_resource(cb), AEROCMD_OK);
}

/* Clear a target, CopyResource into a staging texture (WRITEBACK_DST, listed writable),
 * Map(READ) after the flush. */
static void sc_readback(struct harness *h)
{
    static const uint32_t green[4] = {F32_0, F32_1, F32_0, F32_1};
    struct aerocmd_umd_texture2d_desc sd = texture_desc(8, 8, DXGI_B8G8R8A8_UNORM, 0, 0);
    struct aerocmd_umd_texture2d_desc rd =
        texture_desc(8, 8, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_resource *rt = kit_texture(h, &rd, NULL);
    struct aerocmd_umd_view *rtv = kit_view(h, AEROCMD_VIEW_RENDER_TARGET, rt);
    struct aerocmd_umd_resource *staging;
    struct aerocmd_umd_mapped m;
    sd.usage = AEROCMD_UMD_USAGE_STAGING;
    sd.cpu_access = AEROCMD_UMD_CPU_ACCESS_READ;
    staging = kit_texture(h, &sd, NULL);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, rtv, green), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h->ctx, staging, 0, 0, 0, 0, rt, 0, NULL),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_map(h->ctx, staging, 0, AEROCMD_UMD_MAP_READ, 0, &m), AEROCMD_OK);
    CHECK(m.data != NULL && ((const uint8_t *)m.data)[1] == 0xFF &&
          ((const uint8_t *)m.data)[2] == 0);
    CHECK_EQ(aerocmd_umd_unmap(h->ctx, staging, 0), AEROCMD_OK);
}

/* ---- host twins of the Wine scenarios of test/shims -------------------------------------
 * Each makes the library calls the shim makes for its Wine scenario's DDI calls, in the
 * same order, so test/shims/run_wine.py compares the DDI path's stream with its file. */

/* D3D10 and D3D10.1 (scenarios.c's CLEAR_SCENARIO, through each of their device tables): a
 * 16x16 render target cleared blue. */
static void sc_clear(struct harness *h)
{
    static const uint32_t blue[4] = {F32_0, F32_0, F32_1, F32_1};
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(16, 16, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_view *rtv =
        kit_view(h, AEROCMD_VIEW_RENDER_TARGET, kit_texture(h, &td, NULL));
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, rtv, blue), AEROCMD_OK);
}

/* A three-buffer swap chain rotated twice (DXGI's RotateResourceIdentities), the view over
 * buffer 0 cleared before and after each rotation: it clears buffers 0, 1 and 2 in turn. */
static void sc_rotate_three(struct harness *h)
{
    static const uint32_t red[4] = {F32_1, F32_0, F32_0, F32_1};
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(32, 32, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_resource *bufs[3];
    struct aerocmd_umd_view *rtv;
    uint32_t i, last;
    for (i = 0; i < 3; i++)
        bufs[i] = kit_texture(h, &td, NULL);
    last = aerocmd_umd_resource_handle(bufs[2]);
    rtv = kit_view(h, AEROCMD_VIEW_RENDER_TARGET, bufs[0]);
    CHECK_EQ(aerocmd_umd_set_render_targets(h->ctx, 1, &rtv, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, rtv, red), AEROCMD_OK);
    for (i = 0; i < 2; i++) {
        CHECK_EQ(aerocmd_umd_rotate_resources(h->ctx, bufs, 3), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, rtv, red), AEROCMD_OK);
    }
    CHECK_EQ(aerocmd_umd_view_handle(rtv), last);
}

/* A host-owned buffer with these misc flags and structure stride (and data, or NULL). */
static struct aerocmd_umd_resource *twin_buffer_data(struct harness *h, uint32_t size,
                                                     uint32_t bind, uint32_t misc, uint32_t stride,
                                                     const void *data)
{
    struct aerocmd_umd_buffer_desc d = buffer_desc(size, bind, 0);
    d.misc_flags = misc;
    d.structure_stride = stride;
    return kit_buffer(h, &d, data);
}

static struct aerocmd_umd_resource *twin_buffer(struct harness *h, uint32_t size, uint32_t bind,
                                                uint32_t misc, uint32_t stride)
{
    return twin_buffer_data(h, size, bind, misc, stride, NULL);
}

/* Rewrites a dynamic buffer through a discard map: a dispatch of 3x2x1 at offset 0, a draw
 * of 3 vertices, 1 instance at offset 12. */
static void twin_fill_indirect_args(struct harness *h, struct aerocmd_umd_resource *args)
{
    static const uint32_t words[7] = {3, 2, 1, 3, 1, 0, 0};
    struct aerocmd_umd_mapped m;
    if (!CHECK_EQ(aerocmd_umd_map(h->ctx, args, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m),
                  AEROCMD_OK))
        return;
    memcpy(m.data, words, sizeof words);
    CHECK_EQ(aerocmd_umd_unmap(h->ctx, args, 0), AEROCMD_OK);
}

/* Compute-stage unordered access (scenario_compute.c's compute_uav): a Uint and a Float
 * clear, a bind with an initial count, CopyStructureCount before any dispatch, a direct and
 * an indirect dispatch, an indirect draw. */
static void sc_compute_uav(struct harness *h)
{
    static const uint32_t seven[4] = {7, 7, 7, 7};
    static const uint32_t one[4] = {F32_1, F32_1, F32_1, F32_1};
    struct aerocmd_umd_buffer_desc ad = buffer_desc(32, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *data =
        twin_buffer(h, 256, AEROCMD_UMD_BIND_UNORDERED_ACCESS, 0, 0);
    struct aerocmd_umd_resource *list = twin_buffer(h, 64, AEROCMD_UMD_BIND_UNORDERED_ACCESS,
                                                    AEROCMD_UMD_MISC_BUFFER_STRUCTURED, 16);
    struct aerocmd_umd_resource *count_dst =
        twin_buffer(h, 16, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0, 0);
    struct aerocmd_umd_resource *args;
    struct aerocmd_umd_uav *uavs[2], *as_float;
    struct aerocmd_umd_view *rtv;
    uint32_t counts[2] = {5 /* ignored: no counter */, 3};
    ad.usage = AEROCMD_UMD_USAGE_DYNAMIC;
    ad.cpu_access = AEROCMD_UMD_CPU_ACCESS_WRITE;
    args = kit_buffer(h, &ad, NULL);
    uavs[0] = kit_uav(h, data, DXGI_R32_UINT, 4, 32, 0, 0, AEROCMD_UMD_UAV_KEEP_COUNT);
    uavs[1] =
        kit_uav(h, list, 0, 0, 4, 0, AEROCMD_UMD_UAV_FLAG_COUNTER, AEROCMD_UMD_UAV_KEEP_COUNT);
    as_float = kit_uav(h, data, DXGI_R32_FLOAT, 0, 4, 0, 0, AEROCMD_UMD_UAV_KEEP_COUNT);
    CHECK_EQ(aerocmd_umd_clear_uav_uint(h->ctx, uavs[0], seven), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_uav_float(h->ctx, as_float, one), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_CS, kit_shader(h, SCENE_CS_UAV)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h->ctx, 0, 2, uavs, counts), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_structure_count(h->ctx, count_dst, 4, uavs[1]), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h->ctx, 2, 1, 1), AEROCMD_OK);
    twin_fill_indirect_args(h, args);
    CHECK_EQ(aerocmd_umd_dispatch_indirect(h->ctx, args, 0), AEROCMD_OK);
    rtv = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_triangle_vb(h), rtv, NULL);
    CHECK_EQ(aerocmd_umd_draw_instanced_indirect(h->ctx, args, 12), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_uav(as_float), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_uav(uavs[1]), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_uav(uavs[0]), AEROCMD_OK);
    /* Its CPU shadow comes from the device's allocator, which must end with nothing held. */
    CHECK_EQ(aerocmd_umd_destroy_resource(args), AEROCMD_OK);
}

/* A shader-resource view of elements [first, first + count) of a buffer. */
static struct aerocmd_umd_view *twin_buffer_srv(struct harness *h, struct aerocmd_umd_resource *res,
                                                uint32_t format, uint32_t first, uint32_t count,
                                                uint32_t flags)
{
    struct aerocmd_umd_view *view = NULL;
    struct aerocmd_umd_view_desc d = buffer_view(format, first, count, flags);
    CHECK_EQ(kit_try_view(h, AEROCMD_VIEW_SHADER_RESOURCE, res, &d, &view), AEROCMD_OK);
    return view;
}

/* Structured and raw buffers read by a compute shader (scenario_compute.c's
 * compute_buffer_views): a structured view of format 0, a raw view, a structured view of
 * the whole buffer, and a raw unordered-access view written (SCENE_CS_BUFFER_VIEWS); both
 * sources hold their word index in every word. */
static void sc_compute_buffer_views(struct harness *h)
{
    struct aerocmd_umd_resource *structured =
        twin_buffer_data(h, 256, AEROCMD_UMD_BIND_SHADER_RESOURCE,
                         AEROCMD_UMD_MISC_BUFFER_STRUCTURED, 16, scene_index_words());
    struct aerocmd_umd_resource *raw =
        twin_buffer_data(h, 128, AEROCMD_UMD_BIND_SHADER_RESOURCE,
                         AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, scene_index_words());
    struct aerocmd_umd_resource *out = twin_buffer(h, 64, AEROCMD_UMD_BIND_UNORDERED_ACCESS,
                                                   AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS, 0);
    struct aerocmd_umd_view *srvs[3];
    struct aerocmd_umd_uav *uav;
    srvs[0] = twin_buffer_srv(h, structured, 0, 3, 5, 0); /* bytes 48..128 */
    srvs[1] = twin_buffer_srv(h, raw, DXGI_R32_TYPELESS, 2, 10, AEROCMD_UMD_VIEW_RAW);
    srvs[2] = twin_buffer_srv(h, structured, 0, 0, 16, 0); /* all of it */
    uav = kit_uav(h, out, DXGI_R32_TYPELESS, 0, 16, 0, AEROCMD_UMD_UAV_FLAG_RAW,
                  AEROCMD_UMD_UAV_KEEP_COUNT);
    CHECK_EQ(
        aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_CS, kit_shader(h, SCENE_CS_BUFFER_VIEWS)),
        AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader_resources(h->ctx, AEROCMD_SHADER_CS, 0, 3, srvs), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h->ctx, 0, 1, &uav, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h->ctx, 4, 1, 1), AEROCMD_OK);
}

/* DXGI's Blt (scenario_blt.c's blt): a cleared 16x16 target blitted 1:1 into a 32x32 one
 * at its origin and at (16, 8); the stretched blit to the whole 32x32 is refused and sends
 * nothing, after a flush (the DDI scenario checks the submission count there). */
static void sc_blt(struct harness *h)
{
    static const uint32_t red[4] = {F32_1, F32_0, F32_0, F32_1};
    struct aerocmd_umd_texture2d_desc sd =
        texture_desc(16, 16, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_texture2d_desc dd =
        texture_desc(32, 32, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_resource *src = kit_texture(h, &sd, NULL);
    struct aerocmd_umd_resource *dst = kit_texture(h, &dd, NULL);
    struct aerocmd_umd_view *rtv = kit_view(h, AEROCMD_VIEW_RENDER_TARGET, src);
    struct aerocmd_umd_blt_desc b;
    memset(&b, 0, sizeof b);
    b.rotation = AEROCMD_UMD_BLT_ROTATION_IDENTITY;
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, rtv, red), AEROCMD_OK);
    b.dst_right = b.dst_bottom = 16;
    CHECK_EQ(aerocmd_umd_blt(h->ctx, dst, src, &b), AEROCMD_OK);
    b.dst_left = 16;
    b.dst_top = 8;
    b.dst_right = 32;
    b.dst_bottom = 24;
    CHECK_EQ(aerocmd_umd_blt(h->ctx, dst, src, &b), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    b.dst_left = b.dst_top = 0;
    b.dst_right = b.dst_bottom = 32;
    b.flags = AEROCMD_UMD_BLT_STRETCH;
    CHECK_EQ(aerocmd_umd_blt(h->ctx, dst, src, &b), AEROCMD_E_NOT_IMPLEMENTED);
}

#define GOLDEN_BIG 65536u, 16u

/* Over grey: alpha blending on target 0, a rasterizer state culling nothing with the scissor
 * on, the scissor (8, 8)-(56, 56), one draw. */
static void sc_states_scissor(struct harness *h)
{
    static const uint32_t factor[4] = {F32_0, F32_0, F32_0, F32_0};
    struct aerocmd_umd_rect scissor = {8, 8, 56, 56};
    struct aerocmd_umd_blend_desc bd;
    struct aerocmd_umd_rasterizer_desc rd;
    struct aerocmd_umd_blend_state *bs = NULL;
    struct aerocmd_umd_rasterizer_state *rs = NULL;
    void *bs_mem, *rs_mem;
    uint32_t i;
    struct aerocmd_umd_view *target = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_triangle_vb(h), target, NULL);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, target, scenario_grey), AEROCMD_OK);
    memset(&bd, 0, sizeof bd);
    for (i = 0; i < 8; i++) {
        bd.targets[i].enable = i == 0;
        bd.targets[i].src = AEROCMD_UMD_BLEND_SRC_ALPHA;
        bd.targets[i].dst = AEROCMD_UMD_BLEND_INV_SRC_ALPHA;
        bd.targets[i].op = 1; /* ADD */
        bd.targets[i].src_alpha = AEROCMD_UMD_BLEND_ONE;
        bd.targets[i].dst_alpha = AEROCMD_UMD_BLEND_ZERO;
        bd.targets[i].op_alpha = 1;
        bd.targets[i].write_mask = 0xF;
    }
    bs_mem = kit_take(aerocmd_umd_blend_state_size());
    CHECK_EQ(
        aerocmd_umd_create_blend_state(h->dev, bs_mem, aerocmd_umd_blend_state_size(), &bd, &bs),
        AEROCMD_OK);
    memset(&rd, 0, sizeof rd);
    rd.fill_mode = 3; /* SOLID */
    rd.cull_mode = 1; /* NONE */
    rd.depth_clip_enable = 1;
    rd.scissor_enable = 1;
    rs_mem = kit_take(aerocmd_umd_rasterizer_state_size());
    CHECK_EQ(aerocmd_umd_create_rasterizer_state(h->dev, rs_mem,
                                                 aerocmd_umd_rasterizer_state_size(), &rd, &rs),
             AEROCMD_OK);
    aerocmd_umd_set_blend_state(h->ctx, bs, factor, 0xFFFFFFFFu);
    aerocmd_umd_set_rasterizer_state(h->ctx, rs);
    CHECK_EQ(aerocmd_umd_set_scissor_rects(h->ctx, 1, &scissor), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
}

/* UpdateSubresourceUP of a whole 8x8 texture and of a 4x4 box of it, CopyResource into a
 * second texture; a constant buffer updated whole, a vertex buffer copied. */
static void sc_update_copy(struct harness *h)
{
    static uint32_t texels[64], box_texels[16], constants[16];
    static const float verts[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    const struct aerocmd_box box = {2, 2, 0, 6, 6, 1};
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(8, 8, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_buffer_desc cbd =
        buffer_desc(sizeof constants, AEROCMD_UMD_BIND_CONSTANT_BUFFER, 0);
    struct aerocmd_umd_buffer_desc vbd =
        buffer_desc(sizeof verts, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_resource *src, *dst, *cb, *vb, *vb_copy;
    uint32_t i;
    for (i = 0; i < 64; i++)
        texels[i] = 0xFF000000u | i;
    for (i = 0; i < 16; i++)
        box_texels[i] = constants[i] = 0xFF00FF00u + i;
    src = kit_texture(h, &td, NULL);
    dst = kit_texture(h, &td, NULL);
    cb = kit_buffer(h, &cbd, NULL);
    vb = kit_buffer(h, &vbd, verts);
    vb_copy = kit_buffer(h, &vbd, NULL);
    CHECK_EQ(aerocmd_umd_update_subresource(h->ctx, src, 0, NULL, texels, 32, 256), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_update_subresource(h->ctx, src, 0, &box, box_texels, 16, 64), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_resource(h->ctx, dst, src), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_update_subresource(h->ctx, cb, 0, NULL, constants, sizeof constants,
                                            sizeof constants),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_resource(h->ctx, vb_copy, vb), AEROCMD_OK);
}

/* Over grey: DrawInstanced and DrawIndexedInstanced over the triangle. */
static void sc_instanced(struct harness *h)
{
    static const uint16_t idx[3] = {0, 1, 2};
    struct aerocmd_umd_buffer_desc ibd = buffer_desc(sizeof idx, AEROCMD_UMD_BIND_INDEX_BUFFER, 0);
    struct aerocmd_umd_view *target = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_triangle_vb(h), target, NULL);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, target, scenario_grey), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_index_buffer(h->ctx, kit_buffer(h, &ibd, idx), DXGI_R16_UINT, 0),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_instanced(h->ctx, 3, 4, 0, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_indexed_instanced(h->ctx, 3, 2, 0, 0, 1), AEROCMD_OK);
}

static const struct golden_case golden_cases[] = {
    {"triangle", sc_triangle, GOLDEN_BIG},
    {"indexed_quad_texture", sc_indexed_quad_texture, GOLDEN_BIG},
    {"indexed_quad_texture_host", sc_indexed_quad_texture_host, GOLDEN_BIG},
    {"depth_test", sc_depth_test, GOLDEN_BIG},
    {"mrt_gaps", sc_mrt_gaps, GOLDEN_BIG},
    {"gs_bound", sc_gs_bound, GOLDEN_BIG},
    {"compute_dispatch", sc_compute_dispatch, GOLDEN_BIG},
    {"hazard_unbind", sc_hazard_unbind, GOLDEN_BIG},
    {"redundant_bind", sc_redundant_bind, GOLDEN_BIG},
    {"dynamic_cb", sc_dynamic_cb, GOLDEN_BIG},
    {"readback", sc_readback, GOLDEN_BIG},
    {"split_frame", sc_split_frame, 512u, 2u},
    {"clear", sc_clear, GOLDEN_BIG},
    {"rotate_three", sc_rotate_three, GOLDEN_BIG},
    {"compute_uav", sc_compute_uav, GOLDEN_BIG},
    {"compute_buffer_views", sc_compute_buffer_views, GOLDEN_BIG},
    {"blt", sc_blt, GOLDEN_BIG},
    {"states_scissor", sc_states_scissor, GOLDEN_BIG},
    {"update_copy", sc_update_copy, GOLDEN_BIG},
    {"instanced", sc_instanced, GOLDEN_BIG},
};

#endif /* AEROCMD_TEST_UMD_GOLDEN_SCENARIOS_H */
