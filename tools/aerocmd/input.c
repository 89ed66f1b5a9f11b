/* SPDX-License-Identifier: MIT */
/* Opening an input file and walking its command streams. */
#include "input.h"

#include <stdio.h>
#include <string.h>

#include "aerocmd/dump.h"
#include "aerogpu_cmd.h"
#include "tool_alloc.h"

#define TRACE_MAGIC     "AEROGPUT"
#define TRACE_MAGIC_LEN 8u

enum opened_part { OPEN_FILE = 1, OPEN_READER = 2, OPEN_SOURCE = 4, OPEN_TRACE = 8 };

/* A raw stream on a pipe that will be walked twice: copy what its header declares (the
 * header is judged first, so a bad one costs nothing). */
static int spool_raw(struct tool_input *in)
{
    struct tool_reader *r = &in->reader;
    long long have = tool_reader_fill(r, STREAM_HEADER_BYTES);
    uint64_t declared;
    if (have < 0)
        return -1;
    declared = have >= (long long)STREAM_HEADER_BYTES ? tool_load_u32(r->buf + r->pos + 8) : 0;
    if (declared < (uint64_t)have)
        declared = (uint64_t)have;
    if (tool_file_spool(&in->file, r->buf + r->pos, r->len - r->pos, declared, 1) != 0)
        return -1;
    tool_reader_seek(r, 0, TOOL_SIZE_UNKNOWN);
    return 0;
}

static enum tool_input_status open_trace(struct tool_input *in, struct aerocmd_diag *diag)
{
    struct tool_reader *r = &in->reader;
    aerocmd_result result;
    if (!in->file.seekable &&
        tool_file_spool(&in->file, r->buf + r->pos, r->len - r->pos, TOOL_SPOOL_LIMIT, 0) != 0)
        return TOOL_INPUT_FAILED;
    in->progress.total = in->file.size;
    if (tool_source_init(&in->source, &in->file) != 0)
        return TOOL_INPUT_FAILED;
    in->opened |= OPEN_SOURCE;
    result = aerocmd_trace_open_source(&in->trace, &in->source.source,
                                       tool_allocator(SITE_TRACE_LIBRARY), diag);
    if (result == AEROCMD_E_OUT_OF_MEMORY) {
        size_t size;
        tool_report_out_of_memory(in->path, tool_last_refused_site(&size), size);
        return TOOL_INPUT_FAILED;
    }
    if (result != AEROCMD_OK)
        return in->file.failed ? TOOL_INPUT_FAILED : TOOL_INPUT_BAD;
    in->opened |= OPEN_TRACE;
    aerocmd_trace_iter_init_indexed(&in->iter, &in->trace, tool_allocator(SITE_TRACE_LIBRARY));
    return TOOL_INPUT_OK;
}

enum tool_input_status tool_input_open(struct tool_input *in, const char *path, int rewind,
                                       const char *progress_label, struct aerocmd_diag *diag)
{
    long long have;
    memset(in, 0, sizeof(*in));
    memset(diag, 0, sizeof(*diag));
    in->path = strcmp(path, "-") == 0 ? "<stdin>" : path;
    if (tool_file_open(&in->file, path) != 0)
        return TOOL_INPUT_FAILED;
    in->opened |= OPEN_FILE;
    tool_progress_init(&in->progress, in->path, progress_label, in->file.size);
    if (tool_reader_init(&in->reader, &in->file) != 0)
        return TOOL_INPUT_FAILED;
    in->opened |= OPEN_READER;
    in->reader.progress = &in->progress;
    have = tool_reader_fill(&in->reader, TRACE_MAGIC_LEN);
    if (have < 0)
        return TOOL_INPUT_FAILED;
    in->is_trace = have >= (long long)TRACE_MAGIC_LEN &&
                   memcmp(in->reader.buf + in->reader.pos, TRACE_MAGIC, TRACE_MAGIC_LEN) == 0;
    if (in->is_trace)
        return open_trace(in, diag);
    if (rewind && !in->file.seekable && spool_raw(in) != 0)
        return TOOL_INPUT_FAILED;
    return TOOL_INPUT_OK;
}

static int next_trace_stream(struct tool_input *in, struct tool_stream *out,
                             struct aerocmd_diag *diag)
{
    int step = aerocmd_trace_next_submission(&in->iter, &out->submission, diag);
    if (step == AEROCMD_TRACE_OUT_OF_MEMORY) {
        size_t size;
        tool_progress_clear(&in->progress);
        tool_report_out_of_memory(in->path, tool_last_refused_site(&size), size);
        return -2;
    }
    if (step < 0 && in->file.failed)
        return -2; /* the read failed; the source said why */
    if (step <= 0) {
        in->finished = 1;
        return step;
    }
    tool_progress_update(&in->progress, out->submission.record_offset);
    out->from_trace = 1;
    return 1;
}

int tool_input_next(struct tool_input *in, struct tool_stream *out, struct aerocmd_diag *diag)
{
    int step;
    memset(out, 0, sizeof(*out));
    memset(diag, 0, sizeof(*diag));
    if (in->finished)
        return 0;
    out->index = in->next_index;
    if (in->is_trace) {
        step = next_trace_stream(in, out, diag);
    } else {
        in->finished = 1;
        step = 1;
    }
    if (step == 1)
        in->next_index++;
    return step;
}

int tool_input_each(struct tool_input *in, int (*fn)(void *ctx, const struct tool_stream *stream),
                    void *ctx)
{
    struct tool_stream stream;
    struct aerocmd_diag diag;
    int step, rc = 0;
    while (rc == 0 && (step = tool_input_next(in, &stream, &diag)) == 1)
        rc = fn(ctx, &stream);
    if (rc != 0)
        return rc;
    if (step == -2)
        return TOOL_EXIT_FAILED;
    if (step < 0) {
        tool_input_report_container_fault(in, &diag);
        return 1;
    }
    return 0;
}

int tool_input_walk(struct tool_input *in, const struct tool_stream *stream,
                    const struct stream_visitor *visitor)
{
    uint64_t available = in->file.seekable ? in->file.size : TOOL_SIZE_UNKNOWN;
    if (stream->from_trace) {
        available = stream->submission.cmd_stream_len;
        tool_reader_seek(&in->reader, stream->submission.cmd_stream_offset, available);
    }
    return stream_walk(&in->reader, available, visitor);
}

void tool_input_rewind(struct tool_input *in)
{
    in->finished = 0;
    in->next_index = 0;
    if (in->is_trace) {
        aerocmd_trace_iter_release(&in->iter);
        aerocmd_trace_iter_init_indexed(&in->iter, &in->trace, tool_allocator(SITE_TRACE_LIBRARY));
    } else {
        tool_reader_seek(&in->reader, 0, TOOL_SIZE_UNKNOWN);
    }
}

void tool_input_close(struct tool_input *in)
{
    tool_progress_clear(&in->progress);
    if (in->opened & OPEN_TRACE) {
        aerocmd_trace_iter_release(&in->iter);
        aerocmd_trace_close(&in->trace);
    }
    if (in->opened & OPEN_SOURCE)
        tool_source_release(&in->source);
    if (in->opened & OPEN_READER)
        tool_reader_release(&in->reader);
    if (in->opened & OPEN_FILE)
        tool_file_close(&in->file);
    in->opened = 0;
}

/* ---- allocation tables ---- */

static int read_table(struct tool_input *in, const struct aerocmd_trace_submission *sub,
                      struct tool_table *table)
{
    table->len = sub->alloc_table_len;
    table->bytes = tool_alloc(SITE_ALLOC_TABLE, table->len);
    if (!table->bytes) {
        tool_report_out_of_memory(in->path, SITE_ALLOC_TABLE, table->len);
        return -2;
    }
    if (aerocmd_trace_read(&in->trace, sub->alloc_table_offset, table->bytes, table->len) != 0)
        return -2; /* the source reported why */
    return 0;
}

int tool_input_table(struct tool_input *in, const struct tool_stream *stream,
                     struct tool_table *table, struct aerocmd_diag *diag)
{
    const struct aerocmd_trace_submission *sub = &stream->submission;
    uint32_t declared;
    memset(table, 0, sizeof(*table));
    memset(diag, 0, sizeof(*diag));
    if (!stream->from_trace || sub->alloc_table_offset == 0)
        return 0;
    if (read_table(in, sub, table) != 0)
        return -2;
    /* The duplicate check needs one scratch word per entry the table can hold. */
    declared = table->len >= 16 ? tool_load_u32(table->bytes + 12) : 0;
    table->scratch_count = declared < table->len / AEROCMD_ALLOC_ENTRY_MIN_STRIDE
                               ? declared
                               : table->len / AEROCMD_ALLOC_ENTRY_MIN_STRIDE;
    if (table->scratch_count != 0) {
        table->scratch = tool_alloc(SITE_ALLOC_SCRATCH, table->scratch_count * sizeof(uint64_t));
        if (!table->scratch) {
            tool_report_out_of_memory(in->path, SITE_ALLOC_SCRATCH,
                                      table->scratch_count * sizeof(uint64_t));
            return -2;
        }
    }
    if (aerocmd_alloc_table_open_scratch(&table->view, table->bytes, table->len, table->scratch,
                                         table->scratch_count, diag) != AEROCMD_OK)
        return -1;
    return 1;
}

void tool_table_release(struct tool_table *table)
{
    tool_free(table->scratch, table->scratch_count * sizeof(uint64_t));
    tool_free(table->bytes, table->len);
    memset(table, 0, sizeof(*table));
}

/* ---- reports ---- */

void tool_input_report_container_fault(const struct tool_input *in, const struct aerocmd_diag *diag)
{
    tool_progress_clear((struct tool_progress *)&in->progress);
    fprintf(stderr, "%s: trace offset %u (0x%x): %s: %s\n", in->path, (unsigned)diag->offset,
            (unsigned)diag->offset, aerocmd_reason_name(diag->reason),
            aerocmd_reason_text(diag->reason));
}

static void report_where(const struct tool_input *in, const struct tool_stream *stream)
{
    tool_progress_clear((struct tool_progress *)&in->progress);
    fprintf(stderr, "%s: ", in->path);
    if (stream->from_trace)
        fprintf(stderr, "submission %u: ", (unsigned)stream->index);
}

void tool_input_report_stream_fault(const struct tool_input *in, const struct tool_stream *stream,
                                    const struct aerocmd_diag *diag)
{
    char label[AEROCMD_DUMP_OPCODE_LABEL_MAX];
    const char *name;
    if (diag->offset < sizeof(struct aerogpu_cmd_stream_header))
        name = "stream header";
    else if (diag->reason == AEROCMD_R_PACKET_HEADER_TRUNCATED)
        name = "packet header";
    else
        name = aerocmd_dump_opcode_label(diag->opcode, label, sizeof(label));
    report_where(in, stream);
    fprintf(stderr, "offset %u (0x%x): %s: %s: %s\n", (unsigned)diag->offset,
            (unsigned)diag->offset, name, aerocmd_reason_name(diag->reason),
            aerocmd_reason_text(diag->reason));
}

void tool_input_report_table_fault(const struct tool_input *in, const struct tool_stream *stream,
                                   const struct aerocmd_diag *diag)
{
    report_where(in, stream);
    fprintf(stderr, "allocation table offset %u (0x%x): %s: %s\n", (unsigned)diag->offset,
            (unsigned)diag->offset, aerocmd_reason_name(diag->reason),
            aerocmd_reason_text(diag->reason));
}
