/* SPDX-License-Identifier: MIT */
/* queries.c — asynchronous queries as applications use them: an EVENT polled until the
 * GPU is done, occlusion counting the samples of known quads, pipeline statistics of a
 * draw, a disjoint timestamp query, and predication skipping a draw. */
#include <stdlib.h>
#include <string.h>

#include "prog.h"

static const char *hlsl = "cbuffer c : register(b0) { float4 rect; float4 color; };\n"
                          "float4 vs(float2 p : POSITION) : SV_Position {\n"
                          "    return float4(lerp(rect.xy, rect.zw, p), 0.5, 1.0); }\n"
                          "float4 ps() : SV_Target { return color; }\n";

struct params {
    float rect[4], color[4];
};

static ID3D11Texture2D *target;
static ID3D11RenderTargetView *rtv;
static ID3D11Buffer *cb, *vb;

static void setup(void)
{
    static const float unit[8] = {0, 0, 0, 1, 1, 0, 1, 1};
    static const D3D11_INPUT_ELEMENT_DESC e = {
        "POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
    struct params p;
    memset(&p, 0, sizeof p);
    target = prog_target(32, 32, DXGI_FORMAT_R8G8B8A8_UNORM, &rtv);
    cb = prog_buffer(D3D11_BIND_CONSTANT_BUFFER, sizeof p, &p);
    vb = prog_buffer(D3D11_BIND_VERTEX_BUFFER, sizeof unit, unit);
    prog_shaders(hlsl, "vs", "ps", &e, 1);
    prog_vertices(vb, 8, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11DeviceContext_VSSetConstantBuffers(P.ctx, 0, 1, &cb);
    ID3D11DeviceContext_PSSetConstantBuffers(P.ctx, 0, 1, &cb);
    ID3D11DeviceContext_OMSetRenderTargets(P.ctx, 1, &rtv, NULL);
    prog_viewport(32, 32);
}

static void quad(float x0, float y0, float x1, float y1, float r, float g, float b)
{
    struct params p = {{x0, y0, x1, y1}, {r, g, b, 1}};
    ID3D11DeviceContext_UpdateSubresource(P.ctx, (ID3D11Resource *)cb, 0, NULL, &p, 0, 0);
    ID3D11DeviceContext_Draw(P.ctx, 4, 0);
}

static ID3D11Query *query(D3D11_QUERY type)
{
    D3D11_QUERY_DESC d = {type, 0};
    ID3D11Query *q = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(P.dev, &d, &q), S_OK);
    return q;
}

/* GetData until the query answers (S_FALSE while it has not); FALSE after many tries. */
static BOOL wait_data(ID3D11Asynchronous *q, void *data, UINT size)
{
    UINT tries;
    HRESULT hr = S_FALSE;
    for (tries = 0; tries < 20000 && hr == S_FALSE; tries++) {
        hr = ID3D11DeviceContext_GetData(P.ctx, q, data, size, 0);
        if (hr == S_FALSE)
            Sleep(1);
    }
    return CHECK_HR(hr, S_OK);
}

static void scene_event(void)
{
    ID3D11Query *q = query(D3D11_QUERY_EVENT);
    static const FLOAT black[4] = {0, 0, 0, 1};
    BOOL done = FALSE;
    prog_scene("event");
    CHECK_HR(ID3D11DeviceContext_GetData(P.ctx, (ID3D11Asynchronous *)q, &done, sizeof done, 0),
             DXGI_ERROR_INVALID_CALL); /* never ended */
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv, black);
    ID3D11DeviceContext_End(P.ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(P.ctx, (ID3D11Asynchronous *)q, &done, 3, 0),
             E_INVALIDARG);
    if (wait_data((ID3D11Asynchronous *)q, &done, sizeof done))
        CHECK(done == TRUE);
    prog_result_value("signalled", "%d", done);
    ID3D11Query_Release(q);
}

/* 8 x 8 and 16 x 4 quads fully inside the target: 64 + 64 samples. */
static void scene_occlusion(void)
{
    ID3D11Query *q = query(D3D11_QUERY_OCCLUSION);
    UINT64 samples = 0;
    prog_scene("occlusion");
    ID3D11DeviceContext_Begin(P.ctx, (ID3D11Asynchronous *)q);
    quad(-1, 0.5f, -0.5f, 1, 1, 0, 0);
    quad(0, -1, 1, -0.75f, 0, 1, 0);
    ID3D11DeviceContext_End(P.ctx, (ID3D11Asynchronous *)q);
    if (wait_data((ID3D11Asynchronous *)q, &samples, sizeof samples))
        CHECK(samples == 128);
    prog_result_value("samples", "%llu", (unsigned long long)samples);
    ID3D11Query_Release(q);
}

/* One draw of a 4-vertex strip (2 triangles). */
static void scene_pipeline_statistics(void)
{
    ID3D11Query *q = query(D3D11_QUERY_PIPELINE_STATISTICS);
    D3D11_QUERY_DATA_PIPELINE_STATISTICS st;
    prog_scene("pipeline_statistics");
    memset(&st, 0, sizeof st);
    ID3D11DeviceContext_Begin(P.ctx, (ID3D11Asynchronous *)q);
    quad(-1, -1, 1, 1, 0, 0, 1);
    ID3D11DeviceContext_End(P.ctx, (ID3D11Asynchronous *)q);
    if (wait_data((ID3D11Asynchronous *)q, &st, sizeof st)) {
        CHECK(st.IAVertices == 4);
        CHECK(st.IAPrimitives == 2);
        CHECK(st.CSInvocations == 0);
    }
    prog_result_value("ia", "%llu %llu", (unsigned long long)st.IAVertices,
                      (unsigned long long)st.IAPrimitives);
    ID3D11Query_Release(q);
}

static void scene_timestamp(void)
{
    ID3D11Query *disjoint = query(D3D11_QUERY_TIMESTAMP_DISJOINT);
    ID3D11Query *t0 = query(D3D11_QUERY_TIMESTAMP), *t1 = query(D3D11_QUERY_TIMESTAMP);
    D3D11_QUERY_DATA_TIMESTAMP_DISJOINT dj;
    UINT64 a = 0, b = 0;
    prog_scene("timestamps");
    memset(&dj, 0, sizeof dj);
    ID3D11DeviceContext_Begin(P.ctx, (ID3D11Asynchronous *)disjoint);
    ID3D11DeviceContext_End(P.ctx, (ID3D11Asynchronous *)t0);
    quad(-1, -1, 1, 1, 1, 1, 1);
    ID3D11DeviceContext_End(P.ctx, (ID3D11Asynchronous *)t1);
    ID3D11DeviceContext_End(P.ctx, (ID3D11Asynchronous *)disjoint);
    if (wait_data((ID3D11Asynchronous *)disjoint, &dj, sizeof dj))
        CHECK(dj.Frequency != 0);
    if (wait_data((ID3D11Asynchronous *)t0, &a, sizeof a) &&
        wait_data((ID3D11Asynchronous *)t1, &b, sizeof b))
        CHECK(dj.Disjoint || b >= a);
    prog_result_value("answered", "1");
    ID3D11Query_Release(disjoint);
    ID3D11Query_Release(t0);
    ID3D11Query_Release(t1);
}

/* Draws a red quad on the left half predicated (SetPredication(pred, FALSE): left out while
 * the predicate's data is FALSE), then a green one on the right half unpredicated. */
static void predicated_halves(ID3D11Predicate *pred)
{
    static const FLOAT black[4] = {0, 0, 0, 1};
    UINT w, h;
    uint8_t *img;
    ID3D11DeviceContext_ClearRenderTargetView(P.ctx, rtv, black);
    ID3D11DeviceContext_SetPredication(P.ctx, pred, FALSE);
    quad(-1, -1, 0, 1, 1, 0, 0);
    ID3D11DeviceContext_SetPredication(P.ctx, NULL, FALSE);
    quad(0, -1, 1, 1, 0, 1, 0);
    img = prog_readback(target, &w, &h, 4);
    CHECK(prog_near(prog_px(img, w, 4, 8, 16), 0, 0, 0, 255, 0));
    CHECK(prog_near(prog_px(img, w, 4, 24, 16), 0, 255, 0, 255, 0));
    prog_result_image("target", img, w, h, 4, "exact");
    free(img);
}

static void predication(const char *name, D3D11_QUERY type)
{
    D3D11_QUERY_DESC d = {type, 0};
    ID3D11Predicate *pred = NULL;
    BOOL data = TRUE;
    prog_scene(name);
    CHECK_HR(ID3D11Device_CreatePredicate(P.dev, &d, &pred), S_OK);
    if (pred == NULL)
        return;
    ID3D11DeviceContext_Begin(P.ctx, (ID3D11Asynchronous *)pred);
    quad(2, 2, 3, 3, 1, 1, 1); /* outside the viewport: no sample passes, nothing streamed */
    ID3D11DeviceContext_End(P.ctx, (ID3D11Asynchronous *)pred);
    if (wait_data((ID3D11Asynchronous *)pred, &data, sizeof data))
        CHECK(data == FALSE);
    predicated_halves(pred);
    ID3D11Predicate_Release(pred);
}

int main(int argc, char **argv)
{
    prog_init(argc, argv);
    setup();
    scene_event();
    scene_occlusion();
    scene_pipeline_statistics();
    scene_timestamp();
    predication("occlusion_predication", D3D11_QUERY_OCCLUSION_PREDICATE);
    predication("so_overflow_predication", D3D11_QUERY_SO_OVERFLOW_PREDICATE);
    ID3D11DeviceContext_ClearState(P.ctx);
    ID3D11Buffer_Release(cb);
    ID3D11Buffer_Release(vb);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Texture2D_Release(target);
    return prog_finish();
}
