/* SPDX-License-Identifier: MIT */
/* driver_entry.c — the driver DLL the INF installs: every API behind both entry points. */
#include "d3d10_1_device.h"
#include "d3d10_device.h"
#include "d3d11_device.h"

HRESULT APIENTRY OpenAdapter10(D3D10DDIARG_OPENADAPTER *args);
HRESULT APIENTRY OpenAdapter10_2(D3D10DDIARG_OPENADAPTER *args);

static const struct shim_profile driver_profile = {
    {shim_d3d10_fill_device, shim_d3d10_1_fill_device, shim_d3d11_fill_device}};

HRESULT APIENTRY OpenAdapter10(D3D10DDIARG_OPENADAPTER *args)
{
    return shim_open_adapter(args, &driver_profile, 0);
}

HRESULT APIENTRY OpenAdapter10_2(D3D10DDIARG_OPENADAPTER *args)
{
    return shim_open_adapter(args, &driver_profile, 1);
}
