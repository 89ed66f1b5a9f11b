/* SPDX-License-Identifier: MIT */
/* Compute extras: buffer UAVs bound lazily before Dispatch (exact packets), counters,
 * SRV/UAV hazards, UAV clears checked as bytes on the fake host, indirect work from CPU
 * copies of the arguments, CopyStructureCount, refusals. */
#include "umd_kit.h"

#include "aerocmd/umd_compute.h"
#include "aerocmd/umd_data.h"

#define KEEP AEROCMD_UMD_UAV_KEEP_COUNT

static struct packet_list pl;

/* The UAV packet at index i: its header fields and bindings. */
static const struct aerogpu_unordered_access_buffer_binding *
uav_packet(int i, const struct aerogpu_cmd_set_unordered_access_buffers **out, uint32_t *count)
{
    uint32_t len = 0;
    if (i < 0)
        return NULL;
    *out = AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_set_unordered_access_buffers,
                        AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS);
    return (const struct aerogpu_unordered_access_buffer_binding *)aerocmd_packet_payload(
        &pl.packet[i], &len, count);
}

/* Two UAV buffers, a typed view of one and a counter view of the other, and a small
 * buffer the counter is copied into. */
struct uav_buffers {
    struct aerocmd_umd_resource *a, *b, *dst;
    struct aerocmd_umd_uav *ua, *ub;
};

static void create_uav_buffers(struct harness *h, struct uav_buffers *u)
{
    struct aerocmd_umd_buffer_desc bd =
        buffer_desc(64, AEROCMD_UMD_BIND_UNORDERED_ACCESS | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    u->a = kit_buffer(h, &bd, NULL);
    u->b = kit_buffer(h, &bd, NULL);
    bd = buffer_desc(16, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    u->dst = kit_buffer(h, &bd, NULL);
    u->ua = kit_uav(h, u->a, DXGI_R32_UINT, 2, 8, 0, 0, KEEP);
    u->ub = kit_uav(h, u->b, 0, 0, 4, 16, AEROCMD_UMD_UAV_FLAG_COUNTER, KEEP);
}

/* Binds both views at slots 3 and 4 (the counter set to 7) and dispatches; dispatches again
 * with the same bindings, then with slot 4 unbound. */
static void bind_and_dispatch_three_times(struct harness *h, const struct uav_buffers *u)
{
    struct aerocmd_umd_uav *uavs[2];
    uint32_t counts[2] = {KEEP, 7};
    uavs[0] = u->ua;
    uavs[1] = u->ub;
    CHECK_EQ(aerocmd_umd_set_shader(h->ctx, AEROCMD_SHADER_CS, kit_shader(h, SCENE_CS_READ)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h->ctx, 3, 2, uavs, counts), AEROCMD_OK);
    /* Before any dispatch the counter is known: 7 lands in dst at byte 4. */
    CHECK_EQ(aerocmd_umd_copy_structure_count(h->ctx, u->dst, 4, u->ub), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_structure_count(h->ctx, u->dst, 4, u->ua), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_dispatch(h->ctx, 2, 3, 4), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_structure_count(h->ctx, u->dst, 4, u->ub), AEROCMD_E_NOT_IMPLEMENTED);
    /* Nothing changed: the second dispatch sends no bindings; keeping the count is no
     * change either. */
    counts[1] = KEEP;
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h->ctx, 3, 2, uavs, counts), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h->ctx, 1, 1, 1), AEROCMD_OK);
    /* Unbinding slot 4 only sends slot 4, keeping counters. */
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h->ctx, 4, 1, NULL, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h->ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
}

/* The first UAV packet binds both views, right before the first DISPATCH. */
static void check_first_uav_packet_and_dispatch(const struct uav_buffers *u)
{
    const struct aerogpu_cmd_set_unordered_access_buffers *p = NULL;
    const struct aerogpu_unordered_access_buffer_binding *e;
    const struct aerogpu_cmd_dispatch *d;
    uint32_t n = 0;
    e = uav_packet(packet_index(&pl, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 0), &p, &n);
    if (CHECK(e != NULL && p != NULL)) {
        CHECK_EQ(p->shader_stage, AEROGPU_SHADER_STAGE_COMPUTE);
        CHECK_EQ(p->start_slot, 3);
        CHECK_EQ(p->uav_count, 2);
        CHECK_EQ(n, 2);
        check_uav_binding(&e[0], aerocmd_umd_resource_handle(u->a), 8, 32, KEEP);
        check_uav_binding(&e[1], aerocmd_umd_resource_handle(u->b), 0, 64, 7);
    }
    CHECK_EQ(packet_index(&pl, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 0) + 1,
             packet_index(&pl, AEROGPU_CMD_DISPATCH, 0));
    d = AEROCMD_VIEW(&pl.packet[packet_index(&pl, AEROGPU_CMD_DISPATCH, 0)], aerogpu_cmd_dispatch,
                     AEROGPU_CMD_DISPATCH);
    CHECK(d != NULL && d->group_count_x == 2 && d->group_count_y == 3 && d->group_count_z == 4);
}

/* The second UAV packet unbinds slot 4 alone; the counter copy reached dst. */
static void check_unbind_packet_and_copied_count(const struct harness *h,
                                                 const struct uav_buffers *u)
{
    const struct aerogpu_cmd_set_unordered_access_buffers *p = NULL;
    const struct aerogpu_unordered_access_buffer_binding *e;
    const struct aerocmd_umd_fake_resource *fr;
    uint32_t n = 0, word;
    e = uav_packet(packet_index(&pl, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 1), &p, &n);
    if (CHECK(e != NULL && p != NULL)) {
        CHECK_EQ(p->start_slot, 4);
        CHECK_EQ(n, 1);
        check_uav_binding(&e[0], 0, 0, 0, KEEP);
    }
    fr = aerocmd_umd_fake_resource(&h->fake, aerocmd_umd_resource_handle(u->dst));
    if (CHECK(fr != NULL)) {
        memcpy(&word, fr->bytes + 4, 4);
        CHECK_EQ(word, 7);
    }
}

static void test_bind_and_dispatch(void)
{
    static struct harness h;
    struct uav_buffers u;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    create_uav_buffers(&h, &u);
    bind_and_dispatch_three_times(&h, &u);
    collect_packets(&h.fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS), 2);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_DISPATCH), 3);
    check_first_uav_packet_and_dispatch(&u);
    check_unbind_packet_and_copied_count(&h, &u);
    CHECK(harness_valid(&h));
    CHECK_EQ(aerocmd_umd_destroy_uav(u.ua), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_uav(u.ub), AEROCMD_OK);
    kit_close(&h);
}

/* A fresh counter view sends its desc's initial count with its first bind, once. */
static void test_first_bind_counter(void)
{
    static struct harness h;
    struct aerocmd_umd_buffer_desc bd = buffer_desc(32, AEROCMD_UMD_BIND_UNORDERED_ACCESS, 0);
    struct aerocmd_umd_resource *a;
    struct aerocmd_umd_uav *u;
    const struct aerogpu_cmd_set_unordered_access_buffers *p = NULL;
    const struct aerogpu_unordered_access_buffer_binding *e;
    uint32_t n = 0;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    a = kit_buffer(&h, &bd, NULL);
    u = kit_uav(&h, a, 0, 0, 4, 8, AEROCMD_UMD_UAV_FLAG_APPEND, 5);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h.ctx, 0, 1, &u, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h.ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h.ctx, 0, 1, NULL, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h.ctx, 0, 1, &u, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h.ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS), 2);
    e = uav_packet(packet_index(&pl, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 0), &p, &n);
    if (CHECK(e != NULL))
        check_uav_binding(&e[0], aerocmd_umd_resource_handle(a), 0, 32, 5);
    e = uav_packet(packet_index(&pl, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 1), &p, &n);
    if (CHECK(e != NULL))
        check_uav_binding(&e[0], aerocmd_umd_resource_handle(a), 0, 32, KEEP);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* Binding a buffer as UAV unbinds its SRVs; binding it as SRV unbinds its UAVs. */
static void test_hazards(void)
{
    static struct harness h;
    struct aerocmd_umd_buffer_desc bd =
        buffer_desc(64, AEROCMD_UMD_BIND_UNORDERED_ACCESS | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *a;
    struct aerocmd_umd_view *srv = NULL;
    struct aerocmd_umd_view_desc vd;
    struct aerocmd_umd_uav *u;
    const struct aerogpu_cmd_set_unordered_access_buffers *p = NULL;
    const struct aerogpu_unordered_access_buffer_binding *e;
    const struct aerogpu_shader_resource_buffer_binding *sb;
    uint32_t n = 0, len = 0;
    int i;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    a = kit_buffer(&h, &bd, NULL);
    vd = buffer_view(DXGI_R32_UINT, 0, 16, 0);
    CHECK_EQ(kit_try_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, a, &vd, &srv), AEROCMD_OK);
    u = kit_uav(&h, a, DXGI_R32_UINT, 0, 16, 0, 0, KEEP);
    CHECK_EQ(aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_CS, 2, 1, &srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h.ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h.ctx, 0, 1, &u, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h.ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_PS, 0, 1, &srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h.ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    /* SRV bound, then cleared (slot 2 of CS) when the UAV came. */
    i = packet_index(&pl, AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, 1);
    sb = i >= 0 ? (const struct aerogpu_shader_resource_buffer_binding *)aerocmd_packet_payload(
                      &pl.packet[i], &len, &n)
                : NULL;
    if (CHECK(sb != NULL)) {
        CHECK_EQ(sb[0].buffer, 0);
        CHECK(i < packet_index(&pl, AEROGPU_CMD_DISPATCH, 1));
        CHECK(i > packet_index(&pl, AEROGPU_CMD_DISPATCH, 0));
    }
    e = uav_packet(packet_index(&pl, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 0), &p, &n);
    if (CHECK(e != NULL))
        check_uav_binding(&e[0], aerocmd_umd_resource_handle(a), 0, 64, KEEP);
    /* The PS SRV bind took the UAV away before the third dispatch. */
    i = packet_index(&pl, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 1);
    e = uav_packet(i, &p, &n);
    if (CHECK(e != NULL)) {
        check_uav_binding(&e[0], 0, 0, 0, KEEP);
        CHECK(i < packet_index(&pl, AEROGPU_CMD_DISPATCH, 2));
    }
    CHECK(harness_valid(&h));
    CHECK_EQ(aerocmd_umd_destroy_view(srv), AEROCMD_OK);
    kit_close(&h);
}

static uint32_t word_at(const uint8_t *p)
{
    uint32_t w;
    memcpy(&w, p, 4);
    return w;
}

/* Clears land as bytes on the fake host, outside the view nothing changes. */
static void test_clears_host_owned(void)
{
    static struct harness h;
    static const uint32_t uvals[4] = {0x11223344u, 0xAABBCCDDu, 0x55u, 0x66u};
    static const uint32_t fvals[4] = {F32_1, F32_HALF, 0xBF800000u /* -1 */, F32_1};
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_UNORDERED_ACCESS, 0);
    struct aerocmd_umd_resource *a;
    struct aerocmd_umd_uav *u32v, *rgba, *raw, *pair;
    const struct aerocmd_umd_fake_resource *fr;
    uint8_t zeros[64];
    kit_reset();
    memset(zeros, 0, sizeof zeros);
    CHECK(harness_open(&h, 65536, 16));
    a = kit_buffer(&h, &bd, zeros);
    u32v = kit_uav(&h, a, DXGI_R32_UINT, 1, 2, 0, 0, KEEP);       /* bytes 4..12 */
    rgba = kit_uav(&h, a, DXGI_R8G8B8A8_UNORM, 4, 2, 0, 0, KEEP); /* bytes 16..24 */
    raw = kit_uav(&h, a, DXGI_R32_TYPELESS, 8, 2, 0, AEROCMD_UMD_UAV_FLAG_RAW, KEEP); /* 32..40 */
    pair = kit_uav(&h, a, 50 /* R8G8_UINT */, 24, 4, 0, 0, KEEP); /* bytes 48..56 */
    CHECK_EQ(aerocmd_umd_clear_uav_uint(h.ctx, u32v, uvals), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_uav_float(h.ctx, rgba, fvals), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_uav_float(h.ctx, raw, fvals), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_uav_uint(h.ctx, pair, uvals), AEROCMD_OK);
    /* Direct3D: float clears are for float / normalised formats only. */
    CHECK_EQ(aerocmd_umd_clear_uav_float(h.ctx, u32v, fvals), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    fr = aerocmd_umd_fake_resource(&h.fake, aerocmd_umd_resource_handle(a));
    if (CHECK(fr != NULL)) {
        static const uint8_t rgba_bytes[4] = {0xFF, 0x80, 0x00, 0xFF};
        static const uint8_t pair_bytes[2] = {0x44, 0xDD};
        uint32_t i;
        CHECK_EQ(word_at(fr->bytes + 0), 0);
        CHECK_EQ(word_at(fr->bytes + 4), 0x11223344u);
        CHECK_EQ(word_at(fr->bytes + 8), 0x11223344u);
        CHECK_EQ(word_at(fr->bytes + 12), 0);
        CHECK(memcmp(fr->bytes + 16, rgba_bytes, 4) == 0);
        CHECK(memcmp(fr->bytes + 20, rgba_bytes, 4) == 0);
        CHECK_EQ(word_at(fr->bytes + 24), 0);
        CHECK_EQ(word_at(fr->bytes + 32), F32_1); /* raw: the first value's bits */
        CHECK_EQ(word_at(fr->bytes + 36), F32_1);
        CHECK_EQ(word_at(fr->bytes + 40), 0);
        for (i = 0; i < 4; i++)
            CHECK(memcmp(fr->bytes + 48 + 2 * i, pair_bytes, 2) == 0);
        CHECK_EQ(word_at(fr->bytes + 56), 0);
    }
    collect_packets(&h.fake, &pl);
    /* The uint clear of 2 words is one UPLOAD_RESOURCE of exactly its range. */
    {
        int i = packet_index(&pl, AEROGPU_CMD_UPLOAD_RESOURCE, 1);
        const struct aerogpu_cmd_upload_resource *up =
            i >= 0 ? AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_upload_resource,
                                  AEROGPU_CMD_UPLOAD_RESOURCE)
                   : NULL;
        if (CHECK(up != NULL)) {
            CHECK_EQ(up->offset_bytes, 4);
            CHECK_EQ(up->size_bytes, 8);
        }
    }
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* Guest-backed: the pattern goes into guest memory and a dirty range tells the host. */
static void test_clear_guest_backed(void)
{
    static struct harness h;
    static const uint32_t uvals[4] = {0xCAFEF00Du, 0, 0, 0};
    struct aerocmd_umd_buffer_desc bd = buffer_desc(32, AEROCMD_UMD_BIND_UNORDERED_ACCESS, 1);
    struct aerocmd_umd_resource *a;
    struct aerocmd_umd_uav *s;
    const struct aerocmd_umd_fake_resource *fr;
    const struct aerocmd_umd_fake_memory *m;
    const struct aerogpu_cmd_resource_dirty_range *dr;
    int i;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    a = kit_buffer(&h, &bd, NULL);
    s = kit_uav(&h, a, 0, 1, 2, 8, 0, KEEP); /* structured, stride 8: bytes 8..24 */
    CHECK_EQ(aerocmd_umd_clear_uav_uint(h.ctx, s, uvals), AEROCMD_OK);
    CHECK_EQ(h.fake.lock_count, 0);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    m = aerocmd_umd_fake_find_memory(&h.fake, aerocmd_umd_resource_alloc_id(a));
    fr = aerocmd_umd_fake_resource(&h.fake, aerocmd_umd_resource_handle(a));
    if (CHECK(m != NULL && fr != NULL)) {
        CHECK_EQ(word_at(m->bytes + 4), 0);
        CHECK_EQ(word_at(m->bytes + 8), 0xCAFEF00Du);
        CHECK_EQ(word_at(m->bytes + 20), 0xCAFEF00Du);
        CHECK_EQ(word_at(m->bytes + 24), 0);
        CHECK_EQ(word_at(fr->bytes + 12), 0xCAFEF00Du);
    }
    collect_packets(&h.fake, &pl);
    i = packet_index(&pl, AEROGPU_CMD_RESOURCE_DIRTY_RANGE, 0);
    dr = i >= 0 ? AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_resource_dirty_range,
                               AEROGPU_CMD_RESOURCE_DIRTY_RANGE)
                : NULL;
    if (CHECK(dr != NULL)) {
        CHECK_EQ(dr->offset_bytes, 8);
        CHECK_EQ(dr->size_bytes, 16);
    }
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* The same arguments in a dynamic buffer, a guest-backed one, a plain default one, and a
 * guest-backed one a UAV writes. */
struct indirect_buffers {
    struct aerocmd_umd_resource *dyn, *backed, *plain, *written;
    struct aerocmd_umd_uav *u;
};

static void create_indirect_buffers(struct harness *h, struct indirect_buffers *bufs)
{
    static const uint32_t args[8] = {0, 4, 2, 1, 6, 3, 0xFFFFFFFEu, 9};
    struct aerocmd_umd_buffer_desc bd =
        buffer_desc(sizeof args, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    bd.usage = AEROCMD_UMD_USAGE_DYNAMIC;
    bd.cpu_access = AEROCMD_UMD_CPU_ACCESS_WRITE;
    bufs->dyn = kit_buffer(h, &bd, args);
    bd = buffer_desc(sizeof args, AEROCMD_UMD_BIND_SHADER_RESOURCE, 1);
    bufs->backed = kit_buffer(h, &bd, args);
    bd = buffer_desc(sizeof args, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    bufs->plain = kit_buffer(h, &bd, args);
    bd = buffer_desc(sizeof args, AEROCMD_UMD_BIND_UNORDERED_ACCESS, 1);
    bufs->written = kit_buffer(h, &bd, args);
    bufs->u = kit_uav(h, bufs->written, DXGI_R32_UINT, 0, 8, 0, 0, KEEP);
}

static void issue_indirect_work_and_refusals(struct harness *h, const struct indirect_buffers *bufs)
{
    CHECK_EQ(aerocmd_umd_dispatch_indirect(h->ctx, bufs->dyn, 4), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch_indirect(h->ctx, bufs->backed, 4), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_instanced_indirect(h->ctx, bufs->dyn, 4), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_indexed_instanced_indirect(h->ctx, bufs->backed, 12), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch_indirect(h->ctx, bufs->plain, 4), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_dispatch_indirect(h->ctx, bufs->dyn, 2), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_dispatch_indirect(h->ctx, bufs->dyn, 24), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_draw_indexed_instanced_indirect(h->ctx, bufs->dyn, 16),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_dispatch_indirect(h->ctx, bufs->written, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h->ctx, 0, 1, &bufs->u, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h->ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch_indirect(h->ctx, bufs->written, 0), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
}

/* The arguments read at byte 4 (dispatch, draw) and 12 (indexed draw), as plain packets. */
static void check_indirect_packets(void)
{
    const struct aerogpu_cmd_dispatch *d;
    const struct aerogpu_cmd_draw *dw;
    const struct aerogpu_cmd_draw_indexed *di;
    d = AEROCMD_VIEW(&pl.packet[packet_index(&pl, AEROGPU_CMD_DISPATCH, 0)], aerogpu_cmd_dispatch,
                     AEROGPU_CMD_DISPATCH);
    CHECK(d != NULL && d->group_count_x == 4 && d->group_count_y == 2 && d->group_count_z == 1);
    d = AEROCMD_VIEW(&pl.packet[packet_index(&pl, AEROGPU_CMD_DISPATCH, 1)], aerogpu_cmd_dispatch,
                     AEROGPU_CMD_DISPATCH);
    CHECK(d != NULL && d->group_count_x == 4 && d->group_count_y == 2 && d->group_count_z == 1);
    dw = AEROCMD_VIEW(&pl.packet[packet_index(&pl, AEROGPU_CMD_DRAW, 0)], aerogpu_cmd_draw,
                      AEROGPU_CMD_DRAW);
    if (CHECK(dw != NULL)) {
        CHECK_EQ(dw->vertex_count, 4);
        CHECK_EQ(dw->instance_count, 2);
        CHECK_EQ(dw->first_vertex, 1);
        CHECK_EQ(dw->first_instance, 6);
    }
    di = AEROCMD_VIEW(&pl.packet[packet_index(&pl, AEROGPU_CMD_DRAW_INDEXED, 0)],
                      aerogpu_cmd_draw_indexed, AEROGPU_CMD_DRAW_INDEXED);
    if (CHECK(di != NULL)) {
        CHECK_EQ(di->index_count, 1);
        CHECK_EQ(di->instance_count, 6);
        CHECK_EQ(di->first_index, 3);
        CHECK_EQ(di->base_vertex, -2);
        CHECK_EQ(di->first_instance, 9);
    }
}

static void test_indirect(void)
{
    static struct harness h;
    struct indirect_buffers bufs;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    CHECK(harness_bind_vs(&h)); /* so that the indirect draws are sent */
    create_indirect_buffers(&h, &bufs);
    issue_indirect_work_and_refusals(&h, &bufs);
    collect_packets(&h.fake, &pl);
    check_indirect_packets();
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_DISPATCH), 4);
    CHECK_EQ(h.fake.lock_count, 0);
    CHECK(harness_valid(&h));
    /* the dynamic buffer's CPU shadow comes from the device's allocator */
    CHECK_EQ(aerocmd_umd_destroy_uav(bufs.u), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(bufs.written), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(bufs.plain), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(bufs.backed), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(bufs.dyn), AEROCMD_OK);
    kit_close(&h);
}

static void test_refusals(void)
{
    static struct harness h;
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_UNORDERED_ACCESS, 0);
    struct aerocmd_umd_resource *a, *srv_only;
    struct aerocmd_umd_uav *u, *out = NULL;
    struct aerocmd_umd_uav_desc d;
    uint64_t mem[16];
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    a = kit_buffer(&h, &bd, NULL);
    bd = buffer_desc(64, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    srv_only = kit_buffer(&h, &bd, NULL);
    u = kit_uav(&h, a, DXGI_R32_UINT, 0, 16, 0, 0, KEEP);
    memset(&d, 0, sizeof d);
    d.dxgi_format = DXGI_R32_UINT;
    d.element_count = 16;
    CHECK_EQ(aerocmd_umd_create_uav(h.dev, mem, sizeof mem, srv_only, &d, &out),
             AEROCMD_E_INVALID_ARG);
    d.element_count = 17; /* past the end */
    CHECK_EQ(aerocmd_umd_create_uav(h.dev, mem, sizeof mem, a, &d, &out), AEROCMD_E_INVALID_ARG);
    d.element_count = 4;
    d.flags = AEROCMD_UMD_UAV_FLAG_COUNTER; /* counters are for structured views */
    CHECK_EQ(aerocmd_umd_create_uav(h.dev, mem, sizeof mem, a, &d, &out), AEROCMD_E_INVALID_ARG);
    d.flags = AEROCMD_UMD_UAV_FLAG_RAW; /* raw needs R32_TYPELESS */
    CHECK_EQ(aerocmd_umd_create_uav(h.dev, mem, sizeof mem, a, &d, &out), AEROCMD_E_INVALID_ARG);
    d.flags = 0;
    d.dxgi_format = 0;
    d.element_bytes = 6; /* stride not in words */
    CHECK_EQ(aerocmd_umd_create_uav(h.dev, mem, sizeof mem, a, &d, &out), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h.ctx, 7, 2, NULL, NULL), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_set_om_uavs(h.ctx, 1, 1, &u, NULL), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_set_om_uavs(h.ctx, 0, 2, NULL, NULL), AEROCMD_OK);
    /* Destroying the buffer unbinds its view. */
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h.ctx, 0, 1, &u, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(a), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h.ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS), 1);
    {
        const struct aerogpu_cmd_set_unordered_access_buffers *p = NULL;
        uint32_t n = 0;
        const struct aerogpu_unordered_access_buffer_binding *e =
            uav_packet(packet_index(&pl, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 0), &p, &n);
        if (CHECK(e != NULL))
            check_uav_binding(&e[0], 0, 0, 0, KEEP);
    }
    CHECK(harness_valid(&h));
    kit_close(&h);
}

int main(void)
{
    test_bind_and_dispatch();
    test_first_bind_counter();
    test_hazards();
    test_clears_host_owned();
    test_clear_guest_backed();
    test_indirect();
    test_refusals();
    return check_finish();
}
