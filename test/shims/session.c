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
    s->open.hRTAdapter.handle = &s->rt;
    s->open.Interface = iface;
    s->open.Version = (2u << 16) | D3D_UMD_INTERFACE_VERSION_WIN7;
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
    cd.DXGIBaseDDI.pDXGIDDIBaseFunctions2 = &s->rt.dxgi;
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

/* What differs between the resources created here; all of them have one mip level, one
 * array slice and no multisampling. */
struct resource_spec {
    D3D10DDIRESOURCE_TYPE dim;
    UINT width, height;
    DXGI_FORMAT format;
    UINT bind, usage, map, misc, stride;
};

static D3D10DDI_HRESOURCE create_resource(struct session *s, const struct resource_spec *r,
                                          const D3D10_DDIARG_SUBRESOURCE_UP *init)
{
    D3D10DDI_MIPINFO mip;
    D3D11DDIARG_CREATERESOURCE a;
    D3D10DDI_HRESOURCE h;
    D3D10DDI_HRTRESOURCE rt = {NULL};
    memset(&mip, 0, sizeof mip);
    mip.TexelWidth = mip.PhysicalWidth = r->width;
    mip.TexelHeight = mip.PhysicalHeight = r->height;
    mip.TexelDepth = mip.PhysicalDepth = 1;
    memset(&a, 0, sizeof a);
    a.pMipInfoList = &mip;
    a.pInitialDataUP = init;
    a.ResourceDimension = r->dim;
    a.Usage = r->usage;
    a.BindFlags = r->bind;
    a.MapFlags = r->map;
    a.MiscFlags = r->misc;
    a.Format = r->format;
    a.MipLevels = 1;
    a.ArraySize = 1;
    a.SampleDesc.Count = 1;
    a.ByteStride = r->stride;
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateResourceSize(s->dev, &a));
    if (h.pDrvPrivate != NULL)
        s->f.pfnCreateResource(s->dev, &a, h, rt);
    return h;
}

D3D10DDI_HRESOURCE buffer_ex(struct session *s, UINT bytes, UINT bind, UINT usage, UINT map,
                             UINT misc, UINT stride)
{
    const struct resource_spec r = {
        D3D10DDIRESOURCE_BUFFER, bytes, 1, DXGI_FORMAT_UNKNOWN, bind, usage, map, misc, stride};
    return create_resource(s, &r, NULL);
}

D3D10DDI_HRESOURCE buffer(struct session *s, UINT bytes, UINT bind, UINT usage, UINT map,
                          const void *data)
{
    const struct resource_spec r = {
        D3D10DDIRESOURCE_BUFFER, bytes, 1, DXGI_FORMAT_UNKNOWN, bind, usage, map, 0, 0};
    D3D10_DDIARG_SUBRESOURCE_UP init;
    init.pSysMem = (void *)(uintptr_t)data;
    init.SysMemPitch = bytes;
    init.SysMemSlicePitch = bytes;
    return create_resource(s, &r, data != NULL ? &init : NULL);
}

D3D10DDI_HRESOURCE texture(struct session *s, UINT w, UINT hgt, DXGI_FORMAT format, UINT bind,
                           UINT usage, UINT map, const D3D10_DDIARG_SUBRESOURCE_UP *init)
{
    const struct resource_spec r = {
        D3D10DDIRESOURCE_TEXTURE2D, w, hgt, format, bind, usage, map, 0, 0};
    return create_resource(s, &r, init);
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

/* ---- shaders ----------------------------------------------------------------------------- */

void make_tokens(UINT code[5], UINT program_type, UINT major, UINT temps)
{
    code[0] = (program_type << 16) | (major << 4);
    code[1] = 5;
    code[2] = SB_INSTR(SB_DCL_TEMPS, 2);
    code[3] = temps;
    code[4] = SB_INSTR(SB_RET, 1);
}

/* The signatures of a position-only pipeline: the vertex shader reads xyz from register 0
 * and writes SV_Position; the pixel shader reads SV_Position and writes target 0. */
static const D3D10DDIARG_SIGNATURE_ENTRY sig_xyz = {D3D10_SB_NAME_UNDEFINED, 0, 0x7};
static const D3D10DDIARG_SIGNATURE_ENTRY sig_position = {D3D10_SB_NAME_POSITION, 0, 0xF};
static const D3D10DDIARG_SIGNATURE_ENTRY sig_color = {D3D10_SB_NAME_UNDEFINED, 0, 0xF};

static void stage_signatures(int stage, D3D10DDIARG_STAGE_IO_SIGNATURES *sig)
{
    memset(sig, 0, sizeof *sig);
    sig->pInputSignature = (D3D10DDIARG_SIGNATURE_ENTRY *)(stage == 0 ? &sig_xyz : &sig_position);
    sig->NumInputSignatureEntries = 1;
    sig->pOutputSignature =
        (D3D10DDIARG_SIGNATURE_ENTRY *)(stage == 1 ? &sig_color : &sig_position);
    sig->NumOutputSignatureEntries = 1;
}

/* The harness builds the container with its own copy of libaerocmd. */
void expect_dxbc(struct session *s, int stage, const UINT *code,
                 const D3D10DDIARG_STAGE_IO_SIGNATURES *sig)
{
    static const enum aerocmd_shader_kind kinds[4] = {AEROCMD_SHADER_VS, AEROCMD_SHADER_PS,
                                                      AEROCMD_SHADER_GS, AEROCMD_SHADER_CS};
    struct aerocmd_umd_signature_entry in, out;
    struct aerocmd_umd_shader_signatures sigs;
    uint32_t size = 0, n = s->want_dxbc_count;
    memset(&sigs, 0, sizeof sigs);
    if (stage != 3) {
        in.register_index = sig->pInputSignature[0].Register;
        in.mask = sig->pInputSignature[0].Mask;
        in.system_value = (uint32_t)sig->pInputSignature[0].SystemValue;
        out.register_index = sig->pOutputSignature[0].Register;
        out.mask = sig->pOutputSignature[0].Mask;
        out.system_value = (uint32_t)sig->pOutputSignature[0].SystemValue;
        in.component_type = out.component_type = 0;
        sigs.inputs = &in;
        sigs.outputs = &out;
        sigs.input_count = sigs.output_count = 1;
    }
    if (!CHECK(n < SESSION_MAX_SHADERS) ||
        !CHECK_EQ(aerocmd_umd_dxbc_from_tokens(kinds[stage], code, code[1], &sigs, NULL, 0, &size),
                  AEROCMD_OK))
        return;
    s->want_dxbc[n] = (uint8_t *)malloc(size);
    if (!CHECK(s->want_dxbc[n] != NULL))
        return;
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(kinds[stage], code, code[1], &sigs, s->want_dxbc[n], size,
                                          &size),
             AEROCMD_OK);
    /* SHDR / SHEX is the last chunk: the container ends with the tokens themselves. */
    CHECK(size > code[1] * 4u &&
          memcmp(s->want_dxbc[n] + size - code[1] * 4u, code, code[1] * 4u) == 0);
    s->want_dxbc_size[n] = size;
    s->want_dxbc_count++;
}

D3D10DDI_HSHADER shader_model(struct session *s, int stage, UINT major, UINT temps)
{
    static const UINT program_types[4] = {SB_VERTEX, SB_PIXEL, SB_GEOMETRY, SB_COMPUTE};
    UINT code[5];
    D3D10DDI_HSHADER h;
    D3D10DDI_HRTSHADER rt = {NULL};
    D3D10DDIARG_STAGE_IO_SIGNATURES sig;
    make_tokens(code, program_types[stage], major, temps);
    stage_signatures(stage, &sig);
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateShaderSize(s->dev, code, stage == 3 ? NULL : &sig));
    if (h.pDrvPrivate == NULL)
        return h;
    if (stage == 0)
        s->f.pfnCreateVertexShader(s->dev, code, h, rt, &sig);
    else if (stage == 1)
        s->f.pfnCreatePixelShader(s->dev, code, h, rt, &sig);
    else if (stage == 2)
        s->f.pfnCreateGeometryShader(s->dev, code, h, rt, &sig);
    else
        s->f.pfnCreateComputeShader(s->dev, code, h, rt);
    expect_dxbc(s, stage, code, &sig);
    return h;
}

D3D10DDI_HSHADER shader(struct session *s, int stage, UINT temps)
{
    return shader_model(s, stage, stage == 3 ? 5 : 4, temps);
}

/* ---- the triangle pipeline --------------------------------------------------------------- */

D3D10DDI_HELEMENTLAYOUT position_layout(struct session *s)
{
    D3D10DDIARG_INPUT_ELEMENT_DESC el;
    D3D10DDIARG_CREATEELEMENTLAYOUT a;
    D3D10DDI_HELEMENTLAYOUT h;
    D3D10DDI_HRTELEMENTLAYOUT rt = {NULL};
    memset(&el, 0, sizeof el);
    el.Format = DXGI_FORMAT_R32G32B32_FLOAT;
    a.pVertexElements = &el;
    a.NumElements = 1;
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateElementLayoutSize(s->dev, &a));
    if (h.pDrvPrivate != NULL)
        s->f.pfnCreateElementLayout(s->dev, &a, h, rt);
    return h;
}

void set_targets(struct session *s, UINT n, const D3D10DDI_HRENDERTARGETVIEW *rtvs,
                 D3D10DDI_HDEPTHSTENCILVIEW dsv)
{
    s->f.pfnSetRenderTargets(s->dev, rtvs, n, 0, dsv, NULL, NULL, 0, 0, 0, 0);
}

void bind_basic(struct session *s, D3D10DDI_HRESOURCE vb, D3D10DDI_HRENDERTARGETVIEW rtv,
                D3D10DDI_HDEPTHSTENCILVIEW dsv)
{
    static const D3D10_DDI_VIEWPORT vp = {0, 0, 64, 64, 0, 1};
    UINT stride = 12, offset = 0;
    s->f.pfnIaSetInputLayout(s->dev, position_layout(s));
    s->f.pfnIaSetVertexBuffers(s->dev, 0, 1, &vb, &stride, &offset);
    s->f.pfnIaSetTopology(s->dev, D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    s->f.pfnVsSetShader(s->dev, shader(s, 0, 1));
    s->f.pfnPsSetShader(s->dev, shader(s, 1, 2));
    set_targets(s, 1, &rtv, dsv);
    s->f.pfnSetViewports(s->dev, 1, 0, &vp);
}

D3D10DDI_HRESOURCE triangle_vb(struct session *s)
{
    static const float verts[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    return buffer(s, sizeof verts, D3D10_DDI_BIND_VERTEX_BUFFER, 0, 0, verts);
}
