/* SPDX-License-Identifier: MIT */
/* bench_null.c — see bench_null.h. */
#include "bench_null.h"

aerocmd_result bench_null_set_vertex_buffers(struct aerocmd_umd_context *ctx, uint32_t start,
                                             uint32_t count,
                                             struct aerocmd_umd_resource *const *buffers,
                                             const uint32_t *strides, const uint32_t *offsets)
{
    (void)ctx, (void)start, (void)count, (void)buffers, (void)strides, (void)offsets;
    return AEROCMD_OK;
}

aerocmd_result bench_null_set_constant_buffers(struct aerocmd_umd_context *ctx,
                                               enum aerocmd_shader_kind stage, uint32_t start,
                                               uint32_t count,
                                               struct aerocmd_umd_resource *const *buffers,
                                               const uint32_t *first, const uint32_t *num)
{
    (void)ctx, (void)stage, (void)start, (void)count, (void)buffers, (void)first, (void)num;
    return AEROCMD_OK;
}

aerocmd_result bench_null_draw(struct aerocmd_umd_context *ctx, uint32_t vertex_count,
                               uint32_t first_vertex)
{
    (void)ctx, (void)vertex_count, (void)first_vertex;
    return AEROCMD_OK;
}
