/* SPDX-License-Identifier: MIT */
/* rt_surface_dc.c — IDXGISurface1::GetDC and ReleaseDC of a GDI_COMPATIBLE texture. GDI
 * draws into a DIB section that holds the texture's pixels: GetDC copies them out through
 * the DDI (a staging copy, mapped), ReleaseDC writes the DIB back (UpdateSubresource), so
 * the driver sees only a B8G8R8A8 render target and copies. The whole surface is read and
 * written back: the dirty rectangle is only a hint ("do not use it to restrict
 * rendering"), and contents are kept even with Discard TRUE, which only allows losing them. */
#include <string.h>

#include "rt_internal.h"

struct rt_gdi {
    HDC dc;
    HBITMAP bitmap;
    HGDIOBJ previous;
    void *bits; /* width x height BGRA texels, rows top to bottom */
};

static void gdi_free(struct rt_gdi *g)
{
    if (g == NULL)
        return;
    if (g->dc != NULL) {
        if (g->previous != NULL)
            SelectObject(g->dc, g->previous);
        DeleteDC(g->dc);
    }
    if (g->bitmap != NULL)
        DeleteObject(g->bitmap);
    rt_free(g);
}

/* A top-down 32-bit DIB section of the texture's size, selected into a memory DC. */
static struct rt_gdi *gdi_new(const struct rt_resource *r)
{
    struct rt_gdi *g = (struct rt_gdi *)rt_alloc(sizeof *g);
    BITMAPINFO bi;
    if (g == NULL)
        return NULL;
    memset(&bi, 0, sizeof bi);
    bi.bmiHeader.biSize = sizeof bi.bmiHeader;
    bi.bmiHeader.biWidth = (LONG)r->width;
    bi.bmiHeader.biHeight = -(LONG)r->height;
    bi.bmiHeader.biPlanes = 1;
    bi.bmiHeader.biBitCount = 32;
    bi.bmiHeader.biCompression = BI_RGB;
    g->bitmap = CreateDIBSection(NULL, &bi, DIB_RGB_COLORS, &g->bits, NULL, 0);
    g->dc = g->bitmap != NULL ? CreateCompatibleDC(NULL) : NULL;
    if (g->dc == NULL) {
        gdi_free(g);
        return NULL;
    }
    g->previous = SelectObject(g->dc, g->bitmap);
    return g;
}

/* The texture's pixels into the DIB, through a staging copy. */
static HRESULT read_pixels(struct rt_resource *r, struct rt_gdi *g)
{
    ID3D11DeviceContext *ctx = &r->obj.device->immediate->iface;
    D3D11_TEXTURE2D_DESC d;
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Texture2D *staging = NULL;
    HRESULT hr;
    UINT y;
    ID3D11Texture2D_GetDesc((ID3D11Texture2D *)r, &d);
    d.Usage = D3D11_USAGE_STAGING;
    d.BindFlags = 0;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    d.MiscFlags = 0;
    hr = ID3D11Device_CreateTexture2D(&r->obj.device->iface, &d, NULL, &staging);
    if (FAILED(hr))
        return hr;
    ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)staging, (ID3D11Resource *)r);
    hr = ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0, &m);
    if (SUCCEEDED(hr)) {
        for (y = 0; y < r->height; y++)
            memcpy((BYTE *)g->bits + (size_t)y * r->width * 4u,
                   (const BYTE *)m.pData + (size_t)y * m.RowPitch, (size_t)r->width * 4u);
        ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)staging, 0);
    }
    ID3D11Texture2D_Release(staging);
    return hr;
}

HRESULT rt_surface_get_dc(struct rt_resource *r, HDC *hdc)
{
    struct rt_gdi *g;
    HRESULT hr;
    if (hdc == NULL)
        return E_INVALIDARG;
    *hdc = NULL;
    if (!(r->misc & D3D11_RESOURCE_MISC_GDI_COMPATIBLE) || r->gdi != NULL)
        return DXGI_ERROR_INVALID_CALL;
    g = gdi_new(r);
    if (g == NULL)
        return E_OUTOFMEMORY;
    hr = read_pixels(r, g);
    if (FAILED(hr)) {
        gdi_free(g);
        return hr;
    }
    r->gdi = g;
    *hdc = g->dc;
    return S_OK;
}

HRESULT rt_surface_release_dc(struct rt_resource *r)
{
    ID3D11DeviceContext *ctx = &r->obj.device->immediate->iface;
    if (r->gdi == NULL)
        return DXGI_ERROR_INVALID_CALL;
    GdiFlush();
    ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)r, 0, NULL, r->gdi->bits,
                                          r->width * 4u, 0);
    rt_surface_dc_free(r);
    return S_OK;
}

void rt_surface_dc_free(struct rt_resource *r)
{
    gdi_free(r->gdi);
    r->gdi = NULL;
}
