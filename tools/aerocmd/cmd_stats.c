/* SPDX-License-Identifier: MIT */
/* aerocmd stats: packets and bytes per opcode over every stream of a file.
 *
 * Known opcodes are counted in a table indexed like the decoder's opcode table. Unknown
 * ones (any u32 an input may hold) are appended to a list that is sorted and merged
 * whenever it fills, so n packets cost O(n log n) whatever their opcodes, and the list
 * holds at most twice the distinct unknown opcodes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/dump.h"
#include "commands.h"
#include "input.h"
#include "tool_alloc.h"

#define KNOWN_SLOTS 256u /* more than the opcode table holds */
#define FIRST_ROWS  64u

struct opcode_count {
    uint32_t opcode;
    uint64_t packets;
    uint64_t bytes;
};

struct stats {
    const struct aerocmd_opcode_info *table;
    uint32_t table_count;
    struct opcode_count known[KNOWN_SLOTS];
    struct opcode_count *rows; /* unknown opcodes; rows[0, merged) sorted and distinct */
    size_t count, capacity;
    uint64_t streams;
    uint64_t stream_bytes; /* stream headers' size_bytes, headers included */
    struct tool_input *in;
    const struct tool_stream *stream;
    int status;
};

static void usage(FILE *out)
{
    fprintf(out, "usage: aerocmd stats FILE|-\n\n"
                 "Counts packets and packet bytes per opcode over every command stream of FILE\n"
                 "(.acmd stream or .aerogputrace), sorted by opcode, with totals.\n\n"
                 "Exit status: 0 all well-formed, 1 malformed input (counts cover what could\n"
                 "be read; a malformed allocation table included), 2 usage, read error or\n"
                 "memory limit.\n");
}

static int by_opcode(const void *a, const void *b)
{
    uint32_t x = ((const struct opcode_count *)a)->opcode;
    uint32_t y = ((const struct opcode_count *)b)->opcode;
    return x < y ? -1 : x > y;
}

/* Sorts the list and folds rows of one opcode together. */
static void merge_rows(struct stats *st)
{
    size_t i, out = 0;
    if (st->count == 0)
        return;
    qsort(st->rows, st->count, sizeof(*st->rows), by_opcode);
    for (i = 0; i < st->count; i++) {
        if (out > 0 && st->rows[out - 1].opcode == st->rows[i].opcode) {
            st->rows[out - 1].packets += st->rows[i].packets;
            st->rows[out - 1].bytes += st->rows[i].bytes;
        } else {
            st->rows[out++] = st->rows[i];
        }
    }
    st->count = out;
}

/* Room for one more row: merge first; grow when merging freed less than half. */
static int make_room(struct stats *st)
{
    size_t bigger;
    struct opcode_count *rows;
    if (st->count < st->capacity)
        return 0;
    merge_rows(st);
    if (st->count < st->capacity / 2)
        return 0;
    bigger = st->capacity ? st->capacity * 2 : FIRST_ROWS;
    rows = tool_realloc(SITE_STATS_ROWS, st->rows, st->capacity * sizeof(*rows),
                        bigger * sizeof(*rows));
    if (!rows) {
        tool_report_out_of_memory(st->in->path, SITE_STATS_ROWS, bigger * sizeof(*rows));
        return -1;
    }
    st->rows = rows;
    st->capacity = bigger;
    return 0;
}

static int count_packet(void *ctx, struct aerocmd_packet *packet)
{
    struct stats *st = ctx;
    const struct aerocmd_opcode_info *info = aerocmd_opcode_info(packet->opcode);
    struct opcode_count *row;
    if (info != NULL && (size_t)(info - st->table) < KNOWN_SLOTS) {
        row = &st->known[info - st->table];
    } else {
        if (make_room(st) != 0)
            return -1;
        row = &st->rows[st->count++];
        row->opcode = packet->opcode;
        row->packets = 0;
        row->bytes = 0;
    }
    row->packets++;
    row->bytes += packet->size_bytes;
    return 0;
}

static void on_header(void *ctx, const struct aerocmd_stream *stream)
{
    struct stats *st = ctx;
    st->streams++;
    st->stream_bytes += stream->size_bytes;
}

static int on_piece(void *ctx, const struct aerocmd_stream *piece, uint32_t first_offset)
{
    (void)first_offset;
    return stream_piece_each(piece, count_packet, ctx);
}

static void on_fault(void *ctx, const struct aerocmd_diag *diag)
{
    struct stats *st = ctx;
    tool_input_report_stream_fault(st->in, st->stream, diag);
    st->status = 1;
}

static int check_table(struct stats *st, const struct tool_stream *stream)
{
    struct tool_table table;
    struct aerocmd_diag diag;
    int step = tool_input_table(st->in, stream, &table, &diag);
    tool_table_release(&table);
    if (step == -1) {
        tool_input_report_table_fault(st->in, stream, &diag);
        st->status = 1;
    }
    return step == -2 ? -1 : 0;
}

static void print_row(const struct opcode_count *row, uint64_t *packets, uint64_t *bytes)
{
    char label[AEROCMD_DUMP_OPCODE_LABEL_MAX];
    if (row->packets == 0)
        return;
    printf("0x%04x   %-30s %10llu %12llu\n", (unsigned)row->opcode,
           aerocmd_dump_opcode_label(row->opcode, label, sizeof(label)),
           (unsigned long long)row->packets, (unsigned long long)row->bytes);
    *packets += row->packets;
    *bytes += row->bytes;
}

/* Known and unknown rows are both sorted by opcode: print them merged. */
static void print_table(struct stats *st)
{
    uint64_t packets = 0, bytes = 0;
    size_t k = 0, u = 0;
    merge_rows(st);
    printf("%-8s %-30s %10s %12s\n", "opcode", "name", "packets", "bytes");
    while (k < st->table_count || u < st->count) {
        if (u >= st->count || (k < st->table_count && st->table[k].opcode < st->rows[u].opcode)) {
            st->known[k].opcode = st->table[k].opcode;
            print_row(&st->known[k++], &packets, &bytes);
        } else {
            print_row(&st->rows[u++], &packets, &bytes);
        }
    }
    printf("%-8s %-30s %10llu %12llu\n", "total", "", (unsigned long long)packets,
           (unsigned long long)bytes);
    printf("streams: %llu, stream bytes: %llu (packets plus %llu header bytes)\n",
           (unsigned long long)st->streams, (unsigned long long)st->stream_bytes,
           (unsigned long long)(st->stream_bytes - bytes));
}

static int stats_stream(void *ctx, const struct tool_stream *stream)
{
    struct stats *st = ctx;
    struct stream_visitor visitor = {NULL, on_header, on_piece, on_fault};
    visitor.ctx = st;
    st->stream = stream;
    if (check_table(st, stream) != 0 || tool_input_walk(st->in, stream, &visitor) != 0)
        return TOOL_EXIT_FAILED;
    return 0;
}

static int stats_input(struct stats *st)
{
    int status = tool_input_each(st->in, stats_stream, st);
    if (status == TOOL_EXIT_FAILED)
        return status;
    tool_progress_clear(&st->in->progress);
    print_table(st);
    return status > st->status ? status : st->status;
}

static int parse_args(int argc, char **argv, const char **path)
{
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if ((argv[i][0] == '-' && argv[i][1] != '\0') || *path != NULL) {
            fprintf(stderr, "aerocmd stats: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
        *path = argv[i];
    }
    if (*path == NULL) {
        fprintf(stderr, "aerocmd stats: no FILE given\n");
        usage(stderr);
        return 2;
    }
    return -1;
}

int aerocmd_cmd_stats(int argc, char **argv)
{
    struct tool_input in;
    struct aerocmd_diag diag;
    struct stats *st;
    const char *path = NULL;
    int status = parse_args(argc, argv, &path);
    if (status >= 0)
        return status;
    st = tool_alloc(SITE_STATS_ROWS, sizeof(*st));
    if (!st) {
        tool_report_out_of_memory(path, SITE_STATS_ROWS, sizeof(*st));
        return TOOL_EXIT_FAILED;
    }
    memset(st, 0, sizeof(*st));
    st->table = aerocmd_opcode_table(&st->table_count);
    if (st->table_count > KNOWN_SLOTS)
        st->table_count = KNOWN_SLOTS; /* the rest are counted like unknown opcodes */
    st->in = &in;
    status = tool_input_open(&in, path, 0, "stats", &diag);
    if (status == TOOL_INPUT_BAD)
        tool_input_report_container_fault(&in, &diag);
    else if (status == TOOL_INPUT_OK)
        status = stats_input(st);
    tool_input_close(&in);
    tool_free(st->rows, st->capacity * sizeof(*st->rows));
    tool_free(st, sizeof(*st));
    fflush(stdout);
    return status;
}
