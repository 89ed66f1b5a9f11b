/* SPDX-License-Identifier: MIT */
/* Walking the record region [records_begin, toc_offset) one record at a time. Every
 * record header and the fixed part of its payload are checked before it is handed out. */
#include <string.h>

#include "trace_internal.h"

/* Payload of BeginFrame and Present: the frame index. */
#define FRAME_PAYLOAD_BYTES 4u

static aerocmd_result check_payload(const struct aerocmd_trace *trace,
                                    const struct aerocmd_trace_record *rec,
                                    struct aerocmd_diag *diag)
{
    switch (rec->type) {
    case AEROCMD_TRACE_REC_BEGIN_FRAME:
    case AEROCMD_TRACE_REC_PRESENT:
        if (rec->payload_len != FRAME_PAYLOAD_BYTES)
            return trace_fail(diag, AEROCMD_R_TRACE_RECORD, rec->offset);
        return AEROCMD_OK;
    case AEROCMD_TRACE_REC_PACKET:
        return AEROCMD_OK;
    case AEROCMD_TRACE_REC_BLOB:
        if (rec->payload_len < AEROCMD_TRACE_BLOB_HEADER_BYTES ||
            trace_get_u32(rec->payload + 12) != 0)
            return trace_fail(diag, AEROCMD_R_TRACE_BLOB, rec->offset);
        return AEROCMD_OK;
    case AEROCMD_TRACE_REC_SUBMISSION:
        /* Submission records exist from container version 2 on. */
        if (trace->container_version < 2)
            return trace_fail(diag, AEROCMD_R_TRACE_RECORD, rec->offset);
        return AEROCMD_OK;
    default:
        return trace_fail(diag, AEROCMD_R_TRACE_RECORD, rec->offset);
    }
}

aerocmd_result aerocmd_trace_read_record(const struct aerocmd_trace *trace, uint64_t offset,
                                         struct aerocmd_trace_record *rec,
                                         struct aerocmd_diag *diag)
{
    const uint8_t *h;
    uint64_t room;
    if (offset < trace->records_begin || offset > trace->records_end ||
        trace->records_end - offset < AEROCMD_TRACE_RECORD_HEADER_BYTES)
        return trace_fail(diag, AEROCMD_R_TRACE_RECORD, offset);
    h = trace->bytes + offset;
    room = trace->records_end - offset - AEROCMD_TRACE_RECORD_HEADER_BYTES;
    if (h[1] != 0 || trace_get_u16(h + 2) != 0 || trace_get_u32(h + 4) > room)
        return trace_fail(diag, AEROCMD_R_TRACE_RECORD, offset);
    rec->offset = offset;
    rec->type = h[0];
    rec->payload = h + AEROCMD_TRACE_RECORD_HEADER_BYTES;
    rec->payload_len = trace_get_u32(h + 4);
    return check_payload(trace, rec, diag);
}

void aerocmd_trace_iter_init(struct aerocmd_trace_iter *iter, const struct aerocmd_trace *trace)
{
    memset(iter, 0, sizeof(*iter));
    iter->trace = trace;
    iter->offset = trace ? trace->records_begin : 0;
    iter->window_begin = iter->offset;
}

int aerocmd_trace_next_record(struct aerocmd_trace_iter *iter, struct aerocmd_trace_record *rec,
                              struct aerocmd_diag *diag)
{
    if (diag)
        memset(diag, 0, sizeof(*diag));
    if (!iter->trace || iter->offset >= iter->trace->records_end)
        return 0;
    if (aerocmd_trace_read_record(iter->trace, iter->offset, rec, diag) != AEROCMD_OK)
        return -1;
    iter->offset += AEROCMD_TRACE_RECORD_HEADER_BYTES + (uint64_t)rec->payload_len;
    return 1;
}

int aerocmd_trace_find_blob(const struct aerocmd_trace *trace, uint64_t begin, uint64_t end,
                            uint64_t blob_id, struct aerocmd_trace_record *blob)
{
    struct aerocmd_trace_record rec;
    uint64_t offset = begin;
    int found = 0;
    while (offset < end) {
        if (aerocmd_trace_read_record(trace, offset, &rec, NULL) != AEROCMD_OK)
            break;
        if (rec.type == AEROCMD_TRACE_REC_BLOB && trace_get_u64(rec.payload) == blob_id) {
            *blob = rec;
            found = 1;
        }
        offset += AEROCMD_TRACE_RECORD_HEADER_BYTES + (uint64_t)rec.payload_len;
    }
    return found;
}
