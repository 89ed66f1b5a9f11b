/* SPDX-License-Identifier: MIT */
/* shim_adapter.c — adapter open/close, version negotiation, caps, device creation. */
#include "shim_adapter.h"

#include <string.h>

#include "aerocmd/umd_caps.h"
#include "aerocmd/umd_device.h"
#include "aerogpu_umd_private.h"

#define SHIM_ADAPTER_MAGIC 0x44414741u /* "AGAD" */

struct shim_adapter {
    uint32_t magic;
    const struct shim_profile *profile;
    uint32_t abi_version;
    uint64_t features;
};

/* The Windows 7 interface of each API, in the order of enum shim_api. */
static const UINT64 win7_supported[3] = {D3D10_0_7_DDI_SUPPORTED, D3D10_1_7_DDI_SUPPORTED,
                                         D3D11_0_7_DDI_SUPPORTED};

int shim_api_of_interface(UINT interface_version)
{
    switch (interface_version) {
    case D3D10_0_DDI_INTERFACE_VERSION:
    case D3D10_0_7_DDI_INTERFACE_VERSION:
        return SHIM_API_D3D10_0;
    case D3D10_1_DDI_INTERFACE_VERSION:
    case D3D10_1_7_DDI_INTERFACE_VERSION:
        return SHIM_API_D3D10_1;
    case D3D11_0_DDI_INTERFACE_VERSION:
    case D3D11_0_7_DDI_INTERFACE_VERSION:
        return SHIM_API_D3D11_0;
    default:
        return -1;
    }
}

static struct shim_adapter *adapter_of(D3D10DDI_HADAPTER h)
{
    struct shim_adapter *a = (struct shim_adapter *)h.pDrvPrivate;
    return a != NULL && a->magic == SHIM_ADAPTER_MAGIC ? a : NULL;
}

static SIZE_T APIENTRY calc_private_device_size(D3D10DDI_HADAPTER h,
                                                CONST D3D10DDIARG_CALCPRIVATEDEVICESIZE *args)
{
    (void)h;
    (void)args;
    return shim_device_private_size();
}

static HRESULT APIENTRY create_device(D3D10DDI_HADAPTER h, D3D10DDIARG_CREATEDEVICE *args)
{
    struct shim_adapter *a = adapter_of(h);
    int api = shim_api_of_interface(args->Interface);
    struct shim_device *dev;
    HRESULT hr;
    if (a == NULL || api < 0 || a->profile->fill[api] == NULL)
        return E_INVALIDARG;
    hr = shim_device_create(args->hDrvDevice.pDrvPrivate, (enum shim_api)api, a->abi_version,
                            a->features, args);
    if (FAILED(hr))
        return hr;
    dev = shim_device_from(args->hDrvDevice.pDrvPrivate);
    a->profile->fill[api](dev, args);
    shim_fill_dxgi(args);
    return S_OK;
}

static HRESULT APIENTRY close_adapter(D3D10DDI_HADAPTER h)
{
    struct shim_adapter *a = adapter_of(h);
    if (a == NULL)
        return E_INVALIDARG;
    a->magic = 0;
    HeapFree(GetProcessHeap(), 0, a);
    return S_OK;
}

/* With a NULL array, the count; otherwise up to *entries versions. */
static HRESULT APIENTRY get_supported_versions(D3D10DDI_HADAPTER h, UINT32 *entries,
                                               UINT64 *versions)
{
    struct shim_adapter *a = adapter_of(h);
    UINT32 n = 0, i;
    if (a == NULL || entries == NULL)
        return E_INVALIDARG;
    for (i = 0; i < 3; i++) {
        if (a->profile->fill[i] == NULL)
            continue;
        if (versions != NULL && n < *entries)
            versions[n] = win7_supported[i];
        n++;
    }
    if (versions != NULL && *entries < n)
        return E_INVALIDARG;
    *entries = n;
    return S_OK;
}

/* GetCaps answers Windows 7's three cap types with libaerocmd's caps (one UINT each). The
 * documented returns are S_OK and E_OUTOFMEMORY only, so a type this driver does not know
 * (a later runtime's) gets zeroes: it claims nothing. pData is always written. */
static HRESULT APIENTRY get_caps(D3D10DDI_HADAPTER h, CONST D3D10_2DDIARG_GETCAPS *caps)
{
    struct shim_adapter *a = adapter_of(h);
    struct aerocmd_umd_caps c;
    UINT value = 0;
    if (a == NULL || caps == NULL)
        return E_INVALIDARG;
    if (caps->pData != NULL)
        memset(caps->pData, 0, caps->DataSize);
    aerocmd_umd_adapter_caps(a->abi_version, &c);
    switch (caps->Type) {
    case D3D11DDICAPS_THREADING:
        value = c.threading;
        break;
    case D3D11DDICAPS_SHADER:
        value = c.shader;
        break;
    case D3D11DDICAPS_3DPIPELINESUPPORT:
        value = c.pipeline_levels;
        break;
    default:
        return S_OK;
    }
    if (caps->pData == NULL || caps->DataSize < sizeof value)
        return E_INVALIDARG;
    memcpy(caps->pData, &value, sizeof value);
    return S_OK;
}

/* The kernel driver's adapter facts, judged by libaerocmd. */
static HRESULT query_adapter(const D3DDDI_ADAPTERCALLBACKS *cb, HANDLE rt_adapter,
                             struct shim_adapter *a)
{
    struct aerogpu_umd_private_v1 blob;
    struct aerocmd_umd_adapter_info info;
    D3DDDICB_QUERYADAPTERINFO q;
    HRESULT hr;
    if (cb == NULL || cb->pfnQueryAdapterInfoCb == NULL)
        return E_INVALIDARG;
    memset(&blob, 0, sizeof blob);
    q.pPrivateDriverData = &blob;
    q.PrivateDriverDataSize = sizeof blob;
    hr = cb->pfnQueryAdapterInfoCb(rt_adapter, &q);
    if (FAILED(hr))
        return hr;
    if (aerocmd_umd_adapter_info_parse(&blob, sizeof blob, &info) != AEROCMD_OK)
        return E_FAIL;
    a->abi_version = info.abi_version;
    a->features = info.features;
    return S_OK;
}

HRESULT shim_open_adapter(D3D10DDIARG_OPENADAPTER *args, const struct shim_profile *profile,
                          int use_10_2)
{
    struct shim_adapter *a;
    int api = shim_api_of_interface(args->Interface);
    HRESULT hr;
    if (api < 0 || profile->fill[api] == NULL)
        return E_INVALIDARG;
    a = (struct shim_adapter *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *a);
    if (a == NULL)
        return E_OUTOFMEMORY;
    hr = query_adapter(args->pAdapterCallbacks, args->hRTAdapter.handle, a);
    if (FAILED(hr)) {
        HeapFree(GetProcessHeap(), 0, a);
        return hr;
    }
    a->magic = SHIM_ADAPTER_MAGIC;
    a->profile = profile;
    args->hAdapter.pDrvPrivate = a;
    if (use_10_2) {
        args->pAdapterFuncs_2->pfnCalcPrivateDeviceSize = calc_private_device_size;
        args->pAdapterFuncs_2->pfnCreateDevice = create_device;
        args->pAdapterFuncs_2->pfnCloseAdapter = close_adapter;
        args->pAdapterFuncs_2->pfnGetSupportedVersions = get_supported_versions;
        args->pAdapterFuncs_2->pfnGetCaps = get_caps;
    } else {
        args->pAdapterFuncs->pfnCalcPrivateDeviceSize = calc_private_device_size;
        args->pAdapterFuncs->pfnCreateDevice = create_device;
        args->pAdapterFuncs->pfnCloseAdapter = close_adapter;
    }
    return S_OK;
}
