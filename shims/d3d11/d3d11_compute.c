/* SPDX-License-Identifier: MIT */
/* d3d11_compute.c — D3D11's unordered-access views, their clears and bindings, indirect
 * draws and dispatches, CopyStructureCount: DDI arguments into umd_compute.h calls. What
 * can be done and what is refused is libaerocmd's decision; this file only converts. */
#include <string.h>

#include "aerocmd/umd_compute.h"
#include "d3d11_device.h"
#include "shim_entry.h"

static struct aerocmd_umd_uav *uav_of(D3D11DDI_HUNORDEREDACCESSVIEW h)
{
    return (struct aerocmd_umd_uav *)shim_obj(h.pDrvPrivate);
}

static struct aerocmd_umd_resource *res_of(D3D10DDI_HRESOURCE h)
{
    return (struct aerocmd_umd_resource *)shim_obj(h.pDrvPrivate);
}

/* The handles' views (NULL for NULL or failed handles), as many as libaerocmd has slots:
 * it refuses a longer range before reading. */
static void uavs_from(const D3D11DDI_HUNORDEREDACCESSVIEW *handles, UINT count,
                      struct aerocmd_umd_uav *out[AEROCMD_UMD_MAX_UAVS])
{
    UINT i;
    for (i = 0; i < count && i < AEROCMD_UMD_MAX_UAVS; i++)
        out[i] = handles != NULL ? uav_of(handles[i]) : NULL;
}

static SIZE_T APIENTRY calc_uav_size(D3D10DDI_HDEVICE h,
                                     CONST D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *a)
{
    (void)h;
    (void)a;
    return SHIM_OBJECT_BYTES(aerocmd_umd_uav_size());
}

/* Texture views go to the library too, which refuses them (NOT_IMPLEMENTED). A
 * structured view's stride is the buffer's, which the library keeps (element_bytes 0). */
static void uav_desc_from(const D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *a,
                          struct aerocmd_umd_uav_desc *d)
{
    memset(d, 0, sizeof *d);
    d->dxgi_format = (uint32_t)a->Format;
    d->initial_count = AEROCMD_UMD_UAV_KEEP_COUNT;
    if (a->ResourceDimension != D3D10DDIRESOURCE_BUFFER)
        return;
    d->first_element = a->Buffer.FirstElement;
    d->element_count = a->Buffer.NumElements;
    d->flags = a->Buffer.Flags;
}

static void APIENTRY create_uav(D3D10DDI_HDEVICE h, CONST D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *a,
                                D3D11DDI_HUNORDEREDACCESSVIEW view,
                                D3D11DDI_HRTUNORDEREDACCESSVIEW rt)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_uav_desc d;
    struct aerocmd_umd_uav *uav = NULL;
    size_t size;
    void *mem = shim_object_place(view.pDrvPrivate, aerocmd_umd_uav_size(), &size);
    aerocmd_result r;
    (void)rt;
    uav_desc_from(a, &d);
    r = aerocmd_umd_create_uav(dev->dev, mem, size, res_of(a->hDrvResource), &d, &uav);
    if (r == AEROCMD_OK)
        ((struct shim_object *)view.pDrvPrivate)->obj = uav;
    shim_report_result(dev, r);
}

static void APIENTRY destroy_uav(D3D10DDI_HDEVICE h, D3D11DDI_HUNORDEREDACCESSVIEW view)
{
    struct aerocmd_umd_uav *uav = uav_of(view);
    (void)h;
    if (uav != NULL) {
        aerocmd_umd_destroy_uav(uav);
        ((struct shim_object *)view.pDrvPrivate)->obj = NULL;
    }
}

static void APIENTRY cs_set_uavs(D3D10DDI_HDEVICE h, UINT start, UINT count,
                                 CONST D3D11DDI_HUNORDEREDACCESSVIEW *handles, CONST UINT *counts)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_uav *uavs[AEROCMD_UMD_MAX_UAVS];
    uavs_from(handles, count, uavs);
    shim_report_result(dev, aerocmd_umd_set_cs_uavs(dev->ctx, start, count,
                                                    handles != NULL ? uavs : NULL, counts));
}

/* UAVRangeStart / UAVRangeSize only tell which slots changed; the views and their start
 * slot say everything the library needs. */
static void APIENTRY set_render_targets(D3D10DDI_HDEVICE h, CONST D3D10DDI_HRENDERTARGETVIEW *rtvs,
                                        UINT count, UINT clear, D3D10DDI_HDEPTHSTENCILVIEW dsv,
                                        CONST D3D11DDI_HUNORDEREDACCESSVIEW *handles,
                                        CONST UINT *initial_counts, UINT uav_start, UINT uav_count,
                                        UINT range_start, UINT range_size)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_uav *uavs[AEROCMD_UMD_MAX_UAVS];
    uavs_from(handles, uav_count, uavs);
    (void)range_start;
    (void)range_size;
    shim_report_result(dev, aerocmd_umd_set_om_uavs(dev->ctx, uav_start, uav_count,
                                                    handles != NULL ? uavs : NULL, initial_counts));
    shim_set_render_targets(h, rtvs, count, clear, dsv);
}

static void APIENTRY clear_uav_uint(D3D10DDI_HDEVICE h, D3D11DDI_HUNORDEREDACCESSVIEW view,
                                    CONST UINT values[4])
{
    struct shim_device *dev = shim_dev(h);
    uint32_t v[4];
    memcpy(v, values, sizeof v);
    shim_report_result(dev, aerocmd_umd_clear_uav_uint(dev->ctx, uav_of(view), v));
}

static void APIENTRY clear_uav_float(D3D10DDI_HDEVICE h, D3D11DDI_HUNORDEREDACCESSVIEW view,
                                     CONST FLOAT values[4])
{
    struct shim_device *dev = shim_dev(h);
    uint32_t bits[4];
    memcpy(bits, values, sizeof bits);
    shim_report_result(dev, aerocmd_umd_clear_uav_float(dev->ctx, uav_of(view), bits));
}

static void APIENTRY dispatch_indirect(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE args, UINT offset)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(dev, aerocmd_umd_dispatch_indirect(dev->ctx, res_of(args), offset));
}

static void APIENTRY draw_instanced_indirect(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE args,
                                             UINT offset)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(dev, aerocmd_umd_draw_instanced_indirect(dev->ctx, res_of(args), offset));
}

static void APIENTRY draw_indexed_instanced_indirect(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE args,
                                                     UINT offset)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(dev,
                       aerocmd_umd_draw_indexed_instanced_indirect(dev->ctx, res_of(args), offset));
}

static void APIENTRY copy_structure_count(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst, UINT offset,
                                          D3D11DDI_HUNORDEREDACCESSVIEW src)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(
        dev, aerocmd_umd_copy_structure_count(dev->ctx, res_of(dst), offset, uav_of(src)));
}

void shim_d3d11_fill_compute(struct D3D11DDI_DEVICEFUNCS *t)
{
    t->pfnCalcPrivateUnorderedAccessViewSize = calc_uav_size;
    t->pfnCreateUnorderedAccessView = create_uav;
    t->pfnDestroyUnorderedAccessView = destroy_uav;
    t->pfnClearUnorderedAccessViewUint = clear_uav_uint;
    t->pfnClearUnorderedAccessViewFloat = clear_uav_float;
    t->pfnCsSetUnorderedAccessViews = cs_set_uavs;
    t->pfnSetRenderTargets = set_render_targets;
    t->pfnDispatchIndirect = dispatch_indirect;
    t->pfnDrawInstancedIndirect = draw_instanced_indirect;
    t->pfnDrawIndexedInstancedIndirect = draw_indexed_instanced_indirect;
    t->pfnCopyStructureCount = copy_structure_count;
}
