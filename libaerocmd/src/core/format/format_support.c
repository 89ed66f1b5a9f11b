/* SPDX-License-Identifier: MIT */
/* format_support.c — the D3D10/11 CheckFormatSupport answer, computed from the two tables.
 *
 * Only what works end to end is reported. Never reported, because the protocol has no way
 * to say them: 1D/3D/cube textures, multisampling, mip autogeneration, stream-out, typed
 * UAVs, comparison sampling (samplers carry no compare function), gather. */
#include "format_internal.h"

/* Vertex and index formats are plain buffer contents: they need no texture support. */
static uint32_t buffer_support(const struct aerocmd_dxgi_info *row)
{
    uint32_t bits = 0;
    if (row->flags & AEROCMD_DXGI_FLAG_VERTEX)
        bits |= AEROCMD_FORMAT_SUPPORT_BUFFER | AEROCMD_FORMAT_SUPPORT_IA_VERTEX_BUFFER;
    if (row->flags & AEROCMD_DXGI_FLAG_INDEX)
        bits |= AEROCMD_FORMAT_SUPPORT_BUFFER | AEROCMD_FORMAT_SUPPORT_IA_INDEX_BUFFER;
    return bits;
}

/* What a texture of this format can be bound as, judged by the format's own class. */
static uint32_t binding_support(const struct aerocmd_dxgi_info *row,
                                const struct aerocmd_format_info *stored)
{
    uint32_t bits = 0;
    switch (row->dxgi_class) {
    case AEROCMD_DXGI_CLASS_COLOR:
        if (stored->caps & AEROCMD_FORMAT_CAP_SHADER_RESOURCE)
            bits |= AEROCMD_FORMAT_SUPPORT_SHADER_LOAD | AEROCMD_FORMAT_SUPPORT_SHADER_SAMPLE;
        if (stored->caps & AEROCMD_FORMAT_CAP_RENDER_TARGET)
            bits |= AEROCMD_FORMAT_SUPPORT_RENDER_TARGET;
        if (stored->caps & AEROCMD_FORMAT_CAP_BLENDABLE)
            bits |= AEROCMD_FORMAT_SUPPORT_BLENDABLE;
        if (stored->caps & AEROCMD_FORMAT_CAP_DISPLAY)
            bits |= AEROCMD_FORMAT_SUPPORT_DISPLAY;
        break;
    case AEROCMD_DXGI_CLASS_DEPTH:
        if (stored->caps & AEROCMD_FORMAT_CAP_DEPTH_TARGET)
            bits |= AEROCMD_FORMAT_SUPPORT_DEPTH_STENCIL;
        break;
    case AEROCMD_DXGI_CLASS_DEPTH_READ:
        if (stored->caps & AEROCMD_FORMAT_CAP_SHADER_RESOURCE)
            bits |= AEROCMD_FORMAT_SUPPORT_SHADER_LOAD | AEROCMD_FORMAT_SUPPORT_SHADER_SAMPLE;
        break;
    default:
        /* A typeless format is only a container; its views are asked about separately. */
        break;
    }
    return bits;
}

uint32_t aerocmd_dxgi_format_support(uint32_t dxgi_format, uint32_t abi_version)
{
    const struct aerocmd_dxgi_info *row = aerocmd_dxgi_info(dxgi_format);
    const struct aerocmd_format_info *stored;
    uint32_t bits;
    if (!row)
        return 0;
    bits = buffer_support(row);
    stored = aerocmd_format_info(row->texture_format);
    /* Below its minor a format is either refused (BC) or silently loses its sRGB meaning;
     * neither works end to end, so the texture side is not reported. */
    if (!stored || aerocmd_format_abi_minor(abi_version) < stored->min_abi_minor)
        return bits;
    bits |= AEROCMD_FORMAT_SUPPORT_TEXTURE2D | AEROCMD_FORMAT_SUPPORT_MIP;
    /* A staging texture is only worth mapping if GPU results can be copied into it. */
    if (stored->caps & AEROCMD_FORMAT_CAP_COPY_WRITEBACK)
        bits |= AEROCMD_FORMAT_SUPPORT_CPU_LOCKABLE;
    return bits | binding_support(row, stored);
}
