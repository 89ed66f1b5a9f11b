/* SPDX-License-Identifier: MIT */
/* golden_present.h — (part of golden_scenarios.h) the presenting scenarios' host twins:
 * swap chains presenting a colour per frame with RotateResourceIdentities, and the
 * windowed compositor's present (a Blt with DXGI's Present flag into a shared surface of
 * another format and size); GenerateMips (the driver's own downsample draws). Data:
 * shaders/present_scenes.h; Wine versions: test/shims/scenario_present.c; pictures:
 * test/pixels/present_pictures.h. */
#ifndef AEROCMD_TEST_GOLDEN_PRESENT_H
#define AEROCMD_TEST_GOLDEN_PRESENT_H

#include "shaders/present_scenes.h"

static void colour_bits(const float rgba[4], uint32_t out[4])
{
    uint32_t c;
    for (c = 0; c < 4; c++)
        memcpy(&out[c], &rgba[c], 4);
}

/* `count` swap-chain buffers; each frame clears buffer 0 (through the view made over it
 * first, which follows the rotation) to its colour, presents buffer 0 and rotates. */
static void swap_chain(struct harness *h, uint32_t count)
{
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(PRESENT_W, PRESENT_H, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_resource *bufs[3];
    struct aerocmd_umd_present_desc p;
    struct aerocmd_umd_present_allocations a;
    struct aerocmd_umd_view *rtv;
    uint32_t i, k, rgba[4];
    td.misc_flags = AEROCMD_UMD_MISC_PRESENTABLE;
    for (i = 0; i < count; i++)
        bufs[i] = kit_texture(h, &td, NULL);
    rtv = kit_view(h, AEROCMD_VIEW_RENDER_TARGET, bufs[0]);
    CHECK_EQ(aerocmd_umd_set_render_targets(h->ctx, 1, &rtv, NULL), AEROCMD_OK);
    memset(&p, 0, sizeof p);
    p.sync_interval = 1;
    for (k = 0; k < PRESENT_FRAMES; k++) {
        colour_bits(present_frame_colour[k], rgba);
        CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, rtv, rgba), AEROCMD_OK);
        p.src = bufs[0];
        CHECK_EQ(aerocmd_umd_present_surface(h->ctx, &p, &a), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_rotate_resources(h->ctx, bufs, count), AEROCMD_OK);
    }
}

static void sc_swap_chain_2(struct harness *h)
{
    swap_chain(h, 2);
}

static void sc_swap_chain_3(struct harness *h)
{
    swap_chain(h, 3);
}

/* The application's frame (compose_texels, copied into its 4x4 R8G8B8A8 back buffer) goes
 * to the compositor's 7x5 B8G8R8A8 shared surface: DXGI's Blt with Present, Stretch and
 * Convert. */
static void sc_compositor_present(struct harness *h)
{
    struct aerocmd_umd_subresource_data init = {compose_texels, COMPOSE_SRC * 4u};
    struct aerocmd_umd_texture2d_desc cd = texture_desc(
        COMPOSE_SRC, COMPOSE_SRC, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_texture2d_desc bd = texture_desc(
        COMPOSE_SRC, COMPOSE_SRC, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_texture2d_desc sd =
        texture_desc(COMPOSE_DST_W, COMPOSE_DST_H, DXGI_B8G8R8A8_UNORM,
                     AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *content, *back, *shared;
    struct aerocmd_umd_blt_desc b;
    bd.misc_flags = AEROCMD_UMD_MISC_PRESENTABLE;
    sd.misc_flags = AEROCMD_UMD_MISC_SHARED;
    content = kit_texture(h, &cd, &init);
    back = kit_texture(h, &bd, NULL);
    CHECK_EQ(aerocmd_umd_copy_resource(h->ctx, back, content), AEROCMD_OK);
    shared = kit_texture(h, &sd, NULL);
    memset(&b, 0, sizeof b);
    b.dst_right = COMPOSE_DST_W;
    b.dst_bottom = COMPOSE_DST_H;
    b.flags = AEROCMD_UMD_BLT_PRESENT | AEROCMD_UMD_BLT_STRETCH | AEROCMD_UMD_BLT_CONVERT;
    b.rotation = AEROCMD_UMD_BLT_ROTATION_IDENTITY;
    CHECK_EQ(aerocmd_umd_blt(h->ctx, shared, back, &b), AEROCMD_OK);
}

/* GenerateMips of a 7x5 texture of 3 levels (level 0 from mips_texels), then levels 1 and
 * 2 copied into textures of their own. */
static void sc_generate_mips(struct harness *h)
{
    const struct aerocmd_umd_subresource_data init[MIPS_LEVELS] = {
        {mips_texels, MIPS_W * 4u}, {mips_zeros, (MIPS_W >> 1) * 4u}, {mips_zeros, 4u}};
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(MIPS_W, MIPS_H, DXGI_R8G8B8A8_UNORM,
                     AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_texture2d_desc l1 = texture_desc(
        MIPS_W >> 1, MIPS_H >> 1, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_texture2d_desc l2 =
        texture_desc(1, 1, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *tex, *level1, *level2;
    td.mip_levels = MIPS_LEVELS;
    td.misc_flags = AEROCMD_UMD_MISC_GENERATE_MIPS;
    tex = kit_texture(h, &td, init);
    level1 = kit_texture(h, &l1, NULL);
    level2 = kit_texture(h, &l2, NULL);
    CHECK_EQ(aerocmd_umd_generate_mips(h->ctx, kit_view(h, AEROCMD_VIEW_SHADER_RESOURCE, tex)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h->ctx, level1, 0, 0, 0, 0, tex, 1, NULL),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h->ctx, level2, 0, 0, 0, 0, tex, 2, NULL),
             AEROCMD_OK);
}

#endif /* AEROCMD_TEST_GOLDEN_PRESENT_H */
