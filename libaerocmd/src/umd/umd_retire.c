/* SPDX-License-Identifier: MIT */
/* umd_retire.c — retiring destroyed objects without freeing anything the host may still use.
 *
 * The runtime's destroy calls cannot fail and the object's memory is reused right after, but
 * the host forgets a handle only when it executes the DESTROY packet, and it may read a
 * guest allocation until then. So a handle id is given back only after its DESTROY is in
 * a command buffer, and an allocation is freed only after that buffer has been submitted
 * (the operating system then keeps the allocation alive for the submissions that listed
 * it). When a DESTROY cannot be written or submitted (no buffer, a failed submission),
 * the object waits in the context's pending table: the DESTROY is written into the next
 * buffer that is opened and the rest is released after that buffer's submission. If the
 * table is full even after a submission, the object is kept alive for good (its id never
 * reused, its allocation never freed): a leak is the lesser harm than a use after free. */
#include <string.h>

#include "umd_internal.h"

static void release_now(struct aerocmd_umd_context *ctx, const struct umd_pending_destroy *p)
{
    struct aerocmd_umd_device *dev = ctx->dev;
    if (p->has_memory) {
        dev->cb.free_memory(dev->cb.user, &p->memory);
        aerocmd_priv_umd_release_id(dev, AEROCMD_UMD_ID_ALLOC, p->memory.alloc_id);
    }
    aerocmd_priv_umd_release_id(dev, AEROCMD_UMD_ID_HANDLE, p->handle);
}

static void remember(struct aerocmd_umd_context *ctx, const struct umd_pending_destroy *p)
{
    if (ctx->pending_count == UMD_PENDING_DESTROYS)
        (void)aerocmd_priv_umd_submit(ctx, 0); /* a success retires the submitted entries */
    if (ctx->pending_count < UMD_PENDING_DESTROYS)
        ctx->pending[ctx->pending_count++] = *p;
}

aerocmd_result aerocmd_priv_umd_retire_object(struct aerocmd_umd_context *ctx, uint32_t opcode,
                                              uint32_t handle,
                                              const struct aerocmd_umd_memory *memory)
{
    struct umd_pending_destroy p;
    aerocmd_result r;
    aerocmd_priv_umd_forget_host_target(ctx, handle);
    memset(&p, 0, sizeof p);
    p.opcode = opcode;
    p.handle = handle;
    if (memory != NULL) {
        p.has_memory = 1;
        p.memory = *memory;
    }
    if (ctx->lost) {
        release_now(ctx, &p); /* no host left to use it */
        return AEROCMD_E_DEVICE_REMOVED;
    }
    r = aerocmd_priv_umd_emit_destroy(ctx, opcode, handle);
    if (r == AEROCMD_OK) {
        p.destroy_serial = ctx->serial;
        if (memory == NULL) {
            release_now(ctx, &p);
            return AEROCMD_OK;
        }
        r = aerocmd_priv_umd_submit(ctx, 0);
        if (r == AEROCMD_OK) {
            release_now(ctx, &p);
            return AEROCMD_OK;
        }
    }
    if (ctx->lost)
        release_now(ctx, &p);
    else
        remember(ctx, &p);
    return r;
}

aerocmd_result aerocmd_priv_umd_retire_unreleased(struct aerocmd_umd_context *ctx, uint32_t handle,
                                                  const struct aerocmd_umd_memory *memory,
                                                  uint64_t share_token)
{
    struct umd_pending_destroy p;
    aerocmd_priv_umd_forget_host_target(ctx, handle);
    memset(&p, 0, sizeof p);
    p.opcode = AEROGPU_CMD_DESTROY_RESOURCE;
    p.handle = handle;
    p.share_token = share_token;
    if (memory != NULL) {
        p.has_memory = 1;
        p.memory = *memory;
    }
    if (ctx->lost) {
        release_now(ctx, &p);
        return AEROCMD_E_DEVICE_REMOVED;
    }
    remember(ctx, &p);
    return AEROCMD_OK;
}

void aerocmd_priv_umd_retire_memory_after(struct aerocmd_umd_context *ctx,
                                          const struct aerocmd_umd_memory *memory, uint64_t serial)
{
    struct umd_pending_destroy p;
    memset(&p, 0, sizeof p);
    p.has_memory = 1;
    p.memory = *memory;
    p.destroy_serial = serial; /* nothing to write: only the submission is waited for */
    if (ctx->lost)
        release_now(ctx, &p);
    else
        remember(ctx, &p);
}

/* The release owed before p's DESTROY, its allocation listed (the kernel takes a token only
 * from a submission listing an allocation that carries it). BUFFER_FULL: wait for the next
 * buffer. A release that not even an empty buffer takes is given up (the token stays
 * registered), so that the DESTROY is not held back for good. */
static aerocmd_result write_owed_release(struct aerocmd_umd_context *ctx,
                                         struct umd_pending_destroy *p)
{
    int empty = aerocmd_writer_is_empty(&ctx->w) && ctx->alloc_count == 0;
    uint32_t mark = ctx->alloc_count;
    aerocmd_result r = AEROCMD_E_BUFFER_FULL;
    if (!p->has_memory || ctx->alloc_count < ctx->buf.alloc_capacity) {
        if (p->has_memory) {
            struct aerocmd_umd_alloc_ref *ref = &ctx->buf.allocs[ctx->alloc_count++];
            ref->os_handle = p->memory.os_handle;
            ref->alloc_id = p->memory.alloc_id;
            ref->flags = 0;
        }
        r = aerocmd_append_release_shared_surface(&ctx->w, p->share_token);
    }
    if (r != AEROCMD_OK) {
        ctx->alloc_count = mark;
        if (!empty)
            return AEROCMD_E_BUFFER_FULL;
    }
    p->share_token = 0;
    return AEROCMD_OK;
}

void aerocmd_priv_umd_retire_write_pending(struct aerocmd_umd_context *ctx)
{
    uint32_t i;
    for (i = 0; i < ctx->pending_count; i++) {
        struct umd_pending_destroy *p = &ctx->pending[i];
        if (p->destroy_serial != 0)
            continue;
        /* Only what fits: the rest waits for the next buffer. */
        if (p->share_token != 0 && write_owed_release(ctx, p) != AEROCMD_OK)
            return;
        if (aerocmd_priv_umd_emit_destroy_once(ctx, p->opcode, p->handle) != AEROCMD_OK)
            return;
        p->destroy_serial = ctx->serial;
    }
}

static int owes_release(const struct aerocmd_umd_context *ctx)
{
    uint32_t i;
    for (i = 0; i < ctx->pending_count; i++)
        if (ctx->pending[i].share_token != 0)
            return 1;
    return 0;
}

/* A round per buffer until nothing is owed: a held buffer may take none (it is full, or
 * its allocation list is), and a fresh one may take as few as one release (each lists its
 * allocation: an allocation list of one entry holds one). A fresh buffer always takes one
 * or gives it up (write_owed_release), so one round per pending entry, after the held
 * buffer's, is enough. */
void aerocmd_priv_umd_retire_send_releases(struct aerocmd_umd_context *ctx)
{
    uint32_t round, rounds = ctx->pending_count + 1u;
    for (round = 0; round < rounds && !ctx->lost && owes_release(ctx); round++) {
        if (aerocmd_priv_umd_open_buffer(ctx) != AEROCMD_OK)
            return;
        aerocmd_priv_umd_retire_write_pending(ctx); /* a buffer opened just now has them already */
        if (aerocmd_priv_umd_submit(ctx, 0) != AEROCMD_OK)
            return;
    }
}

void aerocmd_priv_umd_retire_submitted(struct aerocmd_umd_context *ctx)
{
    uint32_t i = 0;
    while (i < ctx->pending_count) {
        struct umd_pending_destroy *p = &ctx->pending[i];
        if (p->destroy_serial == 0 || p->destroy_serial >= ctx->serial) {
            i++;
            continue;
        }
        release_now(ctx, p);
        ctx->pending[i] = ctx->pending[--ctx->pending_count];
    }
}

void aerocmd_priv_umd_retire_all(struct aerocmd_umd_context *ctx)
{
    while (ctx->pending_count > 0)
        release_now(ctx, &ctx->pending[--ctx->pending_count]);
}
