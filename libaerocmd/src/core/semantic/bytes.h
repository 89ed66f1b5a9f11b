/* bytes.h — private helpers of the semantic module: unaligned little-endian reads and
 * filling a diagnostic. The protocol is little-endian and every supported target is too,
 * so a memcpy into a native integer is the whole conversion. */
#ifndef AEROCMD_SEMANTIC_BYTES_H
#define AEROCMD_SEMANTIC_BYTES_H

#include <stdint.h>
#include <string.h>

#include "aerocmd/result.h"

static inline uint32_t aerocmd_sem_read_u32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline uint64_t aerocmd_sem_read_u64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* Always returns AEROCMD_E_MALFORMED so callers can `return aerocmd_sem_fail(...)`. */
static inline aerocmd_result aerocmd_sem_fail(struct aerocmd_diag *diag, aerocmd_reason reason,
                                              uint32_t offset, uint32_t opcode)
{
    if (diag) {
        diag->reason = reason;
        diag->offset = offset;
        diag->opcode = opcode;
    }
    return AEROCMD_E_MALFORMED;
}

static inline void aerocmd_sem_clear_diag(struct aerocmd_diag *diag)
{
    if (diag) {
        diag->reason = AEROCMD_R_NONE;
        diag->offset = 0;
        diag->opcode = 0;
    }
}

#endif /* AEROCMD_SEMANTIC_BYTES_H */
