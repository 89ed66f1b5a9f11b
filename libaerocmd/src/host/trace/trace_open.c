/* SPDX-License-Identifier: MIT */
/* Opening a container: header, metadata, footer and table of contents are checked before
 * any record is looked at, so the iterators only ever walk a region known to lie inside
 * the file. Every piece is read through aerocmd_trace_read, so the same checks serve a
 * trace held in memory and one read from a source. */
#include <string.h>

#include "trace_internal.h"

struct trace_footer {
    uint64_t offset; /* of the footer in the file */
    uint64_t toc_offset;
    uint64_t toc_len;
};

static aerocmd_result check_header(struct aerocmd_trace *trace, struct aerocmd_diag *diag)
{
    uint8_t b[AEROCMD_TRACE_HEADER_BYTES];
    uint64_t room_for_meta = trace->size - AEROCMD_TRACE_HEADER_BYTES - AEROCMD_TRACE_FOOTER_BYTES;
    uint32_t version;
    if (aerocmd_trace_read(trace, 0, b, sizeof(b)) != 0)
        return trace_fail(diag, AEROCMD_R_TRACE_SHORT, 0);
    version = trace_get_u32(b + TRACE_HDR_VERSION);
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
    trace->records_begin = (uint64_t)AEROCMD_TRACE_HEADER_BYTES + trace->meta_len;
    return AEROCMD_OK;
}

/* In memory the metadata is read in place; from a source it is copied (bounded). */
static aerocmd_result load_meta(struct aerocmd_trace *trace, struct aerocmd_diag *diag)
{
    if (trace->bytes) {
        trace->meta = (const char *)trace->bytes + AEROCMD_TRACE_HEADER_BYTES;
        return AEROCMD_OK;
    }
    if (trace->meta_len > AEROCMD_TRACE_SOURCE_META_MAX)
        return trace_fail(diag, AEROCMD_R_TRACE_HEADER, TRACE_HDR_META_LEN);
    trace->meta_copy = trace->alloc->resize(trace->alloc->user, NULL, 0, trace->meta_len + 1u);
    if (!trace->meta_copy)
        return AEROCMD_E_OUT_OF_MEMORY;
    trace->meta = trace->meta_copy;
    if (aerocmd_trace_read(trace, AEROCMD_TRACE_HEADER_BYTES, trace->meta_copy, trace->meta_len))
        return trace_fail(diag, AEROCMD_R_TRACE_HEADER, AEROCMD_TRACE_HEADER_BYTES);
    return AEROCMD_OK;
}

static aerocmd_result check_meta(const struct aerocmd_trace *trace, struct aerocmd_diag *diag)
{
    uint32_t fault_pos = 0;
    if (aerocmd_priv_trace_meta_check(trace->meta, trace->meta_len, trace->command_abi_version,
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
    uint8_t f[AEROCMD_TRACE_FOOTER_BYTES];
    footer->offset = at;
    if (aerocmd_trace_read(trace, at, f, sizeof(f)) != 0 ||
        memcmp(f, TRACE_FOOTER_MAGIC, TRACE_MAGIC_BYTES) != 0)
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
    struct trace_rec r;
    if (aerocmd_priv_trace_record_at(trace, offset, &r, NULL) != AEROCMD_OK)
        return 0;
    return r.rec.type == type && trace_get_u32(r.head) == frame_index;
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
    uint8_t toc[TRACE_TOC_HEADER_BYTES], entry[TRACE_TOC_FRAME_BYTES];
    uint32_t frame_count, i;
    if (aerocmd_trace_read(trace, footer->toc_offset, toc, sizeof(toc)) != 0 ||
        memcmp(toc, TRACE_TOC_MAGIC, TRACE_MAGIC_BYTES) != 0)
        return trace_fail(diag, AEROCMD_R_TRACE_TOC, footer->toc_offset);
    if (trace_get_u32(toc + 8) != TRACE_TOC_VERSION)
        return trace_fail(diag, AEROCMD_R_TRACE_TOC, footer->toc_offset + 8);
    frame_count = trace_get_u32(toc + 12);
    if (frame_count > (footer->toc_len - TRACE_TOC_HEADER_BYTES) / TRACE_TOC_FRAME_BYTES)
        return trace_fail(diag, AEROCMD_R_TRACE_TOC, footer->toc_offset + 12);
    trace->records_end = footer->toc_offset;
    for (i = 0; i < frame_count; i++) {
        uint64_t entry_offset =
            footer->toc_offset + TRACE_TOC_HEADER_BYTES + (uint64_t)i * TRACE_TOC_FRAME_BYTES;
        if (aerocmd_trace_read(trace, entry_offset, entry, sizeof(entry)) != 0 ||
            !frame_entry_valid(trace, entry))
            return trace_fail(diag, AEROCMD_R_TRACE_TOC, entry_offset);
    }
    trace->frame_count = frame_count;
    return AEROCMD_OK;
}

static aerocmd_result open_checked(struct aerocmd_trace *trace, struct aerocmd_diag *diag)
{
    struct trace_footer footer;
    aerocmd_result result;
    if (trace->size < (uint64_t)AEROCMD_TRACE_HEADER_BYTES + AEROCMD_TRACE_FOOTER_BYTES)
        result = trace_fail(diag, AEROCMD_R_TRACE_SHORT, 0);
    else
        result = check_header(trace, diag);
    if (result == AEROCMD_OK)
        result = load_meta(trace, diag);
    if (result == AEROCMD_OK)
        result = check_meta(trace, diag);
    if (result == AEROCMD_OK)
        result = check_footer(trace, &footer, diag);
    if (result == AEROCMD_OK)
        result = check_toc(trace, &footer, diag);
    if (result != AEROCMD_OK) {
        aerocmd_trace_close(trace);
        memset(trace, 0, sizeof(*trace));
    }
    return result;
}

aerocmd_result aerocmd_trace_open(struct aerocmd_trace *trace, const void *buf, size_t len,
                                  struct aerocmd_diag *diag)
{
    if (diag)
        memset(diag, 0, sizeof(*diag));
    if (!trace || (!buf && len != 0))
        return AEROCMD_E_INVALID_ARG;
    memset(trace, 0, sizeof(*trace));
    trace->bytes = buf;
    trace->size = len;
    return open_checked(trace, diag);
}

aerocmd_result aerocmd_trace_open_source(struct aerocmd_trace *trace,
                                         const struct aerocmd_trace_source *source,
                                         const struct aerocmd_allocator *alloc,
                                         struct aerocmd_diag *diag)
{
    if (diag)
        memset(diag, 0, sizeof(*diag));
    if (!trace || !source || !source->read || !alloc || !alloc->resize || !alloc->release)
        return AEROCMD_E_INVALID_ARG;
    memset(trace, 0, sizeof(*trace));
    trace->source = source;
    trace->alloc = alloc;
    trace->size = source->size;
    return open_checked(trace, diag);
}

void aerocmd_trace_close(struct aerocmd_trace *trace)
{
    if (!trace || !trace->meta_copy)
        return;
    trace->alloc->release(trace->alloc->user, trace->meta_copy, trace->meta_len + 1u);
    trace->meta_copy = NULL;
    trace->meta = NULL;
}
