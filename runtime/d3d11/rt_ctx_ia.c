/* SPDX-License-Identifier: MIT */
/* rt_ctx_ia.c — the input assembler's setters and getters. */
#include <string.h>

#include "rt_ctx.h"

#define VB_SLOTS D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT

static void STDMETHODCALLTYPE set_layout(ID3D11DeviceContext *iface, ID3D11InputLayout *layout)
{
    struct rt_context *ctx = rt_context_from(iface);
    struct rt_object *obj = rt_object_of(layout, RT_LAYOUT);
    D3D10DDI_HELEMENTLAYOUT h = {rt_drv(obj)};
    rt_object_bind(&ctx->layout, obj);
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx, dev_->drv.f.pfnIaSetInputLayout(dev_->drv.hdev, h));
}

static void STDMETHODCALLTYPE get_layout(ID3D11DeviceContext *iface, ID3D11InputLayout **out)
{
    struct rt_object *o = rt_context_from(iface)->layout;
    if (o != NULL)
        rt_object_addref(o);
    *out = (ID3D11InputLayout *)o;
}

void rt_ctx_set_vertex_buffers(struct rt_context *ctx, UINT start, UINT n,
                               struct rt_object *const *bufs, const UINT *strides,
                               const UINT *offsets);

void rt_ctx_set_vertex_buffers(struct rt_context *ctx, UINT start, UINT n,
                               struct rt_object *const *bufs, const UINT *strides,
                               const UINT *offsets)
{
    D3D10DDI_HRESOURCE h[VB_SLOTS];
    UINT i;
    for (i = 0; i < n; i++) {
        rt_object_bind(&ctx->vb[start + i], bufs[i]);
        ctx->vb_stride[start + i] = strides[i];
        ctx->vb_offset[start + i] = offsets[i];
        h[i].pDrvPrivate = rt_drv(bufs[i]);
    }
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx, dev_->drv.f.pfnIaSetVertexBuffers(dev_->drv.hdev, start, n, h, strides, offsets));
}

static void STDMETHODCALLTYPE set_vbs(ID3D11DeviceContext *iface, UINT start, UINT n,
                                      ID3D11Buffer *const *bufs, const UINT *strides,
                                      const UINT *offsets)
{
    struct rt_object *objs[VB_SLOTS];
    UINT s[VB_SLOTS], o[VB_SLOTS], i;
    if (start >= VB_SLOTS || n > VB_SLOTS - start)
        return;
    for (i = 0; i < n; i++) {
        objs[i] = bufs != NULL ? rt_object_of(bufs[i], RT_BUFFER) : NULL;
        s[i] = strides != NULL ? strides[i] : 0;
        o[i] = offsets != NULL ? offsets[i] : 0;
    }
    rt_ctx_set_vertex_buffers(rt_context_from(iface), start, n, objs, s, o);
}

static void STDMETHODCALLTYPE get_vbs(ID3D11DeviceContext *iface, UINT start, UINT n,
                                      ID3D11Buffer **bufs, UINT *strides, UINT *offsets)
{
    struct rt_context *ctx = rt_context_from(iface);
    UINT i;
    for (i = 0; i < n; i++) {
        BOOL in = start + i < VB_SLOTS;
        struct rt_object *o = in ? ctx->vb[start + i] : NULL;
        if (bufs != NULL) {
            if (o != NULL)
                rt_object_addref(o);
            bufs[i] = (ID3D11Buffer *)o;
        }
        if (strides != NULL)
            strides[i] = in ? ctx->vb_stride[start + i] : 0;
        if (offsets != NULL)
            offsets[i] = in ? ctx->vb_offset[start + i] : 0;
    }
}

void rt_ctx_set_index_buffer(struct rt_context *ctx, struct rt_object *buf, DXGI_FORMAT format,
                             UINT offset);

void rt_ctx_set_index_buffer(struct rt_context *ctx, struct rt_object *buf, DXGI_FORMAT format,
                             UINT offset)
{
    D3D10DDI_HRESOURCE h = {rt_drv(buf)};
    rt_object_bind(&ctx->ib, buf);
    ctx->ib_format = format;
    ctx->ib_offset = offset;
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx, dev_->drv.f.pfnIaSetIndexBuffer(dev_->drv.hdev, h, format, offset));
}

static void STDMETHODCALLTYPE set_ib(ID3D11DeviceContext *iface, ID3D11Buffer *buf,
                                     DXGI_FORMAT format, UINT offset)
{
    struct rt_object *obj = rt_object_of(buf, RT_BUFFER);
    if (obj != NULL && format != DXGI_FORMAT_R16_UINT && format != DXGI_FORMAT_R32_UINT)
        return;
    rt_ctx_set_index_buffer(rt_context_from(iface), obj, format, offset);
}

static void STDMETHODCALLTYPE get_ib(ID3D11DeviceContext *iface, ID3D11Buffer **buf,
                                     DXGI_FORMAT *format, UINT *offset)
{
    struct rt_context *ctx = rt_context_from(iface);
    if (buf != NULL) {
        if (ctx->ib != NULL)
            rt_object_addref(ctx->ib);
        *buf = (ID3D11Buffer *)ctx->ib;
    }
    if (format != NULL)
        *format = ctx->ib_format;
    if (offset != NULL)
        *offset = ctx->ib_offset;
}

void rt_ctx_set_topology(struct rt_context *ctx, D3D11_PRIMITIVE_TOPOLOGY topology);

void rt_ctx_set_topology(struct rt_context *ctx, D3D11_PRIMITIVE_TOPOLOGY topology)
{
    ctx->topology = topology;
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx,
           dev_->drv.f.pfnIaSetTopology(dev_->drv.hdev, (D3D10_DDI_PRIMITIVE_TOPOLOGY)topology));
}

static void STDMETHODCALLTYPE set_topology(ID3D11DeviceContext *iface,
                                           D3D11_PRIMITIVE_TOPOLOGY topology)
{
    if ((UINT)topology > D3D11_PRIMITIVE_TOPOLOGY_32_CONTROL_POINT_PATCHLIST ||
        ((UINT)topology > D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ &&
         (UINT)topology < D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST))
        return;
    rt_ctx_set_topology(rt_context_from(iface), topology);
}

static void STDMETHODCALLTYPE get_topology(ID3D11DeviceContext *iface,
                                           D3D11_PRIMITIVE_TOPOLOGY *topology)
{
    *topology = rt_context_from(iface)->topology;
}

void rt_ctx_fill_ia(ID3D11DeviceContextVtbl *t)
{
    t->IASetInputLayout = set_layout;
    t->IAGetInputLayout = get_layout;
    t->IASetVertexBuffers = set_vbs;
    t->IAGetVertexBuffers = get_vbs;
    t->IASetIndexBuffer = set_ib;
    t->IAGetIndexBuffer = get_ib;
    t->IASetPrimitiveTopology = set_topology;
    t->IAGetPrimitiveTopology = get_topology;
}
