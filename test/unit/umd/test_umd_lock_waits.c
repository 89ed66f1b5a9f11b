/* SPDX-License-Identifier: MIT */
/* CPU waits the Windows 7 way: with AEROCMD_UMD_CB_LOCK_WAITS the lock of guest memory is
 * what waits for the GPU (the fake's win7_locks mode plays the video memory manager), and
 * with AEROCMD_UMD_CB_OS_THROTTLES_PRESENT presents never wait. Staging readback, writes
 * into memory the GPU still reads, UpdateSubresource, UAV clears and indirect arguments go
 * through the lock; wait_fence is never called; the streams are byte-identical to those of
 * the default fake; failures of any callback on the way are reported and leak nothing. */
#include "umd_kit.h"

#include "aerocmd/umd_compute.h"
#include "aerocmd/umd_data.h"

#define D3DERR_WASSTILLDRAWING 0x8876021Cu
#define BGRA_RED               0xFFFF0000u

/* ---- a harness whose fake plays Windows 7 ----------------------------------------------- */

enum lw_mode {
    LW_DEFAULT = 0,
    LW_WIN7 = 1,       /* win7_locks */
    LW_NO_WAIT_CB = 2, /* and wait_fence removed from the table */
    LW_RECORD = 4      /* lock flags recorded in lock_flags_seen */
};

static uint32_t lock_flags_seen[16];
static uint32_t lock_calls_seen;
static aerocmd_result (*fake_lock_memory)(void *, const struct aerocmd_umd_memory *, uint32_t,
                                          void **);

static aerocmd_result recording_lock(void *user, const struct aerocmd_umd_memory *memory,
                                     uint32_t flags, void **cpu)
{
    if (lock_calls_seen < 16)
        lock_flags_seen[lock_calls_seen] = flags;
    lock_calls_seen++;
    return fake_lock_memory(user, memory, flags, cpu);
}

/* harness_open with the fake's mode chosen before its callback table is taken. */
static int lw_open(struct harness *h, unsigned mode, int hold_fences)
{
    if (!harness_open_fake(h, 65536, 16))
        return 0;
    h->fake.win7_locks = (mode & LW_WIN7) != 0;
    h->fake.hold_fences = hold_fences;
    aerocmd_umd_fake_callbacks(&h->fake, &h->cb);
    if (mode & LW_NO_WAIT_CB)
        h->cb.wait_fence = NULL;
    if (mode & LW_RECORD) {
        fake_lock_memory = h->cb.lock_memory;
        h->cb.lock_memory = recording_lock;
        lock_calls_seen = 0;
    }
    return harness_open_device(h);
}

/* ---- objects ----------------------------------------------------------------------------- */

static struct aerocmd_umd_resource *staging_texture(struct harness *h, uint32_t cpu_access)
{
    struct aerocmd_umd_texture2d_desc d = texture_desc(4, 4, DXGI_B8G8R8A8_UNORM, 0, 0);
    d.usage = AEROCMD_UMD_USAGE_STAGING;
    d.cpu_access = cpu_access;
    return kit_texture(h, &d, NULL);
}

static struct aerocmd_umd_resource *staging_buffer(struct harness *h, uint32_t size)
{
    struct aerocmd_umd_buffer_desc d = buffer_desc(size, 0, 0);
    d.usage = AEROCMD_UMD_USAGE_STAGING;
    d.cpu_access = AEROCMD_UMD_CPU_ACCESS_READ;
    return kit_buffer(h, &d, NULL);
}

static uint32_t word_at(const void *p)
{
    uint32_t w;
    memcpy(&w, p, 4);
    return w;
}

/* The fake host's copy of res holds `want` at byte `offset`. */
static void expect_host_word(const struct harness *h, const struct aerocmd_umd_resource *res,
                             uint32_t offset, uint32_t want)
{
    const struct aerocmd_umd_fake_resource *fr =
        aerocmd_umd_fake_resource(&h->fake, aerocmd_umd_resource_handle(res));
    if (CHECK(fr != NULL))
        CHECK_EQ(word_at(fr->bytes + offset), want);
}

static int texels_are(const struct aerocmd_umd_mapped *m, uint32_t bgra)
{
    uint32_t x, y;
    for (y = 0; y < 4; y++)
        for (x = 0; x < 4; x++)
            if (word_at((const uint8_t *)m->data + y * m->row_pitch + x * 4) != bgra)
                return 0;
    return 1;
}

/* A 4x4 target cleared to red and copied into `staging` (the copy stays in the open
 * buffer). */
static void red_into(struct harness *h, struct aerocmd_umd_resource *staging)
{
    static const uint32_t red[4] = {F32_1, F32_0, F32_0, F32_1};
    struct aerocmd_umd_texture2d_desc d =
        texture_desc(4, 4, DXGI_B8G8R8A8_UNORM, AEROCMD_UMD_BIND_RENDER_TARGET, 0);
    struct aerocmd_umd_resource *rt = kit_texture(h, &d, NULL);
    CHECK_EQ(
        aerocmd_umd_clear_render_target(h->ctx, kit_view(h, AEROCMD_VIEW_RENDER_TARGET, rt), red),
        AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_resource(h->ctx, staging, rt), AEROCMD_OK);
}

/* ---- readback ------------------------------------------------------------------------------ */

/* Map(READ, DO_NOT_WAIT) submits the copy and polls through the lock; Map(READ) lets the
 * lock wait and sees the host's bytes. No fence wait anywhere. */
static void test_staging_texture_readback(void)
{
    static struct harness h;
    struct aerocmd_umd_resource *st;
    struct aerocmd_umd_mapped m;
    kit_reset();
    CHECK(lw_open(&h, LW_WIN7 | LW_RECORD, 1));
    CHECK_EQ(h.cb.flags, AEROCMD_UMD_CB_LOCK_WAITS | AEROCMD_UMD_CB_OS_THROTTLES_PRESENT);
    st = staging_texture(&h, AEROCMD_UMD_CPU_ACCESS_READ);
    red_into(&h, st);
    CHECK_EQ(h.fake.submission_count, 0);
    lock_calls_seen = 0;
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_READ, AEROCMD_UMD_MAP_DO_NOT_WAIT, &m),
             AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(h.fake.submission_count, 1); /* the copy went out before the lock */
    CHECK_EQ(lock_calls_seen, 1);
    CHECK_EQ(lock_flags_seen[0], AEROCMD_UMD_LOCK_DO_NOT_WAIT);
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_READ, AEROCMD_UMD_MAP_DO_NOT_WAIT, &m),
             AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(h.fake.submission_count, 1);
    CHECK_EQ(h.fake.lock_still_drawing, 2);
    CHECK_EQ(h.fake.lock_count, 0);
    CHECK_EQ(h.fake.completed_fence, 0);
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_READ, 0, &m), AEROCMD_OK);
    CHECK_EQ(lock_calls_seen, 3);
    CHECK_EQ(lock_flags_seen[2], 0);
    CHECK_EQ(h.fake.lock_waits, 1);
    CHECK_EQ(h.fake.completed_fence, 1);
    CHECK_EQ(m.row_pitch, 16);
    CHECK(texels_are(&m, BGRA_RED));
    CHECK_EQ(aerocmd_umd_unmap(h.ctx, st, 0), AEROCMD_OK);
    /* Done now: the poll succeeds without waiting. */
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_READ, AEROCMD_UMD_MAP_DO_NOT_WAIT, &m),
             AEROCMD_OK);
    CHECK(texels_are(&m, BGRA_RED));
    CHECK_EQ(aerocmd_umd_unmap(h.ctx, st, 0), AEROCMD_OK);
    CHECK_EQ(h.fake.lock_waits, 1);
    CHECK_EQ(h.fake.wait_fence_calls, 0);
    CHECK_EQ(h.fake.lock_count, 0);
    CHECK_EQ(h.fake.submission_count, 1);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* A buffer copied into a STAGING buffer; the host completes it while the CPU polls. */
static void test_staging_buffer_readback(void)
{
    static struct harness h;
    static const uint32_t words[4] = {0x11111111u, 0x22222222u, 0x33333333u, 0x44444444u};
    struct aerocmd_umd_buffer_desc bd = buffer_desc(16, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *src, *st;
    struct aerocmd_umd_mapped m;
    kit_reset();
    CHECK(lw_open(&h, LW_WIN7, 1));
    src = kit_buffer(&h, &bd, words);
    st = staging_buffer(&h, 16);
    CHECK_EQ(aerocmd_umd_copy_resource(h.ctx, st, src), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_READ, AEROCMD_UMD_MAP_DO_NOT_WAIT, &m),
             AEROCMD_E_STILL_DRAWING);
    aerocmd_umd_fake_complete(&h.fake, h.fake.last_fence); /* the host finished */
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_READ, AEROCMD_UMD_MAP_DO_NOT_WAIT, &m),
             AEROCMD_OK);
    CHECK_EQ(memcmp(m.data, words, sizeof words), 0);
    CHECK_EQ(aerocmd_umd_unmap(h.ctx, st, 0), AEROCMD_OK);
    CHECK_EQ(h.fake.lock_waits, 0);
    CHECK_EQ(h.fake.lock_still_drawing, 1);
    CHECK_EQ(h.fake.wait_fence_calls, 0);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* Without the flags the lock gets no flags and the fence wait polls, as before. */
static void test_default_mode_unchanged(void)
{
    static struct harness h;
    struct aerocmd_umd_resource *st;
    struct aerocmd_umd_mapped m;
    kit_reset();
    CHECK(lw_open(&h, LW_DEFAULT | LW_RECORD, 1));
    CHECK_EQ(h.cb.flags, 0);
    st = staging_texture(&h, AEROCMD_UMD_CPU_ACCESS_READ);
    red_into(&h, st);
    lock_calls_seen = 0;
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_READ, AEROCMD_UMD_MAP_DO_NOT_WAIT, &m),
             AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(h.fake.wait_fence_calls, 1);
    CHECK_EQ(lock_calls_seen, 0);
    aerocmd_umd_fake_complete(&h.fake, h.fake.last_fence);
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_READ, AEROCMD_UMD_MAP_DO_NOT_WAIT, &m),
             AEROCMD_OK);
    CHECK_EQ(lock_calls_seen, 1);
    CHECK_EQ(lock_flags_seen[0], 0);
    CHECK(texels_are(&m, BGRA_RED));
    CHECK_EQ(aerocmd_umd_unmap(h.ctx, st, 0), AEROCMD_OK);
    CHECK_EQ(h.fake.lock_waits, 0);
    CHECK_EQ(h.fake.lock_still_drawing, 0);
    kit_close(&h);
}

/* ---- writes into memory the GPU still reads ------------------------------------------------- */

/* Map(WRITE) of a staging texture that a submitted copy still reads (its bytes reach the
 * host through a dirty range the host has not consumed yet): the poll says STILL_DRAWING,
 * the blocking map waits in the lock; the copy's destination keeps the old bytes and the
 * staging texture's host copy gets the new ones. */
static void test_staging_write_while_gpu_reads(void)
{
    static struct harness h;
    struct aerocmd_umd_texture2d_desc dd = texture_desc(4, 4, DXGI_B8G8R8A8_UNORM, 0, 0);
    struct aerocmd_umd_resource *st, *dst;
    struct aerocmd_umd_mapped m;
    uint32_t before;
    uint64_t waits;
    kit_reset();
    CHECK(lw_open(&h, LW_WIN7, 1));
    st = staging_texture(&h, AEROCMD_UMD_CPU_ACCESS_READ | AEROCMD_UMD_CPU_ACCESS_WRITE);
    dst = kit_texture(&h, &dd, NULL);
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_WRITE, 0, &m), AEROCMD_OK);
    memset(m.data, 0x11, 64);
    CHECK_EQ(aerocmd_umd_unmap(h.ctx, st, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_resource(h.ctx, dst, st), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    before = h.fake.submission_count;
    waits = h.fake.lock_waits; /* the first map waited for the creates */
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_WRITE, AEROCMD_UMD_MAP_DO_NOT_WAIT, &m),
             AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_WRITE, 0, &m), AEROCMD_OK);
    CHECK_EQ(h.fake.lock_waits, waits + 1);
    CHECK_EQ(h.fake.completed_fence, h.fake.last_fence);
    memset(m.data, 0x22, 64);
    CHECK_EQ(aerocmd_umd_unmap(h.ctx, st, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, before + 1); /* the dirty range */
    expect_host_word(&h, dst, 60, 0x11111111u);
    expect_host_word(&h, st, 60, 0x22222222u);
    CHECK_EQ(h.fake.wait_fence_calls, 0);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* UpdateSubresource into a guest-backed buffer while the host has not yet read the bytes
 * of the previous update (its dirty range is submitted, not complete): the second update
 * waits in the lock, and the host sees each update's bytes in turn. */
static void test_update_guest_backed(void)
{
    static struct harness h;
    static const uint32_t first[4] = {1, 2, 3, 4}, second[2] = {0xAAAAAAAAu, 0xBBBBBBBBu};
    static const uint32_t third = 0xCCCCCCCCu;
    struct aerocmd_umd_buffer_desc backed = buffer_desc(16, AEROCMD_UMD_BIND_VERTEX_BUFFER, 1);
    struct aerocmd_box box = {4, 0, 0, 12, 1, 1}, last = {12, 0, 0, 16, 1, 1};
    struct aerocmd_umd_resource *vb;
    kit_reset();
    CHECK(lw_open(&h, LW_WIN7, 1));
    vb = kit_buffer(&h, &backed, first);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    aerocmd_umd_fake_complete(&h.fake, h.fake.last_fence);
    CHECK_EQ(aerocmd_umd_update_subresource(h.ctx, vb, 0, &box, second, 0, 0), AEROCMD_OK);
    CHECK_EQ(h.fake.lock_waits, 0); /* the create is done */
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    expect_host_word(&h, vb, 4, 0xAAAAAAAAu);
    CHECK_EQ(aerocmd_umd_update_subresource(h.ctx, vb, 0, &last, &third, 0, 0), AEROCMD_OK);
    CHECK_EQ(h.fake.lock_waits, 1);
    CHECK_EQ(h.fake.completed_fence, h.fake.last_fence);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    expect_host_word(&h, vb, 0, 1);
    expect_host_word(&h, vb, 4, 0xAAAAAAAAu);
    expect_host_word(&h, vb, 8, 0xBBBBBBBBu);
    expect_host_word(&h, vb, 12, 0xCCCCCCCCu);
    CHECK_EQ(h.fake.wait_fence_calls, 0);
    CHECK(harness_valid(&h));
    kit_close(&h);
}

/* The other two places that lock after GPU work: a UAV clear of a guest-backed buffer a
 * dispatch wrote, and indirect arguments a copy wrote. */
static void test_uav_clear_and_indirect(void)
{
    static struct harness h;
    static const uint32_t args[4] = {5, 6, 7, 0}, zeros[4] = {0, 0, 0, 0};
    static const uint32_t fill[4] = {0x5A5A5A5Au, 0, 0, 0};
    struct aerocmd_umd_buffer_desc ud = buffer_desc(16, AEROCMD_UMD_BIND_UNORDERED_ACCESS, 1);
    struct aerocmd_umd_buffer_desc sd = buffer_desc(16, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    static struct packet_list pl;
    struct aerocmd_umd_resource *ub, *src, *argbuf;
    struct aerocmd_umd_uav *uav = NULL;
    const struct aerocmd_umd_fake_memory *mem;
    uint32_t i, dispatches = 0;
    kit_reset();
    CHECK(lw_open(&h, LW_WIN7, 1));
    ub = kit_buffer(&h, &ud, zeros);
    uav = kit_uav(&h, ub, DXGI_R32_UINT, 0, 4, 0, 0, 0);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h.ctx, 0, 1, &uav, NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch(h.ctx, 1, 1, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_uav_uint(h.ctx, uav, fill), AEROCMD_OK);
    CHECK_EQ(h.fake.lock_waits, 1);
    mem = aerocmd_umd_fake_find_memory(&h.fake, aerocmd_umd_resource_alloc_id(ub));
    if (CHECK(mem != NULL))
        CHECK_EQ(word_at(mem->bytes + 12), 0x5A5A5A5Au);
    CHECK_EQ(aerocmd_umd_set_cs_uavs(h.ctx, 0, 1, NULL, NULL), AEROCMD_OK);
    src = kit_buffer(&h, &sd, args);
    sd.guest_backed = 1;
    argbuf = kit_buffer(&h, &sd, zeros);
    CHECK_EQ(aerocmd_umd_copy_resource(h.ctx, argbuf, src), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_dispatch_indirect(h.ctx, argbuf, 0), AEROCMD_OK);
    CHECK_EQ(h.fake.lock_waits, 2);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    for (i = 0; i < pl.count; i++) {
        const struct aerogpu_cmd_dispatch *d =
            AEROCMD_VIEW(&pl.packet[i], aerogpu_cmd_dispatch, AEROGPU_CMD_DISPATCH);
        if (d != NULL && ++dispatches == 2)
            CHECK(d->group_count_x == 5 && d->group_count_y == 6 && d->group_count_z == 7);
    }
    CHECK_EQ(dispatches, 2);
    CHECK_EQ(h.fake.wait_fence_calls, 0);
    CHECK(harness_valid(&h));
    CHECK_EQ(aerocmd_umd_destroy_uav(uav), AEROCMD_OK);
    kit_close(&h);
}

/* ---- presents ------------------------------------------------------------------------------ */

/* With fences held, the default context throttles the fourth present (a fence wait, which
 * the fake cannot satisfy); the Windows 7 context leaves throttling to DXGI. */
static void test_presents_not_throttled(void)
{
    static struct harness h;
    int i;
    kit_reset();
    CHECK(lw_open(&h, LW_WIN7, 1));
    for (i = 0; i < 6; i++)
        CHECK_EQ(aerocmd_umd_present(h.ctx, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_present_ex(h.ctx, 0, AEROCMD_UMD_PRESENT_DO_NOT_WAIT), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, 7);
    CHECK_EQ(h.fake.completed_fence, 0);
    CHECK_EQ(h.fake.wait_fence_calls, 0);
    kit_close(&h);

    kit_reset();
    CHECK(lw_open(&h, LW_DEFAULT, 1));
    for (i = 0; i < 3; i++)
        CHECK_EQ(aerocmd_umd_present(h.ctx, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_present_ex(h.ctx, 0, AEROCMD_UMD_PRESENT_DO_NOT_WAIT),
             AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(h.fake.wait_fence_calls, 1);
    kit_close(&h);
}

/* ---- one scene, run in both modes and under failure injection ------------------------------ */

struct lw_scene {
    struct aerocmd_umd_resource *rt, *readback, *upload, *dst, *vb, *vb_copy;
    struct aerocmd_umd_view *rtv;
};

static aerocmd_result lw_scene_texture(struct harness *h, uint32_t bind, uint32_t usage,
                                       uint32_t cpu, struct aerocmd_umd_resource **out)
{
    struct aerocmd_umd_texture2d_desc d = texture_desc(4, 4, DXGI_B8G8R8A8_UNORM, bind, 0);
    size_t size = aerocmd_umd_resource_size();
    d.usage = usage;
    d.cpu_access = cpu;
    return aerocmd_umd_create_texture2d(h->dev, kit_take(size), size, &d, NULL, out);
}

static aerocmd_result lw_scene_buffer(struct harness *h, uint32_t backed, const void *data,
                                      struct aerocmd_umd_resource **out)
{
    struct aerocmd_umd_buffer_desc d = buffer_desc(16, AEROCMD_UMD_BIND_VERTEX_BUFFER, backed);
    size_t size = aerocmd_umd_resource_size();
    return aerocmd_umd_create_buffer(h->dev, kit_take(size), size, &d, data, out);
}

static aerocmd_result lw_scene_create(struct harness *h, struct lw_scene *s)
{
    static const uint32_t words[4] = {1, 2, 3, 4};
    struct aerocmd_umd_view_desc vd;
    aerocmd_result r;
    memset(s, 0, sizeof *s);
    memset(&vd, 0, sizeof vd);
    r = lw_scene_texture(h, AEROCMD_UMD_BIND_RENDER_TARGET, 0, 0, &s->rt);
    if (r == AEROCMD_OK)
        r = lw_scene_texture(h, 0, AEROCMD_UMD_USAGE_STAGING, AEROCMD_UMD_CPU_ACCESS_READ,
                             &s->readback);
    if (r == AEROCMD_OK)
        r = lw_scene_texture(h, 0, AEROCMD_UMD_USAGE_STAGING, AEROCMD_UMD_CPU_ACCESS_WRITE,
                             &s->upload);
    if (r == AEROCMD_OK)
        r = lw_scene_texture(h, 0, 0, 0, &s->dst);
    if (r == AEROCMD_OK)
        r = lw_scene_buffer(h, 1, words, &s->vb);
    if (r == AEROCMD_OK)
        r = lw_scene_buffer(h, 0, NULL, &s->vb_copy);
    if (r == AEROCMD_OK)
        r = kit_try_view(h, AEROCMD_VIEW_RENDER_TARGET, s->rt, &vd, &s->rtv);
    return r;
}

/* Map, fill with `byte` (reads just look), unmap. */
static aerocmd_result lw_scene_map(struct harness *h, struct aerocmd_umd_resource *res,
                                   enum aerocmd_umd_map_type type, int byte)
{
    struct aerocmd_umd_mapped m;
    aerocmd_result r = aerocmd_umd_map(h->ctx, res, 0, type, 0, &m);
    if (r != AEROCMD_OK)
        return r;
    if (type != AEROCMD_UMD_MAP_READ)
        memset(m.data, byte, 64);
    return aerocmd_umd_unmap(h->ctx, res, 0);
}

/* Readback, a staging write the GPU still reads, a copy from and two UpdateSubresource into
 * a guest-backed buffer, then more presents than the default throttle lets through. */
static aerocmd_result lw_scene_run(struct harness *h, struct lw_scene *s)
{
    static const uint32_t red[4] = {F32_1, F32_0, F32_0, F32_1};
    static const uint32_t upd[3] = {0xAAAAAAAAu, 0xBBBBBBBBu, 0xCCCCCCCCu};
    struct aerocmd_box box = {4, 0, 0, 12, 1, 1};
    aerocmd_result r = aerocmd_umd_clear_render_target(h->ctx, s->rtv, red);
    int i;
    if (r == AEROCMD_OK)
        r = aerocmd_umd_copy_resource(h->ctx, s->readback, s->rt);
    if (r == AEROCMD_OK)
        r = lw_scene_map(h, s->readback, AEROCMD_UMD_MAP_READ, 0);
    if (r == AEROCMD_OK)
        r = lw_scene_map(h, s->upload, AEROCMD_UMD_MAP_WRITE, 0x11);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_copy_resource(h->ctx, s->dst, s->upload);
    if (r == AEROCMD_OK)
        r = lw_scene_map(h, s->upload, AEROCMD_UMD_MAP_WRITE, 0x22);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_copy_resource(h->ctx, s->vb_copy, s->vb);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_update_subresource(h->ctx, s->vb, 0, &box, upd, 0, 0);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_update_subresource(h->ctx, s->vb, 0, &box, upd + 1, 0, 0);
    for (i = 0; i < 5 && r == AEROCMD_OK; i++)
        r = aerocmd_umd_present(h->ctx, 1);
    return r == AEROCMD_OK ? aerocmd_umd_flush(h->ctx) : r;
}

static void lw_scene_destroy(struct lw_scene *s)
{
    if (s->rtv != NULL)
        aerocmd_umd_destroy_view(s->rtv);
    if (s->rt != NULL)
        aerocmd_umd_destroy_resource(s->rt);
    if (s->readback != NULL)
        aerocmd_umd_destroy_resource(s->readback);
    if (s->upload != NULL)
        aerocmd_umd_destroy_resource(s->upload);
    if (s->dst != NULL)
        aerocmd_umd_destroy_resource(s->dst);
    if (s->vb != NULL)
        aerocmd_umd_destroy_resource(s->vb);
    if (s->vb_copy != NULL)
        aerocmd_umd_destroy_resource(s->vb_copy);
    memset(s, 0, sizeof *s);
}

/* The waits are not in the stream: both modes submit the same buffers, byte for byte, with
 * the same allocation lists. */
static void test_streams_identical(void)
{
    static struct harness plain, win7;
    static struct lw_scene s;
    uint32_t i;
    kit_reset();
    CHECK(lw_open(&plain, LW_DEFAULT, 0));
    CHECK_EQ(lw_scene_create(&plain, &s), AEROCMD_OK);
    CHECK_EQ(lw_scene_run(&plain, &s), AEROCMD_OK);
    lw_scene_destroy(&s);
    CHECK_EQ(aerocmd_umd_flush(plain.ctx), AEROCMD_OK);
    kit_reset();
    CHECK(lw_open(&win7, LW_WIN7 | LW_NO_WAIT_CB, 1));
    CHECK_EQ(lw_scene_create(&win7, &s), AEROCMD_OK);
    CHECK_EQ(lw_scene_run(&win7, &s), AEROCMD_OK);
    lw_scene_destroy(&s);
    CHECK_EQ(aerocmd_umd_flush(win7.ctx), AEROCMD_OK);
    CHECK(plain.fake.wait_fence_calls >= 2); /* the two staging maps and the throttle */
    CHECK_EQ(win7.fake.wait_fence_calls, 0);
    CHECK_EQ(win7.fake.lock_waits, 3); /* readback, second staging write, second update */
    CHECK(plain.fake.submission_count > 3);
    if (CHECK_EQ(win7.fake.submission_count, plain.fake.submission_count))
        for (i = 0; i < plain.fake.submission_count; i++) {
            const struct aerocmd_umd_fake_submission *a = &plain.fake.submissions[i];
            const struct aerocmd_umd_fake_submission *b = &win7.fake.submissions[i];
            CHECK_EQ(a->cmd_bytes, b->cmd_bytes);
            CHECK_EQ(a->alloc_count, b->alloc_count);
            CHECK_EQ(a->flags, b->flags);
            if (a->cmd_bytes == b->cmd_bytes)
                CHECK_EQ(memcmp(a->cmd, b->cmd, a->cmd_bytes), 0);
            if (a->alloc_count == b->alloc_count)
                CHECK_EQ(memcmp(a->allocs, b->allocs, a->alloc_count * sizeof *a->allocs), 0);
        }
    CHECK(harness_valid(&plain));
    CHECK(harness_valid(&win7));
    harness_close(&plain);
    harness_close(&win7);
}

/* Every fallible callback of the scene fails in turn (locks that wait included): the
 * injected result comes back, nothing leaks or stays locked, and the device still submits
 * valid streams. */
static void test_failure_injection(void)
{
    static struct harness h;
    static struct lw_scene s;
    unsigned long n;
    unsigned points = 0, bad = 0;
    for (n = 1; n < 1000; n++) {
        aerocmd_result r;
        kit_reset();
        CHECK(lw_open(&h, LW_WIN7 | LW_NO_WAIT_CB, 1));
        h.fake.fail_at = n;
        r = lw_scene_create(&h, &s);
        if (r == AEROCMD_OK)
            r = lw_scene_run(&h, &s);
        h.fake.fail_at = 0;
        if (r == AEROCMD_OK) {
            lw_scene_destroy(&s);
            harness_close(&h);
            break;
        }
        points++;
        if (r != AEROCMD_E_OUT_OF_MEMORY || h.fake.lock_count != 0 ||
            aerocmd_umd_flush(h.ctx) != AEROCMD_OK || !harness_valid(&h)) {
            fprintf(stderr, "fail at %lu: result %s, %u locks held\n", n, aerocmd_result_name(r),
                    h.fake.lock_count);
            bad++;
        }
        lw_scene_destroy(&s);
        CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
        bad += harness_close_after_failure(&h, n);
    }
    CHECK_EQ(bad, 0);
    printf("failure injection: %u failure points\n", points);
    CHECK(points >= 20);
    CHECK(n < 1000);
}

/* A lock that reports device loss loses the context, like a failed wait would. */
static void test_lock_device_removed(void)
{
    static struct harness h;
    struct aerocmd_umd_resource *st;
    struct aerocmd_umd_mapped m;
    kit_reset();
    CHECK(lw_open(&h, LW_WIN7, 1));
    st = staging_texture(&h, AEROCMD_UMD_CPU_ACCESS_READ);
    red_into(&h, st);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    h.fake.fail_with = AEROCMD_E_DEVICE_REMOVED;
    h.fake.fail_at = h.fake.fallible_calls + 1;
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_READ, 0, &m), AEROCMD_E_DEVICE_REMOVED);
    CHECK(aerocmd_umd_context_is_lost(h.ctx));
    CHECK_EQ(h.fake.lock_count, 0);
    CHECK_EQ(aerocmd_umd_map(h.ctx, st, 0, AEROCMD_UMD_MAP_READ, 0, &m), AEROCMD_E_DEVICE_REMOVED);
    kit_close(&h);
}

/* ---- the callback table's contract --------------------------------------------------------- */

static aerocmd_result device_with(struct harness *h, uint32_t flags, int with_wait)
{
    struct aerocmd_umd_device_desc desc;
    struct aerocmd_umd_device *dev = NULL;
    struct aerocmd_umd_callbacks cb = h->cb;
    cb.flags = flags;
    if (!with_wait)
        cb.wait_fence = NULL;
    harness_device_desc(h, &desc);
    desc.callbacks = &cb;
    return aerocmd_umd_device_init(h->dev_mem, sizeof h->dev_mem, &desc, &dev);
}

/* wait_fence may be missing only when the OS does both kinds of waiting; wait_idle then
 * answers NOT_IMPLEMENTED once there is work it cannot wait for. */
static void test_table_without_fence_wait(void)
{
    static struct harness h, probe;
    struct aerocmd_umd_resource *st;
    kit_reset();
    CHECK(lw_open(&probe, LW_DEFAULT, 0));
    aerocmd_umd_context_destroy(probe.ctx);
    aerocmd_umd_device_destroy(probe.dev);
    CHECK_EQ(device_with(&probe, 0, 0), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(device_with(&probe, AEROCMD_UMD_CB_LOCK_WAITS, 0), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(device_with(&probe, AEROCMD_UMD_CB_OS_THROTTLES_PRESENT, 0), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(device_with(&probe, AEROCMD_UMD_CB_WAITS_BY_OS, 0), AEROCMD_OK);
    CHECK_EQ(device_with(&probe, AEROCMD_UMD_CB_LOCK_WAITS, 1), AEROCMD_OK);
    aerocmd_umd_fake_release(&probe.fake);

    CHECK(lw_open(&h, LW_WIN7 | LW_NO_WAIT_CB, 1));
    CHECK_EQ(aerocmd_umd_wait_idle(h.ctx, 0), AEROCMD_OK); /* nothing submitted */
    st = staging_texture(&h, AEROCMD_UMD_CPU_ACCESS_READ);
    red_into(&h, st);
    CHECK_EQ(aerocmd_umd_wait_idle(h.ctx, 0), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(h.fake.submission_count, 1); /* it still submitted */
    CHECK_EQ(aerocmd_umd_wait_idle(h.ctx, AEROCMD_UMD_MAP_DO_NOT_WAIT), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK(!aerocmd_umd_context_is_lost(h.ctx));
    kit_close(&h);
}

static void test_lock_busy_code(void)
{
    CHECK_EQ(aerocmd_umd_wait_result(D3DERR_WASSTILLDRAWING), AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(aerocmd_umd_wait_result(0x8876021Du), AEROCMD_E_INVALID_ARG); /* its neighbour */
}

int main(void)
{
    test_staging_texture_readback();
    test_staging_buffer_readback();
    test_default_mode_unchanged();
    test_staging_write_while_gpu_reads();
    test_update_guest_backed();
    test_uav_clear_and_indirect();
    test_presents_not_throttled();
    test_streams_identical();
    test_failure_injection();
    test_lock_device_removed();
    test_table_without_fence_wait();
    test_lock_busy_code();
    return check_finish();
}
