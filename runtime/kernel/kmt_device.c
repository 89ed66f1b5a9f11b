/* SPDX-License-Identifier: MIT */
/* kmt_device.c — the kernel device: its allocations and contexts over the process's adapter
 * (kmt_adapter.c: the GPU link and the KMD's validator), the adapter facts and the waits
 * that are the kernel's (idle, present throttling). */
#include <string.h>

#include "aerogpu_pci.h"
#include "aerogpu_umd_private.h"
#include "kmt_internal.h"

/* What the AeroGPU KMD answers from the device's registers: the host's ABI (ours), the
 * transfer feature (copies that write guest memory back: readbacks). */
HRESULT aerort_kmt_query_adapter_info(const D3DDDICB_QUERYADAPTERINFO *q)
{
    struct aerogpu_umd_private_v1 info;
    if (q == NULL || q->pPrivateDriverData == NULL || q->PrivateDriverDataSize < sizeof info)
        return E_INVALIDARG;
    memset(&info, 0, sizeof info);
    info.size_bytes = sizeof info;
    info.struct_version = AEROGPU_UMDPRIV_STRUCT_VERSION_V1;
    info.device_mmio_magic = AEROGPU_UMDPRIV_MMIO_MAGIC_NEW_AGPU;
    info.device_abi_version_u32 = AEROGPU_ABI_VERSION_U32;
    info.device_features = AEROGPU_FEATURE_TRANSFER;
    memcpy(q->pPrivateDriverData, &info, sizeof info);
    return S_OK;
}

static void device_free(struct aerort_kmt_device *dev)
{
    HeapFree(GetProcessHeap(), 0, dev->allocs);
    DeleteCriticalSection(&dev->lock);
    HeapFree(GetProcessHeap(), 0, dev);
}

HRESULT aerort_kmt_open_device(struct aerort_kmt_device **out)
{
    struct aerort_kmt_device *dev;
    HRESULT hr;
    *out = NULL;
    dev = (struct aerort_kmt_device *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *dev);
    if (dev == NULL)
        return E_OUTOFMEMORY;
    InitializeCriticalSection(&dev->lock);
    hr = kmt_adapter_acquire(&dev->adapter);
    if (FAILED(hr)) {
        device_free(dev);
        return hr;
    }
    dev->recorder = kmt_record_open();
    *out = dev;
    return S_OK;
}

void aerort_kmt_close_device(struct aerort_kmt_device *dev)
{
    uint32_t i;
    if (dev == NULL)
        return;
    EnterCriticalSection(&dev->lock);
    if (dev->lost == S_OK && dev->last_fence != 0)
        kmt_wait(dev, dev->last_fence, KMT_WAIT_MS);
    for (i = 0; i < dev->alloc_count; i++)
        if (dev->allocs[i].in_use)
            kmt_alloc_free(dev, &dev->allocs[i]);
    LeaveCriticalSection(&dev->lock);
    kmt_record_close(dev->recorder);
    for (i = 0; i < KMT_MAX_CONTEXTS; i++) {
        struct kmt_context *c = &dev->contexts[i];
        HeapFree(GetProcessHeap(), 0, c->cmd);
        HeapFree(GetProcessHeap(), 0, c->list);
        HeapFree(GetProcessHeap(), 0, c->patch);
        HeapFree(GetProcessHeap(), 0, c->dma);
    }
    kmt_adapter_release(dev->adapter);
    device_free(dev);
}

/* The link is the adapter's: waits take its lock (the host client is one connection). A
 * link lost is every device's loss, as a GPU reset is on Windows. */
HRESULT kmt_wait(struct aerort_kmt_device *dev, uint64_t fence, uint32_t timeout_ms)
{
    struct kmt_adapter *ad = dev->adapter;
    HRESULT hr = S_OK;
    if (dev->lost != S_OK)
        return dev->lost;
    if (fence == 0)
        return S_OK;
    EnterCriticalSection(&ad->lock);
    if (ad->lost != S_OK)
        hr = ad->lost;
    else
        hr = kmt_link_wait(ad->link, fence, timeout_ms);
    if (hr == AERORT_D3DERR_WASSTILLDRAWING && timeout_ms == KMT_WAIT_MS) {
        aerort_log("fence %llu did not complete within %u ms: device lost",
                   (unsigned long long)fence, timeout_ms);
        hr = AERORT_D3DDDIERR_DEVICEREMOVED;
    }
    if (hr == AERORT_D3DDDIERR_DEVICEREMOVED)
        dev->lost = ad->lost = hr;
    LeaveCriticalSection(&ad->lock);
    return hr;
}

HRESULT aerort_kmt_wait_idle(struct aerort_kmt_device *dev)
{
    HRESULT hr;
    EnterCriticalSection(&dev->lock);
    hr = kmt_wait(dev, dev->last_fence, KMT_WAIT_MS);
    LeaveCriticalSection(&dev->lock);
    return hr;
}

HRESULT aerort_kmt_device_state(struct aerort_kmt_device *dev)
{
    return dev->lost != S_OK ? dev->lost : dev->adapter->lost;
}

/* The present's work was submitted just before (its fence is the last one); DXGI lets at
 * most `latency` presents be in flight. */
HRESULT aerort_kmt_present(struct aerort_kmt_device *dev, const DXGIDDICB_PRESENT *p, UINT latency)
{
    uint32_t slot, n;
    HRESULT hr = S_OK;
    if (p == NULL || kmt_alloc_of(dev, p->hSrcAllocation) == NULL)
        return E_INVALIDARG;
    EnterCriticalSection(&dev->lock);
    n = sizeof dev->present_fences / sizeof dev->present_fences[0];
    latency = latency == 0 ? 3u : latency > n ? n : latency;
    slot = dev->present_count % n;
    dev->present_fences[slot] = dev->last_fence;
    dev->present_count++;
    if (dev->present_count > latency)
        hr = kmt_wait(dev, dev->present_fences[(dev->present_count - 1u - latency) % n],
                      KMT_WAIT_MS);
    LeaveCriticalSection(&dev->lock);
    return hr == AERORT_D3DDDIERR_DEVICEREMOVED ? hr : S_OK;
}
