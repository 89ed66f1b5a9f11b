/* opcode_table.c — one descriptor per ABI opcode: its protocol struct's size, a descriptor
 * for every field after the packet header, and how its payload is sized. Offsets and sizes
 * come from offsetof/sizeof on the protocol structs, so the compiler, not this file, is
 * the authority on the layout; the names are the protocol field names. */
#include "decode_internal.h"

#define MEMBER(type, member) (((const struct type *)0)->member)
#define COUNT_OF(array)      ((uint32_t)(sizeof(array) / sizeof((array)[0])))

#define FIELD_INFO(name, offset, size, count, kind, enum_info)                                     \
    {                                                                                              \
        name, (uint16_t)(offset), (uint8_t)(size), (uint8_t)(count), (uint8_t)(kind), enum_info    \
    }
#define ELEMENTS(type, member) (sizeof(MEMBER(type, member)) / sizeof(MEMBER(type, member)[0]))

#define SCALAR(type, member, kind, enum_info)                                                      \
    FIELD_INFO(#member, offsetof(struct type, member), sizeof(MEMBER(type, member)), 1, kind,      \
               enum_info)
#define ARRAY(type, member, kind, enum_info)                                                       \
    FIELD_INFO(#member, offsetof(struct type, member), sizeof(MEMBER(type, member)[0]),            \
               ELEMENTS(type, member), kind, enum_info)
/* A member of a state struct embedded in a packet, named as in the state struct. */
#define NESTED(type, outer, member, kind, enum_info)                                               \
    FIELD_INFO(#member, offsetof(struct type, outer.member), sizeof(MEMBER(type, outer.member)),   \
               1, kind, enum_info)
#define NESTED_ARRAY(type, outer, member, kind, enum_info)                                         \
    FIELD_INFO(#member, offsetof(struct type, outer.member),                                       \
               sizeof(MEMBER(type, outer.member)[0]), ELEMENTS(type, outer.member), kind,          \
               enum_info)

#define U32      AEROCMD_FIELD_U32
#define I32      AEROCMD_FIELD_I32
#define U64      AEROCMD_FIELD_U64
#define U8       AEROCMD_FIELD_U8
#define F32      AEROCMD_FIELD_F32
#define HANDLE   AEROCMD_FIELD_HANDLE
#define ENUM     AEROCMD_FIELD_ENUM
#define FLAGS    AEROCMD_FIELD_FLAGS
#define BOOL     AEROCMD_FIELD_BOOL
#define RESERVED AEROCMD_FIELD_RESERVED
#define STAGE_EX AEROCMD_FIELD_STAGE_EX

#define STAGE   (&aerocmd_enum_shader_stage)
#define STAGEX  (&aerocmd_enum_shader_stage_ex)
#define FORMAT  (&aerocmd_enum_format)
#define USAGE   (&aerocmd_enum_resource_usage_flags)
#define COPYF   (&aerocmd_enum_copy_flags)
#define FACTOR  (&aerocmd_enum_blend_factor)
#define BLENDOP (&aerocmd_enum_blend_op)
#define ADDRESS (&aerocmd_enum_sampler_address_mode)

/* ---- resources and memory ---- */

static const struct aerocmd_field_info create_buffer_fields[] = {
    SCALAR(aerogpu_cmd_create_buffer, buffer_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_create_buffer, usage_flags, FLAGS, USAGE),
    SCALAR(aerogpu_cmd_create_buffer, size_bytes, U64, NULL),
    SCALAR(aerogpu_cmd_create_buffer, backing_alloc_id, U32, NULL),
    SCALAR(aerogpu_cmd_create_buffer, backing_offset_bytes, U32, NULL),
    SCALAR(aerogpu_cmd_create_buffer, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info create_texture2d_fields[] = {
    SCALAR(aerogpu_cmd_create_texture2d, texture_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_create_texture2d, usage_flags, FLAGS, USAGE),
    SCALAR(aerogpu_cmd_create_texture2d, format, ENUM, FORMAT),
    SCALAR(aerogpu_cmd_create_texture2d, width, U32, NULL),
    SCALAR(aerogpu_cmd_create_texture2d, height, U32, NULL),
    SCALAR(aerogpu_cmd_create_texture2d, mip_levels, U32, NULL),
    SCALAR(aerogpu_cmd_create_texture2d, array_layers, U32, NULL),
    SCALAR(aerogpu_cmd_create_texture2d, row_pitch_bytes, U32, NULL),
    SCALAR(aerogpu_cmd_create_texture2d, backing_alloc_id, U32, NULL),
    SCALAR(aerogpu_cmd_create_texture2d, backing_offset_bytes, U32, NULL),
    SCALAR(aerogpu_cmd_create_texture2d, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info destroy_resource_fields[] = {
    SCALAR(aerogpu_cmd_destroy_resource, resource_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_destroy_resource, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info resource_dirty_range_fields[] = {
    SCALAR(aerogpu_cmd_resource_dirty_range, resource_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_resource_dirty_range, reserved0, RESERVED, NULL),
    SCALAR(aerogpu_cmd_resource_dirty_range, offset_bytes, U64, NULL),
    SCALAR(aerogpu_cmd_resource_dirty_range, size_bytes, U64, NULL),
};

static const struct aerocmd_field_info upload_resource_fields[] = {
    SCALAR(aerogpu_cmd_upload_resource, resource_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_upload_resource, reserved0, RESERVED, NULL),
    SCALAR(aerogpu_cmd_upload_resource, offset_bytes, U64, NULL),
    SCALAR(aerogpu_cmd_upload_resource, size_bytes, U64, NULL),
};

static const struct aerocmd_field_info copy_buffer_fields[] = {
    SCALAR(aerogpu_cmd_copy_buffer, dst_buffer, HANDLE, NULL),
    SCALAR(aerogpu_cmd_copy_buffer, src_buffer, HANDLE, NULL),
    SCALAR(aerogpu_cmd_copy_buffer, dst_offset_bytes, U64, NULL),
    SCALAR(aerogpu_cmd_copy_buffer, src_offset_bytes, U64, NULL),
    SCALAR(aerogpu_cmd_copy_buffer, size_bytes, U64, NULL),
    SCALAR(aerogpu_cmd_copy_buffer, flags, FLAGS, COPYF),
    SCALAR(aerogpu_cmd_copy_buffer, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info copy_texture2d_fields[] = {
    SCALAR(aerogpu_cmd_copy_texture2d, dst_texture, HANDLE, NULL),
    SCALAR(aerogpu_cmd_copy_texture2d, src_texture, HANDLE, NULL),
    SCALAR(aerogpu_cmd_copy_texture2d, dst_mip_level, U32, NULL),
    SCALAR(aerogpu_cmd_copy_texture2d, dst_array_layer, U32, NULL),
    SCALAR(aerogpu_cmd_copy_texture2d, src_mip_level, U32, NULL),
    SCALAR(aerogpu_cmd_copy_texture2d, src_array_layer, U32, NULL),
    SCALAR(aerogpu_cmd_copy_texture2d, dst_x, U32, NULL),
    SCALAR(aerogpu_cmd_copy_texture2d, dst_y, U32, NULL),
    SCALAR(aerogpu_cmd_copy_texture2d, src_x, U32, NULL),
    SCALAR(aerogpu_cmd_copy_texture2d, src_y, U32, NULL),
    SCALAR(aerogpu_cmd_copy_texture2d, width, U32, NULL),
    SCALAR(aerogpu_cmd_copy_texture2d, height, U32, NULL),
    SCALAR(aerogpu_cmd_copy_texture2d, flags, FLAGS, COPYF),
    SCALAR(aerogpu_cmd_copy_texture2d, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info create_texture_view_fields[] = {
    SCALAR(aerogpu_cmd_create_texture_view, view_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_create_texture_view, texture_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_create_texture_view, format, ENUM, FORMAT),
    SCALAR(aerogpu_cmd_create_texture_view, base_mip_level, U32, NULL),
    SCALAR(aerogpu_cmd_create_texture_view, mip_level_count, U32, NULL),
    SCALAR(aerogpu_cmd_create_texture_view, base_array_layer, U32, NULL),
    SCALAR(aerogpu_cmd_create_texture_view, array_layer_count, U32, NULL),
    SCALAR(aerogpu_cmd_create_texture_view, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info destroy_texture_view_fields[] = {
    SCALAR(aerogpu_cmd_destroy_texture_view, view_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_destroy_texture_view, reserved0, RESERVED, NULL),
};

/* ---- shaders and input layouts ---- */

static const struct aerocmd_field_info create_shader_dxbc_fields[] = {
    SCALAR(aerogpu_cmd_create_shader_dxbc, shader_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_create_shader_dxbc, stage, ENUM, STAGE),
    SCALAR(aerogpu_cmd_create_shader_dxbc, dxbc_size_bytes, U32, NULL),
    SCALAR(aerogpu_cmd_create_shader_dxbc, reserved0, STAGE_EX, STAGEX),
};

static const struct aerocmd_field_info destroy_shader_fields[] = {
    SCALAR(aerogpu_cmd_destroy_shader, shader_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_destroy_shader, reserved0, RESERVED, NULL),
};

/* reserved0 is the legacy form's geometry shader, so it is a handle, not a reserved word. */
static const struct aerocmd_field_info bind_shaders_fields[] = {
    SCALAR(aerogpu_cmd_bind_shaders, vs, HANDLE, NULL),
    SCALAR(aerogpu_cmd_bind_shaders, ps, HANDLE, NULL),
    SCALAR(aerogpu_cmd_bind_shaders, cs, HANDLE, NULL),
    SCALAR(aerogpu_cmd_bind_shaders, reserved0, HANDLE, NULL),
};

static const struct aerocmd_field_info set_shader_constants_f_fields[] = {
    SCALAR(aerogpu_cmd_set_shader_constants_f, stage, ENUM, STAGE),
    SCALAR(aerogpu_cmd_set_shader_constants_f, start_register, U32, NULL),
    SCALAR(aerogpu_cmd_set_shader_constants_f, vec4_count, U32, NULL),
    SCALAR(aerogpu_cmd_set_shader_constants_f, reserved0, STAGE_EX, STAGEX),
};

static const struct aerocmd_field_info set_shader_constants_i_fields[] = {
    SCALAR(aerogpu_cmd_set_shader_constants_i, stage, ENUM, STAGE),
    SCALAR(aerogpu_cmd_set_shader_constants_i, start_register, U32, NULL),
    SCALAR(aerogpu_cmd_set_shader_constants_i, vec4_count, U32, NULL),
    SCALAR(aerogpu_cmd_set_shader_constants_i, reserved0, STAGE_EX, STAGEX),
};

static const struct aerocmd_field_info set_shader_constants_b_fields[] = {
    SCALAR(aerogpu_cmd_set_shader_constants_b, stage, ENUM, STAGE),
    SCALAR(aerogpu_cmd_set_shader_constants_b, start_register, U32, NULL),
    SCALAR(aerogpu_cmd_set_shader_constants_b, bool_count, U32, NULL),
    SCALAR(aerogpu_cmd_set_shader_constants_b, reserved0, STAGE_EX, STAGEX),
};

/* One 16-byte register of each constant kind. */
static const struct aerocmd_field_info float_register_fields[] = {
    {"value", 0, 4, 4, F32, NULL},
};
static const struct aerocmd_field_info int_register_fields[] = {
    {"value", 0, 4, 4, I32, NULL},
};
static const struct aerocmd_field_info bool_register_fields[] = {
    {"value", 0, 4, 4, BOOL, NULL},
};

static const struct aerocmd_field_info create_input_layout_fields[] = {
    SCALAR(aerogpu_cmd_create_input_layout, input_layout_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_create_input_layout, blob_size_bytes, U32, NULL),
    SCALAR(aerogpu_cmd_create_input_layout, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info destroy_input_layout_fields[] = {
    SCALAR(aerogpu_cmd_destroy_input_layout, input_layout_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_destroy_input_layout, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info set_input_layout_fields[] = {
    SCALAR(aerogpu_cmd_set_input_layout, input_layout_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_set_input_layout, reserved0, RESERVED, NULL),
};

/* ---- fixed-function state ---- */

static const struct aerocmd_field_info set_blend_state_fields[] = {
    NESTED(aerogpu_cmd_set_blend_state, state, enable, BOOL, NULL),
    NESTED(aerogpu_cmd_set_blend_state, state, src_factor, ENUM, FACTOR),
    NESTED(aerogpu_cmd_set_blend_state, state, dst_factor, ENUM, FACTOR),
    NESTED(aerogpu_cmd_set_blend_state, state, blend_op, ENUM, BLENDOP),
    NESTED(aerogpu_cmd_set_blend_state, state, color_write_mask, U8, NULL),
    NESTED_ARRAY(aerogpu_cmd_set_blend_state, state, reserved0, RESERVED, NULL),
    NESTED(aerogpu_cmd_set_blend_state, state, src_factor_alpha, ENUM, FACTOR),
    NESTED(aerogpu_cmd_set_blend_state, state, dst_factor_alpha, ENUM, FACTOR),
    NESTED(aerogpu_cmd_set_blend_state, state, blend_op_alpha, ENUM, BLENDOP),
    NESTED_ARRAY(aerogpu_cmd_set_blend_state, state, blend_constant_rgba_f32, F32, NULL),
    NESTED(aerogpu_cmd_set_blend_state, state, sample_mask, U32, NULL),
};

static const struct aerocmd_field_info set_depth_stencil_state_fields[] = {
    NESTED(aerogpu_cmd_set_depth_stencil_state, state, depth_enable, BOOL, NULL),
    NESTED(aerogpu_cmd_set_depth_stencil_state, state, depth_write_enable, BOOL, NULL),
    NESTED(aerogpu_cmd_set_depth_stencil_state, state, depth_func, ENUM,
           &aerocmd_enum_compare_func),
    NESTED(aerogpu_cmd_set_depth_stencil_state, state, stencil_enable, BOOL, NULL),
    NESTED(aerogpu_cmd_set_depth_stencil_state, state, stencil_read_mask, U8, NULL),
    NESTED(aerogpu_cmd_set_depth_stencil_state, state, stencil_write_mask, U8, NULL),
    NESTED_ARRAY(aerogpu_cmd_set_depth_stencil_state, state, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info set_rasterizer_state_fields[] = {
    NESTED(aerogpu_cmd_set_rasterizer_state, state, fill_mode, ENUM, &aerocmd_enum_fill_mode),
    NESTED(aerogpu_cmd_set_rasterizer_state, state, cull_mode, ENUM, &aerocmd_enum_cull_mode),
    NESTED(aerogpu_cmd_set_rasterizer_state, state, front_ccw, BOOL, NULL),
    NESTED(aerogpu_cmd_set_rasterizer_state, state, scissor_enable, BOOL, NULL),
    NESTED(aerogpu_cmd_set_rasterizer_state, state, depth_bias, I32, NULL),
    NESTED(aerogpu_cmd_set_rasterizer_state, state, flags, FLAGS, &aerocmd_enum_rasterizer_flags),
};

/* ---- output merger, viewport, input assembler ---- */

static const struct aerocmd_field_info set_render_targets_fields[] = {
    SCALAR(aerogpu_cmd_set_render_targets, color_count, U32, NULL),
    SCALAR(aerogpu_cmd_set_render_targets, depth_stencil, HANDLE, NULL),
    ARRAY(aerogpu_cmd_set_render_targets, colors, HANDLE, NULL),
};

static const struct aerocmd_field_info set_viewport_fields[] = {
    SCALAR(aerogpu_cmd_set_viewport, x_f32, F32, NULL),
    SCALAR(aerogpu_cmd_set_viewport, y_f32, F32, NULL),
    SCALAR(aerogpu_cmd_set_viewport, width_f32, F32, NULL),
    SCALAR(aerogpu_cmd_set_viewport, height_f32, F32, NULL),
    SCALAR(aerogpu_cmd_set_viewport, min_depth_f32, F32, NULL),
    SCALAR(aerogpu_cmd_set_viewport, max_depth_f32, F32, NULL),
};

static const struct aerocmd_field_info set_scissor_fields[] = {
    SCALAR(aerogpu_cmd_set_scissor, x, I32, NULL),
    SCALAR(aerogpu_cmd_set_scissor, y, I32, NULL),
    SCALAR(aerogpu_cmd_set_scissor, width, I32, NULL),
    SCALAR(aerogpu_cmd_set_scissor, height, I32, NULL),
};

static const struct aerocmd_field_info set_vertex_buffers_fields[] = {
    SCALAR(aerogpu_cmd_set_vertex_buffers, start_slot, U32, NULL),
    SCALAR(aerogpu_cmd_set_vertex_buffers, buffer_count, U32, NULL),
};
static const struct aerocmd_field_info vertex_buffer_binding_fields[] = {
    SCALAR(aerogpu_vertex_buffer_binding, buffer, HANDLE, NULL),
    SCALAR(aerogpu_vertex_buffer_binding, stride_bytes, U32, NULL),
    SCALAR(aerogpu_vertex_buffer_binding, offset_bytes, U32, NULL),
    SCALAR(aerogpu_vertex_buffer_binding, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info set_index_buffer_fields[] = {
    SCALAR(aerogpu_cmd_set_index_buffer, buffer, HANDLE, NULL),
    SCALAR(aerogpu_cmd_set_index_buffer, format, ENUM, &aerocmd_enum_index_format),
    SCALAR(aerogpu_cmd_set_index_buffer, offset_bytes, U32, NULL),
    SCALAR(aerogpu_cmd_set_index_buffer, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info set_primitive_topology_fields[] = {
    SCALAR(aerogpu_cmd_set_primitive_topology, topology, ENUM, &aerocmd_enum_topology),
    SCALAR(aerogpu_cmd_set_primitive_topology, reserved0, RESERVED, NULL),
};

/* ---- binding tables ---- */

static const struct aerocmd_field_info set_texture_fields[] = {
    SCALAR(aerogpu_cmd_set_texture, shader_stage, ENUM, STAGE),
    SCALAR(aerogpu_cmd_set_texture, slot, U32, NULL),
    SCALAR(aerogpu_cmd_set_texture, texture, HANDLE, NULL),
    SCALAR(aerogpu_cmd_set_texture, reserved0, STAGE_EX, STAGEX),
};

static const struct aerocmd_field_info set_sampler_state_fields[] = {
    SCALAR(aerogpu_cmd_set_sampler_state, shader_stage, ENUM, STAGE),
    SCALAR(aerogpu_cmd_set_sampler_state, slot, U32, NULL),
    SCALAR(aerogpu_cmd_set_sampler_state, state, U32, NULL),
    SCALAR(aerogpu_cmd_set_sampler_state, value, U32, NULL),
};

static const struct aerocmd_field_info set_render_state_fields[] = {
    SCALAR(aerogpu_cmd_set_render_state, state, U32, NULL),
    SCALAR(aerogpu_cmd_set_render_state, value, U32, NULL),
};

static const struct aerocmd_field_info create_sampler_fields[] = {
    SCALAR(aerogpu_cmd_create_sampler, sampler_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_create_sampler, filter, ENUM, &aerocmd_enum_sampler_filter),
    SCALAR(aerogpu_cmd_create_sampler, address_u, ENUM, ADDRESS),
    SCALAR(aerogpu_cmd_create_sampler, address_v, ENUM, ADDRESS),
    SCALAR(aerogpu_cmd_create_sampler, address_w, ENUM, ADDRESS),
};

static const struct aerocmd_field_info destroy_sampler_fields[] = {
    SCALAR(aerogpu_cmd_destroy_sampler, sampler_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_destroy_sampler, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info set_samplers_fields[] = {
    SCALAR(aerogpu_cmd_set_samplers, shader_stage, ENUM, STAGE),
    SCALAR(aerogpu_cmd_set_samplers, start_slot, U32, NULL),
    SCALAR(aerogpu_cmd_set_samplers, sampler_count, U32, NULL),
    SCALAR(aerogpu_cmd_set_samplers, reserved0, STAGE_EX, STAGEX),
};
static const struct aerocmd_field_info sampler_handle_fields[] = {
    {"sampler_handle", 0, (uint8_t)sizeof(aerogpu_handle_t), 1, HANDLE, NULL},
};

static const struct aerocmd_field_info set_constant_buffers_fields[] = {
    SCALAR(aerogpu_cmd_set_constant_buffers, shader_stage, ENUM, STAGE),
    SCALAR(aerogpu_cmd_set_constant_buffers, start_slot, U32, NULL),
    SCALAR(aerogpu_cmd_set_constant_buffers, buffer_count, U32, NULL),
    SCALAR(aerogpu_cmd_set_constant_buffers, reserved0, STAGE_EX, STAGEX),
};
static const struct aerocmd_field_info constant_buffer_binding_fields[] = {
    SCALAR(aerogpu_constant_buffer_binding, buffer, HANDLE, NULL),
    SCALAR(aerogpu_constant_buffer_binding, offset_bytes, U32, NULL),
    SCALAR(aerogpu_constant_buffer_binding, size_bytes, U32, NULL),
    SCALAR(aerogpu_constant_buffer_binding, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info set_shader_resource_buffers_fields[] = {
    SCALAR(aerogpu_cmd_set_shader_resource_buffers, shader_stage, ENUM, STAGE),
    SCALAR(aerogpu_cmd_set_shader_resource_buffers, start_slot, U32, NULL),
    SCALAR(aerogpu_cmd_set_shader_resource_buffers, buffer_count, U32, NULL),
    SCALAR(aerogpu_cmd_set_shader_resource_buffers, reserved0, STAGE_EX, STAGEX),
};
static const struct aerocmd_field_info shader_resource_buffer_binding_fields[] = {
    SCALAR(aerogpu_shader_resource_buffer_binding, buffer, HANDLE, NULL),
    SCALAR(aerogpu_shader_resource_buffer_binding, offset_bytes, U32, NULL),
    SCALAR(aerogpu_shader_resource_buffer_binding, size_bytes, U32, NULL),
    SCALAR(aerogpu_shader_resource_buffer_binding, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info set_unordered_access_buffers_fields[] = {
    SCALAR(aerogpu_cmd_set_unordered_access_buffers, shader_stage, ENUM, STAGE),
    SCALAR(aerogpu_cmd_set_unordered_access_buffers, start_slot, U32, NULL),
    SCALAR(aerogpu_cmd_set_unordered_access_buffers, uav_count, U32, NULL),
    SCALAR(aerogpu_cmd_set_unordered_access_buffers, reserved0, STAGE_EX, STAGEX),
};
static const struct aerocmd_field_info unordered_access_buffer_binding_fields[] = {
    SCALAR(aerogpu_unordered_access_buffer_binding, buffer, HANDLE, NULL),
    SCALAR(aerogpu_unordered_access_buffer_binding, offset_bytes, U32, NULL),
    SCALAR(aerogpu_unordered_access_buffer_binding, size_bytes, U32, NULL),
    SCALAR(aerogpu_unordered_access_buffer_binding, initial_count, U32, NULL),
};

/* ---- drawing ---- */

static const struct aerocmd_field_info clear_fields[] = {
    SCALAR(aerogpu_cmd_clear, flags, FLAGS, &aerocmd_enum_clear_flags),
    ARRAY(aerogpu_cmd_clear, color_rgba_f32, F32, NULL),
    SCALAR(aerogpu_cmd_clear, depth_f32, F32, NULL),
    SCALAR(aerogpu_cmd_clear, stencil, U32, NULL),
};

static const struct aerocmd_field_info draw_fields[] = {
    SCALAR(aerogpu_cmd_draw, vertex_count, U32, NULL),
    SCALAR(aerogpu_cmd_draw, instance_count, U32, NULL),
    SCALAR(aerogpu_cmd_draw, first_vertex, U32, NULL),
    SCALAR(aerogpu_cmd_draw, first_instance, U32, NULL),
};

static const struct aerocmd_field_info draw_indexed_fields[] = {
    SCALAR(aerogpu_cmd_draw_indexed, index_count, U32, NULL),
    SCALAR(aerogpu_cmd_draw_indexed, instance_count, U32, NULL),
    SCALAR(aerogpu_cmd_draw_indexed, first_index, U32, NULL),
    SCALAR(aerogpu_cmd_draw_indexed, base_vertex, I32, NULL),
    SCALAR(aerogpu_cmd_draw_indexed, first_instance, U32, NULL),
};

/* DISPATCH has no stage field: its stage is compute by definition. */
static const struct aerocmd_field_info dispatch_fields[] = {
    SCALAR(aerogpu_cmd_dispatch, group_count_x, U32, NULL),
    SCALAR(aerogpu_cmd_dispatch, group_count_y, U32, NULL),
    SCALAR(aerogpu_cmd_dispatch, group_count_z, U32, NULL),
    SCALAR(aerogpu_cmd_dispatch, reserved0, STAGE_EX, STAGEX),
};

/* ---- presentation, sharing, flush ---- */

static const struct aerocmd_field_info present_fields[] = {
    SCALAR(aerogpu_cmd_present, scanout_id, U32, NULL),
    SCALAR(aerogpu_cmd_present, flags, FLAGS, &aerocmd_enum_present_flags),
};

static const struct aerocmd_field_info present_ex_fields[] = {
    SCALAR(aerogpu_cmd_present_ex, scanout_id, U32, NULL),
    SCALAR(aerogpu_cmd_present_ex, flags, FLAGS, &aerocmd_enum_present_flags),
    SCALAR(aerogpu_cmd_present_ex, d3d9_present_flags, U32, NULL),
    SCALAR(aerogpu_cmd_present_ex, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info export_shared_surface_fields[] = {
    SCALAR(aerogpu_cmd_export_shared_surface, resource_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_export_shared_surface, reserved0, RESERVED, NULL),
    SCALAR(aerogpu_cmd_export_shared_surface, share_token, U64, NULL),
};

static const struct aerocmd_field_info import_shared_surface_fields[] = {
    SCALAR(aerogpu_cmd_import_shared_surface, out_resource_handle, HANDLE, NULL),
    SCALAR(aerogpu_cmd_import_shared_surface, reserved0, RESERVED, NULL),
    SCALAR(aerogpu_cmd_import_shared_surface, share_token, U64, NULL),
};

static const struct aerocmd_field_info release_shared_surface_fields[] = {
    SCALAR(aerogpu_cmd_release_shared_surface, share_token, U64, NULL),
    SCALAR(aerogpu_cmd_release_shared_surface, reserved0, RESERVED, NULL),
};

static const struct aerocmd_field_info flush_fields[] = {
    SCALAR(aerogpu_cmd_flush, reserved0, RESERVED, NULL),
    SCALAR(aerogpu_cmd_flush, reserved1, RESERVED, NULL),
};

/* ---- the table ---- */

#define OPCODE(op, type, field_table)                                                              \
    .opcode = AEROGPU_CMD_##op, .name = #op, .fixed_size = (uint32_t)sizeof(struct type),          \
    .fields = field_table, .field_count = COUNT_OF(field_table)
#define HEADER_ONLY(op)                                                                            \
    .opcode = AEROGPU_CMD_##op, .name = #op,                                                       \
    .fixed_size = (uint32_t)sizeof(struct aerogpu_cmd_hdr), .fields = NULL, .field_count = 0
#define BYTES_PAYLOAD(type, size_member)                                                           \
    .payload_kind = AEROCMD_PAYLOAD_BYTES,                                                         \
    .count_field_size = (uint8_t)sizeof(MEMBER(type, size_member)),                                \
    .count_field_offset = (uint16_t)offsetof(struct type, size_member), .elem_size = 1
#define ARRAY_PAYLOAD(type, count_member, element_size, element_fields)                            \
    .payload_kind = AEROCMD_PAYLOAD_ARRAY,                                                         \
    .count_field_size = (uint8_t)sizeof(MEMBER(type, count_member)),                               \
    .count_field_offset = (uint16_t)offsetof(struct type, count_member),                           \
    .elem_size = (uint32_t)(element_size), .elem_fields = element_fields,                          \
    .elem_field_count = COUNT_OF(element_fields)
#define REGISTER_SIZE 16u

/* Ascending by opcode: aerocmd_opcode_info binary-searches it. */
static const struct aerocmd_opcode_info opcode_table[] = {
    {HEADER_ONLY(NOP)},
    {HEADER_ONLY(DEBUG_MARKER), .payload_kind = AEROCMD_PAYLOAD_REST},
    {OPCODE(CREATE_BUFFER, aerogpu_cmd_create_buffer, create_buffer_fields)},
    {OPCODE(CREATE_TEXTURE2D, aerogpu_cmd_create_texture2d, create_texture2d_fields)},
    {OPCODE(DESTROY_RESOURCE, aerogpu_cmd_destroy_resource, destroy_resource_fields)},
    {OPCODE(RESOURCE_DIRTY_RANGE, aerogpu_cmd_resource_dirty_range, resource_dirty_range_fields)},
    {OPCODE(UPLOAD_RESOURCE, aerogpu_cmd_upload_resource, upload_resource_fields),
     BYTES_PAYLOAD(aerogpu_cmd_upload_resource, size_bytes)},
    {OPCODE(COPY_BUFFER, aerogpu_cmd_copy_buffer, copy_buffer_fields), .min_abi_minor = 1},
    {OPCODE(COPY_TEXTURE2D, aerogpu_cmd_copy_texture2d, copy_texture2d_fields), .min_abi_minor = 1},
    {OPCODE(CREATE_TEXTURE_VIEW, aerogpu_cmd_create_texture_view, create_texture_view_fields)},
    {OPCODE(DESTROY_TEXTURE_VIEW, aerogpu_cmd_destroy_texture_view, destroy_texture_view_fields)},
    {OPCODE(CREATE_SHADER_DXBC, aerogpu_cmd_create_shader_dxbc, create_shader_dxbc_fields),
     BYTES_PAYLOAD(aerogpu_cmd_create_shader_dxbc, dxbc_size_bytes)},
    {OPCODE(DESTROY_SHADER, aerogpu_cmd_destroy_shader, destroy_shader_fields)},
    {OPCODE(BIND_SHADERS, aerogpu_cmd_bind_shaders, bind_shaders_fields)},
    {OPCODE(SET_SHADER_CONSTANTS_F, aerogpu_cmd_set_shader_constants_f,
            set_shader_constants_f_fields),
     ARRAY_PAYLOAD(aerogpu_cmd_set_shader_constants_f, vec4_count, REGISTER_SIZE,
                   float_register_fields)},
    {OPCODE(CREATE_INPUT_LAYOUT, aerogpu_cmd_create_input_layout, create_input_layout_fields),
     BYTES_PAYLOAD(aerogpu_cmd_create_input_layout, blob_size_bytes)},
    {OPCODE(DESTROY_INPUT_LAYOUT, aerogpu_cmd_destroy_input_layout, destroy_input_layout_fields)},
    {OPCODE(SET_INPUT_LAYOUT, aerogpu_cmd_set_input_layout, set_input_layout_fields)},
    {OPCODE(SET_SHADER_CONSTANTS_I, aerogpu_cmd_set_shader_constants_i,
            set_shader_constants_i_fields),
     ARRAY_PAYLOAD(aerogpu_cmd_set_shader_constants_i, vec4_count, REGISTER_SIZE,
                   int_register_fields)},
    {OPCODE(SET_SHADER_CONSTANTS_B, aerogpu_cmd_set_shader_constants_b,
            set_shader_constants_b_fields),
     ARRAY_PAYLOAD(aerogpu_cmd_set_shader_constants_b, bool_count, REGISTER_SIZE,
                   bool_register_fields)},
    {OPCODE(SET_BLEND_STATE, aerogpu_cmd_set_blend_state, set_blend_state_fields)},
    {OPCODE(SET_DEPTH_STENCIL_STATE, aerogpu_cmd_set_depth_stencil_state,
            set_depth_stencil_state_fields)},
    {OPCODE(SET_RASTERIZER_STATE, aerogpu_cmd_set_rasterizer_state, set_rasterizer_state_fields)},
    {OPCODE(SET_RENDER_TARGETS, aerogpu_cmd_set_render_targets, set_render_targets_fields)},
    {OPCODE(SET_VIEWPORT, aerogpu_cmd_set_viewport, set_viewport_fields)},
    {OPCODE(SET_SCISSOR, aerogpu_cmd_set_scissor, set_scissor_fields)},
    {OPCODE(SET_VERTEX_BUFFERS, aerogpu_cmd_set_vertex_buffers, set_vertex_buffers_fields),
     ARRAY_PAYLOAD(aerogpu_cmd_set_vertex_buffers, buffer_count,
                   sizeof(struct aerogpu_vertex_buffer_binding), vertex_buffer_binding_fields)},
    {OPCODE(SET_INDEX_BUFFER, aerogpu_cmd_set_index_buffer, set_index_buffer_fields)},
    {OPCODE(SET_PRIMITIVE_TOPOLOGY, aerogpu_cmd_set_primitive_topology,
            set_primitive_topology_fields)},
    {OPCODE(SET_TEXTURE, aerogpu_cmd_set_texture, set_texture_fields)},
    {OPCODE(SET_SAMPLER_STATE, aerogpu_cmd_set_sampler_state, set_sampler_state_fields)},
    {OPCODE(SET_RENDER_STATE, aerogpu_cmd_set_render_state, set_render_state_fields)},
    {OPCODE(CREATE_SAMPLER, aerogpu_cmd_create_sampler, create_sampler_fields)},
    {OPCODE(DESTROY_SAMPLER, aerogpu_cmd_destroy_sampler, destroy_sampler_fields)},
    {OPCODE(SET_SAMPLERS, aerogpu_cmd_set_samplers, set_samplers_fields),
     ARRAY_PAYLOAD(aerogpu_cmd_set_samplers, sampler_count, sizeof(aerogpu_handle_t),
                   sampler_handle_fields)},
    {OPCODE(SET_CONSTANT_BUFFERS, aerogpu_cmd_set_constant_buffers, set_constant_buffers_fields),
     ARRAY_PAYLOAD(aerogpu_cmd_set_constant_buffers, buffer_count,
                   sizeof(struct aerogpu_constant_buffer_binding), constant_buffer_binding_fields)},
    {OPCODE(SET_SHADER_RESOURCE_BUFFERS, aerogpu_cmd_set_shader_resource_buffers,
            set_shader_resource_buffers_fields),
     ARRAY_PAYLOAD(aerogpu_cmd_set_shader_resource_buffers, buffer_count,
                   sizeof(struct aerogpu_shader_resource_buffer_binding),
                   shader_resource_buffer_binding_fields)},
    {OPCODE(SET_UNORDERED_ACCESS_BUFFERS, aerogpu_cmd_set_unordered_access_buffers,
            set_unordered_access_buffers_fields),
     ARRAY_PAYLOAD(aerogpu_cmd_set_unordered_access_buffers, uav_count,
                   sizeof(struct aerogpu_unordered_access_buffer_binding),
                   unordered_access_buffer_binding_fields)},
    {OPCODE(CLEAR, aerogpu_cmd_clear, clear_fields)},
    {OPCODE(DRAW, aerogpu_cmd_draw, draw_fields)},
    {OPCODE(DRAW_INDEXED, aerogpu_cmd_draw_indexed, draw_indexed_fields)},
    {OPCODE(DISPATCH, aerogpu_cmd_dispatch, dispatch_fields)},
    {OPCODE(PRESENT, aerogpu_cmd_present, present_fields)},
    {OPCODE(PRESENT_EX, aerogpu_cmd_present_ex, present_ex_fields)},
    {OPCODE(EXPORT_SHARED_SURFACE, aerogpu_cmd_export_shared_surface,
            export_shared_surface_fields)},
    {OPCODE(IMPORT_SHARED_SURFACE, aerogpu_cmd_import_shared_surface,
            import_shared_surface_fields)},
    {OPCODE(RELEASE_SHARED_SURFACE, aerogpu_cmd_release_shared_surface,
            release_shared_surface_fields)},
    {OPCODE(FLUSH, aerogpu_cmd_flush, flush_fields)},
};

const struct aerocmd_opcode_info *aerocmd_opcode_table(uint32_t *count)
{
    if (count != NULL)
        *count = COUNT_OF(opcode_table);
    return opcode_table;
}

const struct aerocmd_opcode_info *aerocmd_opcode_info(uint32_t opcode)
{
    uint32_t low = 0, high = COUNT_OF(opcode_table);
    while (low < high) {
        uint32_t mid = low + (high - low) / 2;
        if (opcode_table[mid].opcode == opcode)
            return &opcode_table[mid];
        if (opcode_table[mid].opcode < opcode)
            low = mid + 1;
        else
            high = mid;
    }
    return NULL;
}
