/* kmd_bytes.h — private: loads and stores of protocol integers at any alignment. The
 * protocol is little-endian and the driver runs on x86/x64, so native order is used. */
#ifndef AEROCMD_KMD_BYTES_H
#define AEROCMD_KMD_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aerocmd/kmd_status.h"

static inline uint32_t kmd_load_u32(const void *at)
{
    uint32_t v;
    memcpy(&v, at, sizeof v);
    return v;
}

static inline uint64_t kmd_load_u64(const void *at)
{
    uint64_t v;
    memcpy(&v, at, sizeof v);
    return v;
}

static inline void kmd_store_u32(void *at, uint32_t v)
{
    memcpy(at, &v, sizeof v);
}

static inline void kmd_store_u64(void *at, uint64_t v)
{
    memcpy(at, &v, sizeof v);
}

static inline void kmd_set_fault(struct aerocmd_kmd_fault *fault, uint32_t reason, uint32_t offset,
                                 uint32_t opcode)
{
    if (fault == NULL)
        return;
    fault->reason = reason;
    fault->offset = offset;
    fault->opcode = opcode;
}

#endif /* AEROCMD_KMD_BYTES_H */
