/* SPDX-License-Identifier: MIT */
/* input.h — what the aerocmd subcommands read: a raw command stream (starts with "ACMD")
 * or an .aerogputrace capture (starts with "AEROGPUT", container version 1 or 2), walked
 * as a sequence of command streams in submission order. Anything else is treated as a
 * raw stream, so the stream decoder says what is wrong with it. */
#ifndef AEROCMD_TOOL_INPUT_H
#define AEROCMD_TOOL_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/result.h"
#include "aerocmd/trace.h"

struct aerocmd_input {
    const char *path;
    uint8_t *data; /* the whole file */
    size_t len;
    int is_trace;
    struct aerocmd_trace trace; /* when is_trace */
    struct aerocmd_trace_iter iter;
    uint32_t next_index;
    int finished;
};

/* One command stream of an input. */
struct aerocmd_input_stream {
    uint32_t index; /* 0-based position in the file's submission order */
    const uint8_t *bytes;
    size_t len;
    const uint8_t *alloc_table; /* NULL when the submission has none */
    uint32_t alloc_table_len;
    int from_trace;
    struct aerocmd_trace_submission submission; /* meaningful when from_trace */
};

enum aerocmd_input_status {
    AEROCMD_INPUT_OK = 0,
    AEROCMD_INPUT_BAD = 1,       /* the trace container is malformed (diag says how) */
    AEROCMD_INPUT_UNREADABLE = 2 /* could not read the file (message already printed) */
};

/* Reads `path` ("-" = standard input) and, for a trace, opens its container. */
enum aerocmd_input_status aerocmd_input_open(struct aerocmd_input *in, const char *path,
                                             struct aerocmd_diag *diag);

/* 1: *out is the next stream; 0: no more; -1: the trace breaks here (diag filled). */
int aerocmd_input_next(struct aerocmd_input *in, struct aerocmd_input_stream *out,
                       struct aerocmd_diag *diag);

void aerocmd_input_close(struct aerocmd_input *in);

/* "PATH: trace offset N (0xN): reason_name: reason text" on stderr. */
void aerocmd_input_report_container_fault(const struct aerocmd_input *in,
                                          const struct aerocmd_diag *diag);

/* "PATH: [submission K: ]offset N (0xN): OPCODE: reason_name: reason text" on stderr, for
 * a fault inside a command stream (OPCODE is "stream header" for header faults). */
void aerocmd_input_report_stream_fault(const struct aerocmd_input *in,
                                       const struct aerocmd_input_stream *stream,
                                       const struct aerocmd_diag *diag);

/* "PATH: submission K: allocation table offset N (0xN): reason_name: reason text". */
void aerocmd_input_report_table_fault(const struct aerocmd_input *in,
                                      const struct aerocmd_input_stream *stream,
                                      const struct aerocmd_diag *diag);

#endif
