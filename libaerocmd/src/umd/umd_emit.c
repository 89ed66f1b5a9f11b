/* umd_emit.c — lazy emission of dirty state, and the operations that need it: draws,
 * dispatch, clears and present.
 *
 * Each piece of state is one packet (or one per SRV slot); its dirty bit is cleared only
 * after the packet is in a command buffer, so an error part-way leaves the rest dirty and
 * the next draw picks up where this one stopped. */
#include <string.h>

#include "aerocmd/umd_data.h"
#include "umd_internal.h"

/* Retry wrapper: `expr` appends into ctx->w; a full buffer is submitted and retried. */
#define UMD_APPEND(ctx, r, expr)                                                                   \
    do {                                                                                           \
        (r) = umd_ready(ctx);                                                                      \
        if ((r) == AEROCMD_OK)                                                                     \
            (r) = (expr);                                                                          \
    } while (umd_again((ctx), &(r)))

static void desired_targets(const struct aerocmd_umd_context *ctx, struct umd_render_targets *rt)
{
    uint32_t i;
    memset(rt, 0, sizeof *rt);
    rt->count = ctx->rt_count;
    for (i = 0; i < ctx->rt_count; i++)
        rt->colors[i] = ctx->rtv[i] != NULL ? ctx->rtv[i]->handle : 0u;
    rt->depth = ctx->dsv != NULL ? ctx->dsv->handle : 0u;
}

aerocmd_result umd_emit_render_targets(struct aerocmd_umd_context *ctx,
                                       const struct umd_render_targets *rt)
{
    aerocmd_result r;
    if (memcmp(rt, &ctx->host_rt, sizeof *rt) == 0)
        return AEROCMD_OK;
    UMD_APPEND(ctx, r,
               aerocmd_append_set_render_targets(&ctx->w, rt->count, rt->colors, rt->depth));
    if (r == AEROCMD_OK)
        ctx->host_rt = *rt;
    return r;
}

static uint32_t highest_bit(uint32_t bits)
{
    uint32_t i = 0;
    while (bits >>= 1)
        i++;
    return i;
}

static aerocmd_result emit_constant_buffers(struct aerocmd_umd_context *ctx, uint32_t stage)
{
    struct umd_stage_bindings *st = &ctx->stages[stage];
    uint32_t lo, hi;
    aerocmd_result r;
    if (st->cb_dirty == 0)
        return AEROCMD_OK;
    lo = umd_lowest_bit(st->cb_dirty);
    hi = highest_bit(st->cb_dirty);
    UMD_APPEND(ctx, r,
               aerocmd_append_set_constant_buffers(&ctx->w, (enum aerocmd_shader_kind)stage, lo,
                                                   hi - lo + 1u, &st->cb[lo]));
    if (r == AEROCMD_OK)
        st->cb_dirty = 0;
    return r;
}

static aerocmd_result emit_samplers(struct aerocmd_umd_context *ctx, uint32_t stage)
{
    struct umd_stage_bindings *st = &ctx->stages[stage];
    uint32_t lo, hi;
    aerocmd_result r;
    if (st->sampler_dirty == 0)
        return AEROCMD_OK;
    lo = umd_lowest_bit(st->sampler_dirty);
    hi = highest_bit(st->sampler_dirty);
    UMD_APPEND(ctx, r,
               aerocmd_append_set_samplers(&ctx->w, (enum aerocmd_shader_kind)stage, lo,
                                           hi - lo + 1u, &st->samplers[lo]));
    if (r == AEROCMD_OK)
        st->sampler_dirty = 0;
    return r;
}

/* One SRV slot. Texture and buffer SRVs travel on different packets, so a slot changing
 * kind also clears what the other packet left there. */
static aerocmd_result emit_srv_slot(struct aerocmd_umd_context *ctx, uint32_t stage, uint32_t slot)
{
    struct umd_stage_bindings *st = &ctx->stages[stage];
    const struct aerocmd_umd_view *v = st->srv[slot];
    enum aerocmd_shader_kind kind = (enum aerocmd_shader_kind)stage;
    uint32_t word = slot / 32u, bit = 1u << (slot % 32u);
    int host_buffer = (st->host_buffer_srv[word] & bit) != 0;
    aerocmd_result r = AEROCMD_OK;
    if (host_buffer && (v == NULL || !v->is_buffer)) {
        struct aerogpu_shader_resource_buffer_binding none;
        memset(&none, 0, sizeof none);
        UMD_APPEND(ctx, r,
                   aerocmd_append_set_shader_resource_buffers(&ctx->w, kind, slot, 1, &none));
        if (r != AEROCMD_OK)
            return r;
        st->host_buffer_srv[word] &= ~bit;
        if (v == NULL)
            return AEROCMD_OK;
    }
    if (v != NULL && v->is_buffer) {
        struct aerogpu_shader_resource_buffer_binding b;
        memset(&b, 0, sizeof b);
        b.buffer = v->handle;
        b.offset_bytes = v->offset_bytes;
        b.size_bytes = v->size_bytes;
        UMD_APPEND(ctx, r, aerocmd_append_set_shader_resource_buffers(&ctx->w, kind, slot, 1, &b));
        if (r == AEROCMD_OK)
            st->host_buffer_srv[word] |= bit;
        return r;
    }
    UMD_APPEND(ctx, r, aerocmd_append_set_texture(&ctx->w, kind, slot, v != NULL ? v->handle : 0u));
    return r;
}

static aerocmd_result emit_shader_resources(struct aerocmd_umd_context *ctx, uint32_t stage)
{
    struct umd_stage_bindings *st = &ctx->stages[stage];
    uint32_t word;
    for (word = 0; word < UMD_SRV_WORDS; word++) {
        while (st->srv_dirty[word] != 0) {
            uint32_t bit = umd_lowest_bit(st->srv_dirty[word]);
            aerocmd_result r = emit_srv_slot(ctx, stage, word * 32u + bit);
            if (r != AEROCMD_OK)
                return r;
            st->srv_dirty[word] &= ~(1u << bit);
        }
    }
    return AEROCMD_OK;
}

static aerocmd_result emit_stage_tables(struct aerocmd_umd_context *ctx, uint32_t todo)
{
    uint32_t stage;
    for (stage = 0; stage < UMD_STAGE_COUNT; stage++) {
        aerocmd_result r = AEROCMD_OK;
        if (todo & UMD_DIRTY_CB(stage)) {
            r = emit_constant_buffers(ctx, stage);
            if (r == AEROCMD_OK)
                ctx->dirty &= ~UMD_DIRTY_CB(stage);
        }
        if (r == AEROCMD_OK && (todo & UMD_DIRTY_SRV(stage))) {
            r = emit_shader_resources(ctx, stage);
            if (r == AEROCMD_OK)
                ctx->dirty &= ~UMD_DIRTY_SRV(stage);
        }
        if (r == AEROCMD_OK && (todo & UMD_DIRTY_SAMPLER(stage))) {
            r = emit_samplers(ctx, stage);
            if (r == AEROCMD_OK)
                ctx->dirty &= ~UMD_DIRTY_SAMPLER(stage);
        }
        if (r != AEROCMD_OK)
            return r;
    }
    return AEROCMD_OK;
}

static aerocmd_result emit_shaders(struct aerocmd_umd_context *ctx)
{
    const struct umd_stage_bindings *s = ctx->stages;
    aerocmd_result r;
    UMD_APPEND(ctx, r,
               aerocmd_append_bind_shaders(&ctx->w, s[AEROCMD_SHADER_VS].shader,
                                           s[AEROCMD_SHADER_PS].shader, s[AEROCMD_SHADER_CS].shader,
                                           s[AEROCMD_SHADER_GS].shader, 0, 0));
    return r;
}

static aerocmd_result emit_input_layout(struct aerocmd_umd_context *ctx)
{
    aerocmd_result r;
    UMD_APPEND(ctx, r, aerocmd_append_set_input_layout(&ctx->w, ctx->input_layout));
    return r;
}

static aerocmd_result emit_topology(struct aerocmd_umd_context *ctx)
{
    aerocmd_result r;
    UMD_APPEND(ctx, r, aerocmd_append_set_primitive_topology(&ctx->w, ctx->topology));
    return r;
}

static aerocmd_result emit_vertex_buffers(struct aerocmd_umd_context *ctx)
{
    aerocmd_result r;
    UMD_APPEND(ctx, r,
               aerocmd_append_set_vertex_buffers(&ctx->w, ctx->vb_dirty_lo,
                                                 ctx->vb_dirty_hi - ctx->vb_dirty_lo + 1u,
                                                 &ctx->vb[ctx->vb_dirty_lo]));
    if (r == AEROCMD_OK) {
        ctx->vb_dirty_lo = AEROCMD_UMD_MAX_VERTEX_BUFFERS;
        ctx->vb_dirty_hi = 0;
    }
    return r;
}

static aerocmd_result emit_index_buffer(struct aerocmd_umd_context *ctx)
{
    aerocmd_result r;
    UMD_APPEND(ctx, r,
               aerocmd_append_set_index_buffer(&ctx->w,
                                               ctx->index_res != NULL ? ctx->index_res->handle : 0u,
                                               ctx->index_format, ctx->index_offset));
    return r;
}

static aerocmd_result emit_targets(struct aerocmd_umd_context *ctx)
{
    struct umd_render_targets rt;
    desired_targets(ctx, &rt);
    return umd_emit_render_targets(ctx, &rt);
}

static aerocmd_result emit_viewport(struct aerocmd_umd_context *ctx)
{
    const struct aerocmd_umd_viewport *v = &ctx->viewport;
    aerocmd_result r;
    if (ctx->viewport_count == 0)
        return AEROCMD_OK;
    UMD_APPEND(ctx, r,
               aerocmd_append_set_viewport(&ctx->w, v->x_f32, v->y_f32, v->width_f32, v->height_f32,
                                           v->min_depth_f32, v->max_depth_f32));
    return r;
}

static aerocmd_result emit_scissor(struct aerocmd_umd_context *ctx)
{
    const struct aerocmd_umd_rect *rc = &ctx->scissor;
    aerocmd_result r;
    if (ctx->scissor_count == 0)
        return AEROCMD_OK;
    UMD_APPEND(ctx, r,
               aerocmd_append_set_scissor(&ctx->w, rc->left, rc->top,
                                          (int32_t)((uint32_t)rc->right - (uint32_t)rc->left),
                                          (int32_t)((uint32_t)rc->bottom - (uint32_t)rc->top)));
    return r;
}

static aerocmd_result emit_blend(struct aerocmd_umd_context *ctx)
{
    aerocmd_result r;
    UMD_APPEND(ctx, r, aerocmd_append_set_blend_state(&ctx->w, &ctx->blend));
    return r;
}

static aerocmd_result emit_depth_stencil(struct aerocmd_umd_context *ctx)
{
    aerocmd_result r;
    UMD_APPEND(ctx, r, aerocmd_append_set_depth_stencil_state(&ctx->w, &ctx->depth_stencil));
    return r;
}

static aerocmd_result emit_rasterizer(struct aerocmd_umd_context *ctx)
{
    aerocmd_result r;
    UMD_APPEND(ctx, r, aerocmd_append_set_rasterizer_state(&ctx->w, &ctx->rasterizer));
    return r;
}

/* One emitter per dirty bit, in bit order (UMD_DIRTY_SHADERS .. UMD_DIRTY_RASTERIZER). */
static aerocmd_result (*const emitters[])(struct aerocmd_umd_context *) = {
    emit_shaders,      emit_input_layout,  emit_topology,  emit_vertex_buffers,
    emit_index_buffer, emit_targets,       emit_viewport,  emit_scissor,
    emit_blend,        emit_depth_stencil, emit_rasterizer};

aerocmd_result umd_emit_dirty(struct aerocmd_umd_context *ctx, uint32_t mask)
{
    uint32_t todo = ctx->dirty & mask;
    uint32_t fixed = todo & UMD_DIRTY_FIXED_BITS;
    while (fixed != 0) {
        uint32_t i = umd_lowest_bit(fixed);
        aerocmd_result r = emitters[i](ctx);
        if (r != AEROCMD_OK)
            return r;
        ctx->dirty &= ~(1u << i);
        fixed &= fixed - 1u;
    }
    if ((todo & ~UMD_DIRTY_FIXED_BITS) == 0)
        return AEROCMD_OK;
    return emit_stage_tables(ctx, todo);
}

/* ---- work ------------------------------------------------------------------------------- */

/* Remembers that the bound targets are written by the command buffer now open. */
static void stamp_targets(struct aerocmd_umd_context *ctx)
{
    uint32_t i;
    for (i = 0; i < ctx->rt_count; i++)
        if (ctx->rtv[i] != NULL)
            ctx->rtv[i]->res->write_serial = ctx->serial;
    if (ctx->dsv != NULL)
        ctx->dsv->res->write_serial = ctx->serial;
    ctx->om_stamped_serial = ctx->serial;
}

static inline aerocmd_result before_draw(struct aerocmd_umd_context *ctx)
{
    if (UMD_UNLIKELY(ctx->dirty & UMD_DIRTY_GRAPHICS))
        return umd_emit_dirty(ctx, UMD_DIRTY_GRAPHICS);
    return AEROCMD_OK;
}

static inline void after_draw(struct aerocmd_umd_context *ctx)
{
    if (UMD_UNLIKELY(ctx->om_stamped_serial != ctx->serial))
        stamp_targets(ctx);
}

aerocmd_result aerocmd_umd_draw_instanced(struct aerocmd_umd_context *ctx,
                                          uint32_t vertex_count_per_instance,
                                          uint32_t instance_count, uint32_t first_vertex,
                                          uint32_t first_instance)
{
    aerocmd_result r = before_draw(ctx);
    if (UMD_UNLIKELY(r != AEROCMD_OK))
        return r;
    UMD_APPEND(ctx, r,
               aerocmd_append_draw(&ctx->w, vertex_count_per_instance, instance_count, first_vertex,
                                   first_instance));
    if (r == AEROCMD_OK)
        after_draw(ctx);
    return r;
}

aerocmd_result aerocmd_umd_draw(struct aerocmd_umd_context *ctx, uint32_t vertex_count,
                                uint32_t first_vertex)
{
    return aerocmd_umd_draw_instanced(ctx, vertex_count, 1, first_vertex, 0);
}

aerocmd_result aerocmd_umd_draw_indexed_instanced(struct aerocmd_umd_context *ctx,
                                                  uint32_t index_count_per_instance,
                                                  uint32_t instance_count, uint32_t first_index,
                                                  int32_t base_vertex, uint32_t first_instance)
{
    aerocmd_result r = before_draw(ctx);
    if (UMD_UNLIKELY(r != AEROCMD_OK))
        return r;
    UMD_APPEND(ctx, r,
               aerocmd_append_draw_indexed(&ctx->w, index_count_per_instance, instance_count,
                                           first_index, base_vertex, first_instance));
    if (r == AEROCMD_OK)
        after_draw(ctx);
    return r;
}

aerocmd_result aerocmd_umd_draw_indexed(struct aerocmd_umd_context *ctx, uint32_t index_count,
                                        uint32_t first_index, int32_t base_vertex)
{
    return aerocmd_umd_draw_indexed_instanced(ctx, index_count, 1, first_index, base_vertex, 0);
}

aerocmd_result aerocmd_umd_draw_auto(struct aerocmd_umd_context *ctx)
{
    (void)ctx;
    return AEROCMD_E_NOT_IMPLEMENTED;
}

aerocmd_result aerocmd_umd_dispatch(struct aerocmd_umd_context *ctx, uint32_t x, uint32_t y,
                                    uint32_t z)
{
    aerocmd_result r = AEROCMD_OK;
    if (ctx->dirty & UMD_DIRTY_COMPUTE)
        r = umd_emit_dirty(ctx, UMD_DIRTY_COMPUTE);
    if (r != AEROCMD_OK)
        return r;
    UMD_APPEND(ctx, r, aerocmd_append_dispatch(&ctx->w, x, y, z));
    return r;
}

/* CLEAR acts on whatever the host has bound, so the target is bound alone first (unless
 * it already is), and the real bindings come back before the next draw. */
static aerocmd_result clear_with_targets(struct aerocmd_umd_context *ctx,
                                         const struct umd_render_targets *rt,
                                         struct aerocmd_umd_resource *res, uint32_t flags,
                                         const uint32_t *rgba, uint32_t depth, uint32_t stencil)
{
    struct umd_render_targets want;
    aerocmd_result r = umd_emit_render_targets(ctx, rt);
    if (r != AEROCMD_OK)
        return r;
    UMD_APPEND(ctx, r, aerocmd_append_clear(&ctx->w, flags, rgba, depth, stencil));
    if (r != AEROCMD_OK)
        return r;
    res->write_serial = ctx->serial;
    desired_targets(ctx, &want);
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
    if (rtv == NULL || rtv->kind != AEROCMD_VIEW_RENDER_TARGET || rgba_f32 == NULL)
        return AEROCMD_E_INVALID_ARG;
    desired_targets(ctx, &rt);
    if (rt.count != 1 || rt.colors[0] != rtv->handle) {
        rt = ctx->host_rt;
        if (rt.count != 1 || rt.colors[0] != rtv->handle) {
            memset(&rt, 0, sizeof rt);
            rt.count = 1;
            rt.colors[0] = rtv->handle;
        }
    }
    return clear_with_targets(ctx, &rt, rtv->res, AEROGPU_CLEAR_COLOR, rgba_f32, 0, 0);
}

/* A depth/stencil clear leaves colour targets alone: any may stay bound. */
aerocmd_result aerocmd_umd_clear_depth_stencil(struct aerocmd_umd_context *ctx,
                                               struct aerocmd_umd_view *dsv, uint32_t flags,
                                               uint32_t depth_f32, uint32_t stencil)
{
    struct umd_render_targets rt;
    if (dsv == NULL || dsv->kind != AEROCMD_VIEW_DEPTH_STENCIL || flags == 0 ||
        (flags & ~(uint32_t)(AEROGPU_CLEAR_DEPTH | AEROGPU_CLEAR_STENCIL)) || stencil > 0xFFu)
        return AEROCMD_E_INVALID_ARG;
    desired_targets(ctx, &rt);
    if (rt.depth != dsv->handle) {
        rt = ctx->host_rt;
        rt.depth = dsv->handle;
    }
    return clear_with_targets(ctx, &rt, dsv->res, flags, NULL, depth_f32, stencil);
}

/* Before a new present, the one UMD_PRESENT_LATENCY presents back must be done: that is
 * the throttle DXGI applies by default; DO_NOT_WAIT turns the wait into STILL_DRAWING. */
static aerocmd_result throttle_present(struct aerocmd_umd_context *ctx, uint32_t flags)
{
    uint64_t serial = ctx->present_serials[ctx->present_count % UMD_PRESENT_LATENCY];
    uint32_t wait = (flags & AEROCMD_UMD_PRESENT_DO_NOT_WAIT) ? AEROCMD_UMD_MAP_DO_NOT_WAIT : 0u;
    return umd_wait_serial(ctx, serial, wait);
}

aerocmd_result aerocmd_umd_present_ex(struct aerocmd_umd_context *ctx, uint32_t sync_interval,
                                      uint32_t flags)
{
    uint32_t packet_flags = sync_interval > 0 ? (uint32_t)AEROGPU_PRESENT_FLAG_VSYNC : 0u;
    aerocmd_result r;
    if (ctx->lost)
        return AEROCMD_E_DEVICE_REMOVED;
    if (sync_interval > 4u ||
        (flags & ~(uint32_t)(AEROCMD_UMD_PRESENT_TEST | AEROCMD_UMD_PRESENT_DO_NOT_WAIT)))
        return AEROCMD_E_INVALID_ARG;
    if (flags & AEROCMD_UMD_PRESENT_TEST)
        return AEROCMD_OK; /* only asks whether presenting would work */
    r = umd_submit(ctx, 0);
    if (r == AEROCMD_OK)
        r = throttle_present(ctx, flags);
    if (r != AEROCMD_OK)
        return r;
    UMD_APPEND(ctx, r, aerocmd_append_present(&ctx->w, 0, packet_flags));
    if (r != AEROCMD_OK)
        return r;
    ctx->present_serials[ctx->present_count++ % UMD_PRESENT_LATENCY] = ctx->serial;
    r = umd_submit(ctx, AEROCMD_UMD_SUBMIT_PRESENT);
    /* The PRESENT stays in its buffer; that buffer goes out as a present before anything
     * else is written (umd_open_buffer). */
    if (r != AEROCMD_OK && !ctx->lost)
        ctx->present_pending = 1;
    return r;
}

aerocmd_result aerocmd_umd_present(struct aerocmd_umd_context *ctx, uint32_t sync_interval)
{
    return aerocmd_umd_present_ex(ctx, sync_interval > 4u ? 4u : sync_interval, 0);
}
