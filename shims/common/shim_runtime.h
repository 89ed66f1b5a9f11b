/* SPDX-License-Identifier: MIT */
/* shim_runtime.h — aerocmd_umd_callbacks over the Windows 7 runtime callbacks.
 *
 * One kernel context per device (pfnCreateContextCb), whose DMA buffer, allocation list
 * and patch list the runtime owns and replaces after every pfnRenderCb. The state tracker
 * borrows that DMA buffer as its command buffer; its neutral allocation list is turned
 * into D3DDDI_ALLOCATIONLIST entries (one per allocation, write intent if any reference
 * writes) when the buffer is submitted. The patch list stays empty: the stream names
 * memory by alloc_id, never by address. Each submission carries a shim_dma_private whose
 * fence is the submission's number on this context. The CPU waits for the GPU only inside
 * pfnLockCb and DXGI's present callback (shim_runtime.c): no synchronization object. */
#ifndef SHIM_RUNTIME_H
#define SHIM_RUNTIME_H

#include "aerocmd/umd_callbacks.h"
#include "aerogpu_ddi/ddi.h"
#include "shim_dma_private.h"

/* Allocation-list entries lent to the state tracker per command buffer (fewer when the
 * runtime's list is shorter). */
#define SHIM_MAX_ALLOC_REFS 256u

struct shim_runtime {
    HANDLE rt_device;
    D3DDDI_DEVICECALLBACKS kt; /* copied at CreateDevice */
    HANDLE context;
    void *cmd;
    UINT cmd_size;
    D3DDDI_ALLOCATIONLIST *alloc_list;
    UINT alloc_list_size;
    D3DDDI_PATCHLOCATIONLIST *patch_list;
    UINT patch_list_size;
    int lent;
    uint64_t next_fence;
    struct shim_dma_private dma_private;
    struct aerocmd_umd_alloc_ref refs[SHIM_MAX_ALLOC_REFS];
    struct aerocmd_umd_alloc_ref merged[SHIM_MAX_ALLOC_REFS]; /* one per allocation */
    /* hResource for pfnAllocateCb: the runtime's handle of the shareable resource being
     * created (set around its creation), NULL otherwise. */
    HANDLE allocating_for;
};

/* Creates the kernel context. Returns the runtime's HRESULT. */
HRESULT shim_runtime_open(struct shim_runtime *rt, HANDLE rt_device,
                          const D3DDDI_DEVICECALLBACKS *kt);
void shim_runtime_close(struct shim_runtime *rt);

/* The callback table with user = rt. */
void shim_runtime_callbacks(struct shim_runtime *rt, struct aerocmd_umd_callbacks *out);

#endif
