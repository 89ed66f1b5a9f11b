/* SPDX-License-Identifier: MIT */
/* umd_dxbc.h — DXBC containers built from what the Windows DDI hands a driver (umd layer).
 *
 * The D3D10/11 DDI gives CreateVertexShader & co. the bare shader token stream (token 0 =
 * version and program type, token 1 = length in DWORDs, both counted) and the input /
 * output signatures as register / mask / system-value lists without semantic names. The
 * protocol's CREATE_SHADER_DXBC carries a DXBC container, so the driver wraps the tokens:
 *
 *   header  "DXBC", checksum (16 bytes), 1, total size, 3 chunks, 3 chunk offsets
 *   ISGN    input signature
 *   OSGN    output signature
 *   SHDR    the tokens for 4.0 / 4.1 programs, SHEX for 5.0 programs
 *
 * An entry may name its semantic (semantic_name + semantic_index, as the HLSL compiler
 * writes them: "POSITION", "COLOR", "SV_Target", ...); the SM4 builder (sm4.h) does. An
 * entry without a name gets a synthesized one, because the DDI never had them (the host
 * matches by name and index, so both shader sides and input layouts must follow one
 * convention):
 * - an entry without a system value is "TEXCOORD" with semantic index = its register,
 *   except pixel-shader outputs, which are "SV_Target" with index = register;
 * - a system value (D3D10_SB_NAME 1..10) gets its SV_ name ("SV_Position",
 *   "SV_VertexID", ...) with index = how many earlier entries of the same signature carry
 *   the same system value (SV_ClipDistance0, SV_ClipDistance1, ...).
 * Input layouts created by register (aerocmd_umd_create_input_layout_by_register) use the
 * same "TEXCOORD" + register names, so the host pairs them with the vertex shader's ISGN.
 * Two entries packed into one register (different masks) share their name and index.
 *
 * The checksum is the real one (the format's modified MD5), so a host that verifies it
 * accepts the container. Strings are padded with 0xAB as the HLSL compiler does. */
#ifndef AEROCMD_UMD_DXBC_H
#define AEROCMD_UMD_DXBC_H

#include <stdint.h>

#include "aerocmd/result.h"
#include "aerocmd/writer.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

#define AEROCMD_UMD_DXBC_HEADER_BYTES 32u
/* The semantic name of every entry without a system value (see above). */
#define AEROCMD_UMD_SYNTH_SEMANTIC "TEXCOORD"
/* Per signature; registers are 0 .. AEROCMD_UMD_MAX_SIGNATURE_REGISTERS - 1. */
#define AEROCMD_UMD_MAX_SIGNATURE_ENTRIES   128u
#define AEROCMD_UMD_MAX_SIGNATURE_REGISTERS 32u
/* Longest semantic name accepted, without its terminating NUL. */
#define AEROCMD_UMD_MAX_SEMANTIC_NAME 64u
/* Largest token stream accepted, in DWORDs (16 MiB of code). */
#define AEROCMD_UMD_MAX_SHADER_TOKENS 0x400000u

/* One D3D10DDIARG_SIGNATURE_ENTRY. */
struct aerocmd_umd_signature_entry {
    uint32_t register_index;
    uint32_t mask;           /* components x=1 y=2 z=4 w=8; 1..15 */
    uint32_t system_value;   /* D3D10_SB_NAME: 0 none, 1 POSITION .. 10 SAMPLE_INDEX */
    uint32_t component_type; /* D3D_REGISTER_COMPONENT_TYPE 0..3; 0 = unknown (the DDI
                                does not say): written as UINT32 for the integer system
                                values (SV_VertexID, SV_InstanceID, SV_PrimitiveID,
                                SV_IsFrontFace, SV_SampleIndex, SV_RenderTargetArrayIndex,
                                SV_ViewportArrayIndex), FLOAT32 otherwise */
    /* NULL: synthesized (above). Otherwise 1..AEROCMD_UMD_MAX_SEMANTIC_NAME printable
       ASCII characters (no space), with semantic_index as given. */
    const char *semantic_name;
    uint32_t semantic_index;
};

struct aerocmd_umd_shader_signatures {
    const struct aerocmd_umd_signature_entry *inputs;
    uint32_t input_count;
    const struct aerocmd_umd_signature_entry *outputs;
    uint32_t output_count;
};

/* aerocmd_dxbc_checksum (aerocmd/dxbc.h), kept under its first name. */
aerocmd_result aerocmd_umd_dxbc_checksum(const void *dxbc, uint32_t size, uint8_t out[16]);

/* Builds the container for a `kind` shader from its token stream. token_capacity is how
 * many DWORDs may be read at tokens (the runtime gives no size: pass tokens[1] after
 * reading tokens[0..1], or the size of the buffer the shim holds). sigs NULL means both
 * signatures empty. *out_size receives the container's size; out NULL only measures.
 *
 * INVALID_ARG: NULL tokens or out_size, a length token below 2 or above token_capacity /
 * AEROCMD_UMD_MAX_SHADER_TOKENS, a version other than 4.0, 4.1 or 5.0, a program type
 * that is not `kind`'s, a signature entry out of range (register, mask, component type,
 * unknown system value, a semantic name that is empty, too long or not printable ASCII, more than
 * AEROCMD_UMD_MAX_SIGNATURE_ENTRIES, NULL array with a count). NOT_IMPLEMENTED: HS / DS,
 * tessellation system values (11..22). BUFFER_FULL: out_capacity below *out_size (nothing written).
 */
aerocmd_result aerocmd_umd_dxbc_from_tokens(enum aerocmd_shader_kind kind, const uint32_t *tokens,
                                            uint32_t token_capacity,
                                            const struct aerocmd_umd_shader_signatures *sigs,
                                            void *out, uint32_t out_capacity, uint32_t *out_size);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_DXBC_H */
