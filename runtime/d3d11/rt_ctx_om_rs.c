/* SPDX-License-Identifier: MIT */
/* rt_ctx_om_rs.c — output merger, rasterizer and stream-output setters and getters. Binding
 * subresources for output unbinds the shader-resource views of them from every stage first
 * (Direct3D 11's read/write hazard rule, per subresource: rt_view_span.c). */
#include <string.h>

#include "rt_ctx.h"
#include "rt_view.h"

#define RT_SLOTS D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT
#define VP_SLOTS D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE

static struct rt_resource *view_resource(const struct rt_object *v)
{
    return v != NULL ? ((const struct rt_view *)v)->resource : NULL;
}

static BOOL meets(const struct rt_object *bound, const struct rt_view *v)
{
    return bound != NULL && rt_views_meet((const struct rt_view *)bound, v);
}

BOOL rt_ctx_bound_for_output(const struct rt_context *ctx, const struct rt_view *v)
{
    UINT i;
    if (meets(ctx->dsv, v))
        return TRUE;
    for (i = 0; i < RT_SLOTS; i++)
        if (meets(ctx->rtv[i], v))
            return TRUE;
    for (i = 0; i < D3D11_PS_CS_UAV_REGISTER_COUNT; i++)
        if (meets(ctx->om_uav[i], v) || meets(ctx->cs_uav[i], v))
            return TRUE;
    return FALSE;
}

void rt_ctx_unbind_inputs(struct rt_context *ctx, const struct rt_object *output)
{
    const struct rt_view *v = (const struct rt_view *)output;
    UINT s, i;
    if (v == NULL)
        return;
    for (s = 0; s < RT_STAGES; s++)
        for (i = 0; i < D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT; i++)
            if (meets(ctx->stage[s].srv[i], v))
                rt_ctx_set_slots(ctx, s, 1, i, 1, NULL);
}

static UINT bound_targets(const struct rt_context *ctx)
{
    UINT n = RT_SLOTS;
    while (n > 0 && ctx->rtv[n - 1] == NULL)
        n--;
    return n;
}

void rt_ctx_set_targets(struct rt_context *ctx, UINT n, struct rt_object *const *rtvs,
                        struct rt_object *dsv);

void rt_ctx_set_targets(struct rt_context *ctx, UINT n, struct rt_object *const *rtvs,
                        struct rt_object *dsv)
{
    D3D10DDI_HRENDERTARGETVIEW h[RT_SLOTS];
    D3D10DDI_HDEPTHSTENCILVIEW hd = {rt_drv(dsv)};
    UINT before = bound_targets(ctx), i;
    for (i = 0; i < n; i++)
        rt_ctx_unbind_inputs(ctx, rtvs[i]);
    rt_ctx_unbind_inputs(ctx, dsv);
    for (i = 0; i < RT_SLOTS; i++) {
        rt_object_bind(&ctx->rtv[i], i < n ? rtvs[i] : NULL);
        h[i].pDrvPrivate = rt_drv(ctx->rtv[i]);
    }
    rt_object_bind(&ctx->dsv, dsv);
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx, dev_->drv.f.pfnSetRenderTargets(dev_->drv.hdev, h, n, before > n ? before - n : 0,
                                                hd, NULL, NULL, n, 0, n, 0));
}

static void STDMETHODCALLTYPE set_targets(ID3D11DeviceContext *iface, UINT n,
                                          ID3D11RenderTargetView *const *rtvs,
                                          ID3D11DepthStencilView *dsv)
{
    struct rt_object *objs[RT_SLOTS];
    UINT i;
    if (n > RT_SLOTS)
        return;
    for (i = 0; i < n; i++)
        objs[i] = rtvs != NULL ? rt_object_of(rtvs[i], RT_RTV) : NULL;
    rt_ctx_set_targets(rt_context_from(iface), n, objs, rt_object_of(dsv, RT_DSV));
}

/* Unordered-access views in the output merger need feature level 11_0, which this adapter's
 * driver does not report: only the render-target part is taken. */
static void STDMETHODCALLTYPE set_targets_uavs(ID3D11DeviceContext *iface, UINT n,
                                               ID3D11RenderTargetView *const *rtvs,
                                               ID3D11DepthStencilView *dsv, UINT uav_start,
                                               UINT uav_count,
                                               ID3D11UnorderedAccessView *const *uavs,
                                               const UINT *counts)
{
    (void)uav_start;
    (void)uavs;
    (void)counts;
    if (uav_count != 0 && uav_count != D3D11_KEEP_UNORDERED_ACCESS_VIEWS)
        aerort_trace_unimplemented("output-merger unordered-access views");
    if (n != D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL)
        set_targets(iface, n, rtvs, dsv);
}

static void get_objects(struct rt_object *const *slots, UINT n, void **out)
{
    UINT i;
    for (i = 0; i < n; i++) {
        if (slots[i] != NULL)
            rt_object_addref(slots[i]);
        out[i] = slots[i];
    }
}

static void STDMETHODCALLTYPE get_targets(ID3D11DeviceContext *iface, UINT n,
                                          ID3D11RenderTargetView **rtvs,
                                          ID3D11DepthStencilView **dsv)
{
    struct rt_context *ctx = rt_context_from(iface);
    if (rtvs != NULL)
        get_objects(ctx->rtv, n < RT_SLOTS ? n : RT_SLOTS, (void **)rtvs);
    if (dsv != NULL)
        get_objects(&ctx->dsv, 1, (void **)dsv);
}

static void STDMETHODCALLTYPE get_targets_uavs(ID3D11DeviceContext *iface, UINT n,
                                               ID3D11RenderTargetView **rtvs,
                                               ID3D11DepthStencilView **dsv, UINT uav_start,
                                               UINT uav_count, ID3D11UnorderedAccessView **uavs)
{
    struct rt_context *ctx = rt_context_from(iface);
    UINT i;
    get_targets(iface, n, rtvs, dsv);
    for (i = 0; uavs != NULL && i < uav_count; i++) {
        struct rt_object *o =
            uav_start + i < D3D11_PS_CS_UAV_REGISTER_COUNT ? ctx->om_uav[uav_start + i] : NULL;
        get_objects(&o, 1, (void **)&uavs[i]);
    }
}

void rt_ctx_set_blend(struct rt_context *ctx, struct rt_object *state, const FLOAT factor[4],
                      UINT mask);

void rt_ctx_set_blend(struct rt_context *ctx, struct rt_object *state, const FLOAT factor[4],
                      UINT mask)
{
    D3D10DDI_HBLENDSTATE h = {rt_drv(state)};
    static const FLOAT ones[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    rt_object_bind(&ctx->blend, state);
    memcpy(ctx->blend_factor, factor != NULL ? factor : ones, sizeof ctx->blend_factor);
    ctx->sample_mask = mask;
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx, dev_->drv.f.pfnSetBlendState(dev_->drv.hdev, h, ctx->blend_factor, mask));
}

static void STDMETHODCALLTYPE set_blend(ID3D11DeviceContext *iface, ID3D11BlendState *state,
                                        const FLOAT factor[4], UINT mask)
{
    rt_ctx_set_blend(rt_context_from(iface), rt_object_of(state, RT_BLEND), factor, mask);
}

static void STDMETHODCALLTYPE get_blend(ID3D11DeviceContext *iface, ID3D11BlendState **state,
                                        FLOAT factor[4], UINT *mask)
{
    struct rt_context *ctx = rt_context_from(iface);
    if (state != NULL)
        get_objects(&ctx->blend, 1, (void **)state);
    if (factor != NULL)
        memcpy(factor, ctx->blend_factor, sizeof ctx->blend_factor);
    if (mask != NULL)
        *mask = ctx->sample_mask;
}

void rt_ctx_set_depth(struct rt_context *ctx, struct rt_object *state, UINT ref);

void rt_ctx_set_depth(struct rt_context *ctx, struct rt_object *state, UINT ref)
{
    D3D10DDI_HDEPTHSTENCILSTATE h = {rt_drv(state)};
    rt_object_bind(&ctx->depth_stencil, state);
    ctx->stencil_ref = ref;
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx, dev_->drv.f.pfnSetDepthStencilState(dev_->drv.hdev, h, ref));
}

static void STDMETHODCALLTYPE set_depth(ID3D11DeviceContext *iface, ID3D11DepthStencilState *state,
                                        UINT ref)
{
    rt_ctx_set_depth(rt_context_from(iface), rt_object_of(state, RT_DEPTH_STENCIL), ref);
}

static void STDMETHODCALLTYPE get_depth(ID3D11DeviceContext *iface, ID3D11DepthStencilState **state,
                                        UINT *ref)
{
    struct rt_context *ctx = rt_context_from(iface);
    if (state != NULL)
        get_objects(&ctx->depth_stencil, 1, (void **)state);
    if (ref != NULL)
        *ref = ctx->stencil_ref;
}

void rt_ctx_fill_rs(ID3D11DeviceContextVtbl *t);

void rt_ctx_fill_om_rs(ID3D11DeviceContextVtbl *t)
{
    t->OMSetRenderTargets = set_targets;
    t->OMGetRenderTargets = get_targets;
    t->OMSetRenderTargetsAndUnorderedAccessViews = set_targets_uavs;
    t->OMGetRenderTargetsAndUnorderedAccessViews = get_targets_uavs;
    t->OMSetBlendState = set_blend;
    t->OMGetBlendState = get_blend;
    t->OMSetDepthStencilState = set_depth;
    t->OMGetDepthStencilState = get_depth;
    rt_ctx_fill_rs(t);
}
