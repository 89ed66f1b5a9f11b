/* SPDX-License-Identifier: MIT */
/* bench_null.h — functions with the signatures of the L2 loop's library calls that do
 * nothing (bench_null.c): the loop's own cost, measured with the same calls. */
#ifndef AEROCMD_BENCH_NULL_H
#define AEROCMD_BENCH_NULL_H

#include "aerocmd/umd_pipeline.h"

aerocmd_result bench_null_set_vertex_buffers(struct aerocmd_umd_context *ctx, uint32_t start,
                                             uint32_t count,
                                             struct aerocmd_umd_resource *const *buffers,
                                             const uint32_t *strides, const uint32_t *offsets);
aerocmd_result bench_null_set_constant_buffers(struct aerocmd_umd_context *ctx,
                                               enum aerocmd_shader_kind stage, uint32_t start,
                                               uint32_t count,
                                               struct aerocmd_umd_resource *const *buffers,
                                               const uint32_t *first, const uint32_t *num);
aerocmd_result bench_null_draw(struct aerocmd_umd_context *ctx, uint32_t vertex_count,
                               uint32_t first_vertex);

#endif
