/* SPDX-License-Identifier: MIT */
/* trace.h — the .aerogputrace capture container (doc/protocol/TRACE.md), read and
 * written. Reading works over caller bytes, or over a source that reads pieces of a file
 * on demand (so a trace of any size is walked in bounded memory), and trusts no offset or
 * length; writing goes through the caller's allocator. Hosted layer (not part of the
 * kernel-safe core). */
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

/* Where the bytes of a trace opened with aerocmd_trace_open_source come from. read copies
 * len bytes at offset into buf (the reader only asks for bytes inside [0, size)); it
 * returns 0, or non-zero when the bytes cannot be read, which the reader reports as a
 * malformed container at that offset (the source knows the real cause). */
struct aerocmd_trace_source {
    int (*read)(void *user, uint64_t offset, void *buf, size_t len);
    void *user;
    uint64_t size;
};

/* The longest metadata JSON aerocmd_trace_open_source accepts (it holds a copy). */
#define AEROCMD_TRACE_SOURCE_META_MAX (1u << 20)

/* An opened container: header, metadata and footer checked; records region bounded. */
struct aerocmd_trace {
    const uint8_t *bytes; /* the whole file; NULL when opened over a source */
    uint64_t size;
    uint32_t container_version;
    uint32_t command_abi_version;
    const char *meta; /* not NUL-terminated */
    uint32_t meta_len;
    uint64_t records_begin; /* first record */
    uint64_t records_end;   /* the table of contents */
    uint32_t frame_count;
    const struct aerocmd_trace_source *source; /* NULL when bytes holds the file */
    const struct aerocmd_allocator *alloc;     /* owner of the metadata copy (source) */
    char *meta_copy;
};

struct aerocmd_trace_record {
    uint64_t offset;        /* of the record header in the file */
    uint8_t type;           /* enum aerocmd_trace_record_type */
    const uint8_t *payload; /* NULL when the trace was opened over a source */
    uint32_t payload_len;
    uint64_t payload_offset; /* in the file */
};

/* One command stream to process, in submission order (record order). For version 2 files
 * these are the submission records (with their allocation table, if any); for files
 * without submission records (version 1 captures), every command-stream blob. In both, a
 * Packet record whose payload is a whole command stream (magic "ACMD", our ABI major,
 * size_bytes not past the payload) is one submission without an allocation table.
 * Pointers are set for traces opened over bytes; the *_offset members (file offsets) are
 * always set, for reading through the source. */
struct aerocmd_trace_submission {
    uint64_t record_offset;
    uint8_t record_type;       /* AEROCMD_TRACE_REC_SUBMISSION, _BLOB or _PACKET */
    const uint8_t *cmd_stream; /* stream header + packets */
    uint32_t cmd_stream_len;
    uint64_t cmd_stream_offset;
    const uint8_t *alloc_table; /* NULL when none */
    uint32_t alloc_table_len;   /* 0 when none */
    uint64_t alloc_table_offset;
    uint32_t submit_flags;
    uint32_t context_id;
    uint32_t engine_id;
    uint64_t signal_fence;
    /* Guest memory snapshots: memory_range_count raw 32-byte entries; read them with
     * aerocmd_trace_submission_range. */
    uint32_t memory_range_count;
    const uint8_t *memory_ranges;
    uint64_t memory_ranges_offset;
};

/* One guest memory range of a submission, with its blob (kind 0x102) resolved. */
struct aerocmd_trace_memory_range {
    uint32_t alloc_id;
    uint32_t flags;
    uint64_t gpa;
    uint64_t size_bytes;
    uint64_t blob_id;
    const uint8_t *bytes; /* the blob's data (after its 16-byte blob header); NULL over a
                             source */
    uint32_t bytes_len;
    uint64_t bytes_offset; /* in the file */
};

struct aerocmd_trace_iter {
    const struct aerocmd_trace *trace;
    uint64_t offset;
    int mode;              /* private */
    uint64_t window_begin; /* private: records written since the previous submission */
    void *index;           /* private: blob index of an indexed iterator */
};

aerocmd_result aerocmd_trace_open(struct aerocmd_trace *trace, const void *buf, size_t len,
                                  struct aerocmd_diag *diag);
/* The same checks over a source; the metadata (at most AEROCMD_TRACE_SOURCE_META_MAX
 * bytes, else AEROCMD_R_TRACE_HEADER) is copied through `alloc` (AEROCMD_E_OUT_OF_MEMORY
 * when that fails). The source and the allocator must outlive the trace; release it with
 * aerocmd_trace_close. */
aerocmd_result aerocmd_trace_open_source(struct aerocmd_trace *trace,
                                         const struct aerocmd_trace_source *source,
                                         const struct aerocmd_allocator *alloc,
                                         struct aerocmd_diag *diag);
/* Frees what aerocmd_trace_open_source allocated; harmless on any opened or zeroed trace. */
void aerocmd_trace_close(struct aerocmd_trace *trace);
/* Copies len bytes at `offset` of the file (bounds checked against trace->size): 0, or -1
 * when out of bounds or the source failed. */
int aerocmd_trace_read(const struct aerocmd_trace *trace, uint64_t offset, void *buf, size_t len);

/* An iterator without an index resolves each blob a submission names by searching the
 * records since the previous submission, then the file before them: fine for captures as
 * recorders write them, but a submission naming old blobs costs a walk over the file.
 * An indexed iterator remembers every command-stream, allocation-table and guest-memory
 * blob it passes (a keyed hash table through `alloc`, about 48 bytes per distinct id), so
 * every lookup is O(1) whatever the file holds. Release it with aerocmd_trace_iter_release. */
void aerocmd_trace_iter_init(struct aerocmd_trace_iter *iter, const struct aerocmd_trace *trace);
void aerocmd_trace_iter_init_indexed(struct aerocmd_trace_iter *iter,
                                     const struct aerocmd_trace *trace,
                                     const struct aerocmd_allocator *alloc);
void aerocmd_trace_iter_release(struct aerocmd_trace_iter *iter);
/* An indexed iterator whose index could not grow (nothing is wrong with the trace). */
#define AEROCMD_TRACE_OUT_OF_MEMORY (-2)
/* 1: next record; 0: end; -1: malformed (diag filled); AEROCMD_TRACE_OUT_OF_MEMORY. */
int aerocmd_trace_next_record(struct aerocmd_trace_iter *iter, struct aerocmd_trace_record *rec,
                              struct aerocmd_diag *diag);
/* 1: next submission; 0: end; -1: malformed (diag filled); AEROCMD_TRACE_OUT_OF_MEMORY. */
int aerocmd_trace_next_submission(struct aerocmd_trace_iter *iter,
                                  struct aerocmd_trace_submission *sub, struct aerocmd_diag *diag);
/* Range `index` of a submission returned by aerocmd_trace_next_submission on `trace`.
 * AEROCMD_E_INVALID_ARG when index >= memory_range_count; AEROCMD_E_MALFORMED (diag
 * filled, offset = the submission record) when its blob cannot be resolved. Searches the
 * file before the submission; aerocmd_trace_iter_range answers from an indexed iterator's
 * index instead (call it before the iterator moves on). */
aerocmd_result aerocmd_trace_submission_range(const struct aerocmd_trace *trace,
                                              const struct aerocmd_trace_submission *sub,
                                              uint32_t index,
                                              struct aerocmd_trace_memory_range *range,
                                              struct aerocmd_diag *diag);
aerocmd_result aerocmd_trace_iter_range(const struct aerocmd_trace_iter *iter,
                                        const struct aerocmd_trace_submission *sub, uint32_t index,
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

/* Guest memory of one allocation as it was when a submission was made (what a capture
 * snapshots): a guest-memory blob (kind 0x102) plus the submission's range entry. */
struct aerocmd_trace_range_in {
    uint32_t alloc_id; /* non-zero */
    uint32_t flags;    /* written as given (captures write 0) */
    uint64_t gpa;      /* gpa + size_bytes must not wrap */
    const void *bytes; /* size_bytes bytes (NULL only when size_bytes is 0) */
    uint64_t size_bytes;
};

/* One submission: its command stream, the allocation table the kernel driver built for it
 * (NULL: none) and the guest memory it reads. */
struct aerocmd_trace_submission_in {
    const void *cmd_stream; /* as aerocmd_trace_write's streams */
    uint32_t cmd_stream_len;
    /* A whole aerogpu_alloc_table (header + entries) that aerocmd_alloc_table_open accepts
     * and whose size_bytes is alloc_table_len; NULL with alloc_table_len 0 for none. */
    const void *alloc_table;
    uint32_t alloc_table_len;
    /* With a table, every range lies inside the table's entry for its alloc_id. */
    const struct aerocmd_trace_range_in *ranges;
    uint32_t range_count;
    uint32_t submit_flags; /* written with PRESENT added when the stream holds one */
    uint32_t context_id;
    uint32_t engine_id;
    uint64_t signal_fence; /* 0: the submission's number, counted from 1 */
};

/* aerocmd_trace_write for whole submissions, in the emulator recorder's layout: per
 * submission its command-stream blob, its allocation-table blob, one guest-memory blob per
 * range, then the submission record naming them (blob ids count from 1 in file order).
 * Submissions without tables and ranges give aerocmd_trace_write's bytes. Arguments as
 * there; AEROCMD_E_INVALID_ARG (before anything is allocated) for a submission that breaks
 * the rules above or whose records would not fit their u32 lengths. */
aerocmd_result aerocmd_trace_write_ex(const struct aerocmd_allocator *alloc,
                                      const struct aerocmd_trace_submission_in *submissions,
                                      uint32_t count, const char *emulator_version, uint8_t **out,
                                      size_t *out_len);

/* Writing a container one submission at a time, through a sink (a file, a pipe): the bytes
 * aerocmd_trace_write_ex writes for the same submissions, with none of them held. Up to
 * AEROCMD_TRACE_OUT_STAGE_BYTES of what was written stay in the writer until a later call
 * needs the room or aerocmd_trace_out_end: a container not ended is incomplete. */
struct aerocmd_trace_sink {
    void *user;
    /* Takes the next `len` bytes of the container. Anything but AEROCMD_OK ends the
     * container: the writer calls the sink no more and answers that result to every later
     * aerocmd_trace_out_submission and to aerocmd_trace_out_end. */
    aerocmd_result (*write)(void *user, const void *bytes, size_t len);
};
#define AEROCMD_TRACE_OUT_STAGE_BYTES 256u
/* The writer's state, in the caller's memory (no allocation); its fields are private. */
struct aerocmd_trace_out {
    const struct aerocmd_trace_sink *sink;
    const char *emulator_version;
    uint64_t pos;
    uint64_t frame_start;
    uint64_t next_blob_id;
    uint32_t submissions;
    aerocmd_result status;
    size_t staged;
    uint8_t stage[AEROCMD_TRACE_OUT_STAGE_BYTES];
};
/* Starts a container. `sink` and `emulator_version` must stay valid and unchanged until
 * aerocmd_trace_out_end. AEROCMD_E_INVALID_ARG (nothing written, and every later call
 * answers it) for a NULL out, sink, sink->write or emulator_version, or an
 * emulator_version whose metadata would not fit a u32 length. */
aerocmd_result aerocmd_trace_out_begin(struct aerocmd_trace_out *out,
                                       const struct aerocmd_trace_sink *sink,
                                       const char *emulator_version);
/* Writes one submission (the header and metadata first, with the first written
 * submission's command_abi_version). A submission aerocmd_trace_write_ex would refuse,
 * or a 2^32nd one, answers AEROCMD_E_INVALID_ARG and writes nothing: the container stays
 * open. */
aerocmd_result aerocmd_trace_out_submission(struct aerocmd_trace_out *out,
                                            const struct aerocmd_trace_submission_in *sub);
/* Ends the frame and writes the table of contents and footer: the container is complete
 * when this answers AEROCMD_OK. From then on the writer answers AEROCMD_E_INVALID_ARG. */
aerocmd_result aerocmd_trace_out_end(struct aerocmd_trace_out *out);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_TRACE_H */
