/* input.h — placeholder. */
#ifndef AEROCMD_TOOL_INPUT_H
#define AEROCMD_TOOL_INPUT_H
#endif
