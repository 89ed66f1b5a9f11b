/* SPDX-License-Identifier: MIT */
/* kmd_ring.h — the submission ring, kernel side (kernel-safe core).
 *
 * The ring lives in memory shared with the device: an aerogpu_ring_header followed by
 * entry_count slots of 64 bytes (entry_count a power of two). head and tail are
 * free-running u32 counters; slot = index & (entry_count - 1), and the ring holds
 * tail - head entries, computed modulo 2^32, so indices wrapping past 2^32 need no special
 * case. The kernel owns tail (it keeps its own copy and only ever writes the shared one);
 * the device owns head (read once per submission, and distrusted: a head that would make
 * the ring hold more than entry_count entries is a device fault).
 *
 * Publishing: the descriptor is written, then a release fence, then the new tail, then the
 * doorbell callback (the shim writes AEROGPU_MMIO_REG_DOORBELL there). Callers serialise
 * submissions (DxgkDdiSubmitCommand is already serialised by the OS). */
#ifndef AEROCMD_KMD_RING_H
#define AEROCMD_KMD_RING_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/result.h"
#include "aerogpu_ring.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

#define AEROCMD_KMD_RING_HEADER_BYTES 64u
#define AEROCMD_KMD_RING_SLOT_BYTES   64u

typedef void (*aerocmd_kmd_doorbell_fn)(void *user, uint32_t tail);

struct aerocmd_kmd_ring {
    uint8_t *base; /* the shared ring header; slots follow */
    uint32_t entry_count;
    uint32_t tail;       /* kernel copy of the next index to fill */
    uint64_t last_fence; /* highest signal_fence submitted */
    aerocmd_kmd_doorbell_fn doorbell;
    void *doorbell_user;
};

/* One submission, as DxgkDdiSubmitCommand knows it. flags: AEROGPU_SUBMIT_FLAG_PRESENT |
 * AEROGPU_SUBMIT_FLAG_NO_IRQ. Table fields are both 0 when there is no table. */
struct aerocmd_kmd_submission {
    uint32_t flags;
    uint32_t context_id;
    uint64_t cmd_gpa;
    uint32_t cmd_size_bytes;
    uint64_t alloc_table_gpa;
    uint32_t alloc_table_size_bytes;
    uint64_t signal_fence;
};

/* Bytes of shared memory for a ring of entry_count slots; 0 if it does not fit a u32. */
size_t aerocmd_kmd_ring_bytes_for(uint32_t entry_count);

/* Formats mem (8-byte aligned) as an empty ring whose head and tail start at start_index
 * (0 normally; any value is valid since the counters are free-running). entry_count must be
 * a power of two >= 1. doorbell may be NULL. */
aerocmd_result aerocmd_kmd_ring_init(struct aerocmd_kmd_ring *ring, void *mem, size_t mem_bytes,
                                     uint32_t entry_count, uint32_t start_index,
                                     aerocmd_kmd_doorbell_fn doorbell, void *doorbell_user);

/* Entries the device has not consumed yet (tail - head), or entry_count + 1 when the
 * device's head is impossible. */
uint32_t aerocmd_kmd_ring_pending(const struct aerocmd_kmd_ring *ring);

/* Writes one descriptor, publishes tail and rings the doorbell.
 * AEROCMD_E_BUFFER_FULL: entry_count entries pending (nothing written; retry after the
 * device advances head). AEROCMD_E_DEVICE_REMOVED: the device's head is impossible.
 * AEROCMD_E_INVALID_ARG: signal_fence not above every earlier one. AEROCMD_E_MALFORMED:
 * the descriptor breaks aerocmd_submit_desc_check (diag says which field). */
aerocmd_result aerocmd_kmd_ring_submit(struct aerocmd_kmd_ring *ring,
                                       const struct aerocmd_kmd_submission *sub,
                                       struct aerocmd_diag *diag);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_KMD_RING_H */
