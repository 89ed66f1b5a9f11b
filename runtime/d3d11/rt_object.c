/* SPDX-License-Identifier: MIT */
/* rt_object.c — device children: creation, the two reference counts, QueryInterface,
 * destruction through the driver. */
#include "rt_internal.h"

void *rt_alloc(SIZE_T size)
{
    return HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, size != 0 ? size : 1);
}

void rt_free(void *p)
{
    if (p != NULL)
        HeapFree(GetProcessHeap(), 0, p);
}

void *rt_object_new(struct rt_device *dev, size_t bytes, enum rt_kind kind, const void *vtbl,
                    const struct rt_object_ops *ops, SIZE_T drv_size)
{
    struct rt_object *obj = (struct rt_object *)rt_alloc(bytes);
    if (obj == NULL)
        return NULL;
    obj->drv = rt_alloc(drv_size);
    if (obj->drv == NULL) {
        rt_free(obj);
        return NULL;
    }
    obj->vtbl = vtbl;
    obj->refcount = 1;
    obj->kind = kind;
    obj->ops = ops;
    obj->device = dev;
    ID3D11Device_AddRef(&dev->iface);
    return obj;
}

/* An object holds its device while the application holds the object: a bound object the
 * application released keeps neither itself nor the device alive for the application (the
 * device's teardown unbinds and destroys it). */
void rt_object_discard(struct rt_object *obj)
{
    struct rt_device *dev = obj->device;
    rt_private_clear(&obj->priv);
    rt_free(obj->drv);
    rt_free(obj);
    ID3D11Device_Release(&dev->iface);
}

static void destroy(struct rt_object *obj, BOOL holds_device)
{
    struct rt_device *dev = obj->device;
    RT_LOCK(dev);
    obj->ops->destroy(obj);
    RT_UNLOCK(dev);
    rt_private_clear(&obj->priv);
    rt_free(obj->drv);
    rt_free(obj);
    if (holds_device)
        ID3D11Device_Release(&dev->iface);
}

ULONG rt_object_addref(struct rt_object *obj)
{
    LONG n = InterlockedIncrement(&obj->refcount);
    if (n == 1)
        ID3D11Device_AddRef(&obj->device->iface);
    return (ULONG)n;
}

ULONG rt_object_release(struct rt_object *obj)
{
    struct rt_device *dev = obj->device;
    LONG n = InterlockedDecrement(&obj->refcount);
    if (n != 0)
        return (ULONG)n;
    if (obj->bindcount == 0)
        destroy(obj, TRUE);
    else
        ID3D11Device_Release(&dev->iface);
    return 0;
}

void rt_object_hold(struct rt_object *obj)
{
    if (obj != NULL)
        InterlockedIncrement(&obj->bindcount);
}

void rt_object_drop(struct rt_object *obj)
{
    if (obj != NULL && InterlockedDecrement(&obj->bindcount) == 0 && obj->refcount == 0)
        destroy(obj, FALSE);
}

void rt_object_bind(struct rt_object **slot, struct rt_object *obj)
{
    struct rt_object *old = *slot;
    if (old == obj)
        return;
    rt_object_hold(obj);
    *slot = obj;
    rt_object_drop(old);
}

HRESULT rt_object_qi(struct rt_object *obj, REFIID riid, void **out)
{
    const IID *const *iid;
    if (out == NULL)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D11DeviceChild))
        goto found;
    for (iid = obj->ops->iids; iid != NULL && *iid != NULL; iid++)
        if (IsEqualGUID(riid, *iid))
            goto found;
    if (obj->kind == RT_TEXTURE2D && rt_surface_query(obj, riid, out) == S_OK)
        return S_OK;
    if (obj->kind <= RT_TEXTURE3D)
        return rt_resource_qi_dxgi((struct rt_resource *)obj, riid, out);
    *out = NULL;
    return E_NOINTERFACE;
found:
    rt_object_addref(obj);
    *out = obj;
    return S_OK;
}

void rt_object_get_device(struct rt_object *obj, ID3D11Device **out)
{
    ID3D11Device_AddRef(&obj->device->iface);
    *out = &obj->device->iface;
}

/* Objects of this runtime are recognised by their vtable's QueryInterface slot, which
 * every kind takes from one table per kind (rt_kind_vtbl). */
extern const void *const rt_kind_vtbl[RT_KIND_COUNT];

struct rt_object *rt_object_of(const void *iface, enum rt_kind kind)
{
    const struct rt_object *obj = (const struct rt_object *)iface;
    if (obj == NULL || rt_kind_vtbl[kind] == NULL || obj->vtbl != rt_kind_vtbl[kind])
        return NULL;
    return (struct rt_object *)obj;
}

struct rt_object *rt_resource_of(const void *iface)
{
    struct rt_object *obj = rt_object_of(iface, RT_BUFFER);
    if (obj == NULL)
        obj = rt_object_of(iface, RT_TEXTURE1D);
    if (obj == NULL)
        obj = rt_object_of(iface, RT_TEXTURE2D);
    if (obj == NULL)
        obj = rt_object_of(iface, RT_TEXTURE3D);
    return obj;
}

struct rt_resource *rt_resource_from(const void *iface)
{
    return (struct rt_resource *)rt_resource_of(iface);
}
