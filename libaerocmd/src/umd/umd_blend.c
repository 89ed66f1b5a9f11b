/* SPDX-License-Identifier: MIT */
/* umd_blend.c — blend states. Direct3D blends each render target with its own equation
 * and write mask; the protocol has one blend state for every target. A state whose targets
 * differ ("mixed") is exact whenever the targets bound at a draw agree, so it is resolved
 * against the bound targets before each draw that follows a change of either, and a draw
 * whose bound targets disagree is refused (doc/compatibility.md, "Blend"). */
#include <string.h>

#include "umd_internal.h"

#define D3D_BLEND_LAST    19u
#define D3D_BLEND_OP_LAST 5u
#define F32_ONE           0x3F800000u

static aerocmd_result map_blend_factor(uint32_t d3d, uint8_t *out)
{
    switch (d3d) {
    case AEROCMD_UMD_BLEND_ZERO:
        *out = AEROGPU_BLEND_ZERO;
        return AEROCMD_OK;
    case AEROCMD_UMD_BLEND_ONE:
        *out = AEROGPU_BLEND_ONE;
        return AEROCMD_OK;
    case AEROCMD_UMD_BLEND_SRC_ALPHA:
        *out = AEROGPU_BLEND_SRC_ALPHA;
        return AEROCMD_OK;
    case AEROCMD_UMD_BLEND_INV_SRC_ALPHA:
        *out = AEROGPU_BLEND_INV_SRC_ALPHA;
        return AEROCMD_OK;
    case AEROCMD_UMD_BLEND_DEST_ALPHA:
        *out = AEROGPU_BLEND_DEST_ALPHA;
        return AEROCMD_OK;
    case AEROCMD_UMD_BLEND_INV_DEST_ALPHA:
        *out = AEROGPU_BLEND_INV_DEST_ALPHA;
        return AEROCMD_OK;
    case AEROCMD_UMD_BLEND_BLEND_FACTOR:
        *out = AEROGPU_BLEND_CONSTANT;
        return AEROCMD_OK;
    case AEROCMD_UMD_BLEND_INV_BLEND_FACTOR:
        *out = AEROGPU_BLEND_INV_CONSTANT;
        return AEROCMD_OK;
    default:
        /* 12 and 13 are holes in D3D's numbering. */
        if (d3d == 0 || d3d > D3D_BLEND_LAST || d3d == 12 || d3d == 13)
            return AEROCMD_E_INVALID_ARG;
        return AEROCMD_E_NOT_IMPLEMENTED;
    }
}

static aerocmd_result map_blend_op(uint32_t d3d, uint8_t *out)
{
    if (d3d < AEROCMD_UMD_BLEND_OP_ADD || d3d > D3D_BLEND_OP_LAST)
        return AEROCMD_E_INVALID_ARG;
    /* D3D's ADD..MAX are 1..5 in the same order as the protocol's 0..4. */
    *out = (uint8_t)(d3d - 1u);
    return AEROCMD_OK;
}

/* A target that writes nothing, or blends with ONE, ZERO, ADD on both colour and alpha,
 * writes exactly what it would without blending (every colour format here is UNORM, so
 * ZERO x destination is always 0): such targets are stored as "not blending", so that they
 * agree with real non-blending targets. */
static void normalize_target(struct umd_blend_target *t)
{
    int identity = t->src == AEROGPU_BLEND_ONE && t->dst == AEROGPU_BLEND_ZERO &&
                   t->op == AEROGPU_BLEND_OP_ADD && t->src_alpha == AEROGPU_BLEND_ONE &&
                   t->dst_alpha == AEROGPU_BLEND_ZERO && t->op_alpha == AEROGPU_BLEND_OP_ADD;
    if (!t->enable || identity || t->write_mask == 0) {
        t->enable = 0;
        t->src = t->src_alpha = AEROGPU_BLEND_ONE;
        t->dst = t->dst_alpha = AEROGPU_BLEND_ZERO;
        t->op = t->op_alpha = AEROGPU_BLEND_OP_ADD;
    }
}

static aerocmd_result map_blend_target(const struct aerocmd_umd_blend_target *t,
                                       struct umd_blend_target *out)
{
    aerocmd_result r = AEROCMD_OK;
    if (t->write_mask > 0xFu)
        return AEROCMD_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    out->enable = t->enable ? 1u : 0u;
    out->write_mask = (uint8_t)t->write_mask;
    if (t->enable) {
        r = map_blend_factor(t->src, &out->src);
        if (r == AEROCMD_OK)
            r = map_blend_factor(t->dst, &out->dst);
        if (r == AEROCMD_OK)
            r = map_blend_op(t->op, &out->op);
        if (r == AEROCMD_OK)
            r = map_blend_factor(t->src_alpha, &out->src_alpha);
        if (r == AEROCMD_OK)
            r = map_blend_factor(t->dst_alpha, &out->dst_alpha);
        if (r == AEROCMD_OK)
            r = map_blend_op(t->op_alpha, &out->op_alpha);
    }
    normalize_target(out);
    return r;
}

size_t aerocmd_umd_blend_state_size(void)
{
    return sizeof(struct aerocmd_umd_blend_state);
}

aerocmd_result aerocmd_umd_create_blend_state(struct aerocmd_umd_device *dev, void *mem,
                                              size_t mem_size,
                                              const struct aerocmd_umd_blend_desc *desc,
                                              struct aerocmd_umd_blend_state **out)
{
    struct aerocmd_umd_blend_state s;
    uint32_t i;
    if (dev == NULL || desc == NULL || out == NULL ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof(struct aerocmd_umd_blend_state)))
        return AEROCMD_E_INVALID_ARG;
    memset(&s, 0, sizeof s);
    for (i = 0; i < AEROCMD_UMD_MAX_RENDER_TARGETS; i++) {
        aerocmd_result r =
            map_blend_target(&desc->targets[desc->independent ? i : 0u], &s.targets[i]);
        if (r != AEROCMD_OK)
            return r;
        if (memcmp(&s.targets[i], &s.targets[0], sizeof s.targets[0]) != 0)
            s.mixed = 1;
    }
    if (desc->alpha_to_coverage)
        return AEROCMD_E_NOT_IMPLEMENTED;
    *(struct aerocmd_umd_blend_state *)mem = s;
    *out = (struct aerocmd_umd_blend_state *)mem;
    return AEROCMD_OK;
}

void aerocmd_umd_destroy_blend_state(struct aerocmd_umd_blend_state *state)
{
    /* The context keeps a copy of bound state, so nothing refers to this memory. */
    (void)state;
}

/* The protocol's state for target t, with the setter's constants and sample mask. */
static void state_of_target(const struct umd_blend_target *t, const uint32_t constants[4],
                            uint32_t sample_mask, struct aerogpu_blend_state *out)
{
    memset(out, 0, sizeof *out);
    out->enable = t->enable;
    out->src_factor = t->src;
    out->dst_factor = t->dst;
    out->blend_op = t->op;
    out->color_write_mask = t->write_mask;
    out->src_factor_alpha = t->src_alpha;
    out->dst_factor_alpha = t->dst_alpha;
    out->blend_op_alpha = t->op_alpha;
    memcpy(out->blend_constant_rgba_f32, constants, sizeof out->blend_constant_rgba_f32);
    out->sample_mask = sample_mask;
}

/* Takes `s` as the state to send, marking it dirty when it differs from what was sent or is
 * pending. */
static void take_blend(struct aerocmd_umd_context *ctx, const struct aerogpu_blend_state *s)
{
    if (memcmp(s, &ctx->blend, sizeof *s) != 0) {
        ctx->blend = *s;
        ctx->dirty |= UMD_DIRTY_BLEND;
    }
}

void aerocmd_umd_set_blend_state(struct aerocmd_umd_context *ctx,
                                 const struct aerocmd_umd_blend_state *state,
                                 const uint32_t blend_factor_f32[4], uint32_t sample_mask)
{
    struct umd_blend_mixed *m = &ctx->blend_mixed;
    struct aerogpu_blend_state s;
    uint32_t i;
    /* A NULL factor means Direct3D's default of all ones. */
    for (i = 0; i < 4; i++)
        m->constants[i] = blend_factor_f32 != NULL ? blend_factor_f32[i] : F32_ONE;
    m->sample_mask = sample_mask;
    if (state != NULL && state->mixed) {
        memcpy(m->targets, state->targets, sizeof m->targets);
        m->active = 1;
        ctx->dirty |= UMD_DIRTY_DRAW_CHECK; /* the next draw resolves it */
        return;
    }
    m->active = 0;
    if (state != NULL) {
        state_of_target(&state->targets[0], m->constants, sample_mask, &s);
    } else {
        aerocmd_priv_umd_default_blend(&s);
        memcpy(s.blend_constant_rgba_f32, m->constants, sizeof s.blend_constant_rgba_f32);
        s.sample_mask = sample_mask;
    }
    take_blend(ctx, &s);
}

aerocmd_result aerocmd_priv_umd_resolve_blend(struct aerocmd_umd_context *ctx)
{
    const struct umd_blend_mixed *m = &ctx->blend_mixed;
    const struct umd_blend_target *agreed = NULL;
    struct aerogpu_blend_state s;
    uint32_t i;
    for (i = 0; i < ctx->rt_count; i++) {
        if (ctx->rtv[i] == NULL)
            continue;
        if (agreed == NULL)
            agreed = &m->targets[i];
        else if (memcmp(agreed, &m->targets[i], sizeof *agreed) != 0)
            return AEROCMD_E_NOT_IMPLEMENTED;
    }
    /* No colour target: nothing is blended, any equation is exact. */
    state_of_target(agreed != NULL ? agreed : &m->targets[0], m->constants, m->sample_mask, &s);
    take_blend(ctx, &s);
    return AEROCMD_OK;
}
