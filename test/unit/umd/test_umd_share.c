/* SPDX-License-Identifier: MIT */
/* Shared surfaces across two "processes": two devices with different process ids over one
 * fake (the host namespace and the kernel are guest-wide). Device A creates a shareable
 * resource (the fake KMD writes a token into its private data), device B opens it from the
 * preserved blob and copies / clears through the alias; every submission of both devices
 * passes the structural check and one semantic tracker in order. Refusals of bad blobs and
 * failure injection at every fallible point. */
#include "umd_scenes.h"

#include "aerocmd/kmd_alloc.h"
#include "aerocmd/umd_data.h"

#define D3DFMT_A8R8G8B8 21u

static uint64_t sem_mem[8192];

struct pair {
    struct counting_alloc fake_alloc, dev_alloc;
    struct aerocmd_umd_fake fake;
    struct aerocmd_umd_callbacks cb, cb_no_token;
    struct aerocmd_umd_id_space ids[3];
    struct aerocmd_umd_device *dev[3]; /* A, B, and C over a kernel that does not share */
    struct aerocmd_umd_context *ctx[3];
    uint64_t dev_mem[3][64];
    uint64_t ctx_mem[3][4096];
    uint64_t res_mem[4][32];
};

static int pair_open_device(struct pair *p, int i, uint32_t process_id,
                            const struct aerocmd_umd_callbacks *cb)
{
    struct aerocmd_umd_device_desc desc;
    aerocmd_umd_id_space_init(&p->ids[i], process_id);
    memset(&desc, 0, sizeof desc);
    desc.abi_version = H_ABI;
    desc.features = AEROGPU_FEATURE_TRANSFER;
    desc.callbacks = cb;
    desc.allocator = &p->dev_alloc.iface;
    desc.ids.next = aerocmd_umd_id_space_next;
    desc.ids.user = &p->ids[i];
    return aerocmd_umd_device_init(p->dev_mem[i], sizeof p->dev_mem[i], &desc, &p->dev[i]) ==
               AEROCMD_OK &&
           aerocmd_umd_context_init(p->ctx_mem[i], sizeof p->ctx_mem[i], p->dev[i], &p->ctx[i]) ==
               AEROCMD_OK;
}

static int pair_open(struct pair *p)
{
    memset(p, 0, sizeof *p);
    counting_init(&p->fake_alloc);
    counting_init(&p->dev_alloc);
    if (aerocmd_umd_fake_init(&p->fake, &p->fake_alloc.iface, H_ABI, 512, 8) != AEROCMD_OK)
        return 0;
    aerocmd_umd_fake_callbacks(&p->fake, &p->cb);
    return pair_open_device(p, 0, 0x1234, &p->cb) && pair_open_device(p, 1, 0x5678, &p->cb);
}

static void pair_close(struct pair *p)
{
    int i;
    for (i = 2; i >= 0; i--) {
        if (p->dev[i] == NULL)
            continue;
        aerocmd_umd_context_destroy(p->ctx[i]);
        aerocmd_umd_device_destroy(p->dev[i]);
    }
    aerocmd_umd_fake_release(&p->fake);
}

static int all_valid(const struct pair *p)
{
    struct aerocmd_semantic sem;
    if (aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem) != AEROCMD_OK)
        return 0;
    return validate_submissions(&p->fake, &sem) == 0 && p->fake.host_faults == 0;
}

static uint32_t count_opcode(const struct packet_list *pl, uint32_t opcode)
{
    uint32_t i, n = 0;
    for (i = 0; i < pl->count; i++)
        n += pl->opcode[i] == opcode;
    return n;
}

/* The first packet of `opcode` from submission `from` on, NULL when none. */
static const struct aerocmd_packet *find_packet(const struct packet_list *pl, uint32_t opcode,
                                                uint32_t from)
{
    uint32_t i;
    for (i = 0; i < pl->count; i++)
        if (pl->opcode[i] == opcode && pl->submission[i] >= from)
            return &pl->packet[i];
    return NULL;
}

static uint32_t u32_at(const struct aerocmd_packet *p, uint32_t offset)
{
    uint32_t v;
    memcpy(&v, p->bytes + offset, 4);
    return v;
}

static uint64_t u64_at(const struct aerocmd_packet *p, uint32_t offset)
{
    uint64_t v;
    memcpy(&v, p->bytes + offset, 8);
    return v;
}

static struct aerocmd_umd_buffer_desc shared_buffer_desc(uint32_t size)
{
    struct aerocmd_umd_buffer_desc d = buffer_desc(size, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    d.misc_flags = AEROCMD_UMD_MISC_SHARED;
    return d;
}

static struct aerocmd_umd_texture2d_desc shared_texture_desc(uint32_t w, uint32_t h)
{
    struct aerocmd_umd_texture2d_desc d =
        texture_desc(w, h, DXGI_B8G8R8A8_UNORM,
                     AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    d.misc_flags = AEROCMD_UMD_MISC_SHARED;
    return d;
}

/* The blob the OS preserved for res's allocation, and the open desc that replays it. */
static const struct aerocmd_umd_fake_memory *preserved(const struct pair *p,
                                                       const struct aerocmd_umd_resource *res,
                                                       struct aerocmd_umd_open_desc *od)
{
    const struct aerocmd_umd_fake_memory *m =
        aerocmd_umd_fake_find_memory(&p->fake, aerocmd_umd_resource_alloc_id(res));
    memset(od, 0, sizeof *od);
    if (m != NULL) {
        od->private_data = m->private_data;
        od->private_data_bytes = m->private_data_bytes;
        od->os_handle = m->os_handle;
    }
    return m;
}

static aerocmd_result make_staging_buffer(struct pair *p, int dev, void *mem, uint32_t size,
                                          struct aerocmd_umd_resource **out)
{
    struct aerocmd_umd_buffer_desc d = buffer_desc(size, 0, 1);
    d.usage = AEROCMD_UMD_USAGE_STAGING;
    d.cpu_access = AEROCMD_UMD_CPU_ACCESS_READ;
    return aerocmd_umd_create_buffer(p->dev[dev], mem, 256, &d, NULL, out);
}

/* ---- the cross-process round trip ------------------------------------------------------- */

/* The preserved blob: v2, shared, the fake KMD's token, the buffer's description. Fills
 * `od` to replay it; 0 when the fake preserved nothing. */
static int check_preserved_buffer_blob(const struct pair *p, const struct aerocmd_umd_resource *a,
                                       uint64_t token, uint32_t alloc_id,
                                       struct aerocmd_umd_open_desc *od)
{
    struct aerocmd_kmd_alloc_info info;
    struct aerocmd_kmd_fault fault;
    const struct aerocmd_umd_fake_memory *m = preserved(p, a, od);
    if (!CHECK(m != NULL))
        return 0;
    CHECK_EQ(m->private_data_bytes, AEROCMD_KMD_ALLOC_PRIV_V2_BYTES);
    CHECK_EQ(aerocmd_kmd_alloc_open(m->private_data, m->private_data_bytes, &info, &fault),
             AEROCMD_OK);
    CHECK_EQ(info.version, 2u);
    CHECK_EQ(info.alloc_id, alloc_id);
    CHECK_EQ(info.flags,
             AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED | AEROGPU_WDDM_ALLOC_PRIV_FLAG_CPU_VISIBLE);
    CHECK(info.share_token == token);
    CHECK_EQ(info.kind, (uint32_t)AEROGPU_WDDM_ALLOC_KIND_BUFFER);
    CHECK_EQ(info.width, 16u);
    CHECK_EQ(info.height, 1u);
    CHECK(info.size_bytes == 16u);
    CHECK(token != m->os_handle);
    return 1;
}

/* Device B opens it, copies it into its staging buffer and reads the bytes, then gives
 * back its alias only. 0 when the open gave no resource. */
static int read_through_opened_alias(struct pair *p, const struct aerocmd_umd_open_desc *od,
                                     const struct aerocmd_umd_resource *a, uint64_t token,
                                     uint32_t alloc_id, const uint8_t *data)
{
    struct aerocmd_umd_resource *b = NULL, *staging = NULL;
    struct aerocmd_umd_mapped mapped;
    CHECK_EQ(aerocmd_umd_open_resource(p->dev[1], p->res_mem[1], 256, od, &b), AEROCMD_OK);
    if (!CHECK(b != NULL))
        return 0;
    CHECK(aerocmd_umd_resource_handle(b) != aerocmd_umd_resource_handle(a));
    CHECK(aerocmd_umd_resource_share_token(b) == token);
    CHECK_EQ(aerocmd_umd_resource_alloc_id(b), alloc_id);
    CHECK_EQ(make_staging_buffer(p, 1, p->res_mem[2], 16, &staging), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_resource(p->ctx[1], staging, b), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(p->ctx[1]), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_map(p->ctx[1], staging, 0, AEROCMD_UMD_MAP_READ, 0, &mapped), AEROCMD_OK);
    CHECK(memcmp(mapped.data, data, 16) == 0);
    CHECK_EQ(aerocmd_umd_unmap(p->ctx[1], staging, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(staging), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(b), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(p->ctx[1]), AEROCMD_OK);
    return 1;
}

/* The opener's release left the memory; the creator's destroy releases the surface, then
 * destroys the resource, and the memory goes. */
static void destroy_creator_and_check_release(struct pair *p, struct packet_list *pl,
                                              struct aerocmd_umd_resource *a, uint64_t token,
                                              uint32_t alloc_id)
{
    const struct aerocmd_packet *rel;
    uint32_t before, handle_a;
    CHECK(aerocmd_umd_fake_find_memory(&p->fake, alloc_id) != NULL);
    before = p->fake.submission_count;
    handle_a = aerocmd_umd_resource_handle(a);
    CHECK_EQ(aerocmd_umd_destroy_resource(a), AEROCMD_OK);
    CHECK(aerocmd_umd_fake_find_memory(&p->fake, alloc_id) == NULL);
    collect_packets(&p->fake, pl);
    rel = find_packet(pl, AEROGPU_CMD_RELEASE_SHARED_SURFACE, before);
    if (CHECK(rel != NULL)) {
        CHECK(u64_at(rel, 8) == token);
        CHECK(rel + 1 == find_packet(pl, AEROGPU_CMD_DESTROY_RESOURCE, before));
        CHECK_EQ(u32_at(rel + 1, 8), handle_a);
    }
}

/* One export and one import of the token, under different handles; one release. */
static void check_export_and_import(const struct packet_list *pl, uint64_t token)
{
    const struct aerocmd_packet *ex, *im;
    CHECK_EQ(count_opcode(pl, AEROGPU_CMD_EXPORT_SHARED_SURFACE), 1u);
    CHECK_EQ(count_opcode(pl, AEROGPU_CMD_IMPORT_SHARED_SURFACE), 1u);
    CHECK_EQ(count_opcode(pl, AEROGPU_CMD_RELEASE_SHARED_SURFACE), 1u);
    ex = find_packet(pl, AEROGPU_CMD_EXPORT_SHARED_SURFACE, 0);
    im = find_packet(pl, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 0);
    if (CHECK(ex != NULL && im != NULL)) {
        CHECK(u64_at(ex, 16) == token);
        CHECK(u64_at(im, 16) == token);
        CHECK(u32_at(ex, 8) != u32_at(im, 8));
        /* export after the create, in the creator's first submission */
        CHECK_EQ(pl->opcode[0], (uint32_t)AEROGPU_CMD_CREATE_BUFFER);
        CHECK_EQ(pl->submission[ex - pl->packet], 0u);
    }
}

static void test_buffer_round_trip(void)
{
    static const uint8_t data[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    static struct pair p;
    static struct packet_list pl;
    struct aerocmd_umd_buffer_desc d = shared_buffer_desc(16);
    struct aerocmd_umd_resource *a = NULL;
    struct aerocmd_umd_open_desc od;
    uint64_t token;
    uint32_t alloc_id;
    if (!CHECK(pair_open(&p)))
        return;
    CHECK_EQ(aerocmd_umd_create_buffer(p.dev[0], p.res_mem[0], 256, &d, data, &a), AEROCMD_OK);
    if (!CHECK(a != NULL))
        return;
    token = aerocmd_umd_resource_share_token(a);
    alloc_id = aerocmd_umd_resource_alloc_id(a);
    CHECK(alloc_id >= 1u && alloc_id <= AEROGPU_WDDM_ALLOC_ID_UMD_MAX);
    CHECK(token > 0xFFFFFFFFull);          /* the fake KMD's counter, not a 32-bit handle */
    CHECK_EQ(p.fake.submission_count, 1u); /* creation submitted the export */
    if (!check_preserved_buffer_blob(&p, a, token, alloc_id, &od))
        return;
    if (!read_through_opened_alias(&p, &od, a, token, alloc_id, data))
        return;
    destroy_creator_and_check_release(&p, &pl, a, token, alloc_id);
    check_export_and_import(&pl, token);
    CHECK(all_valid(&p));
    CHECK_EQ(p.fake.live_memories, 0u);
    pair_close(&p);
    CHECK_EQ(p.fake_alloc.live_blocks, 0);
}

/* The import is an alias (RULES.md): what B cleared through it is in the host's resource
 * behind A's own handle. */
static void check_host_red_through_creator(const struct pair *p,
                                           const struct aerocmd_umd_resource *a)
{
    const struct aerocmd_umd_fake_resource *seen =
        aerocmd_umd_fake_resource(&p->fake, aerocmd_umd_resource_handle(a));
    uint32_t px;
    if (!CHECK(seen != NULL && seen->bytes != NULL && seen->size_bytes >= 64u))
        return;
    memcpy(&px, seen->bytes + 60, 4); /* the last texel of 4x4 B8G8R8A8 */
    CHECK_EQ(px, 0xFFFF0000u);
}

/* A shared render target: B clears it through the alias, copies it to staging, reads red. */
static void test_texture_clear_through_alias(void)
{
    static const uint32_t red[4] = {F32_1, F32_0, F32_0, F32_1};
    static struct pair p;
    struct aerocmd_umd_texture2d_desc d = shared_texture_desc(4, 4);
    struct aerocmd_umd_texture2d_desc sd = texture_desc(4, 4, DXGI_B8G8R8A8_UNORM, 0, 1);
    struct aerocmd_umd_resource *a = NULL, *b = NULL, *staging = NULL;
    struct aerocmd_umd_view *rtv = NULL;
    struct aerocmd_umd_view_desc vd;
    struct aerocmd_umd_open_desc od;
    struct aerocmd_umd_mapped mapped;
    uint64_t view_mem[16];
    uint32_t px;
    if (!CHECK(pair_open(&p)))
        return;
    sd.usage = AEROCMD_UMD_USAGE_STAGING;
    sd.cpu_access = AEROCMD_UMD_CPU_ACCESS_READ;
    memset(&vd, 0, sizeof vd);
    CHECK_EQ(aerocmd_umd_create_texture2d(p.dev[0], p.res_mem[0], 256, &d, NULL, &a), AEROCMD_OK);
    if (!CHECK(a != NULL && preserved(&p, a, &od) != NULL))
        return;
    CHECK_EQ(aerocmd_umd_open_resource(p.dev[1], p.res_mem[1], 256, &od, &b), AEROCMD_OK);
    if (!CHECK(b != NULL))
        return;
    CHECK_EQ(aerocmd_umd_resource_format(b), aerocmd_umd_resource_format(a));
    CHECK_EQ(aerocmd_umd_create_texture2d(p.dev[1], p.res_mem[2], 256, &sd, NULL, &staging),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_create_view(p.dev[1], view_mem, sizeof view_mem,
                                     AEROCMD_VIEW_RENDER_TARGET, b, &vd, &rtv),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_clear_render_target(p.ctx[1], rtv, red), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_resource(p.ctx[1], staging, b), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(p.ctx[1]), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_map(p.ctx[1], staging, 0, AEROCMD_UMD_MAP_READ, 0, &mapped), AEROCMD_OK);
    memcpy(&px, (const uint8_t *)mapped.data + mapped.row_pitch * 3u + 12u, 4);
    CHECK_EQ(px, 0xFFFF0000u); /* B8G8R8A8 red */
    CHECK_EQ(aerocmd_umd_unmap(p.ctx[1], staging, 0), AEROCMD_OK);
    check_host_red_through_creator(&p, a);
    CHECK_EQ(aerocmd_umd_destroy_view(rtv), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(staging), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(b), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(p.ctx[1]), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(a), AEROCMD_OK);
    CHECK(all_valid(&p));
    CHECK_EQ(p.fake.live_memories, 0u);
    pair_close(&p);
}

/* ---- blobs from elsewhere: v1 / v2 with a D3D9Ex description --------------------------- */

/* A blob naming a's allocation and token, written as `version` with `reserved0`. */
static size_t foreign_blob(const struct pair *p, const struct aerocmd_umd_resource *a,
                           uint32_t version, uint64_t reserved0, uint64_t *blob)
{
    const struct aerocmd_umd_fake_memory *m =
        aerocmd_umd_fake_find_memory(&p->fake, aerocmd_umd_resource_alloc_id(a));
    struct aerocmd_kmd_alloc_info info;
    size_t written = 0;
    memset(&info, 0, sizeof info);
    info.version = version;
    info.alloc_id = m->alloc_id;
    info.flags = AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED;
    info.share_token = aerocmd_umd_resource_share_token(a);
    info.size_bytes = m->size_bytes;
    info.reserved0 = reserved0;
    if (aerocmd_kmd_alloc_priv_fill(&info, blob, 64, &written) != AEROCMD_OK)
        return 0;
    return written;
}

static void test_d3d9ex_descriptions(void)
{
    static struct pair p;
    struct aerocmd_umd_texture2d_desc d = shared_texture_desc(64, 32);
    struct aerocmd_umd_resource *a = NULL, *b = NULL;
    struct aerocmd_umd_open_desc od;
    uint64_t blob[8];
    uint64_t desc9 =
        AEROGPU_WDDM_ALLOC_PRIV_DESC_MARKER | (32ull << 48) | (64ull << 32) | D3DFMT_A8R8G8B8;
    uint32_t version;
    if (!CHECK(pair_open(&p)))
        return;
    CHECK_EQ(aerocmd_umd_create_texture2d(p.dev[0], p.res_mem[0], 256, &d, NULL, &a), AEROCMD_OK);
    if (!CHECK(a != NULL && preserved(&p, a, &od) != NULL))
        return;
    for (version = 1; version <= 2; version++) {
        od.private_data = blob;
        od.private_data_bytes = (uint32_t)foreign_blob(&p, a, version, desc9, blob);
        CHECK_EQ(od.private_data_bytes, version == 1 ? 40u : 64u);
        CHECK_EQ(aerocmd_umd_open_resource(p.dev[1], p.res_mem[1], 256, &od, &b), AEROCMD_OK);
        CHECK_EQ(aerocmd_umd_resource_format(b), aerocmd_umd_resource_format(a));
        CHECK_EQ(aerocmd_umd_destroy_resource(b), AEROCMD_OK);
    }
    /* A D3D9 format without a DXGI twin here, and one too large for the allocation. */
    od.private_data_bytes = (uint32_t)foreign_blob(&p, a, 1, (desc9 & ~0xFFFFFFFFull) | 50u, blob);
    CHECK_EQ(aerocmd_umd_open_resource(p.dev[1], p.res_mem[1], 256, &od, &b),
             AEROCMD_E_NOT_IMPLEMENTED);
    od.private_data_bytes = (uint32_t)foreign_blob(&p, a, 1, desc9 | (1ull << 47), blob);
    CHECK_EQ(aerocmd_umd_open_resource(p.dev[1], p.res_mem[1], 256, &od, &b),
             AEROCMD_E_INVALID_ARG);
    /* v1 without a description: nothing to rebuild from. */
    od.private_data_bytes = (uint32_t)foreign_blob(&p, a, 1, 256u, blob);
    CHECK_EQ(aerocmd_umd_open_resource(p.dev[1], p.res_mem[1], 256, &od, &b),
             AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_flush(p.ctx[1]), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(a), AEROCMD_OK);
    CHECK(all_valid(&p));
    pair_close(&p);
}

/* ---- refusals ---------------------------------------------------------------------------- */

static void set_u32(uint64_t *blob, uint32_t offset, uint32_t v)
{
    memcpy((uint8_t *)blob + offset, &v, 4);
}

static void set_u64(uint64_t *blob, uint32_t offset, uint64_t v)
{
    memcpy((uint8_t *)blob + offset, &v, 8);
}

static aerocmd_result open_mutated(struct pair *p, const struct aerocmd_umd_open_desc *good,
                                   uint32_t offset, uint32_t value, uint32_t bytes)
{
    uint64_t blob[8];
    struct aerocmd_umd_open_desc od = *good;
    struct aerocmd_umd_resource *b = NULL;
    memcpy(blob, good->private_data, 64);
    set_u32(blob, offset, value);
    od.private_data = blob;
    od.private_data_bytes = bytes;
    return aerocmd_umd_open_resource(p->dev[1], p->res_mem[1], 256, &od, &b);
}

/* allocate_memory of a kernel driver that does not share: it drops the blob. */
static aerocmd_result (*fake_allocate_fn)(void *, struct aerocmd_umd_memory *);
static aerocmd_result no_token_allocate(void *user, struct aerocmd_umd_memory *memory)
{
    struct aerocmd_umd_memory copy = *memory;
    aerocmd_result r;
    copy.private_data = NULL;
    copy.private_data_bytes = 0;
    r = fake_allocate_fn(user, &copy);
    memory->os_handle = copy.os_handle;
    return r;
}

/* An open of `od`'s allocation with its private data or handle broken: refused, and no
 * refusal writes a packet. */
static void check_open_refusals(struct pair *p, const struct aerocmd_umd_open_desc *od)
{
    struct aerocmd_umd_resource *x = NULL;
    struct aerocmd_umd_open_desc bad;
    uint64_t blob[8];
    uint32_t subs = p->fake.submission_count;
    CHECK_EQ(open_mutated(p, od, 0, 0x12345678u, 64), AEROCMD_E_INVALID_ARG); /* magic */
    CHECK_EQ(open_mutated(p, od, 4, 3u, 64), AEROCMD_E_INVALID_ARG);          /* version */
    CHECK_EQ(open_mutated(p, od, 4, 2u, 63), AEROCMD_E_INVALID_ARG);          /* short */
    CHECK_EQ(open_mutated(p, od, 12, 0u, 64), AEROCMD_E_INVALID_ARG);         /* unshared + token */
    CHECK_EQ(open_mutated(p, od, 40, 7u, 64), AEROCMD_E_INVALID_ARG);         /* kind */
    CHECK_EQ(open_mutated(p, od, 40, 0u, 64), AEROCMD_E_NOT_IMPLEMENTED);     /* kind UNKNOWN */
    CHECK_EQ(open_mutated(p, od, 56, 5u, 64), AEROCMD_E_NOT_IMPLEMENTED);     /* row pitch */
    CHECK_EQ(open_mutated(p, od, 48, 4096u, 64), AEROCMD_E_INVALID_ARG);      /* over size */
    CHECK_EQ(open_mutated(p, od, 52, 9999u, 64), AEROCMD_E_NOT_IMPLEMENTED);  /* format */
    CHECK_EQ(open_mutated(p, od, 60, 1u, 64), AEROCMD_E_INVALID_ARG);         /* reserved1 */
    /* shared without its token; unshared without token */
    memcpy(blob, od->private_data, 64);
    set_u64(blob, 16, 0);
    bad = *od;
    bad.private_data = blob;
    CHECK_EQ(aerocmd_umd_open_resource(p->dev[1], p->res_mem[1], 256, &bad, &x),
             AEROCMD_E_INVALID_ARG);
    set_u32(blob, 12, 0);
    CHECK_EQ(aerocmd_umd_open_resource(p->dev[1], p->res_mem[1], 256, &bad, &x),
             AEROCMD_E_INVALID_ARG);
    bad = *od;
    bad.os_handle = 0;
    CHECK_EQ(aerocmd_umd_open_resource(p->dev[1], p->res_mem[1], 256, &bad, &x),
             AEROCMD_E_INVALID_ARG);
    bad = *od;
    bad.private_data = NULL;
    CHECK_EQ(aerocmd_umd_open_resource(p->dev[1], p->res_mem[1], 256, &bad, &x),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_flush(p->ctx[1]), AEROCMD_OK);
    CHECK_EQ(p->fake.submission_count, subs); /* no refusal wrote a packet */
}

/* Creation refusals: staging, mips, layers; a kernel that leaves no token. Nothing is left
 * allocated by them. */
static void check_create_refusals(struct pair *p)
{
    struct aerocmd_umd_texture2d_desc d = shared_texture_desc(4, 4);
    struct aerocmd_umd_buffer_desc bd = shared_buffer_desc(16);
    struct aerocmd_umd_resource *x = NULL;
    bd.usage = AEROCMD_UMD_USAGE_STAGING;
    CHECK_EQ(aerocmd_umd_create_buffer(p->dev[0], p->res_mem[1], 256, &bd, NULL, &x),
             AEROCMD_E_INVALID_ARG);
    d.mip_levels = 0;
    CHECK_EQ(aerocmd_umd_create_texture2d(p->dev[0], p->res_mem[1], 256, &d, NULL, &x),
             AEROCMD_E_NOT_IMPLEMENTED);
    d.mip_levels = 1;
    d.array_size = 2;
    CHECK_EQ(aerocmd_umd_create_texture2d(p->dev[0], p->res_mem[1], 256, &d, NULL, &x),
             AEROCMD_E_NOT_IMPLEMENTED);
    d.array_size = 1;
    fake_allocate_fn = p->cb.allocate_memory;
    p->cb_no_token = p->cb;
    p->cb_no_token.allocate_memory = no_token_allocate;
    CHECK(pair_open_device(p, 2, 0x9ABC, &p->cb_no_token));
    CHECK_EQ(aerocmd_umd_create_texture2d(p->dev[2], p->res_mem[1], 256, &d, NULL, &x),
             AEROCMD_E_NOT_IMPLEMENTED);
}

static void test_refusals(void)
{
    static struct pair p;
    struct aerocmd_umd_texture2d_desc d = shared_texture_desc(4, 4);
    struct aerocmd_umd_resource *a = NULL;
    struct aerocmd_umd_open_desc od;
    if (!CHECK(pair_open(&p)))
        return;
    CHECK_EQ(aerocmd_umd_create_texture2d(p.dev[0], p.res_mem[0], 256, &d, NULL, &a), AEROCMD_OK);
    if (!CHECK(a != NULL && preserved(&p, a, &od) != NULL))
        return;
    check_open_refusals(&p, &od);
    check_create_refusals(&p);
    CHECK_EQ(p.fake.live_memories, 1u); /* only a's */
    CHECK_EQ(aerocmd_umd_destroy_resource(a), AEROCMD_OK);
    CHECK(all_valid(&p));
    CHECK_EQ(p.fake.live_memories, 0u);
    pair_close(&p);
}

/* ---- failure injection -------------------------------------------------------------------- */

/* A creates + exports, B opens, copies and reads back, B then A destroy. */
static aerocmd_result share_scene(struct pair *p, struct aerocmd_umd_resource **made)
{
    static const uint8_t data[8] = {9, 8, 7, 6, 5, 4, 3, 2};
    struct aerocmd_umd_buffer_desc d = shared_buffer_desc(8);
    struct aerocmd_umd_open_desc od;
    struct aerocmd_umd_mapped mapped;
    aerocmd_result r = aerocmd_umd_create_buffer(p->dev[0], p->res_mem[0], 256, &d, data, &made[0]);
    if (r != AEROCMD_OK)
        return r;
    if (preserved(p, made[0], &od) == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_umd_open_resource(p->dev[1], p->res_mem[1], 256, &od, &made[1]);
    if (r == AEROCMD_OK)
        r = make_staging_buffer(p, 1, p->res_mem[2], 8, &made[2]);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_copy_resource(p->ctx[1], made[2], made[1]);
    if (r == AEROCMD_OK)
        r = aerocmd_umd_map(p->ctx[1], made[2], 0, AEROCMD_UMD_MAP_READ, 0, &mapped);
    if (r != AEROCMD_OK)
        return r;
    r = memcmp(mapped.data, data, 8) == 0 ? AEROCMD_OK : AEROCMD_E_INVALID_ARG;
    (void)aerocmd_umd_unmap(p->ctx[1], made[2], 0);
    return r;
}

static void destroy_made(struct pair *p, struct aerocmd_umd_resource **made)
{
    int i;
    /* one command buffer for the whole guest: each device flushes before the other writes */
    for (i = 2; i >= 1; i--)
        if (made[i] != NULL)
            (void)aerocmd_umd_destroy_resource(made[i]);
    (void)aerocmd_umd_flush(p->ctx[1]);
    if (made[0] != NULL)
        (void)aerocmd_umd_destroy_resource(made[0]);
    (void)aerocmd_umd_flush(p->ctx[0]);
}

static void test_failure_injection(void)
{
    static struct pair p;
    unsigned long n;
    unsigned points = 0;
    for (n = 1; n < 200; n++) {
        struct aerocmd_umd_resource *made[3] = {NULL, NULL, NULL};
        aerocmd_result r;
        if (!CHECK(pair_open(&p)))
            return;
        p.fake.fail_at = n;
        r = share_scene(&p, made);
        p.fake.fail_at = 0;
        destroy_made(&p, made);
        if (r != AEROCMD_OK) {
            points++;
            CHECK_EQ(r, AEROCMD_E_OUT_OF_MEMORY);
        }
        CHECK(all_valid(&p));
        CHECK_EQ(p.fake.live_memories, 0u);
        CHECK_EQ(p.fake.lock_count, 0u);
        pair_close(&p);
        CHECK_EQ(p.fake_alloc.live_blocks, 0);
        if (r == AEROCMD_OK)
            break;
    }
    CHECK(points >= 8u);
    CHECK(n < 200);
}

/* A device opens its own shared buffer: both objects name one host resource (RULES.md: an
 * import is an alias). CopyResource between them leaves the bytes as they are and sends
 * nothing; CopySubresourceRegion would copy the buffer's one subresource onto itself, which
 * Direct3D never does and the validator refuses (copy_same_subresource). (fuzz_ddi_sequence:
 * copy_between_shared_aliases) */
static void test_copy_between_aliases(void)
{
    static const uint8_t data[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    static struct pair p;
    static struct packet_list pl;
    struct aerocmd_umd_buffer_desc d = shared_buffer_desc(16);
    struct aerocmd_umd_resource *a = NULL, *b = NULL;
    struct aerocmd_umd_open_desc od;
    uint32_t copies;
    if (!CHECK(pair_open(&p)))
        return;
    CHECK_EQ(aerocmd_umd_create_buffer(p.dev[0], p.res_mem[0], 256, &d, data, &a), AEROCMD_OK);
    if (!CHECK(a != NULL && preserved(&p, a, &od) != NULL))
        return;
    CHECK_EQ(aerocmd_umd_open_resource(p.dev[0], p.res_mem[1], 256, &od, &b), AEROCMD_OK);
    if (!CHECK(b != NULL))
        return;
    CHECK_EQ(aerocmd_umd_copy_resource(p.ctx[0], b, a), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_resource(p.ctx[0], a, b), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_copy_subresource_region(p.ctx[0], b, 0, 0, 0, 0, a, 0, NULL),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_flush(p.ctx[0]), AEROCMD_OK);
    collect_packets(&p.fake, &pl);
    copies = count_opcode(&pl, AEROGPU_CMD_COPY_BUFFER);
    CHECK_EQ(copies, 0u);
    CHECK(all_valid(&p));
    CHECK_EQ(aerocmd_umd_destroy_resource(b), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_destroy_resource(a), AEROCMD_OK);
    pair_close(&p);
}

int main(void)
{
    test_buffer_round_trip();
    test_copy_between_aliases();
    test_texture_clear_through_alias();
    test_d3d9ex_descriptions();
    test_refusals();
    test_failure_injection();
    return check_finish();
}
