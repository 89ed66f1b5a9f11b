/* SPDX-License-Identifier: MIT */
/* writer_internal.h — helpers shared by the writer's append files (not public). */
#ifndef AEROCMD_WRITER_INTERNAL_H
#define AEROCMD_WRITER_INTERNAL_H

#include "aerocmd/writer.h"

/* count x elem_size in *bytes; INVALID_ARG when it does not fit a u32 (the packet could
 * never be expressed). */
static inline aerocmd_result aerocmd_writer_array_bytes(uint32_t count, uint32_t elem_size,
                                                        uint32_t *bytes)
{
    if (count > 0xFFFFFFFFu / elem_size)
        return AEROCMD_E_INVALID_ARG;
    *bytes = count * elem_size;
    return AEROCMD_OK;
}

#endif /* AEROCMD_WRITER_INTERNAL_H */
