/* SPDX-License-Identifier: MIT */
/* test_decode_faults.c — one table of hand-made streams, each either malformed in one
 * specific way (every structural reason code 1..17 appears) or deliberately valid at the
 * edge of a rule. Each row names the exact reason, byte offset and opcode that
 * aerocmd_validate_stream must report. */
#include <stdio.h>

#include "aerocmd/decode.h"
#include "check.h"
#include "shaders/min_dxbc.h"
#include "stream_builder.h"

/* Most faults sit in the packet after a valid leading DRAW (24-byte header + 24). */
#define AT 48u

static void start(struct sb *sb, uint32_t minor)
{
    sb_begin(sb, minor);
    sb_draw(sb);
}

#define ADD(sb, opcode, packet) sb_packet((sb), (opcode), &(packet), (uint32_t)sizeof(packet))

/* ---- valid packets that cases then break in one field ---- */

static struct aerogpu_cmd_create_texture2d texture(void)
{
    struct aerogpu_cmd_create_texture2d t;
    memset(&t, 0, sizeof t);
    t.texture_handle = 1;
    t.usage_flags = AEROGPU_RESOURCE_USAGE_TEXTURE | AEROGPU_RESOURCE_USAGE_RENDER_TARGET;
    t.format = AEROGPU_FORMAT_B8G8R8A8_UNORM;
    t.width = 64;
    t.height = 32;
    t.mip_levels = 1;
    t.array_layers = 1;
    return t;
}

static struct aerogpu_cmd_create_texture_view view(void)
{
    struct aerogpu_cmd_create_texture_view v;
    memset(&v, 0, sizeof v);
    v.view_handle = 2;
    v.texture_handle = 1;
    v.mip_level_count = 1;
    v.array_layer_count = 1;
    return v;
}

static struct aerogpu_cmd_create_buffer buffer(void)
{
    struct aerogpu_cmd_create_buffer b;
    memset(&b, 0, sizeof b);
    b.buffer_handle = 3;
    b.usage_flags = AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER;
    b.size_bytes = 256;
    return b;
}

static struct aerogpu_cmd_upload_resource upload(uint64_t offset, uint64_t size)
{
    struct aerogpu_cmd_upload_resource u;
    memset(&u, 0, sizeof u);
    u.resource_handle = 3;
    u.offset_bytes = offset;
    u.size_bytes = size;
    return u;
}

/* A sound container holding a program of type `program` (aerocmd_dxbc_program_type). */
static void add_shader(struct sb *sb, uint32_t stage, uint32_t reserved0, uint32_t program)
{
    struct aerogpu_cmd_create_shader_dxbc s;
    uint8_t dxbc[MIN_DXBC_BYTES];
    min_dxbc(dxbc, program);
    memset(&s, 0, sizeof s);
    s.shader_handle = 5;
    s.stage = stage;
    s.dxbc_size_bytes = sizeof dxbc;
    s.reserved0 = reserved0;
    ADD(sb, AEROGPU_CMD_CREATE_SHADER_DXBC, s);
    sb_bytes(sb, dxbc, sizeof dxbc);
}

static void add_texture_binding(struct sb *sb, uint32_t stage, uint32_t reserved0)
{
    struct aerogpu_cmd_set_texture t;
    memset(&t, 0, sizeof t);
    t.shader_stage = stage;
    t.texture = 1;
    t.reserved0 = reserved0;
    ADD(sb, AEROGPU_CMD_SET_TEXTURE, t);
}

static void add_dispatch(struct sb *sb, uint32_t reserved0)
{
    struct aerogpu_cmd_dispatch d;
    memset(&d, 0, sizeof d);
    d.group_count_x = d.group_count_y = d.group_count_z = 1;
    d.reserved0 = reserved0;
    ADD(sb, AEROGPU_CMD_DISPATCH, d);
}

static void add_input_layout(struct sb *sb, uint32_t magic, uint32_t version,
                             uint32_t element_count, uint32_t reserved0, uint32_t elements)
{
    struct aerogpu_cmd_create_input_layout il;
    struct aerogpu_input_layout_blob_header h;
    struct aerogpu_input_layout_element_dxgi e;
    uint32_t i;
    memset(&il, 0, sizeof il);
    memset(&e, 0, sizeof e);
    il.input_layout_handle = 6;
    il.blob_size_bytes = (uint32_t)(sizeof h + elements * sizeof e);
    h.magic = magic;
    h.version = version;
    h.element_count = element_count;
    h.reserved0 = reserved0;
    ADD(sb, AEROGPU_CMD_CREATE_INPUT_LAYOUT, il);
    sb_bytes(sb, &h, sizeof h);
    e.dxgi_format = 2;
    for (i = 0; i < elements; i++)
        sb_bytes(sb, &e, sizeof e);
}

static void add_bind_shaders(struct sb *sb, uint32_t reserved0, int extended, uint32_t gs)
{
    struct aerogpu_cmd_bind_shaders b;
    memset(&b, 0, sizeof b);
    b.vs = 1;
    b.ps = 2;
    b.reserved0 = reserved0;
    ADD(sb, AEROGPU_CMD_BIND_SHADERS, b);
    if (extended) {
        sb_u32(sb, gs);
        sb_u32(sb, 0);
        sb_u32(sb, 0);
    }
}

static void add_render_targets(struct sb *sb, uint32_t count, uint32_t slot, uint32_t handle)
{
    struct aerogpu_cmd_set_render_targets rt;
    memset(&rt, 0, sizeof rt);
    rt.color_count = count;
    rt.colors[slot] = handle;
    ADD(sb, AEROGPU_CMD_SET_RENDER_TARGETS, rt);
}

/* ---- stream header ---- */

static void header_only(struct sb *sb)
{
    sb_begin(sb, 4);
}
static void bad_magic(struct sb *sb)
{
    start(sb, 4);
    sb_put_u32(sb, 0, 0x444D4342u);
}
static void abi_major_2(struct sb *sb)
{
    start(sb, 4);
    sb_put_u32(sb, 4, 0x00020004u);
}
static void abi_major_0(struct sb *sb)
{
    start(sb, 4);
    sb_put_u32(sb, 4, 0x00000004u);
}
static void stream_size_unaligned(struct sb *sb)
{
    start(sb, 4);
    sb_put_u32(sb, 8, 46);
}
static void stream_size_too_small(struct sb *sb)
{
    start(sb, 4);
    sb_put_u32(sb, 8, 20);
}
static void stream_size_past_buffer(struct sb *sb)
{
    start(sb, 4);
    sb_put_u32(sb, 8, sb->len + 4);
}
static void header_flags(struct sb *sb)
{
    start(sb, 4);
    sb_put_u32(sb, 12, 1);
}
static void header_reserved0(struct sb *sb)
{
    start(sb, 4);
    sb_put_u32(sb, 16, 0x100);
}
static void header_reserved1(struct sb *sb)
{
    start(sb, 0);
    sb_put_u32(sb, 20, 0x80000000u);
}
static void header_flags_newer_minor(struct sb *sb)
{
    start(sb, 5);
    sb_put_u32(sb, 12, 1);
}
static void bytes_after_stream_size(struct sb *sb)
{
    start(sb, 4);
    sb_put_u32(sb, 8, 24); /* the DRAW now lies after size_bytes and is ignored */
}

/* ---- packet framing ---- */

static void header_truncated(struct sb *sb)
{
    start(sb, 4);
    sb_close(sb);
    sb_u32(sb, AEROGPU_CMD_FLUSH);
}
static void packet_size_zero(struct sb *sb)
{
    start(sb, 4);
    sb_raw_packet(sb, AEROGPU_CMD_NOP, 0, 16);
}
static void packet_size_four(struct sb *sb)
{
    start(sb, 4);
    sb_raw_packet(sb, AEROGPU_CMD_DRAW, 4, 16);
}
static void packet_size_unaligned(struct sb *sb)
{
    start(sb, 4);
    sb_raw_packet(sb, AEROGPU_CMD_FLUSH, 18, 24);
}
static void packet_past_end(struct sb *sb)
{
    start(sb, 4);
    sb_raw_packet(sb, AEROGPU_CMD_FLUSH, 24, 16);
}
static void packet_far_past_end(struct sb *sb)
{
    start(sb, 4);
    sb_raw_packet(sb, 0x12345u, 0xFFFFFFFCu, 16);
}
static void unknown_opcode(struct sb *sb)
{
    start(sb, 4);
    sb_raw_packet(sb, 0x9999u, 12, 12);
    sb_draw(sb);
}
static void draw_too_short(struct sb *sb)
{
    start(sb, 4);
    sb_raw_packet(sb, AEROGPU_CMD_DRAW, 20, 20);
}
static void texture_too_short(struct sb *sb)
{
    struct aerogpu_cmd_create_texture2d t = texture();
    start(sb, 4);
    sb_packet(sb, AEROGPU_CMD_CREATE_TEXTURE2D, &t, sizeof t - 4);
}
static void draw_with_trailing_bytes(struct sb *sb)
{
    start(sb, 4);
    sb_draw(sb);
    sb_u32(sb, 0xDEADBEEFu);
    sb_u32(sb, 0xDEADBEEFu);
}

/* ---- payload length and count overflow ---- */

static void upload_short_payload(struct sb *sb)
{
    struct aerogpu_cmd_upload_resource u = upload(0, 9);
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_UPLOAD_RESOURCE, u);
    sb_u32(sb, 1);
    sb_u32(sb, 2);
}
static void upload_size_over_32_bits(struct sb *sb)
{
    struct aerogpu_cmd_upload_resource u = upload(0, 0x100000000ull);
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_UPLOAD_RESOURCE, u);
}
static void upload_empty(struct sb *sb)
{
    struct aerogpu_cmd_upload_resource u = upload(16, 0);
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_UPLOAD_RESOURCE, u);
}
static void upload_range_wraps(struct sb *sb)
{
    struct aerogpu_cmd_upload_resource u = upload(0xFFFFFFFFFFFFFFFCull, 4);
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_UPLOAD_RESOURCE, u);
    sb_u32(sb, 0);
}
static void shader_short_payload(struct sb *sb)
{
    struct aerogpu_cmd_create_shader_dxbc s;
    memset(&s, 0, sizeof s);
    s.shader_handle = 5;
    s.dxbc_size_bytes = 8;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_CREATE_SHADER_DXBC, s);
    sb_bytes(sb, "DXBC", 4);
}
static void vertex_buffers_count(struct sb *sb, uint32_t count, uint32_t reserved0)
{
    struct aerogpu_cmd_set_vertex_buffers vb;
    struct aerogpu_vertex_buffer_binding binding;
    memset(&vb, 0, sizeof vb);
    memset(&binding, 0, sizeof binding);
    vb.buffer_count = count;
    binding.buffer = 3;
    binding.stride_bytes = 12;
    binding.reserved0 = reserved0;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_SET_VERTEX_BUFFERS, vb);
    sb_bytes(sb, &binding, sizeof binding);
}
static void vertex_buffers_missing_binding(struct sb *sb)
{
    vertex_buffers_count(sb, 2, 0);
}
static void vertex_buffers_count_overflow(struct sb *sb)
{
    vertex_buffers_count(sb, 0x10000000u, 0);
}
static void vertex_binding_reserved(struct sb *sb)
{
    vertex_buffers_count(sb, 1, 7);
}
static void samplers(struct sb *sb, uint32_t count, uint32_t appended)
{
    struct aerogpu_cmd_set_samplers s;
    uint32_t i;
    memset(&s, 0, sizeof s);
    s.shader_stage = AEROGPU_SHADER_STAGE_PIXEL;
    s.sampler_count = count;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_SET_SAMPLERS, s);
    for (i = 0; i < appended; i++)
        sb_u32(sb, 9 + i);
}
static void samplers_missing_handle(struct sb *sb)
{
    samplers(sb, 3, 2);
}
static void samplers_count_overflow(struct sb *sb)
{
    samplers(sb, 0x40000000u, 1);
}
static void constants_f_overflow(struct sb *sb)
{
    struct aerogpu_cmd_set_shader_constants_f c;
    memset(&c, 0, sizeof c);
    c.vec4_count = 0x10000000u;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_SET_SHADER_CONSTANTS_F, c);
}
static void constants_b_short(struct sb *sb)
{
    struct aerogpu_cmd_set_shader_constants_b c;
    memset(&c, 0, sizeof c);
    c.bool_count = 2;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_SET_SHADER_CONSTANTS_B, c);
    sb_u32(sb, 1);
    sb_u32(sb, 1);
    sb_u32(sb, 1);
    sb_u32(sb, 1);
}
static void constant_buffer_binding_reserved(struct sb *sb)
{
    struct aerogpu_cmd_set_constant_buffers c;
    struct aerogpu_constant_buffer_binding b[2];
    memset(&c, 0, sizeof c);
    memset(b, 0, sizeof b);
    c.shader_stage = AEROGPU_SHADER_STAGE_VERTEX;
    c.buffer_count = 2;
    b[1].reserved0 = 1;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_SET_CONSTANT_BUFFERS, c);
    sb_bytes(sb, b, sizeof b);
}
static void input_layout_short_blob(struct sb *sb)
{
    start(sb, 4);
    add_input_layout(sb, AEROGPU_INPUT_LAYOUT_BLOB_MAGIC, 1, 1, 0, 1);
    sb_put_u32(sb, AT + 12, 48); /* blob_size_bytes one word past the packet */
}

/* ---- enums and flags ---- */

#define TEXTURE_CASE(fn, field, value)                                                             \
    static void fn(struct sb *sb)                                                                  \
    {                                                                                              \
        struct aerogpu_cmd_create_texture2d t = texture();                                         \
        t.field = (value);                                                                         \
        start(sb, 4);                                                                              \
        ADD(sb, AEROGPU_CMD_CREATE_TEXTURE2D, t);                                                  \
    }
TEXTURE_CASE(texture_format_11, format, 11)
TEXTURE_CASE(texture_format_huge, format, 0xFFFFFFFFu)
TEXTURE_CASE(texture_usage_bit_8, usage_flags, 0x100)
TEXTURE_CASE(texture_width_zero, width, 0)
TEXTURE_CASE(texture_height_zero, height, 0)
TEXTURE_CASE(texture_mips_zero, mip_levels, 0)
TEXTURE_CASE(texture_layers_zero, array_layers, 0)
TEXTURE_CASE(texture_format_invalid, format, AEROGPU_FORMAT_INVALID)
TEXTURE_CASE(texture_reserved, reserved0, 0x100000000ull)

static void texture_bc_in_minor(struct sb *sb, uint32_t minor, uint32_t format)
{
    struct aerogpu_cmd_create_texture2d t = texture();
    t.format = format;
    start(sb, minor);
    ADD(sb, AEROGPU_CMD_CREATE_TEXTURE2D, t);
}
static void texture_bc1_minor1(struct sb *sb)
{
    texture_bc_in_minor(sb, 1, AEROGPU_FORMAT_BC1_RGBA_UNORM);
}
static void texture_srgb_minor1(struct sb *sb)
{
    texture_bc_in_minor(sb, 1, AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB);
}
static void texture_bc7_minor2(struct sb *sb)
{
    texture_bc_in_minor(sb, 2, AEROGPU_FORMAT_BC7_RGBA_UNORM_SRGB);
}
/* Direct3D: a block-compressed texture's top level is whole 4x4 blocks */
static void texture_bc_sized(struct sb *sb, uint32_t format, uint32_t width, uint32_t height)
{
    struct aerogpu_cmd_create_texture2d t = texture();
    t.format = format;
    t.width = width;
    t.height = height;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_CREATE_TEXTURE2D, t);
}
static void texture_bc1_5x4(struct sb *sb)
{
    texture_bc_sized(sb, AEROGPU_FORMAT_BC1_RGBA_UNORM, 5, 4);
}
static void texture_bc3_4x6(struct sb *sb)
{
    texture_bc_sized(sb, AEROGPU_FORMAT_BC3_RGBA_UNORM, 4, 6);
}
static void texture_bc7_1x1(struct sb *sb)
{
    texture_bc_sized(sb, AEROGPU_FORMAT_BC7_RGBA_UNORM, 1, 1);
}
static void texture_bc1_8x4(struct sb *sb)
{
    texture_bc_sized(sb, AEROGPU_FORMAT_BC1_RGBA_UNORM_SRGB, 8, 4);
}
static void texture_rgba_5x5(struct sb *sb)
{
    texture_bc_sized(sb, AEROGPU_FORMAT_R8G8B8A8_UNORM, 5, 5);
}

#define STATE_CASE(fn, opcode, type, field, value)                                                 \
    static void fn(struct sb *sb)                                                                  \
    {                                                                                              \
        struct type p;                                                                             \
        memset(&p, 0, sizeof p);                                                                   \
        p.field = (value);                                                                         \
        start(sb, 4);                                                                              \
        ADD(sb, opcode, p);                                                                        \
    }
STATE_CASE(blend_factor_8, AEROGPU_CMD_SET_BLEND_STATE, aerogpu_cmd_set_blend_state,
           state.dst_factor_alpha, 8)
STATE_CASE(blend_op_5, AEROGPU_CMD_SET_BLEND_STATE, aerogpu_cmd_set_blend_state, state.blend_op, 5)
STATE_CASE(blend_reserved_byte, AEROGPU_CMD_SET_BLEND_STATE, aerogpu_cmd_set_blend_state,
           state.reserved0[2], 1)
STATE_CASE(depth_func_8, AEROGPU_CMD_SET_DEPTH_STENCIL_STATE, aerogpu_cmd_set_depth_stencil_state,
           state.depth_func, 8)
STATE_CASE(depth_reserved_byte, AEROGPU_CMD_SET_DEPTH_STENCIL_STATE,
           aerogpu_cmd_set_depth_stencil_state, state.reserved0[1], 0x80)
STATE_CASE(fill_mode_2, AEROGPU_CMD_SET_RASTERIZER_STATE, aerogpu_cmd_set_rasterizer_state,
           state.fill_mode, 2)
STATE_CASE(cull_mode_3, AEROGPU_CMD_SET_RASTERIZER_STATE, aerogpu_cmd_set_rasterizer_state,
           state.cull_mode, 3)
STATE_CASE(rasterizer_flag_2, AEROGPU_CMD_SET_RASTERIZER_STATE, aerogpu_cmd_set_rasterizer_state,
           state.flags, 2)
STATE_CASE(index_format_2, AEROGPU_CMD_SET_INDEX_BUFFER, aerogpu_cmd_set_index_buffer, format, 2)
STATE_CASE(index_buffer_reserved, AEROGPU_CMD_SET_INDEX_BUFFER, aerogpu_cmd_set_index_buffer,
           reserved0, 1)
STATE_CASE(topology_7, AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY, aerogpu_cmd_set_primitive_topology,
           topology, 7)
STATE_CASE(topology_0, AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY, aerogpu_cmd_set_primitive_topology,
           topology, 0)
STATE_CASE(topology_patch_32, AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY,
           aerogpu_cmd_set_primitive_topology, topology, AEROGPU_TOPOLOGY_PATCHLIST_32)
STATE_CASE(sampler_filter_2, AEROGPU_CMD_CREATE_SAMPLER, aerogpu_cmd_create_sampler, filter, 2)
STATE_CASE(sampler_address_w_3, AEROGPU_CMD_CREATE_SAMPLER, aerogpu_cmd_create_sampler, address_w,
           3)
STATE_CASE(clear_flag_8, AEROGPU_CMD_CLEAR, aerogpu_cmd_clear, flags, 8)
STATE_CASE(clear_all_flags, AEROGPU_CMD_CLEAR, aerogpu_cmd_clear, flags, 7)
STATE_CASE(present_flag_2, AEROGPU_CMD_PRESENT, aerogpu_cmd_present, flags, 2)
STATE_CASE(present_scanout_1, AEROGPU_CMD_PRESENT, aerogpu_cmd_present, scanout_id, 1)
STATE_CASE(present_ex_scanout_1, AEROGPU_CMD_PRESENT_EX, aerogpu_cmd_present_ex, scanout_id, 1)
STATE_CASE(present_ex_reserved, AEROGPU_CMD_PRESENT_EX, aerogpu_cmd_present_ex, reserved0, 1)
STATE_CASE(copy_buffer_flag_2, AEROGPU_CMD_COPY_BUFFER, aerogpu_cmd_copy_buffer, flags, 2)
STATE_CASE(copy_buffer_unaligned, AEROGPU_CMD_COPY_BUFFER, aerogpu_cmd_copy_buffer,
           src_offset_bytes, 2)
STATE_CASE(flush_reserved1, AEROGPU_CMD_FLUSH, aerogpu_cmd_flush, reserved1, 1)
STATE_CASE(destroy_resource_reserved, AEROGPU_CMD_DESTROY_RESOURCE, aerogpu_cmd_destroy_resource,
           reserved0, 1)
STATE_CASE(release_reserved, AEROGPU_CMD_RELEASE_SHARED_SURFACE, aerogpu_cmd_release_shared_surface,
           reserved0, 1)
STATE_CASE(export_token_zero, AEROGPU_CMD_EXPORT_SHARED_SURFACE, aerogpu_cmd_export_shared_surface,
           resource_handle, 1)
STATE_CASE(import_token_zero, AEROGPU_CMD_IMPORT_SHARED_SURFACE, aerogpu_cmd_import_shared_surface,
           out_resource_handle, 1)
STATE_CASE(export_token_set, AEROGPU_CMD_EXPORT_SHARED_SURFACE, aerogpu_cmd_export_shared_surface,
           share_token, 0x1234567800000000ull)

static void shader_stage_4(struct sb *sb)
{
    start(sb, 4);
    add_shader(sb, 4, 0, AEROCMD_DXBC_VERTEX);
}

/* ---- rules per packet ---- */

static void buffer_size_6(struct sb *sb)
{
    struct aerogpu_cmd_create_buffer b = buffer();
    b.size_bytes = 6;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_CREATE_BUFFER, b);
}
static void buffer_size_0(struct sb *sb)
{
    struct aerogpu_cmd_create_buffer b = buffer();
    b.size_bytes = 0;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_CREATE_BUFFER, b);
}
static void buffer_reserved_newer_minor(struct sb *sb)
{
    struct aerogpu_cmd_create_buffer b = buffer();
    b.reserved0 = 1;
    start(sb, 5);
    ADD(sb, AEROGPU_CMD_CREATE_BUFFER, b);
}
static void view_mips_zero(struct sb *sb)
{
    struct aerogpu_cmd_create_texture_view v = view();
    v.mip_level_count = 0;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_CREATE_TEXTURE_VIEW, v);
}
static void view_layers_zero(struct sb *sb)
{
    struct aerogpu_cmd_create_texture_view v = view();
    v.array_layer_count = 0;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_CREATE_TEXTURE_VIEW, v);
}
static void view_layer_range_wraps(struct sb *sb)
{
    struct aerogpu_cmd_create_texture_view v = view();
    v.base_array_layer = 0xFFFFFFFFu;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_CREATE_TEXTURE_VIEW, v);
}
static void view_format_zero(struct sb *sb)
{
    struct aerogpu_cmd_create_texture_view v = view();
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_CREATE_TEXTURE_VIEW, v);
}
static void render_targets_9(struct sb *sb)
{
    start(sb, 4);
    add_render_targets(sb, 9, 0, 1);
}
static void render_target_past_count(struct sb *sb)
{
    start(sb, 4);
    add_render_targets(sb, 2, 2, 1);
}
static void render_target_gap(struct sb *sb)
{
    start(sb, 4);
    add_render_targets(sb, 8, 7, 1); /* slots 0..6 empty inside the count: a kept gap */
}
static void layout_version_2(struct sb *sb)
{
    start(sb, 4);
    add_input_layout(sb, AEROGPU_INPUT_LAYOUT_BLOB_MAGIC, 2, 1, 0, 1);
}
static void layout_too_many_elements(struct sb *sb)
{
    start(sb, 4);
    add_input_layout(sb, AEROGPU_INPUT_LAYOUT_BLOB_MAGIC, 1, 3, 0, 2);
}
static void layout_huge_element_count(struct sb *sb)
{
    start(sb, 4);
    add_input_layout(sb, AEROGPU_INPUT_LAYOUT_BLOB_MAGIC, 1, 0x80000000u, 0, 1);
}
static void layout_blob_reserved(struct sb *sb)
{
    start(sb, 4);
    add_input_layout(sb, AEROGPU_INPUT_LAYOUT_BLOB_MAGIC, 1, 1, 5, 1);
}
static void layout_opaque_blob(struct sb *sb)
{
    start(sb, 4);
    add_input_layout(sb, 0x12345678u, 9, 0xFFFFFFFFu, 5, 0);
}
static void layout_exact_elements(struct sb *sb)
{
    start(sb, 4);
    add_input_layout(sb, AEROGPU_INPUT_LAYOUT_BLOB_MAGIC, 1, 2, 0, 2);
}
static void bind_extended_disagrees(struct sb *sb)
{
    start(sb, 4);
    add_bind_shaders(sb, 7, 1, 8);
}
static void bind_extended_mirrors_gs(struct sb *sb)
{
    start(sb, 4);
    add_bind_shaders(sb, 7, 1, 7);
}
static void bind_legacy_gs(struct sb *sb)
{
    start(sb, 4);
    add_bind_shaders(sb, 7, 0, 0);
}
static void copy_buffer_in_minor(struct sb *sb, uint32_t minor)
{
    struct aerogpu_cmd_copy_buffer c;
    memset(&c, 0, sizeof c);
    c.dst_buffer = 1;
    c.src_buffer = 2;
    c.size_bytes = 16;
    start(sb, minor);
    ADD(sb, AEROGPU_CMD_COPY_BUFFER, c);
}
static void copy_buffer_minor0(struct sb *sb)
{
    copy_buffer_in_minor(sb, 0);
}
static void copy_buffer_minor1(struct sb *sb)
{
    copy_buffer_in_minor(sb, 1);
}
static void copy_texture_wraps(struct sb *sb)
{
    struct aerogpu_cmd_copy_texture2d c;
    memset(&c, 0, sizeof c);
    c.src_y = 1;
    c.height = 0xFFFFFFFFu;
    start(sb, 4);
    ADD(sb, AEROGPU_CMD_COPY_TEXTURE2D, c);
}
static void copy_texture_minor0(struct sb *sb)
{
    struct aerogpu_cmd_copy_texture2d c;
    memset(&c, 0, sizeof c);
    start(sb, 0);
    ADD(sb, AEROGPU_CMD_COPY_TEXTURE2D, c);
}

/* ---- stage_ex ---- */

static void shader_stage_ex_vertex(struct sb *sb)
{
    start(sb, 3);
    add_shader(sb, AEROGPU_SHADER_STAGE_COMPUTE, 1, AEROCMD_DXBC_VERTEX);
}
static void shader_stage_ex_hull(struct sb *sb)
{
    start(sb, 3);
    add_shader(sb, AEROGPU_SHADER_STAGE_COMPUTE, AEROGPU_SHADER_STAGE_EX_HULL, AEROCMD_DXBC_HULL);
}
static void shader_stage_ex_before_1_3(struct sb *sb)
{
    start(sb, 2);
    add_shader(sb, AEROGPU_SHADER_STAGE_COMPUTE, 1, AEROCMD_DXBC_COMPUTE);
}
static void dispatch_stage_ex_6(struct sb *sb)
{
    start(sb, 4);
    add_dispatch(sb, 6);
}
static void dispatch_stage_ex_compute(struct sb *sb)
{
    start(sb, 4);
    add_dispatch(sb, AEROGPU_SHADER_STAGE_EX_COMPUTE);
}
static void pixel_texture_reserved(struct sb *sb)
{
    start(sb, 4);
    add_texture_binding(sb, AEROGPU_SHADER_STAGE_PIXEL, AEROGPU_SHADER_STAGE_EX_GEOMETRY);
}
static void pixel_texture_reserved_minor2(struct sb *sb)
{
    start(sb, 2);
    add_texture_binding(sb, AEROGPU_SHADER_STAGE_PIXEL, 0xFFFFFFFFu);
}
static void compute_texture_stage_ex_huge(struct sb *sb)
{
    start(sb, 4);
    add_texture_binding(sb, AEROGPU_SHADER_STAGE_COMPUTE, 0xFFFFFFFFu);
}

/* ---- the table ---- */

struct fault_case {
    const char *name;
    void (*build)(struct sb *sb);
    int len_adjust; /* bytes added to (or cut from) the built stream's length */
    aerocmd_reason reason;
    uint32_t offset;
    uint32_t opcode;
};

#define PASSES(name, build)                                                                        \
    {                                                                                              \
        name, build, 0, AEROCMD_R_NONE, 0, 0                                                       \
    }
#define OK_CASE(build) PASSES(#build, build)
#define R(name)        AEROCMD_R_##name
#define OP(name)       AEROGPU_CMD_##name

static const struct fault_case cases[] = {
    {"empty buffer", header_only, -24, R(SHORT_BUFFER), 0, 0},
    {"header minus one byte", header_only, -1, R(SHORT_BUFFER), 0, 0},
    {"bad magic", bad_magic, 0, R(BAD_MAGIC), 0, 0},
    {"abi major 2", abi_major_2, 0, R(ABI_MAJOR), 0, 0},
    {"abi major 0", abi_major_0, 0, R(ABI_MAJOR), 0, 0},
    {"stream size 46", stream_size_unaligned, 0, R(STREAM_SIZE_UNALIGNED), 0, 0},
    {"stream size 20", stream_size_too_small, 0, R(STREAM_SIZE_TOO_SMALL), 0, 0},
    {"stream size past buffer", stream_size_past_buffer, 0, R(STREAM_SIZE_PAST_BUFFER), 0, 0},
    {"header flags", header_flags, 0, R(RESERVED_NONZERO), 0, 0},
    {"header reserved0", header_reserved0, 0, R(RESERVED_NONZERO), 0, 0},
    {"header reserved1 (minor 0)", header_reserved1, 0, R(RESERVED_NONZERO), 0, 0},
    OK_CASE(header_flags_newer_minor),
    OK_CASE(bytes_after_stream_size),

    {"4 bytes left", header_truncated, 0, R(PACKET_HEADER_TRUNCATED), AT, OP(FLUSH)},
    {"packet size 0", packet_size_zero, 0, R(PACKET_SIZE_TOO_SMALL), AT, OP(NOP)},
    {"packet size 4", packet_size_four, 0, R(PACKET_SIZE_TOO_SMALL), AT, OP(DRAW)},
    {"packet size 18", packet_size_unaligned, 0, R(PACKET_SIZE_UNALIGNED), AT, OP(FLUSH)},
    {"packet past end", packet_past_end, 0, R(PACKET_PAST_END), AT, OP(FLUSH)},
    {"packet far past end", packet_far_past_end, 0, R(PACKET_PAST_END), AT, 0x12345u},
    {"draw of 20 bytes", draw_too_short, 0, R(PACKET_TOO_SHORT), AT, OP(DRAW)},
    {"texture of 52 bytes", texture_too_short, 0, R(PACKET_TOO_SHORT), AT, OP(CREATE_TEXTURE2D)},
    OK_CASE(unknown_opcode),
    OK_CASE(draw_with_trailing_bytes),

    {"upload 9 of 8", upload_short_payload, 0, R(PAYLOAD_LENGTH), AT, OP(UPLOAD_RESOURCE)},
    {"dxbc 8 of 4", shader_short_payload, 0, R(PAYLOAD_LENGTH), AT, OP(CREATE_SHADER_DXBC)},
    {"vertex buffers 2 of 1", vertex_buffers_missing_binding, 0, R(PAYLOAD_LENGTH), AT,
     OP(SET_VERTEX_BUFFERS)},
    {"samplers 3 of 2", samplers_missing_handle, 0, R(PAYLOAD_LENGTH), AT, OP(SET_SAMPLERS)},
    {"bool constants 2 of 1", constants_b_short, 0, R(PAYLOAD_LENGTH), AT,
     OP(SET_SHADER_CONSTANTS_B)},
    {"input layout blob past packet", input_layout_short_blob, 0, R(PAYLOAD_LENGTH), AT,
     OP(CREATE_INPUT_LAYOUT)},
    {"upload size 2^32", upload_size_over_32_bits, 0, R(COUNT_OVERFLOW), AT, OP(UPLOAD_RESOURCE)},
    {"vertex buffers 2^28", vertex_buffers_count_overflow, 0, R(COUNT_OVERFLOW), AT,
     OP(SET_VERTEX_BUFFERS)},
    {"samplers 2^30", samplers_count_overflow, 0, R(COUNT_OVERFLOW), AT, OP(SET_SAMPLERS)},
    {"float constants 2^28", constants_f_overflow, 0, R(COUNT_OVERFLOW), AT,
     OP(SET_SHADER_CONSTANTS_F)},
    OK_CASE(upload_empty),

    {"format 11", texture_format_11, 0, R(ENUM_RANGE), AT, OP(CREATE_TEXTURE2D)},
    {"format 0xFFFFFFFF", texture_format_huge, 0, R(ENUM_RANGE), AT, OP(CREATE_TEXTURE2D)},
    {"usage bit 8", texture_usage_bit_8, 0, R(ENUM_RANGE), AT, OP(CREATE_TEXTURE2D)},
    {"blend factor 8", blend_factor_8, 0, R(ENUM_RANGE), AT, OP(SET_BLEND_STATE)},
    {"blend op 5", blend_op_5, 0, R(ENUM_RANGE), AT, OP(SET_BLEND_STATE)},
    {"depth func 8", depth_func_8, 0, R(ENUM_RANGE), AT, OP(SET_DEPTH_STENCIL_STATE)},
    {"fill mode 2", fill_mode_2, 0, R(ENUM_RANGE), AT, OP(SET_RASTERIZER_STATE)},
    {"cull mode 3", cull_mode_3, 0, R(ENUM_RANGE), AT, OP(SET_RASTERIZER_STATE)},
    {"rasterizer flag 2", rasterizer_flag_2, 0, R(ENUM_RANGE), AT, OP(SET_RASTERIZER_STATE)},
    {"index format 2", index_format_2, 0, R(ENUM_RANGE), AT, OP(SET_INDEX_BUFFER)},
    {"topology 7", topology_7, 0, R(ENUM_RANGE), AT, OP(SET_PRIMITIVE_TOPOLOGY)},
    {"topology 0", topology_0, 0, R(ENUM_RANGE), AT, OP(SET_PRIMITIVE_TOPOLOGY)},
    {"filter 2", sampler_filter_2, 0, R(ENUM_RANGE), AT, OP(CREATE_SAMPLER)},
    {"address_w 3", sampler_address_w_3, 0, R(ENUM_RANGE), AT, OP(CREATE_SAMPLER)},
    {"clear flag 8", clear_flag_8, 0, R(ENUM_RANGE), AT, OP(CLEAR)},
    {"present flag 2", present_flag_2, 0, R(ENUM_RANGE), AT, OP(PRESENT)},
    {"copy flag 2", copy_buffer_flag_2, 0, R(ENUM_RANGE), AT, OP(COPY_BUFFER)},
    {"shader stage 4", shader_stage_4, 0, R(ENUM_RANGE), AT, OP(CREATE_SHADER_DXBC)},
    OK_CASE(topology_patch_32),
    OK_CASE(clear_all_flags),

    {"texture reserved0 bit 32", texture_reserved, 0, R(RESERVED_NONZERO), AT,
     OP(CREATE_TEXTURE2D)},
    {"blend reserved byte", blend_reserved_byte, 0, R(RESERVED_NONZERO), AT, OP(SET_BLEND_STATE)},
    {"depth reserved byte", depth_reserved_byte, 0, R(RESERVED_NONZERO), AT,
     OP(SET_DEPTH_STENCIL_STATE)},
    {"index buffer reserved0", index_buffer_reserved, 0, R(RESERVED_NONZERO), AT,
     OP(SET_INDEX_BUFFER)},
    {"present_ex reserved0", present_ex_reserved, 0, R(RESERVED_NONZERO), AT, OP(PRESENT_EX)},
    {"flush reserved1", flush_reserved1, 0, R(RESERVED_NONZERO), AT, OP(FLUSH)},
    {"destroy reserved0", destroy_resource_reserved, 0, R(RESERVED_NONZERO), AT,
     OP(DESTROY_RESOURCE)},
    {"release reserved0", release_reserved, 0, R(RESERVED_NONZERO), AT, OP(RELEASE_SHARED_SURFACE)},
    {"vertex binding reserved0", vertex_binding_reserved, 0, R(RESERVED_NONZERO), AT,
     OP(SET_VERTEX_BUFFERS)},
    {"constant buffer binding reserved0", constant_buffer_binding_reserved, 0, R(RESERVED_NONZERO),
     AT, OP(SET_CONSTANT_BUFFERS)},
    {"input layout blob reserved0", layout_blob_reserved, 0, R(RESERVED_NONZERO), AT,
     OP(CREATE_INPUT_LAYOUT)},
    {"pixel stage with stage_ex", pixel_texture_reserved, 0, R(RESERVED_NONZERO), AT,
     OP(SET_TEXTURE)},
    OK_CASE(buffer_reserved_newer_minor),
    OK_CASE(pixel_texture_reserved_minor2),

    {"stage_ex 1 (vertex)", shader_stage_ex_vertex, 0, R(STAGE_EX_INVALID), AT,
     OP(CREATE_SHADER_DXBC)},
    {"dispatch stage_ex 6", dispatch_stage_ex_6, 0, R(STAGE_EX_INVALID), AT, OP(DISPATCH)},
    {"compute texture stage_ex ~0", compute_texture_stage_ex_huge, 0, R(STAGE_EX_INVALID), AT,
     OP(SET_TEXTURE)},
    OK_CASE(shader_stage_ex_hull),
    OK_CASE(shader_stage_ex_before_1_3),
    OK_CASE(dispatch_stage_ex_compute),

    {"buffer size 6", buffer_size_6, 0, R(FIELD_INVALID), AT, OP(CREATE_BUFFER)},
    {"buffer size 0", buffer_size_0, 0, R(FIELD_INVALID), AT, OP(CREATE_BUFFER)},
    {"BC1 5 x 4", texture_bc1_5x4, 0, R(FIELD_INVALID), AT, OP(CREATE_TEXTURE2D)},
    {"BC3 4 x 6", texture_bc3_4x6, 0, R(FIELD_INVALID), AT, OP(CREATE_TEXTURE2D)},
    {"BC7 1 x 1", texture_bc7_1x1, 0, R(FIELD_INVALID), AT, OP(CREATE_TEXTURE2D)},
    OK_CASE(texture_bc1_8x4),
    OK_CASE(texture_rgba_5x5),
    {"texture width 0", texture_width_zero, 0, R(FIELD_INVALID), AT, OP(CREATE_TEXTURE2D)},
    {"texture height 0", texture_height_zero, 0, R(FIELD_INVALID), AT, OP(CREATE_TEXTURE2D)},
    {"texture mips 0", texture_mips_zero, 0, R(FIELD_INVALID), AT, OP(CREATE_TEXTURE2D)},
    {"texture layers 0", texture_layers_zero, 0, R(FIELD_INVALID), AT, OP(CREATE_TEXTURE2D)},
    {"texture format INVALID", texture_format_invalid, 0, R(FIELD_INVALID), AT,
     OP(CREATE_TEXTURE2D)},
    {"BC1 in ABI 1.1", texture_bc1_minor1, 0, R(FIELD_INVALID), AT, OP(CREATE_TEXTURE2D)},
    {"sRGB in ABI 1.1", texture_srgb_minor1, 0, R(FIELD_INVALID), AT, OP(CREATE_TEXTURE2D)},
    {"view mips 0", view_mips_zero, 0, R(FIELD_INVALID), AT, OP(CREATE_TEXTURE_VIEW)},
    {"view layers 0", view_layers_zero, 0, R(FIELD_INVALID), AT, OP(CREATE_TEXTURE_VIEW)},
    {"view layer range wraps", view_layer_range_wraps, 0, R(FIELD_INVALID), AT,
     OP(CREATE_TEXTURE_VIEW)},
    {"upload range wraps", upload_range_wraps, 0, R(FIELD_INVALID), AT, OP(UPLOAD_RESOURCE)},
    {"copy buffer offset 2", copy_buffer_unaligned, 0, R(FIELD_INVALID), AT, OP(COPY_BUFFER)},
    {"copy texture width wraps", copy_texture_wraps, 0, R(FIELD_INVALID), AT, OP(COPY_TEXTURE2D)},
    {"copy buffer in ABI 1.0", copy_buffer_minor0, 0, R(FIELD_INVALID), AT, OP(COPY_BUFFER)},
    {"copy texture in ABI 1.0", copy_texture_minor0, 0, R(FIELD_INVALID), AT, OP(COPY_TEXTURE2D)},
    {"9 render targets", render_targets_9, 0, R(FIELD_INVALID), AT, OP(SET_RENDER_TARGETS)},
    {"render target past count", render_target_past_count, 0, R(FIELD_INVALID), AT,
     OP(SET_RENDER_TARGETS)},
    {"ILAY version 2", layout_version_2, 0, R(FIELD_INVALID), AT, OP(CREATE_INPUT_LAYOUT)},
    {"ILAY 3 elements in room for 2", layout_too_many_elements, 0, R(FIELD_INVALID), AT,
     OP(CREATE_INPUT_LAYOUT)},
    {"ILAY 2^31 elements", layout_huge_element_count, 0, R(FIELD_INVALID), AT,
     OP(CREATE_INPUT_LAYOUT)},
    {"bind shaders gs mirror disagrees", bind_extended_disagrees, 0, R(FIELD_INVALID), AT,
     OP(BIND_SHADERS)},
    {"present scanout 1", present_scanout_1, 0, R(FIELD_INVALID), AT, OP(PRESENT)},
    {"present_ex scanout 1", present_ex_scanout_1, 0, R(FIELD_INVALID), AT, OP(PRESENT_EX)},
    {"export token 0", export_token_zero, 0, R(FIELD_INVALID), AT, OP(EXPORT_SHARED_SURFACE)},
    {"import token 0", import_token_zero, 0, R(FIELD_INVALID), AT, OP(IMPORT_SHARED_SURFACE)},
    OK_CASE(texture_bc7_minor2),
    OK_CASE(view_format_zero),
    OK_CASE(render_target_gap),
    OK_CASE(layout_opaque_blob),
    OK_CASE(layout_exact_elements),
    OK_CASE(bind_extended_mirrors_gs),
    OK_CASE(bind_legacy_gs),
    OK_CASE(copy_buffer_minor1),
    OK_CASE(export_token_set),
};

static void run_case(const struct fault_case *c)
{
    static struct sb sb;
    struct aerocmd_diag diag = {AEROCMD_R_COUNT_, 0xFFFFFFFFu, 0xFFFFFFFFu};
    aerocmd_result result;
    unsigned failed_before = check_failed_count;
    size_t len;

    c->build(&sb);
    len = (size_t)((int)sb.len + c->len_adjust);
    result = aerocmd_validate_stream(sb.bytes, len, &diag);
    CHECK_EQ(result, c->reason == AEROCMD_R_NONE ? AEROCMD_OK : AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, c->reason);
    CHECK_EQ(diag.offset, c->offset);
    CHECK_EQ(diag.opcode, c->opcode);
    if (check_failed_count != failed_before)
        fprintf(stderr, "    in case \"%s\" (got %s)\n", c->name, aerocmd_reason_name(diag.reason));
}

/* Every structural reason has at least one case, so none can silently lose its check. */
static void check_every_structural_reason_is_covered(void)
{
    unsigned reason;
    size_t i;
    for (reason = AEROCMD_R_SHORT_BUFFER; reason <= AEROCMD_R_FIELD_INVALID; reason++) {
        int seen = 0;
        for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
            seen |= cases[i].reason == (aerocmd_reason)reason;
        if (!CHECK(seen))
            fprintf(stderr, "    no case for %s\n", aerocmd_reason_name((aerocmd_reason)reason));
    }
}

int main(void)
{
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
    check_every_structural_reason_is_covered();
    return check_finish();
}
