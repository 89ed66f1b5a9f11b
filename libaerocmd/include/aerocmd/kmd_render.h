/* SPDX-License-Identifier: MIT */
/* kmd_render.h — DxgkDdiRender's work (kernel-safe core): turn a user-mode command buffer
 * into a DMA buffer, treating every user byte as hostile.
 *
 * Order of work:
 * 1. Copy. User bytes reach the DMA buffer only through the caller's copy callback (the
 *    shim wraps its __try/__except there), and each is read once per call: the stream
 *    header, then either all packets in one copy or, when the stream does not fit, packet
 *    by packet (an 8-byte packet header, then its body). Nothing is ever read from user
 *    memory again after it was copied: every check below reads the DMA copy, so a user
 *    thread rewriting its buffer during the call cannot change what was checked.
 * 2. Allocation table from the allocation list (kmd_alloc.h), into caller memory.
 * 3. Structural validation of the copy (decode.h) plus kernel policy, packet by packet.
 * 4. Semantic validation (semantic.h) with the device's tracker and the table just built:
 *    every handle and alloc_id must resolve for this submission, and every guest-memory
 *    access a packet asks for (a create with backing, a dirty range, a writeback) must lie
 *    inside the allocation this submission lists under the id, whatever an earlier
 *    submission listed (doc/validation-rules.md).
 *
 * Kernel policy:
 * - The stream's ABI major must be ours and its minor not newer than the device's (or
 *   ours); the device's own major must be ours (GRAPHICS_DRIVER_MISMATCH otherwise).
 * - Opcodes this library does not know are refused (ILLEGAL_INSTRUCTION): the kernel is
 *   the last check and cannot vouch for bytes it cannot parse. So is an opcode newer than
 *   the stream's minor, and any opcode on the policy's reserved list. ABI 1.4 defines no
 *   packet only the kernel may emit (the user-mode driver writes PRESENT itself), so the
 *   default reserved list is empty; the mechanism is there for a future kernel-only packet.
 * - EXPORT/IMPORT/RELEASE_SHARED_SURFACE must name a share_token carried by an allocation
 *   of this submission's list (INVALID_HANDLE otherwise): tokens come from a counter and
 *   are guessable, the allocation list is what the OS lets this process use. The user-mode
 *   driver therefore lists the shared allocation in any submission with such a packet.
 *
 * Splitting. When the stream does not fit the DMA buffer, the whole packets that fit are
 * copied, the DMA copy's header size_bytes is set to what was copied (so each DMA buffer is
 * a complete stream), that prefix is validated, and the call answers
 * STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER with out->user_bytes_consumed and
 * out->multipass_offset = the user offset of the next packet. The runtime submits the DMA
 * buffer and calls again with the same command buffer and that MultipassOffset; the
 * continuation's DMA buffer gets a header made by the kernel from the first call's header
 * (kept in the validator), never re-read from user memory. Only the 8-byte header of the
 * packet that did not fit is read again by the next call, which copies it afresh.
 *
 * Patch locations. The output patch-location list is always empty: the stream names
 * resources by handle and guest memory by alloc_id, never by GPU address, and the
 * per-submission allocation table (built here from the allocation list, with the current
 * addresses) is what binds ids to memory. There is nothing in the DMA buffer to patch, so
 * DxgkDdiPatch has nothing to do either.
 *
 * The semantic tracker. One per device (objects are created in one submission and used in
 * later ones), in caller memory. A submission refused by the semantic pass leaves the
 * tracker holding the effects of its packets before the faulty one, so the validator marks
 * itself faulted and refuses every later submission (CONTEXT_FAULTED) until
 * aerocmd_kmd_validator_reset; a refused submission means a broken or hostile user-mode
 * driver, whose device the runtime then loses anyway. */
#ifndef AEROCMD_KMD_RENDER_H
#define AEROCMD_KMD_RENDER_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/kmd_alloc.h"
#include "aerocmd/kmd_status.h"
#include "aerocmd/semantic.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* Copies len bytes of user memory at src to dst. Returns 0 on success, non-zero when the
 * user memory could not be read (COPY_FAULT). */
typedef int (*aerocmd_kmd_copy_fn)(void *user, void *dst, const void *src, size_t len);

#define AEROCMD_KMD_POLICY_CHECK_SHARE_TOKENS 1u

struct aerocmd_kmd_policy {
    uint32_t device_abi_version;      /* what the device reports (its MMIO ABI register) */
    uint32_t flags;                   /* AEROCMD_KMD_POLICY_* */
    const uint32_t *reserved_opcodes; /* opcodes only the kernel may emit */
    uint32_t reserved_opcode_count;
};

/* The default policy: share tokens checked, no reserved opcodes. */
void aerocmd_kmd_policy_default(struct aerocmd_kmd_policy *policy, uint32_t device_abi_version);

/* Per-device state. Treat as opaque. */
struct aerocmd_kmd_validator {
    struct aerocmd_semantic semantic;
    uint32_t faulted;
    uint32_t split_abi_version; /* header of the stream being split */
    uint32_t split_stream_size; /* its size_bytes; 0 when no split is pending */
    uint32_t split_next_offset; /* user offset the continuation must start at */
};

/* Places the tracker in tracker_mem (see aerocmd_semantic_bytes_for). */
aerocmd_result aerocmd_kmd_validator_init(struct aerocmd_kmd_validator *v, void *tracker_mem,
                                          size_t tracker_bytes);
/* Forgets every tracked object, any pending split and the faulted state. */
void aerocmd_kmd_validator_reset(struct aerocmd_kmd_validator *v);

struct aerocmd_kmd_render_args {
    const void *user_cmd; /* user memory: only ever passed to copy */
    uint32_t user_cmd_len;
    void *dma; /* kernel memory */
    uint32_t dma_capacity;
    uint32_t multipass_offset; /* 0 on the first call for a command buffer */
    const struct aerocmd_kmd_alloc_ref *allocs;
    uint32_t alloc_count;
    void *alloc_table; /* 8-byte aligned, aerocmd_kmd_render_table_bytes_for(count) */
    size_t alloc_table_bytes;
    aerocmd_kmd_copy_fn copy;
    void *copy_user;
    const struct aerocmd_kmd_policy *policy;
};

struct aerocmd_kmd_render_out {
    aerocmd_ntstatus status;
    struct aerocmd_kmd_fault fault; /* reason 0 on success */
    uint32_t user_bytes_consumed;   /* of the user buffer, including its header (first call) */
    uint32_t multipass_offset;      /* where the next call continues; 0 when done */
    uint32_t dma_bytes_used;        /* the DMA stream's size_bytes */
    uint32_t alloc_table_bytes;     /* the table's size_bytes */
    uint32_t alloc_entry_count;
    uint32_t submit_flags;         /* AEROGPU_SUBMIT_FLAG_PRESENT when the stream presents */
    uint32_t patch_location_count; /* always 0, see above */
};

/* Memory args->alloc_table should have for an allocation list of ref_count entries: the
 * table (aerocmd_kmd_alloc_table_bytes_for) and an index of the list's share tokens after it,
 * which keeps each EXPORT/IMPORT/RELEASE_SHARED_SURFACE packet at O(log n). With only the
 * table's bytes the render path still works, but scans the list for every such packet.
 * 0 when that does not fit a u32. */
size_t aerocmd_kmd_render_table_bytes_for(uint32_t ref_count);

/* Runs the whole render path; returns out->status. On STATUS_SUCCESS and on
 * STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER the DMA buffer holds dma_bytes_used bytes of a
 * validated stream and the table is ready; on any other status nothing may be submitted. */
aerocmd_ntstatus aerocmd_kmd_render(struct aerocmd_kmd_validator *v,
                                    const struct aerocmd_kmd_render_args *args,
                                    struct aerocmd_kmd_render_out *out);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_KMD_RENDER_H */
