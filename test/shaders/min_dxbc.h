/* SPDX-License-Identifier: MIT */
/* min_dxbc.h — the smallest sound DXBC container of each program type, for streams whose
 * shaders only need to pass the validator: a 32-byte header, one chunk offset, and one SHDR
 * chunk holding a shader model 4.0 program that is just "ret" (version token, length token
 * 3, ret). Its checksum comes from aerocmd_dxbc_checksum, which test dxbc-container holds to
 * the HLSL compiler's own checksums. */
#ifndef AEROCMD_TEST_MIN_DXBC_H
#define AEROCMD_TEST_MIN_DXBC_H

#include <stdint.h>
#include <string.h>

#include "aerocmd/dxbc.h"

#define MIN_DXBC_BYTES 56u

/* out: MIN_DXBC_BYTES bytes; program_type: enum aerocmd_dxbc_program_type. */
static void min_dxbc(uint8_t *out, uint32_t program_type)
{
    const uint32_t words[14] = {
        0x43425844u,
        0,
        0,
        0,
        0,
        1u,
        MIN_DXBC_BYTES,
        1u,
        36u, /* header, one offset */
        0x52444853u,
        12u, /* "SHDR", 12 bytes */
        (program_type << 16) | 0x40u,
        3u,
        0x0100003Eu /* x_4_0, 3 tokens, ret */
    };
    memcpy(out, words, sizeof words);
    aerocmd_dxbc_checksum(out, MIN_DXBC_BYTES, out + 4);
}

/* The same program followed by a second chunk ("XTRA") of `extra_len` bytes, for containers
 * of any length: 68 + extra_len bytes at out. Returns the length. */
static uint32_t min_dxbc_extra(uint8_t *out, uint32_t program_type, const void *extra,
                               uint32_t extra_len)
{
    const uint32_t total = 68u + extra_len;
    const uint32_t words[17] = {
        0x43425844u, 0,           0,
        0,           0,           1u,
        total,       2u,          40u,
        60u, /* header, two offsets */
        0x52444853u, 12u,         (program_type << 16) | 0x40u,
        3u,          0x0100003Eu, /* SHDR: ret */
        0x41525458u, extra_len    /* "XTRA" */
    };
    memcpy(out, words, sizeof words);
    memcpy(out + sizeof words, extra, extra_len);
    aerocmd_dxbc_checksum(out, total, out + 4);
    return total;
}

#endif /* AEROCMD_TEST_MIN_DXBC_H */
