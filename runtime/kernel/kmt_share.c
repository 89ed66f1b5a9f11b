/* SPDX-License-Identifier: MIT */
/* kmt_share.c — kernel resources and their shared handles, as dxgkrnl keeps them: per
 * allocation the private driver data as the KMD left it (with its share token) and the
 * memory; for the resource the runtime's own description (its private runtime data). A
 * device opening the handle gets its own kernel allocations (DxgkDdiOpenAllocation over
 * the preserved data) on the same memory. The table is the process's (every device looks a
 * handle up in it); the resource goes with the last kernel allocation naming it, whichever
 * device's it is.
 *
 * Any device of the process opens a resource: the devices are contexts of one host
 * connection (kmt_link.c), which imports the token another context exported, and the memory
 * is the process's. Each device's KMD tracks its own stream only, so the import of a token
 * it did not export passes it; the host, which sees the whole connection, checks it.
 * A resource's count changes only under the table's lock, where an opening also finds it:
 * one whose count reached 0 is on its way out and is never taken again. */
#include <string.h>

#include "kmt_internal.h"

#define KMT_SHARED_BASE 0x40000002u /* the form of Windows' global (non-NT) shared handles */

struct kmt_resource_alloc {
    struct kmt_backing *backing; /* counted */
    void *priv;
    UINT priv_size;
};

struct kmt_resource {
    struct kmt_resource *next;
    struct aerort_kmt_device *owner; /* the creator: it alone shares it */
    struct kmt_link *link;           /* the connection its memory and token are known on */
    uint32_t refs;                   /* kernel allocations naming it, openings under way */
    D3DKMT_HANDLE handle;
    HANDLE shared; /* NULL until the runtime shares it */
    UINT count;
    struct kmt_resource_alloc *allocs;
    void *driver_data; /* the resource's own (pfnAllocateCb's pPrivateDriverData) */
    UINT driver_size;
    void *runtime_data;
    UINT runtime_size;
};

/* The process's kernel resources; their handles' serial. */
static SRWLOCK table_lock = SRWLOCK_INIT;
static struct kmt_resource *table;
static uint32_t serial;

static void *heap(size_t bytes)
{
    return HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, bytes != 0 ? bytes : 1u);
}

static void resource_free(struct aerort_kmt_device *dev, struct kmt_resource *res)
{
    UINT i;
    for (i = 0; res->allocs != NULL && i < res->count; i++) {
        kmt_backing_unref(dev, res->allocs[i].backing);
        HeapFree(GetProcessHeap(), 0, res->allocs[i].priv);
    }
    HeapFree(GetProcessHeap(), 0, res->allocs);
    HeapFree(GetProcessHeap(), 0, res->driver_data);
    HeapFree(GetProcessHeap(), 0, res->runtime_data);
    HeapFree(GetProcessHeap(), 0, res);
}

/* The private data is copied after DxgkDdiCreateAllocation wrote its share token. */
static HRESULT take_allocations(struct aerort_kmt_device *dev, struct kmt_resource *res,
                                const D3DDDICB_ALLOCATE *a)
{
    UINT i;
    res->allocs = (struct kmt_resource_alloc *)heap(a->NumAllocations * sizeof *res->allocs);
    res->driver_data = heap(a->PrivateDriverDataSize);
    if (res->allocs == NULL || res->driver_data == NULL ||
        (a->PrivateDriverDataSize != 0 && a->pPrivateDriverData == NULL))
        return res->allocs == NULL || res->driver_data == NULL ? E_OUTOFMEMORY : E_INVALIDARG;
    res->driver_size = a->PrivateDriverDataSize;
    if (a->PrivateDriverDataSize != 0)
        memcpy(res->driver_data, a->pPrivateDriverData, a->PrivateDriverDataSize);
    res->count = a->NumAllocations;
    for (i = 0; i < a->NumAllocations; i++) {
        const D3DDDI_ALLOCATIONINFO *info = &a->pAllocationInfo[i];
        struct kmt_alloc *k = kmt_alloc_of(dev, info->hAllocation);
        res->allocs[i].backing = k->backing;
        InterlockedIncrement(&k->backing->refs);
        res->allocs[i].priv_size = info->PrivateDriverDataSize;
        res->allocs[i].priv = heap(info->PrivateDriverDataSize);
        if (res->allocs[i].priv == NULL)
            return E_OUTOFMEMORY;
        if (info->PrivateDriverDataSize != 0)
            memcpy(res->allocs[i].priv, info->pPrivateDriverData, info->PrivateDriverDataSize);
    }
    return S_OK;
}

HRESULT kmt_resource_create(struct aerort_kmt_device *dev, D3DDDICB_ALLOCATE *a)
{
    struct kmt_resource *res = (struct kmt_resource *)heap(sizeof *res);
    HRESULT hr = res != NULL ? take_allocations(dev, res, a) : E_OUTOFMEMORY;
    UINT i;
    if (FAILED(hr)) {
        if (res != NULL)
            resource_free(dev, res);
        return hr;
    }
    res->owner = dev;
    res->link = dev->link;
    for (i = 0; i < a->NumAllocations; i++)
        kmt_alloc_of(dev, a->pAllocationInfo[i].hAllocation)->resource = res;
    AcquireSRWLockExclusive(&table_lock);
    res->refs = a->NumAllocations;
    res->handle = 0x80000000u | (++serial & 0xFFFFFFu);
    res->next = table;
    table = res;
    ReleaseSRWLockExclusive(&table_lock);
    a->hKMResource = res->handle;
    return S_OK;
}

/* The last reference takes it out of the table under the same lock; the memory goes
 * outside it (freeing waits for the GPU). */
void kmt_resource_unref(struct aerort_kmt_device *dev, struct kmt_resource *res)
{
    struct kmt_resource **p;
    uint32_t refs;
    AcquireSRWLockExclusive(&table_lock);
    refs = --res->refs;
    for (p = &table; refs == 0 && *p != NULL; p = &(*p)->next)
        if (*p == res) {
            *p = res->next;
            break;
        }
    ReleaseSRWLockExclusive(&table_lock);
    if (refs == 0)
        resource_free(dev, res);
}

/* One more reference on a resource an opening holds already (its count is above 0). */
static void resource_ref(struct kmt_resource *res)
{
    AcquireSRWLockExclusive(&table_lock);
    res->refs++;
    ReleaseSRWLockExclusive(&table_lock);
}

/* Under the table's lock. */
static struct kmt_resource *find(D3DKMT_HANDLE handle, HANDLE shared)
{
    struct kmt_resource *res;
    for (res = table; res != NULL; res = res->next)
        if ((handle != 0 && res->handle == handle) || (shared != NULL && res->shared == shared))
            return res;
    return NULL;
}

HRESULT aerort_kmt_share_resource(struct aerort_kmt_device *dev, D3DKMT_HANDLE hKMResource,
                                  const void *runtime_data, UINT runtime_data_size, HANDLE *shared)
{
    struct kmt_resource *res;
    void *copy = heap(runtime_data_size);
    HRESULT hr = E_INVALIDARG;
    if (copy == NULL || shared == NULL || (runtime_data_size != 0 && runtime_data == NULL)) {
        HeapFree(GetProcessHeap(), 0, copy);
        return copy == NULL ? E_OUTOFMEMORY : E_INVALIDARG;
    }
    if (runtime_data_size != 0)
        memcpy(copy, runtime_data, runtime_data_size);
    AcquireSRWLockExclusive(&table_lock);
    res = find(hKMResource, NULL);
    if (res != NULL && res->owner == dev && res->shared == NULL) {
        HeapFree(GetProcessHeap(), 0, res->runtime_data);
        res->runtime_data = copy;
        res->runtime_size = runtime_data_size;
        res->shared = (HANDLE)(uintptr_t)(KMT_SHARED_BASE + 4u * (res->handle & 0xFFFFFFu));
        *shared = res->shared;
        copy = NULL;
        hr = S_OK;
    }
    ReleaseSRWLockExclusive(&table_lock);
    HeapFree(GetProcessHeap(), 0, copy);
    return hr;
}

static UINT driver_data_bytes(const struct kmt_resource *res)
{
    UINT i, total = 0;
    for (i = 0; i < res->count; i++)
        total += res->allocs[i].priv_size;
    return total;
}

/* Any device of the process may look a handle up. */
HRESULT aerort_kmt_query_resource(struct aerort_kmt_device *dev, struct aerort_kmt_open_resource *o)
{
    struct kmt_resource *res;
    (void)dev;
    if (o == NULL || o->shared == NULL)
        return E_INVALIDARG;
    AcquireSRWLockShared(&table_lock);
    res = find(0, o->shared);
    if (res != NULL) {
        o->num_allocations = res->count;
        o->driver_data_size = driver_data_bytes(res);
        o->resource_data_size = res->driver_size;
        o->runtime_data_size = res->runtime_size;
    }
    ReleaseSRWLockShared(&table_lock);
    return res != NULL ? S_OK : E_INVALIDARG;
}

/* One allocation of res opened on dev: DxgkDdiOpenAllocation judges the preserved data. The
 * resource's own reference keeps the backing while its count is raised. */
static HRESULT open_one(struct aerort_kmt_device *dev, struct kmt_resource *res, UINT i,
                        D3DDDI_OPENALLOCATIONINFO *out, uint8_t *priv)
{
    const struct kmt_resource_alloc *ra = &res->allocs[i];
    D3DKMT_HANDLE h;
    struct kmt_alloc *a = kmt_alloc_slot(dev, &h);
    if (a == NULL)
        return E_OUTOFMEMORY;
    if (aerogpu_kmd_open_allocation(ra->priv, ra->priv_size, ra->backing->size, &a->kmd) != 0)
        return E_INVALIDARG;
    a->in_use = 1;
    a->backing = ra->backing;
    InterlockedIncrement(&a->backing->refs);
    a->resource = res;
    resource_ref(res);
    memcpy(priv, ra->priv, ra->priv_size);
    out->hAllocation = h;
    out->pPrivateDriverData = priv;
    out->PrivateDriverDataSize = ra->priv_size;
    return S_OK;
}

static HRESULT open_locked(struct aerort_kmt_device *dev, struct kmt_resource *res,
                           struct aerort_kmt_open_resource *o)
{
    uint8_t *priv = (uint8_t *)o->driver_data;
    HRESULT hr = S_OK;
    UINT i;
    if (o->num_allocations < res->count || o->allocations == NULL ||
        o->driver_data_size < driver_data_bytes(res) || o->runtime_data_size < res->runtime_size ||
        o->resource_data_size < res->driver_size ||
        (res->runtime_size != 0 && o->runtime_data == NULL) ||
        (res->driver_size != 0 && o->resource_data == NULL) || priv == NULL)
        return E_INVALIDARG;
    for (i = 0; i < res->count && SUCCEEDED(hr); i++) {
        hr = open_one(dev, res, i, &o->allocations[i], priv);
        priv += res->allocs[i].priv_size;
    }
    while (FAILED(hr) && i-- > 1)
        kmt_alloc_free(dev, kmt_alloc_of(dev, o->allocations[i - 1u].hAllocation));
    if (FAILED(hr))
        return hr;
    o->num_allocations = res->count;
    if (res->runtime_size != 0)
        memcpy(o->runtime_data, res->runtime_data, res->runtime_size);
    o->runtime_data_size = res->runtime_size;
    if (res->driver_size != 0)
        memcpy(o->resource_data, res->driver_data, res->driver_size);
    o->resource_data_size = res->driver_size;
    o->hKMResource = res->handle;
    return S_OK;
}

/* The resource is held (its count raised under the table's lock) while it is opened outside
 * that lock, so its creator may free its own allocations meanwhile. A resource of a lost
 * connection names nothing on this device's (a device made after the loss). */
HRESULT aerort_kmt_open_resource(struct aerort_kmt_device *dev, struct aerort_kmt_open_resource *o)
{
    struct kmt_resource *res;
    HRESULT hr = E_INVALIDARG;
    if (o == NULL || o->shared == NULL)
        return E_INVALIDARG;
    EnterCriticalSection(&dev->lock);
    AcquireSRWLockExclusive(&table_lock);
    res = find(0, o->shared);
    if (res != NULL && (res->refs == 0 || res->link != dev->link))
        res = NULL;
    if (res != NULL)
        res->refs++;
    ReleaseSRWLockExclusive(&table_lock);
    if (res != NULL) {
        hr = open_locked(dev, res, o);
        kmt_resource_unref(dev, res);
    }
    LeaveCriticalSection(&dev->lock);
    return hr;
}
