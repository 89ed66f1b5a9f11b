/* SPDX-License-Identifier: MIT */
/* kmt_render.c — contexts and pfnRenderCb as dxgkrnl and the AeroGPU KMD handle them: the
 * user-mode command buffer goes through DxgkDdiRender (shims/kmd over libaerocmd's
 * kernel-safe core: copied into the kernel's DMA buffer, validated, allocation table
 * built), then the DMA buffer, the table and the guest memory of the listed allocations go
 * to the GPU. A stream too long for one DMA buffer is split as the KMD says
 * (MultipassOffset). */
#include <string.h>

#include "aerocmd/kmd_status.h"
#include "kmt_internal.h"

#define KMT_STATUS_SUCCESS ((AEROGPU_NTSTATUS)AEROCMD_STATUS_SUCCESS)
#define KMT_STATUS_INSUFFICIENT_DMA                                                                \
    ((AEROGPU_NTSTATUS)AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER)

static struct kmt_context *context_of(struct aerort_kmt_device *dev, HANDLE h)
{
    uintptr_t i = (uintptr_t)h;
    if (i == 0 || i > KMT_MAX_CONTEXTS || !dev->contexts[i - 1u].in_use)
        return NULL;
    return &dev->contexts[i - 1u];
}

static void *heap(size_t bytes)
{
    return HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, bytes);
}

static void hand_out(struct kmt_context *c, void **cmd, UINT *cmd_size,
                     D3DDDI_ALLOCATIONLIST **list, UINT *list_size,
                     D3DDDI_PATCHLOCATIONLIST **patch, UINT *patch_size)
{
    *cmd = c->cmd;
    *cmd_size = KMT_CMD_BYTES;
    *list = c->list;
    *list_size = KMT_LIST_ENTRIES;
    *patch = c->patch;
    *patch_size = KMT_PATCH_ENTRIES;
}

HRESULT aerort_kmt_create_context(struct aerort_kmt_device *dev, D3DDDICB_CREATECONTEXT *cc)
{
    struct kmt_context *c = NULL;
    uint32_t i;
    HRESULT hr = E_OUTOFMEMORY;
    EnterCriticalSection(&dev->lock);
    for (i = 0; i < KMT_MAX_CONTEXTS && c == NULL; i++)
        if (!dev->contexts[i].in_use)
            c = &dev->contexts[i];
    if (c != NULL && c->cmd == NULL) {
        c->cmd = (uint8_t *)heap(KMT_CMD_BYTES);
        c->dma = (uint8_t *)heap(KMT_CMD_BYTES);
        c->list = (D3DDDI_ALLOCATIONLIST *)heap(KMT_LIST_ENTRIES * sizeof *c->list);
        c->patch = (D3DDDI_PATCHLOCATIONLIST *)heap(KMT_PATCH_ENTRIES * sizeof *c->patch);
    }
    if (c != NULL && c->cmd != NULL && c->dma != NULL && c->list != NULL && c->patch != NULL) {
        c->in_use = 1;
        cc->hContext = (HANDLE)(uintptr_t)(c - dev->contexts + 1);
        hand_out(c, &cc->pCommandBuffer, &cc->CommandBufferSize, &cc->pAllocationList,
                 &cc->AllocationListSize, &cc->pPatchLocationList, &cc->PatchLocationListSize);
        hr = S_OK;
    }
    LeaveCriticalSection(&dev->lock);
    return hr;
}

HRESULT aerort_kmt_destroy_context(struct aerort_kmt_device *dev, const D3DDDICB_DESTROYCONTEXT *d)
{
    struct kmt_context *c;
    EnterCriticalSection(&dev->lock);
    c = context_of(dev, d->hContext);
    if (c != NULL)
        c->in_use = 0;
    LeaveCriticalSection(&dev->lock);
    return c != NULL ? S_OK : E_INVALIDARG;
}

/* The allocation list as DxgkDdiRender sees it: each handle turned into the KMD's
 * allocation object and its address. */
static HRESULT kernel_list(struct aerort_kmt_device *dev, const struct kmt_context *c, UINT n)
{
    UINT i;
    for (i = 0; i < n; i++) {
        AEROGPU_DXGK_ALLOCATIONLIST *k = &dev->klist[i];
        struct kmt_alloc *a =
            c->list[i].hAllocation ? kmt_alloc_of(dev, c->list[i].hAllocation) : NULL;
        memset(k, 0, sizeof *k);
        if (c->list[i].hAllocation != 0 && a == NULL)
            return E_INVALIDARG;
        if (a == NULL)
            continue;
        k->hDeviceSpecificAllocation = &a->kmd;
        k->WriteOperation = c->list[i].WriteOperation;
        k->PhysicalAddress.QuadPart = (int64_t)a->backing->gpa;
    }
    return S_OK;
}

static struct kmt_alloc *alloc_of_kmd(struct aerort_kmt_device *dev, void *kmd)
{
    (void)dev;
    return kmd == NULL ? NULL
                       : (struct kmt_alloc *)((uint8_t *)kmd - offsetof(struct kmt_alloc, kmd));
}

/* An allocation the CPU reads back (CPU-visible or staging) that a submission in flight
 * writes is waited for first: the host loads the memory each submission sends over its
 * copy, so bytes sent before that write came back would undo it. */
static HRESULT order_after_writes(struct aerort_kmt_device *dev, UINT n)
{
    UINT i;
    HRESULT hr = S_OK;
    for (i = 0; i < n && hr == S_OK; i++) {
        struct kmt_alloc *a = alloc_of_kmd(dev, dev->klist[i].hDeviceSpecificAllocation);
        uint32_t readback =
            AEROGPU_WDDM_ALLOC_PRIV_FLAG_CPU_VISIBLE | AEROGPU_WDDM_ALLOC_PRIV_FLAG_STAGING;
        uint64_t written = a != NULL ? kmt_fence_get(&a->backing->last_write_fence) : 0u;
        if (a != NULL && (a->kmd.info.flags & readback) && written != 0)
            hr = kmt_wait(dev, written, KMT_WAIT_MS);
    }
    return hr;
}

/* The guest memory of every listed allocation with an id, each id once. */
static uint32_t memory_records(struct aerort_kmt_device *dev, UINT n)
{
    uint32_t count = 0, k;
    UINT i;
    for (i = 0; i < n; i++) {
        struct kmt_alloc *a = alloc_of_kmd(dev, dev->klist[i].hDeviceSpecificAllocation);
        if (a == NULL || a->kmd.info.alloc_id == 0)
            continue;
        for (k = 0; k < count && dev->memory[k].alloc_id != a->kmd.info.alloc_id; k++)
            ;
        if (k < count)
            continue;
        dev->memory[count].alloc_id = a->kmd.info.alloc_id;
        dev->memory[count].flags = 0;
        dev->memory[count].gpa = a->backing->gpa;
        dev->memory[count].bytes = a->backing->memory;
        dev->memory[count].size_bytes = a->backing->size;
        count++;
    }
    return count;
}

static void note_fence(struct aerort_kmt_device *dev, UINT n, uint64_t fence)
{
    UINT i;
    dev->last_fence = fence;
    for (i = 0; i < n; i++) {
        struct kmt_alloc *a = alloc_of_kmd(dev, dev->klist[i].hDeviceSpecificAllocation);
        if (a == NULL)
            continue;
        kmt_fence_raise(&a->backing->last_fence, fence);
        if (dev->klist[i].WriteOperation)
            kmt_fence_raise(&a->backing->last_write_fence, fence);
    }
}

/* One DMA buffer the KMD filled: to the recorder and the GPU. */
static HRESULT submit_dma(struct aerort_kmt_device *dev, struct kmt_context *c, uint32_t bytes,
                          UINT n)
{
    struct kmt_submission s;
    uint64_t fence = 0;
    HRESULT hr = order_after_writes(dev, n);
    if (hr != S_OK)
        return hr;
    memset(&s, 0, sizeof s);
    s.stream = c->dma;
    s.stream_len = bytes;
    s.alloc_table = dev->kmd.alloc_table;
    s.alloc_table_len = dev->kmd.last_alloc_table_bytes;
    s.memory = dev->memory;
    s.memory_count = memory_records(dev, n);
    s.context_id = dev->context_id;
    hr = kmt_link_submit(dev->link, &s, &fence);
    if (hr == AERORT_D3DDDIERR_DEVICEREMOVED)
        dev->lost = hr;
    if (hr == S_OK)
        note_fence(dev, n, fence);
    return hr;
}

static HRESULT render_locked(struct aerort_kmt_device *dev, struct kmt_context *c,
                             const D3DDDICB_RENDER *r)
{
    AEROGPU_DXGKARG_RENDER k;
    AEROGPU_NTSTATUS st;
    HRESULT hr = kernel_list(dev, c, r->NumAllocations);
    memset(&k, 0, sizeof k);
    k.pCommand = c->cmd + r->CommandOffset;
    k.CommandLength = r->CommandLength;
    k.DmaSize = KMT_CMD_BYTES;
    k.pAllocationList = dev->klist;
    k.AllocationListSize = r->NumAllocations;
    while (hr == S_OK) {
        k.pDmaBuffer = c->dma;
        st = aerogpu_kmd_render(&dev->kmd, &k);
        if (st != KMT_STATUS_SUCCESS && st != KMT_STATUS_INSUFFICIENT_DMA) {
            aerort_log("DxgkDdiRender refused a command buffer (status 0x%08lx): device lost",
                       (unsigned long)st);
            dev->lost = AERORT_D3DDDIERR_DEVICEREMOVED;
            return dev->lost;
        }
        hr = submit_dma(dev, c, (uint32_t)((uint8_t *)k.pDmaBuffer - c->dma), r->NumAllocations);
        if (st == KMT_STATUS_SUCCESS)
            break;
    }
    return hr;
}

HRESULT aerort_kmt_render(struct aerort_kmt_device *dev, D3DDDICB_RENDER *r)
{
    struct kmt_context *c;
    HRESULT hr;
    EnterCriticalSection(&dev->lock);
    c = context_of(dev, r->hContext);
    if (c == NULL || r->CommandLength > KMT_CMD_BYTES ||
        r->CommandOffset > KMT_CMD_BYTES - r->CommandLength ||
        r->NumAllocations > KMT_LIST_ENTRIES || r->NumPatchLocations > KMT_PATCH_ENTRIES)
        hr = E_INVALIDARG;
    else if (kmt_lost(dev) != S_OK)
        hr = dev->lost;
    else
        hr = render_locked(dev, c, r);
    if (c != NULL && hr == S_OK)
        hand_out(c, &r->pNewCommandBuffer, &r->NewCommandBufferSize, &r->pNewAllocationList,
                 &r->NewAllocationListSize, &r->pNewPatchLocationList,
                 &r->NewPatchLocationListSize);
    LeaveCriticalSection(&dev->lock);
    return hr;
}
