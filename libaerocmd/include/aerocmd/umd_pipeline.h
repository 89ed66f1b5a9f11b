/* SPDX-License-Identifier: MIT */
/* umd_pipeline.h — binding, drawing and presenting on the immediate context (umd layer).
 *
 * Setters only record: they compare with what is bound, and a change sets a dirty bit.
 * The packets for dirty state are emitted lazily, right before the draw, clear or dispatch
 * that needs them, so re-binding identical state emits nothing and a draw without state
 * changes is exactly one packet. Setters and draws neither allocate nor hash.
 *
 * Bound objects are referenced, not copied: destroying an object unbinds it everywhere.
 * Stages are enum aerocmd_shader_kind: VS, PS, GS and CS. HS / DS are NOT_IMPLEMENTED, except
 * that a call binding nothing to them (all NULL, as ClearState unbinds) is OK. */
#ifndef AEROCMD_UMD_PIPELINE_H
#define AEROCMD_UMD_PIPELINE_H

#include <stdint.h>

#include "aerocmd/result.h"
#include "aerocmd/umd_objects.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* Direct3D 11's slot counts (D3D10 has 16 vertex-buffer slots, D3D11 32). */
#define AEROCMD_UMD_MAX_VERTEX_BUFFERS   32u
#define AEROCMD_UMD_MAX_CONSTANT_BUFFERS 14u
#define AEROCMD_UMD_MAX_SHADER_RESOURCES 128u
#define AEROCMD_UMD_MAX_SAMPLERS         16u
#define AEROCMD_UMD_MAX_RENDER_TARGETS   8u

/* ---- input assembler ----------------------------------------------------------------- */

void aerocmd_umd_set_input_layout(struct aerocmd_umd_context *ctx,
                                  const struct aerocmd_umd_input_layout *layout);

/* Slots start .. start + count - 1; buffers[i] may be NULL (unbind). INVALID_ARG past the
 * 16 slots. The runtime's start slot and count are forwarded as given. */
/* One slot: the same as aerocmd_umd_set_vertex_buffers with count 1, for the usual call
 * (every argument in a register). */
aerocmd_result aerocmd_umd_set_vertex_buffer(struct aerocmd_umd_context *ctx, uint32_t slot,
                                             struct aerocmd_umd_resource *buffer, uint32_t stride,
                                             uint32_t offset);
aerocmd_result aerocmd_umd_set_vertex_buffers(struct aerocmd_umd_context *ctx, uint32_t start,
                                              uint32_t count,
                                              struct aerocmd_umd_resource *const *buffers,
                                              const uint32_t *strides, const uint32_t *offsets);

/* dxgi_format R16_UINT or R32_UINT (ignored when buffer is NULL). */
aerocmd_result aerocmd_umd_set_index_buffer(struct aerocmd_umd_context *ctx,
                                            struct aerocmd_umd_resource *buffer,
                                            uint32_t dxgi_format, uint32_t offset_bytes);

/* D3D10_PRIMITIVE_TOPOLOGY values (lists, strips, adjacency). 0 (undefined) is recorded
 * and nothing is sent; patch lists are NOT_IMPLEMENTED. */
aerocmd_result aerocmd_umd_set_topology(struct aerocmd_umd_context *ctx, uint32_t topology);

/* ---- shader stages ------------------------------------------------------------------- */

/* shader NULL unbinds; a shader of another stage is INVALID_ARG. */
aerocmd_result aerocmd_umd_set_shader(struct aerocmd_umd_context *ctx,
                                      enum aerocmd_shader_kind stage,
                                      const struct aerocmd_umd_shader *shader);

/* first_constant / num_constants: NULL for whole buffers (D3D10), else the D3D11.1-style
 * ranges in 16-byte constants. */
/* One whole buffer into one slot: aerocmd_umd_set_constant_buffers with count 1 and no
 * ranges. */
aerocmd_result aerocmd_umd_set_constant_buffer(struct aerocmd_umd_context *ctx,
                                               enum aerocmd_shader_kind stage, uint32_t slot,
                                               struct aerocmd_umd_resource *buffer);
aerocmd_result aerocmd_umd_set_constant_buffers(struct aerocmd_umd_context *ctx,
                                                enum aerocmd_shader_kind stage, uint32_t start,
                                                uint32_t count,
                                                struct aerocmd_umd_resource *const *buffers,
                                                const uint32_t *first_constant,
                                                const uint32_t *num_constants);

/* Views must be shader resource views (INVALID_ARG otherwise). A view of a resource that
 * is a current render / depth target unbinds it from the output merger. */
/* One slot of each: the array forms with count 1. */
aerocmd_result aerocmd_umd_set_shader_resource(struct aerocmd_umd_context *ctx,
                                               enum aerocmd_shader_kind stage, uint32_t slot,
                                               struct aerocmd_umd_view *view);
aerocmd_result aerocmd_umd_set_sampler(struct aerocmd_umd_context *ctx,
                                       enum aerocmd_shader_kind stage, uint32_t slot,
                                       const struct aerocmd_umd_sampler *sampler);
aerocmd_result aerocmd_umd_set_shader_resources(struct aerocmd_umd_context *ctx,
                                                enum aerocmd_shader_kind stage, uint32_t start,
                                                uint32_t count,
                                                struct aerocmd_umd_view *const *views);

aerocmd_result aerocmd_umd_set_samplers(struct aerocmd_umd_context *ctx,
                                        enum aerocmd_shader_kind stage, uint32_t start,
                                        uint32_t count,
                                        const struct aerocmd_umd_sampler *const *samplers);

/* ---- output merger and rasterizer ---------------------------------------------------- */

/* count = the runtime's slot count (NULL gaps kept); binding a resource as a target
 * unbinds it from every shader-resource slot of every stage. */
aerocmd_result aerocmd_umd_set_render_targets(struct aerocmd_umd_context *ctx, uint32_t count,
                                              struct aerocmd_umd_view *const *rtvs,
                                              struct aerocmd_umd_view *dsv);

/* state NULL = Direct3D's default state. */
void aerocmd_umd_set_blend_state(struct aerocmd_umd_context *ctx,
                                 const struct aerocmd_umd_blend_state *state,
                                 const uint32_t blend_factor_f32[4], uint32_t sample_mask);
/* The stencil reference is recorded; the protocol has no field for it (stencil ops that
 * would read it are refused at create time). */
void aerocmd_umd_set_depth_stencil_state(struct aerocmd_umd_context *ctx,
                                         const struct aerocmd_umd_depth_stencil_state *state,
                                         uint32_t stencil_ref);
void aerocmd_umd_set_rasterizer_state(struct aerocmd_umd_context *ctx,
                                      const struct aerocmd_umd_rasterizer_state *state);

struct aerocmd_umd_viewport {
    uint32_t x_f32, y_f32, width_f32, height_f32, min_depth_f32, max_depth_f32;
};

struct aerocmd_umd_rect {
    int32_t left, top, right, bottom;
};

/* One viewport / scissor is encodable. Extra entries identical to the first or empty
 * (zero width or height) are fine; anything else applies entry 0 and returns
 * NOT_IMPLEMENTED. count 0 records "none" and sends nothing. */
aerocmd_result aerocmd_umd_set_viewports(struct aerocmd_umd_context *ctx, uint32_t count,
                                         const struct aerocmd_umd_viewport *viewports);
aerocmd_result aerocmd_umd_set_scissor_rects(struct aerocmd_umd_context *ctx, uint32_t count,
                                             const struct aerocmd_umd_rect *rects);

/* ---- work ---------------------------------------------------------------------------- */

/* Draws are NOT_IMPLEMENTED, and write nothing, when a bound blend state's targets differ
 * and the bound colour targets disagree (aerocmd_umd_create_blend_state). */

aerocmd_result aerocmd_umd_draw(struct aerocmd_umd_context *ctx, uint32_t vertex_count,
                                uint32_t first_vertex);
aerocmd_result aerocmd_umd_draw_indexed(struct aerocmd_umd_context *ctx, uint32_t index_count,
                                        uint32_t first_index, int32_t base_vertex);
aerocmd_result aerocmd_umd_draw_instanced(struct aerocmd_umd_context *ctx,
                                          uint32_t vertex_count_per_instance,
                                          uint32_t instance_count, uint32_t first_vertex,
                                          uint32_t first_instance);
aerocmd_result aerocmd_umd_draw_indexed_instanced(struct aerocmd_umd_context *ctx,
                                                  uint32_t index_count_per_instance,
                                                  uint32_t instance_count, uint32_t first_index,
                                                  int32_t base_vertex, uint32_t first_instance);
/* Stream output is not supported: always NOT_IMPLEMENTED. */
aerocmd_result aerocmd_umd_draw_auto(struct aerocmd_umd_context *ctx);
/* SOSetTargets: binding any of `count` stream-output targets (at most 4) is NOT_IMPLEMENTED;
 * unbinding them all (targets NULL, or every entry NULL, as ClearState does) is OK. */
#define AEROCMD_UMD_MAX_SO_TARGETS 4u
aerocmd_result aerocmd_umd_set_stream_output_targets(struct aerocmd_umd_context *ctx,
                                                     uint32_t count,
                                                     struct aerocmd_umd_resource *const *targets);
aerocmd_result aerocmd_umd_dispatch(struct aerocmd_umd_context *ctx, uint32_t x, uint32_t y,
                                    uint32_t z);

aerocmd_result aerocmd_umd_clear_render_target(struct aerocmd_umd_context *ctx,
                                               struct aerocmd_umd_view *rtv,
                                               const uint32_t rgba_f32[4]);
/* flags: AEROGPU_CLEAR_DEPTH | AEROGPU_CLEAR_STENCIL. */
aerocmd_result aerocmd_umd_clear_depth_stencil(struct aerocmd_umd_context *ctx,
                                               struct aerocmd_umd_view *dsv, uint32_t flags,
                                               uint32_t depth_f32, uint32_t stencil);

/* Submits pending work, then PRESENT (VSYNC when sync_interval > 0) in a submission of its
 * own flagged as a present. sync_interval is clamped to 4; 2..4 wait for one vertical blank
 * only (the protocol has no count): the present.sync_interval approximation, NOT_IMPLEMENTED
 * under the strict policy. If that submission fails the PRESENT is kept and submitted,
 * still alone and flagged, before anything else. */
aerocmd_result aerocmd_umd_present(struct aerocmd_umd_context *ctx, uint32_t sync_interval);

/* DXGI_PRESENT_TEST / DXGI_PRESENT_DO_NOT_WAIT. */
#define AEROCMD_UMD_PRESENT_TEST        0x1u
#define AEROCMD_UMD_PRESENT_DO_NOT_WAIT 0x8u

/* Present with DXGI's flags: TEST only reports whether a present would work (OK, or
 * DEVICE_REMOVED, or the strict policy's NOT_IMPLEMENTED for a sync interval above one)
 * and sends nothing. Up to three presents may be in flight; the next one
 * waits for the oldest, or with DO_NOT_WAIT returns STILL_DRAWING having sent nothing.
 * sync_interval above 4 is INVALID_ARG. */
aerocmd_result aerocmd_umd_present_ex(struct aerocmd_umd_context *ctx, uint32_t sync_interval,
                                      uint32_t flags);

/* What DXGI's Present hands the driver: the surface to show (hSurfaceToPresent and its
 * subresource), the destination when DXGI names one (hDstResource; NULL otherwise), the
 * flip interval and DXGI's flags. */
struct aerocmd_umd_present_desc {
    struct aerocmd_umd_resource *src;
    uint32_t src_subresource;
    struct aerocmd_umd_resource *dst; /* may be NULL */
    uint32_t dst_subresource;
    uint32_t sync_interval; /* 0..4 */
    uint32_t flags;         /* AEROCMD_UMD_PRESENT_* */
};

/* The allocations the operating system's present callback names (DXGIDDICB_PRESENT's
 * hSrcAllocation and hDstAllocation): the shim's os_handle of each side, 0 for no dst. */
struct aerocmd_umd_present_allocations {
    uint64_t src_os_handle;
    uint64_t dst_os_handle;
};

/* Presents `src`: submits the pending work, throttles as aerocmd_umd_present_ex does, then
 * one submission flagged as a present holding SET_RENDER_TARGETS with src as render target
 * 0 (left out when the host has that already) and PRESENT. The application's bindings are
 * untouched: its targets are re-sent before its next draw only if they differ from what the
 * host then has. The destination is not written: the host shows src itself. TEST checks the
 * arguments and sends nothing. *out is filled whenever the arguments are valid.
 * INVALID_ARG: src or dst not a texture of this device in a guest allocation (swap-chain
 * buffers and primaries always are), a subresource out of range, a bad interval or flag.
 * NOT_IMPLEMENTED: src not created AEROCMD_UMD_MISC_PRESENTABLE (it could not be bound as a
 * target). */
aerocmd_result aerocmd_umd_present_surface(struct aerocmd_umd_context *ctx,
                                           const struct aerocmd_umd_present_desc *desc,
                                           struct aerocmd_umd_present_allocations *out);

/* ---- swap chain ---------------------------------------------------------------------- */

/* DXGI's RotateResourceIdentities: res[0] takes res[1]'s identity (host handle and
 * storage, with the share token, PRESENTABLE and PRIMARY they were created with), ...,
 * res[count - 1] takes res[0]'s; no bytes move. Views follow their resource object (a view
 * with a host object of its own gets a new one over the new texture, and the old one is
 * destroyed), and whatever is bound is rebound with the new handles at the next draw. All
 * resources must be distinct, unmapped 2D textures of this device with the same size,
 * format, mips, layers, bind flags, usage, storage kind and GENERATE_MIPS: INVALID_ARG
 * otherwise, nothing changed. count 0, or one resource (checked as above), changes
 * nothing. On a failure to create the replacement views nothing is rotated. */
aerocmd_result aerocmd_umd_rotate_resources(struct aerocmd_umd_context *ctx,
                                            struct aerocmd_umd_resource *const *res,
                                            uint32_t count);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_PIPELINE_H */
