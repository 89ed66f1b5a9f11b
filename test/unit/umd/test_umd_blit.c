/* SPDX-License-Identifier: MIT */
/* Draws with the driver's own shaders (umd_blit.c): DXGI Blt stretches and conversions and
 * GenerateMips. The application never sees them: the host state its draw after the
 * operation runs with is the state its draw before ran with; the pass itself runs with
 * the built-in shaders, the right views and sampler; passes in a row and state the host
 * already has are not re-sent; the built-ins are made once per context and destroyed with
 * it. Pixels are test/pixels' business (the executor); here the streams are checked. */
#include "host_state.h"
#include "umd_kit.h"

#include "aerocmd/umd_builtin.h"
#include "aerocmd/umd_data.h"

#define DXGI_R8G8B8A8_UNORM_SRGB 29u
#define D3D_CULL_BACK            3u

static struct harness h;
static struct host_state snaps[HS_MAX_DRAWS];

static struct aerocmd_umd_resource *sampled_target(uint32_t w, uint32_t hgt, uint32_t format,
                                                   uint32_t mips, uint32_t misc)
{
    struct aerocmd_umd_texture2d_desc d = texture_desc(
        w, hgt, format, AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    d.mip_levels = mips;
    d.misc_flags = misc;
    return kit_texture(&h, &d, NULL);
}

/* An application frame's state: everything a pass replaces has a value of its own. */
static void bind_scene(uint32_t buffer_srv_at_0)
{
    struct aerocmd_umd_texture2d_desc dd =
        texture_desc(16, 16, DXGI_D24_UNORM_S8, AEROCMD_UMD_BIND_DEPTH_STENCIL, 0);
    struct aerocmd_umd_rect sc = {1, 2, 9, 10};
    struct aerocmd_umd_rasterizer_desc rd;
    struct aerocmd_umd_depth_stencil_desc ds;
    struct aerocmd_umd_blend_desc bd;
    struct aerocmd_umd_rasterizer_state *rs = NULL;
    struct aerocmd_umd_depth_stencil_state *dss = NULL;
    struct aerocmd_umd_blend_state *bs = NULL;
    struct aerocmd_umd_view *srv;
    const struct aerocmd_umd_sampler *smp = kit_linear_sampler(&h);
    uint32_t i;
    kit_bind_basic(&h, kit_triangle_vb(&h), kit_target(&h, 16, 16),
                   kit_view(&h, AEROCMD_VIEW_DEPTH_STENCIL, kit_texture(&h, &dd, NULL)));
    CHECK_EQ(aerocmd_umd_set_scissor_rects(h.ctx, 1, &sc), AEROCMD_OK);
    memset(&rd, 0, sizeof rd);
    rd.fill_mode = 3;
    rd.cull_mode = D3D_CULL_BACK;
    rd.scissor_enable = 1;
    rd.depth_clip_enable = 1;
    CHECK_EQ(aerocmd_umd_create_rasterizer_state(h.dev,
                                                 kit_take(aerocmd_umd_rasterizer_state_size()),
                                                 aerocmd_umd_rasterizer_state_size(), &rd, &rs),
             AEROCMD_OK);
    aerocmd_umd_set_rasterizer_state(h.ctx, rs);
    memset(&ds, 0, sizeof ds);
    ds.depth_enable = ds.depth_write = 1;
    ds.depth_func = AEROCMD_UMD_COMPARISON_LESS;
    CHECK_EQ(aerocmd_umd_create_depth_stencil_state(
                 h.dev, kit_take(aerocmd_umd_depth_stencil_state_size()),
                 aerocmd_umd_depth_stencil_state_size(), &ds, &dss),
             AEROCMD_OK);
    aerocmd_umd_set_depth_stencil_state(h.ctx, dss, 0);
    memset(&bd, 0, sizeof bd);
    for (i = 0; i < 8; i++) {
        bd.targets[i].enable = 1;
        bd.targets[i].src = bd.targets[i].src_alpha = AEROCMD_UMD_BLEND_SRC_ALPHA;
        bd.targets[i].dst = bd.targets[i].dst_alpha = AEROCMD_UMD_BLEND_INV_SRC_ALPHA;
        bd.targets[i].op = bd.targets[i].op_alpha = AEROCMD_UMD_BLEND_OP_ADD;
        bd.targets[i].write_mask = 0xF;
    }
    CHECK_EQ(aerocmd_umd_create_blend_state(h.dev, kit_take(aerocmd_umd_blend_state_size()),
                                            aerocmd_umd_blend_state_size(), &bd, &bs),
             AEROCMD_OK);
    aerocmd_umd_set_blend_state(h.ctx, bs, NULL, 0xFFFFFFFFu);
    if (buffer_srv_at_0) {
        struct aerocmd_umd_buffer_desc b = buffer_desc(64, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
        struct aerocmd_umd_view_desc vd = buffer_view(DXGI_R32_FLOAT, 0, 16, 0);
        CHECK_EQ(
            kit_try_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, kit_buffer(&h, &b, NULL), &vd, &srv),
            AEROCMD_OK);
    } else {
        srv = kit_view(&h, AEROCMD_VIEW_SHADER_RESOURCE,
                       sampled_target(8, 8, DXGI_R8G8B8A8_UNORM, 1, 0));
    }
    CHECK_EQ(aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_PS, 0, 1, &srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_samplers(h.ctx, AEROCMD_SHADER_PS, 0, 1, &smp), AEROCMD_OK);
}

enum operation { OP_STRETCH, OP_CONVERT, OP_MIPS };

/* Runs `op` between two application draws; returns how many passes it drew. */
static uint32_t run_operation(enum operation op, struct aerocmd_umd_resource **dst_out)
{
    struct aerocmd_umd_blt_desc d;
    struct aerocmd_umd_resource *src, *dst;
    memset(&d, 0, sizeof d);
    d.rotation = AEROCMD_UMD_BLT_ROTATION_IDENTITY;
    if (op == OP_MIPS) {
        dst = sampled_target(7, 5, DXGI_R8G8B8A8_UNORM, 3, AEROCMD_UMD_MISC_GENERATE_MIPS);
        *dst_out = dst;
        CHECK_EQ(aerocmd_umd_generate_mips(h.ctx, kit_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, dst)),
                 AEROCMD_OK);
        return 2;
    }
    src = sampled_target(8, 8, DXGI_R8G8B8A8_UNORM, 1, 0);
    dst = sampled_target(16, 16, DXGI_B8G8R8A8_UNORM, 1, 0);
    *dst_out = dst;
    d.dst_right = d.dst_bottom = op == OP_STRETCH ? 12u : 8u;
    d.dst_left = d.dst_top = 4;
    d.flags = op == OP_STRETCH ? AEROCMD_UMD_BLT_STRETCH : AEROCMD_UMD_BLT_CONVERT;
    if (op == OP_CONVERT)
        d.dst_right = d.dst_bottom = 12; /* 8x8 at (4, 4): no stretch */
    CHECK_EQ(aerocmd_umd_blt(h.ctx, dst, src, &d), AEROCMD_OK);
    return 1;
}

static void test_application_never_sees_it(enum operation op, uint32_t buffer_srv_at_0)
{
    struct aerocmd_umd_resource *dst = NULL;
    uint32_t passes, draws;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    bind_scene(buffer_srv_at_0);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    passes = run_operation(op, &dst);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    draws = hs_snapshots(&h, snaps, HS_MAX_DRAWS);
    CHECK_EQ(draws, passes + 2u);
    if (draws == passes + 2u) {
        CHECK(hs_equal(&snaps[0], &snaps[draws - 1], 1));
        CHECK(hs_equal(&snaps[draws - 1], &snaps[0], 1));
        CHECK(!hs_equal(&snaps[0], &snaps[1], 0)); /* the pass did run with its own state */
    }
    CHECK_EQ(aerocmd_umd_resource_write_fence(dst), 1);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* What the pass draws with: the built-in shaders (whose containers are the ones
 * aerocmd_umd_builtin_dxbc gives), src at PS slot 0, a sampler, dst alone as target, a
 * viewport over the rectangle, no blending / depth / culling. */
static void test_pass_contents(void)
{
    static uint8_t want[AEROCMD_UMD_BUILTIN_MAX_DXBC];
    static struct packet_list pl;
    struct aerocmd_umd_resource *dst = NULL;
    const struct hs_entry *e;
    struct aerocmd_bound_shaders bound;
    uint32_t size = 0, i, shaders = 0;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    run_operation(OP_STRETCH, &dst);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    for (i = 0; i < pl.count; i++) {
        uint32_t len = 0;
        const uint8_t *dxbc;
        if (pl.opcode[i] != AEROGPU_CMD_CREATE_SHADER_DXBC)
            continue;
        dxbc = aerocmd_packet_payload(&pl.packet[i], &len, NULL);
        CHECK_EQ(
            aerocmd_umd_builtin_dxbc((enum aerocmd_umd_builtin)shaders, want, sizeof want, &size),
            AEROCMD_OK);
        CHECK(dxbc != NULL && len == size && memcmp(dxbc, want, size) == 0);
        shaders++;
    }
    CHECK_EQ(shaders, AEROCMD_UMD_BUILTIN_COUNT);
    CHECK_EQ(hs_snapshots(&h, snaps, HS_MAX_DRAWS), 1);
    e = hs_get(&snaps[0], AEROGPU_CMD_BIND_SHADERS, 0, 0);
    if (CHECK(e != NULL) &&
        CHECK(aerocmd_packet_bind_shaders(
            &pl.packet[packet_index(&pl, AEROGPU_CMD_BIND_SHADERS, 0)], &bound))) {
        CHECK(bound.vs != 0 && bound.ps != 0 && bound.gs == 0);
    }
    e = hs_get(&snaps[0], AEROGPU_CMD_SET_VIEWPORT, 0, 0);
    if (CHECK(e != NULL)) {
        uint32_t vp[6];
        memcpy(vp, e->bytes, sizeof vp);
        CHECK_EQ(vp[0], 0x40800000u); /* x = 4 */
        CHECK_EQ(vp[2], 0x41000000u); /* width = 8 */
    }
    e = hs_get(&snaps[0], AEROGPU_CMD_SET_RENDER_TARGETS, 0, 0);
    if (CHECK(e != NULL)) {
        uint32_t rt[3];
        memcpy(rt, e->bytes, sizeof rt);
        CHECK_EQ(rt[0], 1);
        CHECK_EQ(rt[1], 0); /* no depth */
        CHECK_EQ(rt[2], aerocmd_umd_resource_handle(dst));
    }
    CHECK(hs_get(&snaps[0], AEROGPU_CMD_SET_TEXTURE, AEROGPU_SHADER_STAGE_PIXEL, 0) != NULL);
    CHECK(hs_get(&snaps[0], AEROGPU_CMD_SET_SAMPLERS, AEROGPU_SHADER_STAGE_PIXEL, 0) != NULL);
    e = hs_get(&snaps[0], AEROGPU_CMD_SET_RASTERIZER_STATE, 0, 0);
    if (CHECK(e != NULL)) {
        struct aerogpu_rasterizer_state rs;
        memcpy(&rs, e->bytes, sizeof rs);
        CHECK_EQ(rs.cull_mode, AEROGPU_CULL_NONE);
        CHECK_EQ(rs.scissor_enable, 0);
    }
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* GenerateMips of 3 levels: the second pass sends only what differs (targets, viewport,
 * source, sampler); the built-ins are created once for two operations. */
static void test_passes_in_a_row(void)
{
    static struct packet_list pl;
    struct aerocmd_umd_resource *dst = NULL;
    uint32_t shaders_created;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    run_operation(OP_MIPS, &dst);
    run_operation(OP_MIPS, &dst);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    shaders_created = packet_count(&pl, AEROGPU_CMD_CREATE_SHADER_DXBC);
    CHECK_EQ(shaders_created, AEROCMD_UMD_BUILTIN_COUNT);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_CREATE_SAMPLER), 2);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_DRAW), 4);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_BIND_SHADERS), 1);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_BLEND_STATE), 1);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_RASTERIZER_STATE), 1);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_DEPTH_STENCIL_STATE), 1);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY), 1);
    /* Every pass samples with the linear built-in: the host keeps it from the first. */
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_SAMPLERS), 1);
    /* 7x5 -> 3x2 -> 1x1 per texture: two viewports, each sent once per texture. */
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_VIEWPORT), 4);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_RENDER_TARGETS), 4);
    /* Three level views per texture, created and destroyed around the passes (the
     * application's view of the whole texture is the texture's own handle). */
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_CREATE_TEXTURE_VIEW), 6);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_DESTROY_TEXTURE_VIEW), 6);
    CHECK(harness_valid(&h));
    kit_close(&h);
    CHECK_EQ(h.dev_alloc.live_blocks, 0); /* the built-ins' bytecode went with the context */
}

/* The sampler a pass leaves at PS slot 0 is reused only until the application's state goes
 * out: draw, GenerateMips (two passes), draw, GenerateMips, draw. The application's draws
 * run with its own sampler, each pass with the built-in one, which goes out again after an
 * application draw replaced it. */
static void test_pass_sampler_after_application_draws(void)
{
    static struct packet_list pl;
    const struct hs_entry *app, *pass;
    struct aerocmd_umd_resource *dst = NULL;
    uint32_t i, draws;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    bind_scene(0);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    run_operation(OP_MIPS, &dst);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    run_operation(OP_MIPS, &dst);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    /* The application's, two passes' (the second of each GenerateMips finds it there), two
     * restores. */
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_SAMPLERS), 5);
    draws = hs_snapshots(&h, snaps, HS_MAX_DRAWS);
    if (!CHECK_EQ(draws, 7))
        return;
    app = hs_get(&snaps[0], AEROGPU_CMD_SET_SAMPLERS, AEROGPU_SHADER_STAGE_PIXEL, 0);
    pass = hs_get(&snaps[1], AEROGPU_CMD_SET_SAMPLERS, AEROGPU_SHADER_STAGE_PIXEL, 0);
    if (!CHECK(app != NULL && pass != NULL))
        return;
    CHECK(memcmp(app->bytes, pass->bytes, 4) != 0);
    for (i = 0; i < draws; i++) {
        const struct hs_entry *e =
            hs_get(&snaps[i], AEROGPU_CMD_SET_SAMPLERS, AEROGPU_SHADER_STAGE_PIXEL, 0);
        int application = i == 0 || i == 3 || i == 6;
        CHECK(e != NULL && memcmp(e->bytes, (application ? app : pass)->bytes, 4) == 0);
    }
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* Refusals: rotation; a source nothing can sample; a target format the host cannot render
 * (BC); GenerateMips of a texture created without the flag, or of a render-target view. */
static void test_refusals(void)
{
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(8, 8, DXGI_BC1_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *src, *dst, *bc, *plain;
    struct aerocmd_umd_blt_desc d;
    uint32_t subs;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    src = sampled_target(8, 8, DXGI_R8G8B8A8_UNORM, 1, 0);
    dst = sampled_target(16, 16, DXGI_B8G8R8A8_UNORM, 1, 0);
    bc = kit_texture(&h, &td, NULL);
    plain = sampled_target(8, 8, DXGI_R8G8B8A8_UNORM, 2, 0);
    td = texture_desc(16, 16, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    td.misc_flags = AEROCMD_UMD_MISC_GENERATE_MIPS; /* without the shader-resource bind */
    CHECK_EQ(aerocmd_umd_create_texture2d(h.dev, kit_take(aerocmd_umd_resource_size()),
                                          aerocmd_umd_resource_size(), &td, NULL, &src),
             AEROCMD_E_INVALID_ARG);
    src = sampled_target(8, 8, DXGI_R8G8B8A8_UNORM, 1, 0);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    subs = h.fake.submission_count;
    memset(&d, 0, sizeof d);
    d.dst_right = d.dst_bottom = 16;
    d.rotation = AEROCMD_UMD_BLT_ROTATION_ROTATE180;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, dst, src, &d), AEROCMD_E_NOT_IMPLEMENTED);
    d.rotation = AEROCMD_UMD_BLT_ROTATION_IDENTITY;
    d.dst_right = d.dst_bottom = 8;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, bc, src, &d), AEROCMD_E_NOT_IMPLEMENTED);
    d.filter = 3;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, dst, src, &d), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_generate_mips(h.ctx, kit_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, plain)),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_generate_mips(h.ctx, kit_view(&h, AEROCMD_VIEW_RENDER_TARGET, dst)),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, subs);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* An sRGB source is read through a UNORM view (bytes kept); an sRGB texture's mips are made
 * through views in its own format (filtered in linear light). */
static void test_view_formats(void)
{
    static struct packet_list pl;
    struct aerocmd_umd_resource *src, *dst;
    struct aerocmd_umd_blt_desc d;
    const struct aerogpu_cmd_create_texture_view *v;
    int i;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    src = sampled_target(8, 8, DXGI_R8G8B8A8_UNORM_SRGB, 1, 0);
    dst = sampled_target(16, 16, DXGI_B8G8R8A8_UNORM, 1, 0);
    memset(&d, 0, sizeof d);
    d.dst_right = d.dst_bottom = 16;
    d.rotation = AEROCMD_UMD_BLT_ROTATION_IDENTITY;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, dst, src, &d), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    i = packet_index(&pl, AEROGPU_CMD_CREATE_TEXTURE_VIEW, 0);
    v = i >= 0 ? AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_create_texture_view,
                              AEROGPU_CMD_CREATE_TEXTURE_VIEW)
               : NULL;
    if (CHECK(v != NULL)) {
        CHECK_EQ(v->texture_handle, aerocmd_umd_resource_handle(src));
        CHECK_EQ(v->format, AEROGPU_FORMAT_R8G8B8A8_UNORM);
    }
    dst = sampled_target(4, 4, DXGI_R8G8B8A8_UNORM_SRGB, 2, AEROCMD_UMD_MISC_GENERATE_MIPS);
    CHECK_EQ(aerocmd_umd_generate_mips(h.ctx, kit_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, dst)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    i = packet_index(&pl, AEROGPU_CMD_CREATE_TEXTURE_VIEW, 1);
    v = i >= 0 ? AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_create_texture_view,
                              AEROGPU_CMD_CREATE_TEXTURE_VIEW)
               : NULL;
    if (CHECK(v != NULL)) {
        CHECK_EQ(v->texture_handle, aerocmd_umd_resource_handle(dst));
        CHECK_EQ(v->format, 0); /* its own format: sRGB */
        CHECK_EQ(v->mip_level_count, 1);
    }
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* An array texture: one pass per layer and level, each reading a one-layer view of its own
 * layer through the Texture2DArray pixel shader. */
static void test_array_layers(void)
{
    static struct packet_list pl;
    struct aerocmd_umd_texture2d_desc d =
        texture_desc(4, 4, DXGI_R8G8B8A8_UNORM,
                     AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *tex;
    struct aerocmd_bound_shaders bound;
    const struct aerogpu_cmd_create_shader_dxbc *array_ps;
    const struct aerogpu_cmd_create_texture_view *v;
    int i;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)))
        return;
    d.mip_levels = 2;
    d.array_size = 3;
    d.misc_flags = AEROCMD_UMD_MISC_GENERATE_MIPS;
    tex = kit_texture(&h, &d, NULL);
    CHECK_EQ(aerocmd_umd_generate_mips(h.ctx, kit_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, tex)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_DRAW), 3);
    i = packet_index(&pl, AEROGPU_CMD_CREATE_SHADER_DXBC, AEROCMD_UMD_BUILTIN_PS_SAMPLE_ARRAY);
    array_ps = i >= 0 ? AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_create_shader_dxbc,
                                     AEROGPU_CMD_CREATE_SHADER_DXBC)
                      : NULL;
    i = packet_index(&pl, AEROGPU_CMD_BIND_SHADERS, 0);
    if (CHECK(array_ps != NULL) && CHECK(i >= 0) &&
        CHECK(aerocmd_packet_bind_shaders(&pl.packet[i], &bound)))
        CHECK_EQ(bound.ps, array_ps->shader_handle);
    /* Layer 2's views: levels 0 and 1, one layer each. */
    i = packet_index(&pl, AEROGPU_CMD_CREATE_TEXTURE_VIEW, 4);
    v = i >= 0 ? AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_create_texture_view,
                              AEROGPU_CMD_CREATE_TEXTURE_VIEW)
               : NULL;
    if (CHECK(v != NULL)) {
        CHECK_EQ(v->base_array_layer, 2);
        CHECK_EQ(v->array_layer_count, 1);
        CHECK_EQ(v->base_mip_level, 0);
    }
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* A Blt stretch, GenerateMips of 3 levels and a present, with the fake's N-th fallible
 * callback (which: 0) or the device allocator's N-th allocation (1) failing: every call
 * answers OK or the failure (never anything else), nothing leaks once the objects are
 * destroyed, and a draw afterwards works. Returns the failure points reached. */
static unsigned sweep_failures(int which)
{
    unsigned long n;
    unsigned points = 0, bad = 0;
    for (n = 1; n < 400; n++) {
        struct aerocmd_umd_resource *tex = NULL, *src = NULL, *dst = NULL, *back = NULL;
        struct aerocmd_umd_view *srv = NULL;
        struct aerocmd_umd_texture2d_desc d =
            texture_desc(7, 5, DXGI_R8G8B8A8_UNORM,
                         AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
        struct aerocmd_umd_present_desc p;
        struct aerocmd_umd_present_allocations a;
        struct aerocmd_umd_blt_desc b;
        aerocmd_result r[3];
        uint32_t i;
        kit_reset();
        if (!CHECK(harness_open(&h, 1024, 4)))
            return points;
        d.mip_levels = 3;
        d.misc_flags = AEROCMD_UMD_MISC_GENERATE_MIPS;
        tex = kit_texture(&h, &d, NULL);
        src = sampled_target(4, 4, DXGI_R8G8B8A8_UNORM, 1, 0);
        dst = sampled_target(8, 8, DXGI_B8G8R8A8_UNORM, 1, 0);
        d = texture_desc(8, 8, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
        d.misc_flags = AEROCMD_UMD_MISC_PRESENTABLE;
        back = kit_texture(&h, &d, NULL);
        srv = kit_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, tex);
        memset(&b, 0, sizeof b);
        b.dst_right = b.dst_bottom = 8;
        b.rotation = AEROCMD_UMD_BLT_ROTATION_IDENTITY;
        memset(&p, 0, sizeof p);
        p.src = back;
        if (which == 0)
            h.fake.fail_at = h.fake.fallible_calls + n;
        else
            h.dev_alloc.fail_at = h.dev_alloc.calls + n;
        r[0] = aerocmd_umd_blt(h.ctx, dst, src, &b);
        r[1] = aerocmd_umd_generate_mips(h.ctx, srv);
        r[2] = aerocmd_umd_present_surface(h.ctx, &p, &a);
        h.fake.fail_at = 0;
        h.dev_alloc.fail_at = 0;
        if (r[0] == AEROCMD_OK && r[1] == AEROCMD_OK && r[2] == AEROCMD_OK) {
            kit_close(&h);
            break;
        }
        points++;
        for (i = 0; i < 3; i++)
            if (r[i] != AEROCMD_OK && r[i] != AEROCMD_E_OUT_OF_MEMORY) {
                fprintf(stderr, "fail at %lu: call %u answered %s\n", n, i,
                        aerocmd_result_name(r[i]));
                bad++;
            }
        /* Usable afterwards: the operations again, then a draw. */
        CHECK_EQ(aerocmd_umd_blt(h.ctx, dst, src, &b), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_generate_mips(h.ctx, srv), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_destroy_view(srv), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_destroy_resource(tex), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_destroy_resource(src), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_destroy_resource(dst), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_destroy_resource(back), AEROCMD_OK);
        CHECK(harness_valid(&h));
        while (kit_shader_count > 0)
            CHECK_EQ(aerocmd_umd_destroy_shader(kit_shaders[--kit_shader_count]), AEROCMD_OK);
        bad += harness_close_after_failure(&h, n);
    }
    CHECK_EQ(bad, 0);
    return points;
}

static void test_failures(void)
{
    unsigned points = sweep_failures(0);
    printf("callback failure points: %u\n", points);
    CHECK(points >= 3);            /* acquires and submits, the present's */
    CHECK(sweep_failures(1) >= 3); /* the three built-in shaders' bytecode copies */
}

int main(void)
{
    test_failures();
    test_array_layers();
    test_application_never_sees_it(OP_STRETCH, 0);
    test_application_never_sees_it(OP_CONVERT, 0);
    test_application_never_sees_it(OP_MIPS, 0);
    test_application_never_sees_it(OP_STRETCH, 1);
    test_pass_contents();
    test_passes_in_a_row();
    test_pass_sampler_after_application_draws();
    test_refusals();
    test_view_formats();
    return check_finish();
}
