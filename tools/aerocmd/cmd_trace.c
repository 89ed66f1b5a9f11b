/* SPDX-License-Identifier: MIT */
/* aerocmd trace: wrap raw command streams into an .aerogputrace container, or extract the
 * command streams of a container (or a raw stream) into numbered files. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "aerocmd/alloc.h"
#include "aerocmd/trace.h"
#include "aerogpu_cmd.h"
#include "commands.h"
#include "io.h"

#define EXIT_INVALID_INPUT       1
#define EXIT_USAGE_OR_IO         2
#define DEFAULT_EMULATOR_VERSION "0.0.0-dev"

static void usage(FILE *out)
{
    fprintf(out, "usage: aerocmd trace wrap STREAM... -o OUT.aerogputrace\n"
                 "       aerocmd trace extract IN -o DIR\n\n"
                 "wrap     writes a version 2 .aerogputrace with one submission per raw stream\n"
                 "extract  writes every command stream of IN to DIR/0000.acmd, 0001.acmd, ...\n\n"
                 "'aerocmd trace wrap --help' and 'aerocmd trace extract --help' say more.\n");
}

static void usage_wrap(FILE *out)
{
    fprintf(out,
            "usage: aerocmd trace wrap STREAM... -o OUT.aerogputrace [--emulator-version V]\n\n"
            "Wraps raw command streams (each file starts with \"ACMD\"; '-' reads standard\n"
            "input) into a version 2 .aerogputrace: one frame, and per stream a command-stream\n"
            "blob and a submission record (PRESENT flag when the stream presents). The\n"
            "header's ABI version is the first stream's. The metadata's emulator_version is\n"
            "V (default \"" DEFAULT_EMULATOR_VERSION "\"). OUT '-' writes standard output.\n\n"
            "Exit status: 0 written, 1 an input is not a raw stream, 2 usage or I/O error.\n");
}

static void usage_extract(FILE *out)
{
    fprintf(out, "usage: aerocmd trace extract IN -o DIR\n\n"
                 "Writes the command streams of IN (.aerogputrace version 1 or 2, or a raw\n"
                 "stream) to DIR/0000.acmd, DIR/0001.acmd, ... in submission order, creating\n"
                 "DIR if needed. A damaged container is reported and nothing is written.\n\n"
                 "Exit status: 0 extracted, 1 invalid input, 2 usage or I/O error.\n");
}

static int is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

/* An argument that looks like an option ("-" alone is standard input). */
static int is_option(const char *arg)
{
    return arg[0] == '-' && arg[1] != '\0';
}

struct trace_args {
    const char **inputs;
    int input_count;
    const char *output;
    const char *emulator_version;
    int help;
};

/* 0 parsed; -1 usage error (reported). `inputs` has room for argc entries. */
static int parse_args(int argc, char **argv, const char *command, int allow_version,
                      struct trace_args *args)
{
    int i, options_done = 0;
    for (i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!options_done && is_help(arg)) {
            args->help = 1;
            return 0;
        }
        if (options_done || !is_option(arg)) {
            args->inputs[args->input_count++] = arg;
        } else if (strcmp(arg, "--") == 0) {
            options_done = 1;
        } else if ((strcmp(arg, "-o") == 0 ||
                    (allow_version && strcmp(arg, "--emulator-version") == 0)) &&
                   i + 1 < argc) {
            const char **slot = arg[1] == 'o' ? &args->output : &args->emulator_version;
            if (*slot) {
                fprintf(stderr, "aerocmd trace %s: %s given twice\n", command, arg);
                return -1;
            }
            *slot = argv[++i];
        } else {
            fprintf(stderr, "aerocmd trace %s: unknown option or missing value: %s\n", command,
                    arg);
            return -1;
        }
    }
    if (!args->output) {
        fprintf(stderr, "aerocmd trace %s: -o is required\n", command);
        return -1;
    }
    return 0;
}

/* 0 when `bytes` can be wrapped as a command stream; otherwise reports why. */
static int check_raw_stream(const char *path, const uint8_t *bytes, size_t len)
{
    if (len < 4 || memcmp(bytes, "ACMD", 4) != 0) {
        fprintf(stderr, "aerocmd: %s: not a raw command stream (no \"ACMD\" magic)\n", path);
        return -1;
    }
    if (len < sizeof(struct aerogpu_cmd_stream_header)) {
        fprintf(stderr, "aerocmd: %s: shorter than a stream header (%u bytes)\n", path,
                (unsigned)len);
        return -1;
    }
    if (len > UINT32_MAX - AEROCMD_TRACE_BLOB_HEADER_BYTES) {
        fprintf(stderr, "aerocmd: %s: too large for a trace blob\n", path);
        return -1;
    }
    return 0;
}

/* Reads every input; the exit status so far (0 when all are raw streams). */
static int load_streams(const struct trace_args *args, uint8_t **files,
                        struct aerocmd_trace_stream_in *streams)
{
    int i;
    for (i = 0; i < args->input_count; i++) {
        size_t len = 0;
        if (aerocmd_read_file(args->inputs[i], &files[i], &len) != 0)
            return EXIT_USAGE_OR_IO;
        if (check_raw_stream(args->inputs[i], files[i], len) != 0)
            return EXIT_INVALID_INPUT;
        streams[i].bytes = files[i];
        streams[i].len = (uint32_t)len;
    }
    return 0;
}

static int write_trace(const struct trace_args *args, const struct aerocmd_trace_stream_in *streams)
{
    const struct aerocmd_allocator *alloc = aerocmd_allocator_libc();
    uint8_t *out = NULL;
    size_t out_len = 0;
    int status = 0;
    aerocmd_result result = aerocmd_trace_write(alloc, streams, (uint32_t)args->input_count,
                                                args->emulator_version, &out, &out_len);
    if (result != AEROCMD_OK) {
        fprintf(stderr, "aerocmd: %s: cannot write trace: %s\n", args->output,
                aerocmd_result_name(result));
        return result == AEROCMD_E_INVALID_ARG ? EXIT_INVALID_INPUT : EXIT_USAGE_OR_IO;
    }
    if (aerocmd_write_file(args->output, out, out_len) != 0)
        status = EXIT_USAGE_OR_IO;
    alloc->release(alloc->user, out, out_len);
    return status;
}

static int cmd_wrap(int argc, char **argv)
{
    struct trace_args args;
    uint8_t **files = calloc((size_t)argc, sizeof(*files));
    struct aerocmd_trace_stream_in *streams = calloc((size_t)argc, sizeof(*streams));
    int status = EXIT_USAGE_OR_IO, i;
    memset(&args, 0, sizeof(args));
    args.inputs = calloc((size_t)argc, sizeof(*args.inputs));
    if (!files || !streams || !args.inputs) {
        fprintf(stderr, "aerocmd: out of memory\n");
    } else if (parse_args(argc, argv, "wrap", 1, &args) != 0) {
        usage_wrap(stderr);
    } else if (args.help) {
        usage_wrap(stdout);
        status = 0;
    } else if (args.input_count == 0) {
        fprintf(stderr, "aerocmd trace wrap: no input streams\n");
        usage_wrap(stderr);
    } else {
        if (!args.emulator_version)
            args.emulator_version = DEFAULT_EMULATOR_VERSION;
        status = load_streams(&args, files, streams);
        if (status == 0)
            status = write_trace(&args, streams);
    }
    for (i = 0; files && i < argc; i++)
        free(files[i]);
    free(files);
    free(streams);
    free((void *)args.inputs);
    return status;
}

/* Creates `dir` unless it already is a directory. */
static int ensure_directory(const char *dir)
{
    struct stat st;
    if (mkdir(dir, 0777) == 0)
        return 0;
    if (errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
        return 0;
    fprintf(stderr, "aerocmd: %s: %s\n", dir,
            errno == EEXIST ? "exists and is not a directory" : strerror(errno));
    return -1;
}

static int write_numbered(const char *dir, uint32_t index, const uint8_t *bytes, size_t len)
{
    size_t path_len = strlen(dir) + 32;
    char *path = malloc(path_len);
    int rc;
    if (!path) {
        fprintf(stderr, "aerocmd: out of memory\n");
        return -1;
    }
    snprintf(path, path_len, "%s/%04u.acmd", dir, (unsigned)index);
    rc = aerocmd_write_file(path, bytes, len);
    free(path);
    return rc;
}

static void report_container_fault(const char *path, const struct aerocmd_diag *diag)
{
    fprintf(stderr, "aerocmd: %s: trace offset %u (0x%x): %s: %s\n", path, (unsigned)diag->offset,
            (unsigned)diag->offset, aerocmd_reason_name(diag->reason),
            aerocmd_reason_text(diag->reason));
}

/* Walks the submissions; writes them when `write` (else only checks). Exit status. */
static int walk_trace(const char *path, const struct aerocmd_trace *trace, const char *dir,
                      int write)
{
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    uint32_t index = 0;
    int step;
    aerocmd_trace_iter_init(&iter, trace);
    while ((step = aerocmd_trace_next_submission(&iter, &sub, &diag)) > 0) {
        if (write && write_numbered(dir, index, sub.cmd_stream, sub.cmd_stream_len) != 0)
            return EXIT_USAGE_OR_IO;
        index++;
    }
    if (step < 0) {
        report_container_fault(path, &diag);
        return EXIT_INVALID_INPUT;
    }
    return 0;
}

static int extract_bytes(const char *path, const uint8_t *bytes, size_t len, const char *dir)
{
    struct aerocmd_trace trace;
    struct aerocmd_diag diag;
    int status;
    if (len >= 4 && memcmp(bytes, "ACMD", 4) == 0) {
        if (ensure_directory(dir) != 0)
            return EXIT_USAGE_OR_IO;
        return write_numbered(dir, 0, bytes, len) == 0 ? 0 : EXIT_USAGE_OR_IO;
    }
    if (len < 8 || memcmp(bytes, "AEROGPUT", 8) != 0) {
        fprintf(stderr, "aerocmd: %s: neither a raw command stream nor an .aerogputrace\n", path);
        return EXIT_INVALID_INPUT;
    }
    if (aerocmd_trace_open(&trace, bytes, len, &diag) != AEROCMD_OK) {
        report_container_fault(path, &diag);
        return EXIT_INVALID_INPUT;
    }
    /* Check the whole container first so a damaged one leaves no partial output. */
    status = walk_trace(path, &trace, dir, 0);
    if (status == 0)
        status = ensure_directory(dir) == 0 ? walk_trace(path, &trace, dir, 1) : EXIT_USAGE_OR_IO;
    return status;
}

static int cmd_extract(int argc, char **argv)
{
    struct trace_args args;
    const char *input;
    uint8_t *bytes = NULL;
    size_t len = 0;
    int status;
    memset(&args, 0, sizeof(args));
    /* parse_args stores positionals before their count is judged: room for all. */
    args.inputs = calloc((size_t)argc, sizeof(*args.inputs));
    if (!args.inputs) {
        fprintf(stderr, "aerocmd: out of memory\n");
        return EXIT_USAGE_OR_IO;
    }
    status = parse_args(argc, argv, "extract", 0, &args);
    input = args.inputs[0];
    free((void *)args.inputs);
    if (status == 0 && !args.help && args.input_count != 1) {
        fprintf(stderr, "aerocmd trace extract: exactly one input expected\n");
        status = -1;
    }
    if (status != 0 || args.help) {
        usage_extract(status != 0 ? stderr : stdout);
        return status != 0 ? EXIT_USAGE_OR_IO : 0;
    }
    if (aerocmd_read_file(input, &bytes, &len) != 0)
        return EXIT_USAGE_OR_IO;
    status = extract_bytes(input, bytes, len, args.output);
    free(bytes);
    return status;
}

int aerocmd_cmd_trace(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE_OR_IO;
    }
    if (is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "wrap") == 0)
        return cmd_wrap(argc - 1, argv + 1);
    if (strcmp(argv[1], "extract") == 0)
        return cmd_extract(argc - 1, argv + 1);
    fprintf(stderr, "aerocmd trace: unknown subcommand '%s'\n", argv[1]);
    usage(stderr);
    return EXIT_USAGE_OR_IO;
}
