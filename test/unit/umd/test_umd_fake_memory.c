/* SPDX-License-Identifier: MIT */
/* test_umd_fake_memory.c — the fake's per-submission guest memory snapshots (keep_memory,
 * umd_fake.h): each recorded submission keeps one copy per distinct allocation its list
 * names, with the bytes the CPU had written when it was submitted (later writes and the
 * host model's write-backs do not reach it), in list order; none without keep_memory; a
 * snapshot that cannot be allocated fails the submission with OUT_OF_MEMORY, records
 * nothing and leaks nothing. */
#include <stdlib.h>
#include <string.h>

#include "aerocmd/umd_fake.h"
#include "check.h"

#define ABI_VERSION 0x10004u

struct counting {
    unsigned requests, fail_at;
    long live;
};

static void *counting_resize(void *user, void *ptr, size_t old_size, size_t new_size)
{
    struct counting *c = user;
    void *p;
    (void)old_size;
    if (++c->requests == c->fail_at)
        return NULL;
    p = realloc(ptr, new_size ? new_size : 1);
    if (p != NULL && ptr == NULL)
        c->live++;
    return p;
}

static void counting_release(void *user, void *ptr, size_t size)
{
    struct counting *c = user;
    (void)size;
    if (ptr != NULL)
        c->live--;
    free(ptr);
}

/* A stream of just its header (ACMD, ABI 1.4, size_bytes 24). */
static const uint8_t empty_stream[24] = {'A', 'C', 'M', 'D', 4, 0, 1, 0, 24};

/* Submits the empty stream listing `ids` (each of `mem`'s allocations by index). */
static aerocmd_result submit(struct aerocmd_umd_callbacks *cb, const struct aerocmd_umd_memory *mem,
                             const uint32_t *which, uint32_t count)
{
    struct aerocmd_umd_submission sub;
    uint64_t fence = 0;
    uint32_t i;
    aerocmd_result r;
    memset(&sub, 0, sizeof(sub));
    r = cb->acquire_buffer(cb->user, &sub.buffer);
    if (r != AEROCMD_OK)
        return r;
    memcpy(sub.buffer.bytes, empty_stream, sizeof(empty_stream));
    for (i = 0; i < count; i++) {
        sub.buffer.allocs[i].os_handle = mem[which[i]].os_handle;
        sub.buffer.allocs[i].alloc_id = mem[which[i]].alloc_id;
        sub.buffer.allocs[i].flags = 0;
    }
    sub.cmd_bytes = sizeof(empty_stream);
    sub.alloc_count = count;
    r = cb->submit(cb->user, &sub, &fence);
    if (r != AEROCMD_OK)
        cb->release_buffer(cb->user, &sub.buffer);
    return r;
}

/* Two allocations (ids 5 and 6, 16 and 32 bytes) filled with `fill` + offset. */
static int set_up(struct aerocmd_umd_fake *fake, struct aerocmd_umd_callbacks *cb,
                  struct aerocmd_allocator *alloc, struct aerocmd_umd_memory mem[2], int keep)
{
    uint32_t i, k;
    if (!CHECK_EQ(aerocmd_umd_fake_init(fake, alloc, ABI_VERSION, 256, 8), AEROCMD_OK))
        return 0;
    fake->keep_memory = keep;
    aerocmd_umd_fake_callbacks(fake, cb);
    for (i = 0; i < 2; i++) {
        void *cpu = NULL;
        memset(&mem[i], 0, sizeof(mem[i]));
        mem[i].alloc_id = 5 + i;
        mem[i].size_bytes = 16u << i;
        if (!CHECK_EQ(cb->allocate_memory(cb->user, &mem[i]), AEROCMD_OK) ||
            !CHECK_EQ(cb->lock_memory(cb->user, &mem[i], 0, &cpu), AEROCMD_OK))
            return 0;
        for (k = 0; k < mem[i].size_bytes; k++)
            ((uint8_t *)cpu)[k] = (uint8_t)(0x10 * (i + 1) + k);
        cb->unlock_memory(cb->user, &mem[i]);
    }
    return 1;
}

static void overwrite(struct aerocmd_umd_callbacks *cb, const struct aerocmd_umd_memory *mem)
{
    void *cpu = NULL;
    if (CHECK_EQ(cb->lock_memory(cb->user, mem, 0, &cpu), AEROCMD_OK)) {
        memset(cpu, 0xEE, (size_t)mem->size_bytes);
        cb->unlock_memory(cb->user, mem);
    }
}

static void check_snapshot(const struct aerocmd_umd_fake *fake,
                           const struct aerocmd_umd_fake_snapshot *snap,
                           const struct aerocmd_umd_memory *mem, uint8_t first)
{
    const struct aerocmd_umd_fake_memory *m = aerocmd_umd_fake_find_memory(fake, mem->alloc_id);
    uint32_t k, wrong = 0;
    CHECK_EQ(snap->alloc_id, mem->alloc_id);
    CHECK(m != NULL && snap->gpa == m->gpa && snap->size_bytes == mem->size_bytes);
    for (k = 0; k < snap->size_bytes; k++)
        wrong += snap->bytes[k] != (uint8_t)(first + k);
    CHECK_EQ(wrong, 0);
}

static void test_snapshots(void)
{
    static const uint32_t twice_then_first[] = {1, 1, 0}, only_first[] = {0};
    struct counting counter = {0, 0, 0};
    struct aerocmd_allocator alloc = {counting_resize, counting_release, &counter};
    struct aerocmd_umd_fake fake;
    struct aerocmd_umd_callbacks cb;
    struct aerocmd_umd_memory mem[2];
    if (set_up(&fake, &cb, &alloc, mem, 1)) {
        CHECK_EQ(submit(&cb, mem, twice_then_first, 3), AEROCMD_OK);
        overwrite(&cb, &mem[0]);
        CHECK_EQ(submit(&cb, mem, only_first, 1), AEROCMD_OK);
        if (CHECK_EQ(fake.submission_count, 2) && CHECK_EQ(fake.submissions[0].snapshot_count, 2) &&
            CHECK_EQ(fake.submissions[1].snapshot_count, 1)) {
            /* List order, one copy of allocation 6 though it is listed twice. */
            check_snapshot(&fake, &fake.submissions[0].snapshots[0], &mem[1], 0x20);
            check_snapshot(&fake, &fake.submissions[0].snapshots[1], &mem[0], 0x10);
            CHECK_EQ(fake.submissions[1].snapshots[0].bytes[0], 0xEE);
        }
    }
    aerocmd_umd_fake_release(&fake);
    CHECK_EQ(counter.live, 0);
}

static void test_off_by_default(void)
{
    static const uint32_t both[] = {0, 1};
    struct counting counter = {0, 0, 0};
    struct aerocmd_allocator alloc = {counting_resize, counting_release, &counter};
    struct aerocmd_umd_fake fake;
    struct aerocmd_umd_callbacks cb;
    struct aerocmd_umd_memory mem[2];
    if (set_up(&fake, &cb, &alloc, mem, 0) && CHECK_EQ(submit(&cb, mem, both, 2), AEROCMD_OK)) {
        CHECK_EQ(fake.submissions[0].snapshot_count, 0);
        CHECK(fake.submissions[0].snapshots == NULL);
    }
    aerocmd_umd_fake_release(&fake);
    CHECK_EQ(counter.live, 0);
}

/* Every allocation of the submission is refused in turn: the array, then each copy. */
static void test_out_of_memory(void)
{
    static const uint32_t both[] = {0, 1};
    unsigned before, n, refused = 0;
    for (n = 1; n <= 8; n++) {
        struct counting counter = {0, 0, 0};
        struct aerocmd_allocator alloc = {counting_resize, counting_release, &counter};
        struct aerocmd_umd_fake fake;
        struct aerocmd_umd_callbacks cb;
        struct aerocmd_umd_memory mem[2];
        aerocmd_result r;
        if (!set_up(&fake, &cb, &alloc, mem, 1))
            break;
        before = counter.requests;
        counter.fail_at = before + n;
        r = submit(&cb, mem, both, 2);
        if (r == AEROCMD_E_OUT_OF_MEMORY) {
            refused++;
            CHECK_EQ(fake.submission_count, 0);
        } else {
            CHECK_EQ(r, AEROCMD_OK);
        }
        aerocmd_umd_fake_release(&fake);
        CHECK_EQ(counter.live, 0);
    }
    /* The stream copy, the list copy, the submissions array, the snapshot array and two
     * snapshots. */
    CHECK_EQ(refused, 6);
}

int main(void)
{
    test_snapshots();
    test_off_by_default();
    test_out_of_memory();
    return check_finish();
}
