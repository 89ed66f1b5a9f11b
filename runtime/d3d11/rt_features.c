/* SPDX-License-Identifier: MIT */
/* rt_features.c — CheckFeatureSupport from the driver's caps (threading, doubles, compute
 * on level-10 hardware) and formats; class linkage, which only shader model 5 uses. */
#include <string.h>

#include "rt_format.h"
#include "rt_internal.h"

static HRESULT feature_format(struct rt_device *dev, D3D11_FEATURE feature, void *data, UINT size)
{
    if (feature == D3D11_FEATURE_FORMAT_SUPPORT) {
        D3D11_FEATURE_DATA_FORMAT_SUPPORT *d = (D3D11_FEATURE_DATA_FORMAT_SUPPORT *)data;
        if (size != sizeof *d)
            return E_INVALIDARG;
        d->OutFormatSupport = rt_format_support(dev, d->InFormat);
        return d->OutFormatSupport != 0 ? S_OK : E_FAIL;
    }
    {
        D3D11_FEATURE_DATA_FORMAT_SUPPORT2 *d = (D3D11_FEATURE_DATA_FORMAT_SUPPORT2 *)data;
        if (size != sizeof *d)
            return E_INVALIDARG;
        d->OutFormatSupport2 = 0; /* no UAV atomics or typed UAV loads */
        return rt_format_support(dev, d->InFormat) != 0 ? S_OK : E_FAIL;
    }
}

HRESULT STDMETHODCALLTYPE rt_check_feature_support(ID3D11Device *iface, D3D11_FEATURE feature,
                                                   void *data, UINT size)
{
    struct rt_device *dev = rt_device_from(iface);
    if (data == NULL)
        return E_INVALIDARG;
    switch (feature) {
    case D3D11_FEATURE_THREADING: {
        D3D11_FEATURE_DATA_THREADING *d = (D3D11_FEATURE_DATA_THREADING *)data;
        if (size != sizeof *d)
            return E_INVALIDARG;
        /* The runtime serialises creation for a driver without free threading, and records
         * command lists itself for one without: both work, neither is the driver's. */
        d->DriverConcurrentCreates = (dev->drv.threading_caps & D3D11DDICAPS_FREETHREADED) != 0;
        d->DriverCommandLists = (dev->drv.threading_caps & D3D11DDICAPS_COMMANDLISTS) != 0;
        return S_OK;
    }
    case D3D11_FEATURE_DOUBLES: {
        D3D11_FEATURE_DATA_DOUBLES *d = (D3D11_FEATURE_DATA_DOUBLES *)data;
        if (size != sizeof *d)
            return E_INVALIDARG;
        d->DoublePrecisionFloatShaderOps =
            (dev->drv.shader_caps & D3D11DDICAPS_SHADER_DOUBLES) != 0;
        return S_OK;
    }
    case D3D11_FEATURE_FORMAT_SUPPORT:
    case D3D11_FEATURE_FORMAT_SUPPORT2:
        return feature_format(dev, feature, data, size);
    case D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS: {
        D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS *d =
            (D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS *)data;
        if (size != sizeof *d)
            return E_INVALIDARG;
        d->ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x =
            dev->level >= D3D_FEATURE_LEVEL_11_0 ||
            (dev->drv.shader_caps &
             D3D11DDICAPS_SHADER_COMPUTE_PLUS_RAW_AND_STRUCTURED_BUFFERS_IN_SHADER_4_X) != 0;
        return S_OK;
    }
    default:
        return E_INVALIDARG; /* Direct3D 11.1's features are not Windows 7's */
    }
}
