/* SPDX-License-Identifier: MIT */
/* rt_ctx_rs.c — rasterizer state, viewports, scissor rectangles and stream-output targets. */
#include <string.h>

#include "rt_ctx.h"

#define VP_SLOTS D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE
#define SO_SLOTS D3D11_SO_BUFFER_SLOT_COUNT

void rt_ctx_set_rasterizer(struct rt_context *ctx, struct rt_object *state);

void rt_ctx_set_rasterizer(struct rt_context *ctx, struct rt_object *state)
{
    D3D10DDI_HRASTERIZERSTATE h = {rt_drv(state)};
    rt_object_bind(&ctx->rasterizer, state);
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx, dev_->drv.f.pfnSetRasterizerState(dev_->drv.hdev, h));
}

static void STDMETHODCALLTYPE set_state(ID3D11DeviceContext *iface, ID3D11RasterizerState *state)
{
    rt_ctx_set_rasterizer(rt_context_from(iface), rt_object_of(state, RT_RASTERIZER));
}

static void STDMETHODCALLTYPE get_state(ID3D11DeviceContext *iface, ID3D11RasterizerState **state)
{
    struct rt_object *o = rt_context_from(iface)->rasterizer;
    if (o != NULL)
        rt_object_addref(o);
    *state = (ID3D11RasterizerState *)o;
}

void rt_ctx_set_viewports(struct rt_context *ctx, UINT n, const D3D11_VIEWPORT *vps);

void rt_ctx_set_viewports(struct rt_context *ctx, UINT n, const D3D11_VIEWPORT *vps)
{
    D3D10_DDI_VIEWPORT ddi[VP_SLOTS];
    UINT before = ctx->viewport_count, i;
    for (i = 0; i < n; i++) {
        ctx->viewports[i] = vps[i];
        ddi[i].TopLeftX = vps[i].TopLeftX;
        ddi[i].TopLeftY = vps[i].TopLeftY;
        ddi[i].Width = vps[i].Width;
        ddi[i].Height = vps[i].Height;
        ddi[i].MinDepth = vps[i].MinDepth;
        ddi[i].MaxDepth = vps[i].MaxDepth;
    }
    ctx->viewport_count = n;
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx, dev_->drv.f.pfnSetViewports(dev_->drv.hdev, n, before > n ? before - n : 0, ddi));
}

static void STDMETHODCALLTYPE set_viewports(ID3D11DeviceContext *iface, UINT n,
                                            const D3D11_VIEWPORT *vps)
{
    if (n > VP_SLOTS || (n != 0 && vps == NULL))
        return;
    rt_ctx_set_viewports(rt_context_from(iface), n, vps);
}

/* With no array, the count bound; otherwise up to *count entries, the rest of the array
 * zeroed. */
static void STDMETHODCALLTYPE get_viewports(ID3D11DeviceContext *iface, UINT *count,
                                            D3D11_VIEWPORT *vps)
{
    struct rt_context *ctx = rt_context_from(iface);
    UINT i;
    if (count == NULL)
        return;
    if (vps == NULL) {
        *count = ctx->viewport_count;
        return;
    }
    for (i = 0; i < *count; i++) {
        if (i < ctx->viewport_count)
            vps[i] = ctx->viewports[i];
        else
            memset(&vps[i], 0, sizeof vps[i]);
    }
}

void rt_ctx_set_scissors(struct rt_context *ctx, UINT n, const D3D11_RECT *rects);

/* D3D10_DDI_RECT is a RECT, as D3D11_RECT is. */
void rt_ctx_set_scissors(struct rt_context *ctx, UINT n, const D3D11_RECT *rects)
{
    const D3D10_DDI_RECT *ddi = (const D3D10_DDI_RECT *)(const void *)ctx->scissors;
    UINT before = ctx->scissor_count, i;
    for (i = 0; i < n; i++)
        ctx->scissors[i] = rects[i];
    ctx->scissor_count = n;
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx,
           dev_->drv.f.pfnSetScissorRects(dev_->drv.hdev, n, before > n ? before - n : 0, ddi));
}

static void STDMETHODCALLTYPE set_scissors(ID3D11DeviceContext *iface, UINT n,
                                           const D3D11_RECT *rects)
{
    if (n > VP_SLOTS || (n != 0 && rects == NULL))
        return;
    rt_ctx_set_scissors(rt_context_from(iface), n, rects);
}

static void STDMETHODCALLTYPE get_scissors(ID3D11DeviceContext *iface, UINT *count,
                                           D3D11_RECT *rects)
{
    struct rt_context *ctx = rt_context_from(iface);
    UINT i;
    if (count == NULL)
        return;
    if (rects == NULL) {
        *count = ctx->scissor_count;
        return;
    }
    for (i = 0; i < *count; i++) {
        if (i < ctx->scissor_count)
            rects[i] = ctx->scissors[i];
        else
            memset(&rects[i], 0, sizeof rects[i]);
    }
}

void rt_ctx_set_so(struct rt_context *ctx, UINT n, struct rt_object *const *bufs,
                   const UINT *offsets);

void rt_ctx_set_so(struct rt_context *ctx, UINT n, struct rt_object *const *bufs,
                   const UINT *offsets)
{
    D3D10DDI_HRESOURCE h[SO_SLOTS];
    UINT o[SO_SLOTS], i;
    for (i = 0; i < SO_SLOTS; i++) {
        rt_object_bind(&ctx->so[i], i < n ? bufs[i] : NULL);
        ctx->so_offset[i] = i < n ? offsets[i] : 0;
        h[i].pDrvPrivate = rt_drv(ctx->so[i]);
        o[i] = ctx->so_offset[i];
    }
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx, dev_->drv.f.pfnSoSetTargets(dev_->drv.hdev, n, SO_SLOTS - n, h, o));
}

static void STDMETHODCALLTYPE set_so(ID3D11DeviceContext *iface, UINT n, ID3D11Buffer *const *bufs,
                                     const UINT *offsets)
{
    struct rt_object *objs[SO_SLOTS];
    UINT o[SO_SLOTS], i;
    if (n > SO_SLOTS)
        return;
    for (i = 0; i < n; i++) {
        objs[i] = bufs != NULL ? rt_object_of(bufs[i], RT_BUFFER) : NULL;
        o[i] = offsets != NULL ? offsets[i] : 0;
    }
    rt_ctx_set_so(rt_context_from(iface), n, objs, o);
}

static void STDMETHODCALLTYPE get_so(ID3D11DeviceContext *iface, UINT n, ID3D11Buffer **bufs)
{
    struct rt_context *ctx = rt_context_from(iface);
    UINT i;
    for (i = 0; bufs != NULL && i < n; i++) {
        struct rt_object *o = i < SO_SLOTS ? ctx->so[i] : NULL;
        if (o != NULL)
            rt_object_addref(o);
        bufs[i] = (ID3D11Buffer *)o;
    }
}

void rt_ctx_fill_rs(ID3D11DeviceContextVtbl *t);

void rt_ctx_fill_rs(ID3D11DeviceContextVtbl *t)
{
    t->RSSetState = set_state;
    t->RSGetState = get_state;
    t->RSSetViewports = set_viewports;
    t->RSGetViewports = get_viewports;
    t->RSSetScissorRects = set_scissors;
    t->RSGetScissorRects = get_scissors;
    t->SOSetTargets = set_so;
    t->SOGetTargets = get_so;
}
