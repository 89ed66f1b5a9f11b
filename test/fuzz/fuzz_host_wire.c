/* SPDX-License-Identifier: MIT */
/* fuzz_host_wire: arbitrary bytes -> the live host's message parser (doc/host-protocol.md),
 * read as a sequence of messages the way both sides read them: a 16-byte header (its limit
 * the bytes left, so every length a client can announce is tried), then the body by type.
 * HELLO / SUBMIT / GET_PICTURE / END_CONTEXT / BYE are parsed as `aerocmd host` parses them,
 * WELCOME / COMPLETE (with every written range) / ERROR / PICTURE as the client library does. The
 * first fault ends the input, as it ends a connection.
 *
 * Invariants (a violation aborts): everything a parse hands out lies inside the body; a
 * SUBMIT's records are exactly memory_count, disjoint, in order, with unique non-zero ids,
 * and they and the pieces before them add up to the body; writing back what was parsed
 * gives the same bytes (fixed parts, record headers, a whole ERROR); a written range never
 * runs past its COMPLETE. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../libaerocmd/src/host/client/host_wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t scratch[HOST_WIRE_MEMORY_MAX];

static void require(int ok)
{
    if (!ok)
        abort();
}

static int inside(const uint8_t *p, size_t n, const uint8_t *body, size_t len)
{
    return p >= body && n <= len && (size_t)(p - body) <= len - n;
}

static void check_submit(const uint8_t *body, size_t len)
{
    struct host_wire_submit s;
    struct host_wire_record rec;
    uint8_t again[HOST_WIRE_RECORD_BYTES];
    const uint8_t *next;
    size_t pos = 0;
    uint32_t n = 0, i;
    if (aerocmd_priv_host_submit_parse(body, len, scratch, &s, NULL) != AEROCMD_OK)
        return;
    require(s.fence != 0 && s.memory_count <= HOST_WIRE_MEMORY_MAX);
    require(inside(s.stream, s.stream_len, body, len));
    require(s.alloc_table == NULL || inside(s.alloc_table, s.alloc_table_len, body, len));
    aerocmd_priv_host_submit_write(again, s.fence, s.stream_len, s.alloc_table_len, s.memory_count,
                                   s.context_id);
    require(memcmp(again, body, HOST_WIRE_SUBMIT_BYTES) == 0);
    next = s.records;
    while (aerocmd_priv_host_submit_next(&s, &pos, &rec)) {
        require(rec.bytes == next + HOST_WIRE_RECORD_BYTES && rec.alloc_id != 0);
        require(inside(rec.bytes, (size_t)rec.size_bytes, body, len));
        aerocmd_priv_host_record_write(again, rec.alloc_id, rec.flags, rec.address, rec.size_bytes);
        require(memcmp(again, next, HOST_WIRE_RECORD_BYTES) == 0);
        next = rec.bytes + host_pad8(rec.size_bytes);
        n++;
    }
    require(n == s.memory_count && next == body + len);
    for (i = 1; i < n; i++) /* unique: the parser left the ids sorted in scratch */
        require(scratch[i] >> 32 != scratch[i - 1] >> 32 && scratch[i] >> 32 != 0);
}

static void check_complete(const uint8_t *body, size_t len)
{
    struct host_wire_complete c;
    struct host_wire_record r;
    uint64_t at = HOST_WIRE_COMPLETE_BYTES;
    uint32_t i;
    if (len < HOST_WIRE_COMPLETE_BYTES ||
        aerocmd_priv_host_complete_parse(body, len, &c, NULL) != AEROCMD_OK)
        return;
    for (i = 0; i < c.range_count; i++) {
        if (aerocmd_priv_host_range_parse(body + at, at, len - at, &r, NULL) != AEROCMD_OK)
            return;
        require(r.size_bytes != 0 && r.size_bytes <= len - at - HOST_WIRE_RECORD_BYTES);
        at += HOST_WIRE_RECORD_BYTES + host_pad8(r.size_bytes);
        require(at <= len);
    }
}

static void check_error(const uint8_t *body, size_t len)
{
    static uint8_t again[HOST_WIRE_ERROR_BYTES + HOST_WIRE_TEXT_MAX + 8];
    struct host_wire_error e;
    if (aerocmd_priv_host_error_parse(body, len, &e, NULL) != AEROCMD_OK)
        return;
    require(e.text_len <= HOST_WIRE_TEXT_MAX &&
            inside((const uint8_t *)e.text, e.text_len, body, len));
    require(aerocmd_priv_host_error_write(again, &e) == len && memcmp(again, body, len) == 0);
}

static void check_body(uint32_t type, const uint8_t *body, size_t len)
{
    struct host_wire_welcome w;
    struct host_wire_picture p;
    uint8_t again[HOST_WIRE_WELCOME_BYTES];
    uint32_t abi;
    switch (type) {
    case HOST_MSG_HELLO:
        if (aerocmd_priv_host_hello_parse(body, len, &abi, NULL) == AEROCMD_OK) {
            aerocmd_priv_host_hello_write(again, abi);
            require(memcmp(again, body, HOST_WIRE_HELLO_BYTES) == 0);
        }
        break;
    case HOST_MSG_WELCOME:
        if (aerocmd_priv_host_welcome_parse(body, len, &w, NULL) == AEROCMD_OK) {
            aerocmd_priv_host_welcome_write(again, &w);
            require(memcmp(again, body, HOST_WIRE_WELCOME_BYTES) == 0);
        }
        break;
    case HOST_MSG_SUBMIT:
        check_submit(body, len);
        break;
    case HOST_MSG_COMPLETE:
        check_complete(body, len);
        break;
    case HOST_MSG_ERROR:
        check_error(body, len);
        break;
    case HOST_MSG_END_CONTEXT:
        if (aerocmd_priv_host_end_context_parse(body, len, &abi, NULL) == AEROCMD_OK) {
            aerocmd_priv_host_end_context_write(again, abi);
            require(memcmp(again, body, HOST_WIRE_END_CONTEXT_BYTES) == 0);
        }
        break;
    case HOST_MSG_PICTURE:
        if (len >= HOST_WIRE_PICTURE_BYTES &&
            aerocmd_priv_host_picture_parse(body, len, &p, NULL) == AEROCMD_OK)
            require(p.flags == 0 || (uint64_t)p.width * p.height * 4u <= len);
        break;
    default:
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t at = 0;
    while (size - at >= HOST_WIRE_HEADER_BYTES) {
        struct host_wire_header h;
        struct host_wire_diag diag;
        size_t left = size - at - HOST_WIRE_HEADER_BYTES;
        uint8_t *body;
        if (aerocmd_priv_host_header_parse(data + at, left, &h, &diag) != AEROCMD_OK) {
            require(diag.fault != HOST_FAULT_NONE && diag.offset < HOST_WIRE_HEADER_BYTES);
            break;
        }
        require(h.type >= HOST_MSG_HELLO && h.type <= HOST_MSG_LAST);
        if (h.body_len > left)
            break; /* the connection ends inside the body */
        /* an exact-size copy, as a worker reads a body: ASan sees any overread */
        body = malloc(h.body_len != 0 ? h.body_len : 1u);
        if (body == NULL)
            break;
        memcpy(body, data + at + HOST_WIRE_HEADER_BYTES, h.body_len);
        check_body(h.type, body, h.body_len);
        free(body);
        at += HOST_WIRE_HEADER_BYTES + h.body_len;
    }
    return 0;
}
