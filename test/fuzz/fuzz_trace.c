/* SPDX-License-Identifier: MIT */
/* fuzz_trace: arbitrary bytes -> .aerogputrace reader (records, submissions, and the
 * structural validator over every command stream the container yields). */
#include <stddef.h>
#include <stdint.h>

#include "aerocmd/decode.h"
#include "aerocmd/trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void walk_records(const struct aerocmd_trace *trace)
{
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_record rec;
    struct aerocmd_diag diag;
    volatile uint8_t sink = 0;
    aerocmd_trace_iter_init(&iter, trace);
    while (aerocmd_trace_next_record(&iter, &rec, &diag) == 1)
        if (rec.payload_len)
            sink ^= rec.payload[rec.payload_len - 1];
    (void)sink;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;

    if (aerocmd_trace_open(&trace, data, size, &diag) != AEROCMD_OK)
        return 0;
    walk_records(&trace);
    aerocmd_trace_iter_init(&iter, &trace);
    while (aerocmd_trace_next_submission(&iter, &sub, &diag) == 1)
        (void)aerocmd_validate_stream(sub.cmd_stream, sub.cmd_stream_len, &diag);
    return 0;
}
