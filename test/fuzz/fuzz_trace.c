/* SPDX-License-Identifier: MIT */
/* fuzz_trace: arbitrary bytes -> .aerogputrace reader (records, submissions, and the
 * structural validator over every command stream the container yields), then the writer's
 * round trip: every submission the writer takes (aerocmd_trace_out_*, through a sink) reads
 * back with the same stream, table, ids, fence and ranges, and the whole-file writer gives
 * the same bytes. A broken round trip aborts. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/trace.h"

#define REWRITE_SUBMISSIONS_MAX 64u
#define REWRITE_RANGES_MAX      16u
#define SUBMIT_FLAG_PRESENT     1u /* protocol/aerogpu_ring.h */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void walk_records(const struct aerocmd_trace *trace)
{
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_record rec;
    struct aerocmd_diag diag;
    volatile uint8_t sink = 0;
    aerocmd_trace_iter_init(&iter, trace);
    while (aerocmd_trace_next_record(&iter, &rec, &diag) == 1)
        if (rec.payload_len)
            sink ^= rec.payload[rec.payload_len - 1];
    (void)sink;
}

/* What the writer took, as it was given. */
static struct rewrite {
    struct aerocmd_trace_submission_in subs[REWRITE_SUBMISSIONS_MAX];
    struct aerocmd_trace_range_in ranges[REWRITE_SUBMISSIONS_MAX][REWRITE_RANGES_MAX];
    uint32_t count;
} taken;

struct growing_sink {
    uint8_t *bytes;
    size_t len, cap;
};

static aerocmd_result grow_write(void *user, const void *bytes, size_t len)
{
    struct growing_sink *s = user;
    if (len > s->cap - s->len) {
        size_t cap = (s->len + len) * 2u;
        uint8_t *more = realloc(s->bytes, cap);
        if (!more)
            return AEROCMD_E_OUT_OF_MEMORY;
        s->bytes = more;
        s->cap = cap;
    }
    memcpy(s->bytes + s->len, bytes, len);
    s->len += len;
    return AEROCMD_OK;
}

/* The writer's input for a read submission; 0 when its ranges cannot be given whole. */
static int as_input(const struct aerocmd_trace *trace, const struct aerocmd_trace_submission *sub,
                    struct aerocmd_trace_submission_in *in, struct aerocmd_trace_range_in *ranges)
{
    struct aerocmd_trace_memory_range range;
    struct aerocmd_diag diag;
    uint32_t i;
    if (sub->memory_range_count > REWRITE_RANGES_MAX)
        return 0;
    memset(in, 0, sizeof(*in));
    for (i = 0; i < sub->memory_range_count; i++) {
        if (aerocmd_trace_submission_range(trace, sub, i, &range, &diag) != AEROCMD_OK ||
            !range.bytes || range.bytes_len != range.size_bytes)
            return 0;
        ranges[i].alloc_id = range.alloc_id;
        ranges[i].flags = range.flags;
        ranges[i].gpa = range.gpa;
        ranges[i].bytes = range.bytes;
        ranges[i].size_bytes = range.size_bytes;
    }
    in->cmd_stream = sub->cmd_stream;
    in->cmd_stream_len = sub->cmd_stream_len;
    in->alloc_table = sub->alloc_table;
    in->alloc_table_len = sub->alloc_table_len;
    in->ranges = ranges;
    in->range_count = sub->memory_range_count;
    in->submit_flags = sub->submit_flags;
    in->context_id = sub->context_id;
    in->engine_id = sub->engine_id;
    in->signal_fence = sub->signal_fence;
    return 1;
}

/* Writes every submission the writer takes; the result of the container's end. */
static aerocmd_result rewrite(const struct aerocmd_trace *trace, struct growing_sink *out)
{
    const struct aerocmd_trace_sink sink = {out, grow_write};
    struct aerocmd_trace_out writer;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    aerocmd_result r = aerocmd_trace_out_begin(&writer, &sink, "fuzz");
    taken.count = 0;
    aerocmd_trace_iter_init(&iter, trace);
    while (r == AEROCMD_OK && taken.count < REWRITE_SUBMISSIONS_MAX &&
           aerocmd_trace_next_submission(&iter, &sub, &diag) == 1) {
        struct aerocmd_trace_submission_in *in = &taken.subs[taken.count];
        if (!as_input(trace, &sub, in, taken.ranges[taken.count]))
            continue;
        r = aerocmd_trace_out_submission(&writer, in);
        if (r == AEROCMD_OK)
            taken.count++;
        else if (r == AEROCMD_E_INVALID_ARG)
            r = AEROCMD_OK; /* the writer's rules are stricter than the reader's */
    }
    return r == AEROCMD_OK ? aerocmd_trace_out_end(&writer) : r;
}

static void check_range(const struct aerocmd_trace *trace,
                        const struct aerocmd_trace_submission *got, uint32_t i,
                        const struct aerocmd_trace_range_in *want)
{
    struct aerocmd_trace_memory_range range;
    struct aerocmd_diag diag;
    if (aerocmd_trace_submission_range(trace, got, i, &range, &diag) != AEROCMD_OK ||
        range.alloc_id != want->alloc_id || range.flags != want->flags || range.gpa != want->gpa ||
        range.size_bytes != want->size_bytes || range.bytes_len != want->size_bytes ||
        (want->size_bytes && memcmp(range.bytes, want->bytes, (size_t)want->size_bytes) != 0))
        abort();
}

static void check_submission(const struct aerocmd_trace *trace,
                             const struct aerocmd_trace_submission *got,
                             const struct aerocmd_trace_submission_in *want, uint32_t n)
{
    uint64_t fence = want->signal_fence ? want->signal_fence : n;
    uint32_t i;
    if (got->cmd_stream_len != want->cmd_stream_len ||
        memcmp(got->cmd_stream, want->cmd_stream, want->cmd_stream_len) != 0 ||
        got->alloc_table_len != want->alloc_table_len ||
        (want->alloc_table_len &&
         memcmp(got->alloc_table, want->alloc_table, want->alloc_table_len) != 0) ||
        got->context_id != want->context_id || got->engine_id != want->engine_id ||
        got->signal_fence != fence ||
        (got->submit_flags & ~SUBMIT_FLAG_PRESENT) != (want->submit_flags & ~SUBMIT_FLAG_PRESENT) ||
        (want->submit_flags & ~got->submit_flags) != 0 ||
        got->memory_range_count != want->range_count)
        abort();
    for (i = 0; i < want->range_count; i++)
        check_range(trace, got, i, &want->ranges[i]);
}

static uint32_t stream_abi(const struct aerocmd_trace_submission_in *sub)
{
    const uint8_t *b = (const uint8_t *)sub->cmd_stream + 4; /* the header's abi_version */
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void check_round_trip(const struct growing_sink *out)
{
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    uint8_t *whole = NULL;
    size_t whole_len = 0;
    aerocmd_result r;
    uint32_t i;
    if (aerocmd_trace_open(&trace, out->bytes, out->len, &diag) != AEROCMD_OK)
        abort();
    /* The header's ABI is the first written stream's. */
    if (taken.count != 0 && trace.command_abi_version != stream_abi(&taken.subs[0]))
        abort();
    aerocmd_trace_iter_init(&iter, &trace);
    for (i = 0; i < taken.count; i++) {
        if (aerocmd_trace_next_submission(&iter, &sub, &diag) != 1)
            abort();
        check_submission(&trace, &sub, &taken.subs[i], i + 1);
    }
    if (aerocmd_trace_next_submission(&iter, &sub, &diag) != 0)
        abort();
    r = aerocmd_trace_write_ex(aerocmd_allocator_libc(), taken.subs, taken.count, "fuzz", &whole,
                               &whole_len);
    if (r == AEROCMD_E_OUT_OF_MEMORY)
        return;
    if (r != AEROCMD_OK) /* e.g. the planned size and the bytes written disagree */
        abort();
    if (whole_len != out->len || memcmp(whole, out->bytes, whole_len) != 0)
        abort();
    aerocmd_allocator_libc()->release(aerocmd_allocator_libc()->user, whole, whole_len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    struct growing_sink out = {NULL, 0, 0};

    if (aerocmd_trace_open(&trace, data, size, &diag) != AEROCMD_OK)
        return 0;
    walk_records(&trace);
    aerocmd_trace_iter_init(&iter, &trace);
    while (aerocmd_trace_next_submission(&iter, &sub, &diag) == 1)
        (void)aerocmd_validate_stream(sub.cmd_stream, sub.cmd_stream_len, &diag);
    if (rewrite(&trace, &out) == AEROCMD_OK)
        check_round_trip(&out);
    free(out.bytes);
    return 0;
}
