/* texture_layout.h — private, minimal texture size math for the semantic pass, following
 * RULES.md "Texture layout in guest memory". Only what bounds checks need; the library's
 * format module is the full story. */
#ifndef AEROCMD_SEMANTIC_TEXTURE_LAYOUT_H
#define AEROCMD_SEMANTIC_TEXTURE_LAYOUT_H

#include <stdint.h>

#include "tracker.h"

/* max(1, extent >> level), defined for every level. */
uint32_t aerocmd_sem_mip_extent(uint32_t extent, uint32_t level);

enum aerocmd_sem_layout_status {
    AEROCMD_SEM_LAYOUT_OK,
    AEROCMD_SEM_LAYOUT_UNKNOWN_FORMAT, /* size reported as UINT64_MAX */
    AEROCMD_SEM_LAYOUT_PITCH_TOO_SMALL /* size computed with the tight pitch */
};

/* Bytes the texture spans in the canonical packing (all layers, all mips). Saturates at
 * UINT64_MAX instead of wrapping, which no allocation can hold. */
enum aerocmd_sem_layout_status aerocmd_sem_texture_size(const struct aerocmd_sem_texture *tex,
                                                        uint64_t *size_bytes);

#endif /* AEROCMD_SEMANTIC_TEXTURE_LAYOUT_H */
