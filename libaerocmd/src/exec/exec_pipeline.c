/* SPDX-License-Identifier: MIT */
/* exec_pipeline.c — Direct3D 12 pipeline states from the protocol's global states, cached
 * by everything that goes into them (shader and input-layout serials, the three state
 * blocks, topology type, strip cut, target formats).
 *
 * Translations that are not one-to-one:
 * - The protocol's one blend state applies to every target (IndependentBlendEnable is used
 *   only to give targets without alpha their meaning: their alpha is never written and a
 *   factor that reads destination alpha reads 1, as Direct3D defines for such formats).
 * - Without a depth-stencil target the depth test is off (Direct3D passes it).
 * - Stencil: the protocol carries enable and masks but no ops or functions; the Direct3D
 *   defaults (KEEP, ALWAYS) apply, so stencil never changes (and is left off).
 * - The blend constant and the scissor rectangle are dynamic state, not part of the key. */
#include <stdlib.h>
#include <string.h>

#include "exec_internal.h"

/* Pipelines kept: lavapipe holds about 250 KB of compiled code per pipeline (measured), so
 * the cache is a bounded overhead; the least recently used one makes room. */
#define PSO_CACHE_MAX 256u

struct exec_pso_key {
    uint32_t compute;
    uint32_t vs, ps, gs, cs, layout;
    struct aerogpu_blend_state blend;
    struct aerogpu_depth_stencil_state depth;
    struct aerogpu_rasterizer_state raster;
    uint32_t topology_type, strip_cut;
    uint32_t rt_count, no_alpha_mask, gap_mask;
    uint32_t rt_formats[EXEC_MAX_RTS];
    uint32_t dsv_format;
};

static uint64_t key_hash(const struct exec_pso_key *key)
{
    const uint8_t *b = (const uint8_t *)key;
    uint64_t h = 1469598103934665603ull;
    size_t i;
    for (i = 0; i < sizeof(*key); i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

void aerocmd_priv_exec_pso_cache_free(struct aerocmd_exec *ex)
{
    uint32_t i;
    for (i = 0; i < ex->pso_count; i++) {
        aerocmd_priv_exec_defer_release(ex, (IUnknown *)ex->psos[i].pso, 0);
        free(ex->psos[i].key);
    }
    free(ex->psos);
    ex->psos = NULL;
    ex->pso_count = ex->pso_cap = 0;
}

static ID3D12PipelineState *cache_find(struct aerocmd_exec *ex, const struct exec_pso_key *key,
                                       uint64_t hash)
{
    uint32_t i;
    for (i = 0; i < ex->pso_count; i++)
        if (ex->psos[i].hash == hash && memcmp(ex->psos[i].key, key, sizeof(*key)) == 0) {
            ex->psos[i].last_use = ++ex->pso_clock;
            return ex->psos[i].pso;
        }
    return NULL;
}

/* The entry a new pipeline takes: a free one, else the least recently used one, whose
 * pipeline is released after the next flush (recorded commands may use it). */
static struct exec_pso_entry *cache_slot(struct aerocmd_exec *ex)
{
    struct exec_pso_entry *lru;
    uint32_t i;
    if (ex->pso_count < ex->pso_cap)
        return &ex->psos[ex->pso_count++];
    if (ex->pso_cap < PSO_CACHE_MAX) {
        uint32_t cap = ex->pso_cap == 0 ? 32u : ex->pso_cap * 2u;
        struct exec_pso_entry *grown = realloc(ex->psos, (size_t)cap * sizeof(*grown));
        if (grown != NULL) {
            ex->psos = grown;
            ex->pso_cap = cap;
            return &ex->psos[ex->pso_count++];
        }
    }
    if (ex->pso_count == 0)
        return NULL;
    for (lru = &ex->psos[0], i = 1; i < ex->pso_count; i++)
        if (ex->psos[i].last_use < lru->last_use)
            lru = &ex->psos[i];
    aerocmd_priv_exec_defer_release(ex, (IUnknown *)lru->pso, 0);
    free(lru->key);
    lru->pso = NULL;
    lru->key = NULL;
    return lru;
}

/* Keeps pso under key; without room for it the pipeline is released after the flush. */
static void cache_add(struct aerocmd_exec *ex, const struct exec_pso_key *key, uint64_t hash,
                      ID3D12PipelineState *pso)
{
    struct exec_pso_key *copy = malloc(sizeof(*copy));
    struct exec_pso_entry *e = copy != NULL ? cache_slot(ex) : NULL;
    ex->psos_created++;
    if (e == NULL) {
        free(copy);
        aerocmd_priv_exec_defer_release(ex, (IUnknown *)pso, 0);
        return;
    }
    *copy = *key;
    e->hash = hash;
    e->key = copy;
    e->pso = pso;
    e->last_use = ++ex->pso_clock;
}

static const struct exec_shader *shader_of(struct aerocmd_exec *ex, uint32_t handle)
{
    struct exec_object *o = aerocmd_priv_exec_find(&ex->objects, handle);
    return o != NULL && o->kind == EXEC_OBJ_SHADER ? o->u.shader : NULL;
}

static D3D12_SHADER_BYTECODE bytecode(const struct exec_shader *sh)
{
    D3D12_SHADER_BYTECODE b;
    b.pShaderBytecode = sh != NULL ? sh->dxbc : NULL;
    b.BytecodeLength = sh != NULL ? sh->dxbc_size : 0;
    return b;
}

static D3D12_BLEND blend_factor(uint32_t f, int no_alpha)
{
    static const D3D12_BLEND map[8] = {D3D12_BLEND_ZERO,         D3D12_BLEND_ONE,
                                       D3D12_BLEND_SRC_ALPHA,    D3D12_BLEND_INV_SRC_ALPHA,
                                       D3D12_BLEND_DEST_ALPHA,   D3D12_BLEND_INV_DEST_ALPHA,
                                       D3D12_BLEND_BLEND_FACTOR, D3D12_BLEND_INV_BLEND_FACTOR};
    if (no_alpha && f == AEROGPU_BLEND_DEST_ALPHA)
        return D3D12_BLEND_ONE;
    if (no_alpha && f == AEROGPU_BLEND_INV_DEST_ALPHA)
        return D3D12_BLEND_ZERO;
    return f < 8u ? map[f] : D3D12_BLEND_ZERO;
}

static void blend_desc(const struct exec_pso_key *key, D3D12_BLEND_DESC *out)
{
    const struct aerogpu_blend_state *b = &key->blend;
    uint32_t i;
    memset(out, 0, sizeof(*out));
    out->IndependentBlendEnable = TRUE;
    for (i = 0; i < EXEC_MAX_RTS; i++) {
        D3D12_RENDER_TARGET_BLEND_DESC *rt = &out->RenderTarget[i];
        int no_alpha = (key->no_alpha_mask >> i) & 1u;
        rt->BlendEnable = b->enable != 0;
        rt->SrcBlend = blend_factor(b->src_factor, no_alpha);
        rt->DestBlend = blend_factor(b->dst_factor, no_alpha);
        rt->BlendOp = (D3D12_BLEND_OP)(b->blend_op + 1u);
        rt->SrcBlendAlpha = blend_factor(b->src_factor_alpha, no_alpha);
        rt->DestBlendAlpha = blend_factor(b->dst_factor_alpha, no_alpha);
        rt->BlendOpAlpha = (D3D12_BLEND_OP)(b->blend_op_alpha + 1u);
        rt->LogicOp = D3D12_LOGIC_OP_NOOP;
        rt->RenderTargetWriteMask = (UINT8)(b->color_write_mask & (no_alpha ? 7u : 15u));
        if ((key->gap_mask >> i) & 1u)
            rt->RenderTargetWriteMask = 0;
    }
}

static void raster_depth_desc(const struct exec_pso_key *key, D3D12_RASTERIZER_DESC *rs,
                              D3D12_DEPTH_STENCIL_DESC *ds)
{
    static const D3D12_DEPTH_STENCILOP_DESC keep = {D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP,
                                                    D3D12_STENCIL_OP_KEEP,
                                                    D3D12_COMPARISON_FUNC_ALWAYS};
    memset(rs, 0, sizeof(*rs));
    rs->FillMode = key->raster.fill_mode == AEROGPU_FILL_WIREFRAME ? D3D12_FILL_MODE_WIREFRAME
                                                                   : D3D12_FILL_MODE_SOLID;
    rs->CullMode = (D3D12_CULL_MODE)(key->raster.cull_mode + 1u);
    rs->FrontCounterClockwise = key->raster.front_ccw != 0;
    rs->DepthBias = key->raster.depth_bias;
    rs->DepthClipEnable = (key->raster.flags & AEROGPU_RASTERIZER_FLAG_DEPTH_CLIP_DISABLE) == 0;
    memset(ds, 0, sizeof(*ds));
    ds->DepthEnable = key->dsv_format != DXGI_FORMAT_UNKNOWN && key->depth.depth_enable != 0;
    ds->DepthWriteMask = key->depth.depth_write_enable != 0 ? D3D12_DEPTH_WRITE_MASK_ALL
                                                            : D3D12_DEPTH_WRITE_MASK_ZERO;
    ds->DepthFunc = (D3D12_COMPARISON_FUNC)(key->depth.depth_func + 1u);
    ds->StencilEnable =
        key->dsv_format == DXGI_FORMAT_D24_UNORM_S8_UINT && key->depth.stencil_enable != 0;
    ds->StencilReadMask = key->depth.stencil_read_mask;
    ds->StencilWriteMask = key->depth.stencil_write_mask;
    ds->FrontFace = ds->BackFace = keep;
}

static D3D12_PRIMITIVE_TOPOLOGY_TYPE topology_type(uint32_t topology)
{
    switch (topology) {
    case AEROGPU_TOPOLOGY_POINTLIST:
        return D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT;
    case AEROGPU_TOPOLOGY_LINELIST:
    case AEROGPU_TOPOLOGY_LINESTRIP:
    case AEROGPU_TOPOLOGY_LINELIST_ADJ:
    case AEROGPU_TOPOLOGY_LINESTRIP_ADJ:
        return D3D12_PRIMITIVE_TOPOLOGY_TYPE_LINE;
    case AEROGPU_TOPOLOGY_TRIANGLELIST:
    case AEROGPU_TOPOLOGY_TRIANGLESTRIP:
    case AEROGPU_TOPOLOGY_TRIANGLELIST_ADJ:
    case AEROGPU_TOPOLOGY_TRIANGLESTRIP_ADJ:
        return D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    default:
        return D3D12_PRIMITIVE_TOPOLOGY_TYPE_UNDEFINED;
    }
}

static aerocmd_result check_topology(struct exec_ctx *ctx, uint32_t topology)
{
    if (topology == AEROGPU_TOPOLOGY_TRIANGLEFAN)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                      "triangle fans do not exist in Direct3D 10/11");
    if (topology >= AEROGPU_TOPOLOGY_PATCHLIST_1 && topology <= AEROGPU_TOPOLOGY_PATCHLIST_32)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                      "patch lists need tessellation, which this executor does "
                                      "not run");
    if (topology_type(topology) == D3D12_PRIMITIVE_TOPOLOGY_TYPE_UNDEFINED)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "no primitive topology set (topology %u)", topology);
    return AEROCMD_OK;
}

/* State that cannot change what a draw produces stays out of the key, so that a stream
 * varying it does not compile a pipeline each time: stencil (the protocol carries no ops
 * or functions: KEEP and ALWAYS never change or reject anything), the depth state and depth
 * bias without a depth target or with the depth test off, blend factors and ops while
 * blending is off, sample-mask bits past sample 0 (targets have one sample), reserved
 * bytes. */
static void normalize(struct exec_pso_key *key)
{
    struct aerogpu_blend_state *b = &key->blend;
    struct aerogpu_depth_stencil_state *d = &key->depth;
    memset(b->reserved0, 0, sizeof(b->reserved0));
    memset(d->reserved0, 0, sizeof(d->reserved0));
    b->sample_mask &= 1u;
    if (b->enable == 0)
        b->src_factor = b->dst_factor = b->blend_op = b->src_factor_alpha = b->dst_factor_alpha =
            b->blend_op_alpha = 0;
    d->stencil_enable = 0;
    d->stencil_read_mask = d->stencil_write_mask = 0;
    if (key->dsv_format == DXGI_FORMAT_UNKNOWN || d->depth_enable == 0) {
        d->depth_enable = d->depth_write_enable = d->depth_func = 0;
        key->raster.depth_bias = 0;
    }
}

static aerocmd_result graphics_key(struct exec_ctx *ctx, int indexed, struct exec_pso_key *key,
                                   const struct exec_shader *sh[3], struct exec_object *layout)
{
    const struct exec_state *s = &ctx->ex->state;
    struct exec_targets t;
    uint32_t i;
    aerocmd_result r = check_topology(ctx, s->topology);
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_priv_exec_bind_targets(ctx, 0, &t);
    if (r != AEROCMD_OK)
        return r;
    memset(key, 0, sizeof(*key));
    key->vs = sh[0]->serial;
    key->ps = sh[1] != NULL ? sh[1]->serial : 0;
    key->gs = sh[2] != NULL ? sh[2]->serial : 0;
    key->layout = layout != NULL ? layout->u.layout->serial : 0;
    key->blend = s->blend;
    memset(key->blend.blend_constant_rgba_f32, 0, sizeof(key->blend.blend_constant_rgba_f32));
    key->depth = s->depth;
    key->raster = s->raster;
    key->raster.scissor_enable = 0;
    key->topology_type = topology_type(s->topology);
    if (indexed && (s->topology == AEROGPU_TOPOLOGY_TRIANGLESTRIP ||
                    s->topology == AEROGPU_TOPOLOGY_LINESTRIP ||
                    s->topology == AEROGPU_TOPOLOGY_TRIANGLESTRIP_ADJ ||
                    s->topology == AEROGPU_TOPOLOGY_LINESTRIP_ADJ))
        key->strip_cut = s->ib_format == AEROGPU_INDEX_FORMAT_UINT16
                             ? D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_0xFFFF
                             : D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_0xFFFFFFFF;
    key->rt_count = t.count;
    for (i = 0; i < EXEC_MAX_RTS; i++)
        key->rt_formats[i] = t.rt[i];
    key->no_alpha_mask = t.no_alpha_mask;
    key->gap_mask = t.gap_mask;
    key->dsv_format = t.dsv;
    normalize(key);
    return AEROCMD_OK;
}

static aerocmd_result create_graphics(struct exec_ctx *ctx, const struct exec_pso_key *key,
                                      const struct exec_shader *sh[3], const struct exec_root *root,
                                      ID3D12PipelineState **out)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC d;
    D3D12_INPUT_ELEMENT_DESC elems[EXEC_MAX_VBS * 2];
    uint32_t count = 0, i;
    HRESULT hr;
    aerocmd_result r =
        aerocmd_priv_exec_resolve_layout(ctx, sh[0], elems, EXEC_MAX_VBS * 2, &count);
    if (r != AEROCMD_OK || ctx->ex->gpu.device == NULL)
        return r;
    memset(&d, 0, sizeof(d));
    d.pRootSignature = root->sig;
    d.VS = bytecode(sh[0]);
    d.PS = bytecode(sh[1]);
    d.GS = bytecode(sh[2]);
    blend_desc(key, &d.BlendState);
    d.SampleMask = key->blend.sample_mask;
    raster_depth_desc(key, &d.RasterizerState, &d.DepthStencilState);
    d.InputLayout.pInputElementDescs = count != 0 ? elems : NULL;
    d.InputLayout.NumElements = count;
    d.IBStripCutValue = (D3D12_INDEX_BUFFER_STRIP_CUT_VALUE)key->strip_cut;
    d.PrimitiveTopologyType = (D3D12_PRIMITIVE_TOPOLOGY_TYPE)key->topology_type;
    d.NumRenderTargets = key->rt_count;
    for (i = 0; i < EXEC_MAX_RTS; i++)
        d.RTVFormats[i] = (DXGI_FORMAT)key->rt_formats[i];
    d.DSVFormat = (DXGI_FORMAT)key->dsv_format;
    d.SampleDesc.Count = 1;
    hr = ID3D12Device_CreateGraphicsPipelineState(ctx->ex->gpu.device, &d, &IID_ID3D12PipelineState,
                                                  (void **)out);
    if (FAILED(hr))
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                      "Direct3D 12 (vkd3d) refused the pipeline state (HRESULT "
                                      "0x%08x): do the shaders' signatures match?",
                                      (unsigned)hr);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_graphics_pso(struct exec_ctx *ctx, int indexed,
                                              const struct exec_root *root,
                                              ID3D12PipelineState **out)
{
    struct aerocmd_exec *ex = ctx->ex;
    const struct exec_shader *sh[3];
    struct exec_object *layout = aerocmd_priv_exec_find(&ex->objects, ex->state.input_layout);
    struct exec_pso_key key;
    uint64_t hash;
    aerocmd_result r;
    sh[0] = shader_of(ex, ex->state.vs);
    sh[1] = shader_of(ex, ex->state.ps);
    sh[2] = shader_of(ex, ex->state.gs);
    *out = NULL;
    if (ex->state.hs != 0 || ex->state.ds != 0)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                      "hull/domain shaders bound: this executor runs no "
                                      "tessellation");
    if ((r = graphics_key(ctx, indexed, &key, sh, layout)) != AEROCMD_OK)
        return r;
    hash = key_hash(&key);
    if ((*out = cache_find(ex, &key, hash)) != NULL)
        return AEROCMD_OK;
    if (ex->gpu.device != NULL &&
        (r = aerocmd_priv_exec_work(ctx, EXEC_PIPELINE_WORK, "compiling a pipeline")) != AEROCMD_OK)
        return r;
    if ((r = create_graphics(ctx, &key, sh, root, out)) != AEROCMD_OK || *out == NULL)
        return r;
    cache_add(ex, &key, hash, *out);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_compute_pso(struct exec_ctx *ctx, const struct exec_root *root,
                                             ID3D12PipelineState **out)
{
    struct aerocmd_exec *ex = ctx->ex;
    const struct exec_shader *cs = shader_of(ex, ex->state.cs);
    D3D12_COMPUTE_PIPELINE_STATE_DESC d;
    struct exec_pso_key key;
    uint64_t hash;
    aerocmd_result r;
    HRESULT hr;
    *out = NULL;
    memset(&key, 0, sizeof(key));
    key.compute = 1;
    key.cs = cs->serial;
    hash = key_hash(&key);
    if (ex->gpu.device == NULL || (*out = cache_find(ex, &key, hash)) != NULL)
        return AEROCMD_OK;
    if ((r = aerocmd_priv_exec_work(ctx, EXEC_PIPELINE_WORK, "compiling a pipeline")) != AEROCMD_OK)
        return r;
    memset(&d, 0, sizeof(d));
    d.pRootSignature = root->sig;
    d.CS = bytecode(cs);
    hr = ID3D12Device_CreateComputePipelineState(ex->gpu.device, &d, &IID_ID3D12PipelineState,
                                                 (void **)out);
    if (FAILED(hr))
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                      "Direct3D 12 (vkd3d) refused the compute pipeline "
                                      "(HRESULT 0x%08x)",
                                      (unsigned)hr);
    cache_add(ex, &key, hash, *out);
    return AEROCMD_OK;
}
