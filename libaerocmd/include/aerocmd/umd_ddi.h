/* SPDX-License-Identifier: MIT */
/* umd_ddi.h — Direct3D descriptions as the Windows DDI numbers them (umd layer).
 *
 * The D3D10, D3D10.1 and D3D11 runtimes hand a Windows 7 driver resource descriptions in
 * one numbering of their own (d3d10umddi.h): D3D10DDIRESOURCE_TYPE dimensions, bind flags
 * with PRESENT at 0x80 and UNORDERED_ACCESS at 0x100, CPU access as WRITE 1 / READ 2, and
 * misc flags of which some exist only there. Turning them into this library's
 * descriptions decides what is refused, so it is done here, once for all three runtimes;
 * a shim copies the DDI struct's members into these and calls. */
#ifndef AEROCMD_UMD_DDI_H
#define AEROCMD_UMD_DDI_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/export.h"
#include "aerocmd/umd_callbacks.h"
#include "aerocmd/umd_objects.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* D3D10DDIRESOURCE_TYPE (and D3D11DDIRESOURCE_BUFFEREX for views). */
enum aerocmd_umd_ddi_dimension {
    AEROCMD_DDI_DIMENSION_BUFFER = 1,
    AEROCMD_DDI_DIMENSION_TEXTURE1D = 2,
    AEROCMD_DDI_DIMENSION_TEXTURE2D = 3,
    AEROCMD_DDI_DIMENSION_TEXTURE3D = 4,
    AEROCMD_DDI_DIMENSION_TEXTURECUBE = 5,
    AEROCMD_DDI_DIMENSION_BUFFEREX = 6
};

/* D3D10_DDI_BIND_* / D3D11_DDI_BIND_*: the pipeline bits 0x1..0x40 are Direct3D's. */
#define AEROCMD_DDI_BIND_PIPELINE_MASK    0x7Fu
#define AEROCMD_DDI_BIND_PRESENT          0x80u
#define AEROCMD_DDI_BIND_UNORDERED_ACCESS 0x100u

/* D3D10_DDI_CPU_ACCESS_*. */
#define AEROCMD_DDI_CPU_ACCESS_WRITE 0x1u
#define AEROCMD_DDI_CPU_ACCESS_READ  0x2u

/* D3D10_DDI_RESOURCE_MISC_* / D3D11_DDI_RESOURCE_MISC_* (0x100 and 0x200 are reserved in
 * the DDI for the API's SHARED_KEYEDMUTEX and GDI_COMPATIBLE). */
#define AEROCMD_DDI_MISC_AUTO_GEN_MIP_MAP       0x1u
#define AEROCMD_DDI_MISC_SHARED                 0x2u
#define AEROCMD_DDI_MISC_DISCARD_ON_PRESENT     0x8u
#define AEROCMD_DDI_MISC_DRAWINDIRECT_ARGS      0x10u
#define AEROCMD_DDI_MISC_BUFFER_ALLOW_RAW_VIEWS 0x20u
#define AEROCMD_DDI_MISC_BUFFER_STRUCTURED      0x40u
#define AEROCMD_DDI_MISC_RESOURCE_CLAMP         0x80u
#define AEROCMD_DDI_MISC_SHARED_KEYEDMUTEX      0x100u
#define AEROCMD_DDI_MISC_GDI_COMPATIBLE         0x200u
#define AEROCMD_DDI_MISC_REMOTE                 0x400u

/* D3D10DDIARG_CREATERESOURCE / D3D11DDIARG_CREATERESOURCE, the members that describe it. */
struct aerocmd_umd_ddi_resource_desc {
    uint32_t dimension; /* enum aerocmd_umd_ddi_dimension */
    uint32_t width;     /* mip 0's TexelWidth; a buffer's size in bytes */
    uint32_t height;
    uint32_t mip_levels;
    uint32_t array_size;
    uint32_t dxgi_format;
    uint32_t sample_count;
    uint32_t usage;            /* D3D10_DDI_RESOURCE_USAGE: Direct3D's numbering */
    uint32_t bind_flags;       /* AEROCMD_DDI_BIND_* */
    uint32_t cpu_access;       /* AEROCMD_DDI_CPU_ACCESS_* (the DDI's MapFlags) */
    uint32_t misc_flags;       /* AEROCMD_DDI_MISC_* */
    uint32_t structure_stride; /* D3D11's ByteStride; 0 for D3D10 */
    /* pPrimaryDesc: has_primary 0 when NULL; otherwise its Flags (DXGI_DDI_PRIMARY_*) and
     * VidPnSourceId. */
    uint32_t has_primary;
    uint32_t primary_flags;
    uint32_t vidpn_source_id;
};

/* DXGI_DDI_PRIMARY_DESC.Flags / DriverFlags bits. */
#define AEROCMD_DDI_PRIMARY_OPTIONAL               0x1u
#define AEROCMD_DDI_PRIMARY_DRIVER_FLAG_NO_SCANOUT 0x1u

/* Creates a buffer or a 2D texture (aerocmd_umd_create_buffer / _texture2d; initial as
 * there, the buffer's in initial[0].data). NOT_IMPLEMENTED: 1D, 3D and cube textures (the
 * protocol has 2D textures only), keyed-mutex and GDI-compatible sharing (the DDI has no
 * call that would carry the synchronisation). INVALID_ARG: a dimension, usage or flag bit
 * the DDI does not define, whatever else the desc asks. PRESENT makes a swap-chain buffer
 * (AEROCMD_UMD_MISC_PRESENTABLE: a WDDM allocation a present can name), a primary
 * description without DXGI_DDI_PRIMARY_OPTIONAL a primary (AEROCMD_UMD_MISC_PRIMARY, on
 * vidpn_source_id), AUTO_GEN_MIP_MAP a texture GenerateMips draws
 * (AEROCMD_UMD_MISC_GENERATE_MIPS). Accepted and needing nothing of the protocol:
 * DISCARD_ON_PRESENT, DRAWINDIRECT_ARGS (indirect arguments are read on the CPU),
 * RESOURCE_CLAMP (SetResourceMinLOD is judged at its own call), REMOTE. */
aerocmd_result aerocmd_umd_create_ddi_resource(struct aerocmd_umd_device *dev, void *mem,
                                               size_t mem_size,
                                               const struct aerocmd_umd_ddi_resource_desc *desc,
                                               const struct aerocmd_umd_subresource_data *initial,
                                               struct aerocmd_umd_resource **out);

/* What the driver writes into DXGI_DDI_PRIMARY_DESC.DriverFlags at creation (desc as given
 * to aerocmd_umd_create_ddi_resource): an optional primary (a back buffer) opts out of
 * scan-out with NO_SCANOUT, so DXGI presents it with a Blt-model present (the host shows a
 * presented surface whichever model names it, and flips would need the kernel to scan out
 * the back buffers); a real primary is kept (opting it out would oblige BltDXGI to
 * rotate). 0 when there is no primary description. */
uint32_t aerocmd_umd_ddi_primary_driver_flags(const struct aerocmd_umd_ddi_resource_desc *desc);

/* aerocmd_umd_create_view for a view of the DDI dimension `dimension` (BUFFEREX is a
 * buffer view). NOT_IMPLEMENTED for 1D, 3D and cube views; INVALID_ARG for res NULL or a
 * dimension the DDI does not define. */
aerocmd_result aerocmd_umd_create_ddi_view(struct aerocmd_umd_device *dev, void *mem,
                                           size_t mem_size, enum aerocmd_view_kind kind,
                                           struct aerocmd_umd_resource *res, uint32_t dimension,
                                           const struct aerocmd_umd_view_desc *desc,
                                           struct aerocmd_umd_view **out);

/* The runtime's allocation list (D3DDDI_ALLOCATIONLIST) has one entry per allocation: refs
 * naming the same os_handle become one entry of `out` (count entries of room; it may be
 * refs itself), in order of first appearance, write intent winning. Returns the entries
 * written. */
uint32_t aerocmd_umd_merge_alloc_refs(const struct aerocmd_umd_alloc_ref *refs, uint32_t count,
                                      struct aerocmd_umd_alloc_ref *out);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_DDI_H */
