/* SPDX-License-Identifier: MIT */
/* prog_draw.c — the test programs' drawing helpers (see prog.h): a pipeline's shaders and
 * input layout, vertex buffers, a render target to draw a scene on, blend and depth state,
 * dynamic buffers written through Map. */
#include "prog.h"

#include <string.h>

ID3D11InputLayout *prog_layout(const D3D11_INPUT_ELEMENT_DESC *e, UINT n, ID3DBlob *vs_code)
{
    ID3D11InputLayout *layout = NULL;
    CHECK_HR(ID3D11Device_CreateInputLayout(P.dev, e, n, ID3D10Blob_GetBufferPointer(vs_code),
                                            ID3D10Blob_GetBufferSize(vs_code), &layout),
             S_OK);
    return layout;
}

void prog_shaders(const char *src, const char *vs_entry, const char *ps_entry,
                  const D3D11_INPUT_ELEMENT_DESC *e, UINT n)
{
    ID3DBlob *code;
    ID3D11VertexShader *vs = prog_vs(src, vs_entry, &code);
    ID3D11PixelShader *ps = ps_entry != NULL ? prog_ps(src, ps_entry) : NULL;
    if (e != NULL) {
        ID3D11InputLayout *layout = prog_layout(e, n, code);
        ID3D11DeviceContext_IASetInputLayout(P.ctx, layout);
        if (layout != NULL)
            ID3D11InputLayout_Release(layout);
    }
    ID3D11DeviceContext_VSSetShader(P.ctx, vs, NULL, 0);
    if (ps_entry != NULL)
        ID3D11DeviceContext_PSSetShader(P.ctx, ps, NULL, 0);
    /* Bound objects stay alive without the application's references. */
    if (vs != NULL)
        ID3D11VertexShader_Release(vs);
    if (ps != NULL)
        ID3D11PixelShader_Release(ps);
    ID3D10Blob_Release(code);
}

void prog_vertices(ID3D11Buffer *vb, UINT stride, D3D11_PRIMITIVE_TOPOLOGY topology)
{
    UINT offset = 0;
    ID3D11DeviceContext_IASetVertexBuffers(P.ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(P.ctx, topology);
}

struct prog_canvas prog_canvas_begin(UINT w, UINT h, DXGI_FORMAT format, const FLOAT color[4])
{
    struct prog_canvas c;
    c.w = w;
    c.h = h;
    c.tex = prog_target(w, h, format, &c.rtv);
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, c.rtv, color);
    ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 1, &c.rtv, NULL);
    prog_viewport(w, h);
    return c;
}

uint8_t *prog_canvas_end(struct prog_canvas *c, const char *mode)
{
    UINT w, h;
    uint8_t *img = prog_readback(c->tex, &w, &h, 4);
    if (mode != NULL)
        prog_result_image("target", img, w, h, 4, mode);
    ID3D11DeviceContext_ClearState(P.ctx);
    ID3D11RenderTargetView_Release(c->rtv);
    ID3D11Texture2D_Release(c->tex);
    return img;
}

ID3D11BlendState *prog_blend(BOOL enable, D3D11_BLEND src, D3D11_BLEND dst, D3D11_BLEND_OP op,
                             UINT8 mask)
{
    D3D11_BLEND_DESC d;
    ID3D11BlendState *b = NULL;
    memset(&d, 0, sizeof d);
    d.RenderTarget[0].BlendEnable = enable;
    d.RenderTarget[0].SrcBlend = d.RenderTarget[0].SrcBlendAlpha = src;
    d.RenderTarget[0].DestBlend = d.RenderTarget[0].DestBlendAlpha = dst;
    d.RenderTarget[0].BlendOp = d.RenderTarget[0].BlendOpAlpha = op;
    d.RenderTarget[0].RenderTargetWriteMask = mask;
    CHECK_HR(ID3D11Device_CreateBlendState(P.dev, &d, &b), S_OK);
    return b;
}

ID3D11DepthStencilView *prog_depth(UINT w, UINT h, DXGI_FORMAT format, ID3D11Texture2D **tex)
{
    D3D11_TEXTURE2D_DESC d;
    ID3D11DepthStencilView *dsv = NULL;
    *tex = NULL;
    prog_texture_desc(&d, w, h, format, D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL);
    CHECK_HR(ID3D11Device_CreateTexture2D(P.dev, &d, NULL, tex), S_OK);
    CHECK_HR(ID3D11Device_CreateDepthStencilView(P.dev, (ID3D11Resource *)*tex, NULL, &dsv), S_OK);
    return dsv;
}

ID3D11Buffer *prog_dynamic_buffer(UINT bind, UINT bytes)
{
    D3D11_BUFFER_DESC d;
    ID3D11Buffer *b = NULL;
    memset(&d, 0, sizeof d);
    d.ByteWidth = bytes;
    d.Usage = D3D11_USAGE_DYNAMIC;
    d.BindFlags = bind;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    CHECK_HR(ID3D11Device_CreateBuffer(P.dev, &d, NULL, &b), S_OK);
    return b;
}

int prog_map_write(ID3D11DeviceContext *ctx, ID3D11Buffer *b, D3D11_MAP type, UINT at,
                   const void *data, UINT bytes)
{
    D3D11_MAPPED_SUBRESOURCE m;
    if (!CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)b, 0, type, 0, &m), S_OK))
        return 0;
    memcpy((uint8_t *)m.pData + at, data, bytes);
    ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)b, 0);
    return 1;
}
