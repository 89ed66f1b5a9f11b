/* SPDX-License-Identifier: MIT */
/* Whole-file I/O for the aerocmd tool. */
#include "io.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tool_file.h"

#define FIRST_CAPACITY 4096u

static int grow(struct tool_blob *blob, enum tool_alloc_site site, const char *path)
{
    size_t bigger = blob->cap ? blob->cap * 2 : FIRST_CAPACITY;
    uint8_t *bytes;
    if (blob->cap > ((size_t)-1) / 2)
        bytes = NULL;
    else
        bytes = tool_realloc(site, blob->bytes, blob->cap, bigger);
    if (!bytes) {
        tool_report_out_of_memory(path, site, bigger);
        return -1;
    }
    blob->bytes = bytes;
    blob->cap = bigger;
    return 0;
}

int aerocmd_read_file(const char *path, enum tool_alloc_site site, struct tool_blob *out)
{
    struct tool_file file;
    int rc = 0;
    memset(out, 0, sizeof(*out));
    if (tool_file_open(&file, path) != 0)
        return -1;
    for (;;) {
        long long got;
        if (out->len == out->cap && grow(out, site, file.path) != 0) {
            rc = -1;
            break;
        }
        got = tool_file_read(&file, file.seekable ? out->len : file.next, out->bytes + out->len,
                             out->cap - out->len);
        if (got < 0) {
            rc = -1;
            break;
        }
        if (got == 0)
            break;
        out->len += (size_t)got;
    }
    tool_file_close(&file);
    if (rc != 0) {
        tool_free(out->bytes, out->cap);
        memset(out, 0, sizeof(*out));
    }
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
