/* SPDX-License-Identifier: MIT */
/* test_decode_shader_rules.c — CREATE_SHADER_DXBC's payload must be a sound DXBC container
 * (RULES.md: "payload = dxbc_size_bytes bytes of DXBC") whose program runs in the stage the
 * packet names: VERTEX 0 holds a vertex program (DXBC program type 1), PIXEL 1 a pixel
 * program (0), GEOMETRY 3 a geometry program (2), COMPUTE 2 a compute program (5) or, from
 * ABI 1.3, the program its stage_ex names (GEOMETRY 2, HULL 3, DOMAIN 4, COMPUTE 5, the
 * DXBC numbering). Each row names the reason, offset and opcode the validator must report.
 * Container word indices: 1..4 checksum, 7 chunk count, 8 the one chunk offset, 11 the
 * version token (program type in bits 16..31), 13 the program's "ret". */
#include <stdio.h>

#include "aerocmd/decode.h"
#include "check.h"
#include "shaders/min_dxbc.h"
#include "stream_builder.h"

/* The shader follows a 24-byte header and a leading 24-byte DRAW. */
#define AT 48u

static void start(struct sb *sb, uint32_t minor)
{
    sb_begin(sb, minor);
    sb_draw(sb);
}

static void add_bytes(struct sb *sb, uint32_t stage, uint32_t reserved0, const void *dxbc,
                      uint32_t size)
{
    struct aerogpu_cmd_create_shader_dxbc s;
    memset(&s, 0, sizeof s);
    s.shader_handle = 5;
    s.stage = stage;
    s.dxbc_size_bytes = size;
    s.reserved0 = reserved0;
    sb_packet(sb, AEROGPU_CMD_CREATE_SHADER_DXBC, &s, (uint32_t)sizeof s);
    sb_bytes(sb, dxbc, size);
}

static void add_program(struct sb *sb, uint32_t stage, uint32_t reserved0, uint32_t program)
{
    uint8_t dxbc[MIN_DXBC_BYTES];
    min_dxbc(dxbc, program);
    add_bytes(sb, stage, reserved0, dxbc, sizeof dxbc);
}

/* A vertex program's container with word `index` set to `value`; the checksum is made
 * right again when `resum`, so that only the broken word is wrong. */
static void add_broken(struct sb *sb, uint32_t index, uint32_t value, int resum)
{
    uint8_t dxbc[MIN_DXBC_BYTES];
    min_dxbc(dxbc, AEROCMD_DXBC_VERTEX);
    memcpy(dxbc + 4u * index, &value, 4);
    if (resum)
        aerocmd_dxbc_checksum(dxbc, sizeof dxbc, dxbc + 4);
    start(sb, 4);
    add_bytes(sb, AEROGPU_SHADER_STAGE_VERTEX, 0, dxbc, sizeof dxbc);
}

static void checksum_zeroed(struct sb *sb)
{
    add_broken(sb, 1, 0, 0);
}
static void code_changed(struct sb *sb)
{
    add_broken(sb, 13, 0x01000036u, 0); /* ret -> mov, the checksum left as it was */
}
static void chunk_count_huge(struct sb *sb)
{
    add_broken(sb, 7, 0xFFFFFFFFu, 1);
}
static void chunk_offset_huge(struct sb *sb)
{
    add_broken(sb, 8, 0x7FFFFFF0u, 1);
}
static void program_type_7(struct sb *sb)
{
    add_broken(sb, 11, 0x00070040u, 1);
}
static void container_version_2(struct sb *sb)
{
    add_broken(sb, 5, 2u, 1);
}
static void random_bytes(struct sb *sb)
{
    uint8_t bytes[MIN_DXBC_BYTES];
    uint32_t i;
    for (i = 0; i < sizeof bytes; i++)
        bytes[i] = (uint8_t)(i * 37u + 11u);
    start(sb, 4);
    add_bytes(sb, AEROGPU_SHADER_STAGE_VERTEX, 0, bytes, sizeof bytes);
}
static void magic_only(struct sb *sb)
{
    start(sb, 4);
    add_bytes(sb, AEROGPU_SHADER_STAGE_VERTEX, 0, "DXBC", 4);
}
static void empty_payload(struct sb *sb)
{
    start(sb, 4);
    add_bytes(sb, AEROGPU_SHADER_STAGE_PIXEL, 0, "", 0);
}

#define PROGRAM_CASE(name, minor, stage, stage_ex, program)                                        \
    static void name(struct sb *sb)                                                                \
    {                                                                                              \
        start(sb, minor);                                                                          \
        add_program(sb, AEROGPU_SHADER_STAGE_##stage, stage_ex, AEROCMD_DXBC_##program);           \
    }
PROGRAM_CASE(vertex_as_pixel, 4, PIXEL, 0, VERTEX)
PROGRAM_CASE(pixel_as_vertex, 4, VERTEX, 0, PIXEL)
PROGRAM_CASE(compute_as_geometry, 4, GEOMETRY, 0, COMPUTE)
PROGRAM_CASE(hull_as_compute, 4, COMPUTE, 0, HULL)
PROGRAM_CASE(domain_as_hull, 4, COMPUTE, AEROGPU_SHADER_STAGE_EX_HULL, DOMAIN)
/* below ABI 1.3 reserved0 means nothing: the stage is compute */
PROGRAM_CASE(hull_stage_ex_in_1_2, 2, COMPUTE, AEROGPU_SHADER_STAGE_EX_HULL, HULL)
PROGRAM_CASE(vertex, 4, VERTEX, 0, VERTEX)
PROGRAM_CASE(pixel, 4, PIXEL, 0, PIXEL)
PROGRAM_CASE(geometry, 4, GEOMETRY, 0, GEOMETRY)
PROGRAM_CASE(compute, 4, COMPUTE, 0, COMPUTE)
PROGRAM_CASE(geometry_by_stage_ex, 3, COMPUTE, AEROGPU_SHADER_STAGE_EX_GEOMETRY, GEOMETRY)
PROGRAM_CASE(hull_by_stage_ex, 3, COMPUTE, AEROGPU_SHADER_STAGE_EX_HULL, HULL)
PROGRAM_CASE(domain_by_stage_ex, 4, COMPUTE, AEROGPU_SHADER_STAGE_EX_DOMAIN, DOMAIN)
PROGRAM_CASE(compute_by_stage_ex, 4, COMPUTE, AEROGPU_SHADER_STAGE_EX_COMPUTE, COMPUTE)
PROGRAM_CASE(compute_in_1_2, 2, COMPUTE, AEROGPU_SHADER_STAGE_EX_HULL, COMPUTE)

struct shader_case {
    const char *name;
    void (*build)(struct sb *sb);
    aerocmd_reason reason; /* AEROCMD_R_NONE: the stream is valid */
};

#define R(name) AEROCMD_R_##name
#define OK(name)                                                                                   \
    {                                                                                              \
#name, name, R(NONE)                                                                       \
    }

static const struct shader_case cases[] = {
    {"checksum zeroed", checksum_zeroed, R(DXBC_CHECKSUM)},
    {"code changed after the checksum", code_changed, R(DXBC_CHECKSUM)},
    {"2^32-1 chunks", chunk_count_huge, R(DXBC_CONTAINER)},
    {"chunk at 0x7FFFFFF0", chunk_offset_huge, R(DXBC_CONTAINER)},
    {"program type 7", program_type_7, R(DXBC_CONTAINER)},
    {"container version 2", container_version_2, R(DXBC_CONTAINER)},
    {"random bytes", random_bytes, R(DXBC_CONTAINER)},
    {"4 bytes", magic_only, R(DXBC_CONTAINER)},
    {"no bytes", empty_payload, R(DXBC_CONTAINER)},
    {"vertex program as pixel shader", vertex_as_pixel, R(SHADER_STAGE)},
    {"pixel program as vertex shader", pixel_as_vertex, R(SHADER_STAGE)},
    {"compute program as geometry shader", compute_as_geometry, R(SHADER_STAGE)},
    {"hull program as compute shader", hull_as_compute, R(SHADER_STAGE)},
    {"domain program as hull shader", domain_as_hull, R(SHADER_STAGE)},
    {"hull stage_ex in ABI 1.2", hull_stage_ex_in_1_2, R(SHADER_STAGE)},
    OK(vertex),
    OK(pixel),
    OK(geometry),
    OK(compute),
    OK(geometry_by_stage_ex),
    OK(hull_by_stage_ex),
    OK(domain_by_stage_ex),
    OK(compute_by_stage_ex),
    OK(compute_in_1_2),
};

static void run_case(const struct shader_case *c)
{
    static struct sb sb;
    struct aerocmd_diag diag = {AEROCMD_R_COUNT_, 0xFFFFFFFFu, 0xFFFFFFFFu};
    int malformed = c->reason != AEROCMD_R_NONE;
    unsigned failed_before = check_failed_count;
    aerocmd_result result;
    c->build(&sb);
    result = aerocmd_validate_stream(sb.bytes, sb.len, &diag);
    CHECK_EQ(result, malformed ? AEROCMD_E_MALFORMED : AEROCMD_OK);
    CHECK_EQ(diag.reason, c->reason);
    CHECK_EQ(diag.offset, malformed ? AT : 0u);
    CHECK_EQ(diag.opcode, malformed ? AEROGPU_CMD_CREATE_SHADER_DXBC : 0u);
    if (check_failed_count != failed_before)
        fprintf(stderr, "    in case \"%s\" (got %s)\n", c->name, aerocmd_reason_name(diag.reason));
}

int main(void)
{
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
    return check_finish();
}
