/* SPDX-License-Identifier: MIT */
/* shim_result.c — aerocmd_result -> HRESULT. */
#include "shim_result.h"

static const HRESULT result_to_hresult[] = {
    /* AEROCMD_OK */ S_OK,
    /* AEROCMD_E_INVALID_ARG */ E_INVALIDARG,
    /* AEROCMD_E_NOT_IMPLEMENTED */ E_NOTIMPL,
    /* AEROCMD_E_OUT_OF_MEMORY */ E_OUTOFMEMORY,
    /* AEROCMD_E_BUFFER_FULL: only escapes when one packet cannot fit an empty buffer */
    E_OUTOFMEMORY,
    /* AEROCMD_E_STILL_DRAWING */ SHIM_DDI_ERR_WASSTILLDRAWING,
    /* AEROCMD_E_DEVICE_REMOVED */ SHIM_DDI_ERR_DEVICEREMOVED,
    /* AEROCMD_E_MALFORMED */ E_FAIL,
};

HRESULT shim_hresult(aerocmd_result result)
{
    if ((unsigned)result >= sizeof result_to_hresult / sizeof result_to_hresult[0])
        return E_FAIL;
    return result_to_hresult[result];
}
