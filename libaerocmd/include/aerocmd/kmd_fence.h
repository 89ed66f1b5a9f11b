/* SPDX-License-Identifier: MIT */
/* kmd_fence.h — completed-fence tracking, kernel side (kernel-safe core).
 *
 * The device publishes the last completed fence as a 64-bit value, in the MMIO registers
 * COMPLETED_FENCE_LO/HI or in the fence page. A 32-bit driver reads it as two 32-bit loads,
 * which can straddle an update; reading hi, lo, then hi again and retrying when the two
 * hi reads differ gives a consistent value, provided the device updates the 64-bit value
 * as one store (the emulator does). Reads are bounded: after AEROCMD_KMD_FENCE_READ_TRIES
 * inconsistent attempts the read reports AEROCMD_E_STILL_DRAWING and the caller tries
 * again later (a misbehaving device cannot hang the kernel).
 *
 * The tracked value is monotonic: a read below the current value is stale and ignored; a
 * read above the highest fence ever submitted is impossible, ignored, and reported as
 * AEROCMD_E_DEVICE_REMOVED. */
#ifndef AEROCMD_KMD_FENCE_H
#define AEROCMD_KMD_FENCE_H

#include <stdint.h>

#include "aerocmd/result.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

#define AEROCMD_KMD_FENCE_READ_TRIES 8u

/* Reads one 32-bit register (MMIO offset, or byte offset into the fence page). */
typedef uint32_t (*aerocmd_kmd_read32_fn)(void *user, uint32_t offset);

/* hi, lo, hi again until the two hi reads agree. */
aerocmd_result aerocmd_kmd_read_u64_split(aerocmd_kmd_read32_fn read, void *user,
                                          uint32_t lo_offset, uint32_t hi_offset, uint64_t *out);

struct aerocmd_kmd_fence_tracker {
    uint64_t completed; /* highest completed fence seen */
    uint64_t submitted; /* highest fence submitted */
};

void aerocmd_kmd_fence_init(struct aerocmd_kmd_fence_tracker *t, uint64_t start);

/* Records a submitted fence (values below the current one are ignored). */
void aerocmd_kmd_fence_submitted(struct aerocmd_kmd_fence_tracker *t, uint64_t fence);

/* Applies one observed value; *completed (may be NULL) receives the tracked value. */
aerocmd_result aerocmd_kmd_fence_observe(struct aerocmd_kmd_fence_tracker *t, uint64_t observed,
                                         uint64_t *completed);

/* Reads COMPLETED_FENCE_LO/HI through read (MMIO offsets) and observes the value. */
aerocmd_result aerocmd_kmd_fence_poll_mmio(struct aerocmd_kmd_fence_tracker *t,
                                           aerocmd_kmd_read32_fn read, void *user,
                                           uint64_t *completed);

/* Reads completed_fence from a mapped aerogpu_fence_page (4-byte aligned) and observes it.
 * The page's magic must be "FENC" (AEROCMD_E_DEVICE_REMOVED otherwise). */
aerocmd_result aerocmd_kmd_fence_poll_page(struct aerocmd_kmd_fence_tracker *t,
                                           const volatile void *page, uint64_t *completed);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_KMD_FENCE_H */
