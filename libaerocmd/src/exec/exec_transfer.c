/* SPDX-License-Identifier: MIT */
/* exec_transfer.c — bytes moving between the guest layout and Direct3D 12 resources:
 * UPLOAD_RESOURCE, RESOURCE_DIRTY_RANGE (re-read from guest memory), COPY_BUFFER /
 * COPY_TEXTURE2D and their WRITEBACK_DST into guest memory.
 *
 * A texture's bytes are addressed in the guest layout (RULES.md "Texture layout"): a byte
 * range is cut per subresource into at most three boxes (a partial first row, whole rows,
 * a partial last row), each copied through upload memory with a 256-byte row pitch. A range
 * that splits a texel or a 4x4 block is refused: no texel can hold half its bytes. */
#include <stdlib.h>
#include <string.h>

#include "exec_internal.h"

/* ---- guest memory ------------------------------------------------------------------------- */

struct exec_guest *aerocmd_priv_exec_guest(struct aerocmd_exec *ex, uint32_t alloc_id)
{
    uint32_t i;
    for (i = 0; i < ex->guest_count; i++)
        if (ex->guests[i].alloc_id == alloc_id)
            return &ex->guests[i];
    return NULL;
}

aerocmd_result aerocmd_exec_set_guest_memory(struct aerocmd_exec *ex, uint32_t alloc_id,
                                             uint64_t gpa, const void *bytes, uint64_t size_bytes)
{
    struct exec_guest *g;
    uint8_t *copy;
    if (ex == NULL || alloc_id == 0 || (bytes == NULL && size_bytes != 0) ||
        size_bytes > (size_t)-1 / 2)
        return AEROCMD_E_INVALID_ARG;
    /* counted while held (the old copy of the allocation goes below) */
    if (aerocmd_priv_exec_reserve(ex, size_bytes + sizeof(*g)) != AEROCMD_OK)
        return AEROCMD_E_OUT_OF_MEMORY;
    copy = malloc(size_bytes != 0 ? (size_t)size_bytes : 1u);
    if (copy == NULL) {
        aerocmd_priv_exec_uncharge(ex, size_bytes + sizeof(*g));
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    if (size_bytes != 0)
        memcpy(copy, bytes, (size_t)size_bytes);
    g = aerocmd_priv_exec_guest(ex, alloc_id);
    if (g == NULL) {
        if (ex->guest_count == ex->guest_cap) {
            uint32_t cap = ex->guest_cap == 0 ? 16u : ex->guest_cap * 2u;
            struct exec_guest *grown = realloc(ex->guests, (size_t)cap * sizeof(*grown));
            if (grown == NULL) {
                free(copy);
                aerocmd_priv_exec_uncharge(ex, size_bytes + sizeof(*g));
                return AEROCMD_E_OUT_OF_MEMORY;
            }
            ex->guests = grown;
            ex->guest_cap = cap;
        }
        g = &ex->guests[ex->guest_count++];
        g->alloc_id = alloc_id;
    } else {
        free(g->bytes);
        aerocmd_priv_exec_uncharge(ex, g->size + sizeof(*g));
    }
    g->gpa = gpa;
    g->bytes = copy;
    g->size = size_bytes;
    return AEROCMD_OK;
}

void aerocmd_exec_clear_guest_memory(struct aerocmd_exec *ex)
{
    uint32_t i;
    if (ex == NULL)
        return;
    for (i = 0; i < ex->guest_count; i++)
        free(ex->guests[i].bytes);
    ex->guest_count = 0;
}

const uint8_t *aerocmd_exec_guest_memory(const struct aerocmd_exec *ex, uint32_t alloc_id,
                                         uint64_t *size_bytes)
{
    const struct exec_guest *g =
        ex != NULL ? aerocmd_priv_exec_guest((struct aerocmd_exec *)ex, alloc_id) : NULL;
    if (size_bytes != NULL)
        *size_bytes = g != NULL ? g->size : 0;
    return g != NULL ? g->bytes : NULL;
}

uint8_t *aerocmd_priv_exec_backing(struct exec_ctx *ctx, const struct exec_resource *res,
                                   uint64_t offset, uint64_t size)
{
    struct exec_guest *g = aerocmd_priv_exec_guest(ctx->ex, res->backing_alloc_id);
    uint64_t at = (uint64_t)res->backing_offset + offset;
    if (g == NULL) {
        aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_ALLOC_MISSING,
                               "the guest memory of allocation %u is not in the input (raw "
                               "streams carry none; v2 traces carry it per submission)",
                               res->backing_alloc_id);
        return NULL;
    }
    if (at > g->size || size > g->size - at) {
        aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_BACKING_OUT_OF_RANGE,
                               "bytes %llu..%llu of allocation %u are past its %llu bytes of "
                               "guest memory",
                               (unsigned long long)at, (unsigned long long)(at + size),
                               res->backing_alloc_id, (unsigned long long)g->size);
        return NULL;
    }
    return g->bytes + at;
}

/* ---- buffers ------------------------------------------------------------------------------- */

static aerocmd_result write_buffer(struct exec_ctx *ctx, struct exec_resource *res, uint64_t offset,
                                   const uint8_t *src, uint64_t size)
{
    ID3D12Resource *up;
    uint8_t *map;
    uint64_t at;
    aerocmd_result r;
    if (ctx->ex->gpu.device == NULL || size == 0)
        return AEROCMD_OK;
    r = aerocmd_priv_exec_upload_alloc(ctx, size, 16, &map, &up, &at);
    if (r != AEROCMD_OK)
        return r;
    memcpy(map, src, (size_t)size);
    aerocmd_priv_exec_transition(ctx->ex, res, 0, 1, D3D12_RESOURCE_STATE_COPY_DEST);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx->ex->gpu.list, res->res, offset, up, at, size);
    return AEROCMD_OK;
}

/* ---- textures ------------------------------------------------------------------------------ */

/* A box of one subresource in guest-layout terms: rows [row0, row1) of block rows, bytes
 * [x0, x1) of each row. */
struct byte_box {
    uint32_t row0, row1, x0, x1;
};

static DXGI_FORMAT copy_format(const struct exec_resource *res)
{
    struct exec_format f;
    aerocmd_priv_exec_format(res->tex.format, &f);
    return f.storage;
}

static void footprint(const struct exec_resource *res, const struct aerocmd_subresource_layout *sub,
                      const struct byte_box *b, uint32_t block, uint32_t block_bytes,
                      D3D12_PLACED_SUBRESOURCE_FOOTPRINT *fp, D3D12_BOX *box)
{
    uint32_t x = b->x0 / block_bytes * block, w = (b->x1 - b->x0) / block_bytes * block;
    uint32_t y = b->row0 * block, h = (b->row1 - b->row0) * block;
    uint32_t row = (b->x1 - b->x0) / block_bytes *
                   aerocmd_priv_exec_storage_bytes(res->tex.format, block_bytes);
    fp->Footprint.Format = copy_format(res);
    fp->Footprint.Width = w;
    fp->Footprint.Height = h;
    fp->Footprint.Depth = 1;
    fp->Footprint.RowPitch = (row + 255u) & ~255u;
    box->left = x;
    box->top = y;
    box->front = 0;
    box->right = x + w < sub->width ? x + w : sub->width;
    box->bottom = y + h < sub->height ? y + h : sub->height;
    box->back = 1;
}

static aerocmd_result upload_box(struct exec_ctx *ctx, struct exec_resource *res, uint32_t index,
                                 const struct aerocmd_subresource_layout *sub,
                                 const struct byte_box *b, const uint8_t *src,
                                 const struct aerocmd_texture_layout *layout)
{
    D3D12_TEXTURE_COPY_LOCATION dst, from;
    D3D12_BOX box;
    ID3D12Resource *up;
    uint8_t *map;
    uint64_t at;
    uint32_t r, rows = b->row1 - b->row0;
    aerocmd_result result;
    memset(&from, 0, sizeof(from));
    footprint(res, sub, b, layout->block_size, layout->block_bytes, &from.PlacedFootprint, &box);
    result = aerocmd_priv_exec_upload_alloc(
        ctx, (uint64_t)from.PlacedFootprint.Footprint.RowPitch * rows,
        D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT, &map, &up, &at);
    if (result != AEROCMD_OK)
        return result;
    for (r = 0; r < rows; r++)
        aerocmd_priv_exec_to_storage(res->tex.format, src + (size_t)r * sub->row_pitch_bytes,
                                     map + (size_t)r * from.PlacedFootprint.Footprint.RowPitch,
                                     (b->x1 - b->x0) / layout->block_bytes, layout->block_bytes);
    from.pResource = up;
    from.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    from.PlacedFootprint.Offset = at;
    memset(&dst, 0, sizeof(dst));
    dst.pResource = res->res;
    dst.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    dst.SubresourceIndex = index;
    box.right -= box.left, box.bottom -= box.top; /* the footprint's extent */
    box.left = box.top = 0;
    aerocmd_priv_exec_transition(ctx->ex, res, index, 1, D3D12_RESOURCE_STATE_COPY_DEST);
    ID3D12GraphicsCommandList_CopyTextureRegion(ctx->ex->gpu.list, &dst,
                                                b->x0 / layout->block_bytes * layout->block_size,
                                                b->row0 * layout->block_size, 0, &from, &box);
    return AEROCMD_OK;
}

static void add_box(struct byte_box *boxes, uint32_t *n, uint32_t row0, uint32_t row1, uint32_t x0,
                    uint32_t x1)
{
    struct byte_box *prev = *n > 0 ? &boxes[*n - 1u] : NULL;
    if (x0 >= x1 || row0 >= row1)
        return;
    if (prev != NULL && prev->x0 == x0 && prev->x1 == x1 && prev->row1 == row0) {
        prev->row1 = row1;
        return;
    }
    boxes[*n].row0 = row0, boxes[*n].row1 = row1, boxes[*n].x0 = x0, boxes[*n].x1 = x1;
    (*n)++;
}

static uint32_t min_u32(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}

/* Bytes [a, b) of one subresource (offsets relative to it) as up to three boxes: the
 * first row's part, whole rows, the last row's part (pitch padding left out). */
static aerocmd_result write_subresource(struct exec_ctx *ctx, struct exec_resource *res,
                                        uint32_t index,
                                        const struct aerocmd_subresource_layout *sub, uint64_t a,
                                        uint64_t b, const uint8_t *src,
                                        const struct aerocmd_texture_layout *layout)
{
    uint32_t pitch = sub->row_pitch_bytes, w = sub->row_bytes;
    uint32_t first = (uint32_t)(a / pitch), last = (uint32_t)((b - 1u) / pitch);
    uint32_t end_col = (uint32_t)((b - 1u) % pitch) + 1u, n = 0, i;
    struct byte_box boxes[3];
    add_box(boxes, &n, first, first + 1u, min_u32((uint32_t)(a % pitch), w),
            min_u32(first == last ? end_col : pitch, w));
    if (last > first + 1u)
        add_box(boxes, &n, first + 1u, last, 0, w);
    if (last > first)
        add_box(boxes, &n, last, last + 1u, 0, min_u32(end_col, w));
    for (i = 0; i < n; i++) {
        aerocmd_result r;
        if (boxes[i].x0 % layout->block_bytes != 0 || boxes[i].x1 % layout->block_bytes != 0)
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                          "the byte range splits a texel (or 4x4 block) of "
                                          "subresource %u",
                                          index);
        if (ctx->ex->gpu.device == NULL)
            continue;
        r = upload_box(ctx, res, index, sub, &boxes[i],
                       src + ((uint64_t)boxes[i].row0 * pitch + boxes[i].x0 - a), layout);
        if (r != AEROCMD_OK)
            return r;
    }
    return AEROCMD_OK;
}

static aerocmd_result write_texture(struct exec_ctx *ctx, struct exec_resource *res,
                                    uint64_t offset, const uint8_t *src, uint64_t size)
{
    struct aerocmd_texture_layout layout;
    struct aerocmd_subresource_layout sub;
    uint64_t end = offset + size;
    uint32_t i;
    if (aerocmd_texture_layout(&res->tex, &layout, NULL) != AEROCMD_OK)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "texture layout");
    for (i = 0; i < layout.subresource_count && size != 0; i++) {
        uint64_t a, b;
        aerocmd_result r;
        aerocmd_texture_subresource(&res->tex, i, &sub, NULL);
        a = offset > sub.offset_bytes ? offset : sub.offset_bytes;
        b = end < (uint64_t)sub.offset_bytes + sub.size_bytes
                ? end
                : (uint64_t)sub.offset_bytes + sub.size_bytes;
        if (a >= b)
            continue;
        r = write_subresource(ctx, res, i, &sub, a - sub.offset_bytes, b - sub.offset_bytes,
                              src + (a - offset), &layout);
        if (r != AEROCMD_OK)
            return r;
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_write_bytes(struct exec_ctx *ctx, struct exec_resource *res,
                                             uint64_t offset, const uint8_t *src, uint64_t size)
{
    aerocmd_result r;
    if (offset > res->size_bytes || size > res->size_bytes - offset)
        return aerocmd_priv_exec_fail(
            ctx, AEROCMD_E_MALFORMED, AEROCMD_R_COPY_OUT_OF_BOUNDS,
            "bytes %llu..%llu are past the resource's %llu bytes", (unsigned long long)offset,
            (unsigned long long)(offset + size), (unsigned long long)res->size_bytes);
    if ((r = aerocmd_priv_exec_work(ctx, size, "the bytes written")) != AEROCMD_OK)
        return r;
    if (offset == 0 && size == res->size_bytes)
        res->fresh = 0; /* every byte written: no zeros first (exec_zero.c) */
    ctx->ex->gpu.recorded = ctx->ex->gpu.device != NULL;
    return res->is_texture ? write_texture(ctx, res, offset, src, size)
                           : write_buffer(ctx, res, offset, src, size);
}

static struct exec_resource *resource_of(struct exec_ctx *ctx, uint32_t handle, const char *what)
{
    struct exec_object *o = aerocmd_priv_exec_find(&ctx->ex->objects, handle);
    if (o != NULL && (o->kind == EXEC_OBJ_BUFFER || o->kind == EXEC_OBJ_TEXTURE))
        return o->u.res;
    aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED,
                           o == NULL ? AEROCMD_R_HANDLE_UNKNOWN : AEROCMD_R_HANDLE_KIND,
                           "%s h:%u is not a live buffer or texture", what, handle);
    return NULL;
}

aerocmd_result aerocmd_priv_exec_upload_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_upload_resource *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_upload_resource, AEROGPU_CMD_UPLOAD_RESOURCE);
    uint32_t len = 0;
    const uint8_t *data = aerocmd_packet_payload(ctx->packet, &len, NULL);
    struct exec_resource *res = resource_of(ctx, p->resource_handle, "UPLOAD_RESOURCE's");
    if (res == NULL)
        return ctx->err->result;
    if (data == NULL || len != p->size_bytes)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_PAYLOAD_LENGTH,
                                      "payload shorter than size_bytes");
    return aerocmd_priv_exec_write_bytes(ctx, res, p->offset_bytes, data, p->size_bytes);
}

aerocmd_result aerocmd_priv_exec_dirty_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_resource_dirty_range *p = AEROCMD_VIEW(
        ctx->packet, aerogpu_cmd_resource_dirty_range, AEROGPU_CMD_RESOURCE_DIRTY_RANGE);
    struct exec_resource *res = resource_of(ctx, p->resource_handle, "RESOURCE_DIRTY_RANGE's");
    const uint8_t *bytes;
    if (res == NULL)
        return ctx->err->result;
    if (res->backing_alloc_id == 0)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "h:%u is host-owned: it has no guest memory to re-read",
                                      p->resource_handle);
    if (p->offset_bytes > res->size_bytes || p->size_bytes > res->size_bytes - p->offset_bytes)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_COPY_OUT_OF_BOUNDS,
                                      "range past the resource's %llu bytes",
                                      (unsigned long long)res->size_bytes);
    bytes = aerocmd_priv_exec_backing(ctx, res, p->offset_bytes, p->size_bytes);
    if (bytes == NULL)
        return ctx->err->result;
    return aerocmd_priv_exec_write_bytes(ctx, res, p->offset_bytes, bytes, p->size_bytes);
}

/* ---- copies -------------------------------------------------------------------------------- */

static aerocmd_result writeback_check(struct exec_ctx *ctx, const struct exec_resource *dst,
                                      uint32_t flags)
{
    if ((flags & AEROGPU_COPY_FLAG_WRITEBACK_DST) == 0)
        return AEROCMD_OK;
    if (dst->backing_alloc_id == 0)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_WRITEBACK_UNBACKED,
                                      "WRITEBACK_DST into a host-owned resource");
    return aerocmd_priv_exec_backing(ctx, dst, 0, dst->size_bytes) != NULL ? AEROCMD_OK
                                                                           : ctx->err->result;
}

aerocmd_result aerocmd_priv_exec_copy_buffer_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_copy_buffer *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_copy_buffer, AEROGPU_CMD_COPY_BUFFER);
    struct exec_resource *dst = resource_of(ctx, p->dst_buffer, "the destination");
    struct exec_resource *src = dst != NULL ? resource_of(ctx, p->src_buffer, "the source") : NULL;
    struct aerocmd_exec *ex = ctx->ex;
    aerocmd_result r;
    if (src == NULL)
        return ctx->err->result;
    if (dst->is_texture || src->is_texture)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_KIND,
                                      "COPY_BUFFER between textures");
    if (p->dst_offset_bytes > dst->size_bytes ||
        p->size_bytes > dst->size_bytes - p->dst_offset_bytes ||
        p->src_offset_bytes > src->size_bytes ||
        p->size_bytes > src->size_bytes - p->src_offset_bytes)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_COPY_OUT_OF_BOUNDS,
                                      "copy of %llu bytes runs past a buffer",
                                      (unsigned long long)p->size_bytes);
    /* the validator's rule (copy_same_subresource); reached only when its tracker was given
     * up. A buffer is one subresource. */
    if (dst == src)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_COPY_SAME_SUBRESOURCE,
                                      "COPY_BUFFER within one buffer");
    if ((r = writeback_check(ctx, dst, p->flags)) != AEROCMD_OK ||
        (r = aerocmd_priv_exec_work(ctx, p->size_bytes, "the bytes copied")) != AEROCMD_OK)
        return r;
    if (ex->gpu.device == NULL || p->size_bytes == 0)
        return AEROCMD_OK;
    aerocmd_priv_exec_transition(ex, src, 0, 1, D3D12_RESOURCE_STATE_GENERIC_READ);
    aerocmd_priv_exec_transition(ex, dst, 0, 1, D3D12_RESOURCE_STATE_COPY_DEST);
    ID3D12GraphicsCommandList_CopyBufferRegion(ex->gpu.list, dst->res, p->dst_offset_bytes,
                                               src->res, p->src_offset_bytes, p->size_bytes);
    if ((p->flags & AEROGPU_COPY_FLAG_WRITEBACK_DST) == 0)
        return AEROCMD_OK;
    r = aerocmd_priv_exec_read_buffer_range(
        ctx, dst, p->dst_offset_bytes, p->size_bytes,
        aerocmd_priv_exec_backing(ctx, dst, p->dst_offset_bytes, p->size_bytes));
    if (r == AEROCMD_OK && ex->hooks.writeback != NULL)
        ex->hooks.writeback(ex->hooks.user, dst->backing_alloc_id,
                            (uint64_t)dst->backing_offset + p->dst_offset_bytes, p->size_bytes);
    return r;
}

/* Direct3D's block rule, as the validator applies it (aerocmd_texture_copy_in_blocks). */
static int in_blocks(uint32_t format, const struct aerogpu_cmd_copy_texture2d *p,
                     const struct aerocmd_subresource_layout *src_sub)
{
    struct aerocmd_box box;
    box.left = p->src_x, box.top = p->src_y, box.front = 0;
    box.right = p->src_x + p->width, box.bottom = p->src_y + p->height, box.back = 1;
    return aerocmd_texture_copy_in_blocks(format, src_sub->width, src_sub->height, &box, p->dst_x,
                                          p->dst_y);
}

static aerocmd_result texture_copy_check(struct exec_ctx *ctx,
                                         const struct aerogpu_cmd_copy_texture2d *p,
                                         const struct exec_resource *dst,
                                         const struct exec_resource *src,
                                         struct aerocmd_subresource_layout subs[2])
{
    const struct exec_resource *r[2];
    uint32_t mips[2], layers[2], xs[2], ys[2], i;
    struct exec_format f;
    r[0] = dst, r[1] = src;
    mips[0] = p->dst_mip_level, mips[1] = p->src_mip_level;
    layers[0] = p->dst_array_layer, layers[1] = p->src_array_layer;
    xs[0] = p->dst_x, xs[1] = p->src_x, ys[0] = p->dst_y, ys[1] = p->src_y;
    if (!dst->is_texture || !src->is_texture || dst->tex.format != src->tex.format)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "COPY_TEXTURE2D needs two textures of one format");
    aerocmd_priv_exec_format(dst->tex.format, &f);
    for (i = 0; i < 2; i++) {
        if (mips[i] >= r[i]->tex.mip_levels || layers[i] >= r[i]->tex.array_layers)
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_COPY_OUT_OF_BOUNDS,
                                          "mip %u / layer %u does not exist", mips[i], layers[i]);
        aerocmd_texture_subresource(
            &r[i]->tex, aerocmd_priv_exec_subresource(r[i], mips[i], layers[i]), &subs[i], NULL);
        if (xs[i] > subs[i].width || p->width > subs[i].width - xs[i] || ys[i] > subs[i].height ||
            p->height > subs[i].height - ys[i])
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_COPY_OUT_OF_BOUNDS,
                                          "rectangle %ux%u at (%u, %u) is outside the %ux%u "
                                          "subresource",
                                          p->width, p->height, xs[i], ys[i], subs[i].width,
                                          subs[i].height);
        if (f.is_depth &&
            (xs[i] != 0 || ys[i] != 0 || p->width != subs[i].width || p->height != subs[i].height))
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                          "depth-stencil copies cover whole subresources in "
                                          "Direct3D");
    }
    /* the validator's rules (copy_same_subresource, copy_unaligned); reached only when its
     * tracker was given up */
    if (dst == src && mips[0] == mips[1] && layers[0] == layers[1])
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_COPY_SAME_SUBRESOURCE,
                                      "a copy inside one subresource");
    if (!in_blocks(src->tex.format, p, &subs[1]))
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_COPY_UNALIGNED,
                                      "a block-compressed copy not in whole 4x4 blocks");
    return writeback_check(ctx, dst, p->flags);
}

/* Writes the copied rectangle of the destination back into guest memory. */
static aerocmd_result texture_writeback(struct exec_ctx *ctx,
                                        const struct aerogpu_cmd_copy_texture2d *p,
                                        struct exec_resource *dst,
                                        const struct aerocmd_subresource_layout *sub)
{
    struct aerocmd_exec_image img;
    struct aerocmd_texture_layout layout;
    uint8_t *guest;
    uint32_t row, bs, x0, x1, r0, r1;
    aerocmd_result r = aerocmd_priv_exec_read_subresource(
        ctx, dst, dst->tex.format, p->dst_mip_level, p->dst_array_layer, &img);
    if (r != AEROCMD_OK)
        return r;
    aerocmd_texture_layout(&dst->tex, &layout, NULL);
    bs = layout.block_size;
    x0 = p->dst_x / bs * layout.block_bytes;
    x1 = (p->dst_x + p->width + bs - 1u) / bs * layout.block_bytes;
    r0 = p->dst_y / bs;
    r1 = (p->dst_y + p->height + bs - 1u) / bs;
    guest = aerocmd_priv_exec_backing(ctx, dst, sub->offset_bytes, sub->size_bytes);
    for (row = r0; guest != NULL && row < r1 && row < img.raw_rows; row++) {
        size_t at = (size_t)row * sub->row_pitch_bytes + x0;
        memcpy(guest + at, img.raw + (size_t)row * img.raw_row_bytes + x0, x1 - x0);
        if (ctx->ex->hooks.writeback != NULL)
            ctx->ex->hooks.writeback(ctx->ex->hooks.user, dst->backing_alloc_id,
                                     (uint64_t)dst->backing_offset + sub->offset_bytes + at,
                                     x1 - x0);
    }
    aerocmd_priv_exec_image_drop(ctx->ex, &img);
    return guest != NULL ? AEROCMD_OK : ctx->err->result;
}

/* Bytes of a width x height rectangle of the texture's format (whole 4x4 blocks). */
static uint64_t copy_bytes(const struct exec_resource *dst,
                           const struct aerogpu_cmd_copy_texture2d *p)
{
    struct aerocmd_texture_layout layout;
    uint32_t bs;
    if (aerocmd_texture_layout(&dst->tex, &layout, NULL) != AEROCMD_OK)
        return 0;
    bs = layout.block_size;
    return (uint64_t)((p->width + bs - 1u) / bs) * ((p->height + bs - 1u) / bs) *
           layout.block_bytes;
}

aerocmd_result aerocmd_priv_exec_copy_texture_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_copy_texture2d *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_copy_texture2d, AEROGPU_CMD_COPY_TEXTURE2D);
    struct exec_resource *dst = resource_of(ctx, p->dst_texture, "the destination");
    struct exec_resource *src = dst != NULL ? resource_of(ctx, p->src_texture, "the source") : NULL;
    struct aerocmd_subresource_layout subs[2];
    D3D12_TEXTURE_COPY_LOCATION to, from;
    D3D12_BOX box;
    aerocmd_result r;
    if (src == NULL)
        return ctx->err->result;
    if ((r = texture_copy_check(ctx, p, dst, src, subs)) != AEROCMD_OK ||
        (r = aerocmd_priv_exec_work(ctx, copy_bytes(dst, p), "the bytes copied")) != AEROCMD_OK)
        return r;
    if (ctx->ex->gpu.device == NULL || p->width == 0 || p->height == 0)
        return AEROCMD_OK;
    memset(&to, 0, sizeof(to));
    memset(&from, 0, sizeof(from));
    to.pResource = dst->res, from.pResource = src->res;
    to.Type = from.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    to.SubresourceIndex = aerocmd_priv_exec_subresource(dst, p->dst_mip_level, p->dst_array_layer);
    from.SubresourceIndex =
        aerocmd_priv_exec_subresource(src, p->src_mip_level, p->src_array_layer);
    box.left = p->src_x, box.top = p->src_y, box.front = 0;
    box.right = p->src_x + p->width < subs[1].width ? p->src_x + p->width : subs[1].width;
    box.bottom = p->src_y + p->height < subs[1].height ? p->src_y + p->height : subs[1].height;
    box.back = 1;
    aerocmd_priv_exec_transition(ctx->ex, src, from.SubresourceIndex, 1,
                                 D3D12_RESOURCE_STATE_COPY_SOURCE);
    aerocmd_priv_exec_transition(ctx->ex, dst, to.SubresourceIndex, 1,
                                 D3D12_RESOURCE_STATE_COPY_DEST);
    ID3D12GraphicsCommandList_CopyTextureRegion(ctx->ex->gpu.list, &to, p->dst_x, p->dst_y, 0,
                                                &from, &box);
    if ((p->flags & AEROGPU_COPY_FLAG_WRITEBACK_DST) == 0)
        return AEROCMD_OK;
    return texture_writeback(ctx, p, dst, &subs[0]);
}
