/* SPDX-License-Identifier: MIT */
/* sample_packets.h — one sample append per opcode (plus payload variants), each with the
 * packet size it must produce. The capacity-boundary and allocation-failure tests walk this
 * table so that every append function meets every failure point. */
#ifndef AEROCMD_TEST_WRITER_SAMPLES_H
#define AEROCMD_TEST_WRITER_SAMPLES_H

#include "aerocmd/writer.h"

static const uint8_t sample_bytes[64] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                         12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                                         23, 24, 25, 26, 27, 28, 29, 30, 31, 32};

static aerocmd_result s_nop(struct aerocmd_writer *w)
{
    return aerocmd_append_nop(w);
}
static aerocmd_result s_marker(struct aerocmd_writer *w)
{
    return aerocmd_append_debug_marker(w, "frame 1", 7);
}
static aerocmd_result s_create_buffer(struct aerocmd_writer *w)
{
    return aerocmd_append_create_buffer(w, 1, 1, 4096, 0, 0);
}
static aerocmd_result s_create_texture2d(struct aerocmd_writer *w)
{
    struct aerocmd_texture2d_args a = {2, 8, 1, 64, 64, 1, 1, 256, 3, 0};
    return aerocmd_append_create_texture2d(w, &a);
}
static aerocmd_result s_destroy_resource(struct aerocmd_writer *w)
{
    return aerocmd_append_destroy_resource(w, 1);
}
static aerocmd_result s_dirty_range(struct aerocmd_writer *w)
{
    return aerocmd_append_resource_dirty_range(w, 2, 0, 256);
}
static aerocmd_result s_upload(struct aerocmd_writer *w)
{
    return aerocmd_append_upload_resource(w, 1, 16, sample_bytes, 13);
}
static aerocmd_result s_copy_buffer(struct aerocmd_writer *w)
{
    return aerocmd_append_copy_buffer(w, 1, 4, 0, 64, 64, 0);
}
static aerocmd_result s_copy_texture2d(struct aerocmd_writer *w)
{
    struct aerocmd_copy_texture2d_args a = {2, 5, 0, 0, 0, 0, 0, 0, 0, 0, 16, 16, 0};
    return aerocmd_append_copy_texture2d(w, &a);
}
static aerocmd_result s_create_view(struct aerocmd_writer *w)
{
    struct aerocmd_texture_view_args a = {6, 2, 0, 0, 1, 0, 1};
    return aerocmd_append_create_texture_view(w, &a);
}
static aerocmd_result s_destroy_view(struct aerocmd_writer *w)
{
    return aerocmd_append_destroy_texture_view(w, 6);
}
static aerocmd_result s_create_shader(struct aerocmd_writer *w)
{
    return aerocmd_append_create_shader_dxbc(w, 7, AEROCMD_SHADER_HS, sample_bytes, 30);
}
static aerocmd_result s_destroy_shader(struct aerocmd_writer *w)
{
    return aerocmd_append_destroy_shader(w, 7);
}
static aerocmd_result s_bind_legacy(struct aerocmd_writer *w)
{
    return aerocmd_append_bind_shaders(w, 7, 8, 0, 0, 0, 0);
}
static aerocmd_result s_bind_extended(struct aerocmd_writer *w)
{
    return aerocmd_append_bind_shaders(w, 7, 8, 0, 9, 10, 11);
}
static aerocmd_result s_constants_f(struct aerocmd_writer *w)
{
    return aerocmd_append_set_shader_constants_f(w, AEROCMD_SHADER_VS, 0, sample_bytes, 2);
}
static aerocmd_result s_constants_i(struct aerocmd_writer *w)
{
    return aerocmd_append_set_shader_constants_i(w, AEROCMD_SHADER_PS, 0, sample_bytes, 1);
}
static aerocmd_result s_constants_b(struct aerocmd_writer *w)
{
    return aerocmd_append_set_shader_constants_b(w, AEROCMD_SHADER_DS, 0, sample_bytes, 1);
}
static aerocmd_result s_input_layout(struct aerocmd_writer *w)
{
    static const struct aerocmd_input_element e[2] = {{"POSITION", 0, 6, 0, 0, 0, 0},
                                                      {"COLOR", 0, 28, 0, 12, 0, 0}};
    return aerocmd_append_create_input_layout(w, 12, e, 2);
}
static aerocmd_result s_input_layout_blob(struct aerocmd_writer *w)
{
    return aerocmd_append_create_input_layout_blob(w, 13, sample_bytes, 22);
}
static aerocmd_result s_destroy_input_layout(struct aerocmd_writer *w)
{
    return aerocmd_append_destroy_input_layout(w, 12);
}
static aerocmd_result s_set_input_layout(struct aerocmd_writer *w)
{
    return aerocmd_append_set_input_layout(w, 12);
}
static aerocmd_result s_blend(struct aerocmd_writer *w)
{
    struct aerogpu_blend_state b = {1, 2, 3, 0, 0xF, {0, 0, 0}, 1, 0, 0, {0, 0, 0, 0}, 0xFFFFFFFF};
    return aerocmd_append_set_blend_state(w, &b);
}
static aerocmd_result s_depth_stencil(struct aerocmd_writer *w)
{
    struct aerogpu_depth_stencil_state d = {1, 1, 1, 0, 0xFF, 0xFF, {0, 0}};
    return aerocmd_append_set_depth_stencil_state(w, &d);
}
static aerocmd_result s_rasterizer(struct aerocmd_writer *w)
{
    struct aerogpu_rasterizer_state r = {0, 2, 0, 0, 0, 0};
    return aerocmd_append_set_rasterizer_state(w, &r);
}
static aerocmd_result s_render_targets(struct aerocmd_writer *w)
{
    static const aerogpu_handle_t c[2] = {2, 0};
    return aerocmd_append_set_render_targets(w, 2, c, 0);
}
static aerocmd_result s_viewport(struct aerocmd_writer *w)
{
    return aerocmd_append_set_viewport(w, 0, 0, 0x42800000, 0x42800000, 0, 0x3F800000);
}
static aerocmd_result s_scissor(struct aerocmd_writer *w)
{
    return aerocmd_append_set_scissor(w, 0, 0, 64, 64);
}
static aerocmd_result s_vertex_buffers(struct aerocmd_writer *w)
{
    static const struct aerogpu_vertex_buffer_binding b[3] = {
        {1, 16, 0, 0}, {0, 0, 0, 0}, {4, 8, 4, 0}};
    return aerocmd_append_set_vertex_buffers(w, 0, 3, b);
}
static aerocmd_result s_index_buffer(struct aerocmd_writer *w)
{
    return aerocmd_append_set_index_buffer(w, 4, 0, 0);
}
static aerocmd_result s_topology(struct aerocmd_writer *w)
{
    return aerocmd_append_set_primitive_topology(w, 4);
}
static aerocmd_result s_texture(struct aerocmd_writer *w)
{
    return aerocmd_append_set_texture(w, AEROCMD_SHADER_PS, 0, 6);
}
static aerocmd_result s_sampler_state(struct aerocmd_writer *w)
{
    return aerocmd_append_set_sampler_state(w, AEROCMD_SHADER_PS, 0, 5, 2);
}
static aerocmd_result s_render_state(struct aerocmd_writer *w)
{
    return aerocmd_append_set_render_state(w, 7, 1);
}
static aerocmd_result s_create_sampler(struct aerocmd_writer *w)
{
    return aerocmd_append_create_sampler(w, 14, 1, 0, 0, 0);
}
static aerocmd_result s_destroy_sampler(struct aerocmd_writer *w)
{
    return aerocmd_append_destroy_sampler(w, 14);
}
static aerocmd_result s_samplers(struct aerocmd_writer *w)
{
    static const aerogpu_handle_t s[3] = {14, 0, 14};
    return aerocmd_append_set_samplers(w, AEROCMD_SHADER_PS, 0, 3, s);
}
static aerocmd_result s_constant_buffers(struct aerocmd_writer *w)
{
    static const struct aerogpu_constant_buffer_binding b[2] = {{1, 0, 256, 0}, {4, 256, 64, 0}};
    return aerocmd_append_set_constant_buffers(w, AEROCMD_SHADER_VS, 0, 2, b);
}
static aerocmd_result s_srv_buffers(struct aerocmd_writer *w)
{
    static const struct aerogpu_shader_resource_buffer_binding b[1] = {{1, 0, 0, 0}};
    return aerocmd_append_set_shader_resource_buffers(w, AEROCMD_SHADER_CS, 0, 1, b);
}
static aerocmd_result s_uav_buffers(struct aerocmd_writer *w)
{
    static const struct aerogpu_unordered_access_buffer_binding b[2] = {{1, 0, 64, 0xFFFFFFFF},
                                                                        {4, 0, 64, 0}};
    return aerocmd_append_set_unordered_access_buffers(w, AEROCMD_SHADER_CS, 0, 2, b);
}
static aerocmd_result s_clear(struct aerocmd_writer *w)
{
    static const uint32_t c[4] = {0, 0, 0, 0x3F800000};
    return aerocmd_append_clear(w, 3, c, 0x3F800000, 0);
}
static aerocmd_result s_draw(struct aerocmd_writer *w)
{
    return aerocmd_append_draw(w, 3, 1, 0, 0);
}
static aerocmd_result s_draw_indexed(struct aerocmd_writer *w)
{
    return aerocmd_append_draw_indexed(w, 6, 1, 0, 0, 0);
}
static aerocmd_result s_dispatch(struct aerocmd_writer *w)
{
    return aerocmd_append_dispatch(w, 1, 1, 1);
}
static aerocmd_result s_present(struct aerocmd_writer *w)
{
    return aerocmd_append_present(w, 0, 1);
}
static aerocmd_result s_present_ex(struct aerocmd_writer *w)
{
    return aerocmd_append_present_ex(w, 0, 0, 0);
}
static aerocmd_result s_export(struct aerocmd_writer *w)
{
    return aerocmd_append_export_shared_surface(w, 2, 0xABCDEF01ull);
}
static aerocmd_result s_import(struct aerocmd_writer *w)
{
    return aerocmd_append_import_shared_surface(w, 15, 0xABCDEF01ull);
}
static aerocmd_result s_release(struct aerocmd_writer *w)
{
    return aerocmd_append_release_shared_surface(w, 0xABCDEF01ull);
}
static aerocmd_result s_flush(struct aerocmd_writer *w)
{
    return aerocmd_append_flush(w);
}
static aerocmd_result s_raw(struct aerocmd_writer *w)
{
    return aerocmd_append_raw(w, 0x7777, sample_bytes, 9);
}

struct sample_packet {
    const char *name;
    aerocmd_result (*append)(struct aerocmd_writer *w);
    uint32_t size;
};

static const struct sample_packet sample_packets[] = {
    {"nop", s_nop, 8},
    {"debug_marker", s_marker, 16},
    {"create_buffer", s_create_buffer, 40},
    {"create_texture2d", s_create_texture2d, 56},
    {"destroy_resource", s_destroy_resource, 16},
    {"resource_dirty_range", s_dirty_range, 32},
    {"upload_resource", s_upload, 48},
    {"copy_buffer", s_copy_buffer, 48},
    {"copy_texture2d", s_copy_texture2d, 64},
    {"create_texture_view", s_create_view, 44},
    {"destroy_texture_view", s_destroy_view, 16},
    {"create_shader_dxbc", s_create_shader, 56},
    {"destroy_shader", s_destroy_shader, 16},
    {"bind_shaders legacy", s_bind_legacy, 24},
    {"bind_shaders extended", s_bind_extended, 36},
    {"set_shader_constants_f", s_constants_f, 56},
    {"set_shader_constants_i", s_constants_i, 40},
    {"set_shader_constants_b", s_constants_b, 40},
    {"create_input_layout", s_input_layout, 92},
    {"create_input_layout_blob", s_input_layout_blob, 44},
    {"destroy_input_layout", s_destroy_input_layout, 16},
    {"set_input_layout", s_set_input_layout, 16},
    {"set_blend_state", s_blend, 60},
    {"set_depth_stencil_state", s_depth_stencil, 28},
    {"set_rasterizer_state", s_rasterizer, 32},
    {"set_render_targets", s_render_targets, 48},
    {"set_viewport", s_viewport, 32},
    {"set_scissor", s_scissor, 24},
    {"set_vertex_buffers", s_vertex_buffers, 64},
    {"set_index_buffer", s_index_buffer, 24},
    {"set_primitive_topology", s_topology, 16},
    {"set_texture", s_texture, 24},
    {"set_sampler_state", s_sampler_state, 24},
    {"set_render_state", s_render_state, 16},
    {"create_sampler", s_create_sampler, 28},
    {"destroy_sampler", s_destroy_sampler, 16},
    {"set_samplers", s_samplers, 36},
    {"set_constant_buffers", s_constant_buffers, 56},
    {"set_shader_resource_buffers", s_srv_buffers, 40},
    {"set_unordered_access_buffers", s_uav_buffers, 56},
    {"clear", s_clear, 36},
    {"draw", s_draw, 24},
    {"draw_indexed", s_draw_indexed, 28},
    {"dispatch", s_dispatch, 24},
    {"present", s_present, 16},
    {"present_ex", s_present_ex, 24},
    {"export_shared_surface", s_export, 24},
    {"import_shared_surface", s_import, 24},
    {"release_shared_surface", s_release, 24},
    {"flush", s_flush, 16},
    {"raw", s_raw, 20},
};
#define SAMPLE_PACKET_COUNT ((unsigned)(sizeof sample_packets / sizeof sample_packets[0]))

#endif /* AEROCMD_TEST_WRITER_SAMPLES_H */
