/* SPDX-License-Identifier: MIT */
/* Predication (umd_query.h). Expected from Direct3D's rule for SetPredication: rendering and
 * resource-manipulation commands (draws, dispatches, copies, updates, clears, GenerateMips)
 * are not performed while the predicate's data equals the value given; a NULL predicate
 * predicates nothing. The data is what GetData answers (doc/compatibility.md "Queries and
 * predication": an occlusion predicate TRUE, a stream-output overflow predicate FALSE), and
 * DXGI's present and Blt are no rendering commands. */
#include "aerocmd/umd_data.h"
#include "aerocmd/umd_query.h"
#include "umd_kit.h"

/* What a frame of the commands sends: one each of DRAW, CLEAR, COPY_BUFFER, UPLOAD_RESOURCE
 * when performed, none when left out. */
struct commands {
    struct aerocmd_umd_view *rtv;
    struct aerocmd_umd_resource *src, *dst;
};

static void open_commands(struct harness *h, struct commands *c)
{
    struct aerocmd_umd_buffer_desc bd;
    memset(&bd, 0, sizeof bd);
    bd.size_bytes = 64;
    bd.bind_flags = AEROCMD_UMD_BIND_SHADER_RESOURCE;
    c->rtv = kit_target(h, 64, 64);
    kit_bind_basic(h, kit_triangle_vb(h), c->rtv, NULL);
    c->src = kit_buffer(h, &bd, NULL);
    c->dst = kit_buffer(h, &bd, NULL);
}

/* Runs the commands and flushes; how many of each packet the frame sent. */
static void run_commands(struct harness *h, const struct commands *c, uint32_t want)
{
    static const uint32_t rgba[4] = {0, 0, 0, 0x3F800000u};
    static const uint32_t words[16] = {1, 2, 3, 4}; /* the whole 64-byte buffer */
    static struct packet_list pl;
    uint32_t draws, clears, copies, uploads;
    collect_packets(&h->fake, &pl);
    draws = packet_count(&pl, AEROGPU_CMD_DRAW);
    clears = packet_count(&pl, AEROGPU_CMD_CLEAR);
    copies = packet_count(&pl, AEROGPU_CMD_COPY_BUFFER);
    uploads = packet_count(&pl, AEROGPU_CMD_UPLOAD_RESOURCE);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_instanced(h->ctx, 3, 2, 0, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_render_target(h->ctx, c->rtv, rgba), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_resource(h->ctx, c->dst, c->src), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_update_subresource(h->ctx, c->src, 0, NULL, words, 0, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    collect_packets(&h->fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_DRAW) - draws, 2u * want);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_CLEAR) - clears, want);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_COPY_BUFFER) - copies, want);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_UPLOAD_RESOURCE) - uploads, want);
}

/* One predicate: its GetData answer, then the commands under each value and under none. */
static void check_predicate(uint32_t kind, uint32_t data)
{
    static struct harness h;
    struct commands c;
    struct aerocmd_umd_query *q;
    uint32_t got = 99;
    kit_reset();
    harness_policy = AEROCMD_UMD_POLICY_COMPATIBLE; /* the occlusion predicate is approximated */
    CHECK(harness_open(&h, 65536, 16));
    harness_policy = AEROCMD_UMD_POLICY_STRICT;
    open_commands(&h, &c);
    q = kit_query(&h, kind);
    if (q == NULL)
        return;
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, q), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, q, &got, 4, 0), AEROCMD_OK);
    CHECK_EQ(got, data);
    CHECK_EQ(aerocmd_umd_set_predication(h.ctx, q, (int)data), AEROCMD_OK);
    run_commands(&h, &c, 0); /* the data equals the value: left out */
    CHECK_EQ(aerocmd_umd_set_predication(h.ctx, q, (int)!data), AEROCMD_OK);
    run_commands(&h, &c, 1);
    CHECK_EQ(aerocmd_umd_set_predication(h.ctx, q, (int)data), AEROCMD_OK);
    run_commands(&h, &c, 0);
    CHECK_EQ(aerocmd_umd_set_predication(h.ctx, NULL, (int)data), AEROCMD_OK);
    run_commands(&h, &c, 1);
    /* A destroyed predicate predicates nothing any more. */
    CHECK_EQ(aerocmd_umd_set_predication(h.ctx, q, (int)data), AEROCMD_OK);
    aerocmd_umd_destroy_query(q);
    run_commands(&h, &c, 1);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* Packets of the kinds a predicated command sends, counted over everything submitted. */
static uint32_t work_packets(struct harness *h)
{
    static const uint32_t kinds[] = {AEROGPU_CMD_DRAW,           AEROGPU_CMD_DRAW_INDEXED,
                                     AEROGPU_CMD_DISPATCH,       AEROGPU_CMD_CLEAR,
                                     AEROGPU_CMD_COPY_BUFFER,    AEROGPU_CMD_COPY_TEXTURE2D,
                                     AEROGPU_CMD_UPLOAD_RESOURCE};
    static struct packet_list pl;
    uint32_t n = 0, i;
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    collect_packets(&h->fake, &pl);
    for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        n += packet_count(&pl, kinds[i]);
    return n;
}

/* Every other predicated entry point under a skipping predicate: each answers OK and sends
 * nothing (the indirect ones read no arguments: a NULL argument buffer is not looked at). */
static void run_other_commands(struct harness *h, const struct commands *c)
{
    static const uint32_t zero[4] = {0, 0, 0, 0};
    struct aerocmd_umd_buffer_desc bd;
    struct aerocmd_umd_resource *ib, *uav_buf;
    struct aerocmd_umd_uav *uav;
    memset(&bd, 0, sizeof bd);
    bd.size_bytes = 64;
    bd.bind_flags = AEROCMD_UMD_BIND_INDEX_BUFFER;
    ib = kit_buffer(h, &bd, NULL);
    bd.bind_flags = AEROCMD_UMD_BIND_UNORDERED_ACCESS;
    uav_buf = kit_buffer(h, &bd, NULL);
    uav = kit_uav(h, uav_buf, 42 /* R32_UINT */, 0, 16, 0, 0, AEROCMD_UMD_UAV_KEEP_COUNT);
    CHECK_EQ(aerocmd_umd_set_index_buffer(h->ctx, ib, DXGI_R16_UINT, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_indexed(h->ctx, 3, 0, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_indexed_instanced(h->ctx, 3, 2, 0, 0, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_auto(h->ctx), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_instanced_indirect(h->ctx, NULL, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_indexed_instanced_indirect(h->ctx, NULL, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch_indirect(h->ctx, NULL, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h->ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h->ctx, c->dst, 0, 0, 0, 0, c->src, 0, NULL),
             AEROCMD_OK);
    if (CHECK(uav != NULL)) {
        CHECK_EQ(aerocmd_umd_clear_uav_uint(h->ctx, uav, zero), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_clear_uav_float(h->ctx, uav, zero), AEROCMD_OK);
    }
}

/* A skipping predicate set right after a draw that took the fast path: the next draws must
 * not take it. DXGI's Blt (a copy here) is no rendering command and goes out. */
static void test_every_command(void)
{
    static struct harness h;
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(8, 8, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_blt_desc blt;
    struct aerocmd_umd_resource *a, *b;
    struct commands c;
    struct aerocmd_umd_query *q;
    uint32_t before;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    open_commands(&h, &c);
    a = kit_texture(&h, &td, NULL);
    b = kit_texture(&h, &td, NULL);
    q = kit_query(&h, AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE);
    if (q == NULL || a == NULL || b == NULL)
        return;
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, q), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK); /* the fast path, no flush */
    before = work_packets(&h);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK); /* fast path primed, not flushed */
    CHECK_EQ(aerocmd_umd_set_predication(h.ctx, q, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    run_other_commands(&h, &c);
    CHECK_EQ(work_packets(&h), before + 1u); /* the one draw before the predicate */
    memset(&blt, 0, sizeof blt);
    blt.dst_right = blt.dst_bottom = 8;
    CHECK_EQ(aerocmd_umd_blt(h.ctx, b, a, &blt), AEROCMD_OK);
    CHECK_EQ(work_packets(&h), before + 2u);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* Only predicates predicate: another query is refused. */
static void test_not_a_predicate(void)
{
    static struct harness h;
    struct aerocmd_umd_query *q;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    q = kit_query(&h, AEROCMD_UMD_QUERY_EVENT);
    CHECK_EQ(aerocmd_umd_set_predication(h.ctx, q, 0), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_set_predication(h.ctx, q, 1), AEROCMD_E_INVALID_ARG);
    kit_close(&h);
}

/* DXGI's present is no rendering command: it goes out while draws are left out. */
static void test_present_not_predicated(void)
{
    static struct harness h;
    static struct packet_list pl;
    struct aerocmd_umd_texture2d_desc bd =
        texture_desc(8, 8, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_present_desc d;
    struct aerocmd_umd_present_allocations allocs;
    struct commands c;
    struct aerocmd_umd_query *q;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    open_commands(&h, &c);
    bd.misc_flags = AEROCMD_UMD_MISC_PRESENTABLE;
    q = kit_query(&h, AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE);
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, q), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_predication(h.ctx, q, 0), AEROCMD_OK);
    memset(&d, 0, sizeof d);
    d.src = kit_texture(&h, &bd, NULL);
    d.sync_interval = 1;
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &d, &allocs), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_PRESENT) + packet_count(&pl, AEROGPU_CMD_PRESENT_EX),
             1u);
    kit_close(&h);
}

int main(void)
{
    check_predicate(AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE, 0);
    check_predicate(AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE_STREAM0 + 2u, 0);
    check_predicate(AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE, 1);
    test_every_command();
    test_not_a_predicate();
    test_present_not_predicated();
    return check_finish();
}
