/* SPDX-License-Identifier: MIT */
/* bench_floor.h — L2's work done by the least code that still does what the API asks
 * (bench_floor.c): each bind checks its arguments and keeps the binding only when it
 * changed, the draw writes the changed bindings' packets and the DRAW into the command
 * buffer. No stale bytes, hazards, error hook, multi-slot calls or other state: a floor
 * for any implementation of this design, measured with L2's own loop (the same calls, so
 * the same caller cost). The context and resources are the floor's own, passed where the
 * library's opaque pointers go. */
#ifndef AEROCMD_BENCH_FLOOR_H
#define AEROCMD_BENCH_FLOOR_H

#include "aerocmd/umd_pipeline.h"
#include "aerogpu_cmd.h"

#define FLOOR_VERTEX_SLOTS   32u
#define FLOOR_CONSTANT_SLOTS 14u
#define FLOOR_STAGES         4u

struct floor_resource {
    uint32_t handle;
    uint32_t cb_bytes; /* non-zero for a constant buffer */
};

struct floor_context {
    uint32_t dirty; /* FLOOR_DIRTY_* */
    uint32_t vb_dirty;
    uint32_t cb_dirty[FLOOR_STAGES];
    struct aerogpu_vertex_buffer_binding vb[FLOOR_VERTEX_SLOTS];
    struct aerogpu_constant_buffer_binding cb[FLOOR_STAGES][FLOOR_CONSTANT_SLOTS];
    uint8_t *base;
    uint32_t used, capacity;
    uint64_t submitted_bytes; /* of the buffers submitted (started anew) so far */
};

aerocmd_result bench_floor_set_vertex_buffers(struct aerocmd_umd_context *ctx, uint32_t start,
                                              uint32_t count,
                                              struct aerocmd_umd_resource *const *buffers,
                                              const uint32_t *strides, const uint32_t *offsets);
aerocmd_result bench_floor_set_constant_buffers(struct aerocmd_umd_context *ctx,
                                                enum aerocmd_shader_kind stage, uint32_t start,
                                                uint32_t count,
                                                struct aerocmd_umd_resource *const *buffers,
                                                const uint32_t *first, const uint32_t *num);
aerocmd_result bench_floor_draw(struct aerocmd_umd_context *ctx, uint32_t vertex_count,
                                uint32_t first_vertex);

/* The same calls in the other design (bench_floor_eager.c): a changed bind writes its packet
 * at once, the draw appends only DRAW. The bindings live in the same context. */
aerocmd_result bench_floor_eager_set_vertex_buffers(struct aerocmd_umd_context *ctx, uint32_t start,
                                                    uint32_t count,
                                                    struct aerocmd_umd_resource *const *buffers,
                                                    const uint32_t *strides,
                                                    const uint32_t *offsets);
aerocmd_result bench_floor_eager_set_constant_buffers(struct aerocmd_umd_context *ctx,
                                                      enum aerocmd_shader_kind stage,
                                                      uint32_t start, uint32_t count,
                                                      struct aerocmd_umd_resource *const *buffers,
                                                      const uint32_t *first, const uint32_t *num);
aerocmd_result bench_floor_eager_draw(struct aerocmd_umd_context *ctx, uint32_t vertex_count,
                                      uint32_t first_vertex);

#endif
