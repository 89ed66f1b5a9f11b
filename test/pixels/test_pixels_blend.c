/* SPDX-License-Identifier: MIT */
/* Pixel tests: blending. Each case clears a target, sets a blend state and draws one
 * colour over it; the expectation is Direct3D's blend equation written below
 * (result = src x src_factor OP dst x dst_factor, per colour and alpha), evaluated on the
 * destination as the target stores it (its UNORM8 value), then converted to UNORM8. The
 * rasteriser's blend arithmetic may round differently: +-1 per channel. */
#include "pixels_kit.h"

static float factor(uint32_t f, float src, float dst, float src_a, float dst_a, float k)
{
    switch (f) {
    case AEROGPU_BLEND_ZERO:
        return 0.0f;
    case AEROGPU_BLEND_ONE:
        return 1.0f;
    case AEROGPU_BLEND_SRC_ALPHA:
        return src_a;
    case AEROGPU_BLEND_INV_SRC_ALPHA:
        return 1.0f - src_a;
    case AEROGPU_BLEND_DEST_ALPHA:
        return dst_a;
    case AEROGPU_BLEND_INV_DEST_ALPHA:
        return 1.0f - dst_a;
    case AEROGPU_BLEND_CONSTANT:
        return k;
    default: /* INV_CONSTANT */
        return 1.0f - k;
    }
    (void)src, (void)dst;
}

static float apply(uint32_t op, float s, float sf, float d, float df)
{
    switch (op) {
    case AEROGPU_BLEND_OP_SUBTRACT:
        return s * sf - d * df;
    case AEROGPU_BLEND_OP_REV_SUBTRACT:
        return d * df - s * sf;
    case AEROGPU_BLEND_OP_MIN: /* MIN / MAX ignore the factors */
        return s < d ? s : d;
    case AEROGPU_BLEND_OP_MAX:
        return s > d ? s : d;
    default:
        return s * sf + d * df;
    }
}

/* What Direct3D stores for src drawn over dst8 under b (no_alpha: the target has no alpha
 * channel, so destination alpha reads 1). */
static void expected(const struct aerogpu_blend_state *b, const float src[4], const uint8_t dst8[4],
                     int no_alpha, uint8_t out[4])
{
    float dst[4], k[4];
    uint32_t i;
    for (i = 0; i < 4; i++) {
        dst[i] = (float)dst8[i] / 255.0f;
        memcpy(&k[i], &b->blend_constant_rgba_f32[i], 4);
    }
    if (no_alpha)
        dst[3] = 1.0f;
    for (i = 0; i < 4; i++) {
        uint32_t sf = i < 3 ? b->src_factor : b->src_factor_alpha;
        uint32_t df = i < 3 ? b->dst_factor : b->dst_factor_alpha;
        uint32_t op = i < 3 ? b->blend_op : b->blend_op_alpha;
        float v = b->enable ? apply(op, src[i], factor(sf, src[i], dst[i], src[3], dst[3], k[i]),
                                    dst[i], factor(df, src[i], dst[i], src[3], dst[3], k[i]))
                            : src[i];
        out[i] = (b->color_write_mask >> i) & 1u ? px_unorm8(v) : dst8[i];
    }
    if (no_alpha)
        out[3] = 255;
}

struct blend_case {
    const char *what;
    uint32_t format;
    float dst[4], src[4];
    uint32_t enable, sf, df, op, sfa, dfa, opa, mask;
    float k[4];
};

static const struct blend_case cases[] = {
    {"add ONE ONE",
     AEROGPU_FORMAT_R8G8B8A8_UNORM,
     {0.25f, 0.25f, 0.25f, 0.25f},
     {0.5f, 0.25f, 0.0f, 0.5f},
     1,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_OP_ADD,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_OP_ADD,
     0xF,
     {1, 1, 1, 1}},
    {"alpha over (SRC_ALPHA, INV_SRC_ALPHA; alpha ONE, INV_SRC_ALPHA)",
     AEROGPU_FORMAT_R8G8B8A8_UNORM,
     {0.0f, 0.0f, 1.0f, 1.0f},
     {1.0f, 0.0f, 0.0f, 0.25f},
     1,
     AEROGPU_BLEND_SRC_ALPHA,
     AEROGPU_BLEND_INV_SRC_ALPHA,
     AEROGPU_BLEND_OP_ADD,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_INV_SRC_ALPHA,
     AEROGPU_BLEND_OP_ADD,
     0xF,
     {1, 1, 1, 1}},
    {"subtract",
     AEROGPU_FORMAT_R8G8B8A8_UNORM,
     {0.25f, 0.5f, 0.75f, 0.25f},
     {1.0f, 1.0f, 1.0f, 1.0f},
     1,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_OP_SUBTRACT,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_OP_SUBTRACT,
     0xF,
     {1, 1, 1, 1}},
    {"reverse subtract",
     AEROGPU_FORMAT_R8G8B8A8_UNORM,
     {1.0f, 0.75f, 0.5f, 1.0f},
     {0.25f, 0.25f, 0.25f, 0.25f},
     1,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_OP_REV_SUBTRACT,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_OP_REV_SUBTRACT,
     0xF,
     {1, 1, 1, 1}},
    {"min",
     AEROGPU_FORMAT_R8G8B8A8_UNORM,
     {0.6f, 0.4f, 0.5f, 0.0f},
     {0.2f, 0.8f, 0.5f, 1.0f},
     1,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_OP_MIN,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_OP_MIN,
     0xF,
     {1, 1, 1, 1}},
    {"max",
     AEROGPU_FORMAT_R8G8B8A8_UNORM,
     {0.6f, 0.4f, 0.5f, 0.0f},
     {0.2f, 0.8f, 0.5f, 1.0f},
     1,
     AEROGPU_BLEND_ZERO,
     AEROGPU_BLEND_ZERO,
     AEROGPU_BLEND_OP_MAX,
     AEROGPU_BLEND_ZERO,
     AEROGPU_BLEND_ZERO,
     AEROGPU_BLEND_OP_MAX,
     0xF,
     {1, 1, 1, 1}},
    {"blend constant (CONSTANT, INV_CONSTANT)",
     AEROGPU_FORMAT_R8G8B8A8_UNORM,
     {0.0f, 0.0f, 0.0f, 0.0f},
     {1.0f, 1.0f, 1.0f, 1.0f},
     1,
     AEROGPU_BLEND_CONSTANT,
     AEROGPU_BLEND_INV_CONSTANT,
     AEROGPU_BLEND_OP_ADD,
     AEROGPU_BLEND_CONSTANT,
     AEROGPU_BLEND_INV_CONSTANT,
     AEROGPU_BLEND_OP_ADD,
     0xF,
     {0.25f, 0.5f, 0.75f, 1.0f}},
    {"destination alpha",
     AEROGPU_FORMAT_R8G8B8A8_UNORM,
     {0.0f, 0.0f, 0.0f, 0.25f},
     {1.0f, 1.0f, 1.0f, 1.0f},
     1,
     AEROGPU_BLEND_DEST_ALPHA,
     AEROGPU_BLEND_ZERO,
     AEROGPU_BLEND_OP_ADD,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_ZERO,
     AEROGPU_BLEND_OP_ADD,
     0xF,
     {1, 1, 1, 1}},
    {"destination alpha of a target without alpha reads 1",
     AEROGPU_FORMAT_B8G8R8X8_UNORM,
     {0.0f, 0.0f, 0.0f, 0.0f},
     {0.5f, 0.25f, 1.0f, 1.0f},
     1,
     AEROGPU_BLEND_DEST_ALPHA,
     AEROGPU_BLEND_INV_DEST_ALPHA,
     AEROGPU_BLEND_OP_ADD,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_ZERO,
     AEROGPU_BLEND_OP_ADD,
     0xF,
     {1, 1, 1, 1}},
    {"write mask G and A",
     AEROGPU_FORMAT_R8G8B8A8_UNORM,
     {0.25f, 0.25f, 0.25f, 0.25f},
     {1.0f, 1.0f, 1.0f, 1.0f},
     0,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_ZERO,
     AEROGPU_BLEND_OP_ADD,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_ZERO,
     AEROGPU_BLEND_OP_ADD,
     0xA,
     {1, 1, 1, 1}},
    {"blending off, write mask R",
     AEROGPU_FORMAT_B8G8R8A8_UNORM,
     {0.0f, 1.0f, 0.0f, 1.0f},
     {1.0f, 0.0f, 1.0f, 0.5f},
     0,
     AEROGPU_BLEND_ZERO,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_OP_ADD,
     AEROGPU_BLEND_ZERO,
     AEROGPU_BLEND_ONE,
     AEROGPU_BLEND_OP_ADD,
     0x1,
     {1, 1, 1, 1}},
};

static void blend_state(const struct blend_case *c, struct aerogpu_blend_state *b)
{
    uint32_t i;
    memset(b, 0, sizeof(*b));
    b->enable = c->enable;
    b->src_factor = c->sf, b->dst_factor = c->df, b->blend_op = c->op;
    b->src_factor_alpha = c->sfa, b->dst_factor_alpha = c->dfa, b->blend_op_alpha = c->opa;
    b->color_write_mask = (uint8_t)c->mask;
    b->sample_mask = 0xFFFFFFFFu;
    for (i = 0; i < 4; i++)
        b->blend_constant_rgba_f32[i] = px_f32(c->k[i]);
}

int main(void)
{
    const size_t n = sizeof(cases) / sizeof(cases[0]);
    struct aerogpu_blend_state b;
    uint32_t targets[sizeof(cases) / sizeof(cases[0])];
    struct px p;
    size_t i;
    if (!px_start(&p))
        return check_finish();
    px_color_pipeline(&p);
    for (i = 0; i < n; i++) {
        blend_state(&cases[i], &b);
        CHECK(aerocmd_append_set_blend_state(&p.w, &b) == AEROCMD_OK);
        targets[i] = px_target(&p, cases[i].format, 2, 2, cases[i].dst);
        px_rect(&p, -1.0f, -1.0f, 1.0f, 1.0f, 0.0f, cases[i].src);
    }
    px_submit(&p);
    for (i = 0; i < n; i++) {
        struct aerocmd_exec_image img;
        uint8_t dst8[4], want[4];
        uint32_t c;
        int no_alpha = cases[i].format == AEROGPU_FORMAT_B8G8R8X8_UNORM;
        for (c = 0; c < 4; c++)
            dst8[c] = px_unorm8(cases[i].dst[c]);
        blend_state(&cases[i], &b);
        expected(&b, cases[i].src, dst8, no_alpha, want);
        if (px_read(&p, targets[i], &img))
            px_expect_tol(&img, 1, 0, want, 1, cases[i].what);
        aerocmd_exec_image_release(&img);
    }
    px_stop(&p);
    return check_finish();
}
