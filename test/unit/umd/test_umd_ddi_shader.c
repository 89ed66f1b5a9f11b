/* SPDX-License-Identifier: MIT */
/* Shaders and input layouts from what the Windows DDI passes: bare token streams wrapped
 * into DXBC containers (exact bytes, the real checksum) and register-keyed input layouts
 * named like the synthesized signatures. */
#include "aerocmd/umd_dxbc.h"
#include "shaders/fxc_blobs.h"
#include "umd_harness.h"

/* vs_4_0 "ret" */
static const uint32_t vs40_tokens[3] = {0x00010040u, 3u, 0x0100003Eu};

static uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static void test_checksum_matches_compiler(void)
{
    uint8_t sum[16];
    CHECK_EQ(aerocmd_umd_dxbc_checksum(fxc_cs, sizeof fxc_cs, sum), AEROCMD_OK);
    CHECK(memcmp(sum, &fxc_cs[1], 16) == 0);
    CHECK_EQ(aerocmd_umd_dxbc_checksum(fxc_ps, sizeof fxc_ps, sum), AEROCMD_OK);
    CHECK(memcmp(sum, &fxc_ps[1], 16) == 0);
    CHECK_EQ(aerocmd_umd_dxbc_checksum(fxc_rootsig, sizeof fxc_rootsig, sum), AEROCMD_OK);
    CHECK(memcmp(sum, &fxc_rootsig[1], 16) == 0);
    CHECK_EQ(aerocmd_umd_dxbc_checksum(fxc_cs, 19, sum), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_dxbc_checksum(NULL, 64, sum), AEROCMD_E_INVALID_ARG);
}

/* The compiler's own containers come out byte for byte from their token streams. */
static void test_rebuilds_compiler_containers(void)
{
    static const struct aerocmd_umd_signature_entry target = {0, 0xF, 0, 3, NULL, 0};
    struct aerocmd_umd_shader_signatures sigs = {NULL, 0, &target, 1};
    uint8_t out[256];
    uint32_t size = 0;
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_CS, &fxc_cs[21], 22, NULL, NULL, 0, &size),
             AEROCMD_OK);
    CHECK_EQ(size, sizeof fxc_cs);
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_CS, &fxc_cs[21], 22, NULL, out, sizeof out,
                                          &size),
             AEROCMD_OK);
    CHECK(memcmp(out, fxc_cs, sizeof fxc_cs) == 0);
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_PS, &fxc_ps[30], 15, &sigs, out,
                                          sizeof out, &size),
             AEROCMD_OK);
    CHECK_EQ(size, sizeof fxc_ps);
    CHECK(memcmp(out, fxc_ps, sizeof fxc_ps) == 0);
    /* Too small a destination: BUFFER_FULL, the size still reported. */
    CHECK_EQ(
        aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_PS, &fxc_ps[30], 15, &sigs, out, 179, &size),
        AEROCMD_E_BUFFER_FULL);
    CHECK_EQ(size, 180);
}

static void check_entry(const uint8_t *e, uint32_t name_off, uint32_t index, uint32_t sv,
                        uint32_t type, uint32_t reg, uint32_t masks)
{
    CHECK_EQ(rd32(e), name_off);
    CHECK_EQ(rd32(e + 4), index);
    CHECK_EQ(rd32(e + 8), sv);
    CHECK_EQ(rd32(e + 12), type);
    CHECK_EQ(rd32(e + 16), reg);
    CHECK_EQ(rd32(e + 20), masks);
}

/* vs_4_0 with two generic inputs and SV_Position + one generic output: the whole layout. */
static void test_vs40_layout(void)
{
    static const struct aerocmd_umd_signature_entry in[2] = {{0, 0xF, 0, 0, NULL, 0},
                                                             {1, 0x3, 0, 0, NULL, 0}};
    static const struct aerocmd_umd_signature_entry outs[2] = {{0, 0xF, 1, 3, NULL, 0},
                                                               {1, 0x3, 0, 0, NULL, 0}};
    struct aerocmd_umd_shader_signatures sigs = {in, 2, outs, 2};
    uint8_t c[256], sum[16];
    uint32_t size = 0;
    CHECK_EQ(
        aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, vs40_tokens, 3, &sigs, c, sizeof c, &size),
        AEROCMD_OK);
    CHECK_EQ(size, 228);
    CHECK(memcmp(c, "DXBC", 4) == 0);
    CHECK_EQ(rd32(c + 20), 1);
    CHECK_EQ(rd32(c + 24), 228);
    CHECK_EQ(rd32(c + 28), 3);
    CHECK_EQ(rd32(c + 32), 44);
    CHECK_EQ(rd32(c + 36), 120);
    CHECK_EQ(rd32(c + 40), 208);
    /* ISGN: one "TEXCOORD" string shared by both entries, index = register. */
    CHECK(memcmp(c + 44, "ISGN", 4) == 0);
    CHECK_EQ(rd32(c + 48), 68);
    CHECK_EQ(rd32(c + 52), 2);
    CHECK_EQ(rd32(c + 56), 8);
    /* Unknown component types are written as float32 (3). */
    check_entry(c + 60, 56, 0, 0, 3, 0, 0x0F0F);
    check_entry(c + 84, 56, 1, 0, 3, 1, 0x0303);
    CHECK(memcmp(c + 52 + 56, "TEXCOORD\0\xAB\xAB\xAB", 12) == 0);
    /* OSGN: system value named, outputs have no "unwritten" mask. */
    CHECK(memcmp(c + 120, "OSGN", 4) == 0);
    CHECK_EQ(rd32(c + 124), 80);
    CHECK_EQ(rd32(c + 128), 2);
    check_entry(c + 136, 56, 0, 1, 3, 0, 0x0F);
    check_entry(c + 160, 68, 1, 0, 3, 1, 0x03);
    CHECK(memcmp(c + 128 + 56, "SV_Position\0TEXCOORD\0\xAB\xAB\xAB", 24) == 0);
    /* SHDR for a 4.x program, holding the tokens as given. */
    CHECK(memcmp(c + 208, "SHDR", 4) == 0);
    CHECK_EQ(rd32(c + 212), 12);
    CHECK(memcmp(c + 216, vs40_tokens, 12) == 0);
    CHECK_EQ(aerocmd_umd_dxbc_checksum(c, size, sum), AEROCMD_OK);
    CHECK(memcmp(c + 4, sum, 16) == 0);
}

/* Pixel outputs are SV_Target<register>; repeated system values count up their index. */
static void test_pixel_names(void)
{
    static const uint32_t ps41[3] = {0x00000041u, 3u, 0x0100003Eu};
    static const struct aerocmd_umd_signature_entry in[3] = {
        {0, 0xF, 1, 0, NULL, 0}, {1, 0x1, 2, 0, NULL, 0}, {1, 0x2, 2, 0, NULL, 0}};
    static const struct aerocmd_umd_signature_entry outs[1] = {{3, 0xF, 0, 0, NULL, 0}};
    struct aerocmd_umd_shader_signatures sigs = {in, 3, outs, 1};
    uint8_t c[512];
    const uint8_t *isgn, *osgn;
    uint32_t size = 0;
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_PS, ps41, 3, &sigs, c, sizeof c, &size),
             AEROCMD_OK);
    isgn = c + rd32(c + 32) + 8;
    osgn = c + rd32(c + 36) + 8;
    CHECK_EQ(rd32(isgn + 8 + 4), 0);  /* SV_Position index 0 */
    CHECK_EQ(rd32(isgn + 32 + 4), 0); /* SV_ClipDistance0 */
    CHECK_EQ(rd32(isgn + 56 + 4), 1); /* SV_ClipDistance1, same register */
    CHECK_EQ(rd32(isgn + 32), rd32(isgn + 56));
    CHECK(strcmp((const char *)isgn + rd32(isgn + 32), "SV_ClipDistance") == 0);
    CHECK(strcmp((const char *)osgn + rd32(osgn + 8), "SV_Target") == 0);
    CHECK_EQ(rd32(osgn + 8 + 4), 3);
    CHECK_EQ(rd32(osgn + 8 + 16), 3);
}

static void test_token_refusals(void)
{
    static const struct aerocmd_umd_signature_entry bad_reg = {32, 0xF, 0, 0, NULL, 0};
    static const struct aerocmd_umd_signature_entry bad_mask = {0, 0x10, 0, 0, NULL, 0};
    static const struct aerocmd_umd_signature_entry no_mask = {0, 0, 0, 0, NULL, 0};
    static const struct aerocmd_umd_signature_entry tess = {0, 1, 11, 0, NULL, 0};
    static const struct aerocmd_umd_signature_entry unknown = {0, 1, 23, 0, NULL, 0};
    static const struct aerocmd_umd_signature_entry bad_type = {0, 1, 0, 4, NULL, 0};
    struct aerocmd_umd_shader_signatures sigs = {NULL, 0, NULL, 0};
    uint32_t t[3] = {0x00010040u, 3u, 0x0100003Eu}, size = 0;
    /* a vs_4_0 stream handed in as a pixel shader: the program type must match */
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_PS, t, 3, NULL, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 2, NULL, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG); /* length past the buffer */
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 1, NULL, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, NULL, 3, NULL, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, NULL, NULL, 0, NULL),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_HS, t, 3, NULL, NULL, 0, &size),
             AEROCMD_E_NOT_IMPLEMENTED);
    t[1] = 1; /* shorter than its own header */
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, NULL, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG);
    t[1] = 3;
    t[0] = 0x00010030u; /* vs_3_0 */
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, NULL, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG);
    t[0] = 0x00010051u; /* vs_5_1 */
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, NULL, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG);
    t[0] = 0x00010050u; /* vs_5_0: fine, in SHEX */
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, NULL, NULL, 0, &size),
             AEROCMD_OK);
    sigs.input_count = 1;
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, &sigs, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG); /* a count without an array */
    sigs.inputs = &bad_reg;
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, &sigs, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG);
    sigs.inputs = &bad_mask;
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, &sigs, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG);
    sigs.inputs = &no_mask;
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, &sigs, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG);
    sigs.inputs = &bad_type;
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, &sigs, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG);
    sigs.inputs = &unknown;
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, &sigs, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG);
    sigs.inputs = &tess;
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, &sigs, NULL, 0, &size),
             AEROCMD_E_NOT_IMPLEMENTED);
    sigs.input_count = AEROCMD_UMD_MAX_SIGNATURE_ENTRIES + 1u;
    CHECK_EQ(aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, t, 3, &sigs, NULL, 0, &size),
             AEROCMD_E_INVALID_ARG);
}

/* Finds the only packet of `opcode` in the recorded submissions. */
static const uint8_t *find_packet(const struct packet_list *pl, uint32_t opcode)
{
    const uint8_t *found = NULL;
    uint32_t i, n = 0;
    for (i = 0; i < pl->count; i++)
        if (pl->opcode[i] == opcode) {
            found = pl->packet[i].bytes;
            n++;
        }
    return n == 1 ? found : NULL;
}

static void test_create_from_tokens_and_layout(void)
{
    static struct harness h;
    static struct packet_list pl;
    static const struct aerocmd_umd_signature_entry in[2] = {{0, 0xF, 0, 0, NULL, 0},
                                                             {3, 0x3, 0, 0, NULL, 0}};
    static const struct aerocmd_umd_register_element el[2] = {{0, 2, 0, 0, 0, 0},
                                                              {3, 16, 0, 16, 0, 0}};
    struct aerocmd_umd_shader_signatures sigs = {in, 2, NULL, 0};
    uint64_t sh_mem[16], il_mem[40];
    struct aerocmd_umd_shader *sh = NULL;
    struct aerocmd_umd_input_layout *il = NULL;
    const struct aerogpu_cmd_create_shader_dxbc *cs;
    const struct aerogpu_input_layout_element_dxgi *e;
    const uint8_t *p, *kept, *isgn;
    uint32_t kept_size = 0, i;
    CHECK(harness_open(&h, 65536, 64));
    CHECK_EQ(aerocmd_umd_create_shader_from_tokens(h.dev, sh_mem, sizeof sh_mem, AEROCMD_SHADER_VS,
                                                   vs40_tokens, 3, &sigs, &sh),
             AEROCMD_OK);
    CHECK_EQ(h.dev_alloc.live_blocks, 1);
    CHECK_EQ(aerocmd_umd_create_input_layout_by_register(h.dev, il_mem, sizeof il_mem, el, 2, &il),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(validate_submissions(&h.fake, NULL), 0);
    collect_packets(&h.fake, &pl);
    p = find_packet(&pl, AEROGPU_CMD_CREATE_SHADER_DXBC);
    kept = (const uint8_t *)aerocmd_umd_shader_dxbc(sh, &kept_size);
    if (CHECK(p != NULL)) {
        cs = (const struct aerogpu_cmd_create_shader_dxbc *)p;
        CHECK_EQ(cs->shader_handle, aerocmd_umd_shader_handle(sh));
        CHECK_EQ(cs->stage, AEROGPU_SHADER_STAGE_VERTEX);
        CHECK_EQ(cs->dxbc_size_bytes, kept_size);
        CHECK(memcmp(p + sizeof *cs, kept, kept_size) == 0);
    }
    /* The layout's elements carry exactly the ISGN's names and indices. */
    isgn = kept + rd32(kept + 32) + 8;
    p = find_packet(&pl, AEROGPU_CMD_CREATE_INPUT_LAYOUT);
    if (CHECK(p != NULL)) {
        const struct aerogpu_input_layout_blob_header *bh =
            (const struct aerogpu_input_layout_blob_header *)(p + 20);
        CHECK_EQ(bh->element_count, 2);
        e = (const struct aerogpu_input_layout_element_dxgi *)(bh + 1);
        for (i = 0; i < 2; i++) {
            const uint8_t *entry = isgn + 8 + 24u * i;
            CHECK_EQ(e[i].semantic_name_hash,
                     aerocmd_semantic_hash((const char *)isgn + rd32(entry)));
            CHECK_EQ(e[i].semantic_name_hash, aerocmd_semantic_hash("TEXCOORD"));
            CHECK_EQ(e[i].semantic_index, rd32(entry + 4));
            CHECK_EQ(e[i].semantic_index, el[i].input_register);
        }
        CHECK_EQ(e[1].dxgi_format, 16);
        CHECK_EQ(e[1].aligned_byte_offset, 16);
    }
    CHECK_EQ(aerocmd_umd_destroy_shader(sh), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_input_layout(il), AEROCMD_OK);
    CHECK_EQ(h.dev_alloc.live_blocks, 0);
    harness_close(&h);
}

static void test_create_refusals(void)
{
    static struct harness h;
    static const uint32_t ps40[3] = {0x00000040u, 3u, 0x0100003Eu};
    struct aerocmd_umd_register_element el[AEROCMD_UMD_MAX_INPUT_ELEMENTS + 1u];
    uint64_t sh_mem[16], il_mem[40];
    struct aerocmd_umd_shader *sh = NULL;
    struct aerocmd_umd_input_layout *il = NULL;
    CHECK(harness_open(&h, 65536, 64));
    memset(el, 0, sizeof el);
    CHECK_EQ(aerocmd_umd_create_shader_from_tokens(h.dev, sh_mem, sizeof sh_mem, AEROCMD_SHADER_VS,
                                                   ps40, 3, NULL, &sh),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_create_shader_from_tokens(h.dev, sh_mem, sizeof sh_mem, AEROCMD_SHADER_DS,
                                                   ps40, 3, NULL, &sh),
             AEROCMD_E_NOT_IMPLEMENTED);
    h.dev_alloc.fail_at = h.dev_alloc.calls + 1u;
    CHECK_EQ(aerocmd_umd_create_shader_from_tokens(h.dev, sh_mem, sizeof sh_mem, AEROCMD_SHADER_PS,
                                                   ps40, 3, NULL, &sh),
             AEROCMD_E_OUT_OF_MEMORY);
    CHECK_EQ(h.dev_alloc.live_blocks, 0);
    el[0].input_register = AEROCMD_UMD_MAX_SIGNATURE_REGISTERS;
    el[0].dxgi_format = 2;
    CHECK_EQ(aerocmd_umd_create_input_layout_by_register(h.dev, il_mem, sizeof il_mem, el, 1, &il),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_create_input_layout_by_register(h.dev, il_mem, sizeof il_mem, el,
                                                         AEROCMD_UMD_MAX_INPUT_ELEMENTS + 1u, &il),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(
        aerocmd_umd_create_input_layout_by_register(h.dev, il_mem, sizeof il_mem, NULL, 1, &il),
        AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, 0); /* nothing was sent */
    harness_close(&h);
}

/* The DDI gives no component type: the integer system values are written as uint32 (1),
 * as the HLSL compiler declares SV_VertexID, SV_InstanceID, SV_IsFrontFace and the array
 * indices; everything else as float32 (3); a type given is kept. */
static void test_unknown_component_types(void)
{
    static const struct aerocmd_umd_signature_entry in[4] = {{0, 0x1, 6, 0, NULL, 0},
                                                             {1, 0x1, 8, 0, NULL, 0},
                                                             {2, 0xF, 0, 0, NULL, 0},
                                                             {3, 0x1, 0, 2, NULL, 0}};
    static const struct aerocmd_umd_signature_entry outs[2] = {{0, 0xF, 1, 0, NULL, 0},
                                                               {1, 0x1, 4, 0, NULL, 0}};
    static const uint32_t want_in[4] = {1, 1, 3, 2}, want_out[2] = {3, 1};
    struct aerocmd_umd_shader_signatures sigs = {in, 4, outs, 2};
    uint8_t c[512];
    uint32_t size = 0, i, isgn, osgn;
    CHECK_EQ(
        aerocmd_umd_dxbc_from_tokens(AEROCMD_SHADER_VS, vs40_tokens, 3, &sigs, c, sizeof c, &size),
        AEROCMD_OK);
    isgn = rd32(c + 32) + 8;
    osgn = rd32(c + 36) + 8;
    for (i = 0; i < 4; i++)
        CHECK_EQ(rd32(c + isgn + 8 + 24 * i + 12), want_in[i]);
    for (i = 0; i < 2; i++)
        CHECK_EQ(rd32(c + osgn + 8 + 24 * i + 12), want_out[i]);
}

int main(void)
{
    test_checksum_matches_compiler();
    test_rebuilds_compiler_containers();
    test_vs40_layout();
    test_pixel_names();
    test_unknown_component_types();
    test_token_refusals();
    test_create_from_tokens_and_layout();
    test_create_refusals();
    return check_finish();
}
