/* SPDX-License-Identifier: MIT */
/* The malloc-backed allocator for hosted users (tools, tests). */
#include <stdlib.h>

#include "aerocmd/alloc.h"

static void *libc_resize(void *user, void *ptr, size_t old_size, size_t new_size)
{
    (void)user;
    (void)old_size;
    return realloc(ptr, new_size ? new_size : 1);
}

static void libc_release(void *user, void *ptr, size_t size)
{
    (void)user;
    (void)size;
    free(ptr);
}

static const struct aerocmd_allocator libc_allocator = {libc_resize, libc_release, NULL};

const struct aerocmd_allocator *aerocmd_allocator_libc(void)
{
    return &libc_allocator;
}
