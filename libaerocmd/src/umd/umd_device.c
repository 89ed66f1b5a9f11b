/* SPDX-License-Identifier: MIT */
/* umd_device.c — device and immediate context life cycles, guest-wide ids. */
#include <string.h>

#include "umd_internal.h"

int aerocmd_priv_umd_mem_ok(const void *mem, size_t mem_size, size_t need)
{
    return mem != NULL && mem_size >= need &&
           ((uintptr_t)mem & (AEROCMD_UMD_OBJECT_ALIGN - 1u)) == 0;
}

/* ---- ids --------------------------------------------------------------------------- */

void aerocmd_umd_id_space_init(struct aerocmd_umd_id_space *space, uint32_t process_id)
{
    /* Windows process ids are multiples of 4, so the low two bits carry nothing. */
    space->prefix = (process_id >> 2) & 0x1FFFu;
    space->next_handle = 1;
    space->next_alloc = 1;
}

aerocmd_result aerocmd_umd_id_space_next(void *user, enum aerocmd_umd_id_kind kind, uint32_t *out)
{
    struct aerocmd_umd_id_space *space = (struct aerocmd_umd_id_space *)user;
    uint32_t *counter;
    if (space == NULL || out == NULL)
        return AEROCMD_E_INVALID_ARG;
    counter = kind == AEROCMD_UMD_ID_ALLOC ? &space->next_alloc : &space->next_handle;
    if (*counter == 0 || *counter > AEROCMD_UMD_ID_COUNTER_MAX)
        return AEROCMD_E_OUT_OF_MEMORY;
    *out = (space->prefix << AEROCMD_UMD_ID_COUNTER_BITS) | *counter;
    (*counter)++;
    return AEROCMD_OK;
}

/* Counter values whose low 31 bits are 0 would give the invalid id 0. */
#define UMD_COUNTER_ID_MASK 0x7FFFFFFFu
/* Fallback prefixes have their top bit set: ids from 2^30 up. */
#define UMD_FALLBACK_PREFIX 0x1000u

void aerocmd_umd_id_counter_init(struct aerocmd_umd_id_counter *ids,
                                 uint64_t (*increment)(void *user), void *user, uint32_t process_id)
{
    ids->increment = increment;
    ids->user = user;
    aerocmd_umd_id_space_init(&ids->fallback, process_id);
    ids->fallback.prefix =
        UMD_FALLBACK_PREFIX | (ids->fallback.prefix & (UMD_FALLBACK_PREFIX - 1u));
}

aerocmd_result aerocmd_umd_id_counter_next(void *user, enum aerocmd_umd_id_kind kind, uint32_t *out)
{
    struct aerocmd_umd_id_counter *ids = (struct aerocmd_umd_id_counter *)user;
    if (ids == NULL || out == NULL)
        return AEROCMD_E_INVALID_ARG;
    if (ids->increment != NULL) {
        uint64_t v = ids->increment(ids->user);
        if (v != 0 && (v & UMD_COUNTER_ID_MASK) == 0)
            v = ids->increment(ids->user);
        if ((v & UMD_COUNTER_ID_MASK) != 0) {
            *out = (uint32_t)(v & UMD_COUNTER_ID_MASK);
            return AEROCMD_OK;
        }
    }
    return aerocmd_umd_id_space_next(&ids->fallback, kind, out);
}

aerocmd_result aerocmd_priv_umd_new_id(struct aerocmd_umd_device *dev, uint32_t site,
                                       enum aerocmd_umd_id_kind kind, uint32_t *out)
{
    uint32_t id = 0;
    aerocmd_result r;
    aerocmd_priv_umd_at(dev, site);
    r = dev->ids.next(dev->ids.user, kind, &id); /* fault site: the caller's UMD_NEW_ID */
    if (r != AEROCMD_OK)
        return r;
    /* A source that breaks its contract must not put a colliding or invalid id on the wire. */
    if (id == 0 || (kind == AEROCMD_UMD_ID_ALLOC && id > 0x7FFFFFFFu)) {
        aerocmd_priv_umd_release_id(dev, kind, id);
        return AEROCMD_E_INVALID_ARG;
    }
    *out = id;
    return AEROCMD_OK;
}

void aerocmd_priv_umd_release_id(struct aerocmd_umd_device *dev, enum aerocmd_umd_id_kind kind,
                                 uint32_t id)
{
    if (dev->ids.release != NULL && id != 0)
        dev->ids.release(dev->ids.user, kind, id);
}

struct aerocmd_umd_context *aerocmd_priv_umd_ctx_of(struct aerocmd_umd_device *dev)
{
    return dev != NULL ? dev->ctx : NULL;
}

/* ---- device ------------------------------------------------------------------------- */

size_t aerocmd_umd_device_size(void)
{
    return sizeof(struct aerocmd_umd_device);
}

/* A fence wait is needed unless the operating system does all the waiting (locks and
 * present throttling); wait_fence_raw stands in for wait_fence when set. */
static int callbacks_complete(const struct aerocmd_umd_callbacks *cb)
{
    int waits_by_os = (cb->flags & AEROCMD_UMD_CB_WAITS_BY_OS) == AEROCMD_UMD_CB_WAITS_BY_OS;
    return cb->acquire_buffer && cb->release_buffer && cb->submit &&
           (cb->wait_fence || waits_by_os) && cb->allocate_memory && cb->free_memory &&
           cb->lock_memory && cb->unlock_memory;
}

aerocmd_result aerocmd_umd_device_init(void *mem, size_t mem_size,
                                       const struct aerocmd_umd_device_desc *desc,
                                       struct aerocmd_umd_device **out)
{
    struct aerocmd_umd_device *dev;
    if (out == NULL || desc == NULL || !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof *dev))
        return AEROCMD_E_INVALID_ARG;
    if (desc->callbacks == NULL || !callbacks_complete(desc->callbacks) ||
        desc->allocator == NULL || desc->allocator->resize == NULL ||
        desc->allocator->release == NULL || desc->ids.next == NULL ||
        desc->policy > AEROCMD_UMD_POLICY_COMPATIBLE)
        return AEROCMD_E_INVALID_ARG;
    if ((desc->abi_version >> 16) != AEROGPU_ABI_MAJOR)
        return AEROCMD_E_NOT_IMPLEMENTED;
    dev = (struct aerocmd_umd_device *)mem;
    memset(dev, 0, sizeof *dev);
    dev->abi_version = desc->abi_version;
    dev->features = desc->features;
    dev->cb = *desc->callbacks;
    dev->alloc = desc->allocator;
    dev->ids = desc->ids;
    dev->fence_page = desc->fence_page;
    dev->policy = desc->policy;
    *out = dev;
    return AEROCMD_OK;
}

void aerocmd_umd_device_destroy(struct aerocmd_umd_device *dev)
{
    if (dev != NULL)
        memset(dev, 0, sizeof *dev);
}

uint32_t aerocmd_umd_device_abi_version(const struct aerocmd_umd_device *dev)
{
    return dev->abi_version;
}

/* ---- context ------------------------------------------------------------------------ */

size_t aerocmd_umd_context_size(void)
{
    return sizeof(struct aerocmd_umd_context);
}

aerocmd_result aerocmd_umd_context_init(void *mem, size_t mem_size, struct aerocmd_umd_device *dev,
                                        struct aerocmd_umd_context **out)
{
    struct aerocmd_umd_context *ctx;
    uint32_t i;
    if (out == NULL || dev == NULL || dev->ctx != NULL ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof *ctx))
        return AEROCMD_E_INVALID_ARG;
    ctx = (struct aerocmd_umd_context *)mem;
    memset(ctx, 0, sizeof *ctx);
    ctx->dev = dev;
    ctx->serial = 1;
    for (i = 0; i < AEROCMD_UMD_MAX_UAVS; i++)
        ctx->uav[i].b.initial_count = AEROCMD_UMD_UAV_KEEP_COUNT;
    aerocmd_priv_umd_default_blend(&ctx->blend);
    aerocmd_priv_umd_default_depth_stencil(&ctx->depth_stencil);
    aerocmd_priv_umd_default_rasterizer(&ctx->rasterizer);
    /* The host's fixed-function state is unknown until we set it once. */
    ctx->dirty =
        UMD_DIRTY_BLEND | UMD_DIRTY_DEPTH_STENCIL | UMD_DIRTY_RASTERIZER | UMD_DIRTY_DRAW_CHECK;
    dev->ctx = ctx;
    *out = ctx;
    return AEROCMD_OK;
}

void aerocmd_umd_context_set_error_hook(struct aerocmd_umd_context *ctx,
                                        aerocmd_umd_error_hook hook, void *user)
{
    ctx->error_hook = hook;
    ctx->error_user = user;
}

aerocmd_result aerocmd_priv_umd_report(struct aerocmd_umd_context *ctx, aerocmd_result r)
{
    if (r != AEROCMD_OK && ctx != NULL && ctx->error_hook != NULL)
        ctx->error_hook(ctx->error_user, r);
    return r;
}

void aerocmd_umd_context_destroy(struct aerocmd_umd_context *ctx)
{
    if (ctx == NULL)
        return;
    aerocmd_priv_umd_builtins_release(ctx);
    aerocmd_priv_umd_retire_send_releases(ctx);
    (void)aerocmd_priv_umd_submit(ctx, 0);
    if (ctx->have_buffer) {
        aerocmd_writer_release(&ctx->w);
        ctx->dev->cb.release_buffer(ctx->dev->cb.user, &ctx->buf);
        ctx->have_buffer = 0;
    }
    /* The host's context, and every handle it held for us, ends with ours. */
    aerocmd_priv_umd_retire_all(ctx);
    ctx->dev->ctx = NULL;
    memset(ctx, 0, sizeof *ctx);
}

aerocmd_result aerocmd_umd_flush(struct aerocmd_umd_context *ctx)
{
    if (ctx->lost)
        return AEROCMD_E_DEVICE_REMOVED;
    return aerocmd_priv_umd_submit(ctx, 0);
}

uint64_t aerocmd_umd_last_fence(const struct aerocmd_umd_context *ctx)
{
    return ctx->last_fence;
}

uint64_t aerocmd_umd_submission_count(const struct aerocmd_umd_context *ctx)
{
    return ctx->serial - 1u;
}

int aerocmd_umd_context_is_lost(const struct aerocmd_umd_context *ctx)
{
    return ctx->lost;
}
