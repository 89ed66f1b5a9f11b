/* SPDX-License-Identifier: MIT */
/* shim_query.c — queries and predication: the DDI's calls into umd_query.h, whose rules say
 * what each query answers. Only the error codes each call may report are the shim's. */
#include "aerocmd/umd_query.h"
#include "shim_entry.h"
#include "shim_result.h"

static struct aerocmd_umd_query *query_of(D3D10DDI_HQUERY q)
{
    return (struct aerocmd_umd_query *)shim_obj(q.pDrvPrivate);
}

/* Size queries never report. */
SIZE_T APIENTRY shim_calc_query_size(D3D10DDI_HDEVICE h, CONST D3D10DDIARG_CREATEQUERY *a)
{
    (void)h;
    (void)a;
    return SHIM_OBJECT_BYTES(aerocmd_umd_query_size());
}

/* D3D10DDI_QUERY has libaerocmd's numbering. CreateQuery may report only E_OUTOFMEMORY,
 * DXGI_DDI_ERR_NONEXCLUSIVE or DEVICEREMOVED: a query libaerocmd cannot make (a counter id,
 * which CheckCounter already called unsupported) is E_OUTOFMEMORY. MiscFlags
 * (PREDICATEHINT) changes nothing: a hint may be honoured, and libaerocmd always does. */
void APIENTRY shim_create_query(D3D10DDI_HDEVICE h, CONST D3D10DDIARG_CREATEQUERY *a,
                                D3D10DDI_HQUERY q, D3D10DDI_HRTQUERY rt)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_query *query = NULL;
    size_t size;
    void *mem = shim_object_place(q.pDrvPrivate, aerocmd_umd_query_size(), &size);
    aerocmd_result r = aerocmd_umd_create_query(dev->dev, mem, size, (uint32_t)a->Query, &query);
    (void)rt;
    if (r == AEROCMD_OK)
        ((struct shim_object *)q.pDrvPrivate)->obj = query;
    else if (r != AEROCMD_E_DEVICE_REMOVED)
        r = AEROCMD_E_OUT_OF_MEMORY;
    shim_report_result(dev, r);
}

void APIENTRY shim_destroy_query(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q)
{
    struct aerocmd_umd_query *query = query_of(q);
    (void)h;
    if (query != NULL) {
        aerocmd_umd_destroy_query(query);
        ((struct shim_object *)q.pDrvPrivate)->obj = NULL;
    }
}

/* QueryBegin, QueryEnd and SetPredication may report only DEVICEREMOVED (anything else is
 * critical): a failure (a callback the submission or the query's allocation needed) is
 * one the device does not come back from. */
static aerocmd_result only_device_removed(aerocmd_result r)
{
    return r == AEROCMD_OK ? r : AEROCMD_E_DEVICE_REMOVED;
}

void APIENTRY shim_query_begin(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(dev, only_device_removed(aerocmd_umd_query_begin(dev->ctx, query_of(q))));
}

void APIENTRY shim_query_end(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(dev, only_device_removed(aerocmd_umd_query_end(dev->ctx, query_of(q))));
}

/* STILL_DRAWING becomes DXGI_DDI_ERR_WASSTILLDRAWING (shim_result.c), pData untouched; the
 * only other code QueryGetData may report is DEVICEREMOVED. A flush that failed (a
 * pfnRenderCb refused) leaves the device usable and the buffer kept: the query is still
 * issued, so the answer is WASSTILLDRAWING and the next call tries again. */
static aerocmd_result get_data_result(aerocmd_result r)
{
    return r == AEROCMD_OK || r == AEROCMD_E_DEVICE_REMOVED ? r : AEROCMD_E_STILL_DRAWING;
}

void APIENTRY shim_query_get_data(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q, VOID *data, UINT size,
                                  UINT flags)
{
    struct shim_device *dev = shim_dev(h);
    uint32_t lib_flags =
        (flags & D3D10_DDI_GET_DATA_DO_NOT_FLUSH) ? AEROCMD_UMD_QUERY_DO_NOT_FLUSH : 0u;
    aerocmd_result r = aerocmd_umd_query_get_data(dev->ctx, query_of(q), data, size, lib_flags);
    shim_report_result(dev, get_data_result(r));
}

void APIENTRY shim_set_predication(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY q, BOOL value)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(dev, only_device_removed(aerocmd_umd_set_predication(dev->ctx, query_of(q),
                                                                            value != FALSE)));
}
