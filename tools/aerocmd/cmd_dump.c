/* SPDX-License-Identifier: MIT */
/* aerocmd dump: every packet of a stream or of every submission of a trace, as text or as
 * JSON lines (doc/aerocmd-json.md), read and printed piece by piece. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "aerocmd/dump.h"
#include "commands.h"
#include "input.h"
#include "tool_alloc.h"

struct dump_run {
    struct tool_input *in;
    struct aerocmd_dumper *d;
    const struct tool_stream *stream;
    struct aerocmd_diag first; /* the stream's first fault */
    int status;
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: aerocmd dump [--json] [--full-payloads] FILE|-\n\n"
            "Prints every packet of a command stream (.acmd) or of every submission of an\n"
            ".aerogputrace capture, one line per packet, reading the input as it goes.\n\n"
            "  --json            one JSON object per line instead of text (schema:\n"
            "                    doc/aerocmd-json.md)\n"
            "  --full-payloads   every byte of raw payloads (uploads, DXBC, input layouts,\n"
            "                    shader constants), not only the first %u\n\n"
            "Exit status: 0 all well-formed, 1 malformed input (a malformed allocation table\n"
            "included), 2 usage, read error or memory limit (AEROCMD_MEMORY_LIMIT).\n",
            AEROCMD_DUMP_PAYLOAD_HEAD_BYTES);
}

#if defined(__GNUC__)
#define PRINTF_LIKE(format_arg, first_arg) __attribute__((format(printf, format_arg, first_arg)))
#else
#define PRINTF_LIKE(format_arg, first_arg)
#endif

static void put_text(struct aerocmd_dumper *d, const char *format, ...) PRINTF_LIKE(2, 3);

/* printf into the dumper (the trace's own short lines). */
static void put_text(struct aerocmd_dumper *d, const char *format, ...)
{
    char text[320];
    va_list args;
    int n;
    va_start(args, format);
    n = vsnprintf(text, sizeof(text), format, args);
    va_end(args);
    if (n > 0)
        aerocmd_dumper_write(d, text, (size_t)n < sizeof(text) ? (size_t)n : sizeof(text) - 1);
}

static void print_trace_line(struct aerocmd_dumper *d, const struct aerocmd_trace *trace)
{
    if (d->json) {
        put_text(d,
                 "{\"type\":\"trace\",\"trace\":{\"container_version\":%u,"
                 "\"command_abi_version\":%u,\"frame_count\":%u,\"meta\":\"",
                 (unsigned)trace->container_version, (unsigned)trace->command_abi_version,
                 (unsigned)trace->frame_count);
        aerocmd_dumper_json_string_body(d, trace->meta, trace->meta_len);
        put_text(d, "\"}}\n");
        return;
    }
    put_text(d, "# trace container=%u abi=%u.%u frames=%u meta=\"",
             (unsigned)trace->container_version, (unsigned)(trace->command_abi_version >> 16),
             (unsigned)(trace->command_abi_version & 0xFFFFu), (unsigned)trace->frame_count);
    aerocmd_dumper_text_string_body(d, trace->meta, trace->meta_len);
    put_text(d, "\"\n");
}

static void print_alloc_entry(struct aerocmd_dumper *d, uint32_t index,
                              const struct aerogpu_alloc_entry *entry)
{
    if (d->json)
        put_text(d, "%s{\"alloc_id\":%u,\"flags\":%u,\"gpa\":%llu,\"size_bytes\":%llu}",
                 index > 0 ? "," : "", (unsigned)entry->alloc_id, (unsigned)entry->flags,
                 (unsigned long long)entry->gpa, (unsigned long long)entry->size_bytes);
    else
        put_text(d, "#   [%u] alloc_id=%u flags=0x%x gpa=0x%llx size_bytes=%llu\n", (unsigned)index,
                 (unsigned)entry->alloc_id, (unsigned)entry->flags, (unsigned long long)entry->gpa,
                 (unsigned long long)entry->size_bytes);
}

static void print_table_entries(struct aerocmd_dumper *d, const struct tool_table *table)
{
    struct aerogpu_alloc_entry entry;
    uint32_t i;
    put_text(d, d->json ? ",\"alloc_table\":[" : "# alloc_table entries=%u\n",
             (unsigned)table->view.entry_count);
    for (i = 0; i < table->view.entry_count && aerocmd_alloc_table_entry(&table->view, i, &entry);
         i++)
        print_alloc_entry(d, i, &entry);
    if (d->json)
        put_text(d, "]");
}

/* The submission's allocation table: its entries, or why it cannot be read (which makes
 * the exit status 1, as for validate). Returns -2 after an error was reported. */
static int print_alloc_table(struct dump_run *run)
{
    struct aerocmd_dumper *d = run->d;
    struct tool_table table;
    struct aerocmd_diag diag;
    int step = tool_input_table(run->in, run->stream, &table, &diag);
    if (step == 0 && d->json)
        put_text(d, ",\"alloc_table\":null");
    else if (step == 1)
        print_table_entries(d, &table);
    else if (step == -1)
        put_text(d,
                 d->json ? ",\"alloc_table\":{\"error\":\"%s\",\"offset\":%u}"
                         : "# alloc_table error=%s offset=%u\n",
                 aerocmd_reason_name(diag.reason), (unsigned)diag.offset);
    tool_table_release(&table);
    if (step == -1) {
        tool_input_report_table_fault(run->in, run->stream, &diag);
        run->status = 1;
    }
    return step == -2 ? -2 : 0;
}

static int print_submission(struct dump_run *run)
{
    const struct aerocmd_trace_submission *sub = &run->stream->submission;
    put_text(run->d,
             run->d->json ? "{\"type\":\"submission\",\"submission\":%u,\"record_offset\":%llu,"
                            "\"submit_flags\":%u,\"context_id\":%u,\"engine_id\":%u,"
                            "\"signal_fence\":%llu,\"cmd_stream_bytes\":%u"
                          : "# submission %u record=0x%llx flags=0x%x context=%u engine=%u "
                            "signal_fence=%llu cmd_stream_bytes=%u\n",
             (unsigned)run->stream->index, (unsigned long long)sub->record_offset,
             (unsigned)sub->submit_flags, (unsigned)sub->context_id, (unsigned)sub->engine_id,
             (unsigned long long)sub->signal_fence, (unsigned)sub->cmd_stream_len);
    if (print_alloc_table(run) != 0)
        return -2;
    if (run->d->json)
        put_text(run->d, "}\n");
    return 0;
}

/* ---- the stream visitor ---- */

static void note_fault(struct dump_run *run, const struct aerocmd_diag *fault)
{
    if (run->first.reason == AEROCMD_R_NONE)
        run->first = *fault;
}

static void on_header(void *ctx, const struct aerocmd_stream *stream)
{
    struct dump_run *run = ctx;
    aerocmd_dumper_stream_header(run->d, stream);
}

static int on_piece(void *ctx, const struct aerocmd_stream *piece, uint32_t first_offset)
{
    struct dump_run *run = ctx;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag fault;
    aerocmd_cursor_init(&cursor, piece);
    while (aerocmd_cursor_next(&cursor, &packet, &fault) == 1) {
        packet.offset = stream_offset(first_offset, packet.offset);
        if (aerocmd_dumper_checked_packet(run->d, piece, &packet, &fault) != AEROCMD_OK)
            note_fault(run, &fault);
    }
    return 0;
}

static void on_fault(void *ctx, const struct aerocmd_diag *diag)
{
    struct dump_run *run = ctx;
    aerocmd_dumper_fault(run->d, diag);
    note_fault(run, diag);
}

static int dump_stream(void *ctx, const struct tool_stream *stream)
{
    struct dump_run *run = ctx;
    struct stream_visitor visitor = {NULL, on_header, on_piece, on_fault};
    visitor.ctx = run;
    run->stream = stream;
    memset(&run->first, 0, sizeof(run->first));
    if (stream->from_trace && print_submission(run) != 0)
        return TOOL_EXIT_FAILED;
    if (tool_input_walk(run->in, stream, &visitor) < 0)
        return TOOL_EXIT_FAILED;
    if (run->first.reason != AEROCMD_R_NONE) {
        tool_input_report_stream_fault(run->in, stream, &run->first);
        run->status = 1;
    }
    return 0;
}

static int dump_input(struct tool_input *in, struct aerocmd_dumper *d)
{
    struct dump_run run;
    int status;
    memset(&run, 0, sizeof(run));
    run.in = in;
    run.d = d;
    if (in->is_trace)
        print_trace_line(d, &in->trace);
    status = tool_input_each(in, dump_stream, &run);
    return status > run.status ? status : run.status;
}

static int parse_args(int argc, char **argv, uint32_t *flags, enum aerocmd_dump_format *format,
                      const char **path)
{
    int i;
    *path = NULL;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--json") == 0) {
            *format = AEROCMD_DUMP_JSON;
        } else if (strcmp(argv[i], "--full-payloads") == 0) {
            *flags |= AEROCMD_DUMP_FULL_PAYLOADS;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "aerocmd dump: unknown option '%s'\n", argv[i]);
            return 2;
        } else if (*path != NULL) {
            fprintf(stderr, "aerocmd dump: only one FILE may be given\n");
            return 2;
        } else {
            *path = argv[i];
        }
    }
    if (*path == NULL) {
        fprintf(stderr, "aerocmd dump: no FILE given\n");
        return 2;
    }
    return -1;
}

static int finish_output(struct aerocmd_dumper *d, int status)
{
    if (aerocmd_dumper_flush(d) != 0 || fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "aerocmd dump: write error on standard output\n");
        return 2;
    }
    return status;
}

int aerocmd_cmd_dump(int argc, char **argv)
{
    struct tool_input in;
    struct aerocmd_diag diag;
    struct aerocmd_dumper *d;
    enum aerocmd_dump_format format = AEROCMD_DUMP_TEXT;
    uint32_t flags = 0;
    const char *path;
    int status = parse_args(argc, argv, &flags, &format, &path);
    if (status >= 0)
        return status;
    d = tool_alloc(SITE_DUMPER, sizeof(*d));
    if (!d) {
        tool_report_out_of_memory(path, SITE_DUMPER, sizeof(*d));
        return TOOL_EXIT_FAILED;
    }
    aerocmd_dumper_init(d, stdout, format, flags);
    switch (tool_input_open(&in, path, 0, "dump", &diag)) {
    case TOOL_INPUT_FAILED:
        status = TOOL_EXIT_FAILED;
        break;
    case TOOL_INPUT_BAD:
        tool_input_report_container_fault(&in, &diag);
        status = 1;
        break;
    default:
        status = dump_input(&in, d);
        break;
    }
    tool_input_close(&in);
    status = finish_output(d, status);
    tool_free(d, sizeof(*d));
    return status;
}
