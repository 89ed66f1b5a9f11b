/* state_pictures.h — (part of scene_pictures.h) the pictures of the state scenarios of the
 * Windows 7 DDI work (test/unit/umd/golden_scenarios.h: states_scissor, update_copy,
 * instanced). Their targets are never cleared, so only what they draw is judged. */
#ifndef AEROCMD_TEST_STATE_PICTURES_H
#define AEROCMD_TEST_STATE_PICTURES_H

/* The scene triangle (opaque: blending SRC_ALPHA / INV_SRC_ALPHA gives its colour) inside
 * the scissor rectangle [x0, x1) x [y0, y1) of texture nth. */
static void pic_triangle_in_rect(const struct pic_results *r, uint32_t nth, const char *name,
                                 uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                                 uint32_t min_judged)
{
    struct pic_image img;
    struct pic_scene s;
    uint32_t x, y, c, tol, judged = 0, wrong = 0;
    float want[4];
    pic_init(&s, name, 64, 64, pic_grey);
    s.skip_background = 1;
    pic_scene_triangle(&s, 0, 0, NULL);
    if (!CHECK(r->texture(r->user, nth, &img)) || !CHECK_EQ(img.width, 64))
        return;
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++) {
            const uint8_t *got = img.rgba8 + 4u * (y * 64u + x);
            if (!pic_expect(&s, x, y, want, &tol))
                continue;
            judged++;
            for (c = 0; c < 4; c++) {
                int d = (int)got[c] - (int)pic_unorm8(want[c]);
                if ((d > (int)tol || d < -(int)tol) && wrong++ < 4) {
                    fprintf(stderr, "%s: pixel (%u, %u) channel %u is %u, want %u\n", name, x, y, c,
                            got[c], pic_unorm8(want[c]));
                    break;
                }
            }
        }
    CHECK_EQ(wrong, 0);
    CHECK(judged >= min_judged);
}

/* states_scissor: the triangle, alpha-blended at alpha 1 (its own colour), cut to the
 * scissor (8, 8)-(56, 56). */
static void pic_states_scissor(const struct pic_results *r)
{
    pic_triangle_in_rect(r, 0, "states_scissor", 8, 8, 56, 56, 300);
}

/* instanced: six instances of the same triangle (the VS ignores the instance). */
static void pic_instanced(const struct pic_results *r)
{
    pic_triangle_in_rect(r, 0, "instanced", 0, 0, 64, 64, 400);
}

/* update_copy: texture 1 (the copy) holds B8G8R8A8 texels 0xFF000000 | i, with the box
 * (2, 2)-(6, 6) replaced by 0xFF00FF00 + j; the constant buffer (buffer 0) its 16 words. */
static uint32_t want_update_constants(uint32_t word)
{
    return 0xFF00FF00u + word;
}

static void pic_update_copy(const struct pic_results *r)
{
    struct pic_image img;
    uint32_t x, y, wrong = 0;
    if (CHECK(r->texture(r->user, 1, &img)) && CHECK_EQ(img.width, 8))
        for (y = 0; y < 8; y++)
            for (x = 0; x < 8; x++) {
                const uint8_t *p = img.rgba8 + 4u * (y * 8u + x);
                int in_box = x >= 2 && x < 6 && y >= 2 && y < 6;
                uint32_t blue = in_box ? (y - 2u) * 4u + (x - 2u) : y * 8u + x;
                uint32_t green = in_box ? 255u : 0u;
                if ((p[0] != 0 || p[1] != green || p[2] != blue || p[3] != 255) && wrong++ < 4)
                    fprintf(stderr, "update_copy: texel (%u, %u) is %u %u %u %u\n", x, y, p[0],
                            p[1], p[2], p[3]);
            }
    CHECK_EQ(wrong, 0);
    pic_words(r, "update_copy", 0, 0, 16, want_update_constants);
}

#endif /* AEROCMD_TEST_STATE_PICTURES_H */
