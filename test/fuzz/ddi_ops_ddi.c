/* SPDX-License-Identifier: MIT */
/* ddi_ops_ddi.c — fuzz_ddi_sequence's creations described as the Windows 7 DDI describes
 * them (what the driver's shims pass on): D3D10DDIARG_CREATERESOURCE's dimension, bind,
 * misc and CPU-access bits (some undefined), a primary description; a view of a DDI
 * dimension. Judged by umd_ddi.h with the DDI's values (FACTS-ADDENDUM.md): undefined bits
 * and dimensions are INVALID_ARG, whatever else is asked; 1D, 3D and cube resources and
 * views, keyed-mutex and GDI-compatible sharing are never created. */
#include "aerocmd/umd_ddi.h"
#include "ddi_fuzz.h"

#define DDI_BIND_DEFINED 0x1FFu /* D3D11_DDI_BIND_MASK on Windows 7 */
#define DDI_MISC_DEFINED 0x7FFu /* up to D3D10_DDI_RESOURCE_MISC_REMOTE (0x400) */
#define DDI_MISC_REFUSED 0x300u /* the reserved KEYEDMUTEX and GDI_COMPATIBLE bits */
#define DDI_CPU_DEFINED  0x3u   /* D3D10_DDI_CPU_ACCESS_MASK */

/* A resource's dimension is BUFFER..TEXTURECUBE; a view's may also be BUFFEREX. */
static int defined_dimension(uint32_t dimension, int view)
{
    return dimension >= AEROCMD_DDI_DIMENSION_BUFFER &&
           dimension <= (view ? AEROCMD_DDI_DIMENSION_BUFFEREX : AEROCMD_DDI_DIMENSION_TEXTURECUBE);
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
    dd->usage = rd8(r) % 4u;
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
        (dd.cpu_access & ~DDI_CPU_DEFINED) || !defined_dimension(dd.dimension, 0)) {
        if (result != AEROCMD_E_INVALID_ARG)
            abort();
    } else if ((dd.misc_flags & DDI_MISC_REFUSED) || !protocol_dimension(dd.dimension)) {
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
