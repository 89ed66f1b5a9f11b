/* SPDX-License-Identifier: MIT */
/* rt_kinds.c — each object kind's vtable, by which rt_object_of recognises this runtime's
 * objects among the interface pointers an application passes. */
#include "rt_internal.h"

extern const ID3D11BufferVtbl rt_buffer_vtbl;
extern const ID3D11Texture1DVtbl rt_tex1d_vtbl;
extern const ID3D11Texture2DVtbl rt_tex2d_vtbl;
extern const ID3D11Texture3DVtbl rt_tex3d_vtbl;
extern const ID3D11ShaderResourceViewVtbl rt_srv_vtbl;
extern const ID3D11RenderTargetViewVtbl rt_rtv_vtbl;
extern const ID3D11DepthStencilViewVtbl rt_dsv_vtbl;
extern const ID3D11UnorderedAccessViewVtbl rt_uav_vtbl;
extern const ID3D11VertexShaderVtbl rt_vs_vtbl;
extern const ID3D11HullShaderVtbl rt_hs_vtbl;
extern const ID3D11DomainShaderVtbl rt_ds_vtbl;
extern const ID3D11GeometryShaderVtbl rt_gs_vtbl;
extern const ID3D11PixelShaderVtbl rt_ps_vtbl;
extern const ID3D11ComputeShaderVtbl rt_cs_vtbl;
extern const ID3D11InputLayoutVtbl rt_layout_vtbl;
extern const ID3D11BlendStateVtbl rt_blend_vtbl;
extern const ID3D11DepthStencilStateVtbl rt_dss_vtbl;
extern const ID3D11RasterizerStateVtbl rt_rs_vtbl;
extern const ID3D11SamplerStateVtbl rt_sampler_vtbl;
extern const ID3D11QueryVtbl rt_query_vtbl;
extern const ID3D11PredicateVtbl rt_pred_vtbl;
extern const ID3D11CommandListVtbl rt_list_vtbl;
extern const ID3D11ClassLinkageVtbl rt_class_linkage_vtbl;
extern const ID3D11ClassInstanceVtbl rt_class_instance_vtbl;

const void *const rt_kind_vtbl[RT_KIND_COUNT] = {
    [RT_BUFFER] = &rt_buffer_vtbl,
    [RT_TEXTURE1D] = &rt_tex1d_vtbl,
    [RT_TEXTURE2D] = &rt_tex2d_vtbl,
    [RT_TEXTURE3D] = &rt_tex3d_vtbl,
    [RT_SRV] = &rt_srv_vtbl,
    [RT_RTV] = &rt_rtv_vtbl,
    [RT_DSV] = &rt_dsv_vtbl,
    [RT_UAV] = &rt_uav_vtbl,
    [RT_VS] = &rt_vs_vtbl,
    [RT_HS] = &rt_hs_vtbl,
    [RT_DS] = &rt_ds_vtbl,
    [RT_GS] = &rt_gs_vtbl,
    [RT_PS] = &rt_ps_vtbl,
    [RT_CS] = &rt_cs_vtbl,
    [RT_LAYOUT] = &rt_layout_vtbl,
    [RT_BLEND] = &rt_blend_vtbl,
    [RT_DEPTH_STENCIL] = &rt_dss_vtbl,
    [RT_RASTERIZER] = &rt_rs_vtbl,
    [RT_SAMPLER] = &rt_sampler_vtbl,
    [RT_QUERY] = &rt_query_vtbl,
    [RT_PREDICATE] = &rt_pred_vtbl,
    [RT_CLASS_LINKAGE] = &rt_class_linkage_vtbl,
    [RT_CLASS_INSTANCE] = &rt_class_instance_vtbl,
    [RT_COMMAND_LIST] = &rt_list_vtbl,
};
