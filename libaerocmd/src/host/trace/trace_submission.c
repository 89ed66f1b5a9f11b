/* SPDX-License-Identifier: MIT */
/* Walking a container as a sequence of command streams. Version 2 captures describe each
 * submission in a record that names blobs written before it; older captures (and any
 * capture without submission records) are read as their command-stream blobs in order.
 * Either way a Packet record holding a whole command stream is a submission too (that is
 * how version 1 captures record their streams).
 *
 * Blob lookup: an indexed iterator answers from its index. Without one, the blobs a
 * submission names are normally written right after the previous submission, so that
 * window is searched first and the rest of the file before it only when the window does
 * not hold the id. */
#include <string.h>

#include "aerogpu_cmd.h"
#include "trace_internal.h"

enum submission_mode {
    MODE_UNDECIDED = 0,
    MODE_SUBMISSION_RECORDS = 1,
    MODE_STREAM_BLOBS = 2,
    MODE_NO_MEMORY = TRACE_ITER_NO_MEMORY
};

#define STREAM_HEADER_BYTES ((uint32_t)sizeof(struct aerogpu_cmd_stream_header))

/* Where blobs are looked up: the iterator's index, or a search of the file. */
struct blob_lookup {
    const struct aerocmd_trace *trace;
    const struct aerocmd_priv_trace_index *index; /* NULL: search */
    uint64_t window_begin;
    uint64_t before; /* the submission record */
};

static int has_submission_records(const struct aerocmd_trace *trace)
{
    struct trace_rec r;
    uint64_t offset = trace->records_begin;
    if (trace->container_version < 2)
        return 0;
    while (offset < trace->records_end) {
        if (aerocmd_priv_trace_record_at(trace, offset, &r, NULL) != AEROCMD_OK)
            return 0;
        if (r.rec.type == AEROCMD_TRACE_REC_SUBMISSION)
            return 1;
        offset = trace_record_end(&r.rec);
    }
    return 0;
}

/* The most recent blob `blob_id` before the submission, which must be of `kind`. */
static int resolve_blob(const struct blob_lookup *lookup, uint64_t blob_id, uint32_t kind,
                        struct trace_blob *out)
{
    const struct aerocmd_trace *trace = lookup->trace;
    if (lookup->index) {
        if (!aerocmd_priv_trace_index_find(lookup->index, blob_id, out))
            return 0;
    } else if (!aerocmd_priv_trace_find_blob(trace, lookup->window_begin, lookup->before, blob_id,
                                             out) &&
               !aerocmd_priv_trace_find_blob(trace, trace->records_begin, lookup->window_begin,
                                             blob_id, out)) {
        return 0;
    }
    return out->kind == kind;
}

static int submission_header_valid(const uint8_t *p, uint32_t payload_len)
{
    uint32_t range_count;
    if (payload_len < AEROCMD_TRACE_SUBMISSION_HEADER_BYTES)
        return 0;
    if (trace_get_u32(p + TRACE_SUB_RECORD_VERSION) != TRACE_SUBMISSION_RECORD_VERSION ||
        trace_get_u32(p + TRACE_SUB_HEADER_SIZE) != AEROCMD_TRACE_SUBMISSION_HEADER_BYTES ||
        trace_get_u32(p + TRACE_SUB_RESERVED0) != 0 ||
        trace_get_u32(p + TRACE_SUB_RESERVED1) != 0 || trace_get_u64(p + TRACE_SUB_CMD_BLOB) == 0)
        return 0;
    range_count = trace_get_u32(p + TRACE_SUB_RANGE_COUNT);
    return (uint64_t)range_count * AEROCMD_TRACE_MEMORY_RANGE_BYTES ==
           (uint64_t)payload_len - AEROCMD_TRACE_SUBMISSION_HEADER_BYTES;
}

/* Ranges: the address span must not wrap and the id must be a guest-memory blob.
 * Returns the reason of the first bad range, or AEROCMD_R_NONE. */
static aerocmd_reason check_ranges(const struct blob_lookup *lookup, uint64_t ranges_offset,
                                   uint32_t count)
{
    uint8_t range[AEROCMD_TRACE_MEMORY_RANGE_BYTES];
    struct trace_blob data;
    uint32_t i;
    for (i = 0; i < count; i++) {
        uint64_t gpa, blob_id;
        if (aerocmd_trace_read(lookup->trace,
                               ranges_offset + (uint64_t)i * AEROCMD_TRACE_MEMORY_RANGE_BYTES,
                               range, sizeof(range)) != 0)
            return AEROCMD_R_TRACE_SUBMISSION;
        gpa = trace_get_u64(range + TRACE_RANGE_GPA);
        blob_id = trace_get_u64(range + TRACE_RANGE_BLOB);
        if (trace_get_u64(range + TRACE_RANGE_SIZE) > UINT64_MAX - gpa || blob_id == 0)
            return AEROCMD_R_TRACE_SUBMISSION;
        if (!resolve_blob(lookup, blob_id, AEROCMD_TRACE_BLOB_GUEST_MEMORY, &data))
            return AEROCMD_R_TRACE_BLOB;
    }
    return AEROCMD_R_NONE;
}

static int submission_fault(struct aerocmd_diag *diag, aerocmd_reason reason, uint64_t offset)
{
    trace_fail(diag, reason, offset);
    return -1;
}

static const uint8_t *pointer_at(const struct aerocmd_trace *trace, uint64_t offset)
{
    return trace->bytes ? trace->bytes + offset : NULL;
}

static void set_stream(const struct aerocmd_trace *trace, struct aerocmd_trace_submission *sub,
                       uint64_t offset, uint32_t len)
{
    sub->cmd_stream_offset = offset;
    sub->cmd_stream_len = len;
    sub->cmd_stream = pointer_at(trace, offset);
}

static void fill_submission(const struct aerocmd_trace *trace,
                            const struct aerocmd_trace_record *rec, const uint8_t *p,
                            struct aerocmd_trace_submission *sub)
{
    sub->submit_flags = trace_get_u32(p + TRACE_SUB_FLAGS);
    sub->context_id = trace_get_u32(p + TRACE_SUB_CONTEXT);
    sub->engine_id = trace_get_u32(p + TRACE_SUB_ENGINE);
    sub->signal_fence = trace_get_u64(p + TRACE_SUB_FENCE);
    sub->memory_range_count = trace_get_u32(p + TRACE_SUB_RANGE_COUNT);
    sub->memory_ranges_offset = rec->payload_offset + AEROCMD_TRACE_SUBMISSION_HEADER_BYTES;
    sub->memory_ranges =
        sub->memory_range_count ? pointer_at(trace, sub->memory_ranges_offset) : NULL;
}

static int parse_submission(const struct blob_lookup *lookup,
                            const struct aerocmd_trace_record *rec,
                            struct aerocmd_trace_submission *sub, struct aerocmd_diag *diag)
{
    const struct aerocmd_trace *trace = lookup->trace;
    uint8_t p[AEROCMD_TRACE_SUBMISSION_HEADER_BYTES];
    uint64_t alloc_blob_id;
    struct trace_blob cmd, table;
    aerocmd_reason range_fault;
    if (rec->payload_len < sizeof(p) ||
        aerocmd_trace_read(trace, rec->payload_offset, p, sizeof(p)) != 0 ||
        !submission_header_valid(p, rec->payload_len))
        return submission_fault(diag, AEROCMD_R_TRACE_SUBMISSION, rec->offset);
    if (!resolve_blob(lookup, trace_get_u64(p + TRACE_SUB_CMD_BLOB), AEROCMD_TRACE_BLOB_CMD_STREAM,
                      &cmd))
        return submission_fault(diag, AEROCMD_R_TRACE_BLOB, rec->offset);
    alloc_blob_id = trace_get_u64(p + TRACE_SUB_ALLOC_BLOB);
    if (alloc_blob_id != 0 &&
        !resolve_blob(lookup, alloc_blob_id, AEROCMD_TRACE_BLOB_ALLOC_TABLE, &table))
        return submission_fault(diag, AEROCMD_R_TRACE_BLOB, rec->offset);
    range_fault = check_ranges(lookup, rec->payload_offset + AEROCMD_TRACE_SUBMISSION_HEADER_BYTES,
                               trace_get_u32(p + TRACE_SUB_RANGE_COUNT));
    if (range_fault != AEROCMD_R_NONE)
        return submission_fault(diag, range_fault, rec->offset);
    set_stream(trace, sub, cmd.data_offset, cmd.data_len);
    if (alloc_blob_id != 0) {
        sub->alloc_table_offset = table.data_offset;
        sub->alloc_table_len = table.data_len;
        sub->alloc_table = pointer_at(trace, table.data_offset);
    }
    fill_submission(trace, rec, p, sub);
    return 1;
}

/* A Packet record whose payload starts with a stream header of our major whose size_bytes
 * does not run past the payload (TRACE.md). */
static int packet_holds_stream(const struct trace_rec *r)
{
    uint32_t size_bytes = trace_get_u32(r->head + 8);
    return r->rec.payload_len >= STREAM_HEADER_BYTES &&
           trace_get_u32(r->head) == AEROGPU_CMD_STREAM_MAGIC &&
           (trace_get_u32(r->head + 4) >> 16) == AEROGPU_ABI_MAJOR &&
           size_bytes <= r->rec.payload_len;
}

/* The submission `r` is, if any: 1 filled, 0 not a submission, -1 malformed. */
static int take_record(struct aerocmd_trace_iter *iter, const struct trace_rec *r,
                       struct aerocmd_trace_submission *sub, struct aerocmd_diag *diag)
{
    const struct aerocmd_trace_record *rec = &r->rec;
    struct blob_lookup lookup;
    int step;
    sub->record_offset = rec->offset;
    sub->record_type = rec->type;
    if (rec->type == AEROCMD_TRACE_REC_PACKET) {
        if (!packet_holds_stream(r))
            return 0;
        set_stream(iter->trace, sub, rec->payload_offset, rec->payload_len);
        return 1;
    }
    if (iter->mode == MODE_STREAM_BLOBS && rec->type == AEROCMD_TRACE_REC_BLOB &&
        trace_get_u32(r->head + 8) == AEROCMD_TRACE_BLOB_CMD_STREAM) {
        set_stream(iter->trace, sub, rec->payload_offset + AEROCMD_TRACE_BLOB_HEADER_BYTES,
                   rec->payload_len - AEROCMD_TRACE_BLOB_HEADER_BYTES);
        return 1;
    }
    if (iter->mode != MODE_SUBMISSION_RECORDS || rec->type != AEROCMD_TRACE_REC_SUBMISSION)
        return 0;
    lookup.trace = iter->trace;
    lookup.index = iter->index;
    lookup.window_begin = iter->window_begin;
    lookup.before = rec->offset;
    step = parse_submission(&lookup, rec, sub, diag);
    iter->window_begin = iter->offset;
    return step;
}

int aerocmd_trace_next_submission(struct aerocmd_trace_iter *iter,
                                  struct aerocmd_trace_submission *sub, struct aerocmd_diag *diag)
{
    struct trace_rec r;
    memset(sub, 0, sizeof(*sub));
    if (diag)
        memset(diag, 0, sizeof(*diag));
    if (!iter->trace)
        return 0;
    if (iter->mode == MODE_UNDECIDED)
        iter->mode =
            has_submission_records(iter->trace) ? MODE_SUBMISSION_RECORDS : MODE_STREAM_BLOBS;
    for (;;) {
        int step = aerocmd_priv_trace_iter_step(iter, &r, diag);
        if (step != 1)
            return step;
        step = take_record(iter, &r, sub, diag);
        if (step != 0) {
            if (step < 0)
                memset(sub, 0, sizeof(*sub));
            return step;
        }
        memset(sub, 0, sizeof(*sub));
    }
}

void aerocmd_trace_iter_init_indexed(struct aerocmd_trace_iter *iter,
                                     const struct aerocmd_trace *trace,
                                     const struct aerocmd_allocator *alloc)
{
    aerocmd_trace_iter_init(iter, trace);
    iter->index = aerocmd_priv_trace_index_create(alloc);
    if (!iter->index)
        iter->mode = MODE_NO_MEMORY; /* every call then says so */
}

void aerocmd_trace_iter_release(struct aerocmd_trace_iter *iter)
{
    if (!iter)
        return;
    aerocmd_priv_trace_index_destroy(iter->index);
    iter->index = NULL;
}

static aerocmd_result range_at(const struct blob_lookup *lookup,
                               const struct aerocmd_trace_submission *sub, uint32_t index,
                               struct aerocmd_trace_memory_range *range, struct aerocmd_diag *diag)
{
    uint8_t entry[AEROCMD_TRACE_MEMORY_RANGE_BYTES];
    struct trace_blob data;
    if (diag)
        memset(diag, 0, sizeof(*diag));
    if (!range || index >= sub->memory_range_count)
        return AEROCMD_E_INVALID_ARG;
    memset(range, 0, sizeof(*range));
    if (aerocmd_trace_read(lookup->trace,
                           sub->memory_ranges_offset +
                               (uint64_t)index * AEROCMD_TRACE_MEMORY_RANGE_BYTES,
                           entry, sizeof(entry)) != 0)
        return trace_fail(diag, AEROCMD_R_TRACE_SUBMISSION, sub->record_offset);
    range->alloc_id = trace_get_u32(entry + TRACE_RANGE_ALLOC_ID);
    range->flags = trace_get_u32(entry + TRACE_RANGE_FLAGS);
    range->gpa = trace_get_u64(entry + TRACE_RANGE_GPA);
    range->size_bytes = trace_get_u64(entry + TRACE_RANGE_SIZE);
    range->blob_id = trace_get_u64(entry + TRACE_RANGE_BLOB);
    if (!resolve_blob(lookup, range->blob_id, AEROCMD_TRACE_BLOB_GUEST_MEMORY, &data))
        return trace_fail(diag, AEROCMD_R_TRACE_BLOB, sub->record_offset);
    range->bytes_offset = data.data_offset;
    range->bytes_len = data.data_len;
    range->bytes = pointer_at(lookup->trace, data.data_offset);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_trace_submission_range(const struct aerocmd_trace *trace,
                                              const struct aerocmd_trace_submission *sub,
                                              uint32_t index,
                                              struct aerocmd_trace_memory_range *range,
                                              struct aerocmd_diag *diag)
{
    struct blob_lookup lookup;
    if (!trace || !sub || sub->memory_range_count == 0)
        return AEROCMD_E_INVALID_ARG;
    lookup.trace = trace;
    lookup.index = NULL;
    lookup.window_begin = trace->records_begin;
    lookup.before = sub->record_offset;
    return range_at(&lookup, sub, index, range, diag);
}

aerocmd_result aerocmd_trace_iter_range(const struct aerocmd_trace_iter *iter,
                                        const struct aerocmd_trace_submission *sub, uint32_t index,
                                        struct aerocmd_trace_memory_range *range,
                                        struct aerocmd_diag *diag)
{
    struct blob_lookup lookup;
    if (!iter || !iter->trace || !sub || sub->memory_range_count == 0)
        return AEROCMD_E_INVALID_ARG;
    lookup.trace = iter->trace;
    lookup.index = iter->index;
    lookup.window_begin = iter->trace->records_begin;
    lookup.before = sub->record_offset;
    return range_at(&lookup, sub, index, range, diag);
}
