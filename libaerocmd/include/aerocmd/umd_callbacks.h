/* SPDX-License-Identifier: MIT */
/* umd_callbacks.h — what the state tracker needs from the operating system (umd layer).
 *
 * The state tracker never talks to Windows. A shim fills this table with thin wrappers
 * over the runtime's callbacks (pfnAllocateCb / pfnGetCommandBufferCb, pfnRenderCb /
 * pfnPresentCb, pfnWaitForSynchronizationObjectCb, pfnAllocateCb for resources, pfnLockCb
 * ...); the project's tests and tools fill it with the in-memory fake (umd_fake.h in
 * libaerocmd/src/fake, not installed).
 *
 * Submission model: the context asks for a command buffer (a span of DMA-buffer bytes plus
 * room for allocation-list entries) only when it has a packet to write, fills it, and hands
 * it back through `submit`. The allocation list is
 * written by the context in the neutral form below; the shim converts each entry into a
 * D3DDDI_ALLOCATIONLIST entry (hAllocation = os_handle, WriteOperation = the WRITE flag).
 *
 * Every callback returns an aerocmd_result; the shim translates HRESULT / NTSTATUS into it
 * (E_OUTOFMEMORY -> OUT_OF_MEMORY, device loss -> DEVICE_REMOVED, "not yet" answers of a
 * wait or a lock -> STILL_DRAWING).
 *
 * How the CPU waits for the GPU depends on the operating system, which `flags` describes.
 * Without flags the context waits for fences itself (wait_fence) before it locks memory the
 * GPU may still use, and throttles presents. On Windows 7 there is no CPU wait on a fence:
 * pfnLockCb blocks until every submitted DMA buffer listing the allocation has retired (or,
 * asked not to wait, fails with D3DERR_WASSTILLDRAWING), and DXGI throttles presents in its
 * own present callback. A shim for it sets both flags below. */
#ifndef AEROCMD_UMD_CALLBACKS_H
#define AEROCMD_UMD_CALLBACKS_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/result.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* One allocation-list entry. */
#define AEROCMD_UMD_ALLOC_REF_WRITE 1u /* the submission may write the allocation */

struct aerocmd_umd_alloc_ref {
    uint64_t os_handle; /* the shim's handle of the allocation (D3DKMT_HANDLE) */
    uint32_t alloc_id;  /* the id the KMD puts in its allocation table */
    uint32_t flags;     /* AEROCMD_UMD_ALLOC_REF_* */
};

/* A command buffer lent to the context by `acquire_buffer`. */
struct aerocmd_umd_cmd_buffer {
    void *bytes;                          /* DMA buffer; the stream header goes first */
    uint32_t capacity;                    /* bytes the context may write */
    struct aerocmd_umd_alloc_ref *allocs; /* allocation-list entries the context may fill */
    uint32_t alloc_capacity;              /* entries available at allocs */
    void *shim_private;                   /* anything the shim needs to give it back */
};

#define AEROCMD_UMD_SUBMIT_PRESENT 1u /* submit through the present path */

/* A filled command buffer. */
struct aerocmd_umd_submission {
    struct aerocmd_umd_cmd_buffer buffer; /* as acquired */
    uint32_t cmd_bytes;                   /* stream header's size_bytes */
    uint32_t alloc_count;                 /* entries used at buffer.allocs */
    uint32_t flags;                       /* AEROCMD_UMD_SUBMIT_* */
};

/* A guest allocation (WDDM allocation) backing a resource. */
struct aerocmd_umd_memory {
    uint64_t os_handle;  /* set by allocate_memory */
    uint64_t size_bytes; /* as requested */
    uint32_t alloc_id;   /* chosen by the device before allocate_memory is called */
    uint32_t flags;      /* AEROCMD_UMD_MEMORY_* as requested */
    /* The allocation private data (aerogpu_wddm_alloc.h) to hand the kernel, in and out:
     * set for the duration of allocate_memory only. A v1 blob (alloc_id, flags, size) for
     * every allocation, a v2 blob with IS_SHARED and share_token 0 for shareable
     * resources. The shim passes these bytes as the allocation's pPrivateDriverData and
     * copies back what the kernel left in them (the share_token it chose), since that is
     * what the OS preserves for OpenResource. */
    void *private_data;
    uint32_t private_data_bytes;
    uint32_t vidpn_source_id; /* with AEROCMD_UMD_MEMORY_PRIMARY */
};

#define AEROCMD_UMD_MEMORY_CPU_VISIBLE 1u
#define AEROCMD_UMD_MEMORY_STAGING     2u
/* A primary surface of video-present source vidpn_source_id (D3DDDI_ALLOCATIONINFO's
 * Flags.Primary and VidPnSourceId). */
#define AEROCMD_UMD_MEMORY_PRIMARY 4u

#define AEROCMD_UMD_WAIT_DO_NOT_WAIT 1u /* poll: STILL_DRAWING when not yet signalled */

/* lock_memory flags. Only sent to a table with AEROCMD_UMD_CB_LOCK_WAITS. */
#define AEROCMD_UMD_LOCK_DO_NOT_WAIT 1u /* STILL_DRAWING instead of waiting for the GPU */

/* aerocmd_umd_callbacks.flags */
/* lock_memory itself waits until the GPU is done with the allocation. The context then
 * never waits for a fence before a lock: it submits the pending work that uses the memory,
 * then locks (with AEROCMD_UMD_LOCK_DO_NOT_WAIT where the caller asked not to wait). */
#define AEROCMD_UMD_CB_LOCK_WAITS 1u
/* The operating system throttles presents: the context never waits before a present. */
#define AEROCMD_UMD_CB_OS_THROTTLES_PRESENT 2u
/* With both flags the context needs no fence wait: wait_fence and wait_fence_raw may both
 * be NULL. aerocmd_umd_wait_idle (umd_data.h) then still submits the pending work, but
 * answers NOT_IMPLEMENTED when that work is not known to be finished: there is no
 * allocation to lock for "everything". */
#define AEROCMD_UMD_CB_WAITS_BY_OS (AEROCMD_UMD_CB_LOCK_WAITS | AEROCMD_UMD_CB_OS_THROTTLES_PRESENT)

struct aerocmd_umd_callbacks {
    void *user;

    /* A fresh, empty command buffer. capacity must be at least a stream header plus one
     * packet header (32 bytes); alloc_capacity may be 0. */
    aerocmd_result (*acquire_buffer)(void *user, struct aerocmd_umd_cmd_buffer *out);

    /* Gives an acquired buffer back without submitting it (context teardown). */
    void (*release_buffer)(void *user, struct aerocmd_umd_cmd_buffer *buffer);

    /* Submits the buffer, which then belongs to the shim again. On success *fence is the
     * submission's fence value (monotonic, non-zero). On failure the buffer stays lent to
     * the context unchanged and is submitted again at the next submission point; after
     * DEVICE_REMOVED the context gives it back with release_buffer and stops. */
    aerocmd_result (*submit)(void *user, const struct aerocmd_umd_submission *submission,
                             uint64_t *fence);

    /* Waits until `fence` is signalled (OK), or with DO_NOT_WAIT answers STILL_DRAWING.
     * May be NULL with AEROCMD_UMD_CB_WAITS_BY_OS. */
    aerocmd_result (*wait_fence)(void *user, uint64_t fence, uint32_t flags);

    /* Creates a guest allocation of memory->size_bytes carrying memory->alloc_id in its
     * private data; fills memory->os_handle. */
    aerocmd_result (*allocate_memory)(void *user, struct aerocmd_umd_memory *memory);
    void (*free_memory)(void *user, const struct aerocmd_umd_memory *memory);

    /* CPU access to a guest allocation. flags: AEROCMD_UMD_LOCK_*. With
     * AEROCMD_UMD_CB_LOCK_WAITS it first waits for the GPU to finish with the allocation;
     * with AEROCMD_UMD_LOCK_DO_NOT_WAIT it answers STILL_DRAWING instead. */
    aerocmd_result (*lock_memory)(void *user, const struct aerocmd_umd_memory *memory,
                                  uint32_t flags, void **cpu);
    void (*unlock_memory)(void *user, const struct aerocmd_umd_memory *memory);

    /* Optional; when set it is used instead of wait_fence: the same wait, answered with the
     * operating system's raw code (HRESULT, NTSTATUS or Win32 wait result), which the
     * context normalises with aerocmd_umd_wait_result() (umd_data.h). */
    uint32_t (*wait_fence_raw)(void *user, uint64_t fence, uint32_t flags);

    uint32_t flags; /* AEROCMD_UMD_CB_*: how this operating system makes the CPU wait */
};

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_CALLBACKS_H */
