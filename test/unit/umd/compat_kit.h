/* SPDX-License-Identifier: MIT */
/* compat_kit.h — helpers of the compatibility-table tests (test_umd_compat.c): the
 * expected outcome of a row under a policy, and the packets a state object turns into. */
#ifndef AEROCMD_TEST_COMPAT_KIT_H
#define AEROCMD_TEST_COMPAT_KIT_H

#include "umd_kit.h"

#define F32_MAX_BITS     0x7F7FFFFFu
#define F32_NEG_MAX_BITS 0xFF7FFFFFu
#define F32_2            0x40000000u
#define F32_14           0x41600000u

/* What an approximated row answers: refused under STRICT (and nothing counted), accepted
 * under COMPATIBLE and counted once. */
static int expect_approximated(struct harness *h, uint32_t policy, aerocmd_result r,
                               enum aerocmd_umd_approx kind)
{
    if (policy == AEROCMD_UMD_POLICY_STRICT) {
        CHECK_EQ(r, AEROCMD_E_NOT_IMPLEMENTED);
        CHECK_EQ(aerocmd_umd_approx_count(h->dev, kind), 0);
        return 0;
    }
    CHECK_EQ(aerocmd_umd_approx_count(h->dev, kind), 1);
    return CHECK_EQ(r, AEROCMD_OK);
}

/* No approximation of any kind was counted (exact and refused rows). */
static void expect_nothing_counted(struct harness *h)
{
    uint32_t k;
    for (k = 0; k < AEROCMD_UMD_APPROX_COUNT; k++)
        CHECK_EQ(aerocmd_umd_approx_count(h->dev, (enum aerocmd_umd_approx)k), 0);
}

/* The last packet with `opcode` that the fake has recorded (after a flush), or NULL. */
static const struct aerocmd_packet *last_packet(struct harness *h, uint32_t opcode)
{
    static struct packet_list pl;
    int i;
    collect_packets(&h->fake, &pl);
    for (i = (int)pl.count - 1; i >= 0; i--)
        if (pl.opcode[i] == opcode)
            return &pl.packet[i];
    return NULL;
}

/* ---- samplers -------------------------------------------------------------------------- */

/* Linear, clamped, every level, no bias: exact. */
static struct aerocmd_umd_sampler_desc exact_sampler(void)
{
    struct aerocmd_umd_sampler_desc d;
    memset(&d, 0, sizeof d);
    d.filter = AEROCMD_UMD_FILTER_MIN_MAG_MIP_LINEAR;
    d.address_u = d.address_v = d.address_w = AEROCMD_UMD_ADDRESS_CLAMP;
    d.min_lod_f32 = F32_NEG_MAX_BITS;
    d.max_lod_f32 = F32_MAX_BITS;
    d.max_anisotropy = 1;
    return d;
}

/* Creates the sampler and, when that works, flushes and copies its CREATE_SAMPLER. */
static aerocmd_result try_sampler(struct harness *h, const struct aerocmd_umd_sampler_desc *d,
                                  struct aerogpu_cmd_create_sampler *out)
{
    struct aerocmd_umd_sampler *s = NULL;
    const struct aerocmd_packet *p;
    aerocmd_result r = aerocmd_umd_create_sampler(h->dev, kit_take(aerocmd_umd_sampler_size()),
                                                  aerocmd_umd_sampler_size(), d, &s);
    memset(out, 0, sizeof *out);
    if (r != AEROCMD_OK)
        return r;
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    p = last_packet(h, AEROGPU_CMD_CREATE_SAMPLER);
    if (CHECK(p != NULL))
        memcpy(out, AEROCMD_VIEW(p, aerogpu_cmd_create_sampler, AEROGPU_CMD_CREATE_SAMPLER),
               sizeof *out);
    return r;
}

/* One approximated sampler row: `d` is refused or sent as filter / u / v. */
static void sampler_row(struct harness *h, uint32_t policy,
                        const struct aerocmd_umd_sampler_desc *d, enum aerocmd_umd_approx kind,
                        uint32_t filter, uint32_t u, uint32_t v)
{
    struct aerogpu_cmd_create_sampler p;
    if (!expect_approximated(h, policy, try_sampler(h, d, &p), kind))
        return;
    CHECK_EQ(p.filter, filter);
    CHECK_EQ(p.address_u, u);
    CHECK_EQ(p.address_v, v);
}

/* ---- rasterizer and depth-stencil ------------------------------------------------------ */

static struct aerocmd_umd_rasterizer_desc solid_rasterizer(void)
{
    struct aerocmd_umd_rasterizer_desc d;
    memset(&d, 0, sizeof d);
    d.fill_mode = 3; /* SOLID */
    d.cull_mode = 3; /* BACK */
    d.depth_clip_enable = 1;
    return d;
}

/* Creates, binds and draws with the state; *out is the SET_RASTERIZER_STATE sent. */
static aerocmd_result try_rasterizer(struct harness *h, const struct aerocmd_umd_rasterizer_desc *d,
                                     struct aerogpu_rasterizer_state *out)
{
    struct aerocmd_umd_rasterizer_state *s = NULL;
    const struct aerocmd_packet *p;
    aerocmd_result r =
        aerocmd_umd_create_rasterizer_state(h->dev, kit_take(aerocmd_umd_rasterizer_state_size()),
                                            aerocmd_umd_rasterizer_state_size(), d, &s);
    memset(out, 0, sizeof *out);
    if (r != AEROCMD_OK)
        return r;
    aerocmd_umd_set_rasterizer_state(h->ctx, s);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    p = last_packet(h, AEROGPU_CMD_SET_RASTERIZER_STATE);
    if (CHECK(p != NULL))
        *out = AEROCMD_VIEW(p, aerogpu_cmd_set_rasterizer_state, AEROGPU_CMD_SET_RASTERIZER_STATE)
                   ->state;
    return r;
}

static struct aerocmd_umd_depth_stencil_desc depth_desc(void)
{
    struct aerocmd_umd_depth_stencil_desc d;
    memset(&d, 0, sizeof d);
    d.depth_enable = 1;
    d.depth_write = 1;
    d.depth_func = AEROCMD_UMD_COMPARISON_LESS;
    d.stencil_read_mask = d.stencil_write_mask = 0xFF;
    d.front.fail_op = d.front.depth_fail_op = d.front.pass_op = AEROCMD_UMD_STENCIL_OP_KEEP;
    d.front.func = AEROCMD_UMD_COMPARISON_ALWAYS;
    d.back = d.front;
    return d;
}

/* The same for depth-stencil states. */
static aerocmd_result try_depth(struct harness *h, const struct aerocmd_umd_depth_stencil_desc *d,
                                struct aerogpu_depth_stencil_state *out)
{
    struct aerocmd_umd_depth_stencil_state *s = NULL;
    const struct aerocmd_packet *p;
    aerocmd_result r = aerocmd_umd_create_depth_stencil_state(
        h->dev, kit_take(aerocmd_umd_depth_stencil_state_size()),
        aerocmd_umd_depth_stencil_state_size(), d, &s);
    memset(out, 0, sizeof *out);
    if (r != AEROCMD_OK)
        return r;
    aerocmd_umd_set_depth_stencil_state(h->ctx, s, 0x80);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    p = last_packet(h, AEROGPU_CMD_SET_DEPTH_STENCIL_STATE);
    if (CHECK(p != NULL))
        *out = AEROCMD_VIEW(p, aerogpu_cmd_set_depth_stencil_state,
                            AEROGPU_CMD_SET_DEPTH_STENCIL_STATE)
                   ->state;
    return r;
}

/* ---- blend ---------------------------------------------------------------------------- */

/* Every target alike: alpha blending when `blend`, else none, writing RGBA. */
static struct aerocmd_umd_blend_desc blend_desc(uint32_t blend)
{
    struct aerocmd_umd_blend_desc d;
    uint32_t i;
    memset(&d, 0, sizeof d);
    d.independent = 1;
    for (i = 0; i < 8; i++) {
        d.targets[i].enable = blend;
        d.targets[i].src = d.targets[i].src_alpha = AEROCMD_UMD_BLEND_SRC_ALPHA;
        d.targets[i].dst = d.targets[i].dst_alpha = AEROCMD_UMD_BLEND_INV_SRC_ALPHA;
        d.targets[i].op = d.targets[i].op_alpha = AEROCMD_UMD_BLEND_OP_ADD;
        d.targets[i].write_mask = 0xF;
    }
    return d;
}

static struct aerocmd_umd_blend_state *kit_blend(struct harness *h,
                                                 const struct aerocmd_umd_blend_desc *d)
{
    struct aerocmd_umd_blend_state *s = NULL;
    if (!CHECK_EQ(aerocmd_umd_create_blend_state(h->dev, kit_take(aerocmd_umd_blend_state_size()),
                                                 aerocmd_umd_blend_state_size(), d, &s),
                  AEROCMD_OK))
        return NULL;
    return s;
}

/* The blend state of the last SET_BLEND_STATE sent (after a flush); enable = 99 if none. */
static struct aerogpu_blend_state sent_blend(struct harness *h)
{
    struct aerogpu_blend_state s;
    const struct aerocmd_packet *p = last_packet(h, AEROGPU_CMD_SET_BLEND_STATE);
    memset(&s, 0, sizeof s);
    s.enable = 99;
    if (p != NULL)
        s = AEROCMD_VIEW(p, aerogpu_cmd_set_blend_state, AEROGPU_CMD_SET_BLEND_STATE)->state;
    return s;
}

/* Binds `count` fresh targets (slot `gap` left empty unless it is >= count) with the basic
 * triangle pipeline. */
static void bind_targets(struct harness *h, uint32_t count, uint32_t gap)
{
    struct aerocmd_umd_view *rtv[8];
    uint32_t i;
    for (i = 0; i < count; i++)
        rtv[i] = i == gap ? NULL : kit_target(h, 16, 16);
    kit_bind_basic(h, kit_triangle_vb(h), rtv[0], NULL);
    CHECK_EQ(aerocmd_umd_set_render_targets(h->ctx, count, rtv, NULL), AEROCMD_OK);
}

#endif /* AEROCMD_TEST_COMPAT_KIT_H */
