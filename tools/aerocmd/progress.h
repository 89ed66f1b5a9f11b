/* SPDX-License-Identifier: MIT */
/* progress.h — "aerocmd: FILE: dump 42% (84.0 of 200.0 MB)" on stderr, redrawn in place a
 * few times a second, only while stderr is a terminal (never in pipes, logs or tests). */
#ifndef AEROCMD_TOOL_PROGRESS_H
#define AEROCMD_TOOL_PROGRESS_H

#include <stdint.h>

struct tool_progress {
    int enabled;
    int shown;
    const char *path;
    const char *label;
    uint64_t total;   /* bytes, or UINT64_MAX when unknown */
    double next_draw; /* seconds, monotonic clock */
};

/* label NULL: no progress. */
void tool_progress_init(struct tool_progress *p, const char *path, const char *label,
                        uint64_t total);
void tool_progress_label(struct tool_progress *p, const char *label);
/* `position` bytes of the input done. */
void tool_progress_update(struct tool_progress *p, uint64_t position);
/* Erases the line (before other output on stderr, and at the end). */
void tool_progress_clear(struct tool_progress *p);

#endif
