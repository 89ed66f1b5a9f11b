/* SPDX-License-Identifier: MIT */
/* wrap_memory.h — aerocmd trace wrap --memory: what a recording keeps beside each stream
 * NAME.acmd (the layout test/shims/record.c writes): NAME.alloc, the allocation table the
 * kernel driver built for the submission, and NAME.mem, the guest memory of its listed
 * allocations as it was at submission, as records of u32 alloc_id, u32 flags, u64 gpa,
 * u64 size_bytes, then size_bytes bytes padded with zeros to a multiple of 8; and, when
 * there is one, NAME.ctx: the context the submission ran in (u32; without it, 0). */
#ifndef AEROCMD_TOOL_WRAP_MEMORY_H
#define AEROCMD_TOOL_WRAP_MEMORY_H

#include <stdint.h>

#include "aerocmd/trace.h"
#include "io.h"

struct wrap_memory {
    struct tool_blob table;                /* NAME.alloc */
    struct tool_blob mem;                  /* NAME.mem */
    struct aerocmd_trace_range_in *ranges; /* into mem.bytes */
    uint32_t range_count;
};

/* Reads the files beside `stream_path` (its name minus ".acmd") and points `sub`'s table
 * and ranges at them. Exit status: 0, 1 a file is malformed, 2 usage or I/O error (every
 * cause reported on stderr). Release with wrap_memory_release, whatever it returned. */
int wrap_memory_load(const char *stream_path, struct wrap_memory *m,
                     struct aerocmd_trace_submission_in *sub);
void wrap_memory_release(struct wrap_memory *m);

#endif
