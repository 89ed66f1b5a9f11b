/* SPDX-License-Identifier: MIT */
/* host_wire.h — the live host's wire format (doc/host-protocol.md), private to libaerocmd
 * and its tools: message headers and bodies encoded into and decoded from bytes. No
 * sockets and no allocation here: the client library (host_client.c), `aerocmd host` and
 * the fuzz target fuzz_host_wire share exactly these checks.
 *
 * A parser trusts nothing: every length is checked against the bytes it was given and
 * against the protocol's limits before it is used, and a fault names what is wrong and
 * where (byte offset in the body, or in the header for header faults). */
#ifndef AEROCMD_HOST_WIRE_H
#define AEROCMD_HOST_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/result.h"

#define HOST_WIRE_MAGIC        0x54534841u /* "AHST" */
#define HOST_WIRE_VERSION      1u
#define HOST_WIRE_HEADER_BYTES 16u
#define HOST_WIRE_CONTROL_MAX  4096u /* body of every message but SUBMIT/COMPLETE/PICTURE */
#define HOST_WIRE_MEMORY_MAX   4096u /* memory records in one SUBMIT */
#define HOST_WIRE_TEXT_MAX     1024u /* an ERROR's message */
#define HOST_WIRE_NO_PRESENT   0xFFFFFFFFu
/* Direct3D 11's largest texture, 4 bytes a texel: the largest picture. */
#define HOST_WIRE_PICTURE_MAX ((uint64_t)16384u * 16384u * 4u)

#define HOST_WIRE_HELLO_BYTES        16u
#define HOST_WIRE_WELCOME_BYTES      48u
#define HOST_WIRE_SUBMIT_BYTES       24u /* fixed part */
#define HOST_WIRE_RECORD_BYTES       24u /* memory record and written-range headers */
#define HOST_WIRE_COMPLETE_BYTES     24u /* fixed part */
#define HOST_WIRE_ERROR_BYTES        40u /* fixed part */
#define HOST_WIRE_PICTURE_BYTES      32u /* fixed part */
#define HOST_WIRE_END_CONTEXT_BYTES  8u
#define HOST_WIRE_ERROR_IN_STREAM    1u
#define HOST_WIRE_ERROR_CLOSING      2u
#define HOST_WIRE_PICTURE_HAS_PIXELS 1u

enum host_wire_type {
    HOST_MSG_HELLO = 1,
    HOST_MSG_WELCOME = 2,
    HOST_MSG_SUBMIT = 3,
    HOST_MSG_COMPLETE = 4,
    HOST_MSG_ERROR = 5,
    HOST_MSG_GET_PICTURE = 6,
    HOST_MSG_PICTURE = 7,
    HOST_MSG_BYE = 8,
    HOST_MSG_END_CONTEXT = 9
};
#define HOST_MSG_LAST HOST_MSG_END_CONTEXT

/* What is wrong with a message (host_wire_diag.fault). */
enum host_wire_fault {
    HOST_FAULT_NONE = 0,
    HOST_FAULT_MAGIC,     /* header magic is not "AHST" */
    HOST_FAULT_VERSION,   /* header protocol version is not 1 */
    HOST_FAULT_RESERVED,  /* a reserved field or flags bit is not 0 */
    HOST_FAULT_TYPE,      /* unknown type, or a type this side never receives */
    HOST_FAULT_TOO_LONG,  /* body_len over the limit for its type */
    HOST_FAULT_SHORT,     /* body shorter than its fixed part */
    HOST_FAULT_LAYOUT,    /* counts and lengths do not add up to body_len */
    HOST_FAULT_PADDING,   /* padding bytes not zero */
    HOST_FAULT_COUNT,     /* more records than the protocol allows */
    HOST_FAULT_FIELD,     /* a field out of its range (fence 0, alloc_id 0, ...) */
    HOST_FAULT_DUPLICATE, /* an alloc_id sent twice in one SUBMIT */
    HOST_FAULT_COUNT_
};

struct host_wire_diag {
    uint32_t fault;  /* enum host_wire_fault */
    uint32_t offset; /* byte offset of the fault in the body (header faults: in the header) */
};

/* English text for a fault, for error messages. Never NULL. */
const char *aerocmd_priv_host_fault_text(uint32_t fault);

/* ---- little-endian fields --------------------------------------------------------------- */

static inline uint32_t host_get_u16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static inline uint32_t host_get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t host_get_u64(const uint8_t *p)
{
    return (uint64_t)host_get_u32(p) | (uint64_t)host_get_u32(p + 4) << 32;
}

static inline void host_put_u16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8);
}

static inline void host_put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16),
    p[3] = (uint8_t)(v >> 24);
}

static inline void host_put_u64(uint8_t *p, uint64_t v)
{
    host_put_u32(p, (uint32_t)v);
    host_put_u32(p + 4, (uint32_t)(v >> 32));
}

/* Bytes of n rounded up to a multiple of 8 (n below 2^64 - 8). */
static inline uint64_t host_pad8(uint64_t n)
{
    return (n + 7u) & ~(uint64_t)7u;
}

/* ---- header ------------------------------------------------------------------------------ */

struct host_wire_header {
    uint32_t type;
    uint32_t body_len;
};

void aerocmd_priv_host_header_write(uint8_t out[HOST_WIRE_HEADER_BYTES], uint32_t type,
                                    uint32_t body_len);
/* Checks magic, version and reserved, and that body_len fits the limit of its type:
 * HOST_WIRE_CONTROL_MAX, or `variable_limit` for SUBMIT / COMPLETE / PICTURE. It does not
 * judge which side may send the type (the caller does, HOST_FAULT_TYPE). */
aerocmd_result aerocmd_priv_host_header_parse(const uint8_t in[HOST_WIRE_HEADER_BYTES],
                                              uint64_t variable_limit, struct host_wire_header *out,
                                              struct host_wire_diag *diag);

/* ---- handshake ---------------------------------------------------------------------------- */

struct host_wire_welcome {
    uint32_t abi_version;
    uint32_t client_id;
    uint64_t max_message_bytes;
    uint64_t max_memory_bytes;
    uint64_t max_work;
    uint32_t deadline_ms;
    uint32_t io_timeout_ms;
};

void aerocmd_priv_host_hello_write(uint8_t out[HOST_WIRE_HELLO_BYTES], uint32_t abi_version);
/* *abi_version from a HELLO body of len bytes. */
aerocmd_result aerocmd_priv_host_hello_parse(const uint8_t *body, size_t len, uint32_t *abi_version,
                                             struct host_wire_diag *diag);
void aerocmd_priv_host_welcome_write(uint8_t out[HOST_WIRE_WELCOME_BYTES],
                                     const struct host_wire_welcome *w);
aerocmd_result aerocmd_priv_host_welcome_parse(const uint8_t *body, size_t len,
                                               struct host_wire_welcome *out,
                                               struct host_wire_diag *diag);

/* ---- END_CONTEXT (no answer) ------------------------------------------------------------ */

void aerocmd_priv_host_end_context_write(uint8_t out[HOST_WIRE_END_CONTEXT_BYTES],
                                         uint32_t context_id);
aerocmd_result aerocmd_priv_host_end_context_parse(const uint8_t *body, size_t len,
                                                   uint32_t *context_id,
                                                   struct host_wire_diag *diag);

/* ---- SUBMIT ------------------------------------------------------------------------------- */

struct host_wire_submit {
    uint64_t fence;
    uint32_t context_id; /* the context it runs in (aerocmd_exec_set_context) */
    const uint8_t *stream;
    uint32_t stream_len;
    const uint8_t *alloc_table; /* NULL when alloc_table_len is 0 */
    uint32_t alloc_table_len;
    uint32_t memory_count;
    const uint8_t *records; /* the first memory record */
    size_t records_len;
};

struct host_wire_record {
    uint32_t alloc_id;
    uint32_t flags;   /* a written range's reserved field */
    uint64_t address; /* a memory record's gpa, a written range's offset */
    uint64_t size_bytes;
    const uint8_t *bytes;
};

/* The fixed part of a SUBMIT whose variable part is described by the arguments; the
 * caller sends the pieces after it, each padded to 8. */
void aerocmd_priv_host_submit_write(uint8_t out[HOST_WIRE_SUBMIT_BYTES], uint64_t fence,
                                    uint32_t stream_len, uint32_t alloc_table_len,
                                    uint32_t memory_count, uint32_t context_id);
/* The 24-byte header of a memory record or a written range (alloc_id, flags / reserved,
 * gpa / offset, size_bytes). */
void aerocmd_priv_host_record_write(uint8_t out[HOST_WIRE_RECORD_BYTES], uint32_t alloc_id,
                                    uint32_t flags, uint64_t address, uint64_t size_bytes);
/* Checks a whole SUBMIT body: fixed part, fence non-zero, the stream and table
 * inside it, every memory record (alloc_id non-zero and unique, its bytes inside the body),
 * zero padding, and that it all adds up to len. What the stream and table mean is the
 * executor's to judge. scratch: room for HOST_WIRE_MEMORY_MAX keys (the duplicate check
 * sorts the ids, O(n log n) whatever the client sends). */
aerocmd_result aerocmd_priv_host_submit_parse(const uint8_t *body, size_t len, uint64_t *scratch,
                                              struct host_wire_submit *out,
                                              struct host_wire_diag *diag);
/* The memory record at *pos (start at 0) of a parsed SUBMIT; advances *pos. 0 at the end. */
int aerocmd_priv_host_submit_next(const struct host_wire_submit *s, size_t *pos,
                                  struct host_wire_record *out);

/* ---- COMPLETE ----------------------------------------------------------------------------- */

struct host_wire_complete {
    uint64_t fence;
    uint32_t range_count;
    uint32_t present_count;
    uint32_t first_present;
};

void aerocmd_priv_host_complete_write(uint8_t out[HOST_WIRE_COMPLETE_BYTES],
                                      const struct host_wire_complete *c);
/* The fixed part (the first HOST_WIRE_COMPLETE_BYTES of a body of body_len bytes). */
aerocmd_result aerocmd_priv_host_complete_parse(const uint8_t in[HOST_WIRE_COMPLETE_BYTES],
                                                uint64_t body_len, struct host_wire_complete *out,
                                                struct host_wire_diag *diag);
/* A written range's header at body offset `at` of a COMPLETE whose body has `left` bytes
 * from there on (header included): reserved 0 and its padded bytes inside `left`. */
aerocmd_result aerocmd_priv_host_range_parse(const uint8_t in[HOST_WIRE_RECORD_BYTES], uint64_t at,
                                             uint64_t left, struct host_wire_record *out,
                                             struct host_wire_diag *diag);

/* ---- ERROR -------------------------------------------------------------------------------- */

struct host_wire_error {
    uint32_t result; /* aerocmd_result */
    uint32_t kind;   /* enum aerocmd_host_error_kind (aerocmd/host_client.h) */
    uint32_t reason, offset, opcode;
    uint32_t flags; /* HOST_WIRE_ERROR_* */
    uint64_t fence;
    uint32_t submission;
    const char *text; /* not NUL-terminated */
    uint32_t text_len;
};

/* The whole body into out (capacity HOST_WIRE_ERROR_BYTES + HOST_WIRE_TEXT_MAX + 8);
 * text longer than HOST_WIRE_TEXT_MAX is cut. Returns the body's length. */
size_t aerocmd_priv_host_error_write(uint8_t *out, const struct host_wire_error *e);
aerocmd_result aerocmd_priv_host_error_parse(const uint8_t *body, size_t len,
                                             struct host_wire_error *out,
                                             struct host_wire_diag *diag);

/* ---- PICTURE ------------------------------------------------------------------------------ */

struct host_wire_picture {
    uint32_t present;
    uint32_t handle, format, width, height;
    uint32_t flags; /* HOST_WIRE_PICTURE_HAS_PIXELS */
    uint64_t fence;
};

void aerocmd_priv_host_picture_write(uint8_t out[HOST_WIRE_PICTURE_BYTES],
                                     const struct host_wire_picture *p);
/* The fixed part of a PICTURE body of body_len bytes: with pixels, width x height x 4
 * bytes (at most HOST_WIRE_PICTURE_MAX) padded to 8 must make up the rest exactly. */
aerocmd_result aerocmd_priv_host_picture_parse(const uint8_t in[HOST_WIRE_PICTURE_BYTES],
                                               uint64_t body_len, struct host_wire_picture *out,
                                               struct host_wire_diag *diag);

#endif /* AEROCMD_HOST_WIRE_H */
