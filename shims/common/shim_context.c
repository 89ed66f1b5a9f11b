/* SPDX-License-Identifier: MIT */
/* shim_context.c — binding, drawing and clearing on the immediate context. */
#include <string.h>

#include "shim_entry.h"

/* The array forms stay out of the one-slot entry points' way. */
#if defined(__GNUC__)
#define SHIM_NOINLINE __attribute__((noinline))
#else
#define SHIM_NOINLINE
#endif

static uint32_t f32_bits(FLOAT f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* Handle arrays are converted into arrays of libaerocmd's slot count; the call gets the
 * runtime's count, and libaerocmd refuses a range past its slots before reading. */
#define SHIM_CONVERTED(count, limit) ((count) < (limit) ? (count) : (limit))

/* ---- shader stages --------------------------------------------------------------------- */

static void set_shader(D3D10DDI_HDEVICE h, enum aerocmd_shader_kind stage, D3D10DDI_HSHADER s)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(
        dev, aerocmd_umd_set_shader(dev->ctx, stage,
                                    (struct aerocmd_umd_shader *)shim_obj(s.pDrvPrivate)));
}

static SHIM_NOINLINE void set_constant_buffer_range(D3D10DDI_HDEVICE h,
                                                    enum aerocmd_shader_kind stage, UINT start,
                                                    UINT count, CONST D3D10DDI_HRESOURCE *bufs)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_resource *res[AEROCMD_UMD_MAX_CONSTANT_BUFFERS];
    UINT i, n = SHIM_CONVERTED(count, AEROCMD_UMD_MAX_CONSTANT_BUFFERS);
    for (i = 0; i < n; i++)
        res[i] = (struct aerocmd_umd_resource *)shim_obj(bufs[i].pDrvPrivate);
    shim_report_result(
        dev, aerocmd_umd_set_constant_buffers(dev->ctx, stage, start, count, res, NULL, NULL));
}

/* One buffer is the usual call: straight to the library's one-slot entry (the caller
 * handles other counts, in a function of four arguments so both ways are tail calls). */
static inline void set_constant_buffer(D3D10DDI_HDEVICE h, enum aerocmd_shader_kind stage,
                                       UINT slot, CONST D3D10DDI_HRESOURCE *bufs)
{
    (void)aerocmd_umd_set_constant_buffer(
        shim_ctx(h), stage, slot, (struct aerocmd_umd_resource *)shim_obj(bufs[0].pDrvPrivate));
}

static SHIM_NOINLINE void set_shader_resource_range(D3D10DDI_HDEVICE h,
                                                    enum aerocmd_shader_kind stage, UINT start,
                                                    UINT count,
                                                    CONST D3D10DDI_HSHADERRESOURCEVIEW *views)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_view *v[AEROCMD_UMD_MAX_SHADER_RESOURCES];
    UINT i, n = SHIM_CONVERTED(count, AEROCMD_UMD_MAX_SHADER_RESOURCES);
    for (i = 0; i < n; i++)
        v[i] = (struct aerocmd_umd_view *)shim_obj(views[i].pDrvPrivate);
    shim_report_result(dev, aerocmd_umd_set_shader_resources(dev->ctx, stage, start, count, v));
}

static inline void set_shader_resources(D3D10DDI_HDEVICE h, enum aerocmd_shader_kind stage,
                                        UINT start, UINT count,
                                        CONST D3D10DDI_HSHADERRESOURCEVIEW *views)
{
    struct shim_device *dev;
    if (count != 1) {
        set_shader_resource_range(h, stage, start, count, views);
        return;
    }
    dev = shim_dev(h);
    shim_report_result(dev, aerocmd_umd_set_shader_resource(
                                dev->ctx, stage, start,
                                (struct aerocmd_umd_view *)shim_obj(views[0].pDrvPrivate)));
}

static SHIM_NOINLINE void set_sampler_range(D3D10DDI_HDEVICE h, enum aerocmd_shader_kind stage,
                                            UINT start, UINT count,
                                            CONST D3D10DDI_HSAMPLER *samplers)
{
    struct shim_device *dev = shim_dev(h);
    const struct aerocmd_umd_sampler *s[AEROCMD_UMD_MAX_SAMPLERS];
    UINT i, n = SHIM_CONVERTED(count, AEROCMD_UMD_MAX_SAMPLERS);
    for (i = 0; i < n; i++)
        s[i] = (const struct aerocmd_umd_sampler *)shim_obj(samplers[i].pDrvPrivate);
    shim_report_result(dev, aerocmd_umd_set_samplers(dev->ctx, stage, start, count, s));
}

static inline void set_samplers(D3D10DDI_HDEVICE h, enum aerocmd_shader_kind stage, UINT start,
                                UINT count, CONST D3D10DDI_HSAMPLER *samplers)
{
    struct shim_device *dev;
    if (count != 1) {
        set_sampler_range(h, stage, start, count, samplers);
        return;
    }
    dev = shim_dev(h);
    shim_report_result(dev, aerocmd_umd_set_sampler(dev->ctx, stage, start,
                                                    (const struct aerocmd_umd_sampler *)shim_obj(
                                                        samplers[0].pDrvPrivate)));
}

#define SHIM_STAGE_ENTRIES(stage, kind)                                                            \
    void APIENTRY shim_##stage##_set_shader(D3D10DDI_HDEVICE h, D3D10DDI_HSHADER s)                \
    {                                                                                              \
        set_shader(h, kind, s);                                                                    \
    }                                                                                              \
    static SHIM_NOINLINE void stage##_constant_buffer_range(D3D10DDI_HDEVICE h, UINT start,        \
                                                            UINT n, CONST D3D10DDI_HRESOURCE *b)   \
    {                                                                                              \
        set_constant_buffer_range(h, kind, start, n, b);                                           \
    }                                                                                              \
    void APIENTRY shim_##stage##_set_constant_buffers(D3D10DDI_HDEVICE h, UINT start, UINT n,      \
                                                      CONST D3D10DDI_HRESOURCE *b)                 \
    {                                                                                              \
        if (n == 1)                                                                                \
            set_constant_buffer(h, kind, start, b);                                                \
        else                                                                                       \
            stage##_constant_buffer_range(h, start, n, b);                                         \
    }                                                                                              \
    void APIENTRY shim_##stage##_set_shader_resources(D3D10DDI_HDEVICE h, UINT start, UINT n,      \
                                                      CONST D3D10DDI_HSHADERRESOURCEVIEW *v)       \
    {                                                                                              \
        set_shader_resources(h, kind, start, n, v);                                                \
    }                                                                                              \
    void APIENTRY shim_##stage##_set_samplers(D3D10DDI_HDEVICE h, UINT start, UINT n,              \
                                              CONST D3D10DDI_HSAMPLER *s)                          \
    {                                                                                              \
        set_samplers(h, kind, start, n, s);                                                        \
    }
SHIM_STAGE_ENTRIES(vs, AEROCMD_SHADER_VS)
SHIM_STAGE_ENTRIES(ps, AEROCMD_SHADER_PS)
SHIM_STAGE_ENTRIES(gs, AEROCMD_SHADER_GS)
SHIM_STAGE_ENTRIES(cs, AEROCMD_SHADER_CS)
/* No tessellation: the runtime's unbinding (ClearState) is fine, binding is not. */
SHIM_STAGE_ENTRIES(hs, AEROCMD_SHADER_HS)
SHIM_STAGE_ENTRIES(ds, AEROCMD_SHADER_DS)

/* ---- input assembler ------------------------------------------------------------------- */

void APIENTRY shim_ia_set_input_layout(D3D10DDI_HDEVICE h, D3D10DDI_HELEMENTLAYOUT layout)
{
    aerocmd_umd_set_input_layout(
        shim_dev(h)->ctx, (const struct aerocmd_umd_input_layout *)shim_obj(layout.pDrvPrivate));
}

static SHIM_NOINLINE void set_vertex_buffer_range(D3D10DDI_HDEVICE h, UINT start, UINT count,
                                                  CONST D3D10DDI_HRESOURCE *bufs,
                                                  CONST UINT *strides, CONST UINT *offsets)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_resource *res[AEROCMD_UMD_MAX_VERTEX_BUFFERS];
    UINT i, n = SHIM_CONVERTED(count, AEROCMD_UMD_MAX_VERTEX_BUFFERS);
    for (i = 0; i < n; i++)
        res[i] = (struct aerocmd_umd_resource *)shim_obj(bufs[i].pDrvPrivate);
    shim_report_result(
        dev, aerocmd_umd_set_vertex_buffers(dev->ctx, start, count, res, strides, offsets));
}

void APIENTRY shim_ia_set_vertex_buffers(D3D10DDI_HDEVICE h, UINT start, UINT count,
                                         CONST D3D10DDI_HRESOURCE *bufs, CONST UINT *strides,
                                         CONST UINT *offsets)
{
    if (count != 1 || bufs == NULL || strides == NULL || offsets == NULL) {
        set_vertex_buffer_range(h, start, count, bufs, strides, offsets);
        return;
    }
    (void)aerocmd_umd_set_vertex_buffer(
        shim_ctx(h), start, (struct aerocmd_umd_resource *)shim_obj(bufs[0].pDrvPrivate),
        strides[0], offsets[0]);
}

void APIENTRY shim_ia_set_index_buffer(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE buf,
                                       DXGI_FORMAT format, UINT offset)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(dev, aerocmd_umd_set_index_buffer(
                                dev->ctx, (struct aerocmd_umd_resource *)shim_obj(buf.pDrvPrivate),
                                (uint32_t)format, offset));
}

void APIENTRY shim_ia_set_topology(D3D10DDI_HDEVICE h, D3D10_DDI_PRIMITIVE_TOPOLOGY topology)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(dev, aerocmd_umd_set_topology(dev->ctx, (uint32_t)topology));
}

/* ---- output merger and rasterizer ------------------------------------------------------ */

void APIENTRY shim_set_render_targets(D3D10DDI_HDEVICE h, CONST D3D10DDI_HRENDERTARGETVIEW *rtvs,
                                      UINT count, UINT clear_slots, D3D10DDI_HDEPTHSTENCILVIEW dsv)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_view *v[AEROCMD_UMD_MAX_RENDER_TARGETS];
    UINT i, n = SHIM_CONVERTED(count, AEROCMD_UMD_MAX_RENDER_TARGETS);
    (void)clear_slots; /* slots past count are unbound by the tracker's count */
    for (i = 0; i < n; i++)
        v[i] = (struct aerocmd_umd_view *)shim_obj(rtvs[i].pDrvPrivate);
    shim_report_result(
        dev, aerocmd_umd_set_render_targets(dev->ctx, count, v,
                                            (struct aerocmd_umd_view *)shim_obj(dsv.pDrvPrivate)));
}

/* Read-after-write hazards are the tracker's business (it unbinds targets it reads). */
void APIENTRY shim_srv_hazard(D3D10DDI_HDEVICE h, D3D10DDI_HSHADERRESOURCEVIEW v,
                              D3D10DDI_HRESOURCE r)
{
    (void)h;
    (void)v;
    (void)r;
}

void APIENTRY shim_resource_hazard(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE r)
{
    (void)h;
    (void)r;
}

void APIENTRY shim_set_blend_state(D3D10DDI_HDEVICE h, D3D10DDI_HBLENDSTATE s,
                                   CONST FLOAT factor[4], UINT sample_mask)
{
    uint32_t bits[4];
    int i;
    for (i = 0; i < 4; i++)
        bits[i] = f32_bits(factor[i]);
    aerocmd_umd_set_blend_state(shim_dev(h)->ctx,
                                (const struct aerocmd_umd_blend_state *)shim_obj(s.pDrvPrivate),
                                bits, sample_mask);
}

void APIENTRY shim_set_depth_stencil_state(D3D10DDI_HDEVICE h, D3D10DDI_HDEPTHSTENCILSTATE s,
                                           UINT stencil_ref)
{
    aerocmd_umd_set_depth_stencil_state(
        shim_dev(h)->ctx, (const struct aerocmd_umd_depth_stencil_state *)shim_obj(s.pDrvPrivate),
        stencil_ref);
}

void APIENTRY shim_set_rasterizer_state(D3D10DDI_HDEVICE h, D3D10DDI_HRASTERIZERSTATE s)
{
    aerocmd_umd_set_rasterizer_state(
        shim_dev(h)->ctx, (const struct aerocmd_umd_rasterizer_state *)shim_obj(s.pDrvPrivate));
}

void APIENTRY shim_so_set_targets(D3D10DDI_HDEVICE h, UINT count, UINT clear,
                                  CONST D3D10DDI_HRESOURCE *t, CONST UINT *offsets)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_resource *res[AEROCMD_UMD_MAX_SO_TARGETS];
    UINT i, n = SHIM_CONVERTED(count, AEROCMD_UMD_MAX_SO_TARGETS);
    (void)clear;
    (void)offsets;
    for (i = 0; i < n; i++)
        res[i] = (struct aerocmd_umd_resource *)shim_obj(t[i].pDrvPrivate);
    shim_report_result(dev, aerocmd_umd_set_stream_output_targets(dev->ctx, count, res));
}

void APIENTRY shim_set_viewports(D3D10DDI_HDEVICE h, UINT count, UINT clear,
                                 CONST D3D10_DDI_VIEWPORT *vps)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_viewport v[D3D10_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    UINT i, n = SHIM_CONVERTED(count, sizeof v / sizeof v[0]);
    (void)clear;
    for (i = 0; i < n; i++) {
        v[i].x_f32 = f32_bits(vps[i].TopLeftX);
        v[i].y_f32 = f32_bits(vps[i].TopLeftY);
        v[i].width_f32 = f32_bits(vps[i].Width);
        v[i].height_f32 = f32_bits(vps[i].Height);
        v[i].min_depth_f32 = f32_bits(vps[i].MinDepth);
        v[i].max_depth_f32 = f32_bits(vps[i].MaxDepth);
    }
    shim_report_result(dev, aerocmd_umd_set_viewports(dev->ctx, count, v));
}

/* D3D10_DDI_RECT is a RECT on Windows. */
void APIENTRY shim_set_scissor_rects(D3D10DDI_HDEVICE h, UINT count, UINT clear,
                                     CONST D3D10_DDI_RECT *rects)
{
    struct shim_device *dev = shim_dev(h);
    const RECT *in = (const RECT *)(const void *)rects;
    struct aerocmd_umd_rect r[D3D10_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    UINT i, n = SHIM_CONVERTED(count, sizeof r / sizeof r[0]);
    (void)clear;
    for (i = 0; i < n; i++) {
        r[i].left = in[i].left;
        r[i].top = in[i].top;
        r[i].right = in[i].right;
        r[i].bottom = in[i].bottom;
    }
    shim_report_result(dev, aerocmd_umd_set_scissor_rects(dev->ctx, count, r));
}

/* ---- work ------------------------------------------------------------------------------ */

/* The draws hand straight on (failures reach the runtime through the error hook). */
void APIENTRY shim_draw(D3D10DDI_HDEVICE h, UINT count, UINT first)
{
    (void)aerocmd_umd_draw(shim_ctx(h), count, first);
}

void APIENTRY shim_draw_indexed(D3D10DDI_HDEVICE h, UINT count, UINT first, INT base)
{
    (void)aerocmd_umd_draw_indexed(shim_ctx(h), count, first, base);
}

void APIENTRY shim_draw_instanced(D3D10DDI_HDEVICE h, UINT count, UINT instances, UINT first,
                                  UINT first_instance)
{
    (void)aerocmd_umd_draw_instanced(shim_ctx(h), count, instances, first, first_instance);
}

void APIENTRY shim_draw_indexed_instanced(D3D10DDI_HDEVICE h, UINT count, UINT instances,
                                          UINT first, INT base, UINT first_instance)
{
    (void)aerocmd_umd_draw_indexed_instanced(shim_ctx(h), count, instances, first, base,
                                             first_instance);
}

void APIENTRY shim_draw_auto(D3D10DDI_HDEVICE h)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(dev, aerocmd_umd_draw_auto(dev->ctx));
}

void APIENTRY shim_clear_rtv(D3D10DDI_HDEVICE h, D3D10DDI_HRENDERTARGETVIEW v, FLOAT rgba[4])
{
    struct shim_device *dev = shim_dev(h);
    uint32_t bits[4];
    int i;
    for (i = 0; i < 4; i++)
        bits[i] = f32_bits(rgba[i]);
    shim_report_result(dev,
                       aerocmd_umd_clear_render_target(
                           dev->ctx, (struct aerocmd_umd_view *)shim_obj(v.pDrvPrivate), bits));
}

void APIENTRY shim_clear_dsv(D3D10DDI_HDEVICE h, D3D10DDI_HDEPTHSTENCILVIEW v, UINT flags,
                             FLOAT depth, UINT8 stencil)
{
    struct shim_device *dev = shim_dev(h);
    uint32_t clear = ((flags & D3D10_DDI_CLEAR_DEPTH) ? AEROGPU_CLEAR_DEPTH : 0u) |
                     ((flags & D3D10_DDI_CLEAR_STENCIL) ? AEROGPU_CLEAR_STENCIL : 0u);
    shim_report_result(dev, aerocmd_umd_clear_depth_stencil(
                                dev->ctx, (struct aerocmd_umd_view *)shim_obj(v.pDrvPrivate), clear,
                                f32_bits(depth), stencil));
}

void APIENTRY shim_flush(D3D10DDI_HDEVICE h)
{
    struct shim_device *dev = shim_dev(h);
    shim_report_result(dev, aerocmd_umd_flush(dev->ctx));
}
