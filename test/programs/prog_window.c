/* SPDX-License-Identifier: MIT */
/* prog_window.c — the test programs' windows and swap chains (see prog.h). */
#include "prog.h"

#include <string.h>

HWND prog_window(UINT w, UINT h)
{
    WNDCLASSA wc;
    RECT r = {0, 0, (LONG)w, (LONG)h};
    memset(&wc, 0, sizeof wc);
    wc.lpfnWndProc = DefWindowProcA;
    wc.hInstance = GetModuleHandleA(NULL);
    wc.lpszClassName = "aerocmd_prog";
    RegisterClassA(&wc); /* after the first window: ERROR_CLASS_ALREADY_EXISTS, and it does */
    AdjustWindowRect(&r, WS_OVERLAPPEDWINDOW, FALSE);
    return CreateWindowA("aerocmd_prog", "aerocmd", WS_OVERLAPPEDWINDOW, 0, 0, r.right - r.left,
                         r.bottom - r.top, NULL, NULL, wc.hInstance, NULL);
}

void prog_chain_desc(DXGI_SWAP_CHAIN_DESC *d, HWND hwnd, UINT w, UINT h)
{
    memset(d, 0, sizeof *d);
    d->BufferDesc.Width = w;
    d->BufferDesc.Height = h;
    d->BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d->SampleDesc.Count = 1;
    d->BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    d->BufferCount = 1;
    d->OutputWindow = hwnd;
    d->Windowed = TRUE;
    d->SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
}

/* The factory that made the device's adapter (a swap chain's factory must be it). */
static IDXGIFactory *device_factory(void)
{
    IDXGIDevice *dxgi = NULL;
    IDXGIAdapter *adapter = NULL;
    IDXGIFactory *f = NULL;
    CHECK_HR(ID3D11Device_QueryInterface(P.dev, &IID_IDXGIDevice, (void **)&dxgi), S_OK);
    CHECK_HR(IDXGIDevice_GetAdapter(dxgi, &adapter), S_OK);
    CHECK_HR(IDXGIAdapter_GetParent(adapter, &IID_IDXGIFactory, (void **)&f), S_OK);
    if (adapter != NULL)
        IDXGIAdapter_Release(adapter);
    if (dxgi != NULL)
        IDXGIDevice_Release(dxgi);
    return f;
}

IDXGISwapChain *prog_chain(HWND hwnd, UINT w, UINT h)
{
    DXGI_SWAP_CHAIN_DESC d;
    IDXGIFactory *f = device_factory();
    IDXGISwapChain *sc = NULL;
    if (f == NULL)
        return NULL;
    prog_chain_desc(&d, hwnd, w, h);
    CHECK_HR(IDXGIFactory_CreateSwapChain(f, (IUnknown *)P.dev, &d, &sc), S_OK);
    IDXGIFactory_Release(f);
    return sc;
}
