/* SPDX-License-Identifier: MIT */
/* aerocmd dump: every packet of a stream or of every submission of a trace, as text or as
 * JSON lines. */
#include <stdio.h>
#include <string.h>

#include "aerocmd/dump.h"
#include "aerocmd/submission.h"
#include "commands.h"
#include "input.h"

static void usage(FILE *out)
{
    fprintf(out, "usage: aerocmd dump [--json] FILE|-\n\n"
                 "Prints every packet of a command stream (.acmd) or of every submission of an\n"
                 ".aerogputrace capture, one line per packet.\n\n"
                 "  --json   one JSON object per line instead of text\n\n"
                 "Exit status: 0 all well-formed, 1 malformed input, 2 usage or read error.\n");
}

static void print_trace_line(FILE *out, int json, const struct aerocmd_trace *trace)
{
    if (json) {
        fprintf(out,
                "{\"trace\":{\"container_version\":%u,\"command_abi_version\":%u,"
                "\"frame_count\":%u,\"meta\":\"",
                (unsigned)trace->container_version, (unsigned)trace->command_abi_version,
                (unsigned)trace->frame_count);
        aerocmd_dump_json_string_body(out, trace->meta, trace->meta_len);
        fputs("\"}}\n", out);
        return;
    }
    fprintf(out, "# trace container=%u abi=%u.%u frames=%u meta=\"",
            (unsigned)trace->container_version, (unsigned)(trace->command_abi_version >> 16),
            (unsigned)(trace->command_abi_version & 0xFFFFu), (unsigned)trace->frame_count);
    aerocmd_dump_text_string_body(out, trace->meta, trace->meta_len);
    fputs("\"\n", out);
}

static void print_alloc_entry(FILE *out, int json, uint32_t index,
                              const struct aerogpu_alloc_entry *entry)
{
    if (json)
        fprintf(out, "%s{\"alloc_id\":%u,\"flags\":%u,\"gpa\":%llu,\"size_bytes\":%llu}",
                index > 0 ? "," : "", (unsigned)entry->alloc_id, (unsigned)entry->flags,
                (unsigned long long)entry->gpa, (unsigned long long)entry->size_bytes);
    else
        fprintf(out, "#   [%u] alloc_id=%u flags=0x%x gpa=0x%llx size_bytes=%llu\n",
                (unsigned)index, (unsigned)entry->alloc_id, (unsigned)entry->flags,
                (unsigned long long)entry->gpa, (unsigned long long)entry->size_bytes);
}

/* The submission's allocation table: its entries, or why it cannot be read. */
static void print_alloc_table(FILE *out, int json, const struct aerocmd_input_stream *stream)
{
    struct aerocmd_alloc_table_view view;
    struct aerogpu_alloc_entry entry;
    struct aerocmd_diag diag;
    uint32_t i;
    if (stream->alloc_table == NULL) {
        fputs(json ? ",\"alloc_table\":null" : "", out);
        return;
    }
    memset(&diag, 0, sizeof(diag));
    if (aerocmd_alloc_table_open(&view, stream->alloc_table, stream->alloc_table_len, &diag) !=
        AEROCMD_OK) {
        fprintf(out,
                json ? ",\"alloc_table\":{\"error\":\"%s\",\"offset\":%u}"
                     : "# alloc_table error=%s offset=%u\n",
                aerocmd_reason_name(diag.reason), (unsigned)diag.offset);
        return;
    }
    fprintf(out, json ? ",\"alloc_table\":[" : "# alloc_table entries=%u\n",
            (unsigned)view.entry_count);
    for (i = 0; i < view.entry_count && aerocmd_alloc_table_entry(&view, i, &entry); i++)
        print_alloc_entry(out, json, i, &entry);
    if (json)
        fputc(']', out);
}

static void print_submission(FILE *out, int json, const struct aerocmd_input_stream *stream)
{
    const struct aerocmd_trace_submission *sub = &stream->submission;
    fprintf(out,
            json ? "{\"submission\":%u,\"record_offset\":%llu,\"submit_flags\":%u,"
                   "\"context_id\":%u,\"engine_id\":%u,\"signal_fence\":%llu,"
                   "\"cmd_stream_bytes\":%u"
                 : "# submission %u record=0x%llx flags=0x%x context=%u engine=%u "
                   "signal_fence=%llu cmd_stream_bytes=%u\n",
            (unsigned)stream->index, (unsigned long long)sub->record_offset,
            (unsigned)sub->submit_flags, (unsigned)sub->context_id, (unsigned)sub->engine_id,
            (unsigned long long)sub->signal_fence, (unsigned)sub->cmd_stream_len);
    print_alloc_table(out, json, stream);
    if (json)
        fputs("}\n", out);
}

static int parse_args(int argc, char **argv, int *json, const char **path)
{
    int i;
    *json = 0;
    *path = NULL;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--json") == 0) {
            *json = 1;
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

static int dump_input(struct aerocmd_input *in, int json)
{
    struct aerocmd_input_stream stream;
    struct aerocmd_diag diag;
    int step, status = 0;
    enum aerocmd_dump_format format = json ? AEROCMD_DUMP_JSON : AEROCMD_DUMP_TEXT;
    if (in->is_trace)
        print_trace_line(stdout, json, &in->trace);
    while ((step = aerocmd_input_next(in, &stream, &diag)) == 1) {
        if (stream.from_trace)
            print_submission(stdout, json, &stream);
        if (aerocmd_dump_stream(stdout, format, stream.bytes, stream.len, &diag) != AEROCMD_OK) {
            aerocmd_input_report_stream_fault(in, &stream, &diag);
            status = 1;
        }
    }
    if (step < 0) {
        aerocmd_input_report_container_fault(in, &diag);
        status = 1;
    }
    return status;
}

int aerocmd_cmd_dump(int argc, char **argv)
{
    struct aerocmd_input in;
    struct aerocmd_diag diag;
    const char *path;
    int json, status = parse_args(argc, argv, &json, &path);
    if (status >= 0)
        return status;
    switch (aerocmd_input_open(&in, path, &diag)) {
    case AEROCMD_INPUT_UNREADABLE:
        return 2;
    case AEROCMD_INPUT_BAD:
        aerocmd_input_report_container_fault(&in, &diag);
        aerocmd_input_close(&in);
        return 1;
    default:
        break;
    }
    status = dump_input(&in, json);
    aerocmd_input_close(&in);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "aerocmd dump: write error on standard output\n");
        return 2;
    }
    return status;
}
