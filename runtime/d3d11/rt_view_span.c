/* SPDX-License-Identifier: MIT */
/* rt_view_span.c — the subresources a view covers, for Direct3D 11's read/write hazard rule,
 * which the runtime applies per subresource ("the runtime doesn't allow any given
 * SubResource to be bound as an input and as an output at the same time"): mip 1 of a
 * texture may be read while mip 0 is drawn into. A buffer is one subresource; a 3D texture's
 * depth slices are not subresources (its views cover every slice of their mips). */
#include "rt_view.h"

static void set_span(struct rt_view *v, UINT mip, UINT mips, UINT slice, UINT slices)
{
    v->span[0] = mip;
    v->span[1] = mip + mips;
    v->span[2] = slice;
    v->span[3] = slice + slices;
}

static void srv_span(struct rt_view *v, const D3D11DDIARG_CREATESHADERRESOURCEVIEW *a)
{
    switch (a->ResourceDimension) {
    case D3D10DDIRESOURCE_TEXTURE1D:
        set_span(v, a->Tex1D.MostDetailedMip, a->Tex1D.MipLevels, a->Tex1D.FirstArraySlice,
                 a->Tex1D.ArraySize);
        break;
    case D3D10DDIRESOURCE_TEXTURE2D:
        set_span(v, a->Tex2D.MostDetailedMip, a->Tex2D.MipLevels, a->Tex2D.FirstArraySlice,
                 a->Tex2D.ArraySize);
        break;
    case D3D10DDIRESOURCE_TEXTURE3D:
        set_span(v, a->Tex3D.MostDetailedMip, a->Tex3D.MipLevels, 0, 1);
        break;
    case D3D10DDIRESOURCE_TEXTURECUBE:
        set_span(v, a->TexCube.MostDetailedMip, a->TexCube.MipLevels, a->TexCube.First2DArrayFace,
                 6u * (a->TexCube.NumCubes != 0 ? a->TexCube.NumCubes : 1u));
        break;
    default:
        set_span(v, 0, 1, 0, 1);
        break;
    }
}

/* RTV, DSV and UAV: one mip. Their 1D, 2D and cube variants are all {MipSlice,
 * FirstArraySlice, ArraySize}, read here through the 2D one; a 3D one's slices are W. */
static void target_span(struct rt_view *v, D3D10DDIRESOURCE_TYPE dim, UINT mip, UINT first,
                        UINT count)
{
    if (dim == D3D10DDIRESOURCE_BUFFER || dim == D3D11DDIRESOURCE_BUFFEREX)
        set_span(v, 0, 1, 0, 1);
    else if (dim == D3D10DDIRESOURCE_TEXTURE3D)
        set_span(v, mip, 1, 0, 1);
    else
        set_span(v, mip, 1, first, count);
}

void rt_view_span(struct rt_view *v, const union rt_view_ddi *a)
{
    switch (v->obj.kind) {
    case RT_SRV:
        srv_span(v, &a->srv);
        break;
    case RT_RTV:
        target_span(v, a->rtv.ResourceDimension, a->rtv.Tex2D.MipSlice,
                    a->rtv.Tex2D.FirstArraySlice, a->rtv.Tex2D.ArraySize);
        break;
    case RT_DSV:
        target_span(v, a->dsv.ResourceDimension, a->dsv.Tex2D.MipSlice,
                    a->dsv.Tex2D.FirstArraySlice, a->dsv.Tex2D.ArraySize);
        break;
    default:
        target_span(v, a->uav.ResourceDimension, a->uav.Tex2D.MipSlice,
                    a->uav.Tex2D.FirstArraySlice, a->uav.Tex2D.ArraySize);
        break;
    }
}

BOOL rt_views_meet(const struct rt_view *a, const struct rt_view *b)
{
    return a->resource == b->resource && a->span[0] < b->span[1] && b->span[0] < a->span[1] &&
           a->span[2] < b->span[3] && b->span[2] < a->span[3];
}
