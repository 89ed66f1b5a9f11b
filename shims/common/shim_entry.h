/* SPDX-License-Identifier: MIT */
/* shim_entry.h — the DDI entry points D3D10, D3D10.1 and D3D11 share, and the helpers the
 * version-specific entry points convert their argument structs into.
 *
 * The three device tables keep the first 101 slots' names and, for most, their types; an
 * entry point here serves every table whose slot has the D3D10 type. SHIM_FILL_SHARED
 * writes them into any of the three tables (same member names). */
#ifndef SHIM_ENTRY_H
#define SHIM_ENTRY_H

#include "aerocmd/umd_ddi.h"
#include "shim_device.h"

/* ---- version-neutral creation helpers -------------------------------------------------- */

SIZE_T shim_resource_private_size(void);
/* CreateResource of any version, the DDI's description copied into d (rt: the runtime's
 * handle, which a shareable resource's allocation is made for). */
void shim_create_resource(struct shim_device *dev, const struct aerocmd_umd_ddi_resource_desc *d,
                          const D3D10_DDIARG_SUBRESOURCE_UP *initial, D3D10DDI_HRTRESOURCE rt,
                          void *drv_private);
SIZE_T shim_view_private_size(void);
void shim_create_view(struct shim_device *dev, enum aerocmd_view_kind kind, void *res_private,
                      uint32_t dimension, const struct aerocmd_umd_view_desc *desc,
                      void *drv_private);
SIZE_T shim_blend_private_size(void);
void shim_create_blend(struct shim_device *dev, const struct aerocmd_umd_blend_desc *desc,
                       void *drv_private);
SIZE_T shim_shader_private_size(void);
/* From the DDI's bare token stream and signatures (sig NULL: none, as for compute). */
void shim_create_shader(struct shim_device *dev, enum aerocmd_shader_kind kind, const UINT *code,
                        const D3D10DDIARG_STAGE_IO_SIGNATURES *sig, void *drv_private);

/* ---- shared entry points --------------------------------------------------------------- */

#define SHIM_STAGE_PROTOS(stage)                                                                   \
    void APIENTRY shim_##stage##_set_shader(D3D10DDI_HDEVICE, D3D10DDI_HSHADER);                   \
    void APIENTRY shim_##stage##_set_constant_buffers(D3D10DDI_HDEVICE, UINT, UINT,                \
                                                      CONST D3D10DDI_HRESOURCE *);                 \
    void APIENTRY shim_##stage##_set_shader_resources(D3D10DDI_HDEVICE, UINT, UINT,                \
                                                      CONST D3D10DDI_HSHADERRESOURCEVIEW *);       \
    void APIENTRY shim_##stage##_set_samplers(D3D10DDI_HDEVICE, UINT, UINT,                        \
                                              CONST D3D10DDI_HSAMPLER *);
SHIM_STAGE_PROTOS(vs)
SHIM_STAGE_PROTOS(ps)
SHIM_STAGE_PROTOS(gs)
SHIM_STAGE_PROTOS(cs)
SHIM_STAGE_PROTOS(hs) /* accept unbinding only */
SHIM_STAGE_PROTOS(ds)

void APIENTRY shim_draw(D3D10DDI_HDEVICE, UINT, UINT);
void APIENTRY shim_draw_indexed(D3D10DDI_HDEVICE, UINT, UINT, INT);
void APIENTRY shim_draw_instanced(D3D10DDI_HDEVICE, UINT, UINT, UINT, UINT);
void APIENTRY shim_draw_indexed_instanced(D3D10DDI_HDEVICE, UINT, UINT, UINT, INT, UINT);
void APIENTRY shim_draw_auto(D3D10DDI_HDEVICE);
void APIENTRY shim_ia_set_input_layout(D3D10DDI_HDEVICE, D3D10DDI_HELEMENTLAYOUT);
void APIENTRY shim_ia_set_vertex_buffers(D3D10DDI_HDEVICE, UINT, UINT, CONST D3D10DDI_HRESOURCE *,
                                         CONST UINT *, CONST UINT *);
void APIENTRY shim_ia_set_index_buffer(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, DXGI_FORMAT, UINT);
void APIENTRY shim_ia_set_topology(D3D10DDI_HDEVICE, D3D10_DDI_PRIMITIVE_TOPOLOGY);
void APIENTRY shim_set_render_targets(D3D10DDI_HDEVICE, CONST D3D10DDI_HRENDERTARGETVIEW *, UINT,
                                      UINT, D3D10DDI_HDEPTHSTENCILVIEW);
void APIENTRY shim_srv_hazard(D3D10DDI_HDEVICE, D3D10DDI_HSHADERRESOURCEVIEW, D3D10DDI_HRESOURCE);
void APIENTRY shim_resource_hazard(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE);
void APIENTRY shim_set_blend_state(D3D10DDI_HDEVICE, D3D10DDI_HBLENDSTATE, CONST FLOAT[4], UINT);
void APIENTRY shim_set_depth_stencil_state(D3D10DDI_HDEVICE, D3D10DDI_HDEPTHSTENCILSTATE, UINT);
void APIENTRY shim_set_rasterizer_state(D3D10DDI_HDEVICE, D3D10DDI_HRASTERIZERSTATE);
void APIENTRY shim_so_set_targets(D3D10DDI_HDEVICE, UINT, UINT, CONST D3D10DDI_HRESOURCE *,
                                  CONST UINT *);
void APIENTRY shim_set_viewports(D3D10DDI_HDEVICE, UINT, UINT, CONST D3D10_DDI_VIEWPORT *);
void APIENTRY shim_set_scissor_rects(D3D10DDI_HDEVICE, UINT, UINT, CONST D3D10_DDI_RECT *);
void APIENTRY shim_clear_rtv(D3D10DDI_HDEVICE, D3D10DDI_HRENDERTARGETVIEW, FLOAT[4]);
void APIENTRY shim_clear_dsv(D3D10DDI_HDEVICE, D3D10DDI_HDEPTHSTENCILVIEW, UINT, FLOAT, UINT8);
void APIENTRY shim_set_predication(D3D10DDI_HDEVICE, D3D10DDI_HQUERY, BOOL);
void APIENTRY shim_flush(D3D10DDI_HDEVICE);

void APIENTRY shim_map(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, UINT, D3D10_DDI_MAP, UINT,
                       D3D10DDI_MAPPED_SUBRESOURCE *);
void APIENTRY shim_unmap(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, UINT);
void APIENTRY shim_update_subresource_up(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, UINT,
                                         CONST D3D10_DDI_BOX *, CONST VOID *, UINT, UINT);
void APIENTRY shim_copy_region(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, UINT, UINT, UINT, UINT,
                               D3D10DDI_HRESOURCE, UINT, CONST D3D10_DDI_BOX *);
void APIENTRY shim_copy(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE, D3D10DDI_HRESOURCE);
void APIENTRY shim_check_format_support(D3D10DDI_HDEVICE, DXGI_FORMAT, UINT *);
void APIENTRY shim_check_multisample_quality_levels(D3D10DDI_HDEVICE, DXGI_FORMAT, UINT, UINT *);
void APIENTRY shim_check_counter_info(D3D10DDI_HDEVICE, D3D10DDI_COUNTER_INFO *);
void APIENTRY shim_check_counter(D3D10DDI_HDEVICE, D3D10DDI_QUERY, D3D10DDI_COUNTER_TYPE *, UINT *,
                                 LPSTR, UINT *, LPSTR, UINT *, LPSTR, UINT *);

SIZE_T APIENTRY shim_calc_query_size(D3D10DDI_HDEVICE, CONST D3D10DDIARG_CREATEQUERY *);
void APIENTRY shim_create_query(D3D10DDI_HDEVICE, CONST D3D10DDIARG_CREATEQUERY *, D3D10DDI_HQUERY,
                                D3D10DDI_HRTQUERY);
void APIENTRY shim_destroy_query(D3D10DDI_HDEVICE, D3D10DDI_HQUERY);
void APIENTRY shim_query_begin(D3D10DDI_HDEVICE, D3D10DDI_HQUERY);
void APIENTRY shim_query_end(D3D10DDI_HDEVICE, D3D10DDI_HQUERY);
void APIENTRY shim_query_get_data(D3D10DDI_HDEVICE, D3D10DDI_HQUERY, VOID *, UINT, UINT);

SIZE_T APIENTRY shim_calc_opened_resource_size(D3D10DDI_HDEVICE, CONST D3D10DDIARG_OPENRESOURCE *);
void APIENTRY shim_open_resource(D3D10DDI_HDEVICE, CONST D3D10DDIARG_OPENRESOURCE *,
                                 D3D10DDI_HRESOURCE, D3D10DDI_HRTRESOURCE);

void APIENTRY shim_destroy_resource(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE);
void APIENTRY shim_destroy_srv(D3D10DDI_HDEVICE, D3D10DDI_HSHADERRESOURCEVIEW);
SIZE_T APIENTRY shim_calc_rtv_size(D3D10DDI_HDEVICE, CONST D3D10DDIARG_CREATERENDERTARGETVIEW *);
void APIENTRY shim_create_rtv(D3D10DDI_HDEVICE, CONST D3D10DDIARG_CREATERENDERTARGETVIEW *,
                              D3D10DDI_HRENDERTARGETVIEW, D3D10DDI_HRTRENDERTARGETVIEW);
void APIENTRY shim_destroy_rtv(D3D10DDI_HDEVICE, D3D10DDI_HRENDERTARGETVIEW);
void APIENTRY shim_destroy_dsv(D3D10DDI_HDEVICE, D3D10DDI_HDEPTHSTENCILVIEW);
SIZE_T APIENTRY shim_calc_layout_size(D3D10DDI_HDEVICE, CONST D3D10DDIARG_CREATEELEMENTLAYOUT *);
void APIENTRY shim_create_layout(D3D10DDI_HDEVICE, CONST D3D10DDIARG_CREATEELEMENTLAYOUT *,
                                 D3D10DDI_HELEMENTLAYOUT, D3D10DDI_HRTELEMENTLAYOUT);
void APIENTRY shim_destroy_layout(D3D10DDI_HDEVICE, D3D10DDI_HELEMENTLAYOUT);
void APIENTRY shim_destroy_blend(D3D10DDI_HDEVICE, D3D10DDI_HBLENDSTATE);
SIZE_T APIENTRY shim_calc_depth_state_size(D3D10DDI_HDEVICE, CONST D3D10_DDI_DEPTH_STENCIL_DESC *);
void APIENTRY shim_create_depth_state(D3D10DDI_HDEVICE, CONST D3D10_DDI_DEPTH_STENCIL_DESC *,
                                      D3D10DDI_HDEPTHSTENCILSTATE, D3D10DDI_HRTDEPTHSTENCILSTATE);
void APIENTRY shim_destroy_depth_state(D3D10DDI_HDEVICE, D3D10DDI_HDEPTHSTENCILSTATE);
SIZE_T APIENTRY shim_calc_raster_size(D3D10DDI_HDEVICE, CONST D3D10_DDI_RASTERIZER_DESC *);
void APIENTRY shim_create_raster(D3D10DDI_HDEVICE, CONST D3D10_DDI_RASTERIZER_DESC *,
                                 D3D10DDI_HRASTERIZERSTATE, D3D10DDI_HRTRASTERIZERSTATE);
void APIENTRY shim_destroy_raster(D3D10DDI_HDEVICE, D3D10DDI_HRASTERIZERSTATE);
SIZE_T APIENTRY shim_calc_shader_size(D3D10DDI_HDEVICE, CONST UINT *,
                                      CONST D3D10DDIARG_STAGE_IO_SIGNATURES *);
void APIENTRY shim_create_vs(D3D10DDI_HDEVICE, CONST UINT *, D3D10DDI_HSHADER, D3D10DDI_HRTSHADER,
                             CONST D3D10DDIARG_STAGE_IO_SIGNATURES *);
void APIENTRY shim_create_gs(D3D10DDI_HDEVICE, CONST UINT *, D3D10DDI_HSHADER, D3D10DDI_HRTSHADER,
                             CONST D3D10DDIARG_STAGE_IO_SIGNATURES *);
void APIENTRY shim_create_ps(D3D10DDI_HDEVICE, CONST UINT *, D3D10DDI_HSHADER, D3D10DDI_HRTSHADER,
                             CONST D3D10DDIARG_STAGE_IO_SIGNATURES *);
void APIENTRY shim_destroy_shader(D3D10DDI_HDEVICE, D3D10DDI_HSHADER);
SIZE_T APIENTRY shim_calc_sampler_size(D3D10DDI_HDEVICE, CONST D3D10_DDI_SAMPLER_DESC *);
void APIENTRY shim_create_sampler(D3D10DDI_HDEVICE, CONST D3D10_DDI_SAMPLER_DESC *,
                                  D3D10DDI_HSAMPLER, D3D10DDI_HRTSAMPLER);
void APIENTRY shim_destroy_sampler(D3D10DDI_HDEVICE, D3D10DDI_HSAMPLER);

/* The slots of the D3D10 prefix whose type is the same in all three tables. */
#define SHIM_FILL_STAGE(t, Stage, stage)                                                           \
    do {                                                                                           \
        (t)->pfn##Stage##SetShader = shim_##stage##_set_shader;                                    \
        (t)->pfn##Stage##SetConstantBuffers = shim_##stage##_set_constant_buffers;                 \
        (t)->pfn##Stage##SetShaderResources = shim_##stage##_set_shader_resources;                 \
        (t)->pfn##Stage##SetSamplers = shim_##stage##_set_samplers;                                \
    } while (0)

#define SHIM_FILL_SHARED(t)                                                                        \
    do {                                                                                           \
        SHIM_FILL_STAGE(t, Vs, vs);                                                                \
        SHIM_FILL_STAGE(t, Ps, ps);                                                                \
        SHIM_FILL_STAGE(t, Gs, gs);                                                                \
        (t)->pfnDefaultConstantBufferUpdateSubresourceUP = shim_update_subresource_up;             \
        (t)->pfnResourceUpdateSubresourceUP = shim_update_subresource_up;                          \
        (t)->pfnDraw = shim_draw;                                                                  \
        (t)->pfnDrawIndexed = shim_draw_indexed;                                                   \
        (t)->pfnDrawInstanced = shim_draw_instanced;                                               \
        (t)->pfnDrawIndexedInstanced = shim_draw_indexed_instanced;                                \
        (t)->pfnDrawAuto = shim_draw_auto;                                                         \
        (t)->pfnDynamicIABufferMapNoOverwrite = shim_map;                                          \
        (t)->pfnDynamicIABufferMapDiscard = shim_map;                                              \
        (t)->pfnDynamicConstantBufferMapDiscard = shim_map;                                        \
        (t)->pfnDynamicResourceMapDiscard = shim_map;                                              \
        (t)->pfnStagingResourceMap = shim_map;                                                     \
        (t)->pfnResourceMap = shim_map;                                                            \
        (t)->pfnDynamicIABufferUnmap = shim_unmap;                                                 \
        (t)->pfnDynamicConstantBufferUnmap = shim_unmap;                                           \
        (t)->pfnDynamicResourceUnmap = shim_unmap;                                                 \
        (t)->pfnStagingResourceUnmap = shim_unmap;                                                 \
        (t)->pfnResourceUnmap = shim_unmap;                                                        \
        (t)->pfnIaSetInputLayout = shim_ia_set_input_layout;                                       \
        (t)->pfnIaSetVertexBuffers = shim_ia_set_vertex_buffers;                                   \
        (t)->pfnIaSetIndexBuffer = shim_ia_set_index_buffer;                                       \
        (t)->pfnIaSetTopology = shim_ia_set_topology;                                              \
        (t)->pfnShaderResourceViewReadAfterWriteHazard = shim_srv_hazard;                          \
        (t)->pfnResourceReadAfterWriteHazard = shim_resource_hazard;                               \
        (t)->pfnSetBlendState = shim_set_blend_state;                                              \
        (t)->pfnSetDepthStencilState = shim_set_depth_stencil_state;                               \
        (t)->pfnSetRasterizerState = shim_set_rasterizer_state;                                    \
        (t)->pfnResourceCopyRegion = shim_copy_region;                                             \
        (t)->pfnResourceCopy = shim_copy;                                                          \
        (t)->pfnSoSetTargets = shim_so_set_targets;                                                \
        (t)->pfnSetViewports = shim_set_viewports;                                                 \
        (t)->pfnSetScissorRects = shim_set_scissor_rects;                                          \
        (t)->pfnClearRenderTargetView = shim_clear_rtv;                                            \
        (t)->pfnClearDepthStencilView = shim_clear_dsv;                                            \
        (t)->pfnSetPredication = shim_set_predication;                                             \
        (t)->pfnFlush = shim_flush;                                                                \
        (t)->pfnCheckFormatSupport = shim_check_format_support;                                    \
        (t)->pfnCheckMultisampleQualityLevels = shim_check_multisample_quality_levels;             \
        (t)->pfnCheckCounterInfo = shim_check_counter_info;                                        \
        (t)->pfnCheckCounter = shim_check_counter;                                                 \
        (t)->pfnCalcPrivateQuerySize = shim_calc_query_size;                                       \
        (t)->pfnCreateQuery = shim_create_query;                                                   \
        (t)->pfnDestroyQuery = shim_destroy_query;                                                 \
        (t)->pfnQueryBegin = shim_query_begin;                                                     \
        (t)->pfnQueryEnd = shim_query_end;                                                         \
        (t)->pfnQueryGetData = shim_query_get_data;                                                \
        (t)->pfnCalcPrivateOpenedResourceSize = shim_calc_opened_resource_size;                    \
        (t)->pfnOpenResource = shim_open_resource;                                                 \
        (t)->pfnDestroyResource = shim_destroy_resource;                                           \
        (t)->pfnDestroyShaderResourceView = shim_destroy_srv;                                      \
        (t)->pfnCalcPrivateRenderTargetViewSize = shim_calc_rtv_size;                              \
        (t)->pfnCreateRenderTargetView = shim_create_rtv;                                          \
        (t)->pfnDestroyRenderTargetView = shim_destroy_rtv;                                        \
        (t)->pfnDestroyDepthStencilView = shim_destroy_dsv;                                        \
        (t)->pfnCalcPrivateElementLayoutSize = shim_calc_layout_size;                              \
        (t)->pfnCreateElementLayout = shim_create_layout;                                          \
        (t)->pfnDestroyElementLayout = shim_destroy_layout;                                        \
        (t)->pfnDestroyBlendState = shim_destroy_blend;                                            \
        (t)->pfnCalcPrivateDepthStencilStateSize = shim_calc_depth_state_size;                     \
        (t)->pfnCreateDepthStencilState = shim_create_depth_state;                                 \
        (t)->pfnDestroyDepthStencilState = shim_destroy_depth_state;                               \
        (t)->pfnCalcPrivateRasterizerStateSize = shim_calc_raster_size;                            \
        (t)->pfnCreateRasterizerState = shim_create_raster;                                        \
        (t)->pfnDestroyRasterizerState = shim_destroy_raster;                                      \
        (t)->pfnCalcPrivateShaderSize = shim_calc_shader_size;                                     \
        (t)->pfnCreateVertexShader = shim_create_vs;                                               \
        (t)->pfnCreateGeometryShader = shim_create_gs;                                             \
        (t)->pfnCreatePixelShader = shim_create_ps;                                                \
        (t)->pfnDestroyShader = shim_destroy_shader;                                               \
        (t)->pfnCalcPrivateSamplerSize = shim_calc_sampler_size;                                   \
        (t)->pfnCreateSampler = shim_create_sampler;                                               \
        (t)->pfnDestroySampler = shim_destroy_sampler;                                             \
        (t)->pfnDestroyDevice = shim_destroy_device;                                               \
    } while (0)

/* ---- conversions shared by argument structs with the same member names ----------------- */

/* D3D10DDIARG_CREATERESOURCE and D3D11DDIARG_CREATERESOURCE -> the DDI-numbered desc. */
#define SHIM_RESOURCE_DESC_FROM(out, in)                                                           \
    do {                                                                                           \
        memset((out), 0, sizeof *(out));                                                           \
        (out)->dimension = (uint32_t)(in)->ResourceDimension;                                      \
        (out)->width = (in)->pMipInfoList[0].TexelWidth;                                           \
        (out)->height = (in)->pMipInfoList[0].TexelHeight;                                         \
        (out)->mip_levels = (in)->MipLevels;                                                       \
        (out)->array_size = (in)->ArraySize;                                                       \
        (out)->dxgi_format = (uint32_t)(in)->Format;                                               \
        (out)->sample_count = (in)->SampleDesc.Count;                                              \
        (out)->usage = (in)->Usage;                                                                \
        (out)->bind_flags = (in)->BindFlags;                                                       \
        (out)->cpu_access = (in)->MapFlags;                                                        \
        (out)->misc_flags = (in)->MiscFlags;                                                       \
    } while (0)

/* D3D11's ByteStride (D3D10's description has none). */
#define SHIM_STRIDE_NONE(in) 0u
#define SHIM_STRIDE_OF(in)   ((in)->ByteStride)

/* CalcPrivateResourceSize and CreateResource for one argument type (storage: static, or
 * nothing for entries other files use). */
#define SHIM_DEFINE_RESOURCE_ENTRIES(storage, size_fn, create_fn, ArgType, STRIDE)                 \
    storage SIZE_T APIENTRY size_fn(D3D10DDI_HDEVICE h, CONST ArgType *a)                          \
    {                                                                                              \
        (void)h;                                                                                   \
        (void)a;                                                                                   \
        return shim_resource_private_size();                                                       \
    }                                                                                              \
    storage void APIENTRY create_fn(D3D10DDI_HDEVICE h, CONST ArgType *a, D3D10DDI_HRESOURCE res,  \
                                    D3D10DDI_HRTRESOURCE rt)                                       \
    {                                                                                              \
        struct aerocmd_umd_ddi_resource_desc d;                                                    \
        SHIM_RESOURCE_DESC_FROM(&d, a);                                                            \
        d.structure_stride = STRIDE(a);                                                            \
        shim_create_resource(shim_dev(h), &d, a->pInitialDataUP, rt, res.pDrvPrivate);             \
    }

/* Shader-resource view args of all three versions (Tex2D and Buffer members) -> desc. */
#define SHIM_SRV_DESC_FROM(out, in, dimension)                                                     \
    do {                                                                                           \
        memset((out), 0, sizeof *(out));                                                           \
        (out)->dxgi_format = (uint32_t)(in)->Format;                                               \
        if ((in)->ResourceDimension == D3D10DDIRESOURCE_BUFFER) {                                  \
            (out)->first_element = (in)->Buffer.FirstElement;                                      \
            (out)->element_count = (in)->Buffer.NumElements;                                       \
        } else {                                                                                   \
            (out)->first_mip = (in)->Tex2D.MostDetailedMip;                                        \
            (out)->mip_count = (in)->Tex2D.MipLevels;                                              \
            (out)->first_layer = (in)->Tex2D.FirstArraySlice;                                      \
            (out)->layer_count = (in)->Tex2D.ArraySize;                                            \
        }                                                                                          \
        (void)(dimension);                                                                         \
    } while (0)

/* Render-target view args (one type for all three versions) -> desc. */
#define SHIM_RTV_DESC_FROM(out, in, dimension)                                                     \
    do {                                                                                           \
        memset((out), 0, sizeof *(out));                                                           \
        (out)->dxgi_format = (uint32_t)(in)->Format;                                               \
        if ((in)->ResourceDimension == D3D10DDIRESOURCE_TEXTURE2D) {                               \
            (out)->first_mip = (in)->Tex2D.MipSlice;                                               \
            (out)->first_layer = (in)->Tex2D.FirstArraySlice;                                      \
            (out)->layer_count = (in)->Tex2D.ArraySize;                                            \
        }                                                                                          \
        (void)(dimension);                                                                         \
    } while (0)

/* Depth-stencil view args (Tex2D member) -> desc. */
#define SHIM_DSV_DESC_FROM(out, in, dimension)                                                     \
    do {                                                                                           \
        memset((out), 0, sizeof *(out));                                                           \
        (out)->dxgi_format = (uint32_t)(in)->Format;                                               \
        (out)->first_mip = (in)->Tex2D.MipSlice;                                                   \
        (out)->first_layer = (in)->Tex2D.FirstArraySlice;                                          \
        (out)->layer_count = (in)->Tex2D.ArraySize;                                                \
        (void)(dimension);                                                                         \
    } while (0)

/* The size query and create entry of a kind of view for one argument type (storage as
 * above). DESC_FROM(out, in, &dimension) fills the desc and may change the dimension. */
#define SHIM_DEFINE_VIEW_ENTRIES(storage, size_fn, create_fn, ArgType, HView, HRtView, kind,       \
                                 DESC_FROM)                                                        \
    storage SIZE_T APIENTRY size_fn(D3D10DDI_HDEVICE h, CONST ArgType *a)                          \
    {                                                                                              \
        (void)h;                                                                                   \
        (void)a;                                                                                   \
        return shim_view_private_size();                                                           \
    }                                                                                              \
    storage void APIENTRY create_fn(D3D10DDI_HDEVICE h, CONST ArgType *a, HView view, HRtView rt)  \
    {                                                                                              \
        struct aerocmd_umd_view_desc d;                                                            \
        uint32_t dimension = (uint32_t)a->ResourceDimension;                                       \
        (void)rt;                                                                                  \
        DESC_FROM(&d, a, &dimension);                                                              \
        shim_create_view(shim_dev(h), kind, a->hDrvResource.pDrvPrivate, dimension, &d,            \
                         view.pDrvPrivate);                                                        \
    }

/* RelocateDeviceFuncs for one table type: nothing here keeps a pointer into the table. */
#define SHIM_DEFINE_RELOCATE(storage, name, TableType)                                             \
    storage void APIENTRY name(D3D10DDI_HDEVICE h, struct TableType *t)                            \
    {                                                                                              \
        (void)h;                                                                                   \
        (void)t;                                                                                   \
    }

/* D3D10-typed entries D3D10 and D3D10.1 share (D3D11 has its own argument types). */
SIZE_T APIENTRY shim_calc_resource_size10(D3D10DDI_HDEVICE, CONST D3D10DDIARG_CREATERESOURCE *);
void APIENTRY shim_create_resource10(D3D10DDI_HDEVICE, CONST D3D10DDIARG_CREATERESOURCE *,
                                     D3D10DDI_HRESOURCE, D3D10DDI_HRTRESOURCE);
SIZE_T APIENTRY shim_calc_dsv_size10(D3D10DDI_HDEVICE, CONST D3D10DDIARG_CREATEDEPTHSTENCILVIEW *);
void APIENTRY shim_create_dsv10(D3D10DDI_HDEVICE, CONST D3D10DDIARG_CREATEDEPTHSTENCILVIEW *,
                                D3D10DDI_HDEPTHSTENCILVIEW, D3D10DDI_HRTDEPTHSTENCILVIEW);
/* D3D10.1-typed blend state entries D3D10.1 and D3D11 share. */
SIZE_T APIENTRY shim_calc_blend_size10_1(D3D10DDI_HDEVICE, CONST D3D10_1_DDI_BLEND_DESC *);
void APIENTRY shim_create_blend10_1(D3D10DDI_HDEVICE, CONST D3D10_1_DDI_BLEND_DESC *,
                                    D3D10DDI_HBLENDSTATE, D3D10DDI_HRTBLENDSTATE);

#endif
