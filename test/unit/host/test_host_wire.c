/* SPDX-License-Identifier: MIT */
/* The live host's wire format (doc/host-protocol.md): every message laid out byte by byte as
 * the document's tables say, written here by hand, and each way a message can break the
 * format refused with its fault at the offset the tables give. Addresses as the host and
 * client parse them. */
#include <stdlib.h>
#include <string.h>

#include "../../../libaerocmd/src/host/client/host_socket.h"
#include "../../../libaerocmd/src/host/client/host_wire.h"
#include "check.h"

static uint64_t scratch[HOST_WIRE_MEMORY_MAX];

static void le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16),
    p[3] = (uint8_t)(v >> 24);
}

static void le64(uint8_t *p, uint64_t v)
{
    le32(p, (uint32_t)v);
    le32(p + 4, (uint32_t)(v >> 32));
}

static void header_layout(void)
{
    static const uint8_t want[16] = {'A', 'H', 'S', 'T', 3, 0, 1, 0, 0x34, 0x12, 0, 0, 0, 0, 0, 0};
    uint8_t h[16];
    struct host_wire_header out;
    struct host_wire_diag d;
    aerocmd_priv_host_header_write(h, HOST_MSG_SUBMIT, 0x1234);
    CHECK(memcmp(h, want, 16) == 0);
    CHECK(aerocmd_priv_host_header_parse(h, 0x1234, &out, &d) == AEROCMD_OK);
    CHECK_EQ(out.type, 3);
    CHECK_EQ(out.body_len, 0x1234);
    /* one past the SUBMIT limit */
    CHECK(aerocmd_priv_host_header_parse(h, 0x1233, &out, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_TOO_LONG && d.offset == 8);
    /* control messages: 4096 bytes at most whatever the SUBMIT limit */
    aerocmd_priv_host_header_write(h, HOST_MSG_HELLO, 4096);
    CHECK(aerocmd_priv_host_header_parse(h, 1u << 30, &out, &d) == AEROCMD_OK);
    aerocmd_priv_host_header_write(h, HOST_MSG_BYE, 4097);
    CHECK(aerocmd_priv_host_header_parse(h, 1u << 30, &out, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_TOO_LONG && d.offset == 8);
}

static void header_faults(void)
{
    uint8_t h[16];
    struct host_wire_header out;
    struct host_wire_diag d;
    aerocmd_priv_host_header_write(h, HOST_MSG_HELLO, 16);
    h[3] = 'X';
    CHECK(aerocmd_priv_host_header_parse(h, 0, &out, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_MAGIC && d.offset == 0);
    aerocmd_priv_host_header_write(h, HOST_MSG_HELLO, 16);
    h[6] = 2; /* protocol version 2 */
    CHECK(aerocmd_priv_host_header_parse(h, 0, &out, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_VERSION && d.offset == 6);
    aerocmd_priv_host_header_write(h, HOST_MSG_HELLO, 16);
    h[15] = 1;
    CHECK(aerocmd_priv_host_header_parse(h, 0, &out, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_RESERVED && d.offset == 12);
    aerocmd_priv_host_header_write(h, 0, 0);
    CHECK(aerocmd_priv_host_header_parse(h, 0, &out, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_TYPE && d.offset == 4);
    aerocmd_priv_host_header_write(h, 9, 8); /* END_CONTEXT, the last type */
    CHECK(aerocmd_priv_host_header_parse(h, 0, &out, &d) == AEROCMD_OK);
    aerocmd_priv_host_header_write(h, 10, 0);
    CHECK(aerocmd_priv_host_header_parse(h, 0, &out, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_TYPE);
}

static void handshake_layout(void)
{
    struct host_wire_welcome w, back;
    struct host_wire_diag d;
    uint8_t hello[16], welcome[48];
    uint32_t abi = 0;
    aerocmd_priv_host_hello_write(hello, 0x00010004u);
    CHECK(hello[0] == 4 && hello[1] == 0 && hello[2] == 1 && hello[3] == 0);
    CHECK(aerocmd_priv_host_hello_parse(hello, 16, &abi, &d) == AEROCMD_OK && abi == 0x00010004u);
    CHECK(aerocmd_priv_host_hello_parse(hello, 15, &abi, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_SHORT);
    hello[4] = 1; /* flags */
    CHECK(aerocmd_priv_host_hello_parse(hello, 16, &abi, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_RESERVED && d.offset == 4);
    memset(&w, 0, sizeof(w));
    w.abi_version = 0x00010004u, w.client_id = 7, w.max_message_bytes = 64u << 20;
    w.max_memory_bytes = 1ull << 30, w.max_work = 5, w.deadline_ms = 30000, w.io_timeout_ms = 10000;
    aerocmd_priv_host_welcome_write(welcome, &w);
    CHECK(welcome[4] == 7 && welcome[8 + 3] == 4 && welcome[16 + 3] == 0x40);
    CHECK(welcome[32] == 0x30 && welcome[33] == 0x75 && welcome[36] == 0x10 && welcome[37] == 0x27);
    CHECK(aerocmd_priv_host_welcome_parse(welcome, 48, &back, &d) == AEROCMD_OK);
    CHECK(memcmp(&back, &w, sizeof(w)) == 0);
    welcome[47] = 1;
    CHECK(aerocmd_priv_host_welcome_parse(welcome, 48, &back, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_RESERVED && d.offset == 40);
}

/* fence 5, a 28-byte stream (4 bytes of padding), a 24-byte table, alloc 7 with 3 bytes (5
 * of padding) and alloc 9 with 8: 24 + 32 + 24 + 32 + 32 = 144 bytes. */
static size_t sample_submit(uint8_t *b)
{
    memset(b, 0, 256);
    le64(b, 5);
    le32(b + 8, 28);
    le32(b + 12, 24);
    le32(b + 16, 2);
    memset(b + 24, 0xAA, 28);
    memset(b + 56, 0xBB, 24);
    le32(b + 80, 7), le32(b + 84, 1), le64(b + 88, 0x1000), le64(b + 96, 3);
    b[104] = 1, b[105] = 2, b[106] = 3;
    le32(b + 112, 9), le64(b + 120, 0x2000), le64(b + 128, 8);
    memset(b + 136, 0xCC, 8);
    return 144;
}

static void submit_layout(void)
{
    uint8_t b[256];
    size_t len = sample_submit(b), pos = 0;
    struct host_wire_submit s;
    struct host_wire_record rec;
    struct host_wire_diag d;
    uint8_t head[24];
    CHECK(aerocmd_priv_host_submit_parse(b, len, scratch, &s, &d) == AEROCMD_OK);
    CHECK_EQ(s.fence, 5);
    CHECK(s.stream == b + 24 && s.stream_len == 28);
    CHECK(s.alloc_table == b + 56 && s.alloc_table_len == 24);
    CHECK_EQ(s.memory_count, 2);
    CHECK_EQ(s.context_id, 0);
    CHECK(aerocmd_priv_host_submit_next(&s, &pos, &rec) == 1);
    CHECK(rec.alloc_id == 7 && rec.flags == 1 && rec.address == 0x1000 && rec.size_bytes == 3);
    CHECK(rec.bytes == b + 104);
    CHECK(aerocmd_priv_host_submit_next(&s, &pos, &rec) == 1);
    CHECK(rec.alloc_id == 9 && rec.address == 0x2000 && rec.size_bytes == 8 &&
          rec.bytes == b + 136);
    CHECK(aerocmd_priv_host_submit_next(&s, &pos, &rec) == 0);
    aerocmd_priv_host_submit_write(head, 5, 28, 24, 2, 0);
    CHECK(memcmp(head, b, 24) == 0);
    /* the context at offset 20 (any value: a guest's context ids) */
    le32(b + 20, 0xC0FFEEu);
    CHECK(aerocmd_priv_host_submit_parse(b, len, scratch, &s, &d) == AEROCMD_OK);
    CHECK_EQ(s.context_id, 0xC0FFEEu);
    aerocmd_priv_host_submit_write(head, 5, 28, 24, 2, 0xC0FFEEu);
    CHECK(memcmp(head, b, 24) == 0);
    le32(b + 20, 0);
    aerocmd_priv_host_record_write(head, 7, 1, 0x1000, 3);
    CHECK(memcmp(head, b + 80, 24) == 0);
    /* no table: NULL */
    memset(b, 0, 256);
    le64(b, 1);
    CHECK(aerocmd_priv_host_submit_parse(b, 24, scratch, &s, &d) == AEROCMD_OK);
    CHECK(s.alloc_table == NULL && s.stream_len == 0 && s.memory_count == 0);
}

/* Breaks the sample at one place and expects fault at offset. */
static void submit_fault(size_t at, uint32_t value, int wide, size_t len_delta, uint32_t fault,
                         uint32_t offset)
{
    uint8_t b[256];
    size_t len = sample_submit(b) + len_delta;
    struct host_wire_submit s;
    struct host_wire_diag d;
    if (wide)
        le64(b + at, value == 0xFFFFFFFFu ? UINT64_MAX : value);
    else if (at < 256)
        le32(b + at, value);
    CHECK(aerocmd_priv_host_submit_parse(b, len, scratch, &s, &d) == AEROCMD_E_MALFORMED);
    if (!CHECK(d.fault == fault && d.offset == offset))
        fprintf(stderr, "    at %u: fault %u offset %u, want %u at %u\n", (unsigned)at, d.fault,
                d.offset, fault, offset);
}

static void submit_faults(void)
{
    uint8_t b[256];
    struct host_wire_submit s;
    struct host_wire_diag d;
    submit_fault(0, 0, 1, 0, HOST_FAULT_FIELD, 0);              /* fence 0 */
    submit_fault(16, 4097, 0, 0, HOST_FAULT_COUNT, 16);         /* memory_count over 4096 */
    submit_fault(52, 1, 0, 0, HOST_FAULT_PADDING, 52);          /* the stream's padding */
    submit_fault(8, 1000, 0, 0, HOST_FAULT_LAYOUT, 8);          /* stream past the body */
    submit_fault(12, 0x100, 0, 0, HOST_FAULT_LAYOUT, 12);       /* table past the body */
    submit_fault(80, 0, 0, 0, HOST_FAULT_FIELD, 80);            /* alloc_id 0 */
    submit_fault(96, 0xFFFFFFFFu, 1, 0, HOST_FAULT_LAYOUT, 96); /* 2^64 - 1 bytes */
    submit_fault(107, 0x01, 0, 0, HOST_FAULT_PADDING, 107);     /* the record's padding */
    submit_fault(112, 7, 0, 0, HOST_FAULT_DUPLICATE, 112);      /* alloc 7 twice */
    submit_fault(16, 1, 0, 0, HOST_FAULT_LAYOUT, 112);          /* a record left over */
    submit_fault(16, 3, 0, 0, HOST_FAULT_LAYOUT, 144);          /* a record missing */
    submit_fault(0, 5, 1, 8, HOST_FAULT_LAYOUT, 144);           /* 8 bytes more */
    memset(b, 0, sizeof(b));
    CHECK(aerocmd_priv_host_submit_parse(b, 23, scratch, &s, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_SHORT);
}

static void complete_layout(void)
{
    struct host_wire_complete c, back;
    struct host_wire_record r;
    struct host_wire_diag d;
    uint8_t b[24];
    c.fence = 9, c.range_count = 2, c.present_count = 1, c.first_present = 41;
    aerocmd_priv_host_complete_write(b, &c);
    CHECK(b[0] == 9 && b[8] == 2 && b[12] == 1 && b[16] == 41 && b[20] == 0);
    CHECK(aerocmd_priv_host_complete_parse(b, 24 + 2 * 24 + 16, &back, &d) == AEROCMD_OK);
    CHECK(back.fence == 9 && back.range_count == 2 && back.first_present == 41);
    /* two range headers cannot fit into 24 more bytes */
    CHECK(aerocmd_priv_host_complete_parse(b, 48, &back, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_LAYOUT && d.offset == 8);
    le32(b + 16, HOST_WIRE_NO_PRESENT); /* a present without a number */
    CHECK(aerocmd_priv_host_complete_parse(b, 96, &back, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_FIELD && d.offset == 16);
    le32(b + 12, 0), le32(b + 8, 0); /* no ranges: nothing may follow */
    CHECK(aerocmd_priv_host_complete_parse(b, 24, &back, &d) == AEROCMD_OK);
    CHECK(aerocmd_priv_host_complete_parse(b, 32, &back, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_LAYOUT);
    aerocmd_priv_host_record_write(b, 7, 0, 64, 5);
    CHECK(aerocmd_priv_host_range_parse(b, 24, 24 + 8, &r, &d) == AEROCMD_OK);
    CHECK(r.alloc_id == 7 && r.address == 64 && r.size_bytes == 5);
    CHECK(aerocmd_priv_host_range_parse(b, 24, 24 + 7, &r, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_LAYOUT && d.offset == 40);
    aerocmd_priv_host_record_write(b, 7, 1, 64, 5);
    CHECK(aerocmd_priv_host_range_parse(b, 24, 32, &r, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_RESERVED && d.offset == 28);
    aerocmd_priv_host_record_write(b, 7, 0, 64, 0); /* an empty range */
    CHECK(aerocmd_priv_host_range_parse(b, 24, 32, &r, &d) == AEROCMD_E_MALFORMED);
}

static void error_layout(void)
{
    uint8_t b[HOST_WIRE_ERROR_BYTES + HOST_WIRE_TEXT_MAX + 8];
    struct host_wire_error e, back;
    struct host_wire_diag d;
    char text[2000];
    size_t len;
    memset(&e, 0, sizeof(e));
    e.result = AEROCMD_E_MALFORMED, e.kind = 2, e.reason = AEROCMD_R_HANDLE_UNKNOWN;
    e.offset = 0x30, e.opcode = 0x601, e.flags = HOST_WIRE_ERROR_IN_STREAM, e.fence = 3;
    e.submission = 2, e.text = "bad", e.text_len = 3;
    len = aerocmd_priv_host_error_write(b, &e);
    CHECK_EQ(len, 48);
    CHECK(b[0] == 7 && b[4] == 2 && b[8] == 19 && b[12] == 0x30 && b[16] == 1 && b[17] == 6);
    CHECK(b[20] == 1 && b[24] == 3 && b[32] == 2 && b[36] == 3 && memcmp(b + 40, "bad", 3) == 0);
    CHECK(b[43] == 0 && b[47] == 0);
    CHECK(aerocmd_priv_host_error_parse(b, len, &back, &d) == AEROCMD_OK);
    CHECK(back.fence == 3 && back.text_len == 3 && memcmp(back.text, "bad", 3) == 0);
    b[44] = 'x';
    CHECK(aerocmd_priv_host_error_parse(b, len, &back, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_PADDING && d.offset == 44);
    b[44] = 0, b[4] = 10; /* kind 10 is no kind */
    CHECK(aerocmd_priv_host_error_parse(b, len, &back, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_FIELD && d.offset == 4);
    memset(text, 'y', sizeof(text));
    e.text = text, e.text_len = sizeof(text);
    len = aerocmd_priv_host_error_write(b, &e);
    CHECK_EQ(len, 40 + 1024);
    CHECK(aerocmd_priv_host_error_parse(b, len, &back, &d) == AEROCMD_OK);
    CHECK_EQ(back.text_len, 1024);
    CHECK(aerocmd_priv_host_error_parse(b, len - 8, &back, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_LAYOUT);
}

/* END_CONTEXT: u32 context_id, u32 reserved = 0 (a fixed part of 8 bytes). */
static void end_context_layout(void)
{
    static const uint8_t want[8] = {0x2A, 0x01, 0, 0, 0, 0, 0, 0};
    struct host_wire_diag d;
    uint8_t b[9];
    uint32_t id = 0;
    aerocmd_priv_host_end_context_write(b, 0x12A);
    CHECK(memcmp(b, want, 8) == 0);
    CHECK(aerocmd_priv_host_end_context_parse(b, 8, &id, &d) == AEROCMD_OK);
    CHECK_EQ(id, 0x12A);
    CHECK(aerocmd_priv_host_end_context_parse(b, 7, &id, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_SHORT && d.offset == 7);
    b[8] = 0x77; /* what a later minor version may add is ignored, as for HELLO */
    CHECK(aerocmd_priv_host_end_context_parse(b, 9, &id, &d) == AEROCMD_OK);
    b[6] = 1;
    CHECK(aerocmd_priv_host_end_context_parse(b, 8, &id, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_RESERVED && d.offset == 4);
}

static void picture_layout(void)
{
    struct host_wire_picture p, back;
    struct host_wire_diag d;
    uint8_t b[32];
    memset(&p, 0, sizeof(p));
    p.present = 4, p.handle = 1, p.format = 2, p.width = 3, p.height = 1, p.fence = 8;
    p.flags = HOST_WIRE_PICTURE_HAS_PIXELS;
    aerocmd_priv_host_picture_write(b, &p);
    CHECK(b[0] == 4 && b[4] == 1 && b[8] == 2 && b[12] == 3 && b[16] == 1 && b[20] == 1 &&
          b[24] == 8);
    /* 3 x 1 x 4 = 12 bytes of pixels, padded to 16 */
    CHECK(aerocmd_priv_host_picture_parse(b, 32 + 16, &back, &d) == AEROCMD_OK);
    CHECK(back.width == 3 && back.fence == 8);
    CHECK(aerocmd_priv_host_picture_parse(b, 32 + 12, &back, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_LAYOUT);
    le32(b + 12, 0x10000); /* 65536 x 1 is fine, 65536 x 65536 is over 16384^2 x 4 */
    le32(b + 16, 0x10000);
    CHECK(aerocmd_priv_host_picture_parse(b, 32, &back, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_FIELD && d.offset == 12);
    p.flags = 0, p.present = HOST_WIRE_NO_PRESENT, p.width = p.height = 0;
    aerocmd_priv_host_picture_write(b, &p);
    CHECK(aerocmd_priv_host_picture_parse(b, 32, &back, &d) == AEROCMD_OK);
    b[20] = 2;
    CHECK(aerocmd_priv_host_picture_parse(b, 32, &back, &d) == AEROCMD_E_MALFORMED);
    CHECK(d.fault == HOST_FAULT_RESERVED && d.offset == 20);
}

static void addresses(void)
{
    static const char *const bad[] = {"tcp:127.0.0.1:65536",
                                      "tcp:256.0.0.1:1",
                                      "tcp:1.2.3:4",
                                      "tcp:01.2.3.4:5",
                                      "tcp:1.2.3.4:",
                                      "tcp:1.2.3.4:5x",
                                      "tcp:1.2.3.4",
                                      "unix:",
                                      "udp:1.2.3.4:5",
                                      "127.0.0.1:5",
                                      ""};
    struct host_addr a;
    char text[HOST_ADDR_CHARS], longpath[200];
    size_t i;
    CHECK(aerocmd_priv_host_addr_parse("tcp:127.0.0.1:0", &a) == 0);
    CHECK(!a.is_unix && a.ipv4 == 0x7F000001u && a.port == 0);
    CHECK(aerocmd_priv_host_addr_parse("tcp:10.20.30.40:65535", &a) == 0);
    aerocmd_priv_host_addr_format(&a, text, sizeof(text));
    CHECK_STR(text, "tcp:10.20.30.40:65535");
    CHECK(aerocmd_priv_host_addr_parse("unix:/tmp/h.sock", &a) == 0);
    CHECK(a.is_unix && strcmp(a.path, "/tmp/h.sock") == 0);
    aerocmd_priv_host_addr_format(&a, text, sizeof(text));
    CHECK_STR(text, "unix:/tmp/h.sock");
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        if (!CHECK(aerocmd_priv_host_addr_parse(bad[i], &a) != 0))
            fprintf(stderr, "    accepted '%s'\n", bad[i]);
    memcpy(longpath, "unix:", 5);
    memset(longpath + 5, 'p', 108);
    longpath[113] = '\0'; /* 108 characters: no room for the NUL in sun_path */
    CHECK(aerocmd_priv_host_addr_parse(longpath, &a) != 0);
    longpath[112] = '\0';
    CHECK(aerocmd_priv_host_addr_parse(longpath, &a) == 0);
    CHECK(aerocmd_priv_host_addr_parse(NULL, &a) != 0);
}

int main(void)
{
    header_layout();
    header_faults();
    handshake_layout();
    submit_layout();
    submit_faults();
    complete_layout();
    error_layout();
    picture_layout();
    end_context_layout();
    addresses();
    return check_finish();
}
