/* SPDX-License-Identifier: MIT */
/* umd_present.c — presenting. PRESENT names no resource: the host shows the first non-zero
 * render target bound when it executes (RULES.md), so the surface DXGI presents is bound
 * as render target 0 for the PRESENT, and the application's own targets come back before
 * its next draw, through the same comparison with what the host has that every target
 * change uses (nothing is re-sent when the application's targets already present it). */
#include <string.h>

#include "aerocmd/umd_data.h"
#include "umd_internal.h"

#define PRESENT_FLAGS (AEROCMD_UMD_PRESENT_TEST | AEROCMD_UMD_PRESENT_DO_NOT_WAIT)

/* Before a new present, the one UMD_PRESENT_LATENCY presents back must be done: that is
 * the throttle DXGI applies by default; DO_NOT_WAIT turns the wait into STILL_DRAWING.
 * Where the operating system throttles (Windows 7's DXGI, in its present callback), a
 * second throttle here would only add latency. */
static aerocmd_result throttle_present(struct aerocmd_umd_context *ctx, uint32_t flags)
{
    uint64_t serial = ctx->present_serials[ctx->present_count % UMD_PRESENT_LATENCY];
    uint32_t wait = (flags & AEROCMD_UMD_PRESENT_DO_NOT_WAIT) ? AEROCMD_UMD_MAP_DO_NOT_WAIT : 0u;
    if (ctx->dev->cb.flags & AEROCMD_UMD_CB_OS_THROTTLES_PRESENT)
        return AEROCMD_OK;
    return aerocmd_priv_umd_wait_serial(ctx, serial, wait);
}

/* A sync interval above one is the present.sync_interval approximation: the PRESENT's
 * VSYNC flag waits for one vertical blank and has no count. Counted once per present
 * (not for TEST, which presents nothing). */
static aerocmd_result sync_interval_policy(struct aerocmd_umd_context *ctx, uint32_t sync_interval,
                                           uint32_t flags)
{
    uint32_t approx =
        sync_interval > 1u ? 1u << (uint32_t)AEROCMD_UMD_APPROX_PRESENT_SYNC_INTERVAL : 0u;
    aerocmd_result r = aerocmd_priv_umd_policy_allows(ctx->dev, approx);
    if (r == AEROCMD_OK && !(flags & AEROCMD_UMD_PRESENT_TEST))
        aerocmd_priv_umd_count_approx(ctx->dev, approx);
    return r;
}

/* The targets the host should have at the PRESENT: the application's own when `handle`
 * is already their first colour target, else `handle` alone (no depth view, whose size
 * need not match the surface's). */
static void present_targets(const struct aerocmd_umd_context *ctx, uint32_t handle,
                            struct umd_render_targets *rt)
{
    uint32_t i;
    aerocmd_priv_umd_desired_targets(ctx, rt);
    for (i = 0; i < rt->count && rt->colors[i] == 0; i++)
        ;
    if (i < rt->count && rt->colors[i] == handle)
        return;
    memset(rt, 0, sizeof *rt);
    rt->count = 1;
    rt->colors[0] = handle;
}

/* PRESENT into the open buffer, which then goes out alone, flagged as a present; a failed
 * submission keeps it for the next submission point. */
static aerocmd_result emit_present(struct aerocmd_umd_context *ctx, uint32_t sync_interval)
{
    uint32_t packet_flags = sync_interval > 0 ? (uint32_t)AEROGPU_PRESENT_FLAG_VSYNC : 0u;
    aerocmd_result r;
    UMD_APPEND(ctx, r, aerocmd_append_present(&ctx->w, 0, packet_flags));
    if (r != AEROCMD_OK)
        return r;
    ctx->present_serials[ctx->present_count++ % UMD_PRESENT_LATENCY] = ctx->serial;
    r = aerocmd_priv_umd_submit(ctx, AEROCMD_UMD_SUBMIT_PRESENT);
    if (r != AEROCMD_OK && !ctx->lost) {
        ctx->present_pending = 1;
        ctx->dirty |= UMD_DIRTY_DRAW_CHECK;
    }
    return r;
}

/* Pending work out first (Direct3D's present flushes), then the throttle. */
static aerocmd_result begin_present(struct aerocmd_umd_context *ctx, uint32_t flags)
{
    aerocmd_result r = aerocmd_priv_umd_submit(ctx, 0);
    if (r == AEROCMD_OK)
        r = throttle_present(ctx, flags);
    return r;
}

aerocmd_result aerocmd_umd_present_ex(struct aerocmd_umd_context *ctx, uint32_t sync_interval,
                                      uint32_t flags)
{
    aerocmd_result r;
    if (ctx->lost)
        return AEROCMD_E_DEVICE_REMOVED;
    if (sync_interval > 4u || (flags & ~(uint32_t)PRESENT_FLAGS))
        return AEROCMD_E_INVALID_ARG;
    r = sync_interval_policy(ctx, sync_interval, flags);
    if (r != AEROCMD_OK || (flags & AEROCMD_UMD_PRESENT_TEST))
        return r; /* TEST only asks whether presenting would work */
    r = begin_present(ctx, flags);
    return r == AEROCMD_OK ? emit_present(ctx, sync_interval) : r;
}

aerocmd_result aerocmd_umd_present(struct aerocmd_umd_context *ctx, uint32_t sync_interval)
{
    return aerocmd_umd_present_ex(ctx, sync_interval > 4u ? 4u : sync_interval, 0);
}

/* A texture of this device in a guest allocation whose subresource index exists. */
static int presentable_side(const struct aerocmd_umd_context *ctx,
                            const struct aerocmd_umd_resource *res, uint32_t subresource)
{
    return res != NULL && res->dev == ctx->dev && res->kind == UMD_RESOURCE_TEXTURE2D &&
           res->guest_backed && subresource < res->mip_levels * res->array_layers;
}

static aerocmd_result check_surface_desc(const struct aerocmd_umd_context *ctx,
                                         const struct aerocmd_umd_present_desc *d)
{
    if (d->sync_interval > 4u || (d->flags & ~(uint32_t)PRESENT_FLAGS) ||
        !presentable_side(ctx, d->src, d->src_subresource) ||
        (d->dst != NULL && !presentable_side(ctx, d->dst, d->dst_subresource)))
        return AEROCMD_E_INVALID_ARG;
    /* It is bound as a target: a swap-chain buffer (one level, renderable on the host). */
    if (!d->src->presentable)
        return AEROCMD_E_NOT_IMPLEMENTED;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_present_surface(struct aerocmd_umd_context *ctx,
                                           const struct aerocmd_umd_present_desc *desc,
                                           struct aerocmd_umd_present_allocations *out)
{
    struct umd_render_targets rt;
    aerocmd_result r;
    if (ctx == NULL || desc == NULL || out == NULL)
        return AEROCMD_E_INVALID_ARG;
    if (ctx->lost)
        return AEROCMD_E_DEVICE_REMOVED;
    r = check_surface_desc(ctx, desc);
    if (r == AEROCMD_OK)
        r = sync_interval_policy(ctx, desc->sync_interval, desc->flags);
    if (r != AEROCMD_OK)
        return r;
    out->src_os_handle = desc->src->memory.os_handle;
    out->dst_os_handle = desc->dst != NULL ? desc->dst->memory.os_handle : 0u;
    if (desc->flags & AEROCMD_UMD_PRESENT_TEST)
        return AEROCMD_OK;
    r = begin_present(ctx, desc->flags);
    if (r != AEROCMD_OK)
        return r;
    present_targets(ctx, desc->src->handle, &rt);
    r = aerocmd_priv_umd_emit_render_targets(ctx, &rt);
    if (r != AEROCMD_OK)
        return r;
    /* The application's targets come back at its next draw, unless the host has them. */
    ctx->dirty |= UMD_DIRTY_RENDER_TARGETS;
    return emit_present(ctx, desc->sync_interval);
}
