/* SPDX-License-Identifier: MIT */
/* umd_device.h — the D3D10/11 state tracker's device and immediate context (umd layer).
 *
 * Both objects are placement-constructed into memory the caller owns (the runtime's
 * driver-private memory): ask for the size, hand in at least that many bytes aligned to
 * AEROCMD_UMD_OBJECT_ALIGN, and the object lives there until it is destroyed. Nothing is
 * kept that points into argument structs after a call returns. The device owns object
 * creation, ids and guest memory; the context owns the command buffer, bindings and
 * submission. A device has at most one (immediate) context and object creation needs it,
 * because creating objects emits packets.
 *
 * Single-threaded: the runtime serialises calls on one device. */
#ifndef AEROCMD_UMD_DEVICE_H
#define AEROCMD_UMD_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/alloc.h"
#include "aerocmd/result.h"
#include "aerocmd/umd_callbacks.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* Every umd object's memory must be aligned to this many bytes. */
#define AEROCMD_UMD_OBJECT_ALIGN 8u

struct aerocmd_umd_device;
struct aerocmd_umd_context;

/* ---- guest-wide ids ------------------------------------------------------------------ */

/* Protocol handles share one namespace for the whole guest, and alloc_ids must be unique
 * across processes too (1..0x7FFFFFFF), so both come from a source the shim controls. */
enum aerocmd_umd_id_kind {
    AEROCMD_UMD_ID_HANDLE = 0, /* aerogpu_handle_t */
    AEROCMD_UMD_ID_ALLOC = 1   /* alloc_id, must lie in 1..0x7FFFFFFF */
};

struct aerocmd_umd_id_source {
    /* A fresh id of `kind`, never handed out before while its object may live. */
    aerocmd_result (*next)(void *user, enum aerocmd_umd_id_kind kind, uint32_t *out);
    /* Optional: the id is free again (its object is destroyed). */
    void (*release)(void *user, enum aerocmd_umd_id_kind kind, uint32_t id);
    void *user;
};

/* The default id scheme, for shims without a kernel-provided id service. One instance per
 * process (the shim keeps it next to its adapter and serialises access), shared by every
 * device of that process.
 *
 * id = prefix << 18 | counter, with prefix = (process_id / 4) mod 8192 and the counter
 * counting 1..0x3FFFF separately for handles and alloc_ids. Ids are therefore in
 * 1..0x7FFFFFFF and unique guest-wide as long as no two live processes share a prefix
 * (Windows process ids are multiples of 4; two ids 32768 x 4 apart collide) and a process
 * creates fewer than 262143 objects of each kind in its life. Exhaustion is reported as
 * OUT_OF_MEMORY rather than reusing an id that may still be live. A kernel-provided
 * allocator (an escape to the KMD) removes both limits and should be preferred. */
struct aerocmd_umd_id_space {
    uint32_t prefix;
    uint32_t next_handle;
    uint32_t next_alloc;
};

#define AEROCMD_UMD_ID_COUNTER_BITS 18u
#define AEROCMD_UMD_ID_COUNTER_MAX  ((1u << AEROCMD_UMD_ID_COUNTER_BITS) - 1u)

void aerocmd_umd_id_space_init(struct aerocmd_umd_id_space *space, uint32_t process_id);
/* Matches aerocmd_umd_id_source.next; user is a struct aerocmd_umd_id_space. */
aerocmd_result aerocmd_umd_id_space_next(void *user, enum aerocmd_umd_id_kind kind, uint32_t *out);

/* The guest-wide scheme every AeroGPU user-mode driver shares: one 64-bit counter for the
 * whole session (on Windows the named section Local\AeroGPU.GlobalHandleCounter, which
 * the D3D9 driver increments too), incremented atomically for every id of either kind.
 * The id of counter value v is its low 31 bits, so handles and alloc_ids both lie in
 * 1..0x7FFFFFFF; a value whose low 31 bits are 0 is skipped. Ids are never reused until the
 * counter has moved 2^31 times, in every process of the session at once.
 *
 * When the counter cannot be reached (increment NULL, or it answers 0), ids come from a
 * fallback id space of this process: prefix = 0x1000 | ((process_id / 4) mod 4096) in
 * aerocmd_umd_id_space's scheme, i.e. ids in 0x40000001..0x7FFFFFFF, disjoint from the
 * counter's ids while the counter stays below 2^30, unique between fallback processes whose
 * process ids differ modulo 16384, and 262143 ids per kind and process (then
 * OUT_OF_MEMORY, never a reused id). */
struct aerocmd_umd_id_counter {
    /* Increments the shared counter and returns its new value; 0 when it is unavailable. */
    uint64_t (*increment)(void *user);
    void *user;
    struct aerocmd_umd_id_space fallback;
};

void aerocmd_umd_id_counter_init(struct aerocmd_umd_id_counter *ids,
                                 uint64_t (*increment)(void *user), void *user,
                                 uint32_t process_id);
/* Matches aerocmd_umd_id_source.next; user is a struct aerocmd_umd_id_counter. The counter
 * path is as thread-safe as `increment`; the fallback path needs the caller's lock. */
aerocmd_result aerocmd_umd_id_counter_next(void *user, enum aerocmd_umd_id_kind kind,
                                           uint32_t *out);

/* ---- device ------------------------------------------------------------------------- */

struct aerocmd_umd_device_desc {
    uint32_t abi_version; /* the device's aerogpu_umd_private_v1.device_abi_version_u32 */
    uint64_t features;    /* AEROGPU_FEATURE_* bits */
    const struct aerocmd_umd_callbacks *callbacks; /* copied */
    const struct aerocmd_allocator *allocator;     /* kept: must outlive the device */
    struct aerocmd_umd_id_source ids;              /* copied */
    /* Optional: the device's aerogpu_fence_page as mapped into this process (read-only),
     * when the FENCE_PAGE feature is present; lets polls skip the wait callback. */
    const volatile void *fence_page;
};

size_t aerocmd_umd_device_size(void);

/* INVALID_ARG: memory too small or misaligned, a required callback or the allocator
 * missing. NOT_IMPLEMENTED: an ABI major other than this library's. */
aerocmd_result aerocmd_umd_device_init(void *mem, size_t mem_size,
                                       const struct aerocmd_umd_device_desc *desc,
                                       struct aerocmd_umd_device **out);

/* The context must be destroyed first. */
void aerocmd_umd_device_destroy(struct aerocmd_umd_device *dev);

uint32_t aerocmd_umd_device_abi_version(const struct aerocmd_umd_device *dev);

/* ---- optional features ----------------------------------------------------------------- */

/* Optional Direct3D features the state tracker carries out end to end, for a driver's caps
 * answers. COMPUTE_BUFFERS: compute shaders with Dispatch, buffer unordered-access views
 * and raw and structured buffer shader-resource views (what Direct3D 11 asks of a 10.x
 * device for shader model 4.x compute). Double-precision shaders are never offered: the
 * protocol has no way to say a container needs them. */
#define AEROCMD_UMD_FEATURE_COMPUTE_BUFFERS 0x1u

/* The AEROCMD_UMD_FEATURE_* bits a device of abi_version gets; 0 for an ABI major other
 * than this library's (no device can be made for it). */
uint32_t aerocmd_umd_optional_features(uint32_t abi_version);

/* ---- immediate context --------------------------------------------------------------- */

size_t aerocmd_umd_context_size(void);

/* INVALID_ARG: memory too small or misaligned, or the device already has a context. */
aerocmd_result aerocmd_umd_context_init(void *mem, size_t mem_size, struct aerocmd_umd_device *dev,
                                        struct aerocmd_umd_context **out);

/* Submits pending packets (errors ignored: the device is going away) and gives an
 * unused buffer back. */
void aerocmd_umd_context_destroy(struct aerocmd_umd_context *ctx);

/* Direct3D's draws, binds and Map/Unmap return nothing; a driver reports their failures
 * through the runtime (pfnSetErrorCb) during the call. With a hook set, these operations
 * report a failure through it as well as returning it, so a DDI entry point can hand the
 * call straight on and drop the result: aerocmd_umd_draw, _draw_instanced, _draw_indexed,
 * _draw_indexed_instanced, aerocmd_umd_set_vertex_buffer, aerocmd_umd_set_constant_buffer,
 * aerocmd_umd_map, aerocmd_umd_unmap (a NULL context is reported by none). Other functions
 * only return their results. hook NULL: none (the default). */
typedef void (*aerocmd_umd_error_hook)(void *user, aerocmd_result result);
void aerocmd_umd_context_set_error_hook(struct aerocmd_umd_context *ctx,
                                        aerocmd_umd_error_hook hook, void *user);

/* Submits the current buffer if it holds any packet. The host keeps its binding state per
 * context across submissions, so nothing is re-emitted afterwards. */
aerocmd_result aerocmd_umd_flush(struct aerocmd_umd_context *ctx);

/* Fence of the last successful submission (0 before the first). */
uint64_t aerocmd_umd_last_fence(const struct aerocmd_umd_context *ctx);

/* Submissions made so far. */
uint64_t aerocmd_umd_submission_count(const struct aerocmd_umd_context *ctx);

/* Once a callback has answered DEVICE_REMOVED, every later call that would write a packet
 * returns DEVICE_REMOVED. Other failures (OUT_OF_MEMORY, ...) are returned to the caller
 * and leave the context usable; unsubmitted packets stay queued. */
int aerocmd_umd_context_is_lost(const struct aerocmd_umd_context *ctx);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_DEVICE_H */
