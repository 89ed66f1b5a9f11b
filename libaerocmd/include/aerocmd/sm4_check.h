/* SPDX-License-Identifier: MIT */
/* sm4_check.h — a check of a Shader Model 4.0 / 4.1 / 5.0 token stream (the bytes of a
 * DXBC container's SHDR or SHEX chunk) before a shader compiler sees it. Kernel-safe core:
 * no allocation, reads only the bytes given.
 *
 * It accepts exactly the programs the reference executor translates (vertex, pixel,
 * geometry and compute shaders that vkd3d-shader 1.2 compiles to SPIR-V) and refuses
 * anything else with the token offset, the opcode and what is wrong. What it checks:
 * - the version token (program type, 4.0 / 4.1 / 5.0) and the length token;
 * - every instruction: a known opcode allowed in this program type and version, its
 *   length (1..31 DWORDs: vkd3d reads 5 bits of it), defined control bits only, extended
 *   opcode tokens only where they mean something (sample offsets, resource types), and
 *   its operands exactly filling it: the opcode's number of destinations and sources;
 * - every operand token: component count, selection mode and its unused bits, register
 *   type allowed in that position and program type, index dimension the register type
 *   has, index representations (32-bit immediates; relative addressing only where vkd3d
 *   implements it: x#[], cb#[][], icb[]), modifier tokens vkd3d reads as written;
 *   destinations with a non-empty write mask and no modifier;
 * - declarations before instructions, each field in range, each register declared once;
 *   every register an instruction names declared: r# below dcl_temps, x#[i] and cb#[i]
 *   within their declared sizes, v#, o#, s#, t#, u#, g#, icb and the special inputs
 *   declared, resources used by instructions of their kind (typed / raw / structured);
 * - control flow nested properly (if / else / endif, loop, switch / case / default, break
 *   and continue inside what they leave) and the program ending with ret at the top
 *   level, nothing after it;
 * - what each program type needs: a geometry shader's input primitive, output topology and
 *   vertex count, a compute shader's thread-group size.
 * The DXBC container around the chunk (framing, checksum, signatures) is not its
 * business. */
#ifndef AEROCMD_SM4_CHECK_H
#define AEROCMD_SM4_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/export.h"
#include "aerocmd/result.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* What is wrong (aerocmd_sm4_fault_text gives each a phrase). */
enum aerocmd_sm4_fault {
    AEROCMD_SM4_FAULT_NONE = 0,
    AEROCMD_SM4_FAULT_CHUNK,               /* not a whole number of tokens, or < 2 */
    AEROCMD_SM4_FAULT_VERSION,             /* value: the version token */
    AEROCMD_SM4_FAULT_PROGRAM_UNSUPPORTED, /* hull, domain, 5.1; value: the version token */
    AEROCMD_SM4_FAULT_LENGTH,              /* value: length token, limit: chunk tokens */
    AEROCMD_SM4_FAULT_INSTRUCTION_LENGTH,  /* value: its length, limit: what is left */
    AEROCMD_SM4_FAULT_OPCODE,              /* unknown opcode */
    AEROCMD_SM4_FAULT_OPCODE_UNSUPPORTED,  /* valid Direct3D, not translated by vkd3d 1.2 */
    AEROCMD_SM4_FAULT_OPCODE_PROGRAM,      /* not in this program type or version */
    AEROCMD_SM4_FAULT_CONTROLS,            /* value: the control bits that are undefined */
    AEROCMD_SM4_FAULT_EXTENDED_OPCODE,     /* value: the extended opcode token */
    AEROCMD_SM4_FAULT_OPERAND_COUNT,       /* operands end at value, instruction at limit */
    AEROCMD_SM4_FAULT_OPERAND_ENCODING,    /* value: the operand token */
    AEROCMD_SM4_FAULT_OPERAND_MODIFIER,    /* value: the extended operand token */
    AEROCMD_SM4_FAULT_REGISTER_TYPE,       /* value: the register type */
    AEROCMD_SM4_FAULT_INDEX_DIMENSION,     /* value: the dimension, limit: the type's */
    AEROCMD_SM4_FAULT_RELATIVE,            /* relative addressing where vkd3d has none */
    AEROCMD_SM4_FAULT_SELECTION,           /* value: mode, limit: mask / swizzle */
    AEROCMD_SM4_FAULT_UNDECLARED,          /* value: the register number */
    AEROCMD_SM4_FAULT_OUT_OF_RANGE,        /* value: the index, limit: the declared size */
    AEROCMD_SM4_FAULT_RESOURCE_KIND,       /* value: the slot */
    AEROCMD_SM4_FAULT_DECLARATION,         /* value: the field's value */
    AEROCMD_SM4_FAULT_REDECLARED,          /* value: the register number */
    AEROCMD_SM4_FAULT_DECLARATION_ORDER,   /* a declaration after the first instruction */
    AEROCMD_SM4_FAULT_LIMIT,               /* value: the number, limit: the most allowed */
    AEROCMD_SM4_FAULT_FLOW,                /* value: the nesting depth */
    AEROCMD_SM4_FAULT_NO_RET,              /* does not end with a top-level ret */
    AEROCMD_SM4_FAULT_MISSING_DECLARATION, /* value: the opcode of the declaration needed */
    AEROCMD_SM4_FAULT_COUNT
};

/* Where and what. token: DWORD offset from the chunk's start of the instruction (or of the
 * version / length token); opcode: its opcode (AEROCMD_SM4_NO_OPCODE when the fault is not
 * in an instruction); operand: 1-based position of the operand, 0 for the instruction. */
#define AEROCMD_SM4_NO_OPCODE 0xFFFFFFFFu
struct aerocmd_sm4_check {
    uint32_t fault; /* enum aerocmd_sm4_fault */
    uint32_t token;
    uint32_t opcode;
    uint32_t operand;
    uint32_t value;
    uint32_t limit;
    uint32_t program_type; /* from the version token (enum aerocmd_sm4_program) */
    uint32_t major, minor;
    uint32_t instructions; /* instructions walked (declarations included) */
};

/* Checks `bytes` bytes of tokens at `code` (any alignment). AEROCMD_OK, or
 * AEROCMD_E_MALFORMED (the program breaks the format or Direct3D's rules) or
 * AEROCMD_E_NOT_IMPLEMENTED (valid Direct3D that vkd3d-shader 1.2 cannot translate),
 * with *out saying where and why; INVALID_ARG for NULL pointers. */
aerocmd_result aerocmd_sm4_check(const void *code, size_t bytes, struct aerocmd_sm4_check *out);

/* A phrase for a fault ("register not declared", ...); "" for an unknown one. */
const char *aerocmd_sm4_fault_text(uint32_t fault);
/* The opcode's name in Direct3D's disassembly ("mov", "dcl_temps"); NULL when unknown. */
const char *aerocmd_sm4_opcode_name(uint32_t opcode);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_SM4_CHECK_H */
