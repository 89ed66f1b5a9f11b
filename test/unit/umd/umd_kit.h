/* SPDX-License-Identifier: MIT */
/* umd_kit.h — one-line object creation for scenario tests: a bump arena for object memory
 * and helpers that create a buffer, texture, view, shader or state with test defaults.
 * Every helper reports failure through CHECK and returns NULL. */
#ifndef AEROCMD_TEST_UMD_KIT_H
#define AEROCMD_TEST_UMD_KIT_H

#include "umd_scenes.h"

#include "shaders/scene_shaders.h"

#include "aerocmd/umd_compute.h"
#include "aerocmd/umd_query.h"

#define KIT_ARENA_WORDS   16384u
#define DXGI_R32_TYPELESS 39u
#define DXGI_R32_FLOAT    41u
#define DXGI_R32_UINT     42u
#define DXGI_D32_FLOAT    40u
#define DXGI_BC1_UNORM    71u
#define DXGI_B8G8R8X8     88u

#define KIT_MAX_SHADERS 32u

static uint64_t kit_arena[KIT_ARENA_WORDS];
static size_t kit_used;
/* Shaders keep a copy of their bytecode from the device's allocator: kit_close frees them. */
static struct aerocmd_umd_shader *kit_shaders[KIT_MAX_SHADERS];
static uint32_t kit_shader_count;

static void kit_reset(void)
{
    kit_used = 0;
    kit_shader_count = 0;
}

/* Destroys the shaders the kit made, then closes the harness. */
static void kit_close(struct harness *h)
{
    while (kit_shader_count > 0)
        CHECK_EQ(aerocmd_umd_destroy_shader(kit_shaders[--kit_shader_count]), AEROCMD_OK);
    harness_close(h);
}

/* size bytes of object memory, 8-byte aligned; NULL when the arena is exhausted. */
static void *kit_take(size_t size)
{
    size_t words = (size + 7u) / 8u;
    void *p;
    if (!CHECK(kit_used + words <= KIT_ARENA_WORDS))
        return NULL;
    p = &kit_arena[kit_used];
    kit_used += words;
    return p;
}

static struct aerocmd_umd_resource *
kit_buffer(struct harness *h, const struct aerocmd_umd_buffer_desc *d, const void *data)
{
    struct aerocmd_umd_resource *res = NULL;
    size_t size = aerocmd_umd_resource_size();
    void *mem = kit_take(size);
    if (mem == NULL ||
        !CHECK_EQ(aerocmd_umd_create_buffer(h->dev, mem, size, d, data, &res), AEROCMD_OK))
        return NULL;
    return res;
}

static struct aerocmd_umd_query *kit_query(struct harness *h, uint32_t kind)
{
    struct aerocmd_umd_query *q = NULL;
    void *mem = kit_take(aerocmd_umd_query_size());
    if (mem == NULL ||
        !CHECK_EQ(aerocmd_umd_create_query(h->dev, mem, aerocmd_umd_query_size(), kind, &q),
                  AEROCMD_OK))
        return NULL;
    return q;
}

static struct aerocmd_umd_resource *kit_texture(struct harness *h,
                                                const struct aerocmd_umd_texture2d_desc *d,
                                                const struct aerocmd_umd_subresource_data *init)
{
    struct aerocmd_umd_resource *res = NULL;
    size_t size = aerocmd_umd_resource_size();
    void *mem = kit_take(size);
    if (mem == NULL ||
        !CHECK_EQ(aerocmd_umd_create_texture2d(h->dev, mem, size, d, init, &res), AEROCMD_OK))
        return NULL;
    return res;
}

/* A buffer view description: elements [first, first + count) in `format` (0: the buffer's
 * structures), with view flags. */
static struct aerocmd_umd_view_desc buffer_view(uint32_t format, uint32_t first, uint32_t count,
                                                uint32_t flags)
{
    struct aerocmd_umd_view_desc d;
    memset(&d, 0, sizeof d);
    d.dxgi_format = format;
    d.first_element = first;
    d.element_count = count;
    d.flags = flags;
    return d;
}

/* Creates a view in a fresh piece of the arena and returns the library's result (out may
 * be NULL: refusals that are expected). */
static aerocmd_result kit_try_view(struct harness *h, enum aerocmd_view_kind kind,
                                   struct aerocmd_umd_resource *res,
                                   const struct aerocmd_umd_view_desc *d,
                                   struct aerocmd_umd_view **out)
{
    struct aerocmd_umd_view *unused = NULL;
    void *mem = kit_take(aerocmd_umd_view_size());
    if (mem == NULL)
        return AEROCMD_E_OUT_OF_MEMORY;
    return aerocmd_umd_create_view(h->dev, mem, aerocmd_umd_view_size(), kind, res, d,
                                   out != NULL ? out : &unused);
}

/* A view over the whole resource in its own format. */
static struct aerocmd_umd_view *kit_view(struct harness *h, enum aerocmd_view_kind kind,
                                         struct aerocmd_umd_resource *res)
{
    struct aerocmd_umd_view *view = NULL;
    struct aerocmd_umd_view_desc vd;
    memset(&vd, 0, sizeof vd);
    if (res == NULL || !CHECK_EQ(kit_try_view(h, kind, res, &vd, &view), AEROCMD_OK))
        return NULL;
    return view;
}

/* An unordered-access view description of a buffer: elements [first, first + count) of
 * `stride` bytes (0: the format's or the buffer's), its counter starting at `initial`. */
static struct aerocmd_umd_uav_desc uav_desc(uint32_t format, uint32_t first, uint32_t count,
                                            uint32_t stride, uint32_t flags, uint32_t initial)
{
    struct aerocmd_umd_uav_desc d;
    memset(&d, 0, sizeof d);
    d.dxgi_format = format;
    d.first_element = first;
    d.element_count = count;
    d.element_bytes = stride;
    d.flags = flags;
    d.initial_count = initial;
    return d;
}

/* kit_try_view for unordered-access views. */
static aerocmd_result kit_try_uav(struct harness *h, struct aerocmd_umd_resource *res,
                                  const struct aerocmd_umd_uav_desc *d,
                                  struct aerocmd_umd_uav **out)
{
    struct aerocmd_umd_uav *unused = NULL;
    void *mem = kit_take(aerocmd_umd_uav_size());
    if (mem == NULL)
        return AEROCMD_E_OUT_OF_MEMORY;
    return aerocmd_umd_create_uav(h->dev, mem, aerocmd_umd_uav_size(), res, d,
                                  out != NULL ? out : &unused);
}

static struct aerocmd_umd_uav *kit_uav(struct harness *h, struct aerocmd_umd_resource *res,
                                       uint32_t format, uint32_t first, uint32_t count,
                                       uint32_t stride, uint32_t flags, uint32_t initial)
{
    struct aerocmd_umd_uav *uav = NULL;
    struct aerocmd_umd_uav_desc d = uav_desc(format, first, count, stride, flags, initial);
    if (!CHECK_EQ(kit_try_uav(h, res, &d, &uav), AEROCMD_OK))
        return NULL;
    return uav;
}

/* A render target texture of w x h B8G8R8A8 and its view. */
static struct aerocmd_umd_view *kit_target(struct harness *h, uint32_t w, uint32_t hgt)
{
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(w, hgt, DXGI_B8G8R8A8_UNORM,
                     AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    return kit_view(h, AEROCMD_VIEW_RENDER_TARGET, kit_texture(h, &td, NULL));
}

/* Scene shader `id` (shaders/scene_shaders.h), from its DXBC container. */
static struct aerocmd_umd_shader *kit_shader(struct harness *h, enum scene_shader_id id)
{
    struct aerocmd_umd_shader *sh = NULL;
    uint8_t dxbc[SCENE_MAX_DXBC];
    uint32_t size = scene_shader_dxbc(id, dxbc, sizeof dxbc);
    size_t mem_size = aerocmd_umd_shader_size();
    void *mem = kit_take(mem_size);
    if (mem == NULL || !CHECK(size > 0) || !CHECK(kit_shader_count < KIT_MAX_SHADERS) ||
        !CHECK_EQ(aerocmd_umd_create_shader(h->dev, mem, mem_size, scene_shader_specs[id].kind,
                                            dxbc, size, &sh),
                  AEROCMD_OK))
        return NULL;
    kit_shaders[kit_shader_count++] = sh;
    return sh;
}

/* POSITION (float3) then, at byte 12, `second` (COLOR float4 or TEXCOORD float2). */
static struct aerocmd_umd_input_layout *kit_layout(struct harness *h, const char *second,
                                                   uint32_t second_format)
{
    struct aerocmd_umd_input_layout *il = NULL;
    struct aerocmd_input_element el[2];
    size_t size = aerocmd_umd_input_layout_size();
    void *mem = kit_take(size);
    memset(el, 0, sizeof el);
    el[0].semantic_name = "POSITION";
    el[0].dxgi_format = DXGI_R32G32B32_FLOAT;
    el[1].semantic_name = second;
    el[1].dxgi_format = second_format;
    el[1].aligned_byte_offset = 12;
    if (mem == NULL ||
        !CHECK_EQ(aerocmd_umd_create_input_layout(h->dev, mem, size, el, 2, &il), AEROCMD_OK))
        return NULL;
    return il;
}

static struct aerocmd_umd_sampler *kit_linear_sampler(struct harness *h)
{
    struct aerocmd_umd_sampler *smp = NULL;
    struct aerocmd_umd_sampler_desc sd;
    size_t size = aerocmd_umd_sampler_size();
    void *mem = kit_take(size);
    memset(&sd, 0, sizeof sd);
    sd.filter = AEROCMD_UMD_FILTER_MIN_MAG_MIP_LINEAR;
    sd.address_u = sd.address_v = sd.address_w = AEROCMD_UMD_ADDRESS_CLAMP;
    sd.max_lod_f32 = 0x7F7FFFFFu;
    sd.min_lod_f32 = 0xFF7FFFFFu;
    if (mem == NULL ||
        !CHECK_EQ(aerocmd_umd_create_sampler(h->dev, mem, size, &sd, &smp), AEROCMD_OK))
        return NULL;
    return smp;
}

/* Binds a pipeline of scene_shaders.h: its input layout, one vertex buffer of its stride,
 * triangle list, VS + PS, one render target (and optional depth view), a 64x64 viewport. */
static void kit_bind_pipeline(struct harness *h, int textured, struct aerocmd_umd_resource *vb,
                              struct aerocmd_umd_view *rtv, struct aerocmd_umd_view *dsv)
{
    struct aerocmd_umd_viewport vp = {F32_0, F32_0, F32_64, F32_64, F32_0, F32_1};
    uint32_t stride = textured ? SCENE_UV_STRIDE : SCENE_COLOR_STRIDE, offset = 0;
    aerocmd_umd_set_input_layout(h->ctx, textured
                                             ? kit_layout(h, "TEXCOORD", DXGI_R32G32_FLOAT)
                                             : kit_layout(h, "COLOR", DXGI_R32G32B32A32_FLOAT));
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h->ctx, 0, 1, &vb, &stride, &offset), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_topology(h->ctx, D3D_TRIANGLELIST), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_VS,
                                    kit_shader(h, textured ? SCENE_VS_TEXTURE : SCENE_VS_COLOR)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_PS,
                                    kit_shader(h, textured ? SCENE_PS_TEXTURE : SCENE_PS_COLOR)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_render_targets(h->ctx, 1, &rtv, dsv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_viewports(h->ctx, 1, &vp), AEROCMD_OK);
}

/* The COLOR pipeline (scene_shaders.h). */
static void kit_bind_basic(struct harness *h, struct aerocmd_umd_resource *vb,
                           struct aerocmd_umd_view *rtv, struct aerocmd_umd_view *dsv)
{
    kit_bind_pipeline(h, 0, vb, rtv, dsv);
}

/* A host-owned vertex buffer holding the scene triangle (POSITION + COLOR). */
static struct aerocmd_umd_resource *kit_triangle_vb(struct harness *h)
{
    struct aerocmd_umd_buffer_desc bd =
        buffer_desc(sizeof scene_triangle, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    return kit_buffer(h, &bd, scene_triangle);
}

#endif /* AEROCMD_TEST_UMD_KIT_H */
