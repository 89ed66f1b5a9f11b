/* SPDX-License-Identifier: MIT */
/* dxgi_factory.c — IDXGIFactory / IDXGIFactory1: the one adapter, window association, swap
 * chains. CreateDXGIFactory's factory answers IDXGIFactory only, CreateDXGIFactory1's also
 * IDXGIFactory1 (DXGI 1.0 and 1.1 are not to be mixed). */
#include "dxgi_internal.h"

static struct dxgi_factory *impl(IDXGIFactory1 *iface)
{
    return CONTAINING_RECORD(iface, struct dxgi_factory, iface);
}

struct dxgi_factory *dxgi_factory_from(IDXGIFactory *iface)
{
    return impl((IDXGIFactory1 *)iface);
}

static HRESULT STDMETHODCALLTYPE factory_qi(IDXGIFactory1 *iface, REFIID riid, void **out)
{
    struct dxgi_factory *f = impl(iface);
    if (out == NULL)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDXGIObject) ||
        IsEqualGUID(riid, &IID_IDXGIFactory) ||
        (f->extended && IsEqualGUID(riid, &IID_IDXGIFactory1))) {
        IDXGIFactory1_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE factory_addref(IDXGIFactory1 *iface)
{
    return (ULONG)InterlockedIncrement(&impl(iface)->refcount);
}

static ULONG STDMETHODCALLTYPE factory_release(IDXGIFactory1 *iface)
{
    struct dxgi_factory *f = impl(iface);
    LONG n = InterlockedDecrement(&f->refcount);
    if (n == 0) {
        rt_private_clear(&f->priv);
        HeapFree(GetProcessHeap(), 0, f);
    }
    return (ULONG)n;
}

static HRESULT STDMETHODCALLTYPE factory_set_private(IDXGIFactory1 *iface, REFGUID guid, UINT size,
                                                     const void *data)
{
    return rt_private_set(&impl(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE factory_set_private_iface(IDXGIFactory1 *iface, REFGUID guid,
                                                           const IUnknown *object)
{
    return rt_private_set_interface(&impl(iface)->priv, guid, object);
}

static HRESULT STDMETHODCALLTYPE factory_get_private(IDXGIFactory1 *iface, REFGUID guid, UINT *size,
                                                     void *data)
{
    return rt_private_get(&impl(iface)->priv, guid, size, data);
}

/* A factory has no parent. */
static HRESULT STDMETHODCALLTYPE factory_get_parent(IDXGIFactory1 *iface, REFIID riid, void **out)
{
    (void)iface;
    (void)riid;
    if (out != NULL)
        *out = NULL;
    return E_NOINTERFACE;
}

static HRESULT STDMETHODCALLTYPE factory_enum_adapters1(IDXGIFactory1 *iface, UINT index,
                                                        IDXGIAdapter1 **out)
{
    struct dxgi_adapter *a;
    HRESULT hr;
    if (out == NULL)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    if (index != 0)
        return DXGI_ERROR_NOT_FOUND;
    hr = dxgi_adapter_create(impl(iface), &a);
    if (SUCCEEDED(hr))
        *out = &a->iface;
    return hr;
}

static HRESULT STDMETHODCALLTYPE factory_enum_adapters(IDXGIFactory1 *iface, UINT index,
                                                       IDXGIAdapter **out)
{
    return factory_enum_adapters1(iface, index, (IDXGIAdapter1 **)out);
}

static HRESULT STDMETHODCALLTYPE factory_make_window_association(IDXGIFactory1 *iface, HWND window,
                                                                 UINT flags)
{
    if (flags &
        ~(UINT)(DXGI_MWA_NO_WINDOW_CHANGES | DXGI_MWA_NO_ALT_ENTER | DXGI_MWA_NO_PRINT_SCREEN))
        return DXGI_ERROR_INVALID_CALL;
    impl(iface)->window = window;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE factory_get_window_association(IDXGIFactory1 *iface, HWND *window)
{
    if (window == NULL)
        return DXGI_ERROR_INVALID_CALL;
    *window = impl(iface)->window;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE factory_create_swapchain(IDXGIFactory1 *iface, IUnknown *device,
                                                          DXGI_SWAP_CHAIN_DESC *desc,
                                                          IDXGISwapChain **out)
{
    if (out != NULL)
        *out = NULL;
    if (device == NULL || desc == NULL || out == NULL)
        return DXGI_ERROR_INVALID_CALL;
    return dxgi_swapchain_create(impl(iface), device, desc, out);
}

/* Only hardware adapters here. */
static HRESULT STDMETHODCALLTYPE factory_create_software_adapter(IDXGIFactory1 *iface,
                                                                 HMODULE swrast, IDXGIAdapter **out)
{
    (void)iface;
    (void)swrast;
    if (out != NULL)
        *out = NULL;
    return DXGI_ERROR_UNSUPPORTED;
}

static WINBOOL STDMETHODCALLTYPE factory_is_current(IDXGIFactory1 *iface)
{
    (void)iface;
    return TRUE;
}

static const IDXGIFactory1Vtbl factory_vtbl = {
    factory_qi,
    factory_addref,
    factory_release,
    factory_set_private,
    factory_set_private_iface,
    factory_get_private,
    factory_get_parent,
    factory_enum_adapters,
    factory_make_window_association,
    factory_get_window_association,
    factory_create_swapchain,
    factory_create_software_adapter,
    factory_enum_adapters1,
    factory_is_current,
};

HRESULT dxgi_factory_create(BOOL extended, REFIID riid, void **out)
{
    struct dxgi_factory *f;
    HRESULT hr;
    if (out == NULL)
        return E_POINTER;
    *out = NULL;
    f = (struct dxgi_factory *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *f);
    if (f == NULL)
        return E_OUTOFMEMORY;
    f->iface.lpVtbl = &factory_vtbl;
    f->refcount = 1;
    f->extended = extended;
    hr = factory_qi(&f->iface, riid, out);
    factory_release(&f->iface);
    return hr;
}
