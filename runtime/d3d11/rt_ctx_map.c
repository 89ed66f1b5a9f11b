/* SPDX-License-Identifier: MIT */
/* rt_ctx_map.c — Map / Unmap. Direct3D 11's rules: DYNAMIC resources map with WRITE_DISCARD
 * (and vertex / index buffers with WRITE_NO_OVERWRITE), STAGING ones as their CPU access
 * allows, nothing else maps; DO_NOT_WAIT only with READ / WRITE / READ_WRITE. The driver's
 * entry is the one the runtime uses for the resource (dynamic IA buffers, dynamic constant
 * buffers, other dynamic resources, staging resources, the general one), and a driver that
 * says "still drawing" makes Map answer DXGI_ERROR_WAS_STILL_DRAWING. */
#include <string.h>

#include "rt_ctx.h"

static HRESULT check_map(const struct rt_resource *r, UINT sub, D3D11_MAP type, UINT flags)
{
    BOOL write = type != D3D11_MAP_READ,
         read = type == D3D11_MAP_READ || type == D3D11_MAP_READ_WRITE;
    if ((UINT)type < D3D11_MAP_READ || (UINT)type > D3D11_MAP_WRITE_NO_OVERWRITE ||
        (flags & ~(UINT)D3D11_MAP_FLAG_DO_NOT_WAIT) || sub >= rt_resource_subresources(r) ||
        (sub < 64 && (r->mapped >> sub) & 1u))
        return E_INVALIDARG;
    if (r->usage == D3D11_USAGE_DYNAMIC) {
        if (type == D3D11_MAP_WRITE_DISCARD)
            return flags == 0 ? S_OK : E_INVALIDARG;
        return type == D3D11_MAP_WRITE_NO_OVERWRITE && flags == 0 &&
                       (r->bind & (D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER))
                   ? S_OK
                   : E_INVALIDARG;
    }
    if (r->usage != D3D11_USAGE_STAGING || type == D3D11_MAP_WRITE_DISCARD ||
        type == D3D11_MAP_WRITE_NO_OVERWRITE)
        return E_INVALIDARG;
    if ((write && !(r->cpu_access & D3D11_CPU_ACCESS_WRITE)) ||
        (read && !(r->cpu_access & D3D11_CPU_ACCESS_READ)))
        return E_INVALIDARG;
    return S_OK;
}

/* Which of the driver's map entries (0 general, 1 dynamic IA buffer, 2 dynamic constant
 * buffer, 3 other dynamic, 4 staging) serves the resource. */
static UINT entry_of(const struct rt_resource *r)
{
    if (r->usage == D3D11_USAGE_STAGING)
        return 4;
    if (r->usage != D3D11_USAGE_DYNAMIC)
        return 0;
    if (r->bind & (D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER))
        return 1;
    return (r->bind & D3D11_BIND_CONSTANT_BUFFER) ? 2 : 3;
}

static void ddi_map(D3D11DDI_DEVICEFUNCS *f, D3D10DDI_HDEVICE h, const struct rt_resource *r,
                    UINT sub, D3D11_MAP type, UINT flags, D3D10DDI_MAPPED_SUBRESOURCE *out)
{
    D3D10DDI_HRESOURCE hr = {r->obj.drv};
    D3D10_DDI_MAP t = (D3D10_DDI_MAP)type;
    switch (entry_of(r)) {
    case 1:
        if (type == D3D11_MAP_WRITE_NO_OVERWRITE)
            f->pfnDynamicIABufferMapNoOverwrite(h, hr, sub, t, flags, out);
        else
            f->pfnDynamicIABufferMapDiscard(h, hr, sub, t, flags, out);
        break;
    case 2:
        f->pfnDynamicConstantBufferMapDiscard(h, hr, sub, t, flags, out);
        break;
    case 3:
        f->pfnDynamicResourceMapDiscard(h, hr, sub, t, flags, out);
        break;
    case 4:
        f->pfnStagingResourceMap(h, hr, sub, t, flags, out);
        break;
    default:
        f->pfnResourceMap(h, hr, sub, t, flags, out);
    }
}

static void ddi_unmap(D3D11DDI_DEVICEFUNCS *f, D3D10DDI_HDEVICE h, const struct rt_resource *r,
                      UINT sub)
{
    D3D10DDI_HRESOURCE hr = {r->obj.drv};
    switch (entry_of(r)) {
    case 1:
        f->pfnDynamicIABufferUnmap(h, hr, sub);
        break;
    case 2:
        f->pfnDynamicConstantBufferUnmap(h, hr, sub);
        break;
    case 3:
        f->pfnDynamicResourceUnmap(h, hr, sub);
        break;
    case 4:
        f->pfnStagingResourceUnmap(h, hr, sub);
        break;
    default:
        f->pfnResourceUnmap(h, hr, sub);
    }
}

static HRESULT STDMETHODCALLTYPE map(ID3D11DeviceContext *iface, ID3D11Resource *res, UINT sub,
                                     D3D11_MAP type, UINT flags, D3D11_MAPPED_SUBRESOURCE *out)
{
    struct rt_context *ctx = rt_context_from(iface);
    struct rt_device *dev = ctx->device;
    struct rt_resource *r = rt_resource_from(res);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    HRESULT hr;
    if (out != NULL)
        memset(out, 0, sizeof *out);
    if (r == NULL || FAILED(check_map(r, sub, type, flags)))
        return E_INVALIDARG;
    if (ctx->deferred)
        return rt_deferred_map(ctx, r, sub, type, out);
    if (dev->removed != S_OK)
        return dev->removed;
    memset(&m, 0, sizeof m);
    RT_LOCK(dev);
    rt_ddi_begin(dev);
    ddi_map(&dev->drv.f, dev->drv.hdev, r, sub, type, flags, &m);
    hr = rt_ddi_end(dev);
    RT_UNLOCK(dev);
    if (hr == DXGI_DDI_ERR_WASSTILLDRAWING)
        return DXGI_ERROR_WAS_STILL_DRAWING;
    if (FAILED(hr))
        return hr;
    if (sub < 64)
        r->mapped |= (uint64_t)1 << sub;
    if (out != NULL) {
        out->pData = m.pData;
        out->RowPitch = m.RowPitch;
        out->DepthPitch = m.DepthPitch;
    }
    return S_OK;
}

static void STDMETHODCALLTYPE unmap(ID3D11DeviceContext *iface, ID3D11Resource *res, UINT sub)
{
    struct rt_context *ctx = rt_context_from(iface);
    struct rt_resource *r = rt_resource_from(res);
    if (r != NULL && ctx->deferred) {
        rt_deferred_unmap(ctx, r, sub);
        return;
    }
    if (r == NULL || sub >= 64 || !((r->mapped >> sub) & 1u))
        return;
    r->mapped &= ~((uint64_t)1 << sub);
    RT_DDI(ctx, ddi_unmap(&dev_->drv.f, dev_->drv.hdev, r, sub));
}

/* The recorded bytes through the immediate context's own Map(WRITE_DISCARD), row by row at
 * the pitch the driver gives. */
void rt_ctx_perform_map_write(struct rt_context *ctx, const struct rt_op_args *a)
{
    struct rt_resource *r = (struct rt_resource *)a->obj[0];
    D3D11_MAPPED_SUBRESOURCE m;
    UINT rows = a->u[1] != 0 ? a->data_size / a->u[1] : 1u, y;
    if (FAILED(map(&ctx->iface, (ID3D11Resource *)r, a->u[0], D3D11_MAP_WRITE_DISCARD, 0, &m)))
        return;
    if (r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER)
        memcpy(m.pData, a->data, a->data_size);
    else
        for (y = 0; y < rows; y++)
            memcpy((uint8_t *)m.pData + (size_t)y * m.RowPitch,
                   (const uint8_t *)a->data + (size_t)y * a->u[1], a->u[1]);
    unmap(&ctx->iface, (ID3D11Resource *)r, a->u[0]);
}

void rt_ctx_fill_map(ID3D11DeviceContextVtbl *t);

void rt_ctx_fill_map(ID3D11DeviceContextVtbl *t)
{
    t->Map = map;
    t->Unmap = unmap;
}
