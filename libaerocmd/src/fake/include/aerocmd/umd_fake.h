/* SPDX-License-Identifier: MIT */
/* umd_fake.h — an in-memory implementation of the umd callbacks: "the emulator's view".
 *
 * It lends one command buffer at a time (of a chosen size, so tests can force splits),
 * records every submission (a copy of its stream bytes, its allocation list and the fence
 * it got), hands out guest allocations backed by allocator memory with made-up guest
 * physical addresses, and can fail its N-th fallible callback to test error paths.
 * Fences complete as soon as they are handed out unless `hold_fences` is set. With
 * `win7_locks` set before aerocmd_umd_fake_callbacks it waits the way Windows 7 does (see
 * there) and its callback table says so. It also
 * plays the host: every submission is applied to a model of the host's resources and of
 * guest memory, so tests can check bytes (aerocmd_umd_fake_resource).
 * Everything it keeps comes from the allocator it is given.
 *
 * Tools and tests only: not part of the UMD layer nor of the installed library (the
 * driver DLL and the Direct3D 11 runtime of runtime/ cannot link it). Link
 * aerocmd_fake_dep (libaerocmd/src/fake). */
#ifndef AEROCMD_UMD_FAKE_H
#define AEROCMD_UMD_FAKE_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/alloc.h"
#include "aerocmd/result.h"
#include "aerocmd/umd_callbacks.h"
#include "aerocmd/umd_pipeline.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Guest memory of one listed allocation as the CPU left it when a submission was made
 * (what a capture carries for the host to read guest-backed resources from). */
struct aerocmd_umd_fake_snapshot {
    uint32_t alloc_id;
    uint64_t gpa;
    uint64_t size_bytes;
    uint8_t *bytes;
};

struct aerocmd_umd_fake_submission {
    uint8_t *cmd; /* copy of the stream, cmd_bytes long */
    uint32_t cmd_bytes;
    uint32_t alloc_count;
    struct aerocmd_umd_alloc_ref *allocs; /* copy of the allocation list */
    uint64_t fence;
    uint32_t flags; /* AEROCMD_UMD_SUBMIT_* */
    /* keep_memory: one per distinct allocation of the list, in list order, taken before
     * the host model applies the submission; otherwise 0 and NULL. */
    uint32_t snapshot_count;
    struct aerocmd_umd_fake_snapshot *snapshots;
};

struct aerocmd_umd_fake_memory {
    uint32_t alloc_id;
    uint32_t live;
    uint64_t os_handle;
    uint64_t gpa;
    uint64_t size_bytes;
    uint8_t *bytes;
    /* The private data as the kernel left it (the fake plays the KMD with
     * aerocmd_kmd_alloc_create: shared allocations get a fresh token), which the OS keeps
     * and replays to OpenResource; 0 bytes when the allocation came without one. */
    uint32_t private_data_bytes;
    uint8_t private_data[64];
    /* win7_locks: fence of the newest submission whose allocation list names it. */
    uint64_t last_listed_fence;
};

/* The host's copy of a resource, as the fake host model keeps it (umd_fake_host.c).
 * Textures use the guest layout with the packet's row pitch (tight when 0). */
struct aerocmd_umd_fake_resource {
    uint32_t handle;
    uint32_t is_texture;
    uint32_t format, width, height, mip_levels, array_layers, row_pitch_bytes;
    uint32_t backing_alloc_id, backing_offset_bytes;
    uint32_t size_bytes;
    uint8_t *bytes;
    uint64_t share_token; /* exported under this token (0 none); imports alias the bytes */
};

/* The input-assembler bindings the host model has seen (SET_VERTEX_BUFFERS,
 * SET_INDEX_BUFFER), for tests that look at what a draw reads. */
struct aerocmd_umd_fake_ia {
    uint32_t vb_handle[AEROCMD_UMD_MAX_VERTEX_BUFFERS]; /* Direct3D 11's 32 slots */
    uint32_t vb_stride[AEROCMD_UMD_MAX_VERTEX_BUFFERS];
    uint32_t vb_offset[AEROCMD_UMD_MAX_VERTEX_BUFFERS];
    uint32_t ib_handle, ib_format, ib_offset;
};

struct aerocmd_umd_fake;

/* Called by the host model at every DRAW / DRAW_INDEXED (`packet` is its bytes), with the
 * model in the state the draw executes in. */
typedef void (*aerocmd_umd_fake_draw_hook)(void *user, const struct aerocmd_umd_fake *fake,
                                           const void *packet);
/* What the host showed at one PRESENT: the first non-zero render target bound (RULES.md)
 * and the first 4 bytes of its contents then (0 when the model has no bytes for it). */
struct aerocmd_umd_fake_present {
    uint32_t handle;
    uint32_t first_texel;
};

#define AEROCMD_UMD_FAKE_PRESENT_HISTORY 16u

struct aerocmd_umd_fake {
    const struct aerocmd_allocator *alloc;
    uint32_t abi_version;
    uint32_t buffer_capacity; /* bytes lent per command buffer */
    uint32_t alloc_capacity;  /* allocation-list entries lent per command buffer */
    uint8_t *buffer;
    struct aerocmd_umd_alloc_ref *buffer_allocs;
    int buffer_lent;

    struct aerocmd_umd_fake_submission *submissions;
    uint32_t submission_count, submission_capacity;
    /* 1: every recorded submission keeps its snapshots (aerocmd_umd_fake_submission). A
     * submission whose snapshots cannot be allocated fails with OUT_OF_MEMORY. */
    int keep_memory;
    struct aerocmd_umd_fake_memory *memories;
    uint32_t memory_count, memory_capacity;
    uint32_t live_memories;
    uint64_t next_gpa;

    /* Playing the KMD: the driver-global token counter (seeded high, never reused). */
    uint64_t last_share_token;

    uint64_t last_fence;
    uint64_t completed_fence;
    int hold_fences; /* 1: fences complete only through aerocmd_umd_fake_complete */

    /* 1 (set before aerocmd_umd_fake_callbacks): plays Windows 7's video memory manager.
     * lock_memory waits until every submission listing the allocation has completed
     * (completes their fences, as a GPU that is already done would) and counts a lock
     * wait; with AEROCMD_UMD_LOCK_DO_NOT_WAIT it answers STILL_DRAWING instead while one is
     * incomplete. The table carries AEROCMD_UMD_CB_LOCK_WAITS and
     * AEROCMD_UMD_CB_OS_THROTTLES_PRESENT; wait_fence stays in it, to be counted. Streams
     * are the same either way. */
    int win7_locks;
    uint64_t wait_fence_calls;   /* wait_fence calls, in every mode */
    uint64_t lock_waits;         /* win7_locks: locks that waited for the GPU */
    uint64_t lock_still_drawing; /* win7_locks: DO_NOT_WAIT locks answered STILL_DRAWING */

    uint64_t fallible_calls; /* acquire, submit, wait, allocate, lock calls so far */
    uint64_t fail_at;        /* 1-based call number that fails; 0 = never */
    aerocmd_result fail_with;
    uint32_t lock_count; /* locks not yet unlocked */

    /* Playing the host (umd_fake_host.c): packets the model could not apply (unknown
     * handle, out of bounds, model memory exhausted). Tests expect 0. */
    uint32_t host_faults;
    struct aerocmd_umd_fake_resource *resources;
    uint32_t resource_count, resource_capacity;
    uint32_t rt_count;
    uint32_t rt_colors[8];
    struct aerocmd_umd_fake_ia ia;
    aerocmd_umd_fake_draw_hook on_draw; /* NULL: none */
    void *on_draw_user;
    /* PRESENT / PRESENT_EX packets applied so far, the last ones at [n % HISTORY]. */
    uint32_t present_count;
    struct aerocmd_umd_fake_present presents[AEROCMD_UMD_FAKE_PRESENT_HISTORY];

    /* Benchmarks: 1 makes a submission cost what a runtime's costs the driver. The buffer
     * comes back at once and is lent again as it is (not refilled with a pattern); nothing
     * is recorded, copied or applied to the host model; only the two counters advance.
     * Fault injection and fences behave as usual. */
    int recycle;
    uint64_t recycled_submissions;
    uint64_t recycled_bytes; /* packet bytes, stream headers left out */
};

aerocmd_result aerocmd_umd_fake_init(struct aerocmd_umd_fake *fake,
                                     const struct aerocmd_allocator *alloc, uint32_t abi_version,
                                     uint32_t buffer_capacity, uint32_t alloc_capacity);
void aerocmd_umd_fake_release(struct aerocmd_umd_fake *fake);

/* The callback table, with user = fake. */
void aerocmd_umd_fake_callbacks(struct aerocmd_umd_fake *fake, struct aerocmd_umd_callbacks *out);

/* Forgets the recorded submissions (memories stay). */
void aerocmd_umd_fake_clear_submissions(struct aerocmd_umd_fake *fake);

/* Marks every fence up to `fence` complete. */
void aerocmd_umd_fake_complete(struct aerocmd_umd_fake *fake, uint64_t fence);

/* The allocation with this id, NULL when unknown. */
const struct aerocmd_umd_fake_memory *
aerocmd_umd_fake_find_memory(const struct aerocmd_umd_fake *fake, uint32_t alloc_id);

/* The host model's copy of resource `handle`, NULL when the host has no such resource.
 * Every submission is applied to the model as it is recorded: CREATE_* (backed ones read
 * their guest memory), UPLOAD_RESOURCE, RESOURCE_DIRTY_RANGE (re-read from guest memory),
 * COPY_BUFFER / COPY_TEXTURE2D (with WRITEBACK_DST into guest memory), CLEAR of bound
 * 32-bit colour targets, DESTROY_RESOURCE, EXPORT / IMPORT / RELEASE_SHARED_SURFACE,
 * PRESENT / PRESENT_EX (recorded in `presents`). An import is a new handle naming the
 * exported resource's bytes (RULES.md: an alias): writes through one handle show through
 * the other, and the bytes live until the last handle is destroyed. */
const struct aerocmd_umd_fake_resource *
aerocmd_umd_fake_resource(const struct aerocmd_umd_fake *fake, uint32_t handle);

/* Builds the aerogpu_alloc_table the KMD would build for submission `index`: one entry
 * per alloc_id (entries aliasing one allocation collapse, write intent wins), READONLY
 * when no entry asked for write. *size receives the table's bytes. INVALID_ARG: bad index
 * or a list entry naming an allocation the fake does not know; BUFFER_FULL: cap too
 * small. buf must be 8-byte aligned. */
aerocmd_result aerocmd_umd_fake_alloc_table(const struct aerocmd_umd_fake *fake, uint32_t index,
                                            void *buf, size_t cap, size_t *size);

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_FAKE_H */
