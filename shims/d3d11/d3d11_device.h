/* SPDX-License-Identifier: MIT */
/* d3d11_device.h — the D3D11 (Windows 7, 11.0) device table. */
#ifndef SHIM_D3D11_DEVICE_H
#define SHIM_D3D11_DEVICE_H

#include "shim_adapter.h"

/* The unordered-access, indirect and structure-count slots (d3d11_compute.c). */
void shim_d3d11_fill_compute(struct D3D11DDI_DEVICEFUNCS *t);

void shim_d3d11_fill_device(struct shim_device *dev, D3D10DDIARG_CREATEDEVICE *args);

#endif
