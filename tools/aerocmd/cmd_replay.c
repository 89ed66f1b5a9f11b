/* SPDX-License-Identifier: MIT */
/* aerocmd replay: plays a stream's or trace's submissions to a live host (aerocmd host), in
 * order, each with its allocation table and the guest memory the trace carries (loaded as
 * aerocmd render loads it), waiting for each fence; one line per submission. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/host_client.h"
#include "aerocmd/trace.h"
#include "commands.h"
#include "tool_options.h"
#include "io.h"
#include "render.h"
#include "tool_alloc.h"

#ifdef AEROCMD_HAVE_EXEC
#include "png_write.h"
#endif

#define EXIT_INVALID     1
#define EXIT_USAGE_OR_IO 2
#define MAX_RANGES       4096u /* what the executor loads of one submission, as render */
#define TRACE_MAGIC      "AEROGPUT"

struct replay {
    const char *file;
    struct aerocmd_host_client *client;
    uint32_t timeout_ms;
    int quiet;
    uint32_t index; /* of the submission being played */
    struct aerocmd_host_memory *memory;
    uint32_t memory_count;
    uint64_t last_fence;
};

static void usage(FILE *out)
{
    fprintf(out, "usage: aerocmd replay --host ADDRESS [--picture FILE.png] [--timeout TIME] [-q]\n"
                 "                      FILE\n\n"
                 "Plays FILE (.acmd stream or .aerogputrace, as for aerocmd render) to the live\n"
                 "host at ADDRESS (tcp:127.0.0.1:PORT or unix:PATH; see aerocmd host): every\n"
                 "submission in order, with its allocation table, the guest memory v2 traces\n"
                 "carry and its context id, waiting for its fence. One device (connection) for\n"
                 "the whole file, so the host's pictures are the ones aerocmd render writes for\n"
                 "it. Prints\n"
                 "  submission K: fence F, B bytes written back[, N present(s) from present_NNNN]\n"
                 "per submission (B: guest memory the device wrote back, WRITEBACK_DST copies).\n"
                 "A submission the host refuses stops the replay with\n"
                 "  FILE: submission K, offset N (0xN), OPCODE: reason\n\n"
                 "  --host ADDRESS     the host (required)\n"
                 "  --picture FILE     at the end, write the device's last presented picture\n"
                 "  --timeout TIME     how long to wait for one fence (seconds, or with an ms or\n"
                 "                     s suffix; default: the host's deadline + I/O timeout + 5s)\n"
                 "  -q                 no line per submission\n\n"
                 "Exit status: 0 every submission ran, 1 the host refused one (or stopped it:\n"
                 "deadline, memory budget), 2 usage, I/O or connection error.\n");
}

static int status_of(const struct aerocmd_host_error *err)
{
    switch (err->kind) {
    case AEROCMD_HOST_ERR_REFUSED:
    case AEROCMD_HOST_ERR_WATCHDOG:
    case AEROCMD_HOST_ERR_MEMORY:
        return EXIT_INVALID;
    default:
        return EXIT_USAGE_OR_IO;
    }
}

static int report(const struct replay *r, const struct aerocmd_host_error *err)
{
    if (err->kind == AEROCMD_HOST_ERR_REFUSED)
        fprintf(stderr, "%s: %s\n", r->file, err->message);
    else
        fprintf(stderr, "%s: submission %u: %s\n", r->file, r->index, err->message);
    return status_of(err);
}

static void free_memory(struct replay *r)
{
    uint32_t i;
    for (i = 0; i < r->memory_count; i++)
        free(r->memory[i].bytes);
    r->memory_count = 0;
}

/* One range into r->memory (a later range of the same allocation replaces it, as the
 * executor's loading does). 0, or -1 out of memory. */
static int add_range(struct replay *r, const struct aerocmd_trace_memory_range *range)
{
    uint64_t size = range->bytes_len < range->size_bytes ? range->bytes_len : range->size_bytes;
    struct aerocmd_host_memory *m = NULL;
    uint32_t i;
    void *copy = malloc(size != 0 ? (size_t)size : 1u);
    if (copy == NULL)
        return -1;
    if (size != 0)
        memcpy(copy, range->bytes, (size_t)size);
    for (i = 0; i < r->memory_count && m == NULL; i++)
        if (r->memory[i].alloc_id == range->alloc_id)
            m = &r->memory[i];
    if (m == NULL)
        m = &r->memory[r->memory_count++];
    else
        free(m->bytes);
    m->alloc_id = range->alloc_id;
    m->flags = range->flags;
    m->gpa = range->gpa;
    m->bytes = copy;
    m->size_bytes = size;
    return 0;
}

static void print_done(const struct replay *r, const struct aerocmd_host_completion *done)
{
    if (r->quiet)
        return;
    printf("submission %u: fence %llu, %llu bytes written back", r->index,
           (unsigned long long)done->fence, (unsigned long long)done->bytes_written);
    if (done->bytes_dropped != 0)
        printf(", %llu dropped", (unsigned long long)done->bytes_dropped);
    if (done->present_count != 0)
        printf(", %u present%s from present_%04u", done->present_count,
               done->present_count == 1 ? "" : "s", done->first_present);
    printf("\n");
}

/* Sends one submission and waits for it. 0, or the exit status after reporting. */
static int play(struct replay *r, struct aerocmd_host_submission *sub, uint64_t trace_fence)
{
    struct aerocmd_host_completion done;
    struct aerocmd_host_error err;
    uint64_t fence;
    sub->memory = r->memory;
    sub->memory_count = r->memory_count;
    sub->fence = trace_fence > r->last_fence ? trace_fence : 0;
    if (aerocmd_host_submit(r->client, sub, &fence, &err) != AEROCMD_OK ||
        aerocmd_host_wait(r->client, fence, r->timeout_ms, &done, &err) != AEROCMD_OK)
        return report(r, &err);
    r->last_fence = fence;
    print_done(r, &done);
    r->index++;
    return 0;
}

static int play_trace_submission(struct replay *r, const struct aerocmd_trace *trace,
                                 const struct aerocmd_trace_submission *ts)
{
    struct aerocmd_host_submission sub;
    struct aerocmd_diag diag;
    uint32_t i, n = ts->memory_range_count < MAX_RANGES ? ts->memory_range_count : MAX_RANGES;
    int status;
    for (i = 0; i < n; i++) {
        struct aerocmd_trace_memory_range range;
        if (aerocmd_trace_submission_range(trace, ts, i, &range, &diag) != AEROCMD_OK) {
            fprintf(stderr, "%s: trace offset %u (0x%x): %s: %s\n", r->file, diag.offset,
                    diag.offset, aerocmd_reason_name(diag.reason),
                    aerocmd_reason_text(diag.reason));
            return EXIT_INVALID;
        }
        if (add_range(r, &range) != 0) {
            fprintf(stderr, "aerocmd replay: out of memory\n");
            return EXIT_USAGE_OR_IO;
        }
    }
    memset(&sub, 0, sizeof(sub));
    sub.stream = ts->cmd_stream;
    sub.stream_len = ts->cmd_stream_len;
    sub.alloc_table = ts->alloc_table;
    sub.alloc_table_len = ts->alloc_table_len;
    sub.context_id = ts->context_id;
    status = play(r, &sub, ts->signal_fence);
    free_memory(r);
    return status;
}

static int play_trace(struct replay *r, const uint8_t *bytes, size_t len)
{
    struct aerocmd_trace trace;
    struct aerocmd_trace_iter it;
    struct aerocmd_trace_submission ts;
    struct aerocmd_diag diag;
    int step, status = 0;
    if (aerocmd_trace_open(&trace, bytes, len, &diag) == AEROCMD_OK) {
        aerocmd_trace_iter_init(&it, &trace);
        while (status == 0 && (step = aerocmd_trace_next_submission(&it, &ts, &diag)) == 1)
            status = play_trace_submission(r, &trace, &ts);
        if (status == 0 && step == 0)
            return 0;
    }
    if (status == 0)
        fprintf(stderr, "%s: trace offset %u (0x%x): %s: %s\n", r->file, diag.offset, diag.offset,
                aerocmd_reason_name(diag.reason), aerocmd_reason_text(diag.reason));
    return status != 0 ? status : EXIT_INVALID;
}

static int play_bytes(struct replay *r, const uint8_t *bytes, size_t len)
{
    struct aerocmd_host_submission sub;
    if (len >= 8 && memcmp(bytes, TRACE_MAGIC, 8) == 0)
        return play_trace(r, bytes, len);
    memset(&sub, 0, sizeof(sub));
    sub.stream = bytes;
    sub.stream_len = len;
    return play(r, &sub, 0);
}

static int save_picture(struct replay *r, const char *path)
{
    struct aerocmd_host_picture pic;
    struct aerocmd_host_error err;
    uint8_t *rgba = NULL;
    size_t cap = 0;
    aerocmd_result res = aerocmd_host_last_picture(r->client, &pic, NULL, 0, &err);
    int status = EXIT_USAGE_OR_IO;
    if (res == AEROCMD_E_BUFFER_FULL && (rgba = malloc(cap = (size_t)pic.width * pic.height * 4u)))
        res = aerocmd_host_last_picture(r->client, &pic, rgba, cap, &err);
    if (res != AEROCMD_OK && res != AEROCMD_E_BUFFER_FULL)
        status = report(r, &err);
    else if (!pic.has_pixels || rgba == NULL)
        fprintf(stderr, "aerocmd replay: %s: the device presented no picture with pixels\n", path);
#ifdef AEROCMD_HAVE_EXEC
    else if (aerocmd_write_png(path, rgba, pic.width, pic.height) == 0)
        status = 0;
#else
    else
        fprintf(stderr, "aerocmd replay: built without libpng: --picture is not available\n");
#endif
    if (status == 0 && !r->quiet)
        printf("%s: %ux%u from h:%u (present_%04u)\n", path, pic.width, pic.height, pic.handle,
               pic.present);
    free(rgba);
    return status;
}

static int replay_file(struct replay *r, const char *address, const char *picture, int timeout_set)
{
    const struct aerocmd_host_info *info;
    struct aerocmd_host_error err;
    struct tool_blob in;
    int status;
    if (aerocmd_read_file(r->file, SITE_RENDER_INPUT, &in) != 0)
        return EXIT_USAGE_OR_IO;
    r->memory = calloc(MAX_RANGES, sizeof(*r->memory));
    if (r->memory == NULL) {
        fprintf(stderr, "aerocmd replay: out of memory\n");
        status = EXIT_USAGE_OR_IO;
    } else if (aerocmd_host_connect(address, NULL, &r->client, &err) != AEROCMD_OK) {
        fprintf(stderr, "aerocmd replay: %s\n", err.message);
        status = EXIT_USAGE_OR_IO;
    } else {
        info = aerocmd_host_info(r->client);
        if (!timeout_set)
            r->timeout_ms = info->deadline_ms + info->io_timeout_ms + 5000u;
        status = play_bytes(r, in.bytes, in.len);
        if (status == 0 && picture != NULL)
            status = save_picture(r, picture);
        if (status == 0 && !r->quiet)
            printf("%s: replayed, %u submission%s\n", r->file, r->index, r->index == 1 ? "" : "s");
    }
    aerocmd_host_close(r->client);
    free(r->memory);
    tool_free(in.bytes, in.cap);
    return status;
}

int aerocmd_cmd_replay(int argc, char **argv)
{
    const char *address = NULL, *picture = NULL;
    struct replay r;
    int i, timeout_set = 0;
    memset(&r, 0, sizeof(r));
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--host") == 0 && i + 1 < argc) {
            address = argv[++i];
        } else if (strcmp(argv[i], "--picture") == 0 && i + 1 < argc) {
            picture = argv[++i];
        } else if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc &&
                   tool_parse_time(argv[i + 1], &r.timeout_ms) == 0) {
            timeout_set = 1, i++;
        } else if (strcmp(argv[i], "-q") == 0) {
            r.quiet = 1;
        } else if ((argv[i][0] != '-' || argv[i][1] == '\0') && r.file == NULL) {
            r.file = argv[i];
        } else {
            fprintf(stderr, "aerocmd replay: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return EXIT_USAGE_OR_IO;
        }
    }
    if (r.file == NULL || address == NULL) {
        fprintf(stderr, "aerocmd replay: %s\n",
                r.file == NULL ? "no FILE given" : "no --host given");
        usage(stderr);
        return EXIT_USAGE_OR_IO;
    }
    return replay_file(&r, address, picture, timeout_set);
}
