/* SPDX-License-Identifier: MIT */
/* aerogpu_kmd_render.c — DxgkDdiRender and allocation creation: unpack the DDI structs,
 * call the core, translate the result. No rule about the stream lives here. */
#include <string.h>

#include "aerogpu_kmd.h"

static int platform_copy(void *user, void *dst, const void *src, size_t len)
{
    const struct aerogpu_kmd_platform *p = (const struct aerogpu_kmd_platform *)user;
    return p->copy_from_user(p->ctx, dst, src, len);
}

static uint64_t platform_token(void *user)
{
    const struct aerogpu_kmd_platform *p = (const struct aerogpu_kmd_platform *)user;
    return p->next_share_token(p->ctx);
}

static void fill_refs(struct aerogpu_kmd_context *ctx, const AEROGPU_DXGKARG_RENDER *render)
{
    uint32_t i;
    for (i = 0; i < render->AllocationListSize; i++) {
        const AEROGPU_DXGK_ALLOCATIONLIST *in = &render->pAllocationList[i];
        const struct aerogpu_kmd_allocation *a =
            (const struct aerogpu_kmd_allocation *)in->hDeviceSpecificAllocation;
        struct aerocmd_kmd_alloc_ref *ref = &ctx->refs[i];
        memset(ref, 0, sizeof *ref);
        if (a == NULL)
            continue;
        ref->identity = (uint64_t)(uintptr_t)a;
        ref->gpa = (uint64_t)in->PhysicalAddress.QuadPart;
        ref->size_bytes = a->size_bytes;
        ref->share_token = a->info.share_token;
        ref->alloc_id = a->info.alloc_id;
        ref->flags = in->WriteOperation ? AEROCMD_KMD_ALLOC_REF_WRITE : 0;
    }
}

AEROGPU_NTSTATUS aerogpu_kmd_render(struct aerogpu_kmd_context *ctx, AEROGPU_DXGKARG_RENDER *render)
{
    struct aerocmd_kmd_render_args args;
    struct aerocmd_kmd_render_out out;

    if (render->AllocationListSize > ctx->refs_capacity)
        return (AEROGPU_NTSTATUS)AEROCMD_STATUS_NO_MEMORY;
    fill_refs(ctx, render);
    memset(&args, 0, sizeof args);
    args.user_cmd = render->pCommand;
    args.user_cmd_len = render->CommandLength;
    args.dma = render->pDmaBuffer;
    args.dma_capacity = render->DmaSize;
    args.multipass_offset = render->MultipassOffset;
    args.allocs = ctx->refs;
    args.alloc_count = render->AllocationListSize;
    args.alloc_table = ctx->alloc_table;
    args.alloc_table_bytes = ctx->alloc_table_bytes;
    args.copy = platform_copy;
    args.copy_user = (void *)(uintptr_t)ctx->platform;
    args.policy = &ctx->policy;
    aerocmd_kmd_render(ctx->validator, &args, &out);
    /* pDmaBuffer ends at the next free byte; the patch-location list stays empty */
    render->pDmaBuffer = (uint8_t *)render->pDmaBuffer + out.dma_bytes_used;
    render->MultipassOffset = out.multipass_offset;
    ctx->last_alloc_table_bytes = out.alloc_table_bytes;
    ctx->last_submit_flags = out.submit_flags;
    return (AEROGPU_NTSTATUS)out.status;
}

AEROGPU_NTSTATUS aerogpu_kmd_create_allocation(const struct aerogpu_kmd_platform *platform,
                                               void *priv, uint32_t priv_size, uint64_t size_bytes,
                                               struct aerogpu_kmd_allocation *out)
{
    struct aerocmd_kmd_token_source tokens;
    struct aerocmd_kmd_fault fault;

    memset(out, 0, sizeof *out);
    out->size_bytes = size_bytes;
    if (priv == NULL || priv_size == 0)
        return (AEROGPU_NTSTATUS)AEROCMD_STATUS_SUCCESS; /* its id is made up per submission */
    tokens.next = platform_token;
    tokens.user = (void *)(uintptr_t)platform;
    if (aerocmd_kmd_alloc_create(priv, priv_size, &tokens, &out->info, &fault) != AEROCMD_OK)
        return (AEROGPU_NTSTATUS)aerocmd_kmd_status_for_reason(fault.reason);
    return (AEROGPU_NTSTATUS)AEROCMD_STATUS_SUCCESS;
}

AEROGPU_NTSTATUS aerogpu_kmd_open_allocation(const void *priv, uint32_t priv_size,
                                             uint64_t size_bytes,
                                             struct aerogpu_kmd_allocation *out)
{
    struct aerocmd_kmd_fault fault;

    memset(out, 0, sizeof *out);
    out->size_bytes = size_bytes;
    if (priv == NULL || priv_size == 0)
        return (AEROGPU_NTSTATUS)AEROCMD_STATUS_SUCCESS;
    if (aerocmd_kmd_alloc_open(priv, priv_size, &out->info, &fault) != AEROCMD_OK)
        return (AEROGPU_NTSTATUS)aerocmd_kmd_status_for_reason(fault.reason);
    return (AEROGPU_NTSTATUS)AEROCMD_STATUS_SUCCESS;
}
