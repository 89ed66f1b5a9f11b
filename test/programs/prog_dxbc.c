/* SPDX-License-Identifier: MIT */
/* prog_dxbc.c — a DXBC container around a shader's token stream (and its signatures), for
 * the shaders the programs carry as bytecode because Wine 8.0's HLSL compiler cannot make
 * them (structured and raw buffers, ...). The checksum is the container's own variant of
 * MD5, over the container from byte 20: the last block carries the bit count in its first
 * word and (bits >> 2) | 1 in its last. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

static const uint32_t sine[64] = {
    0xD76AA478u, 0xE8C7B756u, 0x242070DBu, 0xC1BDCEEEu, 0xF57C0FAFu, 0x4787C62Au, 0xA8304613u,
    0xFD469501u, 0x698098D8u, 0x8B44F7AFu, 0xFFFF5BB1u, 0x895CD7BEu, 0x6B901122u, 0xFD987193u,
    0xA679438Eu, 0x49B40821u, 0xF61E2562u, 0xC040B340u, 0x265E5A51u, 0xE9B6C7AAu, 0xD62F105Du,
    0x02441453u, 0xD8A1E681u, 0xE7D3FBC8u, 0x21E1CDE6u, 0xC33707D6u, 0xF4D50D87u, 0x455A14EDu,
    0xA9E3E905u, 0xFCEFA3F8u, 0x676F02D9u, 0x8D2A4C8Au, 0xFFFA3942u, 0x8771F681u, 0x6D9D6122u,
    0xFDE5380Cu, 0xA4BEEA44u, 0x4BDECFA9u, 0xF6BB4B60u, 0xBEBFBC70u, 0x289B7EC6u, 0xEAA127FAu,
    0xD4EF3085u, 0x04881D05u, 0xD9D4D039u, 0xE6DB99E5u, 0x1FA27CF8u, 0xC4AC5665u, 0xF4292244u,
    0x432AFF97u, 0xAB9423A7u, 0xFC93A039u, 0x655B59C3u, 0x8F0CCC92u, 0xFFEFF47Du, 0x85845DD1u,
    0x6FA87E4Fu, 0xFE2CE6E0u, 0xA3014314u, 0x4E0811A1u, 0xF7537E82u, 0xBD3AF235u, 0x2AD7D2BBu,
    0xEB86D391u};
static const uint8_t shifts[4][4] = {
    {7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void md5_block(uint32_t s[4], const uint8_t *block)
{
    uint32_t a = s[0], b = s[1], c = s[2], d = s[3], i;
    for (i = 0; i < 64; i++) {
        uint32_t f, g, t;
        if (i < 16) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (i < 32) {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) % 16;
        } else if (i < 48) {
            f = b ^ c ^ d;
            g = (3 * i + 5) % 16;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) % 16;
        }
        t = a + f + sine[i] + le32(block + 4 * g);
        a = d;
        d = c;
        c = b;
        b += (t << shifts[i / 16][i % 4]) | (t >> (32 - shifts[i / 16][i % 4]));
    }
    s[0] += a;
    s[1] += b;
    s[2] += c;
    s[3] += d;
}

void prog_dxbc_checksum(const void *dxbc, UINT size, uint8_t out[16])
{
    const uint8_t *p = (const uint8_t *)dxbc + 20;
    uint32_t s[4] = {0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u}, n = size - 20, bits, left,
             i;
    uint8_t block[64];
    for (; n >= 64; n -= 64, p += 64)
        md5_block(s, p);
    left = n;
    bits = (size - 20) * 8;
    memset(block, 0, sizeof block);
    if (left >= 56) {
        memcpy(block, p, left);
        block[left] = 0x80;
        md5_block(s, block);
        memset(block, 0, sizeof block);
    } else {
        memcpy(block + 4, p, left);
        block[4 + left] = 0x80;
    }
    put32(block, bits);
    put32(block + 60, (bits >> 2) | 1);
    md5_block(s, block);
    for (i = 0; i < 4; i++)
        put32(out + 4 * i, s[i]);
}

static uint8_t *chunk_header(uint8_t *at, const char *tag, UINT size)
{
    memcpy(at, tag, 4);
    put32(at + 4, size);
    return at + 8;
}

/* A signature chunk: count, 8, 24-byte elements, then their names. */
static UINT signature_bytes(const struct prog_sig *e, UINT n)
{
    UINT size = 8 + 24 * n, i;
    for (i = 0; i < n; i++)
        size += (UINT)strlen(e[i].name) + 1;
    return (size + 3) & ~3u;
}

static uint8_t *signature(uint8_t *at, const char *tag, const struct prog_sig *e, UINT n)
{
    UINT size = signature_bytes(e, n), names = 8 + 24 * n, i;
    uint8_t *d = chunk_header(at, tag, size);
    memset(d, 0, size);
    put32(d, n);
    put32(d + 4, 8);
    for (i = 0; i < n; i++) {
        uint8_t *el = d + 8 + 24 * i;
        put32(el, names);
        put32(el + 4, e[i].index);
        put32(el + 8, e[i].system_value);
        put32(el + 12, 3); /* float */
        put32(el + 16, e[i].reg);
        el[20] = e[i].mask;
        el[21] = e[i].rw_mask;
        memcpy(d + names, e[i].name, strlen(e[i].name) + 1);
        names += (UINT)strlen(e[i].name) + 1;
    }
    return d + size;
}

void *prog_dxbc_sig(const UINT *tokens, UINT count, const struct prog_sig *in, UINT n_in,
                    const struct prog_sig *out, UINT n_out, UINT *size_out)
{
    UINT size =
        32 + 3 * 4 + 3 * 8 + signature_bytes(in, n_in) + signature_bytes(out, n_out) + count * 4;
    uint8_t *c = (uint8_t *)calloc(1, size), *at;
    if (c == NULL)
        exit(2);
    memcpy(c, "DXBC", 4);
    put32(c + 20, 1);
    put32(c + 24, size);
    put32(c + 28, 3);
    at = c + 44;
    put32(c + 32, (UINT)(at - c));
    at = signature(at, "ISGN", in, n_in);
    put32(c + 36, (UINT)(at - c));
    at = signature(at, "OSGN", out, n_out);
    put32(c + 40, (UINT)(at - c));
    memcpy(chunk_header(at, "SHDR", count * 4), tokens, count * 4);
    prog_dxbc_checksum(c, size, c + 4);
    *size_out = size;
    return c;
}

void *prog_dxbc(const UINT *tokens, UINT count, UINT *size_out)
{
    return prog_dxbc_sig(tokens, count, NULL, 0, NULL, 0, size_out);
}

int prog_dxbc_checksum_ok(const void *dxbc, UINT size)
{
    uint8_t sum[16];
    prog_dxbc_checksum(dxbc, size, sum);
    return memcmp(sum, (const uint8_t *)dxbc + 4, 16) == 0;
}
