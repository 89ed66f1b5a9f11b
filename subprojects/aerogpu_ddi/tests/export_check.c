/* SPDX-License-Identifier: MIT */
/* Defines the two driver entry points with the DDI's own types; the x86 object must carry
 * the stdcall decoration _OpenAdapter10@4 / _OpenAdapter10_2@4 (one pointer argument).
 */
#include "aerogpu_ddi/ddi.h"

HRESULT APIENTRY OpenAdapter10(D3D10DDIARG_OPENADAPTER *args);
HRESULT APIENTRY OpenAdapter10_2(D3D10DDIARG_OPENADAPTER *args);
PFND3D10DDI_OPENADAPTER aerogpu_ddi_check_entry(int which);

HRESULT APIENTRY OpenAdapter10(D3D10DDIARG_OPENADAPTER *args)
{
    return args->pAdapterFuncs == NULL ? E_INVALIDARG : E_NOTIMPL;
}

HRESULT APIENTRY OpenAdapter10_2(D3D10DDIARG_OPENADAPTER *args)
{
    return args->pAdapterFuncs_2 == NULL ? E_INVALIDARG : E_NOTIMPL;
}

PFND3D10DDI_OPENADAPTER aerogpu_ddi_check_entry(int which)
{
    return which == 2 ? OpenAdapter10_2 : OpenAdapter10;
}
