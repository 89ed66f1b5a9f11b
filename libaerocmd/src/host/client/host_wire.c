/* SPDX-License-Identifier: MIT */
/* host_wire.c — encoding and checking the live host's messages (doc/host-protocol.md). */
#include <string.h>

#include "../../core/common/sort_u64.h"
#include "host_wire.h"

const char *aerocmd_priv_host_fault_text(uint32_t fault)
{
    static const char *const text[HOST_FAULT_COUNT_] = {
        "no fault",
        "the header's magic is not AHST",
        "the header's protocol version is not 1",
        "a reserved field or flag is not 0",
        "a message type this side does not accept",
        "the body is longer than its type allows",
        "the body is shorter than its fixed part",
        "lengths and counts do not add up to the body",
        "padding bytes are not 0",
        "more memory records than the protocol allows",
        "a field is out of its range",
        "an allocation is sent twice in one submission",
    };
    return fault < HOST_FAULT_COUNT_ ? text[fault] : "unknown fault";
}

static aerocmd_result fail(struct host_wire_diag *diag, uint32_t fault, uint64_t offset)
{
    if (diag != NULL) {
        diag->fault = fault;
        diag->offset = offset > UINT32_MAX ? UINT32_MAX : (uint32_t)offset;
    }
    return AEROCMD_E_MALFORMED;
}

static aerocmd_result ok(struct host_wire_diag *diag)
{
    if (diag != NULL)
        diag->fault = HOST_FAULT_NONE, diag->offset = 0;
    return AEROCMD_OK;
}

/* Offset of the first non-zero byte of [from, to), or -1 when all are zero. */
static long long nonzero_at(const uint8_t *p, size_t from, size_t to)
{
    size_t i;
    for (i = from; i < to; i++)
        if (p[i] != 0)
            return (long long)i;
    return -1;
}

/* ---- header ------------------------------------------------------------------------------ */

void aerocmd_priv_host_header_write(uint8_t out[HOST_WIRE_HEADER_BYTES], uint32_t type,
                                    uint32_t body_len)
{
    host_put_u32(out, HOST_WIRE_MAGIC);
    host_put_u16(out + 4, type);
    host_put_u16(out + 6, HOST_WIRE_VERSION);
    host_put_u32(out + 8, body_len);
    host_put_u32(out + 12, 0);
}

aerocmd_result aerocmd_priv_host_header_parse(const uint8_t in[HOST_WIRE_HEADER_BYTES],
                                              uint64_t variable_limit, struct host_wire_header *out,
                                              struct host_wire_diag *diag)
{
    uint32_t type = host_get_u16(in + 4), body_len = host_get_u32(in + 8);
    uint64_t limit = HOST_WIRE_CONTROL_MAX;
    if (host_get_u32(in) != HOST_WIRE_MAGIC)
        return fail(diag, HOST_FAULT_MAGIC, 0);
    if (host_get_u16(in + 6) != HOST_WIRE_VERSION)
        return fail(diag, HOST_FAULT_VERSION, 6);
    if (host_get_u32(in + 12) != 0)
        return fail(diag, HOST_FAULT_RESERVED, 12);
    if (type < HOST_MSG_HELLO || type > HOST_MSG_LAST)
        return fail(diag, HOST_FAULT_TYPE, 4);
    if (type == HOST_MSG_SUBMIT || type == HOST_MSG_COMPLETE || type == HOST_MSG_PICTURE)
        limit = variable_limit;
    if (body_len > limit)
        return fail(diag, HOST_FAULT_TOO_LONG, 8);
    out->type = type;
    out->body_len = body_len;
    return ok(diag);
}

/* ---- handshake ---------------------------------------------------------------------------- */

void aerocmd_priv_host_hello_write(uint8_t out[HOST_WIRE_HELLO_BYTES], uint32_t abi_version)
{
    memset(out, 0, HOST_WIRE_HELLO_BYTES);
    host_put_u32(out, abi_version);
}

aerocmd_result aerocmd_priv_host_hello_parse(const uint8_t *body, size_t len, uint32_t *abi_version,
                                             struct host_wire_diag *diag)
{
    long long at;
    if (len < HOST_WIRE_HELLO_BYTES)
        return fail(diag, HOST_FAULT_SHORT, len);
    if ((at = nonzero_at(body, 4, HOST_WIRE_HELLO_BYTES)) >= 0)
        return fail(diag, HOST_FAULT_RESERVED, (uint64_t)at);
    *abi_version = host_get_u32(body);
    return ok(diag);
}

void aerocmd_priv_host_welcome_write(uint8_t out[HOST_WIRE_WELCOME_BYTES],
                                     const struct host_wire_welcome *w)
{
    memset(out, 0, HOST_WIRE_WELCOME_BYTES);
    host_put_u32(out, w->abi_version);
    host_put_u32(out + 4, w->client_id);
    host_put_u64(out + 8, w->max_message_bytes);
    host_put_u64(out + 16, w->max_memory_bytes);
    host_put_u64(out + 24, w->max_work);
    host_put_u32(out + 32, w->deadline_ms);
    host_put_u32(out + 36, w->io_timeout_ms);
}

aerocmd_result aerocmd_priv_host_welcome_parse(const uint8_t *body, size_t len,
                                               struct host_wire_welcome *out,
                                               struct host_wire_diag *diag)
{
    if (len < HOST_WIRE_WELCOME_BYTES)
        return fail(diag, HOST_FAULT_SHORT, len);
    if (host_get_u64(body + 40) != 0)
        return fail(diag, HOST_FAULT_RESERVED, 40);
    out->abi_version = host_get_u32(body);
    out->client_id = host_get_u32(body + 4);
    out->max_message_bytes = host_get_u64(body + 8);
    out->max_memory_bytes = host_get_u64(body + 16);
    out->max_work = host_get_u64(body + 24);
    out->deadline_ms = host_get_u32(body + 32);
    out->io_timeout_ms = host_get_u32(body + 36);
    return ok(diag);
}

/* ---- SUBMIT ------------------------------------------------------------------------------- */

void aerocmd_priv_host_submit_write(uint8_t out[HOST_WIRE_SUBMIT_BYTES], uint64_t fence,
                                    uint32_t stream_len, uint32_t alloc_table_len,
                                    uint32_t memory_count, uint32_t context_id)
{
    host_put_u64(out, fence);
    host_put_u32(out + 8, stream_len);
    host_put_u32(out + 12, alloc_table_len);
    host_put_u32(out + 16, memory_count);
    host_put_u32(out + 20, context_id);
}

void aerocmd_priv_host_record_write(uint8_t out[HOST_WIRE_RECORD_BYTES], uint32_t alloc_id,
                                    uint32_t flags, uint64_t address, uint64_t size_bytes)
{
    host_put_u32(out, alloc_id);
    host_put_u32(out + 4, flags);
    host_put_u64(out + 8, address);
    host_put_u64(out + 16, size_bytes);
}

/* A piece of `n` bytes padded to 8 at *pos, inside len: advances *pos. `field` is where
 * its length is said (for the diagnostic). */
static aerocmd_result take_piece(const uint8_t *body, size_t len, size_t *pos, uint64_t n,
                                 uint32_t field, struct host_wire_diag *diag)
{
    long long at;
    if (n > len - *pos || host_pad8(n) > len - *pos)
        return fail(diag, HOST_FAULT_LAYOUT, field);
    if ((at = nonzero_at(body, *pos + (size_t)n, *pos + (size_t)host_pad8(n))) >= 0)
        return fail(diag, HOST_FAULT_PADDING, (uint64_t)at);
    *pos += (size_t)host_pad8(n);
    return AEROCMD_OK;
}

static void record_at(const uint8_t *p, struct host_wire_record *out)
{
    out->alloc_id = host_get_u32(p);
    out->flags = host_get_u32(p + 4);
    out->address = host_get_u64(p + 8);
    out->size_bytes = host_get_u64(p + 16);
    out->bytes = p + HOST_WIRE_RECORD_BYTES;
}

/* Every record's framing; its ids (with their index) into scratch. */
static aerocmd_result take_records(const uint8_t *body, size_t len, size_t pos, uint32_t count,
                                   uint64_t *scratch, struct host_wire_diag *diag)
{
    uint32_t i;
    for (i = 0; i < count; i++) {
        struct host_wire_record rec;
        size_t at = pos;
        aerocmd_result r;
        if (len - pos < HOST_WIRE_RECORD_BYTES)
            return fail(diag, HOST_FAULT_LAYOUT, pos);
        record_at(body + pos, &rec);
        if (rec.alloc_id == 0)
            return fail(diag, HOST_FAULT_FIELD, pos);
        pos += HOST_WIRE_RECORD_BYTES;
        r = take_piece(body, len, &pos, rec.size_bytes, (uint32_t)(at + 16), diag);
        if (r != AEROCMD_OK)
            return r;
        scratch[i] = (uint64_t)rec.alloc_id << 32 | i;
    }
    return pos == len ? AEROCMD_OK : fail(diag, HOST_FAULT_LAYOUT, pos);
}

/* Body offset of record `index` of a framed SUBMIT. */
static size_t record_offset(const struct host_wire_submit *s, const uint8_t *body, uint32_t index)
{
    size_t pos = 0;
    struct host_wire_record rec;
    uint32_t i;
    for (i = 0; i < index && aerocmd_priv_host_submit_next(s, &pos, &rec); i++)
        ;
    return (size_t)(s->records - body) + pos;
}

static aerocmd_result unique_ids(const struct host_wire_submit *s, const uint8_t *body,
                                 uint64_t *keys, struct host_wire_diag *diag)
{
    uint32_t i;
    aerocmd_priv_sort_u64(keys, s->memory_count);
    for (i = 1; i < s->memory_count; i++)
        if (keys[i] >> 32 == keys[i - 1] >> 32)
            return fail(diag, HOST_FAULT_DUPLICATE, record_offset(s, body, (uint32_t)keys[i]));
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_host_submit_parse(const uint8_t *body, size_t len, uint64_t *scratch,
                                              struct host_wire_submit *out,
                                              struct host_wire_diag *diag)
{
    size_t pos = HOST_WIRE_SUBMIT_BYTES;
    aerocmd_result r;
    if (len < HOST_WIRE_SUBMIT_BYTES)
        return fail(diag, HOST_FAULT_SHORT, len);
    memset(out, 0, sizeof(*out));
    out->fence = host_get_u64(body);
    out->stream_len = host_get_u32(body + 8);
    out->alloc_table_len = host_get_u32(body + 12);
    out->memory_count = host_get_u32(body + 16);
    out->context_id = host_get_u32(body + 20);
    if (out->fence == 0)
        return fail(diag, HOST_FAULT_FIELD, 0);
    if (out->memory_count > HOST_WIRE_MEMORY_MAX)
        return fail(diag, HOST_FAULT_COUNT, 16);
    out->stream = body + pos;
    if ((r = take_piece(body, len, &pos, out->stream_len, 8, diag)) != AEROCMD_OK)
        return r;
    out->alloc_table = out->alloc_table_len != 0 ? body + pos : NULL;
    if ((r = take_piece(body, len, &pos, out->alloc_table_len, 12, diag)) != AEROCMD_OK)
        return r;
    out->records = body + pos;
    out->records_len = len - pos;
    r = take_records(body, len, pos, out->memory_count, scratch, diag);
    if (r == AEROCMD_OK)
        r = unique_ids(out, body, scratch, diag);
    return r == AEROCMD_OK ? ok(diag) : r;
}

int aerocmd_priv_host_submit_next(const struct host_wire_submit *s, size_t *pos,
                                  struct host_wire_record *out)
{
    if (*pos >= s->records_len || s->records_len - *pos < HOST_WIRE_RECORD_BYTES)
        return 0;
    record_at(s->records + *pos, out);
    if (out->size_bytes > s->records_len - *pos - HOST_WIRE_RECORD_BYTES)
        return 0; /* not a parsed body */
    *pos += HOST_WIRE_RECORD_BYTES + (size_t)host_pad8(out->size_bytes);
    return 1;
}

/* ---- COMPLETE ----------------------------------------------------------------------------- */

void aerocmd_priv_host_complete_write(uint8_t out[HOST_WIRE_COMPLETE_BYTES],
                                      const struct host_wire_complete *c)
{
    host_put_u64(out, c->fence);
    host_put_u32(out + 8, c->range_count);
    host_put_u32(out + 12, c->present_count);
    host_put_u32(out + 16, c->first_present);
    host_put_u32(out + 20, 0);
}

aerocmd_result aerocmd_priv_host_complete_parse(const uint8_t in[HOST_WIRE_COMPLETE_BYTES],
                                                uint64_t body_len, struct host_wire_complete *out,
                                                struct host_wire_diag *diag)
{
    if (body_len < HOST_WIRE_COMPLETE_BYTES)
        return fail(diag, HOST_FAULT_SHORT, body_len);
    out->fence = host_get_u64(in);
    out->range_count = host_get_u32(in + 8);
    out->present_count = host_get_u32(in + 12);
    out->first_present = host_get_u32(in + 16);
    if (out->fence == 0)
        return fail(diag, HOST_FAULT_FIELD, 0);
    if ((out->present_count == 0) != (out->first_present == HOST_WIRE_NO_PRESENT))
        return fail(diag, HOST_FAULT_FIELD, 16);
    if (host_get_u32(in + 20) != 0)
        return fail(diag, HOST_FAULT_RESERVED, 20);
    if ((body_len - HOST_WIRE_COMPLETE_BYTES) / HOST_WIRE_RECORD_BYTES < out->range_count)
        return fail(diag, HOST_FAULT_LAYOUT, 8);
    if (out->range_count == 0 && body_len != HOST_WIRE_COMPLETE_BYTES)
        return fail(diag, HOST_FAULT_LAYOUT, HOST_WIRE_COMPLETE_BYTES);
    return ok(diag);
}

aerocmd_result aerocmd_priv_host_range_parse(const uint8_t in[HOST_WIRE_RECORD_BYTES], uint64_t at,
                                             uint64_t left, struct host_wire_record *out,
                                             struct host_wire_diag *diag)
{
    if (left < HOST_WIRE_RECORD_BYTES)
        return fail(diag, HOST_FAULT_LAYOUT, at);
    record_at(in, out);
    out->bytes = NULL;
    if (out->alloc_id == 0)
        return fail(diag, HOST_FAULT_FIELD, at);
    if (out->flags != 0)
        return fail(diag, HOST_FAULT_RESERVED, at + 4);
    left -= HOST_WIRE_RECORD_BYTES;
    if (out->size_bytes == 0 || out->size_bytes > left || host_pad8(out->size_bytes) > left)
        return fail(diag, HOST_FAULT_LAYOUT, at + 16);
    return ok(diag);
}

/* ---- ERROR -------------------------------------------------------------------------------- */

size_t aerocmd_priv_host_error_write(uint8_t *out, const struct host_wire_error *e)
{
    uint32_t n = e->text_len < HOST_WIRE_TEXT_MAX ? e->text_len : HOST_WIRE_TEXT_MAX;
    size_t len = HOST_WIRE_ERROR_BYTES + (size_t)host_pad8(n);
    memset(out, 0, len);
    host_put_u32(out, e->result);
    host_put_u32(out + 4, e->kind);
    host_put_u32(out + 8, e->reason);
    host_put_u32(out + 12, e->offset);
    host_put_u32(out + 16, e->opcode);
    host_put_u32(out + 20, e->flags);
    host_put_u64(out + 24, e->fence);
    host_put_u32(out + 32, e->submission);
    host_put_u32(out + 36, n);
    if (n != 0)
        memcpy(out + HOST_WIRE_ERROR_BYTES, e->text, n);
    return len;
}

aerocmd_result aerocmd_priv_host_error_parse(const uint8_t *body, size_t len,
                                             struct host_wire_error *out,
                                             struct host_wire_diag *diag)
{
    long long at;
    if (len < HOST_WIRE_ERROR_BYTES)
        return fail(diag, HOST_FAULT_SHORT, len);
    out->result = host_get_u32(body);
    out->kind = host_get_u32(body + 4);
    out->reason = host_get_u32(body + 8);
    out->offset = host_get_u32(body + 12);
    out->opcode = host_get_u32(body + 16);
    out->flags = host_get_u32(body + 20);
    out->fence = host_get_u64(body + 24);
    out->submission = host_get_u32(body + 32);
    out->text_len = host_get_u32(body + 36);
    out->text = (const char *)body + HOST_WIRE_ERROR_BYTES;
    if (out->result == 0 || out->result > AEROCMD_E_MALFORMED)
        return fail(diag, HOST_FAULT_FIELD, 0);
    if (out->kind == 0 || out->kind > 9)
        return fail(diag, HOST_FAULT_FIELD, 4);
    if ((out->flags & ~(HOST_WIRE_ERROR_IN_STREAM | HOST_WIRE_ERROR_CLOSING)) != 0)
        return fail(diag, HOST_FAULT_RESERVED, 20);
    if (out->text_len > HOST_WIRE_TEXT_MAX)
        return fail(diag, HOST_FAULT_FIELD, 36);
    if (len != HOST_WIRE_ERROR_BYTES + host_pad8(out->text_len))
        return fail(diag, HOST_FAULT_LAYOUT, 36);
    if ((at = nonzero_at(body, HOST_WIRE_ERROR_BYTES + out->text_len, len)) >= 0)
        return fail(diag, HOST_FAULT_PADDING, (uint64_t)at);
    return ok(diag);
}

/* ---- PICTURE ------------------------------------------------------------------------------ */

void aerocmd_priv_host_picture_write(uint8_t out[HOST_WIRE_PICTURE_BYTES],
                                     const struct host_wire_picture *p)
{
    host_put_u32(out, p->present);
    host_put_u32(out + 4, p->handle);
    host_put_u32(out + 8, p->format);
    host_put_u32(out + 12, p->width);
    host_put_u32(out + 16, p->height);
    host_put_u32(out + 20, p->flags);
    host_put_u64(out + 24, p->fence);
}

aerocmd_result aerocmd_priv_host_picture_parse(const uint8_t in[HOST_WIRE_PICTURE_BYTES],
                                               uint64_t body_len, struct host_wire_picture *out,
                                               struct host_wire_diag *diag)
{
    uint64_t pixels = 0;
    if (body_len < HOST_WIRE_PICTURE_BYTES)
        return fail(diag, HOST_FAULT_SHORT, body_len);
    out->present = host_get_u32(in);
    out->handle = host_get_u32(in + 4);
    out->format = host_get_u32(in + 8);
    out->width = host_get_u32(in + 12);
    out->height = host_get_u32(in + 16);
    out->flags = host_get_u32(in + 20);
    out->fence = host_get_u64(in + 24);
    if ((out->flags & ~HOST_WIRE_PICTURE_HAS_PIXELS) != 0)
        return fail(diag, HOST_FAULT_RESERVED, 20);
    if (out->flags != 0) {
        pixels = (uint64_t)out->width * out->height * 4u;
        if (out->present == HOST_WIRE_NO_PRESENT || pixels == 0 || pixels > HOST_WIRE_PICTURE_MAX)
            return fail(diag, HOST_FAULT_FIELD, 12);
        pixels = host_pad8(pixels);
    }
    if (body_len != HOST_WIRE_PICTURE_BYTES + pixels)
        return fail(diag, HOST_FAULT_LAYOUT, 12);
    return ok(diag);
}

/* ---- END_CONTEXT ---------------------------------------------------------------------------- */

void aerocmd_priv_host_end_context_write(uint8_t out[HOST_WIRE_END_CONTEXT_BYTES],
                                         uint32_t context_id)
{
    memset(out, 0, HOST_WIRE_END_CONTEXT_BYTES);
    host_put_u32(out, context_id);
}

aerocmd_result aerocmd_priv_host_end_context_parse(const uint8_t *body, size_t len,
                                                   uint32_t *context_id,
                                                   struct host_wire_diag *diag)
{
    if (len < HOST_WIRE_END_CONTEXT_BYTES)
        return fail(diag, HOST_FAULT_SHORT, len);
    if (host_get_u32(body + 4) != 0)
        return fail(diag, HOST_FAULT_RESERVED, 4);
    *context_id = host_get_u32(body);
    return ok(diag);
}
