/* SPDX-License-Identifier: MIT */
/* format_table.c — one row of facts per aerogpu_format, and ABI-minor gating. */
#include "format_internal.h"

/* Rows are indexed by the format's numeric value; the gaps between the colour, depth and
 * BC ranges stay zero (block_bytes 0 marks "not a format"). */
#define FORMAT_TABLE_SIZE (AEROGPU_FORMAT_BC7_RGBA_UNORM_SRGB + 1)

/* 8-bit-per-channel colour: everything works, including writing copies back to the guest. */
#define CAPS_COLOR_8888                                                                            \
    (AEROCMD_FORMAT_CAP_RENDER_TARGET | AEROCMD_FORMAT_CAP_SHADER_RESOURCE |                       \
     AEROCMD_FORMAT_CAP_COPY_WRITEBACK | AEROCMD_FORMAT_CAP_BLENDABLE)
/* Only RGBA/BGRA with alpha are swap-chain formats in DXGI; the X8 variants are not. */
#define CAPS_DISPLAY_8888 (CAPS_COLOR_8888 | AEROCMD_FORMAT_CAP_DISPLAY)
/* The host keeps 16-bit formats expanded and packs them again on writeback. */
#define CAPS_COLOR_16 CAPS_COLOR_8888
/* WebGPU can neither render to BC textures nor should D3D ask; sampling and block-granular
 * buffer copies (hence writeback) work. */
#define CAPS_BC (AEROCMD_FORMAT_CAP_SHADER_RESOURCE | AEROCMD_FORMAT_CAP_COPY_WRITEBACK)
/* Depth textures are readable through depth views; WebGPU cannot copy a depth24plus
 * texture to a buffer at all, and the host promises no depth writeback, so neither format
 * claims writeback (and therefore no CPU-lockable staging either). */
#define CAPS_DEPTH (AEROCMD_FORMAT_CAP_DEPTH_TARGET | AEROCMD_FORMAT_CAP_SHADER_RESOURCE)

/* Minor from which sRGB and BC formats may appear in a stream (RULES.md "Versions"). */
#define MINOR_SRGB_BC 2u

#define PIXEL(fmt, bytes, caps) [fmt] = {fmt, bytes, 1, 1, 0, 0, 0, 0, caps, fmt}
#define PIXEL_SRGB(fmt, bytes, caps, twin)                                                         \
    [fmt] = {fmt, bytes, 1, 1, 0, 0, 1, MINOR_SRGB_BC, caps, twin}
#define DEPTH(fmt, depth, stencil) [fmt] = {fmt, 4, 1, 1, depth, stencil, 0, 0, CAPS_DEPTH, fmt}
#define BLOCK(fmt, bytes)          [fmt] = {fmt, bytes, 4, 4, 0, 0, 0, MINOR_SRGB_BC, CAPS_BC, fmt}
#define BLOCK_SRGB(fmt, bytes, twin)                                                               \
    [fmt] = {fmt, bytes, 4, 4, 0, 0, 1, MINOR_SRGB_BC, CAPS_BC, twin}

static const struct aerocmd_format_info format_table[FORMAT_TABLE_SIZE] = {
    PIXEL(AEROGPU_FORMAT_B8G8R8A8_UNORM, 4, CAPS_DISPLAY_8888),
    PIXEL(AEROGPU_FORMAT_B8G8R8X8_UNORM, 4, CAPS_COLOR_8888),
    PIXEL(AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, CAPS_DISPLAY_8888),
    PIXEL(AEROGPU_FORMAT_R8G8B8X8_UNORM, 4, CAPS_COLOR_8888),
    PIXEL(AEROGPU_FORMAT_B5G6R5_UNORM, 2, CAPS_COLOR_16),
    PIXEL(AEROGPU_FORMAT_B5G5R5A1_UNORM, 2, CAPS_COLOR_16),
    PIXEL_SRGB(AEROGPU_FORMAT_B8G8R8A8_UNORM_SRGB, 4, CAPS_DISPLAY_8888,
               AEROGPU_FORMAT_B8G8R8A8_UNORM),
    PIXEL_SRGB(AEROGPU_FORMAT_B8G8R8X8_UNORM_SRGB, 4, CAPS_COLOR_8888,
               AEROGPU_FORMAT_B8G8R8X8_UNORM),
    PIXEL_SRGB(AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB, 4, CAPS_DISPLAY_8888,
               AEROGPU_FORMAT_R8G8B8A8_UNORM),
    PIXEL_SRGB(AEROGPU_FORMAT_R8G8B8X8_UNORM_SRGB, 4, CAPS_COLOR_8888,
               AEROGPU_FORMAT_R8G8B8X8_UNORM),
    DEPTH(AEROGPU_FORMAT_D24_UNORM_S8_UINT, 24, 8),
    DEPTH(AEROGPU_FORMAT_D32_FLOAT, 32, 0),
    BLOCK(AEROGPU_FORMAT_BC1_RGBA_UNORM, 8),
    BLOCK_SRGB(AEROGPU_FORMAT_BC1_RGBA_UNORM_SRGB, 8, AEROGPU_FORMAT_BC1_RGBA_UNORM),
    BLOCK(AEROGPU_FORMAT_BC2_RGBA_UNORM, 16),
    BLOCK_SRGB(AEROGPU_FORMAT_BC2_RGBA_UNORM_SRGB, 16, AEROGPU_FORMAT_BC2_RGBA_UNORM),
    BLOCK(AEROGPU_FORMAT_BC3_RGBA_UNORM, 16),
    BLOCK_SRGB(AEROGPU_FORMAT_BC3_RGBA_UNORM_SRGB, 16, AEROGPU_FORMAT_BC3_RGBA_UNORM),
    BLOCK(AEROGPU_FORMAT_BC7_RGBA_UNORM, 16),
    BLOCK_SRGB(AEROGPU_FORMAT_BC7_RGBA_UNORM_SRGB, 16, AEROGPU_FORMAT_BC7_RGBA_UNORM),
};

const struct aerocmd_format_info *aerocmd_format_info(uint32_t aerogpu_format)
{
    const struct aerocmd_format_info *row;
    if (aerogpu_format >= FORMAT_TABLE_SIZE)
        return 0;
    row = &format_table[aerogpu_format];
    return row->block_bytes ? row : 0;
}

aerocmd_result aerocmd_format_for_abi(uint32_t aerogpu_format, uint32_t abi_version,
                                      uint32_t *out_format)
{
    const struct aerocmd_format_info *row = aerocmd_format_info(aerogpu_format);
    const struct aerocmd_format_info *twin;
    uint32_t minor = aerocmd_format_abi_minor(abi_version);
    if (!row)
        return AEROCMD_E_INVALID_ARG;
    if (minor >= row->min_abi_minor) {
        *out_format = row->format;
        return AEROCMD_OK;
    }
    /* Too new for the device: an sRGB format may fall back to its twin if the twin is old
     * enough (BC sRGB's twin is itself gated, so BC stays refused). */
    twin = aerocmd_format_info(row->unorm_twin);
    if (row->is_srgb && twin && minor >= twin->min_abi_minor) {
        *out_format = twin->format;
        return AEROCMD_OK;
    }
    return AEROCMD_E_NOT_IMPLEMENTED;
}

int aerocmd_format_view_compatible(uint32_t texture_format, uint32_t view_format)
{
    const struct aerocmd_format_info *texture = aerocmd_format_info(texture_format);
    const struct aerocmd_format_info *view = aerocmd_format_info(view_format);
    return texture && view && texture->unorm_twin == view->unorm_twin;
}
