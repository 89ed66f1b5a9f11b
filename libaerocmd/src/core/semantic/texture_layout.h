/* SPDX-License-Identifier: MIT */
/* texture_layout.h — private: the texture facts the semantic pass's bounds checks need,
 * computed by the format module's layout (layout.h). */
#ifndef AEROCMD_SEMANTIC_TEXTURE_LAYOUT_H
#define AEROCMD_SEMANTIC_TEXTURE_LAYOUT_H

#include <stdint.h>

#include "tracker.h"

/* max(1, extent >> level), defined for every level. */
uint32_t aerocmd_priv_sem_mip_extent(uint32_t extent, uint32_t level);

enum aerocmd_sem_layout_status {
    AEROCMD_SEM_LAYOUT_OK,
    AEROCMD_SEM_LAYOUT_UNKNOWN_FORMAT, /* size reported as UINT64_MAX */
    AEROCMD_SEM_LAYOUT_PITCH_TOO_SMALL /* size computed with the tight pitch */
};

/* Bytes the texture spans in the canonical packing (all layers, all mips). UINT64_MAX,
 * which no allocation can hold, when the layout cannot be computed (unknown format, sizes
 * beyond 32 bits). A pitch below tight is reported, with the size for the tight pitch. */
enum aerocmd_sem_layout_status aerocmd_priv_sem_texture_size(const struct aerocmd_sem_texture *tex,
                                                             uint64_t *size_bytes);

#endif /* AEROCMD_SEMANTIC_TEXTURE_LAYOUT_H */
