/* Placeholder until the demo subcommand lands. */
#include <stdio.h>

#include "commands.h"

int aerocmd_cmd_demo(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "aerocmd demo: not built yet\n");
    return 2;
}
