/* SPDX-License-Identifier: MIT */
/* present_pictures.h — (part of scene_pictures.h) what the presenting scenarios must show
 * (shaders/present_scenes.h, test/unit/umd/golden_present.h):
 * - swap chains: PRESENT k shows frame k's colour over the whole buffer, exactly;
 * - the compositor present: the 7x5 shared surface (texture 2) holds, at each pixel, the
 *   bilinear sample of the 4x4 frame at the pixel's centre in normalised coordinates,
 *   ((x + 0.5) / 7, (y + 0.5) / 5), texel space uv x size - 0.5, clamped to the edge
 *   (Direct3D's linear filter), as UNORM8; within 1 (lavapipe's filtering precision);
 * - GenerateMips: levels 1 and 2, copied out, are each the bilinear downsample of the level
 *   above (computed here from level 0's texels). */
#ifndef AEROCMD_TEST_PRESENT_PICTURES_H
#define AEROCMD_TEST_PRESENT_PICTURES_H

#include "shaders/present_scenes.h"

static void pic_swap_chain(const struct pic_results *r, const char *name)
{
    struct pic_image img;
    struct pic_scene s;
    uint32_t k;
    if (!CHECK_EQ(r->present_count, PRESENT_FRAMES))
        return;
    for (k = 0; k < PRESENT_FRAMES; k++) {
        pic_init(&s, name, PRESENT_W, PRESENT_H, present_frame_colour[k]);
        s.tolerance = 0;
        if (CHECK(r->present(r->user, k, &img)) && CHECK_EQ(img.width, PRESENT_W) &&
            CHECK_EQ(img.height, PRESENT_H))
            pic_check(&s, img.rgba8, img.width, img.height, PRESENT_W * PRESENT_H);
    }
}

static void pic_swap_chain_2(const struct pic_results *r)
{
    pic_swap_chain(r, "swap_chain_2");
}

static void pic_swap_chain_3(const struct pic_results *r)
{
    pic_swap_chain(r, "swap_chain_3");
}

/* Direct3D's bilinear filter of channel c of a w x h RGBA8 image at normalised (u, v):
 * texel space uv x size - 0.5, clamp addressing. */
static float pic_bilinear(const uint8_t *rgba, int w, int h, float u, float v, int c)
{
    float sx = u * (float)w - 0.5f, sy = v * (float)h - 0.5f, t[4];
    int x0 = (int)floorf(sx), y0 = (int)floorf(sy), i;
    float fx = sx - (float)x0, fy = sy - (float)y0;
    for (i = 0; i < 4; i++) {
        int x = x0 + (i & 1), y = y0 + (i >> 1);
        x = x < 0 ? 0 : (x >= w ? w - 1 : x);
        y = y < 0 ? 0 : (y >= h ? h - 1 : y);
        t[i] = (float)rgba[(y * w + x) * 4 + c] / 255.0f;
    }
    return (t[0] * (1 - fx) + t[1] * fx) * (1 - fy) + (t[2] * (1 - fx) + t[3] * fx) * fy;
}

static float compose_sample(float u, float v, int c)
{
    return pic_bilinear(compose_texels, (int)COMPOSE_SRC, (int)COMPOSE_SRC, u, v, c);
}

static void pic_compositor_present(const struct pic_results *r)
{
    struct pic_image img;
    uint32_t x, y, c, wrong = 0;
    if (!CHECK(r->texture(r->user, 2, &img)) || !CHECK_EQ(img.width, COMPOSE_DST_W) ||
        !CHECK_EQ(img.height, COMPOSE_DST_H))
        return;
    for (y = 0; y < COMPOSE_DST_H; y++)
        for (x = 0; x < COMPOSE_DST_W; x++)
            for (c = 0; c < 4; c++) {
                float v = compose_sample(((float)x + 0.5f) / (float)COMPOSE_DST_W,
                                         ((float)y + 0.5f) / (float)COMPOSE_DST_H, (int)c);
                int want = (int)floorf(v * 255.0f + 0.5f);
                int got = img.rgba8[(y * COMPOSE_DST_W + x) * 4 + c];
                if (got - want > 1 || want - got > 1) {
                    if (wrong++ == 0)
                        fprintf(stderr, "compositor_present: (%u, %u) channel %u: %d, want %d\n", x,
                                y, c, got, want);
                }
            }
    CHECK_EQ(wrong, 0);
}

/* The GenerateMips definition (umd_data.h): texel (x, y) of a w x h level is the bilinear
 * sample of the level above at ((x + 0.5) / w, (y + 0.5) / h), stored as UNORM8. */
static void mips_next_level(const uint8_t *above, int aw, int ah, uint8_t *out, int w, int h)
{
    int x, y, c;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            for (c = 0; c < 4; c++) {
                float v = pic_bilinear(above, aw, ah, ((float)x + 0.5f) / (float)w,
                                       ((float)y + 0.5f) / (float)h, c);
                out[(y * w + x) * 4 + c] = (uint8_t)floorf(v * 255.0f + 0.5f);
            }
}

/* Texture nth is the w x h image `want`, channel by channel within tol. */
static void mips_level_check(const struct pic_results *r, uint32_t nth, const uint8_t *want,
                             uint32_t w, uint32_t h, int tol)
{
    struct pic_image img;
    uint32_t i, wrong = 0;
    if (!CHECK(r->texture(r->user, nth, &img)) || !CHECK_EQ(img.width, w) ||
        !CHECK_EQ(img.height, h))
        return;
    for (i = 0; i < w * h * 4; i++) {
        int d = (int)img.rgba8[i] - (int)want[i];
        if ((d > tol || d < -tol) && wrong++ == 0)
            fprintf(stderr, "generate_mips: texture %u texel %u channel %u: %d, want %d\n", nth,
                    i / 4, i % 4, img.rgba8[i], want[i]);
    }
    CHECK_EQ(wrong, 0);
}

/* Level 1 (texture 1, 3x2) within 1 (lavapipe's filtering), level 2 (texture 2, 1x1) within
 * 2 (built on level 1's rounding); level 0 (texture 0) unchanged. */
static void pic_generate_mips(const struct pic_results *r)
{
    uint8_t level1[(MIPS_W / 2u) * (MIPS_H / 2u) * 4], level2[4];
    mips_next_level(mips_texels, (int)MIPS_W, (int)MIPS_H, level1, (int)MIPS_W / 2,
                    (int)MIPS_H / 2);
    mips_next_level(level1, (int)MIPS_W / 2, (int)MIPS_H / 2, level2, 1, 1);
    mips_level_check(r, 0, mips_texels, MIPS_W, MIPS_H, 0);
    mips_level_check(r, 1, level1, MIPS_W / 2u, MIPS_H / 2u, 1);
    mips_level_check(r, 2, level2, 1, 1, 2);
}

#endif /* AEROCMD_TEST_PRESENT_PICTURES_H */
