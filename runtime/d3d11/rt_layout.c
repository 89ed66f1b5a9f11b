/* SPDX-License-Identifier: MIT */
/* rt_layout.c — ID3D11InputLayout: the application's elements matched by semantic to the
 * vertex shader's input signature (every input the shader reads from the vertex buffers must
 * be there), APPEND_ALIGNED offsets resolved per slot, and the DDI's element layout with
 * each element's input register. */
#include <string.h>

#include "rt_format.h"
#include "rt_internal.h"

#define RT_LAYOUT_ELEMENTS 32u /* D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT */

RT_CHILD_METHODS(layout, ID3D11InputLayout)
const ID3D11InputLayoutVtbl rt_layout_vtbl = {RT_CHILD_VTBL(layout)};

static void layout_destroy(struct rt_object *obj)
{
    D3D10DDI_HELEMENTLAYOUT h = {obj->drv};
    obj->device->drv.f.pfnDestroyElementLayout(obj->device->drv.hdev, h);
}

static const IID *const layout_iids[] = {&IID_ID3D11InputLayout, NULL};
static const struct rt_object_ops layout_ops = {layout_iids, layout_destroy};

/* The elements' offsets with APPEND_ALIGNED resolved (each slot's next free byte). */
static HRESULT resolve_offsets(struct rt_device *dev, const D3D11_INPUT_ELEMENT_DESC *e, UINT n,
                               UINT *offsets)
{
    UINT next[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT], i;
    memset(next, 0, sizeof next);
    for (i = 0; i < n; i++) {
        UINT size = rt_format_bytes(e[i].Format);
        if (e[i].SemanticName == NULL ||
            e[i].InputSlot >= D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT || size == 0 ||
            !(rt_format_support(dev, e[i].Format) & D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER) ||
            (UINT)e[i].InputSlotClass > D3D11_INPUT_PER_INSTANCE_DATA ||
            (e[i].InputSlotClass == D3D11_INPUT_PER_VERTEX_DATA && e[i].InstanceDataStepRate != 0))
            return E_INVALIDARG;
        offsets[i] = e[i].AlignedByteOffset == D3D11_APPEND_ALIGNED_ELEMENT
                         ? next[e[i].InputSlot]
                         : e[i].AlignedByteOffset;
        if (offsets[i] % (size < 4 ? size : 4u) != 0)
            return E_INVALIDARG;
        next[e[i].InputSlot] = offsets[i] + size;
    }
    return S_OK;
}

static int find_element(const D3D11_INPUT_ELEMENT_DESC *e, UINT n,
                        const struct rt_signature_element *in)
{
    UINT i;
    for (i = 0; i < n; i++)
        if (e[i].SemanticIndex == in->index && lstrcmpiA(e[i].SemanticName, in->name) == 0)
            return (int)i;
    return -1;
}

/* One DDI element per shader input the vertex buffers feed (system values are not fed). */
static HRESULT match(const D3D11_INPUT_ELEMENT_DESC *e, UINT n, const UINT *offsets,
                     const struct rt_signature *sig, D3D10DDIARG_INPUT_ELEMENT_DESC *out,
                     UINT *count)
{
    UINT i;
    *count = 0;
    for (i = 0; i < sig->count; i++) {
        const struct rt_signature_element *in = &sig->e[i];
        D3D10DDIARG_INPUT_ELEMENT_DESC *d = &out[*count];
        int k;
        if (in->system_value != 0)
            continue;
        k = find_element(e, n, in);
        if (k < 0)
            return E_INVALIDARG;
        d->InputSlot = e[k].InputSlot;
        d->AlignedByteOffset = offsets[k];
        d->Format = e[k].Format;
        d->InputSlotClass = (D3D10_DDI_INPUT_CLASSIFICATION)e[k].InputSlotClass;
        d->InstanceDataStepRate = e[k].InstanceDataStepRate;
        d->InputRegister = in->reg;
        (*count)++;
    }
    return S_OK;
}

static HRESULT ddi_layout(struct rt_device *dev, const D3D10DDIARG_INPUT_ELEMENT_DESC *elements,
                          UINT count, void **out)
{
    D3D10DDIARG_CREATEELEMENTLAYOUT a;
    struct rt_object *obj;
    HRESULT hr;
    a.pVertexElements = elements;
    a.NumElements = count;
    RT_LOCK(dev);
    obj = (struct rt_object *)rt_object_new(
        dev, sizeof *obj, RT_LAYOUT, &rt_layout_vtbl, &layout_ops,
        dev->drv.f.pfnCalcPrivateElementLayoutSize(dev->drv.hdev, &a));
    hr = obj != NULL ? S_OK : E_OUTOFMEMORY;
    if (obj != NULL) {
        D3D10DDI_HELEMENTLAYOUT h = {obj->drv};
        D3D10DDI_HRTELEMENTLAYOUT rt = {obj};
        rt_ddi_begin(dev);
        dev->drv.f.pfnCreateElementLayout(dev->drv.hdev, &a, h, rt);
        hr = rt_ddi_end(dev);
    }
    RT_UNLOCK(dev);
    if (obj != NULL && FAILED(hr))
        rt_object_discard(obj);
    else if (obj != NULL)
        *out = obj;
    return hr;
}

HRESULT STDMETHODCALLTYPE rt_create_input_layout(ID3D11Device *iface,
                                                 const D3D11_INPUT_ELEMENT_DESC *elements,
                                                 UINT count, const void *bytecode, SIZE_T length,
                                                 ID3D11InputLayout **out)
{
    struct rt_device *dev = rt_device_from(iface);
    UINT offsets[RT_LAYOUT_ELEMENTS], n = 0;
    D3D10DDIARG_INPUT_ELEMENT_DESC ddi[RT_MAX_SIGNATURE];
    struct rt_dxbc dxbc;
    void *copy;
    HRESULT hr;
    if (out != NULL)
        *out = NULL;
    if (count > RT_LAYOUT_ELEMENTS || (count != 0 && elements == NULL))
        return E_INVALIDARG;
    copy = rt_alloc(length);
    if (copy == NULL)
        return E_OUTOFMEMORY;
    if (bytecode != NULL)
        memcpy(copy, bytecode, length);
    hr = bytecode == NULL || FAILED(rt_dxbc_parse(copy, length, &dxbc)) ? E_INVALIDARG : S_OK;
    if (SUCCEEDED(hr))
        hr = resolve_offsets(dev, elements, count, offsets);
    if (SUCCEEDED(hr))
        hr = match(elements, count, offsets, &dxbc.in, ddi, &n);
    if (SUCCEEDED(hr))
        hr = out == NULL ? S_FALSE : ddi_layout(dev, ddi, n, (void **)out);
    rt_free(copy);
    return hr;
}
