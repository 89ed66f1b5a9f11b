/* SPDX-License-Identifier: MIT */
/* rt_shader_so.c — ID3D11Device::CreateGeometryShaderWithStreamOutput as Microsoft's runtime
 * makes it: the bytecode read (a geometry shader, or the vertex or domain shader or output
 * signature whose outputs are streamed without one), the declaration checked as
 * D3D11_SO_DECLARATION_ENTRY documents (and as Windows answers: E_INVALIDARG), translated to
 * the DDI's entries against the output signature, then CalcPrivateGeometryShaderWithStreamOutput
 * and CreateGeometryShaderWithStreamOutput. The object is a geometry shader like any other. */
#include <string.h>

#include "rt_internal.h"

#define SO_MAX_ENTRIES (D3D11_SO_STREAM_COUNT * D3D11_SO_OUTPUT_COMPONENT_COUNT)
#define SO_SLOTS       D3D11_SO_BUFFER_SLOT_COUNT

struct so_args {
    void *copy;
    struct rt_dxbc dxbc;
    D3D10DDIARG_SIGNATURE_ENTRY in[RT_MAX_SIGNATURE], out[RT_MAX_SIGNATURE];
    D3D10DDIARG_STAGE_IO_SIGNATURES sig;
    D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY *decl;
    UINT strides[SO_SLOTS];
    D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT args;
};

/* A geometry shader's tokens go to the driver with its own signatures. A vertex or domain
 * shader, or a bare output signature, only names what is streamed: the driver gets no shader
 * code (pShaderCode NULL: a pass-through geometry shader) and that output signature as both
 * the input and the output of the stage it makes. */
static HRESULT read_code(struct rt_device *dev, const void *code, SIZE_T length, struct so_args *s)
{
    UINT type, major, n;
    HRESULT hr = rt_dxbc_copy(code, length, &s->copy);
    if (FAILED(hr))
        return hr;
    if (FAILED(rt_dxbc_read(s->copy, length, &s->dxbc)))
        return E_INVALIDARG;
    n = rt_dxbc_ddi_signature(&s->dxbc.out, s->out, RT_MAX_SIGNATURE);
    s->sig.pOutputSignature = s->out;
    s->sig.NumOutputSignatureEntries = n;
    if (s->dxbc.tokens == NULL) {
        s->sig.pInputSignature = s->out;
        s->sig.NumInputSignatureEntries = n;
        return S_OK;
    }
    type = s->dxbc.tokens[0] >> 16;
    major = (s->dxbc.tokens[0] >> 4) & 0xFu;
    if ((type != 1 && type != 2 && type != 4) || major < 4 ||
        (major > 4 && dev->level < D3D_FEATURE_LEVEL_11_0))
        return E_INVALIDARG;
    if (type != 2) {
        s->sig.pInputSignature = s->out;
        s->sig.NumInputSignatureEntries = n;
        return S_OK;
    }
    s->args.pShaderCode = s->dxbc.tokens;
    s->sig.pInputSignature = s->in;
    s->sig.NumInputSignatureEntries = rt_dxbc_ddi_signature(&s->dxbc.in, s->in, RT_MAX_SIGNATURE);
    return S_OK;
}

static BOOL same_name(const char *a, const char *b)
{
    for (; *a != 0 && *b != 0; a++, b++) {
        char x = *a >= 'a' && *a <= 'z' ? (char)(*a - 32) : *a;
        char y = *b >= 'a' && *b <= 'z' ? (char)(*b - 32) : *b;
        if (x != y)
            return FALSE;
    }
    return *a == *b;
}

/* The output signature's element an entry names (semantic names ignore case), or NULL. */
static const struct rt_signature_element *find_output(const struct rt_signature *sig,
                                                      const D3D11_SO_DECLARATION_ENTRY *e)
{
    UINT i;
    for (i = 0; i < sig->count; i++)
        if (sig->e[i].stream == e->Stream && sig->e[i].index == e->SemanticIndex &&
            same_name(sig->e[i].name, e->SemanticName))
            return &sig->e[i];
    return NULL;
}

/* One entry on its own (D3D11_SO_DECLARATION_ENTRY): a stream and slot in range; a gap
 * (no name) has no index and no start and at least one component; an element 1 to 4
 * components from 0 to 3 that end by 4, of the output signature. */
static BOOL entry_valid(const struct rt_device *dev, const struct so_args *s,
                        const D3D11_SO_DECLARATION_ENTRY *e)
{
    if (e->Stream >= D3D11_SO_STREAM_COUNT || e->OutputSlot >= SO_SLOTS ||
        (e->Stream != 0 && dev->level < D3D_FEATURE_LEVEL_11_0))
        return FALSE;
    if (e->SemanticName == NULL)
        return e->SemanticIndex == 0 && e->StartComponent == 0 && e->ComponentCount != 0;
    return e->ComponentCount >= 1 && e->ComponentCount <= 4 &&
           e->StartComponent + e->ComponentCount <= 4 && find_output(&s->dxbc.out, e) != NULL;
}

/* No two entries of one stream write the same component of one element. */
static BOOL no_overlap(const D3D11_SO_DECLARATION_ENTRY *decl, UINT entries)
{
    UINT i, j;
    for (i = 0; i < entries; i++)
        for (j = i + 1; j < entries && decl[i].SemanticName != NULL; j++) {
            const D3D11_SO_DECLARATION_ENTRY *a = &decl[i], *b = &decl[j];
            if (b->SemanticName != NULL && a->Stream == b->Stream &&
                a->SemanticIndex == b->SemanticIndex &&
                same_name(a->SemanticName, b->SemanticName) &&
                a->StartComponent < b->StartComponent + b->ComponentCount &&
                b->StartComponent < a->StartComponent + a->ComponentCount)
                return FALSE;
        }
    return TRUE;
}

/* Per stream and buffer slot: not only gaps; the slot's stride (when strides are given) holds
 * its components and is a whole number of 32-bit components; on a level-10 device a
 * declaration over several slots has one element per slot (Direct3D 10's multiple-buffer
 * rule). The strides the driver gets: the application's, or each slot's packed size. */
static BOOL slots_valid(const struct rt_device *dev, const D3D11_SO_DECLARATION_ENTRY *decl,
                        UINT entries, const UINT *strides, UINT num_strides, struct so_args *s)
{
    UINT stream, i;
    for (stream = 0; stream < D3D11_SO_STREAM_COUNT; stream++) {
        UINT size[SO_SLOTS] = {0}, count[SO_SLOTS] = {0}, gaps[SO_SLOTS] = {0}, used = 0;
        for (i = 0; i < entries; i++)
            if (decl[i].Stream == stream) {
                size[decl[i].OutputSlot] += 4u * decl[i].ComponentCount;
                count[decl[i].OutputSlot]++;
                gaps[decl[i].OutputSlot] += decl[i].SemanticName == NULL;
                used++;
            }
        for (i = 0; i < SO_SLOTS; i++) {
            if (count[i] == 0)
                continue;
            if (count[i] == gaps[i] || (num_strides != 0 && i >= num_strides) ||
                (num_strides != 0 && strides[i] < size[i]) ||
                (dev->level < D3D_FEATURE_LEVEL_11_0 && count[i] != used && count[i] > 1))
                return FALSE;
            if (s->strides[i] < size[i])
                s->strides[i] = size[i];
        }
    }
    return TRUE;
}

static HRESULT check_declaration(const struct rt_device *dev, struct so_args *s,
                                 const D3D11_SO_DECLARATION_ENTRY *decl, UINT entries,
                                 const UINT *strides, UINT num_strides, UINT rasterized)
{
    UINT i;
    if ((entries != 0 && decl == NULL) || entries > SO_MAX_ENTRIES ||
        (num_strides != 0 && strides == NULL) || num_strides > SO_SLOTS)
        return E_INVALIDARG;
    if ((rasterized >= D3D11_SO_STREAM_COUNT && rasterized != D3D11_SO_NO_RASTERIZED_STREAM) ||
        (rasterized != 0 && dev->level < D3D_FEATURE_LEVEL_11_0))
        return E_INVALIDARG;
    for (i = 0; i < num_strides; i++)
        if (strides[i] % 4u != 0 || strides[i] > D3D11_SO_BUFFER_MAX_STRIDE_IN_BYTES)
            return E_INVALIDARG;
    for (i = 0; i < entries; i++)
        if (!entry_valid(dev, s, &decl[i]))
            return E_INVALIDARG;
    if (!no_overlap(decl, entries) || !slots_valid(dev, decl, entries, strides, num_strides, s))
        return E_INVALIDARG;
    return S_OK;
}

/* The DDI's entries. An element is its output register and the mask of its components. A
 * gap is D3D11_SO_DDI_REGISTER_INDEX_DENOTING_GAP (d3d11.h) with the mask of as many
 * components, which has room for 4: a longer gap becomes several gap entries of at most 4
 * (the DDI pages say nothing of gaps; the constant is Microsoft's, and a driver written against
 * Microsoft's runtime, Mesa's d3d10umd, takes such entries as skipped components). */
static HRESULT translate(struct so_args *s, const D3D11_SO_DECLARATION_ENTRY *decl, UINT entries)
{
    UINT i, n = 0;
    for (i = 0; i < entries; i++)
        n += decl[i].SemanticName != NULL ? 1u : (decl[i].ComponentCount + 3u) / 4u;
    s->decl = (D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY *)rt_alloc((n != 0 ? n : 1u) *
                                                                      sizeof *s->decl);
    if (s->decl == NULL)
        return E_OUTOFMEMORY;
    for (n = 0, i = 0; i < entries; i++) {
        const D3D11_SO_DECLARATION_ENTRY *e = &decl[i];
        UINT left = e->ComponentCount;
        do {
            UINT count = left < 4u ? left : 4u;
            D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY *d = &s->decl[n++];
            d->Stream = e->Stream;
            d->OutputSlot = e->OutputSlot;
            d->RegisterIndex = e->SemanticName != NULL ? find_output(&s->dxbc.out, e)->reg
                                                       : D3D11_SO_DDI_REGISTER_INDEX_DENOTING_GAP;
            d->RegisterMask =
                (BYTE)(((1u << count) - 1u) << (e->SemanticName != NULL ? e->StartComponent : 0u));
            left -= count;
        } while (e->SemanticName == NULL && left != 0);
    }
    s->args.pOutputStreamDecl = s->decl;
    s->args.NumEntries = n;
    return S_OK;
}

static HRESULT ddi_create(struct rt_device *dev, struct so_args *s, struct rt_object **out)
{
    D3D11DDI_DEVICEFUNCS *f = &dev->drv.f;
    HRESULT hr;
    struct rt_object *obj;
    RT_LOCK(dev);
    obj = rt_shader_new(
        dev, RT_GS,
        f->pfnCalcPrivateGeometryShaderWithStreamOutput(dev->drv.hdev, &s->args, &s->sig));
    hr = obj != NULL ? S_OK : E_OUTOFMEMORY;
    if (obj != NULL) {
        D3D10DDI_HSHADER h = {obj->drv};
        D3D10DDI_HRTSHADER rt = {obj};
        rt_ddi_begin(dev);
        f->pfnCreateGeometryShaderWithStreamOutput(dev->drv.hdev, &s->args, h, rt, &s->sig);
        hr = rt_ddi_end(dev);
    }
    RT_UNLOCK(dev);
    /* A driver's error means it made no object: nothing to destroy (the DDI's remarks). */
    if (obj != NULL && FAILED(hr))
        rt_object_discard(obj);
    else
        *out = obj;
    return hr;
}

HRESULT STDMETHODCALLTYPE rt_create_gs_so(ID3D11Device *iface, const void *code, SIZE_T length,
                                          const D3D11_SO_DECLARATION_ENTRY *decl, UINT entries,
                                          const UINT *strides, UINT num_strides, UINT rasterized,
                                          ID3D11ClassLinkage *linkage, ID3D11GeometryShader **out)
{
    struct rt_device *dev = rt_device_from(iface);
    struct so_args *s = (struct so_args *)rt_alloc(sizeof *s);
    struct rt_object *obj = NULL;
    HRESULT hr = s != NULL ? read_code(dev, code, length, s) : E_OUTOFMEMORY;
    (void)linkage;
    if (out != NULL)
        *out = NULL;
    if (hr == S_OK)
        hr = check_declaration(dev, s, decl, entries, strides, num_strides, rasterized);
    if (hr == S_OK && out == NULL)
        hr = S_FALSE;
    if (hr == S_OK)
        hr = translate(s, decl, entries);
    if (hr == S_OK) {
        s->args.BufferStridesInBytes = num_strides != 0 ? strides : s->strides;
        s->args.NumStrides = num_strides != 0 ? num_strides : SO_SLOTS;
        s->args.RasterizedStream = rasterized;
        hr = ddi_create(dev, s, &obj);
        if (SUCCEEDED(hr))
            *out = (ID3D11GeometryShader *)obj;
    }
    if (s != NULL) {
        rt_free(s->decl);
        rt_free(s->copy);
    }
    rt_free(s);
    return hr;
}
