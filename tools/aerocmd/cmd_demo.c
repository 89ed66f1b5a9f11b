/* SPDX-License-Identifier: MIT */
/* aerocmd demo: renders one small frame through the libaerocmd state tracker against the
 * in-memory fake of the submission callbacks (demo_scene.c), reads a texel back, then
 * prints and validates every command buffer the fake recorded. */
#include <stdio.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/dump.h"
#include "aerocmd/semantic.h"
#include "aerocmd/submission.h"
#include "commands.h"
#include "demo_render.h"
#include "demo_scene.h"
#include "demo_trace.h"
#include "io.h"
#include "tool_alloc.h"

#define EXIT_CHECK_FAILED        1
#define EXIT_USAGE_OR_IO         2
#define DEMO_EMULATOR_VERSION    "0.0.0-dev"
#define DEMO_MAX_TRACKED_OBJECTS 64u
#define DEMO_ALLOC_TABLE_WORDS   128u /* 1 KiB: the header and 16 entries fit */

#define DEMO_PNG_DEFAULT "aerocmd-demo.png"

struct demo_args {
    int json;
    int raw;
    const char *out_path;
    const char *png_path; /* NULL: --no-png */
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: aerocmd demo [--json] [-o FILE [--raw]] [--png FILE | --no-png]\n\n"
            "Renders a small frame through the libaerocmd state tracker (umd layer) against\n"
            "its in-memory fake of the driver callbacks, which records every submitted command\n"
            "buffer and plays the host: a render target, a vertex buffer with initial data, a\n"
            "dynamic constant buffer written with Map(WRITE_DISCARD), vertex and pixel\n"
            "shaders, an input layout, blend / depth-stencil / rasterizer states, clear, draw\n"
            "and present; then the render target is copied to a staging texture and read\n"
            "with Map(READ), and every object is destroyed.\n\n"
            "Prints the texel read back, then for each submission a line\n"
            "\"# submission N: B bytes, A allocations, fence F[, present]\" and its dump, and\n"
            "last the verdict of aerocmd_validate_stream + aerocmd_semantic_check_stream\n"
            "(with the allocation table the kernel driver would build) over all of them;\n"
            "before the verdict, \"# picture: FILE (...)\": the demo's trace (what -o writes)\n"
            "runs on the reference executor (Direct3D 12 through vkd3d on lavapipe, as aerocmd\n"
            "render) and the frame's PRESENT is written as a PNG.\n\n"
            "  --json     dump as JSON lines (the # lines become JSON objects too)\n"
            "  -o FILE    also write every submission as a version 2 .aerogputrace, with its\n"
            "             allocation table and the guest memory of its listed allocations as\n"
            "             it was at submission (aerocmd render replays it whole)\n"
            "  --raw      with -o: write the first submission's raw command stream instead\n"
            "  --png FILE where the picture goes (default " DEMO_PNG_DEFAULT ")\n"
            "  --no-png   do not render the picture\n\n"
            "Exit status: 0 every step and check passed, 1 a step or a check failed,\n"
            "2 usage or I/O error.\n");
}

/* -1 parsed; otherwise the exit status (help or usage error). */
static int parse_args(int argc, char **argv, struct demo_args *args)
{
    int i;
    memset(args, 0, sizeof(*args));
    args->png_path = DEMO_PNG_DEFAULT;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--json") == 0) {
            args->json = 1;
        } else if (strcmp(argv[i], "--raw") == 0) {
            args->raw = 1;
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            args->out_path = argv[++i];
        } else if (strcmp(argv[i], "--png") == 0 && i + 1 < argc) {
            args->png_path = argv[++i];
        } else if (strcmp(argv[i], "--no-png") == 0) {
            args->png_path = NULL;
        } else {
            fprintf(stderr, "aerocmd demo: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return EXIT_USAGE_OR_IO;
        }
    }
    if (args->raw && args->out_path == NULL) {
        fprintf(stderr, "aerocmd demo: --raw needs -o FILE\n");
        return EXIT_USAGE_OR_IO;
    }
    return -1;
}

static void print_readback(const struct demo_args *args, const uint8_t px[4])
{
    if (args->json)
        printf("{\"type\":\"readback\",\"readback\":{\"x\":0,\"y\":0,\"format\":\"B8G8R8A8_UNORM\","
               "\"bytes\":[%u,%u,%u,%u]}}\n",
               px[0], px[1], px[2], px[3]);
    else
        printf("# readback: staging texel (0,0) = %02x %02x %02x %02x (B G R A, as the fake "
               "host cleared and copied it)\n",
               px[0], px[1], px[2], px[3]);
}

static void print_submission_line(const struct demo_args *args, uint32_t index,
                                  const struct aerocmd_umd_fake_submission *sub)
{
    int present = (sub->flags & AEROCMD_UMD_SUBMIT_PRESENT) != 0;
    if (args->json)
        printf("{\"type\":\"demo_submission\",\"submission\":%u,\"bytes\":%u,\"allocations\":%u,"
               "\"fence\":%llu,"
               "\"present\":%s}\n",
               (unsigned)index, (unsigned)sub->cmd_bytes, (unsigned)sub->alloc_count,
               (unsigned long long)sub->fence, present ? "true" : "false");
    else
        printf("# submission %u: %u bytes, %u allocations, fence %llu%s\n", (unsigned)index,
               (unsigned)sub->cmd_bytes, (unsigned)sub->alloc_count, (unsigned long long)sub->fence,
               present ? ", present" : "");
}

static void report_fault(uint32_t index, const char *what, const struct aerocmd_diag *diag)
{
    fprintf(stderr, "aerocmd demo: submission %u: %s fault at offset %u (0x%x): %s\n",
            (unsigned)index, what, (unsigned)diag->offset, (unsigned)diag->offset,
            aerocmd_reason_name(diag->reason));
}

/* Structure first, then lifetimes and guest backing against the allocation table the KMD
 * would build for this submission; the tracker carries objects across submissions. */
static int submission_valid(const struct aerocmd_umd_fake *fake, uint32_t index,
                            struct aerocmd_semantic *tracker)
{
    const struct aerocmd_umd_fake_submission *sub = &fake->submissions[index];
    uint64_t table[DEMO_ALLOC_TABLE_WORDS];
    struct aerocmd_alloc_table_view view;
    struct aerocmd_stream stream;
    struct aerocmd_diag diag;
    size_t table_size = 0;
    aerocmd_result r;
    memset(&diag, 0, sizeof(diag));
    if (aerocmd_validate_stream(sub->cmd, sub->cmd_bytes, &diag) != AEROCMD_OK ||
        aerocmd_stream_open(&stream, sub->cmd, sub->cmd_bytes, &diag) != AEROCMD_OK) {
        report_fault(index, "structural", &diag);
        return 0;
    }
    r = aerocmd_umd_fake_alloc_table(fake, index, table, sizeof(table), &table_size);
    if (r != AEROCMD_OK) {
        fprintf(stderr, "aerocmd demo: submission %u: no allocation table: %s\n", (unsigned)index,
                aerocmd_result_name(r));
        return 0;
    }
    if (aerocmd_alloc_table_open(&view, table, table_size, &diag) != AEROCMD_OK) {
        report_fault(index, "allocation table", &diag);
        return 0;
    }
    if (aerocmd_semantic_check_stream(tracker, &stream, &view, &diag) != AEROCMD_OK) {
        report_fault(index, "semantic", &diag);
        return 0;
    }
    return 1;
}

static void print_verdict(const struct demo_args *args, uint32_t count, uint32_t bad,
                          uint64_t total_bytes)
{
    if (args->json) {
        printf("{\"type\":\"verdict\",\"verdict\":\"%s\",\"submissions\":%u,\"failed\":%u,"
               "\"bytes\":%llu}\n",
               bad == 0 ? "ok" : "failed", (unsigned)count, (unsigned)bad,
               (unsigned long long)total_bytes);
        return;
    }
    printf("# %u submissions, %llu bytes; aerocmd_validate_stream and "
           "aerocmd_semantic_check_stream (with each submission's allocation table): ",
           (unsigned)count, (unsigned long long)total_bytes);
    if (bad == 0)
        printf("ok\n");
    else
        printf("%u of %u FAILED\n", (unsigned)bad, (unsigned)count);
}

/* Dumps and checks every recorded submission; returns how many failed a check. */
static uint32_t print_and_check(const struct demo_args *args, const struct aerocmd_umd_fake *fake,
                                const uint8_t *trace, size_t trace_len,
                                const struct aerocmd_allocator *alloc)
{
    size_t tracker_bytes = aerocmd_semantic_bytes_for(DEMO_MAX_TRACKED_OBJECTS);
    void *tracker_mem = alloc->resize(alloc->user, NULL, 0, tracker_bytes);
    enum aerocmd_dump_format format = args->json ? AEROCMD_DUMP_JSON : AEROCMD_DUMP_TEXT;
    struct aerocmd_semantic tracker;
    uint64_t total_bytes = 0;
    uint32_t i, bad = 0;
    if (tracker_mem == NULL ||
        aerocmd_semantic_init_ex(&tracker, tracker_mem, tracker_bytes,
                                 AEROCMD_SEMANTIC_GUEST_WIDE) != AEROCMD_OK) {
        fprintf(stderr, "aerocmd demo: no memory for the semantic tracker\n");
        bad = fake->submission_count > 0 ? fake->submission_count : 1u;
    }
    for (i = 0; i < fake->submission_count; i++) {
        const struct aerocmd_umd_fake_submission *sub = &fake->submissions[i];
        print_submission_line(args, i, sub);
        aerocmd_dump_stream(stdout, format, sub->cmd, sub->cmd_bytes, NULL);
        total_bytes += sub->cmd_bytes;
        if (tracker_mem != NULL && !submission_valid(fake, i, &tracker))
            bad++;
    }
    if (aerocmd_demo_render(trace, trace_len, args->png_path, args->json) != 0)
        bad++;
    print_verdict(args, fake->submission_count, bad, total_bytes);
    if (tracker_mem != NULL)
        alloc->release(alloc->user, tracker_mem, tracker_bytes);
    return bad;
}

/* -o: every submission as a trace (built already), or with --raw the first one's stream as
 * it is. */
static int write_output(const struct demo_args *args, const struct aerocmd_umd_fake *fake,
                        const uint8_t *trace, size_t trace_len)
{
    if (fake->submission_count == 0) {
        fprintf(stderr, "aerocmd demo: nothing was submitted; %s not written\n", args->out_path);
        return EXIT_CHECK_FAILED;
    }
    if (args->raw)
        return aerocmd_write_file(args->out_path, fake->submissions[0].cmd,
                                  fake->submissions[0].cmd_bytes) == 0
                   ? 0
                   : EXIT_USAGE_OR_IO;
    if (trace == NULL)
        return EXIT_CHECK_FAILED; /* build_trace said why */
    return aerocmd_write_file(args->out_path, trace, trace_len) == 0 ? 0 : EXIT_USAGE_OR_IO;
}

/* The trace the picture is rendered from and -o writes: NULL when neither wants it, or
 * when it cannot be built (said on stderr; *failed set). */
static uint8_t *build_trace(const struct demo_args *args, const struct aerocmd_umd_fake *fake,
                            const struct aerocmd_allocator *alloc, size_t *len, int *failed)
{
    uint8_t *trace = NULL;
    aerocmd_result r;
    *len = 0;
    *failed = 0;
    if (args->png_path == NULL && (args->out_path == NULL || args->raw))
        return NULL;
    r = demo_trace_build(fake, alloc, DEMO_EMULATOR_VERSION, &trace, len);
    if (r != AEROCMD_OK) {
        fprintf(stderr, "aerocmd demo: cannot build the trace: %s\n", aerocmd_result_name(r));
        *failed = 1;
        return NULL;
    }
    return trace;
}

static int worst(int a, int b)
{
    return a > b ? a : b;
}

int aerocmd_cmd_demo(int argc, char **argv)
{
    const struct aerocmd_allocator *alloc = tool_allocator(SITE_DEMO);
    struct demo_scene scene;
    struct demo_args args;
    int status = parse_args(argc, argv, &args);
    aerocmd_result r;
    if (status >= 0)
        return status;
    r = demo_scene_run(&scene, alloc);
    if (r != AEROCMD_OK) {
        fprintf(stderr, "aerocmd demo: %s failed: %s\n",
                scene.failed_step != NULL ? scene.failed_step : "setup", aerocmd_result_name(r));
        status = EXIT_CHECK_FAILED;
    } else {
        status = 0;
        print_readback(&args, scene.first_pixel);
    }
    if (scene.fake_ready) {
        size_t trace_len = 0;
        int trace_failed = 0;
        uint8_t *trace = build_trace(&args, &scene.fake, alloc, &trace_len, &trace_failed);
        if (scene.fake.host_faults != 0) {
            fprintf(stderr, "aerocmd demo: the fake host could not apply %u packet(s)\n",
                    (unsigned)scene.fake.host_faults);
            status = EXIT_CHECK_FAILED;
        }
        if (trace_failed || print_and_check(&args, &scene.fake, trace, trace_len, alloc) != 0)
            status = EXIT_CHECK_FAILED;
        if (args.out_path != NULL)
            status = worst(status, write_output(&args, &scene.fake, trace, trace_len));
        if (trace != NULL)
            alloc->release(alloc->user, trace, trace_len);
    }
    demo_scene_release(&scene);
    if (fflush(stdout) != 0)
        status = EXIT_USAGE_OR_IO;
    return status;
}
