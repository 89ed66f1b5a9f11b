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
 * test/shims/fake_runtime.c plays the runtime. While the pipeline is set up its render
 * callback records and checks every submission as in the Wine scenarios; for the loop the
 * callback switches to what bench_umd's recycling fake does: the same 64 KiB DMA buffer
 * comes straight back and only the byte count advances. So the submissions that happen
 * whenever the buffer fills stay in the measured loop at the driver's cost, not the fake's
 * (the recording render scribbles over the whole buffer each time).
 * Prints "bytes=N" (packet bytes per iteration, stream headers left out) and
 * "submissions=K" once at exit. Exit status 1 when a DDI reported an error through
 * pfnSetErrorCb, a submission was malformed, or iterations emitted different byte counts;
 * 2 on bad arguments or a failed setup. */
#include <stdlib.h>
#include <string.h>

#include "aerocmd/writer.h"
#include "harness.h"

/* One translation unit with the fake runtime, as in harness_main.c. */
#include "fake_runtime.c"

#if defined(__GNUC__) || defined(__clang__)
#define BENCH_NOINLINE __attribute__((noinline))
#else
#define BENCH_NOINLINE
#endif

#define BENCH_MAX_OBJECTS 32u
#define BENCH_CB_BYTES    256u

struct bench {
    struct fake_runtime rt; /* first: the runtime handle points at both */
    PFND3DDDI_RENDERCB record_render;
    int recycling;
    uint64_t packet_bytes, submissions, bad_submissions;
    D3D10DDIARG_OPENADAPTER open;
    D3D10_2DDI_ADAPTERFUNCS af;
    D3D11DDI_DEVICEFUNCS f;
    D3D10DDI_HDEVICE dev;
    void *objects[BENCH_MAX_OBJECTS];
    uint32_t object_count;
    D3D10DDI_HRESOURCE vb[2], cb[2];
};

/* ---- the runtime's render callback during the loop --------------------------------------- */

static HRESULT APIENTRY bench_render(HANDLE h, D3DDDICB_RENDER *r)
{
    struct bench *b = (struct bench *)h;
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
    r->pNewCommandBuffer = b->rt.dma;
    r->NewCommandBufferSize = FAKE_DMA_BYTES;
    r->pNewAllocationList = b->rt.alloc_list;
    r->NewAllocationListSize = FAKE_ALLOC_LIST;
    r->pNewPatchLocationList = b->rt.patch_list;
    r->NewPatchLocationListSize = sizeof b->rt.patch_list / sizeof b->rt.patch_list[0];
    return S_OK;
}

/* ---- adapter and device ----------------------------------------------------------------- */

static void *bench_take(struct bench *b, SIZE_T size)
{
    void *p;
    if (b->object_count == BENCH_MAX_OBJECTS)
        return NULL;
    p = calloc(1, size != 0 ? size : 1);
    if (p != NULL)
        b->objects[b->object_count++] = p;
    return p;
}

static int bench_open_device(struct bench *b, open_adapter_fn open10_2)
{
    D3D10DDIARG_CALCPRIVATEDEVICESIZE calc;
    D3D10DDIARG_CREATEDEVICE cd;
    fake_runtime_init(&b->rt);
    b->record_render = b->rt.kt.pfnRenderCb;
    b->rt.kt.pfnRenderCb = bench_render;
    b->open.hRTAdapter.handle = &b->rt;
    b->open.Interface = D3D11_0_7_DDI_INTERFACE_VERSION;
    b->open.Version = (2u << 16) | D3D_UMD_INTERFACE_VERSION_WIN7;
    b->open.pAdapterCallbacks = &b->rt.adapter_cb;
    b->open.pAdapterFuncs_2 = &b->af;
    if (FAILED(open10_2(&b->open)))
        return 0;
    memset(&calc, 0, sizeof calc);
    calc.Interface = b->open.Interface;
    calc.Version = b->open.Version;
    memset(&cd, 0, sizeof cd);
    cd.hRTDevice.handle = &b->rt;
    cd.Interface = b->open.Interface;
    cd.Version = b->open.Version;
    cd.pKTCallbacks = &b->rt.kt;
    cd.p11DeviceFuncs = &b->f;
    cd.hDrvDevice.pDrvPrivate =
        bench_take(b, b->af.pfnCalcPrivateDeviceSize(b->open.hAdapter, &calc));
    cd.DXGIBaseDDI.pDXGIBaseCallbacks = &b->rt.dxgi_cb;
    cd.DXGIBaseDDI.pDXGIDDIBaseFunctions2 = &b->rt.dxgi;
    cd.hRTCoreLayer.handle = &b->rt;
    cd.p11UMCallbacks = &b->rt.core;
    b->dev = cd.hDrvDevice;
    return cd.hDrvDevice.pDrvPrivate != NULL &&
           SUCCEEDED(b->af.pfnCreateDevice(b->open.hAdapter, &cd));
}

/* ---- objects ----------------------------------------------------------------------------- */

static D3D10DDI_HRESOURCE bench_resource(struct bench *b, const D3D11DDIARG_CREATERESOURCE *a)
{
    D3D10DDI_HRESOURCE h;
    D3D10DDI_HRTRESOURCE rt = {NULL};
    h.pDrvPrivate = bench_take(b, b->f.pfnCalcPrivateResourceSize(b->dev, a));
    if (h.pDrvPrivate != NULL)
        b->f.pfnCreateResource(b->dev, a, h, rt);
    return h;
}

/* A buffer (width = bytes) or a 2D texture of one mip level and array slice. */
static D3D10DDI_HRESOURCE bench_create(struct bench *b, D3D10DDIRESOURCE_TYPE dim, UINT width,
                                       UINT height, DXGI_FORMAT format, UINT bind, UINT usage,
                                       UINT map)
{
    D3D10DDI_MIPINFO mip;
    D3D11DDIARG_CREATERESOURCE a;
    memset(&mip, 0, sizeof mip);
    mip.TexelWidth = mip.PhysicalWidth = width;
    mip.TexelHeight = mip.PhysicalHeight = height;
    mip.TexelDepth = mip.PhysicalDepth = 1;
    memset(&a, 0, sizeof a);
    a.pMipInfoList = &mip;
    a.ResourceDimension = dim;
    a.Usage = usage;
    a.BindFlags = bind;
    a.MapFlags = map;
    a.Format = format;
    a.MipLevels = 1;
    a.ArraySize = 1;
    a.SampleDesc.Count = 1;
    return bench_resource(b, &a);
}

static D3D10DDI_HRESOURCE bench_buffer(struct bench *b, UINT bytes, UINT bind, UINT usage, UINT map)
{
    return bench_create(b, D3D10DDIRESOURCE_BUFFER, bytes, 1, DXGI_FORMAT_UNKNOWN, bind, usage,
                        map);
}

/* A 64x64 B8G8R8A8 render target view. */
static D3D10DDI_HRENDERTARGETVIEW bench_target(struct bench *b)
{
    D3D10DDIARG_CREATERENDERTARGETVIEW a;
    D3D10DDI_HRENDERTARGETVIEW h;
    D3D10DDI_HRTRENDERTARGETVIEW rt = {NULL};
    memset(&a, 0, sizeof a);
    a.hDrvResource = bench_create(b, D3D10DDIRESOURCE_TEXTURE2D, 64, 64, DXGI_FORMAT_B8G8R8A8_UNORM,
                                  D3D10_DDI_BIND_RENDER_TARGET, 0, 0);
    a.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
    a.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
    a.Tex2D.ArraySize = 1;
    h.pDrvPrivate = bench_take(b, b->f.pfnCalcPrivateRenderTargetViewSize(b->dev, &a));
    if (h.pDrvPrivate != NULL)
        b->f.pfnCreateRenderTargetView(b->dev, &a, h, rt);
    return h;
}

/* A 4.0 shader as the runtime passes it (version, length, dcl_temps 1, ret) with the
 * signatures of a position-only pipeline: the vertex shader reads xyz from register 0 and
 * writes SV_Position, the pixel shader reads SV_Position and writes target 0. */
static D3D10DDI_HSHADER bench_shader(struct bench *b, int pixel)
{
    static const D3D10DDIARG_SIGNATURE_ENTRY xyz = {D3D10_SB_NAME_UNDEFINED, 0, 0x7};
    static const D3D10DDIARG_SIGNATURE_ENTRY position = {D3D10_SB_NAME_POSITION, 0, 0xF};
    static const D3D10DDIARG_SIGNATURE_ENTRY color = {D3D10_SB_NAME_UNDEFINED, 0, 0xF};
    /* program type 0 pixel / 1 vertex in bits 16.., model 4.0; dcl_temps (0x68) and ret
     * (0x3E) with their lengths in bits 24.. */
    UINT code[5] = {0, 5, (2u << 24) | 0x68u, 1, (1u << 24) | 0x3Eu};
    D3D10DDIARG_STAGE_IO_SIGNATURES sig;
    D3D10DDI_HSHADER h;
    D3D10DDI_HRTSHADER rt = {NULL};
    code[0] = ((pixel ? 0u : 1u) << 16) | (4u << 4);
    memset(&sig, 0, sizeof sig);
    sig.pInputSignature = (D3D10DDIARG_SIGNATURE_ENTRY *)(pixel ? &position : &xyz);
    sig.NumInputSignatureEntries = 1;
    sig.pOutputSignature = (D3D10DDIARG_SIGNATURE_ENTRY *)(pixel ? &color : &position);
    sig.NumOutputSignatureEntries = 1;
    h.pDrvPrivate = bench_take(b, b->f.pfnCalcPrivateShaderSize(b->dev, code, &sig));
    if (h.pDrvPrivate == NULL)
        return h;
    if (pixel)
        b->f.pfnCreatePixelShader(b->dev, code, h, rt, &sig);
    else
        b->f.pfnCreateVertexShader(b->dev, code, h, rt, &sig);
    return h;
}

static D3D10DDI_HELEMENTLAYOUT bench_position_layout(struct bench *b)
{
    D3D10DDIARG_INPUT_ELEMENT_DESC el;
    D3D10DDIARG_CREATEELEMENTLAYOUT a;
    D3D10DDI_HELEMENTLAYOUT h;
    D3D10DDI_HRTELEMENTLAYOUT rt = {NULL};
    memset(&el, 0, sizeof el);
    el.Format = DXGI_FORMAT_R32G32B32_FLOAT;
    a.pVertexElements = &el;
    a.NumElements = 1;
    h.pDrvPrivate = bench_take(b, b->f.pfnCalcPrivateElementLayoutSize(b->dev, &a));
    if (h.pDrvPrivate != NULL)
        b->f.pfnCreateElementLayout(b->dev, &a, h, rt);
    return h;
}

/* Two vertex buffers and two VS constant buffers (the first dynamic, as in bench_umd), the
 * triangle pipeline with vb[0] and cb[0] bound, one draw and a flush: the loop starts from
 * clean state in an empty command buffer. */
static int bench_pipeline(struct bench *b)
{
    static const D3D10_DDI_VIEWPORT vp = {0, 0, 64, 64, 0, 1};
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    UINT stride = 12, offset = 0, i;
    D3D10DDI_HRENDERTARGETVIEW rtv;
    D3D10DDI_HELEMENTLAYOUT layout;
    D3D10DDI_HSHADER vs, ps;
    for (i = 0; i < 2; i++) {
        b->vb[i] = bench_buffer(b, 36, D3D10_DDI_BIND_VERTEX_BUFFER, 0, 0);
        b->cb[i] = bench_buffer(b, BENCH_CB_BYTES, D3D10_DDI_BIND_CONSTANT_BUFFER,
                                i == 0 ? D3D10_DDI_USAGE_DYNAMIC : 0u,
                                i == 0 ? D3D10_DDI_CPU_ACCESS_WRITE : 0u);
    }
    rtv = bench_target(b);
    layout = bench_position_layout(b);
    vs = bench_shader(b, 0);
    ps = bench_shader(b, 1);
    if (b->cb[1].pDrvPrivate == NULL || rtv.pDrvPrivate == NULL || ps.pDrvPrivate == NULL)
        return 0; /* out of object slots: the handles were taken in this order */
    b->f.pfnVsSetConstantBuffers(b->dev, 0, 1, &b->cb[0]);
    b->f.pfnIaSetInputLayout(b->dev, layout);
    b->f.pfnIaSetVertexBuffers(b->dev, 0, 1, &b->vb[0], &stride, &offset);
    b->f.pfnIaSetTopology(b->dev, D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    b->f.pfnVsSetShader(b->dev, vs);
    b->f.pfnPsSetShader(b->dev, ps);
    b->f.pfnSetRenderTargets(b->dev, &rtv, 1, 0, no_dsv, NULL, NULL, 0, 0, 0, 0);
    b->f.pfnSetViewports(b->dev, 1, 0, &vp);
    b->f.pfnDraw(b->dev, 3, 0);
    b->f.pfnFlush(b->dev);
    return b->rt.error_count == 0 && b->rt.emu.host_faults == 0 && b->rt.bad_private == 0;
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
    unsigned long i;
    for (i = 0; i < count; i++) {
        unsigned pick = (unsigned)((i + 1u) & 1u); /* the first iteration changes both */
        b->f.pfnIaSetVertexBuffers(b->dev, 0, 1, &b->vb[pick], &stride, &offset);
        b->f.pfnVsSetConstantBuffers(b->dev, 0, 1, &b->cb[pick]);
        b->f.pfnDraw(b->dev, 3, 0);
    }
}

static void bench_close(struct bench *b)
{
    uint32_t i;
    b->f.pfnDestroyDevice(b->dev);
    b->af.pfnCloseAdapter(b->open.hAdapter);
    for (i = 0; i < b->object_count; i++)
        free(b->objects[i]);
    fake_runtime_release(&b->rt);
}

static open_adapter_fn bench_entry(HMODULE dll)
{
    FARPROC p = GetProcAddress(dll, "OpenAdapter10_2");
    open_adapter_fn fn;
    memcpy(&fn, &p, sizeof fn);
    return fn;
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
    open10_2 = dll != NULL ? bench_entry(dll) : NULL;
    if (open10_2 == NULL || !bench_open_device(&b, open10_2) || !bench_pipeline(&b)) {
        fprintf(stderr, "setup failed (DDI errors: %u, last 0x%08lx)\n", b.rt.error_count,
                (unsigned long)b.rt.last_error);
        return 2;
    }
    b.recycling = 1;
    if (l1)
        loop_draw(&b.f, b.dev, count);
    else
        loop_rebind(&b, count);
    b.f.pfnFlush(b.dev);
    b.recycling = 0;
    failed = b.rt.error_count != 0 || b.bad_submissions != 0 || b.packet_bytes % count != 0;
    if (b.rt.error_count != 0)
        fprintf(stderr, "%u DDI errors, last 0x%08lx\n", b.rt.error_count,
                (unsigned long)b.rt.last_error);
    printf("bytes=%lu submissions=%lu\n", (unsigned long)(b.packet_bytes / count),
           (unsigned long)b.submissions);
    bench_close(&b);
    return failed;
}
