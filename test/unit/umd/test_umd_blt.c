/* SPDX-License-Identifier: MIT */
/* DXGI's Blt (aerocmd_umd_blt): a 1:1 blit is exactly the COPY_TEXTURE2D that
 * CopySubresourceRegion sends (byte for byte, guest-backed destinations included) and the
 * host model ends up with the source's texels in the rectangle only; flags that do not
 * change a 1:1 copy are accepted; stretching, rotation and conversion are NOT_IMPLEMENTED,
 * malformed arguments INVALID_ARG, and a refused blit sends nothing. */
#include "umd_kit.h"

#include "aerocmd/umd_data.h"

#define DXGI_R8G8B8A8_TYPELESS   27u
#define DXGI_B5G6R5_UNORM        85u
#define DXGI_B5G5R5A1_UNORM      86u
#define DXGI_B8G8R8A8_TYPELESS   90u
#define DXGI_B8G8R8A8_UNORM_SRGB 91u

#define BGRA_RED 0xFFFF0000u /* bytes 00 00 FF FF */

static struct harness h, ref;

static struct aerocmd_umd_resource *target_tex(struct harness *hh, uint32_t w, uint32_t hgt,
                                               uint32_t format)
{
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(w, hgt, format, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    return kit_texture(hh, &td, NULL);
}

static struct aerocmd_umd_blt_desc blt_desc(uint32_t left, uint32_t top, uint32_t right,
                                            uint32_t bottom)
{
    struct aerocmd_umd_blt_desc d;
    memset(&d, 0, sizeof d);
    d.dst_left = left;
    d.dst_top = top;
    d.dst_right = right;
    d.dst_bottom = bottom;
    d.rotation = AEROCMD_UMD_BLT_ROTATION_IDENTITY;
    return d;
}

static void clear_red(struct harness *hh, struct aerocmd_umd_resource *res)
{
    static const uint32_t red[4] = {F32_1, F32_0, F32_0, F32_1};
    CHECK_EQ(aerocmd_umd_clear_render_target(hh->ctx, kit_view(hh, AEROCMD_VIEW_RENDER_TARGET, res),
                                             red),
             AEROCMD_OK);
}

/* The only COPY_TEXTURE2D of hh's submissions, copied out (0 when there is not exactly one). */
static int only_copy(const struct harness *hh, struct aerogpu_cmd_copy_texture2d *out)
{
    static struct packet_list pl;
    int i;
    collect_packets(&hh->fake, &pl);
    i = packet_index(&pl, AEROGPU_CMD_COPY_TEXTURE2D, 0);
    if (!CHECK_EQ(packet_count(&pl, AEROGPU_CMD_COPY_TEXTURE2D), 1) || i < 0 ||
        !CHECK_EQ(pl.packet[i].size_bytes, sizeof *out))
        return 0;
    memcpy(out, pl.packet[i].bytes, sizeof *out);
    return 1;
}

/* Both harnesses sent the same packets, and every stream is valid. */
static void expect_same_streams(const struct harness *a, const struct harness *b)
{
    static uint8_t pa[65536], pb[65536];
    size_t la = concat_packets(&a->fake, pa, sizeof pa);
    size_t lb = concat_packets(&b->fake, pb, sizeof pb);
    CHECK(la > 0);
    CHECK_EQ(la, lb);
    CHECK(la == lb && memcmp(pa, pb, la) == 0);
    CHECK(harness_valid(a));
    CHECK(harness_valid(b));
}

/* The host's dst (64x32, tight rows) is red exactly inside [8, 24) x [4, 20). */
static void expect_red_rectangle(const struct harness *hh, const struct aerocmd_umd_resource *dst)
{
    const struct aerocmd_umd_fake_resource *fr =
        aerocmd_umd_fake_resource(&hh->fake, aerocmd_umd_resource_handle(dst));
    uint32_t x, y, wrong = 0;
    if (!CHECK(fr != NULL && fr->size_bytes >= 64u * 32u * 4u))
        return;
    for (y = 0; y < 32; y++)
        for (x = 0; x < 64; x++) {
            uint32_t word, inside = x >= 8 && x < 24 && y >= 4 && y < 20;
            memcpy(&word, fr->bytes + (y * 64u + x) * 4u, 4);
            wrong += word != (inside ? BGRA_RED : 0u);
        }
    CHECK_EQ(wrong, 0);
}

/* A 16x16 red source into the 16x16 rectangle at (8, 4) of a 64x32 texture, with every
 * flag that a 1:1 copy ignores, next to CopySubresourceRegion to the same place. */
static void test_subrectangle_is_copy(void)
{
    struct aerocmd_umd_resource *src, *dst, *rsrc, *rdst;
    struct aerocmd_umd_blt_desc d = blt_desc(8, 4, 24, 20);
    struct aerogpu_cmd_copy_texture2d c;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)) || !CHECK(harness_open(&ref, 65536, 16)))
        return;
    src = target_tex(&h, 16, 16, DXGI_B8G8R8A8_UNORM);
    dst = target_tex(&h, 64, 32, DXGI_B8G8R8A8_UNORM);
    rsrc = target_tex(&ref, 16, 16, DXGI_B8G8R8A8_UNORM);
    rdst = target_tex(&ref, 64, 32, DXGI_B8G8R8A8_UNORM);
    clear_red(&h, src);
    clear_red(&ref, rsrc);
    d.flags = AEROCMD_UMD_BLT_STRETCH | AEROCMD_UMD_BLT_PRESENT | AEROCMD_UMD_BLT_RESOLVE;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, dst, src, &d), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_subresource_region(ref.ctx, rdst, 0, 8, 4, 0, rsrc, 0, NULL),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(ref.ctx), AEROCMD_OK);
    if (only_copy(&h, &c)) {
        CHECK_EQ(c.dst_texture, aerocmd_umd_resource_handle(dst));
        CHECK_EQ(c.src_texture, aerocmd_umd_resource_handle(src));
        CHECK_EQ(c.dst_mip_level, 0);
        CHECK_EQ(c.dst_array_layer, 0);
        CHECK_EQ(c.src_mip_level, 0);
        CHECK_EQ(c.src_array_layer, 0);
        CHECK_EQ(c.dst_x, 8);
        CHECK_EQ(c.dst_y, 4);
        CHECK_EQ(c.src_x, 0);
        CHECK_EQ(c.src_y, 0);
        CHECK_EQ(c.width, 16);
        CHECK_EQ(c.height, 16);
        CHECK_EQ(c.flags, 0);
        CHECK_EQ(c.reserved0, 0);
    }
    expect_same_streams(&h, &ref);
    expect_red_rectangle(&h, dst);
    kit_close(&ref);
    kit_close(&h);
}

/* Mip 1 (16x16) of a 32x32 source into layer 1 of a 16x16 two-layer texture: the
 * subresource indices become mip and layer as for CopySubresourceRegion. */
static void test_subresources(void)
{
    struct aerocmd_umd_texture2d_desc sd = texture_desc(32, 32, DXGI_B8G8R8A8_UNORM, 0, 0);
    struct aerocmd_umd_texture2d_desc dd = texture_desc(16, 16, DXGI_B8G8R8A8_UNORM, 0, 0);
    struct aerocmd_umd_resource *src, *dst;
    struct aerocmd_umd_blt_desc d = blt_desc(0, 0, 16, 16);
    struct aerogpu_cmd_copy_texture2d c;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    sd.mip_levels = 2;
    dd.array_size = 2;
    src = kit_texture(&h, &sd, NULL);
    dst = kit_texture(&h, &dd, NULL);
    d.dst_subresource = 1;
    d.src_subresource = 1;
    d.rotation = AEROCMD_UMD_BLT_ROTATION_UNSPECIFIED;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, dst, src, &d), AEROCMD_OK);
    /* Mip 0 of the source is 32x32: a 16x16 rectangle would stretch it. */
    d.src_subresource = 0;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, dst, src, &d), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    if (only_copy(&h, &c)) {
        CHECK_EQ(c.dst_mip_level, 0);
        CHECK_EQ(c.dst_array_layer, 1);
        CHECK_EQ(c.src_mip_level, 1);
        CHECK_EQ(c.src_array_layer, 0);
        CHECK_EQ(c.width, 16);
        CHECK_EQ(c.height, 16);
    }
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* Into a staging texture: WRITEBACK_DST and the destination's allocation listed writable,
 * as CopySubresourceRegion does. */
static void test_guest_backed_destination(void)
{
    struct aerocmd_umd_texture2d_desc sd = texture_desc(8, 8, DXGI_B8G8R8A8_UNORM, 0, 0);
    struct aerocmd_umd_resource *src, *dst, *rsrc, *rdst;
    struct aerocmd_umd_blt_desc d = blt_desc(0, 0, 8, 8);
    struct aerogpu_cmd_copy_texture2d c;
    const struct aerocmd_umd_fake_submission *sub;
    uint32_t i, written = 0;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)) || !CHECK(harness_open(&ref, 65536, 16)))
        return;
    sd.usage = AEROCMD_UMD_USAGE_STAGING;
    sd.cpu_access = AEROCMD_UMD_CPU_ACCESS_READ;
    src = target_tex(&h, 8, 8, DXGI_B8G8R8A8_UNORM);
    dst = kit_texture(&h, &sd, NULL);
    rsrc = target_tex(&ref, 8, 8, DXGI_B8G8R8A8_UNORM);
    rdst = kit_texture(&ref, &sd, NULL);
    d.flags = AEROCMD_UMD_BLT_PRESENT;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, dst, src, &d), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_subresource_region(ref.ctx, rdst, 0, 0, 0, 0, rsrc, 0, NULL),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(ref.ctx), AEROCMD_OK);
    if (only_copy(&h, &c))
        CHECK_EQ(c.flags, AEROGPU_COPY_FLAG_WRITEBACK_DST);
    sub = &h.fake.submissions[h.fake.submission_count - 1];
    for (i = 0; i < sub->alloc_count; i++)
        written += sub->allocs[i].alloc_id == aerocmd_umd_resource_alloc_id(dst) &&
                   (sub->allocs[i].flags & AEROCMD_UMD_ALLOC_REF_WRITE);
    CHECK_EQ(written, 1);
    expect_same_streams(&h, &ref);
    kit_close(&ref);
    kit_close(&h);
}

/* The blit returns `want` and the open command buffer gains nothing. */
static void expect_refused(struct aerocmd_umd_resource *dst, struct aerocmd_umd_resource *src,
                           const struct aerocmd_umd_blt_desc *d, aerocmd_result want)
{
    uint32_t before = h.fake.submission_count;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, dst, src, d), want);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, before);
}

/* Stretching (either way), rotating, converting: nothing the protocol can carry. */
static void test_not_implemented(void)
{
    struct aerocmd_umd_resource *src, *dst, *rgba, *srgb;
    struct aerocmd_umd_blt_desc d;
    uint32_t rot;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    src = target_tex(&h, 16, 16, DXGI_B8G8R8A8_UNORM);
    dst = target_tex(&h, 64, 32, DXGI_B8G8R8A8_UNORM);
    rgba = target_tex(&h, 16, 16, DXGI_R8G8B8A8_UNORM);
    srgb = target_tex(&h, 16, 16, DXGI_B8G8R8A8_UNORM_SRGB);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    d = blt_desc(0, 0, 32, 32);
    d.flags = AEROCMD_UMD_BLT_STRETCH;
    expect_refused(dst, src, &d, AEROCMD_E_NOT_IMPLEMENTED);
    d = blt_desc(0, 0, 8, 8);
    expect_refused(dst, src, &d, AEROCMD_E_NOT_IMPLEMENTED);
    d = blt_desc(0, 0, 16, 8); /* one axis only */
    expect_refused(dst, src, &d, AEROCMD_E_NOT_IMPLEMENTED);
    for (rot = AEROCMD_UMD_BLT_ROTATION_ROTATE90; rot <= AEROCMD_UMD_BLT_ROTATION_ROTATE270;
         rot++) {
        d = blt_desc(0, 0, 16, 16);
        d.rotation = rot;
        expect_refused(dst, src, &d, AEROCMD_E_NOT_IMPLEMENTED);
    }
    /* R8G8B8A8 and B8G8R8A8 are different families. */
    d = blt_desc(0, 0, 16, 16);
    expect_refused(dst, rgba, &d, AEROCMD_E_NOT_IMPLEMENTED);
    d.flags = AEROCMD_UMD_BLT_CONVERT;
    expect_refused(dst, rgba, &d, AEROCMD_E_NOT_IMPLEMENTED);
    /* Same family, but sRGB encoding is a value conversion. */
    expect_refused(dst, srgb, &d, AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(h.fake.submission_count, 1);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* Formats outside any cast family copy only to themselves. */
static void test_familyless_formats(void)
{
    struct aerocmd_umd_resource *a, *b, *c;
    struct aerocmd_umd_texture2d_desc td = texture_desc(4, 4, DXGI_B5G6R5_UNORM, 0, 0);
    struct aerocmd_umd_blt_desc d = blt_desc(0, 0, 4, 4);
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    a = kit_texture(&h, &td, NULL);
    b = kit_texture(&h, &td, NULL);
    td.dxgi_format = DXGI_B5G5R5A1_UNORM;
    c = kit_texture(&h, &td, NULL);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    expect_refused(c, a, &d, AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_blt(h.ctx, b, a, &d), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, 2);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* CONVERT from a typeless format is a reinterpretation: the copy goes out. */
static void test_convert_from_typeless(void)
{
    struct aerocmd_umd_resource *src, *dst;
    struct aerocmd_umd_blt_desc d = blt_desc(0, 0, 16, 16);
    struct aerogpu_cmd_copy_texture2d c;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    src = target_tex(&h, 16, 16, DXGI_B8G8R8A8_TYPELESS);
    dst = target_tex(&h, 16, 16, DXGI_B8G8R8A8_UNORM);
    d.flags = AEROCMD_UMD_BLT_CONVERT;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, dst, src, &d), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    if (only_copy(&h, &c)) {
        CHECK_EQ(c.width, 16);
        CHECK_EQ(c.height, 16);
    }
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* Below ABI 1.2 an sRGB texture is stored as its UNORM twin, so CopySubresourceRegion
 * copies between the two; the blit does too, unless CONVERT asks for the encoding. */
static void test_srgb_convert_below_1_2(void)
{
    struct aerocmd_umd_resource *srgb, *unorm;
    struct aerocmd_umd_blt_desc d = blt_desc(0, 0, 8, 8);
    uint32_t saved = harness_abi;
    kit_reset();
    harness_abi = (AEROGPU_ABI_MAJOR << 16) | 1u;
    if (!CHECK(harness_open(&h, 65536, 16))) {
        harness_abi = saved;
        return;
    }
    srgb = target_tex(&h, 8, 8, DXGI_B8G8R8A8_UNORM_SRGB);
    unorm = target_tex(&h, 8, 8, DXGI_B8G8R8A8_UNORM);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    d.flags = AEROCMD_UMD_BLT_CONVERT;
    expect_refused(unorm, srgb, &d, AEROCMD_E_NOT_IMPLEMENTED);
    d.flags = 0;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, unorm, srgb, &d), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, 2);
    CHECK(harness_valid(&h));
    kit_close(&h);
    harness_abi = saved;
}

/* Arguments DXGI never passes for a valid blit. */
static void test_invalid_arguments(void)
{
    struct aerocmd_umd_resource *src, *dst, *buf, *foreign;
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_blt_desc d = blt_desc(8, 4, 24, 20);
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)) || !CHECK(harness_open(&ref, 65536, 16)))
        return;
    src = target_tex(&h, 16, 16, DXGI_B8G8R8A8_UNORM);
    dst = target_tex(&h, 64, 32, DXGI_B8G8R8A8_UNORM);
    buf = kit_buffer(&h, &bd, NULL);
    foreign = target_tex(&ref, 16, 16, DXGI_B8G8R8A8_UNORM);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_blt(NULL, dst, src, &d), AEROCMD_E_INVALID_ARG);
    expect_refused(dst, src, NULL, AEROCMD_E_INVALID_ARG);
    expect_refused(NULL, src, &d, AEROCMD_E_INVALID_ARG);
    expect_refused(dst, NULL, &d, AEROCMD_E_INVALID_ARG);
    expect_refused(dst, buf, &d, AEROCMD_E_INVALID_ARG);
    expect_refused(buf, src, &d, AEROCMD_E_INVALID_ARG);
    expect_refused(dst, foreign, &d, AEROCMD_E_INVALID_ARG);
    /* CopySubresourceRegion's own rule: not within one resource. */
    d = blt_desc(0, 0, 16, 16);
    expect_refused(src, src, &d, AEROCMD_E_INVALID_ARG);
    d = blt_desc(8, 4, 24, 20);
    d.flags = 0x10u; /* reserved */
    expect_refused(dst, src, &d, AEROCMD_E_INVALID_ARG);
    d.flags = 0;
    d.rotation = AEROCMD_UMD_BLT_ROTATION_ROTATE270 + 1u;
    expect_refused(dst, src, &d, AEROCMD_E_INVALID_ARG);
    d.rotation = AEROCMD_UMD_BLT_ROTATION_IDENTITY;
    d.dst_subresource = 1;
    expect_refused(dst, src, &d, AEROCMD_E_INVALID_ARG);
    d.dst_subresource = 0;
    d.src_subresource = 1;
    expect_refused(dst, src, &d, AEROCMD_E_INVALID_ARG);
    d = blt_desc(8, 4, 8, 20); /* empty */
    expect_refused(dst, src, &d, AEROCMD_E_INVALID_ARG);
    d = blt_desc(24, 20, 8, 4); /* inverted */
    expect_refused(dst, src, &d, AEROCMD_E_INVALID_ARG);
    d = blt_desc(56, 4, 72, 20); /* past the right edge, 1:1 */
    expect_refused(dst, src, &d, AEROCMD_E_INVALID_ARG);
    d = blt_desc(8, 24, 24, 40); /* past the bottom edge, 1:1 */
    expect_refused(dst, src, &d, AEROCMD_E_INVALID_ARG);
    /* right - left would wrap to exactly the source's width. */
    d = blt_desc(0xFFFFFFF8u, 4, 8, 20);
    expect_refused(dst, src, &d, AEROCMD_E_INVALID_ARG);
    /* Out of bounds wins over stretching, on either axis. */
    d = blt_desc(0, 4, 128, 20);
    expect_refused(dst, src, &d, AEROCMD_E_INVALID_ARG);
    d = blt_desc(8, 0, 24, 64);
    expect_refused(dst, src, &d, AEROCMD_E_INVALID_ARG);
    CHECK_EQ(h.fake.submission_count, 1);
    CHECK(harness_valid(&h));
    kit_close(&ref);
    kit_close(&h);
}

/* Without the TRANSFER feature the copy it would become does not exist. */
static void test_without_transfer(void)
{
    struct aerocmd_umd_resource *src, *dst;
    struct aerocmd_umd_blt_desc d = blt_desc(0, 0, 16, 16);
    uint64_t saved = harness_features;
    kit_reset();
    harness_features = 0;
    if (!CHECK(harness_open(&h, 65536, 16))) {
        harness_features = saved;
        return;
    }
    src = target_tex(&h, 16, 16, DXGI_B8G8R8A8_UNORM);
    dst = target_tex(&h, 16, 16, DXGI_B8G8R8A8_UNORM);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    expect_refused(dst, src, &d, AEROCMD_E_NOT_IMPLEMENTED);
    CHECK(harness_valid(&h));
    kit_close(&h);
    harness_features = saved;
}

int main(void)
{
    test_subrectangle_is_copy();
    test_subresources();
    test_guest_backed_destination();
    test_not_implemented();
    test_familyless_formats();
    test_convert_from_typeless();
    test_srgb_convert_below_1_2();
    test_invalid_arguments();
    test_without_transfer();
    return check_finish();
}
