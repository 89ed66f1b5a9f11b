/* SPDX-License-Identifier: MIT */
/* rt_device.c — ID3D11Device: creation and teardown over the driver, its identity
 * (ID3D11Device, IDXGIDevice1 and the private IAeroRtDevice share one reference count), and
 * the methods that are not object creation (those are in rt_create_*.c). */
#include <string.h>

#include "rt_internal.h"

struct rt_device *rt_device_from(ID3D11Device *iface)
{
    return CONTAINING_RECORD(iface, struct rt_device, iface);
}

static HRESULT STDMETHODCALLTYPE device_qi(ID3D11Device *iface, REFIID riid, void **out)
{
    struct rt_device *dev = rt_device_from(iface);
    if (out == NULL)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D11Device))
        *out = &dev->iface;
    else if (IsEqualGUID(riid, &IID_IDXGIObject) || IsEqualGUID(riid, &IID_IDXGIDevice) ||
             IsEqualGUID(riid, &IID_IDXGIDevice1))
        *out = &dev->dxgi_iface;
    else if (IsEqualGUID(riid, &IID_IAeroRtDevice))
        *out = &dev->aero_iface;
    else {
        *out = NULL;
        return E_NOINTERFACE;
    }
    InterlockedIncrement(&dev->refcount);
    return S_OK;
}

static ULONG STDMETHODCALLTYPE device_addref(ID3D11Device *iface)
{
    return (ULONG)InterlockedIncrement(&rt_device_from(iface)->refcount);
}

/* Teardown: the context lets go of what it binds (objects only it held go), the GPU
 * finishes, the driver's device and adapter close, then the kernel device. */
static void device_destroy(struct rt_device *dev)
{
    if (dev->immediate != NULL) {
        rt_context_forget(dev->immediate);
        rt_context_destroy(dev->immediate);
    }
    if (dev->kmt != NULL)
        aerort_kmt_wait_idle(dev->kmt);
    rt_driver_close(dev);
    aerort_kmt_close_device(dev->kmt);
    if (dev->adapter != NULL)
        IDXGIAdapter_Release(dev->adapter);
    rt_private_clear(&dev->priv);
    DeleteCriticalSection(&dev->lock);
    rt_free(dev);
}

static ULONG STDMETHODCALLTYPE device_release(ID3D11Device *iface)
{
    struct rt_device *dev = rt_device_from(iface);
    LONG n = InterlockedDecrement(&dev->refcount);
    if (n == 0) {
        /* Objects destroyed during teardown release the device: it must not go again. */
        dev->refcount = 1 << 30;
        device_destroy(dev);
    }
    return (ULONG)n;
}

static HRESULT STDMETHODCALLTYPE device_create_deferred(ID3D11Device *iface, UINT flags,
                                                        ID3D11DeviceContext **out)
{
    struct rt_context *ctx;
    HRESULT hr;
    if (flags != 0)
        return E_INVALIDARG;
    if (out == NULL)
        return S_FALSE;
    *out = NULL;
    hr = rt_context_create(rt_device_from(iface), TRUE, &ctx);
    if (SUCCEEDED(hr))
        *out = &ctx->iface;
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_get_private(ID3D11Device *iface, REFGUID guid, UINT *size,
                                                    void *data)
{
    return rt_private_get(&rt_device_from(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE device_set_private(ID3D11Device *iface, REFGUID guid, UINT size,
                                                    const void *data)
{
    return rt_private_set(&rt_device_from(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE device_set_private_iface(ID3D11Device *iface, REFGUID guid,
                                                          const IUnknown *object)
{
    return rt_private_set_interface(&rt_device_from(iface)->priv, guid, object);
}

static D3D_FEATURE_LEVEL STDMETHODCALLTYPE device_feature_level(ID3D11Device *iface)
{
    return rt_device_from(iface)->level;
}

static UINT STDMETHODCALLTYPE device_creation_flags(ID3D11Device *iface)
{
    return rt_device_from(iface)->flags;
}

static HRESULT STDMETHODCALLTYPE device_removed_reason(ID3D11Device *iface)
{
    struct rt_device *dev = rt_device_from(iface);
    if (dev->removed == S_OK && aerort_kmt_device_state(dev->kmt) != S_OK)
        dev->removed = DXGI_ERROR_DEVICE_REMOVED;
    return dev->removed;
}

static void STDMETHODCALLTYPE device_immediate_context(ID3D11Device *iface,
                                                       ID3D11DeviceContext **out)
{
    struct rt_device *dev = rt_device_from(iface);
    *out = &dev->immediate->iface;
    ID3D11DeviceContext_AddRef(*out);
}

static HRESULT STDMETHODCALLTYPE device_set_exception_mode(ID3D11Device *iface, UINT flags)
{
    (void)iface;
    return flags & ~(UINT)D3D11_RAISE_FLAG_DRIVER_INTERNAL_ERROR ? E_INVALIDARG : S_OK;
}

static UINT STDMETHODCALLTYPE device_get_exception_mode(ID3D11Device *iface)
{
    (void)iface;
    return 0;
}

static const ID3D11DeviceVtbl device_vtbl = {
    device_qi,
    device_addref,
    device_release,
    rt_create_buffer,
    rt_create_texture1d,
    rt_create_texture2d,
    rt_create_texture3d,
    rt_create_srv,
    rt_create_uav,
    rt_create_rtv,
    rt_create_dsv,
    rt_create_input_layout,
    rt_create_vs,
    rt_create_gs,
    rt_create_gs_so,
    rt_create_ps,
    rt_create_hs,
    rt_create_ds,
    rt_create_cs,
    rt_create_class_linkage,
    rt_create_blend_state,
    rt_create_depth_stencil_state,
    rt_create_rasterizer_state,
    rt_create_sampler_state,
    rt_create_query,
    rt_create_predicate,
    rt_create_counter,
    device_create_deferred,
    rt_open_shared,
    rt_check_format_support,
    rt_check_multisample,
    rt_check_counter_info,
    rt_check_counter,
    rt_check_feature_support,
    device_get_private,
    device_set_private,
    device_set_private_iface,
    device_feature_level,
    device_creation_flags,
    device_removed_reason,
    device_immediate_context,
    device_set_exception_mode,
    device_get_exception_mode,
};

void rt_dxgi_device_init(struct rt_device *dev);

static HRESULT device_open(struct rt_device *dev)
{
    HRESULT hr = aerort_kmt_open_device(&dev->kmt);
    if (SUCCEEDED(hr))
        hr = rt_driver_open(dev);
    if (SUCCEEDED(hr))
        hr = rt_driver_create_device(dev);
    if (FAILED(hr) && dev->kmt != NULL)
        aerort_log("the driver's CreateDevice failed (0x%08lx)", (unsigned long)hr);
    if (SUCCEEDED(hr) && dev->drv.dxgi_guard != (void *)(uintptr_t)0x6A7D6A7Du) {
        aerort_log("the driver wrote past the DXGI table it was given");
        hr = E_FAIL;
    }
    if (SUCCEEDED(hr))
        hr = rt_context_create(dev, FALSE, &dev->immediate);
    return hr;
}

HRESULT rt_device_create(IDXGIAdapter *adapter, D3D_FEATURE_LEVEL level, UINT flags,
                         struct rt_device **out)
{
    struct rt_device *dev = (struct rt_device *)rt_alloc(sizeof *dev);
    HRESULT hr;
    *out = NULL;
    if (dev == NULL)
        return E_OUTOFMEMORY;
    dev->iface.lpVtbl = &device_vtbl;
    dev->refcount = 1;
    dev->level = level;
    dev->flags = flags;
    dev->single_threaded = (flags & D3D11_CREATE_DEVICE_SINGLETHREADED) != 0;
    dev->frame_latency = 3;
    InitializeCriticalSection(&dev->lock);
    rt_dxgi_device_init(dev);
    dev->adapter = adapter;
    IDXGIAdapter_AddRef(adapter);
    hr = device_open(dev);
    if (FAILED(hr)) {
        device_destroy(dev);
        return hr;
    }
    *out = dev;
    return S_OK;
}
