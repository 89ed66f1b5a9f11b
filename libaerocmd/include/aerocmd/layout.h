/* SPDX-License-Identifier: MIT */
/* layout.h — where each subresource of a guest-backed Texture2D lives (kernel-safe core).
 *
 * The packing is RULES.md "Texture layout in guest memory": for each array layer in turn,
 * mips 0..n-1 back to back; mip extent max(1, size >> level); mip 0 uses the given row
 * pitch (0 = tight), every other mip its tight pitch; rows are pixel rows, or rows of 4x4
 * blocks for BC formats; a mip's size is pitch x rows. Subresource index = mip + layer x
 * mip_levels, as in Direct3D. All sizes and offsets are relative to the texture's first
 * byte (the packet's backing_offset_bytes is the caller's to add).
 *
 * Every result must fit in 32 bits (pitches, sizes, offsets and the total): the packet's
 * row pitch and backing offset are 32-bit and no Windows 7 guest allocation holds a
 * texture past 4 GiB. result.h has no code for "too large", so these functions answer
 * AEROCMD_E_INVALID_ARG and say why in an optional `enum aerocmd_layout_fault`
 * out-parameter (callers that want E_OUTOFMEMORY for a huge texture map
 * AEROCMD_LAYOUT_FAULT_TOO_LARGE themselves).
 *
 * mip_levels = 0 means the full chain. More levels than the full chain are legal in the
 * stream (the extra levels are one pixel or block each) and are laid out accordingly;
 * Direct3D forbids them, so its callers compare with aerocmd_full_mip_count() first. */
#ifndef AEROCMD_LAYOUT_H
#define AEROCMD_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/result.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

enum aerocmd_layout_fault {
    AEROCMD_LAYOUT_FAULT_NONE = 0,
    AEROCMD_LAYOUT_FAULT_ARGUMENT = 1,         /* a required pointer is NULL */
    AEROCMD_LAYOUT_FAULT_FORMAT = 2,           /* not an aerogpu_format */
    AEROCMD_LAYOUT_FAULT_ZERO_EXTENT = 3,      /* width, height or array_layers is 0 */
    AEROCMD_LAYOUT_FAULT_PITCH_TOO_SMALL = 4,  /* mip-0 row pitch below the tight pitch */
    AEROCMD_LAYOUT_FAULT_TOO_LARGE = 5,        /* a pitch, size, offset or the total > 32 bits */
    AEROCMD_LAYOUT_FAULT_SUBRESOURCE = 6,      /* index >= mip_levels x array_layers */
    AEROCMD_LAYOUT_FAULT_ARRAY_TOO_SMALL = 7,  /* caller's array shorter than the count */
    AEROCMD_LAYOUT_FAULT_BOX = 8,              /* box reaches outside the subresource */
    AEROCMD_LAYOUT_FAULT_SOURCE_TOO_SMALL = 9, /* source pitch below a box row, or too short */
    AEROCMD_LAYOUT_FAULT_DEST_TOO_SMALL = 10   /* destination ends before the box's range */
};

struct aerocmd_texture_layout_desc {
    uint32_t format; /* aerogpu_format */
    uint32_t width;
    uint32_t height;
    uint32_t mip_levels; /* 0 = full chain */
    uint32_t array_layers;
    uint32_t row_pitch_bytes; /* of mip 0; 0 = tight */
};

struct aerocmd_texture_layout {
    uint32_t mip_levels; /* resolved: the full chain's length when the desc said 0 */
    uint32_t array_layers;
    uint32_t subresource_count;
    uint32_t block_bytes;        /* bytes per pixel, or per 4x4 block */
    uint32_t block_size;         /* 1, or 4 for BC formats (blocks are square) */
    uint32_t layer_stride_bytes; /* sum of the mip sizes */
    uint32_t total_bytes;
};

struct aerocmd_subresource_layout {
    uint32_t mip_level;
    uint32_t array_layer;
    uint32_t width; /* extent in pixels */
    uint32_t height;
    uint32_t row_bytes; /* tight bytes of one row */
    uint32_t row_pitch_bytes;
    uint32_t rows; /* pixel rows, or rows of 4x4 blocks */
    uint32_t offset_bytes;
    uint32_t size_bytes; /* row_pitch_bytes x rows */
};

/* A Direct3D box; a Texture2D uses front = 0, back = 1. Right/bottom/back are exclusive. */
struct aerocmd_box {
    uint32_t left;
    uint32_t top;
    uint32_t front;
    uint32_t right;
    uint32_t bottom;
    uint32_t back;
};

/* Levels of the full chain for a width x height texture: floor(log2(max)) + 1 (1 for 0). */
uint32_t aerocmd_full_mip_count(uint32_t width, uint32_t height);

/* Checks the description and computes the totals. */
aerocmd_result aerocmd_texture_layout(const struct aerocmd_texture_layout_desc *desc,
                                      struct aerocmd_texture_layout *out,
                                      enum aerocmd_layout_fault *fault);

/* One subresource, without materialising the others (O(mip levels)). */
aerocmd_result aerocmd_texture_subresource(const struct aerocmd_texture_layout_desc *desc,
                                           uint32_t subresource,
                                           struct aerocmd_subresource_layout *out,
                                           enum aerocmd_layout_fault *fault);

/* Every subresource, in subresource-index order, into out[0 .. subresource_count). `layout`
 * may be NULL. FAULT_ARRAY_TOO_SMALL (and nothing written) when capacity is short. */
aerocmd_result aerocmd_texture_subresources(const struct aerocmd_texture_layout_desc *desc,
                                            struct aerocmd_subresource_layout *out,
                                            uint32_t capacity,
                                            struct aerocmd_texture_layout *layout,
                                            enum aerocmd_layout_fault *fault);

/* The bytes [*begin, *end) of the texture that a box of one subresource covers (box NULL =
 * the whole subresource): from the box's first row to the end of its last row, including
 * any pitch padding between. BC boxes are widened to whole 4x4 blocks, and may reach the
 * block-rounded edge of a mip (a 2x2 BC mip accepts a 4x4 box). An empty box (left >=
 * right, top >= bottom or front >= back) gives an empty range at the subresource's offset. */
aerocmd_result aerocmd_texture_box_range(const struct aerocmd_texture_layout_desc *desc,
                                         uint32_t subresource, const struct aerocmd_box *box,
                                         uint32_t *begin, uint32_t *end,
                                         enum aerocmd_layout_fault *fault);

/* Direct3D's block rule for a copy between textures of `format`: for a block-compressed
 * format the source box starts on a 4x4 block boundary and ends on one or at the edge of
 * its mip (src_mip_width x src_mip_height texels), and the destination point is on a block
 * boundary; pixel formats have no such rule. 1 when the copy keeps it. Bounds are not
 * judged here. */
int aerocmd_texture_copy_in_blocks(uint32_t format, uint32_t src_mip_width, uint32_t src_mip_height,
                                   const struct aerocmd_box *src_box, uint32_t dst_x,
                                   uint32_t dst_y);

/* Copies a box of one subresource from caller memory laid out with `src_row_pitch` (the
 * box's first row at `src`, rows of blocks for BC, as UpdateSubresource and initial data
 * pass it) into `texture`, the texture's bytes in the guest packing. The source must hold
 * (rows - 1) x src_row_pitch + row bytes and its pitch must cover a row when there is more
 * than one; the texture buffer must reach the box's range end. Nothing is written on
 * failure; bytes outside the box's rows and columns are left alone. */
aerocmd_result aerocmd_texture_write_box(const struct aerocmd_texture_layout_desc *desc,
                                         uint32_t subresource, const struct aerocmd_box *box,
                                         const void *src, uint32_t src_row_pitch, size_t src_size,
                                         void *texture, size_t texture_size,
                                         enum aerocmd_layout_fault *fault);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_LAYOUT_H */
