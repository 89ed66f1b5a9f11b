/* SPDX-License-Identifier: MIT */
/* umd_copy.c — CopyResource / CopySubresourceRegion as COPY_BUFFER / COPY_TEXTURE2D
 * (ABI 1.1, feature TRANSFER), with guest-backed destinations written back. */
#include <string.h>

#include "aerocmd/umd_data.h"
#include "aerogpu_pci.h"
#include "umd_internal.h"

static aerocmd_result check_transfer(const struct aerocmd_umd_context *ctx,
                                     const struct aerocmd_umd_resource *dst,
                                     const struct aerocmd_umd_resource *src)
{
    const struct aerocmd_umd_device *dev = ctx->dev;
    if (dst == NULL || src == NULL || dst->dev != dev || src->dev != dev || dst == src ||
        dst->kind != src->kind || dst->mapped || src->mapped ||
        dst->usage == AEROCMD_UMD_USAGE_IMMUTABLE)
        return AEROCMD_E_INVALID_ARG;
    if (!(dev->features & AEROGPU_FEATURE_TRANSFER) || (dev->abi_version & 0xFFFFu) < 1u)
        return AEROCMD_E_NOT_IMPLEMENTED;
    /* The GPU would change the bytes behind the shadow that Map hands out next. */
    if (dst->shadow != NULL)
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (dst->kind == UMD_RESOURCE_TEXTURE2D && dst->format != src->format)
        return AEROCMD_E_NOT_IMPLEMENTED;
    return AEROCMD_OK;
}

/* One resource's bytes under two objects: a shared resource's creator and an alias opened
 * from its token on this device, or two such aliases, name one host resource (RULES.md: an
 * import is an alias), so a copy between them is a copy within one resource. */
static int same_memory(const struct aerocmd_umd_resource *a, const struct aerocmd_umd_resource *b)
{
    return a->share != UMD_SHARE_NONE && b->share != UMD_SHARE_NONE && a->share_token != 0 &&
           a->share_token == b->share_token;
}

/* The copy packet, with the destination's allocation listed writable when it is written
 * back; both go into the same command buffer. */
static aerocmd_result emit_copy(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *dst,
                                const struct aerocmd_copy_texture2d_args *tex, uint64_t dst_off,
                                uint64_t src_off, uint64_t size, uint32_t src_handle)
{
    uint32_t flags = dst->guest_backed ? (uint32_t)AEROGPU_COPY_FLAG_WRITEBACK_DST : 0u;
    aerocmd_result r;
    do {
        uint32_t mark = ctx->alloc_count;
        r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            break;
        if (dst->guest_backed)
            r = aerocmd_priv_umd_list_allocation(ctx, dst, 1);
        if (r == AEROCMD_OK && tex != NULL) {
            struct aerocmd_copy_texture2d_args a = *tex;
            a.flags = flags;
            r = aerocmd_append_copy_texture2d(&ctx->w, &a);
        } else if (r == AEROCMD_OK) {
            r = aerocmd_append_copy_buffer(&ctx->w, dst->handle, src_handle, dst_off, src_off, size,
                                           flags);
        }
        if (r != AEROCMD_OK)
            ctx->alloc_count = mark;
    } while (aerocmd_priv_umd_again(ctx, &r));
    if (r == AEROCMD_OK)
        dst->write_serial = ctx->serial;
    return r;
}

static aerocmd_result copy_buffer_range(struct aerocmd_umd_context *ctx,
                                        struct aerocmd_umd_resource *dst, uint32_t dst_x,
                                        struct aerocmd_umd_resource *src, uint32_t begin,
                                        uint32_t end)
{
    uint32_t size = end - begin;
    if (begin > end || end > src->size_bytes || dst_x > dst->size_bytes ||
        size > dst->size_bytes - dst_x)
        return AEROCMD_E_INVALID_ARG;
    if (size == 0)
        return AEROCMD_OK;
    /* Host buffers are 4-byte granular: a copy ending at both buffers' ends may round up. */
    if (end == src->size_bytes && dst_x + size == dst->size_bytes)
        size = (size + 3u) & ~3u;
    if ((begin | dst_x | size) & 3u)
        return AEROCMD_E_NOT_IMPLEMENTED;
    return emit_copy(ctx, dst, NULL, dst_x, begin, size, src->handle);
}

static void subresource_args(const struct aerocmd_umd_resource *res, uint32_t subresource,
                             uint32_t *mip, uint32_t *layer)
{
    *mip = subresource % res->mip_levels;
    *layer = subresource / res->mip_levels;
}

/* The validator's block rule for COPY_TEXTURE2D (aerocmd_texture_copy_in_blocks). */
static int copy_in_blocks(uint32_t format, const struct aerocmd_subresource_layout *src_sub,
                          const struct aerocmd_copy_texture2d_args *a)
{
    struct aerocmd_box box;
    box.left = a->src_x, box.top = a->src_y, box.front = 0;
    box.right = a->src_x + a->width, box.bottom = a->src_y + a->height, box.back = 1;
    return aerocmd_texture_copy_in_blocks(format, src_sub->width, src_sub->height, &box, a->dst_x,
                                          a->dst_y);
}

static aerocmd_result copy_texture_region(struct aerocmd_umd_context *ctx,
                                          struct aerocmd_umd_resource *dst, uint32_t dst_sub,
                                          uint32_t dst_x, uint32_t dst_y,
                                          struct aerocmd_umd_resource *src, uint32_t src_sub,
                                          const struct aerocmd_box *box)
{
    struct aerocmd_subresource_layout ds, ss;
    struct aerocmd_copy_texture2d_args a;
    aerocmd_result r = aerocmd_priv_umd_subresource_of(dst, dst_sub, &ds);
    if (r == AEROCMD_OK)
        r = aerocmd_priv_umd_subresource_of(src, src_sub, &ss);
    if (r != AEROCMD_OK)
        return r;
    memset(&a, 0, sizeof a);
    a.dst_texture = dst->handle;
    a.src_texture = src->handle;
    subresource_args(dst, dst_sub, &a.dst_mip_level, &a.dst_array_layer);
    subresource_args(src, src_sub, &a.src_mip_level, &a.src_array_layer);
    if (same_memory(dst, src) && a.dst_mip_level == a.src_mip_level &&
        a.dst_array_layer == a.src_array_layer)
        return AEROCMD_E_INVALID_ARG; /* Direct3D: never one subresource onto itself */
    a.src_x = box != NULL ? box->left : 0u;
    a.src_y = box != NULL ? box->top : 0u;
    a.width = box != NULL ? box->right - box->left : ss.width;
    a.height = box != NULL ? box->bottom - box->top : ss.height;
    a.dst_x = dst_x;
    a.dst_y = dst_y;
    if ((box != NULL &&
         (box->right < box->left || box->bottom < box->top || box->front != 0 || box->back != 1)) ||
        a.src_x > ss.width || a.width > ss.width - a.src_x || a.src_y > ss.height ||
        a.height > ss.height - a.src_y || dst_x > ds.width || a.width > ds.width - dst_x ||
        dst_y > ds.height || a.height > ds.height - dst_y)
        return AEROCMD_E_INVALID_ARG;
    if (a.width == 0 || a.height == 0)
        return AEROCMD_OK;
    if (!copy_in_blocks(src->format, &ss, &a))
        return AEROCMD_E_INVALID_ARG; /* Direct3D: BC copies move whole blocks */
    return emit_copy(ctx, dst, &a, 0, 0, 0, 0);
}

aerocmd_result
aerocmd_priv_umd_copy_region(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *dst,
                             uint32_t dst_subresource, uint32_t dst_x, uint32_t dst_y,
                             uint32_t dst_z, struct aerocmd_umd_resource *src,
                             uint32_t src_subresource, const struct aerocmd_box *src_box)
{
    aerocmd_result r;
    if (ctx == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = check_transfer(ctx, dst, src);
    if (r == AEROCMD_OK) /* the copy reads the source's bytes on the host */
        r = aerocmd_priv_umd_stale_flush(ctx, src);
    if (r != AEROCMD_OK)
        return r;
    if (dst_z != 0)
        return AEROCMD_E_INVALID_ARG;
    if (dst->kind == UMD_RESOURCE_BUFFER) { /* a buffer is one subresource */
        if (dst_subresource != 0 || src_subresource != 0 || dst_y != 0 || same_memory(dst, src))
            return AEROCMD_E_INVALID_ARG;
        return copy_buffer_range(ctx, dst, dst_x, src, src_box != NULL ? src_box->left : 0u,
                                 src_box != NULL ? src_box->right : src->size_bytes);
    }
    return copy_texture_region(ctx, dst, dst_subresource, dst_x, dst_y, src, src_subresource,
                               src_box);
}

aerocmd_result aerocmd_umd_copy_subresource_region(
    struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *dst, uint32_t dst_subresource,
    uint32_t dst_x, uint32_t dst_y, uint32_t dst_z, struct aerocmd_umd_resource *src,
    uint32_t src_subresource, const struct aerocmd_box *src_box)
{
    if (umd_predicated_out(ctx))
        return AEROCMD_OK;
    return aerocmd_priv_umd_copy_region(ctx, dst, dst_subresource, dst_x, dst_y, dst_z, src,
                                        src_subresource, src_box);
}

aerocmd_result aerocmd_umd_copy_resource(struct aerocmd_umd_context *ctx,
                                         struct aerocmd_umd_resource *dst,
                                         struct aerocmd_umd_resource *src)
{
    uint32_t i;
    aerocmd_result r;
    if (ctx == NULL)
        return AEROCMD_E_INVALID_ARG;
    if (umd_predicated_out(ctx))
        return AEROCMD_OK;
    r = check_transfer(ctx, dst, src);
    if (r == AEROCMD_OK && same_memory(dst, src))
        return AEROCMD_OK; /* the whole resource onto its own bytes: nothing changes */
    if (r == AEROCMD_OK)
        r = aerocmd_priv_umd_stale_flush(ctx, src);
    if (r != AEROCMD_OK)
        return r;
    if (dst->kind == UMD_RESOURCE_BUFFER)
        return dst->size_bytes == src->size_bytes
                   ? copy_buffer_range(ctx, dst, 0, src, 0, src->size_bytes)
                   : AEROCMD_E_INVALID_ARG;
    if (dst->width != src->width || dst->height != src->height ||
        dst->mip_levels != src->mip_levels || dst->array_layers != src->array_layers)
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < dst->mip_levels * dst->array_layers && r == AEROCMD_OK; i++)
        r = copy_texture_region(ctx, dst, i, 0, 0, src, i, NULL);
    return r;
}
