/* SPDX-License-Identifier: MIT */
/* ddi_failures.c — fuzz_ddi_sequence's injected failures. The fake fails its N-th fallible
 * callback (acquire, submit, wait, allocate, lock) once; the device's allocator or id source
 * can fail once as well. In the extended set a callback failure may be a burst: the next
 * 1..3 fallible callbacks fail the same way, as under lasting memory pressure. Bursts come
 * from a callback table that wraps the fake's and counts the calls the fake does not see. */
#include "ddi_fuzz.h"

/* Answers the failure when a burst is under way; 0 lets the call through to the fake. */
static int burst_fails(struct ddi *d)
{
    if (d->burst_left == 0)
        return 0;
    d->burst_left--;
    if (d->fake.fail_with == AEROCMD_E_DEVICE_REMOVED)
        d->removed = 1;
    return 1;
}

/* After a fallible call went to the fake: when it was the one armed to fail, the burst
 * starts. */
static void after_fallible(struct ddi *d, uint64_t calls_before)
{
    if (d->fake.fail_at != 0 && calls_before + 1u == d->fake.fail_at &&
        d->fake.fallible_calls == d->fake.fail_at)
        d->burst_left = d->burst_len;
}

static aerocmd_result wrap_acquire(void *user, struct aerocmd_umd_cmd_buffer *out)
{
    struct ddi *d = (struct ddi *)user;
    uint64_t before = d->fake.fallible_calls;
    aerocmd_result r;
    if (burst_fails(d))
        return d->fake.fail_with;
    r = d->fake_cb.acquire_buffer(d->fake_cb.user, out);
    after_fallible(d, before);
    return r;
}

static void wrap_release(void *user, struct aerocmd_umd_cmd_buffer *buf)
{
    struct ddi *d = (struct ddi *)user;
    d->fake_cb.release_buffer(d->fake_cb.user, buf);
}

static aerocmd_result wrap_submit(void *user, const struct aerocmd_umd_submission *submission,
                                  uint64_t *fence)
{
    struct ddi *d = (struct ddi *)user;
    uint64_t before = d->fake.fallible_calls;
    aerocmd_result r;
    if (burst_fails(d))
        return d->fake.fail_with;
    r = d->fake_cb.submit(d->fake_cb.user, submission, fence);
    after_fallible(d, before);
    return r;
}

static aerocmd_result wrap_wait(void *user, uint64_t fence, uint32_t flags)
{
    struct ddi *d = (struct ddi *)user;
    uint64_t before = d->fake.fallible_calls;
    aerocmd_result r;
    if (burst_fails(d))
        return d->fake.fail_with;
    r = d->fake_cb.wait_fence(d->fake_cb.user, fence, flags);
    after_fallible(d, before);
    return r;
}

static aerocmd_result wrap_allocate(void *user, struct aerocmd_umd_memory *memory)
{
    struct ddi *d = (struct ddi *)user;
    uint64_t before = d->fake.fallible_calls;
    aerocmd_result r;
    if (burst_fails(d))
        return d->fake.fail_with;
    r = d->fake_cb.allocate_memory(d->fake_cb.user, memory);
    after_fallible(d, before);
    return r;
}

static void wrap_free(void *user, const struct aerocmd_umd_memory *memory)
{
    struct ddi *d = (struct ddi *)user;
    d->fake_cb.free_memory(d->fake_cb.user, memory);
}

static aerocmd_result wrap_lock(void *user, const struct aerocmd_umd_memory *memory, uint32_t flags,
                                void **cpu)
{
    struct ddi *d = (struct ddi *)user;
    uint64_t before = d->fake.fallible_calls;
    aerocmd_result r;
    if (burst_fails(d))
        return d->fake.fail_with;
    r = d->fake_cb.lock_memory(d->fake_cb.user, memory, flags, cpu);
    after_fallible(d, before);
    return r;
}

static void wrap_unlock(void *user, const struct aerocmd_umd_memory *memory)
{
    struct ddi *d = (struct ddi *)user;
    d->fake_cb.unlock_memory(d->fake_cb.user, memory);
}

void ddi_wrap_callbacks(struct ddi *d)
{
    aerocmd_umd_fake_callbacks(&d->fake, &d->fake_cb);
    d->cb = d->fake_cb;
    d->cb.user = d;
    d->cb.acquire_buffer = wrap_acquire;
    d->cb.release_buffer = wrap_release;
    d->cb.submit = wrap_submit;
    d->cb.wait_fence = d->fake_cb.wait_fence != NULL ? wrap_wait : NULL;
    d->cb.allocate_memory = wrap_allocate;
    d->cb.free_memory = wrap_free;
    d->cb.lock_memory = wrap_lock;
    d->cb.unlock_memory = wrap_unlock;
    d->cb.wait_fence_raw = NULL; /* the fake answers with results, never raw codes */
}

void ddi_note_removal(struct ddi *d)
{
    if (d->fake.fail_at != 0 && d->fake.fallible_calls >= d->fake.fail_at &&
        d->fake.fail_with == AEROCMD_E_DEVICE_REMOVED)
        d->removed = 1;
}

void ddi_disarm(struct ddi *d)
{
    ddi_note_removal(d);
    d->fake.fail_at = 0;
    d->dev_alloc.fail_at = 0;
    d->ids.fail_in = 0;
    d->burst_left = 0;
    d->burst_len = 0;
}

/* cfg: bits 0-1 what fails (a callback with OUT_OF_MEMORY, one with DEVICE_REMOVED, the
 * device's allocator, the id source), bits 2-3 how many calls ahead (1..4), and in the
 * extended set bits 4-5 how many more callbacks the failure lasts for. */
void ddi_op_inject(struct ddi *d, struct reader *r)
{
    uint32_t cfg = rd8(r), ahead = (cfg >> 2) % 4u + 1u;
    ddi_disarm(d);
    if ((cfg & 3u) == 0 || (cfg & 3u) == 1) {
        d->fake.fail_at = d->fake.fallible_calls + ahead;
        d->fake.fail_with = (cfg & 3u) ? AEROCMD_E_DEVICE_REMOVED : AEROCMD_E_OUT_OF_MEMORY;
        d->may_lose |= (cfg & 3u) == 1;
        d->burst_len = d->extended ? (cfg >> 4) % 4u : 0u;
    } else if ((cfg & 3u) == 2) {
        d->dev_alloc.fail_at = d->dev_alloc.calls + ahead;
    } else {
        d->ids.fail_in = ahead;
    }
}
