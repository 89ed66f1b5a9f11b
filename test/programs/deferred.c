/* SPDX-License-Identifier: MIT */
/* deferred.c — deferred contexts and command lists: a scene recorded on a deferred context
 * (state, clears, draws, an UpdateSubresource) and executed on the immediate one must
 * render what the same calls render there directly; the immediate context's state is
 * restored or cleared afterwards as asked; a list executed on another deferred context is
 * played inside that context's list; GenerateMips makes a texture's smaller levels. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

static const char *hlsl =
    "cbuffer c : register(b0) { float4 color; };\n"
    "float4 vs(float2 p : POSITION) : SV_Position { return float4(p, 0, 1); }\n"
    "float4 ps() : SV_Target { return color; }\n"
    "Texture2D t0 : register(t0);\n"
    "float4 ps_load(float4 pos : SV_Position) : SV_Target {\n"
    "    return t0.Load(int3(0, 0, (int)color.x)); }\n";

struct scene {
    ID3D11Texture2D *tex;
    ID3D11RenderTargetView *rtv;
    ID3D11Buffer *vb, *cb;
    ID3D11InputLayout *layout;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
};

static BOOL use_map; /* the constant buffer DYNAMIC and written with Map(WRITE_DISCARD) */

static void make(struct scene *s)
{
    static const float tri[6] = {-1, -1, -1, 1, 1, -1};
    static const float zero[4] = {0, 0, 0, 0};
    static const D3D11_INPUT_ELEMENT_DESC e = {
        "POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
    ID3DBlob *code;
    s->tex = prog_target(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, &s->rtv);
    s->vb = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof tri, tri);
    s->cb = use_map ? prog_dynamic_buffer(D3D11_BIND_CONSTANT_BUFFER, 16)
                    : prog_buffer(D3D11_BIND_CONSTANT_BUFFER, sizeof zero, zero);
    s->vs = prog_vs(hlsl, "vs", &code);
    s->ps = prog_ps(hlsl, "ps");
    s->layout = prog_layout(&e, 1, code);
    ID3D10Blob_Release(code);
}

static void release(struct scene *s)
{
    ID3D11Texture2D_Release(s->tex);
    ID3D11RenderTargetView_Release(s->rtv);
    ID3D11Buffer_Release(s->vb);
    ID3D11Buffer_Release(s->cb);
    ID3D11InputLayout_Release(s->layout);
    ID3D11VertexShader_Release(s->vs);
    ID3D11PixelShader_Release(s->ps);
}

static void set_color(ID3D11DeviceContext *c, struct scene *s, const float color[4])
{
    if (use_map)
        prog_map_write(c, s->cb, D3D11_MAP_WRITE_DISCARD, 0, color, 16);
    else
        ID3D11DeviceContext_UpdateSubresource(c, (ID3D11Resource *)s->cb, 0, NULL, color, 0, 0);
}

/* The same calls for either context: clear grey, a red triangle, the constant buffer
 * rewritten, a green one on a second viewport. */
static void record(ID3D11DeviceContext *c, struct scene *s)
{
    static const FLOAT grey[4] = {0.5f, 0.5f, 0.5f, 1};
    static const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
    D3D11_VIEWPORT left = {0, 0, 8, 16, 0, 1}, right = {8, 0, 8, 16, 0, 1};
    UINT stride = 8, offset = 0;
    ID3D11DeviceContext_ClearRenderTargetView(c, s->rtv, grey);
    ID3D11DeviceContext_IASetInputLayout(c, s->layout);
    ID3D11DeviceContext_IASetVertexBuffers(c, 0, 1, &s->vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(c, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(c, s->vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(c, s->ps, NULL, 0);
    ID3D11DeviceContext_PSSetConstantBuffers(c, 0, 1, &s->cb);
    ID3D11DeviceContext_OMSetRenderTargets(c, 1, &s->rtv, NULL);
    ID3D11DeviceContext_RSSetViewports(c, 1, &left);
    set_color(c, s, red);
    ID3D11DeviceContext_Draw(c, 3, 0);
    ID3D11DeviceContext_RSSetViewports(c, 1, &right);
    set_color(c, s, green);
    ID3D11DeviceContext_Draw(c, 3, 0);
}

static uint8_t *render(BOOL deferred, BOOL restore, ID3D11RenderTargetView **bound)
{
    struct scene s;
    ID3D11DeviceContext *dc = NULL;
    ID3D11CommandList *list = NULL;
    UINT w, h;
    uint8_t *img;
    make(&s);
    if (!deferred) {
        record(P.ctx, &s);
    } else if (CHECK_HR(ID3D11Device_CreateDeferredContext(P.dev, 0, &dc), S_OK)) {
        CHECK(ID3D11DeviceContext_GetType(dc) == D3D11_DEVICE_CONTEXT_DEFERRED);
        record(dc, &s);
        CHECK_HR(ID3D11DeviceContext_FinishCommandList(dc, FALSE, &list), S_OK);
        ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 1, &s.rtv, NULL); /* before: kept? */
        if (list != NULL)
            ID3D11DeviceContext_ExecuteCommandList(P.ctx, list, restore);
    }
    *bound = NULL;
    ID3D11DeviceContext_OMGetRenderTargets(P.ctx, 1, bound, NULL);
    ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 0, NULL, NULL);
    img = prog_readback(s.tex, &w, &h, 4);
    ID3D11DeviceContext_ClearState(P.ctx);
    if (list != NULL)
        ID3D11CommandList_Release(list);
    if (dc != NULL)
        ID3D11DeviceContext_Release(dc);
    release(&s);
    return img;
}

static void scene_command_list(void)
{
    ID3D11RenderTargetView *bound;
    uint8_t *direct, *replayed;
    prog_scene("command_list");
    direct = render(FALSE, FALSE, &bound);
    if (bound != NULL)
        ID3D11RenderTargetView_Release(bound);
    replayed = render(TRUE, FALSE, &bound);
    CHECK(bound == NULL); /* RestoreContextState FALSE: the immediate state cleared */
    if (bound != NULL)
        ID3D11RenderTargetView_Release(bound);
    CHECK(memcmp(direct, replayed, 16 * 16 * 4) == 0);
    CHECK(prog_near(prog_px(replayed, 16, 4, 1, 14), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(replayed, 16, 4, 9, 14), 0, 255, 0, 255, 0));
    CHECK(prog_near(prog_px(replayed, 16, 4, 7, 1), 128, 128, 128, 255, 0));
    prog_result_image("target", replayed, 16, 16, 4, "exact");
    free(direct);
    free(replayed);
    prog_scene("command_list_restore");
    replayed = render(TRUE, TRUE, &bound);
    CHECK(bound != NULL); /* RestoreContextState TRUE: what was bound before comes back */
    if (bound != NULL)
        ID3D11RenderTargetView_Release(bound);
    prog_result_image("target", replayed, 16, 16, 4, "exact");
    free(replayed);
    /* The constant buffer DYNAMIC and mapped on the deferred context. */
    prog_scene("command_list_map_discard");
    use_map = TRUE;
    direct = render(FALSE, FALSE, &bound);
    if (bound != NULL)
        ID3D11RenderTargetView_Release(bound);
    replayed = render(TRUE, FALSE, &bound);
    if (bound != NULL)
        ID3D11RenderTargetView_Release(bound);
    CHECK(memcmp(direct, replayed, 16 * 16 * 4) == 0);
    CHECK(prog_near(prog_px(replayed, 16, 4, 9, 14), 0, 255, 0, 255, 0));
    prog_result_image("target", replayed, 16, 16, 4, "exact");
    free(direct);
    free(replayed);
    use_map = FALSE;
}

/* A command list executed on a deferred context (Direct3D 11 allows it): context B binds
 * its own pipeline with a blue constant buffer and a top strip viewport, executes A's list
 * (record(): grey, red left, green right) keeping its state, then draws with that state;
 * B's list on the immediate context renders all of it. */
static void scene_nested_command_list(void)
{
    static const float blue[4] = {0, 0, 1, 1};
    D3D11_VIEWPORT strip = {0, 0, 16, 4, 0, 1};
    ID3D11DeviceContext *a = NULL, *b = NULL;
    ID3D11CommandList *inner = NULL, *outer = NULL;
    ID3D11Buffer *blue_cb;
    struct scene s;
    UINT stride = 8, offset = 0, w, h;
    uint8_t *img;
    prog_scene("nested_command_list");
    make(&s);
    blue_cb = prog_buffer(D3D11_BIND_CONSTANT_BUFFER, sizeof blue, blue);
    if (CHECK_HR(ID3D11Device_CreateDeferredContext(P.dev, 0, &a), S_OK) &&
        CHECK_HR(ID3D11Device_CreateDeferredContext(P.dev, 0, &b), S_OK)) {
        record(a, &s);
        CHECK_HR(ID3D11DeviceContext_FinishCommandList(a, FALSE, &inner), S_OK);
        ID3D11DeviceContext_IASetInputLayout(b, s.layout);
        ID3D11DeviceContext_IASetVertexBuffers(b, 0, 1, &s.vb, &stride, &offset);
        ID3D11DeviceContext_IASetPrimitiveTopology(b, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ID3D11DeviceContext_VSSetShader(b, s.vs, NULL, 0);
        ID3D11DeviceContext_PSSetShader(b, s.ps, NULL, 0);
        ID3D11DeviceContext_PSSetConstantBuffers(b, 0, 1, &blue_cb);
        ID3D11DeviceContext_OMSetRenderTargets(b, 1, &s.rtv, NULL);
        ID3D11DeviceContext_RSSetViewports(b, 1, &strip);
        if (inner != NULL)
            ID3D11DeviceContext_ExecuteCommandList(b, inner, TRUE);
        ID3D11DeviceContext_Draw(b, 3, 0);
        CHECK_HR(ID3D11DeviceContext_FinishCommandList(b, FALSE, &outer), S_OK);
        if (outer != NULL)
            ID3D11DeviceContext_ExecuteCommandList(P.ctx, outer, FALSE);
    }
    img = prog_readback(s.tex, &w, &h, 4);
    /* the strip's triangle covers (1, 2); (7, 1) is outside it and the red one */
    CHECK(prog_near(prog_px(img, 16, 4, 1, 2), 0, 0, 255, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 7, 1), 128, 128, 128, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 1, 14), 255, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, 16, 4, 9, 14), 0, 255, 0, 255, 0));
    prog_result_image("target", img, 16, 16, 4, "edges 4");
    free(img);
    if (outer != NULL)
        ID3D11CommandList_Release(outer);
    if (inner != NULL)
        ID3D11CommandList_Release(inner);
    if (b != NULL)
        ID3D11DeviceContext_Release(b);
    if (a != NULL)
        ID3D11DeviceContext_Release(a);
    ID3D11Buffer_Release(blue_cb);
    ID3D11DeviceContext_ClearState(P.ctx);
    release(&s);
}

/* A 4 x 4 texture of two colours halved twice by GenerateMips: level 2 (1 x 1) is their
 * average. */
static void scene_generate_mips(void)
{
    uint8_t px[64], *img;
    D3D11_TEXTURE2D_DESC d;
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    UINT i;
    prog_scene("generate_mips");
    for (i = 0; i < 16; i++) {
        px[i * 4 + 0] = i < 8 ? 200 : 0;
        px[i * 4 + 1] = 0;
        px[i * 4 + 2] = i < 8 ? 0 : 100;
        px[i * 4 + 3] = 255;
    }
    prog_texture_desc(&d, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                      D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    d.MipLevels = 3;
    d.MiscFlags = D3D11_RESOURCE_MISC_GENERATE_MIPS;
    CHECK_HR(ID3D11Device_CreateTexture2D(P.dev, &d, NULL, &t), S_OK);
    if (t == NULL)
        return;
    ID3D11DeviceContext_UpdateSubresource(P.ctx, (ID3D11Resource *)t, 0, NULL, px, 16, 0);
    CHECK_HR(ID3D11Device_CreateShaderResourceView(P.dev, (ID3D11Resource *)t, NULL, &srv), S_OK);
    ID3D11DeviceContext_GenerateMips(P.ctx, srv);
    /* Level 2 to a 1 x 1 staging copy. */
    d.Width = d.Height = 1;
    d.MipLevels = 1;
    d.Usage = D3D11_USAGE_STAGING;
    d.BindFlags = d.MiscFlags = 0;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    {
        ID3D11Texture2D *s = NULL;
        D3D11_MAPPED_SUBRESOURCE m;
        CHECK_HR(ID3D11Device_CreateTexture2D(P.dev, &d, NULL, &s), S_OK);
        ID3D11DeviceContext_CopySubresourceRegion(P.ctx, (ID3D11Resource *)s, 0, 0, 0, 0,
                                                  (ID3D11Resource *)t, 2, NULL);
        if (CHECK_HR(ID3D11DeviceContext_Map(P.ctx, (ID3D11Resource *)s, 0, D3D11_MAP_READ, 0, &m),
                     S_OK)) {
            img = (uint8_t *)m.pData;
            CHECK(prog_near(img, 100, 0, 50, 255, 1));
            prog_result_image("level2", img, 1, 1, 4, "round");
            ID3D11DeviceContext_Unmap(P.ctx, (ID3D11Resource *)s, 0);
        }
        ID3D11Texture2D_Release(s);
    }
    ID3D11ShaderResourceView_Release(srv);
    ID3D11Texture2D_Release(t);
}

int main(int argc, char **argv)
{
    prog_init(argc, argv);
    scene_command_list();
    scene_nested_command_list();
    scene_generate_mips();
    return prog_finish();
}
