/* SPDX-License-Identifier: MIT */
/* rt_driver.c — the driver DLL opened as the Windows 7 Direct3D 11 runtime opens it: the
 * OpenAdapter10_2 export (the DLL's only entry point the runtime uses), the adapter's
 * supported versions and caps, then CreateDevice with the D3D11 interface of Windows 7, the
 * runtime's callback tables and the DXGI tables. */
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

#define RT_DXGI_GUARD ((void *)(uintptr_t)0x6A7D6A7Du)

#ifdef _WIN64
#define RT_DRIVER_NAME "aerogpu_d3d10_x64.dll"
#else
#define RT_DRIVER_NAME "aerogpu_d3d10.dll"
#endif

static const char *driver_name(void)
{
    const char *name = getenv("AEROCMD_DRIVER");
    return name != NULL && name[0] != '\0' ? name : RT_DRIVER_NAME;
}

/* The Windows 7 D3D11 interface, the runtime build 2 (which has the pfnRecycle* slots). */
#define RT_DDI_INTERFACE D3D11_0_7_DDI_INTERFACE_VERSION
#define RT_DDI_VERSION   ((D3D11_0_7_DDI_BUILD_VERSION << 16) | D3D_UMD_INTERFACE_VERSION_WIN7)

static HRESULT APIENTRY query_adapter_info(HANDLE rt_adapter, CONST D3DDDICB_QUERYADAPTERINFO *q)
{
    (void)rt_adapter;
    return aerort_kmt_query_adapter_info(q);
}

static HRESULT check_versions(struct rt_driver *drv)
{
    UINT64 versions[16];
    UINT32 n = 0, i;
    HRESULT hr = drv->af.pfnGetSupportedVersions(drv->open.hAdapter, &n, NULL);
    if (FAILED(hr) || n == 0 || n > 16)
        return FAILED(hr) ? hr : E_FAIL;
    hr = drv->af.pfnGetSupportedVersions(drv->open.hAdapter, &n, versions);
    if (FAILED(hr))
        return hr;
    for (i = 0; i < n; i++)
        if (versions[i] == D3D11_0_7_DDI_SUPPORTED)
            return S_OK;
    return DXGI_ERROR_UNSUPPORTED;
}

static UINT get_cap(struct rt_driver *drv, D3D10_2DDICAPS_TYPE type)
{
    D3D10_2DDIARG_GETCAPS caps;
    UINT value = 0;
    memset(&caps, 0, sizeof caps);
    caps.Type = type;
    caps.pData = &value;
    caps.DataSize = sizeof value;
    if (FAILED(drv->af.pfnGetCaps(drv->open.hAdapter, &caps)))
        return 0;
    return value;
}

static HRESULT open_adapter(struct rt_device *dev, PFND3D10DDI_OPENADAPTER open)
{
    struct rt_driver *drv = &dev->drv;
    HRESULT hr;
    drv->adapter_cb.pfnQueryAdapterInfoCb = query_adapter_info;
    drv->open.hRTAdapter.handle = dev;
    drv->open.Interface = RT_DDI_INTERFACE;
    drv->open.Version = RT_DDI_VERSION;
    drv->open.pAdapterCallbacks = &drv->adapter_cb;
    drv->open.pAdapterFuncs_2 = &drv->af;
    hr = open(&drv->open);
    if (FAILED(hr))
        return hr;
    if (drv->af.pfnGetSupportedVersions == NULL || drv->af.pfnGetCaps == NULL ||
        drv->af.pfnCreateDevice == NULL || drv->af.pfnCalcPrivateDeviceSize == NULL)
        return E_FAIL;
    hr = check_versions(drv);
    if (FAILED(hr))
        return hr;
    drv->threading_caps = get_cap(drv, D3D11DDICAPS_THREADING);
    drv->shader_caps = get_cap(drv, D3D11DDICAPS_SHADER);
    drv->pipeline_caps = get_cap(drv, D3D11DDICAPS_3DPIPELINESUPPORT);
    return S_OK;
}

HRESULT rt_driver_open(struct rt_device *dev)
{
    struct rt_driver *drv = &dev->drv;
    FARPROC proc;
    PFND3D10DDI_OPENADAPTER open;
    HRESULT hr;
    drv->module = LoadLibraryA(driver_name());
    if (drv->module == NULL) {
        aerort_log("cannot load the driver DLL %s (error %lu)", driver_name(), GetLastError());
        return DXGI_ERROR_UNSUPPORTED;
    }
    proc = GetProcAddress(drv->module, "OpenAdapter10_2");
    if (proc == NULL) {
        aerort_log("%s has no OpenAdapter10_2 export", driver_name());
        return DXGI_ERROR_UNSUPPORTED;
    }
    memcpy(&open, &proc, sizeof open);
    hr = open_adapter(dev, open);
    if (FAILED(hr))
        aerort_log("%s: OpenAdapter10_2 for Direct3D 11 failed (0x%08lx)", driver_name(),
                   (unsigned long)hr);
    return hr;
}

/* IS_DXGI1_1_BASE_FUNCTIONS holds for this interface and version (major 11, low word of
 * Version 0x2003 >= 9): the runtime gives the 8-slot DXGI 1.1 table. */
HRESULT rt_driver_create_device(struct rt_device *dev)
{
    struct rt_driver *drv = &dev->drv;
    D3D10DDIARG_CALCPRIVATEDEVICESIZE calc;
    D3D10DDIARG_CREATEDEVICE cd;
    memset(&calc, 0, sizeof calc);
    calc.Interface = RT_DDI_INTERFACE;
    calc.Version = RT_DDI_VERSION;
    dev->drv_device = rt_alloc(drv->af.pfnCalcPrivateDeviceSize(drv->open.hAdapter, &calc));
    if (dev->drv_device == NULL)
        return E_OUTOFMEMORY;
    rt_callbacks_fill(dev);
    drv->dxgi_guard = RT_DXGI_GUARD;
    memset(&cd, 0, sizeof cd);
    cd.hRTDevice.handle = dev;
    cd.Interface = RT_DDI_INTERFACE;
    cd.Version = RT_DDI_VERSION;
    cd.pKTCallbacks = &drv->kt;
    cd.p11DeviceFuncs = &drv->f;
    cd.hDrvDevice.pDrvPrivate = dev->drv_device;
    cd.DXGIBaseDDI.pDXGIBaseCallbacks = &drv->dxgi_cb;
    cd.DXGIBaseDDI.pDXGIDDIBaseFunctions2 = &drv->dxgi;
    cd.hRTCoreLayer.handle = dev;
    cd.p11UMCallbacks = &drv->core;
    drv->hdev = cd.hDrvDevice;
    return drv->af.pfnCreateDevice(drv->open.hAdapter, &cd);
}

void rt_driver_close(struct rt_device *dev)
{
    struct rt_driver *drv = &dev->drv;
    if (drv->hdev.pDrvPrivate != NULL && drv->f.pfnDestroyDevice != NULL)
        drv->f.pfnDestroyDevice(drv->hdev);
    drv->hdev.pDrvPrivate = NULL;
    if (drv->open.hAdapter.pDrvPrivate != NULL && drv->af.pfnCloseAdapter != NULL)
        drv->af.pfnCloseAdapter(drv->open.hAdapter);
    drv->open.hAdapter.pDrvPrivate = NULL;
    rt_free(dev->drv_device);
    dev->drv_device = NULL;
    if (drv->module != NULL)
        FreeLibrary(drv->module);
    drv->module = NULL;
}
