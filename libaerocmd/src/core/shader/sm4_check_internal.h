/* SPDX-License-Identifier: MIT */
/* sm4_check_internal.h — private to the SM4 token checker (sm4_check.h): the opcode table,
 * the walk's state and the operand reader shared by its files. */
#ifndef AEROCMD_SM4_CHECK_INTERNAL_H
#define AEROCMD_SM4_CHECK_INTERNAL_H

#include <stdint.h>

#include "aerocmd/sm4_check.h"
#include "aerocmd/sm4_format.h"

/* What an opcode is, beyond its operands. */
enum sm4_kind {
    SM4_K_ALU = 0, /* operands as the table says, vkd3d's generic reader */
    SM4_K_DCL,
    SM4_K_CUSTOMDATA,
    SM4_K_IF,
    SM4_K_ELSE,
    SM4_K_ENDIF,
    SM4_K_LOOP,
    SM4_K_ENDLOOP,
    SM4_K_SWITCH,
    SM4_K_CASE,
    SM4_K_DEFAULT,
    SM4_K_ENDSWITCH,
    SM4_K_BREAK,
    SM4_K_CONTINUE,
    SM4_K_RET,
    SM4_K_RETC,
    SM4_K_RESINFO,
    SM4_K_SYNC
};

/* Opcode flags. */
#define SM4_F_SAT     0x0001u /* saturate allowed (a float result) */
#define SM4_F_COND    0x0002u /* the test-nonzero control */
#define SM4_F_PS      0x0004u /* pixel shaders only */
#define SM4_F_GS      0x0008u /* geometry shaders only */
#define SM4_F_CS      0x0010u /* compute shaders only */
#define SM4_F_UAV     0x0020u /* pixel 5.0 or compute only */
#define SM4_F_41      0x0040u /* 4.1 and later */
#define SM4_F_50      0x0080u /* 5.0 ... */
#define SM4_F_CS4     0x0100u /* ... or a 4.x compute shader */
#define SM4_F_TEXOFF  0x0200u /* extended opcode: texel offsets */
#define SM4_F_RESEXT  0x0400u /* extended opcode: resource dimension / return type */
#define SM4_F_UNSUP   0x0800u /* valid Direct3D the executor cannot translate */
#define SM4_F_NOINSTR 0x1000u /* a declaration-like item allowed among declarations */
#define SM4_F_LANES   0x2000u /* each result lane reads the same lane of every source */

/* Operand positions (the letters of sm4_opinfo.dst / .src):
 *   D value destination (r, x, o, oDepth, oMask)   N D or null
 *   S value source (r, x, v, cb, icb, literal, special inputs)   C literal (case)
 *   T texture t# to sample   L t# to ld   K multisampled t#   Q typed texture t# / u#
 *   B buffer t# / u#   r raw t# / u# / g#   s structured t# / u# / g#   U typed u#
 *   w raw u# / g#   v structured u# / g#   A u# / g# (atomics)   P structured u#
 *   Z sampler s# */
struct sm4_opinfo {
    const char *name;
    const char *dst;
    const char *src;
    uint16_t flags;
    uint8_t kind;
};

/* NULL when the opcode is unknown. */
const struct sm4_opinfo *aerocmd_priv_sm4c_opinfo(uint32_t opcode);

/* Kinds of declared t# / u# / g# slots (bits 0..2; a typed one's dimension from bit 3). */
enum sm4_resource_kind {
    SM4_RK_NONE = 0,
    SM4_RK_BUFFER, /* typed buffer */
    SM4_RK_TEXTURE,
    SM4_RK_MS, /* multisampled texture */
    SM4_RK_RAW,
    SM4_RK_STRUCTURED
};
#define SM4_RK_KIND(slot) ((slot)&7u)
#define SM4_RK_DIM(slot)  ((uint32_t)(slot) >> SM4_RK_DIM_SHIFT)
#define SM4_RK_DIM_SHIFT  3u
#define SM4_MAX_OPERANDS  6u

#define SM4_MAX_TEMPS       4096u /* D3D10_COMMONSHADER_TEMP_REGISTER_COUNT */
#define SM4_MAX_IDX_TEMPS   32u   /* x# registers the checker follows */
#define SM4_MAX_IO          32u   /* input / output registers */
#define SM4_MAX_CBS         14u   /* D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT */
#define SM4_MAX_CB_VEC4S    4096u
#define SM4_MAX_SAMPLERS    16u
#define SM4_MAX_SRVS        128u
#define SM4_MAX_UAVS        64u
#define SM4_MAX_TGSM        32u
#define SM4_MAX_NESTING     64u
#define SM4_MAX_INSTRUCTION 31u /* vkd3d 1.2 reads 5 bits of the length */

struct sm4_state {
    const uint8_t *code;
    uint32_t count; /* the program's tokens */
    uint32_t type, major, minor;
    struct aerocmd_sm4_check *out;
    uint32_t at, opcode; /* the instruction being checked */
    uint32_t lanes;      /* the lanes of the source being checked that are read */
    int body;            /* past the declarations */
    int ended;           /* a top-level ret was the last instruction */
    /* declarations */
    uint32_t temps;
    int temps_declared;
    uint16_t idx_size[SM4_MAX_IDX_TEMPS]; /* 0: not declared */
    uint8_t idx_components[SM4_MAX_IDX_TEMPS];
    uint32_t idx_total;
    uint8_t input_masks[SM4_MAX_IO], output_masks[SM4_MAX_IO]; /* components declared */
    uint32_t inputs, outputs;                                  /* v# / o# declared */
    uint64_t specials;       /* bit n: register type n declared (inputs and outputs) */
    uint8_t thread_masks[3]; /* components of vThreadID, vThreadGroupID, vThreadIDInGroup */
    uint16_t cb_size[SM4_MAX_CBS];
    uint16_t samplers;
    uint8_t srv[SM4_MAX_SRVS];
    uint8_t uav[SM4_MAX_UAVS];
    uint8_t tgsm[SM4_MAX_TGSM];
    uint32_t tgsm_bytes;
    uint32_t icb_vec4s; /* 0: none */
    int icb;
    uint32_t gs_primitive_vertices, gs_input_vertices;
    int gs_topology, gs_max_vertices, gs_instances, thread_group;
    /* control flow: the open blocks (SM4_K_IF / _ELSE / _LOOP / _SWITCH / _CASE) */
    uint8_t flow[SM4_MAX_NESTING];
    uint32_t depth;
    int jumped; /* the last instruction was an unconditional ret / break / continue */
};

/* One operand as read. */
struct sm4_operand {
    uint32_t at; /* token offset */
    uint32_t token, type, components, mode, selection, dims;
    uint32_t index[3];
    uint8_t relative[3];
    uint32_t modifier;
};

/* Register type allowed in this program type, with its index dimension and components. */
int aerocmd_priv_sm4c_register_form(struct sm4_state *s, const struct sm4_operand *op, uint32_t n);
uint32_t aerocmd_priv_sm4c_word(const struct sm4_state *s, uint32_t at);
/* Records the fault (instruction, operand position, value, limit); returns -1. */
int aerocmd_priv_sm4c_fail(struct sm4_state *s, uint32_t fault, uint32_t operand, uint32_t value,
                           uint32_t limit);
/* Reads the operand at *pos (before end) into *op, checking its encoding; *pos moves past
 * it. n: its 1-based position, for faults. */
int aerocmd_priv_sm4c_read_operand(struct sm4_state *s, uint32_t *pos, uint32_t end, uint32_t n,
                                   struct sm4_operand *op);
/* An instruction's operand in position `kind` (see sm4_opinfo), a destination or not:
 * register type, selection and declared ranges. */
int aerocmd_priv_sm4c_check_use(struct sm4_state *s, const struct sm4_operand *op, char kind,
                                uint32_t n, int is_dst);
/* The instruction's operands (positions from the opcode table) in [pos, end): read,
 * then checked. */
int aerocmd_priv_sm4c_operands(struct sm4_state *s, const struct sm4_opinfo *info, uint32_t pos,
                               uint32_t end);
/* The lanes source `j` of the instruction's operands reads (sm4_lanes.c). */
uint32_t aerocmd_priv_sm4c_lanes(const struct sm4_state *s, const struct sm4_opinfo *info,
                                 const struct sm4_operand *ops, const char *kinds, uint32_t count,
                                 uint32_t j);
/* One declaration (the opcode token at s->at, `end` past it). */
int aerocmd_priv_sm4c_declaration(struct sm4_state *s, uint32_t tok, uint32_t end);
/* What the program type needs declared, once the walk is over. */
int aerocmd_priv_sm4c_required_declarations(struct sm4_state *s);

#endif /* AEROCMD_SM4_CHECK_INTERNAL_H */
