/* SPDX-License-Identifier: MIT */
/* umd_caps.h — what a driver tells the Direct3D runtime it can do (umd layer).
 *
 * The runtime asks a Windows 7 user-mode driver a handful of capability questions: which
 * optional format features work (CheckFormatSupport), how many multisample quality levels
 * a format has, the adapter caps of GetCaps, which counters exist. The answers are rules
 * about the protocol and this library, so they live here; a shim only copies them into the
 * DDI's out parameters. They are given in the Windows DDI's own numbering (d3d10umddi.h),
 * which differs from the Direct3D API's (D3D11_FORMAT_SUPPORT_* in format.h), and they
 * claim only what works end to end. */
#ifndef AEROCMD_UMD_CAPS_H
#define AEROCMD_UMD_CAPS_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/export.h"
#include "aerocmd/result.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* ---- the adapter --------------------------------------------------------------------- */

/* What the kernel driver says about the device (aerogpu_umd_private_v1, RULES.md "Adapter
 * discovery"). */
struct aerocmd_umd_adapter_info {
    uint32_t abi_version; /* device_abi_version_u32 */
    uint64_t features;    /* AEROGPU_FEATURE_* */
};

/* Checks the blob the kernel driver answered the adapter query with: struct_version 1,
 * size_bytes >= 64 and no more than `bytes`, the "AGPU" device (the legacy "ARGP" device
 * speaks another protocol) and this library's ABI major. INVALID_ARG for a blob that is
 * not one (short, wrong version), NOT_IMPLEMENTED for a device this library cannot drive. */
aerocmd_result aerocmd_umd_adapter_info_parse(const void *blob, size_t bytes,
                                              struct aerocmd_umd_adapter_info *out);

/* GetCaps (D3D10_2DDIARG_GETCAPS), Windows 7's three cap types, each one UINT:
 * - threading: D3D11DDICAPS_FREETHREADED 1 / COMMANDLISTS 2 / COMMANDLISTS_BUILD_2 4;
 *   0 (creation and command lists are the runtime's to serialise and emulate);
 * - shader: D3D11DDICAPS_SHADER_DOUBLES 1 /
 *   COMPUTE_PLUS_RAW_AND_STRUCTURED_BUFFERS_IN_SHADER_4_X 2 / DEBUGGABLE 4;
 * - pipeline_levels: bit n set for D3D11DDI_3DPIPELINELEVEL n (10_0 = 0, 10_1 = 1,
 *   11_0 = 2) that the device implements. */
#define AEROCMD_DDI_CAPS_SHADER_DOUBLES            0x1u
#define AEROCMD_DDI_CAPS_SHADER_COMPUTE_4X_BUFFERS 0x2u
#define AEROCMD_DDI_PIPELINE_LEVEL_10_0            0u
#define AEROCMD_DDI_PIPELINE_LEVEL_10_1            1u
#define AEROCMD_DDI_PIPELINE_LEVEL_11_0            2u

struct aerocmd_umd_caps {
    uint32_t threading;
    uint32_t shader;
    uint32_t pipeline_levels;
};

/* The caps of a device of abi_version (all 0 for an ABI major this library cannot drive). */
void aerocmd_umd_adapter_caps(uint32_t abi_version, struct aerocmd_umd_caps *out);

/* ---- formats ------------------------------------------------------------------------- */

/* D3D10_DDI_FORMAT_SUPPORT_* (pfnCheckFormatSupport's out value). The runtime knows which
 * format features Direct3D requires; the driver answers the optional ones, and
 * NOT_SUPPORTED for a format it cannot use at all. */
#define AEROCMD_DDI_FORMAT_SHADER_SAMPLE            0x1u
#define AEROCMD_DDI_FORMAT_RENDERTARGET             0x2u
#define AEROCMD_DDI_FORMAT_BLENDABLE                0x4u
#define AEROCMD_DDI_FORMAT_MULTISAMPLE_RENDERTARGET 0x8u
#define AEROCMD_DDI_FORMAT_MULTISAMPLE_LOAD         0x10u
#define AEROCMD_DDI_FORMAT_NOT_SUPPORTED            0x80000000u

/* The DDI answer for `dxgi_format` on a device of abi_version, from the same facts as
 * aerocmd_dxgi_format_support (format.h): sampling with any filter, render target,
 * blending where the protocol does them; never multisampling; NOT_SUPPORTED when the
 * format can be neither a texture nor vertex or index data. */
uint32_t aerocmd_umd_ddi_format_support(uint32_t dxgi_format, uint32_t abi_version);

/* CheckMultisampleQualityLevels: the protocol has single-sampled resources only, so one
 * quality level at sample count 1 for a format a texture can have, and none otherwise. */
uint32_t aerocmd_umd_multisample_quality_levels(uint32_t dxgi_format, uint32_t sample_count,
                                                uint32_t abi_version);

/* ---- counters ------------------------------------------------------------------------ */

/* D3D10DDI_COUNTER_* ids: the well-known ones, and the first device-dependent one. */
#define AEROCMD_DDI_COUNTER_FIRST_WELL_KNOWN 0x1000u
#define AEROCMD_DDI_COUNTER_LAST_WELL_KNOWN  0x1011u
#define AEROCMD_DDI_COUNTER_DEVICE_DEPENDENT 0x40000000u

/* CheckCounterInfo's answer: no counters (LastDeviceDependentCounter 0,
 * NumSimultaneousCounters 0, NumDetectableParallelUnits 0: the docs say to zero-fill when
 * the driver has none). CheckCounter for `counter`: NOT_IMPLEMENTED for a well-known
 * counter (the DDI's DXGI_DDI_ERR_UNSUPPORTED), INVALID_ARG for any other id (no
 * device-dependent counter exists). */
aerocmd_result aerocmd_umd_check_counter(uint32_t counter);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_CAPS_H */
