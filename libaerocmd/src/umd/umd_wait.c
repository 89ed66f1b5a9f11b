/* SPDX-License-Identifier: MIT */
/* umd_wait.c — waiting for the GPU: the operating system's answers normalised in one
 * table, tear-free reads of the device's fence page, "make sure this command buffer is
 * done", and locking guest memory once the GPU is done with it, by fence wait or by a lock
 * that waits by itself (umd_callbacks.h). */
#include <stddef.h>

#include "aerocmd/umd_data.h"
#include "aerogpu_ring.h"
#include "umd_wait.h"

/* Raw codes a wait may answer with. The issue names the busy status
 * STATUS_GRAPHICS_GPU_BUSY; the published headers call 0xC01E0102
 * STATUS_GRAPHICS_ALLOCATION_BUSY, and the HRESULT form of the same status is included. */
#define OS_S_OK                            0x00000000u
#define OS_WAIT_TIMEOUT                    0x00000102u /* also STATUS_TIMEOUT, a success code */
#define OS_STATUS_PENDING                  0x00000103u
#define OS_ERROR_TIMEOUT                   0x000005B4u
#define OS_HRESULT_ERROR_TIMEOUT           0x800705B4u
#define OS_E_PENDING                       0x8000000Au
#define OS_DXGI_ERROR_WAS_STILL_DRAWING    0x887A000Au
#define OS_DXGI_DDI_ERR_WASSTILLDRAWING    0x887B0001u
#define OS_D3DERR_WASSTILLDRAWING          0x8876021Cu /* pfnLockCb with DonotWait, busy */
#define OS_STATUS_GRAPHICS_ALLOCATION_BUSY 0xC01E0102u
#define OS_ERROR_GRAPHICS_ALLOCATION_BUSY  0xC0262102u
#define OS_DXGI_ERROR_DEVICE_REMOVED       0x887A0005u
#define OS_DXGI_ERROR_DEVICE_HUNG          0x887A0006u
#define OS_DXGI_ERROR_DEVICE_RESET         0x887A0007u
#define OS_STATUS_DEVICE_REMOVED           0xC00002B6u
#define OS_E_OUTOFMEMORY                   0x8007000Eu
#define OS_STATUS_NO_MEMORY                0xC0000017u

struct os_code_result {
    uint32_t code;
    aerocmd_result result;
};

static const struct os_code_result os_codes[] = {
    {OS_S_OK, AEROCMD_OK},
    {OS_WAIT_TIMEOUT, AEROCMD_E_STILL_DRAWING},
    {OS_STATUS_PENDING, AEROCMD_E_STILL_DRAWING},
    {OS_ERROR_TIMEOUT, AEROCMD_E_STILL_DRAWING},
    {OS_HRESULT_ERROR_TIMEOUT, AEROCMD_E_STILL_DRAWING},
    {OS_E_PENDING, AEROCMD_E_STILL_DRAWING},
    {OS_DXGI_ERROR_WAS_STILL_DRAWING, AEROCMD_E_STILL_DRAWING},
    {OS_DXGI_DDI_ERR_WASSTILLDRAWING, AEROCMD_E_STILL_DRAWING},
    {OS_D3DERR_WASSTILLDRAWING, AEROCMD_E_STILL_DRAWING},
    {OS_STATUS_GRAPHICS_ALLOCATION_BUSY, AEROCMD_E_STILL_DRAWING},
    {OS_ERROR_GRAPHICS_ALLOCATION_BUSY, AEROCMD_E_STILL_DRAWING},
    {OS_DXGI_ERROR_DEVICE_REMOVED, AEROCMD_E_DEVICE_REMOVED},
    {OS_DXGI_ERROR_DEVICE_HUNG, AEROCMD_E_DEVICE_REMOVED},
    {OS_DXGI_ERROR_DEVICE_RESET, AEROCMD_E_DEVICE_REMOVED},
    {OS_STATUS_DEVICE_REMOVED, AEROCMD_E_DEVICE_REMOVED},
    {OS_E_OUTOFMEMORY, AEROCMD_E_OUT_OF_MEMORY},
    {OS_STATUS_NO_MEMORY, AEROCMD_E_OUT_OF_MEMORY},
};

aerocmd_result aerocmd_umd_wait_result(uint32_t os_code)
{
    size_t i;
    for (i = 0; i < sizeof os_codes / sizeof os_codes[0]; i++)
        if (os_codes[i].code == os_code)
            return os_codes[i].result;
    /* HRESULT and NTSTATUS both mark failures with the top bit. */
    return (os_code & 0x80000000u) ? AEROCMD_E_INVALID_ARG : AEROCMD_OK;
}

uint64_t aerocmd_umd_read_fence64(const volatile uint32_t *words)
{
    uint32_t hi, lo, again;
    /* A 32-bit guest reads the two halves separately; a carry between them would pair a
     * new high word with an old low word, so retry until the high word is stable. */
    hi = words[1];
    for (;;) {
        lo = words[0];
        again = words[1];
        if (again == hi)
            return ((uint64_t)hi << 32) | lo;
        hi = again;
    }
}

static uint64_t completed_fence(const struct aerocmd_umd_device *dev)
{
    const volatile uint8_t *page = (const volatile uint8_t *)dev->fence_page;
    const volatile void *words = page + offsetof(struct aerogpu_fence_page, completed_fence);
    return aerocmd_umd_read_fence64((const volatile uint32_t *)words);
}

static aerocmd_result wait_fence(struct aerocmd_umd_context *ctx, uint64_t fence, uint32_t flags)
{
    struct aerocmd_umd_device *dev = ctx->dev;
    uint32_t wait_flags = (flags & AEROCMD_UMD_MAP_DO_NOT_WAIT) ? AEROCMD_UMD_WAIT_DO_NOT_WAIT : 0u;
    aerocmd_result r;
    if (dev->fence_page != NULL && completed_fence(dev) >= fence)
        return AEROCMD_OK;
    if (dev->cb.wait_fence_raw != NULL)
        r = aerocmd_umd_wait_result(
            UMD_CALL(dev, WAIT_FENCE_RAW, wait_fence_raw, fence, wait_flags));
    else if (dev->cb.wait_fence != NULL)
        r = UMD_CALL(dev, WAIT_FENCE, wait_fence, fence, wait_flags);
    else
        return AEROCMD_E_NOT_IMPLEMENTED; /* a table that waits only through its locks */
    if (r == AEROCMD_E_DEVICE_REMOVED)
        aerocmd_priv_umd_mark_lost(ctx);
    return r;
}

/* Submits command buffer `serial` when it is the open one. */
static aerocmd_result submit_serial(struct aerocmd_umd_context *ctx, uint64_t serial)
{
    if (serial == 0)
        return AEROCMD_OK;
    if (ctx->lost)
        return AEROCMD_E_DEVICE_REMOVED;
    return serial >= ctx->serial ? aerocmd_priv_umd_submit(ctx, 0) : AEROCMD_OK;
}

aerocmd_result aerocmd_priv_umd_wait_serial(struct aerocmd_umd_context *ctx, uint64_t serial,
                                            uint32_t flags)
{
    uint64_t fence;
    aerocmd_result r = submit_serial(ctx, serial);
    if (r != AEROCMD_OK || serial == 0)
        return r;
    fence = aerocmd_priv_umd_fence_of_serial(ctx, serial);
    if (fence == 0 || fence == UINT64_MAX)
        return AEROCMD_OK; /* nothing was submitted there after all */
    return wait_fence(ctx, fence, flags);
}

aerocmd_result aerocmd_priv_umd_lock_when_done(struct aerocmd_umd_context *ctx,
                                               const struct aerocmd_umd_memory *memory,
                                               uint64_t serial, uint32_t flags, void **cpu)
{
    struct aerocmd_umd_device *dev = ctx->dev;
    uint32_t lock_flags = 0;
    aerocmd_result r;
    *cpu = NULL;
    if (dev->cb.flags & AEROCMD_UMD_CB_LOCK_WAITS) {
        /* The operating system only knows about work it has been given. */
        r = submit_serial(ctx, serial);
        if (flags & AEROCMD_UMD_MAP_DO_NOT_WAIT)
            lock_flags = AEROCMD_UMD_LOCK_DO_NOT_WAIT;
    } else {
        r = aerocmd_priv_umd_wait_serial(ctx, serial, flags);
    }
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_priv_umd_memory_result(
        dev, UMD_CALL(dev, LOCK_WHEN_DONE, lock_memory, memory, lock_flags, cpu));
    if (r == AEROCMD_OK && *cpu == NULL) {
        dev->cb.unlock_memory(dev->cb.user, memory);
        r = AEROCMD_E_INVALID_ARG;
    }
    return r;
}

aerocmd_result aerocmd_umd_wait_idle(struct aerocmd_umd_context *ctx, uint32_t flags)
{
    aerocmd_result r = aerocmd_priv_umd_submit(ctx, 0);
    if (r != AEROCMD_OK)
        return r;
    if (ctx->last_fence == 0)
        return AEROCMD_OK;
    return wait_fence(ctx, ctx->last_fence, flags);
}
