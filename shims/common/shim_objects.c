/* SPDX-License-Identifier: MIT */
/* shim_objects.c — resources, views, shaders, input layouts, samplers and state objects:
 * DDI descriptions into libaerocmd descriptions. */
#include <string.h>

#include "aerocmd/umd_ddi.h"
#include "shim_entry.h"
#include "shim_result.h"

static uint32_t f32_bits(FLOAT f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* ---- resources ------------------------------------------------------------------------ */

SIZE_T shim_resource_private_size(void)
{
    return SHIM_OBJECT_BYTES(aerocmd_umd_resource_size());
}

/* The runtime's initial data, one entry per subresource, in libaerocmd's form (heap memory
 * the caller frees; NULL without initial data). */
static aerocmd_result initial_data_of(const struct aerocmd_umd_ddi_resource_desc *d,
                                      const D3D10_DDIARG_SUBRESOURCE_UP *in,
                                      struct aerocmd_umd_subresource_data **out)
{
    uint32_t count =
        d->dimension == AEROCMD_DDI_DIMENSION_BUFFER ? 1u : d->mip_levels * d->array_size;
    uint32_t i;
    *out = NULL;
    if (in == NULL || count == 0)
        return AEROCMD_OK;
    *out =
        (struct aerocmd_umd_subresource_data *)HeapAlloc(GetProcessHeap(), 0, count * sizeof **out);
    if (*out == NULL)
        return AEROCMD_E_OUT_OF_MEMORY;
    for (i = 0; i < count; i++) {
        (*out)[i].data = in[i].pSysMem;
        (*out)[i].row_pitch = in[i].SysMemPitch;
    }
    return AEROCMD_OK;
}

/* A shareable resource's allocation belongs to the runtime's resource (pfnAllocateCb's
 * hResource = the HRTRESOURCE), so the OS can open it in another process. */
void shim_create_resource(struct shim_device *dev, const struct aerocmd_umd_ddi_resource_desc *d,
                          const D3D10_DDIARG_SUBRESOURCE_UP *initial, D3D10DDI_HRTRESOURCE rt,
                          void *drv_private)
{
    size_t size;
    void *mem = shim_object_place(drv_private, aerocmd_umd_resource_size(), &size);
    struct aerocmd_umd_subresource_data *init = NULL;
    struct aerocmd_umd_resource *res = NULL;
    aerocmd_result r = initial_data_of(d, initial, &init);
    if (r == AEROCMD_OK) {
        if (d->misc_flags & AEROCMD_DDI_MISC_SHARED)
            dev->rt.allocating_for = rt.handle;
        r = aerocmd_umd_create_ddi_resource(dev->dev, mem, size, d, init, &res);
        dev->rt.allocating_for = NULL;
    }
    if (init != NULL)
        HeapFree(GetProcessHeap(), 0, init);
    if (r == AEROCMD_OK)
        ((struct shim_object *)drv_private)->obj = res;
    shim_report_result(dev, r);
}

SIZE_T APIENTRY shim_calc_opened_resource_size(D3D10DDI_HDEVICE h,
                                               CONST D3D10DDIARG_OPENRESOURCE *a)
{
    (void)h;
    (void)a;
    return shim_resource_private_size();
}

/* The resource's description is the allocation's private data as the OS preserved it
 * (the creator's v2 blob, or a D3D9Ex driver's); libaerocmd rebuilds it from that and
 * IMPORTs its token. OpenResource may report only E_OUTOFMEMORY or DEVICEREMOVED: any
 * other refusal is reported as E_OUTOFMEMORY (the runtime then drops the handle). */
void APIENTRY shim_open_resource(D3D10DDI_HDEVICE h, CONST D3D10DDIARG_OPENRESOURCE *a,
                                 D3D10DDI_HRESOURCE res, D3D10DDI_HRTRESOURCE rt)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_open_desc d;
    struct aerocmd_umd_resource *out = NULL;
    size_t size;
    void *mem = shim_object_place(res.pDrvPrivate, aerocmd_umd_resource_size(), &size);
    aerocmd_result r = AEROCMD_E_INVALID_ARG;
    (void)rt;
    if (a->NumAllocations == 1 && a->pOpenAllocationInfo != NULL) {
        d.private_data = a->pOpenAllocationInfo[0].pPrivateDriverData;
        d.private_data_bytes = a->pOpenAllocationInfo[0].PrivateDriverDataSize;
        d.os_handle = a->pOpenAllocationInfo[0].hAllocation;
        r = aerocmd_umd_open_resource(dev->dev, mem, size, &d, &out);
    }
    if (r == AEROCMD_OK)
        ((struct shim_object *)res.pDrvPrivate)->obj = out;
    else if (r != AEROCMD_E_DEVICE_REMOVED)
        r = AEROCMD_E_OUT_OF_MEMORY;
    shim_report_result(dev, r);
}

void APIENTRY shim_destroy_resource(D3D10DDI_HDEVICE h, D3D10DDI_HRESOURCE res)
{
    struct aerocmd_umd_resource *r = (struct aerocmd_umd_resource *)shim_obj(res.pDrvPrivate);
    if (r != NULL) {
        aerocmd_umd_destroy_resource(r);
        ((struct shim_object *)res.pDrvPrivate)->obj = NULL;
    }
    (void)h;
}

/* ---- views ---------------------------------------------------------------------------- */

SIZE_T shim_view_private_size(void)
{
    return SHIM_OBJECT_BYTES(aerocmd_umd_view_size());
}

void shim_create_view(struct shim_device *dev, enum aerocmd_view_kind kind, void *res_private,
                      uint32_t dimension, const struct aerocmd_umd_view_desc *desc,
                      void *drv_private)
{
    size_t size;
    void *mem = shim_object_place(drv_private, aerocmd_umd_view_size(), &size);
    struct aerocmd_umd_view *view = NULL;
    aerocmd_result r = aerocmd_umd_create_ddi_view(
        dev->dev, mem, size, kind, (struct aerocmd_umd_resource *)shim_obj(res_private), dimension,
        desc, &view);
    if (r == AEROCMD_OK)
        ((struct shim_object *)drv_private)->obj = view;
    shim_report_result(dev, r);
}

static void destroy_view(void *drv_private)
{
    struct aerocmd_umd_view *v = (struct aerocmd_umd_view *)shim_obj(drv_private);
    if (v != NULL) {
        aerocmd_umd_destroy_view(v);
        ((struct shim_object *)drv_private)->obj = NULL;
    }
}

void APIENTRY shim_destroy_srv(D3D10DDI_HDEVICE h, D3D10DDI_HSHADERRESOURCEVIEW v)
{
    (void)h;
    destroy_view(v.pDrvPrivate);
}

void APIENTRY shim_destroy_rtv(D3D10DDI_HDEVICE h, D3D10DDI_HRENDERTARGETVIEW v)
{
    (void)h;
    destroy_view(v.pDrvPrivate);
}

void APIENTRY shim_destroy_dsv(D3D10DDI_HDEVICE h, D3D10DDI_HDEPTHSTENCILVIEW v)
{
    (void)h;
    destroy_view(v.pDrvPrivate);
}

SHIM_DEFINE_VIEW_ENTRIES(, shim_calc_rtv_size, shim_create_rtv, D3D10DDIARG_CREATERENDERTARGETVIEW,
                         D3D10DDI_HRENDERTARGETVIEW, D3D10DDI_HRTRENDERTARGETVIEW,
                         AEROCMD_VIEW_RENDER_TARGET, SHIM_RTV_DESC_FROM)

/* ---- shaders -------------------------------------------------------------------------- */

/* The shader's container lives in memory from the device's allocator (libaerocmd keeps it
 * for as long as the shader), so the runtime's private memory only holds the object. */
SIZE_T shim_shader_private_size(void)
{
    return SHIM_OBJECT_BYTES(aerocmd_umd_shader_size());
}

/* The DDI does not say a component type; libaerocmd's 0 means "unknown" too. */
static void entries_from_ddi(const D3D10DDIARG_SIGNATURE_ENTRY *in, UINT count,
                             struct aerocmd_umd_signature_entry *out)
{
    UINT i;
    for (i = 0; i < count; i++) {
        out[i].register_index = in[i].Register;
        out[i].mask = in[i].Mask;
        out[i].system_value = (uint32_t)in[i].SystemValue;
        out[i].component_type = 0;
        out[i].semantic_name = NULL; /* synthesized from the register (umd_dxbc.h) */
        out[i].semantic_index = 0;
    }
}

/* Both lists go into one heap block (*storage, NULL when both are empty) that the caller
 * frees after creating the shader. sig NULL (compute) means no signatures. */
static aerocmd_result signatures_from_ddi(const D3D10DDIARG_STAGE_IO_SIGNATURES *sig,
                                          struct aerocmd_umd_shader_signatures *out,
                                          struct aerocmd_umd_signature_entry **storage)
{
    UINT in_count = sig != NULL ? sig->NumInputSignatureEntries : 0u;
    UINT out_count = sig != NULL ? sig->NumOutputSignatureEntries : 0u;
    struct aerocmd_umd_signature_entry *e;
    memset(out, 0, sizeof *out);
    *storage = NULL;
    if (in_count > AEROCMD_UMD_MAX_SIGNATURE_ENTRIES ||
        out_count > AEROCMD_UMD_MAX_SIGNATURE_ENTRIES)
        return AEROCMD_E_INVALID_ARG;
    if (in_count + out_count == 0)
        return AEROCMD_OK;
    if ((in_count != 0 && sig->pInputSignature == NULL) ||
        (out_count != 0 && sig->pOutputSignature == NULL))
        return AEROCMD_E_INVALID_ARG;
    e = (struct aerocmd_umd_signature_entry *)HeapAlloc(GetProcessHeap(), 0,
                                                        (in_count + out_count) * sizeof *e);
    if (e == NULL)
        return AEROCMD_E_OUT_OF_MEMORY;
    entries_from_ddi(sig->pInputSignature, in_count, e);
    entries_from_ddi(sig->pOutputSignature, out_count, e + in_count);
    out->inputs = e;
    out->input_count = in_count;
    out->outputs = e + in_count;
    out->output_count = out_count;
    *storage = e;
    return AEROCMD_OK;
}

/* code is the bare token stream the runtime passes; it states its own length in token 1,
 * which is all the runtime says about the buffer's size. */
void shim_create_shader(struct shim_device *dev, enum aerocmd_shader_kind kind, const UINT *code,
                        const D3D10DDIARG_STAGE_IO_SIGNATURES *sig, void *drv_private)
{
    size_t size;
    void *mem = shim_object_place(drv_private, aerocmd_umd_shader_size(), &size);
    struct aerocmd_umd_shader_signatures sigs;
    struct aerocmd_umd_signature_entry *storage = NULL;
    struct aerocmd_umd_shader *shader = NULL;
    aerocmd_result r = AEROCMD_E_INVALID_ARG;
    if (code != NULL)
        r = signatures_from_ddi(sig, &sigs, &storage);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_create_shader_from_tokens(dev->dev, mem, size, kind, code, code[1], &sigs,
                                                  &shader);
    if (storage != NULL)
        HeapFree(GetProcessHeap(), 0, storage);
    if (r == AEROCMD_OK)
        ((struct shim_object *)drv_private)->obj = shader;
    shim_report_result(dev, r);
}

SIZE_T APIENTRY shim_calc_shader_size(D3D10DDI_HDEVICE h, CONST UINT *code,
                                      CONST D3D10DDIARG_STAGE_IO_SIGNATURES *sig)
{
    (void)h;
    (void)code;
    (void)sig;
    return shim_shader_private_size();
}

#define SHIM_CREATE_SHADER_ENTRY(name, kind)                                                       \
    void APIENTRY name(D3D10DDI_HDEVICE h, CONST UINT *code, D3D10DDI_HSHADER s,                   \
                       D3D10DDI_HRTSHADER rt, CONST D3D10DDIARG_STAGE_IO_SIGNATURES *sig)          \
    {                                                                                              \
        (void)rt;                                                                                  \
        shim_create_shader(shim_dev(h), kind, code, sig, s.pDrvPrivate);                           \
    }
SHIM_CREATE_SHADER_ENTRY(shim_create_vs, AEROCMD_SHADER_VS)
SHIM_CREATE_SHADER_ENTRY(shim_create_gs, AEROCMD_SHADER_GS)
SHIM_CREATE_SHADER_ENTRY(shim_create_ps, AEROCMD_SHADER_PS)

void APIENTRY shim_destroy_shader(D3D10DDI_HDEVICE h, D3D10DDI_HSHADER s)
{
    struct aerocmd_umd_shader *sh = (struct aerocmd_umd_shader *)shim_obj(s.pDrvPrivate);
    (void)h;
    if (sh != NULL) {
        aerocmd_umd_destroy_shader(sh);
        ((struct shim_object *)s.pDrvPrivate)->obj = NULL;
    }
}

/* ---- input layouts -------------------------------------------------------------------- */

SIZE_T APIENTRY shim_calc_layout_size(D3D10DDI_HDEVICE h, CONST D3D10DDIARG_CREATEELEMENTLAYOUT *a)
{
    (void)h;
    (void)a;
    return SHIM_OBJECT_BYTES(aerocmd_umd_input_layout_size());
}

/* The DDI names inputs by vertex-shader input register, which is what libaerocmd's
 * register-keyed layouts take (named like the synthesized shader signatures). */
void APIENTRY shim_create_layout(D3D10DDI_HDEVICE h, CONST D3D10DDIARG_CREATEELEMENTLAYOUT *a,
                                 D3D10DDI_HELEMENTLAYOUT layout, D3D10DDI_HRTELEMENTLAYOUT rt)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_register_element els[AEROCMD_UMD_MAX_INPUT_ELEMENTS];
    struct aerocmd_umd_input_layout *il = NULL;
    size_t size;
    void *mem = shim_object_place(layout.pDrvPrivate, aerocmd_umd_input_layout_size(), &size);
    aerocmd_result r = AEROCMD_E_INVALID_ARG;
    UINT i;
    (void)rt;
    /* As many as libaerocmd takes: it refuses a longer list before reading. */
    if (a->NumElements == 0 || a->pVertexElements != NULL) {
        for (i = 0; i < a->NumElements && i < AEROCMD_UMD_MAX_INPUT_ELEMENTS; i++) {
            const D3D10DDIARG_INPUT_ELEMENT_DESC *e = &a->pVertexElements[i];
            els[i].input_register = e->InputRegister;
            els[i].dxgi_format = (uint32_t)e->Format;
            els[i].input_slot = e->InputSlot;
            els[i].aligned_byte_offset = e->AlignedByteOffset;
            els[i].input_slot_class = (uint32_t)e->InputSlotClass;
            els[i].instance_data_step_rate = e->InstanceDataStepRate;
        }
        r = aerocmd_umd_create_input_layout_by_register(dev->dev, mem, size, els, a->NumElements,
                                                        &il);
    }
    if (r == AEROCMD_OK)
        ((struct shim_object *)layout.pDrvPrivate)->obj = il;
    shim_report_result(dev, r);
}

void APIENTRY shim_destroy_layout(D3D10DDI_HDEVICE h, D3D10DDI_HELEMENTLAYOUT layout)
{
    struct aerocmd_umd_input_layout *il =
        (struct aerocmd_umd_input_layout *)shim_obj(layout.pDrvPrivate);
    (void)h;
    if (il != NULL) {
        aerocmd_umd_destroy_input_layout(il);
        ((struct shim_object *)layout.pDrvPrivate)->obj = NULL;
    }
}

/* ---- samplers ------------------------------------------------------------------------- */

SIZE_T APIENTRY shim_calc_sampler_size(D3D10DDI_HDEVICE h, CONST D3D10_DDI_SAMPLER_DESC *d)
{
    (void)h;
    (void)d;
    return SHIM_OBJECT_BYTES(aerocmd_umd_sampler_size());
}

void APIENTRY shim_create_sampler(D3D10DDI_HDEVICE h, CONST D3D10_DDI_SAMPLER_DESC *a,
                                  D3D10DDI_HSAMPLER s, D3D10DDI_HRTSAMPLER rt)
{
    struct shim_device *dev = shim_dev(h);
    struct aerocmd_umd_sampler_desc d;
    struct aerocmd_umd_sampler *smp = NULL;
    size_t size;
    void *mem = shim_object_place(s.pDrvPrivate, aerocmd_umd_sampler_size(), &size);
    aerocmd_result r;
    int i;
    (void)rt;
    d.filter = (uint32_t)a->Filter;
    d.address_u = (uint32_t)a->AddressU;
    d.address_v = (uint32_t)a->AddressV;
    d.address_w = (uint32_t)a->AddressW;
    d.mip_lod_bias_f32 = f32_bits(a->MipLODBias);
    d.max_anisotropy = a->MaxAnisotropy;
    d.comparison_func = (uint32_t)a->ComparisonFunc;
    for (i = 0; i < 4; i++)
        d.border_color_f32[i] = f32_bits(a->BorderColor[i]);
    d.min_lod_f32 = f32_bits(a->MinLOD);
    d.max_lod_f32 = f32_bits(a->MaxLOD);
    r = aerocmd_umd_create_sampler(dev->dev, mem, size, &d, &smp);
    if (r == AEROCMD_OK)
        ((struct shim_object *)s.pDrvPrivate)->obj = smp;
    shim_report_result(dev, r);
}

void APIENTRY shim_destroy_sampler(D3D10DDI_HDEVICE h, D3D10DDI_HSAMPLER s)
{
    struct aerocmd_umd_sampler *smp = (struct aerocmd_umd_sampler *)shim_obj(s.pDrvPrivate);
    (void)h;
    if (smp != NULL) {
        aerocmd_umd_destroy_sampler(smp);
        ((struct shim_object *)s.pDrvPrivate)->obj = NULL;
    }
}
