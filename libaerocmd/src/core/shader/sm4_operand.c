/* SPDX-License-Identifier: MIT */
/* sm4_operand.c — operands for the SM4 token checker: the operand token's encoding, its
 * indices and modifier, then whether its register may stand where the instruction puts
 * it and lies inside what the declarations made. */
#include "sm4_check_internal.h"

#define ENCODING  AEROCMD_SM4_FAULT_OPERAND_ENCODING
#define PS        (1u << AEROCMD_SM4_PROGRAM_PIXEL)
#define VS        (1u << AEROCMD_SM4_PROGRAM_VERTEX)
#define GS        (1u << AEROCMD_SM4_PROGRAM_GEOMETRY)
#define CS        (1u << AEROCMD_SM4_PROGRAM_COMPUTE)
#define ALL       (PS | VS | GS | CS)
#define C0        1u /* component counts allowed: none */
#define C1        2u /* one */
#define C4        4u /* four */
#define NO_RULE   0xFFu
#define MAX_TYPES (AEROCMD_SM4_REG_OUTPUT_DEPTH_LE + 1)

/* What each register type is: index dimension (GS inputs have 2), component counts,
 * program types, 5.0 only. Scalar inputs may be written as one component or as four with
 * one selected; scalar outputs only as one (vkd3d writes what the mask says). */
struct reg_rule {
    uint8_t dims, comps, programs, sm5;
};

static const struct reg_rule rules[MAX_TYPES] = {
    [AEROCMD_SM4_REG_TEMP] = {1, C4, ALL, 0},
    [AEROCMD_SM4_REG_INPUT] = {1, C4, PS | VS | GS, 0},
    [AEROCMD_SM4_REG_OUTPUT] = {1, C4, PS | VS | GS, 0},
    [AEROCMD_SM4_REG_INDEXABLE_TEMP] = {2, C4, ALL, 0},
    [AEROCMD_SM4_REG_IMM32] = {0, C1 | C4, ALL, 0},
    [AEROCMD_SM4_REG_SAMPLER] = {1, C0, ALL, 0},
    [AEROCMD_SM4_REG_RESOURCE] = {1, C0 | C4, ALL, 0},
    [AEROCMD_SM4_REG_CONSTANT_BUFFER] = {2, C4, ALL, 0},
    [AEROCMD_SM4_REG_IMMEDIATE_CONSTANT_BUFFER] = {1, C4, ALL, 0},
    [AEROCMD_SM4_REG_INPUT_PRIMITIVE_ID] = {0, C1 | C4, GS | PS, 0},
    [AEROCMD_SM4_REG_OUTPUT_DEPTH] = {0, C1, PS, 0},
    [AEROCMD_SM4_REG_NULL] = {0, C0, ALL, 0},
    [AEROCMD_SM4_REG_OUTPUT_COVERAGE_MASK] = {0, C1, PS, 0},
    [AEROCMD_SM4_REG_UAV] = {1, C0 | C4, PS | CS, 0},
    [AEROCMD_SM4_REG_TGSM] = {1, C0 | C4, CS, 0},
    [AEROCMD_SM4_REG_THREAD_ID] = {0, C4, CS, 0},
    [AEROCMD_SM4_REG_THREAD_GROUP_ID] = {0, C4, CS, 0},
    [AEROCMD_SM4_REG_THREAD_ID_IN_GROUP] = {0, C4, CS, 0},
    [AEROCMD_SM4_REG_INPUT_COVERAGE_MASK] = {0, C1 | C4, PS, 1},
    [AEROCMD_SM4_REG_THREAD_ID_IN_GROUP_FLATTENED] = {0, C1 | C4, CS, 0},
    [AEROCMD_SM4_REG_GS_INSTANCE_ID] = {0, C1 | C4, GS, 1},
    [AEROCMD_SM4_REG_OUTPUT_DEPTH_GE] = {0, C1, PS, 1},
    [AEROCMD_SM4_REG_OUTPUT_DEPTH_LE] = {0, C1, PS, 1},
};

static int fail(struct sm4_state *s, uint32_t fault, uint32_t n, uint32_t value, uint32_t limit)
{
    return aerocmd_priv_sm4c_fail(s, fault, n, value, limit);
}

/* The rule of a register type, NULL for types the executor never translates. */
static const struct reg_rule *rule(uint32_t type)
{
    if (type >= MAX_TYPES || rules[type].comps == 0)
        return NULL;
    return &rules[type];
}

static int read_operand_at(struct sm4_state *s, uint32_t *pos, uint32_t end, uint32_t n,
                           struct sm4_operand *op, int nested);

/* A relative address: one component of a temp, an input or an indexable temp, itself
 * addressed by immediates. */
static int relative_operand(struct sm4_state *s, uint32_t *pos, uint32_t end, uint32_t n)
{
    struct sm4_operand rel;
    if (read_operand_at(s, pos, end, n, &rel, 1) != 0)
        return -1;
    if (rel.type != AEROCMD_SM4_REG_TEMP && rel.type != AEROCMD_SM4_REG_INDEXABLE_TEMP &&
        (rel.type != AEROCMD_SM4_REG_INPUT || s->type == AEROCMD_SM4_PROGRAM_GEOMETRY))
        return fail(s, AEROCMD_SM4_FAULT_REGISTER_TYPE, n, rel.type, 0);
    if (rel.components != AEROCMD_SM4_COMPONENTS_4 || rel.mode != AEROCMD_SM4_MODE_SELECT1 ||
        rel.modifier != 0)
        return fail(s, AEROCMD_SM4_FAULT_SELECTION, n, rel.mode, AEROCMD_SM4_MODE_SELECT1);
    return aerocmd_priv_sm4c_check_use(s, &rel, 'S', n, 0);
}

/* Index dimensions d: an immediate, a relative address, or both (immediate first). */
static int read_indices(struct sm4_state *s, uint32_t *pos, uint32_t end, uint32_t n,
                        struct sm4_operand *op, int nested)
{
    uint32_t d;
    for (d = 0; d < 3; d++) {
        uint32_t rep = (op->token >> (AEROCMD_SM4_INDEX_REP_SHIFT + 3u * d)) & 7u;
        if (d >= op->dims) {
            if (rep != 0)
                return fail(s, ENCODING, n, op->token, 0);
            continue;
        }
        if (rep == AEROCMD_SM4_INDEX_IMM64 || rep > AEROCMD_SM4_INDEX_IMM32_REL ||
            (nested && rep != AEROCMD_SM4_INDEX_IMM32))
            return fail(s, ENCODING, n, op->token, 0);
        if (rep != AEROCMD_SM4_INDEX_RELATIVE) {
            if (*pos >= end)
                return fail(s, AEROCMD_SM4_FAULT_OPERAND_COUNT, n, *pos, end);
            op->index[d] = aerocmd_priv_sm4c_word(s, (*pos)++);
        }
        if (rep != AEROCMD_SM4_INDEX_IMM32) {
            op->relative[d] = 1;
            if (relative_operand(s, pos, end, n) != 0)
                return -1;
        }
    }
    return 0;
}

/* The extended operand token: a modifier vkd3d reads exactly (it knows neg, abs and both
 * only as those three words), or a minimum precision alone. */
static int modifier(struct sm4_state *s, uint32_t *pos, uint32_t end, uint32_t n,
                    struct sm4_operand *op)
{
    uint32_t ext, precision;
    if (*pos >= end)
        return fail(s, AEROCMD_SM4_FAULT_OPERAND_COUNT, n, *pos, end);
    ext = aerocmd_priv_sm4c_word(s, (*pos)++);
    op->modifier = (ext >> AEROCMD_SM4_MODIFIER_SHIFT) & 0xFFu;
    precision = (ext >> 14) & 7u;
    if ((ext & 0x3Fu) != AEROCMD_SM4_OPERAND_EXT_MODIFIER || (ext >> 17) != 0 ||
        op->modifier > 3u || precision == 3u || precision > 5u ||
        (op->modifier != 0 && precision != 0))
        return fail(s, AEROCMD_SM4_FAULT_OPERAND_MODIFIER, n, ext, 0);
    return 0;
}

/* Components, selection and its unused bits; immediates carry no selection. */
static int selection(struct sm4_state *s, uint32_t n, struct sm4_operand *op)
{
    uint32_t tok = op->token;
    op->components = tok & 3u;
    op->mode = (tok >> AEROCMD_SM4_MODE_SHIFT) & 3u;
    op->selection = (tok >> AEROCMD_SM4_SELECTION_SHIFT) & 0xFFu;
    if (op->components == 3u || (op->components != AEROCMD_SM4_COMPONENTS_4 &&
                                 ((tok >> AEROCMD_SM4_MODE_SHIFT) & 0x3FFu) != 0))
        return fail(s, ENCODING, n, tok, 0);
    if (op->components != AEROCMD_SM4_COMPONENTS_4)
        return 0;
    if (op->mode == 3u || (op->mode == AEROCMD_SM4_MODE_MASK && (op->selection >> 4) != 0) ||
        (op->mode == AEROCMD_SM4_MODE_SELECT1 && (op->selection >> 2) != 0))
        return fail(s, ENCODING, n, tok, 0);
    return 0;
}

static int read_operand_at(struct sm4_state *s, uint32_t *pos, uint32_t end, uint32_t n,
                           struct sm4_operand *op, int nested)
{
    uint32_t values = 0;
    op->at = *pos;
    op->index[0] = op->index[1] = op->index[2] = 0;
    op->relative[0] = op->relative[1] = op->relative[2] = 0;
    op->modifier = 0;
    if (*pos >= end)
        return fail(s, AEROCMD_SM4_FAULT_OPERAND_COUNT, n, *pos, end);
    op->token = aerocmd_priv_sm4c_word(s, (*pos)++);
    op->type = (op->token >> AEROCMD_SM4_TYPE_SHIFT) & 0xFFu;
    op->dims = (op->token >> AEROCMD_SM4_INDEX_DIM_SHIFT) & 3u;
    if (selection(s, n, op) != 0)
        return -1;
    if ((op->token & AEROCMD_SM4_EXTENDED) != 0 && modifier(s, pos, end, n, op) != 0)
        return -1;
    if (read_indices(s, pos, end, n, op, nested) != 0)
        return -1;
    if (op->type == AEROCMD_SM4_REG_IMM32) {
        if (op->dims != 0 || op->components == AEROCMD_SM4_COMPONENTS_0 ||
            ((op->token >> AEROCMD_SM4_MODE_SHIFT) & 0x3FFu) != 0)
            return fail(s, ENCODING, n, op->token, 0);
        values = op->components == AEROCMD_SM4_COMPONENTS_1 ? 1u : 4u;
        if (end - *pos < values)
            return fail(s, AEROCMD_SM4_FAULT_OPERAND_COUNT, n, *pos + values, end);
        *pos += values;
    }
    return 0;
}

int aerocmd_priv_sm4c_read_operand(struct sm4_state *s, uint32_t *pos, uint32_t end, uint32_t n,
                                   struct sm4_operand *op)
{
    return read_operand_at(s, pos, end, n, op, 0);
}

int aerocmd_priv_sm4c_register_form(struct sm4_state *s, const struct sm4_operand *op, uint32_t n)
{
    const struct reg_rule *r = rule(op->type);
    uint32_t dims, comps;
    if (r == NULL || (r->programs & (1u << s->type)) == 0 || (r->sm5 && s->major < 5u) ||
        (op->type == AEROCMD_SM4_REG_UAV && s->type == AEROCMD_SM4_PROGRAM_PIXEL && s->major < 5u))
        return fail(s, AEROCMD_SM4_FAULT_REGISTER_TYPE, n, op->type, 0);
    dims = r->dims;
    if (op->type == AEROCMD_SM4_REG_INPUT && s->type == AEROCMD_SM4_PROGRAM_GEOMETRY)
        dims = 2;
    if (op->dims != dims)
        return fail(s, AEROCMD_SM4_FAULT_INDEX_DIMENSION, n, op->dims, dims);
    comps = op->components == AEROCMD_SM4_COMPONENTS_0   ? C0
            : op->components == AEROCMD_SM4_COMPONENTS_1 ? C1
                                                         : C4;
    if ((r->comps & comps) == 0)
        return fail(s, ENCODING, n, op->token, 0);
    return 0;
}

/* Whether the register type may stand in position `kind` (sm4_check_internal.h). */
static int type_fits(uint32_t type, char kind)
{
    switch (kind) {
    case 'N':
        if (type == AEROCMD_SM4_REG_NULL)
            return 1;
        /* fall through */
    case 'D':
        return type == AEROCMD_SM4_REG_TEMP || type == AEROCMD_SM4_REG_INDEXABLE_TEMP ||
               type == AEROCMD_SM4_REG_OUTPUT || type == AEROCMD_SM4_REG_OUTPUT_DEPTH ||
               type == AEROCMD_SM4_REG_OUTPUT_COVERAGE_MASK ||
               type == AEROCMD_SM4_REG_OUTPUT_DEPTH_GE || type == AEROCMD_SM4_REG_OUTPUT_DEPTH_LE;
    case 'S':
        return type == AEROCMD_SM4_REG_TEMP || type == AEROCMD_SM4_REG_INDEXABLE_TEMP ||
               type == AEROCMD_SM4_REG_INPUT || type == AEROCMD_SM4_REG_IMM32 ||
               type == AEROCMD_SM4_REG_CONSTANT_BUFFER ||
               type == AEROCMD_SM4_REG_IMMEDIATE_CONSTANT_BUFFER ||
               type == AEROCMD_SM4_REG_INPUT_PRIMITIVE_ID ||
               (type >= AEROCMD_SM4_REG_THREAD_ID && type <= AEROCMD_SM4_REG_GS_INSTANCE_ID);
    case 'C':
        return type == AEROCMD_SM4_REG_IMM32;
    case 'T':
    case 'L':
    case 'K':
        return type == AEROCMD_SM4_REG_RESOURCE;
    case 'Q':
    case 'B':
        return type == AEROCMD_SM4_REG_RESOURCE || type == AEROCMD_SM4_REG_UAV;
    case 'r':
    case 's':
        return type == AEROCMD_SM4_REG_RESOURCE || type == AEROCMD_SM4_REG_UAV ||
               type == AEROCMD_SM4_REG_TGSM;
    case 'U':
    case 'P':
        return type == AEROCMD_SM4_REG_UAV;
    case 'w':
    case 'v':
    case 'A':
        return type == AEROCMD_SM4_REG_UAV || type == AEROCMD_SM4_REG_TGSM;
    case 'Z':
        return type == AEROCMD_SM4_REG_SAMPLER;
    default:
        return 0;
    }
}

/* The declared kind of a t# / u# / g# against what position `kind` reads or writes. */
static int kind_fits(uint8_t declared, char kind)
{
    switch (kind) {
    case 'T':
    case 'Q':
        return declared == SM4_RK_TEXTURE;
    case 'L':
        return declared == SM4_RK_TEXTURE || declared == SM4_RK_BUFFER;
    case 'K':
        return declared == SM4_RK_MS;
    case 'B':
        return declared == SM4_RK_BUFFER || declared == SM4_RK_RAW || declared == SM4_RK_STRUCTURED;
    case 'r':
    case 'w':
        return declared == SM4_RK_RAW;
    case 's':
    case 'v':
    case 'P':
        return declared == SM4_RK_STRUCTURED;
    case 'U':
        return declared == SM4_RK_TEXTURE || declared == SM4_RK_BUFFER;
    default: /* 'A': any UAV or shared memory */
        return declared != SM4_RK_NONE;
    }
}

/* Selection: destinations write a non-empty mask without modifiers, sources swizzle or
 * select one component (immediates carry none). */
static int selection_fits(struct sm4_state *s, const struct sm4_operand *op, uint32_t n, int is_dst)
{
    if (is_dst && op->modifier != 0)
        return fail(s, AEROCMD_SM4_FAULT_OPERAND_MODIFIER, n, op->modifier, 0);
    if (op->components != AEROCMD_SM4_COMPONENTS_4 || op->type == AEROCMD_SM4_REG_IMM32)
        return 0;
    if (is_dst && (op->mode != AEROCMD_SM4_MODE_MASK || op->selection == 0))
        return fail(s, AEROCMD_SM4_FAULT_SELECTION, n, op->mode, AEROCMD_SM4_MODE_MASK);
    if (!is_dst && op->mode == AEROCMD_SM4_MODE_MASK)
        return fail(s, AEROCMD_SM4_FAULT_SELECTION, n, op->mode, AEROCMD_SM4_MODE_SWIZZLE);
    return 0;
}

/* An index that is an immediate below `size`, or relative (vkd3d then indexes an array of
 * `size`: the immediate part must lie inside it). */
static int index_in(struct sm4_state *s, const struct sm4_operand *op, uint32_t d, uint32_t size,
                    int relative_ok, uint32_t n)
{
    if (op->relative[d] && !relative_ok)
        return fail(s, AEROCMD_SM4_FAULT_RELATIVE, n, op->type, 0);
    if (op->index[d] >= size)
        return fail(s, size == 0 ? AEROCMD_SM4_FAULT_UNDECLARED : AEROCMD_SM4_FAULT_OUT_OF_RANGE, n,
                    op->index[d], size);
    return 0;
}

/* A declared slot of a t# / u# / g# / s# table. */
static int slot_in(struct sm4_state *s, const struct sm4_operand *op, const uint8_t *table,
                   uint32_t count, char kind, uint32_t n)
{
    if (op->relative[0])
        return fail(s, AEROCMD_SM4_FAULT_RELATIVE, n, op->type, 0);
    if (op->index[0] >= count || table[op->index[0]] == SM4_RK_NONE)
        return fail(s, AEROCMD_SM4_FAULT_UNDECLARED, n, op->index[0], count);
    if (!kind_fits(SM4_RK_KIND(table[op->index[0]]), kind))
        return fail(s, AEROCMD_SM4_FAULT_RESOURCE_KIND, n, op->index[0], table[op->index[0]]);
    return 0;
}

static int io_declared(struct sm4_state *s, const struct sm4_operand *op, uint32_t mask, uint32_t d,
                       uint32_t n)
{
    if (index_in(s, op, d, SM4_MAX_IO, 0, n) != 0)
        return -1;
    if (((mask >> op->index[d]) & 1u) == 0)
        return fail(s, AEROCMD_SM4_FAULT_UNDECLARED, n, op->index[d], 0);
    return 0;
}

/* The register lies inside what the declarations made. */
static int declared(struct sm4_state *s, const struct sm4_operand *op, char kind, uint32_t n)
{
    switch (op->type) {
    case AEROCMD_SM4_REG_TEMP:
        return index_in(s, op, 0, s->temps, 0, n);
    case AEROCMD_SM4_REG_INPUT:
        if (op->dims == 2u && index_in(s, op, 0, s->gs_input_vertices, 0, n) != 0)
            return -1;
        return io_declared(s, op, s->inputs, op->dims - 1u, n);
    case AEROCMD_SM4_REG_OUTPUT:
        return io_declared(s, op, s->outputs, 0, n);
    case AEROCMD_SM4_REG_INDEXABLE_TEMP:
        if (index_in(s, op, 0, SM4_MAX_IDX_TEMPS, 0, n) != 0)
            return -1;
        return index_in(s, op, 1, s->idx_size[op->index[0]], 1, n);
    case AEROCMD_SM4_REG_CONSTANT_BUFFER:
        if (index_in(s, op, 0, SM4_MAX_CBS, 0, n) != 0)
            return -1;
        return index_in(s, op, 1, s->cb_size[op->index[0]], 1, n);
    case AEROCMD_SM4_REG_IMMEDIATE_CONSTANT_BUFFER:
        return index_in(s, op, 0, s->icb_vec4s, 1, n);
    case AEROCMD_SM4_REG_SAMPLER:
        if (index_in(s, op, 0, SM4_MAX_SAMPLERS, 0, n) != 0)
            return -1;
        return ((s->samplers >> op->index[0]) & 1u) != 0
                   ? 0
                   : fail(s, AEROCMD_SM4_FAULT_UNDECLARED, n, op->index[0], 0);
    case AEROCMD_SM4_REG_RESOURCE:
        return slot_in(s, op, s->srv, SM4_MAX_SRVS, kind, n);
    case AEROCMD_SM4_REG_UAV:
        return slot_in(s, op, s->uav, SM4_MAX_UAVS, kind, n);
    case AEROCMD_SM4_REG_TGSM:
        return slot_in(s, op, s->tgsm, SM4_MAX_TGSM, kind, n);
    case AEROCMD_SM4_REG_IMM32:
    case AEROCMD_SM4_REG_NULL:
        return 0;
    default: /* the special inputs and outputs */
        return ((s->specials >> op->type) & 1u) != 0
                   ? 0
                   : fail(s, AEROCMD_SM4_FAULT_UNDECLARED, n, op->type, 0);
    }
}

/* The components a source reads in the instruction's lanes (s->lanes). */
static uint32_t components_read(const struct sm4_state *s, const struct sm4_operand *op)
{
    uint32_t lane, read = 0;
    if (op->mode == AEROCMD_SM4_MODE_SELECT1)
        return 1u << (op->selection & 3u);
    for (lane = 0; lane < 4; lane++)
        if ((s->lanes >> lane) & 1u)
            read |= 1u << ((op->selection >> (2u * lane)) & 3u);
    return read;
}

/* Registers declared with fewer than four components (v#, o#, x#, the thread ids) are read
 * and written only in those: vkd3d-shader 1.2 asserts on a swizzle past them. */
static int components_declared(struct sm4_state *s, const struct sm4_operand *op, uint32_t n,
                               int is_dst)
{
    uint32_t have, used;
    if (op->components != AEROCMD_SM4_COMPONENTS_4)
        return 0;
    if (op->type == AEROCMD_SM4_REG_INPUT)
        have = s->input_masks[op->index[op->dims - 1u]];
    else if (op->type == AEROCMD_SM4_REG_OUTPUT)
        have = s->output_masks[op->index[0]];
    else if (op->type == AEROCMD_SM4_REG_INDEXABLE_TEMP)
        have = (1u << s->idx_components[op->index[0]]) - 1u;
    else if (op->type >= AEROCMD_SM4_REG_THREAD_ID &&
             op->type <= AEROCMD_SM4_REG_THREAD_ID_IN_GROUP)
        have = s->thread_masks[op->type - AEROCMD_SM4_REG_THREAD_ID];
    else
        return 0;
    used = is_dst ? op->selection : components_read(s, op);
    if ((used & ~have) != 0)
        return fail(s, AEROCMD_SM4_FAULT_SELECTION, n, used, have);
    return 0;
}

int aerocmd_priv_sm4c_check_use(struct sm4_state *s, const struct sm4_operand *op, char kind,
                                uint32_t n, int is_dst)
{
    if (aerocmd_priv_sm4c_register_form(s, op, n) != 0)
        return -1;
    if (!type_fits(op->type, kind) || (kind == 'C' && op->components != AEROCMD_SM4_COMPONENTS_1))
        return fail(s, AEROCMD_SM4_FAULT_REGISTER_TYPE, n, op->type, 0);
    if (selection_fits(s, op, n, is_dst) != 0 || declared(s, op, kind, n) != 0)
        return -1;
    return components_declared(s, op, n, is_dst);
}

/* The operands of the table's positions, filling [pos, end) exactly; then each one's use,
 * the sources with the lanes they read (which may depend on a later operand). Not inlined
 * into the walk: its operands and the walk's state would not fit one 1 KiB frame. */
int aerocmd_priv_sm4c_operands(struct sm4_state *s, const struct sm4_opinfo *info, uint32_t pos,
                               uint32_t end)
{
    struct sm4_operand ops[SM4_MAX_OPERANDS];
    char kinds[SM4_MAX_OPERANDS];
    uint32_t count = 0, dsts = 0, i;
    const char *kind;
    for (kind = info->dst; *kind != '\0'; kind++)
        kinds[count++] = *kind, dsts++;
    for (kind = info->src; *kind != '\0'; kind++)
        kinds[count++] = *kind;
    for (i = 0; i < count; i++)
        if (aerocmd_priv_sm4c_read_operand(s, &pos, end, i + 1u, &ops[i]) != 0)
            return -1;
    if (pos != end)
        return aerocmd_priv_sm4c_fail(s, AEROCMD_SM4_FAULT_OPERAND_COUNT, 0, pos, end);
    for (i = 0; i < count; i++) {
        s->lanes = i < dsts ? 0xFu : aerocmd_priv_sm4c_lanes(s, info, ops, kinds, count, i);
        if (aerocmd_priv_sm4c_check_use(s, &ops[i], kinds[i], i + 1u, i < dsts) != 0)
            return -1;
    }
    return 0;
}
