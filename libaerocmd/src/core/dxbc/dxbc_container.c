/* SPDX-License-Identifier: MIT */
/* dxbc_container.c — a DXBC container's header, checksum, chunk table and code chunk, read
 * the same way for every consumer (aerocmd/dxbc.h). The checksum is looked at right after
 * the header, as Direct3D's runtime does: nothing else in a container whose hash is wrong
 * can be trusted, and a hostile one gets no further. */
#include "aerocmd/dxbc.h"

#include "../common/le_bytes.h"

#define FOURCC(a, b, c, d)                                                                         \
    ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))
#define TAG_DXBC FOURCC('D', 'X', 'B', 'C')
#define TAG_SHDR FOURCC('S', 'H', 'D', 'R')
#define TAG_SHEX FOURCC('S', 'H', 'E', 'X')

#define CHECKSUM_OFFSET   4u
#define VERSION_OFFSET    20u
#define TOTAL_SIZE_OFFSET 24u
#define CHUNK_COUNT_OFF   28u
#define CHUNK_HEADER      8u /* tag, data size */

static aerocmd_result fail(enum aerocmd_dxbc_fault *out, enum aerocmd_dxbc_fault fault)
{
    if (out)
        *out = fault;
    return AEROCMD_E_MALFORMED;
}

/* Magic, version, total size, checksum. */
static enum aerocmd_dxbc_fault check_header(const uint8_t *b, size_t size)
{
    uint8_t sum[16];
    if (size < AEROCMD_DXBC_HEADER_BYTES)
        return AEROCMD_DXBC_FAULT_SHORT;
    if (aerocmd_load_u32(b) != TAG_DXBC)
        return AEROCMD_DXBC_FAULT_MAGIC;
    if (aerocmd_load_u32(b + VERSION_OFFSET) != 1u)
        return AEROCMD_DXBC_FAULT_VERSION;
    if ((uint64_t)aerocmd_load_u32(b + TOTAL_SIZE_OFFSET) != (uint64_t)size)
        return AEROCMD_DXBC_FAULT_SIZE;
    aerocmd_dxbc_checksum(b, (uint32_t)size, sum);
    return memcmp(sum, b + CHECKSUM_OFFSET, sizeof sum) == 0 ? AEROCMD_DXBC_FAULT_NONE
                                                             : AEROCMD_DXBC_FAULT_CHECKSUM;
}

/* Every chunk inside the container; the one code chunk's data into *at, *bytes. */
static enum aerocmd_dxbc_fault find_code(const uint8_t *b, uint32_t total, uint32_t *at,
                                         uint32_t *bytes)
{
    uint32_t count = aerocmd_load_u32(b + CHUNK_COUNT_OFF), i, found = 0;
    if (count > (total - AEROCMD_DXBC_HEADER_BYTES) / 4u)
        return AEROCMD_DXBC_FAULT_CHUNK_COUNT;
    for (i = 0; i < count; i++) {
        uint32_t chunk = aerocmd_load_u32(b + AEROCMD_DXBC_HEADER_BYTES + 4u * i), tag, len;
        if (chunk % 4u != 0 || chunk > total - CHUNK_HEADER ||
            aerocmd_load_u32(b + chunk + 4u) > total - CHUNK_HEADER - chunk)
            return AEROCMD_DXBC_FAULT_CHUNK_BOUNDS;
        tag = aerocmd_load_u32(b + chunk);
        len = aerocmd_load_u32(b + chunk + 4u);
        if (tag == TAG_SHDR || tag == TAG_SHEX) {
            found++;
            *at = chunk + CHUNK_HEADER;
            *bytes = len;
        }
    }
    return found == 1 ? AEROCMD_DXBC_FAULT_NONE : AEROCMD_DXBC_FAULT_CODE_CHUNKS;
}

/* The version and length tokens: SM 4.0, 4.1 or 5.0 of a known program type, and a program
 * no longer than its chunk. */
static enum aerocmd_dxbc_fault read_program(const uint8_t *code, uint32_t bytes,
                                            struct aerocmd_dxbc_program *out)
{
    uint32_t version, length;
    if (bytes < 8u || bytes % 4u != 0)
        return AEROCMD_DXBC_FAULT_PROGRAM;
    version = aerocmd_load_u32(code);
    length = aerocmd_load_u32(code + 4u);
    out->program_type = version >> 16;
    out->major = (version >> 4) & 0xFu;
    out->minor = version & 0xFu;
    if (out->program_type > AEROCMD_DXBC_COMPUTE || out->major < 4u || out->major > 5u ||
        length < 2u || length > bytes / 4u)
        return AEROCMD_DXBC_FAULT_PROGRAM;
    out->code_bytes = bytes;
    out->token_count = length;
    return AEROCMD_DXBC_FAULT_NONE;
}

aerocmd_result aerocmd_dxbc_open(const void *dxbc, size_t size, struct aerocmd_dxbc_program *out,
                                 enum aerocmd_dxbc_fault *fault)
{
    const uint8_t *b = (const uint8_t *)dxbc;
    uint32_t at = 0, bytes = 0;
    enum aerocmd_dxbc_fault f;
    if (fault)
        *fault = AEROCMD_DXBC_FAULT_NONE;
    if (!dxbc || !out)
        return AEROCMD_E_INVALID_ARG;
    f = check_header(b, size);
    if (f == AEROCMD_DXBC_FAULT_NONE)
        f = find_code(b, (uint32_t)size, &at, &bytes);
    if (f == AEROCMD_DXBC_FAULT_NONE)
        f = read_program(b + at, bytes, out);
    if (f != AEROCMD_DXBC_FAULT_NONE)
        return fail(fault, f);
    out->code_offset = at;
    return AEROCMD_OK;
}

const char *aerocmd_dxbc_fault_text(enum aerocmd_dxbc_fault fault)
{
    switch (fault) {
    case AEROCMD_DXBC_FAULT_NONE:
        return "a sound container";
    case AEROCMD_DXBC_FAULT_SHORT:
        return "shorter than a DXBC header (32 bytes)";
    case AEROCMD_DXBC_FAULT_MAGIC:
        return "no DXBC magic";
    case AEROCMD_DXBC_FAULT_VERSION:
        return "container version is not 1";
    case AEROCMD_DXBC_FAULT_SIZE:
        return "the container's total size is not the blob's size";
    case AEROCMD_DXBC_FAULT_CHECKSUM:
        return "DXBC checksum mismatch";
    case AEROCMD_DXBC_FAULT_CHUNK_COUNT:
        return "the chunk count does not fit the container";
    case AEROCMD_DXBC_FAULT_CHUNK_BOUNDS:
        return "a chunk is unaligned or runs past the container";
    case AEROCMD_DXBC_FAULT_CODE_CHUNKS:
        return "not exactly one SHDR/SHEX chunk";
    case AEROCMD_DXBC_FAULT_PROGRAM:
        return "the version or length token is not an SM4/SM5 program inside its chunk";
    }
    return "unknown DXBC fault";
}
