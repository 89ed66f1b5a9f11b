/* SPDX-License-Identifier: MIT */
/* umd_sm4_internal.h — token fields and helpers shared by the SM4 builder's files. */
#ifndef AEROCMD_UMD_SM4_INTERNAL_H
#define AEROCMD_UMD_SM4_INTERNAL_H

#include "aerocmd/sm4.h"

/* Opcode token: opcode 0..10, controls 11..23, length 24..30. */
#define SM4_CONTROL_SHIFT 11u
#define SM4_LENGTH_SHIFT  24u

/* Operand token fields. */
#define SM4_COMPONENTS_0    0u
#define SM4_COMPONENTS_1    1u
#define SM4_COMPONENTS_4    2u
#define SM4_MODE_MASK       0u
#define SM4_MODE_SWIZZLE    1u
#define SM4_MODE_SHIFT      2u
#define SM4_SELECTION_SHIFT 4u
#define SM4_TYPE_SHIFT      12u
#define SM4_INDEX_DIM_SHIFT 20u

/* Keeps the first error. */
void aerocmd_priv_sm4_fail(struct aerocmd_sm4_builder *b, aerocmd_result r);
/* Appends one DWORD (counted even without room, see sm4.h). */
void aerocmd_priv_sm4_put(struct aerocmd_sm4_builder *b, uint32_t token);
void aerocmd_priv_sm4_put_operand(struct aerocmd_sm4_builder *b,
                                  const struct aerocmd_sm4_operand *op);
/* 1 for a 5.0 program; otherwise fails the builder and returns 0. */
int aerocmd_priv_sm4_need_sm5(struct aerocmd_sm4_builder *b);
/* 1 for a 5.0 program or a (4.x) compute shader; otherwise fails the builder. */
int aerocmd_priv_sm4_need_compute(struct aerocmd_sm4_builder *b);

#endif /* AEROCMD_UMD_SM4_INTERNAL_H */
