/* SPDX-License-Identifier: MIT */
/* rt_share.c — shared resources as Microsoft's runtime makes them. A resource created with
 * MISC_SHARED gives the kernel its description (the kernel resource's runtime private data)
 * and gets the shared handle. OpenSharedResource looks the handle up in the kernel, opens
 * the allocations for this device (the private driver data the KMD preserved, this
 * device's allocation handles) and creates the resource through the DDI:
 * CalcPrivateOpenedResourceSize and OpenResource; the object is a resource of this device
 * like any other, described as the creator described it. The opened allocations are the
 * runtime's: they go when the resource does (the memory stays while the creator's
 * allocations, or another opening's, name it).
 *
 * Any device of the process opens it: the kernel's devices are contexts of one host
 * connection, which imports a token another of its contexts exported (doc/runtime.md). */
#include <string.h>

#include "rt_internal.h"

#define RT_SHARE_MAGIC 0x52414552u /* "REAR": a description this runtime wrote */

/* The runtime's description of a shared resource, as the kernel keeps it. */
struct rt_share_desc {
    UINT magic;
    UINT dimension, width, height, depth, mip_levels, array_size;
    UINT format, sample_count, sample_quality;
    UINT usage, bind, cpu_access, misc, stride;
};

static void describe(const struct rt_resource *r, struct rt_share_desc *d)
{
    memset(d, 0, sizeof *d);
    d->magic = RT_SHARE_MAGIC;
    d->dimension = (UINT)r->dimension;
    d->width = r->width;
    d->height = r->height;
    d->depth = r->depth;
    d->mip_levels = r->mip_levels;
    d->array_size = r->array_size;
    d->format = (UINT)r->format;
    d->sample_count = r->sample.Count;
    d->sample_quality = r->sample.Quality;
    d->usage = (UINT)r->usage;
    d->bind = r->bind;
    d->cpu_access = r->cpu_access;
    d->misc = r->misc;
    d->stride = r->stride;
}

void rt_share_publish(struct rt_device *dev, struct rt_resource *r)
{
    struct rt_share_desc d;
    HRESULT hr = E_FAIL;
    describe(r, &d);
    if (r->km_resource != 0)
        hr = aerort_kmt_share_resource(dev->kmt, r->km_resource, &d, sizeof d, &r->shared);
    if (FAILED(hr))
        aerort_log("a MISC_SHARED resource has no kernel resource to share (0x%08lx)",
                   (unsigned long)hr);
}

void rt_resource_destroy(struct rt_object *obj)
{
    struct rt_resource *r = (struct rt_resource *)obj;
    D3D10DDI_HRESOURCE h;
    D3DDDICB_DEALLOCATE d;
    rt_surface_dc_free(r);
    h.pDrvPrivate = obj->drv;
    obj->device->drv.f.pfnDestroyResource(obj->device->drv.hdev, h);
    if (r->opened == NULL)
        return;
    memset(&d, 0, sizeof d);
    d.NumAllocations = r->opened_count;
    d.HandleList = r->opened;
    aerort_kmt_deallocate(obj->device->kmt, &d);
    rt_free(r->opened);
    r->opened = NULL;
}

/* The interfaces a shared resource can be opened as; the object answers the one it is. */
static BOOL resource_iid(REFIID riid)
{
    return IsEqualGUID(riid, &IID_ID3D11Resource) || IsEqualGUID(riid, &IID_ID3D11Buffer) ||
           IsEqualGUID(riid, &IID_ID3D11Texture1D) || IsEqualGUID(riid, &IID_ID3D11Texture2D) ||
           IsEqualGUID(riid, &IID_ID3D11Texture3D) || IsEqualGUID(riid, &IID_IDXGIResource);
}

extern const ID3D11BufferVtbl rt_buffer_vtbl;
extern const ID3D11Texture1DVtbl rt_tex1d_vtbl;
extern const ID3D11Texture2DVtbl rt_tex2d_vtbl;
extern const ID3D11Texture3DVtbl rt_tex3d_vtbl;
extern const struct rt_object_ops rt_buffer_ops, rt_tex1d_ops, rt_tex2d_ops, rt_tex3d_ops;

/* The object the description names, its fields filled. */
static struct rt_resource *object_for(struct rt_device *dev, const struct rt_share_desc *d)
{
    static const void *const vtbls[4] = {&rt_buffer_vtbl, &rt_tex1d_vtbl, &rt_tex2d_vtbl,
                                         &rt_tex3d_vtbl};
    static const struct rt_object_ops *const ops[4] = {&rt_buffer_ops, &rt_tex1d_ops, &rt_tex2d_ops,
                                                       &rt_tex3d_ops};
    static const enum rt_kind kinds[4] = {RT_BUFFER, RT_TEXTURE1D, RT_TEXTURE2D, RT_TEXTURE3D};
    struct rt_resource *r;
    UINT k = d->dimension - (UINT)D3D11_RESOURCE_DIMENSION_BUFFER;
    if (d->magic != RT_SHARE_MAGIC || d->dimension < D3D11_RESOURCE_DIMENSION_BUFFER ||
        d->dimension > D3D11_RESOURCE_DIMENSION_TEXTURE3D)
        return NULL;
    r = (struct rt_resource *)rt_object_new(dev, sizeof *r, kinds[k], vtbls[k], ops[k], 0);
    if (r == NULL)
        return NULL;
    r->dimension = (D3D11_RESOURCE_DIMENSION)d->dimension;
    r->width = d->width;
    r->height = d->height;
    r->depth = d->depth;
    r->mip_levels = d->mip_levels;
    r->array_size = d->array_size;
    r->format = (DXGI_FORMAT)d->format;
    r->sample.Count = d->sample_count;
    r->sample.Quality = d->sample_quality;
    r->usage = (D3D11_USAGE)d->usage;
    r->bind = d->bind;
    r->cpu_access = d->cpu_access;
    r->misc = d->misc;
    r->stride = d->stride;
    rt_resource_init_dxgi(r);
    return r;
}

/* What the kernel keeps of the handle, opened for this device: the allocations' handles and
 * private data, the resource's driver data and the runtime's description. */
struct opened {
    struct aerort_kmt_open_resource o;
    struct rt_share_desc desc;
};

static void opened_free(struct opened *op)
{
    rt_free(op->o.allocations);
    rt_free(op->o.driver_data);
    rt_free(op->o.resource_data);
}

static HRESULT kernel_open(struct rt_device *dev, HANDLE h, struct opened *op)
{
    HRESULT hr;
    memset(op, 0, sizeof *op);
    op->o.shared = h;
    hr = aerort_kmt_query_resource(dev->kmt, &op->o);
    if (FAILED(hr) || op->o.runtime_data_size != sizeof op->desc || op->o.num_allocations == 0)
        return E_INVALIDARG;
    op->o.allocations =
        (D3DDDI_OPENALLOCATIONINFO *)rt_alloc(op->o.num_allocations * sizeof *op->o.allocations);
    op->o.driver_data = rt_alloc(op->o.driver_data_size);
    op->o.resource_data = rt_alloc(op->o.resource_data_size);
    op->o.runtime_data = &op->desc;
    if (op->o.allocations == NULL || op->o.driver_data == NULL || op->o.resource_data == NULL)
        return E_OUTOFMEMORY;
    return aerort_kmt_open_resource(dev->kmt, &op->o);
}

/* D3D10DDIARG_OPENRESOURCE (FACTS-ADDENDUM section 1) to the driver. */
static HRESULT driver_open(struct rt_device *dev, struct rt_resource *r, const struct opened *op)
{
    D3D10DDIARG_OPENRESOURCE a;
    D3D10DDI_HRESOURCE h;
    D3D10DDI_HRTRESOURCE rth;
    HRESULT hr;
    memset(&a, 0, sizeof a);
    a.NumAllocations = op->o.num_allocations;
    a.pOpenAllocationInfo = op->o.allocations;
    a.hKMResource.handle = op->o.hKMResource;
    a.pPrivateDriverData = op->o.resource_data_size != 0 ? op->o.resource_data : NULL;
    a.PrivateDriverDataSize = op->o.resource_data_size;
    RT_LOCK(dev);
    hr = rt_resource_reserve_drv(r, dev->drv.f.pfnCalcPrivateOpenedResourceSize(dev->drv.hdev, &a));
    if (SUCCEEDED(hr)) {
        h.pDrvPrivate = r->obj.drv;
        rth.handle = r;
        rt_ddi_begin(dev);
        dev->drv.f.pfnOpenResource(dev->drv.hdev, &a, h, rth);
        hr = rt_ddi_end(dev);
    }
    RT_UNLOCK(dev);
    return hr;
}

static void kernel_close(struct rt_device *dev, const struct opened *op)
{
    D3DKMT_HANDLE handles[8];
    D3DDDICB_DEALLOCATE d;
    UINT i, n = op->o.num_allocations < 8u ? op->o.num_allocations : 8u;
    for (i = 0; i < n; i++)
        handles[i] = op->o.allocations[i].hAllocation;
    memset(&d, 0, sizeof d);
    d.NumAllocations = n;
    d.HandleList = handles;
    aerort_kmt_deallocate(dev->kmt, &d);
}

/* The opened resource keeps its allocation handles (the runtime frees them with it). */
static HRESULT keep_handles(struct rt_resource *r, const struct opened *op, HANDLE h)
{
    UINT i;
    r->opened = (D3DKMT_HANDLE *)rt_alloc(op->o.num_allocations * sizeof *r->opened);
    if (r->opened == NULL)
        return E_OUTOFMEMORY;
    for (i = 0; i < op->o.num_allocations; i++)
        r->opened[i] = op->o.allocations[i].hAllocation;
    r->opened_count = op->o.num_allocations;
    r->shared = h;
    return S_OK;
}

HRESULT STDMETHODCALLTYPE rt_open_shared(ID3D11Device *iface, HANDLE h, REFIID riid, void **out)
{
    struct rt_device *dev = rt_device_from(iface);
    struct rt_resource *r = NULL;
    struct opened op;
    HRESULT hr;
    if (out == NULL)
        return E_INVALIDARG;
    *out = NULL;
    if (!resource_iid(riid))
        return E_NOINTERFACE;
    hr = kernel_open(dev, h, &op);
    if (SUCCEEDED(hr)) {
        r = object_for(dev, &op.desc);
        hr = r != NULL ? keep_handles(r, &op, h) : E_INVALIDARG;
        if (SUCCEEDED(hr))
            hr = driver_open(dev, r, &op); /* after an error it has no DestroyResource */
        if (FAILED(hr))
            kernel_close(dev, &op);
        if (FAILED(hr) && r != NULL) {
            rt_free(r->opened);
            rt_object_discard(&r->obj);
        }
    }
    opened_free(&op);
    if (FAILED(hr))
        return hr;
    hr = rt_object_qi(&r->obj, riid, out); /* the resource's kind must be the one asked for */
    rt_object_release(&r->obj);
    return hr;
}
