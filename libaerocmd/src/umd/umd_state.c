/* SPDX-License-Identifier: MIT */
/* umd_state.c — depth-stencil and rasterizer state objects (and the defaults of all three
 * fixed-function states): Direct3D descriptions checked against what the protocol's single
 * global states can carry. Blend states are umd_blend.c's. */
#include <string.h>

#include "umd_internal.h"

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

/* The float depth-bias terms and the line modes the protocol lacks (doc/compatibility.md,
 * "Rasterizer"). A clamp only matters where there is a bias left to clamp: the integer one. */
static uint32_t rasterizer_approximations(const struct aerocmd_umd_rasterizer_desc *d)
{
    uint32_t approx = 0;
    /* -0.0 is no bias too. */
    if ((d->slope_scaled_depth_bias_f32 & 0x7FFFFFFFu) != 0)
        approx |= UMD_APPROX(AEROCMD_UMD_APPROX_RASTERIZER_SLOPE_SCALED_DEPTH_BIAS);
    if ((d->depth_bias_clamp_f32 & 0x7FFFFFFFu) != 0 && d->depth_bias != 0)
        approx |= UMD_APPROX(AEROCMD_UMD_APPROX_RASTERIZER_DEPTH_BIAS_CLAMP);
    if (d->antialiased_line_enable || d->multisample_enable)
        approx |= UMD_APPROX(AEROCMD_UMD_APPROX_RASTERIZER_LINE_MODE);
    return approx;
}

aerocmd_result aerocmd_umd_create_rasterizer_state(struct aerocmd_umd_device *dev, void *mem,
                                                   size_t mem_size,
                                                   const struct aerocmd_umd_rasterizer_desc *desc,
                                                   struct aerocmd_umd_rasterizer_state **out)
{
    struct aerogpu_rasterizer_state s;
    uint32_t approx;
    aerocmd_result r;
    if (dev == NULL || desc == NULL || out == NULL ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof(struct aerocmd_umd_rasterizer_state)))
        return AEROCMD_E_INVALID_ARG;
    if ((desc->fill_mode != D3D_FILL_WIREFRAME && desc->fill_mode != D3D_FILL_SOLID) ||
        desc->cull_mode < D3D_CULL_NONE || desc->cull_mode > D3D_CULL_BACK)
        return AEROCMD_E_INVALID_ARG;
    approx = rasterizer_approximations(desc);
    r = aerocmd_priv_umd_policy_allows(dev, approx);
    if (r != AEROCMD_OK)
        return r;
    memset(&s, 0, sizeof s);
    s.fill_mode = desc->fill_mode == D3D_FILL_SOLID ? AEROGPU_FILL_SOLID : AEROGPU_FILL_WIREFRAME;
    s.cull_mode = desc->cull_mode - 1u; /* NONE, FRONT, BACK: 1..3 -> 0..2 */
    s.front_ccw = desc->front_ccw ? 1u : 0u;
    s.scissor_enable = desc->scissor_enable ? 1u : 0u;
    s.depth_bias = desc->depth_bias;
    s.flags = desc->depth_clip_enable ? 0u : (uint32_t)AEROGPU_RASTERIZER_FLAG_DEPTH_CLIP_DISABLE;
    ((struct aerocmd_umd_rasterizer_state *)mem)->state = s;
    aerocmd_priv_umd_count_approx(dev, approx);
    *out = (struct aerocmd_umd_rasterizer_state *)mem;
    return AEROCMD_OK;
}

void aerocmd_umd_destroy_rasterizer_state(struct aerocmd_umd_rasterizer_state *state)
{
    (void)state;
}
