/* SPDX-License-Identifier: MIT */
/* umd_builtin.c — the driver's own shaders (umd_builtin.h), built with the SM4 builder. */
#include <string.h>

#include "aerocmd/sm4.h"
#include "aerocmd/umd_builtin.h"

#define FLOAT32    3u /* D3D_REGISTER_COMPONENT_FLOAT32 */
#define UINT32     1u /* D3D_REGISTER_COMPONENT_UINT32 */
#define MAX_TOKENS 128u
/* Sources of masked writes repeat a written lane's value in every unwritten lane, as the
 * HLSL compiler writes them (vkd3d 1.2 may read whole registers). */

static const struct aerocmd_umd_signature_entry vs_in[1] = {
    {0, AEROCMD_SM4_X, AEROCMD_SM4_SV_VERTEX_ID, UINT32, "SV_VertexID", 0}};
/* The VS's outputs are the PS's inputs: the two signatures are one. */
static const struct aerocmd_umd_signature_entry varyings[2] = {
    {0, AEROCMD_SM4_XYZW, AEROCMD_SM4_SV_POSITION, FLOAT32, "SV_Position", 0},
    {1, AEROCMD_SM4_XY, 0, FLOAT32, "TEXCOORD", 0}};
static const struct aerocmd_umd_signature_entry ps_out[1] = {
    {0, AEROCMD_SM4_XYZW, 0, FLOAT32, "SV_Target", 0}};

/* uv = ((id << 31) >> 30, (id >> 1) << 1) is (0, 0), (2, 0), (0, 2) for ids 0, 1, 2;
 * position = (2 u - 1, 1 - 2 v, 0, 1). */
static void build_vs_fullscreen(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_input_sgv(b, 0, AEROCMD_SM4_X, AEROCMD_SM4_SV_VERTEX_ID);
    aerocmd_sm4_dcl_output_siv(b, 0, AEROCMD_SM4_XYZW, AEROCMD_SM4_SV_POSITION);
    aerocmd_sm4_dcl_output(b, 1, AEROCMD_SM4_XY);
    aerocmd_sm4_dcl_temps(b, 1);
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ISHL, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X),
                    aerocmd_sm4_v(0, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_imm1(31));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_USHR, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_imm1(30));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_USHR, aerocmd_sm4_r_dst(0, AEROCMD_SM4_Y),
                    aerocmd_sm4_v(0, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_imm1(1));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ISHL, aerocmd_sm4_r_dst(0, AEROCMD_SM4_Y),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_YYYY), aerocmd_sm4_imm1(1));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_UTOF, aerocmd_sm4_r_dst(0, AEROCMD_SM4_XY),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XYXY));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(1, AEROCMD_SM4_XY),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XYXY));
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_MAD, aerocmd_sm4_o(0, AEROCMD_SM4_XY),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XYXY),
                    aerocmd_sm4_imm4f(2.0f, -2.0f, 2.0f, -2.0f),
                    aerocmd_sm4_imm4f(-1.0f, 1.0f, -1.0f, 1.0f));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, AEROCMD_SM4_Z | AEROCMD_SM4_W),
                    aerocmd_sm4_imm4f(0, 1.0f, 0, 1.0f));
    aerocmd_sm4_ret(b);
}

static void build_ps_sample(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_sampler(b, 0);
    aerocmd_sm4_dcl_resource(b, 0, AEROCMD_SM4_DIM_TEXTURE2D, AEROCMD_SM4_RETURN_FLOAT);
    aerocmd_sm4_dcl_input_ps(b, 1, AEROCMD_SM4_XY, AEROCMD_SM4_INTERP_LINEAR);
    aerocmd_sm4_dcl_output(b, 0, AEROCMD_SM4_XYZW);
    aerocmd_sm4_op4(b, AEROCMD_SM4_OP_SAMPLE_L, aerocmd_sm4_o(0, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYXY),
                    aerocmd_sm4_resource(0, AEROCMD_SM4_SWZ_XYZW), aerocmd_sm4_sampler(0),
                    aerocmd_sm4_imm1(0));
    aerocmd_sm4_ret(b);
}

static void build_ps_sample_array(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_sampler(b, 0);
    aerocmd_sm4_dcl_resource(b, 0, AEROCMD_SM4_DIM_TEXTURE2DARRAY, AEROCMD_SM4_RETURN_FLOAT);
    aerocmd_sm4_dcl_input_ps(b, 1, AEROCMD_SM4_XY, AEROCMD_SM4_INTERP_LINEAR);
    aerocmd_sm4_dcl_output(b, 0, AEROCMD_SM4_XYZW);
    aerocmd_sm4_dcl_temps(b, 1);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_r_dst(0, AEROCMD_SM4_XY),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYXY));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_r_dst(0, AEROCMD_SM4_Z),
                    aerocmd_sm4_imm1(0)); /* slice 0 of a one-layer view */
    aerocmd_sm4_op4(b, AEROCMD_SM4_OP_SAMPLE_L, aerocmd_sm4_o(0, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWIZZLE(0u, 1u, 2u, 2u)),
                    aerocmd_sm4_resource(0, AEROCMD_SM4_SWZ_XYZW), aerocmd_sm4_sampler(0),
                    aerocmd_sm4_imm1(0));
    aerocmd_sm4_ret(b);
}

aerocmd_result aerocmd_umd_builtin_dxbc(enum aerocmd_umd_builtin which, void *out,
                                        uint32_t capacity, uint32_t *size)
{
    struct aerocmd_umd_shader_signatures sigs;
    struct aerocmd_sm4_builder b;
    uint32_t tokens[MAX_TOKENS];
    if (out == NULL || size == NULL)
        return AEROCMD_E_INVALID_ARG;
    memset(&sigs, 0, sizeof sigs);
    if (which == AEROCMD_UMD_BUILTIN_VS_FULLSCREEN) {
        aerocmd_sm4_begin(&b, AEROCMD_SHADER_VS, 4, 0, tokens, MAX_TOKENS);
        build_vs_fullscreen(&b);
        sigs.inputs = vs_in;
        sigs.input_count = 1;
        sigs.outputs = varyings;
        sigs.output_count = 2;
    } else if (which == AEROCMD_UMD_BUILTIN_PS_SAMPLE ||
               which == AEROCMD_UMD_BUILTIN_PS_SAMPLE_ARRAY) {
        aerocmd_sm4_begin(&b, AEROCMD_SHADER_PS, 4, 0, tokens, MAX_TOKENS);
        if (which == AEROCMD_UMD_BUILTIN_PS_SAMPLE)
            build_ps_sample(&b);
        else
            build_ps_sample_array(&b);
        sigs.inputs = varyings;
        sigs.input_count = 2;
        sigs.outputs = ps_out;
        sigs.output_count = 1;
    } else {
        return AEROCMD_E_INVALID_ARG;
    }
    return aerocmd_sm4_dxbc(&b, &sigs, out, capacity, size);
}
