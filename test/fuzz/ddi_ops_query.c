/* SPDX-License-Identifier: MIT */
/* ddi_ops_query.c — fuzz_ddi_sequence's queries and predication (extended set): create,
 * Begin/End, GetData and SetPredication, each answer judged by what umd_query.h documents
 * (the kinds' data, STILL_DRAWING before the end, the predicates' rule), and the check that
 * a command left out by predication sends nothing. */
#include "aerocmd/umd_query.h"
#include "ddi_fuzz.h"

#define DATA_BYTES 96u /* more than the largest kind's data (88) */
#define GUARD      0xA5u

/* The kinds whose answers are approximations: NOT_IMPLEMENTED under STRICT. */
static int approximated(uint32_t kind)
{
    return kind == AEROCMD_UMD_QUERY_OCCLUSION || kind == AEROCMD_UMD_QUERY_TIMESTAMP ||
           kind == AEROCMD_UMD_QUERY_PIPELINE_STATS ||
           kind == AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE ||
           kind == AEROCMD_UMD_QUERY_PIPELINE_STATS_11;
}

static int so_overflow_predicate(uint32_t kind)
{
    return kind == AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE ||
           (kind >= AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE_STREAM0 &&
            kind < AEROCMD_UMD_QUERY_KIND_COUNT);
}

static int is_predicate(uint32_t kind)
{
    return kind == AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE || so_overflow_predicate(kind);
}

/* Kinds without Begin: their Begin changes nothing. */
static int has_begin(uint32_t kind)
{
    return kind != AEROCMD_UMD_QUERY_EVENT && kind != AEROCMD_UMD_QUERY_TIMESTAMP;
}

/* Creates a query of kind (byte % 20: the 17 kinds and 3 that are none) in an empty slot. */
void ddi_op_create_query(struct ddi *d, struct reader *r)
{
    uint32_t index = rd8(r) % N_QUERY, kind = rd8(r) % 20u;
    struct slot *s = &d->query[index];
    aerocmd_result result;
    if (s->obj != NULL)
        return;
    if (aerocmd_umd_query_size() > sizeof s->mem)
        abort();
    result = aerocmd_umd_create_query(d->dev, s->mem, sizeof s->mem, kind,
                                      (struct aerocmd_umd_query **)&s->obj);
    ddi_check(d, result);
    if (kind >= AEROCMD_UMD_QUERY_KIND_COUNT) {
        if (result != AEROCMD_E_INVALID_ARG)
            abort();
    } else if (approximated(kind) && !d->compatible) {
        if (result != AEROCMD_E_NOT_IMPLEMENTED)
            abort();
    } else if (result != AEROCMD_OK && result != AEROCMD_E_OUT_OF_MEMORY &&
               result != AEROCMD_E_DEVICE_REMOVED) {
        abort(); /* only the callbacks' failures may refuse a kind the policy allows */
    }
    if (result != AEROCMD_OK) {
        s->obj = NULL;
        return;
    }
    s->kind = kind;
    s->mapped = 0; /* queries: 1 once ended */
}

/* cfg bit 0: End, else Begin. */
void ddi_op_query_mark(struct ddi *d, struct reader *r)
{
    uint32_t cfg = rd8(r), index = rd8(r) % N_QUERY;
    struct slot *s = &d->query[index];
    aerocmd_result result;
    if (s->obj == NULL)
        return;
    if (cfg & 1u) {
        result = aerocmd_umd_query_end(d->ctx, (struct aerocmd_umd_query *)s->obj);
        ddi_check(d, result);
        if (result != AEROCMD_OK && result != AEROCMD_E_OUT_OF_MEMORY &&
            result != AEROCMD_E_DEVICE_REMOVED)
            abort();
        s->mapped = result == AEROCMD_OK;
        return;
    }
    result = aerocmd_umd_query_begin(d->ctx, (struct aerocmd_umd_query *)s->obj);
    ddi_check(d, result);
    if (result != AEROCMD_OK && result != AEROCMD_E_OUT_OF_MEMORY &&
        result != AEROCMD_E_DEVICE_REMOVED)
        abort();
    if (has_begin(s->kind))
        s->mapped = 0;
}

/* The answers umd_query.h gives for certain: EVENT and the occlusion predicate TRUE, the
 * stream-output predicates FALSE, TIMESTAMP_DISJOINT disjoint at the documented frequency,
 * the stream-output statistics 0 written, 0 needed. */
static void check_data(uint32_t kind, const uint8_t *data, uint32_t bytes)
{
    static const uint8_t zero[16];
    uint32_t b;
    uint64_t frequency;
    if (bytes < aerocmd_umd_query_data_size(kind))
        return; /* a short read: only its bytes were written */
    memcpy(&b, data, 4);
    if (kind == AEROCMD_UMD_QUERY_EVENT || kind == AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE) {
        if (b != 1u)
            abort();
    } else if (so_overflow_predicate(kind)) {
        if (b != 0u)
            abort();
    } else if (kind == AEROCMD_UMD_QUERY_TIMESTAMP_DISJOINT) {
        memcpy(&frequency, data, 8);
        memcpy(&b, data + 8, 4); /* Disjoint */
        if (frequency != AEROCMD_UMD_TIMESTAMP_FREQUENCY || b != 1u)
            abort();
    } else if (kind == AEROCMD_UMD_QUERY_SO_STATS ||
               (kind >= AEROCMD_UMD_QUERY_SO_STATS_STREAM0 &&
                kind < AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE_STREAM0)) {
        if (memcmp(data, zero, 16) != 0)
            abort();
    }
}

/* Nothing can keep an ended query from answering: fences complete when handed out, no
 * failure is armed or still firing, the device cannot be lost. */
static int quiet(struct ddi *d)
{
    return !d->fake.hold_fences && !d->may_lose && !aerocmd_umd_context_is_lost(d->ctx) &&
           d->burst_left == 0 && d->ids.fail_in == 0 &&
           (d->fake.fail_at == 0 || d->fake.fallible_calls >= d->fake.fail_at) &&
           (d->dev_alloc.fail_at == 0 || d->dev_alloc.calls >= d->dev_alloc.fail_at);
}

/* cfg bit 0 DO_NOT_FLUSH, bit 1 no data pointer (a poll); the next byte % 97 the bytes asked
 * for. Nothing past them is written, nothing at all unless OK, and OK only once ended; an
 * ended query read with a flush when nothing can hold it up answers OK. */
void ddi_op_query_get_data(struct ddi *d, struct reader *r)
{
    uint32_t cfg = rd8(r), index = rd8(r) % N_QUERY, bytes = rd8(r) % (DATA_BYTES + 1u), i;
    uint8_t data[DATA_BYTES];
    struct slot *s = &d->query[index];
    aerocmd_result result;
    uint32_t written;
    int calm;
    if (s->obj == NULL)
        return;
    memset(data, GUARD, sizeof data);
    calm = quiet(d);
    result = aerocmd_umd_query_get_data(d->ctx, (struct aerocmd_umd_query *)s->obj,
                                        (cfg & 2u) ? NULL : data, bytes,
                                        (cfg & 1u) ? AEROCMD_UMD_QUERY_DO_NOT_FLUSH : 0u);
    ddi_check_wait(d, result, 1);
    if (result == AEROCMD_OK && !s->mapped)
        abort(); /* answered before it ended */
    if (result != AEROCMD_OK && s->mapped && !(cfg & 1u) && calm)
        abort(); /* ended, flushed, finished: it must signal */
    written = result == AEROCMD_OK && !(cfg & 2u) ? aerocmd_umd_query_data_size(s->kind) : 0u;
    written = written < bytes ? written : bytes;
    for (i = written; i < DATA_BYTES; i++)
        if (data[i] != GUARD)
            abort();
    if (written != 0)
        check_data(s->kind, data, written);
}

/* The slot's query or (slot N_QUERY) none, with the value of cfg bit 0. Predication leaves
 * commands out exactly while the predicate's data equals the value. */
void ddi_op_set_predication(struct ddi *d, struct reader *r)
{
    uint32_t cfg = rd8(r), index = rd8(r) % (N_QUERY + 1u);
    const struct slot *s = index < N_QUERY ? &d->query[index] : NULL;
    aerocmd_result result;
    int value = (int)(cfg & 1u);
    if (s != NULL && s->obj == NULL)
        return;
    result =
        aerocmd_umd_set_predication(d->ctx, s ? (struct aerocmd_umd_query *)s->obj : NULL, value);
    ddi_check(d, result);
    if (s != NULL && !is_predicate(s->kind)) {
        if (result != AEROCMD_E_INVALID_ARG)
            abort();
        return;
    }
    if (result != AEROCMD_OK)
        abort();
    d->predicate = index < N_QUERY ? index + 1u : 0u;
    d->predicate_skips = s != NULL && (s->kind == AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE) == value;
}

void ddi_destroy_query(struct ddi *d, uint32_t index)
{
    struct slot *s = &d->query[index];
    if (s->obj == NULL)
        return;
    aerocmd_umd_destroy_query((struct aerocmd_umd_query *)s->obj);
    s->obj = NULL;
    if (d->predicate == index + 1u) {
        d->predicate = 0; /* destroying the predicate unbinds it */
        d->predicate_skips = 0;
    }
}

void ddi_op_destroy_query(struct ddi *d, struct reader *r)
{
    ddi_destroy_query(d, rd8(r) % N_QUERY);
}
