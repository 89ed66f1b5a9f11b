/* SPDX-License-Identifier: MIT */
/* Buffer shader-resource views of Direct3D 11's three kinds (typed, structured, raw) as the
 * byte ranges SET_SHADER_RESOURCE_BUFFERS carries, the rules that refuse broken ones, the
 * stride a buffer keeps for its unordered-access views, read-only depth-stencil views
 * (which the protocol cannot carry) and the optional-feature answer caps are built on. */
#include "umd_kit.h"

#include "aerocmd/umd_compute.h"

#define KEEP       AEROCMD_UMD_UAV_KEEP_COUNT
#define STRUCTURED AEROCMD_UMD_MISC_BUFFER_STRUCTURED
#define ALLOW_RAW  AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS
#define SRV_UAV    (AEROCMD_UMD_BIND_SHADER_RESOURCE | AEROCMD_UMD_BIND_UNORDERED_ACCESS)

static struct packet_list pl;

static struct aerocmd_umd_buffer_desc kind_desc(uint32_t size, uint32_t bind, uint32_t misc,
                                                uint32_t stride)
{
    struct aerocmd_umd_buffer_desc d = buffer_desc(size, bind, 0);
    d.misc_flags = misc;
    d.structure_stride = stride;
    return d;
}

/* A UAV whose counter is left as it is. */
static aerocmd_result try_uav(struct harness *h, struct aerocmd_umd_resource *res, uint32_t format,
                              uint32_t first, uint32_t count, uint32_t stride, uint32_t flags,
                              struct aerocmd_umd_uav **out)
{
    struct aerocmd_umd_uav_desc d = uav_desc(format, first, count, stride, flags, KEEP);
    return kit_try_uav(h, res, &d, out);
}

/* The n-th SET_SHADER_RESOURCE_BUFFERS must be exactly a one-slot compute packet binding
 * [offset, offset + size) of `buffer` to `slot`. */
static void expect_srv_packet(uint32_t n, uint32_t slot, uint32_t buffer, uint32_t offset,
                              uint32_t size)
{
    struct aerogpu_cmd_set_shader_resource_buffers want;
    struct aerogpu_shader_resource_buffer_binding b;
    uint8_t bytes[sizeof want + sizeof b];
    int i = packet_index(&pl, AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, n);
    memset(&want, 0, sizeof want);
    want.hdr.opcode = AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS;
    want.hdr.size_bytes = (uint32_t)sizeof bytes;
    want.shader_stage = AEROGPU_SHADER_STAGE_COMPUTE;
    want.start_slot = slot;
    want.buffer_count = 1;
    memset(&b, 0, sizeof b);
    b.buffer = buffer;
    b.offset_bytes = offset;
    b.size_bytes = size;
    memcpy(bytes, &want, sizeof want);
    memcpy(bytes + sizeof want, &b, sizeof b);
    if (!CHECK(i >= 0))
        return;
    CHECK_EQ(pl.packet[i].size_bytes, sizeof bytes);
    CHECK(memcmp(pl.packet[i].bytes, bytes, sizeof bytes) == 0);
}

/* The first SET_UNORDERED_ACCESS_BUFFERS binds one view over [offset, offset + size). */
static void expect_uav_range(uint32_t buffer, uint32_t offset, uint32_t size)
{
    const struct aerogpu_unordered_access_buffer_binding *e = NULL;
    uint32_t n = 0, len = 0;
    int i = packet_index(&pl, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 0);
    if (i >= 0)
        e = (const struct aerogpu_unordered_access_buffer_binding *)aerocmd_packet_payload(
            &pl.packet[i], &len, &n);
    if (CHECK(e != NULL) && CHECK_EQ(n, 1))
        check_uav_binding(&e[0], buffer, offset, size, KEEP);
}

/* A structured view (stride from the buffer), a raw view and a structured UAV (stride from
 * the buffer too) bound to compute and dispatched: exact binding packets, valid streams. */
static void test_structured_and_raw_bound(void)
{
    static struct harness h;
    struct aerocmd_umd_buffer_desc sd = kind_desc(256, SRV_UAV, STRUCTURED, 16);
    struct aerocmd_umd_buffer_desc rd = kind_desc(128, SRV_UAV, ALLOW_RAW, 0);
    struct aerocmd_umd_buffer_desc ud =
        kind_desc(64, AEROCMD_UMD_BIND_UNORDERED_ACCESS, STRUCTURED, 8);
    struct aerocmd_umd_resource *sb, *rb, *ub;
    struct aerocmd_umd_view *srvs[2] = {NULL, NULL}, *again = NULL;
    struct aerocmd_umd_view_desc vd;
    struct aerocmd_umd_uav *uav = NULL;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    sb = kit_buffer(&h, &sd, NULL);
    rb = kit_buffer(&h, &rd, NULL);
    ub = kit_buffer(&h, &ud, NULL);
    vd = buffer_view(0, 3, 5, 0); /* structures 3..7: bytes 48..128 */
    CHECK_EQ(kit_try_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, sb, &vd, &srvs[0]), AEROCMD_OK);
    vd.element_bytes = 16; /* repeating the buffer's stride is the same view */
    CHECK_EQ(kit_try_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, sb, &vd, &again), AEROCMD_OK);
    vd = buffer_view(DXGI_R32_TYPELESS, 2, 10, AEROCMD_UMD_VIEW_RAW); /* bytes 8..48 */
    CHECK_EQ(kit_try_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, rb, &vd, &srvs[1]), AEROCMD_OK);
    /* A buffer view is a range of the buffer itself: no packet at creation. */
    CHECK_EQ(aerocmd_umd_view_handle(srvs[1]), aerocmd_umd_resource_handle(rb));
    CHECK_EQ(try_uav(&h, ub, 0, 1, 4, 0, 0, &uav), AEROCMD_OK); /* bytes 8..40 */
    CHECK_EQ(aerocmd_umd_set_shader(h.ctx, AEROCMD_SHADER_CS, kit_shader(&h, SCENE_CS_READ)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_CS, 4, 2, srvs), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h.ctx, 0, 1, &uav, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h.ctx, 2, 1, 1), AEROCMD_OK);
    /* The view that repeated the stride binds the same range. */
    CHECK_EQ(aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_CS, 4, 1, &again), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h.ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS), 3);
    expect_srv_packet(0, 4, aerocmd_umd_resource_handle(sb), 48, 80);
    expect_srv_packet(1, 5, aerocmd_umd_resource_handle(rb), 8, 40);
    expect_srv_packet(2, 4, aerocmd_umd_resource_handle(sb), 48, 80);
    expect_uav_range(aerocmd_umd_resource_handle(ub), 8, 32);
    CHECK(packet_index(&pl, AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, 1) <
          packet_index(&pl, AEROGPU_CMD_DISPATCH, 0));
    CHECK(packet_index(&pl, AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, 2) >
          packet_index(&pl, AEROGPU_CMD_DISPATCH, 0));
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_DISPATCH), 2);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_CREATE_TEXTURE_VIEW), 0);
    CHECK(harness_valid(&h));
    CHECK_EQ(aerocmd_umd_destroy_uav(uav), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_view(again), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_view(srvs[1]), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_view(srvs[0]), AEROCMD_OK);
    kit_close(&h);
}

/* Typed views keep working on plain buffers, in the size of their format. */
static void test_typed_view(void)
{
    static struct harness h;
    struct aerocmd_umd_buffer_desc pd = kind_desc(64, SRV_UAV, 0, 0);
    struct aerocmd_umd_resource *pb;
    struct aerocmd_umd_view *srv = NULL;
    struct aerocmd_umd_view_desc vd = buffer_view(DXGI_R32_UINT, 4, 8, 0);
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    pb = kit_buffer(&h, &pd, NULL);
    CHECK_EQ(kit_try_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, pb, &vd, &srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader(h.ctx, AEROCMD_SHADER_CS, kit_shader(&h, SCENE_CS_READ)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_CS, 0, 1, &srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h.ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    expect_srv_packet(0, 0, aerocmd_umd_resource_handle(pb), 16, 32);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* Direct3D 11's rules for the kinds of buffer: every refusal is INVALID_ARG. */
static void test_buffer_kind_refusals(void)
{
    static struct harness h;
    struct aerocmd_umd_buffer_desc d;
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(4, 4, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *res = NULL;
    size_t size = aerocmd_umd_resource_size();
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    d = kind_desc(256, SRV_UAV, STRUCTURED | ALLOW_RAW, 16);
    CHECK_EQ(aerocmd_umd_create_buffer(h.dev, kit_take(size), size, &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    d = kind_desc(256, SRV_UAV, STRUCTURED, 0);
    CHECK_EQ(aerocmd_umd_create_buffer(h.dev, kit_take(size), size, &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    d.structure_stride = 6; /* not in 4-byte units */
    CHECK_EQ(aerocmd_umd_create_buffer(h.dev, kit_take(size), size, &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    d = kind_desc(4096, SRV_UAV, STRUCTURED, 4096); /* over Direct3D's 2048 */
    CHECK_EQ(aerocmd_umd_create_buffer(h.dev, kit_take(size), size, &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    d = kind_desc(100, SRV_UAV, STRUCTURED, 16); /* not a whole number of structures */
    CHECK_EQ(aerocmd_umd_create_buffer(h.dev, kit_take(size), size, &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    /* Without the structured flag the stride means nothing, as in Direct3D. */
    d = kind_desc(100, SRV_UAV, 0, 6);
    CHECK_EQ(aerocmd_umd_create_buffer(h.dev, kit_take(size), size, &d, NULL, &res), AEROCMD_OK);
    td.misc_flags = STRUCTURED;
    CHECK_EQ(aerocmd_umd_create_texture2d(h.dev, kit_take(size), size, &td, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    td.misc_flags = ALLOW_RAW;
    CHECK_EQ(aerocmd_umd_create_texture2d(h.dev, kit_take(size), size, &td, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* One buffer of each kind and a texture, for the refusal tests. */
struct kinds {
    struct aerocmd_umd_resource *structured, *raw, *plain, *tex;
    uint32_t submissions; /* after their creation */
};

static void kinds_open(struct harness *h, struct kinds *k)
{
    struct aerocmd_umd_buffer_desc sd = kind_desc(256, SRV_UAV, STRUCTURED, 16);
    struct aerocmd_umd_buffer_desc rd = kind_desc(128, SRV_UAV, ALLOW_RAW, 0);
    struct aerocmd_umd_buffer_desc pd = kind_desc(128, SRV_UAV, 0, 0);
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(4, 4, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    kit_reset();
    CHECK(harness_open(h, 65536, 16));
    k->structured = kit_buffer(h, &sd, NULL);
    k->raw = kit_buffer(h, &rd, NULL);
    k->plain = kit_buffer(h, &pd, NULL);
    k->tex = kit_texture(h, &td, NULL);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    k->submissions = h->fake.submission_count;
}

/* Refusals and buffer views send nothing; the streams so far are valid. */
static void kinds_close(struct harness *h, const struct kinds *k)
{
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    CHECK_EQ(h->fake.submission_count, k->submissions);
    CHECK(harness_valid(h));
    kit_close(h);
}

/* Raw views need ALLOW_RAW_VIEWS on the buffer, R32_TYPELESS and a range inside it. */
static void test_raw_refusals(void)
{
    static struct harness h;
    struct kinds k;
    struct aerocmd_umd_view_desc vd = buffer_view(DXGI_R32_TYPELESS, 0, 4, AEROCMD_UMD_VIEW_RAW);
    const enum aerocmd_view_kind srv = AEROCMD_VIEW_SHADER_RESOURCE;
    kinds_open(&h, &k);
    CHECK_EQ(kit_try_view(&h, srv, k.plain, &vd, NULL), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(kit_try_view(&h, srv, k.structured, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd.dxgi_format = DXGI_R32_UINT;
    CHECK_EQ(kit_try_view(&h, srv, k.raw, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd.dxgi_format = 0;
    CHECK_EQ(kit_try_view(&h, srv, k.raw, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd = buffer_view(DXGI_R32_TYPELESS, 0, 4, AEROCMD_UMD_VIEW_RAW);
    vd.element_bytes = 16; /* raw elements are 4 bytes */
    CHECK_EQ(kit_try_view(&h, srv, k.raw, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd = buffer_view(DXGI_R32_TYPELESS, 30, 3, AEROCMD_UMD_VIEW_RAW); /* bytes 120..132 */
    CHECK_EQ(kit_try_view(&h, srv, k.raw, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd.element_count = 2; /* 120..128 is the end of it */
    CHECK_EQ(kit_try_view(&h, srv, k.raw, &vd, NULL), AEROCMD_OK);
    /* flags a kind of view does not have */
    vd = buffer_view(DXGI_R32_TYPELESS, 0, 4, AEROCMD_UMD_VIEW_RAW | 0x2u);
    CHECK_EQ(kit_try_view(&h, srv, k.raw, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd = buffer_view(0, 0, 0, AEROCMD_UMD_VIEW_RAW);
    CHECK_EQ(kit_try_view(&h, srv, k.tex, &vd, NULL), AEROCMD_E_INVALID_ARG);
    kinds_close(&h, &k);
}

/* Structured views need the structured flag, the buffer's stride and a range inside it;
 * typed views never see a structured buffer. */
static void test_structured_and_typed_refusals(void)
{
    static struct harness h;
    struct kinds k;
    struct aerocmd_umd_view_desc vd = buffer_view(0, 0, 4, 0);
    const enum aerocmd_view_kind srv = AEROCMD_VIEW_SHADER_RESOURCE;
    kinds_open(&h, &k);
    vd.element_bytes = 16;
    CHECK_EQ(kit_try_view(&h, srv, k.plain, &vd, NULL), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(kit_try_view(&h, srv, k.raw, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd.element_bytes = 8;
    CHECK_EQ(kit_try_view(&h, srv, k.structured, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd = buffer_view(0, 15, 2, 0); /* structures 15..16 of 16 */
    CHECK_EQ(kit_try_view(&h, srv, k.structured, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd = buffer_view(0, 0xFFFFFFFFu, 0xFFFFFFFFu, 0); /* products overflow 32 bits */
    CHECK_EQ(kit_try_view(&h, srv, k.structured, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd = buffer_view(0, 0, 0, 0);
    CHECK_EQ(kit_try_view(&h, srv, k.structured, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd = buffer_view(DXGI_R32_UINT, 0, 4, 0);
    CHECK_EQ(kit_try_view(&h, srv, k.structured, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd.element_bytes = 16; /* when given, a typed view's element size is its format's */
    CHECK_EQ(kit_try_view(&h, srv, k.plain, &vd, NULL), AEROCMD_E_INVALID_ARG);
    vd.element_bytes = 4;
    CHECK_EQ(kit_try_view(&h, srv, k.plain, &vd, NULL), AEROCMD_OK);
    kinds_close(&h, &k);
}

/* Unordered-access views of a structured buffer take its stride and kind too. */
static void test_uav_stride_refusals(void)
{
    static struct harness h;
    struct kinds k;
    kinds_open(&h, &k);
    CHECK_EQ(try_uav(&h, k.structured, DXGI_R32_UINT, 0, 4, 0, 0, NULL), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(try_uav(&h, k.structured, 0, 0, 4, 8, 0, NULL), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(try_uav(&h, k.structured, DXGI_R32_TYPELESS, 0, 4, 0, AEROCMD_UMD_UAV_FLAG_RAW, NULL),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(try_uav(&h, k.plain, 0, 0, 4, 0, 0, NULL), AEROCMD_E_INVALID_ARG); /* no stride */
    CHECK_EQ(try_uav(&h, k.structured, 0, 15, 2, 0, 0, NULL), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(try_uav(&h, k.structured, 0, 15, 1, 16, AEROCMD_UMD_UAV_FLAG_COUNTER, NULL),
             AEROCMD_OK);
    kinds_close(&h, &k);
}

/* A fresh harness and one square 2D texture, for the view-flag tests. */
static struct aerocmd_umd_resource *open_with_texture(struct harness *h, uint32_t size,
                                                      uint32_t format, uint32_t bind, uint32_t mips)
{
    struct aerocmd_umd_texture2d_desc td = texture_desc(size, size, format, bind, 0);
    td.mip_levels = mips;
    kit_reset();
    CHECK(harness_open(h, 65536, 16));
    return kit_texture(h, &td, NULL);
}

/* Read-only depth-stencil views are valid Direct3D the protocol cannot carry: refused
 * before anything reaches the host, even for a subrange that would need a host view. */
static void test_read_only_depth_stencil(void)
{
    static const struct {
        uint32_t flags;
        aerocmd_result want;
    } refused[] = {
        {AEROCMD_UMD_VIEW_READ_ONLY_DEPTH, AEROCMD_E_NOT_IMPLEMENTED},
        {AEROCMD_UMD_VIEW_READ_ONLY_STENCIL, AEROCMD_E_NOT_IMPLEMENTED},
        {AEROCMD_UMD_VIEW_READ_ONLY_DEPTH | AEROCMD_UMD_VIEW_READ_ONLY_STENCIL,
         AEROCMD_E_NOT_IMPLEMENTED},
        {0x4u, AEROCMD_E_INVALID_ARG},
        {0x4u | AEROCMD_UMD_VIEW_READ_ONLY_DEPTH, AEROCMD_E_INVALID_ARG}, /* invalid wins */
    };
    static struct harness h;
    struct aerocmd_umd_resource *ds =
        open_with_texture(&h, 16, DXGI_D24_UNORM_S8, AEROCMD_UMD_BIND_DEPTH_STENCIL, 2);
    struct aerocmd_umd_view_desc vd;
    struct aerocmd_umd_view *dsv = NULL;
    const enum aerocmd_view_kind kind = AEROCMD_VIEW_DEPTH_STENCIL;
    size_t i;
    memset(&vd, 0, sizeof vd);
    vd.first_mip = 1;
    for (i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        vd.flags = refused[i].flags;
        CHECK_EQ(kit_try_view(&h, kind, ds, &vd, NULL), refused[i].want);
    }
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_CREATE_TEXTURE_VIEW), 0);
    /* The same view written normally is a host view of mip 1. */
    vd.flags = 0;
    CHECK_EQ(kit_try_view(&h, kind, ds, &vd, &dsv), AEROCMD_OK);
    CHECK(dsv != NULL && aerocmd_umd_view_handle(dsv) != aerocmd_umd_resource_handle(ds));
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_CREATE_TEXTURE_VIEW), 1);
    CHECK(harness_valid(&h));
    CHECK_EQ(aerocmd_umd_destroy_view(dsv), AEROCMD_OK);
    kit_close(&h);
}

/* Render-target views have no flags at all. */
static void test_render_target_flags(void)
{
    static struct harness h;
    struct aerocmd_umd_resource *rt =
        open_with_texture(&h, 8, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 1);
    struct aerocmd_umd_view_desc vd;
    memset(&vd, 0, sizeof vd);
    vd.flags = AEROCMD_UMD_VIEW_READ_ONLY_DEPTH;
    CHECK_EQ(kit_try_view(&h, AEROCMD_VIEW_RENDER_TARGET, rt, &vd, NULL), AEROCMD_E_INVALID_ARG);
    kit_close(&h);
}

static void test_optional_features(void)
{
    CHECK_EQ(aerocmd_umd_optional_features(H_ABI), AEROCMD_UMD_FEATURE_COMPUTE_BUFFERS);
    CHECK_EQ(aerocmd_umd_optional_features((uint32_t)AEROGPU_ABI_MAJOR << 16),
             AEROCMD_UMD_FEATURE_COMPUTE_BUFFERS);
    CHECK_EQ(aerocmd_umd_optional_features((uint32_t)(AEROGPU_ABI_MAJOR + 1u) << 16), 0);
}

int main(void)
{
    test_structured_and_raw_bound();
    test_typed_view();
    test_buffer_kind_refusals();
    test_raw_refusals();
    test_structured_and_typed_refusals();
    test_uav_stride_refusals();
    test_read_only_depth_stencil();
    test_render_target_flags();
    test_optional_features();
    return check_finish();
}
