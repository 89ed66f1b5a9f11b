/* SPDX-License-Identifier: MIT */
/* bench_shim.c — L1 / L2 through the combined driver DLL, the way the D3D11 runtime calls it.
 *
 *   bench_shim.exe MODE COUNT [DLL]      (mingw x86_64, run under Wine by run_bench_wine.py)
 *
 * MODE L1: COUNT x pfnDraw(3, 0) with no state change in between.
 *      L2: per iteration pfnIaSetVertexBuffers one of two vertex buffers,
 *          pfnVsSetConstantBuffers one of two constant buffers, pfnDraw(3, 0) (the native
 *          bench_umd l2 loop, through the DDI table).
 *      F:  COUNT frames of 500 draws in 50 materials: per material PsSetShaderResources
 *          (its own texture view), PsSetSamplers (one of two), IaSetVertexBuffers and
 *          IaSetIndexBuffer (its own quad); per draw Map(WRITE_DISCARD) of a 64-byte dynamic
 *          constant buffer, a write of all of it, Unmap, VsSetConstantBuffers and
 *          PsSetConstantBuffers of it, DrawIndexed(6); then DXGI Present.
 *      S1, S10, S100, S1000: F with that many live textures behind the views the
 *          materials bind (view k shows texture k mod N; frame f's material m binds view
 *          (50 f + m) mod max(N, 50), so every frame binds a different view per material).
 *      FM: F with 1 MiB command buffers instead of 64 KiB.
 * DLL defaults to aerogpu_d3d10_x64.dll (found beside the program).
 *
 * test/shims/fake_runtime.c plays the runtime; test/shims/session.c opens the device and
 * creates the pipeline's objects as for the Wine scenarios. While the pipeline is set up
 * the render callback records and checks every submission as in the Wine scenarios; for
 * the loop the callback switches to what bench_umd's recycling fake does: the same 64 KiB
 * DMA buffer comes straight back and only the byte count advances. So the submissions that
 * happen whenever the buffer fills stay in the measured loop at the driver's cost, not the
 * fake's (the recording render scribbles over the whole buffer each time).
 * Prints "bytes=N" (packet bytes per iteration, stream headers left out),
 * "draws=D" for the frame modes (draws per iteration) and "submissions=K" once at exit. Exit status
 * 1 when a DDI reported an error through pfnSetErrorCb, a submission was malformed, or iterations
 * emitted different byte counts; 2 on bad arguments or a failed setup. */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/writer.h"
#include "harness.h"

/* One translation unit with the fake runtime and the session, as in harness_main.c. */
#include "fake_runtime.c"
#include "session.c"

#if defined(__GNUC__) || defined(__clang__)
#define BENCH_NOINLINE __attribute__((noinline))
#else
#define BENCH_NOINLINE
#endif

#define BENCH_CB_BYTES 256u

#define FRAME_MATERIALS     50u
#define FRAME_DRAWS_PER     10u
#define FRAME_CB_BYTES      64u
#define FRAME_BIG_DMA_BYTES (1024u * 1024u)
#define FRAME_MAX_VIEWS     1000u

struct frame_objects {
    D3D10DDI_HRESOURCE vb[FRAME_MATERIALS], ib[FRAME_MATERIALS], cb;
    D3D10DDI_HSAMPLER sampler[2];
    D3D10DDI_HSHADERRESOURCEVIEW *views;
    UINT view_count;
};

struct bench {
    struct session s; /* first: the runtime handle points at all three */
    PFND3DDDI_RENDERCB record_render;
    int recycling;
    uint64_t packet_bytes, submissions, bad_submissions;
    D3D10DDI_HRESOURCE vb[2], cb[2];
    uint8_t *big_dma; /* FM: the command buffer handed out while recycling */
    struct frame_objects frame;
};

/* ---- the runtime's render callback during the loop --------------------------------------- */

static HRESULT APIENTRY bench_render(HANDLE h, D3DDDICB_RENDER *r)
{
    struct bench *b = (struct bench *)h;
    struct fake_runtime *rt = &b->s.rt;
    if (!b->recycling)
        return b->record_render(h, r);
    if (r->CommandOffset != 0 || r->CommandLength < AEROCMD_STREAM_HEADER_SIZE ||
        r->CommandLength > FRAME_BIG_DMA_BYTES || r->NumAllocations > FAKE_ALLOC_LIST ||
        r->NumPatchLocations != 0) {
        b->bad_submissions++;
        return E_INVALIDARG;
    }
    b->packet_bytes += r->CommandLength - AEROCMD_STREAM_HEADER_SIZE;
    b->submissions++;
    r->pNewCommandBuffer = b->big_dma != NULL ? (void *)b->big_dma : (void *)rt->dma;
    r->NewCommandBufferSize = b->big_dma != NULL ? FRAME_BIG_DMA_BYTES : FAKE_DMA_BYTES;
    r->pNewAllocationList = rt->alloc_list;
    r->NewAllocationListSize = FAKE_ALLOC_LIST;
    r->pNewPatchLocationList = rt->patch_list;
    r->NewPatchLocationListSize = sizeof rt->patch_list / sizeof rt->patch_list[0];
    return S_OK;
}

/* ---- device and pipeline ---------------------------------------------------------------- */

/* The session of the D3D11 scenarios with the render callback routed through bench_render
 * (before the device takes the callback table). */
static int bench_open_device(struct bench *b, open_adapter_fn open10_2)
{
    session_init(&b->s);
    b->record_render = b->s.rt.kt.pfnRenderCb;
    b->s.rt.kt.pfnRenderCb = bench_render;
    return SUCCEEDED(session_connect(&b->s, open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, 1));
}

/* Two vertex buffers and two VS constant buffers (the first dynamic, as in bench_umd), the
 * triangle pipeline with vb[0] and cb[0] bound, one draw and a flush: the loop starts from
 * clean state in an empty command buffer. */
static int bench_pipeline(struct bench *b)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    struct session *s = &b->s;
    UINT i;
    for (i = 0; i < 2; i++) {
        b->vb[i] = buffer(s, 36, D3D10_DDI_BIND_VERTEX_BUFFER, 0, 0, NULL);
        b->cb[i] = buffer(s, BENCH_CB_BYTES, D3D10_DDI_BIND_CONSTANT_BUFFER,
                          i == 0 ? D3D10_DDI_USAGE_DYNAMIC : 0u,
                          i == 0 ? D3D10_DDI_CPU_ACCESS_WRITE : 0u, NULL);
    }
    bind_basic(s, b->vb[0], target(s, 64, 64), no_dsv);
    s->f.pfnVsSetConstantBuffers(s->dev, 0, 1, &b->cb[0]);
    s->f.pfnDraw(s->dev, 3, 0);
    s->f.pfnFlush(s->dev);
    /* The helpers report a failed creation through CHECK. */
    return check_failed_count == 0 && s->rt.error_count == 0 && s->rt.emu.host_faults == 0 &&
           s->rt.bad_private == 0;
}

/* ---- the measured loops ----------------------------------------------------------------- */

BENCH_NOINLINE static void loop_draw(const D3D11DDI_DEVICEFUNCS *f, D3D10DDI_HDEVICE dev,
                                     unsigned long count)
{
    unsigned long i;
    for (i = 0; i < count; i++)
        f->pfnDraw(dev, 3, 0);
}

BENCH_NOINLINE static void loop_rebind(const struct bench *b, unsigned long count)
{
    static const UINT stride = 12, offset = 0;
    const struct session *s = &b->s;
    unsigned long i;
    for (i = 0; i < count; i++) {
        unsigned pick = (unsigned)((i + 1u) & 1u); /* the first iteration changes both */
        s->f.pfnIaSetVertexBuffers(s->dev, 0, 1, &b->vb[pick], &stride, &offset);
        s->f.pfnVsSetConstantBuffers(s->dev, 0, 1, &b->cb[pick]);
        s->f.pfnDraw(s->dev, 3, 0);
    }
}

/* ---- the frame ---------------------------------------------------------------------------- */

/* Driver-private memory for the frame's objects (more than a session keeps; never freed:
 * the process ends after the loop). */
static void *frame_take(SIZE_T size)
{
    void *p = calloc(1, size != 0 ? size : 1);
    CHECK(p != NULL);
    return p;
}

static D3D10DDI_HSAMPLER sampler(struct session *s, D3D10_DDI_FILTER filter)
{
    D3D10_DDI_SAMPLER_DESC sd;
    D3D10DDI_HSAMPLER h;
    D3D10DDI_HRTSAMPLER rt = {NULL};
    memset(&sd, 0, sizeof sd);
    sd.Filter = filter;
    sd.AddressU = sd.AddressV = sd.AddressW = D3D10_DDI_TEXTURE_ADDRESS_CLAMP;
    sd.MinLOD = -FLT_MAX;
    sd.MaxLOD = FLT_MAX;
    h.pDrvPrivate = frame_take(s->f.pfnCalcPrivateSamplerSize(s->dev, &sd));
    s->f.pfnCreateSampler(s->dev, &sd, h, rt);
    return h;
}

/* Per material a quad (vertex and index buffer), two samplers, the dynamic constant
 * buffer, `textures` live textures and the views of them the materials bind. */
static int frame_objects(struct bench *b, UINT textures)
{
    /* Four vertices of the basic pipeline's layout: position, then an RGBA colour. */
    static const float quad[4 * 7] = {0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1,
                                      0, 1, 0, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1};
    static const uint16_t idx[6] = {0, 1, 2, 2, 1, 3};
    struct frame_objects *o = &b->frame;
    struct session *s = &b->s;
    D3D10DDI_HRESOURCE *tex;
    UINT i;
    o->view_count = textures > FRAME_MATERIALS ? textures : FRAME_MATERIALS;
    o->views = (D3D10DDI_HSHADERRESOURCEVIEW *)frame_take(o->view_count * sizeof *o->views);
    tex = (D3D10DDI_HRESOURCE *)frame_take(textures * sizeof *tex);
    if (o->views == NULL || tex == NULL)
        return 0;
    for (i = 0; i < FRAME_MATERIALS; i++) {
        o->vb[i] = buffer(s, sizeof quad, D3D10_DDI_BIND_VERTEX_BUFFER, 0, 0, quad);
        o->ib[i] = buffer(s, sizeof idx, D3D10_DDI_BIND_INDEX_BUFFER, 0, 0, idx);
    }
    o->cb = buffer(s, FRAME_CB_BYTES, D3D10_DDI_BIND_CONSTANT_BUFFER, D3D10_DDI_USAGE_DYNAMIC,
                   D3D10_DDI_CPU_ACCESS_WRITE, NULL);
    o->sampler[0] = sampler(s, D3D10_DDI_FILTER_MIN_MAG_MIP_LINEAR);
    o->sampler[1] = sampler(s, D3D10_DDI_FILTER_MIN_MAG_MIP_POINT);
    for (i = 0; i < textures; i++)
        tex[i] = texture(s, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0,
                         NULL);
    for (i = 0; i < o->view_count; i++)
        o->views[i] = srv_of(s, tex[i % textures], DXGI_FORMAT_R8G8B8A8_UNORM,
                             D3D10DDIRESOURCE_TEXTURE2D, 0, 0, 0);
    return check_failed_count == 0 && s->rt.error_count == 0;
}

/* One frame: 50 materials of 10 draws, then Present. */
BENCH_NOINLINE static void frame(const struct bench *b, unsigned long f)
{
    static const UINT stride = 7 * sizeof(float), offset = 0;
    static uint32_t constants[FRAME_CB_BYTES / 4u];
    const struct frame_objects *o = &b->frame;
    const struct session *s = &b->s;
    DXGI_DDI_ARG_PRESENT p;
    UINT m, d;
    for (m = 0; m < FRAME_MATERIALS; m++) {
        UINT view = (UINT)((f * FRAME_MATERIALS + m) % o->view_count);
        s->f.pfnPsSetShaderResources(s->dev, 0, 1, &o->views[view]);
        s->f.pfnPsSetSamplers(s->dev, 0, 1, &o->sampler[m & 1u]);
        s->f.pfnIaSetVertexBuffers(s->dev, 0, 1, &o->vb[m], &stride, &offset);
        s->f.pfnIaSetIndexBuffer(s->dev, o->ib[m], DXGI_FORMAT_R16_UINT, 0);
        for (d = 0; d < FRAME_DRAWS_PER; d++) {
            D3D10DDI_MAPPED_SUBRESOURCE mapped;
            s->f.pfnDynamicConstantBufferMapDiscard(s->dev, o->cb, 0, D3D10_DDI_MAP_WRITE_DISCARD,
                                                    0, &mapped);
            constants[0] = m * FRAME_DRAWS_PER + d;
            memcpy(mapped.pData, constants, FRAME_CB_BYTES);
            s->f.pfnDynamicConstantBufferUnmap(s->dev, o->cb, 0);
            s->f.pfnVsSetConstantBuffers(s->dev, 0, 1, &o->cb);
            s->f.pfnPsSetConstantBuffers(s->dev, 0, 1, &o->cb);
            s->f.pfnDrawIndexed(s->dev, 6, 0, 0);
        }
    }
    memset(&p, 0, sizeof p);
    p.hDevice = (DXGI_DDI_HDEVICE)s->dev.pDrvPrivate;
    p.FlipInterval = DXGI_DDI_FLIP_INTERVAL_IMMEDIATE;
    s->rt.dxgi.pfnPresent(&p);
}

/* A first frame the counters leave out (it binds what the pipeline set up before, and
 * its Present submits all of it), then `count` frames. */
BENCH_NOINLINE static void loop_frames(struct bench *b, unsigned long count)
{
    unsigned long f;
    frame(b, 0);
    b->packet_bytes = b->submissions = 0;
    for (f = 1; f <= count; f++)
        frame(b, f);
}

/* The frame modes: F, FM and S<textures>; 0 for another mode. */
static UINT frame_textures(const char *mode, int *big)
{
    *big = strcmp(mode, "FM") == 0;
    if (strcmp(mode, "F") == 0 || *big)
        return FRAME_MATERIALS;
    if (mode[0] == 'S' && mode[1] >= '1' && mode[1] <= '9') {
        unsigned long n = strtoul(mode + 1, NULL, 10);
        return n >= 1 && n <= FRAME_MAX_VIEWS ? (UINT)n : 0u;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static struct bench b; /* large (the fake's DMA buffer): not on the stack */
    const char *mode = argc > 1 ? argv[1] : "";
    unsigned long count = argc > 2 ? strtoul(argv[2], NULL, 10) : 0;
    int l1 = strcmp(mode, "L1") == 0, l2 = strcmp(mode, "L2") == 0, big = 0, failed;
    UINT textures = frame_textures(mode, &big);
    HMODULE dll;
    open_adapter_fn open10_2;
    if ((!l1 && !l2 && textures == 0) || count == 0 || argc > 4) {
        fprintf(stderr, "usage: %s L1|L2|F|FM|S<textures> COUNT [DLL]\n", argv[0]);
        return 2;
    }
    dll = LoadLibraryA(argc > 3 ? argv[3] : "aerogpu_d3d10_x64.dll");
    open10_2 = dll != NULL ? adapter_entry(dll, "OpenAdapter10_2") : NULL;
    if (open10_2 == NULL || !bench_open_device(&b, open10_2) || !bench_pipeline(&b) ||
        (textures != 0 && !frame_objects(&b, textures))) {
        fprintf(stderr, "setup failed (DDI errors: %u, last 0x%08lx)\n", b.s.rt.error_count,
                (unsigned long)b.s.rt.last_error);
        return 2;
    }
    if (big)
        b.big_dma = (uint8_t *)frame_take(FRAME_BIG_DMA_BYTES);
    b.recycling = 1;
    if (l1)
        loop_draw(&b.s.f, b.s.dev, count);
    else if (l2)
        loop_rebind(&b, count);
    else
        loop_frames(&b, count);
    b.s.f.pfnFlush(b.s.dev);
    /* The big buffers are the bench's, which the recording render does not know. */
    b.recycling = b.big_dma != NULL;
    failed = b.s.rt.error_count != 0 || b.bad_submissions != 0 || b.packet_bytes % count != 0;
    if (b.s.rt.error_count != 0)
        fprintf(stderr, "%u DDI errors, last 0x%08lx\n", b.s.rt.error_count,
                (unsigned long)b.s.rt.last_error);
    printf("bytes=%lu submissions=%lu\n", (unsigned long)(b.packet_bytes / count),
           (unsigned long)b.submissions);
    if (textures != 0)
        printf("draws=%u\n", FRAME_MATERIALS * FRAME_DRAWS_PER);
    session_close(&b.s);
    return failed;
}
