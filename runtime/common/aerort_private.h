/* SPDX-License-Identifier: MIT */
/* aerort_private.h — what dxgi.dll asks of a Direct3D 11 device of d3d11.dll (as DXGI asks
 * Microsoft's runtime through its private interfaces): the swap chain's buffers and their
 * presentation through the driver's DXGI DDI table. */
#ifndef AERORT_PRIVATE_H
#define AERORT_PRIVATE_H

#include <windows.h>
#include <d3d11.h>
#include <dxgi.h>

/* {5e1c0a7a-3d2b-4f61-9a58-0c4a2e7b9d11}; defined in rt_guids.c of each DLL. */
extern const GUID IID_IAeroRtDevice;

typedef struct IAeroRtDevice IAeroRtDevice;

/* A back buffer's description as DXGI creates it (BIND_PRESENT, a primary description when
 * it may be scanned out). */
struct aerort_buffer_desc {
    UINT width, height;
    DXGI_FORMAT format;
    DXGI_SAMPLE_DESC sample;
    DXGI_USAGE usage;        /* DXGI_USAGE_* of the swap chain */
    BOOL discard_on_present; /* DXGI_SWAP_EFFECT_DISCARD */
    BOOL primary;            /* full screen: pPrimaryDesc given */
    UINT refresh_numerator, refresh_denominator;
};

/* DXGI's present context: DXGI_DDI_ARG_PRESENT.pDXGIContext, which the driver hands back
 * unchanged in pfnPresentCb, so the kernel's present knows where a windowed present goes
 * (the window's client area; NULL: nowhere). */
struct aerort_present_context {
    HWND window;
    UINT width, height; /* the presented buffer's size */
};

typedef struct IAeroRtDeviceVtbl {
    HRESULT(STDMETHODCALLTYPE *QueryInterface)(IAeroRtDevice *self, REFIID riid, void **out);
    ULONG(STDMETHODCALLTYPE *AddRef)(IAeroRtDevice *self);
    ULONG(STDMETHODCALLTYPE *Release)(IAeroRtDevice *self);
    /* A texture for the swap chain (its reference goes to the caller). */
    HRESULT(STDMETHODCALLTYPE *CreateBuffer)
    (IAeroRtDevice *self, const struct aerort_buffer_desc *desc, ID3D11Texture2D **out);
    /* PresentDXGI of `src` (flags: DXGI_DDI_PRESENT_FLAGS' Blt 1 / Flip 2) with `context` as
     * pDXGIContext, then the kernel's present callback; latency: presents allowed in flight. */
    HRESULT(STDMETHODCALLTYPE *Present)
    (IAeroRtDevice *self, ID3D11Texture2D *src, UINT sync_interval, UINT flags, UINT latency,
     const struct aerort_present_context *context);
    /* RotateResourceIdentitiesDXGI over the buffers, in order. */
    HRESULT(STDMETHODCALLTYPE *Rotate)
    (IAeroRtDevice *self, ID3D11Texture2D *const *buffers, UINT count);
    /* The device's maximum frame latency (IDXGIDevice1). */
    UINT(STDMETHODCALLTYPE *FrameLatency)(IAeroRtDevice *self);
} IAeroRtDeviceVtbl;

struct IAeroRtDevice {
    const IAeroRtDeviceVtbl *lpVtbl;
};

#endif
