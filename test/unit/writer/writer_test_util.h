/* SPDX-License-Identifier: MIT */
/* writer_test_util.h — helpers the writer tests share: byte readers that do not depend on
 * the protocol structs, an allocator that counts and can fail on demand, and expected
 * packet builders written as plain 32-bit words. */
#ifndef AEROCMD_TEST_WRITER_UTIL_H
#define AEROCMD_TEST_WRITER_UTIL_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/writer.h"
#include "check.h"

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

/* An allocator over realloc/free that counts resize calls, fails call number fail_at
 * (1-based; 0 = never) and tracks the bytes it has handed out. */
struct test_alloc {
    struct aerocmd_allocator iface;
    unsigned calls;
    unsigned fail_at;
    size_t live_bytes;
    unsigned live_blocks;
};

static void *test_alloc_resize(void *user, void *ptr, size_t old_size, size_t new_size)
{
    struct test_alloc *a = (struct test_alloc *)user;
    void *p;

    a->calls++;
    if (a->fail_at != 0 && a->calls == a->fail_at)
        return NULL;
    p = realloc(ptr, new_size);
    if (p == NULL)
        return NULL;
    if (ptr == NULL)
        a->live_blocks++;
    a->live_bytes = a->live_bytes - old_size + new_size;
    return p;
}

static void test_alloc_release(void *user, void *ptr, size_t size)
{
    struct test_alloc *a = (struct test_alloc *)user;
    a->live_blocks--;
    a->live_bytes -= size;
    free(ptr);
}

static void test_alloc_init(struct test_alloc *a, unsigned fail_at)
{
    memset(a, 0, sizeof *a);
    a->iface.resize = test_alloc_resize;
    a->iface.release = test_alloc_release;
    a->iface.user = a;
    a->fail_at = fail_at;
}

/* The stream header every writer starts with, as words. */
static int check_stream_header(const struct aerocmd_writer *w, uint32_t abi_version)
{
    const uint8_t *b = aerocmd_writer_data(w);
    int ok = CHECK_EQ(rd32(b + 0), 0x444D4341u);
    ok &= CHECK_EQ(rd32(b + 4), abi_version);
    ok &= CHECK_EQ(rd32(b + 8), aerocmd_writer_size(w));
    ok &= CHECK_EQ(rd32(b + 12), 0);
    ok &= CHECK_EQ(rd32(b + 16), 0);
    ok &= CHECK_EQ(rd32(b + 20), 0);
    return ok;
}

#define ABI_1_0 0x00010000u
#define ABI_1_1 0x00010001u
#define ABI_1_2 0x00010002u
#define ABI_1_3 0x00010003u
#define ABI_1_4 0x00010004u

#endif /* AEROCMD_TEST_WRITER_UTIL_H */
