/* SPDX-License-Identifier: MIT */
/* more.c — more of what applications do: index and vertex buffer offsets with a base vertex
 * and a start instance, block-compressed BC3 / BC7 textures, an sRGB render target, MIN /
 * MAX blending and destination-alpha factors, a 32-bit float depth buffer with LESS_EQUAL,
 * a 2D texture array sampled by slice. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

static const FLOAT black[4] = {0, 0, 0, 1};

static const char *hlsl =
    "struct vout { float4 pos : SV_Position; float4 color : COLOR; };\n"
    "vout vs(float2 p : POSITION, float4 c : COLOR, float2 o : OFFSET) { vout v;\n"
    "    v.pos = float4(p + o, 0.5, 1); v.color = c; return v; }\n"
    "float4 ps(vout v) : SV_Target { return v.color; }\n"
    "cbuffer c : register(b0) { float4 color; float depth; float slice; };\n"
    "float4 vs_full(uint id : SV_VertexID) : SV_Position {\n"
    "    float2 p = float2((id << 1) & 2, id & 2);\n"
    "    return float4(p * float2(2, -2) + float2(-1, 1), depth, 1); }\n"
    "float4 ps_color() : SV_Target { return color; }\n"
    "Texture2D t0 : register(t0); Texture2DArray ta : register(t1);\n"
    "float4 ps_load(float4 pos : SV_Position) : SV_Target { return t0.Load(int3(pos.xy, 0)); }\n"
    "float4 ps_slice(float4 pos : SV_Position) : SV_Target {\n"
    "    return ta.Load(int4(pos.xy, slice, 0)); }\n";

static struct prog_canvas begin(const char *scene, UINT w, UINT h, DXGI_FORMAT f)
{
    prog_scene(scene);
    return prog_canvas_begin(w, h, f, black);
}

struct vtx {
    float x, y, r, g, b, a;
};

/* Index buffer bound at a 4-byte offset, vertex buffer at one vertex's offset, BaseVertex 4
 * and StartInstance 1 of an instance buffer of offsets: one quad, moved right. */
static void scene_offsets(void)
{
    static const struct vtx v[9] = {{0, 0, 0, 0, 0, 0},  {9, 9, 1, 1, 1, 1}, {9, 9, 1, 1, 1, 1},
                                    {9, 9, 1, 1, 1, 1},  {9, 9, 1, 1, 1, 1}, {-1, -1, 0, 1, 0, 1},
                                    {-1, 0, 0, 1, 0, 1}, {0, 0, 0, 1, 0, 1}, {0, -1, 0, 1, 0, 1}};
    static const USHORT idx[8] = {7, 7, 0, 1, 2, 0, 2, 3};
    static const float inst[4] = {0, 5, 1, 1};
    static const D3D11_INPUT_ELEMENT_DESC e[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"OFFSET", 0, DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1}};
    ID3D11Buffer *vbs[2], *ib;
    UINT strides[2] = {sizeof(struct vtx), 8}, offsets[2] = {sizeof(struct vtx), 0};
    struct prog_canvas t = begin("index_and_vertex_offsets", 16, 16, DXGI_FORMAT_R8G8B8A8_UNORM);
    uint8_t *img;
    vbs[0] = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof v, v);
    vbs[1] = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof inst, inst);
    ib = prog_buffer(D3D11_BIND_INDEX_BUFFER, sizeof idx, idx);
    prog_shaders(hlsl, "vs", "ps", e, 3);
    ID3D11DeviceContext_IASetVertexBuffers(P.ctx, 0, 2, vbs, strides, offsets);
    ID3D11DeviceContext_IASetIndexBuffer(P.ctx, ib, DXGI_FORMAT_R16_UINT, 4);
    ID3D11DeviceContext_IASetPrimitiveTopology(P.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    /* Indices 0..5 after the 4-byte offset; vertex buffer from vertex 1; base vertex 4:
     * vertices 5..8 of the buffer; instance 1's offset (1, 1) moves the quad to the top
     * right quarter. */
    ID3D11DeviceContext_DrawIndexedInstanced(P.ctx, 6, 1, 0, 4, 1);
    img = prog_canvas_end(&t, "exact");
    CHECK(prog_near(prog_px(img, 16, 4, 12, 4), 0, 255, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 4, 12), 0, 0, 0, 255, 0));
    free(img);
    ID3D11Buffer_Release(vbs[0]);
    ID3D11Buffer_Release(vbs[1]);
    ID3D11Buffer_Release(ib);
}

struct consts {
    float color[4], depth, slice, pad[2];
};

/* The full-target triangle with ps_entry, the constants given, t0 / t1 bound. */
static void full(const char *ps_entry, const struct consts *c, ID3D11ShaderResourceView *t0,
                 ID3D11ShaderResourceView *t1)
{
    ID3D11Buffer *cb = prog_buffer(D3D11_BIND_CONSTANT_BUFFER, sizeof *c, c);
    ID3D11ShaderResourceView *views[2] = {t0, t1};
    prog_shaders(hlsl, "vs_full", ps_entry, NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(P.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetConstantBuffers(P.ctx, 0, 1, &cb);
    ID3D11DeviceContext_PSSetConstantBuffers(P.ctx, 0, 1, &cb);
    ID3D11DeviceContext_PSSetShaderResources(P.ctx, 0, 2, views);
    ID3D11DeviceContext_Draw(P.ctx, 3, 0);
    ID3D11Buffer_Release(cb);
}

static void scene_block(const char *name, DXGI_FORMAT f, const uint8_t *block, UINT bytes,
                        const char *compat)
{
    D3D11_TEXTURE2D_DESC d = {
        4, 4, 1, 1, f, {1, 0}, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {block, bytes, 0};
    struct consts c;
    ID3D11Texture2D *tex = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    struct prog_canvas t = begin(name, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM);
    HRESULT hr = ID3D11Device_CreateTexture2D(P.dev, &d, &init, &tex);
    memset(&c, 0, sizeof c);
    if (prog_refused(hr, compat) || !CHECK_HR(hr, S_OK)) {
        free(prog_canvas_end(&t, "exact"));
        return;
    }
    CHECK_HR(ID3D11Device_CreateShaderResourceView(P.dev, (ID3D11Resource *)tex, NULL, &srv), S_OK);
    full("ps_load", &c, srv, NULL);
    free(prog_canvas_end(&t, "round"));
    ID3D11ShaderResourceView_Release(srv);
    ID3D11Texture2D_Release(tex);
}

static void scene_blocks(void)
{
    /* BC3: alpha endpoints 255 / 0 with every index 0 (opaque), colour endpoints red / blue
     * with every index 0 (red). */
    static const uint8_t bc3[16] = {255, 0, 0, 0, 0, 0, 0, 0, 0x00, 0xF8, 0x1F, 0x00, 0, 0, 0, 0};
    /* BC7 mode 6 (bit 6 set): endpoints in 7+1 bits per channel; a block of zeroes but the
     * mode bit decodes to transparent black. */
    static const uint8_t bc7[16] = {0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    scene_block("format_bc3", DXGI_FORMAT_BC3_UNORM, bc3, 16, "format.bc_before_abi_1_2");
    scene_block("format_bc7", DXGI_FORMAT_BC7_UNORM, bc7, 16, "format.bc_before_abi_1_2");
}

/* Rendering 0.5 grey into an sRGB target stores its sRGB encoding (188). */
static void scene_srgb_target(void)
{
    struct consts c = {{0.5f, 0.5f, 0.5f, 1}, 0.5f, 0, {0, 0}};
    struct prog_canvas t = begin("srgb_render_target", 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    uint8_t *img;
    full("ps_color", &c, NULL, NULL);
    img = prog_canvas_end(&t, "round");
    CHECK(prog_near(img, 188, 188, 188, 255, 1));
    free(img);
}

/* On a clear of (0.25, 0.5, 0.75, 0.5): MAX with (0.5, 0.25, 0.5, 1), then DEST_ALPHA x src
 * + INV_DEST_ALPHA x dst. */
static void scene_blend_ops(void)
{
    static const FLOAT clear[4] = {0.25f, 0.5f, 0.75f, 0.5f};
    struct consts c = {{0.5f, 0.25f, 0.5f, 1}, 0.5f, 0, {0, 0}};
    ID3D11BlendState *mx =
        prog_blend(TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_MAX, 0xF);
    ID3D11BlendState *da = prog_blend(TRUE, D3D11_BLEND_DEST_ALPHA, D3D11_BLEND_INV_DEST_ALPHA,
                                      D3D11_BLEND_OP_ADD, 0xF);
    struct prog_canvas t = begin("blend_max_and_dest_alpha", 8, 4, DXGI_FORMAT_R8G8B8A8_UNORM);
    D3D11_VIEWPORT left = {0, 0, 4, 4, 0, 1}, right = {4, 0, 4, 4, 0, 1};
    uint8_t *img;
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, t.rtv, clear);
    ID3D11DeviceContext_OMSetBlendState(P.ctx, mx, NULL, 0xFFFFFFFF);
    ID3D11DeviceContext_RSSetViewports(P.ctx, 1, &left);
    full("ps_color", &c, NULL, NULL);
    ID3D11DeviceContext_OMSetBlendState(P.ctx, da, NULL, 0xFFFFFFFF);
    ID3D11DeviceContext_RSSetViewports(P.ctx, 1, &right);
    full("ps_color", &c, NULL, NULL);
    img = prog_canvas_end(&t, "round");
    CHECK(prog_near(prog_px(img, 8, 4, 1, 1), 128, 128, 191, 255, 1));
    CHECK(prog_near(prog_px(img, 8, 4, 5, 1), 96, 96, 159, 191, 1));
    free(img);
    ID3D11BlendState_Release(mx);
    ID3D11BlendState_Release(da);
}

/* D32_FLOAT with LESS_EQUAL: a quad at the cleared depth 0.5 passes, one at 0.75 does not. */
static void scene_depth32(void)
{
    D3D11_DEPTH_STENCIL_DESC dd;
    struct consts c = {{0, 0, 1, 1}, 0.5f, 0, {0, 0}};
    ID3D11Texture2D *depth;
    ID3D11DepthStencilView *dsv;
    ID3D11DepthStencilState *ds = NULL;
    struct prog_canvas t = begin("depth32_less_equal", 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM);
    uint8_t *img;
    dsv = prog_depth(8, 8, DXGI_FORMAT_D32_FLOAT, &depth);
    memset(&dd, 0, sizeof dd);
    dd.DepthEnable = TRUE;
    dd.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    dd.DepthFunc = D3D11_COMPARISON_LESS_EQUAL;
    CHECK_HR(ID3D11Device_CreateDepthStencilState(P.dev, &dd, &ds), S_OK);
    ID3D11DeviceContext_ClearDepthStencilView(P.ctx, dsv, D3D11_CLEAR_DEPTH, 0.5f, 0);
    ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 1, &t.rtv, dsv);
    ID3D11DeviceContext_OMSetDepthStencilState(P.ctx, ds, 0);
    full("ps_color", &c, NULL, NULL);
    c.color[0] = 1;
    c.color[2] = 0;
    c.depth = 0.75f;
    full("ps_color", &c, NULL, NULL);
    img = prog_canvas_end(&t, "exact");
    CHECK(prog_near(prog_px(img, 8, 4, 3, 3), 0, 0, 255, 255, 0));
    free(img);
    ID3D11DepthStencilState_Release(ds);
    ID3D11DepthStencilView_Release(dsv);
    ID3D11Texture2D_Release(depth);
}

/* A 2 x 2 texture array of three slices, each its own colour, read by slice. */
static void scene_texture_array(void)
{
    static const uint8_t s0[16] = {255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255};
    static const uint8_t s1[16] = {0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255};
    static const uint8_t s2[16] = {0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255};
    D3D11_SUBRESOURCE_DATA init[3] = {{s0, 8, 0}, {s1, 8, 0}, {s2, 8, 0}};
    D3D11_TEXTURE2D_DESC d = {2,
                              2,
                              1,
                              3,
                              DXGI_FORMAT_R8G8B8A8_UNORM,
                              {1, 0},
                              D3D11_USAGE_DEFAULT,
                              D3D11_BIND_SHADER_RESOURCE,
                              0,
                              0};
    struct consts c = {{0, 0, 0, 0}, 0.5f, 2, {0, 0}};
    ID3D11Texture2D *tex = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    struct prog_canvas t = begin("texture_array_slice", 2, 2, DXGI_FORMAT_R8G8B8A8_UNORM);
    HRESULT hr = ID3D11Device_CreateTexture2D(P.dev, &d, init, &tex);
    uint8_t *img;
    if (prog_refused(hr, "resource.texture_array") || !CHECK_HR(hr, S_OK)) {
        free(prog_canvas_end(&t, "exact"));
        return;
    }
    CHECK_HR(ID3D11Device_CreateShaderResourceView(P.dev, (ID3D11Resource *)tex, NULL, &srv), S_OK);
    full("ps_slice", &c, NULL, srv);
    img = prog_canvas_end(&t, "exact");
    CHECK(prog_near(img, 0, 0, 255, 255, 0));
    free(img);
    ID3D11ShaderResourceView_Release(srv);
    ID3D11Texture2D_Release(tex);
}

int main(int argc, char **argv)
{
    prog_init(argc, argv);
    scene_offsets();
    scene_blocks();
    scene_srgb_target();
    scene_blend_ops();
    scene_depth32();
    scene_texture_array();
    return prog_finish();
}
