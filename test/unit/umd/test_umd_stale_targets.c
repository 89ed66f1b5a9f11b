/* SPDX-License-Identifier: MIT */
/* The targets the host has bound. The context remembers what SET_RENDER_TARGETS the host
 * last got, and clears build their packet from it. A destroyed handle must leave that
 * memory, so no later packet names it, and the host gets the targets again before the next
 * draw even when the wanted list looks unchanged. Targets bound together have one extent
 * (Direct3D 11: OMSetRenderTargets' views have equal "effective dimensions"; the validator's
 * target_size_mismatch), also those a clear binds. */
#include "umd_kit.h"

static uint64_t sem_mem[8192];
static struct packet_list packets;

static uint32_t u32_of(const struct aerocmd_packet *p, uint32_t offset)
{
    uint32_t v;
    memcpy(&v, p->bytes + offset, 4);
    return v;
}

/* Index of the first packet after `from` with `opcode`, or packets.count. */
static uint32_t find_packet(uint32_t from, uint32_t opcode)
{
    uint32_t i;
    for (i = from; i < packets.count; i++)
        if (packets.opcode[i] == opcode)
            return i;
    return packets.count;
}

/* No SET_RENDER_TARGETS from packet `from` on names `handle`. */
static int targets_never_name(uint32_t from, uint32_t handle)
{
    uint32_t i, k;
    for (i = from; i < packets.count; i++) {
        if (packets.opcode[i] != AEROGPU_CMD_SET_RENDER_TARGETS)
            continue;
        for (k = 0; k < 9; k++)
            if (u32_of(&packets.packet[i], 12u + 4u * k) == handle)
                return 0;
    }
    return 1;
}

static int streams_valid(struct harness *h)
{
    struct aerocmd_semantic sem;
    if (aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem) != AEROCMD_OK)
        return 0;
    return validate_submissions(&h->fake, &sem) == 0;
}

/* A 64x64 render target texture; its view in *view. */
static struct aerocmd_umd_resource *target_texture(struct harness *h,
                                                   struct aerocmd_umd_view **view)
{
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(64, 64, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_resource *tex = kit_texture(h, &td, NULL);
    *view = kit_view(h, AEROCMD_VIEW_RENDER_TARGET, tex);
    return tex;
}

static struct aerocmd_umd_view *depth_view_of(struct harness *h, uint32_t size)
{
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(size, size, DXGI_D24_UNORM_S8, AEROCMD_UMD_BIND_DEPTH_STENCIL, 0);
    return kit_view(h, AEROCMD_VIEW_DEPTH_STENCIL, kit_texture(h, &td, NULL));
}

static struct aerocmd_umd_view *depth_view(struct harness *h)
{
    return depth_view_of(h, 64);
}

/* The runtime unbinds a target and destroys it without drawing in between; a clear of a
 * depth view that is not bound builds on what the host last got, and must not rebind the
 * destroyed colour target from there. */
static void test_depth_clear_after_destroy(void)
{
    static struct harness h;
    struct aerocmd_umd_view *rtv, *dsv;
    struct aerocmd_umd_resource *tex;
    uint32_t handle, destroy_at, set_at;
    kit_reset();
    if (!CHECK(harness_open(&h, 4096, 16)))
        return;
    tex = target_texture(&h, &rtv);
    dsv = depth_view(&h);
    if (!CHECK(rtv != NULL && dsv != NULL))
        return;
    handle = aerocmd_umd_view_handle(rtv);
    kit_bind_basic(&h, kit_triangle_vb(&h), rtv, NULL);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_render_targets(h.ctx, 0, NULL, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_view(rtv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(tex), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_depth_stencil(h.ctx, dsv, AEROGPU_CLEAR_DEPTH, F32_1, 0),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK(streams_valid(&h));
    collect_packets(&h.fake, &packets);
    destroy_at = find_packet(0, AEROGPU_CMD_DESTROY_RESOURCE);
    CHECK(destroy_at < packets.count);
    CHECK(targets_never_name(destroy_at, handle));
    /* The clear still binds the depth view. */
    set_at = find_packet(destroy_at, AEROGPU_CMD_SET_RENDER_TARGETS);
    if (CHECK(set_at < packets.count)) {
        CHECK_EQ(u32_of(&packets.packet[set_at], 12), aerocmd_umd_view_handle(dsv));
        CHECK_EQ(packets.opcode[set_at + 1u], AEROGPU_CMD_CLEAR);
    }
    kit_close(&h);
}

/* Slot 0 emptied and its target destroyed: the wanted list equals what the host had with
 * that handle taken out, yet the host may still hold the old one, so the next draw
 * rebinds. */
static void test_draw_rebinds_after_destroy(void)
{
    static struct harness h;
    struct aerocmd_umd_view *rtv[2], *keep[2];
    struct aerocmd_umd_resource *tex;
    uint32_t handle, destroy_at, set_at;
    kit_reset();
    if (!CHECK(harness_open(&h, 4096, 16)))
        return;
    tex = target_texture(&h, &rtv[0]);
    rtv[1] = kit_target(&h, 64, 64);
    if (!CHECK(rtv[0] != NULL && rtv[1] != NULL))
        return;
    handle = aerocmd_umd_view_handle(rtv[0]);
    kit_bind_basic(&h, kit_triangle_vb(&h), rtv[0], NULL);
    CHECK_EQ(aerocmd_umd_set_render_targets(h.ctx, 2, rtv, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    keep[0] = NULL;
    keep[1] = rtv[1];
    CHECK_EQ(aerocmd_umd_set_render_targets(h.ctx, 2, keep, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_view(rtv[0]), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(tex), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK(streams_valid(&h));
    collect_packets(&h.fake, &packets);
    destroy_at = find_packet(0, AEROGPU_CMD_DESTROY_RESOURCE);
    CHECK(destroy_at < packets.count);
    CHECK(targets_never_name(destroy_at, handle));
    set_at = find_packet(destroy_at, AEROGPU_CMD_SET_RENDER_TARGETS);
    if (CHECK(set_at < packets.count)) {
        CHECK_EQ(u32_of(&packets.packet[set_at], 8), 2u);
        CHECK_EQ(u32_of(&packets.packet[set_at], 16), 0u);
        CHECK_EQ(u32_of(&packets.packet[set_at], 20), aerocmd_umd_view_handle(rtv[1]));
        CHECK(find_packet(set_at, AEROGPU_CMD_DRAW) < packets.count);
    }
    kit_close(&h);
}

/* A 64x64 colour target with a 32x32 depth target is refused as the runtime would drop it,
 * binding nothing; with a 64x64 one it is taken. */
static void test_targets_of_one_extent(void)
{
    static struct harness h;
    struct aerocmd_umd_view *rtv, *small, *same;
    kit_reset();
    if (!CHECK(harness_open(&h, 4096, 16)))
        return;
    rtv = kit_target(&h, 64, 64);
    small = depth_view_of(&h, 32);
    same = depth_view(&h);
    if (!CHECK(rtv != NULL && small != NULL && same != NULL))
        return;
    kit_bind_basic(&h, kit_triangle_vb(&h), rtv, NULL);
    CHECK_EQ(aerocmd_umd_set_render_targets(h.ctx, 1, &rtv, small), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_render_targets(h.ctx, 1, &rtv, same), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK(streams_valid(&h));
    collect_packets(&h.fake, &packets);
    CHECK(targets_never_name(0, aerocmd_umd_view_handle(small)));
    kit_close(&h);
}

/* The SET_RENDER_TARGETS right before the `n`th CLEAR (from 0): its colour count and depth. */
static int targets_before_clear(uint32_t n, uint32_t *count, uint32_t *depth)
{
    uint32_t i, clear = 0, set = packets.count;
    for (i = 0; i < packets.count; i++) {
        if (packets.opcode[i] == AEROGPU_CMD_SET_RENDER_TARGETS)
            set = i;
        if (packets.opcode[i] == AEROGPU_CMD_CLEAR && clear++ == n && set < packets.count) {
            *count = u32_of(&packets.packet[set], 8);
            *depth = u32_of(&packets.packet[set], 12);
            return 1;
        }
    }
    return 0;
}

/* A colour clear binds its target alone; a depth clear that follows keeps it beside the depth
 * view when they have one extent (no rebind before the application binds both), and binds
 * the depth view alone when they do not (fuzz_ddi_sequence's
 * depth_clear_with_targets_of_another_size: the host got targets of two sizes). */
static void test_depth_clear_beside_colours(uint32_t depth_size, uint32_t want_colours)
{
    static const uint32_t black[4] = {0, 0, 0, F32_1};
    static struct harness h;
    struct aerocmd_umd_view *rtv, *dsv;
    uint32_t count = 99, depth = 0;
    kit_reset();
    if (!CHECK(harness_open(&h, 4096, 16)))
        return;
    rtv = kit_target(&h, 64, 64);
    dsv = depth_view_of(&h, depth_size);
    if (!CHECK(rtv != NULL && dsv != NULL))
        return;
    CHECK_EQ(aerocmd_umd_clear_render_target(h.ctx, rtv, black), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_depth_stencil(h.ctx, dsv, AEROGPU_CLEAR_DEPTH, F32_1, 0),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK(streams_valid(&h));
    collect_packets(&h.fake, &packets);
    if (CHECK(targets_before_clear(1, &count, &depth))) {
        CHECK_EQ(count, want_colours);
        CHECK_EQ(depth, aerocmd_umd_view_handle(dsv));
    }
    kit_close(&h);
}

int main(void)
{
    test_depth_clear_after_destroy();
    test_draw_rebinds_after_destroy();
    test_targets_of_one_extent();
    test_depth_clear_beside_colours(64, 1);
    test_depth_clear_beside_colours(32, 0);
    return check_finish();
}
