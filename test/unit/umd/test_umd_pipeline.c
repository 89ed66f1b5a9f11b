/* SPDX-License-Identifier: MIT */
/* Binding, lazy emission and drawing through the fake: exact packets, elision, hazards. */
#include "umd_scenes.h"

static uint64_t sem_mem[8192];

static int validate_all(const struct harness *h)
{
    struct aerocmd_semantic sem;
    if (aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem) != AEROCMD_OK)
        return -1;
    return validate_submissions(&h->fake, &sem);
}

static uint32_t packets_since(const struct packet_list *pl, uint32_t from, uint32_t *ops,
                              uint32_t cap)
{
    uint32_t n = 0, i;
    for (i = from; i < pl->count && n < cap; i++)
        ops[n++] = pl->opcode[i];
    return n;
}

/* Binds the scene's triangle and draws it, then binds everything again unchanged (state
 * objects at their defaults) and draws instanced. */
static void draw_triangle_then_rebind_identically(struct harness *h, struct scene *s)
{
    struct aerocmd_umd_viewport vp = {F32_0, F32_0, F32_64, F32_64, F32_0, F32_1};
    uint32_t stride = 12, offset = 0;
    aerocmd_umd_set_render_targets(h->ctx, 1, &s->rtv, NULL);
    CHECK_EQ(aerocmd_umd_set_viewports(h->ctx, 1, &vp), AEROCMD_OK);
    aerocmd_umd_set_input_layout(h->ctx, s->il);
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h->ctx, 0, 1, &s->vb, &stride, &offset), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_topology(h->ctx, D3D_TRIANGLELIST), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_VS, s->vs), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_PS, s->ps), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    /* Identical re-binds emit nothing: the next draw is exactly one packet. */
    aerocmd_umd_set_render_targets(h->ctx, 1, &s->rtv, NULL);
    aerocmd_umd_set_viewports(h->ctx, 1, &vp);
    aerocmd_umd_set_input_layout(h->ctx, s->il);
    aerocmd_umd_set_vertex_buffers(h->ctx, 0, 1, &s->vb, &stride, &offset);
    aerocmd_umd_set_topology(h->ctx, D3D_TRIANGLELIST);
    aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_VS, s->vs);
    aerocmd_umd_set_blend_state(h->ctx, NULL, NULL, 0xFFFFFFFFu);
    aerocmd_umd_set_depth_stencil_state(h->ctx, NULL, 0);
    aerocmd_umd_set_rasterizer_state(h->ctx, NULL);
    CHECK_EQ(aerocmd_umd_draw_instanced(h->ctx, 3, 2, 1, 5), AEROCMD_OK);
}

/* The scene's 13 creates, the first draw's 10 state packets and draw, the second draw. */
static void check_triangle_opcodes(const struct packet_list *pl)
{
    static const uint32_t want_create[] = {
        AEROGPU_CMD_CREATE_BUFFER,      AEROGPU_CMD_UPLOAD_RESOURCE,
        AEROGPU_CMD_CREATE_BUFFER,      AEROGPU_CMD_UPLOAD_RESOURCE,
        AEROGPU_CMD_CREATE_BUFFER,      AEROGPU_CMD_CREATE_TEXTURE2D,
        AEROGPU_CMD_CREATE_TEXTURE2D,   AEROGPU_CMD_UPLOAD_RESOURCE,
        AEROGPU_CMD_CREATE_TEXTURE2D,   AEROGPU_CMD_CREATE_SHADER_DXBC,
        AEROGPU_CMD_CREATE_SHADER_DXBC, AEROGPU_CMD_CREATE_INPUT_LAYOUT,
        AEROGPU_CMD_CREATE_SAMPLER};
    static const uint32_t want_draw[] = {
        AEROGPU_CMD_BIND_SHADERS,           AEROGPU_CMD_SET_INPUT_LAYOUT,
        AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY, AEROGPU_CMD_SET_VERTEX_BUFFERS,
        AEROGPU_CMD_SET_RENDER_TARGETS,     AEROGPU_CMD_SET_VIEWPORT,
        AEROGPU_CMD_SET_BLEND_STATE,        AEROGPU_CMD_SET_DEPTH_STENCIL_STATE,
        AEROGPU_CMD_SET_RASTERIZER_STATE,   AEROGPU_CMD_DRAW};
    uint32_t ops[64], n, i;
    n = packets_since(pl, 0, ops, 64);
    CHECK_EQ(n, 13 + 10 + 1);
    for (i = 0; i < 13 && i < n; i++)
        CHECK_EQ(ops[i], want_create[i]);
    for (i = 0; i < 10 && 13 + i < n; i++)
        CHECK_EQ(ops[13 + i], want_draw[i]);
    CHECK_EQ(ops[23], AEROGPU_CMD_DRAW);
}

/* The first draw's vertex buffer and render target packets, and the instanced draw. */
static void check_triangle_packet_fields(const struct packet_list *pl, const struct scene *s)
{
    const uint32_t base = 13; /* past the scene's creates */
    const struct aerogpu_cmd_set_vertex_buffers *svb;
    const struct aerogpu_cmd_set_render_targets *srt;
    const struct aerogpu_cmd_draw *draw;
    const uint8_t *payload;
    uint32_t len = 0, count = 0;
    svb = AEROCMD_VIEW(&pl->packet[base + 3], aerogpu_cmd_set_vertex_buffers,
                       AEROGPU_CMD_SET_VERTEX_BUFFERS);
    CHECK(svb != NULL);
    payload = aerocmd_packet_payload(&pl->packet[base + 3], &len, &count);
    if (svb && payload) {
        struct aerogpu_vertex_buffer_binding b;
        memcpy(&b, payload, sizeof b);
        CHECK_EQ(svb->start_slot, 0);
        CHECK_EQ(count, 1);
        CHECK_EQ(b.buffer, aerocmd_umd_resource_handle(s->vb));
        CHECK_EQ(b.stride_bytes, 12);
    }
    srt = AEROCMD_VIEW(&pl->packet[base + 4], aerogpu_cmd_set_render_targets,
                       AEROGPU_CMD_SET_RENDER_TARGETS);
    if (CHECK(srt != NULL)) {
        CHECK_EQ(srt->color_count, 1);
        /* A whole-texture RTV in the texture's own format is the texture's handle. */
        CHECK_EQ(srt->colors[0], aerocmd_umd_resource_handle(s->rt));
        CHECK_EQ(srt->depth_stencil, 0);
    }
    draw = AEROCMD_VIEW(&pl->packet[23], aerogpu_cmd_draw, AEROGPU_CMD_DRAW);
    if (CHECK(draw != NULL)) {
        CHECK_EQ(draw->vertex_count, 3);
        CHECK_EQ(draw->instance_count, 2);
        CHECK_EQ(draw->first_vertex, 1);
        CHECK_EQ(draw->first_instance, 5);
    }
}

static void test_triangle_packets(void)
{
    static struct harness h;
    static struct scene s;
    static struct packet_list pl;
    CHECK(harness_open(&h, 65536, 64));
    CHECK_EQ(scene_create(&h, &s, 0), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, 0); /* nothing submitted before a flush */
    draw_triangle_then_rebind_identically(&h, &s);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, 1);
    CHECK_EQ(h.fake.submissions[0].fence, 1);
    CHECK_EQ(aerocmd_umd_last_fence(h.ctx), 1);
    CHECK_EQ(validate_all(&h), 0);
    collect_packets(&h.fake, &pl);
    check_triangle_opcodes(&pl);
    check_triangle_packet_fields(&pl, &s);
    scene_destroy(&s);
    harness_close(&h);
    CHECK_EQ(h.dev_alloc.live_blocks, 0);
}

static void test_frame_validates(void)
{
    static struct harness h;
    static struct scene s;
    CHECK(harness_open(&h, 65536, 64));
    CHECK_EQ(scene_create(&h, &s, 1), AEROCMD_OK);
    CHECK_EQ(scene_frame(&h, &s), AEROCMD_OK);
    /* Render work, then the present on its own flagged submission. */
    CHECK_EQ(h.fake.submission_count, 2);
    CHECK_EQ(h.fake.submissions[0].flags, 0);
    CHECK_EQ(h.fake.submissions[1].flags, AEROCMD_UMD_SUBMIT_PRESENT);
    CHECK_EQ(h.fake.submissions[1].cmd_bytes, 24u + 16u);
    /* vb, ib and texture are guest-backed: listed read-only with their creates. */
    CHECK_EQ(h.fake.submissions[0].alloc_count, 3);
    CHECK_EQ(h.fake.submissions[0].allocs[0].alloc_id, aerocmd_umd_resource_alloc_id(s.vb));
    CHECK_EQ(h.fake.submissions[0].allocs[0].flags, 0);
    CHECK_EQ(validate_all(&h), 0);
    /* The render target was written by submission 1 (fence 1). */
    CHECK_EQ(aerocmd_umd_resource_write_fence(s.rt), 1);
    CHECK_EQ(aerocmd_umd_resource_write_fence(s.tex), 0);
    scene_destroy(&s);
    /* Every guest-backed destroy was submitted before its memory went. */
    CHECK_EQ(h.fake.live_memories, 0);
    harness_close(&h);
}

static void test_hazards(void)
{
    static struct harness h;
    static struct scene s;
    static struct packet_list pl;
    uint64_t rtv2_mem[8], srv2_mem[8];
    struct aerocmd_umd_view *rtv_tex, *srv_rt;
    struct aerocmd_umd_view_desc vd;
    struct aerocmd_umd_texture2d_desc td;
    uint64_t both_mem[32];
    struct aerocmd_umd_resource *both;
    uint32_t i, saw_unbind = 0, saw_rt_unbind = 0;
    CHECK(harness_open(&h, 65536, 64));
    CHECK_EQ(scene_create(&h, &s, 0), AEROCMD_OK);
    td = texture_desc(8, 8, DXGI_R8G8B8A8_UNORM,
                      AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    CHECK_EQ(aerocmd_umd_create_texture2d(h.dev, both_mem, sizeof both_mem, &td, NULL, &both),
             AEROCMD_OK);
    memset(&vd, 0, sizeof vd);
    CHECK_EQ(aerocmd_umd_create_view(h.dev, rtv2_mem, sizeof rtv2_mem, AEROCMD_VIEW_RENDER_TARGET,
                                     both, &vd, &rtv_tex),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_create_view(h.dev, srv2_mem, sizeof srv2_mem, AEROCMD_VIEW_SHADER_RESOURCE,
                                     both, &vd, &srv_rt),
             AEROCMD_OK);
    aerocmd_umd_set_shader(h.ctx, AEROCMD_SHADER_VS, s.vs); /* so that the draws are sent */
    /* Read it in VS and PS, then bind it as a target: both SRV slots go away. */
    aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_PS, 3, 1, &srv_rt);
    aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_VS, 0, 1, &srv_rt);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    aerocmd_umd_set_render_targets(h.ctx, 1, &rtv_tex, NULL);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    /* Reading it again unbinds it as a target. */
    aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_PS, 0, 1, &srv_rt);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(validate_all(&h), 0);
    collect_packets(&h.fake, &pl);
    for (i = 0; i < pl.count; i++) {
        const struct aerogpu_cmd_set_texture *t =
            AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_set_texture, AEROGPU_CMD_SET_TEXTURE);
        const struct aerogpu_cmd_set_render_targets *rt = AEROCMD_VIEW(
            &pl.packet[i], aerogpu_cmd_set_render_targets, AEROGPU_CMD_SET_RENDER_TARGETS);
        if (t && t->texture == 0)
            saw_unbind++;
        if (rt && saw_unbind == 2 && rt->color_count == 1 && rt->colors[0] == 0)
            saw_rt_unbind++;
    }
    CHECK_EQ(saw_unbind, 2);
    CHECK_EQ(saw_rt_unbind, 1);
    aerocmd_umd_destroy_view(srv_rt);
    aerocmd_umd_destroy_view(rtv_tex);
    aerocmd_umd_destroy_resource(both);
    scene_destroy(&s);
    harness_close(&h);
}

/* SET_TEXTURE packets of PS slot 0 in pl from packet `from` on: how many unbind it, and
 * the last texture bound there (0 none seen). */
static uint32_t ps_slot0_unbinds(const struct packet_list *pl, uint32_t from, uint32_t *last)
{
    uint32_t i, n = 0;
    for (i = from; i < pl->count; i++) {
        const struct aerogpu_cmd_set_texture *t =
            AEROCMD_VIEW(&pl->packet[i], aerogpu_cmd_set_texture, AEROGPU_CMD_SET_TEXTURE);
        if (t != NULL && t->shader_stage == AEROGPU_SHADER_STAGE_PIXEL && t->slot == 0) {
            n += t->texture == 0;
            *last = t->texture;
        }
    }
    return n;
}

/* The colour target 0 of the last SET_RENDER_TARGETS from packet `from` on (~0 none). */
static uint32_t last_target0(const struct packet_list *pl, uint32_t from)
{
    uint32_t i, h = ~0u;
    for (i = from; i < pl->count; i++) {
        const struct aerogpu_cmd_set_render_targets *rt = AEROCMD_VIEW(
            &pl->packet[i], aerogpu_cmd_set_render_targets, AEROGPU_CMD_SET_RENDER_TARGETS);
        if (rt != NULL)
            h = rt->color_count > 0 ? rt->colors[0] : 0u;
    }
    return h;
}

/* Direct3D tracks read/write hazards per subresource ("the runtime doesn't allow any given
 * SubResource to be bound as an input and as an output at the same time"; OMSetRenderTargets:
 * bind points of the same subresources are set to NULL). Mip 1 read while mip 0 is the
 * target stays bound (a mip chain drawn level by level); mip 1 as the target unbinds it, and
 * so does a target under a view of every mip. */
static void test_subresource_hazards(void)
{
    static struct harness h;
    static struct scene s;
    static struct packet_list pl;
    uint64_t mem[4][8], tex_mem[32];
    struct aerocmd_umd_view *mip0, *mip1, *srv1, *srv_all;
    struct aerocmd_umd_view_desc vd;
    struct aerocmd_umd_texture2d_desc td;
    struct aerocmd_umd_resource *tex;
    uint32_t seen = 0, last = 0, unbinds;
    CHECK(harness_open(&h, 65536, 64));
    CHECK_EQ(scene_create(&h, &s, 0), AEROCMD_OK);
    td = texture_desc(8, 8, DXGI_R8G8B8A8_UNORM,
                      AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    td.mip_levels = 2;
    CHECK_EQ(aerocmd_umd_create_texture2d(h.dev, tex_mem, sizeof tex_mem, &td, NULL, &tex),
             AEROCMD_OK);
    memset(&vd, 0, sizeof vd);
    CHECK_EQ(aerocmd_umd_create_view(h.dev, mem[0], sizeof mem[0], AEROCMD_VIEW_RENDER_TARGET, tex,
                                     &vd, &mip0),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_create_view(h.dev, mem[1], sizeof mem[1], AEROCMD_VIEW_SHADER_RESOURCE,
                                     tex, &vd, &srv_all),
             AEROCMD_OK);
    vd.first_mip = 1;
    vd.mip_count = 1;
    CHECK_EQ(aerocmd_umd_create_view(h.dev, mem[2], sizeof mem[2], AEROCMD_VIEW_RENDER_TARGET, tex,
                                     &vd, &mip1),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_create_view(h.dev, mem[3], sizeof mem[3], AEROCMD_VIEW_SHADER_RESOURCE,
                                     tex, &vd, &srv1),
             AEROCMD_OK);
    aerocmd_umd_set_shader(h.ctx, AEROCMD_SHADER_VS, s.vs);
    aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_PS, 0, 1, &srv1);
    aerocmd_umd_set_render_targets(h.ctx, 1, &mip0, NULL);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    CHECK_EQ(ps_slot0_unbinds(&pl, 0, &last), 0u);
    CHECK(last != 0); /* mip 1 read while mip 0 is drawn */
    seen = pl.count;
    aerocmd_umd_set_render_targets(h.ctx, 1, &mip1, NULL);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    aerocmd_umd_set_render_targets(h.ctx, 1, &mip0, NULL);
    aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_PS, 0, 1, &srv_all);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK); /* bindings go out with a draw */
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    unbinds = ps_slot0_unbinds(&pl, seen, &last);
    CHECK_EQ(unbinds, 1u); /* mip 1 became the target */
    CHECK(last != 0);      /* every mip read again: mip 0 is no target any more */
    CHECK(last_target0(&pl, seen) == 0);
    CHECK_EQ(validate_all(&h), 0);
    aerocmd_umd_destroy_view(srv1);
    aerocmd_umd_destroy_view(srv_all);
    aerocmd_umd_destroy_view(mip1);
    aerocmd_umd_destroy_view(mip0);
    aerocmd_umd_destroy_resource(tex);
    scene_destroy(&s);
    harness_close(&h);
}

/* A GS handle bound to the VS stage, and the tessellation stages. */
static void check_stage_refusals(struct harness *h, struct aerocmd_umd_shader *gs)
{
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_VS, gs), AEROCMD_E_INVALID_ARG);
    /* No tessellation: binding a hull or domain stage is refused, unbinding them (as the
     * runtime's ClearState does) is not an error. */
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_HS, gs), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_HS, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_DS, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_samplers(h->ctx, AEROCMD_SHADER_DS, 0, 16, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_samplers(h->ctx, AEROCMD_SHADER_DS, 1, 16, NULL),
             AEROCMD_E_NOT_IMPLEMENTED);
}

/* Four targets with slots 1 and 2 empty, a draw through VS + GS, then a dispatch. */
static void draw_gapped_targets_with_gs_then_dispatch(struct harness *h, struct scene *s,
                                                      struct aerocmd_umd_shader *gs,
                                                      struct aerocmd_umd_shader *cs)
{
    struct aerocmd_umd_view *rtvs[4];
    rtvs[0] = s->rtv;
    rtvs[1] = NULL;
    rtvs[2] = NULL;
    rtvs[3] = s->rtv;
    CHECK_EQ(aerocmd_umd_set_render_targets(h->ctx, 4, rtvs, s->dsv), AEROCMD_OK);
    aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_VS, s->vs);
    aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_GS, gs);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_CS, cs);
    CHECK_EQ(aerocmd_umd_dispatch(h->ctx, 4, 2, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
}

/* The draw's packets, from the first of submission `from` on: shaders, then targets. */
static void check_gs_draw_packets(const struct packet_list *pl, uint32_t from,
                                  const struct scene *s, const struct aerocmd_umd_shader *gs)
{
    struct aerocmd_bound_shaders bound;
    const struct aerogpu_cmd_set_render_targets *srt;
    uint32_t first = 0;
    while (first < pl->count && pl->submission[first] < from)
        first++;
    CHECK_EQ(pl->opcode[first], AEROGPU_CMD_BIND_SHADERS);
    CHECK(aerocmd_packet_bind_shaders(&pl->packet[first], &bound));
    CHECK(bound.extended);
    CHECK_EQ(bound.gs, aerocmd_umd_shader_handle(gs));
    CHECK_EQ(bound.vs, aerocmd_umd_shader_handle(s->vs));
    srt = AEROCMD_VIEW(&pl->packet[first + 1], aerogpu_cmd_set_render_targets,
                       AEROGPU_CMD_SET_RENDER_TARGETS);
    if (CHECK(srt != NULL)) {
        CHECK_EQ(srt->color_count, 4);
        CHECK_EQ(srt->colors[1], 0);
        CHECK_EQ(srt->colors[2], 0);
        CHECK_EQ(srt->colors[3], aerocmd_umd_resource_handle(s->rt));
        CHECK_EQ(srt->depth_stencil, aerocmd_umd_resource_handle(s->ds));
    }
}

/* dispatch: BIND_SHADERS again (cs changed) then DISPATCH, nothing else. */
static void check_dispatch_after_draw(const struct packet_list *pl)
{
    const struct aerogpu_cmd_dispatch *disp;
    uint32_t i = pl->count - 2;
    CHECK_EQ(pl->opcode[i], AEROGPU_CMD_BIND_SHADERS);
    disp = AEROCMD_VIEW(&pl->packet[i + 1], aerogpu_cmd_dispatch, AEROGPU_CMD_DISPATCH);
    if (CHECK(disp != NULL)) {
        CHECK_EQ(disp->group_count_x, 4);
        CHECK_EQ(disp->group_count_y, 2);
    }
}

static void test_mrt_gaps_and_gs(void)
{
    static struct harness h;
    static struct scene s;
    static struct packet_list pl;
    uint64_t gs_mem[8], cs_mem[8];
    struct aerocmd_umd_shader *gs, *cs;
    uint8_t gs_dxbc[SCENE_MAX_DXBC], cs_dxbc[SCENE_MAX_DXBC];
    uint32_t gs_size = scene_shader_dxbc(SCENE_GS_SHIFT, gs_dxbc, sizeof gs_dxbc);
    uint32_t cs_size = scene_shader_dxbc(SCENE_CS_READ, cs_dxbc, sizeof cs_dxbc);
    uint32_t from;
    CHECK(harness_open(&h, 65536, 64));
    CHECK_EQ(scene_create(&h, &s, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_create_shader(h.dev, gs_mem, sizeof gs_mem, AEROCMD_SHADER_GS, gs_dxbc,
                                       gs_size, &gs),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_create_shader(h.dev, cs_mem, sizeof cs_mem, AEROCMD_SHADER_CS, cs_dxbc,
                                       cs_size, &cs),
             AEROCMD_OK);
    check_stage_refusals(&h, gs);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    from = h.fake.submission_count;
    draw_gapped_targets_with_gs_then_dispatch(&h, &s, gs, cs);
    CHECK_EQ(validate_all(&h), 0);
    collect_packets(&h.fake, &pl);
    check_gs_draw_packets(&pl, from, &s, gs);
    check_dispatch_after_draw(&pl);
    CHECK_EQ(aerocmd_umd_draw_auto(h.ctx), AEROCMD_E_NOT_IMPLEMENTED);
    aerocmd_umd_destroy_shader(cs);
    aerocmd_umd_destroy_shader(gs);
    scene_destroy(&s);
    harness_close(&h);
}

/* An 8x4 texture with its full mip chain and 2 layers, every subresource initialised. */
static struct aerocmd_umd_resource *create_mipped_array_texture(struct harness *h, uint64_t *mem,
                                                                size_t mem_size)
{
    static uint8_t texels[6][64 * 4];
    static struct aerocmd_umd_subresource_data all[8];
    struct aerocmd_umd_subresource_data init[6];
    struct aerocmd_umd_texture2d_desc td;
    struct aerocmd_umd_resource *tex;
    uint32_t i;
    td = texture_desc(8, 4, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    td.mip_levels = 0; /* full chain: 8x4, 4x2, 2x1, 1x1 */
    td.array_size = 2;
    for (i = 0; i < 6; i++) {
        memset(texels[i], (int)(i + 1), sizeof texels[i]);
        init[i].data = texels[i];
        init[i].row_pitch = 64; /* padded source rows get repacked tight */
    }
    /* 4 mips x 2 layers = 8 subresources: the caller must give all of them. */
    for (i = 0; i < 8; i++)
        all[i] = init[i % 6];
    CHECK_EQ(aerocmd_umd_create_texture2d(h->dev, mem, mem_size, &td, all, &tex), AEROCMD_OK);
    return tex;
}

/* A view of mips 1..2 of layer 1 is accepted; one starting past the chain is not. */
static struct aerocmd_umd_view *create_sub_view_and_refusal(struct harness *h,
                                                            struct aerocmd_umd_resource *tex,
                                                            uint64_t *mem, size_t mem_size)
{
    uint64_t bad_mem[8];
    struct aerocmd_umd_view *view, *bad;
    struct aerocmd_umd_view_desc vd;
    memset(&vd, 0, sizeof vd);
    vd.first_mip = 1;
    vd.mip_count = 2;
    vd.first_layer = 1;
    vd.layer_count = 1;
    CHECK_EQ(aerocmd_umd_create_view(h->dev, mem, mem_size, AEROCMD_VIEW_SHADER_RESOURCE, tex, &vd,
                                     &view),
             AEROCMD_OK);
    CHECK(aerocmd_umd_view_handle(view) != aerocmd_umd_resource_handle(tex));
    vd.first_mip = 4; /* past the chain */
    CHECK_EQ(aerocmd_umd_create_view(h->dev, bad_mem, sizeof bad_mem, AEROCMD_VIEW_SHADER_RESOURCE,
                                     tex, &vd, &bad),
             AEROCMD_E_INVALID_ARG);
    return view;
}

static void check_subresource_uploads(const struct packet_list *pl)
{
    uint32_t i, uploads = 0;
    for (i = 0; i < pl->count; i++) {
        const struct aerogpu_cmd_upload_resource *u =
            AEROCMD_VIEW(&pl->packet[i], aerogpu_cmd_upload_resource, AEROGPU_CMD_UPLOAD_RESOURCE);
        if (u != NULL) {
            uploads++;
            if (uploads == 2) { /* mip 1 of layer 0: 4x2 texels right after mip 0 (8x4x4) */
                CHECK_EQ(u->offset_bytes, 128);
                CHECK_EQ(u->size_bytes, 32);
            }
        }
    }
    CHECK_EQ(uploads, 8);
}

static void check_sub_view_packet(const struct packet_list *pl,
                                  const struct aerocmd_umd_resource *tex)
{
    const struct aerogpu_cmd_create_texture_view *cv =
        AEROCMD_VIEW(&pl->packet[pl->count - 1], aerogpu_cmd_create_texture_view,
                     AEROGPU_CMD_CREATE_TEXTURE_VIEW);
    if (CHECK(cv != NULL)) {
        CHECK_EQ(cv->texture_handle, aerocmd_umd_resource_handle(tex));
        CHECK_EQ(cv->base_mip_level, 1);
        CHECK_EQ(cv->mip_level_count, 2);
        CHECK_EQ(cv->base_array_layer, 1);
        CHECK_EQ(cv->array_layer_count, 1);
        CHECK_EQ(cv->format, 0);
    }
}

static void test_views_and_uploads(void)
{
    static struct harness h;
    static struct packet_list pl;
    uint64_t tex_mem[32], view_mem[8];
    struct aerocmd_umd_resource *tex;
    struct aerocmd_umd_view *view;
    CHECK(harness_open(&h, 65536, 64));
    tex = create_mipped_array_texture(&h, tex_mem, sizeof tex_mem);
    view = create_sub_view_and_refusal(&h, tex, view_mem, sizeof view_mem);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(validate_all(&h), 0);
    collect_packets(&h.fake, &pl);
    check_subresource_uploads(&pl);
    check_sub_view_packet(&pl, tex);
    CHECK_EQ(aerocmd_umd_destroy_view(view), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(tex), AEROCMD_OK);
    harness_close(&h);
}

/* Direct3D draws nothing without a vertex shader (its runtime calls such a draw an error,
 * the validator refuses one: no_vertex_shader): the state tracker leaves it out, whether the
 * shader was never bound, unbound, or destroyed while bound; with one bound it draws. */
static void test_draws_need_a_vertex_shader(void)
{
    static struct harness h;
    static struct scene s;
    static struct packet_list pl;
    CHECK(harness_open(&h, 65536, 64));
    CHECK_EQ(scene_create(&h, &s, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK); /* never bound */
    aerocmd_umd_set_shader(h.ctx, AEROCMD_SHADER_VS, s.vs);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);            /* sent */
    CHECK_EQ(aerocmd_umd_draw_indexed(h.ctx, 3, 0, 0), AEROCMD_OK); /* sent */
    aerocmd_umd_set_shader(h.ctx, AEROCMD_SHADER_VS, NULL);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK); /* unbound */
    CHECK_EQ(aerocmd_umd_draw_instanced(h.ctx, 3, 2, 0, 0), AEROCMD_OK);
    aerocmd_umd_set_shader(h.ctx, AEROCMD_SHADER_VS, s.vs);
    CHECK_EQ(aerocmd_umd_destroy_shader(s.vs), AEROCMD_OK);
    s.vs = NULL;
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK); /* destroyed */
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(validate_all(&h), 0);
    collect_packets(&h.fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_DRAW), 1);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_DRAW_INDEXED), 1);
    scene_destroy(&s);
    harness_close(&h);
}

int main(void)
{
    test_draws_need_a_vertex_shader();
    test_triangle_packets();
    test_frame_validates();
    test_hazards();
    test_subresource_hazards();
    test_mrt_gaps_and_gs();
    test_views_and_uploads();
    return check_finish();
}
