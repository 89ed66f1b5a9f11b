/* SPDX-License-Identifier: MIT */
/* kmt_link.c — the GPU link. "none" runs nothing: every fence completes at once (plumbing
 * checks); any other address is a live host (kmt_link_host.c). */
#include <string.h>

#include "kmt_internal.h"
#include "kmt_link.h"

HRESULT kmt_link_open(struct kmt_link **out, const char *address)
{
    struct kmt_link *link =
        (struct kmt_link *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *link);
    HRESULT hr = S_OK;
    *out = NULL;
    if (link == NULL)
        return E_OUTOFMEMORY;
    if (strcmp(address, "none") != 0)
        hr = kmt_link_host_open(link, address);
    if (FAILED(hr)) {
        HeapFree(GetProcessHeap(), 0, link);
        return hr;
    }
    *out = link;
    return S_OK;
}

void kmt_link_close(struct kmt_link *link)
{
    if (link == NULL)
        return;
    if (link->host != NULL)
        kmt_link_host_close(link);
    HeapFree(GetProcessHeap(), 0, link);
}

HRESULT kmt_link_submit(struct kmt_link *link, const struct kmt_submission *s, uint64_t *fence)
{
    if (link->host != NULL)
        return kmt_link_host_submit(link, s, fence);
    *fence = ++link->fence;
    return S_OK;
}

HRESULT kmt_link_wait(struct kmt_link *link, uint64_t fence, uint32_t timeout_ms)
{
    if (link->host != NULL)
        return kmt_link_host_wait(link, fence, timeout_ms);
    return fence <= link->fence ? S_OK : E_INVALIDARG;
}
