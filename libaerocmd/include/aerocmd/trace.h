/* trace.h — the .aerogputrace capture container (doc/protocol/TRACE.md), read and
 * written. Reading works over caller bytes and trusts no offset or length; writing goes
 * through the caller's allocator. Hosted layer (not part of the kernel-safe core). */
#ifndef AEROCMD_TRACE_H
#define AEROCMD_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/alloc.h"
#include "aerocmd/result.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

#define AEROCMD_TRACE_HEADER_BYTES            32u
#define AEROCMD_TRACE_FOOTER_BYTES            32u
#define AEROCMD_TRACE_CONTAINER_VERSION       2u
#define AEROCMD_TRACE_RECORD_HEADER_BYTES     8u
#define AEROCMD_TRACE_BLOB_HEADER_BYTES       16u /* blob_id, kind, reserved */
#define AEROCMD_TRACE_SUBMISSION_HEADER_BYTES 56u
#define AEROCMD_TRACE_MEMORY_RANGE_BYTES      32u

enum aerocmd_trace_record_type {
    AEROCMD_TRACE_REC_BEGIN_FRAME = 0x01,
    AEROCMD_TRACE_REC_PRESENT = 0x02,
    AEROCMD_TRACE_REC_PACKET = 0x03,
    AEROCMD_TRACE_REC_BLOB = 0x04,
    AEROCMD_TRACE_REC_SUBMISSION = 0x05
};

enum aerocmd_trace_blob_kind {
    AEROCMD_TRACE_BLOB_BUFFER = 0x01,
    AEROCMD_TRACE_BLOB_TEXTURE = 0x02,
    AEROCMD_TRACE_BLOB_DXBC = 0x03,
    AEROCMD_TRACE_BLOB_WGSL = 0x04,
    AEROCMD_TRACE_BLOB_GLSL_ES = 0x05,
    AEROCMD_TRACE_BLOB_CMD_STREAM = 0x100,
    AEROCMD_TRACE_BLOB_ALLOC_TABLE = 0x101,
    AEROCMD_TRACE_BLOB_GUEST_MEMORY = 0x102
};

/* An opened container: header, metadata and footer checked; records region bounded. */
struct aerocmd_trace {
    const uint8_t *bytes;
    size_t size;
    uint32_t container_version;
    uint32_t command_abi_version;
    const char *meta; /* not NUL-terminated */
    uint32_t meta_len;
    uint64_t records_begin; /* first record */
    uint64_t records_end;   /* the table of contents */
    uint32_t frame_count;
};

struct aerocmd_trace_record {
    uint64_t offset; /* of the record header in the file */
    uint8_t type;    /* enum aerocmd_trace_record_type */
    const uint8_t *payload;
    uint32_t payload_len;
};

/* One command stream to process, in submission order. For version 2 files these are the
 * submission records (with their allocation table, if any); for files without submission
 * records, every command-stream blob in file order. */
struct aerocmd_trace_submission {
    uint64_t record_offset;
    const uint8_t *cmd_stream; /* stream header + packets */
    uint32_t cmd_stream_len;
    const uint8_t *alloc_table; /* NULL when none */
    uint32_t alloc_table_len;
    uint32_t submit_flags;
    uint32_t context_id;
    uint32_t engine_id;
    uint64_t signal_fence;
    /* Guest memory snapshots: memory_range_count raw 32-byte entries; read them with
     * aerocmd_trace_submission_range. */
    uint32_t memory_range_count;
    const uint8_t *memory_ranges;
};

/* One guest memory range of a submission, with its blob (kind 0x102) resolved. */
struct aerocmd_trace_memory_range {
    uint32_t alloc_id;
    uint32_t flags;
    uint64_t gpa;
    uint64_t size_bytes;
    uint64_t blob_id;
    const uint8_t *bytes; /* the blob's data (after its 16-byte blob header) */
    uint32_t bytes_len;
};

struct aerocmd_trace_iter {
    const struct aerocmd_trace *trace;
    uint64_t offset;
    int mode;              /* private */
    uint64_t window_begin; /* private: records written since the previous submission */
};

aerocmd_result aerocmd_trace_open(struct aerocmd_trace *trace, const void *buf, size_t len,
                                  struct aerocmd_diag *diag);
void aerocmd_trace_iter_init(struct aerocmd_trace_iter *iter, const struct aerocmd_trace *trace);
/* 1: next record; 0: end; -1: malformed (diag filled). */
int aerocmd_trace_next_record(struct aerocmd_trace_iter *iter, struct aerocmd_trace_record *rec,
                              struct aerocmd_diag *diag);
/* 1: next submission; 0: end; -1: malformed (diag filled). */
int aerocmd_trace_next_submission(struct aerocmd_trace_iter *iter,
                                  struct aerocmd_trace_submission *sub, struct aerocmd_diag *diag);
/* Range `index` of a submission returned by aerocmd_trace_next_submission on `trace`.
 * AEROCMD_E_INVALID_ARG when index >= memory_range_count; AEROCMD_E_MALFORMED (diag
 * filled, offset = the submission record) when its blob cannot be resolved. */
aerocmd_result aerocmd_trace_submission_range(const struct aerocmd_trace *trace,
                                              const struct aerocmd_trace_submission *sub,
                                              uint32_t index,
                                              struct aerocmd_trace_memory_range *range,
                                              struct aerocmd_diag *diag);

/* Writes a version 2 container: one frame, one submission per stream (no allocation
 * tables), metadata {"emulator_version":..., "command_abi_version":...}. The result is
 * allocated through `alloc`; free it with alloc->release(alloc->user, *out, *out_len).
 * Each stream must hold at least a stream header and start with "ACMD", and
 * emulator_version must not be NULL (AEROCMD_E_INVALID_ARG otherwise). The header's
 * command_abi_version is the first stream's (AEROGPU_ABI_VERSION_U32 when count is 0);
 * submit_flags is PRESENT for a stream holding a PRESENT or PRESENT_EX packet. */
struct aerocmd_trace_stream_in {
    const void *bytes;
    uint32_t len;
};
aerocmd_result aerocmd_trace_write(const struct aerocmd_allocator *alloc,
                                   const struct aerocmd_trace_stream_in *streams, uint32_t count,
                                   const char *emulator_version, uint8_t **out, size_t *out_len);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_TRACE_H */
