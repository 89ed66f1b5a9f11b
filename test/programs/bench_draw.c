/* SPDX-License-Identifier: MIT */
/* bench_draw.c — the runtime's cost per draw (test/programs/bench_runtime.py counts it
 * under callgrind): a minimal pipeline, then N Draw(3) calls with no state change, the
 * work flushed at the end. usage: bench_draw.exe N [RESULTS] */
#include <stdlib.h>

#include "prog.h"

static const char *hlsl =
    "float4 vs(float2 p : POSITION) : SV_Position { return float4(p, 0, 1); }\n"
    "float4 ps() : SV_Target { return float4(1, 0, 0, 1); }\n";

int main(int argc, char **argv)
{
    static const float tri[6] = {-1, -1, -1, 1, 1, -1};
    static const D3D11_INPUT_ELEMENT_DESC e = {
        "POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
    ID3D11RenderTargetView *rtv;
    ID3D11Texture2D *t;
    ID3D11Buffer *vb;
    UINT n = argc > 1 ? (UINT)atoi(argv[1]) : 1000, i;
    char *pass[2] = {argv[0], argc > 2 ? argv[2] : NULL};
    prog_init(argc > 2 ? 2 : 1, pass);
    prog_shaders(hlsl, "vs", "ps", &e, 1);
    t = prog_target(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, &rtv);
    vb = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof tri, tri);
    prog_vertices(vb, 8, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 1, &rtv, NULL);
    prog_viewport(16, 16);
    for (i = 0; i < n; i++)
        ID3D11DeviceContext_Draw(P.ctx, 3, 0);
    ID3D11DeviceContext_Flush(P.ctx);
    printf("draws=%u\n", n);
    ID3D11DeviceContext_ClearState(P.ctx);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Texture2D_Release(t);
    ID3D11Buffer_Release(vb);
    return prog_finish();
}
