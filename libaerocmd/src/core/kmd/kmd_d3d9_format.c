/* SPDX-License-Identifier: MIT */
/* kmd_d3d9_format.c — the D3DFORMAT values a D3D9Ex surface description may name, as
 * DXGI_FORMAT. Only formats whose bytes mean exactly the same thing in both APIs are listed:
 * D3D9 names channels from the most significant bit, DXGI from the lowest byte, so
 * A8R8G8B8 is DXGI's B8G8R8A8. */
#include "aerocmd/format.h"
#include "aerocmd/kmd_alloc.h"

uint32_t aerocmd_d3d9_format_to_dxgi(uint32_t d3d9_format)
{
    switch (d3d9_format) {
    case AEROCMD_D3DFMT_A8R8G8B8:
        return AEROCMD_DXGI_FORMAT_B8G8R8A8_UNORM;
    case AEROCMD_D3DFMT_X8R8G8B8:
        return AEROCMD_DXGI_FORMAT_B8G8R8X8_UNORM;
    case AEROCMD_D3DFMT_A8B8G8R8:
        return AEROCMD_DXGI_FORMAT_R8G8B8A8_UNORM;
    default:
        return AEROCMD_DXGI_FORMAT_UNKNOWN;
    }
}
