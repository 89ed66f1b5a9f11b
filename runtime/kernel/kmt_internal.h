/* SPDX-License-Identifier: MIT */
/* kmt_internal.h — the runtime kernel's device: allocations, contexts, the KMD path and the
 * link to the GPU. */
#ifndef KMT_INTERNAL_H
#define KMT_INTERNAL_H

#define AERORT_KMT_BUILD 1
#include "aerort_kmt.h"

#include <stdint.h>

#include "aerogpu_kmd.h"
#include "rt_log.h"

#define KMT_MAX_CONTEXTS    8u
#define KMT_CMD_BYTES       (256u * 1024u) /* each command buffer handed to user mode */
#define KMT_LIST_ENTRIES    1024u          /* allocation-list entries per command buffer */
#define KMT_PATCH_ENTRIES   16u
#define KMT_TRACKER_OBJECTS 65536u  /* objects the KMD's semantic tracker follows at once */
#define KMT_WAIT_MS         120000u /* the longest a CPU wait may take before the device is lost */

/* One submission as the GPU link takes it. */
struct kmt_memory {
    uint32_t alloc_id;
    uint32_t flags;
    uint64_t gpa;
    void *bytes;
    uint64_t size_bytes;
};

struct kmt_submission {
    const void *stream;
    uint32_t stream_len;
    const void *alloc_table;
    uint32_t alloc_table_len;
    const struct kmt_memory *memory;
    uint32_t memory_count;
    uint32_t context_id; /* the submitting device's context on the connection */
};

struct kmt_link; /* kmt_link_*.c */

/* The process's GPU link (kmt_link.c): a live host, or none (AEROCMD_HOST=none: every fence
 * completes at once and nothing runs; for plumbing checks only). The first device opens it,
 * every other device shares it, the process keeps it until it is lost; *context_id gets the
 * device's context on it (the lowest of 1..63 no other device of the link holds). Releasing ends
 * the context on the host (END_CONTEXT: its state is dropped), so a later device may take the id.
 * Fences come from one sequence for every device of the link. */
HRESULT kmt_link_acquire(struct kmt_link **out, uint32_t *context_id, const char *address);
void kmt_link_release(struct kmt_link *link, uint32_t context_id);
/* Sends a submission (the memory array is copied; its bytes must stay valid until the fence);
 * *fence gets the value it signals. */
HRESULT kmt_link_submit(struct kmt_link *link, const struct kmt_submission *s, uint64_t *fence);
/* S_OK once `fence` completed, AERORT_D3DERR_WASSTILLDRAWING when timeout_ms passed first,
 * AERORT_D3DDDIERR_DEVICEREMOVED when the connection was lost (the reason on stderr). */
HRESULT kmt_link_wait(struct kmt_link *link, uint64_t fence, uint32_t timeout_ms);
/* A lost connection loses every device of it. */
void kmt_link_lose(struct kmt_link *link);
int kmt_link_is_lost(struct kmt_link *link);

/* Fences shared between devices (a backing's): read and raised with interlocked 64-bit
 * operations, since devices on other threads note and wait on them. */
uint64_t kmt_fence_get(volatile LONG64 *f);
void kmt_fence_raise(volatile LONG64 *f, uint64_t fence);

/* An allocation's memory: this process's, one block for every kernel allocation that names
 * it (the creator's and those of a shared resource opened again, on any device of the
 * process), so each of them sends the same bytes at the same address. memory, size and gpa
 * never change; refs and the fences, which devices on other threads change, only with
 * interlocked operations. */
struct kmt_backing {
    volatile LONG refs; /* kernel allocations (and the kernel resource) naming it */
    uint8_t *memory;
    uint64_t size;
    uint64_t gpa;
    volatile LONG64 last_fence;       /* the last submission listing it */
    volatile LONG64 last_write_fence; /* ... with WriteOperation */
};

struct kmt_resource; /* a kernel resource (kmt_share.c) */

struct kmt_alloc {
    uint32_t in_use;
    uint32_t lock_count;
    struct aerogpu_kmd_allocation kmd; /* what hDeviceSpecificAllocation points at */
    struct kmt_backing *backing;
    struct kmt_resource *resource; /* the kernel resource it belongs to, or NULL */
};

struct kmt_context {
    uint32_t in_use;
    uint8_t *cmd; /* the command buffer user mode writes */
    D3DDDI_ALLOCATIONLIST *list;
    D3DDDI_PATCHLOCATIONLIST *patch;
    uint8_t *dma; /* the kernel's DMA buffer */
};

struct kmt_recorder; /* kmt_record.c */

struct aerort_kmt_device {
    CRITICAL_SECTION lock;
    struct kmt_alloc *allocs; /* handle = index + 1 */
    uint32_t alloc_count, alloc_cap;
    struct kmt_context contexts[KMT_MAX_CONTEXTS];
    struct aerocmd_kmd_validator validator;
    void *tracker;
    struct aerogpu_kmd_context kmd;
    struct aerogpu_kmd_platform platform;
    AEROGPU_DXGK_ALLOCATIONLIST klist[KMT_LIST_ENTRIES];
    struct kmt_memory memory[KMT_LIST_ENTRIES];
    struct kmt_link *link; /* the process's, shared */
    uint32_t context_id;   /* this device's context on it */
    uint64_t last_fence;
    uint64_t present_fences[16]; /* the fences of the last presents, for throttling */
    uint32_t present_count;
    HRESULT lost;
};

struct kmt_alloc *kmt_alloc_of(struct aerort_kmt_device *dev, D3DKMT_HANDLE h);
/* Under the device's lock: S_OK, or why the device is lost (its own error, or its
 * connection's, which every device of the process shares). */
HRESULT kmt_lost(struct aerort_kmt_device *dev);
/* Waits for `fence`; a device lost on the way is remembered. */
HRESULT kmt_wait(struct aerort_kmt_device *dev, uint64_t fence, uint32_t timeout_ms);
/* Under the device's lock: a new allocation slot (handles of freed allocations are reused);
 * NULL when out of memory. */
struct kmt_alloc *kmt_alloc_slot(struct aerort_kmt_device *dev, D3DKMT_HANDLE *h);
/* Under the device's lock: drops an allocation, its backing and kernel-resource references
 * (the memory goes when the GPU is done with it and nothing else names it). */
void kmt_alloc_free(struct aerort_kmt_device *dev, struct kmt_alloc *a);
/* Under the device's lock: one reference less on a backing; the last waits for its last
 * submission (whichever device sent it: one fence sequence) and frees the memory. */
void kmt_backing_unref(struct aerort_kmt_device *dev, struct kmt_backing *b);

/* Kernel resources (kmt_share.c): the allocations a runtime resource owns, with the private
 * driver data the KMD preserved and the runtime's own description, under a shared handle,
 * in one table for the process; any device of the process opens them. Both under the
 * device's lock (the resource's count is the table's). */
HRESULT kmt_resource_create(struct aerort_kmt_device *dev, D3DDDICB_ALLOCATE *a);
/* One allocation of `res` gone; the last takes the resource out of the table. */
void kmt_resource_unref(struct aerort_kmt_device *dev, struct kmt_resource *res);

/* A windowed present's picture drawn into its window (kmt_window.c): dxgi_context is the
 * present's pDXGIContext, fence the present's. S_OK, or the device lost. */
HRESULT kmt_window_present(struct aerort_kmt_device *dev, const void *dxgi_context, uint64_t fence);

/* Recording (AEROCMD_RT_RECORD_DIR): each submission of a connection, in the order the host
 * gets them, as DIR/connection-N/NNNN.acmd, .alloc, .mem (test/shims/record.c's layout) and
 * .ctx (the context id, u32), which `aerocmd trace wrap --memory` reads. Under the link's
 * lock. */
struct kmt_recorder *kmt_record_open(void);
void kmt_record_submission(struct kmt_recorder *rec, const struct kmt_submission *s);
void kmt_record_close(struct kmt_recorder *rec);

#endif
