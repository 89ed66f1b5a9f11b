/* SPDX-License-Identifier: MIT */
/* test_trace_roundtrip.c — extract -> wrap -> extract keeps every command stream byte for
 * byte; version 1 files (and version 2 files without submission records) are read as their
 * command-stream blobs; blob ids resolve to the most recent blob before the submission,
 * inside or outside the window since the previous one. Argument: FIXTURES_DIR. */
#include "check.h"
#include "trace_test_util.h"

#define MAX_STREAMS 16

struct extracted {
    struct aerocmd_trace_stream_in streams[MAX_STREAMS];
    uint64_t offsets[MAX_STREAMS];
    uint32_t count;
};

/* All submissions of a container; 0 when it opens and iterates cleanly. */
static int extract(const uint8_t *bytes, size_t len, struct extracted *out)
{
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    int step;
    out->count = 0;
    if (aerocmd_trace_open(&trace, bytes, len, &diag) != AEROCMD_OK)
        return -1;
    aerocmd_trace_iter_init(&iter, &trace);
    while ((step = aerocmd_trace_next_submission(&iter, &sub, &diag)) > 0 &&
           out->count < MAX_STREAMS) {
        out->streams[out->count].bytes = sub.cmd_stream;
        out->streams[out->count].len = sub.cmd_stream_len;
        out->offsets[out->count] = sub.record_offset;
        out->count++;
    }
    return step == 0 ? 0 : -1;
}

static int same_stream(const struct aerocmd_trace_stream_in *a,
                       const struct aerocmd_trace_stream_in *b)
{
    return a->len == b->len && memcmp(a->bytes, b->bytes, a->len) == 0;
}

/* Wraps `in` and extracts again: same streams, same order. */
static void check_wrap_extract(const struct extracted *in)
{
    struct extracted again;
    uint8_t *out = NULL;
    size_t len = 0;
    uint32_t i;
    if (!CHECK_EQ(
            aerocmd_trace_write(aerocmd_allocator_libc(), in->streams, in->count, "rt", &out, &len),
            AEROCMD_OK))
        return;
    CHECK_EQ(extract(out, len, &again), 0);
    if (CHECK_EQ(again.count, in->count))
        for (i = 0; i < in->count; i++)
            CHECK(same_stream(&again.streams[i], &in->streams[i]));
    free(out);
}

static void test_fixtures_roundtrip(const char *dir)
{
    uint8_t *files[TRACE_FIXTURE_COUNT];
    struct extracted all, one;
    size_t i, len;
    all.count = 0;
    for (i = 0; i < TRACE_FIXTURE_COUNT; i++) {
        files[i] = load_fixture(dir, &trace_fixtures[i], &len);
        if (!CHECK(files[i] != NULL) || !CHECK_EQ(extract(files[i], len, &one), 0) ||
            !CHECK_EQ(one.count, 1))
            continue;
        check_wrap_extract(&one);
        all.streams[all.count++] = one.streams[0];
    }
    /* All ten captures' streams as ten submissions of one container. */
    CHECK_EQ(all.count, TRACE_FIXTURE_COUNT);
    check_wrap_extract(&all);
    for (i = 0; i < TRACE_FIXTURE_COUNT; i++)
        free(files[i]);
}

static void test_version1(void)
{
    static const uint8_t want_types[] = {1, 4, 3, 4, 4, 2};
    uint8_t bytes[V1_SIZE];
    size_t len = build_v1_trace(bytes), n = 0;
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_record rec;
    struct aerocmd_diag diag;
    struct extracted got;
    CHECK_EQ(len, V1_SIZE);
    if (!CHECK_EQ(aerocmd_trace_open(&trace, bytes, len, &diag), AEROCMD_OK))
        return;
    CHECK_EQ(trace.container_version, 1);
    CHECK_EQ(trace.records_begin, V1_BEGIN);
    CHECK_EQ(trace.records_end, V1_TOC);
    aerocmd_trace_iter_init(&iter, &trace);
    while (aerocmd_trace_next_record(&iter, &rec, &diag) > 0 && n < sizeof(want_types))
        CHECK_EQ(rec.type, want_types[n++]);
    CHECK_EQ(n, sizeof(want_types));
    CHECK_EQ(extract(bytes, len, &got), 0);
    if (CHECK_EQ(got.count, 2)) {
        CHECK_EQ(got.offsets[0], V1_BLOB_A);
        CHECK_EQ(got.streams[0].len, V1_STREAM_A);
        CHECK_EQ(got.offsets[1], V1_BLOB_B);
        CHECK_EQ(got.streams[1].len, V1_STREAM_B);
        CHECK(memcmp(got.streams[1].bytes, "ACMD", 4) == 0);
        check_wrap_extract(&got);
    }
    /* The same records under version 2: still no submission records, so still blobs. */
    put_u32(bytes + 12, 2);
    put_u32(bytes + V1_FOOTER + 12, 2);
    CHECK_EQ(extract(bytes, len, &got), 0);
    CHECK_EQ(got.count, 2);
}

static uint8_t *write_two(size_t *len, uint8_t a[64], uint8_t b[64])
{
    static const uint32_t one_nop[] = {0, 8};
    static const uint32_t two_nops[] = {0, 8, 0, 8};
    struct aerocmd_trace_stream_in in[2];
    uint8_t *out = NULL;
    in[0].bytes = a;
    in[0].len = (uint32_t)build_stream(a, 0x10004, one_nop, 1);
    in[1].bytes = b;
    in[1].len = (uint32_t)build_stream(b, 0x10004, two_nops, 2);
    if (aerocmd_trace_write(aerocmd_allocator_libc(), in, 2, "x", &out, len) != AEROCMD_OK)
        return NULL;
    return out;
}

/* Layout of the written pair (meta of 52 bytes): blob 1 @96, submission 1 @152, blob 2
 * @216, submission 2 @280. */
static void test_blob_resolution(void)
{
    uint8_t a[64], b[64];
    size_t len = 0;
    struct extracted got;
    uint8_t *bytes = write_two(&len, a, b);
    if (!CHECK(bytes != NULL))
        return;
    CHECK_EQ(get_u32(bytes + 24), 52);
    CHECK_EQ(bytes[152], 5);
    CHECK_EQ(bytes[280], 5);
    /* Submission 2 names blob 1, written before submission 1: found by the wider search. */
    put_u64(bytes + 280 + 8 + 32, 1);
    CHECK_EQ(extract(bytes, len, &got), 0);
    CHECK(got.count == 2 && got.streams[1].len == 32 && memcmp(got.streams[1].bytes, a, 32) == 0);
    /* Blob 2 renamed 1: submission 1 still gets the first, submission 2 the latest. */
    put_u64(bytes + 216 + 8, 1);
    CHECK_EQ(extract(bytes, len, &got), 0);
    CHECK(got.count == 2 && got.streams[0].len == 32 && memcmp(got.streams[0].bytes, a, 32) == 0);
    CHECK(got.count == 2 && got.streams[1].len == 40 && memcmp(got.streams[1].bytes, b, 40) == 0);
    CHECK(got.offsets[0] == 152 && got.offsets[1] == 280);
    free(bytes);
}

static void test_iterator_end(void)
{
    uint8_t a[64], b[64];
    size_t len = 0;
    uint8_t *bytes = write_two(&len, a, b);
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_trace_record rec;
    struct aerocmd_diag diag;
    if (!CHECK(bytes != NULL) ||
        !CHECK_EQ(aerocmd_trace_open(&trace, bytes, len, &diag), AEROCMD_OK)) {
        free(bytes);
        return;
    }
    aerocmd_trace_iter_init(&iter, &trace);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 0);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 0);
    CHECK_EQ(aerocmd_trace_next_record(&iter, &rec, &diag), 0);
    /* An iterator over no trace is simply empty. */
    aerocmd_trace_iter_init(&iter, NULL);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 0);
    CHECK_EQ(aerocmd_trace_next_record(&iter, &rec, &diag), 0);
    free(bytes);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FIXTURES_DIR\n", argv[0]);
        return 2;
    }
    test_fixtures_roundtrip(argv[1]);
    test_version1();
    test_blob_resolution();
    test_iterator_end();
    return check_finish();
}
