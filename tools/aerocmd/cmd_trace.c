/* SPDX-License-Identifier: MIT */
/* aerocmd trace: wrap raw command streams into an .aerogputrace container, or extract the
 * command streams of a container (or a raw stream) into numbered files. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "aerocmd/alloc.h"
#include "aerocmd/trace.h"
#include "aerogpu_cmd.h"
#include "commands.h"
#include "input.h"
#include "io.h"
#include "tool_alloc.h"
#include "wrap_memory.h"

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
            "usage: aerocmd trace wrap STREAM... -o OUT.aerogputrace [--emulator-version V]\n"
            "                          [--memory]\n\n"
            "Wraps raw command streams (each file starts with \"ACMD\"; '-' reads standard\n"
            "input) into a version 2 .aerogputrace: one frame, and per stream a command-stream\n"
            "blob and a submission record (PRESENT flag when the stream presents). The\n"
            "header's ABI version is the first stream's. The metadata's emulator_version is\n"
            "V (default \"" DEFAULT_EMULATOR_VERSION "\"). OUT '-' writes standard output.\n\n"
            "--memory: every STREAM is a recording's NAME.acmd with NAME.alloc (the allocation\n"
            "table of its submission) and NAME.mem (the guest memory it was submitted with:\n"
            "records of u32 alloc_id, u32 flags, u64 gpa, u64 size, then size bytes padded\n"
            "to 8) beside it; each submission then carries its table (an allocation-table\n"
            "blob) and one guest-memory blob and range per record, so guest-backed resources\n"
            "replay (aerocmd render). A NAME.ctx beside it (u32) is the submission's context\n"
            "id (without one, 0): a recording of several device contexts replays each with\n"
            "its own bindings.\n\n"
            "Streams are read one at a time and written as they come, into a new file that\n"
            "takes OUT's name once complete: a failure leaves OUT as it was (standard output,\n"
            "a device or a pipe is written in place and keeps what came before it).\n\n"
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
    int memory; /* wrap --memory */
    int help;
};

/* 0 parsed; -1 usage error (reported). `inputs` has room for argc entries. */
static int parse_args(int argc, char **argv, const char *command, int wrap_options,
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
        } else if (wrap_options && strcmp(arg, "--memory") == 0) {
            args->memory = 1;
        } else if ((strcmp(arg, "-o") == 0 ||
                    (wrap_options && strcmp(arg, "--emulator-version") == 0)) &&
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

/* The container's destination, as the library's sink. The library stops at the first
 * refusal; `error` (an errno value) tells the caller it was the file's. */
struct file_sink {
    FILE *f;
    int error;
};

static aerocmd_result file_write(void *user, const void *bytes, size_t len)
{
    struct file_sink *out = user;
    errno = 0; /* a failed stat of a new OUT left ENOENT */
    if (fwrite(bytes, 1, len, out->f) == len)
        return AEROCMD_OK;
    out->error = errno != 0 ? errno : EIO;
    return AEROCMD_E_DEVICE_REMOVED;
}

static void report_write_error(const char *path, int error)
{
    fprintf(stderr, "aerocmd: %s: write error: %s\n", path, strerror(error));
}

/* Exit status for a result of the trace writer about `what` (an input, or OUT). */
static int writer_status(const struct trace_args *args, const struct file_sink *file,
                         const char *what, aerocmd_result result)
{
    if (result == AEROCMD_OK)
        return 0;
    if (file->error != 0) {
        report_write_error(args->output, file->error);
        return EXIT_USAGE_OR_IO;
    }
    fprintf(stderr, "aerocmd: %s: cannot write trace: %s\n", what, aerocmd_result_name(result));
    return result == AEROCMD_E_INVALID_ARG ? EXIT_INVALID_INPUT : EXIT_USAGE_OR_IO;
}

/* Reads input `i` (with --memory its table and memory files) and writes its submission;
 * only one input is held at a time. Exit status. */
static int wrap_one(const struct trace_args *args, int i, struct aerocmd_trace_out *out,
                    const struct file_sink *file)
{
    struct tool_blob stream = {NULL, 0, 0};
    struct wrap_memory memory;
    struct aerocmd_trace_submission_in sub;
    int status = 0;
    memset(&memory, 0, sizeof(memory));
    memset(&sub, 0, sizeof(sub));
    if (aerocmd_read_file(args->inputs[i], SITE_WRAP_STREAM, &stream) != 0)
        status = EXIT_USAGE_OR_IO;
    else if (check_raw_stream(args->inputs[i], stream.bytes, stream.len) != 0)
        status = EXIT_INVALID_INPUT;
    if (status == 0) {
        sub.cmd_stream = stream.bytes;
        sub.cmd_stream_len = (uint32_t)stream.len;
        if (args->memory)
            status = wrap_memory_load(args->inputs[i], &memory, &sub);
    }
    if (status == 0)
        status =
            writer_status(args, file, args->inputs[i], aerocmd_trace_out_submission(out, &sub));
    wrap_memory_release(&memory);
    tool_free(stream.bytes, stream.cap);
    return status;
}

/* Writes the container to the open `file`, one input after another. Exit status. */
static int wrap_into(const struct trace_args *args, struct file_sink *file)
{
    const struct aerocmd_trace_sink sink = {file, file_write};
    struct aerocmd_trace_out out;
    int i, status = writer_status(args, file, args->output,
                                  aerocmd_trace_out_begin(&out, &sink, args->emulator_version));
    for (i = 0; status == 0 && i < args->input_count; i++)
        status = wrap_one(args, i, &out, file);
    if (status == 0)
        status = writer_status(args, file, args->output, aerocmd_trace_out_end(&out));
    return status;
}

/* Where wrap writes: a new file beside OUT, renamed over it once complete, so that a
 * failure leaves OUT as it was (an input named as OUT too); standard output, a device or
 * a pipe is written in place and never removed. */
struct wrap_output {
    FILE *f;
    char *temp; /* NULL: written in place */
    size_t temp_size;
};

static int open_temporary(const char *path, struct wrap_output *o)
{
    mode_t mask = umask(0);
    int fd;
    umask(mask);
    o->temp_size = strlen(path) + sizeof(".XXXXXX");
    o->temp = tool_alloc(SITE_PATH, o->temp_size);
    if (!o->temp) {
        tool_report_out_of_memory(path, SITE_PATH, o->temp_size);
        return EXIT_USAGE_OR_IO;
    }
    snprintf(o->temp, o->temp_size, "%s.XXXXXX", path);
    fd = mkstemp(o->temp);
    if (fd >= 0 && (fchmod(fd, 0666 & ~mask) != 0 || (o->f = fdopen(fd, "wb")) == NULL)) {
        close(fd);
        remove(o->temp);
        fd = -1;
    }
    if (fd < 0) {
        fprintf(stderr, "aerocmd: %s: %s\n", path, strerror(errno));
        return EXIT_USAGE_OR_IO;
    }
    return 0;
}

static int open_output(const char *path, struct wrap_output *o)
{
    struct stat st;
    memset(o, 0, sizeof(*o));
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode))
        return open_temporary(path, o);
    o->f = fopen(path, "wb");
    if (!o->f) {
        fprintf(stderr, "aerocmd: %s: %s\n", path, strerror(errno));
        return EXIT_USAGE_OR_IO;
    }
    return 0;
}

/* Closes the output; the file takes OUT's name when `status` is 0. Exit status. */
static int close_output(const char *path, struct wrap_output *o, int status)
{
    int closed = o->f == stdout ? fflush(o->f) : fclose(o->f);
    if (closed != 0 && status == 0) {
        report_write_error(path, errno);
        status = EXIT_USAGE_OR_IO;
    }
    if (o->temp && status == 0 && rename(o->temp, path) != 0) {
        fprintf(stderr, "aerocmd: %s: %s\n", path, strerror(errno));
        status = EXIT_USAGE_OR_IO;
    }
    if (o->temp && status != 0)
        remove(o->temp);
    tool_free(o->temp, o->temp_size);
    return status;
}

static int write_trace(const struct trace_args *args)
{
    struct wrap_output o;
    struct file_sink file = {NULL, 0};
    int status = open_output(args->output, &o);
    if (status != 0) {
        tool_free(o.temp, o.temp_size);
        return status;
    }
    file.f = o.f;
    return close_output(args->output, &o, wrap_into(args, &file));
}

static int wrap_parsed(int argc, char **argv, struct trace_args *args)
{
    if (parse_args(argc, argv, "wrap", 1, args) != 0) {
        usage_wrap(stderr);
        return EXIT_USAGE_OR_IO;
    }
    if (args->help) {
        usage_wrap(stdout);
        return 0;
    }
    if (args->input_count == 0) {
        fprintf(stderr, "aerocmd trace wrap: no input streams\n");
        usage_wrap(stderr);
        return EXIT_USAGE_OR_IO;
    }
    if (!args->emulator_version)
        args->emulator_version = DEFAULT_EMULATOR_VERSION;
    return write_trace(args);
}

static int cmd_wrap(int argc, char **argv)
{
    struct trace_args args;
    size_t n = (size_t)argc;
    int status = EXIT_USAGE_OR_IO;
    memset(&args, 0, sizeof(args));
    args.inputs = tool_alloc(SITE_WRAP_INPUTS, n * sizeof(*args.inputs));
    if (!args.inputs)
        tool_report_out_of_memory("trace wrap", SITE_WRAP_INPUTS, n * sizeof(*args.inputs));
    else
        status = wrap_parsed(argc, argv, &args);
    tool_free((void *)args.inputs, n * sizeof(*args.inputs));
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

/* Copies `len` bytes of the input from `offset` (TOOL_SIZE_UNKNOWN: to its end) into
 * DIR/NNNN.acmd through the reader's buffer. Exit status. */
static int copy_numbered(struct tool_input *in, const char *dir, uint32_t index, uint64_t offset,
                         uint64_t len, int seek)
{
    size_t path_len = strlen(dir) + 32;
    char *path = tool_alloc(SITE_PATH, path_len);
    struct tool_reader *r = &in->reader;
    FILE *out;
    int status = 0;
    if (!path) {
        tool_report_out_of_memory(dir, SITE_PATH, path_len);
        return EXIT_USAGE_OR_IO;
    }
    snprintf(path, path_len, "%s/%04u.acmd", dir, (unsigned)index);
    out = fopen(path, "wb");
    if (!out) {
        fprintf(stderr, "aerocmd: %s: %s\n", path, strerror(errno));
        tool_free(path, path_len);
        return EXIT_USAGE_OR_IO;
    }
    if (seek)
        tool_reader_seek(r, offset, len);
    for (;;) {
        long long have = tool_reader_fill(r, 1);
        if (have <= 0) {
            status = have < 0 ? EXIT_USAGE_OR_IO : 0;
            break;
        }
        if (fwrite(r->buf + r->pos, 1, (size_t)have, out) != (size_t)have)
            status = EXIT_USAGE_OR_IO;
        r->pos += (size_t)have;
        if (status != 0)
            break;
    }
    if (fclose(out) != 0 || (status != 0 && !in->file.failed))
        fprintf(stderr, "aerocmd: %s: write error\n", path);
    tool_free(path, path_len);
    return status != 0 ? EXIT_USAGE_OR_IO : 0;
}

static int check_table(struct tool_input *in, const struct tool_stream *stream)
{
    struct tool_table table;
    struct aerocmd_diag diag;
    int step = tool_input_table(in, stream, &table, &diag);
    tool_table_release(&table);
    if (step == -1) {
        tool_input_report_table_fault(in, stream, &diag);
        return EXIT_INVALID_INPUT;
    }
    return step == -2 ? EXIT_USAGE_OR_IO : 0;
}

struct extract_run {
    struct tool_input *in;
    const char *dir; /* NULL: check the container and every allocation table */
};

static int extract_stream(void *ctx, const struct tool_stream *stream)
{
    struct extract_run *run = ctx;
    const struct aerocmd_trace_submission *sub = &stream->submission;
    if (run->dir == NULL)
        return check_table(run->in, stream);
    return copy_numbered(run->in, run->dir, stream->index, sub->cmd_stream_offset,
                         sub->cmd_stream_len, 1);
}

/* Walks the submissions; writes them when `dir` is set. Exit status. */
static int walk_trace(struct tool_input *in, const char *dir)
{
    struct extract_run run;
    run.in = in;
    run.dir = dir;
    return tool_input_each(in, extract_stream, &run);
}

static int extract_trace(struct tool_input *in, const char *dir)
{
    /* Check the whole container first so a damaged one leaves no partial output. */
    int status = walk_trace(in, NULL);
    if (status != 0)
        return status;
    if (ensure_directory(dir) != 0)
        return EXIT_USAGE_OR_IO;
    tool_input_rewind(in);
    return walk_trace(in, dir);
}

/* A raw stream is copied as it is: the whole file, or from a pipe what its header
 * declares (a pipe has no end to copy up to). Nothing is consumed yet: the reader's data
 * starts at offset 0. */
static int extract_raw(struct tool_input *in, const char *dir)
{
    struct tool_reader *r = &in->reader;
    long long have = tool_reader_fill(r, 12);
    const uint8_t *at = r->buf + r->pos;
    if (have < 0)
        return EXIT_USAGE_OR_IO;
    if (have < 4 || memcmp(at, "ACMD", 4) != 0) {
        fprintf(stderr, "aerocmd: %s: neither a raw command stream nor an .aerogputrace\n",
                in->path);
        return EXIT_INVALID_INPUT;
    }
    if (!in->file.seekable && have >= 12) {
        uint64_t declared = tool_load_u32(at + 8);
        if (declared < (uint64_t)have)
            declared = (uint64_t)have;
        r->end = declared;
        if ((uint64_t)(r->len - r->pos) > declared)
            r->len = r->pos + (size_t)declared;
    }
    if (ensure_directory(dir) != 0)
        return EXIT_USAGE_OR_IO;
    return copy_numbered(in, dir, 0, 0, TOOL_SIZE_UNKNOWN, 0);
}

static int cmd_extract(int argc, char **argv)
{
    struct trace_args args;
    struct tool_input in;
    struct aerocmd_diag diag;
    const char *input;
    int status;
    memset(&args, 0, sizeof(args));
    /* parse_args stores positionals before their count is judged: room for all. */
    args.inputs = tool_alloc(SITE_WRAP_INPUTS, (size_t)argc * sizeof(*args.inputs));
    if (!args.inputs) {
        tool_report_out_of_memory("trace extract", SITE_WRAP_INPUTS,
                                  (size_t)argc * sizeof(*args.inputs));
        return EXIT_USAGE_OR_IO;
    }
    status = parse_args(argc, argv, "extract", 0, &args);
    input = args.inputs[0];
    tool_free((void *)args.inputs, (size_t)argc * sizeof(*args.inputs));
    if (status == 0 && !args.help && args.input_count != 1) {
        fprintf(stderr, "aerocmd trace extract: exactly one input expected\n");
        status = -1;
    }
    if (status != 0 || args.help) {
        usage_extract(status != 0 ? stderr : stdout);
        return status != 0 ? EXIT_USAGE_OR_IO : 0;
    }
    status = tool_input_open(&in, input, 0, "extract", &diag);
    if (status == TOOL_INPUT_BAD) {
        fprintf(stderr, "aerocmd: ");
        tool_input_report_container_fault(&in, &diag);
    } else if (status == TOOL_INPUT_OK) {
        status = in.is_trace ? extract_trace(&in, args.output) : extract_raw(&in, args.output);
    }
    tool_input_close(&in);
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
