/* SPDX-License-Identifier: MIT */
/* capture_shaders.h — the capture fixtures' shader containers carry a zero checksum
 * (test/data/fixtures/README.md), which the validator refuses (dxbc_checksum) and so does
 * Direct3D. Their containers are otherwise sound (one SHDR chunk, an SM4 version token and a
 * length inside the chunk); only their instructions are not SM4, which the executor judges. */
#ifndef AEROCMD_TEST_CAPTURE_SHADERS_H
#define AEROCMD_TEST_CAPTURE_SHADERS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aerocmd/dxbc.h"
#include "aerogpu_cmd.h"

/* For the tests that need the captures' packets as valid input: writes the right checksum
 * into each CREATE_SHADER_DXBC payload (walking the packets by their headers, not with the
 * decoder). Returns the byte offset of the first
 * shader packet whose stored checksum was all zeros, or 0 when there was none. */
static uint32_t capture_resum_shaders(uint8_t *bytes, size_t len)
{
    const uint32_t fixed = (uint32_t)sizeof(struct aerogpu_cmd_create_shader_dxbc);
    static const uint8_t zeros[16];
    uint32_t at = (uint32_t)sizeof(struct aerogpu_cmd_stream_header), first_zero = 0;
    while (at + 8u <= len) {
        uint32_t opcode, size, dxbc_size = 0;
        memcpy(&opcode, bytes + at, 4);
        memcpy(&size, bytes + at + 4, 4);
        if (size < 8u || size > len - at)
            break;
        if (opcode == AEROGPU_CMD_CREATE_SHADER_DXBC && size >= fixed)
            memcpy(&dxbc_size,
                   bytes + at + offsetof(struct aerogpu_cmd_create_shader_dxbc, dxbc_size_bytes),
                   4);
        if (dxbc_size >= AEROCMD_DXBC_HEADER_BYTES && dxbc_size <= size - fixed) {
            uint8_t *dxbc = bytes + at + fixed;
            if (first_zero == 0 && memcmp(dxbc + 4, zeros, 16) == 0)
                first_zero = at;
            aerocmd_dxbc_checksum(dxbc, dxbc_size, dxbc + 4);
        }
        at += size;
    }
    return first_zero;
}

#endif /* AEROCMD_TEST_CAPTURE_SHADERS_H */
