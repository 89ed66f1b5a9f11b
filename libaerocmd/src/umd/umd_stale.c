/* SPDX-License-Identifier: MIT */
/* umd_stale.c — dynamic vertex and index buffers upload what the GPU reads, when it reads it.
 *
 * Map hands out the whole CPU shadow and Unmap cannot tell which bytes the application
 * wrote: nothing in Direct3D's Map/Unmap (or the DDI's) names a range for a buffer. What
 * the driver can prove is which bytes the GPU will read: a draw reads, from each vertex
 * buffer its input layout uses, the elements of the vertices (and instances) it draws, and
 * from the index buffer the indices it draws. Those are the only bytes that must be
 * current on the host when the draw executes. So for host-owned DYNAMIC buffers that can
 * only be bound as vertex or index buffers, Unmap records the mapped range as stale (the
 * host may differ from the shadow there) and each draw uploads, in stream order before
 * the draw, the part of what it reads that is stale and not yet sent since the last Map.
 * Anything that reads the buffer in a way the driver cannot bound (a copy from it, an
 * indexed draw whose indices only the host has) sends every stale byte first.
 *
 * Invariant: every byte outside [stale_lo, stale_hi), and every byte inside
 * [clean_lo, clean_hi), holds on the host what the shadow holds. Map(WRITE_DISCARD) makes
 * the old contents undefined and Map(WRITE_NO_OVERWRITE) promises not to touch what the
 * GPU still reads; neither tells which bytes change, so each Map widens the stale span
 * and forgets the clean one. Over-approximating the stale span only costs bytes; it never
 * shows the GPU anything but what the application wrote. */
#include <string.h>

#include "umd_internal.h"
#include "umd_packets.h"

/* The one cut value of strip topologies (primitive restart), which reads no vertex. */
#define UMD_CUT_16 0xFFFFu
#define UMD_CUT_32 0xFFFFFFFFu

/* [lo, hi) byte ranges, hi <= the buffer's rounded size. */
struct umd_span {
    uint64_t lo, hi;
};

void aerocmd_priv_umd_stale_mark(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                                 uint32_t lo, uint32_t hi)
{
    if (lo >= hi)
        return;
    if (res->stale_hi <= res->stale_lo) {
        res->stale_lo = lo;
        res->stale_hi = hi;
        ctx->stale_count++;
    } else {
        if (lo < res->stale_lo)
            res->stale_lo = lo;
        if (hi > res->stale_hi)
            res->stale_hi = hi;
    }
    res->clean_lo = res->clean_hi = 0;
    ctx->dirty |= UMD_DIRTY_STALE;
}

void aerocmd_priv_umd_stale_forget(struct aerocmd_umd_context *ctx,
                                   struct aerocmd_umd_resource *res)
{
    if (res->stale_hi > res->stale_lo)
        ctx->stale_count--;
    res->stale_lo = res->stale_hi = res->clean_lo = res->clean_hi = 0;
}

/* What of a read must travel: at most two pieces of [lo, hi) (in 4-byte units, which host
 * buffers have) around the clean span, and the clean span afterwards. */
struct umd_upload_plan {
    uint32_t count;
    uint32_t lo[2], hi[2];
    uint32_t clean_lo, clean_hi;
};

static void add_piece(struct umd_upload_plan *plan, uint32_t lo, uint32_t hi)
{
    plan->lo[plan->count] = lo & ~3u;
    plan->hi[plan->count] = (hi + 3u) & ~3u;
    plan->count++;
}

/* The plan for reading [lo, hi) of res; count 0 when nothing of it is stale and unsent. */
static void plan_read(const struct aerocmd_umd_resource *res, uint64_t lo64, uint64_t hi64,
                      struct umd_upload_plan *plan)
{
    uint32_t lo, hi, cl = res->clean_lo, ch = res->clean_hi;
    plan->count = 0;
    plan->clean_lo = cl;
    plan->clean_hi = ch;
    if (lo64 < res->stale_lo)
        lo64 = res->stale_lo;
    if (hi64 > res->stale_hi)
        hi64 = res->stale_hi;
    if (lo64 >= hi64)
        return;
    lo = (uint32_t)lo64;
    hi = (uint32_t)hi64;
    if (ch <= cl || hi < cl || lo > ch) {
        /* Disjoint from the clean span (or none): the new range replaces it. */
        add_piece(plan, lo, hi);
        plan->clean_lo = lo;
        plan->clean_hi = hi;
        return;
    }
    if (lo < cl)
        add_piece(plan, lo, cl);
    if (hi > ch)
        add_piece(plan, ch, hi);
    plan->clean_lo = lo < cl ? lo : cl;
    plan->clean_hi = hi > ch ? hi : ch;
}

/* The plan's pieces went out: the clean span grows, and a clean span that covers the stale
 * one means the host has it all. */
static void plan_done(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                      const struct umd_upload_plan *plan)
{
    res->clean_lo = plan->clean_lo;
    res->clean_hi = plan->clean_hi;
    if (plan->clean_lo <= res->stale_lo && plan->clean_hi >= res->stale_hi)
        aerocmd_priv_umd_stale_forget(ctx, res);
}

/* Uploads what of [lo, hi) is stale and not clean, packet by packet. */
static aerocmd_result upload_range(struct aerocmd_umd_context *ctx,
                                   struct aerocmd_umd_resource *res, uint64_t lo64, uint64_t hi64)
{
    struct umd_upload_plan plan;
    uint32_t i;
    plan_read(res, lo64, hi64, &plan);
    for (i = 0; i < plan.count; i++) {
        aerocmd_result r =
            aerocmd_priv_umd_upload_rows(ctx, res->handle, plan.lo[i], res->shadow + plan.lo[i], 4,
                                         4, (plan.hi[i] - plan.lo[i]) / 4u);
        if (r != AEROCMD_OK)
            return r;
    }
    plan_done(ctx, res, &plan);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_umd_stale_flush(struct aerocmd_umd_context *ctx,
                                            struct aerocmd_umd_resource *res)
{
    if (res == NULL || res->stale_hi <= res->stale_lo)
        return AEROCMD_OK;
    return upload_range(ctx, res, res->stale_lo, res->stale_hi);
}

/* ---- what a draw reads ------------------------------------------------------------------- */

static int still_stale(const struct aerocmd_umd_resource *res)
{
    return res != NULL && res->stale_hi > res->stale_lo;
}

/* Bytes elements [first, first + count) of a slot occupy: element i starts at
 * offset + i * stride and reaches `extent` bytes past its start. */
static struct umd_span elements_span(const struct aerogpu_vertex_buffer_binding *b, uint64_t first,
                                     uint64_t count, uint32_t extent)
{
    struct umd_span s = {0, 0};
    if (count == 0 || extent == 0)
        return s;
    s.lo = b->offset_bytes + first * b->stride_bytes;
    s.hi = s.lo + (count - 1u) * b->stride_bytes + extent;
    return s;
}

static void widen(struct umd_span *to, struct umd_span s)
{
    if (s.lo >= s.hi)
        return;
    if (to->lo >= to->hi) {
        *to = s;
        return;
    }
    if (s.lo < to->lo)
        to->lo = s.lo;
    if (s.hi > to->hi)
        to->hi = s.hi;
}

/* The vertices a draw reads, [first, first + count), and its instances. */
struct umd_draw_reads {
    uint64_t first_vertex, vertex_count;
    uint64_t first_instance, instance_count;
    int known; /* 0: the vertices are not known (indices the CPU cannot see) */
};

/* Per-instance elements: instance i reads element first_instance + i / rate (rate 0 reads
 * the first one only; counting it as 1 reads a superset). */
static struct umd_span slot_span(const struct aerocmd_umd_input_layout *il, uint32_t slot,
                                 const struct aerogpu_vertex_buffer_binding *b,
                                 const struct umd_draw_reads *d)
{
    struct umd_span s = {0, 0};
    uint32_t bit = 1u << slot;
    if (il->per_vertex & bit)
        s = elements_span(b, d->first_vertex, d->vertex_count, il->extent[slot]);
    if ((il->instanced & bit) && d->instance_count != 0) {
        uint32_t rate = il->instance_rate[slot];
        uint64_t n = (d->instance_count + rate - 1u) / rate;
        widen(&s, elements_span(b, d->first_instance, n, il->extent[slot]));
    }
    return s;
}

static uint32_t index_bytes(const struct aerocmd_umd_context *ctx)
{
    return ctx->index_format == AEROGPU_INDEX_FORMAT_UINT32 ? 4u : 2u;
}

/* The lowest and highest index of indices [first, first + count) in the index buffer's
 * shadow (cut values of strips left out). 0 when nothing is known: no shadow, or the
 * range is not all inside it. */
static int index_bounds(const struct aerocmd_umd_context *ctx, uint64_t first, uint64_t count,
                        uint32_t *lo, uint32_t *hi)
{
    const struct aerocmd_umd_resource *ib = ctx->index_res;
    uint32_t size = index_bytes(ctx);
    uint32_t t = ctx->topology, cut = size == 4u ? UMD_CUT_32 : UMD_CUT_16;
    int strip = t == AEROGPU_TOPOLOGY_LINESTRIP || t == AEROGPU_TOPOLOGY_TRIANGLESTRIP ||
                t == AEROGPU_TOPOLOGY_LINESTRIP_ADJ || t == AEROGPU_TOPOLOGY_TRIANGLESTRIP_ADJ;
    uint64_t at = ctx->index_offset + first * size, i;
    uint32_t min = 0xFFFFFFFFu, max = 0;
    if (ib == NULL || ib->shadow == NULL || at > ib->size_bytes ||
        count > (ib->size_bytes - at) / size)
        return 0;
    for (i = 0; i < count; i++) {
        uint32_t v;
        if (size == 4u)
            memcpy(&v, ib->shadow + at + i * 4u, 4u);
        else {
            uint16_t v16;
            memcpy(&v16, ib->shadow + at + i * 2u, 2u);
            v = v16;
        }
        if (strip && v == cut)
            continue;
        min = v < min ? v : min;
        max = v > max ? v : max;
    }
    *lo = min;
    *hi = max;
    return min <= max;
}

/* The draw's vertices, instances and (indexed) index bytes, from its packet. */
static void draw_reads(const struct aerocmd_umd_context *ctx, const struct umd_work_packet *p,
                       struct umd_draw_reads *d, struct umd_span *indices)
{
    const uint32_t *w = p->words;
    uint32_t lo, hi;
    indices->lo = indices->hi = 0;
    d->instance_count = w[1];
    d->known = 1;
    if (p->opcode == AEROGPU_CMD_DRAW) {
        d->vertex_count = w[0];
        d->first_vertex = w[2];
        d->first_instance = w[3];
        return;
    }
    d->first_instance = w[4];
    indices->lo = ctx->index_offset + (uint64_t)w[2] * index_bytes(ctx);
    indices->hi = indices->lo + (uint64_t)w[0] * index_bytes(ctx);
    d->vertex_count = 0;
    d->first_vertex = 0;
    if (w[0] == 0)
        return;
    if (!index_bounds(ctx, w[2], w[0], &lo, &hi)) {
        d->known = 0;
        return;
    }
    /* base_vertex is signed; a vertex below 0 reads nothing (the host bounds-checks). */
    {
        int64_t first = (int64_t)lo + (int32_t)w[3], last = (int64_t)hi + (int32_t)w[3];
        if (last < 0)
            return;
        d->first_vertex = first < 0 ? 0u : (uint64_t)first;
        d->vertex_count = (uint64_t)last - d->first_vertex + 1u;
    }
}

/* One bound buffer the draw reads: its stale part of `span` (all of it when unknown). */
static aerocmd_result upload_read(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                                  struct umd_span span, int known)
{
    if (res == NULL || res->stale_hi <= res->stale_lo)
        return AEROCMD_OK;
    if (!known)
        return aerocmd_priv_umd_stale_flush(ctx, res);
    return upload_range(ctx, res, span.lo, span.hi);
}

aerocmd_result aerocmd_priv_umd_stale_draw(struct aerocmd_umd_context *ctx,
                                           const struct umd_work_packet *p)
{
    const struct aerocmd_umd_input_layout *il = ctx->layout;
    struct umd_draw_reads d;
    struct umd_span indices;
    uint32_t slots = il != NULL ? il->slots : 0u, left = 0;
    aerocmd_result r = AEROCMD_OK;
    draw_reads(ctx, p, &d, &indices);
    if (p->opcode == AEROGPU_CMD_DRAW_INDEXED)
        r = upload_read(ctx, ctx->index_res, indices, 1);
    /* A later indexed draw reads the index buffer even when this one did not. */
    left |= (uint32_t)still_stale(ctx->index_res);
    while (slots != 0 && r == AEROCMD_OK) {
        uint32_t slot = umd_lowest_bit(slots);
        struct aerocmd_umd_resource *res = ctx->vb[slot].res;
        slots &= slots - 1u;
        if (!still_stale(res))
            continue;
        r = upload_read(ctx, res, slot_span(il, slot, &ctx->vb[slot].b, &d), d.known);
        left |= (uint32_t)still_stale(res);
    }
    /* Nothing this draw's bindings read is stale any more: the next draw with them need
     * not look (binding anything else, or a Map, sets the bit again). */
    if (r == AEROCMD_OK && !left)
        ctx->dirty &= ~UMD_DIRTY_STALE;
    return r;
}

/* The usual case, a vertex ring: Draw (one instance) through a layout that reads one
 * vertex buffer per vertex, nothing of the read sent since the last Map, the index buffer
 * not stale. The UPLOAD and the DRAW go into the open buffer together. */
aerocmd_result aerocmd_priv_umd_stale_ring_draw(struct aerocmd_umd_context *ctx,
                                                const struct umd_work_packet *p)
{
    const struct aerocmd_umd_input_layout *il = ctx->layout;
    const struct umd_vertex_slot *vs;
    struct aerocmd_umd_resource *res;
    struct aerocmd_writer *w = &ctx->w;
    uint32_t count = p->words[0], first = p->words[2], n;
    uint64_t lo, hi;
    uint8_t *at;
    if (p->opcode != AEROGPU_CMD_DRAW || p->words[1] != 1u || p->words[3] != 0u || il == NULL ||
        il->ring_slot == 0 || count == 0 || still_stale(ctx->index_res))
        return aerocmd_priv_umd_emit_draw_careful(ctx, p);
    vs = &ctx->vb[il->ring_slot - 1u];
    res = vs->res;
    if (!still_stale(res) || res->clean_hi > res->clean_lo)
        return aerocmd_priv_umd_emit_draw_careful(ctx, p);
    lo = vs->b.offset_bytes + (uint64_t)first * vs->b.stride_bytes;
    hi = lo + (uint64_t)(count - 1u) * vs->b.stride_bytes + il->extent[il->ring_slot - 1u];
    lo = (lo > res->stale_lo ? lo : res->stale_lo) & ~(uint64_t)3u;
    hi = ((hi < res->stale_hi ? hi : res->stale_hi) + 3u) & ~(uint64_t)3u;
    if (lo >= hi || UMD_UPLOAD_BYTES + UMD_DRAW_BYTES + (hi - lo) > w->capacity - w->used)
        return aerocmd_priv_umd_emit_draw_careful(ctx, p);
    n = (uint32_t)(hi - lo);
    at = w->base + w->used;
    umd_put_upload_header(at, res->handle, lo, n);
    umd_put_work(at + UMD_UPLOAD_BYTES + n, p);
    aerocmd_writer_fixed_publish(w, w->base, w->used + UMD_UPLOAD_BYTES + n + UMD_DRAW_BYTES);
    res->clean_lo = (uint32_t)lo;
    res->clean_hi = (uint32_t)hi;
    if (UMD_UNLIKELY(lo <= res->stale_lo && hi >= res->stale_hi)) {
        aerocmd_priv_umd_stale_forget(ctx, res);
        ctx->dirty &= ~UMD_DIRTY_STALE;
    }
    memcpy(at + UMD_UPLOAD_BYTES, res->shadow + lo, n); /* last: nothing live across it */
    return AEROCMD_OK;
}
