/* SPDX-License-Identifier: MIT */
/* rt_ctx_copy.c — clears, copies, UpdateSubresource, GenerateMips, resolves: each checked as
 * Direct3D 11 checks it (a call it refuses does nothing), then the driver. */
#include <string.h>

#include "rt_ctx.h"
#include "rt_format.h"
#include "rt_view.h"

static UINT level(UINT size, UINT mip)
{
    size >>= mip;
    return size != 0 ? size : 1u;
}

/* The extent of a subresource (width, height, depth), FALSE for an index past the last. */
static BOOL sub_extent(const struct rt_resource *r, UINT sub, UINT ext[3])
{
    UINT mip = sub % r->mip_levels;
    if (sub >= rt_resource_subresources(r))
        return FALSE;
    ext[0] = level(r->width, mip);
    ext[1] = r->dimension >= D3D11_RESOURCE_DIMENSION_TEXTURE2D ? level(r->height, mip) : 1u;
    ext[2] = r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D ? level(r->depth, mip) : 1u;
    return TRUE;
}

/* A copy's two resources: one dimension, layouts of one size, the destination writable. */
static BOOL copy_compatible(const struct rt_resource *d, const struct rt_resource *s)
{
    const struct rt_format_info *df = rt_format_info(d->format), *sf = rt_format_info(s->format);
    if (d == s || d->dimension != s->dimension || d->usage == D3D11_USAGE_IMMUTABLE ||
        d->sample.Count != s->sample.Count)
        return FALSE;
    if (d->dimension == D3D11_RESOURCE_DIMENSION_BUFFER)
        return TRUE;
    return df != NULL && sf != NULL && df->bits == sf->bits &&
           (df->kind == 'D') == (sf->kind == 'D');
}

static BOOL whole_copy_ok(const struct rt_resource *d, const struct rt_resource *s)
{
    return copy_compatible(d, s) && d->width == s->width && d->height == s->height &&
           d->depth == s->depth && d->mip_levels == s->mip_levels && d->array_size == s->array_size;
}

static void perform_copy(struct rt_context *ctx, const struct rt_op_args *a)
{
    D3D11DDI_DEVICEFUNCS *f = &ctx->device->drv.f;
    D3D10DDI_HRESOURCE d = {rt_drv(a->obj[0])}, s = {rt_drv(a->obj[1])};
    D3D10_DDI_BOX box;
    if (a->op == RT_OP_COPY_RESOURCE) {
        RT_DDI(ctx, f->pfnResourceCopy(dev_->drv.hdev, d, s));
        return;
    }
    memcpy(&box, &a->box, sizeof box); /* D3D11_BOX is UINTs, D3D10_DDI_BOX LONGs */
    RT_DDI(ctx, f->pfnResourceCopyRegion(dev_->drv.hdev, d, a->u[0], a->u[1], a->u[2], a->u[3], s,
                                         a->u[4], a->has_box ? &box : NULL));
}

static void perform_update(struct rt_context *ctx, const struct rt_op_args *a)
{
    D3D11DDI_DEVICEFUNCS *f = &ctx->device->drv.f;
    const struct rt_resource *r = (const struct rt_resource *)a->obj[0];
    D3D10DDI_HRESOURCE d = {rt_drv(a->obj[0])};
    D3D10_DDI_BOX box;
    memcpy(&box, &a->box, sizeof box);
    if (r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER && (r->bind & D3D11_BIND_CONSTANT_BUFFER))
        RT_DDI(ctx, f->pfnDefaultConstantBufferUpdateSubresourceUP(dev_->drv.hdev, d, a->u[0],
                                                                   a->has_box ? &box : NULL,
                                                                   a->data, a->u[1], a->u[2]));
    else
        RT_DDI(ctx, f->pfnResourceUpdateSubresourceUP(dev_->drv.hdev, d, a->u[0],
                                                      a->has_box ? &box : NULL, a->data, a->u[1],
                                                      a->u[2]));
}

static void perform_clear(struct rt_context *ctx, const struct rt_op_args *a)
{
    D3D11DDI_DEVICEFUNCS *f = &ctx->device->drv.f;
    FLOAT color[4];
    UINT values[4];
    memcpy(color, a->f, sizeof color);
    memcpy(values, a->u, sizeof values);
    if (a->op == RT_OP_CLEAR_RTV) {
        D3D10DDI_HRENDERTARGETVIEW h = {rt_drv(a->obj[0])};
        RT_DDI(ctx, f->pfnClearRenderTargetView(dev_->drv.hdev, h, color));
    } else if (a->op == RT_OP_CLEAR_DSV) {
        D3D10DDI_HDEPTHSTENCILVIEW h = {rt_drv(a->obj[0])};
        RT_DDI(ctx,
               f->pfnClearDepthStencilView(dev_->drv.hdev, h, a->u[0], a->f[0], (UINT8)a->u[1]));
    } else if (a->op == RT_OP_CLEAR_UAV_UINT) {
        D3D11DDI_HUNORDEREDACCESSVIEW h = {rt_drv(a->obj[0])};
        RT_DDI(ctx, f->pfnClearUnorderedAccessViewUint(dev_->drv.hdev, h, values));
    } else {
        D3D11DDI_HUNORDEREDACCESSVIEW h = {rt_drv(a->obj[0])};
        RT_DDI(ctx, f->pfnClearUnorderedAccessViewFloat(dev_->drv.hdev, h, color));
    }
}

void rt_ctx_perform_resource(struct rt_context *ctx, const struct rt_op_args *a);

void rt_ctx_perform_resource(struct rt_context *ctx, const struct rt_op_args *a)
{
    D3D11DDI_DEVICEFUNCS *f = &ctx->device->drv.f;
    D3D10DDI_HRESOURCE r0 = {rt_drv(a->obj[0])}, r1 = {rt_drv(a->obj[1])};
    switch (a->op) {
    case RT_OP_COPY_RESOURCE:
    case RT_OP_COPY_REGION:
        perform_copy(ctx, a);
        break;
    case RT_OP_UPDATE:
        perform_update(ctx, a);
        break;
    case RT_OP_MAP_WRITE:
        rt_ctx_perform_map_write(ctx, a);
        break;
    case RT_OP_GENERATE_MIPS: {
        D3D10DDI_HSHADERRESOURCEVIEW h = {rt_drv(a->obj[0])};
        RT_DDI(ctx, f->pfnGenMips(dev_->drv.hdev, h));
        break;
    }
    case RT_OP_RESOLVE:
        RT_DDI(ctx, f->pfnResourceResolveSubresource(dev_->drv.hdev, r0, a->u[0], r1, a->u[1],
                                                     (DXGI_FORMAT)a->u[2]));
        break;
    case RT_OP_MIN_LOD:
        RT_DDI(ctx, f->pfnSetResourceMinLOD(dev_->drv.hdev, r0, a->f[0]));
        break;
    case RT_OP_COPY_STRUCTURE_COUNT: {
        D3D11DDI_HUNORDEREDACCESSVIEW h = {rt_drv(a->obj[1])};
        RT_DDI(ctx, f->pfnCopyStructureCount(dev_->drv.hdev, r0, a->u[0], h));
        break;
    }
    default:
        perform_clear(ctx, a);
    }
}

static void STDMETHODCALLTYPE copy_resource(ID3D11DeviceContext *iface, ID3D11Resource *dst,
                                            ID3D11Resource *src)
{
    struct rt_resource *d = rt_resource_from(dst), *s = rt_resource_from(src);
    struct rt_op_args a;
    if (d == NULL || s == NULL || !whole_copy_ok(d, s))
        return;
    memset(&a, 0, sizeof a);
    a.op = RT_OP_COPY_RESOURCE;
    a.obj[0] = &d->obj;
    a.obj[1] = &s->obj;
    rt_ctx_action(rt_context_from(iface), &a);
}

/* The source box inside the source subresource, and its copy inside the destination's. */
static BOOL region_ok(const struct rt_resource *d, UINT dsub, UINT x, UINT y, UINT z,
                      const struct rt_resource *s, UINT ssub, const D3D11_BOX *box)
{
    UINT de[3], se[3], w, h, dep;
    if (!sub_extent(d, dsub, de) || !sub_extent(s, ssub, se) || !copy_compatible(d, s))
        return FALSE;
    if (box != NULL &&
        (box->left >= box->right || box->top >= box->bottom || box->front >= box->back ||
         box->right > se[0] || box->bottom > se[1] || box->back > se[2]))
        return FALSE;
    w = box != NULL ? box->right - box->left : se[0];
    h = box != NULL ? box->bottom - box->top : se[1];
    dep = box != NULL ? box->back - box->front : se[2];
    return x <= de[0] && w <= de[0] - x && y <= de[1] && h <= de[1] - y && z <= de[2] &&
           dep <= de[2] - z;
}

static void STDMETHODCALLTYPE copy_region(ID3D11DeviceContext *iface, ID3D11Resource *dst,
                                          UINT dsub, UINT x, UINT y, UINT z, ID3D11Resource *src,
                                          UINT ssub, const D3D11_BOX *box)
{
    struct rt_resource *d = rt_resource_from(dst), *s = rt_resource_from(src);
    struct rt_op_args a;
    if (d == NULL || s == NULL || (d == s && dsub == ssub) ||
        !region_ok(d, dsub, x, y, z, s == d ? d : s, ssub, box))
        return;
    memset(&a, 0, sizeof a);
    a.op = RT_OP_COPY_REGION;
    a.obj[0] = &d->obj;
    a.obj[1] = &s->obj;
    a.u[0] = dsub;
    a.u[1] = x;
    a.u[2] = y;
    a.u[3] = z;
    a.u[4] = ssub;
    a.has_box = box != NULL;
    if (box != NULL)
        a.box = *box;
    rt_ctx_action(rt_context_from(iface), &a);
}

/* UpdateSubresource: DEFAULT resources that are not depth-stencil or multisampled; a box
 * inside the subresource (none for a constant buffer); an empty box does nothing. */
static void STDMETHODCALLTYPE update(ID3D11DeviceContext *iface, ID3D11Resource *dst, UINT sub,
                                     const D3D11_BOX *box, const void *data, UINT row_pitch,
                                     UINT depth_pitch)
{
    struct rt_resource *d = rt_resource_from(dst);
    struct rt_op_args a;
    UINT e[3];
    if (d == NULL || data == NULL || d->usage != D3D11_USAGE_DEFAULT ||
        (d->bind & D3D11_BIND_DEPTH_STENCIL) || d->sample.Count > 1 || !sub_extent(d, sub, e))
        return;
    if (box != NULL &&
        (box->left >= box->right || box->top >= box->bottom || box->front >= box->back))
        return;
    if (box != NULL && (box->right > e[0] || box->bottom > e[1] || box->back > e[2] ||
                        (d->bind & D3D11_BIND_CONSTANT_BUFFER)))
        return;
    memset(&a, 0, sizeof a);
    a.op = RT_OP_UPDATE;
    a.obj[0] = &d->obj;
    a.u[0] = sub;
    a.u[1] = row_pitch;
    a.u[2] = depth_pitch;
    a.has_box = box != NULL;
    if (box != NULL)
        a.box = *box;
    a.data = data;
    rt_ctx_action(rt_context_from(iface), &a);
}

void rt_ctx_fill_clears(ID3D11DeviceContextVtbl *t);
void rt_ctx_fill_map(ID3D11DeviceContextVtbl *t);

void rt_ctx_fill_resources(ID3D11DeviceContextVtbl *t)
{
    t->CopyResource = copy_resource;
    t->CopySubresourceRegion = copy_region;
    t->UpdateSubresource = update;
    rt_ctx_fill_clears(t);
    rt_ctx_fill_map(t);
}
