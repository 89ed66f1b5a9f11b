/* SPDX-License-Identifier: MIT */
/* picture_expect.h — what a scene must look like, worked out from Direct3D's rules in the
 * test (never from a picture the project produced), and the check of an RGBA8 image
 * against it.
 *
 * A scene is a background colour and triangles drawn in order, each in pixel coordinates
 * of its target with per-vertex attributes that the rasteriser interpolates linearly
 * (every scene vertex has w = 1, so perspective-correct interpolation is linear too). A
 * triangle either writes its interpolated colour (after an optional channel swizzle, for
 * the MRT outputs) or samples a texture at its interpolated TEXCOORD with D3D's bilinear
 * filter and CLAMP addressing (texel space = uv * size - 0.5). A pixel is judged at its
 * centre (x + 0.5, y + 0.5); pixels within PIC_EDGE_MARGIN of any triangle edge are
 * skipped (coverage exactly on an edge follows the top-left rule, which the executor's
 * own analytic tests cover). Colours are UNORM8 of round(value * 255). */
#ifndef AEROCMD_TEST_PICTURE_EXPECT_H
#define AEROCMD_TEST_PICTURE_EXPECT_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

#define PIC_MAX_TRIANGLES 8u
#define PIC_EDGE_MARGIN   0.75f

enum pic_shade { PIC_COLOR, PIC_TEXTURE };

struct pic_vertex {
    float x, y;    /* pixels */
    float attr[4]; /* colour RGBA, or TEXCOORD uv in attr[0..1] */
};

struct pic_texture {
    const uint8_t *rgba8; /* width x height texels, R G B A */
    uint32_t width, height;
};

struct pic_triangle {
    struct pic_vertex v[3];
    enum pic_shade shade;
    const struct pic_texture *texture; /* PIC_TEXTURE */
    uint8_t swizzle[4];                /* PIC_COLOR: output channel c = colour[swizzle[c]] */
};

struct pic_scene {
    const char *name;
    uint32_t width, height;
    float background[4];
    struct pic_triangle tri[PIC_MAX_TRIANGLES];
    uint32_t count;
    uint32_t tolerance;       /* per channel, inside triangles (the background: 1) */
    int skip_background;      /* 1: pixels outside every triangle are not judged (never cleared) */
    int scissor;              /* 1: triangles cover only pixels inside scissor_rect */
    uint32_t scissor_rect[4]; /* left, top, right, bottom (right / bottom excluded) */
};

/* A viewport of vw x vh at the origin maps NDC (x, y) to pixels (vw (x + 1) / 2,
 * vh (1 - y) / 2). */
static struct pic_vertex pic_ndc(float vw, float vh, float x, float y, const float attr[4])
{
    struct pic_vertex v;
    v.x = vw * (x + 1.0f) * 0.5f;
    v.y = vh * (1.0f - y) * 0.5f;
    memcpy(v.attr, attr, sizeof v.attr);
    return v;
}

static struct pic_triangle *pic_add(struct pic_scene *s, struct pic_vertex a, struct pic_vertex b,
                                    struct pic_vertex c)
{
    struct pic_triangle *t = &s->tri[s->count++];
    memset(t, 0, sizeof *t);
    t->v[0] = a;
    t->v[1] = b;
    t->v[2] = c;
    t->shade = PIC_COLOR;
    t->swizzle[1] = 1;
    t->swizzle[2] = 2;
    t->swizzle[3] = 3;
    return t;
}

static void pic_init(struct pic_scene *s, const char *name, uint32_t w, uint32_t h,
                     const float background[4])
{
    memset(s, 0, sizeof *s);
    s->name = name;
    s->width = w;
    s->height = h;
    memcpy(s->background, background, sizeof s->background);
    s->tolerance = 2;
}

/* Signed distance (pixels) of p from edge a->b, positive on the side of c. */
static float pic_edge(const struct pic_vertex *a, const struct pic_vertex *b,
                      const struct pic_vertex *c, float px, float py)
{
    float ex = b->x - a->x, ey = b->y - a->y;
    float len = sqrtf(ex * ex + ey * ey);
    float d = (ex * (py - a->y) - ey * (px - a->x)) / len;
    float side = ex * (c->y - a->y) - ey * (c->x - a->x);
    return side >= 0 ? d : -d;
}

/* 1 inside (by the margin), -1 outside (by the margin), 0 too close to an edge. */
static int pic_inside(const struct pic_triangle *t, float px, float py, float w[3])
{
    float d[3], area;
    int i, in = 1;
    d[0] = pic_edge(&t->v[1], &t->v[2], &t->v[0], px, py);
    d[1] = pic_edge(&t->v[2], &t->v[0], &t->v[1], px, py);
    d[2] = pic_edge(&t->v[0], &t->v[1], &t->v[2], px, py);
    for (i = 0; i < 3; i++) {
        if (d[i] < -PIC_EDGE_MARGIN)
            return -1;
        if (d[i] < PIC_EDGE_MARGIN)
            in = 0;
    }
    if (!in)
        return 0;
    /* Barycentric weights from the (signed) doubled areas. */
    area = (t->v[1].x - t->v[0].x) * (t->v[2].y - t->v[0].y) -
           (t->v[2].x - t->v[0].x) * (t->v[1].y - t->v[0].y);
    w[0] = ((t->v[1].x - px) * (t->v[2].y - py) - (t->v[2].x - px) * (t->v[1].y - py)) / area;
    w[1] = ((t->v[2].x - px) * (t->v[0].y - py) - (t->v[0].x - px) * (t->v[2].y - py)) / area;
    w[2] = 1.0f - w[0] - w[1];
    return 1;
}

static float pic_clampf(float v)
{
    return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

static const uint8_t *pic_texel(const struct pic_texture *t, int x, int y)
{
    x = x < 0 ? 0 : x >= (int)t->width ? (int)t->width - 1 : x;
    y = y < 0 ? 0 : y >= (int)t->height ? (int)t->height - 1 : y;
    return t->rgba8 + 4u * ((uint32_t)y * t->width + (uint32_t)x);
}

/* Bilinear filtering with CLAMP addressing, as D3D10 defines it. */
static void pic_sample(const struct pic_texture *t, float u, float v, float out[4])
{
    float s = u * (float)t->width - 0.5f, r = v * (float)t->height - 0.5f;
    float fs = floorf(s), fr = floorf(r), a = s - fs, b = r - fr;
    int x = (int)fs, y = (int)fr, c;
    for (c = 0; c < 4; c++)
        out[c] =
            ((1 - a) * (1 - b) * pic_texel(t, x, y)[c] + a * (1 - b) * pic_texel(t, x + 1, y)[c] +
             (1 - a) * b * pic_texel(t, x, y + 1)[c] + a * b * pic_texel(t, x + 1, y + 1)[c]) /
            255.0f;
}

static void pic_shade(const struct pic_triangle *t, const float w[3], float out[4])
{
    float attr[4];
    int c;
    for (c = 0; c < 4; c++)
        attr[c] = w[0] * t->v[0].attr[c] + w[1] * t->v[1].attr[c] + w[2] * t->v[2].attr[c];
    if (t->shade == PIC_TEXTURE) {
        pic_sample(t->texture, attr[0], attr[1], out);
        return;
    }
    for (c = 0; c < 4; c++)
        out[c] = attr[t->swizzle[c]];
}

/* The expected colour of pixel (x, y): 1 with *tol set, 0 when it is not judged. */
static int pic_expect(const struct pic_scene *s, uint32_t x, uint32_t y, float out[4],
                      uint32_t *tol)
{
    float px = (float)x + 0.5f, py = (float)y + 0.5f, w[3];
    uint32_t i;
    int covered = 0;
    memcpy(out, s->background, 4 * sizeof(float));
    *tol = 1;
    for (i = 0; i < s->count; i++) {
        int in = pic_inside(&s->tri[i], px, py, w);
        if (s->scissor && (x < s->scissor_rect[0] || y < s->scissor_rect[1] ||
                           x >= s->scissor_rect[2] || y >= s->scissor_rect[3]))
            in = -1; /* the scissor test: whole pixels, no edge to straddle */
        if (in == 0)
            return 0;
        if (in > 0) {
            pic_shade(&s->tri[i], w, out);
            *tol = s->tolerance;
            covered = 1;
        }
    }
    return covered || !s->skip_background;
}

static uint8_t pic_unorm8(float v)
{
    return (uint8_t)floorf(pic_clampf(v) * 255.0f + 0.5f);
}

/* Checks every judged pixel of image (width x height RGBA8); returns how many were judged
 * (CHECKs that at least min_judged were, and that none was wrong). */
static uint32_t pic_check(const struct pic_scene *s, const uint8_t *rgba8, uint32_t width,
                          uint32_t height, uint32_t min_judged)
{
    uint32_t x, y, c, judged = 0, wrong = 0, tol;
    float want[4];
    if (!CHECK(rgba8 != NULL) || !CHECK_EQ(width, s->width) || !CHECK_EQ(height, s->height))
        return 0;
    for (y = 0; y < height; y++)
        for (x = 0; x < width; x++) {
            const uint8_t *got = rgba8 + 4u * (y * width + x);
            if (!pic_expect(s, x, y, want, &tol))
                continue;
            judged++;
            for (c = 0; c < 4; c++) {
                int d = (int)got[c] - (int)pic_unorm8(want[c]);
                if (d > (int)tol || d < -(int)tol) {
                    if (wrong++ < 4)
                        fprintf(stderr,
                                "%s: pixel (%u, %u) is %u %u %u %u, want %u %u %u %u (+-%u)\n",
                                s->name, x, y, got[0], got[1], got[2], got[3], pic_unorm8(want[0]),
                                pic_unorm8(want[1]), pic_unorm8(want[2]), pic_unorm8(want[3]), tol);
                    break;
                }
            }
        }
    if (!CHECK_EQ(wrong, 0))
        fprintf(stderr, "%s: %u of %u judged pixels wrong\n", s->name, wrong, judged);
    CHECK(judged >= min_judged);
    return judged;
}

#endif /* AEROCMD_TEST_PICTURE_EXPECT_H */
