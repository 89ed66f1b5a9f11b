/* SPDX-License-Identifier: MIT */
/* rt_view.c — ID3D11ShaderResourceView / RenderTargetView / DepthStencilView /
 * UnorderedAccessView: the object, its internal reference on the resource (as Direct3D 11
 * counts it: the resource's own count does not show it), and creation through the driver
 * (the description resolved and checked by rt_view_desc.c). */
#include <string.h>

#include "rt_internal.h"
#include "rt_view.h"

RT_CHILD_METHODS(srv, ID3D11ShaderResourceView)
RT_CHILD_METHODS(rtv, ID3D11RenderTargetView)
RT_CHILD_METHODS(dsv, ID3D11DepthStencilView)
RT_CHILD_METHODS(uav, ID3D11UnorderedAccessView)

#define VIEW_METHODS(prefix, T, DESC, member)                                                      \
    static void STDMETHODCALLTYPE prefix##_get_resource(T *iface, ID3D11Resource **out)            \
    {                                                                                              \
        struct rt_view *v = (struct rt_view *)iface;                                               \
        *out = (ID3D11Resource *)v->resource;                                                      \
        rt_object_addref(&v->resource->obj);                                                       \
    }                                                                                              \
    static void STDMETHODCALLTYPE prefix##_get_desc(T *iface, DESC *desc)                          \
    {                                                                                              \
        *desc = ((struct rt_view *)iface)->desc.member;                                            \
    }
VIEW_METHODS(srv, ID3D11ShaderResourceView, D3D11_SHADER_RESOURCE_VIEW_DESC, srv)
VIEW_METHODS(rtv, ID3D11RenderTargetView, D3D11_RENDER_TARGET_VIEW_DESC, rtv)
VIEW_METHODS(dsv, ID3D11DepthStencilView, D3D11_DEPTH_STENCIL_VIEW_DESC, dsv)
VIEW_METHODS(uav, ID3D11UnorderedAccessView, D3D11_UNORDERED_ACCESS_VIEW_DESC, uav)

const ID3D11ShaderResourceViewVtbl rt_srv_vtbl = {RT_CHILD_VTBL(srv), srv_get_resource,
                                                  srv_get_desc};
const ID3D11RenderTargetViewVtbl rt_rtv_vtbl = {RT_CHILD_VTBL(rtv), rtv_get_resource, rtv_get_desc};
const ID3D11DepthStencilViewVtbl rt_dsv_vtbl = {RT_CHILD_VTBL(dsv), dsv_get_resource, dsv_get_desc};
const ID3D11UnorderedAccessViewVtbl rt_uav_vtbl = {RT_CHILD_VTBL(uav), uav_get_resource,
                                                   uav_get_desc};

/* The driver's Destroy*View, then the view lets go of its resource. */
static void view_destroy(struct rt_object *obj)
{
    struct rt_view *v = (struct rt_view *)obj;
    struct rt_device *dev = obj->device;
    D3D10DDI_HDEVICE hdev = dev->drv.hdev;
    switch (obj->kind) {
    case RT_SRV: {
        D3D10DDI_HSHADERRESOURCEVIEW h = {obj->drv};
        dev->drv.f.pfnDestroyShaderResourceView(hdev, h);
        break;
    }
    case RT_RTV: {
        D3D10DDI_HRENDERTARGETVIEW h = {obj->drv};
        dev->drv.f.pfnDestroyRenderTargetView(hdev, h);
        break;
    }
    case RT_DSV: {
        D3D10DDI_HDEPTHSTENCILVIEW h = {obj->drv};
        dev->drv.f.pfnDestroyDepthStencilView(hdev, h);
        break;
    }
    default: {
        D3D11DDI_HUNORDEREDACCESSVIEW h = {obj->drv};
        dev->drv.f.pfnDestroyUnorderedAccessView(hdev, h);
        break;
    }
    }
    rt_object_drop(&v->resource->obj);
}

static const IID *const srv_iids[] = {&IID_ID3D11View, &IID_ID3D11ShaderResourceView, NULL};
static const IID *const rtv_iids[] = {&IID_ID3D11View, &IID_ID3D11RenderTargetView, NULL};
static const IID *const dsv_iids[] = {&IID_ID3D11View, &IID_ID3D11DepthStencilView, NULL};
static const IID *const uav_iids[] = {&IID_ID3D11View, &IID_ID3D11UnorderedAccessView, NULL};
static const struct rt_object_ops srv_ops = {srv_iids, view_destroy};
static const struct rt_object_ops rtv_ops = {rtv_iids, view_destroy};
static const struct rt_object_ops dsv_ops = {dsv_iids, view_destroy};
static const struct rt_object_ops uav_ops = {uav_iids, view_destroy};

static struct rt_view *view_new(struct rt_device *dev, struct rt_resource *res, enum rt_kind kind)
{
    static const void *const vtbls[] = {&rt_srv_vtbl, &rt_rtv_vtbl, &rt_dsv_vtbl, &rt_uav_vtbl};
    static const struct rt_object_ops *const ops[] = {&srv_ops, &rtv_ops, &dsv_ops, &uav_ops};
    struct rt_view *v = (struct rt_view *)rt_object_new(dev, sizeof *v, kind, vtbls[kind - RT_SRV],
                                                        ops[kind - RT_SRV], 0);
    if (v != NULL)
        v->resource = res;
    return v;
}

/* The driver's CalcPrivate*Size / Create*View for the DDI arguments rt_view_desc.c made. */
static HRESULT ddi_create(struct rt_device *dev, struct rt_view *v, const union rt_view_ddi *a)
{
    D3D10DDI_HDEVICE hdev = dev->drv.hdev;
    D3D11DDI_DEVICEFUNCS *f = &dev->drv.f;
    SIZE_T size;
    RT_LOCK(dev);
    size = v->obj.kind == RT_SRV   ? f->pfnCalcPrivateShaderResourceViewSize(hdev, &a->srv)
           : v->obj.kind == RT_RTV ? f->pfnCalcPrivateRenderTargetViewSize(hdev, &a->rtv)
           : v->obj.kind == RT_DSV ? f->pfnCalcPrivateDepthStencilViewSize(hdev, &a->dsv)
                                   : f->pfnCalcPrivateUnorderedAccessViewSize(hdev, &a->uav);
    rt_free(v->obj.drv);
    v->obj.drv = rt_alloc(size);
    if (v->obj.drv == NULL) {
        RT_UNLOCK(dev);
        return E_OUTOFMEMORY;
    }
    rt_ddi_begin(dev);
    if (v->obj.kind == RT_SRV) {
        D3D10DDI_HSHADERRESOURCEVIEW h = {v->obj.drv};
        D3D10DDI_HRTSHADERRESOURCEVIEW rt = {v};
        f->pfnCreateShaderResourceView(hdev, &a->srv, h, rt);
    } else if (v->obj.kind == RT_RTV) {
        D3D10DDI_HRENDERTARGETVIEW h = {v->obj.drv};
        D3D10DDI_HRTRENDERTARGETVIEW rt = {v};
        f->pfnCreateRenderTargetView(hdev, &a->rtv, h, rt);
    } else if (v->obj.kind == RT_DSV) {
        D3D10DDI_HDEPTHSTENCILVIEW h = {v->obj.drv};
        D3D10DDI_HRTDEPTHSTENCILVIEW rt = {v};
        f->pfnCreateDepthStencilView(hdev, &a->dsv, h, rt);
    } else {
        D3D11DDI_HUNORDEREDACCESSVIEW h = {v->obj.drv};
        D3D11DDI_HRTUNORDEREDACCESSVIEW rt = {v};
        f->pfnCreateUnorderedAccessView(hdev, &a->uav, h, rt);
    }
    size = (SIZE_T)rt_ddi_end(dev);
    RT_UNLOCK(dev);
    return (HRESULT)size;
}

static HRESULT create_view(ID3D11Device *iface, ID3D11Resource *res_iface, const void *desc,
                           enum rt_kind kind, void **out)
{
    struct rt_device *dev = rt_device_from(iface);
    struct rt_resource *res = rt_resource_from(res_iface);
    union rt_view_ddi a;
    struct rt_view tmp, *v;
    HRESULT hr;
    if (out != NULL)
        *out = NULL;
    if (res == NULL)
        return E_INVALIDARG;
    memset(&tmp, 0, sizeof tmp);
    tmp.obj.kind = kind;
    tmp.resource = res;
    hr = rt_view_resolve(dev, &tmp, desc, &a);
    if (FAILED(hr) || out == NULL)
        return FAILED(hr) ? hr : S_FALSE;
    v = view_new(dev, res, kind);
    if (v == NULL)
        return E_OUTOFMEMORY;
    v->desc = tmp.desc;
    rt_view_span(v, &a);
    a.srv.hDrvResource.pDrvPrivate = res->obj.drv; /* the first member of every variant */
    hr = ddi_create(dev, v, &a);
    if (FAILED(hr)) {
        rt_object_discard(&v->obj);
        return hr;
    }
    rt_object_hold(&res->obj); /* internal: the resource's own count does not change */
    *out = v;
    return S_OK;
}

HRESULT STDMETHODCALLTYPE rt_create_srv(ID3D11Device *iface, ID3D11Resource *res,
                                        const D3D11_SHADER_RESOURCE_VIEW_DESC *desc,
                                        ID3D11ShaderResourceView **out)
{
    return create_view(iface, res, desc, RT_SRV, (void **)out);
}

HRESULT STDMETHODCALLTYPE rt_create_rtv(ID3D11Device *iface, ID3D11Resource *res,
                                        const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                                        ID3D11RenderTargetView **out)
{
    return create_view(iface, res, desc, RT_RTV, (void **)out);
}

HRESULT STDMETHODCALLTYPE rt_create_dsv(ID3D11Device *iface, ID3D11Resource *res,
                                        const D3D11_DEPTH_STENCIL_VIEW_DESC *desc,
                                        ID3D11DepthStencilView **out)
{
    return create_view(iface, res, desc, RT_DSV, (void **)out);
}

HRESULT STDMETHODCALLTYPE rt_create_uav(ID3D11Device *iface, ID3D11Resource *res,
                                        const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
                                        ID3D11UnorderedAccessView **out)
{
    return create_view(iface, res, desc, RT_UAV, (void **)out);
}
