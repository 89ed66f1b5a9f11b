/* SPDX-License-Identifier: MIT */
/* umd_sm4.c — the SM4/SM5 token builder: program frame, operands and instructions. */
#include <string.h>

#include "aerocmd/sm4.h"
#include "umd_sm4_internal.h"

#define MAX_INSTRUCTION_DWORDS  127u /* the length field's 7 bits */
#define INVALID_OPERAND         0xFFFFFFFFu
#define OPERAND_EXTENDED        0x80000000u
#define EXTENDED_TYPE_MODIFIER  1u
#define EXTENDED_MODIFIER_SHIFT 6u

void aerocmd_priv_sm4_fail(struct aerocmd_sm4_builder *b, aerocmd_result r)
{
    if (b->error == AEROCMD_OK)
        b->error = r;
}

void aerocmd_priv_sm4_put(struct aerocmd_sm4_builder *b, uint32_t token)
{
    if (b->error != AEROCMD_OK)
        return;
    if (b->count >= AEROCMD_UMD_MAX_SHADER_TOKENS) {
        aerocmd_priv_sm4_fail(b, AEROCMD_E_INVALID_ARG);
        return;
    }
    if (b->tokens != NULL && b->count < b->capacity)
        b->tokens[b->count] = token;
    b->count++;
}

int aerocmd_priv_sm4_need_sm5(struct aerocmd_sm4_builder *b)
{
    if (b->major >= 5u)
        return 1;
    aerocmd_priv_sm4_fail(b, AEROCMD_E_INVALID_ARG);
    return 0;
}

int aerocmd_priv_sm4_need_compute(struct aerocmd_sm4_builder *b)
{
    if (b->major >= 5u || b->kind == AEROCMD_SHADER_CS)
        return 1;
    aerocmd_priv_sm4_fail(b, AEROCMD_E_INVALID_ARG);
    return 0;
}

/* 5.0 opcodes; a 4.x compute shader may also read and write raw and structured buffers. */
static int opcode_allowed(struct aerocmd_sm4_builder *b, uint32_t opcode)
{
    if (opcode < AEROCMD_SM4_OP_HS_DECLS)
        return 1;
    if (opcode >= AEROCMD_SM4_OP_LD_RAW && opcode <= AEROCMD_SM4_OP_STORE_STRUCTURED)
        return aerocmd_priv_sm4_need_compute(b);
    return aerocmd_priv_sm4_need_sm5(b);
}

static uint32_t operand_token(uint32_t components, uint32_t mode, uint32_t selection, uint32_t type,
                              uint32_t index_dims)
{
    return components | mode << SM4_MODE_SHIFT | selection << SM4_SELECTION_SHIFT |
           type << SM4_TYPE_SHIFT | index_dims << SM4_INDEX_DIM_SHIFT;
}

static struct aerocmd_sm4_operand operand(uint32_t token, uint32_t index_count, uint32_t i0,
                                          uint32_t i1)
{
    struct aerocmd_sm4_operand op;
    memset(&op, 0, sizeof op);
    op.token = token;
    op.index_count = index_count;
    op.index[0] = i0;
    op.index[1] = i1;
    return op;
}

static struct aerocmd_sm4_operand invalid(void)
{
    return operand(INVALID_OPERAND, 0, 0, 0);
}

static int reg_ok(uint32_t reg)
{
    return reg <= AEROCMD_SM4_MAX_REGISTER;
}

static int mask_ok(uint32_t mask)
{
    return mask != 0 && mask <= AEROCMD_SM4_XYZW;
}

struct aerocmd_sm4_operand aerocmd_sm4_dst(enum aerocmd_sm4_register type, uint32_t reg,
                                           uint32_t mask)
{
    if (!reg_ok(reg) || !mask_ok(mask) || (uint32_t)type > 0xFFu)
        return invalid();
    return operand(operand_token(SM4_COMPONENTS_4, SM4_MODE_MASK, mask, type, 1u), 1u, reg, 0);
}

struct aerocmd_sm4_operand aerocmd_sm4_src(enum aerocmd_sm4_register type, uint32_t reg,
                                           uint32_t swizzle)
{
    if (!reg_ok(reg) || swizzle > 0xFFu || (uint32_t)type > 0xFFu)
        return invalid();
    return operand(operand_token(SM4_COMPONENTS_4, SM4_MODE_SWIZZLE, swizzle, type, 1u), 1u, reg,
                   0);
}

struct aerocmd_sm4_operand aerocmd_sm4_cb(uint32_t slot, uint32_t vec4, uint32_t swizzle)
{
    if (!reg_ok(slot) || swizzle > 0xFFu)
        return invalid();
    return operand(operand_token(SM4_COMPONENTS_4, SM4_MODE_SWIZZLE, swizzle,
                                 AEROCMD_SM4_REG_CONSTANT_BUFFER, 2u),
                   2u, slot, vec4);
}

struct aerocmd_sm4_operand aerocmd_sm4_imm4(uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
    struct aerocmd_sm4_operand op =
        operand(operand_token(SM4_COMPONENTS_4, 0, 0, AEROCMD_SM4_REG_IMM32, 0), 0, 0, 0);
    op.imm_count = 4;
    op.imm[0] = x;
    op.imm[1] = y;
    op.imm[2] = z;
    op.imm[3] = w;
    return op;
}

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

struct aerocmd_sm4_operand aerocmd_sm4_imm4f(float x, float y, float z, float w)
{
    return aerocmd_sm4_imm4(f32_bits(x), f32_bits(y), f32_bits(z), f32_bits(w));
}

struct aerocmd_sm4_operand aerocmd_sm4_imm1(uint32_t v)
{
    struct aerocmd_sm4_operand op =
        operand(operand_token(SM4_COMPONENTS_1, 0, 0, AEROCMD_SM4_REG_IMM32, 0), 0, 0, 0);
    op.imm_count = 1;
    op.imm[0] = v;
    return op;
}

struct aerocmd_sm4_operand aerocmd_sm4_resource(uint32_t slot, uint32_t swizzle)
{
    return aerocmd_sm4_src(AEROCMD_SM4_REG_RESOURCE, slot, swizzle);
}

struct aerocmd_sm4_operand aerocmd_sm4_sampler(uint32_t slot)
{
    if (!reg_ok(slot))
        return invalid();
    return operand(operand_token(SM4_COMPONENTS_0, 0, 0, AEROCMD_SM4_REG_SAMPLER, 1u), 1u, slot, 0);
}

struct aerocmd_sm4_operand aerocmd_sm4_uav(uint32_t slot, uint32_t mask)
{
    return aerocmd_sm4_dst(AEROCMD_SM4_REG_UAV, slot, mask);
}

struct aerocmd_sm4_operand aerocmd_sm4_gs_v(uint32_t vertex, uint32_t reg, uint32_t swizzle)
{
    if (!reg_ok(vertex) || !reg_ok(reg) || swizzle > 0xFFu)
        return invalid();
    return operand(
        operand_token(SM4_COMPONENTS_4, SM4_MODE_SWIZZLE, swizzle, AEROCMD_SM4_REG_INPUT, 2u), 2u,
        vertex, reg);
}

struct aerocmd_sm4_operand aerocmd_sm4_null(void)
{
    return operand(operand_token(SM4_COMPONENTS_0, 0, 0, AEROCMD_SM4_REG_NULL, 0), 0, 0, 0);
}

struct aerocmd_sm4_operand aerocmd_sm4_special(enum aerocmd_sm4_register type, uint32_t swizzle)
{
    if (swizzle > 0xFFu || (uint32_t)type > 0xFFu)
        return invalid();
    return operand(operand_token(SM4_COMPONENTS_4, SM4_MODE_SWIZZLE, swizzle, type, 0), 0, 0, 0);
}

struct aerocmd_sm4_operand aerocmd_sm4_neg(struct aerocmd_sm4_operand op)
{
    op.modifier |= 1u;
    return op;
}

struct aerocmd_sm4_operand aerocmd_sm4_abs(struct aerocmd_sm4_operand op)
{
    op.modifier |= 2u;
    return op;
}

/* DWORDs the operand takes; 0 when it is not one the builder made. */
static uint32_t operand_dwords(const struct aerocmd_sm4_operand *op)
{
    if (op->token == INVALID_OPERAND || (op->token & OPERAND_EXTENDED) != 0 ||
        op->index_count > 2u ||
        (op->imm_count != 0 && op->imm_count != 1u && op->imm_count != 4u) || op->modifier > 3u)
        return 0;
    return 1u + (op->modifier != 0) + op->index_count + op->imm_count;
}

void aerocmd_priv_sm4_put_operand(struct aerocmd_sm4_builder *b,
                                  const struct aerocmd_sm4_operand *op)
{
    uint32_t i;
    if (op->modifier != 0) {
        aerocmd_priv_sm4_put(b, op->token | OPERAND_EXTENDED);
        aerocmd_priv_sm4_put(b, EXTENDED_TYPE_MODIFIER | op->modifier << EXTENDED_MODIFIER_SHIFT);
    } else {
        aerocmd_priv_sm4_put(b, op->token);
    }
    for (i = 0; i < op->index_count; i++)
        aerocmd_priv_sm4_put(b, op->index[i]);
    for (i = 0; i < op->imm_count; i++)
        aerocmd_priv_sm4_put(b, op->imm[i]);
}

void aerocmd_sm4_instr(struct aerocmd_sm4_builder *b, uint32_t opcode,
                       const struct aerocmd_sm4_operand *operands, uint32_t operand_count)
{
    uint32_t length = 1, i, size;
    if (b->error != AEROCMD_OK)
        return;
    if ((opcode & ~(AEROCMD_SM4_OPCODE_MASK | AEROCMD_SM4_SATURATE)) != 0 ||
        operand_count > AEROCMD_SM4_MAX_OPERANDS || (operand_count > 0 && operands == NULL)) {
        aerocmd_priv_sm4_fail(b, AEROCMD_E_INVALID_ARG);
        return;
    }
    if (!opcode_allowed(b, opcode & AEROCMD_SM4_OPCODE_MASK))
        return;
    for (i = 0; i < operand_count; i++) {
        size = operand_dwords(&operands[i]);
        if (size == 0) {
            aerocmd_priv_sm4_fail(b, AEROCMD_E_INVALID_ARG);
            return;
        }
        length += size;
    }
    if (length > MAX_INSTRUCTION_DWORDS) {
        aerocmd_priv_sm4_fail(b, AEROCMD_E_INVALID_ARG);
        return;
    }
    aerocmd_priv_sm4_put(b, opcode | length << SM4_LENGTH_SHIFT);
    for (i = 0; i < operand_count; i++)
        aerocmd_priv_sm4_put_operand(b, &operands[i]);
}

void aerocmd_sm4_op1(struct aerocmd_sm4_builder *b, uint32_t opcode, struct aerocmd_sm4_operand d,
                     struct aerocmd_sm4_operand a)
{
    struct aerocmd_sm4_operand ops[2] = {d, a};
    aerocmd_sm4_instr(b, opcode, ops, 2);
}

void aerocmd_sm4_op2(struct aerocmd_sm4_builder *b, uint32_t opcode, struct aerocmd_sm4_operand d,
                     struct aerocmd_sm4_operand a, struct aerocmd_sm4_operand s1)
{
    struct aerocmd_sm4_operand ops[3] = {d, a, s1};
    aerocmd_sm4_instr(b, opcode, ops, 3);
}

void aerocmd_sm4_op3(struct aerocmd_sm4_builder *b, uint32_t opcode, struct aerocmd_sm4_operand d,
                     struct aerocmd_sm4_operand a, struct aerocmd_sm4_operand s1,
                     struct aerocmd_sm4_operand s2)
{
    struct aerocmd_sm4_operand ops[4] = {d, a, s1, s2};
    aerocmd_sm4_instr(b, opcode, ops, 4);
}

void aerocmd_sm4_op4(struct aerocmd_sm4_builder *b, uint32_t opcode, struct aerocmd_sm4_operand d,
                     struct aerocmd_sm4_operand a, struct aerocmd_sm4_operand s1,
                     struct aerocmd_sm4_operand s2, struct aerocmd_sm4_operand s3)
{
    struct aerocmd_sm4_operand ops[5] = {d, a, s1, s2, s3};
    aerocmd_sm4_instr(b, opcode, ops, 5);
}

void aerocmd_sm4_ret(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_instr(b, AEROCMD_SM4_OP_RET, NULL, 0);
}

static int program_type(enum aerocmd_shader_kind kind, uint32_t *type)
{
    switch (kind) {
    case AEROCMD_SHADER_PS:
        *type = AEROCMD_SM4_PROGRAM_PIXEL;
        return 1;
    case AEROCMD_SHADER_VS:
        *type = AEROCMD_SM4_PROGRAM_VERTEX;
        return 1;
    case AEROCMD_SHADER_GS:
        *type = AEROCMD_SM4_PROGRAM_GEOMETRY;
        return 1;
    case AEROCMD_SHADER_CS:
        *type = AEROCMD_SM4_PROGRAM_COMPUTE;
        return 1;
    default:
        return 0;
    }
}

void aerocmd_sm4_begin(struct aerocmd_sm4_builder *b, enum aerocmd_shader_kind kind, uint32_t major,
                       uint32_t minor, uint32_t *tokens, uint32_t capacity)
{
    uint32_t type = 0;
    memset(b, 0, sizeof *b);
    b->tokens = tokens;
    b->capacity = tokens != NULL ? capacity : 0;
    b->kind = kind;
    b->major = major;
    if (!program_type(kind, &type) ||
        !((major == 4u && minor <= 1u) || (major == 5u && minor == 0)))
        aerocmd_priv_sm4_fail(b, AEROCMD_E_INVALID_ARG);
    aerocmd_priv_sm4_put(b, minor | major << 4 | type << 16);
    aerocmd_priv_sm4_put(b, 0); /* the length, written by aerocmd_sm4_finish */
}

aerocmd_result aerocmd_sm4_finish(struct aerocmd_sm4_builder *b, uint32_t *token_count)
{
    if (token_count != NULL)
        *token_count = b->count;
    if (b->error != AEROCMD_OK)
        return b->error;
    if (b->tokens == NULL)
        return AEROCMD_OK;
    if (b->count > b->capacity)
        return AEROCMD_E_BUFFER_FULL;
    b->tokens[1] = b->count;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_sm4_dxbc(struct aerocmd_sm4_builder *b,
                                const struct aerocmd_umd_shader_signatures *sigs, void *out,
                                uint32_t out_capacity, uint32_t *out_size)
{
    uint32_t count = 0;
    aerocmd_result r = aerocmd_sm4_finish(b, &count);
    if (r != AEROCMD_OK)
        return r;
    if (b->tokens == NULL)
        return AEROCMD_E_INVALID_ARG;
    return aerocmd_umd_dxbc_from_tokens(b->kind, b->tokens, count, sigs, out, out_capacity,
                                        out_size);
}
