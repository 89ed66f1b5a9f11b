/* SPDX-License-Identifier: MIT */
/* The SM4 token checker (aerocmd/sm4_check.h). Every program the SM4 builder tests build
 * and every scene shader is accepted. Hand-written token streams, each breaking one rule of
 * Direct3D's tokenized program format or one thing vkd3d-shader 1.2 cannot take, are
 * refused with the fault, the instruction's token offset, its opcode and the operand the
 * rule names. The words are written out as the format defines them (d3d11 tokenized
 * program format: opcode token = opcode | controls << 11 | length << 24; operand token =
 * components | mode << 2 | selection << 4 | type << 12 | index dimension << 20 |
 * representations << 22), not by the builder. */
#include <stdint.h>
#include <string.h>

#include "aerocmd/sm4_check.h"
#include "check.h"
#include "shaders/scene_shaders.h"
#include "sm4_programs.h"

#define VS4       0x00010040u /* vs_4_0 */
#define PS4       0x00000040u /* ps_4_0 */
#define CS5       0x00050050u /* cs_5_0 */
#define HS5       0x00030050u /* hs_5_0 */
#define OP(op, n) ((uint32_t)(op) | (uint32_t)(n) << 24)
/* Operand tokens. */
#define V_XYZW    0x00101E46u /* v#.xyzw: 4 components, swizzle xyzw, input, 1D */
#define O_XYZW    0x001020F2u /* o#.xyzw: 4 components, mask xyzw, output, 1D */
#define R_XYZW    0x00100E46u /* r#.xyzw source */
#define R_DST     0x001000F2u /* r#.xyzw destination */
#define R_X       0x0010000Au /* r#.x: select-1 */
#define DCL_V     0x001010F2u /* dcl_input v#.xyzw */
#define CB_SRC    0x00208E46u /* cb#[#].xyzw */
#define IMM4      0x00004002u /* l(a, b, c, d) */
#define X_SRC_REL 0x06203E46u /* x#[r#.x + imm].xyzw: 2D, second index imm32 + relative */
#define X_SRC     0x00203E46u /* x#[imm].xyzw */
#define END       0xDEADu

struct bad {
    const char *what;
    uint32_t words[40];
    aerocmd_result result;
    uint32_t fault, token, opcode, operand;
};

/* vs_4_0 { dcl_input v0; dcl_output_siv o0, position; mov o0, v0; ret } and variations. */
#define VS_HEAD     VS4, 0, OP(95, 3), DCL_V, 0, OP(103, 4), O_XYZW, 0, 1
#define MOV_O0_V0   OP(54, 5), O_XYZW, 0, V_XYZW, 0
#define RET         OP(62, 1)
#define DCL_TEMPS_1 OP(104, 2), 1

static const struct bad bads[] = {
    {"r0 without dcl_temps (vkd3d: temp_count assertion)",
     {VS_HEAD, OP(54, 5), O_XYZW, 0, R_XYZW, 0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_UNDECLARED,
     9,
     54,
     2},
    {"r1 with dcl_temps 1",
     {VS_HEAD, DCL_TEMPS_1, OP(54, 5), O_XYZW, 0, R_XYZW, 1, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_OUT_OF_RANGE,
     11,
     54,
     2},
    {"no ret (lavapipe crashes on the function without a return)",
     {VS_HEAD, MOV_O0_V0, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_NO_RET,
     14,
     AEROCMD_SM4_NO_OPCODE,
     0},
    {"nop after the closing ret",
     {VS_HEAD, MOV_O0_V0, RET, OP(58, 1), END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_NO_RET,
     15,
     58,
     0},
    {"a hull shader",
     {HS5, 0, RET, END},
     AEROCMD_E_NOT_IMPLEMENTED,
     AEROCMD_SM4_FAULT_PROGRAM_UNSUPPORTED,
     0,
     AEROCMD_SM4_NO_OPCODE,
     0},
    {"mov 6 tokens long: swallows the ret",
     {VS_HEAD, OP(54, 6), O_XYZW, 0, V_XYZW, 0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_OPERAND_COUNT,
     9,
     54,
     0},
    {"mov with the extended bit (vkd3d reads its destination as a modifier)",
     {VS_HEAD, OP(54, 5) | 0x80000000u, O_XYZW, 0, V_XYZW, 0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_EXTENDED_OPCODE,
     9,
     54,
     0},
    {"empty write mask (vkd3d: component count assertion)",
     {VS_HEAD, OP(54, 5), 0x00102002u, 0, V_XYZW, 0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_SELECTION,
     9,
     54,
     1},
    {"relative index on v# (vkd3d: rel_addr assertion)",
     {VS_HEAD, DCL_TEMPS_1, OP(54, 6), O_XYZW, 0, 0x00901E46u, R_X, 0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_RELATIVE,
     11,
     54,
     2},
    {"register type 10 (label) as a source",
     {VS_HEAD, OP(54, 5), O_XYZW, 0, 0x0010AE46u, 0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_REGISTER_TYPE,
     9,
     54,
     2},
    {"64-bit immediate index (vkd3d reads one word)",
     {VS_HEAD, OP(54, 6), O_XYZW, 0, 0x00501E46u, 0, 0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_OPERAND_ENCODING,
     9,
     54,
     2},
    {"dcl_temps after the first instruction",
     {VS_HEAD, MOV_O0_V0, DCL_TEMPS_1, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_DECLARATION_ORDER,
     14,
     104,
     0},
    {"undefined control bit 11 on mov",
     {VS_HEAD, OP(54, 5) | 0x800u, O_XYZW, 0, V_XYZW, 0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_CONTROLS,
     9,
     54,
     0},
    {"saturate on an integer add",
     {VS_HEAD, OP(30, 7) | 0x2000u, O_XYZW, 0, V_XYZW, 0, V_XYZW, 0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_CONTROLS,
     9,
     30,
     0},
    {"cb0[1] of a one-vec4 cb0",
     {VS_HEAD, OP(89, 4), CB_SRC, 0, 1, OP(54, 6), O_XYZW, 0, CB_SRC, 0, 1, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_OUT_OF_RANGE,
     13,
     54,
     2},
    {"if without endif",
     {VS_HEAD, OP(31, 3) | 0x40000u, V_XYZW & ~0xFF0u, 0, MOV_O0_V0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_FLOW,
     18,
     AEROCMD_SM4_NO_OPCODE,
     0},
    {"break outside a loop or switch",
     {VS_HEAD, OP(2, 1), MOV_O0_V0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_FLOW,
     9,
     2,
     0},
    {"code after break in its block",
     {VS_HEAD, OP(48, 1), OP(2, 1), MOV_O0_V0, OP(22, 1), RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_FLOW,
     11,
     54,
     0},
    {"sample in a vertex shader (needs derivatives)",
     {VS_HEAD, OP(88, 4) | 3u << 11, 0x00107000u, 0, 0x5555u, OP(90, 3), 0x00106000u, 0, OP(69, 9),
      O_XYZW, 0, V_XYZW, 0, 0x00107E46u, 0, 0x00106000u, 0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_OPCODE_PROGRAM,
     16,
     69,
     0},
    {"negate with a minimum precision (vkd3d drops the negate)",
     {VS_HEAD, OP(54, 6), O_XYZW, 0, V_XYZW | 0x80000000u, 0x00004041u, 0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_OPERAND_MODIFIER,
     9,
     54,
     2},
    {"a 32-token nop (vkd3d reads 5 bits of the length)",
     {VS_HEAD, OP(58, 32), END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_INSTRUCTION_LENGTH,
     9,
     58,
     0},
    {"compute shader without dcl_thread_group",
     {CS5, 0, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_MISSING_DECLARATION,
     3,
     AEROCMD_SM4_NO_OPCODE,
     0},
    {"x0[4] of a 4-entry x0",
     {VS_HEAD, OP(105, 4), 0, 4, 4, OP(54, 6), O_XYZW, 0, X_SRC, 0, 4, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_OUT_OF_RANGE,
     13,
     54,
     2},
    {"v1 declared .x read as .y (vkd3d: swizzle assertion)",
     {VS_HEAD, OP(95, 3), 0x00101012u, 1, OP(54, 5), O_XYZW, 0, 0x00101556u, 1, RET, END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_SELECTION,
     12,
     54,
     2},
    {"o0 declared .xyzw written, o1 declared .xy written .xyz",
     {VS_HEAD, OP(101, 3), 0x00102032u, 1, MOV_O0_V0, OP(54, 5), 0x00102072u, 1, V_XYZW, 0, RET,
      END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_SELECTION,
     17,
     54,
     1},
    {"a 2D texture sampled at v1 declared .x",
     {PS4,
      0,
      OP(88, 4) | 3u << 11,
      0x00107000u,
      0,
      0x5555u,
      OP(90, 3),
      0x00106000u,
      0,
      OP(98, 3) | 2u << 11,
      0x00101012u,
      1,
      OP(101, 3),
      O_XYZW,
      0,
      OP(69, 9),
      O_XYZW,
      0,
      0x00101046u, /* v1.xyxx: x and y for a 2D address */
      1,
      0x00107E46u,
      0,
      0x00106000u,
      0,
      RET,
      END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_SELECTION,
     15,
     69,
     2},
    {"ld_raw of a typed buffer",
     {CS5,         0,           OP(155, 4),
      1,           1,           1,
      OP(104, 2),  1,           OP(88, 4) | 1u << 11,
      0x00107000u, 0,           0x5555u,
      OP(165, 7),  0x00100012u, 0,
      0x00004001u, 0,           0x00107006u,
      0,           RET,         END},
     AEROCMD_E_MALFORMED,
     AEROCMD_SM4_FAULT_RESOURCE_KIND,
     12,
     165,
     3},
};

/* Writes the words (up to END) with the length token filled in; returns the count. */
static uint32_t program(const uint32_t *words, uint32_t *out)
{
    uint32_t n = 0;
    while (words[n] != END) {
        out[n] = words[n];
        n++;
    }
    out[1] = n;
    return n;
}

static void refused(const struct bad *b)
{
    uint32_t t[40], n = program(b->words, t);
    struct aerocmd_sm4_check c;
    aerocmd_result r = aerocmd_sm4_check(t, 4u * n, &c);
    int ok = CHECK_EQ(r, b->result) && CHECK_EQ(c.fault, b->fault) && CHECK_EQ(c.token, b->token) &&
             CHECK_EQ(c.opcode, b->opcode) && CHECK_EQ(c.operand, b->operand) &&
             CHECK(aerocmd_sm4_fault_text(c.fault)[0] != 0);
    if (!ok)
        fprintf(stderr, "    %s: fault %u (%s) at token %u, opcode %u, operand %u, value %u\n",
                b->what, c.fault, aerocmd_sm4_fault_text(c.fault), c.token, c.opcode, c.operand,
                c.value);
}

/* What the refusals above change, put right, is accepted. */
static void accepted_variants(void)
{
    static const uint32_t good[][40] = {
        {VS_HEAD, MOV_O0_V0, RET, END},
        {VS_HEAD, DCL_TEMPS_1, OP(54, 5), R_DST, 0, V_XYZW, 0, OP(54, 5), O_XYZW, 0, R_XYZW, 0, RET,
         END},
        {VS_HEAD,   DCL_TEMPS_1, OP(105, 4), 0,         4, 4, OP(54, 5), R_DST, 0,   V_XYZW, 0,
         OP(54, 8), O_XYZW,      0,          X_SRC_REL, 0, 2, R_X,       0,     RET, END},
        {VS_HEAD, OP(48, 1), OP(2, 1), OP(22, 1), MOV_O0_V0, RET, END},
        {VS_HEAD, OP(54, 6), O_XYZW, 0, V_XYZW | 0x80000000u, 0x41u, 0, RET, END},
        {VS_HEAD, OP(54, 8), O_XYZW, 0, IMM4, 0, 0, 0, 0x3F800000u, RET, END},
        /* v1.x read in the lanes written (.x), whatever the swizzle's other lanes say */
        {VS_HEAD, OP(95, 3), 0x00101012u, 1, OP(54, 5), 0x00102012u, 0, 0x00101E46u, 1, OP(54, 5),
         0x001020E2u, 0, V_XYZW, 0, RET, END},
    };
    uint32_t t[40], i, n;
    struct aerocmd_sm4_check c;
    for (i = 0; i < sizeof good / sizeof good[0]; i++) {
        n = program(good[i], t);
        if (!CHECK_EQ(aerocmd_sm4_check(t, 4u * n, &c), AEROCMD_OK))
            fprintf(stderr, "    variant %u: %s at token %u\n", i, aerocmd_sm4_fault_text(c.fault),
                    c.token);
    }
}

static void built_programs(void)
{
    struct aerocmd_sm4_builder b;
    struct aerocmd_sm4_check c;
    struct scene_shader sh;
    uint32_t tokens[256], i;
    for (i = 0; i < PROGRAM_COUNT; i++)
        if (CHECK_EQ(program_build(&programs[i], tokens, 256, &b), AEROCMD_OK) &&
            !CHECK_EQ(aerocmd_sm4_check(tokens, 4u * b.count, &c), AEROCMD_OK))
            fprintf(stderr, "    %s: %s at token %u\n", programs[i].name,
                    aerocmd_sm4_fault_text(c.fault), c.token);
    for (i = 0; i < SCENE_SHADER_COUNT; i++)
        if (CHECK(scene_shader_build((enum scene_shader_id)i, &sh)) &&
            !CHECK_EQ(aerocmd_sm4_check(sh.tokens, 4u * sh.token_count, &c), AEROCMD_OK))
            fprintf(stderr, "    scene shader %u: %s at token %u\n", i,
                    aerocmd_sm4_fault_text(c.fault), c.token);
}

int main(void)
{
    uint32_t i, t[4] = {VS4, 2, 0, 0};
    struct aerocmd_sm4_check c;
    built_programs();
    accepted_variants();
    for (i = 0; i < sizeof bads / sizeof bads[0]; i++)
        refused(&bads[i]);
    /* framing: 7 bytes, a length token past the chunk, NULL arguments */
    CHECK_EQ(aerocmd_sm4_check(t, 7, &c), AEROCMD_E_MALFORMED);
    CHECK_EQ(c.fault, AEROCMD_SM4_FAULT_CHUNK);
    t[1] = 5;
    CHECK_EQ(aerocmd_sm4_check(t, 16, &c), AEROCMD_E_MALFORMED);
    CHECK_EQ(c.fault, AEROCMD_SM4_FAULT_LENGTH);
    CHECK_EQ(aerocmd_sm4_check(NULL, 16, &c), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_sm4_check(t, 16, NULL), AEROCMD_E_INVALID_ARG);
    CHECK(aerocmd_sm4_opcode_name(54) != NULL && strcmp(aerocmd_sm4_opcode_name(54), "mov") == 0);
    CHECK(aerocmd_sm4_opcode_name(0x7FF) == NULL);
    return check_finish();
}
