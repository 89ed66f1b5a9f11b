/* SPDX-License-Identifier: MIT */
/* dxgi_adapter.c — IDXGIAdapter1: the AeroGPU adapter, with one output. */
#include <string.h>

#include "dxgi_internal.h"

#define ADAPTER_MEMORY (256u * 1024u * 1024u)

static struct dxgi_adapter *impl(IDXGIAdapter1 *iface)
{
    return CONTAINING_RECORD(iface, struct dxgi_adapter, iface);
}

static HRESULT STDMETHODCALLTYPE adapter_qi(IDXGIAdapter1 *iface, REFIID riid, void **out)
{
    if (out == NULL)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDXGIObject) ||
        IsEqualGUID(riid, &IID_IDXGIAdapter) || IsEqualGUID(riid, &IID_IDXGIAdapter1)) {
        IDXGIAdapter1_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE adapter_addref(IDXGIAdapter1 *iface)
{
    return (ULONG)InterlockedIncrement(&impl(iface)->refcount);
}

static ULONG STDMETHODCALLTYPE adapter_release(IDXGIAdapter1 *iface)
{
    struct dxgi_adapter *a = impl(iface);
    LONG n = InterlockedDecrement(&a->refcount);
    if (n == 0) {
        rt_private_clear(&a->priv);
        IDXGIFactory1_Release(&a->factory->iface);
        HeapFree(GetProcessHeap(), 0, a);
    }
    return (ULONG)n;
}

static HRESULT STDMETHODCALLTYPE adapter_set_private(IDXGIAdapter1 *iface, REFGUID guid, UINT size,
                                                     const void *data)
{
    return rt_private_set(&impl(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE adapter_set_private_iface(IDXGIAdapter1 *iface, REFGUID guid,
                                                           const IUnknown *object)
{
    return rt_private_set_interface(&impl(iface)->priv, guid, object);
}

static HRESULT STDMETHODCALLTYPE adapter_get_private(IDXGIAdapter1 *iface, REFGUID guid, UINT *size,
                                                     void *data)
{
    return rt_private_get(&impl(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE adapter_get_parent(IDXGIAdapter1 *iface, REFIID riid, void **out)
{
    return IDXGIFactory1_QueryInterface(&impl(iface)->factory->iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE adapter_enum_outputs(IDXGIAdapter1 *iface, UINT index,
                                                      IDXGIOutput **out)
{
    struct dxgi_output *o;
    HRESULT hr;
    if (out == NULL)
        return E_INVALIDARG;
    *out = NULL;
    if (index != 0)
        return DXGI_ERROR_NOT_FOUND;
    hr = dxgi_output_create(impl(iface), &o);
    if (SUCCEEDED(hr))
        *out = &o->iface;
    return hr;
}

static void fill_desc(struct dxgi_adapter *a, DXGI_ADAPTER_DESC1 *d)
{
    static const WCHAR name[] = L"AeroGPU (libaerocmd runtime)";
    memset(d, 0, sizeof *d);
    memcpy(d->Description, name, sizeof name);
    d->DedicatedVideoMemory = ADAPTER_MEMORY;
    d->SharedSystemMemory = ADAPTER_MEMORY;
    d->AdapterLuid = a->luid;
}

static HRESULT STDMETHODCALLTYPE adapter_get_desc1(IDXGIAdapter1 *iface, DXGI_ADAPTER_DESC1 *desc)
{
    if (desc == NULL)
        return E_INVALIDARG;
    fill_desc(impl(iface), desc);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE adapter_get_desc(IDXGIAdapter1 *iface, DXGI_ADAPTER_DESC *desc)
{
    DXGI_ADAPTER_DESC1 d;
    if (desc == NULL)
        return E_INVALIDARG;
    fill_desc(impl(iface), &d);
    memcpy(desc, &d, sizeof *desc); /* DESC1 is DESC with Flags after it */
    return S_OK;
}

/* Only Direct3D 10 interfaces may be asked about (DXGI's documentation); this runtime
 * serves Direct3D 11 only. */
static HRESULT STDMETHODCALLTYPE adapter_check_interface(IDXGIAdapter1 *iface, REFGUID guid,
                                                         LARGE_INTEGER *umd_version)
{
    (void)iface;
    (void)guid;
    (void)umd_version;
    return DXGI_ERROR_UNSUPPORTED;
}

static const IDXGIAdapter1Vtbl adapter_vtbl = {
    adapter_qi,
    adapter_addref,
    adapter_release,
    adapter_set_private,
    adapter_set_private_iface,
    adapter_get_private,
    adapter_get_parent,
    adapter_enum_outputs,
    adapter_get_desc,
    adapter_check_interface,
    adapter_get_desc1,
};

/* The one adapter's locally unique id, whatever object stands for it. */
static LUID adapter_luid(void)
{
    LUID luid;
    luid.LowPart = 0xAE50u;
    luid.HighPart = 0;
    return luid;
}

HRESULT dxgi_adapter_create(struct dxgi_factory *factory, struct dxgi_adapter **out)
{
    struct dxgi_adapter *a =
        (struct dxgi_adapter *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *a);
    *out = NULL;
    if (a == NULL)
        return E_OUTOFMEMORY;
    a->iface.lpVtbl = &adapter_vtbl;
    a->refcount = 1;
    a->factory = factory;
    a->luid = adapter_luid();
    IDXGIFactory1_AddRef(&factory->iface);
    *out = a;
    return S_OK;
}
