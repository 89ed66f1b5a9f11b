/* SPDX-License-Identifier: MIT */
/* bench_umd_setup.h — a device and context over the in-memory fake, set up the way the umd
 * benchmarks need it: a command buffer of a realistic size that the fake recycles (so the
 * submission that happens whenever it fills stays in the measured loop, at the driver's
 * cost rather than the fake's recording), object memory from a bump arena, and a bound
 * triangle pipeline. Everything reports failure by returning 0 / NULL. */
#ifndef AEROCMD_BENCH_UMD_SETUP_H
#define AEROCMD_BENCH_UMD_SETUP_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/alloc.h"
#include "aerocmd/umd_data.h"
#include "aerocmd/umd_device.h"
#include "aerocmd/umd_fake.h"
#include "aerocmd/umd_objects.h"
#include "aerocmd/umd_pipeline.h"
#include "../shaders/min_dxbc.h"

/* What a D3D10/11 runtime typically lends a user-mode driver per command buffer. */
#define BENCH_DMA_BYTES   (64u * 1024u)
#define BENCH_ALLOC_SLOTS 256u

#define BENCH_ABI ((AEROGPU_ABI_MAJOR << 16) | 4u)

#define BENCH_F32_0  0x00000000u
#define BENCH_F32_1  0x3F800000u
#define BENCH_F32_64 0x42800000u

#define BENCH_DXGI_R32G32B32_FLOAT 6u
#define BENCH_DXGI_B8G8R8A8_UNORM  87u
#define BENCH_D3D_TRIANGLELIST     4u

struct bench_umd {
    struct aerocmd_umd_fake fake;
    struct aerocmd_umd_callbacks cb;
    struct aerocmd_umd_id_space ids;
    struct aerocmd_umd_device *dev;
    struct aerocmd_umd_context *ctx;
    uint64_t *arena; /* object memory */
    size_t arena_words, arena_used;
};

static void *bench_take(struct bench_umd *b, size_t size)
{
    size_t words = (size + 7u) / 8u;
    void *p;
    if (words > b->arena_words - b->arena_used)
        return NULL;
    p = &b->arena[b->arena_used];
    b->arena_used += words;
    return p;
}

/* arena_bytes of object memory for everything the benchmark creates. */
static int bench_open(struct bench_umd *b, size_t arena_bytes)
{
    const struct aerocmd_allocator *alloc = aerocmd_allocator_libc();
    struct aerocmd_umd_device_desc desc;
    size_t dev_size = aerocmd_umd_device_size(), ctx_size = aerocmd_umd_context_size();
    void *dev_mem, *ctx_mem;
    memset(b, 0, sizeof *b);
    b->arena_words = arena_bytes / 8u;
    b->arena = (uint64_t *)calloc(b->arena_words, 8u);
    if (b->arena == NULL ||
        aerocmd_umd_fake_init(&b->fake, alloc, BENCH_ABI, BENCH_DMA_BYTES, BENCH_ALLOC_SLOTS))
        return 0;
    b->fake.recycle = 1;
    aerocmd_umd_fake_callbacks(&b->fake, &b->cb);
    aerocmd_umd_id_space_init(&b->ids, 0x1234);
    memset(&desc, 0, sizeof desc);
    desc.abi_version = BENCH_ABI;
    desc.features = AEROGPU_FEATURE_TRANSFER;
    desc.callbacks = &b->cb;
    desc.allocator = alloc;
    desc.ids.next = aerocmd_umd_id_space_next;
    desc.ids.user = &b->ids;
    dev_mem = bench_take(b, dev_size);
    ctx_mem = bench_take(b, ctx_size);
    return dev_mem != NULL && ctx_mem != NULL &&
           aerocmd_umd_device_init(dev_mem, dev_size, &desc, &b->dev) == AEROCMD_OK &&
           aerocmd_umd_context_init(ctx_mem, ctx_size, b->dev, &b->ctx) == AEROCMD_OK;
}

static void bench_close(struct bench_umd *b)
{
    if (b->ctx != NULL)
        aerocmd_umd_context_destroy(b->ctx);
    if (b->dev != NULL)
        aerocmd_umd_device_destroy(b->dev);
    aerocmd_umd_fake_release(&b->fake);
    free(b->arena);
}

/* Packet bytes submitted so far (flushes first). */
static uint64_t bench_bytes(struct bench_umd *b)
{
    (void)aerocmd_umd_flush(b->ctx);
    return b->fake.recycled_bytes;
}

static struct aerocmd_umd_resource *bench_buffer(struct bench_umd *b, uint32_t size, uint32_t bind,
                                                 uint32_t usage, uint32_t guest_backed)
{
    struct aerocmd_umd_buffer_desc d;
    struct aerocmd_umd_resource *res = NULL;
    size_t mem_size = aerocmd_umd_resource_size();
    void *mem = bench_take(b, mem_size);
    memset(&d, 0, sizeof d);
    d.size_bytes = size;
    d.bind_flags = bind;
    d.usage = usage;
    d.guest_backed = guest_backed;
    if (usage == AEROCMD_UMD_USAGE_DYNAMIC)
        d.cpu_access = AEROCMD_UMD_CPU_ACCESS_WRITE;
    if (mem == NULL || aerocmd_umd_create_buffer(b->dev, mem, mem_size, &d, NULL, &res))
        return NULL;
    return res;
}

static struct aerocmd_umd_resource *bench_texture(struct bench_umd *b, uint32_t width,
                                                  uint32_t bind, uint32_t guest_backed)
{
    struct aerocmd_umd_texture2d_desc d;
    struct aerocmd_umd_resource *res = NULL;
    size_t mem_size = aerocmd_umd_resource_size();
    void *mem = bench_take(b, mem_size);
    memset(&d, 0, sizeof d);
    d.width = width;
    d.height = width;
    d.mip_levels = 1;
    d.array_size = 1;
    d.dxgi_format = BENCH_DXGI_B8G8R8A8_UNORM;
    d.sample_count = 1;
    d.bind_flags = bind;
    d.guest_backed = guest_backed;
    if (mem == NULL || aerocmd_umd_create_texture2d(b->dev, mem, mem_size, &d, NULL, &res))
        return NULL;
    return res;
}

static struct aerocmd_umd_shader *bench_shader(struct bench_umd *b, enum aerocmd_shader_kind kind)
{
    /* DXBC program types of the kinds VS, PS, GS, CS */
    static const uint32_t program_of_kind[4] = {1, 0, 2, 5};
    uint8_t dxbc[MIN_DXBC_BYTES];
    struct aerocmd_umd_shader *sh = NULL;
    size_t mem_size = aerocmd_umd_shader_size();
    void *mem = bench_take(b, mem_size);
    /* The smallest container the validator accepts: one program that returns. */
    min_dxbc(dxbc, program_of_kind[kind]);
    if (mem == NULL ||
        aerocmd_umd_create_shader(b->dev, mem, mem_size, kind, dxbc, sizeof dxbc, &sh))
        return NULL;
    return sh;
}

static struct aerocmd_umd_input_layout *bench_position_layout(struct bench_umd *b)
{
    struct aerocmd_input_element el;
    struct aerocmd_umd_input_layout *il = NULL;
    size_t mem_size = aerocmd_umd_input_layout_size();
    void *mem = bench_take(b, mem_size);
    memset(&el, 0, sizeof el);
    el.semantic_name = "POSITION";
    el.dxgi_format = BENCH_DXGI_R32G32B32_FLOAT;
    if (mem == NULL || aerocmd_umd_create_input_layout(b->dev, mem, mem_size, &el, 1, &il))
        return NULL;
    return il;
}

static struct aerocmd_umd_view *bench_render_target(struct bench_umd *b)
{
    struct aerocmd_umd_view_desc vd;
    struct aerocmd_umd_view *view = NULL;
    struct aerocmd_umd_resource *tex = bench_texture(b, 64, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    size_t mem_size = aerocmd_umd_view_size();
    void *mem = bench_take(b, mem_size);
    memset(&vd, 0, sizeof vd);
    if (tex == NULL || mem == NULL ||
        aerocmd_umd_create_view(b->dev, mem, mem_size, AEROCMD_VIEW_RENDER_TARGET, tex, &vd, &view))
        return NULL;
    return view;
}

/* Input layout, vertex buffer `vb` in slot 0 (stride 12), triangle list, VS + PS, one
 * 64x64 render target and viewport; then one draw and a flush, so the loop starts from
 * clean state in an empty command buffer. */
static int bench_pipeline(struct bench_umd *b, struct aerocmd_umd_resource *vb)
{
    struct aerocmd_umd_viewport vp = {BENCH_F32_0,  BENCH_F32_0, BENCH_F32_64,
                                      BENCH_F32_64, BENCH_F32_0, BENCH_F32_1};
    struct aerocmd_umd_input_layout *il = bench_position_layout(b);
    struct aerocmd_umd_shader *vs = bench_shader(b, AEROCMD_SHADER_VS);
    struct aerocmd_umd_shader *ps = bench_shader(b, AEROCMD_SHADER_PS);
    struct aerocmd_umd_view *rtv = bench_render_target(b);
    uint32_t stride = 12, offset = 0;
    if (il == NULL || vs == NULL || ps == NULL || rtv == NULL)
        return 0;
    aerocmd_umd_set_input_layout(b->ctx, il);
    return aerocmd_umd_set_vertex_buffers(b->ctx, 0, 1, &vb, &stride, &offset) == AEROCMD_OK &&
           aerocmd_umd_set_topology(b->ctx, BENCH_D3D_TRIANGLELIST) == AEROCMD_OK &&
           aerocmd_umd_set_shader(b->ctx, AEROCMD_SHADER_VS, vs) == AEROCMD_OK &&
           aerocmd_umd_set_shader(b->ctx, AEROCMD_SHADER_PS, ps) == AEROCMD_OK &&
           aerocmd_umd_set_render_targets(b->ctx, 1, &rtv, NULL) == AEROCMD_OK &&
           aerocmd_umd_set_viewports(b->ctx, 1, &vp) == AEROCMD_OK &&
           aerocmd_umd_draw(b->ctx, 3, 0) == AEROCMD_OK && aerocmd_umd_flush(b->ctx) == AEROCMD_OK;
}

#endif /* AEROCMD_BENCH_UMD_SETUP_H */
