/* SPDX-License-Identifier: MIT */
/* submission.h — checks of what a submission carries besides its command stream: the ring's
 * submit descriptor and the per-submission allocation table (kernel-safe core).
 *
 * Both work over caller bytes of any alignment (fields are read with memcpy), never write
 * to them and never allocate. Faults return AEROCMD_E_MALFORMED with an aerocmd_diag whose
 * offset is the byte offset, inside the checked buffer, of the faulty header field or of
 * the faulty table entry; diag.opcode is 0. */
#ifndef AEROCMD_SUBMISSION_H
#define AEROCMD_SUBMISSION_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/result.h"
#include "aerogpu_ring.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

#define AEROCMD_ALLOC_TABLE_HEADER_BYTES 24u
/* Smallest entry stride accepted: sizeof(struct aerogpu_alloc_entry). Longer strides carry
 * fields of a newer minor and are skipped. The stride must also be a multiple of 8 so that
 * every entry keeps the natural 8-byte alignment the device expects (AEROGPU_ALIGNAS(8)). */
#define AEROCMD_ALLOC_ENTRY_MIN_STRIDE   32u
#define AEROCMD_ALLOC_ENTRY_STRIDE_ALIGN 8u

/* How aerocmd_alloc_table_find searches an opened table (private to the library). */
enum aerocmd_alloc_lookup {
    AEROCMD_ALLOC_LOOKUP_SCAN = 0,      /* entry by entry: small tables */
    AEROCMD_ALLOC_LOOKUP_ASCENDING = 1, /* bisection of the table: its ids ascend */
    AEROCMD_ALLOC_LOOKUP_INDEX = 2      /* bisection of the caller's scratch */
};

/* An opened allocation table. Points into the caller's buffer (and, when lookup is INDEX,
 * into the scratch it was opened with: keep both alive while the view is used). */
struct aerocmd_alloc_table_view {
    const uint8_t *bytes; /* the table header */
    uint32_t size_bytes;  /* header size_bytes (checked against the buffer) */
    uint32_t abi_version;
    uint32_t entry_count;
    uint32_t entry_stride_bytes;
    uint32_t lookup;       /* enum aerocmd_alloc_lookup */
    const uint64_t *index; /* INDEX: sorted (alloc_id << 32 | position) keys */
};

/* Checks the table: length >= 24, magic "ALOC", ABI major, entry stride (>= 32, multiple
 * of 8), size_bytes (>= 24 + count x stride, <= len), header reserved0 zero (when the
 * table's minor is not newer than ours), then every entry (alloc_id and size non-zero,
 * gpa + size does not wrap, only defined flag bits, reserved0 zero under the same minor
 * rule), then alloc_id uniqueness. A duplicate is reported at the later of the two entries
 * (the first entry whose id appeared before it).
 *
 * Cost: linear in the table for a table whose ids ascend (as aerocmd_kmd_alloc_table_build
 * makes them) and for one of at most 64 entries; lookups then cost O(log count) and at
 * most 64 comparisons. Uniqueness of a larger table in any other order cannot be checked
 * in less than quadratic time without memory: this entry point then returns
 * AEROCMD_E_OUT_OF_MEMORY (diag reason NONE: the table is not at fault) and the caller
 * must use aerocmd_alloc_table_open_scratch. */
aerocmd_result aerocmd_alloc_table_open(struct aerocmd_alloc_table_view *view, const void *buf,
                                        size_t len, struct aerocmd_diag *diag);

/* Same checks and same diagnostics for a table of any size and order: with caller scratch
 * of at least entry_count elements (aerocmd_alloc_table_scratch_count) a table that needs
 * it is checked in O(count log count), and the sorted scratch then serves as the view's
 * index (lookups O(log count)): keep it alive and unchanged while the view is used. With
 * scratch NULL or too small it behaves as aerocmd_alloc_table_open. */
aerocmd_result aerocmd_alloc_table_open_scratch(struct aerocmd_alloc_table_view *view,
                                                const void *buf, size_t len, uint64_t *scratch,
                                                size_t scratch_count, struct aerocmd_diag *diag);

/* Scratch elements aerocmd_alloc_table_open_scratch may use for this table: its header's
 * entry_count, or 0 when buf does not start with a table header. Never more than
 * len / 32, as the open call refuses a table whose entries do not fit in len. */
size_t aerocmd_alloc_table_scratch_count(const void *buf, size_t len);

/* 1 and *out filled when the table lists alloc_id (never 0); 0 otherwise. out may be NULL. */
int aerocmd_alloc_table_find(const struct aerocmd_alloc_table_view *view, uint32_t alloc_id,
                             struct aerogpu_alloc_entry *out);

/* 1 and *out filled with entry `index` (in table order) when index < entry_count; 0
 * otherwise. For listing tables; lookups go by alloc_id. */
int aerocmd_alloc_table_entry(const struct aerocmd_alloc_table_view *view, uint32_t index,
                              struct aerogpu_alloc_entry *out);

/* Checks one ring descriptor (len = bytes available at desc): len and desc_size_bytes
 * >= 64, desc_size_bytes <= len, flags only PRESENT | NO_IRQ, engine_id 0,
 * cmd_gpa/cmd_size_bytes and alloc_table_gpa/alloc_table_size_bytes each both zero or both
 * non-zero and not wrapping, reserved fields zero. Checks run in field order, so the first
 * faulty field is reported. */
aerocmd_result aerocmd_submit_desc_check(const void *desc, size_t len, struct aerocmd_diag *diag);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_SUBMISSION_H */
