/* Placeholder until the dump subcommand lands. */
#include <stdio.h>

#include "commands.h"

int aerocmd_cmd_dump(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "aerocmd dump: not built yet\n");
    return 2;
}
