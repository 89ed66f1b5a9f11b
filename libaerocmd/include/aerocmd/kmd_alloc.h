/* SPDX-License-Identifier: MIT */
/* kmd_alloc.h — the kernel driver's view of allocations (kernel-safe core): the private
 * data blob exchanged with the user-mode driver, share tokens, and the per-submission
 * allocation table built from a submission's allocation list.
 *
 * Share tokens. A token names a shared surface guest-wide, so it must be unique across
 * processes and never reused, even after release. The core keeps no global state; the
 * kernel driver supplies a token source whose `next` atomically increments one
 * driver-global 64-bit counter and returns the new value (InterlockedIncrement64 on a
 * global). Seed that counter at driver load from a clock (e.g. boot-relative time in
 * 100 ns units shifted into the high bits) so a driver reload inside one VM session does
 * not hand out tokens the host has already seen. Tokens are therefore guessable; the render
 * path (kmd_render.h) only accepts a token in EXPORT/IMPORT/RELEASE packets when an
 * allocation of the submission's list carries it, and the OS only lists allocations the
 * process has legitimately created or opened. */
#ifndef AEROCMD_KMD_ALLOC_H
#define AEROCMD_KMD_ALLOC_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/kmd_status.h"
#include "aerocmd/result.h"
#include "aerocmd/submission.h"
#include "aerogpu_wddm_alloc.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* ---- private data ---------------------------------------------------------------- */

#define AEROCMD_KMD_ALLOC_PRIV_V1_BYTES 40u
#define AEROCMD_KMD_ALLOC_PRIV_V2_BYTES 64u

/* A parsed private-data blob. The v2 fields are 0 for a v1 blob. */
struct aerocmd_kmd_alloc_info {
    uint32_t version; /* 1 or 2 */
    uint32_t alloc_id;
    uint32_t flags; /* aerogpu_wddm_alloc_private_flags */
    uint64_t share_token;
    uint64_t size_bytes;
    uint64_t reserved0; /* carried as is: packed D3D9 description or row pitch */
    uint32_t kind;      /* aerogpu_wddm_alloc_kind */
    uint32_t width;
    uint32_t height;
    uint32_t format; /* DXGI_FORMAT */
    uint32_t row_pitch_bytes;
};

/* Checks a blob (any alignment): len >= 8, magic, version 1 (len >= 40) or 2 (len >= 64),
 * alloc_id in 1..0x7FFFFFFF, only defined flag bits, a non-zero share_token only with
 * IS_SHARED, v2 kind defined and reserved1 zero. Bytes after the version's size are
 * ignored. Faults: AEROCMD_E_MALFORMED, fault = {AEROCMD_KMD_R_PRIV_*, blob offset, 0}. */
aerocmd_result aerocmd_kmd_alloc_priv_parse(const void *blob, size_t len,
                                            struct aerocmd_kmd_alloc_info *info,
                                            struct aerocmd_kmd_fault *fault);

/* Writes info as a blob of info->version (magic set, reserved1 zero). *written = bytes
 * written (40 or 64). AEROCMD_E_INVALID_ARG for an unknown version or len too small. */
aerocmd_result aerocmd_kmd_alloc_priv_fill(const struct aerocmd_kmd_alloc_info *info, void *blob,
                                           size_t len, size_t *written);

/* Returns the counter's next value; 0 means the counter wrapped (never hand it out). */
typedef uint64_t (*aerocmd_kmd_token_next_fn)(void *user);

struct aerocmd_kmd_token_source {
    aerocmd_kmd_token_next_fn next;
    void *user;
};

/* DxgkDdiCreateAllocation: parses the user's blob, refuses a token chosen by user mode
 * (PRIV_TOKEN_PRESET), and for IS_SHARED allocations takes a fresh token from `tokens` and
 * writes it into the blob (which the OS stores and replays on open). */
aerocmd_result aerocmd_kmd_alloc_create(void *blob, size_t len,
                                        const struct aerocmd_kmd_token_source *tokens,
                                        struct aerocmd_kmd_alloc_info *info,
                                        struct aerocmd_kmd_fault *fault);

/* DxgkDdiOpenAllocation: parses the replayed blob; a shared allocation must carry its
 * token (PRIV_TOKEN_MISSING otherwise). */
aerocmd_result aerocmd_kmd_alloc_open(const void *blob, size_t len,
                                      struct aerocmd_kmd_alloc_info *info,
                                      struct aerocmd_kmd_fault *fault);

/* ---- D3D9Ex surface descriptions ------------------------------------------------- */

/* The D3DFORMAT values (d3d9types.h numbers) a packed D3D9 description in reserved0
 * (AEROGPU_WDDM_ALLOC_PRIV_DESC_MARKER set, bits 0..31) may name. */
#define AEROCMD_D3DFMT_A8R8G8B8 21u
#define AEROCMD_D3DFMT_X8R8G8B8 22u
#define AEROCMD_D3DFMT_A8B8G8R8 32u

/* The DXGI_FORMAT with the same memory layout as a D3DFORMAT: A8R8G8B8 -> B8G8R8A8_UNORM
 * (87), X8R8G8B8 -> B8G8R8X8_UNORM (88), A8B8G8R8 -> R8G8B8A8_UNORM (28). 0
 * (DXGI_FORMAT_UNKNOWN) for every other value. */
uint32_t aerocmd_d3d9_format_to_dxgi(uint32_t d3d9_format);

/* ---- allocation list -> allocation table ------------------------------------------ */

#define AEROCMD_KMD_ALLOC_REF_WRITE 1u /* the list entry's WriteOperation bit */

/* One allocation-list entry as the kernel sees it during DxgkDdiRender (neutral form of
 * DXGK_ALLOCATIONLIST plus what the kernel stored from the private data at creation). */
struct aerocmd_kmd_alloc_ref {
    uint64_t identity; /* the kernel's allocation object; 0 = the list's NULL entry */
    uint64_t gpa;      /* guest physical address of the allocation's memory */
    uint64_t size_bytes;
    uint64_t share_token; /* from the private data; 0 when not shared */
    uint32_t alloc_id;    /* from the private data; 0 = the allocation had none */
    uint32_t flags;       /* AEROCMD_KMD_ALLOC_REF_WRITE */
};

/* Bytes aerocmd_kmd_alloc_table_build needs for a list of ref_count entries: the header
 * plus one 32-byte entry per list entry (aliases are collapsed only after sorting, in
 * place). 0 when that does not fit a u32. */
size_t aerocmd_kmd_alloc_table_bytes_for(uint32_t ref_count);

/* Builds an aerogpu_alloc_table in mem (8-byte aligned): one entry per distinct alloc_id,
 * READONLY unless some list entry for it has WRITE. NULL list entries (identity 0) are
 * skipped. Entries sharing an alloc_id must agree on gpa and size (ALLOC_ID_CONFLICT at
 * the later list index otherwise). Entries without an alloc_id get 0x80000000 + n, n
 * counting distinct identities in ascending identity order, so one list always yields the
 * same ids. Entries are ordered by alloc_id within each of the two ranges (the table is
 * keyed by id, never by position).
 *
 * On success *view describes the table (as aerocmd_alloc_table_open would). Faults:
 * AEROCMD_E_MALFORMED with fault = {ALLOC_REF_INVALID or ALLOC_ID_CONFLICT, list index, 0};
 * AEROCMD_E_OUT_OF_MEMORY with ALLOC_TABLE_NO_ROOM when mem_bytes is below
 * aerocmd_kmd_alloc_table_bytes_for(count); AEROCMD_E_INVALID_ARG (BAD_ARGUMENT) for NULL
 * pointers, unaligned mem or count above 0x7FFFFFFF. */
aerocmd_result aerocmd_kmd_alloc_table_build(const struct aerocmd_kmd_alloc_ref *refs,
                                             uint32_t count, void *mem, size_t mem_bytes,
                                             struct aerocmd_alloc_table_view *view,
                                             struct aerocmd_kmd_fault *fault);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_KMD_ALLOC_H */
