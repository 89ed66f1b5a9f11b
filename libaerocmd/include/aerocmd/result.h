/* SPDX-License-Identifier: MIT */
/* result.h — the one result type of libaerocmd and the stream diagnostics.
 *
 * Every fallible function returns aerocmd_result. Stream checks (decoder, structural and
 * semantic validation, allocation tables, submit descriptors) return AEROCMD_E_MALFORMED
 * and describe the fault in an aerocmd_diag: a specific reason code, the byte offset of
 * the offending packet (or structure) and its opcode. Shims translate aerocmd_result to
 * HRESULT / NTSTATUS in one table each. */
#ifndef AEROCMD_RESULT_H
#define AEROCMD_RESULT_H

#include <stdint.h>

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

typedef enum aerocmd_result {
    AEROCMD_OK = 0,
    AEROCMD_E_INVALID_ARG = 1,
    AEROCMD_E_NOT_IMPLEMENTED = 2,
    AEROCMD_E_OUT_OF_MEMORY = 3,
    AEROCMD_E_BUFFER_FULL = 4, /* normal: submit what is there and retry */
    AEROCMD_E_STILL_DRAWING = 5,
    AEROCMD_E_DEVICE_REMOVED = 6,
    AEROCMD_E_MALFORMED = 7 /* details in struct aerocmd_diag */
} aerocmd_result;

/* Why a stream, table or descriptor was refused. Values are stable: tools print them
 * and tests match them. Add new codes at the end only. */
typedef enum aerocmd_reason {
    AEROCMD_R_NONE = 0,

    /* stream header */
    AEROCMD_R_SHORT_BUFFER = 1,            /* fewer bytes than a stream header */
    AEROCMD_R_BAD_MAGIC = 2,               /* magic is not "ACMD" */
    AEROCMD_R_ABI_MAJOR = 3,               /* abi_version major differs from ours */
    AEROCMD_R_STREAM_SIZE_UNALIGNED = 4,   /* header size_bytes not a multiple of 4 */
    AEROCMD_R_STREAM_SIZE_TOO_SMALL = 5,   /* header size_bytes below the header size */
    AEROCMD_R_STREAM_SIZE_PAST_BUFFER = 6, /* header size_bytes larger than the buffer */

    /* packet framing */
    AEROCMD_R_PACKET_HEADER_TRUNCATED = 7, /* fewer than 8 bytes left for a packet header */
    AEROCMD_R_PACKET_SIZE_TOO_SMALL = 8,   /* packet size_bytes < 8 */
    AEROCMD_R_PACKET_SIZE_UNALIGNED = 9,   /* packet size_bytes not a multiple of 4 */
    AEROCMD_R_PACKET_PAST_END = 10,        /* packet runs past the stream's size_bytes */
    AEROCMD_R_PACKET_TOO_SHORT = 11,       /* smaller than its opcode's fixed struct */

    /* packet contents */
    AEROCMD_R_PAYLOAD_LENGTH = 12,   /* payload shorter than its count/size fields say */
    AEROCMD_R_COUNT_OVERFLOW = 13,   /* count x element size overflows */
    AEROCMD_R_ENUM_RANGE = 14,       /* enum / flag value the ABI does not define */
    AEROCMD_R_RESERVED_NONZERO = 15, /* reserved field not 0 where the rules require 0 */
    AEROCMD_R_STAGE_EX_INVALID = 16, /* stage_ex value not allowed */
    AEROCMD_R_FIELD_INVALID = 17,    /* a field breaks a rule of its packet */

    /* semantic (across packets) */
    AEROCMD_R_HANDLE_ZERO = 18,        /* object created with handle 0 */
    AEROCMD_R_HANDLE_UNKNOWN = 19,     /* used before create or after destroy */
    AEROCMD_R_HANDLE_EXISTS = 20,      /* created twice */
    AEROCMD_R_HANDLE_KIND = 21,        /* wrong kind of object for the slot */
    AEROCMD_R_ALLOC_MISSING = 22,      /* backing alloc_id not in the allocation table */
    AEROCMD_R_WRITEBACK_READONLY = 23, /* WRITEBACK_DST into a READONLY allocation */
    AEROCMD_R_WRITEBACK_UNBACKED = 24, /* WRITEBACK_DST into a host-owned resource */
    AEROCMD_R_COPY_OUT_OF_BOUNDS = 25,
    AEROCMD_R_VIEW_OUT_OF_RANGE = 26,    /* texture view range outside its texture */
    AEROCMD_R_TRACKER_FULL = 27,         /* caller's semantic-tracking memory exhausted */
    AEROCMD_R_BACKING_OUT_OF_RANGE = 28, /* resource does not fit its allocation */

    /* allocation table */
    AEROCMD_R_ALLOC_TABLE_SHORT = 29,
    AEROCMD_R_ALLOC_TABLE_MAGIC = 30,
    AEROCMD_R_ALLOC_TABLE_ABI = 31,
    AEROCMD_R_ALLOC_TABLE_SIZE = 32,   /* size_bytes disagrees with count x stride */
    AEROCMD_R_ALLOC_TABLE_STRIDE = 33, /* entry_stride_bytes < 32 or unaligned */
    AEROCMD_R_ALLOC_ENTRY_ID_ZERO = 34,
    AEROCMD_R_ALLOC_ENTRY_SIZE_ZERO = 35,
    AEROCMD_R_ALLOC_ENTRY_OVERFLOW = 36, /* gpa + size_bytes wraps */
    AEROCMD_R_ALLOC_ENTRY_DUPLICATE = 37,
    AEROCMD_R_ALLOC_ENTRY_FLAGS = 38,

    /* submit descriptor */
    AEROCMD_R_SUBMIT_DESC_SIZE = 39,
    AEROCMD_R_SUBMIT_CMD_PAIR = 40, /* cmd_gpa / cmd_size_bytes not both zero or both set */
    AEROCMD_R_SUBMIT_CMD_OVERFLOW = 41,
    AEROCMD_R_SUBMIT_ALLOC_PAIR = 42, /* alloc table gpa / size not both zero or both set */
    AEROCMD_R_SUBMIT_ALLOC_OVERFLOW = 43,
    AEROCMD_R_SUBMIT_FLAGS = 44,
    AEROCMD_R_SUBMIT_ENGINE = 45,

    /* .aerogputrace container (offset = byte offset in the file) */
    AEROCMD_R_TRACE_SHORT = 46,   /* shorter than header + footer */
    AEROCMD_R_TRACE_MAGIC = 47,   /* header or footer magic wrong */
    AEROCMD_R_TRACE_VERSION = 48, /* container version unknown/newer, or header/footer disagree */
    AEROCMD_R_TRACE_HEADER = 49,  /* header_size, flags, reserved or meta_len wrong */
    AEROCMD_R_TRACE_TOC = 50,     /* table of contents out of bounds or malformed */
    AEROCMD_R_TRACE_RECORD = 51,  /* record header malformed or past its region */
    AEROCMD_R_TRACE_BLOB = 52,    /* blob payload malformed or unknown blob id */
    AEROCMD_R_TRACE_SUBMISSION = 53, /* submission record malformed */

    /* packet fields against Direct3D 11's limits (aerocmd/d3d11_limits.h) */
    AEROCMD_R_D3D11_LIMIT = 54, /* slot, register, size or count beyond Direct3D 11's */

    /* output merger and presentation */
    AEROCMD_R_TARGET_SIZE_MISMATCH = 55, /* bound targets differ in width, height, layers */
    AEROCMD_R_PRESENT_NO_TARGET = 56,    /* PRESENT after the stream bound no colour target */

    /* shader bytecode (aerocmd/dxbc.h) */
    AEROCMD_R_DXBC_CONTAINER = 57, /* not a sound DXBC container holding one SM4/SM5 program */
    AEROCMD_R_DXBC_CHECKSUM = 58,  /* the container's checksum is not its contents' */
    AEROCMD_R_SHADER_STAGE = 59,   /* the program's type is not the stage the packet names */

    /* formats across packets (aerocmd/format.h) */
    AEROCMD_R_VIEW_FORMAT = 60,   /* a view's format does not have its texture's bytes */
    AEROCMD_R_TARGET_FORMAT = 61, /* a render target that cannot be rendered to, or a depth
                                     target that is not a depth format */

    /* pipeline state at a draw */
    AEROCMD_R_NO_VERTEX_SHADER = 62, /* DRAW / DRAW_INDEXED with no vertex shader bound */

    /* shared surfaces, when the checker sees the whole guest (AEROCMD_SEMANTIC_GUEST_WIDE) */
    AEROCMD_R_SHARE_TOKEN_UNKNOWN = 63, /* IMPORT of a token not exported (or released) */

    /* copies */
    AEROCMD_R_COPY_SAME_SUBRESOURCE = 64, /* source and destination are one subresource */
    AEROCMD_R_COPY_UNALIGNED = 65,        /* a block-compressed copy not in whole blocks */

    AEROCMD_R_COUNT_ /* number of reasons; not a reason */
} aerocmd_reason;

/* Where and why. offset is a byte offset from the start of the buffer that was checked
 * (stream, table or descriptor); opcode is the packet's opcode, or 0 outside packets. */
struct aerocmd_diag {
    aerocmd_reason reason;
    uint32_t offset;
    uint32_t opcode;
};

/* Stable lower-case identifiers ("buffer_full", "packet_past_end", ...). Never NULL. */
const char *aerocmd_result_name(aerocmd_result result);
const char *aerocmd_reason_name(aerocmd_reason reason);
/* One-sentence English description of a reason, for tools. Never NULL. */
const char *aerocmd_reason_text(aerocmd_reason reason);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_RESULT_H */
