/* SPDX-License-Identifier: MIT */
/* stream_dxbc.h — every CREATE_SHADER_DXBC of a command stream checked by the executor's DXBC check
 * (dxbc_check.h). */
#ifndef AEROCMD_TEST_STREAM_DXBC_H
#define AEROCMD_TEST_STREAM_DXBC_H

#include "aerocmd/decode.h"
#include "aerogpu_cmd.h"
#include "check.h"
#include "shaders/dxbc_check.h"

/* Checks every shader container of the stream; returns how many there were (CHECKs a
 * failure, naming `what` and the packet offset). */
static uint32_t stream_dxbc_check(const uint8_t *stream, size_t len, const char *what)
{
    struct aerocmd_stream st;
    struct aerocmd_cursor cur;
    struct aerocmd_packet pkt;
    struct aerocmd_diag diag;
    uint32_t n = 0;
    if (!CHECK_EQ(aerocmd_stream_open(&st, stream, len, &diag), AEROCMD_OK))
        return 0;
    aerocmd_cursor_init(&cur, &st);
    while (aerocmd_cursor_next(&cur, &pkt, &diag) == 1) {
        uint32_t size = 0;
        const uint8_t *dxbc;
        if (pkt.opcode != AEROGPU_CMD_CREATE_SHADER_DXBC)
            continue;
        dxbc = aerocmd_packet_payload(&pkt, &size, NULL);
        n++;
        if (!CHECK(dxbc != NULL && dxbc_ok(dxbc, size, what)))
            fprintf(stderr, "    %s: CREATE_SHADER_DXBC at offset 0x%x\n", what,
                    (unsigned)pkt.offset);
    }
    return n;
}

#endif /* AEROCMD_TEST_STREAM_DXBC_H */
