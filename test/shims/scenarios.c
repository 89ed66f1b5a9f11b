/* SPDX-License-Identifier: MIT */
/* scenarios.c — the golden scenarios of test/unit/umd, replayed through the DDI tables the
 * way the Direct3D runtime would call them, plus DXGI, negotiation and refusals. The session
 * and its object helpers are session.c's. */
#include <float.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerogpu_cmd.h"
#include "harness.h"

/* View dimensions of buffers: a plain BUFFER view and D3D11's BUFFEREX (raw views). */
#define BUF   D3D10DDIRESOURCE_BUFFER
#define BUFEX D3D11DDIRESOURCE_BUFFEREX

/* Every CREATE_SHADER_DXBC of the scenario carries the expected container, whose shader
 * chunk ends with the tokens passed (the container is checked byte for byte; the host
 * golden files only show its first bytes). */
static void check_shader_payloads(struct session *s)
{
    uint32_t i, seen = 0;
    for (i = 0; i < s->rt.host->submission_count; i++) {
        const struct aerocmd_umd_fake_submission *sub = &s->rt.host->submissions[i];
        struct aerocmd_stream st;
        struct aerocmd_cursor cur;
        struct aerocmd_packet pkt;
        struct aerocmd_diag diag;
        if (!CHECK_EQ(aerocmd_stream_open(&st, sub->cmd, sub->cmd_bytes, &diag), AEROCMD_OK))
            return;
        aerocmd_cursor_init(&cur, &st);
        while (aerocmd_cursor_next(&cur, &pkt, &diag) == 1) {
            uint32_t len = 0;
            const uint8_t *p;
            if (pkt.opcode != AEROGPU_CMD_CREATE_SHADER_DXBC)
                continue;
            p = aerocmd_packet_payload(&pkt, &len, NULL);
            if (!CHECK(seen < s->want_dxbc_count && p != NULL))
                return;
            CHECK_EQ(len, s->want_dxbc_size[seen]);
            CHECK(len == s->want_dxbc_size[seen] && memcmp(p, s->want_dxbc[seen], len) == 0);
            seen++;
        }
    }
    CHECK_EQ(seen, s->want_dxbc_count);
}

/* ---- the golden scenarios ------------------------------------------------------------------ */

/* The clear colour of the drawing scenarios (mid grey), as in golden_scenarios.h. */
static FLOAT scenario_grey[4] = {0.5f, 0.5f, 0.5f, 1.0f};

static void sc_triangle(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    DXGI_DDI_ARG_PRESENT p;
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    bind_basic(s, triangle_vb(s), rtv, no_dsv);
    s->f.pfnClearRenderTargetView(s->dev, rtv, scenario_grey);
    s->f.pfnDraw(s->dev, 3, 0);
    memset(&p, 0, sizeof p);
    p.hDevice = (DXGI_DDI_HDEVICE)s->dev.pDrvPrivate;
    p.FlipInterval = DXGI_DDI_FLIP_INTERVAL_ONE;
    CHECK_EQ(s->rt.dxgi.pfnPresent(&p), S_OK);
    CHECK_EQ(s->rt.present_cb_calls, 1);
}

/* The textured pipeline drawing scene_quad through 16-bit indices into rtv. */
static void bind_quad(struct session *s, D3D10DDI_HRENDERTARGETVIEW rtv)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    bind_pipeline(s, 1,
                  buffer(s, sizeof scene_quad, D3D10_DDI_BIND_VERTEX_BUFFER, 0, 0, scene_quad), rtv,
                  no_dsv);
    s->f.pfnIaSetIndexBuffer(
        s->dev,
        buffer(s, sizeof scene_quad_indices, D3D10_DDI_BIND_INDEX_BUFFER, 0, 0, scene_quad_indices),
        DXGI_FORMAT_R16_UINT, 0);
}

/* The quad sampling srv with a linear, clamping sampler (both made here). */
static void draw_quad_sampling(struct session *s, D3D10DDI_HSHADERRESOURCEVIEW srv)
{
    D3D10_DDI_SAMPLER_DESC sd;
    D3D10DDI_HSAMPLER smp;
    D3D10DDI_HRTSAMPLER rt = {NULL};
    memset(&sd, 0, sizeof sd);
    sd.Filter = D3D10_DDI_FILTER_MIN_MAG_MIP_LINEAR;
    sd.AddressU = sd.AddressV = sd.AddressW = D3D10_DDI_TEXTURE_ADDRESS_CLAMP;
    sd.MinLOD = -FLT_MAX;
    sd.MaxLOD = FLT_MAX;
    smp.pDrvPrivate = take(s, s->f.pfnCalcPrivateSamplerSize(s->dev, &sd));
    s->f.pfnCreateSampler(s->dev, &sd, smp, rt);
    s->f.pfnPsSetShaderResources(s->dev, 0, 1, &srv);
    s->f.pfnPsSetSamplers(s->dev, 0, 1, &smp);
    s->f.pfnDrawIndexed(s->dev, 6, 0, 0);
}

static void sc_indexed_quad_texture(struct session *s)
{
    static const uint32_t texels[16] = {0xFF0000FFu, 0xFF00FF00u, 0xFFFF0000u, 0xFFFFFFFFu};
    D3D10_DDIARG_SUBRESOURCE_UP init = {(void *)(uintptr_t)texels, 16, 64};
    D3D10DDI_HSHADERRESOURCEVIEW srv;
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    bind_quad(s, rtv);
    s->f.pfnClearRenderTargetView(s->dev, rtv, scenario_grey);
    srv = srv_of(
        s,
        texture(s, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, &init),
        DXGI_FORMAT_R8G8B8A8_UNORM, D3D10DDIRESOURCE_TEXTURE2D, 0, 0, 0);
    draw_quad_sampling(s, srv);
}

static void sc_depth_test(struct session *s)
{
    FLOAT *grey = scenario_grey;
    D3D10_DDI_DEPTH_STENCIL_DESC dd;
    D3D10DDI_HDEPTHSTENCILSTATE ds;
    D3D10DDI_HRTDEPTHSTENCILSTATE ds_rt = {NULL};
    D3D10DDI_HDEPTHSTENCILVIEW dsv;
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    dsv = dsv_of(
        s,
        texture(s, 64, 64, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D10_DDI_BIND_DEPTH_STENCIL, 0, 0, NULL),
        DXGI_FORMAT_D24_UNORM_S8_UINT, 0);
    memset(&dd, 0, sizeof dd);
    dd.DepthEnable = TRUE;
    dd.DepthWriteMask = D3D10_DDI_DEPTH_WRITE_MASK_ALL;
    dd.DepthFunc = D3D10_DDI_COMPARISON_LESS;
    dd.StencilReadMask = dd.StencilWriteMask = 0xFF;
    ds.pDrvPrivate = take(s, s->f.pfnCalcPrivateDepthStencilStateSize(s->dev, &dd));
    s->f.pfnCreateDepthStencilState(s->dev, &dd, ds, ds_rt);
    bind_basic(s, triangle_vb(s), rtv, dsv);
    s->f.pfnSetDepthStencilState(s->dev, ds, 0);
    s->f.pfnClearRenderTargetView(s->dev, rtv, grey);
    s->f.pfnClearDepthStencilView(s->dev, dsv, D3D10_DDI_CLEAR_DEPTH, 1.0f, 0);
    s->f.pfnDraw(s->dev, 3, 0);
}

static void sc_gs_bound(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    static const D3D10DDI_HSHADER no_shader = {NULL};
    D3D10DDI_HRESOURCE cb = buffer(s, 256, D3D10_DDI_BIND_CONSTANT_BUFFER, 0, 0, NULL);
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    bind_basic(s, triangle_vb(s), rtv, no_dsv);
    s->f.pfnClearRenderTargetView(s->dev, rtv, scenario_grey);
    s->f.pfnGsSetShader(s->dev, scene_shader(s, SCENE_GS_SHIFT));
    s->f.pfnGsSetConstantBuffers(s->dev, 0, 1, &cb);
    s->f.pfnDraw(s->dev, 3, 0);
    s->f.pfnGsSetShader(s->dev, no_shader);
    s->f.pfnDraw(s->dev, 3, 0);
}

static void sc_compute_dispatch(struct session *s)
{
    D3D10DDI_HRESOURCE cb = buffer(s, 64, D3D10_DDI_BIND_CONSTANT_BUFFER, 0, 0, NULL);
    D3D10DDI_HRESOURCE sb = buffer_ex(s, 256, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0,
                                      D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
    D3D10DDI_HSHADERRESOURCEVIEW srv = srv_of(s, sb, DXGI_FORMAT_UNKNOWN, BUF, 2, 8, 0);
    s->f.pfnCsSetShader(s->dev, scene_shader(s, SCENE_CS_READ));
    s->f.pfnCsSetConstantBuffers(s->dev, 0, 1, &cb);
    s->f.pfnCsSetShaderResources(s->dev, 1, 1, &srv);
    s->f.pfnDispatch(s->dev, 4, 2, 1);
    s->f.pfnDispatch(s->dev, 1, 1, 1);
}

static void sc_dynamic_cb(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    D3D10DDI_HRESOURCE cb = buffer(s, 32, D3D10_DDI_BIND_CONSTANT_BUFFER, D3D10_DDI_USAGE_DYNAMIC,
                                   D3D10_DDI_CPU_ACCESS_WRITE, NULL);
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    int frame;
    bind_basic(s, triangle_vb(s), rtv, no_dsv);
    s->f.pfnVsSetShader(s->dev, scene_shader(s, SCENE_VS_CB));
    s->f.pfnClearRenderTargetView(s->dev, rtv, scenario_grey);
    s->f.pfnVsSetConstantBuffers(s->dev, 0, 1, &cb);
    for (frame = 1; frame <= 2; frame++) {
        memset(&m, 0, sizeof m);
        s->f.pfnDynamicConstantBufferMapDiscard(s->dev, cb, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m);
        if (!CHECK(m.pData != NULL))
            return;
        memcpy(m.pData, scene_cb_frames[frame - 1], sizeof scene_cb_frames[0]);
        s->f.pfnDynamicConstantBufferUnmap(s->dev, cb, 0);
        s->f.pfnDraw(s->dev, 3, 0);
    }
    s->f.pfnDestroyResource(s->dev, cb);
}

/* Map(READ, DO_NOT_WAIT) while the copy is in flight: the shim submits it, pfnLockCb with
 * DonotWait finds the allocation busy and the DDI reports DXGI_DDI_ERR_WASSTILLDRAWING
 * (which the runtime hands the application as DXGI_ERROR_WAS_STILL_DRAWING); consumed
 * here so the scenario's error count stays 0. */
static void expect_still_drawing(struct session *s, D3D10DDI_HRESOURCE staging)
{
    D3D10DDI_MAPPED_SUBRESOURCE m;
    uint32_t errors = s->rt.error_count;
    memset(&m, 0, sizeof m);
    s->f.pfnStagingResourceMap(s->dev, staging, 0, D3D10_DDI_MAP_READ, D3D10_DDI_MAP_FLAG_DONOTWAIT,
                               &m);
    CHECK_EQ(s->rt.error_count, errors + 1);
    CHECK_EQ((uint32_t)s->rt.last_error, 0x887B0001u); /* DXGI_DDI_ERR_WASSTILLDRAWING */
    CHECK(m.pData == NULL);
    s->rt.error_count = errors;
    s->rt.last_error = S_OK;
}

static void check_green(const D3D10DDI_MAPPED_SUBRESOURCE *m)
{
    CHECK(m->pData != NULL && ((const uint8_t *)m->pData)[1] == 0xFF &&
          ((const uint8_t *)m->pData)[2] == 0);
    CHECK_EQ(m->RowPitch, 32);
}

/* The CPU waits only inside pfnLockCb: the blocking Map waits there for the copy (once),
 * a poll after it succeeds, and pfnWaitForSynchronizationObjectCb is never called. */
static void sc_readback(struct session *s)
{
    static FLOAT green[4] = {0, 1, 0, 1};
    D3D10DDI_HRESOURCE rt =
        texture(s, 8, 8, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_BIND_RENDER_TARGET, 0, 0, NULL);
    D3D10DDI_HRENDERTARGETVIEW rtv = rtv_of(s, rt, DXGI_FORMAT_B8G8R8A8_UNORM);
    D3D10DDI_HRESOURCE staging = texture(s, 8, 8, DXGI_FORMAT_B8G8R8A8_UNORM, 0,
                                         D3D10_DDI_USAGE_STAGING, D3D10_DDI_CPU_ACCESS_READ, NULL);
    D3D10DDI_MAPPED_SUBRESOURCE m;
    s->f.pfnClearRenderTargetView(s->dev, rtv, green);
    s->f.pfnResourceCopyRegion(s->dev, staging, 0, 0, 0, 0, rt, 0, NULL);
    expect_still_drawing(s, staging);
    CHECK_EQ(s->rt.render_calls, 1); /* the poll submitted the copy */
    expect_still_drawing(s, staging);
    CHECK_EQ(s->rt.emu.lock_still_drawing, 2);
    memset(&m, 0, sizeof m);
    s->f.pfnStagingResourceMap(s->dev, staging, 0, D3D10_DDI_MAP_READ, 0, &m);
    check_green(&m);
    s->f.pfnStagingResourceUnmap(s->dev, staging, 0);
    CHECK_EQ(s->rt.emu.lock_waits, 1);
    memset(&m, 0, sizeof m);
    s->f.pfnStagingResourceMap(s->dev, staging, 0, D3D10_DDI_MAP_READ, D3D10_DDI_MAP_FLAG_DONOTWAIT,
                               &m);
    check_green(&m);
    s->f.pfnStagingResourceUnmap(s->dev, staging, 0);
    CHECK_EQ(s->rt.emu.lock_waits, 1);
    CHECK_EQ(s->rt.render_calls, 1);
    CHECK_EQ(s->rt.wait_calls, 0);
    CHECK_EQ(s->rt.emu.wait_fence_calls, 0);
}

/* Handles of every CREATE_TEXTURE2D and the first color of every SET_RENDER_TARGETS, in
 * stream order over all submissions. */
static void collect_handles(struct session *s, uint32_t *textures, uint32_t *tex_n,
                            uint32_t *colors, uint32_t *col_n)
{
    uint32_t i;
    *tex_n = *col_n = 0;
    for (i = 0; i < s->rt.emu.submission_count; i++) {
        const struct aerocmd_umd_fake_submission *sub = &s->rt.emu.submissions[i];
        struct aerocmd_stream st;
        struct aerocmd_cursor cur;
        struct aerocmd_packet pkt;
        struct aerocmd_diag diag;
        if (!CHECK_EQ(aerocmd_stream_open(&st, sub->cmd, sub->cmd_bytes, &diag), AEROCMD_OK))
            return;
        aerocmd_cursor_init(&cur, &st);
        while (aerocmd_cursor_next(&cur, &pkt, &diag) == 1) {
            const struct aerogpu_cmd_create_texture2d *t =
                AEROCMD_VIEW(&pkt, aerogpu_cmd_create_texture2d, AEROGPU_CMD_CREATE_TEXTURE2D);
            const struct aerogpu_cmd_set_render_targets *r =
                AEROCMD_VIEW(&pkt, aerogpu_cmd_set_render_targets, AEROGPU_CMD_SET_RENDER_TARGETS);
            if (t != NULL && *tex_n < 8)
                textures[(*tex_n)++] = t->texture_handle;
            if (r != NULL && *col_n < 8)
                colors[(*col_n)++] = r->colors[0];
        }
    }
}

/* A three-buffer swap chain: the view over buffer 0 draws into buffer 1's storage after
 * one rotation and buffer 2's after two (DXGI's RotateResourceIdentities on present). */
static void sc_rotate_three(struct session *s)
{
    static FLOAT red[4] = {1, 0, 0, 1};
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    D3D10DDI_HRESOURCE bufs[3];
    DXGI_DDI_HRESOURCE ids[3];
    DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES rot;
    D3D10DDI_HRENDERTARGETVIEW rtv;
    uint32_t textures[8], colors[8], tex_n, col_n, i;
    for (i = 0; i < 3; i++) {
        bufs[i] = texture(s, 32, 32, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_BIND_RENDER_TARGET, 0, 0,
                          NULL);
        ids[i] = (DXGI_DDI_HRESOURCE)bufs[i].pDrvPrivate;
    }
    rtv = rtv_of(s, bufs[0], DXGI_FORMAT_B8G8R8A8_UNORM);
    set_targets(s, 1, &rtv, no_dsv);
    s->f.pfnClearRenderTargetView(s->dev, rtv, red);
    memset(&rot, 0, sizeof rot);
    rot.hDevice = (DXGI_DDI_HDEVICE)s->dev.pDrvPrivate;
    rot.pResources = ids;
    rot.Resources = 3;
    for (i = 0; i < 2; i++) {
        CHECK_EQ(s->rt.dxgi.pfnRotateResourceIdentities(&rot), S_OK);
        s->f.pfnClearRenderTargetView(s->dev, rtv, red);
    }
    s->f.pfnFlush(s->dev);
    collect_handles(s, textures, &tex_n, colors, &col_n);
    if (CHECK_EQ(tex_n, 3) && CHECK_EQ(col_n, 3)) {
        CHECK_EQ(colors[0], textures[0]);
        CHECK_EQ(colors[1], textures[1]);
        CHECK_EQ(colors[2], textures[2]);
    }
}

#include "scenario_compute.c"
#include "scenario_blt.c"
#include "scenario_uploads.c"
#include "scenario_states.c"
#include "scenario_query.c"
#include "checks_caps.c"
#include "scenario_share.c"

/* Which runtimes have a scenario's calls. */
#define ALL_APIS ((1u << API_10_0) | (1u << API_10_1) | (1u << API_11_0))
#define D3D11    (1u << API_11_0)

struct scenario {
    const char *name;
    void (*run)(struct session *s);
    uint32_t apis;
};

/* Each is recorded and compared with the host golden of its name. */
static const struct scenario scenarios[] = {
    {"clear", sc_clear, ALL_APIS},
    {"triangle", sc_triangle, ALL_APIS},
    {"indexed_quad_texture", sc_indexed_quad_texture, ALL_APIS},
    {"depth_test", sc_depth_test, ALL_APIS},
    {"gs_bound", sc_gs_bound, ALL_APIS},
    {"dynamic_cb", sc_dynamic_cb, ALL_APIS},
    {"readback", sc_readback, ALL_APIS},
    {"states_scissor", sc_states_scissor, ALL_APIS},
    {"update_copy", sc_update_copy, ALL_APIS},
    {"instanced", sc_instanced, ALL_APIS},
    {"rotate_three", sc_rotate_three, ALL_APIS},
    {"blt", sc_blt, ALL_APIS},
    {"compute_dispatch", sc_compute_dispatch, D3D11},
    {"compute_uav", sc_compute_uav, D3D11},
    {"compute_buffer_views", sc_compute_buffer_views, D3D11},
};

/* ---- checks outside the golden set ----------------------------------------------------------- */

/* An unsupported call reports E_NOTIMPL through pfnSetErrorCb and nothing is sent. */
static void check_refusals(struct session *s)
{
    UINT code[8];
    D3D10DDI_HSHADER hs, vs;
    D3D10DDI_HRTSHADER rt = {NULL};
    D3D11DDIARG_TESSELLATION_IO_SIGNATURES sig;
    DXGI_DDI_HRESOURCE two[2];
    DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES rot;
    D3D10DDI_HRESOURCE none = {NULL};
    uint32_t before, base = check_uav_refusals(s) + check_view_refusals(s);
    two[0] = (DXGI_DDI_HRESOURCE)texture(s, 8, 8, DXGI_FORMAT_B8G8R8A8_UNORM,
                                         D3D10_DDI_BIND_RENDER_TARGET, 0, 0, NULL)
                 .pDrvPrivate;
    two[1] = (DXGI_DDI_HRESOURCE)texture(s, 16, 8, DXGI_FORMAT_B8G8R8A8_UNORM,
                                         D3D10_DDI_BIND_RENDER_TARGET, 0, 0, NULL)
                 .pDrvPrivate;
    s->f.pfnFlush(s->dev);
    before = s->rt.emu.submission_count;
    memset(&sig, 0, sizeof sig);
    make_tokens(code, 3 /* hull */, 5, 1);
    /* The size query never reports (size queries have no errors); the create does. */
    hs.pDrvPrivate = take(s, s->f.pfnCalcPrivateTessellationShaderSize(s->dev, code, &sig));
    CHECK_EQ(s->rt.error_count, base);
    s->f.pfnCreateHullShader(s->dev, code, hs, rt, &sig);
    CHECK_EQ(s->rt.error_count, base + 1);
    CHECK_EQ(s->rt.last_error, E_NOTIMPL);
    /* An indirect draw without an argument buffer. */
    s->f.pfnDrawInstancedIndirect(s->dev, none, 0);
    CHECK_EQ(s->rt.error_count, base + 2);
    CHECK_EQ(s->rt.last_error, E_INVALIDARG);
    /* A token stream whose program type is not the stage's is refused. */
    make_tokens(code, SB_PIXEL, 4, 1);
    vs.pDrvPrivate = take(s, s->f.pfnCalcPrivateShaderSize(s->dev, code, NULL));
    s->f.pfnCreateVertexShader(s->dev, code, vs, rt, NULL);
    CHECK_EQ(s->rt.error_count, base + 3);
    CHECK_EQ(s->rt.last_error, E_INVALIDARG);
    /* Rotating two textures of different sizes is refused; one resource, or none, is a
     * no-op. */
    rot.hDevice = (DXGI_DDI_HDEVICE)s->dev.pDrvPrivate;
    rot.pResources = two;
    rot.Resources = 2;
    CHECK_EQ(s->rt.dxgi.pfnRotateResourceIdentities(&rot), E_INVALIDARG);
    rot.Resources = 1;
    CHECK_EQ(s->rt.dxgi.pfnRotateResourceIdentities(&rot), S_OK);
    rot.Resources = 0;
    CHECK_EQ(s->rt.dxgi.pfnRotateResourceIdentities(&rot), S_OK);
    /* Nothing of the above reaches the host. */
    s->f.pfnFlush(s->dev);
    CHECK_EQ(s->rt.emu.submission_count, before);
}

static int run_one(open_adapter_fn open, UINT iface, int use_10_2, const struct scenario *sc,
                   const char *out_dir, const char *tag)
{
    static struct session s;
    char name[96];
    if (!CHECK_EQ(session_open(&s, open, iface, use_10_2), S_OK))
        return 0;
    sc->run(&s);
    s.f.pfnFlush(s.dev);
    check_shader_payloads(&s);
    if (s.rt.error_count != 0)
        fprintf(stderr, "%s%s: error 0x%08lx reported\n", tag, sc->name,
                (unsigned long)s.rt.last_error);
    CHECK_EQ(s.rt.error_count, 0);
    snprintf(name, sizeof name, "%s%s", tag, sc->name);
    record_scenario(&s.rt, out_dir, name, s.rt.emu.submission_count);
    if (s.api == API_11_0 && strcmp(sc->name, "triangle") == 0)
        check_refusals(&s);
    session_close(&s);
    return 1;
}

void run_scenarios(open_adapter_fn open, UINT iface, int use_10_2, const char *out_dir,
                   const char *tag)
{
    static struct session probe;
    size_t i;
    int api;
    if (!CHECK_EQ(session_open(&probe, open, iface, use_10_2), S_OK))
        return;
    api = probe.api;
    session_close(&probe);
    for (i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++)
        if (scenarios[i].apis & (1u << api))
            run_one(open, iface, use_10_2, &scenarios[i], out_dir, tag);
    run_query_scenarios(open, iface, use_10_2, out_dir, tag);
    if (api == API_11_0)
        check_uploads(open, iface, use_10_2);
}

/* pfnGetSupportedVersions: the count first, then exactly the expected list. */
void check_versions(open_adapter_fn open10_2, UINT iface, const UINT64 *want, UINT32 want_count)
{
    static struct session s;
    UINT64 got[8];
    UINT32 n = 0, i;
    if (!CHECK_EQ(session_open(&s, open10_2, iface, 1), S_OK))
        return;
    CHECK_EQ(s.af.pfnGetSupportedVersions(s.open.hAdapter, &n, NULL), S_OK);
    CHECK_EQ(n, want_count);
    n = 8;
    CHECK_EQ(s.af.pfnGetSupportedVersions(s.open.hAdapter, &n, got), S_OK);
    if (CHECK_EQ(n, want_count))
        for (i = 0; i < n; i++)
            CHECK(got[i] == want[i]);
    session_close(&s);
}
