/* SPDX-License-Identifier: MIT */
/* aerogpu_cmd_layout.h — compile-time proof that every command-stream struct of
 * aerogpu_cmd.h has the ABI 1.4 size and field offsets. Included by aerogpu_cmd.h; not
 * meant to be included on its own. */
#ifndef AEROGPU_CMD_LAYOUT_H
#define AEROGPU_CMD_LAYOUT_H

AEROGPU_ASSERT_SIZE(aerogpu_cmd_stream_header, struct aerogpu_cmd_stream_header, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_stream_header, struct aerogpu_cmd_stream_header, magic, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_stream_header, struct aerogpu_cmd_stream_header, abi_version, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_stream_header, struct aerogpu_cmd_stream_header, size_bytes, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_stream_header, struct aerogpu_cmd_stream_header, flags, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_stream_header, struct aerogpu_cmd_stream_header, reserved0, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_stream_header, struct aerogpu_cmd_stream_header, reserved1, 20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_hdr, struct aerogpu_cmd_hdr, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_hdr, struct aerogpu_cmd_hdr, opcode, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_hdr, struct aerogpu_cmd_hdr, size_bytes, 4);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_create_buffer, struct aerogpu_cmd_create_buffer, 40);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_buffer, struct aerogpu_cmd_create_buffer, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_buffer, struct aerogpu_cmd_create_buffer, buffer_handle,
                      8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_buffer, struct aerogpu_cmd_create_buffer, usage_flags, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_buffer, struct aerogpu_cmd_create_buffer, size_bytes, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_buffer, struct aerogpu_cmd_create_buffer, backing_alloc_id,
                      24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_buffer, struct aerogpu_cmd_create_buffer,
                      backing_offset_bytes, 28);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_buffer, struct aerogpu_cmd_create_buffer, reserved0, 32);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d, 56);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d,
                      texture_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d,
                      usage_flags, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d, format,
                      16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d, width, 20);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d, height,
                      24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d, mip_levels,
                      28);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d,
                      array_layers, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d,
                      row_pitch_bytes, 36);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d,
                      backing_alloc_id, 40);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d,
                      backing_offset_bytes, 44);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture2d, struct aerogpu_cmd_create_texture2d, reserved0,
                      48);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_create_texture_view, struct aerogpu_cmd_create_texture_view, 44);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture_view, struct aerogpu_cmd_create_texture_view, hdr,
                      0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture_view, struct aerogpu_cmd_create_texture_view,
                      view_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture_view, struct aerogpu_cmd_create_texture_view,
                      texture_handle, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture_view, struct aerogpu_cmd_create_texture_view,
                      format, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture_view, struct aerogpu_cmd_create_texture_view,
                      base_mip_level, 20);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture_view, struct aerogpu_cmd_create_texture_view,
                      mip_level_count, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture_view, struct aerogpu_cmd_create_texture_view,
                      base_array_layer, 28);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture_view, struct aerogpu_cmd_create_texture_view,
                      array_layer_count, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_texture_view, struct aerogpu_cmd_create_texture_view,
                      reserved0, 36);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_destroy_resource, struct aerogpu_cmd_destroy_resource, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_resource, struct aerogpu_cmd_destroy_resource, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_resource, struct aerogpu_cmd_destroy_resource,
                      resource_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_resource, struct aerogpu_cmd_destroy_resource, reserved0,
                      12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_destroy_texture_view, struct aerogpu_cmd_destroy_texture_view, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_texture_view, struct aerogpu_cmd_destroy_texture_view,
                      hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_texture_view, struct aerogpu_cmd_destroy_texture_view,
                      view_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_texture_view, struct aerogpu_cmd_destroy_texture_view,
                      reserved0, 12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_resource_dirty_range, struct aerogpu_cmd_resource_dirty_range, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_resource_dirty_range, struct aerogpu_cmd_resource_dirty_range,
                      hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_resource_dirty_range, struct aerogpu_cmd_resource_dirty_range,
                      resource_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_resource_dirty_range, struct aerogpu_cmd_resource_dirty_range,
                      reserved0, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_resource_dirty_range, struct aerogpu_cmd_resource_dirty_range,
                      offset_bytes, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_resource_dirty_range, struct aerogpu_cmd_resource_dirty_range,
                      size_bytes, 24);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_upload_resource, struct aerogpu_cmd_upload_resource, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_upload_resource, struct aerogpu_cmd_upload_resource, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_upload_resource, struct aerogpu_cmd_upload_resource,
                      resource_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_upload_resource, struct aerogpu_cmd_upload_resource, reserved0,
                      12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_upload_resource, struct aerogpu_cmd_upload_resource, offset_bytes,
                      16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_upload_resource, struct aerogpu_cmd_upload_resource, size_bytes,
                      24);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_copy_buffer, struct aerogpu_cmd_copy_buffer, 48);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_buffer, struct aerogpu_cmd_copy_buffer, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_buffer, struct aerogpu_cmd_copy_buffer, dst_buffer, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_buffer, struct aerogpu_cmd_copy_buffer, src_buffer, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_buffer, struct aerogpu_cmd_copy_buffer, dst_offset_bytes,
                      16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_buffer, struct aerogpu_cmd_copy_buffer, src_offset_bytes,
                      24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_buffer, struct aerogpu_cmd_copy_buffer, size_bytes, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_buffer, struct aerogpu_cmd_copy_buffer, flags, 40);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_buffer, struct aerogpu_cmd_copy_buffer, reserved0, 44);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, 64);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, dst_texture,
                      8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, src_texture,
                      12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, dst_mip_level,
                      16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d,
                      dst_array_layer, 20);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, src_mip_level,
                      24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d,
                      src_array_layer, 28);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, dst_x, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, dst_y, 36);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, src_x, 40);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, src_y, 44);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, width, 48);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, height, 52);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, flags, 56);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_copy_texture2d, struct aerogpu_cmd_copy_texture2d, reserved0, 60);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_create_shader_dxbc, struct aerogpu_cmd_create_shader_dxbc, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_shader_dxbc, struct aerogpu_cmd_create_shader_dxbc, hdr,
                      0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_shader_dxbc, struct aerogpu_cmd_create_shader_dxbc,
                      shader_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_shader_dxbc, struct aerogpu_cmd_create_shader_dxbc, stage,
                      12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_shader_dxbc, struct aerogpu_cmd_create_shader_dxbc,
                      dxbc_size_bytes, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_shader_dxbc, struct aerogpu_cmd_create_shader_dxbc,
                      reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_destroy_shader, struct aerogpu_cmd_destroy_shader, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_shader, struct aerogpu_cmd_destroy_shader, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_shader, struct aerogpu_cmd_destroy_shader, shader_handle,
                      8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_shader, struct aerogpu_cmd_destroy_shader, reserved0, 12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_bind_shaders, struct aerogpu_cmd_bind_shaders, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_bind_shaders, struct aerogpu_cmd_bind_shaders, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_bind_shaders, struct aerogpu_cmd_bind_shaders, vs, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_bind_shaders, struct aerogpu_cmd_bind_shaders, ps, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_bind_shaders, struct aerogpu_cmd_bind_shaders, cs, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_bind_shaders, struct aerogpu_cmd_bind_shaders, reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_shader_constants_f, struct aerogpu_cmd_set_shader_constants_f,
                    24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_f, struct aerogpu_cmd_set_shader_constants_f,
                      hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_f, struct aerogpu_cmd_set_shader_constants_f,
                      stage, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_f, struct aerogpu_cmd_set_shader_constants_f,
                      start_register, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_f, struct aerogpu_cmd_set_shader_constants_f,
                      vec4_count, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_f, struct aerogpu_cmd_set_shader_constants_f,
                      reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_shader_constants_i, struct aerogpu_cmd_set_shader_constants_i,
                    24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_i, struct aerogpu_cmd_set_shader_constants_i,
                      hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_i, struct aerogpu_cmd_set_shader_constants_i,
                      stage, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_i, struct aerogpu_cmd_set_shader_constants_i,
                      start_register, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_i, struct aerogpu_cmd_set_shader_constants_i,
                      vec4_count, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_i, struct aerogpu_cmd_set_shader_constants_i,
                      reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_shader_constants_b, struct aerogpu_cmd_set_shader_constants_b,
                    24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_b, struct aerogpu_cmd_set_shader_constants_b,
                      hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_b, struct aerogpu_cmd_set_shader_constants_b,
                      stage, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_b, struct aerogpu_cmd_set_shader_constants_b,
                      start_register, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_b, struct aerogpu_cmd_set_shader_constants_b,
                      bool_count, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_constants_b, struct aerogpu_cmd_set_shader_constants_b,
                      reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_input_layout_blob_header, struct aerogpu_input_layout_blob_header, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_input_layout_blob_header, struct aerogpu_input_layout_blob_header,
                      magic, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_input_layout_blob_header, struct aerogpu_input_layout_blob_header,
                      version, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_input_layout_blob_header, struct aerogpu_input_layout_blob_header,
                      element_count, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_input_layout_blob_header, struct aerogpu_input_layout_blob_header,
                      reserved0, 12);

AEROGPU_ASSERT_SIZE(aerogpu_input_layout_element_dxgi, struct aerogpu_input_layout_element_dxgi,
                    28);
AEROGPU_ASSERT_OFFSET(aerogpu_input_layout_element_dxgi, struct aerogpu_input_layout_element_dxgi,
                      semantic_name_hash, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_input_layout_element_dxgi, struct aerogpu_input_layout_element_dxgi,
                      semantic_index, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_input_layout_element_dxgi, struct aerogpu_input_layout_element_dxgi,
                      dxgi_format, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_input_layout_element_dxgi, struct aerogpu_input_layout_element_dxgi,
                      input_slot, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_input_layout_element_dxgi, struct aerogpu_input_layout_element_dxgi,
                      aligned_byte_offset, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_input_layout_element_dxgi, struct aerogpu_input_layout_element_dxgi,
                      input_slot_class, 20);
AEROGPU_ASSERT_OFFSET(aerogpu_input_layout_element_dxgi, struct aerogpu_input_layout_element_dxgi,
                      instance_data_step_rate, 24);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_create_input_layout, struct aerogpu_cmd_create_input_layout, 20);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_input_layout, struct aerogpu_cmd_create_input_layout, hdr,
                      0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_input_layout, struct aerogpu_cmd_create_input_layout,
                      input_layout_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_input_layout, struct aerogpu_cmd_create_input_layout,
                      blob_size_bytes, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_input_layout, struct aerogpu_cmd_create_input_layout,
                      reserved0, 16);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_destroy_input_layout, struct aerogpu_cmd_destroy_input_layout, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_input_layout, struct aerogpu_cmd_destroy_input_layout,
                      hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_input_layout, struct aerogpu_cmd_destroy_input_layout,
                      input_layout_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_input_layout, struct aerogpu_cmd_destroy_input_layout,
                      reserved0, 12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_input_layout, struct aerogpu_cmd_set_input_layout, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_input_layout, struct aerogpu_cmd_set_input_layout, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_input_layout, struct aerogpu_cmd_set_input_layout,
                      input_layout_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_input_layout, struct aerogpu_cmd_set_input_layout, reserved0,
                      12);

AEROGPU_ASSERT_SIZE(aerogpu_blend_state, struct aerogpu_blend_state, 52);
AEROGPU_ASSERT_OFFSET(aerogpu_blend_state, struct aerogpu_blend_state, enable, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_blend_state, struct aerogpu_blend_state, src_factor, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_blend_state, struct aerogpu_blend_state, dst_factor, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_blend_state, struct aerogpu_blend_state, blend_op, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_blend_state, struct aerogpu_blend_state, color_write_mask, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_blend_state, struct aerogpu_blend_state, reserved0, 17);
AEROGPU_ASSERT_OFFSET(aerogpu_blend_state, struct aerogpu_blend_state, src_factor_alpha, 20);
AEROGPU_ASSERT_OFFSET(aerogpu_blend_state, struct aerogpu_blend_state, dst_factor_alpha, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_blend_state, struct aerogpu_blend_state, blend_op_alpha, 28);
AEROGPU_ASSERT_OFFSET(aerogpu_blend_state, struct aerogpu_blend_state, blend_constant_rgba_f32, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_blend_state, struct aerogpu_blend_state, sample_mask, 48);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_blend_state, struct aerogpu_cmd_set_blend_state, 60);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_blend_state, struct aerogpu_cmd_set_blend_state, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_blend_state, struct aerogpu_cmd_set_blend_state, state, 8);

AEROGPU_ASSERT_SIZE(aerogpu_depth_stencil_state, struct aerogpu_depth_stencil_state, 20);
AEROGPU_ASSERT_OFFSET(aerogpu_depth_stencil_state, struct aerogpu_depth_stencil_state, depth_enable,
                      0);
AEROGPU_ASSERT_OFFSET(aerogpu_depth_stencil_state, struct aerogpu_depth_stencil_state,
                      depth_write_enable, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_depth_stencil_state, struct aerogpu_depth_stencil_state, depth_func,
                      8);
AEROGPU_ASSERT_OFFSET(aerogpu_depth_stencil_state, struct aerogpu_depth_stencil_state,
                      stencil_enable, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_depth_stencil_state, struct aerogpu_depth_stencil_state,
                      stencil_read_mask, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_depth_stencil_state, struct aerogpu_depth_stencil_state,
                      stencil_write_mask, 17);
AEROGPU_ASSERT_OFFSET(aerogpu_depth_stencil_state, struct aerogpu_depth_stencil_state, reserved0,
                      18);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_depth_stencil_state, struct aerogpu_cmd_set_depth_stencil_state,
                    28);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_depth_stencil_state,
                      struct aerogpu_cmd_set_depth_stencil_state, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_depth_stencil_state,
                      struct aerogpu_cmd_set_depth_stencil_state, state, 8);

AEROGPU_ASSERT_SIZE(aerogpu_rasterizer_state, struct aerogpu_rasterizer_state, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_rasterizer_state, struct aerogpu_rasterizer_state, fill_mode, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_rasterizer_state, struct aerogpu_rasterizer_state, cull_mode, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_rasterizer_state, struct aerogpu_rasterizer_state, front_ccw, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_rasterizer_state, struct aerogpu_rasterizer_state, scissor_enable,
                      12);
AEROGPU_ASSERT_OFFSET(aerogpu_rasterizer_state, struct aerogpu_rasterizer_state, depth_bias, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_rasterizer_state, struct aerogpu_rasterizer_state, flags, 20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_rasterizer_state, struct aerogpu_cmd_set_rasterizer_state, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_rasterizer_state, struct aerogpu_cmd_set_rasterizer_state,
                      hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_rasterizer_state, struct aerogpu_cmd_set_rasterizer_state,
                      state, 8);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_render_targets, struct aerogpu_cmd_set_render_targets, 48);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_render_targets, struct aerogpu_cmd_set_render_targets, hdr,
                      0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_render_targets, struct aerogpu_cmd_set_render_targets,
                      color_count, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_render_targets, struct aerogpu_cmd_set_render_targets,
                      depth_stencil, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_render_targets, struct aerogpu_cmd_set_render_targets, colors,
                      16);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_viewport, struct aerogpu_cmd_set_viewport, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_viewport, struct aerogpu_cmd_set_viewport, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_viewport, struct aerogpu_cmd_set_viewport, x_f32, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_viewport, struct aerogpu_cmd_set_viewport, y_f32, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_viewport, struct aerogpu_cmd_set_viewport, width_f32, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_viewport, struct aerogpu_cmd_set_viewport, height_f32, 20);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_viewport, struct aerogpu_cmd_set_viewport, min_depth_f32, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_viewport, struct aerogpu_cmd_set_viewport, max_depth_f32, 28);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_scissor, struct aerogpu_cmd_set_scissor, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_scissor, struct aerogpu_cmd_set_scissor, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_scissor, struct aerogpu_cmd_set_scissor, x, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_scissor, struct aerogpu_cmd_set_scissor, y, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_scissor, struct aerogpu_cmd_set_scissor, width, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_scissor, struct aerogpu_cmd_set_scissor, height, 20);

AEROGPU_ASSERT_SIZE(aerogpu_vertex_buffer_binding, struct aerogpu_vertex_buffer_binding, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_vertex_buffer_binding, struct aerogpu_vertex_buffer_binding, buffer,
                      0);
AEROGPU_ASSERT_OFFSET(aerogpu_vertex_buffer_binding, struct aerogpu_vertex_buffer_binding,
                      stride_bytes, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_vertex_buffer_binding, struct aerogpu_vertex_buffer_binding,
                      offset_bytes, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_vertex_buffer_binding, struct aerogpu_vertex_buffer_binding,
                      reserved0, 12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_vertex_buffers, struct aerogpu_cmd_set_vertex_buffers, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_vertex_buffers, struct aerogpu_cmd_set_vertex_buffers, hdr,
                      0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_vertex_buffers, struct aerogpu_cmd_set_vertex_buffers,
                      start_slot, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_vertex_buffers, struct aerogpu_cmd_set_vertex_buffers,
                      buffer_count, 12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_index_buffer, struct aerogpu_cmd_set_index_buffer, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_index_buffer, struct aerogpu_cmd_set_index_buffer, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_index_buffer, struct aerogpu_cmd_set_index_buffer, buffer, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_index_buffer, struct aerogpu_cmd_set_index_buffer, format,
                      12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_index_buffer, struct aerogpu_cmd_set_index_buffer,
                      offset_bytes, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_index_buffer, struct aerogpu_cmd_set_index_buffer, reserved0,
                      20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_primitive_topology, struct aerogpu_cmd_set_primitive_topology,
                    16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_primitive_topology, struct aerogpu_cmd_set_primitive_topology,
                      hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_primitive_topology, struct aerogpu_cmd_set_primitive_topology,
                      topology, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_primitive_topology, struct aerogpu_cmd_set_primitive_topology,
                      reserved0, 12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_texture, struct aerogpu_cmd_set_texture, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_texture, struct aerogpu_cmd_set_texture, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_texture, struct aerogpu_cmd_set_texture, shader_stage, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_texture, struct aerogpu_cmd_set_texture, slot, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_texture, struct aerogpu_cmd_set_texture, texture, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_texture, struct aerogpu_cmd_set_texture, reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_sampler_state, struct aerogpu_cmd_set_sampler_state, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_sampler_state, struct aerogpu_cmd_set_sampler_state, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_sampler_state, struct aerogpu_cmd_set_sampler_state,
                      shader_stage, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_sampler_state, struct aerogpu_cmd_set_sampler_state, slot,
                      12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_sampler_state, struct aerogpu_cmd_set_sampler_state, state,
                      16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_sampler_state, struct aerogpu_cmd_set_sampler_state, value,
                      20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_create_sampler, struct aerogpu_cmd_create_sampler, 28);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_sampler, struct aerogpu_cmd_create_sampler, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_sampler, struct aerogpu_cmd_create_sampler, sampler_handle,
                      8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_sampler, struct aerogpu_cmd_create_sampler, filter, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_sampler, struct aerogpu_cmd_create_sampler, address_u, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_sampler, struct aerogpu_cmd_create_sampler, address_v, 20);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_create_sampler, struct aerogpu_cmd_create_sampler, address_w, 24);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_destroy_sampler, struct aerogpu_cmd_destroy_sampler, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_sampler, struct aerogpu_cmd_destroy_sampler, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_sampler, struct aerogpu_cmd_destroy_sampler,
                      sampler_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_destroy_sampler, struct aerogpu_cmd_destroy_sampler, reserved0,
                      12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_samplers, struct aerogpu_cmd_set_samplers, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_samplers, struct aerogpu_cmd_set_samplers, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_samplers, struct aerogpu_cmd_set_samplers, shader_stage, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_samplers, struct aerogpu_cmd_set_samplers, start_slot, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_samplers, struct aerogpu_cmd_set_samplers, sampler_count, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_samplers, struct aerogpu_cmd_set_samplers, reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_constant_buffer_binding, struct aerogpu_constant_buffer_binding, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_constant_buffer_binding, struct aerogpu_constant_buffer_binding,
                      buffer, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_constant_buffer_binding, struct aerogpu_constant_buffer_binding,
                      offset_bytes, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_constant_buffer_binding, struct aerogpu_constant_buffer_binding,
                      size_bytes, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_constant_buffer_binding, struct aerogpu_constant_buffer_binding,
                      reserved0, 12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_constant_buffers, struct aerogpu_cmd_set_constant_buffers, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_constant_buffers, struct aerogpu_cmd_set_constant_buffers,
                      hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_constant_buffers, struct aerogpu_cmd_set_constant_buffers,
                      shader_stage, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_constant_buffers, struct aerogpu_cmd_set_constant_buffers,
                      start_slot, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_constant_buffers, struct aerogpu_cmd_set_constant_buffers,
                      buffer_count, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_constant_buffers, struct aerogpu_cmd_set_constant_buffers,
                      reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_shader_resource_buffer_binding,
                    struct aerogpu_shader_resource_buffer_binding, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_shader_resource_buffer_binding,
                      struct aerogpu_shader_resource_buffer_binding, buffer, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_shader_resource_buffer_binding,
                      struct aerogpu_shader_resource_buffer_binding, offset_bytes, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_shader_resource_buffer_binding,
                      struct aerogpu_shader_resource_buffer_binding, size_bytes, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_shader_resource_buffer_binding,
                      struct aerogpu_shader_resource_buffer_binding, reserved0, 12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_shader_resource_buffers,
                    struct aerogpu_cmd_set_shader_resource_buffers, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_resource_buffers,
                      struct aerogpu_cmd_set_shader_resource_buffers, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_resource_buffers,
                      struct aerogpu_cmd_set_shader_resource_buffers, shader_stage, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_resource_buffers,
                      struct aerogpu_cmd_set_shader_resource_buffers, start_slot, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_resource_buffers,
                      struct aerogpu_cmd_set_shader_resource_buffers, buffer_count, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_shader_resource_buffers,
                      struct aerogpu_cmd_set_shader_resource_buffers, reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_unordered_access_buffer_binding,
                    struct aerogpu_unordered_access_buffer_binding, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_unordered_access_buffer_binding,
                      struct aerogpu_unordered_access_buffer_binding, buffer, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_unordered_access_buffer_binding,
                      struct aerogpu_unordered_access_buffer_binding, offset_bytes, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_unordered_access_buffer_binding,
                      struct aerogpu_unordered_access_buffer_binding, size_bytes, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_unordered_access_buffer_binding,
                      struct aerogpu_unordered_access_buffer_binding, initial_count, 12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_unordered_access_buffers,
                    struct aerogpu_cmd_set_unordered_access_buffers, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_unordered_access_buffers,
                      struct aerogpu_cmd_set_unordered_access_buffers, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_unordered_access_buffers,
                      struct aerogpu_cmd_set_unordered_access_buffers, shader_stage, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_unordered_access_buffers,
                      struct aerogpu_cmd_set_unordered_access_buffers, start_slot, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_unordered_access_buffers,
                      struct aerogpu_cmd_set_unordered_access_buffers, uav_count, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_unordered_access_buffers,
                      struct aerogpu_cmd_set_unordered_access_buffers, reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_set_render_state, struct aerogpu_cmd_set_render_state, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_render_state, struct aerogpu_cmd_set_render_state, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_render_state, struct aerogpu_cmd_set_render_state, state, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_set_render_state, struct aerogpu_cmd_set_render_state, value, 12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_clear, struct aerogpu_cmd_clear, 36);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_clear, struct aerogpu_cmd_clear, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_clear, struct aerogpu_cmd_clear, flags, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_clear, struct aerogpu_cmd_clear, color_rgba_f32, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_clear, struct aerogpu_cmd_clear, depth_f32, 28);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_clear, struct aerogpu_cmd_clear, stencil, 32);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_draw, struct aerogpu_cmd_draw, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_draw, struct aerogpu_cmd_draw, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_draw, struct aerogpu_cmd_draw, vertex_count, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_draw, struct aerogpu_cmd_draw, instance_count, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_draw, struct aerogpu_cmd_draw, first_vertex, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_draw, struct aerogpu_cmd_draw, first_instance, 20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_draw_indexed, struct aerogpu_cmd_draw_indexed, 28);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_draw_indexed, struct aerogpu_cmd_draw_indexed, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_draw_indexed, struct aerogpu_cmd_draw_indexed, index_count, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_draw_indexed, struct aerogpu_cmd_draw_indexed, instance_count,
                      12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_draw_indexed, struct aerogpu_cmd_draw_indexed, first_index, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_draw_indexed, struct aerogpu_cmd_draw_indexed, base_vertex, 20);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_draw_indexed, struct aerogpu_cmd_draw_indexed, first_instance,
                      24);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_dispatch, struct aerogpu_cmd_dispatch, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_dispatch, struct aerogpu_cmd_dispatch, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_dispatch, struct aerogpu_cmd_dispatch, group_count_x, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_dispatch, struct aerogpu_cmd_dispatch, group_count_y, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_dispatch, struct aerogpu_cmd_dispatch, group_count_z, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_dispatch, struct aerogpu_cmd_dispatch, reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_present, struct aerogpu_cmd_present, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_present, struct aerogpu_cmd_present, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_present, struct aerogpu_cmd_present, scanout_id, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_present, struct aerogpu_cmd_present, flags, 12);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_present_ex, struct aerogpu_cmd_present_ex, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_present_ex, struct aerogpu_cmd_present_ex, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_present_ex, struct aerogpu_cmd_present_ex, scanout_id, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_present_ex, struct aerogpu_cmd_present_ex, flags, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_present_ex, struct aerogpu_cmd_present_ex, d3d9_present_flags,
                      16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_present_ex, struct aerogpu_cmd_present_ex, reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_export_shared_surface, struct aerogpu_cmd_export_shared_surface,
                    24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_export_shared_surface, struct aerogpu_cmd_export_shared_surface,
                      hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_export_shared_surface, struct aerogpu_cmd_export_shared_surface,
                      resource_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_export_shared_surface, struct aerogpu_cmd_export_shared_surface,
                      reserved0, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_export_shared_surface, struct aerogpu_cmd_export_shared_surface,
                      share_token, 16);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_import_shared_surface, struct aerogpu_cmd_import_shared_surface,
                    24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_import_shared_surface, struct aerogpu_cmd_import_shared_surface,
                      hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_import_shared_surface, struct aerogpu_cmd_import_shared_surface,
                      out_resource_handle, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_import_shared_surface, struct aerogpu_cmd_import_shared_surface,
                      reserved0, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_import_shared_surface, struct aerogpu_cmd_import_shared_surface,
                      share_token, 16);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_release_shared_surface, struct aerogpu_cmd_release_shared_surface,
                    24);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_release_shared_surface, struct aerogpu_cmd_release_shared_surface,
                      hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_release_shared_surface, struct aerogpu_cmd_release_shared_surface,
                      share_token, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_release_shared_surface, struct aerogpu_cmd_release_shared_surface,
                      reserved0, 16);

AEROGPU_ASSERT_SIZE(aerogpu_cmd_flush, struct aerogpu_cmd_flush, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_flush, struct aerogpu_cmd_flush, hdr, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_flush, struct aerogpu_cmd_flush, reserved0, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_cmd_flush, struct aerogpu_cmd_flush, reserved1, 12);

#endif /* AEROGPU_CMD_LAYOUT_H */
