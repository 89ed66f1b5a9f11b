/* SPDX-License-Identifier: MIT */
/* umd_sm4_decl.c — the SM4 builder's declarations: registers, resources, thread groups. */
#include <string.h>

#include "aerocmd/sm4.h"
#include "umd_sm4_internal.h"

#define CB_DYNAMIC_INDEXED    1u
#define MAX_CB_VEC4S          4096u /* D3D10_REQ_CONSTANT_BUFFER_ELEMENT_COUNT */
#define MAX_THREADS_X_Y       1024u
#define MAX_THREADS_Z         64u
#define MAX_THREADS           1024u
#define LAST_SYSTEM_VALUE     10u
#define LAST_INTERPOLATION    7u
#define LAST_DIMENSION        10u
#define LAST_RETURN_TYPE      5u
#define MAX_GS_VERTICES       1024u /* D3D10_GS_MAX_OUTPUT_VERTEX_COUNT_ACROSS_INSTANCES */
#define MAX_GS_INPUT_VERTICES 6u    /* triangle with adjacency */

/* One declaration: opcode + controls, an optional operand, then `extra` plain DWORDs. */
static void decl(struct aerocmd_sm4_builder *b, uint32_t opcode_controls,
                 const struct aerocmd_sm4_operand *op, const uint32_t *extra, uint32_t extra_count)
{
    uint32_t length = 1u + extra_count, i;
    if (b->error != AEROCMD_OK)
        return;
    if (op != NULL) {
        if (op->token == 0xFFFFFFFFu) {
            aerocmd_priv_sm4_fail(b, AEROCMD_E_INVALID_ARG);
            return;
        }
        length += 1u + op->index_count;
    }
    aerocmd_priv_sm4_put(b, opcode_controls | length << SM4_LENGTH_SHIFT);
    if (op != NULL)
        aerocmd_priv_sm4_put_operand(b, op);
    for (i = 0; i < extra_count; i++)
        aerocmd_priv_sm4_put(b, extra[i]);
}

static int check(struct aerocmd_sm4_builder *b, int ok)
{
    if (!ok)
        aerocmd_priv_sm4_fail(b, AEROCMD_E_INVALID_ARG);
    return ok;
}

/* A declaration's operand naming a slot: no components, one index. */
static struct aerocmd_sm4_operand slot_operand(enum aerocmd_sm4_register type, uint32_t slot)
{
    struct aerocmd_sm4_operand op;
    memset(&op, 0, sizeof op);
    op.token = (uint32_t)type << SM4_TYPE_SHIFT | 1u << SM4_INDEX_DIM_SHIFT;
    op.index_count = 1;
    op.index[0] = slot;
    return op;
}

void aerocmd_sm4_dcl_input(struct aerocmd_sm4_builder *b, uint32_t reg, uint32_t mask)
{
    struct aerocmd_sm4_operand op = aerocmd_sm4_dst(AEROCMD_SM4_REG_INPUT, reg, mask);
    decl(b, AEROCMD_SM4_OP_DCL_INPUT, &op, NULL, 0);
}

/* A register declaration followed by its system-value name token. */
static void sv_decl(struct aerocmd_sm4_builder *b, uint32_t opcode, enum aerocmd_sm4_register type,
                    uint32_t reg, uint32_t mask, enum aerocmd_sm4_system_value sv)
{
    struct aerocmd_sm4_operand op = aerocmd_sm4_dst(type, reg, mask);
    uint32_t name = (uint32_t)sv;
    if (check(b, name != 0 && name <= LAST_SYSTEM_VALUE))
        decl(b, opcode, &op, &name, 1);
}

void aerocmd_sm4_dcl_input_sgv(struct aerocmd_sm4_builder *b, uint32_t reg, uint32_t mask,
                               enum aerocmd_sm4_system_value sv)
{
    sv_decl(b, AEROCMD_SM4_OP_DCL_INPUT_SGV, AEROCMD_SM4_REG_INPUT, reg, mask, sv);
}

void aerocmd_sm4_dcl_input_ps(struct aerocmd_sm4_builder *b, uint32_t reg, uint32_t mask,
                              enum aerocmd_sm4_interpolation interp)
{
    struct aerocmd_sm4_operand op = aerocmd_sm4_dst(AEROCMD_SM4_REG_INPUT, reg, mask);
    uint32_t mode = (uint32_t)interp;
    if (check(b, mode != 0 && mode <= LAST_INTERPOLATION))
        decl(b, AEROCMD_SM4_OP_DCL_INPUT_PS | mode << SM4_CONTROL_SHIFT, &op, NULL, 0);
}

void aerocmd_sm4_dcl_input_ps_siv(struct aerocmd_sm4_builder *b, uint32_t reg, uint32_t mask,
                                  enum aerocmd_sm4_system_value sv,
                                  enum aerocmd_sm4_interpolation interp)
{
    struct aerocmd_sm4_operand op = aerocmd_sm4_dst(AEROCMD_SM4_REG_INPUT, reg, mask);
    uint32_t name = (uint32_t)sv, mode = (uint32_t)interp;
    if (check(b, name != 0 && name <= LAST_SYSTEM_VALUE && mode != 0 && mode <= LAST_INTERPOLATION))
        decl(b, AEROCMD_SM4_OP_DCL_INPUT_PS_SIV | mode << SM4_CONTROL_SHIFT, &op, &name, 1);
}

void aerocmd_sm4_dcl_input_special(struct aerocmd_sm4_builder *b, enum aerocmd_sm4_register type,
                                   uint32_t mask)
{
    struct aerocmd_sm4_operand op;
    if (!check(b, (type == AEROCMD_SM4_REG_THREAD_ID || type == AEROCMD_SM4_REG_THREAD_GROUP_ID ||
                   type == AEROCMD_SM4_REG_THREAD_ID_IN_GROUP) &&
                      mask != 0 && mask <= AEROCMD_SM4_XYZ && b->kind == AEROCMD_SHADER_CS))
        return;
    memset(&op, 0, sizeof op);
    op.token = SM4_COMPONENTS_4 | SM4_MODE_MASK << SM4_MODE_SHIFT | mask << SM4_SELECTION_SHIFT |
               (uint32_t)type << SM4_TYPE_SHIFT;
    decl(b, AEROCMD_SM4_OP_DCL_INPUT, &op, NULL, 0);
}

void aerocmd_sm4_dcl_output(struct aerocmd_sm4_builder *b, uint32_t reg, uint32_t mask)
{
    struct aerocmd_sm4_operand op = aerocmd_sm4_dst(AEROCMD_SM4_REG_OUTPUT, reg, mask);
    decl(b, AEROCMD_SM4_OP_DCL_OUTPUT, &op, NULL, 0);
}

void aerocmd_sm4_dcl_output_siv(struct aerocmd_sm4_builder *b, uint32_t reg, uint32_t mask,
                                enum aerocmd_sm4_system_value sv)
{
    sv_decl(b, AEROCMD_SM4_OP_DCL_OUTPUT_SIV, AEROCMD_SM4_REG_OUTPUT, reg, mask, sv);
}

void aerocmd_sm4_dcl_constant_buffer(struct aerocmd_sm4_builder *b, uint32_t slot,
                                     uint32_t vec4_count, int dynamic)
{
    struct aerocmd_sm4_operand op = aerocmd_sm4_cb(slot, vec4_count, AEROCMD_SM4_SWZ_XYZW);
    if (check(b, vec4_count != 0 && vec4_count <= MAX_CB_VEC4S))
        decl(b,
             AEROCMD_SM4_OP_DCL_CONSTANT_BUFFER |
                 (dynamic ? CB_DYNAMIC_INDEXED << SM4_CONTROL_SHIFT : 0u),
             &op, NULL, 0);
}

void aerocmd_sm4_dcl_sampler(struct aerocmd_sm4_builder *b, uint32_t slot)
{
    struct aerocmd_sm4_operand op = slot_operand(AEROCMD_SM4_REG_SAMPLER, slot);
    if (check(b, slot <= AEROCMD_SM4_MAX_REGISTER))
        decl(b, AEROCMD_SM4_OP_DCL_SAMPLER, &op, NULL, 0);
}

/* The return-type token: the same type in each component's four bits. */
static uint32_t return_types(enum aerocmd_sm4_return_type ret)
{
    uint32_t r = (uint32_t)ret;
    return r | r << 4 | r << 8 | r << 12;
}

static int typed_ok(uint32_t slot, enum aerocmd_sm4_dimension dim, enum aerocmd_sm4_return_type ret)
{
    return slot <= AEROCMD_SM4_MAX_REGISTER && (uint32_t)dim != 0 &&
           (uint32_t)dim <= LAST_DIMENSION && (uint32_t)ret != 0 &&
           (uint32_t)ret <= LAST_RETURN_TYPE;
}

void aerocmd_sm4_dcl_resource(struct aerocmd_sm4_builder *b, uint32_t slot,
                              enum aerocmd_sm4_dimension dim, enum aerocmd_sm4_return_type ret)
{
    struct aerocmd_sm4_operand op = slot_operand(AEROCMD_SM4_REG_RESOURCE, slot);
    uint32_t types = return_types(ret);
    if (check(b, typed_ok(slot, dim, ret)))
        decl(b, AEROCMD_SM4_OP_DCL_RESOURCE | (uint32_t)dim << SM4_CONTROL_SHIFT, &op, &types, 1);
}

/* A 5.0 (or 4.x compute) declaration of a slot with an optional structure stride. */
static void sm5_slot_decl(struct aerocmd_sm4_builder *b, uint32_t opcode,
                          enum aerocmd_sm4_register type, uint32_t slot, const uint32_t *stride)
{
    struct aerocmd_sm4_operand op = slot_operand(type, slot);
    if (!check(b,
               slot <= AEROCMD_SM4_MAX_REGISTER &&
                   (stride == NULL || (*stride != 0 && *stride % 4u == 0 && *stride <= 2048u))) ||
        !aerocmd_priv_sm4_need_compute(b))
        return;
    decl(b, opcode, &op, stride, stride != NULL);
}

void aerocmd_sm4_dcl_resource_raw(struct aerocmd_sm4_builder *b, uint32_t slot)
{
    sm5_slot_decl(b, AEROCMD_SM4_OP_DCL_RESOURCE_RAW, AEROCMD_SM4_REG_RESOURCE, slot, NULL);
}

void aerocmd_sm4_dcl_resource_structured(struct aerocmd_sm4_builder *b, uint32_t slot,
                                         uint32_t stride)
{
    sm5_slot_decl(b, AEROCMD_SM4_OP_DCL_RESOURCE_STRUCTURED, AEROCMD_SM4_REG_RESOURCE, slot,
                  &stride);
}

void aerocmd_sm4_dcl_uav_typed(struct aerocmd_sm4_builder *b, uint32_t slot,
                               enum aerocmd_sm4_dimension dim, enum aerocmd_sm4_return_type ret)
{
    struct aerocmd_sm4_operand op = slot_operand(AEROCMD_SM4_REG_UAV, slot);
    uint32_t types = return_types(ret);
    if (check(b, typed_ok(slot, dim, ret)) && aerocmd_priv_sm4_need_sm5(b))
        decl(b, AEROCMD_SM4_OP_DCL_UAV_TYPED | (uint32_t)dim << SM4_CONTROL_SHIFT, &op, &types, 1);
}

void aerocmd_sm4_dcl_uav_raw(struct aerocmd_sm4_builder *b, uint32_t slot)
{
    sm5_slot_decl(b, AEROCMD_SM4_OP_DCL_UAV_RAW, AEROCMD_SM4_REG_UAV, slot, NULL);
}

void aerocmd_sm4_dcl_uav_structured(struct aerocmd_sm4_builder *b, uint32_t slot, uint32_t stride)
{
    sm5_slot_decl(b, AEROCMD_SM4_OP_DCL_UAV_STRUCTURED, AEROCMD_SM4_REG_UAV, slot, &stride);
}

void aerocmd_sm4_dcl_temps(struct aerocmd_sm4_builder *b, uint32_t count)
{
    if (check(b, count <= AEROCMD_SM4_MAX_REGISTER + 1u))
        decl(b, AEROCMD_SM4_OP_DCL_TEMPS, NULL, &count, 1);
}

void aerocmd_sm4_dcl_thread_group(struct aerocmd_sm4_builder *b, uint32_t x, uint32_t y, uint32_t z)
{
    uint32_t size[3];
    size[0] = x;
    size[1] = y;
    size[2] = z;
    if (check(b, b->kind == AEROCMD_SHADER_CS && x >= 1u && y >= 1u && z >= 1u &&
                     x <= MAX_THREADS_X_Y && y <= MAX_THREADS_X_Y && z <= MAX_THREADS_Z &&
                     x * y * z <= MAX_THREADS))
        decl(b, AEROCMD_SM4_OP_DCL_THREAD_GROUP, NULL, size, 3);
}

/* v[vertices][reg] with a write mask: the geometry shader's input declarations. */
static struct aerocmd_sm4_operand gs_input_operand(uint32_t vertices, uint32_t reg, uint32_t mask)
{
    struct aerocmd_sm4_operand op = aerocmd_sm4_dst(AEROCMD_SM4_REG_INPUT, reg, mask);
    if (op.token == 0xFFFFFFFFu)
        return op;
    op.token = (op.token & ~(3u << SM4_INDEX_DIM_SHIFT)) | 2u << SM4_INDEX_DIM_SHIFT;
    op.index_count = 2;
    op.index[0] = vertices;
    op.index[1] = reg;
    return op;
}

static int gs_ok(struct aerocmd_sm4_builder *b, int ok)
{
    return check(b, ok && b->kind == AEROCMD_SHADER_GS);
}

void aerocmd_sm4_dcl_gs_input(struct aerocmd_sm4_builder *b, uint32_t vertices, uint32_t reg,
                              uint32_t mask)
{
    struct aerocmd_sm4_operand op = gs_input_operand(vertices, reg, mask);
    if (gs_ok(b, vertices >= 1u && vertices <= MAX_GS_INPUT_VERTICES))
        decl(b, AEROCMD_SM4_OP_DCL_INPUT, &op, NULL, 0);
}

void aerocmd_sm4_dcl_gs_input_siv(struct aerocmd_sm4_builder *b, uint32_t vertices, uint32_t reg,
                                  uint32_t mask, enum aerocmd_sm4_system_value sv)
{
    struct aerocmd_sm4_operand op = gs_input_operand(vertices, reg, mask);
    uint32_t name = (uint32_t)sv;
    if (gs_ok(b, vertices >= 1u && vertices <= MAX_GS_INPUT_VERTICES && name != 0 &&
                     name <= LAST_SYSTEM_VALUE))
        decl(b, AEROCMD_SM4_OP_DCL_INPUT_SIV, &op, &name, 1);
}

void aerocmd_sm4_dcl_gs_input_primitive(struct aerocmd_sm4_builder *b,
                                        enum aerocmd_sm4_gs_input primitive)
{
    uint32_t p = (uint32_t)primitive;
    if (gs_ok(b, p >= AEROCMD_SM4_GS_IN_POINT && p <= AEROCMD_SM4_GS_IN_TRIANGLE))
        decl(b, AEROCMD_SM4_OP_DCL_GS_INPUT_PRIMITIVE | p << SM4_CONTROL_SHIFT, NULL, NULL, 0);
}

void aerocmd_sm4_dcl_gs_output_topology(struct aerocmd_sm4_builder *b,
                                        enum aerocmd_sm4_gs_output topology)
{
    uint32_t t = (uint32_t)topology;
    if (gs_ok(b, t == AEROCMD_SM4_GS_OUT_POINTLIST || t == AEROCMD_SM4_GS_OUT_LINESTRIP ||
                     t == AEROCMD_SM4_GS_OUT_TRIANGLESTRIP))
        decl(b, AEROCMD_SM4_OP_DCL_GS_OUTPUT_TOPOLOGY | t << SM4_CONTROL_SHIFT, NULL, NULL, 0);
}

void aerocmd_sm4_dcl_gs_max_vertices(struct aerocmd_sm4_builder *b, uint32_t count)
{
    if (gs_ok(b, count >= 1u && count <= MAX_GS_VERTICES))
        decl(b, AEROCMD_SM4_OP_DCL_GS_MAX_VERTICES, NULL, &count, 1);
}
