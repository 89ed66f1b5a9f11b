/* SPDX-License-Identifier: MIT */
/* The frame of `aerocmd demo`, driven through the state tracker the way a D3D11 runtime
 * drives the driver: objects first, then bindings, then work. Doubles as a worked example
 * of the umd API. */
#include "demo_scene.h"
#include "demo_shaders.h"

#include <string.h>

#include "aerocmd/umd_data.h"
#include "aerocmd/umd_pipeline.h"
#include "aerogpu_pci.h"

#define DEMO_TOPOLOGY_TRIANGLELIST 4u /* D3D10_PRIMITIVE_TOPOLOGY_TRIANGLELIST */
#define DEMO_FILL_SOLID            3u /* D3D10_FILL_SOLID */
#define DEMO_CULL_BACK             3u /* D3D10_CULL_BACK */
#define DEMO_COMMAND_BUFFER_BYTES  65536u
#define DEMO_ALLOC_LIST_ENTRIES    16u

struct demo_vertex {
    float x, y;       /* POSITION, R32G32_FLOAT at offset 0 */
    float r, g, b, a; /* COLOR, R32G32B32A32_FLOAT at offset 8 */
};

static uint32_t f32_bits(float value)
{
    uint32_t bits;
    memcpy(&bits, &value, sizeof(bits));
    return bits;
}

static size_t round8(size_t size)
{
    return (size + 7u) & ~(size_t)7u;
}

/* What the device, the context and the frame's objects need, each piece 8-byte aligned. */
static size_t arena_bytes_needed(void)
{
    return round8(aerocmd_umd_device_size()) + round8(aerocmd_umd_context_size()) +
           4u * round8(aerocmd_umd_resource_size()) + round8(aerocmd_umd_view_size()) +
           2u * round8(aerocmd_umd_shader_size()) + round8(aerocmd_umd_input_layout_size()) +
           round8(aerocmd_umd_blend_state_size()) + round8(aerocmd_umd_depth_stencil_state_size()) +
           round8(aerocmd_umd_rasterizer_state_size());
}

/* size bytes of the arena (8-byte aligned: the block comes from malloc-like storage);
 * NULL when it is used up. */
static void *arena_take(struct demo_scene *s, size_t size)
{
    void *piece;
    size = round8(size);
    if (s->arena == NULL || size > s->arena_size - s->arena_used)
        return NULL;
    piece = s->arena + s->arena_used;
    s->arena_used += size;
    return piece;
}

/* Keeps the first failure's name; passes the result through. */
static aerocmd_result step(struct demo_scene *s, aerocmd_result r, const char *what)
{
    if (r != AEROCMD_OK && s->failed_step == NULL)
        s->failed_step = what;
    return r;
}

static aerocmd_result open_device(struct demo_scene *s)
{
    struct aerocmd_umd_device_desc desc;
    size_t dev_size = aerocmd_umd_device_size(), ctx_size = aerocmd_umd_context_size();
    aerocmd_result r;
    s->arena_size = arena_bytes_needed();
    s->arena = (uint8_t *)s->alloc->resize(s->alloc->user, NULL, 0, s->arena_size);
    if (s->arena == NULL)
        return step(s, AEROCMD_E_OUT_OF_MEMORY, "object memory");
    r = aerocmd_umd_fake_init(&s->fake, s->alloc, AEROGPU_ABI_VERSION_U32,
                              DEMO_COMMAND_BUFFER_BYTES, DEMO_ALLOC_LIST_ENTRIES);
    if (r != AEROCMD_OK)
        return step(s, r, "aerocmd_umd_fake_init");
    s->fake_ready = 1;
    /* The trace (-o) and the picture carry each submission's guest memory as it was then. */
    s->fake.keep_memory = 1;
    aerocmd_umd_fake_callbacks(&s->fake, &s->callbacks);
    if (s->hook != NULL)
        s->hook(&s->callbacks, &s->fake, s->hook_user);
    /* Process id 0 keeps the id prefix 0, so handles and alloc_ids read 1, 2, 3, ... */
    aerocmd_umd_id_space_init(&s->ids, 0);
    memset(&desc, 0, sizeof(desc));
    desc.abi_version = AEROGPU_ABI_VERSION_U32;
    desc.features = AEROGPU_FEATURE_TRANSFER;
    desc.callbacks = &s->callbacks;
    desc.allocator = s->alloc;
    desc.ids.next = aerocmd_umd_id_space_next;
    desc.ids.user = &s->ids;
    r = aerocmd_umd_device_init(arena_take(s, dev_size), dev_size, &desc, &s->dev);
    if (r != AEROCMD_OK)
        return step(s, r, "aerocmd_umd_device_init");
    return step(s, aerocmd_umd_context_init(arena_take(s, ctx_size), ctx_size, s->dev, &s->ctx),
                "aerocmd_umd_context_init");
}

static struct aerocmd_umd_texture2d_desc texture_desc(uint32_t bind, uint32_t usage,
                                                      uint32_t cpu_access)
{
    struct aerocmd_umd_texture2d_desc d;
    memset(&d, 0, sizeof(d));
    d.width = DEMO_WIDTH;
    d.height = DEMO_HEIGHT;
    d.mip_levels = 1;
    d.array_size = 1;
    d.dxgi_format = AEROCMD_DXGI_FORMAT_B8G8R8A8_UNORM;
    d.sample_count = 1;
    d.bind_flags = bind;
    d.usage = usage;
    d.cpu_access = cpu_access;
    return d;
}

static aerocmd_result create_resources(struct demo_scene *s)
{
    /* One red, one green, one blue corner. */
    static const struct demo_vertex vertices[3] = {
        {0.0f, 0.5f, 1.0f, 0.0f, 0.0f, 1.0f},
        {0.5f, -0.5f, 0.0f, 1.0f, 0.0f, 1.0f},
        {-0.5f, -0.5f, 0.0f, 0.0f, 1.0f, 1.0f},
    };
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(AEROCMD_UMD_BIND_RENDER_TARGET, AEROCMD_UMD_USAGE_DEFAULT, 0);
    struct aerocmd_umd_buffer_desc bd;
    struct aerocmd_umd_view_desc vd;
    size_t res_size = aerocmd_umd_resource_size(), view_size = aerocmd_umd_view_size();
    aerocmd_result r;
    r = aerocmd_umd_create_texture2d(s->dev, arena_take(s, res_size), res_size, &td, NULL,
                                     &s->obj.render_target);
    if (step(s, r, "create render target") != AEROCMD_OK)
        return r;
    memset(&vd, 0, sizeof(vd));
    r = aerocmd_umd_create_view(s->dev, arena_take(s, view_size), view_size,
                                AEROCMD_VIEW_RENDER_TARGET, s->obj.render_target, &vd, &s->obj.rtv);
    if (step(s, r, "create render target view") != AEROCMD_OK)
        return r;
    memset(&bd, 0, sizeof(bd));
    bd.size_bytes = (uint32_t)sizeof(vertices);
    bd.bind_flags = AEROCMD_UMD_BIND_VERTEX_BUFFER;
    bd.usage = AEROCMD_UMD_USAGE_IMMUTABLE;
    r = aerocmd_umd_create_buffer(s->dev, arena_take(s, res_size), res_size, &bd, vertices,
                                  &s->obj.vertex_buffer);
    if (step(s, r, "create vertex buffer") != AEROCMD_OK)
        return r;
    /* One float4 the vertex shader reads, rewritten by the CPU every frame. */
    memset(&bd, 0, sizeof(bd));
    bd.size_bytes = 16;
    bd.bind_flags = AEROCMD_UMD_BIND_CONSTANT_BUFFER;
    bd.usage = AEROCMD_UMD_USAGE_DYNAMIC;
    bd.cpu_access = AEROCMD_UMD_CPU_ACCESS_WRITE;
    r = aerocmd_umd_create_buffer(s->dev, arena_take(s, res_size), res_size, &bd, NULL,
                                  &s->obj.constant_buffer);
    return step(s, r, "create constant buffer");
}

static aerocmd_result create_shaders(struct demo_scene *s)
{
    static const struct aerocmd_input_element elements[2] = {
        {"POSITION", 0, AEROCMD_DXGI_FORMAT_R32G32_FLOAT, 0, 0, 0, 0},
        {"COLOR", 0, AEROCMD_DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, 0, 0},
    };
    size_t sh_size = aerocmd_umd_shader_size(), il_size = aerocmd_umd_input_layout_size();
    uint8_t dxbc[DEMO_SHADER_MAX_DXBC];
    uint32_t dxbc_size = 0;
    aerocmd_result r;
    /* Real SM4 bytecode in DXBC containers, as the runtime hands an application's shaders
     * over (demo_shaders.c); the stream carries them opaquely. */
    r = demo_shader_dxbc(AEROCMD_SHADER_VS, dxbc, sizeof dxbc, &dxbc_size);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_create_shader(s->dev, arena_take(s, sh_size), sh_size, AEROCMD_SHADER_VS,
                                      dxbc, dxbc_size, &s->obj.vs);
    if (step(s, r, "create vertex shader") != AEROCMD_OK)
        return r;
    r = demo_shader_dxbc(AEROCMD_SHADER_PS, dxbc, sizeof dxbc, &dxbc_size);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_create_shader(s->dev, arena_take(s, sh_size), sh_size, AEROCMD_SHADER_PS,
                                      dxbc, dxbc_size, &s->obj.ps);
    if (step(s, r, "create pixel shader") != AEROCMD_OK)
        return r;
    r = aerocmd_umd_create_input_layout(s->dev, arena_take(s, il_size), il_size, elements, 2,
                                        &s->obj.layout);
    return step(s, r, "create input layout");
}

/* Opaque writes, no depth test, back faces culled. */
static aerocmd_result create_states(struct demo_scene *s)
{
    struct aerocmd_umd_blend_desc blend;
    struct aerocmd_umd_depth_stencil_desc depth;
    struct aerocmd_umd_rasterizer_desc raster;
    size_t bs = aerocmd_umd_blend_state_size(), ds = aerocmd_umd_depth_stencil_state_size();
    size_t rs = aerocmd_umd_rasterizer_state_size();
    aerocmd_result r;
    memset(&blend, 0, sizeof(blend));
    blend.targets[0].src = blend.targets[0].src_alpha = AEROCMD_UMD_BLEND_ONE;
    blend.targets[0].dst = blend.targets[0].dst_alpha = AEROCMD_UMD_BLEND_ZERO;
    blend.targets[0].op = blend.targets[0].op_alpha = AEROCMD_UMD_BLEND_OP_ADD;
    blend.targets[0].write_mask = 0xF;
    r = aerocmd_umd_create_blend_state(s->dev, arena_take(s, bs), bs, &blend, &s->obj.blend);
    if (step(s, r, "create blend state") != AEROCMD_OK)
        return r;
    memset(&depth, 0, sizeof(depth));
    depth.depth_func = AEROCMD_UMD_COMPARISON_ALWAYS;
    depth.stencil_read_mask = 0xFF;
    depth.stencil_write_mask = 0xFF;
    r = aerocmd_umd_create_depth_stencil_state(s->dev, arena_take(s, ds), ds, &depth,
                                               &s->obj.depth);
    if (step(s, r, "create depth-stencil state") != AEROCMD_OK)
        return r;
    memset(&raster, 0, sizeof(raster));
    raster.fill_mode = DEMO_FILL_SOLID;
    raster.cull_mode = DEMO_CULL_BACK;
    raster.depth_clip_enable = 1;
    r = aerocmd_umd_create_rasterizer_state(s->dev, arena_take(s, rs), rs, &raster, &s->obj.raster);
    return step(s, r, "create rasterizer state");
}

/* Setters only record; the packets follow lazily with the clear and the draw. */
static aerocmd_result bind_pipeline(struct demo_scene *s)
{
    struct aerocmd_umd_viewport vp;
    uint32_t stride = (uint32_t)sizeof(struct demo_vertex), offset = 0;
    aerocmd_result r;
    vp.x_f32 = vp.y_f32 = vp.min_depth_f32 = f32_bits(0.0f);
    vp.width_f32 = f32_bits((float)DEMO_WIDTH);
    vp.height_f32 = f32_bits((float)DEMO_HEIGHT);
    vp.max_depth_f32 = f32_bits(1.0f);
    aerocmd_umd_set_input_layout(s->ctx, s->obj.layout);
    aerocmd_umd_set_blend_state(s->ctx, s->obj.blend, NULL, 0xFFFFFFFFu);
    aerocmd_umd_set_depth_stencil_state(s->ctx, s->obj.depth, 0);
    aerocmd_umd_set_rasterizer_state(s->ctx, s->obj.raster);
    if ((r = step(
             s,
             aerocmd_umd_set_vertex_buffers(s->ctx, 0, 1, &s->obj.vertex_buffer, &stride, &offset),
             "set vertex buffers")) != AEROCMD_OK ||
        (r = step(s, aerocmd_umd_set_topology(s->ctx, DEMO_TOPOLOGY_TRIANGLELIST),
                  "set topology")) != AEROCMD_OK ||
        (r = step(s, aerocmd_umd_set_shader(s->ctx, AEROCMD_SHADER_VS, s->obj.vs),
                  "set vertex shader")) != AEROCMD_OK ||
        (r = step(s, aerocmd_umd_set_shader(s->ctx, AEROCMD_SHADER_PS, s->obj.ps),
                  "set pixel shader")) != AEROCMD_OK ||
        (r = step(s,
                  aerocmd_umd_set_constant_buffers(s->ctx, AEROCMD_SHADER_VS, 0, 1,
                                                   &s->obj.constant_buffer, NULL, NULL),
                  "set constant buffers")) != AEROCMD_OK ||
        (r = step(s, aerocmd_umd_set_render_targets(s->ctx, 1, &s->obj.rtv, NULL),
                  "set render targets")) != AEROCMD_OK)
        return r;
    return step(s, aerocmd_umd_set_viewports(s->ctx, 1, &vp), "set viewports");
}

/* Map(WRITE_DISCARD) hands out the buffer's CPU shadow; Unmap sends it as one upload. */
static aerocmd_result update_constants(struct demo_scene *s)
{
    static const float tint[4] = {1.0f, 0.5f, 0.25f, 1.0f};
    struct aerocmd_umd_mapped mapped;
    aerocmd_result r = aerocmd_umd_map(s->ctx, s->obj.constant_buffer, 0,
                                       AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &mapped);
    if (step(s, r, "map constant buffer (WRITE_DISCARD)") != AEROCMD_OK)
        return r;
    memcpy(mapped.data, tint, sizeof(tint));
    return step(s, aerocmd_umd_unmap(s->ctx, s->obj.constant_buffer, 0), "unmap constant buffer");
}

static aerocmd_result render(struct demo_scene *s)
{
    uint32_t clear_color[4];
    aerocmd_result r;
    clear_color[0] = f32_bits(0.1f);
    clear_color[1] = f32_bits(0.2f);
    clear_color[2] = f32_bits(0.3f);
    clear_color[3] = f32_bits(1.0f);
    if ((r = step(s, aerocmd_umd_clear_render_target(s->ctx, s->obj.rtv, clear_color),
                  "clear render target")) != AEROCMD_OK ||
        (r = step(s, aerocmd_umd_draw(s->ctx, 3, 0), "draw")) != AEROCMD_OK)
        return r;
    return step(s, aerocmd_umd_present(s->ctx, 1), "present");
}

/* The CPU cannot read host-owned storage: copy into a (guest-backed) staging texture, then
 * Map(READ) it once the copy's fence is done. */
static aerocmd_result read_back(struct demo_scene *s)
{
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(0, AEROCMD_UMD_USAGE_STAGING, AEROCMD_UMD_CPU_ACCESS_READ);
    struct aerocmd_umd_mapped mapped;
    size_t res_size = aerocmd_umd_resource_size();
    aerocmd_result r;
    r = aerocmd_umd_create_texture2d(s->dev, arena_take(s, res_size), res_size, &td, NULL,
                                     &s->obj.staging);
    if (step(s, r, "create staging texture") != AEROCMD_OK ||
        (r = step(s, aerocmd_umd_copy_resource(s->ctx, s->obj.staging, s->obj.render_target),
                  "copy render target to staging")) != AEROCMD_OK ||
        (r = step(s, aerocmd_umd_flush(s->ctx), "flush")) != AEROCMD_OK)
        return r;
    r = aerocmd_umd_map(s->ctx, s->obj.staging, 0, AEROCMD_UMD_MAP_READ, 0, &mapped);
    if (step(s, r, "map staging texture (READ)") != AEROCMD_OK)
        return r;
    memcpy(s->first_pixel, mapped.data, sizeof(s->first_pixel));
    return step(s, aerocmd_umd_unmap(s->ctx, s->obj.staging, 0), "unmap staging texture");
}

static void keep_first(aerocmd_result *first, aerocmd_result r)
{
    if (*first == AEROCMD_OK)
        *first = r;
}

/* Creation order reversed, the staging texture last so that its DESTROY (which the
 * tracker submits before freeing guest memory) carries every other DESTROY along.
 * Returns the first failure to send a DESTROY packet. */
static aerocmd_result destroy_objects(struct demo_objects *o)
{
    aerocmd_result first = AEROCMD_OK;
    if (o->raster != NULL)
        aerocmd_umd_destroy_rasterizer_state(o->raster);
    if (o->depth != NULL)
        aerocmd_umd_destroy_depth_stencil_state(o->depth);
    if (o->blend != NULL)
        aerocmd_umd_destroy_blend_state(o->blend);
    if (o->layout != NULL)
        keep_first(&first, aerocmd_umd_destroy_input_layout(o->layout));
    if (o->ps != NULL)
        keep_first(&first, aerocmd_umd_destroy_shader(o->ps));
    if (o->vs != NULL)
        keep_first(&first, aerocmd_umd_destroy_shader(o->vs));
    if (o->constant_buffer != NULL)
        keep_first(&first, aerocmd_umd_destroy_resource(o->constant_buffer));
    if (o->vertex_buffer != NULL)
        keep_first(&first, aerocmd_umd_destroy_resource(o->vertex_buffer));
    if (o->rtv != NULL)
        keep_first(&first, aerocmd_umd_destroy_view(o->rtv));
    if (o->render_target != NULL)
        keep_first(&first, aerocmd_umd_destroy_resource(o->render_target));
    if (o->staging != NULL)
        keep_first(&first, aerocmd_umd_destroy_resource(o->staging));
    memset(o, 0, sizeof(*o));
    return first;
}

aerocmd_result demo_scene_run(struct demo_scene *scene, const struct aerocmd_allocator *alloc)
{
    return demo_scene_run_hooked(scene, alloc, NULL, NULL);
}

aerocmd_result demo_scene_run_hooked(
    struct demo_scene *scene, const struct aerocmd_allocator *alloc,
    void (*hook)(struct aerocmd_umd_callbacks *, struct aerocmd_umd_fake *, void *), void *user)
{
    aerocmd_result r;
    memset(scene, 0, sizeof(*scene));
    scene->alloc = alloc;
    scene->hook = hook;
    scene->hook_user = user;
    if ((r = open_device(scene)) != AEROCMD_OK || (r = create_resources(scene)) != AEROCMD_OK ||
        (r = create_shaders(scene)) != AEROCMD_OK || (r = create_states(scene)) != AEROCMD_OK ||
        (r = bind_pipeline(scene)) != AEROCMD_OK || (r = update_constants(scene)) != AEROCMD_OK ||
        (r = render(scene)) != AEROCMD_OK || (r = read_back(scene)) != AEROCMD_OK)
        return r;
    if ((r = step(scene, destroy_objects(&scene->obj), "destroy objects")) != AEROCMD_OK)
        return r;
    return step(scene, aerocmd_umd_flush(scene->ctx), "flush");
}

void demo_scene_release(struct demo_scene *scene)
{
    if (scene->ctx != NULL) {
        destroy_objects(&scene->obj);
        aerocmd_umd_context_destroy(scene->ctx);
        scene->ctx = NULL;
    }
    if (scene->dev != NULL) {
        aerocmd_umd_device_destroy(scene->dev);
        scene->dev = NULL;
    }
    if (scene->fake_ready) {
        aerocmd_umd_fake_release(&scene->fake);
        scene->fake_ready = 0;
    }
    if (scene->arena != NULL) {
        scene->alloc->release(scene->alloc->user, scene->arena, scene->arena_size);
        scene->arena = NULL;
    }
}
