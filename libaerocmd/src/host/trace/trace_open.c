/* SPDX-License-Identifier: MIT */
/* Opening a container: header, metadata, footer and table of contents are checked before
 * any record is looked at, so the iterators only ever walk a region known to lie inside
 * the file. */
#include <string.h>

#include "trace_internal.h"

struct trace_footer {
    uint64_t offset; /* of the footer in the file */
    uint64_t toc_offset;
    uint64_t toc_len;
};

static aerocmd_result check_header(struct aerocmd_trace *trace, struct aerocmd_diag *diag)
{
    const uint8_t *b = trace->bytes;
    uint64_t room_for_meta = trace->size - AEROCMD_TRACE_HEADER_BYTES - AEROCMD_TRACE_FOOTER_BYTES;
    uint32_t version = trace_get_u32(b + TRACE_HDR_VERSION);
    if (memcmp(b, TRACE_HEADER_MAGIC, TRACE_MAGIC_BYTES) != 0)
        return trace_fail(diag, AEROCMD_R_TRACE_MAGIC, 0);
    if (trace_get_u32(b + TRACE_HDR_SIZE) != AEROCMD_TRACE_HEADER_BYTES)
        return trace_fail(diag, AEROCMD_R_TRACE_HEADER, TRACE_HDR_SIZE);
    if (version == 0 || version > AEROCMD_TRACE_CONTAINER_VERSION)
        return trace_fail(diag, AEROCMD_R_TRACE_VERSION, TRACE_HDR_VERSION);
    if (trace_get_u32(b + TRACE_HDR_FLAGS) != 0)
        return trace_fail(diag, AEROCMD_R_TRACE_HEADER, TRACE_HDR_FLAGS);
    if (trace_get_u32(b + TRACE_HDR_META_LEN) > room_for_meta)
        return trace_fail(diag, AEROCMD_R_TRACE_HEADER, TRACE_HDR_META_LEN);
    if (trace_get_u32(b + TRACE_HDR_RESERVED) != 0)
        return trace_fail(diag, AEROCMD_R_TRACE_HEADER, TRACE_HDR_RESERVED);
    trace->container_version = version;
    trace->command_abi_version = trace_get_u32(b + TRACE_HDR_ABI);
    trace->meta_len = trace_get_u32(b + TRACE_HDR_META_LEN);
    trace->meta = (const char *)b + AEROCMD_TRACE_HEADER_BYTES;
    trace->records_begin = (uint64_t)AEROCMD_TRACE_HEADER_BYTES + trace->meta_len;
    return AEROCMD_OK;
}

static aerocmd_result check_meta(const struct aerocmd_trace *trace, struct aerocmd_diag *diag)
{
    uint32_t fault_pos = 0;
    if (aerocmd_trace_meta_check(trace->meta, trace->meta_len, trace->command_abi_version,
                                 &fault_pos) != 0)
        return trace_fail(diag, AEROCMD_R_TRACE_HEADER, AEROCMD_TRACE_HEADER_BYTES + fault_pos);
    return AEROCMD_OK;
}

/* The footer names the table of contents; it must lie between the records' start and
 * the footer itself. */
static aerocmd_result check_footer(const struct aerocmd_trace *trace, struct trace_footer *footer,
                                   struct aerocmd_diag *diag)
{
    uint64_t at = trace->size - AEROCMD_TRACE_FOOTER_BYTES;
    const uint8_t *f = trace->bytes + at;
    footer->offset = at;
    if (memcmp(f, TRACE_FOOTER_MAGIC, TRACE_MAGIC_BYTES) != 0)
        return trace_fail(diag, AEROCMD_R_TRACE_MAGIC, at);
    if (trace_get_u32(f + TRACE_FTR_SIZE) != AEROCMD_TRACE_FOOTER_BYTES)
        return trace_fail(diag, AEROCMD_R_TRACE_HEADER, at + TRACE_FTR_SIZE);
    if (trace_get_u32(f + TRACE_FTR_VERSION) != trace->container_version)
        return trace_fail(diag, AEROCMD_R_TRACE_VERSION, at + TRACE_FTR_VERSION);
    footer->toc_offset = trace_get_u64(f + TRACE_FTR_TOC_OFFSET);
    footer->toc_len = trace_get_u64(f + TRACE_FTR_TOC_LEN);
    if (footer->toc_offset < trace->records_begin || footer->toc_offset > at)
        return trace_fail(diag, AEROCMD_R_TRACE_TOC, at + TRACE_FTR_TOC_OFFSET);
    if (footer->toc_len < TRACE_TOC_HEADER_BYTES || footer->toc_len > at - footer->toc_offset)
        return trace_fail(diag, AEROCMD_R_TRACE_TOC, at + TRACE_FTR_TOC_LEN);
    return AEROCMD_OK;
}

/* A frame's record at `offset` must be of `type` and carry the frame's index. */
static int frame_record_matches(const struct aerocmd_trace *trace, uint64_t offset, uint8_t type,
                                uint32_t frame_index)
{
    struct aerocmd_trace_record rec;
    if (aerocmd_trace_read_record(trace, offset, &rec, NULL) != AEROCMD_OK)
        return 0;
    return rec.type == type && trace_get_u32(rec.payload) == frame_index;
}

static int frame_entry_valid(const struct aerocmd_trace *trace, const uint8_t *entry)
{
    uint32_t frame_index = trace_get_u32(entry);
    uint64_t start = trace_get_u64(entry + 8);
    uint64_t present = trace_get_u64(entry + 16);
    uint64_t end = trace_get_u64(entry + 24);
    if (trace_get_u32(entry + 4) != 0)
        return 0;
    if (start < trace->records_begin || start >= end || end > trace->records_end)
        return 0;
    if (!frame_record_matches(trace, start, AEROCMD_TRACE_REC_BEGIN_FRAME, frame_index))
        return 0;
    if (present == 0)
        return 1;
    if (present <= start || present >= end)
        return 0;
    return frame_record_matches(trace, present, AEROCMD_TRACE_REC_PRESENT, frame_index);
}

static aerocmd_result check_toc(struct aerocmd_trace *trace, const struct trace_footer *footer,
                                struct aerocmd_diag *diag)
{
    const uint8_t *toc = trace->bytes + footer->toc_offset;
    uint32_t frame_count, i;
    if (memcmp(toc, TRACE_TOC_MAGIC, TRACE_MAGIC_BYTES) != 0)
        return trace_fail(diag, AEROCMD_R_TRACE_TOC, footer->toc_offset);
    if (trace_get_u32(toc + 8) != TRACE_TOC_VERSION)
        return trace_fail(diag, AEROCMD_R_TRACE_TOC, footer->toc_offset + 8);
    frame_count = trace_get_u32(toc + 12);
    if (frame_count > (footer->toc_len - TRACE_TOC_HEADER_BYTES) / TRACE_TOC_FRAME_BYTES)
        return trace_fail(diag, AEROCMD_R_TRACE_TOC, footer->toc_offset + 12);
    trace->records_end = footer->toc_offset;
    for (i = 0; i < frame_count; i++) {
        uint64_t entry_offset =
            (uint64_t)TRACE_TOC_HEADER_BYTES + (uint64_t)i * TRACE_TOC_FRAME_BYTES;
        if (!frame_entry_valid(trace, toc + entry_offset))
            return trace_fail(diag, AEROCMD_R_TRACE_TOC, footer->toc_offset + entry_offset);
    }
    trace->frame_count = frame_count;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_trace_open(struct aerocmd_trace *trace, const void *buf, size_t len,
                                  struct aerocmd_diag *diag)
{
    struct trace_footer footer;
    aerocmd_result result;
    if (diag)
        memset(diag, 0, sizeof(*diag));
    if (!trace || (!buf && len != 0))
        return AEROCMD_E_INVALID_ARG;
    memset(trace, 0, sizeof(*trace));
    if (len < (size_t)AEROCMD_TRACE_HEADER_BYTES + AEROCMD_TRACE_FOOTER_BYTES)
        return trace_fail(diag, AEROCMD_R_TRACE_SHORT, 0);
    trace->bytes = buf;
    trace->size = len;
    result = check_header(trace, diag);
    if (result == AEROCMD_OK)
        result = check_meta(trace, diag);
    if (result == AEROCMD_OK)
        result = check_footer(trace, &footer, diag);
    if (result == AEROCMD_OK)
        result = check_toc(trace, &footer, diag);
    if (result != AEROCMD_OK)
        memset(trace, 0, sizeof(*trace));
    return result;
}
