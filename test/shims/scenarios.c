/* scenarios.c — the golden scenarios of test/unit/umd, replayed through the DDI tables the
 * way the Direct3D runtime would call them, plus DXGI, negotiation and refusals. */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/format.h"
#include "aerocmd/umd_dxbc.h"
#include "aerogpu_cmd.h"
#include "harness.h"

struct session {
    struct fake_runtime rt;
    D3D10DDIARG_OPENADAPTER open;
    D3D10_2DDI_ADAPTERFUNCS af;
    D3D10DDI_ADAPTERFUNCS af10;
    D3D11DDI_DEVICEFUNCS f; /* large enough for every table */
    D3D10DDI_HDEVICE dev;
    void *objects[256];
    uint32_t object_count;
    /* The containers the shaders created so far must arrive as, in creation order. */
    uint8_t *want_dxbc[8];
    uint32_t want_dxbc_size[8];
    uint32_t want_dxbc_count;
};

static void *take(struct session *s, SIZE_T size)
{
    void *p = calloc(1, size);
    if (CHECK(p != NULL && s->object_count < 256))
        s->objects[s->object_count++] = p;
    return p;
}

/* Every pointer-sized slot of a table is set. */
static int all_slots_set(const void *table, size_t bytes)
{
    const unsigned char *p = (const unsigned char *)table;
    size_t i, j;
    for (i = 0; i + sizeof(void *) <= bytes; i += sizeof(void *)) {
        int any = 0;
        for (j = 0; j < sizeof(void *); j++)
            any |= p[i + j];
        if (!any)
            return 0;
    }
    return 1;
}

static HRESULT session_open(struct session *s, open_adapter_fn open, UINT iface, int use_10_2)
{
    D3D10DDIARG_CALCPRIVATEDEVICESIZE calc;
    D3D10DDIARG_CREATEDEVICE cd;
    D3D10DDI_HADAPTER ha;
    PFND3D10DDI_CREATEDEVICE create;
    SIZE_T size;
    HRESULT hr;
    memset(s, 0, sizeof *s);
    fake_runtime_init(&s->rt);
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
    return create(ha, &cd);
}

static void session_close(struct session *s)
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

/* ---- object helpers (the test defaults of test/unit/umd/umd_kit.h) ----------------------- */

static D3D10DDI_HRESOURCE resource(struct session *s, const D3D11DDIARG_CREATERESOURCE *a)
{
    D3D10DDI_HRESOURCE h;
    D3D10DDI_HRTRESOURCE rt = {NULL};
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateResourceSize(s->dev, a));
    s->f.pfnCreateResource(s->dev, a, h, rt);
    return h;
}

static D3D10DDI_HRESOURCE buffer(struct session *s, UINT bytes, UINT bind, UINT usage, UINT map,
                                 const void *data)
{
    D3D10DDI_MIPINFO mip;
    D3D10_DDIARG_SUBRESOURCE_UP init;
    D3D11DDIARG_CREATERESOURCE a;
    memset(&mip, 0, sizeof mip);
    mip.TexelWidth = mip.PhysicalWidth = bytes;
    mip.TexelHeight = mip.TexelDepth = mip.PhysicalHeight = mip.PhysicalDepth = 1;
    init.pSysMem = (void *)(uintptr_t)data;
    init.SysMemPitch = bytes;
    init.SysMemSlicePitch = bytes;
    memset(&a, 0, sizeof a);
    a.pMipInfoList = &mip;
    a.pInitialDataUP = data != NULL ? &init : NULL;
    a.ResourceDimension = D3D10DDIRESOURCE_BUFFER;
    a.Usage = usage;
    a.BindFlags = bind;
    a.MapFlags = map;
    a.MipLevels = 1;
    a.ArraySize = 1;
    a.SampleDesc.Count = 1;
    return resource(s, &a);
}

static D3D10DDI_HRESOURCE texture(struct session *s, UINT w, UINT hgt, DXGI_FORMAT format,
                                  UINT bind, UINT usage, UINT map,
                                  const D3D10_DDIARG_SUBRESOURCE_UP *init)
{
    D3D10DDI_MIPINFO mip;
    D3D11DDIARG_CREATERESOURCE a;
    memset(&mip, 0, sizeof mip);
    mip.TexelWidth = mip.PhysicalWidth = w;
    mip.TexelHeight = mip.PhysicalHeight = hgt;
    mip.TexelDepth = mip.PhysicalDepth = 1;
    memset(&a, 0, sizeof a);
    a.pMipInfoList = &mip;
    a.pInitialDataUP = init;
    a.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
    a.Usage = usage;
    a.BindFlags = bind;
    a.MapFlags = map;
    a.Format = format;
    a.MipLevels = 1;
    a.ArraySize = 1;
    a.SampleDesc.Count = 1;
    return resource(s, &a);
}

static D3D10DDI_HRENDERTARGETVIEW rtv_of(struct session *s, D3D10DDI_HRESOURCE res,
                                         DXGI_FORMAT format)
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
    s->f.pfnCreateRenderTargetView(s->dev, &a, h, rt);
    return h;
}

/* A 64x64 B8G8R8A8 render target (bindable as a shader resource too) and its view. */
static D3D10DDI_HRENDERTARGETVIEW target(struct session *s, UINT w, UINT hgt)
{
    return rtv_of(s,
                  texture(s, w, hgt, DXGI_FORMAT_B8G8R8A8_UNORM,
                          D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0,
                          NULL),
                  DXGI_FORMAT_B8G8R8A8_UNORM);
}

static D3D10DDI_HSHADERRESOURCEVIEW srv_of(struct session *s, D3D10DDI_HRESOURCE res,
                                           DXGI_FORMAT format, int is_buffer, UINT first, UINT n)
{
    D3D11DDIARG_CREATESHADERRESOURCEVIEW a;
    D3D10DDI_HSHADERRESOURCEVIEW h;
    D3D10DDI_HRTSHADERRESOURCEVIEW rt = {NULL};
    memset(&a, 0, sizeof a);
    a.hDrvResource = res;
    a.Format = format;
    if (is_buffer) {
        a.ResourceDimension = D3D10DDIRESOURCE_BUFFER;
        a.Buffer.FirstElement = first;
        a.Buffer.NumElements = n;
    } else {
        a.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
        a.Tex2D.MipLevels = 1;
        a.Tex2D.ArraySize = 1;
    }
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateShaderResourceViewSize(s->dev, &a));
    s->f.pfnCreateShaderResourceView(s->dev, &a, h, rt);
    return h;
}

/* Shader-model token opcodes (the low 11 bits of an instruction token; bits 24..30 hold
 * the instruction's length in tokens). */
#define SB_DCL_TEMPS      0x68u
#define SB_RET            0x3Eu
#define SB_INSTR(op, len) (((UINT)(len) << 24) | (op))

/* Program types of the version token (D3D10_SB_TOKENIZED_PROGRAM_TYPE). */
enum { SB_PIXEL = 0, SB_VERTEX = 1, SB_GEOMETRY = 2, SB_COMPUTE = 5 };

/* A shader as the runtime hands it over: version, length, dcl_temps `temps`, ret. */
static void make_tokens(UINT code[5], UINT program_type, UINT major, UINT temps)
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

/* What the shim must send for this shader: libaerocmd's container of the same tokens and
 * signatures (the harness builds it with its own copy of the library). */
static void expect_dxbc(struct session *s, int stage, const UINT *code,
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
    if (!CHECK(n < 8) ||
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

/* stage 0 VS, 1 PS, 2 GS (4.0 programs), 3 CS (5.0, no signatures). */
static D3D10DDI_HSHADER shader(struct session *s, int stage, UINT temps)
{
    static const UINT program_types[4] = {SB_VERTEX, SB_PIXEL, SB_GEOMETRY, SB_COMPUTE};
    UINT code[5];
    D3D10DDI_HSHADER h;
    D3D10DDI_HRTSHADER rt = {NULL};
    D3D10DDIARG_STAGE_IO_SIGNATURES sig;
    make_tokens(code, program_types[stage], stage == 3 ? 5 : 4, temps);
    stage_signatures(stage, &sig);
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateShaderSize(s->dev, code, stage == 3 ? NULL : &sig));
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

/* Every CREATE_SHADER_DXBC of the scenario carries the expected container, whose shader
 * chunk ends with the tokens passed (the container is checked byte for byte; the host
 * golden files only show its first bytes). */
static void check_shader_payloads(struct session *s)
{
    uint32_t i, seen = 0;
    for (i = 0; i < s->rt.emu.submission_count; i++) {
        const struct aerocmd_umd_fake_submission *sub = &s->rt.emu.submissions[i];
        struct aerocmd_stream st;
        struct aerocmd_cursor cur;
        struct aerocmd_packet pkt;
        struct aerocmd_diag diag;
        if (!CHECK_EQ(aerocmd_stream_open(&st, sub->cmd, sub->cmd_bytes, &diag), AEROCMD_OK))
            return;
        aerocmd_cursor_init(&cur, &st);
        while (aerocmd_cursor_next(&cur, &pkt, &diag) == 1) {
            uint32_t len = 0;
            const uint8_t *p;
            if (pkt.opcode != AEROGPU_CMD_CREATE_SHADER_DXBC)
                continue;
            p = aerocmd_packet_payload(&pkt, &len, NULL);
            if (!CHECK(seen < s->want_dxbc_count && p != NULL))
                return;
            CHECK_EQ(len, s->want_dxbc_size[seen]);
            CHECK(len == s->want_dxbc_size[seen] && memcmp(p, s->want_dxbc[seen], len) == 0);
            seen++;
        }
    }
    CHECK_EQ(seen, s->want_dxbc_count);
}

static D3D10DDI_HELEMENTLAYOUT position_layout(struct session *s)
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
    s->f.pfnCreateElementLayout(s->dev, &a, h, rt);
    return h;
}

static void set_targets(struct session *s, UINT n, const D3D10DDI_HRENDERTARGETVIEW *rtvs,
                        D3D10DDI_HDEPTHSTENCILVIEW dsv)
{
    s->f.pfnSetRenderTargets(s->dev, rtvs, n, 0, dsv, NULL, NULL, 0, 0, 0, 0);
}

/* Input layout, one vertex buffer (stride 12), triangle list, VS + PS, one target, 64x64. */
static void bind_basic(struct session *s, D3D10DDI_HRESOURCE vb, D3D10DDI_HRENDERTARGETVIEW rtv,
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

static D3D10DDI_HRESOURCE triangle_vb(struct session *s)
{
    static const float verts[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    return buffer(s, sizeof verts, D3D10_DDI_BIND_VERTEX_BUFFER, 0, 0, verts);
}

/* ---- the golden scenarios ------------------------------------------------------------------ */

static void sc_triangle(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    DXGI_DDI_ARG_PRESENT p;
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    bind_basic(s, triangle_vb(s), rtv, no_dsv);
    s->f.pfnDraw(s->dev, 3, 0);
    memset(&p, 0, sizeof p);
    p.hDevice = (DXGI_DDI_HDEVICE)s->dev.pDrvPrivate;
    p.FlipInterval = DXGI_DDI_FLIP_INTERVAL_ONE;
    CHECK_EQ(s->rt.dxgi.pfnPresent(&p), S_OK);
    CHECK_EQ(s->rt.present_cb_calls, 1);
}

static void sc_indexed_quad_texture(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    static const float quad[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
    static const uint16_t idx[6] = {0, 1, 2, 2, 1, 3};
    static const uint32_t texels[16] = {0xFF0000FFu, 0xFF00FF00u, 0xFFFF0000u, 0xFFFFFFFFu};
    D3D10_DDIARG_SUBRESOURCE_UP init = {(void *)(uintptr_t)texels, 16, 64};
    D3D10_DDI_SAMPLER_DESC sd;
    D3D10DDI_HSAMPLER smp;
    D3D10DDI_HRTSAMPLER rt = {NULL};
    D3D10DDI_HSHADERRESOURCEVIEW srv;
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    bind_basic(s, buffer(s, sizeof quad, D3D10_DDI_BIND_VERTEX_BUFFER, 0, 0, quad), rtv, no_dsv);
    s->f.pfnIaSetIndexBuffer(s->dev, buffer(s, sizeof idx, D3D10_DDI_BIND_INDEX_BUFFER, 0, 0, idx),
                             DXGI_FORMAT_R16_UINT, 0);
    srv = srv_of(
        s,
        texture(s, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, &init),
        DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, 0);
    memset(&sd, 0, sizeof sd);
    sd.Filter = D3D10_DDI_FILTER_MIN_MAG_MIP_LINEAR;
    sd.AddressU = sd.AddressV = sd.AddressW = D3D10_DDI_TEXTURE_ADDRESS_CLAMP;
    sd.MinLOD = -FLT_MAX;
    sd.MaxLOD = FLT_MAX;
    smp.pDrvPrivate = take(s, s->f.pfnCalcPrivateSamplerSize(s->dev, &sd));
    s->f.pfnCreateSampler(s->dev, &sd, smp, rt);
    s->f.pfnPsSetShaderResources(s->dev, 0, 1, &srv);
    s->f.pfnPsSetSamplers(s->dev, 0, 1, &smp);
    s->f.pfnDrawIndexed(s->dev, 6, 0, 0);
}

static void sc_depth_test(struct session *s)
{
    static FLOAT grey[4] = {0.5f, 0.5f, 0.5f, 1.0f};
    D3D10_DDI_DEPTH_STENCIL_DESC dd;
    D3D11DDIARG_CREATEDEPTHSTENCILVIEW dv;
    D3D10DDI_HDEPTHSTENCILSTATE ds;
    D3D10DDI_HRTDEPTHSTENCILSTATE ds_rt = {NULL};
    D3D10DDI_HDEPTHSTENCILVIEW dsv;
    D3D10DDI_HRTDEPTHSTENCILVIEW dsv_rt = {NULL};
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    memset(&dv, 0, sizeof dv);
    dv.hDrvResource =
        texture(s, 64, 64, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D10_DDI_BIND_DEPTH_STENCIL, 0, 0, NULL);
    dv.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    dv.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
    dv.Tex2D.ArraySize = 1;
    dsv.pDrvPrivate = take(s, s->f.pfnCalcPrivateDepthStencilViewSize(s->dev, &dv));
    s->f.pfnCreateDepthStencilView(s->dev, &dv, dsv, dsv_rt);
    memset(&dd, 0, sizeof dd);
    dd.DepthEnable = TRUE;
    dd.DepthWriteMask = D3D10_DDI_DEPTH_WRITE_MASK_ALL;
    dd.DepthFunc = D3D10_DDI_COMPARISON_LESS;
    dd.StencilReadMask = dd.StencilWriteMask = 0xFF;
    ds.pDrvPrivate = take(s, s->f.pfnCalcPrivateDepthStencilStateSize(s->dev, &dd));
    s->f.pfnCreateDepthStencilState(s->dev, &dd, ds, ds_rt);
    bind_basic(s, triangle_vb(s), rtv, dsv);
    s->f.pfnSetDepthStencilState(s->dev, ds, 0);
    s->f.pfnClearRenderTargetView(s->dev, rtv, grey);
    s->f.pfnClearDepthStencilView(s->dev, dsv, D3D10_DDI_CLEAR_DEPTH, 1.0f, 0);
    s->f.pfnDraw(s->dev, 3, 0);
}

static void sc_gs_bound(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    static const D3D10DDI_HSHADER no_shader = {NULL};
    D3D10DDI_HRESOURCE cb = buffer(s, 256, D3D10_DDI_BIND_CONSTANT_BUFFER, 0, 0, NULL);
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    bind_basic(s, triangle_vb(s), rtv, no_dsv);
    s->f.pfnGsSetShader(s->dev, shader(s, 2, 3));
    s->f.pfnGsSetConstantBuffers(s->dev, 0, 1, &cb);
    s->f.pfnDraw(s->dev, 3, 0);
    s->f.pfnGsSetShader(s->dev, no_shader);
    s->f.pfnDraw(s->dev, 3, 0);
}

static void sc_compute_dispatch(struct session *s)
{
    D3D10DDI_HRESOURCE cb = buffer(s, 64, D3D10_DDI_BIND_CONSTANT_BUFFER, 0, 0, NULL);
    D3D10DDI_HRESOURCE sb = buffer(s, 256, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, NULL);
    D3D10DDI_HSHADERRESOURCEVIEW srv = srv_of(s, sb, DXGI_FORMAT_R32G32B32A32_UINT, 1, 2, 8);
    s->f.pfnCsSetShader(s->dev, shader(s, 3, 4));
    s->f.pfnCsSetConstantBuffers(s->dev, 0, 1, &cb);
    s->f.pfnCsSetShaderResources(s->dev, 1, 1, &srv);
    s->f.pfnDispatch(s->dev, 4, 2, 1);
    s->f.pfnDispatch(s->dev, 1, 1, 1);
}

static void sc_dynamic_cb(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    D3D10DDI_HRESOURCE cb = buffer(s, 32, D3D10_DDI_BIND_CONSTANT_BUFFER, D3D10_DDI_USAGE_DYNAMIC,
                                   D3D10_DDI_CPU_ACCESS_WRITE, NULL);
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    int frame;
    bind_basic(s, triangle_vb(s), rtv, no_dsv);
    s->f.pfnVsSetConstantBuffers(s->dev, 0, 1, &cb);
    for (frame = 1; frame <= 2; frame++) {
        memset(&m, 0, sizeof m);
        s->f.pfnDynamicConstantBufferMapDiscard(s->dev, cb, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m);
        if (!CHECK(m.pData != NULL))
            return;
        memset(m.pData, 0x10 * frame, 32);
        s->f.pfnDynamicConstantBufferUnmap(s->dev, cb, 0);
        s->f.pfnDraw(s->dev, 3, 0);
    }
    s->f.pfnDestroyResource(s->dev, cb);
}

/* Map(READ, DO_NOT_WAIT) while the copy is in flight: the shim submits it, pfnLockCb with
 * DonotWait finds the allocation busy and the DDI reports DXGI_DDI_ERR_WASSTILLDRAWING
 * (which the runtime hands the application as DXGI_ERROR_WAS_STILL_DRAWING); consumed
 * here so the scenario's error count stays 0. */
static void expect_still_drawing(struct session *s, D3D10DDI_HRESOURCE staging)
{
    D3D10DDI_MAPPED_SUBRESOURCE m;
    uint32_t errors = s->rt.error_count;
    memset(&m, 0, sizeof m);
    s->f.pfnStagingResourceMap(s->dev, staging, 0, D3D10_DDI_MAP_READ, D3D10_DDI_MAP_FLAG_DONOTWAIT,
                               &m);
    CHECK_EQ(s->rt.error_count, errors + 1);
    CHECK_EQ((uint32_t)s->rt.last_error, 0x887B0001u); /* DXGI_DDI_ERR_WASSTILLDRAWING */
    CHECK(m.pData == NULL);
    s->rt.error_count = errors;
    s->rt.last_error = S_OK;
}

static void check_green(const D3D10DDI_MAPPED_SUBRESOURCE *m)
{
    CHECK(m->pData != NULL && ((const uint8_t *)m->pData)[1] == 0xFF &&
          ((const uint8_t *)m->pData)[2] == 0);
    CHECK_EQ(m->RowPitch, 32);
}

/* The CPU waits only inside pfnLockCb: the blocking Map waits there for the copy (once),
 * a poll after it succeeds, and pfnWaitForSynchronizationObjectCb is never called. */
static void sc_readback(struct session *s)
{
    static FLOAT green[4] = {0, 1, 0, 1};
    D3D10DDI_HRESOURCE rt =
        texture(s, 8, 8, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_BIND_RENDER_TARGET, 0, 0, NULL);
    D3D10DDI_HRENDERTARGETVIEW rtv = rtv_of(s, rt, DXGI_FORMAT_B8G8R8A8_UNORM);
    D3D10DDI_HRESOURCE staging = texture(s, 8, 8, DXGI_FORMAT_B8G8R8A8_UNORM, 0,
                                         D3D10_DDI_USAGE_STAGING, D3D10_DDI_CPU_ACCESS_READ, NULL);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    s->f.pfnClearRenderTargetView(s->dev, rtv, green);
    s->f.pfnResourceCopyRegion(s->dev, staging, 0, 0, 0, 0, rt, 0, NULL);
    expect_still_drawing(s, staging);
    CHECK_EQ(s->rt.render_calls, 1); /* the poll submitted the copy */
    expect_still_drawing(s, staging);
    CHECK_EQ(s->rt.emu.lock_still_drawing, 2);
    memset(&m, 0, sizeof m);
    s->f.pfnStagingResourceMap(s->dev, staging, 0, D3D10_DDI_MAP_READ, 0, &m);
    check_green(&m);
    s->f.pfnStagingResourceUnmap(s->dev, staging, 0);
    CHECK_EQ(s->rt.emu.lock_waits, 1);
    memset(&m, 0, sizeof m);
    s->f.pfnStagingResourceMap(s->dev, staging, 0, D3D10_DDI_MAP_READ, D3D10_DDI_MAP_FLAG_DONOTWAIT,
                               &m);
    check_green(&m);
    s->f.pfnStagingResourceUnmap(s->dev, staging, 0);
    CHECK_EQ(s->rt.emu.lock_waits, 1);
    CHECK_EQ(s->rt.render_calls, 1);
    CHECK_EQ(s->rt.wait_calls, 0);
    CHECK_EQ(s->rt.emu.wait_fence_calls, 0);
}

/* Handles of every CREATE_TEXTURE2D and the first color of every SET_RENDER_TARGETS, in
 * stream order over all submissions. */
static void collect_handles(struct session *s, uint32_t *textures, uint32_t *tex_n,
                            uint32_t *colors, uint32_t *col_n)
{
    uint32_t i;
    *tex_n = *col_n = 0;
    for (i = 0; i < s->rt.emu.submission_count; i++) {
        const struct aerocmd_umd_fake_submission *sub = &s->rt.emu.submissions[i];
        struct aerocmd_stream st;
        struct aerocmd_cursor cur;
        struct aerocmd_packet pkt;
        struct aerocmd_diag diag;
        if (!CHECK_EQ(aerocmd_stream_open(&st, sub->cmd, sub->cmd_bytes, &diag), AEROCMD_OK))
            return;
        aerocmd_cursor_init(&cur, &st);
        while (aerocmd_cursor_next(&cur, &pkt, &diag) == 1) {
            const struct aerogpu_cmd_create_texture2d *t =
                AEROCMD_VIEW(&pkt, aerogpu_cmd_create_texture2d, AEROGPU_CMD_CREATE_TEXTURE2D);
            const struct aerogpu_cmd_set_render_targets *r =
                AEROCMD_VIEW(&pkt, aerogpu_cmd_set_render_targets, AEROGPU_CMD_SET_RENDER_TARGETS);
            if (t != NULL && *tex_n < 8)
                textures[(*tex_n)++] = t->texture_handle;
            if (r != NULL && *col_n < 8)
                colors[(*col_n)++] = r->colors[0];
        }
    }
}

/* A three-buffer swap chain: the view over buffer 0 draws into buffer 1's storage after
 * one rotation and buffer 2's after two (DXGI's RotateResourceIdentities on present). */
static void sc_rotate_three(struct session *s)
{
    static FLOAT red[4] = {1, 0, 0, 1};
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    D3D10DDI_HRESOURCE bufs[3];
    DXGI_DDI_HRESOURCE ids[3];
    DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES rot;
    D3D10DDI_HRENDERTARGETVIEW rtv;
    uint32_t textures[8], colors[8], tex_n, col_n, i;
    for (i = 0; i < 3; i++) {
        bufs[i] = texture(s, 32, 32, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_BIND_RENDER_TARGET, 0, 0,
                          NULL);
        ids[i] = (DXGI_DDI_HRESOURCE)bufs[i].pDrvPrivate;
    }
    rtv = rtv_of(s, bufs[0], DXGI_FORMAT_B8G8R8A8_UNORM);
    set_targets(s, 1, &rtv, no_dsv);
    s->f.pfnClearRenderTargetView(s->dev, rtv, red);
    memset(&rot, 0, sizeof rot);
    rot.hDevice = (DXGI_DDI_HDEVICE)s->dev.pDrvPrivate;
    rot.pResources = ids;
    rot.Resources = 3;
    for (i = 0; i < 2; i++) {
        CHECK_EQ(s->rt.dxgi.pfnRotateResourceIdentities(&rot), S_OK);
        s->f.pfnClearRenderTargetView(s->dev, rtv, red);
    }
    s->f.pfnFlush(s->dev);
    collect_handles(s, textures, &tex_n, colors, &col_n);
    if (CHECK_EQ(tex_n, 3) && CHECK_EQ(col_n, 3)) {
        CHECK_EQ(colors[0], textures[0]);
        CHECK_EQ(colors[1], textures[1]);
        CHECK_EQ(colors[2], textures[2]);
    }
}

#include "scenario_compute.c"

struct scenario {
    const char *name;
    void (*run)(struct session *s);
};

static const struct scenario d3d11_scenarios[] = {
    {"triangle", sc_triangle},
    {"indexed_quad_texture", sc_indexed_quad_texture},
    {"depth_test", sc_depth_test},
    {"gs_bound", sc_gs_bound},
    {"dynamic_cb", sc_dynamic_cb},
    {"readback", sc_readback},
    {"compute_dispatch", sc_compute_dispatch},
    {"compute_uav", sc_compute_uav},
    {"compute_buffer_views", sc_compute_buffer_views},
    {"rotate_three", sc_rotate_three},
};

/* ---- checks outside the golden set ----------------------------------------------------------- */

/* An unsupported call reports E_NOTIMPL through pfnSetErrorCb and nothing is sent. */
static void check_refusals(struct session *s)
{
    UINT code[8];
    D3D10DDI_HSHADER hs, vs;
    D3D10DDI_HRTSHADER rt = {NULL};
    D3D11DDIARG_TESSELLATION_IO_SIGNATURES sig;
    DXGI_DDI_HRESOURCE two[2];
    DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES rot;
    D3D10DDI_HRESOURCE none = {NULL};
    uint32_t before, base = check_uav_refusals(s) + check_view_refusals(s);
    two[0] = (DXGI_DDI_HRESOURCE)texture(s, 8, 8, DXGI_FORMAT_B8G8R8A8_UNORM,
                                         D3D10_DDI_BIND_RENDER_TARGET, 0, 0, NULL)
                 .pDrvPrivate;
    two[1] = (DXGI_DDI_HRESOURCE)texture(s, 16, 8, DXGI_FORMAT_B8G8R8A8_UNORM,
                                         D3D10_DDI_BIND_RENDER_TARGET, 0, 0, NULL)
                 .pDrvPrivate;
    s->f.pfnFlush(s->dev);
    before = s->rt.emu.submission_count;
    memset(&sig, 0, sizeof sig);
    make_tokens(code, 3 /* hull */, 5, 1);
    /* The size query and the create both report: the runtime sees E_NOTIMPL either way. */
    hs.pDrvPrivate = take(s, s->f.pfnCalcPrivateTessellationShaderSize(s->dev, code, &sig));
    CHECK_EQ(s->rt.error_count, base + 1);
    s->f.pfnCreateHullShader(s->dev, code, hs, rt, &sig);
    CHECK_EQ(s->rt.error_count, base + 2);
    CHECK_EQ(s->rt.last_error, E_NOTIMPL);
    /* An indirect draw without an argument buffer. */
    s->f.pfnDrawInstancedIndirect(s->dev, none, 0);
    CHECK_EQ(s->rt.error_count, base + 3);
    CHECK_EQ(s->rt.last_error, E_INVALIDARG);
    /* A token stream whose program type is not the stage's is refused. */
    make_tokens(code, SB_PIXEL, 4, 1);
    vs.pDrvPrivate = take(s, s->f.pfnCalcPrivateShaderSize(s->dev, code, NULL));
    s->f.pfnCreateVertexShader(s->dev, code, vs, rt, NULL);
    CHECK_EQ(s->rt.error_count, base + 4);
    CHECK_EQ(s->rt.last_error, E_INVALIDARG);
    /* Rotating two textures of different sizes is refused; one resource, or none, is a
     * no-op. */
    rot.hDevice = (DXGI_DDI_HDEVICE)s->dev.pDrvPrivate;
    rot.pResources = two;
    rot.Resources = 2;
    CHECK_EQ(s->rt.dxgi.pfnRotateResourceIdentities(&rot), E_INVALIDARG);
    rot.Resources = 1;
    CHECK_EQ(s->rt.dxgi.pfnRotateResourceIdentities(&rot), S_OK);
    rot.Resources = 0;
    CHECK_EQ(s->rt.dxgi.pfnRotateResourceIdentities(&rot), S_OK);
    /* Nothing of the above reaches the host. */
    s->f.pfnFlush(s->dev);
    CHECK_EQ(s->rt.emu.submission_count, before);
}

/* CheckFormatSupport answers what libaerocmd's format table says works end to end. */
static void check_formats(struct session *s)
{
    static const DXGI_FORMAT formats[] = {DXGI_FORMAT_B8G8R8A8_UNORM,    DXGI_FORMAT_R8G8B8A8_UNORM,
                                          DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_BC1_UNORM,
                                          DXGI_FORMAT_R32_UINT,          DXGI_FORMAT_R1_UNORM};
    size_t i;
    for (i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        UINT got = 0, levels = 7;
        uint32_t want = aerocmd_dxgi_format_support((uint32_t)formats[i], FAKE_ABI_VERSION);
        s->f.pfnCheckFormatSupport(s->dev, formats[i], &got);
        CHECK_EQ(got, want != 0 ? want : D3D10_DDI_FORMAT_SUPPORT_NOT_SUPPORTED);
        s->f.pfnCheckMultisampleQualityLevels(s->dev, formats[i], 4, &levels);
        CHECK_EQ(levels, 0);
    }
    CHECK(aerocmd_dxgi_format_support(DXGI_FORMAT_B8G8R8A8_UNORM, FAKE_ABI_VERSION) != 0);
}

static void check_caps(struct session *s)
{
    D3D10_2DDIARG_GETCAPS caps;
    UINT value = 99;
    memset(&caps, 0, sizeof caps);
    caps.pData = &value;
    caps.DataSize = sizeof value;
    caps.Type = D3D11DDICAPS_3DPIPELINESUPPORT;
    CHECK_EQ(s->af.pfnGetCaps(s->open.hAdapter, &caps), S_OK);
    CHECK_EQ(value, 1u << D3D11DDI_3DPIPELINELEVEL_10_0);
    caps.Type = D3D11DDICAPS_THREADING;
    CHECK_EQ(s->af.pfnGetCaps(s->open.hAdapter, &caps), S_OK);
    CHECK_EQ(value, 0);
    /* Compute with raw and structured buffers works end to end (compute_buffer_views);
     * doubles do not. */
    caps.Type = D3D11DDICAPS_SHADER;
    value = 99;
    CHECK_EQ(s->af.pfnGetCaps(s->open.hAdapter, &caps), S_OK);
    CHECK_EQ(value, D3D11DDICAPS_SHADER_COMPUTE_PLUS_RAW_AND_STRUCTURED_BUFFERS_IN_SHADER_4_X);
    CHECK_EQ(value & D3D11DDICAPS_SHADER_DOUBLES, 0);
}

void run_d3d11_scenarios(open_adapter_fn open10_2, const char *out_dir)
{
    static struct session s;
    size_t i;
    for (i = 0; i < sizeof d3d11_scenarios / sizeof d3d11_scenarios[0]; i++) {
        if (!CHECK_EQ(session_open(&s, open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, 1), S_OK))
            return;
        CHECK(all_slots_set(&s.f, sizeof s.f));
        CHECK(all_slots_set(&s.af, sizeof s.af));
        CHECK(all_slots_set(&s.rt.dxgi, sizeof s.rt.dxgi));
        d3d11_scenarios[i].run(&s);
        s.f.pfnFlush(s.dev);
        check_shader_payloads(&s);
        if (s.rt.error_count != 0)
            fprintf(stderr, "%s: error 0x%08lx reported\n", d3d11_scenarios[i].name,
                    (unsigned long)s.rt.last_error);
        CHECK_EQ(s.rt.error_count, 0);
        record_scenario(&s.rt, out_dir, d3d11_scenarios[i].name, s.rt.emu.submission_count);
        if (i == 0) {
            check_formats(&s);
            check_caps(&s);
            check_refusals(&s);
        }
        session_close(&s);
    }
}

/* ---- D3D10 and D3D10.1: their own tables, one clear each ------------------------------------ */

#define CLEAR_SCENARIO(t, s)                                                                       \
    do {                                                                                           \
        static FLOAT blue[4] = {0, 0, 1, 1};                                                       \
        D3D10DDI_MIPINFO mip = {16, 16, 1, 16, 16, 1};                                             \
        D3D10DDIARG_CREATERESOURCE ra;                                                             \
        D3D10DDIARG_CREATERENDERTARGETVIEW va;                                                     \
        D3D10DDI_HRESOURCE res;                                                                    \
        D3D10DDI_HRTRESOURCE res_rt = {NULL};                                                      \
        D3D10DDI_HRENDERTARGETVIEW rtv;                                                            \
        D3D10DDI_HRTRENDERTARGETVIEW rtv_rt = {NULL};                                              \
        memset(&ra, 0, sizeof ra);                                                                 \
        ra.pMipInfoList = &mip;                                                                    \
        ra.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;                                         \
        ra.BindFlags = D3D10_DDI_BIND_RENDER_TARGET;                                               \
        ra.Format = DXGI_FORMAT_B8G8R8A8_UNORM;                                                    \
        ra.SampleDesc.Count = 1;                                                                   \
        ra.MipLevels = ra.ArraySize = 1;                                                           \
        res.pDrvPrivate = take((s), (t)->pfnCalcPrivateResourceSize((s)->dev, &ra));               \
        (t)->pfnCreateResource((s)->dev, &ra, res, res_rt);                                        \
        memset(&va, 0, sizeof va);                                                                 \
        va.hDrvResource = res;                                                                     \
        va.Format = DXGI_FORMAT_B8G8R8A8_UNORM;                                                    \
        va.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;                                         \
        va.Tex2D.ArraySize = 1;                                                                    \
        rtv.pDrvPrivate = take((s), (t)->pfnCalcPrivateRenderTargetViewSize((s)->dev, &va));       \
        (t)->pfnCreateRenderTargetView((s)->dev, &va, rtv, rtv_rt);                                \
        (t)->pfnClearRenderTargetView((s)->dev, rtv, blue);                                        \
        (t)->pfnFlush((s)->dev);                                                                   \
    } while (0)

void run_d3d10_scenarios(open_adapter_fn open, UINT interface_version, int use_10_2,
                         const char *out_dir, const char *tag)
{
    static struct session s;
    char name[64];
    if (!CHECK_EQ(session_open(&s, open, interface_version, use_10_2), S_OK))
        return;
    if (interface_version == D3D10_0_7_DDI_INTERFACE_VERSION) {
        D3D10DDI_DEVICEFUNCS *t = (D3D10DDI_DEVICEFUNCS *)(void *)&s.f;
        CHECK(all_slots_set(t, sizeof *t));
        CLEAR_SCENARIO(t, &s);
    } else {
        D3D10_1DDI_DEVICEFUNCS *t = (D3D10_1DDI_DEVICEFUNCS *)(void *)&s.f;
        CHECK(all_slots_set(t, sizeof *t));
        CLEAR_SCENARIO(t, &s);
    }
    CHECK(all_slots_set(&s.rt.dxgi, sizeof s.rt.dxgi));
    CHECK_EQ(s.rt.error_count, 0);
    CHECK_EQ(s.rt.emu.submission_count, 1);
    snprintf(name, sizeof name, "%s_clear", tag);
    record_scenario(&s.rt, out_dir, name, s.rt.emu.submission_count);
    session_close(&s);
}

/* pfnGetSupportedVersions: the count first, then exactly the expected list. */
void check_versions(open_adapter_fn open10_2, UINT iface, const UINT64 *want, UINT32 want_count)
{
    static struct session s;
    UINT64 got[8];
    UINT32 n = 0, i;
    if (!CHECK_EQ(session_open(&s, open10_2, iface, 1), S_OK))
        return;
    CHECK_EQ(s.af.pfnGetSupportedVersions(s.open.hAdapter, &n, NULL), S_OK);
    CHECK_EQ(n, want_count);
    n = 8;
    CHECK_EQ(s.af.pfnGetSupportedVersions(s.open.hAdapter, &n, got), S_OK);
    if (CHECK_EQ(n, want_count))
        for (i = 0; i < n; i++)
            CHECK(got[i] == want[i]);
    session_close(&s);
}
