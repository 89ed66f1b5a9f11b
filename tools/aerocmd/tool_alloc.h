/* SPDX-License-Identifier: MIT */
/* tool_alloc.h — every allocation of the aerocmd tool goes through here: one ceiling on
 * the memory the tool holds (AEROCMD_MEMORY_LIMIT, default 1 GiB) so that no input can
 * make it grow without bound, and, in the fault-injection build (aerocmd_faults, tests
 * only), a way to fail any chosen allocation. Each call names its site. */
#ifndef AEROCMD_TOOL_ALLOC_H
#define AEROCMD_TOOL_ALLOC_H

#include <stddef.h>

#include "aerocmd/alloc.h"

#define TOOL_MEMORY_LIMIT_DEFAULT ((size_t)1 << 30)

/* Where an allocation is made; the fault-injection sweep fails each at least once. */
enum tool_alloc_site {
    SITE_READ_BUFFER,   /* sequential reader's buffer (grows to the largest packet) */
    SITE_SOURCE_CACHE,  /* trace source's block cache */
    SITE_SPOOL_BUFFER,  /* copying standard input to a temporary file */
    SITE_TRACE_LIBRARY, /* the trace reader's metadata copy and blob index */
    SITE_ALLOC_TABLE,   /* a submission's allocation table */
    SITE_ALLOC_SCRATCH, /* scratch for the table's duplicate check */
    SITE_TRACKER,       /* validate's semantic tracker */
    SITE_STATS_ROWS,    /* stats' table of unknown opcodes */
    SITE_DUMPER,        /* dump's output buffer */
    SITE_PATH,          /* output file names */
    SITE_WRAP_INPUTS,   /* trace wrap's argument lists */
    SITE_WRAP_STREAM,   /* trace wrap's stream contents */
    SITE_DEMO,          /* the demo's fake device and trace (through the library) */
    SITE_RENDER_INPUT,  /* render's input, read whole for the executor */
    SITE_COUNT_
};

const char *tool_alloc_site_name(enum tool_alloc_site site);

/* malloc / realloc / free with the ceiling; NULL when refused (nothing printed). */
void *tool_alloc(enum tool_alloc_site site, size_t size);
void *tool_realloc(enum tool_alloc_site site, void *ptr, size_t old_size, size_t new_size);
void tool_free(void *ptr, size_t size);

/* The library's allocator interface over the same accounting, for one site. */
const struct aerocmd_allocator *tool_allocator(enum tool_alloc_site site);

/* "aerocmd: PATH: out of memory (SITE, N bytes; limit L bytes, AEROCMD_MEMORY_LIMIT)". */
void tool_report_out_of_memory(const char *path, enum tool_alloc_site site, size_t size);
/* The site and size of the last refused allocation (for reports after library calls). */
enum tool_alloc_site tool_last_refused_site(size_t *size);

/* Reads AEROCMD_MEMORY_LIMIT (bytes, with an optional K, M or G suffix) and, in the
 * fault-injection build, its own settings. 0, or -1 after printing why the value is bad. */
int tool_alloc_setup(void);
/* Fault-injection build: checks nothing leaked at exit (the sanitizer reports it too). */
void tool_alloc_finish(void);

#endif
