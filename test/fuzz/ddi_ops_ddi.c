/* SPDX-License-Identifier: MIT */
/* ddi_ops_ddi.c — fuzz_ddi_sequence's creations described as the Windows 7 DDI describes
 * them (what the driver's shims pass on): D3D10DDIARG_CREATERESOURCE's dimension, bind,
 * misc and CPU-access bits (some undefined), a primary description; a view of a DDI
 * dimension; a shader as its bare token stream with register-keyed signatures; an input
 * layout by register. Judged by umd_ddi.h with the DDI's values (FACTS-ADDENDUM.md): undefined bits
 * and dimensions are INVALID_ARG, whatever else is asked; 1D, 3D and cube resources and
 * views, keyed-mutex and GDI-compatible sharing are never created. */
#include "aerocmd/umd_ddi.h"
#include "aerocmd/umd_dxbc.h"
#include "aerocmd/umd_objects.h"
#include "ddi_fuzz.h"

#define DDI_BIND_DEFINED 0x1FFu /* D3D11_DDI_BIND_MASK on Windows 7 */
#define DDI_MISC_DEFINED 0x7FFu /* up to D3D10_DDI_RESOURCE_MISC_REMOTE (0x400) */
#define DDI_MISC_REFUSED 0x100u /* the reserved KEYEDMUTEX bit */
#define DDI_MISC_GDI     0x200u /* GDI_COMPATIBLE: see gdi_allowed */
#define DDI_CPU_DEFINED  0x3u   /* D3D10_DDI_CPU_ACCESS_MASK */

/* A resource's dimension is BUFFER..TEXTURECUBE; a view's may also be BUFFEREX. */
static int defined_dimension(uint32_t dimension, int view)
{
    return dimension >= AEROCMD_DDI_DIMENSION_BUFFER &&
           dimension <= (view ? AEROCMD_DDI_DIMENSION_BUFFEREX : AEROCMD_DDI_DIMENSION_TEXTURECUBE);
}

/* What Direct3D requires of a GDI_COMPATIBLE resource (D3D11_RESOURCE_MISC_FLAG). */
static int gdi_allowed(const struct aerocmd_umd_ddi_resource_desc *d)
{
    return d->dimension == AEROCMD_DDI_DIMENSION_TEXTURE2D && d->sample_count <= 1u &&
           d->mip_levels == 1u && d->usage == 0u && (d->bind_flags & 0x20u) != 0 &&
           (d->dxgi_format == 87u || d->dxgi_format == 90u || d->dxgi_format == 91u);
}

static int protocol_dimension(uint32_t dimension)
{
    return dimension != AEROCMD_DDI_DIMENSION_TEXTURE1D &&
           dimension != AEROCMD_DDI_DIMENSION_TEXTURE3D &&
           dimension != AEROCMD_DDI_DIMENSION_TEXTURECUBE;
}

static void read_ddi_desc(struct reader *r, struct aerocmd_umd_ddi_resource_desc *dd)
{
    uint32_t primary;
    memset(dd, 0, sizeof *dd);
    dd->dimension = rd8(r) % 8u;
    dd->width = rd16(r) & 0x1FFFu;
    dd->height = rd8(r) % 64u + 1u;
    dd->mip_levels = rd8(r) % 8u;
    dd->array_size = rd8(r) % 4u + 1u;
    dd->dxgi_format = ddi_texture_format(r);
    dd->sample_count = 1;
    dd->usage = rd8(r) % 6u; /* 4, 5: no such usage */
    dd->bind_flags = rd16(r) & 0x3FFu;
    dd->misc_flags = rd16(r) & 0xFFFu;
    dd->cpu_access = rd8(r) & 7u;
    dd->structure_stride = rd8(r) * 4u;
    primary = rd8(r);
    dd->has_primary = primary & 1u;
    dd->primary_flags = (primary >> 1) & 1u;
    dd->vidpn_source_id = (primary >> 4) & 3u;
}

/* The slot's bookkeeping in the library's terms (umd_objects.h values). */
static void note_ddi_resource(struct slot *s, const struct aerocmd_umd_ddi_resource_desc *dd)
{
    uint32_t bind =
        (dd->bind_flags & AEROCMD_DDI_BIND_PIPELINE_MASK) |
        ((dd->bind_flags & AEROCMD_DDI_BIND_UNORDERED_ACCESS) ? AEROCMD_UMD_BIND_UNORDERED_ACCESS
                                                              : 0u);
    int texture = dd->dimension == AEROCMD_DDI_DIMENSION_TEXTURE2D;
    ddi_note_resource(s, texture ? KIND_TEXTURE : KIND_BUFFER, texture ? 0u : dd->width, bind);
    if (texture)
        return;
    s->misc = dd->misc_flags &
              (AEROCMD_DDI_MISC_BUFFER_ALLOW_RAW_VIEWS | AEROCMD_DDI_MISC_BUFFER_STRUCTURED);
    s->stride = (s->misc & AEROCMD_DDI_MISC_BUFFER_STRUCTURED) ? dd->structure_stride : 0u;
}

/* cfg bit 0: initial data from the pattern. */
void ddi_op_create_ddi_resource(struct ddi *d, struct reader *r)
{
    static struct aerocmd_umd_subresource_data init[64];
    struct slot *s = &d->res[rd8(r) % N_RES];
    struct aerocmd_umd_ddi_resource_desc dd;
    aerocmd_result result;
    uint32_t cfg = rd8(r), i;
    read_ddi_desc(r, &dd);
    if (s->obj != NULL)
        return;
    for (i = 0; i < 64; i++) {
        init[i].data = ddi_pattern;
        init[i].row_pitch = 1024; /* as create_texture: inside the pattern */
    }
    result = aerocmd_umd_create_ddi_resource(d->dev, s->mem, sizeof s->mem, &dd,
                                             (cfg & 1u) ? init : NULL,
                                             (struct aerocmd_umd_resource **)&s->obj);
    ddi_check(d, result);
    if ((dd.bind_flags & ~DDI_BIND_DEFINED) || (dd.misc_flags & ~DDI_MISC_DEFINED) ||
        dd.usage > 3u /* D3D10_DDI_USAGE_STAGING */ || (dd.cpu_access & ~DDI_CPU_DEFINED) ||
        !defined_dimension(dd.dimension, 0)) {
        if (result != AEROCMD_E_INVALID_ARG)
            abort();
    } else if ((dd.misc_flags & DDI_MISC_REFUSED) || !protocol_dimension(dd.dimension) ||
               ((dd.misc_flags & DDI_MISC_GDI) && !gdi_allowed(&dd))) {
        if (result == AEROCMD_OK)
            abort();
    }
    if (result != AEROCMD_OK) {
        s->obj = NULL;
        return;
    }
    note_ddi_resource(s, &dd);
}

/* A view (kind % 3: SRV, RTV, DSV) of resource slot res with a DDI dimension (% 8). */
void ddi_op_create_ddi_view(struct ddi *d, struct reader *r)
{
    struct slot *s = &d->view[rd8(r) % N_VIEW];
    uint32_t kind = rd8(r) % 3u, res = rd8(r) % N_RES, dimension = rd8(r) % 8u;
    struct aerocmd_umd_view_desc vd;
    aerocmd_result result;
    ddi_read_view_desc(r, &vd);
    if (s->obj != NULL || d->res[res].obj == NULL)
        return;
    result =
        aerocmd_umd_create_ddi_view(d->dev, s->mem, sizeof s->mem, (enum aerocmd_view_kind)kind,
                                    (struct aerocmd_umd_resource *)d->res[res].obj, dimension, &vd,
                                    (struct aerocmd_umd_view **)&s->obj);
    ddi_check(d, result);
    if (!defined_dimension(dimension, 1) && result != AEROCMD_E_INVALID_ARG)
        abort();
    if (!protocol_dimension(dimension) && result == AEROCMD_OK)
        abort();
    if (result != AEROCMD_OK) {
        s->obj = NULL;
        return;
    }
    s->res = res;
    s->kind = kind;
}

/* A version token's program types (D3D10_SB_TOKENIZED_PROGRAM_TYPE) by shader kind. */
static const uint32_t program_type_of[6] = {1, 0, 2, 5, 3, 4}; /* VS PS GS CS HS DS */

static void read_signature(struct reader *r, struct aerocmd_umd_signature_entry *e, uint32_t n)
{
    uint32_t i;
    memset(e, 0, n * sizeof *e);
    for (i = 0; i < n; i++) {
        e[i].register_index = rd8(r) % 40u; /* past 31: out of range */
        e[i].mask = rd8(r) % 17u;           /* 0 and 16: out of range */
        e[i].system_value = rd8(r) % 24u;   /* 11..22 tessellation, 23 unknown */
        e[i].component_type = rd8(r) % 5u;  /* 4: out of range */
    }
}

/* Kind byte % 6; version: 4.0, 4.1, 5.0 or the raw byte, for the kind's program type or
 * (bit 7 of the version byte) the next one; the length token right (cfg bit 0) or a raw
 * byte; up to 17 more tokens; up to 3 input and 3 output signature entries. What
 * umd_dxbc.h says is INVALID_ARG must be. */
void ddi_op_create_shader_tokens(struct ddi *d, struct reader *r)
{
    static const uint32_t versions[3] = {0x40, 0x41, 0x50};
    struct slot *s = &d->shader[rd8(r) % N_SHADER];
    uint32_t kind = rd8(r) % 6u, vb = rd8(r), cfg = rd8(r), count = rd8(r) % 18u + 2u, i;
    uint32_t tokens[19], version = (vb & 3u) < 3u ? versions[vb & 3u] : (vb >> 2) & 0x1Fu;
    uint32_t type = (program_type_of[kind] + ((vb >> 7) & 1u)) % 6u;
    struct aerocmd_umd_signature_entry in[3], out[3];
    struct aerocmd_umd_shader_signatures sigs;
    aerocmd_result result;
    tokens[0] = type << 16 | version;
    tokens[1] = (cfg & 1u) ? count : rd8(r);
    for (i = 2; i < count; i++)
        tokens[i] = rd32(r);
    sigs.input_count = rd8(r) % 4u;
    sigs.output_count = rd8(r) % 4u;
    read_signature(r, in, sigs.input_count);
    read_signature(r, out, sigs.output_count);
    sigs.inputs = in;
    sigs.outputs = out;
    if (s->obj != NULL)
        return;
    result = aerocmd_umd_create_shader_from_tokens(d->dev, s->mem, sizeof s->mem,
                                                   (enum aerocmd_shader_kind)kind, tokens, count,
                                                   &sigs, (struct aerocmd_umd_shader **)&s->obj);
    ddi_check(d, result);
    if (kind < 4u && (tokens[1] < 2u || tokens[1] > count || type != program_type_of[kind] ||
                      (version != 0x40 && version != 0x41 && version != 0x50)))
        if (result != AEROCMD_E_INVALID_ARG)
            abort();
    if (result != AEROCMD_OK)
        s->obj = NULL;
}

/* Up to 4 elements by register (past 31 out of range), formats from the vertex table. */
void ddi_op_create_register_layout(struct ddi *d, struct reader *r)
{
    struct aerocmd_umd_register_element el[4];
    struct slot *s = &d->layout[rd8(r) % N_LAYOUT];
    uint32_t count = rd8(r) % 5u, i;
    memset(el, 0, sizeof el);
    for (i = 0; i < count; i++) {
        uint32_t b = rd8(r);
        el[i].input_register = b % 40u;
        el[i].input_slot_class = (b >> 6) % 3u;
        el[i].instance_data_step_rate = b >> 7;
        el[i].dxgi_format = ddi_vertex_format(r);
        el[i].input_slot = rd8(r) % 17u;
        el[i].aligned_byte_offset = rd8(r) * 4u;
    }
    if (s->obj != NULL)
        return;
    ddi_check(d, aerocmd_umd_create_input_layout_by_register(
                     d->dev, s->mem, sizeof s->mem, el, count,
                     (struct aerocmd_umd_input_layout **)&s->obj));
}
