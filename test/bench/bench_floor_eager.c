/* SPDX-License-Identifier: MIT */
/* bench_floor_eager.c — the floor of the other design (bench_floor.h): each bind checks its
 * arguments, keeps the binding only when it changed and then writes its packet at once, so
 * the draw only appends DRAW. Written for the fewest instructions: packets as 64-bit words
 * (protocol/aerogpu_cmd.h's little-endian layouts), bindings compared as words. */
#include <string.h>

#include "bench_floor.h"

static struct floor_context *floor_of(struct aerocmd_umd_context *ctx)
{
    return (struct floor_context *)(void *)ctx;
}

static uint64_t words(uint32_t low, uint32_t high)
{
    return low | (uint64_t)high << 32;
}

/* Room for N more bytes: a full buffer is submitted (started anew). */
static uint8_t *reserve(struct floor_context *ctx, uint32_t n)
{
    if (ctx->capacity - ctx->used < n) {
        ctx->submitted_bytes += ctx->used;
        ctx->used = 0;
    }
    return ctx->base + ctx->used;
}

static void append(struct floor_context *ctx, const uint64_t *packet, uint32_t bytes)
{
    memcpy(reserve(ctx, bytes), packet, bytes);
    ctx->used += bytes;
}

aerocmd_result bench_floor_eager_set_vertex_buffers(struct aerocmd_umd_context *ctx_,
                                                    uint32_t start, uint32_t count,
                                                    struct aerocmd_umd_resource *const *buffers,
                                                    const uint32_t *strides,
                                                    const uint32_t *offsets)
{
    struct floor_context *ctx = floor_of(ctx_);
    const struct floor_resource *res;
    uint64_t packet[4], *slot;
    if (count != 1 || start >= FLOOR_VERTEX_SLOTS || !buffers || !strides || !offsets)
        return AEROCMD_E_NOT_IMPLEMENTED; /* the floor covers the one-slot call */
    res = (const struct floor_resource *)(const void *)buffers[0];
    packet[2] = res ? words(res->handle, strides[0]) : 0;
    packet[3] = res ? offsets[0] : 0;
    slot = (uint64_t *)(void *)&ctx->vb[start];
    if (slot[0] == packet[2] && slot[1] == packet[3])
        return AEROCMD_OK;
    slot[0] = packet[2];
    slot[1] = packet[3];
    packet[0] = words(AEROGPU_CMD_SET_VERTEX_BUFFERS, (uint32_t)sizeof packet);
    packet[1] = words(start, 1);
    append(ctx, packet, (uint32_t)sizeof packet);
    return AEROCMD_OK;
}

aerocmd_result bench_floor_eager_set_constant_buffers(struct aerocmd_umd_context *ctx_,
                                                      enum aerocmd_shader_kind stage,
                                                      uint32_t start, uint32_t count,
                                                      struct aerocmd_umd_resource *const *buffers,
                                                      const uint32_t *first, const uint32_t *num)
{
    struct floor_context *ctx = floor_of(ctx_);
    const struct floor_resource *res;
    uint64_t packet[5], *slot;
    (void)num;
    if (count != 1 || (uint32_t)stage >= FLOOR_STAGES || start >= FLOOR_CONSTANT_SLOTS ||
        first != NULL || !buffers)
        return AEROCMD_E_NOT_IMPLEMENTED; /* the floor covers one whole buffer */
    res = (const struct floor_resource *)(const void *)buffers[0];
    if (res && res->cb_bytes == 0)
        return AEROCMD_E_INVALID_ARG;  /* not a constant buffer */
    packet[3] = res ? res->handle : 0; /* offset 0 */
    packet[4] = res ? res->cb_bytes : 0;
    slot = (uint64_t *)(void *)&ctx->cb[stage][start];
    if (slot[0] == packet[3] && slot[1] == packet[4])
        return AEROCMD_OK;
    slot[0] = packet[3];
    slot[1] = packet[4];
    packet[0] = words(AEROGPU_CMD_SET_CONSTANT_BUFFERS, (uint32_t)sizeof packet);
    packet[1] = words((uint32_t)stage, start); /* VS is 0 in both numberings */
    packet[2] = 1;                             /* buffer_count */
    append(ctx, packet, (uint32_t)sizeof packet);
    return AEROCMD_OK;
}

aerocmd_result bench_floor_eager_draw(struct aerocmd_umd_context *ctx_, uint32_t vertex_count,
                                      uint32_t first_vertex)
{
    uint64_t packet[3];
    packet[0] = words(AEROGPU_CMD_DRAW, (uint32_t)sizeof packet);
    packet[1] = words(vertex_count, 1);
    packet[2] = first_vertex;
    append(floor_of(ctx_), packet, (uint32_t)sizeof packet);
    return AEROCMD_OK;
}
