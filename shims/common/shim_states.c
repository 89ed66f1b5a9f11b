/* SPDX-License-Identifier: MIT */
/* shim_states.c — blend, depth-stencil and rasterizer state objects. */
#include <string.h>

#include "shim_entry.h"

static uint32_t f32_bits(FLOAT f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

SIZE_T shim_blend_private_size(void)
{
    return SHIM_OBJECT_BYTES(aerocmd_umd_blend_state_size());
}

void shim_create_blend(struct shim_device *dev, const struct aerocmd_umd_blend_desc *desc,
                       void *drv_private)
{
    size_t size;
    void *mem = shim_object_place(drv_private, aerocmd_umd_blend_state_size(), &size);
    struct aerocmd_umd_blend_state *state = NULL;
    aerocmd_result r = aerocmd_umd_create_blend_state(dev->dev, mem, size, desc, &state);
    if (r == AEROCMD_OK)
        ((struct shim_object *)drv_private)->obj = state;
    shim_report_result(dev, r);
}

void APIENTRY shim_destroy_blend(D3D10DDI_HDEVICE h, D3D10DDI_HBLENDSTATE s)
{
    struct aerocmd_umd_blend_state *st = (struct aerocmd_umd_blend_state *)shim_obj(s.pDrvPrivate);
    (void)h;
    if (st != NULL) {
        aerocmd_umd_destroy_blend_state(st);
        ((struct shim_object *)s.pDrvPrivate)->obj = NULL;
    }
}

SIZE_T APIENTRY shim_calc_depth_state_size(D3D10DDI_HDEVICE h,
                                           CONST D3D10_DDI_DEPTH_STENCIL_DESC *d)
{
    (void)h;
    (void)d;
    return SHIM_OBJECT_BYTES(aerocmd_umd_depth_stencil_state_size());
}

static void stencil_face(struct aerocmd_umd_stencil_face *out,
                         const D3D10_DDI_DEPTH_STENCILOP_DESC *in)
{
    out->fail_op = (uint32_t)in->StencilFailOp;
    out->depth_fail_op = (uint32_t)in->StencilDepthFailOp;
    out->pass_op = (uint32_t)in->StencilPassOp;
    out->func = (uint32_t)in->StencilFunc;
}

void APIENTRY shim_create_depth_state(D3D10DDI_HDEVICE h, CONST D3D10_DDI_DEPTH_STENCIL_DESC *a,
                                      D3D10DDI_HDEPTHSTENCILSTATE s,
                                      D3D10DDI_HRTDEPTHSTENCILSTATE rt)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_depth_stencil_desc d;
    struct aerocmd_umd_depth_stencil_state *state = NULL;
    size_t size;
    void *mem = shim_object_place(s.pDrvPrivate, aerocmd_umd_depth_stencil_state_size(), &size);
    aerocmd_result r;
    (void)rt;
    memset(&d, 0, sizeof d);
    d.depth_enable = a->DepthEnable != 0;
    d.depth_write = (uint32_t)a->DepthWriteMask;
    d.depth_func = (uint32_t)a->DepthFunc;
    d.stencil_enable = a->StencilEnable != 0;
    d.stencil_read_mask = a->StencilReadMask;
    d.stencil_write_mask = a->StencilWriteMask;
    stencil_face(&d.front, &a->FrontFace);
    stencil_face(&d.back, &a->BackFace);
    r = aerocmd_umd_create_depth_stencil_state(dev->dev, mem, size, &d, &state);
    if (r == AEROCMD_OK)
        ((struct shim_object *)s.pDrvPrivate)->obj = state;
    shim_report_result(dev, r);
}

void APIENTRY shim_destroy_depth_state(D3D10DDI_HDEVICE h, D3D10DDI_HDEPTHSTENCILSTATE s)
{
    struct aerocmd_umd_depth_stencil_state *st =
        (struct aerocmd_umd_depth_stencil_state *)shim_obj(s.pDrvPrivate);
    (void)h;
    if (st != NULL) {
        aerocmd_umd_destroy_depth_stencil_state(st);
        ((struct shim_object *)s.pDrvPrivate)->obj = NULL;
    }
}

SIZE_T APIENTRY shim_calc_raster_size(D3D10DDI_HDEVICE h, CONST D3D10_DDI_RASTERIZER_DESC *d)
{
    (void)h;
    (void)d;
    return SHIM_OBJECT_BYTES(aerocmd_umd_rasterizer_state_size());
}

void APIENTRY shim_create_raster(D3D10DDI_HDEVICE h, CONST D3D10_DDI_RASTERIZER_DESC *a,
                                 D3D10DDI_HRASTERIZERSTATE s, D3D10DDI_HRTRASTERIZERSTATE rt)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_rasterizer_desc d;
    struct aerocmd_umd_rasterizer_state *state = NULL;
    size_t size;
    void *mem = shim_object_place(s.pDrvPrivate, aerocmd_umd_rasterizer_state_size(), &size);
    aerocmd_result r;
    (void)rt;
    d.fill_mode = (uint32_t)a->FillMode;
    d.cull_mode = (uint32_t)a->CullMode;
    d.front_ccw = a->FrontCounterClockwise != 0;
    d.depth_bias = a->DepthBias;
    d.depth_bias_clamp_f32 = f32_bits(a->DepthBiasClamp);
    d.slope_scaled_depth_bias_f32 = f32_bits(a->SlopeScaledDepthBias);
    d.depth_clip_enable = a->DepthClipEnable != 0;
    d.scissor_enable = a->ScissorEnable != 0;
    d.multisample_enable = a->MultisampleEnable != 0;
    d.antialiased_line_enable = a->AntialiasedLineEnable != 0;
    r = aerocmd_umd_create_rasterizer_state(dev->dev, mem, size, &d, &state);
    if (r == AEROCMD_OK)
        ((struct shim_object *)s.pDrvPrivate)->obj = state;
    shim_report_result(dev, r);
}

void APIENTRY shim_destroy_raster(D3D10DDI_HDEVICE h, D3D10DDI_HRASTERIZERSTATE s)
{
    struct aerocmd_umd_rasterizer_state *st =
        (struct aerocmd_umd_rasterizer_state *)shim_obj(s.pDrvPrivate);
    (void)h;
    if (st != NULL) {
        aerocmd_umd_destroy_rasterizer_state(st);
        ((struct shim_object *)s.pDrvPrivate)->obj = NULL;
    }
}
