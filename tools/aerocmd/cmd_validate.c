/* Placeholder until the validate subcommand lands. */
#include <stdio.h>

#include "commands.h"

int aerocmd_cmd_validate(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "aerocmd validate: not built yet\n");
    return 2;
}
