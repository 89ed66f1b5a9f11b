/* SPDX-License-Identifier: MIT */
/* rt_texture.c — ID3D11Texture1D / 2D / 3D and their creation with Direct3D 11's checks of
 * the description (sizes and counts within the feature level 11_0 limits, usage rules, the
 * format's support for the bind flags as the driver answers CheckFormatSupport). MipLevels
 * 0 means the whole chain. */
#include <string.h>

#include "rt_format.h"
#include "rt_internal.h"

HRESULT rt_check_usage(D3D11_USAGE usage, UINT bind, UINT cpu, BOOL has_data);

RT_CHILD_METHODS(tex1d, ID3D11Texture1D)
RT_CHILD_METHODS(tex2d, ID3D11Texture2D)
RT_CHILD_METHODS(tex3d, ID3D11Texture3D)

#define TEX_RESOURCE_METHODS(prefix, T, DIM)                                                       \
    static void STDMETHODCALLTYPE prefix##_get_type(T *iface, D3D11_RESOURCE_DIMENSION *dim)       \
    {                                                                                              \
        (void)iface;                                                                               \
        *dim = DIM;                                                                                \
    }                                                                                              \
    static void STDMETHODCALLTYPE prefix##_set_eviction(T *iface, UINT priority)                   \
    {                                                                                              \
        ((struct rt_resource *)iface)->eviction = priority;                                        \
    }                                                                                              \
    static UINT STDMETHODCALLTYPE prefix##_get_eviction(T *iface)                                  \
    {                                                                                              \
        return ((struct rt_resource *)iface)->eviction;                                            \
    }
TEX_RESOURCE_METHODS(tex1d, ID3D11Texture1D, D3D11_RESOURCE_DIMENSION_TEXTURE1D)
TEX_RESOURCE_METHODS(tex2d, ID3D11Texture2D, D3D11_RESOURCE_DIMENSION_TEXTURE2D)
TEX_RESOURCE_METHODS(tex3d, ID3D11Texture3D, D3D11_RESOURCE_DIMENSION_TEXTURE3D)

static void STDMETHODCALLTYPE tex1d_get_desc(ID3D11Texture1D *iface, D3D11_TEXTURE1D_DESC *d)
{
    const struct rt_resource *r = (const struct rt_resource *)iface;
    d->Width = r->width;
    d->MipLevels = r->mip_levels;
    d->ArraySize = r->array_size;
    d->Format = r->format;
    d->Usage = r->usage;
    d->BindFlags = r->bind;
    d->CPUAccessFlags = r->cpu_access;
    d->MiscFlags = r->misc;
}

static void STDMETHODCALLTYPE tex2d_get_desc(ID3D11Texture2D *iface, D3D11_TEXTURE2D_DESC *d)
{
    const struct rt_resource *r = (const struct rt_resource *)iface;
    d->Width = r->width;
    d->Height = r->height;
    d->MipLevels = r->mip_levels;
    d->ArraySize = r->array_size;
    d->Format = r->format;
    d->SampleDesc = r->sample;
    d->Usage = r->usage;
    d->BindFlags = r->bind;
    d->CPUAccessFlags = r->cpu_access;
    d->MiscFlags = r->misc;
}

static void STDMETHODCALLTYPE tex3d_get_desc(ID3D11Texture3D *iface, D3D11_TEXTURE3D_DESC *d)
{
    const struct rt_resource *r = (const struct rt_resource *)iface;
    d->Width = r->width;
    d->Height = r->height;
    d->Depth = r->depth;
    d->MipLevels = r->mip_levels;
    d->Format = r->format;
    d->Usage = r->usage;
    d->BindFlags = r->bind;
    d->CPUAccessFlags = r->cpu_access;
    d->MiscFlags = r->misc;
}

const ID3D11Texture1DVtbl rt_tex1d_vtbl = {RT_CHILD_VTBL(tex1d), tex1d_get_type, tex1d_set_eviction,
                                           tex1d_get_eviction, tex1d_get_desc};
const ID3D11Texture2DVtbl rt_tex2d_vtbl = {RT_CHILD_VTBL(tex2d), tex2d_get_type, tex2d_set_eviction,
                                           tex2d_get_eviction, tex2d_get_desc};
const ID3D11Texture3DVtbl rt_tex3d_vtbl = {RT_CHILD_VTBL(tex3d), tex3d_get_type, tex3d_set_eviction,
                                           tex3d_get_eviction, tex3d_get_desc};

static const IID *const tex1d_iids[] = {&IID_ID3D11Resource, &IID_ID3D11Texture1D, NULL};
static const IID *const tex2d_iids[] = {&IID_ID3D11Resource, &IID_ID3D11Texture2D, NULL};
static const IID *const tex3d_iids[] = {&IID_ID3D11Resource, &IID_ID3D11Texture3D, NULL};
const struct rt_object_ops rt_tex1d_ops = {tex1d_iids, rt_resource_destroy};
const struct rt_object_ops rt_tex2d_ops = {tex2d_iids, rt_resource_destroy};
const struct rt_object_ops rt_tex3d_ops = {tex3d_iids, rt_resource_destroy};

static UINT full_chain(UINT w, UINT h, UINT d)
{
    UINT m = 1, size = w > h ? w : h;
    size = size > d ? size : d;
    while (size > 1) {
        size >>= 1;
        m++;
    }
    return m;
}

/* What Direct3D allows a format's kind to be bound as (depth formats only as depth
 * targets, block-compressed only as shader resources, typeless as anything its typed
 * views can be). Whether the driver supports it is the driver's answer at creation: a
 * format the protocol cannot store is refused there (E_NOTIMPL, doc/compatibility.md). */
static HRESULT check_format_binds(DXGI_FORMAT format, UINT bind)
{
    const struct rt_format_info *f = rt_format_info(format);
    if (f == NULL || f->kind == 'P')
        return bind == 0 || bind == D3D11_BIND_SHADER_RESOURCE ? S_OK : E_INVALIDARG;
    if ((bind & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS)) && f->kind != 'C' &&
        f->kind != 'T')
        return E_INVALIDARG;
    if ((bind & D3D11_BIND_DEPTH_STENCIL) && f->kind != 'D' && f->kind != 'T')
        return E_INVALIDARG;
    if ((bind & D3D11_BIND_SHADER_RESOURCE) && f->kind == 'D')
        return E_INVALIDARG;
    return S_OK;
}

/* What D3D11_RESOURCE_MISC_GDI_COMPATIBLE requires: a DEFAULT single-level, single-sample
 * 2D render target of a B8G8R8A8 format, neither keyed-mutex shared nor clamped. */
static BOOL gdi_compatible_ok(const struct rt_resource *r, UINT dim)
{
    return dim == 2 && (r->bind & D3D11_BIND_RENDER_TARGET) && r->mip_levels == 1 &&
           r->sample.Count == 1 && r->usage == D3D11_USAGE_DEFAULT &&
           !(r->misc &
             (D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX | D3D11_RESOURCE_MISC_RESOURCE_CLAMP)) &&
           (r->format == DXGI_FORMAT_B8G8R8A8_UNORM || r->format == DXGI_FORMAT_B8G8R8A8_TYPELESS ||
            r->format == DXGI_FORMAT_B8G8R8A8_UNORM_SRGB);
}

/* The checks all three dimensions share; r holds the description, its mip count resolved. */
static HRESULT check_texture(struct rt_device *dev, struct rt_resource *r, UINT dim, UINT max_size,
                             const D3D11_SUBRESOURCE_DATA *data)
{
    UINT known = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL |
                 D3D11_BIND_UNORDERED_ACCESS;
    UINT chain = full_chain(r->width, dim >= 2 ? r->height : 1u, dim == 3 ? r->depth : 1u);
    UINT i;
    if (r->width == 0 || r->height == 0 || r->depth == 0 || r->width > max_size ||
        r->height > max_size || r->depth > max_size || r->array_size == 0 ||
        r->array_size > D3D11_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION || r->mip_levels > chain ||
        r->format == DXGI_FORMAT_UNKNOWN || (r->bind & ~known) || r->sample.Count == 0 ||
        (r->sample.Count > 1 && (r->mip_levels > 1 || dim != 2)))
        return E_INVALIDARG;
    if (r->mip_levels == 0)
        r->mip_levels = chain;
    if (FAILED(rt_check_usage(r->usage, r->bind, r->cpu_access, data != NULL)) ||
        (r->usage == D3D11_USAGE_DYNAMIC && (r->mip_levels != 1 || r->array_size != 1)))
        return E_INVALIDARG;
    if ((r->misc & D3D11_RESOURCE_MISC_TEXTURECUBE) && (dim != 2 || r->array_size % 6u != 0))
        return E_INVALIDARG;
    if ((r->misc & D3D11_RESOURCE_MISC_GDI_COMPATIBLE) && !gdi_compatible_ok(r, dim))
        return E_INVALIDARG;
    if ((r->misc & D3D11_RESOURCE_MISC_GENERATE_MIPS) &&
        (r->bind & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE)) !=
            (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE))
        return E_INVALIDARG;
    for (i = 0; data != NULL && i < rt_resource_subresources(r); i++)
        if (data[i].pSysMem == NULL)
            return E_INVALIDARG;
    (void)dev;
    return rt_format_info(r->format) != NULL ? check_format_binds(r->format, r->bind)
                                             : E_INVALIDARG;
}

static HRESULT create_texture(struct rt_device *dev, struct rt_resource *tmpl, UINT dim,
                              const D3D11_SUBRESOURCE_DATA *data, DXGI_DDI_PRIMARY_DESC *primary,
                              void **out)
{
    static const void *const vtbls[3] = {&rt_tex1d_vtbl, &rt_tex2d_vtbl, &rt_tex3d_vtbl};
    static const struct rt_object_ops *const ops[3] = {&rt_tex1d_ops, &rt_tex2d_ops, &rt_tex3d_ops};
    static const enum rt_kind kinds[3] = {RT_TEXTURE1D, RT_TEXTURE2D, RT_TEXTURE3D};
    struct rt_resource *r;
    HRESULT hr;
    if (out != NULL)
        *out = NULL;
    if (FAILED(check_texture(dev, tmpl, dim, dim == 3 ? 2048u : 16384u, data)))
        return E_INVALIDARG;
    if (out == NULL)
        return S_FALSE;
    r = (struct rt_resource *)rt_object_new(dev, sizeof *r, kinds[dim - 1u], vtbls[dim - 1u],
                                            ops[dim - 1u], 0);
    if (r == NULL)
        return E_OUTOFMEMORY;
    memcpy((uint8_t *)r + sizeof r->obj, (const uint8_t *)tmpl + sizeof tmpl->obj,
           sizeof *r - sizeof r->obj);
    if (dim == 2)
        rt_surface_init(r);
    hr = rt_resource_create_ddi(dev, r, data, primary);
    if (FAILED(hr)) {
        rt_object_discard(&r->obj);
        return hr;
    }
    *out = r;
    return S_OK;
}

static void tmpl_init(struct rt_resource *t, D3D11_RESOURCE_DIMENSION dim, DXGI_FORMAT format,
                      D3D11_USAGE usage, UINT bind, UINT cpu, UINT misc)
{
    memset(t, 0, sizeof *t);
    t->dimension = dim;
    t->format = format;
    t->usage = usage;
    t->bind = bind;
    t->cpu_access = cpu;
    t->misc = misc;
    t->sample.Count = 1;
    t->height = t->depth = t->array_size = 1;
}

HRESULT STDMETHODCALLTYPE rt_create_texture1d(ID3D11Device *iface, const D3D11_TEXTURE1D_DESC *desc,
                                              const D3D11_SUBRESOURCE_DATA *data,
                                              ID3D11Texture1D **out)
{
    struct rt_resource t;
    if (desc == NULL) {
        if (out != NULL)
            *out = NULL;
        return E_INVALIDARG;
    }
    tmpl_init(&t, D3D11_RESOURCE_DIMENSION_TEXTURE1D, desc->Format, desc->Usage, desc->BindFlags,
              desc->CPUAccessFlags, desc->MiscFlags);
    t.width = desc->Width;
    t.mip_levels = desc->MipLevels;
    t.array_size = desc->ArraySize;
    return create_texture(rt_device_from(iface), &t, 1, data, NULL, (void **)out);
}

HRESULT rt_texture2d_create(struct rt_device *dev, const D3D11_TEXTURE2D_DESC *desc,
                            const D3D11_SUBRESOURCE_DATA *data,
                            const struct rt_present_target *present, ID3D11Texture2D **out)
{
    struct rt_resource t;
    if (desc == NULL) {
        if (out != NULL)
            *out = NULL;
        return E_INVALIDARG;
    }
    tmpl_init(&t, D3D11_RESOURCE_DIMENSION_TEXTURE2D, desc->Format, desc->Usage, desc->BindFlags,
              desc->CPUAccessFlags, desc->MiscFlags);
    t.width = desc->Width;
    t.height = desc->Height;
    t.mip_levels = desc->MipLevels;
    t.array_size = desc->ArraySize;
    t.sample = desc->SampleDesc;
    t.swapchain = present != NULL;
    t.discard_on_present = present != NULL && present->discard;
    return create_texture(dev, &t, 2, data, present != NULL ? present->primary : NULL,
                          (void **)out);
}

HRESULT STDMETHODCALLTYPE rt_create_texture2d(ID3D11Device *iface, const D3D11_TEXTURE2D_DESC *desc,
                                              const D3D11_SUBRESOURCE_DATA *data,
                                              ID3D11Texture2D **out)
{
    return rt_texture2d_create(rt_device_from(iface), desc, data, NULL, out);
}

HRESULT STDMETHODCALLTYPE rt_create_texture3d(ID3D11Device *iface, const D3D11_TEXTURE3D_DESC *desc,
                                              const D3D11_SUBRESOURCE_DATA *data,
                                              ID3D11Texture3D **out)
{
    struct rt_resource t;
    if (desc == NULL) {
        if (out != NULL)
            *out = NULL;
        return E_INVALIDARG;
    }
    tmpl_init(&t, D3D11_RESOURCE_DIMENSION_TEXTURE3D, desc->Format, desc->Usage, desc->BindFlags,
              desc->CPUAccessFlags, desc->MiscFlags);
    t.width = desc->Width;
    t.height = desc->Height;
    t.depth = desc->Depth;
    t.mip_levels = desc->MipLevels;
    return create_texture(rt_device_from(iface), &t, 3, data, NULL, (void **)out);
}
