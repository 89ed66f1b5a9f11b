/* SPDX-License-Identifier: MIT */
/* Input files read piece by piece. */
#include "tool_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "tool_alloc.h"

#define SOURCE_BLOCK_BYTES ((size_t)64 << 10)
#define SPOOL_CHUNK_BYTES  ((size_t)256 << 10)

static int fail_errno(struct tool_file *f, int error)
{
    fprintf(stderr, "aerocmd: %s: %s\n", f->path, strerror(error));
    f->failed = 1;
    return -1;
}

int tool_file_open(struct tool_file *f, const char *path)
{
    struct stat st;
    memset(f, 0, sizeof(*f));
    f->path = path;
    f->size = TOOL_SIZE_UNKNOWN;
    if (strcmp(path, "-") == 0) {
        f->path = "<stdin>";
        f->fd = STDIN_FILENO;
    } else {
        f->fd = open(path, O_RDONLY);
        if (f->fd < 0)
            return fail_errno(f, errno);
    }
    if (fstat(f->fd, &st) != 0) {
        int error = errno;
        tool_file_close(f);
        return fail_errno(f, error);
    }
    if (S_ISDIR(st.st_mode)) {
        tool_file_close(f);
        fprintf(stderr, "aerocmd: %s: is a directory, not a file\n", f->path);
        f->failed = 1;
        return -1;
    }
    if (S_ISREG(st.st_mode)) {
        f->seekable = 1;
        f->size = (uint64_t)st.st_size;
    }
    return 0;
}

void tool_file_close(struct tool_file *f)
{
    if (f->spool != NULL) {
        fclose(f->spool);
        f->spool = NULL;
    } else if (f->fd > STDIN_FILENO) {
        close(f->fd);
    }
    f->fd = -1;
}

long long tool_file_read(struct tool_file *f, uint64_t offset, void *buf, size_t len)
{
    size_t done = 0;
    if (!f->seekable && offset != f->next) {
        fprintf(stderr, "aerocmd: %s: cannot go back in a stream that is not a file\n", f->path);
        f->failed = 1;
        return -1;
    }
    while (done < len) {
        ssize_t got = f->seekable
                          ? pread(f->fd, (char *)buf + done, len - done, (off_t)(offset + done))
                          : read(f->fd, (char *)buf + done, len - done);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return fail_errno(f, errno);
        if (got == 0)
            break;
        done += (size_t)got;
    }
    if (!f->seekable)
        f->next += done;
    return (long long)done;
}

static int spool_copy(struct tool_file *f, FILE *copy, uint8_t *chunk, uint64_t limit, int truncate,
                      uint64_t *total)
{
    for (;;) {
        size_t want = SPOOL_CHUNK_BYTES;
        long long got;
        if (truncate && limit - *total < want)
            want = (size_t)(limit - *total);
        if (want == 0)
            return 0;
        got = tool_file_read(f, f->next, chunk, want);
        if (got < 0)
            return -1;
        if (got == 0)
            return 0;
        if ((uint64_t)got > limit - *total) {
            fprintf(stderr,
                    "aerocmd: %s: longer than %llu bytes; give a trace this large as a "
                    "file\n",
                    f->path, (unsigned long long)limit);
            f->failed = 1;
            return -1;
        }
        if (fwrite(chunk, 1, (size_t)got, copy) != (size_t)got)
            return fail_errno(f, errno ? errno : EIO);
        *total += (uint64_t)got;
    }
}

int tool_file_spool(struct tool_file *f, const void *prefix, size_t prefix_len, uint64_t limit,
                    int truncate)
{
    FILE *copy;
    uint8_t *chunk;
    uint64_t total = prefix_len;
    int rc = -1;
    if (f->seekable)
        return 0;
    chunk = tool_alloc(SITE_SPOOL_BUFFER, SPOOL_CHUNK_BYTES);
    if (!chunk) {
        tool_report_out_of_memory(f->path, SITE_SPOOL_BUFFER, SPOOL_CHUNK_BYTES);
        f->failed = 1;
        return -1;
    }
    copy = tmpfile();
    if (!copy)
        fail_errno(f, errno);
    else if (fwrite(prefix, 1, prefix_len, copy) != prefix_len)
        fail_errno(f, errno ? errno : EIO);
    else
        rc = spool_copy(f, copy, chunk, limit, truncate, &total);
    tool_free(chunk, SPOOL_CHUNK_BYTES);
    if (rc == 0 && fflush(copy) != 0)
        rc = fail_errno(f, errno);
    if (rc != 0) {
        if (copy)
            fclose(copy);
        return -1;
    }
    tool_file_close(f);
    f->spool = copy;
    f->fd = fileno(copy);
    f->seekable = 1;
    f->size = total;
    return 0;
}

/* Bytes of [offset, offset + len) from the cached block, loading it when needed. */
static int source_read(void *user, uint64_t offset, void *buf, size_t len)
{
    struct tool_source *s = user;
    long long got;
    if (len >= SOURCE_BLOCK_BYTES / 2) {
        got = tool_file_read(s->file, offset, buf, len);
        return got == (long long)len ? 0 : -1;
    }
    if (offset < s->block_offset || offset + len > s->block_offset + s->block_len) {
        s->block_offset = offset;
        got = tool_file_read(s->file, offset, s->block, SOURCE_BLOCK_BYTES);
        s->block_len = got < 0 ? 0 : (size_t)got;
        if ((uint64_t)len > s->block_len)
            return -1;
    }
    memcpy(buf, s->block + (offset - s->block_offset), len);
    return 0;
}

int tool_source_init(struct tool_source *s, struct tool_file *f)
{
    memset(s, 0, sizeof(*s));
    s->file = f;
    s->block = tool_alloc(SITE_SOURCE_CACHE, SOURCE_BLOCK_BYTES);
    if (!s->block) {
        tool_report_out_of_memory(f->path, SITE_SOURCE_CACHE, SOURCE_BLOCK_BYTES);
        return -1;
    }
    s->source.read = source_read;
    s->source.user = s;
    s->source.size = f->size;
    return 0;
}

void tool_source_release(struct tool_source *s)
{
    tool_free(s->block, SOURCE_BLOCK_BYTES);
    s->block = NULL;
}
