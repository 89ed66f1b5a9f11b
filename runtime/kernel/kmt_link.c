/* SPDX-License-Identifier: MIT */
/* kmt_link.c — the process's GPU link. Every kernel device of the process is a context of
 * one host connection (doc/host-protocol.md, "Contexts"): objects, guest memory and share
 * tokens are the connection's, so the devices share surfaces, and the host keeps each
 * device's bindings apart by the context its submissions name. The first device opens the
 * link, the last closes it. The host client serves one caller at a time, so submit, wait
 * and picture hold the link's lock (always taken after a device's lock, never before one).
 * An error loses the connection, so every device of it: each answers DEVICEREMOVED from its
 * next call on; a device made after that opens a new connection.
 * "none" runs nothing: every fence completes at once (plumbing checks); any other address
 * is a live host (kmt_link_host.c). */
#include <string.h>

#include "kmt_internal.h"
#include "kmt_link.h"

/* Contexts a connection keeps (AEROCMD_EXEC_MAX_CONTEXTS, 64) less context 0, which the
 * host makes too when a submission first names another. */
#define KMT_LINK_CONTEXTS 63u

static SRWLOCK link_guard = SRWLOCK_INIT; /* process_link and every link's refs */
static struct kmt_link *process_link;

static HRESULT link_open(struct kmt_link **out, const char *address)
{
    struct kmt_link *link =
        (struct kmt_link *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *link);
    HRESULT hr = S_OK;
    *out = NULL;
    if (link == NULL)
        return E_OUTOFMEMORY;
    InitializeSRWLock(&link->lock);
    if (strcmp(address, "none") != 0)
        hr = kmt_link_host_open(link, address);
    if (FAILED(hr)) {
        HeapFree(GetProcessHeap(), 0, link);
        return hr;
    }
    *out = link;
    return S_OK;
}

HRESULT kmt_link_acquire(struct kmt_link **out, uint32_t *context_id, const char *address)
{
    HRESULT hr = S_OK;
    *out = NULL;
    AcquireSRWLockExclusive(&link_guard);
    if (process_link != NULL && kmt_link_is_lost(process_link))
        process_link = NULL; /* its devices keep it until they go */
    if (process_link == NULL)
        hr = link_open(&process_link, address);
    if (SUCCEEDED(hr) && process_link->next_context >= KMT_LINK_CONTEXTS) {
        aerort_log("the host connection has had %u devices: no context left for another",
                   KMT_LINK_CONTEXTS);
        hr = E_OUTOFMEMORY;
    }
    if (SUCCEEDED(hr)) {
        process_link->refs++;
        *context_id = ++process_link->next_context;
        *out = process_link;
    }
    ReleaseSRWLockExclusive(&link_guard);
    return hr;
}

void kmt_link_release(struct kmt_link *link)
{
    uint32_t refs;
    if (link == NULL)
        return;
    AcquireSRWLockExclusive(&link_guard);
    refs = --link->refs;
    if (refs == 0 && process_link == link)
        process_link = NULL;
    ReleaseSRWLockExclusive(&link_guard);
    if (refs != 0)
        return;
    if (link->host != NULL)
        kmt_link_host_close(link);
    HeapFree(GetProcessHeap(), 0, link);
}

int kmt_link_is_lost(struct kmt_link *link)
{
    return InterlockedCompareExchange(&link->lost, 0, 0) != 0;
}

void kmt_link_lose(struct kmt_link *link)
{
    InterlockedExchange(&link->lost, 1);
}

/* Under the lock: a DEVICEREMOVED answer loses the connection. */
static HRESULT lost_on(struct kmt_link *link, HRESULT hr)
{
    if (hr == AERORT_D3DDDIERR_DEVICEREMOVED)
        kmt_link_lose(link);
    return hr;
}

HRESULT kmt_link_submit(struct kmt_link *link, const struct kmt_submission *s, uint64_t *fence)
{
    HRESULT hr = S_OK;
    AcquireSRWLockExclusive(&link->lock);
    if (kmt_link_is_lost(link))
        hr = AERORT_D3DDDIERR_DEVICEREMOVED;
    else if (link->host != NULL)
        hr = lost_on(link, kmt_link_host_submit(link, s, fence));
    else
        *fence = ++link->fence;
    ReleaseSRWLockExclusive(&link->lock);
    return hr;
}

HRESULT kmt_link_wait(struct kmt_link *link, uint64_t fence, uint32_t timeout_ms)
{
    HRESULT hr;
    AcquireSRWLockExclusive(&link->lock);
    if (kmt_link_is_lost(link))
        hr = AERORT_D3DDDIERR_DEVICEREMOVED;
    else if (link->host != NULL)
        hr = lost_on(link, kmt_link_host_wait(link, fence, timeout_ms));
    else
        hr = fence <= link->fence ? S_OK : E_INVALIDARG;
    ReleaseSRWLockExclusive(&link->lock);
    return hr;
}

HRESULT kmt_link_picture(struct kmt_link *link, struct kmt_picture *pic, void *rgba,
                         size_t capacity)
{
    HRESULT hr;
    AcquireSRWLockExclusive(&link->lock);
    if (link->host == NULL)
        hr = S_FALSE; /* nothing ran */
    else if (kmt_link_is_lost(link))
        hr = AERORT_D3DDDIERR_DEVICEREMOVED;
    else
        hr = lost_on(link, kmt_link_host_picture(link, pic, rgba, capacity));
    ReleaseSRWLockExclusive(&link->lock);
    return hr;
}
