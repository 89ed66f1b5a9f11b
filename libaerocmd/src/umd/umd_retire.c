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
        umd_release_id(dev, AEROCMD_UMD_ID_ALLOC, p->memory.alloc_id);
    }
    umd_release_id(dev, AEROCMD_UMD_ID_HANDLE, p->handle);
}

static void remember(struct aerocmd_umd_context *ctx, const struct umd_pending_destroy *p)
{
    if (ctx->pending_count == UMD_PENDING_DESTROYS)
        (void)umd_submit(ctx, 0); /* a success retires the submitted entries */
    if (ctx->pending_count < UMD_PENDING_DESTROYS)
        ctx->pending[ctx->pending_count++] = *p;
}

aerocmd_result umd_retire_object(struct aerocmd_umd_context *ctx, uint32_t opcode, uint32_t handle,
                                 const struct aerocmd_umd_memory *memory)
{
    struct umd_pending_destroy p;
    aerocmd_result r;
    umd_forget_host_target(ctx, handle);
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
    r = umd_emit_destroy(ctx, opcode, handle);
    if (r == AEROCMD_OK) {
        p.destroy_serial = ctx->serial;
        if (memory == NULL) {
            release_now(ctx, &p);
            return AEROCMD_OK;
        }
        r = umd_submit(ctx, 0);
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

void umd_retire_write_pending(struct aerocmd_umd_context *ctx)
{
    uint32_t i;
    for (i = 0; i < ctx->pending_count; i++) {
        struct umd_pending_destroy *p = &ctx->pending[i];
        if (p->destroy_serial != 0)
            continue;
        /* Only what fits: the rest waits for the next buffer. */
        if (umd_emit_destroy_once(ctx, p->opcode, p->handle) != AEROCMD_OK)
            return;
        p->destroy_serial = ctx->serial;
    }
}

void umd_retire_submitted(struct aerocmd_umd_context *ctx)
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

void umd_retire_all(struct aerocmd_umd_context *ctx)
{
    while (ctx->pending_count > 0)
        release_now(ctx, &ctx->pending[--ctx->pending_count]);
}
