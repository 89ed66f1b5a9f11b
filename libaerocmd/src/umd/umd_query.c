/* SPDX-License-Identifier: MIT */
/* umd_query.c — queries answered from what the driver knows (umd_query.h): the counts of
 * the work it sent, and the completion of the submission that ended each query. */
#include <string.h>

#include "aerocmd/umd_data.h"
#include "aerocmd/umd_query.h"
#include "umd_internal.h"
#include "umd_wait.h"

/* Bytes of the allocation a query owns where locks tell completion. */
#define UMD_QUERY_MEMORY_BYTES 64u

enum umd_query_state { UMD_QUERY_IDLE = 0, UMD_QUERY_BEGUN = 1, UMD_QUERY_ENDED = 2 };

struct aerocmd_umd_query {
    struct aerocmd_umd_device *dev;
    uint32_t kind;
    uint32_t state;
    uint32_t counting; /* begun and counted into ctx->counting */
    uint32_t has_memory;
    struct umd_query_totals begin; /* ctx->totals at Begin */
    struct umd_query_totals result;
    uint64_t end_serial; /* command buffer holding the End */
    struct aerocmd_umd_memory memory;
    uint64_t listed_serial;
    uint32_t listed_index;
};

size_t aerocmd_umd_query_size(void)
{
    return sizeof(struct aerocmd_umd_query);
}

static int is_counting(uint32_t kind)
{
    return kind == AEROCMD_UMD_QUERY_OCCLUSION || kind == AEROCMD_UMD_QUERY_PIPELINE_STATS ||
           kind == AEROCMD_UMD_QUERY_PIPELINE_STATS_11;
}

/* EVENT and TIMESTAMP are points in the stream: Begin means nothing for them. */
static int has_begin(uint32_t kind)
{
    return kind != AEROCMD_UMD_QUERY_EVENT && kind != AEROCMD_UMD_QUERY_TIMESTAMP;
}

uint32_t aerocmd_umd_query_data_size(uint32_t kind)
{
    switch (kind) {
    case AEROCMD_UMD_QUERY_EVENT:
    case AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE:
    case AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE:
        return 4; /* BOOL */
    case AEROCMD_UMD_QUERY_OCCLUSION:
    case AEROCMD_UMD_QUERY_TIMESTAMP:
        return 8; /* UINT64 */
    case AEROCMD_UMD_QUERY_TIMESTAMP_DISJOINT:
    case AEROCMD_UMD_QUERY_SO_STATS:
        return 16;
    case AEROCMD_UMD_QUERY_PIPELINE_STATS:
        return 64;
    case AEROCMD_UMD_QUERY_PIPELINE_STATS_11:
        return 88;
    default:
        if (kind >= AEROCMD_UMD_QUERY_SO_STATS_STREAM0 &&
            kind < AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE_STREAM0)
            return 16;
        if (kind >= AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE_STREAM0 &&
            kind < AEROCMD_UMD_QUERY_KIND_COUNT)
            return 4;
        return 0;
    }
}

/* Where the operating system's locks wait, completion is read from an allocation of the
 * query's own (umd_query.h). */
static aerocmd_result acquire_memory(struct aerocmd_umd_device *dev, struct aerocmd_umd_query *q)
{
    aerocmd_result r;
    if (!(dev->cb.flags & AEROCMD_UMD_CB_LOCK_WAITS))
        return AEROCMD_OK;
    r = UMD_NEW_ID(dev, QUERY_ALLOC_ID, AEROCMD_UMD_ID_ALLOC, &q->memory.alloc_id);
    if (r != AEROCMD_OK)
        return r;
    q->memory.size_bytes = UMD_QUERY_MEMORY_BYTES;
    q->memory.flags = AEROCMD_UMD_MEMORY_CPU_VISIBLE;
    r = UMD_ALLOCATE(dev, QUERY_MEMORY, &q->memory);
    if (r != AEROCMD_OK) {
        aerocmd_priv_umd_release_id(dev, AEROCMD_UMD_ID_ALLOC, q->memory.alloc_id);
        return r;
    }
    q->has_memory = 1;
    return AEROCMD_OK;
}

/* The compatibility table's approximation a kind's answers are (doc/compatibility.md,
 * "Queries and predication"); 0 for the exact ones. */
static uint32_t query_approximation(uint32_t kind)
{
    switch (kind) {
    case AEROCMD_UMD_QUERY_OCCLUSION:
        return UMD_APPROX(AEROCMD_UMD_APPROX_QUERY_OCCLUSION);
    case AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE:
        return UMD_APPROX(AEROCMD_UMD_APPROX_QUERY_OCCLUSION_PREDICATE);
    case AEROCMD_UMD_QUERY_TIMESTAMP:
        return UMD_APPROX(AEROCMD_UMD_APPROX_QUERY_TIMESTAMP);
    case AEROCMD_UMD_QUERY_PIPELINE_STATS:
    case AEROCMD_UMD_QUERY_PIPELINE_STATS_11:
        return UMD_APPROX(AEROCMD_UMD_APPROX_QUERY_PIPELINE_STATISTICS);
    default:
        return 0;
    }
}

aerocmd_result aerocmd_umd_create_query(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                        uint32_t kind, struct aerocmd_umd_query **out)
{
    struct aerocmd_umd_query *q = (struct aerocmd_umd_query *)mem;
    aerocmd_result r;
    if (dev == NULL || out == NULL || aerocmd_umd_query_data_size(kind) == 0 ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof *q))
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_priv_umd_policy_allows(dev, query_approximation(kind));
    if (r != AEROCMD_OK)
        return r;
    memset(q, 0, sizeof *q);
    q->dev = dev;
    q->kind = kind;
    r = acquire_memory(dev, q);
    if (r != AEROCMD_OK) {
        memset(q, 0, sizeof *q);
        return r;
    }
    aerocmd_priv_umd_count_approx(dev, query_approximation(kind));
    *out = q;
    return AEROCMD_OK;
}

static void stop_counting(struct aerocmd_umd_context *ctx, struct aerocmd_umd_query *q)
{
    if (q->counting && ctx != NULL && ctx->counting > 0)
        ctx->counting--;
    q->counting = 0;
}

void aerocmd_umd_destroy_query(struct aerocmd_umd_query *q)
{
    struct aerocmd_umd_context *ctx;
    if (q == NULL || q->dev == NULL)
        return;
    ctx = aerocmd_priv_umd_ctx_of(q->dev);
    stop_counting(ctx, q);
    if (ctx != NULL && ctx->predicate == q) {
        ctx->predicate = NULL;
        ctx->predicate_skips = 0;
    }
    if (q->has_memory) {
        /* The open buffer may list it: free it only after that buffer's submission. */
        if (ctx != NULL && q->listed_serial != 0 && q->listed_serial >= ctx->serial)
            aerocmd_priv_umd_retire_memory_after(ctx, &q->memory, q->listed_serial);
        else {
            q->dev->cb.free_memory(q->dev->cb.user, &q->memory);
            aerocmd_priv_umd_release_id(q->dev, AEROCMD_UMD_ID_ALLOC, q->memory.alloc_id);
        }
    }
    memset(q, 0, sizeof *q);
}

aerocmd_result aerocmd_umd_query_begin(struct aerocmd_umd_context *ctx, struct aerocmd_umd_query *q)
{
    if (ctx == NULL || q == NULL || q->dev != ctx->dev)
        return AEROCMD_E_INVALID_ARG;
    if (!has_begin(q->kind))
        return AEROCMD_OK;
    stop_counting(ctx, q);
    q->begin = ctx->totals;
    q->state = UMD_QUERY_BEGUN;
    if (is_counting(q->kind)) {
        q->counting = 1;
        ctx->counting++;
        /* Draws take the careful path, which counts them (umd_emit.c). */
        ctx->dirty |= UMD_DIRTY_DRAW_CHECK;
    }
    return AEROCMD_OK;
}

/* The NOP that puts the end into the open buffer, with the query's allocation listed. */
static aerocmd_result emit_end(struct aerocmd_umd_context *ctx, struct aerocmd_umd_query *q)
{
    aerocmd_result r;
    do {
        uint32_t mark = ctx->alloc_count;
        r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            break;
        if (q->has_memory)
            r = aerocmd_priv_umd_list_memory(ctx, &q->memory, &q->listed_serial, &q->listed_index,
                                             0);
        if (r == AEROCMD_OK)
            r = aerocmd_append_nop(&ctx->w);
        if (r != AEROCMD_OK)
            ctx->alloc_count = mark;
    } while (aerocmd_priv_umd_again(ctx, &r));
    return r;
}

static void diff_totals(const struct umd_query_totals *a, const struct umd_query_totals *b,
                        struct umd_query_totals *out)
{
    out->ia_vertices = b->ia_vertices - a->ia_vertices;
    out->ia_primitives = b->ia_primitives - a->ia_primitives;
    out->gs_primitives = b->gs_primitives - a->gs_primitives;
    out->raster_primitives = b->raster_primitives - a->raster_primitives;
    out->samples = b->samples - a->samples;
    out->cs_groups = b->cs_groups - a->cs_groups;
}

aerocmd_result aerocmd_umd_query_end(struct aerocmd_umd_context *ctx, struct aerocmd_umd_query *q)
{
    aerocmd_result r;
    if (ctx == NULL || q == NULL || q->dev != ctx->dev)
        return AEROCMD_E_INVALID_ARG;
    if (has_begin(q->kind) && q->state != UMD_QUERY_BEGUN)
        (void)aerocmd_umd_query_begin(ctx, q);
    r = emit_end(ctx, q);
    if (r != AEROCMD_OK) {
        /* Issued, not ended: an earlier End's answer says nothing of what was sent since
         * (a query with Begin is BEGUN already). */
        if (!has_begin(q->kind))
            q->state = UMD_QUERY_IDLE;
        return r;
    }
    stop_counting(ctx, q);
    diff_totals(&q->begin, &ctx->totals, &q->result);
    q->end_serial = ctx->serial;
    q->state = UMD_QUERY_ENDED;
    return AEROCMD_OK;
}

/* OK once the submission holding the end has finished. */
static aerocmd_result poll_end(struct aerocmd_umd_context *ctx, struct aerocmd_umd_query *q,
                               uint32_t flags)
{
    void *cpu = NULL;
    aerocmd_result r;
    if ((flags & AEROCMD_UMD_QUERY_DO_NOT_FLUSH) && q->end_serial >= ctx->serial)
        return AEROCMD_E_STILL_DRAWING;
    if (!q->has_memory)
        return aerocmd_priv_umd_wait_serial(ctx, q->end_serial, AEROCMD_UMD_MAP_DO_NOT_WAIT);
    r = aerocmd_priv_umd_lock_when_done(ctx, &q->memory, q->end_serial, AEROCMD_UMD_MAP_DO_NOT_WAIT,
                                        &cpu);
    if (r == AEROCMD_OK)
        ctx->dev->cb.unlock_memory(ctx->dev->cb.user, &q->memory);
    return r;
}

static void put_u64(uint8_t *at, uint64_t v)
{
    memcpy(at, &v, sizeof v);
}

static void put_u32(uint8_t *at, uint32_t v)
{
    memcpy(at, &v, sizeof v);
}

/* PIPELINE_STATISTICS in Direct3D's order (umd_query.h says which are estimates). */
static void put_pipeline_stats(uint8_t *d, const struct umd_query_totals *t, int d3d11)
{
    put_u64(d + 0, t->ia_vertices);
    put_u64(d + 8, t->ia_primitives);
    put_u64(d + 16, t->ia_vertices);       /* VSInvocations */
    put_u64(d + 24, t->gs_primitives);     /* GSInvocations */
    put_u64(d + 32, t->gs_primitives);     /* GSPrimitives */
    put_u64(d + 40, t->raster_primitives); /* CInvocations */
    put_u64(d + 48, t->raster_primitives); /* CPrimitives */
    put_u64(d + 56, t->samples);           /* PSInvocations */
    if (d3d11) {
        put_u64(d + 64, 0); /* HSInvocations */
        put_u64(d + 72, 0); /* DSInvocations */
        put_u64(d + 80, t->cs_groups);
    }
}

/* The query's data in Direct3D's layout; d has aerocmd_umd_query_data_size bytes. */
static void fill_data(const struct aerocmd_umd_context *ctx, const struct aerocmd_umd_query *q,
                      uint8_t *d)
{
    memset(d, 0, 88);
    switch (q->kind) {
    case AEROCMD_UMD_QUERY_EVENT:
    case AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE:
        put_u32(d, 1); /* TRUE */
        break;
    case AEROCMD_UMD_QUERY_OCCLUSION:
        put_u64(d, q->result.samples);
        break;
    case AEROCMD_UMD_QUERY_TIMESTAMP:
        put_u64(d, aerocmd_priv_umd_fence_of_serial(ctx, q->end_serial));
        break;
    case AEROCMD_UMD_QUERY_TIMESTAMP_DISJOINT:
        put_u64(d, AEROCMD_UMD_TIMESTAMP_FREQUENCY);
        put_u32(d + 8, 1); /* Disjoint */
        break;
    case AEROCMD_UMD_QUERY_PIPELINE_STATS:
    case AEROCMD_UMD_QUERY_PIPELINE_STATS_11:
        put_pipeline_stats(d, &q->result, q->kind == AEROCMD_UMD_QUERY_PIPELINE_STATS_11);
        break;
    default:
        break; /* stream output: nothing written, nothing needed, no overflow */
    }
}

aerocmd_result aerocmd_umd_query_get_data(struct aerocmd_umd_context *ctx,
                                          struct aerocmd_umd_query *q, void *data,
                                          uint32_t data_bytes, uint32_t flags)
{
    uint8_t bytes[88];
    uint32_t size;
    aerocmd_result r;
    if (ctx == NULL || q == NULL || q->dev != ctx->dev)
        return AEROCMD_E_INVALID_ARG;
    if (ctx->lost)
        return AEROCMD_E_DEVICE_REMOVED; /* whatever the query's state */
    if (q->state != UMD_QUERY_ENDED)
        return AEROCMD_E_STILL_DRAWING;
    r = poll_end(ctx, q, flags);
    if (r != AEROCMD_OK)
        return r;
    if (data == NULL || data_bytes == 0)
        return AEROCMD_OK;
    fill_data(ctx, q, bytes);
    size = aerocmd_umd_query_data_size(q->kind);
    memcpy(data, bytes, data_bytes < size ? data_bytes : size);
    return AEROCMD_OK;
}

static int is_predicate(uint32_t kind)
{
    return kind == AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE ||
           kind == AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE ||
           (kind >= AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE_STREAM0 &&
            kind < AEROCMD_UMD_QUERY_KIND_COUNT);
}

/* Direct3D leaves out the commands while the predicate's data equals `value`. The data is
 * what GetData answers (fill_data), known whatever the query's state. */
aerocmd_result aerocmd_umd_set_predication(struct aerocmd_umd_context *ctx,
                                           struct aerocmd_umd_query *q, int value)
{
    uint8_t data[88];
    uint32_t truth;
    if (ctx == NULL || (q != NULL && (q->dev != ctx->dev || !is_predicate(q->kind))))
        return AEROCMD_E_INVALID_ARG;
    ctx->predicate = q;
    ctx->predicate_value = value != 0;
    ctx->predicate_skips = 0;
    if (q != NULL) {
        fill_data(ctx, q, data);
        memcpy(&truth, data, sizeof truth); /* the BOOL */
        ctx->predicate_skips = (truth != 0) == (value != 0);
    }
    if (ctx->predicate_skips)
        ctx->dirty |= UMD_DIRTY_DRAW_CHECK;
    return AEROCMD_OK;
}

/* ---- counting the work (called from umd_emit.c while ctx->counting) --------------------- */

/* Primitives assembled from `n` vertices (or indices) of a topology (D3D numbering). */
static uint64_t primitives_of(uint32_t topology, uint64_t n)
{
    switch (topology) {
    case 1: /* POINTLIST */
        return n;
    case 2: /* LINELIST */
        return n / 2u;
    case 3: /* LINESTRIP */
        return n >= 2u ? n - 1u : 0u;
    case 4: /* TRIANGLELIST */
        return n / 3u;
    case 5: /* TRIANGLESTRIP */
        return n >= 3u ? n - 2u : 0u;
    case 10: /* LINELIST_ADJ */
        return n / 4u;
    case 11: /* LINESTRIP_ADJ */
        return n >= 4u ? n - 3u : 0u;
    case 12: /* TRIANGLELIST_ADJ */
        return n / 6u;
    case 13: /* TRIANGLESTRIP_ADJ */
        return n >= 6u ? (n - 4u) / 2u : 0u;
    default:
        return 0;
    }
}

/* Samples a draw may touch: viewport 0's area. */
static uint64_t viewport_samples(const struct aerocmd_umd_context *ctx)
{
    float w, h;
    memcpy(&w, &ctx->viewport.width_f32, sizeof w);
    memcpy(&h, &ctx->viewport.height_f32, sizeof h);
    if (ctx->viewport_count == 0 || !(w > 0.0f) || !(h > 0.0f) || w > 65536.0f || h > 65536.0f)
        return 0;
    return (uint64_t)w * (uint64_t)h;
}

void aerocmd_priv_umd_count_work(struct aerocmd_umd_context *ctx, uint32_t opcode,
                                 const uint32_t *words)
{
    struct umd_query_totals *t = &ctx->totals;
    uint64_t instances, vertices, prims;
    if (opcode == AEROGPU_CMD_DISPATCH) {
        t->cs_groups += (uint64_t)words[0] * words[1] * words[2];
        return;
    }
    instances = words[1];
    vertices = (uint64_t)words[0] * instances;
    prims = primitives_of(ctx->topology, words[0]) * instances;
    t->ia_vertices += vertices;
    t->ia_primitives += prims;
    if (ctx->stages[AEROCMD_SHADER_GS].shader != 0)
        t->gs_primitives += prims;
    t->raster_primitives += prims;
    t->samples += viewport_samples(ctx) * instances;
}
