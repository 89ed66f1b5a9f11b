/* SPDX-License-Identifier: MIT */
/* umd_sampler.c — sampler states: Direct3D's filter, addressing and LOD fields against the
 * protocol's one filter (nearest or linear for minification, magnification and mips alike)
 * and three address modes. What the protocol lacks is approximated under the COMPATIBLE
 * policy (doc/compatibility.md, "Samplers") or refused. */
#include <string.h>

#include "umd_internal.h"

/* D3D10/11 FILTER encoding: mip linear 0x1, mag linear 0x4, min linear 0x10, anisotropic
 * 0x40 (always with 0x15), comparison 0x80; D3D10_FILTER_TEXT_1BIT is a value of its own. */
#define D3D_FILTER_MIP_LINEAR  0x01u
#define D3D_FILTER_MAG_LINEAR  0x04u
#define D3D_FILTER_MIN_LINEAR  0x10u
#define D3D_FILTER_ANISOTROPIC 0x55u
#define D3D_FILTER_COMPARISON  0x80u
#define D3D_FILTER_TEXT_1BIT   0x80000000u
#define F32_SIGN               0x80000000u
#define F32_INF_BITS           0x7F800000u
/* 14.0f: the largest mip index of a Direct3D 11 texture (16384 texels: levels 0..14), so a
 * MaxLOD at or above it never clamps. */
#define F32_MAX_MIP_INDEX_BITS 0x41600000u

static int filter_is_defined(uint32_t d3d)
{
    switch (d3d & ~D3D_FILTER_COMPARISON) {
    case 0x00u:
    case 0x01u:
    case 0x04u:
    case 0x05u:
    case 0x10u:
    case 0x11u:
    case 0x14u:
    case 0x15u:
    case D3D_FILTER_ANISOTROPIC:
        return 1;
    default:
        return 0;
    }
}

/* The protocol filter for a defined, non-comparison D3D filter; *approx gets the kind of
 * approximation it took (0 when exact). */
static uint32_t map_filter(uint32_t d3d, uint32_t *approx)
{
    uint32_t all = D3D_FILTER_MIN_LINEAR | D3D_FILTER_MAG_LINEAR | D3D_FILTER_MIP_LINEAR;
    if (d3d == 0u || d3d == all) {
        *approx = 0;
        return d3d == 0u ? AEROGPU_SAMPLER_FILTER_NEAREST : AEROGPU_SAMPLER_FILTER_LINEAR;
    }
    if (d3d == D3D_FILTER_ANISOTROPIC) {
        *approx = UMD_APPROX(AEROCMD_UMD_APPROX_SAMPLER_ANISOTROPIC);
        return AEROGPU_SAMPLER_FILTER_LINEAR;
    }
    /* Mixed: the texel filter decides, the mip filter follows it. */
    *approx = UMD_APPROX(AEROCMD_UMD_APPROX_SAMPLER_MIXED_FILTER);
    return (d3d & (D3D_FILTER_MIN_LINEAR | D3D_FILTER_MAG_LINEAR)) ? AEROGPU_SAMPLER_FILTER_LINEAR
                                                                   : AEROGPU_SAMPLER_FILTER_NEAREST;
}

/* One texture address mode; BORDER and MIRROR_ONCE take their nearest neighbour and say
 * so in *approx. */
static aerocmd_result map_address(uint32_t d3d, uint32_t *out, uint32_t *approx)
{
    switch (d3d) {
    case AEROCMD_UMD_ADDRESS_WRAP:
        *out = AEROGPU_SAMPLER_ADDRESS_REPEAT;
        return AEROCMD_OK;
    case AEROCMD_UMD_ADDRESS_MIRROR:
        *out = AEROGPU_SAMPLER_ADDRESS_MIRROR_REPEAT;
        return AEROCMD_OK;
    case AEROCMD_UMD_ADDRESS_CLAMP:
        *out = AEROGPU_SAMPLER_ADDRESS_CLAMP_TO_EDGE;
        return AEROCMD_OK;
    case AEROCMD_UMD_ADDRESS_BORDER:
        *out = AEROGPU_SAMPLER_ADDRESS_CLAMP_TO_EDGE;
        *approx |= UMD_APPROX(AEROCMD_UMD_APPROX_SAMPLER_BORDER);
        return AEROCMD_OK;
    case AEROCMD_UMD_ADDRESS_MIRROR_ONCE:
        *out = AEROGPU_SAMPLER_ADDRESS_MIRROR_REPEAT;
        *approx |= UMD_APPROX(AEROCMD_UMD_APPROX_SAMPLER_MIRROR_ONCE);
        return AEROCMD_OK;
    default:
        return AEROCMD_E_INVALID_ARG;
    }
}

/* The protocol samples every level with no bias: exact for bias 0, MinLOD <= 0 and a
 * MaxLOD that no 2D texture's mip chain reaches. */
static uint32_t lod_approximations(const struct aerocmd_umd_sampler_desc *d)
{
    uint32_t approx = 0;
    int min_ok = (d->min_lod_f32 & F32_SIGN) != 0 || d->min_lod_f32 == 0;
    int max_ok = (d->max_lod_f32 & F32_SIGN) == 0 && d->max_lod_f32 >= F32_MAX_MIP_INDEX_BITS &&
                 d->max_lod_f32 <= F32_INF_BITS;
    if ((d->mip_lod_bias_f32 & ~F32_SIGN) != 0)
        approx |= UMD_APPROX(AEROCMD_UMD_APPROX_SAMPLER_MIP_LOD_BIAS);
    if (!min_ok || !max_ok)
        approx |= UMD_APPROX(AEROCMD_UMD_APPROX_SAMPLER_LOD_CLAMP);
    return approx;
}

struct umd_sampler_args {
    uint32_t filter, u, v, w;
    uint32_t approx; /* UMD_APPROX bits taken */
};

static aerocmd_result map_sampler(const struct aerocmd_umd_sampler_desc *d,
                                  struct umd_sampler_args *a)
{
    uint32_t w_approx = 0, filter_approx = 0;
    aerocmd_result r;
    if (d->filter == D3D_FILTER_TEXT_1BIT)
        return AEROCMD_E_NOT_IMPLEMENTED; /* Direct3D 10's 1-bit text filter */
    if (!filter_is_defined(d->filter))
        return AEROCMD_E_INVALID_ARG;
    r = map_address(d->address_u, &a->u, &a->approx);
    if (r == AEROCMD_OK)
        r = map_address(d->address_v, &a->v, &a->approx);
    /* Only 2D textures exist here, and a 2D sample never addresses w (the array index is
     * clamped whatever the mode): any valid mode is exact. */
    if (r == AEROCMD_OK)
        r = map_address(d->address_w, &a->w, &w_approx);
    if (r != AEROCMD_OK)
        return r;
    if (d->filter & D3D_FILTER_COMPARISON)
        return AEROCMD_E_NOT_IMPLEMENTED; /* depth comparison has no protocol field */
    a->filter = map_filter(d->filter, &filter_approx);
    a->approx |= filter_approx | lod_approximations(d);
    return AEROCMD_OK;
}

size_t aerocmd_umd_sampler_size(void)
{
    return sizeof(struct aerocmd_umd_sampler);
}

aerocmd_result aerocmd_umd_create_sampler(struct aerocmd_umd_device *dev, void *mem,
                                          size_t mem_size,
                                          const struct aerocmd_umd_sampler_desc *desc,
                                          struct aerocmd_umd_sampler **out)
{
    struct aerocmd_umd_context *ctx = aerocmd_priv_umd_ctx_of(dev);
    struct aerocmd_umd_sampler *s = (struct aerocmd_umd_sampler *)mem;
    struct umd_sampler_args a;
    aerocmd_result r;
    if (ctx == NULL || desc == NULL || out == NULL ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof *s))
        return AEROCMD_E_INVALID_ARG;
    memset(&a, 0, sizeof a);
    r = map_sampler(desc, &a);
    if (r == AEROCMD_OK)
        r = aerocmd_priv_umd_policy_allows(dev, a.approx);
    if (r != AEROCMD_OK)
        return r;
    memset(s, 0, sizeof *s);
    r = UMD_NEW_ID(dev, SAMPLER_HANDLE, AEROCMD_UMD_ID_HANDLE, &s->handle);
    if (r != AEROCMD_OK)
        return r;
    UMD_APPEND(ctx, r, aerocmd_append_create_sampler(&ctx->w, s->handle, a.filter, a.u, a.v, a.w));
    if (r != AEROCMD_OK) {
        aerocmd_priv_umd_release_id(dev, AEROCMD_UMD_ID_HANDLE, s->handle);
        memset(s, 0, sizeof *s);
        return r;
    }
    aerocmd_priv_umd_count_approx(dev, a.approx);
    s->dev = dev;
    *out = s;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_destroy_sampler(struct aerocmd_umd_sampler *s)
{
    aerocmd_result r;
    if (s == NULL || s->dev == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_priv_umd_destroy_host_object(s->dev, AEROGPU_CMD_DESTROY_SAMPLER, s->handle);
    memset(s, 0, sizeof *s);
    return r;
}
