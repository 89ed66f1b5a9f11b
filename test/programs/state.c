/* SPDX-License-Identifier: MIT */
/* state.c — the pipeline state an application sets around its draws: constant buffers
 * updated between draws (UpdateSubresource and Map WRITE_DISCARD), depth testing, stencil
 * operations, blending, write masks, scissor rectangles, viewports and culling. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

/* A quad at depth z from a constant buffer, in the constant buffer's colour. */
static const char *hlsl =
    "cbuffer params : register(b0) { float4 color; float4 rect; float depth; };\n"
    "float4 vs(float2 p : POSITION) : SV_Position {\n"
    "    return float4(lerp(rect.xy, rect.zw, p), depth, 1.0); }\n"
    "float4 ps() : SV_Target { return color; }\n";

struct params {
    float color[4];
    float rect[4]; /* x0, y0, x1, y1 in clip space */
    float depth;
    float pad[3];
};

static const FLOAT black[4] = {0, 0, 0, 1};
static ID3D11Buffer *unit_quad;

struct scene {
    struct prog_canvas c;
    ID3D11Texture2D *depth;
    ID3D11DepthStencilView *dsv;
    ID3D11Buffer *cb;
};

static struct scene begin(const char *name, BOOL with_depth, BOOL dynamic_cb)
{
    static const D3D11_INPUT_ELEMENT_DESC e = {
        "POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
    struct scene s;
    memset(&s, 0, sizeof s);
    prog_scene(name);
    s.c = prog_canvas_begin(32, 32, DXGI_FORMAT_R8G8B8A8_UNORM, black);
    if (with_depth) {
        s.dsv = prog_depth(32, 32, DXGI_FORMAT_D24_UNORM_S8_UINT, &s.depth);
        ID3D11DeviceContext_ClearDepthStencilView(P.ctx, s.dsv,
                                                  D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0f, 0);
        ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 1, &s.c.rtv, s.dsv);
    }
    s.cb = dynamic_cb ? prog_dynamic_buffer(D3D11_BIND_CONSTANT_BUFFER, sizeof(struct params))
                      : prog_buffer(D3D11_BIND_CONSTANT_BUFFER, sizeof(struct params), NULL);
    prog_shaders(hlsl, "vs", "ps", &e, 1);
    prog_vertices(unit_quad, 8, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11DeviceContext_VSSetConstantBuffers(P.ctx, 0, 1, &s.cb);
    ID3D11DeviceContext_PSSetConstantBuffers(P.ctx, 0, 1, &s.cb);
    return s;
}

/* Draws the quad (x0, y0)-(x1, y1) at depth z in colour c. */
static void quad(struct scene *s, BOOL map, float x0, float y0, float x1, float y1, float z,
                 const float c[4])
{
    struct params p;
    memset(&p, 0, sizeof p);
    memcpy(p.color, c, sizeof p.color);
    p.rect[0] = x0;
    p.rect[1] = y0;
    p.rect[2] = x1;
    p.rect[3] = y1;
    p.depth = z;
    if (map)
        prog_map_write(P.ctx, s->cb, D3D11_MAP_WRITE_DISCARD, 0, &p, sizeof p);
    else
        ID3D11DeviceContext_UpdateSubresource(P.ctx, (ID3D11Resource *)s->cb, 0, NULL, &p, 0, 0);
    ID3D11DeviceContext_Draw(P.ctx, 4, 0);
}

static uint8_t *end(struct scene *s, const char *mode)
{
    uint8_t *img = prog_canvas_end(&s->c, mode);
    if (s->dsv != NULL) {
        ID3D11DepthStencilView_Release(s->dsv);
        ID3D11Texture2D_Release(s->depth);
    }
    ID3D11Buffer_Release(s->cb);
    return img;
}

static const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1}, blue[4] = {0, 0, 1, 1},
                   half_white[4] = {1, 1, 1, 0.5f};

/* Four quads, the constant buffer rewritten before each (DEFAULT: UpdateSubresource;
 * DYNAMIC: Map WRITE_DISCARD): each draw sees its own values. */
static void scene_constants(BOOL map)
{
    struct scene s =
        begin(map ? "constant_buffer_map_discard" : "constant_buffer_update", FALSE, map);
    uint8_t *img;
    quad(&s, map, -1, 0, 0, 1, 0.5f, red);
    quad(&s, map, 0, 0, 1, 1, 0.5f, green);
    quad(&s, map, -1, -1, 0, 0, 0.5f, blue);
    quad(&s, map, 0, -1, 1, 0, 0.5f, half_white);
    img = end(&s, "exact");
    CHECK(prog_near(prog_px(img, 32, 4, 8, 8), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 24, 8), 0, 255, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 8, 24), 0, 0, 255, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 24, 24), 255, 255, 255, 128, 0));
    free(img);
}

static ID3D11DepthStencilState *depth_state(const D3D11_DEPTH_STENCIL_DESC *d)
{
    ID3D11DepthStencilState *s = NULL;
    HRESULT hr = ID3D11Device_CreateDepthStencilState(P.dev, d, &s);
    if (!prog_refused(hr, "depth_stencil.stencil_ops"))
        CHECK_HR(hr, S_OK);
    return s;
}

/* LESS: a far quad drawn after a near one stays behind it; with depth writes off the near
 * quad's depth is not kept, so a farther third quad shows. */
static void scene_depth(void)
{
    D3D11_DEPTH_STENCIL_DESC d;
    ID3D11DepthStencilState *less, *no_write;
    struct scene s = begin("depth_test", TRUE, FALSE);
    uint8_t *img;
    memset(&d, 0, sizeof d);
    d.DepthEnable = TRUE;
    d.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    d.DepthFunc = D3D11_COMPARISON_LESS;
    less = depth_state(&d);
    d.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ZERO;
    no_write = depth_state(&d);
    ID3D11DeviceContext_OMSetDepthStencilState(P.ctx, less, 0);
    quad(&s, FALSE, -1, -1, 0, 1, 0.25f, red);   /* left half near */
    quad(&s, FALSE, -1, -1, 1, 1, 0.75f, green); /* everything far: right half only */
    ID3D11DeviceContext_OMSetDepthStencilState(P.ctx, no_write, 0);
    quad(&s, FALSE, -1, -1, 1, 0, 0.5f, blue);       /* bottom half, between: over the green */
    quad(&s, FALSE, -1, -1, 1, 0, 0.6f, half_white); /* not over blue's depth: none kept */
    img = end(&s, "exact");
    CHECK(prog_near(prog_px(img, 32, 4, 8, 8), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 24, 8), 0, 255, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 8, 24), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 24, 24), 255, 255, 255, 128, 0));
    free(img);
    ID3D11DepthStencilState_Release(less);
    ID3D11DepthStencilState_Release(no_write);
}

/* Stencil: a quad writes reference 1 (REPLACE) without colour; then a full-target draw
 * with EQUAL 1 colours only where it was written, and one with INCR marks the rest. */
static void scene_stencil(void)
{
    D3D11_DEPTH_STENCIL_DESC d;
    ID3D11DepthStencilState *write, *equal;
    struct scene s = begin("stencil", TRUE, FALSE);
    uint8_t *img;
    memset(&d, 0, sizeof d);
    d.DepthEnable = FALSE;
    d.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ZERO;
    d.DepthFunc = D3D11_COMPARISON_ALWAYS;
    d.StencilEnable = TRUE;
    d.StencilReadMask = d.StencilWriteMask = 0xFF;
    d.FrontFace.StencilFailOp = d.FrontFace.StencilDepthFailOp = D3D11_STENCIL_OP_KEEP;
    d.FrontFace.StencilPassOp = D3D11_STENCIL_OP_REPLACE;
    d.FrontFace.StencilFunc = D3D11_COMPARISON_ALWAYS;
    d.BackFace = d.FrontFace;
    write = depth_state(&d);
    d.FrontFace.StencilPassOp = D3D11_STENCIL_OP_KEEP;
    d.FrontFace.StencilFunc = D3D11_COMPARISON_EQUAL;
    d.BackFace = d.FrontFace;
    equal = depth_state(&d);
    if (write == NULL || equal == NULL) {
        if (write != NULL)
            ID3D11DepthStencilState_Release(write);
        if (equal != NULL)
            ID3D11DepthStencilState_Release(equal);
        free(end(&s, "exact"));
        return;
    }
    ID3D11DeviceContext_OMSetDepthStencilState(P.ctx, write, 1);
    quad(&s, FALSE, -0.5f, -0.5f, 0.5f, 0.5f, 0.5f, red);
    ID3D11DeviceContext_OMSetDepthStencilState(P.ctx, equal, 1);
    quad(&s, FALSE, -1, -1, 1, 1, 0.5f, green);
    img = end(&s, "exact");
    CHECK(prog_near(prog_px(img, 32, 4, 16, 16), 0, 255, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 2, 2), 0, 0, 0, 255, 0));
    free(img);
    ID3D11DepthStencilState_Release(write);
    ID3D11DepthStencilState_Release(equal);
}

/* Alpha blending, additive blending, the blend factor and a write mask, one quadrant each
 * over a red quad. */
static void scene_blend(void)
{
    static const FLOAT factor[4] = {0.25f, 0.25f, 0.25f, 0.25f};
    static const float half_blue[4] = {0, 0, 1, 0.5f};
    ID3D11BlendState *alpha =
        prog_blend(TRUE, D3D11_BLEND_SRC_ALPHA, D3D11_BLEND_INV_SRC_ALPHA, D3D11_BLEND_OP_ADD, 0xF);
    ID3D11BlendState *add =
        prog_blend(TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, 0xF);
    ID3D11BlendState *fac =
        prog_blend(TRUE, D3D11_BLEND_BLEND_FACTOR, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, 0xF);
    ID3D11BlendState *mask = prog_blend(FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO,
                                        D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_GREEN);
    struct scene s = begin("blend", FALSE, FALSE);
    uint8_t *img;
    quad(&s, FALSE, -1, -1, 1, 1, 0.5f, red);
    ID3D11DeviceContext_OMSetBlendState(P.ctx, alpha, NULL, 0xFFFFFFFF);
    quad(&s, FALSE, -1, 0, 0, 1, 0.5f, half_blue);
    ID3D11DeviceContext_OMSetBlendState(P.ctx, add, NULL, 0xFFFFFFFF);
    quad(&s, FALSE, 0, 0, 1, 1, 0.5f, green);
    ID3D11DeviceContext_OMSetBlendState(P.ctx, fac, factor, 0xFFFFFFFF);
    quad(&s, FALSE, -1, -1, 0, 0, 0.5f, green);
    ID3D11DeviceContext_OMSetBlendState(P.ctx, mask, NULL, 0xFFFFFFFF);
    quad(&s, FALSE, 0, -1, 1, 0, 0.5f, half_white);
    img = end(&s, "round");
    CHECK(prog_near(prog_px(img, 32, 4, 8, 8), 128, 0, 128, 191, 1));   /* 0.5 red + 0.5 blue */
    CHECK(prog_near(prog_px(img, 32, 4, 24, 8), 255, 255, 0, 255, 0));  /* red + green */
    CHECK(prog_near(prog_px(img, 32, 4, 8, 24), 0, 64, 0, 64, 1));      /* green x 0.25 */
    CHECK(prog_near(prog_px(img, 32, 4, 24, 24), 255, 255, 0, 255, 0)); /* green written only */
    free(img);
    ID3D11BlendState_Release(alpha);
    ID3D11BlendState_Release(add);
    ID3D11BlendState_Release(fac);
    ID3D11BlendState_Release(mask);
}

static ID3D11RasterizerState *raster(D3D11_CULL_MODE cull, BOOL scissor)
{
    D3D11_RASTERIZER_DESC d;
    ID3D11RasterizerState *r = NULL;
    memset(&d, 0, sizeof d);
    d.FillMode = D3D11_FILL_SOLID;
    d.CullMode = cull;
    d.DepthClipEnable = TRUE;
    d.ScissorEnable = scissor;
    CHECK_HR(ID3D11Device_CreateRasterizerState(P.dev, &d, &r), S_OK);
    return r;
}

/* A scissor rectangle clips a full-target quad; a second viewport on the right quarter
 * squeezes another into it. */
static void scene_scissor_viewport(void)
{
    static const D3D11_RECT rect = {4, 4, 12, 20};
    D3D11_VIEWPORT vp = {24.0f, 8.0f, 8.0f, 16.0f, 0.0f, 1.0f};
    ID3D11RasterizerState *rs = raster(D3D11_CULL_NONE, TRUE),
                          *plain = raster(D3D11_CULL_NONE, FALSE);
    struct scene s = begin("scissor_viewport", FALSE, FALSE);
    uint8_t *img;
    ID3D11DeviceContext_RSSetState(P.ctx, rs);
    ID3D11DeviceContext_RSSetScissorRects(P.ctx, 1, &rect);
    quad(&s, FALSE, -1, -1, 1, 1, 0.5f, red);
    ID3D11DeviceContext_RSSetState(P.ctx, plain);
    ID3D11DeviceContext_RSSetViewports(P.ctx, 1, &vp);
    quad(&s, FALSE, -1, -1, 1, 1, 0.5f, blue);
    img = end(&s, "exact");
    CHECK(prog_near(prog_px(img, 32, 4, 4, 4), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 11, 19), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 12, 4), 0, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 3, 10), 0, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 24, 8), 0, 0, 255, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 31, 23), 0, 0, 255, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 28, 24), 0, 0, 0, 255, 0));
    free(img);
    ID3D11RasterizerState_Release(rs);
    ID3D11RasterizerState_Release(plain);
}

/* Back-face culling: the unit quad's strip is clockwise on screen for x0 < x1, y0 < y1;
 * mirrored (x1 < x0) it is counter-clockwise and culled by CULL_BACK, kept by CULL_FRONT. */
static void scene_cull(void)
{
    ID3D11RasterizerState *back = raster(D3D11_CULL_BACK, FALSE),
                          *front = raster(D3D11_CULL_FRONT, FALSE);
    struct scene s = begin("cull", FALSE, FALSE);
    uint8_t *img;
    ID3D11DeviceContext_RSSetState(P.ctx, back);
    quad(&s, FALSE, -1, -1, 0, 1, 0.5f, red);  /* clockwise: drawn */
    quad(&s, FALSE, 1, -1, 0, 1, 0.5f, green); /* mirrored: culled */
    ID3D11DeviceContext_RSSetState(P.ctx, front);
    quad(&s, FALSE, 1, -1, 0, 0, 0.5f, blue); /* mirrored, bottom right: drawn */
    img = end(&s, "exact");
    CHECK(prog_near(prog_px(img, 32, 4, 8, 8), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 24, 8), 0, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 24, 24), 0, 0, 255, 255, 0));
    free(img);
    ID3D11RasterizerState_Release(back);
    ID3D11RasterizerState_Release(front);
}

int main(int argc, char **argv)
{
    static const float unit[8] = {0, 0, 0, 1, 1, 0, 1, 1};
    prog_init(argc, argv);
    unit_quad = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof unit, unit);
    scene_constants(FALSE);
    scene_constants(TRUE);
    scene_depth();
    scene_stencil();
    scene_blend();
    scene_scissor_viewport();
    scene_cull();
    ID3D11Buffer_Release(unit_quad);
    return prog_finish();
}
