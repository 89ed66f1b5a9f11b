/* SPDX-License-Identifier: MIT */
/* umd_wait.h — CPU access to guest memory the GPU may still use (umd_wait.c).
 *
 * Kept apart from umd_internal.h so the waiting rules have one owner; aerocmd_priv_umd_wait_serial
 * (the fence wait itself) is declared there. */
#ifndef AEROCMD_UMD_WAIT_H
#define AEROCMD_UMD_WAIT_H

#include "umd_internal.h"

/* Locks `memory` for the CPU once the work of command buffer `serial` (0: none) is done
 * with it. The work is submitted first when it is still in the open buffer. Then either the
 * context waits for its fence and locks, or, when the operating system's lock waits by
 * itself (AEROCMD_UMD_CB_LOCK_WAITS), it locks right away and lets the lock wait.
 * flags: AEROCMD_UMD_MAP_DO_NOT_WAIT answers STILL_DRAWING instead of waiting. On OK *cpu
 * is the allocation's first byte (never NULL) and the caller must unlock; on failure
 * nothing stays locked. */
aerocmd_result aerocmd_priv_umd_lock_when_done(struct aerocmd_umd_context *ctx,
                                               const struct aerocmd_umd_memory *memory,
                                               uint64_t serial, uint32_t flags, void **cpu);

#endif /* AEROCMD_UMD_WAIT_H */
