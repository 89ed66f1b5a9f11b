/* SPDX-License-Identifier: MIT */
/* demo_shaders.c — the demo frame's shaders, as an application's compiled HLSL would arrive:
 * SM4 tokens in a DXBC container with semantic names. */
#include "demo_shaders.h"

#include "aerocmd/sm4.h"

#define DEMO_MAX_TOKENS 64u
#define FLOAT32         3u /* D3D_REGISTER_COMPONENT_FLOAT32 */

static const struct aerocmd_umd_signature_entry vs_inputs[2] = {
    {0, AEROCMD_SM4_XY, 0, FLOAT32, "POSITION", 0},
    {1, AEROCMD_SM4_XYZW, 0, FLOAT32, "COLOR", 0},
};
/* The vertex shader's outputs are the pixel shader's inputs. */
static const struct aerocmd_umd_signature_entry varyings[2] = {
    {0, AEROCMD_SM4_XYZW, AEROCMD_SM4_SV_POSITION, FLOAT32, "SV_Position", 0},
    {1, AEROCMD_SM4_XYZW, 0, FLOAT32, "COLOR", 0},
};
static const struct aerocmd_umd_signature_entry ps_outputs[1] = {
    {0, AEROCMD_SM4_XYZW, 0, FLOAT32, "SV_Target", 0},
};

/* float4 main(float2 pos : POSITION, inout float4 color : COLOR) : SV_Position
 * { color *= tint; return float4(pos, 0, 1); } with tint in cb0[0]. */
static void vertex_shader(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_constant_buffer(b, 0, 1, 0);
    aerocmd_sm4_dcl_input(b, 0, AEROCMD_SM4_XY);
    aerocmd_sm4_dcl_input(b, 1, AEROCMD_SM4_XYZW);
    aerocmd_sm4_dcl_output_siv(b, 0, AEROCMD_SM4_XYZW, AEROCMD_SM4_SV_POSITION);
    aerocmd_sm4_dcl_output(b, 1, AEROCMD_SM4_XYZW);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, AEROCMD_SM4_XY),
                    aerocmd_sm4_v(0, AEROCMD_SM4_SWZ_XYXY));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, AEROCMD_SM4_Z | AEROCMD_SM4_W),
                    aerocmd_sm4_imm4f(0.0f, 0.0f, 0.0f, 1.0f));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_MUL, aerocmd_sm4_o(1, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYZW),
                    aerocmd_sm4_cb(0, 0, AEROCMD_SM4_SWZ_XYZW));
}

/* float4 main(float4 pos : SV_Position, float4 color : COLOR) : SV_Target { return color; } */
static void pixel_shader(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_input_ps(b, 1, AEROCMD_SM4_XYZW, AEROCMD_SM4_INTERP_LINEAR);
    aerocmd_sm4_dcl_output(b, 0, AEROCMD_SM4_XYZW);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYZW));
}

aerocmd_result demo_shader_dxbc(enum aerocmd_shader_kind kind, uint8_t *out, uint32_t capacity,
                                uint32_t *size)
{
    uint32_t tokens[DEMO_MAX_TOKENS];
    struct aerocmd_umd_shader_signatures sigs = {vs_inputs, 2, varyings, 2};
    struct aerocmd_sm4_builder b;
    if (kind != AEROCMD_SHADER_VS && kind != AEROCMD_SHADER_PS)
        return AEROCMD_E_INVALID_ARG;
    aerocmd_sm4_begin(&b, kind, 4, 0, tokens, DEMO_MAX_TOKENS);
    if (kind == AEROCMD_SHADER_VS) {
        vertex_shader(&b);
    } else {
        pixel_shader(&b);
        sigs.inputs = varyings;
        sigs.outputs = ps_outputs;
        sigs.output_count = 1;
    }
    aerocmd_sm4_ret(&b);
    return aerocmd_sm4_dxbc(&b, &sigs, out, capacity, size);
}
