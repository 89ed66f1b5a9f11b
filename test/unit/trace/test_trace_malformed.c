/* SPDX-License-Identifier: MIT */
/* test_trace_malformed.c — one damaged container per row: the reader refuses it at open or
 * the submission iterator stops at the damaged record, each with the exact reason and file
 * offset. Bases: the triangle capture (blobs for stream, allocation table and guest
 * memory), the hand-made version 1 container and a written two-stream container.
 * Argument: FIXTURES_DIR. */
#include "check.h"
#include "trace_test_util.h"

enum base { TRIANGLE, V1, WRITTEN };
enum stage { AT_OPEN, AT_ITERATE };

/* Triangle capture layout. */
#define T_FOOTER 784u
#define T_TOC    736u
#define T_FRAME  752u
#define T_SUB    628u
#define T_SUBP   636u /* submission payload */
#define T_RANGE  692u
#define T_SIZE   816u

/* Written two-stream container: blob 1 @104, submission 1 @160, blob 2 @224,
 * submission 2 @288. */
#define W_SUB1 160u
#define W_SUB2 288u

struct fault_case {
    const char *name;
    enum base base;
    uint32_t at; /* where to patch */
    int width;   /* bytes patched: 1, 4 or 8; 0 = none */
    uint64_t value;
    size_t keep; /* truncate to this many bytes; 0 = keep all */
    enum stage stage;
    aerocmd_reason reason;
    uint32_t offset;
    int yields; /* submissions before the fault */
};

static const struct fault_case cases[] = {
    {"shorter than header+footer", TRIANGLE, 0, 0, 0, 63, AT_OPEN, AEROCMD_R_TRACE_SHORT, 0, 0},
    {"empty", TRIANGLE, 0, 0, 0, 1, AT_OPEN, AEROCMD_R_TRACE_SHORT, 0, 0},
    {"header magic", TRIANGLE, 0, 1, 'X', 0, AT_OPEN, AEROCMD_R_TRACE_MAGIC, 0, 0},
    {"footer magic", TRIANGLE, T_FOOTER + 7, 1, 'X', 0, AT_OPEN, AEROCMD_R_TRACE_MAGIC, T_FOOTER,
     0},
    {"truncated: footer not at end", TRIANGLE, 0, 0, 0, T_SIZE - 1, AT_OPEN, AEROCMD_R_TRACE_MAGIC,
     T_FOOTER - 1, 0},
    {"header_size", TRIANGLE, 8, 4, 33, 0, AT_OPEN, AEROCMD_R_TRACE_HEADER, 8, 0},
    {"container version 3", TRIANGLE, 12, 4, 3, 0, AT_OPEN, AEROCMD_R_TRACE_VERSION, 12, 0},
    {"container version 0", TRIANGLE, 12, 4, 0, 0, AT_OPEN, AEROCMD_R_TRACE_VERSION, 12, 0},
    {"header flags", TRIANGLE, 20, 4, 1, 0, AT_OPEN, AEROCMD_R_TRACE_HEADER, 20, 0},
    {"meta_len past footer", TRIANGLE, 24, 4, 0xffffffffu, 0, AT_OPEN, AEROCMD_R_TRACE_HEADER, 24,
     0},
    {"header reserved", TRIANGLE, 28, 4, 1, 0, AT_OPEN, AEROCMD_R_TRACE_HEADER, 28, 0},
    /* meta says 65540 at byte 54 of the JSON */
    {"meta abi differs from header", TRIANGLE, 16, 4, 0x10003, 0, AT_OPEN, AEROCMD_R_TRACE_HEADER,
     32 + 54, 0},
    {"meta without emulator_version", TRIANGLE, 32 + 17, 1, 'X', 0, AT_OPEN, AEROCMD_R_TRACE_HEADER,
     32, 0},
    {"meta not closed", TRIANGLE, 32 + 59, 1, ' ', 0, AT_OPEN, AEROCMD_R_TRACE_HEADER, 32 + 60, 0},
    {"meta abi not a number", TRIANGLE, 32 + 54, 1, '"', 0, AT_OPEN, AEROCMD_R_TRACE_HEADER,
     32 + 54, 0},
    {"footer_size", TRIANGLE, T_FOOTER + 8, 4, 31, 0, AT_OPEN, AEROCMD_R_TRACE_HEADER, T_FOOTER + 8,
     0},
    {"footer version differs", TRIANGLE, T_FOOTER + 12, 4, 1, 0, AT_OPEN, AEROCMD_R_TRACE_VERSION,
     T_FOOTER + 12, 0},
    {"toc_offset inside meta", TRIANGLE, T_FOOTER + 16, 8, 40, 0, AT_OPEN, AEROCMD_R_TRACE_TOC,
     T_FOOTER + 16, 0},
    {"toc_offset past file", TRIANGLE, T_FOOTER + 16, 8, 1ull << 63, 0, AT_OPEN,
     AEROCMD_R_TRACE_TOC, T_FOOTER + 16, 0},
    {"toc_len overlaps footer", TRIANGLE, T_FOOTER + 24, 8, 49, 0, AT_OPEN, AEROCMD_R_TRACE_TOC,
     T_FOOTER + 24, 0},
    {"toc_len huge", TRIANGLE, T_FOOTER + 24, 8, ~0ull, 0, AT_OPEN, AEROCMD_R_TRACE_TOC,
     T_FOOTER + 24, 0},
    {"toc_len below toc header", TRIANGLE, T_FOOTER + 24, 8, 15, 0, AT_OPEN, AEROCMD_R_TRACE_TOC,
     T_FOOTER + 24, 0},
    {"toc magic", TRIANGLE, T_TOC, 1, 'a', 0, AT_OPEN, AEROCMD_R_TRACE_TOC, T_TOC, 0},
    {"toc version", TRIANGLE, T_TOC + 8, 4, 2, 0, AT_OPEN, AEROCMD_R_TRACE_TOC, T_TOC + 8, 0},
    {"toc frame_count past toc_len", TRIANGLE, T_TOC + 12, 4, 2, 0, AT_OPEN, AEROCMD_R_TRACE_TOC,
     T_TOC + 12, 0},
    {"frame flags", TRIANGLE, T_FRAME + 4, 4, 1, 0, AT_OPEN, AEROCMD_R_TRACE_TOC, T_FRAME, 0},
    {"frame index unlike its BeginFrame", TRIANGLE, T_FRAME, 4, 1, 0, AT_OPEN, AEROCMD_R_TRACE_TOC,
     T_FRAME, 0},
    {"frame start on a blob", TRIANGLE, T_FRAME + 8, 8, 104, 0, AT_OPEN, AEROCMD_R_TRACE_TOC,
     T_FRAME, 0},
    {"frame start inside a record", TRIANGLE, T_FRAME + 8, 8, 93, 0, AT_OPEN, AEROCMD_R_TRACE_TOC,
     T_FRAME, 0},
    {"frame present on the submission", TRIANGLE, T_FRAME + 16, 8, T_SUB, 0, AT_OPEN,
     AEROCMD_R_TRACE_TOC, T_FRAME, 0},
    {"frame end past records", TRIANGLE, T_FRAME + 24, 8, T_TOC + 1, 0, AT_OPEN,
     AEROCMD_R_TRACE_TOC, T_FRAME, 0},
    {"frame end before start", TRIANGLE, T_FRAME + 24, 8, 92, 0, AT_OPEN, AEROCMD_R_TRACE_TOC,
     T_FRAME, 0},

    {"record flags", TRIANGLE, 104 + 1, 1, 1, 0, AT_ITERATE, AEROCMD_R_TRACE_RECORD, 104, 0},
    {"record reserved", TRIANGLE, 104 + 2, 1, 1, 0, AT_ITERATE, AEROCMD_R_TRACE_RECORD, 104, 0},
    {"record past toc", TRIANGLE, 104 + 4, 4, T_TOC, 0, AT_ITERATE, AEROCMD_R_TRACE_RECORD, 104, 0},
    {"record length huge", TRIANGLE, 104 + 4, 4, 0xfffffff8u, 0, AT_ITERATE, AEROCMD_R_TRACE_RECORD,
     104, 0},
    {"unknown record type", TRIANGLE, 532, 1, 6, 0, AT_ITERATE, AEROCMD_R_TRACE_RECORD, 532, 1},
    {"submission record in version 1", V1, V1_PACKET, 1, 5, 0, AT_ITERATE, AEROCMD_R_TRACE_RECORD,
     V1_PACKET, 1},
    {"frame payload length", V1, V1_BEGIN + 4, 4, 8, 0, AT_OPEN, AEROCMD_R_TRACE_TOC, V1_TOC + 16,
     0},

    {"blob reserved", TRIANGLE, 104 + 8 + 12, 4, 1, 0, AT_ITERATE, AEROCMD_R_TRACE_BLOB, 104, 0},
    {"blob shorter than its header", V1, V1_BLOB_BUFFER + 4, 4, 15, 0, AT_ITERATE,
     AEROCMD_R_TRACE_BLOB, V1_BLOB_BUFFER, 1},
    {"unknown command stream blob", TRIANGLE, T_SUBP + 32, 8, 9, 0, AT_ITERATE,
     AEROCMD_R_TRACE_BLOB, T_SUB, 0},
    {"command stream blob of wrong kind", TRIANGLE, T_SUBP + 32, 8, 2, 0, AT_ITERATE,
     AEROCMD_R_TRACE_BLOB, T_SUB, 0},
    {"allocation table blob of wrong kind", TRIANGLE, T_SUBP + 40, 8, 3, 0, AT_ITERATE,
     AEROCMD_R_TRACE_BLOB, T_SUB, 0},
    {"unknown allocation table blob", TRIANGLE, T_SUBP + 40, 8, 4, 0, AT_ITERATE,
     AEROCMD_R_TRACE_BLOB, T_SUB, 0},
    {"memory blob of wrong kind", TRIANGLE, T_RANGE + 24, 8, 1, 0, AT_ITERATE, AEROCMD_R_TRACE_BLOB,
     T_SUB, 0},
    {"blob written after its submission", WRITTEN, W_SUB1 + 8 + 32, 8, 2, 0, AT_ITERATE,
     AEROCMD_R_TRACE_BLOB, W_SUB1, 0},
    {"allocation table names a stream blob", WRITTEN, W_SUB2 + 8 + 40, 8, 1, 0, AT_ITERATE,
     AEROCMD_R_TRACE_BLOB, W_SUB2, 1},

    {"submission record_version", TRIANGLE, T_SUBP, 4, 2, 0, AT_ITERATE, AEROCMD_R_TRACE_SUBMISSION,
     T_SUB, 0},
    {"submission header_size", TRIANGLE, T_SUBP + 4, 4, 64, 0, AT_ITERATE,
     AEROCMD_R_TRACE_SUBMISSION, T_SUB, 0},
    {"submission reserved0", TRIANGLE, T_SUBP + 20, 4, 1, 0, AT_ITERATE, AEROCMD_R_TRACE_SUBMISSION,
     T_SUB, 0},
    {"submission reserved1", TRIANGLE, T_SUBP + 52, 4, 1, 0, AT_ITERATE, AEROCMD_R_TRACE_SUBMISSION,
     T_SUB, 0},
    {"no command stream", TRIANGLE, T_SUBP + 32, 8, 0, 0, AT_ITERATE, AEROCMD_R_TRACE_SUBMISSION,
     T_SUB, 0},
    {"range count beyond payload", TRIANGLE, T_SUBP + 48, 4, 2, 0, AT_ITERATE,
     AEROCMD_R_TRACE_SUBMISSION, T_SUB, 0},
    {"range count overflowing", TRIANGLE, T_SUBP + 48, 4, 0x08000001u, 0, AT_ITERATE,
     AEROCMD_R_TRACE_SUBMISSION, T_SUB, 0},
    {"range count short of payload", TRIANGLE, T_SUBP + 48, 4, 0, 0, AT_ITERATE,
     AEROCMD_R_TRACE_SUBMISSION, T_SUB, 0},
    {"range wraps the address space", TRIANGLE, T_RANGE + 8, 8, ~0ull - 8, 0, AT_ITERATE,
     AEROCMD_R_TRACE_SUBMISSION, T_SUB, 0},
    {"range without blob", TRIANGLE, T_RANGE + 24, 8, 0, 0, AT_ITERATE, AEROCMD_R_TRACE_SUBMISSION,
     T_SUB, 0},
    {"submission shorter than its header", WRITTEN, W_SUB1 + 4, 4, 52, 0, AT_ITERATE,
     AEROCMD_R_TRACE_SUBMISSION, W_SUB1, 0},
};

/* Two written streams: one NOP (32 bytes), two NOPs (40 bytes). */
static uint8_t *build_written(size_t *len)
{
    static const uint32_t one_nop[] = {0, 8};
    static const uint32_t two_nops[] = {0, 8, 0, 8};
    uint8_t a[64], b[64];
    struct aerocmd_trace_stream_in in[2];
    uint8_t *out = NULL;
    in[0].bytes = a;
    in[0].len = (uint32_t)build_stream(a, 0x10004, one_nop, 1);
    in[1].bytes = b;
    in[1].len = (uint32_t)build_stream(b, 0x10004, two_nops, 2);
    if (aerocmd_trace_write(aerocmd_allocator_libc(), in, 2, "0.0.0-dev", &out, len) != AEROCMD_OK)
        return NULL;
    return out;
}

static uint8_t *make_base(enum base base, const char *dir, size_t *len)
{
    uint8_t *bytes;
    if (base == TRIANGLE)
        return load_fixture(dir, &trace_fixtures[8], len);
    if (base == WRITTEN)
        return build_written(len);
    bytes = malloc(V1_SIZE);
    if (bytes)
        *len = build_v1_trace(bytes);
    return bytes;
}

static void apply(const struct fault_case *c, uint8_t *bytes, size_t *len)
{
    if (c->width == 1)
        bytes[c->at] = (uint8_t)c->value;
    else if (c->width == 4)
        put_u32(bytes + c->at, (uint32_t)c->value);
    else if (c->width == 8)
        put_u64(bytes + c->at, c->value);
    if (c->keep)
        *len = c->keep;
}

static void run_case(const struct fault_case *c, const char *dir)
{
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag = {AEROCMD_R_NONE, 0, 0};
    size_t len = 0;
    uint8_t *bytes = make_base(c->base, dir, &len);
    aerocmd_result opened;
    int yields = 0, step;
    if (!CHECK(bytes != NULL))
        return;
    apply(c, bytes, &len);
    opened = aerocmd_trace_open(&trace, bytes, len, &diag);
    if (c->stage == AT_OPEN) {
        CHECK_EQ(opened, AEROCMD_E_MALFORMED);
        CHECK(trace.bytes == NULL && trace.size == 0);
    } else if (CHECK_EQ(opened, AEROCMD_OK)) {
        aerocmd_trace_iter_init(&iter, &trace);
        while ((step = aerocmd_trace_next_submission(&iter, &sub, &diag)) > 0)
            yields++;
        CHECK_EQ(step, -1);
        CHECK(sub.cmd_stream == NULL);
        CHECK_EQ(yields, c->yields);
    }
    if (!CHECK_EQ(diag.reason, c->reason) || !CHECK_EQ(diag.offset, c->offset))
        fprintf(stderr, "    case '%s': %s at %u\n", c->name, aerocmd_reason_name(diag.reason),
                diag.offset);
    CHECK_EQ(diag.opcode, 0);
    free(bytes);
}

/* Each TRACE_* reason is exercised by at least one row. */
static void check_coverage(void)
{
    aerocmd_reason r;
    for (r = AEROCMD_R_TRACE_SHORT; r <= AEROCMD_R_TRACE_SUBMISSION; r++) {
        size_t i, rows = 0;
        for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
            rows += cases[i].reason == r;
        if (!CHECK(rows > 0))
            fprintf(stderr, "    no case for %s\n", aerocmd_reason_name(r));
    }
}

static void check_bad_arguments(void)
{
    struct aerocmd_trace trace;
    struct aerocmd_diag diag;
    CHECK_EQ(aerocmd_trace_open(NULL, "x", 1, &diag), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_open(&trace, NULL, 64, &diag), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_open(&trace, NULL, 0, &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_TRACE_SHORT);
}

int main(int argc, char **argv)
{
    size_t i;
    if (argc != 2) {
        fprintf(stderr, "usage: %s FIXTURES_DIR\n", argv[0]);
        return 2;
    }
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        run_case(&cases[i], argv[1]);
    check_coverage();
    check_bad_arguments();
    printf("%u malformed-container cases\n", (unsigned)(sizeof(cases) / sizeof(cases[0])));
    return check_finish();
}
