/* SPDX-License-Identifier: MIT */
/* fuzz_trace_semantic: an .aerogputrace file through what `aerocmd validate` does with each
 * submission, in order: its allocation table (opened without scratch, then with it), its
 * guest-memory ranges, structural validation of its command stream, and the semantic pass
 * with one tracker across all submissions and each submission's own table.
 *
 * Invariants (abort() on violation):
 * - without scratch a table opens as with it, except that one of more than 64 entries whose
 *   ids do not ascend is OUT_OF_MEMORY with no reason; with scratch it never is;
 * - the duplicate verdict and the entry it names are the rule's (the first entry whose id
 *   appeared before it), checked by brute force for tables of at most 256 entries;
 * - an opened table finds each of its entries by id and nothing under an id it lacks;
 * - every diagnosis of a table or a stream points inside it;
 * - the semantic pass runs only on structurally valid streams, stops for good after a
 *   fault (the tracker then holds part of a stream) and reports a full tracker only as
 *   OUT_OF_MEMORY with reason TRACKER_FULL. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/semantic.h"
#include "aerocmd/submission.h"
#include "aerocmd/trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define TRACKED_OBJECTS 4096u
#define REFERENCE_MAX   256u
#define TABLE_HEADER    24u
#define STRIDE_AT       16u

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The rule by brute force: index of the first entry whose id appeared before, or count.
 * Only called once the header (stride, count, size) has been accepted. */
static uint32_t reference_duplicate(const uint8_t *table, uint32_t count)
{
    uint32_t stride = le32(table + STRIDE_AT), i, j;
    for (j = 1; j < count; j++)
        for (i = 0; i < j; i++)
            if (le32(table + TABLE_HEADER + (size_t)i * stride) ==
                le32(table + TABLE_HEADER + (size_t)j * stride))
                return j;
    return count;
}

static void check_lookups(const struct aerocmd_alloc_table_view *v)
{
    uint32_t i, probes = v->entry_count < 1024u ? v->entry_count : 1024u;
    for (i = 0; i < probes; i++) {
        struct aerogpu_alloc_entry found, listed;
        if (!aerocmd_alloc_table_entry(v, i, &listed) ||
            !aerocmd_alloc_table_find(v, listed.alloc_id, &found) || found.gpa != listed.gpa ||
            found.size_bytes != listed.size_bytes)
            abort();
        if (aerocmd_alloc_table_find(v, listed.alloc_id + 1u, &found) &&
            found.alloc_id != listed.alloc_id + 1u)
            abort();
    }
}

/* Both ways of opening agree as the header promises; the duplicate is the rule's. */
static void check_opened(const struct aerocmd_trace_submission *sub, size_t count,
                         aerocmd_result plain, const struct aerocmd_diag *plain_diag,
                         aerocmd_result with, const struct aerocmd_diag *with_diag)
{
    if (with == AEROCMD_E_OUT_OF_MEMORY ||
        (with != AEROCMD_OK && with_diag->offset >= sub->alloc_table_len))
        abort();
    if (plain == AEROCMD_E_OUT_OF_MEMORY) {
        if (plain_diag->reason != AEROCMD_R_NONE || count <= 64u)
            abort();
    } else if (plain != with || plain_diag->reason != with_diag->reason ||
               plain_diag->offset != with_diag->offset) {
        abort();
    }
    if (count > REFERENCE_MAX)
        return;
    if (with == AEROCMD_OK && reference_duplicate(sub->alloc_table, (uint32_t)count) != count)
        abort();
    if (with_diag->reason == AEROCMD_R_ALLOC_ENTRY_DUPLICATE &&
        with_diag->offset != TABLE_HEADER + reference_duplicate(sub->alloc_table, (uint32_t)count) *
                                                le32(sub->alloc_table + STRIDE_AT))
        abort();
}

/* The submission's table as `aerocmd validate` would use it; NULL when it has none or it is
 * refused. The view may point into *scratch: free it after the view's last use. */
static const struct aerocmd_alloc_table_view *open_table(const struct aerocmd_trace_submission *sub,
                                                         struct aerocmd_alloc_table_view *view,
                                                         uint64_t **scratch)
{
    struct aerocmd_diag plain_diag, with_diag;
    aerocmd_result plain, with;
    size_t count = aerocmd_alloc_table_scratch_count(sub->alloc_table, sub->alloc_table_len);
    *scratch = NULL;
    if (sub->alloc_table == NULL)
        return NULL;
    plain = aerocmd_alloc_table_open(view, sub->alloc_table, sub->alloc_table_len, &plain_diag);
    if (count > 0 && (*scratch = (uint64_t *)malloc(count * sizeof(uint64_t))) == NULL)
        abort();
    with = aerocmd_alloc_table_open_scratch(view, sub->alloc_table, sub->alloc_table_len, *scratch,
                                            count, &with_diag);
    check_opened(sub, count, plain, &plain_diag, with, &with_diag);
    if (with != AEROCMD_OK)
        return NULL;
    check_lookups(view);
    return view;
}

static void walk_ranges(const struct aerocmd_trace *trace,
                        const struct aerocmd_trace_submission *sub)
{
    volatile uint8_t sink = 0;
    uint32_t i;
    for (i = 0; i < sub->memory_range_count && i < 64u; i++) {
        struct aerocmd_trace_memory_range range;
        struct aerocmd_diag diag;
        if (aerocmd_trace_submission_range(trace, sub, i, &range, &diag) == AEROCMD_OK &&
            range.bytes_len != 0)
            sink ^= range.bytes[range.bytes_len - 1];
    }
    (void)sink;
}

struct run {
    struct aerocmd_semantic tracker;
    int semantic_on;
};

static void check_stream(struct run *run, const struct aerocmd_trace_submission *sub,
                         const struct aerocmd_alloc_table_view *table)
{
    struct aerocmd_stream stream;
    struct aerocmd_diag diag;
    aerocmd_result r = aerocmd_validate_stream(sub->cmd_stream, sub->cmd_stream_len, &diag);
    if (r != AEROCMD_OK) {
        if (diag.offset >= sub->cmd_stream_len && sub->cmd_stream_len != 0)
            abort();
        return;
    }
    if (!run->semantic_on ||
        aerocmd_stream_open(&stream, sub->cmd_stream, sub->cmd_stream_len, &diag) != AEROCMD_OK)
        return;
    r = aerocmd_semantic_check_stream(&run->tracker, &stream, table, &diag);
    if (r == AEROCMD_OK)
        return;
    run->semantic_on = 0;
    if ((r == AEROCMD_E_OUT_OF_MEMORY) != (diag.reason == AEROCMD_R_TRACKER_FULL) ||
        (r != AEROCMD_E_OUT_OF_MEMORY && r != AEROCMD_E_MALFORMED) ||
        diag.offset >= stream.size_bytes)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint64_t tracker_mem[(TRACKED_OBJECTS * 96u + 4096u) / 8u];
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    struct run run;
    if (aerocmd_semantic_bytes_for(TRACKED_OBJECTS) > sizeof tracker_mem ||
        aerocmd_semantic_init(&run.tracker, tracker_mem, sizeof tracker_mem) != AEROCMD_OK)
        abort();
    run.semantic_on = 1;
    if (aerocmd_trace_open(&trace, data, size, &diag) != AEROCMD_OK)
        return 0;
    aerocmd_trace_iter_init(&iter, &trace);
    while (aerocmd_trace_next_submission(&iter, &sub, &diag) == 1) {
        struct aerocmd_alloc_table_view view;
        uint64_t *scratch;
        const struct aerocmd_alloc_table_view *table = open_table(&sub, &view, &scratch);
        walk_ranges(&trace, &sub);
        /* a refused table leaves the stream's allocation checks to a table-less pass, as
         * when a submission has none */
        check_stream(&run, &sub, table);
        free(scratch);
    }
    return 0;
}
