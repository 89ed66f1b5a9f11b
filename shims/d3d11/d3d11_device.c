/* SPDX-License-Identifier: MIT */
/* d3d11_device.c — D3D11DDI_DEVICEFUNCS: the D3D11 argument structs into the shared helpers,
 * plus compute shaders and Dispatch (unordered access: d3d11_compute.c). */
#include <stddef.h>
#include <string.h>

#include "d3d11_device.h"
#include "shim_entry.h"
#include "shim_stubs.h"

SHIM_DEFINE_RESOURCE_ENTRIES(static, calc_resource_size, create_resource,
                             D3D11DDIARG_CREATERESOURCE, SHIM_STRIDE_OF)

/* BUFFEREX views (raw, or typed / structured with flags) are buffer views with flags; the
 * library judges them like every other buffer view. */
#define SRV11_DESC_FROM(out, in, dimension)                                                        \
    do {                                                                                           \
        if ((in)->ResourceDimension == D3D11DDIRESOURCE_BUFFEREX) {                                \
            memset((out), 0, sizeof *(out));                                                       \
            (out)->dxgi_format = (uint32_t)(in)->Format;                                           \
            (out)->first_element = (in)->BufferEx.FirstElement;                                    \
            (out)->element_count = (in)->BufferEx.NumElements;                                     \
            (out)->flags = (in)->BufferEx.Flags;                                                   \
        } else {                                                                                   \
            SHIM_SRV_DESC_FROM(out, in, dimension);                                                \
        }                                                                                          \
    } while (0)
SHIM_DEFINE_VIEW_ENTRIES(static, calc_srv_size, create_srv, D3D11DDIARG_CREATESHADERRESOURCEVIEW,
                         D3D10DDI_HSHADERRESOURCEVIEW, D3D10DDI_HRTSHADERRESOURCEVIEW,
                         AEROCMD_VIEW_SHADER_RESOURCE, SRV11_DESC_FROM)

/* Flags (read-only depth / stencil) have libaerocmd's numbering, which is Direct3D's. */
#define DSV11_DESC_FROM(out, in, dimension)                                                        \
    do {                                                                                           \
        SHIM_DSV_DESC_FROM(out, in, dimension);                                                    \
        (out)->flags = (in)->Flags;                                                                \
    } while (0)
SHIM_DEFINE_VIEW_ENTRIES(static, calc_dsv_size, create_dsv, D3D11DDIARG_CREATEDEPTHSTENCILVIEW,
                         D3D10DDI_HDEPTHSTENCILVIEW, D3D10DDI_HRTDEPTHSTENCILVIEW,
                         AEROCMD_VIEW_DEPTH_STENCIL, DSV11_DESC_FROM)

static void APIENTRY create_cs(D3D10DDI_HDEVICE h, CONST UINT *code, D3D10DDI_HSHADER s,
                               D3D10DDI_HRTSHADER rt)
{
    (void)rt;
    shim_create_shader(shim_dev(h), AEROCMD_SHADER_CS, code, NULL, s.pDrvPrivate);
}

static void APIENTRY dispatch(D3D10DDI_HDEVICE h, UINT x, UINT y, UINT z)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(dev, aerocmd_umd_dispatch(dev->ctx, x, y, z));
}

SHIM_DEFINE_RELOCATE(static, relocate, D3D11DDI_DEVICEFUNCS)

/* No driver command lists (libaerocmd's threading caps are 0): no handle type needs a size
 * for deferred contexts. */
static void APIENTRY check_deferred_handle_sizes(D3D10DDI_HDEVICE h, UINT *count,
                                                 D3D11DDI_HANDLESIZE *sizes)
{
    (void)h;
    (void)sizes;
    *count = 0;
}

static void fill_table(struct D3D11DDI_DEVICEFUNCS *t)
{
    shim_stub_fill_d3d11ddi_devicefuncs(t);
    SHIM_FILL_SHARED(t);
    SHIM_FILL_STAGE(t, Cs, cs);
    SHIM_FILL_STAGE(t, Hs, hs);
    SHIM_FILL_STAGE(t, Ds, ds);
    t->pfnRelocateDeviceFuncs = relocate;
    t->pfnCalcPrivateResourceSize = calc_resource_size;
    t->pfnCreateResource = create_resource;
    t->pfnCalcPrivateShaderResourceViewSize = calc_srv_size;
    t->pfnCreateShaderResourceView = create_srv;
    t->pfnCalcPrivateDepthStencilViewSize = calc_dsv_size;
    t->pfnCreateDepthStencilView = create_dsv;
    t->pfnCalcPrivateBlendStateSize = shim_calc_blend_size10_1;
    t->pfnCreateBlendState = shim_create_blend10_1;
    t->pfnResourceConvert = shim_copy;
    t->pfnResourceConvertRegion = shim_copy_region;
    t->pfnCreateComputeShader = create_cs;
    t->pfnCheckDeferredContextHandleSizes = check_deferred_handle_sizes;
    t->pfnDispatch = dispatch;
    shim_d3d11_fill_compute(t);
}

/* The last four slots exist only for runtimes of build 2 or later (Version's high word). */
void shim_d3d11_fill_device(struct shim_device *dev, D3D10DDIARG_CREATEDEVICE *args)
{
    struct D3D11DDI_DEVICEFUNCS t;
    size_t bytes = sizeof t;
    (void)dev;
    fill_table(&t);
    if ((args->Version >> 16) < D3D11_0_DDI_BUILD_VERSION)
        bytes = offsetof(struct D3D11DDI_DEVICEFUNCS, pfnRecycleCommandList);
    memcpy(args->p11DeviceFuncs, &t, bytes);
}
