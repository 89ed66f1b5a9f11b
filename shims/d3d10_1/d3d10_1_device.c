/* SPDX-License-Identifier: MIT */
/* d3d10_1_device.c — D3D10_1DDI_DEVICEFUNCS: the 10.1 view argument struct. */
#include <string.h>

#include "d3d10_1_device.h"
#include "shim_entry.h"
#include "shim_stubs.h"

SHIM_DEFINE_VIEW_ENTRIES(static, calc_srv_size, create_srv, D3D10_1DDIARG_CREATESHADERRESOURCEVIEW,
                         D3D10DDI_HSHADERRESOURCEVIEW, D3D10DDI_HRTSHADERRESOURCEVIEW,
                         AEROCMD_VIEW_SHADER_RESOURCE, SHIM_SRV_DESC_FROM)
SHIM_DEFINE_RELOCATE(static, relocate, D3D10_1DDI_DEVICEFUNCS)

void shim_d3d10_1_fill_device(struct shim_device *dev, D3D10DDIARG_CREATEDEVICE *args)
{
    struct D3D10_1DDI_DEVICEFUNCS *t = args->p10_1DeviceFuncs;
    (void)dev;
    shim_stub_fill_d3d10_1ddi_devicefuncs(t);
    SHIM_FILL_SHARED(t);
    t->pfnRelocateDeviceFuncs = relocate;
    t->pfnCalcPrivateResourceSize = shim_calc_resource_size10;
    t->pfnCreateResource = shim_create_resource10;
    t->pfnCalcPrivateShaderResourceViewSize = calc_srv_size;
    t->pfnCreateShaderResourceView = create_srv;
    t->pfnCalcPrivateDepthStencilViewSize = shim_calc_dsv_size10;
    t->pfnCreateDepthStencilView = shim_create_dsv10;
    t->pfnSetRenderTargets = shim_set_render_targets;
    t->pfnCalcPrivateBlendStateSize = shim_calc_blend_size10_1;
    t->pfnCreateBlendState = shim_create_blend10_1;
    t->pfnResourceConvert = shim_copy;
    t->pfnResourceConvertRegion = shim_copy_region;
}
