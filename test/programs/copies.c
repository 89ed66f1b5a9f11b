/* SPDX-License-Identifier: MIT */
/* copies.c — moving data the ways applications do: CopyResource and CopySubresourceRegion
 * of textures and buffers, UpdateSubresource of a buffer range, and every Map mode (READ,
 * WRITE, READ_WRITE on staging resources, WRITE_DISCARD and WRITE_NO_OVERWRITE on a
 * dynamic vertex buffer, a dynamic texture, DO_NOT_WAIT polling). */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

static void pattern(uint8_t *p, UINT n, UINT seed)
{
    UINT i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)(i * 7u + seed * 13u + (i >> 3));
}

static void scene_copy_texture(void)
{
    uint8_t src[16 * 16 * 4], *img;
    ID3D11Texture2D *a, *b;
    UINT w, h;
    pattern(src, sizeof src, 1);
    prog_scene("copy_resource_texture");
    a = prog_texture(16, 16, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, src);
    b = prog_texture(16, 16, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, NULL);
    ID3D11DeviceContext_CopyResource(P.ctx, (ID3D11Resource *)b, (ID3D11Resource *)a);
    img = prog_readback(b, &w, &h, 4);
    CHECK(memcmp(img, src, sizeof src) == 0);
    prog_result_image("copy", img, w, h, 4, "exact");
    free(img);
    ID3D11Texture2D_Release(a);
    ID3D11Texture2D_Release(b);
}

/* A 5 x 3 box from (2, 4) of one texture to (9, 1) of another filled with zeroes. */
static void scene_copy_region(void)
{
    static const D3D11_BOX box = {2, 4, 0, 7, 7, 1};
    uint8_t src[16 * 16 * 4], *img;
    ID3D11Texture2D *a, *b;
    UINT w, h, x, y, ok = 1;
    pattern(src, sizeof src, 2);
    prog_scene("copy_subresource_region");
    a = prog_texture(16, 16, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, src);
    memset(src + 1024, 0, 0);
    b = prog_texture(16, 16, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, NULL);
    {
        ID3D11RenderTargetView *rtv = NULL;
        static const FLOAT zero[4] = {0, 0, 0, 0};
        CHECK_HR(ID3D11Device_CreateRenderTargetView(P.dev, (ID3D11Resource *)b, NULL, &rtv), S_OK);
        ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv, zero);
        ID3D11RenderTargetView_Release(rtv);
    }
    ID3D11DeviceContext_CopySubresourceRegion(P.ctx, (ID3D11Resource *)b, 0, 9, 1, 0,
                                              (ID3D11Resource *)a, 0, &box);
    img = prog_readback(b, &w, &h, 4);
    for (y = 0; y < 16; y++)
        for (x = 0; x < 16; x++) {
            BOOL in = x >= 9 && x < 14 && y >= 1 && y < 4;
            const uint8_t *want = in ? src + ((y + 3) * 16 + (x - 7)) * 4 : NULL;
            const uint8_t *got = prog_px(img, 16, 4, x, y);
            ok &= want != NULL ? memcmp(got, want, 4) == 0 : !(got[0] | got[1] | got[2] | got[3]);
        }
    CHECK(ok);
    prog_result_image("copy", img, w, h, 4, "exact");
    free(img);
    ID3D11Texture2D_Release(a);
    ID3D11Texture2D_Release(b);
}

/* Buffers: a region copy between offsets, and UpdateSubresource of a range. */
static void scene_buffers(void)
{
    static const D3D11_BOX range = {16, 0, 0, 48, 1, 1};
    static const D3D11_BOX dst_part = {8, 0, 0, 40, 1, 1};
    uint8_t a[256], upd[32], *out;
    ID3D11Buffer *src, *dst;
    pattern(a, sizeof a, 3);
    pattern(upd, sizeof upd, 4);
    prog_scene("buffer_copy_and_update");
    src = prog_buffer(D3D11_BIND_VERTEX_BUFFER, 256, a);
    dst = prog_buffer(D3D11_BIND_VERTEX_BUFFER, 256, a);
    ID3D11DeviceContext_CopySubresourceRegion(P.ctx, (ID3D11Resource *)dst, 0, 128, 0, 0,
                                              (ID3D11Resource *)src, 0, &dst_part);
    ID3D11DeviceContext_UpdateSubresource(P.ctx, (ID3D11Resource *)dst, 0, &range, upd, 0, 0);
    out = prog_readback_buffer(dst, 256);
    CHECK(memcmp(out, a, 16) == 0);
    CHECK(memcmp(out + 16, upd, 32) == 0);
    CHECK(memcmp(out + 48, a + 48, 80) == 0);
    CHECK(memcmp(out + 128, a + 8, 32) == 0);
    CHECK(memcmp(out + 160, a + 160, 96) == 0);
    prog_result_bytes("buffer", out, 256, "exact");
    free(out);
    ID3D11Buffer_Release(src);
    ID3D11Buffer_Release(dst);
}

/* Staging WRITE, copied to a default texture and back to a READ staging; READ_WRITE
 * changes bytes in place. */
static void scene_staging(void)
{
    uint8_t data[8 * 8 * 4], *img;
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Texture2D *up, *mid, *rw;
    UINT y, w, h;
    pattern(data, sizeof data, 5);
    prog_scene("map_staging_write_read_write");
    up = prog_texture(8, 8, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_WRITE, NULL);
    mid = prog_texture(8, 8, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, NULL);
    rw = prog_texture(8, 8, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_WRITE | D3D11_CPU_ACCESS_READ,
                      NULL);
    if (CHECK_HR(ID3D11DeviceContext_Map(P.ctx, (ID3D11Resource *)up, 0, D3D11_MAP_WRITE, 0, &m),
                 S_OK)) {
        CHECK(m.RowPitch >= 32);
        for (y = 0; y < 8; y++)
            memcpy((uint8_t *)m.pData + y * m.RowPitch, data + y * 32, 32);
        ID3D11DeviceContext_Unmap(P.ctx, (ID3D11Resource *)up, 0);
    }
    ID3D11DeviceContext_CopyResource(P.ctx, (ID3D11Resource *)mid, (ID3D11Resource *)up);
    ID3D11DeviceContext_CopyResource(P.ctx, (ID3D11Resource *)rw, (ID3D11Resource *)mid);
    if (CHECK_HR(
            ID3D11DeviceContext_Map(P.ctx, (ID3D11Resource *)rw, 0, D3D11_MAP_READ_WRITE, 0, &m),
            S_OK)) {
        CHECK(memcmp(m.pData, data, 32) == 0);
        memset((uint8_t *)m.pData + 3 * m.RowPitch, 0xAB, 32);
        ID3D11DeviceContext_Unmap(P.ctx, (ID3D11Resource *)rw, 0);
    }
    ID3D11DeviceContext_CopyResource(P.ctx, (ID3D11Resource *)mid, (ID3D11Resource *)rw);
    img = prog_readback(mid, &w, &h, 4);
    CHECK(memcmp(img, data, 96) == 0 && img[96] == 0xAB && img[127] == 0xAB);
    CHECK(memcmp(img + 128, data + 128, sizeof data - 128) == 0);
    prog_result_image("result", img, w, h, 4, "exact");
    free(img);
    ID3D11Texture2D_Release(up);
    ID3D11Texture2D_Release(mid);
    ID3D11Texture2D_Release(rw);
}

static const char *hlsl =
    "struct vout { float4 pos : SV_Position; float4 color : COLOR; };\n"
    "vout vs(float2 p : POSITION, float4 c : COLOR) { vout o; o.pos = float4(p, 0, 1);\n"
    "    o.color = c; return o; }\n"
    "float4 ps(vout v) : SV_Target { return v.color; }\n";

struct vtx {
    float x, y;
    uint8_t c[4];
};

static void quad_at(struct vtx *v, float x0, float x1, uint8_t r, uint8_t g, uint8_t b)
{
    const float xs[6] = {x0, x0, x1, x0, x1, x1}, ys[6] = {-1, 1, 1, -1, 1, -1};
    UINT i;
    for (i = 0; i < 6; i++) {
        v[i].x = xs[i];
        v[i].y = ys[i];
        v[i].c[0] = r;
        v[i].c[1] = g;
        v[i].c[2] = b;
        v[i].c[3] = 255;
    }
}

/* A dynamic vertex buffer: DISCARD writes the first quad, NO_OVERWRITE appends the second
 * after it while the first draw may still read; DISCARD again starts over for a third. */
static void scene_dynamic_vb(void)
{
    static const D3D11_INPUT_ELEMENT_DESC e[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0}};
    static const FLOAT black[4] = {0, 0, 0, 1};
    struct vtx v[6];
    ID3D11Buffer *vb = prog_dynamic_buffer(D3D11_BIND_VERTEX_BUFFER, 12 * sizeof(struct vtx));
    struct prog_canvas c;
    uint8_t *img;
    prog_scene("map_dynamic_discard_no_overwrite");
    c = prog_canvas_begin(24, 8, DXGI_FORMAT_R8G8B8A8_UNORM, black);
    prog_shaders(hlsl, "vs", "ps", e, 2);
    prog_vertices(vb, sizeof(struct vtx), D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    quad_at(v, -1, -1.0f / 3, 255, 0, 0);
    prog_map_write(P.ctx, vb, D3D11_MAP_WRITE_DISCARD, 0, v, sizeof v);
    ID3D11DeviceContext_Draw(P.ctx, 6, 0);
    quad_at(v, -1.0f / 3, 1.0f / 3, 0, 255, 0);
    prog_map_write(P.ctx, vb, D3D11_MAP_WRITE_NO_OVERWRITE, sizeof v, v, sizeof v);
    ID3D11DeviceContext_Draw(P.ctx, 6, 6);
    quad_at(v, 1.0f / 3, 1, 0, 0, 255);
    prog_map_write(P.ctx, vb, D3D11_MAP_WRITE_DISCARD, 0, v, sizeof v);
    ID3D11DeviceContext_Draw(P.ctx, 6, 0);
    img = prog_canvas_end(&c, "exact");
    CHECK(prog_near(prog_px(img, 24, 4, 3, 4), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 24, 4, 11, 4), 0, 255, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 24, 4, 20, 4), 0, 0, 255, 255, 0));
    free(img);
    ID3D11Buffer_Release(vb);
}

/* Map(READ, DO_NOT_WAIT) of a staging copy answers S_OK or DXGI_ERROR_WAS_STILL_DRAWING
 * until the copy is done; polling ends with the data. */
static void scene_do_not_wait(void)
{
    uint8_t src[64 * 64 * 4];
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Texture2D *a, *s;
    HRESULT hr;
    UINT tries = 0, stray = 0;
    pattern(src, sizeof src, 6);
    prog_scene("map_do_not_wait");
    a = prog_texture(64, 64, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, src);
    s = prog_texture(64, 64, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, NULL);
    ID3D11DeviceContext_CopyResource(P.ctx, (ID3D11Resource *)s, (ID3D11Resource *)a);
    do {
        hr = ID3D11DeviceContext_Map(P.ctx, (ID3D11Resource *)s, 0, D3D11_MAP_READ,
                                     D3D11_MAP_FLAG_DO_NOT_WAIT, &m);
        stray += hr != S_OK && hr != DXGI_ERROR_WAS_STILL_DRAWING;
        if (hr == DXGI_ERROR_WAS_STILL_DRAWING)
            Sleep(1);
    } while (hr == DXGI_ERROR_WAS_STILL_DRAWING && ++tries < 20000);
    CHECK(stray == 0);
    if (CHECK_HR(hr, S_OK)) {
        CHECK(memcmp(m.pData, src, 256) == 0);
        prog_result_bytes("first_row", m.pData, 256, "exact");
        ID3D11DeviceContext_Unmap(P.ctx, (ID3D11Resource *)s, 0);
    }
    /* DO_NOT_WAIT is for READ / WRITE / READ_WRITE only. */
    CHECK_HR(ID3D11DeviceContext_Map(P.ctx, (ID3D11Resource *)s, 0, D3D11_MAP_WRITE_DISCARD,
                                     D3D11_MAP_FLAG_DO_NOT_WAIT, &m),
             E_INVALIDARG);
    ID3D11Texture2D_Release(a);
    ID3D11Texture2D_Release(s);
}

/* A dynamic texture written with WRITE_DISCARD, row by row at the pitch Map gives, then
 * copied out. */
static void scene_dynamic_texture(void)
{
    uint8_t data[8 * 4 * 4], *img;
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Texture2D *t, *copy;
    UINT y, w, h;
    pattern(data, sizeof data, 7);
    prog_scene("map_dynamic_texture");
    t = prog_texture(8, 4, D3D11_USAGE_DYNAMIC, D3D11_BIND_SHADER_RESOURCE, D3D11_CPU_ACCESS_WRITE,
                     NULL);
    copy = prog_texture(8, 4, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, NULL);
    if (CHECK_HR(
            ID3D11DeviceContext_Map(P.ctx, (ID3D11Resource *)t, 0, D3D11_MAP_WRITE_DISCARD, 0, &m),
            S_OK)) {
        for (y = 0; y < 4; y++)
            memcpy((uint8_t *)m.pData + y * m.RowPitch, data + y * 32, 32);
        ID3D11DeviceContext_Unmap(P.ctx, (ID3D11Resource *)t, 0);
    }
    ID3D11DeviceContext_CopyResource(P.ctx, (ID3D11Resource *)copy, (ID3D11Resource *)t);
    img = prog_readback(copy, &w, &h, 4);
    CHECK(memcmp(img, data, sizeof data) == 0);
    prog_result_image("copy", img, w, h, 4, "exact");
    free(img);
    ID3D11Texture2D_Release(t);
    ID3D11Texture2D_Release(copy);
}

int main(int argc, char **argv)
{
    prog_init(argc, argv);
    scene_copy_texture();
    scene_copy_region();
    scene_buffers();
    scene_staging();
    scene_dynamic_vb();
    scene_do_not_wait();
    scene_dynamic_texture();
    return prog_finish();
}
