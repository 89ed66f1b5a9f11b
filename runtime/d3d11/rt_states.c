/* SPDX-License-Identifier: MIT */
/* rt_states.c — blend, depth-stencil, rasterizer and sampler states. Direct3D 11 keeps one
 * object per distinct description: creating a state equal to a live one returns that object
 * with one more reference. Descriptions are checked as documented (E_INVALIDARG) and
 * normalised first (without independent blending every target takes target 0's blend), so
 * GetDesc returns what the device uses. */
#include <string.h>

#include "rt_internal.h"
#include "rt_states.h"

RT_CHILD_METHODS(blend, ID3D11BlendState)
RT_CHILD_METHODS(dss, ID3D11DepthStencilState)
RT_CHILD_METHODS(rs, ID3D11RasterizerState)
RT_CHILD_METHODS(sampler, ID3D11SamplerState)

#define STATE_DESC(prefix, T, DESC, member)                                                        \
    static void STDMETHODCALLTYPE prefix##_get_desc(T *iface, DESC *desc)                          \
    {                                                                                              \
        *desc = ((struct rt_state *)iface)->desc.member;                                           \
    }
STATE_DESC(blend, ID3D11BlendState, D3D11_BLEND_DESC, blend)
STATE_DESC(dss, ID3D11DepthStencilState, D3D11_DEPTH_STENCIL_DESC, depth)
STATE_DESC(rs, ID3D11RasterizerState, D3D11_RASTERIZER_DESC, raster)
STATE_DESC(sampler, ID3D11SamplerState, D3D11_SAMPLER_DESC, sampler)

const ID3D11BlendStateVtbl rt_blend_vtbl = {RT_CHILD_VTBL(blend), blend_get_desc};
const ID3D11DepthStencilStateVtbl rt_dss_vtbl = {RT_CHILD_VTBL(dss), dss_get_desc};
const ID3D11RasterizerStateVtbl rt_rs_vtbl = {RT_CHILD_VTBL(rs), rs_get_desc};
const ID3D11SamplerStateVtbl rt_sampler_vtbl = {RT_CHILD_VTBL(sampler), sampler_get_desc};

/* Leaves the device's cache, then the driver's Destroy*. */
static void state_destroy(struct rt_object *obj)
{
    struct rt_device *dev = obj->device;
    struct rt_object **at;
    D3D10DDI_HDEVICE hdev = dev->drv.hdev;
    for (at = &dev->cache[obj->kind]; *at != NULL; at = &(*at)->cached)
        if (*at == obj) {
            *at = obj->cached;
            break;
        }
    if (obj->kind == RT_BLEND) {
        D3D10DDI_HBLENDSTATE h = {obj->drv};
        dev->drv.f.pfnDestroyBlendState(hdev, h);
    } else if (obj->kind == RT_DEPTH_STENCIL) {
        D3D10DDI_HDEPTHSTENCILSTATE h = {obj->drv};
        dev->drv.f.pfnDestroyDepthStencilState(hdev, h);
    } else if (obj->kind == RT_RASTERIZER) {
        D3D10DDI_HRASTERIZERSTATE h = {obj->drv};
        dev->drv.f.pfnDestroyRasterizerState(hdev, h);
    } else {
        D3D10DDI_HSAMPLER h = {obj->drv};
        dev->drv.f.pfnDestroySampler(hdev, h);
    }
}

static const IID *const blend_iids[] = {&IID_ID3D11BlendState, NULL};
static const IID *const dss_iids[] = {&IID_ID3D11DepthStencilState, NULL};
static const IID *const rs_iids[] = {&IID_ID3D11RasterizerState, NULL};
static const IID *const sampler_iids[] = {&IID_ID3D11SamplerState, NULL};
const struct rt_object_ops rt_state_ops[4] = {{blend_iids, state_destroy},
                                              {dss_iids, state_destroy},
                                              {rs_iids, state_destroy},
                                              {sampler_iids, state_destroy}};
const void *const rt_state_vtbls[4] = {&rt_blend_vtbl, &rt_dss_vtbl, &rt_rs_vtbl, &rt_sampler_vtbl};

/* A live state of this kind with this description, with one more reference (the lock held
 * keeps it from being destroyed meanwhile: destruction takes the lock too). */
static struct rt_state *cached(struct rt_device *dev, enum rt_kind kind,
                               const union rt_state_desc *d)
{
    struct rt_object *obj;
    for (obj = dev->cache[kind]; obj != NULL; obj = obj->cached) {
        struct rt_state *s = (struct rt_state *)obj;
        if (memcmp(&s->desc, d, sizeof *d) == 0) {
            rt_object_addref(obj);
            return s;
        }
    }
    return NULL;
}

HRESULT rt_state_create(struct rt_device *dev, enum rt_kind kind, const union rt_state_desc *d,
                        void **out)
{
    struct rt_state *s;
    HRESULT hr;
    if (out == NULL)
        return S_FALSE;
    RT_LOCK(dev);
    s = cached(dev, kind, d);
    if (s != NULL) {
        RT_UNLOCK(dev);
        *out = s;
        return S_OK;
    }
    s = (struct rt_state *)rt_object_new(dev, sizeof *s, kind, rt_state_vtbls[kind - RT_BLEND],
                                         &rt_state_ops[kind - RT_BLEND],
                                         rt_state_ddi_size(dev, kind, d));
    hr = s != NULL ? S_OK : E_OUTOFMEMORY;
    if (s != NULL) {
        s->desc = *d;
        hr = rt_state_ddi_create(dev, s);
    }
    if (SUCCEEDED(hr)) {
        s->obj.cached = dev->cache[kind];
        dev->cache[kind] = &s->obj;
    }
    RT_UNLOCK(dev);
    if (s != NULL && FAILED(hr))
        rt_object_discard(&s->obj);
    else if (s != NULL)
        *out = s;
    return hr;
}
