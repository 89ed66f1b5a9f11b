/* SPDX-License-Identifier: MIT */
/* rt_context.c — ID3D11DeviceContext: identity, lifetime, ClearState, Flush, and the table
 * the rt_ctx_*.c files fill. The immediate context's references follow the device (its
 * AddRef holds the device); deferred contexts are their own objects (rt_deferred.c). */
#include <string.h>

#include "rt_internal.h"

void rt_ctx_fill_deferred(ID3D11DeviceContextVtbl *t);
void rt_deferred_forget(struct rt_context *ctx);

static HRESULT STDMETHODCALLTYPE ctx_qi(ID3D11DeviceContext *iface, REFIID riid, void **out)
{
    if (out == NULL)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D11DeviceChild) ||
        IsEqualGUID(riid, &IID_ID3D11DeviceContext)) {
        ID3D11DeviceContext_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE ctx_addref(ID3D11DeviceContext *iface)
{
    struct rt_context *ctx = rt_context_from(iface);
    LONG n = InterlockedIncrement(&ctx->refcount);
    if (n == 1 || !ctx->deferred)
        ID3D11Device_AddRef(&ctx->device->iface);
    return (ULONG)n;
}

static ULONG STDMETHODCALLTYPE ctx_release(ID3D11DeviceContext *iface)
{
    struct rt_context *ctx = rt_context_from(iface);
    struct rt_device *dev = ctx->device;
    LONG n = InterlockedDecrement(&ctx->refcount);
    if (ctx->deferred && n == 0) {
        rt_deferred_forget(ctx);
        rt_context_forget(ctx);
        rt_context_destroy(ctx);
    }
    if (n == 0 || !ctx->deferred)
        ID3D11Device_Release(&dev->iface);
    return (ULONG)n;
}

static void STDMETHODCALLTYPE ctx_get_device(ID3D11DeviceContext *iface, ID3D11Device **out)
{
    *out = &rt_context_from(iface)->device->iface;
    ID3D11Device_AddRef(*out);
}

static HRESULT STDMETHODCALLTYPE ctx_get_private(ID3D11DeviceContext *iface, REFGUID guid,
                                                 UINT *size, void *data)
{
    return rt_private_get(&rt_context_from(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE ctx_set_private(ID3D11DeviceContext *iface, REFGUID guid,
                                                 UINT size, const void *data)
{
    return rt_private_set(&rt_context_from(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE ctx_set_private_iface(ID3D11DeviceContext *iface, REFGUID guid,
                                                       const IUnknown *object)
{
    return rt_private_set_interface(&rt_context_from(iface)->priv, guid, object);
}

static D3D11_DEVICE_CONTEXT_TYPE STDMETHODCALLTYPE ctx_get_type(ID3D11DeviceContext *iface)
{
    return rt_context_from(iface)->deferred ? D3D11_DEVICE_CONTEXT_DEFERRED
                                            : D3D11_DEVICE_CONTEXT_IMMEDIATE;
}

static UINT STDMETHODCALLTYPE ctx_get_flags(ID3D11DeviceContext *iface)
{
    (void)iface;
    return 0;
}

/* The driver submits what it has; a failure is device loss. */
static void STDMETHODCALLTYPE ctx_flush(ID3D11DeviceContext *iface)
{
    struct rt_context *ctx = rt_context_from(iface);
    struct rt_device *dev = ctx->device;
    if (ctx->deferred)
        return;
    RT_LOCK(dev);
    rt_ddi_begin(dev);
    dev->drv.f.pfnFlush(dev->drv.hdev);
    rt_ddi_end(dev);
    RT_UNLOCK(dev);
}

void rt_context_check(struct rt_context *ctx)
{
    rt_ddi_end(ctx->device);
}

/* Every binding back to its default, through the context's own setters (so the driver
 * hears it and the runtime's references go). */
static void STDMETHODCALLTYPE ctx_clear_state(ID3D11DeviceContext *iface);

void rt_context_forget(struct rt_context *ctx)
{
    struct rt_object **slots[] = {&ctx->layout,   &ctx->ib,    &ctx->rasterizer,
                                  &ctx->dsv,      &ctx->blend, &ctx->depth_stencil,
                                  &ctx->predicate};
    UINT i, s;
    for (s = 0; s < RT_STAGES; s++) {
        struct rt_stage *st = &ctx->stage[s];
        rt_object_bind(&st->shader, NULL);
        for (i = 0; i < sizeof st->cb / sizeof st->cb[0]; i++)
            rt_object_bind(&st->cb[i], NULL);
        for (i = 0; i < sizeof st->srv / sizeof st->srv[0]; i++)
            rt_object_bind(&st->srv[i], NULL);
        for (i = 0; i < sizeof st->sampler / sizeof st->sampler[0]; i++)
            rt_object_bind(&st->sampler[i], NULL);
    }
    for (i = 0; i < D3D11_PS_CS_UAV_REGISTER_COUNT; i++) {
        rt_object_bind(&ctx->cs_uav[i], NULL);
        rt_object_bind(&ctx->om_uav[i], NULL);
    }
    for (i = 0; i < D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT; i++)
        rt_object_bind(&ctx->vb[i], NULL);
    for (i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; i++)
        rt_object_bind(&ctx->rtv[i], NULL);
    for (i = 0; i < D3D11_SO_BUFFER_SLOT_COUNT; i++)
        rt_object_bind(&ctx->so[i], NULL);
    for (i = 0; i < sizeof slots / sizeof slots[0]; i++)
        rt_object_bind(slots[i], NULL);
}

void rt_ctx_clear_all(ID3D11DeviceContext *iface);

static void STDMETHODCALLTYPE ctx_clear_state(ID3D11DeviceContext *iface)
{
    rt_ctx_clear_all(iface);
}

static ID3D11DeviceContextVtbl ctx_vtbl_storage;
static volatile LONG ctx_vtbl_ready;

/* The table is assembled once from the per-area files. */
static const ID3D11DeviceContextVtbl *ctx_vtbl(void)
{
    if (InterlockedCompareExchange(&ctx_vtbl_ready, 1, 0) == 0) {
        ID3D11DeviceContextVtbl *t = &ctx_vtbl_storage;
        t->QueryInterface = ctx_qi;
        t->AddRef = ctx_addref;
        t->Release = ctx_release;
        t->GetDevice = ctx_get_device;
        t->GetPrivateData = ctx_get_private;
        t->SetPrivateData = ctx_set_private;
        t->SetPrivateDataInterface = ctx_set_private_iface;
        t->GetType = ctx_get_type;
        t->GetContextFlags = ctx_get_flags;
        t->Flush = ctx_flush;
        t->ClearState = ctx_clear_state;
        rt_ctx_fill_stages(t);
        rt_ctx_fill_ia(t);
        rt_ctx_fill_om_rs(t);
        rt_ctx_fill_draw(t);
        rt_ctx_fill_resources(t);
        rt_ctx_fill_queries(t);
        rt_ctx_fill_deferred(t);
        InterlockedExchange(&ctx_vtbl_ready, 2);
    }
    while (ctx_vtbl_ready != 2)
        Sleep(0);
    return &ctx_vtbl_storage;
}

/* Defaults as ClearState leaves them. */
static void defaults(struct rt_context *ctx)
{
    ctx->topology = D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED;
    ctx->blend_factor[0] = ctx->blend_factor[1] = ctx->blend_factor[2] = ctx->blend_factor[3] =
        1.0f;
    ctx->sample_mask = 0xFFFFFFFFu;
}

HRESULT rt_context_create(struct rt_device *dev, BOOL deferred, struct rt_context **out)
{
    struct rt_context *ctx = (struct rt_context *)rt_alloc(sizeof *ctx);
    *out = NULL;
    if (ctx == NULL)
        return E_OUTOFMEMORY;
    ctx->iface.lpVtbl = (ID3D11DeviceContextVtbl *)ctx_vtbl();
    ctx->device = dev;
    ctx->deferred = deferred;
    defaults(ctx);
    if (deferred) {
        ctx->refcount = 1;
        ID3D11Device_AddRef(&dev->iface);
    }
    *out = ctx;
    return S_OK;
}

void rt_context_destroy(struct rt_context *ctx)
{
    rt_private_clear(&ctx->priv);
    rt_free(ctx);
}
