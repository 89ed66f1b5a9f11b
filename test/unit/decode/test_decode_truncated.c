/* SPDX-License-Identifier: MIT */
/* Every known opcode as the last packet of a stream, cut to every size from its header up
 * to its fixed struct, in a heap block of exactly the stream's length: the validator, the
 * cursor and the per-packet check must name PACKET_TOO_SHORT at the packet's offset
 * without reading past the block (run under ASan in CI). Regression: the fast path once
 * read a packet's stage field before checking that the fixed struct fit. */
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "check.h"

static void put_u32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, sizeof v);
}

static void check_cut(uint32_t opcode, uint32_t size)
{
    uint32_t total = 24 + size;
    uint8_t *buf = malloc(total);
    struct aerocmd_diag diag;
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    if (!CHECK(buf != NULL))
        return;
    memset(buf, 0, total);
    put_u32(buf, AEROGPU_CMD_STREAM_MAGIC);
    put_u32(buf + 4, AEROGPU_ABI_VERSION_U32);
    put_u32(buf + 8, total);
    put_u32(buf + 24, opcode);
    put_u32(buf + 28, size);
    CHECK_EQ(aerocmd_validate_stream(buf, total, &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_PACKET_TOO_SHORT);
    CHECK_EQ(diag.offset, 24);
    CHECK_EQ(diag.opcode, opcode);
    if (CHECK_EQ(aerocmd_stream_open(&stream, buf, total, &diag), AEROCMD_OK)) {
        aerocmd_cursor_init(&cursor, &stream);
        if (CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, &diag), 1)) {
            CHECK_EQ(aerocmd_packet_check(&stream, &packet, &diag), AEROCMD_E_MALFORMED);
            CHECK_EQ(diag.reason, AEROCMD_R_PACKET_TOO_SHORT);
            CHECK(aerocmd_packet_fixed(&packet, opcode) == NULL);
        }
    }
    free(buf);
}

int main(void)
{
    uint32_t count, i, size;
    const struct aerocmd_opcode_info *table = aerocmd_opcode_table(&count);
    CHECK(count > 40);
    for (i = 0; i < count; i++)
        for (size = 8; size < table[i].fixed_size; size += 4)
            check_cut(table[i].opcode, size);
    return check_finish();
}
