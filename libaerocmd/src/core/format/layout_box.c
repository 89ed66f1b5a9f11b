/* SPDX-License-Identifier: MIT */
/* layout_box.c — a box of one subresource as bytes of the guest packing: the covering
 * range (dirty ranges, partial uploads) and the row-by-row copy from caller memory. */
#include <string.h>

#include "aerocmd/format.h"
#include "layout_internal.h"

/* A non-empty box converted to whole units (pixels or 4x4 blocks) of one subresource. */
struct unit_box {
    uint32_t first_column;
    uint32_t columns;
    uint32_t first_row;
    uint32_t rows;
};

struct box_span {
    struct aerocmd_subresource_layout sub;
    struct unit_box units;
    int empty;
    uint32_t row_bytes; /* bytes of one box row */
    uint32_t begin;
    uint32_t end;
};

static uint32_t round_up_units(uint32_t value, uint32_t block_size)
{
    return (uint32_t)(((uint64_t)value + block_size - 1) / block_size);
}

static int box_is_empty(const struct aerocmd_box *box)
{
    return box->left >= box->right || box->top >= box->bottom || box->front >= box->back;
}

/* Bounds are checked against the block-rounded extent, which for pixel formats is the
 * extent itself. */
static int box_to_units(const struct aerocmd_box *box, const struct aerocmd_subresource_layout *sub,
                        uint32_t block_size, struct unit_box *out)
{
    uint32_t columns_total = round_up_units(sub->width, block_size);
    uint32_t right = round_up_units(box->right, block_size);
    uint32_t bottom = round_up_units(box->bottom, block_size);
    if (right > columns_total || bottom > sub->rows || box->back > 1)
        return 0;
    out->first_column = box->left / block_size;
    out->columns = right - out->first_column;
    out->first_row = box->top / block_size;
    out->rows = bottom - out->first_row;
    return 1;
}

static aerocmd_result locate_box(const struct aerocmd_texture_layout_desc *desc,
                                 uint32_t subresource, const struct aerocmd_box *box,
                                 struct box_span *span, enum aerocmd_layout_fault *fault)
{
    struct layout_plan plan;
    struct aerocmd_box whole;
    aerocmd_result r = aerocmd_priv_layout_plan(desc, &plan, fault);
    if (r != AEROCMD_OK)
        return r;
    if (subresource >= plan.subresource_count)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_SUBRESOURCE);
    aerocmd_priv_layout_plan_subresource(&plan, subresource, &span->sub);
    if (!box) {
        whole.left = whole.top = whole.front = 0;
        whole.right = span->sub.width;
        whole.bottom = span->sub.height;
        whole.back = 1;
        box = &whole;
    }
    span->empty = box_is_empty(box);
    span->begin = span->end = span->sub.offset_bytes;
    if (span->empty)
        return AEROCMD_OK;
    if (!box_to_units(box, &span->sub, plan.block_size, &span->units))
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_BOX);
    /* Both ends lie inside the subresource, which lies inside the 32-bit total. */
    span->row_bytes = span->units.columns * plan.block_bytes;
    span->begin += span->units.first_row * span->sub.row_pitch_bytes +
                   span->units.first_column * plan.block_bytes;
    span->end = span->begin + (span->units.rows - 1) * span->sub.row_pitch_bytes + span->row_bytes;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_texture_box_range(const struct aerocmd_texture_layout_desc *desc,
                                         uint32_t subresource, const struct aerocmd_box *box,
                                         uint32_t *begin, uint32_t *end,
                                         enum aerocmd_layout_fault *fault)
{
    struct box_span span;
    aerocmd_result r;
    if (!begin || !end)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_ARGUMENT);
    r = locate_box(desc, subresource, box, &span, fault);
    if (r != AEROCMD_OK)
        return r;
    *begin = span.begin;
    *end = span.end;
    return AEROCMD_OK;
}

static int source_is_large_enough(const struct box_span *span, uint32_t src_row_pitch,
                                  size_t src_size)
{
    uint64_t needed;
    if (span->units.rows > 1 && src_row_pitch < span->row_bytes)
        return 0;
    needed = (uint64_t)(span->units.rows - 1) * src_row_pitch + span->row_bytes;
    return needed <= (uint64_t)src_size;
}

aerocmd_result aerocmd_texture_write_box(const struct aerocmd_texture_layout_desc *desc,
                                         uint32_t subresource, const struct aerocmd_box *box,
                                         const void *src, uint32_t src_row_pitch, size_t src_size,
                                         void *texture, size_t texture_size,
                                         enum aerocmd_layout_fault *fault)
{
    struct box_span span;
    const uint8_t *from = (const uint8_t *)src;
    uint8_t *to = (uint8_t *)texture;
    uint32_t row;
    aerocmd_result r = locate_box(desc, subresource, box, &span, fault);
    if (r != AEROCMD_OK || span.empty)
        return r;
    if (!src || !texture)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_ARGUMENT);
    if (!source_is_large_enough(&span, src_row_pitch, src_size))
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_SOURCE_TOO_SMALL);
    if ((uint64_t)span.end > (uint64_t)texture_size)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_DEST_TOO_SMALL);
    for (row = 0; row < span.units.rows; row++) {
        memcpy(to + span.begin + (size_t)row * span.sub.row_pitch_bytes,
               from + (size_t)row * src_row_pitch, span.row_bytes);
    }
    return AEROCMD_OK;
}

/* An edge of a copy box: on a block boundary, or (an end) at the mip's edge. */
static int on_block_edge(uint32_t at, uint32_t block, uint32_t mip_edge)
{
    return at % block == 0 || at == mip_edge;
}

int aerocmd_texture_copy_in_blocks(uint32_t format, uint32_t src_mip_width, uint32_t src_mip_height,
                                   const struct aerocmd_box *src_box, uint32_t dst_x,
                                   uint32_t dst_y)
{
    const struct aerocmd_format_info *info = aerocmd_format_info(format);
    uint32_t bw, bh;
    if (info == 0 || src_box == 0)
        return src_box != 0;
    bw = info->block_width, bh = info->block_height;
    return src_box->left % bw == 0 && src_box->top % bh == 0 && dst_x % bw == 0 &&
           dst_y % bh == 0 && on_block_edge(src_box->right, bw, src_mip_width) &&
           on_block_edge(src_box->bottom, bh, src_mip_height);
}
