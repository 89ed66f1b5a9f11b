/* SPDX-License-Identifier: MIT */
/* test_trace_out.c — aerocmd_trace_out_*: a container written one submission at a time
 * through a sink. Expectations: the emulator's own capture (aerogpu_cmd_triangle) is
 * reproduced byte for byte; what is written reads back through the reader; the contract
 * that the bytes are aerocmd_trace_write_ex's for the same submissions; a refusing sink
 * stops everything after it; a refused submission writes nothing and leaves the container
 * open and the header's ABI that of the first submission written. Argument: FIXTURES_DIR. */
#include "check.h"
#include "trace_test_util.h"
#include "trace_submissions.h"
#include "aerogpu_pci.h"

#define EMULATOR_VERSION "0.0.0-dev"
#define TRIANGLE_FIXTURE 8u /* aerogpu_cmd_triangle in trace_fixtures */
#define SINK_BYTES_MAX   4096u
#define REFUSED_ABI      0x10003u /* ABI 1.3 */

/* What a sink received; refuses call number `refuse_at` (counted from 0) when it is set. */
struct recording_sink {
    uint8_t bytes[SINK_BYTES_MAX];
    size_t len;
    uint32_t calls;
    uint32_t refuse_at;
    int refusing;
};

static aerocmd_result record(void *user, const void *bytes, size_t len)
{
    struct recording_sink *s = user;
    uint32_t call = s->calls++;
    if (s->refusing && call >= s->refuse_at)
        return AEROCMD_E_OUT_OF_MEMORY;
    if (len > sizeof(s->bytes) - s->len)
        return AEROCMD_E_INVALID_ARG;
    memcpy(s->bytes + s->len, bytes, len);
    s->len += len;
    return AEROCMD_OK;
}

/* Streams `count` submissions through `s`; the first result that is not OK, or end's. */
static aerocmd_result stream_all(struct recording_sink *s,
                                 const struct aerocmd_trace_submission_in *subs, uint32_t count)
{
    const struct aerocmd_trace_sink sink = {s, record};
    struct aerocmd_trace_out out;
    aerocmd_result result = aerocmd_trace_out_begin(&out, &sink, EMULATOR_VERSION);
    uint32_t i;
    for (i = 0; result == AEROCMD_OK && i < count; i++)
        result = aerocmd_trace_out_submission(&out, &subs[i]);
    return result == AEROCMD_OK ? aerocmd_trace_out_end(&out) : result;
}

/* The bytes aerocmd_trace_write_ex writes for the same submissions. It writes through these
 * calls into an allocation it sized first, so this checks that size plan, not the layout:
 * the capture and the reader check that. */
static void check_same_as_write_ex(const struct recording_sink *s,
                                   const struct aerocmd_trace_submission_in *subs, uint32_t count)
{
    const struct aerocmd_allocator *alloc = aerocmd_allocator_libc();
    uint8_t *whole = NULL;
    size_t whole_len = 0;
    if (!CHECK_EQ(aerocmd_trace_write_ex(alloc, subs, count, EMULATOR_VERSION, &whole, &whole_len),
                  AEROCMD_OK))
        return;
    CHECK(s->len == whole_len && memcmp(s->bytes, whole, whole_len) == 0);
    alloc->release(alloc->user, whole, whole_len);
}

/* The emulator's capture (its file bytes, kept for comparison) and its one submission as
 * writer input; bytes is NULL when it could not be read back. */
struct capture {
    uint8_t *bytes;
    size_t len;
    struct aerocmd_trace trace;
    struct aerocmd_trace_submission_in in;
    struct aerocmd_trace_range_in range;
};

static void load_capture(const char *dir, struct capture *c)
{
    c->len = 0;
    c->bytes = load_fixture(dir, &trace_fixtures[TRIANGLE_FIXTURE], &c->len);
    if (CHECK(c->bytes != NULL && c->len <= SINK_BYTES_MAX) &&
        read_back_capture(c->bytes, c->len, &c->trace, &c->in, &c->range))
        return;
    free(c->bytes);
    c->bytes = NULL;
}

static void test_reproduces_capture(const char *dir)
{
    static struct recording_sink s;
    struct capture c;
    memset(&s, 0, sizeof(s));
    load_capture(dir, &c);
    if (!c.bytes)
        return;
    CHECK_EQ(stream_all(&s, &c.in, 1), AEROCMD_OK);
    if (CHECK_EQ(s.len, c.len) && !CHECK(memcmp(s.bytes, c.bytes, c.len) == 0))
        fprintf(stderr, "    %s differs\n", trace_fixtures[TRIANGLE_FIXTURE].name);
    CHECK(s.calls > 1); /* written in pieces, not gathered whole */
    free(c.bytes);
}

static void test_reads_back(void)
{
    static struct two_submissions t;
    static struct recording_sink s;
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    build_two_submissions(&t);
    memset(&s, 0, sizeof(s));
    if (!CHECK_EQ(stream_all(&s, t.subs, 2), AEROCMD_OK) ||
        !CHECK_EQ(aerocmd_trace_open(&trace, s.bytes, s.len, &diag), AEROCMD_OK))
        return;
    aerocmd_trace_iter_init(&iter, &trace);
    if (CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1)) {
        CHECK(sub.signal_fence == 41);
        CHECK(sub.alloc_table_len == t.subs[0].alloc_table_len);
        CHECK_EQ(sub.memory_range_count, 2);
    }
    if (CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1))
        CHECK(sub.signal_fence == 2 && sub.submit_flags == 1u); /* its number; PRESENT */
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 0);
    check_same_as_write_ex(&s, t.subs, 2);
}

/* No submission: a complete container of one empty frame, with this ABI in its header. */
static void test_no_submissions(void)
{
    static struct recording_sink s;
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    memset(&s, 0, sizeof(s));
    if (!CHECK_EQ(stream_all(&s, NULL, 0), AEROCMD_OK) ||
        !CHECK_EQ(aerocmd_trace_open(&trace, s.bytes, s.len, &diag), AEROCMD_OK))
        return;
    CHECK_EQ(trace.command_abi_version, AEROGPU_ABI_VERSION_U32);
    CHECK_EQ(trace.frame_count, 1);
    aerocmd_trace_iter_init(&iter, &trace);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 0);
    check_same_as_write_ex(&s, NULL, 0);
}

/* A sink refusing its k-th call, for every k a whole run of `subs` makes: that refusal is
 * every later answer and the sink is never called again. */
static void check_refusals(const struct aerocmd_trace_submission_in *subs, uint32_t count)
{
    static struct recording_sink s;
    uint32_t calls, k;
    memset(&s, 0, sizeof(s));
    if (!CHECK_EQ(stream_all(&s, subs, count), AEROCMD_OK))
        return;
    calls = s.calls;
    for (k = 0; k < calls; k++) {
        memset(&s, 0, sizeof(s));
        s.refusing = 1;
        s.refuse_at = k;
        if (!CHECK_EQ(stream_all(&s, subs, count), AEROCMD_E_OUT_OF_MEMORY) ||
            !CHECK_EQ(s.calls, k + 1))
            fprintf(stderr, "    refusal at call %u\n", (unsigned)k);
    }
}

/* Over small fields only (two_submissions) and over the capture, whose payloads are
 * larger than the writer's stage and go to the sink directly. */
static void test_refusing_sink(const char *dir)
{
    static struct two_submissions t;
    struct capture c;
    build_two_submissions(&t);
    check_refusals(t.subs, 2);
    load_capture(dir, &c);
    if (c.bytes && CHECK(c.in.cmd_stream_len > AEROCMD_TRACE_OUT_STAGE_BYTES))
        check_refusals(&c.in, 1);
    free(c.bytes);
}

/* The container holds the second submission alone: the first one written, with the
 * header's ABI its stream's (1.4). */
static void check_only_second(const struct recording_sink *s, const struct two_submissions *t)
{
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    if (!CHECK_EQ(aerocmd_trace_open(&trace, s->bytes, s->len, &diag), AEROCMD_OK))
        return;
    CHECK_EQ(trace.command_abi_version, 0x10004);
    aerocmd_trace_iter_init(&iter, &trace);
    if (CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1))
        CHECK(sub.signal_fence == 1 && sub.cmd_stream_len == t->subs[1].cmd_stream_len &&
              memcmp(sub.cmd_stream, t->stream_b, sub.cmd_stream_len) == 0);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 0);
}

/* Each broken rule: the submission is refused with nothing written, the container stays
 * open, and it ends as the container of the submissions that were taken. */
static void test_refused_submission(void)
{
    static struct two_submissions t;
    static struct recording_sink s;
    const struct aerocmd_trace_sink sink = {&s, record};
    struct aerocmd_trace_out out;
    int rule;
    for (rule = 0; rule < BROKEN_RULES; rule++) {
        build_two_submissions(&t);
        break_rule(&t, rule);
        put_u32(t.stream_a + 4, REFUSED_ABI); /* the header must not take it */
        memset(&s, 0, sizeof(s));
        CHECK_EQ(aerocmd_trace_out_begin(&out, &sink, EMULATOR_VERSION), AEROCMD_OK);
        if (!CHECK_EQ(aerocmd_trace_out_submission(&out, &t.subs[0]), AEROCMD_E_INVALID_ARG))
            fprintf(stderr, "    rule %d accepted\n", rule);
        CHECK_EQ(aerocmd_trace_out_submission(&out, &t.subs[1]), AEROCMD_OK);
        CHECK_EQ(aerocmd_trace_out_end(&out), AEROCMD_OK);
        check_only_second(&s, &t);
        check_same_as_write_ex(&s, &t.subs[1], 1);
    }
}

static void test_arguments(void)
{
    static struct two_submissions t;
    static struct recording_sink s;
    const struct aerocmd_trace_sink sink = {&s, record}, no_write = {&s, NULL};
    struct aerocmd_trace_out out;
    build_two_submissions(&t);
    memset(&s, 0, sizeof(s));
    CHECK_EQ(aerocmd_trace_out_begin(NULL, &sink, EMULATOR_VERSION), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_out_begin(&out, &no_write, EMULATOR_VERSION), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_out_begin(&out, &sink, NULL), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_out_begin(&out, NULL, EMULATOR_VERSION), AEROCMD_E_INVALID_ARG);
    /* A writer that did not begin writes nothing. */
    CHECK_EQ(aerocmd_trace_out_submission(&out, &t.subs[1]), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_out_end(&out), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_out_submission(NULL, &t.subs[1]), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_out_end(NULL), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(s.calls, 0);
    /* An ended container takes nothing more. */
    CHECK_EQ(aerocmd_trace_out_begin(&out, &sink, EMULATOR_VERSION), AEROCMD_OK);
    CHECK_EQ(aerocmd_trace_out_submission(&out, NULL), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_out_end(&out), AEROCMD_OK);
    CHECK_EQ(aerocmd_trace_out_submission(&out, &t.subs[1]), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_out_end(&out), AEROCMD_E_INVALID_ARG);
    check_same_as_write_ex(&s, NULL, 0);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FIXTURES_DIR\n", argv[0]);
        return 2;
    }
    test_reproduces_capture(argv[1]);
    test_reads_back();
    test_no_submissions();
    test_refusing_sink(argv[1]);
    test_refused_submission();
    test_arguments();
    return check_finish();
}
