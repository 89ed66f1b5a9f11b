/* SPDX-License-Identifier: MIT */
/* Loading an input file and walking its command streams. */
#include "input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/dump.h"
#include "aerogpu_cmd.h"
#include "io.h"

#define TRACE_MAGIC     "AEROGPUT"
#define TRACE_MAGIC_LEN 8u

enum aerocmd_input_status aerocmd_input_open(struct aerocmd_input *in, const char *path,
                                             struct aerocmd_diag *diag)
{
    memset(in, 0, sizeof(*in));
    memset(diag, 0, sizeof(*diag));
    in->path = path;
    if (aerocmd_read_file(path, &in->data, &in->len) != 0)
        return AEROCMD_INPUT_UNREADABLE;
    in->is_trace = in->len >= TRACE_MAGIC_LEN && memcmp(in->data, TRACE_MAGIC, 8) == 0;
    if (!in->is_trace)
        return AEROCMD_INPUT_OK;
    if (aerocmd_trace_open(&in->trace, in->data, in->len, diag) != AEROCMD_OK) {
        in->finished = 1;
        return AEROCMD_INPUT_BAD;
    }
    aerocmd_trace_iter_init(&in->iter, &in->trace);
    return AEROCMD_INPUT_OK;
}

static int next_trace_stream(struct aerocmd_input *in, struct aerocmd_input_stream *out,
                             struct aerocmd_diag *diag)
{
    int step = aerocmd_trace_next_submission(&in->iter, &out->submission, diag);
    if (step <= 0) {
        in->finished = 1;
        return step < 0 ? -1 : 0;
    }
    out->from_trace = 1;
    out->bytes = out->submission.cmd_stream;
    out->len = out->submission.cmd_stream_len;
    out->alloc_table = out->submission.alloc_table;
    out->alloc_table_len = out->submission.alloc_table_len;
    return 1;
}

int aerocmd_input_next(struct aerocmd_input *in, struct aerocmd_input_stream *out,
                       struct aerocmd_diag *diag)
{
    int step;
    memset(out, 0, sizeof(*out));
    memset(diag, 0, sizeof(*diag));
    if (in->finished)
        return 0;
    out->index = in->next_index;
    if (in->is_trace) {
        step = next_trace_stream(in, out, diag);
    } else {
        out->bytes = in->data;
        out->len = in->len;
        in->finished = 1;
        step = 1;
    }
    if (step == 1)
        in->next_index++;
    return step;
}

void aerocmd_input_close(struct aerocmd_input *in)
{
    free(in->data);
    in->data = NULL;
    in->len = 0;
}

void aerocmd_input_report_container_fault(const struct aerocmd_input *in,
                                          const struct aerocmd_diag *diag)
{
    fprintf(stderr, "%s: trace offset %u (0x%x): %s: %s\n", in->path, (unsigned)diag->offset,
            (unsigned)diag->offset, aerocmd_reason_name(diag->reason),
            aerocmd_reason_text(diag->reason));
}

static void report_where(const struct aerocmd_input *in, const struct aerocmd_input_stream *stream)
{
    fprintf(stderr, "%s: ", in->path);
    if (stream->from_trace)
        fprintf(stderr, "submission %u: ", (unsigned)stream->index);
}

void aerocmd_input_report_stream_fault(const struct aerocmd_input *in,
                                       const struct aerocmd_input_stream *stream,
                                       const struct aerocmd_diag *diag)
{
    char label[AEROCMD_DUMP_OPCODE_LABEL_MAX];
    if (diag->offset < sizeof(struct aerogpu_cmd_stream_header))
        snprintf(label, sizeof(label), "stream header");
    else if (diag->reason == AEROCMD_R_PACKET_HEADER_TRUNCATED)
        snprintf(label, sizeof(label), "packet header");
    else
        aerocmd_dump_opcode_label(diag->opcode, label, sizeof(label));
    report_where(in, stream);
    fprintf(stderr, "offset %u (0x%x): %s: %s: %s\n", (unsigned)diag->offset,
            (unsigned)diag->offset, label, aerocmd_reason_name(diag->reason),
            aerocmd_reason_text(diag->reason));
}

void aerocmd_input_report_table_fault(const struct aerocmd_input *in,
                                      const struct aerocmd_input_stream *stream,
                                      const struct aerocmd_diag *diag)
{
    report_where(in, stream);
    fprintf(stderr, "allocation table offset %u (0x%x): %s: %s\n", (unsigned)diag->offset,
            (unsigned)diag->offset, aerocmd_reason_name(diag->reason),
            aerocmd_reason_text(diag->reason));
}
