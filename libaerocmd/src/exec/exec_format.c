/* SPDX-License-Identifier: MIT */
/* exec_format.c — how each aerogpu_format lives in Direct3D 12.
 *
 * Colour textures are created typeless where DXGI has a family, so that views may
 * reinterpret (UNORM <-> sRGB). X8 formats have no typeless DXGI family of their own that
 * D3D12 renders to (and R8G8B8X8 has no DXGI format at all), so they are stored as their A8
 * twin: shader-resource views force alpha to 1, render targets never write alpha and blend
 * factors that read destination alpha see 1 (exec_pipeline.c), readback reports A = 255.
 * Depth formats are stored typeless so that they can be read through a shader-resource
 * view (R24_UNORM_X8 / R32_FLOAT) as well as bound as depth.
 *
 * vkd3d 1.2 knows neither B5G6R5 nor B5G5R5A1. They are stored as R32G32B32A32_FLOAT holding
 * each channel's exact UNORM value (c / 31, c / 63, a): sampling and loads return what
 * Direct3D returns; texels are converted on the way in (uploads) and out (readback, with
 * Direct3D's round-to-nearest). Clears are quantized first. What a shader writes stays
 * unquantized until it is read back, so blending onto such a target blends against the
 * unquantized previous value (Direct3D would see the quantized one): an approximation. */
#include <math.h>
#include <string.h>

#include "exec_internal.h"

struct format_row {
    uint32_t format;
    const char *name;
    DXGI_FORMAT storage, view, depth;
    uint8_t no_alpha, is_depth, is_block, emulated;
};

static const struct format_row rows[] = {
    {AEROGPU_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8_UNORM", DXGI_FORMAT_B8G8R8A8_TYPELESS,
     DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_UNKNOWN, 0, 0, 0, 0},
    {AEROGPU_FORMAT_B8G8R8X8_UNORM, "B8G8R8X8_UNORM", DXGI_FORMAT_B8G8R8A8_TYPELESS,
     DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_UNKNOWN, 1, 0, 0, 0},
    {AEROGPU_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8_UNORM", DXGI_FORMAT_R8G8B8A8_TYPELESS,
     DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_UNKNOWN, 0, 0, 0, 0},
    {AEROGPU_FORMAT_R8G8B8X8_UNORM, "R8G8B8X8_UNORM", DXGI_FORMAT_R8G8B8A8_TYPELESS,
     DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_UNKNOWN, 1, 0, 0, 0},
    {AEROGPU_FORMAT_B5G6R5_UNORM, "B5G6R5_UNORM", DXGI_FORMAT_R32G32B32A32_FLOAT,
     DXGI_FORMAT_R32G32B32A32_FLOAT, DXGI_FORMAT_UNKNOWN, 1, 0, 0, 1},
    {AEROGPU_FORMAT_B5G5R5A1_UNORM, "B5G5R5A1_UNORM", DXGI_FORMAT_R32G32B32A32_FLOAT,
     DXGI_FORMAT_R32G32B32A32_FLOAT, DXGI_FORMAT_UNKNOWN, 0, 0, 0, 1},
    {AEROGPU_FORMAT_B8G8R8A8_UNORM_SRGB, "B8G8R8A8_UNORM_SRGB", DXGI_FORMAT_B8G8R8A8_TYPELESS,
     DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, DXGI_FORMAT_UNKNOWN, 0, 0, 0, 0},
    {AEROGPU_FORMAT_B8G8R8X8_UNORM_SRGB, "B8G8R8X8_UNORM_SRGB", DXGI_FORMAT_B8G8R8A8_TYPELESS,
     DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, DXGI_FORMAT_UNKNOWN, 1, 0, 0, 0},
    {AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB, "R8G8B8A8_UNORM_SRGB", DXGI_FORMAT_R8G8B8A8_TYPELESS,
     DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_UNKNOWN, 0, 0, 0, 0},
    {AEROGPU_FORMAT_R8G8B8X8_UNORM_SRGB, "R8G8B8X8_UNORM_SRGB", DXGI_FORMAT_R8G8B8A8_TYPELESS,
     DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_UNKNOWN, 1, 0, 0, 0},
    {AEROGPU_FORMAT_D24_UNORM_S8_UINT, "D24_UNORM_S8_UINT", DXGI_FORMAT_R24G8_TYPELESS,
     DXGI_FORMAT_R24_UNORM_X8_TYPELESS, DXGI_FORMAT_D24_UNORM_S8_UINT, 0, 1, 0, 0},
    {AEROGPU_FORMAT_D32_FLOAT, "D32_FLOAT", DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_R32_FLOAT,
     DXGI_FORMAT_D32_FLOAT, 0, 1, 0, 0},
    {AEROGPU_FORMAT_BC1_RGBA_UNORM, "BC1_RGBA_UNORM", DXGI_FORMAT_BC1_TYPELESS,
     DXGI_FORMAT_BC1_UNORM, DXGI_FORMAT_UNKNOWN, 0, 0, 1, 0},
    {AEROGPU_FORMAT_BC1_RGBA_UNORM_SRGB, "BC1_RGBA_UNORM_SRGB", DXGI_FORMAT_BC1_TYPELESS,
     DXGI_FORMAT_BC1_UNORM_SRGB, DXGI_FORMAT_UNKNOWN, 0, 0, 1, 0},
    {AEROGPU_FORMAT_BC2_RGBA_UNORM, "BC2_RGBA_UNORM", DXGI_FORMAT_BC2_TYPELESS,
     DXGI_FORMAT_BC2_UNORM, DXGI_FORMAT_UNKNOWN, 0, 0, 1, 0},
    {AEROGPU_FORMAT_BC2_RGBA_UNORM_SRGB, "BC2_RGBA_UNORM_SRGB", DXGI_FORMAT_BC2_TYPELESS,
     DXGI_FORMAT_BC2_UNORM_SRGB, DXGI_FORMAT_UNKNOWN, 0, 0, 1, 0},
    {AEROGPU_FORMAT_BC3_RGBA_UNORM, "BC3_RGBA_UNORM", DXGI_FORMAT_BC3_TYPELESS,
     DXGI_FORMAT_BC3_UNORM, DXGI_FORMAT_UNKNOWN, 0, 0, 1, 0},
    {AEROGPU_FORMAT_BC3_RGBA_UNORM_SRGB, "BC3_RGBA_UNORM_SRGB", DXGI_FORMAT_BC3_TYPELESS,
     DXGI_FORMAT_BC3_UNORM_SRGB, DXGI_FORMAT_UNKNOWN, 0, 0, 1, 0},
    {AEROGPU_FORMAT_BC7_RGBA_UNORM, "BC7_RGBA_UNORM", DXGI_FORMAT_BC7_TYPELESS,
     DXGI_FORMAT_BC7_UNORM, DXGI_FORMAT_UNKNOWN, 0, 0, 1, 0},
    {AEROGPU_FORMAT_BC7_RGBA_UNORM_SRGB, "BC7_RGBA_UNORM_SRGB", DXGI_FORMAT_BC7_TYPELESS,
     DXGI_FORMAT_BC7_UNORM_SRGB, DXGI_FORMAT_UNKNOWN, 0, 0, 1, 0},
};

static const struct format_row *row_of(uint32_t format)
{
    size_t i;
    for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
        if (rows[i].format == format)
            return &rows[i];
    return NULL;
}

int aerocmd_priv_exec_format(uint32_t aerogpu_format, struct exec_format *out)
{
    const struct format_row *r = row_of(aerogpu_format);
    if (r == NULL)
        return -1;
    out->storage = r->storage;
    out->view = r->view;
    out->depth = r->depth;
    out->no_alpha = r->no_alpha;
    out->is_depth = r->is_depth;
    out->is_block = r->is_block;
    out->emulated = r->emulated;
    return 0;
}

/* Channel widths (R, G, B, A) of the emulated 16-bit formats. */
static void packed_bits(uint32_t format, uint32_t max[4], uint32_t shift[4])
{
    int b5g6r5 = format == AEROGPU_FORMAT_B5G6R5_UNORM;
    max[0] = 31, shift[0] = b5g6r5 ? 11u : 10u;
    max[1] = b5g6r5 ? 63u : 31u, shift[1] = 5;
    max[2] = 31, shift[2] = 0;
    max[3] = b5g6r5 ? 0u : 1u, shift[3] = 15;
}

uint32_t aerocmd_priv_exec_storage_bytes(uint32_t format, uint32_t guest_bytes)
{
    const struct format_row *r = row_of(format);
    return r != NULL && r->emulated ? 16u : guest_bytes;
}

void aerocmd_priv_exec_to_storage(uint32_t format, const uint8_t *src, uint8_t *dst,
                                  uint32_t texels, uint32_t guest_bytes)
{
    const struct format_row *r = row_of(format);
    uint32_t max[4], shift[4], i, c;
    if (r == NULL || !r->emulated) {
        memcpy(dst, src, (size_t)texels * guest_bytes);
        return;
    }
    packed_bits(format, max, shift);
    for (i = 0; i < texels; i++) {
        uint32_t v = (uint32_t)src[2 * i] | ((uint32_t)src[2 * i + 1] << 8);
        float f[4];
        for (c = 0; c < 4; c++)
            f[c] = max[c] == 0 ? 1.0f : (float)((v >> shift[c]) & max[c]) / (float)max[c];
        memcpy(dst + 16u * i, f, sizeof(f));
    }
}

void aerocmd_priv_exec_from_storage(uint32_t format, const uint8_t *src, uint8_t *dst,
                                    uint32_t texels, uint32_t guest_bytes)
{
    const struct format_row *r = row_of(format);
    uint32_t max[4], shift[4], i, c;
    if (r == NULL || !r->emulated) {
        memcpy(dst, src, (size_t)texels * guest_bytes);
        return;
    }
    packed_bits(format, max, shift);
    for (i = 0; i < texels; i++) {
        uint32_t v = 0;
        float f[4];
        memcpy(f, src + 16u * i, sizeof(f));
        for (c = 0; c < 4; c++)
            v |= aerocmd_priv_exec_unorm(f[c], max[c]) << shift[c];
        dst[2 * i] = (uint8_t)v;
        dst[2 * i + 1] = (uint8_t)(v >> 8);
    }
}

uint32_t aerocmd_priv_exec_unorm(float f, uint32_t max)
{
    /* Direct3D's float -> UNORM: NaN is 0, clamp to [0, 1], round to nearest. */
    if (!(f > 0.0f))
        return 0;
    if (f >= 1.0f)
        return max;
    return (uint32_t)floorf(f * (float)max + 0.5f);
}

const char *aerocmd_priv_exec_format_name(uint32_t aerogpu_format)
{
    const struct format_row *r = row_of(aerogpu_format);
    return r != NULL ? r->name : "an unknown format";
}
