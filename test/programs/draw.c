/* SPDX-License-Identifier: MIT */
/* draw.c — how vertices reach the rasteriser: topologies, 16- and 32-bit indices with
 * start-index offsets, instancing through per-instance data and a start instance, vertex
 * formats other than floats. Every scene draws on black and reads the target back. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

static const char *hlsl =
    "struct vin { float2 pos : POSITION; float4 color : COLOR; };\n"
    "struct vout { float4 pos : SV_Position; float4 color : COLOR; };\n"
    "vout vs(vin v) { vout o; o.pos = float4(v.pos, 0.0, 1.0); o.color = v.color; return o; }\n"
    "float4 ps(vout v) : SV_Target { return v.color; }\n"
    "struct iin { float2 pos : POSITION; float2 offset : OFFSET; float4 color : COLOR; };\n"
    "vout vs_inst(iin v) { vout o; o.pos = float4(v.pos + v.offset, 0.0, 1.0);\n"
    "    o.color = v.color; return o; }\n";

static const FLOAT black[4] = {0, 0, 0, 1};

struct vtx {
    float x, y, r, g, b, a;
};

static const D3D11_INPUT_ELEMENT_DESC float_layout[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, D3D11_APPEND_ALIGNED_ELEMENT,
     D3D11_INPUT_PER_VERTEX_DATA, 0},
};

/* A strip of four vertices: a full-target green quad. */
static void scene_strip(void)
{
    static const struct vtx v[4] = {
        {-1, -1, 0, 1, 0, 1}, {-1, 1, 0, 1, 0, 1}, {1, -1, 0, 1, 0, 1}, {1, 1, 0, 1, 0, 1}};
    ID3D11Buffer *vb = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof v, v);
    struct prog_canvas t;
    uint8_t *img;
    prog_scene("triangle_strip");
    t = prog_canvas_begin(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, black);
    prog_shaders(hlsl, "vs", "ps", float_layout, 2);
    prog_vertices(vb, sizeof(struct vtx), D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11DeviceContext_Draw(P.ctx, 4, 0);
    img = prog_canvas_end(&t, "exact");
    CHECK(prog_near(prog_px(img, 16, 4, 0, 0), 0, 255, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 15, 15), 0, 255, 0, 255, 0));
    free(img);
    ID3D11Buffer_Release(vb);
}

/* Points at texel centres and a horizontal line: the points cover exactly their texel. */
static void scene_points_lines(void)
{
    /* Texel (x, y) of a 16 x 16 target has its centre at ((x + 0.5) / 8 - 1, 1 - (y + 0.5) / 8). */
    static const struct vtx pts[2] = {{-1 + 2.5f / 8, 1 - 3.5f / 8, 1, 0, 0, 1},
                                      {-1 + 12.5f / 8, 1 - 9.5f / 8, 0, 0, 1, 1}};
    static const struct vtx line[2] = {{-1, 1 - 13.5f / 8, 1, 1, 1, 1},
                                       {1, 1 - 13.5f / 8, 1, 1, 1, 1}};
    ID3D11Buffer *vb1 = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof pts, pts);
    ID3D11Buffer *vb2 = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof line, line);
    struct prog_canvas t;
    uint8_t *img;
    prog_scene("points_and_lines");
    t = prog_canvas_begin(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, black);
    prog_shaders(hlsl, "vs", "ps", float_layout, 2);
    prog_vertices(vb1, sizeof(struct vtx), D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_Draw(P.ctx, 2, 0);
    prog_vertices(vb2, sizeof(struct vtx), D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
    ID3D11DeviceContext_Draw(P.ctx, 2, 0);
    img = prog_canvas_end(&t, "edges 4");
    CHECK(prog_near(prog_px(img, 16, 4, 2, 3), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 12, 9), 0, 0, 255, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 8, 13), 255, 255, 255, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 8, 5), 0, 0, 0, 255, 0));
    free(img);
    ID3D11Buffer_Release(vb1);
    ID3D11Buffer_Release(vb2);
}

/* 32-bit indices starting at index 3 of the buffer: the second of two quads (blue, right
 * half); the first (red, left half) is never drawn. */
static void scene_index32_start(void)
{
    static const struct vtx v[8] = {{-1, -1, 1, 0, 0, 1}, {-1, 1, 1, 0, 0, 1}, {0, 1, 1, 0, 0, 1},
                                    {0, -1, 1, 0, 0, 1},  {0, -1, 0, 0, 1, 1}, {0, 1, 0, 0, 1, 1},
                                    {1, 1, 0, 0, 1, 1},   {1, -1, 0, 0, 1, 1}};
    static const UINT idx[9] = {0, 1, 2, 4, 5, 6, 4, 6, 7};
    ID3D11Buffer *vb = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof v, v);
    ID3D11Buffer *ib = prog_buffer(D3D11_BIND_INDEX_BUFFER, sizeof idx, idx);
    struct prog_canvas t;
    uint8_t *img;
    prog_scene("index32_start_index");
    t = prog_canvas_begin(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, black);
    prog_shaders(hlsl, "vs", "ps", float_layout, 2);
    prog_vertices(vb, sizeof(struct vtx), D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_IASetIndexBuffer(P.ctx, ib, DXGI_FORMAT_R32_UINT, 0);
    ID3D11DeviceContext_DrawIndexed(P.ctx, 6, 3, 0);
    img = prog_canvas_end(&t, "exact");
    CHECK(prog_near(prog_px(img, 16, 4, 12, 8), 0, 0, 255, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 3, 8), 0, 0, 0, 255, 0));
    free(img);
    ID3D11Buffer_Release(ib);
    ID3D11Buffer_Release(vb);
}

struct inst {
    float dx, dy, r, g, b, a;
};

/* One small quad drawn four times: per-instance offsets and colours from a second vertex
 * buffer (step rate 1), starting at instance 1 of five. */
static void scene_instancing(void)
{
    static const float quad[12] = {-1, -1, -1,    -0.5f, -0.5f, -0.5f,
                                   -1, -1, -0.5f, -0.5f, -0.5f, -1};
    static const struct inst inst[5] = {{1.5f, 1.5f, 1, 1, 1, 1},
                                        {0, 0, 1, 0, 0, 1},
                                        {0.5f, 0, 0, 1, 0, 1},
                                        {1.0f, 0, 0, 0, 1, 1},
                                        {1.5f, 0, 1, 1, 0, 1}};
    static const D3D11_INPUT_ELEMENT_DESC e[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"OFFSET", 0, DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 8, D3D11_INPUT_PER_INSTANCE_DATA, 1},
    };
    ID3D11Buffer *vbs[2];
    UINT strides[2] = {8, sizeof(struct inst)}, offsets[2] = {0, 0};
    struct prog_canvas t;
    uint8_t *img;
    prog_scene("instancing");
    vbs[0] = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof quad, quad);
    vbs[1] = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof inst, inst);
    t = prog_canvas_begin(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, black);
    prog_shaders(hlsl, "vs_inst", "ps", e, 3);
    ID3D11DeviceContext_IASetVertexBuffers(P.ctx, 0, 2, vbs, strides, offsets);
    ID3D11DeviceContext_IASetPrimitiveTopology(P.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_DrawInstanced(P.ctx, 6, 4, 0, 1);
    img = prog_canvas_end(&t, "exact");
    /* Each quad covers a 4 x 4 block along the bottom row; instance 0 (white) is skipped. */
    CHECK(prog_near(prog_px(img, 16, 4, 1, 14), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 5, 14), 0, 255, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 9, 14), 0, 0, 255, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 13, 14), 255, 255, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 13, 1), 0, 0, 0, 255, 0));
    free(img);
    ID3D11Buffer_Release(vbs[0]);
    ID3D11Buffer_Release(vbs[1]);
}

/* Positions as R16G16_SNORM and colours as R8G8B8A8_UNORM, in one interleaved buffer. */
static void scene_vertex_formats(void)
{
    struct packed {
        short x, y;
        unsigned char c[4];
    };
    static const struct packed v[3] = {{-32767, -32767, {255, 0, 0, 255}},
                                       {-32767, 32767, {255, 0, 0, 255}},
                                       {32767, -32767, {255, 0, 0, 255}}};
    static const D3D11_INPUT_ELEMENT_DESC e[] = {
        {"POSITION", 0, DXGI_FORMAT_R16G16_SNORM, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 4, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    ID3D11Buffer *vb = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof v, v);
    struct prog_canvas t;
    uint8_t *img;
    prog_scene("vertex_formats");
    t = prog_canvas_begin(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, black);
    prog_shaders(hlsl, "vs", "ps", e, 2);
    prog_vertices(vb, sizeof(struct packed), D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(P.ctx, 3, 0);
    img = prog_canvas_end(&t, "edges 16");
    CHECK(prog_near(prog_px(img, 16, 4, 1, 14), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 14, 1), 0, 0, 0, 255, 0));
    free(img);
    ID3D11Buffer_Release(vb);
}

int main(int argc, char **argv)
{
    prog_init(argc, argv);
    scene_strip();
    scene_points_lines();
    scene_index32_start();
    scene_instancing();
    scene_vertex_formats();
    return prog_finish();
}
