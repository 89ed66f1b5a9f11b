/* SPDX-License-Identifier: MIT */
/* tool_options.h — numbers on the command lines of aerocmd render, host and replay. */
#ifndef AEROCMD_TOOL_TOOL_OPTIONS_H
#define AEROCMD_TOOL_TOOL_OPTIONS_H

#include <stdint.h>

/* A decimal count; with `suffixes`, K, M or G (binary) may follow. 0 or -1. */
int tool_parse_size(const char *text, int suffixes, uint64_t *out);
/* Seconds ("30", "30s") or milliseconds ("500ms"), below 2^32 ms. 0 or -1. */
int tool_parse_time(const char *text, uint32_t *out_ms);

#endif
