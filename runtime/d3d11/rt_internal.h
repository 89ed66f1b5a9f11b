/* SPDX-License-Identifier: MIT */
/* rt_internal.h — d3d11.dll: the Direct3D 11 runtime over the AeroGPU driver DLL.
 *
 * Every object (device child) starts with struct rt_object, whose first member is the COM
 * vtable pointer: the object's address is its interface pointer. An object has two counts:
 * the application's references (what AddRef/Release report) and the runtime's own (bound
 * to a context, referenced by a view or a command list). It is destroyed (the driver's
 * Destroy*, its private memory freed) when both are 0, as Direct3D 11 keeps a bound object
 * alive after the application's last Release. */
#ifndef RT_INTERNAL_H
#define RT_INTERNAL_H

#include "aerogpu_ddi/ddi.h"

#include <stdint.h>

#include "aerort_kmt.h"
#include "aerort_private.h"
#include "rt_log.h"
#include "rt_private_data.h"

enum rt_kind {
    RT_BUFFER,
    RT_TEXTURE1D,
    RT_TEXTURE2D,
    RT_TEXTURE3D,
    RT_SRV,
    RT_RTV,
    RT_DSV,
    RT_UAV,
    RT_VS,
    RT_HS,
    RT_DS,
    RT_GS,
    RT_PS,
    RT_CS,
    RT_LAYOUT,
    RT_BLEND,
    RT_DEPTH_STENCIL,
    RT_RASTERIZER,
    RT_SAMPLER,
    RT_QUERY,
    RT_PREDICATE,
    RT_CLASS_LINKAGE,
    RT_CLASS_INSTANCE,
    RT_COMMAND_LIST,
    RT_KIND_COUNT
};

struct rt_device;
struct rt_object;

struct rt_object_ops {
    /* The interfaces QueryInterface answers besides IUnknown and ID3D11DeviceChild. */
    const IID *const *iids;
    /* The driver's Destroy* (called under the device lock) and the object's own cleanup. */
    void (*destroy)(struct rt_object *obj);
};

struct rt_object {
    const void *vtbl;
    LONG refcount;  /* the application's */
    LONG bindcount; /* the runtime's */
    enum rt_kind kind;
    const struct rt_object_ops *ops;
    struct rt_device *device;
    struct rt_private_store priv;
    void *drv;                /* the driver's private memory (pDrvPrivate) */
    struct rt_object *cached; /* state objects: next in the device's cache */
};

/* ---- the driver ---------------------------------------------------------------------- */

struct rt_driver {
    HMODULE module;
    D3D10DDIARG_OPENADAPTER open;
    D3D10_2DDI_ADAPTERFUNCS af;
    D3DDDI_ADAPTERCALLBACKS adapter_cb;
    D3D11DDI_DEVICEFUNCS f;
    DXGI1_1_DDI_BASE_FUNCTIONS dxgi;
    void *dxgi_guard; /* after the DXGI table: nothing may write it */
    D3DDDI_DEVICECALLBACKS kt;
    D3D11DDI_CORELAYER_DEVICECALLBACKS core;
    DXGI_DDI_BASE_CALLBACKS dxgi_cb;
    D3D10DDI_HDEVICE hdev;
    UINT threading_caps, shader_caps, pipeline_caps;
};

/* Loads the driver DLL (AEROCMD_DRIVER, else aerogpu_d3d10_x64.dll / aerogpu_d3d10.dll on
 * the DLL search path) and opens its adapter for the Windows 7 D3D11 interface. */
HRESULT rt_driver_open(struct rt_device *dev);
/* CreateDevice with the D3D11 tables; fills dev->drv.f and the DXGI table. */
HRESULT rt_driver_create_device(struct rt_device *dev);
void rt_driver_close(struct rt_device *dev);
/* The runtime's callback tables (rt_callbacks.c). */
void rt_callbacks_fill(struct rt_device *dev);

/* ---- the device ---------------------------------------------------------------------- */

struct rt_context;
struct rt_cmd;
struct rt_pending_map;

struct rt_device {
    ID3D11Device iface;
    IDXGIDevice1 dxgi_iface;
    IAeroRtDevice aero_iface;
    LONG refcount;
    CRITICAL_SECTION lock; /* every driver call */
    struct rt_driver drv;
    void *drv_device; /* the driver's device memory */
    struct aerort_kmt_device *kmt;
    struct rt_context *immediate;
    IDXGIAdapter *adapter;
    D3D_FEATURE_LEVEL level;
    UINT flags;
    BOOL single_threaded; /* D3D11_CREATE_DEVICE_SINGLETHREADED */
    UINT frame_latency;
    HRESULT ddi_error; /* the last pfnSetErrorCb since it was cleared */
    HRESULT removed;   /* why the device was lost; S_OK while it is not */
    struct rt_private_store priv;
    struct rt_object *cache[RT_KIND_COUNT]; /* live state objects by kind */
};

struct rt_device *rt_device_from(ID3D11Device *iface);
HRESULT rt_device_create(IDXGIAdapter *adapter, D3D_FEATURE_LEVEL level, UINT flags,
                         struct rt_device **out);

/* Driver calls are serialised (the driver reports no free threading), unless the
 * application made the device D3D11_CREATE_DEVICE_SINGLETHREADED, as Microsoft's runtime
 * does. */
#define RT_LOCK(dev)                                                                               \
    do {                                                                                           \
        if (!(dev)->single_threaded)                                                               \
            EnterCriticalSection(&(dev)->lock);                                                    \
    } while (0)
#define RT_UNLOCK(dev)                                                                             \
    do {                                                                                           \
        if (!(dev)->single_threaded)                                                               \
            LeaveCriticalSection(&(dev)->lock);                                                    \
    } while (0)

/* Around a void driver call: clear, call, read what pfnSetErrorCb said. */
static inline void rt_ddi_begin(struct rt_device *dev)
{
    dev->ddi_error = S_OK;
}
HRESULT rt_ddi_end(struct rt_device *dev);

/* Driver-private memory of `size` bytes, zeroed; NULL when out of memory. */
void *rt_alloc(SIZE_T size);
void rt_free(void *p);

/* ---- objects ------------------------------------------------------------------------- */

/* A new object of `bytes` (at least sizeof(struct rt_object)) with one application
 * reference, holding the device; drv_size bytes of driver memory. */
void *rt_object_new(struct rt_device *dev, size_t bytes, enum rt_kind kind, const void *vtbl,
                    const struct rt_object_ops *ops, SIZE_T drv_size);
/* Frees an object whose driver object was never created (a failed Create*). */
void rt_object_discard(struct rt_object *obj);
ULONG rt_object_addref(struct rt_object *obj);
ULONG rt_object_release(struct rt_object *obj);
HRESULT rt_object_qi(struct rt_object *obj, REFIID riid, void **out);
void rt_object_get_device(struct rt_object *obj, ID3D11Device **out);
/* The runtime's references. */
void rt_object_hold(struct rt_object *obj);
void rt_object_drop(struct rt_object *obj);
/* Replaces *slot with obj, moving the runtime's reference. */
void rt_object_bind(struct rt_object **slot, struct rt_object *obj);

/* The COM methods every device child has, for interface type T, forwarding to rt_object_*. */
#define RT_CHILD_METHODS(prefix, T)                                                                \
    static HRESULT STDMETHODCALLTYPE prefix##_qi(T *iface, REFIID riid, void **out)                \
    {                                                                                              \
        return rt_object_qi((struct rt_object *)iface, riid, out);                                 \
    }                                                                                              \
    static ULONG STDMETHODCALLTYPE prefix##_addref(T *iface)                                       \
    {                                                                                              \
        return rt_object_addref((struct rt_object *)iface);                                        \
    }                                                                                              \
    static ULONG STDMETHODCALLTYPE prefix##_release(T *iface)                                      \
    {                                                                                              \
        return rt_object_release((struct rt_object *)iface);                                       \
    }                                                                                              \
    static void STDMETHODCALLTYPE prefix##_get_device(T *iface, ID3D11Device **out)                \
    {                                                                                              \
        rt_object_get_device((struct rt_object *)iface, out);                                      \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE prefix##_get_private(T *iface, REFGUID g, UINT *n, void *d)   \
    {                                                                                              \
        return rt_private_get(&((struct rt_object *)iface)->priv, g, n, d);                        \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE prefix##_set_private(T *iface, REFGUID g, UINT n,             \
                                                          const void *d)                           \
    {                                                                                              \
        return rt_private_set(&((struct rt_object *)iface)->priv, g, n, d);                        \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE prefix##_set_private_iface(T *iface, REFGUID g,               \
                                                                const IUnknown *u)                 \
    {                                                                                              \
        return rt_private_set_interface(&((struct rt_object *)iface)->priv, g, u);                 \
    }
/* IUnknown and private data of another interface a resource answers (IDXGIResource,
 * IDXGISurface1), kept in the resource's `member`: the resource's own (one identity, one
 * count, one private-data store). Defines prefix##_res(iface) too. */
#define RT_RESOURCE_FACE_METHODS(prefix, T, member)                                                \
    static struct rt_resource *prefix##_res(T *iface)                                              \
    {                                                                                              \
        return CONTAINING_RECORD(iface, struct rt_resource, member);                               \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE prefix##_qi(T *iface, REFIID riid, void **out)                \
    {                                                                                              \
        return rt_object_qi(&prefix##_res(iface)->obj, riid, out);                                 \
    }                                                                                              \
    static ULONG STDMETHODCALLTYPE prefix##_addref(T *iface)                                       \
    {                                                                                              \
        return rt_object_addref(&prefix##_res(iface)->obj);                                        \
    }                                                                                              \
    static ULONG STDMETHODCALLTYPE prefix##_release(T *iface)                                      \
    {                                                                                              \
        return rt_object_release(&prefix##_res(iface)->obj);                                       \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE prefix##_set_private(T *iface, REFGUID g, UINT n,             \
                                                          const void *d)                           \
    {                                                                                              \
        return rt_private_set(&prefix##_res(iface)->obj.priv, g, n, d);                            \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE prefix##_set_private_iface(T *iface, REFGUID g,               \
                                                                const IUnknown *u)                 \
    {                                                                                              \
        return rt_private_set_interface(&prefix##_res(iface)->obj.priv, g, u);                     \
    }                                                                                              \
    static HRESULT STDMETHODCALLTYPE prefix##_get_private(T *iface, REFGUID g, UINT *n, void *d)   \
    {                                                                                              \
        return rt_private_get(&prefix##_res(iface)->obj.priv, g, n, d);                            \
    }

#define RT_CHILD_VTBL(prefix)                                                                      \
    prefix##_qi, prefix##_addref, prefix##_release, prefix##_get_device, prefix##_get_private,     \
        prefix##_set_private, prefix##_set_private_iface

/* The object behind an interface pointer of one of this runtime's kinds, or NULL (a NULL
 * pointer, another implementation's object, or another kind). */
struct rt_object *rt_object_of(const void *iface, enum rt_kind kind);
struct rt_object *rt_resource_of(const void *iface); /* buffer or texture */

/* ---- resources ------------------------------------------------------------------------ */

struct rt_resource {
    struct rt_object obj;
    D3D11_RESOURCE_DIMENSION dimension;
    UINT width, height, depth; /* depth: Texture3D; array size otherwise */
    UINT mip_levels, array_size;
    DXGI_FORMAT format;
    DXGI_SAMPLE_DESC sample;
    D3D11_USAGE usage;
    UINT bind, cpu_access, misc;
    UINT stride; /* buffers: StructureByteStride */
    UINT min_lod;
    uint64_t mapped; /* bit per subresource (first 64) mapped */
    BOOL swapchain;  /* a swap chain's buffer (BIND_PRESENT) */
    BOOL discard_on_present;
    IDXGISurface1 surface;     /* 2D textures: their DXGI surface (rt_surface.c) */
    IDXGIResource dxgi;        /* the same object's IDXGIResource (rt_dxgi_resource.c) */
    UINT eviction;             /* the eviction priority (a hint: everything is resident) */
    D3DKMT_HANDLE km_resource; /* the kernel resource of its allocations (pfnAllocateCb) */
    HANDLE shared;             /* the shared handle (MISC_SHARED, or opened); else NULL */
    D3DKMT_HANDLE *opened;     /* an opened resource's kernel allocations: the runtime's */
    UINT opened_count;
    struct rt_gdi *gdi; /* the DC IDXGISurface1::GetDC handed out, until ReleaseDC */
};

struct rt_resource *rt_resource_from(const void *iface);
/* IDXGISurface1::GetDC / ReleaseDC of a GDI_COMPATIBLE texture (rt_surface_dc.c); the DC
 * of a resource destroyed while it is out. */
HRESULT rt_surface_get_dc(struct rt_resource *r, HDC *hdc);
HRESULT rt_surface_release_dc(struct rt_resource *r);
void rt_surface_dc_free(struct rt_resource *r);
/* The DXGI side and defaults every resource object gets (rt_dxgi_resource.c). */
void rt_resource_init_dxgi(struct rt_resource *r);
/* QueryInterface for the DXGI interfaces of a resource; E_NOINTERFACE for others. */
HRESULT rt_resource_qi_dxgi(struct rt_resource *r, REFIID riid, void **out);
/* The driver's DestroyResource, then the kernel allocations an opened resource owns. */
void rt_resource_destroy(struct rt_object *obj);
/* A MISC_SHARED resource just created: its description to the kernel, its shared handle
 * back (rt_share.c). */
void rt_share_publish(struct rt_device *dev, struct rt_resource *r);
HRESULT STDMETHODCALLTYPE rt_open_shared(ID3D11Device *iface, HANDLE h, REFIID riid, void **out);
UINT rt_resource_subresources(const struct rt_resource *r);
/* The driver's private memory of a resource, of the size its CalcPrivate*Size gave (any
 * earlier block freed): S_OK or E_OUTOFMEMORY. */
HRESULT rt_resource_reserve_drv(struct rt_resource *r, SIZE_T size);
/* The resource's description as the DDI's CreateResource takes it (rt_resource_ddi.c). */
HRESULT rt_resource_create_ddi(struct rt_device *dev, struct rt_resource *r,
                               const D3D11_SUBRESOURCE_DATA *init, DXGI_DDI_PRIMARY_DESC *primary);
/* A swap chain's buffer: BIND_PRESENT, DISCARD_ON_PRESENT for discard chains, a primary
 * description when it may be scanned out. */
struct rt_present_target {
    BOOL discard;
    DXGI_DDI_PRIMARY_DESC *primary;
};
/* CreateTexture2D; present NULL for the application's own textures. */
HRESULT rt_texture2d_create(struct rt_device *dev, const D3D11_TEXTURE2D_DESC *desc,
                            const D3D11_SUBRESOURCE_DATA *init,
                            const struct rt_present_target *present, ID3D11Texture2D **out);

/* The DXGI surface of a 2D texture: one object, one count with the texture. QueryInterface
 * answers IDXGISurface / IDXGISurface1 for a texture of one subresource (rt_surface.c). */
void rt_surface_init(struct rt_resource *r);
/* S_OK with *out set and a reference taken, else E_NOINTERFACE. */
HRESULT rt_surface_query(struct rt_object *obj, REFIID riid, void **out);

/* Views hold their resource with the runtime's reference. */
struct rt_view {
    struct rt_object obj;
    struct rt_resource *resource;
    union {
        D3D11_SHADER_RESOURCE_VIEW_DESC srv;
        D3D11_RENDER_TARGET_VIEW_DESC rtv;
        D3D11_DEPTH_STENCIL_VIEW_DESC dsv;
        D3D11_UNORDERED_ACCESS_VIEW_DESC uav;
    } desc;
    UINT span[4]; /* mips [span[0], span[1]), slices [span[2], span[3]): rt_view_span.c */
};

/* ---- the device's creation methods (rt_device_*.c) ---------------------------------------- */

HRESULT STDMETHODCALLTYPE rt_create_buffer(ID3D11Device *iface, const D3D11_BUFFER_DESC *desc,
                                           const D3D11_SUBRESOURCE_DATA *data, ID3D11Buffer **out);
HRESULT STDMETHODCALLTYPE rt_create_texture1d(ID3D11Device *iface, const D3D11_TEXTURE1D_DESC *desc,
                                              const D3D11_SUBRESOURCE_DATA *data,
                                              ID3D11Texture1D **out);
HRESULT STDMETHODCALLTYPE rt_create_texture2d(ID3D11Device *iface, const D3D11_TEXTURE2D_DESC *desc,
                                              const D3D11_SUBRESOURCE_DATA *data,
                                              ID3D11Texture2D **out);
HRESULT STDMETHODCALLTYPE rt_create_texture3d(ID3D11Device *iface, const D3D11_TEXTURE3D_DESC *desc,
                                              const D3D11_SUBRESOURCE_DATA *data,
                                              ID3D11Texture3D **out);
HRESULT STDMETHODCALLTYPE rt_create_srv(ID3D11Device *iface, ID3D11Resource *res,
                                        const D3D11_SHADER_RESOURCE_VIEW_DESC *desc,
                                        ID3D11ShaderResourceView **out);
HRESULT STDMETHODCALLTYPE rt_create_uav(ID3D11Device *iface, ID3D11Resource *res,
                                        const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
                                        ID3D11UnorderedAccessView **out);
HRESULT STDMETHODCALLTYPE rt_create_rtv(ID3D11Device *iface, ID3D11Resource *res,
                                        const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                                        ID3D11RenderTargetView **out);
HRESULT STDMETHODCALLTYPE rt_create_dsv(ID3D11Device *iface, ID3D11Resource *res,
                                        const D3D11_DEPTH_STENCIL_VIEW_DESC *desc,
                                        ID3D11DepthStencilView **out);
HRESULT STDMETHODCALLTYPE rt_create_input_layout(ID3D11Device *iface,
                                                 const D3D11_INPUT_ELEMENT_DESC *elements,
                                                 UINT count, const void *bytecode, SIZE_T length,
                                                 ID3D11InputLayout **out);
HRESULT STDMETHODCALLTYPE rt_create_vs(ID3D11Device *iface, const void *code, SIZE_T length,
                                       ID3D11ClassLinkage *linkage, ID3D11VertexShader **out);
HRESULT STDMETHODCALLTYPE rt_create_gs(ID3D11Device *iface, const void *code, SIZE_T length,
                                       ID3D11ClassLinkage *linkage, ID3D11GeometryShader **out);
/* A new shader object of `kind` (RT_VS ... RT_CS) with drv_size bytes of driver memory. */
struct rt_object *rt_shader_new(struct rt_device *dev, enum rt_kind kind, SIZE_T drv_size);
HRESULT STDMETHODCALLTYPE rt_create_gs_so(ID3D11Device *iface, const void *code, SIZE_T length,
                                          const D3D11_SO_DECLARATION_ENTRY *decl, UINT entries,
                                          const UINT *strides, UINT num_strides, UINT rasterized,
                                          ID3D11ClassLinkage *linkage, ID3D11GeometryShader **out);
HRESULT STDMETHODCALLTYPE rt_create_ps(ID3D11Device *iface, const void *code, SIZE_T length,
                                       ID3D11ClassLinkage *linkage, ID3D11PixelShader **out);
HRESULT STDMETHODCALLTYPE rt_create_hs(ID3D11Device *iface, const void *code, SIZE_T length,
                                       ID3D11ClassLinkage *linkage, ID3D11HullShader **out);
HRESULT STDMETHODCALLTYPE rt_create_ds(ID3D11Device *iface, const void *code, SIZE_T length,
                                       ID3D11ClassLinkage *linkage, ID3D11DomainShader **out);
HRESULT STDMETHODCALLTYPE rt_create_cs(ID3D11Device *iface, const void *code, SIZE_T length,
                                       ID3D11ClassLinkage *linkage, ID3D11ComputeShader **out);
HRESULT STDMETHODCALLTYPE rt_create_class_linkage(ID3D11Device *iface, ID3D11ClassLinkage **out);
HRESULT STDMETHODCALLTYPE rt_create_blend_state(ID3D11Device *iface, const D3D11_BLEND_DESC *desc,
                                                ID3D11BlendState **out);
HRESULT STDMETHODCALLTYPE rt_create_depth_stencil_state(ID3D11Device *iface,
                                                        const D3D11_DEPTH_STENCIL_DESC *desc,
                                                        ID3D11DepthStencilState **out);
HRESULT STDMETHODCALLTYPE rt_create_rasterizer_state(ID3D11Device *iface,
                                                     const D3D11_RASTERIZER_DESC *desc,
                                                     ID3D11RasterizerState **out);
HRESULT STDMETHODCALLTYPE rt_create_sampler_state(ID3D11Device *iface,
                                                  const D3D11_SAMPLER_DESC *desc,
                                                  ID3D11SamplerState **out);
HRESULT STDMETHODCALLTYPE rt_create_query(ID3D11Device *iface, const D3D11_QUERY_DESC *desc,
                                          ID3D11Query **out);
HRESULT STDMETHODCALLTYPE rt_create_predicate(ID3D11Device *iface, const D3D11_QUERY_DESC *desc,
                                              ID3D11Predicate **out);
HRESULT STDMETHODCALLTYPE rt_create_counter(ID3D11Device *iface, const D3D11_COUNTER_DESC *desc,
                                            ID3D11Counter **out);
HRESULT STDMETHODCALLTYPE rt_check_format_support(ID3D11Device *iface, DXGI_FORMAT format,
                                                  UINT *support);
HRESULT STDMETHODCALLTYPE rt_check_multisample(ID3D11Device *iface, DXGI_FORMAT format,
                                               UINT samples, UINT *levels);
void STDMETHODCALLTYPE rt_check_counter_info(ID3D11Device *iface, D3D11_COUNTER_INFO *info);
HRESULT STDMETHODCALLTYPE rt_check_counter(ID3D11Device *iface, const D3D11_COUNTER_DESC *desc,
                                           D3D11_COUNTER_TYPE *type, UINT *active, char *name,
                                           UINT *name_length, char *units, UINT *units_length,
                                           char *description, UINT *description_length);
HRESULT STDMETHODCALLTYPE rt_check_feature_support(ID3D11Device *iface, D3D11_FEATURE feature,
                                                   void *data, UINT size);

/* ---- shaders and signatures (rt_dxbc.c) ---------------------------------------------------- */

#define RT_MAX_SIGNATURE 32u

struct rt_signature_element {
    const char *name; /* into the bytecode */
    UINT index;
    UINT system_value; /* D3D_NAME */
    UINT component_type;
    UINT reg;
    BYTE mask;
    BYTE rw_mask;
    UINT stream;
};

struct rt_signature {
    struct rt_signature_element e[RT_MAX_SIGNATURE];
    UINT count;
};

struct rt_dxbc {
    const UINT *tokens; /* the SHDR / SHEX chunk's tokens */
    UINT token_count;
    struct rt_signature in, out;
};

/* Reads a DXBC container: its shader chunk and its input and output signatures. E_INVALIDARG
 * for anything malformed. */
HRESULT rt_dxbc_parse(const void *code, SIZE_T length, struct rt_dxbc *out);
/* The application's bytecode copied (the driver keeps pointers into it while the object is
 * made): E_INVALIDARG for none or more than 256 MiB, E_OUTOFMEMORY. */
HRESULT rt_dxbc_copy(const void *code, SIZE_T length, void **copy);
/* As rt_dxbc_parse, and a container without a shader chunk (an output signature blob, as
 * D3DGetOutputSignatureBlob makes) is read too: tokens NULL. */
HRESULT rt_dxbc_read(const void *code, SIZE_T length, struct rt_dxbc *out);
/* The signature's elements as the DDI gives them (register, mask, D3D10_SB_NAME). */
UINT rt_dxbc_ddi_signature(const struct rt_signature *s, D3D10DDIARG_SIGNATURE_ENTRY *out,
                           UINT room);

/* ---- the immediate context -------------------------------------------------------------- */

#define RT_STAGES 6 /* VS, HS, DS, GS, PS, CS */
enum { RT_STAGE_VS, RT_STAGE_HS, RT_STAGE_DS, RT_STAGE_GS, RT_STAGE_PS, RT_STAGE_CS };

struct rt_stage {
    struct rt_object *shader;
    struct rt_object *cb[D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT];
    struct rt_object *srv[D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT];
    struct rt_object *sampler[D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT];
};

struct rt_context {
    ID3D11DeviceContext iface;
    LONG refcount;
    struct rt_device *device;
    BOOL deferred;
    struct rt_private_store priv;
    struct rt_stage stage[RT_STAGES];
    struct rt_object *cs_uav[D3D11_PS_CS_UAV_REGISTER_COUNT];
    struct rt_object *om_uav[D3D11_PS_CS_UAV_REGISTER_COUNT];
    struct rt_object *layout;
    struct rt_object *vb[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
    UINT vb_stride[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
    UINT vb_offset[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
    struct rt_object *ib;
    DXGI_FORMAT ib_format;
    UINT ib_offset;
    D3D11_PRIMITIVE_TOPOLOGY topology;
    struct rt_object *rasterizer;
    D3D11_VIEWPORT viewports[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    UINT viewport_count;
    D3D11_RECT scissors[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    UINT scissor_count;
    struct rt_object *rtv[D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT];
    struct rt_object *dsv;
    struct rt_object *blend;
    FLOAT blend_factor[4];
    UINT sample_mask;
    struct rt_object *depth_stencil;
    UINT stencil_ref;
    struct rt_object *so[D3D11_SO_BUFFER_SLOT_COUNT];
    UINT so_offset[D3D11_SO_BUFFER_SLOT_COUNT];
    struct rt_object *predicate;
    BOOL predicate_value;
    /* Deferred contexts: the calls recorded since the last FinishCommandList. */
    struct rt_cmd *cmds, *cmds_tail;
    BOOL dirty;                  /* bindings changed since the last recorded call */
    struct rt_pending_map *maps; /* Map(WRITE_DISCARD) not yet unmapped */
    UINT map_count;
};

HRESULT rt_context_create(struct rt_device *dev, BOOL deferred, struct rt_context **out);
void rt_context_destroy(struct rt_context *ctx);
static inline struct rt_context *rt_context_from(ID3D11DeviceContext *iface)
{
    return CONTAINING_RECORD(iface, struct rt_context, iface);
}
/* Unbinds everything (ClearState) without telling the driver (device teardown). */
void rt_context_forget(struct rt_context *ctx);
/* The context's vtable entries, by area (rt_ctx_*.c fill their part). */
void rt_ctx_fill_stages(ID3D11DeviceContextVtbl *t);
void rt_ctx_fill_ia(ID3D11DeviceContextVtbl *t);
void rt_ctx_fill_om_rs(ID3D11DeviceContextVtbl *t);
void rt_ctx_fill_draw(ID3D11DeviceContextVtbl *t);
void rt_ctx_fill_resources(ID3D11DeviceContextVtbl *t);
void rt_ctx_fill_queries(ID3D11DeviceContextVtbl *t);

/* Reports what the driver said about a void call made on the context (device removal). */
void rt_context_check(struct rt_context *ctx);

/* The driver handle of an object (NULL object: NULL handle). */
static inline void *rt_drv(const struct rt_object *obj)
{
    return obj != NULL ? obj->drv : NULL;
}

#endif
