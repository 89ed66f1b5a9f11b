/* SPDX-License-Identifier: MIT */
/* stream_reader.c — opening a command stream (its header) and walking its packets
 * (their framing). Everything after this only looks inside packets whose bytes are known
 * to lie within the stream. */
#include "decode_internal.h"

/* The exported cursor (decode.h inlines its sound-packet path into C callers). */
#undef aerocmd_cursor_next
#undef aerocmd_cursor_init

#define STREAM_HEADER_SIZE ((uint32_t)sizeof(struct aerogpu_cmd_stream_header))
#define PACKET_HEADER_SIZE ((uint32_t)sizeof(struct aerogpu_cmd_hdr))

static void set_diag(struct aerocmd_diag *diag, aerocmd_reason reason, uint32_t offset,
                     uint32_t opcode)
{
    if (diag == NULL)
        return;
    diag->reason = reason;
    diag->offset = offset;
    diag->opcode = opcode;
}

/* The header's own rules, in the order the reason codes list them. */
static aerocmd_reason header_fault(const uint8_t *bytes, size_t buf_len)
{
    uint32_t abi_version, size_bytes, minor;
    if (aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_stream_header, magic)) !=
        AEROGPU_CMD_STREAM_MAGIC)
        return AEROCMD_R_BAD_MAGIC;
    abi_version = aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_stream_header, abi_version));
    if ((abi_version >> 16) != AEROGPU_ABI_MAJOR)
        return AEROCMD_R_ABI_MAJOR;
    size_bytes = aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_stream_header, size_bytes));
    if (size_bytes % 4u != 0)
        return AEROCMD_R_STREAM_SIZE_UNALIGNED;
    if (size_bytes < STREAM_HEADER_SIZE)
        return AEROCMD_R_STREAM_SIZE_TOO_SMALL;
    if (size_bytes > buf_len)
        return AEROCMD_R_STREAM_SIZE_PAST_BUFFER;
    /* A newer minor may define header flags; only our own minors promise zeros. */
    minor = abi_version & 0xFFFFu;
    if (minor <= AEROGPU_ABI_MINOR &&
        (aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_stream_header, flags)) != 0 ||
         aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_stream_header, reserved0)) != 0 ||
         aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_stream_header, reserved1)) != 0))
        return AEROCMD_R_RESERVED_NONZERO;
    return AEROCMD_R_NONE;
}

aerocmd_result aerocmd_stream_open(struct aerocmd_stream *stream, const void *buf, size_t buf_len,
                                   struct aerocmd_diag *diag)
{
    const uint8_t *bytes = (const uint8_t *)buf;
    aerocmd_reason reason;

    set_diag(diag, AEROCMD_R_NONE, 0, 0);
    if (stream == NULL || (bytes == NULL && buf_len != 0))
        return AEROCMD_E_INVALID_ARG;
    if (buf_len < STREAM_HEADER_SIZE) {
        set_diag(diag, AEROCMD_R_SHORT_BUFFER, 0, 0);
        return AEROCMD_E_MALFORMED;
    }
    reason = header_fault(bytes, buf_len);
    if (reason != AEROCMD_R_NONE) {
        set_diag(diag, reason, 0, 0);
        return AEROCMD_E_MALFORMED;
    }
    stream->bytes = bytes;
    stream->size_bytes =
        aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_stream_header, size_bytes));
    stream->abi_version =
        aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_stream_header, abi_version));
    return AEROCMD_OK;
}

void aerocmd_cursor_init(struct aerocmd_cursor *cursor, const struct aerocmd_stream *stream)
{
    aerocmd_cursor_init_inline(cursor, stream);
}

static aerocmd_reason framing_fault(uint32_t remaining, uint32_t size_bytes)
{
    if (size_bytes < PACKET_HEADER_SIZE)
        return AEROCMD_R_PACKET_SIZE_TOO_SMALL;
    if (size_bytes % 4u != 0)
        return AEROCMD_R_PACKET_SIZE_UNALIGNED;
    if (size_bytes > remaining)
        return AEROCMD_R_PACKET_PAST_END;
    return AEROCMD_R_NONE;
}

int aerocmd_cursor_stop(const struct aerocmd_stream *stream, uint32_t offset,
                        struct aerocmd_diag *diag)
{
    const uint8_t *at;
    uint32_t remaining;
    aerocmd_reason reason;

    if (offset >= stream->size_bytes)
        return 0;
    at = stream->bytes + offset;
    remaining = stream->size_bytes - offset;
    if (remaining < PACKET_HEADER_SIZE) {
        set_diag(diag, AEROCMD_R_PACKET_HEADER_TRUNCATED, offset,
                 remaining >= 4u ? aerocmd_load_u32(at) : 0);
        return -1;
    }
    reason = framing_fault(remaining,
                           aerocmd_load_u32(at + offsetof(struct aerogpu_cmd_hdr, size_bytes)));
    set_diag(diag, reason, offset, aerocmd_load_u32(at + offsetof(struct aerogpu_cmd_hdr, opcode)));
    return -1;
}

int aerocmd_cursor_next(struct aerocmd_cursor *cursor, struct aerocmd_packet *packet,
                        struct aerocmd_diag *diag)
{
    return aerocmd_cursor_next_inline(cursor, packet, diag);
}
