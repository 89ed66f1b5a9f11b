/* SPDX-License-Identifier: MIT */
/* exec_budget.c — what a run may cost: memory, and work per submission.
 *
 * Every byte the executor holds for a run is counted from the moment it is allocated until
 * it is really freed: resources (with their driver overhead), upload and readback memory,
 * the images of a readback and of every present kept, guest memory, objects and their
 * payloads, the descriptor heaps and the semantic tracker. What is not counted is bounded
 * by constants: the device and the driver, at most 256 cached pipelines and root
 * signatures, the program. A destroyed resource may still be read by recorded commands, so its
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

aerocmd_result aerocmd_priv_exec_reserve(struct aerocmd_exec *ex, uint64_t bytes)
{
    const struct exec_gpu *g = &ex->gpu;
    if (!fits(ex, bytes) && g->device != NULL && (g->deferred_bytes != 0 || g->upload_bytes != 0) &&
        aerocmd_priv_exec_flush(ex) != AEROCMD_OK)
        return AEROCMD_E_DEVICE_REMOVED;
    if (!fits(ex, bytes))
        return AEROCMD_E_OUT_OF_MEMORY;
    add(ex, bytes);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_charge(struct exec_ctx *ctx, uint64_t bytes, const char *what)
{
    struct aerocmd_exec *ex = ctx->ex;
    aerocmd_result r = aerocmd_priv_exec_reserve(ex, bytes);
    if (r == AEROCMD_E_DEVICE_REMOVED)
        return aerocmd_priv_exec_hr(ctx, E_FAIL, "a flush to free memory");
    if (r != AEROCMD_OK)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                      "%s (%llu bytes) would pass the executor's memory budget "
                                      "of %llu bytes (%llu in use; aerocmd render --max-memory)",
                                      what, (unsigned long long)bytes,
                                      (unsigned long long)ex->mem_budget,
                                      (unsigned long long)ex->mem_used);
    return AEROCMD_OK;
}

void aerocmd_priv_exec_uncharge(struct aerocmd_exec *ex, uint64_t bytes)
{
    ex->mem_used = bytes < ex->mem_used ? ex->mem_used - bytes : 0;
}

uint64_t aerocmd_priv_exec_image_bytes(const struct aerocmd_exec_image *img)
{
    uint64_t texels = (uint64_t)img->width * img->height;
    return (img->raw != NULL ? (uint64_t)img->raw_row_bytes * img->raw_rows : 0) +
           (img->rgba8 != NULL ? texels * 4u : 0) +
           (img->rgba32f != NULL ? texels * 4u * sizeof(float) : 0);
}

void aerocmd_priv_exec_image_drop(struct aerocmd_exec *ex, struct aerocmd_exec_image *img)
{
    aerocmd_priv_exec_uncharge(ex, aerocmd_priv_exec_image_bytes(img));
    aerocmd_exec_image_release(img);
}

/* ---- work ---------------------------------------------------------------------------------
 * One unit is about one vertex shaded, one pixel cleared or one byte copied; a pipeline
 * compiled costs EXEC_PIPELINE_WORK. A submission may do ex->work_budget units; the packet
 * that would pass it is refused before anything of it runs. */

uint64_t aerocmd_priv_exec_mul_sat(uint64_t a, uint64_t b)
{
    return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

aerocmd_result aerocmd_priv_exec_work(struct exec_ctx *ctx, uint64_t units, const char *what)
{
    struct aerocmd_exec *ex = ctx->ex;
    if (units <= ex->work_budget && ex->work_used <= ex->work_budget - units) {
        ex->work_used += units;
        return AEROCMD_OK;
    }
    return aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                  "%s (%llu units of work) would pass the submission's work "
                                  "budget of %llu (%llu used; aerocmd render --max-work)",
                                  what, (unsigned long long)units,
                                  (unsigned long long)ex->work_budget,
                                  (unsigned long long)ex->work_used);
}
