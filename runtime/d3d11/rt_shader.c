/* SPDX-License-Identifier: MIT */
/* rt_shader.c — the six shader objects, created from DXBC bytecode as the runtime creates
 * them: the container read (rt_dxbc.c), its program type checked against the method and its
 * model against the feature level, then CalcPrivate*Size / Create*Shader with the bare token
 * stream and the signatures in the DDI's form. The bytecode is copied to aligned memory for
 * the call (the driver copies what it keeps). */
#include <string.h>

#include "rt_internal.h"

RT_CHILD_METHODS(vs, ID3D11VertexShader)
RT_CHILD_METHODS(hs, ID3D11HullShader)
RT_CHILD_METHODS(ds, ID3D11DomainShader)
RT_CHILD_METHODS(gs, ID3D11GeometryShader)
RT_CHILD_METHODS(ps, ID3D11PixelShader)
RT_CHILD_METHODS(cs, ID3D11ComputeShader)

const ID3D11VertexShaderVtbl rt_vs_vtbl = {RT_CHILD_VTBL(vs)};
const ID3D11HullShaderVtbl rt_hs_vtbl = {RT_CHILD_VTBL(hs)};
const ID3D11DomainShaderVtbl rt_ds_vtbl = {RT_CHILD_VTBL(ds)};
const ID3D11GeometryShaderVtbl rt_gs_vtbl = {RT_CHILD_VTBL(gs)};
const ID3D11PixelShaderVtbl rt_ps_vtbl = {RT_CHILD_VTBL(ps)};
const ID3D11ComputeShaderVtbl rt_cs_vtbl = {RT_CHILD_VTBL(cs)};

static void shader_destroy(struct rt_object *obj)
{
    D3D10DDI_HSHADER h = {obj->drv};
    obj->device->drv.f.pfnDestroyShader(obj->device->drv.hdev, h);
}

static const IID *const vs_iids[] = {&IID_ID3D11VertexShader, NULL};
static const IID *const hs_iids[] = {&IID_ID3D11HullShader, NULL};
static const IID *const ds_iids[] = {&IID_ID3D11DomainShader, NULL};
static const IID *const gs_iids[] = {&IID_ID3D11GeometryShader, NULL};
static const IID *const ps_iids[] = {&IID_ID3D11PixelShader, NULL};
static const IID *const cs_iids[] = {&IID_ID3D11ComputeShader, NULL};
static const struct rt_object_ops shader_ops[6] = {
    {vs_iids, shader_destroy}, {hs_iids, shader_destroy}, {ds_iids, shader_destroy},
    {gs_iids, shader_destroy}, {ps_iids, shader_destroy}, {cs_iids, shader_destroy},
};
static const void *const shader_vtbls[6] = {&rt_vs_vtbl, &rt_hs_vtbl, &rt_ds_vtbl,
                                            &rt_gs_vtbl, &rt_ps_vtbl, &rt_cs_vtbl};
/* The version token's program type per kind (D3D10_SB_TOKENIZED_PROGRAM_TYPE). */
static const UINT program_types[6] = {1, 3, 4, 2, 0, 5};

/* One creation in progress: the aligned copy, what was read from it, the DDI signatures. */
struct shader_args {
    void *copy;
    struct rt_dxbc dxbc;
    D3D10DDIARG_SIGNATURE_ENTRY in[RT_MAX_SIGNATURE], out[RT_MAX_SIGNATURE];
    D3D10DDIARG_STAGE_IO_SIGNATURES sig;
    D3D11DDIARG_TESSELLATION_IO_SIGNATURES tess;
};

static HRESULT read_shader(struct rt_device *dev, const void *code, SIZE_T length, UINT kind,
                           struct shader_args *s)
{
    UINT version, major;
    HRESULT hr;
    memset(s, 0, sizeof *s);
    hr = rt_dxbc_copy(code, length, &s->copy);
    if (FAILED(hr))
        return hr;
    if (FAILED(rt_dxbc_parse(s->copy, length, &s->dxbc)))
        return E_INVALIDARG;
    version = s->dxbc.tokens[0];
    major = (version >> 4) & 0xFu;
    if ((version >> 16) != program_types[kind] || major < 4 ||
        (major > 4 && dev->level < D3D_FEATURE_LEVEL_11_0))
        return E_INVALIDARG;
    s->sig.pInputSignature = s->in;
    s->sig.NumInputSignatureEntries = rt_dxbc_ddi_signature(&s->dxbc.in, s->in, RT_MAX_SIGNATURE);
    s->sig.pOutputSignature = s->out;
    s->sig.NumOutputSignatureEntries =
        rt_dxbc_ddi_signature(&s->dxbc.out, s->out, RT_MAX_SIGNATURE);
    s->tess.pInputSignature = s->in;
    s->tess.NumInputSignatureEntries = s->sig.NumInputSignatureEntries;
    s->tess.pOutputSignature = s->out;
    s->tess.NumOutputSignatureEntries = s->sig.NumOutputSignatureEntries;
    return S_OK;
}

static SIZE_T calc_size(struct rt_device *dev, UINT kind, struct shader_args *s)
{
    D3D11DDI_DEVICEFUNCS *f = &dev->drv.f;
    if (kind == RT_HS - RT_VS || kind == RT_DS - RT_VS)
        return f->pfnCalcPrivateTessellationShaderSize(dev->drv.hdev, s->dxbc.tokens, &s->tess);
    return f->pfnCalcPrivateShaderSize(dev->drv.hdev, s->dxbc.tokens,
                                       kind == RT_CS - RT_VS ? NULL : &s->sig);
}

static void ddi_create(struct rt_device *dev, UINT kind, struct shader_args *s,
                       struct rt_object *obj)
{
    D3D11DDI_DEVICEFUNCS *f = &dev->drv.f;
    D3D10DDI_HSHADER h = {obj->drv};
    D3D10DDI_HRTSHADER rt = {obj};
    const UINT *t = s->dxbc.tokens;
    switch (kind + RT_VS) {
    case RT_VS:
        f->pfnCreateVertexShader(dev->drv.hdev, t, h, rt, &s->sig);
        break;
    case RT_HS:
        f->pfnCreateHullShader(dev->drv.hdev, t, h, rt, &s->tess);
        break;
    case RT_DS:
        f->pfnCreateDomainShader(dev->drv.hdev, t, h, rt, &s->tess);
        break;
    case RT_GS:
        f->pfnCreateGeometryShader(dev->drv.hdev, t, h, rt, &s->sig);
        break;
    case RT_PS:
        f->pfnCreatePixelShader(dev->drv.hdev, t, h, rt, &s->sig);
        break;
    default:
        f->pfnCreateComputeShader(dev->drv.hdev, t, h, rt);
        break;
    }
}

static HRESULT create_shader(ID3D11Device *iface, const void *code, SIZE_T length, UINT kind,
                             void **out)
{
    struct rt_device *dev = rt_device_from(iface);
    struct shader_args *s = (struct shader_args *)rt_alloc(sizeof *s);
    struct rt_object *obj = NULL;
    HRESULT hr = s != NULL ? read_shader(dev, code, length, kind, s) : E_OUTOFMEMORY;
    if (out != NULL)
        *out = NULL;
    if (SUCCEEDED(hr) && out == NULL)
        hr = S_FALSE;
    if (hr == S_OK) {
        RT_LOCK(dev);
        obj = rt_shader_new(dev, (enum rt_kind)(RT_VS + kind), calc_size(dev, kind, s));
        hr = obj != NULL ? S_OK : E_OUTOFMEMORY;
        if (obj != NULL) {
            rt_ddi_begin(dev);
            ddi_create(dev, kind, s, obj);
            hr = rt_ddi_end(dev);
        }
        RT_UNLOCK(dev);
    }
    if (obj != NULL && FAILED(hr))
        rt_object_discard(obj);
    else if (obj != NULL)
        *out = obj;
    if (s != NULL)
        rt_free(s->copy);
    rt_free(s);
    return hr;
}

#define SHADER_ENTRY(name, T, kind)                                                                \
    HRESULT STDMETHODCALLTYPE name(ID3D11Device *iface, const void *code, SIZE_T length,           \
                                   ID3D11ClassLinkage *linkage, T **out)                           \
    {                                                                                              \
        (void)linkage;                                                                             \
        return create_shader(iface, code, length, (kind)-RT_VS, (void **)out);                     \
    }
SHADER_ENTRY(rt_create_vs, ID3D11VertexShader, RT_VS)
SHADER_ENTRY(rt_create_hs, ID3D11HullShader, RT_HS)
SHADER_ENTRY(rt_create_ds, ID3D11DomainShader, RT_DS)
SHADER_ENTRY(rt_create_gs, ID3D11GeometryShader, RT_GS)
SHADER_ENTRY(rt_create_ps, ID3D11PixelShader, RT_PS)
SHADER_ENTRY(rt_create_cs, ID3D11ComputeShader, RT_CS)

struct rt_object *rt_shader_new(struct rt_device *dev, enum rt_kind kind, SIZE_T drv_size)
{
    UINT k = (UINT)kind - RT_VS;
    return (struct rt_object *)rt_object_new(dev, sizeof(struct rt_object), kind, shader_vtbls[k],
                                             &shader_ops[k], drv_size);
}
