/* SPDX-License-Identifier: MIT */
/* kmt_link.c — the process's GPU link. Every kernel device of the process is a context of
 * one host connection (doc/host-protocol.md, "Contexts"): objects, guest memory and share
 * tokens are the connection's, so the devices share surfaces, and the host keeps each
 * device's bindings apart by the context its submissions name. The first device opens the
 * link and the process keeps it, device or not, until it is lost or the process ends (the
 * host takes a closed socket for BYE): a program that releases its last device and makes
 * another stays on one connection, so one recording, and does not pay a connection per
 * device. The host client serves one caller at a time, so submit, wait and picture hold the
 * link's lock (always taken after a device's lock, never before one). An error loses the
 * connection, so every device of it: each answers DEVICEREMOVED from its next call on; a
 * device made after that opens a new connection.
 * "none" runs nothing: every fence completes at once (plumbing checks); any other address
 * is a live host (kmt_link_host.c). */
#include <string.h>

#include "kmt_internal.h"
#include "kmt_link.h"

/* Contexts a connection keeps at once (AEROCMD_EXEC_MAX_CONTEXTS, 64) less context 0, which
 * the host keeps too once a submission names another. */
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
    link->recorder = kmt_record_open();
    if (strcmp(address, "none") != 0)
        hr = kmt_link_host_open(link, address);
    if (FAILED(hr)) {
        kmt_record_close(link->recorder);
        HeapFree(GetProcessHeap(), 0, link);
        return hr;
    }
    *out = link;
    return S_OK;
}

/* The lowest context id no device of the link holds, or 0 when all are held. */
static uint32_t free_context(const struct kmt_link *link)
{
    uint32_t i;
    for (i = 0; i < KMT_LINK_CONTEXTS; i++)
        if ((link->contexts & (1ull << i)) == 0)
            return i + 1u;
    return 0;
}

static void link_close(struct kmt_link *link)
{
    if (link->host != NULL)
        kmt_link_host_close(link);
    kmt_record_close(link->recorder);
    HeapFree(GetProcessHeap(), 0, link);
}

HRESULT kmt_link_acquire(struct kmt_link **out, uint32_t *context_id, const char *address)
{
    struct kmt_link *stale = NULL;
    HRESULT hr = S_OK;
    *out = NULL;
    AcquireSRWLockExclusive(&link_guard);
    if (process_link != NULL && kmt_link_is_lost(process_link)) {
        if (process_link->refs == 0)
            stale = process_link; /* else its devices keep it until they go */
        process_link = NULL;
    }
    if (process_link == NULL)
        hr = link_open(&process_link, address);
    if (SUCCEEDED(hr) && (*context_id = free_context(process_link)) == 0) {
        aerort_log("the host connection has %u devices: no context left for another",
                   KMT_LINK_CONTEXTS);
        hr = E_OUTOFMEMORY;
    }
    if (SUCCEEDED(hr)) {
        process_link->refs++;
        process_link->contexts |= 1ull << (*context_id - 1u);
        *out = process_link;
    }
    ReleaseSRWLockExclusive(&link_guard);
    if (stale != NULL)
        link_close(stale);
    return hr;
}

/* The host drops the context's state before the id is free for another device, so no
 * device's submissions can run in it before the END_CONTEXT. */
static void end_context(struct kmt_link *link, uint32_t context_id)
{
    AcquireSRWLockExclusive(&link->lock);
    if (!kmt_link_is_lost(link) && link->host != NULL &&
        FAILED(kmt_link_host_end_context(link, context_id)))
        kmt_link_lose(link);
    ReleaseSRWLockExclusive(&link->lock);
}

void kmt_link_release(struct kmt_link *link, uint32_t context_id)
{
    int gone;
    if (link == NULL)
        return;
    end_context(link, context_id);
    AcquireSRWLockExclusive(&link_guard);
    link->refs--;
    link->contexts &= ~(1ull << (context_id - 1u));
    gone = link->refs == 0 && (process_link != link || kmt_link_is_lost(link));
    if (gone && process_link == link)
        process_link = NULL;
    ReleaseSRWLockExclusive(&link_guard);
    if (gone)
        link_close(link);
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
    if (kmt_link_is_lost(link)) {
        hr = AERORT_D3DDDIERR_DEVICEREMOVED;
    } else {
        kmt_record_submission(link->recorder, s);
        if (link->host != NULL)
            hr = lost_on(link, kmt_link_host_submit(link, s, fence));
        else
            *fence = ++link->fence;
    }
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
