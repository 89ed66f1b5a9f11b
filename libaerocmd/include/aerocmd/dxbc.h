/* SPDX-License-Identifier: MIT */
/* dxbc.h — DXBC shader containers (kernel-safe core): the one reading of the container that
 * the validator (CREATE_SHADER_DXBC), the state tracker (shaders it is handed) and the
 * reference executor share.
 *
 * A container is a 32-byte header ("DXBC", a 16-byte checksum, version 1, the total size,
 * the chunk count) followed by one 32-bit offset per chunk; each chunk is a four-character
 * tag, its data size and its data. A Direct3D 10/11 shader has exactly one code chunk,
 * SHDR (Shader Model 4.x) or SHEX (5.0), whose data is the tokenized program: a version
 * token (minor in bits 0..3, major in 4..7, program type in 16..31) and a length token (the
 * program's DWORDs, both counted).
 *
 * The checksum is the format's modified MD5 over bytes 20..size-1: MD5's blocks, except
 * that the final block(s) carry the bit count in their first word and (bits >> 2) | 1 in
 * their last, and when the leftover bytes and the 0x80 marker leave fewer than eight bytes
 * free they are flushed in a block of their own first. Freestanding: no allocation, a few
 * hundred bytes of stack, linear in the size.
 *
 * What is not judged here: the program's instructions (the executor walks them and hands
 * the program to vkd3d-shader, which only a host can run; doc/host-only-checks.md). */
#ifndef AEROCMD_DXBC_H
#define AEROCMD_DXBC_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/result.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

#define AEROCMD_DXBC_HEADER_BYTES 32u

/* The program type of the version token (D3D10_SB_TOKENIZED_PROGRAM_TYPE numbering). */
enum aerocmd_dxbc_program_type {
    AEROCMD_DXBC_PIXEL = 0,
    AEROCMD_DXBC_VERTEX = 1,
    AEROCMD_DXBC_GEOMETRY = 2,
    AEROCMD_DXBC_HULL = 3,
    AEROCMD_DXBC_DOMAIN = 4,
    AEROCMD_DXBC_COMPUTE = 5
};

/* What is wrong with a container, in the order aerocmd_dxbc_open looks. */
enum aerocmd_dxbc_fault {
    AEROCMD_DXBC_FAULT_NONE = 0,
    AEROCMD_DXBC_FAULT_SHORT = 1,        /* fewer bytes than the header */
    AEROCMD_DXBC_FAULT_MAGIC = 2,        /* not "DXBC" */
    AEROCMD_DXBC_FAULT_VERSION = 3,      /* container version not 1 */
    AEROCMD_DXBC_FAULT_SIZE = 4,         /* total size field is not the blob's size */
    AEROCMD_DXBC_FAULT_CHECKSUM = 5,     /* stored checksum is not the computed one */
    AEROCMD_DXBC_FAULT_CHUNK_COUNT = 6,  /* the chunk offsets do not fit the container */
    AEROCMD_DXBC_FAULT_CHUNK_BOUNDS = 7, /* a chunk unaligned or running past the end */
    AEROCMD_DXBC_FAULT_CODE_CHUNKS = 8,  /* not exactly one SHDR / SHEX chunk */
    AEROCMD_DXBC_FAULT_PROGRAM = 9       /* version token not SM 4.x / 5.0 of a known
                                            type, or length token outside the chunk */
};

/* The program a sound container holds. */
struct aerocmd_dxbc_program {
    uint32_t program_type; /* enum aerocmd_dxbc_program_type */
    uint32_t major, minor; /* shader model */
    uint32_t code_offset;  /* container offset of the code chunk's data (the version token) */
    uint32_t code_bytes;   /* the code chunk's data size: a multiple of 4, at least 8 */
    uint32_t token_count;  /* the length token: 2 .. code_bytes / 4 */
};

/* The checksum of a container of `size` bytes (computed over bytes 20..size-1) into out.
 * AEROCMD_E_INVALID_ARG: NULL pointers or size below the header. */
aerocmd_result aerocmd_dxbc_checksum(const void *dxbc, uint32_t size, uint8_t out[16]);

/* Checks header, checksum, chunk table and the code chunk's version and length tokens, and
 * describes the program. AEROCMD_OK, or AEROCMD_E_MALFORMED with *fault saying what is wrong
 * (fault may be NULL); AEROCMD_E_INVALID_ARG for NULL dxbc or out. */
aerocmd_result aerocmd_dxbc_open(const void *dxbc, size_t size, struct aerocmd_dxbc_program *out,
                                 enum aerocmd_dxbc_fault *fault);

/* One English phrase per fault ("checksum mismatch", ...). Never NULL. */
const char *aerocmd_dxbc_fault_text(enum aerocmd_dxbc_fault fault);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_DXBC_H */
