/* SPDX-License-Identifier: MIT */
/* rt_log.h — the runtime's lines on stderr. */
#ifndef RT_LOG_H
#define RT_LOG_H

/* One line, prefixed "aerort: ". */
void aerort_log(const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(gnu_printf, 1, 2)))
#endif
    ;

/* With AEROCMD_RT_TRACE=1: "aerort: WHAT is not implemented" (an application called
 * something this runtime answers without doing it). */
void aerort_trace_unimplemented(const char *what);

#endif
