/* SPDX-License-Identifier: MIT */
/* kmd_bytes.h — private to the KMD module: the shared byte helpers plus filling a
 * kernel fault record. */
#ifndef AEROCMD_KMD_BYTES_H
#define AEROCMD_KMD_BYTES_H

#include <stddef.h>
#include <stdint.h>

#include "../common/le_bytes.h"

#include "aerocmd/kmd_status.h"

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
