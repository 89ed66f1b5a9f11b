/* SPDX-License-Identifier: MIT */
/* dxbc_checksum.c — the checksum a DXBC container carries in bytes 4..19.
 *
 * It is MD5 over the container from byte 20 on, except for the final block(s): the bit
 * count moves to the first word of the last block, that block's last word holds
 * (bits >> 2) | 1, and when the leftover bytes plus the 0x80 marker leave fewer than eight
 * bytes free they are flushed in a block of their own first. The four state words,
 * little-endian, are the checksum. */
#include "aerocmd/dxbc.h"

#include "../common/le_bytes.h"

#define DXBC_CHECKSUM_SKIP 20u
#define MD5_BLOCK          64u

static const uint32_t md5_sine[64] = {
    0xD76AA478u, 0xE8C7B756u, 0x242070DBu, 0xC1BDCEEEu, 0xF57C0FAFu, 0x4787C62Au, 0xA8304613u,
    0xFD469501u, 0x698098D8u, 0x8B44F7AFu, 0xFFFF5BB1u, 0x895CD7BEu, 0x6B901122u, 0xFD987193u,
    0xA679438Eu, 0x49B40821u, 0xF61E2562u, 0xC040B340u, 0x265E5A51u, 0xE9B6C7AAu, 0xD62F105Du,
    0x02441453u, 0xD8A1E681u, 0xE7D3FBC8u, 0x21E1CDE6u, 0xC33707D6u, 0xF4D50D87u, 0x455A14EDu,
    0xA9E3E905u, 0xFCEFA3F8u, 0x676F02D9u, 0x8D2A4C8Au, 0xFFFA3942u, 0x8771F681u, 0x6D9D6122u,
    0xFDE5380Cu, 0xA4BEEA44u, 0x4BDECFA9u, 0xF6BB4B60u, 0xBEBFBC70u, 0x289B7EC6u, 0xEAA127FAu,
    0xD4EF3085u, 0x04881D05u, 0xD9D4D039u, 0xE6DB99E5u, 0x1FA27CF8u, 0xC4AC5665u, 0xF4292244u,
    0x432AFF97u, 0xAB9423A7u, 0xFC93A039u, 0x655B59C3u, 0x8F0CCC92u, 0xFFEFF47Du, 0x85845DD1u,
    0x6FA87E4Fu, 0xFE2CE6E0u, 0xA3014314u, 0x4E0811A1u, 0xF7537E82u, 0xBD3AF235u, 0x2AD7D2BBu,
    0xEB86D391u,
};

/* Left-rotation amounts: four per round, repeated within the round. */
static const uint8_t md5_shift[16] = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};

static uint32_t rotl(uint32_t v, uint32_t n)
{
    return (v << n) | (v >> (32u - n));
}

/* One round step's mixing function and message word for step i (0..63). */
static uint32_t md5_mix(uint32_t i, uint32_t b, uint32_t c, uint32_t d, uint32_t *word)
{
    if (i < 16u) {
        *word = i;
        return (b & c) | (~b & d);
    }
    if (i < 32u) {
        *word = (5u * i + 1u) % 16u;
        return (d & b) | (~d & c);
    }
    if (i < 48u) {
        *word = (3u * i + 5u) % 16u;
        return b ^ c ^ d;
    }
    *word = (7u * i) % 16u;
    return c ^ (b | ~d);
}

static void md5_block(uint32_t state[4], const uint8_t *block)
{
    uint32_t m[16], a = state[0], b = state[1], c = state[2], d = state[3], i;
    for (i = 0; i < 16u; i++)
        m[i] = aerocmd_load_u32(block + 4u * i);
    for (i = 0; i < 64u; i++) {
        uint32_t word = 0;
        uint32_t f = md5_mix(i, b, c, d, &word) + a + md5_sine[i] + m[word];
        a = d;
        d = c;
        c = b;
        b = b + rotl(f, md5_shift[(i / 16u) * 4u + i % 4u]);
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
}

/* The DXBC-specific ending for the `left` (< 64) bytes after the last whole block. */
static void dxbc_final_blocks(uint32_t state[4], const uint8_t *tail, uint32_t left, uint32_t bits)
{
    uint8_t block[MD5_BLOCK];
    memset(block, 0, sizeof block);
    if (left + 1u > MD5_BLOCK - 8u) {
        AEROCMD_MOVE_BYTES(block, tail, left);
        block[left] = 0x80u;
        md5_block(state, block);
        memset(block, 0, sizeof block);
    } else {
        AEROCMD_MOVE_BYTES(block + 4, tail, left);
        block[4u + left] = 0x80u;
    }
    aerocmd_store_u32(block, bits);
    aerocmd_store_u32(block + MD5_BLOCK - 4u, (bits >> 2) | 1u);
    md5_block(state, block);
}

aerocmd_result aerocmd_dxbc_checksum(const void *dxbc, uint32_t size, uint8_t out[16])
{
    const uint8_t *p = (const uint8_t *)dxbc;
    uint32_t state[4] = {0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u};
    uint32_t len, done, i;
    if (dxbc == NULL || out == NULL || size < AEROCMD_DXBC_HEADER_BYTES)
        return AEROCMD_E_INVALID_ARG;
    len = size - DXBC_CHECKSUM_SKIP;
    p += DXBC_CHECKSUM_SKIP;
    for (done = 0; len - done >= MD5_BLOCK; done += MD5_BLOCK)
        md5_block(state, p + done);
    /* The bit count is kept modulo 2^32, as the format's own hash does. */
    dxbc_final_blocks(state, p + done, len - done, len << 3);
    for (i = 0; i < 4u; i++)
        aerocmd_store_u32(out + 4u * i, state[i]);
    return AEROCMD_OK;
}
