/* SPDX-License-Identifier: MIT */
/* dxgi_swapchain.c — IDXGISwapChain for a window, as Windows 7's DXGI does it with a
 * driver whose windowed presents are blts: the back buffers are the device's textures
 * (IAeroRtDevice::CreateBuffer), Present is PresentDXGI with the Blt flag of buffer 0 (the
 * picture goes to the host: with no display it is still recorded; the kernel's present
 * draws it into a visible window, stretched to its client area), a SEQUENTIAL chain of
 * several buffers rotates them afterwards so buffer 0 is always the next back buffer.
 * Full screen is not granted (DXGI_STATUS_OCCLUDED at creation, NOT_CURRENTLY_AVAILABLE when
 * asked). */
#include <string.h>

#include "dxgi_internal.h"

struct dxgi_swapchain {
    IDXGISwapChain iface;
    LONG refcount;
    struct dxgi_factory *factory;
    IUnknown *device;
    IAeroRtDevice *rt;
    DXGI_SWAP_CHAIN_DESC desc;
    ID3D11Texture2D *buffers[DXGI_MAX_SWAP_CHAIN_BUFFERS];
    UINT present_count;
    struct rt_private_store priv;
};

static struct dxgi_swapchain *impl(IDXGISwapChain *iface)
{
    return CONTAINING_RECORD(iface, struct dxgi_swapchain, iface);
}

static void release_buffers(struct dxgi_swapchain *sc)
{
    UINT i;
    for (i = 0; i < DXGI_MAX_SWAP_CHAIN_BUFFERS; i++)
        if (sc->buffers[i] != NULL) {
            ID3D11Texture2D_Release(sc->buffers[i]);
            sc->buffers[i] = NULL;
        }
}

static HRESULT create_buffers(struct dxgi_swapchain *sc)
{
    struct aerort_buffer_desc d;
    HRESULT hr = S_OK;
    UINT i;
    memset(&d, 0, sizeof d);
    d.width = sc->desc.BufferDesc.Width;
    d.height = sc->desc.BufferDesc.Height;
    d.format = sc->desc.BufferDesc.Format;
    d.sample = sc->desc.SampleDesc;
    d.usage = sc->desc.BufferUsage;
    d.discard_on_present = sc->desc.SwapEffect == DXGI_SWAP_EFFECT_DISCARD;
    d.refresh_numerator = sc->desc.BufferDesc.RefreshRate.Numerator;
    d.refresh_denominator = sc->desc.BufferDesc.RefreshRate.Denominator;
    for (i = 0; i < sc->desc.BufferCount && SUCCEEDED(hr); i++)
        hr = sc->rt->lpVtbl->CreateBuffer(sc->rt, &d, &sc->buffers[i]);
    if (FAILED(hr))
        release_buffers(sc);
    return hr;
}

static HRESULT STDMETHODCALLTYPE sc_qi(IDXGISwapChain *iface, REFIID riid, void **out)
{
    if (out == NULL)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDXGIObject) ||
        IsEqualGUID(riid, &IID_IDXGIDeviceSubObject) || IsEqualGUID(riid, &IID_IDXGISwapChain)) {
        IDXGISwapChain_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE sc_addref(IDXGISwapChain *iface)
{
    return (ULONG)InterlockedIncrement(&impl(iface)->refcount);
}

static ULONG STDMETHODCALLTYPE sc_release(IDXGISwapChain *iface)
{
    struct dxgi_swapchain *sc = impl(iface);
    LONG n = InterlockedDecrement(&sc->refcount);
    if (n == 0) {
        release_buffers(sc);
        rt_private_clear(&sc->priv);
        sc->rt->lpVtbl->Release(sc->rt);
        IUnknown_Release(sc->device);
        IDXGIFactory1_Release(&sc->factory->iface);
        HeapFree(GetProcessHeap(), 0, sc);
    }
    return (ULONG)n;
}

static HRESULT STDMETHODCALLTYPE sc_set_private(IDXGISwapChain *iface, REFGUID guid, UINT size,
                                                const void *data)
{
    return rt_private_set(&impl(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE sc_set_private_iface(IDXGISwapChain *iface, REFGUID guid,
                                                      const IUnknown *object)
{
    return rt_private_set_interface(&impl(iface)->priv, guid, object);
}

static HRESULT STDMETHODCALLTYPE sc_get_private(IDXGISwapChain *iface, REFGUID guid, UINT *size,
                                                void *data)
{
    return rt_private_get(&impl(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE sc_get_parent(IDXGISwapChain *iface, REFIID riid, void **out)
{
    return IDXGIFactory1_QueryInterface(&impl(iface)->factory->iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE sc_get_device(IDXGISwapChain *iface, REFIID riid, void **out)
{
    return IUnknown_QueryInterface(impl(iface)->device, riid, out);
}

/* The kernel's present draws the picture into the window named here (kmt_window.c). */
static HRESULT STDMETHODCALLTYPE sc_present(IDXGISwapChain *iface, UINT sync, UINT flags)
{
    struct dxgi_swapchain *sc = impl(iface);
    struct aerort_present_context ctx;
    HRESULT hr;
    if (sync > 4)
        return DXGI_ERROR_INVALID_CALL;
    if (flags & DXGI_PRESENT_TEST)
        return S_OK;
    ctx.window = sc->desc.OutputWindow;
    ctx.width = sc->desc.BufferDesc.Width;
    ctx.height = sc->desc.BufferDesc.Height;
    hr = sc->rt->lpVtbl->Present(sc->rt, sc->buffers[0], sync, 1u /* Blt */,
                                 sc->rt->lpVtbl->FrameLatency(sc->rt), &ctx);
    if (FAILED(hr))
        return hr;
    if (sc->desc.SwapEffect == DXGI_SWAP_EFFECT_SEQUENTIAL && sc->desc.BufferCount > 1)
        hr = sc->rt->lpVtbl->Rotate(sc->rt, sc->buffers, sc->desc.BufferCount);
    sc->present_count++;
    return hr;
}

static HRESULT STDMETHODCALLTYPE sc_get_buffer(IDXGISwapChain *iface, UINT index, REFIID riid,
                                               void **out)
{
    struct dxgi_swapchain *sc = impl(iface);
    if (out == NULL)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    if (index >= sc->desc.BufferCount ||
        (index > 0 && sc->desc.SwapEffect == DXGI_SWAP_EFFECT_DISCARD))
        return DXGI_ERROR_INVALID_CALL;
    return ID3D11Texture2D_QueryInterface(sc->buffers[index], riid, out);
}

static HRESULT STDMETHODCALLTYPE sc_set_fullscreen(IDXGISwapChain *iface, WINBOOL fullscreen,
                                                   IDXGIOutput *target)
{
    (void)iface;
    (void)target;
    return fullscreen ? DXGI_ERROR_NOT_CURRENTLY_AVAILABLE : S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_get_fullscreen(IDXGISwapChain *iface, WINBOOL *fullscreen,
                                                   IDXGIOutput **target)
{
    (void)iface;
    if (fullscreen != NULL)
        *fullscreen = FALSE;
    if (target != NULL)
        *target = NULL;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_get_desc(IDXGISwapChain *iface, DXGI_SWAP_CHAIN_DESC *desc)
{
    if (desc == NULL)
        return E_INVALIDARG;
    *desc = impl(iface)->desc;
    return S_OK;
}

HRESULT dxgi_swapchain_resize(struct dxgi_swapchain *sc, UINT count, UINT width, UINT height,
                              DXGI_FORMAT format, UINT flags);
HRESULT dxgi_swapchain_check(DXGI_SWAP_CHAIN_DESC *desc);

static HRESULT STDMETHODCALLTYPE sc_resize_buffers(IDXGISwapChain *iface, UINT count, UINT width,
                                                   UINT height, DXGI_FORMAT format, UINT flags)
{
    return dxgi_swapchain_resize(impl(iface), count, width, height, format, flags);
}

static HRESULT STDMETHODCALLTYPE sc_resize_target(IDXGISwapChain *iface, const DXGI_MODE_DESC *mode)
{
    struct dxgi_swapchain *sc = impl(iface);
    RECT r;
    if (mode == NULL)
        return DXGI_ERROR_INVALID_CALL;
    if (mode->Width == 0 || mode->Height == 0)
        return S_OK;
    SetRect(&r, 0, 0, (int)mode->Width, (int)mode->Height);
    AdjustWindowRectEx(&r, (DWORD)GetWindowLongW(sc->desc.OutputWindow, GWL_STYLE), FALSE,
                       (DWORD)GetWindowLongW(sc->desc.OutputWindow, GWL_EXSTYLE));
    SetWindowPos(sc->desc.OutputWindow, NULL, 0, 0, r.right - r.left, r.bottom - r.top,
                 SWP_NOMOVE | SWP_NOZORDER | SWP_NOACTIVATE);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_get_output(IDXGISwapChain *iface, IDXGIOutput **out)
{
    struct dxgi_output *o;
    struct dxgi_adapter *a;
    HRESULT hr;
    if (out == NULL)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    hr = dxgi_adapter_create(impl(iface)->factory, &a);
    if (FAILED(hr))
        return hr;
    hr = dxgi_output_create(a, &o);
    IDXGIAdapter1_Release(&a->iface);
    if (SUCCEEDED(hr))
        *out = &o->iface;
    return hr;
}

/* Frame statistics belong to full-screen presents. */
static HRESULT STDMETHODCALLTYPE sc_frame_stats(IDXGISwapChain *iface, DXGI_FRAME_STATISTICS *st)
{
    (void)iface;
    (void)st;
    return DXGI_ERROR_FRAME_STATISTICS_DISJOINT;
}

static HRESULT STDMETHODCALLTYPE sc_last_present(IDXGISwapChain *iface, UINT *count)
{
    if (count == NULL)
        return E_INVALIDARG;
    *count = impl(iface)->present_count;
    return S_OK;
}

static const IDXGISwapChainVtbl sc_vtbl = {
    sc_qi,
    sc_addref,
    sc_release,
    sc_set_private,
    sc_set_private_iface,
    sc_get_private,
    sc_get_parent,
    sc_get_device,
    sc_present,
    sc_get_buffer,
    sc_set_fullscreen,
    sc_get_fullscreen,
    sc_get_desc,
    sc_resize_buffers,
    sc_resize_target,
    sc_get_output,
    sc_frame_stats,
    sc_last_present,
};

/* ResizeBuffers: only when the application holds no buffer (each has the chain's reference
 * alone); 0 and UNKNOWN keep the count and format, 0 sizes take the window's client area. */
HRESULT dxgi_swapchain_resize(struct dxgi_swapchain *sc, UINT count, UINT width, UINT height,
                              DXGI_FORMAT format, UINT flags)
{
    DXGI_SWAP_CHAIN_DESC d = sc->desc;
    HRESULT hr;
    UINT i;
    for (i = 0; i < sc->desc.BufferCount; i++) {
        ID3D11Texture2D_AddRef(sc->buffers[i]);
        if (ID3D11Texture2D_Release(sc->buffers[i]) != 1)
            return DXGI_ERROR_INVALID_CALL;
    }
    d.BufferCount = count != 0 ? count : d.BufferCount;
    d.BufferDesc.Width = width;
    d.BufferDesc.Height = height;
    d.BufferDesc.Format = format != DXGI_FORMAT_UNKNOWN ? format : d.BufferDesc.Format;
    d.Flags = flags;
    hr = dxgi_swapchain_check(&d);
    if (FAILED(hr))
        return hr;
    release_buffers(sc);
    sc->desc = d;
    return create_buffers(sc);
}

static BOOL chain_format(DXGI_FORMAT f)
{
    return f == DXGI_FORMAT_R8G8B8A8_UNORM || f == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB ||
           f == DXGI_FORMAT_B8G8R8A8_UNORM || f == DXGI_FORMAT_B8G8R8A8_UNORM_SRGB ||
           f == DXGI_FORMAT_R10G10B10A2_UNORM || f == DXGI_FORMAT_R16G16B16A16_FLOAT;
}

/* The description DXGI accepts, its zero sizes resolved from the window's client area. */
HRESULT dxgi_swapchain_check(DXGI_SWAP_CHAIN_DESC *d)
{
    RECT r;
    if (d->OutputWindow == NULL || !IsWindow(d->OutputWindow) || d->BufferCount == 0 ||
        d->BufferCount > DXGI_MAX_SWAP_CHAIN_BUFFERS || !chain_format(d->BufferDesc.Format) ||
        (d->SwapEffect != DXGI_SWAP_EFFECT_DISCARD &&
         d->SwapEffect != DXGI_SWAP_EFFECT_SEQUENTIAL) ||
        d->SampleDesc.Count == 0)
        return DXGI_ERROR_INVALID_CALL;
    if (d->BufferDesc.Width == 0 || d->BufferDesc.Height == 0) {
        if (!GetClientRect(d->OutputWindow, &r))
            return DXGI_ERROR_INVALID_CALL;
        if (d->BufferDesc.Width == 0)
            d->BufferDesc.Width = r.right > r.left ? (UINT)(r.right - r.left) : 8u;
        if (d->BufferDesc.Height == 0)
            d->BufferDesc.Height = r.bottom > r.top ? (UINT)(r.bottom - r.top) : 8u;
    }
    return S_OK;
}

HRESULT dxgi_swapchain_create(struct dxgi_factory *factory, IUnknown *device,
                              const DXGI_SWAP_CHAIN_DESC *desc, IDXGISwapChain **out)
{
    struct dxgi_swapchain *sc;
    IAeroRtDevice *rt;
    DXGI_SWAP_CHAIN_DESC d = *desc;
    HRESULT hr = dxgi_swapchain_check(&d);
    if (FAILED(hr))
        return hr;
    if (FAILED(IUnknown_QueryInterface(device, &IID_IAeroRtDevice, (void **)&rt)))
        return DXGI_ERROR_INVALID_CALL; /* not a device of this runtime */
    sc = (struct dxgi_swapchain *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *sc);
    if (sc == NULL) {
        rt->lpVtbl->Release(rt);
        return E_OUTOFMEMORY;
    }
    sc->iface.lpVtbl = &sc_vtbl;
    sc->refcount = 1;
    sc->factory = factory;
    IDXGIFactory1_AddRef(&factory->iface);
    sc->device = device;
    IUnknown_AddRef(device);
    sc->rt = rt;
    d.Windowed = TRUE;
    sc->desc = d;
    hr = create_buffers(sc);
    if (FAILED(hr)) {
        sc_release(&sc->iface);
        return hr;
    }
    *out = &sc->iface;
    return desc->Windowed ? S_OK : DXGI_STATUS_OCCLUDED;
}
