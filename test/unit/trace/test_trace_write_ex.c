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

#define EMULATOR_VERSION   "0.0.0-dev"
#define TRIANGLE_FIXTURE   8u          /* aerogpu_cmd_triangle in trace_fixtures */
#define ALLOC_TABLE_MAGIC  0x434F4C41u /* "ALOC" (protocol/aerogpu_ring.h) */
#define SUBMIT_PRESENT     1u
#define TABLE_HEADER_BYTES 24u
#define TABLE_ENTRY_BYTES  32u

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
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_trace_memory_range range;
    struct aerocmd_trace_submission_in in;
    struct aerocmd_trace_range_in range_in;
    struct aerocmd_diag diag;
    aerocmd_result result;
    size_t len = 0, out_len = 0;
    uint8_t *bytes = load_fixture(dir, fx, &len), *out;
    if (!CHECK(bytes != NULL && fx->has_memory) ||
        !CHECK_EQ(aerocmd_trace_open(&trace, bytes, len, &diag), AEROCMD_OK)) {
        free(bytes);
        return;
    }
    aerocmd_trace_iter_init(&iter, &trace);
    if (CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1) &&
        CHECK_EQ(sub.memory_range_count, 1) &&
        CHECK_EQ(aerocmd_trace_submission_range(&trace, &sub, 0, &range, &diag), AEROCMD_OK)) {
        memset(&in, 0, sizeof(in));
        in.cmd_stream = sub.cmd_stream;
        in.cmd_stream_len = sub.cmd_stream_len;
        in.alloc_table = sub.alloc_table;
        in.alloc_table_len = sub.alloc_table_len;
        in.submit_flags = sub.submit_flags;
        in.signal_fence = sub.signal_fence;
        range_in.alloc_id = range.alloc_id;
        range_in.flags = range.flags;
        range_in.gpa = range.gpa;
        range_in.bytes = range.bytes;
        range_in.size_bytes = range.size_bytes;
        in.ranges = &range_in;
        in.range_count = 1;
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

/* An aerogpu_alloc_table (protocol/aerogpu_ring.h): 24-byte header, 32-byte entries. */
static uint32_t build_table(uint8_t *out, const uint32_t *ids, const uint64_t *gpas,
                            const uint64_t *sizes, uint32_t count)
{
    uint32_t size = TABLE_HEADER_BYTES + count * TABLE_ENTRY_BYTES, i;
    memset(out, 0, size);
    put_u32(out, ALLOC_TABLE_MAGIC);
    put_u32(out + 4, 0x10004);
    put_u32(out + 8, size);
    put_u32(out + 12, count);
    put_u32(out + 16, TABLE_ENTRY_BYTES);
    for (i = 0; i < count; i++) {
        uint8_t *e = out + TABLE_HEADER_BYTES + i * TABLE_ENTRY_BYTES;
        put_u32(e, ids[i]);
        put_u64(e + 8, gpas[i]);
        put_u64(e + 16, sizes[i]);
    }
    return size;
}

/* Two submissions: the first with a two-entry table, a whole-allocation range and a range
 * inside the second allocation; the second presenting, without table or memory. */
struct two_submissions {
    uint8_t stream_a[128], stream_b[128], table[128], mem_a[40], mem_b[12];
    struct aerocmd_trace_range_in ranges[2];
    struct aerocmd_trace_submission_in subs[2];
};

static void build_two_submissions(struct two_submissions *t)
{
    static const uint32_t clear_draw[] = {0x600, 40, 0x601, 24};
    static const uint32_t present[] = {0x700, 16};
    static const uint32_t ids[2] = {7, 9};
    static const uint64_t gpas[2] = {0x10000, 0x20000}, sizes[2] = {40, 64};
    uint32_t i;
    memset(t, 0, sizeof(*t));
    for (i = 0; i < sizeof(t->mem_a); i++)
        t->mem_a[i] = (uint8_t)(0xA0 + i);
    for (i = 0; i < sizeof(t->mem_b); i++)
        t->mem_b[i] = (uint8_t)(0x30 + i);
    t->ranges[0].alloc_id = 7;
    t->ranges[0].gpa = 0x10000;
    t->ranges[0].bytes = t->mem_a;
    t->ranges[0].size_bytes = sizeof(t->mem_a);
    t->ranges[1].alloc_id = 9;
    t->ranges[1].flags = 0x5;
    t->ranges[1].gpa = 0x20010;
    t->ranges[1].bytes = t->mem_b;
    t->ranges[1].size_bytes = sizeof(t->mem_b);
    t->subs[0].cmd_stream = t->stream_a;
    t->subs[0].cmd_stream_len = (uint32_t)build_stream(t->stream_a, 0x10004, clear_draw, 2);
    t->subs[0].alloc_table = t->table;
    t->subs[0].alloc_table_len = build_table(t->table, ids, gpas, sizes, 2);
    t->subs[0].ranges = t->ranges;
    t->subs[0].range_count = 2;
    t->subs[0].context_id = 3;
    t->subs[0].engine_id = 0;
    t->subs[0].signal_fence = 41;
    t->subs[1].cmd_stream = t->stream_b;
    t->subs[1].cmd_stream_len = (uint32_t)build_stream(t->stream_b, 0x10004, present, 1);
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

#define BROKEN_RULES 11

/* Breaks rule `rule` of struct aerocmd_trace_submission_in in the first submission. */
static void break_rule(struct two_submissions *t, int rule)
{
    struct aerocmd_trace_submission_in *s = &t->subs[0];
    if (rule == 0)
        t->table[0] = 'X'; /* not "ALOC" */
    else if (rule == 1)
        s->alloc_table_len += 8; /* longer than the table's size_bytes */
    else if (rule == 2)
        s->alloc_table_len = 20; /* shorter than a table header */
    else if (rule == 3)
        s->alloc_table = NULL; /* a length without a table */
    else if (rule == 4)
        t->ranges[1].alloc_id = 8; /* not in the table */
    else if (rule == 5)
        t->ranges[1].gpa = 0x20038; /* runs past its entry's end */
    else if (rule == 6)
        t->ranges[0].gpa = 0xfff0; /* starts before its entry */
    else if (rule == 7)
        t->ranges[0].bytes = NULL; /* no bytes */
    else if (rule == 8)
        s->ranges = NULL; /* a count without ranges */
    else if (rule == 9)
        t->ranges[0].alloc_id = 0; /* alloc_id 0 */
    else {
        s->alloc_table = NULL; /* without a table the span still must not wrap */
        s->alloc_table_len = 0;
        t->ranges[0].gpa = UINT64_MAX - 8;
    }
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
