/* SPDX-License-Identifier: MIT */
/* input.h — what the aerocmd subcommands read: a raw command stream (starts with "ACMD")
 * or an .aerogputrace capture (starts with "AEROGPUT", container version 1 or 2), walked
 * as a sequence of command streams in submission order. Anything else is treated as a
 * raw stream, so the stream decoder says what is wrong with it.
 *
 * Nothing is held whole: a raw stream is read in order, a trace through positioned reads
 * (standard input holding a trace is first copied to a temporary file), and each command
 * stream is walked piece by piece (stream_walk.h). What is held is bounded by what the
 * input declares: the largest packet, a submission's allocation table, the trace's blob
 * index; all of it under the tool's memory limit (tool_alloc.h). */
#ifndef AEROCMD_TOOL_INPUT_H
#define AEROCMD_TOOL_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/result.h"
#include "aerocmd/submission.h"
#include "aerocmd/trace.h"
#include "progress.h"
#include "stream_walk.h"
#include "tool_file.h"

struct tool_input {
    const char *path; /* for messages */
    struct tool_file file;
    struct tool_reader reader;
    struct tool_progress progress;
    int is_trace;
    struct tool_source source;
    struct aerocmd_trace trace; /* when is_trace */
    struct aerocmd_trace_iter iter;
    uint32_t next_index;
    int finished;
    int opened; /* which parts need releasing: 1 file, 2 reader, 4 source, 8 trace */
};

/* One command stream of an input. */
struct tool_stream {
    uint32_t index; /* 0-based position in the file's submission order */
    int from_trace;
    struct aerocmd_trace_submission submission; /* meaningful when from_trace */
};

enum tool_input_status {
    TOOL_INPUT_OK = 0,
    TOOL_INPUT_BAD = 1,   /* the trace container is malformed (diag says how) */
    TOOL_INPUT_FAILED = 2 /* could not read it, or out of memory (message printed) */
};

/* Opens `path` ("-" = standard input) and, for a trace, its container. `rewind`: the
 * caller will walk the input twice (standard input is then copied to a temporary file,
 * a raw stream only up to the length its header declares). `progress_label`: shown on a
 * terminal's stderr while the input is read (NULL: none). Release with tool_input_close
 * whatever the result. */
enum tool_input_status tool_input_open(struct tool_input *in, const char *path, int rewind,
                                       const char *progress_label, struct aerocmd_diag *diag);

/* 1: *out is the next stream; 0: no more; -1: the trace breaks here (diag filled);
 * -2: an error was reported (out of memory, I/O). */
int tool_input_next(struct tool_input *in, struct tool_stream *out, struct aerocmd_diag *diag);

/* Calls fn for every stream in submission order until fn returns non-zero, which is then
 * returned. A container fault is reported and gives 1; an error already reported gives
 * TOOL_EXIT_FAILED; 0 when every stream was visited. */
int tool_input_each(struct tool_input *in, int (*fn)(void *ctx, const struct tool_stream *stream),
                    void *ctx);

/* Walks the stream (see stream_walk): 0, 1 (visitor stopped) or -1 (error reported). */
int tool_input_walk(struct tool_input *in, const struct tool_stream *stream,
                    const struct stream_visitor *visitor);

/* Starts over from the first stream (inputs opened with `rewind`). */
void tool_input_rewind(struct tool_input *in);

void tool_input_close(struct tool_input *in);

/* A submission's allocation table, read and opened (duplicate ids found in
 * O(n log n) with scratch). */
struct tool_table {
    uint8_t *bytes;
    size_t len;
    uint64_t *scratch;
    size_t scratch_count;
    struct aerocmd_alloc_table_view view;
};

/* 1: opened; 0: the submission has none; -1: malformed (diag filled, table offsets);
 * -2: an error was reported. Release with tool_table_release in every case. */
int tool_input_table(struct tool_input *in, const struct tool_stream *stream,
                     struct tool_table *table, struct aerocmd_diag *diag);
void tool_table_release(struct tool_table *table);

/* Exit status for a tool_input_next result of -2 or a walk result of -1. */
#define TOOL_EXIT_FAILED 2

/* "PATH: trace offset N (0xN): reason_name: reason text" on stderr. */
void tool_input_report_container_fault(const struct tool_input *in,
                                       const struct aerocmd_diag *diag);

/* "PATH: [submission K: ]offset N (0xN): OPCODE: reason_name: reason text" on stderr, for
 * a fault inside a command stream (OPCODE is "stream header" for header faults). */
void tool_input_report_stream_fault(const struct tool_input *in, const struct tool_stream *stream,
                                    const struct aerocmd_diag *diag);

/* "PATH: submission K: allocation table offset N (0xN): reason_name: reason text". */
void tool_input_report_table_fault(const struct tool_input *in, const struct tool_stream *stream,
                                   const struct aerocmd_diag *diag);

#endif
