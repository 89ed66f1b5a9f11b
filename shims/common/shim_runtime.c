/* SPDX-License-Identifier: MIT */
/* shim_runtime.c — the state tracker's callbacks as Windows 7 runtime calls.
 *
 * Windows 7 gives user mode no CPU wait on a fence: pfnWaitForSynchronizationObjectCb puts
 * a GPU-side wait into the context's DMA stream. The CPU waits for the GPU in pfnLockCb,
 * which blocks until every submitted DMA buffer listing the allocation has retired (or,
 * with DonotWait, fails with D3DERR_WASSTILLDRAWING), and DXGI throttles presents in
 * pfnPresentCb. So the table says the OS does both and has no fence wait. */
#include "shim_runtime.h"

#include <string.h>

#include "aerocmd/umd_data.h"
#include "aerocmd/umd_ddi.h"
#include "shim_result.h"

HRESULT shim_runtime_open(struct shim_runtime *rt, HANDLE rt_device,
                          const D3DDDI_DEVICECALLBACKS *kt)
{
    D3DDDICB_CREATECONTEXT cc;
    HRESULT hr;
    memset(rt, 0, sizeof *rt);
    rt->rt_device = rt_device;
    rt->kt = *kt;
    if (kt->pfnCreateContextCb == NULL || kt->pfnRenderCb == NULL || kt->pfnAllocateCb == NULL ||
        kt->pfnLockCb == NULL || kt->pfnUnlockCb == NULL)
        return E_INVALIDARG;
    memset(&cc, 0, sizeof cc);
    hr = kt->pfnCreateContextCb(rt_device, &cc);
    if (FAILED(hr))
        return hr;
    rt->context = cc.hContext;
    rt->cmd = cc.pCommandBuffer;
    rt->cmd_size = cc.CommandBufferSize;
    rt->alloc_list = cc.pAllocationList;
    rt->alloc_list_size = cc.AllocationListSize;
    rt->patch_list = cc.pPatchLocationList;
    rt->patch_list_size = cc.PatchLocationListSize;
    return S_OK;
}

void shim_runtime_close(struct shim_runtime *rt)
{
    D3DDDICB_DESTROYCONTEXT dc;
    if (rt->context != NULL && rt->kt.pfnDestroyContextCb != NULL) {
        dc.hContext = rt->context;
        rt->kt.pfnDestroyContextCb(rt->rt_device, &dc);
    }
    rt->context = NULL;
}

static aerocmd_result rt_acquire(void *user, struct aerocmd_umd_cmd_buffer *out)
{
    struct shim_runtime *rt = (struct shim_runtime *)user;
    if (rt->lent || rt->cmd == NULL)
        return AEROCMD_E_INVALID_ARG;
    out->bytes = rt->cmd;
    out->capacity = rt->cmd_size;
    out->allocs = rt->refs;
    out->alloc_capacity =
        rt->alloc_list_size < SHIM_MAX_ALLOC_REFS ? rt->alloc_list_size : SHIM_MAX_ALLOC_REFS;
    out->shim_private = NULL;
    rt->lent = 1;
    return AEROCMD_OK;
}

static void rt_release(void *user, struct aerocmd_umd_cmd_buffer *buffer)
{
    (void)buffer;
    ((struct shim_runtime *)user)->lent = 0;
}

/* The runtime's list has one entry per allocation (libaerocmd merges the references). */
static UINT rt_fill_alloc_list(struct shim_runtime *rt, const struct aerocmd_umd_alloc_ref *refs,
                               uint32_t count)
{
    UINT used = aerocmd_umd_merge_alloc_refs(refs, count, rt->merged), i;
    for (i = 0; i < used; i++) {
        rt->alloc_list[i].Value = 0;
        rt->alloc_list[i].hAllocation = (D3DKMT_HANDLE)rt->merged[i].os_handle;
        rt->alloc_list[i].WriteOperation =
            (rt->merged[i].flags & AEROCMD_UMD_ALLOC_REF_WRITE) ? 1u : 0u;
    }
    return used;
}

static void rt_take_new_buffers(struct shim_runtime *rt, const D3DDDICB_RENDER *r)
{
    rt->cmd = r->pNewCommandBuffer;
    rt->cmd_size = r->NewCommandBufferSize;
    rt->alloc_list = r->pNewAllocationList;
    rt->alloc_list_size = r->NewAllocationListSize;
    rt->patch_list = r->pNewPatchLocationList;
    rt->patch_list_size = r->NewPatchLocationListSize;
}

static aerocmd_result rt_submit(void *user, const struct aerocmd_umd_submission *s, uint64_t *fence)
{
    struct shim_runtime *rt = (struct shim_runtime *)user;
    D3DDDICB_RENDER r;
    HRESULT hr;
    memset(&r, 0, sizeof r);
    r.CommandLength = s->cmd_bytes;
    r.NumAllocations = rt_fill_alloc_list(rt, s->buffer.allocs, s->alloc_count);
    r.hContext = rt->context;
    memset(&rt->dma_private, 0, sizeof rt->dma_private);
    rt->dma_private.magic = SHIM_DMA_PRIVATE_MAGIC;
    rt->dma_private.version = SHIM_DMA_PRIVATE_VERSION;
    rt->dma_private.size_bytes = sizeof rt->dma_private;
    rt->dma_private.flags = (s->flags & AEROCMD_UMD_SUBMIT_PRESENT) ? SHIM_DMA_PRIVATE_PRESENT : 0;
    rt->dma_private.fence = rt->next_fence + 1u;
    r.pPrivateDriverData = &rt->dma_private;
    r.PrivateDriverDataSize = sizeof rt->dma_private;
    hr = rt->kt.pfnRenderCb(rt->rt_device, &r);
    if (FAILED(hr))
        return aerocmd_umd_wait_result((uint32_t)hr);
    rt_take_new_buffers(rt, &r);
    rt->lent = 0;
    rt->next_fence++;
    *fence = rt->next_fence;
    return AEROCMD_OK;
}

/* libaerocmd hands the allocation's private data (the kernel driver may write into it: a
 * shared allocation's token); a shareable resource's allocations belong to it (hResource). */
static aerocmd_result rt_allocate(void *user, struct aerocmd_umd_memory *memory)
{
    struct shim_runtime *rt = (struct shim_runtime *)user;
    D3DDDI_ALLOCATIONINFO info;
    D3DDDICB_ALLOCATE a;
    HRESULT hr;
    memset(&info, 0, sizeof info);
    info.pPrivateDriverData = memory->private_data;
    info.PrivateDriverDataSize = memory->private_data_bytes;
    memset(&a, 0, sizeof a);
    a.hResource = rt->allocating_for;
    a.NumAllocations = 1;
    a.pAllocationInfo = &info;
    hr = rt->kt.pfnAllocateCb(rt->rt_device, &a);
    if (FAILED(hr))
        return aerocmd_umd_wait_result((uint32_t)hr);
    memory->os_handle = info.hAllocation;
    return AEROCMD_OK;
}

static void rt_free(void *user, const struct aerocmd_umd_memory *memory)
{
    struct shim_runtime *rt = (struct shim_runtime *)user;
    D3DKMT_HANDLE h = (D3DKMT_HANDLE)memory->os_handle;
    D3DDDICB_DEALLOCATE d;
    if (rt->kt.pfnDeallocateCb == NULL)
        return;
    memset(&d, 0, sizeof d);
    d.NumAllocations = 1;
    d.HandleList = &h;
    rt->kt.pfnDeallocateCb(rt->rt_device, &d);
}

static aerocmd_result rt_lock(void *user, const struct aerocmd_umd_memory *memory, uint32_t flags,
                              void **cpu)
{
    struct shim_runtime *rt = (struct shim_runtime *)user;
    D3DDDICB_LOCK l;
    HRESULT hr;
    memset(&l, 0, sizeof l);
    l.hAllocation = (D3DKMT_HANDLE)memory->os_handle;
    /* Without DonotWait the video memory manager blocks until the GPU is done with it. */
    l.Flags.DonotWait = (flags & AEROCMD_UMD_LOCK_DO_NOT_WAIT) ? 1u : 0u;
    hr = rt->kt.pfnLockCb(rt->rt_device, &l);
    if (FAILED(hr))
        return aerocmd_umd_wait_result((uint32_t)hr);
    *cpu = l.pData;
    return AEROCMD_OK;
}

static void rt_unlock(void *user, const struct aerocmd_umd_memory *memory)
{
    struct shim_runtime *rt = (struct shim_runtime *)user;
    D3DKMT_HANDLE h = (D3DKMT_HANDLE)memory->os_handle;
    D3DDDICB_UNLOCK u;
    u.NumAllocations = 1;
    u.phAllocations = &h;
    rt->kt.pfnUnlockCb(rt->rt_device, &u);
}

void shim_runtime_callbacks(struct shim_runtime *rt, struct aerocmd_umd_callbacks *out)
{
    memset(out, 0, sizeof *out);
    out->user = rt;
    out->acquire_buffer = rt_acquire;
    out->release_buffer = rt_release;
    out->submit = rt_submit;
    out->allocate_memory = rt_allocate;
    out->free_memory = rt_free;
    out->lock_memory = rt_lock;
    out->unlock_memory = rt_unlock;
    out->flags = AEROCMD_UMD_CB_WAITS_BY_OS; /* no fence wait: see the top of this file */
}
