/* SPDX-License-Identifier: MIT */
/* umd_blt.c — DXGI's Blt. A blit of the source's size between equal stored formats is
 * CopySubresourceRegion's COPY_TEXTURE2D (one copy path, one set of copy rules);
 * a stretch or a format conversion is a draw with the driver's own shaders (umd_blit.c).
 * Blt is presentation's blit: it never converts gamma, so sRGB formats are read and written
 * as their UNORM twins and the bytes an application stored are the bytes shown. */
#include "aerocmd/format.h"
#include "aerocmd/umd_data.h"
#include "umd_internal.h"

#define BLT_KNOWN_FLAGS                                                                            \
    (AEROCMD_UMD_BLT_RESOLVE | AEROCMD_UMD_BLT_CONVERT | AEROCMD_UMD_BLT_STRETCH |                 \
     AEROCMD_UMD_BLT_PRESENT)

static int is_texture_of(const struct aerocmd_umd_context *ctx,
                         const struct aerocmd_umd_resource *res)
{
    return res != NULL && res->dev == ctx->dev && res->kind == UMD_RESOURCE_TEXTURE2D;
}

/* What makes a Blt meaningless whatever the device could do. On success *src_sub holds
 * the source subresource's extent. */
static aerocmd_result check_blt_args(const struct aerocmd_umd_context *ctx,
                                     const struct aerocmd_umd_resource *dst,
                                     const struct aerocmd_umd_resource *src,
                                     const struct aerocmd_umd_blt_desc *desc,
                                     struct aerocmd_subresource_layout *src_sub)
{
    struct aerocmd_subresource_layout dst_sub;
    if (!is_texture_of(ctx, dst) || !is_texture_of(ctx, src) || (desc->flags & ~BLT_KNOWN_FLAGS) ||
        desc->rotation > AEROCMD_UMD_BLT_ROTATION_ROTATE270 ||
        desc->filter > AEROCMD_UMD_BLT_FILTER_LINEAR)
        return AEROCMD_E_INVALID_ARG;
    if (aerocmd_priv_umd_subresource_of(dst, desc->dst_subresource, &dst_sub) != AEROCMD_OK ||
        aerocmd_priv_umd_subresource_of(src, desc->src_subresource, src_sub) != AEROCMD_OK)
        return AEROCMD_E_INVALID_ARG;
    if (desc->dst_left >= desc->dst_right || desc->dst_top >= desc->dst_bottom ||
        desc->dst_right > dst_sub.width || desc->dst_bottom > dst_sub.height)
        return AEROCMD_E_INVALID_ARG;
    return AEROCMD_OK;
}

/* The format a side is drawn in: its UNORM twin (bytes kept), when the host can do what
 * the side needs (sample it, or render to it) and the resource was made for it. 0: no. */
static uint32_t draw_format(const struct aerocmd_umd_resource *res, int is_target)
{
    const struct aerocmd_format_info *f = aerocmd_format_info(res->format);
    uint32_t bind = is_target ? AEROCMD_UMD_BIND_RENDER_TARGET : AEROCMD_UMD_BIND_SHADER_RESOURCE;
    uint32_t cap =
        is_target ? AEROCMD_FORMAT_CAP_RENDER_TARGET : AEROCMD_FORMAT_CAP_SHADER_RESOURCE;
    if (f == NULL || f->depth_bits != 0 || !(f->caps & cap) ||
        (!(res->bind_flags & bind) && !res->presentable))
        return 0;
    return f->unorm_twin;
}

static aerocmd_result blt_draw(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *dst,
                               struct aerocmd_umd_resource *src,
                               const struct aerocmd_umd_blt_desc *desc, int stretch)
{
    uint32_t src_format = draw_format(src, 0), dst_format = draw_format(dst, 1);
    uint32_t src_mip = desc->src_subresource % src->mip_levels;
    uint32_t dst_mip = desc->dst_subresource % dst->mip_levels;
    struct umd_blit_pass p;
    aerocmd_result r, done;
    if (src_format == 0 || dst_format == 0)
        return AEROCMD_E_NOT_IMPLEMENTED;
    memset(&p, 0, sizeof p);
    p.dst = dst;
    p.array = src->array_layers > 1;
    p.linear = desc->filter == AEROCMD_UMD_BLT_FILTER_LINEAR ||
               (desc->filter == AEROCMD_UMD_BLT_FILTER_DEFAULT && stretch);
    p.viewport.x_f32 = umd_f32_of_u32(desc->dst_left);
    p.viewport.y_f32 = umd_f32_of_u32(desc->dst_top);
    p.viewport.width_f32 = umd_f32_of_u32(desc->dst_right - desc->dst_left);
    p.viewport.height_f32 = umd_f32_of_u32(desc->dst_bottom - desc->dst_top);
    p.viewport.max_depth_f32 = 0x3F800000u;
    r = aerocmd_priv_umd_pass_view(ctx, src, src_mip, desc->src_subresource / src->mip_levels,
                                   src_format, &p.src_handle);
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_priv_umd_pass_view(ctx, dst, dst_mip, desc->dst_subresource / dst->mip_levels,
                                   dst_format, &p.dst_handle);
    if (r == AEROCMD_OK)
        r = aerocmd_priv_umd_blit_draw(ctx, &p);
    done = aerocmd_priv_umd_pass_view_done(ctx, dst, p.dst_handle);
    if (r == AEROCMD_OK)
        r = done;
    done = aerocmd_priv_umd_pass_view_done(ctx, src, p.src_handle);
    return r == AEROCMD_OK ? done : r;
}

aerocmd_result aerocmd_umd_blt(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *dst,
                               struct aerocmd_umd_resource *src,
                               const struct aerocmd_umd_blt_desc *desc)
{
    struct aerocmd_subresource_layout src_sub;
    aerocmd_result r;
    int stretch;
    if (ctx == NULL || desc == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = check_blt_args(ctx, dst, src, desc, &src_sub);
    if (r != AEROCMD_OK)
        return r;
    if (desc->rotation > AEROCMD_UMD_BLT_ROTATION_IDENTITY)
        return AEROCMD_E_NOT_IMPLEMENTED;
    stretch = desc->dst_right - desc->dst_left != src_sub.width ||
              desc->dst_bottom - desc->dst_top != src_sub.height;
    /* Equal stored formats (typeless ones are stored as a typed member of their family)
     * hold bits that mean the same on both sides. */
    if (dst == src || (!stretch && dst->format == src->format))
        return aerocmd_priv_umd_copy_region(ctx, dst, desc->dst_subresource, desc->dst_left,
                                            desc->dst_top, 0, src, desc->src_subresource, NULL);
    return blt_draw(ctx, dst, src, desc, stretch);
}
