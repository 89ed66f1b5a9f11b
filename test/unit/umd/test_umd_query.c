/* SPDX-License-Identifier: MIT */
/* Queries (umd_query.h), the capability answers (umd_caps.h), the DDI-numbered
 * descriptions (umd_ddi.h) and the guest-wide id counter, on the library. Expected values
 * come from the DDI facts (FACTS-ADDENDUM.md: query data sizes, DO_NOT_FLUSH, signalling)
 * and the rules of doc/compatibility.md "Queries and predication". */
#include "aerocmd/umd_caps.h"
#include "aerocmd/umd_ddi.h"
#include "aerocmd/umd_query.h"
#include "umd_kit.h"

/* The sizes of Direct3D's query data (BOOL 4, UINT64 8, the structs 16 / 64 / 88). */
static void test_data_sizes(void)
{
    static const uint32_t want[AEROCMD_UMD_QUERY_KIND_COUNT] = {4,  8,  8,  16, 64, 4, 16, 4, 88,
                                                                16, 16, 16, 16, 4,  4, 4,  4};
    uint32_t k;
    for (k = 0; k < AEROCMD_UMD_QUERY_KIND_COUNT; k++)
        CHECK_EQ(aerocmd_umd_query_data_size(k), want[k]);
    CHECK_EQ(aerocmd_umd_query_data_size(AEROCMD_UMD_QUERY_KIND_COUNT), 0);
    CHECK_EQ(aerocmd_umd_query_data_size(0x1000), 0); /* a counter id */
}

/* EVENT signals exactly at the fence of the submission holding its end; DO_NOT_FLUSH
 * leaves that submission unmade. win7: completion read through the query's allocation. */
static void test_event(int win7)
{
    static struct harness h;
    struct aerocmd_umd_query *q;
    uint32_t data = 0xA5A5A5A5u, live;
    uint64_t fence;
    kit_reset();
    CHECK(harness_open_fake(&h, 65536, 16));
    h.fake.hold_fences = 1;
    h.fake.win7_locks = win7;
    aerocmd_umd_fake_callbacks(&h.fake, &h.cb);
    CHECK(harness_open_device(&h));
    live = h.fake.live_memories;
    q = kit_query(&h, AEROCMD_UMD_QUERY_EVENT);
    CHECK_EQ(h.fake.live_memories, live + (win7 ? 1u : 0u));
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, q, &data, 4, 0), AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, q), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, q, &data, 4, AEROCMD_UMD_QUERY_DO_NOT_FLUSH),
             AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(h.fake.submission_count, 0);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, q, &data, 4, 0), AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(h.fake.submission_count, 1);
    CHECK_EQ(data, 0xA5A5A5A5u);
    fence = h.fake.last_fence;
    aerocmd_umd_fake_complete(&h.fake, fence - 1u);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, q, &data, 4, 0), AEROCMD_E_STILL_DRAWING);
    aerocmd_umd_fake_complete(&h.fake, fence);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, q, NULL, 0, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, q, &data, 4, 0), AEROCMD_OK);
    CHECK_EQ(data, 1);
    /* Ended again into the open buffer: its allocation goes after that buffer's submission. */
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, q), AEROCMD_OK);
    aerocmd_umd_destroy_query(q);
    CHECK_EQ(h.fake.live_memories, live + (win7 ? 1u : 0u));
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK_EQ(h.fake.live_memories, live);
    kit_close(&h);
}

/* An End that fails leaves the event issued but not ended: it answered TRUE for its earlier
 * End, and must not for commands sent since (an event signals once all commands before its
 * End are done). Windows 7 waits, one allocation-list entry: the End needs a buffer of its
 * own, whose submission fails. */
static void test_event_end_fails(void)
{
    static struct harness h;
    struct aerocmd_umd_query *q, *other;
    uint32_t data = 0;
    kit_reset();
    CHECK(harness_open_fake(&h, 65536, 1));
    h.fake.win7_locks = 1;
    aerocmd_umd_fake_callbacks(&h.fake, &h.cb);
    CHECK(harness_open_device(&h));
    q = kit_query(&h, AEROCMD_UMD_QUERY_EVENT);
    other = kit_query(&h, AEROCMD_UMD_QUERY_EVENT);
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, q), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, q, &data, 4, 0), AEROCMD_OK);
    CHECK_EQ(data, 1);
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, other), AEROCMD_OK); /* the list's one entry */
    h.fake.fail_at = h.fake.fallible_calls + 1u;
    h.fake.fail_with = AEROCMD_E_OUT_OF_MEMORY;
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, q), AEROCMD_E_OUT_OF_MEMORY);
    h.fake.fail_at = 0;
    data = 0xA5A5A5A5u;
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, q, &data, 4, AEROCMD_UMD_QUERY_DO_NOT_FLUSH),
             AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, q, &data, 4, 0), AEROCMD_E_STILL_DRAWING);
    CHECK_EQ(data, 0xA5A5A5A5u);
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, q), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, q, &data, 4, 0), AEROCMD_OK);
    CHECK_EQ(data, 1);
    /* An End that loses the device: from then on every GetData is DEVICE_REMOVED (the
     * only other answer the DDI allows), not a STILL_DRAWING to poll forever. */
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, other), AEROCMD_OK);
    h.fake.fail_at = h.fake.fallible_calls + 1u;
    h.fake.fail_with = AEROCMD_E_DEVICE_REMOVED;
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, q), AEROCMD_E_DEVICE_REMOVED);
    h.fake.fail_at = 0;
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, q, &data, 4, AEROCMD_UMD_QUERY_DO_NOT_FLUSH),
             AEROCMD_E_DEVICE_REMOVED);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, other, &data, 4, 0), AEROCMD_E_DEVICE_REMOVED);
    aerocmd_umd_destroy_query(q);
    aerocmd_umd_destroy_query(other);
    kit_close(&h);
}

/* Occlusion and statistics over a triangle drawn once, then four instances, with a
 * geometry shader bound for the second draw, in a 64x64 viewport. */
static void test_counting(void)
{
    static struct harness h;
    struct aerocmd_umd_query *occ, *stats, *pred, *disjoint;
    uint8_t d[88];
    uint64_t v[11];
    uint32_t b;
    kit_reset();
    harness_policy = AEROCMD_UMD_POLICY_COMPATIBLE; /* the approximated kinds */
    CHECK(harness_open(&h, 65536, 16));
    harness_policy = AEROCMD_UMD_POLICY_STRICT;
    kit_bind_basic(&h, kit_triangle_vb(&h), kit_target(&h, 64, 64), NULL);
    occ = kit_query(&h, AEROCMD_UMD_QUERY_OCCLUSION);
    stats = kit_query(&h, AEROCMD_UMD_QUERY_PIPELINE_STATS_11);
    pred = kit_query(&h, AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE);
    disjoint = kit_query(&h, AEROCMD_UMD_QUERY_TIMESTAMP_DISJOINT);
    CHECK_EQ(aerocmd_umd_query_begin(h.ctx, occ), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_begin(h.ctx, stats), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_shader(h.ctx, AEROCMD_SHADER_GS, kit_shader(&h, SCENE_GS_SHIFT)),
             AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw_instanced(h.ctx, 3, 4, 0, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, occ), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, stats), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, pred), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_end(h.ctx, disjoint), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK); /* after the ends */
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, occ, v, 8, 0), AEROCMD_OK);
    CHECK_EQ(v[0], 5u * 64u * 64u);
    memset(v, 0xA5, sizeof v);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, stats, v, sizeof v, 0), AEROCMD_OK);
    CHECK(v[0] == 15 && v[1] == 5 && v[2] == 15 && v[3] == 4 && v[4] == 4 && v[5] == 5 &&
          v[6] == 5 && v[7] == 5u * 64u * 64u && v[8] == 0 && v[9] == 0 && v[10] == 0);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, pred, &b, 4, 0), AEROCMD_OK);
    CHECK_EQ(b, 1);
    CHECK_EQ(aerocmd_umd_query_get_data(h.ctx, disjoint, d, 16, 0), AEROCMD_OK);
    memcpy(v, d, 8);
    memcpy(&b, d + 8, 4);
    CHECK(v[0] == AEROCMD_UMD_TIMESTAMP_FREQUENCY && b == 1);
    /* Predication on the TRUE predicate with FALSE leaves nothing out (test_umd_predication). */
    CHECK_EQ(aerocmd_umd_set_predication(h.ctx, pred, 0), AEROCMD_OK);
    aerocmd_umd_destroy_query(pred);
    CHECK_EQ(aerocmd_umd_set_predication(h.ctx, NULL, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_create_query(h.dev, kit_take(aerocmd_umd_query_size()),
                                      aerocmd_umd_query_size(), 0x1000, &occ),
             AEROCMD_E_INVALID_ARG); /* a counter id is no query */
    kit_close(&h);
}

/* D3D10_DDI_FORMAT_SUPPORT bits of a few formats, the adapter blob and caps, counters. */
static void test_caps(void)
{
    struct aerocmd_umd_adapter_info info;
    struct aerocmd_umd_caps caps;
    uint8_t blob[80];
    uint32_t v;
    CHECK_EQ(aerocmd_umd_ddi_format_support(87 /* B8G8R8A8 */, H_ABI), 7);
    CHECK_EQ(aerocmd_umd_ddi_format_support(6 /* R32G32B32_FLOAT: vertex data */, H_ABI), 0);
    CHECK_EQ(aerocmd_umd_ddi_format_support(66 /* R1_UNORM */, H_ABI), 0x80000000u);
    CHECK_EQ(aerocmd_umd_multisample_quality_levels(87, 1, H_ABI), 1);
    CHECK_EQ(aerocmd_umd_multisample_quality_levels(87, 4, H_ABI), 0);
    memset(blob, 0, sizeof blob);
    v = 64;
    memcpy(blob, &v, 4); /* size_bytes */
    v = 1;
    memcpy(blob + 4, &v, 4); /* struct_version */
    v = 0x55504741u;
    memcpy(blob + 8, &v, 4); /* "AGPU" */
    v = H_ABI;
    memcpy(blob + 12, &v, 4);
    CHECK_EQ(aerocmd_umd_adapter_info_parse(blob, 64, &info), AEROCMD_OK);
    CHECK_EQ(info.abi_version, H_ABI);
    CHECK_EQ(aerocmd_umd_adapter_info_parse(blob, 63, &info), AEROCMD_E_INVALID_ARG);
    v = 0x41524750u; /* the legacy "ARGP" device */
    memcpy(blob + 8, &v, 4);
    CHECK_EQ(aerocmd_umd_adapter_info_parse(blob, 64, &info), AEROCMD_E_NOT_IMPLEMENTED);
    aerocmd_umd_adapter_caps(H_ABI, &caps);
    CHECK(caps.threading == 0 && caps.shader == 2 && caps.pipeline_levels == 1);
    aerocmd_umd_adapter_caps(2u << 16, &caps);
    CHECK(caps.threading == 0 && caps.shader == 0 && caps.pipeline_levels == 0);
    CHECK_EQ(aerocmd_umd_check_counter(0x1000), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_check_counter(0x40000000), AEROCMD_E_INVALID_ARG);
}

/* An 8x8 B8G8R8A8_UNORM 2D texture of one level in the DDI's numbering, no flags yet. */
static struct aerocmd_umd_ddi_resource_desc ddi_texture_8x8(void)
{
    struct aerocmd_umd_ddi_resource_desc d;
    memset(&d, 0, sizeof d);
    d.dimension = 3; /* TEXTURE2D */
    d.width = d.height = 8;
    d.mip_levels = d.array_size = d.sample_count = 1;
    d.dxgi_format = 87; /* B8G8R8A8_UNORM */
    return d;
}

/* Resource descriptions in the DDI's numbering, and the one-entry-per-allocation list. */
static void test_ddi_descriptions(void)
{
    static struct harness h;
    struct aerocmd_umd_ddi_resource_desc d;
    struct aerocmd_umd_resource *res;
    struct aerocmd_umd_alloc_ref refs[4] = {{7, 1, 0}, {8, 2, 0}, {7, 1, 1}, {9, 3, 0}}, out[4];
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    d = ddi_texture_8x8();
    d.bind_flags = 0x20 | 0x8 | 0x80; /* RENDER_TARGET | SHADER_RESOURCE | PRESENT */
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_OK);
    d.bind_flags = 0x100; /* UNORDERED_ACCESS of a texture */
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_NOT_IMPLEMENTED);
    d.bind_flags = 0x200; /* no such bit */
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    d.bind_flags = 0x8;
    d.misc_flags = 0x100; /* keyed mutex */
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_NOT_IMPLEMENTED);
    d.misc_flags = 0;
    d.dimension = 5; /* TEXTURECUBE */
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_NOT_IMPLEMENTED);
    d.bind_flags = 0x200; /* an undefined bit is invalid whatever the dimension */
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    d.bind_flags = 0x8;
    d.usage = 4; /* past D3D10_DDI_USAGE_STAGING (3) */
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    d.dimension = 3; /* the same for a 2D texture, which the library creates */
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    d.usage = 0;
    d.cpu_access = 0x4; /* past D3D10_DDI_CPU_ACCESS_MASK (3) */
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    d.cpu_access = 0;
    d.dimension = 9;
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_umd_merge_alloc_refs(refs, 4, out), 3);
    CHECK(out[0].os_handle == 7 && out[0].flags == 1 && out[1].os_handle == 8 &&
          out[2].os_handle == 9);
    kit_close(&h);
}

/* The Windows 7 DDI's misc flags (FACTS-ADDENDUM.md (1), "Misc flags"), as DXGI and the
 * D3D11 runtime pass them: defined bits the driver honours or may ignore are taken, the
 * reserved ones it cannot honour are refused as not implemented, undefined ones as invalid;
 * GDI_COMPATIBLE (reserved 0x200) is taken on what Direct3D allows it on. */
static void test_ddi_misc_flags(void)
{
    static const struct {
        uint32_t misc, bind;
        aerocmd_result want;
    } cases[] = {
        {0x8u, 0x20u | 0x80u, AEROCMD_OK},       /* DISCARD_ON_PRESENT on a back buffer (DISCARD) */
        {0x80u, 0x8u, AEROCMD_OK},               /* RESOURCE_CLAMP */
        {0x400u, 0x8u, AEROCMD_OK},              /* REMOTE */
        {0x1u, 0x20u | 0x8u, AEROCMD_OK},        /* AUTO_GEN_MIP_MAP */
        {0x4u, 0x8u, AEROCMD_E_NOT_IMPLEMENTED}, /* reserved: TEXTURECUBE */
        {0x100u, 0x8u, AEROCMD_E_NOT_IMPLEMENTED}, /* reserved: SHARED_KEYEDMUTEX */
        {0x200u, 0x20u, AEROCMD_OK},               /* GDI_COMPATIBLE B8G8R8A8 render target */
        {0x200u, 0x8u, AEROCMD_E_INVALID_ARG},     /* GDI_COMPATIBLE, not a render target */
        {0x800u, 0x8u, AEROCMD_E_INVALID_ARG},     /* not a Windows 7 DDI bit */
    };
    static struct harness h;
    struct aerocmd_umd_ddi_resource_desc d;
    struct aerocmd_umd_resource *res;
    size_t i;
    kit_reset();
    CHECK(harness_open(&h, 65536, 16));
    d = ddi_texture_8x8();
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        d.misc_flags = cases[i].misc;
        d.bind_flags = cases[i].bind;
        d.mip_levels = cases[i].misc == 0x1u ? 4u : 1u; /* 8x8: a full chain to generate */
        res = NULL;
        if (!CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                                      aerocmd_umd_resource_size(), &d, NULL, &res),
                      cases[i].want))
            fprintf(stderr, "    misc 0x%x\n", (unsigned)cases[i].misc);
        CHECK((res != NULL) == (cases[i].want == AEROCMD_OK));
    }
    d.misc_flags = 0x200u; /* GDI_COMPATIBLE needs a B8G8R8A8 format and one sample */
    d.bind_flags = 0x20u;
    d.mip_levels = 1;
    d.dxgi_format = 28; /* R8G8B8A8_UNORM */
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    d.dxgi_format = 91; /* B8G8R8A8_UNORM_SRGB */
    d.sample_count = 4;
    CHECK_EQ(aerocmd_umd_create_ddi_resource(h.dev, kit_take(aerocmd_umd_resource_size()),
                                             aerocmd_umd_resource_size(), &d, NULL, &res),
             AEROCMD_E_INVALID_ARG);
    kit_close(&h);
}

static uint64_t counter_value;
static uint64_t counter_step(void *user)
{
    (void)user;
    return ++counter_value;
}
static uint64_t counter_unavailable(void *user)
{
    (void)user;
    return 0;
}

/* Ids are the counter's low 31 bits, 0 skipped; without the counter, from 2^30 up. */
static void test_id_counter(void)
{
    struct aerocmd_umd_id_counter ids;
    uint32_t id = 0;
    aerocmd_umd_id_counter_init(&ids, counter_step, NULL, 0x1238);
    counter_value = 0x7FFFFFFEu;
    CHECK_EQ(aerocmd_umd_id_counter_next(&ids, AEROCMD_UMD_ID_HANDLE, &id), AEROCMD_OK);
    CHECK_EQ(id, 0x7FFFFFFFu);
    CHECK_EQ(aerocmd_umd_id_counter_next(&ids, AEROCMD_UMD_ID_ALLOC, &id), AEROCMD_OK);
    CHECK_EQ(id, 1); /* 0x80000000 has low bits 0: the next value is taken */
    CHECK_EQ(counter_value, 0x80000001u);
    aerocmd_umd_id_counter_init(&ids, counter_unavailable, NULL, 0x1238);
    CHECK_EQ(aerocmd_umd_id_counter_next(&ids, AEROCMD_UMD_ID_HANDLE, &id), AEROCMD_OK);
    CHECK_EQ(id, 0x40000000u | (0x48Eu << 18) | 1u);
    aerocmd_umd_id_counter_init(&ids, NULL, NULL, 0xFFFFFFFCu);
    CHECK_EQ(aerocmd_umd_id_counter_next(&ids, AEROCMD_UMD_ID_ALLOC, &id), AEROCMD_OK);
    CHECK(id >= 0x40000000u && id <= 0x7FFFFFFFu);
}

int main(void)
{
    test_data_sizes();
    test_event(0);
    test_event(1);
    test_event_end_fails();
    test_counting();
    test_caps();
    test_ddi_descriptions();
    test_ddi_misc_flags();
    test_id_counter();
    return check_finish();
}
