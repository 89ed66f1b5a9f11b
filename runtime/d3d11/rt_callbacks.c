/* SPDX-License-Identifier: MIT */
/* rt_callbacks.c — the callbacks the runtime gives the driver at CreateDevice: the kernel
 * thunks (allocations, contexts, render, locks) go to the runtime's kernel in dxgi.dll as
 * the D3DKMT calls go to dxgkrnl; pfnSetErrorCb records the error of the call in progress;
 * DXGI's pfnPresentCb is the kernel's present. The runtime's handle of the device is the
 * device itself, for hRTDevice and hRTCoreLayer alike. */
#include "rt_internal.h"

static struct rt_device *dev_of(HANDLE h)
{
    return (struct rt_device *)h;
}

/* Allocations for a resource (hResource: the runtime's handle, which is the resource): the
 * runtime keeps the kernel resource's handle, under which it shares the resource. */
static HRESULT APIENTRY allocate_cb(HANDLE h, D3DDDICB_ALLOCATE *a)
{
    HRESULT hr = aerort_kmt_allocate(dev_of(h)->kmt, a);
    if (SUCCEEDED(hr) && a->hResource != NULL)
        ((struct rt_resource *)a->hResource)->km_resource = a->hKMResource;
    return hr;
}

static HRESULT APIENTRY deallocate_cb(HANDLE h, CONST D3DDDICB_DEALLOCATE *d)
{
    return aerort_kmt_deallocate(dev_of(h)->kmt, d);
}

static HRESULT APIENTRY render_cb(HANDLE h, D3DDDICB_RENDER *r)
{
    return aerort_kmt_render(dev_of(h)->kmt, r);
}

static HRESULT APIENTRY lock_cb(HANDLE h, D3DDDICB_LOCK *l)
{
    return aerort_kmt_lock(dev_of(h)->kmt, l);
}

static HRESULT APIENTRY unlock_cb(HANDLE h, CONST D3DDDICB_UNLOCK *u)
{
    return aerort_kmt_unlock(dev_of(h)->kmt, u);
}

static HRESULT APIENTRY create_context_cb(HANDLE h, D3DDDICB_CREATECONTEXT *c)
{
    return aerort_kmt_create_context(dev_of(h)->kmt, c);
}

static HRESULT APIENTRY destroy_context_cb(HANDLE h, CONST D3DDDICB_DESTROYCONTEXT *c)
{
    return aerort_kmt_destroy_context(dev_of(h)->kmt, c);
}

/* Residency and priority: everything is resident; priorities are hints. */
static HRESULT APIENTRY set_priority_cb(HANDLE h, D3DDDICB_SETPRIORITY *p)
{
    (void)h;
    (void)p;
    return S_OK;
}

static void APIENTRY set_error_cb(D3D10DDI_HRTCORELAYER core, HRESULT hr)
{
    struct rt_device *dev = (struct rt_device *)core.handle;
    dev->ddi_error = hr;
}

/* The present's kernel work, throttled to the device's frame latency. */
static HRESULT APIENTRY present_cb(HANDLE h, DXGIDDICB_PRESENT *p)
{
    struct rt_device *dev = dev_of(h);
    return aerort_kmt_present(dev->kmt, p, dev->frame_latency);
}

void rt_callbacks_fill(struct rt_device *dev)
{
    struct rt_driver *drv = &dev->drv;
    drv->kt.pfnAllocateCb = allocate_cb;
    drv->kt.pfnDeallocateCb = deallocate_cb;
    drv->kt.pfnSetPriorityCb = set_priority_cb;
    drv->kt.pfnRenderCb = render_cb;
    drv->kt.pfnLockCb = lock_cb;
    drv->kt.pfnUnlockCb = unlock_cb;
    drv->kt.pfnCreateContextCb = create_context_cb;
    drv->kt.pfnDestroyContextCb = destroy_context_cb;
    drv->core.pfnSetErrorCb = set_error_cb;
    drv->dxgi_cb.pfnPresentCb = present_cb;
}

/* What a void driver call reported: device loss is remembered (every later call then fails
 * as Direct3D's do with DXGI_ERROR_DEVICE_REMOVED). */
HRESULT rt_ddi_end(struct rt_device *dev)
{
    HRESULT hr = dev->ddi_error;
    if (hr == AERORT_D3DDDIERR_DEVICEREMOVED || hr == DXGI_ERROR_DEVICE_REMOVED) {
        if (dev->removed == S_OK)
            dev->removed = DXGI_ERROR_DEVICE_REMOVED;
        aerort_log("the driver reports the device lost");
        hr = DXGI_ERROR_DEVICE_REMOVED;
    }
    return hr;
}
