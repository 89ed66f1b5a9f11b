/* SPDX-License-Identifier: MIT */
/* perf.c — a fixed frame like an engine's: 1,000 draws, each after state changes (a
 * constant buffer mapped with WRITE_DISCARD, one of two pixel shaders, one of two blend
 * states, the vertex buffer offset), into a 256 x 256 target, the frame read back at its end
 * (so the GPU's work is in the time). Prints "frames N seconds S fps F" for the frames after
 * a warm-up one; the results file gets the last frame (compared like any scene). */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

#define DRAWS  1000
#define FRAMES 10

static const char *hlsl =
    "cbuffer c : register(b0) { float4 offset; float4 color; };\n"
    "float4 vs(float2 p : POSITION) : SV_Position { return float4(p * 0.05 + offset.xy, 0, 1); }\n"
    "float4 ps_a() : SV_Target { return color; }\n"
    "float4 ps_b() : SV_Target { return color.bgra; }\n";

struct frame {
    ID3D11Texture2D *tex;
    ID3D11RenderTargetView *rtv;
    ID3D11Buffer *cb, *vb;
    ID3D11PixelShader *ps[2];
    ID3D11BlendState *blend[2];
};

static void setup(struct frame *f)
{
    static const float tri[12] = {-1, -1, -1, 1, 1, -1, 1, 1, 1, -1, -1, 1};
    static const D3D11_INPUT_ELEMENT_DESC e = {
        "POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
    UINT i;
    f->tex = prog_target(256, 256, DXGI_FORMAT_R8G8B8A8_UNORM, &f->rtv);
    f->vb = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof tri, tri);
    f->cb = prog_dynamic_buffer(D3D11_BIND_CONSTANT_BUFFER, 32);
    f->ps[0] = prog_ps(hlsl, "ps_a");
    f->ps[1] = prog_ps(hlsl, "ps_b");
    for (i = 0; i < 2; i++)
        f->blend[i] = prog_blend(i, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, 0xF);
    prog_shaders(hlsl, "vs", NULL, &e, 1);
    prog_vertices(f->vb, 8, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetConstantBuffers(P.ctx, 0, 1, &f->cb);
    ID3D11DeviceContext_PSSetConstantBuffers(P.ctx, 0, 1, &f->cb);
    ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 1, &f->rtv, NULL);
    prog_viewport(256, 256);
}

static uint8_t *frame(struct frame *f)
{
    static const FLOAT black[4] = {0, 0, 0, 1};
    D3D11_MAPPED_SUBRESOURCE m;
    UINT i, w, h;
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, f->rtv, black);
    for (i = 0; i < DRAWS; i++) {
        float c[8] = {(float)(i % 40) / 20.0f - 0.95f, (float)(i / 40) / 12.5f - 0.95f, 0,     0,
                      (float)(i % 7) / 8.0f,           (float)(i % 5) / 6.0f,           0.25f, 1};
        if (SUCCEEDED(ID3D11DeviceContext_Map(P.ctx, (ID3D11Resource *)f->cb, 0,
                                              D3D11_MAP_WRITE_DISCARD, 0, &m))) {
            memcpy(m.pData, c, sizeof c);
            ID3D11DeviceContext_Unmap(P.ctx, (ID3D11Resource *)f->cb, 0);
        }
        ID3D11DeviceContext_PSSetShader(P.ctx, f->ps[i & 1], NULL, 0);
        ID3D11DeviceContext_OMSetBlendState(P.ctx, f->blend[(i >> 1) & 1], NULL, 0xFFFFFFFF);
        ID3D11DeviceContext_Draw(P.ctx, 3, (i & 1) * 3);
    }
    return prog_readback(f->tex, &w, &h, 4);
}

int main(int argc, char **argv)
{
    struct frame f;
    LARGE_INTEGER t0, t1, freq;
    uint8_t *img = NULL;
    UINT i;
    double seconds;
    prog_init(argc, argv);
    prog_scene("thousand_draws");
    setup(&f);
    free(frame(&f)); /* warm-up: shaders compiled, memory made */
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&t0);
    for (i = 0; i < FRAMES; i++) {
        free(img);
        img = frame(&f);
    }
    QueryPerformanceCounter(&t1);
    seconds = (double)(t1.QuadPart - t0.QuadPart) / (double)freq.QuadPart;
    printf("frames %u seconds %.3f fps %.2f (draws per frame %u)\n", FRAMES, seconds,
           FRAMES / seconds, DRAWS);
    prog_result_image("last_frame", img, 256, 256, 4, "round");
    free(img);
    ID3D11DeviceContext_ClearState(P.ctx);
    ID3D11Texture2D_Release(f.tex);
    ID3D11RenderTargetView_Release(f.rtv);
    ID3D11Buffer_Release(f.cb);
    ID3D11Buffer_Release(f.vb);
    for (i = 0; i < 2; i++) {
        ID3D11PixelShader_Release(f.ps[i]);
        ID3D11BlendState_Release(f.blend[i]);
    }
    return prog_finish();
}
