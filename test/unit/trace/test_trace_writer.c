/* SPDX-License-Identifier: MIT */
/* test_trace_writer.c — aerocmd_trace_write: reproduces the recorder's files byte for
 * byte, picks submit flags and ABI version from the streams, escapes the metadata, refuses
 * bad arguments before allocating, and leaks nothing when the allocator fails.
 * Argument: FIXTURES_DIR. */
#include "check.h"
#include "trace_test_util.h"

#define EMULATOR_VERSION "0.0.0-dev"

static uint8_t *write_with(struct counting_allocator *counter,
                           const struct aerocmd_trace_stream_in *streams, uint32_t count,
                           const char *version, size_t *len, aerocmd_result *result)
{
    struct aerocmd_allocator alloc = counting_allocator_make(counter);
    uint8_t *out = NULL;
    *len = 0;
    *result = aerocmd_trace_write(&alloc, streams, count, version, &out, len);
    return *result == AEROCMD_OK ? out : NULL;
}

/* The fixture's stream, rewritten, gives the fixture back (except the one capture that also
 * recorded an allocation table and guest memory, which the writer never emits). */
static void test_reproduces_fixtures(const char *dir)
{
    size_t i;
    for (i = 0; i < TRACE_FIXTURE_COUNT; i++) {
        const struct trace_fixture *fx = &trace_fixtures[i];
        struct counting_allocator counter = {0, 0, 0, 0};
        struct aerocmd_trace trace;
        struct aerocmd_trace_iter iter;
        struct aerocmd_trace_submission sub;
        struct aerocmd_trace_stream_in in;
        struct aerocmd_diag diag;
        aerocmd_result result;
        size_t len = 0, out_len = 0;
        uint8_t *bytes = load_fixture(dir, fx, &len), *out;
        if (!CHECK(bytes != NULL) ||
            !CHECK_EQ(aerocmd_trace_open(&trace, bytes, len, &diag), AEROCMD_OK)) {
            free(bytes);
            continue;
        }
        aerocmd_trace_iter_init(&iter, &trace);
        CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1);
        in.bytes = sub.cmd_stream;
        in.len = sub.cmd_stream_len;
        out = write_with(&counter, &in, 1, EMULATOR_VERSION, &out_len, &result);
        CHECK_EQ(result, AEROCMD_OK);
        CHECK_EQ(counter.requests, 1);
        if (fx->has_memory) {
            /* Minus the table blob (8+16+56), memory blob (8+16+72) and range (32). */
            CHECK_EQ(out_len, len - 80 - 96 - 32);
        } else if (CHECK_EQ(out_len, len)) {
            if (!CHECK(memcmp(out, bytes, len) == 0))
                fprintf(stderr, "    %s differs\n", fx->name);
        }
        release_output(&counter, out, out_len);
        CHECK_EQ(counter.live_blocks, 0);
        free(bytes);
    }
}

static void check_submission_fields(const struct aerocmd_trace_submission *sub, uint32_t n,
                                    uint32_t flags, const uint8_t *stream, size_t stream_len)
{
    CHECK_EQ(sub->signal_fence, n);
    CHECK_EQ(sub->submit_flags, flags);
    CHECK_EQ(sub->context_id, 0);
    CHECK_EQ(sub->engine_id, 0);
    CHECK(sub->alloc_table == NULL);
    CHECK_EQ(sub->memory_range_count, 0);
    CHECK(sub->cmd_stream_len == stream_len && memcmp(sub->cmd_stream, stream, stream_len) == 0);
    /* Blob n is written just before submission n: 8 + 16 + stream bytes earlier. */
    CHECK(get_u32(sub->cmd_stream - 16) == n && get_u32(sub->cmd_stream - 8) == 0x100);
}

/* Three streams: PRESENT_EX only, nothing presenting, and a PRESENT hidden behind a packet
 * whose size breaks framing (so the scan stops before it). */
static void test_flags_ids_and_abi(void)
{
    static const uint32_t present_ex[] = {0x600, 40, 0x701, 24};
    static const uint32_t no_present[] = {0x600, 40, 0x720, 8};
    static const uint32_t broken[] = {0x600, 6, 0x700, 16};
    uint8_t s1[128], s2[128], s3[128];
    struct aerocmd_trace_stream_in in[3];
    struct counting_allocator counter = {0, 0, 0, 0};
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    aerocmd_result result;
    size_t len;
    uint8_t *out;
    in[0].bytes = s1;
    in[0].len = (uint32_t)build_stream(s1, 0x10003, present_ex, 2);
    in[1].bytes = s2;
    in[1].len = (uint32_t)build_stream(s2, 0x10004, no_present, 2);
    in[2].bytes = s3;
    in[2].len = (uint32_t)build_stream(s3, 0x10004, broken, 2);
    out = write_with(&counter, in, 3, EMULATOR_VERSION, &len, &result);
    if (!CHECK_EQ(result, AEROCMD_OK))
        return;
    CHECK_EQ(aerocmd_trace_open(&trace, out, len, &diag), AEROCMD_OK);
    CHECK_EQ(trace.command_abi_version, 0x10003);
    aerocmd_trace_iter_init(&iter, &trace);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1);
    check_submission_fields(&sub, 1, 1, s1, in[0].len);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1);
    check_submission_fields(&sub, 2, 0, s2, in[1].len);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1);
    check_submission_fields(&sub, 3, 0, s3, in[2].len);
    CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 0);
    release_output(&counter, out, len);
    CHECK_EQ(counter.live_blocks, 0);
}

static void test_empty_and_escaped(void)
{
    static const char want_meta[] =
        "{\"emulator_version\":\"a\\\"b\\\\c\\u000a\xc3\xa9\",\"command_abi_version\":65540}";
    struct counting_allocator counter = {0, 0, 0, 0};
    struct aerocmd_trace trace;
    struct aerocmd_diag diag;
    aerocmd_result result;
    size_t len;
    uint8_t *out = write_with(&counter, NULL, 0, "a\"b\\c\n\xc3\xa9", &len, &result);
    if (!CHECK_EQ(result, AEROCMD_OK))
        return;
    /* header, meta, BeginFrame, Present, one-frame TOC, footer */
    CHECK_EQ(len, 32 + strlen(want_meta) + 12 + 12 + 48 + 32);
    CHECK_EQ(get_u32(out + 16), 0x10004);
    CHECK_EQ(get_u32(out + 24), strlen(want_meta));
    CHECK(memcmp(out + 32, want_meta, strlen(want_meta)) == 0);
    CHECK_EQ(aerocmd_trace_open(&trace, out, len, &diag), AEROCMD_OK);
    CHECK_EQ(trace.frame_count, 1);
    CHECK_EQ(count_submissions(&trace, &diag), 0);
    release_output(&counter, out, len);
    CHECK_EQ(counter.live_blocks, 0);
}

static void test_bad_arguments(void)
{
    static const uint32_t one_clear[] = {0x600, 40};
    uint8_t good[64], short_stream[64], bad_magic[64];
    struct aerocmd_trace_stream_in in[2];
    struct counting_allocator counter = {0, 0, 0, 0};
    struct aerocmd_allocator alloc = counting_allocator_make(&counter);
    struct aerocmd_allocator no_release = alloc;
    uint8_t *out = NULL;
    size_t len = 0;
    no_release.release = NULL;
    in[0].bytes = good;
    in[0].len = (uint32_t)build_stream(good, 0x10004, one_clear, 1);
    in[1].bytes = short_stream;
    in[1].len = (uint32_t)build_stream(short_stream, 0x10004, NULL, 0) - 1;
    CHECK_EQ(aerocmd_trace_write(&alloc, in, 2, "x", &out, &len), AEROCMD_E_INVALID_ARG);
    build_stream(bad_magic, 0x10004, one_clear, 1);
    bad_magic[0] = 'X';
    in[1].bytes = bad_magic;
    in[1].len = in[0].len;
    CHECK_EQ(aerocmd_trace_write(&alloc, in, 2, "x", &out, &len), AEROCMD_E_INVALID_ARG);
    in[1].bytes = NULL;
    CHECK_EQ(aerocmd_trace_write(&alloc, in, 2, "x", &out, &len), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_write(&alloc, in, 1, NULL, &out, &len), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_write(NULL, in, 1, "x", &out, &len), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_write(&no_release, in, 1, "x", &out, &len), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_write(&alloc, in, 1, "x", NULL, &len), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_trace_write(&alloc, NULL, 1, "x", &out, &len), AEROCMD_E_INVALID_ARG);
    CHECK(out == NULL);
    CHECK_EQ(counter.requests, 0);
}

/* Every request of a successful run is refused once in turn. */
static void test_failing_allocator(const char *dir)
{
    size_t len = 0, out_len;
    uint8_t *bytes = load_fixture(dir, &trace_fixtures[2], &len), *out;
    struct aerocmd_trace_stream_in in[3];
    struct counting_allocator counter = {0, 0, 0, 0};
    aerocmd_result result;
    unsigned needed, n;
    if (!CHECK(bytes != NULL))
        return;
    /* The copy_buffer stream sits after header, meta, BeginFrame and blob header. */
    in[0].bytes = bytes + 128;
    in[0].len = get_u32(bytes + 136);
    in[1] = in[0];
    in[2] = in[0];
    out = write_with(&counter, in, 3, EMULATOR_VERSION, &out_len, &result);
    CHECK_EQ(result, AEROCMD_OK);
    needed = counter.requests;
    release_output(&counter, out, out_len);
    CHECK_EQ(counter.live_blocks, 0);
    CHECK(needed >= 1);
    for (n = 1; n <= needed + 1; n++) {
        struct counting_allocator failing = {0, n, 0, 0};
        out = write_with(&failing, in, 3, EMULATOR_VERSION, &out_len, &result);
        CHECK_EQ(result, n <= needed ? AEROCMD_E_OUT_OF_MEMORY : AEROCMD_OK);
        if (result == AEROCMD_OK)
            release_output(&failing, out, out_len);
        CHECK_EQ(failing.live_blocks, 0);
        CHECK_EQ(failing.live_bytes, 0);
    }
    free(bytes);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FIXTURES_DIR\n", argv[0]);
        return 2;
    }
    test_reproduces_fixtures(argv[1]);
    test_flags_ids_and_abi();
    test_empty_and_escaped();
    test_bad_arguments();
    test_failing_allocator(argv[1]);
    return check_finish();
}
