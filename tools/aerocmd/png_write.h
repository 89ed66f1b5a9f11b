/* SPDX-License-Identifier: MIT */
/* png_write.h — RGBA8 images to PNG files (libpng), for aerocmd render. */
#ifndef AEROCMD_TOOL_PNG_WRITE_H
#define AEROCMD_TOOL_PNG_WRITE_H

#include <stdint.h>

/* Writes width x height RGBA8 pixels (rows top to bottom) to path as an 8-bit RGBA PNG.
 * 0, or -1 after printing "aerocmd: PATH: reason" to stderr. */
int aerocmd_write_png(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height);

#endif
