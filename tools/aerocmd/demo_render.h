/* SPDX-License-Identifier: MIT */
/* demo_render.h — aerocmd demo's picture: the demo's trace (demo_trace.h: every submission
 * with its allocation table and the guest memory it was made with, the bytes -o writes)
 * run on the reference executor, and the frame's PRESENT written as a PNG. */
#ifndef AEROCMD_TOOL_DEMO_RENDER_H
#define AEROCMD_TOOL_DEMO_RENDER_H

#include <stddef.h>
#include <stdint.h>

/* Renders into png_path (NULL: no picture) and prints one line saying where the picture
 * is, or why there is none ("# picture: ..." or, with json, {"picture": ...}). Returns 0,
 * or 1 when there is no trace (it could not be built), the executor refused a submission
 * or drew no frame. Without the executor in the build it says so and returns 0. */
int aerocmd_demo_render(const uint8_t *trace, size_t trace_len, const char *png_path, int json);

#endif
