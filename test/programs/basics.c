/* SPDX-License-Identifier: MIT */
/* basics.c — the first things an application does: clear a target and read it back, draw
 * a triangle with vertex colours, an indexed quad with a base vertex. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

static const char *color_hlsl =
    "struct vin { float2 pos : POSITION; float4 color : COLOR; };\n"
    "struct vout { float4 pos : SV_Position; float4 color : COLOR; };\n"
    "vout vs(vin v) { vout o; o.pos = float4(v.pos, 0.0, 1.0); o.color = v.color; return o; }\n"
    "float4 ps(vout v) : SV_Target { return v.color; }\n";

struct vertex {
    float x, y;
    float r, g, b, a;
};

/* Clear values that convert to UNORM8 exactly: 0.2 * 255 = 51, 0.4 * 255 = 102, ... */
static void scene_clear(void)
{
    static const FLOAT color[4] = {0.2f, 0.4f, 0.6f, 1.0f};
    ID3D11RenderTargetView *rtv;
    ID3D11Texture2D *t = prog_target(16, 8, DXGI_FORMAT_R8G8B8A8_UNORM, &rtv);
    uint8_t *img;
    UINT w, h;
    prog_scene("clear");
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv, color);
    img = prog_readback(t, &w, &h, 4);
    CHECK(w == 16 && h == 8);
    CHECK(prog_near(prog_px(img, w, 4, 0, 0), 51, 102, 153, 255, 0));
    CHECK(prog_near(prog_px(img, w, 4, 15, 7), 51, 102, 153, 255, 0));
    prog_result_image("target", img, w, h, 4, "exact");
    free(img);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Texture2D_Release(t);
}

static void bind_color_pipeline(ID3D11Buffer *vb)
{
    static const D3D11_INPUT_ELEMENT_DESC e[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    prog_shaders(color_hlsl, "vs", "ps", e, 2);
    prog_vertices(vb, sizeof(struct vertex), D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
}

static const FLOAT black[4] = {0, 0, 0, 1};

/* A triangle over the left half with red, green and blue corners; the right half keeps
 * the clear colour. */
static void scene_triangle(void)
{
    static const struct vertex v[3] = {
        {-1.0f, -1.0f, 1, 0, 0, 1}, {-1.0f, 1.0f, 0, 1, 0, 1}, {0.0f, -1.0f, 0, 0, 1, 1}};
    ID3D11Buffer *vb = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof v, v);
    struct prog_canvas c;
    uint8_t *img;
    prog_scene("triangle");
    c = prog_canvas_begin(64, 64, DXGI_FORMAT_R8G8B8A8_UNORM, black);
    bind_color_pipeline(vb);
    ID3D11DeviceContext_Draw(P.ctx, 3, 0);
    img = prog_canvas_end(&c, "edges 64");
    /* Near the red corner (bottom left) the colour is mostly red; right half untouched. */
    CHECK(prog_px(img, 64, 4, 1, 62)[0] > 200 && prog_px(img, 64, 4, 1, 62)[2] < 40);
    CHECK(prog_near(prog_px(img, 64, 4, 48, 32), 0, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 64, 4, 63, 0), 0, 0, 0, 255, 0));
    free(img);
    ID3D11Buffer_Release(vb);
}

/* Two triangles through an index buffer whose indices start at 0 while the quad's vertices
 * start at 4 in the vertex buffer (BaseVertexLocation 4): a white quad in the middle. */
static void scene_indexed(void)
{
    static const struct vertex v[8] = {{-1, -1, 1, 0, 0, 1},       {-1, 1, 1, 0, 0, 1},
                                       {1, 1, 1, 0, 0, 1},         {1, -1, 1, 0, 0, 1},
                                       {-0.5f, -0.5f, 1, 1, 1, 1}, {-0.5f, 0.5f, 1, 1, 1, 1},
                                       {0.5f, 0.5f, 1, 1, 1, 1},   {0.5f, -0.5f, 1, 1, 1, 1}};
    static const USHORT idx[6] = {0, 1, 2, 0, 2, 3};
    ID3D11Buffer *vb = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof v, v);
    ID3D11Buffer *ib = prog_buffer(D3D11_BIND_INDEX_BUFFER, sizeof idx, idx);
    struct prog_canvas c;
    uint8_t *img;
    prog_scene("indexed_base_vertex");
    c = prog_canvas_begin(32, 32, DXGI_FORMAT_R8G8B8A8_UNORM, black);
    bind_color_pipeline(vb);
    ID3D11DeviceContext_IASetIndexBuffer(P.ctx, ib, DXGI_FORMAT_R16_UINT, 0);
    ID3D11DeviceContext_DrawIndexed(P.ctx, 6, 0, 4);
    img = prog_canvas_end(&c, "exact");
    CHECK(prog_near(prog_px(img, 32, 4, 16, 16), 255, 255, 255, 255, 0));
    CHECK(prog_near(prog_px(img, 32, 4, 2, 2), 0, 0, 0, 255, 0));
    free(img);
    ID3D11Buffer_Release(ib);
    ID3D11Buffer_Release(vb);
}

int main(int argc, char **argv)
{
    prog_init(argc, argv);
    scene_clear();
    scene_triangle();
    scene_indexed();
    return prog_finish();
}
