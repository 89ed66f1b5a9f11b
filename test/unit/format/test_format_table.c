/* SPDX-License-Identifier: MIT */
/* test_format_table.c — every DXGI_FORMAT value 0..132 at ABI minors 0..4: storage mapping,
 * sRGB/BC gating, vertex and index roles and the CheckFormatSupport mask; every
 * aerogpu_format row. Expectations are written out here from RULES.md and the format
 * decisions in format.h, not derived from the library's tables. */
#include <stddef.h>

#include "aerocmd/format.h"
#include "aerogpu_cmd.h"
#include "check.h"

#define ABI(minor)  ((1u << 16) | (minor))
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Support-mask building blocks, spelled with the D3D numbers themselves. */
#define S_TEX     (0x20u | 0x1000u)   /* TEXTURE2D | MIP */
#define S_LOCK    0x20000u            /* CPU_LOCKABLE */
#define S_READ    (0x100u | 0x200u)   /* SHADER_LOAD | SHADER_SAMPLE */
#define S_RT      (0x4000u | 0x8000u) /* RENDER_TARGET | BLENDABLE */
#define S_DISPLAY 0x80000u
#define S_DEPTH   0x10000u
#define S_VERTEX  (0x1u | 0x2u) /* BUFFER | IA_VERTEX_BUFFER */
#define S_INDEX   (0x1u | 0x4u) /* BUFFER | IA_INDEX_BUFFER */

struct texture_case {
    uint32_t dxgi;
    uint32_t stored;     /* from ABI 1.2 */
    uint32_t stored_old; /* below 1.2; 0 = refused with NOT_IMPLEMENTED */
    uint32_t support;    /* texture part of the mask from ABI 1.2 */
    uint32_t support_old;
};

static const struct texture_case texture_cases[] = {
    {27, AEROGPU_FORMAT_R8G8B8A8_UNORM, AEROGPU_FORMAT_R8G8B8A8_UNORM, S_TEX | S_LOCK,
     S_TEX | S_LOCK},
    {28, AEROGPU_FORMAT_R8G8B8A8_UNORM, AEROGPU_FORMAT_R8G8B8A8_UNORM,
     S_TEX | S_LOCK | S_READ | S_RT | S_DISPLAY, S_TEX | S_LOCK | S_READ | S_RT | S_DISPLAY},
    {29, AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB, AEROGPU_FORMAT_R8G8B8A8_UNORM,
     S_TEX | S_LOCK | S_READ | S_RT | S_DISPLAY, 0},
    {39, AEROGPU_FORMAT_D32_FLOAT, AEROGPU_FORMAT_D32_FLOAT, S_TEX, S_TEX},
    {40, AEROGPU_FORMAT_D32_FLOAT, AEROGPU_FORMAT_D32_FLOAT, S_TEX | S_DEPTH, S_TEX | S_DEPTH},
    {44, AEROGPU_FORMAT_D24_UNORM_S8_UINT, AEROGPU_FORMAT_D24_UNORM_S8_UINT, S_TEX, S_TEX},
    {45, AEROGPU_FORMAT_D24_UNORM_S8_UINT, AEROGPU_FORMAT_D24_UNORM_S8_UINT, S_TEX | S_DEPTH,
     S_TEX | S_DEPTH},
    {46, AEROGPU_FORMAT_D24_UNORM_S8_UINT, AEROGPU_FORMAT_D24_UNORM_S8_UINT, S_TEX | S_READ,
     S_TEX | S_READ},
    {70, AEROGPU_FORMAT_BC1_RGBA_UNORM, 0, S_TEX | S_LOCK, 0},
    {71, AEROGPU_FORMAT_BC1_RGBA_UNORM, 0, S_TEX | S_LOCK | S_READ, 0},
    {72, AEROGPU_FORMAT_BC1_RGBA_UNORM_SRGB, 0, S_TEX | S_LOCK | S_READ, 0},
    {73, AEROGPU_FORMAT_BC2_RGBA_UNORM, 0, S_TEX | S_LOCK, 0},
    {74, AEROGPU_FORMAT_BC2_RGBA_UNORM, 0, S_TEX | S_LOCK | S_READ, 0},
    {75, AEROGPU_FORMAT_BC2_RGBA_UNORM_SRGB, 0, S_TEX | S_LOCK | S_READ, 0},
    {76, AEROGPU_FORMAT_BC3_RGBA_UNORM, 0, S_TEX | S_LOCK, 0},
    {77, AEROGPU_FORMAT_BC3_RGBA_UNORM, 0, S_TEX | S_LOCK | S_READ, 0},
    {78, AEROGPU_FORMAT_BC3_RGBA_UNORM_SRGB, 0, S_TEX | S_LOCK | S_READ, 0},
    {85, AEROGPU_FORMAT_B5G6R5_UNORM, AEROGPU_FORMAT_B5G6R5_UNORM, S_TEX | S_LOCK | S_READ | S_RT,
     S_TEX | S_LOCK | S_READ | S_RT},
    {86, AEROGPU_FORMAT_B5G5R5A1_UNORM, AEROGPU_FORMAT_B5G5R5A1_UNORM,
     S_TEX | S_LOCK | S_READ | S_RT, S_TEX | S_LOCK | S_READ | S_RT},
    {87, AEROGPU_FORMAT_B8G8R8A8_UNORM, AEROGPU_FORMAT_B8G8R8A8_UNORM,
     S_TEX | S_LOCK | S_READ | S_RT | S_DISPLAY, S_TEX | S_LOCK | S_READ | S_RT | S_DISPLAY},
    {88, AEROGPU_FORMAT_B8G8R8X8_UNORM, AEROGPU_FORMAT_B8G8R8X8_UNORM,
     S_TEX | S_LOCK | S_READ | S_RT, S_TEX | S_LOCK | S_READ | S_RT},
    {90, AEROGPU_FORMAT_B8G8R8A8_UNORM, AEROGPU_FORMAT_B8G8R8A8_UNORM, S_TEX | S_LOCK,
     S_TEX | S_LOCK},
    {91, AEROGPU_FORMAT_B8G8R8A8_UNORM_SRGB, AEROGPU_FORMAT_B8G8R8A8_UNORM,
     S_TEX | S_LOCK | S_READ | S_RT | S_DISPLAY, 0},
    {92, AEROGPU_FORMAT_B8G8R8X8_UNORM, AEROGPU_FORMAT_B8G8R8X8_UNORM, S_TEX | S_LOCK,
     S_TEX | S_LOCK},
    {93, AEROGPU_FORMAT_B8G8R8X8_UNORM_SRGB, AEROGPU_FORMAT_B8G8R8X8_UNORM,
     S_TEX | S_LOCK | S_READ | S_RT, 0},
    {97, AEROGPU_FORMAT_BC7_RGBA_UNORM, 0, S_TEX | S_LOCK, 0},
    {98, AEROGPU_FORMAT_BC7_RGBA_UNORM, 0, S_TEX | S_LOCK | S_READ, 0},
    {99, AEROGPU_FORMAT_BC7_RGBA_UNORM_SRGB, 0, S_TEX | S_LOCK | S_READ, 0},
};

struct vertex_case {
    uint32_t dxgi;
    uint32_t bytes;
};

/* Input-layout formats (format.h's list) with their element sizes. */
static const struct vertex_case vertex_cases[] = {
    {2, 16}, {3, 16}, {4, 16}, {6, 12}, {7, 12}, {8, 12}, {10, 8}, {11, 8}, {12, 8},
    {13, 8}, {14, 8}, {16, 8}, {17, 8}, {18, 8}, {24, 4}, {28, 4}, {30, 4}, {31, 4},
    {32, 4}, {34, 4}, {35, 4}, {36, 4}, {37, 4}, {38, 4}, {41, 4}, {42, 4}, {43, 4},
    {49, 2}, {50, 2}, {51, 2}, {52, 2}, {54, 2}, {56, 2}, {57, 2}, {58, 2}, {59, 2},
    {61, 1}, {62, 1}, {63, 1}, {64, 1}, {87, 4},
};

static int is_assigned(uint32_t dxgi)
{
    return dxgi >= 1 && dxgi <= 132 && !(dxgi >= 116 && dxgi <= 129);
}

static const struct texture_case *find_texture_case(uint32_t dxgi)
{
    size_t i;
    for (i = 0; i < COUNT_OF(texture_cases); i++)
        if (texture_cases[i].dxgi == dxgi)
            return &texture_cases[i];
    return NULL;
}

static uint32_t expected_vertex_bytes(uint32_t dxgi)
{
    size_t i;
    for (i = 0; i < COUNT_OF(vertex_cases); i++)
        if (vertex_cases[i].dxgi == dxgi)
            return vertex_cases[i].bytes;
    return 0;
}

static uint32_t expected_support(uint32_t dxgi, uint32_t minor)
{
    const struct texture_case *tc = find_texture_case(dxgi);
    uint32_t bits = expected_vertex_bytes(dxgi) ? S_VERTEX : 0;
    if (dxgi == 42 || dxgi == 57)
        bits |= S_INDEX;
    if (tc)
        bits |= minor >= 2 ? tc->support : tc->support_old;
    return bits;
}

static void check_texture_mapping(uint32_t dxgi, uint32_t minor)
{
    const struct texture_case *tc = find_texture_case(dxgi);
    uint32_t got = 0xDEADu, want;
    aerocmd_result r = aerocmd_dxgi_texture_format(dxgi, ABI(minor), &got);
    if (!is_assigned(dxgi)) {
        CHECK_EQ(r, AEROCMD_E_INVALID_ARG);
        CHECK(aerocmd_dxgi_info(dxgi) == NULL);
        return;
    }
    CHECK(aerocmd_dxgi_info(dxgi) != NULL);
    want = tc ? (minor >= 2 ? tc->stored : tc->stored_old) : 0;
    if (!want) {
        if (!check_report(r == AEROCMD_E_NOT_IMPLEMENTED, __FILE__, __LINE__, "refused"))
            fprintf(stderr, "    dxgi %u minor %u -> %d\n", dxgi, minor, (int)r);
        return;
    }
    if (!check_report(r == AEROCMD_OK && got == want, __FILE__, __LINE__, "stored format"))
        fprintf(stderr, "    dxgi %u minor %u -> %d fmt %u want %u\n", dxgi, minor, (int)r, got,
                want);
}

static void check_buffer_roles(uint32_t dxgi)
{
    uint32_t bytes = 0xDEADu, index = 0xDEADu;
    uint32_t want_bytes = expected_vertex_bytes(dxgi);
    aerocmd_result r = aerocmd_dxgi_vertex_format(dxgi, &bytes);
    if (!is_assigned(dxgi))
        CHECK_EQ(r, AEROCMD_E_INVALID_ARG);
    else if (!want_bytes)
        CHECK_EQ(r, AEROCMD_E_NOT_IMPLEMENTED);
    else
        CHECK(r == AEROCMD_OK && bytes == want_bytes);
    r = aerocmd_dxgi_index_format(dxgi, &index);
    if (dxgi == 57)
        CHECK(r == AEROCMD_OK && index == AEROGPU_INDEX_FORMAT_UINT16);
    else if (dxgi == 42)
        CHECK(r == AEROCMD_OK && index == AEROGPU_INDEX_FORMAT_UINT32);
    else
        CHECK_EQ(r, AEROCMD_E_INVALID_ARG);
}

static void test_every_dxgi_format(void)
{
    uint32_t dxgi, minor, got, want;
    for (dxgi = 0; dxgi <= 135; dxgi++) {
        check_buffer_roles(dxgi);
        for (minor = 0; minor <= 4; minor++) {
            check_texture_mapping(dxgi, minor);
            got = aerocmd_dxgi_format_support(dxgi, ABI(minor));
            want = is_assigned(dxgi) ? expected_support(dxgi, minor) : 0;
            if (!check_report(got == want, __FILE__, __LINE__, "format support"))
                fprintf(stderr, "    dxgi %u minor %u: 0x%x want 0x%x\n", dxgi, minor, got, want);
        }
    }
    CHECK_EQ(aerocmd_dxgi_format_support(0xFFFFFFFFu, ABI(4)), 0);
    CHECK(aerocmd_dxgi_info(0xFFFFFFFFu) == NULL);
}

struct aerogpu_row {
    uint32_t format, bytes, block, depth, stencil, srgb, twin, min_minor, caps;
};

#define RT AEROCMD_FORMAT_CAP_RENDER_TARGET
#define DT AEROCMD_FORMAT_CAP_DEPTH_TARGET
#define SR AEROCMD_FORMAT_CAP_SHADER_RESOURCE
#define WB AEROCMD_FORMAT_CAP_COPY_WRITEBACK
#define BL AEROCMD_FORMAT_CAP_BLENDABLE
#define DI AEROCMD_FORMAT_CAP_DISPLAY

static const struct aerogpu_row aerogpu_rows[] = {
    {1, 4, 1, 0, 0, 0, 1, 0, RT | SR | WB | BL | DI},
    {2, 4, 1, 0, 0, 0, 2, 0, RT | SR | WB | BL},
    {3, 4, 1, 0, 0, 0, 3, 0, RT | SR | WB | BL | DI},
    {4, 4, 1, 0, 0, 0, 4, 0, RT | SR | WB | BL},
    {5, 2, 1, 0, 0, 0, 5, 0, RT | SR | WB | BL},
    {6, 2, 1, 0, 0, 0, 6, 0, RT | SR | WB | BL},
    {7, 4, 1, 0, 0, 1, 1, 2, RT | SR | WB | BL | DI},
    {8, 4, 1, 0, 0, 1, 2, 2, RT | SR | WB | BL},
    {9, 4, 1, 0, 0, 1, 3, 2, RT | SR | WB | BL | DI},
    {10, 4, 1, 0, 0, 1, 4, 2, RT | SR | WB | BL},
    {32, 4, 1, 24, 8, 0, 32, 0, DT | SR},
    {33, 4, 1, 32, 0, 0, 33, 0, DT | SR},
    {64, 8, 4, 0, 0, 0, 64, 2, SR | WB},
    {65, 8, 4, 0, 0, 1, 64, 2, SR | WB},
    {66, 16, 4, 0, 0, 0, 66, 2, SR | WB},
    {67, 16, 4, 0, 0, 1, 66, 2, SR | WB},
    {68, 16, 4, 0, 0, 0, 68, 2, SR | WB},
    {69, 16, 4, 0, 0, 1, 68, 2, SR | WB},
    {70, 16, 4, 0, 0, 0, 70, 2, SR | WB},
    {71, 16, 4, 0, 0, 1, 70, 2, SR | WB},
};

static const struct aerogpu_row *find_aerogpu_row(uint32_t format)
{
    size_t i;
    for (i = 0; i < COUNT_OF(aerogpu_rows); i++)
        if (aerogpu_rows[i].format == format)
            return &aerogpu_rows[i];
    return NULL;
}

static void check_aerogpu_row(const struct aerogpu_row *want)
{
    const struct aerocmd_format_info *got = aerocmd_format_info(want->format);
    if (!check_report(got != NULL, __FILE__, __LINE__, "aerogpu row exists"))
        return;
    CHECK_EQ(got->format, want->format);
    CHECK_EQ(got->block_bytes, want->bytes);
    CHECK_EQ(got->block_width, want->block);
    CHECK_EQ(got->block_height, want->block);
    CHECK_EQ(got->depth_bits, want->depth);
    CHECK_EQ(got->stencil_bits, want->stencil);
    CHECK_EQ(got->is_srgb, want->srgb);
    CHECK_EQ(got->unorm_twin, want->twin);
    CHECK_EQ(got->min_abi_minor, want->min_minor);
    CHECK_EQ(got->caps, want->caps);
}

/* sRGB below 1.2 -> twin; BC below 1.2 -> NOT_IMPLEMENTED; everything else itself. */
static void check_abi_gate(const struct aerogpu_row *row, uint32_t minor)
{
    uint32_t got = 0xDEADu;
    aerocmd_result r = aerocmd_format_for_abi(row->format, ABI(minor), &got);
    if (minor >= row->min_minor)
        CHECK(r == AEROCMD_OK && got == row->format);
    else if (row->block == 4)
        CHECK_EQ(r, AEROCMD_E_NOT_IMPLEMENTED);
    else
        CHECK(r == AEROCMD_OK && got == row->twin);
}

static void test_aerogpu_rows(void)
{
    uint32_t value, minor, out;
    const struct aerogpu_row *row;
    for (value = 0; value < 80; value++) {
        row = find_aerogpu_row(value);
        if (!row) {
            CHECK(aerocmd_format_info(value) == NULL);
            CHECK_EQ(aerocmd_format_for_abi(value, ABI(4), &out), AEROCMD_E_INVALID_ARG);
            continue;
        }
        check_aerogpu_row(row);
        for (minor = 0; minor <= 4; minor++)
            check_abi_gate(row, minor);
    }
    CHECK(aerocmd_format_info(0xFFFFFFFFu) == NULL);
    /* the major is not looked at: a 2.4 device gates like 1.4 */
    CHECK(aerocmd_format_for_abi(65, (2u << 16) | 4u, &out) == AEROCMD_OK && out == 65);
}

int main(void)
{
    test_every_dxgi_format();
    test_aerogpu_rows();
    return check_finish();
}
