/* SPDX-License-Identifier: MIT */
/* rt_view_targets.c — render-target, depth-stencil and unordered-access view descriptions:
 * the default of a NULL description, Direct3D 11's checks, the DDI's form. */
#include <string.h>

#include "rt_format.h"
#include "rt_view.h"

/* A texture view of one mip as (dimension 1/2/3, mip, first slice, count, multisampled). */
struct target {
    UINT dim, mip, first, n;
    BOOL ms;
};

/* The API's texture view dimensions of RTVs and UAVs (1D 2, 1D array 3, 2D 4, 2D array 5,
 * 2DMS 6, 2DMS array 7, 3D 8) and their union members, which share layouts. */
static HRESULT rtv_target(const D3D11_RENDER_TARGET_VIEW_DESC *d, struct target *t)
{
    memset(t, 0, sizeof *t);
    t->n = 1;
    switch (d->ViewDimension) {
    case D3D11_RTV_DIMENSION_TEXTURE1D:
    case D3D11_RTV_DIMENSION_TEXTURE2D:
        t->dim = d->ViewDimension == D3D11_RTV_DIMENSION_TEXTURE1D ? 1u : 2u;
        t->mip = d->Texture2D.MipSlice;
        return S_OK;
    case D3D11_RTV_DIMENSION_TEXTURE1DARRAY:
    case D3D11_RTV_DIMENSION_TEXTURE2DARRAY:
        t->dim = d->ViewDimension == D3D11_RTV_DIMENSION_TEXTURE1DARRAY ? 1u : 2u;
        t->mip = d->Texture2DArray.MipSlice;
        t->first = d->Texture2DArray.FirstArraySlice;
        t->n = d->Texture2DArray.ArraySize;
        return S_OK;
    case D3D11_RTV_DIMENSION_TEXTURE2DMS:
        t->dim = 2;
        t->ms = TRUE;
        return S_OK;
    case D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY:
        t->dim = 2;
        t->ms = TRUE;
        t->first = d->Texture2DMSArray.FirstArraySlice;
        t->n = d->Texture2DMSArray.ArraySize;
        return S_OK;
    case D3D11_RTV_DIMENSION_TEXTURE3D:
        t->dim = 3;
        t->mip = d->Texture3D.MipSlice;
        t->first = d->Texture3D.FirstWSlice;
        t->n = d->Texture3D.WSize;
        return S_OK;
    default:
        return E_INVALIDARG;
    }
}

/* The default of a NULL description for a texture: all slices of mip 0. */
static struct target default_target(const struct rt_resource *r)
{
    struct target t;
    memset(&t, 0, sizeof t);
    t.dim = (UINT)r->dimension - 1u;
    t.n = r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D ? r->depth : r->array_size;
    t.ms = r->sample.Count > 1;
    return t;
}

/* Array views and 2D views of one slice are told apart by the count (the API's own
 * dimension is kept in the resolved description). */
static UINT rtv_dimension(const struct target *t, const struct rt_resource *r)
{
    BOOL array = r->array_size > 1;
    if (t->dim == 3)
        return D3D11_RTV_DIMENSION_TEXTURE3D;
    if (t->ms)
        return array ? D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY : D3D11_RTV_DIMENSION_TEXTURE2DMS;
    if (t->dim == 1)
        return array ? D3D11_RTV_DIMENSION_TEXTURE1DARRAY : D3D11_RTV_DIMENSION_TEXTURE1D;
    return array ? D3D11_RTV_DIMENSION_TEXTURE2DARRAY : D3D11_RTV_DIMENSION_TEXTURE2D;
}

static void rtv_from_target(D3D11_RENDER_TARGET_VIEW_DESC *d, const struct target *t, UINT dim)
{
    d->ViewDimension = (D3D11_RTV_DIMENSION)dim;
    if (dim == D3D11_RTV_DIMENSION_TEXTURE3D) {
        d->Texture3D.MipSlice = t->mip;
        d->Texture3D.FirstWSlice = t->first;
        d->Texture3D.WSize = t->n;
    } else if (dim == D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY) {
        d->Texture2DMSArray.FirstArraySlice = t->first;
        d->Texture2DMSArray.ArraySize = t->n;
    } else {
        d->Texture2DArray.MipSlice = t->mip;
        d->Texture2DArray.FirstArraySlice = t->first;
        d->Texture2DArray.ArraySize = t->n;
    }
}

static HRESULT ddi_target(const struct rt_resource *r, const struct target *t,
                          D3D10DDIRESOURCE_TYPE *dim, UINT out[3])
{
    if (t->ms != (r->sample.Count > 1))
        return E_INVALIDARG;
    return rt_view_target_texture(r, t->dim, t->mip, t->first, t->n, dim, out);
}

HRESULT rt_view_resolve_rtv(struct rt_view *v, const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                            D3D10DDIARG_CREATERENDERTARGETVIEW *a)
{
    const struct rt_resource *r = v->resource;
    D3D11_RENDER_TARGET_VIEW_DESC *d = &v->desc.rtv;
    struct target t;
    UINT out[3];
    memset(a, 0, sizeof *a);
    memset(d, 0, sizeof *d);
    if (!(r->bind & D3D11_BIND_RENDER_TARGET))
        return E_INVALIDARG;
    if (desc != NULL && desc->ViewDimension == D3D11_RTV_DIMENSION_BUFFER) {
        *d = *desc;
        a->ResourceDimension = D3D10DDIRESOURCE_BUFFER;
        a->Format = d->Format;
        a->Buffer.FirstElement = d->Buffer.FirstElement;
        a->Buffer.NumElements = d->Buffer.NumElements;
        return rt_view_buffer_elements(r, d->Format, d->Buffer.FirstElement, d->Buffer.NumElements,
                                       FALSE);
    }
    if (r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER ||
        (desc != NULL && FAILED(rtv_target(desc, &t))))
        return E_INVALIDARG;
    if (desc == NULL)
        t = default_target(r);
    d->Format = desc != NULL ? desc->Format : r->format;
    rtv_from_target(d, &t, desc != NULL ? (UINT)desc->ViewDimension : rtv_dimension(&t, r));
    a->Format = d->Format;
    if (FAILED(rt_view_check_format(r, d->Format, FALSE)) ||
        FAILED(ddi_target(r, &t, &a->ResourceDimension, out)))
        return E_INVALIDARG;
    if (d->ViewDimension == D3D11_RTV_DIMENSION_TEXTURE3D)
        d->Texture3D.WSize = out[2];
    a->Tex2D.MipSlice = out[0]; /* every texture variant is {mip, first, count} */
    a->Tex2D.FirstArraySlice = out[1];
    a->Tex2D.ArraySize = out[2];
    return S_OK;
}

/* DSV dimensions: 1D 1, 1D array 2, 2D 3, 2D array 4, 2DMS 5, 2DMS array 6. */
static HRESULT dsv_target(const D3D11_DEPTH_STENCIL_VIEW_DESC *d, struct target *t)
{
    static const UINT rtv_of[] = {0,
                                  D3D11_RTV_DIMENSION_TEXTURE1D,
                                  D3D11_RTV_DIMENSION_TEXTURE1DARRAY,
                                  D3D11_RTV_DIMENSION_TEXTURE2D,
                                  D3D11_RTV_DIMENSION_TEXTURE2DARRAY,
                                  D3D11_RTV_DIMENSION_TEXTURE2DMS,
                                  D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY};
    D3D11_RENDER_TARGET_VIEW_DESC r;
    if (d->ViewDimension == D3D11_DSV_DIMENSION_UNKNOWN ||
        d->ViewDimension > D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY)
        return E_INVALIDARG;
    memset(&r, 0, sizeof r);
    r.ViewDimension = (D3D11_RTV_DIMENSION)rtv_of[d->ViewDimension];
    memcpy(&r.Texture2DArray, &d->Texture2DArray, sizeof d->Texture2DArray);
    return rtv_target(&r, t);
}

HRESULT rt_view_resolve_dsv(struct rt_view *v, const D3D11_DEPTH_STENCIL_VIEW_DESC *desc,
                            D3D11DDIARG_CREATEDEPTHSTENCILVIEW *a)
{
    const struct rt_resource *r = v->resource;
    D3D11_DEPTH_STENCIL_VIEW_DESC *d = &v->desc.dsv;
    const struct rt_format_info *f;
    struct target t;
    UINT out[3];
    memset(a, 0, sizeof *a);
    memset(d, 0, sizeof *d);
    if (!(r->bind & D3D11_BIND_DEPTH_STENCIL) || r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER ||
        r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D ||
        (desc != NULL && (FAILED(dsv_target(desc, &t)) || (desc->Flags & ~3u))))
        return E_INVALIDARG;
    if (desc == NULL) {
        t = default_target(r);
        d->ViewDimension = (D3D11_DSV_DIMENSION)(rtv_dimension(&t, r) - 1u);
    } else {
        d->ViewDimension = desc->ViewDimension;
        d->Flags = desc->Flags;
    }
    d->Format = desc != NULL ? desc->Format : r->format;
    f = rt_format_info(d->Format);
    if (f == NULL || f->kind != 'D' || FAILED(rt_view_check_format(r, d->Format, FALSE)) ||
        FAILED(ddi_target(r, &t, &a->ResourceDimension, out)))
        return E_INVALIDARG;
    d->Texture2DArray.MipSlice = t.ms ? 0u : out[0];
    d->Texture2DArray.FirstArraySlice = out[1];
    d->Texture2DArray.ArraySize = out[2];
    if (d->ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY) {
        d->Texture2DMSArray.FirstArraySlice = out[1];
        d->Texture2DMSArray.ArraySize = out[2];
    }
    a->Format = d->Format;
    a->Flags = d->Flags;
    a->Tex2D.MipSlice = out[0];
    a->Tex2D.FirstArraySlice = out[1];
    a->Tex2D.ArraySize = out[2];
    return S_OK;
}

static HRESULT uav_buffer(const struct rt_resource *r, const D3D11_UNORDERED_ACCESS_VIEW_DESC *d,
                          D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *a)
{
    BOOL raw = (d->Buffer.Flags & D3D11_BUFFER_UAV_FLAG_RAW) != 0;
    a->ResourceDimension = D3D10DDIRESOURCE_BUFFER;
    a->Buffer.FirstElement = d->Buffer.FirstElement;
    a->Buffer.NumElements = d->Buffer.NumElements;
    a->Buffer.Flags = d->Buffer.Flags; /* RAW 1, APPEND 2, COUNTER 4 in both */
    if ((d->Buffer.Flags & ~7u) ||
        (raw && (d->Format != DXGI_FORMAT_R32_TYPELESS ||
                 !(r->misc & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))))
        return E_INVALIDARG;
    return rt_view_buffer_elements(r, raw ? DXGI_FORMAT_R32_UINT : d->Format,
                                   d->Buffer.FirstElement, d->Buffer.NumElements, raw);
}

HRESULT rt_view_resolve_uav(struct rt_view *v, const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
                            D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *a)
{
    const struct rt_resource *r = v->resource;
    D3D11_UNORDERED_ACCESS_VIEW_DESC *d = &v->desc.uav;
    D3D11_RENDER_TARGET_VIEW_DESC rd;
    struct target t;
    UINT out[3];
    memset(a, 0, sizeof *a);
    memset(d, 0, sizeof *d);
    if (!(r->bind & D3D11_BIND_UNORDERED_ACCESS))
        return E_INVALIDARG;
    if (desc != NULL)
        *d = *desc;
    else if (r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER) {
        d->ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
        d->Buffer.NumElements = r->stride != 0 ? r->width / r->stride : 0;
    }
    a->Format = d->Format;
    /* A raw view's format is R32_TYPELESS (uav_buffer checks it), typeless or not. */
    if (r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER)
        return d->ViewDimension == D3D11_UAV_DIMENSION_BUFFER &&
                       ((d->Buffer.Flags & D3D11_BUFFER_UAV_FLAG_RAW) ||
                        SUCCEEDED(rt_view_check_format(r, d->Format, TRUE)))
                   ? uav_buffer(r, d, a)
                   : E_INVALIDARG;
    if (desc == NULL) {
        t = default_target(r);
        d->Format = r->format;
        rtv_from_target(&rd, &t, rtv_dimension(&t, r));
        d->ViewDimension = (D3D11_UAV_DIMENSION)rd.ViewDimension;
    } else {
        memset(&rd, 0, sizeof rd);
        rd.ViewDimension = (D3D11_RTV_DIMENSION)d->ViewDimension;
        memcpy(&rd.Texture2DArray, &d->Texture2DArray, sizeof d->Texture2DArray);
        if (d->ViewDimension == D3D11_UAV_DIMENSION_BUFFER || FAILED(rtv_target(&rd, &t)) || t.ms)
            return E_INVALIDARG;
    }
    a->Format = d->Format;
    if (FAILED(rt_view_check_format(r, d->Format, FALSE)) ||
        FAILED(ddi_target(r, &t, &a->ResourceDimension, out)))
        return E_INVALIDARG;
    a->Tex2D.MipSlice = out[0];
    a->Tex2D.FirstArraySlice = out[1];
    a->Tex2D.ArraySize = out[2];
    return S_OK;
}
