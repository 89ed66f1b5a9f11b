/* SPDX-License-Identifier: MIT */
/* d3d11_entry.c — the D3D11 DLL: OpenAdapter10_2 serving the 11.0 interfaces. */
#include "d3d11_device.h"

HRESULT APIENTRY OpenAdapter10_2(D3D10DDIARG_OPENADAPTER *args);

static const struct shim_profile d3d11_profile = {{NULL, NULL, shim_d3d11_fill_device}};

HRESULT APIENTRY OpenAdapter10_2(D3D10DDIARG_OPENADAPTER *args)
{
    return shim_open_adapter(args, &d3d11_profile, 1);
}
