/* SPDX-License-Identifier: MIT */
/* aerocmd validate: structural validation of every stream, allocation-table checks, then
 * semantic validation across the streams of each file in submission order.
 *
 * Each stream is read piece by piece (stream_walk.h): every piece is checked structurally
 * and, while the stream is sound so far, semantically; a semantic fault is held back until
 * the whole stream is known to be structurally sound, so the messages are those of a
 * structural pass followed by a semantic one.
 *
 * The semantic tracker starts small (TRACKER_FIRST_OBJECTS). A first pass counts the
 * packets able to create a tracked record; if the file ever holds more live records than
 * the small tracker takes, it is replaced by one sized for that count and the file is
 * checked again from its start (nothing has been reported then: semantic checks only run
 * while no fault was found). So memory follows what the input declares, never its size,
 * under the tool's memory limit, and the work is at most three walks of the file. */
#include <stdio.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/semantic.h"
#include "commands.h"
#include "input.h"
#include "tool_alloc.h"

/* Beyond this many records semantic checks stop with a note (the memory limit may stop
 * them earlier). */
#define TRACKER_MAX_OBJECTS   (1u << 22)
#define TRACKER_FIRST_OBJECTS (1u << 14)
#define TRACKER_SPARE         16u
#define CHECK_AGAIN           (-3)

struct file_check {
    struct tool_input *in;
    const struct tool_stream *stream;
    struct aerocmd_semantic tracker;
    struct aerocmd_semantic_contexts contexts; /* each context's vertex-shader binding */
    void *tracker_mem;
    size_t tracker_bytes;
    uint64_t creating_packets;
    uint32_t tracker_objects; /* what the tracker was sized for */
    int tracker_full;         /* check again with a tracker sized for creating_packets */
    int semantic_on;          /* off once a fault makes later streams' object state meaningless */
    int status;
    uint32_t streams;
    /* the stream being walked */
    const struct aerocmd_alloc_table_view *allocs;
    int stream_semantic; /* semantic checks run on this stream's pieces */
    struct aerocmd_diag structural, semantic;
};

static void usage(FILE *out)
{
    fprintf(out, "usage: aerocmd validate [-q|--quiet] FILE...\n\n"
                 "Checks every command stream of each FILE (.acmd stream or .aerogputrace):\n"
                 "structure packet by packet, each submission's allocation table, then object\n"
                 "lifetimes and bounds across the file's streams in submission order, each\n"
                 "submission with its context's bindings (allocation checks only where the\n"
                 "trace records an allocation table).\n"
                 "Faults are printed as\n"
                 "  FILE: [submission K: ]offset N (0xN): OPCODE: reason_name: reason text\n\n"
                 "  -q, --quiet   do not print a line for each valid file\n\n"
                 "Exit status: 0 all valid, 1 some input invalid, 2 usage, read error or memory\n"
                 "limit (AEROCMD_MEMORY_LIMIT).\n");
}

/* ---- first pass: how many records can the tracker need? ---- */

static int creates_record(uint32_t opcode)
{
    const struct aerocmd_opcode_info *info;
    if (opcode == AEROGPU_CMD_EXPORT_SHARED_SURFACE || opcode == AEROGPU_CMD_IMPORT_SHARED_SURFACE)
        return 1;
    info = aerocmd_opcode_info(opcode);
    return info != NULL && strncmp(info->name, "CREATE_", 7) == 0;
}

static void ignore_header(void *ctx, const struct aerocmd_stream *stream)
{
    (void)ctx;
    (void)stream;
}

static void ignore_fault(void *ctx, const struct aerocmd_diag *diag)
{
    (void)ctx;
    (void)diag;
}

static int count_packet(void *ctx, struct aerocmd_packet *packet)
{
    struct file_check *check = ctx;
    check->creating_packets += creates_record(packet->opcode);
    return 0;
}

static int count_piece(void *ctx, const struct aerocmd_stream *piece, uint32_t first_offset)
{
    (void)first_offset;
    return stream_piece_each(piece, count_packet, ctx);
}

static int count_stream(void *ctx, const struct tool_stream *stream)
{
    struct file_check *check = ctx;
    struct stream_visitor visitor = {NULL, ignore_header, count_piece, ignore_fault};
    visitor.ctx = check;
    return tool_input_walk(check->in, stream, &visitor) < 0 ? TOOL_EXIT_FAILED : 0;
}

/* 0, or -1 after an error was reported. Faults are left to the second pass. */
static int count_creating_packets(struct file_check *check)
{
    int status;
    tool_progress_label(&check->in->progress, "validate (counting objects)");
    status = tool_input_each(check->in, count_stream, check);
    tool_input_rewind(check->in);
    tool_progress_label(&check->in->progress, "validate");
    return status == TOOL_EXIT_FAILED ? -1 : 0;
}

/* The most records the file can need at once. */
static uint32_t tracker_need(const struct file_check *check)
{
    uint64_t objects = check->creating_packets + TRACKER_SPARE;
    return objects > TRACKER_MAX_OBJECTS ? TRACKER_MAX_OBJECTS : (uint32_t)objects;
}

static int tracker_setup(struct file_check *check, uint32_t objects)
{
    tool_free(check->tracker_mem, check->tracker_bytes);
    aerocmd_semantic_contexts_init(&check->contexts);
    check->tracker_objects = objects;
    check->tracker_bytes = aerocmd_semantic_bytes_for(objects);
    check->tracker_mem =
        check->tracker_bytes != 0 ? tool_alloc(SITE_TRACKER, check->tracker_bytes) : NULL;
    /* a file is a whole guest's work from its start, as `aerocmd render` runs it */
    if (check->tracker_mem == NULL ||
        aerocmd_semantic_init_ex(&check->tracker, check->tracker_mem, check->tracker_bytes,
                                 AEROCMD_SEMANTIC_GUEST_WIDE) != AEROCMD_OK) {
        tool_progress_clear(&check->in->progress);
        fprintf(stderr, "%s: note: no memory for semantic checks; only structure checked\n",
                check->in->path);
        return 0;
    }
    return 1;
}

/* ---- second pass ---- */

static void note_structural(void *ctx, const struct aerocmd_diag *diag)
{
    struct file_check *check = ctx;
    if (check->structural.reason == AEROCMD_R_NONE)
        check->structural = *diag;
}

static void check_piece_semantics(struct file_check *check, const struct aerocmd_stream *piece,
                                  uint32_t first_offset)
{
    struct aerocmd_diag diag;
    aerocmd_result result;
    memset(&diag, 0, sizeof(diag));
    result = aerocmd_semantic_check_stream(&check->tracker, piece, check->allocs, &diag);
    if (result == AEROCMD_OK)
        return;
    check->stream_semantic = 0;
    check->semantic_on = 0;
    if (result == AEROCMD_E_OUT_OF_MEMORY && check->tracker_objects < tracker_need(check)) {
        check->tracker_full = 1;
        return;
    }
    if (result == AEROCMD_E_OUT_OF_MEMORY) {
        tool_progress_clear(&check->in->progress);
        fprintf(stderr, "%s: note: too many live objects to track; semantic checks stopped\n",
                check->in->path);
        return;
    }
    diag.offset = stream_offset(first_offset, diag.offset);
    check->semantic = diag;
}

static int check_piece(void *ctx, const struct aerocmd_stream *piece, uint32_t first_offset)
{
    struct file_check *check = ctx;
    struct aerocmd_diag diag;
    memset(&diag, 0, sizeof(diag));
    if (aerocmd_validate_stream(piece->bytes, piece->size_bytes, &diag) != AEROCMD_OK) {
        diag.offset = stream_offset(first_offset, diag.offset);
        note_structural(check, &diag);
        return 1; /* the structural pass stops at its first fault */
    }
    if (check->stream_semantic)
        check_piece_semantics(check, piece, first_offset);
    return check->tracker_full;
}

/* A trace's submission is checked with its context's binding (the host keeps bindings per
 * context); past the contexts the tracker keeps, semantic checks stop with a note. */
static void enter_context(struct file_check *check, const struct tool_stream *stream)
{
    uint32_t id = stream->from_trace ? stream->submission.context_id : 0u;
    if (!check->semantic_on ||
        aerocmd_semantic_switch_context(&check->tracker, &check->contexts, id) == AEROCMD_OK)
        return;
    check->semantic_on = 0;
    tool_progress_clear(&check->in->progress);
    fprintf(stderr, "%s: note: more than %u contexts; semantic checks stopped\n", check->in->path,
            AEROCMD_SEMANTIC_MAX_CONTEXTS);
}

/* 0, or -1 after an error was reported. */
static int check_stream(struct file_check *check, const struct tool_stream *stream)
{
    struct stream_visitor visitor = {NULL, ignore_header, check_piece, note_structural};
    struct tool_table table;
    struct aerocmd_diag table_diag;
    int table_step = tool_input_table(check->in, stream, &table, &table_diag), walked = 0;
    visitor.ctx = check;
    check->streams++;
    check->stream = stream;
    enter_context(check, stream);
    check->allocs = table_step == 1 ? &table.view : NULL;
    check->stream_semantic = check->semantic_on && table_step >= 0;
    memset(&check->structural, 0, sizeof(check->structural));
    memset(&check->semantic, 0, sizeof(check->semantic));
    if (table_step != -2)
        walked = tool_input_walk(check->in, stream, &visitor);
    tool_table_release(&table);
    if (table_step == -2 || walked < 0)
        return -1;
    if (check->tracker_full)
        return 0;
    if (check->structural.reason != AEROCMD_R_NONE)
        tool_input_report_stream_fault(check->in, stream, &check->structural);
    if (table_step == -1)
        tool_input_report_table_fault(check->in, stream, &table_diag);
    if (check->structural.reason == AEROCMD_R_NONE && table_step >= 0 &&
        check->semantic.reason != AEROCMD_R_NONE)
        tool_input_report_stream_fault(check->in, stream, &check->semantic);
    if (check->structural.reason != AEROCMD_R_NONE || table_step == -1 ||
        check->semantic.reason != AEROCMD_R_NONE) {
        check->status = 1;
        check->semantic_on = 0;
    }
    return 0;
}

static int check_next_stream(void *ctx, const struct tool_stream *stream)
{
    struct file_check *check = ctx;
    if (check_stream(check, stream) != 0)
        return TOOL_EXIT_FAILED;
    return check->tracker_full ? CHECK_AGAIN : 0;
}

static int check_streams(struct file_check *check)
{
    int status = tool_input_each(check->in, check_next_stream, check);
    return status > check->status || status < 0 ? status : check->status;
}

/* The second pass, once more with a larger tracker when the first one filled up. */
static int check_file(struct file_check *check)
{
    uint32_t need = tracker_need(check);
    int status;
    check->semantic_on =
        tracker_setup(check, need < TRACKER_FIRST_OBJECTS ? need : TRACKER_FIRST_OBJECTS);
    status = check_streams(check);
    if (status != CHECK_AGAIN)
        return status;
    tool_input_rewind(check->in);
    check->streams = 0;
    check->status = 0;
    check->tracker_full = 0;
    check->semantic_on = tracker_setup(check, need);
    return check_streams(check);
}

static int validate_file(const char *path, int quiet)
{
    struct tool_input in;
    struct aerocmd_diag diag;
    struct file_check check;
    int status = tool_input_open(&in, path, 1, "validate", &diag);
    memset(&check, 0, sizeof(check));
    check.in = &in;
    if (status == TOOL_INPUT_BAD) {
        tool_input_report_container_fault(&in, &diag);
    } else if (status == TOOL_INPUT_OK) {
        status = count_creating_packets(&check) != 0 ? TOOL_EXIT_FAILED : check_file(&check);
    }
    tool_input_close(&in);
    tool_free(check.tracker_mem, check.tracker_bytes);
    if (status == 0 && !quiet)
        printf("%s: ok (%u stream%s)\n", path, (unsigned)check.streams,
               check.streams == 1 ? "" : "s");
    return status;
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
