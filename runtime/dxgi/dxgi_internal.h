/* SPDX-License-Identifier: MIT */
/* dxgi_internal.h — the DXGI objects of dxgi.dll: factory, the one adapter, its output,
 * swap chains. */
#ifndef DXGI_INTERNAL_H
#define DXGI_INTERNAL_H

#define AERORT_DXGI_BUILD 1
#include <windows.h>
#include <dxgi.h>

#include "aerort_private.h"
#include "rt_log.h"
#include "rt_private_data.h"

struct dxgi_factory {
    IDXGIFactory1 iface;
    LONG refcount;
    BOOL extended; /* made by CreateDXGIFactory1: IDXGIFactory1 answers */
    HWND window;   /* MakeWindowAssociation */
    struct rt_private_store priv;
};

struct dxgi_adapter {
    IDXGIAdapter1 iface;
    LONG refcount;
    struct dxgi_factory *factory; /* the parent, held */
    LUID luid;
    struct rt_private_store priv;
};

struct dxgi_output {
    IDXGIOutput iface;
    LONG refcount;
    struct dxgi_adapter *adapter; /* the parent, held */
    struct rt_private_store priv;
};

HRESULT dxgi_factory_create(BOOL extended, REFIID riid, void **out);
struct dxgi_factory *dxgi_factory_from(IDXGIFactory *iface);
HRESULT dxgi_adapter_create(struct dxgi_factory *factory, struct dxgi_adapter **out);
HRESULT dxgi_output_create(struct dxgi_adapter *adapter, struct dxgi_output **out);
struct dxgi_output *dxgi_output_from(IDXGIOutput *iface);
HRESULT dxgi_swapchain_create(struct dxgi_factory *factory, IUnknown *device,
                              const DXGI_SWAP_CHAIN_DESC *desc, IDXGISwapChain **out);

/* The display the one output stands for: its desktop size. */
void dxgi_desktop_size(UINT *width, UINT *height);

#endif
