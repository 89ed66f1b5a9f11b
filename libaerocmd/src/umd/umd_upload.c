/* SPDX-License-Identifier: MIT */
/* umd_upload.c — the packets that carry CPU bytes to the host: UPLOAD_RESOURCE (split
 * across command buffers as needed) and RESOURCE_DIRTY_RANGE (with its allocation listed),
 * and where a subresource's bytes lie. */
#include <string.h>

#include "umd_internal.h"

#define UMD_UPLOAD_HEADER ((uint32_t)sizeof(struct aerogpu_cmd_upload_resource))

void aerocmd_priv_umd_layout_desc_of(const struct aerocmd_umd_resource *res,
                                     struct aerocmd_texture_layout_desc *ld)
{
    memset(ld, 0, sizeof *ld);
    ld->format = res->format;
    ld->width = res->width;
    ld->height = res->height;
    ld->mip_levels = res->mip_levels;
    ld->array_layers = res->array_layers;
}

aerocmd_result aerocmd_priv_umd_subresource_of(const struct aerocmd_umd_resource *res,
                                               uint32_t subresource,
                                               struct aerocmd_subresource_layout *out)
{
    struct aerocmd_texture_layout_desc ld;
    if (res->kind == UMD_RESOURCE_BUFFER) {
        if (subresource != 0)
            return AEROCMD_E_INVALID_ARG;
        memset(out, 0, sizeof *out);
        out->width = res->size_bytes;
        out->height = 1;
        out->row_bytes = res->size_bytes;
        out->row_pitch_bytes = res->size_bytes;
        out->rows = 1;
        out->size_bytes = res->size_bytes;
        return AEROCMD_OK;
    }
    if (subresource >= res->mip_levels * res->array_layers)
        return AEROCMD_E_INVALID_ARG;
    aerocmd_priv_umd_layout_desc_of(res, &ld);
    return aerocmd_texture_subresource(&ld, subresource, out, NULL);
}

aerocmd_result aerocmd_priv_umd_emit_dirty_range(struct aerocmd_umd_context *ctx,
                                                 struct aerocmd_umd_resource *res, uint64_t offset,
                                                 uint64_t size)
{
    aerocmd_result r;
    do {
        uint32_t mark = ctx->alloc_count;
        r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            break;
        r = aerocmd_priv_umd_list_allocation(ctx, res, 0);
        if (r == AEROCMD_OK)
            r = aerocmd_append_resource_dirty_range(&ctx->w, res->handle, offset, size);
        if (r != AEROCMD_OK)
            ctx->alloc_count = mark;
    } while (aerocmd_priv_umd_again(ctx, &r));
    return r;
}

/* Room for an UPLOAD_RESOURCE payload in the open buffer, in whole `unit`s. */
static uint32_t upload_room(const struct aerocmd_umd_context *ctx, uint32_t unit)
{
    uint32_t free_bytes = ctx->w.capacity - ctx->w.used;
    if (free_bytes <= UMD_UPLOAD_HEADER)
        return 0;
    return (free_bytes - UMD_UPLOAD_HEADER) / unit;
}

/* Whether `rows` rows of `row_bytes` fit one UPLOAD_RESOURCE in an empty buffer of the
 * size the open one has (the runtime lends buffers of one size). */
static int fits_empty_buffer(const struct aerocmd_umd_context *ctx, uint32_t rows,
                             uint32_t row_bytes)
{
    uint32_t room = ctx->w.capacity - AEROCMD_STREAM_HEADER_SIZE;
    return room > UMD_UPLOAD_HEADER && rows <= (room - UMD_UPLOAD_HEADER) / row_bytes;
}

/* Contiguous bytes as one packet in the open buffer, when they fit there: one reservation
 * and one copy. 0 when they do not fit (nothing written). */
static int upload_in_place(struct aerocmd_umd_context *ctx, uint32_t handle, uint64_t offset,
                           const uint8_t *src, uint32_t bytes)
{
    struct aerocmd_writer *w = &ctx->w;
    struct aerogpu_cmd_upload_resource *u;
    uint32_t free_bytes = w->capacity - w->used, size;
    uint8_t *at;
    if (free_bytes < UMD_UPLOAD_HEADER || bytes > free_bytes - UMD_UPLOAD_HEADER)
        return 0;
    size = (UMD_UPLOAD_HEADER + bytes + 3u) & ~3u; /* capacity < 4 GiB - 64 KiB: no wrap */
    if (size > free_bytes)
        return 0;
    at = w->base + w->used;
    u = (struct aerogpu_cmd_upload_resource *)at;
    u->hdr.opcode = AEROGPU_CMD_UPLOAD_RESOURCE;
    u->hdr.size_bytes = size;
    u->resource_handle = handle;
    u->reserved0 = 0;
    u->offset_bytes = offset;
    u->size_bytes = bytes;
    memset(at + size - 4u, 0, 4u); /* padding, when there is any */
    memcpy(at + UMD_UPLOAD_HEADER, src, bytes);
    umd_commit_to(ctx, at + size);
    return 1;
}

/* Rows of `row_bytes` each, read with `src_pitch`, uploaded at `offset` as tightly packed
 * rows: in one packet when they fit the open buffer, else as many rows per packet as each
 * buffer holds. */
aerocmd_result aerocmd_priv_umd_upload_rows(struct aerocmd_umd_context *ctx, uint32_t handle,
                                            uint64_t offset, const uint8_t *src, uint32_t src_pitch,
                                            uint32_t row_bytes, uint32_t rows)
{
    if (src_pitch == row_bytes && rows != 0 && row_bytes != 0 && rows <= 0xFFFFFFFFu / row_bytes) {
        aerocmd_result r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            return r;
        if (upload_in_place(ctx, handle, offset, src, rows * row_bytes))
            return AEROCMD_OK;
    }
    while (rows > 0) {
        uint8_t *packet;
        uint32_t n, i;
        aerocmd_result r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            return r;
        n = upload_room(ctx, row_bytes);
        /* Nothing fits, or the rest would fit whole into a fresh buffer but not here:
         * submit and go on in a fresh buffer rather than cut a small upload in two. */
        if (n == 0 || (n < rows && fits_empty_buffer(ctx, rows, row_bytes))) {
            r = AEROCMD_E_BUFFER_FULL;
            if (!aerocmd_priv_umd_again(ctx, &r))
                return r;
            continue;
        }
        if (n > rows)
            n = rows;
        r = aerocmd_writer_emplace(&ctx->w, AEROGPU_CMD_UPLOAD_RESOURCE, UMD_UPLOAD_HEADER,
                                   n * row_bytes, &packet);
        if (r != AEROCMD_OK)
            return r;
        {
            struct aerogpu_cmd_upload_resource *u = (struct aerogpu_cmd_upload_resource *)packet;
            u->resource_handle = handle;
            u->offset_bytes = offset;
            u->size_bytes = (uint64_t)n * row_bytes;
        }
        if (src_pitch == row_bytes)
            memcpy(packet + UMD_UPLOAD_HEADER, src, (size_t)n * row_bytes);
        else
            for (i = 0; i < n; i++)
                memcpy(packet + UMD_UPLOAD_HEADER + (size_t)i * row_bytes,
                       src + (size_t)i * src_pitch, row_bytes);
        src += (size_t)n * src_pitch;
        offset += (uint64_t)n * row_bytes;
        rows -= n;
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_umd_upload_span(struct aerocmd_umd_context *ctx, uint32_t handle,
                                            uint64_t offset, const uint8_t *src, uint32_t size)
{
    uint32_t whole = size & ~3u;
    uint8_t tail[4] = {0, 0, 0, 0};
    aerocmd_result r = aerocmd_priv_umd_upload_rows(ctx, handle, offset, src, 4, 4, whole / 4u);
    if (r != AEROCMD_OK || whole == size)
        return r;
    memcpy(tail, src + whole, size - whole);
    return aerocmd_priv_umd_upload_rows(ctx, handle, offset + whole, tail, size - whole,
                                        size - whole, 1);
}
