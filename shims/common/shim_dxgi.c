/* SPDX-License-Identifier: MIT */
/* shim_dxgi.c — the DXGI base functions: Present, Blt and their neighbours. */
#include <string.h>

#include "shim_adapter.h"
#include "shim_result.h"

/* DXGI hands the device back as the runtime's hDrvDevice pointer. */
static struct shim_device *dxgi_dev(DXGI_DDI_HDEVICE h)
{
    return shim_device_from((void *)h);
}

/* The flip interval is the sync interval (IMMEDIATE 0 .. FOUR 4). */
static HRESULT __stdcall dxgi_present(DXGI_DDI_ARG_PRESENT *args)
{
    struct shim_device *dev = dxgi_dev(args->hDevice);
    DXGIDDICB_PRESENT cb;
    aerocmd_result r;
    if (dev == NULL)
        return E_INVALIDARG;
    r = aerocmd_umd_present_ex(dev->ctx, (uint32_t)args->FlipInterval, 0);
    if (r != AEROCMD_OK)
        return shim_hresult(r);
    if (dev->dxgi_callbacks == NULL || dev->dxgi_callbacks->pfnPresentCb == NULL)
        return S_OK;
    memset(&cb, 0, sizeof cb);
    cb.pDXGIContext = args->pDXGIContext;
    cb.hContext = dev->rt.context;
    return dev->dxgi_callbacks->pfnPresentCb(dev->rt_device, &cb);
}

/* DXGI names resources by the driver's own handle (hDrvResource's pDrvPrivate). */
static HRESULT __stdcall dxgi_rotate(DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES *args)
{
    struct shim_device *dev = dxgi_dev(args->hDevice);
    struct aerocmd_umd_resource **res;
    aerocmd_result r = AEROCMD_OK;
    UINT i;
    if (dev == NULL || (args->Resources != 0 && args->pResources == NULL))
        return E_INVALIDARG;
    if (args->Resources == 0)
        return S_OK;
    res = (struct aerocmd_umd_resource **)HeapAlloc(GetProcessHeap(), 0,
                                                    args->Resources * sizeof *res);
    if (res == NULL)
        return E_OUTOFMEMORY;
    for (i = 0; i < args->Resources && r == AEROCMD_OK; i++) {
        res[i] = (struct aerocmd_umd_resource *)shim_obj((void *)args->pResources[i]);
        if (res[i] == NULL)
            r = AEROCMD_E_INVALID_ARG;
    }
    if (r == AEROCMD_OK)
        r = aerocmd_umd_rotate_resources(dev->ctx, res, args->Resources);
    HeapFree(GetProcessHeap(), 0, res);
    return shim_hresult(r);
}

static HRESULT __stdcall dxgi_get_gamma_caps(DXGI_DDI_ARG_GET_GAMMA_CONTROL_CAPS *args)
{
    memset(args->pGammaCapabilities, 0, sizeof *args->pGammaCapabilities);
    return S_OK;
}

/* Full-screen scanout needs the primary surface in a guest-backed allocation that the
 * display engine reads, made current through pfnSetDisplayModeCb; neither the protocol nor
 * libaerocmd has primary allocations yet, so the mode change is refused rather than faked. */
static HRESULT __stdcall dxgi_set_display_mode(DXGI_DDI_ARG_SETDISPLAYMODE *args)
{
    (void)args;
    return E_NOTIMPL;
}

/* Priorities are hints; ignoring them is allowed. */
static HRESULT __stdcall dxgi_set_priority(DXGI_DDI_ARG_SETRESOURCEPRIORITY *args)
{
    (void)args;
    return S_OK;
}

static HRESULT __stdcall dxgi_query_residency(DXGI_DDI_ARG_QUERYRESOURCERESIDENCY *args)
{
    SIZE_T i;
    for (i = 0; i < args->Resources; i++)
        args->pStatus[i] = DXGI_DDI_RESIDENCY_FULLY_RESIDENT;
    return S_OK;
}

/* Which blits the device can do is libaerocmd's rule (aerocmd_umd_blt): a 1:1 copy is
 * S_OK, stretching, rotation and conversion E_NOTIMPL. */
static HRESULT __stdcall dxgi_blt(DXGI_DDI_ARG_BLT *args)
{
    struct shim_device *dev = dxgi_dev(args->hDevice);
    struct aerocmd_umd_blt_desc d;
    if (dev == NULL)
        return E_INVALIDARG;
    d.dst_subresource = args->DstSubresource;
    d.dst_left = args->DstLeft;
    d.dst_top = args->DstTop;
    d.dst_right = args->DstRight;
    d.dst_bottom = args->DstBottom;
    d.src_subresource = args->SrcSubresource;
    d.flags = args->Flags.Value;
    d.rotation = (uint32_t)args->Rotate;
    return shim_hresult(aerocmd_umd_blt(
        dev->ctx, (struct aerocmd_umd_resource *)shim_obj((void *)args->hDstResource),
        (struct aerocmd_umd_resource *)shim_obj((void *)args->hSrcResource), &d));
}

static HRESULT __stdcall dxgi_resolve_shared(DXGI_DDI_ARG_RESOLVESHAREDRESOURCE *args)
{
    (void)args;
    return S_OK;
}

/* IS_DXGI1_1_BASE_FUNCTIONS (d3d10umddi.h, FACTS-ADDENDUM.md "DXGI table choice"): the
 * runtime gives the 8-slot DXGI 1.1 table when the interface's major is 10 and the low word
 * of Version is at least VISTA_GOLD_PRODUCT_VER | DXGI_RESOLVE_SHARED_RESOURCE (6009), or
 * the major is 11 and that word is at least 9, or the major is above 11; otherwise the
 * 7-slot DXGI 1.0 table, of which nothing past slot 6 may be written. */
static int dxgi_1_1_table(UINT interface_version, UINT version)
{
    UINT major = interface_version >> 16, low = version & 0xFFFFu;
    return (major == 10u && low >= (6000u | 9u)) || (major == 11u && low >= 9u) || major > 11u;
}

void shim_fill_dxgi(D3D10DDIARG_CREATEDEVICE *args)
{
    DXGI_DDI_BASE_FUNCTIONS *t = args->DXGIBaseDDI.pDXGIDDIBaseFunctions;
    if (t == NULL)
        return;
    t->pfnPresent = dxgi_present;
    t->pfnGetGammaCaps = dxgi_get_gamma_caps;
    t->pfnSetDisplayMode = dxgi_set_display_mode;
    t->pfnSetResourcePriority = dxgi_set_priority;
    t->pfnQueryResourceResidency = dxgi_query_residency;
    t->pfnRotateResourceIdentities = dxgi_rotate;
    t->pfnBlt = dxgi_blt;
    if (dxgi_1_1_table(args->Interface, args->Version))
        args->DXGIBaseDDI.pDXGIDDIBaseFunctions2->pfnResolveSharedResource = dxgi_resolve_shared;
}
