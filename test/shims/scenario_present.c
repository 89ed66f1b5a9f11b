/* SPDX-License-Identifier: MIT */
/* scenario_present.c — (part of scenarios.c, after scenario_blt.c) presenting as Windows 7
 * drives it, through the DXGI base table: swap chains of 2 and 3 back buffers (PRESENT bind)
 * presenting a colour per frame with RotateResourceIdentities, pfnPresentCb naming each
 * frame's allocation; the windowed compositor's present, a Blt with the Present flag from an
 * R8G8B8A8 back buffer into a B8G8R8A8 shared surface of another size (one draw of the
 * driver's own shaders); GenerateMips with its levels copied out; primaries. Host twins:
 * test/unit/umd/golden_present.h; pictures: test/pixels/present_pictures.h
 * (run_wine.py --pixels). */
#include "shaders/present_scenes.h"

static void colour_floats(const float in[4], FLOAT out[4])
{
    uint32_t c;
    for (c = 0; c < 4; c++)
        out[c] = in[c];
}

static HRESULT call_present_every(struct session *s, D3D10DDI_HRESOURCE src, D3D10DDI_HRESOURCE dst,
                                  DXGI_DDI_FLIP_INTERVAL_TYPE interval)
{
    DXGI_DDI_ARG_PRESENT p;
    memset(&p, 0, sizeof p);
    p.hDevice = (DXGI_DDI_HDEVICE)s->dev.pDrvPrivate;
    p.hSurfaceToPresent = (DXGI_DDI_HRESOURCE)src.pDrvPrivate;
    p.hDstResource = (DXGI_DDI_HRESOURCE)dst.pDrvPrivate;
    p.Flags.Blt = 1;
    p.FlipInterval = interval;
    return s->rt.dxgi.pfnPresent(&p);
}

static HRESULT call_present(struct session *s, D3D10DDI_HRESOURCE src, D3D10DDI_HRESOURCE dst)
{
    return call_present_every(s, src, dst, DXGI_DDI_FLIP_INTERVAL_ONE);
}

/* A back buffer as DXGI creates one for a DISCARD swap chain (its default): presentable,
 * with DISCARD_ON_PRESENT (FACTS-ADDENDUM.md (1), misc flags). */
static D3D10DDI_HRESOURCE back_buffer(struct session *s, UINT w, UINT hgt, DXGI_FORMAT format)
{
    D3D10DDI_HRTRESOURCE rt = {NULL};
    return resource_ex(s, D3D10DDIRESOURCE_TEXTURE2D, w, hgt, format,
                       D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_PRESENT, 0, 0,
                       D3D10_DDI_RESOURCE_MISC_DISCARD_ON_PRESENT, 0, NULL, rt);
}

/* Each frame clears buffer 0 (the view made over it first follows the rotation), presents
 * buffer 0 and rotates: frame k shows buffer k mod count's storage, and pfnPresentCb names
 * that buffer's allocation. */
static void swap_chain(struct session *s, uint32_t count)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    static const D3D10DDI_HRESOURCE none = {NULL};
    D3D10DDI_HRESOURCE bufs[3];
    DXGI_DDI_HRESOURCE ids[3];
    D3DKMT_HANDLE alloc[3];
    DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES rot;
    D3D10DDI_HRENDERTARGETVIEW rtv;
    FLOAT rgba[4];
    uint32_t i, k;
    for (i = 0; i < count; i++) {
        bufs[i] = back_buffer(s, PRESENT_W, PRESENT_H, DXGI_FORMAT_B8G8R8A8_UNORM);
        ids[i] = (DXGI_DDI_HRESOURCE)bufs[i].pDrvPrivate;
        alloc[i] = s->rt.memory_count; /* its allocation, made last */
    }
    rtv = rtv_of(s, bufs[0], DXGI_FORMAT_B8G8R8A8_UNORM);
    set_targets(s, 1, &rtv, no_dsv);
    memset(&rot, 0, sizeof rot);
    rot.hDevice = (DXGI_DDI_HDEVICE)s->dev.pDrvPrivate;
    rot.pResources = ids;
    rot.Resources = count;
    for (k = 0; k < PRESENT_FRAMES; k++) {
        colour_floats(present_frame_colour[k], rgba);
        s->f.pfnClearRenderTargetView(s->dev, rtv, rgba);
        CHECK_EQ(call_present(s, bufs[0], none), S_OK);
        CHECK_EQ(s->rt.dxgi.pfnRotateResourceIdentities(&rot), S_OK);
    }
    if (CHECK_EQ(s->rt.present_cb_calls, PRESENT_FRAMES))
        for (k = 0; k < PRESENT_FRAMES; k++) {
            CHECK(alloc[k % count] != 0);
            CHECK_EQ(s->rt.present_src[k], alloc[k % count]);
            CHECK_EQ(s->rt.present_dst[k], 0);
        }
}

static void sc_swap_chain_2(struct session *s)
{
    swap_chain(s, 2);
}

static void sc_swap_chain_3(struct session *s)
{
    swap_chain(s, 3);
}

/* The application's frame, copied into its back buffer, blitted with Present, Stretch and
 * Convert into the compositor's shared surface: S_OK and one draw. */
static void sc_compositor_present(struct session *s)
{
    D3D10_DDIARG_SUBRESOURCE_UP init = {(void *)(uintptr_t)compose_texels, COMPOSE_SRC * 4u,
                                        sizeof compose_texels};
    D3D10DDI_HRTRESOURCE rt = {(HANDLE)(uintptr_t)0x5C5Cu};
    static const RECT whole = {0, 0, COMPOSE_DST_W, COMPOSE_DST_H};
    struct aerogpu_cmd_draw draw;
    D3D10DDI_HRESOURCE content, back, shared;
    content = texture(s, COMPOSE_SRC, COMPOSE_SRC, DXGI_FORMAT_R8G8B8A8_UNORM,
                      D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, &init);
    back = back_buffer(s, COMPOSE_SRC, COMPOSE_SRC, DXGI_FORMAT_R8G8B8A8_UNORM);
    s->f.pfnResourceCopy(s->dev, back, content);
    shared = resource_ex(s, D3D10DDIRESOURCE_TEXTURE2D, COMPOSE_DST_W, COMPOSE_DST_H,
                         DXGI_FORMAT_B8G8R8A8_UNORM,
                         D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0,
                         D3D10_DDI_RESOURCE_MISC_SHARED, 0, NULL, rt);
    CHECK_EQ(call_blt(s, shared, back, &whole, 0x8u | 0x4u | 0x2u /* Present Stretch Convert */),
             S_OK);
    s->f.pfnFlush(s->dev);
    CHECK(nth_packet(s, AEROGPU_CMD_DRAW, 0, &draw, sizeof draw) && draw.vertex_count == 3);
    CHECK(!nth_packet(s, AEROGPU_CMD_DRAW, 1, &draw, sizeof draw));
}

/* GenerateMips of a 7x5 texture of 3 levels created with AUTO_GEN_MIP_MAP (level 0 from
 * mips_texels), then levels 1 and 2 copied into textures of their own. */
static void sc_generate_mips(struct session *s)
{
    D3D10_DDIARG_SUBRESOURCE_UP init[MIPS_LEVELS] = {
        {(void *)(uintptr_t)mips_texels, MIPS_W * 4u, sizeof mips_texels},
        {(void *)(uintptr_t)mips_zeros, (MIPS_W >> 1) * 4u, sizeof mips_zeros},
        {(void *)(uintptr_t)mips_zeros, 4u, 4u}};
    D3D10DDI_HRTRESOURCE rt = {NULL};
    D3D10DDI_HRESOURCE tex, level1, level2;
    s->next_mips = MIPS_LEVELS;
    tex = resource_ex(s, D3D10DDIRESOURCE_TEXTURE2D, MIPS_W, MIPS_H, DXGI_FORMAT_R8G8B8A8_UNORM,
                      D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0,
                      D3D10_DDI_RESOURCE_AUTO_GEN_MIP_MAP, 0, init, rt);
    s->next_mips = 0;
    level1 = texture(s, MIPS_W >> 1, MIPS_H >> 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                     D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, NULL);
    level2 =
        texture(s, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, NULL);
    s->f.pfnGenMips(s->dev, srv_of(s, tex, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10DDIRESOURCE_TEXTURE2D,
                                   0, MIPS_LEVELS, 0));
    s->f.pfnResourceCopyRegion(s->dev, level1, 0, 0, 0, 0, tex, 1, NULL);
    s->f.pfnResourceCopyRegion(s->dev, level2, 0, 0, 0, 0, tex, 2, NULL);
    CHECK_EQ(s->rt.error_count, 0);
}

/* ---- checks outside the golden set ------------------------------------------------------ */

/* PRESENT number n carries exactly `vsync` of the VSYNC flag. */
static void check_present_vsync(struct session *s, uint32_t n, uint32_t vsync)
{
    struct aerogpu_cmd_present pp;
    if (CHECK(nth_packet(s, AEROGPU_CMD_PRESENT, n, &pp, sizeof pp)))
        CHECK_EQ(pp.flags & AEROGPU_PRESENT_FLAG_VSYNC, vsync);
}

/* Full-screen resources: an optional primary (a back buffer) is told NO_SCANOUT, so DXGI
 * presents it Blt-style; a real primary is a primary allocation of its video-present
 * source, and a present into it names both allocations. FlipInterval is the sync
 * interval: ONE..FOUR wait for the vertical blank (the PRESENT's VSYNC flag; the protocol
 * has no interval count), IMMEDIATE does not. */
static void check_primaries(struct session *s)
{
    DXGI_DDI_PRIMARY_DESC optional, primary;
    D3D10DDI_HRESOURCE back, front;
    D3DKMT_HANDLE back_alloc, front_alloc;
    memset(&optional, 0, sizeof optional);
    optional.Flags = DXGI_DDI_PRIMARY_OPTIONAL;
    optional.VidPnSourceId = 1;
    s->next_primary = &optional;
    back = back_buffer(s, 32, 16, DXGI_FORMAT_B8G8R8A8_UNORM);
    back_alloc = s->rt.memory_count;
    memset(&primary, 0, sizeof primary);
    primary.VidPnSourceId = 1;
    s->next_primary = &primary;
    front = back_buffer(s, 32, 16, DXGI_FORMAT_B8G8R8A8_UNORM);
    front_alloc = s->rt.memory_count;
    s->next_primary = NULL;
    CHECK_EQ(optional.DriverFlags, DXGI_DDI_PRIMARY_DRIVER_FLAG_NO_SCANOUT);
    CHECK_EQ(primary.DriverFlags, 0);
    if (CHECK(back_alloc != 0 && front_alloc == back_alloc + 1u)) {
        CHECK_EQ(s->rt.memory_primary[back_alloc - 1u], 0);
        CHECK_EQ(s->rt.memory_primary[front_alloc - 1u], 1);
        CHECK_EQ(s->rt.memory_vidpn[front_alloc - 1u], 1);
    }
    CHECK_EQ(call_present(s, back, front), S_OK);
    if (CHECK_EQ(s->rt.present_cb_calls, 1)) {
        CHECK_EQ(s->rt.present_src[0], back_alloc);
        CHECK_EQ(s->rt.present_dst[0], front_alloc);
    }
    CHECK_EQ(call_present_every(s, back, front, DXGI_DDI_FLIP_INTERVAL_IMMEDIATE), S_OK);
    CHECK_EQ(call_present_every(s, back, front, DXGI_DDI_FLIP_INTERVAL_FOUR), S_OK);
    CHECK_EQ(s->rt.present_cb_calls, 3);
    check_present_vsync(s, 0, AEROGPU_PRESENT_FLAG_VSYNC);
    check_present_vsync(s, 1, 0);
    check_present_vsync(s, 2, AEROGPU_PRESENT_FLAG_VSYNC);
    /* A primary's allocation is given back inside DestroyResource (D3D11 on Windows 7
     * cannot defer it: FACTS-ADDENDUM (3)). */
    s->f.pfnDestroyResource(s->dev, front);
    if (front_alloc != 0)
        CHECK_EQ(s->rt.memory_freed[front_alloc - 1u], 1);
    CHECK_EQ(s->rt.error_count, 0);
}

/* pfnPresentCb as FACTS-ADDENDUM (3) fills it: after the flush (every pfnRenderCb of the
 * present came first), pDXGIContext unchanged, hContext the context pfnCreateContextCb
 * made, no broadcast; its result is PresentDXGI's. */
static void check_present_callback(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    static FLOAT rgba[4] = {0, 1, 0, 1};
    D3D10DDI_HRESOURCE bb = back_buffer(s, 16, 16, DXGI_FORMAT_B8G8R8A8_UNORM);
    D3D10DDI_HRENDERTARGETVIEW rtv = rtv_of(s, bb, DXGI_FORMAT_B8G8R8A8_UNORM);
    DXGI_DDI_ARG_PRESENT p;
    uint32_t renders;
    set_targets(s, 1, &rtv, no_dsv);
    s->f.pfnClearRenderTargetView(s->dev, rtv, rgba);
    renders = s->rt.render_calls;
    memset(&p, 0, sizeof p);
    p.hDevice = (DXGI_DDI_HDEVICE)s->dev.pDrvPrivate;
    p.hSurfaceToPresent = (DXGI_DDI_HRESOURCE)bb.pDrvPrivate;
    p.pDXGIContext = (void *)(uintptr_t)0x5EED0C70u;
    p.Flags.Blt = 1;
    p.FlipInterval = DXGI_DDI_FLIP_INTERVAL_ONE;
    CHECK_EQ(s->rt.dxgi.pfnPresent(&p), S_OK);
    CHECK(s->rt.present_dxgi_context == p.pDXGIContext);
    CHECK(s->rt.present_context != NULL && s->rt.present_context == s->rt.context_made);
    CHECK_EQ(s->rt.present_broadcast_count, 0);
    CHECK(s->rt.present_render_calls > renders);
    CHECK_EQ(s->rt.present_render_calls, s->rt.render_calls);
    s->rt.present_result = E_OUTOFMEMORY;
    CHECK_EQ(s->rt.dxgi.pfnPresent(&p), E_OUTOFMEMORY);
    s->rt.present_result = S_OK;
}

/* GenerateMips through each runtime's table: a 7x5 texture with AUTO_GEN_MIP_MAP, three
 * levels, draws two passes (pixels: test/pixels/test_pixels_builtin.c). */
static void check_generate_mips(struct session *s)
{
    D3D10DDI_HSHADERRESOURCEVIEW srv;
    D3D10DDI_HRESOURCE tex;
    struct aerogpu_cmd_draw draw;
    D3D10DDI_HRTRESOURCE rt = {NULL};
    s->next_mips = 3;
    tex = resource_ex(s, D3D10DDIRESOURCE_TEXTURE2D, 7, 5, DXGI_FORMAT_R8G8B8A8_UNORM,
                      D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0,
                      D3D10_DDI_RESOURCE_AUTO_GEN_MIP_MAP, 0, NULL, rt);
    s->next_mips = 0;
    srv = srv_of(s, tex, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10DDIRESOURCE_TEXTURE2D, 0, 3, 0);
    s->f.pfnGenMips(s->dev, srv);
    s->f.pfnFlush(s->dev);
    CHECK_EQ(s->rt.error_count, 0);
    CHECK(nth_packet(s, AEROGPU_CMD_DRAW, 1, &draw, sizeof draw)); /* levels 1 and 2 */
    CHECK(!nth_packet(s, AEROGPU_CMD_DRAW, 2, &draw, sizeof draw));
}

static void run_present_checks(open_adapter_fn open, UINT iface, int use_10_2)
{
    static struct session s;
    if (CHECK_EQ(session_open(&s, open, iface, use_10_2), S_OK)) {
        check_primaries(&s);
        session_close(&s);
    }
    if (CHECK_EQ(session_open(&s, open, iface, use_10_2), S_OK)) {
        check_generate_mips(&s);
        session_close(&s);
    }
    if (CHECK_EQ(session_open(&s, open, iface, use_10_2), S_OK)) {
        check_present_callback(&s);
        session_close(&s);
    }
}
