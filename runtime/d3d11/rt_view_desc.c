/* SPDX-License-Identifier: MIT */
/* rt_view_desc.c — view descriptions: the default of a NULL description (the whole
 * resource in its own format), the checks Direct3D 11 makes (format of the resource's
 * family, mips and slices inside the resource, the view dimension matching the resource),
 * and the DDI's form (ResourceDimension plus mip / slice ranges; arrays are ranges). */
#include <string.h>

#include "rt_format.h"
#include "rt_view.h"

static BOOL is_ms(const struct rt_resource *r)
{
    return r->sample.Count > 1;
}

/* The view's format against the resource's: the same, or of the same size when the
 * resource is typeless (a cast within its family); never typeless itself. */
HRESULT rt_view_check_format(const struct rt_resource *r, DXGI_FORMAT f, BOOL buffer_unknown_ok)
{
    const struct rt_format_info *rf = rt_format_info(r->format), *vf = rt_format_info(f);
    if (f == DXGI_FORMAT_UNKNOWN)
        return buffer_unknown_ok ? S_OK : E_INVALIDARG;
    if (vf == NULL || vf->kind == 'T')
        return E_INVALIDARG;
    if (r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER || f == r->format)
        return S_OK;
    return rf != NULL && rf->kind == 'T' && rf->bits == vf->bits ? S_OK : E_INVALIDARG;
}

/* Mips [first, first + n) and slices [first, first + n) inside the resource; RT_VIEW_ALL counts
 * resolved. */
HRESULT rt_view_range(UINT *first, UINT *n, UINT total)
{
    if (*first >= total)
        return E_INVALIDARG;
    if (*n == RT_VIEW_ALL)
        *n = total - *first;
    return *n != 0 && *n <= total - *first ? S_OK : E_INVALIDARG;
}

static void default_srv(const struct rt_resource *r, D3D11_SHADER_RESOURCE_VIEW_DESC *d)
{
    memset(d, 0, sizeof *d);
    d->Format = r->format;
    switch (r->dimension) {
    case D3D11_RESOURCE_DIMENSION_BUFFER:
        d->ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
        d->Buffer.NumElements = r->stride != 0 ? r->width / r->stride : 0;
        break;
    case D3D11_RESOURCE_DIMENSION_TEXTURE1D:
        d->ViewDimension =
            r->array_size > 1 ? D3D11_SRV_DIMENSION_TEXTURE1DARRAY : D3D11_SRV_DIMENSION_TEXTURE1D;
        d->Texture1DArray.MipLevels = RT_VIEW_ALL;
        d->Texture1DArray.ArraySize = r->array_size;
        break;
    case D3D11_RESOURCE_DIMENSION_TEXTURE3D:
        d->ViewDimension = D3D11_SRV_DIMENSION_TEXTURE3D;
        d->Texture3D.MipLevels = RT_VIEW_ALL;
        break;
    default:
        if (r->misc & D3D11_RESOURCE_MISC_TEXTURECUBE) {
            d->ViewDimension = r->array_size > 6 ? D3D11_SRV_DIMENSION_TEXTURECUBEARRAY
                                                 : D3D11_SRV_DIMENSION_TEXTURECUBE;
            d->TextureCubeArray.MipLevels = RT_VIEW_ALL;
            d->TextureCubeArray.NumCubes = r->array_size / 6u;
        } else if (is_ms(r)) {
            d->ViewDimension = r->array_size > 1 ? D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY
                                                 : D3D11_SRV_DIMENSION_TEXTURE2DMS;
            d->Texture2DMSArray.ArraySize = r->array_size;
        } else {
            d->ViewDimension = r->array_size > 1 ? D3D11_SRV_DIMENSION_TEXTURE2DARRAY
                                                 : D3D11_SRV_DIMENSION_TEXTURE2D;
            d->Texture2DArray.MipLevels = RT_VIEW_ALL;
            d->Texture2DArray.ArraySize = r->array_size;
        }
    }
}

/* A shader-resource view's texture ranges into the DDI's; mips and slices checked. */
static HRESULT srv_texture(const struct rt_resource *r, D3D11_SHADER_RESOURCE_VIEW_DESC *d,
                           D3D11DDIARG_CREATESHADERRESOURCEVIEW *a)
{
    D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW *t = &a->Tex2D; /* 1D and 2D share the layout */
    UINT dim = d->ViewDimension, mip_first = 0, mips = 1, first = 0, n = 1;
    if (dim == D3D11_SRV_DIMENSION_TEXTURE1D || dim == D3D11_SRV_DIMENSION_TEXTURE2D ||
        dim == D3D11_SRV_DIMENSION_TEXTURE3D || dim == D3D11_SRV_DIMENSION_TEXTURECUBE) {
        mip_first = d->Texture2D.MostDetailedMip;
        mips = d->Texture2D.MipLevels;
    } else if (dim == D3D11_SRV_DIMENSION_TEXTURE1DARRAY ||
               dim == D3D11_SRV_DIMENSION_TEXTURE2DARRAY) {
        mip_first = d->Texture2DArray.MostDetailedMip;
        mips = d->Texture2DArray.MipLevels;
        first = d->Texture2DArray.FirstArraySlice;
        n = d->Texture2DArray.ArraySize;
    } else if (dim == D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY) {
        first = d->Texture2DMSArray.FirstArraySlice;
        n = d->Texture2DMSArray.ArraySize;
    } else if (dim == D3D11_SRV_DIMENSION_TEXTURECUBEARRAY) {
        mip_first = d->TextureCubeArray.MostDetailedMip;
        mips = d->TextureCubeArray.MipLevels;
        first = d->TextureCubeArray.First2DArrayFace;
        n = d->TextureCubeArray.NumCubes * 6u;
    }
    if (FAILED(rt_view_range(&mip_first, &mips, r->mip_levels)) ||
        FAILED(
            rt_view_range(&first, &n, dim == D3D11_SRV_DIMENSION_TEXTURE3D ? 1u : r->array_size)))
        return E_INVALIDARG;
    if (dim == D3D11_SRV_DIMENSION_TEXTURECUBE || dim == D3D11_SRV_DIMENSION_TEXTURECUBEARRAY) {
        a->ResourceDimension = D3D10DDIRESOURCE_TEXTURECUBE;
        a->TexCube.MostDetailedMip = mip_first;
        a->TexCube.MipLevels = mips;
        a->TexCube.First2DArrayFace = first;
        a->TexCube.NumCubes = n / 6u;
        return (r->misc & D3D11_RESOURCE_MISC_TEXTURECUBE) && n % 6u == 0 ? S_OK : E_INVALIDARG;
    }
    if (dim == D3D11_SRV_DIMENSION_TEXTURE3D) {
        a->ResourceDimension = D3D10DDIRESOURCE_TEXTURE3D;
        a->Tex3D.MostDetailedMip = mip_first;
        a->Tex3D.MipLevels = mips;
        return r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D ? S_OK : E_INVALIDARG;
    }
    a->ResourceDimension = dim <= D3D11_SRV_DIMENSION_TEXTURE1DARRAY ? D3D10DDIRESOURCE_TEXTURE1D
                                                                     : D3D10DDIRESOURCE_TEXTURE2D;
    t->MostDetailedMip = mip_first;
    t->MipLevels = mips;
    t->FirstArraySlice = first;
    t->ArraySize = n;
    if (dim == D3D11_SRV_DIMENSION_TEXTURE2DMS || dim == D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY)
        return is_ms(r) ? S_OK : E_INVALIDARG;
    return (a->ResourceDimension == D3D10DDIRESOURCE_TEXTURE1D) ==
                       (r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D) &&
                   !is_ms(r)
               ? S_OK
               : E_INVALIDARG;
}

/* Buffer views: elements of the view's format (or of the structure) inside the buffer. */
HRESULT rt_view_buffer_elements(const struct rt_resource *r, DXGI_FORMAT f, UINT first, UINT n,
                                BOOL raw)
{
    UINT size = raw ? 4u : f == DXGI_FORMAT_UNKNOWN ? r->stride : rt_format_bytes(f);
    if (r->dimension != D3D11_RESOURCE_DIMENSION_BUFFER || size == 0 || n == 0)
        return E_INVALIDARG;
    if ((f == DXGI_FORMAT_UNKNOWN && !raw) !=
        ((r->misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) != 0))
        return E_INVALIDARG;
    return (uint64_t)first * size + (uint64_t)n * size <= r->width ? S_OK : E_INVALIDARG;
}

static HRESULT resolve_srv(struct rt_view *v, const D3D11_SHADER_RESOURCE_VIEW_DESC *desc,
                           D3D11DDIARG_CREATESHADERRESOURCEVIEW *a)
{
    const struct rt_resource *r = v->resource;
    D3D11_SHADER_RESOURCE_VIEW_DESC *d = &v->desc.srv;
    BOOL raw;
    if (desc != NULL)
        *d = *desc;
    else
        default_srv(r, d);
    memset(a, 0, sizeof *a);
    a->Format = d->Format;
    raw = d->ViewDimension == D3D11_SRV_DIMENSION_BUFFEREX &&
          (d->BufferEx.Flags & D3D11_BUFFEREX_SRV_FLAG_RAW) != 0;
    /* A raw view's format is R32_TYPELESS (checked below), typeless or not. */
    if (!(r->bind & D3D11_BIND_SHADER_RESOURCE) ||
        (!raw && FAILED(rt_view_check_format(r, d->Format,
                                             r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER))))
        return E_INVALIDARG;
    if (d->ViewDimension == D3D11_SRV_DIMENSION_BUFFER) {
        a->ResourceDimension = D3D10DDIRESOURCE_BUFFER;
        a->Buffer.FirstElement = d->Buffer.FirstElement;
        a->Buffer.NumElements = d->Buffer.NumElements;
        return rt_view_buffer_elements(r, d->Format, d->Buffer.FirstElement, d->Buffer.NumElements,
                                       FALSE);
    }
    if (d->ViewDimension == D3D11_SRV_DIMENSION_BUFFEREX) {
        a->ResourceDimension = D3D11DDIRESOURCE_BUFFEREX;
        a->BufferEx.FirstElement = d->BufferEx.FirstElement;
        a->BufferEx.NumElements = d->BufferEx.NumElements;
        a->BufferEx.Flags = raw ? D3D11_DDI_BUFFEREX_SRV_FLAG_RAW : 0u;
        if (raw && (d->Format != DXGI_FORMAT_R32_TYPELESS ||
                    !(r->misc & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS)))
            return E_INVALIDARG;
        return rt_view_buffer_elements(r, raw ? DXGI_FORMAT_R32_UINT : d->Format,
                                       d->BufferEx.FirstElement, d->BufferEx.NumElements, raw);
    }
    if (r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER ||
        d->ViewDimension == D3D11_SRV_DIMENSION_UNKNOWN ||
        d->ViewDimension > D3D11_SRV_DIMENSION_TEXTURECUBEARRAY)
        return E_INVALIDARG;
    return srv_texture(r, d, a);
}

/* Render-target, depth-stencil and unordered-access views of a texture: one mip, a slice
 * range (3D: a depth range). The three DDI layouts agree on {mip, first, count}. */
HRESULT rt_view_target_texture(const struct rt_resource *r, UINT view_dim, UINT mip, UINT first,
                               UINT n, D3D10DDIRESOURCE_TYPE *ddi_dim, UINT out[3])
{
    UINT mips = 1, total = r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D
                               ? (r->depth >> mip ? r->depth >> mip : 1u)
                               : r->array_size;
    if (FAILED(rt_view_range(&mip, &mips, r->mip_levels)) ||
        FAILED(rt_view_range(&first, &n, total)))
        return E_INVALIDARG;
    *ddi_dim = view_dim == 1   ? D3D10DDIRESOURCE_TEXTURE1D
               : view_dim == 3 ? D3D10DDIRESOURCE_TEXTURE3D
                               : D3D10DDIRESOURCE_TEXTURE2D;
    out[0] = mip;
    out[1] = first;
    out[2] = n;
    return (UINT)r->dimension == view_dim + 1u ? S_OK : E_INVALIDARG;
}

HRESULT rt_view_resolve(struct rt_device *dev, struct rt_view *v, const void *desc,
                        union rt_view_ddi *a)
{
    (void)dev;
    switch (v->obj.kind) {
    case RT_SRV:
        return resolve_srv(v, (const D3D11_SHADER_RESOURCE_VIEW_DESC *)desc, &a->srv);
    case RT_RTV:
        return rt_view_resolve_rtv(v, (const D3D11_RENDER_TARGET_VIEW_DESC *)desc, &a->rtv);
    case RT_DSV:
        return rt_view_resolve_dsv(v, (const D3D11_DEPTH_STENCIL_VIEW_DESC *)desc, &a->dsv);
    default:
        return rt_view_resolve_uav(v, (const D3D11_UNORDERED_ACCESS_VIEW_DESC *)desc, &a->uav);
    }
}
