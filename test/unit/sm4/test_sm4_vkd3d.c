/* SPDX-License-Identifier: MIT */
/* SM4 builder: every program the tests build and every scene shader, wrapped with its
 * signatures, is accepted by vkd3d-shader (DXBC -> SPIR-V); a container with a corrupted checksum
 * or a damaged token stream is rejected. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "shaders/dxbc_check.h"
#include "shaders/scene_shaders.h"
#include "sm4_programs.h"

#define CAP 256u

/* The container the DDI path makes of a scene shader: same tokens, signatures without names
 * or component types (the DDI has neither; umd_dxbc.h synthesizes the names). */
static uint32_t ddi_container(enum scene_shader_id id, uint8_t *out, uint32_t cap)
{
    struct scene_shader sh;
    struct aerocmd_umd_signature_entry in[SCENE_MAX_SIG], outs[SCENE_MAX_SIG];
    struct aerocmd_umd_shader_signatures sigs;
    uint32_t i, size = 0;
    if (!CHECK(scene_shader_build(id, &sh)))
        return 0;
    sigs = sh.sigs;
    for (i = 0; i < sigs.input_count; i++) {
        in[i] = sigs.inputs[i];
        in[i].semantic_name = NULL;
        in[i].component_type = 0;
    }
    for (i = 0; i < sigs.output_count; i++) {
        outs[i] = sigs.outputs[i];
        outs[i].semantic_name = NULL;
        outs[i].component_type = 0;
    }
    sigs.inputs = in;
    sigs.outputs = outs;
    if (!CHECK_EQ(aerocmd_umd_dxbc_from_tokens(sh.kind, sh.tokens, sh.token_count, &sigs, out, cap,
                                               &size),
                  AEROCMD_OK))
        return 0;
    return size;
}

static uint32_t container(const struct program *p, uint8_t *out, uint32_t cap)
{
    struct aerocmd_sm4_builder b;
    uint32_t tokens[CAP], size = 0;
    if (!CHECK_EQ(program_build(p, tokens, CAP, &b), AEROCMD_OK) ||
        !CHECK_EQ(aerocmd_sm4_dxbc(&b, &p->sigs, out, cap, &size), AEROCMD_OK))
        return 0;
    return size;
}

int main(void)
{
    static uint8_t c[4096];
    uint32_t i, size;
    for (i = 0; i < PROGRAM_COUNT; i++) {
        size = container(&programs[i], c, sizeof c);
        if (!CHECK(size > 0 && dxbc_ok(c, size, programs[i].name)))
            fprintf(stderr, "    program %s\n", programs[i].name);
    }
    /* The shaders of the test scenes (umd goldens, Wine scenarios, fault scenes). */
    for (i = 0; i < SCENE_SHADER_COUNT; i++) {
        size = scene_shader_dxbc((enum scene_shader_id)i, c, sizeof c);
        if (!CHECK(size > 0 && dxbc_ok(c, size, "scene shader")))
            fprintf(stderr, "    scene shader %u\n", i);
        size = ddi_container((enum scene_shader_id)i, c, sizeof c);
        if (!CHECK(size > 0 && dxbc_ok(c, size, "scene shader, DDI signatures")))
            fprintf(stderr, "    scene shader %u\n", i);
    }
    /* A corrupted checksum is rejected (bit 0 of its first byte flipped). */
    size = container(&programs[0], c, sizeof c);
    c[4] ^= 1u;
    CHECK(!dxbc_ok(c, size, "corrupted checksum (expected to fail)"));
    /* A token stream whose length token is past the chunk, with a valid checksum. */
    size = container(&programs[1], c, sizeof c);
    {
        uint32_t shdr, len;
        memcpy(&shdr, c + 40, 4);
        memcpy(&len, c + shdr + 12, 4);
        len += 8;
        memcpy(c + shdr + 12, &len, 4);
        CHECK_EQ(aerocmd_umd_dxbc_checksum(c, size, c + 4), AEROCMD_OK);
        CHECK(!dxbc_ok(c, size, "length past the chunk (expected to fail)"));
    }
    return check_finish();
}
