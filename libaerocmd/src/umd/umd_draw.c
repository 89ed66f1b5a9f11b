/* SPDX-License-Identifier: MIT */
/* umd_draw.c — the operations that consume bound state: draws, dispatch, clears.
 *
 * A draw with nothing dirty is a single test of the context's dirty word and the DRAW
 * stored into the open command buffer. Anything else (dirty state, targets not yet
 * stamped as written by this buffer, a full buffer, no buffer) goes the careful way. */
#include <string.h>

#include "aerocmd/umd_data.h"
#include "aerocmd/d3d11_limits.h"
#include "umd_internal.h"
#include "umd_packets.h"

/* The careful way, with the packet spelled out for aerocmd_priv_umd_emit_draw. */
static inline aerocmd_result draw_slow(struct aerocmd_umd_context *ctx, uint32_t opcode,
                                       uint32_t size, uint32_t a, uint32_t b, uint32_t c,
                                       uint32_t d, uint32_t e)
{
    const struct umd_work_packet p = {opcode, size, {a, b, c, d, e}};
    return aerocmd_priv_umd_emit_draw(ctx, &p);
}

/* The fast path's condition: no dirty state, nothing to check, room for `size` bytes. */
static inline int fast_room(const struct aerocmd_umd_context *ctx, uint32_t size)
{
    return (ctx->dirty & UMD_DIRTY_DRAW_SLOW) == 0 && size <= ctx->w.capacity - ctx->w.used;
}

static inline void fast_publish(struct aerocmd_umd_context *ctx, uint8_t *packet, uint32_t size)
{
    aerocmd_writer_fixed_publish(&ctx->w, ctx->w.base, (uint32_t)(packet - ctx->w.base) + size);
}

/* The fast paths: 1 when the packet went into the open buffer, 0 (nothing done) when the
 * draw must take the careful way. */
static inline int put_draw(struct aerocmd_umd_context *ctx, uint32_t vertex_count,
                           uint32_t instance_count, uint32_t first_vertex, uint32_t first_instance)
{
    struct aerogpu_cmd_draw *p;
    if (UMD_UNLIKELY(!fast_room(ctx, UMD_DRAW_BYTES)))
        return 0;
    p = (struct aerogpu_cmd_draw *)(ctx->w.base + ctx->w.used);
    p->hdr.opcode = AEROGPU_CMD_DRAW;
    p->hdr.size_bytes = UMD_DRAW_BYTES;
    p->vertex_count = vertex_count;
    p->instance_count = instance_count;
    p->first_vertex = first_vertex;
    p->first_instance = first_instance;
    fast_publish(ctx, (uint8_t *)p, UMD_DRAW_BYTES);
    return 1;
}

static inline int put_draw_indexed(struct aerocmd_umd_context *ctx, uint32_t index_count,
                                   uint32_t instance_count, uint32_t first_index,
                                   int32_t base_vertex, uint32_t first_instance)
{
    struct aerogpu_cmd_draw_indexed *p;
    if (UMD_UNLIKELY(!fast_room(ctx, UMD_DRAW_INDEXED_BYTES)))
        return 0;
    p = (struct aerogpu_cmd_draw_indexed *)(ctx->w.base + ctx->w.used);
    p->hdr.opcode = AEROGPU_CMD_DRAW_INDEXED;
    p->hdr.size_bytes = UMD_DRAW_INDEXED_BYTES;
    p->index_count = index_count;
    p->instance_count = instance_count;
    p->first_index = first_index;
    p->base_vertex = base_vertex;
    p->first_instance = first_instance;
    fast_publish(ctx, (uint8_t *)p, UMD_DRAW_INDEXED_BYTES);
    return 1;
}

aerocmd_result aerocmd_umd_draw(struct aerocmd_umd_context *ctx, uint32_t vertex_count,
                                uint32_t first_vertex)
{
    if (UMD_LIKELY(put_draw(ctx, vertex_count, 1, first_vertex, 0)))
        return AEROCMD_OK;
    return aerocmd_priv_umd_draw_careful(ctx, vertex_count, first_vertex);
}

aerocmd_result aerocmd_umd_draw_instanced(struct aerocmd_umd_context *ctx,
                                          uint32_t vertex_count_per_instance,
                                          uint32_t instance_count, uint32_t first_vertex,
                                          uint32_t first_instance)
{
    if (put_draw(ctx, vertex_count_per_instance, instance_count, first_vertex, first_instance))
        return AEROCMD_OK;
    return draw_slow(ctx, AEROGPU_CMD_DRAW, UMD_DRAW_BYTES, vertex_count_per_instance,
                     instance_count, first_vertex, first_instance, 0);
}

aerocmd_result aerocmd_umd_draw_indexed(struct aerocmd_umd_context *ctx, uint32_t index_count,
                                        uint32_t first_index, int32_t base_vertex)
{
    if (UMD_LIKELY(put_draw_indexed(ctx, index_count, 1, first_index, base_vertex, 0)))
        return AEROCMD_OK;
    return aerocmd_priv_umd_draw_indexed_careful(ctx, index_count, first_index, base_vertex);
}

aerocmd_result aerocmd_umd_draw_indexed_instanced(struct aerocmd_umd_context *ctx,
                                                  uint32_t index_count_per_instance,
                                                  uint32_t instance_count, uint32_t first_index,
                                                  int32_t base_vertex, uint32_t first_instance)
{
    if (put_draw_indexed(ctx, index_count_per_instance, instance_count, first_index, base_vertex,
                         first_instance))
        return AEROCMD_OK;
    return draw_slow(ctx, AEROGPU_CMD_DRAW_INDEXED, UMD_DRAW_INDEXED_BYTES,
                     index_count_per_instance, instance_count, first_index, (uint32_t)base_vertex,
                     first_instance);
}

aerocmd_result aerocmd_umd_draw_auto(struct aerocmd_umd_context *ctx)
{
    return umd_predicated_out(ctx) ? AEROCMD_OK : AEROCMD_E_NOT_IMPLEMENTED;
}

aerocmd_result aerocmd_umd_set_stream_output_targets(struct aerocmd_umd_context *ctx,
                                                     uint32_t count,
                                                     struct aerocmd_umd_resource *const *targets)
{
    uint32_t i;
    (void)ctx;
    if (count > AEROCMD_UMD_MAX_SO_TARGETS)
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; targets != NULL && i < count; i++)
        if (targets[i] != NULL)
            return AEROCMD_E_NOT_IMPLEMENTED;
    return AEROCMD_OK;
}

/* Direct3D 11 allows at most 65,535 groups per dimension; the stream validator refuses a
 * DISPATCH beyond that, so such a call (from DispatchIndirect's arguments, say) is dropped
 * as invalid rather than emitted. */
aerocmd_result aerocmd_umd_dispatch(struct aerocmd_umd_context *ctx, uint32_t x, uint32_t y,
                                    uint32_t z)
{
    const struct umd_work_packet p = {AEROGPU_CMD_DISPATCH, UMD_DISPATCH_BYTES, {x, y, z, 0u, 0u}};
    const uint32_t most = AEROCMD_D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION;
    if (ctx != NULL && (x > most || y > most || z > most))
        return AEROCMD_E_INVALID_ARG;
    return aerocmd_priv_umd_emit_dispatch(ctx, &p);
}

/* CLEAR acts on whatever the host has bound, so the target is bound alone first (unless
 * it already is), and the real bindings come back before the next draw. */
static aerocmd_result clear_with_targets(struct aerocmd_umd_context *ctx,
                                         const struct umd_render_targets *rt,
                                         struct aerocmd_umd_resource *res, uint32_t flags,
                                         const uint32_t *rgba, uint32_t depth, uint32_t stencil)
{
    struct umd_render_targets want;
    aerocmd_result r = aerocmd_priv_umd_emit_render_targets(ctx, rt);
    if (r != AEROCMD_OK)
        return r;
    UMD_APPEND(ctx, r, aerocmd_append_clear(&ctx->w, flags, rgba, depth, stencil));
    if (r != AEROCMD_OK)
        return r;
    res->write_serial = ctx->serial;
    aerocmd_priv_umd_desired_targets(ctx, &want);
    if (memcmp(&want, &ctx->host_rt, sizeof want) != 0)
        ctx->dirty |= UMD_DIRTY_RENDER_TARGETS;
    return AEROCMD_OK;
}

/* CLEAR(COLOR) clears every bound colour target, so the target must be alone among the
 * colours; the depth view may stay. The bindings the next draw wants are used when they
 * qualify, so the draw needs no SET_RENDER_TARGETS of its own. */
aerocmd_result aerocmd_umd_clear_render_target(struct aerocmd_umd_context *ctx,
                                               struct aerocmd_umd_view *rtv,
                                               const uint32_t rgba_f32[4])
{
    struct umd_render_targets rt;
    aerocmd_result r;
    if (rtv == NULL || rtv->kind != AEROCMD_VIEW_RENDER_TARGET || rgba_f32 == NULL)
        return AEROCMD_E_INVALID_ARG;
    if (umd_predicated_out(ctx))
        return AEROCMD_OK;
    aerocmd_priv_umd_desired_targets(ctx, &rt);
    if (rt.count != 1 || rt.colors[0] != rtv->handle) {
        rt = ctx->host_rt;
        if (rt.count != 1 || rt.colors[0] != rtv->handle) {
            memset(&rt, 0, sizeof rt);
            rt.count = 1;
            rt.colors[0] = rtv->handle;
        }
    }
    r = clear_with_targets(ctx, &rt, rtv->res, AEROGPU_CLEAR_COLOR, rgba_f32, 0, 0);
    if (r == AEROCMD_OK) /* the host's one colour target is rtv */
        aerocmd_priv_umd_target_extent(rtv, ctx->host_colour_extent);
    return r;
}

/* A depth/stencil clear leaves colour targets alone: the bindings the next draw wants are
 * used when they hold this depth view, else the host's when they do, else the host's
 * colours with it when they have its extent (known when they are the ones the next draw
 * wants, or a clear bound them; colour targets of another extent may not be bound with it:
 * target_size_mismatch), else it alone. */
static int host_colours_fit(const struct aerocmd_umd_context *ctx,
                            const struct umd_render_targets *wanted,
                            const struct aerocmd_umd_view *dsv)
{
    uint32_t extent[3];
    if (wanted->count == ctx->host_rt.count &&
        memcmp(wanted->colors, ctx->host_rt.colors, sizeof wanted->colors) == 0 &&
        aerocmd_priv_umd_colours_fit(ctx, dsv))
        return 1;
    aerocmd_priv_umd_target_extent(dsv, extent);
    return memcmp(extent, ctx->host_colour_extent, sizeof extent) == 0;
}

aerocmd_result aerocmd_umd_clear_depth_stencil(struct aerocmd_umd_context *ctx,
                                               struct aerocmd_umd_view *dsv, uint32_t flags,
                                               uint32_t depth_f32, uint32_t stencil)
{
    struct umd_render_targets rt;
    if (dsv == NULL || dsv->kind != AEROCMD_VIEW_DEPTH_STENCIL || flags == 0 ||
        (flags & ~(uint32_t)(AEROGPU_CLEAR_DEPTH | AEROGPU_CLEAR_STENCIL)) || stencil > 0xFFu)
        return AEROCMD_E_INVALID_ARG;
    if (umd_predicated_out(ctx))
        return AEROCMD_OK;
    aerocmd_priv_umd_desired_targets(ctx, &rt);
    if (rt.depth != dsv->handle) {
        int fit = ctx->host_rt.depth == dsv->handle || host_colours_fit(ctx, &rt, dsv);
        rt = ctx->host_rt;
        if (!fit)
            memset(&rt, 0, sizeof rt);
        rt.depth = dsv->handle;
    }
    return clear_with_targets(ctx, &rt, dsv->res, flags, NULL, depth_f32, stencil);
}
