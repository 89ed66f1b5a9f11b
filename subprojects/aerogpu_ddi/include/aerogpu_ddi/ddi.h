/* SPDX-License-Identifier: MIT */
/* Clean-room subset of the Windows 7 Direct3D 10 / 10.1 / 11 user-mode display driver DDI,
 * written from shared/ddi/win7-ddi-layouts.json (copied to facts/), for mingw-w64 builds.
 *
 * How the pieces fit, per the facts:
 * - The driver DLL exports OpenAdapter10 (PFND3D10DDI_OPENADAPTER) and, for 10.1 and 11,
 *   OpenAdapter10_2, which fills D3D10_2DDI_ADAPTERFUNCS. There is no OpenAdapter11.
 * - One pfnCreateDevice takes D3D10DDIARG_CREATEDEVICE for every version; its Interface
 *   field decides which of pDeviceFuncs / p10_1DeviceFuncs / p11DeviceFuncs to fill.
 * - Present, RotateResourceIdentities and Blt go through DXGIBaseDDI (DXGI_DDI_BASE_ARGS).
 * - Void DDIs report errors with pfnSetErrorCb(hRTCoreLayer, hr).
 * - Every PFN is __stdcall on x86 (APIENTRY); with one pointer argument the x86 export is
 *   decorated _OpenAdapter10@4 unless a .def file or --kill-at strips it.
 *
 * Including this header also checks, at compile time, the size and alignment of every
 * struct and the offset and size of every member against the measured Windows 7 layout of
 * the target (x86 or x64).
 */
#ifndef AEROGPU_DDI_H
#define AEROGPU_DDI_H

#include "aerogpu_ddi/ddi_d3d10_tables.h"

#include "aerogpu_ddi/ddi_layout_handles.h"
#include "aerogpu_ddi/ddi_layout_kmt.h"
#include "aerogpu_ddi/ddi_layout_dxgi.h"
#include "aerogpu_ddi/ddi_layout_umd.h"
#include "aerogpu_ddi/ddi_layout_d3d10_args.h"
#include "aerogpu_ddi/ddi_layout_d3d10_tables.h"

#endif
