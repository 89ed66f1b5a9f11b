/* SPDX-License-Identifier: MIT */
/* A client of a live host (aerocmd/host_client.h) that checks what the device did, built
 * natively and with mingw (the Windows x86_64 build runs under Wine and reaches the native
 * host through Winsock). run_host.py starts the host and runs one mode at a time:
 *
 *   host_client_test readback ADDRESS   a clear read back through WRITEBACK_DST: the staging
 *                                       texture's rows hold the clear colour as Direct3D
 *                                       converts it to B8G8R8A8_UNORM, its pitch padding and
 *                                       the rest of the allocation untouched; twice
 *   host_client_test pipeline ADDRESS   100 submissions in flight, each reading back its own
 *                                       colour into its own memory: all applied, in order
 *   host_client_test picture ADDRESS    the last presented picture, and its absence before
 *   host_client_test refused ADDRESS    a submission naming a handle never created: refused at
 *                                       offset 24 (the first packet) with HANDLE_UNKNOWN, the
 *                                       device lost, the picture of before still there
 *   host_client_test isolation ADDRESS  two devices with the same handles, neither sees the
 *                                       other's
 *   host_client_test slow ADDRESS       a draw that never ends: stopped by the watchdog
 *                                       within the host's deadline, then a new device works
 *   host_client_test roundtrip ADDRESS N  N empty submissions, each waited for: prints the
 *                                       median round trip in microseconds (benchmark)
 *
 * Expected values come from RULES.md (texture layout, the presented surface) and Direct3D's
 * float -> UNORM conversion, written here. Ends with "N passed, N failed". */
#ifndef _WIN32
#define _POSIX_C_SOURCE 200809L
#else
#include <windows.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aerocmd/host_client.h"
#include "aerocmd/sm4.h"
#include "aerocmd/writer.h"
#include "aerogpu_cmd.h"
#include "aerogpu_pci.h"
#include "aerogpu_ring.h"
#include "check.h"

#define STAGING_ALLOC  7u
#define STAGING_GPA    0x10000u
#define STAGING_BYTES  256u
#define STAGING_OFFSET 64u /* of the texture in its allocation */
#define STAGING_PITCH  32u /* 4 texels of 4 bytes, then 16 bytes of padding */
#define SIDE           4u
#define PIPELINE       100u
#define H_TARGET       1u
#define H_STAGING      2u
#define NO_PRESENT     0xFFFFFFFFu
#define WAIT_MS        60000u

static const char *address;

static uint32_t f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

/* Direct3D's float -> 8-bit UNORM: round to nearest. */
static uint8_t unorm8(float f)
{
    return (uint8_t)(f * 255.0f + 0.5f);
}

static struct aerocmd_host_client *connect_or_fail(void)
{
    struct aerocmd_host_client *c = NULL;
    struct aerocmd_host_error err;
    if (!CHECK(aerocmd_host_connect(address, NULL, &c, &err) == AEROCMD_OK))
        fprintf(stderr, "    %s\n", err.message);
    return c;
}

static int writer_begin(struct aerocmd_writer *w)
{
    return CHECK(aerocmd_writer_init_growable(w, aerocmd_allocator_libc(), 0,
                                              AEROGPU_ABI_VERSION_U32) == AEROCMD_OK);
}

/* An allocation table with one entry. */
static size_t one_alloc_table(uint8_t out[56], uint32_t id, uint64_t gpa, uint64_t size)
{
    struct aerogpu_alloc_table_header h;
    struct aerogpu_alloc_entry e;
    memset(&h, 0, sizeof(h));
    memset(&e, 0, sizeof(e));
    h.magic = AEROGPU_ALLOC_TABLE_MAGIC;
    h.abi_version = AEROGPU_ABI_VERSION_U32;
    h.size_bytes = sizeof(h) + sizeof(e);
    h.entry_count = 1;
    h.entry_stride_bytes = sizeof(e);
    e.alloc_id = id, e.gpa = gpa, e.size_bytes = size;
    memcpy(out, &h, sizeof(h));
    memcpy(out + sizeof(h), &e, sizeof(e));
    return sizeof(h) + sizeof(e);
}

static void texture(struct aerocmd_writer *w, uint32_t handle, uint32_t format, uint32_t side,
                    uint32_t alloc, uint32_t offset, uint32_t pitch)
{
    struct aerocmd_texture2d_args t;
    memset(&t, 0, sizeof(t));
    t.texture_handle = handle;
    t.usage_flags =
        AEROGPU_RESOURCE_USAGE_TEXTURE | (alloc == 0 ? AEROGPU_RESOURCE_USAGE_RENDER_TARGET : 0u);
    t.format = format, t.width = side, t.height = side, t.mip_levels = 1, t.array_layers = 1;
    t.backing_alloc_id = alloc, t.backing_offset_bytes = offset, t.row_pitch_bytes = pitch;
    CHECK(aerocmd_append_create_texture2d(w, &t) == AEROCMD_OK);
}

static void target_and_clear(struct aerocmd_writer *w, uint32_t handle, const float rgba[4])
{
    aerogpu_handle_t colors[8] = {0};
    uint32_t c[4], i;
    colors[0] = handle;
    for (i = 0; i < 4; i++)
        c[i] = f32(rgba[i]);
    CHECK(aerocmd_append_set_render_targets(w, 1, colors, 0) == AEROCMD_OK);
    CHECK(aerocmd_append_clear(w, AEROGPU_CLEAR_COLOR, c, f32(1.0f), 0) == AEROCMD_OK);
}

/* Clears the target and copies it into the staging texture with WRITEBACK_DST; with
 * `create`, both textures are created first. */
static void clear_and_read_back(struct aerocmd_writer *w, const float rgba[4], int create)
{
    struct aerocmd_copy_texture2d_args copy;
    if (create) {
        texture(w, H_TARGET, AEROGPU_FORMAT_B8G8R8A8_UNORM, SIDE, 0, 0, 0);
        texture(w, H_STAGING, AEROGPU_FORMAT_B8G8R8A8_UNORM, SIDE, STAGING_ALLOC, STAGING_OFFSET,
                STAGING_PITCH);
    }
    target_and_clear(w, H_TARGET, rgba);
    memset(&copy, 0, sizeof(copy));
    copy.dst_texture = H_STAGING, copy.src_texture = H_TARGET, copy.width = SIDE,
    copy.height = SIDE;
    copy.flags = AEROGPU_COPY_FLAG_WRITEBACK_DST;
    CHECK(aerocmd_append_copy_texture2d(w, &copy) == AEROCMD_OK);
}

/* Submits what w holds with the staging allocation's memory; returns its fence (0 failed). */
static uint64_t submit_staging(struct aerocmd_host_client *c, struct aerocmd_writer *w,
                               struct aerocmd_host_memory *mem, uint8_t *bytes)
{
    static uint8_t table[56];
    struct aerocmd_host_submission sub;
    struct aerocmd_host_error err;
    uint64_t fence = 0;
    memset(&sub, 0, sizeof(sub));
    mem->alloc_id = STAGING_ALLOC, mem->flags = 0, mem->gpa = STAGING_GPA;
    mem->bytes = bytes, mem->size_bytes = STAGING_BYTES;
    sub.stream = aerocmd_writer_data(w);
    sub.stream_len = aerocmd_writer_size(w);
    sub.alloc_table = table;
    sub.alloc_table_len = one_alloc_table(table, STAGING_ALLOC, STAGING_GPA, STAGING_BYTES);
    sub.memory = mem;
    sub.memory_count = 1;
    if (!CHECK(aerocmd_host_submit(c, &sub, &fence, &err) == AEROCMD_OK))
        fprintf(stderr, "    %s\n", err.message);
    aerocmd_writer_reset(w);
    return fence;
}

/* The staging allocation after a read back of rgba: RULES.md's layout puts row y at
 * STAGING_OFFSET + y * STAGING_PITCH, texels as B, G, R, A; every other byte still 0xCD. */
static int staging_holds(const uint8_t *bytes, const float rgba[4])
{
    uint8_t want[STAGING_BYTES];
    uint32_t x, y;
    memset(want, 0xCD, sizeof(want));
    for (y = 0; y < SIDE; y++)
        for (x = 0; x < SIDE; x++) {
            uint8_t *t = want + STAGING_OFFSET + y * STAGING_PITCH + x * 4u;
            t[0] = unorm8(rgba[2]), t[1] = unorm8(rgba[1]), t[2] = unorm8(rgba[0]);
            t[3] = unorm8(rgba[3]);
        }
    return memcmp(bytes, want, sizeof(want)) == 0;
}

static void wait_ok(struct aerocmd_host_client *c, uint64_t fence,
                    struct aerocmd_host_completion *done)
{
    struct aerocmd_host_error err;
    if (!CHECK(aerocmd_host_wait(c, fence, WAIT_MS, done, &err) == AEROCMD_OK))
        fprintf(stderr, "    fence %llu: %s\n", (unsigned long long)fence, err.message);
}

static void mode_readback(void)
{
    static const float first[4] = {0.2f, 0.4f, 0.6f, 1.0f}, second[4] = {1.0f, 0.0f, 0.0f, 1.0f};
    struct aerocmd_host_client *c = connect_or_fail();
    struct aerocmd_host_completion done;
    struct aerocmd_host_memory mem;
    uint8_t bytes[STAGING_BYTES];
    struct aerocmd_writer w;
    uint64_t fence;
    if (c == NULL || !writer_begin(&w))
        return;
    memset(bytes, 0xCD, sizeof(bytes));
    clear_and_read_back(&w, first, 1);
    fence = submit_staging(c, &w, &mem, bytes);
    CHECK_EQ(fence, 1);
    wait_ok(c, fence, &done);
    CHECK(staging_holds(bytes, first));
    /* four rows of 16 bytes that do not touch: four ranges */
    CHECK(done.fence == 1 && done.bytes_written == SIDE * SIDE * 4u && done.ranges == SIDE);
    CHECK(done.bytes_dropped == 0 && done.present_count == 0 && done.first_present == NO_PRESENT);
    memset(bytes, 0xCD, sizeof(bytes));
    clear_and_read_back(&w, second, 0);
    fence = submit_staging(c, &w, &mem, bytes);
    CHECK_EQ(fence, 2);
    wait_ok(c, fence, &done);
    CHECK(staging_holds(bytes, second));
    CHECK_EQ(aerocmd_host_completed_fence(c), 2);
    aerocmd_writer_release(&w);
    aerocmd_host_close(c);
    printf("readback: (0.2, 0.4, 0.6, 1) and (1, 0, 0, 1) read back as B8G8R8A8\n");
}

static void mode_pipeline(void)
{
    static uint8_t bytes[PIPELINE][STAGING_BYTES];
    static struct aerocmd_host_memory mem[PIPELINE];
    struct aerocmd_host_client *c = connect_or_fail();
    struct aerocmd_host_completion done;
    struct aerocmd_writer w;
    uint64_t fences[PIPELINE];
    uint32_t i, right = 0;
    if (c == NULL || !writer_begin(&w))
        return;
    for (i = 0; i < PIPELINE; i++) {
        float grey = (float)i / (float)(PIPELINE - 1u), rgba[4];
        rgba[0] = grey, rgba[1] = 1.0f - grey, rgba[2] = 0.5f, rgba[3] = 1.0f;
        memset(bytes[i], 0xCD, STAGING_BYTES);
        clear_and_read_back(&w, rgba, i == 0);
        fences[i] = submit_staging(c, &w, &mem[i], bytes[i]);
    }
    wait_ok(c, fences[PIPELINE - 1u], &done);
    CHECK_EQ(done.fence, fences[PIPELINE - 1u]);
    for (i = 0; i < PIPELINE; i++) {
        float grey = (float)i / (float)(PIPELINE - 1u), rgba[4];
        rgba[0] = grey, rgba[1] = 1.0f - grey, rgba[2] = 0.5f, rgba[3] = 1.0f;
        right += staging_holds(bytes[i], rgba);
        CHECK_EQ(fences[i], i + 1u);
    }
    CHECK_EQ(right, PIPELINE);
    wait_ok(c, fences[10], &done); /* long complete: at once */
    CHECK_EQ(aerocmd_host_completed_fence(c), PIPELINE);
    aerocmd_writer_release(&w);
    aerocmd_host_close(c);
    printf("pipeline: %u submissions in flight, each read back in order\n", PIPELINE);
}

/* Submits w (no guest memory), waits; 1 when it completed. */
static int submit_plain(struct aerocmd_host_client *c, struct aerocmd_writer *w,
                        struct aerocmd_host_completion *done)
{
    struct aerocmd_host_submission sub;
    struct aerocmd_host_error err;
    uint64_t fence = 0;
    aerocmd_result r;
    memset(&sub, 0, sizeof(sub));
    sub.stream = aerocmd_writer_data(w);
    sub.stream_len = aerocmd_writer_size(w);
    r = aerocmd_host_submit(c, &sub, &fence, &err);
    if (r == AEROCMD_OK)
        r = aerocmd_host_wait(c, fence, WAIT_MS, done, &err);
    if (r != AEROCMD_OK)
        fprintf(stderr, "    %s\n", err.message);
    aerocmd_writer_reset(w);
    return r == AEROCMD_OK;
}

/* An 8x8 R8G8B8A8 target cleared to rgba and presented. */
static void present_clear(struct aerocmd_writer *w, uint32_t handle, const float rgba[4])
{
    texture(w, handle, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 0, 0, 0);
    target_and_clear(w, handle, rgba);
    CHECK(aerocmd_append_present(w, 0, 0) == AEROCMD_OK);
}

/* The device's last picture is 8x8 of rgba from `handle`. */
static void picture_is(struct aerocmd_host_client *c, uint32_t handle, const float rgba[4],
                       uint32_t present)
{
    struct aerocmd_host_picture pic;
    struct aerocmd_host_error err;
    uint8_t pixels[8 * 8 * 4], want[4];
    uint32_t i, same = 0;
    CHECK(aerocmd_host_last_picture(c, &pic, NULL, 0, &err) == AEROCMD_E_BUFFER_FULL);
    CHECK(pic.width == 8 && pic.height == 8 && pic.has_pixels);
    if (!CHECK(aerocmd_host_last_picture(c, &pic, pixels, sizeof(pixels), &err) == AEROCMD_OK))
        fprintf(stderr, "    %s\n", err.message);
    CHECK(pic.handle == handle && pic.format == AEROGPU_FORMAT_R8G8B8A8_UNORM);
    CHECK_EQ(pic.present, present);
    for (i = 0; i < 4; i++)
        want[i] = unorm8(rgba[i]);
    for (i = 0; i < 64; i++)
        same += memcmp(pixels + i * 4u, want, 4) == 0;
    CHECK_EQ(same, 64);
}

static void mode_picture(void)
{
    static const float green[4] = {0, 1, 0, 1}, grey[4] = {0.2f, 0.2f, 0.2f, 1};
    struct aerocmd_host_client *c = connect_or_fail();
    struct aerocmd_host_completion done;
    struct aerocmd_host_picture pic;
    struct aerocmd_host_error err;
    struct aerocmd_writer w;
    if (c == NULL || !writer_begin(&w))
        return;
    CHECK(aerocmd_host_last_picture(c, &pic, NULL, 0, &err) == AEROCMD_OK);
    CHECK(pic.present == NO_PRESENT && !pic.has_pixels && pic.width == 0);
    present_clear(&w, 5, green);
    if (CHECK(submit_plain(c, &w, &done)) && CHECK_EQ(done.present_count, 1))
        picture_is(c, 5, green, done.first_present);
    /* two presents in one submission: the picture is the second */
    present_clear(&w, 6, grey);
    present_clear(&w, 7, green);
    if (CHECK(submit_plain(c, &w, &done)) && CHECK_EQ(done.present_count, 2))
        picture_is(c, 7, green, done.first_present + 1u);
    aerocmd_writer_release(&w);
    aerocmd_host_close(c);
    printf("picture: the last present, 8x8, read back\n");
}

static void mode_refused(void)
{
    static const float blue[4] = {0, 0, 1, 1};
    aerogpu_handle_t colors[8] = {0};
    struct aerocmd_host_client *c = connect_or_fail();
    struct aerocmd_host_completion done;
    struct aerocmd_host_submission sub;
    struct aerocmd_host_error err;
    struct aerocmd_writer w;
    uint64_t bad = 0, after = 0;
    uint32_t shown;
    if (c == NULL || !writer_begin(&w))
        return;
    present_clear(&w, 3, blue);
    CHECK(submit_plain(c, &w, &done));
    shown = done.first_present;
    colors[0] = 999; /* never created: the first packet, right after the 24-byte header */
    CHECK(aerocmd_append_set_render_targets(&w, 1, colors, 0) == AEROCMD_OK);
    memset(&sub, 0, sizeof(sub));
    sub.stream = aerocmd_writer_data(&w);
    sub.stream_len = aerocmd_writer_size(&w);
    CHECK(aerocmd_host_submit(c, &sub, &bad, &err) == AEROCMD_OK);
    CHECK(aerocmd_host_submit(c, &sub, &after, &err) == AEROCMD_OK); /* sent before it knows */
    CHECK(aerocmd_host_wait(c, after, WAIT_MS, &done, &err) == AEROCMD_E_DEVICE_REMOVED);
    CHECK(err.kind == AEROCMD_HOST_ERR_REFUSED && err.result == AEROCMD_E_MALFORMED);
    CHECK(err.in_stream && err.diag.offset == 24 &&
          err.diag.opcode == AEROGPU_CMD_SET_RENDER_TARGETS);
    CHECK(err.diag.reason == AEROCMD_R_HANDLE_UNKNOWN);
    CHECK(err.fence == bad && err.submission == 1 && strstr(err.message, "offset 24") != NULL);
    CHECK_EQ(aerocmd_host_completed_fence(c), 1);
    /* the connection stays: the picture of before the loss */
    picture_is(c, 3, blue, shown);
    CHECK(aerocmd_host_submit(c, &sub, NULL, &err) == AEROCMD_E_DEVICE_REMOVED);
    CHECK(err.kind == AEROCMD_HOST_ERR_REFUSED);
    aerocmd_writer_release(&w);
    aerocmd_host_close(c);
    printf("refused: offset 24, SET_RENDER_TARGETS, handle_unknown; the device lost\n");
}

/* Submits what w holds in context `id`; the completion in *done. */
static aerocmd_result submit_in(struct aerocmd_host_client *c, struct aerocmd_writer *w,
                                uint32_t id, struct aerocmd_host_completion *done,
                                struct aerocmd_host_error *err)
{
    struct aerocmd_host_submission sub;
    uint64_t fence = 0;
    aerocmd_result r;
    memset(&sub, 0, sizeof(sub));
    sub.stream = aerocmd_writer_data(w);
    sub.stream_len = aerocmd_writer_size(w);
    sub.context_id = id;
    r = aerocmd_host_submit(c, &sub, &fence, err);
    if (r == AEROCMD_OK)
        r = aerocmd_host_wait(c, fence, WAIT_MS, done, err);
    aerocmd_writer_reset(w);
    return r;
}

/* Contexts of one connection (doc/host-protocol.md): context 1 binds and clears a target
 * blue; context 2, which bound nothing, clears red (its CLEAR meets no target); context 1's
 * PRESENT shows blue. Then the device keeps 64 contexts: the 65th is refused, the device
 * lost. */
static void mode_contexts(void)
{
    static const float blue[4] = {0, 0, 1, 1}, red[4] = {1, 0, 0, 1};
    struct aerocmd_host_client *c = connect_or_fail();
    struct aerocmd_host_completion done;
    struct aerocmd_host_error err;
    struct aerocmd_writer w;
    uint32_t id, c4[4], i;
    if (c == NULL || !writer_begin(&w))
        return;
    texture(&w, 3, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 0, 0, 0);
    target_and_clear(&w, 3, blue);
    CHECK_EQ(submit_in(c, &w, 1, &done, &err), AEROCMD_OK);
    for (i = 0; i < 4; i++)
        c4[i] = f32(red[i]);
    CHECK(aerocmd_append_clear(&w, AEROGPU_CLEAR_COLOR, c4, f32(1.0f), 0) == AEROCMD_OK);
    CHECK_EQ(submit_in(c, &w, 2, &done, &err), AEROCMD_OK);
    CHECK(aerocmd_append_present(&w, 0, 0) == AEROCMD_OK);
    if (CHECK_EQ(submit_in(c, &w, 1, &done, &err), AEROCMD_OK))
        picture_is(c, 3, blue, done.first_present);
    for (id = 3; id < 64; id++) /* with contexts 0, 1 and 2: 64 */
        CHECK_EQ(submit_in(c, &w, id, &done, &err), AEROCMD_OK);
    CHECK_EQ(submit_in(c, &w, 64, &done, &err), AEROCMD_E_DEVICE_REMOVED);
    CHECK(err.kind == AEROCMD_HOST_ERR_REFUSED && strstr(err.message, "contexts at most") != NULL);
    aerocmd_writer_release(&w);
    aerocmd_host_close(c);
    printf("contexts: context 2's clear left context 1's target; the 65th context refused\n");
}

static void mode_isolation(void)
{
    static const float red[4] = {1, 0, 0, 1}, blue[4] = {0, 0, 1, 1};
    struct aerocmd_host_client *a = connect_or_fail(), *b = connect_or_fail();
    struct aerocmd_host_completion done;
    struct aerocmd_writer w;
    aerogpu_handle_t colors[8] = {0};
    uint32_t shown;
    if (a == NULL || b == NULL || !writer_begin(&w))
        return;
    present_clear(&w, 1, red);
    CHECK(submit_plain(a, &w, &done));
    shown = done.first_present;
    present_clear(&w, 1, blue); /* the same handle: another device */
    CHECK(submit_plain(b, &w, &done));
    texture(&w, 2, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 0, 0, 0);
    CHECK(submit_plain(a, &w, &done));
    colors[0] = 2; /* a's texture: unknown to b */
    CHECK(aerocmd_append_set_render_targets(&w, 1, colors, 0) == AEROCMD_OK);
    CHECK(!submit_plain(b, &w, &done));
    colors[0] = 2;
    CHECK(aerocmd_append_set_render_targets(&w, 1, colors, 0) == AEROCMD_OK);
    CHECK(submit_plain(a, &w, &done)); /* a goes on */
    picture_is(a, 1, red, shown);
    aerocmd_writer_release(&w);
    aerocmd_host_close(a);
    aerocmd_host_close(b);
    printf("isolation: two devices, one handle namespace each\n");
}

/* ---- a draw that never ends ------------------------------------------------------------- */

static uint32_t shader(struct aerocmd_writer *w, uint32_t handle, int pixel)
{
    static const struct aerocmd_umd_signature_entry position = {0, 15, 1, 3, "SV_Position", 0};
    static const struct aerocmd_umd_signature_entry target = {0, 15, 0, 3, "SV_Target", 0};
    struct aerocmd_umd_shader_signatures sigs;
    struct aerocmd_sm4_builder b;
    uint32_t tokens[64], size = 0;
    uint8_t dxbc[1024];
    memset(&sigs, 0, sizeof(sigs));
    sigs.outputs = pixel ? &target : &position;
    sigs.output_count = 1;
    aerocmd_sm4_begin(&b, pixel ? AEROCMD_SHADER_PS : AEROCMD_SHADER_VS, 4, 0, tokens, 64);
    if (pixel)
        aerocmd_sm4_dcl_output(&b, 0, AEROCMD_SM4_XYZW);
    else
        aerocmd_sm4_dcl_output_siv(&b, 0, AEROCMD_SM4_XYZW, AEROCMD_SM4_SV_POSITION);
    aerocmd_sm4_op1(&b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, AEROCMD_SM4_XYZW),
                    aerocmd_sm4_imm4f(0.0f, 0.0f, 0.0f, 1.0f));
    aerocmd_sm4_ret(&b);
    CHECK(aerocmd_sm4_dxbc(&b, &sigs, dxbc, sizeof(dxbc), &size) == AEROCMD_OK);
    CHECK(aerocmd_append_create_shader_dxbc(
              w, handle, pixel ? AEROCMD_SHADER_PS : AEROCMD_SHADER_VS, dxbc, size) == AEROCMD_OK);
    return handle;
}

static void mode_slow(void)
{
    static const float black[4] = {0, 0, 0, 1};
    struct aerocmd_host_client *c = connect_or_fail();
    struct aerocmd_host_submission sub;
    struct aerocmd_host_error err;
    struct aerocmd_writer w;
    uint64_t fence = 0, started;
    uint32_t deadline;
    if (c == NULL || !writer_begin(&w))
        return;
    deadline = aerocmd_host_info(c)->deadline_ms;
    texture(&w, 1, AEROGPU_FORMAT_R8G8B8A8_UNORM, 64, 0, 0, 0);
    target_and_clear(&w, 1, black);
    CHECK(aerocmd_append_bind_shaders(&w, shader(&w, 2, 0), shader(&w, 3, 1), 0, 0, 0, 0) ==
          AEROCMD_OK);
    CHECK(aerocmd_append_set_primitive_topology(&w, AEROGPU_TOPOLOGY_TRIANGLELIST) == AEROCMD_OK);
    CHECK(aerocmd_append_draw(&w, 3, 0xFFFFFFFFu, 0, 0) == AEROCMD_OK);
    memset(&sub, 0, sizeof(sub));
    sub.stream = aerocmd_writer_data(&w);
    sub.stream_len = aerocmd_writer_size(&w);
    started = (uint64_t)time(NULL);
    CHECK(aerocmd_host_submit(c, &sub, &fence, &err) == AEROCMD_OK);
    CHECK(aerocmd_host_wait(c, fence, deadline + 20000u, NULL, &err) == AEROCMD_E_DEVICE_REMOVED);
    if (!CHECK(err.kind == AEROCMD_HOST_ERR_WATCHDOG && err.fence == fence))
        fprintf(stderr, "    kind %u: %s\n", err.kind, err.message);
    CHECK((uint64_t)time(NULL) - started <= deadline / 1000u + 5u);
    aerocmd_writer_release(&w);
    aerocmd_host_close(c);
    mode_readback(); /* a new device works */
    printf("slow: stopped by the watchdog (%u ms)\n", deadline);
}

/* ---- round trips -------------------------------------------------------------------------- */

static uint64_t now_us(void)
{
#ifdef _WIN32
    return (uint64_t)GetTickCount64() * 1000u;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
#endif
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void mode_roundtrip(uint32_t n)
{
    struct aerocmd_host_client *c = connect_or_fail();
    struct aerocmd_host_completion done;
    struct aerocmd_writer w;
    uint64_t *us = calloc(n != 0 ? n : 1u, sizeof(*us));
    uint32_t i, ok = 0;
    if (c == NULL || us == NULL || n == 0 || !writer_begin(&w)) {
        free(us);
        return;
    }
    for (i = 0; i < n; i++) {
        uint64_t t0 = now_us();
        ok += submit_plain(c, &w, &done); /* an empty submission: the header alone */
        us[i] = now_us() - t0;
    }
    CHECK_EQ(ok, n);
    qsort(us, n, sizeof(*us), by_value);
    printf("roundtrip: %u empty submissions, median %llu us\n", n, (unsigned long long)us[n / 2u]);
    free(us);
    aerocmd_writer_release(&w);
    aerocmd_host_close(c);
}

int main(int argc, char **argv)
{
    const char *mode = argc >= 3 ? argv[1] : "";
    address = argc >= 3 ? argv[2] : "";
    if (strcmp(mode, "readback") == 0)
        mode_readback();
    else if (strcmp(mode, "pipeline") == 0)
        mode_pipeline();
    else if (strcmp(mode, "picture") == 0)
        mode_picture();
    else if (strcmp(mode, "refused") == 0)
        mode_refused();
    else if (strcmp(mode, "isolation") == 0)
        mode_isolation();
    else if (strcmp(mode, "contexts") == 0)
        mode_contexts();
    else if (strcmp(mode, "slow") == 0)
        mode_slow();
    else if (strcmp(mode, "roundtrip") == 0 && argc >= 4)
        mode_roundtrip((uint32_t)strtoul(argv[3], NULL, 10));
    else {
        fprintf(stderr, "usage: host_client_test readback|pipeline|picture|refused|isolation|"
                        "contexts|slow|roundtrip ADDRESS [N]\n");
        return 2;
    }
    return check_finish();
}
