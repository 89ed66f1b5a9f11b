/* SPDX-License-Identifier: MIT */
/* scenario_blt.c — (part of scenarios.c, after scenario_compute.c) DXGI's Blt through the
 * DXGI base table: a cleared 16x16 render target blitted 1:1 into a 32x32 one at its origin
 * and into a sub-rectangle goes out as two COPY_TEXTURE2D; a stretched blit is E_NOTIMPL
 * and sends nothing. */

static HRESULT call_blt(struct session *s, D3D10DDI_HRESOURCE dst, D3D10DDI_HRESOURCE src,
                        const RECT *rect, UINT flags)
{
    DXGI_DDI_ARG_BLT b;
    memset(&b, 0, sizeof b);
    b.hDevice = (DXGI_DDI_HDEVICE)s->dev.pDrvPrivate;
    b.hDstResource = (DXGI_DDI_HRESOURCE)dst.pDrvPrivate;
    b.DstLeft = (UINT)rect->left;
    b.DstTop = (UINT)rect->top;
    b.DstRight = (UINT)rect->right;
    b.DstBottom = (UINT)rect->bottom;
    b.hSrcResource = (DXGI_DDI_HRESOURCE)src.pDrvPrivate;
    b.Flags.Value = flags;
    b.Rotate = DXGI_DDI_MODE_ROTATION_IDENTITY;
    return s->rt.dxgi.pfnBlt(&b);
}

/* COPY_TEXTURE2D number n copies the whole 16x16 source to (x, y). */
static void expect_blt_copy(struct session *s, uint32_t n, uint32_t x, uint32_t y)
{
    struct aerogpu_cmd_copy_texture2d c;
    if (!CHECK(nth_packet(s, AEROGPU_CMD_COPY_TEXTURE2D, n, &c, sizeof c)))
        return;
    CHECK(c.dst_texture != 0 && c.src_texture != 0 && c.dst_texture != c.src_texture);
    CHECK_EQ(c.dst_x, x);
    CHECK_EQ(c.dst_y, y);
    CHECK_EQ(c.src_x, 0);
    CHECK_EQ(c.src_y, 0);
    CHECK_EQ(c.width, 16);
    CHECK_EQ(c.height, 16);
    CHECK_EQ(c.flags, 0);
}

static void sc_blt(struct session *s)
{
    static FLOAT red[4] = {1, 0, 0, 1};
    static const RECT origin = {0, 0, 16, 16}, inner = {16, 8, 32, 24}, whole = {0, 0, 32, 32};
    /* One object per statement, in the order of the host twin (golden_scenarios.h). */
    D3D10DDI_HRESOURCE src =
        texture(s, 16, 16, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_BIND_RENDER_TARGET, 0, 0, NULL);
    D3D10DDI_HRESOURCE dst =
        texture(s, 32, 32, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_BIND_RENDER_TARGET, 0, 0, NULL);
    D3D10DDI_HRENDERTARGETVIEW rtv = rtv_of(s, src, DXGI_FORMAT_B8G8R8A8_UNORM);
    struct aerogpu_cmd_copy_texture2d extra;
    uint32_t submissions;
    s->f.pfnClearRenderTargetView(s->dev, rtv, red);
    CHECK_EQ(call_blt(s, dst, src, &origin, 0), S_OK);
    CHECK_EQ(call_blt(s, dst, src, &inner, 0), S_OK);
    s->f.pfnFlush(s->dev);
    submissions = s->rt.emu.submission_count;
    CHECK_EQ(submissions, 1);
    /* The protocol has no scaled blit. */
    CHECK_EQ(call_blt(s, dst, src, &whole, 0x4u /* Stretch */), E_NOTIMPL);
    s->f.pfnFlush(s->dev);
    CHECK_EQ(s->rt.emu.submission_count, submissions);
    expect_blt_copy(s, 0, 0, 0);
    expect_blt_copy(s, 1, 16, 8);
    CHECK(!nth_packet(s, AEROGPU_CMD_COPY_TEXTURE2D, 2, &extra, sizeof extra));
}
