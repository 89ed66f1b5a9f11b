/* SPDX-License-Identifier: MIT */
/* Texture sizes for the semantic pass, from the format module's canonical layout so that
 * the validator and the encoder agree byte for byte. */
#include "texture_layout.h"

#include "aerocmd/layout.h"

uint32_t aerocmd_priv_sem_mip_extent(uint32_t extent, uint32_t level)
{
    uint32_t e = level >= 32 ? 0 : extent >> level;
    return e ? e : 1;
}

static enum aerocmd_layout_fault layout_total(const struct aerocmd_sem_texture *tex,
                                              uint32_t row_pitch_bytes, uint64_t *size_bytes)
{
    struct aerocmd_texture_layout_desc desc;
    struct aerocmd_texture_layout layout;
    enum aerocmd_layout_fault fault = AEROCMD_LAYOUT_FAULT_NONE;
    desc.format = tex->format;
    desc.width = tex->width;
    desc.height = tex->height;
    desc.mip_levels = tex->mip_levels;
    desc.array_layers = tex->array_layers;
    desc.row_pitch_bytes = row_pitch_bytes;
    /* Anything the layout refuses (unknown format, beyond 32-bit sizes) is reported as a
     * size no allocation can hold, so a backed texture fails its backing check. */
    *size_bytes = aerocmd_texture_layout(&desc, &layout, &fault) == AEROCMD_OK ? layout.total_bytes
                                                                               : UINT64_MAX;
    return fault;
}

enum aerocmd_sem_layout_status aerocmd_priv_sem_texture_size(const struct aerocmd_sem_texture *tex,
                                                             uint64_t *size_bytes)
{
    enum aerocmd_layout_fault fault = layout_total(tex, tex->row_pitch_bytes, size_bytes);
    if (fault == AEROCMD_LAYOUT_FAULT_PITCH_TOO_SMALL) {
        (void)layout_total(tex, 0, size_bytes);
        return AEROCMD_SEM_LAYOUT_PITCH_TOO_SMALL;
    }
    if (fault == AEROCMD_LAYOUT_FAULT_FORMAT)
        return AEROCMD_SEM_LAYOUT_UNKNOWN_FORMAT;
    return AEROCMD_SEM_LAYOUT_OK;
}
