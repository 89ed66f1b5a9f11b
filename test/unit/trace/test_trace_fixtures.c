/* SPDX-License-Identifier: MIT */
/* test_trace_fixtures.c — every real capture opens, walks record by record in the
 * recorder's shape, and yields exactly one submission whose command stream is the one in
 * test/data/streams. Arguments: FIXTURES_DIR STREAMS_DIR. */
#include "check.h"
#include "trace_test_util.h"

static const char expected_meta_1_4[] =
    "{\"emulator_version\":\"0.0.0-dev\",\"command_abi_version\":65540}";
static const char expected_meta_1_3[] =
    "{\"emulator_version\":\"0.0.0-dev\",\"command_abi_version\":65539}";

static void check_open(const struct trace_fixture *fx, const struct aerocmd_trace *trace,
                       size_t len)
{
    const char *meta = fx->abi == 0x10004 ? expected_meta_1_4 : expected_meta_1_3;
    CHECK_EQ(trace->container_version, 2);
    CHECK_EQ(trace->command_abi_version, fx->abi);
    CHECK_EQ(trace->meta_len, strlen(meta));
    CHECK(memcmp(trace->meta, meta, strlen(meta)) == 0);
    CHECK_EQ(trace->records_begin, 32 + strlen(meta));
    /* TOC of one frame (48 bytes) and the footer (32) close the file. */
    CHECK_EQ(trace->records_end, len - 80);
    CHECK_EQ(trace->frame_count, 1);
}

/* BeginFrame, the blobs, the submission, Present — and where the submission is. */
static uint64_t check_records(const struct trace_fixture *fx, const struct aerocmd_trace *trace)
{
    static const uint8_t plain[] = {1, 4, 5, 2};
    static const uint8_t with_memory[] = {1, 4, 4, 4, 5, 2};
    const uint8_t *want = fx->has_memory ? with_memory : plain;
    size_t want_count = fx->has_memory ? sizeof(with_memory) : sizeof(plain);
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_record rec;
    struct aerocmd_diag diag;
    uint64_t submission_offset = 0;
    size_t n = 0;
    int step;
    aerocmd_trace_iter_init(&iter, trace);
    while ((step = aerocmd_trace_next_record(&iter, &rec, &diag)) > 0) {
        if (n < want_count)
            CHECK_EQ(rec.type, want[n]);
        if (n == 0)
            CHECK_EQ(rec.offset, trace->records_begin);
        if (rec.type == AEROCMD_TRACE_REC_SUBMISSION)
            submission_offset = rec.offset;
        n++;
    }
    CHECK_EQ(step, 0);
    CHECK_EQ(n, want_count);
    CHECK_EQ(iter.offset, trace->records_end);
    return submission_offset;
}

static void check_memory(const struct aerocmd_trace *trace,
                         const struct aerocmd_trace_submission *sub)
{
    struct aerocmd_trace_memory_range range;
    struct aerocmd_diag diag;
    CHECK_EQ(sub->alloc_table_len, 56);
    CHECK(sub->alloc_table && memcmp(sub->alloc_table, "ALOC", 4) == 0);
    CHECK_EQ(sub->memory_range_count, 1);
    CHECK_EQ(aerocmd_trace_submission_range(trace, sub, 0, &range, &diag), AEROCMD_OK);
    CHECK_EQ(range.alloc_id, 1);
    CHECK_EQ(range.flags, 0);
    CHECK_EQ(range.gpa, 0x1000);
    CHECK_EQ(range.size_bytes, 72);
    CHECK_EQ(range.blob_id, 3);
    CHECK_EQ(range.bytes_len, 72);
    /* The vertex data starts with -1.0f. */
    CHECK(range.bytes && get_u32(range.bytes) == 0xbf800000u);
    CHECK_EQ(aerocmd_trace_submission_range(trace, sub, 1, &range, &diag), AEROCMD_E_INVALID_ARG);
}

static void check_submission(const struct trace_fixture *fx, const struct aerocmd_trace *trace,
                             uint64_t submission_offset, const char *streams_dir)
{
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    size_t raw_len = 0;
    uint8_t *raw = load_file(streams_dir, fx->name, ".acmd", &raw_len);
    aerocmd_trace_iter_init(&iter, trace);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1);
    CHECK_EQ(sub.record_offset, submission_offset);
    CHECK_EQ(sub.cmd_stream_len, fx->stream_len);
    CHECK(sub.cmd_stream && memcmp(sub.cmd_stream, "ACMD", 4) == 0);
    CHECK_EQ(get_u32(sub.cmd_stream + 8), sub.cmd_stream_len);
    CHECK_EQ(get_u32(sub.cmd_stream + 4), fx->abi);
    CHECK_EQ(sub.submit_flags, 1);
    CHECK_EQ(sub.context_id, 0);
    CHECK_EQ(sub.engine_id, 0);
    CHECK_EQ(sub.signal_fence, 1);
    CHECK(raw && raw_len == sub.cmd_stream_len && memcmp(raw, sub.cmd_stream, raw_len) == 0);
    if (fx->has_memory) {
        check_memory(trace, &sub);
    } else {
        CHECK(sub.alloc_table == NULL);
        CHECK_EQ(sub.alloc_table_len, 0);
        CHECK_EQ(sub.memory_range_count, 0);
    }
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 0);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 0);
    CHECK_EQ(diag.reason, AEROCMD_R_NONE);
    free(raw);
}

int main(int argc, char **argv)
{
    size_t i;
    if (argc != 3) {
        fprintf(stderr, "usage: %s FIXTURES_DIR STREAMS_DIR\n", argv[0]);
        return 2;
    }
    for (i = 0; i < TRACE_FIXTURE_COUNT; i++) {
        const struct trace_fixture *fx = &trace_fixtures[i];
        struct aerocmd_trace trace;
        struct aerocmd_diag diag = {AEROCMD_R_COUNT_, 7, 7};
        size_t len = 0;
        uint8_t *bytes = load_fixture(argv[1], fx, &len);
        if (!CHECK(bytes != NULL))
            continue;
        if (CHECK_EQ(aerocmd_trace_open(&trace, bytes, len, &diag), AEROCMD_OK)) {
            CHECK_EQ(diag.reason, AEROCMD_R_NONE);
            check_open(fx, &trace, len);
            check_submission(fx, &trace, check_records(fx, &trace), argv[2]);
            CHECK_EQ(count_submissions(&trace, &diag), 1);
        } else {
            fprintf(stderr, "    %s: %s at %u\n", fx->name, aerocmd_reason_name(diag.reason),
                    diag.offset);
        }
        free(bytes);
    }
    return check_finish();
}
