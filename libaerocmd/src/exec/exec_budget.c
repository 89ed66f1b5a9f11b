/* SPDX-License-Identifier: MIT */
/* exec_budget.c — what a run may cost in memory.
 *
 * Every byte the executor holds for a run is counted from the moment it is allocated until
 * it is really freed. A destroyed resource may still be read by recorded commands, so its
 * Direct3D 12 object is released only after the next flush (exec_gpu.c); until then its
 * bytes stay counted. When a charge would pass the budget while such bytes (or upload
 * memory) wait for a flush, the executor flushes first: what it holds then never passes
 * the budget, and the memory it really uses stays within the budget plus a fixed
 * overhead (the device, the driver, the program). */
#include <stdio.h>

#include "exec_internal.h"

static int fits(const struct aerocmd_exec *ex, uint64_t bytes)
{
    return bytes <= ex->mem_budget && ex->mem_used <= ex->mem_budget - bytes;
}

static void add(struct aerocmd_exec *ex, uint64_t bytes)
{
    ex->mem_used += bytes;
    if (ex->mem_used > ex->mem_peak)
        ex->mem_peak = ex->mem_used;
}

aerocmd_result aerocmd_priv_exec_charge(struct exec_ctx *ctx, uint64_t bytes, const char *what)
{
    struct aerocmd_exec *ex = ctx->ex;
    const struct exec_gpu *g = &ex->gpu;
    if (!fits(ex, bytes) && g->device != NULL && (g->deferred_bytes != 0 || g->upload_bytes != 0) &&
        aerocmd_priv_exec_flush(ex) != AEROCMD_OK)
        return aerocmd_priv_exec_hr(ctx, E_FAIL, "a flush to free memory");
    if (!fits(ex, bytes))
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                      "%s (%llu bytes) would pass the executor's memory budget "
                                      "of %llu bytes (%llu in use)",
                                      what, (unsigned long long)bytes,
                                      (unsigned long long)ex->mem_budget,
                                      (unsigned long long)ex->mem_used);
    add(ex, bytes);
    return AEROCMD_OK;
}

void aerocmd_priv_exec_uncharge(struct aerocmd_exec *ex, uint64_t bytes)
{
    ex->mem_used = bytes < ex->mem_used ? ex->mem_used - bytes : 0;
}
