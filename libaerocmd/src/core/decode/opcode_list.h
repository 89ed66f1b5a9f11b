/* SPDX-License-Identifier: MIT */
/* opcode_list.h — the one description of every ABI opcode that the decoder's tables and
 * its fast path are both generated from: the fields of each protocol struct after the
 * packet header, the element layout of each counted payload, and per opcode its struct,
 * payload, first ABI minor and whether packet_rules.c has rules for it.
 *
 * A field list AEROCMD_FIELDS_<OPCODE>(F) (AEROCMD_ELEMENTS_<TAG>(F) for payload elements)
 * calls F(location, kind, enum tag) once per field, in struct order: the location is one of
 * the LOC_ macros below and expands to "name, offset, element size, element count"; the
 * kind is an aerocmd_field_kind without its AEROCMD_FIELD_ prefix; the enum tag names an
 * enum_lists.h list (NOENUM when the field has none). Offsets and sizes come from
 * offsetof/sizeof on the protocol structs, so the compiler is the authority on layout. */
#ifndef AEROCMD_DECODE_OPCODE_LIST_H
#define AEROCMD_DECODE_OPCODE_LIST_H

#include "aerocmd/d3d11_limits.h"
#include "enum_lists.h"

#define AEROCMD_MEMBER(type, member) (((const struct type *)0)->member)
#define AEROCMD_ELEMENTS_OF(type, member)                                                          \
    (sizeof(AEROCMD_MEMBER(type, member)) / sizeof(AEROCMD_MEMBER(type, member)[0]))

#define LOC_RAW(name, offset, size, count) name, offset, size, count
#define LOC_SCALAR(type, member)                                                                   \
#member, offsetof(struct type, member), sizeof(AEROCMD_MEMBER(type, member)), 1
#define LOC_ARRAY(type, member)                                                                    \
#member, offsetof(struct type, member), sizeof(AEROCMD_MEMBER(type, member)[0]),               \
        AEROCMD_ELEMENTS_OF(type, member)
/* A member of a state struct embedded in a packet, named as in the state struct. */
#define LOC_NESTED(type, outer, member)                                                            \
#member, offsetof(struct type, outer.member), sizeof(AEROCMD_MEMBER(type, outer.member)), 1
#define LOC_NESTED_ARRAY(type, outer, member)                                                      \
#member, offsetof(struct type, outer.member), sizeof(AEROCMD_MEMBER(type, outer.member)[0]),   \
        AEROCMD_ELEMENTS_OF(type, outer.member)

/* ---- resources and memory ---- */
#define AEROCMD_FIELDS_CREATE_BUFFER(F)                                                            \
    F(LOC_SCALAR(aerogpu_cmd_create_buffer, buffer_handle), HANDLE, NOENUM)                        \
    F(LOC_SCALAR(aerogpu_cmd_create_buffer, usage_flags), FLAGS, RESOURCE_USAGE_FLAGS)             \
    F(LOC_SCALAR(aerogpu_cmd_create_buffer, size_bytes), U64, NOENUM)                              \
    F(LOC_SCALAR(aerogpu_cmd_create_buffer, backing_alloc_id), U32, NOENUM)                        \
    F(LOC_SCALAR(aerogpu_cmd_create_buffer, backing_offset_bytes), U32, NOENUM)                    \
    F(LOC_SCALAR(aerogpu_cmd_create_buffer, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_CREATE_TEXTURE2D(F)                                                         \
    F(LOC_SCALAR(aerogpu_cmd_create_texture2d, texture_handle), HANDLE, NOENUM)                    \
    F(LOC_SCALAR(aerogpu_cmd_create_texture2d, usage_flags), FLAGS, RESOURCE_USAGE_FLAGS)          \
    F(LOC_SCALAR(aerogpu_cmd_create_texture2d, format), ENUM, FORMAT)                              \
    F(LOC_SCALAR(aerogpu_cmd_create_texture2d, width), U32, NOENUM)                                \
    F(LOC_SCALAR(aerogpu_cmd_create_texture2d, height), U32, NOENUM)                               \
    F(LOC_SCALAR(aerogpu_cmd_create_texture2d, mip_levels), U32, NOENUM)                           \
    F(LOC_SCALAR(aerogpu_cmd_create_texture2d, array_layers), U32, NOENUM)                         \
    F(LOC_SCALAR(aerogpu_cmd_create_texture2d, row_pitch_bytes), U32, NOENUM)                      \
    F(LOC_SCALAR(aerogpu_cmd_create_texture2d, backing_alloc_id), U32, NOENUM)                     \
    F(LOC_SCALAR(aerogpu_cmd_create_texture2d, backing_offset_bytes), U32, NOENUM)                 \
    F(LOC_SCALAR(aerogpu_cmd_create_texture2d, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_DESTROY_RESOURCE(F)                                                         \
    F(LOC_SCALAR(aerogpu_cmd_destroy_resource, resource_handle), HANDLE, NOENUM)                   \
    F(LOC_SCALAR(aerogpu_cmd_destroy_resource, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_RESOURCE_DIRTY_RANGE(F)                                                     \
    F(LOC_SCALAR(aerogpu_cmd_resource_dirty_range, resource_handle), HANDLE, NOENUM)               \
    F(LOC_SCALAR(aerogpu_cmd_resource_dirty_range, reserved0), RESERVED, NOENUM)                   \
    F(LOC_SCALAR(aerogpu_cmd_resource_dirty_range, offset_bytes), U64, NOENUM)                     \
    F(LOC_SCALAR(aerogpu_cmd_resource_dirty_range, size_bytes), U64, NOENUM)

#define AEROCMD_FIELDS_UPLOAD_RESOURCE(F)                                                          \
    F(LOC_SCALAR(aerogpu_cmd_upload_resource, resource_handle), HANDLE, NOENUM)                    \
    F(LOC_SCALAR(aerogpu_cmd_upload_resource, reserved0), RESERVED, NOENUM)                        \
    F(LOC_SCALAR(aerogpu_cmd_upload_resource, offset_bytes), U64, NOENUM)                          \
    F(LOC_SCALAR(aerogpu_cmd_upload_resource, size_bytes), U64, NOENUM)

#define AEROCMD_FIELDS_COPY_BUFFER(F)                                                              \
    F(LOC_SCALAR(aerogpu_cmd_copy_buffer, dst_buffer), HANDLE, NOENUM)                             \
    F(LOC_SCALAR(aerogpu_cmd_copy_buffer, src_buffer), HANDLE, NOENUM)                             \
    F(LOC_SCALAR(aerogpu_cmd_copy_buffer, dst_offset_bytes), U64, NOENUM)                          \
    F(LOC_SCALAR(aerogpu_cmd_copy_buffer, src_offset_bytes), U64, NOENUM)                          \
    F(LOC_SCALAR(aerogpu_cmd_copy_buffer, size_bytes), U64, NOENUM)                                \
    F(LOC_SCALAR(aerogpu_cmd_copy_buffer, flags), FLAGS, COPY_FLAGS)                               \
    F(LOC_SCALAR(aerogpu_cmd_copy_buffer, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_COPY_TEXTURE2D(F)                                                           \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, dst_texture), HANDLE, NOENUM)                         \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, src_texture), HANDLE, NOENUM)                         \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, dst_mip_level), U32, NOENUM)                          \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, dst_array_layer), U32, NOENUM)                        \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, src_mip_level), U32, NOENUM)                          \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, src_array_layer), U32, NOENUM)                        \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, dst_x), U32, NOENUM)                                  \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, dst_y), U32, NOENUM)                                  \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, src_x), U32, NOENUM)                                  \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, src_y), U32, NOENUM)                                  \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, width), U32, NOENUM)                                  \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, height), U32, NOENUM)                                 \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, flags), FLAGS, COPY_FLAGS)                            \
    F(LOC_SCALAR(aerogpu_cmd_copy_texture2d, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_CREATE_TEXTURE_VIEW(F)                                                      \
    F(LOC_SCALAR(aerogpu_cmd_create_texture_view, view_handle), HANDLE, NOENUM)                    \
    F(LOC_SCALAR(aerogpu_cmd_create_texture_view, texture_handle), HANDLE, NOENUM)                 \
    F(LOC_SCALAR(aerogpu_cmd_create_texture_view, format), ENUM, FORMAT)                           \
    F(LOC_SCALAR(aerogpu_cmd_create_texture_view, base_mip_level), U32, NOENUM)                    \
    F(LOC_SCALAR(aerogpu_cmd_create_texture_view, mip_level_count), U32, NOENUM)                   \
    F(LOC_SCALAR(aerogpu_cmd_create_texture_view, base_array_layer), U32, NOENUM)                  \
    F(LOC_SCALAR(aerogpu_cmd_create_texture_view, array_layer_count), U32, NOENUM)                 \
    F(LOC_SCALAR(aerogpu_cmd_create_texture_view, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_DESTROY_TEXTURE_VIEW(F)                                                     \
    F(LOC_SCALAR(aerogpu_cmd_destroy_texture_view, view_handle), HANDLE, NOENUM)                   \
    F(LOC_SCALAR(aerogpu_cmd_destroy_texture_view, reserved0), RESERVED, NOENUM)

/* ---- shaders and input layouts ---- */
#define AEROCMD_FIELDS_CREATE_SHADER_DXBC(F)                                                       \
    F(LOC_SCALAR(aerogpu_cmd_create_shader_dxbc, shader_handle), HANDLE, NOENUM)                   \
    F(LOC_SCALAR(aerogpu_cmd_create_shader_dxbc, stage), ENUM, SHADER_STAGE)                       \
    F(LOC_SCALAR(aerogpu_cmd_create_shader_dxbc, dxbc_size_bytes), U32, NOENUM)                    \
    F(LOC_SCALAR(aerogpu_cmd_create_shader_dxbc, reserved0), STAGE_EX, SHADER_STAGE_EX)

#define AEROCMD_FIELDS_DESTROY_SHADER(F)                                                           \
    F(LOC_SCALAR(aerogpu_cmd_destroy_shader, shader_handle), HANDLE, NOENUM)                       \
    F(LOC_SCALAR(aerogpu_cmd_destroy_shader, reserved0), RESERVED, NOENUM)

/* reserved0 is the legacy form's geometry shader, so it is a handle, not a reserved word. */
#define AEROCMD_FIELDS_BIND_SHADERS(F)                                                             \
    F(LOC_SCALAR(aerogpu_cmd_bind_shaders, vs), HANDLE, NOENUM)                                    \
    F(LOC_SCALAR(aerogpu_cmd_bind_shaders, ps), HANDLE, NOENUM)                                    \
    F(LOC_SCALAR(aerogpu_cmd_bind_shaders, cs), HANDLE, NOENUM)                                    \
    F(LOC_SCALAR(aerogpu_cmd_bind_shaders, reserved0), HANDLE, NOENUM)

#define AEROCMD_FIELDS_SET_SHADER_CONSTANTS_F(F)                                                   \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_constants_f, stage), ENUM, SHADER_STAGE)                   \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_constants_f, start_register), U32, NOENUM)                 \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_constants_f, vec4_count), U32, NOENUM)                     \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_constants_f, reserved0), STAGE_EX, SHADER_STAGE_EX)

#define AEROCMD_FIELDS_SET_SHADER_CONSTANTS_I(F)                                                   \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_constants_i, stage), ENUM, SHADER_STAGE)                   \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_constants_i, start_register), U32, NOENUM)                 \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_constants_i, vec4_count), U32, NOENUM)                     \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_constants_i, reserved0), STAGE_EX, SHADER_STAGE_EX)

#define AEROCMD_FIELDS_SET_SHADER_CONSTANTS_B(F)                                                   \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_constants_b, stage), ENUM, SHADER_STAGE)                   \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_constants_b, start_register), U32, NOENUM)                 \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_constants_b, bool_count), U32, NOENUM)                     \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_constants_b, reserved0), STAGE_EX, SHADER_STAGE_EX)

/* One 16-byte register of each constant kind. */
#define AEROCMD_ELEMENTS_FLOAT_REGISTER(F) F(LOC_RAW("value", 0, 4, 4), F32, NOENUM)

#define AEROCMD_ELEMENTS_INT_REGISTER(F) F(LOC_RAW("value", 0, 4, 4), I32, NOENUM)

#define AEROCMD_ELEMENTS_BOOL_REGISTER(F) F(LOC_RAW("value", 0, 4, 4), BOOL, NOENUM)

#define AEROCMD_FIELDS_CREATE_INPUT_LAYOUT(F)                                                      \
    F(LOC_SCALAR(aerogpu_cmd_create_input_layout, input_layout_handle), HANDLE, NOENUM)            \
    F(LOC_SCALAR(aerogpu_cmd_create_input_layout, blob_size_bytes), U32, NOENUM)                   \
    F(LOC_SCALAR(aerogpu_cmd_create_input_layout, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_DESTROY_INPUT_LAYOUT(F)                                                     \
    F(LOC_SCALAR(aerogpu_cmd_destroy_input_layout, input_layout_handle), HANDLE, NOENUM)           \
    F(LOC_SCALAR(aerogpu_cmd_destroy_input_layout, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_SET_INPUT_LAYOUT(F)                                                         \
    F(LOC_SCALAR(aerogpu_cmd_set_input_layout, input_layout_handle), HANDLE, NOENUM)               \
    F(LOC_SCALAR(aerogpu_cmd_set_input_layout, reserved0), RESERVED, NOENUM)

/* ---- fixed-function state ---- */
#define AEROCMD_FIELDS_SET_BLEND_STATE(F)                                                          \
    F(LOC_NESTED(aerogpu_cmd_set_blend_state, state, enable), BOOL, NOENUM)                        \
    F(LOC_NESTED(aerogpu_cmd_set_blend_state, state, src_factor), ENUM, BLEND_FACTOR)              \
    F(LOC_NESTED(aerogpu_cmd_set_blend_state, state, dst_factor), ENUM, BLEND_FACTOR)              \
    F(LOC_NESTED(aerogpu_cmd_set_blend_state, state, blend_op), ENUM, BLEND_OP)                    \
    F(LOC_NESTED(aerogpu_cmd_set_blend_state, state, color_write_mask), U8, NOENUM)                \
    F(LOC_NESTED_ARRAY(aerogpu_cmd_set_blend_state, state, reserved0), RESERVED, NOENUM)           \
    F(LOC_NESTED(aerogpu_cmd_set_blend_state, state, src_factor_alpha), ENUM, BLEND_FACTOR)        \
    F(LOC_NESTED(aerogpu_cmd_set_blend_state, state, dst_factor_alpha), ENUM, BLEND_FACTOR)        \
    F(LOC_NESTED(aerogpu_cmd_set_blend_state, state, blend_op_alpha), ENUM, BLEND_OP)              \
    F(LOC_NESTED_ARRAY(aerogpu_cmd_set_blend_state, state, blend_constant_rgba_f32), F32, NOENUM)  \
    F(LOC_NESTED(aerogpu_cmd_set_blend_state, state, sample_mask), U32, NOENUM)

#define AEROCMD_FIELDS_SET_DEPTH_STENCIL_STATE(F)                                                  \
    F(LOC_NESTED(aerogpu_cmd_set_depth_stencil_state, state, depth_enable), BOOL, NOENUM)          \
    F(LOC_NESTED(aerogpu_cmd_set_depth_stencil_state, state, depth_write_enable), BOOL, NOENUM)    \
    F(LOC_NESTED(aerogpu_cmd_set_depth_stencil_state, state, depth_func), ENUM, COMPARE_FUNC)      \
    F(LOC_NESTED(aerogpu_cmd_set_depth_stencil_state, state, stencil_enable), BOOL, NOENUM)        \
    F(LOC_NESTED(aerogpu_cmd_set_depth_stencil_state, state, stencil_read_mask), U8, NOENUM)       \
    F(LOC_NESTED(aerogpu_cmd_set_depth_stencil_state, state, stencil_write_mask), U8, NOENUM)      \
    F(LOC_NESTED_ARRAY(aerogpu_cmd_set_depth_stencil_state, state, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_SET_RASTERIZER_STATE(F)                                                     \
    F(LOC_NESTED(aerogpu_cmd_set_rasterizer_state, state, fill_mode), ENUM, FILL_MODE)             \
    F(LOC_NESTED(aerogpu_cmd_set_rasterizer_state, state, cull_mode), ENUM, CULL_MODE)             \
    F(LOC_NESTED(aerogpu_cmd_set_rasterizer_state, state, front_ccw), BOOL, NOENUM)                \
    F(LOC_NESTED(aerogpu_cmd_set_rasterizer_state, state, scissor_enable), BOOL, NOENUM)           \
    F(LOC_NESTED(aerogpu_cmd_set_rasterizer_state, state, depth_bias), I32, NOENUM)                \
    F(LOC_NESTED(aerogpu_cmd_set_rasterizer_state, state, flags), FLAGS, RASTERIZER_FLAGS)

/* ---- output merger, viewport, input assembler ---- */
#define AEROCMD_FIELDS_SET_RENDER_TARGETS(F)                                                       \
    F(LOC_SCALAR(aerogpu_cmd_set_render_targets, color_count), U32, NOENUM)                        \
    F(LOC_SCALAR(aerogpu_cmd_set_render_targets, depth_stencil), HANDLE, NOENUM)                   \
    F(LOC_ARRAY(aerogpu_cmd_set_render_targets, colors), HANDLE, NOENUM)

#define AEROCMD_FIELDS_SET_VIEWPORT(F)                                                             \
    F(LOC_SCALAR(aerogpu_cmd_set_viewport, x_f32), F32, NOENUM)                                    \
    F(LOC_SCALAR(aerogpu_cmd_set_viewport, y_f32), F32, NOENUM)                                    \
    F(LOC_SCALAR(aerogpu_cmd_set_viewport, width_f32), F32, NOENUM)                                \
    F(LOC_SCALAR(aerogpu_cmd_set_viewport, height_f32), F32, NOENUM)                               \
    F(LOC_SCALAR(aerogpu_cmd_set_viewport, min_depth_f32), F32, NOENUM)                            \
    F(LOC_SCALAR(aerogpu_cmd_set_viewport, max_depth_f32), F32, NOENUM)

#define AEROCMD_FIELDS_SET_SCISSOR(F)                                                              \
    F(LOC_SCALAR(aerogpu_cmd_set_scissor, x), I32, NOENUM)                                         \
    F(LOC_SCALAR(aerogpu_cmd_set_scissor, y), I32, NOENUM)                                         \
    F(LOC_SCALAR(aerogpu_cmd_set_scissor, width), I32, NOENUM)                                     \
    F(LOC_SCALAR(aerogpu_cmd_set_scissor, height), I32, NOENUM)

#define AEROCMD_FIELDS_SET_VERTEX_BUFFERS(F)                                                       \
    F(LOC_SCALAR(aerogpu_cmd_set_vertex_buffers, start_slot), U32, NOENUM)                         \
    F(LOC_SCALAR(aerogpu_cmd_set_vertex_buffers, buffer_count), U32, NOENUM)

#define AEROCMD_ELEMENTS_VERTEX_BUFFER_BINDING(F)                                                  \
    F(LOC_SCALAR(aerogpu_vertex_buffer_binding, buffer), HANDLE, NOENUM)                           \
    F(LOC_SCALAR(aerogpu_vertex_buffer_binding, stride_bytes), U32, NOENUM)                        \
    F(LOC_SCALAR(aerogpu_vertex_buffer_binding, offset_bytes), U32, NOENUM)                        \
    F(LOC_SCALAR(aerogpu_vertex_buffer_binding, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_SET_INDEX_BUFFER(F)                                                         \
    F(LOC_SCALAR(aerogpu_cmd_set_index_buffer, buffer), HANDLE, NOENUM)                            \
    F(LOC_SCALAR(aerogpu_cmd_set_index_buffer, format), ENUM, INDEX_FORMAT)                        \
    F(LOC_SCALAR(aerogpu_cmd_set_index_buffer, offset_bytes), U32, NOENUM)                         \
    F(LOC_SCALAR(aerogpu_cmd_set_index_buffer, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_SET_PRIMITIVE_TOPOLOGY(F)                                                   \
    F(LOC_SCALAR(aerogpu_cmd_set_primitive_topology, topology), ENUM, TOPOLOGY)                    \
    F(LOC_SCALAR(aerogpu_cmd_set_primitive_topology, reserved0), RESERVED, NOENUM)

/* ---- binding tables ---- */
#define AEROCMD_FIELDS_SET_TEXTURE(F)                                                              \
    F(LOC_SCALAR(aerogpu_cmd_set_texture, shader_stage), ENUM, SHADER_STAGE)                       \
    F(LOC_SCALAR(aerogpu_cmd_set_texture, slot), U32, NOENUM)                                      \
    F(LOC_SCALAR(aerogpu_cmd_set_texture, texture), HANDLE, NOENUM)                                \
    F(LOC_SCALAR(aerogpu_cmd_set_texture, reserved0), STAGE_EX, SHADER_STAGE_EX)

#define AEROCMD_FIELDS_SET_SAMPLER_STATE(F)                                                        \
    F(LOC_SCALAR(aerogpu_cmd_set_sampler_state, shader_stage), ENUM, SHADER_STAGE)                 \
    F(LOC_SCALAR(aerogpu_cmd_set_sampler_state, slot), U32, NOENUM)                                \
    F(LOC_SCALAR(aerogpu_cmd_set_sampler_state, state), U32, NOENUM)                               \
    F(LOC_SCALAR(aerogpu_cmd_set_sampler_state, value), U32, NOENUM)

#define AEROCMD_FIELDS_SET_RENDER_STATE(F)                                                         \
    F(LOC_SCALAR(aerogpu_cmd_set_render_state, state), U32, NOENUM)                                \
    F(LOC_SCALAR(aerogpu_cmd_set_render_state, value), U32, NOENUM)

#define AEROCMD_FIELDS_CREATE_SAMPLER(F)                                                           \
    F(LOC_SCALAR(aerogpu_cmd_create_sampler, sampler_handle), HANDLE, NOENUM)                      \
    F(LOC_SCALAR(aerogpu_cmd_create_sampler, filter), ENUM, SAMPLER_FILTER)                        \
    F(LOC_SCALAR(aerogpu_cmd_create_sampler, address_u), ENUM, SAMPLER_ADDRESS_MODE)               \
    F(LOC_SCALAR(aerogpu_cmd_create_sampler, address_v), ENUM, SAMPLER_ADDRESS_MODE)               \
    F(LOC_SCALAR(aerogpu_cmd_create_sampler, address_w), ENUM, SAMPLER_ADDRESS_MODE)

#define AEROCMD_FIELDS_DESTROY_SAMPLER(F)                                                          \
    F(LOC_SCALAR(aerogpu_cmd_destroy_sampler, sampler_handle), HANDLE, NOENUM)                     \
    F(LOC_SCALAR(aerogpu_cmd_destroy_sampler, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_SET_SAMPLERS(F)                                                             \
    F(LOC_SCALAR(aerogpu_cmd_set_samplers, shader_stage), ENUM, SHADER_STAGE)                      \
    F(LOC_SCALAR(aerogpu_cmd_set_samplers, start_slot), U32, NOENUM)                               \
    F(LOC_SCALAR(aerogpu_cmd_set_samplers, sampler_count), U32, NOENUM)                            \
    F(LOC_SCALAR(aerogpu_cmd_set_samplers, reserved0), STAGE_EX, SHADER_STAGE_EX)

#define AEROCMD_ELEMENTS_SAMPLER_HANDLE(F)                                                         \
    F(LOC_RAW("sampler_handle", 0, sizeof(aerogpu_handle_t), 1), HANDLE, NOENUM)

#define AEROCMD_FIELDS_SET_CONSTANT_BUFFERS(F)                                                     \
    F(LOC_SCALAR(aerogpu_cmd_set_constant_buffers, shader_stage), ENUM, SHADER_STAGE)              \
    F(LOC_SCALAR(aerogpu_cmd_set_constant_buffers, start_slot), U32, NOENUM)                       \
    F(LOC_SCALAR(aerogpu_cmd_set_constant_buffers, buffer_count), U32, NOENUM)                     \
    F(LOC_SCALAR(aerogpu_cmd_set_constant_buffers, reserved0), STAGE_EX, SHADER_STAGE_EX)

#define AEROCMD_ELEMENTS_CONSTANT_BUFFER_BINDING(F)                                                \
    F(LOC_SCALAR(aerogpu_constant_buffer_binding, buffer), HANDLE, NOENUM)                         \
    F(LOC_SCALAR(aerogpu_constant_buffer_binding, offset_bytes), U32, NOENUM)                      \
    F(LOC_SCALAR(aerogpu_constant_buffer_binding, size_bytes), U32, NOENUM)                        \
    F(LOC_SCALAR(aerogpu_constant_buffer_binding, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_SET_SHADER_RESOURCE_BUFFERS(F)                                              \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_resource_buffers, shader_stage), ENUM, SHADER_STAGE)       \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_resource_buffers, start_slot), U32, NOENUM)                \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_resource_buffers, buffer_count), U32, NOENUM)              \
    F(LOC_SCALAR(aerogpu_cmd_set_shader_resource_buffers, reserved0), STAGE_EX, SHADER_STAGE_EX)

#define AEROCMD_ELEMENTS_SHADER_RESOURCE_BUFFER_BINDING(F)                                         \
    F(LOC_SCALAR(aerogpu_shader_resource_buffer_binding, buffer), HANDLE, NOENUM)                  \
    F(LOC_SCALAR(aerogpu_shader_resource_buffer_binding, offset_bytes), U32, NOENUM)               \
    F(LOC_SCALAR(aerogpu_shader_resource_buffer_binding, size_bytes), U32, NOENUM)                 \
    F(LOC_SCALAR(aerogpu_shader_resource_buffer_binding, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_SET_UNORDERED_ACCESS_BUFFERS(F)                                             \
    F(LOC_SCALAR(aerogpu_cmd_set_unordered_access_buffers, shader_stage), ENUM, SHADER_STAGE)      \
    F(LOC_SCALAR(aerogpu_cmd_set_unordered_access_buffers, start_slot), U32, NOENUM)               \
    F(LOC_SCALAR(aerogpu_cmd_set_unordered_access_buffers, uav_count), U32, NOENUM)                \
    F(LOC_SCALAR(aerogpu_cmd_set_unordered_access_buffers, reserved0), STAGE_EX, SHADER_STAGE_EX)

#define AEROCMD_ELEMENTS_UNORDERED_ACCESS_BUFFER_BINDING(F)                                        \
    F(LOC_SCALAR(aerogpu_unordered_access_buffer_binding, buffer), HANDLE, NOENUM)                 \
    F(LOC_SCALAR(aerogpu_unordered_access_buffer_binding, offset_bytes), U32, NOENUM)              \
    F(LOC_SCALAR(aerogpu_unordered_access_buffer_binding, size_bytes), U32, NOENUM)                \
    F(LOC_SCALAR(aerogpu_unordered_access_buffer_binding, initial_count), U32, NOENUM)

/* ---- drawing ---- */
#define AEROCMD_FIELDS_CLEAR(F)                                                                    \
    F(LOC_SCALAR(aerogpu_cmd_clear, flags), FLAGS, CLEAR_FLAGS)                                    \
    F(LOC_ARRAY(aerogpu_cmd_clear, color_rgba_f32), F32, NOENUM)                                   \
    F(LOC_SCALAR(aerogpu_cmd_clear, depth_f32), F32, NOENUM)                                       \
    F(LOC_SCALAR(aerogpu_cmd_clear, stencil), U32, NOENUM)

#define AEROCMD_FIELDS_DRAW(F)                                                                     \
    F(LOC_SCALAR(aerogpu_cmd_draw, vertex_count), U32, NOENUM)                                     \
    F(LOC_SCALAR(aerogpu_cmd_draw, instance_count), U32, NOENUM)                                   \
    F(LOC_SCALAR(aerogpu_cmd_draw, first_vertex), U32, NOENUM)                                     \
    F(LOC_SCALAR(aerogpu_cmd_draw, first_instance), U32, NOENUM)

#define AEROCMD_FIELDS_DRAW_INDEXED(F)                                                             \
    F(LOC_SCALAR(aerogpu_cmd_draw_indexed, index_count), U32, NOENUM)                              \
    F(LOC_SCALAR(aerogpu_cmd_draw_indexed, instance_count), U32, NOENUM)                           \
    F(LOC_SCALAR(aerogpu_cmd_draw_indexed, first_index), U32, NOENUM)                              \
    F(LOC_SCALAR(aerogpu_cmd_draw_indexed, base_vertex), I32, NOENUM)                              \
    F(LOC_SCALAR(aerogpu_cmd_draw_indexed, first_instance), U32, NOENUM)

/* DISPATCH has no stage field: its stage is compute by definition. */
#define AEROCMD_FIELDS_DISPATCH(F)                                                                 \
    F(LOC_SCALAR(aerogpu_cmd_dispatch, group_count_x), U32, NOENUM)                                \
    F(LOC_SCALAR(aerogpu_cmd_dispatch, group_count_y), U32, NOENUM)                                \
    F(LOC_SCALAR(aerogpu_cmd_dispatch, group_count_z), U32, NOENUM)                                \
    F(LOC_SCALAR(aerogpu_cmd_dispatch, reserved0), STAGE_EX, SHADER_STAGE_EX)

/* ---- presentation, sharing, flush ---- */
#define AEROCMD_FIELDS_PRESENT(F)                                                                  \
    F(LOC_SCALAR(aerogpu_cmd_present, scanout_id), U32, NOENUM)                                    \
    F(LOC_SCALAR(aerogpu_cmd_present, flags), FLAGS, PRESENT_FLAGS)

#define AEROCMD_FIELDS_PRESENT_EX(F)                                                               \
    F(LOC_SCALAR(aerogpu_cmd_present_ex, scanout_id), U32, NOENUM)                                 \
    F(LOC_SCALAR(aerogpu_cmd_present_ex, flags), FLAGS, PRESENT_FLAGS)                             \
    F(LOC_SCALAR(aerogpu_cmd_present_ex, d3d9_present_flags), U32, NOENUM)                         \
    F(LOC_SCALAR(aerogpu_cmd_present_ex, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_EXPORT_SHARED_SURFACE(F)                                                    \
    F(LOC_SCALAR(aerogpu_cmd_export_shared_surface, resource_handle), HANDLE, NOENUM)              \
    F(LOC_SCALAR(aerogpu_cmd_export_shared_surface, reserved0), RESERVED, NOENUM)                  \
    F(LOC_SCALAR(aerogpu_cmd_export_shared_surface, share_token), U64, NOENUM)

#define AEROCMD_FIELDS_IMPORT_SHARED_SURFACE(F)                                                    \
    F(LOC_SCALAR(aerogpu_cmd_import_shared_surface, out_resource_handle), HANDLE, NOENUM)          \
    F(LOC_SCALAR(aerogpu_cmd_import_shared_surface, reserved0), RESERVED, NOENUM)                  \
    F(LOC_SCALAR(aerogpu_cmd_import_shared_surface, share_token), U64, NOENUM)

#define AEROCMD_FIELDS_RELEASE_SHARED_SURFACE(F)                                                   \
    F(LOC_SCALAR(aerogpu_cmd_release_shared_surface, share_token), U64, NOENUM)                    \
    F(LOC_SCALAR(aerogpu_cmd_release_shared_surface, reserved0), RESERVED, NOENUM)

#define AEROCMD_FIELDS_FLUSH(F)                                                                    \
    F(LOC_SCALAR(aerogpu_cmd_flush, reserved0), RESERVED, NOENUM)                                  \
    F(LOC_SCALAR(aerogpu_cmd_flush, reserved1), RESERVED, NOENUM)
/* ---- the opcodes, ascending ----
 *
 * HEADER(name, payload) is an opcode that is just the packet header; OP(name, struct,
 * payload, min_minor, rules) one with a protocol struct whose fields are
 * AEROCMD_FIELDS_<name>. The payload is NO_PAYLOAD, REST_PAYLOAD (everything after the
 * struct), BYTES_PAYLOAD(struct, size member) or ARRAY_PAYLOAD(struct, count member,
 * element size, element tag). rules is NO_RULES, RULES(function in packet_rules.c), or one
 * of the Direct3D 11 slot limits, which both the generic check and the fast path expand
 * inline: SLOT(struct, index member, limit) for index < limit, SLOTS(struct, first member,
 * count member, limit) for first + count <= limit, and SIZED_SLOTS(the
 * same, element struct, element member, most) that also holds every payload element's
 * member to at most `most`. */
#define AEROCMD_REGISTER_SIZE 16u
/* The bytes of AEROCMD_D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT vec4 constants. */
#define AEROCMD_CONSTANT_BUFFER_MAX_BYTES                                                          \
    (AEROCMD_D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * AEROCMD_REGISTER_SIZE)

#define AEROCMD_OPCODE_LIST(HEADER, OP)                                                            \
    HEADER(NOP, NO_PAYLOAD)                                                                        \
    HEADER(DEBUG_MARKER, REST_PAYLOAD)                                                             \
    OP(CREATE_BUFFER, aerogpu_cmd_create_buffer, NO_PAYLOAD, 0, RULES(create_buffer_rules))        \
    OP(CREATE_TEXTURE2D, aerogpu_cmd_create_texture2d, NO_PAYLOAD, 0,                              \
       RULES(create_texture2d_rules))                                                              \
    OP(DESTROY_RESOURCE, aerogpu_cmd_destroy_resource, NO_PAYLOAD, 0, NO_RULES)                    \
    OP(RESOURCE_DIRTY_RANGE, aerogpu_cmd_resource_dirty_range, NO_PAYLOAD, 0,                      \
       RULES(byte_range_rules))                                                                    \
    OP(UPLOAD_RESOURCE, aerogpu_cmd_upload_resource,                                               \
       BYTES_PAYLOAD(aerogpu_cmd_upload_resource, size_bytes), 0, RULES(byte_range_rules))         \
    OP(COPY_BUFFER, aerogpu_cmd_copy_buffer, NO_PAYLOAD, 1, RULES(copy_buffer_rules))              \
    OP(COPY_TEXTURE2D, aerogpu_cmd_copy_texture2d, NO_PAYLOAD, 1, RULES(copy_texture2d_rules))     \
    OP(CREATE_TEXTURE_VIEW, aerogpu_cmd_create_texture_view, NO_PAYLOAD, 0,                        \
       RULES(create_texture_view_rules))                                                           \
    OP(DESTROY_TEXTURE_VIEW, aerogpu_cmd_destroy_texture_view, NO_PAYLOAD, 0, NO_RULES)            \
    OP(CREATE_SHADER_DXBC, aerogpu_cmd_create_shader_dxbc,                                         \
       BYTES_PAYLOAD(aerogpu_cmd_create_shader_dxbc, dxbc_size_bytes), 0,                          \
       RULES(create_shader_rules))                                                                 \
    OP(DESTROY_SHADER, aerogpu_cmd_destroy_shader, NO_PAYLOAD, 0, NO_RULES)                        \
    OP(BIND_SHADERS, aerogpu_cmd_bind_shaders, NO_PAYLOAD, 0, RULES(bind_shaders_rules))           \
    OP(SET_SHADER_CONSTANTS_F, aerogpu_cmd_set_shader_constants_f,                                 \
       ARRAY_PAYLOAD(aerogpu_cmd_set_shader_constants_f, vec4_count, AEROCMD_REGISTER_SIZE,        \
                     FLOAT_REGISTER),                                                              \
       0,                                                                                          \
       SLOTS(aerogpu_cmd_set_shader_constants_f, start_register, vec4_count,                       \
             AEROCMD_D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT))                                     \
    OP(CREATE_INPUT_LAYOUT, aerogpu_cmd_create_input_layout,                                       \
       BYTES_PAYLOAD(aerogpu_cmd_create_input_layout, blob_size_bytes), 0,                         \
       RULES(input_layout_rules))                                                                  \
    OP(DESTROY_INPUT_LAYOUT, aerogpu_cmd_destroy_input_layout, NO_PAYLOAD, 0, NO_RULES)            \
    OP(SET_INPUT_LAYOUT, aerogpu_cmd_set_input_layout, NO_PAYLOAD, 0, NO_RULES)                    \
    OP(SET_SHADER_CONSTANTS_I, aerogpu_cmd_set_shader_constants_i,                                 \
       ARRAY_PAYLOAD(aerogpu_cmd_set_shader_constants_i, vec4_count, AEROCMD_REGISTER_SIZE,        \
                     INT_REGISTER),                                                                \
       0,                                                                                          \
       SLOTS(aerogpu_cmd_set_shader_constants_i, start_register, vec4_count,                       \
             AEROCMD_D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT))                                     \
    OP(SET_SHADER_CONSTANTS_B, aerogpu_cmd_set_shader_constants_b,                                 \
       ARRAY_PAYLOAD(aerogpu_cmd_set_shader_constants_b, bool_count, AEROCMD_REGISTER_SIZE,        \
                     BOOL_REGISTER),                                                               \
       0,                                                                                          \
       SLOTS(aerogpu_cmd_set_shader_constants_b, start_register, bool_count,                       \
             AEROCMD_D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT))                                     \
    OP(SET_BLEND_STATE, aerogpu_cmd_set_blend_state, NO_PAYLOAD, 0, NO_RULES)                      \
    OP(SET_DEPTH_STENCIL_STATE, aerogpu_cmd_set_depth_stencil_state, NO_PAYLOAD, 0, NO_RULES)      \
    OP(SET_RASTERIZER_STATE, aerogpu_cmd_set_rasterizer_state, NO_PAYLOAD, 0, NO_RULES)            \
    OP(SET_RENDER_TARGETS, aerogpu_cmd_set_render_targets, NO_PAYLOAD, 0,                          \
       RULES(render_targets_rules))                                                                \
    OP(SET_VIEWPORT, aerogpu_cmd_set_viewport, NO_PAYLOAD, 0, NO_RULES)                            \
    OP(SET_SCISSOR, aerogpu_cmd_set_scissor, NO_PAYLOAD, 0, NO_RULES)                              \
    OP(SET_VERTEX_BUFFERS, aerogpu_cmd_set_vertex_buffers,                                         \
       ARRAY_PAYLOAD(aerogpu_cmd_set_vertex_buffers, buffer_count,                                 \
                     sizeof(struct aerogpu_vertex_buffer_binding), VERTEX_BUFFER_BINDING),         \
       0,                                                                                          \
       SLOTS(aerogpu_cmd_set_vertex_buffers, start_slot, buffer_count,                             \
             AEROCMD_D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT))                                   \
    OP(SET_INDEX_BUFFER, aerogpu_cmd_set_index_buffer, NO_PAYLOAD, 0, NO_RULES)                    \
    OP(SET_PRIMITIVE_TOPOLOGY, aerogpu_cmd_set_primitive_topology, NO_PAYLOAD, 0, NO_RULES)        \
    OP(SET_TEXTURE, aerogpu_cmd_set_texture, NO_PAYLOAD, 0,                                        \
       SLOT(aerogpu_cmd_set_texture, slot, AEROCMD_D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT))  \
    OP(SET_SAMPLER_STATE, aerogpu_cmd_set_sampler_state, NO_PAYLOAD, 0,                            \
       SLOT(aerogpu_cmd_set_sampler_state, slot, AEROCMD_D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT))   \
    OP(SET_RENDER_STATE, aerogpu_cmd_set_render_state, NO_PAYLOAD, 0, NO_RULES)                    \
    OP(CREATE_SAMPLER, aerogpu_cmd_create_sampler, NO_PAYLOAD, 0, NO_RULES)                        \
    OP(DESTROY_SAMPLER, aerogpu_cmd_destroy_sampler, NO_PAYLOAD, 0, NO_RULES)                      \
    OP(SET_SAMPLERS, aerogpu_cmd_set_samplers,                                                     \
       ARRAY_PAYLOAD(aerogpu_cmd_set_samplers, sampler_count, sizeof(aerogpu_handle_t),            \
                     SAMPLER_HANDLE),                                                              \
       0,                                                                                          \
       SLOTS(aerogpu_cmd_set_samplers, start_slot, sampler_count,                                  \
             AEROCMD_D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT))                                       \
    OP(SET_CONSTANT_BUFFERS, aerogpu_cmd_set_constant_buffers,                                     \
       ARRAY_PAYLOAD(aerogpu_cmd_set_constant_buffers, buffer_count,                               \
                     sizeof(struct aerogpu_constant_buffer_binding), CONSTANT_BUFFER_BINDING),     \
       0,                                                                                          \
       SIZED_SLOTS(aerogpu_cmd_set_constant_buffers, start_slot, buffer_count,                     \
                   AEROCMD_D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT,                      \
                   aerogpu_constant_buffer_binding, size_bytes,                                    \
                   AEROCMD_CONSTANT_BUFFER_MAX_BYTES))                                             \
    OP(SET_SHADER_RESOURCE_BUFFERS, aerogpu_cmd_set_shader_resource_buffers,                       \
       ARRAY_PAYLOAD(aerogpu_cmd_set_shader_resource_buffers, buffer_count,                        \
                     sizeof(struct aerogpu_shader_resource_buffer_binding),                        \
                     SHADER_RESOURCE_BUFFER_BINDING),                                              \
       0,                                                                                          \
       SLOTS(aerogpu_cmd_set_shader_resource_buffers, start_slot, buffer_count,                    \
             AEROCMD_D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT))                                \
    OP(SET_UNORDERED_ACCESS_BUFFERS, aerogpu_cmd_set_unordered_access_buffers,                     \
       ARRAY_PAYLOAD(aerogpu_cmd_set_unordered_access_buffers, uav_count,                          \
                     sizeof(struct aerogpu_unordered_access_buffer_binding),                       \
                     UNORDERED_ACCESS_BUFFER_BINDING),                                             \
       0,                                                                                          \
       SLOTS(aerogpu_cmd_set_unordered_access_buffers, start_slot, uav_count,                      \
             AEROCMD_D3D11_PS_CS_UAV_REGISTER_COUNT))                                              \
    OP(CLEAR, aerogpu_cmd_clear, NO_PAYLOAD, 0, NO_RULES)                                          \
    OP(DRAW, aerogpu_cmd_draw, NO_PAYLOAD, 0, NO_RULES)                                            \
    OP(DRAW_INDEXED, aerogpu_cmd_draw_indexed, NO_PAYLOAD, 0, NO_RULES)                            \
    OP(DISPATCH, aerogpu_cmd_dispatch, NO_PAYLOAD, 0, RULES(dispatch_rules))                       \
    OP(PRESENT, aerogpu_cmd_present, NO_PAYLOAD, 0, RULES(present_rules))                          \
    OP(PRESENT_EX, aerogpu_cmd_present_ex, NO_PAYLOAD, 0, RULES(present_ex_rules))                 \
    OP(EXPORT_SHARED_SURFACE, aerogpu_cmd_export_shared_surface, NO_PAYLOAD, 0,                    \
       RULES(export_shared_surface_rules))                                                         \
    OP(IMPORT_SHARED_SURFACE, aerogpu_cmd_import_shared_surface, NO_PAYLOAD, 0,                    \
       RULES(import_shared_surface_rules))                                                         \
    OP(RELEASE_SHARED_SURFACE, aerogpu_cmd_release_shared_surface, NO_PAYLOAD, 0, NO_RULES)        \
    OP(FLUSH, aerogpu_cmd_flush, NO_PAYLOAD, 0, NO_RULES)

/* Each opcode's position in the list (and in aerocmd_opcode_table). */
#define AEROCMD_POSITION_HEADER_(name, payload)                     AEROCMD_AT_##name,
#define AEROCMD_POSITION_OP_(name, type, payload, min_minor, rules) AEROCMD_AT_##name,
enum aerocmd_opcode_position {
    AEROCMD_OPCODE_LIST(AEROCMD_POSITION_HEADER_, AEROCMD_POSITION_OP_) AEROCMD_OPCODE_COUNT
};

#endif /* AEROCMD_DECODE_OPCODE_LIST_H */
