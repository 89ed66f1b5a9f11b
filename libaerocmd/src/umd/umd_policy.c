/* SPDX-License-Identifier: MIT */
/* umd_policy.c — the device's compatibility policy and its approximation counters. */
#include "aerocmd/umd_policy.h"

#include "aerocmd/format.h"

#include "umd_internal.h"

/* The ids of doc/compatibility.md's approximated rows, in enum order. */
static const char *const approx_names[AEROCMD_UMD_APPROX_COUNT] = {
    "sampler.anisotropic",
    "sampler.mixed_filter",
    "sampler.mip_lod_bias",
    "sampler.lod_clamp",
    "sampler.border",
    "sampler.mirror_once",
    "rasterizer.slope_scaled_depth_bias",
    "rasterizer.depth_bias_clamp",
    "rasterizer.line_mode",
    "format.srgb_before_abi_1_2",
    "query.occlusion",
    "query.occlusion_predicate",
    "query.timestamp",
    "query.pipeline_statistics",
    "present.sync_interval",
};

uint32_t aerocmd_umd_device_policy(const struct aerocmd_umd_device *dev)
{
    return dev->policy;
}

uint64_t aerocmd_umd_approx_count(const struct aerocmd_umd_device *dev,
                                  enum aerocmd_umd_approx kind)
{
    if (dev == NULL || (uint32_t)kind >= AEROCMD_UMD_APPROX_COUNT)
        return 0;
    return dev->approx_counts[kind];
}

const char *aerocmd_umd_approx_name(enum aerocmd_umd_approx kind)
{
    return (uint32_t)kind < AEROCMD_UMD_APPROX_COUNT ? approx_names[kind] : NULL;
}

aerocmd_result aerocmd_priv_umd_policy_allows(const struct aerocmd_umd_device *dev,
                                              uint32_t approx_mask)
{
    if (approx_mask == 0 || dev->policy == AEROCMD_UMD_POLICY_COMPATIBLE)
        return AEROCMD_OK;
    return AEROCMD_E_NOT_IMPLEMENTED;
}

void aerocmd_priv_umd_count_approx(struct aerocmd_umd_device *dev, uint32_t approx_mask)
{
    while (approx_mask != 0) {
        uint32_t kind = umd_lowest_bit(approx_mask);
        dev->approx_counts[kind]++;
        approx_mask &= approx_mask - 1u;
    }
}

uint32_t aerocmd_priv_umd_format_approx(const struct aerocmd_umd_device *dev, uint32_t dxgi_format)
{
    const struct aerocmd_dxgi_info *d = aerocmd_dxgi_info(dxgi_format);
    const struct aerocmd_format_info *f = d != NULL ? aerocmd_format_info(d->texture_format) : NULL;
    if (f == NULL || !f->is_srgb || (dev->abi_version & 0xFFFFu) >= f->min_abi_minor)
        return 0;
    return UMD_APPROX(AEROCMD_UMD_APPROX_FORMAT_SRGB_AS_UNORM);
}
