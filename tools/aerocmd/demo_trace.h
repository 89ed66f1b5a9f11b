/* SPDX-License-Identifier: MIT */
/* demo_trace.h — the demo's submissions as a version 2 .aerogputrace: each with the
 * allocation table the kernel driver would build for it and the guest memory of its listed
 * allocations as it was when it was submitted, so the trace replays whole (guest-backed
 * resources included) on any executor. */
#ifndef AEROCMD_TOOL_DEMO_TRACE_H
#define AEROCMD_TOOL_DEMO_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/alloc.h"
#include "aerocmd/result.h"
#include "aerocmd/umd_fake.h"

/* Every recorded submission of `fake` (which kept its memory: keep_memory) into a trace
 * allocated through `alloc` (release with alloc->release(user, *out, *out_len)).
 * OUT_OF_MEMORY, or what aerocmd_umd_fake_alloc_table / aerocmd_trace_write_ex refused. */
aerocmd_result demo_trace_build(const struct aerocmd_umd_fake *fake,
                                const struct aerocmd_allocator *alloc, const char *emulator_version,
                                uint8_t **out, size_t *out_len);

#endif
