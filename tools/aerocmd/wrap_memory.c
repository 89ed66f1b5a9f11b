/* SPDX-License-Identifier: MIT */
/* wrap_memory.c — a recorded stream's allocation table and guest memory files. */
#include "wrap_memory.h"

#include <stdio.h>
#include <string.h>

#include "aerocmd/result.h"
#include "aerocmd/submission.h"

#define EXIT_INVALID_INPUT      1
#define EXIT_USAGE_OR_IO        2
#define MEM_RECORD_HEADER_BYTES 24u
#define STREAM_SUFFIX           ".acmd"

static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get_u64(const uint8_t *p)
{
    return (uint64_t)get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

/* Walks the records of mem: their count, or -1 at the offset (*fault) of the first that
 * does not fit. With `out`, fills one range per record. */
static long walk_records(const struct tool_blob *mem, struct aerocmd_trace_range_in *out,
                         size_t *fault)
{
    size_t at = 0;
    long n = 0;
    while (at < mem->len) {
        const uint8_t *p = mem->bytes + at;
        uint64_t size, padded;
        if (mem->len - at < MEM_RECORD_HEADER_BYTES)
            break;
        size = get_u64(p + 16);
        padded = (size + 7u) & ~(uint64_t)7u;
        if (size > padded || padded > mem->len - at - MEM_RECORD_HEADER_BYTES)
            break;
        if (out) {
            out[n].alloc_id = get_u32(p);
            out[n].flags = get_u32(p + 4);
            out[n].gpa = get_u64(p + 8);
            out[n].size_bytes = size;
            out[n].bytes = p + MEM_RECORD_HEADER_BYTES;
        }
        n++;
        at += MEM_RECORD_HEADER_BYTES + (size_t)padded;
    }
    *fault = at;
    return at == mem->len ? n : -1;
}

/* "NAME.acmd" -> "NAME" + suffix in a tool allocation (NULL when out of memory). */
static char *beside(const char *stream_path, const char *suffix, size_t *cap)
{
    size_t len = strlen(stream_path), keep = len;
    char *path;
    if (len >= sizeof(STREAM_SUFFIX) - 1 &&
        strcmp(stream_path + len - (sizeof(STREAM_SUFFIX) - 1), STREAM_SUFFIX) == 0)
        keep -= sizeof(STREAM_SUFFIX) - 1;
    *cap = keep + strlen(suffix) + 1;
    path = tool_alloc(SITE_PATH, *cap);
    if (path) {
        memcpy(path, stream_path, keep);
        strcpy(path + keep, suffix);
    } else {
        tool_report_out_of_memory(stream_path, SITE_PATH, *cap);
    }
    return path;
}

/* Reads the file beside stream_path with `suffix`: exit status. */
static int read_beside(const char *stream_path, const char *suffix, struct tool_blob *out)
{
    size_t cap;
    char *path = beside(stream_path, suffix, &cap);
    int status = EXIT_USAGE_OR_IO;
    if (path && aerocmd_read_file(path, SITE_WRAP_STREAM, out) == 0)
        status = 0;
    tool_free(path, cap);
    return status;
}

static int check_table(const char *stream_path, const struct tool_blob *table)
{
    struct aerocmd_alloc_table_view view;
    struct aerocmd_diag diag;
    memset(&diag, 0, sizeof(diag));
    if (aerocmd_alloc_table_open(&view, table->bytes, table->len, &diag) == AEROCMD_OK &&
        view.size_bytes == table->len)
        return 0;
    fprintf(stderr,
            "aerocmd: %s: its .alloc is not an allocation table of %u bytes: %s at offset %u\n",
            stream_path, (unsigned)table->len,
            diag.reason != AEROCMD_R_NONE ? aerocmd_reason_name(diag.reason) : "size_bytes",
            (unsigned)diag.offset);
    return EXIT_INVALID_INPUT;
}

static int load_ranges(const char *stream_path, struct wrap_memory *m)
{
    size_t fault = 0;
    long n = walk_records(&m->mem, NULL, &fault);
    if (n < 0 || (unsigned long)n > UINT32_MAX / 2u) {
        fprintf(stderr, "aerocmd: %s: its .mem has a record that does not fit at offset %lu\n",
                stream_path, (unsigned long)fault);
        return EXIT_INVALID_INPUT;
    }
    m->range_count = (uint32_t)n;
    if (n == 0)
        return 0;
    m->ranges = tool_alloc(SITE_WRAP_INPUTS, (size_t)n * sizeof(*m->ranges));
    if (!m->ranges) {
        tool_report_out_of_memory(stream_path, SITE_WRAP_INPUTS, (size_t)n * sizeof(*m->ranges));
        return EXIT_USAGE_OR_IO;
    }
    walk_records(&m->mem, m->ranges, &fault);
    return 0;
}

/* NAME.ctx, when there is one: the context the submission ran in (u32); else context 0. */
static int load_context(const char *stream_path, struct aerocmd_trace_submission_in *sub)
{
    size_t cap;
    char *path = beside(stream_path, ".ctx", &cap);
    uint8_t bytes[5];
    size_t n = 0;
    int status = 0;
    FILE *f;
    if (!path)
        return EXIT_USAGE_OR_IO;
    f = fopen(path, "rb");
    if (f) {
        n = fread(bytes, 1, sizeof(bytes), f);
        fclose(f);
        if (n == 4) {
            sub->context_id = get_u32(bytes);
        } else {
            fprintf(stderr, "aerocmd: %s: its .ctx holds %u bytes, not a 4-byte context id\n",
                    stream_path, (unsigned)n);
            status = EXIT_INVALID_INPUT;
        }
    }
    tool_free(path, cap);
    return status;
}

int wrap_memory_load(const char *stream_path, struct wrap_memory *m,
                     struct aerocmd_trace_submission_in *sub)
{
    int status;
    memset(m, 0, sizeof(*m));
    if (strcmp(stream_path, "-") == 0) {
        fprintf(stderr, "aerocmd trace wrap: --memory needs stream files, not standard input\n");
        return EXIT_USAGE_OR_IO;
    }
    status = read_beside(stream_path, ".alloc", &m->table);
    if (status == 0)
        status = read_beside(stream_path, ".mem", &m->mem);
    if (status == 0)
        status = check_table(stream_path, &m->table);
    if (status == 0)
        status = load_ranges(stream_path, m);
    if (status == 0)
        status = load_context(stream_path, sub);
    if (status == 0) {
        sub->alloc_table = m->table.bytes;
        sub->alloc_table_len = (uint32_t)m->table.len;
        sub->ranges = m->ranges;
        sub->range_count = m->range_count;
    }
    return status;
}

void wrap_memory_release(struct wrap_memory *m)
{
    tool_free(m->table.bytes, m->table.cap);
    tool_free(m->mem.bytes, m->mem.cap);
    tool_free(m->ranges, (size_t)m->range_count * sizeof(*m->ranges));
    memset(m, 0, sizeof(*m));
}
