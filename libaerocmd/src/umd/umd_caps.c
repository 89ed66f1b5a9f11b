/* SPDX-License-Identifier: MIT */
/* umd_caps.c — which optional Direct3D features the state tracker carries out, so that a
 * driver's caps answers promise only what works end to end. */
#include "umd_internal.h"

/* Every 1.x minor has DISPATCH and the buffer binding packets compute needs. */
uint32_t aerocmd_umd_optional_features(uint32_t abi_version)
{
    if ((abi_version >> 16) != AEROGPU_ABI_MAJOR)
        return 0;
    return AEROCMD_UMD_FEATURE_COMPUTE_BUFFERS;
}
