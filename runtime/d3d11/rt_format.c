/* SPDX-License-Identifier: MIT */
/* rt_format.c — what the runtime knows of each DXGI format (its size and kind), and
 * CheckFormatSupport: the support Direct3D 11 requires of the format at the device's level
 * (the runtime's table), combined with what the driver reports through the DDI's
 * CheckFormatSupport (sampling, render target, blending, multisampling; or not at all). */
#include <string.h>

#include "rt_internal.h"
#include "rt_format.h"

/* Kinds: typed colour (C), typeless (T), depth (D), block-compressed (B), packed/video (P). */
static const struct rt_format_info formats[] = {
    [DXGI_FORMAT_R32G32B32A32_TYPELESS] = {128, 'T'},
    [DXGI_FORMAT_R32G32B32A32_FLOAT] = {128, 'C'},
    [DXGI_FORMAT_R32G32B32A32_UINT] = {128, 'C'},
    [DXGI_FORMAT_R32G32B32A32_SINT] = {128, 'C'},
    [DXGI_FORMAT_R32G32B32_TYPELESS] = {96, 'T'},
    [DXGI_FORMAT_R32G32B32_FLOAT] = {96, 'C'},
    [DXGI_FORMAT_R32G32B32_UINT] = {96, 'C'},
    [DXGI_FORMAT_R32G32B32_SINT] = {96, 'C'},
    [DXGI_FORMAT_R16G16B16A16_TYPELESS] = {64, 'T'},
    [DXGI_FORMAT_R16G16B16A16_FLOAT] = {64, 'C'},
    [DXGI_FORMAT_R16G16B16A16_UNORM] = {64, 'C'},
    [DXGI_FORMAT_R16G16B16A16_UINT] = {64, 'C'},
    [DXGI_FORMAT_R16G16B16A16_SNORM] = {64, 'C'},
    [DXGI_FORMAT_R16G16B16A16_SINT] = {64, 'C'},
    [DXGI_FORMAT_R32G32_TYPELESS] = {64, 'T'},
    [DXGI_FORMAT_R32G32_FLOAT] = {64, 'C'},
    [DXGI_FORMAT_R32G32_UINT] = {64, 'C'},
    [DXGI_FORMAT_R32G32_SINT] = {64, 'C'},
    [DXGI_FORMAT_R32G8X24_TYPELESS] = {64, 'T'},
    [DXGI_FORMAT_D32_FLOAT_S8X24_UINT] = {64, 'D'},
    [DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS] = {64, 'C'},
    [DXGI_FORMAT_X32_TYPELESS_G8X24_UINT] = {64, 'C'},
    [DXGI_FORMAT_R10G10B10A2_TYPELESS] = {32, 'T'},
    [DXGI_FORMAT_R10G10B10A2_UNORM] = {32, 'C'},
    [DXGI_FORMAT_R10G10B10A2_UINT] = {32, 'C'},
    [DXGI_FORMAT_R11G11B10_FLOAT] = {32, 'C'},
    [DXGI_FORMAT_R8G8B8A8_TYPELESS] = {32, 'T'},
    [DXGI_FORMAT_R8G8B8A8_UNORM] = {32, 'C'},
    [DXGI_FORMAT_R8G8B8A8_UNORM_SRGB] = {32, 'C'},
    [DXGI_FORMAT_R8G8B8A8_UINT] = {32, 'C'},
    [DXGI_FORMAT_R8G8B8A8_SNORM] = {32, 'C'},
    [DXGI_FORMAT_R8G8B8A8_SINT] = {32, 'C'},
    [DXGI_FORMAT_R16G16_TYPELESS] = {32, 'T'},
    [DXGI_FORMAT_R16G16_FLOAT] = {32, 'C'},
    [DXGI_FORMAT_R16G16_UNORM] = {32, 'C'},
    [DXGI_FORMAT_R16G16_UINT] = {32, 'C'},
    [DXGI_FORMAT_R16G16_SNORM] = {32, 'C'},
    [DXGI_FORMAT_R16G16_SINT] = {32, 'C'},
    [DXGI_FORMAT_R32_TYPELESS] = {32, 'T'},
    [DXGI_FORMAT_D32_FLOAT] = {32, 'D'},
    [DXGI_FORMAT_R32_FLOAT] = {32, 'C'},
    [DXGI_FORMAT_R32_UINT] = {32, 'C'},
    [DXGI_FORMAT_R32_SINT] = {32, 'C'},
    [DXGI_FORMAT_R24G8_TYPELESS] = {32, 'T'},
    [DXGI_FORMAT_D24_UNORM_S8_UINT] = {32, 'D'},
    [DXGI_FORMAT_R24_UNORM_X8_TYPELESS] = {32, 'C'},
    [DXGI_FORMAT_X24_TYPELESS_G8_UINT] = {32, 'C'},
    [DXGI_FORMAT_R8G8_TYPELESS] = {16, 'T'},
    [DXGI_FORMAT_R8G8_UNORM] = {16, 'C'},
    [DXGI_FORMAT_R8G8_UINT] = {16, 'C'},
    [DXGI_FORMAT_R8G8_SNORM] = {16, 'C'},
    [DXGI_FORMAT_R8G8_SINT] = {16, 'C'},
    [DXGI_FORMAT_R16_TYPELESS] = {16, 'T'},
    [DXGI_FORMAT_R16_FLOAT] = {16, 'C'},
    [DXGI_FORMAT_D16_UNORM] = {16, 'D'},
    [DXGI_FORMAT_R16_UNORM] = {16, 'C'},
    [DXGI_FORMAT_R16_UINT] = {16, 'C'},
    [DXGI_FORMAT_R16_SNORM] = {16, 'C'},
    [DXGI_FORMAT_R16_SINT] = {16, 'C'},
    [DXGI_FORMAT_R8_TYPELESS] = {8, 'T'},
    [DXGI_FORMAT_R8_UNORM] = {8, 'C'},
    [DXGI_FORMAT_R8_UINT] = {8, 'C'},
    [DXGI_FORMAT_R8_SNORM] = {8, 'C'},
    [DXGI_FORMAT_R8_SINT] = {8, 'C'},
    [DXGI_FORMAT_A8_UNORM] = {8, 'C'},
    [DXGI_FORMAT_R1_UNORM] = {1, 'P'},
    [DXGI_FORMAT_R9G9B9E5_SHAREDEXP] = {32, 'P'},
    [DXGI_FORMAT_R8G8_B8G8_UNORM] = {32, 'P'},
    [DXGI_FORMAT_G8R8_G8B8_UNORM] = {32, 'P'},
    [DXGI_FORMAT_BC1_TYPELESS] = {64, 'B'},
    [DXGI_FORMAT_BC1_UNORM] = {64, 'B'},
    [DXGI_FORMAT_BC1_UNORM_SRGB] = {64, 'B'},
    [DXGI_FORMAT_BC2_TYPELESS] = {128, 'B'},
    [DXGI_FORMAT_BC2_UNORM] = {128, 'B'},
    [DXGI_FORMAT_BC2_UNORM_SRGB] = {128, 'B'},
    [DXGI_FORMAT_BC3_TYPELESS] = {128, 'B'},
    [DXGI_FORMAT_BC3_UNORM] = {128, 'B'},
    [DXGI_FORMAT_BC3_UNORM_SRGB] = {128, 'B'},
    [DXGI_FORMAT_BC4_TYPELESS] = {64, 'B'},
    [DXGI_FORMAT_BC4_UNORM] = {64, 'B'},
    [DXGI_FORMAT_BC4_SNORM] = {64, 'B'},
    [DXGI_FORMAT_BC5_TYPELESS] = {128, 'B'},
    [DXGI_FORMAT_BC5_UNORM] = {128, 'B'},
    [DXGI_FORMAT_BC5_SNORM] = {128, 'B'},
    [DXGI_FORMAT_B5G6R5_UNORM] = {16, 'C'},
    [DXGI_FORMAT_B5G5R5A1_UNORM] = {16, 'C'},
    [DXGI_FORMAT_B8G8R8A8_UNORM] = {32, 'C'},
    [DXGI_FORMAT_B8G8R8X8_UNORM] = {32, 'C'},
    [DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM] = {32, 'P'},
    [DXGI_FORMAT_B8G8R8A8_TYPELESS] = {32, 'T'},
    [DXGI_FORMAT_B8G8R8A8_UNORM_SRGB] = {32, 'C'},
    [DXGI_FORMAT_B8G8R8X8_TYPELESS] = {32, 'T'},
    [DXGI_FORMAT_B8G8R8X8_UNORM_SRGB] = {32, 'C'},
    [DXGI_FORMAT_BC6H_TYPELESS] = {128, 'B'},
    [DXGI_FORMAT_BC6H_UF16] = {128, 'B'},
    [DXGI_FORMAT_BC6H_SF16] = {128, 'B'},
    [DXGI_FORMAT_BC7_TYPELESS] = {128, 'B'},
    [DXGI_FORMAT_BC7_UNORM] = {128, 'B'},
    [DXGI_FORMAT_BC7_UNORM_SRGB] = {128, 'B'},
};

const struct rt_format_info *rt_format_info(DXGI_FORMAT format)
{
    if ((UINT)format >= sizeof formats / sizeof formats[0] || formats[format].bits == 0)
        return NULL;
    return &formats[format];
}

UINT rt_format_bytes(DXGI_FORMAT format)
{
    const struct rt_format_info *f = rt_format_info(format);
    return f != NULL && f->kind != 'B' ? (f->bits + 7u) / 8u : 0u;
}

/* Direct3D 11's required support by kind (what a level-10 device has for every format of
 * the kind it supports at all); the driver's DDI answer adds the optional parts. */
static UINT required(DXGI_FORMAT format, const struct rt_format_info *f)
{
    UINT tex = D3D11_FORMAT_SUPPORT_TEXTURE1D | D3D11_FORMAT_SUPPORT_TEXTURE2D |
               D3D11_FORMAT_SUPPORT_TEXTURE3D | D3D11_FORMAT_SUPPORT_TEXTURECUBE |
               D3D11_FORMAT_SUPPORT_MIP | D3D11_FORMAT_SUPPORT_CPU_LOCKABLE |
               D3D11_FORMAT_SUPPORT_CAST_WITHIN_BIT_LAYOUT;
    UINT s = 0;
    if (f->kind == 'C')
        s = tex | D3D11_FORMAT_SUPPORT_BUFFER | D3D11_FORMAT_SUPPORT_SHADER_LOAD |
            (f->bits >= 8 ? D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER : 0u);
    else if (f->kind == 'T')
        s = tex | D3D11_FORMAT_SUPPORT_BUFFER;
    else if (f->kind == 'D')
        s = (tex & ~(UINT)D3D11_FORMAT_SUPPORT_TEXTURE3D) | D3D11_FORMAT_SUPPORT_DEPTH_STENCIL;
    else if (f->kind == 'B')
        s = (tex & ~(UINT)D3D11_FORMAT_SUPPORT_TEXTURE1D) | D3D11_FORMAT_SUPPORT_SHADER_LOAD;
    if (format == DXGI_FORMAT_R16_UINT || format == DXGI_FORMAT_R32_UINT)
        s |= D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER;
    return s;
}

UINT rt_format_support(struct rt_device *dev, DXGI_FORMAT format)
{
    const struct rt_format_info *f = rt_format_info(format);
    UINT ddi = 0, s;
    if (f == NULL)
        return 0;
    RT_LOCK(dev);
    dev->drv.f.pfnCheckFormatSupport(dev->drv.hdev, format, &ddi);
    RT_UNLOCK(dev);
    if (ddi & D3D10_DDI_FORMAT_SUPPORT_NOT_SUPPORTED)
        return 0;
    s = required(format, f);
    if (ddi & D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE)
        s |= D3D11_FORMAT_SUPPORT_SHADER_SAMPLE;
    if (ddi & D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET)
        s |= D3D11_FORMAT_SUPPORT_RENDER_TARGET | D3D11_FORMAT_SUPPORT_MIP_AUTOGEN;
    if (ddi & D3D10_DDI_FORMAT_SUPPORT_BLENDABLE)
        s |= D3D11_FORMAT_SUPPORT_BLENDABLE;
    if (ddi & D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET)
        s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET;
    if (ddi & D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_LOAD)
        s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD;
    if ((s & D3D11_FORMAT_SUPPORT_RENDER_TARGET) &&
        (format == DXGI_FORMAT_R8G8B8A8_UNORM || format == DXGI_FORMAT_B8G8R8A8_UNORM ||
         format == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB || format == DXGI_FORMAT_B8G8R8A8_UNORM_SRGB))
        s |= D3D11_FORMAT_SUPPORT_DISPLAY;
    return s;
}

HRESULT STDMETHODCALLTYPE rt_check_format_support(ID3D11Device *iface, DXGI_FORMAT format,
                                                  UINT *support)
{
    if (support == NULL)
        return E_INVALIDARG;
    *support = rt_format_support(rt_device_from(iface), format);
    return *support != 0 ? S_OK : E_FAIL;
}

HRESULT STDMETHODCALLTYPE rt_check_multisample(ID3D11Device *iface, DXGI_FORMAT format,
                                               UINT samples, UINT *levels)
{
    struct rt_device *dev = rt_device_from(iface);
    if (levels == NULL)
        return E_INVALIDARG;
    *levels = 0;
    if (samples == 0 || samples > D3D11_MAX_MULTISAMPLE_SAMPLE_COUNT)
        return E_FAIL;
    RT_LOCK(dev);
    dev->drv.f.pfnCheckMultisampleQualityLevels(dev->drv.hdev, format, samples, levels);
    RT_UNLOCK(dev);
    return S_OK;
}
