/* SPDX-License-Identifier: MIT */
/* shim_open11.c — OpenAdapter11, for the DLLs that export it (the D3D11 one and the driver).
 *
 * The driver package's documentation names this export; the DDI facts say no runtime calls
 * it (FACTS.md (a)): it opens the adapter exactly as the DLL's OpenAdapter10_2 does. It has
 * a file of its own so that a DLL without OpenAdapter10_2 never links it. */
#include "aerogpu_ddi/ddi.h"

HRESULT APIENTRY OpenAdapter10_2(D3D10DDIARG_OPENADAPTER *args);
HRESULT APIENTRY OpenAdapter11(D3D10DDIARG_OPENADAPTER *args);

HRESULT APIENTRY OpenAdapter11(D3D10DDIARG_OPENADAPTER *args)
{
    return OpenAdapter10_2(args);
}
