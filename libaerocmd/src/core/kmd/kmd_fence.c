/* SPDX-License-Identifier: MIT */
/* kmd_fence.c — reading the device's completed fence without tearing, and keeping the
 * tracked value monotonic. */
#include <stddef.h>

#include "aerocmd/kmd_fence.h"
#include "aerogpu_pci.h"
#include "aerogpu_ring.h"

aerocmd_result aerocmd_kmd_read_u64_split(aerocmd_kmd_read32_fn read, void *user,
                                          uint32_t lo_offset, uint32_t hi_offset, uint64_t *out)
{
    uint32_t tries;
    if (read == NULL || out == NULL)
        return AEROCMD_E_INVALID_ARG;
    for (tries = 0; tries < AEROCMD_KMD_FENCE_READ_TRIES; tries++) {
        uint32_t hi = read(user, hi_offset);
        uint32_t lo = read(user, lo_offset);
        /* an unchanged hi means lo was read within one value of the 64-bit counter */
        if (read(user, hi_offset) == hi) {
            *out = ((uint64_t)hi << 32) | lo;
            return AEROCMD_OK;
        }
    }
    return AEROCMD_E_STILL_DRAWING;
}

void aerocmd_kmd_fence_init(struct aerocmd_kmd_fence_tracker *t, uint64_t start)
{
    t->completed = start;
    t->submitted = start;
}

void aerocmd_kmd_fence_submitted(struct aerocmd_kmd_fence_tracker *t, uint64_t fence)
{
    if (fence > t->submitted)
        t->submitted = fence;
}

aerocmd_result aerocmd_kmd_fence_observe(struct aerocmd_kmd_fence_tracker *t, uint64_t observed,
                                         uint64_t *completed)
{
    aerocmd_result r = AEROCMD_OK;
    if (observed > t->submitted)
        r = AEROCMD_E_DEVICE_REMOVED;
    else if (observed > t->completed)
        t->completed = observed;
    if (completed != NULL)
        *completed = t->completed;
    return r;
}

static aerocmd_result poll(struct aerocmd_kmd_fence_tracker *t, aerocmd_kmd_read32_fn read,
                           void *user, uint32_t lo, uint32_t hi, uint64_t *completed)
{
    uint64_t value;
    aerocmd_result r = aerocmd_kmd_read_u64_split(read, user, lo, hi, &value);
    if (r != AEROCMD_OK) {
        if (completed != NULL)
            *completed = t->completed;
        return r;
    }
    return aerocmd_kmd_fence_observe(t, value, completed);
}

aerocmd_result aerocmd_kmd_fence_poll_mmio(struct aerocmd_kmd_fence_tracker *t,
                                           aerocmd_kmd_read32_fn read, void *user,
                                           uint64_t *completed)
{
    if (t == NULL || read == NULL)
        return AEROCMD_E_INVALID_ARG;
    return poll(t, read, user, AEROGPU_MMIO_REG_COMPLETED_FENCE_LO,
                AEROGPU_MMIO_REG_COMPLETED_FENCE_HI, completed);
}

static uint32_t page_read(void *user, uint32_t offset)
{
    const volatile uint8_t *page = (const volatile uint8_t *)user;
    return *(const volatile uint32_t *)(const volatile void *)(page + offset);
}

aerocmd_result aerocmd_kmd_fence_poll_page(struct aerocmd_kmd_fence_tracker *t,
                                           const volatile void *page, uint64_t *completed)
{
    uint32_t lo = (uint32_t)offsetof(struct aerogpu_fence_page, completed_fence);
    void *user = (void *)(uintptr_t)page;

    if (t == NULL || page == NULL || ((uintptr_t)page % 4u) != 0)
        return AEROCMD_E_INVALID_ARG;
    if (page_read(user, (uint32_t)offsetof(struct aerogpu_fence_page, magic)) !=
        AEROGPU_FENCE_PAGE_MAGIC)
        return AEROCMD_E_DEVICE_REMOVED;
    return poll(t, page_read, user, lo, lo + 4u, completed);
}
