/* SPDX-License-Identifier: MIT */
/* exec_descriptors.c — root signatures and the per-stage descriptor tables written from
 * the protocol's binding slots.
 *
 * The binding model is Direct3D 10/11's: per stage 14 constant buffers, 128 shader
 * resources, 16 samplers, and 8 unordered-access views for compute. A root signature gives
 * each stage one table of views (constant buffers, shader resources, UAVs) and one of
 * samplers, visible to that stage only; the tables hold exactly the registers the stage's
 * shader declares (as ranges of consecutive registers). Exposing all 128 shader-resource
 * slots would be simpler, but vkd3d 1.2 on lavapipe crashes executing a draw whose
 * pixel-stage table holds more than 64; declared registers keep every real shader far below
 * that. Root signatures are cached per combination of shaders.
 *
 * A stage's tables are rewritten (in a fresh piece of the shader-visible ring) when its
 * bindings or its shader change; each descriptor follows what the shader declares in that
 * register, because a Direct3D 12 descriptor must match the declaration's dimension. Unbound
 * slots read zeros, as in Direct3D 10/11: constant buffers and buffers from a zero buffer,
 * textures from 1x1 zero textures; unbound samplers are the Direct3D 11 default sampler. */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vkd3d_utils.h>

#include "exec_internal.h"

#define ROOT_CACHE_MAX 256u
/* Ranges one table can need: every register declared, none consecutive. */
#define MAX_RANGES (EXEC_MAX_CBS + EXEC_MAX_SRVS + EXEC_MAX_UAVS)

void aerocmd_priv_exec_root_cache_free(struct aerocmd_exec *ex)
{
    uint32_t i;
    for (i = 0; i < ex->root_count; i++)
        aerocmd_priv_exec_defer_release(ex, (IUnknown *)ex->roots[i].sig, 0);
    free(ex->roots);
    ex->roots = NULL;
    ex->root_count = ex->root_cap = 0;
}

/* Appends ranges of `type` for the ascending registers of list, starting at table index
 * *at. */
static void add_ranges(D3D12_DESCRIPTOR_RANGE *ranges, uint32_t *n,
                       D3D12_DESCRIPTOR_RANGE_TYPE type, const uint8_t *list, uint32_t count,
                       uint32_t *at)
{
    uint32_t i = 0;
    while (i < count) {
        uint32_t run = 1;
        while (i + run < count && list[i + run] == list[i] + run)
            run++;
        ranges[*n].RangeType = type;
        ranges[*n].NumDescriptors = run;
        ranges[*n].BaseShaderRegister = list[i];
        ranges[*n].RegisterSpace = 0;
        ranges[*n].OffsetInDescriptorsFromTableStart = *at;
        (*n)++;
        *at += run;
        i += run;
    }
}

struct root_builder {
    D3D12_ROOT_PARAMETER params[2 * EXEC_STAGES];
    D3D12_DESCRIPTOR_RANGE ranges[EXEC_STAGES][MAX_RANGES];
    D3D12_DESCRIPTOR_RANGE sampler_ranges[EXEC_STAGES][EXEC_MAX_SAMPLERS];
    uint32_t count;
};

static void add_stage(struct root_builder *b, struct exec_root *root, uint32_t stage,
                      const struct exec_stage_layout *l, D3D12_SHADER_VISIBILITY vis)
{
    uint32_t n = 0, at = 0;
    add_ranges(b->ranges[stage], &n, D3D12_DESCRIPTOR_RANGE_TYPE_CBV, l->cbs, l->cb_count, &at);
    add_ranges(b->ranges[stage], &n, D3D12_DESCRIPTOR_RANGE_TYPE_SRV, l->srvs, l->srv_count, &at);
    add_ranges(b->ranges[stage], &n, D3D12_DESCRIPTOR_RANGE_TYPE_UAV, l->uavs, l->uav_count, &at);
    if (n != 0) {
        D3D12_ROOT_PARAMETER *p = &b->params[b->count];
        p->ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
        p->DescriptorTable.NumDescriptorRanges = n;
        p->DescriptorTable.pDescriptorRanges = b->ranges[stage];
        p->ShaderVisibility = vis;
        root->view_param[stage] = (int)b->count++;
    }
    n = at = 0;
    add_ranges(b->sampler_ranges[stage], &n, D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER, l->samplers,
               l->sampler_count, &at);
    if (n != 0) {
        D3D12_ROOT_PARAMETER *p = &b->params[b->count];
        p->ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
        p->DescriptorTable.NumDescriptorRanges = n;
        p->DescriptorTable.pDescriptorRanges = b->sampler_ranges[stage];
        p->ShaderVisibility = vis;
        root->sampler_param[stage] = (int)b->count++;
    }
}

static HRESULT create_root(struct aerocmd_exec *ex, int compute,
                           const struct exec_shader *const sh[3], struct exec_root *root)
{
    static const D3D12_SHADER_VISIBILITY vis[3] = {D3D12_SHADER_VISIBILITY_VERTEX,
                                                   D3D12_SHADER_VISIBILITY_PIXEL,
                                                   D3D12_SHADER_VISIBILITY_GEOMETRY};
    struct root_builder *b = calloc(1, sizeof(*b));
    D3D12_ROOT_SIGNATURE_DESC desc;
    ID3DBlob *blob = NULL, *error = NULL;
    uint32_t st;
    HRESULT hr;
    if (b == NULL)
        return E_OUTOFMEMORY;
    for (st = 0; st < EXEC_STAGES; st++)
        root->view_param[st] = root->sampler_param[st] = -1;
    for (st = 0; st < (compute ? 1u : 3u); st++)
        if (sh[st] != NULL)
            add_stage(b, root, compute ? EXEC_CS : st, &sh[st]->layout,
                      compute ? D3D12_SHADER_VISIBILITY_ALL : vis[st]);
    memset(&desc, 0, sizeof(desc));
    desc.NumParameters = b->count;
    desc.pParameters = b->params;
    desc.Flags = compute ? D3D12_ROOT_SIGNATURE_FLAG_NONE
                         : D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT;
    hr = D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, &error);
    if (SUCCEEDED(hr))
        hr = ID3D12Device_CreateRootSignature(ex->gpu.device, 0, ID3D10Blob_GetBufferPointer(blob),
                                              ID3D10Blob_GetBufferSize(blob),
                                              &IID_ID3D12RootSignature, (void **)&root->sig);
    if (blob != NULL)
        ID3D10Blob_Release(blob);
    if (error != NULL)
        ID3D10Blob_Release(error);
    free(b);
    return hr;
}

aerocmd_result aerocmd_priv_exec_root(struct exec_ctx *ctx, int compute,
                                      const struct exec_shader *const sh[3],
                                      const struct exec_root **out)
{
    struct aerocmd_exec *ex = ctx->ex;
    struct exec_root root;
    uint32_t i;
    HRESULT hr;
    *out = NULL;
    if (ex->gpu.device == NULL)
        return AEROCMD_OK;
    memset(&root, 0, sizeof(root));
    root.key[0] = (uint32_t)compute;
    for (i = 0; i < (compute ? 1u : 3u); i++)
        root.key[i + 1u] = sh[i] != NULL ? sh[i]->serial : 0;
    for (i = 0; i < ex->root_count; i++)
        if (memcmp(ex->roots[i].key, root.key, sizeof(root.key)) == 0) {
            *out = &ex->roots[i];
            return AEROCMD_OK;
        }
    if (ex->root_count >= ROOT_CACHE_MAX) { /* pipelines were made with these roots */
        aerocmd_priv_exec_pso_cache_free(ex);
        aerocmd_priv_exec_root_cache_free(ex);
    }
    if (ex->root_count == ex->root_cap) {
        uint32_t cap = ex->root_cap == 0 ? 16u : ex->root_cap * 2u;
        struct exec_root *grown = realloc(ex->roots, (size_t)cap * sizeof(*grown));
        if (grown == NULL)
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                          "no memory for a root signature");
        ex->roots = grown;
        ex->root_cap = cap;
    }
    hr = create_root(ex, compute, sh, &root);
    if (FAILED(hr))
        return aerocmd_priv_exec_hr(ctx, hr, "creating a root signature");
    ex->roots[ex->root_count] = root;
    *out = &ex->roots[ex->root_count++];
    return AEROCMD_OK;
}

/* ---- descriptors of one table ------------------------------------------------------------ */

struct table_writer {
    struct exec_ctx *ctx;
    D3D12_CPU_DESCRIPTOR_HANDLE at;
    uint32_t inc;
    uint32_t stage;
};

static D3D12_CPU_DESCRIPTOR_HANDLE slot_handle(const struct table_writer *w, uint32_t index)
{
    D3D12_CPU_DESCRIPTOR_HANDLE h = w->at;
    h.ptr += (SIZE_T)index * w->inc;
    return h;
}

static uint64_t round256(uint64_t v)
{
    return (v + 255u) & ~(uint64_t)255u;
}

static aerocmd_result write_cbv(struct table_writer *w, uint32_t index, uint32_t slot,
                                const struct exec_range_slot *b)
{
    struct aerocmd_exec *ex = w->ctx->ex;
    D3D12_CONSTANT_BUFFER_VIEW_DESC desc;
    struct exec_object *o = aerocmd_priv_exec_find(&ex->objects, b->handle);
    uint64_t size;
    desc.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(ex->gpu.zero_buffer);
    desc.SizeInBytes = EXEC_CB_MAX_BYTES;
    if (b->handle != 0 && o != NULL && o->kind == EXEC_OBJ_BUFFER) {
        const struct exec_resource *res = o->u.res;
        if (b->offset % 256u != 0)
            return aerocmd_priv_exec_fail(
                w->ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                "constant buffer b%u starts at byte %u: Direct3D constant-buffer offsets are "
                "multiples of 256 bytes (16 constants)",
                slot, b->offset);
        if (b->offset >= res->size_bytes)
            return aerocmd_priv_exec_fail(w->ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                          "constant buffer b%u starts past the end of h:%u", slot,
                                          b->handle);
        size = b->size != 0 ? b->size : res->size_bytes - b->offset;
        if (size > EXEC_CB_MAX_BYTES)
            size = EXEC_CB_MAX_BYTES;
        if (size > round256(res->size_bytes) - b->offset)
            size = round256(res->size_bytes) - b->offset;
        desc.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(res->res) + b->offset;
        desc.SizeInBytes = (UINT)round256(size);
    }
    ID3D12Device_CreateConstantBufferView(ex->gpu.device, &desc, slot_handle(w, index));
    return AEROCMD_OK;
}

static void component_mapping(D3D12_SHADER_RESOURCE_VIEW_DESC *desc, int no_alpha)
{
    desc->Shader4ComponentMapping = no_alpha
                                        ? D3D12_ENCODE_SHADER_4_COMPONENT_MAPPING(
                                              0, 1, 2, D3D12_SHADER_COMPONENT_MAPPING_FORCE_VALUE_1)
                                        : D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
}

static void zero_texture_srv(struct table_writer *w, uint32_t index, int array)
{
    struct aerocmd_exec *ex = w->ctx->ex;
    D3D12_SHADER_RESOURCE_VIEW_DESC desc;
    memset(&desc, 0, sizeof(desc));
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    component_mapping(&desc, 0);
    if (array) {
        desc.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2DARRAY;
        desc.Texture2DArray.MipLevels = 1;
        desc.Texture2DArray.ArraySize = 2;
    } else {
        desc.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
        desc.Texture2D.MipLevels = 1;
    }
    ID3D12Device_CreateShaderResourceView(ex->gpu.device,
                                          array ? ex->gpu.zero_tex_array : ex->gpu.zero_tex, &desc,
                                          slot_handle(w, index));
}

static aerocmd_result texture_srv(struct table_writer *w, uint32_t index, uint32_t slot,
                                  uint32_t decl, const struct exec_srv_slot *b)
{
    struct aerocmd_exec *ex = w->ctx->ex;
    struct exec_texture_ref ref;
    struct exec_format f;
    D3D12_SHADER_RESOURCE_VIEW_DESC desc;
    if (b->handle == 0) {
        zero_texture_srv(w, index, decl == EXEC_DECL_TEX2D_ARRAY);
        return AEROCMD_OK;
    }
    if (b->is_buffer || aerocmd_priv_exec_texture_ref(ex, b->handle, &ref) != 0)
        return aerocmd_priv_exec_fail(w->ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_KIND,
                                      "t%u is a texture in the shader but h:%u bound there is not "
                                      "a texture",
                                      slot, b->handle);
    /* A Texture2D view shows layer 0; Direct3D binds a later layer only as an array view,
     * which a Texture2D declaration does not accept (and lavapipe crashes on). */
    if (decl == EXEC_DECL_TEX2D && ref.base_layer != 0)
        return aerocmd_priv_exec_fail(w->ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                      "t%u is a Texture2D in the shader but h:%u starts at array "
                                      "layer %u: only a Texture2DArray declaration reads it",
                                      slot, b->handle, ref.base_layer);
    aerocmd_priv_exec_format(ref.format, &f);
    memset(&desc, 0, sizeof(desc));
    desc.Format = f.view;
    component_mapping(&desc, f.no_alpha);
    if (decl == EXEC_DECL_TEX2D) {
        desc.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
        desc.Texture2D.MostDetailedMip = ref.base_mip;
        desc.Texture2D.MipLevels = ref.mip_count;
    } else {
        desc.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2DARRAY;
        desc.Texture2DArray.MostDetailedMip = ref.base_mip;
        desc.Texture2DArray.MipLevels = ref.mip_count;
        desc.Texture2DArray.FirstArraySlice = ref.base_layer;
        desc.Texture2DArray.ArraySize = ref.layer_count;
    }
    ID3D12Device_CreateShaderResourceView(ex->gpu.device, ref.res->res, &desc,
                                          slot_handle(w, index));
    return AEROCMD_OK;
}

static aerocmd_result unsupported_decl(struct table_writer *w, const char *kind, uint32_t slot,
                                       uint32_t decl)
{
    if (decl == EXEC_DECL_BUFFER_TYPED)
        return aerocmd_priv_exec_fail(w->ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                      "%s%u is a UNORM/SNORM typed buffer in the shader: the "
                                      "protocol's buffer bindings carry no view format",
                                      kind, slot);
    return aerocmd_priv_exec_fail(w->ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                  "%s%u is a 1D, 3D, cube or multisample resource in the shader: "
                                  "the protocol has only Texture2D (arrays) and buffers",
                                  kind, slot);
}

/* The single 32-bit channel format a typed buffer view is run as, by its declared return
 * type: exact for the R32_UINT / R32_SINT / R32_FLOAT views Direct3D 11 can also load from;
 * the protocol carries no view format, so UNORM / SNORM declarations are refused. */
static DXGI_FORMAT typed_format(uint32_t ret)
{
    switch (ret) {
    case 3: /* SINT */
        return DXGI_FORMAT_R32_SINT;
    case 4: /* UINT */
        return DXGI_FORMAT_R32_UINT;
    case 5: /* FLOAT */
        return DXGI_FORMAT_R32_FLOAT;
    default:
        return DXGI_FORMAT_UNKNOWN;
    }
}

/* A buffer range as raw (stride 0) or structured view: first element and count. */
static aerocmd_result buffer_elements(struct table_writer *w, const char *kind, uint32_t slot,
                                      const struct exec_range_slot *b, uint32_t stride,
                                      struct exec_resource **res, uint64_t *first, uint32_t *count)
{
    struct exec_object *o = aerocmd_priv_exec_find(&w->ctx->ex->objects, b->handle);
    uint32_t unit = stride != 0 ? stride : 4u;
    uint64_t size;
    if (o == NULL || o->kind != EXEC_OBJ_BUFFER)
        return aerocmd_priv_exec_fail(w->ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_KIND,
                                      "%s%u is a buffer in the shader but h:%u bound there is not "
                                      "a buffer",
                                      kind, slot, b->handle);
    *res = o->u.res;
    if (b->offset % unit != 0 || b->offset > (*res)->size_bytes)
        return aerocmd_priv_exec_fail(w->ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "%s%u: offset %u of h:%u is not a whole %u-byte element "
                                      "inside the buffer",
                                      kind, slot, b->offset, b->handle, unit);
    size = b->size != 0 ? b->size : (*res)->size_bytes - b->offset;
    if (size > (*res)->size_bytes - b->offset)
        size = (*res)->size_bytes - b->offset;
    *first = b->offset / unit;
    *count = (uint32_t)(size / unit);
    return AEROCMD_OK;
}

static aerocmd_result buffer_srv(struct table_writer *w, uint32_t index, uint32_t slot,
                                 uint32_t decl, uint32_t stride, const struct exec_srv_slot *b)
{
    struct aerocmd_exec *ex = w->ctx->ex;
    D3D12_SHADER_RESOURCE_VIEW_DESC desc;
    struct exec_range_slot range;
    struct exec_resource *res = NULL;
    ID3D12Resource *d3d = ex->gpu.zero_buffer;
    uint64_t first = 0;
    uint32_t unit = decl == EXEC_DECL_BUFFER_STRUCTURED ? stride : 0;
    uint32_t count = EXEC_CB_MAX_BYTES / (unit != 0 ? unit : 4u);
    aerocmd_result r;
    if (decl == EXEC_DECL_BUFFER_TYPED && typed_format(stride) == DXGI_FORMAT_UNKNOWN)
        return unsupported_decl(w, "t", slot, decl);
    if (b->handle != 0) {
        if (!b->is_buffer)
            return aerocmd_priv_exec_fail(w->ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_KIND,
                                          "t%u is a buffer in the shader but texture h:%u is "
                                          "bound there",
                                          slot, b->handle);
        range.handle = b->handle, range.offset = b->offset, range.size = b->size;
        r = buffer_elements(w, "t", slot, &range, unit, &res, &first, &count);
        if (r != AEROCMD_OK)
            return r;
        d3d = res->res;
    }
    memset(&desc, 0, sizeof(desc));
    desc.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
    desc.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    desc.Format = decl == EXEC_DECL_BUFFER_RAW     ? DXGI_FORMAT_R32_TYPELESS
                  : decl == EXEC_DECL_BUFFER_TYPED ? typed_format(stride)
                                                   : DXGI_FORMAT_UNKNOWN;
    desc.Buffer.FirstElement = first;
    desc.Buffer.NumElements = count;
    desc.Buffer.StructureByteStride = decl == EXEC_DECL_BUFFER_STRUCTURED ? stride : 0;
    desc.Buffer.Flags =
        decl == EXEC_DECL_BUFFER_RAW ? D3D12_BUFFER_SRV_FLAG_RAW : D3D12_BUFFER_SRV_FLAG_NONE;
    ID3D12Device_CreateShaderResourceView(ex->gpu.device, d3d, &desc, slot_handle(w, index));
    return AEROCMD_OK;
}

static aerocmd_result write_srv(struct table_writer *w, const struct exec_shader *sh,
                                uint32_t index, uint32_t slot)
{
    const struct exec_srv_slot *b = &w->ctx->ex->state.stages[w->stage].srvs[slot];
    uint32_t decl = sh->srv_decl[slot];
    switch (decl) {
    case EXEC_DECL_TEX2D:
    case EXEC_DECL_TEX2D_ARRAY:
        return texture_srv(w, index, slot, decl, b);
    case EXEC_DECL_BUFFER_RAW:
    case EXEC_DECL_BUFFER_STRUCTURED:
    case EXEC_DECL_BUFFER_TYPED:
        return buffer_srv(w, index, slot, decl, sh->srv_stride[slot], b);
    default:
        return unsupported_decl(w, "t", slot, decl);
    }
}

static aerocmd_result write_uav(struct table_writer *w, const struct exec_shader *sh,
                                uint32_t index, uint32_t slot)
{
    struct aerocmd_exec *ex = w->ctx->ex;
    const struct exec_range_slot *b = &ex->state.stages[EXEC_CS].uavs[slot];
    uint32_t decl = sh->uav_decl[slot], info = sh->uav_stride[slot], count;
    uint32_t unit = decl == EXEC_DECL_BUFFER_STRUCTURED ? info : 0;
    D3D12_UNORDERED_ACCESS_VIEW_DESC desc;
    struct exec_resource *res = NULL;
    ID3D12Resource *d3d = ex->gpu.scratch_uav;
    uint64_t first = 0;
    aerocmd_result r;
    if ((decl != EXEC_DECL_BUFFER_RAW && decl != EXEC_DECL_BUFFER_STRUCTURED &&
         decl != EXEC_DECL_BUFFER_TYPED) ||
        (decl == EXEC_DECL_BUFFER_TYPED && typed_format(info) == DXGI_FORMAT_UNKNOWN))
        return unsupported_decl(w, "u", slot, decl);
    if ((sh->uav_counter_mask >> slot) & 1u)
        return aerocmd_priv_exec_fail(w->ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                      "u%u: the shader uses a UAV counter (append/consume), which "
                                      "this executor does not run",
                                      slot);
    count = EXEC_CB_MAX_BYTES / (unit != 0 ? unit : 4u);
    if (b->handle != 0) {
        r = buffer_elements(w, "u", slot, b, unit, &res, &first, &count);
        if (r != AEROCMD_OK)
            return r;
        d3d = res->res;
    }
    memset(&desc, 0, sizeof(desc));
    desc.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    desc.Format = decl == EXEC_DECL_BUFFER_RAW     ? DXGI_FORMAT_R32_TYPELESS
                  : decl == EXEC_DECL_BUFFER_TYPED ? typed_format(info)
                                                   : DXGI_FORMAT_UNKNOWN;
    desc.Buffer.FirstElement = first;
    desc.Buffer.NumElements = count;
    desc.Buffer.StructureByteStride = unit;
    desc.Buffer.Flags =
        decl == EXEC_DECL_BUFFER_RAW ? D3D12_BUFFER_UAV_FLAG_RAW : D3D12_BUFFER_UAV_FLAG_NONE;
    ID3D12Device_CreateUnorderedAccessView(ex->gpu.device, d3d, NULL, &desc, slot_handle(w, index));
    return AEROCMD_OK;
}

static void sampler_desc(const struct exec_sampler *s, D3D12_SAMPLER_DESC *d)
{
    static const D3D12_TEXTURE_ADDRESS_MODE modes[3] = {D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
                                                        D3D12_TEXTURE_ADDRESS_MODE_WRAP,
                                                        D3D12_TEXTURE_ADDRESS_MODE_MIRROR};
    memset(d, 0, sizeof(*d));
    d->Filter = D3D12_FILTER_MIN_MAG_MIP_LINEAR;
    d->AddressU = d->AddressV = d->AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    d->MaxAnisotropy = 1;
    d->ComparisonFunc = D3D12_COMPARISON_FUNC_NEVER;
    d->BorderColor[0] = d->BorderColor[1] = d->BorderColor[2] = d->BorderColor[3] = 1.0f;
    d->MinLOD = -FLT_MAX;
    d->MaxLOD = FLT_MAX;
    if (s == NULL)
        return; /* the Direct3D 11 default sampler */
    d->Filter = s->filter == AEROGPU_SAMPLER_FILTER_NEAREST ? D3D12_FILTER_MIN_MAG_MIP_POINT
                                                            : D3D12_FILTER_MIN_MAG_MIP_LINEAR;
    d->AddressU = modes[s->address_u < 3u ? s->address_u : 0];
    d->AddressV = modes[s->address_v < 3u ? s->address_v : 0];
    d->AddressW = modes[s->address_w < 3u ? s->address_w : 0];
    d->MinLOD = 0.0f;
}

static aerocmd_result write_samplers(struct exec_ctx *ctx, enum exec_stage stage,
                                     const struct exec_stage_layout *l)
{
    struct aerocmd_exec *ex = ctx->ex;
    struct exec_stage_bind *sb = &ex->state.stages[stage];
    D3D12_CPU_DESCRIPTOR_HANDLE cpu;
    uint32_t i;
    aerocmd_result r = aerocmd_priv_exec_descriptors(ctx, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER,
                                                     l->sampler_count, &cpu, &sb->sampler_table);
    if (r != AEROCMD_OK)
        return r;
    for (i = 0; i < l->sampler_count; i++) {
        struct exec_object *o = aerocmd_priv_exec_find(&ex->objects, sb->samplers[l->samplers[i]]);
        D3D12_SAMPLER_DESC d;
        D3D12_CPU_DESCRIPTOR_HANDLE h = cpu;
        sampler_desc(o != NULL && o->kind == EXEC_OBJ_SAMPLER ? o->u.sampler : NULL, &d);
        h.ptr += (SIZE_T)i * ex->gpu.sampler_inc;
        ID3D12Device_CreateSampler(ex->gpu.device, &d, h);
    }
    sb->samplers_dirty = 0;
    return AEROCMD_OK;
}

static aerocmd_result write_views(struct exec_ctx *ctx, enum exec_stage stage,
                                  const struct exec_shader *sh)
{
    struct exec_stage_bind *sb = &ctx->ex->state.stages[stage];
    const struct exec_stage_layout *l = &sh->layout;
    struct table_writer w;
    uint32_t i, at = 0;
    aerocmd_result r;
    w.ctx = ctx;
    w.inc = ctx->ex->gpu.view_inc;
    w.stage = stage;
    r = aerocmd_priv_exec_descriptors(ctx, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
                                      l->cb_count + l->srv_count + l->uav_count, &w.at, &sb->table);
    for (i = 0; r == AEROCMD_OK && i < l->cb_count; i++, at++)
        r = write_cbv(&w, at, l->cbs[i], &sb->cbs[l->cbs[i]]);
    for (i = 0; r == AEROCMD_OK && i < l->srv_count; i++, at++)
        r = write_srv(&w, sh, at, l->srvs[i]);
    for (i = 0; r == AEROCMD_OK && i < l->uav_count; i++, at++)
        r = write_uav(&w, sh, at, l->uavs[i]);
    if (r == AEROCMD_OK)
        sb->table_dirty = 0;
    return r;
}

aerocmd_result aerocmd_priv_exec_stage_tables(struct exec_ctx *ctx, enum exec_stage stage,
                                              const struct exec_shader *shader)
{
    struct exec_stage_bind *sb = &ctx->ex->state.stages[stage];
    const struct exec_stage_layout *l = &shader->layout;
    aerocmd_result r;
    if (ctx->ex->gpu.device == NULL)
        return AEROCMD_OK;
    if (sb->samplers_dirty && l->sampler_count != 0 &&
        (r = write_samplers(ctx, stage, l)) != AEROCMD_OK)
        return r;
    if (sb->table_dirty && l->cb_count + l->srv_count + l->uav_count != 0)
        return write_views(ctx, stage, shader);
    return AEROCMD_OK;
}

/* ---- resource states for reading ---------------------------------------------------------- */

static void buffer_state(struct aerocmd_exec *ex, uint32_t handle, D3D12_RESOURCE_STATES state)
{
    struct exec_object *o = aerocmd_priv_exec_find(&ex->objects, handle);
    if (o != NULL && o->kind == EXEC_OBJ_BUFFER)
        aerocmd_priv_exec_transition(ex, o->u.res, 0, 1, state);
}

aerocmd_result aerocmd_priv_exec_stage_states(struct exec_ctx *ctx, enum exec_stage stage,
                                              const struct exec_shader *shader)
{
    struct aerocmd_exec *ex = ctx->ex;
    struct exec_stage_bind *sb = &ex->state.stages[stage];
    uint32_t i;
    if (ex->gpu.device == NULL)
        return AEROCMD_OK;
    for (i = 0; i < EXEC_MAX_CBS; i++)
        buffer_state(ex, sb->cbs[i].handle, D3D12_RESOURCE_STATE_GENERIC_READ);
    for (i = 0; i < EXEC_MAX_SRVS; i++) {
        struct exec_texture_ref ref;
        const struct exec_srv_slot *b = &sb->srvs[i];
        if (b->handle == 0 || shader == NULL || shader->srv_decl[i] == EXEC_DECL_NONE)
            continue;
        if (b->is_buffer)
            buffer_state(ex, b->handle, D3D12_RESOURCE_STATE_GENERIC_READ);
        else if (aerocmd_priv_exec_texture_ref(ex, b->handle, &ref) == 0)
            aerocmd_priv_exec_transition_range(ex, ref.res, ref.base_mip, ref.mip_count,
                                               ref.base_layer, ref.layer_count,
                                               D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE |
                                                   D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
    }
    for (i = 0; stage == EXEC_CS && i < EXEC_MAX_UAVS; i++)
        buffer_state(ex, sb->uavs[i].handle, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    return AEROCMD_OK;
}
