/* SPDX-License-Identifier: MIT */
/* SM4 builder: the tokens it writes, checked against the tokenized program format of
 * Direct3D 10/11 (d3d10tokenizedprogramformat: opcode in bits 0..10, controls in 11..23,
 * instruction length in 24..30; operand tokens with component count, selection mode,
 * mask / swizzle, register type, index dimension). Every expected DWORD below is written
 * from that format, field by field in the comments, never taken from the builder. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "shaders/scene_shaders.h"
#include "sm4_programs.h"

#define CAP 256u

/* Operand tokens spelled out once (fields: components | mode << 2 | selection << 4 |
 * type << 12 | index dimension << 20). */
#define V_XY_DCL    0x00101032u /* 4-comp, mask xy, INPUT, 1D */
#define V_XYZW_DCL  0x001010F2u /* 4-comp, mask xyzw, INPUT, 1D */
#define O_XYZW      0x001020F2u /* 4-comp, mask xyzw, OUTPUT, 1D */
#define O_XY        0x00102032u
#define O_ZW        0x001020C2u
#define V_XYXY      0x00101446u /* 4-comp, swizzle (0,1,0,1) = 0x44, INPUT, 1D */
#define V_XYZW      0x00101E46u /* swizzle (0,1,2,3) = 0xE4 */
#define V_XXXX      0x00101006u
#define R_XYZW_DST  0x001000F2u
#define R_X_DST     0x00100012u
#define R_XYZW      0x00100E46u
#define R_XXXX      0x00100006u
#define R_XYXY      0x00100446u
#define CB_XYZW     0x00208E46u /* swizzle xyzw, CONSTANT_BUFFER (8), 2D */
#define IMM4        0x00004002u /* 4-comp, IMMEDIATE32 (4), 0D */
#define IMM1        0x00004001u /* 1-comp */
#define T_DCL       0x00107000u /* 0-comp, RESOURCE (7), 1D */
#define T_XYZW      0x00107E46u
#define S_OP        0x00106000u /* 0-comp, SAMPLER (6), 1D */
#define U_DCL       0x0011E000u /* 0-comp, UAV (30), 1D */
#define U_X         0x0011E012u
#define U_XY        0x0011E032u
#define U_XYZW      0x0011E0F2u
#define TID_X_DCL   0x00020012u /* 4-comp, mask x, THREAD_ID (32), 0D */
#define TID_XXXX    0x00020006u
#define F32_ONE     0x3F800000u
#define OP(op, len) ((uint32_t)(op) | (uint32_t)(len) << 24)

/* clang-format off */
static const uint32_t want_vs_color[] = {
    0x00010040u, 34,                      /* vs_4_0: minor 0, major 4, program type 1 */
    OP(0x5F, 3), V_XY_DCL, 0,             /* dcl_input v0.xy */
    OP(0x5F, 3), V_XYZW_DCL, 1,           /* dcl_input v1.xyzw */
    OP(0x67, 4), O_XYZW, 0, 1,            /* dcl_output_siv o0.xyzw, position */
    OP(0x65, 3), O_XYZW, 1,               /* dcl_output o1.xyzw */
    OP(0x36, 5), O_XY, 0, V_XYXY, 0,      /* mov o0.xy, v0.xyxy */
    OP(0x36, 8), O_ZW, 0, IMM4, 0, 0, 0, F32_ONE, /* mov o0.zw, l(0, 0, 0, 1) */
    OP(0x36, 5), O_XYZW, 1, V_XYZW, 1,    /* mov o1.xyzw, v1.xyzw */
    OP(0x3E, 1),                          /* ret */
};

static const uint32_t want_ps_color[] = {
    0x00000040u, 14,                        /* ps_4_0: program type 0 */
    OP(0x62 | 2u << 11, 3), V_XYZW_DCL, 1,  /* dcl_input_ps linear v1.xyzw */
    OP(0x65, 3), O_XYZW, 0,                 /* dcl_output o0.xyzw */
    OP(0x36 | 1u << 13, 5), O_XYZW, 0, V_XYZW, 1, /* mov_sat o0.xyzw, v1.xyzw */
    OP(0x3E, 1),
};

/* Pieces of ps_texture, in order. */
static const uint32_t want_ps_texture_decls[] = {
    OP(0x59, 4), CB_XYZW, 0, 2,                         /* dcl_constantbuffer cb0[2] */
    OP(0x5A, 3), S_OP, 0,                               /* dcl_sampler s0, default */
    OP(0x58 | 3u << 11, 4), T_DCL, 0, 0x5555u,          /* dcl_resource_texture2d (float) t0 */
    OP(0x64 | 4u << 11, 4), V_XYZW_DCL, 0, 1,           /* dcl_input_ps_siv noperspective v0 */
    OP(0x62 | 2u << 11, 3), V_XY_DCL, 1,                /* dcl_input_ps linear v1.xy */
    OP(0x65, 3), O_XYZW, 0, OP(0x68, 2), 2,             /* dcl_output o0; dcl_temps 2 */
    OP(0x45, 9), R_XYZW_DST, 0, V_XYXY, 1, T_XYZW, 0, S_OP, 0, /* sample r0, v1.xyxy, t0, s0 */
};
static const uint32_t want_ps_texture_neg_abs[] = {
    /* add r0, r0, -|cb0[1]|: extended operand bit 31, then type 1 (modifier) | 3 << 6 */
    OP(0x00, 9), R_XYZW_DST, 0, R_XYZW, 0, CB_XYZW | 0x80000000u, 0xC1u, 0, 1,
};
static const uint32_t want_ps_texture_mad[] = {
    OP(0x32, 9), R_X_DST, 1, V_XXXX, 0, IMM1, 0, R_XXXX, 1, /* mad r1.x, v0.x, l(0), r1.x */
};

static const uint32_t want_cs_uavs_decls[] = {
    0x00050050u, 0,                                 /* cs_5_0: program type 5 (length below) */
    OP(0x9D, 3), U_DCL, 0,                          /* dcl_uav_raw u0 */
    OP(0x9E, 4), U_DCL, 1, 8,                       /* dcl_uav_structured u1, 8 */
    OP(0x9C | 1u << 11, 4), U_DCL, 2, 0x4444u,      /* dcl_uav_typed_buffer (uint) u2 */
    OP(0xA1, 3), T_DCL, 0,                          /* dcl_resource_raw t0 */
    OP(0xA2, 4), T_DCL, 1, 16,                      /* dcl_resource_structured t1, 16 */
    OP(0x5F, 2), TID_X_DCL,                         /* dcl_input vThreadID.x */
    OP(0x68, 2), 2,                                 /* dcl_temps 2 */
    OP(0x9B, 4), 4, 1, 1,                           /* dcl_thread_group 4, 1, 1 */
    OP(0x29, 6), R_X_DST, 0, TID_XXXX, IMM1, 2,     /* ishl r0.x, vThreadID.x, l(2) */
    OP(0xA6, 6), U_X, 0, R_XXXX, 0, TID_XXXX,       /* store_raw u0.x, r0.x, vThreadID.x */
};
static const uint32_t want_cs_uavs_stores[] = {
    /* store_structured u1.xy, vThreadID.x, l(0), r1.xyxy */
    OP(0xA8, 8), U_XY, 1, TID_XXXX, IMM1, 0, R_XYXY, 1,
    OP(0x1E, 6), R_XYZW_DST, 1, TID_XXXX, IMM1, 1, /* iadd r1, vThreadID.x, l(1) */
    OP(0xA4, 6), U_XYZW, 2, TID_XXXX, R_XYZW, 1,   /* store_uav_typed u2, vThreadID.x, r1 */
    OP(0x3E, 1),
};
static const uint32_t want_gs_decls[] = {
    0x00020040u, 0,                                  /* gs_4_0: program type 2 */
    OP(0x61, 5), 0x002010F2u, 3, 0, 1,               /* dcl_input_siv v[3][0].xyzw, position */
    OP(0x5F, 4), 0x002010F2u, 3, 1,                  /* dcl_input v[3][1].xyzw (2D index) */
    OP(0x5D | 3u << 11, 1),                          /* dcl_inputprimitive triangle */
    OP(0x5C | 5u << 11, 1),                          /* dcl_outputtopology trianglestrip */
    OP(0x67, 4), O_XYZW, 0, 1, OP(0x65, 3), O_XYZW, 1,
    OP(0x5E, 2), 3,                                  /* dcl_maxout 3 */
    /* add o0.x, v[0][0].x, -v[0][0].w */
    OP(0x00, 10), 0x00102012u, 0, 0x00201006u, 0, 0, 0x80201FF6u, 0x41u, 0, 0,
};
/* clang-format on */

static const struct program *find(const char *name)
{
    uint32_t i;
    for (i = 0; i < PROGRAM_COUNT; i++)
        if (strcmp(programs[i].name, name) == 0)
            return &programs[i];
    return NULL;
}

/* Index of `want` inside got[0..n), or -1. */
static long find_run(const uint32_t *got, uint32_t n, const uint32_t *want, uint32_t wn)
{
    uint32_t i;
    for (i = 0; i + wn <= n; i++)
        if (memcmp(got + i, want, wn * 4u) == 0)
            return (long)i;
    return -1;
}

static uint32_t build(const char *name, uint32_t *tokens)
{
    struct aerocmd_sm4_builder b;
    uint32_t count = 0;
    const struct program *p = find(name);
    if (!CHECK(p != NULL) || !CHECK_EQ(program_build(p, tokens, CAP, &b), AEROCMD_OK))
        return 0;
    CHECK_EQ(aerocmd_sm4_finish(&b, &count), AEROCMD_OK);
    CHECK_EQ(tokens[1], count);
    return count;
}

static void expect_exact(const char *name, const uint32_t *want, uint32_t wn)
{
    uint32_t tokens[CAP], n = build(name, tokens), i;
    if (!CHECK_EQ(n, wn))
        return;
    for (i = 0; i < n; i++)
        if (!CHECK_EQ(tokens[i], want[i]))
            fprintf(stderr, "    %s: token %u\n", name, i);
}

static void expect_runs(void)
{
    uint32_t tokens[CAP], n = build("ps_texture", tokens);
    long decls = find_run(tokens, n, want_ps_texture_decls, sizeof want_ps_texture_decls / 4);
    CHECK_EQ(decls, 2);
    CHECK(find_run(tokens, n, want_ps_texture_neg_abs, sizeof want_ps_texture_neg_abs / 4) > 0);
    CHECK(find_run(tokens, n, want_ps_texture_mad, sizeof want_ps_texture_mad / 4) > 0);
    n = build("cs_uavs", tokens);
    tokens[1] = 0;
    CHECK_EQ(find_run(tokens, n, want_cs_uavs_decls, sizeof want_cs_uavs_decls / 4), 0);
    CHECK_EQ(find_run(tokens, n, want_cs_uavs_stores, sizeof want_cs_uavs_stores / 4),
             (long)(n - sizeof want_cs_uavs_stores / 4));
    n = build("ps_array_ld", tokens);
    CHECK_EQ(tokens[0], 0x00000041u); /* ps_4_1 */
    {
        static const uint32_t array_decl[] = {OP(0x58 | 8u << 11, 4), T_DCL, 0, 0x5555u};
        static const uint32_t buffer_decl[] = {OP(0x58 | 1u << 11, 4), T_DCL, 1, 0x5555u};
        /* sample_l r0, v1, t0, s1, l(1.0) */
        static const uint32_t sample_l[] = {OP(0x48, 11), R_XYZW_DST, 0,    V_XYZW, 1, T_XYZW, 0,
                                            S_OP,         1,          IMM1, F32_ONE};
        CHECK(find_run(tokens, n, array_decl, 4) > 0);
        CHECK(find_run(tokens, n, buffer_decl, 4) > 0);
        CHECK(find_run(tokens, n, sample_l, 11) > 0);
    }
}

/* The scene geometry shader (shaders/scene_shaders.h): 2D-indexed inputs, the GS
 * declarations, a negated 2D source, emit. */
static void expect_gs(void)
{
    struct scene_shader gs;
    uint32_t tokens[CAP], n;
    if (!CHECK(scene_shader_build(SCENE_GS_SHIFT, &gs)))
        return;
    n = gs.token_count;
    memcpy(tokens, gs.tokens, n * 4u);
    tokens[1] = 0;
    CHECK_EQ(find_run(tokens, n, want_gs_decls, sizeof want_gs_decls / 4), 0);
    CHECK_EQ(tokens[n - 2], OP(0x13, 1)); /* emit */
    CHECK_EQ(tokens[n - 1], OP(0x3E, 1)); /* ret */
    n = build("cs4_buffers", tokens);
    CHECK_EQ(tokens[0], 0x00050040u); /* cs_4_0 */
    {
        struct aerocmd_sm4_builder b;
        aerocmd_sm4_begin(&b, AEROCMD_SHADER_GS, 4, 0, tokens, CAP);
        aerocmd_sm4_instr(&b, AEROCMD_SM4_OP_CUT, NULL, 0);
        CHECK_EQ(aerocmd_sm4_finish(&b, &n), AEROCMD_OK);
        CHECK_EQ(n, 3);
        CHECK_EQ(tokens[2], OP(0x09, 1)); /* cut */
    }
}

/* Measuring, then building into too small an array: the same count, nothing past the end. */
static void test_sizes(void)
{
    struct aerocmd_sm4_builder b;
    uint32_t tokens[CAP], count = 0;
    CHECK_EQ(program_build(find("vs_color"), NULL, 0, &b), AEROCMD_OK);
    CHECK_EQ(aerocmd_sm4_finish(&b, &count), AEROCMD_OK);
    CHECK_EQ(count, 34);
    CHECK_EQ(aerocmd_sm4_dxbc(&b, NULL, NULL, 0, &count), AEROCMD_E_INVALID_ARG);
    memset(tokens, 0xCD, sizeof tokens);
    CHECK_EQ(program_build(find("vs_color"), tokens, 20, &b), AEROCMD_E_BUFFER_FULL);
    CHECK_EQ(aerocmd_sm4_finish(&b, &count), AEROCMD_E_BUFFER_FULL);
    CHECK_EQ(count, 34);
    CHECK_EQ(tokens[20], 0xCDCDCDCDu);
    CHECK_EQ(program_build(find("vs_color"), tokens, 34, &b), AEROCMD_OK);
}

typedef void (*misuse_fn)(struct aerocmd_sm4_builder *b);

static void bad_mask(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, 0), aerocmd_sm4_imm1(0));
}
static void wide_mask(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_output(b, 0, 0x10);
}
static void big_register(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, 1), aerocmd_sm4_r(4096, 0));
}
static void bad_swizzle(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, 1), aerocmd_sm4_r(0, 0x100));
}
static void sm5_decl(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_uav_raw(b, 0);
}
static void sm5_opcode(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_STORE_RAW, aerocmd_sm4_uav(0, 1), aerocmd_sm4_imm1(0),
                    aerocmd_sm4_imm1(0));
}
static void bad_opcode(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_instr(b, 0x800u, NULL, 0);
}
static void too_many_operands(struct aerocmd_sm4_builder *b)
{
    struct aerocmd_sm4_operand ops[AEROCMD_SM4_MAX_OPERANDS + 1u];
    memset(ops, 0, sizeof ops);
    aerocmd_sm4_instr(b, AEROCMD_SM4_OP_MOV, ops, AEROCMD_SM4_MAX_OPERANDS + 1u);
}
static void group_outside_cs(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_thread_group(b, 1, 1, 1);
}
static void no_system_value(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_output_siv(b, 0, 0xF, (enum aerocmd_sm4_system_value)0);
}
static void bad_return_type(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_resource(b, 0, AEROCMD_SM4_DIM_TEXTURE2D, (enum aerocmd_sm4_return_type)9);
}
static void gs_decl_in_vs(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_gs_max_vertices(b, 3);
}
static void thread_id_in_vs(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_input_special(b, AEROCMD_SM4_REG_THREAD_ID, AEROCMD_SM4_X);
}
static void bad_interpolation(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_input_ps(b, 0, 0xF, (enum aerocmd_sm4_interpolation)8);
}

/* Each misuse fails with INVALID_ARG and the builder writes nothing more afterwards. */
static void test_misuse(void)
{
    static const misuse_fn fns[] = {bad_mask,        wide_mask,         big_register,
                                    bad_swizzle,     sm5_decl,          sm5_opcode,
                                    bad_opcode,      too_many_operands, group_outside_cs,
                                    no_system_value, bad_return_type,   bad_interpolation};
    struct aerocmd_sm4_builder b;
    uint32_t tokens[CAP], i, count = 0;
    for (i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        aerocmd_sm4_begin(&b, AEROCMD_SHADER_VS, 4, 0, tokens, CAP);
        fns[i](&b);
        aerocmd_sm4_ret(&b);
        if (!CHECK_EQ(aerocmd_sm4_finish(&b, &count), AEROCMD_E_INVALID_ARG))
            fprintf(stderr, "    misuse %u\n", i);
        CHECK_EQ(count, 2);
    }
    aerocmd_sm4_begin(&b, AEROCMD_SHADER_HS, 5, 0, tokens, CAP);
    CHECK_EQ(aerocmd_sm4_finish(&b, NULL), AEROCMD_E_INVALID_ARG);
    aerocmd_sm4_begin(&b, AEROCMD_SHADER_PS, 3, 0, tokens, CAP);
    CHECK_EQ(aerocmd_sm4_finish(&b, NULL), AEROCMD_E_INVALID_ARG);
    aerocmd_sm4_begin(&b, AEROCMD_SHADER_CS, 5, 1, tokens, CAP);
    CHECK_EQ(aerocmd_sm4_finish(&b, NULL), AEROCMD_E_INVALID_ARG);
    /* cs_4_0 has raw and structured buffers, not typed UAVs. */
    aerocmd_sm4_begin(&b, AEROCMD_SHADER_CS, 4, 0, tokens, CAP);
    aerocmd_sm4_dcl_uav_raw(&b, 0);
    CHECK_EQ(aerocmd_sm4_finish(&b, NULL), AEROCMD_OK);
    aerocmd_sm4_dcl_uav_typed(&b, 1, AEROCMD_SM4_DIM_BUFFER, AEROCMD_SM4_RETURN_UINT);
    CHECK_EQ(aerocmd_sm4_finish(&b, NULL), AEROCMD_E_INVALID_ARG);
    aerocmd_sm4_begin(&b, AEROCMD_SHADER_CS, 5, 0, tokens, CAP);
    aerocmd_sm4_dcl_thread_group(&b, 32, 32, 2); /* 2048 threads: above 1024 */
    CHECK_EQ(aerocmd_sm4_finish(&b, NULL), AEROCMD_E_INVALID_ARG);
}

static uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* The container: chunks ISGN, OSGN, SHDR (SHEX for 5.0), semantic names as given, the
 * tokens verbatim at the end. */
static void test_container(void)
{
    static uint8_t c[2048];
    const struct program *p = find("vs_color");
    struct aerocmd_sm4_builder b;
    uint32_t tokens[CAP], size = 0, isgn, osgn, shdr;
    program_build(p, tokens, CAP, &b);
    if (!CHECK_EQ(aerocmd_sm4_dxbc(&b, &p->sigs, c, sizeof c, &size), AEROCMD_OK))
        return;
    CHECK(memcmp(c, "DXBC", 4) == 0);
    CHECK_EQ(rd32(c + 24), size);
    CHECK_EQ(rd32(c + 28), 3);
    isgn = rd32(c + 32);
    osgn = rd32(c + 36);
    shdr = rd32(c + 40);
    CHECK(memcmp(c + isgn, "ISGN", 4) == 0 && memcmp(c + osgn, "OSGN", 4) == 0 &&
          memcmp(c + shdr, "SHDR", 4) == 0);
    CHECK_EQ(rd32(c + isgn + 8), 2); /* two inputs */
    CHECK_STR((const char *)c + isgn + 8 + rd32(c + isgn + 16), "POSITION");
    CHECK_STR((const char *)c + isgn + 8 + rd32(c + isgn + 16 + 24), "COLOR");
    CHECK_EQ(rd32(c + isgn + 16 + 24 + 16), 1); /* COLOR in v1 */
    CHECK_STR((const char *)c + osgn + 8 + rd32(c + osgn + 16), "SV_Position");
    CHECK_EQ(rd32(c + osgn + 16 + 8), 1); /* system value 1 */
    CHECK_EQ(rd32(c + shdr + 4), 34u * 4u);
    CHECK(memcmp(c + shdr + 8, want_vs_color, sizeof want_vs_color) == 0);
    CHECK_EQ(shdr + 8u + 34u * 4u, size);
    program_build(find("cs_uavs"), tokens, CAP, &b);
    CHECK_EQ(aerocmd_sm4_dxbc(&b, NULL, c, sizeof c, &size), AEROCMD_OK);
    CHECK(memcmp(c + rd32(c + 40), "SHEX", 4) == 0);
}

/* Semantic names: empty, with a space, or longer than 64 characters are refused. */
static void test_semantic_names(void)
{
    static const char long_name[] =
        "ABCDEFGHIJABCDEFGHIJABCDEFGHIJABCDEFGHIJABCDEFGHIJABCDEFGHIJABCDE"; /* 65 */
    static const char *const bad[3] = {"", "TEX COORD", long_name};
    struct aerocmd_umd_signature_entry e = {0, 0xF, 0, 3, NULL, 0};
    struct aerocmd_umd_shader_signatures sigs = {&e, 1, NULL, 0};
    struct aerocmd_sm4_builder b;
    uint32_t tokens[CAP], size = 0, i;
    program_build(find("vs_color"), tokens, CAP, &b);
    for (i = 0; i < 3; i++) {
        e.semantic_name = bad[i];
        CHECK_EQ(aerocmd_sm4_dxbc(&b, &sigs, NULL, 0, &size), AEROCMD_E_INVALID_ARG);
    }
    e.semantic_name = long_name + 1; /* 64: the limit */
    CHECK_EQ(aerocmd_sm4_dxbc(&b, &sigs, NULL, 0, &size), AEROCMD_OK);
}

int main(void)
{
    expect_exact("vs_color", want_vs_color, sizeof want_vs_color / 4);
    expect_exact("ps_color", want_ps_color, sizeof want_ps_color / 4);
    expect_runs();
    expect_gs();
    test_sizes();
    test_misuse();
    test_container();
    test_semantic_names();
    return check_finish();
}
