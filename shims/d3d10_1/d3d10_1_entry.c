/* SPDX-License-Identifier: MIT */
/* d3d10_1_entry.c — the D3D10.1 DLL: OpenAdapter10_2 serving the 10.1 interfaces. */
#include "d3d10_1_device.h"

HRESULT APIENTRY OpenAdapter10_2(D3D10DDIARG_OPENADAPTER *args);

static const struct shim_profile d3d10_1_profile = {{NULL, shim_d3d10_1_fill_device, NULL}};

HRESULT APIENTRY OpenAdapter10_2(D3D10DDIARG_OPENADAPTER *args)
{
    return shim_open_adapter(args, &d3d10_1_profile, 1);
}
