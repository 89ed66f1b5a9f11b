/* SPDX-License-Identifier: MIT */
/* umd_bind.c — the context's setters: record, compare, mark dirty; resolve read/write
 * hazards between shader-resource slots and output-merger targets. */
#include <string.h>

#include "umd_internal.h"

#define D3D_MAX_VIEWPORTS   16u
#define D3D_DXGI_R32_UINT   42u
#define D3D_DXGI_R16_UINT   57u
#define D3D_TOPOLOGY_LAST   13u
#define D3D_PATCHLIST_FIRST 33u
#define D3D_PATCHLIST_LAST  64u

static inline aerocmd_result check_stage(enum aerocmd_shader_kind stage)
{
    if (UMD_LIKELY((uint32_t)stage < UMD_STAGE_COUNT))
        return AEROCMD_OK;
    if (stage == AEROCMD_SHADER_HS || stage == AEROCMD_SHADER_DS)
        return AEROCMD_E_NOT_IMPLEMENTED;
    return AEROCMD_E_INVALID_ARG;
}

static int slots_ok(uint32_t start, uint32_t count, uint32_t limit)
{
    return start <= limit && count <= limit - start;
}

/* There is no tessellation, but unbinding its stages (what ClearState does) is no error:
 * a refused stage whose call names nothing (slots within the limit, every entry NULL)
 * answers OK. `r` is check_stage's answer. */
#define UMD_UNBIND_ONLY(r, start, count, limit, items)                                             \
    do {                                                                                           \
        uint32_t unbind_i_;                                                                        \
        if ((r) != AEROCMD_E_NOT_IMPLEMENTED || !slots_ok((start), (count), (limit)))              \
            return (r);                                                                            \
        for (unbind_i_ = 0; (items) != NULL && unbind_i_ < (count); unbind_i_++)                   \
            if ((items)[unbind_i_] != NULL)                                                        \
                return (r);                                                                        \
        return AEROCMD_OK;                                                                         \
    } while (0)

/* ---- input assembler ------------------------------------------------------------------- */

/* After the input layout changed: the next draw looks for stale bytes while any resource
 * has some (what it reads may be among them). Vertex and index buffer binds leave it to the
 * draw that emits them (aerocmd_priv_umd_emit_draw). */
static inline uint32_t umd_stale_check(const struct aerocmd_umd_context *ctx)
{
    return ctx->stale_count != 0 ? (uint32_t)UMD_DIRTY_STALE : 0u;
}

void aerocmd_umd_set_input_layout(struct aerocmd_umd_context *ctx,
                                  const struct aerocmd_umd_input_layout *layout)
{
    uint32_t handle = layout != NULL ? layout->handle : 0u;
    ctx->layout = layout;
    if (handle != ctx->input_layout) {
        ctx->input_layout = handle;
        ctx->dirty |= UMD_DIRTY_INPUT_LAYOUT | umd_stale_check(ctx);
    }
}

/* One slot, compared field by field; only a change marks it. */
static inline void set_vertex_slot(struct aerocmd_umd_context *ctx, uint32_t slot,
                                   struct aerocmd_umd_resource *res, uint32_t stride,
                                   uint32_t offset)
{
    struct aerogpu_vertex_buffer_binding *b = &ctx->vb[slot].b;
    uint32_t handle = 0;
    if (res != NULL)
        handle = res->handle;
    else
        stride = offset = 0;
    /* Live resources have distinct handles, so an equal binding names the same resource. */
    if (b->buffer == handle && b->stride_bytes == stride && b->offset_bytes == offset)
        return;
    ctx->vb[slot].res = res;
    b->buffer = handle;
    b->stride_bytes = stride;
    b->offset_bytes = offset;
    ctx->vb_dirty |= 1u << slot;
    ctx->dirty |= UMD_DIRTY_VERTEX_BUFFERS;
}

/* Out of line so that the one-slot call keeps no loop state. */
static UMD_NOINLINE void set_vertex_range(struct aerocmd_umd_context *ctx, uint32_t start,
                                          uint32_t count,
                                          struct aerocmd_umd_resource *const *buffers,
                                          const uint32_t *strides, const uint32_t *offsets)
{
    uint32_t i;
    for (i = 0; i < count; i++)
        set_vertex_slot(ctx, start + i, buffers != NULL ? buffers[i] : NULL,
                        strides != NULL ? strides[i] : 0u, offsets != NULL ? offsets[i] : 0u);
}

aerocmd_result aerocmd_umd_set_vertex_buffer(struct aerocmd_umd_context *ctx, uint32_t slot,
                                             struct aerocmd_umd_resource *buffer, uint32_t stride,
                                             uint32_t offset)
{
    if (UMD_UNLIKELY(slot >= AEROCMD_UMD_MAX_VERTEX_BUFFERS))
        return aerocmd_priv_umd_report(ctx, AEROCMD_E_INVALID_ARG);
    set_vertex_slot(ctx, slot, buffer, stride, offset);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_set_vertex_buffers(struct aerocmd_umd_context *ctx, uint32_t start,
                                              uint32_t count,
                                              struct aerocmd_umd_resource *const *buffers,
                                              const uint32_t *strides, const uint32_t *offsets)
{
    /* One slot with every array given: the usual call. */
    if (UMD_LIKELY(count == 1 && start < AEROCMD_UMD_MAX_VERTEX_BUFFERS && buffers != NULL &&
                   strides != NULL && offsets != NULL)) {
        set_vertex_slot(ctx, start, buffers[0], strides[0], offsets[0]);
        return AEROCMD_OK;
    }
    if (!slots_ok(start, count, AEROCMD_UMD_MAX_VERTEX_BUFFERS))
        return AEROCMD_E_INVALID_ARG;
    set_vertex_range(ctx, start, count, buffers, strides, offsets);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_set_index_buffer(struct aerocmd_umd_context *ctx,
                                            struct aerocmd_umd_resource *buffer,
                                            uint32_t dxgi_format, uint32_t offset_bytes)
{
    uint32_t format = 0;
    if (buffer != NULL) {
        /* The two index formats Direct3D has, then the table's word on anything else. */
        aerocmd_result r = AEROCMD_OK;
        if (dxgi_format == D3D_DXGI_R32_UINT)
            format = AEROGPU_INDEX_FORMAT_UINT32;
        else if (dxgi_format != D3D_DXGI_R16_UINT)
            r = aerocmd_dxgi_index_format(dxgi_format, &format);
        if (r != AEROCMD_OK)
            return r;
    } else {
        offset_bytes = 0;
    }
    if (buffer != ctx->index_res || format != ctx->index_format ||
        offset_bytes != ctx->index_offset) {
        ctx->index_res = buffer;
        ctx->index_format = format;
        ctx->index_offset = offset_bytes;
        ctx->dirty |= UMD_DIRTY_INDEX_BUFFER;
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_set_topology(struct aerocmd_umd_context *ctx, uint32_t topology)
{
    if (topology >= D3D_PATCHLIST_FIRST && topology <= D3D_PATCHLIST_LAST)
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (topology > D3D_TOPOLOGY_LAST || (topology > 5u && topology < 10u))
        return AEROCMD_E_INVALID_ARG;
    /* D3D's list/strip/adjacency numbers are the protocol's. */
    if (topology != ctx->topology) {
        ctx->topology = topology;
        if (topology != 0)
            ctx->dirty |= UMD_DIRTY_TOPOLOGY;
        else
            ctx->dirty &= ~(uint32_t)UMD_DIRTY_TOPOLOGY;
    }
    return AEROCMD_OK;
}

/* ---- shader stages --------------------------------------------------------------------- */

aerocmd_result aerocmd_umd_set_shader(struct aerocmd_umd_context *ctx,
                                      enum aerocmd_shader_kind stage,
                                      const struct aerocmd_umd_shader *shader)
{
    uint32_t handle = shader != NULL ? shader->handle : 0u;
    aerocmd_result r = check_stage(stage);
    if (r != AEROCMD_OK)
        UMD_UNBIND_ONLY(r, 0u, 1u, 1u, &shader);
    if (shader != NULL && shader->kind != (uint32_t)stage)
        return AEROCMD_E_INVALID_ARG;
    if (ctx->stages[stage].shader != handle) {
        ctx->stages[stage].shader = handle;
        ctx->dirty |= UMD_DIRTY_SHADERS;
        if (stage == AEROCMD_SHADER_VS && handle == 0)
            ctx->dirty |= UMD_DIRTY_DRAW_CHECK; /* draws leave out until one is bound */
    }
    return AEROCMD_OK;
}

/* One slot: the binding is worked out (and the buffer checked) first, then compared field
 * by field with what the slot holds; only a change marks the slot. */
static inline aerocmd_result set_constant_slot(struct aerocmd_umd_context *ctx, uint32_t stage,
                                               uint32_t slot, struct aerocmd_umd_resource *res,
                                               const uint32_t *first, const uint32_t *num)
{
    struct umd_stage_bindings *st = &ctx->stages[stage];
    struct umd_constant_slot *cs = &st->cb[slot];
    struct aerogpu_constant_buffer_binding *b = &cs->b;
    uint32_t handle = 0, offset = 0, size = 0;
    if (res != NULL) {
        /* Non-zero exactly for buffers created with the constant-buffer bind flag. */
        size = res->cb_bytes;
        if (size == 0)
            return AEROCMD_E_INVALID_ARG;
        handle = res->handle;
        if (first != NULL && num != NULL) {
            if (*first > UMD_CB_MAX_BYTES / 16u * 64u || *num > UMD_CB_MAX_BYTES / 16u)
                return AEROCMD_E_INVALID_ARG;
            offset = *first * 16u;
            size = *num * 16u;
        }
    }
    /* Live resources have distinct handles, so an equal binding names the same resource. */
    if (b->buffer == handle && b->offset_bytes == offset && b->size_bytes == size)
        return AEROCMD_OK;
    cs->res = res;
    b->buffer = handle;
    b->offset_bytes = offset;
    b->size_bytes = size;
    st->cb_dirty |= 1u << slot;
    ctx->dirty |= UMD_DIRTY_CB(stage);
    return AEROCMD_OK;
}

/* Slots in order; the first refused one ends the call (earlier slots stay set). */
static UMD_NOINLINE aerocmd_result set_constant_range(struct aerocmd_umd_context *ctx,
                                                      uint32_t stage, uint32_t start,
                                                      uint32_t count,
                                                      struct aerocmd_umd_resource *const *buffers,
                                                      const uint32_t *first, const uint32_t *num)
{
    int ranged = first != NULL && num != NULL;
    uint32_t i;
    for (i = 0; i < count; i++) {
        aerocmd_result r =
            set_constant_slot(ctx, stage, start + i, buffers != NULL ? buffers[i] : NULL,
                              ranged ? &first[i] : NULL, ranged ? &num[i] : NULL);
        if (r != AEROCMD_OK)
            return r;
    }
    return AEROCMD_OK;
}

static UMD_NOINLINE aerocmd_result bind_constant_buffer(struct aerocmd_umd_context *ctx,
                                                        enum aerocmd_shader_kind stage,
                                                        uint32_t slot,
                                                        struct aerocmd_umd_resource *buffer)
{
    aerocmd_result r = check_stage(stage);
    if (r == AEROCMD_OK && slot >= AEROCMD_UMD_MAX_CONSTANT_BUFFERS)
        r = AEROCMD_E_INVALID_ARG;
    if (r == AEROCMD_OK)
        r = set_constant_slot(ctx, (uint32_t)stage, slot, buffer, NULL, NULL);
    return aerocmd_priv_umd_report(ctx, r);
}

/* A whole buffer (or NULL) into a slot the caller checked, for a buffer with the
 * constant-buffer bind flag. Out of line: the redundant bind keeps no registers for it.
 * set_constant_slot stores ranges the same way; one store shared by both (with an offset
 * argument) cost the frame benchmark 4 instructions a draw in the x64 DLL and L2 7. */
static UMD_NOINLINE aerocmd_result store_whole_constant_buffer(struct aerocmd_umd_context *ctx,
                                                               uint32_t stage, uint32_t slot,
                                                               struct aerocmd_umd_resource *buffer)
{
    static const uint32_t stage_bit[UMD_STAGE_COUNT] = {UMD_DIRTY_CB(0), UMD_DIRTY_CB(1),
                                                        UMD_DIRTY_CB(2), UMD_DIRTY_CB(3)};
    struct umd_stage_bindings *st = &ctx->stages[stage];
    struct umd_constant_slot *cs = &st->cb[slot];
    uint64_t head = 0, tail = 0; /* {buffer, offset 0}, {size, reserved 0} */
    if (buffer != NULL) {
        head = buffer->handle;
        tail = buffer->cb_bytes;
    }
    cs->res = buffer;
    memcpy(&cs->b.buffer, &head, sizeof head);
    memcpy(&cs->b.size_bytes, &tail, sizeof tail);
    st->cb_dirty |= 1u << slot;
    ctx->dirty |= stage_bit[stage];
    return AEROCMD_OK;
}

/* A whole buffer into a valid slot of a tracked stage: the redundant bind (the usual one)
 * costs the checks and one comparison. A refused buffer goes to the careful way when
 * `report` (one-slot entries report through the error hook), else answers as
 * set_constant_slot does. */
static inline aerocmd_result bind_whole_constant_buffer(struct aerocmd_umd_context *ctx,
                                                        uint32_t stage, uint32_t slot,
                                                        struct aerocmd_umd_resource *buffer,
                                                        int report)
{
    const struct umd_constant_slot *cs;
    uint32_t size = 0;
    if (buffer != NULL) {
        size = buffer->cb_bytes;
        if (size == 0) /* not a constant buffer */
            return report ? bind_constant_buffer(ctx, (enum aerocmd_shader_kind)stage, slot, buffer)
                          : AEROCMD_E_INVALID_ARG;
    }
    /* A slot's res is what its binding names, so comparing it stands for the handle. */
    cs = &ctx->stages[stage].cb[slot];
    if (cs->res == buffer && cs->b.offset_bytes == 0 && cs->b.size_bytes == size)
        return AEROCMD_OK;
    return store_whole_constant_buffer(ctx, stage, slot, buffer);
}

aerocmd_result aerocmd_umd_set_constant_buffer(struct aerocmd_umd_context *ctx,
                                               enum aerocmd_shader_kind stage, uint32_t slot,
                                               struct aerocmd_umd_resource *buffer)
{
    if (UMD_UNLIKELY((uint32_t)stage >= UMD_STAGE_COUNT ||
                     slot >= AEROCMD_UMD_MAX_CONSTANT_BUFFERS))
        return bind_constant_buffer(ctx, stage, slot, buffer);
    return bind_whole_constant_buffer(ctx, (uint32_t)stage, slot, buffer, 1);
}

aerocmd_result aerocmd_umd_set_constant_buffers(struct aerocmd_umd_context *ctx,
                                                enum aerocmd_shader_kind stage, uint32_t start,
                                                uint32_t count,
                                                struct aerocmd_umd_resource *const *buffers,
                                                const uint32_t *first_constant,
                                                const uint32_t *num_constants)
{
    aerocmd_result r;
    /* One whole buffer into a valid slot of a tracked stage: the usual call. */
    if (UMD_LIKELY(count == 1 && (uint32_t)stage < UMD_STAGE_COUNT &&
                   start < AEROCMD_UMD_MAX_CONSTANT_BUFFERS && first_constant == NULL &&
                   buffers != NULL))
        return bind_whole_constant_buffer(ctx, (uint32_t)stage, start, buffers[0], 0);
    r = check_stage(stage);
    if (r != AEROCMD_OK)
        UMD_UNBIND_ONLY(r, start, count, AEROCMD_UMD_MAX_CONSTANT_BUFFERS, buffers);
    if (!slots_ok(start, count, AEROCMD_UMD_MAX_CONSTANT_BUFFERS))
        return AEROCMD_E_INVALID_ARG;
    return set_constant_range(ctx, (uint32_t)stage, start, count, buffers, first_constant,
                              num_constants);
}

aerocmd_result aerocmd_umd_set_sampler(struct aerocmd_umd_context *ctx,
                                       enum aerocmd_shader_kind stage, uint32_t slot,
                                       const struct aerocmd_umd_sampler *sampler)
{
    struct umd_stage_bindings *st;
    uint32_t handle = sampler != NULL ? sampler->handle : 0u;
    if (UMD_UNLIKELY((uint32_t)stage >= UMD_STAGE_COUNT || slot >= AEROCMD_UMD_MAX_SAMPLERS))
        return aerocmd_umd_set_samplers(ctx, stage, slot, 1, &sampler);
    st = &ctx->stages[stage];
    if (st->samplers[slot] != handle) {
        st->samplers[slot] = handle;
        st->sampler_dirty |= 1u << slot;
        ctx->dirty |= UMD_DIRTY_SAMPLER(stage);
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_set_samplers(struct aerocmd_umd_context *ctx,
                                        enum aerocmd_shader_kind stage, uint32_t start,
                                        uint32_t count,
                                        const struct aerocmd_umd_sampler *const *samplers)
{
    struct umd_stage_bindings *st;
    uint32_t i;
    aerocmd_result r = check_stage(stage);
    if (r != AEROCMD_OK)
        UMD_UNBIND_ONLY(r, start, count, AEROCMD_UMD_MAX_SAMPLERS, samplers);
    if (!slots_ok(start, count, AEROCMD_UMD_MAX_SAMPLERS))
        return AEROCMD_E_INVALID_ARG;
    st = &ctx->stages[stage];
    for (i = 0; i < count; i++) {
        const struct aerocmd_umd_sampler *s = samplers != NULL ? samplers[i] : NULL;
        uint32_t handle = s != NULL ? s->handle : 0u;
        if (st->samplers[start + i] != handle) {
            st->samplers[start + i] = handle;
            st->sampler_dirty |= 1u << (start + i);
            ctx->dirty |= UMD_DIRTY_SAMPLER(stage);
        }
    }
    return AEROCMD_OK;
}

/* ---- shader resources and hazards ------------------------------------------------------- */

static void put_srv(struct aerocmd_umd_context *ctx, uint32_t stage, uint32_t slot,
                    struct aerocmd_umd_view *view)
{
    struct umd_stage_bindings *st = &ctx->stages[stage];
    struct aerocmd_umd_view *old = st->srv[slot];
    if (old == view)
        return;
    if (old != NULL)
        old->res->srv_refs--;
    if (view != NULL)
        view->res->srv_refs++;
    st->srv[slot] = view;
    st->srv_dirty[slot / 32u] |= 1u << (slot % 32u);
    ctx->dirty |= UMD_DIRTY_SRV(stage);
}

/* The mips [s[0], s[1]) and layers [s[2], s[3]) a texture view covers: its own range, or
 * all of its resource. */
static void view_span(const struct aerocmd_umd_view *v, uint32_t s[4])
{
    s[0] = v->owns_handle ? v->range.base_mip : 0u;
    s[1] = v->owns_handle ? s[0] + v->range.mip_count : v->res->mip_levels;
    s[2] = v->owns_handle ? v->range.base_layer : 0u;
    s[3] = v->owns_handle ? s[2] + v->range.layer_count : v->res->array_layers;
}

/* Whether a binding of view v clashes with `other` (NULL: all of v's resource). A buffer is
 * one subresource. */
static int views_meet(const struct aerocmd_umd_view *v, const struct aerocmd_umd_view *other)
{
    uint32_t a[4], b[4];
    if (other == NULL || v->is_buffer || other->is_buffer)
        return 1;
    view_span(v, a);
    view_span(other, b);
    return a[0] < b[1] && b[0] < a[1] && a[2] < b[3] && b[2] < a[3];
}

/* A subresource about to be written as a target may not stay readable anywhere. */
void aerocmd_priv_umd_unbind_from_srvs(struct aerocmd_umd_context *ctx,
                                       const struct aerocmd_umd_resource *res,
                                       const struct aerocmd_umd_view *written)
{
    uint32_t stage, slot;
    for (stage = 0; stage < UMD_STAGE_COUNT && res->srv_refs > 0; stage++)
        for (slot = 0; slot < AEROCMD_UMD_MAX_SHADER_RESOURCES; slot++) {
            struct aerocmd_umd_view *v = ctx->stages[stage].srv[slot];
            if (v != NULL && v->res == res && views_meet(v, written))
                put_srv(ctx, stage, slot, NULL);
        }
}

static void put_target(struct aerocmd_umd_context *ctx, uint32_t slot,
                       struct aerocmd_umd_view *view)
{
    struct aerocmd_umd_view **place =
        slot == AEROCMD_UMD_MAX_RENDER_TARGETS ? &ctx->dsv : &ctx->rtv[slot];
    uint32_t bit = 1u << slot;
    if (*place == view)
        return;
    if (*place != NULL)
        (*place)->res->om_slots &= ~bit;
    if (view != NULL) {
        view->res->om_slots |= bit;
        if (view->res->srv_refs > 0)
            aerocmd_priv_umd_unbind_from_srvs(ctx, view->res, view);
        if (view->res->uav_slots != 0)
            aerocmd_priv_umd_unbind_from_uavs(ctx, view->res);
    }
    *place = view;
    ctx->dirty |= UMD_DIRTY_RENDER_TARGETS | UMD_DIRTY_DRAW_CHECK;
    ctx->om_stamped_serial = 0;
}

/* A subresource about to be read may not stay a target. */
void aerocmd_priv_umd_unbind_from_targets(struct aerocmd_umd_context *ctx,
                                          const struct aerocmd_umd_resource *res,
                                          const struct aerocmd_umd_view *read)
{
    uint32_t slot;
    for (slot = 0; slot <= AEROCMD_UMD_MAX_RENDER_TARGETS && res->om_slots != 0; slot++) {
        struct aerocmd_umd_view *v =
            slot == AEROCMD_UMD_MAX_RENDER_TARGETS ? ctx->dsv : ctx->rtv[slot];
        if (v != NULL && v->res == res && views_meet(v, read))
            put_target(ctx, slot, NULL);
    }
}

aerocmd_result aerocmd_umd_set_shader_resource(struct aerocmd_umd_context *ctx,
                                               enum aerocmd_shader_kind stage, uint32_t slot,
                                               struct aerocmd_umd_view *view)
{
    /* No hazard to resolve: the usual case, one put_srv. */
    if (UMD_LIKELY((uint32_t)stage < UMD_STAGE_COUNT && slot < AEROCMD_UMD_MAX_SHADER_RESOURCES &&
                   (view == NULL || (view->kind == AEROCMD_VIEW_SHADER_RESOURCE &&
                                     view->res->om_slots == 0 && view->res->uav_slots == 0)))) {
        put_srv(ctx, (uint32_t)stage, slot, view);
        return AEROCMD_OK;
    }
    return aerocmd_umd_set_shader_resources(ctx, stage, slot, 1, &view);
}

aerocmd_result aerocmd_umd_set_shader_resources(struct aerocmd_umd_context *ctx,
                                                enum aerocmd_shader_kind stage, uint32_t start,
                                                uint32_t count,
                                                struct aerocmd_umd_view *const *views)
{
    uint32_t i;
    aerocmd_result r = check_stage(stage);
    if (r != AEROCMD_OK)
        UMD_UNBIND_ONLY(r, start, count, AEROCMD_UMD_MAX_SHADER_RESOURCES, views);
    if (!slots_ok(start, count, AEROCMD_UMD_MAX_SHADER_RESOURCES))
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < count && views != NULL; i++)
        if (views[i] != NULL && views[i]->kind != AEROCMD_VIEW_SHADER_RESOURCE)
            return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < count; i++) {
        struct aerocmd_umd_view *v = views != NULL ? views[i] : NULL;
        if (v != NULL && v->res->om_slots != 0)
            aerocmd_priv_umd_unbind_from_targets(ctx, v->res, v);
        if (v != NULL && v->res->uav_slots != 0)
            aerocmd_priv_umd_unbind_from_uavs(ctx, v->res);
        put_srv(ctx, (uint32_t)stage, start + i, v);
    }
    return AEROCMD_OK;
}

/* ---- output merger ----------------------------------------------------------------------- */

void aerocmd_priv_umd_target_extent(const struct aerocmd_umd_view *v, uint32_t out[3])
{
    uint32_t mip = v->owns_handle ? v->range.base_mip : 0u;
    out[0] = v->res->width >> mip > 0 ? v->res->width >> mip : 1u;
    out[1] = v->res->height >> mip > 0 ? v->res->height >> mip : 1u;
    out[2] = v->owns_handle ? v->range.layer_count : v->res->array_layers;
}

/* Whether a target view renders to the extent seen so far, which it sets first. */
static int same_extent(const struct aerocmd_umd_view *v, uint32_t extent[3], int *have)
{
    uint32_t mine[3];
    aerocmd_priv_umd_target_extent(v, mine);
    if (*have && (mine[0] != extent[0] || mine[1] != extent[1] || mine[2] != extent[2]))
        return 0;
    extent[0] = mine[0], extent[1] = mine[1], extent[2] = mine[2];
    *have = 1;
    return 1;
}

/* The targets bound together must have one extent: Direct3D 11's runtime drops any other
 * OMSetRenderTargets, and the validator refuses it (target_size_mismatch). */
static int one_extent(uint32_t count, struct aerocmd_umd_view *const *rtvs,
                      const struct aerocmd_umd_view *dsv)
{
    uint32_t extent[3] = {0, 0, 0}, i;
    int have = 0;
    for (i = 0; i < count; i++)
        if (rtvs[i] != NULL && !same_extent(rtvs[i], extent, &have))
            return 0;
    return dsv == NULL || same_extent(dsv, extent, &have);
}

int aerocmd_priv_umd_colours_fit(const struct aerocmd_umd_context *ctx,
                                 const struct aerocmd_umd_view *dsv)
{
    return one_extent(ctx->rt_count, ctx->rtv, dsv);
}

aerocmd_result aerocmd_umd_set_render_targets(struct aerocmd_umd_context *ctx, uint32_t count,
                                              struct aerocmd_umd_view *const *rtvs,
                                              struct aerocmd_umd_view *dsv)
{
    uint32_t i;
    if (count > AEROCMD_UMD_MAX_RENDER_TARGETS || (count > 0 && rtvs == NULL))
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < count; i++)
        if (rtvs[i] != NULL && rtvs[i]->kind != AEROCMD_VIEW_RENDER_TARGET)
            return AEROCMD_E_INVALID_ARG;
    if ((dsv != NULL && dsv->kind != AEROCMD_VIEW_DEPTH_STENCIL) || !one_extent(count, rtvs, dsv))
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < AEROCMD_UMD_MAX_RENDER_TARGETS; i++)
        put_target(ctx, i, i < count ? rtvs[i] : NULL);
    put_target(ctx, AEROCMD_UMD_MAX_RENDER_TARGETS, dsv);
    if (ctx->rt_count != count) {
        ctx->rt_count = count;
        ctx->dirty |= UMD_DIRTY_RENDER_TARGETS;
    }
    return AEROCMD_OK;
}

void aerocmd_umd_set_depth_stencil_state(struct aerocmd_umd_context *ctx,
                                         const struct aerocmd_umd_depth_stencil_state *state,
                                         uint32_t stencil_ref)
{
    struct aerogpu_depth_stencil_state s;
    if (state != NULL)
        s = state->state;
    else
        aerocmd_priv_umd_default_depth_stencil(&s);
    ctx->stencil_ref = stencil_ref;
    if (memcmp(&s, &ctx->depth_stencil, sizeof s) != 0) {
        ctx->depth_stencil = s;
        ctx->dirty |= UMD_DIRTY_DEPTH_STENCIL;
    }
}

void aerocmd_umd_set_rasterizer_state(struct aerocmd_umd_context *ctx,
                                      const struct aerocmd_umd_rasterizer_state *state)
{
    struct aerogpu_rasterizer_state s;
    if (state != NULL)
        s = state->state;
    else
        aerocmd_priv_umd_default_rasterizer(&s);
    if (memcmp(&s, &ctx->rasterizer, sizeof s) != 0) {
        ctx->rasterizer = s;
        ctx->dirty |= UMD_DIRTY_RASTERIZER;
    }
}

/* ---- viewports and scissors ------------------------------------------------------------ */

static int viewport_empty(const struct aerocmd_umd_viewport *v)
{
    return (v->width_f32 & 0x7FFFFFFFu) == 0 || (v->height_f32 & 0x7FFFFFFFu) == 0;
}

aerocmd_result aerocmd_umd_set_viewports(struct aerocmd_umd_context *ctx, uint32_t count,
                                         const struct aerocmd_umd_viewport *viewports)
{
    aerocmd_result r = AEROCMD_OK;
    uint32_t i;
    if (count > D3D_MAX_VIEWPORTS || (count > 0 && viewports == NULL))
        return AEROCMD_E_INVALID_ARG;
    ctx->viewport_count = count;
    if (count == 0)
        return AEROCMD_OK;
    for (i = 1; i < count; i++)
        if (!viewport_empty(&viewports[i]) &&
            memcmp(&viewports[i], &viewports[0], sizeof viewports[0]) != 0)
            r = AEROCMD_E_NOT_IMPLEMENTED;
    if (memcmp(&viewports[0], &ctx->viewport, sizeof ctx->viewport) != 0) {
        ctx->viewport = viewports[0];
        ctx->dirty |= UMD_DIRTY_VIEWPORT;
    }
    return r;
}

static int rect_empty(const struct aerocmd_umd_rect *rc)
{
    return rc->right <= rc->left || rc->bottom <= rc->top;
}

aerocmd_result aerocmd_umd_set_scissor_rects(struct aerocmd_umd_context *ctx, uint32_t count,
                                             const struct aerocmd_umd_rect *rects)
{
    aerocmd_result r = AEROCMD_OK;
    uint32_t i;
    if (count > D3D_MAX_VIEWPORTS || (count > 0 && rects == NULL))
        return AEROCMD_E_INVALID_ARG;
    ctx->scissor_count = count;
    if (count == 0)
        return AEROCMD_OK;
    for (i = 1; i < count; i++)
        if (!rect_empty(&rects[i]) && memcmp(&rects[i], &rects[0], sizeof rects[0]) != 0)
            r = AEROCMD_E_NOT_IMPLEMENTED;
    if (memcmp(&rects[0], &ctx->scissor, sizeof ctx->scissor) != 0) {
        ctx->scissor = rects[0];
        ctx->dirty |= UMD_DIRTY_SCISSOR;
    }
    return r;
}

/* ---- unbinding destroyed objects ---------------------------------------------------------- */

void aerocmd_priv_umd_unbind_view(struct aerocmd_umd_context *ctx, struct aerocmd_umd_view *view)
{
    uint32_t stage, slot;
    for (stage = 0; stage < UMD_STAGE_COUNT && view->res->srv_refs > 0; stage++)
        for (slot = 0; slot < AEROCMD_UMD_MAX_SHADER_RESOURCES; slot++)
            if (ctx->stages[stage].srv[slot] == view)
                put_srv(ctx, stage, slot, NULL);
    for (slot = 0; slot <= AEROCMD_UMD_MAX_RENDER_TARGETS; slot++) {
        struct aerocmd_umd_view *v =
            slot == AEROCMD_UMD_MAX_RENDER_TARGETS ? ctx->dsv : ctx->rtv[slot];
        if (v == view)
            put_target(ctx, slot, NULL);
    }
}

void aerocmd_priv_umd_unbind_resource(struct aerocmd_umd_context *ctx,
                                      struct aerocmd_umd_resource *res)
{
    uint32_t stage, slot;
    for (slot = 0; slot < AEROCMD_UMD_MAX_VERTEX_BUFFERS; slot++)
        if (ctx->vb[slot].res == res)
            (void)aerocmd_umd_set_vertex_buffers(ctx, slot, 1, NULL, NULL, NULL);
    if (ctx->index_res == res)
        (void)aerocmd_umd_set_index_buffer(ctx, NULL, 0, 0);
    for (stage = 0; stage < UMD_STAGE_COUNT; stage++)
        for (slot = 0; slot < AEROCMD_UMD_MAX_CONSTANT_BUFFERS; slot++)
            if (ctx->stages[stage].cb[slot].res == res)
                (void)aerocmd_umd_set_constant_buffers(ctx, (enum aerocmd_shader_kind)stage, slot,
                                                       1, NULL, NULL, NULL);
    aerocmd_priv_umd_unbind_from_srvs(ctx, res, NULL);
    aerocmd_priv_umd_unbind_from_targets(ctx, res, NULL);
    aerocmd_priv_umd_unbind_from_uavs(ctx, res);
}

void aerocmd_priv_umd_unbind_handle(struct aerocmd_umd_context *ctx, uint32_t handle)
{
    uint32_t stage, slot;
    if (ctx->input_layout == handle) {
        ctx->input_layout = 0;
        ctx->layout = NULL;
        ctx->dirty |= UMD_DIRTY_INPUT_LAYOUT;
    }
    for (stage = 0; stage < UMD_STAGE_COUNT; stage++) {
        struct umd_stage_bindings *st = &ctx->stages[stage];
        if (st->shader == handle) {
            st->shader = 0;
            ctx->dirty |= UMD_DIRTY_SHADERS | UMD_DIRTY_DRAW_CHECK;
        }
        for (slot = 0; slot < AEROCMD_UMD_MAX_SAMPLERS; slot++)
            if (st->samplers[slot] == handle) {
                st->samplers[slot] = 0;
                st->sampler_dirty |= 1u << slot;
                ctx->dirty |= UMD_DIRTY_SAMPLER(stage);
            }
    }
}
