/* SPDX-License-Identifier: MIT */
/* sm4_programs.h — the programs the SM4 builder tests build: each exercises a group of
 * declarations and instructions, and comes with the signatures its DXBC container needs. */
#ifndef AEROCMD_TEST_SM4_PROGRAMS_H
#define AEROCMD_TEST_SM4_PROGRAMS_H

#include <string.h>

#include "aerocmd/sm4.h"

#define F_POS AEROCMD_SM4_SV_POSITION
#define FLT   3u /* D3D_REGISTER_COMPONENT_FLOAT32 */
#define UINT_ 1u /* D3D_REGISTER_COMPONENT_UINT32 */

typedef void (*program_body)(struct aerocmd_sm4_builder *b);

struct program {
    const char *name;
    enum aerocmd_shader_kind kind;
    uint32_t major;
    program_body body;
    struct aerocmd_umd_shader_signatures sigs;
};

/* vs_4_0: POSITION (float2) and COLOR in, SV_Position = (x, y, 0, 1) and COLOR out. */
static void vs_color(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_input(b, 0, AEROCMD_SM4_XY);
    aerocmd_sm4_dcl_input(b, 1, AEROCMD_SM4_XYZW);
    aerocmd_sm4_dcl_output_siv(b, 0, AEROCMD_SM4_XYZW, AEROCMD_SM4_SV_POSITION);
    aerocmd_sm4_dcl_output(b, 1, AEROCMD_SM4_XYZW);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, AEROCMD_SM4_XY),
                    aerocmd_sm4_v(0, AEROCMD_SM4_SWZ_XYXY));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, AEROCMD_SM4_Z | AEROCMD_SM4_W),
                    aerocmd_sm4_imm4f(0.0f, 0.0f, 0.0f, 1.0f));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(1, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_ret(b);
}
static const struct aerocmd_umd_signature_entry vs_color_in[2] = {
    {0, AEROCMD_SM4_XY, 0, FLT, "POSITION", 0}, {1, AEROCMD_SM4_XYZW, 0, FLT, "COLOR", 0}};
static const struct aerocmd_umd_signature_entry vs_color_out[2] = {
    {0, AEROCMD_SM4_XYZW, F_POS, FLT, "SV_Position", 0}, {1, AEROCMD_SM4_XYZW, 0, FLT, "COLOR", 0}};

/* ps_4_0: the interpolated COLOR, saturated. */
static void ps_color(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_input_ps(b, 1, AEROCMD_SM4_XYZW, AEROCMD_SM4_INTERP_LINEAR);
    aerocmd_sm4_dcl_output(b, 0, AEROCMD_SM4_XYZW);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV | AEROCMD_SM4_SATURATE,
                    aerocmd_sm4_o(0, AEROCMD_SM4_XYZW), aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_ret(b);
}
static const struct aerocmd_umd_signature_entry ps_color_out[1] = {
    {0, AEROCMD_SM4_XYZW, 0, FLT, "SV_Target", 0}};

/* vs_4_0: float4 POSITION transformed by the rows of cb0[0..3] (dp4 each). */
static void vs_transform(struct aerocmd_sm4_builder *b)
{
    uint32_t i;
    aerocmd_sm4_dcl_constant_buffer(b, 0, 4, 0);
    aerocmd_sm4_dcl_input(b, 0, AEROCMD_SM4_XYZW);
    aerocmd_sm4_dcl_output_siv(b, 0, AEROCMD_SM4_XYZW, AEROCMD_SM4_SV_POSITION);
    for (i = 0; i < 4; i++)
        aerocmd_sm4_op2(b, AEROCMD_SM4_OP_DP4, aerocmd_sm4_o(0, 1u << i),
                        aerocmd_sm4_v(0, AEROCMD_SM4_SWZ_XYZW),
                        aerocmd_sm4_cb(0, i, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_ret(b);
}
static const struct aerocmd_umd_signature_entry vs_transform_in[1] = {
    {0, AEROCMD_SM4_XYZW, 0, FLT, "POSITION", 0}};
static const struct aerocmd_umd_signature_entry vs_transform_out[1] = {
    {0, AEROCMD_SM4_XYZW, F_POS, FLT, "SV_Position", 0}};

/* ps_4_0: SV_Position and TEXCOORD in; t0 sampled through s0, tinted by cb0[0]
 * (mul), brightened by -|cb0[1]| (add), then max / min / mad / dp3 into the target. */
static void ps_texture(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_constant_buffer(b, 0, 2, 0);
    aerocmd_sm4_dcl_sampler(b, 0);
    aerocmd_sm4_dcl_resource(b, 0, AEROCMD_SM4_DIM_TEXTURE2D, AEROCMD_SM4_RETURN_FLOAT);
    aerocmd_sm4_dcl_input_ps_siv(b, 0, AEROCMD_SM4_XYZW, AEROCMD_SM4_SV_POSITION,
                                 AEROCMD_SM4_INTERP_LINEAR_NOPERSPECTIVE);
    aerocmd_sm4_dcl_input_ps(b, 1, AEROCMD_SM4_XY, AEROCMD_SM4_INTERP_LINEAR);
    aerocmd_sm4_dcl_output(b, 0, AEROCMD_SM4_XYZW);
    aerocmd_sm4_dcl_temps(b, 2);
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_SAMPLE, aerocmd_sm4_r_dst(0, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYXY),
                    aerocmd_sm4_resource(0, AEROCMD_SM4_SWZ_XYZW), aerocmd_sm4_sampler(0));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_MUL, aerocmd_sm4_r_dst(0, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XYZW),
                    aerocmd_sm4_cb(0, 0, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ADD, aerocmd_sm4_r_dst(0, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XYZW),
                    aerocmd_sm4_neg(aerocmd_sm4_abs(aerocmd_sm4_cb(0, 1, AEROCMD_SM4_SWZ_XYZW))));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_MAX, aerocmd_sm4_r_dst(1, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XYZW), aerocmd_sm4_imm4f(0, 0, 0, 0));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_MIN, aerocmd_sm4_r_dst(1, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XYZW), aerocmd_sm4_imm4f(1, 1, 1, 1));
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_MAD, aerocmd_sm4_r_dst(1, AEROCMD_SM4_X),
                    aerocmd_sm4_v(0, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_imm1(0),
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_DP3, aerocmd_sm4_r_dst(1, AEROCMD_SM4_W),
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XYZW), aerocmd_sm4_imm4f(0, 0, 0, 0));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ADD, aerocmd_sm4_o(0, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XYZW), aerocmd_sm4_imm4f(0, 0, 0, 1));
    aerocmd_sm4_ret(b);
}
static const struct aerocmd_umd_signature_entry ps_texture_in[2] = {
    {0, AEROCMD_SM4_XYZW, F_POS, FLT, "SV_Position", 0},
    {1, AEROCMD_SM4_XY, 0, FLT, "TEXCOORD", 0}};

/* ps_4_1: a texture2darray slice sampled at LOD 1 (sample_l) plus a texel of a buffer
 * (ld, integer address from ftou). */
static void ps_array_ld(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_sampler(b, 1);
    aerocmd_sm4_dcl_resource(b, 0, AEROCMD_SM4_DIM_TEXTURE2DARRAY, AEROCMD_SM4_RETURN_FLOAT);
    aerocmd_sm4_dcl_resource(b, 1, AEROCMD_SM4_DIM_BUFFER, AEROCMD_SM4_RETURN_FLOAT);
    aerocmd_sm4_dcl_input_ps(b, 1, AEROCMD_SM4_XYZ, AEROCMD_SM4_INTERP_LINEAR);
    aerocmd_sm4_dcl_output(b, 0, AEROCMD_SM4_XYZW);
    aerocmd_sm4_dcl_temps(b, 2);
    aerocmd_sm4_op4(b, AEROCMD_SM4_OP_SAMPLE_L, aerocmd_sm4_r_dst(0, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYZW),
                    aerocmd_sm4_resource(0, AEROCMD_SM4_SWZ_XYZW), aerocmd_sm4_sampler(1),
                    aerocmd_sm4_imm1(0x3F800000u));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_FTOU, aerocmd_sm4_r_dst(1, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_ZZZZ));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_LD, aerocmd_sm4_r_dst(1, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XYZW),
                    aerocmd_sm4_resource(1, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ADD, aerocmd_sm4_o(0, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XYZW), aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_ret(b);
}
static const struct aerocmd_umd_signature_entry ps_array_ld_in[1] = {
    {1, AEROCMD_SM4_XYZ, 0, FLT, "TEXCOORD", 2}};

/* cs_5_0, 4x1x1 threads: u0 (raw) gets the thread id at byte 4 * id, u1 (structured,
 * 8-byte) gets (id, float(id)) at element id, u2 (typed uint buffer) gets id + 1. */
static void cs_uavs(struct aerocmd_sm4_builder *b)
{
    struct aerocmd_sm4_operand tid =
        aerocmd_sm4_special(AEROCMD_SM4_REG_THREAD_ID, AEROCMD_SM4_SWZ_XXXX);
    aerocmd_sm4_dcl_uav_raw(b, 0);
    aerocmd_sm4_dcl_uav_structured(b, 1, 8);
    aerocmd_sm4_dcl_uav_typed(b, 2, AEROCMD_SM4_DIM_BUFFER, AEROCMD_SM4_RETURN_UINT);
    aerocmd_sm4_dcl_resource_raw(b, 0);
    aerocmd_sm4_dcl_resource_structured(b, 1, 16);
    aerocmd_sm4_dcl_input_special(b, AEROCMD_SM4_REG_THREAD_ID, AEROCMD_SM4_X);
    aerocmd_sm4_dcl_temps(b, 2);
    aerocmd_sm4_dcl_thread_group(b, 4, 1, 1);
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ISHL, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X), tid,
                    aerocmd_sm4_imm1(2));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_STORE_RAW, aerocmd_sm4_uav(0, AEROCMD_SM4_X),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX), tid);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_UTOF, aerocmd_sm4_r_dst(1, AEROCMD_SM4_Y), tid);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_r_dst(1, AEROCMD_SM4_X), tid);
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_STORE_STRUCTURED, aerocmd_sm4_uav(1, AEROCMD_SM4_XY), tid,
                    aerocmd_sm4_imm1(0), aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XYXY));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_IADD, aerocmd_sm4_r_dst(1, AEROCMD_SM4_XYZW), tid,
                    aerocmd_sm4_imm1(1));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_STORE_UAV_TYPED, aerocmd_sm4_uav(2, AEROCMD_SM4_XYZW), tid,
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_ret(b);
}

/* cs_5_0, 1x1x1: reads t0 (raw) and t1 (structured), integer arithmetic, float
 * conversions, and writes the sum to u0 at byte 0. */
static void cs_reads(struct aerocmd_sm4_builder *b)
{
    struct aerocmd_sm4_operand gid =
        aerocmd_sm4_special(AEROCMD_SM4_REG_THREAD_GROUP_ID, AEROCMD_SM4_SWZ_XXXX);
    aerocmd_sm4_dcl_uav_raw(b, 0);
    aerocmd_sm4_dcl_resource_raw(b, 0);
    aerocmd_sm4_dcl_resource_structured(b, 1, 16);
    aerocmd_sm4_dcl_input_special(b, AEROCMD_SM4_REG_THREAD_GROUP_ID, AEROCMD_SM4_X);
    aerocmd_sm4_dcl_temps(b, 2);
    aerocmd_sm4_dcl_thread_group(b, 1, 1, 1);
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_LD_RAW, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X),
                    aerocmd_sm4_imm1(4), aerocmd_sm4_resource(0, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_LD_STRUCTURED, aerocmd_sm4_r_dst(1, AEROCMD_SM4_X), gid,
                    aerocmd_sm4_imm1(8), aerocmd_sm4_resource(1, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_ITOF, aerocmd_sm4_r_dst(1, AEROCMD_SM4_Y),
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_FTOI, aerocmd_sm4_r_dst(1, AEROCMD_SM4_Y),
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_YYYY));
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_IMUL, aerocmd_sm4_null(), aerocmd_sm4_r_dst(1, AEROCMD_SM4_Y),
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_YYYY), aerocmd_sm4_imm1(3));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_IADD, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_YYYY));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_USHR, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_imm1(1));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_STORE_RAW, aerocmd_sm4_uav(0, AEROCMD_SM4_X),
                    aerocmd_sm4_imm1(0), aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_ret(b);
}

/* cs_4_0, 4x1x1: u0 (raw) at 4 * id gets t0[id].x (structured, 16-byte) + the first word of
 * t1 (raw): what a feature level 10.0 device may run. */
static void cs4_buffers(struct aerocmd_sm4_builder *b)
{
    struct aerocmd_sm4_operand tid =
        aerocmd_sm4_special(AEROCMD_SM4_REG_THREAD_ID, AEROCMD_SM4_SWZ_XXXX);
    aerocmd_sm4_dcl_resource_structured(b, 0, 16);
    aerocmd_sm4_dcl_resource_raw(b, 1);
    aerocmd_sm4_dcl_uav_raw(b, 0);
    aerocmd_sm4_dcl_input_special(b, AEROCMD_SM4_REG_THREAD_ID, AEROCMD_SM4_X);
    aerocmd_sm4_dcl_temps(b, 2);
    aerocmd_sm4_dcl_thread_group(b, 4, 1, 1);
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_LD_STRUCTURED, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X), tid,
                    aerocmd_sm4_imm1(0), aerocmd_sm4_resource(0, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_LD_RAW, aerocmd_sm4_r_dst(1, AEROCMD_SM4_X),
                    aerocmd_sm4_imm1(0), aerocmd_sm4_resource(1, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_IADD, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ISHL, aerocmd_sm4_r_dst(1, AEROCMD_SM4_X), tid,
                    aerocmd_sm4_imm1(2));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_STORE_RAW, aerocmd_sm4_uav(0, AEROCMD_SM4_X),
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_ret(b);
}

#define SIGS(in, out)                                                                              \
    {                                                                                              \
        in, sizeof in / sizeof in[0], out, sizeof out / sizeof out[0]                              \
    }

static const struct program programs[] = {
    {"vs_color", AEROCMD_SHADER_VS, 4, vs_color, SIGS(vs_color_in, vs_color_out)},
    {"ps_color", AEROCMD_SHADER_PS, 4, ps_color, SIGS(vs_color_out, ps_color_out)},
    {"vs_transform", AEROCMD_SHADER_VS, 4, vs_transform, SIGS(vs_transform_in, vs_transform_out)},
    {"ps_texture", AEROCMD_SHADER_PS, 4, ps_texture, SIGS(ps_texture_in, ps_color_out)},
    {"ps_array_ld", AEROCMD_SHADER_PS, 4, ps_array_ld, SIGS(ps_array_ld_in, ps_color_out)},
    {"cs_uavs", AEROCMD_SHADER_CS, 5, cs_uavs, {NULL, 0, NULL, 0}},
    {"cs_reads", AEROCMD_SHADER_CS, 5, cs_reads, {NULL, 0, NULL, 0}},
    {"cs4_buffers", AEROCMD_SHADER_CS, 4, cs4_buffers, {NULL, 0, NULL, 0}},
};

#define PROGRAM_COUNT (sizeof programs / sizeof programs[0])

/* Builds programs[i] into tokens (capacity DWORDs); returns the finish result. */
static aerocmd_result program_build(const struct program *p, uint32_t *tokens, uint32_t capacity,
                                    struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_begin(b, p->kind, p->major, p->major == 4 && p->body == ps_array_ld ? 1u : 0u,
                      tokens, capacity);
    p->body(b);
    return aerocmd_sm4_finish(b, NULL);
}

#endif /* AEROCMD_TEST_SM4_PROGRAMS_H */
