/* SPDX-License-Identifier: MIT */
/* kmd_status.h — NTSTATUS values and the reasons the kernel driver refuses a submission or
 * an allocation (kernel-safe core).
 *
 * The core has no Windows headers, so the few NTSTATUS codes the KMD paths return are
 * defined here with their numeric values. A refusal is described by one uint32_t reason:
 * either an aerocmd_reason (stream, table and descriptor faults found by the shared
 * decoder/validator) or an aerocmd_kmd_reason (faults only the kernel side can have); the
 * two ranges do not overlap. aerocmd_kmd_status_for_reason maps every reason of both
 * ranges to exactly one NTSTATUS through a single table. */
#ifndef AEROCMD_KMD_STATUS_H
#define AEROCMD_KMD_STATUS_H

#include <stdint.h>

#include "aerocmd/result.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

typedef uint32_t aerocmd_ntstatus; /* bit pattern of an NTSTATUS (a LONG on Windows) */

#define AEROCMD_STATUS_SUCCESS                          0x00000000u
#define AEROCMD_STATUS_INVALID_HANDLE                   0xC0000008u
#define AEROCMD_STATUS_INVALID_PARAMETER                0xC000000Du
#define AEROCMD_STATUS_NO_MEMORY                        0xC0000017u
#define AEROCMD_STATUS_ILLEGAL_INSTRUCTION              0xC000001Du
#define AEROCMD_STATUS_INVALID_USER_BUFFER              0xC00000E8u
#define AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER 0xC01E0001u
#define AEROCMD_STATUS_GRAPHICS_DRIVER_MISMATCH         0xC01E0009u

/* Kernel-only reasons. Values are stable; add new ones before AEROCMD_KMD_R_END_ only. */
enum aerocmd_kmd_reason {
    AEROCMD_KMD_R_FIRST_ = 0x100,
    AEROCMD_KMD_R_BAD_ARGUMENT = 0x100,       /* the kernel caller passed inconsistent arguments */
    AEROCMD_KMD_R_COPY_FAULT = 0x101,         /* user memory could not be read */
    AEROCMD_KMD_R_DMA_BUFFER_FULL = 0x102,    /* split: whole packets consumed, more to come */
    AEROCMD_KMD_R_PACKET_EXCEEDS_DMA = 0x103, /* one packet is larger than an empty DMA buffer */
    AEROCMD_KMD_R_OPCODE_UNKNOWN = 0x104,     /* opcode this driver cannot validate */
    AEROCMD_KMD_R_OPCODE_RESERVED = 0x105,    /* opcode the policy keeps for the kernel */
    AEROCMD_KMD_R_OPCODE_NEWER = 0x106,       /* opcode newer than the stream's ABI minor */
    AEROCMD_KMD_R_STREAM_MINOR_NEWER = 0x107, /* stream minor newer than the device's */
    AEROCMD_KMD_R_DEVICE_ABI = 0x108,         /* device ABI major is not ours */
    AEROCMD_KMD_R_SHARE_TOKEN_UNLISTED = 0x109, /* token of no allocation in the list */
    AEROCMD_KMD_R_CONTINUATION = 0x10A,         /* MultipassOffset does not match the split */
    AEROCMD_KMD_R_CONTEXT_FAULTED = 0x10B,      /* an earlier submission failed semantically */
    AEROCMD_KMD_R_ALLOC_TABLE_NO_ROOM = 0x10C,  /* caller memory too small for the table */
    AEROCMD_KMD_R_ALLOC_ID_CONFLICT = 0x10D,    /* one alloc_id with two addresses or sizes */
    AEROCMD_KMD_R_ALLOC_REF_INVALID = 0x10E,    /* size 0, gpa + size wraps, or id in KMD range */
    AEROCMD_KMD_R_PRIV_SIZE = 0x10F,            /* private data shorter than its version needs */
    AEROCMD_KMD_R_PRIV_MAGIC = 0x110,
    AEROCMD_KMD_R_PRIV_VERSION = 0x111,
    AEROCMD_KMD_R_PRIV_ALLOC_ID = 0x112,       /* alloc_id 0 or in the kernel's range */
    AEROCMD_KMD_R_PRIV_FLAGS = 0x113,          /* undefined flag bits */
    AEROCMD_KMD_R_PRIV_TOKEN_UNSHARED = 0x114, /* non-zero share_token, IS_SHARED clear */
    AEROCMD_KMD_R_PRIV_TOKEN_PRESET = 0x115,   /* create: user mode chose a token */
    AEROCMD_KMD_R_PRIV_TOKEN_MISSING = 0x116,  /* open: shared allocation without a token */
    AEROCMD_KMD_R_PRIV_KIND = 0x117,           /* v2 kind not defined */
    AEROCMD_KMD_R_PRIV_RESERVED = 0x118,       /* v2 reserved1 not zero */
    AEROCMD_KMD_R_TOKEN_EXHAUSTED = 0x119,     /* the token counter returned 0 (wrapped) */
    AEROCMD_KMD_R_END_
};

/* Where and why a KMD path refused its input. reason: aerocmd_reason or aerocmd_kmd_reason.
 * offset: stream faults — byte offset in the DMA buffer's stream; allocation-list faults —
 * index in the allocation list; private-data faults — byte offset in the blob. opcode: the
 * packet's opcode for stream faults, 0 otherwise. */
struct aerocmd_kmd_fault {
    uint32_t reason;
    uint32_t offset;
    uint32_t opcode;
};

struct aerocmd_kmd_status_entry {
    uint32_t reason;
    aerocmd_ntstatus status;
};

/* The NTSTATUS for a reason (AEROCMD_R_NONE gives STATUS_SUCCESS). A value of neither
 * range gives STATUS_INVALID_PARAMETER. */
aerocmd_ntstatus aerocmd_kmd_status_for_reason(uint32_t reason);

/* The mapping table itself (every aerocmd_reason, then every aerocmd_kmd_reason), for
 * tests and documentation tools. */
const struct aerocmd_kmd_status_entry *aerocmd_kmd_status_table(uint32_t *count);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_KMD_STATUS_H */
