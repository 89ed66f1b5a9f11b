/* SPDX-License-Identifier: MIT */
/* demo_trace.c — the demo's submissions as a trace with tables and guest memory. */
#include "demo_trace.h"

#include <string.h>

#include "aerocmd/trace.h"
#include "aerogpu_ring.h"

/* What the trace is built from: the library's input arrays, one block each. */
struct demo_trace_input {
    struct aerocmd_trace_submission_in *subs;
    struct aerocmd_trace_range_in *ranges;
    uint64_t *tables; /* 8-byte aligned, as aerocmd_umd_fake_alloc_table wants */
    size_t subs_bytes, ranges_bytes, tables_bytes;
};

static size_t table_words(const struct aerocmd_umd_fake_submission *s)
{
    return (sizeof(struct aerogpu_alloc_table_header) +
            (size_t)s->alloc_count * sizeof(struct aerogpu_alloc_entry) + 7u) /
           8u;
}

static void input_release(struct demo_trace_input *in, const struct aerocmd_allocator *alloc)
{
    if (in->subs != NULL)
        alloc->release(alloc->user, in->subs, in->subs_bytes);
    if (in->ranges != NULL)
        alloc->release(alloc->user, in->ranges, in->ranges_bytes);
    if (in->tables != NULL)
        alloc->release(alloc->user, in->tables, in->tables_bytes);
    memset(in, 0, sizeof(*in));
}

static aerocmd_result input_allocate(struct demo_trace_input *in,
                                     const struct aerocmd_umd_fake *fake,
                                     const struct aerocmd_allocator *alloc)
{
    size_t ranges = 0, words = 0;
    uint32_t i;
    memset(in, 0, sizeof(*in));
    for (i = 0; i < fake->submission_count; i++) {
        ranges += fake->submissions[i].snapshot_count;
        words += table_words(&fake->submissions[i]);
    }
    in->subs_bytes = (size_t)fake->submission_count * sizeof(*in->subs);
    in->ranges_bytes = (ranges ? ranges : 1u) * sizeof(*in->ranges);
    in->tables_bytes = (words ? words : 1u) * sizeof(*in->tables);
    in->subs = alloc->resize(alloc->user, NULL, 0, in->subs_bytes ? in->subs_bytes : 1u);
    in->ranges = alloc->resize(alloc->user, NULL, 0, in->ranges_bytes);
    in->tables = alloc->resize(alloc->user, NULL, 0, in->tables_bytes);
    if (in->subs_bytes == 0)
        in->subs_bytes = 1u;
    if (in->subs == NULL || in->ranges == NULL || in->tables == NULL) {
        input_release(in, alloc);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    return AEROCMD_OK;
}

/* Submission i's table at *words and its ranges at *ranges; both cursors move on. */
static aerocmd_result input_fill(struct demo_trace_input *in, const struct aerocmd_umd_fake *fake,
                                 uint32_t i, size_t *words, size_t *ranges)
{
    const struct aerocmd_umd_fake_submission *s = &fake->submissions[i];
    struct aerocmd_trace_submission_in *sub = &in->subs[i];
    size_t table_size = 0;
    uint32_t k;
    aerocmd_result r = aerocmd_umd_fake_alloc_table(fake, i, in->tables + *words,
                                                    table_words(s) * 8u, &table_size);
    if (r != AEROCMD_OK)
        return r;
    memset(sub, 0, sizeof(*sub));
    sub->cmd_stream = s->cmd;
    sub->cmd_stream_len = s->cmd_bytes;
    sub->alloc_table = in->tables + *words;
    sub->alloc_table_len = (uint32_t)table_size;
    sub->ranges = in->ranges + *ranges;
    sub->range_count = s->snapshot_count;
    sub->submit_flags = (s->flags & AEROCMD_UMD_SUBMIT_PRESENT) ? AEROGPU_SUBMIT_FLAG_PRESENT : 0u;
    sub->signal_fence = s->fence;
    for (k = 0; k < s->snapshot_count; k++) {
        struct aerocmd_trace_range_in *range = &in->ranges[*ranges + k];
        range->alloc_id = s->snapshots[k].alloc_id;
        range->flags = 0;
        range->gpa = s->snapshots[k].gpa;
        range->bytes = s->snapshots[k].bytes;
        range->size_bytes = s->snapshots[k].size_bytes;
    }
    *words += table_words(s);
    *ranges += s->snapshot_count;
    return AEROCMD_OK;
}

aerocmd_result demo_trace_build(const struct aerocmd_umd_fake *fake,
                                const struct aerocmd_allocator *alloc, const char *emulator_version,
                                uint8_t **out, size_t *out_len)
{
    struct demo_trace_input in;
    size_t words = 0, ranges = 0;
    uint32_t i;
    aerocmd_result r = input_allocate(&in, fake, alloc);
    for (i = 0; r == AEROCMD_OK && i < fake->submission_count; i++)
        r = input_fill(&in, fake, i, &words, &ranges);
    if (r == AEROCMD_OK)
        r = aerocmd_trace_write_ex(alloc, in.subs, fake->submission_count, emulator_version, out,
                                   out_len);
    input_release(&in, alloc);
    return r;
}
