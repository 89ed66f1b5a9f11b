/* SPDX-License-Identifier: MIT */
/* d3d10_device.h — the D3D10 (10.0) device table. */
#ifndef SHIM_D3D10_DEVICE_H
#define SHIM_D3D10_DEVICE_H

#include "shim_adapter.h"

void shim_d3d10_fill_device(struct shim_device *dev, D3D10DDIARG_CREATEDEVICE *args);

#endif
