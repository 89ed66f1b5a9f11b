/* SPDX-License-Identifier: MIT */
/* textures.c — textures as applications sample them: point and linear filtering, address
 * modes, mip levels chosen in the shader, sRGB decoding, block-compressed data, other
 * formats, UpdateSubresource into part of a texture, two render targets at once, and one mip
 * read while another of the same texture is drawn into. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

/* A full-target triangle; the pixel shader samples t0 with s0 at uv = position / size. */
static const char *hlsl =
    "Texture2D t0 : register(t0); SamplerState s0 : register(s0);\n"
    "cbuffer c : register(b0) { float2 size; float2 scale; float lod; };\n"
    "float4 vs(uint id : SV_VertexID) : SV_Position {\n"
    "    float2 p = float2((id << 1) & 2, id & 2);\n"
    "    return float4(p * float2(2, -2) + float2(-1, 1), 0, 1); }\n"
    "float4 ps(float4 pos : SV_Position) : SV_Target {\n"
    "    return t0.Sample(s0, pos.xy / size * scale); }\n"
    "float4 ps_lod(float4 pos : SV_Position) : SV_Target {\n"
    "    return t0.Load(int3(0, 0, (int)lod)); }\n"
    "struct two { float4 a : SV_Target0; float4 b : SV_Target1; };\n"
    "two ps_mrt(float4 pos : SV_Position) { two o; o.a = float4(1, 0, 0, 1);\n"
    "    o.b = float4(0, pos.x / size.x, 0, 1); return o; }\n";

struct consts {
    float size[2], scale[2], lod, pad[3];
};

static const FLOAT black[4] = {0, 0, 0, 1};

static ID3D11Texture2D *texture(UINT w, UINT h, UINT mips, DXGI_FORMAT f, const void *data,
                                UINT pitch, HRESULT *hr_out)
{
    D3D11_TEXTURE2D_DESC d;
    D3D11_SUBRESOURCE_DATA init[8];
    ID3D11Texture2D *t = NULL;
    UINT m;
    prog_texture_desc(&d, w, h, f, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
    d.MipLevels = mips;
    for (m = 0; m < mips; m++) {
        init[m].pSysMem = (const uint8_t *)data; /* every level starts the caller's data */
        init[m].SysMemPitch = pitch >> m ? pitch >> m : 4;
        init[m].SysMemSlicePitch = 0;
    }
    *hr_out = ID3D11Device_CreateTexture2D(P.dev, &d, data != NULL ? init : NULL, &t);
    return t;
}

static ID3D11SamplerState *sampler(D3D11_FILTER filter, D3D11_TEXTURE_ADDRESS_MODE address)
{
    D3D11_SAMPLER_DESC d;
    ID3D11SamplerState *s = NULL;
    memset(&d, 0, sizeof d);
    d.Filter = filter;
    d.AddressU = d.AddressV = d.AddressW = address;
    d.MaxAnisotropy = 1;
    d.ComparisonFunc = D3D11_COMPARISON_NEVER;
    d.MaxLOD = D3D11_FLOAT32_MAX;
    CHECK_HR(ID3D11Device_CreateSamplerState(P.dev, &d, &s), S_OK);
    return s;
}

/* Draws the full-target triangle sampling tex into a w x h RGBA8 target and reads it back. */
static uint8_t *draw_sampled(ID3D11Texture2D *tex, ID3D11SamplerState *smp, UINT w, UINT h,
                             float scale, const char *ps_entry, float lod, DXGI_FORMAT target)
{
    struct consts c = {{(float)w, (float)h}, {scale, scale}, lod, {0, 0, 0}};
    struct prog_canvas t = prog_canvas_begin(w, h, target, black);
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11Buffer *cb = prog_buffer(D3D11_BIND_CONSTANT_BUFFER, sizeof c, &c);
    uint8_t *img;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(P.dev, (ID3D11Resource *)tex, NULL, &srv), S_OK);
    prog_shaders(hlsl, "vs", ps_entry, NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(P.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_PSSetShaderResources(P.ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSSetSamplers(P.ctx, 0, 1, &smp);
    ID3D11DeviceContext_PSSetConstantBuffers(P.ctx, 0, 1, &cb);
    ID3D11DeviceContext_Draw(P.ctx, 3, 0);
    img = prog_canvas_end(&t, NULL);
    ID3D11ShaderResourceView_Release(srv);
    ID3D11Buffer_Release(cb);
    return img;
}

/* 4 x 4 texels, each its own colour. */
static const uint8_t checker[64] = {255, 0,   0,   255, 0,   255, 0,   255, 0,   0,   255, 255, 255,
                                    255, 255, 255, 0,   0,   0,   255, 255, 255, 0,   255, 0,   255,
                                    255, 255, 255, 0,   255, 255, 128, 0,   0,   255, 0,   128, 0,
                                    255, 0,   0,   128, 255, 128, 128, 128, 255, 64,  64,  64,  255,
                                    32,  96,  160, 255, 200, 100, 50,  255, 10,  20,  30,  255};

static void scene_point(void)
{
    HRESULT hr;
    ID3D11Texture2D *tex = texture(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, checker, 16, &hr);
    ID3D11SamplerState *s = sampler(D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP);
    uint8_t *img;
    prog_scene("sample_point");
    CHECK_HR(hr, S_OK);
    img = draw_sampled(tex, s, 4, 4, 1.0f, "ps", 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    CHECK(memcmp(img, checker, sizeof checker) == 0);
    prog_result_image("target", img, 4, 4, 4, "exact");
    free(img);
    /* Twice the size with WRAP: the texture twice in each direction. */
    ID3D11SamplerState_Release(s);
    prog_scene("sample_point_wrap");
    s = sampler(D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_WRAP);
    img = draw_sampled(tex, s, 8, 8, 2.0f, "ps", 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    CHECK(memcmp(prog_px(img, 8, 4, 4, 4), checker, 16) == 0);
    prog_result_image("target", img, 8, 8, 4, "exact");
    free(img);
    ID3D11SamplerState_Release(s);
    ID3D11Texture2D_Release(tex);
}

/* Linear filtering magnifying 4 x 4 to 16 x 16, clamped and mirrored: blends within
 * Direct3D's rounding of the filter weights. */
static void scene_linear(D3D11_TEXTURE_ADDRESS_MODE address, const char *name)
{
    HRESULT hr;
    ID3D11Texture2D *tex = texture(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, checker, 16, &hr);
    ID3D11SamplerState *s = sampler(D3D11_FILTER_MIN_MAG_MIP_LINEAR, address);
    uint8_t *img;
    prog_scene(name);
    img = draw_sampled(tex, s, 16, 16, address == D3D11_TEXTURE_ADDRESS_MIRROR ? 2.0f : 1.0f, "ps",
                       0, DXGI_FORMAT_R8G8B8A8_UNORM);
    /* A texel's centre samples that texel alone: texel (0,0) at target (1.5, 1.5) -> (1,1). */
    CHECK(address != D3D11_TEXTURE_ADDRESS_CLAMP ||
          prog_near(prog_px(img, 16, 4, 0, 0), 255, 0, 0, 255, 1));
    prog_result_image("target", img, 16, 16, 4, "round");
    free(img);
    ID3D11SamplerState_Release(s);
    ID3D11Texture2D_Release(tex);
}

/* Four mip levels of one solid colour each, each read by level (Load: Wine 8.0's HLSL
 * compiler has no SampleLevel). */
static void scene_mips(void)
{
    static const uint8_t colors[4][4] = {
        {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 0, 255}};
    uint8_t *levels[4], *img;
    D3D11_TEXTURE2D_DESC d;
    D3D11_SUBRESOURCE_DATA init[4];
    ID3D11Texture2D *tex = NULL;
    ID3D11SamplerState *s = sampler(D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP);
    UINT m, i;
    char name[32];
    for (m = 0; m < 4; m++) {
        UINT size = 8u >> m;
        levels[m] = (uint8_t *)malloc(size * size * 4);
        for (i = 0; i < size * size; i++)
            memcpy(levels[m] + i * 4, colors[m], 4);
        init[m].pSysMem = levels[m];
        init[m].SysMemPitch = size * 4;
        init[m].SysMemSlicePitch = 0;
    }
    prog_texture_desc(&d, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                      D3D11_BIND_SHADER_RESOURCE);
    d.MipLevels = 4;
    prog_scene("mip_levels");
    CHECK_HR(ID3D11Device_CreateTexture2D(P.dev, &d, init, &tex), S_OK);
    for (m = 0; m < 4 && tex != NULL; m++) {
        img = draw_sampled(tex, s, 4, 4, 1.0f, "ps_lod", (float)m, DXGI_FORMAT_R8G8B8A8_UNORM);
        CHECK(
            prog_near(prog_px(img, 4, 4, 1, 1), colors[m][0], colors[m][1], colors[m][2], 255, 0));
        snprintf(name, sizeof name, "level%u", m);
        prog_result_image(name, img, 4, 4, 4, "exact");
        free(img);
    }
    for (m = 0; m < 4; m++)
        free(levels[m]);
    if (tex != NULL)
        ID3D11Texture2D_Release(tex);
    ID3D11SamplerState_Release(s);
}

/* Whether PS slot 0 holds a shader-resource view now. */
static int ps_slot0_bound(void)
{
    ID3D11ShaderResourceView *v = NULL;
    ID3D11DeviceContext_PSGetShaderResources(P.ctx, 0, 1, &v);
    if (v != NULL)
        ID3D11ShaderResourceView_Release(v);
    return v != NULL;
}

static ID3D11RenderTargetView *mip_rtv(ID3D11Texture2D *tex, UINT mip)
{
    D3D11_RENDER_TARGET_VIEW_DESC d;
    ID3D11RenderTargetView *v = NULL;
    memset(&d, 0, sizeof d);
    d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
    d.Texture2D.MipSlice = mip;
    CHECK_HR(ID3D11Device_CreateRenderTargetView(P.dev, (ID3D11Resource *)tex, &d, &v), S_OK);
    return v;
}

/* Direct3D 11 tracks read/write hazards per subresource: mip 1 read through a view of it
 * while mip 0 is the target stays bound, and the draw copies it into mip 0 (a mip chain
 * drawn level by level); mip 1 as the target unbinds it, and binding it for reading while
 * mip 1 is the target binds nothing (OMSetRenderTargets / the hazard-tracking remarks). */
static void scene_mip_hazards(void)
{
    static const FLOAT green[4] = {0, 1, 0, 1};
    struct consts c = {{8, 8}, {1, 1}, 0, {0, 0, 0}};
    ID3D11Texture2D *tex = NULL;
    D3D11_TEXTURE2D_DESC d;
    D3D11_SHADER_RESOURCE_VIEW_DESC sd;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11RenderTargetView *rtv[2];
    ID3D11Buffer *cb = prog_buffer(D3D11_BIND_CONSTANT_BUFFER, sizeof c, &c);
    int kept, unbound, refused;
    UINT w, h;
    uint8_t *img;
    prog_scene("mip_read_while_drawing");
    prog_texture_desc(&d, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                      D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    d.MipLevels = 2;
    if (!CHECK_HR(ID3D11Device_CreateTexture2D(P.dev, &d, NULL, &tex), S_OK))
        return;
    memset(&sd, 0, sizeof sd);
    sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    sd.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    sd.Texture2D.MostDetailedMip = 1;
    sd.Texture2D.MipLevels = 1;
    CHECK_HR(ID3D11Device_CreateShaderResourceView(P.dev, (ID3D11Resource *)tex, &sd, &srv), S_OK);
    rtv[0] = mip_rtv(tex, 0);
    rtv[1] = mip_rtv(tex, 1);
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv[0], black);
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv[1], green);
    prog_shaders(hlsl, "vs", "ps_lod", NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(P.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_PSSetConstantBuffers(P.ctx, 0, 1, &cb);
    ID3D11DeviceContext_PSSetShaderResources(P.ctx, 0, 1, &srv);
    ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 1, &rtv[0], NULL);
    kept = ps_slot0_bound();
    prog_viewport(8, 8);
    ID3D11DeviceContext_Draw(P.ctx, 3, 0);
    ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 1, &rtv[1], NULL);
    unbound = !ps_slot0_bound();
    ID3D11DeviceContext_PSSetShaderResources(P.ctx, 0, 1, &srv);
    refused = !ps_slot0_bound();
    CHECK(kept && unbound && refused);
    prog_result_value("mip1_read_mip0_target", "%d", kept);
    prog_result_value("mip1_target_unbinds_it", "%d", unbound);
    prog_result_value("mip1_read_while_target", "%s", refused ? "not bound" : "bound");
    ID3D11DeviceContext_ClearState(P.ctx);
    img = prog_readback(tex, &w, &h, 4);
    CHECK(w == 8 && h == 8 && prog_near(img, 0, 255, 0, 255, 0) &&
          prog_near(prog_px(img, 8, 4, 7, 7), 0, 255, 0, 255, 0));
    prog_result_image("mip0", img, w, h, 4, "exact");
    free(img);
    ID3D11RenderTargetView_Release(rtv[0]);
    ID3D11RenderTargetView_Release(rtv[1]);
    ID3D11ShaderResourceView_Release(srv);
    ID3D11Buffer_Release(cb);
    ID3D11Texture2D_Release(tex);
}

/* A texture of format f whose 2 x 2 texels are the given bytes, sampled 1:1 into RGBA8;
 * refused formats are recorded as such. */
static void scene_format(const char *name, DXGI_FORMAT f, const void *texels, UINT pitch, UINT size,
                         const char *mode, const char *compat)
{
    HRESULT hr;
    ID3D11Texture2D *tex = texture(size, size, 1, f, texels, pitch, &hr);
    ID3D11SamplerState *s = sampler(D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP);
    uint8_t *img;
    prog_scene(name);
    if (!prog_refused(hr, compat) && CHECK_HR(hr, S_OK)) {
        img = draw_sampled(tex, s, size, size, 1.0f, "ps", 0, DXGI_FORMAT_R8G8B8A8_UNORM);
        prog_result_image("target", img, size, size, 4, mode);
        free(img);
        ID3D11Texture2D_Release(tex);
    }
    ID3D11SamplerState_Release(s);
}

static void scene_formats(void)
{
    static const uint8_t bgra[16] = {0,   0, 255, 255, 0,  255, 0,   255,
                                     255, 0, 0,   255, 50, 100, 150, 200};
    static const uint16_t b5g6r5[4] = {0xF800, 0x07E0, 0x001F, 0xFFFF};
    static const uint8_t srgb[16] = {0,   0,   0,   255, 188, 188, 188, 255,
                                     255, 255, 255, 255, 55,  55,  55,  255};
    static const uint16_t half[16] = {0x3C00, 0, 0,      0x3C00, 0,      0x3800, 0,      0x3C00,
                                      0,      0, 0x3C00, 0x3C00, 0x3400, 0x3400, 0x3400, 0x3C00};
    /* One BC1 block: endpoints pure red (0xF800) and pure blue (0x001F), every texel index
     * 0 or 1 (no interpolated colours): rows alternate red and blue. */
    static const uint8_t bc1[8] = {0x00, 0xF8, 0x1F, 0x00, 0x00, 0x55, 0x00, 0x55};
    scene_format("format_b8g8r8a8", DXGI_FORMAT_B8G8R8A8_UNORM, bgra, 8, 2, "exact", "");
    scene_format("format_b5g6r5", DXGI_FORMAT_B5G6R5_UNORM, b5g6r5, 4, 2, "exact",
                 "format.texture_unsupported");
    scene_format("format_srgb_sample", DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, srgb, 8, 2, "round",
                 "format.srgb_before_abi_1_2");
    scene_format("format_rgba16f", DXGI_FORMAT_R16G16B16A16_FLOAT, half, 16, 2, "exact",
                 "format.texture_unsupported");
    scene_format("format_bc1", DXGI_FORMAT_BC1_UNORM, bc1, 8, 4, "exact",
                 "format.bc_before_abi_1_2");
}

/* UpdateSubresource of a 2 x 2 box in the middle of the 4 x 4 texture. */
static void scene_update_region(void)
{
    static const uint8_t white[16] = {255, 255, 255, 255, 255, 255, 255, 255,
                                      255, 255, 255, 255, 255, 255, 255, 255};
    static const D3D11_BOX box = {1, 1, 0, 3, 3, 1};
    HRESULT hr;
    ID3D11Texture2D *tex = texture(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, checker, 16, &hr);
    ID3D11SamplerState *s = sampler(D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP);
    uint8_t *img;
    prog_scene("update_texture_region");
    ID3D11DeviceContext_UpdateSubresource(P.ctx, (ID3D11Resource *)tex, 0, &box, white, 8, 0);
    img = draw_sampled(tex, s, 4, 4, 1.0f, "ps", 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    CHECK(prog_near(prog_px(img, 4, 4, 1, 1), 255, 255, 255, 255, 0));
    CHECK(prog_near(prog_px(img, 4, 4, 2, 2), 255, 255, 255, 255, 0));
    CHECK(memcmp(prog_px(img, 4, 4, 0, 0), checker, 4) == 0);
    CHECK(memcmp(prog_px(img, 4, 4, 3, 3), checker + 60, 4) == 0);
    prog_result_image("target", img, 4, 4, 4, "exact");
    free(img);
    ID3D11SamplerState_Release(s);
    ID3D11Texture2D_Release(tex);
}

/* Two render targets written by one pixel shader. */
static void scene_mrt(void)
{
    struct consts c = {{16, 16}, {1, 1}, 0, {0, 0, 0}};
    ID3D11RenderTargetView *rtv[2];
    ID3D11Texture2D *t0 = prog_target(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, &rtv[0]);
    ID3D11Texture2D *t1 = prog_target(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, &rtv[1]);
    ID3D11Buffer *cb = prog_buffer(D3D11_BIND_CONSTANT_BUFFER, sizeof c, &c);
    uint8_t *a, *b;
    UINT w, h;
    prog_scene("multiple_render_targets");
    prog_shaders(hlsl, "vs", "ps_mrt", NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(P.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_PSSetConstantBuffers(P.ctx, 0, 1, &cb);
    ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 2, rtv, NULL);
    prog_viewport(16, 16);
    ID3D11DeviceContext_Draw(P.ctx, 3, 0);
    a = prog_readback(t0, &w, &h, 4);
    b = prog_readback(t1, &w, &h, 4);
    CHECK(prog_near(prog_px(a, 16, 4, 5, 5), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(b, 16, 4, 15, 0), 0, 247, 0, 255, 1)); /* 15.5 / 16 */
    prog_result_image("target0", a, 16, 16, 4, "exact");
    prog_result_image("target1", b, 16, 16, 4, "round");
    free(a);
    free(b);
    ID3D11DeviceContext_ClearState(P.ctx);
    ID3D11Buffer_Release(cb);
    ID3D11RenderTargetView_Release(rtv[0]);
    ID3D11RenderTargetView_Release(rtv[1]);
    ID3D11Texture2D_Release(t0);
    ID3D11Texture2D_Release(t1);
}

int main(int argc, char **argv)
{
    prog_init(argc, argv);
    scene_point();
    scene_linear(D3D11_TEXTURE_ADDRESS_CLAMP, "sample_linear_clamp");
    scene_linear(D3D11_TEXTURE_ADDRESS_MIRROR, "sample_linear_mirror");
    scene_mips();
    scene_mip_hazards();
    scene_formats();
    scene_update_region();
    scene_mrt();
    return prog_finish();
}
