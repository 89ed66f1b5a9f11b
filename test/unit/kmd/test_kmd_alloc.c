/* SPDX-License-Identifier: MIT */
/* Private data blobs, share tokens and allocation tables built from allocation lists. */
#include <stdint.h>
#include <string.h>

#include "aerocmd/kmd_alloc.h"
#include "check.h"

static uint64_t counter;

static uint64_t next_token(void *user)
{
    (void)user;
    return ++counter;
}

static uint64_t wrapped_token(void *user)
{
    (void)user;
    return 0;
}

static void make_blob(uint8_t *blob, uint32_t version, uint32_t alloc_id, uint32_t flags,
                      uint64_t token)
{
    struct aerocmd_kmd_alloc_info info;
    size_t written = 0;
    memset(&info, 0, sizeof info);
    info.version = version;
    info.alloc_id = alloc_id;
    info.flags = flags;
    info.share_token = token;
    info.size_bytes = 4096;
    if (version == 2) {
        info.kind = AEROGPU_WDDM_ALLOC_KIND_TEXTURE2D;
        info.width = 64;
        info.height = 32;
        info.format = 87;
        info.row_pitch_bytes = 256;
    }
    aerocmd_kmd_alloc_priv_fill(&info, blob, 64, &written);
}

static void test_priv_round_trip(void)
{
    uint8_t blob[64];
    struct aerocmd_kmd_alloc_info info;
    struct aerocmd_kmd_fault fault;
    size_t written = 0;

    make_blob(blob, 1, 7, AEROGPU_WDDM_ALLOC_PRIV_FLAG_CPU_VISIBLE, 0);
    CHECK_EQ(blob[0], 0x4F); /* magic little-endian */
    CHECK_EQ(aerocmd_kmd_alloc_priv_parse(blob, 40, &info, &fault), AEROCMD_OK);
    CHECK_EQ(info.version, 1);
    CHECK_EQ(info.alloc_id, 7);
    CHECK_EQ(info.size_bytes, 4096);
    CHECK_EQ(info.width, 0);

    make_blob(blob, 2, 9, 0, 0);
    CHECK_EQ(aerocmd_kmd_alloc_priv_parse(blob, 64, &info, &fault), AEROCMD_OK);
    CHECK_EQ(info.version, 2);
    CHECK_EQ(info.kind, AEROGPU_WDDM_ALLOC_KIND_TEXTURE2D);
    CHECK_EQ(info.width, 64);
    CHECK_EQ(info.height, 32);
    CHECK_EQ(info.format, 87);
    CHECK_EQ(info.row_pitch_bytes, 256);
    CHECK_EQ(aerocmd_kmd_alloc_priv_fill(&info, blob, 63, &written), AEROCMD_E_INVALID_ARG);
}

static void expect_priv_fault(const uint8_t *blob, size_t len, uint32_t reason, uint32_t offset)
{
    struct aerocmd_kmd_alloc_info info;
    struct aerocmd_kmd_fault fault;
    CHECK_EQ(aerocmd_kmd_alloc_priv_parse(blob, len, &info, &fault), AEROCMD_E_MALFORMED);
    CHECK_EQ(fault.reason, reason);
    CHECK_EQ(fault.offset, offset);
}

static void test_priv_faults(void)
{
    uint8_t blob[64];

    make_blob(blob, 1, 7, 0, 0);
    expect_priv_fault(blob, 4, AEROCMD_KMD_R_PRIV_SIZE, 0);
    expect_priv_fault(blob, 39, AEROCMD_KMD_R_PRIV_SIZE, 4);
    make_blob(blob, 2, 7, 0, 0);
    expect_priv_fault(blob, 40, AEROCMD_KMD_R_PRIV_SIZE, 4);
    blob[0] ^= 1;
    expect_priv_fault(blob, 64, AEROCMD_KMD_R_PRIV_MAGIC, 0);
    make_blob(blob, 1, 7, 0, 0);
    blob[4] = 3;
    expect_priv_fault(blob, 64, AEROCMD_KMD_R_PRIV_VERSION, 4);
    make_blob(blob, 1, 0, 0, 0);
    expect_priv_fault(blob, 40, AEROCMD_KMD_R_PRIV_ALLOC_ID, 8);
    make_blob(blob, 1, 0x80000000u, 0, 0);
    expect_priv_fault(blob, 40, AEROCMD_KMD_R_PRIV_ALLOC_ID, 8);
    make_blob(blob, 1, 7, 8, 0);
    expect_priv_fault(blob, 40, AEROCMD_KMD_R_PRIV_FLAGS, 12);
    make_blob(blob, 1, 7, 0, 55);
    expect_priv_fault(blob, 40, AEROCMD_KMD_R_PRIV_TOKEN_UNSHARED, 16);
    make_blob(blob, 2, 7, 0, 0);
    blob[40] = 3;
    expect_priv_fault(blob, 64, AEROCMD_KMD_R_PRIV_KIND, 40);
    make_blob(blob, 2, 7, 0, 0);
    blob[61] = 1;
    expect_priv_fault(blob, 64, AEROCMD_KMD_R_PRIV_RESERVED, 60);
}

static void test_share_tokens(void)
{
    uint8_t a[64], b[64], c[64];
    struct aerocmd_kmd_alloc_info ia, ib, ic, opened;
    struct aerocmd_kmd_fault fault;
    struct aerocmd_kmd_token_source tokens = {next_token, NULL};
    struct aerocmd_kmd_token_source broken = {wrapped_token, NULL};
    uint64_t stored;

    counter = 0x1234500000000000ull; /* seeded as a driver would */
    make_blob(a, 1, 1, AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED, 0);
    make_blob(b, 2, 2, AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED, 0);
    make_blob(c, 1, 3, 0, 0);
    CHECK_EQ(aerocmd_kmd_alloc_create(a, 40, &tokens, &ia, &fault), AEROCMD_OK);
    CHECK_EQ(aerocmd_kmd_alloc_create(b, 64, &tokens, &ib, &fault), AEROCMD_OK);
    CHECK_EQ(aerocmd_kmd_alloc_create(c, 40, &tokens, &ic, &fault), AEROCMD_OK);
    CHECK_EQ(ia.share_token, 0x1234500000000001ull);
    CHECK_EQ(ib.share_token, 0x1234500000000002ull);
    CHECK_EQ(ic.share_token, 0); /* not shared: no token consumed */
    CHECK_EQ(counter, 0x1234500000000002ull);
    memcpy(&stored, a + 16, 8); /* written back into the blob the OS keeps */
    CHECK_EQ(stored, ia.share_token);

    /* the replayed blob opens with the same token; a stripped one does not */
    CHECK_EQ(aerocmd_kmd_alloc_open(a, 40, &opened, &fault), AEROCMD_OK);
    CHECK_EQ(opened.share_token, ia.share_token);
    memset(a + 16, 0, 8);
    CHECK_EQ(aerocmd_kmd_alloc_open(a, 40, &opened, &fault), AEROCMD_E_MALFORMED);
    CHECK_EQ(fault.reason, AEROCMD_KMD_R_PRIV_TOKEN_MISSING);

    /* user mode may not choose a token, shared or not */
    make_blob(a, 1, 1, AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED, 99);
    CHECK_EQ(aerocmd_kmd_alloc_create(a, 40, &tokens, &ia, &fault), AEROCMD_E_MALFORMED);
    CHECK_EQ(fault.reason, AEROCMD_KMD_R_PRIV_TOKEN_PRESET);
    make_blob(a, 1, 1, 0, 99);
    CHECK_EQ(aerocmd_kmd_alloc_create(a, 40, &tokens, &ia, &fault), AEROCMD_E_MALFORMED);
    CHECK_EQ(fault.reason, AEROCMD_KMD_R_PRIV_TOKEN_UNSHARED);
    make_blob(a, 1, 1, AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED, 0);
    CHECK_EQ(aerocmd_kmd_alloc_create(a, 40, &broken, &ia, &fault), AEROCMD_E_OUT_OF_MEMORY);
    CHECK_EQ(fault.reason, AEROCMD_KMD_R_TOKEN_EXHAUSTED);
}

static uint64_t table_mem[(24 + 32 * 16) / 8];

static struct aerocmd_kmd_alloc_ref ref(uint64_t identity, uint32_t id, uint64_t gpa,
                                        uint32_t write)
{
    struct aerocmd_kmd_alloc_ref r;
    memset(&r, 0, sizeof r);
    r.identity = identity;
    r.alloc_id = id;
    r.gpa = gpa;
    r.size_bytes = 0x1000;
    r.flags = write ? AEROCMD_KMD_ALLOC_REF_WRITE : 0;
    return r;
}

static void test_table_build(void)
{
    struct aerocmd_kmd_alloc_ref refs[7];
    struct aerocmd_alloc_table_view view, opened;
    struct aerocmd_kmd_fault fault;
    struct aerocmd_diag diag;
    struct aerogpu_alloc_entry e;

    refs[0] = ref(0, 0, 0, 0);           /* the list's NULL entry */
    refs[1] = ref(0xA0, 12, 0x10000, 0); /* read */
    refs[2] = ref(0xB0, 5, 0x20000, 0);
    refs[3] = ref(0xA1, 12, 0x10000, 1); /* alias of id 12 that writes */
    refs[4] = ref(0xC0, 0, 0x30000, 0);  /* no private data */
    refs[5] = ref(0x90, 0, 0x40000, 1);  /* no private data, lower identity */
    refs[6] = ref(0xC0, 0, 0x30000, 0);  /* alias of 0xC0 */
    CHECK_EQ(aerocmd_kmd_alloc_table_bytes_for(7), 24 + 7 * 32);
    CHECK_EQ(aerocmd_kmd_alloc_table_build(refs, 7, table_mem, sizeof table_mem, &view, &fault),
             AEROCMD_OK);
    CHECK_EQ(view.entry_count, 4);
    CHECK_EQ(view.size_bytes, 24 + 4 * 32);
    /* the result passes the shared table validator */
    CHECK_EQ(aerocmd_alloc_table_open(&opened, table_mem, view.size_bytes, &diag), AEROCMD_OK);
    CHECK(aerocmd_alloc_table_find(&opened, 12, &e));
    CHECK_EQ(e.gpa, 0x10000);
    CHECK_EQ(e.flags, AEROGPU_ALLOC_FLAG_NONE); /* one alias writes */
    CHECK(aerocmd_alloc_table_find(&opened, 5, &e));
    CHECK_EQ(e.flags, AEROGPU_ALLOC_FLAG_READONLY);
    /* made-up ids in identity order: 0x90 first, then 0xC0 */
    CHECK(aerocmd_alloc_table_find(&opened, 0x80000000u, &e));
    CHECK_EQ(e.gpa, 0x40000);
    CHECK_EQ(e.flags, AEROGPU_ALLOC_FLAG_NONE);
    CHECK(aerocmd_alloc_table_find(&opened, 0x80000001u, &e));
    CHECK_EQ(e.gpa, 0x30000);
    CHECK_EQ(e.flags, AEROGPU_ALLOC_FLAG_READONLY);
    CHECK(!aerocmd_alloc_table_find(&opened, 0x80000002u, &e));

    /* same list again: same ids (deterministic per submission) */
    CHECK_EQ(aerocmd_kmd_alloc_table_build(refs, 7, table_mem, sizeof table_mem, &view, &fault),
             AEROCMD_OK);
    CHECK(aerocmd_alloc_table_find(&view, 0x80000001u, &e));
    CHECK_EQ(e.gpa, 0x30000);

    /* empty list: a valid table with no entries */
    CHECK_EQ(aerocmd_kmd_alloc_table_build(refs, 1, table_mem, sizeof table_mem, &view, &fault),
             AEROCMD_OK);
    CHECK_EQ(view.entry_count, 0);
    CHECK_EQ(view.size_bytes, 24);
}

static void test_table_faults(void)
{
    struct aerocmd_kmd_alloc_ref refs[4];
    struct aerocmd_alloc_table_view view;
    struct aerocmd_kmd_fault fault;

    refs[0] = ref(0xA0, 12, 0x10000, 0);
    refs[1] = ref(0xB0, 3, 0x20000, 0);
    refs[2] = ref(0xA1, 12, 0x50000, 0); /* id 12 at a second address */
    CHECK_EQ(aerocmd_kmd_alloc_table_build(refs, 3, table_mem, sizeof table_mem, &view, &fault),
             AEROCMD_E_MALFORMED);
    CHECK_EQ(fault.reason, AEROCMD_KMD_R_ALLOC_ID_CONFLICT);
    CHECK_EQ(fault.offset, 2);

    refs[2] = ref(0xA1, 12, 0x10000, 0);
    refs[2].size_bytes = 0x2000; /* same address, other size */
    CHECK_EQ(aerocmd_kmd_alloc_table_build(refs, 3, table_mem, sizeof table_mem, &view, &fault),
             AEROCMD_E_MALFORMED);
    CHECK_EQ(fault.reason, AEROCMD_KMD_R_ALLOC_ID_CONFLICT);

    refs[2] = ref(0xC0, 0, 0x30000, 0);
    refs[3] = ref(0xC0, 0, 0x60000, 0); /* one allocation at two addresses */
    CHECK_EQ(aerocmd_kmd_alloc_table_build(refs, 4, table_mem, sizeof table_mem, &view, &fault),
             AEROCMD_E_MALFORMED);
    CHECK_EQ(fault.reason, AEROCMD_KMD_R_ALLOC_ID_CONFLICT);
    CHECK_EQ(fault.offset, 3);

    refs[2] = ref(0xC0, 0x80000001u, 0x30000, 0); /* user-mode id in the kernel's range */
    CHECK_EQ(aerocmd_kmd_alloc_table_build(refs, 3, table_mem, sizeof table_mem, &view, &fault),
             AEROCMD_E_MALFORMED);
    CHECK_EQ(fault.reason, AEROCMD_KMD_R_ALLOC_REF_INVALID);
    CHECK_EQ(fault.offset, 2);
    refs[2] = ref(0xC0, 4, 0xFFFFFFFFFFFFF800ull, 0); /* gpa + size wraps */
    CHECK_EQ(aerocmd_kmd_alloc_table_build(refs, 3, table_mem, sizeof table_mem, &view, &fault),
             AEROCMD_E_MALFORMED);
    CHECK_EQ(fault.reason, AEROCMD_KMD_R_ALLOC_REF_INVALID);
    refs[2] = ref(0xC0, 4, 0x1000, 0);
    refs[2].size_bytes = 0;
    CHECK_EQ(aerocmd_kmd_alloc_table_build(refs, 3, table_mem, sizeof table_mem, &view, &fault),
             AEROCMD_E_MALFORMED);
    CHECK_EQ(fault.reason, AEROCMD_KMD_R_ALLOC_REF_INVALID);

    /* bounded by caller memory, whatever the list */
    refs[2] = ref(0xC0, 4, 0x1000, 0);
    CHECK_EQ(aerocmd_kmd_alloc_table_build(refs, 3, table_mem, 24 + 2 * 32, &view, &fault),
             AEROCMD_E_OUT_OF_MEMORY);
    CHECK_EQ(fault.reason, AEROCMD_KMD_R_ALLOC_TABLE_NO_ROOM);
    CHECK_EQ(aerocmd_kmd_alloc_table_build(refs, 3, (uint8_t *)table_mem + 4, 200, &view, &fault),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(fault.reason, AEROCMD_KMD_R_BAD_ARGUMENT);
}

/* The D3D9Ex description formats, their memory-layout twins, and refusals for formats that
 * look close (other channel orders, other widths, FOURCCs). */
static void test_d3d9_formats(void)
{
    static const uint32_t unknown[] = {0u,
                                       20u /* R8G8B8 */,
                                       23u /* R5G6B5 */,
                                       31u /* A2B10G10R10 */,
                                       33u /* X8B8G8R8 */,
                                       35u /* A2R10G10B10 */,
                                       75u /* D24S8 */,
                                       0x31545844u /* 'DXT1' */,
                                       0x80000015u,
                                       0xFFFFFFFFu};
    size_t i;
    CHECK_EQ(aerocmd_d3d9_format_to_dxgi(21u), 87u);
    CHECK_EQ(aerocmd_d3d9_format_to_dxgi(22u), 88u);
    CHECK_EQ(aerocmd_d3d9_format_to_dxgi(32u), 28u);
    CHECK_EQ(aerocmd_d3d9_format_to_dxgi(AEROCMD_D3DFMT_A8R8G8B8), 87u);
    CHECK_EQ(aerocmd_d3d9_format_to_dxgi(AEROCMD_D3DFMT_X8R8G8B8), 88u);
    CHECK_EQ(aerocmd_d3d9_format_to_dxgi(AEROCMD_D3DFMT_A8B8G8R8), 28u);
    for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        CHECK_EQ(aerocmd_d3d9_format_to_dxgi(unknown[i]), 0u);
}

int main(void)
{
    test_priv_round_trip();
    test_priv_faults();
    test_share_tokens();
    test_table_build();
    test_table_faults();
    test_d3d9_formats();
    return check_finish();
}
