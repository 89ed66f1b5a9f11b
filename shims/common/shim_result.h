/* SPDX-License-Identifier: MIT */
/* shim_result.h — the one table from aerocmd_result to the HRESULT a DDI reports. */
#ifndef SHIM_RESULT_H
#define SHIM_RESULT_H

#include "aerocmd/result.h"
#include "aerogpu_ddi/ddi.h"

/* Codes the DDI defines for a void call's error callback (d3d10umddi.h / d3dumddi.h). */
#define SHIM_DDI_ERR_WASSTILLDRAWING ((HRESULT)0x887B0001L) /* DXGI_DDI_ERR_WASSTILLDRAWING */
#define SHIM_DDI_ERR_DEVICEREMOVED   ((HRESULT)0x88760870L) /* D3DDDIERR_DEVICEREMOVED */

HRESULT shim_hresult(aerocmd_result result);

#endif
