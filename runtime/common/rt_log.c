/* SPDX-License-Identifier: MIT */
/* rt_log.c — the runtime's lines on stderr. */
#include "rt_log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void aerort_log(const char *fmt, ...)
{
    va_list ap;
    fputs("aerort: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
}

void aerort_trace_unimplemented(const char *what)
{
    const char *trace = getenv("AEROCMD_RT_TRACE");
    if (trace != NULL && trace[0] == '1')
        aerort_log("%s is not implemented", what);
}
