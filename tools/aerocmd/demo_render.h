/* SPDX-License-Identifier: MIT */
/* demo_render.h — aerocmd demo's picture: the submissions the fake recorded, run on the
 * reference executor with the allocation tables and guest memory the fake holds, and the
 * frame's PRESENT written as a PNG. */
#ifndef AEROCMD_TOOL_DEMO_RENDER_H
#define AEROCMD_TOOL_DEMO_RENDER_H

#include "aerocmd/umd_fake.h"

/* Renders into png_path (NULL: no picture) and prints one line saying where the picture
 * is, or why there is none ("# picture: ..." or, with json, {"picture": ...}). Returns 0,
 * or 1 when the executor refused a submission or drew no frame. Without the executor in the
 * build it says so and returns 0. */
int aerocmd_demo_render(const struct aerocmd_umd_fake *fake, const char *png_path, int json);

#endif
