/* SPDX-License-Identifier: MIT */
/* aerocmd — reference encoder/decoder tool for the AeroGPU command stream. */
#include <stdio.h>
#include <string.h>

#include "aerocmd/version.h"
#include "aerogpu_pci.h"
#include "commands.h"
#include "tool_alloc.h"

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static const struct command commands[] = {
    {"dump", aerocmd_cmd_dump, "print every packet of a stream or trace"},
    {"validate", aerocmd_cmd_validate, "check streams or traces against the protocol rules"},
    {"stats", aerocmd_cmd_stats, "packets and bytes per opcode"},
    {"trace", aerocmd_cmd_trace, "wrap streams into / extract streams from .aerogputrace"},
    {"render", aerocmd_cmd_render,
     "run a stream or trace on the reference executor, PNG per present"},
    {"demo", aerocmd_cmd_demo, "encode a small frame and dump it"},
    {"host", aerocmd_cmd_host, "serve the reference executor to running guests (live host)"},
    {"replay", aerocmd_cmd_replay, "play a stream or trace to a live host, fence by fence"},
};

static int run_command(const struct command *command, int argc, char **argv)
{
    int status;
    if (tool_alloc_setup() != 0)
        return 2;
    status = command->run(argc, argv);
    tool_alloc_finish();
    return status;
}

static void usage(FILE *out)
{
    size_t i;
    fprintf(out, "usage: aerocmd COMMAND [ARGS...]\n\ncommands:\n");
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'aerocmd COMMAND --help' describes one command. AEROCMD_MEMORY_LIMIT (bytes,\n"
                 "or with a K, M or G suffix; default 1G) caps the memory any command holds.\n");
}

int main(int argc, char **argv)
{
    size_t i;
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("aerocmd %s (AeroGPU ABI %u.%u)\n", aerocmd_version(), AEROGPU_ABI_MAJOR,
               AEROGPU_ABI_MINOR);
        return 0;
    }
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return run_command(&commands[i], argc - 1, argv + 1);
    fprintf(stderr, "aerocmd: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
