/* SPDX-License-Identifier: MIT */
/* rt_ctx_query.c — Begin / End / GetData and predication. Direct3D 11's rules: Begin means
 * nothing for EVENT and TIMESTAMP; GetData before the first End is DXGI_ERROR_INVALID_CALL;
 * its size is 0 or the query's exactly; a query not done yet answers S_FALSE (the driver
 * says still drawing). */
#include <string.h>

#include "rt_ctx.h"
#include "rt_query.h"

static struct rt_query *query_of(ID3D11Asynchronous *a)
{
    struct rt_object *o = rt_object_of(a, RT_QUERY);
    if (o == NULL)
        o = rt_object_of(a, RT_PREDICATE);
    return (struct rt_query *)o;
}

static BOOL has_begin(D3D11_QUERY q)
{
    return q != D3D11_QUERY_EVENT && q != D3D11_QUERY_TIMESTAMP;
}

void rt_ctx_perform_query(struct rt_context *ctx, const struct rt_op_args *a);

void rt_ctx_perform_query(struct rt_context *ctx, const struct rt_op_args *a)
{
    D3D11DDI_DEVICEFUNCS *f = &ctx->device->drv.f;
    D3D10DDI_HQUERY h = {rt_drv(a->obj[0])};
    if (a->op == RT_OP_BEGIN)
        RT_DDI(ctx, f->pfnQueryBegin(dev_->drv.hdev, h));
    else
        RT_DDI(ctx, f->pfnQueryEnd(dev_->drv.hdev, h));
}

static void query_op(struct rt_context *ctx, enum rt_op code, struct rt_query *q, UINT value)
{
    struct rt_op_args a;
    memset(&a, 0, sizeof a);
    a.op = code;
    a.obj[0] = q != NULL ? &q->obj : NULL;
    a.u[0] = value;
    rt_ctx_action(ctx, &a);
}

static void STDMETHODCALLTYPE begin(ID3D11DeviceContext *iface, ID3D11Asynchronous *async)
{
    struct rt_context *ctx = rt_context_from(iface);
    struct rt_query *q = query_of(async);
    if (q == NULL || !has_begin(q->desc.Query) || &q->obj == ctx->predicate)
        return;
    q->state = RT_QUERY_BUILDING;
    query_op(ctx, RT_OP_BEGIN, q, 0);
}

static void STDMETHODCALLTYPE end(ID3D11DeviceContext *iface, ID3D11Asynchronous *async)
{
    struct rt_context *ctx = rt_context_from(iface);
    struct rt_query *q = query_of(async);
    if (q == NULL || &q->obj == ctx->predicate)
        return;
    q->state = RT_QUERY_ISSUED;
    query_op(ctx, RT_OP_END, q, 0);
}

static HRESULT STDMETHODCALLTYPE get_data(ID3D11DeviceContext *iface, ID3D11Asynchronous *async,
                                          void *data, UINT size, UINT flags)
{
    struct rt_context *ctx = rt_context_from(iface);
    struct rt_device *dev = ctx->device;
    struct rt_query *q = query_of(async);
    HRESULT hr;
    if (q == NULL || ctx->deferred || (flags & ~(UINT)D3D11_ASYNC_GETDATA_DONOTFLUSH) ||
        (size != 0 && (data == NULL || size != rt_query_data_size(q->desc.Query))))
        return E_INVALIDARG;
    if (q->state != RT_QUERY_ISSUED)
        return DXGI_ERROR_INVALID_CALL;
    if (dev->removed != S_OK)
        return dev->removed;
    RT_LOCK(dev);
    rt_ddi_begin(dev);
    {
        D3D10DDI_HQUERY h = {q->obj.drv};
        dev->drv.f.pfnQueryGetData(dev->drv.hdev, h, size != 0 ? data : NULL, size, flags);
    }
    hr = rt_ddi_end(dev);
    RT_UNLOCK(dev);
    if (hr == DXGI_DDI_ERR_WASSTILLDRAWING)
        return S_FALSE;
    return FAILED(hr) ? hr : S_OK;
}

void rt_ctx_set_predication(struct rt_context *ctx, struct rt_object *pred, BOOL value);

/* Predication is state: a deferred context records it with the next action's bindings. */
void rt_ctx_set_predication(struct rt_context *ctx, struct rt_object *pred, BOOL value)
{
    D3D10DDI_HQUERY h = {rt_drv(pred)};
    rt_object_bind(&ctx->predicate, pred);
    ctx->predicate_value = value;
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_DDI(ctx, dev_->drv.f.pfnSetPredication(dev_->drv.hdev, h, value));
}

static void STDMETHODCALLTYPE set_predication(ID3D11DeviceContext *iface, ID3D11Predicate *pred,
                                              BOOL value)
{
    rt_ctx_set_predication(rt_context_from(iface), rt_object_of(pred, RT_PREDICATE), value);
}

static void STDMETHODCALLTYPE get_predication(ID3D11DeviceContext *iface, ID3D11Predicate **pred,
                                              BOOL *value)
{
    struct rt_context *ctx = rt_context_from(iface);
    if (pred != NULL) {
        if (ctx->predicate != NULL)
            rt_object_addref(ctx->predicate);
        *pred = (ID3D11Predicate *)ctx->predicate;
    }
    if (value != NULL)
        *value = ctx->predicate_value;
}

void rt_ctx_fill_queries(ID3D11DeviceContextVtbl *t)
{
    t->Begin = begin;
    t->End = end;
    t->GetData = get_data;
    t->SetPredication = set_predication;
    t->GetPredication = get_predication;
}
