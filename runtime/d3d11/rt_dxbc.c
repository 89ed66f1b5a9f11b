/* SPDX-License-Identifier: MIT */
/* rt_dxbc.c — what the runtime reads from a shader's DXBC container, as Microsoft's runtime
 * does before it calls the driver: the SHDR / SHEX chunk (the bare token stream the DDI
 * takes) and the ISGN / OSGN (or OSG5) signatures, which become the DDI's signature entries
 * and tell input layouts their registers. The checksum is not verified (the debug layer's
 * business); every offset and length is. */
#include <string.h>

#include "rt_internal.h"

#define FOURCC(a, b, c, d) ((UINT)(a) | ((UINT)(b) << 8) | ((UINT)(c) << 16) | ((UINT)(d) << 24))

static UINT u32_at(const BYTE *p)
{
    UINT v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* A signature chunk: count, 8, then 24-byte elements (OSG5: 28, with the stream first)
 * naming strings inside the chunk. */
static HRESULT parse_signature(const BYTE *chunk, UINT size, BOOL osg5, struct rt_signature *s)
{
    UINT count, i, stride = osg5 ? 28u : 24u;
    if (size < 8)
        return E_INVALIDARG;
    count = u32_at(chunk);
    if (count > RT_MAX_SIGNATURE || u32_at(chunk + 4) > size ||
        (uint64_t)u32_at(chunk + 4) + (uint64_t)count * stride > size)
        return E_INVALIDARG;
    s->count = count;
    for (i = 0; i < count; i++) {
        const BYTE *e = chunk + u32_at(chunk + 4) + i * stride;
        struct rt_signature_element *out = &s->e[i];
        UINT name;
        out->stream = osg5 ? u32_at(e) : 0;
        e += osg5 ? 4u : 0u;
        name = u32_at(e);
        if (name >= size || memchr(chunk + name, 0, size - name) == NULL)
            return E_INVALIDARG;
        out->name = (const char *)chunk + name;
        out->index = u32_at(e + 4);
        out->system_value = u32_at(e + 8);
        out->component_type = u32_at(e + 12);
        out->reg = u32_at(e + 16);
        out->mask = e[20];
        out->rw_mask = e[21];
    }
    return S_OK;
}

static HRESULT parse_chunk(const BYTE *chunk, UINT tag, UINT size, struct rt_dxbc *out)
{
    if (tag == FOURCC('S', 'H', 'D', 'R') || tag == FOURCC('S', 'H', 'E', 'X')) {
        if (size < 8 || size % 4u != 0 || u32_at(chunk + 4) * 4u > size || u32_at(chunk + 4) < 2)
            return E_INVALIDARG;
        out->tokens = (const UINT *)(const void *)chunk;
        out->token_count = u32_at(chunk + 4);
        return S_OK;
    }
    if (tag == FOURCC('I', 'S', 'G', 'N'))
        return parse_signature(chunk, size, FALSE, &out->in);
    if (tag == FOURCC('O', 'S', 'G', 'N'))
        return parse_signature(chunk, size, FALSE, &out->out);
    if (tag == FOURCC('O', 'S', 'G', '5'))
        return parse_signature(chunk, size, TRUE, &out->out);
    return S_OK;
}

HRESULT rt_dxbc_copy(const void *code, SIZE_T length, void **copy)
{
    *copy = NULL;
    if (code == NULL || length == 0 || length > 0x10000000u)
        return E_INVALIDARG;
    *copy = rt_alloc(length);
    if (*copy == NULL)
        return E_OUTOFMEMORY;
    memcpy(*copy, code, length);
    return S_OK;
}

HRESULT rt_dxbc_read(const void *code, SIZE_T length, struct rt_dxbc *out)
{
    const BYTE *p = (const BYTE *)code;
    UINT count, i;
    memset(out, 0, sizeof *out);
    if (p == NULL || length < 32 || u32_at(p) != FOURCC('D', 'X', 'B', 'C') ||
        u32_at(p + 24) > length)
        return E_INVALIDARG;
    count = u32_at(p + 28);
    if (count > 64 || 32u + (uint64_t)count * 4u > length)
        return E_INVALIDARG;
    for (i = 0; i < count; i++) {
        UINT at = u32_at(p + 32 + i * 4u), size;
        if (at % 4u != 0 || (uint64_t)at + 8u > length)
            return E_INVALIDARG;
        size = u32_at(p + at + 4);
        if ((uint64_t)at + 8u + size > length ||
            FAILED(parse_chunk(p + at + 8, u32_at(p + at), size, out)))
            return E_INVALIDARG;
    }
    return S_OK;
}

HRESULT rt_dxbc_parse(const void *code, SIZE_T length, struct rt_dxbc *out)
{
    HRESULT hr = rt_dxbc_read(code, length, out);
    return SUCCEEDED(hr) && out->tokens == NULL ? E_INVALIDARG : hr;
}

/* D3D_NAME values below 64 are the shader model's D3D10_SB_NAME; targets, depth and
 * coverage (64+) are plain output registers to the DDI. */
UINT rt_dxbc_ddi_signature(const struct rt_signature *s, D3D10DDIARG_SIGNATURE_ENTRY *out,
                           UINT room)
{
    UINT i;
    for (i = 0; i < s->count && i < room; i++) {
        out[i].SystemValue =
            (D3D10_SB_NAME)(s->e[i].system_value < 64u ? s->e[i].system_value : 0u);
        out[i].Register = s->e[i].reg;
        out[i].Mask = s->e[i].mask;
    }
    return i;
}
