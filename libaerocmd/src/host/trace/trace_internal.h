/* SPDX-License-Identifier: MIT */
/* trace_internal.h — private pieces shared by the .aerogputrace reader and writer:
 * little-endian field access, the container's fixed layout and diagnostics. */
#ifndef AEROCMD_TRACE_INTERNAL_H
#define AEROCMD_TRACE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/result.h"
#include "aerocmd/trace.h"

#define TRACE_HEADER_MAGIC "AEROGPUT"
#define TRACE_FOOTER_MAGIC "AEROGPUF"
#define TRACE_TOC_MAGIC    "AEROTOC\0"
#define TRACE_MAGIC_BYTES  8u

#define TRACE_TOC_VERSION      1u
#define TRACE_TOC_HEADER_BYTES 16u
#define TRACE_TOC_FRAME_BYTES  32u

#define TRACE_SUBMISSION_RECORD_VERSION 1u

/* Header field offsets. */
#define TRACE_HDR_SIZE     8u
#define TRACE_HDR_VERSION  12u
#define TRACE_HDR_ABI      16u
#define TRACE_HDR_FLAGS    20u
#define TRACE_HDR_META_LEN 24u
#define TRACE_HDR_RESERVED 28u

/* Footer field offsets, relative to the footer. */
#define TRACE_FTR_SIZE       8u
#define TRACE_FTR_VERSION    12u
#define TRACE_FTR_TOC_OFFSET 16u
#define TRACE_FTR_TOC_LEN    24u

/* Submission payload field offsets. */
#define TRACE_SUB_RECORD_VERSION 0u
#define TRACE_SUB_HEADER_SIZE    4u
#define TRACE_SUB_FLAGS          8u
#define TRACE_SUB_CONTEXT        12u
#define TRACE_SUB_ENGINE         16u
#define TRACE_SUB_RESERVED0      20u
#define TRACE_SUB_FENCE          24u
#define TRACE_SUB_CMD_BLOB       32u
#define TRACE_SUB_ALLOC_BLOB     40u
#define TRACE_SUB_RANGE_COUNT    48u
#define TRACE_SUB_RESERVED1      52u

/* Memory range field offsets, relative to the range. */
#define TRACE_RANGE_ALLOC_ID 0u
#define TRACE_RANGE_FLAGS    4u
#define TRACE_RANGE_GPA      8u
#define TRACE_RANGE_SIZE     16u
#define TRACE_RANGE_BLOB     24u

/* The protocol is little-endian; these work on any host. */
static inline uint32_t trace_get_u16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static inline uint32_t trace_get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t trace_get_u64(const uint8_t *p)
{
    return (uint64_t)trace_get_u32(p) | (uint64_t)trace_get_u32(p + 4) << 32;
}

/* Always returns AEROCMD_E_MALFORMED. File offsets beyond 4 GiB saturate in the diag. */
static inline aerocmd_result trace_fail(struct aerocmd_diag *diag, aerocmd_reason reason,
                                        uint64_t offset)
{
    if (diag) {
        diag->reason = reason;
        diag->offset = offset > UINT32_MAX ? UINT32_MAX : (uint32_t)offset;
        diag->opcode = 0;
    }
    return AEROCMD_E_MALFORMED;
}

/* Checks the metadata JSON: a top-level object with a string "emulator_version" and a
 * number "command_abi_version" equal to `abi`. On failure returns the byte position in
 * `meta` of the fault. */
int aerocmd_priv_trace_meta_check(const char *meta, uint32_t meta_len, uint32_t abi,
                                  uint32_t *fault_pos);

/* The first bytes of a record's payload that the reader interprets: a frame index, a blob
 * header, or the start of a command stream. */
#define TRACE_HEAD_BYTES 16u

/* A record with the leading bytes of its payload (zero-filled past payload_len). */
struct trace_rec {
    struct aerocmd_trace_record rec;
    uint8_t head[TRACE_HEAD_BYTES];
};

/* Reads and checks the record header at `offset` (and the fixed part of its payload),
 * bounded by [trace->records_begin, trace->records_end). */
aerocmd_result aerocmd_priv_trace_record_at(const struct aerocmd_trace *trace, uint64_t offset,
                                            struct trace_rec *out, struct aerocmd_diag *diag);

/* Bytes of the record after `rec`. */
static inline uint64_t trace_record_end(const struct aerocmd_trace_record *rec)
{
    return rec->payload_offset + rec->payload_len;
}

/* Where a blob's data lies: after its 16-byte blob header. */
struct trace_blob {
    uint64_t record_offset;
    uint32_t kind;
    uint64_t data_offset;
    uint32_t data_len;
};

static inline void trace_blob_from(const struct trace_rec *r, struct trace_blob *blob)
{
    blob->record_offset = r->rec.offset;
    blob->kind = trace_get_u32(r->head + 8);
    blob->data_offset = r->rec.payload_offset + AEROCMD_TRACE_BLOB_HEADER_BYTES;
    blob->data_len = r->rec.payload_len - AEROCMD_TRACE_BLOB_HEADER_BYTES;
}

/* The last blob with `blob_id` whose record lies in [begin, end); 1 found, 0 not. */
int aerocmd_priv_trace_find_blob(const struct aerocmd_trace *trace, uint64_t begin, uint64_t end,
                                 uint64_t blob_id, struct trace_blob *blob);

/* aerocmd_trace_iter.mode of an indexed iterator whose index could not be created. */
#define TRACE_ITER_NO_MEMORY 3

/* The iterator's next record, noted in its index: 1, 0 at the end, -1 malformed (diag
 * filled), AEROCMD_TRACE_OUT_OF_MEMORY. */
int aerocmd_priv_trace_iter_step(struct aerocmd_trace_iter *iter, struct trace_rec *r,
                                 struct aerocmd_diag *diag);

/* ---- the blob index of an indexed iterator (trace_index.c) ---- */

struct aerocmd_priv_trace_index;

struct aerocmd_priv_trace_index *
aerocmd_priv_trace_index_create(const struct aerocmd_allocator *alloc);
void aerocmd_priv_trace_index_destroy(struct aerocmd_priv_trace_index *index);
/* Notes the blob record `r` (the latest with its id from now on). 0, or -1 when the index
 * could not grow. */
int aerocmd_priv_trace_index_note(struct aerocmd_priv_trace_index *index,
                                  const struct trace_rec *r);
/* 1 and *blob filled when a blob `blob_id` was noted; 0 otherwise. */
int aerocmd_priv_trace_index_find(const struct aerocmd_priv_trace_index *index, uint64_t blob_id,
                                  struct trace_blob *blob);

#endif
