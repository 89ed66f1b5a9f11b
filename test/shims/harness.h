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

#endif
