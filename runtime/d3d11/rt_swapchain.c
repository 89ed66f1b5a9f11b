/* SPDX-License-Identifier: MIT */
/* rt_swapchain.c — the device's part of a DXGI swap chain: its buffers (BIND_PRESENT, and a
 * primary description only for buffers that may be scanned out), PresentDXGI and
 * RotateResourceIdentitiesDXGI through the driver's DXGI table, whose present callback is
 * the kernel's present (rt_callbacks.c). */
#include <string.h>

#include "rt_internal.h"

HRESULT rt_swapchain_buffer(struct rt_device *dev, const struct aerort_buffer_desc *desc,
                            ID3D11Texture2D **out);
HRESULT rt_swapchain_present(struct rt_device *dev, ID3D11Texture2D *src, UINT sync_interval,
                             UINT flags, const struct aerort_present_context *context);
HRESULT rt_swapchain_rotate(struct rt_device *dev, ID3D11Texture2D *const *buffers, UINT count);

static UINT binds_of(DXGI_USAGE usage)
{
    return ((usage & DXGI_USAGE_RENDER_TARGET_OUTPUT) ? D3D11_BIND_RENDER_TARGET : 0u) |
           ((usage & DXGI_USAGE_SHADER_INPUT) ? D3D11_BIND_SHADER_RESOURCE : 0u) |
           ((usage & DXGI_USAGE_UNORDERED_ACCESS) ? D3D11_BIND_UNORDERED_ACCESS : 0u);
}

HRESULT rt_swapchain_buffer(struct rt_device *dev, const struct aerort_buffer_desc *desc,
                            ID3D11Texture2D **out)
{
    D3D11_TEXTURE2D_DESC t;
    DXGI_DDI_PRIMARY_DESC primary;
    struct rt_present_target target;
    memset(&t, 0, sizeof t);
    t.Width = desc->width;
    t.Height = desc->height;
    t.MipLevels = 1;
    t.ArraySize = 1;
    t.Format = desc->format;
    t.SampleDesc = desc->sample;
    t.Usage = D3D11_USAGE_DEFAULT;
    t.BindFlags = binds_of(desc->usage);
    memset(&primary, 0, sizeof primary);
    primary.Flags = DXGI_DDI_PRIMARY_OPTIONAL;
    primary.ModeDesc.Width = desc->width;
    primary.ModeDesc.Height = desc->height;
    primary.ModeDesc.Format = desc->format;
    primary.ModeDesc.RefreshRate.Numerator = desc->refresh_numerator;
    primary.ModeDesc.RefreshRate.Denominator = desc->refresh_denominator;
    target.discard = desc->discard_on_present;
    target.primary = desc->primary ? &primary : NULL;
    return rt_texture2d_create(dev, &t, NULL, &target, out);
}

HRESULT rt_swapchain_present(struct rt_device *dev, ID3D11Texture2D *src, UINT sync_interval,
                             UINT flags, const struct aerort_present_context *context)
{
    struct rt_resource *r = rt_resource_from(src);
    DXGI_DDI_ARG_PRESENT p;
    HRESULT hr;
    if (r == NULL)
        return DXGI_ERROR_INVALID_CALL;
    if (dev->removed != S_OK)
        return dev->removed;
    memset(&p, 0, sizeof p);
    p.hDevice = (DXGI_DDI_HDEVICE)dev->drv.hdev.pDrvPrivate;
    p.hSurfaceToPresent = (DXGI_DDI_HRESOURCE)r->obj.drv;
    p.pDXGIContext = (void *)context;
    p.Flags.Value = flags;
    p.FlipInterval = (DXGI_DDI_FLIP_INTERVAL_TYPE)(sync_interval <= 4 ? sync_interval : 4u);
    RT_LOCK(dev);
    hr = dev->drv.dxgi.pfnPresent(&p);
    RT_UNLOCK(dev);
    if (hr == AERORT_D3DDDIERR_DEVICEREMOVED || aerort_kmt_device_state(dev->kmt) != S_OK) {
        dev->removed = DXGI_ERROR_DEVICE_REMOVED;
        return DXGI_ERROR_DEVICE_REMOVED;
    }
    return hr;
}

HRESULT rt_swapchain_rotate(struct rt_device *dev, ID3D11Texture2D *const *buffers, UINT count)
{
    DXGI_DDI_HRESOURCE handles[DXGI_MAX_SWAP_CHAIN_BUFFERS];
    DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES a;
    HRESULT hr;
    UINT i;
    if (count > DXGI_MAX_SWAP_CHAIN_BUFFERS)
        return E_INVALIDARG;
    for (i = 0; i < count; i++) {
        struct rt_resource *r = rt_resource_from(buffers[i]);
        if (r == NULL)
            return E_INVALIDARG;
        handles[i] = (DXGI_DDI_HRESOURCE)r->obj.drv;
    }
    a.hDevice = (DXGI_DDI_HDEVICE)dev->drv.hdev.pDrvPrivate;
    a.pResources = handles;
    a.Resources = count;
    RT_LOCK(dev);
    hr = dev->drv.dxgi.pfnRotateResourceIdentities(&a);
    RT_UNLOCK(dev);
    return hr;
}
