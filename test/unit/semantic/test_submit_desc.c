/* SPDX-License-Identifier: MIT */
/* Submit descriptor checks: valid forms and one fault per reason with its field offset. */
#include <string.h>

#include "aerocmd/submission.h"
#include "check.h"

static struct aerogpu_submit_desc valid_desc(void)
{
    struct aerogpu_submit_desc d;
    memset(&d, 0, sizeof d);
    d.desc_size_bytes = 64;
    d.flags = AEROGPU_SUBMIT_FLAG_PRESENT | AEROGPU_SUBMIT_FLAG_NO_IRQ;
    d.context_id = 3;
    d.cmd_gpa = 0x10000;
    d.cmd_size_bytes = 324;
    d.alloc_table_gpa = 0x20000;
    d.alloc_table_size_bytes = 56;
    d.signal_fence = 42;
    return d;
}

static void test_valid(void)
{
    struct aerogpu_submit_desc d = valid_desc();
    uint8_t bytes[96];
    struct aerocmd_diag diag;
    CHECK_EQ(aerocmd_submit_desc_check(&d, sizeof d, &diag), AEROCMD_OK);
    CHECK_EQ(diag.reason, AEROCMD_R_NONE);

    /* an empty submission: no commands, no table */
    memset(&d, 0, sizeof d);
    d.desc_size_bytes = 64;
    CHECK_EQ(aerocmd_submit_desc_check(&d, sizeof d, &diag), AEROCMD_OK);

    /* ranges that end exactly at 2^64 do not wrap */
    d = valid_desc();
    d.cmd_gpa = UINT64_MAX - d.cmd_size_bytes;
    d.alloc_table_gpa = UINT64_MAX - d.alloc_table_size_bytes;
    CHECK_EQ(aerocmd_submit_desc_check(&d, sizeof d, &diag), AEROCMD_OK);

    /* a longer descriptor from a newer minor, unaligned in the caller's buffer */
    d = valid_desc();
    d.desc_size_bytes = 80;
    memset(bytes, 0xAB, sizeof bytes);
    memcpy(bytes + 3, &d, sizeof d);
    CHECK_EQ(aerocmd_submit_desc_check(bytes + 3, 80, &diag), AEROCMD_OK);
    CHECK_EQ(aerocmd_submit_desc_check(NULL, 64, &diag), AEROCMD_E_INVALID_ARG);
}

enum field {
    F_LEN_63,
    F_SIZE_60,
    F_SIZE_PAST_LEN,
    F_FLAGS,
    F_ENGINE,
    F_CMD_GPA_ONLY,
    F_CMD_SIZE_ONLY,
    F_CMD_WRAPS,
    F_CMD_RESERVED,
    F_ALLOC_GPA_ONLY,
    F_ALLOC_SIZE_ONLY,
    F_ALLOC_WRAPS,
    F_ALLOC_RESERVED,
    F_RESERVED
};

struct bad_case {
    const char *name;
    enum field f;
    aerocmd_reason reason;
    uint32_t offset;
};

static const struct bad_case bad_cases[] = {
    {"len 63", F_LEN_63, AEROCMD_R_SUBMIT_DESC_SIZE, 0},
    {"desc_size_bytes 60", F_SIZE_60, AEROCMD_R_SUBMIT_DESC_SIZE, 0},
    {"desc_size_bytes past len", F_SIZE_PAST_LEN, AEROCMD_R_SUBMIT_DESC_SIZE, 0},
    {"flag 4", F_FLAGS, AEROCMD_R_SUBMIT_FLAGS, 4},
    {"engine 1", F_ENGINE, AEROCMD_R_SUBMIT_ENGINE, 12},
    {"cmd gpa without size", F_CMD_GPA_ONLY, AEROCMD_R_SUBMIT_CMD_PAIR, 16},
    {"cmd size without gpa", F_CMD_SIZE_ONLY, AEROCMD_R_SUBMIT_CMD_PAIR, 16},
    {"cmd range wraps", F_CMD_WRAPS, AEROCMD_R_SUBMIT_CMD_OVERFLOW, 16},
    {"cmd_reserved0", F_CMD_RESERVED, AEROCMD_R_RESERVED_NONZERO, 28},
    {"table gpa without size", F_ALLOC_GPA_ONLY, AEROCMD_R_SUBMIT_ALLOC_PAIR, 32},
    {"table size without gpa", F_ALLOC_SIZE_ONLY, AEROCMD_R_SUBMIT_ALLOC_PAIR, 32},
    {"table range wraps", F_ALLOC_WRAPS, AEROCMD_R_SUBMIT_ALLOC_OVERFLOW, 32},
    {"alloc_table_reserved0", F_ALLOC_RESERVED, AEROCMD_R_RESERVED_NONZERO, 44},
    {"reserved0", F_RESERVED, AEROCMD_R_RESERVED_NONZERO, 56},
};

static size_t mutate(struct aerogpu_submit_desc *d, enum field f)
{
    *d = valid_desc();
    switch (f) {
    case F_LEN_63:
        return 63;
    case F_SIZE_60:
        d->desc_size_bytes = 60;
        break;
    case F_SIZE_PAST_LEN:
        d->desc_size_bytes = 68;
        break;
    case F_FLAGS:
        d->flags = 4;
        break;
    case F_ENGINE:
        d->engine_id = 1;
        break;
    case F_CMD_GPA_ONLY:
        d->cmd_size_bytes = 0;
        break;
    case F_CMD_SIZE_ONLY:
        d->cmd_gpa = 0;
        break;
    case F_CMD_WRAPS:
        d->cmd_gpa = UINT64_MAX - d->cmd_size_bytes + 1;
        break;
    case F_CMD_RESERVED:
        d->cmd_reserved0 = 1;
        break;
    case F_ALLOC_GPA_ONLY:
        d->alloc_table_size_bytes = 0;
        break;
    case F_ALLOC_SIZE_ONLY:
        d->alloc_table_gpa = 0;
        break;
    case F_ALLOC_WRAPS:
        d->alloc_table_gpa = UINT64_MAX - 1;
        break;
    case F_ALLOC_RESERVED:
        d->alloc_table_reserved0 = 7;
        break;
    case F_RESERVED:
        d->reserved0 = 1ull << 40;
        break;
    }
    return sizeof *d;
}

static void test_bad(void)
{
    size_t i;
    for (i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const struct bad_case *c = &bad_cases[i];
        struct aerogpu_submit_desc d;
        struct aerocmd_diag diag;
        size_t len = mutate(&d, c->f);
        int ok = CHECK_EQ(aerocmd_submit_desc_check(&d, len, &diag), AEROCMD_E_MALFORMED);
        ok &= CHECK_EQ(diag.reason, c->reason);
        ok &= CHECK_EQ(diag.offset, c->offset);
        ok &= CHECK_EQ(diag.opcode, 0);
        if (!ok)
            fprintf(stderr, "  in case: %s\n", c->name);
    }
}

/* With several faults, the first in field order wins. */
static void test_first_fault_wins(void)
{
    struct aerogpu_submit_desc d = valid_desc();
    struct aerocmd_diag diag;
    d.engine_id = 2;
    d.cmd_size_bytes = 0;
    d.reserved0 = 9;
    CHECK_EQ(aerocmd_submit_desc_check(&d, sizeof d, &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_SUBMIT_ENGINE);
    CHECK_EQ(diag.offset, 12);
}

int main(void)
{
    test_valid();
    test_bad();
    test_first_fault_wins();
    return check_finish();
}
