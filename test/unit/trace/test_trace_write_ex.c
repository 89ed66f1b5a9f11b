/* SPDX-License-Identifier: MIT */
/* test_trace_write_ex.c — aerocmd_trace_write_ex: submissions with allocation tables and
 * guest memory ranges. Expectations come from doc/protocol/TRACE.md and the emulator's own
 * capture (aerogpu_cmd_triangle: one submission with a table blob and one guest-memory
 * blob), not from the writer: the capture is reproduced byte for byte, and what is written
 * reads back through the reader's submission and range API byte-exact. Bad submissions are
 * refused before anything is allocated; a failing allocator leaks nothing.
 * Argument: FIXTURES_DIR. */
#include "check.h"
#include "trace_test_util.h"
#include "trace_submissions.h"

#define EMULATOR_VERSION "0.0.0-dev"
#define TRIANGLE_FIXTURE 8u /* aerogpu_cmd_triangle in trace_fixtures */
#define SUBMIT_PRESENT   1u

static uint8_t *write_ex_with(struct counting_allocator *counter,
                              const struct aerocmd_trace_submission_in *subs, uint32_t count,
                              size_t *len, aerocmd_result *result)
{
    struct aerocmd_allocator alloc = counting_allocator_make(counter);
    uint8_t *out = NULL;
    *len = 0;
    *result = aerocmd_trace_write_ex(&alloc, subs, count, EMULATOR_VERSION, &out, len);
    return *result == AEROCMD_OK ? out : NULL;
}

/* The emulator's capture read back, then written again: the same bytes (TRACE.md's
 * recorder layout: stream blob, table blob, memory blob, submission record). */
static void test_reproduces_capture(const char *dir)
{
    const struct trace_fixture *fx = &trace_fixtures[TRIANGLE_FIXTURE];
    struct counting_allocator counter = {0, 0, 0, 0};
    struct aerocmd_trace trace;
    struct aerocmd_trace_submission_in in;
    struct aerocmd_trace_range_in range_in;
    aerocmd_result result;
    size_t len = 0, out_len = 0;
    uint8_t *bytes = load_fixture(dir, fx, &len), *out;
    if (CHECK(bytes != NULL && fx->has_memory) &&
        read_back_capture(bytes, len, &trace, &in, &range_in)) {
        out = write_ex_with(&counter, &in, 1, &out_len, &result);
        CHECK_EQ(result, AEROCMD_OK);
        CHECK_EQ(counter.requests, 1);
        if (CHECK_EQ(out_len, len) && !CHECK(memcmp(out, bytes, len) == 0))
            fprintf(stderr, "    %s differs\n", fx->name);
        release_output(&counter, out, out_len);
    }
    CHECK_EQ(counter.live_blocks, 0);
    free(bytes);
}

static void check_range(const struct aerocmd_trace_memory_range *got,
                        const struct aerocmd_trace_range_in *want, uint64_t blob_id)
{
    CHECK_EQ(got->alloc_id, want->alloc_id);
    CHECK_EQ(got->flags, want->flags);
    CHECK(got->gpa == want->gpa && got->size_bytes == want->size_bytes);
    CHECK(got->blob_id == blob_id);
    CHECK(got->bytes_len == want->size_bytes &&
          memcmp(got->bytes, want->bytes, (size_t)want->size_bytes) == 0);
}

/* The first submission, through both range lookups (file search and an indexed iterator). */
static void check_first(const struct aerocmd_trace *trace, const struct aerocmd_trace_iter *iter,
                        const struct aerocmd_trace_submission *sub, const struct two_submissions *t)
{
    struct aerocmd_trace_memory_range range;
    struct aerocmd_diag diag;
    uint32_t i;
    CHECK_EQ(sub->record_type, AEROCMD_TRACE_REC_SUBMISSION);
    CHECK(sub->cmd_stream_len == t->subs[0].cmd_stream_len &&
          memcmp(sub->cmd_stream, t->stream_a, sub->cmd_stream_len) == 0);
    CHECK(sub->alloc_table_len == t->subs[0].alloc_table_len &&
          memcmp(sub->alloc_table, t->table, sub->alloc_table_len) == 0);
    CHECK_EQ(sub->submit_flags, 0);
    CHECK_EQ(sub->context_id, 3);
    CHECK(sub->signal_fence == 41);
    if (!CHECK_EQ(sub->memory_range_count, 2))
        return;
    /* Blob ids in file order: stream 1, table 2, memory 3 and 4. */
    for (i = 0; i < 2; i++) {
        if (CHECK_EQ(aerocmd_trace_submission_range(trace, sub, i, &range, &diag), AEROCMD_OK))
            check_range(&range, &t->ranges[i], 3 + i);
        if (CHECK_EQ(aerocmd_trace_iter_range(iter, sub, i, &range, &diag), AEROCMD_OK))
            check_range(&range, &t->ranges[i], 3 + i);
    }
    CHECK_EQ(aerocmd_trace_submission_range(trace, sub, 2, &range, &diag), AEROCMD_E_INVALID_ARG);
}

static void test_round_trip(void)
{
    static struct two_submissions t;
    struct counting_allocator counter = {0, 0, 0, 0};
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    aerocmd_result result;
    size_t len;
    uint8_t *out;
    build_two_submissions(&t);
    out = write_ex_with(&counter, t.subs, 2, &len, &result);
    if (!CHECK_EQ(result, AEROCMD_OK))
        return;
    if (CHECK_EQ(aerocmd_trace_open(&trace, out, len, &diag), AEROCMD_OK)) {
        CHECK_EQ(trace.container_version, 2);
        CHECK_EQ(trace.frame_count, 1);
        aerocmd_trace_iter_init_indexed(&iter, &trace, aerocmd_allocator_libc());
        if (CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1))
            check_first(&trace, &iter, &sub, &t);
        if (CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1)) {
            CHECK(sub.alloc_table == NULL && sub.alloc_table_len == 0);
            CHECK_EQ(sub.memory_range_count, 0);
            CHECK_EQ(sub.submit_flags, SUBMIT_PRESENT); /* the stream presents */
            CHECK(sub.signal_fence == 2);               /* 0 given: its number */
            CHECK(sub.cmd_stream_len == t.subs[1].cmd_stream_len &&
                  get_u32(sub.cmd_stream - 16) == 5); /* after blobs 1..4 */
        }
        CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 0);
        aerocmd_trace_iter_release(&iter);
    }
    release_output(&counter, out, len);
    CHECK_EQ(counter.live_blocks, 0);
}

static void test_bad_submissions(void)
{
    static struct two_submissions t;
    struct counting_allocator counter = {0, 0, 0, 0};
    size_t len;
    aerocmd_result result;
    int rule;
    for (rule = 0; rule < BROKEN_RULES; rule++) {
        build_two_submissions(&t);
        break_rule(&t, rule);
        CHECK(write_ex_with(&counter, t.subs, 2, &len, &result) == NULL);
        if (!CHECK_EQ(result, AEROCMD_E_INVALID_ARG))
            fprintf(stderr, "    rule %d accepted\n", rule);
    }
    CHECK_EQ(counter.requests, 0);
    /* Ranges without a table are fine. */
    build_two_submissions(&t);
    t.subs[0].alloc_table = NULL;
    t.subs[0].alloc_table_len = 0;
    release_output(&counter, write_ex_with(&counter, t.subs, 2, &len, &result), len);
    CHECK_EQ(result, AEROCMD_OK);
    CHECK_EQ(counter.live_blocks, 0);
}

static void test_failing_allocator(void)
{
    static struct two_submissions t;
    struct counting_allocator failing = {0, 1, 0, 0};
    size_t len;
    aerocmd_result result;
    build_two_submissions(&t);
    CHECK(write_ex_with(&failing, t.subs, 2, &len, &result) == NULL);
    CHECK_EQ(result, AEROCMD_E_OUT_OF_MEMORY);
    CHECK_EQ(failing.requests, 1);
    CHECK_EQ(failing.live_blocks, 0);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FIXTURES_DIR\n", argv[0]);
        return 2;
    }
    test_reproduces_capture(argv[1]);
    test_round_trip();
    test_bad_submissions();
    test_failing_allocator();
    return check_finish();
}
