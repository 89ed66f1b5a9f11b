/* SPDX-License-Identifier: MIT */
/* ddi_ops_share.c — fuzz_ddi_sequence's OpenResource of a shared resource (the private data
 * the fake's kernel side kept for the creator's allocation, whole or cut short) and the
 * indirect draws and dispatches that read their arguments back on the CPU. */
#include "aerocmd/umd_compute.h"
#include "ddi_fuzz.h"

/* What OpenResource gives an opened buffer (umd_objects.h). */
#define OPENED_BUFFER_BINDS                                                                        \
    (AEROCMD_UMD_BIND_VERTEX_BUFFER | AEROCMD_UMD_BIND_INDEX_BUFFER |                              \
     AEROCMD_UMD_BIND_CONSTANT_BUFFER | AEROCMD_UMD_BIND_SHADER_RESOURCE)
#define OPENED_TEXTURE_BINDS (AEROCMD_UMD_BIND_SHADER_RESOURCE | AEROCMD_UMD_BIND_RENDER_TARGET)

/* Opens the resource of slot `src` into the empty slot `dst` as another process would: with
 * the blob the creator's allocation carries. cfg: bit 0 cuts the blob short, bit 1 passes
 * os_handle 0. The alias is destroyed before its creator (ddi_destroy_object): this process
 * stands in for the other one, whose allocation reference would outlive the creator's. */
void ddi_op_open_shared(struct ddi *d, struct reader *r)
{
    uint32_t src = rd8(r) % N_RES, dst = rd8(r) % N_RES, cfg = rd8(r), cut = rd8(r);
    struct slot *s = &d->res[src], *t = &d->res[dst];
    const struct aerocmd_umd_fake_memory *m;
    struct aerocmd_umd_open_desc od;
    aerocmd_result result;
    uint32_t root;
    if (s->obj == NULL || t->obj != NULL)
        return;
    m = aerocmd_umd_fake_find_memory(
        &d->fake, aerocmd_umd_resource_alloc_id((const struct aerocmd_umd_resource *)s->obj));
    if (m == NULL || m->private_data_bytes == 0)
        return; /* not shareable: there is no blob to open it by */
    memset(&od, 0, sizeof od);
    od.private_data = m->private_data;
    od.private_data_bytes = (cfg & 1u) ? cut % m->private_data_bytes : m->private_data_bytes;
    od.os_handle = (cfg & 2u) ? 0u : m->os_handle;
    result = aerocmd_umd_open_resource(d->dev, t->mem, sizeof t->mem, &od,
                                       (struct aerocmd_umd_resource **)&t->obj);
    ddi_check(d, result);
    if ((cfg & 3u) != 0 && result == AEROCMD_OK)
        abort(); /* a short blob or no allocation handle cannot be opened */
    if (result != AEROCMD_OK)
        return;
    root = s->opened != 0 ? s->opened - 1u : src;
    ddi_note_resource(t, s->kind, s->size,
                      s->kind == KIND_BUFFER ? OPENED_BUFFER_BINDS : OPENED_TEXTURE_BINDS);
    t->opened = root + 1u;
}

/* DispatchIndirect, DrawInstancedIndirect, DrawIndexedInstancedIndirect with the arguments
 * at a 4-byte offset (or, bit 7 of cfg, an unaligned one) of a buffer slot. */
void ddi_op_indirect(struct ddi *d, struct reader *r)
{
    uint32_t cfg = rd8(r), offset = rd8(r) * 4u + ((cfg & 0x80u) ? 2u : 0u);
    struct aerocmd_umd_resource *args =
        (struct aerocmd_umd_resource *)ddi_typed(d->res, N_RES, (cfg >> 2) % 8u, KIND_BUFFER);
    if (args == NULL)
        return;
    if (cfg % 3u == 0)
        ddi_check(d, aerocmd_umd_dispatch_indirect(d->ctx, args, offset));
    else if (cfg % 3u == 1)
        ddi_check(d, aerocmd_umd_draw_instanced_indirect(d->ctx, args, offset));
    else
        ddi_check(d, aerocmd_umd_draw_indexed_instanced_indirect(d->ctx, args, offset));
}
