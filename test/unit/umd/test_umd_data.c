/* SPDX-License-Identifier: MIT */
/* Data paths through the fake host: Map/Unmap, UpdateSubresourceUP, copies and readback,
 * fence waits. Bytes are checked in the fake's model of the host and of guest memory. */
#include "umd_kit.h"

#include "aerocmd/umd_data.h"

static struct packet_list pl;

static const uint8_t *host_bytes(const struct harness *h, const struct aerocmd_umd_resource *res)
{
    const struct aerocmd_umd_fake_resource *r =
        aerocmd_umd_fake_resource(&h->fake, aerocmd_umd_resource_handle(res));
    return r != NULL ? r->bytes : NULL;
}

/* The last packet of the recorded submissions with this opcode, NULL if none. */
static const struct aerocmd_packet *last_packet(const struct harness *h, uint32_t opcode)
{
    uint32_t i;
    collect_packets(&h->fake, &pl);
    for (i = pl.count; i-- > 0;)
        if (pl.opcode[i] == opcode)
            return &pl.packet[i];
    return NULL;
}

static struct aerocmd_umd_resource *dynamic_buffer(struct harness *h, uint32_t size)
{
    struct aerocmd_umd_buffer_desc bd = buffer_desc(size, AEROCMD_UMD_BIND_CONSTANT_BUFFER, 0);
    bd.usage = AEROCMD_UMD_USAGE_DYNAMIC;
    bd.cpu_access = AEROCMD_UMD_CPU_ACCESS_WRITE;
    return kit_buffer(h, &bd, NULL);
}

static void check_upload(const struct harness *h, uint64_t offset, uint64_t size)
{
    const struct aerocmd_packet *p = last_packet(h, AEROGPU_CMD_UPLOAD_RESOURCE);
    const struct aerogpu_cmd_upload_resource *u =
        p != NULL ? AEROCMD_VIEW(p, aerogpu_cmd_upload_resource, AEROGPU_CMD_UPLOAD_RESOURCE)
                  : NULL;
    if (CHECK(u != NULL)) {
        CHECK_EQ(u->offset_bytes, offset);
        CHECK_EQ(u->size_bytes, size);
    }
}

static void test_dynamic_buffer_map(void)
{
    static struct harness h;
    struct aerocmd_umd_resource *cb;
    struct aerocmd_umd_mapped m;
    uint8_t want[64];
    uint32_t i;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    cb = dynamic_buffer(&h, 64);
    CHECK_EQ(aerocmd_umd_map(h.ctx, cb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m), AEROCMD_OK);
    CHECK_EQ(m.row_pitch, 64);
    CHECK_EQ(m.depth_pitch, 64);
    for (i = 0; i < 64; i++)
        want[i] = (uint8_t)i;
    memcpy(m.data, want, 64);
    CHECK_EQ(aerocmd_umd_map(h.ctx, cb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m),
             AEROCMD_E_INVALID_ARG); /* already mapped */
    CHECK_EQ(aerocmd_umd_unmap(h.ctx, cb, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    check_upload(&h, 0, 64); /* DISCARD without a range: the whole buffer */
    CHECK(host_bytes(&h, cb) != NULL && memcmp(host_bytes(&h, cb), want, 64) == 0);
    /* NO_OVERWRITE with a known range: only that range, widened to 4-byte units. */
    CHECK_EQ(aerocmd_umd_map(h.ctx, cb, 0, AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE, 0, &m), AEROCMD_OK);
    memset((uint8_t *)m.data + 10, 0xAA, 3);
    memset(want + 10, 0xAA, 3);
    CHECK_EQ(aerocmd_umd_unmap_range(h.ctx, cb, 0, 10, 3), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    check_upload(&h, 8, 8);
    CHECK(memcmp(host_bytes(&h, cb), want, 64) == 0);
    /* Direct3D's map rules. */
    CHECK_EQ(aerocmd_umd_unmap(h.ctx, cb, 0), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_map(h.ctx, cb, 0, AEROCMD_UMD_MAP_READ, 0, &m), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_map(h.ctx, cb, 0, AEROCMD_UMD_MAP_WRITE, 0, &m), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_map(h.ctx, cb, 1, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m),
             AEROCMD_E_INVALID_ARG);
    CHECK(harness_valid(&h));
    CHECK_EQ(h.dev_alloc.live_blocks, 1); /* the shadow */
    CHECK_EQ(aerocmd_umd_destroy_resource(cb), AEROCMD_OK);
    CHECK_EQ(h.dev_alloc.live_blocks, 0);
    harness_close(&h);
}

static struct aerocmd_umd_texture2d_desc staging_desc(uint32_t w, uint32_t hgt, uint32_t fmt)
{
    struct aerocmd_umd_texture2d_desc td = texture_desc(w, hgt, fmt, 0, 0);
    td.usage = AEROCMD_UMD_USAGE_STAGING;
    td.cpu_access = AEROCMD_UMD_CPU_ACCESS_READ | AEROCMD_UMD_CPU_ACCESS_WRITE;
    return td;
}

static void check_dirty(const struct harness *h, uint64_t offset, uint64_t size)
{
    const struct aerocmd_packet *p = last_packet(h, AEROGPU_CMD_RESOURCE_DIRTY_RANGE);
    const struct aerogpu_cmd_resource_dirty_range *d =
        p != NULL
            ? AEROCMD_VIEW(p, aerogpu_cmd_resource_dirty_range, AEROGPU_CMD_RESOURCE_DIRTY_RANGE)
            : NULL;
    if (CHECK(d != NULL)) {
        CHECK_EQ(d->offset_bytes, offset);
        CHECK_EQ(d->size_bytes, size);
    }
}

/* Map(WRITE) of mip 2, layer 1 of a staging texture: pitches from the layout, and a dirty
 * range of exactly that subresource's bytes. */
static void test_texture_subresource_map(void)
{
    static struct harness h;
    struct aerocmd_umd_texture2d_desc td = staging_desc(16, 16, DXGI_R8G8B8A8_UNORM);
    struct aerocmd_texture_layout_desc ld;
    struct aerocmd_subresource_layout sub;
    struct aerocmd_umd_resource *tex;
    struct aerocmd_umd_mapped m;
    const struct aerocmd_umd_fake_submission *s;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    td.mip_levels = 3;
    td.array_size = 2;
    tex = kit_texture(&h, &td, NULL);
    CHECK(aerocmd_umd_resource_alloc_id(tex) != 0); /* staging is always guest-backed */
    memset(&ld, 0, sizeof ld);
    ld.format = aerocmd_umd_resource_format(tex);
    ld.width = ld.height = 16;
    ld.mip_levels = 3;
    ld.array_layers = 2;
    CHECK_EQ(aerocmd_texture_subresource(&ld, 5, &sub, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_map(h.ctx, tex, 5, AEROCMD_UMD_MAP_WRITE, 0, &m), AEROCMD_OK);
    CHECK_EQ(m.row_pitch, 16);
    CHECK_EQ(m.depth_pitch, 64);
    memset(m.data, 0x5A, 64);
    CHECK_EQ(aerocmd_umd_unmap(h.ctx, tex, 5), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    check_dirty(&h, sub.offset_bytes, 64);
    s = &h.fake.submissions[h.fake.submission_count - 1];
    CHECK_EQ(s->alloc_count, 1);
    CHECK_EQ(s->allocs[0].alloc_id, aerocmd_umd_resource_alloc_id(tex));
    /* Subresource 5 is the last one: the texture ends right after it. */
    CHECK_EQ(aerocmd_umd_fake_resource(&h.fake, aerocmd_umd_resource_handle(tex))->size_bytes,
             sub.offset_bytes + 64);
    CHECK(host_bytes(&h, tex) != NULL && host_bytes(&h, tex)[sub.offset_bytes] == 0x5A &&
          host_bytes(&h, tex)[sub.offset_bytes + 63] == 0x5A &&
          host_bytes(&h, tex)[sub.offset_bytes - 1] == 0);
    CHECK(harness_valid(&h));
    harness_close(&h);
}

/* Checks that texel rows [y0, y0 + rows) of `sub` hold `row_bytes` of src per row from x. */
static int texels_match(const uint8_t *host, const struct aerocmd_subresource_layout *sub,
                        uint32_t x_bytes, uint32_t y0, uint32_t rows, const uint8_t *src,
                        uint32_t src_pitch, uint32_t row_bytes)
{
    uint32_t y;
    for (y = 0; host != NULL && y < rows; y++)
        if (memcmp(host + sub->offset_bytes + (y0 + y) * sub->row_pitch_bytes + x_bytes,
                   src + y * src_pitch, row_bytes) != 0)
            return 0;
    return host != NULL;
}

/* UpdateSubresourceUP of a 2x2 box at (1,1) of mip 2, layer 1, source pitch 12 (padded). */
static void update_mip2_layer1(uint32_t backed)
{
    static struct harness h;
    static const uint8_t src[20] = {1,    2,    3, 4,  5,  6,  7,  8,  0xEE, 0xEE,
                                    0xEE, 0xEE, 9, 10, 11, 12, 13, 14, 15,   16};
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(16, 16, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, backed);
    struct aerocmd_box box = {1, 1, 0, 3, 3, 1};
    struct aerocmd_texture_layout_desc ld;
    struct aerocmd_subresource_layout sub;
    struct aerocmd_umd_resource *tex;
    uint32_t begin = 0, end = 0;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    td.mip_levels = 3;
    td.array_size = 2;
    tex = kit_texture(&h, &td, NULL);
    CHECK_EQ(aerocmd_umd_update_subresource(h.ctx, tex, 2 + 1 * 3, &box, src, 12, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    memset(&ld, 0, sizeof ld);
    ld.format = aerocmd_umd_resource_format(tex);
    ld.width = ld.height = 16;
    ld.mip_levels = 3;
    ld.array_layers = 2;
    CHECK_EQ(aerocmd_texture_subresource(&ld, 5, &sub, NULL), AEROCMD_OK);
    CHECK(texels_match(host_bytes(&h, tex), &sub, 4, 1, 2, src, 12, 8));
    CHECK_EQ(host_bytes(&h, tex)[sub.offset_bytes + 1 * 16 + 0], 0); /* left of the box */
    if (backed) {
        CHECK_EQ(aerocmd_texture_box_range(&ld, 5, &box, &begin, &end, NULL), AEROCMD_OK);
        check_dirty(&h, begin, end - begin);
    } else {
        check_upload(&h, sub.offset_bytes + 2 * 16 + 4, 8); /* the second row */
    }
    CHECK(harness_valid(&h));
    harness_close(&h);
}

static void test_update_texture_box(void)
{
    update_mip2_layer1(1);
    update_mip2_layer1(0);
}

/* BC1 8x8 (2x2 blocks of 8 bytes): the right column of blocks; and a B8G8R8X8 texture. */
static void test_update_bc_and_x8(void)
{
    static struct harness h;
    static const uint8_t blocks[16] = {1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2};
    static const uint32_t texels[16] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88,
                                        0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF, 0x100};
    struct aerocmd_umd_texture2d_desc bc =
        texture_desc(8, 8, DXGI_BC1_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_texture2d_desc x8 =
        texture_desc(4, 4, DXGI_B8G8R8X8, AEROCMD_UMD_BIND_SHADER_RESOURCE, 1);
    struct aerocmd_box box = {4, 0, 0, 8, 8, 1};
    struct aerocmd_umd_resource *bct, *x8t;
    const uint8_t *host;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    bct = kit_texture(&h, &bc, NULL);
    x8t = kit_texture(&h, &x8, NULL);
    CHECK_EQ(aerocmd_umd_update_subresource(h.ctx, bct, 0, &box, blocks, 8, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_update_subresource(h.ctx, x8t, 0, NULL, texels, 16, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    host = host_bytes(&h, bct);
    if (CHECK(host != NULL)) { /* block row pitch 16: blocks (1,0) and (1,1) */
        CHECK(memcmp(host + 8, blocks, 8) == 0);
        CHECK(memcmp(host + 24, blocks + 8, 8) == 0);
        CHECK_EQ(host[0], 0);
    }
    CHECK(host_bytes(&h, x8t) != NULL && memcmp(host_bytes(&h, x8t), texels, 64) == 0);
    CHECK_EQ(aerocmd_umd_resource_format(x8t), AEROGPU_FORMAT_B8G8R8X8_UNORM);
    CHECK(harness_valid(&h));
    harness_close(&h);
}

static void test_update_buffer(void)
{
    static struct harness h;
    static const uint8_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    struct aerocmd_umd_buffer_desc hb = buffer_desc(32, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_buffer_desc gb = buffer_desc(32, AEROCMD_UMD_BIND_VERTEX_BUFFER, 1);
    struct aerocmd_box box = {8, 0, 0, 16, 1, 1}, odd = {3, 0, 0, 5, 1, 1};
    struct aerocmd_umd_resource *host_owned, *backed;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    host_owned = kit_buffer(&h, &hb, NULL);
    backed = kit_buffer(&h, &gb, NULL);
    CHECK_EQ(aerocmd_umd_update_subresource(h.ctx, host_owned, 0, &box, data, 0, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    check_upload(&h, 8, 8);
    CHECK_EQ(aerocmd_umd_update_subresource(h.ctx, backed, 0, &odd, data, 0, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    check_dirty(&h, 3, 2);
    CHECK(host_bytes(&h, host_owned) != NULL &&
          memcmp(host_bytes(&h, host_owned) + 8, data, 8) == 0);
    CHECK(host_bytes(&h, backed) != NULL && host_bytes(&h, backed)[3] == 1 &&
          host_bytes(&h, backed)[4] == 2 && host_bytes(&h, backed)[5] == 0);
    /* Unaligned bytes of a host-owned buffer without a shadow cannot be expressed. */
    CHECK_EQ(aerocmd_umd_update_subresource(h.ctx, host_owned, 0, &odd, data, 0, 0),
             AEROCMD_E_NOT_IMPLEMENTED);
    CHECK(harness_valid(&h));
    harness_close(&h);
}

int main(void)
{
    test_dynamic_buffer_map();
    test_texture_subresource_map();
    test_update_texture_box();
    test_update_bc_and_x8();
    test_update_buffer();
    return check_finish();
}
