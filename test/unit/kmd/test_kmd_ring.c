/* SPDX-License-Identifier: MIT */
/* Ring submission (wrap past 2^32, full ring, device head checks, doorbell) and fence
 * tracking (monotonic, torn 64-bit reads). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aerocmd/kmd_fence.h"
#include "aerocmd/kmd_ring.h"
#include "aerogpu_pci.h"
#include "check.h"

static uint64_t ring_mem[(64 + 4 * 64) / 8];
static uint32_t doorbell_calls, doorbell_tail;

static void doorbell(void *user, uint32_t tail)
{
    (void)user;
    doorbell_calls++;
    doorbell_tail = tail;
}

static uint32_t shared_field(size_t offset)
{
    uint32_t v;
    memcpy(&v, (const uint8_t *)ring_mem + offset, 4);
    return v;
}

static void set_head(uint32_t head)
{
    memcpy((uint8_t *)ring_mem + offsetof(struct aerogpu_ring_header, head), &head, 4);
}

static struct aerocmd_kmd_submission sub(uint64_t fence)
{
    struct aerocmd_kmd_submission s;
    memset(&s, 0, sizeof s);
    s.flags = AEROGPU_SUBMIT_FLAG_PRESENT | AEROGPU_SUBMIT_FLAG_NO_IRQ;
    s.context_id = 3;
    s.cmd_gpa = 0x100000 + fence * 0x1000;
    s.cmd_size_bytes = 64;
    s.alloc_table_gpa = 0x900000;
    s.alloc_table_size_bytes = 56;
    s.signal_fence = fence;
    return s;
}

static struct aerogpu_submit_desc slot_desc(uint32_t slot)
{
    struct aerogpu_submit_desc d;
    memcpy(&d, (const uint8_t *)ring_mem + 64 + slot * 64, sizeof d);
    return d;
}

static struct aerocmd_kmd_ring ring;

static void test_wrap_and_full(void)
{
    struct aerocmd_kmd_submission s;
    struct aerocmd_diag diag;
    struct aerogpu_submit_desc d;
    uint32_t start = 0xFFFFFFFEu, i;

    CHECK_EQ(aerocmd_kmd_ring_init(&ring, ring_mem, sizeof ring_mem, 3, 0, NULL, NULL),
             AEROCMD_E_INVALID_ARG); /* not a power of two */
    CHECK_EQ(aerocmd_kmd_ring_init(&ring, ring_mem, sizeof ring_mem, 4, start, doorbell, NULL),
             AEROCMD_OK);
    CHECK_EQ(shared_field(offsetof(struct aerogpu_ring_header, magic)), AEROGPU_RING_MAGIC);
    CHECK_EQ(shared_field(offsetof(struct aerogpu_ring_header, entry_count)), 4);
    CHECK_EQ(shared_field(offsetof(struct aerogpu_ring_header, size_bytes)), 64 + 4 * 64);

    /* four submissions take the indices 0xFFFFFFFE, 0xFFFFFFFF, 0, 1 */
    for (i = 1; i <= 4; i++) {
        s = sub(i);
        CHECK_EQ(aerocmd_kmd_ring_submit(&ring, &s, &diag), AEROCMD_OK);
    }
    CHECK_EQ(shared_field(offsetof(struct aerogpu_ring_header, tail)), 2);
    CHECK_EQ(doorbell_calls, 4);
    CHECK_EQ(doorbell_tail, 2);
    CHECK_EQ(aerocmd_kmd_ring_pending(&ring), 4);
    d = slot_desc(2); /* 0xFFFFFFFE & 3 */
    CHECK_EQ(d.signal_fence, 1);
    d = slot_desc(1); /* index 1 after the wrap */
    CHECK_EQ(d.signal_fence, 4);
    CHECK_EQ(d.desc_size_bytes, 64);
    CHECK_EQ(d.flags, AEROGPU_SUBMIT_FLAG_PRESENT | AEROGPU_SUBMIT_FLAG_NO_IRQ);
    CHECK_EQ(d.context_id, 3);
    CHECK_EQ(d.cmd_gpa, 0x100000 + 4 * 0x1000);
    CHECK_EQ(d.alloc_table_gpa, 0x900000);
    CHECK_EQ(d.alloc_table_size_bytes, 56);

    /* full: nothing written, no doorbell */
    s = sub(5);
    CHECK_EQ(aerocmd_kmd_ring_submit(&ring, &s, &diag), AEROCMD_E_BUFFER_FULL);
    CHECK_EQ(doorbell_calls, 4);
    CHECK_EQ(shared_field(offsetof(struct aerogpu_ring_header, tail)), 2);

    /* the device consumed two (head crosses 2^32 too) */
    set_head(0);
    CHECK_EQ(aerocmd_kmd_ring_pending(&ring), 2);
    CHECK_EQ(aerocmd_kmd_ring_submit(&ring, &s, &diag), AEROCMD_OK);
    CHECK_EQ(slot_desc(2).signal_fence, 5);
}

/* Continues on the ring test_wrap_and_full left with 3 entries pending. */
static void test_rejections(void)
{
    struct aerocmd_kmd_submission s;
    struct aerocmd_diag diag;

    /* fences only go up; descriptors are checked */
    s = sub(5);
    CHECK_EQ(aerocmd_kmd_ring_submit(&ring, &s, &diag), AEROCMD_E_INVALID_ARG);
    s = sub(6);
    s.cmd_size_bytes = 0; /* gpa without size */
    CHECK_EQ(aerocmd_kmd_ring_submit(&ring, &s, &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_SUBMIT_CMD_PAIR);
    s = sub(6);
    s.flags = 4;
    CHECK_EQ(aerocmd_kmd_ring_submit(&ring, &s, &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_SUBMIT_FLAGS);

    /* a head ahead of tail is impossible: the device is broken */
    set_head(7);
    s = sub(6);
    CHECK_EQ(aerocmd_kmd_ring_submit(&ring, &s, &diag), AEROCMD_E_DEVICE_REMOVED);
    CHECK_EQ(aerocmd_kmd_ring_pending(&ring), 5);
}

/* A simulated 64-bit register pair; a script of values makes reads tear. */
struct fake_regs {
    uint64_t values[8];
    uint32_t reads; /* each read advances to the next value every `step` reads */
    uint32_t step;
    uint32_t count;
    uint32_t cycle; /* 1: values repeat instead of settling on the last */
};

static uint32_t fake_read(void *user, uint32_t offset)
{
    struct fake_regs *f = (struct fake_regs *)user;
    uint32_t idx = f->step ? f->reads / f->step : 0;
    uint64_t v;
    if (f->cycle)
        idx %= f->count;
    else if (idx >= f->count)
        idx = f->count - 1;
    v = f->values[idx];
    f->reads++;
    if (offset == AEROGPU_MMIO_REG_COMPLETED_FENCE_HI)
        return (uint32_t)(v >> 32);
    return (uint32_t)v;
}

static void test_torn_read(void)
{
    struct fake_regs f;
    struct aerocmd_kmd_fence_tracker t;
    uint64_t done = 0;

    /* The counter crosses 2^32 between the first hi read and the lo read: hi 0, lo 0, hi 1.
     * A plain lo/hi read would give 0 or 0x1FFFFFFFF; the retry gives 0x100000000. */
    memset(&f, 0, sizeof f);
    f.values[0] = 0xFFFFFFFFull;
    f.values[1] = 0x100000000ull;
    f.step = 1; /* value changes after the first read */
    f.count = 2;
    aerocmd_kmd_fence_init(&t, 0);
    aerocmd_kmd_fence_submitted(&t, 0x100000005ull);
    CHECK_EQ(aerocmd_kmd_fence_poll_mmio(&t, fake_read, &f, &done), AEROCMD_OK);
    CHECK_EQ(done, 0x100000000ull);
    CHECK_EQ(f.reads, 6); /* one torn attempt, one clean */

    /* a device whose hi never settles cannot hang the kernel */
    memset(&f, 0, sizeof f);
    f.values[0] = 0x100000001ull;
    f.values[1] = 0x100000002ull;
    f.values[2] = 0x200000003ull; /* the two hi reads of every attempt differ */
    f.step = 1;
    f.count = 3;
    f.cycle = 1;
    CHECK_EQ(aerocmd_kmd_fence_poll_mmio(&t, fake_read, &f, &done), AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(done, 0x100000000ull);
    CHECK_EQ(f.reads, 3 * AEROCMD_KMD_FENCE_READ_TRIES);
}

static void test_monotonic(void)
{
    struct aerocmd_kmd_fence_tracker t;
    uint64_t done = 0;
    uint32_t page[14];

    aerocmd_kmd_fence_init(&t, 10);
    aerocmd_kmd_fence_submitted(&t, 20);
    aerocmd_kmd_fence_submitted(&t, 15); /* lower submissions do not lower the bound */
    CHECK_EQ(t.submitted, 20);
    CHECK_EQ(aerocmd_kmd_fence_observe(&t, 12, &done), AEROCMD_OK);
    CHECK_EQ(done, 12);
    CHECK_EQ(aerocmd_kmd_fence_observe(&t, 11, &done), AEROCMD_OK); /* stale: ignored */
    CHECK_EQ(done, 12);
    CHECK_EQ(aerocmd_kmd_fence_observe(&t, 21, &done), AEROCMD_E_DEVICE_REMOVED);
    CHECK_EQ(done, 12);
    CHECK_EQ(aerocmd_kmd_fence_observe(&t, 20, &done), AEROCMD_OK);
    CHECK_EQ(done, 20);

    /* the fence page */
    memset(page, 0, sizeof page);
    page[0] = AEROGPU_FENCE_PAGE_MAGIC;
    page[1] = AEROGPU_ABI_VERSION_U32;
    aerocmd_kmd_fence_init(&t, 0);
    aerocmd_kmd_fence_submitted(&t, 0x500000000ull);
    page[2] = 0x00000007u; /* completed_fence lo */
    page[3] = 0x00000004u; /* completed_fence hi */
    CHECK_EQ(aerocmd_kmd_fence_poll_page(&t, page, &done), AEROCMD_OK);
    CHECK_EQ(done, 0x400000007ull);
    page[0] = 0;
    CHECK_EQ(aerocmd_kmd_fence_poll_page(&t, page, &done), AEROCMD_E_DEVICE_REMOVED);
}

int main(void)
{
    test_wrap_and_full();
    test_rejections();
    test_torn_read();
    test_monotonic();
    return check_finish();
}
