/* SPDX-License-Identifier: MIT */
/* rt_surface.c — IDXGISurface1 of a 2D texture: the texture seen by DXGI. Direct3D 11 answers
 * it for a 2D texture of one mip level and one array slice (IDXGISurface, "Remarks"); it is
 * the same object as the texture (QueryInterface for IUnknown gives the texture, one count,
 * one private-data store). Map goes through the immediate context's Map of subresource 0,
 * so it maps what Direct3D's Map maps (STAGING as its CPU access allows, DYNAMIC with
 * DISCARD); anything else, and flags that name no Direct3D map type, is
 * DXGI_ERROR_INVALID_CALL. GetDC needs a GDI_COMPATIBLE surface (rt_surface_dc.c). */
#include <string.h>

#include "rt_internal.h"

RT_RESOURCE_FACE_METHODS(surface, IDXGISurface1, surface)

/* A resource's parent and device are its device. */
static HRESULT STDMETHODCALLTYPE surface_get_device(IDXGISurface1 *iface, REFIID riid, void **out)
{
    if (out == NULL)
        return DXGI_ERROR_INVALID_CALL;
    return ID3D11Device_QueryInterface(&surface_res(iface)->obj.device->iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE surface_get_desc(IDXGISurface1 *iface, DXGI_SURFACE_DESC *desc)
{
    const struct rt_resource *r = surface_res(iface);
    if (desc == NULL)
        return E_INVALIDARG;
    desc->Width = r->width;
    desc->Height = r->height;
    desc->Format = r->format;
    desc->SampleDesc = r->sample;
    return S_OK;
}

/* The Direct3D map type DXGI's flags name. */
static BOOL map_type(UINT flags, D3D11_MAP *type)
{
    switch (flags) {
    case DXGI_MAP_READ:
        *type = D3D11_MAP_READ;
        return TRUE;
    case DXGI_MAP_WRITE:
        *type = D3D11_MAP_WRITE;
        return TRUE;
    case DXGI_MAP_READ | DXGI_MAP_WRITE:
        *type = D3D11_MAP_READ_WRITE;
        return TRUE;
    case DXGI_MAP_WRITE | DXGI_MAP_DISCARD:
        *type = D3D11_MAP_WRITE_DISCARD;
        return TRUE;
    default:
        return FALSE;
    }
}

static HRESULT STDMETHODCALLTYPE surface_map(IDXGISurface1 *iface, DXGI_MAPPED_RECT *rect,
                                             UINT flags)
{
    struct rt_resource *r = surface_res(iface);
    D3D11_MAPPED_SUBRESOURCE m;
    D3D11_MAP type;
    HRESULT hr;
    if (rect != NULL)
        memset(rect, 0, sizeof *rect);
    if (rect == NULL || !map_type(flags, &type) ||
        (r->usage != D3D11_USAGE_STAGING && r->usage != D3D11_USAGE_DYNAMIC))
        return DXGI_ERROR_INVALID_CALL;
    hr = ID3D11DeviceContext_Map(&r->obj.device->immediate->iface, (ID3D11Resource *)r, 0, type, 0,
                                 &m);
    if (hr == E_INVALIDARG)
        return DXGI_ERROR_INVALID_CALL;
    if (FAILED(hr))
        return hr;
    rect->Pitch = (INT)m.RowPitch;
    rect->pBits = (BYTE *)m.pData;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE surface_unmap(IDXGISurface1 *iface)
{
    struct rt_resource *r = surface_res(iface);
    if (!(r->mapped & 1u))
        return DXGI_ERROR_INVALID_CALL;
    ID3D11DeviceContext_Unmap(&r->obj.device->immediate->iface, (ID3D11Resource *)r, 0);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE surface_get_dc(IDXGISurface1 *iface, WINBOOL discard, HDC *hdc)
{
    (void)discard;
    return rt_surface_get_dc(surface_res(iface), hdc);
}

static HRESULT STDMETHODCALLTYPE surface_release_dc(IDXGISurface1 *iface, RECT *dirty)
{
    (void)dirty;
    return rt_surface_release_dc(surface_res(iface));
}

static const IDXGISurface1Vtbl surface_vtbl = {
    surface_qi,
    surface_addref,
    surface_release,
    surface_set_private,
    surface_set_private_iface,
    surface_get_private,
    surface_get_device,
    surface_get_device,
    surface_get_desc,
    surface_map,
    surface_unmap,
    surface_get_dc,
    surface_release_dc,
};

void rt_surface_init(struct rt_resource *r)
{
    r->surface.lpVtbl = &surface_vtbl;
}

HRESULT rt_surface_query(struct rt_object *obj, REFIID riid, void **out)
{
    struct rt_resource *r = (struct rt_resource *)obj;
    *out = NULL;
    if ((!IsEqualGUID(riid, &IID_IDXGISurface) && !IsEqualGUID(riid, &IID_IDXGISurface1)) ||
        r->dimension != D3D11_RESOURCE_DIMENSION_TEXTURE2D || r->mip_levels != 1 ||
        r->array_size != 1)
        return E_NOINTERFACE;
    rt_object_addref(obj);
    *out = &r->surface;
    return S_OK;
}
