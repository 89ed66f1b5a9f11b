/* SPDX-License-Identifier: MIT */
/* ddi_ops_dxgi.c — fuzz_ddi_sequence's operations for what DXGI and the runtime's helpers
 * ask of the driver (extended set): swap-chain textures (PRESENTABLE, PRIMARY) and
 * GENERATE_MIPS ones, Blt, RotateResourceIdentities, present through a surface,
 * GenerateMips, CopyStructureCount and the one-slot shader-resource and sampler binds the
 * driver's DDI uses. Their answers are judged by the invariants every call has (ddi_check)
 * and, for rotation, by the rules umd_pipeline.h gives. */
#include "aerocmd/umd_compute.h"
#include "aerocmd/umd_data.h"
#include "ddi_fuzz.h"

/* create_texture with misc byte bits 0-2: GENERATE_MIPS, PRESENTABLE, PRIMARY (with the
 * VidPN source id of bits 4-5), then create_texture's own arguments. */
void ddi_op_create_texture_misc(struct ddi *d, struct reader *r)
{
    uint32_t b = rd8(r), misc = 0;
    if (b & 1u)
        misc |= AEROCMD_UMD_MISC_GENERATE_MIPS;
    if (b & 2u)
        misc |= AEROCMD_UMD_MISC_PRESENTABLE;
    if (b & 4u)
        misc |= AEROCMD_UMD_MISC_PRIMARY;
    ddi_create_texture(d, r, misc, (b >> 4) & 3u);
}

/* Blt of src slot into dst slot: flags (bits 0-3 of cfg), rotation (bits 4-6, 5..7 are
 * none), filter (next byte % 4, 3 is none), subresources, a rectangle of up to 64x64. */
void ddi_op_blt(struct ddi *d, struct reader *r)
{
    uint32_t dst = rd8(r) % N_RES, src = rd8(r) % N_RES, cfg = rd8(r);
    struct aerocmd_umd_blt_desc bd;
    memset(&bd, 0, sizeof bd);
    bd.flags = cfg & 0xFu;
    bd.rotation = (cfg >> 4) & 7u;
    bd.filter = rd8(r) % 4u;
    bd.dst_subresource = rd8(r) % 4u;
    bd.src_subresource = rd8(r) % 4u;
    bd.dst_left = rd8(r) % 64u;
    bd.dst_top = rd8(r) % 64u;
    bd.dst_right = bd.dst_left + rd8(r) % 65u;
    bd.dst_bottom = bd.dst_top + rd8(r) % 65u;
    if (d->res[dst].obj == NULL || d->res[src].obj == NULL)
        return;
    ddi_check(d, aerocmd_umd_blt(d->ctx, (struct aerocmd_umd_resource *)d->res[dst].obj,
                                 (struct aerocmd_umd_resource *)d->res[src].obj, &bd));
}

/* RotateResourceIdentities of count (byte % 4) live resource slots, none opened from
 * another or opened by one (DXGI rotates swap-chain buffers; this harness ties an alias to
 * its creator's slot, which a rotation would leave behind). What umd_pipeline.h promises:
 * a repeated or mapped resource, or a buffer, is INVALID_ARG; fewer than two valid ones do
 * nothing. The slots keep their descriptions (rotation needs them equal). */
void ddi_op_rotate(struct ddi *d, struct reader *r)
{
    struct aerocmd_umd_resource *res[3] = {NULL, NULL, NULL};
    uint32_t count = rd8(r) % 4u, slot[3], i, j;
    int refused = 0;
    aerocmd_result result;
    for (i = 0; i < 3; i++)
        slot[i] = rd8(r) % N_RES;
    for (i = 0; i < count; i++) {
        res[i] = (struct aerocmd_umd_resource *)d->res[slot[i]].obj;
        if (res[i] == NULL || d->res[slot[i]].opened != 0)
            return; /* the runtime rotates live resources only */
        for (j = 0; j < N_RES; j++)
            if (d->res[j].obj != NULL && d->res[j].opened == slot[i] + 1u)
                return;
        refused |= d->res[slot[i]].mapped != 0 || d->res[slot[i]].kind != KIND_TEXTURE;
        for (j = 0; j < i; j++)
            refused |= slot[j] == slot[i];
    }
    result = aerocmd_umd_rotate_resources(d->ctx, res, count);
    ddi_check(d, result);
    if (refused && result != AEROCMD_E_INVALID_ARG)
        abort();
    if (count < 2 && !refused && result != AEROCMD_OK)
        abort();
}

/* Present of src slot (sync interval cfg % 8, 5..7 are none; TEST bit 3, DO_NOT_WAIT bit
 * 4) onto dst slot or none (slot N_RES), with subresources. */
void ddi_op_present_surface(struct ddi *d, struct reader *r)
{
    uint32_t src = rd8(r) % N_RES, dst = rd8(r) % (N_RES + 1u), cfg = rd8(r), sub = rd8(r);
    struct aerocmd_umd_present_desc pd;
    struct aerocmd_umd_present_allocations out;
    if (d->res[src].obj == NULL || (dst < N_RES && d->res[dst].obj == NULL))
        return;
    memset(&pd, 0, sizeof pd);
    pd.src = (struct aerocmd_umd_resource *)d->res[src].obj;
    pd.src_subresource = sub & 3u;
    pd.dst = dst < N_RES ? (struct aerocmd_umd_resource *)d->res[dst].obj : NULL;
    pd.dst_subresource = (sub >> 2) & 3u;
    pd.sync_interval = cfg % 8u;
    pd.flags = ((cfg & 8u) ? AEROCMD_UMD_PRESENT_TEST : 0u) |
               ((cfg & 16u) ? AEROCMD_UMD_PRESENT_DO_NOT_WAIT : 0u);
    ddi_check_wait(d, aerocmd_umd_present_surface(d->ctx, &pd, &out),
                   (pd.flags & AEROCMD_UMD_PRESENT_DO_NOT_WAIT) != 0);
}

void ddi_op_generate_mips(struct ddi *d, struct reader *r)
{
    struct aerocmd_umd_view *v = (struct aerocmd_umd_view *)ddi_live(d->view, N_VIEW, rd8(r));
    if (v != NULL)
        ddi_check(d, aerocmd_umd_generate_mips(d->ctx, v));
}

/* CopyStructureCount of UAV slot into buffer slot at a 4-byte offset (cfg bit 7: 2 more). */
void ddi_op_copy_structure_count(struct ddi *d, struct reader *r)
{
    uint32_t dst = rd8(r) % N_RES, uav = rd8(r) % N_UAV, cfg = rd8(r);
    uint32_t offset = (cfg & 0x7Fu) * 4u + ((cfg & 0x80u) ? 2u : 0u);
    struct aerocmd_umd_resource *buf =
        (struct aerocmd_umd_resource *)ddi_typed(d->res, N_RES, dst, KIND_BUFFER);
    if (buf == NULL || d->uav[uav].obj == NULL)
        return;
    ddi_check(d, aerocmd_umd_copy_structure_count(d->ctx, buf, offset,
                                                  (struct aerocmd_umd_uav *)d->uav[uav].obj));
}

/* cfg bit 0: a sampler, else a shader-resource view (any view kind: the runtime's types
 * keep others out, the library refuses them); stage bits 1-3 (% 6), slot byte % 20
 * (past the stages' 16 samplers and 128 views only for samplers), object slot or none. */
void ddi_op_set_one_slot(struct ddi *d, struct reader *r)
{
    uint32_t cfg = rd8(r), slot = rd8(r) % 20u, object = rd8(r);
    enum aerocmd_shader_kind stage = (enum aerocmd_shader_kind)(((cfg >> 1) & 7u) % 6u);
    const struct aerocmd_umd_sampler *sampler =
        (const struct aerocmd_umd_sampler *)ddi_live(d->sampler, N_SAMPLER, object);
    struct aerocmd_umd_view *view = (struct aerocmd_umd_view *)ddi_live(d->view, N_VIEW, object);
    if (cfg & 1u)
        ddi_check(d, aerocmd_umd_set_sampler(d->ctx, stage, slot, sampler));
    else
        ddi_check(d, aerocmd_umd_set_shader_resource(d->ctx, stage, slot, view));
}
