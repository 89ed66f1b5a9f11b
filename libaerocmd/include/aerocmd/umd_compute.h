/* SPDX-License-Identifier: MIT */
/* umd_compute.h — Direct3D 11's compute extras over the state tracker: buffer
 * unordered-access views for the compute stage, their clears, indirect draws and
 * dispatches, CopyStructureCount.
 *
 * The protocol binds unordered access only as buffer ranges of the compute stage
 * (SET_UNORDERED_ACCESS_BUFFERS, 8 slots): texture views and output-merger unordered
 * access are NOT_IMPLEMENTED. Bindings are recorded and sent lazily before the next
 * Dispatch, like every other binding. Binding a resource for unordered access unbinds it
 * from every shader-resource slot and render / depth target; binding it as a shader
 * resource or target unbinds it from every unordered-access slot (Direct3D 11's rule). */
#ifndef AEROCMD_UMD_COMPUTE_H
#define AEROCMD_UMD_COMPUTE_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/result.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

struct aerocmd_umd_device;
struct aerocmd_umd_context;
struct aerocmd_umd_resource;
struct aerocmd_umd_uav;

/* Unordered-access slots of the compute stage the protocol has. */
#define AEROCMD_UMD_MAX_UAVS 8u

/* D3D11_BUFFER_UAV_FLAG_* values. RAW views have dxgi_format R32_TYPELESS; APPEND and
 * COUNTER views are structured (dxgi_format 0, the buffer's stride). */
#define AEROCMD_UMD_UAV_FLAG_RAW     0x1u
#define AEROCMD_UMD_UAV_FLAG_APPEND  0x2u
#define AEROCMD_UMD_UAV_FLAG_COUNTER 0x4u

/* The initial_count that leaves a view's hidden counter as it is. */
#define AEROCMD_UMD_UAV_KEEP_COUNT 0xFFFFFFFFu

struct aerocmd_umd_uav_desc {
    uint32_t dxgi_format;   /* typed view; R32_TYPELESS (39) with FLAG_RAW; 0 structured */
    uint32_t first_element; /* in elements of the view */
    uint32_t element_count; /* > 0 */
    /* Structured views: 0 or the stride of a buffer created BUFFER_STRUCTURED; for other
     * buffers the stride itself (multiple of 4). Ignored for typed and raw views. */
    uint32_t element_bytes;
    uint32_t flags; /* AEROCMD_UMD_UAV_FLAG_* */
    /* APPEND / COUNTER views: the counter sent with the view's first bind when that bind
     * keeps the count (AEROCMD_UMD_UAV_KEEP_COUNT: 0). Ignored for other views. */
    uint32_t initial_count;
};

size_t aerocmd_umd_uav_size(void);

/* A view of [first_element, first_element + element_count) of a buffer created with
 * AEROCMD_UMD_BIND_UNORDERED_ACCESS. INVALID_ARG: no such bind flag, a range outside the
 * buffer, a bad stride or flag combination, a format that is not a 1..16-byte typed colour
 * format, a typed or raw view of a structured buffer. NOT_IMPLEMENTED: a texture. No
 * packet is sent (views of buffers are ranges). */
aerocmd_result aerocmd_umd_create_uav(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                      struct aerocmd_umd_resource *res,
                                      const struct aerocmd_umd_uav_desc *desc,
                                      struct aerocmd_umd_uav **out);
/* Unbinds the view from every slot; always OK for a live view. */
aerocmd_result aerocmd_umd_destroy_uav(struct aerocmd_umd_uav *uav);

/* CSSetUnorderedAccessViews: uavs NULL or entries NULL unbind. initial_counts NULL, or
 * an entry AEROCMD_UMD_UAV_KEEP_COUNT, keeps the view's counter; counts of views without
 * APPEND / COUNTER are ignored. INVALID_ARG: slots past AEROCMD_UMD_MAX_UAVS, a view of
 * another device. */
aerocmd_result aerocmd_umd_set_cs_uavs(struct aerocmd_umd_context *ctx, uint32_t start,
                                       uint32_t count, struct aerocmd_umd_uav *const *uavs,
                                       const uint32_t *initial_counts);

/* OMSetRenderTargetsAndUnorderedAccessViews' unordered-access part: the protocol has no
 * pixel-stage unordered access, so any non-NULL view is NOT_IMPLEMENTED (all NULL: OK,
 * nothing to do). */
aerocmd_result aerocmd_umd_set_om_uavs(struct aerocmd_umd_context *ctx, uint32_t start,
                                       uint32_t count, struct aerocmd_umd_uav *const *uavs,
                                       const uint32_t *initial_counts);

/* ClearUnorderedAccessViewUint: typed views get the low bits of values[i] in component i
 * (no conversion, Direct3D's rule); raw and structured views get values[0] in every
 * 32-bit word. */
aerocmd_result aerocmd_umd_clear_uav_uint(struct aerocmd_umd_context *ctx,
                                          struct aerocmd_umd_uav *uav, const uint32_t values[4]);

/* ClearUnorderedAccessViewFloat, values as f32 bits: 32-bit float components take the bits
 * as they are, UNORM / SNORM 8- and 16-bit components the converted value. Raw and
 * structured views take values_f32[0]'s bits in every word, as the Uint clear (Direct3D
 * leaves typeless views undefined here). INVALID_ARG: an integer format. NOT_IMPLEMENTED:
 * 16-bit float and packed formats.
 *
 * The protocol has no clear packet. Both clears write the repeated pattern over the
 * view's range: host-owned buffers as UPLOAD_RESOURCE (NOT_IMPLEMENTED when the range is
 * not in 4-byte units and there is no CPU shadow), guest-backed ones into the allocation
 * through the lock callback (after the GPU is done with it) and RESOURCE_DIRTY_RANGE. */
aerocmd_result aerocmd_umd_clear_uav_float(struct aerocmd_umd_context *ctx,
                                           struct aerocmd_umd_uav *uav,
                                           const uint32_t values_f32[4]);

/* Indirect work, best effort: the arguments are read on the CPU from the buffer at
 * offset_bytes (4-byte aligned) and the ordinary DISPATCH / DRAW / DRAW_INDEXED is sent.
 * That works when the CPU has the bytes: a host-owned buffer with a CPU shadow (DYNAMIC),
 * or a guest-backed buffer (locked after its last GPU write is done, which may wait).
 * NOT_IMPLEMENTED otherwise, and for buffers a dispatch wrote through unordered access
 * (their bytes are only on the host). INVALID_ARG: arguments outside the buffer. */
aerocmd_result aerocmd_umd_dispatch_indirect(struct aerocmd_umd_context *ctx,
                                             struct aerocmd_umd_resource *args,
                                             uint32_t offset_bytes);
/* {vertex_count_per_instance, instance_count, first_vertex, first_instance} */
aerocmd_result aerocmd_umd_draw_instanced_indirect(struct aerocmd_umd_context *ctx,
                                                   struct aerocmd_umd_resource *args,
                                                   uint32_t offset_bytes);
/* {index_count_per_instance, instance_count, first_index, base_vertex, first_instance} */
aerocmd_result aerocmd_umd_draw_indexed_instanced_indirect(struct aerocmd_umd_context *ctx,
                                                           struct aerocmd_umd_resource *args,
                                                           uint32_t offset_bytes);

/* CopyStructureCount: possible only while the CPU knows the counter, i.e. between a bind
 * that set it and the next Dispatch with the view bound (or before its first bind); the
 * value is then written as UpdateSubresource would write 4 bytes at dst_offset_bytes.
 * NOT_IMPLEMENTED once a dispatch may have moved the counter. INVALID_ARG: a view without
 * APPEND / COUNTER, an unaligned or outside offset. */
aerocmd_result aerocmd_umd_copy_structure_count(struct aerocmd_umd_context *ctx,
                                                struct aerocmd_umd_resource *dst,
                                                uint32_t dst_offset_bytes,
                                                struct aerocmd_umd_uav *src);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_COMPUTE_H */
