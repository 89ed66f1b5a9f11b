/* SPDX-License-Identifier: MIT */
/* io.h — whole-file reading and writing for the aerocmd tool (trace wrap's inputs, the
 * demo's outputs). Reads go through the tool's memory accounting. */
#ifndef AEROCMD_TOOL_IO_H
#define AEROCMD_TOOL_IO_H

#include <stddef.h>
#include <stdint.h>

#include "tool_alloc.h"

/* A whole file in memory; release with tool_free(bytes, cap). */
struct tool_blob {
    uint8_t *bytes;
    size_t len;
    size_t cap;
};

/* Reads all of `path` ("-" = standard input). 0, or -1 after printing "aerocmd: PATH:
 * reason" to stderr (a directory says it is one; over the memory limit says so). */
int aerocmd_read_file(const char *path, enum tool_alloc_site site, struct tool_blob *out);
/* Writes len bytes to `path` ("-" = standard output). 0 or -1 (message printed). */
int aerocmd_write_file(const char *path, const void *bytes, size_t len);

#endif
