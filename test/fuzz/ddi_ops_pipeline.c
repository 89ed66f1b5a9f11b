/* SPDX-License-Identifier: MIT */
/* ddi_ops_pipeline.c — fuzz_ddi_sequence's binding and work operations (set*, draw,
 * dispatch, clear, present, flush) with arguments from the input. */
#include "ddi_fuzz.h"

/* ---- binding --------------------------------------------------------------------------------- */

void ddi_op_set_vertex_buffers(struct ddi *d, struct reader *r)
{
    struct aerocmd_umd_resource *bufs[3];
    uint32_t strides[3], offsets[3], start = rd8(r) % 18u, cfg = rd8(r), count = cfg % 4u, i;
    for (i = 0; i < count; i++) {
        bufs[i] = (struct aerocmd_umd_resource *)ddi_typed(d->res, N_RES, rd8(r) % 8u, KIND_BUFFER);
        strides[i] = rd8(r);
        offsets[i] = rd8(r) * 4u;
    }
    if (count == 1 && (cfg & 16u)) /* the one-slot entry the DDI shim calls */
        ddi_check(d, aerocmd_umd_set_vertex_buffer(d->ctx, start, bufs[0], strides[0], offsets[0]));
    else
        ddi_check(d, aerocmd_umd_set_vertex_buffers(d->ctx, start, count, bufs, strides, offsets));
}

void ddi_op_set_index_buffer(struct ddi *d, struct reader *r)
{
    static const uint32_t formats[] = {57, 42, 56};
    struct aerocmd_umd_resource *b =
        (struct aerocmd_umd_resource *)ddi_typed(d->res, N_RES, rd8(r) % 8u, KIND_BUFFER);
    uint32_t format = pick(r, formats, COUNT_OF(formats));
    ddi_check(d, aerocmd_umd_set_index_buffer(d->ctx, b, format, rd8(r) * 2u));
}

void ddi_op_set_shader(struct ddi *d, struct reader *r)
{
    uint32_t stage = rd8(r) % 6u;
    const struct aerocmd_umd_shader *s =
        (const struct aerocmd_umd_shader *)ddi_live(d->shader, N_SHADER, rd8(r) % 6u);
    ddi_check(d, aerocmd_umd_set_shader(d->ctx, (enum aerocmd_shader_kind)stage, s));
}

void ddi_op_set_constant_buffers(struct ddi *d, struct reader *r)
{
    struct aerocmd_umd_resource *bufs[3];
    uint32_t first[3], num[3], stage = rd8(r) % 6u, start = rd8(r) % 15u, cfg = rd8(r), i;
    uint32_t count = cfg % 4u;
    for (i = 0; i < count; i++) {
        bufs[i] = (struct aerocmd_umd_resource *)ddi_typed(d->res, N_RES, rd8(r) % 8u, KIND_BUFFER);
        first[i] = rd8(r) * 16u;
        num[i] = rd8(r) * 16u;
    }
    if (count == 1 && (cfg & 8u)) /* the one-slot entry the DDI shim calls */
        ddi_check(d, aerocmd_umd_set_constant_buffer(d->ctx, (enum aerocmd_shader_kind)stage, start,
                                                     bufs[0]));
    else
        ddi_check(d, aerocmd_umd_set_constant_buffers(d->ctx, (enum aerocmd_shader_kind)stage,
                                                      start, count, bufs, (cfg & 4u) ? first : NULL,
                                                      (cfg & 4u) ? num : NULL));
}

void ddi_op_set_shader_resources(struct ddi *d, struct reader *r)
{
    struct aerocmd_umd_view *views[3];
    uint32_t stage = rd8(r) % 6u, start = rd8(r) % 130u, count = rd8(r) % 4u, i;
    for (i = 0; i < count; i++)
        views[i] = (struct aerocmd_umd_view *)ddi_live(d->view, N_VIEW, rd8(r) % 8u);
    ddi_check(d, aerocmd_umd_set_shader_resources(d->ctx, (enum aerocmd_shader_kind)stage, start,
                                                  count, views));
}

void ddi_op_set_samplers(struct ddi *d, struct reader *r)
{
    const struct aerocmd_umd_sampler *samplers[3];
    uint32_t stage = rd8(r) % 6u, start = rd8(r) % 18u, count = rd8(r) % 4u, i;
    for (i = 0; i < count; i++)
        samplers[i] =
            (const struct aerocmd_umd_sampler *)ddi_live(d->sampler, N_SAMPLER, rd8(r) % 3u);
    ddi_check(d, aerocmd_umd_set_samplers(d->ctx, (enum aerocmd_shader_kind)stage, start, count,
                                          samplers));
}

void ddi_op_set_render_targets(struct ddi *d, struct reader *r)
{
    struct aerocmd_umd_view *rtvs[9], *dsv;
    uint32_t count = rd8(r) % 10u, i;
    for (i = 0; i < count; i++)
        rtvs[i] = (struct aerocmd_umd_view *)ddi_typed(d->view, N_VIEW, rd8(r) % 8u,
                                                       AEROCMD_VIEW_RENDER_TARGET);
    dsv = (struct aerocmd_umd_view *)ddi_typed(d->view, N_VIEW, rd8(r) % 8u,
                                               AEROCMD_VIEW_DEPTH_STENCIL);
    ddi_check(d, aerocmd_umd_set_render_targets(d->ctx, count, rtvs, dsv));
}

void ddi_op_set_state(struct ddi *d, struct reader *r)
{
    uint32_t which = rd8(r), i = (which >> 2) % 3u, factor[4], b = rd8(r);
    factor[0] = factor[1] = factor[2] = (b & 1u) ? 0x3F000000u : 0u;
    factor[3] = (b & 2u) ? 0x3F800000u : 0u;
    if (which % 3u == 0)
        aerocmd_umd_set_blend_state(
            d->ctx, (const struct aerocmd_umd_blend_state *)ddi_live(d->blend, N_STATE, i),
            (b & 4u) ? factor : NULL, (b & 8u) ? 0xFFFFFFFFu : rd32(r));
    else if (which % 3u == 1)
        aerocmd_umd_set_depth_stencil_state(
            d->ctx, (const struct aerocmd_umd_depth_stencil_state *)ddi_live(d->depth, N_STATE, i),
            b >> 4);
    else
        aerocmd_umd_set_rasterizer_state(
            d->ctx, (const struct aerocmd_umd_rasterizer_state *)ddi_live(d->raster, N_STATE, i));
}

void ddi_op_set_viewports_scissors(struct ddi *d, struct reader *r)
{
    static const uint32_t floats[] = {0x00000000u, 0x3F800000u, 0x42800000u, 0xBF800000u,
                                      0x7FC00000u, 0x3F000000u, 0x44800000u, 0x7F800000u};
    struct aerocmd_umd_viewport vp[2];
    struct aerocmd_umd_rect rc[2];
    uint32_t cfg = rd8(r), count = cfg % 3u, i, b;
    for (i = 0; i < 2; i++) {
        b = rd16(r);
        vp[i].x_f32 = floats[b & 7u];
        vp[i].y_f32 = floats[(b >> 3) & 7u];
        vp[i].width_f32 = floats[(b >> 6) & 7u];
        vp[i].height_f32 = floats[(b >> 9) & 7u];
        vp[i].min_depth_f32 = floats[(b >> 12) & 1u];
        vp[i].max_depth_f32 = floats[(b >> 13) & 7u];
        rc[i].left = (int8_t)rd8(r);
        rc[i].top = (int8_t)rd8(r);
        rc[i].right = (int32_t)rd8(r) - 16;
        rc[i].bottom = (int32_t)rd8(r) - 16;
    }
    if (cfg & 4u)
        ddi_check(d, aerocmd_umd_set_scissor_rects(d->ctx, count, rc));
    else
        ddi_check(d, aerocmd_umd_set_viewports(d->ctx, count, vp));
}

/* ---- work -------------------------------------------------------------------------------------
 */

void ddi_op_draw(struct ddi *d, struct reader *r)
{
    uint32_t kind = rd8(r) % 5u, count = rd16(r), inst = rd8(r), first = rd16(r);
    int32_t base = (int8_t)rd8(r);
    aerocmd_result res;
    if (kind == 0)
        res = aerocmd_umd_draw(d->ctx, count, first);
    else if (kind == 1)
        res = aerocmd_umd_draw_indexed(d->ctx, count, first, base);
    else if (kind == 2)
        res = aerocmd_umd_draw_instanced(d->ctx, count, inst, first, rd8(r));
    else if (kind == 3)
        res = aerocmd_umd_draw_indexed_instanced(d->ctx, count, inst, first, base, rd8(r));
    else
        res = aerocmd_umd_draw_auto(d->ctx);
    ddi_check(d, res);
}

void ddi_op_clear(struct ddi *d, struct reader *r)
{
    uint32_t cfg = rd8(r), rgba[4] = {0x3F800000u, 0, 0x3F000000u, 0x3F800000u};
    uint32_t kind = (cfg & 8u) ? AEROCMD_VIEW_DEPTH_STENCIL : AEROCMD_VIEW_RENDER_TARGET;
    struct aerocmd_umd_view *v =
        (struct aerocmd_umd_view *)ddi_typed(d->view, N_VIEW, cfg % 8u, kind);
    if (v == NULL)
        return;
    if (cfg & 8u)
        ddi_check(d, aerocmd_umd_clear_depth_stencil(d->ctx, v, (cfg >> 4) & 7u,
                                                     (cfg & 0x80u) ? 0x3F800000u : 0u, rd8(r)));
    else
        ddi_check(d, aerocmd_umd_clear_render_target(d->ctx, v, rgba));
}

/* A fallible callback (OUT_OF_MEMORY or DEVICE_REMOVED), a device allocation or an id
 * request a few calls ahead fails. */
void ddi_op_set_input_layout(struct ddi *d, struct reader *r)
{
    aerocmd_umd_set_input_layout(d->ctx, (const struct aerocmd_umd_input_layout *)ddi_live(
                                             d->layout, N_LAYOUT, rd8(r) % 3u));
}

void ddi_op_set_topology(struct ddi *d, struct reader *r)
{
    ddi_check(d, aerocmd_umd_set_topology(d->ctx, rd8(r) % 66u));
}

void ddi_op_dispatch(struct ddi *d, struct reader *r)
{
    uint32_t a = rd8(r);
    ddi_check(d, aerocmd_umd_dispatch(d->ctx, a & 7u, (a >> 3) & 3u, a >> 5));
}

/* Present or, with DXGI flags, present_ex (TEST, DO_NOT_WAIT; sync intervals up to 5). */
void ddi_op_present(struct ddi *d, struct reader *r)
{
    uint32_t a = rd8(r), flags = 0;
    if ((a & 0x80u) == 0) {
        ddi_check(d, aerocmd_umd_present(d->ctx, a & 7u));
        return;
    }
    if (a & 0x10u)
        flags |= AEROCMD_UMD_PRESENT_TEST;
    if (a & 0x20u)
        flags |= AEROCMD_UMD_PRESENT_DO_NOT_WAIT;
    ddi_check_wait(d, aerocmd_umd_present_ex(d->ctx, a % 6u, flags),
                   (flags & AEROCMD_UMD_PRESENT_DO_NOT_WAIT) != 0);
}

void ddi_op_flush(struct ddi *d, struct reader *r)
{
    (void)r;
    ddi_check(d, aerocmd_umd_flush(d->ctx));
}
