/* SPDX-License-Identifier: MIT */
/* ddi_ops_data.c — fuzz_ddi_sequence's data-path operations: Map/Unmap, UpdateSubresourceUP,
 * copies, waiting for the GPU, and holding or completing the fake's fences. */
#include "ddi_fuzz.h"

/* Every byte a mapping claims is touched: written for write maps, read otherwise, so ASan
 * sees a mapping larger than the memory behind it. */
static void touch_mapping(const struct aerocmd_umd_mapped *m, uint32_t type, uint32_t fill)
{
    volatile uint8_t sum = 0;
    uint32_t i;
    if (m->depth_pitch == 0)
        return;
    if (m->data == NULL)
        abort();
    if (type == AEROCMD_UMD_MAP_READ || type == AEROCMD_UMD_MAP_READ_WRITE)
        for (i = 0; i < m->depth_pitch; i++)
            sum = (uint8_t)(sum + ((const uint8_t *)m->data)[i]);
    if (type != AEROCMD_UMD_MAP_READ)
        memset(m->data, (int)fill, m->depth_pitch);
    (void)sum;
}

void ddi_op_map(struct ddi *d, struct reader *r)
{
    uint32_t index = rd8(r) % 8u, sub = rd8(r) % 4u, cfg = rd8(r), type = cfg % 6u;
    uint32_t flags = (cfg & 0x08u) ? AEROCMD_UMD_MAP_DO_NOT_WAIT : 0u;
    struct aerocmd_umd_resource *res =
        (struct aerocmd_umd_resource *)ddi_live(d->res, N_RES, index);
    struct aerocmd_umd_mapped m;
    aerocmd_result result;
    uint64_t polls = d->fake.lock_still_drawing;
    if (res == NULL)
        return;
    memset(&m, 0, sizeof m);
    result = aerocmd_umd_map(d->ctx, res, sub, (enum aerocmd_umd_map_type)type, flags, &m);
    ddi_check_wait(d, result, flags != 0);
    if (d->win7 && result == AEROCMD_E_STILL_DRAWING && d->fake.lock_still_drawing == polls)
        abort(); /* with Windows 7 waits only the lock itself can say "still drawing" */
    if (result != AEROCMD_OK)
        return;
    if (d->res[index].mapped != 0)
        abort(); /* a second mapping of one resource must be refused */
    d->res[index].mapped = sub + 1u;
    touch_mapping(&m, type, cfg);
}

/* Unmap (or unmap_range) the mapped subresource, or now and then another one. */
void ddi_op_unmap(struct ddi *d, struct reader *r)
{
    uint32_t index = rd8(r) % 8u, cfg = rd8(r), offset = rd8(r), size = rd8(r), sub;
    struct aerocmd_umd_resource *res =
        (struct aerocmd_umd_resource *)ddi_live(d->res, N_RES, index);
    aerocmd_result result;
    int was_mapped;
    if (res == NULL)
        return;
    sub = (cfg & 2u) || d->res[index].mapped == 0 ? (cfg >> 2) % 4u : d->res[index].mapped - 1u;
    was_mapped = d->res[index].mapped == sub + 1u;
    if (cfg & 1u)
        result = aerocmd_umd_unmap_range(d->ctx, res, sub, offset, size);
    else
        result = aerocmd_umd_unmap(d->ctx, res, sub);
    ddi_check(d, result);
    if (!was_mapped && result == AEROCMD_OK)
        abort(); /* unmapping what is not mapped must be refused */
    if (was_mapped && result != AEROCMD_E_INVALID_ARG)
        d->res[index].mapped = 0; /* the mapping ends even when sending fails */
}

/* A box from the input: for buffers left/right are bytes, for textures texels. */
static void read_box(struct reader *r, struct aerocmd_box *box)
{
    box->left = rd8(r);
    box->right = box->left + rd8(r);
    box->top = rd8(r) % 64u;
    box->bottom = box->top + rd8(r) % 65u;
    box->front = 0;
    box->back = 1;
}

void ddi_op_update(struct ddi *d, struct reader *r)
{
    static const uint32_t pitches[4] = {1024, 0, 4, 256};
    uint32_t index = rd8(r) % 8u, sub = rd8(r) % 4u, cfg = rd8(r);
    struct aerocmd_umd_resource *res =
        (struct aerocmd_umd_resource *)ddi_live(d->res, N_RES, index);
    struct aerocmd_box box;
    read_box(r, &box);
    if (res == NULL)
        return;
    /* at most 64 rows of at most 1024 bytes each: inside the pattern */
    ddi_check(d, aerocmd_umd_update_subresource(d->ctx, res, sub, (cfg & 4u) ? &box : NULL,
                                                ddi_pattern, pitches[cfg & 3u], 0));
}

void ddi_op_copy(struct ddi *d, struct reader *r)
{
    uint32_t dst_index = rd8(r) % 8u, src_index = rd8(r) % 8u, cfg = rd8(r);
    uint32_t dst_sub = rd8(r) % 4u, src_sub = rd8(r) % 4u, x = rd8(r), y = rd8(r) % 64u;
    struct aerocmd_umd_resource *dst =
        (struct aerocmd_umd_resource *)ddi_live(d->res, N_RES, dst_index);
    struct aerocmd_umd_resource *src =
        (struct aerocmd_umd_resource *)ddi_live(d->res, N_RES, src_index);
    struct aerocmd_box box;
    read_box(r, &box);
    if (dst == NULL || src == NULL)
        return;
    if (cfg & 1u)
        ddi_check(d, aerocmd_umd_copy_resource(d->ctx, dst, src));
    else
        ddi_check(d, aerocmd_umd_copy_subresource_region(d->ctx, dst, dst_sub, x, y, 0, src,
                                                         src_sub, (cfg & 2u) ? &box : NULL));
}

void ddi_op_wait_idle(struct ddi *d, struct reader *r)
{
    uint32_t flags = (rd8(r) & 1u) ? AEROCMD_UMD_MAP_DO_NOT_WAIT : 0u;
    if (d->win7 && d->fake.hold_fences)
        d->may_lose = 1; /* the one fence wait there is with Windows 7 waits */
    ddi_check_wait(d, aerocmd_umd_wait_idle(d->ctx, flags), flags != 0);
}

/* Hold the fake's fences (a blocking wait then loses the device: nothing would ever signal
 * them), complete everything submitted, or both complete and stop holding. With Windows 7
 * waits a blocking lock completes what it waits for, so only wait_idle can lose. */
void ddi_op_fences(struct ddi *d, struct reader *r)
{
    uint32_t what = rd8(r) % 3u;
    if (what == 0) {
        d->fake.hold_fences = 1;
        d->may_lose |= !d->win7;
        return;
    }
    aerocmd_umd_fake_complete(&d->fake, d->fake.last_fence);
    if (what == 2)
        d->fake.hold_fences = 0;
}
