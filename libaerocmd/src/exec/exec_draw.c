/* SPDX-License-Identifier: MIT */
/* exec_draw.c — CLEAR, DRAW, DRAW_INDEXED and DISPATCH.
 *
 * Everything a draw needs is set on the command list at every draw (root signature, heaps,
 * tables, input assembler, targets, viewport, scissor, blend factor, pipeline): lavapipe's
 * rasterisation costs far more than the calls. Only descriptor tables are cached per stage.
 * Decisions where the protocol is silent:
 * - No SET_VIEWPORT yet: the viewport covers the first target (depth 0..1). A viewport of
 *   zero or negative size draws nothing (Direct3D 10/11 draw nothing either).
 * - Scissor enabled but never set: Direct3D's default rectangle is empty, nothing is drawn.
 * - A texture bound both as a shader resource and as a target of the same draw is refused
 *   (Direct3D's runtime would have unbound the shader resource first). */
#include <string.h>

#include "exec_internal.h"

/* ---- clear --------------------------------------------------------------------------------- */

static float f32(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

/* A clear colour as an emulated 16-bit target would store it. */
static const float *quantized(uint32_t format, const float rgba[4], float out[4])
{
    uint8_t packed[2], floats[16];
    memcpy(floats, rgba, sizeof(floats));
    aerocmd_priv_exec_from_storage(format, floats, packed, 1, 2);
    aerocmd_priv_exec_to_storage(format, packed, floats, 1, 2);
    memcpy(out, floats, sizeof(floats));
    return out;
}

/* A clear of the target's view writes all of a fresh texture when the view shows all of
 * it: no zeros first (exec_zero.c). */
static void clears_all(const struct exec_texture_ref *ref)
{
    if (ref->res->tex.mip_levels == 1 && ref->base_layer == 0 &&
        ref->layer_count == ref->res->tex.array_layers)
        ref->res->fresh = 0;
}

/* The pixels of every layer of the target's mip. */
static aerocmd_result clear_work(struct exec_ctx *ctx, const struct exec_texture_ref *ref)
{
    uint64_t w = ref->res->tex.width >> ref->base_mip, h = ref->res->tex.height >> ref->base_mip;
    return aerocmd_priv_exec_work(ctx, (w + (w == 0)) * (h + (h == 0)) * ref->layer_count,
                                  "the clear's pixels");
}

aerocmd_result aerocmd_priv_exec_clear_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_clear *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_clear, AEROGPU_CMD_CLEAR);
    const struct exec_state *s = &ctx->ex->state;
    struct exec_texture_ref ref;
    struct exec_format f;
    D3D12_CPU_DESCRIPTOR_HANDLE h;
    float rgba[4], q[4];
    uint32_t i;
    aerocmd_result r;
    for (i = 0; i < 4; i++)
        rgba[i] = f32(p->color_rgba_f32[i]);
    for (i = 0; (p->flags & AEROGPU_CLEAR_COLOR) != 0 && i < s->rt_count; i++) {
        if (s->rts[i] == 0)
            continue;
        if ((r = aerocmd_priv_exec_target_ref(ctx, s->rts[i], 0, &ref, &f)) != AEROCMD_OK ||
            (r = clear_work(ctx, &ref)) != AEROCMD_OK)
            return r;
        if (ctx->ex->gpu.device == NULL)
            continue;
        clears_all(&ref);
        if ((r = aerocmd_priv_exec_make_target(ctx, 0, &ref, &f, &h)) != AEROCMD_OK)
            return r;
        ID3D12GraphicsCommandList_ClearRenderTargetView(
            ctx->ex->gpu.list, h, f.emulated ? quantized(ref.format, rgba, q) : rgba, 0, NULL);
    }
    if ((p->flags & (AEROGPU_CLEAR_DEPTH | AEROGPU_CLEAR_STENCIL)) != 0 && s->dsv != 0) {
        D3D12_CLEAR_FLAGS flags = 0;
        if ((r = aerocmd_priv_exec_target_ref(ctx, s->dsv, 1, &ref, &f)) != AEROCMD_OK ||
            (r = clear_work(ctx, &ref)) != AEROCMD_OK)
            return r;
        if (ctx->ex->gpu.device == NULL)
            return AEROCMD_OK;
        if (p->flags & AEROGPU_CLEAR_DEPTH)
            flags |= D3D12_CLEAR_FLAG_DEPTH;
        if ((p->flags & AEROGPU_CLEAR_STENCIL) && f.depth == DXGI_FORMAT_D24_UNORM_S8_UINT)
            flags |= D3D12_CLEAR_FLAG_STENCIL;
        /* a depth-only clear of D24S8 leaves its stencil to be zeroed */
        if ((flags & D3D12_CLEAR_FLAG_DEPTH) &&
            (f.depth != DXGI_FORMAT_D24_UNORM_S8_UINT || (flags & D3D12_CLEAR_FLAG_STENCIL)))
            clears_all(&ref);
        if ((r = aerocmd_priv_exec_make_target(ctx, 1, &ref, &f, &h)) != AEROCMD_OK)
            return r;
        if (flags != 0)
            ID3D12GraphicsCommandList_ClearDepthStencilView(
                ctx->ex->gpu.list, h, flags, f32(p->depth_f32), (UINT8)p->stencil, 0, NULL);
    }
    ctx->ex->gpu.recorded = ctx->ex->gpu.device != NULL;
    return AEROCMD_OK;
}

/* ---- draws ---------------------------------------------------------------------------------- */

static const struct exec_shader *shader_of(struct aerocmd_exec *ex, uint32_t handle)
{
    struct exec_object *o = aerocmd_priv_exec_find(&ex->objects, handle);
    return o != NULL && o->kind == EXEC_OBJ_SHADER ? o->u.shader : NULL;
}

static int overlaps(const struct exec_texture_ref *a, const struct exec_texture_ref *b, int rt)
{
    uint32_t b_mips = rt ? 1u : b->mip_count;
    return a->res == b->res && a->base_mip < b->base_mip + b_mips &&
           b->base_mip < a->base_mip + a->mip_count &&
           a->base_layer < b->base_layer + b->layer_count &&
           b->base_layer < a->base_layer + a->layer_count;
}

/* A texture the shaders read that is also a target of this draw. */
static aerocmd_result check_hazards(struct exec_ctx *ctx, const struct exec_shader *sh[3])
{
    const struct exec_state *s = &ctx->ex->state;
    uint32_t st, i, t;
    for (st = 0; st < 3; st++) {
        for (i = 0; sh[st] != NULL && i < EXEC_MAX_SRVS; i++) {
            struct exec_texture_ref srv, target;
            const struct exec_srv_slot *b = &s->stages[st].srvs[i];
            if (b->handle == 0 || b->is_buffer || sh[st]->srv_decl[i] == EXEC_DECL_NONE ||
                aerocmd_priv_exec_texture_ref(ctx->ex, b->handle, &srv) != 0)
                continue;
            for (t = 0; t <= EXEC_MAX_RTS; t++) {
                uint32_t h = t < EXEC_MAX_RTS ? (t < s->rt_count ? s->rts[t] : 0) : s->dsv;
                if (h != 0 && aerocmd_priv_exec_texture_ref(ctx->ex, h, &target) == 0 &&
                    overlaps(&srv, &target, 1))
                    return aerocmd_priv_exec_fail(
                        ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                        "h:%u is read through t%u while it is a target of the same draw", b->handle,
                        i);
            }
        }
    }
    return AEROCMD_OK;
}

/* Viewport and scissor; 0 when the draw covers no pixel. */
static int viewport_scissor(struct exec_ctx *ctx, uint32_t w, uint32_t h, D3D12_VIEWPORT *vp,
                            D3D12_RECT *sc)
{
    const struct exec_state *s = &ctx->ex->state;
    vp->TopLeftX = s->viewport_set ? s->viewport[0] : 0.0f;
    vp->TopLeftY = s->viewport_set ? s->viewport[1] : 0.0f;
    vp->Width = s->viewport_set ? s->viewport[2] : (float)w;
    vp->Height = s->viewport_set ? s->viewport[3] : (float)h;
    vp->MinDepth = s->viewport_set ? s->viewport[4] : 0.0f;
    vp->MaxDepth = s->viewport_set ? s->viewport[5] : 1.0f;
    if (!(vp->Width > 0.0f) || !(vp->Height > 0.0f))
        return 0;
    sc->left = sc->top = 0;
    sc->right = sc->bottom = (LONG)EXEC_MAX_TEX_DIM;
    if (s->raster.scissor_enable) {
        if (!s->scissor_set || s->scissor[2] <= 0 || s->scissor[3] <= 0)
            return 0;
        sc->left = s->scissor[0] > 0 ? s->scissor[0] : 0;
        sc->top = s->scissor[1] > 0 ? s->scissor[1] : 0;
        sc->right = (LONG)((int64_t)s->scissor[0] + s->scissor[2]);
        sc->bottom = (LONG)((int64_t)s->scissor[1] + s->scissor[3]);
        if (sc->right <= sc->left || sc->bottom <= sc->top)
            return 0;
    }
    return 1;
}

static D3D12_VERTEX_BUFFER_VIEW vertex_view(struct aerocmd_exec *ex, uint32_t slot)
{
    const struct aerogpu_vertex_buffer_binding *b = &ex->state.vbs[slot];
    struct exec_object *o = aerocmd_priv_exec_find(&ex->objects, b->buffer);
    D3D12_VERTEX_BUFFER_VIEW v;
    v.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(ex->gpu.zero_buffer);
    v.SizeInBytes = EXEC_CB_MAX_BYTES;
    v.StrideInBytes = b->stride_bytes;
    if (o != NULL && o->kind == EXEC_OBJ_BUFFER && b->offset_bytes < o->u.res->size_bytes) {
        aerocmd_priv_exec_transition(ex, o->u.res, 0, 1, D3D12_RESOURCE_STATE_GENERIC_READ);
        v.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(o->u.res->res) + b->offset_bytes;
        v.SizeInBytes = (UINT)(o->u.res->size_bytes - b->offset_bytes);
    }
    return v;
}

/* The bound index buffer from its offset on. Direct3D defines what the protocol leaves to
 * it: with no index buffer bound, or from an offset at or past its end, every index reads
 * 0, so the draw reads EXEC_CB_MAX_BYTES of zeros instead (the validator accepts both). */
static aerocmd_result index_buffer(struct exec_ctx *ctx)
{
    struct aerocmd_exec *ex = ctx->ex;
    struct exec_object *o = aerocmd_priv_exec_find(&ex->objects, ex->state.ib);
    uint32_t unit = ex->state.ib_format == AEROGPU_INDEX_FORMAT_UINT16 ? 2u : 4u;
    D3D12_INDEX_BUFFER_VIEW ib;
    ib.Format = unit == 2u ? DXGI_FORMAT_R16_UINT : DXGI_FORMAT_R32_UINT;
    ib.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(ex->gpu.zero_buffer);
    ib.SizeInBytes = EXEC_CB_MAX_BYTES;
    if (o != NULL && o->kind == EXEC_OBJ_BUFFER && ex->state.ib_offset % unit != 0)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "index buffer offset %u", ex->state.ib_offset);
    if (o != NULL && o->kind == EXEC_OBJ_BUFFER && ex->state.ib_offset < o->u.res->size_bytes) {
        aerocmd_priv_exec_transition(ex, o->u.res, 0, 1, D3D12_RESOURCE_STATE_GENERIC_READ);
        ib.BufferLocation =
            ID3D12Resource_GetGPUVirtualAddress(o->u.res->res) + ex->state.ib_offset;
        ib.SizeInBytes = (UINT)(o->u.res->size_bytes - ex->state.ib_offset);
    }
    ID3D12GraphicsCommandList_IASetIndexBuffer(ex->gpu.list, &ib);
    return AEROCMD_OK;
}

static aerocmd_result input_assembler(struct exec_ctx *ctx, int indexed)
{
    struct aerocmd_exec *ex = ctx->ex;
    D3D12_VERTEX_BUFFER_VIEW vbs[EXEC_MAX_VBS];
    uint32_t i;
    for (i = 0; i < EXEC_MAX_VBS; i++)
        vbs[i] = vertex_view(ex, i);
    ID3D12GraphicsCommandList_IASetVertexBuffers(ex->gpu.list, 0, EXEC_MAX_VBS, vbs);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(ex->gpu.list,
                                                     (D3D12_PRIMITIVE_TOPOLOGY)ex->state.topology);
    if (indexed)
        return index_buffer(ctx);
    return AEROCMD_OK;
}

static void set_tables(struct aerocmd_exec *ex, int compute, const struct exec_root *root,
                       uint32_t stage)
{
    const struct exec_stage_bind *sb = &ex->state.stages[stage];
    if (root->view_param[stage] >= 0 && compute)
        ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(
            ex->gpu.list, (UINT)root->view_param[stage], sb->table);
    else if (root->view_param[stage] >= 0)
        ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(
            ex->gpu.list, (UINT)root->view_param[stage], sb->table);
    if (root->sampler_param[stage] >= 0 && compute)
        ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(
            ex->gpu.list, (UINT)root->sampler_param[stage], sb->sampler_table);
    else if (root->sampler_param[stage] >= 0)
        ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(
            ex->gpu.list, (UINT)root->sampler_param[stage], sb->sampler_table);
}

static void set_heaps(struct aerocmd_exec *ex)
{
    ID3D12DescriptorHeap *heaps[2];
    heaps[0] = ex->gpu.view_heap;
    heaps[1] = ex->gpu.sampler_heap;
    ID3D12GraphicsCommandList_SetDescriptorHeaps(ex->gpu.list, 2, heaps);
}

/* Resource states, descriptor tables and fixed state of a draw, then its pipeline. */
static aerocmd_result prepare_draw(struct exec_ctx *ctx, const struct exec_shader *sh[3],
                                   const struct exec_root *root, ID3D12PipelineState *pso,
                                   int indexed, int *visible)
{
    struct aerocmd_exec *ex = ctx->ex;
    struct exec_targets t;
    uint32_t st;
    D3D12_VIEWPORT vp;
    D3D12_RECT sc;
    float factor[4];
    aerocmd_result r;
    for (st = 0; st < 3; st++)
        if (sh[st] != NULL && (r = aerocmd_priv_exec_stage_states(ctx, st, sh[st])) != AEROCMD_OK)
            return r;
    if ((r = aerocmd_priv_exec_bind_targets(ctx, 1, &t)) != AEROCMD_OK)
        return r;
    *visible = viewport_scissor(ctx, t.width, t.height, &vp, &sc);
    if (!*visible)
        return AEROCMD_OK;
    set_heaps(ex);
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(ex->gpu.list, root->sig);
    for (st = 0; st < 3; st++) {
        if (sh[st] == NULL)
            continue;
        if ((r = aerocmd_priv_exec_stage_tables(ctx, st, sh[st])) != AEROCMD_OK)
            return r;
        set_tables(ex, 0, root, st);
    }
    if ((r = input_assembler(ctx, indexed)) != AEROCMD_OK)
        return r;
    ID3D12GraphicsCommandList_RSSetViewports(ex->gpu.list, 1, &vp);
    ID3D12GraphicsCommandList_RSSetScissorRects(ex->gpu.list, 1, &sc);
    for (st = 0; st < 4; st++)
        factor[st] = f32(ex->state.blend.blend_constant_rgba_f32[st]);
    ID3D12GraphicsCommandList_OMSetBlendFactor(ex->gpu.list, factor);
    ID3D12GraphicsCommandList_SetPipelineState(ex->gpu.list, pso);
    return AEROCMD_OK;
}

/* Vertices (or indices) x instances: what the vertex stage runs. */
static aerocmd_result draw_work(struct exec_ctx *ctx, int indexed)
{
    uint64_t vertices, instances;
    if (indexed) {
        const struct aerogpu_cmd_draw_indexed *d =
            AEROCMD_VIEW(ctx->packet, aerogpu_cmd_draw_indexed, AEROGPU_CMD_DRAW_INDEXED);
        vertices = d->index_count, instances = d->instance_count;
    } else {
        const struct aerogpu_cmd_draw *d =
            AEROCMD_VIEW(ctx->packet, aerogpu_cmd_draw, AEROGPU_CMD_DRAW);
        vertices = d->vertex_count, instances = d->instance_count;
    }
    return aerocmd_priv_exec_work(ctx, vertices * instances,
                                  indexed ? "the draw's indices x instances"
                                          : "the draw's vertices x instances");
}

aerocmd_result aerocmd_priv_exec_draw_packet(struct exec_ctx *ctx)
{
    struct aerocmd_exec *ex = ctx->ex;
    int indexed = ctx->packet->opcode == AEROGPU_CMD_DRAW_INDEXED, visible = 0;
    const struct exec_shader *sh[3];
    const struct exec_root *root = NULL;
    ID3D12PipelineState *pso = NULL;
    aerocmd_result r;
    sh[0] = shader_of(ex, ex->state.vs);
    sh[1] = shader_of(ex, ex->state.ps);
    sh[2] = shader_of(ex, ex->state.gs);
    /* the validator's rule (no_vertex_shader); reached only when its tracker was given up */
    if (sh[0] == NULL)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_NO_VERTEX_SHADER,
                                      "no vertex shader bound");
    if ((r = draw_work(ctx, indexed)) != AEROCMD_OK)
        return r;
    if ((r = aerocmd_priv_exec_root(ctx, 0, sh, &root)) != AEROCMD_OK ||
        (r = aerocmd_priv_exec_graphics_pso(ctx, indexed, root, &pso)) != AEROCMD_OK ||
        (r = check_hazards(ctx, sh)) != AEROCMD_OK || ex->gpu.device == NULL)
        return r;
    if ((r = prepare_draw(ctx, sh, root, pso, indexed, &visible)) != AEROCMD_OK || !visible)
        return r;
    if (indexed) {
        const struct aerogpu_cmd_draw_indexed *d =
            AEROCMD_VIEW(ctx->packet, aerogpu_cmd_draw_indexed, AEROGPU_CMD_DRAW_INDEXED);
        ID3D12GraphicsCommandList_DrawIndexedInstanced(ex->gpu.list, d->index_count,
                                                       d->instance_count, d->first_index,
                                                       d->base_vertex, d->first_instance);
    } else {
        const struct aerogpu_cmd_draw *d =
            AEROCMD_VIEW(ctx->packet, aerogpu_cmd_draw, AEROGPU_CMD_DRAW);
        ID3D12GraphicsCommandList_DrawInstanced(ex->gpu.list, d->vertex_count, d->instance_count,
                                                d->first_vertex, d->first_instance);
    }
    ex->gpu.recorded = 1;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_dispatch_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_dispatch *d =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_dispatch, AEROGPU_CMD_DISPATCH);
    struct aerocmd_exec *ex = ctx->ex;
    struct aerocmd_stage st;
    const struct exec_shader *sh[3] = {NULL, NULL, NULL};
    const struct exec_root *root = NULL;
    ID3D12PipelineState *pso = NULL;
    D3D12_RESOURCE_BARRIER uav;
    aerocmd_result r;
    if (aerocmd_packet_stage(ctx->stream, ctx->packet, &st) && st.stage_ex != 0 &&
        st.stage_ex != AEROGPU_SHADER_STAGE_EX_COMPUTE)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                      "DISPATCH for stage_ex %u", st.stage_ex);
    r = aerocmd_priv_exec_work(
        ctx,
        aerocmd_priv_exec_mul_sat(aerocmd_priv_exec_mul_sat(d->group_count_x, d->group_count_y),
                                  d->group_count_z),
        "the dispatch's thread groups");
    if (r != AEROCMD_OK)
        return r;
    sh[0] = shader_of(ex, ex->state.cs);
    if (sh[0] == NULL)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "no compute shader bound");
    if ((r = aerocmd_priv_exec_root(ctx, 1, sh, &root)) != AEROCMD_OK ||
        (r = aerocmd_priv_exec_compute_pso(ctx, root, &pso)) != AEROCMD_OK ||
        ex->gpu.device == NULL)
        return r;
    if ((r = aerocmd_priv_exec_stage_states(ctx, EXEC_CS, sh[0])) != AEROCMD_OK ||
        (r = aerocmd_priv_exec_stage_tables(ctx, EXEC_CS, sh[0])) != AEROCMD_OK)
        return r;
    set_heaps(ex);
    ID3D12GraphicsCommandList_SetComputeRootSignature(ex->gpu.list, root->sig);
    set_tables(ex, 1, root, EXEC_CS);
    ID3D12GraphicsCommandList_SetPipelineState(ex->gpu.list, pso);
    ID3D12GraphicsCommandList_Dispatch(ex->gpu.list, d->group_count_x, d->group_count_y,
                                       d->group_count_z);
    /* Direct3D 11 makes UAV writes visible to the next command without asking. */
    memset(&uav, 0, sizeof(uav));
    uav.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    ID3D12GraphicsCommandList_ResourceBarrier(ex->gpu.list, 1, &uav);
    ex->gpu.recorded = 1;
    return AEROCMD_OK;
}
