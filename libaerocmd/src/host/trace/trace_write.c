/* SPDX-License-Identifier: MIT */
/* Writing a version 2 container in the shape the emulator's own recorder produces: one
 * frame whose every submission is its command-stream blob, its allocation-table blob and
 * guest-memory blobs, then the submission record that names them. Everything is written
 * through a sink one submission at a time (aerocmd_trace_out_*); the whole-file entry
 * points size the file first, so that it is one allocation, and write into it through a
 * memory sink. Plain streams are submissions without tables or memory. */
#include <string.h>

#include "aerogpu_cmd.h"
#include "aerogpu_ring.h"
#include "aerocmd/submission.h"
#include "trace_internal.h"

#define META_PREFIX    "{\"emulator_version\":\""
#define META_MIDDLE    "\",\"command_abi_version\":"
#define META_SUFFIX    "}"
#define U32_DIGITS_MAX 10u

#define FRAME_RECORD_BYTES (AEROCMD_TRACE_RECORD_HEADER_BYTES + 4u)
#define SUBMISSION_RECORD_BYTES                                                                    \
    (AEROCMD_TRACE_RECORD_HEADER_BYTES + AEROCMD_TRACE_SUBMISSION_HEADER_BYTES)
#define TOC_ONE_FRAME_BYTES (TRACE_TOC_HEADER_BYTES + TRACE_TOC_FRAME_BYTES)

/* The writer's output: small fields gather in `stage`, payloads larger than it go to the
 * sink directly. The first refusal of the sink sticks: nothing more is written. */
static void flush(struct aerocmd_trace_out *out)
{
    if (out->staged != 0 && out->status == AEROCMD_OK)
        out->status = out->sink->write(out->sink->user, out->stage, out->staged);
    out->staged = 0;
}

static void put_bytes(struct aerocmd_trace_out *out, const void *bytes, size_t len)
{
    out->pos += len;
    if (len > sizeof(out->stage) - out->staged) {
        flush(out);
        if (len > sizeof(out->stage)) {
            if (out->status == AEROCMD_OK)
                out->status = out->sink->write(out->sink->user, bytes, len);
            return;
        }
    }
    if (len != 0)
        memcpy(out->stage + out->staged, bytes, len);
    out->staged += len;
}

static void put_u8(struct aerocmd_trace_out *out, uint32_t v)
{
    uint8_t byte = (uint8_t)v;
    put_bytes(out, &byte, 1);
}

static void put_u32(struct aerocmd_trace_out *out, uint32_t v)
{
    uint8_t b[4];
    b[0] = (uint8_t)(v & 0xffu);
    b[1] = (uint8_t)((v >> 8) & 0xffu);
    b[2] = (uint8_t)((v >> 16) & 0xffu);
    b[3] = (uint8_t)(v >> 24);
    put_bytes(out, b, sizeof b);
}

static void put_u64(struct aerocmd_trace_out *out, uint64_t v)
{
    put_u32(out, (uint32_t)(v & 0xffffffffu));
    put_u32(out, (uint32_t)(v >> 32));
}

static void put_record_header(struct aerocmd_trace_out *out, uint32_t type, uint32_t payload_len)
{
    put_u8(out, type);
    put_u8(out, 0);
    put_u8(out, 0);
    put_u8(out, 0);
    put_u32(out, payload_len);
}

/* Bytes of `text` once escaped as the body of a JSON string; SIZE_MAX if that overflows. */
static size_t json_escaped_len(const char *text)
{
    size_t len = 0;
    for (; *text; text++) {
        unsigned char ch = (unsigned char)*text;
        size_t add = ch == '"' || ch == '\\' ? 2u : ch < 0x20 ? 6u : 1u;
        if (len > (size_t)-1 - 1 - add)
            return (size_t)-1;
        len += add;
    }
    return len;
}

static void put_json_escaped(struct aerocmd_trace_out *out, const char *text)
{
    static const char hex[] = "0123456789abcdef";
    for (; *text; text++) {
        unsigned char ch = (unsigned char)*text;
        if (ch == '"' || ch == '\\') {
            put_u8(out, '\\');
            put_u8(out, ch);
        } else if (ch < 0x20) {
            put_bytes(out, "\\u00", 4);
            put_u8(out, (uint32_t)hex[ch >> 4]);
            put_u8(out, (uint32_t)hex[ch & 0xfu]);
        } else {
            put_u8(out, ch);
        }
    }
}

/* Decimal digits of v into buf (no terminator); returns their count. */
static size_t format_u32(uint32_t v, char buf[U32_DIGITS_MAX])
{
    char reversed[U32_DIGITS_MAX];
    size_t n = 0, i;
    do {
        reversed[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v != 0);
    for (i = 0; i < n; i++)
        buf[i] = reversed[n - 1 - i];
    return n;
}

/* Walks packet headers up to the stream's size_bytes, stopping at the first that does not
 * frame properly: the validator, not the writer, judges the stream. */
static int stream_presents(const struct aerocmd_trace_submission_in *sub)
{
    const uint8_t *b = sub->cmd_stream;
    uint32_t end = trace_get_u32(b + 8);
    uint32_t at = (uint32_t)sizeof(struct aerogpu_cmd_stream_header);
    if (end > sub->cmd_stream_len)
        end = sub->cmd_stream_len;
    while (end > at && end - at >= sizeof(struct aerogpu_cmd_hdr)) {
        uint32_t opcode = trace_get_u32(b + at);
        uint32_t size = trace_get_u32(b + at + 4);
        if (size < sizeof(struct aerogpu_cmd_hdr) || size % 4u != 0 || size > end - at)
            return 0;
        if (opcode == AEROGPU_CMD_PRESENT || opcode == AEROGPU_CMD_PRESENT_EX)
            return 1;
        at += size;
    }
    return 0;
}

#define BLOB_DATA_MAX (UINT32_MAX - AEROCMD_TRACE_BLOB_HEADER_BYTES)
#define RANGE_COUNT_MAX                                                                            \
    ((UINT32_MAX - AEROCMD_TRACE_SUBMISSION_HEADER_BYTES) / AEROCMD_TRACE_MEMORY_RANGE_BYTES)

static int stream_acceptable(const struct aerocmd_trace_submission_in *sub)
{
    return sub->cmd_stream && sub->cmd_stream_len >= sizeof(struct aerogpu_cmd_stream_header) &&
           sub->cmd_stream_len <= BLOB_DATA_MAX &&
           trace_get_u32(sub->cmd_stream) == AEROGPU_CMD_STREAM_MAGIC;
}

/* A range inside its allocation's table entry (when there is a table). */
static int range_acceptable(const struct aerocmd_trace_range_in *range,
                            const struct aerocmd_alloc_table_view *table)
{
    struct aerogpu_alloc_entry entry;
    if (range->alloc_id == 0 || range->size_bytes > BLOB_DATA_MAX ||
        range->size_bytes > UINT64_MAX - range->gpa || (!range->bytes && range->size_bytes))
        return 0;
    if (!table)
        return 1;
    return aerocmd_alloc_table_find(table, range->alloc_id, &entry) && range->gpa >= entry.gpa &&
           range->gpa - entry.gpa <= entry.size_bytes &&
           range->size_bytes <= entry.size_bytes - (range->gpa - entry.gpa);
}

static int submission_acceptable(const struct aerocmd_trace_submission_in *sub)
{
    struct aerocmd_alloc_table_view view;
    struct aerocmd_diag diag;
    uint32_t i;
    if (!stream_acceptable(sub) || sub->range_count > RANGE_COUNT_MAX ||
        (sub->range_count && !sub->ranges))
        return 0;
    if (!sub->alloc_table) {
        if (sub->alloc_table_len != 0)
            return 0;
    } else if (sub->alloc_table_len > BLOB_DATA_MAX ||
               aerocmd_alloc_table_open(&view, sub->alloc_table, sub->alloc_table_len, &diag) !=
                   AEROCMD_OK ||
               view.size_bytes != sub->alloc_table_len) {
        return 0;
    }
    for (i = 0; i < sub->range_count; i++)
        if (!range_acceptable(&sub->ranges[i], sub->alloc_table ? &view : NULL))
            return 0;
    return 1;
}

/* Bytes of one submission's records: blobs, then the submission record. */
static uint64_t submission_bytes(const struct aerocmd_trace_submission_in *sub)
{
    const uint64_t blob_overhead =
        AEROCMD_TRACE_RECORD_HEADER_BYTES + AEROCMD_TRACE_BLOB_HEADER_BYTES;
    uint64_t bytes = blob_overhead + sub->cmd_stream_len + SUBMISSION_RECORD_BYTES +
                     (uint64_t)sub->range_count * AEROCMD_TRACE_MEMORY_RANGE_BYTES;
    uint32_t i;
    if (sub->alloc_table)
        bytes += blob_overhead + sub->alloc_table_len;
    for (i = 0; i < sub->range_count; i++)
        bytes += blob_overhead + sub->ranges[i].size_bytes; /* each < 2^32: no overflow */
    return bytes;
}

/* Bytes of the metadata JSON for `abi`; UINT64_MAX when emulator_version escapes to more
 * than a size_t holds. */
static uint64_t meta_bytes(const char *emulator_version, uint32_t abi, char *digits,
                           size_t *digits_len)
{
    size_t escaped = json_escaped_len(emulator_version);
    *digits_len = format_u32(abi, digits);
    if (escaped == (size_t)-1)
        return UINT64_MAX;
    return sizeof(META_PREFIX) - 1 + (uint64_t)escaped + sizeof(META_MIDDLE) - 1 + *digits_len +
           sizeof(META_SUFFIX) - 1;
}

/* The header, the metadata and the frame's start: written with the first submission
 * (whose command_abi_version the header takes), or at the end when there is none. The
 * metadata's length was checked by aerocmd_trace_out_begin. */
static void put_start(struct aerocmd_trace_out *out, uint32_t abi)
{
    char digits[U32_DIGITS_MAX];
    size_t digits_len;
    uint64_t meta_len = meta_bytes(out->emulator_version, abi, digits, &digits_len);
    put_bytes(out, TRACE_HEADER_MAGIC, TRACE_MAGIC_BYTES);
    put_u32(out, AEROCMD_TRACE_HEADER_BYTES);
    put_u32(out, AEROCMD_TRACE_CONTAINER_VERSION);
    put_u32(out, abi);
    put_u32(out, 0);
    put_u32(out, (uint32_t)meta_len);
    put_u32(out, 0);
    put_bytes(out, META_PREFIX, sizeof(META_PREFIX) - 1);
    put_json_escaped(out, out->emulator_version);
    put_bytes(out, META_MIDDLE, sizeof(META_MIDDLE) - 1);
    put_bytes(out, digits, digits_len);
    put_bytes(out, META_SUFFIX, sizeof(META_SUFFIX) - 1);
    out->frame_start = out->pos;
    put_record_header(out, AEROCMD_TRACE_REC_BEGIN_FRAME, 4);
    put_u32(out, 0);
}

static void put_blob(struct aerocmd_trace_out *out, uint64_t blob_id, uint32_t kind,
                     const void *bytes, uint32_t len)
{
    put_record_header(out, AEROCMD_TRACE_REC_BLOB, AEROCMD_TRACE_BLOB_HEADER_BYTES + len);
    put_u64(out, blob_id);
    put_u32(out, kind);
    put_u32(out, 0);
    put_bytes(out, bytes, len);
}

/* Submission n (1-based); its blobs take the ids from *next_blob_id on. */
static void put_submission(struct aerocmd_trace_out *out,
                           const struct aerocmd_trace_submission_in *sub, uint32_t n,
                           uint64_t *next_blob_id)
{
    uint64_t cmd_id = (*next_blob_id)++, table_id = 0, range_id;
    uint32_t i, flags = sub->submit_flags;
    put_blob(out, cmd_id, AEROCMD_TRACE_BLOB_CMD_STREAM, sub->cmd_stream, sub->cmd_stream_len);
    if (sub->alloc_table) {
        table_id = (*next_blob_id)++;
        put_blob(out, table_id, AEROCMD_TRACE_BLOB_ALLOC_TABLE, sub->alloc_table,
                 sub->alloc_table_len);
    }
    range_id = *next_blob_id;
    for (i = 0; i < sub->range_count; i++)
        put_blob(out, (*next_blob_id)++, AEROCMD_TRACE_BLOB_GUEST_MEMORY, sub->ranges[i].bytes,
                 (uint32_t)sub->ranges[i].size_bytes);
    if (stream_presents(sub))
        flags |= AEROGPU_SUBMIT_FLAG_PRESENT;
    put_record_header(out, AEROCMD_TRACE_REC_SUBMISSION,
                      AEROCMD_TRACE_SUBMISSION_HEADER_BYTES +
                          sub->range_count * AEROCMD_TRACE_MEMORY_RANGE_BYTES);
    put_u32(out, TRACE_SUBMISSION_RECORD_VERSION);
    put_u32(out, AEROCMD_TRACE_SUBMISSION_HEADER_BYTES);
    put_u32(out, flags);
    put_u32(out, sub->context_id);
    put_u32(out, sub->engine_id);
    put_u32(out, 0); /* reserved0 */
    put_u64(out, sub->signal_fence ? sub->signal_fence : n);
    put_u64(out, cmd_id);
    put_u64(out, table_id); /* 0: none */
    put_u32(out, sub->range_count);
    put_u32(out, 0); /* reserved1 */
    for (i = 0; i < sub->range_count; i++) {
        put_u32(out, sub->ranges[i].alloc_id);
        put_u32(out, sub->ranges[i].flags);
        put_u64(out, sub->ranges[i].gpa);
        put_u64(out, sub->ranges[i].size_bytes);
        put_u64(out, range_id + i);
    }
}

static void put_toc_and_footer(struct aerocmd_trace_out *out, uint64_t frame_start,
                               uint64_t present_offset)
{
    uint64_t toc_offset = out->pos;
    put_bytes(out, TRACE_TOC_MAGIC, TRACE_MAGIC_BYTES);
    put_u32(out, TRACE_TOC_VERSION);
    put_u32(out, 1); /* frame_count */
    put_u32(out, 0); /* frame_index */
    put_u32(out, 0); /* flags */
    put_u64(out, frame_start);
    put_u64(out, present_offset);
    put_u64(out, present_offset + FRAME_RECORD_BYTES);
    put_bytes(out, TRACE_FOOTER_MAGIC, TRACE_MAGIC_BYTES);
    put_u32(out, AEROCMD_TRACE_FOOTER_BYTES);
    put_u32(out, AEROCMD_TRACE_CONTAINER_VERSION);
    put_u64(out, toc_offset);
    put_u64(out, TOC_ONE_FRAME_BYTES);
}

/* ---- one submission at a time ------------------------------------------------------------ */

aerocmd_result aerocmd_trace_out_begin(struct aerocmd_trace_out *out,
                                       const struct aerocmd_trace_sink *sink,
                                       const char *emulator_version)
{
    char digits[U32_DIGITS_MAX];
    size_t digits_len;
    if (!out)
        return AEROCMD_E_INVALID_ARG;
    memset(out, 0, sizeof(*out));
    out->status = AEROCMD_E_INVALID_ARG;
    if (!sink || !sink->write || !emulator_version ||
        meta_bytes(emulator_version, UINT32_MAX, digits, &digits_len) > UINT32_MAX)
        return AEROCMD_E_INVALID_ARG;
    out->sink = sink;
    out->emulator_version = emulator_version;
    out->next_blob_id = 1;
    out->status = AEROCMD_OK;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_trace_out_submission(struct aerocmd_trace_out *out,
                                            const struct aerocmd_trace_submission_in *sub)
{
    if (!out || out->status != AEROCMD_OK)
        return out ? out->status : AEROCMD_E_INVALID_ARG;
    if (!sub || !submission_acceptable(sub) || out->submissions == UINT32_MAX)
        return AEROCMD_E_INVALID_ARG;
    if (out->submissions == 0)
        put_start(out, trace_get_u32((const uint8_t *)sub->cmd_stream + 4));
    out->submissions++;
    put_submission(out, sub, out->submissions, &out->next_blob_id);
    return out->status;
}

aerocmd_result aerocmd_trace_out_end(struct aerocmd_trace_out *out)
{
    uint64_t present_offset;
    aerocmd_result result;
    if (!out || out->status != AEROCMD_OK)
        return out ? out->status : AEROCMD_E_INVALID_ARG;
    if (out->submissions == 0)
        put_start(out, AEROGPU_ABI_VERSION_U32);
    present_offset = out->pos;
    put_record_header(out, AEROCMD_TRACE_REC_PRESENT, 4);
    put_u32(out, 0);
    put_toc_and_footer(out, out->frame_start, present_offset);
    flush(out);
    result = out->status;
    if (result == AEROCMD_OK)
        out->status = AEROCMD_E_INVALID_ARG; /* the container is closed */
    return result;
}

/* ---- the whole file in memory -------------------------------------------------------------- */

/* The caller's submissions, or its plain streams seen as submissions. */
struct write_input {
    const struct aerocmd_trace_stream_in *streams;
    const struct aerocmd_trace_submission_in *submissions;
    uint32_t count;
};

static void input_at(const struct write_input *in, uint32_t i,
                     struct aerocmd_trace_submission_in *out)
{
    if (in->submissions) {
        *out = in->submissions[i];
        return;
    }
    memset(out, 0, sizeof(*out));
    out->cmd_stream = in->streams[i].bytes;
    out->cmd_stream_len = in->streams[i].len;
}

/* The file's size, known before it is allocated (AEROCMD_E_OUT_OF_MEMORY: more than a
 * size_t holds). */
static aerocmd_result plan_size(const struct write_input *in, const char *emulator_version,
                                size_t *size)
{
    struct aerocmd_trace_submission_in sub;
    char digits[U32_DIGITS_MAX];
    size_t digits_len;
    uint64_t total;
    uint32_t i, abi = AEROGPU_ABI_VERSION_U32;
    if (in->count) {
        input_at(in, 0, &sub);
        abi = trace_get_u32((const uint8_t *)sub.cmd_stream + 4);
    }
    total = AEROCMD_TRACE_HEADER_BYTES + meta_bytes(emulator_version, abi, digits, &digits_len) +
            2u * FRAME_RECORD_BYTES + TOC_ONE_FRAME_BYTES + AEROCMD_TRACE_FOOTER_BYTES;
    for (i = 0; i < in->count; i++) {
        uint64_t add;
        input_at(in, i, &sub);
        add = submission_bytes(&sub);
        if (add > UINT64_MAX - total)
            return AEROCMD_E_OUT_OF_MEMORY;
        total += add;
    }
#if SIZE_MAX < UINT64_MAX
    if (total > SIZE_MAX)
        return AEROCMD_E_OUT_OF_MEMORY;
#endif
    *size = (size_t)total;
    return AEROCMD_OK;
}

/* Every submission is checked before anything is allocated. */
static aerocmd_result check_arguments(const struct aerocmd_allocator *alloc,
                                      const struct write_input *in, const char *emulator_version,
                                      uint8_t **out, size_t *out_len)
{
    struct aerocmd_trace_submission_in sub;
    char digits[U32_DIGITS_MAX];
    size_t digits_len;
    uint32_t i;
    if (!alloc || !alloc->resize || !alloc->release || !emulator_version || !out || !out_len ||
        (in->count && !in->streams && !in->submissions) ||
        meta_bytes(emulator_version, UINT32_MAX, digits, &digits_len) > UINT32_MAX)
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < in->count; i++) {
        input_at(in, i, &sub);
        if (!submission_acceptable(&sub))
            return AEROCMD_E_INVALID_ARG;
    }
    return AEROCMD_OK;
}

/* The sink of the whole-file writer: the planned allocation, filled in order. */
struct memory_sink {
    uint8_t *bytes;
    size_t len;
    size_t cap;
};

static aerocmd_result memory_write(void *user, const void *bytes, size_t len)
{
    struct memory_sink *m = user;
    if (len > m->cap - m->len)
        return AEROCMD_E_INVALID_ARG; /* not reached: the size was planned */
    memcpy(m->bytes + m->len, bytes, len);
    m->len += len;
    return AEROCMD_OK;
}

static aerocmd_result write_container(const struct aerocmd_allocator *alloc,
                                      const struct write_input *in, const char *emulator_version,
                                      uint8_t **out, size_t *out_len)
{
    struct aerocmd_trace_submission_in sub;
    struct memory_sink memory = {NULL, 0, 0};
    const struct aerocmd_trace_sink sink = {&memory, memory_write};
    struct aerocmd_trace_out writer;
    uint32_t i;
    aerocmd_result result = check_arguments(alloc, in, emulator_version, out, out_len);
    if (result == AEROCMD_OK)
        result = plan_size(in, emulator_version, &memory.cap);
    if (result != AEROCMD_OK)
        return result;
    memory.bytes = alloc->resize(alloc->user, NULL, 0, memory.cap);
    if (!memory.bytes)
        return AEROCMD_E_OUT_OF_MEMORY;
    result = aerocmd_trace_out_begin(&writer, &sink, emulator_version);
    for (i = 0; result == AEROCMD_OK && i < in->count; i++) {
        input_at(in, i, &sub);
        result = aerocmd_trace_out_submission(&writer, &sub);
    }
    if (result == AEROCMD_OK)
        result = aerocmd_trace_out_end(&writer);
    if (result != AEROCMD_OK || memory.len != memory.cap) {
        alloc->release(alloc->user, memory.bytes, memory.cap);
        return result != AEROCMD_OK ? result : AEROCMD_E_INVALID_ARG;
    }
    *out = memory.bytes;
    *out_len = memory.len;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_trace_write(const struct aerocmd_allocator *alloc,
                                   const struct aerocmd_trace_stream_in *streams, uint32_t count,
                                   const char *emulator_version, uint8_t **out, size_t *out_len)
{
    struct write_input in;
    in.streams = streams;
    in.submissions = NULL;
    in.count = count;
    return write_container(alloc, &in, emulator_version, out, out_len);
}

aerocmd_result aerocmd_trace_write_ex(const struct aerocmd_allocator *alloc,
                                      const struct aerocmd_trace_submission_in *submissions,
                                      uint32_t count, const char *emulator_version, uint8_t **out,
                                      size_t *out_len)
{
    struct write_input in;
    in.streams = NULL;
    in.submissions = submissions;
    in.count = count;
    return write_container(alloc, &in, emulator_version, out, out_len);
}
