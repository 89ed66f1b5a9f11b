/* SPDX-License-Identifier: MIT */
/* exec_dxbc_fixup.c — one rewrite of a checked DXBC blob before it reaches vkd3d 1.2.
 *
 * vkd3d-shader 1.2 compiles `mov dst.<mask>, src.xyzw` (an identity swizzle) into a copy of
 * the whole register whatever the mask, so `mov o1.yzw, v1.xyzw` also overwrites o1.x. The
 * HLSL compiler never meets this (it fills the lanes outside the mask with a lane inside,
 * `v1.yyzw`); hand-built and generated token streams do. Lanes outside a mov's mask are
 * never read, so giving them the first lane inside the mask, as the HLSL compiler does,
 * changes nothing but vkd3d's choice: it then moves only the masked components. The blob's
 * checksum is recomputed afterwards. */
#include <string.h>

#include "aerocmd/dxbc.h"
#include "aerocmd/sm4_format.h"
#include "exec_internal.h"

#define TAG_SHDR 0x52444853u
#define TAG_SHEX 0x58454853u

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* Byte offset of the code chunk's tokens, 0 when there is none (the blob was checked). */
static uint32_t code_offset(const uint8_t *b, size_t size, uint32_t *bytes)
{
    uint32_t count = rd32(b + 28), i;
    for (i = 0; i < count && 32u + 4u * i + 4u <= size; i++) {
        uint32_t at = rd32(b + 32 + 4u * i);
        uint32_t tag = rd32(b + at);
        if (tag == TAG_SHDR || tag == TAG_SHEX) {
            *bytes = rd32(b + at + 4);
            return at + 8u;
        }
    }
    return 0;
}

/* Position after the operand starting at pos (immediate indices only), or 0. */
static uint32_t skip_operand(const uint8_t *code, uint32_t pos, uint32_t end)
{
    uint32_t tok, dims, d;
    if (pos >= end)
        return 0;
    tok = rd32(code + 4u * pos++);
    if ((tok >> 31) != 0) { /* extended operand tokens */
        while (pos < end && (rd32(code + 4u * pos) >> 31) != 0)
            pos++;
        pos++;
    }
    dims = (tok >> 20) & 3u;
    for (d = 0; d < dims; d++) {
        uint32_t rep = (tok >> (22u + 3u * d)) & 7u;
        if (rep > 1u)
            return 0; /* relative addressing: leave the instruction alone */
        pos += rep + 1u;
    }
    return pos <= end ? pos : 0;
}

/* The mov at pos (length len): its source swizzle's lanes outside the mask take the mask's
 * first lane. 1 when the token changed. */
static int fix_mov(uint8_t *code, uint32_t pos, uint32_t len)
{
    uint32_t dst = rd32(code + 4u * (pos + 1u)), src_at, src, mask, swz, first, lane;
    uint32_t fixed = 0;
    if ((dst & 3u) != 2u || ((dst >> 2) & 3u) != 0 || (rd32(code + 4u * pos) >> 31) != 0)
        return 0; /* not a four-component mask, or an extended opcode */
    mask = (dst >> 4) & 0xFu;
    src_at = skip_operand(code, pos + 1u, pos + len);
    if (mask == 0 || mask == 0xFu || src_at == 0 || src_at >= pos + len)
        return 0;
    src = rd32(code + 4u * src_at);
    swz = (src >> 4) & 0xFFu;
    if ((src & 3u) != 2u || ((src >> 2) & 3u) != 1u || swz != 0xE4u)
        return 0; /* only an identity swizzle triggers vkd3d's whole-register copy */
    for (first = 0; ((mask >> first) & 1u) == 0; first++) {
    }
    for (lane = 0; lane < 4; lane++)
        fixed |= (((mask >> lane) & 1u) ? lane : first) << (2u * lane);
    wr32(code + 4u * src_at, (src & ~0xFF0u) | (fixed << 4));
    return 1;
}

int aerocmd_priv_exec_dxbc_fixup(uint8_t *dxbc, size_t size)
{
    uint32_t bytes = 0, at = code_offset(dxbc, size, &bytes), count, pos;
    uint8_t *code, sum[16];
    int changed = 0;
    if (at == 0 || bytes < 8u || at + bytes > size)
        return 0;
    code = dxbc + at;
    count = rd32(code + 4);
    for (pos = 2; pos < count && pos < bytes / 4u;) {
        uint32_t tok = rd32(code + 4u * pos), op = tok & AEROCMD_SM4_OPCODE_MASK;
        uint32_t len = op == AEROCMD_SM4_OP_CUSTOMDATA
                           ? rd32(code + 4u * (pos + 1u))
                           : (tok >> AEROCMD_SM4_LENGTH_SHIFT) & AEROCMD_SM4_LENGTH_MASK;
        if (len == 0 || len > count - pos)
            break; /* cannot happen after the token walk; stop rather than loop */
        if (op == AEROCMD_SM4_OP_MOV && len >= 3u)
            changed |= fix_mov(code, pos, len);
        pos += len;
    }
    if (changed && aerocmd_dxbc_checksum(dxbc, (uint32_t)size, sum) == AEROCMD_OK)
        memcpy(dxbc + 4, sum, 16);
    return changed;
}
