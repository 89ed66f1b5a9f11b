/* SPDX-License-Identifier: MIT */
/* kmt_window.c — the desktop's side of a windowed present on Windows 7 with DWM off: the
 * presented picture blitted into the window's client area, stretched to it when the
 * buffer's size differs (DXGI_SCALING_STRETCH, "the implicit behavior of DXGI" for a chain
 * of IDXGIFactory::CreateSwapChain). The picture is the host's (GET_PICTURE) once the
 * present's fence completed: one readback per present, only for a visible window and a
 * live host (with AEROCMD_HOST=none nothing ran, so there is nothing to draw). */
#include <string.h>

#include "aerort_private.h"
#include "kmt_internal.h"
#include "kmt_link.h"

/* The client area to draw into; FALSE when nothing of it can be seen. */
static BOOL visible_client(HWND window, RECT *client)
{
    if (window == NULL || !IsWindow(window) || !IsWindowVisible(window) || IsIconic(window))
        return FALSE;
    return GetClientRect(window, client) && client->right > client->left &&
           client->bottom > client->top;
}

/* The host's picture of `fence` as 32-bit BGRX rows (the desktop's 8-bit BGR), in place. */
static HRESULT fetch(struct aerort_kmt_device *dev, uint64_t fence, uint8_t *px, UINT w, UINT h)
{
    struct kmt_picture pic;
    size_t i, n = (size_t)w * h * 4u;
    HRESULT hr;
    EnterCriticalSection(&dev->lock);
    hr = kmt_wait(dev, fence, KMT_WAIT_MS);
    if (SUCCEEDED(hr)) {
        hr = kmt_link_picture(dev->link, &pic, px, n);
        if (hr == AERORT_D3DDDIERR_DEVICEREMOVED)
            dev->lost = hr;
    }
    LeaveCriticalSection(&dev->lock);
    if (hr != S_OK)
        return hr;
    if (pic.fence != fence || pic.width != w || pic.height != h)
        return S_FALSE; /* not this present's picture (another device's came after it) */
    for (i = 0; i < n; i += 4) {
        uint8_t r = px[i];
        px[i] = px[i + 2];
        px[i + 2] = r;
        px[i + 3] = 0;
    }
    return S_OK;
}

static void blit(HWND window, const RECT *client, const uint8_t *px, UINT w, UINT h)
{
    BITMAPINFO bmi;
    HDC dc = GetDC(window);
    if (dc == NULL)
        return;
    memset(&bmi, 0, sizeof bmi);
    bmi.bmiHeader.biSize = sizeof bmi.bmiHeader;
    bmi.bmiHeader.biWidth = (LONG)w;
    bmi.bmiHeader.biHeight = -(LONG)h; /* rows top to bottom */
    bmi.bmiHeader.biPlanes = 1;
    bmi.bmiHeader.biBitCount = 32;
    bmi.bmiHeader.biCompression = BI_RGB;
    SetStretchBltMode(dc, COLORONCOLOR);
    StretchDIBits(dc, 0, 0, client->right - client->left, client->bottom - client->top, 0, 0,
                  (int)w, (int)h, px, &bmi, DIB_RGB_COLORS, SRCCOPY);
    ReleaseDC(window, dc);
}

HRESULT kmt_window_present(struct aerort_kmt_device *dev, const void *dxgi_context, uint64_t fence)
{
    const struct aerort_present_context *ctx = (const struct aerort_present_context *)dxgi_context;
    uint8_t *px;
    RECT client;
    HRESULT hr;
    if (ctx == NULL || dev->link->host == NULL || ctx->width == 0 || ctx->height == 0 ||
        !visible_client(ctx->window, &client))
        return S_OK;
    px = (uint8_t *)HeapAlloc(GetProcessHeap(), 0, (size_t)ctx->width * ctx->height * 4u);
    if (px == NULL)
        return S_OK; /* the picture is not shown; the present itself happened */
    hr = fetch(dev, fence, px, ctx->width, ctx->height);
    if (hr == S_OK)
        blit(ctx->window, &client, px, ctx->width, ctx->height);
    HeapFree(GetProcessHeap(), 0, px);
    return hr == AERORT_D3DDDIERR_DEVICEREMOVED ? hr : S_OK;
}
