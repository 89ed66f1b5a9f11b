/* SPDX-License-Identifier: MIT */
/* Semantic pass, table-driven, handle lifetimes and kinds: every case starts from the
 * standard objects, appends packets and names the one packet that must fail, with its exact
 * reason, offset and opcode. */
#include "semantic_harness.h"

/* ---- HANDLE_ZERO ------------------------------------------------------------------- */
static uint32_t zero_buffer(struct sb *s)
{
    return sb_create_buffer(s, 0, 16, 0, 0);
}
static uint32_t zero_texture(struct sb *s)
{
    return sb_create_rt(s, 0);
}
static uint32_t zero_view(struct sb *s)
{
    return sb_create_view(s, 0, TEX_HOST, 0, 1, 0, 1);
}
static uint32_t zero_shader(struct sb *s)
{
    return sb_create_shader(s, 0, P, 0);
}
static uint32_t zero_layout(struct sb *s)
{
    return sb_create_input_layout(s, 0);
}
static uint32_t zero_sampler(struct sb *s)
{
    return sb_create_sampler(s, 0);
}
static uint32_t zero_import(struct sb *s)
{
    return sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 0, 0x77);
}

/* ---- HANDLE_EXISTS (one namespace for every kind) ---------------------------------- */
static uint32_t exists_buffer(struct sb *s)
{
    return sb_create_buffer(s, BUF_HOST, 16, 0, 0);
}
static uint32_t exists_texture_on_shader(struct sb *s)
{
    return sb_create_rt(s, VS);
}
static uint32_t exists_sampler_on_view(struct sb *s)
{
    return sb_create_sampler(s, VIEW);
}
static uint32_t exists_view_on_texture(struct sb *s)
{
    return sb_create_view(s, TEX_BGRA, TEX_HOST, 0, 1, 0, 1);
}
static uint32_t exists_import(struct sb *s)
{
    return sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, BUF_BACKED, 0x77);
}
static uint32_t exists_shader_on_sampler(struct sb *s)
{
    return sb_create_shader(s, SAMPLER, V, 0);
}
static uint32_t exists_layout(struct sb *s)
{
    return sb_create_input_layout(s, LAYOUT);
}

/* ---- HANDLE_UNKNOWN ---------------------------------------------------------------- */
static uint32_t unk_destroy(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, UNKNOWN);
}
static uint32_t unk_destroy_zero(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, 0);
}
static uint32_t unk_destroy_twice(struct sb *s)
{
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, BUF_HOST);
    return sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, BUF_HOST);
}
static uint32_t unk_destroy_shader(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_DESTROY_SHADER, UNKNOWN);
}
static uint32_t unk_destroy_layout(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_DESTROY_INPUT_LAYOUT, UNKNOWN);
}
static uint32_t unk_destroy_sampler(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_DESTROY_SAMPLER, UNKNOWN);
}
static uint32_t unk_upload(struct sb *s)
{
    return sb_upload(s, UNKNOWN, 0, 4);
}
static uint32_t unk_dirty(struct sb *s)
{
    return sb_dirty_range(s, UNKNOWN, 0, 4);
}
static uint32_t unk_copy_dst(struct sb *s)
{
    return sb_copy_buffer(s, UNKNOWN, BUF_HOST, 0, 0, 4, 0);
}
static uint32_t unk_copy_dst_zero(struct sb *s)
{
    return sb_copy_buffer(s, 0, BUF_HOST, 0, 0, 4, 0);
}
static uint32_t unk_copy_src(struct sb *s)
{
    return sb_copy_buffer(s, BUF_HOST, UNKNOWN, 0, 0, 4, 0);
}
static uint32_t unk_copy_tex_dst(struct sb *s)
{
    struct sb_copy_tex c = {UNKNOWN, TEX_HOST, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 0};
    return sb_copy_texture(s, &c);
}
static uint32_t unk_copy_tex_src(struct sb *s)
{
    struct sb_copy_tex c = {TEX_HOST, UNKNOWN, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 0};
    return sb_copy_texture(s, &c);
}
static uint32_t unk_view_texture(struct sb *s)
{
    return sb_create_view(s, 70, UNKNOWN, 0, 1, 0, 1);
}
static uint32_t unk_bind_vs(struct sb *s)
{
    return sb_bind_shaders(s, UNKNOWN, PS, 0, 0);
}
static uint32_t unk_bind_ds(struct sb *s)
{
    return sb_bind_shaders_ex(s, VS, PS, 0, HS, UNKNOWN);
}
static uint32_t unk_input_layout(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_SET_INPUT_LAYOUT, UNKNOWN);
}
static uint32_t unk_vertex_buffer(struct sb *s)
{
    static const uint32_t b[] = {BUF_HOST, UNKNOWN};
    return sb_set_vertex_buffers(s, b, 2);
}
static uint32_t unk_index_buffer(struct sb *s)
{
    return sb_set_index_buffer(s, UNKNOWN);
}
static uint32_t unk_constant_buffer(struct sb *s)
{
    static const uint32_t b[] = {UNKNOWN};
    return sb_set_buffer_slots(s, AEROGPU_CMD_SET_CONSTANT_BUFFERS, V, b, 1);
}
static uint32_t unk_srv_buffer(struct sb *s)
{
    static const uint32_t b[] = {BUF_HOST, UNKNOWN};
    return sb_set_buffer_slots(s, AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, P, b, 2);
}
static uint32_t unk_uav_buffer(struct sb *s)
{
    static const uint32_t b[] = {UNKNOWN};
    return sb_set_buffer_slots(s, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS,
                               AEROGPU_SHADER_STAGE_COMPUTE, b, 1);
}
static uint32_t unk_texture(struct sb *s)
{
    return sb_set_texture(s, P, 0, UNKNOWN);
}
static uint32_t unk_sampler(struct sb *s)
{
    static const uint32_t h[] = {SAMPLER, UNKNOWN};
    return sb_set_samplers(s, P, h, 2);
}
static uint32_t unk_render_target(struct sb *s)
{
    static const uint32_t c[] = {TEX_HOST, UNKNOWN};
    return sb_set_render_targets(s, 2, c, 0);
}
static uint32_t unk_depth(struct sb *s)
{
    static const uint32_t c[] = {TEX_HOST};
    return sb_set_render_targets(s, 1, c, UNKNOWN);
}
static uint32_t unk_export(struct sb *s)
{
    return sb_share(s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, UNKNOWN, 0x77);
}
static uint32_t unk_after_destroy(struct sb *s)
{
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, BUF_HOST);
    return sb_set_vertex_buffers(s, one_host_buffer, 1);
}
static uint32_t unk_shader_after_destroy(struct sb *s)
{
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_SHADER, PS);
    return sb_bind_shaders(s, VS, PS, 0, 0);
}

/* ---- HANDLE_KIND ------------------------------------------------------------------- */
static uint32_t kind_sampler_as_vb(struct sb *s)
{
    static const uint32_t b[] = {SAMPLER};
    return sb_set_vertex_buffers(s, b, 1);
}
static uint32_t kind_texture_as_vb(struct sb *s)
{
    static const uint32_t b[] = {BUF_HOST, TEX_HOST};
    return sb_set_vertex_buffers(s, b, 2);
}
static uint32_t kind_buffer_as_rt(struct sb *s)
{
    return sb_set_render_targets(s, 1, one_host_buffer, 0);
}
static uint32_t kind_buffer_as_depth(struct sb *s)
{
    return sb_set_render_targets(s, 0, NULL, BUF_HOST);
}
static uint32_t kind_shader_as_texture(struct sb *s)
{
    return sb_set_texture(s, P, 0, PS);
}
static uint32_t kind_ps_in_vs(struct sb *s)
{
    return sb_bind_shaders(s, PS, PS, 0, 0);
}
static uint32_t kind_cs_in_ps(struct sb *s)
{
    return sb_bind_shaders(s, VS, CS, 0, 0);
}
static uint32_t kind_vs_in_cs(struct sb *s)
{
    return sb_bind_shaders(s, 0, 0, VS, 0);
}
static uint32_t kind_vs_in_legacy_gs(struct sb *s)
{
    return sb_bind_shaders(s, VS, PS, 0, VS);
}
static uint32_t kind_ds_in_hs(struct sb *s)
{
    return sb_bind_shaders_ex(s, VS, PS, GS, DS, DS);
}
static uint32_t kind_buffer_as_sampler(struct sb *s)
{
    return sb_set_samplers(s, P, one_host_buffer, 1);
}
static uint32_t kind_destroy_resource_shader(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, VS);
}
static uint32_t kind_destroy_resource_view(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, VIEW);
}
static uint32_t kind_destroy_shader_buffer(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_DESTROY_SHADER, BUF_HOST);
}
static uint32_t kind_destroy_view_texture(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_DESTROY_TEXTURE_VIEW, TEX_HOST);
}
static uint32_t kind_destroy_sampler_layout(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_DESTROY_SAMPLER, LAYOUT);
}
static uint32_t kind_destroy_layout_sampler(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_DESTROY_INPUT_LAYOUT, SAMPLER);
}
static uint32_t kind_copy_buffer_texture(struct sb *s)
{
    return sb_copy_buffer(s, TEX_HOST, BUF_HOST, 0, 0, 4, 0);
}
static uint32_t kind_copy_texture_buffer(struct sb *s)
{
    struct sb_copy_tex c = {TEX_HOST, BUF_HOST, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 0};
    return sb_copy_texture(s, &c);
}
static uint32_t kind_copy_texture_view(struct sb *s)
{
    struct sb_copy_tex c = {TEX_HOST, VIEW, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 0};
    return sb_copy_texture(s, &c);
}
static uint32_t kind_view_of_buffer(struct sb *s)
{
    return sb_create_view(s, 70, BUF_HOST, 0, 1, 0, 1);
}
static uint32_t kind_view_of_view(struct sb *s)
{
    return sb_create_view(s, 70, VIEW, 0, 1, 0, 1);
}
static uint32_t kind_layout_sampler(struct sb *s)
{
    return sb_handle_packet(s, AEROGPU_CMD_SET_INPUT_LAYOUT, SAMPLER);
}
static uint32_t kind_index_texture(struct sb *s)
{
    return sb_set_index_buffer(s, TEX_HOST);
}
static uint32_t kind_export_shader(struct sb *s)
{
    return sb_share(s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, VS, 0x77);
}
static uint32_t kind_cb_texture(struct sb *s)
{
    static const uint32_t b[] = {TEX_HOST};
    return sb_set_buffer_slots(s, AEROGPU_CMD_SET_CONSTANT_BUFFERS, P, b, 1);
}
static uint32_t kind_uav_sampler(struct sb *s)
{
    static const uint32_t b[] = {SAMPLER};
    return sb_set_buffer_slots(s, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, P, b, 1);
}
static uint32_t kind_dirty_view(struct sb *s)
{
    return sb_dirty_range(s, VIEW, 0, 4);
}
static uint32_t kind_imported_buffer_as_rt(struct sb *s)
{
    static const uint32_t c[] = {60};
    sb_share(s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, BUF_BACKED, 0x1234);
    sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 60, 0x1234);
    return sb_set_render_targets(s, 1, c, 0);
}

static const struct sem_case bad_cases[] = {
    {"create buffer 0", zero_buffer, AEROCMD_R_HANDLE_ZERO, AEROGPU_CMD_CREATE_BUFFER, 0},
    {"create texture 0", zero_texture, AEROCMD_R_HANDLE_ZERO, AEROGPU_CMD_CREATE_TEXTURE2D, 0},
    {"create view 0", zero_view, AEROCMD_R_HANDLE_ZERO, AEROGPU_CMD_CREATE_TEXTURE_VIEW, 0},
    {"create shader 0", zero_shader, AEROCMD_R_HANDLE_ZERO, AEROGPU_CMD_CREATE_SHADER_DXBC, 0},
    {"create layout 0", zero_layout, AEROCMD_R_HANDLE_ZERO, AEROGPU_CMD_CREATE_INPUT_LAYOUT, 0},
    {"create sampler 0", zero_sampler, AEROCMD_R_HANDLE_ZERO, AEROGPU_CMD_CREATE_SAMPLER, 0},
    {"import into 0", zero_import, AEROCMD_R_HANDLE_ZERO, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 0},

    {"buffer twice", exists_buffer, AEROCMD_R_HANDLE_EXISTS, AEROGPU_CMD_CREATE_BUFFER, 0},
    {"texture on a shader handle", exists_texture_on_shader, AEROCMD_R_HANDLE_EXISTS,
     AEROGPU_CMD_CREATE_TEXTURE2D, 0},
    {"sampler on a view handle", exists_sampler_on_view, AEROCMD_R_HANDLE_EXISTS,
     AEROGPU_CMD_CREATE_SAMPLER, 0},
    {"view on a texture handle", exists_view_on_texture, AEROCMD_R_HANDLE_EXISTS,
     AEROGPU_CMD_CREATE_TEXTURE_VIEW, 0},
    {"import onto a live handle", exists_import, AEROCMD_R_HANDLE_EXISTS,
     AEROGPU_CMD_IMPORT_SHARED_SURFACE, 0},
    {"shader on a sampler handle", exists_shader_on_sampler, AEROCMD_R_HANDLE_EXISTS,
     AEROGPU_CMD_CREATE_SHADER_DXBC, 0},
    {"input layout twice", exists_layout, AEROCMD_R_HANDLE_EXISTS, AEROGPU_CMD_CREATE_INPUT_LAYOUT,
     0},

    {"destroy unknown", unk_destroy, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_DESTROY_RESOURCE, 0},
    {"destroy 0", unk_destroy_zero, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_DESTROY_RESOURCE, 0},
    {"destroy twice", unk_destroy_twice, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_DESTROY_RESOURCE, 0},
    {"destroy unknown shader", unk_destroy_shader, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_DESTROY_SHADER, 0},
    {"destroy unknown layout", unk_destroy_layout, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_DESTROY_INPUT_LAYOUT, 0},
    {"destroy unknown sampler", unk_destroy_sampler, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_DESTROY_SAMPLER, 0},
    {"upload unknown", unk_upload, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_UPLOAD_RESOURCE, 0},
    {"dirty unknown", unk_dirty, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_RESOURCE_DIRTY_RANGE, 0},
    {"copy into unknown", unk_copy_dst, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_COPY_BUFFER, 0},
    {"copy into 0", unk_copy_dst_zero, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_COPY_BUFFER, 0},
    {"copy from unknown", unk_copy_src, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_COPY_BUFFER, 0},
    {"texture copy into unknown", unk_copy_tex_dst, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_COPY_TEXTURE2D, 0},
    {"texture copy from unknown", unk_copy_tex_src, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_COPY_TEXTURE2D, 0},
    {"view of unknown", unk_view_texture, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_CREATE_TEXTURE_VIEW,
     0},
    {"bind unknown vs", unk_bind_vs, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_BIND_SHADERS, 0},
    {"bind unknown ds (extended)", unk_bind_ds, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_BIND_SHADERS,
     0},
    {"set unknown input layout", unk_input_layout, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_SET_INPUT_LAYOUT, 0},
    {"unknown vertex buffer in slot 1", unk_vertex_buffer, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_SET_VERTEX_BUFFERS, 0},
    {"unknown index buffer", unk_index_buffer, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_SET_INDEX_BUFFER, 0},
    {"unknown constant buffer", unk_constant_buffer, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_SET_CONSTANT_BUFFERS, 0},
    {"unknown SRV buffer", unk_srv_buffer, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, 0},
    {"unknown UAV buffer", unk_uav_buffer, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 0},
    {"unknown texture", unk_texture, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_SET_TEXTURE, 0},
    {"unknown sampler", unk_sampler, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_SET_SAMPLERS, 0},
    {"unknown render target", unk_render_target, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_SET_RENDER_TARGETS, 0},
    {"unknown depth", unk_depth, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_SET_RENDER_TARGETS, 0},
    {"export unknown", unk_export, AEROCMD_R_HANDLE_UNKNOWN, AEROGPU_CMD_EXPORT_SHARED_SURFACE, 0},
    {"buffer used after destroy", unk_after_destroy, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_SET_VERTEX_BUFFERS, 0},
    {"shader used after destroy", unk_shader_after_destroy, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_BIND_SHADERS, 0},

    {"sampler as vertex buffer", kind_sampler_as_vb, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_SET_VERTEX_BUFFERS, 0},
    {"texture as vertex buffer", kind_texture_as_vb, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_SET_VERTEX_BUFFERS, 0},
    {"buffer as render target", kind_buffer_as_rt, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_SET_RENDER_TARGETS, 0},
    {"buffer as depth", kind_buffer_as_depth, AEROCMD_R_HANDLE_KIND, AEROGPU_CMD_SET_RENDER_TARGETS,
     0},
    {"shader as texture", kind_shader_as_texture, AEROCMD_R_HANDLE_KIND, AEROGPU_CMD_SET_TEXTURE,
     0},
    {"pixel shader in vs", kind_ps_in_vs, AEROCMD_R_HANDLE_KIND, AEROGPU_CMD_BIND_SHADERS, 0},
    {"compute shader in ps", kind_cs_in_ps, AEROCMD_R_HANDLE_KIND, AEROGPU_CMD_BIND_SHADERS, 0},
    {"vertex shader in cs", kind_vs_in_cs, AEROCMD_R_HANDLE_KIND, AEROGPU_CMD_BIND_SHADERS, 0},
    {"vertex shader as legacy gs", kind_vs_in_legacy_gs, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_BIND_SHADERS, 0},
    {"domain shader in hs", kind_ds_in_hs, AEROCMD_R_HANDLE_KIND, AEROGPU_CMD_BIND_SHADERS, 0},
    {"buffer as sampler", kind_buffer_as_sampler, AEROCMD_R_HANDLE_KIND, AEROGPU_CMD_SET_SAMPLERS,
     0},
    {"DESTROY_RESOURCE of a shader", kind_destroy_resource_shader, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_DESTROY_RESOURCE, 0},
    {"DESTROY_RESOURCE of a view", kind_destroy_resource_view, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_DESTROY_RESOURCE, 0},
    {"DESTROY_SHADER of a buffer", kind_destroy_shader_buffer, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_DESTROY_SHADER, 0},
    {"DESTROY_TEXTURE_VIEW of a texture", kind_destroy_view_texture, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_DESTROY_TEXTURE_VIEW, 0},
    {"DESTROY_SAMPLER of a layout", kind_destroy_sampler_layout, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_DESTROY_SAMPLER, 0},
    {"DESTROY_INPUT_LAYOUT of a sampler", kind_destroy_layout_sampler, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_DESTROY_INPUT_LAYOUT, 0},
    {"COPY_BUFFER into a texture", kind_copy_buffer_texture, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_COPY_BUFFER, 0},
    {"COPY_TEXTURE2D from a buffer", kind_copy_texture_buffer, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_COPY_TEXTURE2D, 0},
    {"COPY_TEXTURE2D from a view", kind_copy_texture_view, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_COPY_TEXTURE2D, 0},
    {"view of a buffer", kind_view_of_buffer, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_CREATE_TEXTURE_VIEW, 0},
    {"view of a view", kind_view_of_view, AEROCMD_R_HANDLE_KIND, AEROGPU_CMD_CREATE_TEXTURE_VIEW,
     0},
    {"sampler as input layout", kind_layout_sampler, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_SET_INPUT_LAYOUT, 0},
    {"texture as index buffer", kind_index_texture, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_SET_INDEX_BUFFER, 0},
    {"export a shader", kind_export_shader, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_EXPORT_SHARED_SURFACE, 0},
    {"texture as constant buffer", kind_cb_texture, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_SET_CONSTANT_BUFFERS, 0},
    {"sampler as UAV", kind_uav_sampler, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 0},
    {"dirty range of a view", kind_dirty_view, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_RESOURCE_DIRTY_RANGE, 0},
    {"imported buffer as render target", kind_imported_buffer_as_rt, AEROCMD_R_HANDLE_KIND,
     AEROGPU_CMD_SET_RENDER_TARGETS, 0},
};

/* stage_ex exists from ABI 1.3: below it a COMPUTE shader's reserved0 is ignored, so the
 * same bytes make a compute shader in a 1.2 stream and a hull shader in a 1.4 stream. */
static void test_stage_ex_by_minor(void)
{
    static struct sb s;
    struct aerocmd_semantic st;
    struct aerocmd_diag diag;
    uint32_t at;
    tracker_init(&st);
    sb_begin_abi(&s, 0x00010002u);
    sb_create_shader(&s, 5, AEROGPU_SHADER_STAGE_COMPUTE, AEROGPU_SHADER_STAGE_EX_HULL);
    sb_bind_shaders(&s, 0, 0, 5, 0);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, NULL, &diag), AEROCMD_OK);

    sb_begin_abi(&s, 0x00010004u);
    sb_create_shader(&s, 6, AEROGPU_SHADER_STAGE_COMPUTE, AEROGPU_SHADER_STAGE_EX_HULL);
    sb_bind_shaders_ex(&s, 0, 0, 0, 6, 0);
    at = sb_bind_shaders(&s, 0, 0, 6, 0);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, NULL, &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_HANDLE_KIND);
    CHECK_EQ(diag.offset, at);

    /* the 1.2 shader stays a compute shader when a 1.4 stream binds it */
    sb_begin_abi(&s, 0x00010004u);
    at = sb_bind_shaders_ex(&s, 0, 0, 0, 5, 0);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, NULL, &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_HANDLE_KIND);
    CHECK_EQ(diag.offset, at);
}

int main(void)
{
    test_stage_ex_by_minor();
    run_cases(bad_cases, sizeof bad_cases / sizeof bad_cases[0]);
    printf("%u malformed cases\n", (unsigned)(sizeof bad_cases / sizeof bad_cases[0]));
    return check_finish();
}
