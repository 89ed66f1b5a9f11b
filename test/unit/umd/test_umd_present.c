/* SPDX-License-Identifier: MIT */
/* Presenting a surface: swap-chain buffers live in WDDM allocations and are renderable and
 * scanout-capable on the host; a present binds the surface as render target 0 (RULES.md:
 * the host shows the first non-zero target bound at PRESENT) without disturbing the
 * application's targets or the tracker's elision; swap chains of 2 and 3 buffers with
 * RotateResourceIdentities show, at each PRESENT, the frame drawn for it. */
#include "umd_kit.h"

/* The allocation callback as the OS sees it: flags and source of the last request. */
static aerocmd_result (*fake_allocate)(void *, struct aerocmd_umd_memory *);
static uint32_t last_memory_flags, last_vidpn;

static aerocmd_result watch_allocate(void *user, struct aerocmd_umd_memory *m)
{
    last_memory_flags = m->flags;
    last_vidpn = m->vidpn_source_id;
    return fake_allocate(user, m);
}

static int open_watched(struct harness *h)
{
    if (!harness_open_fake(h, 65536, 16))
        return 0;
    aerocmd_umd_fake_callbacks(&h->fake, &h->cb);
    fake_allocate = h->cb.allocate_memory;
    h->cb.allocate_memory = watch_allocate;
    return harness_open_device(h);
}

static struct aerocmd_umd_texture2d_desc swap_buffer_desc(uint32_t misc)
{
    struct aerocmd_umd_texture2d_desc d =
        texture_desc(8, 4, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    d.misc_flags = misc;
    return d;
}

static struct aerocmd_umd_present_desc present_of(struct aerocmd_umd_resource *src)
{
    struct aerocmd_umd_present_desc p;
    memset(&p, 0, sizeof p);
    p.src = src;
    p.sync_interval = 1;
    return p;
}

/* The os_handle the OS gave res's allocation. */
static uint64_t os_handle_of(const struct harness *h, const struct aerocmd_umd_resource *res)
{
    const struct aerocmd_umd_fake_memory *m =
        aerocmd_umd_fake_find_memory(&h->fake, aerocmd_umd_resource_alloc_id(res));
    return m != NULL ? m->os_handle : 0u;
}

static void test_creation(void)
{
    static struct harness h;
    struct aerocmd_umd_texture2d_desc d = swap_buffer_desc(AEROCMD_UMD_MISC_PRESENTABLE);
    struct aerocmd_umd_resource *bb, *primary;
    const struct aerogpu_cmd_create_texture2d *c;
    static struct packet_list pl;
    kit_reset();
    if (!CHECK(open_watched(&h)))
        return;
    d.bind_flags = AEROCMD_UMD_BIND_SHADER_RESOURCE; /* not even a render target */
    bb = kit_texture(&h, &d, NULL);
    CHECK(bb != NULL && aerocmd_umd_resource_alloc_id(bb) != 0);
    CHECK_EQ(last_memory_flags & AEROCMD_UMD_MEMORY_PRIMARY, 0);
    d = swap_buffer_desc(AEROCMD_UMD_MISC_PRIMARY);
    d.vidpn_source_id = 3;
    primary = kit_texture(&h, &d, NULL);
    CHECK(primary != NULL);
    CHECK_EQ(last_memory_flags & AEROCMD_UMD_MEMORY_PRIMARY, AEROCMD_UMD_MEMORY_PRIMARY);
    CHECK_EQ(last_vidpn, 3);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    c = AEROCMD_VIEW(&pl.packet[packet_index(&pl, AEROGPU_CMD_CREATE_TEXTURE2D, 0)],
                     aerogpu_cmd_create_texture2d, AEROGPU_CMD_CREATE_TEXTURE2D);
    if (CHECK(c != NULL)) {
        CHECK_EQ(c->usage_flags, AEROGPU_RESOURCE_USAGE_TEXTURE |
                                     AEROGPU_RESOURCE_USAGE_RENDER_TARGET |
                                     AEROGPU_RESOURCE_USAGE_SCANOUT);
        /* bound as shader resource only: still a target and sampled */
        CHECK(c->backing_alloc_id != 0);
    }
    /* A present binds the one level: mips or layers are refused, as are BC formats. */
    d = swap_buffer_desc(AEROCMD_UMD_MISC_PRESENTABLE);
    d.array_size = 2;
    CHECK_EQ(aerocmd_umd_create_texture2d(h.dev, kit_take(aerocmd_umd_resource_size()),
                                          aerocmd_umd_resource_size(), &d, NULL, &bb),
             AEROCMD_E_NOT_IMPLEMENTED);
    d = swap_buffer_desc(AEROCMD_UMD_MISC_PRESENTABLE);
    d.mip_levels = 0;
    CHECK_EQ(aerocmd_umd_create_texture2d(h.dev, kit_take(aerocmd_umd_resource_size()),
                                          aerocmd_umd_resource_size(), &d, NULL, &bb),
             AEROCMD_E_NOT_IMPLEMENTED);
    d = swap_buffer_desc(AEROCMD_UMD_MISC_PRESENTABLE);
    d.dxgi_format = DXGI_BC1_UNORM;
    d.bind_flags = AEROCMD_UMD_BIND_SHADER_RESOURCE;
    CHECK_EQ(aerocmd_umd_create_texture2d(h.dev, kit_take(aerocmd_umd_resource_size()),
                                          aerocmd_umd_resource_size(), &d, NULL, &bb),
             AEROCMD_E_NOT_IMPLEMENTED);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* Frame k's clear colour: red, green, blue, white, yellow, cyan (components 0 or 1 so that
 * the UNORM bytes are exact), and the B8G8R8A8 bytes Direct3D stores for it. */
static void frame_colour(uint32_t k, uint32_t rgba[4], uint32_t *bgra_bytes)
{
    static const uint8_t on[6][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1},
                                     {1, 1, 1}, {1, 1, 0}, {0, 1, 1}};
    const uint8_t *c = on[k % 6];
    uint8_t b[4];
    rgba[0] = c[0] ? F32_1 : F32_0;
    rgba[1] = c[1] ? F32_1 : F32_0;
    rgba[2] = c[2] ? F32_1 : F32_0;
    rgba[3] = F32_1;
    b[0] = c[2] ? 255 : 0;
    b[1] = c[1] ? 255 : 0;
    b[2] = c[0] ? 255 : 0;
    b[3] = 255;
    memcpy(bgra_bytes, b, 4);
}

/* A swap chain of `count` buffers: each frame clears the back buffer (buffer 0, through
 * its own view) to its colour, presents it and rotates; every PRESENT must show that
 * frame's colour from the host resource buffer 0 had at the time. */
static void test_swap_chain(uint32_t count)
{
    static struct harness h;
    struct aerocmd_umd_texture2d_desc d = swap_buffer_desc(AEROCMD_UMD_MISC_PRESENTABLE);
    struct aerocmd_umd_resource *buf[3];
    struct aerocmd_umd_view *rtv[3];
    uint32_t k, i, handles[6], expected[6];
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    for (i = 0; i < count; i++) {
        buf[i] = kit_texture(&h, &d, NULL);
        rtv[i] = kit_view(&h, AEROCMD_VIEW_RENDER_TARGET, buf[i]);
    }
    kit_bind_basic(&h, kit_triangle_vb(&h), rtv[0], NULL);
    for (k = 0; k < 6; k++) {
        struct aerocmd_umd_present_desc p = present_of(buf[0]);
        struct aerocmd_umd_present_allocations a;
        uint32_t rgba[4];
        frame_colour(k, rgba, &expected[k]);
        handles[k] = aerocmd_umd_resource_handle(buf[0]);
        CHECK_EQ(aerocmd_umd_clear_render_target(h.ctx, rtv[0], rgba), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_OK);
        CHECK_EQ(a.src_os_handle, os_handle_of(&h, buf[0]));
        CHECK_EQ(a.dst_os_handle, 0);
        CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, buf, count), AEROCMD_OK);
    }
    CHECK_EQ(h.fake.present_count, 6);
    for (k = 0; k < 6; k++) {
        CHECK_EQ(h.fake.presents[k].handle, handles[k]);
        CHECK_EQ(h.fake.presents[k].first_texel, expected[k]);
        CHECK_EQ(handles[k], handles[k % count]); /* identities go round */
    }
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* Packets of submission `sub` into pl-style opcodes; returns how many. */
static uint32_t opcodes_of(const struct harness *h, uint32_t sub, uint32_t *out, uint32_t cap)
{
    static struct packet_list pl;
    uint32_t i, n = 0;
    collect_packets(&h->fake, &pl);
    for (i = 0; i < pl.count; i++)
        if (pl.submission[i] == sub && n < cap)
            out[n++] = pl.opcode[i];
    return n;
}

/* The last SET_RENDER_TARGETS recorded. */
static const struct aerogpu_cmd_set_render_targets *last_targets(const struct harness *hh)
{
    static struct packet_list pl;
    int i;
    collect_packets(&hh->fake, &pl);
    i = packet_index(&pl, AEROGPU_CMD_SET_RENDER_TARGETS,
                     packet_count(&pl, AEROGPU_CMD_SET_RENDER_TARGETS) - 1u);
    return i >= 0 ? AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_set_render_targets,
                                 AEROGPU_CMD_SET_RENDER_TARGETS)
                  : NULL;
}

/* When the application's own targets already show the surface first, the present sends
 * PRESENT alone and the next draw re-sends nothing; otherwise the surface is bound alone
 * for the PRESENT and the application's targets come back once, before its next draw. */
static void test_bindings_restored(void)
{
    static struct harness h;
    struct aerocmd_umd_texture2d_desc d = swap_buffer_desc(AEROCMD_UMD_MISC_PRESENTABLE);
    struct aerocmd_umd_resource *bb;
    struct aerocmd_umd_view *bb_rtv, *off, *dsv, *mrt[2];
    struct aerocmd_umd_present_desc p;
    struct aerocmd_umd_present_allocations a;
    const struct aerogpu_cmd_set_render_targets *rt;
    /* targets bound together have one size (Direct3D 11's OMSetRenderTargets): 8x4 */
    struct aerocmd_umd_texture2d_desc dd =
        texture_desc(8, 4, DXGI_D24_UNORM_S8, AEROCMD_UMD_BIND_DEPTH_STENCIL, 0);
    uint32_t ops[8], n, sub;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    bb = kit_texture(&h, &d, NULL);
    bb_rtv = kit_view(&h, AEROCMD_VIEW_RENDER_TARGET, bb);
    off = kit_target(&h, 8, 4);
    dsv = kit_view(&h, AEROCMD_VIEW_DEPTH_STENCIL, kit_texture(&h, &dd, NULL));
    mrt[0] = bb_rtv;
    mrt[1] = off;
    kit_bind_basic(&h, kit_triangle_vb(&h), bb_rtv, NULL);
    CHECK_EQ(aerocmd_umd_set_render_targets(h.ctx, 2, mrt, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    p = present_of(bb);
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_OK);
    sub = h.fake.submission_count - 1u;
    n = opcodes_of(&h, sub, ops, 8);
    CHECK_EQ(n, 1);
    CHECK_EQ(ops[0], AEROGPU_CMD_PRESENT);
    CHECK_EQ(h.fake.submissions[sub].flags & AEROCMD_UMD_SUBMIT_PRESENT,
             AEROCMD_UMD_SUBMIT_PRESENT);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    n = opcodes_of(&h, h.fake.submission_count - 1u, ops, 8);
    CHECK_EQ(n, 1);
    CHECK_EQ(ops[0], AEROGPU_CMD_DRAW);
    /* Offscreen target with a depth view: bound alone for the PRESENT, back afterwards. */
    CHECK_EQ(aerocmd_umd_set_render_targets(h.ctx, 1, &off, dsv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_OK);
    sub = h.fake.submission_count - 1u;
    CHECK_EQ(h.fake.presents[h.fake.present_count - 1u].handle, aerocmd_umd_resource_handle(bb));
    rt = last_targets(&h);
    if (CHECK(rt != NULL)) {
        CHECK_EQ(rt->color_count, 1);
        CHECK_EQ(rt->colors[0], aerocmd_umd_resource_handle(bb));
        CHECK_EQ(rt->depth_stencil, 0);
    }
    n = opcodes_of(&h, sub, ops, 8);
    CHECK_EQ(n, 2);
    CHECK_EQ(ops[0], AEROGPU_CMD_SET_RENDER_TARGETS);
    CHECK_EQ(ops[1], AEROGPU_CMD_PRESENT);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    n = opcodes_of(&h, h.fake.submission_count - 1u, ops, 8);
    CHECK_EQ(n, 3);
    CHECK_EQ(ops[0], AEROGPU_CMD_SET_RENDER_TARGETS);
    CHECK_EQ(ops[1], AEROGPU_CMD_DRAW);
    CHECK_EQ(ops[2], AEROGPU_CMD_DRAW);
    rt = last_targets(&h);
    if (CHECK(rt != NULL)) {
        CHECK_EQ(rt->colors[0], aerocmd_umd_view_handle(off));
        CHECK_EQ(rt->depth_stencil, aerocmd_umd_view_handle(dsv));
    }
    CHECK(harness_valid(&h));
    kit_close(&h);
}

static void test_flags_and_refusals(void)
{
    static struct harness h;
    struct aerocmd_umd_texture2d_desc d = swap_buffer_desc(AEROCMD_UMD_MISC_PRESENTABLE);
    struct aerocmd_umd_resource *bb, *primary, *plain;
    struct aerocmd_umd_present_desc p;
    struct aerocmd_umd_present_allocations a;
    uint32_t subs, i;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    bb = kit_texture(&h, &d, NULL);
    d.misc_flags = AEROCMD_UMD_MISC_PRIMARY;
    primary = kit_texture(&h, &d, NULL);
    d = swap_buffer_desc(0);
    plain = kit_texture(&h, &d, NULL);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    subs = h.fake.submission_count;
    /* TEST sends nothing but names the allocations. */
    p = present_of(bb);
    p.dst = primary;
    p.flags = AEROCMD_UMD_PRESENT_TEST;
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, subs);
    CHECK_EQ(a.src_os_handle, os_handle_of(&h, bb));
    CHECK_EQ(a.dst_os_handle, os_handle_of(&h, primary));
    CHECK(a.dst_os_handle != 0 && a.dst_os_handle != a.src_os_handle);
    /* Refusals. */
    p.flags = 0x2;
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_E_INVALID_ARG);
    p.flags = 0;
    p.sync_interval = 5;
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_E_INVALID_ARG);
    p.sync_interval = 0;
    p.src_subresource = 1;
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_E_INVALID_ARG);
    p = present_of(plain); /* host-owned: no allocation to name */
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(h.fake.submission_count, subs);
    /* DO_NOT_WAIT: with fences held, the fourth present would wait for the first. */
    h.fake.hold_fences = 1;
    p = present_of(bb);
    p.flags = AEROCMD_UMD_PRESENT_DO_NOT_WAIT;
    for (i = 0; i < 3; i++)
        CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_OK);
    subs = h.fake.submission_count;
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(h.fake.submission_count, subs);
    aerocmd_umd_fake_complete(&h.fake, h.fake.last_fence);
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_OK);
    /* sync interval 0: PRESENT without VSYNC. */
    p.sync_interval = 0;
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &p, &a), AEROCMD_OK);
    {
        static struct packet_list pl;
        const struct aerogpu_cmd_present *pp;
        collect_packets(&h.fake, &pl);
        pp = AEROCMD_VIEW(&pl.packet[packet_index(&pl, AEROGPU_CMD_PRESENT,
                                                  packet_count(&pl, AEROGPU_CMD_PRESENT) - 1)],
                          aerogpu_cmd_present, AEROGPU_CMD_PRESENT);
        if (CHECK(pp != NULL))
            CHECK_EQ(pp->flags & AEROGPU_PRESENT_FLAG_VSYNC, 0);
    }
    CHECK(harness_valid(&h));
    kit_close(&h);
}

int main(void)
{
    test_creation();
    test_swap_chain(2);
    test_swap_chain(3);
    test_bindings_restored();
    test_flags_and_refusals();
    return check_finish();
}
