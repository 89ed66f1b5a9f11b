/* SPDX-License-Identifier: MIT */
/* umd_policy.h — what the state tracker does with Direct3D state the protocol cannot say
 * exactly (umd layer). doc/compatibility.md is the table; this header is its code side.
 *
 * Every such state is either represented exactly another way, approximated, or refused
 * with NOT_IMPLEMENTED at its create or set call (at the draw for state that is only
 * inexpressible in combination). Which approximations are allowed is the device's policy:
 * - STRICT refuses everything that is not exact (validation and tests); it is what a
 *   zeroed aerocmd_umd_device_desc asks for.
 * - COMPATIBLE (what the driver DLLs use) applies the table's approximations and counts
 *   each one: once per object created with it (a sampler, a rasterizer state, a texture or
 *   view, a query; a present for the sync interval), whether or not a later draw depends
 *   on the difference.
 * Nothing is ever approximated silently: state that is neither exact nor in the table is
 * refused under both policies. */
#ifndef AEROCMD_UMD_POLICY_H
#define AEROCMD_UMD_POLICY_H

#include <stdint.h>

#include "aerocmd/umd_device.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

enum aerocmd_umd_policy { AEROCMD_UMD_POLICY_STRICT = 0, AEROCMD_UMD_POLICY_COMPATIBLE = 1 };

/* The approximations of the compatible policy, one per "approximated" row of
 * doc/compatibility.md; aerocmd_umd_approx_name gives the row's id. New kinds are only
 * ever appended. */
enum aerocmd_umd_approx {
    AEROCMD_UMD_APPROX_SAMPLER_ANISOTROPIC = 0, /* anisotropic filtering sampled as linear */
    AEROCMD_UMD_APPROX_SAMPLER_MIXED_FILTER,    /* min/mag/mip filters that differ */
    AEROCMD_UMD_APPROX_SAMPLER_MIP_LOD_BIAS,    /* a LOD bias other than 0 ignored */
    AEROCMD_UMD_APPROX_SAMPLER_LOD_CLAMP,       /* MinLOD > 0 or MaxLOD < 14 ignored */
    AEROCMD_UMD_APPROX_SAMPLER_BORDER,          /* BORDER addressing as CLAMP */
    AEROCMD_UMD_APPROX_SAMPLER_MIRROR_ONCE,     /* MIRROR_ONCE addressing as MIRROR */
    AEROCMD_UMD_APPROX_RASTERIZER_SLOPE_SCALED_DEPTH_BIAS, /* dropped */
    AEROCMD_UMD_APPROX_RASTERIZER_DEPTH_BIAS_CLAMP,        /* dropped */
    AEROCMD_UMD_APPROX_RASTERIZER_LINE_MODE,      /* antialiased / multisample lines aliased */
    AEROCMD_UMD_APPROX_FORMAT_SRGB_AS_UNORM,      /* sRGB below ABI 1.2: no gamma conversion */
    AEROCMD_UMD_APPROX_QUERY_OCCLUSION,           /* viewport area per instance drawn */
    AEROCMD_UMD_APPROX_QUERY_OCCLUSION_PREDICATE, /* always TRUE (predication follows it) */
    AEROCMD_UMD_APPROX_QUERY_TIMESTAMP,           /* the ending submission's fence */
    AEROCMD_UMD_APPROX_QUERY_PIPELINE_STATISTICS, /* counted from the draws, some estimated */
    AEROCMD_UMD_APPROX_PRESENT_SYNC_INTERVAL,     /* intervals 2..4 wait for one blank */
    AEROCMD_UMD_APPROX_COUNT
};

/* The device's policy (enum aerocmd_umd_policy). */
uint32_t aerocmd_umd_device_policy(const struct aerocmd_umd_device *dev);

/* How many objects the device created with approximation `kind` (0 for a kind out of
 * range, and always 0 under STRICT). Counters are per device and start at 0. */
uint64_t aerocmd_umd_approx_count(const struct aerocmd_umd_device *dev,
                                  enum aerocmd_umd_approx kind);

/* The id of kind's row in doc/compatibility.md ("sampler.anisotropic", ...); NULL out of
 * range. */
const char *aerocmd_umd_approx_name(enum aerocmd_umd_approx kind);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_POLICY_H */
