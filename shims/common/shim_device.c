/* SPDX-License-Identifier: MIT */
/* shim_device.c — device creation and teardown, error reporting, memory, ids. */
#include "shim_device.h"

#include <string.h>

#include "shim_result.h"

#define SHIM_ALIGN(n) (((n) + 7u) & ~(size_t)7u)

void shim_report(struct shim_device *dev, HRESULT hr)
{
    if (dev != NULL && FAILED(hr) && dev->set_error != NULL)
        dev->set_error(dev->rt_core, hr);
}

void shim_report_failure(struct shim_device *dev, aerocmd_result result)
{
    shim_report(dev, shim_hresult(result));
}

/* The context's error hook: a failure of a draw, bind or Map/Unmap goes to the runtime. */
static void report_hook(void *user, aerocmd_result result)
{
    shim_report_failure((struct shim_device *)user, result);
}

void shim_report_not_implemented(void *drv_private)
{
    shim_report(shim_device_from(drv_private), E_NOTIMPL);
}

void *shim_object_place(void *drv_private, size_t lib_size, size_t *mem_size)
{
    uintptr_t at = (uintptr_t)drv_private + sizeof(struct shim_object);
    at = (at + 7u) & ~(uintptr_t)7u;
    ((struct shim_object *)drv_private)->obj = NULL;
    *mem_size = lib_size;
    return (void *)at;
}

/* ---- memory: the process heap ------------------------------------------------------ */

static void *heap_resize(void *user, void *ptr, size_t old_size, size_t new_size)
{
    (void)user;
    (void)old_size;
    if (ptr == NULL)
        return HeapAlloc(GetProcessHeap(), 0, new_size);
    return HeapReAlloc(GetProcessHeap(), 0, ptr, new_size);
}

static void heap_release(void *user, void *ptr, size_t size)
{
    (void)user;
    (void)size;
    if (ptr != NULL)
        HeapFree(GetProcessHeap(), 0, ptr);
}

/* ---- ids: one counter for the whole session ---------------------------------------------- */

/* The section every AeroGPU user-mode driver of the session increments (the D3D9 driver
 * too), so protocol handles and alloc_ids never collide between processes. The id rules
 * (and the fallback when the section cannot be opened) are libaerocmd's. */
#define SHIM_ID_COUNTER_NAME L"Local\\AeroGPU.GlobalHandleCounter"

static SRWLOCK id_lock = SRWLOCK_INIT;
static struct aerocmd_umd_id_counter id_counter;
static int id_counter_ready;

static uint64_t increment_shared_counter(void *user)
{
    return (uint64_t)InterlockedIncrement64((volatile LONG64 *)user);
}

/* The section stays mapped for the life of the process. */
static void *map_shared_counter(void)
{
    HANDLE mapping = CreateFileMappingW(INVALID_HANDLE_VALUE, NULL, PAGE_READWRITE, 0,
                                        sizeof(LONG64), SHIM_ID_COUNTER_NAME);
    void *view;
    if (mapping == NULL)
        return NULL;
    view = MapViewOfFile(mapping, FILE_MAP_ALL_ACCESS, 0, 0, sizeof(LONG64));
    if (view == NULL)
        CloseHandle(mapping);
    return view;
}

static aerocmd_result locked_next_id(void *user, enum aerocmd_umd_id_kind kind, uint32_t *out)
{
    aerocmd_result r;
    (void)user;
    AcquireSRWLockExclusive(&id_lock);
    if (!id_counter_ready) {
        void *view = map_shared_counter();
        aerocmd_umd_id_counter_init(&id_counter, view != NULL ? increment_shared_counter : NULL,
                                    view, (uint32_t)GetCurrentProcessId());
        id_counter_ready = 1;
    }
    r = aerocmd_umd_id_counter_next(&id_counter, kind, out);
    ReleaseSRWLockExclusive(&id_lock);
    return r;
}

static const struct aerocmd_umd_id_source id_source = {locked_next_id, NULL, NULL};

const struct aerocmd_umd_id_source *shim_id_source(void)
{
    return &id_source;
}

/* ---- device ------------------------------------------------------------------------- */

size_t shim_device_private_size(void)
{
    return SHIM_ALIGN(sizeof(struct shim_device)) + SHIM_ALIGN(aerocmd_umd_device_size()) +
           SHIM_ALIGN(aerocmd_umd_context_size()) + 8u;
}

static void device_take_args(struct shim_device *dev, enum shim_api api,
                             const D3D10DDIARG_CREATEDEVICE *args)
{
    dev->magic = SHIM_DEVICE_MAGIC;
    dev->api = api;
    dev->rt_core = args->hRTCoreLayer;
    /* pfnSetErrorCb is slot 0 of both core-layer tables. */
    dev->set_error = api == SHIM_API_D3D11_0 ? args->p11UMCallbacks->pfnSetErrorCb
                                             : args->pUMCallbacks->pfnSetErrorCb;
    dev->rt_device = args->hRTDevice.handle;
    dev->dxgi_callbacks = args->DXGIBaseDDI.pDXGIBaseCallbacks;
    dev->allocator.resize = heap_resize;
    dev->allocator.release = heap_release;
    dev->allocator.user = NULL;
}

HRESULT shim_device_create(void *mem, enum shim_api api, uint32_t abi_version, uint64_t features,
                           D3D10DDIARG_CREATEDEVICE *args)
{
    struct shim_device *dev = (struct shim_device *)(((uintptr_t)mem + 7u) & ~(uintptr_t)7u);
    uint8_t *dev_mem = (uint8_t *)dev + SHIM_ALIGN(sizeof *dev);
    uint8_t *ctx_mem = dev_mem + SHIM_ALIGN(aerocmd_umd_device_size());
    struct aerocmd_umd_device_desc desc;
    aerocmd_result r;
    HRESULT hr;
    if (dev != mem)
        return E_INVALIDARG; /* the runtime's memory is always pointer-aligned or better */
    memset(dev, 0, sizeof *dev);
    device_take_args(dev, api, args);
    dev->abi_version = abi_version;
    hr = shim_runtime_open(&dev->rt, args->hRTDevice.handle, args->pKTCallbacks);
    if (FAILED(hr))
        return hr;
    shim_runtime_callbacks(&dev->rt, &dev->callbacks);
    memset(&desc, 0, sizeof desc);
    desc.abi_version = abi_version;
    desc.features = features;
    desc.callbacks = &dev->callbacks;
    desc.allocator = &dev->allocator;
    desc.ids = *shim_id_source();
    r = aerocmd_umd_device_init(dev_mem, aerocmd_umd_device_size(), &desc, &dev->dev);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_context_init(ctx_mem, aerocmd_umd_context_size(), dev->dev, &dev->ctx);
    if (r == AEROCMD_OK)
        aerocmd_umd_context_set_error_hook(dev->ctx, report_hook, dev);
    if (r != AEROCMD_OK) {
        if (dev->dev != NULL)
            aerocmd_umd_device_destroy(dev->dev);
        shim_runtime_close(&dev->rt);
        dev->magic = 0;
        return shim_hresult(r);
    }
    return S_OK;
}

void APIENTRY shim_destroy_device(D3D10DDI_HDEVICE h)
{
    struct shim_device *dev = shim_dev(h);
    if (dev == NULL)
        return;
    aerocmd_umd_context_destroy(dev->ctx);
    aerocmd_umd_device_destroy(dev->dev);
    shim_runtime_close(&dev->rt);
    dev->magic = 0;
}
