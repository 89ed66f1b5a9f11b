/* SPDX-License-Identifier: MIT */
/* hostile_streams.h — the streams of issue #27 ("Live host") that made the reference
 * executor crash, run for minutes or grow without bound, each written by the writer API
 * into a stream being built (pixels_kit.h). test_exec_limits runs them through the API and
 * writes them (--write DIR) for run_exec_limits.py, which runs them through aerocmd render
 * and measures its peak memory. */
#ifndef AEROCMD_TEST_HOSTILE_STREAMS_H
#define AEROCMD_TEST_HOSTILE_STREAMS_H

#include "pixels_kit.h"

#define HS_MIB (1u << 20)

static const float hs_grey[4] = {0.25f, 0.5f, 0.75f, 1.0f};

/* One 4x4 texture and `count` views of it (the view table grows while the texture's entry
 * is in use). */
static void hs_views(struct px *p, uint32_t count)
{
    struct aerocmd_texture_view_args v;
    uint32_t i;
    int ok = 1;
    memset(&v, 0, sizeof(v));
    v.texture_handle = px_texture(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 4);
    v.mip_level_count = v.array_layer_count = 1;
    for (i = 0; i < count && ok; i++) {
        v.view_handle = px_handle(p);
        ok = aerocmd_append_create_texture_view(&p->w, &v) == AEROCMD_OK;
    }
    CHECK(ok);
}

/* `count` times: a w x h R8G8B8A8 render target created, bound, cleared and destroyed. */
static void hs_target_churn(struct px *p, uint32_t count, uint32_t w, uint32_t h)
{
    uint32_t i;
    for (i = 0; i < count; i++) {
        uint32_t t = px_target(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, w, h, hs_grey);
        CHECK(aerocmd_append_destroy_resource(&p->w, t) == AEROCMD_OK);
    }
}

/* `count` times: a buffer of `size` bytes created and destroyed. */
static void hs_buffer_churn(struct px *p, uint32_t count, uint32_t size)
{
    uint32_t i, h;
    int ok = 1;
    for (i = 0; i < count && ok; i++) {
        h = px_handle(p);
        ok = aerocmd_append_create_buffer(&p->w, h, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, size, 0,
                                          0) == AEROCMD_OK &&
             aerocmd_append_destroy_resource(&p->w, h) == AEROCMD_OK;
    }
    CHECK(ok);
}

/* A 8x8 target, the kit's colour pipeline and a triangle's vertex buffer, bound. */
static void hs_draw_setup(struct px *p)
{
    static const float red[4] = {1, 0, 0, 1};
    struct aerogpu_vertex_buffer_binding vb;
    struct px_vertex v[3];
    px_target(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, hs_grey);
    px_color_pipeline(p);
    px_vertex(&v[0], -1, -1, 0, red);
    px_vertex(&v[1], -1, 3, 0, red);
    px_vertex(&v[2], 3, -1, 0, red);
    vb.buffer = px_buffer(p, v, sizeof(v));
    vb.stride_bytes = PX_VERTEX, vb.offset_bytes = 0, vb.reserved0 = 0;
    CHECK(aerocmd_append_set_vertex_buffers(&p->w, 0, 1, &vb) == AEROCMD_OK);
}

/* `count` draws, each after a rasterizer state of its own (depth bias i): a pipeline
 * per draw. */
static void hs_raster_states(struct px *p, uint32_t count)
{
    struct aerogpu_rasterizer_state rs;
    uint32_t i;
    int ok = 1;
    hs_draw_setup(p);
    for (i = 0; i < count && ok; i++) {
        memset(&rs, 0, sizeof(rs));
        rs.cull_mode = AEROGPU_CULL_NONE;
        rs.depth_bias = (int32_t)i;
        ok = aerocmd_append_set_rasterizer_state(&p->w, &rs) == AEROCMD_OK &&
             aerocmd_append_draw(&p->w, 3, 1, 0, 0) == AEROCMD_OK;
    }
    CHECK(ok);
}

/* The same with a depth target and the depth test on, where depth bias matters: each
 * draw needs a pipeline of its own. */
static void hs_depth_biases(struct px *p, uint32_t count)
{
    struct aerogpu_rasterizer_state rs;
    aerogpu_handle_t colors[8] = {0};
    uint32_t i, c[4] = {0, 0, 0, 0};
    int ok = 1;
    hs_draw_setup(p);
    colors[0] = p->target;
    ok = aerocmd_append_set_render_targets(
             &p->w, 1, colors, px_texture(p, AEROGPU_FORMAT_D32_FLOAT, 8, 8)) == AEROCMD_OK &&
         aerocmd_append_clear(&p->w, AEROGPU_CLEAR_DEPTH, c, px_f32(1.0f), 0) == AEROCMD_OK;
    for (i = 0; i < count && ok; i++) {
        memset(&rs, 0, sizeof(rs));
        rs.cull_mode = AEROGPU_CULL_NONE;
        rs.depth_bias = -(int32_t)i; /* towards the viewer: every draw passes LESS */
        ok = aerocmd_append_set_rasterizer_state(&p->w, &rs) == AEROCMD_OK &&
             aerocmd_append_draw(&p->w, 3, 1, 0, 0) == AEROCMD_OK;
    }
    CHECK(ok);
}

/* A w x h R8G8B8A8 target cleared and presented `presents` times. */
static void hs_presents(struct px *p, uint32_t w, uint32_t h, uint32_t presents)
{
    uint32_t i;
    int ok = 1;
    px_target(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, w, h, hs_grey);
    for (i = 0; i < presents && ok; i++)
        ok = aerocmd_append_present(&p->w, 0, 0) == AEROCMD_OK;
    CHECK(ok);
}

/* An 8x8 and a 16x16 target bound together (Direct3D 11 binds one size), then a draw;
 * returns the SET_RENDER_TARGETS's offset. */
static uint32_t hs_mismatched_targets(struct px *p)
{
    aerogpu_handle_t colors[8] = {0};
    uint32_t at;
    hs_draw_setup(p);
    colors[0] = p->target;
    colors[1] = px_texture(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 16, 16);
    at = (uint32_t)aerocmd_writer_size(&p->w);
    CHECK(aerocmd_append_set_render_targets(&p->w, 2, colors, 0) == AEROCMD_OK);
    CHECK(aerocmd_append_draw(&p->w, 3, 1, 0, 0) == AEROCMD_OK);
    return at;
}

/* A target cleared, then no colour target bound, then PRESENT; returns its offset. */
static uint32_t hs_present_nothing(struct px *p)
{
    uint32_t at;
    px_target(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, hs_grey);
    CHECK(aerocmd_append_set_render_targets(&p->w, 0, NULL, 0) == AEROCMD_OK);
    at = (uint32_t)aerocmd_writer_size(&p->w);
    CHECK(aerocmd_append_present(&p->w, 0, 0) == AEROCMD_OK);
    return at;
}

/* One draw of vertex_count x instance_count over the kit's triangle. */
static void hs_big_draw(struct px *p, uint32_t vertices, uint32_t instances)
{
    hs_draw_setup(p);
    CHECK(aerocmd_append_draw(&p->w, vertices, instances, 0, 0) == AEROCMD_OK);
}

/* DRAW_INDEXED of index_count 0xFFFFFFFF over a 4-byte index buffer (one 32-bit index). */
static void hs_big_indexed_draw(struct px *p)
{
    static const uint32_t index = 0;
    uint32_t ib;
    hs_draw_setup(p);
    ib = px_buffer(p, &index, sizeof(index));
    CHECK(aerocmd_append_set_index_buffer(&p->w, ib, AEROGPU_INDEX_FORMAT_UINT32, 0) == AEROCMD_OK);
    CHECK(aerocmd_append_draw_indexed(&p->w, 0xFFFFFFFFu, 1, 0, 0, 0) == AEROCMD_OK);
}

#endif
