/* SPDX-License-Identifier: MIT */
/* The KMD shim's own tests: DxgkDdiRender (aerogpu_kmd_render) driven through the DDI
 * structs with the core's hostile cases (test_kmd_render.c's table, included as it is) and
 * with hostile allocation lists, and allocation create/open with hostile private data.
 * The expected NTSTATUS of each core case is the core table's; what the shim adds (the
 * DXGK_ALLOCATIONLIST turned into references, pDmaBuffer advanced past what was written,
 * MultipassOffset, NULL list entries, a list longer than the context was made for) is
 * checked from the DxgkDdiRender documentation. */
#define main kmd_render_core_main
int kmd_render_core_main(int argc, char **argv); /* the core test's own, unused here */
#include "test_kmd_render.c"
#undef main

#include "aerogpu_kmd.h"

#define SHIM_REFS 4u

static struct aerocmd_kmd_alloc_ref shim_refs[SHIM_REFS];
static struct aerogpu_kmd_allocation kallocs[SHIM_REFS];
static AEROGPU_DXGK_ALLOCATIONLIST dxgk_list[SHIM_REFS + 1u];

static int platform_copy(void *ctx, void *dst, const void *src, size_t len)
{
    return copy_user(ctx, dst, src, len);
}

static uint64_t platform_token(void *ctx)
{
    return ++*(uint64_t *)ctx;
}

static uint64_t token_counter = 0x7000000000000000ull;
static const struct aerogpu_kmd_platform platform = {platform_copy, platform_token, &user};
static const struct aerogpu_kmd_platform token_platform = {platform_copy, platform_token,
                                                           &token_counter};

static void context_init(struct aerogpu_kmd_context *ctx)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->validator = &validator;
    ctx->policy = policy;
    ctx->refs = shim_refs;
    ctx->refs_capacity = SHIM_REFS;
    ctx->alloc_table = table_mem;
    ctx->alloc_table_bytes = table_bytes;
    ctx->platform = &platform;
}

/* The core case's references as the kernel receives them: one allocation object per
 * distinct identity (aliases are one object listed twice). */
static uint32_t dxgk_list_from_refs(void)
{
    uint32_t i, j;
    memset(kallocs, 0, sizeof kallocs);
    for (i = 0; i < ref_count; i++) {
        for (j = 0; j < i && refs[j].identity != refs[i].identity; j++)
            ;
        kallocs[j].info.alloc_id = refs[j].alloc_id;
        kallocs[j].info.share_token = refs[j].share_token;
        kallocs[j].size_bytes = refs[j].size_bytes;
        memset(&dxgk_list[i], 0, sizeof dxgk_list[i]);
        dxgk_list[i].hDeviceSpecificAllocation = &kallocs[j];
        dxgk_list[i].WriteOperation = (refs[i].flags & AEROCMD_KMD_ALLOC_REF_WRITE) ? 1u : 0u;
        dxgk_list[i].PhysicalAddress.QuadPart = (int64_t)refs[i].gpa;
    }
    return ref_count;
}

static AEROGPU_NTSTATUS shim_render(uint32_t list_size, uint32_t dma_capacity,
                                    AEROGPU_DXGKARG_RENDER *r)
{
    struct aerogpu_kmd_context ctx;
    context_init(&ctx);
    memset(r, 0, sizeof *r);
    r->pCommand = user.bytes;
    r->CommandLength = user.len;
    r->pDmaBuffer = dma_mem;
    r->DmaSize = dma_capacity;
    r->pAllocationList = dxgk_list;
    r->AllocationListSize = list_size;
    return aerogpu_kmd_render(&ctx, r);
}

/* Every core case through the shim entry: the core's NTSTATUS; on success pDmaBuffer ends
 * right after the copied stream, on a split it ends where the copy stopped. */
static void test_core_cases_through_shim(void)
{
    AEROGPU_DXGKARG_RENDER r;
    size_t i;
    for (i = 0; i < sizeof hostile_cases / sizeof hostile_cases[0]; i++) {
        const struct hostile *c = &hostile_cases[i];
        AEROGPU_NTSTATUS st;
        fresh_validator(sizeof tracker_mem);
        case_dma_capacity = sizeof dma_mem;
        c->build();
        st = shim_render(dxgk_list_from_refs(), case_dma_capacity, &r);
        if (!CHECK_EQ((uint32_t)st, (uint32_t)c->status))
            fprintf(stderr, "    case %s\n", c->name);
        if (c->status == AEROCMD_STATUS_SUCCESS)
            CHECK((uint8_t *)r.pDmaBuffer == (uint8_t *)dma_mem + user.len);
        if (c->status == AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER)
            CHECK((uint8_t *)r.pDmaBuffer > (uint8_t *)dma_mem && r.MultipassOffset > 0 &&
                  r.MultipassOffset < user.len);
    }
}

/* Hostile lists: longer than the context holds (NO_MEMORY before anything is read); NULL
 * device-specific handles (the documented "unbind" element, element 0 usually) are fine. */
static void test_hostile_allocation_lists(void)
{
    AEROGPU_DXGKARG_RENDER r;
    fresh_validator(sizeof tracker_mem);
    build_valid();
    memset(dxgk_list, 0, sizeof dxgk_list);
    user.calls = 0;
    CHECK_EQ((uint32_t)shim_render(SHIM_REFS + 1u, sizeof dma_mem, &r),
             (uint32_t)AEROCMD_STATUS_NO_MEMORY);
    CHECK_EQ(user.calls, 0);
    fresh_validator(sizeof tracker_mem);
    build_valid();
    CHECK_EQ((uint32_t)shim_render(SHIM_REFS, sizeof dma_mem, &r),
             (uint32_t)AEROCMD_STATUS_SUCCESS);
    CHECK_EQ((uint32_t)shim_render(0, sizeof dma_mem, &r), (uint32_t)AEROCMD_STATUS_SUCCESS);
}

/* DxgkDdiCreateAllocation / DxgkDdiOpenAllocation over the private data: none is fine (the
 * id is made up per submission); garbage, a token chosen by user mode, a truncated blob
 * fail; a shared allocation gets the platform's next token written into the blob, and an
 * open of that blob finds it. */
static void test_allocation_private_data(void)
{
    struct aerocmd_kmd_alloc_info info;
    struct aerogpu_kmd_allocation a;
    uint8_t blob[AEROCMD_KMD_ALLOC_PRIV_V2_BYTES], garbage[64];
    size_t written = 0;
    memset(garbage, 0x5A, sizeof garbage);
    CHECK_EQ((uint32_t)aerogpu_kmd_create_allocation(&token_platform, NULL, 0, 4096, &a),
             (uint32_t)AEROCMD_STATUS_SUCCESS);
    CHECK(a.info.alloc_id == 0 && a.size_bytes == 4096);
    CHECK((uint32_t)aerogpu_kmd_create_allocation(&token_platform, garbage, sizeof garbage, 4096,
                                                  &a) != (uint32_t)AEROCMD_STATUS_SUCCESS);
    memset(&info, 0, sizeof info);
    info.version = AEROGPU_WDDM_ALLOC_PRIV_VERSION_2;
    info.alloc_id = 42;
    info.flags = AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED | AEROGPU_WDDM_ALLOC_PRIV_FLAG_CPU_VISIBLE;
    info.size_bytes = 4096;
    info.kind = AEROGPU_WDDM_ALLOC_KIND_BUFFER;
    info.width = 4096;
    info.height = 1;
    info.share_token = 5; /* user mode may not choose it */
    CHECK_EQ(aerocmd_kmd_alloc_priv_fill(&info, blob, sizeof blob, &written), AEROCMD_OK);
    CHECK((uint32_t)aerogpu_kmd_create_allocation(&token_platform, blob, (uint32_t)written, 4096,
                                                  &a) != (uint32_t)AEROCMD_STATUS_SUCCESS);
    info.share_token = 0;
    CHECK_EQ(aerocmd_kmd_alloc_priv_fill(&info, blob, sizeof blob, &written), AEROCMD_OK);
    CHECK((uint32_t)aerogpu_kmd_create_allocation(&token_platform, blob, 20, 4096, &a) !=
          (uint32_t)AEROCMD_STATUS_SUCCESS);
    CHECK_EQ(
        (uint32_t)aerogpu_kmd_create_allocation(&token_platform, blob, (uint32_t)written, 4096, &a),
        (uint32_t)AEROCMD_STATUS_SUCCESS);
    CHECK(a.info.alloc_id == 42 && a.info.share_token == token_counter);
    CHECK_EQ((uint32_t)aerogpu_kmd_open_allocation(blob, (uint32_t)written, 4096, &a),
             (uint32_t)AEROCMD_STATUS_SUCCESS);
    CHECK(a.info.share_token == token_counter);
    CHECK((uint32_t)aerogpu_kmd_open_allocation(garbage, sizeof garbage, 4096, &a) !=
          (uint32_t)AEROCMD_STATUS_SUCCESS);
}

int main(void)
{
    test_core_cases_through_shim();
    test_hostile_allocation_lists();
    test_allocation_private_data();
    return check_finish();
}
