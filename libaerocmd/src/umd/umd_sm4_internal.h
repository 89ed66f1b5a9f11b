/* SPDX-License-Identifier: MIT */
/* umd_sm4_internal.h — token fields and helpers shared by the SM4 builder's files. */
#ifndef AEROCMD_UMD_SM4_INTERNAL_H
#define AEROCMD_UMD_SM4_INTERNAL_H

#include "aerocmd/sm4.h"

/* Token fields under the names the builder's files use (aerocmd/sm4_format.h). */
#define SM4_CONTROL_SHIFT   AEROCMD_SM4_CONTROL_SHIFT
#define SM4_LENGTH_SHIFT    AEROCMD_SM4_LENGTH_SHIFT
#define SM4_COMPONENTS_0    AEROCMD_SM4_COMPONENTS_0
#define SM4_COMPONENTS_1    AEROCMD_SM4_COMPONENTS_1
#define SM4_COMPONENTS_4    AEROCMD_SM4_COMPONENTS_4
#define SM4_MODE_MASK       AEROCMD_SM4_MODE_MASK
#define SM4_MODE_SWIZZLE    AEROCMD_SM4_MODE_SWIZZLE
#define SM4_MODE_SHIFT      AEROCMD_SM4_MODE_SHIFT
#define SM4_SELECTION_SHIFT AEROCMD_SM4_SELECTION_SHIFT
#define SM4_TYPE_SHIFT      AEROCMD_SM4_TYPE_SHIFT
#define SM4_INDEX_DIM_SHIFT AEROCMD_SM4_INDEX_DIM_SHIFT

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
