/* SPDX-License-Identifier: MIT */
/* umd_update.c — UpdateSubresourceUP: the caller's bytes repacked into the guest layout of
 * one subresource box, by upload (host-owned) or through guest memory (guest-backed). */
#include <string.h>

#include "aerocmd/umd_data.h"
#include "umd_internal.h"
#include "umd_wait.h"

/* A box in whole rows of blocks: its first row, row count, byte offset inside a row and
 * bytes per row. */
struct box_rows {
    uint32_t first_row, rows;
    uint32_t x_bytes, row_bytes;
};

static aerocmd_result texture_box_rows(const struct aerocmd_umd_resource *res,
                                       const struct aerocmd_subresource_layout *sub,
                                       const struct aerocmd_box *box, struct box_rows *out)
{
    struct aerocmd_texture_layout_desc ld;
    struct aerocmd_texture_layout layout;
    uint32_t bs, right, bottom;
    aerocmd_priv_umd_layout_desc_of(res, &ld);
    if (aerocmd_texture_layout(&ld, &layout, NULL) != AEROCMD_OK)
        return AEROCMD_E_INVALID_ARG;
    bs = layout.block_size;
    if (box == NULL) {
        out->first_row = 0;
        out->rows = sub->rows;
        out->x_bytes = 0;
        out->row_bytes = sub->row_bytes;
        return AEROCMD_OK;
    }
    right = (box->right + bs - 1u) / bs;
    bottom = (box->bottom + bs - 1u) / bs;
    out->first_row = box->top / bs;
    out->rows = bottom - out->first_row;
    out->x_bytes = box->left / bs * layout.block_bytes;
    out->row_bytes = (right - box->left / bs) * layout.block_bytes;
    return AEROCMD_OK;
}

/* Host-owned texture without shadow: one UPLOAD_RESOURCE per row unless the box spans
 * whole rows, which are contiguous. */
static aerocmd_result upload_texture_box(struct aerocmd_umd_context *ctx,
                                         struct aerocmd_umd_resource *res,
                                         const struct aerocmd_subresource_layout *sub,
                                         const struct box_rows *b, const uint8_t *data,
                                         uint32_t row_pitch)
{
    uint64_t at =
        (uint64_t)sub->offset_bytes + (uint64_t)b->first_row * sub->row_pitch_bytes + b->x_bytes;
    uint32_t i;
    if (b->row_bytes == sub->row_pitch_bytes)
        return aerocmd_priv_umd_upload_rows(ctx, res->handle, at, data, row_pitch, b->row_bytes,
                                            b->rows);
    for (i = 0; i < b->rows; i++) {
        aerocmd_result r =
            aerocmd_priv_umd_upload_rows(ctx, res->handle, at + (uint64_t)i * sub->row_pitch_bytes,
                                         data + (size_t)i * row_pitch, row_pitch, b->row_bytes, 1);
        if (r != AEROCMD_OK)
            return r;
    }
    return AEROCMD_OK;
}

/* Guest memory may be written once no submitted work can still read it. */
static aerocmd_result write_guest(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                                  uint32_t subresource, const struct aerocmd_box *box,
                                  const void *data, uint32_t row_pitch, size_t src_size)
{
    struct aerocmd_umd_device *dev = ctx->dev;
    struct aerocmd_texture_layout_desc ld;
    uint64_t serial =
        res->listed_serial > res->write_serial ? res->listed_serial : res->write_serial;
    void *cpu = NULL;
    aerocmd_result r = aerocmd_priv_umd_lock_when_done(ctx, &res->memory, serial, 0, &cpu);
    if (r != AEROCMD_OK)
        return r;
    if (res->kind == UMD_RESOURCE_BUFFER) {
        memcpy((uint8_t *)cpu + box->left, data, box->right - box->left);
    } else {
        aerocmd_priv_umd_layout_desc_of(res, &ld);
        r = aerocmd_texture_write_box(&ld, subresource, box, data, row_pitch, src_size, cpu,
                                      (size_t)res->memory.size_bytes, NULL);
    }
    dev->cb.unlock_memory(dev->cb.user, &res->memory);
    return r;
}

static aerocmd_result update_buffer(struct aerocmd_umd_context *ctx,
                                    struct aerocmd_umd_resource *res, const struct aerocmd_box *box,
                                    const void *data)
{
    struct aerocmd_box whole = {0, 0, 0, 0, 1, 1};
    uint32_t begin, end, size = res->size_bytes;
    aerocmd_result r;
    whole.right = size;
    if (box == NULL)
        box = &whole;
    begin = box->left;
    end = box->right;
    if (begin > end || end > size)
        return AEROCMD_E_INVALID_ARG;
    if (begin == end)
        return AEROCMD_OK;
    if (res->guest_backed) {
        whole.left = begin;
        whole.right = end;
        r = write_guest(ctx, res, 0, &whole, data, 0, end - begin);
        return r == AEROCMD_OK ? aerocmd_priv_umd_emit_dirty_range(ctx, res, begin, end - begin)
                               : r;
    }
    if (res->shadow != NULL) {
        memcpy(res->shadow + begin, data, end - begin);
        begin &= ~3u;
        end = (end + 3u) & ~3u;
        return aerocmd_priv_umd_upload_rows(ctx, res->handle, begin, res->shadow + begin, 4, 4,
                                            (end - begin) / 4u);
    }
    /* The protocol uploads buffers in 4-byte units and the neighbours are unknown here. */
    if ((begin & 3u) != 0 || ((end & 3u) != 0 && end != size))
        return AEROCMD_E_NOT_IMPLEMENTED;
    return aerocmd_priv_umd_upload_span(ctx, res->handle, begin, (const uint8_t *)data,
                                        end - begin);
}

static aerocmd_result update_texture(struct aerocmd_umd_context *ctx,
                                     struct aerocmd_umd_resource *res, uint32_t subresource,
                                     const struct aerocmd_box *box, const void *data,
                                     uint32_t row_pitch)
{
    struct aerocmd_texture_layout_desc ld;
    struct aerocmd_subresource_layout sub;
    struct box_rows b;
    uint32_t begin = 0, end = 0;
    size_t src_size;
    aerocmd_result r = aerocmd_priv_umd_subresource_of(res, subresource, &sub);
    aerocmd_priv_umd_layout_desc_of(res, &ld);
    if (r == AEROCMD_OK)
        r = aerocmd_texture_box_range(&ld, subresource, box, &begin, &end, NULL);
    if (r == AEROCMD_OK)
        r = texture_box_rows(res, &sub, box, &b);
    if (r != AEROCMD_OK)
        return AEROCMD_E_INVALID_ARG;
    if (begin == end)
        return AEROCMD_OK;
    if (b.rows > 1 && row_pitch < b.row_bytes)
        return AEROCMD_E_INVALID_ARG;
    src_size = (size_t)(b.rows - 1u) * row_pitch + b.row_bytes;
    if (res->guest_backed) {
        r = write_guest(ctx, res, subresource, box, data, row_pitch, src_size);
        return r == AEROCMD_OK ? aerocmd_priv_umd_emit_dirty_range(ctx, res, begin, end - begin)
                               : r;
    }
    if (res->shadow != NULL) {
        r = aerocmd_texture_write_box(&ld, subresource, box, data, row_pitch, src_size, res->shadow,
                                      res->size_bytes, NULL);
        if (r != AEROCMD_OK)
            return AEROCMD_E_INVALID_ARG;
    }
    return upload_texture_box(ctx, res, &sub, &b, (const uint8_t *)data, row_pitch);
}

aerocmd_result aerocmd_umd_update_subresource(struct aerocmd_umd_context *ctx,
                                              struct aerocmd_umd_resource *res,
                                              uint32_t subresource, const struct aerocmd_box *box,
                                              const void *data, uint32_t row_pitch,
                                              uint32_t depth_pitch)
{
    (void)depth_pitch; /* one slice: a Texture2D box has depth 1 */
    if (ctx == NULL || res == NULL || data == NULL || res->dev != ctx->dev || res->mapped)
        return AEROCMD_E_INVALID_ARG;
    if (umd_predicated_out(ctx))
        return AEROCMD_OK;
    if (box != NULL && (box->front != 0 || box->back != 1))
        return AEROCMD_E_INVALID_ARG;
    if (res->kind == UMD_RESOURCE_BUFFER)
        return subresource == 0 ? update_buffer(ctx, res, box, data) : AEROCMD_E_INVALID_ARG;
    return update_texture(ctx, res, subresource, box, data, row_pitch);
}
