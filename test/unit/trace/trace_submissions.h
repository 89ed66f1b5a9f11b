/* SPDX-License-Identifier: MIT */
/* trace_submissions.h — submissions with allocation tables and guest memory for the trace
 * writer tests, and the ways to break the rules of struct aerocmd_trace_submission_in. */
#ifndef AEROCMD_TEST_TRACE_SUBMISSIONS_H
#define AEROCMD_TEST_TRACE_SUBMISSIONS_H

#include "check.h"
#include "trace_test_util.h"

#define ALLOC_TABLE_MAGIC  0x434F4C41u /* "ALOC" (protocol/aerogpu_ring.h) */
#define TABLE_HEADER_BYTES 24u
#define TABLE_ENTRY_BYTES  32u

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

/* The one submission of a capture with one guest-memory range (the triangle fixture) as
 * writer input: 1 when `bytes` reads back so; `trace` stays open for the pointers. */
static int read_back_capture(const uint8_t *bytes, size_t len, struct aerocmd_trace *trace,
                             struct aerocmd_trace_submission_in *in,
                             struct aerocmd_trace_range_in *range_in)
{
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_trace_memory_range range;
    struct aerocmd_diag diag;
    if (!CHECK_EQ(aerocmd_trace_open(trace, bytes, len, &diag), AEROCMD_OK))
        return 0;
    aerocmd_trace_iter_init(&iter, trace);
    if (!CHECK_EQ(aerocmd_trace_next_submission(&iter, &sub, &diag), 1) ||
        !CHECK_EQ(sub.memory_range_count, 1) ||
        !CHECK_EQ(aerocmd_trace_submission_range(trace, &sub, 0, &range, &diag), AEROCMD_OK))
        return 0;
    memset(in, 0, sizeof(*in));
    in->cmd_stream = sub.cmd_stream;
    in->cmd_stream_len = sub.cmd_stream_len;
    in->alloc_table = sub.alloc_table;
    in->alloc_table_len = sub.alloc_table_len;
    in->submit_flags = sub.submit_flags;
    in->signal_fence = sub.signal_fence;
    range_in->alloc_id = range.alloc_id;
    range_in->flags = range.flags;
    range_in->gpa = range.gpa;
    range_in->bytes = range.bytes;
    range_in->size_bytes = range.size_bytes;
    in->ranges = range_in;
    in->range_count = 1;
    return 1;
}

#endif
