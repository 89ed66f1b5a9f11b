/* Placeholder until the trace subcommand lands. */
#include <stdio.h>

#include "commands.h"

int aerocmd_cmd_trace(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "aerocmd trace: not built yet\n");
    return 2;
}
