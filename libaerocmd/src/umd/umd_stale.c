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

/* Shadow bytes [lo, hi) to the host, widened to the 4-byte units host buffers have. */
static aerocmd_result send(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                           uint32_t lo, uint32_t hi)
{
    lo &= ~3u;
    hi = (hi + 3u) & ~3u;
    return aerocmd_priv_umd_upload_rows(ctx, res->handle, lo, res->shadow + lo, 4, 4,
                                        (hi - lo) / 4u);
}

/* Uploads what of [lo, hi) is stale and not clean; the clean span grows to cover it. */
static aerocmd_result upload_range(struct aerocmd_umd_context *ctx,
                                   struct aerocmd_umd_resource *res, uint64_t lo64, uint64_t hi64)
{
    uint32_t lo, hi;
    aerocmd_result r = AEROCMD_OK;
    if (lo64 < res->stale_lo)
        lo64 = res->stale_lo;
    if (hi64 > res->stale_hi)
        hi64 = res->stale_hi;
    if (lo64 >= hi64)
        return AEROCMD_OK;
    lo = (uint32_t)lo64;
    hi = (uint32_t)hi64;
    if (res->clean_hi <= res->clean_lo || hi < res->clean_lo || lo > res->clean_hi) {
        /* Disjoint from the clean span (or none): the new range replaces it. */
        r = send(ctx, res, lo, hi);
        if (r == AEROCMD_OK) {
            res->clean_lo = lo;
            res->clean_hi = hi;
        }
    } else {
        if (lo < res->clean_lo)
            r = send(ctx, res, lo, res->clean_lo);
        if (r == AEROCMD_OK && hi > res->clean_hi)
            r = send(ctx, res, res->clean_hi, hi);
        if (r == AEROCMD_OK) {
            res->clean_lo = lo < res->clean_lo ? lo : res->clean_lo;
            res->clean_hi = hi > res->clean_hi ? hi : res->clean_hi;
        }
    }
    if (r == AEROCMD_OK && res->clean_lo <= res->stale_lo && res->clean_hi >= res->stale_hi)
        aerocmd_priv_umd_stale_forget(ctx, res);
    return r;
}

aerocmd_result aerocmd_priv_umd_stale_flush(struct aerocmd_umd_context *ctx,
                                            struct aerocmd_umd_resource *res)
{
    if (res == NULL || res->stale_hi <= res->stale_lo)
        return AEROCMD_OK;
    return upload_range(ctx, res, res->stale_lo, res->stale_hi);
}

/* ---- what a draw reads ------------------------------------------------------------------- */

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

static int still_stale(const struct aerocmd_umd_resource *res)
{
    return res != NULL && res->stale_hi > res->stale_lo;
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
