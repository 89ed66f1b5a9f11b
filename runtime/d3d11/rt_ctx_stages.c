/* SPDX-License-Identifier: MIT */
/* rt_ctx_stages.c — the six shader stages' setters and getters (shader, constant buffers,
 * shader resources, samplers) and the compute stage's unordered-access views. Setters keep
 * the bindings (the runtime's references) and tell the driver; a range past the stage's
 * slots is ignored, as Direct3D 11 does. A shader resource whose resource is bound for
 * output is bound as NULL (Direct3D 11 never lets a resource be read and written at once). */
#include <string.h>

#include "rt_ctx.h"
#include "rt_view.h"

#define CB_SLOTS      D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT
#define SRV_SLOTS     D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT
#define SAMPLER_SLOTS D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT

void rt_ctx_set_shader(struct rt_context *ctx, UINT stage, struct rt_object *shader)
{
    struct rt_device *dev = ctx->device;
    D3D10DDI_HSHADER h = {rt_drv(shader)};
    D3D11DDI_DEVICEFUNCS *f = &dev->drv.f;
    rt_object_bind(&ctx->stage[stage].shader, shader);
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_LOCK(dev);
    rt_ddi_begin(dev);
    switch (stage) {
    case RT_STAGE_VS:
        f->pfnVsSetShader(dev->drv.hdev, h);
        break;
    case RT_STAGE_HS:
        f->pfnHsSetShader(dev->drv.hdev, h);
        break;
    case RT_STAGE_DS:
        f->pfnDsSetShader(dev->drv.hdev, h);
        break;
    case RT_STAGE_GS:
        f->pfnGsSetShader(dev->drv.hdev, h);
        break;
    case RT_STAGE_PS:
        f->pfnPsSetShader(dev->drv.hdev, h);
        break;
    default:
        f->pfnCsSetShader(dev->drv.hdev, h);
    }
    rt_ddi_end(dev);
    RT_UNLOCK(dev);
}

/* The driver's setter of one kind of slot (0 constant buffers, 1 shader resources, 2
 * samplers) for one stage. Every DDI handle is a struct of one pointer, so an array of
 * pointers is an array of handles. */
#define STAGE_CALLS(U, ST)                                                                         \
    case ST * 3 + 0:                                                                               \
        f->pfn##U##SetConstantBuffers(h, start, n, (const D3D10DDI_HRESOURCE *)handles);           \
        break;                                                                                     \
    case ST * 3 + 1:                                                                               \
        f->pfn##U##SetShaderResources(h, start, n, (const D3D10DDI_HSHADERRESOURCEVIEW *)handles); \
        break;                                                                                     \
    case ST * 3 + 2:                                                                               \
        f->pfn##U##SetSamplers(h, start, n, (const D3D10DDI_HSAMPLER *)handles);                   \
        break;

static void call_setter(struct rt_device *dev, UINT stage, UINT what, UINT start, UINT n,
                        void *const *handles)
{
    D3D11DDI_DEVICEFUNCS *f = &dev->drv.f;
    D3D10DDI_HDEVICE h = dev->drv.hdev;
    switch (stage * 3u + what) {
        STAGE_CALLS(Vs, RT_STAGE_VS)
        STAGE_CALLS(Hs, RT_STAGE_HS)
        STAGE_CALLS(Ds, RT_STAGE_DS)
        STAGE_CALLS(Gs, RT_STAGE_GS)
        STAGE_CALLS(Ps, RT_STAGE_PS)
        STAGE_CALLS(Cs, RT_STAGE_CS)
    default:
        break;
    }
}

/* Binds objects [start, start + n) of one kind (0 constant buffers, 1 shader resources,
 * 2 samplers) and hands the driver their handles. */
void rt_ctx_set_slots(struct rt_context *ctx, UINT stage, UINT what, UINT start, UINT n,
                      struct rt_object *const *objs)
{
    struct rt_device *dev = ctx->device;
    struct rt_stage *st = &ctx->stage[stage];
    struct rt_object **slots = what == 0 ? st->cb : what == 1 ? st->srv : st->sampler;
    void *handles[SRV_SLOTS];
    UINT i;
    for (i = 0; i < n; i++) {
        struct rt_object *o = objs != NULL ? objs[i] : NULL;
        if (what == 1 && o != NULL && rt_ctx_bound_for_output(ctx, (struct rt_view *)o))
            o = NULL;
        rt_object_bind(&slots[start + i], o);
        handles[i] = rt_drv(o);
    }
    if (ctx->deferred) {
        rt_deferred_dirty(ctx);
        return;
    }
    RT_LOCK(dev);
    rt_ddi_begin(dev);
    call_setter(dev, stage, what, start, n, handles);
    rt_ddi_end(dev);
    RT_UNLOCK(dev);
}

/* The application's interface pointers as objects of the kind (others become NULL, as a
 * foreign object cannot be bound). */
static void objects_of(const void *const *in, UINT n, enum rt_kind kind, struct rt_object **out)
{
    UINT i;
    for (i = 0; i < n; i++)
        out[i] = in != NULL ? rt_object_of(in[i], kind) : NULL;
}

static void set_kind(ID3D11DeviceContext *iface, UINT stage, UINT what, UINT start, UINT n,
                     const void *const *in)
{
    static const UINT limits[3] = {CB_SLOTS, SRV_SLOTS, SAMPLER_SLOTS};
    static const enum rt_kind kinds[3] = {RT_BUFFER, RT_SRV, RT_SAMPLER};
    struct rt_object *objs[SRV_SLOTS];
    if (start >= limits[what] || n > limits[what] - start)
        return;
    objects_of(in, n, kinds[what], objs);
    rt_ctx_set_slots(rt_context_from(iface), stage, what, start, n, objs);
}

static void get_kind(ID3D11DeviceContext *iface, UINT stage, UINT what, UINT start, UINT n,
                     void **out)
{
    static const UINT limits[3] = {CB_SLOTS, SRV_SLOTS, SAMPLER_SLOTS};
    struct rt_stage *st = &rt_context_from(iface)->stage[stage];
    struct rt_object **slots = what == 0 ? st->cb : what == 1 ? st->srv : st->sampler;
    UINT i;
    for (i = 0; i < n; i++) {
        struct rt_object *o = start + i < limits[what] ? slots[start + i] : NULL;
        if (o != NULL)
            rt_object_addref(o);
        out[i] = o;
    }
}

static void set_shader(ID3D11DeviceContext *iface, UINT stage, const void *shader, UINT instances)
{
    struct rt_object *obj = rt_object_of(shader, (enum rt_kind)(RT_VS + stage));
    if (shader != NULL && obj == NULL)
        return;
    (void)instances; /* class instances: shader model 5 only */
    rt_ctx_set_shader(rt_context_from(iface), stage, obj);
}

static void get_shader(ID3D11DeviceContext *iface, UINT stage, void **out, void **instances,
                       UINT *count)
{
    struct rt_object *o = rt_context_from(iface)->stage[stage].shader;
    if (o != NULL)
        rt_object_addref(o);
    if (out != NULL)
        *out = o;
    (void)instances;
    if (count != NULL)
        *count = 0;
}

#define STAGE_METHODS(P, ST, T)                                                                    \
    static void STDMETHODCALLTYPE P##_set_shader(ID3D11DeviceContext *c, T *s,                     \
                                                 ID3D11ClassInstance *const *ci, UINT n)           \
    {                                                                                              \
        (void)ci;                                                                                  \
        set_shader(c, ST, s, n);                                                                   \
    }                                                                                              \
    static void STDMETHODCALLTYPE P##_get_shader(ID3D11DeviceContext *c, T **s,                    \
                                                 ID3D11ClassInstance **ci, UINT *n)                \
    {                                                                                              \
        get_shader(c, ST, (void **)s, (void **)ci, n);                                             \
    }                                                                                              \
    static void STDMETHODCALLTYPE P##_set_cbs(ID3D11DeviceContext *c, UINT s, UINT n,              \
                                              ID3D11Buffer *const *b)                              \
    {                                                                                              \
        set_kind(c, ST, 0, s, n, (const void *const *)b);                                          \
    }                                                                                              \
    static void STDMETHODCALLTYPE P##_get_cbs(ID3D11DeviceContext *c, UINT s, UINT n,              \
                                              ID3D11Buffer **b)                                    \
    {                                                                                              \
        get_kind(c, ST, 0, s, n, (void **)b);                                                      \
    }                                                                                              \
    static void STDMETHODCALLTYPE P##_set_srvs(ID3D11DeviceContext *c, UINT s, UINT n,             \
                                               ID3D11ShaderResourceView *const *v)                 \
    {                                                                                              \
        set_kind(c, ST, 1, s, n, (const void *const *)v);                                          \
    }                                                                                              \
    static void STDMETHODCALLTYPE P##_get_srvs(ID3D11DeviceContext *c, UINT s, UINT n,             \
                                               ID3D11ShaderResourceView **v)                       \
    {                                                                                              \
        get_kind(c, ST, 1, s, n, (void **)v);                                                      \
    }                                                                                              \
    static void STDMETHODCALLTYPE P##_set_samplers(ID3D11DeviceContext *c, UINT s, UINT n,         \
                                                   ID3D11SamplerState *const *v)                   \
    {                                                                                              \
        set_kind(c, ST, 2, s, n, (const void *const *)v);                                          \
    }                                                                                              \
    static void STDMETHODCALLTYPE P##_get_samplers(ID3D11DeviceContext *c, UINT s, UINT n,         \
                                                   ID3D11SamplerState **v)                         \
    {                                                                                              \
        get_kind(c, ST, 2, s, n, (void **)v);                                                      \
    }
STAGE_METHODS(vs, RT_STAGE_VS, ID3D11VertexShader)
STAGE_METHODS(hs, RT_STAGE_HS, ID3D11HullShader)
STAGE_METHODS(ds, RT_STAGE_DS, ID3D11DomainShader)
STAGE_METHODS(gs, RT_STAGE_GS, ID3D11GeometryShader)
STAGE_METHODS(ps, RT_STAGE_PS, ID3D11PixelShader)
STAGE_METHODS(cs, RT_STAGE_CS, ID3D11ComputeShader)

#define FILL_STAGE(t, U, P)                                                                        \
    do {                                                                                           \
        t->U##SetShader = P##_set_shader;                                                          \
        t->U##GetShader = P##_get_shader;                                                          \
        t->U##SetConstantBuffers = P##_set_cbs;                                                    \
        t->U##GetConstantBuffers = P##_get_cbs;                                                    \
        t->U##SetShaderResources = P##_set_srvs;                                                   \
        t->U##GetShaderResources = P##_get_srvs;                                                   \
        t->U##SetSamplers = P##_set_samplers;                                                      \
        t->U##GetSamplers = P##_get_samplers;                                                      \
    } while (0)

void rt_ctx_fill_stages(ID3D11DeviceContextVtbl *t)
{
    FILL_STAGE(t, VS, vs);
    FILL_STAGE(t, HS, hs);
    FILL_STAGE(t, DS, ds);
    FILL_STAGE(t, GS, gs);
    FILL_STAGE(t, PS, ps);
    FILL_STAGE(t, CS, cs);
    rt_ctx_fill_uavs(t);
}
