/* SPDX-License-Identifier: MIT */
/* compat_cases_present.h — the compatibility table's presenting and DXGI Blt rows
 * (doc/compatibility.md), each run under both policies. */
#ifndef AEROCMD_TEST_COMPAT_CASES_PRESENT_H
#define AEROCMD_TEST_COMPAT_CASES_PRESENT_H

#include "compat_kit.h"

#include "aerocmd/umd_builtin.h"
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

/* FlipInterval 0 and 1 are exact (no VSYNC / VSYNC); 2..4 are the approximation, here 3
 * through present_surface (TEST counts nothing) and 2 through present_ex. Under COMPATIBLE
 * every present sends VSYNC; under STRICT the refused ones send nothing. */
static void case_present_sync_interval(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_resource *bb = swap_buffer(h, 8, 8, DXGI_B8G8R8A8_UNORM);
    const enum aerocmd_umd_approx kind = AEROCMD_UMD_APPROX_PRESENT_SYNC_INTERVAL;
    struct aerocmd_umd_present_desc p;
    struct aerocmd_umd_present_allocations a;
    aerocmd_result r;
    memset(&p, 0, sizeof p);
    p.src = bb;
    CHECK_EQ(aerocmd_umd_present_surface(h->ctx, &p, &a), AEROCMD_OK);
    p.sync_interval = 1;
    CHECK_EQ(aerocmd_umd_present_surface(h->ctx, &p, &a), AEROCMD_OK);
    CHECK_EQ(h->fake.present_count, 2);
    expect_nothing_counted(h);
    p.sync_interval = 3;
    p.flags = AEROCMD_UMD_PRESENT_TEST;
    r = aerocmd_umd_present_surface(h->ctx, &p, &a);
    CHECK_EQ(r, policy == AEROCMD_UMD_POLICY_STRICT ? AEROCMD_E_NOT_IMPLEMENTED : AEROCMD_OK);
    expect_nothing_counted(h);
    p.flags = 0;
    if (expect_approximated(h, policy, aerocmd_umd_present_surface(h->ctx, &p, &a), kind)) {
        CHECK_EQ(aerocmd_umd_present_ex(h->ctx, 2, 0), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_approx_count(h->dev, kind), 2);
        CHECK_EQ(h->fake.present_count, 4);
    } else {
        CHECK_EQ(aerocmd_umd_present_ex(h->ctx, 2, 0), AEROCMD_E_NOT_IMPLEMENTED);
        CHECK_EQ(h->fake.present_count, 2);
    }
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

/* A texture the driver's shaders can both sample and render to. */
static struct aerocmd_umd_resource *drawable(struct harness *h, uint32_t w, uint32_t hgt,
                                             uint32_t format, uint32_t mips, uint32_t misc)
{
    struct aerocmd_umd_texture2d_desc d = texture_desc(
        w, hgt, format, AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    d.mip_levels = mips;
    d.misc_flags = misc;
    return kit_texture(h, &d, NULL);
}

/* One DRAW, with the driver's shaders, and the result of the operation OK. */
static void expect_one_pass(struct harness *h, aerocmd_result r)
{
    static struct packet_list pl;
    CHECK_EQ(r, AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    collect_packets(&h->fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_DRAW), 1);
    /* the driver's own, and the vertex shader run_case binds */
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_CREATE_SHADER_DXBC), AEROCMD_UMD_BUILTIN_COUNT + 1u);
    expect_nothing_counted(h);
}

static void case_present_blt_stretch(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_resource *src = drawable(h, 8, 8, DXGI_R8G8B8A8_UNORM, 1, 0);
    struct aerocmd_umd_resource *dst = drawable(h, 16, 16, DXGI_R8G8B8A8_UNORM, 1, 0);
    struct aerocmd_umd_blt_desc d = whole_blt(16, 16);
    (void)policy;
    d.flags = AEROCMD_UMD_BLT_STRETCH | AEROCMD_UMD_BLT_PRESENT;
    expect_one_pass(h, aerocmd_umd_blt(h->ctx, dst, src, &d));
}

static void case_present_blt_convert(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_resource *src = drawable(h, 8, 8, DXGI_R8G8B8A8_UNORM, 1, 0);
    struct aerocmd_umd_resource *dst = drawable(h, 8, 8, DXGI_B8G8R8A8_UNORM, 1, 0);
    struct aerocmd_umd_blt_desc d = whole_blt(8, 8);
    (void)policy;
    d.flags = AEROCMD_UMD_BLT_CONVERT | AEROCMD_UMD_BLT_PRESENT;
    expect_one_pass(h, aerocmd_umd_blt(h->ctx, dst, src, &d));
}

static void case_resource_generate_mips(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_resource *tex =
        drawable(h, 4, 4, DXGI_R8G8B8A8_UNORM, 2, AEROCMD_UMD_MISC_GENERATE_MIPS);
    (void)policy;
    CHECK(aerocmd_dxgi_format_support(DXGI_R8G8B8A8_UNORM, H_ABI) &
          AEROCMD_FORMAT_SUPPORT_MIP_AUTOGEN);
    expect_one_pass(
        h, aerocmd_umd_generate_mips(h->ctx, kit_view(h, AEROCMD_VIEW_SHADER_RESOURCE, tex)));
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
