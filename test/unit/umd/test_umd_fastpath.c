/* SPDX-License-Identifier: MIT */
/* The draw paths the benchmarks time: common state packets written in one reservation,
 * the single-test draw, target stamping across submissions, uploads kept whole, and the
 * fake's recycling mode. Exact packets are checked field by field. */
#include "aerocmd/umd_data.h"
#include "umd_kit.h"

#define TRY(expr)                                                                                  \
    do {                                                                                           \
        aerocmd_result try_r_ = (expr);                                                            \
        if (try_r_ != AEROCMD_OK)                                                                  \
            return try_r_;                                                                         \
    } while (0)

static uint64_t sem_mem[8192];
static uint8_t reference[65536];
static uint8_t split[65536];

static int all_valid(const struct harness *h)
{
    struct aerocmd_semantic sem;
    if (aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem) != AEROCMD_OK)
        return 0;
    return validate_submissions(&h->fake, &sem) == 0;
}

static struct aerocmd_umd_resource *cbuffer(struct harness *h, uint32_t size, uint32_t usage)
{
    struct aerocmd_umd_buffer_desc d = buffer_desc(size, AEROCMD_UMD_BIND_CONSTANT_BUFFER, 0);
    d.usage = usage;
    d.cpu_access = usage == AEROCMD_UMD_USAGE_DYNAMIC ? AEROCMD_UMD_CPU_ACCESS_WRITE : 0u;
    return kit_buffer(h, &d, NULL);
}

static void check_constant_packet(const struct aerocmd_packet *p, uint32_t stage, uint32_t slot,
                                  uint32_t handle, uint32_t size)
{
    const struct aerogpu_cmd_set_constant_buffers *c =
        (const struct aerogpu_cmd_set_constant_buffers *)p->bytes;
    const struct aerogpu_constant_buffer_binding *b =
        (const struct aerogpu_constant_buffer_binding *)(p->bytes + sizeof *c);
    if (!CHECK_EQ(p->opcode, AEROGPU_CMD_SET_CONSTANT_BUFFERS))
        return;
    CHECK_EQ(p->size_bytes, sizeof *c + sizeof *b);
    CHECK_EQ(c->shader_stage, stage);
    CHECK_EQ(c->start_slot, slot);
    CHECK_EQ(c->buffer_count, 1);
    CHECK_EQ(c->reserved0, 0);
    CHECK_EQ(b->buffer, handle);
    CHECK_EQ(b->offset_bytes, 0);
    CHECK_EQ(b->size_bytes, size);
    CHECK_EQ(b->reserved0, 0);
}

struct common_state_buffers {
    struct aerocmd_umd_resource *vb, *vb2, *ib, *cb_vs, *cb_ps;
};

/* The buffers, and a first draw (flushed) that binds the basic state. */
static void create_buffers_and_setup_draw(struct harness *h, struct common_state_buffers *bufs)
{
    struct aerocmd_umd_buffer_desc ibd = buffer_desc(12, AEROCMD_UMD_BIND_INDEX_BUFFER, 0);
    bufs->vb = kit_triangle_vb(h);
    bufs->vb2 = kit_triangle_vb(h);
    bufs->ib = kit_buffer(h, &ibd, NULL);
    bufs->cb_vs = cbuffer(h, 250, 0); /* bound whole: rounded up to 252 */
    bufs->cb_ps = cbuffer(h, 64, 0);
    kit_bind_basic(h, bufs->vb, kit_target(h, 64, 64), NULL);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
}

static void change_state_and_draw_then_rebind_and_draw(struct harness *h,
                                                       struct common_state_buffers *bufs)
{
    struct aerocmd_umd_resource *vbs[3];
    uint32_t strides[3] = {12, 0, 16}, offsets[3] = {4, 0, 8};
    vbs[0] = bufs->vb2;
    vbs[1] = NULL;
    vbs[2] = bufs->vb;
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h->ctx, 1, 3, vbs, strides, offsets), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_index_buffer(h->ctx, bufs->ib, DXGI_R16_UINT, 2), AEROCMD_OK);
    CHECK_EQ(
        aerocmd_umd_set_constant_buffers(h->ctx, AEROCMD_SHADER_PS, 0, 1, &bufs->cb_ps, NULL, NULL),
        AEROCMD_OK);
    CHECK_EQ(
        aerocmd_umd_set_constant_buffers(h->ctx, AEROCMD_SHADER_VS, 2, 1, &bufs->cb_vs, NULL, NULL),
        AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_indexed_instanced(h->ctx, 3, 2, 1, -1, 7), AEROCMD_OK);
    /* The same bindings again: nothing but the draw. */
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h->ctx, 1, 3, vbs, strides, offsets), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_index_buffer(h->ctx, bufs->ib, DXGI_R16_UINT, 2), AEROCMD_OK);
    CHECK_EQ(
        aerocmd_umd_set_constant_buffers(h->ctx, AEROCMD_SHADER_VS, 2, 1, &bufs->cb_vs, NULL, NULL),
        AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_indexed(h->ctx, 3, 0, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
}

static void check_vertex_buffers_packet(const struct aerocmd_packet *p,
                                        const struct common_state_buffers *bufs)
{
    const struct aerogpu_cmd_set_vertex_buffers *svb =
        (const struct aerogpu_cmd_set_vertex_buffers *)p->bytes;
    const struct aerogpu_vertex_buffer_binding *b =
        (const struct aerogpu_vertex_buffer_binding *)(p->bytes + sizeof *svb);
    CHECK_EQ(p->opcode, AEROGPU_CMD_SET_VERTEX_BUFFERS);
    CHECK_EQ(p->size_bytes, sizeof *svb + 3 * sizeof *b);
    CHECK_EQ(svb->start_slot, 1);
    CHECK_EQ(svb->buffer_count, 3);
    CHECK_EQ(b[0].buffer, aerocmd_umd_resource_handle(bufs->vb2));
    CHECK_EQ(b[0].stride_bytes, 12);
    CHECK_EQ(b[0].offset_bytes, 4);
    CHECK_EQ(b[1].buffer, 0); /* NULL binds zeros whatever the stride and offset say */
    CHECK_EQ(b[1].stride_bytes, 0);
    CHECK_EQ(b[2].buffer, aerocmd_umd_resource_handle(bufs->vb));
    CHECK_EQ(b[2].stride_bytes, 16);
    CHECK_EQ(b[2].offset_bytes, 8);
    CHECK_EQ(b[2].reserved0, 0);
}

static void check_draw_indexed_packet(const struct aerocmd_packet *p)
{
    const struct aerogpu_cmd_draw_indexed *di = (const struct aerogpu_cmd_draw_indexed *)p->bytes;
    CHECK_EQ(p->opcode, AEROGPU_CMD_DRAW_INDEXED);
    CHECK_EQ(p->size_bytes, sizeof *di);
    CHECK_EQ(di->index_count, 3);
    CHECK_EQ(di->instance_count, 2);
    CHECK_EQ(di->first_index, 1);
    CHECK_EQ(di->base_vertex, -1);
    CHECK_EQ(di->first_instance, 7);
}

/* Vertex buffers (a range with a gap), index buffer and VS / PS constant buffers changed
 * between two draws: one packet each, in that order, then the draw; identical re-binds
 * afterwards send the draw alone. */
static void test_common_state_packets(void)
{
    static struct harness h;
    static struct packet_list pl;
    struct common_state_buffers bufs;
    const struct aerocmd_packet *p;
    uint32_t at;

    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    create_buffers_and_setup_draw(&h, &bufs);
    change_state_and_draw_then_rebind_and_draw(&h, &bufs);
    CHECK(all_valid(&h));

    /* The second submission: everything since the setup draw. */
    collect_packets(&h.fake, &pl);
    for (at = 0; at < pl.count && pl.submission[at] == 0; at++)
        ;
    if (!CHECK_EQ(h.fake.submission_count, 2) || !CHECK_EQ(pl.count - at, 6))
        return;
    p = &pl.packet[at];
    check_vertex_buffers_packet(&p[0], &bufs);
    CHECK_EQ(p[1].opcode, AEROGPU_CMD_SET_INDEX_BUFFER);
    /* Bit order, not call order: VS before PS. */
    check_constant_packet(&p[2], AEROGPU_SHADER_STAGE_VERTEX, 2,
                          aerocmd_umd_resource_handle(bufs.cb_vs), 252);
    check_constant_packet(&p[3], AEROGPU_SHADER_STAGE_PIXEL, 0,
                          aerocmd_umd_resource_handle(bufs.cb_ps), 64);
    check_draw_indexed_packet(&p[4]);
    CHECK_EQ(p[5].opcode, AEROGPU_CMD_DRAW_INDEXED);
    kit_close(&h);
}

/* Direct3D 11 has 32 vertex-buffer slots (D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT): the
 * last binds and draws, a call unbinding all 32 (ClearState) is accepted, slot 32 is not.
 * (The driver took only D3D10's 16 and refused every call naming slot 16 or above, even to
 * unbind: a replayed command list lost its vertex buffers.) */
static void test_d3d11_vertex_slots(void)
{
    static struct harness h;
    static struct packet_list pl;
    struct aerocmd_umd_resource *vb, *none[32];
    const struct aerogpu_cmd_set_vertex_buffers *svb = NULL;
    uint32_t stride = 12, offset = 0, strides[32] = {0}, offsets[32] = {0}, i;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    vb = kit_triangle_vb(&h);
    kit_bind_basic(&h, vb, kit_target(&h, 16, 16), NULL);
    memset(none, 0, sizeof none);
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h.ctx, 0, 32, none, strides, offsets), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h.ctx, 31, 1, &vb, &stride, &offset), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h.ctx, 32, 1, &vb, &stride, &offset),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_set_vertex_buffer(h.ctx, 32, vb, stride, offset), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK(all_valid(&h));
    collect_packets(&h.fake, &pl);
    for (i = 0; i < pl.count; i++)
        if (pl.packet[i].opcode == AEROGPU_CMD_SET_VERTEX_BUFFERS)
            svb = (const struct aerogpu_cmd_set_vertex_buffers *)pl.packet[i].bytes;
    if (CHECK(svb != NULL)) {
        const struct aerogpu_vertex_buffer_binding *b =
            (const struct aerogpu_vertex_buffer_binding *)(svb + 1);
        CHECK_EQ(svb->start_slot + svb->buffer_count, 32);
        CHECK_EQ(b[svb->buffer_count - 1u].buffer, aerocmd_umd_resource_handle(vb));
    }
    kit_close(&h);
}

/* Draws with changing state, run once through a roomy buffer and once through buffers
 * that hold a few packets: the packets are the same bytes whichever path wrote them. */
static aerocmd_result churn(struct harness *h, size_t *len, uint8_t *out, size_t cap)
{
    struct aerocmd_umd_buffer_desc ibd = buffer_desc(12, AEROCMD_UMD_BIND_INDEX_BUFFER, 0);
    struct aerocmd_umd_resource *vb[2], *cb[2];
    struct aerocmd_umd_view *rt[2];
    uint32_t stride = 12, offset = 0, i;
    kit_reset();
    TRY(aerocmd_umd_set_index_buffer(h->ctx, kit_buffer(h, &ibd, NULL), DXGI_R16_UINT, 0));
    vb[0] = kit_triangle_vb(h);
    vb[1] = kit_triangle_vb(h);
    cb[0] = cbuffer(h, 64, 0);
    cb[1] = cbuffer(h, 128, 0);
    rt[0] = kit_target(h, 32, 32);
    rt[1] = kit_target(h, 16, 16);
    kit_bind_basic(h, vb[0], rt[0], NULL);
    for (i = 0; i < 60; i++) {
        enum aerocmd_shader_kind stage = (enum aerocmd_shader_kind)(i % 2u);
        /* The array entries and the one-slot ones the driver calls, by turns. */
        if (i % 6u < 3u) {
            TRY(aerocmd_umd_set_vertex_buffers(h->ctx, i % 3u, 1, &vb[i & 1u], &stride, &offset));
            TRY(aerocmd_umd_set_constant_buffers(h->ctx, stage, i % 5u, 1, &cb[(i / 2u) & 1u], NULL,
                                                 NULL));
        } else {
            TRY(aerocmd_umd_set_vertex_buffer(h->ctx, i % 3u, vb[i & 1u], stride, offset));
            TRY(aerocmd_umd_set_constant_buffer(h->ctx, stage, i % 5u, cb[(i / 2u) & 1u]));
        }
        if (i % 10u == 9u) /* two slots changed, one unchanged between them */
            TRY(aerocmd_umd_set_vertex_buffer(h->ctx, (i % 3u) ^ 2u, vb[(i & 1u) ^ 1u], 16, 4));
        if (i % 7u == 0)
            TRY(aerocmd_umd_set_render_targets(h->ctx, 1, &rt[(i / 7u) & 1u], NULL));
        TRY(i % 4u == 3 ? aerocmd_umd_draw_indexed(h->ctx, 3, 0, 0)
                        : aerocmd_umd_draw(h->ctx, 3, i));
    }
    TRY(aerocmd_umd_flush(h->ctx));
    *len = concat_packets(&h->fake, out, cap);
    return AEROCMD_OK;
}

static void test_paths_agree_across_splits(void)
{
    static struct harness h;
    size_t ref_len = 0, len = 0;
    uint32_t cap, first;
    CHECK(harness_open(&h, 65536, 16));
    CHECK_EQ(churn(&h, &ref_len, reference, sizeof reference), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, 1);
    CHECK(ref_len > 60u * 24u);
    CHECK(all_valid(&h));
    kit_close(&h);
    /* From the header plus the largest packet (a shader's create) up. */
    first = (24u + largest_packet(reference, ref_len) + 3u) & ~3u;
    /* Every 4-byte position of the buffer's end within a few draws' worth of packets. */
    for (cap = first; cap <= first + 240; cap += 4) {
        CHECK(harness_open(&h, cap, 16));
        CHECK_EQ(churn(&h, &len, split, sizeof split), AEROCMD_OK);
        CHECK(h.fake.submission_count > 3);
        CHECK_EQ(len, ref_len);
        CHECK(memcmp(split, reference, ref_len) == 0);
        CHECK(all_valid(&h));
        kit_close(&h);
    }
}

/* A draw stamps the bound targets with the open command buffer; after every submission
 * the next draw stamps again, also when nothing else changed. */
static void test_targets_stamped_per_buffer(void)
{
    static struct harness h;
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(16, 16, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_resource *ta, *tb;
    struct aerocmd_umd_view *b;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    ta = kit_texture(&h, &td, NULL);
    tb = kit_texture(&h, &td, NULL);
    b = kit_view(&h, AEROCMD_VIEW_RENDER_TARGET, tb);
    kit_bind_basic(&h, kit_triangle_vb(&h), kit_view(&h, AEROCMD_VIEW_RENDER_TARGET, ta), NULL);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_resource_write_fence(ta), UINT64_MAX);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_resource_write_fence(ta), 1);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_resource_write_fence(ta), UINT64_MAX);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_resource_write_fence(ta), 2);
    CHECK_EQ(aerocmd_umd_set_render_targets(h.ctx, 1, &b, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_resource_write_fence(tb), UINT64_MAX);
    CHECK_EQ(aerocmd_umd_resource_write_fence(ta), 2);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_resource_write_fence(tb), 3);
    kit_close(&h);
}

/* Map / write / Unmap of a 256-byte dynamic constant buffer through 400-byte command
 * buffers: each upload that would not fit the rest of a buffer starts a new one instead
 * of being cut in two, and the host ends up with the last contents. */
static void test_small_uploads_kept_whole(void)
{
    static struct harness h;
    static struct packet_list pl;
    struct aerocmd_umd_resource *cb;
    const struct aerocmd_umd_fake_resource *host;
    uint32_t words[64], i, uploads = 0;
    kit_reset();
    CHECK(harness_open(&h, 400, 16));
    cb = cbuffer(&h, sizeof words, AEROCMD_UMD_USAGE_DYNAMIC);
    kit_bind_basic(&h, kit_triangle_vb(&h), kit_target(&h, 16, 16), NULL);
    CHECK_EQ(aerocmd_umd_set_constant_buffers(h.ctx, AEROCMD_SHADER_VS, 0, 1, &cb, NULL, NULL),
             AEROCMD_OK);
    for (i = 0; i < 10; i++) {
        struct aerocmd_umd_mapped m;
        uint32_t w;
        for (w = 0; w < 64; w++)
            words[w] = i * 1000u + w;
        if (!CHECK_EQ(aerocmd_umd_map(h.ctx, cb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m),
                      AEROCMD_OK))
            break;
        CHECK_EQ(m.row_pitch, sizeof words);
        CHECK_EQ(m.depth_pitch, sizeof words);
        memcpy(m.data, words, sizeof words);
        CHECK_EQ(aerocmd_umd_unmap(h.ctx, cb, 0), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    }
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK(all_valid(&h));
    CHECK_EQ(h.fake.host_faults, 0);
    collect_packets(&h.fake, &pl);
    for (i = 0; i < pl.count; i++) {
        const struct aerogpu_cmd_upload_resource *u =
            (const struct aerogpu_cmd_upload_resource *)pl.packet[i].bytes;
        if (pl.opcode[i] != AEROGPU_CMD_UPLOAD_RESOURCE ||
            u->resource_handle != aerocmd_umd_resource_handle(cb))
            continue;
        uploads++;
        CHECK_EQ(u->offset_bytes, 0);
        CHECK_EQ(u->size_bytes, sizeof words);
    }
    CHECK_EQ(uploads, 10);
    host = aerocmd_umd_fake_resource(&h.fake, aerocmd_umd_resource_handle(cb));
    if (CHECK(host != NULL))
        CHECK(memcmp(host->bytes, words, sizeof words) == 0);
    CHECK_EQ(aerocmd_umd_destroy_resource(cb), AEROCMD_OK); /* frees the CPU shadow */
    kit_close(&h);
}

/* Recycling: submissions are counted, not recorded, and fences still advance. */
static void test_fake_recycles(void)
{
    static struct harness h;
    uint64_t fence;
    uint32_t i;
    uint32_t setup;
    kit_reset();
    CHECK(harness_open(&h, 1024, 16));
    kit_bind_basic(&h, kit_triangle_vb(&h), kit_target(&h, 16, 16), NULL);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    fence = aerocmd_umd_last_fence(h.ctx);
    setup = h.fake.submission_count; /* the creates take more than one buffer */
    CHECK(setup >= 1);
    h.fake.recycle = 1;
    for (i = 0; i < 1000; i++)
        CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, i), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, setup);
    CHECK_EQ(h.fake.recycled_bytes, 1000u * 24u);
    /* 1000 bytes of room per buffer hold 41 draws: 25 buffers. */
    CHECK_EQ(h.fake.recycled_submissions, 25);
    CHECK_EQ(aerocmd_umd_last_fence(h.ctx), fence + 25u);
    CHECK_EQ(h.fake.last_fence, fence + 25u);
    kit_close(&h);
}

/* A memory callback answering DEVICE_REMOVED loses the context like any other. */
static void test_removed_by_memory_callbacks(void)
{
    static struct harness h;
    struct aerocmd_umd_buffer_desc bd = buffer_desc(64, AEROCMD_UMD_BIND_VERTEX_BUFFER, 1);
    struct aerocmd_umd_resource *res = NULL;
    size_t size = aerocmd_umd_resource_size();
    uint32_t which;
    for (which = 1; which <= 2; which++) { /* 1: allocate_memory, 2: lock_memory */
        kit_reset();
        CHECK(harness_open(&h, 65536, 16));
        h.fake.fail_at = h.fake.fallible_calls + which;
        h.fake.fail_with = AEROCMD_E_DEVICE_REMOVED;
        CHECK_EQ(aerocmd_umd_create_buffer(h.dev, kit_take(size), size, &bd, sem_mem, &res),
                 AEROCMD_E_DEVICE_REMOVED);
        CHECK(aerocmd_umd_context_is_lost(h.ctx));
        CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_E_DEVICE_REMOVED);
        CHECK_EQ(h.fake.live_memories, 0);
        kit_close(&h);
    }
}

int main(void)
{
    test_common_state_packets();
    test_d3d11_vertex_slots();
    test_paths_agree_across_splits();
    test_targets_stamped_per_buffer();
    test_small_uploads_kept_whole();
    test_fake_recycles();
    test_removed_by_memory_callbacks();
    return check_finish();
}
