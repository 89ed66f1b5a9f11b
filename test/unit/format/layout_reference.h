/* SPDX-License-Identifier: MIT */
/* layout_reference.h — a slow, independent model of RULES.md "Texture layout in guest
 * memory" for the layout tests. It walks every layer and mip, halving extents one step at
 * a time and accumulating offsets in 64 bits; it never calls the library. */
#ifndef AEROCMD_TEST_LAYOUT_REFERENCE_H
#define AEROCMD_TEST_LAYOUT_REFERENCE_H

#include <stdint.h>

#include "aerogpu_pci.h"

struct ref_sub {
    uint64_t width, height, row_bytes, pitch, rows, offset, size;
};

struct ref_format {
    uint32_t bytes; /* per pixel or per 4x4 block; 0 = not a format */
    uint32_t block; /* 1 or 4 */
};

/* Bytes per element, straight from the RULES.md list. */
static struct ref_format ref_format_of(uint32_t format)
{
    struct ref_format f = {0, 1};
    if ((format >= AEROGPU_FORMAT_B8G8R8A8_UNORM && format <= AEROGPU_FORMAT_R8G8B8X8_UNORM) ||
        (format >= AEROGPU_FORMAT_B8G8R8A8_UNORM_SRGB &&
         format <= AEROGPU_FORMAT_R8G8B8X8_UNORM_SRGB) ||
        format == AEROGPU_FORMAT_D24_UNORM_S8_UINT || format == AEROGPU_FORMAT_D32_FLOAT)
        f.bytes = 4;
    else if (format == AEROGPU_FORMAT_B5G6R5_UNORM || format == AEROGPU_FORMAT_B5G5R5A1_UNORM)
        f.bytes = 2;
    else if (format == AEROGPU_FORMAT_BC1_RGBA_UNORM ||
             format == AEROGPU_FORMAT_BC1_RGBA_UNORM_SRGB)
        f.bytes = 8, f.block = 4;
    else if (format >= AEROGPU_FORMAT_BC2_RGBA_UNORM &&
             format <= AEROGPU_FORMAT_BC7_RGBA_UNORM_SRGB)
        f.bytes = 16, f.block = 4;
    return f;
}

/* Full chain: one more than the index of the highest set bit of the larger side. */
static uint32_t ref_full_chain(uint32_t w, uint32_t h)
{
    uint32_t m = w > h ? w : h;
    int bit;
    for (bit = 31; bit > 0; bit--)
        if (m & (1u << bit))
            return (uint32_t)bit + 1;
    return 1;
}

static uint64_t ref_blocks(uint64_t extent, uint32_t block)
{
    return extent / block + (extent % block ? 1 : 0);
}

/* Fills subs[mip + layer * mips]; returns the total (64-bit, possibly above 4 GiB). */
static uint64_t ref_layout(uint32_t format, uint32_t width, uint32_t height, uint32_t mips,
                           uint32_t layers, uint32_t pitch0, struct ref_sub *subs)
{
    struct ref_format f = ref_format_of(format);
    uint64_t offset = 0;
    uint32_t layer, mip, step;
    if (mips == 0)
        mips = ref_full_chain(width, height);
    for (layer = 0; layer < layers; layer++) {
        for (mip = 0; mip < mips; mip++) {
            struct ref_sub s;
            s.width = width;
            s.height = height;
            for (step = 0; step < mip; step++) {
                s.width = s.width > 1 ? s.width / 2 : 1;
                s.height = s.height > 1 ? s.height / 2 : 1;
            }
            s.row_bytes = ref_blocks(s.width, f.block) * f.bytes;
            s.pitch = (mip == 0 && pitch0) ? pitch0 : s.row_bytes;
            s.rows = ref_blocks(s.height, f.block);
            s.size = s.pitch * s.rows;
            s.offset = offset;
            offset += s.size;
            if (subs)
                subs[mip + layer * mips] = s;
        }
    }
    return offset;
}

#endif /* AEROCMD_TEST_LAYOUT_REFERENCE_H */
