/* SPDX-License-Identifier: MIT */
/* window.c — what a windowed application sees of its presents: a visible window, a swap
 * chain, a back buffer cleared, copied into and drawn into with distinct colours, Present,
 * then the window's client area read back with GDI (GetDC, BitBlt into a memory DC,
 * GetDIBits) as the desktop's 8-bit B, G, R. Windows 7's windowed (blt) present puts the
 * back buffer into the client area, stretched when their sizes differ (DXGI_SCALING_STRETCH
 * is "the implicit behavior of DXGI" for IDXGIFactory::CreateSwapChain); after a
 * ResizeBuffers to the resized window the two match again. Needs an X server under Wine. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

/* Colours exact in 8-bit UNORM (k / 255 for an integer k, as floats round to it). */
static const FLOAT teal[4] = {0.2f, 0.6f, 0.4f, 1}; /* 51, 153, 102 */
static const FLOAT orange[4] = {1, 0.4f, 0, 1};     /* 255, 102, 0 */
static const FLOAT violet[4] = {0.8f, 0.2f, 1, 1};  /* 204, 51, 255 */
static const FLOAT red[4] = {1, 0, 0, 1};           /* 255, 0, 0 */
static const FLOAT blue[4] = {0, 0, 1, 1};          /* 0, 0, 255 */
static const FLOAT plum[4] = {0.4f, 0.2f, 0.6f, 1}; /* 102, 51, 153 */

static int byte_of(FLOAT c)
{
    return (int)(c * 255.0f + 0.5f);
}

/* Lets the window manager's messages (show, paint) through, as a message loop does. */
static void pump(void)
{
    MSG m;
    while (PeekMessageA(&m, NULL, 0, 0, PM_REMOVE)) {
        TranslateMessage(&m);
        DispatchMessageA(&m);
    }
}

static void size_window(HWND hwnd, UINT w, UINT h)
{
    RECT r = {0, 0, (LONG)w, (LONG)h};
    AdjustWindowRect(&r, WS_OVERLAPPEDWINDOW, FALSE);
    SetWindowPos(hwnd, NULL, 0, 0, r.right - r.left, r.bottom - r.top,
                 SWP_NOMOVE | SWP_NOZORDER | SWP_NOACTIVATE);
    pump();
}

/* A visible window with no background brush (nothing but the presents paints it). */
static HWND visible_window(UINT w, UINT h)
{
    HWND hwnd = prog_window(w, h);
    if (hwnd == NULL)
        return NULL;
    ShowWindow(hwnd, SW_SHOWNOACTIVATE);
    UpdateWindow(hwnd);
    pump();
    return hwnd;
}

/* The client area as the desktop holds it: B, G, R and a fourth byte GDI leaves undefined
 * (set to 0 here), rows top to bottom. */
static uint8_t *window_pixels(HWND hwnd, UINT *w, UINT *h)
{
    BITMAPINFO bi;
    RECT r;
    HDC wdc, mem;
    HBITMAP bmp, old;
    uint8_t *px;
    size_t i;
    GetClientRect(hwnd, &r);
    *w = (UINT)(r.right - r.left);
    *h = (UINT)(r.bottom - r.top);
    px = (uint8_t *)calloc((size_t)*w * *h, 4);
    wdc = GetDC(hwnd);
    mem = CreateCompatibleDC(wdc);
    bmp = CreateCompatibleBitmap(wdc, (int)*w, (int)*h);
    old = (HBITMAP)SelectObject(mem, bmp);
    CHECK(BitBlt(mem, 0, 0, (int)*w, (int)*h, wdc, 0, 0, SRCCOPY));
    SelectObject(mem, old);
    memset(&bi, 0, sizeof bi);
    bi.bmiHeader.biSize = sizeof bi.bmiHeader;
    bi.bmiHeader.biWidth = (LONG)*w;
    bi.bmiHeader.biHeight = -(LONG)*h;
    bi.bmiHeader.biPlanes = 1;
    bi.bmiHeader.biBitCount = 32;
    bi.bmiHeader.biCompression = BI_RGB;
    CHECK(GetDIBits(mem, bmp, 0, *h, px, &bi, DIB_RGB_COLORS) == (int)*h);
    for (i = 3; i < (size_t)*w * *h * 4; i += 4)
        px[i] = 0;
    DeleteObject(bmp);
    DeleteDC(mem);
    ReleaseDC(hwnd, wdc);
    return px;
}

/* Texels of the window readback in x0..x1 x y0..y1 that are not `c` as 8-bit B, G, R. */
static UINT off_colour(const uint8_t *px, UINT w, UINT x0, UINT y0, UINT x1, UINT y1,
                       const FLOAT c[4])
{
    UINT x, y, n = 0;
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++) {
            const uint8_t *p = prog_px(px, w, 4, x, y);
            n += p[0] != byte_of(c[2]) || p[1] != byte_of(c[1]) || p[2] != byte_of(c[0]);
        }
    return n;
}

static ID3D11Texture2D *back_buffer(IDXGISwapChain *sc, ID3D11RenderTargetView **rtv)
{
    ID3D11Texture2D *bb = NULL;
    if (!CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&bb), S_OK))
        exit(1);
    CHECK_HR(ID3D11Device_CreateRenderTargetView(P.dev, (ID3D11Resource *)bb, NULL, rtv), S_OK);
    return bb;
}

/* A w x h texture cleared to `c`, copied into `dst` at (x, y). */
static void copy_block(ID3D11Texture2D *dst, UINT x, UINT y, UINT w, UINT h, const FLOAT c[4])
{
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11Texture2D *t = prog_target(w, h, DXGI_FORMAT_R8G8B8A8_UNORM, &rtv);
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv, c);
    ID3D11DeviceContext_CopySubresourceRegion(P.ctx, (ID3D11Resource *)dst, 0, x, y, 0,
                                              (ID3D11Resource *)t, 0, NULL);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Texture2D_Release(t);
}

/* A clockwise (front-facing) triangle covering the viewport (x, y, w, h), in the pixel
 * shader's constant colour. */
static void draw_block(ID3D11RenderTargetView *rtv, FLOAT x, FLOAT y, FLOAT w, FLOAT h)
{
    static const char hlsl[] =
        "float4 vs(uint id : SV_VertexID) : SV_Position {\n"
        "    float2 p = float2((id >> 1) * 4.0 - 1.0, (id & 1) * 4.0 - 1.0);\n"
        "    return float4(p, 0.0, 1.0);\n"
        "}\n"
        "float4 ps() : SV_Target { return float4(0.8, 0.2, 1.0, 1.0); }\n";
    D3D11_VIEWPORT vp = {x, y, w, h, 0.0f, 1.0f};
    ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 1, &rtv, NULL);
    ID3D11DeviceContext_RSSetViewports(P.ctx, 1, &vp);
    prog_shaders(hlsl, "vs", "ps", NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(P.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(P.ctx, 3, 0);
    ID3D11DeviceContext_ClearState(P.ctx);
}

/* The back buffer as the window must show it unstretched: R, G, B, A to B, G, R, 0. */
static void to_desktop(uint8_t *px, size_t texels)
{
    size_t i;
    for (i = 0; i < texels * 4; i += 4) {
        uint8_t r = px[i];
        px[i] = px[i + 2];
        px[i + 2] = r;
        px[i + 3] = 0;
    }
}

/* 160 x 120 in a 160 x 120 client area: teal cleared, an orange block copied into the top-left
 * quadrant, a violet triangle drawn over the bottom-right one; the window shows exactly the
 * back buffer. */
static void scene_present(HWND hwnd, IDXGISwapChain *sc)
{
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11Texture2D *bb;
    uint8_t *want, *got;
    UINT w, h, ww = 0, wh = 0;
    prog_scene("window_present");
    bb = back_buffer(sc, &rtv);
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv, teal);
    copy_block(bb, 0, 0, 80, 60, orange);
    draw_block(rtv, 80, 60, 80, 60);
    want = prog_readback(bb, &w, &h, 4);
    CHECK_HR(IDXGISwapChain_Present(sc, 0, 0), S_OK);
    got = window_pixels(hwnd, &ww, &wh);
    CHECK(ww == 160 && wh == 120 && w == 160 && h == 120);
    to_desktop(want, (size_t)w * h);
    CHECK(ww == w && wh == h && memcmp(want, got, (size_t)w * h * 4) == 0);
    CHECK(off_colour(got, ww, 0, 0, 80, 60, orange) == 0);
    CHECK(off_colour(got, ww, 80, 0, 160, 60, teal) == 0);
    CHECK(off_colour(got, ww, 0, 60, 80, 120, teal) == 0);
    CHECK(off_colour(got, ww, 80, 60, 160, 120, violet) == 0);
    prog_result_image("window", got, ww, wh, 4, "exact");
    free(want);
    free(got);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Texture2D_Release(bb);
}

/* An 80 x 60 buffer (red left half, blue right half) in the 160 x 120 client area: stretched
 * twice over. Where the halves meet, a filtering stretch may blend: those two columns are
 * not checked. */
static void scene_stretch(HWND hwnd)
{
    IDXGISwapChain *sc = prog_chain(hwnd, 80, 60);
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11Texture2D *bb;
    uint8_t *got;
    UINT ww = 0, wh = 0;
    prog_scene("window_stretch");
    if (sc == NULL)
        return;
    bb = back_buffer(sc, &rtv);
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv, blue);
    copy_block(bb, 0, 0, 40, 60, red);
    CHECK_HR(IDXGISwapChain_Present(sc, 0, 0), S_OK);
    got = window_pixels(hwnd, &ww, &wh);
    CHECK(ww == 160 && wh == 120);
    if (ww == 160 && wh == 120) {
        CHECK(off_colour(got, ww, 0, 0, 79, 120, red) == 0);
        CHECK(off_colour(got, ww, 81, 0, 160, 120, blue) == 0);
        prog_result_image("window", got, ww, wh, 4, "edges 240");
    }
    free(got);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Texture2D_Release(bb);
    IDXGISwapChain_Release(sc);
}

/* The window resized to a 200 x 150 client area, ResizeBuffers(0, 0, 0): the buffers take
 * the client area's size and a plum clear fills the window. */
static void scene_resize(HWND hwnd, IDXGISwapChain *sc)
{
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11Texture2D *bb;
    DXGI_SWAP_CHAIN_DESC d;
    uint8_t *got;
    UINT ww = 0, wh = 0;
    prog_scene("window_resize");
    size_window(hwnd, 200, 150);
    CHECK_HR(IDXGISwapChain_ResizeBuffers(sc, 0, 0, 0, DXGI_FORMAT_UNKNOWN, 0), S_OK);
    CHECK_HR(IDXGISwapChain_GetDesc(sc, &d), S_OK);
    CHECK(d.BufferDesc.Width == 200 && d.BufferDesc.Height == 150);
    bb = back_buffer(sc, &rtv);
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv, plum);
    CHECK_HR(IDXGISwapChain_Present(sc, 0, 0), S_OK);
    got = window_pixels(hwnd, &ww, &wh);
    CHECK(ww == 200 && wh == 150);
    CHECK(off_colour(got, ww, 0, 0, ww, wh, plum) == 0);
    prog_result_image("window", got, ww, wh, 4, "exact");
    prog_result_value("buffer_size", "%ux%u", d.BufferDesc.Width, d.BufferDesc.Height);
    free(got);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Texture2D_Release(bb);
}

int main(int argc, char **argv)
{
    IDXGISwapChain *sc;
    HWND hwnd;
    prog_init(argc, argv);
    hwnd = visible_window(160, 120);
    if (!CHECK(hwnd != NULL))
        return prog_finish();
    sc = prog_chain(hwnd, 160, 120);
    if (sc != NULL) {
        scene_present(hwnd, sc);
        IDXGISwapChain_Release(sc);
    }
    scene_stretch(hwnd);
    sc = prog_chain(hwnd, 160, 120);
    if (sc != NULL) {
        scene_resize(hwnd, sc);
        IDXGISwapChain_Release(sc);
    }
    DestroyWindow(hwnd);
    return prog_finish();
}
