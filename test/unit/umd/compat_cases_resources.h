/* SPDX-License-Identifier: MIT */
/* compat_cases_resources.h — the compatibility table's format, resource, pipeline and data
 * rows (doc/compatibility.md), each run under both policies. */
#ifndef AEROCMD_TEST_COMPAT_CASES_RESOURCES_H
#define AEROCMD_TEST_COMPAT_CASES_RESOURCES_H

#include "compat_kit.h"

#include "aerocmd/umd_data.h"
#include "aerocmd/umd_ddi.h"

#define DXGI_R16G16B16A16_FLOAT      10u
#define DXGI_R11G11B10_FLOAT         26u
#define DXGI_R8G8B8A8_TYPELESS       27u
#define DXGI_R8G8B8A8_UNORM_SRGB     29u
#define DXGI_R16_FLOAT               54u
#define DXGI_R24G8_TYPELESS          44u
#define DXGI_X24_TYPELESS_G8_UINT    47u
#define DXGI_B8G8R8A8_UNORM_SRGB_FMT 91u
#define DXGI_FORMAT_COUNT            133u
#define KEEP_COUNT                   AEROCMD_UMD_UAV_KEEP_COUNT

static aerocmd_result try_texture(struct harness *h, const struct aerocmd_umd_texture2d_desc *d,
                                  struct aerocmd_umd_resource **out)
{
    struct aerocmd_umd_resource *unused = NULL;
    return aerocmd_umd_create_texture2d(h->dev, kit_take(aerocmd_umd_resource_size()),
                                        aerocmd_umd_resource_size(), d, NULL,
                                        out != NULL ? out : &unused);
}

static aerocmd_result try_buffer(struct harness *h, const struct aerocmd_umd_buffer_desc *d)
{
    struct aerocmd_umd_resource *unused = NULL;
    return aerocmd_umd_create_buffer(h->dev, kit_take(aerocmd_umd_resource_size()),
                                     aerocmd_umd_resource_size(), d, NULL, &unused);
}

static struct aerocmd_umd_texture2d_desc sampled_texture(uint32_t format)
{
    return texture_desc(8, 8, format, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
}

/* The format field of the last CREATE_TEXTURE2D and CREATE_TEXTURE_VIEW sent. */
static uint32_t sent_format(struct harness *h, uint32_t opcode)
{
    const struct aerocmd_packet *p;
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    p = last_packet(h, opcode);
    if (!CHECK(p != NULL))
        return 0;
    if (opcode == AEROGPU_CMD_CREATE_TEXTURE2D)
        return AEROCMD_VIEW(p, aerogpu_cmd_create_texture2d, opcode)->format;
    return AEROCMD_VIEW(p, aerogpu_cmd_create_texture_view, opcode)->format;
}

/* ---- formats --------------------------------------------------------------------------- */

static void case_format_typeless(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_texture2d_desc d = sampled_texture(DXGI_R8G8B8A8_TYPELESS);
    struct aerocmd_umd_resource *tex = NULL;
    struct aerocmd_umd_view_desc vd;
    (void)policy;
    memset(&vd, 0, sizeof vd);
    CHECK_EQ(try_texture(h, &d, &tex), AEROCMD_OK);
    CHECK_EQ(sent_format(h, AEROGPU_CMD_CREATE_TEXTURE2D), AEROGPU_FORMAT_R8G8B8A8_UNORM);
    vd.dxgi_format = DXGI_R8G8B8A8_UNORM_SRGB;
    CHECK_EQ(kit_try_view(h, AEROCMD_VIEW_SHADER_RESOURCE, tex, &vd, NULL), AEROCMD_OK);
    CHECK_EQ(sent_format(h, AEROGPU_CMD_CREATE_TEXTURE_VIEW), AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB);
    expect_nothing_counted(h);
}

/* Runs on a device of ABI 1.1. */
static void case_format_srgb_before_abi_1_2(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_texture2d_desc d = sampled_texture(DXGI_B8G8R8A8_UNORM_SRGB_FMT);
    struct aerocmd_umd_resource *tex = NULL;
    struct aerocmd_umd_view_desc vd;
    if (!expect_approximated(h, policy, try_texture(h, &d, NULL),
                             AEROCMD_UMD_APPROX_FORMAT_SRGB_AS_UNORM))
        return;
    CHECK_EQ(sent_format(h, AEROGPU_CMD_CREATE_TEXTURE2D), AEROGPU_FORMAT_B8G8R8A8_UNORM);
    /* An sRGB view of a typeless texture is the same approximation, counted again. */
    d = sampled_texture(DXGI_R8G8B8A8_TYPELESS);
    CHECK_EQ(try_texture(h, &d, &tex), AEROCMD_OK);
    memset(&vd, 0, sizeof vd);
    vd.dxgi_format = DXGI_R8G8B8A8_UNORM_SRGB;
    vd.mip_count = 1;
    CHECK_EQ(kit_try_view(h, AEROCMD_VIEW_SHADER_RESOURCE, tex, &vd, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_approx_count(h->dev, AEROCMD_UMD_APPROX_FORMAT_SRGB_AS_UNORM), 2);
}

static void case_format_texture_unsupported(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_texture2d_desc d = sampled_texture(DXGI_R16G16B16A16_FLOAT);
    (void)policy;
    CHECK_EQ(try_texture(h, &d, NULL), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_dxgi_format_support(DXGI_R16G16B16A16_FLOAT, H_ABI) &
                 AEROCMD_FORMAT_SUPPORT_TEXTURE2D,
             0);
    d = sampled_texture(DXGI_R11G11B10_FLOAT);
    CHECK_EQ(try_texture(h, &d, NULL), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

/* Runs on a device of ABI 1.1. */
static void case_format_bc_before_abi_1_2(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_texture2d_desc d = sampled_texture(DXGI_BC1_UNORM);
    (void)policy;
    CHECK_EQ(try_texture(h, &d, NULL), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_format_stencil_only_view(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_texture2d_desc d =
        texture_desc(8, 8, DXGI_R24G8_TYPELESS,
                     AEROCMD_UMD_BIND_SHADER_RESOURCE | AEROCMD_UMD_BIND_DEPTH_STENCIL, 0);
    struct aerocmd_umd_resource *tex = NULL;
    struct aerocmd_umd_view_desc vd;
    (void)policy;
    memset(&vd, 0, sizeof vd);
    CHECK_EQ(try_texture(h, &d, &tex), AEROCMD_OK);
    vd.dxgi_format = DXGI_X24_TYPELESS_G8_UINT;
    CHECK_EQ(kit_try_view(h, AEROCMD_VIEW_SHADER_RESOURCE, tex, &vd, NULL),
             AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_format_vertex_unsupported(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_input_layout *il = NULL;
    struct aerocmd_input_element el;
    (void)policy;
    memset(&el, 0, sizeof el);
    el.semantic_name = "NORMAL";
    el.dxgi_format = DXGI_R11G11B10_FLOAT;
    CHECK_EQ(aerocmd_umd_create_input_layout(h->dev, kit_take(aerocmd_umd_input_layout_size()),
                                             aerocmd_umd_input_layout_size(), &el, 1, &il),
             AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

/* ---- resources and views -------------------------------------------------------------- */

static void case_resource_multisample(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_texture2d_desc d =
        texture_desc(8, 8, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    (void)policy;
    d.sample_count = 4;
    CHECK_EQ(try_texture(h, &d, NULL), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_resource_texture_cube(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_texture2d_desc d = sampled_texture(DXGI_R8G8B8A8_UNORM);
    (void)policy;
    d.array_size = 6;
    d.misc_flags = AEROCMD_UMD_MISC_TEXTURECUBE;
    CHECK_EQ(try_texture(h, &d, NULL), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

/* The DDI's 1D and 3D resources and views of those dimensions are refused as well. */
static void check_ddi_1d_3d_refused(struct harness *h)
{
    static const uint32_t dims[2] = {AEROCMD_DDI_DIMENSION_TEXTURE1D,
                                     AEROCMD_DDI_DIMENSION_TEXTURE3D};
    struct aerocmd_umd_texture2d_desc td = sampled_texture(DXGI_R8G8B8A8_UNORM);
    struct aerocmd_umd_ddi_resource_desc d;
    struct aerocmd_umd_resource *res = NULL, *tex = NULL;
    struct aerocmd_umd_view *view = NULL;
    struct aerocmd_umd_view_desc vd;
    uint32_t i;
    memset(&d, 0, sizeof d);
    memset(&vd, 0, sizeof vd);
    d.width = d.height = 8;
    d.mip_levels = d.array_size = d.sample_count = 1;
    d.dxgi_format = DXGI_R8G8B8A8_UNORM;
    d.bind_flags = 0x8u; /* SHADER_RESOURCE */
    CHECK_EQ(try_texture(h, &td, &tex), AEROCMD_OK);
    for (i = 0; i < 2; i++) {
        d.dimension = dims[i];
        CHECK_EQ(aerocmd_umd_create_ddi_resource(h->dev, kit_take(aerocmd_umd_resource_size()),
                                                 aerocmd_umd_resource_size(), &d, NULL, &res),
                 AEROCMD_E_NOT_IMPLEMENTED);
        CHECK_EQ(aerocmd_umd_create_ddi_view(h->dev, kit_take(aerocmd_umd_view_size()),
                                             aerocmd_umd_view_size(), AEROCMD_VIEW_SHADER_RESOURCE,
                                             tex, dims[i], &vd, &view),
                 AEROCMD_E_NOT_IMPLEMENTED);
    }
}

static void case_resource_texture_1d_3d(struct harness *h, uint32_t policy)
{
    uint32_t f, bad = 0;
    (void)policy;
    for (f = 1; f < DXGI_FORMAT_COUNT; f++)
        if (aerocmd_dxgi_format_support(f, aerocmd_umd_device_abi_version(h->dev)) &
            (AEROCMD_FORMAT_SUPPORT_TEXTURE1D | AEROCMD_FORMAT_SUPPORT_TEXTURE3D |
             AEROCMD_FORMAT_SUPPORT_TEXTURECUBE))
            bad++;
    CHECK_EQ(bad, 0);
    check_ddi_1d_3d_refused(h);
    expect_nothing_counted(h);
}

static void case_resource_texture_uav(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_texture2d_desc d = sampled_texture(DXGI_R8G8B8A8_UNORM);
    (void)policy;
    d.bind_flags |= AEROCMD_UMD_BIND_UNORDERED_ACCESS;
    CHECK_EQ(try_texture(h, &d, NULL), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_resource_stream_output(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_buffer_desc d = buffer_desc(64, AEROCMD_UMD_BIND_STREAM_OUTPUT, 0);
    (void)policy;
    CHECK_EQ(try_buffer(h, &d), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_draw_auto(h->ctx), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_resource_buffer_target(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_buffer_desc d = buffer_desc(64, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    (void)policy;
    CHECK_EQ(try_buffer(h, &d), AEROCMD_E_NOT_IMPLEMENTED);
    d = buffer_desc(64, AEROCMD_UMD_BIND_DEPTH_STENCIL, 0);
    CHECK_EQ(try_buffer(h, &d), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_resource_read_only_depth_view(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_texture2d_desc d =
        texture_desc(8, 8, DXGI_D24_UNORM_S8, AEROCMD_UMD_BIND_DEPTH_STENCIL, 0);
    struct aerocmd_umd_resource *tex = NULL;
    struct aerocmd_umd_view_desc vd;
    (void)policy;
    memset(&vd, 0, sizeof vd);
    CHECK_EQ(try_texture(h, &d, &tex), AEROCMD_OK);
    vd.flags = AEROCMD_UMD_VIEW_READ_ONLY_DEPTH;
    CHECK_EQ(kit_try_view(h, AEROCMD_VIEW_DEPTH_STENCIL, tex, &vd, NULL),
             AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_resource_shared_mips_layers(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_texture2d_desc d = sampled_texture(DXGI_B8G8R8A8_UNORM);
    (void)policy;
    d.misc_flags = AEROCMD_UMD_MISC_SHARED;
    d.mip_levels = 2;
    CHECK_EQ(try_texture(h, &d, NULL), AEROCMD_E_NOT_IMPLEMENTED);
    d.mip_levels = 1;
    d.array_size = 2;
    CHECK_EQ(try_texture(h, &d, NULL), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static struct aerocmd_umd_ddi_resource_desc bgra_target_8x8(uint32_t misc)
{
    struct aerocmd_umd_ddi_resource_desc d;
    memset(&d, 0, sizeof d);
    d.dimension = 3; /* TEXTURE2D */
    d.width = d.height = 8;
    d.mip_levels = d.array_size = d.sample_count = 1;
    d.dxgi_format = DXGI_B8G8R8A8_UNORM;
    d.bind_flags = 0x20u | 0x8u; /* RENDER_TARGET | SHADER_RESOURCE */
    d.misc_flags = misc;
    return d;
}

static void case_resource_keyed_mutex(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_ddi_resource_desc d = bgra_target_8x8(0x100u | 0x2u); /* with SHARED */
    struct aerocmd_umd_resource *res = NULL;
    (void)policy;
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h->dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

/* GDI_COMPATIBLE on what Direct3D allows it on is an ordinary texture; on a two-level one,
 * INVALID_ARG (the runtime refuses it first: this is the driver's own guard). */
static void case_resource_gdi_compatible(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_ddi_resource_desc d = bgra_target_8x8(0x200u);
    struct aerocmd_umd_resource *res = NULL;
    (void)policy;
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h->dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_OK);
    CHECK(res != NULL);
    d.mip_levels = 2;
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h->dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
}

/* ---- pipeline ------------------------------------------------------------------------- */

static void case_pipeline_tessellation(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_shader *hs = NULL;
    uint8_t dxbc[MIN_DXBC_BYTES];
    (void)policy;
    make_dxbc(dxbc, AEROCMD_DXBC_HULL);
    CHECK_EQ(aerocmd_umd_create_shader(h->dev, kit_take(aerocmd_umd_shader_size()),
                                       aerocmd_umd_shader_size(), AEROCMD_SHADER_HS, dxbc,
                                       sizeof dxbc, &hs),
             AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_set_topology(h->ctx, 33), AEROCMD_E_NOT_IMPLEMENTED); /* 1 CP patch */
    expect_nothing_counted(h);
}

static void case_pipeline_viewports_identical(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_viewport vp[3] = {{F32_0, F32_0, F32_64, F32_64, F32_0, F32_1},
                                         {F32_0, F32_0, F32_64, F32_64, F32_0, F32_1},
                                         {F32_0, F32_0, F32_0, F32_0, F32_0, F32_1}};
    struct aerocmd_umd_rect rc[2] = {{0, 0, 8, 8}, {0, 0, 8, 8}};
    static struct packet_list pl;
    (void)policy;
    CHECK_EQ(aerocmd_umd_set_viewports(h->ctx, 3, vp), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_scissor_rects(h->ctx, 2, rc), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    collect_packets(&h->fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_VIEWPORT), 1);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_SCISSOR), 1);
    expect_nothing_counted(h);
}

static void case_pipeline_viewports_differing(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_viewport vp[2] = {{F32_0, F32_0, F32_64, F32_64, F32_0, F32_1},
                                         {F32_0, F32_0, F32_1, F32_64, F32_0, F32_1}};
    struct aerocmd_umd_rect rc[2] = {{0, 0, 8, 8}, {0, 0, 4, 8}};
    const struct aerocmd_packet *p;
    (void)policy;
    CHECK_EQ(aerocmd_umd_set_viewports(h->ctx, 2, vp), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_set_scissor_rects(h->ctx, 2, rc), AEROCMD_E_NOT_IMPLEMENTED);
    /* The first of each is applied: the next draw's viewport is 64 wide, its scissor 8. */
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    p = last_packet(h, AEROGPU_CMD_SET_VIEWPORT);
    if (CHECK(p != NULL))
        CHECK_EQ(AEROCMD_VIEW(p, aerogpu_cmd_set_viewport, AEROGPU_CMD_SET_VIEWPORT)->width_f32,
                 F32_64);
    p = last_packet(h, AEROGPU_CMD_SET_SCISSOR);
    if (CHECK(p != NULL))
        CHECK_EQ(AEROCMD_VIEW(p, aerogpu_cmd_set_scissor, AEROGPU_CMD_SET_SCISSOR)->width, 8);
    expect_nothing_counted(h);
}

static void case_pipeline_om_uavs(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_UNORDERED_ACCESS, 0);
    struct aerocmd_umd_uav *uav =
        kit_uav(h, kit_buffer(h, &bd, NULL), DXGI_R32_UINT, 0, 16, 0, 0, KEEP_COUNT);
    (void)policy;
    CHECK_EQ(aerocmd_umd_set_om_uavs(h->ctx, 1, 1, &uav, NULL), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

/* ---- copies and data ------------------------------------------------------------------ */

/* Runs on a device without the TRANSFER feature. */
static void case_data_copy_without_transfer(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_resource *a = kit_buffer(h, &bd, NULL), *b = kit_buffer(h, &bd, NULL);
    (void)policy;
    CHECK_EQ(aerocmd_umd_copy_resource(h->ctx, a, b), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_data_unaligned_host_buffer_update(struct harness *h, uint32_t policy)
{
    static const uint8_t bytes[4] = {1, 2, 3, 4};
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_box box = {1, 0, 0, 5, 1, 1};
    (void)policy;
    CHECK_EQ(aerocmd_umd_update_subresource(h->ctx, kit_buffer(h, &bd, NULL), 0, &box, bytes, 0, 0),
             AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_data_host_only_indirect_args(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    (void)policy;
    CHECK_EQ(aerocmd_umd_dispatch_indirect(h->ctx, kit_buffer(h, &bd, NULL), 0),
             AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_data_copy_between_formats(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_texture2d_desc d = sampled_texture(DXGI_R8G8B8A8_UNORM);
    struct aerocmd_umd_resource *unorm = NULL, *srgb = NULL;
    (void)policy;
    CHECK_EQ(try_texture(h, &d, &unorm), AEROCMD_OK);
    d.dxgi_format = DXGI_R8G8B8A8_UNORM_SRGB;
    CHECK_EQ(try_texture(h, &d, &srgb), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_resource(h->ctx, srgb, unorm), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h->ctx, unorm, 0, 0, 0, 0, srgb, 0, NULL),
             AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_data_copy_into_dynamic(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_resource *src = kit_buffer(h, &bd, NULL), *dst;
    (void)policy;
    bd.usage = AEROCMD_UMD_USAGE_DYNAMIC;
    bd.cpu_access = AEROCMD_UMD_CPU_ACCESS_WRITE;
    dst = kit_buffer(h, &bd, NULL);
    CHECK_EQ(aerocmd_umd_copy_resource(h->ctx, dst, src), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
    CHECK_EQ(aerocmd_umd_destroy_resource(dst), AEROCMD_OK); /* gives its CPU copy back */
}

static void case_data_copy_between_aliases(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_resource *a, *b = NULL;
    const struct aerocmd_umd_fake_memory *m;
    struct aerocmd_umd_open_desc od;
    static struct packet_list alias_packets;
    uint32_t i, copies = 0;
    (void)policy;
    bd.misc_flags = AEROCMD_UMD_MISC_SHARED;
    a = kit_buffer(h, &bd, NULL);
    m = a != NULL ? aerocmd_umd_fake_find_memory(&h->fake, aerocmd_umd_resource_alloc_id(a)) : NULL;
    if (!CHECK(m != NULL))
        return;
    memset(&od, 0, sizeof od);
    od.private_data = m->private_data;
    od.private_data_bytes = m->private_data_bytes;
    od.os_handle = m->os_handle;
    CHECK_EQ(aerocmd_umd_open_resource(h->dev, kit_take(aerocmd_umd_resource_size()),
                                       aerocmd_umd_resource_size(), &od, &b),
             AEROCMD_OK);
    if (!CHECK(b != NULL))
        return;
    CHECK_EQ(aerocmd_umd_copy_resource(h->ctx, b, a), AEROCMD_OK); /* its own bytes */
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h->ctx, a, 0, 0, 0, 0, b, 0, NULL),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    collect_packets(&h->fake, &alias_packets);
    for (i = 0; i < alias_packets.count; i++)
        copies += alias_packets.opcode[i] == AEROGPU_CMD_COPY_BUFFER;
    CHECK_EQ(copies, 0u);
    expect_nothing_counted(h);
    CHECK_EQ(aerocmd_umd_destroy_resource(b), AEROCMD_OK);
}

static void case_data_unaligned_buffer_copy(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_resource *a = kit_buffer(h, &bd, NULL), *b = kit_buffer(h, &bd, NULL);
    struct aerocmd_box box = {0, 0, 0, 8, 1, 1};
    (void)policy;
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h->ctx, a, 0, 2, 0, 0, b, 0, &box),
             AEROCMD_E_NOT_IMPLEMENTED);
    box.left = 1;
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h->ctx, a, 0, 0, 0, 0, b, 0, &box),
             AEROCMD_E_NOT_IMPLEMENTED);
    box.left = 0;
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h->ctx, a, 0, 4, 0, 0, b, 0, &box), AEROCMD_OK);
    expect_nothing_counted(h);
}

static void case_data_clear_uav_formats(struct harness *h, uint32_t policy)
{
    static const uint32_t one[4] = {0x3F800000u, 0, 0, 0};
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_UNORDERED_ACCESS, 0);
    struct aerocmd_umd_uav *uav =
        kit_uav(h, kit_buffer(h, &bd, NULL), DXGI_R16_FLOAT, 0, 32, 0, 0, KEEP_COUNT);
    (void)policy;
    if (CHECK(uav != NULL))
        CHECK_EQ(aerocmd_umd_clear_uav_float(h->ctx, uav, one), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

static void case_data_unknown_structure_count(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_UNORDERED_ACCESS, 0);
    struct aerocmd_umd_uav *uav =
        kit_uav(h, kit_buffer(h, &bd, NULL), 0, 0, 4, 16, AEROCMD_UMD_UAV_FLAG_COUNTER, KEEP_COUNT);
    struct aerocmd_umd_resource *dst;
    (void)policy;
    bd = buffer_desc(16, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    dst = kit_buffer(h, &bd, NULL);
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_CS, kit_shader(h, SCENE_CS_UAV)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h->ctx, 0, 1, &uav, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h->ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_structure_count(h->ctx, dst, 0, uav), AEROCMD_E_NOT_IMPLEMENTED);
    expect_nothing_counted(h);
}

#endif /* AEROCMD_TEST_COMPAT_CASES_RESOURCES_H */
