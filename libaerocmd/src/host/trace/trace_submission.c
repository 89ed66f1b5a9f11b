/* SPDX-License-Identifier: MIT */
/* Walking a container as a sequence of command streams. Version 2 captures describe each
 * submission in a record that names blobs written before it; older captures (and any
 * capture without submission records) are read as their command-stream blobs in order.
 *
 * Blob lookup needs no index: the blobs a submission names are normally written right
 * after the previous submission, so that window is searched first and the rest of the
 * file before it only when the window does not hold the id. */
#include <string.h>

#include "trace_internal.h"

enum submission_mode { MODE_UNDECIDED = 0, MODE_SUBMISSION_RECORDS = 1, MODE_STREAM_BLOBS = 2 };

struct blob_data {
    const uint8_t *bytes;
    uint32_t len;
};

static int has_submission_records(const struct aerocmd_trace *trace)
{
    struct aerocmd_trace_record rec;
    uint64_t offset = trace->records_begin;
    if (trace->container_version < 2)
        return 0;
    while (offset < trace->records_end) {
        if (aerocmd_trace_read_record(trace, offset, &rec, NULL) != AEROCMD_OK)
            return 0;
        if (rec.type == AEROCMD_TRACE_REC_SUBMISSION)
            return 1;
        offset += AEROCMD_TRACE_RECORD_HEADER_BYTES + (uint64_t)rec.payload_len;
    }
    return 0;
}

static uint32_t blob_kind(const struct aerocmd_trace_record *blob)
{
    return trace_get_u32(blob->payload + 8);
}

/* The most recent blob `blob_id` before `before`, which must be of `kind`. */
static int resolve_blob(const struct aerocmd_trace *trace, uint64_t window_begin, uint64_t before,
                        uint64_t blob_id, uint32_t kind, struct blob_data *out)
{
    struct aerocmd_trace_record blob;
    if (!aerocmd_trace_find_blob(trace, window_begin, before, blob_id, &blob) &&
        !aerocmd_trace_find_blob(trace, trace->records_begin, window_begin, blob_id, &blob))
        return 0;
    if (blob_kind(&blob) != kind)
        return 0;
    out->bytes = blob.payload + AEROCMD_TRACE_BLOB_HEADER_BYTES;
    out->len = blob.payload_len - AEROCMD_TRACE_BLOB_HEADER_BYTES;
    return 1;
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
static aerocmd_reason check_ranges(const struct aerocmd_trace *trace, uint64_t window_begin,
                                   const struct aerocmd_trace_record *rec, uint32_t count)
{
    const uint8_t *range = rec->payload + AEROCMD_TRACE_SUBMISSION_HEADER_BYTES;
    struct blob_data data;
    uint32_t i;
    for (i = 0; i < count; i++, range += AEROCMD_TRACE_MEMORY_RANGE_BYTES) {
        uint64_t gpa = trace_get_u64(range + TRACE_RANGE_GPA);
        uint64_t blob_id = trace_get_u64(range + TRACE_RANGE_BLOB);
        if (trace_get_u64(range + TRACE_RANGE_SIZE) > UINT64_MAX - gpa || blob_id == 0)
            return AEROCMD_R_TRACE_SUBMISSION;
        if (!resolve_blob(trace, window_begin, rec->offset, blob_id,
                          AEROCMD_TRACE_BLOB_GUEST_MEMORY, &data))
            return AEROCMD_R_TRACE_BLOB;
    }
    return AEROCMD_R_NONE;
}

static int submission_fault(struct aerocmd_diag *diag, aerocmd_reason reason, uint64_t offset)
{
    trace_fail(diag, reason, offset);
    return -1;
}

static int parse_submission(const struct aerocmd_trace *trace, uint64_t window_begin,
                            const struct aerocmd_trace_record *rec,
                            struct aerocmd_trace_submission *sub, struct aerocmd_diag *diag)
{
    const uint8_t *p = rec->payload;
    uint64_t alloc_blob_id;
    struct blob_data cmd, table = {NULL, 0};
    aerocmd_reason range_fault;
    if (!submission_header_valid(p, rec->payload_len))
        return submission_fault(diag, AEROCMD_R_TRACE_SUBMISSION, rec->offset);
    if (!resolve_blob(trace, window_begin, rec->offset, trace_get_u64(p + TRACE_SUB_CMD_BLOB),
                      AEROCMD_TRACE_BLOB_CMD_STREAM, &cmd))
        return submission_fault(diag, AEROCMD_R_TRACE_BLOB, rec->offset);
    alloc_blob_id = trace_get_u64(p + TRACE_SUB_ALLOC_BLOB);
    if (alloc_blob_id != 0 && !resolve_blob(trace, window_begin, rec->offset, alloc_blob_id,
                                            AEROCMD_TRACE_BLOB_ALLOC_TABLE, &table))
        return submission_fault(diag, AEROCMD_R_TRACE_BLOB, rec->offset);
    range_fault = check_ranges(trace, window_begin, rec, trace_get_u32(p + TRACE_SUB_RANGE_COUNT));
    if (range_fault != AEROCMD_R_NONE)
        return submission_fault(diag, range_fault, rec->offset);
    sub->record_offset = rec->offset;
    sub->cmd_stream = cmd.bytes;
    sub->cmd_stream_len = cmd.len;
    sub->alloc_table = table.bytes;
    sub->alloc_table_len = table.len;
    sub->submit_flags = trace_get_u32(p + TRACE_SUB_FLAGS);
    sub->context_id = trace_get_u32(p + TRACE_SUB_CONTEXT);
    sub->engine_id = trace_get_u32(p + TRACE_SUB_ENGINE);
    sub->signal_fence = trace_get_u64(p + TRACE_SUB_FENCE);
    sub->memory_range_count = trace_get_u32(p + TRACE_SUB_RANGE_COUNT);
    sub->memory_ranges = sub->memory_range_count ? p + AEROCMD_TRACE_SUBMISSION_HEADER_BYTES : NULL;
    return 1;
}

static void take_stream_blob(const struct aerocmd_trace_record *rec,
                             struct aerocmd_trace_submission *sub)
{
    sub->record_offset = rec->offset;
    sub->cmd_stream = rec->payload + AEROCMD_TRACE_BLOB_HEADER_BYTES;
    sub->cmd_stream_len = rec->payload_len - AEROCMD_TRACE_BLOB_HEADER_BYTES;
}

int aerocmd_trace_next_submission(struct aerocmd_trace_iter *iter,
                                  struct aerocmd_trace_submission *sub, struct aerocmd_diag *diag)
{
    struct aerocmd_trace_record rec;
    memset(sub, 0, sizeof(*sub));
    if (diag)
        memset(diag, 0, sizeof(*diag));
    if (!iter->trace)
        return 0;
    if (iter->mode == MODE_UNDECIDED)
        iter->mode =
            has_submission_records(iter->trace) ? MODE_SUBMISSION_RECORDS : MODE_STREAM_BLOBS;
    for (;;) {
        int step = aerocmd_trace_next_record(iter, &rec, diag);
        if (step <= 0)
            return step;
        if (iter->mode == MODE_STREAM_BLOBS && rec.type == AEROCMD_TRACE_REC_BLOB &&
            blob_kind(&rec) == AEROCMD_TRACE_BLOB_CMD_STREAM) {
            take_stream_blob(&rec, sub);
            return 1;
        }
        if (iter->mode == MODE_SUBMISSION_RECORDS && rec.type == AEROCMD_TRACE_REC_SUBMISSION) {
            step = parse_submission(iter->trace, iter->window_begin, &rec, sub, diag);
            iter->window_begin = iter->offset;
            if (step < 0)
                memset(sub, 0, sizeof(*sub));
            return step;
        }
    }
}

aerocmd_result aerocmd_trace_submission_range(const struct aerocmd_trace *trace,
                                              const struct aerocmd_trace_submission *sub,
                                              uint32_t index,
                                              struct aerocmd_trace_memory_range *range,
                                              struct aerocmd_diag *diag)
{
    const uint8_t *entry;
    struct blob_data data;
    if (diag)
        memset(diag, 0, sizeof(*diag));
    if (!trace || !sub || !range || index >= sub->memory_range_count || !sub->memory_ranges)
        return AEROCMD_E_INVALID_ARG;
    entry = sub->memory_ranges + (size_t)index * AEROCMD_TRACE_MEMORY_RANGE_BYTES;
    memset(range, 0, sizeof(*range));
    range->alloc_id = trace_get_u32(entry + TRACE_RANGE_ALLOC_ID);
    range->flags = trace_get_u32(entry + TRACE_RANGE_FLAGS);
    range->gpa = trace_get_u64(entry + TRACE_RANGE_GPA);
    range->size_bytes = trace_get_u64(entry + TRACE_RANGE_SIZE);
    range->blob_id = trace_get_u64(entry + TRACE_RANGE_BLOB);
    if (!resolve_blob(trace, trace->records_begin, sub->record_offset, range->blob_id,
                      AEROCMD_TRACE_BLOB_GUEST_MEMORY, &data))
        return trace_fail(diag, AEROCMD_R_TRACE_BLOB, sub->record_offset);
    range->bytes = data.bytes;
    range->bytes_len = data.len;
    return AEROCMD_OK;
}
