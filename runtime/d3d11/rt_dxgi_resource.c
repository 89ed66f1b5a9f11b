/* SPDX-License-Identifier: MIT */
/* rt_dxgi_resource.c — IDXGIResource of every buffer and texture: the same object as its
 * ID3D11 interface (one identity, one count; QueryInterface back gives the ID3D11 pointer),
 * with the resource's private data, its device as device and parent, its shared handle
 * (NULL with S_OK for a resource not created shared, as Microsoft's runtime answers), its
 * DXGI usage and its eviction priority. */
#include "rt_internal.h"

RT_RESOURCE_FACE_METHODS(dxres, IDXGIResource, dxgi)

/* IDXGIDeviceSubObject::GetDevice: the device that made the resource, as riid. */
static HRESULT STDMETHODCALLTYPE dxres_get_device(IDXGIResource *iface, REFIID riid, void **out)
{
    ID3D11Device *dev = &dxres_res(iface)->obj.device->iface;
    if (out == NULL)
        return E_INVALIDARG;
    return ID3D11Device_QueryInterface(dev, riid, out);
}

static HRESULT STDMETHODCALLTYPE dxres_get_parent(IDXGIResource *iface, REFIID riid, void **out)
{
    return dxres_get_device(iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE dxres_get_shared_handle(IDXGIResource *iface, HANDLE *out)
{
    if (out == NULL)
        return E_INVALIDARG;
    *out = dxres_res(iface)->shared;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxres_get_usage(IDXGIResource *iface, DXGI_USAGE *out)
{
    const struct rt_resource *r = dxres_res(iface);
    DXGI_USAGE u = DXGI_CPU_ACCESS_NONE;
    if (out == NULL)
        return E_INVALIDARG;
    if (r->usage == D3D11_USAGE_DYNAMIC)
        u = DXGI_CPU_ACCESS_DYNAMIC;
    else if (r->usage == D3D11_USAGE_STAGING)
        u = DXGI_CPU_ACCESS_READ_WRITE;
    if (r->bind & (D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_CONSTANT_BUFFER))
        u |= DXGI_USAGE_SHADER_INPUT;
    if (r->bind & D3D11_BIND_RENDER_TARGET)
        u |= DXGI_USAGE_RENDER_TARGET_OUTPUT;
    if (r->bind & D3D11_BIND_UNORDERED_ACCESS)
        u |= DXGI_USAGE_UNORDERED_ACCESS;
    if (r->swapchain)
        u |= DXGI_USAGE_BACK_BUFFER;
    *out = u;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxres_set_eviction(IDXGIResource *iface, UINT priority)
{
    dxres_res(iface)->eviction = priority;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxres_get_eviction(IDXGIResource *iface, UINT *out)
{
    if (out == NULL)
        return E_INVALIDARG;
    *out = dxres_res(iface)->eviction;
    return S_OK;
}

static const IDXGIResourceVtbl dxres_vtbl = {
    dxres_qi,
    dxres_addref,
    dxres_release,
    dxres_set_private,
    dxres_set_private_iface,
    dxres_get_private,
    dxres_get_parent,
    dxres_get_device,
    dxres_get_shared_handle,
    dxres_get_usage,
    dxres_set_eviction,
    dxres_get_eviction,
};

void rt_resource_init_dxgi(struct rt_resource *r)
{
    r->dxgi.lpVtbl = &dxres_vtbl;
    r->eviction = DXGI_RESOURCE_PRIORITY_NORMAL;
}

HRESULT rt_resource_qi_dxgi(struct rt_resource *r, REFIID riid, void **out)
{
    if (!IsEqualGUID(riid, &IID_IDXGIResource) && !IsEqualGUID(riid, &IID_IDXGIDeviceSubObject) &&
        !IsEqualGUID(riid, &IID_IDXGIObject)) {
        *out = NULL;
        return E_NOINTERFACE;
    }
    rt_object_addref(&r->obj);
    *out = &r->dxgi;
    return S_OK;
}
