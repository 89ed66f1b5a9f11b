/* SPDX-License-Identifier: MIT */
/* format_internal.h — private helpers shared by the format module's files. */
#ifndef AEROCMD_FORMAT_INTERNAL_H
#define AEROCMD_FORMAT_INTERNAL_H

#include <stdint.h>

#include "aerocmd/format.h"

/* Cast families of DXGI formats (struct aerocmd_dxgi_info.family). Only membership
 * matters: a view of a typeless resource must come from the resource's family. */
enum aerocmd_dxgi_family {
    FAMILY_NONE = 0,
    FAMILY_R32G32B32A32,
    FAMILY_R32G32B32,
    FAMILY_R16G16B16A16,
    FAMILY_R32G32,
    FAMILY_R32G8X24,
    FAMILY_R10G10B10A2,
    FAMILY_R8G8B8A8,
    FAMILY_R16G16,
    FAMILY_R32,
    FAMILY_R24G8,
    FAMILY_R8G8,
    FAMILY_R16,
    FAMILY_R8,
    FAMILY_BC1,
    FAMILY_BC2,
    FAMILY_BC3,
    FAMILY_BC4,
    FAMILY_BC5,
    FAMILY_B8G8R8A8,
    FAMILY_B8G8R8X8,
    FAMILY_BC6H,
    FAMILY_BC7
};

static inline uint32_t aerocmd_format_abi_minor(uint32_t abi_version)
{
    return abi_version & 0xFFFFu;
}

#endif /* AEROCMD_FORMAT_INTERNAL_H */
