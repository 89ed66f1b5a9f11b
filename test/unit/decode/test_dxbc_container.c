/* SPDX-License-Identifier: MIT */
/* DXBC containers (aerocmd/dxbc.h): the HLSL compiler's own containers open with the
 * program their version token names, and every way the format can be broken is named.
 * Expected offsets and faults come from the container layout (header 32 bytes, then one
 * offset per chunk; chunk = tag, size, data), never from the reader. */
#include <stdlib.h>

#include "aerocmd/dxbc.h"
#include "check.h"
#include "shaders/fxc_blobs.h"

static void wr32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, 4);
}

/* A copy of the cs_5_0 container with word `index` replaced and, when `resum`, the checksum
 * made right again (so that the fault looked for is the only one). */
static enum aerocmd_dxbc_fault open_mutated(uint32_t index, uint32_t value, int resum)
{
    uint8_t b[sizeof fxc_cs];
    struct aerocmd_dxbc_program p;
    enum aerocmd_dxbc_fault fault = AEROCMD_DXBC_FAULT_NONE;
    memcpy(b, fxc_cs, sizeof b);
    wr32(b + 4u * index, value);
    if (resum)
        aerocmd_dxbc_checksum(b, sizeof b, b + 4);
    if (aerocmd_dxbc_open(b, sizeof b, &p, &fault) == AEROCMD_OK)
        return AEROCMD_DXBC_FAULT_NONE;
    return fault;
}

static void test_compiler_containers(void)
{
    struct aerocmd_dxbc_program p;
    enum aerocmd_dxbc_fault fault;
    uint8_t sum[16];
    /* cs_5_0: chunks at 0x2C (ISGN), 0x3C (OSGN), 0x4C (SHEX, 0x58 bytes: 0x16 tokens) */
    CHECK_EQ(aerocmd_dxbc_open(fxc_cs, sizeof fxc_cs, &p, &fault), AEROCMD_OK);
    CHECK_EQ(fault, AEROCMD_DXBC_FAULT_NONE);
    CHECK_EQ(p.program_type, AEROCMD_DXBC_COMPUTE);
    CHECK_EQ(p.major, 5);
    CHECK_EQ(p.minor, 0);
    CHECK_EQ(p.code_offset, 0x4C + 8);
    CHECK_EQ(p.code_bytes, 0x58);
    CHECK_EQ(p.token_count, 0x16);
    /* ps_5_0: SHEX at 0x70 with 0x3C bytes, 0x0F tokens */
    CHECK_EQ(aerocmd_dxbc_open(fxc_ps, sizeof fxc_ps, &p, NULL), AEROCMD_OK);
    CHECK_EQ(p.program_type, AEROCMD_DXBC_PIXEL);
    CHECK_EQ(p.code_offset, 0x70 + 8);
    CHECK_EQ(p.code_bytes, 0x3C);
    CHECK_EQ(p.token_count, 0x0F);
    /* a root signature: a sound container without a program */
    CHECK_EQ(aerocmd_dxbc_open(fxc_rootsig, sizeof fxc_rootsig, &p, &fault), AEROCMD_E_MALFORMED);
    CHECK_EQ(fault, AEROCMD_DXBC_FAULT_CODE_CHUNKS);
    /* the checksums are the compiler's, for three lengths */
    CHECK_EQ(aerocmd_dxbc_checksum(fxc_cs, sizeof fxc_cs, sum), AEROCMD_OK);
    CHECK(memcmp(sum, &fxc_cs[1], 16) == 0);
    CHECK_EQ(aerocmd_dxbc_checksum(fxc_ps, sizeof fxc_ps, sum), AEROCMD_OK);
    CHECK(memcmp(sum, &fxc_ps[1], 16) == 0);
    CHECK_EQ(aerocmd_dxbc_checksum(fxc_rootsig, sizeof fxc_rootsig, sum), AEROCMD_OK);
    CHECK(memcmp(sum, &fxc_rootsig[1], 16) == 0);
}

static void test_header_faults(void)
{
    uint8_t b[sizeof fxc_cs + 4];
    struct aerocmd_dxbc_program p;
    enum aerocmd_dxbc_fault fault;
    uint32_t i;
    memcpy(b, fxc_cs, sizeof fxc_cs);
    CHECK_EQ(aerocmd_dxbc_open(b, 31, &p, &fault), AEROCMD_E_MALFORMED);
    CHECK_EQ(fault, AEROCMD_DXBC_FAULT_SHORT);
    /* one more byte than the container says it has */
    CHECK_EQ(aerocmd_dxbc_open(b, sizeof fxc_cs + 4, &p, &fault), AEROCMD_E_MALFORMED);
    CHECK_EQ(fault, AEROCMD_DXBC_FAULT_SIZE);
    CHECK_EQ(open_mutated(0, 0x43425845u, 0), AEROCMD_DXBC_FAULT_MAGIC);
    CHECK_EQ(open_mutated(5, 2u, 1), AEROCMD_DXBC_FAULT_VERSION);
    CHECK_EQ(open_mutated(6, sizeof fxc_cs - 4u, 1), AEROCMD_DXBC_FAULT_SIZE);
    /* any changed byte after the checksum, or in it, is a checksum mismatch */
    CHECK_EQ(open_mutated(1, fxc_cs[1] ^ 1u, 0), AEROCMD_DXBC_FAULT_CHECKSUM);
    CHECK_EQ(open_mutated(42, 0x0100003Fu, 0), AEROCMD_DXBC_FAULT_CHECKSUM);
    /* bytes that are no container at all */
    srand(7);
    for (i = 0; i < sizeof b; i++)
        b[i] = (uint8_t)rand();
    CHECK_EQ(aerocmd_dxbc_open(b, sizeof b, &p, &fault), AEROCMD_E_MALFORMED);
    CHECK_EQ(fault, AEROCMD_DXBC_FAULT_MAGIC);
    CHECK_EQ(aerocmd_dxbc_open(NULL, 64, &p, &fault), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_dxbc_open(fxc_cs, sizeof fxc_cs, NULL, &fault), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_dxbc_checksum(fxc_cs, 31, (uint8_t *)b), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_dxbc_checksum(NULL, 64, (uint8_t *)b), AEROCMD_E_INVALID_ARG);
}

/* Word 7 is the chunk count, words 8..10 the chunk offsets; the SHEX chunk's tag is word
 * 19, its size word 20, the version token word 21 and the length token word 22. */
static void test_chunk_faults(void)
{
    CHECK_EQ(open_mutated(7, 0xFFFFFFFFu, 1), AEROCMD_DXBC_FAULT_CHUNK_COUNT);
    /* 36 offsets would end at byte 32 + 144 = 176 > 172 */
    CHECK_EQ(open_mutated(7, 36u, 1), AEROCMD_DXBC_FAULT_CHUNK_COUNT);
    CHECK_EQ(open_mutated(10, 0x7FFFFFF0u, 1), AEROCMD_DXBC_FAULT_CHUNK_BOUNDS);
    CHECK_EQ(open_mutated(10, 0x4Eu, 1), AEROCMD_DXBC_FAULT_CHUNK_BOUNDS); /* unaligned */
    CHECK_EQ(open_mutated(10, 0xA8u, 1), AEROCMD_DXBC_FAULT_CHUNK_BOUNDS); /* header past end */
    CHECK_EQ(open_mutated(20, 0x5Cu, 1), AEROCMD_DXBC_FAULT_CHUNK_BOUNDS); /* data past end */
    CHECK_EQ(open_mutated(19, 0x52444853u, 1), AEROCMD_DXBC_FAULT_NONE);   /* SHDR is code too */
    CHECK_EQ(open_mutated(19, 0x58454854u, 1), AEROCMD_DXBC_FAULT_CODE_CHUNKS); /* no code */
    CHECK_EQ(open_mutated(15, 0x58454853u, 1), AEROCMD_DXBC_FAULT_CODE_CHUNKS); /* two SHEX */
}

static void test_program_faults(void)
{
    CHECK_EQ(open_mutated(21, 0x00060050u, 1), AEROCMD_DXBC_FAULT_PROGRAM); /* type 6 */
    CHECK_EQ(open_mutated(21, 0x00050030u, 1), AEROCMD_DXBC_FAULT_PROGRAM); /* SM 3 */
    CHECK_EQ(open_mutated(21, 0x00050060u, 1), AEROCMD_DXBC_FAULT_PROGRAM); /* SM 6 */
    CHECK_EQ(open_mutated(21, 0x00010040u, 1), AEROCMD_DXBC_FAULT_NONE);    /* a vs_4_0 */
    CHECK_EQ(open_mutated(22, 0x17u, 1), AEROCMD_DXBC_FAULT_PROGRAM);       /* 23 > 22 tokens */
    CHECK_EQ(open_mutated(22, 1u, 1), AEROCMD_DXBC_FAULT_PROGRAM);
    CHECK_EQ(open_mutated(20, 0x56u, 1), AEROCMD_DXBC_FAULT_PROGRAM); /* not whole tokens */
    CHECK_EQ(open_mutated(20, 4u, 1), AEROCMD_DXBC_FAULT_PROGRAM);    /* no length token */
}

static void test_fault_texts(void)
{
    uint32_t f;
    for (f = AEROCMD_DXBC_FAULT_NONE; f <= AEROCMD_DXBC_FAULT_PROGRAM; f++)
        CHECK(strcmp(aerocmd_dxbc_fault_text((enum aerocmd_dxbc_fault)f),
                     aerocmd_dxbc_fault_text((enum aerocmd_dxbc_fault)99)) != 0);
}

int main(void)
{
    test_compiler_containers();
    test_header_faults();
    test_chunk_faults();
    test_program_faults();
    test_fault_texts();
    return check_finish();
}
