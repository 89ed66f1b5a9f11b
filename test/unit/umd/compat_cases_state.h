/* SPDX-License-Identifier: MIT */
/* compat_cases_state.h — the compatibility table's sampler, rasterizer, depth-stencil and
 * blend rows (doc/compatibility.md), each run under both policies. Expected packets come
 * from the table's own words: what the row says the driver sends. */
#ifndef AEROCMD_TEST_COMPAT_CASES_STATE_H
#define AEROCMD_TEST_COMPAT_CASES_STATE_H

#include "compat_kit.h"

#define NEAREST AEROGPU_SAMPLER_FILTER_NEAREST
#define LINEAR  AEROGPU_SAMPLER_FILTER_LINEAR
#define CLAMP   AEROGPU_SAMPLER_ADDRESS_CLAMP_TO_EDGE
#define MIRROR  AEROGPU_SAMPLER_ADDRESS_MIRROR_REPEAT
#define REPEAT  AEROGPU_SAMPLER_ADDRESS_REPEAT

/* ---- samplers ------------------------------------------------------------------------- */

static void case_sampler_anisotropic(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_sampler_desc d = exact_sampler();
    d.filter = 0x55; /* D3D11_FILTER_ANISOTROPIC */
    d.max_anisotropy = 16;
    sampler_row(h, policy, &d, AEROCMD_UMD_APPROX_SAMPLER_ANISOTROPIC, LINEAR, CLAMP, CLAMP);
}

static void case_sampler_mixed_filter(struct harness *h, uint32_t policy)
{
    /* D3D11_FILTER_MIN_MAG_LINEAR_MIP_POINT: the texel filters are linear. */
    struct aerocmd_umd_sampler_desc d = exact_sampler();
    d.filter = 0x14;
    sampler_row(h, policy, &d, AEROCMD_UMD_APPROX_SAMPLER_MIXED_FILTER, LINEAR, CLAMP, CLAMP);
    if (policy == AEROCMD_UMD_POLICY_COMPATIBLE) {
        /* MIN_MAG_POINT_MIP_LINEAR: point texels, so point. */
        struct aerogpu_cmd_create_sampler p;
        d.filter = 0x01;
        CHECK_EQ(try_sampler(h, &d, &p), AEROCMD_OK);
        CHECK_EQ(p.filter, NEAREST);
        /* MIN_POINT_MAG_LINEAR_MIP_POINT: one linear texel filter is enough. */
        d.filter = 0x04;
        CHECK_EQ(try_sampler(h, &d, &p), AEROCMD_OK);
        CHECK_EQ(p.filter, LINEAR);
        CHECK_EQ(aerocmd_umd_approx_count(h->dev, AEROCMD_UMD_APPROX_SAMPLER_MIXED_FILTER), 3);
    }
}

static void case_sampler_mip_lod_bias(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_sampler_desc d = exact_sampler();
    d.mip_lod_bias_f32 = 0xBF800000u; /* -1.0 */
    sampler_row(h, policy, &d, AEROCMD_UMD_APPROX_SAMPLER_MIP_LOD_BIAS, LINEAR, CLAMP, CLAMP);
}

static void case_sampler_lod_clamp(struct harness *h, uint32_t policy)
{
    struct aerogpu_cmd_create_sampler p;
    struct aerocmd_umd_sampler_desc d = exact_sampler();
    /* MaxLOD 14 and MinLOD -0.0 reach every level of every 2D texture: exact. */
    d.max_lod_f32 = F32_14;
    d.min_lod_f32 = 0x80000000u;
    CHECK_EQ(try_sampler(h, &d, &p), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_approx_count(h->dev, AEROCMD_UMD_APPROX_SAMPLER_LOD_CLAMP), 0);
    d.max_lod_f32 = 0; /* only the top level */
    sampler_row(h, policy, &d, AEROCMD_UMD_APPROX_SAMPLER_LOD_CLAMP, LINEAR, CLAMP, CLAMP);
    /* MinLOD above 0 (detail held back, as texture streaming does) is the row's other case. */
    d.max_lod_f32 = F32_14;
    d.min_lod_f32 = F32_1;
    if (policy == AEROCMD_UMD_POLICY_STRICT) {
        CHECK_EQ(try_sampler(h, &d, &p), AEROCMD_E_NOT_IMPLEMENTED);
    } else {
        uint64_t before = aerocmd_umd_approx_count(h->dev, AEROCMD_UMD_APPROX_SAMPLER_LOD_CLAMP);
        CHECK_EQ(try_sampler(h, &d, &p), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_approx_count(h->dev, AEROCMD_UMD_APPROX_SAMPLER_LOD_CLAMP),
                 before + 1u);
    }
}

static void case_sampler_border(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_sampler_desc d = exact_sampler();
    d.address_u = AEROCMD_UMD_ADDRESS_BORDER;
    d.address_v = AEROCMD_UMD_ADDRESS_WRAP;
    d.border_color_f32[0] = F32_1;
    sampler_row(h, policy, &d, AEROCMD_UMD_APPROX_SAMPLER_BORDER, LINEAR, CLAMP, REPEAT);
}

static void case_sampler_mirror_once(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_sampler_desc d = exact_sampler();
    d.address_v = AEROCMD_UMD_ADDRESS_MIRROR_ONCE;
    sampler_row(h, policy, &d, AEROCMD_UMD_APPROX_SAMPLER_MIRROR_ONCE, LINEAR, CLAMP, MIRROR);
}

static void case_sampler_address_w(struct harness *h, uint32_t policy)
{
    struct aerogpu_cmd_create_sampler p;
    struct aerocmd_umd_sampler_desc d = exact_sampler();
    (void)policy;
    d.address_w = AEROCMD_UMD_ADDRESS_BORDER;
    CHECK_EQ(try_sampler(h, &d, &p), AEROCMD_OK);
    CHECK_EQ(p.address_w, CLAMP);
    d.address_w = AEROCMD_UMD_ADDRESS_MIRROR_ONCE;
    CHECK_EQ(try_sampler(h, &d, &p), AEROCMD_OK);
    CHECK_EQ(p.address_w, MIRROR);
    expect_nothing_counted(h);
}

static void case_sampler_comparison(struct harness *h, uint32_t policy)
{
    struct aerogpu_cmd_create_sampler p;
    struct aerocmd_umd_sampler_desc d = exact_sampler();
    (void)policy;
    d.filter = 0x95; /* COMPARISON_MIN_MAG_MIP_LINEAR */
    d.comparison_func = AEROCMD_UMD_COMPARISON_LESS;
    CHECK_EQ(try_sampler(h, &d, &p), AEROCMD_E_NOT_IMPLEMENTED);
    d.filter = 0xD5; /* COMPARISON_ANISOTROPIC: refused, not approximated */
    CHECK_EQ(try_sampler(h, &d, &p), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_sampler_text_1bit(struct harness *h, uint32_t policy)
{
    struct aerogpu_cmd_create_sampler p;
    struct aerocmd_umd_sampler_desc d = exact_sampler();
    (void)policy;
    d.filter = 0x80000000u;
    CHECK_EQ(try_sampler(h, &d, &p), AEROCMD_E_NOT_IMPLEMENTED);
    d.filter = 0x02u; /* not a Direct3D filter at all */
    CHECK_EQ(try_sampler(h, &d, &p), AEROCMD_E_INVALID_ARG);
    expect_nothing_counted(h);
}

/* ---- rasterizer ----------------------------------------------------------------------- */

static void case_rasterizer_slope_scaled_depth_bias(struct harness *h, uint32_t policy)
{
    struct aerogpu_rasterizer_state s;
    struct aerocmd_umd_rasterizer_desc d = solid_rasterizer();
    d.depth_bias = 7;
    d.slope_scaled_depth_bias_f32 = F32_2;
    if (expect_approximated(h, policy, try_rasterizer(h, &d, &s),
                            AEROCMD_UMD_APPROX_RASTERIZER_SLOPE_SCALED_DEPTH_BIAS))
        CHECK_EQ(s.depth_bias, 7);
}

static void case_rasterizer_depth_bias_clamp(struct harness *h, uint32_t policy)
{
    struct aerogpu_rasterizer_state s;
    struct aerocmd_umd_rasterizer_desc d = solid_rasterizer();
    d.depth_bias_clamp_f32 = F32_HALF;
    /* Nothing to clamp without an integer bias: exact under both policies. */
    CHECK_EQ(try_rasterizer(h, &d, &s), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_approx_count(h->dev, AEROCMD_UMD_APPROX_RASTERIZER_DEPTH_BIAS_CLAMP), 0);
    d.depth_bias = -3;
    if (expect_approximated(h, policy, try_rasterizer(h, &d, &s),
                            AEROCMD_UMD_APPROX_RASTERIZER_DEPTH_BIAS_CLAMP))
        CHECK_EQ(s.depth_bias, -3);
}

static void case_rasterizer_line_mode(struct harness *h, uint32_t policy)
{
    struct aerogpu_rasterizer_state s;
    struct aerocmd_umd_rasterizer_desc d = solid_rasterizer();
    d.multisample_enable = 1; /* alone, refused under strict too */
    if (policy == AEROCMD_UMD_POLICY_STRICT)
        CHECK_EQ(try_rasterizer(h, &d, &s), AEROCMD_E_NOT_IMPLEMENTED);
    d.multisample_enable = 0;
    d.antialiased_line_enable = 1;
    if (expect_approximated(h, policy, try_rasterizer(h, &d, &s),
                            AEROCMD_UMD_APPROX_RASTERIZER_LINE_MODE)) {
        CHECK_EQ(s.fill_mode, AEROGPU_FILL_SOLID);
        d.antialiased_line_enable = 0;
        d.multisample_enable = 1;
        CHECK_EQ(try_rasterizer(h, &d, &s), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_approx_count(h->dev, AEROCMD_UMD_APPROX_RASTERIZER_LINE_MODE), 2);
    }
}

/* ---- depth-stencil -------------------------------------------------------------------- */

static void case_depth_stencil_write_without_test(struct harness *h, uint32_t policy)
{
    struct aerogpu_depth_stencil_state s;
    struct aerocmd_umd_depth_stencil_desc d = depth_desc();
    (void)policy;
    d.depth_enable = 0;
    CHECK_EQ(try_depth(h, &d, &s), AEROCMD_OK);
    CHECK_EQ(s.depth_enable, 0);
    CHECK_EQ(s.depth_write_enable, 0);
    expect_nothing_counted(h);
}

static void case_depth_stencil_keep_always(struct harness *h, uint32_t policy)
{
    struct aerogpu_depth_stencil_state s;
    struct aerocmd_umd_depth_stencil_desc d = depth_desc();
    (void)policy;
    d.stencil_enable = 1;
    d.stencil_read_mask = 0x0F;
    d.stencil_write_mask = 0xF0;
    CHECK_EQ(try_depth(h, &d, &s), AEROCMD_OK);
    CHECK_EQ(s.stencil_enable, 1);
    CHECK_EQ(s.stencil_read_mask, 0x0F);
    CHECK_EQ(s.stencil_write_mask, 0xF0);
    expect_nothing_counted(h);
}

static void case_depth_stencil_ops(struct harness *h, uint32_t policy)
{
    struct aerogpu_depth_stencil_state s;
    struct aerocmd_umd_depth_stencil_desc d = depth_desc();
    (void)policy;
    d.stencil_enable = 1;
    d.front.pass_op = 3; /* REPLACE */
    CHECK_EQ(try_depth(h, &d, &s), AEROCMD_E_NOT_IMPLEMENTED);
    d.front.pass_op = AEROCMD_UMD_STENCIL_OP_KEEP;
    d.back.func = AEROCMD_UMD_COMPARISON_LESS;
    CHECK_EQ(try_depth(h, &d, &s), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

/* ---- blend ---------------------------------------------------------------------------- */

static void case_blend_targets_agreeing(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_blend_desc d = blend_desc(0);
    struct aerogpu_blend_state s;
    (void)policy;
    /* Direct3D 10's usual state: target 0 blends, the others do not. */
    d.targets[0].enable = 1;
    d.targets[3].write_mask = 0x1;
    bind_targets(h, 1, 8);
    aerocmd_umd_set_blend_state(h->ctx, kit_blend(h, &d), NULL, 0xFFFFFFFFu);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    s = sent_blend(h);
    CHECK_EQ(s.enable, 1);
    CHECK_EQ(s.src_factor, AEROGPU_BLEND_SRC_ALPHA);
    CHECK_EQ(s.dst_factor, AEROGPU_BLEND_INV_SRC_ALPHA);
    CHECK_EQ(s.color_write_mask, 0xF);
    /* Targets 1 and 2 do not blend and agree: the next draw sends blending off. */
    bind_targets(h, 3, 0);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    s = sent_blend(h);
    CHECK_EQ(s.enable, 0);
    CHECK_EQ(s.color_write_mask, 0xF);
    /* ONE, ZERO, ADD is no blending: it agrees with the non-blending target. */
    d.targets[1].enable = 1;
    d.targets[1].src = d.targets[1].src_alpha = AEROCMD_UMD_BLEND_ONE;
    d.targets[1].dst = d.targets[1].dst_alpha = AEROCMD_UMD_BLEND_ZERO;
    aerocmd_umd_set_blend_state(h->ctx, kit_blend(h, &d), NULL, 0xFFFFFFFFu);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    expect_nothing_counted(h);
    CHECK(harness_valid(h));
}

static void case_blend_targets_disagreeing(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_blend_desc d = blend_desc(0);
    uint32_t draws;
    (void)policy;
    d.targets[0].enable = 1;
    bind_targets(h, 2, 8);
    aerocmd_umd_set_blend_state(h->ctx, kit_blend(h, &d), NULL, 0xFFFFFFFFu);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    draws = h->fake.submission_count;
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    CHECK_EQ(h->fake.submission_count, draws); /* nothing was written */
    /* Write masks that differ disagree too. */
    d = blend_desc(1);
    d.targets[1].write_mask = 0x7;
    aerocmd_umd_set_blend_state(h->ctx, kit_blend(h, &d), NULL, 0xFFFFFFFFu);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_E_NOT_IMPLEMENTED);
    /* Unbinding the second target makes it exact again. */
    bind_targets(h, 2, 1);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    expect_nothing_counted(h);
    CHECK(harness_valid(h));
}

static void case_blend_color_factors(struct harness *h, uint32_t policy)
{
    static const uint32_t refused[] = {3, 4, 9, 10, 11, 16, 17, 18, 19};
    struct aerocmd_umd_blend_state *s = NULL;
    uint32_t i;
    (void)policy;
    for (i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        struct aerocmd_umd_blend_desc d = blend_desc(1);
        d.targets[0].src = refused[i];
        CHECK_EQ(aerocmd_umd_create_blend_state(h->dev, kit_take(aerocmd_umd_blend_state_size()),
                                                aerocmd_umd_blend_state_size(), &d, &s),
                 AEROCMD_E_NOT_IMPLEMENTED);
    }
    expect_nothing_counted(h);
}

static void case_blend_alpha_to_coverage(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_blend_desc d = blend_desc(0);
    struct aerocmd_umd_blend_state *s = NULL;
    (void)policy;
    d.alpha_to_coverage = 1;
    CHECK_EQ(aerocmd_umd_create_blend_state(h->dev, kit_take(aerocmd_umd_blend_state_size()),
                                            aerocmd_umd_blend_state_size(), &d, &s),
             AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

#endif /* AEROCMD_TEST_COMPAT_CASES_STATE_H */
