/* SPDX-License-Identifier: MIT */
/* test_trace_source.c — reading a trace three ways (in memory, in memory with a blob
 * index, through a source that reads pieces on demand) gives the same submissions, as
 * TRACE.md defines them: version-1 Packet records holding whole command streams, blobs
 * named long after they were written, a blob id reused by another kind. Also: the index
 * and the metadata copy release everything, every allocation failure is reported, a
 * failing source is a malformed container. Argument: FIXTURES_DIR. */
#include "check.h"
#include "trace_test_util.h"

#define BUF_BYTES 4096u

struct builder {
    uint8_t bytes[BUF_BYTES];
    size_t at;
    size_t frame_start;
};

static void begin(struct builder *b, uint32_t version)
{
    static const char meta[] = "{\"emulator_version\":\"t\",\"command_abi_version\":65540}";
    static const uint8_t frame[4] = {0, 0, 0, 0};
    memset(b, 0, sizeof(*b));
    memcpy(b->bytes, "AEROGPUT", 8);
    put_u32(b->bytes + 8, 32);
    put_u32(b->bytes + 12, version);
    put_u32(b->bytes + 16, 0x10004);
    put_u32(b->bytes + 24, (uint32_t)strlen(meta));
    memcpy(b->bytes + 32, meta, strlen(meta));
    b->at = 32 + strlen(meta);
    b->frame_start = b->at;
    b->at = put_record(b->bytes, b->at, 1, frame, 4);
}

static size_t finish(struct builder *b, uint32_t version)
{
    static const uint8_t frame[4] = {0, 0, 0, 0};
    size_t present = b->at, toc;
    b->at = put_record(b->bytes, b->at, 2, frame, 4);
    toc = b->at;
    memcpy(b->bytes + toc, "AEROTOC", 8);
    put_u32(b->bytes + toc + 8, 1);
    put_u32(b->bytes + toc + 12, 1);
    put_u64(b->bytes + toc + 24, b->frame_start);
    put_u64(b->bytes + toc + 32, present);
    put_u64(b->bytes + toc + 40, present + 12);
    memcpy(b->bytes + toc + 48, "AEROGPUF", 8);
    put_u32(b->bytes + toc + 56, 32);
    put_u32(b->bytes + toc + 60, version);
    put_u64(b->bytes + toc + 64, toc);
    put_u64(b->bytes + toc + 72, 48);
    return toc + 80;
}

static void add_submission(struct builder *b, uint64_t cmd, uint64_t table, uint64_t range_blob)
{
    uint8_t p[56 + 32];
    uint32_t len = range_blob ? 88u : 56u;
    memset(p, 0, sizeof(p));
    put_u32(p, 1);
    put_u32(p + 4, 56);
    put_u64(p + 32, cmd);
    put_u64(p + 40, table);
    if (range_blob) {
        put_u32(p + 48, 1);
        put_u32(p + 56, 7);    /* alloc_id */
        put_u64(p + 64, 4096); /* gpa */
        put_u64(p + 72, 4);    /* size_bytes */
        put_u64(p + 80, range_blob);
    }
    b->at = put_record(b->bytes, b->at, 5, p, len);
}

/* ---- reading three ways ---- */

struct memory_source {
    const uint8_t *bytes;
    unsigned reads;
    unsigned fail_at; /* 1-based read to fail; 0 never */
};

static int memory_read(void *user, uint64_t offset, void *buf, size_t len)
{
    struct memory_source *m = user;
    if (++m->reads == m->fail_at)
        return -1;
    memcpy(buf, m->bytes + offset, len);
    return 0;
}

enum way { IN_MEMORY, INDEXED, FROM_SOURCE, WAY_COUNT };

struct got {
    int count; /* -1: the walk failed */
    int last_step;
    struct aerocmd_diag diag;
    struct aerocmd_trace_submission subs[8];
};

static void walk(const uint8_t *bytes, size_t len, enum way way, struct got *got)
{
    struct counting_allocator counter = {0, 0, 0, 0};
    struct aerocmd_allocator alloc = counting_allocator_make(&counter);
    struct memory_source mem = {NULL, 0, 0};
    struct aerocmd_trace_source source;
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    int step;
    memset(got, 0, sizeof(*got));
    mem.bytes = bytes;
    source.read = memory_read;
    source.user = &mem;
    source.size = len;
    if (way == FROM_SOURCE)
        CHECK_EQ(aerocmd_trace_open_source(&trace, &source, &alloc, &got->diag), AEROCMD_OK);
    else
        CHECK_EQ(aerocmd_trace_open(&trace, bytes, len, &got->diag), AEROCMD_OK);
    if (way == IN_MEMORY)
        aerocmd_trace_iter_init(&iter, &trace);
    else
        aerocmd_trace_iter_init_indexed(&iter, &trace, &alloc);
    while ((step = aerocmd_trace_next_submission(&iter, &sub, &got->diag)) > 0 && got->count < 8)
        got->subs[got->count++] = sub;
    got->last_step = step;
    aerocmd_trace_iter_release(&iter);
    aerocmd_trace_close(&trace);
    CHECK_EQ(counter.live_blocks, 0);
}

/* The same submissions (pointers aside) all three ways; returns the in-memory walk. */
static void walk_all_ways(const uint8_t *bytes, size_t len, struct got *first)
{
    struct got other;
    int way, i;
    walk(bytes, len, IN_MEMORY, first);
    for (way = INDEXED; way < WAY_COUNT; way++) {
        walk(bytes, len, (enum way)way, &other);
        CHECK_EQ(other.count, first->count);
        CHECK_EQ(other.last_step, first->last_step);
        CHECK_EQ(other.diag.reason, first->diag.reason);
        CHECK_EQ(other.diag.offset, first->diag.offset);
        for (i = 0; i < first->count && i < other.count; i++) {
            CHECK_EQ(other.subs[i].record_offset, first->subs[i].record_offset);
            CHECK_EQ(other.subs[i].record_type, first->subs[i].record_type);
            CHECK_EQ(other.subs[i].cmd_stream_offset, first->subs[i].cmd_stream_offset);
            CHECK_EQ(other.subs[i].cmd_stream_len, first->subs[i].cmd_stream_len);
            CHECK_EQ(other.subs[i].alloc_table_offset, first->subs[i].alloc_table_offset);
            CHECK_EQ(other.subs[i].memory_range_count, first->subs[i].memory_range_count);
            CHECK(way != FROM_SOURCE || other.subs[i].cmd_stream == NULL);
        }
    }
}

/* ---- the cases ---- */

/* TRACE.md: a Packet record whose payload starts with a stream header of our major, its
 * size_bytes inside the payload, is a submission in record order (version 1 records its
 * streams this way); other Packet records are not. */
static void check_version1_packet_records(void)
{
    static const uint32_t one_nop[] = {0, 8}, two_nops[] = {0, 8, 0, 8};
    uint8_t a[64], b[64], c[72], major2[64];
    size_t a_len = build_stream(a, 0x10004, one_nop, 1),
           b_len = build_stream(b, 0x10004, two_nops, 2);
    size_t c_len = build_stream(c, 0x10004, one_nop, 1), m_len;
    size_t a_at, b_at, c_at, len;
    struct builder t;
    struct got got;
    memset(c + c_len, 0, 8); /* eight bytes past size_bytes, inside the payload */
    m_len = build_stream(major2, 0x20000, one_nop, 1);
    begin(&t, 1);
    a_at = t.at;
    t.at = put_record(t.bytes, t.at, 3, a, (uint32_t)a_len);
    t.at = put_record(t.bytes, t.at, 3, a + 24, 8);               /* a lone packet */
    t.at = put_record(t.bytes, t.at, 3, major2, (uint32_t)m_len); /* another major */
    b_at = t.at;
    t.at = put_blob(t.bytes, t.at, 5, 0x100, b, (uint32_t)b_len);
    c_at = t.at;
    t.at = put_record(t.bytes, t.at, 3, c, (uint32_t)c_len + 8);
    len = finish(&t, 1);
    walk_all_ways(t.bytes, len, &got);
    if (!CHECK_EQ(got.count, 3) || !CHECK_EQ(got.last_step, 0))
        return;
    CHECK_EQ(got.subs[0].record_offset, a_at);
    CHECK_EQ(got.subs[0].record_type, AEROCMD_TRACE_REC_PACKET);
    CHECK_EQ(got.subs[0].cmd_stream_offset, a_at + 8);
    CHECK_EQ(got.subs[0].cmd_stream_len, a_len);
    CHECK(got.subs[0].cmd_stream == t.bytes + a_at + 8);
    CHECK_EQ(got.subs[1].record_type, AEROCMD_TRACE_REC_BLOB);
    CHECK_EQ(got.subs[1].cmd_stream_offset, b_at + 8 + 16);
    CHECK_EQ(got.subs[1].cmd_stream_len, b_len);
    CHECK_EQ(got.subs[2].record_offset, c_at);
    CHECK_EQ(got.subs[2].cmd_stream_len, c_len + 8);
    CHECK(got.subs[2].alloc_table == NULL && got.subs[2].alloc_table_offset == 0);
}

/* Submissions name blobs written long before them, out of order; a range names a
 * guest-memory blob; the latest blob of an id wins. */
static void check_blobs_named_late(void)
{
    static const uint32_t one_nop[] = {0, 8};
    static const uint8_t memory[4] = {9, 8, 7, 6};
    uint8_t s[64];
    size_t s_len = build_stream(s, 0x10004, one_nop, 1), blob3_second, len;
    struct builder t;
    struct got got;
    begin(&t, 2);
    t.at = put_blob(t.bytes, t.at, 1, 0x100, s, (uint32_t)s_len);
    t.at = put_blob(t.bytes, t.at, 2, 0x100, s, (uint32_t)s_len);
    t.at = put_blob(t.bytes, t.at, 3, 0x100, s, (uint32_t)s_len);
    t.at = put_blob(t.bytes, t.at, 9, 0x102, memory, 4);
    blob3_second = t.at;
    t.at = put_blob(t.bytes, t.at, 3, 0x100, s, (uint32_t)s_len - 8); /* shorter: the latest */
    add_submission(&t, 3, 0, 9);
    add_submission(&t, 1, 0, 0);
    add_submission(&t, 2, 0, 9);
    len = finish(&t, 2);
    walk_all_ways(t.bytes, len, &got);
    if (!CHECK_EQ(got.count, 3))
        return;
    CHECK_EQ(got.subs[0].cmd_stream_offset, blob3_second + 24);
    CHECK_EQ(got.subs[0].cmd_stream_len, s_len - 8);
    CHECK_EQ(got.subs[0].memory_range_count, 1);
    CHECK_EQ(got.subs[1].cmd_stream_len, s_len);
}

/* A range resolved through the index equals the one resolved by a search. */
static void check_ranges(void)
{
    static const uint32_t one_nop[] = {0, 8};
    static const uint8_t memory[4] = {9, 8, 7, 6};
    struct counting_allocator counter = {0, 0, 0, 0};
    struct aerocmd_allocator alloc = counting_allocator_make(&counter);
    uint8_t s[64];
    struct builder t;
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_trace_memory_range by_index, by_search;
    struct aerocmd_diag diag;
    size_t len, memory_at;
    begin(&t, 2);
    memory_at = t.at;
    t.at = put_blob(t.bytes, t.at, 9, 0x102, memory, 4);
    t.at = put_blob(t.bytes, t.at, 1, 0x100, s, (uint32_t)build_stream(s, 0x10004, one_nop, 1));
    add_submission(&t, 1, 0, 9);
    len = finish(&t, 2);
    CHECK_EQ(aerocmd_trace_open(&trace, t.bytes, len, &diag), AEROCMD_OK);
    aerocmd_trace_iter_init_indexed(&iter, &trace, &alloc);
    if (CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1)) {
        CHECK_EQ(aerocmd_trace_iter_range(&iter, &sub, 0, &by_index, &diag), AEROCMD_OK);
        CHECK_EQ(aerocmd_trace_submission_range(&trace, &sub, 0, &by_search, &diag), AEROCMD_OK);
        CHECK_EQ(by_index.bytes_offset, memory_at + 24);
        CHECK_EQ(by_search.bytes_offset, memory_at + 24);
        CHECK(by_index.bytes == t.bytes + memory_at + 24 && by_index.bytes_len == 4);
        CHECK_EQ(by_index.alloc_id, 7);
        CHECK_EQ(by_index.gpa, 4096);
        CHECK_EQ(aerocmd_trace_iter_range(&iter, &sub, 1, &by_index, &diag), AEROCMD_E_INVALID_ARG);
    }
    aerocmd_trace_iter_release(&iter);
    CHECK_EQ(counter.live_blocks, 0);
}

/* A later blob of another kind that reuses the named id hides the earlier stream. */
static void check_id_reused_by_another_kind(void)
{
    static const uint32_t one_nop[] = {0, 8};
    static const uint8_t dxbc[4] = {1, 2, 3, 4};
    uint8_t s[64];
    struct builder t;
    struct got got;
    size_t len, submission_at;
    begin(&t, 2);
    t.at = put_blob(t.bytes, t.at, 4, 0x100, s, (uint32_t)build_stream(s, 0x10004, one_nop, 1));
    t.at = put_blob(t.bytes, t.at, 4, 0x03, dxbc, 4);
    submission_at = t.at;
    add_submission(&t, 4, 0, 0);
    len = finish(&t, 2);
    walk_all_ways(t.bytes, len, &got);
    CHECK_EQ(got.count, 0);
    CHECK_EQ(got.last_step, -1);
    CHECK_EQ(got.diag.reason, AEROCMD_R_TRACE_BLOB);
    CHECK_EQ(got.diag.offset, submission_at);
}

/* Every allocation of the index and of the metadata copy can fail: reported, nothing
 * leaked; a failing read is a malformed container. */
static void check_failures(const char *dir)
{
    size_t len = 0;
    uint8_t *bytes = load_fixture(dir, &trace_fixtures[8], &len);
    unsigned fail_at, reads, fail_read;
    struct memory_source mem = {NULL, 0, 0};
    struct aerocmd_trace_source source;
    struct aerocmd_diag diag;
    if (!CHECK(bytes != NULL))
        return;
    mem.bytes = bytes;
    source.read = memory_read;
    source.user = &mem;
    source.size = len;
    for (fail_at = 1; fail_at <= 4; fail_at++) {
        struct counting_allocator counter = {0, 0, 0, 0};
        struct aerocmd_allocator alloc = counting_allocator_make(&counter);
        struct aerocmd_trace trace;
        struct aerocmd_trace_iter iter;
        struct aerocmd_trace_submission sub;
        aerocmd_result opened;
        counter.fail_at = fail_at;
        opened = aerocmd_trace_open_source(&trace, &source, &alloc, &diag);
        if (opened == AEROCMD_OK) {
            int step;
            aerocmd_trace_iter_init_indexed(&iter, &trace, &alloc);
            while ((step = aerocmd_trace_next_submission(&iter, &sub, &diag)) > 0)
                ;
            CHECK(step == 0 || step == AEROCMD_TRACE_OUT_OF_MEMORY);
            CHECK(step == 0 || counter.requests >= fail_at);
            aerocmd_trace_iter_release(&iter);
            aerocmd_trace_close(&trace);
        } else {
            CHECK_EQ(opened, AEROCMD_E_OUT_OF_MEMORY);
        }
        CHECK_EQ(counter.live_blocks, 0);
    }
    mem.reads = 0;
    {
        struct counting_allocator counter = {0, 0, 0, 0};
        struct aerocmd_allocator alloc = counting_allocator_make(&counter);
        struct aerocmd_trace trace;
        CHECK_EQ(aerocmd_trace_open_source(&trace, &source, &alloc, &diag), AEROCMD_OK);
        aerocmd_trace_close(&trace);
        reads = mem.reads;
        for (fail_read = 1; fail_read <= reads; fail_read++) {
            mem.reads = 0;
            mem.fail_at = fail_read;
            CHECK_EQ(aerocmd_trace_open_source(&trace, &source, &alloc, &diag),
                     AEROCMD_E_MALFORMED);
        }
        mem.fail_at = 0;
        CHECK_EQ(counter.live_blocks, 0);
    }
    free(bytes);
}

/* The captures read the same all three ways. */
static void check_fixtures(const char *dir)
{
    size_t i;
    for (i = 0; i < TRACE_FIXTURE_COUNT; i++) {
        size_t len = 0;
        uint8_t *bytes = load_fixture(dir, &trace_fixtures[i], &len);
        struct got got;
        if (!CHECK(bytes != NULL))
            continue;
        walk_all_ways(bytes, len, &got);
        CHECK_EQ(got.count, 1);
        CHECK_EQ(got.subs[0].cmd_stream_len, trace_fixtures[i].stream_len);
        CHECK_EQ(got.subs[0].alloc_table_offset != 0, trace_fixtures[i].has_memory);
        free(bytes);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_trace_source FIXTURES_DIR\n");
        return 2;
    }
    check_version1_packet_records();
    check_blobs_named_late();
    check_ranges();
    check_id_reused_by_another_kind();
    check_failures(argv[1]);
    check_fixtures(argv[1]);
    return check_finish();
}
