/* SPDX-License-Identifier: MIT */
/* shim_data.c — Map/Unmap, UpdateSubresourceUP and copies. */
#include <string.h>

#include "shim_entry.h"

static struct aerocmd_umd_resource *res_of(D3D10DDI_HRESOURCE r)
{
    return (struct aerocmd_umd_resource *)shim_obj(r.pDrvPrivate);
}

/* The runtime's mapped-subresource struct is libaerocmd's, field for field: Map fills it
 * in place. */
AEROGPU_STATIC_ASSERT(sizeof(D3D10DDI_MAPPED_SUBRESOURCE) == sizeof(struct aerocmd_umd_mapped),
                      shim_mapped_size);
AEROGPU_STATIC_ASSERT(offsetof(D3D10DDI_MAPPED_SUBRESOURCE, pData) ==
                          offsetof(struct aerocmd_umd_mapped, data),
                      shim_mapped_data);
AEROGPU_STATIC_ASSERT(offsetof(D3D10DDI_MAPPED_SUBRESOURCE, RowPitch) ==
                          offsetof(struct aerocmd_umd_mapped, row_pitch),
                      shim_mapped_row_pitch);
AEROGPU_STATIC_ASSERT(offsetof(D3D10DDI_MAPPED_SUBRESOURCE, DepthPitch) ==
                          offsetof(struct aerocmd_umd_mapped, depth_pitch),
                      shim_mapped_depth_pitch);

/* DONOTWAIT is the DDI's one map flag, libaerocmd's DO_NOT_WAIT bit (which looks at no
 * other bit): the flags pass as they are. */
AEROGPU_STATIC_ASSERT(D3D10_DDI_MAP_FLAG_DONOTWAIT == AEROCMD_UMD_MAP_DO_NOT_WAIT,
                      shim_map_do_not_wait);

/* Map and Unmap hand straight on (failures reach the runtime through the error hook). */
void APIENTRY shim_map(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, UINT sub, D3D10_DDI_MAP type,
                       UINT flags, D3D10DDI_MAPPED_SUBRESOURCE *out)
{
    (void)aerocmd_umd_map(shim_ctx(h), res_of(r), sub, (enum aerocmd_umd_map_type)type, flags,
                          (struct aerocmd_umd_mapped *)out);
}

void APIENTRY shim_unmap(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, UINT sub)
{
    (void)aerocmd_umd_unmap(shim_ctx(h), res_of(r), sub);
}

/* A DDI box with front/back; libaerocmd's box is the same six numbers. */
static const struct aerocmd_box *box_of(const D3D10_DDI_BOX *in, struct aerocmd_box *out)
{
    if (in == NULL)
        return NULL;
    out->left = (uint32_t)in->left;
    out->top = (uint32_t)in->top;
    out->front = (uint32_t)in->front;
    out->right = (uint32_t)in->right;
    out->bottom = (uint32_t)in->bottom;
    out->back = (uint32_t)in->back;
    return out;
}

void APIENTRY shim_update_subresource_up(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r, UINT sub,
                                         CONST D3D10_DDI_BOX *box, CONST VOID *data, UINT row_pitch,
                                         UINT depth_pitch)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_box b;
    shim_report_result(dev,
                       aerocmd_umd_update_subresource(dev->ctx, res_of(r), sub, box_of(box, &b),
                                                      data, row_pitch, depth_pitch));
}

void APIENTRY shim_copy_region(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst, UINT dst_sub, UINT x,
                               UINT y, UINT z, D3D10DDI_HRESOURCE src, UINT src_sub,
                               CONST D3D10_DDI_BOX *box)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_box b;
    shim_report_result(dev,
                       aerocmd_umd_copy_subresource_region(dev->ctx, res_of(dst), dst_sub, x, y, z,
                                                           res_of(src), src_sub, box_of(box, &b)));
}

void APIENTRY shim_copy(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE dst, D3D10DDI_HRESOURCE src)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(dev, aerocmd_umd_copy_resource(dev->ctx, res_of(dst), res_of(src)));
}
