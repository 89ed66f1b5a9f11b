/* SPDX-License-Identifier: MIT */
/* stream_walk.h — walking one command stream of an input without holding it: its bytes
 * are read into one buffer a run of whole packets at a time, and each run is handed out
 * as a small stream of its own ("a piece": a stream header the walker writes, then the
 * packets), so every library check runs unchanged on it. Offsets in a piece are piece
 * offsets; stream_offset() turns them back into offsets in the whole stream.
 *
 * Faults of the stream header and of the framing are found by the library too: the
 * walker only decides where a piece ends. Memory: the buffer holds a run of packets (1 MiB
 * by default) and grows only to fit one packet larger than that, as the packet's own
 * size_bytes declares. */
#ifndef AEROCMD_TOOL_STREAM_WALK_H
#define AEROCMD_TOOL_STREAM_WALK_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/decode.h"
#include "progress.h"
#include "tool_file.h"

#define STREAM_HEADER_BYTES ((uint32_t)sizeof(struct aerogpu_cmd_stream_header))

/* Reads a region of a file in order. */
struct tool_reader {
    struct tool_file *file;
    uint8_t *buf; /* STREAM_HEADER_BYTES of room, then data */
    size_t cap;
    size_t pos, len;   /* unread data is buf[pos, len) */
    uint64_t next;     /* file offset of buf[len] */
    uint64_t end;      /* end of the region (TOOL_SIZE_UNKNOWN: to the end of the file) */
    uint64_t consumed; /* bytes of the region handed out so far */
    struct tool_progress *progress; /* may be NULL */
};

/* 0, or -1 after reporting (out of memory). */
int tool_reader_init(struct tool_reader *r, struct tool_file *file);
void tool_reader_release(struct tool_reader *r);
/* Starts reading [offset, offset + len) (len TOOL_SIZE_UNKNOWN: to the end). */
void tool_reader_seek(struct tool_reader *r, uint64_t offset, uint64_t len);
/* At least `want` unread bytes when the region holds them: returns how many are unread
 * (fewer only at its end), or -1 after reporting (I/O error, out of memory). */
long long tool_reader_fill(struct tool_reader *r, size_t want);

struct stream_visitor {
    void *ctx;
    /* The stream header passed its checks; `stream` holds it (size_bytes as declared). */
    void (*header)(void *ctx, const struct aerocmd_stream *stream);
    /* A piece of whole, well-framed packets. Return 0 to go on, non-zero to stop. */
    int (*piece)(void *ctx, const struct aerocmd_stream *piece, uint32_t first_offset);
    /* The fault that ends the walk: the header's, or the framing's (offset in the stream). */
    void (*fault)(void *ctx, const struct aerocmd_diag *diag);
};

/* Walks the stream whose bytes the reader is positioned on; `available` is how many bytes
 * the stream may use (its file, blob or record; TOOL_SIZE_UNKNOWN when that is only
 * known at the end of a pipe). Returns 0 when walked to its end or to its fault (reported
 * to the visitor), 1 when the visitor stopped, -1 after an I/O or memory error was
 * reported. */
int stream_walk(struct tool_reader *r, uint64_t available, const struct stream_visitor *v);

/* Calls fn for each packet of a piece (its framing is sound) until fn returns non-zero;
 * returns that value, or 0. */
int stream_piece_each(const struct aerocmd_stream *piece,
                      int (*fn)(void *ctx, struct aerocmd_packet *packet), void *ctx);

/* Little-endian u32 of input bytes. */
static inline uint32_t tool_load_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The whole-stream offset of a piece offset (>= STREAM_HEADER_BYTES). */
static inline uint32_t stream_offset(uint32_t first_offset, uint32_t piece_offset)
{
    return first_offset + (piece_offset - STREAM_HEADER_BYTES);
}

#endif
