/* SPDX-License-Identifier: MIT */
/* umd_state.c — blend, depth-stencil and rasterizer state objects: Direct3D descriptions
 * checked against what the protocol's single global states can carry. */
#include <string.h>

#include "umd_internal.h"

#define D3D_BLEND_LAST      19u
#define D3D_BLEND_OP_LAST   5u
#define D3D_STENCIL_OP_LAST 8u
#define D3D_FILL_WIREFRAME  2u
#define D3D_FILL_SOLID      3u
#define D3D_CULL_NONE       1u
#define D3D_CULL_BACK       3u
#define F32_ONE             0x3F800000u

void aerocmd_priv_umd_default_blend(struct aerogpu_blend_state *out)
{
    uint32_t i;
    memset(out, 0, sizeof *out);
    out->src_factor = AEROGPU_BLEND_ONE;
    out->dst_factor = AEROGPU_BLEND_ZERO;
    out->blend_op = AEROGPU_BLEND_OP_ADD;
    out->color_write_mask = 0xF;
    out->src_factor_alpha = AEROGPU_BLEND_ONE;
    out->dst_factor_alpha = AEROGPU_BLEND_ZERO;
    out->blend_op_alpha = AEROGPU_BLEND_OP_ADD;
    for (i = 0; i < 4; i++)
        out->blend_constant_rgba_f32[i] = F32_ONE;
    out->sample_mask = 0xFFFFFFFFu;
}

void aerocmd_priv_umd_default_depth_stencil(struct aerogpu_depth_stencil_state *out)
{
    memset(out, 0, sizeof *out);
    out->depth_enable = 1;
    out->depth_write_enable = 1;
    out->depth_func = AEROGPU_COMPARE_LESS;
    out->stencil_read_mask = 0xFF;
    out->stencil_write_mask = 0xFF;
}

void aerocmd_priv_umd_default_rasterizer(struct aerogpu_rasterizer_state *out)
{
    memset(out, 0, sizeof *out);
    out->fill_mode = AEROGPU_FILL_SOLID;
    out->cull_mode = AEROGPU_CULL_BACK;
}

/* ---- blend ------------------------------------------------------------------------------ */

static aerocmd_result map_blend_factor(uint32_t d3d, uint32_t *out)
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

static aerocmd_result map_blend_op(uint32_t d3d, uint32_t *out)
{
    if (d3d < AEROCMD_UMD_BLEND_OP_ADD || d3d > D3D_BLEND_OP_LAST)
        return AEROCMD_E_INVALID_ARG;
    /* D3D's ADD..MAX are 1..5 in the same order as the protocol's 0..4. */
    *out = d3d - 1u;
    return AEROCMD_OK;
}

static aerocmd_result map_blend_target(const struct aerocmd_umd_blend_target *t,
                                       struct aerogpu_blend_state *out)
{
    aerocmd_result r;
    if (t->write_mask > 0xFu)
        return AEROCMD_E_INVALID_ARG;
    aerocmd_priv_umd_default_blend(out);
    out->color_write_mask = (uint8_t)t->write_mask;
    if (!t->enable)
        return AEROCMD_OK;
    out->enable = 1;
    r = map_blend_factor(t->src, &out->src_factor);
    if (r == AEROCMD_OK)
        r = map_blend_factor(t->dst, &out->dst_factor);
    if (r == AEROCMD_OK)
        r = map_blend_op(t->op, &out->blend_op);
    if (r == AEROCMD_OK)
        r = map_blend_factor(t->src_alpha, &out->src_factor_alpha);
    if (r == AEROCMD_OK)
        r = map_blend_factor(t->dst_alpha, &out->dst_factor_alpha);
    if (r == AEROCMD_OK)
        r = map_blend_op(t->op_alpha, &out->blend_op_alpha);
    return r;
}

size_t aerocmd_umd_blend_state_size(void)
{
    return sizeof(struct aerocmd_umd_blend_state);
}

/* The target the protocol's one state is made from: the first that blends, else 0. */
static uint32_t pick_blend_target(const struct aerocmd_umd_blend_desc *desc, uint32_t count)
{
    uint32_t i;
    for (i = 0; i < count; i++)
        if (desc->targets[i].enable)
            return i;
    return 0;
}

aerocmd_result aerocmd_umd_create_blend_state(struct aerocmd_umd_device *dev, void *mem,
                                              size_t mem_size,
                                              const struct aerocmd_umd_blend_desc *desc,
                                              struct aerocmd_umd_blend_state **out)
{
    struct aerogpu_blend_state chosen, other;
    uint32_t count, pick, i;
    aerocmd_result r;
    if (dev == NULL || desc == NULL || out == NULL ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof(struct aerocmd_umd_blend_state)))
        return AEROCMD_E_INVALID_ARG;
    if (desc->alpha_to_coverage)
        return AEROCMD_E_NOT_IMPLEMENTED;
    count = desc->independent ? AEROCMD_UMD_MAX_RENDER_TARGETS : 1u;
    pick = pick_blend_target(desc, count);
    r = map_blend_target(&desc->targets[pick], &chosen);
    if (r != AEROCMD_OK)
        return r;
    for (i = 0; i < count; i++) {
        const struct aerocmd_umd_blend_target *t = &desc->targets[i];
        if (i == pick)
            continue;
        r = map_blend_target(t, &other);
        if (r != AEROCMD_OK)
            return r;
        if (other.color_write_mask != chosen.color_write_mask)
            return AEROCMD_E_NOT_IMPLEMENTED;
        if (t->enable && memcmp(&other, &chosen, sizeof other) != 0)
            return AEROCMD_E_NOT_IMPLEMENTED;
    }
    ((struct aerocmd_umd_blend_state *)mem)->state = chosen;
    *out = (struct aerocmd_umd_blend_state *)mem;
    return AEROCMD_OK;
}

void aerocmd_umd_destroy_blend_state(struct aerocmd_umd_blend_state *state)
{
    /* The context keeps a copy of bound state, so nothing refers to this memory. */
    (void)state;
}

/* ---- depth-stencil ------------------------------------------------------------------- */

static aerocmd_result map_compare(uint32_t d3d, uint32_t *out)
{
    if (d3d < AEROCMD_UMD_COMPARISON_NEVER || d3d > AEROCMD_UMD_COMPARISON_ALWAYS)
        return AEROCMD_E_INVALID_ARG;
    *out = d3d - 1u; /* NEVER..ALWAYS: 1..8 in D3D, 0..7 in the protocol */
    return AEROCMD_OK;
}

static aerocmd_result check_stencil_face(const struct aerocmd_umd_stencil_face *f)
{
    uint32_t ops[3];
    uint32_t i, unused;
    ops[0] = f->fail_op;
    ops[1] = f->depth_fail_op;
    ops[2] = f->pass_op;
    for (i = 0; i < 3; i++)
        if (ops[i] < AEROCMD_UMD_STENCIL_OP_KEEP || ops[i] > D3D_STENCIL_OP_LAST)
            return AEROCMD_E_INVALID_ARG;
    if (map_compare(f->func, &unused) != AEROCMD_OK)
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < 3; i++)
        if (ops[i] != AEROCMD_UMD_STENCIL_OP_KEEP)
            return AEROCMD_E_NOT_IMPLEMENTED;
    return f->func == AEROCMD_UMD_COMPARISON_ALWAYS ? AEROCMD_OK : AEROCMD_E_NOT_IMPLEMENTED;
}

size_t aerocmd_umd_depth_stencil_state_size(void)
{
    return sizeof(struct aerocmd_umd_depth_stencil_state);
}

aerocmd_result
aerocmd_umd_create_depth_stencil_state(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                       const struct aerocmd_umd_depth_stencil_desc *desc,
                                       struct aerocmd_umd_depth_stencil_state **out)
{
    struct aerogpu_depth_stencil_state s;
    aerocmd_result r;
    if (dev == NULL || desc == NULL || out == NULL ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof(struct aerocmd_umd_depth_stencil_state)))
        return AEROCMD_E_INVALID_ARG;
    if (desc->depth_write > 1u || desc->stencil_read_mask > 0xFFu ||
        desc->stencil_write_mask > 0xFFu)
        return AEROCMD_E_INVALID_ARG;
    memset(&s, 0, sizeof s);
    r = map_compare(desc->depth_func, &s.depth_func);
    if (r != AEROCMD_OK)
        return r;
    if (desc->stencil_enable) {
        r = check_stencil_face(&desc->front);
        if (r == AEROCMD_OK)
            r = check_stencil_face(&desc->back);
        if (r != AEROCMD_OK)
            return r;
    }
    s.depth_enable = desc->depth_enable ? 1u : 0u;
    /* Writes without the test are meaningless to the protocol: encode them off. */
    s.depth_write_enable = (desc->depth_enable && desc->depth_write) ? 1u : 0u;
    s.stencil_enable = desc->stencil_enable ? 1u : 0u;
    s.stencil_read_mask = (uint8_t)desc->stencil_read_mask;
    s.stencil_write_mask = (uint8_t)desc->stencil_write_mask;
    ((struct aerocmd_umd_depth_stencil_state *)mem)->state = s;
    *out = (struct aerocmd_umd_depth_stencil_state *)mem;
    return AEROCMD_OK;
}

void aerocmd_umd_destroy_depth_stencil_state(struct aerocmd_umd_depth_stencil_state *state)
{
    (void)state;
}

/* ---- rasterizer ---------------------------------------------------------------------- */

size_t aerocmd_umd_rasterizer_state_size(void)
{
    return sizeof(struct aerocmd_umd_rasterizer_state);
}

aerocmd_result aerocmd_umd_create_rasterizer_state(struct aerocmd_umd_device *dev, void *mem,
                                                   size_t mem_size,
                                                   const struct aerocmd_umd_rasterizer_desc *desc,
                                                   struct aerocmd_umd_rasterizer_state **out)
{
    struct aerogpu_rasterizer_state s;
    if (dev == NULL || desc == NULL || out == NULL ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof(struct aerocmd_umd_rasterizer_state)))
        return AEROCMD_E_INVALID_ARG;
    if ((desc->fill_mode != D3D_FILL_WIREFRAME && desc->fill_mode != D3D_FILL_SOLID) ||
        desc->cull_mode < D3D_CULL_NONE || desc->cull_mode > D3D_CULL_BACK)
        return AEROCMD_E_INVALID_ARG;
    /* Only the integer bias exists in the protocol; -0.0 still means "no bias". */
    if ((desc->depth_bias_clamp_f32 & 0x7FFFFFFFu) != 0 ||
        (desc->slope_scaled_depth_bias_f32 & 0x7FFFFFFFu) != 0 || desc->antialiased_line_enable)
        return AEROCMD_E_NOT_IMPLEMENTED;
    memset(&s, 0, sizeof s);
    s.fill_mode = desc->fill_mode == D3D_FILL_SOLID ? AEROGPU_FILL_SOLID : AEROGPU_FILL_WIREFRAME;
    s.cull_mode = desc->cull_mode - 1u; /* NONE, FRONT, BACK: 1..3 -> 0..2 */
    s.front_ccw = desc->front_ccw ? 1u : 0u;
    s.scissor_enable = desc->scissor_enable ? 1u : 0u;
    s.depth_bias = desc->depth_bias;
    s.flags = desc->depth_clip_enable ? 0u : (uint32_t)AEROGPU_RASTERIZER_FLAG_DEPTH_CLIP_DISABLE;
    ((struct aerocmd_umd_rasterizer_state *)mem)->state = s;
    *out = (struct aerocmd_umd_rasterizer_state *)mem;
    return AEROCMD_OK;
}

void aerocmd_umd_destroy_rasterizer_state(struct aerocmd_umd_rasterizer_state *state)
{
    (void)state;
}
