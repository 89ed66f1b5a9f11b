/* SPDX-License-Identifier: MIT */
/* aerogpu_cmd.h — The command stream: stream header, packet header and every packet of ABI 1.4.
 * All structs are packed; integers are little-endian; floats travel as IEEE-754 bits. */
#ifndef AEROGPU_CMD_H
#define AEROGPU_CMD_H

#include "aerogpu_protocol_base.h"
#include "aerogpu_pci.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t aerogpu_handle_t; /* guest-wide object name; 0 = none */

#define AEROGPU_CMD_STREAM_MAGIC          0x444D4341u /* "ACMD" */
#define AEROGPU_STAGE_EX_MIN_ABI_MINOR    3u
#define AEROGPU_INPUT_LAYOUT_BLOB_MAGIC   0x59414C49u /* "ILAY" */
#define AEROGPU_INPUT_LAYOUT_BLOB_VERSION 1u
#define AEROGPU_MAX_RENDER_TARGETS        8u

/* aerogpu_cmd_stream_header.flags (none defined). */
enum aerogpu_cmd_stream_flags {
    AEROGPU_CMD_STREAM_FLAG_NONE = 0,
};

/* Packet opcodes. */
enum aerogpu_cmd_opcode {
    AEROGPU_CMD_NOP = 0,
    AEROGPU_CMD_DEBUG_MARKER = 1,
    AEROGPU_CMD_CREATE_BUFFER = 0x100,
    AEROGPU_CMD_CREATE_TEXTURE2D = 0x101,
    AEROGPU_CMD_DESTROY_RESOURCE = 0x102,
    AEROGPU_CMD_RESOURCE_DIRTY_RANGE = 0x103,
    AEROGPU_CMD_UPLOAD_RESOURCE = 0x104,
    AEROGPU_CMD_COPY_BUFFER = 0x105,
    AEROGPU_CMD_COPY_TEXTURE2D = 0x106,
    AEROGPU_CMD_CREATE_TEXTURE_VIEW = 0x107,
    AEROGPU_CMD_DESTROY_TEXTURE_VIEW = 0x108,
    AEROGPU_CMD_CREATE_SHADER_DXBC = 0x200,
    AEROGPU_CMD_DESTROY_SHADER = 0x201,
    AEROGPU_CMD_BIND_SHADERS = 0x202,
    AEROGPU_CMD_SET_SHADER_CONSTANTS_F = 0x203,
    AEROGPU_CMD_CREATE_INPUT_LAYOUT = 0x204,
    AEROGPU_CMD_DESTROY_INPUT_LAYOUT = 0x205,
    AEROGPU_CMD_SET_INPUT_LAYOUT = 0x206,
    AEROGPU_CMD_SET_SHADER_CONSTANTS_I = 0x207,
    AEROGPU_CMD_SET_SHADER_CONSTANTS_B = 0x208,
    AEROGPU_CMD_SET_BLEND_STATE = 0x300,
    AEROGPU_CMD_SET_DEPTH_STENCIL_STATE = 0x301,
    AEROGPU_CMD_SET_RASTERIZER_STATE = 0x302,
    AEROGPU_CMD_SET_RENDER_TARGETS = 0x400,
    AEROGPU_CMD_SET_VIEWPORT = 0x401,
    AEROGPU_CMD_SET_SCISSOR = 0x402,
    AEROGPU_CMD_SET_VERTEX_BUFFERS = 0x500,
    AEROGPU_CMD_SET_INDEX_BUFFER = 0x501,
    AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY = 0x502,
    AEROGPU_CMD_SET_TEXTURE = 0x510,
    AEROGPU_CMD_SET_SAMPLER_STATE = 0x511,
    AEROGPU_CMD_SET_RENDER_STATE = 0x512,
    AEROGPU_CMD_CREATE_SAMPLER = 0x520,
    AEROGPU_CMD_DESTROY_SAMPLER = 0x521,
    AEROGPU_CMD_SET_SAMPLERS = 0x522,
    AEROGPU_CMD_SET_CONSTANT_BUFFERS = 0x523,
    AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS = 0x524,
    AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS = 0x525,
    AEROGPU_CMD_CLEAR = 0x600,
    AEROGPU_CMD_DRAW = 0x601,
    AEROGPU_CMD_DRAW_INDEXED = 0x602,
    AEROGPU_CMD_DISPATCH = 0x603,
    AEROGPU_CMD_PRESENT = 0x700,
    AEROGPU_CMD_PRESENT_EX = 0x701,
    AEROGPU_CMD_EXPORT_SHARED_SURFACE = 0x710,
    AEROGPU_CMD_IMPORT_SHARED_SURFACE = 0x711,
    AEROGPU_CMD_RELEASE_SHARED_SURFACE = 0x712,
    AEROGPU_CMD_FLUSH = 0x720,
};

/* The stage field of stage-bearing packets. */
enum aerogpu_shader_stage {
    AEROGPU_SHADER_STAGE_VERTEX = 0,
    AEROGPU_SHADER_STAGE_PIXEL = 1,
    AEROGPU_SHADER_STAGE_COMPUTE = 2,
    AEROGPU_SHADER_STAGE_GEOMETRY = 3,
};

/* stage_ex (ABI 1.3+), in DXBC program-type numbering; only meaningful when stage is COMPUTE. 1
 * (vertex) is invalid. */
enum aerogpu_shader_stage_ex {
    AEROGPU_SHADER_STAGE_EX_NONE = 0,
    AEROGPU_SHADER_STAGE_EX_GEOMETRY = 2,
    AEROGPU_SHADER_STAGE_EX_HULL = 3,
    AEROGPU_SHADER_STAGE_EX_DOMAIN = 4,
    AEROGPU_SHADER_STAGE_EX_COMPUTE = 5,
};

/* Index element size. */
enum aerogpu_index_format {
    AEROGPU_INDEX_FORMAT_UINT16 = 0,
    AEROGPU_INDEX_FORMAT_UINT32 = 1,
};

/* Sampler filtering. */
enum aerogpu_sampler_filter {
    AEROGPU_SAMPLER_FILTER_NEAREST = 0,
    AEROGPU_SAMPLER_FILTER_LINEAR = 1,
};

/* Sampler addressing per axis. */
enum aerogpu_sampler_address_mode {
    AEROGPU_SAMPLER_ADDRESS_CLAMP_TO_EDGE = 0,
    AEROGPU_SAMPLER_ADDRESS_REPEAT = 1,
    AEROGPU_SAMPLER_ADDRESS_MIRROR_REPEAT = 2,
};

/* Primitive topologies; values follow D3D numbering. */
enum aerogpu_primitive_topology {
    AEROGPU_TOPOLOGY_POINTLIST = 1,
    AEROGPU_TOPOLOGY_LINELIST = 2,
    AEROGPU_TOPOLOGY_LINESTRIP = 3,
    AEROGPU_TOPOLOGY_TRIANGLELIST = 4,
    AEROGPU_TOPOLOGY_TRIANGLESTRIP = 5,
    AEROGPU_TOPOLOGY_TRIANGLEFAN = 6,
    AEROGPU_TOPOLOGY_LINELIST_ADJ = 10,
    AEROGPU_TOPOLOGY_LINESTRIP_ADJ = 11,
    AEROGPU_TOPOLOGY_TRIANGLELIST_ADJ = 12,
    AEROGPU_TOPOLOGY_TRIANGLESTRIP_ADJ = 13,
    AEROGPU_TOPOLOGY_PATCHLIST_1 = 33,
    AEROGPU_TOPOLOGY_PATCHLIST_2 = 34,
    AEROGPU_TOPOLOGY_PATCHLIST_3 = 35,
    AEROGPU_TOPOLOGY_PATCHLIST_4 = 36,
    AEROGPU_TOPOLOGY_PATCHLIST_5 = 37,
    AEROGPU_TOPOLOGY_PATCHLIST_6 = 38,
    AEROGPU_TOPOLOGY_PATCHLIST_7 = 39,
    AEROGPU_TOPOLOGY_PATCHLIST_8 = 40,
    AEROGPU_TOPOLOGY_PATCHLIST_9 = 41,
    AEROGPU_TOPOLOGY_PATCHLIST_10 = 42,
    AEROGPU_TOPOLOGY_PATCHLIST_11 = 43,
    AEROGPU_TOPOLOGY_PATCHLIST_12 = 44,
    AEROGPU_TOPOLOGY_PATCHLIST_13 = 45,
    AEROGPU_TOPOLOGY_PATCHLIST_14 = 46,
    AEROGPU_TOPOLOGY_PATCHLIST_15 = 47,
    AEROGPU_TOPOLOGY_PATCHLIST_16 = 48,
    AEROGPU_TOPOLOGY_PATCHLIST_17 = 49,
    AEROGPU_TOPOLOGY_PATCHLIST_18 = 50,
    AEROGPU_TOPOLOGY_PATCHLIST_19 = 51,
    AEROGPU_TOPOLOGY_PATCHLIST_20 = 52,
    AEROGPU_TOPOLOGY_PATCHLIST_21 = 53,
    AEROGPU_TOPOLOGY_PATCHLIST_22 = 54,
    AEROGPU_TOPOLOGY_PATCHLIST_23 = 55,
    AEROGPU_TOPOLOGY_PATCHLIST_24 = 56,
    AEROGPU_TOPOLOGY_PATCHLIST_25 = 57,
    AEROGPU_TOPOLOGY_PATCHLIST_26 = 58,
    AEROGPU_TOPOLOGY_PATCHLIST_27 = 59,
    AEROGPU_TOPOLOGY_PATCHLIST_28 = 60,
    AEROGPU_TOPOLOGY_PATCHLIST_29 = 61,
    AEROGPU_TOPOLOGY_PATCHLIST_30 = 62,
    AEROGPU_TOPOLOGY_PATCHLIST_31 = 63,
    AEROGPU_TOPOLOGY_PATCHLIST_32 = 64,
};

/* Bit set in usage_flags of CREATE_BUFFER / CREATE_TEXTURE2D. */
enum aerogpu_resource_usage_flags {
    AEROGPU_RESOURCE_USAGE_NONE = 0,
    AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER = 1,
    AEROGPU_RESOURCE_USAGE_INDEX_BUFFER = 2,
    AEROGPU_RESOURCE_USAGE_CONSTANT_BUFFER = 4,
    AEROGPU_RESOURCE_USAGE_TEXTURE = 8,
    AEROGPU_RESOURCE_USAGE_RENDER_TARGET = 0x10,
    AEROGPU_RESOURCE_USAGE_DEPTH_STENCIL = 0x20,
    AEROGPU_RESOURCE_USAGE_SCANOUT = 0x40,
    AEROGPU_RESOURCE_USAGE_STORAGE = 0x80,
};

/* Bit set in the flags of COPY_BUFFER / COPY_TEXTURE2D. */
enum aerogpu_copy_flags {
    AEROGPU_COPY_FLAG_NONE = 0,
    AEROGPU_COPY_FLAG_WRITEBACK_DST = 1,
};

/* The blend factors the protocol can express. */
enum aerogpu_blend_factor {
    AEROGPU_BLEND_ZERO = 0,
    AEROGPU_BLEND_ONE = 1,
    AEROGPU_BLEND_SRC_ALPHA = 2,
    AEROGPU_BLEND_INV_SRC_ALPHA = 3,
    AEROGPU_BLEND_DEST_ALPHA = 4,
    AEROGPU_BLEND_INV_DEST_ALPHA = 5,
    AEROGPU_BLEND_CONSTANT = 6,
    AEROGPU_BLEND_INV_CONSTANT = 7,
};

/* The blend operations the protocol can express. */
enum aerogpu_blend_op {
    AEROGPU_BLEND_OP_ADD = 0,
    AEROGPU_BLEND_OP_SUBTRACT = 1,
    AEROGPU_BLEND_OP_REV_SUBTRACT = 2,
    AEROGPU_BLEND_OP_MIN = 3,
    AEROGPU_BLEND_OP_MAX = 4,
};

/* Depth comparison functions. */
enum aerogpu_compare_func {
    AEROGPU_COMPARE_NEVER = 0,
    AEROGPU_COMPARE_LESS = 1,
    AEROGPU_COMPARE_EQUAL = 2,
    AEROGPU_COMPARE_LESS_EQUAL = 3,
    AEROGPU_COMPARE_GREATER = 4,
    AEROGPU_COMPARE_NOT_EQUAL = 5,
    AEROGPU_COMPARE_GREATER_EQUAL = 6,
    AEROGPU_COMPARE_ALWAYS = 7,
};

/* Rasterizer fill mode. */
enum aerogpu_fill_mode {
    AEROGPU_FILL_SOLID = 0,
    AEROGPU_FILL_WIREFRAME = 1,
};

/* Rasterizer cull mode. */
enum aerogpu_cull_mode {
    AEROGPU_CULL_NONE = 0,
    AEROGPU_CULL_FRONT = 1,
    AEROGPU_CULL_BACK = 2,
};

/* Bit set in aerogpu_rasterizer_state.flags. */
enum aerogpu_rasterizer_flags {
    AEROGPU_RASTERIZER_FLAG_NONE = 0,
    AEROGPU_RASTERIZER_FLAG_DEPTH_CLIP_DISABLE = 1,
};

/* Bit set in CLEAR.flags. */
enum aerogpu_clear_flags {
    AEROGPU_CLEAR_COLOR = 1,
    AEROGPU_CLEAR_DEPTH = 2,
    AEROGPU_CLEAR_STENCIL = 4,
};

/* Bit set in PRESENT.flags. */
enum aerogpu_present_flags {
    AEROGPU_PRESENT_FLAG_NONE = 0,
    AEROGPU_PRESENT_FLAG_VSYNC = 1,
};

/* Leads every command buffer. size_bytes counts the header and all packets that follow; the device
 * ignores anything after it. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_stream_header {
    uint32_t magic;
    uint32_t abi_version;
    uint32_t size_bytes;
    uint32_t flags;
    uint32_t reserved0;
    uint32_t reserved1;
};
AEROGPU_PACKED_END

/* Starts every packet. size_bytes spans header, fixed fields and padded payload: at least 8 and a
 * multiple of 4. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_hdr {
    uint32_t opcode;
    uint32_t size_bytes;
};
AEROGPU_PACKED_END

/* A buffer resource. backing_alloc_id 0: the host owns the storage; otherwise it lives in that
 * guest allocation at backing_offset_bytes. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_create_buffer {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t buffer_handle;
    uint32_t usage_flags;
    uint64_t size_bytes;
    uint32_t backing_alloc_id;
    uint32_t backing_offset_bytes;
    uint64_t reserved0;
};
AEROGPU_PACKED_END

/* A 2D texture (optionally mipmapped and arrayed). Guest-backed textures are linear, packed as
 * described in RULES.md "Texture layout". */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_create_texture2d {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t texture_handle;
    uint32_t usage_flags;
    uint32_t format;
    uint32_t width;
    uint32_t height;
    uint32_t mip_levels;
    uint32_t array_layers;
    uint32_t row_pitch_bytes;
    uint32_t backing_alloc_id;
    uint32_t backing_offset_bytes;
    uint64_t reserved0;
};
AEROGPU_PACKED_END

/* A view of a mip/layer sub-range of a texture, optionally reinterpreted in a compatible format (0
 * = texture format). */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_create_texture_view {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t view_handle;
    aerogpu_handle_t texture_handle;
    uint32_t format;
    uint32_t base_mip_level;
    uint32_t mip_level_count;
    uint32_t base_array_layer;
    uint32_t array_layer_count;
    uint64_t reserved0;
};
AEROGPU_PACKED_END

/* Releases a buffer or texture handle. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_destroy_resource {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t resource_handle;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Releases a texture view handle; unknown handles are ignored by the host. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_destroy_texture_view {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t view_handle;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* The CPU wrote [offset, offset + size) of a guest-backed resource; the host re-reads it before its
 * next use. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_resource_dirty_range {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t resource_handle;
    uint32_t reserved0;
    uint64_t offset_bytes;
    uint64_t size_bytes;
};
AEROGPU_PACKED_END

/* Followed by size_bytes of data copied into the resource at offset_bytes, then zero padding to 4
 * bytes. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_upload_resource {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t resource_handle;
    uint32_t reserved0;
    uint64_t offset_bytes;
    uint64_t size_bytes;
};
AEROGPU_PACKED_END

/* Buffer-to-buffer copy (ABI 1.1+). flags: aerogpu_copy_flags. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_copy_buffer {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t dst_buffer;
    aerogpu_handle_t src_buffer;
    uint64_t dst_offset_bytes;
    uint64_t src_offset_bytes;
    uint64_t size_bytes;
    uint32_t flags;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Rectangle copy between two textures of one format (ABI 1.1+). flags: aerogpu_copy_flags. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_copy_texture2d {
    struct aerogpu_cmd_hdr hdr;
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
    uint32_t flags;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Followed by dxbc_size_bytes of DXBC bytecode, then padding. reserved0 carries stage_ex from
 * ABI 1.3 when stage is COMPUTE. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_create_shader_dxbc {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t shader_handle;
    uint32_t stage;
    uint32_t dxbc_size_bytes;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Releases a shader handle. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_destroy_shader {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t shader_handle;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Binds whole pipelines. The 36-byte extended form appends gs, hs, ds handles (which then win); in
 * the 24-byte form a non-zero reserved0 is the geometry shader. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_bind_shaders {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t vs;
    aerogpu_handle_t ps;
    aerogpu_handle_t cs;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* D3D9-style float registers: followed by vec4_count x 16 bytes. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_shader_constants_f {
    struct aerogpu_cmd_hdr hdr;
    uint32_t stage;
    uint32_t start_register;
    uint32_t vec4_count;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* D3D9-style integer registers: followed by vec4_count x 16 bytes. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_shader_constants_i {
    struct aerogpu_cmd_hdr hdr;
    uint32_t stage;
    uint32_t start_register;
    uint32_t vec4_count;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* D3D9-style bool registers: followed by bool_count x 16 bytes (the value repeated in four lanes).
 */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_shader_constants_b {
    struct aerogpu_cmd_hdr hdr;
    uint32_t stage;
    uint32_t start_register;
    uint32_t bool_count;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Start of the D3D10/11 input-layout blob carried by CREATE_INPUT_LAYOUT. */
AEROGPU_PACKED_BEGIN
struct aerogpu_input_layout_blob_header {
    uint32_t magic;
    uint32_t version;
    uint32_t element_count;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* One D3D10/11 input element. semantic_name_hash is FNV-1a (32-bit) of the upper-cased ASCII
 * semantic name. */
AEROGPU_PACKED_BEGIN
struct aerogpu_input_layout_element_dxgi {
    uint32_t semantic_name_hash;
    uint32_t semantic_index;
    uint32_t dxgi_format;
    uint32_t input_slot;
    uint32_t aligned_byte_offset;
    uint32_t input_slot_class;
    uint32_t instance_data_step_rate;
};
AEROGPU_PACKED_END

/* Followed by blob_size_bytes of input-layout blob, then padding. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_create_input_layout {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t input_layout_handle;
    uint32_t blob_size_bytes;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Releases an input layout handle. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_destroy_input_layout {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t input_layout_handle;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Binds an input layout (0 unbinds). */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_input_layout {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t input_layout_handle;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* The single global blend state. Factors: aerogpu_blend_factor; ops: aerogpu_blend_op; constants
 * are f32 bit patterns. */
AEROGPU_PACKED_BEGIN
struct aerogpu_blend_state {
    uint32_t enable;
    uint32_t src_factor;
    uint32_t dst_factor;
    uint32_t blend_op;
    uint8_t color_write_mask;
    uint8_t reserved0[3];
    uint32_t src_factor_alpha;
    uint32_t dst_factor_alpha;
    uint32_t blend_op_alpha;
    uint32_t blend_constant_rgba_f32[4];
    uint32_t sample_mask;
};
AEROGPU_PACKED_END

/* Replaces the global blend state. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_blend_state {
    struct aerogpu_cmd_hdr hdr;
    struct aerogpu_blend_state state;
};
AEROGPU_PACKED_END

/* Depth test/write and stencil masks; stencil ops and per-face state cannot be expressed. */
AEROGPU_PACKED_BEGIN
struct aerogpu_depth_stencil_state {
    uint32_t depth_enable;
    uint32_t depth_write_enable;
    uint32_t depth_func;
    uint32_t stencil_enable;
    uint8_t stencil_read_mask;
    uint8_t stencil_write_mask;
    uint8_t reserved0[2];
};
AEROGPU_PACKED_END

/* Replaces the global depth-stencil state. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_depth_stencil_state {
    struct aerogpu_cmd_hdr hdr;
    struct aerogpu_depth_stencil_state state;
};
AEROGPU_PACKED_END

/* Fill, cull, winding, scissor enable, integer depth bias; flags: aerogpu_rasterizer_flags. */
AEROGPU_PACKED_BEGIN
struct aerogpu_rasterizer_state {
    uint32_t fill_mode;
    uint32_t cull_mode;
    uint32_t front_ccw;
    uint32_t scissor_enable;
    int32_t depth_bias;
    uint32_t flags;
};
AEROGPU_PACKED_END

/* Replaces the global rasterizer state. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_rasterizer_state {
    struct aerogpu_cmd_hdr hdr;
    struct aerogpu_rasterizer_state state;
};
AEROGPU_PACKED_END

/* color_count (0..8) slots of colors[] are meaningful and may hold 0 gaps; entries past it are 0.
 */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_render_targets {
    struct aerogpu_cmd_hdr hdr;
    uint32_t color_count;
    aerogpu_handle_t depth_stencil;
    aerogpu_handle_t colors[8];
};
AEROGPU_PACKED_END

/* The one viewport, as f32 bit patterns. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_viewport {
    struct aerogpu_cmd_hdr hdr;
    uint32_t x_f32;
    uint32_t y_f32;
    uint32_t width_f32;
    uint32_t height_f32;
    uint32_t min_depth_f32;
    uint32_t max_depth_f32;
};
AEROGPU_PACKED_END

/* The one scissor rectangle. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_scissor {
    struct aerogpu_cmd_hdr hdr;
    int32_t x;
    int32_t y;
    int32_t width;
    int32_t height;
};
AEROGPU_PACKED_END

/* One vertex-buffer slot of SET_VERTEX_BUFFERS. */
AEROGPU_PACKED_BEGIN
struct aerogpu_vertex_buffer_binding {
    aerogpu_handle_t buffer;
    uint32_t stride_bytes;
    uint32_t offset_bytes;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Followed by buffer_count aerogpu_vertex_buffer_binding entries for slots start_slot onwards. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_vertex_buffers {
    struct aerogpu_cmd_hdr hdr;
    uint32_t start_slot;
    uint32_t buffer_count;
};
AEROGPU_PACKED_END

/* format: aerogpu_index_format. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_index_buffer {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t buffer;
    uint32_t format;
    uint32_t offset_bytes;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* topology: aerogpu_primitive_topology. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_primitive_topology {
    struct aerogpu_cmd_hdr hdr;
    uint32_t topology;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Binds one texture or texture view into one slot of a stage; reserved0 carries stage_ex from
 * ABI 1.3. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_texture {
    struct aerogpu_cmd_hdr hdr;
    uint32_t shader_stage;
    uint32_t slot;
    aerogpu_handle_t texture;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Raw D3D9 sampler state pair; not emitted by D3D10/11 encoders. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_sampler_state {
    struct aerogpu_cmd_hdr hdr;
    uint32_t shader_stage;
    uint32_t slot;
    uint32_t state;
    uint32_t value;
};
AEROGPU_PACKED_END

/* filter: aerogpu_sampler_filter; address_*: aerogpu_sampler_address_mode. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_create_sampler {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t sampler_handle;
    uint32_t filter;
    uint32_t address_u;
    uint32_t address_v;
    uint32_t address_w;
};
AEROGPU_PACKED_END

/* Releases a sampler handle. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_destroy_sampler {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t sampler_handle;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Followed by sampler_count sampler handles (u32) for slots start_slot onwards. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_samplers {
    struct aerogpu_cmd_hdr hdr;
    uint32_t shader_stage;
    uint32_t start_slot;
    uint32_t sampler_count;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* One constant-buffer slot: a byte range of a buffer. */
AEROGPU_PACKED_BEGIN
struct aerogpu_constant_buffer_binding {
    aerogpu_handle_t buffer;
    uint32_t offset_bytes;
    uint32_t size_bytes;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Followed by buffer_count aerogpu_constant_buffer_binding entries. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_constant_buffers {
    struct aerogpu_cmd_hdr hdr;
    uint32_t shader_stage;
    uint32_t start_slot;
    uint32_t buffer_count;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* One buffer SRV slot; size_bytes 0 means "to the end of the buffer". */
AEROGPU_PACKED_BEGIN
struct aerogpu_shader_resource_buffer_binding {
    aerogpu_handle_t buffer;
    uint32_t offset_bytes;
    uint32_t size_bytes;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Followed by buffer_count aerogpu_shader_resource_buffer_binding entries. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_shader_resource_buffers {
    struct aerogpu_cmd_hdr hdr;
    uint32_t shader_stage;
    uint32_t start_slot;
    uint32_t buffer_count;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* One buffer UAV slot; initial_count 0xFFFFFFFF keeps the current counter. */
AEROGPU_PACKED_BEGIN
struct aerogpu_unordered_access_buffer_binding {
    aerogpu_handle_t buffer;
    uint32_t offset_bytes;
    uint32_t size_bytes;
    uint32_t initial_count;
};
AEROGPU_PACKED_END

/* Followed by uav_count aerogpu_unordered_access_buffer_binding entries. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_unordered_access_buffers {
    struct aerogpu_cmd_hdr hdr;
    uint32_t shader_stage;
    uint32_t start_slot;
    uint32_t uav_count;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Raw D3D9 render state pair; not emitted by D3D10/11 encoders. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_set_render_state {
    struct aerogpu_cmd_hdr hdr;
    uint32_t state;
    uint32_t value;
};
AEROGPU_PACKED_END

/* Clears the bound targets. flags: aerogpu_clear_flags; colour and depth are f32 bit patterns. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_clear {
    struct aerogpu_cmd_hdr hdr;
    uint32_t flags;
    uint32_t color_rgba_f32[4];
    uint32_t depth_f32;
    uint32_t stencil;
};
AEROGPU_PACKED_END

/* Non-indexed, instanced draw. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_draw {
    struct aerogpu_cmd_hdr hdr;
    uint32_t vertex_count;
    uint32_t instance_count;
    uint32_t first_vertex;
    uint32_t first_instance;
};
AEROGPU_PACKED_END

/* Indexed, instanced draw; base_vertex is signed. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_draw_indexed {
    struct aerogpu_cmd_hdr hdr;
    uint32_t index_count;
    uint32_t instance_count;
    uint32_t first_index;
    int32_t base_vertex;
    uint32_t first_instance;
};
AEROGPU_PACKED_END

/* Compute dispatch; reserved0 carries stage_ex from ABI 1.3. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_dispatch {
    struct aerogpu_cmd_hdr hdr;
    uint32_t group_count_x;
    uint32_t group_count_y;
    uint32_t group_count_z;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Shows scanout 0. flags: aerogpu_present_flags. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_present {
    struct aerogpu_cmd_hdr hdr;
    uint32_t scanout_id;
    uint32_t flags;
};
AEROGPU_PACKED_END

/* PRESENT plus the raw D3D9Ex present flags. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_present_ex {
    struct aerogpu_cmd_hdr hdr;
    uint32_t scanout_id;
    uint32_t flags;
    uint32_t d3d9_present_flags;
    uint32_t reserved0;
};
AEROGPU_PACKED_END

/* Publishes a resource under a non-zero, guest-wide share token. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_export_shared_surface {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t resource_handle;
    uint32_t reserved0;
    uint64_t share_token;
};
AEROGPU_PACKED_END

/* Creates out_resource_handle as an alias of the resource exported under share_token. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_import_shared_surface {
    struct aerogpu_cmd_hdr hdr;
    aerogpu_handle_t out_resource_handle;
    uint32_t reserved0;
    uint64_t share_token;
};
AEROGPU_PACKED_END

/* Retires a share token for good; releasing twice is harmless. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_release_shared_surface {
    struct aerogpu_cmd_hdr hdr;
    uint64_t share_token;
    uint64_t reserved0;
};
AEROGPU_PACKED_END

/* A hint to the host; normally does nothing. */
AEROGPU_PACKED_BEGIN
struct aerogpu_cmd_flush {
    struct aerogpu_cmd_hdr hdr;
    uint32_t reserved0;
    uint32_t reserved1;
};
AEROGPU_PACKED_END

/* Every struct's size and field offsets, checked at compile time. */
#include "aerogpu_cmd_layout.h"

#ifdef __cplusplus
}
#endif

#endif /* AEROGPU_CMD_H */
