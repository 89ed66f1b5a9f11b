/* SPDX-License-Identifier: MIT */
/* gs.c — geometry shaders: points expanded into quads, one that moves each triangle, and
 * that one with stream output (its vertices written into a buffer, and the declarations
 * Direct3D refuses). The geometry shaders are bytecode (Wine 8.0's HLSL compiler has none):
 * the gs_4_0 token streams of the HLSL in `hlsl` below, written out, with their signatures. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

static const char *hlsl =
    "struct v { float4 pos : SV_Position; float4 color : COLOR; };\n"
    "v vs(float2 p : POSITION, float4 c : COLOR) { v o; o.pos = float4(p, 0, 1); o.color = c;\n"
    "    return o; }\n"
    "float4 ps(v i) : SV_Target { return i.color; }\n";
/* [maxvertexcount(4)] void gs_quad(point v p[1], inout TriangleStream<v> s) {
 *     v o = p[0]; float h = 0.25;
 *     o.pos = p[0].pos + float4(-h, -h, 0, 0); s.Append(o);   ... (-h, h), (h, -h), (h, h) }
 * [maxvertexcount(3)] void gs_shift(triangle v p[3], inout TriangleStream<v> s) {
 *     for (int i = 0; i < 3; i++) { v o = p[i]; o.pos.x += 0.5; s.Append(o); } } */
#define OP(code, len) ((UINT)(code) | ((UINT)(len) << 24))
#define IN2D_XYZW     0x002010F2u /* v[#][#].xyzw in a declaration */
#define IN2D_SRC      0x00201E46u /* v[#][#].xyzw as a source */
#define OUT_XYZW      0x001020F2u /* o#.xyzw */
#define IMM4          0x00004002u /* l(x, y, z, w) */
#define H             0x3E800000u /* 0.25 */
#define NH            0xBE800000u /* -0.25 */
#define HALF          0x3F000000u /* 0.5 */
#define DECLS(prim, vertices, maxout)                                                              \
    OP(97, 5), IN2D_XYZW, vertices, 0, 1,  /* dcl_input_siv v[n][0].xyzw, position */              \
        OP(95, 4), IN2D_XYZW, vertices, 1, /* dcl_input v[n][1].xyzw */                            \
        OP(93, 1) | ((prim) << 11),        /* dcl_inputprimitive */                                \
        OP(92, 1) | (5u << 11),            /* dcl_outputtopology trianglestrip */                  \
        OP(103, 4), OUT_XYZW, 0, 1,        /* dcl_output_siv o0.xyzw, position */                  \
        OP(101, 3), OUT_XYZW, 1,           /* dcl_output o1.xyzw */                                \
        OP(94, 2), maxout                  /* dcl_maxout */
/* add o0, v[i][0], l(dx, dy, 0, 0); mov o1, v[i][1]; emit */
#define VERTEX(i, dx, dy)                                                                          \
    OP(0, 11), OUT_XYZW, 0, IN2D_SRC, i, 0, IMM4, dx, dy, 0, 0, OP(54, 6), OUT_XYZW, 1, IN2D_SRC,  \
        i, 1, OP(19, 1)

static const UINT gs_quad_tokens[95] = {0x00020040u,      95,
                                        DECLS(1u, 1, 4),  VERTEX(0, NH, NH),
                                        VERTEX(0, NH, H), VERTEX(0, H, NH),
                                        VERTEX(0, H, H),  OP(62, 1)};
static const UINT gs_shift_tokens[77] = {
    0x00020040u,        77,       DECLS(3u, 3, 3), VERTEX(0, HALF, 0), VERTEX(1, HALF, 0),
    VERTEX(2, HALF, 0), OP(62, 1)};
static const struct prog_sig gs_sig[2] = {{"SV_Position", 0, 1, 0, 0xF, 0xF},
                                          {"COLOR", 0, 0, 1, 0xF, 0xF}};
static const struct prog_sig gs_out_sig[2] = {{"SV_Position", 0, 1, 0, 0xF, 0},
                                              {"COLOR", 0, 0, 1, 0xF, 0}};

struct vtx {
    float x, y, r, g, b, a;
};

static void draw_with(const char *gs_entry, const struct vtx *v, UINT n,
                      D3D11_PRIMITIVE_TOPOLOGY topology, const char *scene)
{
    BOOL quad = strcmp(gs_entry, "gs_quad") == 0;
    UINT gs_size;
    void *gs_code = prog_dxbc_sig(quad ? gs_quad_tokens : gs_shift_tokens, quad ? 95 : 77, gs_sig,
                                  2, gs_out_sig, 2, &gs_size);
    static const D3D11_INPUT_ELEMENT_DESC e[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0}};
    static const FLOAT black[4] = {0, 0, 0, 1};
    ID3DBlob *code;
    ID3D11VertexShader *vs = prog_vs(hlsl, "vs", &code);
    ID3D11PixelShader *ps = prog_ps(hlsl, "ps");
    ID3D11GeometryShader *gs = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vb = prog_buffer(D3D11_BIND_VERTEX_BUFFER, n * sizeof *v, v);
    ID3D11RenderTargetView *rtv;
    ID3D11Texture2D *t = prog_target(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, &rtv);
    UINT stride = sizeof *v, offset = 0, w, h;
    uint8_t *img;
    prog_scene(scene);
    CHECK_HR(ID3D11Device_CreateGeometryShader(P.dev, gs_code, gs_size, NULL, &gs), S_OK);
    CHECK_HR(ID3D11Device_CreateInputLayout(P.dev, e, 2, ID3D10Blob_GetBufferPointer(code),
                                            ID3D10Blob_GetBufferSize(code), &layout),
             S_OK);
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv, black);
    ID3D11DeviceContext_IASetInputLayout(P.ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(P.ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(P.ctx, topology);
    ID3D11DeviceContext_VSSetShader(P.ctx, vs, NULL, 0);
    ID3D11DeviceContext_GSSetShader(P.ctx, gs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(P.ctx, ps, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 1, &rtv, NULL);
    prog_viewport(16, 16);
    ID3D11DeviceContext_Draw(P.ctx, n, 0);
    img = prog_readback(t, &w, &h, 4);
    if (quad) {
        /* Points at (-0.5, 0.5) and (0.5, -0.5): 4 x 4 quads around texels (4, 4), (12, 12). */
        CHECK(prog_near(prog_px(img, 16, 4, 3, 3), 255, 0, 0, 255, 0));
        CHECK(prog_near(prog_px(img, 16, 4, 12, 12), 0, 255, 0, 255, 0));
        CHECK(prog_near(prog_px(img, 16, 4, 8, 8), 0, 0, 0, 255, 0));
    } else {
        /* The left-half triangle moved right by a quarter of the target. */
        CHECK(prog_near(prog_px(img, 16, 4, 1, 14), 0, 0, 0, 255, 0));
        CHECK(prog_near(prog_px(img, 16, 4, 5, 14), 0, 0, 255, 255, 0));
    }
    prog_result_image("target", img, w, h, 4, "exact");
    free(img);
    ID3D11DeviceContext_ClearState(P.ctx);
    if (gs != NULL)
        ID3D11GeometryShader_Release(gs);
    if (layout != NULL)
        ID3D11InputLayout_Release(layout);
    ID3D11VertexShader_Release(vs);
    ID3D11PixelShader_Release(ps);
    ID3D11Buffer_Release(vb);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Texture2D_Release(t);
    ID3D10Blob_Release(code);
    free(gs_code);
}

/* The triangle's vertices as gs_shift streams them with so_decl: SV_Position (x moved by
 * 0.5), then a one-component gap: 20 bytes a vertex. (Wine 8.0 writes nothing of an element
 * after the first, nor of a part of one: the scene streams what it writes as documented.) */
static const D3D11_SO_DECLARATION_ENTRY so_decl[2] = {{0, "SV_Position", 0, 0, 4, 0},
                                                      {0, NULL, 0, 0, 1, 0}};
#define SO_STRIDE  20u
#define SO_BYTES   80u
#define SO_UNTOUCH 0xA5A5A5A5u

static HRESULT create_so(const D3D11_SO_DECLARATION_ENTRY *decl, UINT n, const UINT *strides,
                         UINT n_strides, UINT rasterized, ID3D11GeometryShader **gs)
{
    UINT size;
    void *code = prog_dxbc_sig(gs_shift_tokens, 77, gs_sig, 2, gs_out_sig, 2, &size);
    HRESULT hr = ID3D11Device_CreateGeometryShaderWithStreamOutput(
        P.dev, code, size, decl, n, strides, n_strides, rasterized, NULL, gs);
    free(code);
    return hr;
}

/* Draw(3) of one triangle with the buffer bound by SOSetTargets: the three vertices in it
 * the gaps and the bytes after them untouched; SO_STATISTICS counts
 * one primitive written. */
static void scene_stream_output(const struct vtx *tri)
{
    static const D3D11_INPUT_ELEMENT_DESC e[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0}};
    D3D11_QUERY_DESC qd = {D3D11_QUERY_SO_STATISTICS, 0};
    D3D11_QUERY_DATA_SO_STATISTICS stats = {0, 0};
    UINT stride = sizeof *tri, offset = 0, i, so_stride = SO_STRIDE, init[SO_BYTES / 4], tries;
    float want[SO_BYTES / 4];
    ID3D11GeometryShader *gs = NULL;
    ID3DBlob *code;
    ID3D11VertexShader *vs;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vb, *so;
    ID3D11Query *q = NULL;
    uint8_t *got;
    HRESULT hr;
    prog_scene("stream_output");
    hr = create_so(so_decl, 2, &so_stride, 1, 0, &gs);
    if (prog_refused(hr, "resource.stream_output") || !CHECK_HR(hr, S_OK))
        return;
    for (i = 0; i < SO_BYTES / 4; i++)
        init[i] = SO_UNTOUCH;
    memcpy(want, init, sizeof want);
    for (i = 0; i < 3; i++) {
        const float pos[4] = {tri[i].x + 0.5f, tri[i].y, 0, 1};
        memcpy(&want[i * 5], pos, sizeof pos);
    }
    vs = prog_vs(hlsl, "vs", &code);
    vb = prog_buffer(D3D11_BIND_VERTEX_BUFFER, 3 * sizeof *tri, tri);
    so = prog_buffer(D3D11_BIND_STREAM_OUTPUT, SO_BYTES, init);
    CHECK_HR(ID3D11Device_CreateInputLayout(P.dev, e, 2, ID3D10Blob_GetBufferPointer(code),
                                            ID3D10Blob_GetBufferSize(code), &layout),
             S_OK);
    CHECK_HR(ID3D11Device_CreateQuery(P.dev, &qd, &q), S_OK);
    ID3D11DeviceContext_IASetInputLayout(P.ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(P.ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(P.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(P.ctx, vs, NULL, 0);
    ID3D11DeviceContext_GSSetShader(P.ctx, gs, NULL, 0);
    ID3D11DeviceContext_SOSetTargets(P.ctx, 1, &so, &offset);
    prog_viewport(16, 16);
    ID3D11DeviceContext_Begin(P.ctx, (ID3D11Asynchronous *)q);
    ID3D11DeviceContext_Draw(P.ctx, 3, 0);
    ID3D11DeviceContext_End(P.ctx, (ID3D11Asynchronous *)q);
    ID3D11DeviceContext_ClearState(P.ctx);
    got = prog_readback_buffer(so, SO_BYTES);
    CHECK(memcmp(got, want, SO_BYTES) == 0);
    prog_result_bytes("so_buffer", got, SO_BYTES, "exact");
    hr = S_FALSE;
    for (tries = 0; tries < 20000 && hr == S_FALSE; tries++) {
        hr = ID3D11DeviceContext_GetData(P.ctx, (ID3D11Asynchronous *)q, &stats, sizeof stats, 0);
        if (hr == S_FALSE)
            Sleep(1);
    }
    CHECK_HR(hr, S_OK);
    CHECK(stats.NumPrimitivesWritten == 1 && stats.PrimitivesStorageNeeded == 1);
    prog_result_value("so_statistics", "%u %u", (unsigned)stats.NumPrimitivesWritten,
                      (unsigned)stats.PrimitivesStorageNeeded);
    free(got);
    ID3D11Query_Release(q);
    ID3D11InputLayout_Release(layout);
    ID3D11Buffer_Release(so);
    ID3D11Buffer_Release(vb);
    ID3D11VertexShader_Release(vs);
    ID3D10Blob_Release(code);
    ID3D11GeometryShader_Release(gs);
}

static void declaration_answer(const char *name, const D3D11_SO_DECLARATION_ENTRY *decl, UINT n,
                               const UINT *strides, UINT n_strides, UINT rasterized, BOOL make,
                               HRESULT want)
{
    ID3D11GeometryShader *gs = (ID3D11GeometryShader *)&gs;
    HRESULT hr = create_so(decl, n, strides, n_strides, rasterized, make ? &gs : NULL);
    CHECK_HR(hr, want);
    if (make && SUCCEEDED(hr) && gs != NULL)
        ID3D11GeometryShader_Release(gs);
    else
        CHECK(!make || gs == NULL);
    prog_result_value(name, "0x%08lx", (unsigned long)hr);
}

/* Declarations D3D11_SO_DECLARATION_ENTRY and CreateGeometryShaderWithStreamOutput make
 * invalid (E_INVALIDARG, the object NULL), and a valid one checked only (S_FALSE without
 * ppGeometryShader): the runtime's answers, before any driver. */
static void scene_so_declarations(void)
{
    static const D3D11_SO_DECLARATION_ENTRY normal[1] = {{0, "NORMAL", 0, 0, 4, 0}};
    static const D3D11_SO_DECLARATION_ENTRY slot4[1] = {{0, "SV_Position", 0, 0, 4, 4}};
    static const D3D11_SO_DECLARATION_ENTRY past_w[1] = {{0, "COLOR", 0, 2, 3, 0}};
    static const D3D11_SO_DECLARATION_ENTRY gap_only[1] = {{0, NULL, 0, 0, 4, 0}};
    static const UINT so_stride = SO_STRIDE, small = 16, five[5] = {32, 32, 32, 32, 32};
    prog_scene("so_declarations");
    declaration_answer("unknown_semantic", normal, 1, &small, 1, 0, TRUE, E_INVALIDARG);
    declaration_answer("output_slot_4", slot4, 1, &small, 1, 0, TRUE, E_INVALIDARG);
    declaration_answer("past_w", past_w, 1, &small, 1, 0, TRUE, E_INVALIDARG);
    declaration_answer("only_a_gap", gap_only, 1, &small, 1, 0, TRUE, E_INVALIDARG);
    declaration_answer("stride_too_small", so_decl, 2, &small, 1, 0, TRUE, E_INVALIDARG);
    declaration_answer("rasterized_stream_4", so_decl, 2, &so_stride, 1, 4, TRUE, E_INVALIDARG);
    /* NumStrides ranges from 0 to D3D11_SO_BUFFER_SLOT_COUNT (Wine 8.0 takes 5). */
    prog_scene("so_too_many_strides");
    declaration_answer("five_strides", so_decl, 2, five, 5, 0, TRUE, E_INVALIDARG);
}

int main(int argc, char **argv)
{
    static const struct vtx points[2] = {{-0.5f, 0.5f, 1, 0, 0, 1}, {0.5f, -0.5f, 0, 1, 0, 1}};
    static const struct vtx tri[3] = {
        {-1, -1, 0, 0, 1, 1}, {-1, 1, 0, 0, 1, 1}, {0, -1, 0, 0, 1, 1}};
    prog_init(argc, argv);
    draw_with("gs_quad", points, 2, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST, "gs_points_to_quads");
    draw_with("gs_shift", tri, 3, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST, "gs_move_triangle");
    scene_stream_output(tri);
    scene_so_declarations();
    return prog_finish();
}
