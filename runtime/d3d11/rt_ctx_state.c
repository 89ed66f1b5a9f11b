/* SPDX-License-Identifier: MIT */
/* rt_ctx_state.c — the context's whole state at once: ClearState (every binding back to its
 * default) and applying another context's bindings (a command list's recorded state), both
 * through the setters, so the driver hears every change. */
#include <string.h>

#include "rt_ctx.h"

#define VB_SLOTS D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT

static void apply_stages(struct rt_context *ctx, const struct rt_context *from)
{
    UINT s;
    for (s = 0; s < RT_STAGES; s++) {
        const struct rt_stage *st = from != NULL ? &from->stage[s] : NULL;
        rt_ctx_set_shader(ctx, s, st != NULL ? st->shader : NULL);
        rt_ctx_set_slots(ctx, s, 0, 0, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT,
                         st != NULL ? st->cb : NULL);
        rt_ctx_set_slots(ctx, s, 1, 0, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT,
                         st != NULL ? st->srv : NULL);
        rt_ctx_set_slots(ctx, s, 2, 0, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT,
                         st != NULL ? st->sampler : NULL);
    }
}

static void apply_ia(struct rt_context *ctx, const struct rt_context *from)
{
    static struct rt_object *const none[VB_SLOTS];
    static const UINT zeros[VB_SLOTS];
    struct rt_object *layout = from != NULL ? from->layout : NULL;
    D3D10DDI_HELEMENTLAYOUT h = {rt_drv(layout)};
    rt_object_bind(&ctx->layout, layout);
    if (!ctx->deferred)
        RT_DDI(ctx, dev_->drv.f.pfnIaSetInputLayout(dev_->drv.hdev, h));
    rt_ctx_set_vertex_buffers(ctx, 0, VB_SLOTS, from != NULL ? from->vb : none,
                              from != NULL ? from->vb_stride : zeros,
                              from != NULL ? from->vb_offset : zeros);
    rt_ctx_set_index_buffer(ctx, from != NULL ? from->ib : NULL,
                            from != NULL ? from->ib_format : DXGI_FORMAT_UNKNOWN,
                            from != NULL ? from->ib_offset : 0);
    rt_ctx_set_topology(ctx, from != NULL ? from->topology : D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED);
}

static void apply_output(struct rt_context *ctx, const struct rt_context *from)
{
    static struct rt_object *const none[D3D11_PS_CS_UAV_REGISTER_COUNT];
    UINT n = D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT;
    rt_ctx_set_rasterizer(ctx, from != NULL ? from->rasterizer : NULL);
    rt_ctx_set_viewports(ctx, from != NULL ? from->viewport_count : 0,
                         from != NULL ? from->viewports : NULL);
    rt_ctx_set_scissors(ctx, from != NULL ? from->scissor_count : 0,
                        from != NULL ? from->scissors : NULL);
    while (from != NULL && n > 0 && from->rtv[n - 1] == NULL)
        n--;
    rt_ctx_set_targets(ctx, from != NULL ? n : 0, from != NULL ? from->rtv : none,
                       from != NULL ? from->dsv : NULL);
    rt_ctx_set_blend(ctx, from != NULL ? from->blend : NULL,
                     from != NULL ? from->blend_factor : NULL,
                     from != NULL ? from->sample_mask : 0xFFFFFFFFu);
    rt_ctx_set_depth(ctx, from != NULL ? from->depth_stencil : NULL,
                     from != NULL ? from->stencil_ref : 0);
    rt_ctx_set_so(ctx, from != NULL ? D3D11_SO_BUFFER_SLOT_COUNT : 0,
                  from != NULL ? from->so : NULL, from != NULL ? from->so_offset : NULL);
    rt_ctx_set_cs_uavs(ctx, 0, D3D11_PS_CS_UAV_REGISTER_COUNT, from != NULL ? from->cs_uav : none,
                       NULL);
    rt_ctx_set_predication(ctx, from != NULL ? from->predicate : NULL,
                           from != NULL ? from->predicate_value : FALSE);
}

/* from NULL: the defaults. */
void rt_ctx_apply_state(struct rt_context *ctx, const struct rt_context *from)
{
    apply_stages(ctx, from);
    apply_ia(ctx, from);
    apply_output(ctx, from);
}

void rt_ctx_clear_all(ID3D11DeviceContext *iface)
{
    rt_ctx_apply_state(rt_context_from(iface), NULL);
}
