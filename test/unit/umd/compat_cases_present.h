/* compat_cases_present.h — the compatibility table's presenting and DXGI Blt rows
 * (doc/compatibility.md), each run under both policies. */
#ifndef AEROCMD_TEST_COMPAT_CASES_PRESENT_H
#define AEROCMD_TEST_COMPAT_CASES_PRESENT_H

#include "compat_kit.h"

#include "aerocmd/umd_data.h"

static struct aerocmd_umd_resource *swap_buffer(struct harness *h, uint32_t w, uint32_t hgt,
                                                uint32_t format)
{
    struct aerocmd_umd_texture2d_desc d =
        texture_desc(w, hgt, format, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    d.misc_flags = AEROCMD_UMD_MISC_PRESENTABLE;
    return kit_texture(h, &d, NULL);
}

/* The whole of a w x hgt destination from subresource 0, no flags. */
static struct aerocmd_umd_blt_desc whole_blt(uint32_t w, uint32_t hgt)
{
    struct aerocmd_umd_blt_desc d;
    memset(&d, 0, sizeof d);
    d.dst_right = w;
    d.dst_bottom = hgt;
    d.rotation = AEROCMD_UMD_BLT_ROTATION_IDENTITY;
    return d;
}

static void case_present_surface(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_resource *bb = swap_buffer(h, 8, 8, DXGI_B8G8R8A8_UNORM);
    struct aerocmd_umd_present_desc p;
    struct aerocmd_umd_present_allocations a;
    (void)policy;
    memset(&p, 0, sizeof p);
    p.src = bb;
    CHECK_EQ(aerocmd_umd_present_surface(h->ctx, &p, &a), AEROCMD_OK);
    CHECK_EQ(h->fake.present_count, 1);
    CHECK_EQ(h->fake.presents[0].handle, aerocmd_umd_resource_handle(bb));
    expect_nothing_counted(h);
}

static void case_present_blt_copy(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_resource *src = swap_buffer(h, 8, 8, DXGI_B8G8R8A8_UNORM);
    struct aerocmd_umd_resource *dst = swap_buffer(h, 8, 8, DXGI_B8G8R8A8_UNORM);
    struct aerocmd_umd_blt_desc d = whole_blt(8, 8);
    (void)policy;
    d.flags = AEROCMD_UMD_BLT_PRESENT;
    CHECK_EQ(aerocmd_umd_blt(h->ctx, dst, src, &d), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    CHECK(last_packet(h, AEROGPU_CMD_COPY_TEXTURE2D) != NULL);
    expect_nothing_counted(h);
}

static void case_present_blt_rotation(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_resource *src = swap_buffer(h, 8, 4, DXGI_B8G8R8A8_UNORM);
    struct aerocmd_umd_resource *dst = swap_buffer(h, 4, 8, DXGI_B8G8R8A8_UNORM);
    struct aerocmd_umd_blt_desc d = whole_blt(4, 8);
    (void)policy;
    d.rotation = AEROCMD_UMD_BLT_ROTATION_ROTATE90;
    CHECK_EQ(aerocmd_umd_blt(h->ctx, dst, src, &d), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

#endif /* AEROCMD_TEST_COMPAT_CASES_PRESENT_H */
