/* SPDX-License-Identifier: MIT */
/* rt_deferred_map.c — Map on a deferred context, as Direct3D 11 allows it there:
 * WRITE_DISCARD of a DYNAMIC resource. The application writes into memory of the runtime's
 * (rows packed); Unmap records the bytes, and the command list's replay maps the resource
 * with WRITE_DISCARD on the immediate context and copies them in (rt_ctx_map.c). */
#include <string.h>

#include "rt_ctx.h"
#include "rt_format.h"

struct rt_pending_map {
    struct rt_resource *res;
    UINT sub, row, size;
    uint8_t *data;
};

static UINT level(UINT size, UINT mip)
{
    size >>= mip;
    return size != 0 ? size : 1u;
}

/* A packed subresource's row and total bytes. */
static void packed_size(const struct rt_resource *r, UINT sub, UINT *row, UINT *size)
{
    const struct rt_format_info *f = rt_format_info(r->format);
    UINT mip = sub % r->mip_levels, w = level(r->width, mip), h = level(r->height, mip);
    if (r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER || f == NULL) {
        *row = *size = r->width;
        return;
    }
    if (f->kind == 'B') {
        w = (w + 3u) / 4u;
        h = (h + 3u) / 4u;
    }
    *row = (w * f->bits + 7u) / 8u;
    *size = *row * h;
}

HRESULT rt_deferred_map(struct rt_context *ctx, struct rt_resource *r, UINT sub, D3D11_MAP type,
                        D3D11_MAPPED_SUBRESOURCE *out)
{
    struct rt_pending_map *grown, *m;
    UINT i;
    if (r->usage != D3D11_USAGE_DYNAMIC || type != D3D11_MAP_WRITE_DISCARD || out == NULL)
        return E_INVALIDARG;
    for (i = 0; i < ctx->map_count; i++)
        if (ctx->maps[i].res == r && ctx->maps[i].sub == sub)
            return E_INVALIDARG; /* mapped already */
    grown = (struct rt_pending_map *)rt_alloc((ctx->map_count + 1u) * sizeof *grown);
    if (grown == NULL)
        return E_OUTOFMEMORY;
    if (ctx->map_count != 0)
        memcpy(grown, ctx->maps, ctx->map_count * sizeof *grown);
    m = &grown[ctx->map_count];
    m->res = r;
    m->sub = sub;
    packed_size(r, sub, &m->row, &m->size);
    m->data = (uint8_t *)rt_alloc(m->size);
    if (m->data == NULL) {
        rt_free(grown);
        return E_OUTOFMEMORY;
    }
    rt_free(ctx->maps);
    ctx->maps = grown;
    ctx->map_count++;
    out->pData = m->data;
    out->RowPitch = m->row;
    out->DepthPitch = m->size;
    return S_OK;
}

void rt_deferred_unmap(struct rt_context *ctx, struct rt_resource *r, UINT sub)
{
    struct rt_op_args a;
    UINT i;
    for (i = 0; i < ctx->map_count; i++)
        if (ctx->maps[i].res == r && ctx->maps[i].sub == sub)
            break;
    if (i == ctx->map_count)
        return;
    memset(&a, 0, sizeof a);
    a.op = RT_OP_MAP_WRITE;
    a.obj[0] = &r->obj;
    a.u[0] = sub;
    a.u[1] = ctx->maps[i].row;
    a.data = ctx->maps[i].data;
    a.data_size = ctx->maps[i].size;
    rt_deferred_record(ctx, &a); /* copies the bytes */
    rt_free(ctx->maps[i].data);
    ctx->maps[i] = ctx->maps[ctx->map_count - 1u];
    ctx->map_count--;
}

void rt_deferred_forget_maps(struct rt_context *ctx)
{
    UINT i;
    for (i = 0; i < ctx->map_count; i++)
        rt_free(ctx->maps[i].data);
    rt_free(ctx->maps);
    ctx->maps = NULL;
    ctx->map_count = 0;
}
