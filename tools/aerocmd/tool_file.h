/* SPDX-License-Identifier: MIT */
/* tool_file.h — an input file of the aerocmd tool, read piece by piece: a regular file
 * (positioned reads), or standard input / a pipe / a device (sequential reads, and a
 * temporary copy when random access is needed). Also the source the trace reader pulls
 * from, with a small block cache. Messages are "aerocmd: PATH: reason" on stderr. */
#ifndef AEROCMD_TOOL_FILE_H
#define AEROCMD_TOOL_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/trace.h"

#define TOOL_SIZE_UNKNOWN UINT64_MAX

/* A trace on standard input is copied to a temporary file first (its footer is at its
 * end); copies longer than this are refused. */
#define TOOL_SPOOL_LIMIT ((uint64_t)64 << 30)

struct tool_file {
    const char *path; /* for messages */
    int fd;
    int seekable;  /* positioned reads: a regular file or the spooled copy */
    uint64_t size; /* bytes in the file when seekable, else TOOL_SIZE_UNKNOWN */
    uint64_t next; /* sequential reads: bytes consumed so far */
    int failed;    /* an I/O error was reported */
    void *spool;   /* the FILE of the temporary copy, once spooled */
};

/* Opens `path` ("-" = standard input, shown as "<stdin>"). 0, or -1 after reporting (a
 * directory says it is one). */
int tool_file_open(struct tool_file *f, const char *path);
void tool_file_close(struct tool_file *f);

/* Up to len bytes at `offset`; for a file that is not seekable, offset must equal
 * f->next. Returns the count read (short only at the end), or -1 after reporting. */
long long tool_file_read(struct tool_file *f, uint64_t offset, void *buf, size_t len);

/* Copies the rest of a sequential file into an anonymous temporary file and reads from
 * that from now on; the `prefix_len` bytes already consumed come first. At most `limit`
 * bytes are kept in all: with `truncate` the rest is not read, without it more input is
 * an error. 0, or -1 after reporting. */
int tool_file_spool(struct tool_file *f, const void *prefix, size_t prefix_len, uint64_t limit,
                    int truncate);

/* The trace reader's source over a seekable file. */
struct tool_source {
    struct aerocmd_trace_source source;
    struct tool_file *file;
    uint8_t *block;
    uint64_t block_offset;
    size_t block_len;
};

/* 0, or -1 after reporting (out of memory). */
int tool_source_init(struct tool_source *s, struct tool_file *f);
void tool_source_release(struct tool_source *s);

#endif
