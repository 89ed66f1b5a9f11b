/* SPDX-License-Identifier: MIT */
/* aerocmd stats: packets and bytes per opcode over every stream of a file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/dump.h"
#include "commands.h"
#include "input.h"

struct opcode_count {
    uint32_t opcode;
    uint64_t packets;
    uint64_t bytes;
};

/* Per-opcode totals kept sorted by opcode. */
struct stats {
    struct opcode_count *rows;
    size_t count;
    size_t capacity;
    uint64_t streams;
    uint64_t stream_bytes; /* stream headers' size_bytes, headers included */
};

static void usage(FILE *out)
{
    fprintf(out, "usage: aerocmd stats FILE|-\n\n"
                 "Counts packets and packet bytes per opcode over every command stream of FILE\n"
                 "(.acmd stream or .aerogputrace), sorted by opcode, with totals.\n\n"
                 "Exit status: 0 all well-formed, 1 malformed input (counts cover what could\n"
                 "be read), 2 usage or read error.\n");
}

/* The row for `opcode`, inserted in order when new; NULL when out of memory. */
static struct opcode_count *row_for(struct stats *st, uint32_t opcode)
{
    size_t lo = 0, hi = st->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (st->rows[mid].opcode < opcode)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < st->count && st->rows[lo].opcode == opcode)
        return &st->rows[lo];
    if (st->count == st->capacity) {
        size_t bigger = st->capacity ? st->capacity * 2 : 32;
        struct opcode_count *rows = realloc(st->rows, bigger * sizeof(*rows));
        if (rows == NULL)
            return NULL;
        st->rows = rows;
        st->capacity = bigger;
    }
    memmove(&st->rows[lo + 1], &st->rows[lo], (st->count - lo) * sizeof(*st->rows));
    memset(&st->rows[lo], 0, sizeof(*st->rows));
    st->rows[lo].opcode = opcode;
    st->count++;
    return &st->rows[lo];
}

/* 0 when the stream was well-framed, 1 after reporting its fault, 2 when out of memory. */
static int count_stream(struct stats *st, const struct aerocmd_input *in,
                        const struct aerocmd_input_stream *stream)
{
    struct aerocmd_stream opened;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag diag;
    int step;
    memset(&diag, 0, sizeof(diag));
    if (aerocmd_stream_open(&opened, stream->bytes, stream->len, &diag) != AEROCMD_OK) {
        aerocmd_input_report_stream_fault(in, stream, &diag);
        return 1;
    }
    st->streams++;
    st->stream_bytes += opened.size_bytes;
    aerocmd_cursor_init(&cursor, &opened);
    while ((step = aerocmd_cursor_next(&cursor, &packet, &diag)) == 1) {
        struct opcode_count *row = row_for(st, packet.opcode);
        if (row == NULL) {
            fprintf(stderr, "aerocmd stats: out of memory\n");
            return 2;
        }
        row->packets++;
        row->bytes += packet.size_bytes;
    }
    if (step < 0) {
        aerocmd_input_report_stream_fault(in, stream, &diag);
        return 1;
    }
    return 0;
}

static void print_table(const struct stats *st)
{
    uint64_t packets = 0, bytes = 0;
    size_t i;
    printf("%-8s %-30s %10s %12s\n", "opcode", "name", "packets", "bytes");
    for (i = 0; i < st->count; i++) {
        char label[AEROCMD_DUMP_OPCODE_LABEL_MAX];
        const struct opcode_count *row = &st->rows[i];
        aerocmd_dump_opcode_label(row->opcode, label, sizeof(label));
        printf("0x%04x   %-30s %10llu %12llu\n", (unsigned)row->opcode, label,
               (unsigned long long)row->packets, (unsigned long long)row->bytes);
        packets += row->packets;
        bytes += row->bytes;
    }
    printf("%-8s %-30s %10llu %12llu\n", "total", "", (unsigned long long)packets,
           (unsigned long long)bytes);
    printf("streams: %llu, stream bytes: %llu (packets plus %llu header bytes)\n",
           (unsigned long long)st->streams, (unsigned long long)st->stream_bytes,
           (unsigned long long)(st->stream_bytes - bytes));
}

static int stats_input(struct aerocmd_input *in)
{
    struct stats st;
    struct aerocmd_input_stream stream;
    struct aerocmd_diag diag;
    int step, status = 0;
    memset(&st, 0, sizeof(st));
    while ((step = aerocmd_input_next(in, &stream, &diag)) == 1) {
        int stream_status = count_stream(&st, in, &stream);
        if (stream_status > status)
            status = stream_status;
        if (stream_status == 2)
            break;
    }
    if (step < 0) {
        aerocmd_input_report_container_fault(in, &diag);
        if (status == 0)
            status = 1;
    }
    print_table(&st);
    free(st.rows);
    return status;
}

int aerocmd_cmd_stats(int argc, char **argv)
{
    struct aerocmd_input in;
    struct aerocmd_diag diag;
    const char *path = NULL;
    int i, status;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if ((argv[i][0] == '-' && argv[i][1] != '\0') || path != NULL) {
            fprintf(stderr, "aerocmd stats: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
        path = argv[i];
    }
    if (path == NULL) {
        fprintf(stderr, "aerocmd stats: no FILE given\n");
        usage(stderr);
        return 2;
    }
    status = aerocmd_input_open(&in, path, &diag);
    if (status == AEROCMD_INPUT_UNREADABLE)
        return 2;
    if (status == AEROCMD_INPUT_BAD) {
        aerocmd_input_report_container_fault(&in, &diag);
        aerocmd_input_close(&in);
        return 1;
    }
    status = stats_input(&in);
    aerocmd_input_close(&in);
    fflush(stdout);
    return status;
}
