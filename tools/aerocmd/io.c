/* SPDX-License-Identifier: MIT */
/* Whole-file I/O for the aerocmd tool. */
#include "io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int read_stream(FILE *f, const char *path, uint8_t **out, size_t *out_len)
{
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        fprintf(stderr, "aerocmd: %s: out of memory\n", path);
        return -1;
    }
    for (;;) {
        size_t got;
        if (len == cap) {
            uint8_t *bigger = cap > ((size_t)-1) / 2 ? NULL : realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                fprintf(stderr, "aerocmd: %s: out of memory\n", path);
                return -1;
            }
            buf = bigger;
            cap *= 2;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        free(buf);
        fprintf(stderr, "aerocmd: %s: read error\n", path);
        return -1;
    }
    *out = buf;
    *out_len = len;
    return 0;
}

int aerocmd_read_file(const char *path, uint8_t **out, size_t *out_len)
{
    FILE *f;
    int rc;
    if (strcmp(path, "-") == 0)
        return read_stream(stdin, "<stdin>", out, out_len);
    f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "aerocmd: %s: %s\n", path, strerror(errno));
        return -1;
    }
    rc = read_stream(f, path, out, out_len);
    fclose(f);
    return rc;
}

int aerocmd_write_file(const char *path, const void *bytes, size_t len)
{
    int to_stdout = strcmp(path, "-") == 0;
    FILE *f = to_stdout ? stdout : fopen(path, "wb");
    int ok;
    if (!f) {
        fprintf(stderr, "aerocmd: %s: %s\n", path, strerror(errno));
        return -1;
    }
    ok = fwrite(bytes, 1, len, f) == len;
    ok = (to_stdout ? fflush(f) : fclose(f)) == 0 && ok;
    if (!ok) {
        fprintf(stderr, "aerocmd: %s: write error\n", path);
        return -1;
    }
    return 0;
}
