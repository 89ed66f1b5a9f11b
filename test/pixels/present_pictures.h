/* SPDX-License-Identifier: MIT */
/* present_pictures.h — (part of scene_pictures.h) what the presenting scenarios must show
 * (shaders/present_scenes.h, test/unit/umd/golden_present.h):
 * - swap chains: PRESENT k shows frame k's colour over the whole buffer, exactly;
 * - the compositor present: the 7x5 shared surface (texture 2) holds, at each pixel, the
 *   bilinear sample of the 4x4 frame at the pixel's centre in normalised coordinates,
 *   ((x + 0.5) / 7, (y + 0.5) / 5), texel space uv x size - 0.5, clamped to the edge
 *   (Direct3D's linear filter), as UNORM8; within 1 (lavapipe's filtering precision). */
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

static float compose_texel(int x, int y, int c)
{
    int n = (int)COMPOSE_SRC - 1;
    x = x < 0 ? 0 : (x > n ? n : x);
    y = y < 0 ? 0 : (y > n ? n : y);
    return (float)compose_texels[(y * (int)COMPOSE_SRC + x) * 4 + c] / 255.0f;
}

/* The linear filter's value of channel c at normalised (u, v). */
static float compose_sample(float u, float v, int c)
{
    float sx = u * (float)COMPOSE_SRC - 0.5f, sy = v * (float)COMPOSE_SRC - 0.5f;
    int x0 = (int)floorf(sx), y0 = (int)floorf(sy);
    float fx = sx - (float)x0, fy = sy - (float)y0;
    return (compose_texel(x0, y0, c) * (1 - fx) + compose_texel(x0 + 1, y0, c) * fx) * (1 - fy) +
           (compose_texel(x0, y0 + 1, c) * (1 - fx) + compose_texel(x0 + 1, y0 + 1, c) * fx) * fy;
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

#endif /* AEROCMD_TEST_PRESENT_PICTURES_H */
