/* SPDX-License-Identifier: MIT */
/* shim_caps.c — the runtime's capability questions: libaerocmd's answers (umd_caps.h)
 * copied into the DDI's out parameters, every one of them written on every path. */
#include <string.h>

#include "aerocmd/umd_caps.h"
#include "shim_entry.h"

/* libaerocmd answers in the DDI's own D3D10_DDI_FORMAT_SUPPORT_* numbering. */
void APIENTRY shim_check_format_support(D3D10DDI_HDEVICE h, DXGI_FORMAT format, UINT *out)
{
    *out = aerocmd_umd_ddi_format_support((uint32_t)format, shim_dev(h)->abi_version);
}

void APIENTRY shim_check_multisample_quality_levels(D3D10DDI_HDEVICE h, DXGI_FORMAT format,
                                                    UINT count, UINT *levels)
{
    *levels =
        aerocmd_umd_multisample_quality_levels((uint32_t)format, count, shim_dev(h)->abi_version);
}

/* No counters: the documented answer is a zero-filled structure (never an error). */
void APIENTRY shim_check_counter_info(D3D10DDI_HDEVICE h, D3D10DDI_COUNTER_INFO *info)
{
    (void)h;
    memset(info, 0, sizeof *info);
}

static void no_string(UINT *length)
{
    if (length != NULL)
        *length = 0;
}

/* Unsupported well-known counters are DXGI_DDI_ERR_UNSUPPORTED, any other id E_INVALIDARG
 * (there are no device-dependent counters). The out values say "nothing": type FLOAT32,
 * no active counters, every string length 0 and no string written. */
void APIENTRY shim_check_counter(D3D10DDI_HDEVICE h, D3D10DDI_QUERY counter,
                                 D3D10DDI_COUNTER_TYPE *type, UINT *active, LPSTR name,
                                 UINT *name_length, LPSTR units, UINT *units_length,
                                 LPSTR description, UINT *description_length)
{
    aerocmd_result r = aerocmd_umd_check_counter((uint32_t)counter);
    (void)name;
    (void)units;
    (void)description;
    if (type != NULL)
        *type = D3D10DDI_COUNTER_TYPE_FLOAT32;
    if (active != NULL)
        *active = 0;
    no_string(name_length);
    no_string(units_length);
    no_string(description_length);
    shim_report(shim_dev(h),
                r == AEROCMD_E_NOT_IMPLEMENTED ? (HRESULT)DXGI_DDI_ERR_UNSUPPORTED : E_INVALIDARG);
}
