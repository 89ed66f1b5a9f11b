/* SPDX-License-Identifier: MIT */
/* Progress on a terminal's stderr. */
#include "progress.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define DRAW_INTERVAL_SECONDS 0.25
#define FIRST_DRAW_SECONDS    0.5 /* short runs print nothing */

static double now_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void tool_progress_init(struct tool_progress *p, const char *path, const char *label,
                        uint64_t total)
{
    p->enabled = label != NULL && isatty(STDERR_FILENO);
    p->shown = 0;
    p->path = path;
    p->label = label;
    p->total = total;
    p->next_draw = p->enabled ? now_seconds() + FIRST_DRAW_SECONDS : 0;
}

void tool_progress_label(struct tool_progress *p, const char *label)
{
    p->label = label;
}

void tool_progress_update(struct tool_progress *p, uint64_t position)
{
    double now;
    if (!p->enabled)
        return;
    now = now_seconds();
    if (now < p->next_draw)
        return;
    p->next_draw = now + DRAW_INTERVAL_SECONDS;
    if (p->total != UINT64_MAX && p->total != 0)
        fprintf(stderr, "\raerocmd: %s: %s %3u%% (%.1f of %.1f MB)\033[K", p->path, p->label,
                (unsigned)(position * 100u / p->total), (double)position / 1e6,
                (double)p->total / 1e6);
    else
        fprintf(stderr, "\raerocmd: %s: %s %.1f MB\033[K", p->path, p->label,
                (double)position / 1e6);
    fflush(stderr);
    p->shown = 1;
}

void tool_progress_clear(struct tool_progress *p)
{
    if (!p->shown)
        return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    p->shown = 0;
}
