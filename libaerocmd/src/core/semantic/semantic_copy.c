/* SPDX-License-Identifier: MIT */
/* semantic_copy.c — COPY_BUFFER and COPY_TEXTURE2D: operands, bounds, Direct3D's copy rules
 * (source and destination are different subresources; block-compressed copies are whole
 * blocks) and writeback. */
#include "semantic_pass.h"
#include "texture_layout.h"

#include "aerocmd/layout.h"

/* WRITEBACK_DST makes the host write bytes [offset, offset + size) of the destination's
 * guest memory, which must exist, be listed in this submission's table, be writable and
 * hold those bytes. An untyped alias's backing is unknown here. */
static aerocmd_result check_writeback(const struct aerocmd_sem_pass *pass, uint32_t flags,
                                      const struct aerocmd_sem_record *dst, uint64_t offset,
                                      uint64_t size)
{
    struct aerogpu_alloc_entry entry;
    if ((flags & AEROGPU_COPY_FLAG_WRITEBACK_DST) == 0 || dst->kind == AEROCMD_SEM_UNTYPED_RESOURCE)
        return AEROCMD_OK;
    if (dst->backing_alloc_id == 0)
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_WRITEBACK_UNBACKED);
    if (!pass->allocs)
        return AEROCMD_OK;
    if (!aerocmd_priv_sem_find_alloc(pass, dst->backing_alloc_id, &entry))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_ALLOC_MISSING);
    if (entry.flags & AEROGPU_ALLOC_FLAG_READONLY)
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_WRITEBACK_READONLY);
    if (!aerocmd_priv_sem_guest_bytes_fit(dst, &entry, offset, size))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_BACKING_OUT_OF_RANGE);
    return AEROCMD_OK;
}

/* Both handles name one resource (its creator's or an alias of it). An untyped alias's
 * resource is unknown here (identity 0). */
static int same_resource(const struct aerocmd_sem_record *a, const struct aerocmd_sem_record *b)
{
    return a->identity != 0 && a->identity == b->identity;
}

aerocmd_result aerocmd_priv_sem_copy_buffer(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct aerocmd_sem_record *dst, *src;
    const struct aerogpu_cmd_copy_buffer *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_copy_buffer, &r);
    if (!cmd)
        return r;
    r = aerocmd_sem_require(pass, cmd->dst_buffer, AEROCMD_SEM_ACCEPT_BUFFER, &dst);
    if (r == AEROCMD_OK)
        r = aerocmd_sem_require(pass, cmd->src_buffer, AEROCMD_SEM_ACCEPT_BUFFER, &src);
    if (r != AEROCMD_OK)
        return r;
    if (cmd->dst_offset_bytes % 4 != 0 || cmd->src_offset_bytes % 4 != 0 ||
        cmd->size_bytes % 4 != 0 ||
        !aerocmd_priv_sem_range_fits(dst, cmd->dst_offset_bytes, cmd->size_bytes) ||
        !aerocmd_priv_sem_range_fits(src, cmd->src_offset_bytes, cmd->size_bytes))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_COPY_OUT_OF_BOUNDS);
    /* Direct3D: source and destination are different subresources, and a buffer has one */
    if (same_resource(dst, src))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_COPY_SAME_SUBRESOURCE);
    return check_writeback(pass, cmd->flags, dst, cmd->dst_offset_bytes, cmd->size_bytes);
}

/* One side of a texture copy: a mip and layer that exist and a rectangle inside that mip. */
static int texture_side_fits(const struct aerocmd_sem_record *tex, uint32_t mip, uint32_t layer,
                             uint32_t x, uint32_t y, uint32_t width, uint32_t height)
{
    if (tex->kind == AEROCMD_SEM_UNTYPED_RESOURCE)
        return 1;
    if (mip >= tex->tex.mip_levels || layer >= tex->tex.array_layers)
        return 0;
    return (uint64_t)x + width <= aerocmd_priv_sem_mip_extent(tex->tex.width, mip) &&
           (uint64_t)y + height <= aerocmd_priv_sem_mip_extent(tex->tex.height, mip);
}

static int same_format(const struct aerocmd_sem_record *a, const struct aerocmd_sem_record *b)
{
    if (a->kind == AEROCMD_SEM_UNTYPED_RESOURCE || b->kind == AEROCMD_SEM_UNTYPED_RESOURCE)
        return 1;
    return a->tex.format == b->tex.format;
}

/* The bytes of the destination's guest layout the copied rectangle spans (what a writeback
 * writes), from its first row to the end of its last. Computed only when check_writeback
 * will judge them: a written-back, backed, typed texture and a table to judge against. 0
 * when the layout cannot say, which only an already unplaceable texture gives. */
static int texture_box_bytes(const struct aerocmd_sem_pass *pass,
                             const struct aerocmd_sem_record *dst,
                             const struct aerogpu_cmd_copy_texture2d *cmd, uint64_t *begin,
                             uint64_t *size)
{
    struct aerocmd_texture_layout_desc desc;
    struct aerocmd_box box;
    enum aerocmd_layout_fault fault;
    uint64_t subresource;
    uint32_t from, to;
    *begin = 0;
    *size = 0;
    if (!pass->allocs || dst->kind != AEROCMD_SEM_TEXTURE2D || dst->backing_alloc_id == 0 ||
        (cmd->flags & AEROGPU_COPY_FLAG_WRITEBACK_DST) == 0)
        return 1;
    subresource = cmd->dst_mip_level + (uint64_t)cmd->dst_array_layer * dst->tex.mip_levels;
    if (subresource > UINT32_MAX)
        return 0;
    desc.format = dst->tex.format;
    desc.width = dst->tex.width;
    desc.height = dst->tex.height;
    desc.mip_levels = dst->tex.mip_levels;
    desc.array_layers = dst->tex.array_layers;
    desc.row_pitch_bytes = dst->tex.row_pitch_bytes;
    box.left = cmd->dst_x;
    box.top = cmd->dst_y;
    box.front = 0;
    box.right = cmd->dst_x + cmd->width;
    box.bottom = cmd->dst_y + cmd->height;
    box.back = 1;
    if (aerocmd_texture_box_range(&desc, (uint32_t)subresource, &box, &from, &to, &fault) !=
        AEROCMD_OK)
        return 0;
    *begin = from;
    *size = to - from;
    return 1;
}

/* Direct3D's block rule (aerocmd_texture_copy_in_blocks), judged on the source texture's
 * format, which the destination shares; an untyped alias's is unknown here. */
static int in_blocks(const struct aerocmd_sem_record *src,
                     const struct aerogpu_cmd_copy_texture2d *cmd)
{
    struct aerocmd_box box;
    if (src->kind != AEROCMD_SEM_TEXTURE2D)
        return 1;
    box.left = cmd->src_x, box.top = cmd->src_y, box.front = 0;
    box.right = cmd->src_x + cmd->width, box.bottom = cmd->src_y + cmd->height, box.back = 1;
    return aerocmd_texture_copy_in_blocks(
        src->tex.format, aerocmd_priv_sem_mip_extent(src->tex.width, cmd->src_mip_level),
        aerocmd_priv_sem_mip_extent(src->tex.height, cmd->src_mip_level), &box, cmd->dst_x,
        cmd->dst_y);
}

aerocmd_result aerocmd_priv_sem_copy_texture2d(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    uint64_t begin, size;
    struct aerocmd_sem_record *dst, *src;
    const struct aerogpu_cmd_copy_texture2d *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_copy_texture2d, &r);
    if (!cmd)
        return r;
    r = aerocmd_sem_require(pass, cmd->dst_texture, AEROCMD_SEM_ACCEPT_TEXTURE, &dst);
    if (r == AEROCMD_OK)
        r = aerocmd_sem_require(pass, cmd->src_texture, AEROCMD_SEM_ACCEPT_TEXTURE, &src);
    if (r != AEROCMD_OK)
        return r;
    if (!same_format(dst, src) ||
        !texture_side_fits(dst, cmd->dst_mip_level, cmd->dst_array_layer, cmd->dst_x, cmd->dst_y,
                           cmd->width, cmd->height) ||
        !texture_side_fits(src, cmd->src_mip_level, cmd->src_array_layer, cmd->src_x, cmd->src_y,
                           cmd->width, cmd->height))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_COPY_OUT_OF_BOUNDS);
    if (same_resource(dst, src) && cmd->dst_mip_level == cmd->src_mip_level &&
        cmd->dst_array_layer == cmd->src_array_layer)
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_COPY_SAME_SUBRESOURCE);
    if (!in_blocks(src, cmd))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_COPY_UNALIGNED);
    if (!texture_box_bytes(pass, dst, cmd, &begin, &size))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_BACKING_OUT_OF_RANGE);
    return check_writeback(pass, cmd->flags, dst, begin, size);
}
