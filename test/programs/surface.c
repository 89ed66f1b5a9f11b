/* SPDX-License-Identifier: MIT */
/* surface.c — DXGI surfaces as an application meets them: a 2D texture's IDXGISurface
 * (QueryInterface both ways, one object and one count, answered only for one level of one
 * slice), its description, Map of a staging surface after a copy of a cleared texture, the
 * documented refusals (Map of a surface the CPU cannot access, GetDC of a surface not made
 * GDI_COMPATIBLE), GDI drawing into a GDI_COMPATIBLE texture through GetDC and ReleaseDC and
 * the rules around it, IDXGIDevice::CreateSurface and the texture it makes, and a swap chain's
 * buffer asked for as IDXGISurface. Needs an X server under Wine (the swap chain's window). */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

static const FLOAT clear_color[4] = {1.0f, 0.2f, 0.6f, 1.0f};
static const uint8_t clear_bytes[4] = {255, 51, 153, 255}; /* UNORM: round(c * 255) */

static ID3D11Texture2D *texture(UINT w, UINT h, UINT mips, UINT array, D3D11_USAGE usage, UINT bind,
                                UINT cpu)
{
    D3D11_TEXTURE2D_DESC d;
    ID3D11Texture2D *t = NULL;
    prog_texture_desc(&d, w, h, DXGI_FORMAT_R8G8B8A8_UNORM, usage, bind);
    d.MipLevels = mips;
    d.ArraySize = array;
    d.CPUAccessFlags = cpu;
    CHECK_HR(ID3D11Device_CreateTexture2D(P.dev, &d, NULL, &t), S_OK);
    return t;
}

/* What QueryInterface answers for IDXGISurface: S_OK only for one level of one slice. */
static void record_qi(ID3D11Texture2D *t, const char *name, HRESULT want)
{
    IDXGISurface *s = NULL;
    HRESULT hr;
    if (t == NULL)
        return;
    hr = ID3D11Texture2D_QueryInterface(t, &IID_IDXGISurface, (void **)&s);
    CHECK_HR(hr, want);
    CHECK(SUCCEEDED(hr) == (s != NULL));
    prog_result_value(name, "0x%08lx", (unsigned long)hr);
    if (s != NULL)
        IDXGISurface_Release(s);
    ID3D11Texture2D_Release(t);
}

/* The surface is the texture: IUnknown and ID3D11Texture2D through it give the texture's
 * pointers, AddRef and Release count the texture's references. */
static void scene_identity(void)
{
    ID3D11Texture2D *t = texture(8, 8, 1, 1, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0);
    IDXGISurface *s = NULL;
    IDXGISurface1 *s1 = NULL;
    ID3D11Texture2D *back = NULL;
    IUnknown *u1 = NULL, *u2 = NULL;
    ULONG count;
    prog_scene("surface_identity");
    if (t == NULL ||
        !CHECK_HR(ID3D11Texture2D_QueryInterface(t, &IID_IDXGISurface, (void **)&s), S_OK))
        return;
    CHECK_HR(IDXGISurface_QueryInterface(s, &IID_ID3D11Texture2D, (void **)&back), S_OK);
    CHECK(back == t);
    CHECK_HR(IDXGISurface_QueryInterface(s, &IID_IUnknown, (void **)&u1), S_OK);
    CHECK_HR(ID3D11Texture2D_QueryInterface(t, &IID_IUnknown, (void **)&u2), S_OK);
    CHECK(u1 != NULL && u1 == u2);
    CHECK_HR(IDXGISurface_QueryInterface(s, &IID_IDXGISurface1, (void **)&s1), S_OK);
    prog_result_value("same_texture", "%d", back == t);
    prog_result_value("same_identity", "%d", u1 == u2);
    prog_result_value("surface1", "%d", s1 != NULL);
    if (u1 != NULL)
        IUnknown_Release(u1);
    if (u2 != NULL)
        IUnknown_Release(u2);
    if (s1 != NULL)
        IDXGISurface1_Release(s1);
    if (back != NULL)
        ID3D11Texture2D_Release(back);
    /* Now the texture's reference and the surface's: 2. */
    count = IDXGISurface_AddRef(s);
    CHECK(count == 3);
    prog_result_value("addref", "%lu", (unsigned long)count);
    CHECK(ID3D11Texture2D_Release(t) == 2);
    CHECK(IDXGISurface_Release(s) == 1);
    CHECK(IDXGISurface_Release(s) == 0);
    prog_scene("surface_qi_kinds");
    record_qi(texture(8, 8, 1, 1, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0), "one_level",
              S_OK);
    record_qi(texture(8, 8, 0, 1, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0), "mip_chain",
              E_NOINTERFACE);
    record_qi(texture(8, 8, 1, 2, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0), "array",
              E_NOINTERFACE);
    record_qi(texture(8, 8, 1, 1, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ), "staging", S_OK);
}

/* GetDesc, GetDevice, GetParent, private data. */
static void scene_desc(void)
{
    static const GUID guid = {
        0x5e1fa7c3, 0x2d0b, 0x4b7e, {0x9a, 0x11, 0x6c, 0x3f, 0x80, 0x21, 0x44, 0x90}};
    D3D11_TEXTURE2D_DESC d;
    ID3D11Texture2D *t = NULL;
    IDXGISurface *s = NULL;
    DXGI_SURFACE_DESC sd;
    ID3D11Device *dev = NULL;
    IDXGIDevice *parent = NULL;
    DWORD data = 0x1234abcd, got = 0;
    UINT size = sizeof got;
    prog_scene("surface_desc");
    prog_texture_desc(&d, 24, 16, DXGI_FORMAT_B8G8R8A8_UNORM, D3D11_USAGE_DEFAULT,
                      D3D11_BIND_RENDER_TARGET);
    if (!CHECK_HR(ID3D11Device_CreateTexture2D(P.dev, &d, NULL, &t), S_OK) ||
        !CHECK_HR(ID3D11Texture2D_QueryInterface(t, &IID_IDXGISurface, (void **)&s), S_OK))
        return;
    memset(&sd, 0xcc, sizeof sd);
    CHECK_HR(IDXGISurface_GetDesc(s, &sd), S_OK);
    CHECK(sd.Width == 24 && sd.Height == 16 && sd.Format == DXGI_FORMAT_B8G8R8A8_UNORM &&
          sd.SampleDesc.Count == 1 && sd.SampleDesc.Quality == 0);
    prog_result_value("desc", "%ux%u format %u samples %u quality %u", sd.Width, sd.Height,
                      (unsigned)sd.Format, sd.SampleDesc.Count, sd.SampleDesc.Quality);
    CHECK_HR(IDXGISurface_GetDevice(s, &IID_ID3D11Device, (void **)&dev), S_OK);
    CHECK(dev == P.dev);
    prog_result_value("device", "%d", dev == P.dev);
    CHECK_HR(IDXGISurface_GetParent(s, &IID_IDXGIDevice, (void **)&parent), S_OK);
    CHECK(parent != NULL);
    prog_result_value("parent", "%d", parent != NULL);
    CHECK_HR(IDXGISurface_SetPrivateData(s, &guid, sizeof data, &data), S_OK);
    CHECK_HR(IDXGISurface_GetPrivateData(s, &guid, &size, &got), S_OK);
    CHECK(size == sizeof data && got == data);
    prog_result_value("private", "%u 0x%08lx", size, (unsigned long)got);
    if (parent != NULL)
        IDXGIDevice_Release(parent);
    if (dev != NULL)
        ID3D11Device_Release(dev);
    IDXGISurface_Release(s);
    ID3D11Texture2D_Release(t);
}

/* A cleared texture copied to a staging texture, read through its surface's Map(READ). */
static void scene_map_staging(void)
{
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11Texture2D *t = prog_target(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, &rtv);
    ID3D11Texture2D *st = texture(8, 8, 1, 1, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
    IDXGISurface *s = NULL;
    DXGI_MAPPED_RECT m;
    uint8_t img[8 * 8 * 4];
    UINT x, y, bad = 0;
    prog_scene("surface_map_staging");
    if (st == NULL ||
        !CHECK_HR(ID3D11Texture2D_QueryInterface(st, &IID_IDXGISurface, (void **)&s), S_OK))
        return;
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv, clear_color);
    ID3D11DeviceContext_CopyResource(P.ctx, (ID3D11Resource *)st, (ID3D11Resource *)t);
    if (CHECK_HR(IDXGISurface_Map(s, &m, DXGI_MAP_READ), S_OK)) {
        CHECK(m.pBits != NULL && m.Pitch >= 8 * 4);
        for (y = 0; y < 8; y++)
            memcpy(img + y * 8 * 4, m.pBits + (size_t)y * (size_t)m.Pitch, 8 * 4);
        CHECK_HR(IDXGISurface_Unmap(s), S_OK);
        for (y = 0; y < 8; y++)
            for (x = 0; x < 8; x++)
                bad += memcmp(prog_px(img, 8, 4, x, y), clear_bytes, 4) != 0;
        CHECK(bad == 0);
        prog_result_image("mapped", img, 8, 8, 4, "exact");
    }
    IDXGISurface_Release(s);
    ID3D11Texture2D_Release(st);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Texture2D_Release(t);
}

/* Map needs a surface the CPU may access in the asked way; GetDC a GDI_COMPATIBLE one. Both
 * answer DXGI_ERROR_INVALID_CALL otherwise. */
static void scene_refusals(void)
{
    ID3D11Texture2D *t = texture(8, 8, 1, 1, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0);
    ID3D11Texture2D *st = texture(8, 8, 1, 1, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
    IDXGISurface1 *s = NULL, *ss = NULL;
    DXGI_MAPPED_RECT m;
    HDC dc = NULL;
    HRESULT hr;
    prog_scene("surface_refusals");
    if (t == NULL || st == NULL ||
        !CHECK_HR(ID3D11Texture2D_QueryInterface(t, &IID_IDXGISurface1, (void **)&s), S_OK) ||
        !CHECK_HR(ID3D11Texture2D_QueryInterface(st, &IID_IDXGISurface1, (void **)&ss), S_OK))
        return;
    hr = IDXGISurface1_Map(s, &m, DXGI_MAP_READ);
    CHECK_HR(hr, DXGI_ERROR_INVALID_CALL);
    prog_result_value("map_default", "0x%08lx", (unsigned long)hr);
    if (SUCCEEDED(hr))
        IDXGISurface1_Unmap(s);
    hr = IDXGISurface1_Map(ss, &m, DXGI_MAP_WRITE);
    CHECK_HR(hr, DXGI_ERROR_INVALID_CALL);
    prog_result_value("map_write_read_only", "0x%08lx", (unsigned long)hr);
    if (SUCCEEDED(hr))
        IDXGISurface1_Unmap(ss);
    hr = IDXGISurface1_GetDC(s, FALSE, &dc);
    CHECK_HR(hr, DXGI_ERROR_INVALID_CALL);
    prog_result_value("get_dc_not_gdi", "0x%08lx", (unsigned long)hr);
    if (SUCCEEDED(hr))
        IDXGISurface1_ReleaseDC(s, NULL);
    IDXGISurface1_Release(ss);
    IDXGISurface1_Release(s);
    ID3D11Texture2D_Release(st);
    ID3D11Texture2D_Release(t);
}

static ID3D11Texture2D *gdi_texture(DXGI_FORMAT format, UINT mips, HRESULT *hr)
{
    D3D11_TEXTURE2D_DESC d;
    ID3D11Texture2D *t = NULL;
    prog_texture_desc(&d, 8, 8, format, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
    d.MipLevels = mips;
    d.MiscFlags = D3D11_RESOURCE_MISC_GDI_COMPATIBLE;
    *hr = ID3D11Device_CreateTexture2D(P.dev, &d, NULL, &t);
    return t;
}

/* B8G8R8A8_TYPELESS is one of the formats GDI_COMPATIBLE takes: its DC comes and goes. */
static void gdi_dc_of_typeless(void)
{
    IDXGISurface1 *s = NULL;
    ID3D11Texture2D *t;
    HDC dc = NULL;
    HRESULT hr;
    t = gdi_texture(DXGI_FORMAT_B8G8R8A8_TYPELESS, 1, &hr);
    if (!CHECK_HR(hr, S_OK))
        return;
    if (CHECK_HR(ID3D11Texture2D_QueryInterface(t, &IID_IDXGISurface1, (void **)&s), S_OK)) {
        hr = IDXGISurface1_GetDC(s, FALSE, &dc);
        CHECK_HR(hr, S_OK);
        prog_result_value("typeless_get_dc", "0x%08lx", (unsigned long)hr);
        if (SUCCEEDED(hr))
            CHECK_HR(IDXGISurface1_ReleaseDC(s, NULL), S_OK);
        IDXGISurface1_Release(s);
    }
    ID3D11Texture2D_Release(t);
}

/* GDI on a GDI_COMPATIBLE texture (B8G8R8A8, a render target, one level, as
 * D3D11_RESOURCE_MISC_GDI_COMPATIBLE requires): cleared red through Direct3D, the DC
 * GetDC(FALSE) hands out shows red, GDI fills (2, 2)-(6, 6) blue, and after ReleaseDC
 * Direct3D reads blue there and red elsewhere (GDI leaves alpha as it wishes: not checked);
 * a TYPELESS one's DC too. */
static void scene_gdi_compatible(void)
{
    static const FLOAT red[4] = {1, 0, 0, 1};
    RECT square = {2, 2, 6, 6};
    ID3D11RenderTargetView *rtv = NULL;
    IDXGISurface1 *s = NULL;
    ID3D11Texture2D *t;
    HBRUSH blue;
    HDC dc = NULL;
    HRESULT hr;
    UINT w, h;
    uint8_t *img;
    prog_scene("surface_gdi_compatible");
    t = gdi_texture(DXGI_FORMAT_B8G8R8A8_UNORM, 1, &hr);
    if (!CHECK_HR(hr, S_OK))
        return;
    if (CHECK_HR(ID3D11Device_CreateRenderTargetView(P.dev, (ID3D11Resource *)t, NULL, &rtv),
                 S_OK)) {
        ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv, red);
        ID3D11RenderTargetView_Release(rtv);
    }
    if (CHECK_HR(ID3D11Texture2D_QueryInterface(t, &IID_IDXGISurface1, (void **)&s), S_OK) &&
        CHECK_HR(IDXGISurface1_GetDC(s, FALSE, &dc), S_OK)) {
        CHECK(GetPixel(dc, 1, 1) == RGB(255, 0, 0));
        blue = CreateSolidBrush(RGB(0, 0, 255));
        FillRect(dc, &square, blue);
        DeleteObject(blue);
        CHECK_HR(IDXGISurface1_ReleaseDC(s, NULL), S_OK);
    }
    img = prog_readback(t, &w, &h, 4);
    CHECK(img[(3 * 8 + 3) * 4] == 255 && img[(3 * 8 + 3) * 4 + 1] == 0 &&
          img[(3 * 8 + 3) * 4 + 2] == 0); /* B, G, R of (3, 3): blue */
    CHECK(img[(1 * 8 + 1) * 4] == 0 && img[(1 * 8 + 1) * 4 + 2] == 255); /* (1, 1): red */
    for (h = 0; h < 8 * 8; h++)
        img[h * 4 + 3] = 0;
    prog_result_image("bgr", img, 8, 8, 4, "exact");
    free(img);
    if (s != NULL)
        IDXGISurface1_Release(s);
    ID3D11Texture2D_Release(t);
    gdi_dc_of_typeless();
}

/* What Direct3D refuses around GDI: a GDI_COMPATIBLE texture of another format or with
 * more than one level (E_INVALIDARG), a second GetDC before ReleaseDC and a ReleaseDC
 * without a DC (DXGI_ERROR_INVALID_CALL). */
static void scene_gdi_rules(void)
{
    IDXGISurface1 *s = NULL;
    ID3D11Texture2D *t;
    HDC dc = NULL, again = NULL;
    HRESULT hr;
    prog_scene("surface_gdi_rules");
    t = gdi_texture(DXGI_FORMAT_R8G8B8A8_UNORM, 1, &hr);
    CHECK_HR(hr, E_INVALIDARG);
    prog_result_value("rgba_format", "0x%08lx", (unsigned long)hr);
    if (t != NULL)
        ID3D11Texture2D_Release(t);
    t = gdi_texture(DXGI_FORMAT_B8G8R8A8_UNORM, 2, &hr);
    CHECK_HR(hr, E_INVALIDARG);
    prog_result_value("two_levels", "0x%08lx", (unsigned long)hr);
    if (t != NULL)
        ID3D11Texture2D_Release(t);
    t = gdi_texture(DXGI_FORMAT_B8G8R8A8_UNORM, 1, &hr);
    if (!CHECK_HR(hr, S_OK))
        return;
    if (CHECK_HR(ID3D11Texture2D_QueryInterface(t, &IID_IDXGISurface1, (void **)&s), S_OK)) {
        hr = IDXGISurface1_ReleaseDC(s, NULL);
        CHECK_HR(hr, DXGI_ERROR_INVALID_CALL);
        prog_result_value("release_without_dc", "0x%08lx", (unsigned long)hr);
        if (CHECK_HR(IDXGISurface1_GetDC(s, TRUE, &dc), S_OK)) {
            hr = IDXGISurface1_GetDC(s, TRUE, &again);
            CHECK_HR(hr, DXGI_ERROR_INVALID_CALL);
            prog_result_value("second_get_dc", "0x%08lx", (unsigned long)hr);
            CHECK_HR(IDXGISurface1_ReleaseDC(s, NULL), S_OK);
        }
        IDXGISurface1_Release(s);
    }
    ID3D11Texture2D_Release(t);
}

/* The texture behind a created surface: DEFAULT, one level, the usage's bind flags;
 * cleared through a render-target view and read back. */
static void use_created(IDXGISurface *s, const char *name)
{
    ID3D11Texture2D *t = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    D3D11_TEXTURE2D_DESC d;
    UINT w, h;
    uint8_t *img;
    if (!CHECK_HR(IDXGISurface_QueryInterface(s, &IID_ID3D11Texture2D, (void **)&t), S_OK))
        return;
    ID3D11Texture2D_GetDesc(t, &d);
    CHECK(d.Width == 16 && d.Height == 8 && d.MipLevels == 1 && d.ArraySize == 1 &&
          d.Format == DXGI_FORMAT_R8G8B8A8_UNORM && d.Usage == D3D11_USAGE_DEFAULT &&
          d.BindFlags == (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE) &&
          d.CPUAccessFlags == 0);
    prog_result_value("texture_desc", "%ux%u mips %u array %u usage %u bind 0x%x cpu 0x%x", d.Width,
                      d.Height, d.MipLevels, d.ArraySize, (unsigned)d.Usage, d.BindFlags,
                      d.CPUAccessFlags);
    if (CHECK_HR(ID3D11Device_CreateRenderTargetView(P.dev, (ID3D11Resource *)t, NULL, &rtv),
                 S_OK)) {
        ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv, clear_color);
        img = prog_readback(t, &w, &h, 4);
        CHECK(w == 16 && h == 8 && prog_near(img, 255, 51, 153, 255, 0) &&
              prog_near(prog_px(img, w, 4, w - 1, h - 1), 255, 51, 153, 255, 0));
        prog_result_image(name, img, w, h, 4, "exact");
        free(img);
        ID3D11RenderTargetView_Release(rtv);
    }
    ID3D11Texture2D_Release(t);
}

static void scene_create_surface(void)
{
    IDXGIDevice *dxgi = NULL;
    IDXGISurface *s[2] = {NULL, NULL};
    DXGI_SURFACE_DESC d;
    prog_scene("create_surface");
    if (!CHECK_HR(ID3D11Device_QueryInterface(P.dev, &IID_IDXGIDevice, (void **)&dxgi), S_OK))
        return;
    memset(&d, 0, sizeof d);
    d.Width = 16;
    d.Height = 8;
    d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.SampleDesc.Count = 1;
    if (CHECK_HR(
            IDXGIDevice_CreateSurface(
                dxgi, &d, 2, DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_SHADER_INPUT, NULL, s),
            S_OK)) {
        CHECK(s[0] != NULL && s[1] != NULL && s[0] != s[1]);
        use_created(s[0], "first");
        use_created(s[1], "second");
        CHECK(IDXGISurface_Release(s[0]) == 0);
        CHECK(IDXGISurface_Release(s[1]) == 0);
    }
    IDXGIDevice_Release(dxgi);
}

/* A swap chain's buffer 0 as IDXGISurface: the back buffer texture, its description. */
static void scene_swapchain_surface(void)
{
    HWND hwnd = prog_window(32, 16);
    IDXGISwapChain *sc;
    IDXGISurface *s = NULL;
    ID3D11Texture2D *bb = NULL, *via = NULL;
    DXGI_SURFACE_DESC sd;
    prog_scene("swapchain_surface");
    sc = prog_chain(hwnd, 32, 16);
    if (sc == NULL)
        return;
    if (CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_IDXGISurface, (void **)&s), S_OK)) {
        CHECK_HR(IDXGISurface_GetDesc(s, &sd), S_OK);
        CHECK(sd.Width == 32 && sd.Height == 16 && sd.Format == DXGI_FORMAT_R8G8B8A8_UNORM &&
              sd.SampleDesc.Count == 1);
        prog_result_value("desc", "%ux%u format %u", sd.Width, sd.Height, (unsigned)sd.Format);
        CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&bb), S_OK);
        CHECK_HR(IDXGISurface_QueryInterface(s, &IID_ID3D11Texture2D, (void **)&via), S_OK);
        CHECK(bb != NULL && bb == via);
        prog_result_value("same_buffer", "%d", bb != NULL && bb == via);
        if (via != NULL)
            ID3D11Texture2D_Release(via);
        if (bb != NULL)
            ID3D11Texture2D_Release(bb);
        IDXGISurface_Release(s);
    }
    IDXGISwapChain_Release(sc);
    DestroyWindow(hwnd);
}

int main(int argc, char **argv)
{
    prog_init(argc, argv);
    scene_identity();
    scene_desc();
    scene_map_staging();
    scene_refusals();
    scene_gdi_compatible();
    scene_gdi_rules();
    scene_create_surface();
    scene_swapchain_surface();
    return prog_finish();
}
