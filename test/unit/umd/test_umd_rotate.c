/* SPDX-License-Identifier: MIT */
/* RotateResourceIdentities: identities move one place down the list, views follow their
 * resource objects, bound slots rebind with the new handles, refusals change nothing. */
#include "umd_kit.h"

static uint64_t sem_mem[8192];

static struct aerocmd_umd_resource *backbuffer(struct harness *h, uint32_t w)
{
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(w, 16, DXGI_B8G8R8A8_UNORM,
                     AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 1);
    td.array_size = 2;
    return kit_texture(h, &td, NULL);
}

/* A shader-resource view of layer 1 only: a host view object of its own. */
static struct aerocmd_umd_view *layer1_view(struct harness *h, struct aerocmd_umd_resource *res)
{
    struct aerocmd_umd_view *view = NULL;
    struct aerocmd_umd_view_desc vd;
    size_t size = aerocmd_umd_view_size();
    void *mem = kit_take(size);
    memset(&vd, 0, sizeof vd);
    vd.first_layer = 1;
    vd.layer_count = 1;
    if (mem == NULL ||
        !CHECK_EQ(aerocmd_umd_create_view(h->dev, mem, size, AEROCMD_VIEW_SHADER_RESOURCE, res, &vd,
                                          &view),
                  AEROCMD_OK))
        return NULL;
    return view;
}

struct chain {
    struct aerocmd_umd_resource *res[3];
    uint32_t handle[3], alloc[3];
};

static void remember(struct chain *c)
{
    uint32_t i;
    for (i = 0; i < 3; i++) {
        c->handle[i] = aerocmd_umd_resource_handle(c->res[i]);
        c->alloc[i] = aerocmd_umd_resource_alloc_id(c->res[i]);
    }
}

static int validate_all(const struct harness *h)
{
    struct aerocmd_semantic sem;
    if (aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem) != AEROCMD_OK)
        return -1;
    return validate_submissions(&h->fake, &sem);
}

/* Index of the first packet of `opcode` at or after `from`; pl->count if none. */
static uint32_t next_of(const struct packet_list *pl, uint32_t from, uint32_t opcode)
{
    while (from < pl->count && pl->opcode[from] != opcode)
        from++;
    return from;
}

static void check_rotated_stream(const struct harness *h, uint32_t first_sub, const struct chain *c,
                                 uint32_t old_view, uint32_t new_view)
{
    static struct packet_list pl;
    const struct aerogpu_cmd_create_texture_view *cv;
    const struct aerogpu_cmd_set_render_targets *rt;
    const struct aerogpu_cmd_set_texture *st;
    uint32_t i = 0, k;
    collect_packets(&h->fake, &pl);
    while (i < pl.count && pl.submission[i] < first_sub)
        i++;
    /* The replacement view exists before the old one goes, both before the draw. */
    k = next_of(&pl, i, AEROGPU_CMD_CREATE_TEXTURE_VIEW);
    if (!CHECK(k < pl.count))
        return;
    cv = (const struct aerogpu_cmd_create_texture_view *)pl.packet[k].bytes;
    CHECK_EQ(cv->view_handle, new_view);
    CHECK_EQ(cv->texture_handle, c->handle[2]); /* B now stands for C's old texture */
    CHECK_EQ(cv->base_array_layer, 1);
    CHECK_EQ(cv->array_layer_count, 1);
    CHECK_EQ(pl.opcode[k + 1], AEROGPU_CMD_DESTROY_TEXTURE_VIEW);
    CHECK_EQ(((const struct aerogpu_cmd_destroy_texture_view *)pl.packet[k + 1].bytes)->view_handle,
             old_view);
    k = next_of(&pl, k, AEROGPU_CMD_SET_RENDER_TARGETS);
    if (!CHECK(k < pl.count))
        return;
    rt = (const struct aerogpu_cmd_set_render_targets *)pl.packet[k].bytes;
    CHECK_EQ(rt->color_count, 1);
    CHECK_EQ(rt->colors[0], c->handle[1]); /* A's view follows A to B's old handle */
    k = next_of(&pl, k, AEROGPU_CMD_SET_TEXTURE);
    if (!CHECK(k < pl.count))
        return;
    st = (const struct aerogpu_cmd_set_texture *)pl.packet[k].bytes;
    CHECK_EQ(st->slot, 0);
    CHECK_EQ(st->texture, new_view);
    CHECK_EQ(pl.opcode[k + 1], AEROGPU_CMD_DRAW);
    CHECK_EQ(next_of(&pl, k + 2, AEROGPU_CMD_SET_RENDER_TARGETS), pl.count);
}

static void test_rotation_with_bound_views(void)
{
    static struct harness h;
    struct chain c;
    struct aerocmd_umd_view *rtv, *srv;
    uint32_t old_view, subs, i;
    kit_reset();
    CHECK(harness_open(&h, 65536, 64));
    for (i = 0; i < 3; i++)
        c.res[i] = backbuffer(&h, 16);
    rtv = kit_view(&h, AEROCMD_VIEW_RENDER_TARGET, c.res[0]);
    srv = layer1_view(&h, c.res[1]);
    if (!CHECK(rtv != NULL && srv != NULL))
        return;
    remember(&c);
    old_view = aerocmd_umd_view_handle(srv);
    kit_bind_basic(&h, kit_triangle_vb(&h), rtv, NULL);
    CHECK_EQ(aerocmd_umd_set_shader_resources(h.ctx, AEROCMD_SHADER_PS, 0, 1, &srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    subs = h.fake.submission_count;

    CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, c.res, 3), AEROCMD_OK);
    for (i = 0; i < 3; i++) {
        CHECK_EQ(aerocmd_umd_resource_handle(c.res[i]), c.handle[(i + 1) % 3]);
        CHECK_EQ(aerocmd_umd_resource_alloc_id(c.res[i]), c.alloc[(i + 1) % 3]);
    }
    CHECK_EQ(aerocmd_umd_view_handle(rtv), c.handle[1]);
    CHECK(aerocmd_umd_view_handle(srv) != old_view);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    /* The write is recorded against the new identity. */
    CHECK_EQ(aerocmd_umd_resource_write_fence(c.res[0]), aerocmd_umd_last_fence(h.ctx));
    check_rotated_stream(&h, subs, &c, old_view, aerocmd_umd_view_handle(srv));

    /* Rotating back the other way restores every identity. */
    {
        struct aerocmd_umd_resource *rev[3] = {c.res[2], c.res[1], c.res[0]};
        CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, rev, 3), AEROCMD_OK);
        for (i = 0; i < 3; i++)
            CHECK_EQ(aerocmd_umd_resource_handle(c.res[i]), c.handle[i]);
    }
    CHECK_EQ(aerocmd_umd_destroy_view(srv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_view(rtv), AEROCMD_OK);
    for (i = 0; i < 3; i++)
        CHECK_EQ(aerocmd_umd_destroy_resource(c.res[i]), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(validate_all(&h), 0);
    CHECK_EQ(h.fake.live_memories, 0);
    kit_close(&h);
}

static void test_rotation_refusals(void)
{
    static struct harness h;
    struct chain c;
    struct aerocmd_umd_resource *pair[2], *vb, *other;
    struct aerocmd_umd_texture2d_desc td;
    uint32_t i, subs;
    kit_reset();
    CHECK(harness_open(&h, 65536, 64));
    c.res[0] = backbuffer(&h, 16);
    c.res[1] = backbuffer(&h, 16);
    c.res[2] = backbuffer(&h, 32); /* another size */
    vb = kit_triangle_vb(&h);
    td = texture_desc(16, 16, DXGI_R8G8B8A8_UNORM,
                      AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 1);
    td.array_size = 2;
    other = kit_texture(&h, &td, NULL);
    remember(&c);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    subs = h.fake.submission_count;
    CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, c.res, 3), AEROCMD_E_INVALID_ARG);
    pair[0] = c.res[0];
    pair[1] = c.res[0];
    CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, pair, 2), AEROCMD_E_INVALID_ARG);
    pair[1] = vb;
    CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, pair, 2), AEROCMD_E_INVALID_ARG);
    pair[1] = NULL;
    CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, pair, 2), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, NULL, 2), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_rotate_resources(NULL, c.res, 2), AEROCMD_E_INVALID_ARG);
    pair[1] = other; /* another format */
    CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, pair, 2), AEROCMD_E_INVALID_ARG);
    /* nothing, or one resource: nothing to do */
    CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, NULL, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, c.res, 1), AEROCMD_OK);
    for (i = 0; i < 3; i++)
        CHECK_EQ(aerocmd_umd_resource_handle(c.res[i]), c.handle[i]);
    /* unbound textures without views: the rotation itself sends nothing */
    CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, c.res, 2), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.submission_count, subs);
    CHECK_EQ(aerocmd_umd_resource_handle(c.res[0]), c.handle[1]);
    CHECK_EQ(aerocmd_umd_resource_handle(c.res[1]), c.handle[0]);
    CHECK_EQ(validate_all(&h), 0);
    kit_close(&h);
}

/* Index of the first packet of `opcode` whose 32-bit word at `offset` is `value`. */
static uint32_t find_word(const struct packet_list *pl, uint32_t opcode, uint32_t offset,
                          uint32_t value)
{
    uint32_t i, v;
    for (i = 0; i < pl->count; i++) {
        if (pl->opcode[i] != opcode)
            continue;
        memcpy(&v, pl->packet[i].bytes + offset, 4);
        if (v == value)
            return i;
    }
    return pl->count;
}

/* Sharing belongs to the identity: the allocation and handle keep the token the kernel
 * gave and the host registered for them, so the object that ends up holding them releases
 * it before DESTROY_RESOURCE of that handle (RULES.md: the host must not see the handle go
 * while a token names it), and the other releases nothing. So does PRESENTABLE (DXGI
 * rotates its primary front buffer with back buffers): the object holding the presentable
 * identity presents, the other cannot (umd_pipeline.h: NOT_IMPLEMENTED). */
static void test_rotation_moves_sharing(void)
{
    static struct harness h;
    static struct packet_list pl;
    struct aerocmd_umd_texture2d_desc td =
        texture_desc(16, 16, DXGI_B8G8R8A8_UNORM,
                     AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 1);
    struct aerocmd_umd_texture2d_desc sd = td, pd = td;
    struct aerocmd_umd_resource *res[2], *presentable;
    struct aerocmd_umd_present_desc present;
    struct aerocmd_umd_present_allocations allocations;
    uint32_t shared_handle, other_handle, release, destroy, i, releases = 0;
    uint64_t token;
    kit_reset();
    CHECK(harness_open(&h, 65536, 64));
    sd.misc_flags = AEROCMD_UMD_MISC_SHARED;
    pd.misc_flags = AEROCMD_UMD_MISC_PRESENTABLE;
    res[0] = kit_texture(&h, &sd, NULL);
    res[1] = kit_texture(&h, &td, NULL);
    presentable = kit_texture(&h, &pd, NULL);
    token = aerocmd_umd_resource_share_token(res[0]);
    shared_handle = aerocmd_umd_resource_handle(res[0]);
    other_handle = aerocmd_umd_resource_handle(res[1]);
    CHECK(token != 0);
    CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, res, 2), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_resource_handle(res[1]), shared_handle);
    CHECK(aerocmd_umd_resource_share_token(res[1]) == token);
    CHECK(aerocmd_umd_resource_share_token(res[0]) == 0);
    CHECK_EQ(aerocmd_umd_destroy_resource(res[1]), AEROCMD_OK); /* the shared identity first */
    CHECK_EQ(aerocmd_umd_destroy_resource(res[0]), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    collect_packets(&h.fake, &pl);
    release = find_word(&pl, AEROGPU_CMD_RELEASE_SHARED_SURFACE, 8, (uint32_t)token);
    destroy = find_word(&pl, AEROGPU_CMD_DESTROY_RESOURCE, 8, shared_handle);
    CHECK(release < destroy && destroy < pl.count);
    CHECK(find_word(&pl, AEROGPU_CMD_DESTROY_RESOURCE, 8, other_handle) < pl.count);
    for (i = 0; i < pl.count; i++)
        releases += pl.opcode[i] == AEROGPU_CMD_RELEASE_SHARED_SURFACE;
    CHECK_EQ(releases, 1);
    res[0] = kit_texture(&h, &td, NULL);
    res[1] = presentable;
    CHECK_EQ(aerocmd_umd_rotate_resources(h.ctx, res, 2), AEROCMD_OK);
    memset(&present, 0, sizeof present);
    present.flags = AEROCMD_UMD_PRESENT_TEST;
    present.src = res[0];
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &present, &allocations), AEROCMD_OK);
    present.src = res[1];
    CHECK_EQ(aerocmd_umd_present_surface(h.ctx, &present, &allocations), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(validate_all(&h), 0);
    kit_close(&h);
}

/* Issue 18: every fallible call a rotation makes can fail, including the submissions that
 * retiring the old host views forces in a small command buffer (follow_views once dropped
 * that result and the rotation answered OK). A reached failure is the rotation's result,
 * and the device goes on: a flush succeeds and every submission validates. */
static void test_rotation_reports_every_failure(void)
{
    static struct harness h;
    struct aerocmd_umd_resource *res[3];
    unsigned long k;
    uint32_t i, j;
    for (k = 1; k < 64; k++) {
        aerocmd_result r;
        int reached;
        kit_reset();
        CHECK(harness_open(&h, 256, 64));
        for (i = 0; i < 3; i++) {
            res[i] = backbuffer(&h, 16);
            for (j = 0; j < 4; j++)
                CHECK(layer1_view(&h, res[i]) != NULL);
        }
        CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
        h.fake.fail_at = h.fake.fallible_calls + k;
        h.fake.fail_with = AEROCMD_E_OUT_OF_MEMORY;
        r = aerocmd_umd_rotate_resources(h.ctx, res, 3);
        reached = h.fake.fallible_calls >= h.fake.fail_at;
        h.fake.fail_at = 0;
        if (!reached) {
            CHECK_EQ(r, AEROCMD_OK);
            kit_close(&h);
            break;
        }
        if (!CHECK_EQ(r, AEROCMD_E_OUT_OF_MEMORY))
            fprintf(stderr, "rotation with fallible call %lu failing: %s\n", k,
                    aerocmd_result_name(r));
        CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
        CHECK_EQ(validate_all(&h), 0);
        kit_close(&h);
    }
    CHECK(k > 4 && k < 64); /* the rotation submits several times in 256-byte buffers */
}

int main(void)
{
    test_rotation_with_bound_views();
    test_rotation_refusals();
    test_rotation_moves_sharing();
    test_rotation_reports_every_failure();
    return check_finish();
}
