/* SPDX-License-Identifier: MIT */
/* aerogpu_ring.h — Submission ring, submit descriptors, per-submission allocation table and fence
 * page. */
#ifndef AEROGPU_RING_H
#define AEROGPU_RING_H

#include "aerogpu_protocol_base.h"
#include "aerogpu_pci.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AEROGPU_ALLOC_TABLE_MAGIC 0x434F4C41u /* "ALOC" */
#define AEROGPU_RING_MAGIC        0x474E5241u /* "ARNG" */
#define AEROGPU_FENCE_PAGE_MAGIC  0x434E4546u /* "FENC" */

/* Bit set in aerogpu_submit_desc.flags. */
enum aerogpu_submit_flags {
    AEROGPU_SUBMIT_FLAG_NONE = 0,
    AEROGPU_SUBMIT_FLAG_PRESENT = 1,
    AEROGPU_SUBMIT_FLAG_NO_IRQ = 2,
};

/* Engines a submission can target. */
enum aerogpu_engine_id {
    AEROGPU_ENGINE_0 = 0,
};

/* Bit set in aerogpu_alloc_entry.flags. */
enum aerogpu_alloc_flags {
    AEROGPU_ALLOC_FLAG_NONE = 0,
    AEROGPU_ALLOC_FLAG_READONLY = 1,
};

/* Per-submission allocation table header, followed by entry_count entries of entry_stride_bytes
 * each. */
struct AEROGPU_ALIGNAS(4) aerogpu_alloc_table_header {
    uint32_t magic;
    uint32_t abi_version;
    uint32_t size_bytes;
    uint32_t entry_count;
    uint32_t entry_stride_bytes;
    uint32_t reserved0;
};

/* One guest allocation a submission may touch, keyed by alloc_id. flags: aerogpu_alloc_flags. */
struct AEROGPU_ALIGNAS(8) aerogpu_alloc_entry {
    uint32_t alloc_id;
    uint32_t flags;
    uint64_t gpa;
    uint64_t size_bytes;
    uint64_t reserved0;
};

/* One ring slot: where the command buffer and its allocation table are, and which fence to signal.
 */
AEROGPU_PACKED_BEGIN
struct aerogpu_submit_desc {
    uint32_t desc_size_bytes;
    uint32_t flags;
    uint32_t context_id;
    uint32_t engine_id;
    uint64_t cmd_gpa;
    uint32_t cmd_size_bytes;
    uint32_t cmd_reserved0;
    uint64_t alloc_table_gpa;
    uint32_t alloc_table_size_bytes;
    uint32_t alloc_table_reserved0;
    uint64_t signal_fence;
    uint64_t reserved0;
};
AEROGPU_PACKED_END

/* Head of the submission ring shared with the device. head and tail are free-running; slot = index
 * % entry_count. */
AEROGPU_PACKED_BEGIN
struct aerogpu_ring_header {
    uint32_t magic;
    uint32_t abi_version;
    uint32_t size_bytes;
    uint32_t entry_count;
    uint32_t entry_stride_bytes;
    uint32_t flags;
    volatile uint32_t head;
    volatile uint32_t tail;
    uint32_t reserved0;
    uint32_t reserved1;
    uint64_t reserved2[3];
};
AEROGPU_PACKED_END

/* Page the device writes the completed fence value into (feature FENCE_PAGE). */
AEROGPU_PACKED_BEGIN
struct aerogpu_fence_page {
    uint32_t magic;
    uint32_t abi_version;
    volatile uint64_t completed_fence;
    uint64_t reserved0[5];
};
AEROGPU_PACKED_END

AEROGPU_ASSERT_SIZE(aerogpu_alloc_table_header, struct aerogpu_alloc_table_header, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_alloc_table_header, struct aerogpu_alloc_table_header, magic, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_alloc_table_header, struct aerogpu_alloc_table_header, abi_version,
                      4);
AEROGPU_ASSERT_OFFSET(aerogpu_alloc_table_header, struct aerogpu_alloc_table_header, size_bytes, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_alloc_table_header, struct aerogpu_alloc_table_header, entry_count,
                      12);
AEROGPU_ASSERT_OFFSET(aerogpu_alloc_table_header, struct aerogpu_alloc_table_header,
                      entry_stride_bytes, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_alloc_table_header, struct aerogpu_alloc_table_header, reserved0, 20);

AEROGPU_ASSERT_SIZE(aerogpu_alloc_entry, struct aerogpu_alloc_entry, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_alloc_entry, struct aerogpu_alloc_entry, alloc_id, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_alloc_entry, struct aerogpu_alloc_entry, flags, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_alloc_entry, struct aerogpu_alloc_entry, gpa, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_alloc_entry, struct aerogpu_alloc_entry, size_bytes, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_alloc_entry, struct aerogpu_alloc_entry, reserved0, 24);

AEROGPU_ASSERT_SIZE(aerogpu_submit_desc, struct aerogpu_submit_desc, 64);
AEROGPU_ASSERT_OFFSET(aerogpu_submit_desc, struct aerogpu_submit_desc, desc_size_bytes, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_submit_desc, struct aerogpu_submit_desc, flags, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_submit_desc, struct aerogpu_submit_desc, context_id, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_submit_desc, struct aerogpu_submit_desc, engine_id, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_submit_desc, struct aerogpu_submit_desc, cmd_gpa, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_submit_desc, struct aerogpu_submit_desc, cmd_size_bytes, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_submit_desc, struct aerogpu_submit_desc, cmd_reserved0, 28);
AEROGPU_ASSERT_OFFSET(aerogpu_submit_desc, struct aerogpu_submit_desc, alloc_table_gpa, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_submit_desc, struct aerogpu_submit_desc, alloc_table_size_bytes, 40);
AEROGPU_ASSERT_OFFSET(aerogpu_submit_desc, struct aerogpu_submit_desc, alloc_table_reserved0, 44);
AEROGPU_ASSERT_OFFSET(aerogpu_submit_desc, struct aerogpu_submit_desc, signal_fence, 48);
AEROGPU_ASSERT_OFFSET(aerogpu_submit_desc, struct aerogpu_submit_desc, reserved0, 56);

AEROGPU_ASSERT_SIZE(aerogpu_ring_header, struct aerogpu_ring_header, 64);
AEROGPU_ASSERT_OFFSET(aerogpu_ring_header, struct aerogpu_ring_header, magic, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_ring_header, struct aerogpu_ring_header, abi_version, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_ring_header, struct aerogpu_ring_header, size_bytes, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_ring_header, struct aerogpu_ring_header, entry_count, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_ring_header, struct aerogpu_ring_header, entry_stride_bytes, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_ring_header, struct aerogpu_ring_header, flags, 20);
AEROGPU_ASSERT_OFFSET(aerogpu_ring_header, struct aerogpu_ring_header, head, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_ring_header, struct aerogpu_ring_header, tail, 28);
AEROGPU_ASSERT_OFFSET(aerogpu_ring_header, struct aerogpu_ring_header, reserved0, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_ring_header, struct aerogpu_ring_header, reserved1, 36);
AEROGPU_ASSERT_OFFSET(aerogpu_ring_header, struct aerogpu_ring_header, reserved2, 40);

AEROGPU_ASSERT_SIZE(aerogpu_fence_page, struct aerogpu_fence_page, 56);
AEROGPU_ASSERT_OFFSET(aerogpu_fence_page, struct aerogpu_fence_page, magic, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_fence_page, struct aerogpu_fence_page, abi_version, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_fence_page, struct aerogpu_fence_page, completed_fence, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_fence_page, struct aerogpu_fence_page, reserved0, 16);

#ifdef __cplusplus
}
#endif

#endif /* AEROGPU_RING_H */
