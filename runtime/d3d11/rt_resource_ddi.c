/* SPDX-License-Identifier: MIT */
/* rt_resource_ddi.c — a resource's description in the DDI's words (D3D11DDIARG_CREATERESOURCE:
 * the mip chain's sizes, the initial data per subresource, the API's bind, CPU-access and
 * misc flags renumbered where the DDI differs), then CalcPrivateResourceSize / CreateResource
 * with the resource as the runtime's handle. */
#include <string.h>

#include "rt_internal.h"

/* API bind flags 0x1..0x40 are the DDI's; UNORDERED_ACCESS is 0x80 in the API, 0x100 in the
 * DDI (0x80 is the DDI's BIND_PRESENT). */
static UINT ddi_bind(UINT bind)
{
    UINT out = bind & 0x7Fu;
    if (bind & D3D11_BIND_UNORDERED_ACCESS)
        out |= D3D11_DDI_BIND_UNORDERED_ACCESS;
    return out;
}

static UINT ddi_cpu_access(UINT access)
{
    return ((access & D3D11_CPU_ACCESS_WRITE) ? D3D10_DDI_CPU_ACCESS_WRITE : 0u) |
           ((access & D3D11_CPU_ACCESS_READ) ? D3D10_DDI_CPU_ACCESS_READ : 0u);
}

/* TEXTURECUBE becomes the dimension. The keyed-mutex and GDI bits go to the driver in the
 * places the DDI reserves for them (0x100, 0x200: the API's values), so that a driver that
 * cannot make such a resource says so at creation. */
static UINT ddi_misc(UINT misc)
{
    return misc &
           (D3D11_RESOURCE_MISC_GENERATE_MIPS | D3D11_RESOURCE_MISC_SHARED |
            D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS |
            D3D11_RESOURCE_MISC_BUFFER_STRUCTURED | D3D11_RESOURCE_MISC_RESOURCE_CLAMP |
            D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX | D3D11_RESOURCE_MISC_GDI_COMPATIBLE);
}

static int block_compressed(DXGI_FORMAT f)
{
    return (f >= DXGI_FORMAT_BC1_TYPELESS && f <= DXGI_FORMAT_BC5_SNORM) ||
           (f >= DXGI_FORMAT_BC6H_TYPELESS && f <= DXGI_FORMAT_BC7_UNORM_SRGB);
}

static UINT level_size(UINT size, UINT mip)
{
    size >>= mip;
    return size != 0 ? size : 1u;
}

static void fill_mips(const struct rt_resource *r, D3D10DDI_MIPINFO *mips)
{
    UINT m;
    int bc = block_compressed(r->format);
    for (m = 0; m < r->mip_levels; m++) {
        D3D10DDI_MIPINFO *mi = &mips[m];
        mi->TexelWidth = level_size(r->width, m);
        mi->TexelHeight =
            r->dimension >= D3D11_RESOURCE_DIMENSION_TEXTURE2D ? level_size(r->height, m) : 1u;
        mi->TexelDepth =
            r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D ? level_size(r->depth, m) : 1u;
        mi->PhysicalWidth = bc ? (mi->TexelWidth + 3u) & ~3u : mi->TexelWidth;
        mi->PhysicalHeight = bc ? (mi->TexelHeight + 3u) & ~3u : mi->TexelHeight;
        mi->PhysicalDepth = mi->TexelDepth;
    }
}

static D3D10DDIRESOURCE_TYPE ddi_dimension(const struct rt_resource *r)
{
    switch (r->dimension) {
    case D3D11_RESOURCE_DIMENSION_BUFFER:
        return D3D10DDIRESOURCE_BUFFER;
    case D3D11_RESOURCE_DIMENSION_TEXTURE1D:
        return D3D10DDIRESOURCE_TEXTURE1D;
    case D3D11_RESOURCE_DIMENSION_TEXTURE3D:
        return D3D10DDIRESOURCE_TEXTURE3D;
    default:
        return (r->misc & D3D11_RESOURCE_MISC_TEXTURECUBE) ? D3D10DDIRESOURCE_TEXTURECUBE
                                                           : D3D10DDIRESOURCE_TEXTURE2D;
    }
}

static void fill_args(const struct rt_resource *r, D3D11DDIARG_CREATERESOURCE *a,
                      const D3D10DDI_MIPINFO *mips, const D3D10_DDIARG_SUBRESOURCE_UP *init,
                      DXGI_DDI_PRIMARY_DESC *primary)
{
    memset(a, 0, sizeof *a);
    a->pMipInfoList = mips;
    a->pInitialDataUP = init;
    a->ResourceDimension = ddi_dimension(r);
    a->Usage = (UINT)r->usage;
    a->BindFlags = ddi_bind(r->bind);
    a->MapFlags = ddi_cpu_access(r->cpu_access);
    a->MiscFlags = ddi_misc(r->misc);
    a->Format = r->format;
    a->SampleDesc = r->sample;
    a->MipLevels = r->mip_levels;
    a->ArraySize = r->array_size;
    a->pPrimaryDesc = primary;
    a->ByteStride = (r->misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) ? r->stride : 0u;
    if (r->swapchain) {
        a->BindFlags |= D3D10_DDI_BIND_PRESENT;
        if (r->discard_on_present)
            a->MiscFlags |= D3D10_DDI_RESOURCE_MISC_DISCARD_ON_PRESENT;
    }
}

/* The application's initial data per subresource (mip-major within each array slice); a
 * buffer's pitches are its size. */
static D3D10_DDIARG_SUBRESOURCE_UP *initial_data(const struct rt_resource *r,
                                                 const D3D11_SUBRESOURCE_DATA *init, UINT count)
{
    D3D10_DDIARG_SUBRESOURCE_UP *up;
    UINT i;
    if (init == NULL)
        return NULL;
    up = (D3D10_DDIARG_SUBRESOURCE_UP *)rt_alloc(count * sizeof *up);
    if (up == NULL)
        return NULL;
    for (i = 0; i < count; i++) {
        up[i].pSysMem = (void *)(uintptr_t)init[i].pSysMem;
        up[i].SysMemPitch =
            r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER ? r->width : init[i].SysMemPitch;
        up[i].SysMemSlicePitch =
            r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER ? r->width : init[i].SysMemSlicePitch;
    }
    return up;
}

HRESULT rt_resource_reserve_drv(struct rt_resource *r, SIZE_T size)
{
    rt_free(r->obj.drv);
    r->obj.drv = rt_alloc(size);
    return r->obj.drv != NULL ? S_OK : E_OUTOFMEMORY;
}

HRESULT rt_resource_create_ddi(struct rt_device *dev, struct rt_resource *r,
                               const D3D11_SUBRESOURCE_DATA *init, DXGI_DDI_PRIMARY_DESC *primary)
{
    D3D10DDI_MIPINFO mips[D3D11_REQ_MIP_LEVELS];
    D3D11DDIARG_CREATERESOURCE a;
    D3D10_DDIARG_SUBRESOURCE_UP *up = initial_data(r, init, rt_resource_subresources(r));
    D3D10DDI_HRESOURCE h;
    D3D10DDI_HRTRESOURCE rth;
    HRESULT hr;
    if (init != NULL && up == NULL)
        return E_OUTOFMEMORY;
    rt_resource_init_dxgi(r);
    memset(mips, 0, sizeof mips);
    fill_mips(r, mips);
    fill_args(r, &a, mips, up, primary);
    RT_LOCK(dev);
    hr = rt_resource_reserve_drv(r, dev->drv.f.pfnCalcPrivateResourceSize(dev->drv.hdev, &a));
    if (SUCCEEDED(hr)) {
        h.pDrvPrivate = r->obj.drv;
        rth.handle = r;
        rt_ddi_begin(dev);
        dev->drv.f.pfnCreateResource(dev->drv.hdev, &a, h, rth);
        hr = rt_ddi_end(dev);
    }
    if (SUCCEEDED(hr) && (r->misc & D3D11_RESOURCE_MISC_SHARED))
        rt_share_publish(dev, r);
    RT_UNLOCK(dev);
    rt_free(up);
    return hr;
}

UINT rt_resource_subresources(const struct rt_resource *r)
{
    if (r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER)
        return 1;
    if (r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D)
        return r->mip_levels;
    return r->mip_levels * r->array_size;
}
