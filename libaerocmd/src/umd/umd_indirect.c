/* SPDX-License-Identifier: MIT */
/* umd_indirect.c — indirect draws and dispatches, and CopyStructureCount, done on the CPU
 * where the CPU has the bytes (the protocol has no indirect packets and no counter copy).
 * Best effort, as umd_compute.h describes. */
#include <string.h>

#include "aerocmd/umd_data.h"
#include "umd_internal.h"
#include "umd_wait.h"

/* Reads `count` argument words at `offset` of buffer `res`. */
static aerocmd_result read_args(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                                uint32_t offset, uint32_t *words, uint32_t count)
{
    struct aerocmd_umd_device *dev = ctx->dev;
    void *cpu = NULL;
    aerocmd_result r;
    if (res == NULL || res->dev != ctx->dev || res->kind != UMD_RESOURCE_BUFFER || res->mapped)
        return AEROCMD_E_INVALID_ARG;
    if ((offset & 3u) != 0 || offset > res->size_bytes || count * 4u > res->size_bytes - offset)
        return AEROCMD_E_INVALID_ARG;
    if (res->uav_written)
        return AEROCMD_E_NOT_IMPLEMENTED; /* the arguments exist only on the host */
    if (res->shadow != NULL) {
        memcpy(words, res->shadow + offset, count * 4u);
        return AEROCMD_OK;
    }
    if (!res->guest_backed)
        return AEROCMD_E_NOT_IMPLEMENTED;
    /* A copy into it writes back before its fence: wait for that, as Map(READ) would. */
    r = aerocmd_priv_umd_lock_when_done(ctx, &res->memory, res->write_serial, 0, &cpu);
    if (r != AEROCMD_OK)
        return r;
    memcpy(words, (const uint8_t *)cpu + offset, count * 4u);
    dev->cb.unlock_memory(dev->cb.user, &res->memory);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_dispatch_indirect(struct aerocmd_umd_context *ctx,
                                             struct aerocmd_umd_resource *args,
                                             uint32_t offset_bytes)
{
    uint32_t w[3];
    aerocmd_result r;
    if (umd_predicated_out(ctx))
        return AEROCMD_OK; /* nothing to read either */
    r = read_args(ctx, args, offset_bytes, w, 3);
    return r == AEROCMD_OK ? aerocmd_umd_dispatch(ctx, w[0], w[1], w[2]) : r;
}

aerocmd_result aerocmd_umd_draw_instanced_indirect(struct aerocmd_umd_context *ctx,
                                                   struct aerocmd_umd_resource *args,
                                                   uint32_t offset_bytes)
{
    uint32_t w[4];
    aerocmd_result r;
    if (umd_predicated_out(ctx))
        return AEROCMD_OK; /* nothing to read either */
    r = read_args(ctx, args, offset_bytes, w, 4);
    return r == AEROCMD_OK ? aerocmd_umd_draw_instanced(ctx, w[0], w[1], w[2], w[3]) : r;
}

aerocmd_result aerocmd_umd_draw_indexed_instanced_indirect(struct aerocmd_umd_context *ctx,
                                                           struct aerocmd_umd_resource *args,
                                                           uint32_t offset_bytes)
{
    uint32_t w[5];
    aerocmd_result r;
    if (umd_predicated_out(ctx))
        return AEROCMD_OK; /* nothing to read either */
    r = read_args(ctx, args, offset_bytes, w, 5);
    return r == AEROCMD_OK
               ? aerocmd_umd_draw_indexed_instanced(ctx, w[0], w[1], w[2], (int32_t)w[3], w[4])
               : r;
}

aerocmd_result aerocmd_umd_copy_structure_count(struct aerocmd_umd_context *ctx,
                                                struct aerocmd_umd_resource *dst,
                                                uint32_t dst_offset_bytes,
                                                struct aerocmd_umd_uav *src)
{
    struct aerocmd_box box = {0, 0, 0, 0, 0, 1};
    uint32_t count;
    if (ctx == NULL || dst == NULL || src == NULL || src->dev != ctx->dev ||
        dst->kind != UMD_RESOURCE_BUFFER)
        return AEROCMD_E_INVALID_ARG;
    if (umd_predicated_out(ctx))
        return AEROCMD_OK;
    if (!(src->flags & (AEROCMD_UMD_UAV_FLAG_APPEND | AEROCMD_UMD_UAV_FLAG_COUNTER)))
        return AEROCMD_E_INVALID_ARG;
    if ((dst_offset_bytes & 3u) != 0 || dst_offset_bytes > dst->size_bytes ||
        dst->size_bytes - dst_offset_bytes < 4u)
        return AEROCMD_E_INVALID_ARG;
    if (!src->count_known)
        return AEROCMD_E_NOT_IMPLEMENTED;
    count = src->known_count;
    box.left = dst_offset_bytes;
    box.right = dst_offset_bytes + 4u;
    return aerocmd_umd_update_subresource(ctx, dst, 0, &box, &count, 0, 0);
}
