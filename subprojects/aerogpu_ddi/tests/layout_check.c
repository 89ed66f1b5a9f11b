/* SPDX-License-Identifier: MIT */
/* Compiled for i686 and x86_64 mingw-w64: including ddi.h runs every generated layout check
 * for that target, and the functions below put real functions into DDI tables so that a
 * wrong calling convention or parameter list in a PFN type fails the build (-Werror).
 */
#include "aerogpu_ddi/ddi.h"

D3D10_2DDI_ADAPTERFUNCS aerogpu_ddi_check_adapter_funcs(void);
DXGI_DDI_BASE_FUNCTIONS aerogpu_ddi_check_dxgi_funcs(void);
void aerogpu_ddi_check_report_error(const D3D10DDI_CORELAYER_DEVICECALLBACKS *callbacks,
                                    D3D10DDI_HRTCORELAYER core_layer);
HRESULT aerogpu_ddi_check_render(const D3DDDI_DEVICECALLBACKS *callbacks, HANDLE device,
                                 D3DDDICB_RENDER *render);

static SIZE_T APIENTRY calc_private_device_size(D3D10DDI_HADAPTER adapter,
                                                CONST D3D10DDIARG_CALCPRIVATEDEVICESIZE *args)
{
    (void)adapter;
    (void)args;
    return 0;
}

static HRESULT APIENTRY create_device(D3D10DDI_HADAPTER adapter, D3D10DDIARG_CREATEDEVICE *args)
{
    (void)adapter;
    (void)args;
    return E_NOTIMPL;
}

static HRESULT APIENTRY close_adapter(D3D10DDI_HADAPTER adapter)
{
    (void)adapter;
    return S_OK;
}

static HRESULT APIENTRY get_supported_versions(D3D10DDI_HADAPTER adapter, UINT32 *entries,
                                               UINT64 *versions)
{
    (void)adapter;
    (void)versions;
    *entries = 0;
    return S_OK;
}

static HRESULT APIENTRY get_caps(D3D10DDI_HADAPTER adapter, CONST D3D10_2DDIARG_GETCAPS *args)
{
    (void)adapter;
    (void)args;
    return E_NOTIMPL;
}

static HRESULT APIENTRY present(DXGI_DDI_ARG_PRESENT *args)
{
    (void)args;
    return E_NOTIMPL;
}

static HRESULT APIENTRY rotate_resource_identities(DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES *args)
{
    (void)args;
    return E_NOTIMPL;
}

D3D10_2DDI_ADAPTERFUNCS aerogpu_ddi_check_adapter_funcs(void)
{
    D3D10_2DDI_ADAPTERFUNCS funcs;
    funcs.pfnCalcPrivateDeviceSize = calc_private_device_size;
    funcs.pfnCreateDevice = create_device;
    funcs.pfnCloseAdapter = close_adapter;
    funcs.pfnGetSupportedVersions = get_supported_versions;
    funcs.pfnGetCaps = get_caps;
    return funcs;
}

DXGI_DDI_BASE_FUNCTIONS aerogpu_ddi_check_dxgi_funcs(void)
{
    DXGI_DDI_BASE_FUNCTIONS funcs;
    memset(&funcs, 0, sizeof(funcs));
    funcs.pfnPresent = present;
    funcs.pfnRotateResourceIdentities = rotate_resource_identities;
    return funcs;
}

void aerogpu_ddi_check_report_error(const D3D10DDI_CORELAYER_DEVICECALLBACKS *callbacks,
                                    D3D10DDI_HRTCORELAYER core_layer)
{
    callbacks->pfnSetErrorCb(core_layer, E_NOTIMPL);
}

HRESULT aerogpu_ddi_check_render(const D3DDDI_DEVICECALLBACKS *callbacks, HANDLE device,
                                 D3DDDICB_RENDER *render)
{
    render->Flags.Value = 0;
    render->Flags.ResizeCommandBuffer = 1;
    return callbacks->pfnRenderCb(device, render);
}
