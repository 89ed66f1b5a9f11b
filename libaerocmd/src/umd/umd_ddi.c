/* SPDX-License-Identifier: MIT */
/* umd_ddi.c — the Windows DDI's resource and view descriptions into the library's, and the
 * runtime's one-entry-per-allocation list (umd_ddi.h). */
#include <string.h>

#include "aerocmd/format.h"
#include "aerocmd/umd_ddi.h"

/* Bits the DDI defines on Windows 7, and the ones this driver cannot honour. 0x4 is
 * reserved for the API's TEXTURECUBE (cubes come as a dimension). */
#define DDI_MISC_DEFINED                                                                           \
    (AEROCMD_DDI_MISC_AUTO_GEN_MIP_MAP | AEROCMD_DDI_MISC_SHARED | 0x4u |                          \
     AEROCMD_DDI_MISC_DISCARD_ON_PRESENT | AEROCMD_DDI_MISC_DRAWINDIRECT_ARGS |                    \
     AEROCMD_DDI_MISC_BUFFER_ALLOW_RAW_VIEWS | AEROCMD_DDI_MISC_BUFFER_STRUCTURED |                \
     AEROCMD_DDI_MISC_RESOURCE_CLAMP | AEROCMD_DDI_MISC_SHARED_KEYEDMUTEX |                        \
     AEROCMD_DDI_MISC_GDI_COMPATIBLE | AEROCMD_DDI_MISC_REMOTE)
#define DDI_MISC_REFUSED (0x4u | AEROCMD_DDI_MISC_SHARED_KEYEDMUTEX)
#define DDI_BIND_DEFINED                                                                           \
    (AEROCMD_DDI_BIND_PIPELINE_MASK | AEROCMD_DDI_BIND_PRESENT | AEROCMD_DDI_BIND_UNORDERED_ACCESS)

struct lib_flags {
    uint32_t bind, misc, cpu_access;
};

/* GDI_COMPATIBLE (the API's bit, where the DDI reserves it) asks for nothing of the
 * device: GDI draws into a copy the runtime reads and writes back through the DDI
 * (IDXGISurface1::GetDC, ReleaseDC). What Direct3D requires of such a resource still
 * holds: a DEFAULT single-sample single-level 2D render target of a B8G8R8A8 format. */
static int gdi_compatible_ok(const struct aerocmd_umd_ddi_resource_desc *d)
{
    return d->dimension == AEROCMD_DDI_DIMENSION_TEXTURE2D && d->sample_count <= 1u &&
           d->mip_levels == 1u && d->usage == AEROCMD_UMD_USAGE_DEFAULT &&
           (d->bind_flags & AEROCMD_UMD_BIND_RENDER_TARGET) && /* a pipeline bit: the same */
           (d->dxgi_format == AEROCMD_DXGI_FORMAT_B8G8R8A8_UNORM ||
            d->dxgi_format == AEROCMD_DXGI_FORMAT_B8G8R8A8_TYPELESS ||
            d->dxgi_format == AEROCMD_DXGI_FORMAT_B8G8R8A8_UNORM_SRGB);
}

static aerocmd_result flags_from_ddi(const struct aerocmd_umd_ddi_resource_desc *d,
                                     struct lib_flags *out)
{
    if ((d->bind_flags & ~DDI_BIND_DEFINED) || (d->misc_flags & ~DDI_MISC_DEFINED) ||
        (d->cpu_access & ~(AEROCMD_DDI_CPU_ACCESS_WRITE | AEROCMD_DDI_CPU_ACCESS_READ)) ||
        d->usage > AEROCMD_UMD_USAGE_STAGING) /* D3D10_DDI_USAGE_STAGING */
        return AEROCMD_E_INVALID_ARG;
    if (d->misc_flags & DDI_MISC_REFUSED)
        return AEROCMD_E_NOT_IMPLEMENTED;
    if ((d->misc_flags & AEROCMD_DDI_MISC_GDI_COMPATIBLE) && !gdi_compatible_ok(d))
        return AEROCMD_E_INVALID_ARG;
    out->bind = d->bind_flags & AEROCMD_DDI_BIND_PIPELINE_MASK;
    if (d->bind_flags & AEROCMD_DDI_BIND_UNORDERED_ACCESS)
        out->bind |= AEROCMD_UMD_BIND_UNORDERED_ACCESS;
    /* The DDI's AUTO_GEN_MIP_MAP, SHARED and BUFFER_* bits have the API's values. */
    out->misc = d->misc_flags &
                (AEROCMD_DDI_MISC_AUTO_GEN_MIP_MAP | AEROCMD_DDI_MISC_SHARED |
                 AEROCMD_DDI_MISC_BUFFER_ALLOW_RAW_VIEWS | AEROCMD_DDI_MISC_BUFFER_STRUCTURED);
    if (d->bind_flags & AEROCMD_DDI_BIND_PRESENT)
        out->misc |= AEROCMD_UMD_MISC_PRESENTABLE;
    if (d->has_primary && !(d->primary_flags & AEROCMD_DDI_PRIMARY_OPTIONAL))
        out->misc |= AEROCMD_UMD_MISC_PRIMARY;
    out->cpu_access =
        ((d->cpu_access & AEROCMD_DDI_CPU_ACCESS_WRITE) ? AEROCMD_UMD_CPU_ACCESS_WRITE : 0u) |
        ((d->cpu_access & AEROCMD_DDI_CPU_ACCESS_READ) ? AEROCMD_UMD_CPU_ACCESS_READ : 0u);
    return AEROCMD_OK;
}

/* No DDI argument asks for a placement: guest_backed stays 0 and the library's own rule
 * applies (STAGING and shareable resources in guest memory). */
static aerocmd_result create_buffer(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                    const struct aerocmd_umd_ddi_resource_desc *d,
                                    const struct lib_flags *f,
                                    const struct aerocmd_umd_subresource_data *initial,
                                    struct aerocmd_umd_resource **out)
{
    struct aerocmd_umd_buffer_desc b;
    memset(&b, 0, sizeof b);
    b.size_bytes = d->width;
    b.bind_flags = f->bind;
    b.misc_flags = f->misc;
    b.usage = d->usage;
    b.cpu_access = f->cpu_access;
    b.structure_stride = d->structure_stride;
    return aerocmd_umd_create_buffer(dev, mem, mem_size, &b, initial != NULL ? initial->data : NULL,
                                     out);
}

static aerocmd_result create_texture(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                     const struct aerocmd_umd_ddi_resource_desc *d,
                                     const struct lib_flags *f,
                                     const struct aerocmd_umd_subresource_data *initial,
                                     struct aerocmd_umd_resource **out)
{
    struct aerocmd_umd_texture2d_desc t;
    memset(&t, 0, sizeof t);
    t.width = d->width;
    t.height = d->height;
    t.mip_levels = d->mip_levels;
    t.array_size = d->array_size;
    t.dxgi_format = d->dxgi_format;
    t.sample_count = d->sample_count;
    t.bind_flags = f->bind;
    t.misc_flags = f->misc;
    t.usage = d->usage;
    t.cpu_access = f->cpu_access;
    t.vidpn_source_id = d->vidpn_source_id;
    return aerocmd_umd_create_texture2d(dev, mem, mem_size, &t, initial, out);
}

uint32_t aerocmd_umd_ddi_primary_driver_flags(const struct aerocmd_umd_ddi_resource_desc *desc)
{
    if (desc == NULL || !desc->has_primary || !(desc->primary_flags & AEROCMD_DDI_PRIMARY_OPTIONAL))
        return 0;
    return AEROCMD_DDI_PRIMARY_DRIVER_FLAG_NO_SCANOUT;
}

aerocmd_result aerocmd_umd_create_ddi_resource(struct aerocmd_umd_device *dev, void *mem,
                                               size_t mem_size,
                                               const struct aerocmd_umd_ddi_resource_desc *desc,
                                               const struct aerocmd_umd_subresource_data *initial,
                                               struct aerocmd_umd_resource **out)
{
    struct lib_flags f;
    aerocmd_result r;
    if (desc == NULL)
        return AEROCMD_E_INVALID_ARG;
    /* What the DDI does not define is invalid before anything is unsupported. */
    if (desc->dimension < AEROCMD_DDI_DIMENSION_BUFFER ||
        desc->dimension > AEROCMD_DDI_DIMENSION_TEXTURECUBE)
        return AEROCMD_E_INVALID_ARG;
    r = flags_from_ddi(desc, &f);
    if (r != AEROCMD_OK)
        return r;
    if (desc->dimension != AEROCMD_DDI_DIMENSION_BUFFER &&
        desc->dimension != AEROCMD_DDI_DIMENSION_TEXTURE2D)
        return AEROCMD_E_NOT_IMPLEMENTED; /* 1D, 3D, cube: the protocol has 2D textures */
    if (desc->dimension == AEROCMD_DDI_DIMENSION_BUFFER)
        return create_buffer(dev, mem, mem_size, desc, &f, initial, out);
    return create_texture(dev, mem, mem_size, desc, &f, initial, out);
}

aerocmd_result aerocmd_umd_create_ddi_view(struct aerocmd_umd_device *dev, void *mem,
                                           size_t mem_size, enum aerocmd_view_kind kind,
                                           struct aerocmd_umd_resource *res, uint32_t dimension,
                                           const struct aerocmd_umd_view_desc *desc,
                                           struct aerocmd_umd_view **out)
{
    if (res == NULL)
        return AEROCMD_E_INVALID_ARG;
    switch (dimension) {
    case AEROCMD_DDI_DIMENSION_BUFFER:
    case AEROCMD_DDI_DIMENSION_BUFFEREX:
    case AEROCMD_DDI_DIMENSION_TEXTURE2D:
        return aerocmd_umd_create_view(dev, mem, mem_size, kind, res, desc, out);
    case AEROCMD_DDI_DIMENSION_TEXTURE1D:
    case AEROCMD_DDI_DIMENSION_TEXTURE3D:
    case AEROCMD_DDI_DIMENSION_TEXTURECUBE:
        return AEROCMD_E_NOT_IMPLEMENTED;
    default:
        return AEROCMD_E_INVALID_ARG;
    }
}

uint32_t aerocmd_umd_merge_alloc_refs(const struct aerocmd_umd_alloc_ref *refs, uint32_t count,
                                      struct aerocmd_umd_alloc_ref *out)
{
    uint32_t used = 0, i, j;
    for (i = 0; i < count; i++) {
        for (j = 0; j < used && out[j].os_handle != refs[i].os_handle; j++)
            ;
        if (j == used)
            out[used++] = refs[i];
        else
            out[j].flags |= refs[i].flags & AEROCMD_UMD_ALLOC_REF_WRITE;
    }
    return used;
}
