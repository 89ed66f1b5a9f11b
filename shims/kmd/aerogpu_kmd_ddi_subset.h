/* SPDX-License-Identifier: MIT */
/* aerogpu_kmd_ddi_subset.h — the few DXGK fields the KMD shim reads, written from the
 * public DxgkDdiRender / DXGKARG_RENDER / DXGK_ALLOCATIONLIST documentation (no WDK here).
 * Names carry an AEROGPU_ prefix so a real d3dkmddi.h can coexist; member order follows
 * the documented structs.
 *
 * Layout checks (end of file). D3DDDI_PATCHLOCATIONLIST is in the DDI facts
 * (subprojects/aerogpu_ddi/facts/win7-ddi-layouts.json, measured on the real headers): its
 * size and offsets are checked against them. DXGKARG_RENDER and DXGK_ALLOCATIONLIST are not
 * in the facts (they cover the user-mode DDI); their checks are the documented member
 * order laid out by the Windows C ABI (natural alignment, LARGE_INTEGER 8-aligned on x86
 * and x64), so they catch a member dropped, moved or retyped here, not a mistake in the
 * documentation itself. */
#ifndef AEROGPU_KMD_DDI_SUBSET_H
#define AEROGPU_KMD_DDI_SUBSET_H

#include <stddef.h>
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

/* D3DDDI_PATCHLOCATIONLIST (the output list stays empty: the stream names memory by
 * alloc_id, never by address). */
typedef struct AEROGPU_D3DDDI_PATCHLOCATIONLIST {
    AEROGPU_UINT AllocationIndex;
    AEROGPU_UINT Value; /* SlotId : 24, Reserved : 8 */
    AEROGPU_UINT DriverId;
    AEROGPU_UINT AllocationOffset;
    AEROGPU_UINT PatchOffset;
    AEROGPU_UINT SplitOffset;
} AEROGPU_D3DDDI_PATCHLOCATIONLIST;

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

/* ---- layout checks ---------------------------------------------------------------------- */

#define AEROGPU_KMD_CHECK(name, cond) typedef char aerogpu_kmd_check_##name[(cond) ? 1 : -1]
#define AEROGPU_KMD_AT(type, member, off)                                                          \
    AEROGPU_KMD_CHECK(type##_##member, offsetof(type, member) == (off))

/* From the facts (the same numbers on x86 and x64). */
AEROGPU_KMD_CHECK(patch_size, sizeof(AEROGPU_D3DDDI_PATCHLOCATIONLIST) == 24);
AEROGPU_KMD_AT(AEROGPU_D3DDDI_PATCHLOCATIONLIST, AllocationIndex, 0);
AEROGPU_KMD_AT(AEROGPU_D3DDDI_PATCHLOCATIONLIST, Value, 4);
AEROGPU_KMD_AT(AEROGPU_D3DDDI_PATCHLOCATIONLIST, DriverId, 8);
AEROGPU_KMD_AT(AEROGPU_D3DDDI_PATCHLOCATIONLIST, AllocationOffset, 12);
AEROGPU_KMD_AT(AEROGPU_D3DDDI_PATCHLOCATIONLIST, PatchOffset, 16);
AEROGPU_KMD_AT(AEROGPU_D3DDDI_PATCHLOCATIONLIST, SplitOffset, 20);

/* From the documented member order under the Windows ABI (see the top of the file). */
#if UINTPTR_MAX > 0xFFFFFFFFu
#define AEROGPU_KMD_X64(x64, x86) (x64)
#else
#define AEROGPU_KMD_X64(x64, x86) (x86)
#endif
AEROGPU_KMD_CHECK(physical_address_size, sizeof(AEROGPU_PHYSICAL_ADDRESS) == 8);
AEROGPU_KMD_CHECK(alloclist_size, sizeof(AEROGPU_DXGK_ALLOCATIONLIST) == AEROGPU_KMD_X64(24, 16));
AEROGPU_KMD_AT(AEROGPU_DXGK_ALLOCATIONLIST, hDeviceSpecificAllocation, 0);
AEROGPU_KMD_AT(AEROGPU_DXGK_ALLOCATIONLIST, PhysicalAddress, AEROGPU_KMD_X64(16, 8));
AEROGPU_KMD_CHECK(render_size, sizeof(AEROGPU_DXGKARG_RENDER) == AEROGPU_KMD_X64(112, 64));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, pCommand, 0);
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, CommandLength, AEROGPU_KMD_X64(8, 4));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, pDmaBuffer, AEROGPU_KMD_X64(16, 8));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, DmaSize, AEROGPU_KMD_X64(24, 12));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, pDmaBufferPrivateData, AEROGPU_KMD_X64(32, 16));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, DmaBufferPrivateDataSize, AEROGPU_KMD_X64(40, 20));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, pAllocationList, AEROGPU_KMD_X64(48, 24));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, AllocationListSize, AEROGPU_KMD_X64(56, 28));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, pPatchLocationListIn, AEROGPU_KMD_X64(64, 32));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, PatchLocationListInSize, AEROGPU_KMD_X64(72, 36));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, pPatchLocationListOut, AEROGPU_KMD_X64(80, 40));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, PatchLocationListOutSize, AEROGPU_KMD_X64(88, 44));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, MultipassOffset, AEROGPU_KMD_X64(92, 48));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, DmaBufferSegmentId, AEROGPU_KMD_X64(96, 52));
AEROGPU_KMD_AT(AEROGPU_DXGKARG_RENDER, DmaBufferPhysicalAddress, AEROGPU_KMD_X64(104, 56));

#endif /* AEROGPU_KMD_DDI_SUBSET_H */
