/* SPDX-License-Identifier: MIT */
/* le_bytes.h — private to the core: protocol integers loaded and stored at any alignment,
 * and filling a diagnostic. The protocol is little-endian and every target the driver
 * runs on (x86, x64) is too, so a memcpy through a native integer is the whole
 * conversion; compilers turn it into one move. The kernel's freestanding build has no
 * builtin memcpy (-ffreestanding implies -fno-builtin), so there it is named as the builtin:
 * otherwise every field load would be a call and, under AddressSanitizer, a stack slot. */
#ifndef AEROCMD_CORE_LE_BYTES_H
#define AEROCMD_CORE_LE_BYTES_H

#include <stdint.h>
#include <string.h>

#include "aerocmd/result.h"

#if defined(__GNUC__)
#define AEROCMD_MOVE_BYTES(dst, src, n) __builtin_memcpy((dst), (src), (n))
#else
#define AEROCMD_MOVE_BYTES(dst, src, n) memcpy((dst), (src), (n))
#endif

static inline uint32_t aerocmd_load_u32(const void *at)
{
    uint32_t v;
    AEROCMD_MOVE_BYTES(&v, at, sizeof v);
    return v;
}

static inline uint64_t aerocmd_load_u64(const void *at)
{
    uint64_t v;
    AEROCMD_MOVE_BYTES(&v, at, sizeof v);
    return v;
}

static inline void aerocmd_store_u32(void *at, uint32_t v)
{
    AEROCMD_MOVE_BYTES(at, &v, sizeof v);
}

static inline void aerocmd_store_u64(void *at, uint64_t v)
{
    AEROCMD_MOVE_BYTES(at, &v, sizeof v);
}

/* Fills *diag (may be NULL) and returns AEROCMD_E_MALFORMED, so a check can end with
 * `return aerocmd_diag_fail(...)`. */
static inline aerocmd_result aerocmd_diag_fail(struct aerocmd_diag *diag, aerocmd_reason reason,
                                               uint32_t offset, uint32_t opcode)
{
    if (diag) {
        diag->reason = reason;
        diag->offset = offset;
        diag->opcode = opcode;
    }
    return AEROCMD_E_MALFORMED;
}

static inline void aerocmd_diag_clear(struct aerocmd_diag *diag)
{
    if (diag) {
        diag->reason = AEROCMD_R_NONE;
        diag->offset = 0;
        diag->opcode = 0;
    }
}

#endif /* AEROCMD_CORE_LE_BYTES_H */
