/* SPDX-License-Identifier: MIT */
/* share.c — shared resources as an application uses them: IDXGIResource on a resource (one
 * object with its ID3D11 interface), a texture created with D3D11_RESOURCE_MISC_SHARED
 * cleared on one device, its handle (IDXGIResource::GetSharedHandle) opened on the same
 * device (ID3D11Device::OpenSharedResource) and read back through a staging copy, cleared
 * through the opened object and read through the original, each released while the other
 * lives; opened on a second device (recorded: this runtime's limit); the opened resource's
 * description; the documented answers to a wrong handle and a wrong interface. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

#define W 8
#define H 8

/* Subresource 0 of a W x H RGBA8 texture read on `dev` through a staging copy. */
static uint8_t *readback_on(ID3D11Device *dev, ID3D11DeviceContext *ctx, ID3D11Texture2D *tex)
{
    D3D11_TEXTURE2D_DESC d;
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Texture2D *staging = NULL;
    uint8_t *img = (uint8_t *)calloc(W * H, 4);
    UINT y;
    ID3D11Texture2D_GetDesc(tex, &d);
    d.Usage = D3D11_USAGE_STAGING;
    d.BindFlags = 0;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    d.MiscFlags = 0;
    if (!CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &staging), S_OK))
        return img;
    ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)staging, (ID3D11Resource *)tex);
    if (CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0, &m),
                 S_OK)) {
        for (y = 0; y < H; y++)
            memcpy(img + y * W * 4, (const uint8_t *)m.pData + (size_t)y * m.RowPitch, W * 4);
        ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)staging, 0);
    }
    ID3D11Texture2D_Release(staging);
    return img;
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

static ID3D11Texture2D *shared_target(UINT misc)
{
    D3D11_TEXTURE2D_DESC d;
    ID3D11Texture2D *t = NULL;
    memset(&d, 0, sizeof d);
    d.Width = W;
    d.Height = H;
    d.MipLevels = 1;
    d.ArraySize = 1;
    d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.SampleDesc.Count = 1;
    d.Usage = D3D11_USAGE_DEFAULT;
    d.BindFlags = D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE;
    d.MiscFlags = misc;
    CHECK_HR(ID3D11Device_CreateTexture2D(P.dev, &d, NULL, &t), S_OK);
    return t;
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

/* Opened on a second device of the process: Direct3D defines success, read there exactly,
 * cleared there and read through the first. This runtime answers E_NOTIMPL (its devices
 * have one host connection each: doc/runtime.md, Not done yet), which is recorded. */
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
    if (prog_runtime_limit(hr, "ID3D11Device::OpenSharedResource")) {
        CHECK(on_b == NULL);
        record("on_a_still", readback_on(P.dev, P.ctx, t), 51, 102, 153, 255);
        ID3D11Texture2D_Release(t);
        return;
    }
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

int main(int argc, char **argv)
{
    static const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1,
                                               D3D_FEATURE_LEVEL_10_0};
    ID3D11Device *b_dev = NULL;
    ID3D11DeviceContext *b_ctx = NULL;
    prog_init(argc, argv);
    scene_dxgi_resource();
    if (CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, levels, 3,
                                   D3D11_SDK_VERSION, &b_dev, NULL, &b_ctx),
                 S_OK)) {
        scene_same_device();
        scene_second_device(b_dev, b_ctx);
        scene_refusals(b_dev);
        ID3D11DeviceContext_Release(b_ctx);
        CHECK(ID3D11Device_Release(b_dev) == 0);
    }
    return prog_finish();
}
