/* SPDX-License-Identifier: MIT */
/* Dynamic vertex and index buffers: what a draw reads is on the host when it executes, and
 * nothing else is sent (umd_stale.c).
 *
 * The expectations are Direct3D's, kept by the test itself: an array `app` mirrors every
 * byte the application put in a buffer (initial data, then each write through Map). At
 * every draw the fake host calls back, and the bytes the draw reads (its vertices'
 * elements, per the input layout, from the host's copy of the bound buffer) must equal
 * `app` there. Bytes written by Map(WRITE_DISCARD) before a draw count; bytes not written
 * since a DISCARD are undefined, so draws here only read what was written after one. The
 * traffic is counted from the UPLOAD_RESOURCE packets of the recorded submissions. */
#include "umd_kit.h"

#include "aerocmd/umd_data.h"

#define RING_BYTES          4096u
#define STRIDE              32u
#define ELEM_BYTES          28u /* the kit's layout: POSITION float3, then COLOR float4 at 12 */
#define DXGI_R16_UINT       57u
#define DXGI_R32_UINT_INDEX 42u
#define D3D_TRIANGLESTRIP   5u

static uint8_t app[2][RING_BYTES]; /* what the application wrote, per vertex-buffer slot */
static uint32_t app_handle[2];
static uint32_t app_stride[2] = {STRIDE, STRIDE};
static uint32_t app_elem[2] = {ELEM_BYTES, ELEM_BYTES}; /* bytes of one vertex the layout reads */
static uint32_t draws_seen, bad_reads;
static uint32_t expect_instances; /* per-instance slot 1: elements [0, n) read at each draw */

static const uint8_t *host_of(const struct aerocmd_umd_fake *f, uint32_t handle)
{
    const struct aerocmd_umd_fake_resource *r = aerocmd_umd_fake_resource(f, handle);
    return r != NULL ? r->bytes : NULL;
}

/* The vertices [first, first + count) of slot 0 as the host holds them equal `app`. */
static void check_vertices(const struct aerocmd_umd_fake *f, uint64_t first, uint64_t count)
{
    const uint8_t *host = host_of(f, app_handle[0]);
    uint64_t v;
    for (v = first; v < first + count; v++) {
        uint64_t at = f->ia.vb_offset[0] + v * app_stride[0];
        if (host == NULL || at + app_elem[0] > RING_BYTES ||
            memcmp(host + at, app[0] + at, app_elem[0]) != 0)
            bad_reads++;
    }
}

static uint32_t index_of(const struct aerocmd_umd_fake *f, const uint8_t *ib, uint32_t i)
{
    if (f->ia.ib_format == AEROGPU_INDEX_FORMAT_UINT32) {
        uint32_t v;
        memcpy(&v, ib + f->ia.ib_offset + i * 4u, 4);
        return v;
    }
    {
        uint16_t v;
        memcpy(&v, ib + f->ia.ib_offset + i * 2u, 2);
        return v;
    }
}

/* The fake host's draw callback: the draw's vertices (through the host's own index
 * buffer for indexed draws) must hold what the application wrote. */
static void on_draw(void *user, const struct aerocmd_umd_fake *f, const void *packet)
{
    struct aerogpu_cmd_hdr hdr;
    uint32_t i;
    (void)user;
    memcpy(&hdr, packet, sizeof hdr);
    draws_seen++;
    if (hdr.opcode == AEROGPU_CMD_DRAW) {
        struct aerogpu_cmd_draw d;
        memcpy(&d, packet, sizeof d);
        check_vertices(f, d.first_vertex, d.vertex_count);
    } else {
        struct aerogpu_cmd_draw_indexed d;
        const uint8_t *ib = host_of(f, f->ia.ib_handle);
        memcpy(&d, packet, sizeof d);
        for (i = 0; ib != NULL && i < d.index_count; i++) {
            uint32_t v = index_of(f, ib, d.first_index + i);
            if (v != 0xFFFFu || f->ia.ib_format != AEROGPU_INDEX_FORMAT_UINT16)
                check_vertices(f, (uint64_t)((int64_t)v + d.base_vertex), 1);
        }
        if (ib == NULL)
            bad_reads++;
    }
    /* Per-instance elements of slot 1. */
    for (i = 0; i < expect_instances; i++) {
        const uint8_t *host = host_of(f, app_handle[1]);
        uint32_t at = f->ia.vb_offset[1] + i * app_stride[1];
        if (host == NULL || memcmp(host + at, app[1] + at, app_elem[1]) != 0)
            bad_reads++;
    }
}

/* Payload bytes of every UPLOAD_RESOURCE to `handle` recorded so far. */
static uint64_t uploaded(const struct harness *h, uint32_t handle)
{
    static struct packet_list pl;
    uint64_t total = 0;
    uint32_t i;
    collect_packets(&h->fake, &pl);
    for (i = 0; i < pl.count; i++) {
        const struct aerogpu_cmd_upload_resource *u;
        if (pl.opcode[i] != AEROGPU_CMD_UPLOAD_RESOURCE)
            continue;
        u = AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_upload_resource, AEROGPU_CMD_UPLOAD_RESOURCE);
        if (u != NULL && u->resource_handle == handle)
            total += u->size_bytes;
    }
    return total;
}

static void start(struct harness *h, uint32_t buffer_bytes)
{
    kit_reset();
    memset(app, 0, sizeof app);
    draws_seen = bad_reads = expect_instances = 0;
    app_stride[0] = app_stride[1] = STRIDE;
    app_elem[0] = app_elem[1] = ELEM_BYTES;
    CHECK(harness_open(h, buffer_bytes, 16));
    h->fake.on_draw = on_draw;
}

/* Dynamic buffers keep a shadow from the device's allocator: finish() destroys them. */
static struct aerocmd_umd_resource *dynamics[4];
static uint32_t dynamic_count;

static struct aerocmd_umd_resource *dynamic_vb(struct harness *h, uint32_t bind, const void *init)
{
    struct aerocmd_umd_buffer_desc bd = buffer_desc(RING_BYTES, bind, 0);
    struct aerocmd_umd_resource *res;
    bd.usage = AEROCMD_UMD_USAGE_DYNAMIC;
    bd.cpu_access = AEROCMD_UMD_CPU_ACCESS_WRITE;
    res = kit_buffer(h, &bd, init);
    if (res != NULL && CHECK(dynamic_count < 4u))
        dynamics[dynamic_count++] = res;
    return res;
}

static void finish(struct harness *h)
{
    while (dynamic_count > 0)
        CHECK_EQ(aerocmd_umd_destroy_resource(dynamics[--dynamic_count]), AEROCMD_OK);
    kit_close(h);
}

/* The basic pipeline with `vb` in slot 0 at STRIDE. */
static void bind_ring(struct harness *h, struct aerocmd_umd_resource *vb)
{
    uint32_t stride = STRIDE, offset = 0;
    kit_bind_basic(h, vb, kit_target(h, 64, 64), NULL);
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h->ctx, 0, 1, &vb, &stride, &offset), AEROCMD_OK);
    app_handle[0] = aerocmd_umd_resource_handle(vb);
}

/* Map, write `len` bytes of `seed` pattern at `at` (mirrored in app[slot]), Unmap. */
static void write_through_map(struct harness *h, struct aerocmd_umd_resource *res, uint32_t slot,
                              enum aerocmd_umd_map_type type, uint32_t at, uint32_t len,
                              uint8_t seed)
{
    struct aerocmd_umd_mapped m;
    uint32_t i;
    if (!CHECK_EQ(aerocmd_umd_map(h->ctx, res, 0, type, 0, &m), AEROCMD_OK))
        return;
    for (i = 0; i < len; i++)
        app[slot][at + i] = (uint8_t)(seed + i * 7u);
    memcpy((uint8_t *)m.data + at, app[slot] + at, len);
    CHECK_EQ(aerocmd_umd_unmap(h->ctx, res, 0), AEROCMD_OK);
}

/* A vertex ring: NO_OVERWRITE writes of 3 vertices at the next offset, one draw each. Every
 * draw sees its vertices; each upload carries at most the draw's span (2 strides and one
 * element), never the buffer. */
static void test_ring(void)
{
    static struct harness h;
    struct aerocmd_umd_resource *vb;
    uint32_t k, n = RING_BYTES / (3u * STRIDE);
    start(&h, 65536);
    vb = dynamic_vb(&h, AEROCMD_UMD_BIND_VERTEX_BUFFER, NULL);
    bind_ring(&h, vb);
    for (k = 0; k < n; k++) {
        write_through_map(
            &h, vb, 0, k == 0 ? AEROCMD_UMD_MAP_WRITE_DISCARD : AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE,
            k * 3u * STRIDE, 3u * STRIDE, (uint8_t)(k * 13u + 1u));
        CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, k * 3u), AEROCMD_OK);
    }
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(draws_seen, n);
    CHECK_EQ(bad_reads, 0);
    CHECK_EQ(uploaded(&h, app_handle[0]), (uint64_t)n * (2u * STRIDE + ELEM_BYTES));
    /* Drawing the last vertices again, with no Map in between, sends nothing more. */
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, (n - 1u) * 3u), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(uploaded(&h, app_handle[0]), (uint64_t)n * (2u * STRIDE + ELEM_BYTES));
    CHECK_EQ(bad_reads, 0);
    CHECK(harness_valid(&h));
    CHECK_EQ(h.fake.host_faults, 0);
    finish(&h);
}

/* Vertices written by an earlier Map and drawn only after later Maps wrote elsewhere; bytes
 * that were never written since creation keep the initial data. */
static void test_late_draw_and_untouched_bytes(void)
{
    static struct harness h;
    static uint8_t init[RING_BYTES];
    struct aerocmd_umd_resource *vb;
    uint32_t i;
    start(&h, 65536);
    for (i = 0; i < RING_BYTES; i++)
        init[i] = (uint8_t)(i * 31u + 5u);
    memcpy(app[0], init, RING_BYTES);
    vb = dynamic_vb(&h, AEROCMD_UMD_BIND_VERTEX_BUFFER, init);
    bind_ring(&h, vb);
    write_through_map(&h, vb, 0, AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE, 0, 48, 0x40);
    write_through_map(&h, vb, 0, AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE, 480, 48, 0x80);
    write_through_map(&h, vb, 0, AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE, 960, 48, 0xC0);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);   /* the first write */
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 9, 30), AEROCMD_OK);  /* the second + untouched ones */
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 6, 100), AEROCMD_OK); /* untouched since creation */
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 60), AEROCMD_OK);  /* the third */
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(draws_seen, 4);
    CHECK_EQ(bad_reads, 0);
    CHECK(harness_valid(&h));
    finish(&h);
}

/* Indexed draws. A dynamic index buffer is in the CPU's hands, so the vertices it names
 * are known (base vertex applied, strip cuts skipped): only they travel. A static index
 * buffer's indices are only on the host: every stale byte goes before the draw. */
static void test_indexed(void)
{
    static struct harness h;
    static const uint16_t strip[6] = {4, 2, 0xFFFF, 9, 3, 5};
    static const uint32_t list[3] = {1, 7, 2};
    struct aerocmd_umd_resource *vb, *ib_dyn, *ib_static;
    struct aerocmd_umd_buffer_desc bd = buffer_desc(sizeof list, AEROCMD_UMD_BIND_INDEX_BUFFER, 0);
    struct aerocmd_umd_mapped m;
    uint64_t before;
    start(&h, 65536);
    vb = dynamic_vb(&h, AEROCMD_UMD_BIND_VERTEX_BUFFER, NULL);
    bind_ring(&h, vb);
    ib_dyn = dynamic_vb(&h, AEROCMD_UMD_BIND_INDEX_BUFFER, NULL);
    ib_static = kit_buffer(&h, &bd, list);
    /* Strip with a cut through the dynamic index buffer, base vertex 20. */
    CHECK_EQ(aerocmd_umd_map(h.ctx, ib_dyn, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m), AEROCMD_OK);
    memcpy((uint8_t *)m.data + 64, strip, sizeof strip);
    CHECK_EQ(aerocmd_umd_unmap(h.ctx, ib_dyn, 0), AEROCMD_OK);
    write_through_map(&h, vb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 22 * STRIDE, 8 * STRIDE, 0x11);
    CHECK_EQ(aerocmd_umd_set_topology(h.ctx, D3D_TRIANGLESTRIP), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_index_buffer(h.ctx, ib_dyn, DXGI_R16_UINT, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_indexed(h.ctx, 6, 32, 20), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    /* Vertices 22..29 (indices 2..9 + 20) as 8 strides less the last one's padding, and
     * the 12 index bytes. */
    CHECK_EQ(uploaded(&h, app_handle[0]), 7u * STRIDE + ELEM_BYTES);
    CHECK_EQ(uploaded(&h, aerocmd_umd_resource_handle(ib_dyn)), sizeof strip);
    /* A static index buffer: the whole stale span of the vertex buffer. */
    write_through_map(&h, vb, 0, AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE, 40 * STRIDE, 8 * STRIDE, 0x55);
    before = uploaded(&h, app_handle[0]);
    CHECK_EQ(aerocmd_umd_set_topology(h.ctx, D3D_TRIANGLELIST), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_index_buffer(h.ctx, ib_static, DXGI_R32_UINT_INDEX, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_indexed(h.ctx, 3, 0, 40), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(uploaded(&h, app_handle[0]) - before, RING_BYTES);
    CHECK_EQ(draws_seen, 2);
    CHECK_EQ(bad_reads, 0);
    CHECK(harness_valid(&h));
    finish(&h);
}

/* Per-instance data in slot 1 with step rate 2: DrawInstanced(3 vertices, 5 instances)
 * reads instance elements 0..2. */
static void test_instanced(void)
{
    static struct harness h;
    struct aerocmd_umd_input_layout *il = NULL;
    struct aerocmd_input_element el[2];
    struct aerocmd_umd_resource *vb, *inst;
    uint32_t stride = STRIDE, offset = 0;
    void *mem;
    start(&h, 65536);
    vb = dynamic_vb(&h, AEROCMD_UMD_BIND_VERTEX_BUFFER, NULL);
    inst = dynamic_vb(&h, AEROCMD_UMD_BIND_VERTEX_BUFFER, NULL);
    bind_ring(&h, vb);
    memset(el, 0, sizeof el);
    el[0].semantic_name = "POSITION";
    el[0].dxgi_format = DXGI_R32G32B32_FLOAT;
    el[1].semantic_name = "TEXCOORD";
    el[1].dxgi_format = DXGI_R32G32B32_FLOAT;
    el[1].input_slot = 1;
    el[1].input_slot_class = 1;
    el[1].instance_data_step_rate = 2;
    app_elem[0] = app_elem[1] = 12; /* this layout's elements */
    mem = kit_take(aerocmd_umd_input_layout_size());
    CHECK_EQ(
        aerocmd_umd_create_input_layout(h.dev, mem, aerocmd_umd_input_layout_size(), el, 2, &il),
        AEROCMD_OK);
    aerocmd_umd_set_input_layout(h.ctx, il);
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h.ctx, 1, 1, &inst, &stride, &offset), AEROCMD_OK);
    app_handle[1] = aerocmd_umd_resource_handle(inst);
    write_through_map(&h, vb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, 3 * STRIDE, 0x21);
    write_through_map(&h, inst, 1, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, 3 * STRIDE, 0x61);
    expect_instances = 3;
    CHECK_EQ(aerocmd_umd_draw_instanced(h.ctx, 3, 5, 0, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(uploaded(&h, app_handle[1]), 2u * STRIDE + 12u);
    CHECK_EQ(draws_seen, 1);
    CHECK_EQ(bad_reads, 0);
    CHECK(harness_valid(&h));
    finish(&h);
}

/* A buffer bound in a slot the layout does not read, then read after a layout change; and
 * a copy out of a stale buffer (the copy sees every byte the application wrote). */
static void test_rebinding_and_copy(void)
{
    static struct harness h;
    struct aerocmd_umd_resource *vb, *other, *dst;
    struct aerocmd_umd_buffer_desc bd = buffer_desc(RING_BYTES, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    uint32_t stride = STRIDE, offset = 0;
    const uint8_t *host;
    start(&h, 65536);
    vb = dynamic_vb(&h, AEROCMD_UMD_BIND_VERTEX_BUFFER, NULL);
    other = dynamic_vb(&h, AEROCMD_UMD_BIND_VERTEX_BUFFER, NULL);
    bind_ring(&h, other);
    write_through_map(&h, vb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, 6 * STRIDE, 0x31);
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h.ctx, 3, 1, &vb, &stride, &offset), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 0, 0), AEROCMD_OK); /* reads nothing of vb */
    CHECK_EQ(aerocmd_umd_set_vertex_buffers(h.ctx, 0, 1, &vb, &stride, &offset), AEROCMD_OK);
    app_handle[0] = aerocmd_umd_resource_handle(vb);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 3), AEROCMD_OK);
    dst = kit_buffer(&h, &bd, NULL);
    write_through_map(&h, vb, 0, AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE, 1000, 100, 0x71);
    CHECK_EQ(aerocmd_umd_copy_resource(h.ctx, dst, vb), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    host = host_of(&h.fake, aerocmd_umd_resource_handle(dst));
    CHECK(host != NULL && memcmp(host, app[0], RING_BYTES) == 0);
    CHECK_EQ(bad_reads, 0);
    CHECK(harness_valid(&h));
    /* A stale buffer destroyed: nothing more to send, nothing left to look for. */
    write_through_map(&h, vb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, 16, 0x02);
    CHECK_EQ(aerocmd_umd_destroy_resource(vb), AEROCMD_OK);
    dynamics[0] = dynamics[--dynamic_count]; /* vb was the first; the other stays listed */
    h.fake.on_draw = NULL;                   /* nothing bound to look at */
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.host_faults, 0);
    CHECK(harness_valid(&h));
    finish(&h);
}

/* Command buffers of 1 KiB (the scene shaders need that much): uploads and draws split
 * across many submissions, every draw still sees its bytes. */
static void test_small_buffers(void)
{
    static struct harness h;
    struct aerocmd_umd_resource *vb;
    uint32_t k;
    start(&h, 1024);
    vb = dynamic_vb(&h, AEROCMD_UMD_BIND_VERTEX_BUFFER, NULL);
    bind_ring(&h, vb);
    for (k = 0; k < RING_BYTES / (6u * STRIDE); k++) {
        write_through_map(&h, vb, 0, AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE, k * 6u * STRIDE,
                          6u * STRIDE, (uint8_t)(k + 3u));
        CHECK_EQ(aerocmd_umd_draw(h.ctx, 6, k * 6u), AEROCMD_OK);
    }
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK(h.fake.submission_count > 4);
    CHECK_EQ(draws_seen, RING_BYTES / (6u * STRIDE));
    CHECK_EQ(bad_reads, 0);
    CHECK(harness_valid(&h));
    finish(&h);
}

/* Unmap with the written range named (aerocmd_umd_unmap_range) still sends it at once. */
static void test_named_range(void)
{
    static struct harness h;
    struct aerocmd_umd_resource *vb;
    struct aerocmd_umd_mapped m;
    start(&h, 65536);
    vb = dynamic_vb(&h, AEROCMD_UMD_BIND_VERTEX_BUFFER, NULL);
    bind_ring(&h, vb);
    CHECK_EQ(aerocmd_umd_map(h.ctx, vb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m), AEROCMD_OK);
    memset((uint8_t *)m.data + 100, 0xEE, 10);
    memset(app[0] + 100, 0xEE, 10);
    CHECK_EQ(aerocmd_umd_unmap_range(h.ctx, vb, 0, 100, 10), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(uploaded(&h, app_handle[0]), 12);
    CHECK(memcmp(host_of(&h.fake, app_handle[0]) + 100, app[0] + 100, 10) == 0);
    finish(&h);
}

int main(void)
{
    test_ring();
    test_late_draw_and_untouched_bytes();
    test_indexed();
    test_instanced();
    test_rebinding_and_copy();
    test_small_buffers();
    test_named_range();
    return check_finish();
}
