/* SPDX-License-Identifier: MIT */
/* scene_shaders.h — the SM4 shaders of the test scenes (umd golden scenarios, their Wine
 * twins, fault-injection scenes), built with the SM4 builder (aerocmd/sm4.h).
 *
 * Each shader comes with its signatures under the names the HLSL compiler would write
 * (POSITION, COLOR, TEXCOORD, SV_Position, SV_Target); scene_shader_dxbc wraps it with
 * those names, as an application's compiled shader arrives. The DDI path passes the same
 * tokens and the same register / mask / system-value lists without names (the shim then
 * names every plain entry TEXCOORD<register>, and input layouts made through the DDI are
 * keyed by register the same way: umd_dxbc.h).
 *
 * The pipelines, and what they draw:
 * - COLOR: float3 POSITION + float4 COLOR per vertex (28 bytes); the VS passes both, the PS
 *   writes the interpolated colour.
 * - TEXTURE: float3 POSITION + float2 TEXCOORD (20 bytes); the PS samples t0 with s0.
 * - POSITION_UV: float3 POSITION (12 bytes), TEXCOORD = POSITION.xy, with the TEXTURE PS.
 * - CB: the COLOR input layout; position + cb0[0].xyz, colour cb0[1] (dynamic_cb).
 * - MRT: the COLOR VS; the PS writes colour.rgba to target 0, .gbra to 1, .brga to 2.
 * - GS_SHIFT: after the COLOR VS, each triangle moved left by one clip-space w (x - w).
 * - CS_READ (cs_5_0, 1x1x1): reads cb0[0] and t1 (structured, 16-byte), writes nothing.
 * - CS_UAV (cs_5_0, 4x1x1): u0 (typed R32_UINT buffer)[id] = id + 1000, u1 (structured,
 *   16-byte)[id & 3].x = (id & 3) + 1000.
 * - CS_BUFFER_VIEWS (cs_4_0, 4x1x1): u0 (raw) word id = t0[id].x (structured, 16-byte)
 *   | raw t1 word id << 8 | t2[id].y (structured, 16-byte) << 16. */
#ifndef AEROCMD_TEST_SCENE_SHADERS_H
#define AEROCMD_TEST_SCENE_SHADERS_H

#include <string.h>

#include "aerocmd/sm4.h"

#define SCENE_MAX_TOKENS   160u
#define SCENE_MAX_SIG      4u
#define SCENE_MAX_DXBC     1024u
#define SCENE_COLOR_STRIDE 28u
#define SCENE_UV_STRIDE    20u
#define SCENE_CS_UAV_BASE  1000u

enum scene_shader_id {
    SCENE_VS_COLOR,
    SCENE_PS_COLOR,
    SCENE_VS_TEXTURE,
    SCENE_PS_TEXTURE,
    SCENE_VS_POSITION_UV,
    SCENE_VS_CB,
    SCENE_PS_MRT,
    SCENE_GS_SHIFT,
    SCENE_CS_READ,
    SCENE_CS_UAV,
    SCENE_CS_BUFFER_VIEWS,
    SCENE_SHADER_COUNT
};

struct scene_shader {
    enum aerocmd_shader_kind kind;
    uint32_t tokens[SCENE_MAX_TOKENS];
    uint32_t token_count;
    struct aerocmd_umd_shader_signatures sigs;
};

#define SCENE_FLOAT 3u /* D3D_REGISTER_COMPONENT_FLOAT32 */
/* Sources of masked writes name a written lane in every unwritten one, as the HLSL compiler
 * does (sm4.h: vkd3d 1.2 copies whole registers otherwise). */
#define SCENE_SWZ_XYZX AEROCMD_SM4_SWIZZLE(0u, 1u, 2u, 0u)
#define SCENE_XYZW     AEROCMD_SM4_XYZW
#define SCENE_POS      AEROCMD_SM4_SV_POSITION

static const struct aerocmd_umd_signature_entry scene_sig_in_color[2] = {
    {0, AEROCMD_SM4_XYZ, 0, SCENE_FLOAT, "POSITION", 0},
    {1, SCENE_XYZW, 0, SCENE_FLOAT, "COLOR", 0}};
static const struct aerocmd_umd_signature_entry scene_sig_in_uv[2] = {
    {0, AEROCMD_SM4_XYZ, 0, SCENE_FLOAT, "POSITION", 0},
    {1, AEROCMD_SM4_XY, 0, SCENE_FLOAT, "TEXCOORD", 0}};
static const struct aerocmd_umd_signature_entry scene_sig_in_position[1] = {
    {0, AEROCMD_SM4_XYZ, 0, SCENE_FLOAT, "POSITION", 0}};
/* Between the stages: SV_Position in register 0, the varying in register 1. */
static const struct aerocmd_umd_signature_entry scene_sig_color[2] = {
    {0, SCENE_XYZW, SCENE_POS, SCENE_FLOAT, "SV_Position", 0},
    {1, SCENE_XYZW, 0, SCENE_FLOAT, "COLOR", 0}};
static const struct aerocmd_umd_signature_entry scene_sig_uv[2] = {
    {0, SCENE_XYZW, SCENE_POS, SCENE_FLOAT, "SV_Position", 0},
    {1, AEROCMD_SM4_XY, 0, SCENE_FLOAT, "TEXCOORD", 0}};
static const struct aerocmd_umd_signature_entry scene_sig_targets[3] = {
    {0, SCENE_XYZW, 0, SCENE_FLOAT, "SV_Target", 0},
    {1, SCENE_XYZW, 0, SCENE_FLOAT, "SV_Target", 1},
    {2, SCENE_XYZW, 0, SCENE_FLOAT, "SV_Target", 2}};

#define SCENE_SIGS(in, n_in, out, n_out)                                                           \
    {                                                                                              \
        in, n_in, out, n_out                                                                       \
    }

/* Every stage's SV_Position output, o0. */
static void scene_position_out(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_output_siv(b, 0, SCENE_XYZW, AEROCMD_SM4_SV_POSITION);
}

/* o0 = float4(POSITION, 1): mov o0.xyz, v0.xyzx; mov o0.w, l(1). */
static void scene_position_copy(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, AEROCMD_SM4_XYZ),
                    aerocmd_sm4_v(0, SCENE_SWZ_XYZX));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, AEROCMD_SM4_W),
                    aerocmd_sm4_imm4f(1.0f, 1.0f, 1.0f, 1.0f));
}

static void scene_vs_color(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_input(b, 0, AEROCMD_SM4_XYZ);
    aerocmd_sm4_dcl_input(b, 1, SCENE_XYZW);
    scene_position_out(b);
    aerocmd_sm4_dcl_output(b, 1, SCENE_XYZW);
    scene_position_copy(b);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(1, SCENE_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYZW));
}

static void scene_ps_color(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_input_ps(b, 1, SCENE_XYZW, AEROCMD_SM4_INTERP_LINEAR);
    aerocmd_sm4_dcl_output(b, 0, SCENE_XYZW);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, SCENE_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYZW));
}

/* TEXCOORD from register 1 (TEXTURE) or from the position (POSITION_UV). */
static void scene_vs_uv(struct aerocmd_sm4_builder *b, uint32_t uv_reg)
{
    aerocmd_sm4_dcl_input(b, 0, AEROCMD_SM4_XYZ);
    if (uv_reg != 0)
        aerocmd_sm4_dcl_input(b, 1, AEROCMD_SM4_XY);
    scene_position_out(b);
    aerocmd_sm4_dcl_output(b, 1, AEROCMD_SM4_XY);
    scene_position_copy(b);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(1, AEROCMD_SM4_XY),
                    aerocmd_sm4_v(uv_reg, AEROCMD_SM4_SWZ_XYXY));
}

static void scene_vs_texture(struct aerocmd_sm4_builder *b)
{
    scene_vs_uv(b, 1);
}

static void scene_vs_position_uv(struct aerocmd_sm4_builder *b)
{
    scene_vs_uv(b, 0);
}

static void scene_ps_texture(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_sampler(b, 0);
    aerocmd_sm4_dcl_resource(b, 0, AEROCMD_SM4_DIM_TEXTURE2D, AEROCMD_SM4_RETURN_FLOAT);
    aerocmd_sm4_dcl_input_ps(b, 1, AEROCMD_SM4_XY, AEROCMD_SM4_INTERP_LINEAR);
    aerocmd_sm4_dcl_output(b, 0, SCENE_XYZW);
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_SAMPLE, aerocmd_sm4_o(0, SCENE_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYXY),
                    aerocmd_sm4_resource(0, AEROCMD_SM4_SWZ_XYZW), aerocmd_sm4_sampler(0));
}

static void scene_vs_cb(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_constant_buffer(b, 0, 2, 0);
    aerocmd_sm4_dcl_input(b, 0, AEROCMD_SM4_XYZ);
    scene_position_out(b);
    aerocmd_sm4_dcl_output(b, 1, SCENE_XYZW);
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ADD, aerocmd_sm4_o(0, AEROCMD_SM4_XYZ),
                    aerocmd_sm4_v(0, SCENE_SWZ_XYZX), aerocmd_sm4_cb(0, 0, SCENE_SWZ_XYZX));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, AEROCMD_SM4_W),
                    aerocmd_sm4_imm4f(1.0f, 1.0f, 1.0f, 1.0f));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(1, SCENE_XYZW),
                    aerocmd_sm4_cb(0, 1, AEROCMD_SM4_SWZ_XYZW));
}

static void scene_ps_mrt(struct aerocmd_sm4_builder *b)
{
    static const uint32_t swizzles[3] = {AEROCMD_SM4_SWZ_XYZW, AEROCMD_SM4_SWIZZLE(1u, 2u, 0u, 3u),
                                         AEROCMD_SM4_SWIZZLE(2u, 0u, 1u, 3u)};
    uint32_t i;
    aerocmd_sm4_dcl_input_ps(b, 1, SCENE_XYZW, AEROCMD_SM4_INTERP_LINEAR);
    for (i = 0; i < 3; i++)
        aerocmd_sm4_dcl_output(b, i, SCENE_XYZW);
    for (i = 0; i < 3; i++)
        aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(i, SCENE_XYZW),
                        aerocmd_sm4_v(1, swizzles[i]));
}

static void scene_gs_shift(struct aerocmd_sm4_builder *b)
{
    uint32_t i;
    aerocmd_sm4_dcl_gs_input_siv(b, 3, 0, SCENE_XYZW, AEROCMD_SM4_SV_POSITION);
    aerocmd_sm4_dcl_gs_input(b, 3, 1, SCENE_XYZW);
    aerocmd_sm4_dcl_gs_input_primitive(b, AEROCMD_SM4_GS_IN_TRIANGLE);
    aerocmd_sm4_dcl_gs_output_topology(b, AEROCMD_SM4_GS_OUT_TRIANGLESTRIP);
    scene_position_out(b);
    aerocmd_sm4_dcl_output(b, 1, SCENE_XYZW);
    aerocmd_sm4_dcl_gs_max_vertices(b, 3);
    for (i = 0; i < 3; i++) {
        aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ADD, aerocmd_sm4_o(0, AEROCMD_SM4_X),
                        aerocmd_sm4_gs_v(i, 0, AEROCMD_SM4_SWZ_XXXX),
                        aerocmd_sm4_neg(aerocmd_sm4_gs_v(i, 0, AEROCMD_SM4_SWZ_WWWW)));
        aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV,
                        aerocmd_sm4_o(0, AEROCMD_SM4_Y | AEROCMD_SM4_Z | AEROCMD_SM4_W),
                        aerocmd_sm4_gs_v(i, 0, AEROCMD_SM4_SWIZZLE(1u, 1u, 2u, 3u)));
        aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(1, SCENE_XYZW),
                        aerocmd_sm4_gs_v(i, 1, AEROCMD_SM4_SWZ_XYZW));
        aerocmd_sm4_instr(b, AEROCMD_SM4_OP_EMIT, NULL, 0);
    }
}

static void scene_cs_read(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_constant_buffer(b, 0, 1, 0);
    aerocmd_sm4_dcl_resource_structured(b, 1, 16);
    aerocmd_sm4_dcl_temps(b, 1);
    aerocmd_sm4_dcl_thread_group(b, 1, 1, 1);
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_LD_STRUCTURED, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X),
                    aerocmd_sm4_imm1(0), aerocmd_sm4_imm1(0),
                    aerocmd_sm4_resource(1, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ADD, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX),
                    aerocmd_sm4_cb(0, 0, AEROCMD_SM4_SWZ_XXXX));
}

static struct aerocmd_sm4_operand scene_thread_x(void)
{
    return aerocmd_sm4_special(AEROCMD_SM4_REG_THREAD_ID, AEROCMD_SM4_SWZ_XXXX);
}

/* u0 is a typed R32_UINT view: the protocol's bindings carry no view format, and the host
 * runs a typed buffer as the single 32-bit channel its declared type names (exact for
 * R32 views, the only typed UAV loads Direct3D 11 allows). */
static void scene_cs_uav(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_uav_typed(b, 0, AEROCMD_SM4_DIM_BUFFER, AEROCMD_SM4_RETURN_UINT);
    aerocmd_sm4_dcl_uav_structured(b, 1, 16);
    aerocmd_sm4_dcl_input_special(b, AEROCMD_SM4_REG_THREAD_ID, AEROCMD_SM4_X);
    aerocmd_sm4_dcl_temps(b, 1);
    aerocmd_sm4_dcl_thread_group(b, 4, 1, 1);
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_IADD, aerocmd_sm4_r_dst(0, SCENE_XYZW), scene_thread_x(),
                    aerocmd_sm4_imm1(SCENE_CS_UAV_BASE));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_STORE_UAV_TYPED, aerocmd_sm4_uav(0, SCENE_XYZW),
                    scene_thread_x(), aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_AND, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X), scene_thread_x(),
                    aerocmd_sm4_imm1(3));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_IADD, aerocmd_sm4_r_dst(0, AEROCMD_SM4_Y),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_imm1(SCENE_CS_UAV_BASE));
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_STORE_STRUCTURED, aerocmd_sm4_uav(1, AEROCMD_SM4_X),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_imm1(0),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_YYYY));
}

static void scene_cs_buffer_views(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_resource_structured(b, 0, 16);
    aerocmd_sm4_dcl_resource_raw(b, 1);
    aerocmd_sm4_dcl_resource_structured(b, 2, 16);
    aerocmd_sm4_dcl_uav_raw(b, 0);
    aerocmd_sm4_dcl_input_special(b, AEROCMD_SM4_REG_THREAD_ID, AEROCMD_SM4_X);
    aerocmd_sm4_dcl_temps(b, 2);
    aerocmd_sm4_dcl_thread_group(b, 4, 1, 1);
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_LD_STRUCTURED, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X),
                    scene_thread_x(), aerocmd_sm4_imm1(0),
                    aerocmd_sm4_resource(0, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ISHL, aerocmd_sm4_r_dst(1, AEROCMD_SM4_X), scene_thread_x(),
                    aerocmd_sm4_imm1(2));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_LD_RAW, aerocmd_sm4_r_dst(0, AEROCMD_SM4_Y),
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XXXX),
                    aerocmd_sm4_resource(1, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_LD_STRUCTURED, aerocmd_sm4_r_dst(0, AEROCMD_SM4_Z),
                    scene_thread_x(), aerocmd_sm4_imm1(4),
                    aerocmd_sm4_resource(2, AEROCMD_SM4_SWZ_XXXX));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ISHL, aerocmd_sm4_r_dst(0, AEROCMD_SM4_Y | AEROCMD_SM4_Z),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWIZZLE(1u, 1u, 2u, 1u)),
                    aerocmd_sm4_imm4(0, 8, 16, 0));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_OR, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_YYYY));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_OR, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_ZZZZ));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_STORE_RAW, aerocmd_sm4_uav(0, AEROCMD_SM4_X),
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX));
}

struct scene_shader_spec {
    enum aerocmd_shader_kind kind;
    uint32_t major;
    void (*body)(struct aerocmd_sm4_builder *b);
    struct aerocmd_umd_shader_signatures sigs;
};

static const struct scene_shader_spec scene_shader_specs[SCENE_SHADER_COUNT] = {
    {AEROCMD_SHADER_VS, 4, scene_vs_color, SCENE_SIGS(scene_sig_in_color, 2, scene_sig_color, 2)},
    {AEROCMD_SHADER_PS, 4, scene_ps_color, SCENE_SIGS(scene_sig_color, 2, scene_sig_targets, 1)},
    {AEROCMD_SHADER_VS, 4, scene_vs_texture, SCENE_SIGS(scene_sig_in_uv, 2, scene_sig_uv, 2)},
    {AEROCMD_SHADER_PS, 4, scene_ps_texture, SCENE_SIGS(scene_sig_uv, 2, scene_sig_targets, 1)},
    {AEROCMD_SHADER_VS, 4, scene_vs_position_uv,
     SCENE_SIGS(scene_sig_in_position, 1, scene_sig_uv, 2)},
    {AEROCMD_SHADER_VS, 4, scene_vs_cb, SCENE_SIGS(scene_sig_in_color, 2, scene_sig_color, 2)},
    {AEROCMD_SHADER_PS, 4, scene_ps_mrt, SCENE_SIGS(scene_sig_color, 2, scene_sig_targets, 3)},
    {AEROCMD_SHADER_GS, 4, scene_gs_shift, SCENE_SIGS(scene_sig_color, 2, scene_sig_color, 2)},
    {AEROCMD_SHADER_CS, 5, scene_cs_read, SCENE_SIGS(NULL, 0, NULL, 0)},
    {AEROCMD_SHADER_CS, 5, scene_cs_uav, SCENE_SIGS(NULL, 0, NULL, 0)},
    {AEROCMD_SHADER_CS, 4, scene_cs_buffer_views, SCENE_SIGS(NULL, 0, NULL, 0)},
};

/* ---- vertex data of the pipelines ----------------------------------------------------------
 * The triangle is clockwise on screen (Direct3D's default front face; the default rasterizer
 * state culls back faces): in a 64x64 viewport its corners land on pixels (32, 32) red,
 * (32, 0) green and (64, 32) blue. */
static const float scene_triangle[3 * 7] = {
    0, 0, 0, 1, 0, 0, 1, /* POSITION, COLOR */
    0, 1, 0, 0, 1, 0, 1, /**/
    1, 0, 0, 0, 0, 1, 1,
};
/* The quad covering the viewport's top-right quarter, TEXCOORD (0, 0) at its top-left; two
 * clockwise triangles through 16-bit indices. */
static const float scene_quad[4 * 5] = {
    0, 0, 0, 0, 1, /* POSITION, TEXCOORD */
    1, 0, 0, 1, 1, /**/
    0, 1, 0, 0, 0, /**/
    1, 1, 0, 1, 0,
};
static const uint16_t scene_quad_indices[6] = {0, 2, 1, 2, 3, 1};

/* dynamic_cb's constant buffer, per frame: cb0[0] the offset (frame 1 one viewport half to
 * the left, frame 2 one half down), cb0[1] the colour (magenta, then cyan). */
static const float scene_cb_frames[2][8] = {{-1, 0, 0, 0, 1, 0, 1, 1}, {0, -1, 0, 0, 0, 1, 1, 1}};

/* compute_buffer_views' buffers hold their own word index in every 32-bit word. */
#define SCENE_INDEX_WORDS 64u
static const uint32_t *scene_index_words(void)
{
    static uint32_t words[SCENE_INDEX_WORDS];
    uint32_t i;
    for (i = 0; i < SCENE_INDEX_WORDS; i++)
        words[i] = i;
    return words;
}

/* Builds shader `id` (its tokens end with ret); 1 on success. */
static int scene_shader_build(enum scene_shader_id id, struct scene_shader *out)
{
    const struct scene_shader_spec *spec;
    struct aerocmd_sm4_builder b;
    memset(out, 0, sizeof *out);
    if ((unsigned)id >= SCENE_SHADER_COUNT)
        return 0;
    spec = &scene_shader_specs[id];
    aerocmd_sm4_begin(&b, spec->kind, spec->major, 0, out->tokens, SCENE_MAX_TOKENS);
    spec->body(&b);
    aerocmd_sm4_ret(&b);
    out->kind = spec->kind;
    out->sigs = spec->sigs;
    return aerocmd_sm4_finish(&b, &out->token_count) == AEROCMD_OK;
}

/* The DXBC container of shader `id` with its semantic names; its size (0 on failure). */
static uint32_t scene_shader_dxbc(enum scene_shader_id id, uint8_t *out, uint32_t capacity)
{
    struct scene_shader sh;
    uint32_t size = 0;
    if (!scene_shader_build(id, &sh) ||
        aerocmd_umd_dxbc_from_tokens(sh.kind, sh.tokens, sh.token_count, &sh.sigs, out, capacity,
                                     &size) != AEROCMD_OK)
        return 0;
    return size;
}

#endif /* AEROCMD_TEST_SCENE_SHADERS_H */
