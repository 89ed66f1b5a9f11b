/* SPDX-License-Identifier: MIT */
/* rt_deferred.c — deferred contexts and command lists, as Microsoft's runtime emulates them
 * for a driver without command-list support (this driver reports none): a deferred context
 * records its actions, each with a snapshot of the bindings when they changed since the
 * last one; ExecuteCommandList replays them on the immediate context from the default state
 * (each snapshot applied through the setters, then the action), and afterwards restores the
 * immediate context's state or clears it, as asked. A deferred context may execute a list
 * too: recorded, and played inside its own list. */
#include <string.h>

#include "rt_ctx.h"
#include "rt_format.h"

struct rt_cmd {
    struct rt_cmd *next;
    struct rt_context *state; /* the bindings to apply first; NULL: unchanged */
    struct rt_op_args args;
    void *data; /* an UpdateSubresource's bytes */
};

struct rt_command_list {
    struct rt_object obj;
    struct rt_cmd *cmds;
};

/* Every object a context's state binds. */
static void visit(struct rt_context *c, void (*fn)(struct rt_object *))
{
    struct rt_object *singles[] = {c->layout,        c->ib,       c->rasterizer, c->dsv, c->blend,
                                   c->depth_stencil, c->predicate};
    UINT s, i;
    for (s = 0; s < RT_STAGES; s++) {
        fn(c->stage[s].shader);
        for (i = 0; i < D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT; i++)
            fn(c->stage[s].cb[i]);
        for (i = 0; i < D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT; i++)
            fn(c->stage[s].srv[i]);
        for (i = 0; i < D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT; i++)
            fn(c->stage[s].sampler[i]);
    }
    for (i = 0; i < D3D11_PS_CS_UAV_REGISTER_COUNT; i++) {
        fn(c->cs_uav[i]);
        fn(c->om_uav[i]);
    }
    for (i = 0; i < D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT; i++)
        fn(c->vb[i]);
    for (i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; i++)
        fn(c->rtv[i]);
    for (i = 0; i < D3D11_SO_BUFFER_SLOT_COUNT; i++)
        fn(c->so[i]);
    for (i = 0; i < sizeof singles / sizeof singles[0]; i++)
        fn(singles[i]);
}

static struct rt_context *snapshot(const struct rt_context *ctx)
{
    struct rt_context *s = (struct rt_context *)rt_alloc(sizeof *s);
    if (s == NULL)
        return NULL;
    memcpy(s, ctx, sizeof *s);
    memset(&s->priv, 0, sizeof s->priv);
    s->cmds = s->cmds_tail = NULL;
    visit(s, rt_object_hold);
    return s;
}

static void snapshot_free(struct rt_context *s)
{
    if (s == NULL)
        return;
    visit(s, rt_object_drop);
    rt_free(s);
}

void rt_deferred_dirty(struct rt_context *ctx)
{
    ctx->dirty = TRUE;
}

/* The bytes an UpdateSubresource reads (its box, or the subresource, by its pitches). */
static UINT update_bytes(const struct rt_op_args *a);

void rt_deferred_record(struct rt_context *ctx, const struct rt_op_args *a)
{
    struct rt_cmd *c = (struct rt_cmd *)rt_alloc(sizeof *c);
    if (c == NULL)
        return;
    c->args = *a;
    if (ctx->dirty || ctx->cmds == NULL) {
        c->state = snapshot(ctx);
        ctx->dirty = FALSE;
    }

    if (a->op == RT_OP_UPDATE || a->op == RT_OP_MAP_WRITE) {
        c->args.data_size = a->op == RT_OP_UPDATE ? update_bytes(a) : a->data_size;
        c->data = rt_alloc(c->args.data_size);
        if (c->data != NULL)
            memcpy(c->data, a->data, c->args.data_size);
        c->args.data = c->data;
    }
    rt_object_hold(a->obj[0]);
    rt_object_hold(a->obj[1]);
    if (ctx->cmds_tail != NULL)
        ctx->cmds_tail->next = c;
    else
        ctx->cmds = c;
    ctx->cmds_tail = c;
}

static void free_cmds(struct rt_cmd *c)
{
    while (c != NULL) {
        struct rt_cmd *next = c->next;
        snapshot_free(c->state);
        rt_object_drop(c->args.obj[0]);
        rt_object_drop(c->args.obj[1]);
        rt_free(c->data);
        rt_free(c);
        c = next;
    }
}

static UINT update_bytes(const struct rt_op_args *a)
{
    const struct rt_resource *r = (const struct rt_resource *)a->obj[0];
    const struct rt_format_info *f = rt_format_info(r->format);
    UINT mip = a->u[0] % r->mip_levels, w, h, d, row;
    if (r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER)
        return a->has_box ? a->box.right - a->box.left : r->width;
    w = a->has_box ? a->box.right - a->box.left : (r->width >> mip ? r->width >> mip : 1u);
    h = a->has_box ? a->box.bottom - a->box.top : (r->height >> mip ? r->height >> mip : 1u);
    d = a->has_box ? a->box.back - a->box.front : 1u;
    if (f != NULL && f->kind == 'B') {
        w = (w + 3u) / 4u;
        h = (h + 3u) / 4u;
    }
    row = f != NULL ? (w * f->bits + 7u) / 8u : 0u;
    return (d - 1u) * a->u[2] + (h - 1u) * a->u[1] + row;
}

/* ---- command lists ---------------------------------------------------------------------- */

RT_CHILD_METHODS(list, ID3D11CommandList)

static UINT STDMETHODCALLTYPE list_flags(ID3D11CommandList *iface)
{
    (void)iface;
    return 0;
}

const ID3D11CommandListVtbl rt_list_vtbl = {RT_CHILD_VTBL(list), list_flags};

static void list_destroy(struct rt_object *obj)
{
    free_cmds(((struct rt_command_list *)obj)->cmds);
}

static const IID *const list_iids[] = {&IID_ID3D11CommandList, NULL};
static const struct rt_object_ops list_ops = {list_iids, list_destroy};

static HRESULT STDMETHODCALLTYPE finish(ID3D11DeviceContext *iface, BOOL restore,
                                        ID3D11CommandList **out)
{
    struct rt_context *ctx = rt_context_from(iface);
    struct rt_command_list *l;
    if (!ctx->deferred)
        return DXGI_ERROR_INVALID_CALL;
    if (out == NULL)
        return E_INVALIDARG;
    l = (struct rt_command_list *)rt_object_new(ctx->device, sizeof *l, RT_COMMAND_LIST,
                                                &rt_list_vtbl, &list_ops, 0);
    if (l == NULL)
        return E_OUTOFMEMORY;
    l->cmds = ctx->cmds;
    ctx->cmds = ctx->cmds_tail = NULL;
    ctx->dirty = TRUE;
    if (!restore)
        rt_ctx_apply_state(ctx, NULL);
    *out = (ID3D11CommandList *)l;
    return S_OK;
}

/* Plays a list on the immediate context from the default state, each recorded snapshot
 * applied before its action; a list executed on the deferred context that recorded it is
 * played where it was executed, as that list's own execution. */
static void play(struct rt_context *ctx, const struct rt_command_list *l, BOOL restore)
{
    struct rt_context *saved = restore ? snapshot(ctx) : NULL;
    const struct rt_cmd *c;
    rt_ctx_apply_state(ctx, NULL);
    for (c = l->cmds; c != NULL; c = c->next) {
        if (c->state != NULL)
            rt_ctx_apply_state(ctx, c->state);
        if (c->args.op == RT_OP_EXECUTE)
            play(ctx, (const struct rt_command_list *)c->args.obj[0], (BOOL)c->args.u[0]);
        else if ((c->args.op != RT_OP_UPDATE && c->args.op != RT_OP_MAP_WRITE) ||
                 c->args.data != NULL)
            rt_ctx_perform(ctx, &c->args);
    }
    rt_ctx_apply_state(ctx, saved);
    snapshot_free(saved);
}

/* On a deferred context the execution is recorded (holding the list), and the context's
 * state afterwards is what it would be on the immediate one: kept, or the default. */
static void STDMETHODCALLTYPE execute(ID3D11DeviceContext *iface, ID3D11CommandList *list,
                                      BOOL restore)
{
    struct rt_context *ctx = rt_context_from(iface);
    struct rt_object *l = rt_object_of(list, RT_COMMAND_LIST);
    struct rt_op_args a;
    if (l == NULL)
        return;
    if (!ctx->deferred) {
        play(ctx, (const struct rt_command_list *)l, restore);
        return;
    }
    memset(&a, 0, sizeof a);
    a.op = RT_OP_EXECUTE;
    a.obj[0] = l;
    a.u[0] = restore != FALSE;
    rt_deferred_record(ctx, &a);
    if (!restore)
        rt_ctx_apply_state(ctx, NULL);
}

void rt_ctx_fill_deferred(ID3D11DeviceContextVtbl *t);

void rt_ctx_fill_deferred(ID3D11DeviceContextVtbl *t)
{
    t->FinishCommandList = finish;
    t->ExecuteCommandList = execute;
}

/* A deferred context going away drops what it recorded. */
void rt_deferred_forget(struct rt_context *ctx);

void rt_deferred_forget(struct rt_context *ctx)
{
    rt_deferred_forget_maps(ctx);
    free_cmds(ctx->cmds);
    ctx->cmds = ctx->cmds_tail = NULL;
}
