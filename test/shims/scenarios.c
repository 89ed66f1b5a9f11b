/* scenarios.c — the golden scenarios of test/unit/umd, replayed through the DDI tables the
 * way the Direct3D runtime would call them, plus DXGI, negotiation and refusals. The session
 * and its object helpers are session.c's. */
#include <float.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/format.h"
#include "aerogpu_cmd.h"
#include "harness.h"

/* Every pointer-sized slot of a table is set. */
static int all_slots_set(const void *table, size_t bytes)
{
    const unsigned char *p = (const unsigned char *)table;
    size_t i, j;
    for (i = 0; i + sizeof(void *) <= bytes; i += sizeof(void *)) {
        int any = 0;
        for (j = 0; j < sizeof(void *); j++)
            any |= p[i + j];
        if (!any)
            return 0;
    }
    return 1;
}

/* ---- views (the test defaults of test/unit/umd/umd_kit.h) --------------------------------- */

/* View dimensions of buffers: a plain BUFFER view and D3D11's BUFFEREX (raw views). */
#define BUF   D3D10DDIRESOURCE_BUFFER
#define BUFEX D3D11DDIRESOURCE_BUFFEREX

/* A view of a 2D texture's first mip, or of elements [first, first + n) of a buffer through
 * a BUFFER or a BUFFEREX view (flags: BUFFEREX only). */
static D3D10DDI_HSHADERRESOURCEVIEW srv_of(struct session *s, D3D10DDI_HRESOURCE res,
                                           DXGI_FORMAT format, D3D10DDIRESOURCE_TYPE dim,
                                           UINT first, UINT n, UINT flags)
{
    D3D11DDIARG_CREATESHADERRESOURCEVIEW a;
    D3D10DDI_HSHADERRESOURCEVIEW h;
    D3D10DDI_HRTSHADERRESOURCEVIEW rt = {NULL};
    memset(&a, 0, sizeof a);
    a.hDrvResource = res;
    a.Format = format;
    a.ResourceDimension = dim;
    if (dim == D3D10DDIRESOURCE_BUFFER) {
        a.Buffer.FirstElement = first;
        a.Buffer.NumElements = n;
    } else if (dim == D3D11DDIRESOURCE_BUFFEREX) {
        a.BufferEx.FirstElement = first;
        a.BufferEx.NumElements = n;
        a.BufferEx.Flags = flags;
    } else {
        a.Tex2D.MipLevels = 1;
        a.Tex2D.ArraySize = 1;
    }
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateShaderResourceViewSize(s->dev, &a));
    s->f.pfnCreateShaderResourceView(s->dev, &a, h, rt);
    return h;
}

static D3D10DDI_HDEPTHSTENCILVIEW dsv_of(struct session *s, D3D10DDI_HRESOURCE res,
                                         DXGI_FORMAT format, UINT flags)
{
    D3D11DDIARG_CREATEDEPTHSTENCILVIEW a;
    D3D10DDI_HDEPTHSTENCILVIEW h;
    D3D10DDI_HRTDEPTHSTENCILVIEW rt = {NULL};
    memset(&a, 0, sizeof a);
    a.hDrvResource = res;
    a.Format = format;
    a.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
    a.Flags = flags;
    a.Tex2D.ArraySize = 1;
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateDepthStencilViewSize(s->dev, &a));
    s->f.pfnCreateDepthStencilView(s->dev, &a, h, rt);
    return h;
}

/* Every CREATE_SHADER_DXBC of the scenario carries the expected container, whose shader
 * chunk ends with the tokens passed (the container is checked byte for byte; the host
 * golden files only show its first bytes). */
static void check_shader_payloads(struct session *s)
{
    uint32_t i, seen = 0;
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

static void sc_triangle(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    DXGI_DDI_ARG_PRESENT p;
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    bind_basic(s, triangle_vb(s), rtv, no_dsv);
    s->f.pfnDraw(s->dev, 3, 0);
    memset(&p, 0, sizeof p);
    p.hDevice = (DXGI_DDI_HDEVICE)s->dev.pDrvPrivate;
    p.FlipInterval = DXGI_DDI_FLIP_INTERVAL_ONE;
    CHECK_EQ(s->rt.dxgi.pfnPresent(&p), S_OK);
    CHECK_EQ(s->rt.present_cb_calls, 1);
}

static void sc_indexed_quad_texture(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    static const float quad[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
    static const uint16_t idx[6] = {0, 1, 2, 2, 1, 3};
    static const uint32_t texels[16] = {0xFF0000FFu, 0xFF00FF00u, 0xFFFF0000u, 0xFFFFFFFFu};
    D3D10_DDIARG_SUBRESOURCE_UP init = {(void *)(uintptr_t)texels, 16, 64};
    D3D10_DDI_SAMPLER_DESC sd;
    D3D10DDI_HSAMPLER smp;
    D3D10DDI_HRTSAMPLER rt = {NULL};
    D3D10DDI_HSHADERRESOURCEVIEW srv;
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    bind_basic(s, buffer(s, sizeof quad, D3D10_DDI_BIND_VERTEX_BUFFER, 0, 0, quad), rtv, no_dsv);
    s->f.pfnIaSetIndexBuffer(s->dev, buffer(s, sizeof idx, D3D10_DDI_BIND_INDEX_BUFFER, 0, 0, idx),
                             DXGI_FORMAT_R16_UINT, 0);
    srv = srv_of(
        s,
        texture(s, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, &init),
        DXGI_FORMAT_R8G8B8A8_UNORM, D3D10DDIRESOURCE_TEXTURE2D, 0, 0, 0);
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

static void sc_depth_test(struct session *s)
{
    static FLOAT grey[4] = {0.5f, 0.5f, 0.5f, 1.0f};
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
    s->f.pfnGsSetShader(s->dev, shader(s, 2, 3));
    s->f.pfnGsSetConstantBuffers(s->dev, 0, 1, &cb);
    s->f.pfnDraw(s->dev, 3, 0);
    s->f.pfnGsSetShader(s->dev, no_shader);
    s->f.pfnDraw(s->dev, 3, 0);
}

static void sc_compute_dispatch(struct session *s)
{
    D3D10DDI_HRESOURCE cb = buffer(s, 64, D3D10_DDI_BIND_CONSTANT_BUFFER, 0, 0, NULL);
    D3D10DDI_HRESOURCE sb = buffer(s, 256, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, NULL);
    D3D10DDI_HSHADERRESOURCEVIEW srv = srv_of(s, sb, DXGI_FORMAT_R32G32B32A32_UINT, BUF, 2, 8, 0);
    s->f.pfnCsSetShader(s->dev, shader(s, 3, 4));
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
    s->f.pfnVsSetConstantBuffers(s->dev, 0, 1, &cb);
    for (frame = 1; frame <= 2; frame++) {
        memset(&m, 0, sizeof m);
        s->f.pfnDynamicConstantBufferMapDiscard(s->dev, cb, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m);
        if (!CHECK(m.pData != NULL))
            return;
        memset(m.pData, 0x10 * frame, 32);
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

struct scenario {
    const char *name;
    void (*run)(struct session *s);
};

static const struct scenario d3d11_scenarios[] = {
    {"triangle", sc_triangle},
    {"indexed_quad_texture", sc_indexed_quad_texture},
    {"depth_test", sc_depth_test},
    {"gs_bound", sc_gs_bound},
    {"dynamic_cb", sc_dynamic_cb},
    {"readback", sc_readback},
    {"compute_dispatch", sc_compute_dispatch},
    {"compute_uav", sc_compute_uav},
    {"compute_buffer_views", sc_compute_buffer_views},
    {"rotate_three", sc_rotate_three},
    {"blt", sc_blt},
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
    /* The size query and the create both report: the runtime sees E_NOTIMPL either way. */
    hs.pDrvPrivate = take(s, s->f.pfnCalcPrivateTessellationShaderSize(s->dev, code, &sig));
    CHECK_EQ(s->rt.error_count, base + 1);
    s->f.pfnCreateHullShader(s->dev, code, hs, rt, &sig);
    CHECK_EQ(s->rt.error_count, base + 2);
    CHECK_EQ(s->rt.last_error, E_NOTIMPL);
    /* An indirect draw without an argument buffer. */
    s->f.pfnDrawInstancedIndirect(s->dev, none, 0);
    CHECK_EQ(s->rt.error_count, base + 3);
    CHECK_EQ(s->rt.last_error, E_INVALIDARG);
    /* A token stream whose program type is not the stage's is refused. */
    make_tokens(code, SB_PIXEL, 4, 1);
    vs.pDrvPrivate = take(s, s->f.pfnCalcPrivateShaderSize(s->dev, code, NULL));
    s->f.pfnCreateVertexShader(s->dev, code, vs, rt, NULL);
    CHECK_EQ(s->rt.error_count, base + 4);
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

/* CheckFormatSupport answers what libaerocmd's format table says works end to end. */
static void check_formats(struct session *s)
{
    static const DXGI_FORMAT formats[] = {DXGI_FORMAT_B8G8R8A8_UNORM,    DXGI_FORMAT_R8G8B8A8_UNORM,
                                          DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_BC1_UNORM,
                                          DXGI_FORMAT_R32_UINT,          DXGI_FORMAT_R1_UNORM};
    size_t i;
    for (i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        UINT got = 0, levels = 7;
        uint32_t want = aerocmd_dxgi_format_support((uint32_t)formats[i], FAKE_ABI_VERSION);
        s->f.pfnCheckFormatSupport(s->dev, formats[i], &got);
        CHECK_EQ(got, want != 0 ? want : D3D10_DDI_FORMAT_SUPPORT_NOT_SUPPORTED);
        s->f.pfnCheckMultisampleQualityLevels(s->dev, formats[i], 4, &levels);
        CHECK_EQ(levels, 0);
    }
    CHECK(aerocmd_dxgi_format_support(DXGI_FORMAT_B8G8R8A8_UNORM, FAKE_ABI_VERSION) != 0);
}

static void check_caps(struct session *s)
{
    D3D10_2DDIARG_GETCAPS caps;
    UINT value = 99;
    memset(&caps, 0, sizeof caps);
    caps.pData = &value;
    caps.DataSize = sizeof value;
    caps.Type = D3D11DDICAPS_3DPIPELINESUPPORT;
    CHECK_EQ(s->af.pfnGetCaps(s->open.hAdapter, &caps), S_OK);
    CHECK_EQ(value, 1u << D3D11DDI_3DPIPELINELEVEL_10_0);
    caps.Type = D3D11DDICAPS_THREADING;
    CHECK_EQ(s->af.pfnGetCaps(s->open.hAdapter, &caps), S_OK);
    CHECK_EQ(value, 0);
    /* Compute with raw and structured buffers works end to end (compute_buffer_views);
     * doubles do not. */
    caps.Type = D3D11DDICAPS_SHADER;
    value = 99;
    CHECK_EQ(s->af.pfnGetCaps(s->open.hAdapter, &caps), S_OK);
    CHECK_EQ(value, D3D11DDICAPS_SHADER_COMPUTE_PLUS_RAW_AND_STRUCTURED_BUFFERS_IN_SHADER_4_X);
    CHECK_EQ(value & D3D11DDICAPS_SHADER_DOUBLES, 0);
}

void run_d3d11_scenarios(open_adapter_fn open10_2, const char *out_dir)
{
    static struct session s;
    size_t i;
    for (i = 0; i < sizeof d3d11_scenarios / sizeof d3d11_scenarios[0]; i++) {
        if (!CHECK_EQ(session_open(&s, open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, 1), S_OK))
            return;
        CHECK(all_slots_set(&s.f, sizeof s.f));
        CHECK(all_slots_set(&s.af, sizeof s.af));
        CHECK(all_slots_set(&s.rt.dxgi, sizeof s.rt.dxgi));
        d3d11_scenarios[i].run(&s);
        s.f.pfnFlush(s.dev);
        check_shader_payloads(&s);
        if (s.rt.error_count != 0)
            fprintf(stderr, "%s: error 0x%08lx reported\n", d3d11_scenarios[i].name,
                    (unsigned long)s.rt.last_error);
        CHECK_EQ(s.rt.error_count, 0);
        record_scenario(&s.rt, out_dir, d3d11_scenarios[i].name, s.rt.emu.submission_count);
        if (i == 0) {
            check_formats(&s);
            check_caps(&s);
            check_refusals(&s);
        }
        session_close(&s);
    }
    check_uploads(open10_2);
}

/* ---- D3D10 and D3D10.1: their own tables, one clear each ------------------------------------ */

#define CLEAR_SCENARIO(t, s)                                                                       \
    do {                                                                                           \
        static FLOAT blue[4] = {0, 0, 1, 1};                                                       \
        D3D10DDI_MIPINFO mip = {16, 16, 1, 16, 16, 1};                                             \
        D3D10DDIARG_CREATERESOURCE ra;                                                             \
        D3D10DDIARG_CREATERENDERTARGETVIEW va;                                                     \
        D3D10DDI_HRESOURCE res;                                                                    \
        D3D10DDI_HRTRESOURCE res_rt = {NULL};                                                      \
        D3D10DDI_HRENDERTARGETVIEW rtv;                                                            \
        D3D10DDI_HRTRENDERTARGETVIEW rtv_rt = {NULL};                                              \
        memset(&ra, 0, sizeof ra);                                                                 \
        ra.pMipInfoList = &mip;                                                                    \
        ra.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;                                         \
        ra.BindFlags = D3D10_DDI_BIND_RENDER_TARGET;                                               \
        ra.Format = DXGI_FORMAT_B8G8R8A8_UNORM;                                                    \
        ra.SampleDesc.Count = 1;                                                                   \
        ra.MipLevels = ra.ArraySize = 1;                                                           \
        res.pDrvPrivate = take((s), (t)->pfnCalcPrivateResourceSize((s)->dev, &ra));               \
        (t)->pfnCreateResource((s)->dev, &ra, res, res_rt);                                        \
        memset(&va, 0, sizeof va);                                                                 \
        va.hDrvResource = res;                                                                     \
        va.Format = DXGI_FORMAT_B8G8R8A8_UNORM;                                                    \
        va.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;                                         \
        va.Tex2D.ArraySize = 1;                                                                    \
        rtv.pDrvPrivate = take((s), (t)->pfnCalcPrivateRenderTargetViewSize((s)->dev, &va));       \
        (t)->pfnCreateRenderTargetView((s)->dev, &va, rtv, rtv_rt);                                \
        (t)->pfnClearRenderTargetView((s)->dev, rtv, blue);                                        \
        (t)->pfnFlush((s)->dev);                                                                   \
    } while (0)

void run_d3d10_scenarios(open_adapter_fn open, UINT interface_version, int use_10_2,
                         const char *out_dir, const char *tag)
{
    static struct session s;
    char name[64];
    if (!CHECK_EQ(session_open(&s, open, interface_version, use_10_2), S_OK))
        return;
    if (interface_version == D3D10_0_7_DDI_INTERFACE_VERSION) {
        D3D10DDI_DEVICEFUNCS *t = (D3D10DDI_DEVICEFUNCS *)(void *)&s.f;
        CHECK(all_slots_set(t, sizeof *t));
        CLEAR_SCENARIO(t, &s);
    } else {
        D3D10_1DDI_DEVICEFUNCS *t = (D3D10_1DDI_DEVICEFUNCS *)(void *)&s.f;
        CHECK(all_slots_set(t, sizeof *t));
        CLEAR_SCENARIO(t, &s);
    }
    CHECK(all_slots_set(&s.rt.dxgi, sizeof s.rt.dxgi));
    CHECK_EQ(s.rt.error_count, 0);
    CHECK_EQ(s.rt.emu.submission_count, 1);
    snprintf(name, sizeof name, "%s_clear", tag);
    record_scenario(&s.rt, out_dir, name, s.rt.emu.submission_count);
    session_close(&s);
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
