/* SPDX-License-Identifier: MIT */
/* umd_objects.h — D3D10/11 objects of the state tracker: descriptions in, packets out.
 *
 * Every object is placement-constructed into caller memory of at least its *_size() bytes,
 * aligned to AEROCMD_UMD_OBJECT_ALIGN. Descriptions are API-neutral but keep Direct3D's
 * numbering (DXGI formats, D3D10/D3D11 bind flags, blend factors, comparison functions,
 * filters, address modes) because D3D10, D3D10.1 and D3D11 share it; the shims copy
 * fields and never judge them. Everything the protocol cannot express is refused here with
 * NOT_IMPLEMENTED; what Direct3D itself forbids is INVALID_ARG.
 *
 * Creation emits its packets through the device's context (it must exist) and is
 * all-or-nothing: on any error nothing stays allocated, no id stays taken (when the id
 * source can release) and the memory can be reused. Destruction always succeeds from the
 * tracker's side (the object is unbound from the context and forgotten); the result only
 * reports whether the DESTROY packet could be sent. */
#ifndef AEROCMD_UMD_OBJECTS_H
#define AEROCMD_UMD_OBJECTS_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/format.h"
#include "aerocmd/result.h"
#include "aerocmd/umd_device.h"
#include "aerocmd/umd_dxbc.h"
#include "aerocmd/writer.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

struct aerocmd_umd_resource;
struct aerocmd_umd_view;
struct aerocmd_umd_shader;
struct aerocmd_umd_input_layout;
struct aerocmd_umd_sampler;
struct aerocmd_umd_blend_state;
struct aerocmd_umd_depth_stencil_state;
struct aerocmd_umd_rasterizer_state;

/* ---- resources ----------------------------------------------------------------------- */

/* D3D11_BIND_* values (D3D10 uses the same bits). */
#define AEROCMD_UMD_BIND_VERTEX_BUFFER    0x1u
#define AEROCMD_UMD_BIND_INDEX_BUFFER     0x2u
#define AEROCMD_UMD_BIND_CONSTANT_BUFFER  0x4u
#define AEROCMD_UMD_BIND_SHADER_RESOURCE  0x8u
#define AEROCMD_UMD_BIND_STREAM_OUTPUT    0x10u
#define AEROCMD_UMD_BIND_RENDER_TARGET    0x20u
#define AEROCMD_UMD_BIND_DEPTH_STENCIL    0x40u
#define AEROCMD_UMD_BIND_UNORDERED_ACCESS 0x80u

/* D3D11_RESOURCE_MISC_* values that matter here. The two BUFFER_* flags are for buffers
 * only and exclude each other: ALLOW_RAW_VIEWS lets shader-resource views read the buffer
 * as bytes, STRUCTURED makes it an array of structure_stride-byte structures. */
#define AEROCMD_UMD_MISC_GENERATE_MIPS          0x1u
#define AEROCMD_UMD_MISC_SHARED                 0x2u
#define AEROCMD_UMD_MISC_TEXTURECUBE            0x4u
#define AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS 0x20u
#define AEROCMD_UMD_MISC_BUFFER_STRUCTURED      0x40u

/* Two bits that are not Direct3D values, for what DXGI asks of the driver (textures only):
 * - PRESENTABLE: a swap-chain buffer (the DDI's D3D10_DDI_BIND_PRESENT). It lives in a
 *   guest allocation (presenting names that allocation to the operating system), and the
 *   host texture is sampled, renderable and scanout-capable whatever the bind flags say,
 *   since a present binds it as render target 0 and DXGI's Blt reads it. Its format must be
 * renderable, with one mip and one layer (NOT_IMPLEMENTED otherwise).
 * - PRIMARY: a primary surface as well (DXGI passes a primary description that is not
 *   optional): its allocation is requested with AEROCMD_UMD_MEMORY_PRIMARY and the desc's
 *   vidpn_source_id. Implies PRESENTABLE. */
#define AEROCMD_UMD_MISC_PRESENTABLE 0x40000000u
#define AEROCMD_UMD_MISC_PRIMARY     0x80000000u

/* Direct3D 11's limit on a structure's size (D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES). */
#define AEROCMD_UMD_MAX_STRUCTURE_STRIDE 2048u

/* D3D11_USAGE values and D3D11_CPU_ACCESS_* bits. DYNAMIC host-owned resources keep a CPU
 * shadow for Map; STAGING resources are always guest-backed (the only storage the CPU can
 * read back). A zeroed desc means DEFAULT usage without CPU access. */
#define AEROCMD_UMD_USAGE_DEFAULT    0u
#define AEROCMD_UMD_USAGE_IMMUTABLE  1u
#define AEROCMD_UMD_USAGE_DYNAMIC    2u
#define AEROCMD_UMD_USAGE_STAGING    3u
#define AEROCMD_UMD_CPU_ACCESS_WRITE 0x10000u
#define AEROCMD_UMD_CPU_ACCESS_READ  0x20000u

struct aerocmd_umd_buffer_desc {
    uint32_t size_bytes;   /* > 0; the host buffer is rounded up to a multiple of 4 */
    uint32_t bind_flags;   /* AEROCMD_UMD_BIND_* */
    uint32_t misc_flags;   /* AEROCMD_UMD_MISC_* */
    uint32_t guest_backed; /* 1: storage in a guest allocation; 0: host-owned */
    uint32_t usage;        /* AEROCMD_UMD_USAGE_* */
    uint32_t cpu_access;   /* AEROCMD_UMD_CPU_ACCESS_* */
    /* With AEROCMD_UMD_MISC_BUFFER_STRUCTURED: bytes of one structure, a multiple of 4 up
     * to AEROCMD_UMD_MAX_STRUCTURE_STRIDE that divides size_bytes. Ignored otherwise (the
     * runtime passes Direct3D's StructureByteStride through whatever the flags). */
    uint32_t structure_stride;
};

struct aerocmd_umd_texture2d_desc {
    uint32_t width;
    uint32_t height;
    uint32_t mip_levels; /* 0 = full chain */
    uint32_t array_size;
    uint32_t dxgi_format;
    uint32_t sample_count; /* 1 (0 is taken as 1) */
    uint32_t bind_flags;
    uint32_t misc_flags;
    uint32_t guest_backed;
    uint32_t usage;      /* AEROCMD_UMD_USAGE_* */
    uint32_t cpu_access; /* AEROCMD_UMD_CPU_ACCESS_* */
    /* With AEROCMD_UMD_MISC_PRIMARY: the video-present source it is a primary of. */
    uint32_t vidpn_source_id;
};

/* Initial contents of one subresource, as the runtime passes it (rows of blocks for BC). */
struct aerocmd_umd_subresource_data {
    const void *data;
    uint32_t row_pitch;
};

size_t aerocmd_umd_resource_size(void);

/* initial_data: NULL or size_bytes bytes. Host-owned contents travel as UPLOAD_RESOURCE
 * packets (split across command buffers when large); guest-backed contents are written
 * into the allocation and announced with RESOURCE_DIRTY_RANGE. INVALID_ARG for the
 * structured flag with a bad stride (see structure_stride) or together with
 * ALLOW_RAW_VIEWS, and (buffers and textures) for a usage or CPU-access bit that is not
 * one of AEROCMD_UMD_USAGE_* / AEROCMD_UMD_CPU_ACCESS_*. */
aerocmd_result aerocmd_umd_create_buffer(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                         const struct aerocmd_umd_buffer_desc *desc,
                                         const void *initial_data,
                                         struct aerocmd_umd_resource **out);

/* initial: NULL or one entry per subresource (mip + layer x mip_levels). Formats go through
 * aerocmd_dxgi_texture_format; guest-backed textures use the tight canonical layout. An
 * sRGB format below ABI 1.2 (carried as UNORM) is an approximation of the COMPATIBLE policy
 * (NOT_IMPLEMENTED under STRICT), for textures and views alike. */
aerocmd_result aerocmd_umd_create_texture2d(struct aerocmd_umd_device *dev, void *mem,
                                            size_t mem_size,
                                            const struct aerocmd_umd_texture2d_desc *desc,
                                            const struct aerocmd_umd_subresource_data *initial,
                                            struct aerocmd_umd_resource **out);

/* Shareable resources (AEROCMD_UMD_MISC_SHARED in a buffer or texture desc) are always
 * guest-backed. Their allocation is requested with a v2 private-data blob (kind, width,
 * height, DXGI format, row pitch; alloc_id from the id source) in which the kernel driver
 * writes a share token; creation then emits EXPORT_SHARED_SURFACE with that token (never
 * with a HANDLE value) and submits, so the surface is on the host before any other process
 * can open it. The blob cannot describe mips or layers: a shared texture has one of each
 * (NOT_IMPLEMENTED otherwise); shared STAGING resources are INVALID_ARG (Direct3D forbids
 * them). A kernel that leaves no token in the blob makes creation NOT_IMPLEMENTED.
 * Destroying the creator's resource emits RELEASE_SHARED_SURFACE, then DESTROY_RESOURCE. */

/* What OpenResource hands the driver for one allocation of a shared resource. */
struct aerocmd_umd_open_desc {
    const void *private_data;    /* the blob the OS preserved from the creator (any alignment) */
    uint32_t private_data_bytes; /* its size as the runtime reports it */
    uint64_t os_handle;          /* this process's handle of the allocation (D3DKMT_HANDLE) */
};

/* Opens a resource another device (usually another process) created shareable: parses the
 * blob with the kernel driver's parser (aerocmd_kmd_alloc_open: v1 or v2), rebuilds the
 * resource from its description (v2 kind/width/height/format/row pitch, or a D3D9Ex surface
 * description in reserved0 with bit 63 set, which wins) and emits IMPORT_SHARED_SURFACE
 * with a new handle, the allocation listed. The resource is guest-backed by the creator's
 * allocation (Map locks it as usual); textures are bindable as shader resource and render
 * target, buffers as vertex, index, constant buffer and shader resource.
 * INVALID_ARG: a blob the parser refuses, one without IS_SHARED or without a token, a
 * description that does not fit size_bytes, os_handle 0. NOT_IMPLEMENTED: nothing to
 * rebuild from (v1 without a D3D9 description, kind UNKNOWN), a format this ABI lacks, a
 * D3D9 format other than A8R8G8B8 / X8R8G8B8 / A8B8G8R8, a row pitch other than the
 * canonical tight one. Destroying an opened resource emits DESTROY_RESOURCE for its alias
 * handle only; the allocation stays the creator's. */
aerocmd_result aerocmd_umd_open_resource(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                         const struct aerocmd_umd_open_desc *desc,
                                         struct aerocmd_umd_resource **out);

/* Guest-backed: DESTROY_RESOURCE is submitted before the allocation is freed. */
aerocmd_result aerocmd_umd_destroy_resource(struct aerocmd_umd_resource *res);

/* The share token of a shareable resource (created or opened); 0 for the rest. */
uint64_t aerocmd_umd_resource_share_token(const struct aerocmd_umd_resource *res);

uint32_t aerocmd_umd_resource_handle(const struct aerocmd_umd_resource *res);
/* 0 for host-owned resources. */
uint32_t aerocmd_umd_resource_alloc_id(const struct aerocmd_umd_resource *res);
/* The aerogpu_format of a texture (0 for buffers). */
uint32_t aerocmd_umd_resource_format(const struct aerocmd_umd_resource *res);

/* Fence of the last submitted GPU write (render target, depth target): 0 when there was
 * none; UINT64_MAX when the write is still in the unsubmitted command buffer (flush
 * first). */
uint64_t aerocmd_umd_resource_write_fence(const struct aerocmd_umd_resource *res);

/* ---- views --------------------------------------------------------------------------- */

/* aerocmd_umd_view_desc.flags, in Direct3D 11's numbering of each kind of view, so a
 * bit's meaning depends on the kind. Shader-resource views of buffers
 * (D3D11_BUFFEREX_SRV_FLAG_*): */
#define AEROCMD_UMD_VIEW_RAW 0x1u
/* Depth-stencil views (D3D11_DSV_FLAG_*): */
#define AEROCMD_UMD_VIEW_READ_ONLY_DEPTH   0x1u
#define AEROCMD_UMD_VIEW_READ_ONLY_STENCIL 0x2u

struct aerocmd_umd_view_desc {
    uint32_t dxgi_format; /* 0 = the resource's format; buffers: see below */
    /* textures: the subrange; RTV and DSV use one mip (mip_count ignored) */
    uint32_t first_mip;
    uint32_t mip_count; /* 0 or UINT32_MAX = to the last mip */
    uint32_t first_layer;
    uint32_t layer_count; /* 0 or UINT32_MAX = to the last layer */
    /* buffers (shader resource views only), in elements of the view */
    uint32_t first_element;
    uint32_t element_count;
    uint32_t element_bytes; /* 0, or the element size the view implies (structure stride) */
    uint32_t flags;         /* AEROCMD_UMD_VIEW_* for the kind of view; 0 for the rest */
};

size_t aerocmd_umd_view_size(void);

/* A view covering the whole texture in its own format reuses the texture's handle; any
 * other texture view is a CREATE_TEXTURE_VIEW with its own handle.
 *
 * Buffers take shader-resource views only, bound through SET_SHADER_RESOURCE_BUFFERS as
 * the byte range [first_element * e, (first_element + element_count) * e) where e is the
 * element size; no packet is sent at creation. Three kinds, by Direct3D 11's rules
 * (INVALID_ARG when broken, as is a range outside the buffer or element_bytes other than
 * e):
 * - typed: dxgi_format a vertex format (aerocmd_dxgi_vertex_format: other formats are
 *   its NOT_IMPLEMENTED), e its size; not of a structured buffer;
 * - structured: dxgi_format 0 of a buffer created BUFFER_STRUCTURED, e its stride;
 * - raw (AEROCMD_UMD_VIEW_RAW): dxgi_format R32_TYPELESS of a buffer created
 *   BUFFER_ALLOW_RAW_VIEWS, e = 4.
 * Depth-stencil views that are read-only (AEROCMD_UMD_VIEW_READ_ONLY_*) are
 * NOT_IMPLEMENTED: SET_RENDER_TARGETS cannot say that the depth target is only read.
 * Flags a kind of view does not have are INVALID_ARG. */
aerocmd_result aerocmd_umd_create_view(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                       enum aerocmd_view_kind kind,
                                       struct aerocmd_umd_resource *res,
                                       const struct aerocmd_umd_view_desc *desc,
                                       struct aerocmd_umd_view **out);
aerocmd_result aerocmd_umd_destroy_view(struct aerocmd_umd_view *view);

/* The handle bound for this view: the texture's or the view's own. */
uint32_t aerocmd_umd_view_handle(const struct aerocmd_umd_view *view);

/* ---- shaders and input layouts ------------------------------------------------------- */

size_t aerocmd_umd_shader_size(void);

/* VS, PS, GS, CS. The DXBC must be a container the stream validator accepts for `kind`
 * (aerocmd_dxbc_open: framing, checksum, one SM4/SM5 program of the kind's type), else
 * INVALID_ARG; it is copied into memory from the device's allocator and its 64-bit FNV-1a
 * hash kept. HS / DS: NOT_IMPLEMENTED (no tessellation). */
aerocmd_result aerocmd_umd_create_shader(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                         enum aerocmd_shader_kind kind, const void *dxbc,
                                         uint32_t dxbc_size, struct aerocmd_umd_shader **out);
/* The same from what the Windows DDI hands the driver: the bare token stream and the
 * register-keyed signatures, wrapped into a DXBC container as umd_dxbc.h describes
 * (synthesized semantic names, real checksum); the container is what is kept, hashed and
 * sent. Refusals are aerocmd_umd_dxbc_from_tokens's (INVALID_ARG for a bad token header or
 * signature, NOT_IMPLEMENTED for HS / DS); OUT_OF_MEMORY when the container cannot be
 * allocated. */
aerocmd_result aerocmd_umd_create_shader_from_tokens(
    struct aerocmd_umd_device *dev, void *mem, size_t mem_size, enum aerocmd_shader_kind kind,
    const uint32_t *tokens, uint32_t token_capacity,
    const struct aerocmd_umd_shader_signatures *sigs, struct aerocmd_umd_shader **out);
aerocmd_result aerocmd_umd_destroy_shader(struct aerocmd_umd_shader *shader);

uint32_t aerocmd_umd_shader_handle(const struct aerocmd_umd_shader *shader);
uint64_t aerocmd_umd_shader_hash(const struct aerocmd_umd_shader *shader);
/* The kept copy of the bytecode. */
const void *aerocmd_umd_shader_dxbc(const struct aerocmd_umd_shader *shader, uint32_t *size);

size_t aerocmd_umd_input_layout_size(void);

/* Elements are checked against the vertex formats format.h allows (NOT_IMPLEMENTED for
 * the rest) and sent as an ILAY blob. */
aerocmd_result aerocmd_umd_create_input_layout(struct aerocmd_umd_device *dev, void *mem,
                                               size_t mem_size,
                                               const struct aerocmd_input_element *elements,
                                               uint32_t element_count,
                                               struct aerocmd_umd_input_layout **out);
/* D3D11's input-assembler limit on elements per layout. */
#define AEROCMD_UMD_MAX_INPUT_ELEMENTS 32u

/* One D3D10DDIARG_INPUT_ELEMENT_DESC: keyed by the vertex shader's input register, since
 * the DDI passes no semantic names. */
struct aerocmd_umd_register_element {
    uint32_t input_register; /* 0 .. AEROCMD_UMD_MAX_SIGNATURE_REGISTERS - 1 */
    uint32_t dxgi_format;
    uint32_t input_slot;
    uint32_t aligned_byte_offset;
    uint32_t input_slot_class; /* 0 per vertex, 1 per instance */
    uint32_t instance_data_step_rate;
};

/* An input layout whose elements are named like the synthesized signatures (umd_dxbc.h):
 * semantic "TEXCOORD" (semantic_name_hash = aerocmd_semantic_hash("TEXCOORD")) with
 * semantic index = input_register, so the host pairs each element with the ISGN entry of
 * a shader made by aerocmd_umd_create_shader_from_tokens. INVALID_ARG: more than
 * AEROCMD_UMD_MAX_INPUT_ELEMENTS elements, a register out of range; otherwise as
 * aerocmd_umd_create_input_layout. */
aerocmd_result aerocmd_umd_create_input_layout_by_register(
    struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
    const struct aerocmd_umd_register_element *elements, uint32_t element_count,
    struct aerocmd_umd_input_layout **out);
aerocmd_result aerocmd_umd_destroy_input_layout(struct aerocmd_umd_input_layout *layout);

/* ---- samplers ------------------------------------------------------------------------ */

/* D3D10/11 FILTER and TEXTURE_ADDRESS_MODE values. */
#define AEROCMD_UMD_FILTER_MIN_MAG_MIP_POINT  0x00u
#define AEROCMD_UMD_FILTER_MIN_MAG_MIP_LINEAR 0x15u
#define AEROCMD_UMD_ADDRESS_WRAP              1u
#define AEROCMD_UMD_ADDRESS_MIRROR            2u
#define AEROCMD_UMD_ADDRESS_CLAMP             3u
#define AEROCMD_UMD_ADDRESS_BORDER            4u
#define AEROCMD_UMD_ADDRESS_MIRROR_ONCE       5u

struct aerocmd_umd_sampler_desc {
    uint32_t filter;
    uint32_t address_u, address_v, address_w;
    uint32_t mip_lod_bias_f32;
    uint32_t max_anisotropy;
    uint32_t comparison_func;
    uint32_t border_color_f32[4];
    uint32_t min_lod_f32;
    uint32_t max_lod_f32;
};

size_t aerocmd_umd_sampler_size(void);

/* The protocol has one filter (nearest or linear, for minification, magnification and
 * mips alike) and clamp / wrap / mirror addressing. Anisotropic and mixed filters, border
 * and mirror-once addressing on U or V, a LOD bias and a LOD clamp that excludes some level
 * (MinLOD > 0 or MaxLOD < 14) are approximations of the COMPATIBLE policy (umd_policy.h;
 * NOT_IMPLEMENTED under STRICT); comparison filters and D3D10's 1-bit text filter are
 * NOT_IMPLEMENTED; a value that is no Direct3D filter or address mode is INVALID_ARG. Any
 * W address mode is exact (2D samples never address W). doc/compatibility.md, "Samplers". */
aerocmd_result aerocmd_umd_create_sampler(struct aerocmd_umd_device *dev, void *mem,
                                          size_t mem_size,
                                          const struct aerocmd_umd_sampler_desc *desc,
                                          struct aerocmd_umd_sampler **out);
aerocmd_result aerocmd_umd_destroy_sampler(struct aerocmd_umd_sampler *sampler);

/* ---- fixed-function state objects (no packets until bound and drawn) ---------------- */

/* D3D10_BLEND / D3D10_BLEND_OP values. */
#define AEROCMD_UMD_BLEND_ZERO             1u
#define AEROCMD_UMD_BLEND_ONE              2u
#define AEROCMD_UMD_BLEND_SRC_COLOR        3u
#define AEROCMD_UMD_BLEND_INV_SRC_COLOR    4u
#define AEROCMD_UMD_BLEND_SRC_ALPHA        5u
#define AEROCMD_UMD_BLEND_INV_SRC_ALPHA    6u
#define AEROCMD_UMD_BLEND_DEST_ALPHA       7u
#define AEROCMD_UMD_BLEND_INV_DEST_ALPHA   8u
#define AEROCMD_UMD_BLEND_BLEND_FACTOR     14u
#define AEROCMD_UMD_BLEND_INV_BLEND_FACTOR 15u
#define AEROCMD_UMD_BLEND_INV_SRC1_ALPHA   19u /* last defined value */
#define AEROCMD_UMD_BLEND_OP_ADD           1u
#define AEROCMD_UMD_BLEND_OP_MAX           5u

struct aerocmd_umd_blend_target {
    uint32_t enable;
    uint32_t src, dst, op;
    uint32_t src_alpha, dst_alpha, op_alpha;
    uint32_t write_mask; /* bits R=1 G=2 B=4 A=8 */
};

struct aerocmd_umd_blend_desc {
    uint32_t alpha_to_coverage;
    uint32_t independent; /* 0: targets[0] applies to every target (D3D11 default) */
    struct aerocmd_umd_blend_target targets[8];
};

/* D3D10_COMPARISON_FUNC (NEVER 1 .. ALWAYS 8) and D3D10_STENCIL_OP (KEEP 1 ..) values. */
#define AEROCMD_UMD_COMPARISON_NEVER  1u
#define AEROCMD_UMD_COMPARISON_LESS   2u
#define AEROCMD_UMD_COMPARISON_ALWAYS 8u
#define AEROCMD_UMD_STENCIL_OP_KEEP   1u

struct aerocmd_umd_stencil_face {
    uint32_t fail_op, depth_fail_op, pass_op, func;
};

struct aerocmd_umd_depth_stencil_desc {
    uint32_t depth_enable;
    uint32_t depth_write; /* D3D10_DEPTH_WRITE_MASK: 0 ZERO, 1 ALL */
    uint32_t depth_func;
    uint32_t stencil_enable;
    uint32_t stencil_read_mask;  /* 0..255 */
    uint32_t stencil_write_mask; /* 0..255 */
    struct aerocmd_umd_stencil_face front, back;
};

/* D3D10_FILL_MODE (WIREFRAME 2, SOLID 3) and D3D10_CULL_MODE (NONE 1, FRONT 2, BACK 3). */
struct aerocmd_umd_rasterizer_desc {
    uint32_t fill_mode;
    uint32_t cull_mode;
    uint32_t front_ccw;
    int32_t depth_bias;
    uint32_t depth_bias_clamp_f32;
    uint32_t slope_scaled_depth_bias_f32;
    uint32_t depth_clip_enable;
    uint32_t scissor_enable;
    uint32_t multisample_enable;
    uint32_t antialiased_line_enable;
};

size_t aerocmd_umd_blend_state_size(void);
size_t aerocmd_umd_depth_stencil_state_size(void);
size_t aerocmd_umd_rasterizer_state_size(void);

/* Blend: alpha-to-coverage and factors other than ZERO, ONE, (INV_)SRC_ALPHA,
 * (INV_)DEST_ALPHA, (INV_)BLEND_FACTOR (on a blending target) are NOT_IMPLEMENTED. Targets
 * may differ in blending and write mask: the protocol has one state for every target, so
 * such a state is resolved at each draw against the bound colour targets, which must agree
 * (a target blending with ONE, ZERO, ADD or writing nothing counts as not blending); the
 * draw is NOT_IMPLEMENTED when they do not (doc/compatibility.md, "Blend"). */
aerocmd_result aerocmd_umd_create_blend_state(struct aerocmd_umd_device *dev, void *mem,
                                              size_t mem_size,
                                              const struct aerocmd_umd_blend_desc *desc,
                                              struct aerocmd_umd_blend_state **out);
/* Depth-stencil: depth writes are encoded off when the depth test is off; with stencil
 * enabled, any face op other than KEEP or func other than ALWAYS is NOT_IMPLEMENTED. */
aerocmd_result
aerocmd_umd_create_depth_stencil_state(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                       const struct aerocmd_umd_depth_stencil_desc *desc,
                                       struct aerocmd_umd_depth_stencil_state **out);
/* Rasterizer: a slope-scaled depth bias, a depth-bias clamp with a non-zero integer bias,
 * and antialiased or multisample lines are approximations of the COMPATIBLE policy
 * (dropped; NOT_IMPLEMENTED under STRICT). */
aerocmd_result aerocmd_umd_create_rasterizer_state(struct aerocmd_umd_device *dev, void *mem,
                                                   size_t mem_size,
                                                   const struct aerocmd_umd_rasterizer_desc *desc,
                                                   struct aerocmd_umd_rasterizer_state **out);
void aerocmd_umd_destroy_blend_state(struct aerocmd_umd_blend_state *state);
void aerocmd_umd_destroy_depth_stencil_state(struct aerocmd_umd_depth_stencil_state *state);
void aerocmd_umd_destroy_rasterizer_state(struct aerocmd_umd_rasterizer_state *state);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_OBJECTS_H */
