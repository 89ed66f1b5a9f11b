/* SPDX-License-Identifier: MIT */
/* shim_entry10.c — entry points whose argument types D3D10 and D3D10.1 share, and the
 * D3D10.1 blend state D3D11 shares. */
#include <string.h>

#include "shim_entry.h"

SHIM_DEFINE_RESOURCE_ENTRIES(, shim_calc_resource_size10, shim_create_resource10,
                             D3D10DDIARG_CREATERESOURCE, SHIM_STRIDE_NONE)
SHIM_DEFINE_VIEW_ENTRIES(, shim_calc_dsv_size10, shim_create_dsv10,
                         D3D10DDIARG_CREATEDEPTHSTENCILVIEW, D3D10DDI_HDEPTHSTENCILVIEW,
                         D3D10DDI_HRTDEPTHSTENCILVIEW, AEROCMD_VIEW_DEPTH_STENCIL,
                         SHIM_DSV_DESC_FROM)

SIZE_T APIENTRY shim_calc_blend_size10_1(D3D10DDI_HDEVICE h, CONST D3D10_1_DDI_BLEND_DESC *d)
{
    (void)h;
    (void)d;
    return shim_blend_private_size();
}

void APIENTRY shim_create_blend10_1(D3D10DDI_HDEVICE h, CONST D3D10_1_DDI_BLEND_DESC *a,
                                    D3D10DDI_HBLENDSTATE s, D3D10DDI_HRTBLENDSTATE rt)
{
    struct aerocmd_umd_blend_desc d;
    int i;
    (void)rt;
    memset(&d, 0, sizeof d);
    d.alpha_to_coverage = a->AlphaToCoverageEnable != 0;
    d.independent = a->IndependentBlendEnable != 0;
    for (i = 0; i < 8; i++) {
        const D3D10_DDI_RENDER_TARGET_BLEND_DESC1 *t = &a->RenderTarget[i];
        d.targets[i].enable = t->BlendEnable != 0;
        d.targets[i].src = (uint32_t)t->SrcBlend;
        d.targets[i].dst = (uint32_t)t->DestBlend;
        d.targets[i].op = (uint32_t)t->BlendOp;
        d.targets[i].src_alpha = (uint32_t)t->SrcBlendAlpha;
        d.targets[i].dst_alpha = (uint32_t)t->DestBlendAlpha;
        d.targets[i].op_alpha = (uint32_t)t->BlendOpAlpha;
        d.targets[i].write_mask = t->RenderTargetWriteMask;
    }
    shim_create_blend(shim_dev(h), &d, s.pDrvPrivate);
}
