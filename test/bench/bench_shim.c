/* SPDX-License-Identifier: MIT */
/* bench_shim.c — L1 / L2 through the combined driver DLL, the way the D3D11 runtime calls it.
 *
 *   bench_shim.exe MODE COUNT [DLL]      (mingw x86_64, run under Wine by run_bench_wine.py)
 *
 * MODE L1: COUNT x pfnDraw(3, 0) with no state change in between.
 *      L2: per iteration pfnIaSetVertexBuffers one of two vertex buffers,
 *          pfnVsSetConstantBuffers one of two constant buffers, pfnDraw(3, 0) (the native
 *          bench_umd l2 loop, through the DDI table).
 * DLL defaults to aerogpu_d3d10_x64.dll (found beside the program).
 *
 * test/shims/fake_runtime.c plays the runtime; test/shims/session.c opens the device and
 * creates the pipeline's objects as for the Wine scenarios. While the pipeline is set up
 * the render callback records and checks every submission as in the Wine scenarios; for
 * the loop the callback switches to what bench_umd's recycling fake does: the same 64 KiB
 * DMA buffer comes straight back and only the byte count advances. So the submissions that
 * happen whenever the buffer fills stay in the measured loop at the driver's cost, not the
 * fake's (the recording render scribbles over the whole buffer each time).
 * Prints "bytes=N" (packet bytes per iteration, stream headers left out) and
 * "submissions=K" once at exit. Exit status 1 when a DDI reported an error through
 * pfnSetErrorCb, a submission was malformed, or iterations emitted different byte counts;
 * 2 on bad arguments or a failed setup. */
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

struct bench {
    struct session s; /* first: the runtime handle points at all three */
    PFND3DDDI_RENDERCB record_render;
    int recycling;
    uint64_t packet_bytes, submissions, bad_submissions;
    D3D10DDI_HRESOURCE vb[2], cb[2];
};

/* ---- the runtime's render callback during the loop --------------------------------------- */

static HRESULT APIENTRY bench_render(HANDLE h, D3DDDICB_RENDER *r)
{
    struct bench *b = (struct bench *)h;
    struct fake_runtime *rt = &b->s.rt;
    if (!b->recycling)
        return b->record_render(h, r);
    if (r->CommandOffset != 0 || r->CommandLength < AEROCMD_STREAM_HEADER_SIZE ||
        r->CommandLength > FAKE_DMA_BYTES || r->NumAllocations > FAKE_ALLOC_LIST ||
        r->NumPatchLocations != 0) {
        b->bad_submissions++;
        return E_INVALIDARG;
    }
    b->packet_bytes += r->CommandLength - AEROCMD_STREAM_HEADER_SIZE;
    b->submissions++;
    r->pNewCommandBuffer = rt->dma;
    r->NewCommandBufferSize = FAKE_DMA_BYTES;
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

int main(int argc, char **argv)
{
    static struct bench b; /* large (the fake's DMA buffer): not on the stack */
    const char *mode = argc > 1 ? argv[1] : "";
    unsigned long count = argc > 2 ? strtoul(argv[2], NULL, 10) : 0;
    int l1 = strcmp(mode, "L1") == 0, l2 = strcmp(mode, "L2") == 0, failed;
    HMODULE dll;
    open_adapter_fn open10_2;
    if ((!l1 && !l2) || count == 0 || argc > 4) {
        fprintf(stderr, "usage: %s L1|L2 COUNT [DLL]\n", argv[0]);
        return 2;
    }
    dll = LoadLibraryA(argc > 3 ? argv[3] : "aerogpu_d3d10_x64.dll");
    open10_2 = dll != NULL ? adapter_entry(dll, "OpenAdapter10_2") : NULL;
    if (open10_2 == NULL || !bench_open_device(&b, open10_2) || !bench_pipeline(&b)) {
        fprintf(stderr, "setup failed (DDI errors: %u, last 0x%08lx)\n", b.s.rt.error_count,
                (unsigned long)b.s.rt.last_error);
        return 2;
    }
    b.recycling = 1;
    if (l1)
        loop_draw(&b.s.f, b.s.dev, count);
    else
        loop_rebind(&b, count);
    b.s.f.pfnFlush(b.s.dev);
    b.recycling = 0;
    failed = b.s.rt.error_count != 0 || b.bad_submissions != 0 || b.packet_bytes % count != 0;
    if (b.s.rt.error_count != 0)
        fprintf(stderr, "%u DDI errors, last 0x%08lx\n", b.s.rt.error_count,
                (unsigned long)b.s.rt.last_error);
    printf("bytes=%lu submissions=%lu\n", (unsigned long)(b.packet_bytes / count),
           (unsigned long)b.submissions);
    session_close(&b.s);
    return failed;
}
