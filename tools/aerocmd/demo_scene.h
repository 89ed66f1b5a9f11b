/* SPDX-License-Identifier: MIT */
/* demo_scene.h — the frame `aerocmd demo` renders through the libaerocmd state tracker (umd
 * layer), with the in-memory fake of the submission callbacks standing in for the kernel
 * and the host. After a run the fake holds every submitted command buffer. */
#ifndef AEROCMD_TOOL_DEMO_SCENE_H
#define AEROCMD_TOOL_DEMO_SCENE_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/alloc.h"
#include "aerocmd/result.h"
#include "aerocmd/umd_device.h"
#include "aerocmd/umd_fake.h"
#include "aerocmd/umd_objects.h"

#define DEMO_WIDTH  64u
#define DEMO_HEIGHT 64u

/* Every D3D-side object of the frame; NULL once destroyed (or never created). */
struct demo_objects {
    struct aerocmd_umd_resource *render_target;
    struct aerocmd_umd_view *rtv;
    struct aerocmd_umd_resource *vertex_buffer;
    struct aerocmd_umd_resource *constant_buffer;
    struct aerocmd_umd_shader *vs;
    struct aerocmd_umd_shader *ps;
    struct aerocmd_umd_input_layout *layout;
    struct aerocmd_umd_blend_state *blend;
    struct aerocmd_umd_depth_stencil_state *depth;
    struct aerocmd_umd_rasterizer_state *raster;
    struct aerocmd_umd_resource *staging;
};

struct demo_scene {
    const struct aerocmd_allocator *alloc;
    struct aerocmd_umd_fake fake;
    int fake_ready;
    struct aerocmd_umd_callbacks callbacks;
    struct aerocmd_umd_id_space ids;
    struct aerocmd_umd_device *dev;
    struct aerocmd_umd_context *ctx;
    /* Driver-private memory of the device, the context and every object (the D3D runtime
     * would own it): one block from the allocator, handed out in 8-byte aligned pieces. */
    uint8_t *arena;
    size_t arena_size;
    size_t arena_used;
    struct demo_objects obj;
    /* The staging copy's first texel as Map(READ) returned it (B, G, R, A bytes). */
    uint8_t first_pixel[4];
    /* Called once the fake's callback table is in `callbacks`, before the device takes it
     * (demo_scene_run_hooked): a test may wrap a callback there. */
    void (*hook)(struct aerocmd_umd_callbacks *callbacks, struct aerocmd_umd_fake *fake,
                 void *user);
    void *hook_user;
    /* The call that failed, when demo_scene_run did not return OK. */
    const char *failed_step;
};

/* Sets up the device and context over the fake, renders the frame (resources, shaders,
 * input layout, states, a dynamic constant buffer update, clear, draw, present), reads
 * the render target back through a staging texture, destroys every object and flushes.
 * The first failure stops the run and is returned with failed_step naming it. Call
 * demo_scene_release afterwards in every case. */
aerocmd_result demo_scene_run(struct demo_scene *scene, const struct aerocmd_allocator *alloc);
/* demo_scene_run with scene->hook set to hook (see there). */
aerocmd_result demo_scene_run_hooked(
    struct demo_scene *scene, const struct aerocmd_allocator *alloc,
    void (*hook)(struct aerocmd_umd_callbacks *, struct aerocmd_umd_fake *, void *), void *user);

/* Destroys whatever is still alive, the context, the device and the fake (its recorded
 * submissions included), and frees the arena. */
void demo_scene_release(struct demo_scene *scene);

#endif
