/* SPDX-License-Identifier: MIT */
/* share.c — shared resources as an application uses them: IDXGIResource on a resource (one
 * object with its ID3D11 interface), a texture created with D3D11_RESOURCE_MISC_SHARED
 * cleared on one device, its handle (IDXGIResource::GetSharedHandle) opened on the same
 * device (ID3D11Device::OpenSharedResource) and read back through a staging copy, cleared
 * through the opened object and read through the original, each released while the other
 * lives; opened on a second device, read there, cleared there and read on the first; drawn
 * into on the second device and read (copied, and sampled in a draw) on the first after the
 * second's Flush; two devices drawing into their own targets in turns, each binding its
 * state once; the opened resource's description; the documented answers to a wrong handle
 * and a wrong interface; more devices one after another than a connection holds at once,
 * each starting with Direct3D's default state. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

#define W 8
#define H 8

/* Subresource 0 of a W x H RGBA8 texture read on `dev` through a staging copy. */
static uint8_t *readback_on(ID3D11Device *dev, ID3D11DeviceContext *ctx, ID3D11Texture2D *tex)
{
    UINT w, h;
    return prog_readback_on(dev, ctx, tex, &w, &h, 4);
}

/* Every texel the colour (exact: a clear to values UNORM8 holds exactly). */
static int all_texels(const uint8_t *img, int r, int g, int b, int a)
{
    UINT i;
    for (i = 0; i < W * H; i++)
        if (!prog_near(img + i * 4, r, g, b, a, 0))
            return 0;
    return 1;
}

static ID3D11Texture2D *target_on(ID3D11Device *dev, UINT misc)
{
    D3D11_TEXTURE2D_DESC d;
    ID3D11Texture2D *t = NULL;
    prog_texture_desc(&d, W, H, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                      D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    d.MiscFlags = misc;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &t), S_OK);
    return t;
}

static ID3D11Texture2D *shared_target(UINT misc)
{
    return target_on(P.dev, misc);
}

static void clear(ID3D11Device *dev, ID3D11DeviceContext *ctx, ID3D11Texture2D *t,
                  const FLOAT color[4])
{
    ID3D11RenderTargetView *rtv = NULL;
    if (!CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)t, NULL, &rtv), S_OK))
        return;
    ID3D11DeviceContext_ClearRenderTargetView(ctx, rtv, color);
    ID3D11RenderTargetView_Release(rtv);
}

/* IDXGIResource of a texture not created shared: the same object (QueryInterface back gives
 * the texture's pointer, one count), private data, device, usage and eviction priority shared
 * with the ID3D11 interface; its shared handle is NULL. */
static void scene_dxgi_resource(void)
{
    static const GUID tag = {
        0x1f2e3d4c, 0x5b6a, 0x4978, {0x86, 0x95, 0xa4, 0xb3, 0xc2, 0xd1, 0xe0, 0xf0}};
    ID3D11Texture2D *t = shared_target(0), *back = NULL;
    IDXGIResource *dx = NULL;
    ID3D11Device *dev = NULL;
    HANDLE h = (HANDLE)1;
    DXGI_USAGE usage = 0;
    UINT prio = 0, value = 0x5eed, size = sizeof value;
    prog_scene("dxgi_resource");
    if (!CHECK_HR(ID3D11Texture2D_QueryInterface(t, &IID_IDXGIResource, (void **)&dx), S_OK))
        return;
    CHECK_HR(IDXGIResource_QueryInterface(dx, &IID_ID3D11Texture2D, (void **)&back), S_OK);
    CHECK(back == t);
    CHECK(ID3D11Texture2D_AddRef(t) == 4); /* created, the IDXGIResource, back, this */
    ID3D11Texture2D_Release(t);
    ID3D11Texture2D_Release(back);
    CHECK_HR(IDXGIResource_GetSharedHandle(dx, &h), S_OK);
    CHECK(h == NULL);
    CHECK_HR(IDXGIResource_GetUsage(dx, &usage), S_OK);
    CHECK(usage == (DXGI_USAGE_SHADER_INPUT | DXGI_USAGE_RENDER_TARGET_OUTPUT));
    prog_result_value("usage", "0x%x", (unsigned)usage);
    CHECK_HR(IDXGIResource_SetEvictionPriority(dx, DXGI_RESOURCE_PRIORITY_HIGH), S_OK);
    CHECK_HR(IDXGIResource_GetEvictionPriority(dx, &prio), S_OK);
    CHECK(prio == DXGI_RESOURCE_PRIORITY_HIGH);
    CHECK(ID3D11Texture2D_GetEvictionPriority(t) == DXGI_RESOURCE_PRIORITY_HIGH);
    CHECK_HR(ID3D11Texture2D_SetPrivateData(t, &tag, sizeof value, &value), S_OK);
    value = 0;
    CHECK_HR(IDXGIResource_GetPrivateData(dx, &tag, &size, &value), S_OK);
    CHECK(value == 0x5eed && size == sizeof value);
    CHECK_HR(IDXGIResource_GetDevice(dx, &IID_ID3D11Device, (void **)&dev), S_OK);
    CHECK(dev == P.dev);
    if (dev != NULL)
        ID3D11Device_Release(dev);
    IDXGIResource_Release(dx);
    CHECK(ID3D11Texture2D_Release(t) == 0);
}

static HANDLE handle_of(ID3D11Texture2D *t)
{
    IDXGIResource *dx = NULL;
    HANDLE h = NULL;
    if (CHECK_HR(ID3D11Texture2D_QueryInterface(t, &IID_IDXGIResource, (void **)&dx), S_OK)) {
        CHECK_HR(IDXGIResource_GetSharedHandle(dx, &h), S_OK);
        IDXGIResource_Release(dx);
    }
    CHECK(h != NULL);
    return h;
}

static int same_desc(ID3D11Texture2D *a, ID3D11Texture2D *b)
{
    D3D11_TEXTURE2D_DESC da, db;
    ID3D11Texture2D_GetDesc(a, &da);
    ID3D11Texture2D_GetDesc(b, &db);
    return memcmp(&da, &db, sizeof da) == 0;
}

static void record(const char *name, uint8_t *img, int r, int g, int b, int a)
{
    CHECK(all_texels(img, r, g, b, a));
    prog_result_image(name, img, W, H, 4, "exact");
    free(img);
}

/* IDXGIResource::GetSharedHandle of an opened resource is the handle it was opened by. */
static void check_handle(ID3D11Texture2D *t, HANDLE want)
{
    IDXGIResource *dx = NULL;
    HANDLE again = NULL;
    if (CHECK_HR(ID3D11Texture2D_QueryInterface(t, &IID_IDXGIResource, (void **)&dx), S_OK)) {
        CHECK_HR(IDXGIResource_GetSharedHandle(dx, &again), S_OK);
        CHECK(again == want);
        IDXGIResource_Release(dx);
    }
}

static const FLOAT first[4] = {0.2f, 0.4f, 0.6f, 1.0f}, second[4] = {1.0f, 0.0f, 0.2f, 1.0f},
                   third[4] = {0.0f, 0.8f, 0.4f, 1.0f};

/* Cleared (0.2, 0.4, 0.6, 1 -> 51, 102, 153, 255) and opened on the device that made it: a
 * new object each time (as documented) on the same memory, read exactly; cleared through
 * the opened one (1, 0, 0.2, 1 -> 255, 0, 51, 255) and read through both; the opened one
 * released, the original still reads; the original released, a second opening still reads
 * (the memory lives while any of them does). */
static void scene_same_device(void)
{
    ID3D11Texture2D *t = shared_target(D3D11_RESOURCE_MISC_SHARED), *on_a = NULL, *again = NULL;
    HANDLE h;
    prog_scene("open_on_same_device");
    clear(P.dev, P.ctx, t, first);
    ID3D11DeviceContext_Flush(P.ctx);
    h = handle_of(t);
    if (!CHECK_HR(ID3D11Device_OpenSharedResource(P.dev, h, &IID_ID3D11Texture2D, (void **)&on_a),
                  S_OK)) {
        ID3D11Texture2D_Release(t);
        return;
    }
    CHECK(on_a != t && same_desc(on_a, t));
    check_handle(on_a, h);
    record("on_a", readback_on(P.dev, P.ctx, on_a), 51, 102, 153, 255);

    prog_scene("write_alias_read_original");
    clear(P.dev, P.ctx, on_a, second);
    record("through_alias", readback_on(P.dev, P.ctx, on_a), 255, 0, 51, 255);
    record("through_original", readback_on(P.dev, P.ctx, t), 255, 0, 51, 255);

    prog_scene("alias_lifetime");
    CHECK(ID3D11Texture2D_Release(on_a) == 0);
    record("original_after_alias", readback_on(P.dev, P.ctx, t), 255, 0, 51, 255);
    if (CHECK_HR(ID3D11Device_OpenSharedResource(P.dev, h, &IID_ID3D11Texture2D, (void **)&again),
                 S_OK)) {
        CHECK(ID3D11Texture2D_Release(t) == 0);
        t = NULL;
        clear(P.dev, P.ctx, again, third); /* 0, 0.8, 0.4, 1 -> 0, 204, 102, 255 */
        record("alias_after_original", readback_on(P.dev, P.ctx, again), 0, 204, 102, 255);
        ID3D11Texture2D_Release(again);
    }
    if (t != NULL)
        ID3D11Texture2D_Release(t);
}

/* Opened on a second device of the process (Direct3D: a shared resource opens on any
 * device): read there exactly, cleared there and, after that device's Flush, read through
 * the first. */
static void scene_second_device(ID3D11Device *b_dev, ID3D11DeviceContext *b_ctx)
{
    ID3D11Texture2D *t = shared_target(D3D11_RESOURCE_MISC_SHARED), *on_b = NULL;
    HANDLE h;
    HRESULT hr;
    prog_scene("open_on_second_device");
    clear(P.dev, P.ctx, t, first);
    ID3D11DeviceContext_Flush(P.ctx);
    h = handle_of(t);
    hr = ID3D11Device_OpenSharedResource(b_dev, h, &IID_ID3D11Texture2D, (void **)&on_b);
    if (!CHECK_HR(hr, S_OK)) {
        ID3D11Texture2D_Release(t);
        return;
    }
    CHECK(same_desc(on_b, t));
    check_handle(on_b, h);
    record("on_b", readback_on(b_dev, b_ctx, on_b), 51, 102, 153, 255);
    clear(b_dev, b_ctx, on_b, second);
    ID3D11DeviceContext_Flush(b_ctx);
    record("through_b", readback_on(b_dev, b_ctx, on_b), 255, 0, 51, 255);
    record("through_a", readback_on(P.dev, P.ctx, t), 255, 0, 51, 255);
    ID3D11Texture2D_Release(on_b);
    ID3D11Texture2D_Release(t);
}

/* A full-viewport triangle from the vertex id, constant colours (exact in UNORM8) and a
 * texel copied by position (Load: no filtering). */
static const char shaders[] =
    "float4 vs_full(uint id : SV_VertexID) : SV_Position {\n"
    "    float2 p = float2((id << 1) & 2, id & 2);\n"
    "    return float4(p * float2(2, -2) + float2(-1, 1), 0.5, 1); }\n"
    "float4 ps_yellow() : SV_Target { return float4(1, 1, 0, 1); }\n"
    "float4 ps_cyan() : SV_Target { return float4(0, 1, 1, 1); }\n"
    "Texture2D t0 : register(t0);\n"
    "float4 ps_load(float4 pos : SV_Position) : SV_Target { return t0.Load(int3(pos.xy, 0)); }\n";

/* One device drawing into one target: its shaders, the target and its view. */
struct painter {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
    ID3D11Texture2D *tex; /* the caller's (the painter holds no count on it) */
    ID3D11RenderTargetView *rtv;
};

static int painter_make(struct painter *p, ID3D11Device *dev, ID3D11DeviceContext *ctx,
                        const char *ps_entry, ID3D11Texture2D *tex)
{
    memset(p, 0, sizeof *p);
    p->dev = dev;
    p->ctx = ctx;
    p->tex = tex;
    p->vs = prog_vs_on(dev, shaders, "vs_full", NULL);
    p->ps = prog_ps_on(dev, shaders, ps_entry);
    if (tex != NULL)
        CHECK_HR(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)tex, NULL, &p->rtv),
                 S_OK);
    return p->vs != NULL && p->ps != NULL && p->rtv != NULL;
}

static void painter_free(struct painter *p)
{
    if (p->vs != NULL)
        ID3D11VertexShader_Release(p->vs);
    if (p->ps != NULL)
        ID3D11PixelShader_Release(p->ps);
    if (p->rtv != NULL)
        ID3D11RenderTargetView_Release(p->rtv);
}

/* The device's whole drawing state, set once: its target, a viewport of w x h at the
 * origin, the triangle's shaders. */
static void painter_bind(const struct painter *p, UINT w, UINT h)
{
    D3D11_VIEWPORT vp;
    memset(&vp, 0, sizeof vp);
    vp.Width = (FLOAT)w;
    vp.Height = (FLOAT)h;
    vp.MaxDepth = 1.0f;
    ID3D11DeviceContext_OMSetRenderTargets(p->ctx, 1, &p->rtv, NULL);
    ID3D11DeviceContext_RSSetViewports(p->ctx, 1, &vp);
    ID3D11DeviceContext_IASetInputLayout(p->ctx, NULL);
    ID3D11DeviceContext_IASetPrimitiveTopology(p->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(p->ctx, p->vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(p->ctx, p->ps, NULL, 0);
}

/* The texels inside the w x h rectangle at the origin `in`, the others `out` (RGBA8). */
static int split(const uint8_t *img, UINT w, UINT h, const uint8_t in[4], const uint8_t out[4])
{
    UINT x, y;
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            const uint8_t *c = x < w && y < h ? in : out;
            if (!prog_near(prog_px(img, W, 4, x, y), c[0], c[1], c[2], c[3], 0))
                return 0;
        }
    return 1;
}

static void record_split(const char *name, uint8_t *img, UINT w, UINT h, const uint8_t in[4],
                         const uint8_t out[4])
{
    CHECK(split(img, w, h, in, out));
    prog_result_image(name, img, W, H, 4, "exact");
    free(img);
}

static const uint8_t yellow[4] = {255, 255, 0, 255}, cyan[4] = {0, 255, 255, 255},
                     first8[4] = {51, 102, 153, 255}, second8[4] = {255, 0, 51, 255},
                     third8[4] = {0, 204, 102, 255};

/* Two devices, each with its own target, bind their state once (device 1: its target, the
 * top half as viewport, the yellow shader; device 2: its target, the left half, cyan),
 * then take turns, each step flushed: clear on 1, clear on 2, draw on 1, draw on 2, each
 * target read back; a second round of clears and draws without binding again. Every device
 * must draw with its own state whatever the other set in between (Direct3D's devices share
 * nothing but shared resources). */
static void scene_interleaved(ID3D11Device *b_dev, ID3D11DeviceContext *b_ctx)
{
    static const FLOAT *clears[2][2] = {{first, second}, {third, first}};
    static const uint8_t *const clears8[2][2] = {{first8, second8}, {third8, first8}};
    static const char *const names[2][2] = {{"dev1_round1", "dev2_round1"},
                                            {"dev1_round2", "dev2_round2"}};
    struct painter p[2];
    UINT round, i;
    prog_scene("two_devices_interleaved");
    memset(p, 0, sizeof p);
    if (painter_make(&p[0], P.dev, P.ctx, "ps_yellow", target_on(P.dev, 0)) &&
        painter_make(&p[1], b_dev, b_ctx, "ps_cyan", target_on(b_dev, 0))) {
        painter_bind(&p[0], W, H / 2);
        painter_bind(&p[1], W / 2, H);
        for (round = 0; round < 2; round++) {
            for (i = 0; i < 2; i++) {
                ID3D11DeviceContext_ClearRenderTargetView(p[i].ctx, p[i].rtv, clears[round][i]);
                ID3D11DeviceContext_Flush(p[i].ctx);
            }
            for (i = 0; i < 2; i++) {
                ID3D11DeviceContext_Draw(p[i].ctx, 3, 0);
                ID3D11DeviceContext_Flush(p[i].ctx);
            }
            record_split(names[round][0], readback_on(P.dev, P.ctx, p[0].tex), W, H / 2, yellow,
                         clears8[round][0]);
            record_split(names[round][1], readback_on(b_dev, b_ctx, p[1].tex), W / 2, H, cyan,
                         clears8[round][1]);
        }
    }
    for (i = 0; i < 2; i++) {
        ID3D11DeviceContext_ClearState(p[i].ctx != NULL ? p[i].ctx : (i ? b_ctx : P.ctx));
        painter_free(&p[i]);
        if (p[i].tex != NULL)
            ID3D11Texture2D_Release(p[i].tex);
    }
}

#define THREAD_ROUNDS 24u

/* One device's thread: each round a clear to its own colour, a draw, a copy into staging and
 * a Map(READ); counts the rounds whose texels were right. No CHECK here (the checks are the
 * main thread's). */
struct turns {
    struct painter p;
    ID3D11Texture2D *staging;
    UINT w, h; /* the viewport the shader fills */
    const uint8_t *shader8;
    UINT right, failures;
    uint8_t last[W * H * 4];
};

static void round_color(UINT k, UINT device, FLOAT out[4], uint8_t out8[4])
{
    UINT i;
    out8[0] = (uint8_t)(10u * k), out8[1] = (uint8_t)(255u - 10u * k);
    out8[2] = (uint8_t)(device != 0 ? 200u : 40u), out8[3] = 255;
    for (i = 0; i < 4; i++)
        out[i] = (FLOAT)out8[i] / 255.0f; /* UNORM8 holds n / 255 exactly */
}

static DWORD WINAPI take_turns(void *arg)
{
    struct turns *t = (struct turns *)arg;
    D3D11_MAPPED_SUBRESOURCE m;
    FLOAT c[4];
    uint8_t c8[4];
    UINT k, y;
    for (k = 0; k < THREAD_ROUNDS; k++) {
        round_color(k, t->p.dev == P.dev ? 0u : 1u, c, c8);
        ID3D11DeviceContext_ClearRenderTargetView(t->p.ctx, t->p.rtv, c);
        ID3D11DeviceContext_Draw(t->p.ctx, 3, 0);
        ID3D11DeviceContext_CopyResource(t->p.ctx, (ID3D11Resource *)t->staging,
                                         (ID3D11Resource *)t->p.tex);
        if (FAILED(ID3D11DeviceContext_Map(t->p.ctx, (ID3D11Resource *)t->staging, 0,
                                           D3D11_MAP_READ, 0, &m))) {
            t->failures++;
            continue;
        }
        for (y = 0; y < H; y++)
            memcpy(t->last + y * W * 4, (const uint8_t *)m.pData + (size_t)y * m.RowPitch, W * 4);
        ID3D11DeviceContext_Unmap(t->p.ctx, (ID3D11Resource *)t->staging, 0);
        t->right += split(t->last, t->w, t->h, t->shader8, c8) != 0;
    }
    return 0;
}

static ID3D11Texture2D *staging_on(ID3D11Device *dev)
{
    D3D11_TEXTURE2D_DESC d;
    ID3D11Texture2D *t = NULL;
    prog_texture_desc(&d, W, H, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING, 0);
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &t), S_OK);
    return t;
}

/* Two devices on two threads at once, each with its own target and state bound once (as in
 * two_devices_interleaved), each clearing, drawing and reading back its own target round
 * after round: every round of each must be right (Direct3D 11 devices are free-threaded and
 * share nothing but shared resources). */
static void scene_two_threads(ID3D11Device *b_dev, ID3D11DeviceContext *b_ctx)
{
    static struct turns t[2];
    HANDLE threads[2] = {NULL, NULL};
    UINT i;
    prog_scene("two_devices_two_threads");
    memset(t, 0, sizeof t);
    if (painter_make(&t[0].p, P.dev, P.ctx, "ps_yellow", target_on(P.dev, 0)) &&
        painter_make(&t[1].p, b_dev, b_ctx, "ps_cyan", target_on(b_dev, 0))) {
        t[0].w = W, t[0].h = H / 2, t[0].shader8 = yellow;
        t[1].w = W / 2, t[1].h = H, t[1].shader8 = cyan;
        for (i = 0; i < 2; i++) {
            painter_bind(&t[i].p, t[i].w, t[i].h);
            t[i].staging = staging_on(t[i].p.dev);
        }
        for (i = 0; i < 2 && t[0].staging != NULL && t[1].staging != NULL; i++)
            threads[i] = CreateThread(NULL, 0, take_turns, &t[i], 0, NULL);
        if (CHECK(threads[0] != NULL && threads[1] != NULL))
            WaitForMultipleObjects(2, threads, TRUE, INFINITE);
        for (i = 0; i < 2; i++) {
            CHECK(t[i].right == THREAD_ROUNDS && t[i].failures == 0);
            prog_result_value(i == 0 ? "dev1_rounds_right" : "dev2_rounds_right", "%u", t[i].right);
            prog_result_image(i == 0 ? "dev1_last" : "dev2_last", t[i].last, W, H, 4, "exact");
        }
    }
    for (i = 0; i < 2; i++) {
        if (threads[i] != NULL)
            CloseHandle(threads[i]);
        ID3D11DeviceContext_ClearState(i ? b_ctx : P.ctx);
        painter_free(&t[i].p);
        if (t[i].p.tex != NULL)
            ID3D11Texture2D_Release(t[i].p.tex);
        if (t[i].staging != NULL)
            ID3D11Texture2D_Release(t[i].staging);
    }
}

/* A shared texture cleared on device A, opened on device B and drawn into there (its left
 * half yellow), B's context flushed (what an application must do before another device
 * reads it); then on A: copied to staging and read, and sampled by position in a draw into
 * A's own target and read. */
static void scene_write_b_read_a(ID3D11Device *b_dev, ID3D11DeviceContext *b_ctx)
{
    ID3D11Texture2D *t = shared_target(D3D11_RESOURCE_MISC_SHARED), *on_b = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    struct painter pb, pa;
    prog_scene("write_on_b_read_on_a");
    memset(&pa, 0, sizeof pa);
    memset(&pb, 0, sizeof pb);
    clear(P.dev, P.ctx, t, first);
    ID3D11DeviceContext_Flush(P.ctx);
    if (!CHECK_HR(ID3D11Device_OpenSharedResource(b_dev, handle_of(t), &IID_ID3D11Texture2D,
                                                  (void **)&on_b),
                  S_OK)) {
        ID3D11Texture2D_Release(t);
        return;
    }
    if (painter_make(&pb, b_dev, b_ctx, "ps_yellow", on_b)) {
        painter_bind(&pb, W / 2, H);
        ID3D11DeviceContext_Draw(b_ctx, 3, 0);
        ID3D11DeviceContext_Flush(b_ctx);
        record_split("copied_on_a", readback_on(P.dev, P.ctx, t), W / 2, H, yellow, first8);
    }
    if (painter_make(&pa, P.dev, P.ctx, "ps_load", target_on(P.dev, 0)) &&
        CHECK_HR(ID3D11Device_CreateShaderResourceView(P.dev, (ID3D11Resource *)t, NULL, &srv),
                 S_OK)) {
        painter_bind(&pa, W, H);
        ID3D11DeviceContext_PSSetShaderResources(P.ctx, 0, 1, &srv);
        ID3D11DeviceContext_Draw(P.ctx, 3, 0);
        record_split("sampled_on_a", readback_on(P.dev, P.ctx, pa.tex), W / 2, H, yellow, first8);
        ID3D11ShaderResourceView_Release(srv);
    }
    ID3D11DeviceContext_ClearState(P.ctx);
    ID3D11DeviceContext_ClearState(b_ctx);
    painter_free(&pa);
    painter_free(&pb);
    if (pa.tex != NULL)
        ID3D11Texture2D_Release(pa.tex);
    ID3D11Texture2D_Release(on_b);
    ID3D11Texture2D_Release(t);
}

/* A handle that names no shared resource (on either device), and an interface that is not
 * the resource's. */
static void scene_refusals(ID3D11Device *b_dev)
{
    ID3D11Texture2D *t;
    ID3D11Device *devs[2];
    void *out = (void *)1;
    HANDLE h;
    HRESULT hr = S_OK;
    UINT i;
    prog_scene("open_refusals");
    t = shared_target(D3D11_RESOURCE_MISC_SHARED);
    h = handle_of(t);
    devs[0] = P.dev;
    devs[1] = b_dev;
    for (i = 0; i < 2; i++) {
        out = (void *)1;
        hr = ID3D11Device_OpenSharedResource(devs[i], (HANDLE)(uintptr_t)0x7ffff00c,
                                             &IID_ID3D11Texture2D, &out);
        CHECK_HR(hr, E_INVALIDARG);
        CHECK(out == NULL);
    }
    prog_result_value("wrong_handle", "0x%08lx", (unsigned long)hr);
    out = (void *)1;
    hr = ID3D11Device_OpenSharedResource(P.dev, h, &IID_ID3D11Buffer, &out);
    CHECK_HR(hr, E_NOINTERFACE);
    CHECK(out == NULL);
    prog_result_value("wrong_interface", "0x%08lx", (unsigned long)hr);
    ID3D11Texture2D_Release(t);
}

#define DEVICES_OVER_TIME 72 /* more than a connection's 63 device contexts at once */

static const char devices_hlsl[] = "cbuffer c : register(b0) { float4 color; };\n"
                                   "float4 vs(float2 p : POSITION) : SV_Position\n"
                                   "{ return float4(p, 0.0, 1.0); }\n"
                                   "float4 ps() : SV_Target { return color; }\n";

/* One device's life (one_device_life): its objects, made from the compiled shaders. */
struct life {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *layout;
    ID3D11Buffer *vb, *cb;
    ID3D11Texture2D *t;
    ID3D11RenderTargetView *rtv;
};

static int life_begin(struct life *l, ID3DBlob *vs_code, ID3DBlob *ps_code, const FLOAT color[4])
{
    static const float tri[6] = {-1.0f, -1.0f, -1.0f, 3.0f, 3.0f, -1.0f}; /* clockwise */
    static const D3D11_INPUT_ELEMENT_DESC el = {
        "POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
    const void *vs_bytes = ID3D10Blob_GetBufferPointer(vs_code);
    SIZE_T vs_size = ID3D10Blob_GetBufferSize(vs_code);
    memset(l, 0, sizeof *l);
    if (!CHECK_HR(prog_create_device(&l->dev, &l->ctx, NULL), S_OK))
        return 0;
    l->vb = prog_buffer_on(l->dev, D3D11_BIND_VERTEX_BUFFER, sizeof tri, tri);
    l->cb = prog_buffer_on(l->dev, D3D11_BIND_CONSTANT_BUFFER, 16, color);
    CHECK_HR(ID3D11Device_CreateVertexShader(l->dev, vs_bytes, vs_size, NULL, &l->vs), S_OK);
    CHECK_HR(ID3D11Device_CreatePixelShader(l->dev, ID3D10Blob_GetBufferPointer(ps_code),
                                            ID3D10Blob_GetBufferSize(ps_code), NULL, &l->ps),
             S_OK);
    CHECK_HR(ID3D11Device_CreateInputLayout(l->dev, &el, 1, vs_bytes, vs_size, &l->layout), S_OK);
    l->t = target_on(l->dev, 0);
    return l->vb != NULL && l->cb != NULL && l->vs != NULL && l->ps != NULL && l->layout != NULL &&
           l->t != NULL &&
           CHECK_HR(
               ID3D11Device_CreateRenderTargetView(l->dev, (ID3D11Resource *)l->t, NULL, &l->rtv),
               S_OK);
}

/* Clears black, then draws over the whole target with the default blend, rasterizer and
 * depth state. */
static void life_draw(struct life *l)
{
    static const FLOAT black[4] = {0, 0, 0, 1};
    D3D11_VIEWPORT vp = {0, 0, W, H, 0, 1};
    UINT stride = 8, offset = 0;
    ID3D11DeviceContext *ctx = l->ctx;
    ID3D11DeviceContext_ClearRenderTargetView(ctx, l->rtv, black);
    ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &l->rtv, NULL);
    ID3D11DeviceContext_RSSetViewports(ctx, 1, &vp);
    ID3D11DeviceContext_IASetInputLayout(ctx, l->layout);
    ID3D11DeviceContext_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_IASetVertexBuffers(ctx, 0, 1, &l->vb, &stride, &offset);
    ID3D11DeviceContext_VSSetShader(ctx, l->vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(ctx, l->ps, NULL, 0);
    ID3D11DeviceContext_PSSetConstantBuffers(ctx, 0, 1, &l->cb);
    ID3D11DeviceContext_Draw(ctx, 3, 0);
}

/* State a later device must not inherit (no channel written, front faces culled, everything
 * scissored away), and a draw with it that changes nothing. */
static void life_leave_state(struct life *l)
{
    D3D11_RECT none = {0, 0, 0, 0};
    ID3D11BlendState *no_writes = NULL;
    ID3D11RasterizerState *scissored = NULL;
    D3D11_BLEND_DESC bd;
    D3D11_RASTERIZER_DESC rd;
    memset(&bd, 0, sizeof bd);
    bd.RenderTarget[0].SrcBlend = bd.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
    bd.RenderTarget[0].DestBlend = bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
    bd.RenderTarget[0].BlendOp = bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    memset(&rd, 0, sizeof rd);
    rd.FillMode = D3D11_FILL_SOLID;
    rd.CullMode = D3D11_CULL_FRONT;
    rd.DepthClipEnable = TRUE;
    rd.ScissorEnable = TRUE;
    if (CHECK_HR(ID3D11Device_CreateBlendState(l->dev, &bd, &no_writes), S_OK) &&
        CHECK_HR(ID3D11Device_CreateRasterizerState(l->dev, &rd, &scissored), S_OK)) {
        ID3D11DeviceContext_OMSetBlendState(l->ctx, no_writes, NULL, 0xffffffffu);
        ID3D11DeviceContext_RSSetState(l->ctx, scissored);
        ID3D11DeviceContext_RSSetScissorRects(l->ctx, 1, &none);
        ID3D11DeviceContext_Draw(l->ctx, 3, 0);
    }
    if (no_writes != NULL)
        ID3D11BlendState_Release(no_writes);
    if (scissored != NULL)
        ID3D11RasterizerState_Release(scissored);
}

#define LIFE_RELEASE(T, p)                                                                         \
    if ((p) != NULL)                                                                               \
    T##_Release(p)

/* Everything released, the device last (its count reaches 0). */
static void life_end(struct life *l)
{
    LIFE_RELEASE(ID3D11RenderTargetView, l->rtv);
    LIFE_RELEASE(ID3D11Texture2D, l->t);
    LIFE_RELEASE(ID3D11InputLayout, l->layout);
    LIFE_RELEASE(ID3D11VertexShader, l->vs);
    LIFE_RELEASE(ID3D11PixelShader, l->ps);
    LIFE_RELEASE(ID3D11Buffer, l->vb);
    LIFE_RELEASE(ID3D11Buffer, l->cb);
    LIFE_RELEASE(ID3D11DeviceContext, l->ctx);
    if (l->dev != NULL)
        CHECK(ID3D11Device_Release(l->dev) == 0);
}

/* One device drawing `color` with the default state, then leaving other state behind:
 * whether the target holds `want` after both draws. */
static int one_device_life(ID3DBlob *vs_code, ID3DBlob *ps_code, const FLOAT color[4],
                           const uint8_t want[4])
{
    struct life l;
    uint8_t *img[2] = {NULL, NULL};
    int ok = 0, i;
    if (life_begin(&l, vs_code, ps_code, color)) {
        life_draw(&l);
        img[0] = readback_on(l.dev, l.ctx, l.t);
        life_leave_state(&l);
        img[1] = readback_on(l.dev, l.ctx, l.t);
        for (ok = 1, i = 0; i < 2; i++)
            ok = ok && all_texels(img[i], want[0], want[1], want[2], want[3]);
    }
    free(img[0]);
    free(img[1]);
    life_end(&l);
    return ok;
}

/* DEVICES_OVER_TIME devices one after another while the program's device lives, as a test
 * suite creating a device per test does: each draws its own colour with Direct3D's default
 * state, whatever state the device before it left (a device starts with the defaults). */
static void scene_devices_over_time(void)
{
    ID3DBlob *vs_code = prog_compile(devices_hlsl, "vs", "vs_4_0");
    ID3DBlob *ps_code = prog_compile(devices_hlsl, "ps", "ps_4_0");
    unsigned i, right = 0;
    prog_scene("devices_over_time");
    for (i = 0; i < DEVICES_OVER_TIME; i++) {
        const uint8_t want[4] = {(uint8_t)(i * 3u), (uint8_t)(255u - i), (uint8_t)(i * 7u), 255};
        const FLOAT color[4] = {want[0] / 255.0f, want[1] / 255.0f, want[2] / 255.0f, 1.0f};
        if (CHECK(one_device_life(vs_code, ps_code, color, want)))
            right++;
        else
            fprintf(stderr, "  device %u of %u did not draw its colour\n", i + 1,
                    DEVICES_OVER_TIME);
    }
    prog_result_value("devices_right", "%u of %u", right, (unsigned)DEVICES_OVER_TIME);
    ID3D10Blob_Release(vs_code);
    ID3D10Blob_Release(ps_code);
}

int main(int argc, char **argv)
{
    ID3D11Device *b_dev = NULL;
    ID3D11DeviceContext *b_ctx = NULL;
    prog_init(argc, argv);
    scene_dxgi_resource();
    if (CHECK_HR(prog_create_device(&b_dev, &b_ctx, NULL), S_OK)) {
        scene_same_device();
        scene_second_device(b_dev, b_ctx);
        scene_write_b_read_a(b_dev, b_ctx);
        scene_interleaved(b_dev, b_ctx);
        scene_two_threads(b_dev, b_ctx);
        scene_refusals(b_dev);
        ID3D11DeviceContext_Release(b_ctx);
        CHECK(ID3D11Device_Release(b_dev) == 0);
    }
    scene_devices_over_time();
    return prog_finish();
}
