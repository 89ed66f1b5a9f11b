/* SPDX-License-Identifier: MIT */
/* kmt_alloc.c — allocations as the video memory manager and the KMD make them: the KMD's
 * DxgkDdiCreateAllocation judges the private data and decides the size; the memory is
 * this process's (the guest memory a submission sends to the host), one backing for the
 * allocation and each of its openings on any device of the process; a lock waits until every
 * submission listing the allocation has completed (VidMm's rule on Windows 7), or with DonotWait
 * answers D3DERR_WASSTILLDRAWING. */
#include <string.h>

#include "kmt_internal.h"

#define KMT_GPA_ALIGN 0x10000ull
#define KMT_GPA_BASE  0x100000000ull

/* The next guest address: the process's, since every device's allocations live in the one
 * connection's address space and must never overlap (offset from KMT_GPA_BASE). */
static volatile LONG64 gpa_next;

uint64_t kmt_fence_get(volatile LONG64 *f)
{
    return (uint64_t)InterlockedCompareExchange64(f, 0, 0);
}

/* Another device may note a later fence between this one's submission and its note. */
void kmt_fence_raise(volatile LONG64 *f, uint64_t fence)
{
    LONG64 seen = InterlockedCompareExchange64(f, 0, 0);
    while ((uint64_t)seen < fence) {
        LONG64 was = InterlockedCompareExchange64(f, (LONG64)fence, seen);
        if (was == seen)
            break;
        seen = was;
    }
}

struct kmt_alloc *kmt_alloc_of(struct aerort_kmt_device *dev, D3DKMT_HANDLE h)
{
    if (h == 0 || h > dev->alloc_count || !dev->allocs[h - 1u].in_use)
        return NULL;
    return &dev->allocs[h - 1u];
}

struct kmt_alloc *kmt_alloc_slot(struct aerort_kmt_device *dev, D3DKMT_HANDLE *h)
{
    uint32_t i;
    for (i = 0; i < dev->alloc_count; i++)
        if (!dev->allocs[i].in_use)
            break;
    if (i == dev->alloc_cap) {
        uint32_t cap = dev->alloc_cap ? dev->alloc_cap * 2u : 256u;
        void *grown = dev->allocs == NULL
                          ? HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, cap * sizeof *dev->allocs)
                          : HeapReAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, dev->allocs,
                                        cap * sizeof *dev->allocs);
        if (grown == NULL)
            return NULL;
        dev->allocs = (struct kmt_alloc *)grown;
        dev->alloc_cap = cap;
    }
    if (i == dev->alloc_count)
        dev->alloc_count++;
    *h = i + 1u;
    memset(&dev->allocs[i], 0, sizeof dev->allocs[i]);
    return &dev->allocs[i];
}

static struct kmt_backing *backing_new(uint64_t size)
{
    LONG64 span = (LONG64)((size + KMT_GPA_ALIGN - 1u) & ~(KMT_GPA_ALIGN - 1u));
    struct kmt_backing *b =
        (struct kmt_backing *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *b);
    if (b == NULL)
        return NULL;
    b->memory =
        (uint8_t *)VirtualAlloc(NULL, (SIZE_T)size, MEM_COMMIT | MEM_RESERVE, PAGE_READWRITE);
    if (b->memory == NULL) {
        HeapFree(GetProcessHeap(), 0, b);
        return NULL;
    }
    b->refs = 1;
    b->size = size;
    b->gpa = KMT_GPA_BASE + (uint64_t)(InterlockedExchangeAdd64(&gpa_next, span));
    return b;
}

static HRESULT create_one(struct aerort_kmt_device *dev, D3DDDI_ALLOCATIONINFO *info)
{
    struct kmt_alloc *a;
    D3DKMT_HANDLE h;
    AEROGPU_NTSTATUS st;
    a = kmt_alloc_slot(dev, &h);
    if (a == NULL)
        return E_OUTOFMEMORY;
    st = aerogpu_kmd_create_allocation(&dev->platform, info->pPrivateDriverData,
                                       info->PrivateDriverDataSize, 0, &a->kmd);
    if (st != 0) {
        aerort_log("DxgkDdiCreateAllocation refused the private data (status 0x%08lx)",
                   (unsigned long)st);
        return E_INVALIDARG;
    }
    a->kmd.size_bytes = a->kmd.info.size_bytes;
    if (a->kmd.size_bytes == 0 || a->kmd.size_bytes > ((uint64_t)1 << 32))
        return E_INVALIDARG;
    a->backing = backing_new(a->kmd.size_bytes);
    if (a->backing == NULL)
        return E_OUTOFMEMORY;
    a->in_use = 1;
    info->hAllocation = h;
    return S_OK;
}

/* A resource's allocations (hResource set: the driver's shareable resources) make a kernel
 * resource that keeps what Windows keeps of them (kmt_share.c). */
HRESULT aerort_kmt_allocate(struct aerort_kmt_device *dev, D3DDDICB_ALLOCATE *a)
{
    HRESULT hr = S_OK;
    UINT i, made = 0;
    if (a == NULL || a->NumAllocations == 0 || a->pAllocationInfo == NULL)
        return E_INVALIDARG;
    EnterCriticalSection(&dev->lock);
    for (i = 0; i < a->NumAllocations && SUCCEEDED(hr); i++) {
        hr = create_one(dev, &a->pAllocationInfo[i]);
        made += SUCCEEDED(hr) ? 1u : 0u;
    }
    if (SUCCEEDED(hr) && a->hResource != NULL)
        hr = kmt_resource_create(dev, a);
    for (i = 0; FAILED(hr) && i < made; i++)
        kmt_alloc_free(dev, kmt_alloc_of(dev, a->pAllocationInfo[i].hAllocation));
    LeaveCriticalSection(&dev->lock);
    return hr;
}

/* The memory goes when the GPU is done with it (VidMm defers the free; here the CPU waits,
 * which keeps the memory a submission in flight sent valid until its fence) and nothing
 * else (an opening of a shared resource on any device, the kernel resource) names it. The
 * last reference is the only one, so its fence cannot rise any more; every device that
 * named the memory is on `dev`'s link (kmt_share.c opens only there). */
void kmt_backing_unref(struct aerort_kmt_device *dev, struct kmt_backing *b)
{
    uint64_t fence;
    if (b == NULL || InterlockedDecrement(&b->refs) != 0)
        return;
    fence = kmt_fence_get(&b->last_fence);
    if (fence != 0)
        kmt_wait(dev, fence, KMT_WAIT_MS);
    VirtualFree(b->memory, 0, MEM_RELEASE);
    HeapFree(GetProcessHeap(), 0, b);
}

void kmt_alloc_free(struct aerort_kmt_device *dev, struct kmt_alloc *a)
{
    kmt_backing_unref(dev, a->backing);
    if (a->resource != NULL)
        kmt_resource_unref(dev, a->resource);
    memset(a, 0, sizeof *a);
}

HRESULT aerort_kmt_deallocate(struct aerort_kmt_device *dev, const D3DDDICB_DEALLOCATE *d)
{
    HRESULT hr = S_OK;
    UINT i;
    if (d == NULL || (d->NumAllocations != 0 && d->HandleList == NULL))
        return E_INVALIDARG;
    EnterCriticalSection(&dev->lock);
    for (i = 0; i < d->NumAllocations; i++) {
        struct kmt_alloc *a = kmt_alloc_of(dev, d->HandleList[i]);
        if (a == NULL)
            hr = E_INVALIDARG;
        else
            kmt_alloc_free(dev, a);
    }
    LeaveCriticalSection(&dev->lock);
    return hr;
}

/* Submissions listing any allocation on the same memory count (an opening of a shared
 * resource and its creator's allocation are one memory), whichever device sent them. */
HRESULT aerort_kmt_lock(struct aerort_kmt_device *dev, D3DDDICB_LOCK *l)
{
    struct kmt_alloc *a;
    HRESULT hr;
    if (l == NULL)
        return E_INVALIDARG;
    EnterCriticalSection(&dev->lock);
    a = kmt_alloc_of(dev, l->hAllocation);
    if (a == NULL)
        hr = E_INVALIDARG;
    else
        hr = kmt_wait(dev, kmt_fence_get(&a->backing->last_fence),
                      l->Flags.DonotWait ? 0u : KMT_WAIT_MS);
    if (hr == S_OK) {
        a->lock_count++;
        l->pData = a->backing->memory;
    }
    LeaveCriticalSection(&dev->lock);
    return hr;
}

HRESULT aerort_kmt_unlock(struct aerort_kmt_device *dev, const D3DDDICB_UNLOCK *u)
{
    HRESULT hr = S_OK;
    UINT i;
    if (u == NULL || (u->NumAllocations != 0 && u->phAllocations == NULL))
        return E_INVALIDARG;
    EnterCriticalSection(&dev->lock);
    for (i = 0; i < u->NumAllocations; i++) {
        struct kmt_alloc *a = kmt_alloc_of(dev, u->phAllocations[i]);
        if (a == NULL || a->lock_count == 0)
            hr = E_INVALIDARG;
        else
            a->lock_count--;
    }
    LeaveCriticalSection(&dev->lock);
    return hr;
}
