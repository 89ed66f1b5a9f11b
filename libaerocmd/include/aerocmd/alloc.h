/* SPDX-License-Identifier: MIT */
/* alloc.h — the caller-supplied allocator every growing object of libaerocmd uses.
 * libaerocmd never calls malloc itself; kernel builds pass pool allocators, tests pass
 * counting or failing ones. */
#ifndef AEROCMD_ALLOC_H
#define AEROCMD_ALLOC_H

#include <stddef.h>

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

struct aerocmd_allocator {
    /* Like realloc: ptr NULL allocates; returns NULL on failure leaving ptr untouched.
     * old_size is the size of the block ptr points to (0 when ptr is NULL). */
    void *(*resize)(void *user, void *ptr, size_t old_size, size_t new_size);
    void (*release)(void *user, void *ptr, size_t size);
    void *user;
};

/* malloc/realloc/free-backed allocator for hosted code (tools, tests). Not in the
 * kernel-safe core. */
const struct aerocmd_allocator *aerocmd_allocator_libc(void);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_ALLOC_H */
