/* SPDX-License-Identifier: MIT */
/* swapchain.c — a swap chain in a window, as a windowed application makes one: through the
 * device's factory and through D3D11CreateDeviceAndSwapChain, its back buffer rendered and
 * read back, Present, ResizeBuffers (refused while the application holds a buffer), a
 * chain sized from the window's client area, the full-screen state, ResizeTarget and the
 * containing output. Needs an X server under Wine. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

/* Clears the chain's buffer 0 with `color` through the given device, reads it back as the
 * image `name` and presents. */
static void clear_read_present(ID3D11Device *dev, ID3D11DeviceContext *ctx, IDXGISwapChain *sc,
                               const FLOAT color[4], const char *name, UINT *w, UINT *h)
{
    ID3D11Texture2D *bb = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    uint8_t *img;
    if (!CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&bb), S_OK))
        return;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)bb, NULL, &rtv), S_OK);
    ID3D11DeviceContext_ClearRenderTargetView(ctx, rtv, color);
    if (ctx == P.ctx) {
        img = prog_readback(bb, w, h, 4);
        CHECK(prog_near(img, (int)(color[0] * 255 + 0.5f), (int)(color[1] * 255 + 0.5f),
                        (int)(color[2] * 255 + 0.5f), 255, 0));
        prog_result_image(name, img, *w, *h, 4, "exact");
        free(img);
    }
    CHECK_HR(IDXGISwapChain_Present(sc, 0, 0), S_OK);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Texture2D_Release(bb);
}

static void scene_factory_chain(HWND hwnd)
{
    static const FLOAT teal[4] = {0.2f, 0.6f, 0.6f, 1};
    static const FLOAT red[4] = {1, 0, 0, 1};
    IDXGISwapChain *sc;
    ID3D11Texture2D *held = NULL;
    DXGI_SWAP_CHAIN_DESC got;
    UINT w = 0, h = 0;
    prog_scene("swapchain_present");
    sc = prog_chain(hwnd, 64, 48);
    if (sc == NULL)
        return;
    CHECK_HR(IDXGISwapChain_GetDesc(sc, &got), S_OK);
    CHECK(got.BufferDesc.Width == 64 && got.BufferDesc.Height == 48 && got.OutputWindow == hwnd);
    clear_read_present(P.dev, P.ctx, sc, teal, "back_buffer", &w, &h);
    CHECK(w == 64 && h == 48);
    prog_scene("swapchain_resize");
    CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&held), S_OK);
    CHECK_HR(IDXGISwapChain_ResizeBuffers(sc, 0, 32, 16, DXGI_FORMAT_UNKNOWN, 0),
             DXGI_ERROR_INVALID_CALL); /* a buffer is still held */
    if (held != NULL)
        ID3D11Texture2D_Release(held);
    ID3D11DeviceContext_ClearState(P.ctx);
    CHECK_HR(IDXGISwapChain_ResizeBuffers(sc, 0, 32, 16, DXGI_FORMAT_UNKNOWN, 0), S_OK);
    clear_read_present(P.dev, P.ctx, sc, red, "resized", &w, &h);
    CHECK(w == 32 && h == 16);
    prog_result_value("sizes", "%ux%u", w, h);
    IDXGISwapChain_Release(sc);
}

/* Width and height 0 take the window's client area (what GetClientRect says: a window has
 * a minimum size). */
static void scene_client_size(void)
{
    HWND hwnd = prog_window(40, 24);
    IDXGISwapChain *sc;
    DXGI_SWAP_CHAIN_DESC got;
    RECT r;
    prog_scene("swapchain_window_size");
    GetClientRect(hwnd, &r);
    sc = prog_chain(hwnd, 0, 0);
    if (sc != NULL) {
        CHECK_HR(IDXGISwapChain_GetDesc(sc, &got), S_OK);
        CHECK(got.BufferDesc.Width == (UINT)(r.right - r.left) &&
              got.BufferDesc.Height == (UINT)(r.bottom - r.top));
        prog_result_value("size", "%ux%u", got.BufferDesc.Width, got.BufferDesc.Height);
        IDXGISwapChain_Release(sc);
    }
    DestroyWindow(hwnd);
}

/* A second device with its chain from D3D11CreateDeviceAndSwapChain. */
static void scene_create_device_and_chain(HWND hwnd)
{
    static const FLOAT blue[4] = {0, 0, 1, 1};
    DXGI_SWAP_CHAIN_DESC d;
    IDXGISwapChain *sc = NULL;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    D3D_FEATURE_LEVEL level;
    UINT w, h;
    prog_scene("create_device_and_swapchain");
    prog_chain_desc(&d, hwnd, 16, 16);
    if (!CHECK_HR(D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                                D3D11_SDK_VERSION, &d, &sc, &dev, &level, &ctx),
                  S_OK))
        return;
    CHECK(level >= D3D_FEATURE_LEVEL_10_0);
    clear_read_present(dev, ctx, sc, blue, "unused", &w, &h);
    prog_result_value("created", "1");
    IDXGISwapChain_Release(sc);
    ID3D11DeviceContext_Release(ctx);
    CHECK(ID3D11Device_Release(dev) == 0);
}

/* A windowed chain's full-screen answers. SetFullscreenState(TRUE) may be granted or not
 * (DXGI_ERROR_NOT_CURRENTLY_AVAILABLE, DXGI_STATUS_MODE_CHANGE_IN_PROGRESS: "the swap chain
 * stays windowed"): only a documented answer is checked, and that the state says what it
 * did. ResizeTarget sizes the window's client area; the containing output is the desktop's. */
static void scene_fullscreen(void)
{
    HWND hwnd = prog_window(64, 48);
    IDXGISwapChain *sc;
    IDXGIOutput *target = (IDXGIOutput *)1, *output = NULL;
    DXGI_OUTPUT_DESC od;
    DXGI_MODE_DESC mode;
    WINBOOL fs = TRUE;
    HRESULT hr;
    RECT r;
    prog_scene("swapchain_fullscreen");
    sc = prog_chain(hwnd, 64, 48);
    if (sc == NULL)
        return;
    CHECK_HR(IDXGISwapChain_GetFullscreenState(sc, &fs, &target), S_OK);
    CHECK(!fs && target == NULL);
    prog_result_value("windowed_state", "%d %d", fs, target == NULL);
    CHECK_HR(IDXGISwapChain_SetFullscreenState(sc, FALSE, NULL), S_OK);
    hr = IDXGISwapChain_SetFullscreenState(sc, TRUE, NULL);
    CHECK(hr == S_OK || hr == DXGI_ERROR_NOT_CURRENTLY_AVAILABLE ||
          hr == DXGI_STATUS_MODE_CHANGE_IN_PROGRESS);
    CHECK_HR(IDXGISwapChain_GetFullscreenState(sc, &fs, NULL), S_OK);
    CHECK(fs == (hr == S_OK));
    if (hr == S_OK)
        CHECK_HR(IDXGISwapChain_SetFullscreenState(sc, FALSE, NULL), S_OK);
    prog_scene("swapchain_resize_target");
    CHECK_HR(IDXGISwapChain_ResizeTarget(sc, NULL), DXGI_ERROR_INVALID_CALL);
    memset(&mode, 0, sizeof mode);
    mode.Width = 320;
    mode.Height = 200;
    CHECK_HR(IDXGISwapChain_ResizeTarget(sc, &mode), S_OK);
    GetClientRect(hwnd, &r);
    CHECK(r.right - r.left == 320 && r.bottom - r.top == 200);
    prog_result_value("client", "%ldx%ld", (long)(r.right - r.left), (long)(r.bottom - r.top));
    prog_scene("swapchain_containing_output");
    if (CHECK_HR(IDXGISwapChain_GetContainingOutput(sc, &output), S_OK) &&
        CHECK_HR(IDXGIOutput_GetDesc(output, &od), S_OK)) {
        CHECK(od.AttachedToDesktop);
        prog_result_value("attached", "%d", od.AttachedToDesktop);
    }
    if (output != NULL)
        IDXGIOutput_Release(output);
    IDXGISwapChain_Release(sc);
    DestroyWindow(hwnd);
}

int main(int argc, char **argv)
{
    HWND hwnd;
    prog_init(argc, argv);
    hwnd = prog_window(64, 48);
    if (!CHECK(hwnd != NULL))
        return prog_finish();
    scene_factory_chain(hwnd);
    scene_client_size();
    scene_create_device_and_chain(hwnd);
    DestroyWindow(hwnd);
    scene_fullscreen();
    return prog_finish();
}
