/* SPDX-License-Identifier: MIT */
/* d3d11_device.c — D3D11DDI_DEVICEFUNCS: the D3D11 argument structs into the shared helpers,
 * plus compute shaders and Dispatch (unordered access: d3d11_compute.c). */
#include <stddef.h>
#include <string.h>

#include "d3d11_device.h"
#include "shim_entry.h"
#include "shim_stubs.h"

static SIZE_T APIENTRY calc_resource_size(D3D10DDI_HDEVICE h, CONST D3D11DDIARG_CREATERESOURCE *a)
{
    (void)h;
    (void)a;
    return shim_resource_private_size();
}

/* ByteStride goes into the library's buffer description, where views find it. */
static void APIENTRY create_resource(D3D10DDI_HDEVICE h, CONST D3D11DDIARG_CREATERESOURCE *a,
                                     D3D10DDI_HRESOURCE res, D3D10DDI_HRTRESOURCE rt)
{
    struct shim_resource_args args;
    (void)rt;
    SHIM_RESOURCE_ARGS_FROM(&args, a);
    args.byte_stride = a->ByteStride;
    shim_create_resource(shim_dev(h), &args, res.pDrvPrivate);
}

static SIZE_T APIENTRY calc_srv_size(D3D10DDI_HDEVICE h,
                                     CONST D3D11DDIARG_CREATESHADERRESOURCEVIEW *a)
{
    (void)h;
    (void)a;
    return shim_view_private_size();
}

/* BUFFEREX views (raw, or typed / structured with flags) are buffer views with flags; the
 * library judges them like every other buffer view. */
static void APIENTRY create_srv(D3D10DDI_HDEVICE h, CONST D3D11DDIARG_CREATESHADERRESOURCEVIEW *a,
                                D3D10DDI_HSHADERRESOURCEVIEW view,
                                D3D10DDI_HRTSHADERRESOURCEVIEW rt)
{
    struct aerocmd_umd_view_desc d;
    uint32_t dimension = (uint32_t)a->ResourceDimension;
    (void)rt;
    if (a->ResourceDimension == D3D11DDIRESOURCE_BUFFEREX) {
        memset(&d, 0, sizeof d);
        d.dxgi_format = (uint32_t)a->Format;
        d.first_element = a->BufferEx.FirstElement;
        d.element_count = a->BufferEx.NumElements;
        d.flags = a->BufferEx.Flags;
        dimension = D3D10DDIRESOURCE_BUFFER;
    } else {
        SHIM_SRV_DESC_FROM(&d, a);
    }
    shim_create_view(shim_dev(h), AEROCMD_VIEW_SHADER_RESOURCE, a->hDrvResource.pDrvPrivate,
                     dimension, &d, view.pDrvPrivate);
}

static SIZE_T APIENTRY calc_dsv_size(D3D10DDI_HDEVICE h,
                                     CONST D3D11DDIARG_CREATEDEPTHSTENCILVIEW *a)
{
    (void)h;
    (void)a;
    return shim_view_private_size();
}

/* Flags (read-only depth / stencil) have libaerocmd's numbering, which is Direct3D's. */
static void APIENTRY create_dsv(D3D10DDI_HDEVICE h, CONST D3D11DDIARG_CREATEDEPTHSTENCILVIEW *a,
                                D3D10DDI_HDEPTHSTENCILVIEW view, D3D10DDI_HRTDEPTHSTENCILVIEW rt)
{
    struct aerocmd_umd_view_desc d;
    (void)rt;
    SHIM_DSV_DESC_FROM(&d, a);
    d.flags = a->Flags;
    shim_create_view(shim_dev(h), AEROCMD_VIEW_DEPTH_STENCIL, a->hDrvResource.pDrvPrivate,
                     (uint32_t)a->ResourceDimension, &d, view.pDrvPrivate);
}

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

/* Nothing here keeps a pointer into the table. */
static void APIENTRY relocate(D3D10DDI_HDEVICE h, struct D3D11DDI_DEVICEFUNCS *t)
{
    (void)h;
    (void)t;
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
