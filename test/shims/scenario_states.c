/* SPDX-License-Identifier: MIT */
/* scenario_states.c — (part of scenarios.c) scenarios every runtime has the calls for, each
 * the twin of a host golden of test/unit/umd/golden_scenarios.h: one clear; blend and
 * rasterizer state objects with a scissor; UpdateSubresourceUP and CopyResource; instanced
 * draws. */

static void sc_clear(struct session *s)
{
    static FLOAT blue[4] = {0, 0, 1, 1};
    D3D10DDI_HRESOURCE res =
        texture(s, 16, 16, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_BIND_RENDER_TARGET, 0, 0, NULL);
    s->f.pfnClearRenderTargetView(s->dev, rtv_of(s, res, DXGI_FORMAT_B8G8R8A8_UNORM), blue);
}

/* Over grey: alpha blending on target 0 and a rasterizer state that culls nothing and
 * enables the scissor, which then cuts the triangle to (8, 8)-(56, 56). */
static void sc_states_scissor(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    static const FLOAT factor[4] = {0, 0, 0, 0};
    static const RECT scissor = {8, 8, 56, 56};
    D3D10_DDI_RASTERIZER_DESC rd;
    D3D10DDI_HRASTERIZERSTATE rs;
    D3D10DDI_HRTRASTERIZERSTATE rs_rt = {NULL};
    D3D10DDI_HBLENDSTATE bs;
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    bind_basic(s, triangle_vb(s), rtv, no_dsv);
    s->f.pfnClearRenderTargetView(s->dev, rtv, scenario_grey);
    bs = blend_state(s, TRUE, D3D10_DDI_BLEND_SRC_ALPHA, D3D10_DDI_BLEND_INV_SRC_ALPHA);
    memset(&rd, 0, sizeof rd);
    rd.FillMode = D3D10_DDI_FILL_SOLID;
    rd.CullMode = D3D10_DDI_CULL_NONE;
    rd.DepthClipEnable = TRUE;
    rd.ScissorEnable = TRUE;
    rs.pDrvPrivate = take(s, s->f.pfnCalcPrivateRasterizerStateSize(s->dev, &rd));
    s->f.pfnCreateRasterizerState(s->dev, &rd, rs, rs_rt);
    s->f.pfnSetBlendState(s->dev, bs, factor, 0xFFFFFFFFu);
    s->f.pfnSetRasterizerState(s->dev, rs);
    s->f.pfnSetScissorRects(s->dev, 1, 0, (const D3D10_DDI_RECT *)(const void *)&scissor);
    s->f.pfnDraw(s->dev, 3, 0);
}

/* An 8x8 texture written whole and then in a 4x4 box, copied whole into another; a constant
 * buffer written through the default constant buffer update, and a vertex buffer copied. */
static void sc_update_copy(struct session *s)
{
    static uint32_t texels[64], box_texels[16], constants[16];
    static const float verts[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    static const D3D10_DDI_BOX box = {2, 2, 0, 6, 6, 1};
    D3D10DDI_HRESOURCE src, dst, cb, vb, vb_copy;
    uint32_t i;
    for (i = 0; i < 64; i++)
        texels[i] = 0xFF000000u | i;
    for (i = 0; i < 16; i++)
        box_texels[i] = constants[i] = 0xFF00FF00u + i;
    src = texture(s, 8, 8, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, NULL);
    dst = texture(s, 8, 8, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, NULL);
    cb = buffer(s, sizeof constants, D3D10_DDI_BIND_CONSTANT_BUFFER, 0, 0, NULL);
    vb = buffer(s, sizeof verts, D3D10_DDI_BIND_VERTEX_BUFFER, 0, 0, verts);
    vb_copy = buffer(s, sizeof verts, D3D10_DDI_BIND_VERTEX_BUFFER, 0, 0, NULL);
    s->f.pfnResourceUpdateSubresourceUP(s->dev, src, 0, NULL, texels, 32, 256);
    s->f.pfnResourceUpdateSubresourceUP(s->dev, src, 0, &box, box_texels, 16, 64);
    s->f.pfnResourceCopy(s->dev, dst, src);
    s->f.pfnDefaultConstantBufferUpdateSubresourceUP(s->dev, cb, 0, NULL, constants,
                                                     sizeof constants, sizeof constants);
    s->f.pfnResourceCopy(s->dev, vb_copy, vb);
}

/* Over grey: DrawInstanced and DrawIndexedInstanced over the triangle. */
static void sc_instanced(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    static const uint16_t idx[3] = {0, 1, 2};
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 64, 64);
    bind_basic(s, triangle_vb(s), rtv, no_dsv);
    s->f.pfnClearRenderTargetView(s->dev, rtv, scenario_grey);
    s->f.pfnIaSetIndexBuffer(s->dev, buffer(s, sizeof idx, D3D10_DDI_BIND_INDEX_BUFFER, 0, 0, idx),
                             DXGI_FORMAT_R16_UINT, 0);
    s->f.pfnDrawInstanced(s->dev, 3, 4, 0, 0);
    s->f.pfnDrawIndexedInstanced(s->dev, 3, 2, 0, 0, 1);
}
