/* SPDX-License-Identifier: MIT */
/* sm4_lanes.c — which lanes of a source operand an instruction reads, for the SM4 token
 * checker: vkd3d-shader 1.2 loads exactly those (through the operand's swizzle) and asserts
 * when one names a component its register was not declared with (an input declared .x
 * read as .y). A per-lane operation reads the lanes its destinations write; a dot product
 * its first two to four; a condition the first; a resource instruction's address the
 * coordinates its resource's dimension has (plus the mip level of ld), its other scalar
 * sources (LOD, bias, reference, sample index, byte offset) the first; a store's value the
 * lanes its destination writes (typed: all four). */
#include "sm4_check_internal.h"

/* Address components by resource dimension (D3D10_SB_RESOURCE_DIMENSION), and those of a
 * derivative (no array index). */
static const uint8_t coordinates[AEROCMD_SM4_DIM_TEXTURECUBEARRAY + 1] = {1, 1, 1, 3, 3, 7,
                                                                          7, 3, 7, 7, 15};
static const uint8_t derivatives[AEROCMD_SM4_DIM_TEXTURECUBEARRAY + 1] = {1, 1, 1, 3, 3, 7,
                                                                          7, 1, 3, 3, 7};

/* 1 for the position letters of t# / u# / g# operands (sm4_check_internal.h). */
static int resource_position(char kind)
{
    static const char kinds[] = "TLKQBrsUwvAP";
    const char *k;
    for (k = kinds; *k != '\0'; k++)
        if (*k == kind)
            return 1;
    return 0;
}

/* The declared slot (kind | dimension) of the instruction's t# / u# / g# operand; 0 when
 * it has none or names none declared (its own check then refuses it). */
static uint8_t resource_slot(const struct sm4_state *s, const struct sm4_operand *ops,
                             const char *kinds, uint32_t count, const struct sm4_operand **which)
{
    uint32_t i;
    for (i = 0; i < count; i++) {
        const struct sm4_operand *op = &ops[i];
        if (!resource_position(kinds[i]))
            continue;
        *which = op;
        if (op->type == AEROCMD_SM4_REG_RESOURCE && op->index[0] < SM4_MAX_SRVS)
            return s->srv[op->index[0]];
        if (op->type == AEROCMD_SM4_REG_UAV && op->index[0] < SM4_MAX_UAVS)
            return s->uav[op->index[0]];
        if (op->type == AEROCMD_SM4_REG_TGSM && op->index[0] < SM4_MAX_TGSM)
            return s->tgsm[op->index[0]];
        return 0;
    }
    return 0;
}

/* The components a destination writes (1 for a scalar register, none for null). */
static uint32_t written(const struct sm4_operand *op)
{
    if (op->components == AEROCMD_SM4_COMPONENTS_4)
        return op->selection;
    return op->components == AEROCMD_SM4_COMPONENTS_1 ? 1u : 0u;
}

/* Source q (0-based among the sources) of a resource instruction. */
static uint32_t resource_lanes(uint32_t opcode, uint32_t q, uint8_t slot, uint32_t stored)
{
    uint32_t dim = SM4_RK_DIM(slot), kind = SM4_RK_KIND(slot);
    uint32_t coords = dim <= AEROCMD_SM4_DIM_TEXTURECUBEARRAY ? coordinates[dim] : 15u;
    switch (opcode) {
    case AEROCMD_SM4_OP_LD:
        return q != 0 ? 1u : kind == SM4_RK_BUFFER ? 1u : coords | 8u; /* mip level in w */
    case AEROCMD_SM4_OP_SAMPLE_D:
        if (q == 3u || q == 4u)
            return dim <= AEROCMD_SM4_DIM_TEXTURECUBEARRAY ? derivatives[dim] : 15u;
        return q == 0 ? coords : 1u;
    case AEROCMD_SM4_OP_GATHER4_PO:
    case AEROCMD_SM4_OP_GATHER4_PO_C:
        return q == 0 ? coords : q == 1u ? 3u : 1u; /* the offset: x, y */
    case AEROCMD_SM4_OP_STORE_UAV_TYPED:
        return q == 0 ? coords : 15u;
    case AEROCMD_SM4_OP_STORE_RAW:
        return q == 1u ? stored : 1u;
    case AEROCMD_SM4_OP_STORE_STRUCTURED:
        return q == 2u ? stored : 1u;
    case AEROCMD_SM4_OP_LD_RAW:
    case AEROCMD_SM4_OP_LD_STRUCTURED:
    case AEROCMD_SM4_OP_RESINFO:
    case AEROCMD_SM4_OP_BUFINFO:
        return 1u;
    default:
        if (opcode >= AEROCMD_SM4_OP_ATOMIC_AND && opcode <= AEROCMD_SM4_OP_IMM_ATOMIC_UMIN)
            return q != 0                      ? 1u
                   : kind == SM4_RK_STRUCTURED ? 3u /* index, byte offset */
                   : kind == SM4_RK_TEXTURE    ? coords
                                               : 1u;
        return q == 0 ? coords : 1u; /* sample*, gather4*, lod, ld_ms, ld_uav_typed */
    }
}

uint32_t aerocmd_priv_sm4c_lanes(const struct sm4_state *s, const struct sm4_opinfo *info,
                                 const struct sm4_operand *ops, const char *kinds, uint32_t count,
                                 uint32_t j)
{
    const struct sm4_operand *res = NULL;
    uint32_t dsts = 0, i, lanes = 0;
    uint8_t slot;
    while (info->dst[dsts] != '\0')
        dsts++;
    if (s->opcode >= AEROCMD_SM4_OP_DP2 && s->opcode <= AEROCMD_SM4_OP_DP4)
        return (1u << (s->opcode - AEROCMD_SM4_OP_DP2 + 2u)) - 1u;
    if (info->kind != SM4_K_ALU || s->opcode == AEROCMD_SM4_OP_DISCARD)
        return 1u; /* conditions, switch and case values, resinfo's mip level */
    for (i = 0; i < dsts; i++)
        lanes |= written(&ops[i]);
    if (info->flags & SM4_F_LANES)
        return lanes != 0 ? lanes : 15u;
    slot = resource_slot(s, ops, kinds, count, &res);
    if (res == NULL)
        return 15u;
    return resource_lanes(s->opcode, j - dsts, slot,
                          res->components == AEROCMD_SM4_COMPONENTS_4 ? res->selection : 15u);
}
