/* SPDX-License-Identifier: MIT */
/* kmd_ring.c — writing submit descriptors into the shared ring and publishing them. */
#include <stddef.h>
#include <string.h>

#include "aerocmd/kmd_ring.h"
#include "aerocmd/submission.h"

#define HEAD_OFFSET ((uint32_t)offsetof(struct aerogpu_ring_header, head))
#define TAIL_OFFSET ((uint32_t)offsetof(struct aerogpu_ring_header, tail))

/* Orders the descriptor's stores before the tail store that publishes it. */
static void publish_barrier(void)
{
#if defined(__GNUC__) || defined(__clang__)
    __atomic_thread_fence(__ATOMIC_RELEASE);
#endif
}

static volatile uint32_t *shared_u32(uint8_t *base, uint32_t offset)
{
    return (volatile uint32_t *)(void *)(base + offset);
}

size_t aerocmd_kmd_ring_bytes_for(uint32_t entry_count)
{
    uint64_t bytes =
        AEROCMD_KMD_RING_HEADER_BYTES + (uint64_t)entry_count * AEROCMD_KMD_RING_SLOT_BYTES;
    return bytes > 0xFFFFFFFFu ? 0 : (size_t)bytes;
}

aerocmd_result aerocmd_kmd_ring_init(struct aerocmd_kmd_ring *ring, void *mem, size_t mem_bytes,
                                     uint32_t entry_count, uint32_t start_index,
                                     aerocmd_kmd_doorbell_fn doorbell, void *doorbell_user)
{
    struct aerogpu_ring_header h;
    size_t bytes = aerocmd_kmd_ring_bytes_for(entry_count);

    if (ring == NULL || mem == NULL || ((uintptr_t)mem % 8u) != 0 || entry_count == 0 ||
        (entry_count & (entry_count - 1u)) != 0 || bytes == 0 || mem_bytes < bytes)
        return AEROCMD_E_INVALID_ARG;
    memset(mem, 0, bytes);
    memset(&h, 0, sizeof h);
    h.magic = AEROGPU_RING_MAGIC;
    h.abi_version = AEROGPU_ABI_VERSION_U32;
    h.size_bytes = (uint32_t)bytes;
    h.entry_count = entry_count;
    h.entry_stride_bytes = AEROCMD_KMD_RING_SLOT_BYTES;
    h.head = start_index;
    h.tail = start_index;
    memcpy(mem, &h, sizeof h);
    ring->base = (uint8_t *)mem;
    ring->entry_count = entry_count;
    ring->tail = start_index;
    ring->last_fence = 0;
    ring->doorbell = doorbell;
    ring->doorbell_user = doorbell_user;
    return AEROCMD_OK;
}

uint32_t aerocmd_kmd_ring_pending(const struct aerocmd_kmd_ring *ring)
{
    uint32_t pending = ring->tail - *shared_u32(ring->base, HEAD_OFFSET);
    return pending > ring->entry_count ? ring->entry_count + 1u : pending;
}

static void fill_desc(struct aerogpu_submit_desc *d, const struct aerocmd_kmd_submission *sub)
{
    memset(d, 0, sizeof *d);
    d->desc_size_bytes = (uint32_t)sizeof *d;
    d->flags = sub->flags;
    d->context_id = sub->context_id;
    d->engine_id = AEROGPU_ENGINE_0;
    d->cmd_gpa = sub->cmd_gpa;
    d->cmd_size_bytes = sub->cmd_size_bytes;
    d->alloc_table_gpa = sub->alloc_table_gpa;
    d->alloc_table_size_bytes = sub->alloc_table_size_bytes;
    d->signal_fence = sub->signal_fence;
}

aerocmd_result aerocmd_kmd_ring_submit(struct aerocmd_kmd_ring *ring,
                                       const struct aerocmd_kmd_submission *sub,
                                       struct aerocmd_diag *diag)
{
    struct aerogpu_submit_desc desc;
    uint32_t pending, slot;

    if (ring == NULL || ring->base == NULL || sub == NULL)
        return AEROCMD_E_INVALID_ARG;
    pending = aerocmd_kmd_ring_pending(ring);
    if (pending > ring->entry_count)
        return AEROCMD_E_DEVICE_REMOVED;
    if (pending == ring->entry_count)
        return AEROCMD_E_BUFFER_FULL;
    if (sub->signal_fence <= ring->last_fence)
        return AEROCMD_E_INVALID_ARG;
    fill_desc(&desc, sub);
    if (aerocmd_submit_desc_check(&desc, sizeof desc, diag) != AEROCMD_OK)
        return AEROCMD_E_MALFORMED;
    slot = ring->tail & (ring->entry_count - 1u);
    memcpy(ring->base + AEROCMD_KMD_RING_HEADER_BYTES + (size_t)slot * AEROCMD_KMD_RING_SLOT_BYTES,
           &desc, sizeof desc);
    publish_barrier();
    ring->tail++;
    *shared_u32(ring->base, TAIL_OFFSET) = ring->tail;
    ring->last_fence = sub->signal_fence;
    if (ring->doorbell != NULL)
        ring->doorbell(ring->doorbell_user, ring->tail);
    return AEROCMD_OK;
}
