/* SPDX-License-Identifier: MIT */
/* aerogpu_kmd.h — the KMD shim: DDI entry points over libaerocmd's kernel-safe core.
 *
 * The shim calls nothing of the OS directly: everything it needs from Windows (reading
 * user memory under __try/__except, the driver-global share-token counter) comes through
 * aerogpu_kmd_platform, which the driver's platform glue fills. That keeps this file and
 * the core free of imports, which the freestanding build's symbol check proves. */
#ifndef AEROGPU_KMD_H
#define AEROGPU_KMD_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/kmd_alloc.h"
#include "aerocmd/kmd_render.h"
#include "aerogpu_kmd_ddi_subset.h"

struct aerogpu_kmd_platform {
    /* 0 on success, non-zero when the user memory faulted */
    int (*copy_from_user)(void *ctx, void *dst, const void *src, size_t len);
    /* InterlockedIncrement64 on the seeded driver-global counter */
    uint64_t (*next_share_token)(void *ctx);
    void *ctx;
};

/* The kernel's allocation object: hDeviceSpecificAllocation points at one. */
struct aerogpu_kmd_allocation {
    struct aerocmd_kmd_alloc_info info; /* from the private data; alloc_id 0 when none */
    uint64_t size_bytes;                /* of the allocation itself */
};

/* Per-context state, allocated by the driver at DxgkDdiCreateContext. */
struct aerogpu_kmd_context {
    struct aerocmd_kmd_validator *validator; /* per device */
    struct aerocmd_kmd_policy policy;
    struct aerocmd_kmd_alloc_ref *refs; /* AllocationListSize entries */
    uint32_t refs_capacity;
    void *alloc_table; /* aerocmd_kmd_alloc_table_bytes_for(capacity) */
    size_t alloc_table_bytes;
    uint32_t last_alloc_table_bytes; /* for DxgkDdiSubmitCommand */
    uint32_t last_submit_flags;
    const struct aerogpu_kmd_platform *platform;
};

AEROGPU_NTSTATUS aerogpu_kmd_render(struct aerogpu_kmd_context *ctx,
                                    AEROGPU_DXGKARG_RENDER *render);

/* DxgkDdiCreateAllocation / DxgkDdiOpenAllocation for one allocation's private data. */
AEROGPU_NTSTATUS aerogpu_kmd_create_allocation(const struct aerogpu_kmd_platform *platform,
                                               void *priv, uint32_t priv_size, uint64_t size_bytes,
                                               struct aerogpu_kmd_allocation *out);
AEROGPU_NTSTATUS aerogpu_kmd_open_allocation(const void *priv, uint32_t priv_size,
                                             uint64_t size_bytes,
                                             struct aerogpu_kmd_allocation *out);

#endif /* AEROGPU_KMD_H */
