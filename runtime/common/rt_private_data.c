/* SPDX-License-Identifier: MIT */
/* rt_private_data.c — the private-data store of every runtime object. */
#include "rt_private_data.h"

#include <string.h>

#include <dxgi.h>

struct rt_private_entry {
    struct rt_private_entry *next;
    GUID guid;
    IUnknown *iface; /* or NULL: bytes follow */
    UINT size;
    BYTE data[];
};

static struct rt_private_entry **find(struct rt_private_store *s, REFGUID guid)
{
    struct rt_private_entry **e;
    for (e = &s->head; *e != NULL; e = &(*e)->next)
        if (IsEqualGUID(&(*e)->guid, guid))
            return e;
    return NULL;
}

static void drop(struct rt_private_entry **at)
{
    struct rt_private_entry *e = *at;
    *at = e->next;
    if (e->iface != NULL)
        IUnknown_Release(e->iface);
    HeapFree(GetProcessHeap(), 0, e);
}

static HRESULT put(struct rt_private_store *s, REFGUID guid, UINT size, const void *data,
                   IUnknown *iface)
{
    struct rt_private_entry **old = find(s, guid), *e;
    e = (struct rt_private_entry *)HeapAlloc(GetProcessHeap(), 0,
                                             sizeof *e + (iface != NULL ? 0u : size));
    if (e == NULL)
        return E_OUTOFMEMORY;
    if (old != NULL)
        drop(old);
    e->guid = *guid;
    e->iface = iface;
    e->size = iface != NULL ? (UINT)sizeof iface : size;
    if (iface != NULL)
        IUnknown_AddRef(iface);
    else if (size != 0)
        memcpy(e->data, data, size);
    e->next = s->head;
    s->head = e;
    return S_OK;
}

HRESULT rt_private_set(struct rt_private_store *s, REFGUID guid, UINT size, const void *data)
{
    struct rt_private_entry **old;
    if (guid == NULL)
        return E_INVALIDARG;
    if (data == NULL) {
        old = find(s, guid);
        if (old == NULL)
            return S_FALSE;
        drop(old);
        return S_OK;
    }
    return put(s, guid, size, data, NULL);
}

HRESULT rt_private_set_interface(struct rt_private_store *s, REFGUID guid, const IUnknown *iface)
{
    if (guid == NULL)
        return E_INVALIDARG;
    if (iface == NULL)
        return rt_private_set(s, guid, 0, NULL);
    return put(s, guid, 0, NULL, (IUnknown *)iface);
}

HRESULT rt_private_get(struct rt_private_store *s, REFGUID guid, UINT *size, void *data)
{
    struct rt_private_entry **at;
    if (guid == NULL || size == NULL)
        return E_INVALIDARG;
    at = find(s, guid);
    if (at == NULL) {
        *size = 0;
        return DXGI_ERROR_NOT_FOUND;
    }
    if (data == NULL) {
        *size = (*at)->size;
        return S_OK;
    }
    if (*size < (*at)->size) {
        *size = (*at)->size;
        return DXGI_ERROR_MORE_DATA;
    }
    *size = (*at)->size;
    if ((*at)->iface != NULL) {
        IUnknown_AddRef((*at)->iface);
        memcpy(data, &(*at)->iface, sizeof(*at)->iface);
    } else {
        memcpy(data, (*at)->data, (*at)->size);
    }
    return S_OK;
}

void rt_private_clear(struct rt_private_store *s)
{
    while (s->head != NULL)
        drop(&s->head);
}
