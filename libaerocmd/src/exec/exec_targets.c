/* SPDX-License-Identifier: MIT */
/* exec_targets.c — the bound render targets and depth-stencil target as Direct3D 12 views.
 *
 * A gap in the protocol's colour slots (a zero handle below color_count) stays a gap: vkd3d
 * 1.2 has no null render-target views, so a gap is bound to a scratch R8G8B8A8 target of the
 * draw's size whose write mask is 0 (exec_pipeline.c): nothing a shader outputs there is
 * kept, as in Direct3D. Trailing gaps are dropped. */
#include <string.h>

#include "aerocmd/format.h"
#include "exec_internal.h"

aerocmd_result aerocmd_priv_exec_target_ref(struct exec_ctx *ctx, uint32_t handle, int depth,
                                            struct exec_texture_ref *ref, struct exec_format *f)
{
    const struct aerocmd_format_info *info;
    if (aerocmd_priv_exec_texture_ref(ctx->ex, handle, ref) != 0)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_UNKNOWN,
                                      "target h:%u is not a live texture or view", handle);
    aerocmd_priv_exec_format(ref->format, f);
    info = aerocmd_format_info(ref->format);
    /* the validator's rule (target_format, at SET_RENDER_TARGETS); reached only when its
     * tracker was given up */
    if (info == NULL || !(info->caps & (depth ? AEROCMD_FORMAT_CAP_DEPTH_TARGET
                                              : AEROCMD_FORMAT_CAP_RENDER_TARGET)))
        return aerocmd_priv_exec_fail(
            ctx, AEROCMD_E_MALFORMED, AEROCMD_R_TARGET_FORMAT, "h:%u (%s) cannot be a %s target",
            handle, aerocmd_priv_exec_format_name(ref->format), depth ? "depth-stencil" : "render");
    return AEROCMD_OK;
}

static void extent(const struct exec_texture_ref *ref, uint32_t *w, uint32_t *h)
{
    uint32_t tw = ref->res->tex.width >> ref->base_mip, th = ref->res->tex.height >> ref->base_mip;
    tw = tw != 0 ? tw : 1u;
    th = th != 0 ? th : 1u;
    *w = *w < tw ? *w : tw;
    *h = *h < th ? *h : th;
}

/* Array views serve every texture: a one-layer array view is a valid target view. */
aerocmd_result aerocmd_priv_exec_make_target(struct exec_ctx *ctx, int depth,
                                             const struct exec_texture_ref *ref,
                                             const struct exec_format *f,
                                             D3D12_CPU_DESCRIPTOR_HANDLE *out)
{
    D3D12_RENDER_TARGET_VIEW_DESC rtv;
    D3D12_DEPTH_STENCIL_VIEW_DESC dsv;
    aerocmd_result r = aerocmd_priv_exec_descriptors(
        ctx, depth ? D3D12_DESCRIPTOR_HEAP_TYPE_DSV : D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, out, NULL);
    if (r != AEROCMD_OK)
        return r;
    memset(&rtv, 0, sizeof(rtv));
    memset(&dsv, 0, sizeof(dsv));
    rtv.Format = f->view, dsv.Format = f->depth;
    rtv.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DARRAY;
    dsv.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2DARRAY;
    rtv.Texture2DArray.MipSlice = dsv.Texture2DArray.MipSlice = ref->base_mip;
    rtv.Texture2DArray.FirstArraySlice = dsv.Texture2DArray.FirstArraySlice = ref->base_layer;
    rtv.Texture2DArray.ArraySize = dsv.Texture2DArray.ArraySize = ref->layer_count;
    if (depth)
        ID3D12Device_CreateDepthStencilView(ctx->ex->gpu.device, ref->res->res, &dsv, *out);
    else
        ID3D12Device_CreateRenderTargetView(ctx->ex->gpu.device, ref->res->res, &rtv, *out);
    aerocmd_priv_exec_transition_range(
        ctx->ex, ref->res, ref->base_mip, 1, ref->base_layer, ref->layer_count,
        depth ? D3D12_RESOURCE_STATE_DEPTH_WRITE : D3D12_RESOURCE_STATE_RENDER_TARGET);
    return AEROCMD_OK;
}

/* A scratch target of w x h for gaps, kept until a different size is needed (counted in
 * the budget while held). Made before any target view of the draw: its charge may flush,
 * which restarts the descriptor rings. */
static aerocmd_result gap_target(struct exec_ctx *ctx, uint32_t w, uint32_t h)
{
    struct exec_gpu *g = &ctx->ex->gpu;
    D3D12_HEAP_PROPERTIES props;
    D3D12_RESOURCE_DESC desc;
    uint64_t bytes = (uint64_t)w * h * 4u + EXEC_RESOURCE_OVERHEAD;
    aerocmd_result r;
    HRESULT hr;
    if (g->gap_target != NULL && g->gap_width == w && g->gap_height == h)
        return AEROCMD_OK;
    aerocmd_priv_exec_defer_release(ctx->ex, (IUnknown *)g->gap_target, g->gap_bytes);
    g->gap_target = NULL;
    g->gap_bytes = 0;
    if ((r = aerocmd_priv_exec_charge(ctx, bytes, "a scratch target for a gap")) != AEROCMD_OK)
        return r;
    memset(&props, 0, sizeof(props));
    props.Type = D3D12_HEAP_TYPE_DEFAULT;
    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = w, desc.Height = h, desc.DepthOrArraySize = 1, desc.MipLevels = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    hr = ID3D12Device_CreateCommittedResource(g->device, &props, D3D12_HEAP_FLAG_NONE, &desc,
                                              D3D12_RESOURCE_STATE_RENDER_TARGET, NULL,
                                              &IID_ID3D12Resource, (void **)&g->gap_target);
    if (FAILED(hr)) {
        g->gap_target = NULL;
        aerocmd_priv_exec_uncharge(ctx->ex, bytes);
        return aerocmd_priv_exec_hr(ctx, hr, "creating a scratch target for a gap");
    }
    g->gap_width = w, g->gap_height = h, g->gap_bytes = bytes;
    return AEROCMD_OK;
}

static aerocmd_result gap_rtv(struct exec_ctx *ctx, D3D12_CPU_DESCRIPTOR_HANDLE *out)
{
    struct exec_gpu *g = &ctx->ex->gpu;
    aerocmd_result r =
        aerocmd_priv_exec_descriptors(ctx, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, out, NULL);
    if (r == AEROCMD_OK)
        ID3D12Device_CreateRenderTargetView(g->device, g->gap_target, NULL, *out);
    return r;
}

/* Formats, masks and extent of the bound targets; refs of the ones that exist. */
static aerocmd_result resolve(struct exec_ctx *ctx, struct exec_targets *t,
                              struct exec_texture_ref refs[EXEC_MAX_RTS + 1],
                              struct exec_format fmts[EXEC_MAX_RTS + 1])
{
    const struct exec_state *s = &ctx->ex->state;
    uint32_t i;
    aerocmd_result r;
    memset(t, 0, sizeof(*t));
    t->width = t->height = EXEC_MAX_TEX_DIM;
    for (i = 0; i < s->rt_count; i++)
        if (s->rts[i] != 0)
            t->count = i + 1u;
    for (i = 0; i < t->count; i++) {
        if (s->rts[i] == 0) {
            t->rt[i] = DXGI_FORMAT_R8G8B8A8_UNORM;
            t->gap_mask |= 1u << i;
            continue;
        }
        if ((r = aerocmd_priv_exec_target_ref(ctx, s->rts[i], 0, &refs[i], &fmts[i])) != AEROCMD_OK)
            return r;
        t->rt[i] = fmts[i].view;
        t->no_alpha_mask |= (uint32_t)(fmts[i].no_alpha != 0) << i;
        extent(&refs[i], &t->width, &t->height);
    }
    if (s->dsv != 0) {
        r = aerocmd_priv_exec_target_ref(ctx, s->dsv, 1, &refs[EXEC_MAX_RTS], &fmts[EXEC_MAX_RTS]);
        if (r != AEROCMD_OK)
            return r;
        t->dsv = fmts[EXEC_MAX_RTS].depth;
        extent(&refs[EXEC_MAX_RTS], &t->width, &t->height);
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_bind_targets(struct exec_ctx *ctx, int record,
                                              struct exec_targets *t)
{
    struct exec_texture_ref refs[EXEC_MAX_RTS + 1];
    struct exec_format fmts[EXEC_MAX_RTS + 1];
    D3D12_CPU_DESCRIPTOR_HANDLE rtvs[EXEC_MAX_RTS], dsv;
    uint32_t i;
    aerocmd_result r = resolve(ctx, t, refs, fmts);
    if (r != AEROCMD_OK || !record || ctx->ex->gpu.device == NULL)
        return r;
    if (t->gap_mask != 0 && (r = gap_target(ctx, t->width, t->height)) != AEROCMD_OK)
        return r;
    for (i = 0; i < t->count; i++) {
        if ((t->gap_mask >> i) & 1u)
            r = gap_rtv(ctx, &rtvs[i]);
        else
            r = aerocmd_priv_exec_make_target(ctx, 0, &refs[i], &fmts[i], &rtvs[i]);
        if (r != AEROCMD_OK)
            return r;
    }
    if (t->dsv != DXGI_FORMAT_UNKNOWN &&
        (r = aerocmd_priv_exec_make_target(ctx, 1, &refs[EXEC_MAX_RTS], &fmts[EXEC_MAX_RTS],
                                           &dsv)) != AEROCMD_OK)
        return r;
    ID3D12GraphicsCommandList_OMSetRenderTargets(ctx->ex->gpu.list, t->count, rtvs, FALSE,
                                                 t->dsv != DXGI_FORMAT_UNKNOWN ? &dsv : NULL);
    return AEROCMD_OK;
}
