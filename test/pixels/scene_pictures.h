/* SPDX-License-Identifier: MIT */
/* scene_pictures.h — the pictures (and buffer contents) of the umd golden scenarios and
 * their Wine twins, checked against what each one draws (scenario comments in
 * test/unit/umd/golden_scenarios.h, shaders and vertex data in shaders/scene_shaders.h).
 *
 * The results are reached through pic_results, by creation order: the n-th texture or
 * buffer the scenario's stream creates (from 0), so the same checks serve a stream made
 * by the state tracker in process and one made through the DDI under Wine. */
#ifndef AEROCMD_TEST_SCENE_PICTURES_H
#define AEROCMD_TEST_SCENE_PICTURES_H

#include "picture_expect.h"
#include "shaders/scene_shaders.h"

struct pic_image {
    const uint8_t *rgba8;
    uint32_t width, height;
};

struct pic_results {
    void *user;
    /* The n-th texture created, as it is at the end (1; 0 when there is none). */
    int (*texture)(void *user, uint32_t nth, struct pic_image *out);
    /* Bytes [offset, offset + size) of the n-th buffer created, at the end. */
    int (*buffer)(void *user, uint32_t nth, uint32_t offset, uint32_t size, void *out);
    /* The guest memory backing the n-th texture created (NULL when none). */
    const uint8_t *(*texture_memory)(void *user, uint32_t nth, uint32_t *size);
    /* PRESENT number `index`: the picture it showed. */
    int (*present)(void *user, uint32_t index, struct pic_image *out);
    uint32_t present_count;
};

static const float pic_grey[4] = {0.5f, 0.5f, 0.5f, 1.0f};

/* The scene triangle (64x64 viewport), moved by (dx, dy) in NDC; flat colour when given. */
static struct pic_triangle *pic_scene_triangle(struct pic_scene *s, float dx, float dy,
                                               const float *flat)
{
    struct pic_vertex v[3];
    uint32_t i;
    for (i = 0; i < 3; i++) {
        const float *p = &scene_triangle[7 * i];
        v[i] = pic_ndc(64, 64, p[0] + dx, p[1] + dy, flat != NULL ? flat : p + 3);
    }
    return pic_add(s, v[0], v[1], v[2]);
}

static int pic_texture_check(const struct pic_results *r, uint32_t nth, const struct pic_scene *s,
                             uint32_t min_judged)
{
    struct pic_image img;
    if (!CHECK(r->texture(r->user, nth, &img))) {
        fprintf(stderr, "%s: texture %u missing\n", s->name, nth);
        return 0;
    }
    return pic_check(s, img.rgba8, img.width, img.height, min_judged) > 0;
}

/* Every pixel of texture nth is `rgba` (a clear), within 1. */
static void pic_uniform(const struct pic_results *r, uint32_t nth, const char *name, uint32_t w,
                        uint32_t h, const float rgba[4])
{
    struct pic_scene s;
    pic_init(&s, name, w, h, rgba);
    pic_texture_check(r, nth, &s, w * h);
}

/* ---- drawing scenarios -------------------------------------------------------------------- */

static void pic_triangle_over_grey(const struct pic_results *r, const char *name, uint32_t nth)
{
    struct pic_scene s;
    pic_init(&s, name, 64, 64, pic_grey);
    pic_scene_triangle(&s, 0, 0, NULL);
    pic_texture_check(r, nth, &s, 3000);
}

/* triangle: texture 0 shows it, and so does the PRESENT (its first bound target). */
static void pic_triangle(const struct pic_results *r)
{
    struct pic_scene s;
    struct pic_image img;
    pic_triangle_over_grey(r, "triangle", 0);
    pic_init(&s, "triangle (present)", 64, 64, pic_grey);
    pic_scene_triangle(&s, 0, 0, NULL);
    if (CHECK_EQ(r->present_count, 1) && CHECK(r->present(r->user, 0, &img)))
        pic_check(&s, img.rgba8, img.width, img.height, 3000);
}

/* The 4x4 texture of indexed_quad_texture: first row red, green, blue, white (R8G8B8A8),
 * the rest transparent black. */
static const uint8_t pic_quad_texels[4 * 4 * 4] = {
    255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255,
};

/* scene_quad (the top-right quarter) sampling tex over `clear`, in texture nth. */
static void pic_sampled_quad(const struct pic_results *r, const char *name, uint32_t nth,
                             const float clear[4], const struct pic_texture *tex)
{
    struct pic_scene s;
    uint32_t i, k;
    pic_init(&s, name, 64, 64, clear);
    for (i = 0; i < 6; i += 3) {
        struct pic_vertex v[3];
        struct pic_triangle *t;
        for (k = 0; k < 3; k++) {
            const float *p = &scene_quad[5 * scene_quad_indices[i + k]];
            const float uv[4] = {p[3], p[4], 0, 0};
            v[k] = pic_ndc(64, 64, p[0], p[1], uv);
        }
        t = pic_add(&s, v[0], v[1], v[2]);
        t->shade = PIC_TEXTURE;
        t->texture = tex;
    }
    pic_texture_check(r, nth, &s, 3000);
}

/* The target is created first (kit_target / target()), the texture after it. */
static void pic_indexed_quad(const struct pic_results *r, const char *name)
{
    static const struct pic_texture tex = {pic_quad_texels, 4, 4};
    pic_sampled_quad(r, name, 0, pic_grey, &tex);
}

static void pic_indexed_quad_texture(const struct pic_results *r)
{
    pic_indexed_quad(r, "indexed_quad_texture");
}

static void pic_indexed_quad_texture_host(const struct pic_results *r)
{
    pic_indexed_quad(r, "indexed_quad_texture_host");
}

/* share_* (Wine, test/shims/scenario_share.c): device a creates the shared 16x16 B8G8R8A8
 * texture (texture 0) and clears it red; device b opens it from the private data the OS
 * kept and samples it with the quad over its grey-cleared target (texture 1), then opens it
 * again as a D3D9Ex driver describes it and samples that over a blue-cleared target
 * (texture 2). Every texel is red, so the quad is red through both opens (the shared texture
 * itself is destroyed by the end and not read). */
static void pic_share(const struct pic_results *r)
{
    static const float blue[4] = {0, 0, 1, 1};
    static uint8_t red[16 * 16 * 4];
    static const struct pic_texture tex = {red, 16, 16};
    uint32_t i;
    for (i = 0; i < 16u * 16u; i++) {
        red[4 * i] = 255;
        red[4 * i + 3] = 255;
    }
    pic_sampled_quad(r, "share (opened)", 1, pic_grey, &tex);
    pic_sampled_quad(r, "share (opened as D3D9Ex describes it)", 2, blue, &tex);
}

/* depth_test: the triangle (depth 0) passes LESS against the cleared 1; the depth buffer
 * (texture 1, read as round(depth * 255)) holds 0 under it and 1 elsewhere. */
static void pic_depth_test(const struct pic_results *r)
{
    static const float one[4] = {1, 1, 1, 1}, zero[4] = {0, 0, 0, 1};
    struct pic_scene s;
    pic_triangle_over_grey(r, "depth_test", 0);
    pic_init(&s, "depth_test (depth)", 64, 64, one);
    pic_scene_triangle(&s, 0, 0, zero);
    pic_texture_check(r, 1, &s, 3000);
}

/* mrt_gaps: target A (texture 0) gets the colour; target B (texture 1) last got output 1,
 * the colour's .gbra (SCENE_PS_MRT), from the second draw. */
static void pic_mrt_gaps(const struct pic_results *r)
{
    struct pic_scene s;
    struct pic_triangle *t;
    pic_triangle_over_grey(r, "mrt_gaps (target A)", 0);
    pic_init(&s, "mrt_gaps (target B)", 64, 64, pic_grey);
    t = pic_scene_triangle(&s, 0, 0, NULL);
    t->swizzle[0] = 1;
    t->swizzle[1] = 2;
    t->swizzle[2] = 0;
    pic_texture_check(r, 1, &s, 3000);
}

/* gs_bound: the geometry shader moved the first draw one viewport half left; the second
 * draw, without it, is in place. */
static void pic_gs_bound(const struct pic_results *r)
{
    struct pic_scene s;
    pic_init(&s, "gs_bound", 64, 64, pic_grey);
    pic_scene_triangle(&s, -1, 0, NULL);
    pic_scene_triangle(&s, 0, 0, NULL);
    pic_texture_check(r, 0, &s, 3500);
}

/* hazard_unbind: "other" (texture 1) got the first draw, the texture (0) the next two. */
static void pic_hazard_unbind(const struct pic_results *r)
{
    pic_triangle_over_grey(r, "hazard_unbind (texture)", 0);
    pic_triangle_over_grey(r, "hazard_unbind (other)", 1);
}

/* redundant_bind: three draws of the triangle, then one starting at vertex 1: green (0, 1),
 * blue (1, 0), white (0.5, 0). */
static void pic_redundant_bind(const struct pic_results *r)
{
    static const float white[4] = {1, 1, 1, 1};
    struct pic_scene s;
    pic_init(&s, "redundant_bind", 64, 64, pic_grey);
    pic_scene_triangle(&s, 0, 0, NULL);
    pic_add(&s, pic_ndc(64, 64, 0, 1, &scene_triangle[7 + 3]),
            pic_ndc(64, 64, 1, 0, &scene_triangle[14 + 3]), pic_ndc(64, 64, 0.5f, 0, white));
    pic_texture_check(r, 0, &s, 3000);
}

/* dynamic_cb: frame 1 magenta one half left, frame 2 cyan one half down (scene_cb_frames). */
static void pic_dynamic_cb(const struct pic_results *r)
{
    struct pic_scene s;
    uint32_t f;
    pic_init(&s, "dynamic_cb", 64, 64, pic_grey);
    for (f = 0; f < 2; f++)
        pic_scene_triangle(&s, scene_cb_frames[f][0], scene_cb_frames[f][1],
                           &scene_cb_frames[f][4]);
    pic_texture_check(r, 0, &s, 3500);
}

/* split_frame: the 16x16 target (texture 0, presented) cleared black, then the triangle
 * with TEXCOORD = POSITION.xy sampling the 4x4 texture whose texel i is the word i + 1
 * (R = i + 1, G = B = A = 0); the indexed redraws of the same triangle fail the depth test
 * (the default LESS against the equal depth the first draw wrote). */
static void pic_split_frame(const struct pic_results *r)
{
    static const float black[4] = {0, 0, 0, 1};
    static uint8_t texels[64];
    static const struct pic_texture tex = {texels, 4, 4};
    struct pic_scene s;
    struct pic_image img;
    struct pic_vertex v[3];
    uint32_t i;
    for (i = 0; i < 16; i++)
        texels[4 * i] = (uint8_t)(i + 1);
    pic_init(&s, "split_frame", 16, 16, black);
    for (i = 0; i < 3; i++) {
        const float p[4] = {i == 2 ? 1.0f : 0.0f, i == 1 ? 1.0f : 0.0f, 0, 0};
        v[i] = pic_ndc(16, 16, p[0], p[1], p);
    }
    pic_add(&s, v[0], v[1], v[2])->shade = PIC_TEXTURE;
    s.tri[0].texture = &tex;
    if (CHECK_EQ(r->present_count, 1) && CHECK(r->present(r->user, 0, &img)))
        pic_check(&s, img.rgba8, img.width, img.height, 200);
}

/* ---- copies, clears, compute -------------------------------------------------------------- */

/* readback: the staging texture's guest memory holds the green clear (B8G8R8A8 bytes
 * 00 FF 00 FF) after the copy wrote it back. */
static void pic_readback(const struct pic_results *r)
{
    static const float green[4] = {0, 1, 0, 1};
    uint32_t size = 0, i, wrong = 0;
    const uint8_t *mem = r->texture_memory(r->user, 1, &size);
    pic_uniform(r, 0, "readback (target)", 8, 8, green);
    if (!CHECK(mem != NULL && size >= 8u * 8u * 4u))
        return;
    for (i = 0; i < 64; i++)
        wrong += mem[4 * i] != 0 || mem[4 * i + 1] != 0xFF || mem[4 * i + 2] != 0 ||
                 mem[4 * i + 3] != 0xFF;
    CHECK_EQ(wrong, 0);
}

static void pic_clear(const struct pic_results *r)
{
    static const float blue[4] = {0, 0, 1, 1};
    pic_uniform(r, 0, "clear", 16, 16, blue);
}

/* rotate_three: the view over buffer 0 cleared each of the three buffers in turn. */
static void pic_rotate_three(const struct pic_results *r)
{
    static const float red[4] = {1, 0, 0, 1};
    uint32_t i;
    for (i = 0; i < 3; i++)
        pic_uniform(r, i, "rotate_three", 32, 32, red);
}

/* blt: the red 16x16 source copied 1:1 to (0, 0) and (16, 8) of the 32x32 destination
 * (texture 1); the rest of it was never written (not judged). */
static void pic_blt(const struct pic_results *r)
{
    struct pic_image img;
    uint32_t x, y, wrong = 0;
    if (!CHECK(r->texture(r->user, 1, &img)) || !CHECK_EQ(img.width, 32))
        return;
    for (y = 0; y < 32; y++)
        for (x = 0; x < 32; x++) {
            const uint8_t *p = img.rgba8 + 4u * (y * 32u + x);
            int in = (x < 16 && y < 16) || (x >= 16 && y >= 8 && y < 24);
            if (in)
                wrong += p[0] != 255 || p[1] != 0 || p[2] != 0 || p[3] != 255;
        }
    CHECK_EQ(wrong, 0);
}

/* Words [first, first + n) of buffer nth equal want(i) for i = first.. (CHECKed). */
static void pic_words(const struct pic_results *r, const char *name, uint32_t nth, uint32_t first,
                      uint32_t n, uint32_t (*want)(uint32_t word))
{
    uint32_t words[64], i, wrong = 0;
    if (!CHECK(n <= 64) || !CHECK(r->buffer(r->user, nth, 4u * first, 4u * n, words)))
        return;
    for (i = 0; i < n; i++)
        if (words[i] != want(first + i) && wrong++ < 4)
            fprintf(stderr, "%s: buffer %u word %u is 0x%x, want 0x%x\n", name, nth, first + i,
                    words[i], want(first + i));
    CHECK_EQ(wrong, 0);
}

/* compute_uav's data buffer: words 0..3 the float clear (1.0), words 4..35 (the typed view)
 * the uint clear 7 except view elements 0..11, which SCENE_CS_UAV wrote (id + 1000; the
 * indirect dispatch of 3x2x1 groups of 4 reaches id 11). */
static uint32_t want_compute_uav(uint32_t word)
{
    if (word < 4)
        return 0x3F800000u;
    return word - 4 < 12 ? SCENE_CS_UAV_BASE + (word - 4) : 7u;
}

/* The list (buffer 1): SCENE_CS_UAV wrote element e's first word = e + 1000 (every element
 * of the 4-element view; the threads of the two dispatches agree on the values). */
static uint32_t want_compute_list(uint32_t word)
{
    return word % 4u == 0 ? SCENE_CS_UAV_BASE + word / 4u : 0u;
}

/* CopyStructureCount wrote the bound initial count (3) at byte 4 of count_dst. */
static uint32_t want_structure_count(uint32_t word)
{
    (void)word;
    return 3;
}

static void pic_compute_uav(const struct pic_results *r)
{
    struct pic_scene s;
    uint32_t e;
    pic_words(r, "compute_uav", 0, 0, 36, want_compute_uav);
    for (e = 0; e < 4; e++)
        pic_words(r, "compute_uav (list)", 1, 4u * e, 1, want_compute_list);
    pic_words(r, "compute_uav (count)", 2, 1, 1, want_structure_count);
    /* The indirect draw (3 vertices, 1 instance) into a target never cleared: only the
     * triangle is judged. */
    pic_init(&s, "compute_uav (draw)", 64, 64, pic_grey);
    s.skip_background = 1;
    pic_scene_triangle(&s, 0, 0, NULL);
    pic_texture_check(r, 0, &s, 300);
}

/* compute_buffer_views: word e of the output = t0[e].x (structured view of elements 3..7 of
 * a buffer of word indices: 12 + 4e, 0 past the view) | raw t1 word e (bytes 8..48: 2 + e,
 * 0 past the view) << 8 | t2[e].y (the whole buffer: 4e + 1) << 16. */
static uint32_t want_buffer_views(uint32_t e)
{
    return (e < 5 ? 12u + 4u * e : 0u) | (e < 10 ? 2u + e : 0u) << 8 | (4u * e + 1u) << 16;
}

static void pic_compute_buffer_views(const struct pic_results *r)
{
    pic_words(r, "compute_buffer_views", 2, 0, 16, want_buffer_views);
}

/* states_scissor: over grey, the triangle blended SRC_ALPHA / INV_SRC_ALPHA with alpha 1
 * (so the colour itself, alpha ONE / ZERO) where it is inside the scissor (8, 8)-(56, 56);
 * culling off (the triangle is front-facing anyway). */
static void pic_states_scissor(const struct pic_results *r)
{
    struct pic_scene s;
    pic_init(&s, "states_scissor", 64, 64, pic_grey);
    s.scissor = 1;
    s.scissor_rect[0] = s.scissor_rect[1] = 8;
    s.scissor_rect[2] = s.scissor_rect[3] = 56;
    pic_scene_triangle(&s, 0, 0, NULL);
    pic_texture_check(r, 0, &s, 3000);
}

/* update_copy: the 8x8 B8G8R8A8 texture written whole with texel i = 0xFF000000 | i, then its
 * box (2, 2)-(6, 6) with 0xFF00FF00 + j, both textures (the copy too) hold that. */
static void pic_update_copy_texture(const struct pic_results *r, uint32_t nth)
{
    struct pic_image img;
    uint32_t x, y, wrong = 0;
    if (!CHECK(r->texture(r->user, nth, &img)) || !CHECK_EQ(img.width, 8) ||
        !CHECK_EQ(img.height, 8))
        return;
    for (y = 0; y < 8; y++)
        for (x = 0; x < 8; x++) {
            int in_box = x >= 2 && x < 6 && y >= 2 && y < 6;
            uint32_t word =
                in_box ? 0xFF00FF00u + (y - 2) * 4u + (x - 2) : 0xFF000000u | (y * 8u + x);
            const uint8_t *p = img.rgba8 + 4u * (y * 8u + x);
            /* B8G8R8A8: the word's bytes are B, G, R, A. */
            wrong += p[0] != ((word >> 16) & 0xFFu) || p[1] != ((word >> 8) & 0xFFu) ||
                     p[2] != (word & 0xFFu) || p[3] != (word >> 24);
        }
    if (!CHECK_EQ(wrong, 0))
        fprintf(stderr, "update_copy: texture %u wrong in %u texels\n", nth, wrong);
}

static uint32_t want_update_constants(uint32_t word)
{
    return 0xFF00FF00u + word;
}

/* The copied vertex buffer's words: the floats 0, 0, 0, 1, 0, 0, 0, 1, 0. */
static uint32_t want_update_verts(uint32_t word)
{
    return word == 3 || word == 7 ? 0x3F800000u : 0u;
}

static void pic_update_copy(const struct pic_results *r)
{
    pic_update_copy_texture(r, 0);
    pic_update_copy_texture(r, 1);
    pic_words(r, "update_copy (constants)", 0, 0, 16, want_update_constants);
    pic_words(r, "update_copy (vertex buffer)", 1, 0, 9, want_update_verts);
    pic_words(r, "update_copy (copy)", 2, 0, 9, want_update_verts);
}

/* instanced: four instances, then two indexed ones, of the same triangle over grey (the
 * vertex shader ignores the instance). */
static void pic_instanced(const struct pic_results *r)
{
    pic_triangle_over_grey(r, "instanced", 0);
}

/* queries (Wine, test/shims/scenario_query.c): the event's 8x8 target (texture 0) cleared
 * red; the triangle drawn six times into a target never cleared (texture 1) while the
 * occlusion, predicate and statistics queries count, and once under an occlusion predicate
 * with FALSE into another (the last texture, 2): the predicate's data is TRUE, so the draw is
 * performed and it is there. */
static void pic_queries(const struct pic_results *r)
{
    static const float red[4] = {1, 0, 0, 1};
    struct pic_scene s;
    uint32_t nth;
    pic_uniform(r, 0, "queries (event)", 8, 8, red);
    for (nth = 1; nth <= 2; nth++) {
        pic_init(&s, nth == 1 ? "queries (counted draws)" : "queries (predicated draw)", 64, 64,
                 pic_grey);
        s.skip_background = 1;
        pic_scene_triangle(&s, 0, 0, NULL);
        pic_texture_check(r, nth, &s, 300);
    }
}

#include "present_pictures.h"

struct pic_case {
    const char *name;
    void (*check)(const struct pic_results *r);
};

/* Every golden scenario; compute_dispatch writes nothing (it must run, that is all). */
static const struct pic_case pic_cases[] = {
    {"triangle", pic_triangle},
    {"indexed_quad_texture", pic_indexed_quad_texture},
    {"indexed_quad_texture_host", pic_indexed_quad_texture_host},
    {"share_d3d11_to_d3d10_1", pic_share},
    {"share_d3d10_to_d3d11", pic_share},
    {"queries", pic_queries},
    {"depth_test", pic_depth_test},
    {"mrt_gaps", pic_mrt_gaps},
    {"gs_bound", pic_gs_bound},
    {"compute_dispatch", NULL},
    {"hazard_unbind", pic_hazard_unbind},
    {"redundant_bind", pic_redundant_bind},
    {"dynamic_cb", pic_dynamic_cb},
    {"readback", pic_readback},
    {"split_frame", pic_split_frame},
    {"clear", pic_clear},
    {"rotate_three", pic_rotate_three},
    {"compute_uav", pic_compute_uav},
    {"compute_buffer_views", pic_compute_buffer_views},
    {"blt", pic_blt},
    {"states_scissor", pic_states_scissor},
    {"update_copy", pic_update_copy},
    {"instanced", pic_instanced},
    {"swap_chain_2", pic_swap_chain_2},
    {"swap_chain_3", pic_swap_chain_3},
    {"compositor_present", pic_compositor_present},
    {"generate_mips", pic_generate_mips},
};

#endif /* AEROCMD_TEST_SCENE_PICTURES_H */
