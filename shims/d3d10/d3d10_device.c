/* SPDX-License-Identifier: MIT */
/* d3d10_device.c — D3D10DDI_DEVICEFUNCS: the 10.0 blend and view argument structs. */
#include <string.h>

#include "d3d10_device.h"
#include "shim_entry.h"
#include "shim_stubs.h"

static SIZE_T APIENTRY calc_blend_size(D3D10DDI_HDEVICE h, CONST D3D10_DDI_BLEND_DESC *d)
{
    (void)h;
    (void)d;
    return shim_blend_private_size();
}

/* 10.0 blends every target alike except for enable and write mask. */
static void APIENTRY create_blend(D3D10DDI_HDEVICE h, CONST D3D10_DDI_BLEND_DESC *a,
                                  D3D10DDI_HBLENDSTATE s, D3D10DDI_HRTBLENDSTATE rt)
{
    struct aerocmd_umd_blend_desc d;
    int i;
    (void)rt;
    memset(&d, 0, sizeof d);
    d.alpha_to_coverage = a->AlphaToCoverageEnable != 0;
    d.independent = 1;
    for (i = 0; i < 8; i++) {
        d.targets[i].enable = a->BlendEnable[i] != 0;
        d.targets[i].src = (uint32_t)a->SrcBlend;
        d.targets[i].dst = (uint32_t)a->DestBlend;
        d.targets[i].op = (uint32_t)a->BlendOp;
        d.targets[i].src_alpha = (uint32_t)a->SrcBlendAlpha;
        d.targets[i].dst_alpha = (uint32_t)a->DestBlendAlpha;
        d.targets[i].op_alpha = (uint32_t)a->BlendOpAlpha;
        d.targets[i].write_mask = a->RenderTargetWriteMask[i];
    }
    shim_create_blend(shim_dev(h), &d, s.pDrvPrivate);
}

SHIM_DEFINE_VIEW_ENTRIES(static, calc_srv_size, create_srv, D3D10DDIARG_CREATESHADERRESOURCEVIEW,
                         D3D10DDI_HSHADERRESOURCEVIEW, D3D10DDI_HRTSHADERRESOURCEVIEW,
                         AEROCMD_VIEW_SHADER_RESOURCE, SHIM_SRV_DESC_FROM)
SHIM_DEFINE_RELOCATE(static, relocate, D3D10DDI_DEVICEFUNCS)

void shim_d3d10_fill_device(struct shim_device *dev, D3D10DDIARG_CREATEDEVICE *args)
{
    struct D3D10DDI_DEVICEFUNCS *t = args->pDeviceFuncs;
    (void)dev;
    shim_stub_fill_d3d10ddi_devicefuncs(t);
    SHIM_FILL_SHARED(t);
    t->pfnRelocateDeviceFuncs = relocate;
    t->pfnCalcPrivateResourceSize = shim_calc_resource_size10;
    t->pfnCreateResource = shim_create_resource10;
    t->pfnCalcPrivateShaderResourceViewSize = calc_srv_size;
    t->pfnCreateShaderResourceView = create_srv;
    t->pfnCalcPrivateDepthStencilViewSize = shim_calc_dsv_size10;
    t->pfnCreateDepthStencilView = shim_create_dsv10;
    t->pfnSetRenderTargets = shim_set_render_targets;
    t->pfnCalcPrivateBlendStateSize = calc_blend_size;
    t->pfnCreateBlendState = create_blend;
}
