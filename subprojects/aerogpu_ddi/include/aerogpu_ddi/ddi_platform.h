/* SPDX-License-Identifier: MIT */
/* What the generated DDI headers stand on: mingw-w64's Windows and Direct3D headers, the few
 * scalar types the facts describe only in words, and the spelling of anonymous members.
 */
#ifndef AEROGPU_DDI_PLATFORM_H
#define AEROGPU_DDI_PLATFORM_H

#if !defined(_WIN32)
#error "aerogpu_ddi describes the Windows 7 display driver ABI: build it for a Windows target"
#endif
#if !(defined(__i386__) || defined(_M_IX86) || defined(__x86_64__) || defined(_M_X64))
#error "aerogpu_ddi only knows the x86 and x64 layouts"
#endif

/* D3D public types and enums (DXGI_FORMAT, DXGI_SAMPLE_DESC, D3D10_* limits, D3D11_*) are
 * mingw-w64's; nothing here redefines them.
 */
#include <windows.h>
#include <dxgitype.h>
#include <d3d10_1.h>
#include <d3d11.h>

/* From the facts' "external_types": kernel thunk handles are 32-bit on both targets, GPU
 * virtual addresses are 64-bit (and 8-byte aligned in structs on x86 too), and the DXGI
 * DDI handles are pointer-sized integers rather than wrapper structs.
 */
typedef UINT D3DKMT_HANDLE;
typedef ULONGLONG D3DGPU_VIRTUAL_ADDRESS;
typedef UINT D3DDDI_VIDEO_PRESENT_SOURCE_ID;
typedef UINT_PTR DXGI_DDI_HDEVICE;
typedef UINT_PTR DXGI_DDI_HRESOURCE;

/* The DDI structs use anonymous unions and structs; C99 has none, so with GCC-compatible
 * compilers each one is marked as an extension to keep -std=c99 -pedantic builds clean.
 */
#if defined(__GNUC__)
#define AEROGPU_DDI_NAMELESS __extension__
#else
#define AEROGPU_DDI_NAMELESS
#endif

#endif
