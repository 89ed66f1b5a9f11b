/* SPDX-License-Identifier: MIT */
/* test_layout.c — texture layout against hand-computed numbers and against the slow
 * reference model in layout_reference.h: odd sizes, BC sizes that are not multiples of 4,
 * full chains, arrays, padded mip-0 pitch, and the 32-bit limits. */
#include <stdlib.h>

#include "aerocmd/layout.h"
#include "check.h"
#include "layout_reference.h"

#define MAX_SUBS 512

static const uint32_t all_formats[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                       32, 33, 64, 65, 66, 67, 68, 69, 70, 71};
#define FORMAT_COUNT (sizeof(all_formats) / sizeof(all_formats[0]))

static struct aerocmd_texture_layout_desc make_desc(uint32_t format, uint32_t w, uint32_t h,
                                                    uint32_t mips, uint32_t layers, uint32_t pitch)
{
    struct aerocmd_texture_layout_desc d;
    d.format = format;
    d.width = w;
    d.height = h;
    d.mip_levels = mips;
    d.array_layers = layers;
    d.row_pitch_bytes = pitch;
    return d;
}

static int same_sub(const struct aerocmd_subresource_layout *got, const struct ref_sub *want,
                    uint32_t mip, uint32_t layer)
{
    return got->mip_level == mip && got->array_layer == layer && got->width == want->width &&
           got->height == want->height && got->row_bytes == want->row_bytes &&
           got->row_pitch_bytes == want->pitch && got->rows == want->rows &&
           got->offset_bytes == want->offset && got->size_bytes == want->size;
}

/* Every query form agrees with the reference, subresource by subresource. */
static void compare_with_reference(const struct aerocmd_texture_layout_desc *d)
{
    static struct ref_sub want[MAX_SUBS];
    static struct aerocmd_subresource_layout all[MAX_SUBS];
    struct aerocmd_subresource_layout one;
    struct aerocmd_texture_layout layout;
    enum aerocmd_layout_fault fault = AEROCMD_LAYOUT_FAULT_BOX;
    uint64_t total = ref_layout(d->format, d->width, d->height, d->mip_levels, d->array_layers,
                                d->row_pitch_bytes, want);
    uint32_t mips = d->mip_levels ? d->mip_levels : ref_full_chain(d->width, d->height);
    uint32_t i, count = mips * d->array_layers;
    int ok;
    if (!CHECK_EQ(aerocmd_texture_subresources(d, all, MAX_SUBS, &layout, &fault), AEROCMD_OK))
        return;
    CHECK_EQ(fault, AEROCMD_LAYOUT_FAULT_NONE);
    CHECK_EQ(layout.total_bytes, total);
    CHECK_EQ(layout.mip_levels, mips);
    CHECK_EQ(layout.subresource_count, count);
    CHECK_EQ(layout.layer_stride_bytes, total / d->array_layers);
    for (i = 0; i < count; i++) {
        ok = same_sub(&all[i], &want[i], i % mips, i / mips);
        ok = ok && aerocmd_texture_subresource(d, i, &one, NULL) == AEROCMD_OK &&
             same_sub(&one, &want[i], i % mips, i / mips);
        if (!check_report(ok, __FILE__, __LINE__, "subresource matches reference"))
            fprintf(stderr, "    format %u %ux%u mips %u layers %u pitch %u: sub %u\n", d->format,
                    d->width, d->height, d->mip_levels, d->array_layers, d->row_pitch_bytes, i);
    }
    CHECK_EQ(aerocmd_texture_subresource(d, count, &one, &fault), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault, AEROCMD_LAYOUT_FAULT_SUBRESOURCE);
}

static void expect_sub(const struct aerocmd_texture_layout_desc *d, uint32_t index, uint32_t offset,
                       uint32_t pitch, uint32_t rows, uint32_t size)
{
    struct aerocmd_subresource_layout s;
    if (!CHECK_EQ(aerocmd_texture_subresource(d, index, &s, NULL), AEROCMD_OK))
        return;
    CHECK_EQ(s.offset_bytes, offset);
    CHECK_EQ(s.row_pitch_bytes, pitch);
    CHECK_EQ(s.rows, rows);
    CHECK_EQ(s.size_bytes, size);
}

static uint32_t total_of(const struct aerocmd_texture_layout_desc *d)
{
    struct aerocmd_texture_layout layout;
    if (!CHECK_EQ(aerocmd_texture_layout(d, &layout, NULL), AEROCMD_OK))
        return 0;
    return layout.total_bytes;
}

/* Numbers worked out by hand from RULES.md. */
static void test_hand_computed(void)
{
    struct aerocmd_texture_layout_desc d = make_desc(3, 3, 5, 0, 1, 0); /* RGBA8 3x5 */
    expect_sub(&d, 0, 0, 12, 5, 60);
    expect_sub(&d, 1, 60, 4, 2, 8); /* 1x2 */
    expect_sub(&d, 2, 68, 4, 1, 4); /* 1x1 */
    CHECK_EQ(total_of(&d), 72);
    d.row_pitch_bytes = 64; /* padding only on mip 0 */
    expect_sub(&d, 0, 0, 64, 5, 320);
    expect_sub(&d, 1, 320, 4, 2, 8);
    CHECK_EQ(total_of(&d), 332);
    d = make_desc(64, 5, 7, 0, 2, 0); /* BC1 5x7, 2 layers: 2x2 blocks, then 1, then 1 */
    expect_sub(&d, 0, 0, 16, 2, 32);
    expect_sub(&d, 1, 32, 8, 1, 8);
    expect_sub(&d, 2, 40, 8, 1, 8);
    expect_sub(&d, 3, 48, 16, 2, 32); /* layer 1 starts after layer 0's last mip */
    CHECK_EQ(total_of(&d), 96);
    d = make_desc(70, 13, 9, 2, 1, 0); /* BC7 13x9: 4x3 blocks, then 6x4 -> 2x1 blocks */
    expect_sub(&d, 0, 0, 64, 3, 192);
    expect_sub(&d, 1, 192, 32, 1, 32);
    d = make_desc(1, 1, 1, 0, 1, 0);
    expect_sub(&d, 0, 0, 4, 1, 4);
    d = make_desc(3, 4, 4, 40, 1, 0); /* past the full chain: extra 1x1 levels */
    CHECK_EQ(total_of(&d), 64 + 16 + 4 + 37 * 4);
    expect_sub(&d, 39, 64 + 16 + 4 + 36 * 4, 4, 1, 4);
    CHECK_EQ(aerocmd_full_mip_count(1, 1), 1);
    CHECK_EQ(aerocmd_full_mip_count(3, 5), 3);
    CHECK_EQ(aerocmd_full_mip_count(640, 480), 10);
    CHECK_EQ(aerocmd_full_mip_count(0xFFFFFFFFu, 1), 32);
}

static void test_fixed_shapes(void)
{
    static const uint32_t shapes[][5] = {
        /* w, h, mips, layers, extra pitch */
        {1, 1, 0, 1, 0},   {3, 5, 0, 1, 0},    {3, 5, 1, 1, 7},     {5, 3, 2, 3, 0},
        {7, 7, 0, 1, 0},   {1, 1024, 0, 1, 0}, {256, 256, 0, 1, 0}, {640, 480, 0, 2, 0},
        {64, 32, 3, 6, 0}, {13, 9, 0, 4, 100}, {2, 2, 0, 1, 1},     {4, 4, 9, 2, 0},
        {33, 1, 0, 1, 3},  {1000, 3, 0, 1, 0}, {9, 17, 5, 5, 12},
    };
    size_t s, f;
    uint32_t tight;
    for (s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        for (f = 0; f < FORMAT_COUNT; f++) {
            struct ref_format rf = ref_format_of(all_formats[f]);
            tight = (uint32_t)ref_blocks(shapes[s][0], rf.block) * rf.bytes;
            struct aerocmd_texture_layout_desc d =
                make_desc(all_formats[f], shapes[s][0], shapes[s][1], shapes[s][2], shapes[s][3],
                          shapes[s][4] ? tight + shapes[s][4] : 0);
            compare_with_reference(&d);
        }
    }
}

static uint32_t lcg_state = 12345u;
static uint32_t next_random(uint32_t bound)
{
    lcg_state = lcg_state * 1103515245u + 12345u;
    return (lcg_state >> 8) % bound;
}

static void test_random_shapes(void)
{
    int n;
    for (n = 0; n < 3000; n++) {
        uint32_t format = all_formats[next_random(FORMAT_COUNT)];
        uint32_t w = 1 + next_random(next_random(4) ? 40 : 700);
        uint32_t h = 1 + next_random(next_random(4) ? 40 : 700);
        uint32_t full = ref_full_chain(w, h);
        uint32_t mips = next_random(full + 3);
        uint32_t layers = 1 + next_random(5);
        struct ref_format rf = ref_format_of(format);
        uint32_t tight = (uint32_t)ref_blocks(w, rf.block) * rf.bytes;
        uint32_t pitch = next_random(3) ? 0 : tight + next_random(64);
        struct aerocmd_texture_layout_desc d = make_desc(format, w, h, mips, layers, pitch);
        if ((mips ? mips : full) * layers <= MAX_SUBS)
            compare_with_reference(&d);
    }
}

static void expect_fault(const struct aerocmd_texture_layout_desc *d,
                         enum aerocmd_layout_fault want)
{
    struct aerocmd_texture_layout layout;
    struct aerocmd_subresource_layout sub;
    enum aerocmd_layout_fault fault = AEROCMD_LAYOUT_FAULT_NONE;
    CHECK_EQ(aerocmd_texture_layout(d, &layout, &fault), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault, want);
    fault = AEROCMD_LAYOUT_FAULT_NONE;
    CHECK_EQ(aerocmd_texture_subresource(d, 0, &sub, &fault), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault, want);
}

static void test_32bit_limits(void)
{
    struct aerocmd_texture_layout_desc d = make_desc(3, 16384, 16384, 1, 3, 0);
    CHECK_EQ(total_of(&d), 3u * 1024u * 1024u * 1024u);
    CHECK_EQ(ref_layout(3, 16384, 16384, 1, 4, 0, NULL), 0x100000000ull);
    d.array_layers = 4; /* exactly 4 GiB: one byte too many */
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_TOO_LARGE);
    d = make_desc(3, 65536, 65536, 1, 1, 0);
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_TOO_LARGE);
    d = make_desc(5, 1, 1, 1, 1, 0xFFFFFFFFu); /* the largest total that fits */
    CHECK_EQ(total_of(&d), 0xFFFFFFFFu);
    d.array_layers = 2;
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_TOO_LARGE);
    d = make_desc(5, 1, 2, 1, 1, 0xFFFFFFFFu);
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_TOO_LARGE);
    d = make_desc(3, 0x3FFFFFFFu, 1, 1, 1, 0); /* pitch 0xFFFFFFFC fits */
    CHECK_EQ(total_of(&d), 0xFFFFFFFCu);
    d.mip_levels = 2; /* the second mip pushes it over */
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_TOO_LARGE);
    d = make_desc(3, 0x40000000u, 1, 1, 1, 0); /* tight pitch is 2^32 */
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_TOO_LARGE);
    d = make_desc(64, 0xFFFFFFFFu, 4, 1, 1, 0); /* 2^30 BC1 blocks x 8 bytes */
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_TOO_LARGE);
    d = make_desc(5, 1, 1, 1, 0xFFFFFFFFu, 0);
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_TOO_LARGE);
    d = make_desc(3, 1, 1, 0xFFFFFFFFu, 1, 0);
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_TOO_LARGE);
    d = make_desc(3, 1, 1, 0x3FFFFFFFu, 1, 0); /* a billion 1x1 mips, computed in closed form */
    CHECK_EQ(total_of(&d), 0xFFFFFFFCu);
    expect_sub(&d, 0x3FFFFFFEu, 0xFFFFFFF8u, 4, 1, 4);
}

static void test_bad_descriptions(void)
{
    static const uint32_t bad_formats[] = {0, 11, 31, 34, 63, 72, 0xFFFFFFFFu};
    struct aerocmd_texture_layout_desc d;
    struct aerocmd_subresource_layout subs[4];
    struct aerocmd_texture_layout layout;
    enum aerocmd_layout_fault fault;
    size_t i;
    for (i = 0; i < sizeof bad_formats / sizeof bad_formats[0]; i++) {
        d = make_desc(bad_formats[i], 4, 4, 1, 1, 0);
        expect_fault(&d, AEROCMD_LAYOUT_FAULT_FORMAT);
    }
    d = make_desc(3, 0, 4, 1, 1, 0);
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_ZERO_EXTENT);
    d = make_desc(3, 4, 0, 1, 1, 0);
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_ZERO_EXTENT);
    d = make_desc(3, 4, 4, 1, 0, 0);
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_ZERO_EXTENT);
    d = make_desc(3, 3, 5, 0, 1, 11); /* tight is 12 */
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_PITCH_TOO_SMALL);
    d = make_desc(64, 5, 5, 1, 1, 15); /* BC1: two blocks = 16 */
    expect_fault(&d, AEROCMD_LAYOUT_FAULT_PITCH_TOO_SMALL);
    d.row_pitch_bytes = 16;
    CHECK_EQ(total_of(&d), 32);
    d = make_desc(3, 4, 4, 0, 2, 0); /* 3 mips x 2 layers = 6 */
    fault = AEROCMD_LAYOUT_FAULT_NONE;
    CHECK_EQ(aerocmd_texture_subresources(&d, subs, 4, &layout, &fault), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault, AEROCMD_LAYOUT_FAULT_ARRAY_TOO_SMALL);
    CHECK_EQ(aerocmd_texture_layout(NULL, &layout, &fault), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault, AEROCMD_LAYOUT_FAULT_ARGUMENT);
    CHECK_EQ(aerocmd_texture_layout(&d, NULL, NULL), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_texture_subresource(&d, 0, NULL, &fault), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault, AEROCMD_LAYOUT_FAULT_ARGUMENT);
    CHECK_EQ(aerocmd_texture_subresources(&d, NULL, 8, NULL, &fault), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault, AEROCMD_LAYOUT_FAULT_ARGUMENT);
}

int main(void)
{
    test_hand_computed();
    test_fixed_shapes();
    test_random_shapes();
    test_32bit_limits();
    test_bad_descriptions();
    return check_finish();
}
