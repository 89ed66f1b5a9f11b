/* SPDX-License-Identifier: MIT */
/* kmt_adapter.c — the kernel's GPU side, one per process as the adapter is one per machine:
 * the host link, the KMD's validator and semantic tracker, guest addresses and the
 * share-token counter. Every kernel device of the process submits through it, so handles,
 * share tokens and fences are one namespace (the protocol's rule: handles are guest-wide;
 * the host gives each connection its own device and imports only tokens it exported).
 * Made with the first device, closed with the last. */
#include <stdlib.h>
#include <string.h>

#include "aerocmd/semantic.h"
#include "kmt_internal.h"

static SRWLOCK adapter_lock = SRWLOCK_INIT;
static struct kmt_adapter *the_adapter;

/* The KMD shim's platform: user memory is this process's memory; share tokens from the
 * adapter's counter, seeded from the clock (as the driver seeds its global). */
static int copy_from_user(void *ctx, void *dst, const void *src, size_t len)
{
    (void)ctx;
    memcpy(dst, src, len);
    return 0;
}

static uint64_t next_share_token(void *ctx)
{
    struct kmt_adapter *ad = (struct kmt_adapter *)ctx;
    return (uint64_t)InterlockedIncrement64(&ad->share_token);
}

static HRESULT kmd_init(struct kmt_adapter *ad)
{
    size_t tracker_bytes = aerocmd_semantic_bytes_for(KMT_TRACKER_OBJECTS);
    size_t table_bytes = aerocmd_kmd_render_table_bytes_for(KMT_LIST_ENTRIES);
    ad->tracker = HeapAlloc(GetProcessHeap(), 0, tracker_bytes);
    ad->kmd.refs = (struct aerocmd_kmd_alloc_ref *)HeapAlloc(
        GetProcessHeap(), 0, KMT_LIST_ENTRIES * sizeof *ad->kmd.refs);
    ad->kmd.alloc_table = HeapAlloc(GetProcessHeap(), 0, table_bytes);
    if (ad->tracker == NULL || ad->kmd.refs == NULL || ad->kmd.alloc_table == NULL)
        return E_OUTOFMEMORY;
    if (aerocmd_kmd_validator_init(&ad->validator, ad->tracker, tracker_bytes) != AEROCMD_OK)
        return E_FAIL;
    ad->platform.copy_from_user = copy_from_user;
    ad->platform.next_share_token = next_share_token;
    ad->platform.ctx = ad;
    ad->share_token = (LONG64)GetTickCount64() << 20;
    ad->kmd.validator = &ad->validator;
    ad->kmd.refs_capacity = KMT_LIST_ENTRIES;
    ad->kmd.alloc_table_bytes = table_bytes;
    ad->kmd.platform = &ad->platform;
    aerocmd_kmd_policy_default(&ad->kmd.policy, AEROGPU_ABI_VERSION_U32);
    return S_OK;
}

static void adapter_free(struct kmt_adapter *ad)
{
    kmt_link_close(ad->link);
    HeapFree(GetProcessHeap(), 0, ad->tracker);
    HeapFree(GetProcessHeap(), 0, ad->kmd.refs);
    HeapFree(GetProcessHeap(), 0, ad->kmd.alloc_table);
    DeleteCriticalSection(&ad->lock);
    HeapFree(GetProcessHeap(), 0, ad);
}

static HRESULT adapter_open(struct kmt_adapter **out)
{
    const char *address = getenv("AEROCMD_HOST");
    struct kmt_adapter *ad;
    HRESULT hr;
    ad = (struct kmt_adapter *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *ad);
    if (ad == NULL)
        return E_OUTOFMEMORY;
    InitializeCriticalSection(&ad->lock);
    ad->next_gpa = 0x100000000ull;
    hr = kmd_init(ad);
    if (SUCCEEDED(hr) && (address == NULL || address[0] == '\0')) {
        aerort_log("AEROCMD_HOST is not set: no GPU to run on (scripts/run-d3d11-program.sh "
                   "starts a host and sets it)");
        hr = E_FAIL;
    }
    if (SUCCEEDED(hr))
        hr = kmt_link_open(&ad->link, address);
    if (FAILED(hr)) {
        adapter_free(ad);
        return hr;
    }
    *out = ad;
    return S_OK;
}

HRESULT kmt_adapter_acquire(struct kmt_adapter **out)
{
    HRESULT hr = S_OK;
    AcquireSRWLockExclusive(&adapter_lock);
    if (the_adapter == NULL)
        hr = adapter_open(&the_adapter);
    if (SUCCEEDED(hr))
        the_adapter->devices++;
    *out = SUCCEEDED(hr) ? the_adapter : NULL;
    ReleaseSRWLockExclusive(&adapter_lock);
    return hr;
}

void kmt_adapter_release(struct kmt_adapter *ad)
{
    if (ad == NULL)
        return;
    AcquireSRWLockExclusive(&adapter_lock);
    if (--ad->devices == 0) {
        the_adapter = NULL;
        adapter_free(ad);
    }
    ReleaseSRWLockExclusive(&adapter_lock);
}
