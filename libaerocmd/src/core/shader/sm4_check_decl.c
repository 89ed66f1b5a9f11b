/* SPDX-License-Identifier: MIT */
/* sm4_check_decl.c — declarations for the SM4 token checker: each one's fields in the
 * ranges Direct3D gives them (and vkd3d-shader 1.2 reads), each register declared once,
 * and what they declare recorded for the instructions that follow. */
#include "sm4_check_internal.h"

#define DECL           AEROCMD_SM4_FAULT_DECLARATION
#define MAX_TGSM       32768u /* D3D11_CS_TGSM_REGISTER_COUNT * 4 bytes */
#define MAX_STRIDE     2048u  /* D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES */
#define MAX_ICB_WORDS  4096u  /* what vkd3d-shader 1.2 holds */
#define MAX_PS_TARGETS 8u
#define MAX_GS_OUT     1024u
#define MAX_GS_INST    32u

static int fail(struct sm4_state *s, uint32_t fault, uint32_t n, uint32_t value, uint32_t limit)
{
    return aerocmd_priv_sm4c_fail(s, fault, n, value, limit);
}

static uint32_t word(const struct sm4_state *s, uint32_t at)
{
    return aerocmd_priv_sm4c_word(s, at);
}

/* The controls (opcode token bits 11..23) hold nothing outside `allowed`. */
static int controls_within(struct sm4_state *s, uint32_t tok, uint32_t allowed)
{
    uint32_t controls = (tok >> AEROCMD_SM4_CONTROL_SHIFT) & 0x1FFFu;
    if ((controls & ~allowed) != 0)
        return fail(s, AEROCMD_SM4_FAULT_CONTROLS, 0, controls & ~allowed, 0);
    return 0;
}

/* The declared register: an operand of one of the types in `types` (a bit per type),
 * in this program type, indexed by immediates, without modifier. */
static int dcl_register(struct sm4_state *s, uint32_t *pos, uint32_t end, uint64_t types,
                        struct sm4_operand *op)
{
    if (aerocmd_priv_sm4c_read_operand(s, pos, end, 1, op) != 0)
        return -1;
    if (op->type >= 64u || ((types >> op->type) & 1u) == 0)
        return fail(s, AEROCMD_SM4_FAULT_REGISTER_TYPE, 1, op->type, 0);
    if (aerocmd_priv_sm4c_register_form(s, op, 1) != 0)
        return -1;
    if (op->relative[0] || op->relative[1] || op->modifier != 0)
        return fail(s, AEROCMD_SM4_FAULT_OPERAND_ENCODING, 1, op->token, 0);
    if (op->components == AEROCMD_SM4_COMPONENTS_4 &&
        (op->mode != AEROCMD_SM4_MODE_MASK || op->selection == 0) &&
        op->type != AEROCMD_SM4_REG_CONSTANT_BUFFER)
        return fail(s, AEROCMD_SM4_FAULT_SELECTION, 1, op->mode, AEROCMD_SM4_MODE_MASK);
    return 0;
}

/* Exactly `count` DWORDs left in the declaration. */
static int words_left(struct sm4_state *s, uint32_t pos, uint32_t end, uint32_t count)
{
    if (end - pos != count)
        return fail(s, AEROCMD_SM4_FAULT_OPERAND_COUNT, 0, end - pos, count);
    return 0;
}

#define BIT(type) ((uint64_t)1 << (type))

/* Records a v# / o# with its components (packed registers are declared per component
 * group); the same components twice are refused. */
static int io_register(struct sm4_state *s, uint8_t *masks, uint32_t *regs, uint32_t reg,
                       uint32_t mask, uint32_t limit)
{
    if (reg >= limit)
        return fail(s, AEROCMD_SM4_FAULT_LIMIT, 1, reg, limit);
    if ((masks[reg] & mask) != 0)
        return fail(s, AEROCMD_SM4_FAULT_REDECLARED, 1, reg, 0);
    masks[reg] |= (uint8_t)mask;
    *regs |= 1u << reg;
    return 0;
}

/* A special register (vThreadID, oDepth, ...), declared once. */
static int special(struct sm4_state *s, uint32_t type)
{
    if ((s->specials >> type) & 1u)
        return fail(s, AEROCMD_SM4_FAULT_REDECLARED, 1, type, 0);
    s->specials |= BIT(type);
    return 0;
}

static int sysval_ok(uint32_t opcode, uint32_t sv)
{
    switch (opcode) {
    case AEROCMD_SM4_OP_DCL_INPUT_SGV:
        return sv == AEROCMD_SM4_SV_VERTEX_ID || sv == AEROCMD_SM4_SV_INSTANCE_ID;
    case AEROCMD_SM4_OP_DCL_INPUT_PS_SGV:
        return sv == AEROCMD_SM4_SV_PRIMITIVE_ID || sv == AEROCMD_SM4_SV_IS_FRONT_FACE ||
               sv == AEROCMD_SM4_SV_SAMPLE_INDEX;
    default: /* input_siv, input_ps_siv, output_siv */
        return sv >= AEROCMD_SM4_SV_POSITION && sv <= AEROCMD_SM4_SV_VIEWPORT_ARRAY_INDEX;
    }
}

/* dcl_input*, in the program types each form belongs to. */
static int dcl_input(struct sm4_state *s, uint32_t op_code, uint32_t tok, uint32_t pos,
                     uint32_t end)
{
    uint64_t types = BIT(AEROCMD_SM4_REG_INPUT);
    int with_sv = op_code != AEROCMD_SM4_OP_DCL_INPUT && op_code != AEROCMD_SM4_OP_DCL_INPUT_PS;
    int ps = op_code >= AEROCMD_SM4_OP_DCL_INPUT_PS;
    uint32_t interp = (tok >> AEROCMD_SM4_CONTROL_SHIFT) & 0xFu;
    struct sm4_operand op;
    if (op_code == AEROCMD_SM4_OP_DCL_INPUT)
        types |= BIT(AEROCMD_SM4_REG_INPUT_PRIMITIVE_ID) | BIT(AEROCMD_SM4_REG_THREAD_ID) |
                 BIT(AEROCMD_SM4_REG_THREAD_GROUP_ID) | BIT(AEROCMD_SM4_REG_THREAD_ID_IN_GROUP) |
                 BIT(AEROCMD_SM4_REG_INPUT_COVERAGE_MASK) |
                 BIT(AEROCMD_SM4_REG_THREAD_ID_IN_GROUP_FLATTENED) |
                 BIT(AEROCMD_SM4_REG_GS_INSTANCE_ID);
    if (controls_within(s, tok, ps ? 0xFu : 0u) != 0)
        return -1;
    if (ps && (interp > AEROCMD_SM4_INTERP_LINEAR_NOPERSPECTIVE_SAMPLE ||
               (interp == 0 && op_code != AEROCMD_SM4_OP_DCL_INPUT_PS_SGV)))
        return fail(s, DECL, 0, interp, AEROCMD_SM4_INTERP_LINEAR_NOPERSPECTIVE_SAMPLE);
    if (dcl_register(s, &pos, end, types, &op) != 0 ||
        words_left(s, pos, end, with_sv ? 1u : 0u) != 0)
        return -1;
    if (with_sv && !sysval_ok(op_code, word(s, pos)))
        return fail(s, DECL, 2, word(s, pos), 0);
    if (op.type >= AEROCMD_SM4_REG_THREAD_ID && op.type <= AEROCMD_SM4_REG_THREAD_ID_IN_GROUP)
        s->thread_masks[op.type - AEROCMD_SM4_REG_THREAD_ID] =
            (uint8_t)(op.components == AEROCMD_SM4_COMPONENTS_4 ? op.selection : 0xFu);
    if (op.type != AEROCMD_SM4_REG_INPUT)
        return special(s, op.type);
    if ((op_code == AEROCMD_SM4_OP_DCL_INPUT && s->type == AEROCMD_SM4_PROGRAM_PIXEL) ||
        (op_code == AEROCMD_SM4_OP_DCL_INPUT_SGV && s->type != AEROCMD_SM4_PROGRAM_VERTEX) ||
        (op_code == AEROCMD_SM4_OP_DCL_INPUT_SIV && s->type != AEROCMD_SM4_PROGRAM_GEOMETRY))
        return fail(s, AEROCMD_SM4_FAULT_OPCODE_PROGRAM, 0, s->type, 0);
    if (op.dims == 2u) { /* a geometry shader's v[vertices][reg] */
        if (op.index[0] == 0 || (s->gs_input_vertices != 0 && op.index[0] != s->gs_input_vertices))
            return fail(s, DECL, 1, op.index[0], s->gs_input_vertices);
        s->gs_input_vertices = op.index[0];
    }
    return io_register(s, s->input_masks, &s->inputs, op.index[op.dims - 1u], op.selection,
                       SM4_MAX_IO);
}

static int dcl_output(struct sm4_state *s, uint32_t op_code, uint32_t tok, uint32_t pos,
                      uint32_t end)
{
    uint64_t types = BIT(AEROCMD_SM4_REG_OUTPUT);
    int siv = op_code == AEROCMD_SM4_OP_DCL_OUTPUT_SIV;
    struct sm4_operand op;
    if (!siv)
        types |= BIT(AEROCMD_SM4_REG_OUTPUT_DEPTH) | BIT(AEROCMD_SM4_REG_OUTPUT_COVERAGE_MASK) |
                 BIT(AEROCMD_SM4_REG_OUTPUT_DEPTH_GE) | BIT(AEROCMD_SM4_REG_OUTPUT_DEPTH_LE);
    if (controls_within(s, tok, 0) != 0 || dcl_register(s, &pos, end, types, &op) != 0 ||
        words_left(s, pos, end, siv ? 1u : 0u) != 0)
        return -1;
    if (siv && (s->type == AEROCMD_SM4_PROGRAM_PIXEL || !sysval_ok(op_code, word(s, pos))))
        return fail(s, DECL, 2, word(s, pos), 0);
    if (op.type != AEROCMD_SM4_REG_OUTPUT)
        return special(s, op.type);
    return io_register(s, s->output_masks, &s->outputs, op.index[0], op.selection,
                       s->type == AEROCMD_SM4_PROGRAM_PIXEL ? MAX_PS_TARGETS : SM4_MAX_IO);
}

/* The four return types of a typed resource: one and the same known type. */
static int return_types(struct sm4_state *s, uint32_t types)
{
    uint32_t x = types & 0xFu;
    if (x < AEROCMD_SM4_RETURN_UNORM || x > AEROCMD_SM4_RETURN_FLOAT || types != x * 0x1111u)
        return fail(s, DECL, 2, types, 0);
    return 0;
}

/* A t# / u# / g# slot of `table`, free, recorded as `kind`. */
static int slot(struct sm4_state *s, uint8_t *table, uint32_t count, const struct sm4_operand *op,
                uint8_t kind)
{
    if (op->index[0] >= count)
        return fail(s, AEROCMD_SM4_FAULT_LIMIT, 1, op->index[0], count);
    if (table[op->index[0]] != SM4_RK_NONE)
        return fail(s, AEROCMD_SM4_FAULT_REDECLARED, 1, op->index[0], 0);
    table[op->index[0]] = kind;
    return 0;
}

/* dcl_resource and dcl_uav_typed: dimension (and a multisampled texture's sample count). */
static int dcl_typed(struct sm4_state *s, uint32_t op_code, uint32_t tok, uint32_t pos,
                     uint32_t end)
{
    int uav = op_code == AEROCMD_SM4_OP_DCL_UAV_TYPED;
    uint32_t dim = (tok >> AEROCMD_SM4_CONTROL_SHIFT) & 0x1Fu, samples = (tok >> 16) & 0x7Fu;
    int ms = dim == AEROCMD_SM4_DIM_TEXTURE2DMS || dim == AEROCMD_SM4_DIM_TEXTURE2DMSARRAY;
    struct sm4_operand op;
    if (controls_within(s, tok, uav ? 0x3Fu : 0xFFFu) != 0)
        return -1;
    if (dim == 0 || dim > AEROCMD_SM4_DIM_TEXTURECUBEARRAY ||
        (uav &&
         (ms || dim == AEROCMD_SM4_DIM_TEXTURECUBE || dim == AEROCMD_SM4_DIM_TEXTURECUBEARRAY)) ||
        (!uav && (ms ? samples > 32u : samples != 0)))
        return fail(s, DECL, 0, dim, AEROCMD_SM4_DIM_TEXTURECUBEARRAY);
    if (dcl_register(s, &pos, end, BIT(uav ? AEROCMD_SM4_REG_UAV : AEROCMD_SM4_REG_RESOURCE),
                     &op) != 0 ||
        words_left(s, pos, end, 1) != 0 || return_types(s, word(s, pos)) != 0)
        return -1;
    return slot(s, uav ? s->uav : s->srv, uav ? SM4_MAX_UAVS : SM4_MAX_SRVS, &op,
                (uint8_t)((dim == AEROCMD_SM4_DIM_BUFFER ? SM4_RK_BUFFER
                           : ms                          ? SM4_RK_MS
                                                         : SM4_RK_TEXTURE) |
                          dim << SM4_RK_DIM_SHIFT));
}

/* A structure stride (bytes): a multiple of 4 up to Direct3D's 2048. */
static int stride_ok(struct sm4_state *s, uint32_t stride, uint32_t n)
{
    if (stride == 0 || stride % 4u != 0 || stride > MAX_STRIDE)
        return fail(s, DECL, n, stride, MAX_STRIDE);
    return 0;
}

/* The raw and structured forms of t#, u# and g#. */
static int dcl_buffer(struct sm4_state *s, uint32_t op_code, uint32_t tok, uint32_t pos,
                      uint32_t end)
{
    int structured = op_code == AEROCMD_SM4_OP_DCL_RESOURCE_STRUCTURED ||
                     op_code == AEROCMD_SM4_OP_DCL_UAV_STRUCTURED ||
                     op_code == AEROCMD_SM4_OP_DCL_TGSM_STRUCTURED;
    int tgsm =
        op_code == AEROCMD_SM4_OP_DCL_TGSM_RAW || op_code == AEROCMD_SM4_OP_DCL_TGSM_STRUCTURED;
    int uav = op_code == AEROCMD_SM4_OP_DCL_UAV_RAW || op_code == AEROCMD_SM4_OP_DCL_UAV_STRUCTURED;
    uint32_t type = tgsm  ? AEROCMD_SM4_REG_TGSM
                    : uav ? AEROCMD_SM4_REG_UAV
                          : AEROCMD_SM4_REG_RESOURCE;
    uint32_t allowed = uav ? (AEROCMD_SM4_UAV_COHERENT >> AEROCMD_SM4_CONTROL_SHIFT) : 0u;
    uint32_t bytes = 0;
    struct sm4_operand op;
    if (op_code == AEROCMD_SM4_OP_DCL_UAV_STRUCTURED)
        allowed |= AEROCMD_SM4_UAV_COUNTER >> AEROCMD_SM4_CONTROL_SHIFT;
    if (controls_within(s, tok, allowed) != 0 || dcl_register(s, &pos, end, BIT(type), &op) != 0 ||
        words_left(s, pos, end, (uint32_t)structured + (uint32_t)tgsm) != 0)
        return -1;
    if (structured && stride_ok(s, word(s, pos), 2) != 0)
        return -1;
    if (tgsm) { /* raw: its bytes; structured: stride, count */
        uint32_t a = word(s, pos), b = structured ? word(s, pos + 1u) : 1u;
        if (a == 0 || a % 4u != 0 || b == 0 || a > MAX_TGSM / b || a * b > MAX_TGSM - s->tgsm_bytes)
            return fail(s, AEROCMD_SM4_FAULT_LIMIT, 2, a, MAX_TGSM - s->tgsm_bytes);
        bytes = a * b;
    }
    if (slot(s,
             tgsm  ? s->tgsm
             : uav ? s->uav
                   : s->srv,
             tgsm  ? SM4_MAX_TGSM
             : uav ? SM4_MAX_UAVS
                   : SM4_MAX_SRVS,
             &op, structured ? SM4_RK_STRUCTURED : SM4_RK_RAW) != 0)
        return -1;
    s->tgsm_bytes += bytes;
    return 0;
}

static int dcl_constant_buffer(struct sm4_state *s, uint32_t tok, uint32_t pos, uint32_t end)
{
    struct sm4_operand op;
    if (controls_within(s, tok, AEROCMD_SM4_CB_DYNAMIC >> AEROCMD_SM4_CONTROL_SHIFT) != 0 ||
        dcl_register(s, &pos, end, BIT(AEROCMD_SM4_REG_CONSTANT_BUFFER), &op) != 0 ||
        words_left(s, pos, end, 0) != 0)
        return -1;
    if (op.index[0] >= SM4_MAX_CBS)
        return fail(s, AEROCMD_SM4_FAULT_LIMIT, 1, op.index[0], SM4_MAX_CBS);
    if (op.index[1] == 0 || op.index[1] > SM4_MAX_CB_VEC4S)
        return fail(s, DECL, 1, op.index[1], SM4_MAX_CB_VEC4S);
    if (s->cb_size[op.index[0]] != 0)
        return fail(s, AEROCMD_SM4_FAULT_REDECLARED, 1, op.index[0], 0);
    s->cb_size[op.index[0]] = (uint16_t)op.index[1];
    return 0;
}

static int dcl_sampler(struct sm4_state *s, uint32_t tok, uint32_t pos, uint32_t end)
{
    struct sm4_operand op;
    if (controls_within(s, tok, 1u) != 0 || /* default or comparison */
        dcl_register(s, &pos, end, BIT(AEROCMD_SM4_REG_SAMPLER), &op) != 0 ||
        words_left(s, pos, end, 0) != 0)
        return -1;
    if (op.index[0] >= SM4_MAX_SAMPLERS)
        return fail(s, AEROCMD_SM4_FAULT_LIMIT, 1, op.index[0], SM4_MAX_SAMPLERS);
    if ((s->samplers >> op.index[0]) & 1u)
        return fail(s, AEROCMD_SM4_FAULT_REDECLARED, 1, op.index[0], 0);
    s->samplers |= (uint16_t)(1u << op.index[0]);
    return 0;
}

static int dcl_indexable_temp(struct sm4_state *s, uint32_t tok, uint32_t pos, uint32_t end)
{
    uint32_t reg, size, comps;
    if (controls_within(s, tok, 0) != 0 || words_left(s, pos, end, 3) != 0)
        return -1;
    reg = word(s, pos), size = word(s, pos + 1u), comps = word(s, pos + 2u);
    if (reg >= SM4_MAX_IDX_TEMPS)
        return fail(s, AEROCMD_SM4_FAULT_LIMIT, 1, reg, SM4_MAX_IDX_TEMPS);
    if (s->idx_size[reg] != 0)
        return fail(s, AEROCMD_SM4_FAULT_REDECLARED, 1, reg, 0);
    if (size == 0 || size > SM4_MAX_TEMPS - s->idx_total || comps == 0 || comps > 4u)
        return fail(s, DECL, 2, size, SM4_MAX_TEMPS - s->idx_total);
    s->idx_size[reg] = (uint16_t)size;
    s->idx_components[reg] = (uint8_t)comps;
    s->idx_total += size;
    return 0;
}

/* A declaration that is one count: its value in [1, max], declared once (*seen). */
static int count_once(struct sm4_state *s, uint32_t tok, uint32_t pos, uint32_t end, int *seen,
                      uint32_t min, uint32_t max)
{
    uint32_t v;
    if (controls_within(s, tok, 0) != 0 || words_left(s, pos, end, 1) != 0)
        return -1;
    v = word(s, pos);
    if (*seen)
        return fail(s, AEROCMD_SM4_FAULT_REDECLARED, 0, v, 0);
    if (v < min || v > max)
        return fail(s, DECL, 1, v, max);
    *seen = 1;
    return 0;
}

/* dcl_inputprimitive / dcl_outputtopology: a value in the controls, once. */
static int gs_primitive(struct sm4_state *s, uint32_t op_code, uint32_t tok, uint32_t pos,
                        uint32_t end)
{
    static const uint8_t vertices[8] = {0, 1, 2, 3, 0, 0, 4, 6};
    uint32_t v = (tok >> AEROCMD_SM4_CONTROL_SHIFT) & 0x1FFFu;
    int in = op_code == AEROCMD_SM4_OP_DCL_GS_INPUT_PRIMITIVE;
    if (words_left(s, pos, end, 0) != 0)
        return -1;
    if ((in ? s->gs_primitive_vertices != 0 : s->gs_topology != 0))
        return fail(s, AEROCMD_SM4_FAULT_REDECLARED, 0, v, 0);
    if (in ? v >= 8u || vertices[v] == 0
           : v != AEROCMD_SM4_GS_OUT_POINTLIST && v != AEROCMD_SM4_GS_OUT_LINESTRIP &&
                 v != AEROCMD_SM4_GS_OUT_TRIANGLESTRIP)
        return fail(s, DECL, 0, v, 0);
    if (in)
        s->gs_primitive_vertices = vertices[v];
    else
        s->gs_topology = (int)v;
    return 0;
}

static int dcl_thread_group(struct sm4_state *s, uint32_t tok, uint32_t pos, uint32_t end)
{
    uint32_t x, y, z, max_xy = s->major >= 5u ? 1024u : 768u, max_z = s->major >= 5u ? 64u : 1u;
    if (controls_within(s, tok, 0) != 0 || words_left(s, pos, end, 3) != 0)
        return -1;
    x = word(s, pos), y = word(s, pos + 1u), z = word(s, pos + 2u);
    if (s->thread_group)
        return fail(s, AEROCMD_SM4_FAULT_REDECLARED, 0, x, 0);
    if (x == 0 || y == 0 || z == 0 || x > max_xy || y > max_xy || z > max_z || x * y > max_xy ||
        x * y * z > max_xy)
        return fail(s, AEROCMD_SM4_FAULT_LIMIT, 1, x * y * z, max_xy);
    s->thread_group = 1;
    return 0;
}

/* The immediate constant buffer (CUSTOMDATA class 3): whole vec4s, once. */
static int icb(struct sm4_state *s, uint32_t end)
{
    uint32_t words = end - s->at - 2u;
    if (s->icb)
        return fail(s, AEROCMD_SM4_FAULT_REDECLARED, 0, words, 0);
    if (words == 0 || words % 4u != 0 || words > MAX_ICB_WORDS)
        return fail(s, AEROCMD_SM4_FAULT_LIMIT, 0, words, MAX_ICB_WORDS);
    s->icb = 1;
    s->icb_vec4s = words / 4u;
    return 0;
}

static int dcl_temps(struct sm4_state *s, uint32_t tok, uint32_t pos, uint32_t end)
{
    if (controls_within(s, tok, 0) != 0 || words_left(s, pos, end, 1) != 0)
        return -1;
    if (s->temps_declared)
        return fail(s, AEROCMD_SM4_FAULT_REDECLARED, 0, word(s, pos), 0);
    if (word(s, pos) > SM4_MAX_TEMPS)
        return fail(s, AEROCMD_SM4_FAULT_LIMIT, 1, word(s, pos), SM4_MAX_TEMPS);
    s->temps_declared = 1;
    s->temps = word(s, pos);
    return 0;
}

int aerocmd_priv_sm4c_declaration(struct sm4_state *s, uint32_t tok, uint32_t end)
{
    uint32_t op = s->opcode, pos = s->at + 1u;
    if (s->body)
        return fail(s, AEROCMD_SM4_FAULT_DECLARATION_ORDER, 0, s->at, 0);
    switch (op) {
    case AEROCMD_SM4_OP_CUSTOMDATA:
        return icb(s, end);
    case AEROCMD_SM4_OP_DCL_GLOBAL_FLAGS:
        return controls_within(s, tok, 0xFFu) != 0 ? -1 : words_left(s, pos, end, 0);
    case AEROCMD_SM4_OP_DCL_TEMPS:
        return dcl_temps(s, tok, pos, end);
    case AEROCMD_SM4_OP_DCL_INDEXABLE_TEMP:
        return dcl_indexable_temp(s, tok, pos, end);
    case AEROCMD_SM4_OP_DCL_CONSTANT_BUFFER:
        return dcl_constant_buffer(s, tok, pos, end);
    case AEROCMD_SM4_OP_DCL_SAMPLER:
        return dcl_sampler(s, tok, pos, end);
    case AEROCMD_SM4_OP_DCL_RESOURCE:
    case AEROCMD_SM4_OP_DCL_UAV_TYPED:
        return dcl_typed(s, op, tok, pos, end);
    case AEROCMD_SM4_OP_DCL_OUTPUT:
    case AEROCMD_SM4_OP_DCL_OUTPUT_SIV:
        return dcl_output(s, op, tok, pos, end);
    case AEROCMD_SM4_OP_DCL_GS_INPUT_PRIMITIVE:
    case AEROCMD_SM4_OP_DCL_GS_OUTPUT_TOPOLOGY:
        return gs_primitive(s, op, tok, pos, end);
    case AEROCMD_SM4_OP_DCL_GS_MAX_VERTICES:
        return count_once(s, tok, pos, end, &s->gs_max_vertices, 1u, MAX_GS_OUT);
    case AEROCMD_SM4_OP_DCL_GS_INSTANCES:
        return count_once(s, tok, pos, end, &s->gs_instances, 1u, MAX_GS_INST);
    case AEROCMD_SM4_OP_DCL_THREAD_GROUP:
        return dcl_thread_group(s, tok, pos, end);
    default:
        if (op >= AEROCMD_SM4_OP_DCL_INPUT && op <= AEROCMD_SM4_OP_DCL_INPUT_PS_SIV)
            return dcl_input(s, op, tok, pos, end);
        if ((op >= AEROCMD_SM4_OP_DCL_UAV_RAW && op <= AEROCMD_SM4_OP_DCL_RESOURCE_STRUCTURED))
            return dcl_buffer(s, op, tok, pos, end); /* raw / structured t#, u#, g# */
        return fail(s, AEROCMD_SM4_FAULT_OPCODE, 0, op, 0);
    }
}

int aerocmd_priv_sm4c_required_declarations(struct sm4_state *s)
{
    if (s->type == AEROCMD_SM4_PROGRAM_GEOMETRY) {
        if (s->gs_primitive_vertices == 0)
            return fail(s, AEROCMD_SM4_FAULT_MISSING_DECLARATION, 0,
                        AEROCMD_SM4_OP_DCL_GS_INPUT_PRIMITIVE, 0);
        if (s->gs_topology == 0)
            return fail(s, AEROCMD_SM4_FAULT_MISSING_DECLARATION, 0,
                        AEROCMD_SM4_OP_DCL_GS_OUTPUT_TOPOLOGY, 0);
        if (!s->gs_max_vertices)
            return fail(s, AEROCMD_SM4_FAULT_MISSING_DECLARATION, 0,
                        AEROCMD_SM4_OP_DCL_GS_MAX_VERTICES, 0);
        if (s->gs_input_vertices != 0 && s->gs_input_vertices != s->gs_primitive_vertices)
            return fail(s, DECL, 0, s->gs_input_vertices, s->gs_primitive_vertices);
    }
    if (s->type == AEROCMD_SM4_PROGRAM_COMPUTE && !s->thread_group)
        return fail(s, AEROCMD_SM4_FAULT_MISSING_DECLARATION, 0, AEROCMD_SM4_OP_DCL_THREAD_GROUP,
                    0);
    return 0;
}
