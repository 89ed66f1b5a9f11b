/* harness.h — the Wine test program: plays the Windows 7 runtime (and, through libaerocmd's
 * in-memory fake, the kernel driver and the emulator) for the shim DLLs. */
#ifndef SHIM_HARNESS_H
#define SHIM_HARNESS_H

#include "aerocmd/umd_fake.h"
#include "aerogpu_pci.h"
#include "aerogpu_ddi/ddi.h"
#include "check.h"

#define FAKE_DMA_BYTES   65536u /* the hard capacity of every DMA buffer handed out */
#define FAKE_ALLOC_LIST  16u
#define FAKE_MAX_MEMORY  256u
#define FAKE_ABI_VERSION ((AEROGPU_ABI_MAJOR << 16) | 4u)

/* One device's worth of runtime state. */
struct fake_runtime {
    struct aerocmd_allocator alloc;
    struct aerocmd_umd_fake emu; /* the emulator behind the kernel driver */
    struct aerocmd_umd_callbacks emu_cb;
    uint8_t dma[FAKE_DMA_BYTES];
    D3DDDI_ALLOCATIONLIST alloc_list[FAKE_ALLOC_LIST];
    D3DDDI_PATCHLOCATIONLIST patch_list[4];
    struct aerocmd_umd_memory memory[FAKE_MAX_MEMORY]; /* hAllocation = index + 1 */
    uint32_t memory_count;
    uint64_t shim_fences[1024]; /* DMA private data fence of each recorded submission */
    uint32_t render_calls, present_cb_calls, wait_calls, bad_private;
    HRESULT last_error;
    uint32_t error_count;
    D3DDDI_DEVICECALLBACKS kt;
    D3D11DDI_CORELAYER_DEVICECALLBACKS core;
    DXGI_DDI_BASE_CALLBACKS dxgi_cb;
    DXGI1_1_DDI_BASE_FUNCTIONS dxgi;
    D3DDDI_ADAPTERCALLBACKS adapter_cb;
};

/* The one runtime the callbacks reach (the runtime handle is a pointer to it too). */
void fake_runtime_init(struct fake_runtime *rt);
void fake_runtime_release(struct fake_runtime *rt);

/* Writes submissions [0, count) to DIR/NAME/ and checks them in process: structure,
 * semantics with the kernel's allocation table, no host faults. */
void record_scenario(struct fake_runtime *rt, const char *dir, const char *name, uint32_t count);

/* Scenarios over one DLL's entry point. */
typedef HRESULT(APIENTRY *open_adapter_fn)(D3D10DDIARG_OPENADAPTER *);
void run_d3d11_scenarios(open_adapter_fn open10_2, const char *out_dir);
void run_d3d10_scenarios(open_adapter_fn open, UINT interface_version, int use_10_2,
                         const char *out_dir, const char *tag);
void check_versions(open_adapter_fn open10_2, UINT iface, const UINT64 *want, UINT32 want_count);

/* ---- session.c: one adapter and device over a DLL, and objects with test defaults ------- */

#define SESSION_MAX_OBJECTS 2048u /* the scaling benchmark: 1,000 textures */
#define SESSION_MAX_SHADERS 8u

struct session {
    struct fake_runtime rt; /* first: the runtime handle points at the session too */
    D3D10DDIARG_OPENADAPTER open;
    D3D10_2DDI_ADAPTERFUNCS af;
    D3D10DDI_ADAPTERFUNCS af10;
    D3D11DDI_DEVICEFUNCS f; /* large enough for every table */
    D3D10DDI_HDEVICE dev;
    void *objects[SESSION_MAX_OBJECTS]; /* driver-private memory, freed by session_close */
    uint32_t object_count;
    /* The containers the shaders created so far must arrive as, in creation order. */
    uint8_t *want_dxbc[SESSION_MAX_SHADERS];
    uint32_t want_dxbc_size[SESSION_MAX_SHADERS];
    uint32_t want_dxbc_count;
};

/* The DLL's export `name` (NULL when it has none). */
open_adapter_fn adapter_entry(HMODULE dll, const char *name);
/* session_open in two steps, for a caller that replaces runtime callbacks in between. */
void session_init(struct session *s);
HRESULT session_connect(struct session *s, open_adapter_fn open, UINT iface, int use_10_2);
HRESULT session_open(struct session *s, open_adapter_fn open, UINT iface, int use_10_2);
void session_close(struct session *s);
/* size bytes of driver-private memory (CHECKed; NULL when out of slots or memory). */
void *take(struct session *s, SIZE_T size);

/* Resources of one mip level and array slice; data / init may be NULL. */
D3D10DDI_HRESOURCE buffer(struct session *s, UINT bytes, UINT bind, UINT usage, UINT map,
                          const void *data);
D3D10DDI_HRESOURCE buffer_ex(struct session *s, UINT bytes, UINT bind, UINT usage, UINT map,
                             UINT misc, UINT stride);
D3D10DDI_HRESOURCE texture(struct session *s, UINT w, UINT hgt, DXGI_FORMAT format, UINT bind,
                           UINT usage, UINT map, const D3D10_DDIARG_SUBRESOURCE_UP *init);
D3D10DDI_HRENDERTARGETVIEW rtv_of(struct session *s, D3D10DDI_HRESOURCE res, DXGI_FORMAT format);
/* A w x hgt B8G8R8A8 render target (bindable as a shader resource too) and its view. */
D3D10DDI_HRENDERTARGETVIEW target(struct session *s, UINT w, UINT hgt);

/* Shader-model token opcodes (the low 11 bits of an instruction token; bits 24..30 hold
 * the instruction's length in tokens). */
#define SB_DCL_TEMPS      0x68u
#define SB_RET            0x3Eu
#define SB_INSTR(op, len) (((UINT)(len) << 24) | (op))

/* Program types of the version token (D3D10_SB_TOKENIZED_PROGRAM_TYPE). */
enum { SB_PIXEL = 0, SB_VERTEX = 1, SB_GEOMETRY = 2, SB_COMPUTE = 5 };

/* A shader as the runtime hands it over: version, length, dcl_temps `temps`, ret. */
void make_tokens(UINT code[5], UINT program_type, UINT major, UINT temps);
/* Records what the shim must send for this shader: libaerocmd's container of the same
 * tokens and signatures (stage as for shader_model). */
void expect_dxbc(struct session *s, int stage, const UINT *code,
                 const D3D10DDIARG_STAGE_IO_SIGNATURES *sig);
/* stage 0 VS, 1 PS, 2 GS (with the signatures of a position-only pipeline), 3 CS (no
 * signatures), of shader model `major`.0; its container is expected (expect_dxbc). */
D3D10DDI_HSHADER shader_model(struct session *s, int stage, UINT major, UINT temps);
/* shader_model 4.0, compute 5.0. */
D3D10DDI_HSHADER shader(struct session *s, int stage, UINT temps);

D3D10DDI_HELEMENTLAYOUT position_layout(struct session *s);
void set_targets(struct session *s, UINT n, const D3D10DDI_HRENDERTARGETVIEW *rtvs,
                 D3D10DDI_HDEPTHSTENCILVIEW dsv);
/* Input layout, one vertex buffer (stride 12), triangle list, VS + PS, one target, 64x64. */
void bind_basic(struct session *s, D3D10DDI_HRESOURCE vb, D3D10DDI_HRENDERTARGETVIEW rtv,
                D3D10DDI_HDEPTHSTENCILVIEW dsv);
/* A vertex buffer holding one triangle. */
D3D10DDI_HRESOURCE triangle_vb(struct session *s);

#endif
