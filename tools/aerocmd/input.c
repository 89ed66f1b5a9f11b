/* Placeholder until input handling lands. */
#include "input.h"
typedef int aerocmd_input_placeholder;
