/* SPDX-License-Identifier: MIT */
/* faults_scenes.h — the umd scenarios the fault sweeps rerun: the golden scenarios'
 * pipelines (triangle, indexed textured quad, depth, MRT gaps, GS, compute, hazards) plus
 * the data paths (dynamic Map, staging readback, UpdateSubresourceUP, Map of guest-backed
 * memory, copies), destruction of bound guest-backed resources, and (faults_scenes_more.h)
 * dynamic textures, BC boxes, buffer readback, compute UAVs, sharing, rotation and resize.
 * Each returns the first error any call reports; every object it creates is recorded in
 * the env, which destroys them all afterwards. */
#ifndef AEROCMD_TEST_FAULTS_SCENES_H
#define AEROCMD_TEST_FAULTS_SCENES_H

#include "faults_env.h"
#include "shaders/scene_shaders.h"

#define TRY(call)                                                                                  \
    do {                                                                                           \
        aerocmd_result try_result_ = (call);                                                       \
        if (try_result_ != AEROCMD_OK)                                                             \
            return try_result_;                                                                    \
    } while (0)

#define F32_0    0x00000000u
#define F32_1    0x3F800000u
#define F32_HALF 0x3F000000u
#define F32_64   0x42800000u

#define DXGI_R32G32B32A32_FLOAT 2u
#define DXGI_R32G32B32_FLOAT    6u
#define DXGI_R8G8B8A8_UNORM     28u
#define DXGI_D24_UNORM_S8       45u
#define DXGI_R16_UINT           57u
#define DXGI_B8G8R8A8_UNORM     87u
#define D3D_TRIANGLELIST        4u

/* ---- creating objects ----------------------------------------------------------------------- */

static struct aerocmd_umd_buffer_desc buf_desc(uint32_t size, uint32_t bind, uint32_t backed)
{
    struct aerocmd_umd_buffer_desc d;
    memset(&d, 0, sizeof d);
    d.size_bytes = size;
    d.bind_flags = bind;
    d.guest_backed = backed;
    return d;
}

static struct aerocmd_umd_texture2d_desc tex_desc(uint32_t w, uint32_t h, uint32_t fmt,
                                                  uint32_t bind, uint32_t backed)
{
    struct aerocmd_umd_texture2d_desc d;
    memset(&d, 0, sizeof d);
    d.width = w;
    d.height = h;
    d.mip_levels = 1;
    d.array_size = 1;
    d.dxgi_format = fmt;
    d.sample_count = 1;
    d.bind_flags = bind;
    d.guest_backed = backed;
    return d;
}

static aerocmd_result mk_buffer(struct env *e, const struct aerocmd_umd_buffer_desc *d,
                                const void *data, struct aerocmd_umd_resource **out)
{
    size_t size = aerocmd_umd_resource_size();
    void *mem = env_take(e, size);
    *out = NULL;
    if (mem == NULL)
        return AEROCMD_E_INVALID_ARG;
    TRY(aerocmd_umd_create_buffer(e->dev, mem, size, d, data, out));
    env_remember(e, ENV_RESOURCE, *out);
    return AEROCMD_OK;
}

static aerocmd_result mk_texture(struct env *e, const struct aerocmd_umd_texture2d_desc *d,
                                 const struct aerocmd_umd_subresource_data *init,
                                 struct aerocmd_umd_resource **out)
{
    size_t size = aerocmd_umd_resource_size();
    void *mem = env_take(e, size);
    *out = NULL;
    if (mem == NULL)
        return AEROCMD_E_INVALID_ARG;
    TRY(aerocmd_umd_create_texture2d(e->dev, mem, size, d, init, out));
    env_remember(e, ENV_RESOURCE, *out);
    return AEROCMD_OK;
}

/* vd NULL: the whole resource in its own format. */
static aerocmd_result mk_view(struct env *e, enum aerocmd_view_kind kind,
                              struct aerocmd_umd_resource *res,
                              const struct aerocmd_umd_view_desc *vd, struct aerocmd_umd_view **out)
{
    struct aerocmd_umd_view_desc whole;
    size_t size = aerocmd_umd_view_size();
    void *mem = env_take(e, size);
    *out = NULL;
    memset(&whole, 0, sizeof whole);
    if (mem == NULL)
        return AEROCMD_E_INVALID_ARG;
    TRY(aerocmd_umd_create_view(e->dev, mem, size, kind, res, vd ? vd : &whole, out));
    env_remember(e, ENV_VIEW, *out);
    return AEROCMD_OK;
}

/* A render-target (and shader-resource) texture of w x h B8G8R8A8 and its RTV. */
static aerocmd_result mk_target(struct env *e, uint32_t w, uint32_t h,
                                struct aerocmd_umd_view **out)
{
    struct aerocmd_umd_texture2d_desc td =
        tex_desc(w, h, DXGI_B8G8R8A8_UNORM,
                 AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *tex;
    *out = NULL;
    TRY(mk_texture(e, &td, NULL, &tex));
    return mk_view(e, AEROCMD_VIEW_RENDER_TARGET, tex, NULL, out);
}

/* Scene shader `id` (shaders/scene_shaders.h). */
static aerocmd_result mk_shader(struct env *e, enum scene_shader_id id,
                                struct aerocmd_umd_shader **out)
{
    uint8_t dxbc[SCENE_MAX_DXBC];
    uint32_t size = scene_shader_dxbc(id, dxbc, sizeof dxbc);
    size_t obj = aerocmd_umd_shader_size();
    void *mem = env_take(e, obj);
    *out = NULL;
    if (mem == NULL || size == 0)
        return AEROCMD_E_INVALID_ARG;
    TRY(aerocmd_umd_create_shader(e->dev, mem, obj, scene_shader_specs[id].kind, dxbc, size, out));
    env_remember(e, ENV_SHADER, *out);
    return AEROCMD_OK;
}

/* POSITION and COLOR: the scene COLOR pipeline's vertex. */
static aerocmd_result mk_color_layout(struct env *e, struct aerocmd_umd_input_layout **out)
{
    struct aerocmd_input_element el[2];
    size_t size = aerocmd_umd_input_layout_size();
    void *mem = env_take(e, size);
    *out = NULL;
    if (mem == NULL)
        return AEROCMD_E_INVALID_ARG;
    memset(el, 0, sizeof el);
    el[0].semantic_name = "POSITION";
    el[0].dxgi_format = DXGI_R32G32B32_FLOAT;
    el[1].semantic_name = "COLOR";
    el[1].dxgi_format = DXGI_R32G32B32A32_FLOAT;
    el[1].aligned_byte_offset = 12;
    TRY(aerocmd_umd_create_input_layout(e->dev, mem, size, el, 2, out));
    env_remember(e, ENV_LAYOUT, *out);
    return AEROCMD_OK;
}

static aerocmd_result mk_linear_sampler(struct env *e, struct aerocmd_umd_sampler **out)
{
    struct aerocmd_umd_sampler_desc sd;
    size_t size = aerocmd_umd_sampler_size();
    void *mem = env_take(e, size);
    *out = NULL;
    if (mem == NULL)
        return AEROCMD_E_INVALID_ARG;
    memset(&sd, 0, sizeof sd);
    sd.filter = AEROCMD_UMD_FILTER_MIN_MAG_MIP_LINEAR;
    sd.address_u = sd.address_v = sd.address_w = AEROCMD_UMD_ADDRESS_CLAMP;
    sd.max_lod_f32 = 0x7F7FFFFFu;
    sd.min_lod_f32 = 0xFF7FFFFFu;
    TRY(aerocmd_umd_create_sampler(e->dev, mem, size, &sd, out));
    env_remember(e, ENV_SAMPLER, *out);
    return AEROCMD_OK;
}

/* A vertex buffer with the scene triangle (POSITION + COLOR). */
static aerocmd_result mk_triangle_vb(struct env *e, uint32_t backed,
                                     struct aerocmd_umd_resource **out)
{
    struct aerocmd_umd_buffer_desc bd =
        buf_desc(sizeof scene_triangle, AEROCMD_UMD_BIND_VERTEX_BUFFER, backed);
    return mk_buffer(e, &bd, scene_triangle, out);
}

/* Input layout, the vertex buffer, triangle list, VS + PS, the targets, a 64x64 viewport. */
static aerocmd_result bind_basic(struct env *e, struct aerocmd_umd_resource *vb,
                                 struct aerocmd_umd_view *rtv, struct aerocmd_umd_view *dsv)
{
    struct aerocmd_umd_viewport vp = {F32_0, F32_0, F32_64, F32_64, F32_0, F32_1};
    struct aerocmd_umd_input_layout *il;
    struct aerocmd_umd_shader *vs, *ps;
    uint32_t stride = SCENE_COLOR_STRIDE, offset = 0;
    TRY(mk_color_layout(e, &il));
    TRY(mk_shader(e, SCENE_VS_COLOR, &vs));
    TRY(mk_shader(e, SCENE_PS_COLOR, &ps));
    aerocmd_umd_set_input_layout(e->ctx, il);
    TRY(aerocmd_umd_set_vertex_buffers(e->ctx, 0, 1, &vb, &stride, &offset));
    TRY(aerocmd_umd_set_topology(e->ctx, D3D_TRIANGLELIST));
    TRY(aerocmd_umd_set_shader(e->ctx, AEROCMD_SHADER_VS, vs));
    TRY(aerocmd_umd_set_shader(e->ctx, AEROCMD_SHADER_PS, ps));
    TRY(aerocmd_umd_set_render_targets(e->ctx, 1, &rtv, dsv));
    return aerocmd_umd_set_viewports(e->ctx, 1, &vp);
}

/* The basic pipeline over a fresh triangle buffer and a fresh 64x64 target. */
static aerocmd_result basic_pipeline(struct env *e, struct aerocmd_umd_view **rtv_out)
{
    struct aerocmd_umd_resource *vb;
    struct aerocmd_umd_view *rtv;
    TRY(mk_triangle_vb(e, 0, &vb));
    TRY(mk_target(e, 64, 64, &rtv));
    if (rtv_out != NULL)
        *rtv_out = rtv;
    return bind_basic(e, vb, rtv, NULL);
}

/* ---- pipelines ------------------------------------------------------------------------------ */

static aerocmd_result sc_triangle(struct env *e)
{
    TRY(basic_pipeline(e, NULL));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    return aerocmd_umd_present(e->ctx, 1);
}

static aerocmd_result indexed_quad_texture(struct env *e, uint32_t backed)
{
    static const uint16_t idx[6] = {0, 1, 2, 2, 1, 3};
    static const uint32_t texels[16] = {0xFF0000FFu, 0xFF00FF00u, 0xFFFF0000u, 0xFFFFFFFFu};
    struct aerocmd_umd_buffer_desc ibd = buf_desc(sizeof idx, AEROCMD_UMD_BIND_INDEX_BUFFER, 0);
    struct aerocmd_umd_texture2d_desc td =
        tex_desc(4, 4, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, backed);
    struct aerocmd_umd_subresource_data init = {texels, 16};
    struct aerocmd_umd_resource *ib, *tex;
    struct aerocmd_umd_view *srv;
    struct aerocmd_umd_sampler *smp;
    TRY(basic_pipeline(e, NULL));
    TRY(mk_buffer(e, &ibd, idx, &ib));
    TRY(aerocmd_umd_set_index_buffer(e->ctx, ib, DXGI_R16_UINT, 0));
    TRY(mk_texture(e, &td, &init, &tex));
    TRY(mk_view(e, AEROCMD_VIEW_SHADER_RESOURCE, tex, NULL, &srv));
    TRY(mk_linear_sampler(e, &smp));
    TRY(aerocmd_umd_set_shader_resources(e->ctx, AEROCMD_SHADER_PS, 0, 1, &srv));
    TRY(aerocmd_umd_set_samplers(e->ctx, AEROCMD_SHADER_PS, 0, 1,
                                 (const struct aerocmd_umd_sampler *const *)&smp));
    return aerocmd_umd_draw_indexed(e->ctx, 6, 0, 0);
}

static aerocmd_result sc_indexed_quad_texture(struct env *e)
{
    return indexed_quad_texture(e, 1);
}

/* The same scene with the texture's contents uploaded to host-owned memory. */
static aerocmd_result sc_indexed_quad_texture_host(struct env *e)
{
    return indexed_quad_texture(e, 0);
}

static aerocmd_result sc_depth_test(struct env *e)
{
    static const uint32_t grey[4] = {F32_HALF, F32_HALF, F32_HALF, F32_1};
    struct aerocmd_umd_texture2d_desc td =
        tex_desc(64, 64, DXGI_D24_UNORM_S8, AEROCMD_UMD_BIND_DEPTH_STENCIL, 0);
    struct aerocmd_umd_depth_stencil_desc dd;
    struct aerocmd_umd_depth_stencil_state *ds;
    struct aerocmd_umd_resource *vb, *depth;
    struct aerocmd_umd_view *rtv, *dsv;
    void *mem = env_take(e, aerocmd_umd_depth_stencil_state_size());
    if (mem == NULL)
        return AEROCMD_E_INVALID_ARG;
    memset(&dd, 0, sizeof dd);
    dd.depth_enable = 1;
    dd.depth_write = 1;
    dd.depth_func = AEROCMD_UMD_COMPARISON_LESS;
    dd.stencil_read_mask = dd.stencil_write_mask = 0xFF;
    TRY(aerocmd_umd_create_depth_stencil_state(e->dev, mem, aerocmd_umd_depth_stencil_state_size(),
                                               &dd, &ds));
    env_remember(e, ENV_DEPTH, ds);
    TRY(mk_target(e, 64, 64, &rtv));
    TRY(mk_texture(e, &td, NULL, &depth));
    TRY(mk_view(e, AEROCMD_VIEW_DEPTH_STENCIL, depth, NULL, &dsv));
    TRY(mk_triangle_vb(e, 1, &vb));
    TRY(bind_basic(e, vb, rtv, dsv));
    aerocmd_umd_set_depth_stencil_state(e->ctx, ds, 0);
    TRY(aerocmd_umd_clear_render_target(e->ctx, rtv, grey));
    TRY(aerocmd_umd_clear_depth_stencil(e->ctx, dsv, AEROGPU_CLEAR_DEPTH, F32_1, 0));
    return aerocmd_umd_draw(e->ctx, 3, 0);
}

static aerocmd_result sc_mrt_gaps(struct env *e)
{
    struct aerocmd_umd_view *rtvs[3];
    TRY(basic_pipeline(e, &rtvs[0]));
    rtvs[1] = NULL;
    TRY(mk_target(e, 64, 64, &rtvs[2]));
    TRY(aerocmd_umd_set_render_targets(e->ctx, 3, rtvs, NULL));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    rtvs[0] = NULL;
    rtvs[1] = rtvs[2];
    TRY(aerocmd_umd_set_render_targets(e->ctx, 2, rtvs, NULL));
    return aerocmd_umd_draw(e->ctx, 3, 0);
}

static aerocmd_result sc_gs_bound(struct env *e)
{
    struct aerocmd_umd_buffer_desc cbd = buf_desc(256, AEROCMD_UMD_BIND_CONSTANT_BUFFER, 0);
    struct aerocmd_umd_resource *cb;
    struct aerocmd_umd_shader *gs;
    TRY(mk_buffer(e, &cbd, NULL, &cb));
    TRY(basic_pipeline(e, NULL));
    TRY(mk_shader(e, SCENE_GS_SHIFT, &gs));
    TRY(aerocmd_umd_set_shader(e->ctx, AEROCMD_SHADER_GS, gs));
    TRY(aerocmd_umd_set_constant_buffers(e->ctx, AEROCMD_SHADER_GS, 0, 1, &cb, NULL, NULL));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    TRY(aerocmd_umd_set_shader(e->ctx, AEROCMD_SHADER_GS, NULL));
    return aerocmd_umd_draw(e->ctx, 3, 0);
}

static aerocmd_result sc_compute_dispatch(struct env *e)
{
    struct aerocmd_umd_buffer_desc cbd = buf_desc(64, AEROCMD_UMD_BIND_CONSTANT_BUFFER, 0);
    struct aerocmd_umd_buffer_desc sbd = buf_desc(256, AEROCMD_UMD_BIND_SHADER_RESOURCE, 1);
    struct aerocmd_umd_resource *cb, *sb;
    struct aerocmd_umd_view_desc vd;
    struct aerocmd_umd_view *srv;
    struct aerocmd_umd_shader *cs;
    sbd.misc_flags = AEROCMD_UMD_MISC_BUFFER_STRUCTURED; /* a structured view needs it */
    sbd.structure_stride = 16;
    memset(&vd, 0, sizeof vd);
    vd.first_element = 2;
    vd.element_count = 8;
    vd.element_bytes = 16;
    TRY(mk_buffer(e, &cbd, NULL, &cb));
    TRY(mk_buffer(e, &sbd, NULL, &sb));
    TRY(mk_view(e, AEROCMD_VIEW_SHADER_RESOURCE, sb, &vd, &srv));
    TRY(mk_shader(e, SCENE_CS_READ, &cs));
    TRY(aerocmd_umd_set_shader(e->ctx, AEROCMD_SHADER_CS, cs));
    TRY(aerocmd_umd_set_constant_buffers(e->ctx, AEROCMD_SHADER_CS, 0, 1, &cb, NULL, NULL));
    TRY(aerocmd_umd_set_shader_resources(e->ctx, AEROCMD_SHADER_CS, 1, 1, &srv));
    TRY(aerocmd_umd_dispatch(e->ctx, 4, 2, 1));
    return aerocmd_umd_dispatch(e->ctx, 1, 1, 1);
}

static aerocmd_result sc_hazard_unbind(struct env *e)
{
    struct aerocmd_umd_texture2d_desc td =
        tex_desc(64, 64, DXGI_B8G8R8A8_UNORM,
                 AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *tex;
    struct aerocmd_umd_view *srv, *rtv;
    TRY(mk_texture(e, &td, NULL, &tex));
    TRY(mk_view(e, AEROCMD_VIEW_SHADER_RESOURCE, tex, NULL, &srv));
    TRY(mk_view(e, AEROCMD_VIEW_RENDER_TARGET, tex, NULL, &rtv));
    TRY(basic_pipeline(e, NULL));
    TRY(aerocmd_umd_set_shader_resources(e->ctx, AEROCMD_SHADER_PS, 2, 1, &srv));
    TRY(aerocmd_umd_set_shader_resources(e->ctx, AEROCMD_SHADER_VS, 0, 1, &srv));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    TRY(aerocmd_umd_set_render_targets(e->ctx, 1, &rtv, NULL));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    TRY(aerocmd_umd_set_shader_resources(e->ctx, AEROCMD_SHADER_PS, 0, 1, &srv));
    return aerocmd_umd_draw(e->ctx, 3, 0);
}

/* ---- data paths ---------------------------------------------------------------------------- */

/* A dynamic constant buffer rewritten between draws, then destroyed while bound. */
static aerocmd_result sc_dynamic_cb(struct env *e)
{
    struct aerocmd_umd_buffer_desc cbd = buf_desc(32, AEROCMD_UMD_BIND_CONSTANT_BUFFER, 0);
    struct aerocmd_umd_resource *cb;
    struct aerocmd_umd_mapped m;
    uint32_t frame;
    cbd.usage = AEROCMD_UMD_USAGE_DYNAMIC;
    cbd.cpu_access = AEROCMD_UMD_CPU_ACCESS_WRITE;
    TRY(mk_buffer(e, &cbd, NULL, &cb));
    TRY(basic_pipeline(e, NULL));
    TRY(aerocmd_umd_set_constant_buffers(e->ctx, AEROCMD_SHADER_VS, 0, 1, &cb, NULL, NULL));
    for (frame = 1; frame <= 2; frame++) {
        TRY(aerocmd_umd_map(e->ctx, cb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m));
        memset(m.data, (int)(0x10u * frame), 32);
        TRY(aerocmd_umd_unmap(e->ctx, cb, 0));
        TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    }
    TRY(aerocmd_umd_map(e->ctx, cb, 0, AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE, 0, &m));
    memset((uint8_t *)m.data + 10, 0xAA, 3);
    TRY(aerocmd_umd_unmap_range(e->ctx, cb, 0, 10, 3));
    env_forget(e, cb);
    return aerocmd_umd_destroy_resource(cb);
}

/* Clear a target, copy it into a staging texture, Map(READ) the copy. */
static aerocmd_result sc_readback(struct env *e)
{
    static const uint32_t green[4] = {F32_0, F32_1, F32_0, F32_1};
    struct aerocmd_umd_texture2d_desc sd = tex_desc(8, 8, DXGI_B8G8R8A8_UNORM, 0, 0);
    struct aerocmd_umd_texture2d_desc rd =
        tex_desc(8, 8, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_resource *rt, *staging;
    struct aerocmd_umd_view *rtv;
    struct aerocmd_umd_mapped m;
    sd.usage = AEROCMD_UMD_USAGE_STAGING;
    sd.cpu_access = AEROCMD_UMD_CPU_ACCESS_READ;
    TRY(mk_texture(e, &rd, NULL, &rt));
    TRY(mk_view(e, AEROCMD_VIEW_RENDER_TARGET, rt, NULL, &rtv));
    TRY(mk_texture(e, &sd, NULL, &staging));
    TRY(aerocmd_umd_clear_render_target(e->ctx, rtv, green));
    TRY(aerocmd_umd_copy_subresource_region(e->ctx, staging, 0, 0, 0, 0, rt, 0, NULL));
    TRY(aerocmd_umd_map(e->ctx, staging, 0, AEROCMD_UMD_MAP_READ, 0, &m));
    if (((const uint8_t *)m.data)[1] != 0xFF || ((const uint8_t *)m.data)[2] != 0) {
        (void)aerocmd_umd_unmap(e->ctx, staging, 0);
        return AEROCMD_E_MALFORMED; /* the readback does not hold the clear colour */
    }
    return aerocmd_umd_unmap(e->ctx, staging, 0);
}

/* UpdateSubresourceUP into host-owned and guest-backed textures and buffers. */
static aerocmd_result sc_update_subresource(struct env *e)
{
    static const uint8_t src[64] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    struct aerocmd_umd_texture2d_desc td =
        tex_desc(16, 16, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 1);
    struct aerocmd_umd_buffer_desc hb = buf_desc(32, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_buffer_desc gb = buf_desc(32, AEROCMD_UMD_BIND_VERTEX_BUFFER, 1);
    struct aerocmd_box box = {1, 1, 0, 3, 3, 1}, range = {8, 0, 0, 16, 1, 1};
    struct aerocmd_box odd = {3, 0, 0, 5, 1, 1};
    struct aerocmd_umd_resource *backed_tex, *host_tex, *host_buf, *backed_buf;
    td.mip_levels = 3;
    td.array_size = 2;
    TRY(mk_texture(e, &td, NULL, &backed_tex));
    td.guest_backed = 0;
    TRY(mk_texture(e, &td, NULL, &host_tex));
    TRY(mk_buffer(e, &hb, NULL, &host_buf));
    TRY(mk_buffer(e, &gb, NULL, &backed_buf));
    TRY(aerocmd_umd_update_subresource(e->ctx, backed_tex, 2 + 1 * 3, &box, src, 12, 0));
    TRY(aerocmd_umd_update_subresource(e->ctx, host_tex, 2 + 1 * 3, &box, src, 12, 0));
    TRY(aerocmd_umd_update_subresource(e->ctx, host_buf, 0, &range, src, 0, 0));
    TRY(aerocmd_umd_update_subresource(e->ctx, backed_buf, 0, &odd, src, 0, 0));
    return aerocmd_umd_flush(e->ctx);
}

/* Map of guest-backed memory: a dynamic vertex buffer read by a draw, then rewritten
 * (WRITE_DISCARD waits for that draw), and a staging buffer read back and written. */
static aerocmd_result sc_backed_map(struct env *e)
{
    struct aerocmd_umd_buffer_desc vbd = buf_desc(36, AEROCMD_UMD_BIND_VERTEX_BUFFER, 1);
    struct aerocmd_umd_buffer_desc sbd = buf_desc(64, 0, 1);
    struct aerocmd_umd_resource *vb, *staging;
    struct aerocmd_umd_view *rtv;
    struct aerocmd_umd_mapped m;
    vbd.usage = AEROCMD_UMD_USAGE_DYNAMIC;
    vbd.cpu_access = AEROCMD_UMD_CPU_ACCESS_WRITE;
    sbd.usage = AEROCMD_UMD_USAGE_STAGING;
    sbd.cpu_access = AEROCMD_UMD_CPU_ACCESS_READ | AEROCMD_UMD_CPU_ACCESS_WRITE;
    TRY(mk_buffer(e, &vbd, NULL, &vb));
    TRY(mk_target(e, 64, 64, &rtv));
    TRY(bind_basic(e, vb, rtv, NULL));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    TRY(aerocmd_umd_map(e->ctx, vb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m));
    memset(m.data, 0x3F, 36);
    TRY(aerocmd_umd_unmap_range(e->ctx, vb, 0, 4, 8));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    TRY(mk_buffer(e, &sbd, NULL, &staging));
    TRY(aerocmd_umd_copy_subresource_region(e->ctx, staging, 0, 8, 0, 0, vb, 0, NULL));
    TRY(aerocmd_umd_map(e->ctx, staging, 0, AEROCMD_UMD_MAP_READ_WRITE, 0, &m));
    /* only [4, 12) of the buffer was announced, so the host copied 0x3F to [12, 20) */
    if (((const uint8_t *)m.data)[12] != 0x3F || ((const uint8_t *)m.data)[8] != 0) {
        (void)aerocmd_umd_unmap(e->ctx, staging, 0);
        return AEROCMD_E_MALFORMED;
    }
    memset(m.data, 0x11, 4);
    TRY(aerocmd_umd_unmap(e->ctx, staging, 0));
    return aerocmd_umd_wait_idle(e->ctx, 0);
}

/* Guest-backed resources destroyed while bound and in flight, replaced, drawn again, and
 * presented with DXGI flags. */
static aerocmd_result sc_destroy_bound(struct env *e)
{
    static const uint32_t texels[4] = {1, 2, 3, 4};
    struct aerocmd_umd_texture2d_desc td =
        tex_desc(2, 2, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 1);
    struct aerocmd_umd_subresource_data init = {texels, 8};
    struct aerocmd_umd_resource *vb, *tex, *vb2;
    struct aerocmd_umd_view *srv;
    uint32_t stride = SCENE_COLOR_STRIDE, offset = 0;
    TRY(mk_triangle_vb(e, 1, &vb));
    TRY(mk_texture(e, &td, &init, &tex));
    TRY(mk_view(e, AEROCMD_VIEW_SHADER_RESOURCE, tex, NULL, &srv));
    TRY(basic_pipeline(e, NULL));
    TRY(aerocmd_umd_set_vertex_buffers(e->ctx, 1, 1, &vb, &stride, &offset));
    TRY(aerocmd_umd_set_shader_resources(e->ctx, AEROCMD_SHADER_PS, 0, 1, &srv));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    env_forget(e, srv);
    TRY(aerocmd_umd_destroy_view(srv));
    env_forget(e, tex);
    TRY(aerocmd_umd_destroy_resource(tex));
    env_forget(e, vb);
    TRY(aerocmd_umd_destroy_resource(vb));
    TRY(mk_triangle_vb(e, 1, &vb2));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    TRY(aerocmd_umd_present(e->ctx, 0));
    TRY(aerocmd_umd_present_ex(e->ctx, 1, AEROCMD_UMD_PRESENT_TEST));
    return aerocmd_umd_present_ex(e->ctx, 2, AEROCMD_UMD_PRESENT_DO_NOT_WAIT);
}

#include "faults_scenes_more.h"

struct fault_scene {
    const char *name;
    aerocmd_result (*run)(struct env *e);
};

static const struct fault_scene fault_scenes[] = {
    {"triangle", sc_triangle},
    {"indexed_quad_texture", sc_indexed_quad_texture},
    {"indexed_quad_texture_host", sc_indexed_quad_texture_host},
    {"depth_test", sc_depth_test},
    {"mrt_gaps", sc_mrt_gaps},
    {"gs_bound", sc_gs_bound},
    {"compute_dispatch", sc_compute_dispatch},
    {"hazard_unbind", sc_hazard_unbind},
    {"dynamic_cb", sc_dynamic_cb},
    {"readback", sc_readback},
    {"update_subresource", sc_update_subresource},
    {"backed_map", sc_backed_map},
    {"destroy_bound", sc_destroy_bound},
    {"dynamic_texture", sc_dynamic_texture},
    {"update_bc_box", sc_update_bc_box},
    {"buffer_readback", sc_buffer_readback},
    {"compute_uav", sc_compute_uav},
    {"shared_surface", sc_shared_surface},
    {"rotate", sc_rotate},
    {"rotate_owned_views", sc_rotate_owned_views},
    {"token_shaders", sc_token_shaders},
    {"queries", sc_queries},
    {"resize", sc_resize},
};

#endif /* AEROCMD_TEST_FAULTS_SCENES_H */
