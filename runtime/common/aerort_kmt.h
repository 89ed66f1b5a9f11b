/* SPDX-License-Identifier: MIT */
/* aerort_kmt.h — the runtime's kernel: what dxgkrnl and the AeroGPU kernel driver do for a
 * Direct3D runtime on Windows 7, exported by dxgi.dll to d3d11.dll (as gdi32's D3DKMT
 * thunks reach the kernel there).
 *
 * One kernel device per Direct3D device: its allocations, its contexts, its KMD validator
 * (the DxgkDdiRender path of shims/kmd over libaerocmd's kernel-safe core) and its link
 * to the GPU (a live `aerocmd host` connection; AEROCMD_HOST names it). The runtime's
 * callbacks (pfnAllocateCb, pfnRenderCb, pfnLockCb, ...) hand their DDI argument structs
 * to these functions unchanged: the kernel reads them as dxgkrnl reads the D3DKMT ones. */
#ifndef AERORT_KMT_H
#define AERORT_KMT_H

#include "aerogpu_ddi/ddi.h"

#ifdef AERORT_KMT_BUILD
#define AERORT_KMT_API __declspec(dllexport)
#else
#define AERORT_KMT_API __declspec(dllimport)
#endif

#define AERORT_D3DERR_WASSTILLDRAWING  ((HRESULT)0x8876021CL) /* d3dumddi.h's value */
#define AERORT_D3DDDIERR_DEVICEREMOVED ((HRESULT)0x88760870L)

struct aerort_kmt_device;

/* DxgkDdiQueryAdapterInfo(DXGKQAITYPE_UMDRIVERPRIVATE): the AeroGPU adapter blob
 * (aerogpu_umd_private.h) the user-mode driver asks for at OpenAdapter. */
AERORT_KMT_API HRESULT aerort_kmt_query_adapter_info(const D3DDDICB_QUERYADAPTERINFO *q);

/* A kernel device and its GPU link. E_FAIL (with a line on stderr saying why) when the GPU
 * cannot be reached. */
AERORT_KMT_API HRESULT aerort_kmt_open_device(struct aerort_kmt_device **out);
AERORT_KMT_API void aerort_kmt_close_device(struct aerort_kmt_device *dev);

AERORT_KMT_API HRESULT aerort_kmt_allocate(struct aerort_kmt_device *dev, D3DDDICB_ALLOCATE *a);
AERORT_KMT_API HRESULT aerort_kmt_deallocate(struct aerort_kmt_device *dev,
                                             const D3DDDICB_DEALLOCATE *d);
AERORT_KMT_API HRESULT aerort_kmt_lock(struct aerort_kmt_device *dev, D3DDDICB_LOCK *l);
AERORT_KMT_API HRESULT aerort_kmt_unlock(struct aerort_kmt_device *dev, const D3DDDICB_UNLOCK *u);

AERORT_KMT_API HRESULT aerort_kmt_create_context(struct aerort_kmt_device *dev,
                                                 D3DDDICB_CREATECONTEXT *c);
AERORT_KMT_API HRESULT aerort_kmt_destroy_context(struct aerort_kmt_device *dev,
                                                  const D3DDDICB_DESTROYCONTEXT *c);
AERORT_KMT_API HRESULT aerort_kmt_render(struct aerort_kmt_device *dev, D3DDDICB_RENDER *r);

/* DXGI's present callback: the present's DMA buffer went through render already (the
 * user-mode driver writes PRESENT itself); the kernel throttles (at most `latency` presents
 * in flight), records the present and, when p->pDXGIContext (DXGI's
 * aerort_present_context) names a visible window, draws the picture into it. */
AERORT_KMT_API HRESULT aerort_kmt_present(struct aerort_kmt_device *dev, const DXGIDDICB_PRESENT *p,
                                          UINT latency);

/* Shared resources, as dxgkrnl keeps them. Allocations made with pfnAllocateCb's hResource
 * set form a kernel resource (hKMResource): the private driver data the KMD preserved, per
 * allocation. The runtime stores its own description of the resource with it and gets the
 * shared handle (D3DKMTCreateAllocation's runtime private data and CreateShared); a device
 * looks the handle up (D3DKMTQueryResourceInfo) and opens the allocations for itself
 * (D3DKMTOpenResource: DxgkDdiOpenAllocation over the preserved data, new handles for the
 * same memory). Every device of the process can look a handle up and open it (the devices
 * are contexts of one host connection, which knows the share token, and the memory is the
 * process's). The handle is valid while an allocation of it lives. */
AERORT_KMT_API HRESULT aerort_kmt_share_resource(struct aerort_kmt_device *dev,
                                                 D3DKMT_HANDLE hKMResource,
                                                 const void *runtime_data, UINT runtime_data_size,
                                                 HANDLE *shared);

struct aerort_kmt_open_resource {
    HANDLE shared;
    UINT num_allocations; /* query: out; open: the room of `allocations` */
    /* open: out, each allocation's handle on this device and private data (in driver_data) */
    D3DDDI_OPENALLOCATIONINFO *allocations;
    void *driver_data;         /* every allocation's private data, in order */
    UINT driver_data_size;     /* query: out (the total); open: room */
    void *resource_data;       /* the resource's own private driver data (pfnAllocateCb's) */
    UINT resource_data_size;   /* query: out; open: room */
    void *runtime_data;        /* the runtime's description */
    UINT runtime_data_size;    /* query: out; open: room */
    D3DKMT_HANDLE hKMResource; /* open: out */
};

/* E_INVALIDARG for a handle that names no live shared resource (open: nor one of a
 * connection lost before this device was made). */
AERORT_KMT_API HRESULT aerort_kmt_query_resource(struct aerort_kmt_device *dev,
                                                 struct aerort_kmt_open_resource *o);
AERORT_KMT_API HRESULT aerort_kmt_open_resource(struct aerort_kmt_device *dev,
                                                struct aerort_kmt_open_resource *o);

/* Waits until everything submitted so far has completed (the runtime's own waits: device
 * teardown). */
AERORT_KMT_API HRESULT aerort_kmt_wait_idle(struct aerort_kmt_device *dev);

/* The reason the device was lost (S_OK while it is not). */
AERORT_KMT_API HRESULT aerort_kmt_device_state(struct aerort_kmt_device *dev);

#endif
