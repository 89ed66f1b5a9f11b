/* SPDX-License-Identifier: MIT */
/* session.c — one adapter and D3D11 device opened through a driver DLL's entry point the way
 * the runtime opens them, and the objects the Wine programs create on it with the test
 * defaults of test/unit/umd/umd_kit.h. Compiled into the program that includes it, as
 * fake_runtime.c is (shim_harness for the scenarios, bench_shim for the L1/L2 loops). */
#include <stdlib.h>
#include <string.h>

#include "aerocmd/umd_dxbc.h"
#include "harness.h"

open_adapter_fn adapter_entry(HMODULE dll, const char *name)
{
    FARPROC p = GetProcAddress(dll, name);
    open_adapter_fn fn;
    memcpy(&fn, &p, sizeof fn);
    return fn;
}

void session_init(struct session *s)
{
    memset(s, 0, sizeof *s);
    fake_runtime_init(&s->rt);
    s->version = (2u << 16) | D3D_UMD_INTERFACE_VERSION_WIN7;
}

static int api_of(UINT iface)
{
    if (iface == D3D10_0_DDI_INTERFACE_VERSION || iface == D3D10_0_7_DDI_INTERFACE_VERSION)
        return API_10_0;
    if (iface == D3D10_1_DDI_INTERFACE_VERSION || iface == D3D10_1_7_DDI_INTERFACE_VERSION)
        return API_10_1;
    return API_11_0;
}

/* The table as the session's runtime types it: the first 101 slots keep their offsets in
 * all three, a few change their argument types (FACTS.md "Table relationships"). */
static D3D10DDI_DEVICEFUNCS *t10(struct session *s)
{
    return (D3D10DDI_DEVICEFUNCS *)(void *)&s->f;
}

static D3D10_1DDI_DEVICEFUNCS *t10_1(struct session *s)
{
    return (D3D10_1DDI_DEVICEFUNCS *)(void *)&s->f;
}

void *take(struct session *s, SIZE_T size)
{
    void *p = s->object_count < SESSION_MAX_OBJECTS ? calloc(1, size != 0 ? size : 1) : NULL;
    if (CHECK(p != NULL))
        s->objects[s->object_count++] = p;
    return p;
}

HRESULT session_connect(struct session *s, open_adapter_fn open, UINT iface, int use_10_2)
{
    D3D10DDIARG_CALCPRIVATEDEVICESIZE calc;
    D3D10DDIARG_CREATEDEVICE cd;
    D3D10DDI_HADAPTER ha;
    PFND3D10DDI_CREATEDEVICE create;
    SIZE_T size;
    HRESULT hr;
    s->api = api_of(iface);
    s->open.hRTAdapter.handle = &s->rt;
    s->open.Interface = iface;
    s->open.Version = s->version;
    s->open.pAdapterCallbacks = &s->rt.adapter_cb;
    if (use_10_2)
        s->open.pAdapterFuncs_2 = &s->af;
    else
        s->open.pAdapterFuncs = &s->af10;
    hr = open(&s->open);
    if (FAILED(hr))
        return hr;
    ha = s->open.hAdapter;
    calc.Interface = iface;
    calc.Version = s->open.Version;
    calc.Flags = 0;
    size = use_10_2 ? s->af.pfnCalcPrivateDeviceSize(ha, &calc)
                    : s->af10.pfnCalcPrivateDeviceSize(ha, &calc);
    create = use_10_2 ? s->af.pfnCreateDevice : s->af10.pfnCreateDevice;
    memset(&cd, 0, sizeof cd);
    cd.hRTDevice.handle = &s->rt;
    cd.Interface = iface;
    cd.Version = s->open.Version;
    cd.pKTCallbacks = &s->rt.kt;
    cd.p11DeviceFuncs = &s->f;
    cd.hDrvDevice.pDrvPrivate = take(s, size);
    cd.DXGIBaseDDI.pDXGIBaseCallbacks = &s->rt.dxgi_cb;
    cd.DXGIBaseDDI.pDXGIDDIBaseFunctions2 = &s->rt.dxgi; /* with dxgi_guard after it */
    cd.hRTCoreLayer.handle = &s->rt;
    cd.p11UMCallbacks = &s->rt.core;
    s->dev = cd.hDrvDevice;
    return cd.hDrvDevice.pDrvPrivate != NULL ? create(ha, &cd) : E_OUTOFMEMORY;
}

HRESULT session_open(struct session *s, open_adapter_fn open, UINT iface, int use_10_2)
{
    session_init(s);
    return session_connect(s, open, iface, use_10_2);
}

void session_close(struct session *s)
{
    uint32_t i;
    s->f.pfnDestroyDevice(s->dev);
    CHECK_EQ(s->af.pfnCloseAdapter != NULL ? s->af.pfnCloseAdapter(s->open.hAdapter)
                                           : s->af10.pfnCloseAdapter(s->open.hAdapter),
             S_OK);
    for (i = 0; i < s->object_count; i++)
        free(s->objects[i]);
    for (i = 0; i < s->want_dxbc_count; i++)
        free(s->want_dxbc[i]);
    fake_runtime_release(&s->rt);
}

/* ---- resources and render targets ------------------------------------------------------- */

/* Resources of one mip level and array slice, without multisampling. */
D3D10DDI_HRESOURCE resource_ex(struct session *s, D3D10DDIRESOURCE_TYPE dim, UINT w, UINT hgt,
                               DXGI_FORMAT format, UINT bind, UINT usage, UINT map, UINT misc,
                               UINT stride, const D3D10_DDIARG_SUBRESOURCE_UP *init,
                               D3D10DDI_HRTRESOURCE rt)
{
    D3D10DDI_MIPINFO mip;
    D3D11DDIARG_CREATERESOURCE a;
    D3D10DDIARG_CREATERESOURCE a10;
    D3D10DDI_HRESOURCE h;
    memset(&mip, 0, sizeof mip);
    mip.TexelWidth = mip.PhysicalWidth = w;
    mip.TexelHeight = mip.PhysicalHeight = hgt;
    mip.TexelDepth = mip.PhysicalDepth = 1;
    memset(&a, 0, sizeof a);
    a.pMipInfoList = &mip;
    a.pInitialDataUP = init;
    a.ResourceDimension = dim;
    a.Usage = usage;
    a.BindFlags = bind;
    a.MapFlags = map;
    a.MiscFlags = misc;
    a.Format = format;
    a.MipLevels = 1;
    a.ArraySize = 1;
    a.SampleDesc.Count = 1;
    a.ByteStride = stride;
    if (s->api == API_11_0) {
        h.pDrvPrivate = take(s, s->f.pfnCalcPrivateResourceSize(s->dev, &a));
        if (h.pDrvPrivate != NULL)
            s->f.pfnCreateResource(s->dev, &a, h, rt);
        return h;
    }
    /* D3D10's description is D3D11's without ByteStride. */
    memset(&a10, 0, sizeof a10);
    a10.pMipInfoList = a.pMipInfoList;
    a10.pInitialDataUP = a.pInitialDataUP;
    a10.ResourceDimension = a.ResourceDimension;
    a10.Usage = a.Usage;
    a10.BindFlags = a.BindFlags;
    a10.MapFlags = a.MapFlags;
    a10.MiscFlags = a.MiscFlags;
    a10.Format = a.Format;
    a10.SampleDesc = a.SampleDesc;
    a10.MipLevels = a.MipLevels;
    a10.ArraySize = a.ArraySize;
    h.pDrvPrivate = take(s, t10(s)->pfnCalcPrivateResourceSize(s->dev, &a10));
    if (h.pDrvPrivate != NULL)
        t10(s)->pfnCreateResource(s->dev, &a10, h, rt);
    return h;
}

static D3D10DDI_HRESOURCE create_resource(struct session *s, D3D10DDIRESOURCE_TYPE dim, UINT w,
                                          UINT hgt, DXGI_FORMAT format, UINT bind, UINT usage,
                                          UINT map, UINT misc, UINT stride,
                                          const D3D10_DDIARG_SUBRESOURCE_UP *init)
{
    D3D10DDI_HRTRESOURCE rt = {NULL};
    return resource_ex(s, dim, w, hgt, format, bind, usage, map, misc, stride, init, rt);
}

D3D10DDI_HRESOURCE buffer_ex(struct session *s, UINT bytes, UINT bind, UINT usage, UINT map,
                             UINT misc, UINT stride)
{
    return create_resource(s, D3D10DDIRESOURCE_BUFFER, bytes, 1, DXGI_FORMAT_UNKNOWN, bind, usage,
                           map, misc, stride, NULL);
}

D3D10DDI_HRESOURCE buffer_init(struct session *s, UINT bytes, UINT bind, UINT misc, UINT stride,
                               const void *data)
{
    D3D10_DDIARG_SUBRESOURCE_UP init;
    init.pSysMem = (void *)(uintptr_t)data;
    init.SysMemPitch = bytes;
    init.SysMemSlicePitch = bytes;
    return create_resource(s, D3D10DDIRESOURCE_BUFFER, bytes, 1, DXGI_FORMAT_UNKNOWN, bind, 0, 0,
                           misc, stride, &init);
}

D3D10DDI_HRESOURCE buffer(struct session *s, UINT bytes, UINT bind, UINT usage, UINT map,
                          const void *data)
{
    D3D10_DDIARG_SUBRESOURCE_UP init;
    init.pSysMem = (void *)(uintptr_t)data;
    init.SysMemPitch = bytes;
    init.SysMemSlicePitch = bytes;
    return create_resource(s, D3D10DDIRESOURCE_BUFFER, bytes, 1, DXGI_FORMAT_UNKNOWN, bind, usage,
                           map, 0, 0, data != NULL ? &init : NULL);
}

D3D10DDI_HRESOURCE texture(struct session *s, UINT w, UINT hgt, DXGI_FORMAT format, UINT bind,
                           UINT usage, UINT map, const D3D10_DDIARG_SUBRESOURCE_UP *init)
{
    return create_resource(s, D3D10DDIRESOURCE_TEXTURE2D, w, hgt, format, bind, usage, map, 0, 0,
                           init);
}

D3D10DDI_HRENDERTARGETVIEW rtv_of(struct session *s, D3D10DDI_HRESOURCE res, DXGI_FORMAT format)
{
    D3D10DDIARG_CREATERENDERTARGETVIEW a;
    D3D10DDI_HRENDERTARGETVIEW h;
    D3D10DDI_HRTRENDERTARGETVIEW rt = {NULL};
    memset(&a, 0, sizeof a);
    a.hDrvResource = res;
    a.Format = format;
    a.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
    a.Tex2D.ArraySize = 1;
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateRenderTargetViewSize(s->dev, &a));
    if (h.pDrvPrivate != NULL)
        s->f.pfnCreateRenderTargetView(s->dev, &a, h, rt);
    return h;
}

D3D10DDI_HRENDERTARGETVIEW target(struct session *s, UINT w, UINT hgt)
{
    return rtv_of(s,
                  texture(s, w, hgt, DXGI_FORMAT_B8G8R8A8_UNORM,
                          D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0,
                          NULL),
                  DXGI_FORMAT_B8G8R8A8_UNORM);
}

/* ---- views through the runtime's own argument types --------------------------------------- */

#define SRV_FILL(a, res, format, dim, first, n)                                                    \
    do {                                                                                           \
        memset(&(a), 0, sizeof(a));                                                                \
        (a).hDrvResource = (res);                                                                  \
        (a).Format = (format);                                                                     \
        (a).ResourceDimension = (dim);                                                             \
        if ((dim) == D3D10DDIRESOURCE_BUFFER) {                                                    \
            (a).Buffer.FirstElement = (first);                                                     \
            (a).Buffer.NumElements = (n);                                                          \
        } else {                                                                                   \
            (a).Tex2D.MipLevels = 1;                                                               \
            (a).Tex2D.ArraySize = 1;                                                               \
        }                                                                                          \
    } while (0)

D3D10DDI_HSHADERRESOURCEVIEW srv_of(struct session *s, D3D10DDI_HRESOURCE res, DXGI_FORMAT format,
                                    D3D10DDIRESOURCE_TYPE dim, UINT first, UINT n, UINT flags)
{
    D3D11DDIARG_CREATESHADERRESOURCEVIEW a;
    D3D10_1DDIARG_CREATESHADERRESOURCEVIEW a1;
    D3D10DDIARG_CREATESHADERRESOURCEVIEW a0;
    D3D10DDI_HSHADERRESOURCEVIEW h;
    D3D10DDI_HRTSHADERRESOURCEVIEW rt = {NULL};
    if (s->api == API_10_0) {
        SRV_FILL(a0, res, format, dim, first, n);
        h.pDrvPrivate = take(s, t10(s)->pfnCalcPrivateShaderResourceViewSize(s->dev, &a0));
        t10(s)->pfnCreateShaderResourceView(s->dev, &a0, h, rt);
        return h;
    }
    if (s->api == API_10_1) {
        SRV_FILL(a1, res, format, dim, first, n);
        h.pDrvPrivate = take(s, t10_1(s)->pfnCalcPrivateShaderResourceViewSize(s->dev, &a1));
        t10_1(s)->pfnCreateShaderResourceView(s->dev, &a1, h, rt);
        return h;
    }
    SRV_FILL(a, res, format, dim, first, n);
    if (dim == D3D11DDIRESOURCE_BUFFEREX) {
        a.BufferEx.FirstElement = first;
        a.BufferEx.NumElements = n;
        a.BufferEx.Flags = flags;
    }
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateShaderResourceViewSize(s->dev, &a));
    s->f.pfnCreateShaderResourceView(s->dev, &a, h, rt);
    return h;
}

D3D10DDI_HDEPTHSTENCILVIEW dsv_of(struct session *s, D3D10DDI_HRESOURCE res, DXGI_FORMAT format,
                                  UINT flags)
{
    D3D11DDIARG_CREATEDEPTHSTENCILVIEW a;
    D3D10DDIARG_CREATEDEPTHSTENCILVIEW a0;
    D3D10DDI_HDEPTHSTENCILVIEW h;
    D3D10DDI_HRTDEPTHSTENCILVIEW rt = {NULL};
    if (s->api != API_11_0) {
        memset(&a0, 0, sizeof a0);
        a0.hDrvResource = res;
        a0.Format = format;
        a0.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
        a0.Tex2D.ArraySize = 1;
        h.pDrvPrivate = take(s, t10(s)->pfnCalcPrivateDepthStencilViewSize(s->dev, &a0));
        t10(s)->pfnCreateDepthStencilView(s->dev, &a0, h, rt);
        return h;
    }
    memset(&a, 0, sizeof a);
    a.hDrvResource = res;
    a.Format = format;
    a.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
    a.Flags = flags;
    a.Tex2D.ArraySize = 1;
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateDepthStencilViewSize(s->dev, &a));
    s->f.pfnCreateDepthStencilView(s->dev, &a, h, rt);
    return h;
}

/* ---- blend states through the runtime's own description ------------------------------------ */

D3D10DDI_HBLENDSTATE blend_state(struct session *s, BOOL enable, D3D10_DDI_BLEND src,
                                 D3D10_DDI_BLEND dst)
{
    D3D10_1_DDI_BLEND_DESC d1;
    D3D10_DDI_BLEND_DESC d0;
    D3D10DDI_HBLENDSTATE h;
    D3D10DDI_HRTBLENDSTATE rt = {NULL};
    int i;
    if (s->api == API_10_0) {
        memset(&d0, 0, sizeof d0);
        d0.BlendEnable[0] = enable;
        d0.SrcBlend = src;
        d0.DestBlend = dst;
        d0.BlendOp = D3D10_DDI_BLEND_OP_ADD;
        d0.SrcBlendAlpha = D3D10_DDI_BLEND_ONE;
        d0.DestBlendAlpha = D3D10_DDI_BLEND_ZERO;
        d0.BlendOpAlpha = D3D10_DDI_BLEND_OP_ADD;
        for (i = 0; i < 8; i++)
            d0.RenderTargetWriteMask[i] = 0xF;
        h.pDrvPrivate = take(s, t10(s)->pfnCalcPrivateBlendStateSize(s->dev, &d0));
        t10(s)->pfnCreateBlendState(s->dev, &d0, h, rt);
        return h;
    }
    memset(&d1, 0, sizeof d1);
    for (i = 0; i < 8; i++) {
        d1.RenderTarget[i].BlendEnable = i == 0 ? enable : FALSE;
        d1.RenderTarget[i].SrcBlend = src;
        d1.RenderTarget[i].DestBlend = dst;
        d1.RenderTarget[i].BlendOp = D3D10_DDI_BLEND_OP_ADD;
        d1.RenderTarget[i].SrcBlendAlpha = D3D10_DDI_BLEND_ONE;
        d1.RenderTarget[i].DestBlendAlpha = D3D10_DDI_BLEND_ZERO;
        d1.RenderTarget[i].BlendOpAlpha = D3D10_DDI_BLEND_OP_ADD;
        d1.RenderTarget[i].RenderTargetWriteMask = 0xF;
    }
    h.pDrvPrivate = take(s, t10_1(s)->pfnCalcPrivateBlendStateSize(s->dev, &d1));
    t10_1(s)->pfnCreateBlendState(s->dev, &d1, h, rt);
    return h;
}

/* ---- shaders ----------------------------------------------------------------------------- */

void make_tokens(UINT code[5], UINT program_type, UINT major, UINT temps)
{
    code[0] = (program_type << 16) | (major << 4);
    code[1] = 5;
    code[2] = SB_INSTR(SB_DCL_TEMPS, 2);
    code[3] = temps;
    code[4] = SB_INSTR(SB_RET, 1);
}

/* The DDI's view of a signature: register, mask and system value, no names. */
static UINT ddi_entries(const struct aerocmd_umd_signature_entry *e, UINT n,
                        D3D10DDIARG_SIGNATURE_ENTRY *out)
{
    UINT i;
    for (i = 0; i < n && i < SCENE_MAX_SIG; i++) {
        out[i].SystemValue = (D3D10_SB_NAME)e[i].system_value;
        out[i].Register = e[i].register_index;
        out[i].Mask = (BYTE)e[i].mask;
    }
    return i;
}

/* The same entries without names, as libaerocmd receives them from the shim. */
static uint32_t nameless(const struct aerocmd_umd_signature_entry *e, uint32_t n,
                         struct aerocmd_umd_signature_entry *out)
{
    uint32_t i;
    for (i = 0; i < n && i < SCENE_MAX_SIG; i++) {
        out[i] = e[i];
        out[i].semantic_name = NULL;
        out[i].semantic_index = 0;
        out[i].component_type = 0;
    }
    return i;
}

/* Records what the shim must send for this shader: libaerocmd's container of the same
 * tokens and signatures. The harness builds it with its own copy of libaerocmd. */
static void expect_dxbc(struct session *s, const struct scene_shader *sh)
{
    struct aerocmd_umd_signature_entry in[SCENE_MAX_SIG], out[SCENE_MAX_SIG];
    struct aerocmd_umd_shader_signatures sigs;
    uint32_t size = 0, n = s->want_dxbc_count;
    sigs.inputs = in;
    sigs.input_count = nameless(sh->sigs.inputs, sh->sigs.input_count, in);
    sigs.outputs = out;
    sigs.output_count = nameless(sh->sigs.outputs, sh->sigs.output_count, out);
    if (!CHECK(n < SESSION_MAX_SHADERS) ||
        !CHECK_EQ(aerocmd_umd_dxbc_from_tokens(sh->kind, sh->tokens, sh->token_count, &sigs, NULL,
                                               0, &size),
                  AEROCMD_OK))
        return;
    s->want_dxbc[n] = (uint8_t *)malloc(size);
    if (!CHECK(s->want_dxbc[n] != NULL))
        return;
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(sh->kind, sh->tokens, sh->token_count, &sigs,
                                          s->want_dxbc[n], size, &size),
             AEROCMD_OK);
    /* SHDR / SHEX is the last chunk: the container ends with the tokens themselves. */
    CHECK(size > sh->token_count * 4u && memcmp(s->want_dxbc[n] + size - sh->token_count * 4u,
                                                sh->tokens, sh->token_count * 4u) == 0);
    s->want_dxbc_size[n] = size;
    s->want_dxbc_count++;
}

static void create_shader(struct session *s, const struct scene_shader *sh, D3D10DDI_HSHADER h,
                          const D3D10DDIARG_STAGE_IO_SIGNATURES *sig)
{
    D3D10DDI_HRTSHADER rt = {NULL};
    const UINT *code = (const UINT *)sh->tokens;
    if (sh->kind == AEROCMD_SHADER_VS)
        s->f.pfnCreateVertexShader(s->dev, code, h, rt, sig);
    else if (sh->kind == AEROCMD_SHADER_PS)
        s->f.pfnCreatePixelShader(s->dev, code, h, rt, sig);
    else if (sh->kind == AEROCMD_SHADER_GS)
        s->f.pfnCreateGeometryShader(s->dev, code, h, rt, sig);
    else
        s->f.pfnCreateComputeShader(s->dev, code, h, rt);
}

D3D10DDI_HSHADER scene_shader(struct session *s, enum scene_shader_id id)
{
    struct scene_shader sh;
    D3D10DDIARG_SIGNATURE_ENTRY in[SCENE_MAX_SIG], out[SCENE_MAX_SIG];
    D3D10DDIARG_STAGE_IO_SIGNATURES sig;
    D3D10DDI_HSHADER h = {NULL};
    int compute;
    if (!CHECK(scene_shader_build(id, &sh)))
        return h;
    compute = sh.kind == AEROCMD_SHADER_CS;
    memset(&sig, 0, sizeof sig);
    sig.pInputSignature = in;
    sig.NumInputSignatureEntries = ddi_entries(sh.sigs.inputs, sh.sigs.input_count, in);
    sig.pOutputSignature = out;
    sig.NumOutputSignatureEntries = ddi_entries(sh.sigs.outputs, sh.sigs.output_count, out);
    h.pDrvPrivate = take(
        s, s->f.pfnCalcPrivateShaderSize(s->dev, (const UINT *)sh.tokens, compute ? NULL : &sig));
    if (h.pDrvPrivate == NULL)
        return h;
    create_shader(s, &sh, h, compute ? NULL : &sig);
    expect_dxbc(s, &sh);
    return h;
}

/* ---- the scene pipelines ----------------------------------------------------------------- */

/* POSITION (float3, register 0) and, at byte 12, register 1 of `second_format`: the DDI
 * names elements by the vertex shader input register they feed. */
static D3D10DDI_HELEMENTLAYOUT layout_of(struct session *s, DXGI_FORMAT second_format)
{
    D3D10DDIARG_INPUT_ELEMENT_DESC el[2];
    D3D10DDIARG_CREATEELEMENTLAYOUT a;
    D3D10DDI_HELEMENTLAYOUT h;
    D3D10DDI_HRTELEMENTLAYOUT rt = {NULL};
    memset(el, 0, sizeof el);
    el[0].Format = DXGI_FORMAT_R32G32B32_FLOAT;
    el[1].Format = second_format;
    el[1].AlignedByteOffset = 12;
    el[1].InputRegister = 1;
    a.pVertexElements = el;
    a.NumElements = 2;
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateElementLayoutSize(s->dev, &a));
    if (h.pDrvPrivate != NULL)
        s->f.pfnCreateElementLayout(s->dev, &a, h, rt);
    return h;
}

void set_targets(struct session *s, UINT n, const D3D10DDI_HRENDERTARGETVIEW *rtvs,
                 D3D10DDI_HDEPTHSTENCILVIEW dsv)
{
    if (s->api == API_11_0)
        s->f.pfnSetRenderTargets(s->dev, rtvs, n, 0, dsv, NULL, NULL, 0, 0, 0, 0);
    else
        t10(s)->pfnSetRenderTargets(s->dev, rtvs, n, 0, dsv);
}

void bind_pipeline(struct session *s, int textured, D3D10DDI_HRESOURCE vb,
                   D3D10DDI_HRENDERTARGETVIEW rtv, D3D10DDI_HDEPTHSTENCILVIEW dsv)
{
    static const D3D10_DDI_VIEWPORT vp = {0, 0, 64, 64, 0, 1};
    UINT stride = textured ? SCENE_UV_STRIDE : SCENE_COLOR_STRIDE, offset = 0;
    s->f.pfnIaSetInputLayout(
        s->dev, layout_of(s, textured ? DXGI_FORMAT_R32G32_FLOAT : DXGI_FORMAT_R32G32B32A32_FLOAT));
    s->f.pfnIaSetVertexBuffers(s->dev, 0, 1, &vb, &stride, &offset);
    s->f.pfnIaSetTopology(s->dev, D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    s->f.pfnVsSetShader(s->dev, scene_shader(s, textured ? SCENE_VS_TEXTURE : SCENE_VS_COLOR));
    s->f.pfnPsSetShader(s->dev, scene_shader(s, textured ? SCENE_PS_TEXTURE : SCENE_PS_COLOR));
    set_targets(s, 1, &rtv, dsv);
    s->f.pfnSetViewports(s->dev, 1, 0, &vp);
}

void bind_basic(struct session *s, D3D10DDI_HRESOURCE vb, D3D10DDI_HRENDERTARGETVIEW rtv,
                D3D10DDI_HDEPTHSTENCILVIEW dsv)
{
    bind_pipeline(s, 0, vb, rtv, dsv);
}

D3D10DDI_HRESOURCE triangle_vb(struct session *s)
{
    return buffer(s, sizeof scene_triangle, D3D10_DDI_BIND_VERTEX_BUFFER, 0, 0, scene_triangle);
}
