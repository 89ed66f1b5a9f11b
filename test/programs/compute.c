/* SPDX-License-Identifier: MIT */
/* compute.c — compute shaders with unordered access as a level-10 application uses them
 * (cs_4_0: raw and structured buffers, one UAV, when the device reports
 * ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x): a structured buffer computed
 * from another, a raw buffer written by thread groups, a UAV cleared with
 * ClearUnorderedAccessViewUint. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

/* The shaders as bytecode (Wine 8.0's HLSL compiler has no structured or raw buffers): the
 * token streams of
 *   StructuredBuffer<uint> input : t0; RWStructuredBuffer<uint> output : u0;
 *   [numthreads(4, 1, 1)] void cs(uint3 id : SV_DispatchThreadID) {
 *       output[id.x] = input[id.x] * 2 + id.x; }
 * and
 *   RWByteAddressBuffer raw : u0;
 *   [numthreads(2, 2, 1)] void cs_raw(uint3 g : SV_GroupID, uint3 t : SV_GroupThreadID) {
 *       raw.Store((g.x * 4 + t.y * 2 + t.x) * 4, 0x1000 * g.x + 0x10 * t.y + t.x); }
 * in cs_4_0, written out in the shader model's tokenized format. */
#define OP(code, len) ((UINT)(code) | ((UINT)(len) << 24))
#define R_DST_X       0x00100012u /* r#.x, index follows */
#define R_SRC_X       0x0010000Au /* r#.x as a scalar source */
#define IMM           0x00004001u /* l(value), value follows */
#define TID_X         0x0002000Au /* vThreadID.x */
#define GID_X         0x0002100Au /* vThreadGroupID.x */
#define GTID_X        0x0002200Au /* vThreadIDInGroup.x */
#define GTID_Y        0x0002201Au /* vThreadIDInGroup.y */
#define T_XXXX        0x00107006u /* t#.xxxx */
#define U_DST_X       0x0011E012u /* u#.x */

static const UINT cs_structured[43] = {
    0x00050040u, 43,          OP(162, 4), 0x00107000u, 0,   4, /* dcl_resource_structured t0, 4 */
    OP(158, 4),  0x0011E000u, 0,          4,                   /* dcl_uav_structured u0, 4 */
    OP(95, 2),   0x00020012u,                                  /* dcl_input vThreadID.x */
    OP(104, 2),  1,                                            /* dcl_temps 1 */
    OP(155, 4),  4,           1,          1,                   /* dcl_thread_group 4, 1, 1 */
    OP(167, 8),  R_DST_X,     0,          TID_X,       IMM, 0,
    T_XXXX,      0, /* ld_structured r0.x, id.x, 0, t0 */
    OP(35, 8),   R_DST_X,     0,          R_SRC_X,     0,   IMM,
    2,           TID_X, /* imad r0.x, r0.x, 2, id.x */
    OP(168, 8),  U_DST_X,     0,          TID_X,       IMM, 0,
    R_SRC_X,     0, /* store_structured u0.x, id.x, 0, r0.x */
    OP(62, 1)};

static const UINT cs_raw[60] = {
    0x00050040u, 60,          OP(157, 3), 0x0011E000u, 0, /* dcl_uav_raw u0 */
    OP(95, 2),   0x00021012u,                             /* dcl_input vThreadGroupID.x */
    OP(95, 2),   0x00022032u,                             /* dcl_input vThreadIDInGroup.xy */
    OP(104, 2),  2,                                       /* dcl_temps 2 */
    OP(155, 4),  2,           2,          1,              /* dcl_thread_group 2, 2, 1 */
    OP(35, 7),   R_DST_X,     0,          GTID_Y,      IMM,
    2,           GTID_X, /* imad r0.x, t.y, 2, t.x */
    OP(35, 8),   R_DST_X,     0,          GID_X,       IMM,
    4,           R_SRC_X,     0, /* imad r0.x, g.x, 4, r0.x */
    OP(41, 7),   R_DST_X,     0,          R_SRC_X,     0,
    IMM,         2, /* ishl r0.x, r0.x, 2 */
    OP(35, 7),   R_DST_X,     1,          GTID_Y,      IMM,
    16,          GTID_X, /* imad r1.x, t.y, 16, t.x */
    OP(35, 8),   R_DST_X,     1,          GID_X,       IMM,
    4096,        R_SRC_X,     1, /* imad r1.x, g.x, 4096, r1.x */
    OP(166, 7),  U_DST_X,     0,          R_SRC_X,     0,
    R_SRC_X,     1, /* store_raw u0.x, r0.x, r1.x */
    OP(62, 1)};

static BOOL compute_supported(void)
{
    D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS o;
    if (P.level >= D3D_FEATURE_LEVEL_11_0)
        return TRUE;
    memset(&o, 0, sizeof o);
    CHECK_HR(ID3D11Device_CheckFeatureSupport(P.dev, D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, &o,
                                              sizeof o),
             S_OK);
    return o.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x;
}

static ID3D11Buffer *buffer(UINT bytes, UINT bind, UINT misc, UINT stride, const void *data)
{
    D3D11_BUFFER_DESC d;
    D3D11_SUBRESOURCE_DATA init = {data, 0, 0};
    ID3D11Buffer *b = NULL;
    memset(&d, 0, sizeof d);
    d.ByteWidth = bytes;
    d.BindFlags = bind;
    d.MiscFlags = misc;
    d.StructureByteStride = stride;
    CHECK_HR(ID3D11Device_CreateBuffer(P.dev, &d, data != NULL ? &init : NULL, &b), S_OK);
    return b;
}

static ID3D11ComputeShader *shader(const UINT *tokens, UINT count)
{
    UINT size;
    void *code = prog_dxbc(tokens, count, &size);
    ID3D11ComputeShader *cs = NULL;
    CHECK_HR(ID3D11Device_CreateComputeShader(P.dev, code, size, NULL, &cs), S_OK);
    free(code);
    return cs;
}

/* The container checksum the programs write, proved on the HLSL compiler's output. */
static void scene_checksum(void)
{
    ID3DBlob *code = prog_compile("float4 ps() : SV_Target { return 1; }", "ps", "ps_4_0");
    prog_scene("bytecode_checksum");
    CHECK(prog_dxbc_checksum_ok(ID3D10Blob_GetBufferPointer(code), ID3D10Blob_GetBufferSize(code)));
    prog_result_value("matches", "1");
    ID3D10Blob_Release(code);
}

static void scene_structured(void)
{
    UINT in[16], i, ok = 1;
    ID3D11Buffer *src, *dst;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11UnorderedAccessView *uav = NULL;
    ID3D11ComputeShader *cs = shader(cs_structured, 43);
    uint8_t *out;
    prog_scene("structured_buffers");
    for (i = 0; i < 16; i++)
        in[i] = 100 + i * i;
    src =
        buffer(sizeof in, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4, in);
    dst = buffer(sizeof in, D3D11_BIND_UNORDERED_ACCESS, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4,
                 NULL);
    CHECK_HR(ID3D11Device_CreateShaderResourceView(P.dev, (ID3D11Resource *)src, NULL, &srv), S_OK);
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(P.dev, (ID3D11Resource *)dst, NULL, &uav),
             S_OK);
    ID3D11DeviceContext_CSSetShader(P.ctx, cs, NULL, 0);
    ID3D11DeviceContext_CSSetShaderResources(P.ctx, 0, 1, &srv);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(P.ctx, 0, 1, &uav, NULL);
    ID3D11DeviceContext_Dispatch(P.ctx, 4, 1, 1);
    ID3D11DeviceContext_ClearState(P.ctx);
    out = prog_readback_buffer(dst, sizeof in);
    for (i = 0; i < 16; i++)
        ok &= ((const UINT *)(const void *)out)[i] == in[i] * 2 + i;
    CHECK(ok);
    prog_result_bytes("output", out, sizeof in, "exact");
    free(out);
    ID3D11ShaderResourceView_Release(srv);
    ID3D11UnorderedAccessView_Release(uav);
    ID3D11Buffer_Release(src);
    ID3D11Buffer_Release(dst);
    ID3D11ComputeShader_Release(cs);
}

static ID3D11UnorderedAccessView *raw_view(ID3D11Buffer *b, UINT words)
{
    D3D11_UNORDERED_ACCESS_VIEW_DESC d;
    ID3D11UnorderedAccessView *uav = NULL;
    memset(&d, 0, sizeof d);
    d.Format = DXGI_FORMAT_R32_TYPELESS;
    d.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
    d.Buffer.NumElements = words;
    d.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(P.dev, (ID3D11Resource *)b, &d, &uav), S_OK);
    return uav;
}

/* Three groups of 2 x 2 threads write words 0..11 of a raw buffer; words 12..15 keep the
 * value ClearUnorderedAccessViewUint put everywhere first. */
static void scene_raw(void)
{
    static const UINT clear[4] = {0xDEADBEEF, 0, 0, 0};
    ID3D11Buffer *b = buffer(64, D3D11_BIND_UNORDERED_ACCESS,
                             D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, NULL);
    ID3D11UnorderedAccessView *uav;
    ID3D11ComputeShader *cs;
    const UINT *w;
    uint8_t *out;
    UINT g, t, ok = 1;
    prog_scene("raw_buffer_and_clear");
    uav = raw_view(b, 16);
    cs = shader(cs_raw, 60);
    if (uav == NULL || cs == NULL)
        exit(prog_finish());
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(P.ctx, uav, clear);
    ID3D11DeviceContext_CSSetShader(P.ctx, cs, NULL, 0);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(P.ctx, 0, 1, &uav, NULL);
    ID3D11DeviceContext_Dispatch(P.ctx, 3, 1, 1);
    ID3D11DeviceContext_ClearState(P.ctx);
    out = prog_readback_buffer(b, 64);
    w = (const UINT *)(const void *)out;
    for (g = 0; g < 3; g++)
        for (t = 0; t < 4; t++)
            ok &= w[g * 4 + t] == 0x1000 * g + 0x10 * (t >> 1) + (t & 1);
    CHECK(ok);
    CHECK(w[12] == 0xDEADBEEF && w[15] == 0xDEADBEEF);
    prog_result_bytes("buffer", out, 64, "exact");
    free(out);
    ID3D11UnorderedAccessView_Release(uav);
    ID3D11Buffer_Release(b);
    ID3D11ComputeShader_Release(cs);
}

int main(int argc, char **argv)
{
    prog_init(argc, argv);
    scene_checksum();
    prog_scene("compute_support");
    if (!compute_supported()) {
        printf("no compute shaders on this device\n");
        prog_result_value("supported", "0");
        return prog_finish();
    }
    scene_structured();
    scene_raw();
    return prog_finish();
}
