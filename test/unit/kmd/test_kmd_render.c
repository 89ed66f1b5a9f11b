/* SPDX-License-Identifier: MIT */
/* The render path: real streams, one hostile stream per NTSTATUS outcome (and more), a
 * user buffer rewritten during the copy, DMA-buffer splitting, and the faulted state. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aerocmd/kmd_render.h"
#include "aerocmd/writer.h"
#include "check.h"
#include "shaders/capture_shaders.h"
#include "shaders/prior_vs.h"

#define USER_MAX 8192u

/* ---- user memory, as the copy callback sees it ---------------------------------------- */

struct user_mem {
    uint8_t bytes[USER_MAX];
    uint32_t len;
    uint8_t reads[USER_MAX]; /* how often each byte was copied */
    int fail_on_call;        /* 1-based copy call that faults; 0 = none */
    int calls;
    int mutate; /* rewrite the user buffer after each copy */
};

static struct user_mem user;

static int copy_user(void *ctx, void *dst, const void *src, size_t len)
{
    struct user_mem *u = (struct user_mem *)ctx;
    size_t at = (size_t)((const uint8_t *)src - u->bytes), i;
    u->calls++;
    if (u->fail_on_call == u->calls)
        return 1;
    memcpy(dst, src, len);
    for (i = 0; i < len; i++)
        u->reads[at + i]++;
    /* a racing user thread: every byte the kernel has copied turns hostile at once */
    if (u->mutate)
        memset(u->bytes + at, 0xEE, len);
    return 0;
}

static void user_reset(void)
{
    memset(&user, 0, sizeof user);
}

static struct aerocmd_writer writer;

static struct aerocmd_writer *user_writer(uint32_t abi_version)
{
    user_reset();
    aerocmd_writer_init_span(&writer, user.bytes, sizeof user.bytes, abi_version);
    return &writer;
}

static void user_done(void)
{
    user.len = aerocmd_writer_size(&writer);
}

/* ---- one render call ------------------------------------------------------------------ */

static uint64_t tracker_mem[4096];
static uint64_t table_mem[256];
static uint64_t dma_mem[USER_MAX / 8];
static struct aerocmd_kmd_validator validator;
static struct aerocmd_kmd_policy policy;
static struct aerocmd_kmd_alloc_ref refs[4];
static uint32_t ref_count;
static size_t table_bytes = sizeof table_mem;

/* A fresh device whose earlier submissions bound a vertex shader (prior_vs.h): the streams
 * here draw as the simplest work there is. */
static void fresh_validator(size_t tracker_bytes)
{
    aerocmd_kmd_validator_init(&validator, tracker_mem, tracker_bytes);
    prior_vs_bind(&validator.semantic);
    aerocmd_kmd_policy_default(&policy, AEROGPU_ABI_VERSION_U32);
    ref_count = 0;
    table_bytes = sizeof table_mem;
    memset(refs, 0, sizeof refs);
}

static aerocmd_ntstatus render(uint32_t dma_capacity, uint32_t multipass,
                               struct aerocmd_kmd_render_out *out)
{
    struct aerocmd_kmd_render_args a;
    memset(&a, 0, sizeof a);
    a.user_cmd = user.bytes;
    a.user_cmd_len = user.len;
    a.dma = dma_mem;
    a.dma_capacity = dma_capacity;
    a.multipass_offset = multipass;
    a.allocs = refs;
    a.alloc_count = ref_count;
    a.alloc_table = table_mem;
    a.alloc_table_bytes = table_bytes;
    a.copy = copy_user;
    a.copy_user = &user;
    a.policy = &policy;
    return aerocmd_kmd_render(&validator, &a, out);
}

/* ---- real streams --------------------------------------------------------------------- */

static int load(const char *path)
{
    FILE *f = fopen(path, "rb");
    size_t n;
    if (f == NULL)
        return 0;
    user_reset();
    n = fread(user.bytes, 1, sizeof user.bytes, f);
    fclose(f);
    user.len = (uint32_t)n;
    return n > 0;
}

static void add_ref_for(uint32_t alloc_id)
{
    uint32_t i;
    for (i = 0; i < ref_count; i++) {
        if (refs[i].alloc_id == alloc_id)
            return;
    }
    if (alloc_id == 0 || ref_count == sizeof refs / sizeof refs[0])
        return;
    refs[ref_count].identity = 0x1000u + alloc_id;
    refs[ref_count].alloc_id = alloc_id;
    refs[ref_count].gpa = (uint64_t)alloc_id << 24;
    refs[ref_count].size_bytes = 1u << 24;
    refs[ref_count].flags = AEROCMD_KMD_ALLOC_REF_WRITE;
    ref_count++;
}

/* The allocation list a runtime would pass: every allocation the stream backs onto. */
static void list_backing_allocations(void)
{
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag diag;
    const struct aerogpu_cmd_create_buffer *buf;
    const struct aerogpu_cmd_create_texture2d *tex;

    if (aerocmd_stream_open(&stream, user.bytes, user.len, &diag) != AEROCMD_OK)
        return;
    aerocmd_cursor_init(&cursor, &stream);
    while (aerocmd_cursor_next(&cursor, &packet, &diag) > 0) {
        buf = AEROCMD_VIEW(&packet, aerogpu_cmd_create_buffer, AEROGPU_CMD_CREATE_BUFFER);
        tex = AEROCMD_VIEW(&packet, aerogpu_cmd_create_texture2d, AEROGPU_CMD_CREATE_TEXTURE2D);
        if (buf != NULL)
            add_ref_for(buf->backing_alloc_id);
        if (tex != NULL)
            add_ref_for(tex->backing_alloc_id);
    }
}

static void test_fixture_streams(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[1024];
    unsigned seen = 0;
    struct aerocmd_kmd_render_out out;
    uint32_t i, zero_sum_at;

    CHECK(d != NULL);
    if (d == NULL)
        return;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 5, ".acmd") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (!CHECK(load(path)))
            continue;
        seen++;
        zero_sum_at = capture_resum_shaders(user.bytes, user.len);
        if (zero_sum_at != 0) {
            /* as captured: the zero checksum is a bad parameter, named at its packet */
            memset(user.bytes + zero_sum_at + sizeof(struct aerogpu_cmd_create_shader_dxbc) + 4, 0,
                   16);
            fresh_validator(sizeof tracker_mem);
            list_backing_allocations();
            CHECK_EQ(render(sizeof dma_mem, 0, &out), AEROCMD_STATUS_INVALID_PARAMETER);
            CHECK_EQ(out.fault.reason, AEROCMD_R_DXBC_CHECKSUM);
            CHECK_EQ(out.fault.offset, zero_sum_at);
            capture_resum_shaders(user.bytes, user.len);
            memset(user.reads, 0, sizeof user.reads);
            user.calls = 0;
        }
        if (strcmp(e->d_name, "aerogpu_cmd_triangle.acmd") == 0) {
            /* it binds no shader: its DRAW (at 0x11c) is refused on a fresh device */
            aerocmd_kmd_validator_init(&validator, tracker_mem, sizeof tracker_mem);
            list_backing_allocations();
            CHECK_EQ(render(sizeof dma_mem, 0, &out), AEROCMD_STATUS_INVALID_PARAMETER);
            CHECK_EQ(out.fault.reason, AEROCMD_R_NO_VERTEX_SHADER);
            CHECK_EQ(out.fault.offset, 0x11c);
            memset(user.reads, 0, sizeof user.reads);
            user.calls = 0;
        }
        fresh_validator(sizeof tracker_mem);
        list_backing_allocations();
        if (!CHECK_EQ(render(sizeof dma_mem, 0, &out), AEROCMD_STATUS_SUCCESS))
            fprintf(stderr, "    %s: reason 0x%x at %u\n", e->d_name, out.fault.reason,
                    out.fault.offset);
        CHECK_EQ(out.dma_bytes_used, user.len);
        CHECK_EQ(out.user_bytes_consumed, user.len);
        CHECK_EQ(out.multipass_offset, 0);
        CHECK_EQ(out.patch_location_count, 0);
        CHECK_EQ(out.alloc_table_bytes, 24 + 32 * ref_count);
        CHECK(memcmp(dma_mem, user.bytes, user.len) == 0);
        for (i = 0; i < user.len; i++) {
            if (user.reads[i] != 1)
                break;
        }
        CHECK_EQ(i, user.len); /* every user byte read exactly once */
    }
    closedir(d);
    CHECK_EQ(seen, 10);
}

/* A guest-backed buffer: its alloc_id resolves through the table built from the list. */
static void test_backed_resources(void)
{
    struct aerocmd_kmd_render_out out;
    struct aerocmd_writer *w = user_writer(AEROGPU_ABI_VERSION_U32);

    aerocmd_append_create_buffer(w, 10, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 256, 5, 0);
    aerocmd_append_resource_dirty_range(w, 10, 0, 256);
    aerocmd_append_present(w, 0, 0);
    user_done();
    fresh_validator(sizeof tracker_mem);
    refs[0].identity = 0x77;
    refs[0].alloc_id = 5;
    refs[0].gpa = 0x40000;
    refs[0].size_bytes = 4096;
    ref_count = 1;
    CHECK_EQ(render(sizeof dma_mem, 0, &out), AEROCMD_STATUS_SUCCESS);
    CHECK_EQ(out.alloc_entry_count, 1);
    CHECK_EQ(out.alloc_table_bytes, 24 + 32);
    CHECK_EQ(out.submit_flags, AEROGPU_SUBMIT_FLAG_PRESENT);

    /* the same stream with the allocation missing from the list */
    fresh_validator(sizeof tracker_mem);
    CHECK_EQ(render(sizeof dma_mem, 0, &out), AEROCMD_STATUS_INVALID_HANDLE);
    CHECK_EQ(out.fault.reason, AEROCMD_R_ALLOC_MISSING);
    CHECK_EQ(out.fault.offset, 24);
    CHECK_EQ(out.fault.opcode, AEROGPU_CMD_CREATE_BUFFER);
    CHECK_EQ(out.dma_bytes_used, 0);
}

/* ---- hostile streams: one per outcome, and the kernel policies ----------------------- */

struct hostile {
    const char *name;
    void (*build)(void);
    aerocmd_ntstatus status;
    uint32_t reason;
    uint32_t offset;
};

#define ANY_OFFSET 0xFFFFFFFFu

static uint32_t case_dma_capacity;

static void put_u32(uint32_t offset, uint32_t v)
{
    memcpy(user.bytes + offset, &v, 4);
}

static void build_valid(void)
{
    struct aerocmd_writer *w = user_writer(AEROGPU_ABI_VERSION_U32);
    aerocmd_append_set_primitive_topology(w, AEROGPU_TOPOLOGY_TRIANGLELIST);
    aerocmd_append_draw(w, 3, 1, 0, 0);
    user_done();
}

static void build_tracker_full(void)
{
    struct aerocmd_writer *w = user_writer(AEROGPU_ABI_VERSION_U32);
    uint32_t h;
    for (h = 1; h <= 8; h++)
        aerocmd_append_create_buffer(w, h, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 64, 0, 0);
    user_done();
    aerocmd_kmd_validator_init(&validator, tracker_mem, aerocmd_semantic_bytes_for(1));
}

static void build_table_no_room(void)
{
    build_valid();
    ref_count = 4;
    refs[0].identity = 1;
    refs[0].size_bytes = 64;
    refs[1] = refs[0];
    refs[2] = refs[0];
    refs[3] = refs[0];
    table_bytes = aerocmd_kmd_alloc_table_bytes_for(4) - 1; /* aliases collapse, but later */
}

static void build_split(void)
{
    build_valid();
    case_dma_capacity = 24 + 16 + 8; /* the 16-byte topology packet fits, the 24-byte draw not */
}

static void build_unknown_opcode(void)
{
    struct aerocmd_writer *w = user_writer(AEROGPU_ABI_VERSION_U32);
    aerocmd_append_nop(w);
    aerocmd_append_raw(w, 0x9999, NULL, 0);
    user_done();
}

static void build_reserved_opcode(void)
{
    static const uint32_t reserved[] = {AEROGPU_CMD_FLUSH};
    struct aerocmd_writer *w = user_writer(AEROGPU_ABI_VERSION_U32);
    aerocmd_append_flush(w);
    user_done();
    policy.reserved_opcodes = reserved;
    policy.reserved_opcode_count = 1;
}

static void build_opcode_newer(void)
{
    /* COPY_BUFFER is ABI 1.1; the header claims 1.0 */
    struct aerocmd_writer *w = user_writer(AEROGPU_ABI_VERSION_U32);
    aerocmd_append_copy_buffer(w, 1, 2, 0, 0, 4, 0);
    user_done();
    put_u32(4, 0x00010000u);
}

static void build_bad_enum(void)
{
    struct aerocmd_writer *w = user_writer(AEROGPU_ABI_VERSION_U32);
    aerocmd_append_set_primitive_topology(w, 9); /* a gap in the enum */
    user_done();
}

static void build_past_end(void)
{
    build_valid();
    put_u32(24 + 4, 64); /* the topology packet claims more bytes than the stream has */
}

static void build_short(void)
{
    build_valid();
    user.len = 20;
}

static void build_unknown_handle(void)
{
    struct aerocmd_writer *w = user_writer(AEROGPU_ABI_VERSION_U32);
    aerocmd_append_set_index_buffer(w, 77, AEROGPU_INDEX_FORMAT_UINT16, 0);
    user_done();
}

static void build_unlisted_token(void)
{
    struct aerocmd_writer *w = user_writer(AEROGPU_ABI_VERSION_U32);
    aerocmd_append_import_shared_surface(w, 40, 0x5000000000000001ull);
    user_done();
    ref_count = 1;
    refs[0].identity = 9;
    refs[0].alloc_id = 3;
    refs[0].size_bytes = 64;
    refs[0].share_token = 0x5000000000000002ull; /* a different surface */
}

static void build_bad_magic(void)
{
    build_valid();
    user.bytes[0] ^= 0x20;
}

static void build_abi_major(void)
{
    build_valid();
    put_u32(4, 0x00020004u);
}

static void build_minor_newer(void)
{
    build_valid();
    aerocmd_kmd_policy_default(&policy, 0x00010002u); /* the device is 1.2 */
}

static void build_copy_fault(void)
{
    build_valid();
    user.fail_on_call = 2;
}

static const struct hostile hostile_cases[] = {
    {"valid", build_valid, AEROCMD_STATUS_SUCCESS, AEROCMD_R_NONE, 0},
    /* where the tracker fills up depends on its smallest table: offset not checked */
    {"tracker_full", build_tracker_full, AEROCMD_STATUS_NO_MEMORY, AEROCMD_R_TRACKER_FULL,
     ANY_OFFSET},
    {"table_no_room", build_table_no_room, AEROCMD_STATUS_NO_MEMORY,
     AEROCMD_KMD_R_ALLOC_TABLE_NO_ROOM, 0},
    {"split", build_split, AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER,
     AEROCMD_KMD_R_DMA_BUFFER_FULL, 40},
    {"unknown_opcode", build_unknown_opcode, AEROCMD_STATUS_ILLEGAL_INSTRUCTION,
     AEROCMD_KMD_R_OPCODE_UNKNOWN, 32},
    {"reserved_opcode", build_reserved_opcode, AEROCMD_STATUS_ILLEGAL_INSTRUCTION,
     AEROCMD_KMD_R_OPCODE_RESERVED, 24},
    {"opcode_newer", build_opcode_newer, AEROCMD_STATUS_ILLEGAL_INSTRUCTION,
     AEROCMD_KMD_R_OPCODE_NEWER, 24},
    {"bad_enum", build_bad_enum, AEROCMD_STATUS_INVALID_PARAMETER, AEROCMD_R_ENUM_RANGE, 24},
    {"copy_fault", build_copy_fault, AEROCMD_STATUS_INVALID_PARAMETER, AEROCMD_KMD_R_COPY_FAULT,
     24},
    {"past_end", build_past_end, AEROCMD_STATUS_INVALID_USER_BUFFER, AEROCMD_R_PACKET_PAST_END, 24},
    {"short", build_short, AEROCMD_STATUS_INVALID_USER_BUFFER, AEROCMD_R_SHORT_BUFFER, 0},
    {"unknown_handle", build_unknown_handle, AEROCMD_STATUS_INVALID_HANDLE,
     AEROCMD_R_HANDLE_UNKNOWN, 24},
    {"unlisted_token", build_unlisted_token, AEROCMD_STATUS_INVALID_HANDLE,
     AEROCMD_KMD_R_SHARE_TOKEN_UNLISTED, 24},
    {"bad_magic", build_bad_magic, AEROCMD_STATUS_GRAPHICS_DRIVER_MISMATCH, AEROCMD_R_BAD_MAGIC, 0},
    {"abi_major", build_abi_major, AEROCMD_STATUS_GRAPHICS_DRIVER_MISMATCH, AEROCMD_R_ABI_MAJOR, 0},
    {"minor_newer", build_minor_newer, AEROCMD_STATUS_GRAPHICS_DRIVER_MISMATCH,
     AEROCMD_KMD_R_STREAM_MINOR_NEWER, 0},
};

static void test_hostile_table(void)
{
    struct aerocmd_kmd_render_out out;
    size_t i;
    for (i = 0; i < sizeof hostile_cases / sizeof hostile_cases[0]; i++) {
        const struct hostile *c = &hostile_cases[i];
        int ok;
        fresh_validator(sizeof tracker_mem);
        case_dma_capacity = sizeof dma_mem;
        c->build();
        ok = CHECK_EQ(render(case_dma_capacity, 0, &out), c->status);
        ok &= CHECK_EQ(out.fault.reason, c->reason);
        if (c->offset != ANY_OFFSET)
            ok &= CHECK_EQ(out.fault.offset, c->offset);
        if (!ok)
            fprintf(stderr, "    case %s\n", c->name);
    }
}

/* ---- the copy is what gets checked ---------------------------------------------------- */

static void test_mutation_during_copy(void)
{
    struct aerocmd_kmd_render_out out;
    uint8_t expect[USER_MAX];
    uint32_t len;

    /* valid when copied, garbage right after: the copy is judged and submitted */
    fresh_validator(sizeof tracker_mem);
    build_valid();
    memcpy(expect, user.bytes, user.len);
    len = user.len;
    user.mutate = 1;
    CHECK_EQ(render(sizeof dma_mem, 0, &out), AEROCMD_STATUS_SUCCESS);
    CHECK_EQ(out.dma_bytes_used, len);
    CHECK(memcmp(dma_mem, expect, len) == 0);
    CHECK_EQ(user.bytes[0], 0xEE); /* the user buffer really changed */
    CHECK_EQ(user.calls, 2);       /* header, then all packets at once */

    /* split path: packet by packet, still one read per byte it keeps */
    fresh_validator(sizeof tracker_mem);
    build_valid();
    memcpy(expect, user.bytes, user.len);
    user.mutate = 1;
    CHECK_EQ(render(24 + 16 + 8, 0, &out), AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER);
    CHECK_EQ(out.dma_bytes_used, 40);
    CHECK(memcmp((uint8_t *)dma_mem + 24, expect + 24, 16) == 0);
    CHECK_EQ(user.reads[24], 1);
    CHECK_EQ(user.reads[40], 1); /* the draw's header, read to learn it does not fit */
    CHECK_EQ(user.reads[48], 0); /* its body never */
    /* the continuation copies the draw afresh: its header is the one byte range read twice */
    user.mutate = 0;
    memcpy(user.bytes, expect, user.len);
    CHECK_EQ(render(24 + 24, out.multipass_offset, &out), AEROCMD_STATUS_SUCCESS);
    CHECK_EQ(user.reads[40], 2);
    CHECK_EQ(user.reads[48], 1);
}

/* ---- splitting a stream over DMA buffers ---------------------------------------------- */

static void test_split_and_continue(void)
{
    struct aerocmd_kmd_render_out out;
    struct aerocmd_writer *w = user_writer(AEROGPU_ABI_VERSION_U32);
    uint8_t joined[USER_MAX];
    uint32_t joined_len = 0, offset = 0, calls = 0, i, header;
    aerocmd_ntstatus st;

    aerocmd_append_create_buffer(w, 1, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 64, 0, 0);
    for (i = 0; i < 6; i++)
        aerocmd_append_draw(w, 3, 1, i, 0);
    aerocmd_append_destroy_resource(w, 1);
    user_done();
    fresh_validator(sizeof tracker_mem);
    do {
        st = render(24 + 60, offset, &out);
        calls++;
        CHECK(out.dma_bytes_used > 24);
        memcpy(&header, (uint8_t *)dma_mem + 8, 4);
        CHECK_EQ(header, out.dma_bytes_used); /* each DMA buffer is a whole stream */
        CHECK_EQ(aerocmd_validate_stream(dma_mem, out.dma_bytes_used, NULL), AEROCMD_OK);
        memcpy(joined + joined_len, (uint8_t *)dma_mem + 24, out.dma_bytes_used - 24);
        joined_len += out.dma_bytes_used - 24;
        offset = out.multipass_offset;
    } while (st == AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER && calls < 20);
    CHECK_EQ(st, AEROCMD_STATUS_SUCCESS);
    /* 84-byte DMA buffers: [create 40] [draw draw] [draw draw] [draw draw] [destroy 16] */
    CHECK_EQ(calls, 5);
    CHECK_EQ(joined_len, user.len - 24);
    CHECK(memcmp(joined, user.bytes + 24, joined_len) == 0);

    /* a continuation must start where the split stopped */
    fresh_validator(sizeof tracker_mem);
    CHECK_EQ(render(24 + 60, 0, &out), AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER);
    CHECK_EQ(render(24 + 60, out.multipass_offset + 4, &out), AEROCMD_STATUS_INVALID_PARAMETER);
    CHECK_EQ(out.fault.reason, AEROCMD_KMD_R_CONTINUATION);

    /* a packet larger than any DMA buffer cannot be split */
    fresh_validator(sizeof tracker_mem);
    CHECK_EQ(render(24 + 32, 0, &out), AEROCMD_STATUS_INVALID_USER_BUFFER);
    CHECK_EQ(out.fault.reason, AEROCMD_KMD_R_PACKET_EXCEEDS_DMA);
    CHECK_EQ(out.fault.opcode, AEROGPU_CMD_CREATE_BUFFER);
}

/* ---- a semantic failure poisons the device's tracker until reset ---------------------- */

static void test_faulted_until_reset(void)
{
    struct aerocmd_kmd_render_out out;
    fresh_validator(sizeof tracker_mem);
    build_unknown_handle();
    CHECK_EQ(render(sizeof dma_mem, 0, &out), AEROCMD_STATUS_INVALID_HANDLE);
    build_valid();
    CHECK_EQ(render(sizeof dma_mem, 0, &out), AEROCMD_STATUS_INVALID_PARAMETER);
    CHECK_EQ(out.fault.reason, AEROCMD_KMD_R_CONTEXT_FAULTED);
    aerocmd_kmd_validator_reset(&validator);
    prior_vs_bind(&validator.semantic); /* the reset forgot it with everything else */
    CHECK_EQ(render(sizeof dma_mem, 0, &out), AEROCMD_STATUS_SUCCESS);

    /* structural faults do not touch the tracker, so they do not poison it */
    build_bad_enum();
    CHECK_EQ(render(sizeof dma_mem, 0, &out), AEROCMD_STATUS_INVALID_PARAMETER);
    build_valid();
    CHECK_EQ(render(sizeof dma_mem, 0, &out), AEROCMD_STATUS_SUCCESS);
}

/* ---- packets deep in a stream ----------------------------------------------------------
 * The structural walk vouches for runs of plain packets at once; every packet the kernel
 * judges itself (unknown, reserved or too new opcodes, share tokens, presents) must still
 * be judged, and reported at its own offset, wherever it sits. */

#define PLAIN_PAIRS 40u /* topology + draw pairs around the packet under test */

/* Returns the offset right after the pairs. */
static uint32_t plain_pairs(struct aerocmd_writer *w)
{
    uint32_t i;
    for (i = 0; i < PLAIN_PAIRS; i++) {
        aerocmd_append_set_primitive_topology(w, AEROGPU_TOPOLOGY_TRIANGLELIST);
        aerocmd_append_draw(w, 3, 1, 0, 0);
    }
    return aerocmd_writer_size(w);
}

/* Renders what the writer holds into one DMA buffer that fits it all. */
static aerocmd_ntstatus render_deep(struct aerocmd_kmd_render_out *out)
{
    user_done();
    return render(sizeof dma_mem, 0, out);
}

static void test_deep_presents_and_tokens(void)
{
    struct aerocmd_kmd_render_out out;
    struct aerocmd_writer *w;
    uint32_t at;

    /* a plain stream does not present; one PRESENT or PRESENT_EX anywhere does */
    fresh_validator(sizeof tracker_mem);
    w = user_writer(AEROGPU_ABI_VERSION_U32);
    plain_pairs(w);
    CHECK_EQ(render_deep(&out), AEROCMD_STATUS_SUCCESS);
    CHECK_EQ(out.submit_flags, 0);
    w = user_writer(AEROGPU_ABI_VERSION_U32);
    plain_pairs(w);
    aerocmd_append_present(w, 0, 0);
    plain_pairs(w);
    CHECK_EQ(render_deep(&out), AEROCMD_STATUS_SUCCESS);
    CHECK_EQ(out.submit_flags, AEROGPU_SUBMIT_FLAG_PRESENT);
    w = user_writer(AEROGPU_ABI_VERSION_U32);
    plain_pairs(w);
    aerocmd_append_present_ex(w, 0, 0, 0);
    CHECK_EQ(render_deep(&out), AEROCMD_STATUS_SUCCESS);
    CHECK_EQ(out.submit_flags, AEROGPU_SUBMIT_FLAG_PRESENT);
    /* and a bad PRESENT is still a structural fault at its offset */
    w = user_writer(AEROGPU_ABI_VERSION_U32);
    at = plain_pairs(w);
    aerocmd_append_present(w, 1, 0);
    CHECK_EQ(render_deep(&out), AEROCMD_STATUS_INVALID_PARAMETER);
    CHECK_EQ(out.fault.reason, AEROCMD_R_FIELD_INVALID);
    CHECK_EQ(out.fault.offset, at);

    /* share tokens: an import after plain packets names a token no allocation carries */
    build_unlisted_token();
    w = user_writer(AEROGPU_ABI_VERSION_U32);
    at = plain_pairs(w);
    aerocmd_append_import_shared_surface(w, 40, 0x5000000000000001ull);
    CHECK_EQ(render_deep(&out), AEROCMD_STATUS_INVALID_HANDLE);
    CHECK_EQ(out.fault.reason, AEROCMD_KMD_R_SHARE_TOKEN_UNLISTED);
    CHECK_EQ(out.fault.offset, at);
}

/* Unknown, reserved and too new opcodes after plain packets. */
static void test_deep_opcodes(void)
{
    static const uint32_t flush_reserved[] = {AEROGPU_CMD_FLUSH};
    struct aerocmd_kmd_render_out out;
    struct aerocmd_writer *w;
    uint32_t at;

    fresh_validator(sizeof tracker_mem);
    w = user_writer(AEROGPU_ABI_VERSION_U32);
    at = plain_pairs(w);
    aerocmd_append_raw(w, 0x9999, NULL, 0);
    plain_pairs(w);
    CHECK_EQ(render_deep(&out), AEROCMD_STATUS_ILLEGAL_INSTRUCTION);
    CHECK_EQ(out.fault.reason, AEROCMD_KMD_R_OPCODE_UNKNOWN);
    CHECK_EQ(out.fault.offset, at);
    CHECK_EQ(out.fault.opcode, 0x9999);

    fresh_validator(sizeof tracker_mem);
    policy.reserved_opcodes = flush_reserved;
    policy.reserved_opcode_count = 1;
    w = user_writer(AEROGPU_ABI_VERSION_U32);
    at = plain_pairs(w);
    aerocmd_append_flush(w);
    CHECK_EQ(render_deep(&out), AEROCMD_STATUS_ILLEGAL_INSTRUCTION);
    CHECK_EQ(out.fault.reason, AEROCMD_KMD_R_OPCODE_RESERVED);
    CHECK_EQ(out.fault.offset, at);
    w = user_writer(AEROGPU_ABI_VERSION_U32);
    plain_pairs(w);
    CHECK_EQ(render_deep(&out), AEROCMD_STATUS_SUCCESS);

    fresh_validator(sizeof tracker_mem);
    w = user_writer(AEROGPU_ABI_VERSION_U32);
    at = plain_pairs(w);
    aerocmd_append_copy_buffer(w, 1, 2, 0, 0, 4, 0);
    user_done();
    put_u32(4, 0x00010000u); /* the header claims 1.0; COPY_BUFFER is 1.1 */
    CHECK_EQ(render(sizeof dma_mem, 0, &out), AEROCMD_STATUS_ILLEGAL_INSTRUCTION);
    CHECK_EQ(out.fault.reason, AEROCMD_KMD_R_OPCODE_NEWER);
    CHECK_EQ(out.fault.offset, at);
}

/* The whole stream is structurally checked before any of it is checked semantically: a
 * structural fault late in a stream wins over a semantic fault early in it, and leaves the
 * tracker as it was (the buffer created first is not there afterwards). */
static void test_structure_before_semantics(void)
{
    struct aerocmd_kmd_render_out out;
    struct aerocmd_writer *w;
    uint32_t at;

    fresh_validator(sizeof tracker_mem);
    w = user_writer(AEROGPU_ABI_VERSION_U32);
    aerocmd_append_create_buffer(w, 5, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 64, 0, 0);
    aerocmd_append_set_index_buffer(w, 77, AEROGPU_INDEX_FORMAT_UINT16, 0);
    at = plain_pairs(w);
    aerocmd_append_set_primitive_topology(w, 9); /* a gap in the enum */
    CHECK_EQ(render_deep(&out), AEROCMD_STATUS_INVALID_PARAMETER);
    CHECK_EQ(out.fault.reason, AEROCMD_R_ENUM_RANGE);
    CHECK_EQ(out.fault.offset, at);
    CHECK_EQ(aerocmd_semantic_count(&validator.semantic), PRIOR_VS_RECORDS);

    w = user_writer(AEROGPU_ABI_VERSION_U32);
    aerocmd_append_create_buffer(w, 5, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 64, 0, 0);
    plain_pairs(w);
    CHECK_EQ(render_deep(&out), AEROCMD_STATUS_SUCCESS);
    CHECK_EQ(aerocmd_semantic_count(&validator.semantic), PRIOR_VS_RECORDS + 1);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        test_fixture_streams(argv[1]);
    else
        CHECK(!"usage: test_kmd_render STREAMS_DIR");
    test_backed_resources();
    test_hostile_table();
    test_mutation_during_copy();
    test_split_and_continue();
    test_faulted_until_reset();
    test_deep_presents_and_tokens();
    test_deep_opcodes();
    test_structure_before_semantics();
    return check_finish();
}
