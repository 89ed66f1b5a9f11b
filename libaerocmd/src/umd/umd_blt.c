/* SPDX-License-Identifier: MIT */
/* umd_blt.c — DXGI's Blt. The protocol copies texels but never scales, filters, rotates or
 * converts them, so a blit is accepted only where it is a plain copy, and then handed to
 * CopySubresourceRegion: one copy path, one set of copy rules. */
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
        desc->rotation > AEROCMD_UMD_BLT_ROTATION_ROTATE270)
        return AEROCMD_E_INVALID_ARG;
    if (aerocmd_priv_umd_subresource_of(dst, desc->dst_subresource, &dst_sub) != AEROCMD_OK ||
        aerocmd_priv_umd_subresource_of(src, desc->src_subresource, src_sub) != AEROCMD_OK)
        return AEROCMD_E_INVALID_ARG;
    if (desc->dst_left >= desc->dst_right || desc->dst_top >= desc->dst_bottom ||
        desc->dst_right > dst_sub.width || desc->dst_bottom > dst_sub.height)
        return AEROCMD_E_INVALID_ARG;
    return AEROCMD_OK;
}

/* Whether copying the bits gives what the Blt asks for. Within one cast family the bits
 * mean the same thing unless CONVERT asks to re-encode values between two typed formats
 * (UNORM to UNORM_SRGB is the case a family allows); a typeless side has no values. */
static int copy_keeps_meaning(uint32_t dst_dxgi, uint32_t src_dxgi, uint32_t flags)
{
    const struct aerocmd_dxgi_info *d = aerocmd_dxgi_info(dst_dxgi);
    const struct aerocmd_dxgi_info *s = aerocmd_dxgi_info(src_dxgi);
    if (dst_dxgi == src_dxgi)
        return 1;
    if (d == NULL || s == NULL || d->family == 0 || d->family != s->family)
        return 0;
    if (flags & AEROCMD_UMD_BLT_CONVERT)
        return d->dxgi_class == AEROCMD_DXGI_CLASS_TYPELESS ||
               s->dxgi_class == AEROCMD_DXGI_CLASS_TYPELESS;
    return 1;
}

aerocmd_result aerocmd_umd_blt(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *dst,
                               struct aerocmd_umd_resource *src,
                               const struct aerocmd_umd_blt_desc *desc)
{
    struct aerocmd_subresource_layout src_sub;
    aerocmd_result r;
    if (ctx == NULL || desc == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = check_blt_args(ctx, dst, src, desc, &src_sub);
    if (r != AEROCMD_OK)
        return r;
    if (desc->rotation > AEROCMD_UMD_BLT_ROTATION_IDENTITY)
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (desc->dst_right - desc->dst_left != src_sub.width ||
        desc->dst_bottom - desc->dst_top != src_sub.height)
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (!copy_keeps_meaning(dst->dxgi_format, src->dxgi_format, desc->flags))
        return AEROCMD_E_NOT_IMPLEMENTED;
    return aerocmd_umd_copy_subresource_region(ctx, dst, desc->dst_subresource, desc->dst_left,
                                               desc->dst_top, 0, src, desc->src_subresource, NULL);
}
