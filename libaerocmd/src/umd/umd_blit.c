/* SPDX-License-Identifier: MIT */
/* umd_blit.c — one draw with the driver's own shaders (umd_builtin.h): `src` sampled into
 * a rectangle of `dst`, for DXGI's Blt and GenerateMips.
 *
 * The application never sees it. Its bindings in the context are not touched; only the
 * host's copy of each piece of state the pass needs is replaced, and that piece is marked
 * dirty, so the application's own value goes out again before its next draw. Pieces the
 * host already has with the pass's value (and the application's: not dirty) are neither
 * sent nor marked, the same elision every setter does. */
#include <string.h>

#include "aerocmd/umd_builtin.h"
#include "umd_internal.h"

#define F32_ONE 0x3F800000u

/* ---- the driver's own objects, per context -------------------------------------------- */

static aerocmd_result create_builtin_shader(struct aerocmd_umd_context *ctx,
                                            enum aerocmd_umd_builtin which,
                                            enum aerocmd_shader_kind kind,
                                            struct aerocmd_umd_shader *mem, uint32_t bit)
{
    uint8_t dxbc[AEROCMD_UMD_BUILTIN_MAX_DXBC];
    struct aerocmd_umd_shader *out = NULL;
    uint32_t size = 0;
    aerocmd_result r = aerocmd_umd_builtin_dxbc(which, dxbc, sizeof dxbc, &size);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_create_shader(ctx->dev, mem, sizeof *mem, kind, dxbc, size, &out);
    if (r == AEROCMD_OK)
        ctx->builtins.made |= bit;
    return r;
}

static aerocmd_result create_builtin_sampler(struct aerocmd_umd_context *ctx, uint32_t filter,
                                             struct aerocmd_umd_sampler *mem, uint32_t bit)
{
    struct aerocmd_umd_sampler_desc d;
    struct aerocmd_umd_sampler *out = NULL;
    aerocmd_result r;
    memset(&d, 0, sizeof d);
    d.filter = filter;
    d.address_u = d.address_v = d.address_w = AEROCMD_UMD_ADDRESS_CLAMP;
    d.max_lod_f32 = 0x7F800000u; /* +inf: every level */
    d.max_anisotropy = 1;
    r = aerocmd_umd_create_sampler(ctx->dev, mem, sizeof *mem, &d, &out);
    if (r == AEROCMD_OK)
        ctx->builtins.made |= bit;
    return r;
}

aerocmd_result aerocmd_priv_umd_builtins_ready(struct aerocmd_umd_context *ctx)
{
    struct umd_builtins *b = &ctx->builtins;
    aerocmd_result r;
    if (b->ready)
        return AEROCMD_OK;
    r = create_builtin_shader(ctx, AEROCMD_UMD_BUILTIN_VS_FULLSCREEN, AEROCMD_SHADER_VS, &b->vs,
                              UMD_BUILTIN_VS);
    if (r == AEROCMD_OK)
        r = create_builtin_shader(ctx, AEROCMD_UMD_BUILTIN_PS_SAMPLE, AEROCMD_SHADER_PS, &b->ps,
                                  UMD_BUILTIN_PS);
    if (r == AEROCMD_OK)
        r = create_builtin_shader(ctx, AEROCMD_UMD_BUILTIN_PS_SAMPLE_ARRAY, AEROCMD_SHADER_PS,
                                  &b->ps_array, UMD_BUILTIN_PS_ARRAY);
    if (r == AEROCMD_OK)
        r = create_builtin_sampler(ctx, AEROCMD_UMD_FILTER_MIN_MAG_MIP_POINT, &b->point,
                                   UMD_BUILTIN_POINT);
    if (r == AEROCMD_OK)
        r = create_builtin_sampler(ctx, AEROCMD_UMD_FILTER_MIN_MAG_MIP_LINEAR, &b->linear,
                                   UMD_BUILTIN_LINEAR);
    if (r != AEROCMD_OK) {
        aerocmd_priv_umd_builtins_release(ctx);
        return r;
    }
    b->ready = 1;
    return AEROCMD_OK;
}

void aerocmd_priv_umd_builtins_release(struct aerocmd_umd_context *ctx)
{
    struct umd_builtins *b = &ctx->builtins;
    if (b->made & UMD_BUILTIN_VS)
        (void)aerocmd_umd_destroy_shader(&b->vs);
    if (b->made & UMD_BUILTIN_PS)
        (void)aerocmd_umd_destroy_shader(&b->ps);
    if (b->made & UMD_BUILTIN_PS_ARRAY)
        (void)aerocmd_umd_destroy_shader(&b->ps_array);
    if (b->made & UMD_BUILTIN_POINT)
        (void)aerocmd_umd_destroy_sampler(&b->point);
    if (b->made & UMD_BUILTIN_LINEAR)
        (void)aerocmd_umd_destroy_sampler(&b->linear);
    memset(b, 0, sizeof *b);
}

/* ---- transient views -------------------------------------------------------------------- */

aerocmd_result aerocmd_priv_umd_pass_view(struct aerocmd_umd_context *ctx,
                                          const struct aerocmd_umd_resource *res, uint32_t mip,
                                          uint32_t layer, uint32_t format, uint32_t *handle)
{
    struct aerocmd_texture_view_args a;
    aerocmd_result r;
    if (format == res->format && res->mip_levels == 1 && res->array_layers == 1) {
        *handle = res->handle;
        return AEROCMD_OK;
    }
    memset(&a, 0, sizeof a);
    a.texture_handle = res->handle;
    a.format = format == res->format ? 0u : format;
    a.base_mip_level = mip;
    a.mip_level_count = 1;
    a.base_array_layer = layer;
    a.array_layer_count = 1;
    r = UMD_NEW_ID(ctx->dev, PASS_VIEW_HANDLE, AEROCMD_UMD_ID_HANDLE, &a.view_handle);
    if (r == AEROCMD_OK)
        r = aerocmd_priv_umd_new_texture_view(ctx, &a);
    if (r == AEROCMD_OK)
        *handle = a.view_handle;
    return r;
}

aerocmd_result aerocmd_priv_umd_pass_view_done(struct aerocmd_umd_context *ctx,
                                               const struct aerocmd_umd_resource *res,
                                               uint32_t handle)
{
    if (handle == 0 || handle == res->handle)
        return AEROCMD_OK;
    return aerocmd_priv_umd_retire_object(ctx, AEROGPU_CMD_DESTROY_TEXTURE_VIEW, handle, NULL);
}

/* ---- the pass's state ------------------------------------------------------------------ */

struct pass_state {
    uint32_t ps; /* the pixel shader's handle */
    struct aerogpu_blend_state blend;
    struct aerogpu_depth_stencil_state depth;
    struct aerogpu_rasterizer_state raster;
    struct aerocmd_umd_viewport viewport;
};

static void pass_state_of(const struct aerocmd_umd_context *ctx, const struct umd_blit_pass *p,
                          struct pass_state *s)
{
    uint32_t i;
    memset(s, 0, sizeof *s);
    s->ps = p->array ? ctx->builtins.ps_array.handle : ctx->builtins.ps.handle;
    aerocmd_priv_umd_default_blend(&s->blend); /* no blending, every channel written */
    for (i = 0; i < 4; i++)
        s->blend.blend_constant_rgba_f32[i] = F32_ONE;
    s->depth.depth_func = AEROGPU_COMPARE_ALWAYS; /* depth and stencil off */
    s->depth.stencil_read_mask = s->depth.stencil_write_mask = 0xFF;
    s->raster.fill_mode = AEROGPU_FILL_SOLID;
    s->raster.cull_mode = AEROGPU_CULL_NONE;
    s->viewport = p->viewport;
}

/* Which pieces the pass must send: those whose host value may differ from the pass's. The
 * host has the pass's value when an earlier pass sent it and no application state went out
 * since, or when the application's value (sent: not dirty) equals it. */
static uint32_t pieces_to_send(const struct aerocmd_umd_context *ctx, const struct pass_state *s)
{
    uint32_t send = UMD_DIRTY_SHADERS, dirty = ctx->dirty;
    if ((dirty & UMD_DIRTY_INPUT_LAYOUT) || ctx->input_layout != 0)
        send |= UMD_DIRTY_INPUT_LAYOUT;
    if ((dirty & UMD_DIRTY_TOPOLOGY) || ctx->topology != AEROGPU_TOPOLOGY_TRIANGLELIST)
        send |= UMD_DIRTY_TOPOLOGY;
    if ((dirty & UMD_DIRTY_VIEWPORT) || ctx->viewport_count == 0 ||
        memcmp(&ctx->viewport, &s->viewport, sizeof s->viewport) != 0)
        send |= UMD_DIRTY_VIEWPORT;
    if ((dirty & UMD_DIRTY_BLEND) || memcmp(&ctx->blend, &s->blend, sizeof s->blend) != 0)
        send |= UMD_DIRTY_BLEND;
    if ((dirty & UMD_DIRTY_DEPTH_STENCIL) ||
        memcmp(&ctx->depth_stencil, &s->depth, sizeof s->depth) != 0)
        send |= UMD_DIRTY_DEPTH_STENCIL;
    if ((dirty & UMD_DIRTY_RASTERIZER) || memcmp(&ctx->rasterizer, &s->raster, sizeof s->raster))
        send |= UMD_DIRTY_RASTERIZER;
    send &= ~ctx->pass_pieces;
    if ((ctx->pass_pieces & UMD_DIRTY_VIEWPORT) &&
        memcmp(&ctx->pass_viewport, &s->viewport, sizeof s->viewport) != 0)
        send |= UMD_DIRTY_VIEWPORT;
    if (ctx->pass_ps != s->ps)
        send |= UMD_DIRTY_SHADERS;
    return send;
}

/* The application's values of what the pass replaces go out again before its next draw. A
 * topology or viewport the application never set stays the pass's: there is nothing to
 * restore (and no packet says "none"). */
static void mark_restore(struct aerocmd_umd_context *ctx, uint32_t sent)
{
    struct umd_stage_bindings *ps = &ctx->stages[AEROCMD_SHADER_PS];
    if (ctx->topology == 0)
        sent &= ~(uint32_t)UMD_DIRTY_TOPOLOGY;
    if (ctx->viewport_count == 0)
        sent &= ~(uint32_t)UMD_DIRTY_VIEWPORT;
    ps->srv_dirty[0] |= 1u;
    ps->sampler_dirty |= 1u;
    ctx->dirty |= sent | UMD_DIRTY_RENDER_TARGETS | UMD_DIRTY_SRV(AEROCMD_SHADER_PS) |
                  UMD_DIRTY_SAMPLER(AEROCMD_SHADER_PS) | UMD_DIRTY_DRAW_CHECK;
}

static aerocmd_result send_fixed_state(struct aerocmd_umd_context *ctx, uint32_t send,
                                       const struct pass_state *s)
{
    const struct aerocmd_umd_viewport *v = &s->viewport;
    aerocmd_result r = AEROCMD_OK;
    if (send & UMD_DIRTY_INPUT_LAYOUT)
        UMD_APPEND(ctx, r, aerocmd_append_set_input_layout(&ctx->w, 0));
    if (r == AEROCMD_OK && (send & UMD_DIRTY_TOPOLOGY))
        UMD_APPEND(ctx, r,
                   aerocmd_append_set_primitive_topology(&ctx->w, AEROGPU_TOPOLOGY_TRIANGLELIST));
    if (r == AEROCMD_OK && (send & UMD_DIRTY_VIEWPORT))
        UMD_APPEND(ctx, r,
                   aerocmd_append_set_viewport(&ctx->w, v->x_f32, v->y_f32, v->width_f32,
                                               v->height_f32, v->min_depth_f32, v->max_depth_f32));
    if (r == AEROCMD_OK && (send & UMD_DIRTY_BLEND))
        UMD_APPEND(ctx, r, aerocmd_append_set_blend_state(&ctx->w, &s->blend));
    if (r == AEROCMD_OK && (send & UMD_DIRTY_DEPTH_STENCIL))
        UMD_APPEND(ctx, r, aerocmd_append_set_depth_stencil_state(&ctx->w, &s->depth));
    if (r == AEROCMD_OK && (send & UMD_DIRTY_RASTERIZER))
        UMD_APPEND(ctx, r, aerocmd_append_set_rasterizer_state(&ctx->w, &s->raster));
    return r;
}

/* PS slot 0: texture src (a buffer view the host has there is cleared first, as
 * emit_srv_slot does) and the pass's sampler. */
static aerocmd_result send_ps_bindings(struct aerocmd_umd_context *ctx,
                                       const struct umd_blit_pass *p)
{
    struct umd_stage_bindings *ps = &ctx->stages[AEROCMD_SHADER_PS];
    const struct aerocmd_umd_sampler *smp =
        p->linear ? &ctx->builtins.linear : &ctx->builtins.point;
    uint32_t handle = smp->handle;
    aerocmd_result r = AEROCMD_OK;
    if (ps->host_buffer_srv[0] & 1u) {
        struct aerogpu_shader_resource_buffer_binding none;
        memset(&none, 0, sizeof none);
        UMD_APPEND(
            ctx, r,
            aerocmd_append_set_shader_resource_buffers(&ctx->w, AEROCMD_SHADER_PS, 0, 1, &none));
        if (r != AEROCMD_OK)
            return r;
        ps->host_buffer_srv[0] &= ~1u;
    }
    UMD_APPEND(ctx, r, aerocmd_append_set_texture(&ctx->w, AEROCMD_SHADER_PS, 0, p->src_handle));
    /* An earlier pass with no application state sent since left this sampler there. */
    if (r != AEROCMD_OK ||
        ((ctx->pass_pieces & UMD_DIRTY_SAMPLER(AEROCMD_SHADER_PS)) && ctx->pass_sampler == handle))
        return r;
    UMD_APPEND(ctx, r, aerocmd_append_set_samplers(&ctx->w, AEROCMD_SHADER_PS, 0, 1, &handle));
    if (r == AEROCMD_OK) {
        ctx->pass_pieces |= UMD_DIRTY_SAMPLER(AEROCMD_SHADER_PS);
        ctx->pass_sampler = handle;
    }
    return r;
}

aerocmd_result aerocmd_priv_umd_blit_draw(struct aerocmd_umd_context *ctx,
                                          const struct umd_blit_pass *p)
{
    struct umd_render_targets rt;
    struct pass_state s;
    uint32_t send;
    aerocmd_result r = aerocmd_priv_umd_builtins_ready(ctx);
    if (r != AEROCMD_OK)
        return r;
    pass_state_of(ctx, p, &s);
    send = pieces_to_send(ctx, &s);
    mark_restore(ctx, send);
    if (send & UMD_DIRTY_SHADERS)
        UMD_APPEND(ctx, r,
                   aerocmd_append_bind_shaders(&ctx->w, ctx->builtins.vs.handle, s.ps,
                                               ctx->stages[AEROCMD_SHADER_CS].shader, 0, 0, 0));
    memset(&rt, 0, sizeof rt);
    rt.count = 1;
    rt.colors[0] = p->dst_handle;
    if (r == AEROCMD_OK)
        r = aerocmd_priv_umd_emit_render_targets(ctx, &rt);
    if (r == AEROCMD_OK)
        r = send_fixed_state(ctx, send, &s);
    if (r == AEROCMD_OK) {
        ctx->pass_pieces |= send;
        ctx->pass_viewport = s.viewport;
        ctx->pass_ps = s.ps;
    }
    if (r == AEROCMD_OK)
        r = send_ps_bindings(ctx, p);
    if (r == AEROCMD_OK)
        UMD_APPEND(ctx, r, aerocmd_append_draw(&ctx->w, 3, 1, 0, 0));
    if (r == AEROCMD_OK)
        p->dst->write_serial = ctx->serial;
    return r;
}
