/* texture_layout.c — texture sizes in the canonical guest-memory packing. */
#include "texture_layout.h"

#include "aerogpu_pci.h"

/* Beyond this many levels every mip is 1x1, so the remaining levels are all alike. */
#define DISTINCT_LEVELS 32u

struct element_info {
    uint32_t bytes; /* per pixel, or per 4x4 block */
    int is_block;
};

static int element_of(uint32_t format, struct element_info *out)
{
    out->is_block = 0;
    switch (format) {
    case AEROGPU_FORMAT_B8G8R8A8_UNORM:
    case AEROGPU_FORMAT_B8G8R8X8_UNORM:
    case AEROGPU_FORMAT_R8G8B8A8_UNORM:
    case AEROGPU_FORMAT_R8G8B8X8_UNORM:
    case AEROGPU_FORMAT_B8G8R8A8_UNORM_SRGB:
    case AEROGPU_FORMAT_B8G8R8X8_UNORM_SRGB:
    case AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB:
    case AEROGPU_FORMAT_R8G8B8X8_UNORM_SRGB:
    case AEROGPU_FORMAT_D24_UNORM_S8_UINT:
    case AEROGPU_FORMAT_D32_FLOAT:
        out->bytes = 4;
        return 1;
    case AEROGPU_FORMAT_B5G6R5_UNORM:
    case AEROGPU_FORMAT_B5G5R5A1_UNORM:
        out->bytes = 2;
        return 1;
    case AEROGPU_FORMAT_BC1_RGBA_UNORM:
    case AEROGPU_FORMAT_BC1_RGBA_UNORM_SRGB:
        out->bytes = 8;
        out->is_block = 1;
        return 1;
    case AEROGPU_FORMAT_BC2_RGBA_UNORM:
    case AEROGPU_FORMAT_BC2_RGBA_UNORM_SRGB:
    case AEROGPU_FORMAT_BC3_RGBA_UNORM:
    case AEROGPU_FORMAT_BC3_RGBA_UNORM_SRGB:
    case AEROGPU_FORMAT_BC7_RGBA_UNORM:
    case AEROGPU_FORMAT_BC7_RGBA_UNORM_SRGB:
        out->bytes = 16;
        out->is_block = 1;
        return 1;
    default:
        return 0;
    }
}

uint32_t aerocmd_sem_mip_extent(uint32_t extent, uint32_t level)
{
    uint32_t e = level >= 32 ? 0 : extent >> level;
    return e ? e : 1;
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    if (a != 0 && b > UINT64_MAX / a)
        return UINT64_MAX;
    return a * b;
}

/* Rows of pixels, or of 4x4 blocks. */
static uint64_t units(uint32_t extent, int is_block)
{
    return is_block ? ((uint64_t)extent + 3) / 4 : extent;
}

static uint64_t tight_pitch(const struct aerocmd_sem_texture *tex, const struct element_info *el,
                            uint32_t level)
{
    return units(aerocmd_sem_mip_extent(tex->width, level), el->is_block) * el->bytes;
}

static uint64_t mip_size(const struct aerocmd_sem_texture *tex, const struct element_info *el,
                         uint32_t level, uint64_t pitch)
{
    return sat_mul(pitch, units(aerocmd_sem_mip_extent(tex->height, level), el->is_block));
}

enum aerocmd_sem_layout_status aerocmd_sem_texture_size(const struct aerocmd_sem_texture *tex,
                                                        uint64_t *size_bytes)
{
    struct element_info el;
    enum aerocmd_sem_layout_status status = AEROCMD_SEM_LAYOUT_OK;
    uint64_t layer = 0, pitch0;
    uint32_t level, distinct;
    if (!element_of(tex->format, &el)) {
        *size_bytes = UINT64_MAX;
        return AEROCMD_SEM_LAYOUT_UNKNOWN_FORMAT;
    }
    pitch0 = tight_pitch(tex, &el, 0);
    if (tex->row_pitch_bytes != 0) {
        if (tex->row_pitch_bytes < pitch0)
            status = AEROCMD_SEM_LAYOUT_PITCH_TOO_SMALL;
        else
            pitch0 = tex->row_pitch_bytes;
    }
    distinct = tex->mip_levels < DISTINCT_LEVELS ? tex->mip_levels : DISTINCT_LEVELS;
    for (level = 0; level < distinct; level++) {
        uint64_t pitch = level == 0 ? pitch0 : tight_pitch(tex, &el, level);
        layer = sat_add(layer, mip_size(tex, &el, level, pitch));
    }
    if (tex->mip_levels > DISTINCT_LEVELS) {
        /* a 1x1 mip is one element */
        layer = sat_add(layer, sat_mul(tex->mip_levels - DISTINCT_LEVELS, el.bytes));
    }
    *size_bytes = sat_mul(layer, tex->array_layers);
    return status;
}
