/* SPDX-License-Identifier: MIT */
/* exec_api.c — the executor's public face: start and stop, submissions (validated as a
 * whole before any packet runs), whole inputs (raw streams and .aerogputrace captures),
 * results, and the error text every refusal carries. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/trace.h"
#include "exec_internal.h"

#define DEFAULT_BUDGET    (1ull << 30)
#define DEFAULT_WORK      (1ull << 31)
#define TRACKER_OBJECTS   (1u << 16)
#define TRACE_MAGIC       "AEROGPUT"
#define MAX_MEMORY_RANGES 4096u

static const char *opcode_name(uint32_t opcode)
{
    const struct aerocmd_opcode_info *info = aerocmd_opcode_info(opcode);
    return info != NULL ? info->name : "unknown opcode";
}

aerocmd_result aerocmd_priv_exec_fail(struct exec_ctx *ctx, aerocmd_result result,
                                      aerocmd_reason reason, const char *fmt, ...)
{
    struct aerocmd_exec_error *err = ctx->err;
    char text[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    err->result = result;
    err->diag.reason = reason;
    err->submission = ctx->ex->submission;
    if (ctx->packet != NULL) {
        err->in_stream = 1;
        err->diag.offset = ctx->packet->offset;
        err->diag.opcode = ctx->packet->opcode;
        snprintf(err->message, sizeof(err->message), "submission %u, offset %u (0x%x), %s: %s",
                 err->submission, ctx->packet->offset, ctx->packet->offset,
                 opcode_name(ctx->packet->opcode), text);
    } else {
        snprintf(err->message, sizeof(err->message), "%s", text);
    }
    return result;
}

aerocmd_result aerocmd_priv_exec_hr(struct exec_ctx *ctx, HRESULT hr, const char *what)
{
    return aerocmd_priv_exec_fail(
        ctx, hr == E_OUTOFMEMORY ? AEROCMD_E_OUT_OF_MEMORY : AEROCMD_E_DEVICE_REMOVED,
        AEROCMD_R_NONE, "Direct3D 12 failed %s (HRESULT 0x%08x)", what, (unsigned)hr);
}

static void clear_error(struct aerocmd_exec_error *err)
{
    if (err != NULL)
        memset(err, 0, sizeof(*err));
}

static void drop_tracker(struct aerocmd_exec *ex)
{
    free(ex->tracker_mem);
    ex->tracker_mem = NULL;
    aerocmd_priv_exec_uncharge(ex, aerocmd_semantic_bytes_for(TRACKER_OBJECTS));
}

aerocmd_result aerocmd_exec_create(const struct aerocmd_exec_options *options,
                                   struct aerocmd_exec **out, struct aerocmd_exec_error *err)
{
    struct aerocmd_exec *ex;
    size_t tracker_bytes = aerocmd_semantic_bytes_for(TRACKER_OBJECTS);
    aerocmd_result r;
    clear_error(err);
    if (out == NULL)
        return AEROCMD_E_INVALID_ARG;
    *out = NULL;
    ex = calloc(1, sizeof(*ex));
    if (ex == NULL)
        return AEROCMD_E_OUT_OF_MEMORY;
    if (options != NULL)
        ex->options = *options;
    ex->mem_budget =
        ex->options.resource_budget_bytes != 0 ? ex->options.resource_budget_bytes : DEFAULT_BUDGET;
    ex->work_budget = ex->options.max_work != 0 ? ex->options.max_work : DEFAULT_WORK;
    aerocmd_priv_exec_state_reset(&ex->state);
    ex->compile_cache = aerocmd_priv_exec_compile_cache_new(); /* NULL: no caching */
    if (aerocmd_priv_exec_reserve(ex, tracker_bytes) != AEROCMD_OK) {
        if (err != NULL)
            snprintf(err->message, sizeof(err->message),
                     "a memory budget of %llu bytes does not hold the semantic tracker's %zu",
                     (unsigned long long)ex->mem_budget, tracker_bytes);
        free(ex);
        return err != NULL ? (err->result = AEROCMD_E_OUT_OF_MEMORY) : AEROCMD_E_OUT_OF_MEMORY;
    }
    ex->tracker_mem = malloc(tracker_bytes);
    if (ex->tracker_mem == NULL ||
        aerocmd_semantic_init_ex(&ex->tracker, ex->tracker_mem, tracker_bytes,
                                 AEROCMD_SEMANTIC_GUEST_WIDE) != AEROCMD_OK)
        drop_tracker(ex);
    if ((ex->options.flags & AEROCMD_EXEC_DRY_RUN) == 0) {
        r = aerocmd_priv_exec_gpu_start(ex, err);
        if (r != AEROCMD_OK) {
            aerocmd_exec_destroy(ex);
            return r;
        }
    }
    *out = ex;
    return AEROCMD_OK;
}

static void free_object(struct aerocmd_exec *ex, struct exec_object *o)
{
    switch (o->kind) {
    case EXEC_OBJ_BUFFER:
    case EXEC_OBJ_TEXTURE:
        aerocmd_priv_exec_resource_unref(ex, o->u.res);
        break;
    case EXEC_OBJ_VIEW:
        aerocmd_priv_exec_resource_unref(ex, o->u.view->res);
        free(o->u.view);
        break;
    case EXEC_OBJ_SHADER:
        aerocmd_priv_exec_shader_free(o->u.shader);
        break;
    case EXEC_OBJ_INPUT_LAYOUT:
        free(o->u.layout->elements);
        free(o->u.layout);
        break;
    case EXEC_OBJ_SAMPLER:
        free(o->u.sampler);
        break;
    default:
        break;
    }
}

void aerocmd_exec_destroy(struct aerocmd_exec *ex)
{
    uint32_t i;
    if (ex == NULL)
        return;
    aerocmd_priv_exec_pso_cache_free(ex);
    aerocmd_priv_exec_root_cache_free(ex);
    aerocmd_priv_exec_compile_cache_free(ex->compile_cache);
    aerocmd_priv_exec_contexts_free(ex);
    for (i = 0; i < ex->objects.capacity; i++)
        free_object(ex, &ex->objects.slots[i]);
    aerocmd_priv_exec_objects_free(&ex->objects);
    for (i = 0; i < ex->share_count; i++)
        aerocmd_priv_exec_resource_unref(ex, ex->shares[i].res);
    free(ex->shares);
    free(ex->retired_tokens);
    aerocmd_priv_exec_gpu_stop(ex);
    for (i = 0; i < ex->present_count; i++)
        aerocmd_exec_image_release(&ex->presents[i].image);
    free(ex->presents);
    for (i = 0; i < ex->guest_count; i++)
        free(ex->guests[i].bytes);
    free(ex->guests);
    free(ex->tracker_mem);
    free(ex);
}

/* Opens the submission's allocation table with the scratch its duplicate check may need
 * (a large table whose ids do not ascend); *scratch is the caller's to free. */
static aerocmd_result open_table(struct aerocmd_exec *ex, const struct aerocmd_exec_submission *sub,
                                 struct aerocmd_alloc_table_view *table, uint64_t **scratch,
                                 struct aerocmd_diag *diag, struct aerocmd_exec_error *err)
{
    size_t count = aerocmd_alloc_table_scratch_count(sub->alloc_table, sub->alloc_table_len);
    aerocmd_result r;
    if (count != 0 && (*scratch = malloc(count * sizeof(**scratch))) == NULL) {
        snprintf(err->message, sizeof(err->message),
                 "submission %u: no memory to check the allocation table's %zu entries",
                 ex->submission, count);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    r = aerocmd_alloc_table_open_scratch(table, sub->alloc_table, sub->alloc_table_len, *scratch,
                                         count, diag);
    if (r != AEROCMD_OK)
        snprintf(err->message, sizeof(err->message),
                 "submission %u, allocation table offset %u: %s: %s", ex->submission, diag->offset,
                 aerocmd_reason_name(diag->reason), aerocmd_reason_text(diag->reason));
    return r;
}

/* Structure, allocation table and (while the tracker has room) semantics of the whole
 * stream, before any packet of it runs. */
static aerocmd_result validate(struct aerocmd_exec *ex, const struct aerocmd_exec_submission *sub,
                               struct aerocmd_stream *stream,
                               struct aerocmd_alloc_table_view *table, uint64_t **scratch,
                               struct aerocmd_exec_error *err)
{
    struct aerocmd_diag diag;
    aerocmd_result r;
    memset(&diag, 0, sizeof(diag));
    r = aerocmd_validate_stream(sub->stream, sub->stream_len, &diag);
    if (r == AEROCMD_OK)
        r = aerocmd_stream_open(stream, sub->stream, sub->stream_len, &diag);
    if (r != AEROCMD_OK)
        err->in_stream = 1;
    else if (sub->alloc_table != NULL)
        r = open_table(ex, sub, table, scratch, &diag, err);
    if (r == AEROCMD_OK && ex->tracker_mem != NULL) {
        r = aerocmd_semantic_check_stream(&ex->tracker, stream,
                                          sub->alloc_table != NULL ? table : NULL, &diag);
        if (r == AEROCMD_E_OUT_OF_MEMORY) { /* too many objects to track: go on unchecked */
            drop_tracker(ex);
            r = AEROCMD_OK;
        }
        err->in_stream = r != AEROCMD_OK;
    }
    if (r != AEROCMD_OK) {
        err->result = r;
        err->diag = diag;
        err->submission = ex->submission;
        if (err->in_stream)
            snprintf(
                err->message, sizeof(err->message), "submission %u, offset %u (0x%x), %s: %s: %s",
                ex->submission, diag.offset, diag.offset,
                diag.opcode != 0 || diag.offset >= 24u ? opcode_name(diag.opcode) : "stream header",
                aerocmd_reason_name(diag.reason), aerocmd_reason_text(diag.reason));
    }
    return r;
}

static aerocmd_result run_packets(struct aerocmd_exec *ex, const struct aerocmd_stream *stream,
                                  struct aerocmd_exec_error *err)
{
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag diag;
    struct exec_ctx ctx;
    aerocmd_result r = AEROCMD_OK;
    int step;
    ctx.ex = ex;
    ctx.stream = stream;
    ctx.packet = &packet;
    ctx.err = err;
    aerocmd_cursor_init(&cursor, stream);
    while (r == AEROCMD_OK && (step = aerocmd_cursor_next(&cursor, &packet, &diag)) == 1) {
        r = aerocmd_priv_exec_packet(&ctx);
        if (r == AEROCMD_OK && ex->gpu.deferred_count >= EXEC_MAX_DEFERRED &&
            aerocmd_priv_exec_flush(ex) != AEROCMD_OK)
            r = aerocmd_priv_exec_hr(&ctx, E_FAIL, "a flush to release destroyed objects");
    }
    if (r == AEROCMD_OK && ex->gpu.recorded && aerocmd_priv_exec_flush(ex) != AEROCMD_OK) {
        ctx.packet = NULL;
        r = aerocmd_priv_exec_fail(&ctx, AEROCMD_E_DEVICE_REMOVED, AEROCMD_R_NONE,
                                   "submission %u: executing its commands failed", ex->submission);
    }
    return r;
}

aerocmd_result aerocmd_exec_submit(struct aerocmd_exec *ex,
                                   const struct aerocmd_exec_submission *sub,
                                   struct aerocmd_exec_error *err)
{
    struct aerocmd_exec_error local;
    struct aerocmd_stream stream;
    struct aerocmd_alloc_table_view table;
    uint64_t *scratch = NULL;
    uint32_t i;
    aerocmd_result r;
    if (err == NULL)
        err = &local;
    clear_error(err);
    if (ex == NULL || sub == NULL || (sub->stream == NULL && sub->stream_len != 0) ||
        (sub->memory == NULL && sub->memory_count != 0)) {
        snprintf(err->message, sizeof(err->message), "no executor, stream or memory array");
        return err->result = AEROCMD_E_INVALID_ARG;
    }
    ex->context_ended = 0; /* a submission runs in it again: a switch keeps its state */
    for (i = 0; i < sub->memory_count; i++) {
        const struct aerocmd_exec_memory *m = &sub->memory[i];
        r = aerocmd_exec_set_guest_memory(ex, m->alloc_id, m->gpa, m->bytes, m->size_bytes);
        if (r != AEROCMD_OK) {
            snprintf(err->message, sizeof(err->message),
                     "submission %u: guest memory range %u (allocation %u, %llu bytes) cannot be "
                     "loaded%s",
                     ex->submission, i, m->alloc_id, (unsigned long long)m->size_bytes,
                     r == AEROCMD_E_OUT_OF_MEMORY ? ": it would pass the executor's memory budget "
                                                    "(or no memory is left)"
                                                  : "");
            return err->result = r;
        }
    }
    ex->work_used = 0;
    r = validate(ex, sub, &stream, &table, &scratch, err);
    free(scratch); /* the table is not used past validation */
    if (r == AEROCMD_OK) {
        r = run_packets(ex, &stream, err);
        if (r != AEROCMD_OK) /* the tracker saw packets that did not run: stop using it */
            drop_tracker(ex);
    }
    ex->submission++;
    return r;
}

/* ---- whole inputs -------------------------------------------------------------------------- */

static void container_fault(struct aerocmd_exec *ex, const struct aerocmd_diag *diag,
                            struct aerocmd_exec_error *err)
{
    err->result = AEROCMD_E_MALFORMED;
    err->diag = *diag;
    err->submission = ex->submission;
    err->in_stream = 0;
    snprintf(err->message, sizeof(err->message), "trace offset %u (0x%x): %s: %s", diag->offset,
             diag->offset, aerocmd_reason_name(diag->reason), aerocmd_reason_text(diag->reason));
}

static uint32_t count_submissions(const struct aerocmd_trace *trace)
{
    struct aerocmd_trace_iter it;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    uint32_t n = 0;
    aerocmd_trace_iter_init(&it, trace);
    while (aerocmd_trace_next_submission(&it, &sub, &diag) == 1)
        n++;
    return n;
}

/* A trace's submission runs in the context its record names. The trace cannot say when a
 * context ended, so with AEROCMD_EXEC_MAX_CONTEXTS kept the one left longest ago is ended
 * to make room (twice at most: the running context may need a slot too). */
static aerocmd_result enter_context(struct aerocmd_exec *ex, uint32_t id,
                                    struct aerocmd_exec_error *err)
{
    aerocmd_result r = aerocmd_exec_set_context(ex, id, err);
    int tries;
    for (tries = 0; r == AEROCMD_E_NOT_IMPLEMENTED && tries < 2; tries++) {
        if (aerocmd_priv_exec_end_stalest_context(ex) != AEROCMD_OK)
            break;
        r = aerocmd_exec_set_context(ex, id, err);
    }
    return r;
}

static aerocmd_result trace_submission(struct aerocmd_exec *ex, const struct aerocmd_trace *trace,
                                       const struct aerocmd_trace_submission *ts,
                                       struct aerocmd_exec_error *err)
{
    struct aerocmd_exec_submission sub;
    struct aerocmd_exec_memory *mem = NULL;
    struct aerocmd_diag diag;
    uint32_t i, n = ts->memory_range_count;
    aerocmd_result r = AEROCMD_OK;
    if (n > MAX_MEMORY_RANGES)
        n = MAX_MEMORY_RANGES;
    if (n != 0 && (mem = calloc(n, sizeof(*mem))) == NULL)
        return err->result = AEROCMD_E_OUT_OF_MEMORY;
    for (i = 0; i < n && r == AEROCMD_OK; i++) {
        struct aerocmd_trace_memory_range range;
        r = aerocmd_trace_submission_range(trace, ts, i, &range, &diag);
        if (r != AEROCMD_OK) {
            container_fault(ex, &diag, err);
            break;
        }
        mem[i].alloc_id = range.alloc_id;
        mem[i].gpa = range.gpa;
        mem[i].bytes = range.bytes;
        mem[i].size_bytes = range.bytes_len < range.size_bytes ? range.bytes_len : range.size_bytes;
    }
    if (r == AEROCMD_OK) {
        memset(&sub, 0, sizeof(sub));
        sub.stream = ts->cmd_stream;
        sub.stream_len = ts->cmd_stream_len;
        sub.alloc_table = ts->alloc_table;
        sub.alloc_table_len = ts->alloc_table_len;
        sub.memory = mem;
        sub.memory_count = n;
        r = enter_context(ex, ts->context_id, err);
        if (r == AEROCMD_OK)
            r = aerocmd_exec_submit(ex, &sub, err);
    }
    free(mem);
    return r;
}

static aerocmd_result run_trace(struct aerocmd_exec *ex, const void *bytes, size_t len,
                                struct aerocmd_exec_error *err)
{
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter it;
    struct aerocmd_trace_submission ts;
    struct aerocmd_diag diag;
    uint32_t total, done = 0;
    int step;
    if (aerocmd_trace_open(&trace, bytes, len, &diag) != AEROCMD_OK) {
        container_fault(ex, &diag, err);
        return AEROCMD_E_MALFORMED;
    }
    total = count_submissions(&trace);
    aerocmd_trace_iter_init(&it, &trace);
    while ((step = aerocmd_trace_next_submission(&it, &ts, &diag)) == 1) {
        aerocmd_result r = trace_submission(ex, &trace, &ts, err);
        if (r != AEROCMD_OK)
            return r;
        if (ex->options.progress != NULL)
            ex->options.progress(ex->options.progress_user, ++done, total);
    }
    if (step < 0) {
        container_fault(ex, &diag, err);
        return AEROCMD_E_MALFORMED;
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_exec_run(struct aerocmd_exec *ex, const void *bytes, size_t len,
                                struct aerocmd_exec_error *err)
{
    struct aerocmd_exec_error local;
    struct aerocmd_exec_submission sub;
    aerocmd_result r;
    if (err == NULL)
        err = &local;
    clear_error(err);
    if (ex == NULL || (bytes == NULL && len != 0)) {
        snprintf(err->message, sizeof(err->message), "no executor or no input");
        return err->result = AEROCMD_E_INVALID_ARG;
    }
    if (bytes == NULL)
        bytes = ""; /* an empty input: the stream header check says what is wrong */
    if (len >= 8 && memcmp(bytes, TRACE_MAGIC, 8) == 0)
        return run_trace(ex, bytes, len, err);
    memset(&sub, 0, sizeof(sub));
    sub.stream = bytes;
    sub.stream_len = len;
    r = aerocmd_exec_submit(ex, &sub, err);
    if (r == AEROCMD_OK && ex->options.progress != NULL)
        ex->options.progress(ex->options.progress_user, 1, 1);
    return r;
}

void aerocmd_exec_set_hooks(struct aerocmd_exec *ex, const struct aerocmd_exec_hooks *hooks)
{
    if (ex == NULL)
        return;
    if (hooks != NULL)
        ex->hooks = *hooks;
    else
        memset(&ex->hooks, 0, sizeof(ex->hooks));
}

uint32_t aerocmd_exec_present_count(const struct aerocmd_exec *ex)
{
    return ex != NULL ? ex->present_count : 0;
}

const struct aerocmd_exec_present *aerocmd_exec_get_present(const struct aerocmd_exec *ex,
                                                            uint32_t index)
{
    return ex != NULL && index < ex->present_count ? &ex->presents[index] : NULL;
}

aerocmd_result aerocmd_exec_get_stats(const struct aerocmd_exec *ex, struct aerocmd_exec_stats *out)
{
    if (ex == NULL || out == NULL)
        return AEROCMD_E_INVALID_ARG;
    memset(out, 0, sizeof(*out));
    out->memory_bytes = ex->mem_used;
    out->memory_peak_bytes = ex->mem_peak;
    out->pipelines_created = ex->psos_created;
    out->pipelines_cached = ex->pso_count;
    out->objects = ex->objects.live;
    out->flushes = ex->flushes;
    out->work_units = ex->work_used;
    return AEROCMD_OK;
}
