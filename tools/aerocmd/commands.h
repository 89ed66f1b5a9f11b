/* SPDX-License-Identifier: MIT */
/* commands.h — the aerocmd subcommands. Each returns the process exit status:
 * 0 success, 1 the input is invalid (or a check failed), 2 usage or I/O error. */
#ifndef AEROCMD_TOOL_COMMANDS_H
#define AEROCMD_TOOL_COMMANDS_H

int aerocmd_cmd_dump(int argc, char **argv);
int aerocmd_cmd_validate(int argc, char **argv);
int aerocmd_cmd_stats(int argc, char **argv);
int aerocmd_cmd_trace(int argc, char **argv);
int aerocmd_cmd_render(int argc, char **argv);
int aerocmd_cmd_demo(int argc, char **argv);
int aerocmd_cmd_host(int argc, char **argv);
int aerocmd_cmd_replay(int argc, char **argv);

#endif
