/* SPDX-License-Identifier: MIT */
/* The tool's allocations: a ceiling on what it holds, and (fault-injection build) failure
 * on demand. */
#include "tool_alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const site_names[SITE_COUNT_] = {
    "read buffer",    "source cache", "spool buffer", "trace reader", "allocation table",
    "table scratch",  "tracker",      "stats rows",   "dump buffer",  "output path",
    "wrap arguments", "wrap stream",  "demo",         "render input",
};

static struct {
    size_t limit;
    size_t held;
    enum tool_alloc_site refused_site;
    size_t refused_size;
#ifdef AEROCMD_TOOL_FAULT_INJECTION
    unsigned long calls;
    unsigned long fail_at; /* 0: never */
    int trace;
#endif
} state = {TOOL_MEMORY_LIMIT_DEFAULT,
           0,
           SITE_COUNT_,
           0
#ifdef AEROCMD_TOOL_FAULT_INJECTION
           ,
           0,
           0,
           0
#endif
};

const char *tool_alloc_site_name(enum tool_alloc_site site)
{
    return site < SITE_COUNT_ ? site_names[site] : "?";
}

/* Whether growing by `more` bytes is allowed; remembers a refusal. */
static int admit(enum tool_alloc_site site, size_t more, size_t size)
{
    int refuse = more > state.limit - state.held;
#ifdef AEROCMD_TOOL_FAULT_INJECTION
    state.calls++;
    if (state.trace)
        fprintf(stderr, "aerocmd-alloc: %lu %s %zu\n", state.calls, site_names[site], size);
    if (state.calls == state.fail_at) {
        fprintf(stderr, "aerocmd-alloc: failing %lu (%s)\n", state.calls, site_names[site]);
        refuse = 1;
    }
#endif
    if (refuse) {
        state.refused_site = site;
        state.refused_size = size;
    }
    return !refuse;
}

void *tool_alloc(enum tool_alloc_site site, size_t size)
{
    void *p;
    if (size == 0)
        size = 1;
    if (!admit(site, size, size))
        return NULL;
    p = malloc(size);
    if (p)
        state.held += size;
    else {
        state.refused_site = site;
        state.refused_size = size;
    }
    return p;
}

void *tool_realloc(enum tool_alloc_site site, void *ptr, size_t old_size, size_t new_size)
{
    void *p;
    if (ptr == NULL)
        return tool_alloc(site, new_size);
    if (new_size == 0)
        new_size = 1;
    if (!admit(site, new_size > old_size ? new_size - old_size : 0, new_size))
        return NULL;
    p = realloc(ptr, new_size);
    if (!p) {
        state.refused_site = site;
        state.refused_size = new_size;
        return NULL;
    }
    state.held = state.held - old_size + new_size;
    return p;
}

void tool_free(void *ptr, size_t size)
{
    if (ptr == NULL)
        return;
    free(ptr);
    state.held -= size == 0 ? 1 : size;
}

static void *allocator_resize(void *user, void *ptr, size_t old_size, size_t new_size)
{
    const enum tool_alloc_site *site = user;
    return tool_realloc(*site, ptr, ptr ? (old_size ? old_size : 1) : 0, new_size);
}

static void allocator_release(void *user, void *ptr, size_t size)
{
    (void)user;
    tool_free(ptr, size);
}

const struct aerocmd_allocator *tool_allocator(enum tool_alloc_site site)
{
    static enum tool_alloc_site sites[SITE_COUNT_];
    static struct aerocmd_allocator allocators[SITE_COUNT_];
    if (site >= SITE_COUNT_)
        return NULL;
    sites[site] = site;
    allocators[site].resize = allocator_resize;
    allocators[site].release = allocator_release;
    allocators[site].user = &sites[site];
    return &allocators[site];
}

enum tool_alloc_site tool_last_refused_site(size_t *size)
{
    if (size)
        *size = state.refused_size;
    return state.refused_site;
}

void tool_report_out_of_memory(const char *path, enum tool_alloc_site site, size_t size)
{
    fprintf(stderr,
            "aerocmd: %s: out of memory (%s, %zu bytes; %zu of the limit of %zu bytes in use; "
            "AEROCMD_MEMORY_LIMIT raises it)\n",
            path, tool_alloc_site_name(site), size, state.held, state.limit);
}

/* "123", "64K", "512M", "2G" -> bytes; 0 when malformed. */
static size_t parse_size(const char *text)
{
    char *end = NULL;
    unsigned long long value = strtoull(text, &end, 10);
    unsigned shift = 0;
    if (*text < '0' || *text > '9' || end == text)
        return 0;
    if (*end == 'K' || *end == 'k')
        shift = 10;
    else if (*end == 'M' || *end == 'm')
        shift = 20;
    else if (*end == 'G' || *end == 'g')
        shift = 30;
    if (shift != 0)
        end++;
    if (*end != '\0' || value == 0 || value > (unsigned long long)(SIZE_MAX >> shift))
        return 0;
    return (size_t)(value << shift);
}

int tool_alloc_setup(void)
{
    const char *limit = getenv("AEROCMD_MEMORY_LIMIT");
    if (limit != NULL && *limit != '\0') {
        state.limit = parse_size(limit);
        if (state.limit == 0) {
            fprintf(stderr,
                    "aerocmd: AEROCMD_MEMORY_LIMIT='%s': expected a byte count such as "
                    "1073741824, 512M or 2G\n",
                    limit);
            return -1;
        }
    }
#ifdef AEROCMD_TOOL_FAULT_INJECTION
    {
        const char *fail = getenv("AEROCMD_FAIL_ALLOC");
        const char *trace = getenv("AEROCMD_ALLOC_TRACE");
        int i;
        state.fail_at = fail ? strtoul(fail, NULL, 10) : 0;
        state.trace = trace != NULL;
        if (trace != NULL && strcmp(trace, "sites") == 0)
            for (i = 0; i < SITE_COUNT_; i++)
                fprintf(stderr, "aerocmd-alloc-site: %s\n", site_names[i]);
    }
#endif
    return 0;
}

void tool_alloc_finish(void)
{
#ifdef AEROCMD_TOOL_FAULT_INJECTION
    if (state.trace)
        fprintf(stderr, "aerocmd-alloc: calls %lu held at exit %zu\n", state.calls, state.held);
#endif
}
