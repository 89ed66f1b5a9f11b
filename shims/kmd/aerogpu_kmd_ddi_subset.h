/* SPDX-License-Identifier: MIT */
/* aerogpu_kmd_ddi_subset.h — the few DXGK fields the KMD shim reads, written from the
 * public DxgkDdiRender / DXGKARG_RENDER / DXGK_ALLOCATIONLIST documentation (no WDK here).
 * Names carry an AEROGPU_ prefix so a real d3dkmddi.h can coexist; member order follows
 * the documented structs. When the clean-room DDI subset package lands in subprojects/,
 * these typedefs should be replaced by it (its size/offset asserts then cover them). */
#ifndef AEROGPU_KMD_DDI_SUBSET_H
#define AEROGPU_KMD_DDI_SUBSET_H

#include <stdint.h>

typedef int32_t AEROGPU_NTSTATUS;
typedef uint32_t AEROGPU_UINT;

typedef union AEROGPU_PHYSICAL_ADDRESS {
    struct {
        uint32_t LowPart;
        int32_t HighPart;
    } u;
    int64_t QuadPart;
} AEROGPU_PHYSICAL_ADDRESS;

/* DXGK_ALLOCATIONLIST: device-specific handle, flag bits, last known address. */
typedef struct AEROGPU_DXGK_ALLOCATIONLIST {
    void *hDeviceSpecificAllocation;
    AEROGPU_UINT WriteOperation : 1;
    AEROGPU_UINT SegmentId : 5;
    AEROGPU_UINT Reserved : 26;
    AEROGPU_PHYSICAL_ADDRESS PhysicalAddress;
} AEROGPU_DXGK_ALLOCATIONLIST;

/* D3DDDI_PATCHLOCATIONLIST is only ever counted, never written (the output list is empty). */
typedef struct AEROGPU_D3DDDI_PATCHLOCATIONLIST AEROGPU_D3DDDI_PATCHLOCATIONLIST;

/* DXGKARG_RENDER, in documented member order. */
typedef struct AEROGPU_DXGKARG_RENDER {
    const void *pCommand;
    AEROGPU_UINT CommandLength;
    void *pDmaBuffer;
    AEROGPU_UINT DmaSize;
    void *pDmaBufferPrivateData;
    AEROGPU_UINT DmaBufferPrivateDataSize;
    AEROGPU_DXGK_ALLOCATIONLIST *pAllocationList;
    AEROGPU_UINT AllocationListSize;
    AEROGPU_D3DDDI_PATCHLOCATIONLIST *pPatchLocationListIn;
    AEROGPU_UINT PatchLocationListInSize;
    AEROGPU_D3DDDI_PATCHLOCATIONLIST *pPatchLocationListOut;
    AEROGPU_UINT PatchLocationListOutSize;
    AEROGPU_UINT MultipassOffset;
    AEROGPU_UINT DmaBufferSegmentId;
    AEROGPU_PHYSICAL_ADDRESS DmaBufferPhysicalAddress;
} AEROGPU_DXGKARG_RENDER;

#endif /* AEROGPU_KMD_DDI_SUBSET_H */
