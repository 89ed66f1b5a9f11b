/* SPDX-License-Identifier: MIT */
/* layout.c — subresource offsets, pitches and sizes in the canonical guest packing. */
#include "layout_internal.h"

#include "aerocmd/format.h"

#define U32_LIMIT 0xFFFFFFFFull

uint32_t aerocmd_full_mip_count(uint32_t width, uint32_t height)
{
    uint32_t largest = width > height ? width : height;
    uint32_t levels = 1;
    while (largest > 1) {
        largest >>= 1;
        levels++;
    }
    return levels;
}

static uint32_t mip_extent(uint32_t extent, uint32_t level)
{
    uint32_t shifted = level >= 32 ? 0 : extent >> level;
    return shifted ? shifted : 1;
}

/* Pixels, or 4x4 blocks, needed to cover `extent`. */
static uint64_t units(uint32_t extent, uint32_t block_size)
{
    return ((uint64_t)extent + block_size - 1) / block_size;
}

static uint64_t tight_pitch(const struct layout_plan *plan, uint32_t level)
{
    return units(mip_extent(plan->width, level), plan->block_size) * plan->block_bytes;
}

static uint64_t level_pitch(const struct layout_plan *plan, uint32_t level)
{
    return level == 0 ? plan->pitch0 : tight_pitch(plan, level);
}

static uint64_t level_size(const struct layout_plan *plan, uint32_t level)
{
    return level_pitch(plan, level) * units(mip_extent(plan->height, level), plan->block_size);
}

/* Bytes of levels [0, level) within one layer; the plan guarantees it fits. */
static uint64_t levels_before(const struct layout_plan *plan, uint32_t level)
{
    uint64_t sum = 0;
    uint32_t l, summed = level < plan->distinct_levels ? level : plan->distinct_levels;
    for (l = 0; l < summed; l++)
        sum += level_size(plan, l);
    return sum + (uint64_t)(level - summed) * plan->block_bytes;
}

static aerocmd_result plan_pitch0(const struct aerocmd_texture_layout_desc *desc,
                                  struct layout_plan *plan, enum aerocmd_layout_fault *fault)
{
    uint64_t tight = tight_pitch(plan, 0);
    if (tight > U32_LIMIT)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_TOO_LARGE);
    if (desc->row_pitch_bytes != 0 && desc->row_pitch_bytes < tight)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_PITCH_TOO_SMALL);
    plan->pitch0 = desc->row_pitch_bytes ? desc->row_pitch_bytes : (uint32_t)tight;
    return AEROCMD_OK;
}

static aerocmd_result plan_sizes(struct layout_plan *plan, enum aerocmd_layout_fault *fault)
{
    uint64_t layer = 0, total;
    uint32_t level;
    for (level = 0; level < plan->distinct_levels; level++) {
        /* each term is below 2^64 - 2^33 and layer stays <= 2^32: no wrap */
        layer += level_size(plan, level);
        if (layer > U32_LIMIT)
            return layout_fail(fault, AEROCMD_LAYOUT_FAULT_TOO_LARGE);
    }
    layer += (uint64_t)(plan->mip_levels - plan->distinct_levels) * plan->block_bytes;
    total = layer * plan->array_layers;
    if (layer > U32_LIMIT || total > U32_LIMIT)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_TOO_LARGE);
    plan->layer_stride = (uint32_t)layer;
    plan->total = (uint32_t)total;
    /* every subresource has at least one byte, so the count fits as the total does */
    plan->subresource_count = plan->mip_levels * plan->array_layers;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_layout_plan(const struct aerocmd_texture_layout_desc *desc,
                                        struct layout_plan *plan, enum aerocmd_layout_fault *fault)
{
    const struct aerocmd_format_info *info;
    uint32_t full;
    aerocmd_result r;
    if (!desc)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_ARGUMENT);
    info = aerocmd_format_info(desc->format);
    if (!info)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_FORMAT);
    if (desc->width == 0 || desc->height == 0 || desc->array_layers == 0)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_ZERO_EXTENT);
    plan->block_bytes = info->block_bytes;
    plan->block_size = info->block_width;
    plan->width = desc->width;
    plan->height = desc->height;
    plan->array_layers = desc->array_layers;
    full = aerocmd_full_mip_count(desc->width, desc->height);
    plan->mip_levels = desc->mip_levels ? desc->mip_levels : full;
    plan->distinct_levels = plan->mip_levels < full ? plan->mip_levels : full;
    r = plan_pitch0(desc, plan, fault);
    if (r != AEROCMD_OK)
        return r;
    r = plan_sizes(plan, fault);
    if (r == AEROCMD_OK && fault)
        *fault = AEROCMD_LAYOUT_FAULT_NONE;
    return r;
}

static void describe_level(const struct layout_plan *plan, uint32_t level,
                           struct aerocmd_subresource_layout *out)
{
    out->mip_level = level;
    out->width = mip_extent(plan->width, level);
    out->height = mip_extent(plan->height, level);
    out->row_bytes = (uint32_t)tight_pitch(plan, level);
    out->row_pitch_bytes = (uint32_t)level_pitch(plan, level);
    out->rows = (uint32_t)units(out->height, plan->block_size);
    out->size_bytes = out->row_pitch_bytes * out->rows;
}

void aerocmd_priv_layout_plan_subresource(const struct layout_plan *plan, uint32_t index,
                                          struct aerocmd_subresource_layout *out)
{
    uint32_t level = index % plan->mip_levels;
    uint32_t layer = index / plan->mip_levels;
    describe_level(plan, level, out);
    out->array_layer = layer;
    out->offset_bytes = layer * plan->layer_stride + (uint32_t)levels_before(plan, level);
}

static void publish(const struct layout_plan *plan, struct aerocmd_texture_layout *out)
{
    out->mip_levels = plan->mip_levels;
    out->array_layers = plan->array_layers;
    out->subresource_count = plan->subresource_count;
    out->block_bytes = plan->block_bytes;
    out->block_size = plan->block_size;
    out->layer_stride_bytes = plan->layer_stride;
    out->total_bytes = plan->total;
}

aerocmd_result aerocmd_texture_layout(const struct aerocmd_texture_layout_desc *desc,
                                      struct aerocmd_texture_layout *out,
                                      enum aerocmd_layout_fault *fault)
{
    struct layout_plan plan;
    aerocmd_result r;
    if (!out)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_ARGUMENT);
    r = aerocmd_priv_layout_plan(desc, &plan, fault);
    if (r == AEROCMD_OK)
        publish(&plan, out);
    return r;
}

aerocmd_result aerocmd_texture_subresource(const struct aerocmd_texture_layout_desc *desc,
                                           uint32_t subresource,
                                           struct aerocmd_subresource_layout *out,
                                           enum aerocmd_layout_fault *fault)
{
    struct layout_plan plan;
    aerocmd_result r;
    if (!out)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_ARGUMENT);
    r = aerocmd_priv_layout_plan(desc, &plan, fault);
    if (r != AEROCMD_OK)
        return r;
    if (subresource >= plan.subresource_count)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_SUBRESOURCE);
    aerocmd_priv_layout_plan_subresource(&plan, subresource, out);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_texture_subresources(const struct aerocmd_texture_layout_desc *desc,
                                            struct aerocmd_subresource_layout *out,
                                            uint32_t capacity,
                                            struct aerocmd_texture_layout *layout,
                                            enum aerocmd_layout_fault *fault)
{
    struct layout_plan plan;
    uint32_t index, level, offset = 0;
    aerocmd_result r = aerocmd_priv_layout_plan(desc, &plan, fault);
    if (r != AEROCMD_OK)
        return r;
    if (capacity < plan.subresource_count)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_ARRAY_TOO_SMALL);
    if (!out)
        return layout_fail(fault, AEROCMD_LAYOUT_FAULT_ARGUMENT);
    /* One running offset instead of re-summing the mips for every subresource. */
    for (index = 0; index < plan.subresource_count; index++) {
        level = index % plan.mip_levels;
        describe_level(&plan, level, &out[index]);
        out[index].array_layer = index / plan.mip_levels;
        out[index].offset_bytes = offset;
        offset += out[index].size_bytes;
    }
    if (layout)
        publish(&plan, layout);
    return AEROCMD_OK;
}
