/* SPDX-License-Identifier: MIT */
/* bench_floor.c — see bench_floor.h. Packets as protocol/aerogpu_cmd.h lays them out. */
#include <string.h>

#include "bench_floor.h"

#define FLOOR_DIRTY_VB    1u
#define FLOOR_DIRTY_CB(s) (2u << (s))

static struct floor_context *floor_of(struct aerocmd_umd_context *ctx)
{
    return (struct floor_context *)(void *)ctx;
}

aerocmd_result bench_floor_set_vertex_buffers(struct aerocmd_umd_context *ctx_, uint32_t start,
                                              uint32_t count,
                                              struct aerocmd_umd_resource *const *buffers,
                                              const uint32_t *strides, const uint32_t *offsets)
{
    struct floor_context *ctx = floor_of(ctx_);
    const struct floor_resource *res;
    struct aerogpu_vertex_buffer_binding *b;
    uint32_t handle = 0, stride = 0, offset = 0;
    if (count != 1 || start >= FLOOR_VERTEX_SLOTS || !buffers || !strides || !offsets)
        return AEROCMD_E_NOT_IMPLEMENTED; /* the floor covers the one-slot call */
    res = (const struct floor_resource *)(const void *)buffers[0];
    if (res) {
        handle = res->handle;
        stride = strides[0];
        offset = offsets[0];
    }
    b = &ctx->vb[start];
    if (b->buffer == handle && b->stride_bytes == stride && b->offset_bytes == offset)
        return AEROCMD_OK;
    b->buffer = handle;
    b->stride_bytes = stride;
    b->offset_bytes = offset;
    ctx->vb_dirty |= 1u << start;
    ctx->dirty |= FLOOR_DIRTY_VB;
    return AEROCMD_OK;
}

aerocmd_result bench_floor_set_constant_buffers(struct aerocmd_umd_context *ctx_,
                                                enum aerocmd_shader_kind stage, uint32_t start,
                                                uint32_t count,
                                                struct aerocmd_umd_resource *const *buffers,
                                                const uint32_t *first, const uint32_t *num)
{
    struct floor_context *ctx = floor_of(ctx_);
    const struct floor_resource *res;
    struct aerogpu_constant_buffer_binding *b;
    uint32_t handle = 0, size = 0;
    (void)num;
    if (count != 1 || (uint32_t)stage >= FLOOR_STAGES || start >= FLOOR_CONSTANT_SLOTS ||
        first != NULL || !buffers)
        return AEROCMD_E_NOT_IMPLEMENTED; /* the floor covers one whole buffer */
    res = (const struct floor_resource *)(const void *)buffers[0];
    if (res) {
        if (res->cb_bytes == 0)
            return AEROCMD_E_INVALID_ARG; /* not a constant buffer */
        handle = res->handle;
        size = res->cb_bytes;
    }
    b = &ctx->cb[stage][start];
    if (b->buffer == handle && b->offset_bytes == 0 && b->size_bytes == size)
        return AEROCMD_OK;
    b->buffer = handle;
    b->offset_bytes = 0;
    b->size_bytes = size;
    ctx->cb_dirty[stage] |= 1u << start;
    ctx->dirty |= FLOOR_DIRTY_CB(stage);
    return AEROCMD_OK;
}

static uint8_t *put_draw(uint8_t *at, uint32_t vertex_count, uint32_t first_vertex)
{
    struct aerogpu_cmd_draw *p = (struct aerogpu_cmd_draw *)(void *)at;
    p->hdr.opcode = AEROGPU_CMD_DRAW;
    p->hdr.size_bytes = (uint32_t)sizeof *p;
    p->vertex_count = vertex_count;
    p->instance_count = 1;
    p->first_vertex = first_vertex;
    p->first_instance = 0;
    return at + sizeof *p;
}

/* One changed slot each: the packets L2 sends. */
static uint8_t *put_vertex_buffer(struct floor_context *ctx, uint8_t *at)
{
    struct aerogpu_cmd_set_vertex_buffers *p = (struct aerogpu_cmd_set_vertex_buffers *)(void *)at;
    uint32_t slot = (uint32_t)__builtin_ctz(ctx->vb_dirty);
    p->hdr.opcode = AEROGPU_CMD_SET_VERTEX_BUFFERS;
    p->hdr.size_bytes = (uint32_t)(sizeof *p + sizeof ctx->vb[0]);
    p->start_slot = slot;
    p->buffer_count = 1;
    memcpy(at + sizeof *p, &ctx->vb[slot], sizeof ctx->vb[0]);
    ctx->vb_dirty = 0;
    return at + sizeof *p + sizeof ctx->vb[0];
}

static uint8_t *put_constant_buffer(struct floor_context *ctx, uint32_t stage, uint8_t *at)
{
    struct aerogpu_cmd_set_constant_buffers *p =
        (struct aerogpu_cmd_set_constant_buffers *)(void *)at;
    uint32_t slot = (uint32_t)__builtin_ctz(ctx->cb_dirty[stage]);
    p->hdr.opcode = AEROGPU_CMD_SET_CONSTANT_BUFFERS;
    p->hdr.size_bytes = (uint32_t)(sizeof *p + sizeof ctx->cb[0][0]);
    p->shader_stage = stage; /* the floor binds VS (0 in both numberings) */
    p->start_slot = slot;
    p->buffer_count = 1;
    p->reserved0 = 0;
    memcpy(at + sizeof *p, &ctx->cb[stage][slot], sizeof ctx->cb[0][0]);
    ctx->cb_dirty[stage] = 0;
    return at + sizeof *p + sizeof ctx->cb[0][0];
}

aerocmd_result bench_floor_draw(struct aerocmd_umd_context *ctx_, uint32_t vertex_count,
                                uint32_t first_vertex)
{
    enum { MOST = 32 + 40 + 24 }; /* SET_VERTEX_BUFFERS + SET_CONSTANT_BUFFERS + DRAW */
    struct floor_context *ctx = floor_of(ctx_);
    uint32_t dirty = ctx->dirty;
    uint8_t *at;
    if (dirty & ~(uint32_t)(FLOOR_DIRTY_VB | FLOOR_DIRTY_CB(0)))
        return AEROCMD_E_NOT_IMPLEMENTED; /* the floor sends what L2 changes */
    if ((dirty & FLOOR_DIRTY_VB) && (ctx->vb_dirty & (ctx->vb_dirty - 1u)))
        return AEROCMD_E_NOT_IMPLEMENTED;
    if ((dirty & FLOOR_DIRTY_CB(0)) && (ctx->cb_dirty[0] & (ctx->cb_dirty[0] - 1u)))
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (MOST > ctx->capacity - ctx->used) { /* submit, start the next buffer */
        ctx->submitted_bytes += ctx->used;
        ctx->used = 0;
    }
    at = ctx->base + ctx->used;
    if (dirty & FLOOR_DIRTY_VB)
        at = put_vertex_buffer(ctx, at);
    if (dirty & FLOOR_DIRTY_CB(0))
        at = put_constant_buffer(ctx, 0, at);
    ctx->dirty = 0;
    ctx->used = (uint32_t)(put_draw(at, vertex_count, first_vertex) - ctx->base);
    return AEROCMD_OK;
}
