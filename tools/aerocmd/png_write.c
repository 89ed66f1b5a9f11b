/* SPDX-License-Identifier: MIT */
/* png_write.c — RGBA8 images to PNG files through libpng. */
#include "png_write.h"

#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <string.h>

/* libpng reports errors by longjmp; everything the jump crosses is in this frame. */
static int write_rows(FILE *f, const uint8_t *rgba, uint32_t width, uint32_t height)
{
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    volatile uint32_t y;
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (y = 0; y < height; y++)
        png_write_row(png, (png_const_bytep)(rgba + (size_t)y * width * 4u));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 0;
}

int aerocmd_write_png(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height)
{
    FILE *f = fopen(path, "wb");
    int ok;
    if (f == NULL) {
        fprintf(stderr, "aerocmd: %s: %s\n", path, strerror(errno));
        return -1;
    }
    ok = write_rows(f, rgba, width, height) == 0;
    if (fclose(f) != 0)
        ok = 0;
    if (!ok) {
        fprintf(stderr, "aerocmd: %s: cannot write the PNG\n", path);
        remove(path);
        return -1;
    }
    return 0;
}
