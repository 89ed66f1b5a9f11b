/* SPDX-License-Identifier: MIT */
/* dxbc_mutator.c — fuzz_exec's structure-aware mutations: inside the DXBC containers an
 * input carries (CREATE_SHADER_DXBC payloads, in raw streams and in traces alike), one SM4
 * token gets a new value in one of the fields an opcode or operand token has, and every
 * container's checksum is recomputed afterwards, so that the executor looks past the
 * checksum into the tokens. Byte-level mutations (libFuzzer's) get their containers'
 * checksums recomputed too.
 *
 * The fields (sm4_format.h): opcode (bits 0..10), controls (11..23), length (24..30),
 * extended (31); operand components (0..1), selection mode (2..3), mask / swizzle (4..11),
 * register type (12..19), index dimension (20..21), index representations (22..30). A word
 * is not known to be an opcode or an operand token: any field may land on any word, plus
 * whole-word values (0, ~0, small numbers, +-1, a neighbour's value). */
#include "dxbc_mutator.h"

#include <string.h>

#include "aerocmd/sm4_format.h"
#include "aerocmd/umd_dxbc.h"

#define TAG_DXBC  0x43425844u
#define TAG_SHDR  0x52444853u
#define TAG_SHEX  0x58454853u
#define MAX_FOUND 64u

struct field {
    uint8_t shift, bits;
};

static const struct field fields[] = {
    {0, 11}, {11, 13}, {24, 7}, {31, 1},                                     /* opcode token */
    {0, 2},  {2, 2},   {4, 8},  {12, 8}, {20, 2}, {22, 3}, {25, 3}, {28, 3}, /* operand */
};

struct code_chunk {
    size_t dxbc_at, dxbc_size; /* the container */
    size_t code_at;            /* its tokens */
    uint32_t words;
};

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t next_random(uint32_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    return *state;
}

/* The code chunk of the container at `at`, if it is a whole container. */
static int chunk_of(const uint8_t *data, size_t size, size_t at, struct code_chunk *out)
{
    uint32_t total, count, i;
    if (size - at < 32u || rd32(data + at) != TAG_DXBC)
        return 0;
    total = rd32(data + at + 24);
    count = rd32(data + at + 28);
    if (total < 32u || total > size - at || count > (total - 32u) / 4u)
        return 0;
    for (i = 0; i < count; i++) {
        uint32_t off = rd32(data + at + 32 + 4u * i), tag, len;
        if (off % 4u != 0 || off > total - 8u)
            return 0;
        tag = rd32(data + at + off);
        len = rd32(data + at + off + 4);
        if ((tag == TAG_SHDR || tag == TAG_SHEX) && len <= total - 8u - off && len >= 8u) {
            out->dxbc_at = at;
            out->dxbc_size = total;
            out->code_at = at + off + 8u;
            out->words = len / 4u;
            return 1;
        }
    }
    return 0;
}

/* Every container in the input (DXBC magic at any 4-byte position). */
static uint32_t find_chunks(const uint8_t *data, size_t size, struct code_chunk *out)
{
    uint32_t n = 0;
    size_t at;
    for (at = 0; at + 32u <= size && n < MAX_FOUND; at += 4u)
        if (chunk_of(data, size, at, &out[n]))
            n++;
    return n;
}

void dxbc_mutator_fix_checksums(uint8_t *data, size_t size)
{
    struct code_chunk found[MAX_FOUND];
    uint32_t n = find_chunks(data, size, found), i;
    for (i = 0; i < n; i++)
        aerocmd_umd_dxbc_checksum(data + found[i].dxbc_at, (uint32_t)found[i].dxbc_size,
                                  data + found[i].dxbc_at + 4);
}

/* A new value for one token. */
static uint32_t mutate_word(uint32_t old, const uint8_t *code, uint32_t words, uint32_t *rnd)
{
    uint32_t pick = next_random(rnd) % 8u, v = next_random(rnd);
    if (pick < 4u) { /* one field, a random value or +-1 */
        const struct field *f = &fields[next_random(rnd) % (sizeof fields / sizeof fields[0])];
        uint32_t mask = ((1u << f->bits) - 1u) << f->shift;
        uint32_t value = (old & mask) >> f->shift;
        value = pick == 0 ? value + 1u : pick == 1 ? value - 1u : v;
        return (old & ~mask) | ((value << f->shift) & mask);
    }
    switch (pick) {
    case 4:
        return old ^ (1u << (v % 32u));
    case 5:
        return v % 2u ? 0u : 0xFFFFFFFFu;
    case 6:
        return v % 64u;
    default: /* a word from elsewhere in the program */
        return rd32(code + 4u * (v % words));
    }
}

size_t dxbc_mutator_mutate(uint8_t *data, size_t size, unsigned int seed)
{
    struct code_chunk found[MAX_FOUND], *c;
    uint32_t n = find_chunks(data, size, found), rnd = seed | 1u, count, i;
    if (n == 0)
        return 0;
    c = &found[next_random(&rnd) % n];
    count = 1u + next_random(&rnd) % 3u;
    for (i = 0; i < count; i++) {
        uint32_t w = next_random(&rnd) % c->words;
        uint8_t *at = data + c->code_at + 4u * w;
        wr32(at, mutate_word(rd32(at), data + c->code_at, c->words, &rnd));
    }
    aerocmd_umd_dxbc_checksum(data + c->dxbc_at, (uint32_t)c->dxbc_size, data + c->dxbc_at + 4);
    return size;
}
