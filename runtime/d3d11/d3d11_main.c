/* SPDX-License-Identifier: MIT */
/* d3d11_main.c — d3d11.dll's exports: D3D11CreateDevice and D3D11CreateDeviceAndSwapChain
 * with their documented argument rules. The adapter is dxgi.dll's one; the device is the
 * driver's (the feature level is the first of the application's list the driver's pipeline
 * caps include). */
#include <string.h>

#include "rt_internal.h"

HRESULT WINAPI D3D11CreateDevice(IDXGIAdapter *adapter, D3D_DRIVER_TYPE type, HMODULE swrast,
                                 UINT flags, const D3D_FEATURE_LEVEL *levels, UINT count, UINT sdk,
                                 ID3D11Device **device, D3D_FEATURE_LEVEL *level_out,
                                 ID3D11DeviceContext **context);
HRESULT WINAPI D3D11CreateDeviceAndSwapChain(IDXGIAdapter *adapter, D3D_DRIVER_TYPE type,
                                             HMODULE swrast, UINT flags,
                                             const D3D_FEATURE_LEVEL *levels, UINT count, UINT sdk,
                                             const DXGI_SWAP_CHAIN_DESC *desc,
                                             IDXGISwapChain **swapchain, ID3D11Device **device,
                                             D3D_FEATURE_LEVEL *level_out,
                                             ID3D11DeviceContext **context);

static const D3D_FEATURE_LEVEL default_levels[] = {
    D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_10_0,
    D3D_FEATURE_LEVEL_9_3,  D3D_FEATURE_LEVEL_9_2,  D3D_FEATURE_LEVEL_9_1,
};

static BOOL level_supported(UINT pipeline_caps, D3D_FEATURE_LEVEL level)
{
    switch (level) {
    case D3D_FEATURE_LEVEL_10_0:
        return (pipeline_caps & (1u << D3D11DDI_3DPIPELINELEVEL_10_0)) != 0;
    case D3D_FEATURE_LEVEL_10_1:
        return (pipeline_caps & (1u << D3D11DDI_3DPIPELINELEVEL_10_1)) != 0;
    case D3D_FEATURE_LEVEL_11_0:
        return (pipeline_caps & (1u << D3D11DDI_3DPIPELINELEVEL_11_0)) != 0;
    default:
        return FALSE; /* the 9_x levels need the D3D9 DDI, which this driver has not */
    }
}

static HRESULT pick_adapter(IDXGIAdapter *given, IDXGIAdapter **out)
{
    IDXGIFactory1 *factory;
    HRESULT hr;
    if (given != NULL) {
        DXGI_ADAPTER_DESC d;
        if (FAILED(IDXGIAdapter_GetDesc(given, &d)) || d.AdapterLuid.LowPart != 0xAE50u)
            return E_INVALIDARG; /* only this runtime's adapter has this driver */
        IDXGIAdapter_AddRef(given);
        *out = given;
        return S_OK;
    }
    hr = CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)&factory);
    if (FAILED(hr))
        return hr;
    hr = IDXGIFactory1_EnumAdapters(factory, 0, out);
    IDXGIFactory1_Release(factory);
    return hr;
}

static HRESULT check_args(IDXGIAdapter *adapter, D3D_DRIVER_TYPE type, UINT sdk,
                          const D3D_FEATURE_LEVEL *levels, UINT count)
{
    if (sdk != D3D11_SDK_VERSION || (levels != NULL && count == 0) ||
        (levels == NULL && count != 0))
        return E_INVALIDARG;
    if ((adapter != NULL) != (type == D3D_DRIVER_TYPE_UNKNOWN))
        return E_INVALIDARG;
    if (type != D3D_DRIVER_TYPE_UNKNOWN && type != D3D_DRIVER_TYPE_HARDWARE)
        return DXGI_ERROR_UNSUPPORTED; /* no software or reference rasteriser here */
    return S_OK;
}

static D3D_FEATURE_LEVEL pick_level(const struct rt_device *dev, const D3D_FEATURE_LEVEL *levels,
                                    UINT count)
{
    UINT i;
    if (levels == NULL) {
        levels = default_levels;
        count = sizeof default_levels / sizeof default_levels[0];
    }
    for (i = 0; i < count; i++)
        if (level_supported(dev->drv.pipeline_caps, levels[i]))
            return levels[i];
    return (D3D_FEATURE_LEVEL)0;
}

HRESULT WINAPI D3D11CreateDevice(IDXGIAdapter *adapter, D3D_DRIVER_TYPE type, HMODULE swrast,
                                 UINT flags, const D3D_FEATURE_LEVEL *levels, UINT count, UINT sdk,
                                 ID3D11Device **device, D3D_FEATURE_LEVEL *level_out,
                                 ID3D11DeviceContext **context)
{
    IDXGIAdapter *a = NULL;
    struct rt_device *dev;
    D3D_FEATURE_LEVEL level;
    HRESULT hr = check_args(adapter, type, sdk, levels, count);
    (void)swrast;
    if (device != NULL)
        *device = NULL;
    if (context != NULL)
        *context = NULL;
    if (SUCCEEDED(hr))
        hr = pick_adapter(adapter, &a);
    if (FAILED(hr))
        return hr;
    hr = rt_device_create(a, (D3D_FEATURE_LEVEL)0, flags, &dev);
    IDXGIAdapter_Release(a);
    if (FAILED(hr))
        return hr;
    level = pick_level(dev, levels, count);
    if (level == 0) {
        ID3D11Device_Release(&dev->iface);
        return DXGI_ERROR_UNSUPPORTED;
    }
    dev->level = level;
    if (level_out != NULL)
        *level_out = level;
    if (context != NULL)
        ID3D11Device_GetImmediateContext(&dev->iface, context);
    if (device == NULL) {
        ID3D11Device_Release(&dev->iface);
        return context == NULL ? S_FALSE : S_OK;
    }
    *device = &dev->iface;
    return S_OK;
}

static HRESULT create_swapchain(ID3D11Device *device, const DXGI_SWAP_CHAIN_DESC *desc,
                                IDXGISwapChain **out)
{
    IDXGIDevice *dxgi = NULL;
    IDXGIAdapter *adapter = NULL;
    IDXGIFactory *factory = NULL;
    HRESULT hr = ID3D11Device_QueryInterface(device, &IID_IDXGIDevice, (void **)&dxgi);
    if (SUCCEEDED(hr))
        hr = IDXGIDevice_GetAdapter(dxgi, &adapter);
    if (SUCCEEDED(hr))
        hr = IDXGIAdapter_GetParent(adapter, &IID_IDXGIFactory, (void **)&factory);
    if (SUCCEEDED(hr))
        hr = IDXGIFactory_CreateSwapChain(factory, (IUnknown *)device, (DXGI_SWAP_CHAIN_DESC *)desc,
                                          out);
    if (factory != NULL)
        IDXGIFactory_Release(factory);
    if (adapter != NULL)
        IDXGIAdapter_Release(adapter);
    if (dxgi != NULL)
        IDXGIDevice_Release(dxgi);
    return hr;
}

HRESULT WINAPI D3D11CreateDeviceAndSwapChain(IDXGIAdapter *adapter, D3D_DRIVER_TYPE type,
                                             HMODULE swrast, UINT flags,
                                             const D3D_FEATURE_LEVEL *levels, UINT count, UINT sdk,
                                             const DXGI_SWAP_CHAIN_DESC *desc,
                                             IDXGISwapChain **swapchain, ID3D11Device **device,
                                             D3D_FEATURE_LEVEL *level_out,
                                             ID3D11DeviceContext **context)
{
    ID3D11Device *dev = NULL;
    HRESULT hr;
    if (swapchain != NULL)
        *swapchain = NULL;
    if (swapchain != NULL && desc == NULL)
        return E_INVALIDARG;
    hr = D3D11CreateDevice(adapter, type, swrast, flags, levels, count, sdk, &dev, level_out,
                           context);
    if (FAILED(hr))
        return hr;
    if (swapchain != NULL)
        hr = create_swapchain(dev, desc, swapchain);
    if (FAILED(hr)) {
        if (context != NULL && *context != NULL) {
            ID3D11DeviceContext_Release(*context);
            *context = NULL;
        }
        ID3D11Device_Release(dev);
        return hr;
    }
    if (device != NULL)
        *device = dev;
    else
        ID3D11Device_Release(dev);
    return S_OK;
}
