/* SPDX-License-Identifier: MIT */
/* rt_view.h — a view's description: the application's (or the default a NULL description
 * means) resolved against the resource, checked, and turned into the DDI's arguments. */
#ifndef RT_VIEW_H
#define RT_VIEW_H

#include "rt_internal.h"

union rt_view_ddi {
    D3D11DDIARG_CREATESHADERRESOURCEVIEW srv;
    D3D10DDIARG_CREATERENDERTARGETVIEW rtv;
    D3D11DDIARG_CREATEDEPTHSTENCILVIEW dsv;
    D3D11DDIARG_CREATEUNORDEREDACCESSVIEW uav;
};

/* v->obj.kind and v->resource set; fills v->desc and *a (but a's resource handle).
 * E_INVALIDARG for a description Direct3D refuses. */
HRESULT rt_view_resolve(struct rt_device *dev, struct rt_view *v, const void *desc,
                        union rt_view_ddi *a);

/* The subresources the view covers, from its DDI arguments (rt_view_span.c); whether two
 * views share a subresource (Direct3D's hazard rule). */
void rt_view_span(struct rt_view *v, const union rt_view_ddi *a);
BOOL rt_views_meet(const struct rt_view *a, const struct rt_view *b);

/* Shared by the view kinds (rt_view_desc.c). */
#define RT_VIEW_ALL (~(UINT)0)
HRESULT rt_view_check_format(const struct rt_resource *r, DXGI_FORMAT f, BOOL buffer_unknown_ok);
HRESULT rt_view_range(UINT *first, UINT *n, UINT total);
HRESULT rt_view_buffer_elements(const struct rt_resource *r, DXGI_FORMAT f, UINT first, UINT n,
                                BOOL raw);
/* view_dim: 1, 2 or 3; out = {mip, first slice, slice count}. */
HRESULT rt_view_target_texture(const struct rt_resource *r, UINT view_dim, UINT mip, UINT first,
                               UINT n, D3D10DDIRESOURCE_TYPE *ddi_dim, UINT out[3]);
/* rt_view_targets.c */
HRESULT rt_view_resolve_rtv(struct rt_view *v, const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                            D3D10DDIARG_CREATERENDERTARGETVIEW *a);
HRESULT rt_view_resolve_dsv(struct rt_view *v, const D3D11_DEPTH_STENCIL_VIEW_DESC *desc,
                            D3D11DDIARG_CREATEDEPTHSTENCILVIEW *a);
HRESULT rt_view_resolve_uav(struct rt_view *v, const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
                            D3D11DDIARG_CREATEUNORDEREDACCESSVIEW *a);

#endif
