/* SPDX-License-Identifier: MIT */
/* writer.h — building an AeroGPU command stream (kernel-safe core).
 *
 * One writer, two storages:
 * - span: a bounded window over caller memory (a runtime-provided DMA buffer). When a
 *   packet does not fit, the append returns AEROCMD_E_BUFFER_FULL and writes nothing; the
 *   caller submits what is there and retries in a fresh buffer.
 * - growable: storage obtained from, and grown through, a caller's aerocmd_allocator. A
 *   failed allocation returns AEROCMD_E_OUT_OF_MEMORY and writes nothing.
 *
 * The stream header is written at init and its size_bytes is kept equal to the bytes
 * used after every append, so the buffer can be handed to the device at any moment.
 * Every append either writes its whole packet or nothing; a group of packets can be
 * taken back with checkpoint/rollback.
 *
 * Argument checking is limited to what the writer must know: packet sizes that would not
 * fit a u32, NULL pointers that would be read, array counts that would index past a
 * protocol array, shader stages that cannot be expressed and opcodes the device's ABI
 * minor does not have. Field values (formats, enums, flags) are written as given; the
 * validator (decode.h) judges them.
 *
 * The protocol is little-endian and packets are written with native stores, so this
 * header is for little-endian targets only (x86 and x64, which is what the driver runs
 * on). */
#ifndef AEROCMD_WRITER_H
#define AEROCMD_WRITER_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/alloc.h"
#include "aerocmd/result.h"
#include "aerogpu_cmd.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__)
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the AeroGPU command stream is little-endian; this writer stores natively"
#endif
#endif

#if defined(__GNUC__) || defined(__clang__)
#define AEROCMD_WRITER_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define AEROCMD_WRITER_UNLIKELY(x) (x)
#endif

#define AEROCMD_STREAM_HEADER_SIZE 24u
/* Largest stream a writer builds. Below the u32 limit of size_bytes by a margin so that
 * the fixed-size fast path can add a packet size to `used` without wrapping. */
#define AEROCMD_WRITER_MAX_CAPACITY 0xFFFF0000u
/* Initial growable capacity when the caller passes 0. */
#define AEROCMD_WRITER_DEFAULT_CAPACITY 4096u

struct aerocmd_writer {
    uint8_t *base;     /* stream header; packets follow */
    uint32_t used;     /* bytes written, header included; always a multiple of 4 */
    uint32_t capacity; /* bytes available at base */
    const struct aerocmd_allocator *alloc; /* NULL = span over caller memory */
    uint32_t abi_version;                  /* the device's, written into the header */
};

/* ---- life cycle ------------------------------------------------------------------- */

/* A writer over caller memory. Capacities above AEROCMD_WRITER_MAX_CAPACITY are clamped.
 * INVALID_ARG: buf NULL or smaller than the stream header. NOT_IMPLEMENTED: abi_version
 * has a different major than this library's protocol. */
aerocmd_result aerocmd_writer_init_span(struct aerocmd_writer *w, void *buf, size_t capacity,
                                        uint32_t abi_version);

/* A writer whose storage comes from alloc; initial_capacity 0 picks a default. The
 * allocation happens here (OUT_OF_MEMORY on failure, w then holds no storage and
 * aerocmd_writer_release is still safe). Same ABI check as the span form. */
aerocmd_result aerocmd_writer_init_growable(struct aerocmd_writer *w,
                                            const struct aerocmd_allocator *alloc,
                                            uint32_t initial_capacity, uint32_t abi_version);

/* Frees growable storage; for a span it only forgets the memory. Afterwards the writer
 * holds nothing and every append fails with BUFFER_FULL. Safe to call twice. */
void aerocmd_writer_release(struct aerocmd_writer *w);

/* Back to a stream holding only its header (storage kept). */
void aerocmd_writer_reset(struct aerocmd_writer *w);

/* ---- accessors -------------------------------------------------------------------- */

/* The inline functions of this header come in pairs: NAME is an exported function that any
 * caller can reach by symbol (Rust and other FFI, dlsym, a C file built with
 * -DAEROCMD_NO_INLINE), NAME_inline is the same code for C callers to inline, and unless
 * AEROCMD_NO_INLINE is defined, a macro at the end of the hot-path appends maps NAME to
 * NAME_inline so C code keeps the fast path without spelling it. */

const uint8_t *aerocmd_writer_data(const struct aerocmd_writer *w);
static inline const uint8_t *aerocmd_writer_data_inline(const struct aerocmd_writer *w)
{
    return w->base;
}

/* Bytes used, stream header included (equal to the header's size_bytes). */
uint32_t aerocmd_writer_size(const struct aerocmd_writer *w);
static inline uint32_t aerocmd_writer_size_inline(const struct aerocmd_writer *w)
{
    return w->used;
}

/* 1 when no packet has been appended since init/reset: a BUFFER_FULL on an empty span
 * means the packet can never fit this span, and retrying in a new one will not help. */
int aerocmd_writer_is_empty(const struct aerocmd_writer *w);
static inline int aerocmd_writer_is_empty_inline(const struct aerocmd_writer *w)
{
    return w->used <= AEROCMD_STREAM_HEADER_SIZE;
}

uint32_t aerocmd_writer_abi_minor(const struct aerocmd_writer *w);
static inline uint32_t aerocmd_writer_abi_minor_inline(const struct aerocmd_writer *w)
{
    return w->abi_version & 0xFFFFu;
}

/* ---- checkpoint / rollback --------------------------------------------------------- */

/* A checkpoint is the number of bytes used when it was taken. */
typedef uint32_t aerocmd_writer_checkpoint;

aerocmd_writer_checkpoint aerocmd_writer_mark(const struct aerocmd_writer *w);
static inline aerocmd_writer_checkpoint aerocmd_writer_mark_inline(const struct aerocmd_writer *w)
{
    return w->used;
}

/* Drops every packet appended after the checkpoint and restores the header's size_bytes.
 * INVALID_ARG (nothing changed) for a checkpoint this writer cannot have produced: past
 * the bytes used, inside the header, or not 4-aligned. */
aerocmd_result aerocmd_writer_rollback(struct aerocmd_writer *w, aerocmd_writer_checkpoint mark);

/* ---- low-level packet space --------------------------------------------------------- */

/* Out-of-line half of aerocmd_writer_reserve: grows a growable writer so that `size` more
 * bytes fit, or reports BUFFER_FULL (span, or a stream that would pass the u32 limit) /
 * OUT_OF_MEMORY (allocator failure). Never changes the bytes already written. */
aerocmd_result aerocmd_writer_make_room(struct aerocmd_writer *w, uint32_t size);

/* Ensures `size` bytes are free after the used part; on success they start at
 * w->base + w->used. */
aerocmd_result aerocmd_writer_reserve(struct aerocmd_writer *w, uint32_t size);
static inline aerocmd_result aerocmd_writer_reserve_inline(struct aerocmd_writer *w, uint32_t size)
{
    if (AEROCMD_WRITER_UNLIKELY(size > w->capacity - w->used))
        return aerocmd_writer_make_room(w, size);
    return AEROCMD_OK;
}

/* Makes reserved bytes part of the stream: bumps the cursor and the header's size_bytes.
 * `size` must be a multiple of 4 and already reserved. */
void aerocmd_writer_commit(struct aerocmd_writer *w, uint32_t size);
static inline void aerocmd_writer_commit_inline(struct aerocmd_writer *w, uint32_t size)
{
    uint32_t used = w->used + size;
    w->used = used;
    ((struct aerogpu_cmd_stream_header *)w->base)->size_bytes = used;
}

/* Appends one packet of fixed_size bytes (header included, >= 8) followed by payload_len
 * payload bytes and zero padding to 4. The header is filled in, the fixed part and the
 * padding are zeroed, and the packet is already committed; *packet points at its header
 * and the caller stores the fields and copies the payload (at *packet + fixed_size).
 * INVALID_ARG when fixed_size is below 8 or not 4-aligned, or the packet size would pass
 * the u32 range. */
aerocmd_result aerocmd_writer_emplace(struct aerocmd_writer *w, uint32_t opcode,
                                      uint32_t fixed_size, uint32_t payload_len, uint8_t **packet);

/* Any opcode, known or not: the header followed by body (zero padded). */
aerocmd_result aerocmd_append_raw(struct aerocmd_writer *w, uint32_t opcode, const void *body,
                                  uint32_t body_size);

/* ---- shader stages ------------------------------------------------------------------ */

/* The D3D stage a caller means; the writer chooses the protocol encoding. */
enum aerocmd_shader_kind {
    AEROCMD_SHADER_VS = 0,
    AEROCMD_SHADER_PS = 1,
    AEROCMD_SHADER_GS = 2,
    AEROCMD_SHADER_CS = 3,
    AEROCMD_SHADER_HS = 4,
    AEROCMD_SHADER_DS = 5
};

/* stage / reserved0 (stage_ex) pair for a stage-bearing packet under abi_version. GS uses
 * the plain GEOMETRY stage; HS and DS use COMPUTE + stage_ex HULL / DOMAIN, which needs
 * ABI minor >= AEROGPU_STAGE_EX_MIN_ABI_MINOR (NOT_IMPLEMENTED below it). INVALID_ARG for
 * a kind outside the enum. */
aerocmd_result aerocmd_shader_stage_encode(uint32_t abi_version, enum aerocmd_shader_kind kind,
                                           uint32_t *stage, uint32_t *stage_ex);

/* ---- hot-path appends (inline) ------------------------------------------------------ */

/* Packets up to this size may use the fixed-size fast path below: with the capacity kept
 * at most AEROCMD_WRITER_MAX_CAPACITY, used + size cannot wrap. */
#define AEROCMD_WRITER_FIXED_MAX 0x10000u

/* Fast path for a packet whose size is a compile-time constant: `used` is w->used, read
 * once by the caller so that the packet stores cannot force it to be read again. */
static inline aerocmd_result aerocmd_writer_fixed_room(struct aerocmd_writer *w, uint32_t used,
                                                       uint32_t size)
{
    if (AEROCMD_WRITER_UNLIKELY(used + size > w->capacity))
        return aerocmd_writer_make_room(w, size);
    return AEROCMD_OK;
}

/* Second half of the fast path: the packet up to `end` becomes part of the stream. */
static inline void aerocmd_writer_fixed_publish(struct aerocmd_writer *w, uint8_t *base,
                                                uint32_t end)
{
    w->used = end;
    ((struct aerogpu_cmd_stream_header *)base)->size_bytes = end;
}

aerocmd_result aerocmd_append_draw(struct aerocmd_writer *w, uint32_t vertex_count,
                                   uint32_t instance_count, uint32_t first_vertex,
                                   uint32_t first_instance);
static inline aerocmd_result
aerocmd_append_draw_inline(struct aerocmd_writer *w, uint32_t vertex_count, uint32_t instance_count,
                           uint32_t first_vertex, uint32_t first_instance)
{
    struct aerogpu_cmd_draw *p;
    uint32_t used = w->used;
    uint8_t *base;
    aerocmd_result r = aerocmd_writer_fixed_room(w, used, (uint32_t)sizeof *p);
    if (AEROCMD_WRITER_UNLIKELY(r != AEROCMD_OK))
        return r;
    base = w->base;
    p = (struct aerogpu_cmd_draw *)(base + used);
    p->hdr.opcode = AEROGPU_CMD_DRAW;
    p->hdr.size_bytes = (uint32_t)sizeof *p;
    p->vertex_count = vertex_count;
    p->instance_count = instance_count;
    p->first_vertex = first_vertex;
    p->first_instance = first_instance;
    aerocmd_writer_fixed_publish(w, base, used + (uint32_t)sizeof *p);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_draw_indexed(struct aerocmd_writer *w, uint32_t index_count,
                                           uint32_t instance_count, uint32_t first_index,
                                           int32_t base_vertex, uint32_t first_instance);
static inline aerocmd_result
aerocmd_append_draw_indexed_inline(struct aerocmd_writer *w, uint32_t index_count,
                                   uint32_t instance_count, uint32_t first_index,
                                   int32_t base_vertex, uint32_t first_instance)
{
    struct aerogpu_cmd_draw_indexed *p;
    uint32_t used = w->used;
    uint8_t *base;
    aerocmd_result r = aerocmd_writer_fixed_room(w, used, (uint32_t)sizeof *p);
    if (AEROCMD_WRITER_UNLIKELY(r != AEROCMD_OK))
        return r;
    base = w->base;
    p = (struct aerogpu_cmd_draw_indexed *)(base + used);
    p->hdr.opcode = AEROGPU_CMD_DRAW_INDEXED;
    p->hdr.size_bytes = (uint32_t)sizeof *p;
    p->index_count = index_count;
    p->instance_count = instance_count;
    p->first_index = first_index;
    p->base_vertex = base_vertex;
    p->first_instance = first_instance;
    aerocmd_writer_fixed_publish(w, base, used + (uint32_t)sizeof *p);
    return AEROCMD_OK;
}

/* Plain compute dispatch (reserved0 = 0). */
aerocmd_result aerocmd_append_dispatch(struct aerocmd_writer *w, uint32_t group_count_x,
                                       uint32_t group_count_y, uint32_t group_count_z);
static inline aerocmd_result aerocmd_append_dispatch_inline(struct aerocmd_writer *w,
                                                            uint32_t group_count_x,
                                                            uint32_t group_count_y,
                                                            uint32_t group_count_z)
{
    struct aerogpu_cmd_dispatch *p;
    uint32_t used = w->used;
    uint8_t *base;
    aerocmd_result r = aerocmd_writer_fixed_room(w, used, (uint32_t)sizeof *p);
    if (AEROCMD_WRITER_UNLIKELY(r != AEROCMD_OK))
        return r;
    base = w->base;
    p = (struct aerogpu_cmd_dispatch *)(base + used);
    p->hdr.opcode = AEROGPU_CMD_DISPATCH;
    p->hdr.size_bytes = (uint32_t)sizeof *p;
    p->group_count_x = group_count_x;
    p->group_count_y = group_count_y;
    p->group_count_z = group_count_z;
    p->reserved0 = 0;
    aerocmd_writer_fixed_publish(w, base, used + (uint32_t)sizeof *p);
    return AEROCMD_OK;
}

#ifndef AEROCMD_NO_INLINE
#define aerocmd_writer_data         aerocmd_writer_data_inline
#define aerocmd_writer_size         aerocmd_writer_size_inline
#define aerocmd_writer_is_empty     aerocmd_writer_is_empty_inline
#define aerocmd_writer_abi_minor    aerocmd_writer_abi_minor_inline
#define aerocmd_writer_mark         aerocmd_writer_mark_inline
#define aerocmd_writer_reserve      aerocmd_writer_reserve_inline
#define aerocmd_writer_commit       aerocmd_writer_commit_inline
#define aerocmd_append_draw         aerocmd_append_draw_inline
#define aerocmd_append_draw_indexed aerocmd_append_draw_indexed_inline
#define aerocmd_append_dispatch     aerocmd_append_dispatch_inline
#endif

/* ---- resources and memory ---------------------------------------------------------- */

aerocmd_result aerocmd_append_create_buffer(struct aerocmd_writer *w, aerogpu_handle_t buffer,
                                            uint32_t usage_flags, uint64_t size_bytes,
                                            uint32_t backing_alloc_id,
                                            uint32_t backing_offset_bytes);

/* The fields of CREATE_TEXTURE2D after its header (reserved0 is always written 0). */
struct aerocmd_texture2d_args {
    aerogpu_handle_t texture_handle;
    uint32_t usage_flags;
    uint32_t format; /* enum aerogpu_format */
    uint32_t width;
    uint32_t height;
    uint32_t mip_levels;
    uint32_t array_layers;
    uint32_t row_pitch_bytes;
    uint32_t backing_alloc_id;
    uint32_t backing_offset_bytes;
};
aerocmd_result aerocmd_append_create_texture2d(struct aerocmd_writer *w,
                                               const struct aerocmd_texture2d_args *args);

aerocmd_result aerocmd_append_destroy_resource(struct aerocmd_writer *w, aerogpu_handle_t resource);

aerocmd_result aerocmd_append_resource_dirty_range(struct aerocmd_writer *w,
                                                   aerogpu_handle_t resource, uint64_t offset_bytes,
                                                   uint64_t size_bytes);

/* Payload = size bytes of data (size_bytes field = size). */
aerocmd_result aerocmd_append_upload_resource(struct aerocmd_writer *w, aerogpu_handle_t resource,
                                              uint64_t offset_bytes, const void *data,
                                              uint32_t size);

/* ABI 1.1+: NOT_IMPLEMENTED below. */
aerocmd_result aerocmd_append_copy_buffer(struct aerocmd_writer *w, aerogpu_handle_t dst_buffer,
                                          aerogpu_handle_t src_buffer, uint64_t dst_offset_bytes,
                                          uint64_t src_offset_bytes, uint64_t size_bytes,
                                          uint32_t flags);

/* The fields of COPY_TEXTURE2D after its header. */
struct aerocmd_copy_texture2d_args {
    aerogpu_handle_t dst_texture;
    aerogpu_handle_t src_texture;
    uint32_t dst_mip_level;
    uint32_t dst_array_layer;
    uint32_t src_mip_level;
    uint32_t src_array_layer;
    uint32_t dst_x;
    uint32_t dst_y;
    uint32_t src_x;
    uint32_t src_y;
    uint32_t width;
    uint32_t height;
    uint32_t flags; /* enum aerogpu_copy_flags */
};
/* ABI 1.1+: NOT_IMPLEMENTED below. */
aerocmd_result aerocmd_append_copy_texture2d(struct aerocmd_writer *w,
                                             const struct aerocmd_copy_texture2d_args *args);

/* The fields of CREATE_TEXTURE_VIEW after its header. */
struct aerocmd_texture_view_args {
    aerogpu_handle_t view_handle;
    aerogpu_handle_t texture_handle;
    uint32_t format; /* 0 = the texture's format */
    uint32_t base_mip_level;
    uint32_t mip_level_count;
    uint32_t base_array_layer;
    uint32_t array_layer_count;
};
aerocmd_result aerocmd_append_create_texture_view(struct aerocmd_writer *w,
                                                  const struct aerocmd_texture_view_args *args);

aerocmd_result aerocmd_append_destroy_texture_view(struct aerocmd_writer *w, aerogpu_handle_t view);

/* ---- shaders and input layouts ----------------------------------------------------- */

aerocmd_result aerocmd_append_create_shader_dxbc(struct aerocmd_writer *w, aerogpu_handle_t shader,
                                                 enum aerocmd_shader_kind kind, const void *dxbc,
                                                 uint32_t dxbc_size);

aerocmd_result aerocmd_append_destroy_shader(struct aerocmd_writer *w, aerogpu_handle_t shader);

/* gs, hs and ds all 0: the 24-byte legacy form. Otherwise the 36-byte extended form with
 * gs also copied into reserved0 for hosts that only read the legacy form. */
aerocmd_result aerocmd_append_bind_shaders(struct aerocmd_writer *w, aerogpu_handle_t vs,
                                           aerogpu_handle_t ps, aerogpu_handle_t cs,
                                           aerogpu_handle_t gs, aerogpu_handle_t hs,
                                           aerogpu_handle_t ds);

/* D3D9-style registers; data = count x 16 bytes (four u32 lanes per register). */
aerocmd_result aerocmd_append_set_shader_constants_f(struct aerocmd_writer *w,
                                                     enum aerocmd_shader_kind kind,
                                                     uint32_t start_register, const void *data,
                                                     uint32_t vec4_count);
aerocmd_result aerocmd_append_set_shader_constants_i(struct aerocmd_writer *w,
                                                     enum aerocmd_shader_kind kind,
                                                     uint32_t start_register, const void *data,
                                                     uint32_t vec4_count);
aerocmd_result aerocmd_append_set_shader_constants_b(struct aerocmd_writer *w,
                                                     enum aerocmd_shader_kind kind,
                                                     uint32_t start_register, const void *data,
                                                     uint32_t bool_count);

/* 32-bit FNV-1a of the ASCII-upper-cased semantic name (NULL hashes like ""). */
uint32_t aerocmd_semantic_hash(const char *name);

/* One D3D10/11 input element, as the runtime describes it. */
struct aerocmd_input_element {
    const char *semantic_name; /* NUL-terminated; hashed with aerocmd_semantic_hash */
    uint32_t semantic_index;
    uint32_t dxgi_format; /* numeric DXGI_FORMAT */
    uint32_t input_slot;
    uint32_t aligned_byte_offset;
    uint32_t input_slot_class; /* 0 per vertex, 1 per instance */
    uint32_t instance_data_step_rate;
};

/* CREATE_INPUT_LAYOUT whose payload is the ILAY blob built from `elements`. */
aerocmd_result aerocmd_append_create_input_layout(struct aerocmd_writer *w,
                                                  aerogpu_handle_t input_layout,
                                                  const struct aerocmd_input_element *elements,
                                                  uint32_t element_count);

/* CREATE_INPUT_LAYOUT with an already built (or foreign) blob. */
aerocmd_result aerocmd_append_create_input_layout_blob(struct aerocmd_writer *w,
                                                       aerogpu_handle_t input_layout,
                                                       const void *blob, uint32_t blob_size);

aerocmd_result aerocmd_append_destroy_input_layout(struct aerocmd_writer *w,
                                                   aerogpu_handle_t input_layout);
aerocmd_result aerocmd_append_set_input_layout(struct aerocmd_writer *w,
                                               aerogpu_handle_t input_layout);

/* ---- fixed-function state ---------------------------------------------------------- */

/* The state structs are copied as given, with their reserved bytes written 0. */
aerocmd_result aerocmd_append_set_blend_state(struct aerocmd_writer *w,
                                              const struct aerogpu_blend_state *state);
aerocmd_result
aerocmd_append_set_depth_stencil_state(struct aerocmd_writer *w,
                                       const struct aerogpu_depth_stencil_state *state);
aerocmd_result aerocmd_append_set_rasterizer_state(struct aerocmd_writer *w,
                                                   const struct aerogpu_rasterizer_state *state);

/* ---- output merger and viewport ---------------------------------------------------- */

/* color_count 0..AEROGPU_MAX_RENDER_TARGETS (INVALID_ARG above); colors may be NULL when
 * color_count is 0. Slots past color_count are written 0. */
aerocmd_result aerocmd_append_set_render_targets(struct aerocmd_writer *w, uint32_t color_count,
                                                 const aerogpu_handle_t *colors,
                                                 aerogpu_handle_t depth_stencil);

/* All values are IEEE-754 single bit patterns. */
aerocmd_result aerocmd_append_set_viewport(struct aerocmd_writer *w, uint32_t x_f32, uint32_t y_f32,
                                           uint32_t width_f32, uint32_t height_f32,
                                           uint32_t min_depth_f32, uint32_t max_depth_f32);

aerocmd_result aerocmd_append_set_scissor(struct aerocmd_writer *w, int32_t x, int32_t y,
                                          int32_t width, int32_t height);

/* ---- input assembler --------------------------------------------------------------- */

/* Bindings are copied with reserved0 written 0. */
aerocmd_result
aerocmd_append_set_vertex_buffers(struct aerocmd_writer *w, uint32_t start_slot,
                                  uint32_t buffer_count,
                                  const struct aerogpu_vertex_buffer_binding *bindings);

aerocmd_result aerocmd_append_set_index_buffer(struct aerocmd_writer *w, aerogpu_handle_t buffer,
                                               uint32_t format, uint32_t offset_bytes);

aerocmd_result aerocmd_append_set_primitive_topology(struct aerocmd_writer *w, uint32_t topology);

/* ---- binding tables ---------------------------------------------------------------- */

aerocmd_result aerocmd_append_set_texture(struct aerocmd_writer *w, enum aerocmd_shader_kind kind,
                                          uint32_t slot, aerogpu_handle_t texture);

/* Raw D3D9 pairs. SET_SAMPLER_STATE has no stage_ex field: HS/DS are NOT_IMPLEMENTED. */
aerocmd_result aerocmd_append_set_sampler_state(struct aerocmd_writer *w,
                                                enum aerocmd_shader_kind kind, uint32_t slot,
                                                uint32_t state, uint32_t value);
aerocmd_result aerocmd_append_set_render_state(struct aerocmd_writer *w, uint32_t state,
                                               uint32_t value);

aerocmd_result aerocmd_append_create_sampler(struct aerocmd_writer *w, aerogpu_handle_t sampler,
                                             uint32_t filter, uint32_t address_u,
                                             uint32_t address_v, uint32_t address_w);
aerocmd_result aerocmd_append_destroy_sampler(struct aerocmd_writer *w, aerogpu_handle_t sampler);

aerocmd_result aerocmd_append_set_samplers(struct aerocmd_writer *w, enum aerocmd_shader_kind kind,
                                           uint32_t start_slot, uint32_t sampler_count,
                                           const aerogpu_handle_t *samplers);

/* Bindings are copied with reserved0 written 0. */
aerocmd_result
aerocmd_append_set_constant_buffers(struct aerocmd_writer *w, enum aerocmd_shader_kind kind,
                                    uint32_t start_slot, uint32_t buffer_count,
                                    const struct aerogpu_constant_buffer_binding *bindings);

/* Bindings are copied with reserved0 written 0. */
aerocmd_result aerocmd_append_set_shader_resource_buffers(
    struct aerocmd_writer *w, enum aerocmd_shader_kind kind, uint32_t start_slot,
    uint32_t buffer_count, const struct aerogpu_shader_resource_buffer_binding *bindings);

aerocmd_result aerocmd_append_set_unordered_access_buffers(
    struct aerocmd_writer *w, enum aerocmd_shader_kind kind, uint32_t start_slot,
    uint32_t uav_count, const struct aerogpu_unordered_access_buffer_binding *bindings);

/* ---- drawing (DRAW, DRAW_INDEXED, DISPATCH are inline above) ------------------------ */

/* color_rgba_f32 may be NULL (all zero). */
aerocmd_result aerocmd_append_clear(struct aerocmd_writer *w, uint32_t flags,
                                    const uint32_t *color_rgba_f32, uint32_t depth_f32,
                                    uint32_t stencil);

/* ---- presentation, sharing, markers ------------------------------------------------ */

aerocmd_result aerocmd_append_present(struct aerocmd_writer *w, uint32_t scanout_id,
                                      uint32_t flags);
aerocmd_result aerocmd_append_present_ex(struct aerocmd_writer *w, uint32_t scanout_id,
                                         uint32_t flags, uint32_t d3d9_present_flags);

aerocmd_result aerocmd_append_export_shared_surface(struct aerocmd_writer *w,
                                                    aerogpu_handle_t resource,
                                                    uint64_t share_token);
aerocmd_result aerocmd_append_import_shared_surface(struct aerocmd_writer *w,
                                                    aerogpu_handle_t out_resource,
                                                    uint64_t share_token);
aerocmd_result aerocmd_append_release_shared_surface(struct aerocmd_writer *w,
                                                     uint64_t share_token);

aerocmd_result aerocmd_append_flush(struct aerocmd_writer *w);

/* An 8-byte packet that does nothing. */
aerocmd_result aerocmd_append_nop(struct aerocmd_writer *w);

/* Payload = len bytes of UTF-8 text (no terminator needed), zero padded. */
aerocmd_result aerocmd_append_debug_marker(struct aerocmd_writer *w, const char *text,
                                           uint32_t len);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_WRITER_H */
