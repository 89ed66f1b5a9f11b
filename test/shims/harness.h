/* SPDX-License-Identifier: MIT */
/* harness.h — the Wine test program: plays the Windows 7 runtime (and, through libaerocmd's
 * in-memory fake, the kernel driver and the emulator) for the shim DLLs. */
#ifndef SHIM_HARNESS_H
#define SHIM_HARNESS_H

#include "aerocmd/umd_fake.h"
#include "aerogpu_pci.h"
#include "aerogpu_ddi/ddi.h"
#include "check.h"
#include "shaders/scene_shaders.h"

#define FAKE_DMA_BYTES   65536u /* the hard capacity of every DMA buffer handed out */
#define FAKE_ALLOC_LIST  16u
#define FAKE_MAX_MEMORY  256u
#define FAKE_PRESENTS    8u
#define FAKE_ABI_VERSION ((AEROGPU_ABI_MAJOR << 16) | 4u)
/* What the runtime leaves in the word after the DXGI table, and in slot 7 of a 7-slot one. */
#define FAKE_DXGI_GUARD ((void *)(uintptr_t)0x6A7D6A7Du)

/* One device's worth of runtime state. Its kernel driver and emulator are `host` (its own
 * `emu` unless two runtimes share one, as two processes share the device). */
struct fake_runtime {
    struct aerocmd_allocator alloc;
    struct aerocmd_umd_fake emu;
    struct aerocmd_umd_fake *host;
    struct aerocmd_umd_callbacks emu_cb; /* the host's */
    uint32_t abi_version;                /* what the adapter query answers */
    uint8_t dma[FAKE_DMA_BYTES];
    D3DDDI_ALLOCATIONLIST alloc_list[FAKE_ALLOC_LIST];
    D3DDDI_PATCHLOCATIONLIST patch_list[4];
    struct aerocmd_umd_memory memory[FAKE_MAX_MEMORY]; /* hAllocation = index + 1 */
    HANDLE memory_resource[FAKE_MAX_MEMORY];           /* pfnAllocateCb's hResource */
    uint32_t memory_count;
    uint32_t render_calls, present_cb_calls, wait_calls, bad_private;
    /* What pfnPresentCb named, by call (the first FAKE_PRESENTS calls), and what
     * pfnAllocateCb asked of each allocation beyond its private data. */
    D3DKMT_HANDLE present_src[FAKE_PRESENTS], present_dst[FAKE_PRESENTS];
    /* The last pfnPresentCb call's other fields, the pfnRenderCb calls made before it, and
     * what it answers (S_OK unless a test says otherwise). */
    void *present_dxgi_context;
    HANDLE present_context;
    HANDLE context_made; /* what pfnCreateContextCb answered */
    UINT present_broadcast_count;
    uint32_t present_render_calls;
    HRESULT present_result;
    UINT memory_primary[FAKE_MAX_MEMORY]; /* Flags.Primary */
    UINT memory_vidpn[FAKE_MAX_MEMORY];   /* VidPnSourceId */
    UINT memory_freed[FAKE_MAX_MEMORY];   /* pfnDeallocateCb called for it */
    HRESULT last_error;
    uint32_t error_count;
    HRESULT render_result; /* what pfnRenderCb answers instead of submitting, when a failure */
    D3DDDI_DEVICECALLBACKS kt;
    D3D11DDI_CORELAYER_DEVICECALLBACKS core;
    DXGI_DDI_BASE_CALLBACKS dxgi_cb;
    DXGI1_1_DDI_BASE_FUNCTIONS dxgi; /* a 7-slot table is its prefix */
    void *dxgi_guard;                /* FAKE_DXGI_GUARD: nothing may write it */
    D3DDDI_ADAPTERCALLBACKS adapter_cb;
};

/* The one runtime the callbacks reach (the runtime handle is a pointer to it too). */
void fake_runtime_init(struct fake_runtime *rt);
void fake_runtime_release(struct fake_runtime *rt);

/* Uses `host`'s kernel driver and emulator instead of its own (before CreateDevice). */
void fake_runtime_share_host(struct fake_runtime *rt, struct fake_runtime *host);
/* The OS's answer to opening a shared allocation in this process: a new allocation handle
 * of this runtime for the host's allocation `m`. */
D3DKMT_HANDLE fake_runtime_open_allocation(struct fake_runtime *rt,
                                           const struct aerocmd_umd_memory *m);

/* Writes submissions [0, count) to DIR/NAME/ (NNNN.acmd the stream, NNNN.alloc the KMD's
 * allocation table, NNNN.mem the snapshots of its listed allocations the host fake kept:
 * keep_memory) and checks them in
 * process: structure, semantics with the kernel's allocation table, no host faults. */
void record_scenario(struct fake_runtime *rt, const char *dir, const char *name, uint32_t count);

/* Scenarios over one DLL's entry point. */
typedef HRESULT(APIENTRY *open_adapter_fn)(D3D10DDIARG_OPENADAPTER *);
/* Every scenario the runtime of `iface` has the calls for, through that runtime's table;
 * submissions go to OUT_DIR/TAG_NAME (TAG empty: NAME). */
void run_scenarios(open_adapter_fn open, UINT iface, int use_10_2, const char *out_dir,
                   const char *tag);
void check_versions(open_adapter_fn open10_2, UINT iface, const UINT64 *want, UINT32 want_count);
/* Answers and tables that do not depend on scenarios (checks_caps.c). */
void run_answer_checks(open_adapter_fn open, UINT iface, int use_10_2);
/* Queries through the runtime's table (scenario_query.c). */
void run_query_scenarios(open_adapter_fn open, UINT iface, int use_10_2, const char *out_dir,
                         const char *tag);
/* A texture shared by a device of each interface (scenario_share.c). */
/* The compositor's surface opened by an application that presents into it (not recorded). */
void run_share_present_check(open_adapter_fn open_a, UINT iface_a, int a_10_2,
                             open_adapter_fn open_b, UINT iface_b, int b_10_2);
void run_share_scenario(open_adapter_fn open_a, UINT iface_a, int a_10_2, open_adapter_fn open_b,
                        UINT iface_b, int b_10_2, const char *out_dir, const char *name);
/* Guest-wide ids (ids.c): churn more objects than one process's old id slice held; and one
 * process of a concurrent group that writes the ids it got (fallback: with the shared
 * counter's name taken by another object, so the section cannot be opened). */
void run_id_churn(open_adapter_fn open10_2);
int run_id_process(open_adapter_fn open10_2, const char *out_path, uint32_t count, uint32_t peers,
                   int fallback);

/* ---- session.c: one adapter and device over a DLL, and objects with test defaults ------- */

#define SESSION_MAX_OBJECTS 4096u /* the scaling benchmark: 1,000 textures and their views */
#define SESSION_MAX_SHADERS 8u

/* Which runtime a session plays, by the device table it got. */
enum { API_10_0 = 0, API_10_1 = 1, API_11_0 = 2 };

#define SESSION_MAX_MIPS 4u

struct session {
    struct fake_runtime rt; /* first: the runtime handle points at the session too */
    int api;                /* API_*, from the interface */
    UINT version;           /* CreateDevice's Version (session_init: Win7 build 2) */
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
    /* CreateResource's pPrimaryDesc for the next resource_ex (NULL: none), and its mip
     * count (0: 1; at most SESSION_MAX_MIPS, each level half the one above). */
    DXGI_DDI_PRIMARY_DESC *next_primary;
    UINT next_mips;
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
/* A DEFAULT buffer with misc flags, structure stride and initial data. */
D3D10DDI_HRESOURCE buffer_init(struct session *s, UINT bytes, UINT bind, UINT misc, UINT stride,
                               const void *data);
D3D10DDI_HRESOURCE texture(struct session *s, UINT w, UINT hgt, DXGI_FORMAT format, UINT bind,
                           UINT usage, UINT map, const D3D10_DDIARG_SUBRESOURCE_UP *init);
/* A resource of any kind through the session's table (misc: DDI misc flags; rt: the
 * runtime's handle of it). */
D3D10DDI_HRESOURCE resource_ex(struct session *s, D3D10DDIRESOURCE_TYPE dim, UINT w, UINT hgt,
                               DXGI_FORMAT format, UINT bind, UINT usage, UINT map, UINT misc,
                               UINT stride, const D3D10_DDIARG_SUBRESOURCE_UP *init,
                               D3D10DDI_HRTRESOURCE rt);
D3D10DDI_HRENDERTARGETVIEW rtv_of(struct session *s, D3D10DDI_HRESOURCE res, DXGI_FORMAT format);
/* Views through the argument types of the session's runtime. A view of a 2D texture's first
 * mip, or of elements [first, first + n) of a buffer through a BUFFER or (D3D11) BUFFEREX
 * view (flags: BUFFEREX only). */
D3D10DDI_HSHADERRESOURCEVIEW srv_of(struct session *s, D3D10DDI_HRESOURCE res, DXGI_FORMAT format,
                                    D3D10DDIRESOURCE_TYPE dim, UINT first, UINT n, UINT flags);
D3D10DDI_HDEPTHSTENCILVIEW dsv_of(struct session *s, D3D10DDI_HRESOURCE res, DXGI_FORMAT format,
                                  UINT flags);
/* A blend state blending render target 0 with src/dst factors (D3D10_DDI_BLEND_*) as the
 * session's runtime describes it (D3D10.0's shared factors, or D3D10.1 / 11's per target). */
D3D10DDI_HBLENDSTATE blend_state(struct session *s, BOOL enable, D3D10_DDI_BLEND src,
                                 D3D10_DDI_BLEND dst);
/* A w x hgt B8G8R8A8 render target (bindable as a shader resource too) and its view. */
D3D10DDI_HRENDERTARGETVIEW target(struct session *s, UINT w, UINT hgt);

/* Shader-model token opcodes (the low 11 bits of an instruction token; bits 24..30 hold
 * the instruction's length in tokens). */
#define SB_DCL_TEMPS      0x68u
#define SB_RET            0x3Eu
#define SB_INSTR(op, len) (((UINT)(len) << 24) | (op))

/* Program types of the version token (D3D10_SB_TOKENIZED_PROGRAM_TYPE). */
enum { SB_PIXEL = 0, SB_VERTEX = 1, SB_GEOMETRY = 2, SB_COMPUTE = 5 };

/* A minimal token stream (version, length, dcl_temps `temps`, ret) for the refusal checks:
 * those shaders never reach the host. */
void make_tokens(UINT code[5], UINT program_type, UINT major, UINT temps);
/* Scene shader `id` (shaders/scene_shaders.h) created through the DDI as the runtime
 * creates it: its tokens and its signatures as register / mask / system value; the
 * container the shim must send is recorded (want_dxbc). */
D3D10DDI_HSHADER scene_shader(struct session *s, enum scene_shader_id id);
void set_targets(struct session *s, UINT n, const D3D10DDI_HRENDERTARGETVIEW *rtvs,
                 D3D10DDI_HDEPTHSTENCILVIEW dsv);
/* A scene pipeline (COLOR, or TEXTURE when textured): input layout by register, one vertex
 * buffer of its stride, triangle list, VS + PS, one target, a 64x64 viewport. */
void bind_pipeline(struct session *s, int textured, D3D10DDI_HRESOURCE vb,
                   D3D10DDI_HRENDERTARGETVIEW rtv, D3D10DDI_HDEPTHSTENCILVIEW dsv);
/* The COLOR pipeline. */
void bind_basic(struct session *s, D3D10DDI_HRESOURCE vb, D3D10DDI_HRENDERTARGETVIEW rtv,
                D3D10DDI_HDEPTHSTENCILVIEW dsv);
/* A vertex buffer holding the scene triangle. */
D3D10DDI_HRESOURCE triangle_vb(struct session *s);
#endif
