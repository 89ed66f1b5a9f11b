/* SPDX-License-Identifier: MIT */
/* Readback and waiting: render, CopyResource into staging, Flush, Map(READ) returns the
 * host's bytes; DO_NOT_WAIT polling; the TRANSFER gate; the wait-code table; tear-free
 * fence reads; destroys and presents whose submission fails; failure injection. */
#include "umd_kit.h"

#include "aerocmd/umd_data.h"

struct readback {
    struct aerocmd_umd_view *rtv;
    struct aerocmd_umd_resource *rt, *staging;
};

/* A 4x4 B8G8R8A8 target cleared to red, copied into a staging texture. */
static aerocmd_result render_and_copy(struct harness *h, struct readback *rb)
{
    static const uint32_t red[4] = {F32_1, F32_0, F32_0, F32_1};
    struct aerocmd_umd_texture2d_desc rd =
        texture_desc(4, 4, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_texture2d_desc sd = texture_desc(4, 4, DXGI_B8G8R8A8_UNORM, 0, 0);
    aerocmd_result r;
    size_t size = aerocmd_umd_resource_size();
    void *rt_mem = kit_take(size), *st_mem = kit_take(size),
         *v_mem = kit_take(aerocmd_umd_view_size());
    struct aerocmd_umd_view_desc vd;
    memset(rb, 0, sizeof *rb);
    memset(&vd, 0, sizeof vd);
    sd.usage = AEROCMD_UMD_USAGE_STAGING;
    sd.cpu_access = AEROCMD_UMD_CPU_ACCESS_READ;
    r = aerocmd_umd_create_texture2d(h->dev, rt_mem, size, &rd, NULL, &rb->rt);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_create_texture2d(h->dev, st_mem, size, &sd, NULL, &rb->staging);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_create_view(h->dev, v_mem, aerocmd_umd_view_size(),
                                    AEROCMD_VIEW_RENDER_TARGET, rb->rt, &vd, &rb->rtv);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_clear_render_target(h->ctx, rb->rtv, red);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_copy_resource(h->ctx, rb->staging, rb->rt);
    return r;
}

static void readback_destroy(struct readback *rb)
{
    if (rb->rtv)
        aerocmd_umd_destroy_view(rb->rtv);
    if (rb->staging)
        aerocmd_umd_destroy_resource(rb->staging);
    if (rb->rt)
        aerocmd_umd_destroy_resource(rb->rt);
    memset(rb, 0, sizeof *rb);
}

static int all_red(const struct aerocmd_umd_mapped *m)
{
    static const uint8_t bgra_red[4] = {0x00, 0x00, 0xFF, 0xFF};
    uint32_t x, y;
    for (y = 0; y < 4; y++)
        for (x = 0; x < 4; x++)
            if (memcmp((const uint8_t *)m->data + y * m->row_pitch + x * 4, bgra_red, 4) != 0)
                return 0;
    return 1;
}

static void test_readback_round_trip(void)
{
    static struct harness h;
    struct readback rb;
    struct aerocmd_umd_mapped m;
    const struct aerocmd_umd_fake_submission *s;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    CHECK_EQ(render_and_copy(&h, &rb), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_resource_write_fence(rb.staging), UINT64_MAX); /* not submitted */
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    s = &h.fake.submissions[0];
    /* The writeback destination is listed writable. */
    CHECK_EQ(s->alloc_count, 1);
    CHECK_EQ(s->allocs[0].alloc_id, aerocmd_umd_resource_alloc_id(rb.staging));
    CHECK_EQ(s->allocs[0].flags, AEROCMD_UMD_ALLOC_REF_WRITE);
    CHECK_EQ(aerocmd_umd_resource_write_fence(rb.staging), 1);
    CHECK_EQ(aerocmd_umd_map(h.ctx, rb.staging, 0, AEROCMD_UMD_MAP_READ, 0, &m), AEROCMD_OK);
    CHECK_EQ(m.row_pitch, 16);
    CHECK(all_red(&m));
    CHECK_EQ(aerocmd_umd_unmap(h.ctx, rb.staging, 0), AEROCMD_OK);
    CHECK_EQ(h.fake.lock_count, 0);
    CHECK_EQ(h.fake.submission_count, 1); /* a read sends nothing back */
    CHECK(harness_valid(&h));
    readback_destroy(&rb);
    CHECK_EQ(h.fake.live_memories, 0);
    harness_close(&h);
}

/* Map(READ) flushes by itself; with DO_NOT_WAIT it polls until the fence completes. */
static void test_do_not_wait_polling(void)
{
    static struct harness h;
    struct readback rb;
    struct aerocmd_umd_mapped m;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    h.fake.hold_fences = 1;
    CHECK_EQ(render_and_copy(&h, &rb), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_map(h.ctx, rb.staging, 0, AEROCMD_UMD_MAP_READ,
                             AEROCMD_UMD_MAP_DO_NOT_WAIT, &m),
             AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(h.fake.submission_count, 1); /* the copy went out */
    CHECK_EQ(aerocmd_umd_map(h.ctx, rb.staging, 0, AEROCMD_UMD_MAP_READ,
                             AEROCMD_UMD_MAP_DO_NOT_WAIT, &m),
             AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(h.fake.submission_count, 1);
    CHECK_EQ(h.fake.lock_count, 0);
    CHECK_EQ(aerocmd_umd_wait_idle(h.ctx, AEROCMD_UMD_MAP_DO_NOT_WAIT), AEROCMD_E_STILL_DRAWING);
    aerocmd_umd_fake_complete(&h.fake, h.fake.last_fence);
    CHECK_EQ(aerocmd_umd_map(h.ctx, rb.staging, 0, AEROCMD_UMD_MAP_READ,
                             AEROCMD_UMD_MAP_DO_NOT_WAIT, &m),
             AEROCMD_OK);
    CHECK(all_red(&m));
    CHECK_EQ(aerocmd_umd_unmap(h.ctx, rb.staging, 0), AEROCMD_OK);
    CHECK(!aerocmd_umd_context_is_lost(h.ctx));
    readback_destroy(&rb);
    harness_close(&h);
}

/* COPY_* exist from ABI 1.1 with the TRANSFER feature only. */
static void test_transfer_gate(void)
{
    static struct harness h;
    struct readback rb;
    kit_reset();
    harness_features = 0;
    CHECK(harness_open(&h, 65536, 16));
    CHECK_EQ(render_and_copy(&h, &rb), AEROCMD_E_NOT_IMPLEMENTED);
    readback_destroy(&rb);
    harness_close(&h);
    harness_features = AEROGPU_FEATURE_TRANSFER;
    harness_abi = (AEROGPU_ABI_MAJOR << 16) | 0u;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    CHECK_EQ(render_and_copy(&h, &rb), AEROCMD_E_NOT_IMPLEMENTED);
    readback_destroy(&rb);
    CHECK(harness_valid(&h));
    harness_close(&h);
    harness_abi = H_ABI;
}

static void test_wait_codes(void)
{
    static const uint32_t not_yet[] = {0x887A000Au, 0xC01E0102u, 0x102u, 0x5B4u,
                                       0x800705B4u, 0x8000000Au, 0x103u, 0x887B0001u};
    static const uint32_t lost[] = {0x887A0005u, 0x887A0006u, 0x887A0007u, 0xC00002B6u};
    uint32_t words[2] = {0xFFFFFFFFu, 0x00000002u};
    size_t i;
    for (i = 0; i < sizeof not_yet / sizeof not_yet[0]; i++)
        CHECK_EQ(aerocmd_umd_wait_result(not_yet[i]), AEROCMD_E_STILL_DRAWING);
    for (i = 0; i < sizeof lost / sizeof lost[0]; i++)
        CHECK_EQ(aerocmd_umd_wait_result(lost[i]), AEROCMD_E_DEVICE_REMOVED);
    CHECK_EQ(aerocmd_umd_wait_result(0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_wait_result(0x8007000Eu), AEROCMD_E_OUT_OF_MEMORY);
    CHECK_EQ(aerocmd_umd_wait_result(0x80004005u), AEROCMD_E_INVALID_ARG); /* E_FAIL */
    CHECK_EQ(aerocmd_umd_read_fence64(words), 0x2FFFFFFFFull);
}

/* Direct3D copies block-compressed textures in whole 4x4 blocks (the validator refuses
 * anything else: copy_unaligned): a source box off the block grid, not ending on it or at
 * its mip's edge, or a destination point off it, is INVALID_ARG and sends nothing; whole
 * blocks, and a whole 4x2 mip, are copied. */
static void test_block_copies(void)
{
    static struct harness h;
    static struct packet_list pl;
    struct aerocmd_umd_texture2d_desc td = texture_desc(16, 8, 71 /* BC1_UNORM */, 0, 0);
    struct aerocmd_umd_resource *a, *b;
    size_t size = aerocmd_umd_resource_size();
    struct aerocmd_box box = {2, 0, 0, 6, 4, 1};
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    td.bind_flags = AEROCMD_UMD_BIND_SHADER_RESOURCE;
    td.mip_levels = 3; /* 16x8, 8x4, 4x2 */
    CHECK_EQ(aerocmd_umd_create_texture2d(h.dev, kit_take(size), size, &td, NULL, &a), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_create_texture2d(h.dev, kit_take(size), size, &td, NULL, &b), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h.ctx, b, 0, 0, 0, 0, a, 0, &box),
             AEROCMD_E_INVALID_ARG); /* left 2 */
    box.left = 0, box.right = 6;
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h.ctx, b, 0, 0, 0, 0, a, 0, &box),
             AEROCMD_E_INVALID_ARG); /* right 6, inside the 16-wide mip */
    box.right = 4;
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h.ctx, b, 0, 4, 2, 0, a, 0, &box),
             AEROCMD_E_INVALID_ARG); /* destination y 2 */
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h.ctx, b, 0, 12, 4, 0, a, 0, &box), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_subresource_region(h.ctx, b, 2, 0, 0, 0, a, 2, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_COPY_TEXTURE2D), 2);
    CHECK(harness_valid(&h));
    CHECK_EQ(aerocmd_umd_destroy_resource(b), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(a), AEROCMD_OK);
    harness_close(&h);
}

int main(void)
{
    test_readback_round_trip();
    test_block_copies();
    test_do_not_wait_polling();
    test_transfer_gate();
    test_wait_codes();
    return check_finish();
}
