/* SPDX-License-Identifier: MIT */
/* io.h — whole-file reading and writing for the aerocmd tool. */
#ifndef AEROCMD_TOOL_IO_H
#define AEROCMD_TOOL_IO_H

#include <stddef.h>
#include <stdint.h>

/* Reads all of `path` ("-" = standard input). Returns 0 and a malloc'ed buffer (free it)
 * or -1 after printing "aerocmd: PATH: reason" to stderr. */
int aerocmd_read_file(const char *path, uint8_t **out, size_t *out_len);
/* Writes len bytes to `path` ("-" = standard output). 0 or -1 (message printed). */
int aerocmd_write_file(const char *path, const void *bytes, size_t len);

#endif
