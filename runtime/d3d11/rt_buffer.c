/* SPDX-License-Identifier: MIT */
/* rt_buffer.c — ID3D11Buffer and CreateBuffer with Direct3D 11's validation of the
 * description (every refusal E_INVALIDARG, as documented). */
#include <string.h>

#include "rt_internal.h"

RT_CHILD_METHODS(buffer, ID3D11Buffer)

static void STDMETHODCALLTYPE buffer_get_type(ID3D11Buffer *iface, D3D11_RESOURCE_DIMENSION *dim)
{
    (void)iface;
    *dim = D3D11_RESOURCE_DIMENSION_BUFFER;
}

static void STDMETHODCALLTYPE buffer_set_eviction(ID3D11Buffer *iface, UINT priority)
{
    ((struct rt_resource *)iface)->eviction = priority;
}

static UINT STDMETHODCALLTYPE buffer_get_eviction(ID3D11Buffer *iface)
{
    return ((struct rt_resource *)iface)->eviction;
}

static void STDMETHODCALLTYPE buffer_get_desc(ID3D11Buffer *iface, D3D11_BUFFER_DESC *desc)
{
    const struct rt_resource *r = (const struct rt_resource *)iface;
    desc->ByteWidth = r->width;
    desc->Usage = r->usage;
    desc->BindFlags = r->bind;
    desc->CPUAccessFlags = r->cpu_access;
    desc->MiscFlags = r->misc;
    desc->StructureByteStride = r->stride;
}

const ID3D11BufferVtbl rt_buffer_vtbl = {
    RT_CHILD_VTBL(buffer), buffer_get_type, buffer_set_eviction,
    buffer_get_eviction,   buffer_get_desc,
};

static const IID *const buffer_iids[] = {&IID_ID3D11Resource, &IID_ID3D11Buffer, NULL};
const struct rt_object_ops rt_buffer_ops = {buffer_iids, rt_resource_destroy};

/* What the usage allows of CPU access (Direct3D 11.0: DEFAULT and IMMUTABLE none, DYNAMIC
 * write only, STAGING some). */
HRESULT rt_check_usage(D3D11_USAGE usage, UINT bind, UINT cpu, BOOL has_data);

HRESULT rt_check_usage(D3D11_USAGE usage, UINT bind, UINT cpu, BOOL has_data)
{
    if (cpu & ~(UINT)(D3D11_CPU_ACCESS_WRITE | D3D11_CPU_ACCESS_READ))
        return E_INVALIDARG;
    switch (usage) {
    case D3D11_USAGE_DEFAULT:
        return cpu == 0 ? S_OK : E_INVALIDARG;
    case D3D11_USAGE_IMMUTABLE:
        return cpu == 0 && has_data ? S_OK : E_INVALIDARG;
    case D3D11_USAGE_DYNAMIC:
        return cpu == D3D11_CPU_ACCESS_WRITE &&
                       !(bind & (D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_RENDER_TARGET |
                                 D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS))
                   ? S_OK
                   : E_INVALIDARG;
    case D3D11_USAGE_STAGING:
        return cpu != 0 && bind == 0 ? S_OK : E_INVALIDARG;
    default:
        return E_INVALIDARG;
    }
}

static HRESULT check_buffer(const D3D11_BUFFER_DESC *d, const D3D11_SUBRESOURCE_DATA *data)
{
    UINT known = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER |
                 D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_STREAM_OUTPUT |
                 D3D11_BIND_UNORDERED_ACCESS;
    if (d->ByteWidth == 0 || (d->BindFlags & ~known) ||
        FAILED(rt_check_usage(d->Usage, d->BindFlags, d->CPUAccessFlags, data != NULL)) ||
        (data != NULL && data->pSysMem == NULL))
        return E_INVALIDARG;
    if ((d->BindFlags & D3D11_BIND_CONSTANT_BUFFER) &&
        (d->BindFlags != D3D11_BIND_CONSTANT_BUFFER || d->ByteWidth % 16u != 0 ||
         d->ByteWidth > D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * 16u))
        return E_INVALIDARG;
    if ((d->MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) &&
        (d->StructureByteStride == 0 || d->StructureByteStride % 4u != 0 ||
         d->StructureByteStride > 2048u || d->ByteWidth % d->StructureByteStride != 0 ||
         (d->MiscFlags & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS)))
        return E_INVALIDARG;
    if (d->MiscFlags & (D3D11_RESOURCE_MISC_GENERATE_MIPS | D3D11_RESOURCE_MISC_TEXTURECUBE))
        return E_INVALIDARG;
    return S_OK;
}

HRESULT STDMETHODCALLTYPE rt_create_buffer(ID3D11Device *iface, const D3D11_BUFFER_DESC *desc,
                                           const D3D11_SUBRESOURCE_DATA *data, ID3D11Buffer **out)
{
    struct rt_device *dev = rt_device_from(iface);
    struct rt_resource *r;
    HRESULT hr;
    if (out != NULL)
        *out = NULL;
    if (desc == NULL || FAILED(check_buffer(desc, data)))
        return E_INVALIDARG;
    if (out == NULL)
        return S_FALSE;
    r = (struct rt_resource *)rt_object_new(dev, sizeof *r, RT_BUFFER, &rt_buffer_vtbl,
                                            &rt_buffer_ops, 0);
    if (r == NULL)
        return E_OUTOFMEMORY;
    r->dimension = D3D11_RESOURCE_DIMENSION_BUFFER;
    r->width = desc->ByteWidth;
    r->height = r->depth = r->mip_levels = r->array_size = 1;
    r->format = DXGI_FORMAT_UNKNOWN;
    r->sample.Count = 1;
    r->usage = desc->Usage;
    r->bind = desc->BindFlags;
    r->cpu_access = desc->CPUAccessFlags;
    r->misc = desc->MiscFlags;
    r->stride = desc->StructureByteStride;
    hr = rt_resource_create_ddi(dev, r, data, NULL);
    if (FAILED(hr)) {
        rt_object_discard(&r->obj);
        return hr;
    }
    *out = (ID3D11Buffer *)r;
    return S_OK;
}
