/* SPDX-License-Identifier: MIT */
/* scenario_uploads.c — (part of scenarios.c, after scenario_blt.c) what reaches the host
 * when an application writes little, through the D3D11 DDI; checked in the emulator's
 * model of the host, byte by byte, against what the test itself wrote.
 * - A dynamic vertex buffer used as a ring (pfnDynamicIABufferMapNoOverwrite, write three
 *   vertices at the next offset, pfnDynamicIABufferUnmap, pfnDraw of them): at every draw
 *   the host holds the vertices the draw reads; what travels is those vertices, not the
 *   4 KiB buffer per Unmap.
 * - UpdateSubresourceUP of a box (the DDI names the box): the box holds the new texels, the
 *   rest of the texture its initial contents, and the box's rows are all that travel. */

#define RING_BYTES  4096u
#define RING_STRIDE 32u
#define RING_ELEM   28u /* the basic layout: POSITION float3, then COLOR float4 at 12 */

static struct {
    uint8_t app[RING_BYTES]; /* what the test wrote through Map */
    uint32_t handle;         /* the ring's host handle */
    uint32_t draws, bad;
} ring;

/* The emulator's draw callback: the vertices of the draw, as the host holds them. */
static void ring_on_draw(void *user, const struct aerocmd_umd_fake *f, const void *packet)
{
    const struct aerocmd_umd_fake_resource *r = aerocmd_umd_fake_resource(f, ring.handle);
    struct aerogpu_cmd_draw d;
    uint32_t v;
    (void)user;
    memcpy(&d, packet, sizeof d);
    if (d.hdr.opcode != AEROGPU_CMD_DRAW)
        return;
    ring.draws++;
    for (v = d.first_vertex; v < d.first_vertex + d.vertex_count; v++) {
        uint32_t at = f->ia.vb_offset[0] + v * f->ia.vb_stride[0];
        if (r == NULL || f->ia.vb_handle[0] != ring.handle || at + RING_ELEM > RING_BYTES ||
            memcmp(r->bytes + at, ring.app + at, RING_ELEM) != 0)
            ring.bad++;
    }
}

/* Payload bytes of the UPLOAD_RESOURCE packets to `handle` in the recorded submissions. */
static uint64_t uploaded_to(struct session *s, uint32_t handle)
{
    struct aerogpu_cmd_upload_resource u;
    uint64_t total = 0;
    uint32_t n;
    for (n = 0; nth_packet(s, AEROGPU_CMD_UPLOAD_RESOURCE, n, &u, sizeof u); n++)
        if (u.resource_handle == handle)
            total += u.size_bytes;
    return total;
}

/* The handle of the n-th buffer created with this size. */
static uint32_t buffer_handle(struct session *s, uint64_t size)
{
    struct aerogpu_cmd_create_buffer c;
    uint32_t n;
    for (n = 0; nth_packet(s, AEROGPU_CMD_CREATE_BUFFER, n, &c, sizeof c); n++)
        if (c.size_bytes == size)
            return c.buffer_handle;
    return 0;
}

static void check_vertex_ring(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    const UINT stride = RING_STRIDE, offset = 0, writes = RING_BYTES / (3u * RING_STRIDE);
    D3D10DDI_HRESOURCE vb = buffer(s, RING_BYTES, D3D10_DDI_BIND_VERTEX_BUFFER,
                                   D3D10_DDI_USAGE_DYNAMIC, D3D10_DDI_CPU_ACCESS_WRITE, NULL);
    UINT k, i;
    memset(&ring, 0, sizeof ring);
    bind_basic(s, vb, target(s, 64, 64), no_dsv);
    s->f.pfnIaSetVertexBuffers(s->dev, 0, 1, &vb, &stride, &offset);
    s->f.pfnFlush(s->dev);
    ring.handle = buffer_handle(s, RING_BYTES);
    s->rt.emu.on_draw = ring_on_draw;
    for (k = 0; k < writes; k++) {
        D3D10DDI_MAPPED_SUBRESOURCE m;
        UINT at = k * 3u * RING_STRIDE;
        memset(&m, 0, sizeof m);
        if (k == 0)
            s->f.pfnDynamicIABufferMapDiscard(s->dev, vb, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m);
        else
            s->f.pfnDynamicIABufferMapNoOverwrite(s->dev, vb, 0, D3D10_DDI_MAP_WRITE_NOOVERWRITE, 0,
                                                  &m);
        if (!CHECK(m.pData != NULL))
            break;
        for (i = 0; i < 3u * RING_STRIDE; i++)
            ring.app[at + i] = (uint8_t)(k * 7u + i * 13u + 1u);
        memcpy((uint8_t *)m.pData + at, ring.app + at, 3u * RING_STRIDE);
        s->f.pfnDynamicIABufferUnmap(s->dev, vb, 0);
        s->f.pfnDraw(s->dev, 3, k * 3u);
    }
    s->f.pfnFlush(s->dev);
    s->rt.emu.on_draw = NULL;
    CHECK(ring.handle != 0);
    CHECK_EQ(ring.draws, writes);
    CHECK_EQ(ring.bad, 0);
    /* Each draw reads two strides and one element of its own write. */
    CHECK_EQ(uploaded_to(s, ring.handle), (uint64_t)writes * (2u * RING_STRIDE + RING_ELEM));
}

static void check_update_box(struct session *s)
{
    static uint32_t init[32 * 32], box_texels[16 * 16];
    const D3D10_DDI_BOX box = {8, 4, 0, 24, 20, 1};
    D3D10_DDIARG_SUBRESOURCE_UP up;
    D3D10DDI_HRESOURCE tex;
    const struct aerocmd_umd_fake_resource *r;
    struct aerogpu_cmd_create_texture2d c;
    uint64_t before;
    uint32_t i, x, y, n, handle = 0;
    for (i = 0; i < 32u * 32u; i++)
        init[i] = 0xA0000000u + i;
    for (i = 0; i < 16u * 16u; i++)
        box_texels[i] = 0x50000000u + i * 3u;
    up.pSysMem = init;
    up.SysMemPitch = 32 * 4;
    up.SysMemSlicePitch = sizeof init;
    tex = texture(s, 32, 32, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, &up);
    s->f.pfnFlush(s->dev);
    for (n = 0; nth_packet(s, AEROGPU_CMD_CREATE_TEXTURE2D, n, &c, sizeof c); n++)
        if (c.width == 32 && c.height == 32)
            handle = c.texture_handle;
    before = uploaded_to(s, handle);
    s->f.pfnResourceUpdateSubresourceUP(s->dev, tex, 0, &box, box_texels, 16 * 4, 0);
    s->f.pfnFlush(s->dev);
    CHECK_EQ(s->rt.error_count, 0);
    CHECK_EQ(uploaded_to(s, handle) - before, 16u * 16u * 4u);
    r = aerocmd_umd_fake_resource(&s->rt.emu, handle);
    if (!CHECK(r != NULL && r->size_bytes == sizeof init))
        return;
    for (y = 0; y < 32; y++)
        for (x = 0; x < 32; x++) {
            uint32_t got, want = init[y * 32 + x];
            if ((LONG)x >= box.left && (LONG)x < box.right && (LONG)y >= box.top &&
                (LONG)y < box.bottom)
                want = box_texels[(y - box.top) * 16 + (x - box.left)];
            memcpy(&got, r->bytes + (y * 32 + x) * 4, 4);
            if (got != want) {
                CHECK_EQ(got, want);
                return;
            }
        }
}

/* Outside the golden set: the checks are the model's bytes, not the stream's. */
static void check_uploads(open_adapter_fn open, UINT iface, int use_10_2)
{
    static struct session s;
    if (!CHECK_EQ(session_open(&s, open, iface, use_10_2), S_OK))
        return;
    check_vertex_ring(&s);
    check_update_box(&s);
    CHECK_EQ(s.rt.emu.host_faults, 0);
    CHECK_EQ(s.rt.error_count, 0);
    session_close(&s);
}
