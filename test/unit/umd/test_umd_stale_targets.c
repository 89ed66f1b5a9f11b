/* SPDX-License-Identifier: MIT */
/* Targets the host still has bound when their objects are destroyed. The context remembers
 * what SET_RENDER_TARGETS the host last got, and clears build their packet from it; a
 * destroyed handle must leave that memory, so no later packet names it, and the host gets
 * the targets again before the next draw even when the wanted list looks unchanged. */
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

static struct aerocmd_umd_view *depth_view(struct harness *h)
{
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(64, 64, DXGI_D24_UNORM_S8, AEROCMD_UMD_BIND_DEPTH_STENCIL, 0);
    return kit_view(h, AEROCMD_VIEW_DEPTH_STENCIL, kit_texture(h, &td, NULL));
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

int main(void)
{
    test_depth_clear_after_destroy();
    test_draw_rebinds_after_destroy();
    return check_finish();
}
