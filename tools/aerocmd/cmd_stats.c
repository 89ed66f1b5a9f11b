/* Placeholder until the stats subcommand lands. */
#include <stdio.h>

#include "commands.h"

int aerocmd_cmd_stats(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "aerocmd stats: not built yet\n");
    return 2;
}
