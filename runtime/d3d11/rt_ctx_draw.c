/* SPDX-License-Identifier: MIT */
/* rt_ctx_draw.c — draws and dispatches, straight to the driver; actions are dispatched to
 * the area that performs them (rt_ctx_perform). */
#include <string.h>

#include "rt_ctx.h"

void rt_ctx_perform_resource(struct rt_context *ctx, const struct rt_op_args *a);
void rt_ctx_perform_query(struct rt_context *ctx, const struct rt_op_args *a);

void rt_ctx_action(struct rt_context *ctx, const struct rt_op_args *a)
{
    if (ctx->deferred)
        rt_deferred_record(ctx, a);
    else
        rt_ctx_perform(ctx, a);
}

static void perform_draw(struct rt_context *ctx, const struct rt_op_args *a)
{
    D3D11DDI_DEVICEFUNCS *f = &ctx->device->drv.f;
    const UINT *u = a->u;
    D3D10DDI_HRESOURCE args = {rt_drv(a->obj[0])};
    switch (a->op) {
    case RT_OP_DRAW:
        RT_DDI(ctx, f->pfnDraw(dev_->drv.hdev, u[0], u[1]));
        break;
    case RT_OP_DRAW_INDEXED:
        RT_DDI(ctx, f->pfnDrawIndexed(dev_->drv.hdev, u[0], u[1], a->base));
        break;
    case RT_OP_DRAW_INSTANCED:
        RT_DDI(ctx, f->pfnDrawInstanced(dev_->drv.hdev, u[0], u[1], u[2], u[3]));
        break;
    case RT_OP_DRAW_INDEXED_INSTANCED:
        RT_DDI(ctx, f->pfnDrawIndexedInstanced(dev_->drv.hdev, u[0], u[1], u[2], a->base, u[3]));
        break;
    case RT_OP_DRAW_AUTO:
        RT_DDI(ctx, f->pfnDrawAuto(dev_->drv.hdev));
        break;
    case RT_OP_DRAW_INSTANCED_INDIRECT:
        RT_DDI(ctx, f->pfnDrawInstancedIndirect(dev_->drv.hdev, args, u[0]));
        break;
    case RT_OP_DRAW_INDEXED_INSTANCED_INDIRECT:
        RT_DDI(ctx, f->pfnDrawIndexedInstancedIndirect(dev_->drv.hdev, args, u[0]));
        break;
    case RT_OP_DISPATCH:
        RT_DDI(ctx, f->pfnDispatch(dev_->drv.hdev, u[0], u[1], u[2]));
        break;
    default:
        RT_DDI(ctx, f->pfnDispatchIndirect(dev_->drv.hdev, args, u[0]));
        break;
    }
}

void rt_ctx_perform(struct rt_context *ctx, const struct rt_op_args *a)
{
    if (a->op <= RT_OP_DISPATCH_INDIRECT)
        perform_draw(ctx, a);
    else if (a->op >= RT_OP_BEGIN)
        rt_ctx_perform_query(ctx, a);
    else
        rt_ctx_perform_resource(ctx, a);
}

static void op(ID3D11DeviceContext *iface, enum rt_op code, UINT u0, UINT u1, UINT u2, UINT u3,
               INT base, struct rt_object *obj)
{
    struct rt_op_args a;
    memset(&a, 0, sizeof a);
    a.op = code;
    a.u[0] = u0;
    a.u[1] = u1;
    a.u[2] = u2;
    a.u[3] = u3;
    a.base = base;
    a.obj[0] = obj;
    rt_ctx_action(rt_context_from(iface), &a);
}

/* The immediate context's draws go straight to the driver: they are the hot path (the
 * recorded form is for deferred contexts). */
#define DIRECT(iface, call)                                                                        \
    do {                                                                                           \
        struct rt_context *ctx_ = rt_context_from(iface);                                          \
        struct rt_device *dev_ = ctx_->device;                                                     \
        if (ctx_->deferred)                                                                        \
            break;                                                                                 \
        RT_LOCK(dev_);                                                                             \
        dev_->ddi_error = S_OK;                                                                    \
        dev_->drv.f.call;                                                                          \
        if (dev_->ddi_error != S_OK)                                                               \
            rt_ddi_end(dev_);                                                                      \
        RT_UNLOCK(dev_);                                                                           \
        return;                                                                                    \
    } while (0)

static void STDMETHODCALLTYPE draw(ID3D11DeviceContext *iface, UINT count, UINT start)
{
    DIRECT(iface, pfnDraw(dev_->drv.hdev, count, start));
    op(iface, RT_OP_DRAW, count, start, 0, 0, 0, NULL);
}

static void STDMETHODCALLTYPE draw_indexed(ID3D11DeviceContext *iface, UINT count, UINT start,
                                           INT base)
{
    DIRECT(iface, pfnDrawIndexed(dev_->drv.hdev, count, start, base));
    op(iface, RT_OP_DRAW_INDEXED, count, start, 0, 0, base, NULL);
}

static void STDMETHODCALLTYPE draw_instanced(ID3D11DeviceContext *iface, UINT vertices,
                                             UINT instances, UINT start, UINT start_instance)
{
    DIRECT(iface, pfnDrawInstanced(dev_->drv.hdev, vertices, instances, start, start_instance));
    op(iface, RT_OP_DRAW_INSTANCED, vertices, instances, start, start_instance, 0, NULL);
}

static void STDMETHODCALLTYPE draw_indexed_instanced(ID3D11DeviceContext *iface, UINT indices,
                                                     UINT instances, UINT start, INT base,
                                                     UINT start_instance)
{
    DIRECT(iface, pfnDrawIndexedInstanced(dev_->drv.hdev, indices, instances, start, base,
                                          start_instance));
    op(iface, RT_OP_DRAW_INDEXED_INSTANCED, indices, instances, start, start_instance, base, NULL);
}

static void STDMETHODCALLTYPE draw_auto(ID3D11DeviceContext *iface)
{
    op(iface, RT_OP_DRAW_AUTO, 0, 0, 0, 0, 0, NULL);
}

static void STDMETHODCALLTYPE draw_instanced_indirect(ID3D11DeviceContext *iface,
                                                      ID3D11Buffer *args, UINT offset)
{
    struct rt_object *obj = rt_object_of(args, RT_BUFFER);
    if (obj != NULL)
        op(iface, RT_OP_DRAW_INSTANCED_INDIRECT, offset, 0, 0, 0, 0, obj);
}

static void STDMETHODCALLTYPE draw_indexed_instanced_indirect(ID3D11DeviceContext *iface,
                                                              ID3D11Buffer *args, UINT offset)
{
    struct rt_object *obj = rt_object_of(args, RT_BUFFER);
    if (obj != NULL)
        op(iface, RT_OP_DRAW_INDEXED_INSTANCED_INDIRECT, offset, 0, 0, 0, 0, obj);
}

static void STDMETHODCALLTYPE dispatch(ID3D11DeviceContext *iface, UINT x, UINT y, UINT z)
{
    op(iface, RT_OP_DISPATCH, x, y, z, 0, 0, NULL);
}

static void STDMETHODCALLTYPE dispatch_indirect(ID3D11DeviceContext *iface, ID3D11Buffer *args,
                                                UINT offset)
{
    struct rt_object *obj = rt_object_of(args, RT_BUFFER);
    if (obj != NULL)
        op(iface, RT_OP_DISPATCH_INDIRECT, offset, 0, 0, 0, 0, obj);
}

void rt_ctx_fill_draw(ID3D11DeviceContextVtbl *t)
{
    t->Draw = draw;
    t->DrawIndexed = draw_indexed;
    t->DrawInstanced = draw_instanced;
    t->DrawIndexedInstanced = draw_indexed_instanced;
    t->DrawAuto = draw_auto;
    t->DrawInstancedIndirect = draw_instanced_indirect;
    t->DrawIndexedInstancedIndirect = draw_indexed_instanced_indirect;
    t->Dispatch = dispatch;
    t->DispatchIndirect = dispatch_indirect;
}
