/* SPDX-License-Identifier: MIT */
/* rt_ctx_uav.c — the compute stage's unordered-access views (with append/consume initial
 * counts; -1 keeps the count). Binding one unbinds the shader-resource views of its
 * subresources. */
#include <string.h>

#include "rt_ctx.h"
#include "rt_view.h"

#define UAV_SLOTS D3D11_PS_CS_UAV_REGISTER_COUNT

void rt_ctx_set_cs_uavs(struct rt_context *ctx, UINT start, UINT n, struct rt_object *const *uavs,
                        const UINT *counts);

void rt_ctx_set_cs_uavs(struct rt_context *ctx, UINT start, UINT n, struct rt_object *const *uavs,
                        const UINT *counts)
{
    D3D11DDI_HUNORDEREDACCESSVIEW h[UAV_SLOTS];
    UINT c[UAV_SLOTS], i;
    for (i = 0; i < n; i++) {
        rt_ctx_unbind_inputs(ctx, uavs[i]);
        rt_object_bind(&ctx->cs_uav[start + i], uavs[i]);
        h[i].pDrvPrivate = rt_drv(uavs[i]);
        c[i] = counts != NULL ? counts[i] : ~0u;
    }
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx, dev_->drv.f.pfnCsSetUnorderedAccessViews(dev_->drv.hdev, start, n, h, c));
}

static void STDMETHODCALLTYPE set_uavs(ID3D11DeviceContext *iface, UINT start, UINT n,
                                       ID3D11UnorderedAccessView *const *uavs, const UINT *counts)
{
    struct rt_object *objs[UAV_SLOTS];
    UINT i;
    if (start >= UAV_SLOTS || n > UAV_SLOTS - start)
        return;
    for (i = 0; i < n; i++)
        objs[i] = uavs != NULL ? rt_object_of(uavs[i], RT_UAV) : NULL;
    rt_ctx_set_cs_uavs(rt_context_from(iface), start, n, objs, counts);
}

static void STDMETHODCALLTYPE get_uavs(ID3D11DeviceContext *iface, UINT start, UINT n,
                                       ID3D11UnorderedAccessView **uavs)
{
    struct rt_context *ctx = rt_context_from(iface);
    UINT i;
    for (i = 0; uavs != NULL && i < n; i++) {
        struct rt_object *o = start + i < UAV_SLOTS ? ctx->cs_uav[start + i] : NULL;
        if (o != NULL)
            rt_object_addref(o);
        uavs[i] = (ID3D11UnorderedAccessView *)o;
    }
}

void rt_ctx_fill_uavs(ID3D11DeviceContextVtbl *t)
{
    t->CSSetUnorderedAccessViews = set_uavs;
    t->CSGetUnorderedAccessViews = get_uavs;
}
