/* golden_scenarios.h — the scenarios of the umd golden tests (issue 4's list). Each one
 * drives the state tracker through the fake; test_umd_golden.c validates and disassembles
 * what was submitted. */
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

/* Objects are created one statement at a time: argument evaluation order is unspecified,
 * and the goldens record the order handles were given out. */
static void sc_triangle(struct harness *h)
{
    struct aerocmd_umd_view *target = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_triangle_vb(h), target, NULL);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_present(h->ctx, 1), AEROCMD_OK);
}

/* An indexed quad sampling a 4x4 texture with initial data. backed: the texture lives in a
 * guest allocation (the host model reads it through RESOURCE_DIRTY_RANGE); otherwise the
 * host owns it and the texels arrive with UPLOAD_RESOURCE, as on the DDI path where a
 * DEFAULT texture is always host-owned. */
static void indexed_quad_texture(struct harness *h, uint32_t backed)
{
    static const float quad[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
    static const uint16_t idx[6] = {0, 1, 2, 2, 1, 3};
    static const uint32_t texels[16] = {0xFF0000FFu, 0xFF00FF00u, 0xFFFF0000u, 0xFFFFFFFFu};
    struct aerocmd_umd_buffer_desc vbd =
        buffer_desc(sizeof quad, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_buffer_desc ibd = buffer_desc(sizeof idx, AEROCMD_UMD_BIND_INDEX_BUFFER, 0);
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(4, 4, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, backed);
    struct aerocmd_umd_subresource_data init = {texels, 16};
    struct aerocmd_umd_view *srv;
    const struct aerocmd_umd_sampler *smp;
    struct aerocmd_umd_view *target = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_buffer(h, &vbd, quad), target, NULL);
    CHECK_EQ(aerocmd_umd_set_index_buffer(h->ctx, kit_buffer(h, &ibd, idx), DXGI_R16_UINT, 0),
             AEROCMD_OK);
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

static void sc_depth_test(struct harness *h)
{
    static const uint32_t grey[4] = {F32_HALF, F32_HALF, F32_HALF, F32_1};
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

static void sc_mrt_gaps(struct harness *h)
{
    struct aerocmd_umd_view *rtvs[3];
    rtvs[0] = kit_target(h, 64, 64);
    rtvs[1] = NULL;
    rtvs[2] = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_triangle_vb(h), rtvs[0], NULL);
    CHECK_EQ(aerocmd_umd_set_render_targets(h->ctx, 3, rtvs, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    /* Slot 0 empty, slot 1 holds the old slot-2 target: the count is the runtime's. */
    rtvs[0] = NULL;
    rtvs[1] = rtvs[2];
    CHECK_EQ(aerocmd_umd_set_render_targets(h->ctx, 2, rtvs, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
}

static void sc_gs_bound(struct harness *h)
{
    struct aerocmd_umd_buffer_desc cbd = buffer_desc(256, AEROCMD_UMD_BIND_CONSTANT_BUFFER, 0);
    struct aerocmd_umd_resource *cb = kit_buffer(h, &cbd, NULL);
    struct aerocmd_umd_view *target = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_triangle_vb(h), target, NULL);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_GS, kit_shader(h, AEROCMD_SHADER_GS, 3)),
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
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_CS, kit_shader(h, AEROCMD_SHADER_CS, 4)),
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

static void sc_redundant_bind(struct harness *h)
{
    struct aerocmd_umd_resource *vb = kit_triangle_vb(h);
    struct aerocmd_umd_view *rtv = kit_target(h, 64, 64);
    struct aerocmd_umd_viewport vp = {F32_0, F32_0, F32_64, F32_64, F32_0, F32_1};
    uint32_t stride = 12, offset = 0;
    kit_bind_basic(h, vb, rtv, NULL);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h->ctx, 0, 1, &vb, &stride, &offset), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_topology(h->ctx, D3D_TRIANGLELIST), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_render_targets(h->ctx, 1, &rtv, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_viewports(h->ctx, 1, &vp), AEROCMD_OK);
    aerocmd_umd_set_blend_state(h->ctx, NULL, NULL, 0xFFFFFFFFu);
    aerocmd_umd_set_depth_stencil_state(h->ctx, NULL, 0);
    aerocmd_umd_set_rasterizer_state(h->ctx, NULL);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK); /* exactly one DRAW */
    offset = 12; /* one real change: one SET_VERTEX_BUFFERS */
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h->ctx, 0, 1, &vb, &stride, &offset), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
}

/* The shared test frame in 160-byte command buffers with 2 allocation-list entries; its
 * concatenated packets must equal an unsplit run's. */
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
    CHECK(h->fake.submission_count > 10);
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
 * UPLOAD_RESOURCE of the whole buffer, in stream order before the draw that reads it. */
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
    CHECK_EQ(aerocmd_umd_set_constant_buffers(h->ctx, AEROCMD_SHADER_VS, 0, 1, &cb, NULL, NULL),
             AEROCMD_OK);
    for (frame = 1; frame <= 2; frame++) {
        if (!CHECK_EQ(aerocmd_umd_map(h->ctx, cb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m),
                      AEROCMD_OK))
            return;
        memset(m.data, (int)(0x10u * frame), 32);
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

#define GOLDEN_BIG 65536u, 16u

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
    {"split_frame", sc_split_frame, 160u, 2u},
};

#endif /* AEROCMD_TEST_UMD_GOLDEN_SCENARIOS_H */
