/* SPDX-License-Identifier: MIT */
/* gs.c — geometry shaders: points expanded into quads, and one that moves each triangle.
 * The geometry shaders are bytecode (Wine 8.0's HLSL compiler has none): the gs_4_0 token
 * streams of the HLSL in `hlsl` below, written out, with their signatures. */
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

int main(int argc, char **argv)
{
    static const struct vtx points[2] = {{-0.5f, 0.5f, 1, 0, 0, 1}, {0.5f, -0.5f, 0, 1, 0, 1}};
    static const struct vtx tri[3] = {
        {-1, -1, 0, 0, 1, 1}, {-1, 1, 0, 0, 1, 1}, {0, -1, 0, 0, 1, 1}};
    prog_init(argc, argv);
    draw_with("gs_quad", points, 2, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST, "gs_points_to_quads");
    draw_with("gs_shift", tri, 3, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST, "gs_move_triangle");
    return prog_finish();
}
