/* SPDX-License-Identifier: MIT */
/* sm4.h — a small builder of Shader Model 4.0 / 5.0 token streams (umd layer, hosted).
 *
 * It writes the "tokenized program format" of Direct3D 10/11 shaders: a version token
 * (minor in bits 0..3, major in 4..7, program type in 16..31), a length token (the whole
 * program in DWORDs), then declarations and instructions. Each instruction starts with an
 * opcode token (opcode in bits 0..10, controls in 11..23, length in DWORDs in 24..30) and
 * is followed by its operands: an operand token (component count in bits 0..1, selection
 * mode in 2..3, mask / swizzle / select-1 in 4..11, register type in 12..19, index
 * dimension in 20..21, index representations in 22..30, extended bit 31), an optional
 * extended (modifier) token, the immediate indices, then immediate values.
 *
 * Memory is the caller's: the builder writes into the DWORD array given to
 * aerocmd_sm4_begin and never allocates, so the driver can build its own shaders with its
 * own allocator (measure with a NULL array first, then build into a block of that size).
 * Errors are sticky: the first one is kept, later calls do nothing, and
 * aerocmd_sm4_finish reports it. Running out of room is not an error until the end: the
 * builder keeps counting, so aerocmd_sm4_finish returns BUFFER_FULL with the size needed.
 *
 * Write swizzles the way the HLSL compiler does: in a source of a per-component instruction,
 * the lanes the destination mask leaves out repeat a lane it writes (mov r0.yzw, v0.yyzw,
 * not v0.xyzw). The format does not require it, but vkd3d-shader 1.2 turns a masked mov
 * whose source swizzle is the identity into a copy of the whole register, writing the
 * masked-out lanes too.
 *
 * aerocmd_sm4_dxbc wraps the finished tokens with input / output signatures into a DXBC
 * container through aerocmd_umd_dxbc_from_tokens (signature entries with semantic names:
 * see umd_dxbc.h). The declarations and the signatures must agree; the builder does not
 * cross-check them (a DXBC consumer such as vkd3d-shader does). */
#ifndef AEROCMD_SM4_H
#define AEROCMD_SM4_H

#include <stdint.h>

#include "aerocmd/export.h"
#include "aerocmd/result.h"
#include "aerocmd/sm4_format.h"
#include "aerocmd/umd_dxbc.h"
#include "aerocmd/writer.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* Write masks and swizzles. Components: x 0, y 1, z 2, w 3. */
#define AEROCMD_SM4_X                   0x1u
#define AEROCMD_SM4_Y                   0x2u
#define AEROCMD_SM4_Z                   0x4u
#define AEROCMD_SM4_W                   0x8u
#define AEROCMD_SM4_XY                  0x3u
#define AEROCMD_SM4_XYZ                 0x7u
#define AEROCMD_SM4_XYZW                0xFu
#define AEROCMD_SM4_SWIZZLE(x, y, z, w) ((x) | (y) << 2 | (z) << 4 | (w) << 6)
#define AEROCMD_SM4_SWZ_XYZW            AEROCMD_SM4_SWIZZLE(0u, 1u, 2u, 3u)
#define AEROCMD_SM4_SWZ_XXXX            AEROCMD_SM4_SWIZZLE(0u, 0u, 0u, 0u)
#define AEROCMD_SM4_SWZ_YYYY            AEROCMD_SM4_SWIZZLE(1u, 1u, 1u, 1u)
#define AEROCMD_SM4_SWZ_ZZZZ            AEROCMD_SM4_SWIZZLE(2u, 2u, 2u, 2u)
#define AEROCMD_SM4_SWZ_WWWW            AEROCMD_SM4_SWIZZLE(3u, 3u, 3u, 3u)
#define AEROCMD_SM4_SWZ_XYXY            AEROCMD_SM4_SWIZZLE(0u, 1u, 0u, 1u)

/* One operand, ready to be written: build it with the constructors below. */
struct aerocmd_sm4_operand {
    uint32_t token;       /* operand token without the extended bit */
    uint32_t modifier;    /* 0 none, 1 negate, 2 absolute, 3 both (extended token) */
    uint32_t index_count; /* 0..2 immediate indices */
    uint32_t index[2];
    uint32_t imm_count; /* 0, 1 or 4 immediate values */
    uint32_t imm[4];
};

/* Destinations: a register with a write mask (1..15). */
struct aerocmd_sm4_operand aerocmd_sm4_dst(enum aerocmd_sm4_register type, uint32_t reg,
                                           uint32_t mask);
/* Sources: a register read through a swizzle (AEROCMD_SM4_SWIZZLE). */
struct aerocmd_sm4_operand aerocmd_sm4_src(enum aerocmd_sm4_register type, uint32_t reg,
                                           uint32_t swizzle);
/* cb<slot>[<vec4>] read through a swizzle. */
struct aerocmd_sm4_operand aerocmd_sm4_cb(uint32_t slot, uint32_t vec4, uint32_t swizzle);
/* Immediates: four lanes or one (scalar) of raw bits; the float forms store IEEE bits. */
struct aerocmd_sm4_operand aerocmd_sm4_imm4(uint32_t x, uint32_t y, uint32_t z, uint32_t w);
struct aerocmd_sm4_operand aerocmd_sm4_imm4f(float x, float y, float z, float w);
struct aerocmd_sm4_operand aerocmd_sm4_imm1(uint32_t v);
/* t<slot> read through a swizzle (sample / ld), s<slot>, u<slot> written through a mask. */
struct aerocmd_sm4_operand aerocmd_sm4_resource(uint32_t slot, uint32_t swizzle);
struct aerocmd_sm4_operand aerocmd_sm4_sampler(uint32_t slot);
struct aerocmd_sm4_operand aerocmd_sm4_uav(uint32_t slot, uint32_t mask);
/* v[vertex][reg] of a geometry shader read through a swizzle. */
struct aerocmd_sm4_operand aerocmd_sm4_gs_v(uint32_t vertex, uint32_t reg, uint32_t swizzle);
/* The null register: a destination whose result is discarded (imul's high half). */
struct aerocmd_sm4_operand aerocmd_sm4_null(void);
/* A register without an index (vThreadID and friends) read through a swizzle. */
struct aerocmd_sm4_operand aerocmd_sm4_special(enum aerocmd_sm4_register type, uint32_t swizzle);
/* The operand with a source modifier: negated / absolute value. */
struct aerocmd_sm4_operand aerocmd_sm4_neg(struct aerocmd_sm4_operand op);
struct aerocmd_sm4_operand aerocmd_sm4_abs(struct aerocmd_sm4_operand op);

/* Shorthands for the common registers. */
#define aerocmd_sm4_r(reg, swz)      aerocmd_sm4_src(AEROCMD_SM4_REG_TEMP, (reg), (swz))
#define aerocmd_sm4_r_dst(reg, mask) aerocmd_sm4_dst(AEROCMD_SM4_REG_TEMP, (reg), (mask))
#define aerocmd_sm4_v(reg, swz)      aerocmd_sm4_src(AEROCMD_SM4_REG_INPUT, (reg), (swz))
#define aerocmd_sm4_o(reg, mask)     aerocmd_sm4_dst(AEROCMD_SM4_REG_OUTPUT, (reg), (mask))

#define AEROCMD_SM4_MAX_OPERANDS 6u
#define AEROCMD_SM4_MAX_REGISTER 4095u /* largest register / slot index accepted */

struct aerocmd_sm4_builder {
    uint32_t *tokens;  /* NULL: only measure */
    uint32_t capacity; /* DWORDs at tokens */
    uint32_t count;    /* DWORDs written (or needed) so far */
    aerocmd_result error;
    enum aerocmd_shader_kind kind;
    uint32_t major;
};

/* Starts a program of `kind` (VS, PS, GS or CS) and version major.minor (4.0, 4.1 or
 * 5.0). tokens may be NULL with capacity 0 to measure. An unsupported kind or version
 * makes the builder fail (reported by aerocmd_sm4_finish). */
void aerocmd_sm4_begin(struct aerocmd_sm4_builder *b, enum aerocmd_shader_kind kind, uint32_t major,
                       uint32_t minor, uint32_t *tokens, uint32_t capacity);

/* ---- declarations ---------------------------------------------------------------------- */
void aerocmd_sm4_dcl_input(struct aerocmd_sm4_builder *b, uint32_t reg, uint32_t mask);
/* A vertex-shader input the input assembler generates (SV_VertexID, SV_InstanceID). */
void aerocmd_sm4_dcl_input_sgv(struct aerocmd_sm4_builder *b, uint32_t reg, uint32_t mask,
                               enum aerocmd_sm4_system_value sv);
void aerocmd_sm4_dcl_input_ps(struct aerocmd_sm4_builder *b, uint32_t reg, uint32_t mask,
                              enum aerocmd_sm4_interpolation interp);
/* A pixel-shader input carrying a system value (SV_Position: LINEAR_NOPERSPECTIVE). */
void aerocmd_sm4_dcl_input_ps_siv(struct aerocmd_sm4_builder *b, uint32_t reg, uint32_t mask,
                                  enum aerocmd_sm4_system_value sv,
                                  enum aerocmd_sm4_interpolation interp);
/* vThreadID / vThreadGroupID / vThreadIDInGroup of a compute shader (4.x or 5.0). */
void aerocmd_sm4_dcl_input_special(struct aerocmd_sm4_builder *b, enum aerocmd_sm4_register type,
                                   uint32_t mask);
void aerocmd_sm4_dcl_output(struct aerocmd_sm4_builder *b, uint32_t reg, uint32_t mask);
void aerocmd_sm4_dcl_output_siv(struct aerocmd_sm4_builder *b, uint32_t reg, uint32_t mask,
                                enum aerocmd_sm4_system_value sv);
/* cb<slot> of vec4_count float4s; dynamic: indexed by a register. */
void aerocmd_sm4_dcl_constant_buffer(struct aerocmd_sm4_builder *b, uint32_t slot,
                                     uint32_t vec4_count, int dynamic);
void aerocmd_sm4_dcl_sampler(struct aerocmd_sm4_builder *b, uint32_t slot);
/* t<slot> of `dim`, every component returning `ret`. */
void aerocmd_sm4_dcl_resource(struct aerocmd_sm4_builder *b, uint32_t slot,
                              enum aerocmd_sm4_dimension dim, enum aerocmd_sm4_return_type ret);
void aerocmd_sm4_dcl_resource_raw(struct aerocmd_sm4_builder *b, uint32_t slot);       /* 5.0 */
void aerocmd_sm4_dcl_resource_structured(struct aerocmd_sm4_builder *b, uint32_t slot, /* 5.0 */
                                         uint32_t stride);
void aerocmd_sm4_dcl_uav_typed(struct aerocmd_sm4_builder *b, uint32_t slot, /* 5.0 */
                               enum aerocmd_sm4_dimension dim, enum aerocmd_sm4_return_type ret);
void aerocmd_sm4_dcl_uav_raw(struct aerocmd_sm4_builder *b, uint32_t slot);       /* 5.0 */
void aerocmd_sm4_dcl_uav_structured(struct aerocmd_sm4_builder *b, uint32_t slot, /* 5.0 */
                                    uint32_t stride);
void aerocmd_sm4_dcl_temps(struct aerocmd_sm4_builder *b, uint32_t count);
/* Geometry shaders: v[vertices][reg] inputs (plain or with a system value), the input
 * primitive, the output topology and the most vertices one invocation emits. */
void aerocmd_sm4_dcl_gs_input(struct aerocmd_sm4_builder *b, uint32_t vertices, uint32_t reg,
                              uint32_t mask);
void aerocmd_sm4_dcl_gs_input_siv(struct aerocmd_sm4_builder *b, uint32_t vertices, uint32_t reg,
                                  uint32_t mask, enum aerocmd_sm4_system_value sv);
void aerocmd_sm4_dcl_gs_input_primitive(struct aerocmd_sm4_builder *b,
                                        enum aerocmd_sm4_gs_input primitive);
void aerocmd_sm4_dcl_gs_output_topology(struct aerocmd_sm4_builder *b,
                                        enum aerocmd_sm4_gs_output topology);
void aerocmd_sm4_dcl_gs_max_vertices(struct aerocmd_sm4_builder *b, uint32_t count);
void aerocmd_sm4_dcl_thread_group(struct aerocmd_sm4_builder *b, uint32_t x, uint32_t y,
                                  uint32_t z);

/* ---- instructions ---------------------------------------------------------------------- */
/* Any instruction: `opcode` (optionally | AEROCMD_SM4_SATURATE), destination(s) first. */
void aerocmd_sm4_instr(struct aerocmd_sm4_builder *b, uint32_t opcode,
                       const struct aerocmd_sm4_operand *operands, uint32_t operand_count);
/* opN: one destination and N sources, e.g.
 *   op1(MOV, o0, v0)  op2(ADD/MUL/DP3/DP4/MIN/MAX/LD/ISHL/IADD, d, a, b)  op3(MAD, d, a, b, c)
 *   op3(SAMPLE, d, address, t, s)  op4(SAMPLE_L, d, address, t, s, lod)
 *   op3(IMUL/UDIV..., high_or_null, low, a, b)  instr(EMIT / CUT, NULL, 0) (geometry)
 *   op2(STORE_RAW, u, byte_offset, value)  op2(STORE_UAV_TYPED, u, address, value)
 *   op3(STORE_STRUCTURED, u, index, byte_offset, value)  op1(ITOF/UTOF/FTOU/FTOI, d, a) */
void aerocmd_sm4_op1(struct aerocmd_sm4_builder *b, uint32_t opcode, struct aerocmd_sm4_operand d,
                     struct aerocmd_sm4_operand a);
void aerocmd_sm4_op2(struct aerocmd_sm4_builder *b, uint32_t opcode, struct aerocmd_sm4_operand d,
                     struct aerocmd_sm4_operand a, struct aerocmd_sm4_operand s1);
void aerocmd_sm4_op3(struct aerocmd_sm4_builder *b, uint32_t opcode, struct aerocmd_sm4_operand d,
                     struct aerocmd_sm4_operand a, struct aerocmd_sm4_operand s1,
                     struct aerocmd_sm4_operand s2);
void aerocmd_sm4_op4(struct aerocmd_sm4_builder *b, uint32_t opcode, struct aerocmd_sm4_operand d,
                     struct aerocmd_sm4_operand a, struct aerocmd_sm4_operand s1,
                     struct aerocmd_sm4_operand s2, struct aerocmd_sm4_operand s3);
void aerocmd_sm4_ret(struct aerocmd_sm4_builder *b);

/* ---- the end ---------------------------------------------------------------------------- */
/* Writes the length token. *token_count (may be NULL) receives the program's size in
 * DWORDs, also on BUFFER_FULL (then the size needed). Returns the first error: INVALID_ARG
 * (a bad argument to some call: register or slot above AEROCMD_SM4_MAX_REGISTER, an empty
 * or too wide mask, too many operands, a 5.0-only declaration or opcode in a 4.x program (raw /
 * structured buffers are also allowed in a 4.x compute shader), an unknown kind or version),
 * BUFFER_FULL (no room: nothing usable was written). */
aerocmd_result aerocmd_sm4_finish(struct aerocmd_sm4_builder *b, uint32_t *token_count);

/* aerocmd_sm4_finish, then the DXBC container of the program with these signatures (NULL:
 * both empty) through aerocmd_umd_dxbc_from_tokens (same rules and results; out NULL only
 * measures into *out_size). The program must have been built into a token array:
 * INVALID_ARG for a measuring builder. */
aerocmd_result aerocmd_sm4_dxbc(struct aerocmd_sm4_builder *b,
                                const struct aerocmd_umd_shader_signatures *sigs, void *out,
                                uint32_t out_capacity, uint32_t *out_size);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_SM4_H */
