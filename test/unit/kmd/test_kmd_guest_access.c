/* SPDX-License-Identifier: MIT */
/* The kernel trusts nothing across submissions: every guest-memory access a packet asks for
 * (a create with backing, a dirty range the host reads, a writeback the host writes) is
 * judged against the allocation that *this* submission's allocation list names under the
 * alloc_id, not the one the resource was created in.
 *
 * The scenario from issue 18: a buffer created at 8 KiB on allocation id 5 (an 8 KiB
 * allocation), then a later submission lists a different, 4 KiB allocation under id 5 and
 * asks for a writeback of bytes 4-8 KiB. The host would write 4 KiB past the allocation the
 * kernel was given. Expected outcomes follow RULES.md ("Any packet that needs guest memory
 * ... is invalid if its allocation is not in the table"; a resource must fit its
 * allocation): STATUS_INVALID_PARAMETER with reason BACKING_OUT_OF_RANGE at the packet. */
#include <stdint.h>
#include <string.h>

#include "aerocmd/writer.h"
#include "check.h"
#include "kmd_kit.h"

#define KIB        1024u
#define ALLOC_ID   5u
#define BUFFER     10u
#define SOURCE     11u
#define TEXTURE    12u
#define TEX_SOURCE 13u
#define HDR        24u /* stream header: the first packet's offset */

static uint8_t user_bytes[4096];
static uint64_t tracker_mem[4096];
static uint64_t table_mem[64];
static uint64_t dma_mem[512];
static struct kmd_kit kit;
static struct aerocmd_writer writer;

static struct aerocmd_writer *begin(void)
{
    aerocmd_writer_init_span(&writer, user_bytes, sizeof user_bytes, AEROGPU_ABI_VERSION_U32);
    return &writer;
}

/* A fresh validator, as for a new device. */
static void fresh_device(void)
{
    kmd_kit_open(&kit, tracker_mem, sizeof tracker_mem, dma_mem, sizeof dma_mem, table_mem,
                 sizeof table_mem);
}

/* One allocation in the list: a distinct kernel object per (identity, gpa, size). */
static struct aerocmd_kmd_alloc_ref allocation(uint64_t identity, uint64_t gpa, uint64_t size,
                                               uint32_t flags)
{
    struct aerocmd_kmd_alloc_ref r;
    memset(&r, 0, sizeof r);
    r.identity = identity;
    r.alloc_id = ALLOC_ID;
    r.gpa = gpa;
    r.size_bytes = size;
    r.flags = flags;
    return r;
}

static aerocmd_ntstatus submit(const struct aerocmd_kmd_alloc_ref *ref,
                               struct aerocmd_kmd_render_out *out)
{
    return kmd_kit_render(&kit, user_bytes, aerocmd_writer_size(&writer), ref, ref ? 1u : 0u, out);
}

/* The first submission: an 8 KiB buffer (and an 8 KiB source) on an 8 KiB allocation id 5
 * that the list names writable. Must succeed. */
static void create_on_big_allocation(void)
{
    struct aerocmd_kmd_render_out out;
    struct aerocmd_kmd_alloc_ref big =
        allocation(0x100, 0x100000, 8 * KIB, AEROCMD_KMD_ALLOC_REF_WRITE);
    struct aerocmd_writer *w = begin();
    fresh_device();
    aerocmd_append_create_buffer(w, BUFFER, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 8 * KIB, ALLOC_ID,
                                 0);
    aerocmd_append_create_buffer(w, SOURCE, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 8 * KIB, 0, 0);
    CHECK_EQ(submit(&big, &out), AEROCMD_STATUS_SUCCESS);
}

/* A later submission with a 4 KiB allocation under id 5 (another kernel object, another
 * address); `write` gives the list entry write intent. */
static aerocmd_ntstatus later_small(int write, struct aerocmd_kmd_render_out *out)
{
    struct aerocmd_kmd_alloc_ref small =
        allocation(0x200, 0x300000, 4 * KIB, write ? AEROCMD_KMD_ALLOC_REF_WRITE : 0);
    return submit(&small, out);
}

static void expect_fault(aerocmd_ntstatus status, const struct aerocmd_kmd_render_out *out,
                         uint32_t reason, uint32_t offset, uint32_t opcode)
{
    CHECK_EQ(status, AEROCMD_STATUS_INVALID_PARAMETER);
    CHECK_EQ(out->fault.reason, reason);
    CHECK_EQ(out->fault.offset, offset);
    CHECK_EQ(out->fault.opcode, opcode);
    CHECK_EQ(out->dma_bytes_used, 0);
}

/* The exact scenario: writeback of bytes 4-8 KiB. */
static void test_writeback_past_smaller_allocation(void)
{
    struct aerocmd_kmd_render_out out;
    create_on_big_allocation();
    aerocmd_append_copy_buffer(begin(), BUFFER, SOURCE, 4 * KIB, 4 * KIB, 4 * KIB,
                               AEROGPU_COPY_FLAG_WRITEBACK_DST);
    expect_fault(later_small(1, &out), &out, AEROCMD_R_BACKING_OUT_OF_RANGE, HDR,
                 AEROGPU_CMD_COPY_BUFFER);

    /* bytes 0-4 KiB lie inside the 4 KiB allocation: fine */
    create_on_big_allocation();
    aerocmd_append_copy_buffer(begin(), BUFFER, SOURCE, 0, 0, 4 * KIB,
                               AEROGPU_COPY_FLAG_WRITEBACK_DST);
    CHECK_EQ(later_small(1, &out), AEROCMD_STATUS_SUCCESS);

    /* one 4-byte word past the end is enough */
    create_on_big_allocation();
    aerocmd_append_copy_buffer(begin(), BUFFER, SOURCE, 4 * KIB - 4, 0, 8,
                               AEROGPU_COPY_FLAG_WRITEBACK_DST);
    expect_fault(later_small(1, &out), &out, AEROCMD_R_BACKING_OUT_OF_RANGE, HDR,
                 AEROGPU_CMD_COPY_BUFFER);

    /* the same copy without WRITEBACK_DST touches no guest memory */
    create_on_big_allocation();
    aerocmd_append_copy_buffer(begin(), BUFFER, SOURCE, 4 * KIB, 4 * KIB, 4 * KIB, 0);
    CHECK_EQ(later_small(1, &out), AEROCMD_STATUS_SUCCESS);
}

/* A dirty range makes the host read the bytes through this submission's table. */
static void test_dirty_range_past_smaller_allocation(void)
{
    struct aerocmd_kmd_render_out out;
    create_on_big_allocation();
    aerocmd_append_resource_dirty_range(begin(), BUFFER, 4 * KIB, 4 * KIB);
    expect_fault(later_small(0, &out), &out, AEROCMD_R_BACKING_OUT_OF_RANGE, HDR,
                 AEROGPU_CMD_RESOURCE_DIRTY_RANGE);

    create_on_big_allocation();
    aerocmd_append_resource_dirty_range(begin(), BUFFER, 0, 4 * KIB);
    CHECK_EQ(later_small(0, &out), AEROCMD_STATUS_SUCCESS);

    /* no allocation 5 in the list at all */
    create_on_big_allocation();
    aerocmd_append_resource_dirty_range(begin(), BUFFER, 0, 4);
    CHECK_EQ(submit(NULL, &out), AEROCMD_STATUS_INVALID_HANDLE);
    CHECK_EQ(out.fault.reason, AEROCMD_R_ALLOC_MISSING);
}

/* A writeback needs write intent in this submission's list, whatever the first had. */
static void test_writeback_into_now_readonly(void)
{
    struct aerocmd_kmd_render_out out;
    create_on_big_allocation();
    aerocmd_append_copy_buffer(begin(), BUFFER, SOURCE, 0, 0, 16, AEROGPU_COPY_FLAG_WRITEBACK_DST);
    CHECK_EQ(later_small(0, &out), AEROCMD_STATUS_INVALID_PARAMETER);
    CHECK_EQ(out.fault.reason, AEROCMD_R_WRITEBACK_READONLY);
}

/* A resource at a backing offset: the access is offset + range inside the allocation. */
static void test_backing_offset_counts(void)
{
    struct aerocmd_kmd_render_out out;
    struct aerocmd_kmd_alloc_ref big =
        allocation(0x100, 0x100000, 8 * KIB, AEROCMD_KMD_ALLOC_REF_WRITE);
    struct aerocmd_writer *w = begin();
    fresh_device();
    /* 2 KiB at offset 6 KiB: ends exactly at 8 KiB */
    aerocmd_append_create_buffer(w, BUFFER, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 2 * KIB, ALLOC_ID,
                                 6 * KIB);
    CHECK_EQ(submit(&big, &out), AEROCMD_STATUS_SUCCESS);
    /* its first byte is at 6 KiB of a 4 KiB allocation now */
    aerocmd_append_resource_dirty_range(begin(), BUFFER, 0, 4);
    expect_fault(later_small(0, &out), &out, AEROCMD_R_BACKING_OUT_OF_RANGE, HDR,
                 AEROGPU_CMD_RESOURCE_DIRTY_RANGE);
}

/* A create in a later submission is judged against that submission's allocation too. */
static void test_create_against_current_list(void)
{
    struct aerocmd_kmd_render_out out;
    create_on_big_allocation();
    aerocmd_append_create_buffer(begin(), 20, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 8 * KIB,
                                 ALLOC_ID, 0);
    expect_fault(later_small(0, &out), &out, AEROCMD_R_BACKING_OUT_OF_RANGE, HDR,
                 AEROGPU_CMD_CREATE_BUFFER);
}

/* Texture writeback: 64 x 64 B8G8R8A8 (256-byte rows, 16 KiB) on a 16 KiB allocation; a
 * later 4 KiB allocation under the id holds rows 0-15 only. */
static void test_texture_writeback_rows(void)
{
    struct aerocmd_kmd_render_out out;
    struct aerocmd_kmd_alloc_ref big =
        allocation(0x100, 0x100000, 16 * KIB, AEROCMD_KMD_ALLOC_REF_WRITE);
    struct aerocmd_texture2d_args t;
    struct aerocmd_copy_texture2d_args c;
    struct aerocmd_writer *w;
    int round;
    for (round = 0; round < 2; round++) {
        w = begin();
        fresh_device();
        memset(&t, 0, sizeof t);
        t.texture_handle = TEXTURE;
        t.usage_flags = AEROGPU_RESOURCE_USAGE_TEXTURE;
        t.format = AEROGPU_FORMAT_B8G8R8A8_UNORM;
        t.width = t.height = 64;
        t.mip_levels = t.array_layers = 1;
        t.backing_alloc_id = ALLOC_ID;
        aerocmd_append_create_texture2d(w, &t);
        t.texture_handle = TEX_SOURCE;
        t.backing_alloc_id = 0;
        aerocmd_append_create_texture2d(w, &t);
        CHECK_EQ(submit(&big, &out), AEROCMD_STATUS_SUCCESS);

        memset(&c, 0, sizeof c);
        c.dst_texture = TEXTURE;
        c.src_texture = TEX_SOURCE;
        c.width = 64;
        c.height = round == 0 ? 16u : 17u; /* 16 rows = 4 KiB; the 17th is past it */
        c.flags = AEROGPU_COPY_FLAG_WRITEBACK_DST;
        aerocmd_append_copy_texture2d(begin(), &c);
        if (round == 0) {
            CHECK_EQ(later_small(1, &out), AEROCMD_STATUS_SUCCESS);
        } else {
            expect_fault(later_small(1, &out), &out, AEROCMD_R_BACKING_OUT_OF_RANGE, HDR,
                         AEROGPU_CMD_COPY_TEXTURE2D);
        }
    }
}

int main(void)
{
    test_writeback_past_smaller_allocation();
    test_dirty_range_past_smaller_allocation();
    test_writeback_into_now_readonly();
    test_backing_offset_counts();
    test_create_against_current_list();
    test_texture_writeback_rows();
    return check_finish();
}
