/* SPDX-License-Identifier: MIT */
/* rt_dxgi_device.c — the device as DXGI sees it: IDXGIDevice1 for the application, and the
 * private IAeroRtDevice through which dxgi.dll's swap chains create their buffers and
 * present them with the driver's DXGI DDI (PresentDXGI, RotateResourceIdentitiesDXGI). */
#include <string.h>

#include "rt_internal.h"

static struct rt_device *from_dxgi(IDXGIDevice1 *iface)
{
    return CONTAINING_RECORD(iface, struct rt_device, dxgi_iface);
}

static HRESULT STDMETHODCALLTYPE dxgi_qi(IDXGIDevice1 *iface, REFIID riid, void **out)
{
    return ID3D11Device_QueryInterface(&from_dxgi(iface)->iface, riid, out);
}

static ULONG STDMETHODCALLTYPE dxgi_addref(IDXGIDevice1 *iface)
{
    return ID3D11Device_AddRef(&from_dxgi(iface)->iface);
}

static ULONG STDMETHODCALLTYPE dxgi_release(IDXGIDevice1 *iface)
{
    return ID3D11Device_Release(&from_dxgi(iface)->iface);
}

static HRESULT STDMETHODCALLTYPE dxgi_set_private(IDXGIDevice1 *iface, REFGUID guid, UINT size,
                                                  const void *data)
{
    return rt_private_set(&from_dxgi(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE dxgi_set_private_iface(IDXGIDevice1 *iface, REFGUID guid,
                                                        const IUnknown *object)
{
    return rt_private_set_interface(&from_dxgi(iface)->priv, guid, object);
}

static HRESULT STDMETHODCALLTYPE dxgi_get_private(IDXGIDevice1 *iface, REFGUID guid, UINT *size,
                                                  void *data)
{
    return rt_private_get(&from_dxgi(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE dxgi_get_parent(IDXGIDevice1 *iface, REFIID riid, void **out)
{
    return IDXGIAdapter_QueryInterface(from_dxgi(iface)->adapter, riid, out);
}

static HRESULT STDMETHODCALLTYPE dxgi_get_adapter(IDXGIDevice1 *iface, IDXGIAdapter **out)
{
    if (out == NULL)
        return E_INVALIDARG;
    *out = from_dxgi(iface)->adapter;
    IDXGIAdapter_AddRef(*out);
    return S_OK;
}

/* DXGI's usage in Direct3D's bind flags (the other DXGI_USAGE bits say nothing a texture
 * is bound as). */
static UINT bind_from_usage(DXGI_USAGE usage)
{
    return ((usage & DXGI_USAGE_SHADER_INPUT) ? (UINT)D3D11_BIND_SHADER_RESOURCE : 0u) |
           ((usage & DXGI_USAGE_RENDER_TARGET_OUTPUT) ? (UINT)D3D11_BIND_RENDER_TARGET : 0u) |
           ((usage & DXGI_USAGE_UNORDERED_ACCESS) ? (UINT)D3D11_BIND_UNORDERED_ACCESS : 0u);
}

/* Count 2D textures of one level and one slice (DEFAULT usage), their surfaces in out[0..count)
 * (IDXGIDevice::CreateSurface). Surfaces opened from a shared resource are not made here. */
static HRESULT STDMETHODCALLTYPE dxgi_create_surface(IDXGIDevice1 *iface,
                                                     const DXGI_SURFACE_DESC *desc, UINT count,
                                                     DXGI_USAGE usage,
                                                     const DXGI_SHARED_RESOURCE *shared,
                                                     IDXGISurface **out)
{
    struct rt_device *dev = from_dxgi(iface);
    D3D11_TEXTURE2D_DESC td;
    ID3D11Texture2D *tex;
    HRESULT hr = S_OK;
    UINT i;
    if (desc == NULL || out == NULL)
        return E_INVALIDARG;
    if (shared != NULL) {
        aerort_trace_unimplemented("IDXGIDevice::CreateSurface of a shared resource");
        return DXGI_ERROR_UNSUPPORTED;
    }
    memset(&td, 0, sizeof td);
    td.Width = desc->Width;
    td.Height = desc->Height;
    td.MipLevels = td.ArraySize = 1;
    td.Format = desc->Format;
    td.SampleDesc = desc->SampleDesc;
    td.Usage = D3D11_USAGE_DEFAULT;
    td.BindFlags = bind_from_usage(usage);
    for (i = 0; i < count && SUCCEEDED(hr); i++) {
        out[i] = NULL;
        hr = rt_texture2d_create(dev, &td, NULL, NULL, &tex);
        if (SUCCEEDED(hr))
            out[i] = (IDXGISurface *)&((struct rt_resource *)tex)->surface;
    }
    if (FAILED(hr))
        while (i-- > 0)
            if (out[i] != NULL) {
                IDXGISurface_Release(out[i]);
                out[i] = NULL;
            }
    return hr;
}

static HRESULT STDMETHODCALLTYPE dxgi_residency(IDXGIDevice1 *iface, IUnknown *const *resources,
                                                DXGI_RESIDENCY *residency, UINT count)
{
    UINT i;
    (void)iface;
    if (resources == NULL || residency == NULL)
        return E_INVALIDARG;
    for (i = 0; i < count; i++)
        residency[i] = DXGI_RESIDENCY_FULLY_RESIDENT;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_set_priority(IDXGIDevice1 *iface, INT priority)
{
    (void)iface;
    return priority < -7 || priority > 7 ? E_INVALIDARG : S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_get_priority(IDXGIDevice1 *iface, INT *priority)
{
    (void)iface;
    if (priority == NULL)
        return E_POINTER;
    *priority = 0;
    return S_OK;
}

/* 0 restores the default of 3; at most 16. */
static HRESULT STDMETHODCALLTYPE dxgi_set_latency(IDXGIDevice1 *iface, UINT latency)
{
    if (latency > 16)
        return DXGI_ERROR_INVALID_CALL;
    from_dxgi(iface)->frame_latency = latency == 0 ? 3u : latency;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_get_latency(IDXGIDevice1 *iface, UINT *latency)
{
    if (latency == NULL)
        return DXGI_ERROR_INVALID_CALL;
    *latency = from_dxgi(iface)->frame_latency;
    return S_OK;
}

static const IDXGIDevice1Vtbl dxgi_vtbl = {
    dxgi_qi,
    dxgi_addref,
    dxgi_release,
    dxgi_set_private,
    dxgi_set_private_iface,
    dxgi_get_private,
    dxgi_get_parent,
    dxgi_get_adapter,
    dxgi_create_surface,
    dxgi_residency,
    dxgi_set_priority,
    dxgi_get_priority,
    dxgi_set_latency,
    dxgi_get_latency,
};

/* ---- IAeroRtDevice ------------------------------------------------------------------------ */

static struct rt_device *from_aero(IAeroRtDevice *iface)
{
    return CONTAINING_RECORD(iface, struct rt_device, aero_iface);
}

static HRESULT STDMETHODCALLTYPE aero_qi(IAeroRtDevice *iface, REFIID riid, void **out)
{
    return ID3D11Device_QueryInterface(&from_aero(iface)->iface, riid, out);
}

static ULONG STDMETHODCALLTYPE aero_addref(IAeroRtDevice *iface)
{
    return ID3D11Device_AddRef(&from_aero(iface)->iface);
}

static ULONG STDMETHODCALLTYPE aero_release(IAeroRtDevice *iface)
{
    return ID3D11Device_Release(&from_aero(iface)->iface);
}

HRESULT rt_swapchain_buffer(struct rt_device *dev, const struct aerort_buffer_desc *desc,
                            ID3D11Texture2D **out);
HRESULT rt_swapchain_present(struct rt_device *dev, ID3D11Texture2D *src, UINT sync_interval,
                             UINT flags, const struct aerort_present_context *context);
HRESULT rt_swapchain_rotate(struct rt_device *dev, ID3D11Texture2D *const *buffers, UINT count);

static HRESULT STDMETHODCALLTYPE aero_create_buffer(IAeroRtDevice *iface,
                                                    const struct aerort_buffer_desc *desc,
                                                    ID3D11Texture2D **out)
{
    return rt_swapchain_buffer(from_aero(iface), desc, out);
}

static HRESULT STDMETHODCALLTYPE aero_present(IAeroRtDevice *iface, ID3D11Texture2D *src,
                                              UINT sync_interval, UINT flags, UINT latency,
                                              const struct aerort_present_context *context)
{
    (void)latency; /* the device's frame latency throttles, in the kernel's present */
    return rt_swapchain_present(from_aero(iface), src, sync_interval, flags, context);
}

static HRESULT STDMETHODCALLTYPE aero_rotate(IAeroRtDevice *iface, ID3D11Texture2D *const *buffers,
                                             UINT count)
{
    return rt_swapchain_rotate(from_aero(iface), buffers, count);
}

static UINT STDMETHODCALLTYPE aero_frame_latency(IAeroRtDevice *iface)
{
    return from_aero(iface)->frame_latency;
}

static const IAeroRtDeviceVtbl aero_vtbl = {
    aero_qi,      aero_addref, aero_release,       aero_create_buffer,
    aero_present, aero_rotate, aero_frame_latency,
};

void rt_dxgi_device_init(struct rt_device *dev);

void rt_dxgi_device_init(struct rt_device *dev)
{
    dev->dxgi_iface.lpVtbl = &dxgi_vtbl;
    dev->aero_iface.lpVtbl = &aero_vtbl;
}
