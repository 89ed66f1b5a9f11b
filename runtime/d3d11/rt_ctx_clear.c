/* SPDX-License-Identifier: MIT */
/* rt_ctx_clear.c — clears of views, GenerateMips, resolves, minimum LODs and structure
 * counts: the context's methods (checked, then performed or recorded). */
#include <string.h>

#include "rt_ctx.h"
#include "rt_view.h"

static void clear_op(ID3D11DeviceContext *iface, enum rt_op code, struct rt_object *view,
                     const void *values, UINT flags, UINT stencil, FLOAT depth)
{
    struct rt_op_args a;
    memset(&a, 0, sizeof a);
    a.op = code;
    a.obj[0] = view;
    if (code == RT_OP_CLEAR_RTV || code == RT_OP_CLEAR_UAV_FLOAT)
        memcpy(a.f, values, sizeof a.f);
    else if (code == RT_OP_CLEAR_UAV_UINT)
        memcpy(a.u, values, 4 * sizeof a.u[0]);
    else {
        a.u[0] = flags;
        a.u[1] = stencil;
        a.f[0] = depth;
    }
    rt_ctx_action(rt_context_from(iface), &a);
}

static void STDMETHODCALLTYPE clear_rtv(ID3D11DeviceContext *iface, ID3D11RenderTargetView *rtv,
                                        const FLOAT color[4])
{
    struct rt_object *v = rt_object_of(rtv, RT_RTV);
    if (v != NULL && color != NULL)
        clear_op(iface, RT_OP_CLEAR_RTV, v, color, 0, 0, 0.0f);
}

static void STDMETHODCALLTYPE clear_dsv(ID3D11DeviceContext *iface, ID3D11DepthStencilView *dsv,
                                        UINT flags, FLOAT depth, UINT8 stencil)
{
    struct rt_object *v = rt_object_of(dsv, RT_DSV);
    if (v != NULL && (flags & (D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL)) != 0 && depth >= 0.0f &&
        depth <= 1.0f)
        clear_op(iface, RT_OP_CLEAR_DSV, v, NULL, flags & (D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL),
                 stencil, depth);
}

static void STDMETHODCALLTYPE clear_uav_uint(ID3D11DeviceContext *iface,
                                             ID3D11UnorderedAccessView *uav, const UINT values[4])
{
    struct rt_object *v = rt_object_of(uav, RT_UAV);
    if (v != NULL && values != NULL)
        clear_op(iface, RT_OP_CLEAR_UAV_UINT, v, values, 0, 0, 0.0f);
}

static void STDMETHODCALLTYPE clear_uav_float(ID3D11DeviceContext *iface,
                                              ID3D11UnorderedAccessView *uav, const FLOAT values[4])
{
    struct rt_object *v = rt_object_of(uav, RT_UAV);
    if (v != NULL && values != NULL)
        clear_op(iface, RT_OP_CLEAR_UAV_FLOAT, v, values, 0, 0, 0.0f);
}

/* Only for a shader-resource view of a resource made with GENERATE_MIPS. */
static void STDMETHODCALLTYPE generate_mips(ID3D11DeviceContext *iface,
                                            ID3D11ShaderResourceView *srv)
{
    struct rt_object *v = rt_object_of(srv, RT_SRV);
    struct rt_op_args a;
    if (v == NULL || !(((struct rt_view *)v)->resource->misc & D3D11_RESOURCE_MISC_GENERATE_MIPS))
        return;
    memset(&a, 0, sizeof a);
    a.op = RT_OP_GENERATE_MIPS;
    a.obj[0] = v;
    rt_ctx_action(rt_context_from(iface), &a);
}

static void STDMETHODCALLTYPE resolve(ID3D11DeviceContext *iface, ID3D11Resource *dst, UINT dsub,
                                      ID3D11Resource *src, UINT ssub, DXGI_FORMAT format)
{
    struct rt_resource *d = rt_resource_from(dst), *s = rt_resource_from(src);
    struct rt_op_args a;
    if (d == NULL || s == NULL || s->sample.Count <= 1 || d->sample.Count != 1 ||
        dsub >= rt_resource_subresources(d) || ssub >= rt_resource_subresources(s))
        return;
    memset(&a, 0, sizeof a);
    a.op = RT_OP_RESOLVE;
    a.obj[0] = &d->obj;
    a.obj[1] = &s->obj;
    a.u[0] = dsub;
    a.u[1] = ssub;
    a.u[2] = (UINT)format;
    rt_ctx_action(rt_context_from(iface), &a);
}

static void STDMETHODCALLTYPE set_min_lod(ID3D11DeviceContext *iface, ID3D11Resource *res,
                                          FLOAT lod)
{
    struct rt_resource *r = rt_resource_from(res);
    struct rt_op_args a;
    if (r == NULL)
        return;
    r->min_lod = lod;
    memset(&a, 0, sizeof a);
    a.op = RT_OP_MIN_LOD;
    a.obj[0] = &r->obj;
    a.f[0] = lod;
    rt_ctx_action(rt_context_from(iface), &a);
}

static FLOAT STDMETHODCALLTYPE get_min_lod(ID3D11DeviceContext *iface, ID3D11Resource *res)
{
    struct rt_resource *r = rt_resource_from(res);
    (void)iface;
    return r != NULL ? r->min_lod : 0.0f;
}

static void STDMETHODCALLTYPE copy_structure_count(ID3D11DeviceContext *iface, ID3D11Buffer *dst,
                                                   UINT offset, ID3D11UnorderedAccessView *uav)
{
    struct rt_object *d = rt_object_of(dst, RT_BUFFER), *v = rt_object_of(uav, RT_UAV);
    struct rt_op_args a;
    if (d == NULL || v == NULL || offset % 4u != 0)
        return;
    memset(&a, 0, sizeof a);
    a.op = RT_OP_COPY_STRUCTURE_COUNT;
    a.obj[0] = d;
    a.obj[1] = v;
    a.u[0] = offset;
    rt_ctx_action(rt_context_from(iface), &a);
}

void rt_ctx_fill_clears(ID3D11DeviceContextVtbl *t);

void rt_ctx_fill_clears(ID3D11DeviceContextVtbl *t)
{
    t->ClearRenderTargetView = clear_rtv;
    t->ClearDepthStencilView = clear_dsv;
    t->ClearUnorderedAccessViewUint = clear_uav_uint;
    t->ClearUnorderedAccessViewFloat = clear_uav_float;
    t->GenerateMips = generate_mips;
    t->ResolveSubresource = resolve;
    t->SetResourceMinLOD = set_min_lod;
    t->GetResourceMinLOD = get_min_lod;
    t->CopyStructureCount = copy_structure_count;
}
