/* SPDX-License-Identifier: MIT */
/* rt_query.c — ID3D11Query and ID3D11Predicate over the driver's queries (the API's query
 * types in the DDI's numbering: D3D11's pipeline statistics and the per-stream
 * stream-output queries have D3D11 DDI values), and counters, which this adapter has none
 * of. Begin / End / GetData are the context's (rt_ctx_query.c). */
#include <string.h>

#include "rt_internal.h"
#include "rt_query.h"

RT_CHILD_METHODS(query, ID3D11Query)
RT_CHILD_METHODS(pred, ID3D11Predicate)

UINT rt_query_data_size(D3D11_QUERY q)
{
    switch (q) {
    case D3D11_QUERY_EVENT:
    case D3D11_QUERY_OCCLUSION_PREDICATE:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3:
        return sizeof(BOOL);
    case D3D11_QUERY_OCCLUSION:
    case D3D11_QUERY_TIMESTAMP:
        return sizeof(UINT64);
    case D3D11_QUERY_TIMESTAMP_DISJOINT:
        return sizeof(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT);
    case D3D11_QUERY_PIPELINE_STATISTICS:
        return sizeof(D3D11_QUERY_DATA_PIPELINE_STATISTICS);
    default:
        return sizeof(D3D11_QUERY_DATA_SO_STATISTICS);
    }
}

static UINT STDMETHODCALLTYPE query_data_size(ID3D11Query *iface)
{
    return rt_query_data_size(((struct rt_query *)iface)->desc.Query);
}

static void STDMETHODCALLTYPE query_get_desc(ID3D11Query *iface, D3D11_QUERY_DESC *desc)
{
    *desc = ((struct rt_query *)iface)->desc;
}

static UINT STDMETHODCALLTYPE pred_data_size(ID3D11Predicate *iface)
{
    return query_data_size((ID3D11Query *)iface);
}

static void STDMETHODCALLTYPE pred_get_desc(ID3D11Predicate *iface, D3D11_QUERY_DESC *desc)
{
    query_get_desc((ID3D11Query *)iface, desc);
}

const ID3D11QueryVtbl rt_query_vtbl = {RT_CHILD_VTBL(query), query_data_size, query_get_desc};
const ID3D11PredicateVtbl rt_pred_vtbl = {RT_CHILD_VTBL(pred), pred_data_size, pred_get_desc};

static void query_destroy(struct rt_object *obj)
{
    D3D10DDI_HQUERY h = {obj->drv};
    obj->device->drv.f.pfnDestroyQuery(obj->device->drv.hdev, h);
}

static const IID *const query_iids[] = {&IID_ID3D11Asynchronous, &IID_ID3D11Query, NULL};
static const IID *const pred_iids[] = {&IID_ID3D11Asynchronous, &IID_ID3D11Query,
                                       &IID_ID3D11Predicate, NULL};
static const struct rt_object_ops query_ops = {query_iids, query_destroy};
static const struct rt_object_ops pred_ops = {pred_iids, query_destroy};

static D3D10DDI_QUERY ddi_query(D3D11_QUERY q)
{
    if (q == D3D11_QUERY_PIPELINE_STATISTICS)
        return D3D11DDI_QUERY_PIPELINESTATS;
    if (q >= D3D11_QUERY_SO_STATISTICS_STREAM0)
        return (D3D10DDI_QUERY)(q + 1);
    return (D3D10DDI_QUERY)q;
}

static HRESULT create(ID3D11Device *iface, const D3D11_QUERY_DESC *desc, BOOL predicate, void **out)
{
    struct rt_device *dev = rt_device_from(iface);
    D3D10DDIARG_CREATEQUERY a;
    struct rt_query *q;
    HRESULT hr;
    if (out != NULL)
        *out = NULL;
    if (desc == NULL || (UINT)desc->Query > D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3 ||
        (desc->MiscFlags & ~(UINT)D3D11_QUERY_MISC_PREDICATEHINT))
        return E_INVALIDARG;
    if (predicate != rt_query_is_predicate(desc->Query))
        return E_INVALIDARG;
    if (out == NULL)
        return S_FALSE;
    a.Query = ddi_query(desc->Query);
    a.MiscFlags = desc->MiscFlags;
    RT_LOCK(dev);
    q = (struct rt_query *)rt_object_new(
        dev, sizeof *q, predicate ? RT_PREDICATE : RT_QUERY,
        predicate ? (const void *)&rt_pred_vtbl : (const void *)&rt_query_vtbl,
        predicate ? &pred_ops : &query_ops, dev->drv.f.pfnCalcPrivateQuerySize(dev->drv.hdev, &a));
    hr = q != NULL ? S_OK : E_OUTOFMEMORY;
    if (q != NULL) {
        D3D10DDI_HQUERY h = {q->obj.drv};
        D3D10DDI_HRTQUERY rt = {q};
        q->desc = *desc;
        rt_ddi_begin(dev);
        dev->drv.f.pfnCreateQuery(dev->drv.hdev, &a, h, rt);
        hr = rt_ddi_end(dev);
    }
    RT_UNLOCK(dev);
    if (q != NULL && FAILED(hr))
        rt_object_discard(&q->obj);
    else if (q != NULL)
        *out = q;
    return hr;
}

BOOL rt_query_is_predicate(D3D11_QUERY q)
{
    return q == D3D11_QUERY_OCCLUSION_PREDICATE || q == D3D11_QUERY_SO_OVERFLOW_PREDICATE ||
           (q >= D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0 &&
            q <= D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3);
}

/* CreateQuery makes predicates too (an ID3D11Query that answers ID3D11Predicate). */
HRESULT STDMETHODCALLTYPE rt_create_query(ID3D11Device *iface, const D3D11_QUERY_DESC *desc,
                                          ID3D11Query **out)
{
    BOOL pred = desc != NULL && rt_query_is_predicate(desc->Query);
    return create(iface, desc, pred, (void **)out);
}

HRESULT STDMETHODCALLTYPE rt_create_predicate(ID3D11Device *iface, const D3D11_QUERY_DESC *desc,
                                              ID3D11Predicate **out)
{
    return create(iface, desc, TRUE, (void **)out);
}

/* No device-dependent or well-known counters on this adapter. */
HRESULT STDMETHODCALLTYPE rt_create_counter(ID3D11Device *iface, const D3D11_COUNTER_DESC *desc,
                                            ID3D11Counter **out)
{
    (void)iface;
    if (out != NULL)
        *out = NULL;
    return desc == NULL ? E_INVALIDARG : DXGI_ERROR_UNSUPPORTED;
}

void STDMETHODCALLTYPE rt_check_counter_info(ID3D11Device *iface, D3D11_COUNTER_INFO *info)
{
    (void)iface;
    if (info != NULL)
        memset(info, 0, sizeof *info);
}

HRESULT STDMETHODCALLTYPE rt_check_counter(ID3D11Device *iface, const D3D11_COUNTER_DESC *desc,
                                           D3D11_COUNTER_TYPE *type, UINT *active, char *name,
                                           UINT *name_length, char *units, UINT *units_length,
                                           char *description, UINT *description_length)
{
    (void)iface;
    (void)type;
    (void)active;
    (void)name;
    (void)name_length;
    (void)units;
    (void)units_length;
    (void)description;
    (void)description_length;
    return desc == NULL ? E_INVALIDARG : DXGI_ERROR_UNSUPPORTED;
}
