/* SPDX-License-Identifier: MIT */
/* Create/set-time validation: what the protocol cannot express is NOT_IMPLEMENTED, what
 * Direct3D forbids is INVALID_ARG, and accepted states encode the documented way. */
#include "umd_scenes.h"

static void test_ids(void)
{
    struct aerocmd_umd_id_space sp;
    uint32_t id = 0, i;
    aerocmd_umd_id_space_init(&sp, 0x1238); /* (0x1238 / 4) mod 8192 = 0x48E */
    CHECK_EQ(aerocmd_umd_id_space_next(&sp, AEROCMD_UMD_ID_HANDLE, &id), AEROCMD_OK);
    CHECK_EQ(id, (0x48Eu << 18) | 1u);
    CHECK_EQ(aerocmd_umd_id_space_next(&sp, AEROCMD_UMD_ID_ALLOC, &id), AEROCMD_OK);
    CHECK_EQ(id, (0x48Eu << 18) | 1u);
    aerocmd_umd_id_space_init(&sp, 0xFFFFFFFCu);
    sp.next_alloc = AEROCMD_UMD_ID_COUNTER_MAX;
    CHECK_EQ(aerocmd_umd_id_space_next(&sp, AEROCMD_UMD_ID_ALLOC, &id), AEROCMD_OK);
    CHECK_EQ(id, 0x7FFFFFFFu); /* the top of the UMD alloc_id range */
    CHECK_EQ(aerocmd_umd_id_space_next(&sp, AEROCMD_UMD_ID_ALLOC, &id), AEROCMD_E_OUT_OF_MEMORY);
    for (i = 0; i < 3; i++)
        CHECK_EQ(aerocmd_umd_id_space_next(&sp, AEROCMD_UMD_ID_HANDLE, &id), AEROCMD_OK);
    CHECK_EQ(id, 0x7FFC0003u);
}

static void test_device_init(void)
{
    static struct harness h;
    struct aerocmd_umd_device_desc d;
    struct aerocmd_umd_device *dev;
    uint64_t mem[64];
    CHECK(harness_open(&h, 4096, 4));
    memset(&d, 0, sizeof d);
    d.abi_version = 2u << 16;
    d.callbacks = &h.cb;
    d.allocator = &h.dev_alloc.iface;
    d.ids.next = aerocmd_umd_id_space_next;
    d.ids.user = &h.ids;
    CHECK_EQ(aerocmd_umd_device_init(mem, sizeof mem, &d, &dev), AEROCMD_E_NOT_IMPLEMENTED);
    d.abi_version = H_ABI;
    CHECK_EQ(aerocmd_umd_device_init(mem, aerocmd_umd_device_size() - 1, &d, &dev),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_device_init((uint8_t *)mem + 4, sizeof mem - 8, &d, &dev),
             AEROCMD_E_INVALID_ARG);
    d.ids.next = NULL;
    CHECK_EQ(aerocmd_umd_device_init(mem, sizeof mem, &d, &dev), AEROCMD_E_INVALID_ARG);
    /* A second context on one device. */
    {
        static uint64_t ctx_mem[4096];
        struct aerocmd_umd_context *second;
        CHECK_EQ(aerocmd_umd_context_init(ctx_mem, sizeof ctx_mem, h.dev, &second),
                 AEROCMD_E_INVALID_ARG);
    }
    harness_close(&h);
}

static void test_blend(void)
{
    static struct harness h;
    struct aerocmd_umd_blend_desc d;
    struct aerocmd_umd_blend_state *bs;
    uint64_t mem[16];
    uint32_t i;
    CHECK(harness_open(&h, 4096, 4));
    CHECK(harness_bind_vs(&h)); /* so that the draws below are sent */
    memset(&d, 0, sizeof d);
    d.independent = 1;
    for (i = 0; i < 8; i++)
        d.targets[i].write_mask = 0xF;
    d.targets[0].enable = 1;
    d.targets[0].src = d.targets[0].src_alpha = AEROCMD_UMD_BLEND_SRC_ALPHA;
    d.targets[0].dst = d.targets[0].dst_alpha = AEROCMD_UMD_BLEND_INV_SRC_ALPHA;
    d.targets[0].op = d.targets[0].op_alpha = AEROCMD_UMD_BLEND_OP_ADD;
    CHECK_EQ(aerocmd_umd_create_blend_state(h.dev, mem, sizeof mem, &d, &bs), AEROCMD_OK);
    d.targets[2] = d.targets[0]; /* identical enabled targets are fine */
    CHECK_EQ(aerocmd_umd_create_blend_state(h.dev, mem, sizeof mem, &d, &bs), AEROCMD_OK);
    d.targets[2].dst = AEROCMD_UMD_BLEND_ONE;
    /* Targets that differ are decided at the draw, against the bound targets
     * (test_umd_compat.c, "blend.mixed_targets"). */
    CHECK_EQ(aerocmd_umd_create_blend_state(h.dev, mem, sizeof mem, &d, &bs), AEROCMD_OK);
    d.independent = 0; /* only target 0 counts */
    CHECK_EQ(aerocmd_umd_create_blend_state(h.dev, mem, sizeof mem, &d, &bs), AEROCMD_OK);
    d.targets[0].src = AEROCMD_UMD_BLEND_SRC_COLOR;
    CHECK_EQ(aerocmd_umd_create_blend_state(h.dev, mem, sizeof mem, &d, &bs),
             AEROCMD_E_NOT_IMPLEMENTED);
    d.targets[0].src = 12; /* a hole in D3D's numbering */
    CHECK_EQ(aerocmd_umd_create_blend_state(h.dev, mem, sizeof mem, &d, &bs),
             AEROCMD_E_INVALID_ARG);
    d.targets[0].src = AEROCMD_UMD_BLEND_BLEND_FACTOR;
    d.alpha_to_coverage = 1;
    CHECK_EQ(aerocmd_umd_create_blend_state(h.dev, mem, sizeof mem, &d, &bs),
             AEROCMD_E_NOT_IMPLEMENTED);
    d.alpha_to_coverage = 0;
    d.independent = 1;
    d.targets[2] = d.targets[0];
    d.targets[5].write_mask = 0x3; /* a non-blending target with another mask: mixed too */
    CHECK_EQ(aerocmd_umd_create_blend_state(h.dev, mem, sizeof mem, &d, &bs), AEROCMD_OK);
    d.targets[5].write_mask = 0xF;
    CHECK_EQ(aerocmd_umd_create_blend_state(h.dev, mem, sizeof mem, &d, &bs), AEROCMD_OK);
    {
        static struct packet_list pl;
        const struct aerogpu_cmd_set_blend_state *p;
        static const uint32_t factor[4] = {F32_HALF, F32_HALF, F32_HALF, F32_1};
        aerocmd_umd_set_blend_state(h.ctx, bs, factor, 0x5);
        CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
        collect_packets(&h.fake, &pl);
        p = AEROCMD_VIEW(&pl.packet[packet_index(&pl, AEROGPU_CMD_SET_BLEND_STATE, 0)],
                         aerogpu_cmd_set_blend_state, AEROGPU_CMD_SET_BLEND_STATE);
        if (CHECK(p != NULL)) {
            CHECK_EQ(p->state.enable, 1);
            CHECK_EQ(p->state.src_factor, AEROGPU_BLEND_CONSTANT);
            CHECK_EQ(p->state.dst_factor, AEROGPU_BLEND_INV_SRC_ALPHA);
            CHECK_EQ(p->state.blend_constant_rgba_f32[0], F32_HALF);
            CHECK_EQ(p->state.sample_mask, 0x5);
            CHECK_EQ(p->state.color_write_mask, 0xF);
        }
    }
    harness_close(&h);
}

/* The refused variants go into the upper half of `mem`, so the accepted state at its start
 * stays intact for the draw that binds it. */
static struct aerocmd_umd_depth_stencil_state *
create_depth_stencil_and_refusals(struct harness *h, uint64_t *mem, size_t mem_size)
{
    struct aerocmd_umd_depth_stencil_desc dd;
    struct aerocmd_umd_depth_stencil_state *ds;
    memset(&dd, 0, sizeof dd);
    dd.depth_enable = 0;
    dd.depth_write = 1;
    dd.depth_func = AEROCMD_UMD_COMPARISON_LESS;
    dd.stencil_enable = 1;
    dd.stencil_read_mask = 0x0F;
    dd.stencil_write_mask = 0xF0;
    dd.front.fail_op = dd.front.depth_fail_op = dd.front.pass_op = AEROCMD_UMD_STENCIL_OP_KEEP;
    dd.front.func = AEROCMD_UMD_COMPARISON_ALWAYS;
    dd.back = dd.front;
    CHECK_EQ(aerocmd_umd_create_depth_stencil_state(h->dev, mem, mem_size, &dd, &ds), AEROCMD_OK);
    dd.back.pass_op = 3; /* REPLACE */
    CHECK_EQ(aerocmd_umd_create_depth_stencil_state(h->dev, mem + 8, 64, &dd, &ds),
             AEROCMD_E_NOT_IMPLEMENTED);
    dd.back.pass_op = 1;
    dd.front.func = AEROCMD_UMD_COMPARISON_LESS;
    CHECK_EQ(aerocmd_umd_create_depth_stencil_state(h->dev, mem + 8, 64, &dd, &ds),
             AEROCMD_E_NOT_IMPLEMENTED);
    dd.depth_func = 9;
    CHECK_EQ(aerocmd_umd_create_depth_stencil_state(h->dev, mem + 8, 64, &dd, &ds),
             AEROCMD_E_INVALID_ARG);
    return (struct aerocmd_umd_depth_stencil_state *)mem;
}

static struct aerocmd_umd_rasterizer_state *
create_rasterizer_and_refusal(struct harness *h, uint64_t *mem, size_t mem_size)
{
    struct aerocmd_umd_rasterizer_desc rd;
    struct aerocmd_umd_rasterizer_state *rs;
    memset(&rd, 0, sizeof rd);
    rd.fill_mode = 3;
    rd.cull_mode = 1;
    rd.front_ccw = 1;
    rd.depth_bias = -4;
    rd.scissor_enable = 1;
    rd.depth_clip_enable = 0;
    CHECK_EQ(aerocmd_umd_create_rasterizer_state(h->dev, mem, mem_size, &rd, &rs), AEROCMD_OK);
    rd.slope_scaled_depth_bias_f32 = F32_1;
    CHECK_EQ(aerocmd_umd_create_rasterizer_state(h->dev, mem + 8, 64, &rd, &rs),
             AEROCMD_E_NOT_IMPLEMENTED);
    return (struct aerocmd_umd_rasterizer_state *)mem; /* as for the depth-stencil state */
}

/* Each variant differs from the accepted point sampler `sd` in one field. */
static void check_sampler_refusals(struct harness *h, const struct aerocmd_umd_sampler_desc *sd)
{
    uint64_t m2[8];
    struct aerocmd_umd_sampler *s2;
    struct aerocmd_umd_sampler_desc bad = *sd;
    bad.address_v = AEROCMD_UMD_ADDRESS_BORDER;
    CHECK_EQ(aerocmd_umd_create_sampler(h->dev, m2, sizeof m2, &bad, &s2),
             AEROCMD_E_NOT_IMPLEMENTED);
    bad = *sd;
    bad.filter = 0x55; /* anisotropic */
    CHECK_EQ(aerocmd_umd_create_sampler(h->dev, m2, sizeof m2, &bad, &s2),
             AEROCMD_E_NOT_IMPLEMENTED);
    bad = *sd;
    bad.filter = 0x14; /* MIN_MAG_LINEAR_MIP_POINT */
    CHECK_EQ(aerocmd_umd_create_sampler(h->dev, m2, sizeof m2, &bad, &s2),
             AEROCMD_E_NOT_IMPLEMENTED);
    bad = *sd;
    bad.mip_lod_bias_f32 = F32_1;
    CHECK_EQ(aerocmd_umd_create_sampler(h->dev, m2, sizeof m2, &bad, &s2),
             AEROCMD_E_NOT_IMPLEMENTED);
    bad = *sd;
    bad.max_lod_f32 = F32_1; /* clamps the chain */
    CHECK_EQ(aerocmd_umd_create_sampler(h->dev, m2, sizeof m2, &bad, &s2),
             AEROCMD_E_NOT_IMPLEMENTED);
    bad = *sd;
    bad.address_w = 0;
    CHECK_EQ(aerocmd_umd_create_sampler(h->dev, m2, sizeof m2, &bad, &s2), AEROCMD_E_INVALID_ARG);
}

static struct aerocmd_umd_sampler *create_sampler_and_refusals(struct harness *h, uint64_t *mem,
                                                               size_t mem_size)
{
    struct aerocmd_umd_sampler_desc sd;
    struct aerocmd_umd_sampler *smp;
    memset(&sd, 0, sizeof sd);
    sd.filter = AEROCMD_UMD_FILTER_MIN_MAG_MIP_POINT;
    sd.address_u = sd.address_v = sd.address_w = AEROCMD_UMD_ADDRESS_WRAP;
    sd.max_lod_f32 = 0x7F7FFFFFu;
    CHECK_EQ(aerocmd_umd_create_sampler(h->dev, mem, mem_size, &sd, &smp), AEROCMD_OK);
    check_sampler_refusals(h, &sd);
    return smp;
}

/* The draw's packets carry the accepted depth-stencil and rasterizer states as encoded. */
static void check_depth_raster_packets(struct harness *h)
{
    static struct packet_list pl;
    const struct aerogpu_cmd_set_depth_stencil_state *pds = NULL;
    const struct aerogpu_cmd_set_rasterizer_state *prs = NULL;
    uint32_t i;
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    collect_packets(&h->fake, &pl);
    for (i = 0; i < pl.count; i++) {
        if (!pds)
            pds = AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_set_depth_stencil_state,
                               AEROGPU_CMD_SET_DEPTH_STENCIL_STATE);
        if (!prs)
            prs = AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_set_rasterizer_state,
                               AEROGPU_CMD_SET_RASTERIZER_STATE);
    }
    if (CHECK(pds != NULL)) {
        CHECK_EQ(pds->state.depth_enable, 0);
        CHECK_EQ(pds->state.depth_write_enable, 0); /* forced off without the test */
        CHECK_EQ(pds->state.depth_func, AEROGPU_COMPARE_LESS);
        CHECK_EQ(pds->state.stencil_enable, 1);
        CHECK_EQ(pds->state.stencil_read_mask, 0x0F);
        CHECK_EQ(pds->state.stencil_write_mask, 0xF0);
    }
    if (CHECK(prs != NULL)) {
        CHECK_EQ(prs->state.fill_mode, AEROGPU_FILL_SOLID);
        CHECK_EQ(prs->state.cull_mode, AEROGPU_CULL_NONE);
        CHECK_EQ(prs->state.front_ccw, 1);
        CHECK_EQ(prs->state.depth_bias, -4);
        CHECK_EQ(prs->state.scissor_enable, 1);
        CHECK_EQ(prs->state.flags, AEROGPU_RASTERIZER_FLAG_DEPTH_CLIP_DISABLE);
    }
}

static void test_depth_raster_sampler(void)
{
    static struct harness h;
    struct aerocmd_umd_depth_stencil_state *ds;
    struct aerocmd_umd_rasterizer_state *rs;
    struct aerocmd_umd_sampler *smp;
    uint64_t mem[16], rmem[16], smem[8];
    CHECK(harness_open(&h, 4096, 4));
    CHECK(harness_bind_vs(&h)); /* so that the draws below are sent */
    ds = create_depth_stencil_and_refusals(&h, mem, sizeof mem);
    rs = create_rasterizer_and_refusal(&h, rmem, sizeof rmem);
    smp = create_sampler_and_refusals(&h, smem, sizeof smem);
    aerocmd_umd_set_depth_stencil_state(h.ctx, ds, 7);
    aerocmd_umd_set_rasterizer_state(h.ctx, rs);
    check_depth_raster_packets(&h);
    aerocmd_umd_destroy_sampler(smp);
    harness_close(&h);
}

static void check_texture_refusals(struct harness *h)
{
    uint64_t mem[32];
    struct aerocmd_umd_resource *res;
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(8, 8, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    td.sample_count = 4;
    CHECK_EQ(aerocmd_umd_create_texture2d(h->dev, mem, sizeof mem, &td, NULL, &res),
             AEROCMD_E_NOT_IMPLEMENTED);
    td.sample_count = 1;
    td.usage = AEROCMD_UMD_USAGE_STAGING + 1u; /* no such usage */
    CHECK_EQ(aerocmd_umd_create_texture2d(h->dev, mem, sizeof mem, &td, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    td.usage = AEROCMD_UMD_USAGE_DEFAULT;
    td.bind_flags |= AEROCMD_UMD_BIND_UNORDERED_ACCESS;
    CHECK_EQ(aerocmd_umd_create_texture2d(h->dev, mem, sizeof mem, &td, NULL, &res),
             AEROCMD_E_NOT_IMPLEMENTED);
    td.bind_flags = AEROCMD_UMD_BIND_SHADER_RESOURCE;
    td.dxgi_format = 30; /* R8G8B8A8_UINT: no aerogpu_format */
    CHECK_EQ(aerocmd_umd_create_texture2d(h->dev, mem, sizeof mem, &td, NULL, &res),
             AEROCMD_E_NOT_IMPLEMENTED);
    td.dxgi_format = DXGI_R8G8B8A8_UNORM;
    td.mip_levels = 5; /* an 8x8 chain has 4 */
    CHECK_EQ(aerocmd_umd_create_texture2d(h->dev, mem, sizeof mem, &td, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    td.mip_levels = 1;
    td.misc_flags = AEROCMD_UMD_MISC_TEXTURECUBE;
    CHECK_EQ(aerocmd_umd_create_texture2d(h->dev, mem, sizeof mem, &td, NULL, &res),
             AEROCMD_E_NOT_IMPLEMENTED);
    /* Direct3D: a BC texture's top level is whole 4x4 blocks (the validator's rule too) */
    td.misc_flags = 0;
    td.dxgi_format = 71; /* BC1_UNORM */
    td.width = 6;
    CHECK_EQ(aerocmd_umd_create_texture2d(h->dev, mem, sizeof mem, &td, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    td.width = 8;
    td.height = 2;
    CHECK_EQ(aerocmd_umd_create_texture2d(h->dev, mem, sizeof mem, &td, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    td.height = 4;
    if (CHECK_EQ(aerocmd_umd_create_texture2d(h->dev, mem, sizeof mem, &td, NULL, &res),
                 AEROCMD_OK))
        aerocmd_umd_destroy_resource(res);
}

static void check_buffer_refusals(struct harness *h)
{
    uint64_t mem[32];
    struct aerocmd_umd_resource *res;
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_STREAM_OUTPUT, 0);
    CHECK_EQ(aerocmd_umd_create_buffer(h->dev, mem, sizeof mem, &bd, NULL, &res),
             AEROCMD_E_NOT_IMPLEMENTED);
    bd = buffer_desc(0, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    CHECK_EQ(aerocmd_umd_create_buffer(h->dev, mem, sizeof mem, &bd, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    /* no Direct3D 11 resource is over 2048 MB (d3d11.h RESOURCE_SIZE ... C_TERM) */
    bd = buffer_desc(0x80000001u, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    CHECK_EQ(aerocmd_umd_create_buffer(h->dev, mem, sizeof mem, &bd, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    /* Direct3D has four usages and two CPU-access bits: anything else describes nothing */
    bd = buffer_desc(64, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    bd.usage = AEROCMD_UMD_USAGE_STAGING + 1u;
    CHECK_EQ(aerocmd_umd_create_buffer(h->dev, mem, sizeof mem, &bd, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    bd.usage = AEROCMD_UMD_USAGE_DYNAMIC;
    bd.cpu_access = AEROCMD_UMD_CPU_ACCESS_WRITE | 0x1u;
    CHECK_EQ(aerocmd_umd_create_buffer(h->dev, mem, sizeof mem, &bd, NULL, &res),
             AEROCMD_E_INVALID_ARG);
}

/* Refused stages and containers, then an accepted shader that keeps its own copy. */
static void check_shader_creation(struct harness *h)
{
    uint64_t mem[32];
    uint8_t dxbc[MIN_DXBC_BYTES];
    struct aerocmd_umd_shader *sh;
    uint32_t size = 0;
    const void *kept;
    make_dxbc(dxbc, AEROCMD_DXBC_PIXEL);
    CHECK_EQ(aerocmd_umd_create_shader(h->dev, mem, sizeof mem, AEROCMD_SHADER_HS, dxbc,
                                       sizeof dxbc, &sh),
             AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_create_shader(h->dev, mem, sizeof mem, AEROCMD_SHADER_PS, dxbc,
                                       sizeof dxbc - 4, &sh),
             AEROCMD_E_INVALID_ARG); /* container size disagrees */
    /* what the validator refuses (dxbc_container, shader_stage, dxbc_checksum) */
    CHECK_EQ(aerocmd_umd_create_shader(h->dev, mem, sizeof mem, AEROCMD_SHADER_VS, dxbc,
                                       sizeof dxbc, &sh),
             AEROCMD_E_INVALID_ARG); /* a pixel program as a vertex shader */
    dxbc[4] ^= 1u;
    CHECK_EQ(aerocmd_umd_create_shader(h->dev, mem, sizeof mem, AEROCMD_SHADER_PS, dxbc,
                                       sizeof dxbc, &sh),
             AEROCMD_E_INVALID_ARG); /* checksum */
    dxbc[4] ^= 1u;
    CHECK_EQ(aerocmd_umd_create_shader(h->dev, mem, sizeof mem, AEROCMD_SHADER_PS, dxbc,
                                       sizeof dxbc, &sh),
             AEROCMD_OK);
    kept = aerocmd_umd_shader_dxbc(sh, &size);
    CHECK_EQ(size, MIN_DXBC_BYTES);
    CHECK(kept != dxbc && memcmp(kept, dxbc, MIN_DXBC_BYTES) == 0);
    CHECK(aerocmd_umd_shader_hash(sh) != 0);
    aerocmd_umd_destroy_shader(sh);
}

static void check_input_layout_refusal(struct harness *h)
{
    uint64_t mem[48];
    struct aerocmd_umd_input_layout *il;
    struct aerocmd_input_element el;
    memset(&el, 0, sizeof el);
    el.semantic_name = "COLOR";
    el.dxgi_format = 25; /* R10G10B10A2_UINT: no WebGPU vertex format */
    CHECK_EQ(aerocmd_umd_create_input_layout(h->dev, mem, sizeof mem, &el, 1, &il),
             AEROCMD_E_NOT_IMPLEMENTED);
}

static void set_bindings_with_refusals(struct harness *h)
{
    struct aerocmd_umd_viewport vp[3] = {{F32_0, F32_0, F32_64, F32_64, F32_0, F32_1},
                                         {F32_0, F32_0, F32_64, F32_64, F32_0, F32_1},
                                         {F32_0, F32_0, F32_0, F32_64, F32_0, F32_1}};
    struct aerocmd_umd_rect rc[2] = {{0, 0, 8, 8}, {1, 1, 4, 4}};
    CHECK_EQ(aerocmd_umd_set_topology(h->ctx, 36), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_set_topology(h->ctx, 7), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_set_topology(h->ctx, 12), AEROCMD_OK); /* adjacency */
    CHECK_EQ(aerocmd_umd_set_viewports(h->ctx, 3, vp), AEROCMD_OK);
    vp[1].x_f32 = F32_1;
    CHECK_EQ(aerocmd_umd_set_viewports(h->ctx, 2, vp), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_set_scissor_rects(h->ctx, 2, rc), AEROCMD_E_NOT_IMPLEMENTED);
    /* Direct3D 11's 32 slots: 31 + 2 is past them. */
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h->ctx, 31, 2, NULL, NULL, NULL),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_set_index_buffer(h->ctx, NULL, 0, 0), AEROCMD_OK);
}

/* Slot 0 of each refused set was still applied. */
static void check_refused_sets_applied_slot_zero(struct harness *h)
{
    static struct packet_list pl;
    uint32_t i, found = 0;
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    collect_packets(&h->fake, &pl);
    for (i = 0; i < pl.count; i++) {
        const struct aerogpu_cmd_set_scissor *sc =
            AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_set_scissor, AEROGPU_CMD_SET_SCISSOR);
        const struct aerogpu_cmd_set_primitive_topology *tp = AEROCMD_VIEW(
            &pl.packet[i], aerogpu_cmd_set_primitive_topology, AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY);
        if (sc && sc->width == 8 && sc->height == 8)
            found++;
        if (tp && tp->topology == AEROGPU_TOPOLOGY_TRIANGLELIST_ADJ)
            found++;
    }
    CHECK_EQ(found, 2);
}

static void test_resources_and_bindings(void)
{
    static struct harness h;
    CHECK(harness_open(&h, 4096, 4));
    CHECK(harness_bind_vs(&h)); /* so that the draws below are sent */
    check_texture_refusals(&h);
    check_buffer_refusals(&h);
    check_shader_creation(&h);
    check_input_layout_refusal(&h);
    set_bindings_with_refusals(&h);
    check_refused_sets_applied_slot_zero(&h);
    harness_close(&h);
}

int main(void)
{
    test_ids();
    test_device_init();
    test_blend();
    test_depth_raster_sampler();
    test_resources_and_bindings();
    return check_finish();
}
