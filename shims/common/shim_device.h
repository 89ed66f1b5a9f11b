/* SPDX-License-Identifier: MIT */
/* shim_device.h — the device every shim shares, and the driver-private object memory.
 *
 * The runtime gives the driver memory for each object (sized by the pfnCalcPrivate*Size
 * answers). Each holds a shim_object header, then the libaerocmd object placed 8-byte
 * aligned behind it. The header's pointer stays NULL when creation failed, so a later bind
 * or destroy of that handle does nothing. The device's memory likewise holds the
 * shim_device, then the state tracker's device and context. */
#ifndef SHIM_DEVICE_H
#define SHIM_DEVICE_H

#include "aerocmd/alloc.h"
#include "aerocmd/umd_data.h"
#include "aerocmd/umd_device.h"
#include "aerocmd/umd_objects.h"
#include "aerocmd/umd_pipeline.h"
#include "aerogpu_ddi/ddi.h"
#include "shim_runtime.h"

/* What a size query answers for a kind the shims do not create (the create then reports
 * E_NOTIMPL). */
#define SHIM_STUB_OBJECT_SIZE 16u

enum shim_api { SHIM_API_D3D10_0 = 0, SHIM_API_D3D10_1 = 1, SHIM_API_D3D11_0 = 2 };

struct shim_object {
    void *obj; /* the libaerocmd object, NULL until created */
    uint32_t reserved[2];
};

#define SHIM_OBJECT_BYTES(lib_size) (sizeof(struct shim_object) + 8u + (lib_size))

struct shim_device {
    uint32_t magic;
    enum shim_api api;
    D3D10DDI_HRTCORELAYER rt_core;
    PFND3D10DDI_SETERROR_CB set_error;
    HANDLE rt_device;
    const DXGI_DDI_BASE_CALLBACKS *dxgi_callbacks;
    uint32_t abi_version;
    struct aerocmd_allocator allocator;
    struct aerocmd_umd_callbacks callbacks;
    struct aerocmd_umd_device *dev;
    struct aerocmd_umd_context *ctx;
    struct shim_runtime rt;
};

#define SHIM_DEVICE_MAGIC 0x56444741u /* "AGDV" */

/* Inline: every DDI call starts here, draws included. */
static inline struct shim_device *shim_device_from(void *drv_private)
{
    struct shim_device *dev = (struct shim_device *)drv_private;
    return dev != NULL && dev->magic == SHIM_DEVICE_MAGIC ? dev : NULL;
}
static inline struct shim_device *shim_dev(D3D10DDI_HDEVICE h)
{
    return shim_device_from(h.pDrvPrivate);
}

/* Reports hr (when it is a failure) through pfnSetErrorCb. */
void shim_report(struct shim_device *dev, HRESULT hr);
void shim_report_failure(struct shim_device *dev, aerocmd_result result);
static inline void shim_report_result(struct shim_device *dev, aerocmd_result result)
{
    if (result != AEROCMD_OK)
        shim_report_failure(dev, result);
}
/* For the generated stubs: E_NOTIMPL on the device whose private memory this is. */
void shim_report_not_implemented(void *drv_private);

/* The context of a device handle the runtime gave back, for the hot entry points that
 * hand their call straight to libaerocmd: those report failures through the context's
 * error hook (shim_device_create sets it), not through the result. */
static inline struct aerocmd_umd_context *shim_ctx(D3D10DDI_HDEVICE h)
{
    return ((struct shim_device *)h.pDrvPrivate)->ctx;
}

/* The libaerocmd object of a handle (NULL for a NULL handle or a failed create). */
static inline void *shim_obj(void *drv_private)
{
    return drv_private != NULL ? ((struct shim_object *)drv_private)->obj : NULL;
}
/* Where the libaerocmd object goes inside the runtime's memory for it. */
void *shim_object_place(void *drv_private, size_t lib_size, size_t *mem_size);

/* Device memory and life. */
size_t shim_device_private_size(void);
HRESULT shim_device_create(void *mem, enum shim_api api, uint32_t abi_version, uint64_t features,
                           D3D10DDIARG_CREATEDEVICE *args);
void APIENTRY shim_destroy_device(D3D10DDI_HDEVICE h);

/* The process-wide handle / alloc_id source every device draws from. */
const struct aerocmd_umd_id_source *shim_id_source(void);

#endif
