/* SPDX-License-Identifier: MIT */
/* d3d10_entry.c — the D3D10 DLL: OpenAdapter10 serving the 10.0 interfaces. */
#include "d3d10_device.h"

HRESULT APIENTRY OpenAdapter10(D3D10DDIARG_OPENADAPTER *args);

static const struct shim_profile d3d10_profile = {{shim_d3d10_fill_device, NULL, NULL}};

HRESULT APIENTRY OpenAdapter10(D3D10DDIARG_OPENADAPTER *args)
{
    return shim_open_adapter(args, &d3d10_profile, 0);
}
