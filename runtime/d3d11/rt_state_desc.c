/* SPDX-License-Identifier: MIT */
/* rt_state_desc.c — the four state descriptions: Direct3D 11's checks (E_INVALIDARG for a
 * value outside its enumeration, a colour factor used for alpha, ...), normalisation, and
 * the DDI's descriptions (the same enumerations; stencil enables per face). */
#include <string.h>

#include "rt_states.h"

static BOOL blend_ok(D3D11_BLEND b, BOOL alpha)
{
    if (b < D3D11_BLEND_ZERO || b > D3D11_BLEND_INV_SRC1_ALPHA || b == 12 || b == 13)
        return FALSE;
    return !alpha || (b != D3D11_BLEND_SRC_COLOR && b != D3D11_BLEND_INV_SRC_COLOR &&
                      b != D3D11_BLEND_DEST_COLOR && b != D3D11_BLEND_INV_DEST_COLOR &&
                      b != D3D11_BLEND_SRC1_COLOR && b != D3D11_BLEND_INV_SRC1_COLOR);
}

static BOOL op_ok(D3D11_BLEND_OP op)
{
    return op >= D3D11_BLEND_OP_ADD && op <= D3D11_BLEND_OP_MAX;
}

static HRESULT blend_desc(const D3D11_BLEND_DESC *in, D3D11_BLEND_DESC *out)
{
    UINT i;
    *out = *in;
    for (i = 1; !in->IndependentBlendEnable && i < 8; i++)
        out->RenderTarget[i] = in->RenderTarget[0];
    for (i = 0; i < 8; i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC *t = &out->RenderTarget[i];
        if (t->RenderTargetWriteMask > 0xF)
            return E_INVALIDARG;
        if (t->BlendEnable && (!blend_ok(t->SrcBlend, FALSE) || !blend_ok(t->DestBlend, FALSE) ||
                               !op_ok(t->BlendOp) || !blend_ok(t->SrcBlendAlpha, TRUE) ||
                               !blend_ok(t->DestBlendAlpha, TRUE) || !op_ok(t->BlendOpAlpha)))
            return E_INVALIDARG;
    }
    return S_OK;
}

static BOOL func_ok(D3D11_COMPARISON_FUNC f)
{
    return f >= D3D11_COMPARISON_NEVER && f <= D3D11_COMPARISON_ALWAYS;
}

static BOOL face_ok(const D3D11_DEPTH_STENCILOP_DESC *f)
{
    return f->StencilFailOp >= D3D11_STENCIL_OP_KEEP && f->StencilFailOp <= D3D11_STENCIL_OP_DECR &&
           f->StencilDepthFailOp >= D3D11_STENCIL_OP_KEEP &&
           f->StencilDepthFailOp <= D3D11_STENCIL_OP_DECR &&
           f->StencilPassOp >= D3D11_STENCIL_OP_KEEP && f->StencilPassOp <= D3D11_STENCIL_OP_DECR &&
           func_ok(f->StencilFunc);
}

static HRESULT depth_desc(const D3D11_DEPTH_STENCIL_DESC *in)
{
    if ((UINT)in->DepthWriteMask > D3D11_DEPTH_WRITE_MASK_ALL ||
        (in->DepthEnable && !func_ok(in->DepthFunc)) ||
        (in->StencilEnable && (!face_ok(&in->FrontFace) || !face_ok(&in->BackFace))))
        return E_INVALIDARG;
    return S_OK;
}

static HRESULT raster_desc(const D3D11_RASTERIZER_DESC *in)
{
    if (in->FillMode < D3D11_FILL_WIREFRAME || in->FillMode > D3D11_FILL_SOLID ||
        in->CullMode < D3D11_CULL_NONE || in->CullMode > D3D11_CULL_BACK)
        return E_INVALIDARG;
    return S_OK;
}

static BOOL address_ok(D3D11_TEXTURE_ADDRESS_MODE a)
{
    return a >= D3D11_TEXTURE_ADDRESS_WRAP && a <= D3D11_TEXTURE_ADDRESS_MIRROR_ONCE;
}

/* The filters: min/mag/mip point or linear (bits 4, 2, 0), anisotropic 0x55, each also
 * as a comparison filter (0x80). */
static BOOL filter_ok(D3D11_FILTER filter)
{
    UINT f = (UINT)filter & ~0x80u;
    return ((UINT)filter & ~0xD5u) == 0 && (f == 0x55u || (f & ~0x15u) == 0);
}

static HRESULT sampler_desc(const D3D11_SAMPLER_DESC *in)
{
    BOOL aniso = ((UINT)in->Filter & 0x7Fu) == 0x55u;
    if (!filter_ok(in->Filter) || !address_ok(in->AddressU) || !address_ok(in->AddressV) ||
        !address_ok(in->AddressW) ||
        (aniso && (in->MaxAnisotropy == 0 || in->MaxAnisotropy > D3D11_REQ_MAXANISOTROPY)) ||
        (((UINT)in->Filter & 0x80u) && !func_ok(in->ComparisonFunc)))
        return E_INVALIDARG;
    return S_OK;
}

static HRESULT state_entry(ID3D11Device *iface, enum rt_kind kind, const void *desc, size_t size,
                           void **out)
{
    union rt_state_desc d;
    HRESULT hr;
    if (out != NULL)
        *out = NULL;
    if (desc == NULL)
        return E_INVALIDARG;
    memset(&d, 0, sizeof d);
    memcpy(&d, desc, size);
    if (kind == RT_BLEND)
        hr = blend_desc((const D3D11_BLEND_DESC *)desc, &d.blend);
    else if (kind == RT_DEPTH_STENCIL)
        hr = depth_desc(&d.depth);
    else if (kind == RT_RASTERIZER)
        hr = raster_desc(&d.raster);
    else
        hr = sampler_desc(&d.sampler);
    if (FAILED(hr))
        return hr;
    return rt_state_create(rt_device_from(iface), kind, &d, out);
}

HRESULT STDMETHODCALLTYPE rt_create_blend_state(ID3D11Device *iface, const D3D11_BLEND_DESC *desc,
                                                ID3D11BlendState **out)
{
    return state_entry(iface, RT_BLEND, desc, sizeof *desc, (void **)out);
}

HRESULT STDMETHODCALLTYPE rt_create_depth_stencil_state(ID3D11Device *iface,
                                                        const D3D11_DEPTH_STENCIL_DESC *desc,
                                                        ID3D11DepthStencilState **out)
{
    return state_entry(iface, RT_DEPTH_STENCIL, desc, sizeof *desc, (void **)out);
}

HRESULT STDMETHODCALLTYPE rt_create_rasterizer_state(ID3D11Device *iface,
                                                     const D3D11_RASTERIZER_DESC *desc,
                                                     ID3D11RasterizerState **out)
{
    return state_entry(iface, RT_RASTERIZER, desc, sizeof *desc, (void **)out);
}

HRESULT STDMETHODCALLTYPE rt_create_sampler_state(ID3D11Device *iface,
                                                  const D3D11_SAMPLER_DESC *desc,
                                                  ID3D11SamplerState **out)
{
    return state_entry(iface, RT_SAMPLER, desc, sizeof *desc, (void **)out);
}

/* ---- the DDI's descriptions ------------------------------------------------------------- */

static void ddi_blend(const D3D11_BLEND_DESC *in, D3D10_1_DDI_BLEND_DESC *out)
{
    UINT i;
    memset(out, 0, sizeof *out);
    out->AlphaToCoverageEnable = in->AlphaToCoverageEnable;
    out->IndependentBlendEnable = in->IndependentBlendEnable;
    for (i = 0; i < 8; i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC *t = &in->RenderTarget[i];
        D3D10_DDI_RENDER_TARGET_BLEND_DESC1 *o = &out->RenderTarget[i];
        o->BlendEnable = t->BlendEnable;
        o->SrcBlend = (D3D10_DDI_BLEND)t->SrcBlend;
        o->DestBlend = (D3D10_DDI_BLEND)t->DestBlend;
        o->BlendOp = (D3D10_DDI_BLEND_OP)t->BlendOp;
        o->SrcBlendAlpha = (D3D10_DDI_BLEND)t->SrcBlendAlpha;
        o->DestBlendAlpha = (D3D10_DDI_BLEND)t->DestBlendAlpha;
        o->BlendOpAlpha = (D3D10_DDI_BLEND_OP)t->BlendOpAlpha;
        o->RenderTargetWriteMask = t->RenderTargetWriteMask;
    }
}

static void ddi_face(const D3D11_DEPTH_STENCILOP_DESC *in, D3D10_DDI_DEPTH_STENCILOP_DESC *out)
{
    out->StencilFailOp = (D3D10_DDI_STENCIL_OP)in->StencilFailOp;
    out->StencilDepthFailOp = (D3D10_DDI_STENCIL_OP)in->StencilDepthFailOp;
    out->StencilPassOp = (D3D10_DDI_STENCIL_OP)in->StencilPassOp;
    out->StencilFunc = (D3D10_DDI_COMPARISON_FUNC)in->StencilFunc;
}

static void ddi_depth(const D3D11_DEPTH_STENCIL_DESC *in, D3D10_DDI_DEPTH_STENCIL_DESC *out)
{
    memset(out, 0, sizeof *out);
    out->DepthEnable = in->DepthEnable;
    out->DepthWriteMask = (D3D10_DDI_DEPTH_WRITE_MASK)in->DepthWriteMask;
    out->DepthFunc = (D3D10_DDI_COMPARISON_FUNC)in->DepthFunc;
    out->StencilEnable = in->StencilEnable;
    out->FrontEnable = in->StencilEnable;
    out->BackEnable = in->StencilEnable;
    out->StencilReadMask = in->StencilReadMask;
    out->StencilWriteMask = in->StencilWriteMask;
    ddi_face(&in->FrontFace, &out->FrontFace);
    ddi_face(&in->BackFace, &out->BackFace);
}

static void ddi_raster(const D3D11_RASTERIZER_DESC *in, D3D10_DDI_RASTERIZER_DESC *out)
{
    memset(out, 0, sizeof *out);
    out->FillMode = (D3D10_DDI_FILL_MODE)in->FillMode;
    out->CullMode = (D3D10_DDI_CULL_MODE)in->CullMode;
    out->FrontCounterClockwise = in->FrontCounterClockwise;
    out->DepthBias = in->DepthBias;
    out->DepthBiasClamp = in->DepthBiasClamp;
    out->SlopeScaledDepthBias = in->SlopeScaledDepthBias;
    out->DepthClipEnable = in->DepthClipEnable;
    out->ScissorEnable = in->ScissorEnable;
    out->MultisampleEnable = in->MultisampleEnable;
    out->AntialiasedLineEnable = in->AntialiasedLineEnable;
}

static void ddi_sampler(const D3D11_SAMPLER_DESC *in, D3D10_DDI_SAMPLER_DESC *out)
{
    memset(out, 0, sizeof *out);
    out->Filter = (D3D10_DDI_FILTER)in->Filter;
    out->AddressU = (D3D10_DDI_TEXTURE_ADDRESS_MODE)in->AddressU;
    out->AddressV = (D3D10_DDI_TEXTURE_ADDRESS_MODE)in->AddressV;
    out->AddressW = (D3D10_DDI_TEXTURE_ADDRESS_MODE)in->AddressW;
    out->MipLODBias = in->MipLODBias;
    out->MaxAnisotropy = in->MaxAnisotropy;
    out->ComparisonFunc = (D3D10_DDI_COMPARISON_FUNC)in->ComparisonFunc;
    memcpy(out->BorderColor, in->BorderColor, sizeof out->BorderColor);
    out->MinLOD = in->MinLOD;
    out->MaxLOD = in->MaxLOD;
}

union ddi_state {
    D3D10_1_DDI_BLEND_DESC blend;
    D3D10_DDI_DEPTH_STENCIL_DESC depth;
    D3D10_DDI_RASTERIZER_DESC raster;
    D3D10_DDI_SAMPLER_DESC sampler;
};

static void to_ddi(enum rt_kind kind, const union rt_state_desc *d, union ddi_state *out)
{
    if (kind == RT_BLEND)
        ddi_blend(&d->blend, &out->blend);
    else if (kind == RT_DEPTH_STENCIL)
        ddi_depth(&d->depth, &out->depth);
    else if (kind == RT_RASTERIZER)
        ddi_raster(&d->raster, &out->raster);
    else
        ddi_sampler(&d->sampler, &out->sampler);
}

SIZE_T rt_state_ddi_size(struct rt_device *dev, enum rt_kind kind, const union rt_state_desc *d)
{
    D3D11DDI_DEVICEFUNCS *f = &dev->drv.f;
    union ddi_state s;
    to_ddi(kind, d, &s);
    if (kind == RT_BLEND)
        return f->pfnCalcPrivateBlendStateSize(dev->drv.hdev, &s.blend);
    if (kind == RT_DEPTH_STENCIL)
        return f->pfnCalcPrivateDepthStencilStateSize(dev->drv.hdev, &s.depth);
    if (kind == RT_RASTERIZER)
        return f->pfnCalcPrivateRasterizerStateSize(dev->drv.hdev, &s.raster);
    return f->pfnCalcPrivateSamplerSize(dev->drv.hdev, &s.sampler);
}

HRESULT rt_state_ddi_create(struct rt_device *dev, struct rt_state *st)
{
    D3D11DDI_DEVICEFUNCS *f = &dev->drv.f;
    D3D10DDI_HDEVICE h = dev->drv.hdev;
    union ddi_state s;
    to_ddi(st->obj.kind, &st->desc, &s);
    rt_ddi_begin(dev);
    if (st->obj.kind == RT_BLEND) {
        D3D10DDI_HBLENDSTATE hs = {st->obj.drv};
        D3D10DDI_HRTBLENDSTATE rt = {st};
        f->pfnCreateBlendState(h, &s.blend, hs, rt);
    } else if (st->obj.kind == RT_DEPTH_STENCIL) {
        D3D10DDI_HDEPTHSTENCILSTATE hs = {st->obj.drv};
        D3D10DDI_HRTDEPTHSTENCILSTATE rt = {st};
        f->pfnCreateDepthStencilState(h, &s.depth, hs, rt);
    } else if (st->obj.kind == RT_RASTERIZER) {
        D3D10DDI_HRASTERIZERSTATE hs = {st->obj.drv};
        D3D10DDI_HRTRASTERIZERSTATE rt = {st};
        f->pfnCreateRasterizerState(h, &s.raster, hs, rt);
    } else {
        D3D10DDI_HSAMPLER hs = {st->obj.drv};
        D3D10DDI_HRTSAMPLER rt = {st};
        f->pfnCreateSampler(h, &s.sampler, hs, rt);
    }
    return rt_ddi_end(dev);
}
