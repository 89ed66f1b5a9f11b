/* SPDX-License-Identifier: MIT */
/* aerocmd validate: structural validation of every stream, allocation-table checks, then
 * semantic validation across the streams of each file in submission order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/semantic.h"
#include "aerocmd/submission.h"
#include "commands.h"
#include "input.h"

/* The tracker holds one record per live object or share token, and every one of those was
 * created by a packet of at least this many bytes: a bound that no input can exceed. */
#define SMALLEST_CREATING_PACKET 16u
#define TRACKER_MAX_OBJECTS      (1u << 22)

struct file_check {
    struct aerocmd_input *in;
    struct aerocmd_semantic tracker;
    void *tracker_mem;
    int semantic_on; /* off once a fault makes later streams' object state meaningless */
    int status;
    uint32_t streams;
};

static void usage(FILE *out)
{
    fprintf(out, "usage: aerocmd validate [-q|--quiet] FILE...\n\n"
                 "Checks every command stream of each FILE (.acmd stream or .aerogputrace):\n"
                 "structure packet by packet, each submission's allocation table, then object\n"
                 "lifetimes and bounds across the file's streams in submission order (allocation\n"
                 "checks only where the trace records an allocation table).\n"
                 "Faults are printed as\n"
                 "  FILE: [submission K: ]offset N (0xN): OPCODE: reason_name: reason text\n\n"
                 "  -q, --quiet   do not print a line for each valid file\n\n"
                 "Exit status: 0 all valid, 1 some input invalid, 2 usage or read error.\n");
}

static int tracker_setup(struct file_check *check)
{
    size_t objects = check->in->len / SMALLEST_CREATING_PACKET + 16u;
    size_t bytes;
    if (objects > TRACKER_MAX_OBJECTS)
        objects = TRACKER_MAX_OBJECTS;
    bytes = aerocmd_semantic_bytes_for((uint32_t)objects);
    check->tracker_mem = bytes != 0 ? malloc(bytes) : NULL;
    if (check->tracker_mem == NULL ||
        aerocmd_semantic_init(&check->tracker, check->tracker_mem, bytes) != AEROCMD_OK) {
        fprintf(stderr, "%s: note: no memory for semantic checks; only structure checked\n",
                check->in->path);
        return 0;
    }
    return 1;
}

/* Opens the submission's allocation table; *view_out is NULL when it has none. */
static int open_alloc_table(struct file_check *check, const struct aerocmd_input_stream *stream,
                            struct aerocmd_alloc_table_view *view,
                            const struct aerocmd_alloc_table_view **view_out)
{
    struct aerocmd_diag diag;
    *view_out = NULL;
    if (stream->alloc_table == NULL)
        return 1;
    memset(&diag, 0, sizeof(diag));
    if (aerocmd_alloc_table_open(view, stream->alloc_table, stream->alloc_table_len, &diag) !=
        AEROCMD_OK) {
        aerocmd_input_report_table_fault(check->in, stream, &diag);
        return 0;
    }
    *view_out = view;
    return 1;
}

static void check_semantics(struct file_check *check, const struct aerocmd_input_stream *stream,
                            const struct aerocmd_alloc_table_view *allocs)
{
    struct aerocmd_stream opened;
    struct aerocmd_diag diag;
    aerocmd_result result;
    memset(&diag, 0, sizeof(diag));
    if (aerocmd_stream_open(&opened, stream->bytes, stream->len, &diag) != AEROCMD_OK)
        return; /* already reported by the structural pass */
    result = aerocmd_semantic_check_stream(&check->tracker, &opened, allocs, &diag);
    if (result == AEROCMD_OK)
        return;
    check->semantic_on = 0;
    if (result == AEROCMD_E_OUT_OF_MEMORY) {
        fprintf(stderr, "%s: note: too many live objects to track; semantic checks stopped\n",
                check->in->path);
        return;
    }
    aerocmd_input_report_stream_fault(check->in, stream, &diag);
    check->status = 1;
}

static void check_stream(struct file_check *check, const struct aerocmd_input_stream *stream)
{
    struct aerocmd_alloc_table_view view;
    const struct aerocmd_alloc_table_view *allocs;
    struct aerocmd_diag diag;
    int table_ok, stream_ok;
    memset(&diag, 0, sizeof(diag));
    check->streams++;
    stream_ok = aerocmd_validate_stream(stream->bytes, stream->len, &diag) == AEROCMD_OK;
    if (!stream_ok)
        aerocmd_input_report_stream_fault(check->in, stream, &diag);
    table_ok = open_alloc_table(check, stream, &view, &allocs);
    if (!stream_ok || !table_ok) {
        check->status = 1;
        check->semantic_on = 0;
        return;
    }
    if (check->semantic_on)
        check_semantics(check, stream, allocs);
}

static int validate_file(const char *path, int quiet)
{
    struct aerocmd_input in;
    struct aerocmd_input_stream stream;
    struct aerocmd_diag diag;
    struct file_check check;
    int step;
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
    memset(&check, 0, sizeof(check));
    check.in = &in;
    check.semantic_on = tracker_setup(&check);
    while ((step = aerocmd_input_next(&in, &stream, &diag)) == 1)
        check_stream(&check, &stream);
    if (step < 0) {
        aerocmd_input_report_container_fault(&in, &diag);
        check.status = 1;
    }
    if (check.status == 0 && !quiet)
        printf("%s: ok (%u stream%s)\n", path, (unsigned)check.streams,
               check.streams == 1 ? "" : "s");
    free(check.tracker_mem);
    aerocmd_input_close(&in);
    return check.status;
}

int aerocmd_cmd_validate(int argc, char **argv)
{
    int i, quiet = 0, files = 0, status = 0;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "-q") == 0 || strcmp(argv[i], "--quiet") == 0) {
            quiet = 1;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "aerocmd validate: unknown option '%s'\n", argv[i]);
            return 2;
        } else {
            files++;
        }
    }
    if (files == 0) {
        fprintf(stderr, "aerocmd validate: no FILE given\n");
        usage(stderr);
        return 2;
    }
    for (i = 1; i < argc; i++) {
        int file_status;
        if (argv[i][0] == '-' && argv[i][1] != '\0')
            continue;
        file_status = validate_file(argv[i], quiet);
        if (file_status > status)
            status = file_status;
    }
    fflush(stdout);
    return status;
}
