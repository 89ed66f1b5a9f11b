/* umd_upload.c — the packets that carry CPU bytes to the host: UPLOAD_RESOURCE (split
 * across command buffers as needed) and RESOURCE_DIRTY_RANGE (with its allocation listed),
 * and where a subresource's bytes lie. */
#include <string.h>

#include "umd_internal.h"

#define UMD_UPLOAD_HEADER ((uint32_t)sizeof(struct aerogpu_cmd_upload_resource))

void umd_layout_desc_of(const struct aerocmd_umd_resource *res,
                        struct aerocmd_texture_layout_desc *ld)
{
    memset(ld, 0, sizeof *ld);
    ld->format = res->format;
    ld->width = res->width;
    ld->height = res->height;
    ld->mip_levels = res->mip_levels;
    ld->array_layers = res->array_layers;
}

aerocmd_result umd_subresource_of(const struct aerocmd_umd_resource *res, uint32_t subresource,
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
    umd_layout_desc_of(res, &ld);
    return aerocmd_texture_subresource(&ld, subresource, out, NULL);
}

aerocmd_result umd_emit_dirty_range(struct aerocmd_umd_context *ctx,
                                    struct aerocmd_umd_resource *res, uint64_t offset,
                                    uint64_t size)
{
    aerocmd_result r;
    do {
        uint32_t mark = ctx->alloc_count;
        r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            break;
        r = umd_list_allocation(ctx, res, 0);
        if (r == AEROCMD_OK)
            r = aerocmd_append_resource_dirty_range(&ctx->w, res->handle, offset, size);
        if (r != AEROCMD_OK)
            ctx->alloc_count = mark;
    } while (umd_again(ctx, &r));
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

/* Rows of `row_bytes` each, read with `src_pitch`, uploaded at `offset` as tightly packed
 * rows; as many rows per packet as the open buffer holds. */
aerocmd_result umd_upload_rows(struct aerocmd_umd_context *ctx, uint32_t handle, uint64_t offset,
                               const uint8_t *src, uint32_t src_pitch, uint32_t row_bytes,
                               uint32_t rows)
{
    while (rows > 0) {
        uint8_t *packet;
        uint32_t n, i;
        aerocmd_result r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            return r;
        n = upload_room(ctx, row_bytes);
        if (n == 0) {
            r = AEROCMD_E_BUFFER_FULL;
            if (!umd_again(ctx, &r))
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
        for (i = 0; i < n; i++)
            memcpy(packet + UMD_UPLOAD_HEADER + (size_t)i * row_bytes, src + (size_t)i * src_pitch,
                   row_bytes);
        src += (size_t)n * src_pitch;
        offset += (uint64_t)n * row_bytes;
        rows -= n;
    }
    return AEROCMD_OK;
}

aerocmd_result umd_upload_span(struct aerocmd_umd_context *ctx, uint32_t handle, uint64_t offset,
                               const uint8_t *src, uint32_t size)
{
    uint32_t whole = size & ~3u;
    uint8_t tail[4] = {0, 0, 0, 0};
    aerocmd_result r = umd_upload_rows(ctx, handle, offset, src, 4, 4, whole / 4u);
    if (r != AEROCMD_OK || whole == size)
        return r;
    memcpy(tail, src + whole, size - whole);
    return umd_upload_rows(ctx, handle, offset + whole, tail, size - whole, size - whole, 1);
}
