/* SPDX-License-Identifier: MIT */
/* Walking the record region [records_begin, toc_offset) one record at a time. Every
 * record header and the fixed part of its payload are checked before it is handed out. */
#include <string.h>

#include "trace_internal.h"

/* Payload of BeginFrame and Present: the frame index. */
#define FRAME_PAYLOAD_BYTES 4u

int aerocmd_trace_read(const struct aerocmd_trace *trace, uint64_t offset, void *buf, size_t len)
{
    if (!trace || offset > trace->size || len > trace->size - offset)
        return -1;
    if (len == 0)
        return 0;
    if (trace->bytes) {
        memcpy(buf, trace->bytes + offset, len);
        return 0;
    }
    if (!trace->source || !trace->source->read)
        return -1;
    return trace->source->read(trace->source->user, offset, buf, len) == 0 ? 0 : -1;
}

static aerocmd_result check_payload(const struct aerocmd_trace *trace, const struct trace_rec *r,
                                    struct aerocmd_diag *diag)
{
    const struct aerocmd_trace_record *rec = &r->rec;
    switch (rec->type) {
    case AEROCMD_TRACE_REC_BEGIN_FRAME:
    case AEROCMD_TRACE_REC_PRESENT:
        if (rec->payload_len != FRAME_PAYLOAD_BYTES)
            return trace_fail(diag, AEROCMD_R_TRACE_RECORD, rec->offset);
        return AEROCMD_OK;
    case AEROCMD_TRACE_REC_PACKET:
        return AEROCMD_OK;
    case AEROCMD_TRACE_REC_BLOB:
        if (rec->payload_len < AEROCMD_TRACE_BLOB_HEADER_BYTES || trace_get_u32(r->head + 12) != 0)
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

aerocmd_result aerocmd_priv_trace_record_at(const struct aerocmd_trace *trace, uint64_t offset,
                                            struct trace_rec *out, struct aerocmd_diag *diag)
{
    uint8_t h[AEROCMD_TRACE_RECORD_HEADER_BYTES];
    struct aerocmd_trace_record *rec = &out->rec;
    uint64_t room;
    uint32_t head_len;
    if (offset < trace->records_begin || offset > trace->records_end ||
        trace->records_end - offset < AEROCMD_TRACE_RECORD_HEADER_BYTES ||
        aerocmd_trace_read(trace, offset, h, sizeof(h)) != 0)
        return trace_fail(diag, AEROCMD_R_TRACE_RECORD, offset);
    room = trace->records_end - offset - AEROCMD_TRACE_RECORD_HEADER_BYTES;
    if (h[1] != 0 || trace_get_u16(h + 2) != 0 || trace_get_u32(h + 4) > room)
        return trace_fail(diag, AEROCMD_R_TRACE_RECORD, offset);
    rec->offset = offset;
    rec->type = h[0];
    rec->payload_len = trace_get_u32(h + 4);
    rec->payload_offset = offset + AEROCMD_TRACE_RECORD_HEADER_BYTES;
    rec->payload = trace->bytes ? trace->bytes + rec->payload_offset : NULL;
    head_len = rec->payload_len < TRACE_HEAD_BYTES ? rec->payload_len : TRACE_HEAD_BYTES;
    memset(out->head, 0, sizeof(out->head));
    if (aerocmd_trace_read(trace, rec->payload_offset, out->head, head_len) != 0)
        return trace_fail(diag, AEROCMD_R_TRACE_RECORD, offset);
    return check_payload(trace, out, diag);
}

void aerocmd_trace_iter_init(struct aerocmd_trace_iter *iter, const struct aerocmd_trace *trace)
{
    memset(iter, 0, sizeof(*iter));
    iter->trace = trace;
    iter->offset = trace ? trace->records_begin : 0;
    iter->window_begin = iter->offset;
}

int aerocmd_priv_trace_iter_step(struct aerocmd_trace_iter *iter, struct trace_rec *r,
                                 struct aerocmd_diag *diag)
{
    if (!iter->trace || iter->offset >= iter->trace->records_end)
        return 0;
    if (iter->mode == TRACE_ITER_NO_MEMORY)
        return AEROCMD_TRACE_OUT_OF_MEMORY;
    if (aerocmd_priv_trace_record_at(iter->trace, iter->offset, r, diag) != AEROCMD_OK)
        return -1;
    if (iter->index && r->rec.type == AEROCMD_TRACE_REC_BLOB &&
        aerocmd_priv_trace_index_note(iter->index, r) != 0)
        return AEROCMD_TRACE_OUT_OF_MEMORY;
    iter->offset = trace_record_end(&r->rec);
    return 1;
}

int aerocmd_trace_next_record(struct aerocmd_trace_iter *iter, struct aerocmd_trace_record *rec,
                              struct aerocmd_diag *diag)
{
    struct trace_rec r;
    int step;
    if (diag)
        memset(diag, 0, sizeof(*diag));
    step = aerocmd_priv_trace_iter_step(iter, &r, diag);
    if (step == 1)
        *rec = r.rec;
    return step;
}

int aerocmd_priv_trace_find_blob(const struct aerocmd_trace *trace, uint64_t begin, uint64_t end,
                                 uint64_t blob_id, struct trace_blob *blob)
{
    struct trace_rec r;
    uint64_t offset = begin;
    int found = 0;
    while (offset < end) {
        if (aerocmd_priv_trace_record_at(trace, offset, &r, NULL) != AEROCMD_OK)
            break;
        if (r.rec.type == AEROCMD_TRACE_REC_BLOB && trace_get_u64(r.head) == blob_id) {
            trace_blob_from(&r, blob);
            found = 1;
        }
        offset = trace_record_end(&r.rec);
    }
    return found;
}
