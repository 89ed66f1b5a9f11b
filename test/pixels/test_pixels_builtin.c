/* SPDX-License-Identifier: MIT */
/* Pixels of what the state tracker draws with its own shaders and of presenting, on the
 * reference executor: every submission the tracker makes over the fake also runs there
 * (pixel_runner.h's live run). Expected values are computed here from the definitions:
 * - GenerateMips (umd_data.h): level n+1's texel (x, y) is the bilinear sample of level n,
 *   clamped to the edge, at ((x + 0.5) / w(n+1), (y + 0.5) / h(n+1)); texel space is
 *   uv * size - 0.5 (Direct3D's rule); sRGB levels are filtered on decoded values;
 * - Blt: the destination pixel (x, y) of the rectangle samples the source at
 *   ((x - left + 0.5) / width, (y - top + 0.5) / height), point or bilinear; conversion is
 *   the UNORM quantisation of the destination format; sRGB is kept as bytes;
 * - a scene drawn before and after a Blt / GenerateMips gives the same pixels;
 * - swap chains of 2 and 3 buffers with RotateResourceIdentities: each PRESENT shows the
 *   colour drawn for it.
 * Tolerances: 1 per channel where lavapipe filters or converts (its rounding), 2 for the
 * second generated level (built on the first's rounding). */
#include "pixel_runner.h"
#include "unit/umd/umd_kit.h"

#include "aerocmd/umd_data.h"

#define DXGI_R8G8B8A8_UNORM_SRGB 29u
#define DXGI_B5G6R5_UNORM        85u

static struct harness h;
static struct pixel_run run;

static int open_live(const char *name)
{
    kit_reset();
    if (!run_open(&run, name))
        return 0;
    if (!CHECK(harness_open_fake(&h, 65536, 32)))
        return 0;
    aerocmd_umd_fake_callbacks(&h.fake, &h.cb);
    live_wrap_callbacks(&h.cb, &h.fake, &run);
    return CHECK(harness_open_device(&h));
}

static void close_live(void)
{
    kit_close(&h);
    run_close(&run);
}

static uint8_t unorm8(float v)
{
    if (!(v > 0.0f))
        return 0;
    if (v >= 1.0f)
        return 255;
    return (uint8_t)floorf(v * 255.0f + 0.5f);
}

static float srgb_decode(float c)
{
    return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

static float srgb_encode(float l)
{
    return l <= 0.0031308f ? l * 12.92f : 1.055f * powf(l, 1.0f / 2.4f) - 0.055f;
}

/* ---- the definitions ------------------------------------------------------------------- */

struct image {
    uint32_t w, h;
    float px[16 * 16 * 4]; /* RGBA in [0, 1]: encoded values for sRGB images */
};

static const float *texel(const struct image *im, int x, int y)
{
    x = x < 0 ? 0 : (x >= (int)im->w ? (int)im->w - 1 : x);
    y = y < 0 ? 0 : (y >= (int)im->h ? (int)im->h - 1 : y);
    return &im->px[(y * (int)im->w + x) * 4];
}

/* Direct3D's bilinear filter at (u, v), clamp addressing; `srgb` decodes texels first and
 * encodes the result. */
static void bilinear(const struct image *im, float u, float v, int srgb, float out[4])
{
    float sx = u * (float)im->w - 0.5f, sy = v * (float)im->h - 0.5f;
    int x0 = (int)floorf(sx), y0 = (int)floorf(sy), c;
    float fx = sx - (float)x0, fy = sy - (float)y0;
    for (c = 0; c < 4; c++) {
        float t[4];
        int i;
        for (i = 0; i < 4; i++) {
            t[i] = texel(im, x0 + (i & 1), y0 + (i >> 1))[c];
            if (srgb && c < 3)
                t[i] = srgb_decode(t[i]);
        }
        out[c] = (t[0] * (1 - fx) + t[1] * fx) * (1 - fy) + (t[2] * (1 - fx) + t[3] * fx) * fy;
        if (srgb && c < 3)
            out[c] = srgb_encode(out[c]);
    }
}

static void point(const struct image *im, float u, float v, float out[4])
{
    memcpy(out, texel(im, (int)floorf(u * (float)im->w), (int)floorf(v * (float)im->h)),
           4 * sizeof(float));
}

/* The next level of `src` by the GenerateMips definition, quantised to UNORM8 as stored. */
static void next_level(const struct image *src, int srgb, struct image *dst)
{
    uint32_t x, y, c;
    dst->w = src->w > 1 ? src->w / 2 : 1;
    dst->h = src->h > 1 ? src->h / 2 : 1;
    for (y = 0; y < dst->h; y++)
        for (x = 0; x < dst->w; x++) {
            float *o = &dst->px[(y * dst->w + x) * 4];
            bilinear(src, ((float)x + 0.5f) / (float)dst->w, ((float)y + 0.5f) / (float)dst->h,
                     srgb, o);
            for (c = 0; c < 4; c++)
                o[c] = (float)unorm8(o[c]) / 255.0f;
        }
}

/* Channel by channel within tol; reports the first miss. */
static int image_matches(const char *what, const uint8_t *rgba8, const struct image *want,
                         uint32_t tol)
{
    uint32_t i;
    for (i = 0; i < want->w * want->h * 4; i++) {
        int d = (int)rgba8[i] - (int)unorm8(want->px[i]);
        if (d > (int)tol || d < -(int)tol) {
            fprintf(stderr, "%s: texel %u channel %u: %u, want %u\n", what, i / 4, i % 4, rgba8[i],
                    unorm8(want->px[i]));
            return 0;
        }
    }
    return 1;
}

/* The executor's picture of level `mip`, layer `layer` of a texture. */
static int read_level(struct aerocmd_umd_resource *res, uint32_t mip, uint32_t layer,
                      struct aerocmd_exec_image *img)
{
    if (!CHECK_EQ(run.result, AEROCMD_OK) ||
        !CHECK_EQ(run_read_texture(&run, aerocmd_umd_resource_handle(res), mip, layer, img),
                  AEROCMD_OK))
        return 0;
    return CHECK(img->rgba8 != NULL);
}

/* An RGBA8 (UNORM or sRGB) texture with level 0 of every layer from `level0`. */
static struct aerocmd_umd_resource *texture_with(uint32_t format, const struct image *level0,
                                                 uint32_t layers, uint32_t mips, uint32_t misc,
                                                 uint32_t bind)
{
    static uint8_t bytes[4][16 * 16 * 4];
    static uint8_t zeros[16 * 16 * 4];
    struct aerocmd_umd_subresource_data init[16];
    struct aerocmd_umd_texture2d_desc d = texture_desc(level0->w, level0->h, format, bind, 0);
    uint32_t l, m, i;
    d.array_size = layers;
    d.mip_levels = mips;
    d.misc_flags = misc;
    for (l = 0; l < layers; l++) {
        for (i = 0; i < level0->w * level0->h * 4; i++)
            bytes[l][i] = (uint8_t)(unorm8(level0[l].px[i]));
        for (m = 0; m < mips; m++) {
            init[l * mips + m].data = m == 0 ? bytes[l] : zeros;
            init[l * mips + m].row_pitch = (level0->w >> m ? level0->w >> m : 1u) * 4u;
        }
    }
    return kit_texture(&h, &d, init);
}

/* A w x h image of distinct texels (seed changes them). */
static void pattern(struct image *im, uint32_t w, uint32_t hgt, uint32_t seed)
{
    uint32_t x, y;
    im->w = w;
    im->h = hgt;
    for (y = 0; y < hgt; y++)
        for (x = 0; x < w; x++) {
            float *p = &im->px[(y * w + x) * 4];
            p[0] = (float)((37u * x + 11u * y + seed) % 256u) / 255.0f;
            p[1] = (float)((53u * y + 7u * x * x + seed * 3u) % 256u) / 255.0f;
            p[2] = (float)((x * y * 29u + 90u + seed) % 256u) / 255.0f;
            p[3] = (float)(255u - 20u * x - seed % 7u) / 255.0f;
        }
}

/* ---- GenerateMips ----------------------------------------------------------------------- */

static void test_generate_mips(uint32_t format, int srgb, uint32_t w, uint32_t hgt, uint32_t layers,
                               const char *name)
{
    static struct image level[2][4];
    struct aerocmd_umd_resource *tex;
    struct aerocmd_exec_image img;
    uint32_t mips = aerocmd_full_mip_count(w, hgt), l, m;
    if (!open_live(name))
        return;
    for (l = 0; l < layers; l++)
        pattern(&level[l][0], w, hgt, 17u * l);
    {
        static struct image firsts[2];
        for (l = 0; l < layers; l++)
            firsts[l] = level[l][0];
        tex = texture_with(format, firsts, layers, mips, AEROCMD_UMD_MISC_GENERATE_MIPS,
                           AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE);
    }
    CHECK_EQ(aerocmd_umd_generate_mips(h.ctx, kit_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, tex)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    for (l = 0; l < layers; l++)
        for (m = 1; m < mips && m < 4; m++) {
            next_level(&level[l][m - 1], srgb, &level[l][m]);
            if (read_level(tex, m, l, &img)) {
                CHECK_EQ(img.width, level[l][m].w);
                CHECK_EQ(img.height, level[l][m].h);
                if (!CHECK(image_matches(name, img.rgba8, &level[l][m], m == 1 ? 1u : 2u)))
                    fprintf(stderr, "    layer %u level %u\n", l, m);
                aerocmd_exec_image_release(&img);
            }
        }
    close_live();
}

/* ---- Blt -------------------------------------------------------------------------------- */

struct blt_case {
    const char *name;
    uint32_t src_format, dst_format;
    uint32_t left, top, right, bottom; /* in a 8x6 destination cleared to clear_rgba */
    uint32_t filter;                   /* AEROCMD_UMD_BLT_FILTER_* */
    int expect_linear;
};

static const float clear_rgba[4] = {0.25f, 0.5f, 0.75f, 1.0f};

/* What the destination must hold: the clear outside the rectangle, the source's sample (in
 * the destination's quantisation) inside. */
static void blt_expected(const struct blt_case *c, const struct image *src, struct image *want)
{
    uint32_t x, y, ch;
    want->w = 8;
    want->h = 6;
    for (y = 0; y < 6; y++)
        for (x = 0; x < 8; x++) {
            float *o = &want->px[(y * 8 + x) * 4];
            if (x < c->left || x >= c->right || y < c->top || y >= c->bottom) {
                memcpy(o, clear_rgba, sizeof clear_rgba);
            } else {
                float u = ((float)(x - c->left) + 0.5f) / (float)(c->right - c->left);
                float v = ((float)(y - c->top) + 0.5f) / (float)(c->bottom - c->top);
                if (c->expect_linear)
                    bilinear(src, u, v, 0, o);
                else
                    point(src, u, v, o);
            }
            if (c->dst_format == DXGI_B5G6R5_UNORM) {
                static const float levels[3] = {31.0f, 63.0f, 31.0f};
                for (ch = 0; ch < 3; ch++)
                    o[ch] = floorf(o[ch] * levels[ch] + 0.5f) / levels[ch];
                o[3] = 1.0f;
            }
            if (c->dst_format == DXGI_B8G8R8X8)
                o[3] = 1.0f;
        }
}

static void test_blt(const struct blt_case *c)
{
    struct aerocmd_umd_resource *src, *dst;
    struct aerocmd_umd_texture2d_desc dd =
        texture_desc(8, 6, c->dst_format, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_blt_desc d;
    struct aerocmd_exec_image img;
    uint32_t rgba[4], i;
    static struct image s, want;
    if (!open_live(c->name))
        return;
    pattern(&s, 4, 4, 5);
    src = texture_with(c->src_format, &s, 1, 1, 0, AEROCMD_UMD_BIND_SHADER_RESOURCE);
    dst = kit_texture(&h, &dd, NULL);
    for (i = 0; i < 4; i++)
        memcpy(&rgba[i], &clear_rgba[i], 4);
    CHECK_EQ(
        aerocmd_umd_clear_render_target(h.ctx, kit_view(&h, AEROCMD_VIEW_RENDER_TARGET, dst), rgba),
        AEROCMD_OK);
    memset(&d, 0, sizeof d);
    d.dst_left = c->left, d.dst_top = c->top, d.dst_right = c->right, d.dst_bottom = c->bottom;
    d.rotation = AEROCMD_UMD_BLT_ROTATION_IDENTITY;
    d.filter = c->filter;
    d.flags = AEROCMD_UMD_BLT_PRESENT;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, dst, src, &d), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    blt_expected(c, &s, &want);
    if (read_level(dst, 0, 0, &img)) {
        CHECK(image_matches(c->name, img.rgba8, &want, 1));
        aerocmd_exec_image_release(&img);
    }
    close_live();
}

static const struct blt_case blt_cases[] = {
    {"blt stretch linear 4x4 -> 6x4 at (1, 1)", DXGI_R8G8B8A8_UNORM, DXGI_R8G8B8A8_UNORM, 1, 1, 7,
     5, AEROCMD_UMD_BLT_FILTER_DEFAULT, 1},
    {"blt stretch point 4x4 -> 8x6", DXGI_R8G8B8A8_UNORM, DXGI_R8G8B8A8_UNORM, 0, 0, 8, 6,
     AEROCMD_UMD_BLT_FILTER_POINT, 0},
    {"blt shrink linear 4x4 -> 3x2 at (4, 3)", DXGI_R8G8B8A8_UNORM, DXGI_R8G8B8A8_UNORM, 4, 3, 7, 5,
     AEROCMD_UMD_BLT_FILTER_DEFAULT, 1},
    {"blt convert RGBA -> BGRA", DXGI_R8G8B8A8_UNORM, DXGI_B8G8R8A8_UNORM, 2, 1, 6, 5,
     AEROCMD_UMD_BLT_FILTER_DEFAULT, 0},
    {"blt convert RGBA -> BGRX", DXGI_R8G8B8A8_UNORM, DXGI_B8G8R8X8, 2, 1, 6, 5,
     AEROCMD_UMD_BLT_FILTER_DEFAULT, 0},
    {"blt convert RGBA -> B5G6R5", DXGI_R8G8B8A8_UNORM, DXGI_B5G6R5_UNORM, 2, 1, 6, 5,
     AEROCMD_UMD_BLT_FILTER_DEFAULT, 0},
    {"blt sRGB -> BGRA keeps bytes", DXGI_R8G8B8A8_UNORM_SRGB, DXGI_B8G8R8A8_UNORM, 2, 1, 6, 5,
     AEROCMD_UMD_BLT_FILTER_DEFAULT, 0},
};

/* ---- the application's scene is unchanged ----------------------------------------------- */

/* The scene triangle drawn over grey into a 64x64 target, snapshotted by a copy; then the
 * operation; then the same target cleared and drawn again with nothing rebound: both
 * pictures are equal byte for byte. */
static void test_scene_unchanged(int mips)
{
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(64, 64, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_resource *rt, *snapshot, *other;
    struct aerocmd_umd_view *rtv;
    struct aerocmd_exec_image a, b;
    uint32_t grey[4] = {F32_HALF, F32_HALF, F32_HALF, F32_1};
    static struct image s;
    if (!open_live(mips ? "scene around GenerateMips" : "scene around Blt"))
        return;
    rt = kit_texture(&h, &td, NULL);
    snapshot = kit_texture(&h, &td, NULL);
    rtv = kit_view(&h, AEROCMD_VIEW_RENDER_TARGET, rt);
    kit_bind_basic(&h, kit_triangle_vb(&h), rtv, NULL);
    CHECK_EQ(aerocmd_umd_clear_render_target(h.ctx, rtv, grey), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_resource(h.ctx, snapshot, rt), AEROCMD_OK);
    pattern(&s, 7, 5, 3);
    if (mips) {
        other = texture_with(DXGI_R8G8B8A8_UNORM, &s, 1, 3, AEROCMD_UMD_MISC_GENERATE_MIPS,
                             AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE);
        CHECK_EQ(
            aerocmd_umd_generate_mips(h.ctx, kit_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, other)),
            AEROCMD_OK);
    } else {
        struct aerocmd_umd_blt_desc d;
        struct aerocmd_umd_texture2d_desc od =
            texture_desc(16, 16, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
        other = kit_texture(&h, &od, NULL);
        memset(&d, 0, sizeof d);
        d.dst_right = d.dst_bottom = 16;
        d.rotation = AEROCMD_UMD_BLT_ROTATION_IDENTITY;
        CHECK_EQ(aerocmd_umd_blt(h.ctx, other,
                                 texture_with(DXGI_R8G8B8A8_UNORM, &s, 1, 1, 0,
                                              AEROCMD_UMD_BIND_SHADER_RESOURCE),
                                 &d),
                 AEROCMD_OK);
    }
    CHECK_EQ(aerocmd_umd_clear_render_target(h.ctx, rtv, grey), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    if (read_level(snapshot, 0, 0, &a)) {
        if (read_level(rt, 0, 0, &b)) {
            CHECK(memcmp(a.rgba8, b.rgba8, 64u * 64u * 4u) == 0);
            CHECK(a.rgba8[(28 * 64 + 36) * 4 + 3] == 255 && a.rgba8[(28 * 64 + 36) * 4] != 128);
            aerocmd_exec_image_release(&b);
        }
        aerocmd_exec_image_release(&a);
    }
    close_live();
}

/* ---- presenting a swap chain ------------------------------------------------------------ */

static void test_swap_chain(uint32_t count)
{
    static const float colours[5][4] = {
        {1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1}, {0, 1, 1, 1}};
    struct aerocmd_umd_texture2d_desc d =
        texture_desc(16, 8, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_resource *buf[3];
    struct aerocmd_umd_view *rtv[3];
    struct aerocmd_umd_present_desc p;
    struct aerocmd_umd_present_allocations a;
    uint32_t k, i, c;
    if (!open_live(count == 2 ? "swap chain of 2" : "swap chain of 3"))
        return;
    d.misc_flags = AEROCMD_UMD_MISC_PRESENTABLE;
    for (i = 0; i < count; i++) {
        buf[i] = kit_texture(&h, &d, NULL);
        rtv[i] = kit_view(&h, AEROCMD_VIEW_RENDER_TARGET, buf[i]);
    }
    memset(&p, 0, sizeof p);
    for (k = 0; k < 5; k++) {
        uint32_t rgba[4];
        for (c = 0; c < 4; c++)
            memcpy(&rgba[c], &colours[k][c], 4);
        CHECK_EQ(aerocmd_umd_clear_render_target(h.ctx, rtv[0], rgba), AEROCMD_OK);
        p.src = buf[0];
        CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, buf, count), AEROCMD_OK);
    }
    if (CHECK_EQ(run.result, AEROCMD_OK) && CHECK_EQ(run_present_count(&run), 5))
        for (k = 0; k < 5; k++) {
            const struct aerocmd_exec_present *pr = run_get_present(&run, k);
            static struct image want;
            want.w = 16;
            want.h = 8;
            for (i = 0; i < 16 * 8; i++)
                memcpy(&want.px[i * 4], colours[k], sizeof colours[k]);
            if (CHECK(pr != NULL && pr->image.rgba8 != NULL) &&
                !CHECK(image_matches("swap chain", pr->image.rgba8, &want, 0)))
                fprintf(stderr, "    %u buffers, frame %u\n", count, k);
        }
    close_live();
}

int main(void)
{
    size_t i;
    test_generate_mips(DXGI_R8G8B8A8_UNORM, 0, 7, 5, 2, "GenerateMips 7x5, 2 layers");
    test_generate_mips(DXGI_R8G8B8A8_UNORM, 0, 8, 4, 1, "GenerateMips 8x4");
    test_generate_mips(DXGI_R8G8B8A8_UNORM_SRGB, 1, 5, 3, 1, "GenerateMips sRGB 5x3");
    for (i = 0; i < sizeof blt_cases / sizeof blt_cases[0]; i++)
        test_blt(&blt_cases[i]);
    test_scene_unchanged(0);
    test_scene_unchanged(1);
    test_swap_chain(2);
    test_swap_chain(3);
    return check_finish();
}
