/* SPDX-License-Identifier: MIT */
/* test_layout_box.c — box -> byte range and box uploads, checked byte for byte against a
 * naive per-pixel model built on layout_reference.h. */
#include <stdlib.h>
#include <string.h>

#include "aerocmd/layout.h"
#include "check.h"
#include "layout_reference.h"

#define MAX_SUBS    256
#define TEXTURE_CAP (1u << 20)
#define SOURCE_CAP  (1u << 18)

static const uint32_t formats[] = {1, 5, 7, 32, 33, 64, 65, 66, 68, 70};
#define FORMAT_COUNT (sizeof(formats) / sizeof(formats[0]))

static uint8_t texture_got[TEXTURE_CAP];
static uint8_t texture_want[TEXTURE_CAP];
static uint8_t source[SOURCE_CAP];
static struct ref_sub ref_subs[MAX_SUBS];

static uint32_t lcg_state = 777u;
static uint32_t next_random(uint32_t bound)
{
    lcg_state = lcg_state * 1103515245u + 12345u;
    return (lcg_state >> 8) % bound;
}

static struct aerocmd_box make_box(uint32_t l, uint32_t t, uint32_t r, uint32_t b)
{
    struct aerocmd_box box;
    box.left = l;
    box.top = t;
    box.front = 0;
    box.right = r;
    box.bottom = b;
    box.back = 1;
    return box;
}

/* The byte address of pixel (x, y) of a subresource: the element holding it. */
static uint64_t ref_address(const struct ref_sub *s, struct ref_format f, uint32_t x, uint32_t y)
{
    return s->offset + (y / f.block) * s->pitch + (x / f.block) * (uint64_t)f.bytes;
}

/* Smallest and largest byte any pixel of the box touches, pixel by pixel. */
static void ref_range(const struct ref_sub *s, struct ref_format f, const struct aerocmd_box *b,
                      uint64_t *begin, uint64_t *end)
{
    uint32_t x, y;
    *begin = UINT64_MAX;
    *end = 0;
    for (y = b->top; y < b->bottom; y++) {
        for (x = b->left; x < b->right; x++) {
            uint64_t a = ref_address(s, f, x, y);
            if (a < *begin)
                *begin = a;
            if (a + f.bytes > *end)
                *end = a + f.bytes;
        }
    }
}

/* Writes every element of the box from the caller layout (rows of elements, `pitch` apart,
 * first element of the box first) into the reference texture. */
static void ref_write(const struct ref_sub *s, struct ref_format f, const struct aerocmd_box *b,
                      uint32_t pitch, uint8_t *texture)
{
    uint32_t x, y, x0 = b->left / f.block, y0 = b->top / f.block;
    for (y = b->top; y < b->bottom; y++) {
        for (x = b->left; x < b->right; x++) {
            uint64_t a = ref_address(s, f, x, y);
            size_t from = (size_t)(y / f.block - y0) * pitch + (x / f.block - x0) * f.bytes;
            memcpy(texture + a, source + from, f.bytes);
        }
    }
}

struct random_case {
    struct aerocmd_texture_layout_desc desc;
    struct ref_format f;
    uint32_t sub;
    struct aerocmd_box box;
};

static void pick_case(struct random_case *c)
{
    uint32_t mips, count;
    const struct ref_sub *s;
    c->desc.format = formats[next_random(FORMAT_COUNT)];
    c->f = ref_format_of(c->desc.format);
    c->desc.width = 1 + next_random(70);
    c->desc.height = 1 + next_random(70);
    c->desc.mip_levels = next_random(4);
    c->desc.array_layers = 1 + next_random(3);
    c->desc.row_pitch_bytes =
        next_random(2) ? 0 : (uint32_t)ref_blocks(c->desc.width, c->f.block) * c->f.bytes + 8;
    mips = c->desc.mip_levels ? c->desc.mip_levels : ref_full_chain(c->desc.width, c->desc.height);
    ref_layout(c->desc.format, c->desc.width, c->desc.height, c->desc.mip_levels,
               c->desc.array_layers, c->desc.row_pitch_bytes, ref_subs);
    count = mips * c->desc.array_layers;
    c->sub = next_random(count);
    s = &ref_subs[c->sub];
    c->box.left = next_random((uint32_t)s->width);
    c->box.right = c->box.left + 1 + next_random((uint32_t)s->width - c->box.left);
    c->box.top = next_random((uint32_t)s->height);
    c->box.bottom = c->box.top + 1 + next_random((uint32_t)s->height - c->box.top);
    c->box.front = 0;
    c->box.back = 1;
}

static void check_random_range(const struct random_case *c)
{
    uint64_t want_begin, want_end;
    uint32_t begin = 0, end = 0;
    aerocmd_result r = aerocmd_texture_box_range(&c->desc, c->sub, &c->box, &begin, &end, NULL);
    ref_range(&ref_subs[c->sub], c->f, &c->box, &want_begin, &want_end);
    if (!check_report(r == AEROCMD_OK && begin == want_begin && end == want_end, __FILE__, __LINE__,
                      "box range"))
        fprintf(stderr, "    fmt %u %ux%u sub %u box %u,%u-%u,%u: [%u,%u) want [%llu,%llu)\n",
                c->desc.format, c->desc.width, c->desc.height, c->sub, c->box.left, c->box.top,
                c->box.right, c->box.bottom, begin, end, (unsigned long long)want_begin,
                (unsigned long long)want_end);
}

static void check_random_write(const struct random_case *c)
{
    const struct ref_sub *s = &ref_subs[c->sub];
    uint32_t columns = (c->box.right - 1) / c->f.block - c->box.left / c->f.block + 1;
    uint32_t rows = (c->box.bottom - 1) / c->f.block - c->box.top / c->f.block + 1;
    uint32_t pitch = columns * c->f.bytes + next_random(3) * 4;
    size_t src_size = (size_t)(rows - 1) * pitch + columns * c->f.bytes;
    size_t i, total = (size_t)ref_layout(c->desc.format, c->desc.width, c->desc.height,
                                         c->desc.mip_levels, c->desc.array_layers,
                                         c->desc.row_pitch_bytes, NULL);
    aerocmd_result r;
    if (total > TEXTURE_CAP || src_size > SOURCE_CAP)
        return;
    for (i = 0; i < src_size; i++)
        source[i] = (uint8_t)(i * 7 + 3);
    memset(texture_got, 0xCD, total);
    memset(texture_want, 0xCD, total);
    ref_write(s, c->f, &c->box, pitch, texture_want);
    r = aerocmd_texture_write_box(&c->desc, c->sub, &c->box, source, pitch, src_size, texture_got,
                                  total, NULL);
    CHECK_EQ(r, AEROCMD_OK);
    if (!check_report(memcmp(texture_got, texture_want, total) == 0, __FILE__, __LINE__,
                      "written bytes match reference"))
        fprintf(stderr, "    fmt %u %ux%u sub %u box %u,%u-%u,%u pitch %u\n", c->desc.format,
                c->desc.width, c->desc.height, c->sub, c->box.left, c->box.top, c->box.right,
                c->box.bottom, pitch);
}

static void test_random_boxes(void)
{
    struct random_case c;
    int n;
    for (n = 0; n < 4000; n++) {
        pick_case(&c);
        check_random_range(&c);
        if (n % 4 == 0)
            check_random_write(&c);
    }
}

static void expect_range(const struct aerocmd_texture_layout_desc *d, uint32_t sub,
                         const struct aerocmd_box *box, uint32_t want_begin, uint32_t want_end)
{
    uint32_t begin = 0xDEADu, end = 0xDEADu;
    CHECK_EQ(aerocmd_texture_box_range(d, sub, box, &begin, &end, NULL), AEROCMD_OK);
    CHECK_EQ(begin, want_begin);
    CHECK_EQ(end, want_end);
}

static void expect_box_fault(const struct aerocmd_texture_layout_desc *d, uint32_t sub,
                             const struct aerocmd_box *box, enum aerocmd_layout_fault want)
{
    uint32_t begin, end;
    enum aerocmd_layout_fault fault = AEROCMD_LAYOUT_FAULT_NONE;
    CHECK_EQ(aerocmd_texture_box_range(d, sub, box, &begin, &end, &fault), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault, want);
}

/* Worked by hand: RGBA8 8x4 with pitch 40, and BC3 10x10 (3x3 blocks, 16 bytes). */
static void test_hand_ranges(void)
{
    struct aerocmd_texture_layout_desc d = {3, 8, 4, 0, 1, 40};
    struct aerocmd_box b = make_box(2, 1, 5, 3);
    expect_range(&d, 0, &b, 40 + 8, 80 + 20);
    expect_range(&d, 0, NULL, 0, 120 + 32);
    expect_range(&d, 1, NULL, 160, 160 + 32); /* mip 1: 4x2 tight, after 4 x 40 bytes */
    b = make_box(3, 1, 3, 2);                 /* empty: left == right */
    expect_range(&d, 1, &b, 160, 160);
    b = make_box(0, 0, 5, 2);
    expect_box_fault(&d, 1, &b, AEROCMD_LAYOUT_FAULT_BOX);
    b = make_box(0, 0, 4, 3);
    expect_box_fault(&d, 1, &b, AEROCMD_LAYOUT_FAULT_BOX);
    b = make_box(0, 0, 1, 1);
    b.back = 2;
    expect_box_fault(&d, 0, &b, AEROCMD_LAYOUT_FAULT_BOX);
    expect_box_fault(&d, 4, NULL, AEROCMD_LAYOUT_FAULT_SUBRESOURCE);
    d = (struct aerocmd_texture_layout_desc){68, 10, 10, 0, 1, 0};
    b = make_box(5, 5, 6, 6); /* one pixel -> block (1,1) */
    expect_range(&d, 0, &b, 48 + 16, 48 + 32);
    b = make_box(3, 0, 9, 4); /* blocks 0..2 of row 0 */
    expect_range(&d, 0, &b, 0, 48);
    /* mip 2 is 2x2: one block; a box up to the block edge is accepted */
    b = make_box(0, 0, 4, 4);
    expect_range(&d, 2, &b, 144 + 64, 144 + 64 + 16);
    b = make_box(0, 0, 5, 4);
    expect_box_fault(&d, 2, &b, AEROCMD_LAYOUT_FAULT_BOX);
}

static void test_write_faults(void)
{
    struct aerocmd_texture_layout_desc d = {3, 8, 4, 1, 1, 0}; /* 128 bytes, pitch 32 */
    struct aerocmd_box b = make_box(1, 1, 4, 3);               /* 2 rows of 12 bytes */
    enum aerocmd_layout_fault fault;
    memset(texture_got, 0xCD, 128);
    fault = AEROCMD_LAYOUT_FAULT_NONE;
    CHECK_EQ(aerocmd_texture_write_box(&d, 0, &b, source, 12, 23, texture_got, 128, &fault),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault, AEROCMD_LAYOUT_FAULT_SOURCE_TOO_SMALL);
    CHECK_EQ(aerocmd_texture_write_box(&d, 0, &b, source, 11, 100, texture_got, 128, &fault),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault, AEROCMD_LAYOUT_FAULT_SOURCE_TOO_SMALL);
    /* the range ends at 32 + 4 + 32 + 12 = 80 */
    CHECK_EQ(aerocmd_texture_write_box(&d, 0, &b, source, 12, 24, texture_got, 79, &fault),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault, AEROCMD_LAYOUT_FAULT_DEST_TOO_SMALL);
    CHECK_EQ(aerocmd_texture_write_box(&d, 0, &b, NULL, 12, 24, texture_got, 128, &fault),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault, AEROCMD_LAYOUT_FAULT_ARGUMENT);
    CHECK(texture_got[36] == 0xCD && texture_got[79] == 0xCD); /* nothing written */
    CHECK_EQ(aerocmd_texture_write_box(&d, 0, &b, source, 12, 24, texture_got, 80, &fault),
             AEROCMD_OK);
    CHECK(texture_got[35] == 0xCD && texture_got[36] == source[0] && texture_got[79] == source[23]);
    b = make_box(0, 2, 8, 3); /* one row: the pitch does not matter */
    CHECK_EQ(aerocmd_texture_write_box(&d, 0, &b, source, 0, 32, texture_got, 128, &fault),
             AEROCMD_OK);
    b = make_box(2, 2, 2, 3); /* empty: nothing to read or write */
    CHECK_EQ(aerocmd_texture_write_box(&d, 0, &b, NULL, 0, 0, NULL, 0, &fault), AEROCMD_OK);
}

int main(void)
{
    test_hand_ranges();
    test_write_faults();
    test_random_boxes();
    return check_finish();
}
