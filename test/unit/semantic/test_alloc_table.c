/* SPDX-License-Identifier: MIT */
/* Allocation table: opening, per-reason faults with exact offsets, lookups by alloc_id, and
 * the scratch (sorting) duplicate check agreeing with the quadratic one. */
#include <stdlib.h>
#include <string.h>

#include "aerocmd/submission.h"
#include "check.h"

#define HDR 24u

struct entry_in {
    uint32_t alloc_id, flags;
    uint64_t gpa, size, reserved;
};

static void put32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, 4);
}

static void put64(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}

/* Writes a table with `stride`-byte entries; returns its size_bytes. */
static uint32_t build_table(uint8_t *buf, uint32_t abi, uint32_t stride, const struct entry_in *e,
                            uint32_t count)
{
    uint32_t size = HDR + count * stride, i;
    memset(buf, 0, size);
    put32(buf + 0, AEROGPU_ALLOC_TABLE_MAGIC);
    put32(buf + 4, abi);
    put32(buf + 8, size);
    put32(buf + 12, count);
    put32(buf + 16, stride);
    for (i = 0; i < count; i++) {
        uint8_t *p = buf + HDR + i * stride;
        put32(p + 0, e[i].alloc_id);
        put32(p + 4, e[i].flags);
        put64(p + 8, e[i].gpa);
        put64(p + 16, e[i].size);
        put64(p + 24, e[i].reserved);
    }
    return size;
}

/* The table of the aerogpu_cmd_triangle fixture trace (blob kind 0x101). */
static uint32_t triangle_table(uint8_t *buf)
{
    static const struct entry_in e[] = {{1, 0, 4096, 72, 0}};
    return build_table(buf, 0x00010004u, 32, e, 1);
}

static void test_triangle_table(void)
{
    uint8_t storage[128];
    struct aerocmd_alloc_table_view view;
    struct aerogpu_alloc_entry entry;
    struct aerocmd_diag diag;
    uint32_t size = triangle_table(storage + 1); /* deliberately unaligned */
    CHECK_EQ(size, 56);
    CHECK_EQ(aerocmd_alloc_table_open(&view, storage + 1, size, &diag), AEROCMD_OK);
    CHECK_EQ(diag.reason, AEROCMD_R_NONE);
    CHECK_EQ(view.entry_count, 1);
    CHECK_EQ(view.entry_stride_bytes, 32);
    CHECK_EQ(view.size_bytes, 56);
    CHECK_EQ(view.abi_version, 0x00010004u);
    CHECK_EQ(aerocmd_alloc_table_find(&view, 1, &entry), 1);
    CHECK_EQ(entry.alloc_id, 1);
    CHECK_EQ(entry.flags, 0);
    CHECK_EQ(entry.gpa, 4096);
    CHECK_EQ(entry.size_bytes, 72);
    CHECK_EQ(aerocmd_alloc_table_find(&view, 2, &entry), 0);
    CHECK_EQ(aerocmd_alloc_table_find(&view, 0, NULL), 0);
    CHECK_EQ(aerocmd_alloc_table_entry(&view, 0, &entry), 1);
    CHECK_EQ(entry.gpa, 4096);
    CHECK_EQ(aerocmd_alloc_table_entry(&view, 1, &entry), 0);
}

static void test_valid_variants(void)
{
    static const struct entry_in e[] = {
        {7, AEROGPU_ALLOC_FLAG_READONLY, 0, 16, 0},   /* gpa 0 is legal */
        {0x80000001u, 0, UINT64_MAX - 4096, 4096, 0}, /* ends exactly at 2^64 */
        {3, 0, 0x100000, 0x2000, 0},
    };
    uint8_t buf[256];
    struct aerocmd_alloc_table_view view;
    struct aerogpu_alloc_entry entry;
    struct aerocmd_diag diag;
    uint32_t size = build_table(buf, 0x00010004u, 40, e, 3), i;
    /* trailing bytes of a longer stride belong to a newer minor and are ignored */
    for (i = 0; i < 3; i++)
        put64(buf + HDR + i * 40 + 32, 0xDEADBEEFull);
    CHECK_EQ(aerocmd_alloc_table_open(&view, buf, size, &diag), AEROCMD_OK);
    CHECK_EQ(aerocmd_alloc_table_find(&view, 3, &entry), 1);
    CHECK_EQ(entry.gpa, 0x100000);
    CHECK_EQ(entry.size_bytes, 0x2000);
    CHECK_EQ(aerocmd_alloc_table_find(&view, 7, &entry), 1);
    CHECK_EQ(entry.flags, AEROGPU_ALLOC_FLAG_READONLY);
    CHECK_EQ(aerocmd_alloc_table_find(&view, 0x80000001u, &entry), 1);
    CHECK_EQ(entry.gpa, UINT64_MAX - 4096);

    /* size_bytes may exceed count x stride; len may exceed size_bytes */
    put32(buf + 8, size + 8);
    CHECK_EQ(aerocmd_alloc_table_open(&view, buf, sizeof buf, &diag), AEROCMD_OK);

    /* an empty table */
    size = build_table(buf, 0x00010000u, 32, e, 0);
    CHECK_EQ(aerocmd_alloc_table_open(&view, buf, size, &diag), AEROCMD_OK);
    CHECK_EQ(view.entry_count, 0);
    CHECK_EQ(aerocmd_alloc_table_find(&view, 7, NULL), 0);

    /* a newer minor may use what we call reserved */
    size = build_table(buf, 0x00010009u, 32, e, 1);
    put32(buf + 20, 1);
    put64(buf + HDR + 24, 5);
    CHECK_EQ(aerocmd_alloc_table_open(&view, buf, size, &diag), AEROCMD_OK);

    CHECK_EQ(aerocmd_alloc_table_open(NULL, buf, size, &diag), AEROCMD_E_INVALID_ARG);
}

enum mutation {
    M_NONE,
    M_LEN_23,
    M_MAGIC,
    M_ABI_MAJOR,
    M_STRIDE_24,
    M_STRIDE_36,
    M_SIZE_BELOW_ENTRIES,
    M_COUNT_HUGE,
    M_SIZE_PAST_LEN,
    M_HDR_RESERVED,
    M_ID_ZERO,
    M_SIZE_ZERO,
    M_GPA_WRAPS,
    M_FLAGS,
    M_ENTRY_RESERVED,
    M_DUP_LAST,
    M_DUP_MIDDLE
};

struct bad_case {
    const char *name;
    enum mutation m;
    aerocmd_reason reason;
    uint32_t offset;
};

static const struct bad_case bad_cases[] = {
    {"shorter than a header", M_LEN_23, AEROCMD_R_ALLOC_TABLE_SHORT, 0},
    {"magic", M_MAGIC, AEROCMD_R_ALLOC_TABLE_MAGIC, 0},
    {"abi major 2", M_ABI_MAJOR, AEROCMD_R_ALLOC_TABLE_ABI, 4},
    {"stride 24", M_STRIDE_24, AEROCMD_R_ALLOC_TABLE_STRIDE, 16},
    {"stride 36 (not 8-aligned)", M_STRIDE_36, AEROCMD_R_ALLOC_TABLE_STRIDE, 16},
    {"size below count x stride", M_SIZE_BELOW_ENTRIES, AEROCMD_R_ALLOC_TABLE_SIZE, 8},
    {"count x stride overflows u32", M_COUNT_HUGE, AEROCMD_R_ALLOC_TABLE_SIZE, 8},
    {"size_bytes past the buffer", M_SIZE_PAST_LEN, AEROCMD_R_ALLOC_TABLE_SHORT, 8},
    {"header reserved0", M_HDR_RESERVED, AEROCMD_R_RESERVED_NONZERO, 20},
    {"entry 1 alloc_id 0", M_ID_ZERO, AEROCMD_R_ALLOC_ENTRY_ID_ZERO, HDR + 32},
    {"entry 2 size 0", M_SIZE_ZERO, AEROCMD_R_ALLOC_ENTRY_SIZE_ZERO, HDR + 64},
    {"entry 0 gpa + size wraps", M_GPA_WRAPS, AEROCMD_R_ALLOC_ENTRY_OVERFLOW, HDR},
    {"entry 1 unknown flag", M_FLAGS, AEROCMD_R_ALLOC_ENTRY_FLAGS, HDR + 32},
    {"entry 2 reserved0", M_ENTRY_RESERVED, AEROCMD_R_RESERVED_NONZERO, HDR + 64},
    {"entry 3 repeats entry 0", M_DUP_LAST, AEROCMD_R_ALLOC_ENTRY_DUPLICATE, HDR + 96},
    {"entry 2 repeats entry 1", M_DUP_MIDDLE, AEROCMD_R_ALLOC_ENTRY_DUPLICATE, HDR + 64},
};

static size_t apply_mutation(uint8_t *buf, enum mutation m)
{
    static const struct entry_in e[] = {{10, 0, 0x1000, 0x100, 0},
                                        {11, 0, 0x2000, 0x100, 0},
                                        {12, 0, 0x3000, 0x100, 0},
                                        {13, 0, 0x4000, 0x100, 0}};
    size_t len = build_table(buf, 0x00010004u, 32, e, 4);
    switch (m) {
    case M_LEN_23:
        return 23;
    case M_MAGIC:
        put32(buf, 0x414C4F43u);
        break; /* "COLA": byte-swapped */
    case M_ABI_MAJOR:
        put32(buf + 4, 0x00020004u);
        break;
    case M_STRIDE_24:
        put32(buf + 16, 24);
        break;
    case M_STRIDE_36:
        put32(buf + 16, 36);
        break;
    case M_SIZE_BELOW_ENTRIES:
        put32(buf + 8, HDR + 3 * 32 + 31);
        break;
    case M_COUNT_HUGE:
        put32(buf + 12, 0xFFFFFFFFu);
        break;
    case M_SIZE_PAST_LEN:
        put32(buf + 8, (uint32_t)len + 4);
        break;
    case M_HDR_RESERVED:
        put32(buf + 20, 1);
        break;
    case M_ID_ZERO:
        put32(buf + HDR + 32, 0);
        break;
    case M_SIZE_ZERO:
        put64(buf + HDR + 64 + 16, 0);
        break;
    case M_GPA_WRAPS:
        put64(buf + HDR + 8, UINT64_MAX - 0xFF);
        break;
    case M_FLAGS:
        put32(buf + HDR + 32 + 4, 2);
        break;
    case M_ENTRY_RESERVED:
        put64(buf + HDR + 64 + 24, 1);
        break;
    case M_DUP_LAST:
        put32(buf + HDR + 96, 10);
        break;
    case M_DUP_MIDDLE:
        put32(buf + HDR + 64, 11);
        put32(buf + HDR + 96, 10);
        break;
    case M_NONE:
        break;
    }
    return len;
}

static void test_bad_tables(void)
{
    size_t i;
    for (i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const struct bad_case *c = &bad_cases[i];
        uint8_t buf[256];
        uint64_t scratch[8];
        struct aerocmd_alloc_table_view view;
        struct aerocmd_diag diag;
        size_t len = apply_mutation(buf, c->m);
        int ok = 1;
        ok &= CHECK_EQ(aerocmd_alloc_table_open(&view, buf, len, &diag), AEROCMD_E_MALFORMED);
        ok &= CHECK_EQ(diag.reason, c->reason);
        ok &= CHECK_EQ(diag.offset, c->offset);
        ok &= CHECK_EQ(diag.opcode, 0);
        /* the sorting variant reports exactly the same fault */
        memset(&diag, 0, sizeof diag);
        ok &= CHECK_EQ(aerocmd_alloc_table_open_scratch(&view, buf, len, scratch, 8, &diag),
                       AEROCMD_E_MALFORMED);
        ok &= CHECK_EQ(diag.reason, c->reason);
        ok &= CHECK_EQ(diag.offset, c->offset);
        if (!ok)
            fprintf(stderr, "  in case: %s\n", c->name);
    }
    {
        uint8_t buf[256];
        struct aerocmd_alloc_table_view view;
        size_t len = apply_mutation(buf, M_NONE);
        CHECK_EQ(aerocmd_alloc_table_open(&view, buf, len, NULL), AEROCMD_OK);
    }
}

static uint32_t next_random(uint32_t *state)
{
    *state = *state * 1103515245u + 12345u;
    return *state >> 8;
}

/* The first entry whose id appeared before it, or count: the rule, by brute force. */
static uint32_t reference_duplicate(const struct entry_in *e, uint32_t count)
{
    uint32_t i, j;
    for (j = 1; j < count; j++)
        for (i = 0; i < j; i++)
            if (e[i].alloc_id == e[j].alloc_id)
                return j;
    return count;
}

static int reference_ascending(const struct entry_in *e, uint32_t count)
{
    uint32_t i;
    for (i = 1; i < count; i++)
        if (e[i].alloc_id <= e[i - 1].alloc_id)
            return 0;
    return 1;
}

/* Every id 1..range+1 through aerocmd_alloc_table_find against the entries: found exactly
 * when listed, with that entry's gpa. 1 when all agree. */
static int lookups_agree(const struct aerocmd_alloc_table_view *v, const struct entry_in *e,
                         uint32_t count, uint32_t range)
{
    uint32_t id, i;
    for (id = 0; id <= range + 1; id++) {
        struct aerogpu_alloc_entry found;
        uint32_t at = count;
        for (i = 0; i < count; i++)
            if (e[i].alloc_id == id && id != 0) {
                at = i;
                break;
            }
        if (aerocmd_alloc_table_find(v, id, &found) != (at < count))
            return 0;
        if (at < count && found.gpa != e[at].gpa)
            return 0;
    }
    return 1;
}

/* Many tables with random small ids (so duplicates are common), shuffled or ascending:
 * the verdict and the reported entry follow the rule (checked by brute force here); without
 * scratch a table of more than 64 entries whose ids do not ascend is OUT_OF_MEMORY; every
 * opened table finds exactly its ids. */
static void test_duplicates_against_reference(void)
{
    enum { MAX_ENTRIES = 300, ROUNDS = 300 };
    static struct entry_in e[MAX_ENTRIES];
    static uint8_t buf[HDR + MAX_ENTRIES * 32];
    static uint64_t scratch[MAX_ENTRIES];
    uint32_t seed = 12345, round, agreed = 0, duplicates = 0, refused = 0, ascending = 0;
    for (round = 0; round < ROUNDS; round++) {
        uint32_t count = 1 + next_random(&seed) % MAX_ENTRIES, i, dup;
        uint32_t range = count * (1 + next_random(&seed) % 8);
        int sorted = round % 3 == 0, ok = 1;
        struct aerocmd_alloc_table_view v1, v2;
        struct aerocmd_diag d1, d2;
        aerocmd_result r1, r2;
        uint32_t size;
        for (i = 0; i < count; i++) {
            e[i].alloc_id = sorted ? 1 + i * (range / count) : 1 + next_random(&seed) % range;
            e[i].flags = 0;
            e[i].gpa = (uint64_t)i * 0x1000;
            e[i].size = 0x1000;
            e[i].reserved = 0;
        }
        size = build_table(buf, 0x00010004u, 32, e, count);
        dup = reference_duplicate(e, count);
        r1 = aerocmd_alloc_table_open(&v1, buf, size, &d1);
        r2 = aerocmd_alloc_table_open_scratch(&v2, buf, size, scratch, MAX_ENTRIES, &d2);
        ok &= dup == count
                  ? r2 == AEROCMD_OK
                  : r2 == AEROCMD_E_MALFORMED && d2.reason == AEROCMD_R_ALLOC_ENTRY_DUPLICATE &&
                        d2.offset == HDR + dup * 32u;
        if (count > 64 && !reference_ascending(e, count)) {
            ok &= r1 == AEROCMD_E_OUT_OF_MEMORY && d1.reason == AEROCMD_R_NONE;
            refused++;
        } else {
            ok &= r1 == r2 && d1.reason == d2.reason && d1.offset == d2.offset;
        }
        if (r1 == AEROCMD_OK)
            ok &= lookups_agree(&v1, e, count, range);
        if (r2 == AEROCMD_OK)
            ok &= lookups_agree(&v2, e, count, range);
        ascending += reference_ascending(e, count) && count > 64;
        duplicates += dup < count;
        agreed += ok;
    }
    CHECK_EQ(agreed, ROUNDS);
    CHECK(duplicates > 50 && duplicates < ROUNDS);
    CHECK(refused > 50);
    CHECK(ascending > 50);
    CHECK_EQ(aerocmd_alloc_table_scratch_count(buf, 23), 0);
    CHECK_EQ(aerocmd_alloc_table_scratch_count(NULL, 100), 0);
}

int main(void)
{
    test_triangle_table();
    test_valid_variants();
    test_bad_tables();
    test_duplicates_against_reference();
    return check_finish();
}
