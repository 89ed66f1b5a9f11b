/* SPDX-License-Identifier: MIT */
/* shim_adapter.h — OpenAdapter10 / OpenAdapter10_2 for any set of interfaces.
 *
 * Each DLL passes a profile: which APIs it serves and, per API, the function that fills
 * that API's device table. CreateDevice picks the API from the requested Interface. */
#ifndef SHIM_ADAPTER_H
#define SHIM_ADAPTER_H

#include "shim_device.h"

/* Fills args' device table (and the DXGI table) for a device already created. */
typedef void (*shim_fill_device_fn)(struct shim_device *dev, D3D10DDIARG_CREATEDEVICE *args);

struct shim_profile {
    shim_fill_device_fn fill[3]; /* by enum shim_api; NULL = not served */
};

/* args->Interface -> API; -1 for interfaces no shim serves. */
int shim_api_of_interface(UINT interface_version);

/* OpenAdapter10 (use_10_2 = 0) fills D3D10DDI_ADAPTERFUNCS, OpenAdapter10_2 fills
 * D3D10_2DDI_ADAPTERFUNCS. */
HRESULT shim_open_adapter(D3D10DDIARG_OPENADAPTER *args, const struct shim_profile *profile,
                          int use_10_2);

/* The DXGI base table every device hands out. */
void shim_fill_dxgi(D3D10DDIARG_CREATEDEVICE *args);

#endif
