/* SPDX-License-Identifier: MIT */
/* umd_data.h — where bytes move between the CPU and the device (umd layer): Map/Unmap,
 * UpdateSubresourceUP, CopyResource / CopySubresourceRegion, DXGI's Blt, fence waits.
 *
 * Storage decides the path:
 * - host-owned DYNAMIC resources keep a CPU shadow (from the device's allocator). Map
 *   for writing returns the shadow; the bytes go out as UPLOAD_RESOURCE, in stream order,
 *   so nothing ever waits: at Unmap the mapped subresource (the range, with
 *   aerocmd_umd_unmap_range), except for buffers that can only be bound as vertex or index
 *   buffers: no Map names a range for those, so each draw sends, before itself, the part
 *   of what it reads (its vertices' elements, its indices) not sent since the last Map,
 *   and a copy from such a buffer first sends all of it: whatever the GPU reads holds, when
 *   it reads it, what the application wrote.
 * - guest-backed resources (STAGING ones always are) are mapped through the lock
 *   callback. Reading waits for the resource's last GPU write; writing waits until no
 *   submitted work may still read the allocation (WRITE_NO_OVERWRITE promises that
 *   nothing it touches is in use, so it never waits). Unmap after a write sends
 *   RESOURCE_DIRTY_RANGE for the mapped subresource's bytes, with the allocation listed.
 *
 * A Map that must wait first submits the pending work (Direct3D's Map flushes). With
 * AEROCMD_UMD_MAP_DO_NOT_WAIT it returns AEROCMD_E_STILL_DRAWING instead of blocking.
 * Subresource index = mip + layer x mip_levels; buffers have one subresource. One
 * subresource of a resource may be mapped at a time. */
#ifndef AEROCMD_UMD_DATA_H
#define AEROCMD_UMD_DATA_H

#include <stdint.h>

#include "aerocmd/layout.h"
#include "aerocmd/result.h"
#include "aerocmd/umd_objects.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* D3D11_MAP values (D3D10_MAP has the same numbers). */
enum aerocmd_umd_map_type {
    AEROCMD_UMD_MAP_READ = 1,
    AEROCMD_UMD_MAP_WRITE = 2,
    AEROCMD_UMD_MAP_READ_WRITE = 3,
    AEROCMD_UMD_MAP_WRITE_DISCARD = 4,
    AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE = 5
};

/* D3D11_MAP_FLAG_DO_NOT_WAIT. */
#define AEROCMD_UMD_MAP_DO_NOT_WAIT 0x100000u

struct aerocmd_umd_mapped {
    void *data;           /* the subresource's first byte */
    uint32_t row_pitch;   /* bytes between rows (rows of 4x4 blocks for BC formats) */
    uint32_t depth_pitch; /* bytes of the whole subresource */
};

/* INVALID_ARG: bad subresource, already mapped, a map type the resource's usage and CPU
 * access do not allow. NOT_IMPLEMENTED: reading a host-owned resource (the protocol has
 * no way back from host memory except a copy into a guest-backed resource).
 * STILL_DRAWING: DO_NOT_WAIT and the GPU is not done. Errors of the callbacks as they
 * come (OUT_OF_MEMORY, DEVICE_REMOVED, ...); nothing stays mapped after an error. */
aerocmd_result aerocmd_umd_map(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                               uint32_t subresource, enum aerocmd_umd_map_type type, uint32_t flags,
                               struct aerocmd_umd_mapped *out);

/* Ends the mapping; after a write the mapped subresource's bytes go to the host. The
 * mapping ends even when sending fails (the error is returned). */
aerocmd_result aerocmd_umd_unmap(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                                 uint32_t subresource);

/* The same, when the caller knows which bytes of a mapped buffer were written: only
 * [offset, offset + size) travels (widened to 4-byte units for host-owned buffers). */
aerocmd_result aerocmd_umd_unmap_range(struct aerocmd_umd_context *ctx,
                                       struct aerocmd_umd_resource *res, uint32_t subresource,
                                       uint32_t offset, uint32_t size);

/* UpdateSubresourceUP: `box` NULL = the whole subresource; for buffers left/right are
 * byte offsets. `data` is laid out with `row_pitch` (rows of blocks for BC; ignored for
 * buffers) and repacked into the guest layout. Host-owned resources get UPLOAD_RESOURCE
 * packets (host-owned buffers need 4-byte aligned ranges unless they keep a shadow:
 * NOT_IMPLEMENTED otherwise); guest-backed ones are written through the lock callback,
 * after the GPU is done reading them, and announced with RESOURCE_DIRTY_RANGE. */
aerocmd_result aerocmd_umd_update_subresource(struct aerocmd_umd_context *ctx,
                                              struct aerocmd_umd_resource *res,
                                              uint32_t subresource, const struct aerocmd_box *box,
                                              const void *data, uint32_t row_pitch,
                                              uint32_t depth_pitch);

/* CopyResource / CopySubresourceRegion -> COPY_BUFFER / COPY_TEXTURE2D. NOT_IMPLEMENTED
 * without the TRANSFER feature or below ABI 1.1, for formats that differ, and for buffer
 * ranges that are not 4-byte aligned. A guest-backed destination gets WRITEBACK_DST (its
 * guest memory stays the truth, which a later Map(READ) or dirty range relies on) and is
 * listed writable. For buffers, dst_x / src_box left-right are byte offsets. */
aerocmd_result aerocmd_umd_copy_resource(struct aerocmd_umd_context *ctx,
                                         struct aerocmd_umd_resource *dst,
                                         struct aerocmd_umd_resource *src);
aerocmd_result aerocmd_umd_copy_subresource_region(
    struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *dst, uint32_t dst_subresource,
    uint32_t dst_x, uint32_t dst_y, uint32_t dst_z, struct aerocmd_umd_resource *src,
    uint32_t src_subresource, const struct aerocmd_box *src_box);

/* ---- DXGI Blt ---------------------------------------------------------------------------- */

/* DXGI_DDI_ARG_BLT_FLAGS bits; the other 28 bits are reserved (zero). */
#define AEROCMD_UMD_BLT_RESOLVE 0x1u /* samples are resolved to one pixel */
#define AEROCMD_UMD_BLT_CONVERT 0x2u /* the format is converted */
#define AEROCMD_UMD_BLT_STRETCH 0x4u /* the rectangle is stretched */
#define AEROCMD_UMD_BLT_PRESENT 0x8u /* the blit is part of a present */

/* DXGI_DDI_MODE_ROTATION values. */
#define AEROCMD_UMD_BLT_ROTATION_UNSPECIFIED 0u
#define AEROCMD_UMD_BLT_ROTATION_IDENTITY    1u
#define AEROCMD_UMD_BLT_ROTATION_ROTATE90    2u
#define AEROCMD_UMD_BLT_ROTATION_ROTATE180   3u
#define AEROCMD_UMD_BLT_ROTATION_ROTATE270   4u

/* DXGI_DDI_ARG_BLT without the handles: the whole source subresource goes to the
 * destination rectangle [left, right) x [top, bottom) of the destination subresource. */
struct aerocmd_umd_blt_desc {
    uint32_t dst_subresource;
    uint32_t dst_left, dst_top, dst_right, dst_bottom;
    uint32_t src_subresource;
    uint32_t flags;    /* AEROCMD_UMD_BLT_* */
    uint32_t rotation; /* AEROCMD_UMD_BLT_ROTATION_* */
};

/* DXGI's Blt between two textures. The protocol has no scaled or filtered blit, so only a
 * copy is expressed, and then exactly as aerocmd_umd_copy_subresource_region (dst_x/y =
 * left/top, no source box) sends it, with all of that call's rules and results.
 * - INVALID_ARG: a buffer, a resource of another device, reserved flag bits, a rotation
 *   that is not a DXGI_DDI_MODE_ROTATION, a subresource index out of range, an empty
 *   rectangle or one that leaves the destination subresource.
 * - NOT_IMPLEMENTED: rotation 90/180/270; a rectangle of another size than the source
 *   subresource (stretching); formats of different cast families (conversion); CONVERT
 *   between two different typed formats of one family (a value conversion such as sRGB
 *   encoding, which a copy does not do).
 * Flags that do not change a 1:1 copy are accepted: STRETCH with equal sizes, PRESENT (the
 * reason of the blit, not a change to its pixels), RESOLVE (every resource here has one
 * sample, and resolving one sample is that sample), CONVERT between equal formats or from
 * or to a typeless one (nothing to convert). UNSPECIFIED rotation counts as IDENTITY. */
aerocmd_result aerocmd_umd_blt(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *dst,
                               struct aerocmd_umd_resource *src,
                               const struct aerocmd_umd_blt_desc *desc);

/* ---- fences ---------------------------------------------------------------------------- */

/* The one place that turns an operating-system answer to "is this fence done" into a
 * result: every "not yet" code (DXGI_ERROR_WAS_STILL_DRAWING, the graphics kernel's
 * "allocation busy", WAIT_TIMEOUT / STATUS_TIMEOUT — a success code —, STATUS_PENDING,
 * ERROR_TIMEOUT as Win32 code or HRESULT, E_PENDING) becomes STILL_DRAWING; device loss
 * codes DEVICE_REMOVED; out-of-memory codes OUT_OF_MEMORY; other success codes OK; other
 * failures INVALID_ARG. */
aerocmd_result aerocmd_umd_wait_result(uint32_t os_code);

/* Reads a 64-bit counter that another agent updates, as two 32-bit halves (low word at
 * words[0]), without tearing and without writing to it: high, low, high again until the
 * high words agree. For the device's fence page, which user mode maps read-only. */
uint64_t aerocmd_umd_read_fence64(const volatile uint32_t *words);

/* Waits for the GPU to finish everything submitted so far (flags: DO_NOT_WAIT). */
aerocmd_result aerocmd_umd_wait_idle(struct aerocmd_umd_context *ctx, uint32_t flags);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_DATA_H */
