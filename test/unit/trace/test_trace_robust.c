/* SPDX-License-Identifier: MIT */
/* test_trace_robust.c — damaged input never crashes, hangs or reads outside the buffer:
 * every truncation and every single-bit flip of a capture is opened and walked with all
 * three iterators. Every span handed out must lie inside the buffer (and is read, so a
 * sanitizer build would see any overread). Argument: FIXTURES_DIR. */
#include "check.h"
#include "trace_test_util.h"

/* The triangle capture's command-stream blob data: not interpreted by the container. */
#define STREAM_DATA_BEGIN 128u
#define STREAM_DATA_END   (128u + 324u)

struct walk_result {
    int opened;
    int records;     /* -1 when the record walk hit a fault */
    int submissions; /* -1 when the submission walk hit a fault */
    int spans_inside;
    uint32_t checksum;
};

static int inside(const uint8_t *buf, size_t len, const uint8_t *p, size_t n)
{
    return p >= buf && (size_t)(p - buf) <= len && n <= len - (size_t)(p - buf);
}

static uint32_t touch(const uint8_t *p, size_t n)
{
    uint32_t sum = 0;
    size_t i;
    for (i = 0; i < n; i++)
        sum += p[i];
    return sum;
}

static void walk_records(const struct aerocmd_trace *trace, const uint8_t *buf, size_t len,
                         struct walk_result *r)
{
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_record rec;
    struct aerocmd_diag diag;
    int step;
    aerocmd_trace_iter_init(&iter, trace);
    /* Every record takes at least 8 bytes, so more steps than len / 8 would be a loop. */
    while ((step = aerocmd_trace_next_record(&iter, &rec, &diag)) > 0 &&
           (size_t)r->records <= len / 8) {
        r->spans_inside &= inside(buf, len, rec.payload, rec.payload_len);
        r->checksum += touch(rec.payload, rec.payload_len);
        r->records++;
    }
    if (step != 0)
        r->records = -1;
}

static void walk_ranges(const struct aerocmd_trace *trace,
                        const struct aerocmd_trace_submission *sub, const uint8_t *buf, size_t len,
                        struct walk_result *r)
{
    struct aerocmd_trace_memory_range range;
    struct aerocmd_diag diag;
    uint32_t i;
    r->spans_inside &= sub->memory_range_count == 0 ||
                       inside(buf, len, sub->memory_ranges, sub->memory_range_count * 32u);
    for (i = 0; i < sub->memory_range_count; i++) {
        if (aerocmd_trace_submission_range(trace, sub, i, &range, &diag) != AEROCMD_OK) {
            r->spans_inside = 0; /* the submission was accepted, so its ranges resolve */
            continue;
        }
        r->spans_inside &= inside(buf, len, range.bytes, range.bytes_len);
        r->checksum += touch(range.bytes, range.bytes_len);
    }
}

static void walk_submissions(const struct aerocmd_trace *trace, const uint8_t *buf, size_t len,
                             struct walk_result *r)
{
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    int step;
    aerocmd_trace_iter_init(&iter, trace);
    while ((step = aerocmd_trace_next_submission(&iter, &sub, &diag)) > 0 &&
           (size_t)r->submissions <= len / 8) {
        r->spans_inside &= inside(buf, len, sub.cmd_stream, sub.cmd_stream_len);
        r->spans_inside &=
            sub.alloc_table == NULL || inside(buf, len, sub.alloc_table, sub.alloc_table_len);
        r->checksum += touch(sub.cmd_stream, sub.cmd_stream_len);
        if (sub.alloc_table)
            r->checksum += touch(sub.alloc_table, sub.alloc_table_len);
        walk_ranges(trace, &sub, buf, len, r);
        r->submissions++;
    }
    if (step != 0)
        r->submissions = -1;
}

/* Opens a private, exactly sized copy of bytes[0..len) and walks it. */
static struct walk_result walk_copy(const uint8_t *bytes, size_t len)
{
    struct walk_result r = {0, 0, 0, 1, 0};
    struct aerocmd_trace trace;
    struct aerocmd_diag diag;
    uint8_t *copy = malloc(len ? len : 1);
    if (!copy)
        return r;
    memcpy(copy, bytes, len);
    if (aerocmd_trace_open(&trace, copy, len, &diag) == AEROCMD_OK) {
        r.opened = 1;
        r.spans_inside &= inside(copy, len, (const uint8_t *)trace.meta, trace.meta_len);
        r.spans_inside &= trace.records_begin <= trace.records_end && trace.records_end <= len;
        walk_records(&trace, copy, len, &r);
        walk_submissions(&trace, copy, len, &r);
    } else {
        r.spans_inside &= diag.reason >= AEROCMD_R_TRACE_SHORT &&
                          diag.reason <= AEROCMD_R_TRACE_SUBMISSION && diag.offset <= len;
    }
    free(copy);
    return r;
}

/* The footer must end the file, so no proper prefix opens. */
static void test_truncations(const uint8_t *bytes, size_t len, const char *what)
{
    size_t keep;
    unsigned opened = 0, bad_spans = 0;
    for (keep = 0; keep < len; keep++) {
        struct walk_result r = walk_copy(bytes, keep);
        opened += (unsigned)r.opened;
        bad_spans += r.spans_inside ? 0u : 1u;
    }
    CHECK_EQ(opened, 0);
    CHECK_EQ(bad_spans, 0);
    printf("%s: %u truncations refused\n", what, (unsigned)len);
}

static void test_bit_flips(const uint8_t *bytes, size_t len)
{
    uint8_t *flipped = malloc(len);
    unsigned opened = 0, faults = 0, bad_spans = 0, stream_flips_read = 0;
    size_t bit;
    struct walk_result clean = walk_copy(bytes, len);
    if (!CHECK(flipped != NULL))
        return;
    CHECK(clean.opened && clean.submissions == 1 && clean.records == 6 && clean.spans_inside);
    for (bit = 0; bit < len * 8; bit++) {
        struct walk_result r;
        size_t byte = bit / 8;
        memcpy(flipped, bytes, len);
        flipped[byte] ^= (uint8_t)(1u << (bit % 8));
        r = walk_copy(flipped, len);
        opened += (unsigned)r.opened;
        faults += r.opened && (r.records < 0 || r.submissions < 0);
        bad_spans += r.spans_inside ? 0u : 1u;
        /* The container does not judge stream bytes: a flip there reads like the original. */
        if (byte >= STREAM_DATA_BEGIN && byte < STREAM_DATA_END)
            stream_flips_read += r.opened && r.records == 6 && r.submissions == 1;
    }
    CHECK_EQ(bad_spans, 0);
    CHECK_EQ(stream_flips_read, (STREAM_DATA_END - STREAM_DATA_BEGIN) * 8);
    printf("%u bit flips: %u opened, %u of them stopped by an iterator\n", (unsigned)(len * 8),
           opened, faults);
    free(flipped);
}

int main(int argc, char **argv)
{
    uint8_t v1[V1_SIZE];
    size_t len = 0;
    uint8_t *bytes;
    if (argc != 2) {
        fprintf(stderr, "usage: %s FIXTURES_DIR\n", argv[0]);
        return 2;
    }
    bytes = load_fixture(argv[1], &trace_fixtures[8], &len);
    if (!CHECK(bytes != NULL))
        return check_finish();
    test_truncations(bytes, len, trace_fixtures[8].name);
    test_truncations(v1, build_v1_trace(v1), "version 1");
    test_bit_flips(bytes, len);
    free(bytes);
    return check_finish();
}
