/* SPDX-License-Identifier: MIT */
/* aerocmd_priv_umd_submit.c — the context's command buffer: acquire, overflow, allocation list,
 * submit.
 *
 * Packets are appended one at a time into the span the shim lent us. A packet that does
 * not fit makes the context submit what it has and append the packet again into a fresh
 * buffer, so a packet is never split or lost. The host keeps binding state per context
 * across submissions (state lives with the context, command buffers only carry it), so a
 * split never needs state to be re-emitted: the concatenation of the submissions is the
 * same packet sequence an unbounded buffer would hold. */
#include <string.h>

#include "aerocmd/kmd_alloc.h"
#include "umd_internal.h"

/* A stream header and the smallest packet. */
#define UMD_MIN_BUFFER_BYTES (AEROCMD_STREAM_HEADER_SIZE + 8u)

static aerocmd_result acquire(struct aerocmd_umd_context *ctx)
{
    struct aerocmd_umd_device *dev = ctx->dev;
    struct aerocmd_umd_cmd_buffer buf;
    aerocmd_result r;
    memset(&buf, 0, sizeof buf);
    r = UMD_CALL(dev, ACQUIRE_BUFFER, acquire_buffer, &buf);
    if (r != AEROCMD_OK) {
        if (r == AEROCMD_E_DEVICE_REMOVED)
            aerocmd_priv_umd_mark_lost(ctx);
        return r;
    }
    if (buf.bytes == NULL || buf.capacity < UMD_MIN_BUFFER_BYTES ||
        (buf.alloc_capacity != 0 && buf.allocs == NULL)) {
        dev->cb.release_buffer(dev->cb.user, &buf);
        return AEROCMD_E_INVALID_ARG;
    }
    r = aerocmd_writer_init_span(&ctx->w, buf.bytes, buf.capacity, dev->abi_version);
    if (r != AEROCMD_OK) {
        dev->cb.release_buffer(dev->cb.user, &buf);
        return r;
    }
    ctx->buf = buf;
    ctx->have_buffer = 1;
    ctx->alloc_count = 0;
    if (ctx->pending_count > 0)
        aerocmd_priv_umd_retire_write_pending(ctx);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_umd_open_buffer(struct aerocmd_umd_context *ctx)
{
    if (ctx->lost)
        return AEROCMD_E_DEVICE_REMOVED;
    if (ctx->present_pending) {
        aerocmd_result r = aerocmd_priv_umd_submit(ctx, AEROCMD_UMD_SUBMIT_PRESENT);
        if (r != AEROCMD_OK)
            return r;
    }
    if (ctx->have_buffer)
        return AEROCMD_OK;
    return acquire(ctx);
}

int aerocmd_priv_umd_again(struct aerocmd_umd_context *ctx, aerocmd_result *r)
{
    if (*r != AEROCMD_E_BUFFER_FULL)
        return 0;
    if (aerocmd_writer_is_empty(&ctx->w)) {
        /* A fresh buffer could not take it: it never fits what this runtime lends us. */
        *r = AEROCMD_E_OUT_OF_MEMORY;
        return 0;
    }
    *r = aerocmd_priv_umd_submit(ctx, 0);
    return *r == AEROCMD_OK;
}

static void record_fence(struct aerocmd_umd_context *ctx, uint64_t fence)
{
    ctx->fences[ctx->serial % UMD_FENCE_HISTORY] = fence;
    ctx->last_fence = fence;
    ctx->serial++;
    ctx->dirty |= UMD_DIRTY_DRAW_CHECK; /* targets are not yet stamped with the new buffer */
}

void aerocmd_priv_umd_mark_lost(struct aerocmd_umd_context *ctx)
{
    struct aerocmd_umd_device *dev = ctx->dev;
    ctx->lost = 1;
    ctx->present_pending = 0;
    ctx->dirty |= UMD_DIRTY_DRAW_CHECK;
    if (ctx->have_buffer) {
        aerocmd_writer_release(&ctx->w);
        dev->cb.release_buffer(dev->cb.user, &ctx->buf);
        ctx->have_buffer = 0;
        ctx->alloc_count = 0;
    }
    aerocmd_priv_umd_retire_all(ctx);
}

aerocmd_result aerocmd_priv_umd_memory_result(struct aerocmd_umd_device *dev, aerocmd_result r)
{
    if (r == AEROCMD_E_DEVICE_REMOVED && dev->ctx != NULL && !dev->ctx->lost)
        aerocmd_priv_umd_mark_lost(dev->ctx);
    return r;
}

aerocmd_result aerocmd_priv_umd_allocate(struct aerocmd_umd_device *dev, uint32_t site,
                                         struct aerocmd_umd_memory *memory)
{
    uint64_t blob[AEROCMD_KMD_ALLOC_PRIV_V1_BYTES / 8u];
    struct aerocmd_kmd_alloc_info info;
    size_t written = 0;
    aerocmd_result r;
    int own_blob = memory->private_data == NULL;
    if (own_blob) {
        memset(&info, 0, sizeof info);
        info.version = AEROGPU_WDDM_ALLOC_PRIV_VERSION;
        info.alloc_id = memory->alloc_id;
        info.size_bytes = memory->size_bytes;
        if (memory->flags & AEROCMD_UMD_MEMORY_CPU_VISIBLE)
            info.flags |= AEROGPU_WDDM_ALLOC_PRIV_FLAG_CPU_VISIBLE;
        if (memory->flags & AEROCMD_UMD_MEMORY_STAGING)
            info.flags |= AEROGPU_WDDM_ALLOC_PRIV_FLAG_STAGING;
        if (aerocmd_kmd_alloc_priv_fill(&info, blob, sizeof blob, &written) != AEROCMD_OK)
            return AEROCMD_E_INVALID_ARG;
        memory->private_data = blob;
        memory->private_data_bytes = (uint32_t)written;
    }
    aerocmd_priv_umd_at(dev, site);
    /* fault site: the caller's UMD_ALLOCATE */
    r = aerocmd_priv_umd_memory_result(dev, dev->cb.allocate_memory(dev->cb.user, memory));
    if (own_blob) {
        memory->private_data = NULL; /* the blob lives on this stack frame only */
        memory->private_data_bytes = 0;
    }
    return r;
}

aerocmd_result aerocmd_priv_umd_submit(struct aerocmd_umd_context *ctx, uint32_t flags)
{
    struct aerocmd_umd_device *dev = ctx->dev;
    struct aerocmd_umd_submission sub;
    uint64_t fence = 0;
    aerocmd_result r;
    if (ctx->present_pending)
        flags |= AEROCMD_UMD_SUBMIT_PRESENT;
    if (!ctx->have_buffer ||
        (aerocmd_writer_is_empty(&ctx->w) && !(flags & AEROCMD_UMD_SUBMIT_PRESENT)))
        return AEROCMD_OK;
    memset(&sub, 0, sizeof sub);
    sub.buffer = ctx->buf;
    sub.cmd_bytes = aerocmd_writer_size(&ctx->w);
    sub.alloc_count = ctx->alloc_count;
    sub.flags = flags;
    r = UMD_CALL(dev, SUBMIT, submit, &sub, &fence);
    if (r != AEROCMD_OK) {
        /* The buffer stays ours with its packets and the next submission point retries,
         * unless the device is gone: then nothing more may be written. */
        if (r == AEROCMD_E_DEVICE_REMOVED)
            aerocmd_priv_umd_mark_lost(ctx);
        return r;
    }
    aerocmd_writer_release(&ctx->w);
    ctx->have_buffer = 0;
    ctx->alloc_count = 0;
    ctx->present_pending = 0;
    record_fence(ctx, fence);
    if (ctx->pending_count > 0)
        aerocmd_priv_umd_retire_submitted(ctx);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_umd_list_memory(struct aerocmd_umd_context *ctx,
                                            const struct aerocmd_umd_memory *memory,
                                            uint64_t *listed_serial, uint32_t *listed_index,
                                            int write)
{
    struct aerocmd_umd_alloc_ref *ref;
    uint32_t flag = write ? AEROCMD_UMD_ALLOC_REF_WRITE : 0u;
    if (*listed_serial == ctx->serial && *listed_index < ctx->alloc_count &&
        ctx->buf.allocs[*listed_index].alloc_id == memory->alloc_id) {
        ctx->buf.allocs[*listed_index].flags |= flag;
        return AEROCMD_OK;
    }
    if (ctx->alloc_count >= ctx->buf.alloc_capacity)
        return AEROCMD_E_BUFFER_FULL;
    ref = &ctx->buf.allocs[ctx->alloc_count];
    ref->os_handle = memory->os_handle;
    ref->alloc_id = memory->alloc_id;
    ref->flags = flag;
    *listed_serial = ctx->serial;
    *listed_index = ctx->alloc_count;
    ctx->alloc_count++;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_umd_list_allocation(struct aerocmd_umd_context *ctx,
                                                struct aerocmd_umd_resource *res, int write)
{
    return aerocmd_priv_umd_list_memory(ctx, &res->memory, &res->listed_serial, &res->listed_index,
                                        write);
}

uint64_t aerocmd_priv_umd_fence_of_serial(const struct aerocmd_umd_context *ctx, uint64_t serial)
{
    uint64_t oldest;
    if (serial == 0)
        return 0;
    if (serial >= ctx->serial)
        return UINT64_MAX; /* still in the open buffer */
    oldest = ctx->serial > UMD_FENCE_HISTORY ? ctx->serial - UMD_FENCE_HISTORY : 1u;
    /* Fences only grow, so the oldest remembered one is a safe answer for older writes. */
    if (serial < oldest)
        serial = oldest;
    return ctx->fences[serial % UMD_FENCE_HISTORY];
}

static aerocmd_result append_destroy(struct aerocmd_writer *w, uint32_t opcode, uint32_t handle)
{
    switch (opcode) {
    case AEROGPU_CMD_DESTROY_RESOURCE:
        return aerocmd_append_destroy_resource(w, handle);
    case AEROGPU_CMD_DESTROY_TEXTURE_VIEW:
        return aerocmd_append_destroy_texture_view(w, handle);
    case AEROGPU_CMD_DESTROY_SHADER:
        return aerocmd_append_destroy_shader(w, handle);
    case AEROGPU_CMD_DESTROY_INPUT_LAYOUT:
        return aerocmd_append_destroy_input_layout(w, handle);
    case AEROGPU_CMD_DESTROY_SAMPLER:
        return aerocmd_append_destroy_sampler(w, handle);
    default:
        return AEROCMD_E_INVALID_ARG;
    }
}

aerocmd_result aerocmd_priv_umd_emit_destroy_once(struct aerocmd_umd_context *ctx, uint32_t opcode,
                                                  uint32_t handle)
{
    return append_destroy(&ctx->w, opcode, handle);
}

aerocmd_result aerocmd_priv_umd_emit_destroy(struct aerocmd_umd_context *ctx, uint32_t opcode,
                                             uint32_t handle)
{
    aerocmd_result r;
    do {
        r = umd_ready(ctx);
        if (r == AEROCMD_OK)
            r = append_destroy(&ctx->w, opcode, handle);
    } while (aerocmd_priv_umd_again(ctx, &r));
    return r;
}
