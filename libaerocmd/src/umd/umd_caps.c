/* SPDX-License-Identifier: MIT */
/* umd_caps.c — which optional Direct3D features the state tracker carries out, and the
 * answers a driver gives the runtime about them, so that they promise only what works end
 * to end. */
#include <string.h>

#include "aerocmd/format.h"
#include "aerocmd/umd_caps.h"
#include "aerogpu_umd_private.h"
#include "umd_internal.h"

/* Every 1.x minor has DISPATCH and the buffer binding packets compute needs. */
uint32_t aerocmd_umd_optional_features(uint32_t abi_version)
{
    if ((abi_version >> 16) != AEROGPU_ABI_MAJOR)
        return 0;
    return AEROCMD_UMD_FEATURE_COMPUTE_BUFFERS;
}

/* ---- the adapter ------------------------------------------------------------------------ */

aerocmd_result aerocmd_umd_adapter_info_parse(const void *blob, size_t bytes,
                                              struct aerocmd_umd_adapter_info *out)
{
    struct aerogpu_umd_private_v1 info;
    if (blob == NULL || out == NULL || bytes < sizeof info)
        return AEROCMD_E_INVALID_ARG;
    memcpy(&info, blob, sizeof info);
    if (info.struct_version != AEROGPU_UMDPRIV_STRUCT_VERSION_V1 || info.size_bytes < sizeof info ||
        info.size_bytes > bytes)
        return AEROCMD_E_INVALID_ARG;
    if (info.device_mmio_magic != AEROGPU_UMDPRIV_MMIO_MAGIC_NEW_AGPU ||
        (info.device_abi_version_u32 >> 16) != AEROGPU_ABI_MAJOR)
        return AEROCMD_E_NOT_IMPLEMENTED;
    out->abi_version = info.device_abi_version_u32;
    out->features = info.device_features;
    return AEROCMD_OK;
}

/* No threading help (the runtime serialises), compute with raw and structured buffers
 * when the state tracker carries it out (never doubles: the protocol cannot say that a
 * container needs them), and the 10.0 pipeline: the protocol has no tessellation and no
 * 10.1 extras (per-target blend is there, cube arrays and MSAA are not). */
void aerocmd_umd_adapter_caps(uint32_t abi_version, struct aerocmd_umd_caps *out)
{
    uint32_t features = aerocmd_umd_optional_features(abi_version);
    memset(out, 0, sizeof *out);
    if ((abi_version >> 16) != AEROGPU_ABI_MAJOR)
        return;
    if (features & AEROCMD_UMD_FEATURE_COMPUTE_BUFFERS)
        out->shader = AEROCMD_DDI_CAPS_SHADER_COMPUTE_4X_BUFFERS;
    out->pipeline_levels = 1u << AEROCMD_DDI_PIPELINE_LEVEL_10_0;
}

/* ---- formats ---------------------------------------------------------------------------- */

uint32_t aerocmd_umd_ddi_format_support(uint32_t dxgi_format, uint32_t abi_version)
{
    uint32_t api = aerocmd_dxgi_format_support(dxgi_format, abi_version);
    uint32_t ddi = 0;
    if (api == 0)
        return AEROCMD_DDI_FORMAT_NOT_SUPPORTED;
    if (api & AEROCMD_FORMAT_SUPPORT_SHADER_SAMPLE)
        ddi |= AEROCMD_DDI_FORMAT_SHADER_SAMPLE;
    if (api & AEROCMD_FORMAT_SUPPORT_RENDER_TARGET) {
        ddi |= AEROCMD_DDI_FORMAT_RENDERTARGET;
        /* The DDI allows BLENDABLE only together with RENDERTARGET. */
        if (api & AEROCMD_FORMAT_SUPPORT_BLENDABLE)
            ddi |= AEROCMD_DDI_FORMAT_BLENDABLE;
    }
    return ddi;
}

uint32_t aerocmd_umd_multisample_quality_levels(uint32_t dxgi_format, uint32_t sample_count,
                                                uint32_t abi_version)
{
    uint32_t api = aerocmd_dxgi_format_support(dxgi_format, abi_version);
    return sample_count == 1u && (api & AEROCMD_FORMAT_SUPPORT_TEXTURE2D) ? 1u : 0u;
}

/* ---- counters --------------------------------------------------------------------------- */

aerocmd_result aerocmd_umd_check_counter(uint32_t counter)
{
    if (counter >= AEROCMD_DDI_COUNTER_FIRST_WELL_KNOWN &&
        counter <= AEROCMD_DDI_COUNTER_LAST_WELL_KNOWN)
        return AEROCMD_E_NOT_IMPLEMENTED;
    return AEROCMD_E_INVALID_ARG;
}
