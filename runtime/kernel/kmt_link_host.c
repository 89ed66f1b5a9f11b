/* SPDX-License-Identifier: MIT */
/* kmt_link_host.c — the GPU link to a live `aerocmd host` (aerocmd/host_client.h over
 * Winsock): each DMA buffer goes with its allocation table, the guest memory of its
 * allocations and its device's context; written-back memory lands in the allocations
 * before their fence completes; the connection's last picture on request. Called under the
 * link's lock (kmt_link.c).
 * The client keeps each submission's memory array until its answer (at most 64 are in
 * flight, answered in order), so the arrays live in a ring one longer than that. */
#include <string.h>

#include "aerocmd/host_client.h"
#include "kmt_link.h"

#define RING 65u

struct host_link {
    struct aerocmd_host_client *client;
    struct aerocmd_host_memory *arrays[RING];
    uint32_t capacity[RING];
    uint64_t submitted;
};

static void log_error(const char *what, const struct aerocmd_host_error *err)
{
    aerort_log("%s: %s", what, err->message[0] != '\0' ? err->message : "(no message)");
}

HRESULT kmt_link_host_open(struct kmt_link *link, const char *address)
{
    struct host_link *h =
        (struct host_link *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *h);
    struct aerocmd_host_error err;
    if (h == NULL)
        return E_OUTOFMEMORY;
    memset(&err, 0, sizeof err);
    if (aerocmd_host_connect(address, NULL, &h->client, &err) != AEROCMD_OK) {
        log_error("cannot reach the host", &err);
        HeapFree(GetProcessHeap(), 0, h);
        return E_FAIL;
    }
    link->host = h;
    return S_OK;
}

void kmt_link_host_close(struct kmt_link *link)
{
    struct host_link *h = (struct host_link *)link->host;
    uint32_t i;
    aerocmd_host_close(h->client);
    for (i = 0; i < RING; i++)
        HeapFree(GetProcessHeap(), 0, h->arrays[i]);
    HeapFree(GetProcessHeap(), 0, h);
    link->host = NULL;
}

/* The ring slot of the next submission, with room for n records. */
static struct aerocmd_host_memory *slot(struct host_link *h, uint32_t n)
{
    uint32_t k = (uint32_t)(h->submitted % RING);
    if (h->capacity[k] < n) {
        HeapFree(GetProcessHeap(), 0, h->arrays[k]);
        h->arrays[k] =
            (struct aerocmd_host_memory *)HeapAlloc(GetProcessHeap(), 0, n * sizeof *h->arrays[k]);
        h->capacity[k] = h->arrays[k] != NULL ? n : 0;
    }
    return h->arrays[k];
}

HRESULT kmt_link_host_submit(struct kmt_link *link, const struct kmt_submission *s, uint64_t *fence)
{
    struct host_link *h = (struct host_link *)link->host;
    struct aerocmd_host_submission sub;
    struct aerocmd_host_memory *m = slot(h, s->memory_count != 0 ? s->memory_count : 1u);
    struct aerocmd_host_error err;
    aerocmd_result r;
    uint32_t i;
    if (m == NULL)
        return E_OUTOFMEMORY;
    for (i = 0; i < s->memory_count; i++) {
        m[i].alloc_id = s->memory[i].alloc_id;
        m[i].flags = s->memory[i].flags;
        m[i].gpa = s->memory[i].gpa;
        m[i].bytes = s->memory[i].bytes;
        m[i].size_bytes = s->memory[i].size_bytes;
    }
    memset(&sub, 0, sizeof sub);
    sub.stream = s->stream;
    sub.stream_len = s->stream_len;
    sub.alloc_table = s->alloc_table_len != 0 ? s->alloc_table : NULL;
    sub.alloc_table_len = s->alloc_table_len;
    sub.memory = m;
    sub.memory_count = s->memory_count;
    sub.context_id = s->context_id;
    memset(&err, 0, sizeof err);
    r = aerocmd_host_submit(h->client, &sub, fence, &err);
    if (r != AEROCMD_OK) {
        log_error("the host refused a submission: device lost", &err);
        return AERORT_D3DDDIERR_DEVICEREMOVED;
    }
    h->submitted++;
    link->fence = *fence;
    return S_OK;
}

HRESULT kmt_link_host_wait(struct kmt_link *link, uint64_t fence, uint32_t timeout_ms)
{
    struct host_link *h = (struct host_link *)link->host;
    struct aerocmd_host_error err;
    aerocmd_result r;
    if (fence <= aerocmd_host_completed_fence(h->client))
        return S_OK;
    memset(&err, 0, sizeof err);
    r = aerocmd_host_wait(h->client, fence, timeout_ms, NULL, &err);
    if (r == AEROCMD_OK)
        return S_OK;
    if (r == AEROCMD_E_STILL_DRAWING)
        return AERORT_D3DERR_WASSTILLDRAWING;
    log_error("the host lost the device", &err);
    return AERORT_D3DDDIERR_DEVICEREMOVED;
}

HRESULT kmt_link_host_end_context(struct kmt_link *link, uint32_t context_id)
{
    struct host_link *h = (struct host_link *)link->host;
    struct aerocmd_host_error err;
    memset(&err, 0, sizeof err);
    if (aerocmd_host_end_context(h->client, context_id, &err) == AEROCMD_OK)
        return S_OK;
    log_error("ending a context lost the connection", &err);
    return AERORT_D3DDDIERR_DEVICEREMOVED;
}

HRESULT kmt_link_host_picture(struct kmt_link *link, struct kmt_picture *pic, void *rgba,
                              size_t capacity)
{
    struct host_link *h = (struct host_link *)link->host;
    struct aerocmd_host_picture got;
    struct aerocmd_host_error err;
    aerocmd_result r;
    memset(&got, 0, sizeof got);
    memset(&err, 0, sizeof err);
    r = aerocmd_host_last_picture(h->client, &got, rgba, capacity, &err);
    pic->fence = got.fence;
    pic->width = got.width;
    pic->height = got.height;
    if (r == AEROCMD_OK)
        return got.has_pixels && got.present != 0xFFFFFFFFu ? S_OK : S_FALSE;
    if (r == AEROCMD_E_BUFFER_FULL)
        return S_FALSE;
    log_error("the host lost the device", &err);
    return AERORT_D3DDDIERR_DEVICEREMOVED;
}
