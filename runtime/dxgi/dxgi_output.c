/* SPDX-License-Identifier: MIT */
/* dxgi_output.c — IDXGIOutput: the adapter's one output, the desktop's display. Its modes are
 * the usual list at 60 Hz up to the desktop size; there is no scanout to take over. */
#include <stdint.h>
#include <string.h>

#include "dxgi_internal.h"

static const UINT mode_sizes[][2] = {{640, 480},   {800, 600},  {1024, 768}, {1280, 720},
                                     {1280, 1024}, {1600, 900}, {1920, 1080}};

static struct dxgi_output *impl(IDXGIOutput *iface)
{
    return CONTAINING_RECORD(iface, struct dxgi_output, iface);
}

struct dxgi_output *dxgi_output_from(IDXGIOutput *iface)
{
    return impl(iface);
}

void dxgi_desktop_size(UINT *width, UINT *height)
{
    int w = GetSystemMetrics(SM_CXSCREEN), h = GetSystemMetrics(SM_CYSCREEN);
    *width = w > 0 ? (UINT)w : 1024u;
    *height = h > 0 ? (UINT)h : 768u;
}

static HRESULT STDMETHODCALLTYPE output_qi(IDXGIOutput *iface, REFIID riid, void **out)
{
    if (out == NULL)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDXGIObject) ||
        IsEqualGUID(riid, &IID_IDXGIOutput)) {
        IDXGIOutput_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE output_addref(IDXGIOutput *iface)
{
    return (ULONG)InterlockedIncrement(&impl(iface)->refcount);
}

static ULONG STDMETHODCALLTYPE output_release(IDXGIOutput *iface)
{
    struct dxgi_output *o = impl(iface);
    LONG n = InterlockedDecrement(&o->refcount);
    if (n == 0) {
        rt_private_clear(&o->priv);
        IDXGIAdapter1_Release(&o->adapter->iface);
        HeapFree(GetProcessHeap(), 0, o);
    }
    return (ULONG)n;
}

static HRESULT STDMETHODCALLTYPE output_set_private(IDXGIOutput *iface, REFGUID guid, UINT size,
                                                    const void *data)
{
    return rt_private_set(&impl(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE output_set_private_iface(IDXGIOutput *iface, REFGUID guid,
                                                          const IUnknown *object)
{
    return rt_private_set_interface(&impl(iface)->priv, guid, object);
}

static HRESULT STDMETHODCALLTYPE output_get_private(IDXGIOutput *iface, REFGUID guid, UINT *size,
                                                    void *data)
{
    return rt_private_get(&impl(iface)->priv, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE output_get_parent(IDXGIOutput *iface, REFIID riid, void **out)
{
    return IDXGIAdapter1_QueryInterface(&impl(iface)->adapter->iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE output_get_desc(IDXGIOutput *iface, DXGI_OUTPUT_DESC *desc)
{
    static const WCHAR name[] = L"\\\\.\\DISPLAY1";
    UINT w, h;
    (void)iface;
    if (desc == NULL)
        return E_INVALIDARG;
    memset(desc, 0, sizeof *desc);
    memcpy(desc->DeviceName, name, sizeof name);
    dxgi_desktop_size(&w, &h);
    desc->DesktopCoordinates.right = (LONG)w;
    desc->DesktopCoordinates.bottom = (LONG)h;
    desc->AttachedToDesktop = TRUE;
    desc->Rotation = DXGI_MODE_ROTATION_IDENTITY;
    desc->Monitor = MonitorFromWindow(NULL, MONITOR_DEFAULTTOPRIMARY);
    return S_OK;
}

static int displayable(DXGI_FORMAT f)
{
    return f == DXGI_FORMAT_R8G8B8A8_UNORM || f == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB ||
           f == DXGI_FORMAT_B8G8R8A8_UNORM || f == DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
}

static UINT fill_modes(DXGI_FORMAT format, DXGI_MODE_DESC *modes, UINT room)
{
    UINT w, h, i, n = 0;
    dxgi_desktop_size(&w, &h);
    for (i = 0; i < sizeof mode_sizes / sizeof mode_sizes[0]; i++) {
        if (mode_sizes[i][0] > w || mode_sizes[i][1] > h)
            continue;
        if (modes != NULL && n < room) {
            memset(&modes[n], 0, sizeof modes[n]);
            modes[n].Width = mode_sizes[i][0];
            modes[n].Height = mode_sizes[i][1];
            modes[n].RefreshRate.Numerator = 60;
            modes[n].RefreshRate.Denominator = 1;
            modes[n].Format = format;
            modes[n].ScanlineOrdering = DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE;
            modes[n].Scaling = DXGI_MODE_SCALING_UNSPECIFIED;
        }
        n++;
    }
    return n;
}

static HRESULT STDMETHODCALLTYPE output_get_modes(IDXGIOutput *iface, DXGI_FORMAT format,
                                                  UINT flags, UINT *count, DXGI_MODE_DESC *modes)
{
    UINT n;
    (void)iface;
    (void)flags;
    if (count == NULL)
        return DXGI_ERROR_INVALID_CALL;
    if (!displayable(format)) {
        *count = 0;
        return S_OK;
    }
    n = fill_modes(format, modes, *count);
    if (modes != NULL && *count < n) {
        return DXGI_ERROR_MORE_DATA;
    }
    *count = n;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE output_find_mode(IDXGIOutput *iface, const DXGI_MODE_DESC *want,
                                                  DXGI_MODE_DESC *match, IUnknown *device)
{
    DXGI_MODE_DESC modes[sizeof mode_sizes / sizeof mode_sizes[0]];
    DXGI_FORMAT f;
    UINT n, i, best = 0;
    uint64_t best_cost = ~(uint64_t)0;
    (void)iface;
    if (want == NULL || match == NULL || (want->Format == DXGI_FORMAT_UNKNOWN && device == NULL))
        return DXGI_ERROR_INVALID_CALL;
    f = want->Format != DXGI_FORMAT_UNKNOWN ? want->Format : DXGI_FORMAT_R8G8B8A8_UNORM;
    n = displayable(f) ? fill_modes(f, modes, sizeof modes / sizeof modes[0]) : 0;
    if (n == 0)
        return DXGI_ERROR_NOT_FOUND;
    for (i = 0; i < n; i++) {
        int64_t dw = (int64_t)modes[i].Width - (int64_t)want->Width;
        int64_t dh = (int64_t)modes[i].Height - (int64_t)want->Height;
        uint64_t cost =
            (want->Width ? (uint64_t)(dw * dw) : 0) + (want->Height ? (uint64_t)(dh * dh) : 0);
        if (cost < best_cost) {
            best_cost = cost;
            best = i;
        }
    }
    *match = modes[best];
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE output_wait_vblank(IDXGIOutput *iface)
{
    (void)iface;
    Sleep(16);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE output_take_ownership(IDXGIOutput *iface, IUnknown *device,
                                                       WINBOOL exclusive)
{
    (void)iface;
    (void)device;
    (void)exclusive;
    return E_NOTIMPL; /* documented as not for applications */
}

static void STDMETHODCALLTYPE output_release_ownership(IDXGIOutput *iface)
{
    (void)iface;
}

static HRESULT STDMETHODCALLTYPE output_gamma_caps(IDXGIOutput *iface,
                                                   DXGI_GAMMA_CONTROL_CAPABILITIES *caps)
{
    (void)iface;
    if (caps == NULL)
        return E_INVALIDARG;
    memset(caps, 0, sizeof *caps);
    return S_OK;
}

/* Gamma needs a full-screen swap chain owning the output, which this runtime never grants. */
static HRESULT STDMETHODCALLTYPE output_set_gamma(IDXGIOutput *iface, const DXGI_GAMMA_CONTROL *g)
{
    (void)iface;
    (void)g;
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
}

static HRESULT STDMETHODCALLTYPE output_get_gamma(IDXGIOutput *iface, DXGI_GAMMA_CONTROL *g)
{
    (void)iface;
    (void)g;
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
}

static HRESULT STDMETHODCALLTYPE output_set_surface(IDXGIOutput *iface, IDXGISurface *s)
{
    (void)iface;
    (void)s;
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
}

static HRESULT STDMETHODCALLTYPE output_get_surface_data(IDXGIOutput *iface, IDXGISurface *s)
{
    (void)iface;
    (void)s;
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
}

static HRESULT STDMETHODCALLTYPE output_frame_stats(IDXGIOutput *iface, DXGI_FRAME_STATISTICS *st)
{
    (void)iface;
    (void)st;
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
}

static const IDXGIOutputVtbl output_vtbl = {
    output_qi,
    output_addref,
    output_release,
    output_set_private,
    output_set_private_iface,
    output_get_private,
    output_get_parent,
    output_get_desc,
    output_get_modes,
    output_find_mode,
    output_wait_vblank,
    output_take_ownership,
    output_release_ownership,
    output_gamma_caps,
    output_set_gamma,
    output_get_gamma,
    output_set_surface,
    output_get_surface_data,
    output_frame_stats,
};

HRESULT dxgi_output_create(struct dxgi_adapter *adapter, struct dxgi_output **out)
{
    struct dxgi_output *o =
        (struct dxgi_output *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *o);
    *out = NULL;
    if (o == NULL)
        return E_OUTOFMEMORY;
    o->iface.lpVtbl = &output_vtbl;
    o->refcount = 1;
    o->adapter = adapter;
    IDXGIAdapter1_AddRef(&adapter->iface);
    *out = o;
    return S_OK;
}
