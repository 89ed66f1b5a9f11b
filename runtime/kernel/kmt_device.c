/* SPDX-License-Identifier: MIT */
/* kmt_device.c — the kernel device: its KMD state (validator, allocation list, table), its
 * context on the process's GPU link, the adapter facts and the waits that are the kernel's
 * (idle, present throttling). */
#include <stdlib.h>
#include <string.h>

#include "aerocmd/semantic.h"
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

/* The KMD shim's platform: user memory is this process's memory; share tokens from a
 * process-wide counter seeded from the clock (as the driver seeds its global). */
static int copy_from_user(void *ctx, void *dst, const void *src, size_t len)
{
    (void)ctx;
    memcpy(dst, src, len);
    return 0;
}

static uint64_t next_share_token(void *ctx)
{
    static volatile LONG64 counter;
    (void)ctx;
    if (counter == 0)
        InterlockedCompareExchange64(&counter, (LONG64)GetTickCount64() << 20, 0);
    return (uint64_t)InterlockedIncrement64(&counter);
}

static HRESULT kmd_init(struct aerort_kmt_device *dev)
{
    size_t tracker_bytes = aerocmd_semantic_bytes_for(KMT_TRACKER_OBJECTS);
    size_t table_bytes = aerocmd_kmd_render_table_bytes_for(KMT_LIST_ENTRIES);
    dev->tracker = HeapAlloc(GetProcessHeap(), 0, tracker_bytes);
    dev->kmd.refs = (struct aerocmd_kmd_alloc_ref *)HeapAlloc(
        GetProcessHeap(), 0, KMT_LIST_ENTRIES * sizeof *dev->kmd.refs);
    dev->kmd.alloc_table = HeapAlloc(GetProcessHeap(), 0, table_bytes);
    if (dev->tracker == NULL || dev->kmd.refs == NULL || dev->kmd.alloc_table == NULL)
        return E_OUTOFMEMORY;
    if (aerocmd_kmd_validator_init(&dev->validator, dev->tracker, tracker_bytes) != AEROCMD_OK)
        return E_FAIL;
    dev->platform.copy_from_user = copy_from_user;
    dev->platform.next_share_token = next_share_token;
    dev->kmd.validator = &dev->validator;
    dev->kmd.refs_capacity = KMT_LIST_ENTRIES;
    dev->kmd.alloc_table_bytes = table_bytes;
    dev->kmd.platform = &dev->platform;
    aerocmd_kmd_policy_default(&dev->kmd.policy, AEROGPU_ABI_VERSION_U32);
    return S_OK;
}

static void device_free(struct aerort_kmt_device *dev)
{
    HeapFree(GetProcessHeap(), 0, dev->tracker);
    HeapFree(GetProcessHeap(), 0, dev->kmd.refs);
    HeapFree(GetProcessHeap(), 0, dev->kmd.alloc_table);
    HeapFree(GetProcessHeap(), 0, dev->allocs);
    DeleteCriticalSection(&dev->lock);
    HeapFree(GetProcessHeap(), 0, dev);
}

HRESULT aerort_kmt_open_device(struct aerort_kmt_device **out)
{
    struct aerort_kmt_device *dev;
    const char *address = getenv("AEROCMD_HOST");
    HRESULT hr;
    *out = NULL;
    dev = (struct aerort_kmt_device *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *dev);
    if (dev == NULL)
        return E_OUTOFMEMORY;
    InitializeCriticalSection(&dev->lock);
    hr = kmd_init(dev);
    if (SUCCEEDED(hr) && (address == NULL || address[0] == '\0')) {
        aerort_log("AEROCMD_HOST is not set: no GPU to run on (scripts/run-d3d11-program.sh "
                   "starts a host and sets it)");
        hr = E_FAIL;
    }
    if (SUCCEEDED(hr))
        hr = kmt_link_acquire(&dev->link, &dev->context_id, address);
    if (FAILED(hr)) {
        device_free(dev);
        return hr;
    }
    *out = dev;
    return S_OK;
}

void aerort_kmt_close_device(struct aerort_kmt_device *dev)
{
    uint32_t i;
    if (dev == NULL)
        return;
    EnterCriticalSection(&dev->lock);
    if (dev->last_fence != 0)
        kmt_wait(dev, dev->last_fence, KMT_WAIT_MS);
    for (i = 0; i < dev->alloc_count; i++) /* their kernel resources leave the table too */
        if (dev->allocs[i].in_use)
            kmt_alloc_free(dev, &dev->allocs[i]);
    LeaveCriticalSection(&dev->lock);
    kmt_link_release(dev->link, dev->context_id);
    for (i = 0; i < KMT_MAX_CONTEXTS; i++) {
        struct kmt_context *c = &dev->contexts[i];
        HeapFree(GetProcessHeap(), 0, c->cmd);
        HeapFree(GetProcessHeap(), 0, c->list);
        HeapFree(GetProcessHeap(), 0, c->patch);
        HeapFree(GetProcessHeap(), 0, c->dma);
    }
    device_free(dev);
}

HRESULT kmt_lost(struct aerort_kmt_device *dev)
{
    if (dev->lost == S_OK && kmt_link_is_lost(dev->link))
        dev->lost = AERORT_D3DDDIERR_DEVICEREMOVED;
    return dev->lost;
}

/* A fence that never completes is a hung host: the connection is lost. */
HRESULT kmt_wait(struct aerort_kmt_device *dev, uint64_t fence, uint32_t timeout_ms)
{
    HRESULT hr;
    if (kmt_lost(dev) != S_OK)
        return dev->lost;
    if (fence == 0)
        return S_OK;
    hr = kmt_link_wait(dev->link, fence, timeout_ms);
    if (hr == AERORT_D3DERR_WASSTILLDRAWING && timeout_ms == KMT_WAIT_MS) {
        aerort_log("fence %llu did not complete within %u ms: device lost",
                   (unsigned long long)fence, timeout_ms);
        hr = AERORT_D3DDDIERR_DEVICEREMOVED;
        kmt_link_lose(dev->link);
    }
    if (hr == AERORT_D3DDDIERR_DEVICEREMOVED)
        dev->lost = hr;
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

/* Read without the device's lock: a loss noted on another thread shows at the next call. */
HRESULT aerort_kmt_device_state(struct aerort_kmt_device *dev)
{
    if (dev->lost == S_OK && kmt_link_is_lost(dev->link))
        return AERORT_D3DDDIERR_DEVICEREMOVED;
    return dev->lost;
}

/* The present's work was submitted just before (its fence is the last one); DXGI lets at
 * most `latency` presents be in flight. A windowed present's picture then goes into its
 * window (DXGI's context names it). */
HRESULT aerort_kmt_present(struct aerort_kmt_device *dev, const DXGIDDICB_PRESENT *p, UINT latency)
{
    uint32_t slot, n;
    uint64_t fence;
    HRESULT hr = S_OK;
    if (p == NULL || kmt_alloc_of(dev, p->hSrcAllocation) == NULL)
        return E_INVALIDARG;
    EnterCriticalSection(&dev->lock);
    n = sizeof dev->present_fences / sizeof dev->present_fences[0];
    latency = latency == 0 ? 3u : latency > n ? n : latency;
    slot = dev->present_count % n;
    fence = dev->last_fence;
    dev->present_fences[slot] = fence;
    dev->present_count++;
    if (dev->present_count > latency)
        hr = kmt_wait(dev, dev->present_fences[(dev->present_count - 1u - latency) % n],
                      KMT_WAIT_MS);
    LeaveCriticalSection(&dev->lock);
    if (hr != AERORT_D3DDDIERR_DEVICEREMOVED)
        hr = kmt_window_present(dev, p->pDXGIContext, fence);
    return hr == AERORT_D3DDDIERR_DEVICEREMOVED ? hr : S_OK;
}
