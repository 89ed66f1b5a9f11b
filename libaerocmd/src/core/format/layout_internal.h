/* SPDX-License-Identifier: MIT */
/* layout_internal.h — the checked facts of one texture description, shared by the layout
 * files so that each public call validates once and then only does arithmetic. */
#ifndef AEROCMD_LAYOUT_INTERNAL_H
#define AEROCMD_LAYOUT_INTERNAL_H

#include <stdint.h>

#include "aerocmd/layout.h"

struct layout_plan {
    uint32_t block_bytes;
    uint32_t block_size;
    uint32_t width;
    uint32_t height;
    uint32_t pitch0;
    uint32_t mip_levels;
    uint32_t array_layers;
    uint32_t subresource_count;
    /* Levels whose sizes are summed one by one; every later level is 1x1 (one block). */
    uint32_t distinct_levels;
    uint32_t layer_stride;
    uint32_t total;
};

static inline aerocmd_result layout_fail(enum aerocmd_layout_fault *fault,
                                         enum aerocmd_layout_fault why)
{
    if (fault)
        *fault = why;
    return AEROCMD_E_INVALID_ARG;
}

/* Validates desc; fills plan. AEROCMD_OK or AEROCMD_E_INVALID_ARG with *fault set. */
aerocmd_result aerocmd_priv_layout_plan(const struct aerocmd_texture_layout_desc *desc,
                                        struct layout_plan *plan, enum aerocmd_layout_fault *fault);

/* The subresource `index` (< plan->subresource_count, checked by the caller). */
void aerocmd_priv_layout_plan_subresource(const struct layout_plan *plan, uint32_t index,
                                          struct aerocmd_subresource_layout *out);

#endif /* AEROCMD_LAYOUT_INTERNAL_H */
