/* SPDX-License-Identifier: MIT */
/* Walking a command stream piece by piece (see stream_walk.h). */
#include "stream_walk.h"

#include <stdio.h>
#include <string.h>

#include "tool_alloc.h"

#define READ_BUFFER_BYTES   ((size_t)1 << 20)
#define PACKET_HEADER_BYTES ((uint32_t)sizeof(struct aerogpu_cmd_hdr))
#define HEADER_SIZE_FIELD   8u

static void store_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

int tool_reader_init(struct tool_reader *r, struct tool_file *file)
{
    memset(r, 0, sizeof(*r));
    r->file = file;
    r->cap = STREAM_HEADER_BYTES + READ_BUFFER_BYTES;
    r->buf = tool_alloc(SITE_READ_BUFFER, r->cap);
    if (!r->buf) {
        tool_report_out_of_memory(file->path, SITE_READ_BUFFER, r->cap);
        return -1;
    }
    tool_reader_seek(r, 0, TOOL_SIZE_UNKNOWN);
    return 0;
}

void tool_reader_release(struct tool_reader *r)
{
    tool_free(r->buf, r->cap);
    r->buf = NULL;
}

void tool_reader_seek(struct tool_reader *r, uint64_t offset, uint64_t len)
{
    r->pos = r->len = STREAM_HEADER_BYTES;
    r->next = offset;
    r->end =
        len == TOOL_SIZE_UNKNOWN || len > UINT64_MAX - offset ? TOOL_SIZE_UNKNOWN : offset + len;
    r->consumed = 0;
}

/* Room for `want` unread bytes after the header room: unread data moved to the front,
 * the buffer grown when even that is too small. */
static int make_room(struct tool_reader *r, size_t want)
{
    size_t unread = r->len - r->pos, cap;
    uint8_t *bigger;
    if (r->pos > STREAM_HEADER_BYTES) {
        memmove(r->buf + STREAM_HEADER_BYTES, r->buf + r->pos, unread);
        r->pos = STREAM_HEADER_BYTES;
        r->len = STREAM_HEADER_BYTES + unread;
    }
    if (r->cap - STREAM_HEADER_BYTES >= want)
        return 0;
    cap = STREAM_HEADER_BYTES + want;
    bigger = tool_realloc(SITE_READ_BUFFER, r->buf, r->cap, cap);
    if (!bigger) {
        tool_report_out_of_memory(r->file->path, SITE_READ_BUFFER, cap);
        return -1;
    }
    r->buf = bigger;
    r->cap = cap;
    return 0;
}

long long tool_reader_fill(struct tool_reader *r, size_t want)
{
    while (r->len - r->pos < want) {
        uint64_t left = r->end == TOOL_SIZE_UNKNOWN ? UINT64_MAX
                        : r->next < r->end          ? r->end - r->next
                                                    : 0;
        size_t room;
        long long got;
        if (left == 0)
            break;
        if (r->cap - r->len < want - (r->len - r->pos) && make_room(r, want) != 0)
            return -1;
        room = r->cap - r->len;
        if ((uint64_t)room > left)
            room = (size_t)left;
        got = tool_file_read(r->file, r->next, r->buf + r->len, room);
        if (got < 0)
            return -1;
        if (got == 0)
            break;
        r->len += (size_t)got;
        r->next += (uint64_t)got;
        if (r->progress)
            tool_progress_update(r->progress, r->next);
    }
    return (long long)(r->len - r->pos);
}

static void consume(struct tool_reader *r, size_t n)
{
    r->pos += n;
    r->consumed += n;
}

static void fault_at(const struct stream_visitor *v, aerocmd_reason reason, uint32_t offset,
                     uint32_t opcode)
{
    struct aerocmd_diag diag;
    diag.reason = reason;
    diag.offset = offset;
    diag.opcode = opcode;
    v->fault(v->ctx, &diag);
}

/* The header's checks, all made by aerocmd_stream_open: first over the 24 bytes alone (so
 * a size_bytes past them stops it at STREAM_SIZE_PAST_BUFFER after every earlier rule),
 * then size_bytes against what is available, then the later rules with size_bytes set to
 * the header alone. */
static int open_header(const uint8_t *hdr, uint64_t available, struct aerocmd_stream *stream,
                       struct aerocmd_diag *diag)
{
    uint8_t alone[STREAM_HEADER_BYTES];
    uint32_t size_bytes = tool_load_u32(hdr + HEADER_SIZE_FIELD);
    if (aerocmd_stream_open(stream, hdr, STREAM_HEADER_BYTES, diag) == AEROCMD_OK)
        return 1;
    if (diag->reason != AEROCMD_R_STREAM_SIZE_PAST_BUFFER)
        return 0;
    if (available != TOOL_SIZE_UNKNOWN && size_bytes > available)
        return 0;
    memcpy(alone, hdr, sizeof(alone));
    store_u32(alone + HEADER_SIZE_FIELD, STREAM_HEADER_BYTES);
    if (aerocmd_stream_open(stream, alone, sizeof(alone), diag) != AEROCMD_OK)
        return 0;
    stream->bytes = hdr;
    stream->size_bytes = size_bytes;
    return 1;
}

/* A piece over buf[at, at + len): its header is written into the room before it. */
static void open_piece(struct tool_reader *r, size_t at, uint32_t len, uint32_t abi,
                       struct aerocmd_stream *piece)
{
    uint8_t *h = r->buf + at - STREAM_HEADER_BYTES;
    struct aerocmd_diag ignored;
    memset(h, 0, STREAM_HEADER_BYTES);
    store_u32(h, AEROGPU_CMD_STREAM_MAGIC);
    store_u32(h + 4, abi);
    store_u32(h + HEADER_SIZE_FIELD, STREAM_HEADER_BYTES + len);
    (void)aerocmd_stream_open(piece, h, STREAM_HEADER_BYTES + (size_t)len, &ignored);
}

/* The framing fault at the start of the unread data, as the cursor names it: a piece of
 * just the (at most 8) bytes of the broken packet header. */
static void framing_fault(struct tool_reader *r, uint32_t abi, uint32_t left, uint32_t offset,
                          const struct stream_visitor *v)
{
    struct aerocmd_stream piece;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag diag;
    uint32_t len = left < PACKET_HEADER_BYTES ? left : PACKET_HEADER_BYTES;
    memset(&diag, 0, sizeof(diag));
    open_piece(r, r->pos, len, abi, &piece);
    aerocmd_cursor_init(&cursor, &piece);
    if (aerocmd_cursor_next(&cursor, &packet, &diag) >= 0 || diag.reason == AEROCMD_R_NONE)
        diag.reason = AEROCMD_R_PACKET_PAST_END;
    diag.offset = stream_offset(offset, diag.offset);
    v->fault(v->ctx, &diag);
}

/* Bytes of whole, well-framed packets buffered from r->pos on (at most `left`); stops at
 * the first packet that is not buffered whole or whose framing is broken. */
static uint32_t buffered_run(const struct tool_reader *r, uint32_t left)
{
    const uint8_t *at = r->buf + r->pos;
    size_t have = r->len - r->pos;
    uint32_t run = 0;
    while (run < left && have - run >= PACKET_HEADER_BYTES) {
        uint32_t size = tool_load_u32(at + run + 4);
        if (size < PACKET_HEADER_BYTES || size % 4u != 0 || size > left - run || size > have - run)
            break;
        run += size;
    }
    return run;
}

/* The size the next packet needs buffered: its declared size when its framing is sound,
 * else 0 (a framing fault). */
static uint32_t next_packet_need(const struct tool_reader *r, uint32_t left)
{
    uint32_t size;
    if (left < PACKET_HEADER_BYTES)
        return 0;
    size = tool_load_u32(r->buf + r->pos + 4);
    if (size < PACKET_HEADER_BYTES || size % 4u != 0 || size > left)
        return 0;
    return size;
}

/* 1 when `want` unread bytes are buffered, 0 when the input ends first (reported: the
 * stream is shorter than its header says), -1 after an error was reported. */
static int buffered(struct tool_reader *r, size_t want, const struct stream_visitor *v)
{
    long long have = tool_reader_fill(r, want);
    if (have < 0)
        return -1;
    if (have >= (long long)want)
        return 1;
    fault_at(v, AEROCMD_R_STREAM_SIZE_PAST_BUFFER, 0, 0);
    return 0;
}

static int walk_packets(struct tool_reader *r, const struct aerocmd_stream *stream,
                        const struct stream_visitor *v)
{
    uint32_t offset = STREAM_HEADER_BYTES, left = stream->size_bytes - STREAM_HEADER_BYTES;
    while (left > 0) {
        struct aerocmd_stream piece;
        uint32_t run, need;
        int ok = buffered(r, left < PACKET_HEADER_BYTES ? left : PACKET_HEADER_BYTES, v);
        if (ok <= 0)
            return ok;
        need = next_packet_need(r, left);
        if (need == 0) {
            framing_fault(r, stream->abi_version, left, offset, v);
            return 0;
        }
        ok = buffered(r, need, v);
        if (ok <= 0)
            return ok;
        run = buffered_run(r, left);
        open_piece(r, r->pos, run, stream->abi_version, &piece);
        if (v->piece(v->ctx, &piece, offset) != 0)
            return 1;
        consume(r, run);
        offset += run;
        left -= run;
    }
    return 0;
}

int stream_piece_each(const struct aerocmd_stream *piece,
                      int (*fn)(void *ctx, struct aerocmd_packet *packet), void *ctx)
{
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag ignored;
    int rc = 0;
    aerocmd_cursor_init(&cursor, piece);
    while (rc == 0 && aerocmd_cursor_next(&cursor, &packet, &ignored) == 1)
        rc = fn(ctx, &packet);
    return rc;
}

int stream_walk(struct tool_reader *r, uint64_t available, const struct stream_visitor *v)
{
    uint8_t hdr[STREAM_HEADER_BYTES];
    struct aerocmd_stream stream;
    struct aerocmd_diag diag;
    long long have = tool_reader_fill(r, STREAM_HEADER_BYTES);
    if (have < 0)
        return -1;
    memset(&diag, 0, sizeof(diag));
    if (have < (long long)STREAM_HEADER_BYTES) {
        (void)aerocmd_stream_open(&stream, r->buf + r->pos, (size_t)have, &diag);
        v->fault(v->ctx, &diag);
        return 0;
    }
    memcpy(hdr, r->buf + r->pos, sizeof(hdr));
    if (!open_header(hdr, available, &stream, &diag)) {
        v->fault(v->ctx, &diag);
        return 0;
    }
    v->header(v->ctx, &stream);
    consume(r, STREAM_HEADER_BYTES);
    return walk_packets(r, &stream, v);
}
