/* SPDX-License-Identifier: MIT */
/* umd_scenes.h — scenes shared by the umd tests: a frame that exercises creation, binding,
 * drawing and clearing, run against any harness (so splits can be compared). */
#ifndef AEROCMD_TEST_UMD_SCENES_H
#define AEROCMD_TEST_UMD_SCENES_H

#include "umd_harness.h"

#include "shaders/scene_shaders.h"

#define F32_0    0x00000000u
#define F32_1    0x3F800000u
#define F32_16   0x41800000u
#define F32_64   0x42800000u
#define F32_HALF 0x3F000000u

#define DXGI_R32G32B32A32_FLOAT 2u
#define DXGI_R32G32B32_FLOAT    6u
#define DXGI_R32G32_FLOAT       16u
#define DXGI_R8G8B8A8_UNORM     28u
#define DXGI_R16_UINT           57u
#define DXGI_B8G8R8A8_UNORM     87u
#define DXGI_D24_UNORM_S8       45u

#define D3D_TRIANGLELIST 4u

/* Objects of the test frame; all memory lives here. */
struct scene {
    uint64_t vb_mem[32], ib_mem[32], cb_mem[32], rt_mem[32], tex_mem[32], ds_mem[32];
    uint64_t rtv_mem[8], srv_mem[8], dsv_mem[8];
    uint64_t vs_mem[8], ps_mem[8], il_mem[40], smp_mem[4];
    struct aerocmd_umd_resource *vb, *ib, *cb, *rt, *tex, *ds;
    struct aerocmd_umd_view *rtv, *srv, *dsv;
    struct aerocmd_umd_shader *vs, *ps;
    struct aerocmd_umd_input_layout *il;
    struct aerocmd_umd_sampler *smp;
};

static struct aerocmd_umd_buffer_desc buffer_desc(uint32_t size, uint32_t bind, uint32_t backed)
{
    struct aerocmd_umd_buffer_desc d;
    memset(&d, 0, sizeof d);
    d.size_bytes = size;
    d.bind_flags = bind;
    d.guest_backed = backed;
    return d;
}

static struct aerocmd_umd_texture2d_desc texture_desc(uint32_t w, uint32_t h, uint32_t fmt,
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

/* Creates every object; the first failure is returned. backed: buffers and the texture
 * live in guest allocations. */
static aerocmd_result scene_create(struct harness *h, struct scene *s, uint32_t backed)
{
    /* Clockwise (the default front face): the first indexed triangle is drawn, the second
     * (reversed) culled. */
    static const float verts[9] = {0, 0, 0, 0, 1, 0, 1, 0, 0};
    static const uint16_t indices[6] = {0, 1, 2, 2, 1, 0};
    static const uint32_t texels[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    uint8_t dxbc[SCENE_MAX_DXBC];
    uint32_t size;
    struct aerocmd_input_element el;
    struct aerocmd_umd_buffer_desc bd;
    struct aerocmd_umd_texture2d_desc td;
    struct aerocmd_umd_subresource_data init;
    struct aerocmd_umd_view_desc vd;
    struct aerocmd_umd_sampler_desc sd;
    aerocmd_result r;
    memset(s, 0, sizeof *s);
    bd = buffer_desc(sizeof verts, AEROCMD_UMD_BIND_VERTEX_BUFFER, backed);
    r = aerocmd_umd_create_buffer(h->dev, s->vb_mem, sizeof s->vb_mem, &bd, verts, &s->vb);
    if (r)
        return r;
    bd = buffer_desc(sizeof indices, AEROCMD_UMD_BIND_INDEX_BUFFER, backed);
    r = aerocmd_umd_create_buffer(h->dev, s->ib_mem, sizeof s->ib_mem, &bd, indices, &s->ib);
    if (r)
        return r;
    bd = buffer_desc(512, AEROCMD_UMD_BIND_CONSTANT_BUFFER, 0);
    r = aerocmd_umd_create_buffer(h->dev, s->cb_mem, sizeof s->cb_mem, &bd, NULL, &s->cb);
    if (r)
        return r;
    td = texture_desc(16, 16, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    r = aerocmd_umd_create_texture2d(h->dev, s->rt_mem, sizeof s->rt_mem, &td, NULL, &s->rt);
    if (r)
        return r;
    td = texture_desc(4, 4, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, backed);
    init.data = texels;
    init.row_pitch = 16;
    r = aerocmd_umd_create_texture2d(h->dev, s->tex_mem, sizeof s->tex_mem, &td, &init, &s->tex);
    if (r)
        return r;
    td = texture_desc(16, 16, DXGI_D24_UNORM_S8, AEROCMD_UMD_BIND_DEPTH_STENCIL, 0);
    r = aerocmd_umd_create_texture2d(h->dev, s->ds_mem, sizeof s->ds_mem, &td, NULL, &s->ds);
    if (r)
        return r;
    memset(&vd, 0, sizeof vd);
    r = aerocmd_umd_create_view(h->dev, s->rtv_mem, sizeof s->rtv_mem, AEROCMD_VIEW_RENDER_TARGET,
                                s->rt, &vd, &s->rtv);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_create_view(h->dev, s->srv_mem, sizeof s->srv_mem,
                                    AEROCMD_VIEW_SHADER_RESOURCE, s->tex, &vd, &s->srv);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_create_view(h->dev, s->dsv_mem, sizeof s->dsv_mem,
                                    AEROCMD_VIEW_DEPTH_STENCIL, s->ds, &vd, &s->dsv);
    if (r)
        return r;
    /* TEXCOORD = POSITION.xy, the texture sampled through the sampler. */
    size = scene_shader_dxbc(SCENE_VS_POSITION_UV, dxbc, sizeof dxbc);
    r = aerocmd_umd_create_shader(h->dev, s->vs_mem, sizeof s->vs_mem, AEROCMD_SHADER_VS, dxbc,
                                  size, &s->vs);
    if (r)
        return r;
    size = scene_shader_dxbc(SCENE_PS_TEXTURE, dxbc, sizeof dxbc);
    r = aerocmd_umd_create_shader(h->dev, s->ps_mem, sizeof s->ps_mem, AEROCMD_SHADER_PS, dxbc,
                                  size, &s->ps);
    if (r)
        return r;
    memset(&el, 0, sizeof el);
    el.semantic_name = "POSITION";
    el.dxgi_format = DXGI_R32G32B32_FLOAT;
    r = aerocmd_umd_create_input_layout(h->dev, s->il_mem, sizeof s->il_mem, &el, 1, &s->il);
    if (r)
        return r;
    memset(&sd, 0, sizeof sd);
    sd.filter = AEROCMD_UMD_FILTER_MIN_MAG_MIP_LINEAR;
    sd.address_u = sd.address_v = sd.address_w = AEROCMD_UMD_ADDRESS_CLAMP;
    sd.max_lod_f32 = 0x7F7FFFFFu;
    sd.min_lod_f32 = 0xFF7FFFFFu;
    return aerocmd_umd_create_sampler(h->dev, s->smp_mem, sizeof s->smp_mem, &sd, &s->smp);
}

static void scene_destroy(struct scene *s)
{
    if (s->smp)
        aerocmd_umd_destroy_sampler(s->smp);
    if (s->il)
        aerocmd_umd_destroy_input_layout(s->il);
    if (s->ps)
        aerocmd_umd_destroy_shader(s->ps);
    if (s->vs)
        aerocmd_umd_destroy_shader(s->vs);
    if (s->dsv)
        aerocmd_umd_destroy_view(s->dsv);
    if (s->srv)
        aerocmd_umd_destroy_view(s->srv);
    if (s->rtv)
        aerocmd_umd_destroy_view(s->rtv);
    if (s->ds)
        aerocmd_umd_destroy_resource(s->ds);
    if (s->tex)
        aerocmd_umd_destroy_resource(s->tex);
    if (s->rt)
        aerocmd_umd_destroy_resource(s->rt);
    if (s->cb)
        aerocmd_umd_destroy_resource(s->cb);
    if (s->ib)
        aerocmd_umd_destroy_resource(s->ib);
    if (s->vb)
        aerocmd_umd_destroy_resource(s->vb);
    memset(s, 0, sizeof *s);
}

/* Clear, the textured triangle, the same triangle indexed with a constant buffer bound (the
 * depth test rejects it: equal depth, LESS), a second draw with a different constant range,
 * then present; the 16x16 target is the viewport. */
static aerocmd_result scene_frame(struct harness *h, struct scene *s)
{
    static const uint32_t black[4] = {0, 0, 0, F32_1};
    struct aerocmd_umd_context *c = h->ctx;
    struct aerocmd_umd_viewport vp = {F32_0, F32_0, F32_16, F32_16, F32_0, F32_1};
    uint32_t stride = 12, offset = 0, first = 0, num = 16, first2 = 16;
    aerocmd_result r;
    r = aerocmd_umd_clear_render_target(c, s->rtv, black);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_clear_depth_stencil(c, s->dsv, AEROGPU_CLEAR_DEPTH, F32_1, 0);
    if (r)
        return r;
    aerocmd_umd_set_render_targets(c, 1, &s->rtv, s->dsv);
    aerocmd_umd_set_viewports(c, 1, &vp);
    aerocmd_umd_set_input_layout(c, s->il);
    aerocmd_umd_set_vertex_buffers(c, 0, 1, &s->vb, &stride, &offset);
    aerocmd_umd_set_topology(c, D3D_TRIANGLELIST);
    aerocmd_umd_set_shader(c, AEROCMD_SHADER_VS, s->vs);
    aerocmd_umd_set_shader(c, AEROCMD_SHADER_PS, s->ps);
    aerocmd_umd_set_shader_resources(c, AEROCMD_SHADER_PS, 0, 1, &s->srv);
    aerocmd_umd_set_samplers(c, AEROCMD_SHADER_PS, 0, 1,
                             (const struct aerocmd_umd_sampler *const *)&s->smp);
    r = aerocmd_umd_draw(c, 3, 0);
    if (r)
        return r;
    aerocmd_umd_set_index_buffer(c, s->ib, DXGI_R16_UINT, 0);
    aerocmd_umd_set_constant_buffers(c, AEROCMD_SHADER_VS, 0, 1, &s->cb, &first, &num);
    r = aerocmd_umd_draw_indexed(c, 6, 0, 0);
    if (r)
        return r;
    aerocmd_umd_set_constant_buffers(c, AEROCMD_SHADER_VS, 0, 1, &s->cb, &first2, &num);
    r = aerocmd_umd_draw_indexed(c, 6, 0, 0);
    if (r)
        return r;
    return aerocmd_umd_present(c, 1);
}

#endif /* AEROCMD_TEST_UMD_SCENES_H */
