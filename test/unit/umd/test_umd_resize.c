/* SPDX-License-Identifier: MIT */
/* ResizeBuffers as the Direct3D runtime does it through the DDI: a swap chain of three
 * backbuffers (bound as render target and shader resource, presented) is replaced by
 * destroying the views and the textures and creating three larger ones with the same
 * create calls. Checked for host-owned and guest-backed backbuffers: one DESTROY_RESOURCE
 * per old backbuffer, a guest allocation freed only once its destroy was submitted, no
 * later packet naming an old handle, new handles distinct from every live one, a present
 * after the resize, every stream valid (structural, allocation table, semantic) and
 * nothing left behind. */
#include "umd_kit.h"

#define CHAIN 3u

static uint64_t sem_mem[8192];
static struct packet_list packets;

static uint32_t u32_of(const struct aerocmd_packet *p, uint32_t offset)
{
    uint32_t v;
    memcpy(&v, p->bytes + offset, 4);
    return v;
}

/* The fake's free_memory, wrapped to see what had been submitted when a guest allocation
 * went away. */
static struct {
    struct aerocmd_umd_callbacks fake_cb;
    struct aerocmd_umd_fake *fake;
    uint32_t alloc_id[CHAIN], handle[CHAIN];
    int freed[CHAIN];             /* times the allocation was freed */
    int destroy_submitted[CHAIN]; /* DESTROY_RESOURCE already submitted at that moment */
} watch;

static int submitted_destroy_of(uint32_t handle)
{
    uint32_t i;
    collect_packets(watch.fake, &packets);
    for (i = 0; i < packets.count; i++)
        if (packets.opcode[i] == AEROGPU_CMD_DESTROY_RESOURCE &&
            u32_of(&packets.packet[i], 8) == handle)
            return 1;
    return 0;
}

static void watching_free(void *user, const struct aerocmd_umd_memory *memory)
{
    uint32_t i;
    for (i = 0; i < CHAIN; i++) {
        if (watch.alloc_id[i] != 0 && memory->alloc_id == watch.alloc_id[i]) {
            watch.freed[i]++;
            watch.destroy_submitted[i] = submitted_destroy_of(watch.handle[i]);
        }
    }
    watch.fake_cb.free_memory(user, memory);
}

/* Replaces the harness's device and context by ones whose callbacks free through
 * watching_free. */
static int reopen_watched(struct harness *h)
{
    struct aerocmd_umd_callbacks cb;
    aerocmd_umd_context_destroy(h->ctx);
    aerocmd_umd_device_destroy(h->dev);
    memset(&watch, 0, sizeof watch);
    aerocmd_umd_fake_callbacks(&h->fake, &watch.fake_cb);
    watch.fake = &h->fake;
    cb = watch.fake_cb;
    cb.free_memory = watching_free;
    h->cb = cb;
    return harness_open_device(h);
}

static void make_chain(struct harness *h, uint32_t w, uint32_t hgt, uint32_t backed,
                       struct aerocmd_umd_resource **res, struct aerocmd_umd_view **rtvs)
{
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(w, hgt, DXGI_B8G8R8A8_UNORM,
                     AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, backed);
    uint32_t i;
    for (i = 0; i < CHAIN; i++) {
        res[i] = kit_texture(h, &td, NULL);
        rtvs[i] = kit_view(h, AEROCMD_VIEW_RENDER_TARGET, res[i]);
    }
}

/* Packets of `opcode` from packet index `from` on whose u32 at `offset` is `value`. */
static uint32_t count_field(uint32_t from, uint32_t opcode, uint32_t offset, uint32_t value)
{
    uint32_t i, n = 0;
    for (i = from; i < packets.count; i++)
        n += packets.opcode[i] == opcode && packets.packet[i].size_bytes >= offset + 4 &&
             u32_of(&packets.packet[i], offset) == value;
    return n;
}

/* Whether any packet from index `from` on names `handle` as a render target, a bound
 * texture or a destroyed resource. */
static int named_after(uint32_t from, uint32_t handle)
{
    uint32_t slot, n = count_field(from, AEROGPU_CMD_DESTROY_RESOURCE, 8, handle) +
                       count_field(from, AEROGPU_CMD_SET_TEXTURE, 16, handle);
    for (slot = 0; slot < 8; slot++)
        n += count_field(from, AEROGPU_CMD_SET_RENDER_TARGETS, 16 + 4 * slot, handle);
    return n != 0;
}

/* The runtime's part of ResizeBuffers: views first, then the textures, all while bound. */
static void destroy_chain(struct aerocmd_umd_resource **res, struct aerocmd_umd_view **rtvs,
                          struct aerocmd_umd_view *srv)
{
    uint32_t i;
    CHECK_EQ(aerocmd_umd_destroy_view(srv), AEROCMD_OK);
    for (i = 0; i < CHAIN; i++)
        CHECK_EQ(aerocmd_umd_destroy_view(rtvs[i]), AEROCMD_OK);
    for (i = 0; i < CHAIN; i++)
        CHECK_EQ(aerocmd_umd_destroy_resource(res[i]), AEROCMD_OK);
}

/* Old handles: one DESTROY each, none named again; guest allocations freed once, after
 * their destroy was submitted; the host model forgot them. */
static void check_old_gone(const struct harness *h, uint32_t backed, uint32_t destroy_from)
{
    uint32_t i;
    collect_packets(&h->fake, &packets);
    for (i = 0; i < CHAIN; i++) {
        CHECK_EQ(count_field(destroy_from, AEROGPU_CMD_DESTROY_RESOURCE, 8, watch.handle[i]), 1);
        CHECK(aerocmd_umd_fake_resource(&h->fake, watch.handle[i]) == NULL);
        if (backed) {
            CHECK_EQ(watch.freed[i], 1);
            CHECK_EQ(watch.destroy_submitted[i], 1);
            CHECK(aerocmd_umd_fake_find_memory(&h->fake, watch.alloc_id[i]) == NULL);
        } else {
            CHECK_EQ(watch.freed[i], 0);
        }
    }
}

static void check_new_handles(const struct harness *h, struct aerocmd_umd_resource **res,
                              const struct aerocmd_umd_resource *vb)
{
    uint32_t i, j;
    for (i = 0; i < CHAIN; i++) {
        uint32_t handle = aerocmd_umd_resource_handle(res[i]);
        const struct aerocmd_umd_fake_resource *host = aerocmd_umd_fake_resource(&h->fake, handle);
        CHECK(handle != 0);
        CHECK(handle != aerocmd_umd_resource_handle(vb));
        for (j = 0; j < CHAIN; j++)
            CHECK(handle != watch.handle[j]);
        for (j = 0; j < i; j++)
            CHECK(handle != aerocmd_umd_resource_handle(res[j]));
        if (CHECK(host != NULL)) {
            CHECK_EQ(host->width, 128);
            CHECK_EQ(host->height, 96);
        }
    }
}

static void resize_round(uint32_t backed)
{
    static struct harness h;
    struct aerocmd_semantic sem;
    struct aerocmd_umd_resource *old[CHAIN], *fresh[CHAIN], *vb;
    struct aerocmd_umd_view *old_rtvs[CHAIN], *fresh_rtvs[CHAIN], *srv;
    uint32_t i, destroy_from, after_destroy, last;
    kit_reset();
    if (!CHECK(harness_open(&h, 65536, 16)) || !CHECK(reopen_watched(&h)))
        return;
    vb = kit_triangle_vb(&h);
    make_chain(&h, 64, 64, backed, old, old_rtvs);
    srv = kit_view(&h, AEROCMD_VIEW_SHADER_RESOURCE, old[1]);
    kit_bind_basic(&h, vb, old_rtvs[0], NULL);
    CHECK_EQ(aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_PS, 0, 1, &srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_present(h.ctx, 1), AEROCMD_OK);
    for (i = 0; i < CHAIN; i++) {
        watch.handle[i] = aerocmd_umd_resource_handle(old[i]);
        watch.alloc_id[i] = aerocmd_umd_resource_alloc_id(old[i]);
        CHECK_EQ(watch.alloc_id[i] != 0, backed);
    }
    collect_packets(&h.fake, &packets);
    destroy_from = packets.count;

    destroy_chain(old, old_rtvs, srv);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    check_old_gone(&h, backed, destroy_from);
    after_destroy = packets.count;
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK); /* nothing bound any more */
    make_chain(&h, 128, 96, backed, fresh, fresh_rtvs);
    CHECK_EQ(aerocmd_umd_set_render_targets(h.ctx, 1, &fresh_rtvs[0], NULL), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_present(h.ctx, 1), AEROCMD_OK);

    check_new_handles(&h, fresh, vb); /* after the present, so the host model has them */
    collect_packets(&h.fake, &packets);
    last = h.fake.submission_count - 1;
    CHECK_EQ(h.fake.submissions[last].flags & AEROCMD_UMD_SUBMIT_PRESENT,
             AEROCMD_UMD_SUBMIT_PRESENT);
    CHECK_EQ(packets.opcode[packets.count - 1], AEROGPU_CMD_PRESENT);
    CHECK_EQ(count_field(destroy_from, AEROGPU_CMD_SET_RENDER_TARGETS, 16,
                         aerocmd_umd_resource_handle(fresh[0])),
             1);
    for (i = 0; i < CHAIN; i++) /* past the destroys: no packet names an old handle */
        CHECK(!named_after(after_destroy, watch.handle[i]));
    CHECK_EQ(aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem), AEROCMD_OK);
    CHECK_EQ(validate_submissions(&h.fake, &sem), 0);
    CHECK_EQ(h.fake.host_faults, 0);

    for (i = 0; i < CHAIN; i++) {
        CHECK_EQ(aerocmd_umd_destroy_view(fresh_rtvs[i]), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_destroy_resource(fresh[i]), AEROCMD_OK);
    }
    CHECK_EQ(aerocmd_umd_destroy_resource(vb), AEROCMD_OK);
    kit_close(&h);
    CHECK_EQ(h.fake.live_memories, 0);
}

int main(void)
{
    resize_round(0);
    resize_round(1);
    return check_finish();
}
