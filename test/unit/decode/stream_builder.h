/* SPDX-License-Identifier: MIT */
/* stream_builder.h — assembles command streams byte by byte for the decoder tests, from
 * protocol structs and raw words, without the library's writer (so a writer bug cannot
 * hide a decoder bug). Assumes a little-endian host, like the protocol structs do. */
#ifndef AEROCMD_TEST_STREAM_BUILDER_H
#define AEROCMD_TEST_STREAM_BUILDER_H

#include <stdint.h>
#include <string.h>

#include "aerogpu_cmd.h"

#define SB_CAPACITY 2048u

struct sb {
    uint8_t bytes[SB_CAPACITY];
    uint32_t len;
    uint32_t open; /* offset of the packet that payload bytes extend */
};

static void sb_put_u32(struct sb *sb, uint32_t offset, uint32_t value)
{
    memcpy(sb->bytes + offset, &value, sizeof value);
}

static uint32_t sb_get_u32(const struct sb *sb, uint32_t offset)
{
    uint32_t value;
    memcpy(&value, sb->bytes + offset, sizeof value);
    return value;
}

/* A stream header for ABI 1.<minor>; size_bytes is kept equal to the bytes appended. */
static void sb_begin(struct sb *sb, uint32_t minor)
{
    struct aerogpu_cmd_stream_header header;
    memset(sb, 0, sizeof *sb);
    memset(&header, 0, sizeof header);
    header.magic = AEROGPU_CMD_STREAM_MAGIC;
    header.abi_version = (AEROGPU_ABI_MAJOR << 16) | minor;
    header.size_bytes = sizeof header;
    memcpy(sb->bytes, &header, sizeof header);
    sb->len = sizeof header;
}

static void sb_sync_sizes(struct sb *sb)
{
    sb_put_u32(sb, offsetof(struct aerogpu_cmd_stream_header, size_bytes), sb->len);
    if (sb->open != 0)
        sb_put_u32(sb, sb->open + 4, sb->len - sb->open);
}

/* Appends a packet from its fixed struct, setting its opcode and size; returns its offset. */
static uint32_t sb_packet(struct sb *sb, uint32_t opcode, const void *fixed, uint32_t size)
{
    uint32_t at = sb->len;
    memcpy(sb->bytes + at, fixed, size);
    sb_put_u32(sb, at, opcode);
    sb->len += size;
    sb->open = at;
    sb_sync_sizes(sb);
    return at;
}

/* Appends raw bytes to the open packet (payload), growing its size_bytes. */
static void sb_bytes(struct sb *sb, const void *data, uint32_t n)
{
    memcpy(sb->bytes + sb->len, data, n);
    sb->len += n;
    sb_sync_sizes(sb);
}

static void sb_u32(struct sb *sb, uint32_t value)
{
    sb_bytes(sb, &value, sizeof value);
}

/* Zero bytes up to the next multiple of 4. */
static void sb_pad(struct sb *sb)
{
    static const uint8_t zeros[4] = {0, 0, 0, 0};
    if (sb->len % 4 != 0)
        sb_bytes(sb, zeros, 4 - sb->len % 4);
}

/* Ends the open packet: later bytes are appended outside any packet. */
static void sb_close(struct sb *sb)
{
    sb->open = 0;
}

/* A raw packet header claiming `size_field` bytes, followed by zeros up to `appended`
 * bytes in all (for framing tests, where the two may disagree). */
static uint32_t sb_raw_packet(struct sb *sb, uint32_t opcode, uint32_t size_field,
                              uint32_t appended)
{
    uint32_t at = sb->len;
    memset(sb->bytes + at, 0, appended < 8 ? 8 : appended);
    sb_put_u32(sb, at, opcode);
    sb_put_u32(sb, at + 4, size_field);
    sb->len += appended;
    sb->open = 0;
    sb_sync_sizes(sb);
    return at;
}

/* A valid DRAW, used as the first packet so faults sit at a known non-zero offset. */
static uint32_t sb_draw(struct sb *sb)
{
    struct aerogpu_cmd_draw draw;
    memset(&draw, 0, sizeof draw);
    draw.vertex_count = 3;
    draw.instance_count = 1;
    return sb_packet(sb, AEROGPU_CMD_DRAW, &draw, sizeof draw);
}

#endif /* AEROCMD_TEST_STREAM_BUILDER_H */
