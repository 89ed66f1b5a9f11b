/* SPDX-License-Identifier: MIT */
/* fake_runtime.c — the runtime's callbacks, forwarding submissions and guest memory to
 * libaerocmd's in-memory fake, which plays the kernel driver and the emulator.
 *
 * Synchronisation as on Windows 7: a submission stays incomplete until the CPU waits for
 * it, and the only CPU wait is pfnLockCb, which the fake's win7_locks mode plays like the
 * video memory manager: it knows which allocations each pfnRenderCb listed; without
 * DonotWait a lock of a busy allocation completes the submissions listing it (no GPU here:
 * the emulator already ran them), with DonotWait it fails with D3DERR_WASSTILLDRAWING. */
#include <stdlib.h>
#include <string.h>

#include "aerogpu_umd_private.h"
#include "aerogpu_wddm_alloc.h"
#include "harness.h"
#include "shim_dma_private.h"

#define FAKE_D3DERR_WASSTILLDRAWING ((HRESULT)0x8876021CL)

static void *heap_resize(void *user, void *ptr, size_t old_size, size_t new_size)
{
    (void)user;
    (void)old_size;
    return realloc(ptr, new_size);
}

static void heap_release(void *user, void *ptr, size_t size)
{
    (void)user;
    (void)size;
    free(ptr);
}

static struct fake_runtime *rt_of(HANDLE h)
{
    return (struct fake_runtime *)h;
}

static HRESULT APIENTRY query_adapter_info(HANDLE h, CONST D3DDDICB_QUERYADAPTERINFO *q)
{
    struct aerogpu_umd_private_v1 info;
    memset(&info, 0, sizeof info);
    info.size_bytes = sizeof info;
    info.struct_version = AEROGPU_UMDPRIV_STRUCT_VERSION_V1;
    info.device_mmio_magic = AEROGPU_UMDPRIV_MMIO_MAGIC_NEW_AGPU;
    info.device_abi_version_u32 = rt_of(h)->abi_version;
    info.device_features = AEROGPU_FEATURE_TRANSFER;
    if (q->PrivateDriverDataSize < sizeof info)
        return E_INVALIDARG;
    memcpy(q->pPrivateDriverData, &info, sizeof info);
    return S_OK;
}

/* A fresh DMA buffer: the same memory, scribbled so stale bytes would show. */
static void hand_out_buffers(struct fake_runtime *rt, void **cmd, UINT *cmd_size,
                             D3DDDI_ALLOCATIONLIST **list, UINT *list_size,
                             D3DDDI_PATCHLOCATIONLIST **patch, UINT *patch_size)
{
    memset(rt->dma, 0xCD, sizeof rt->dma);
    memset(rt->alloc_list, 0xCD, sizeof rt->alloc_list);
    *cmd = rt->dma;
    *cmd_size = sizeof rt->dma;
    *list = rt->alloc_list;
    *list_size = FAKE_ALLOC_LIST;
    *patch = rt->patch_list;
    *patch_size = 4;
}

static HRESULT APIENTRY create_context(HANDLE h, D3DDDICB_CREATECONTEXT *c)
{
    struct fake_runtime *rt = rt_of(h);
    c->hContext = (HANDLE)&rt->kt; /* unlike any device or runtime handle */
    rt->context_made = c->hContext;
    hand_out_buffers(rt, &c->pCommandBuffer, &c->CommandBufferSize, &c->pAllocationList,
                     &c->AllocationListSize, &c->pPatchLocationList, &c->PatchLocationListSize);
    return S_OK;
}

static HRESULT APIENTRY destroy_context(HANDLE h, CONST D3DDDICB_DESTROYCONTEXT *c)
{
    (void)h;
    (void)c;
    return S_OK;
}

/* The fence is the submission's number on this context (this runtime's render calls). */
static int check_private(const D3DDDICB_RENDER *r, uint64_t want_fence)
{
    const struct shim_dma_private *p = (const struct shim_dma_private *)r->pPrivateDriverData;
    return p != NULL && r->PrivateDriverDataSize == sizeof *p &&
           p->magic == SHIM_DMA_PRIVATE_MAGIC && p->version == SHIM_DMA_PRIVATE_VERSION &&
           p->fence == want_fence;
}

/* What the kernel does: the allocation list becomes alloc references, the stream goes to
 * the emulator. */
static HRESULT APIENTRY render(HANDLE h, D3DDDICB_RENDER *r)
{
    struct fake_runtime *rt = rt_of(h);
    struct aerocmd_umd_cmd_buffer buf;
    struct aerocmd_umd_submission sub;
    const struct shim_dma_private *priv = (const struct shim_dma_private *)r->pPrivateDriverData;
    uint64_t fence = 0;
    UINT i;
    rt->render_calls++;
    if (FAILED(rt->render_result))
        return rt->render_result;
    if (r->CommandLength > FAKE_DMA_BYTES || r->NumAllocations > FAKE_ALLOC_LIST ||
        r->NumPatchLocations != 0 || r->CommandOffset != 0 ||
        rt->emu_cb.acquire_buffer(rt->emu_cb.user, &buf) != AEROCMD_OK)
        return E_INVALIDARG;
    memcpy(buf.bytes, rt->dma, r->CommandLength);
    for (i = 0; i < r->NumAllocations; i++) {
        UINT idx = rt->alloc_list[i].hAllocation - 1u;
        if (idx >= rt->memory_count)
            return E_INVALIDARG;
        buf.allocs[i].os_handle = rt->memory[idx].os_handle;
        buf.allocs[i].alloc_id = rt->memory[idx].alloc_id;
        buf.allocs[i].flags = rt->alloc_list[i].WriteOperation ? AEROCMD_UMD_ALLOC_REF_WRITE : 0u;
    }
    memset(&sub, 0, sizeof sub);
    sub.buffer = buf;
    sub.cmd_bytes = r->CommandLength;
    sub.alloc_count = r->NumAllocations;
    sub.flags = (priv != NULL && (priv->flags & SHIM_DMA_PRIVATE_PRESENT))
                    ? AEROCMD_UMD_SUBMIT_PRESENT
                    : 0u;
    if (rt->emu_cb.submit(rt->emu_cb.user, &sub, &fence) != AEROCMD_OK)
        return E_FAIL;
    if (!check_private(r, rt->render_calls))
        rt->bad_private++;
    hand_out_buffers(rt, &r->pNewCommandBuffer, &r->NewCommandBufferSize, &r->pNewAllocationList,
                     &r->NewAllocationListSize, &r->pNewPatchLocationList,
                     &r->NewPatchLocationListSize);
    return S_OK;
}

/* What the kernel does at DxgkDdiCreateAllocation (the host fake plays it on the private
 * data, in place: a shared allocation gets its token written into the driver's blob). */
static HRESULT APIENTRY allocate(HANDLE h, D3DDDICB_ALLOCATE *a)
{
    struct fake_runtime *rt = rt_of(h);
    D3DDDI_ALLOCATIONINFO *info = a->pAllocationInfo;
    struct aerogpu_wddm_alloc_priv priv;
    struct aerocmd_umd_memory *m;
    if (a->NumAllocations != 1 || rt->memory_count == FAKE_MAX_MEMORY || info == NULL ||
        info->pPrivateDriverData == NULL || info->PrivateDriverDataSize < sizeof priv)
        return E_INVALIDARG;
    memcpy(&priv, info->pPrivateDriverData, sizeof priv);
    if (priv.magic != AEROGPU_WDDM_ALLOC_PRIV_MAGIC || priv.alloc_id == 0)
        return E_INVALIDARG;
    m = &rt->memory[rt->memory_count];
    memset(m, 0, sizeof *m);
    m->alloc_id = priv.alloc_id;
    m->size_bytes = priv.size_bytes;
    m->flags =
        ((priv.flags & AEROGPU_WDDM_ALLOC_PRIV_FLAG_CPU_VISIBLE) ? AEROCMD_UMD_MEMORY_CPU_VISIBLE
                                                                 : 0u) |
        ((priv.flags & AEROGPU_WDDM_ALLOC_PRIV_FLAG_STAGING) ? AEROCMD_UMD_MEMORY_STAGING : 0u);
    m->private_data = info->pPrivateDriverData;
    m->private_data_bytes = info->PrivateDriverDataSize;
    if (rt->emu_cb.allocate_memory(rt->emu_cb.user, m) != AEROCMD_OK)
        return E_OUTOFMEMORY;
    m->private_data = NULL;
    m->private_data_bytes = 0;
    rt->memory_resource[rt->memory_count] = a->hResource;
    rt->memory_primary[rt->memory_count] = info->Flags.Primary;
    rt->memory_vidpn[rt->memory_count] = info->VidPnSourceId;
    rt->memory_count++;
    info->hAllocation = rt->memory_count;
    return S_OK;
}

D3DKMT_HANDLE fake_runtime_open_allocation(struct fake_runtime *rt,
                                           const struct aerocmd_umd_memory *m)
{
    if (!CHECK(rt->memory_count < FAKE_MAX_MEMORY))
        return 0;
    rt->memory[rt->memory_count] = *m;
    rt->memory_resource[rt->memory_count] = NULL;
    return ++rt->memory_count;
}

static struct aerocmd_umd_memory *memory_of(struct fake_runtime *rt, D3DKMT_HANDLE h)
{
    return h >= 1u && h <= rt->memory_count ? &rt->memory[h - 1u] : NULL;
}

static HRESULT APIENTRY deallocate(HANDLE h, CONST D3DDDICB_DEALLOCATE *d)
{
    struct fake_runtime *rt = rt_of(h);
    UINT i;
    for (i = 0; i < d->NumAllocations; i++) {
        struct aerocmd_umd_memory *m = memory_of(rt, d->HandleList[i]);
        if (m == NULL)
            return E_INVALIDARG;
        rt->emu_cb.free_memory(rt->emu_cb.user, m);
        rt->memory_freed[d->HandleList[i] - 1u] = 1;
    }
    return S_OK;
}

static HRESULT APIENTRY lock(HANDLE h, D3DDDICB_LOCK *l)
{
    struct fake_runtime *rt = rt_of(h);
    struct aerocmd_umd_memory *m = memory_of(rt, l->hAllocation);
    uint32_t flags = l->Flags.DonotWait ? AEROCMD_UMD_LOCK_DO_NOT_WAIT : 0u;
    aerocmd_result r;
    if (m == NULL)
        return E_INVALIDARG;
    r = rt->emu_cb.lock_memory(rt->emu_cb.user, m, flags, &l->pData);
    if (r == AEROCMD_E_STILL_DRAWING)
        return FAKE_D3DERR_WASSTILLDRAWING;
    return r == AEROCMD_OK ? S_OK : E_INVALIDARG;
}

static HRESULT APIENTRY unlock(HANDLE h, CONST D3DDDICB_UNLOCK *u)
{
    struct fake_runtime *rt = rt_of(h);
    UINT i;
    for (i = 0; i < u->NumAllocations; i++) {
        struct aerocmd_umd_memory *m = memory_of(rt, u->phAllocations[i]);
        if (m == NULL)
            return E_INVALIDARG;
        rt->emu_cb.unlock_memory(rt->emu_cb.user, m);
    }
    return S_OK;
}

static HRESULT APIENTRY create_sync(HANDLE h, D3DDDICB_CREATESYNCHRONIZATIONOBJECT *s)
{
    (void)h;
    s->hSyncObject = 0x5150;
    return S_OK;
}

/* On Windows 7 this queues a GPU-side wait in the context's stream, not a CPU wait: the
 * fake only counts the calls (the driver should make none). */
static HRESULT APIENTRY wait_sync(HANDLE h, CONST D3DDDICB_WAITFORSYNCHRONIZATIONOBJECT *w)
{
    struct fake_runtime *rt = rt_of(h);
    rt->wait_calls++;
    return w->ObjectCount == 1 && w->ObjectHandleArray[0] == 0x5150 ? S_OK : E_INVALIDARG;
}

static void APIENTRY set_error(D3D10DDI_HRTCORELAYER core, HRESULT hr)
{
    struct fake_runtime *rt = (struct fake_runtime *)core.handle;
    rt->last_error = hr;
    rt->error_count++;
}

static HRESULT APIENTRY dxgi_present_cb(HANDLE h, DXGIDDICB_PRESENT *p)
{
    struct fake_runtime *rt = rt_of(h);
    if (rt->present_cb_calls < FAKE_PRESENTS) {
        rt->present_src[rt->present_cb_calls] = p->hSrcAllocation;
        rt->present_dst[rt->present_cb_calls] = p->hDstAllocation;
    }
    rt->present_dxgi_context = p->pDXGIContext;
    rt->present_context = p->hContext;
    rt->present_broadcast_count = p->BroadcastContextCount;
    rt->present_render_calls = rt->render_calls;
    rt->present_cb_calls++;
    return rt->present_result;
}

void fake_runtime_init(struct fake_runtime *rt)
{
    memset(rt, 0, sizeof *rt);
    rt->alloc.resize = heap_resize;
    rt->alloc.release = heap_release;
    CHECK_EQ(aerocmd_umd_fake_init(&rt->emu, &rt->alloc, FAKE_ABI_VERSION, FAKE_DMA_BYTES,
                                   FAKE_ALLOC_LIST),
             AEROCMD_OK);
    rt->emu.win7_locks = 1;
    rt->emu.hold_fences = 1;
    /* Every submission keeps its listed allocations' guest memory as it was then, for the
     * recordings' .mem files (record.c). */
    rt->emu.keep_memory = 1;
    rt->host = &rt->emu;
    rt->abi_version = FAKE_ABI_VERSION;
    aerocmd_umd_fake_callbacks(&rt->emu, &rt->emu_cb);
    {
        void *guard = FAKE_DXGI_GUARD;
        memcpy(&rt->dxgi.pfnResolveSharedResource, &guard, sizeof guard);
    }
    rt->dxgi_guard = FAKE_DXGI_GUARD;
    rt->adapter_cb.pfnQueryAdapterInfoCb = query_adapter_info;
    rt->kt.pfnAllocateCb = allocate;
    rt->kt.pfnDeallocateCb = deallocate;
    rt->kt.pfnRenderCb = render;
    rt->kt.pfnLockCb = lock;
    rt->kt.pfnUnlockCb = unlock;
    rt->kt.pfnCreateContextCb = create_context;
    rt->kt.pfnDestroyContextCb = destroy_context;
    rt->kt.pfnCreateSynchronizationObjectCb = create_sync;
    rt->kt.pfnWaitForSynchronizationObjectCb = wait_sync;
    rt->core.pfnSetErrorCb = set_error;
    rt->dxgi_cb.pfnPresentCb = dxgi_present_cb;
}

void fake_runtime_share_host(struct fake_runtime *rt, struct fake_runtime *host)
{
    rt->host = host->host;
    rt->emu_cb = host->emu_cb;
}

void fake_runtime_release(struct fake_runtime *rt)
{
    aerocmd_umd_fake_release(&rt->emu);
}
