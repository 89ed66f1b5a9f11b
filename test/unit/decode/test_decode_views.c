/* SPDX-License-Identifier: MIT */
/* test_decode_views.c — reading packets: stream header and cursor, typed views, payload
 * accessors, stage resolution across ABI minors 2/3/4, both BIND_SHADERS forms, unknown
 * opcodes and trailing bytes. */
#include <stdio.h>

#include "aerocmd/decode.h"
#include "check.h"
#include "stream_builder.h"

#define ADD(sb, opcode, packet) sb_packet((sb), (opcode), &(packet), (uint32_t)sizeof(packet))

/* Opens sb and returns its packet number `index` (0-based) in *packet. */
static int nth_packet(const struct sb *sb, struct aerocmd_stream *stream, uint32_t index,
                      struct aerocmd_packet *packet)
{
    struct aerocmd_cursor cursor;
    struct aerocmd_diag diag;
    uint32_t i;
    if (aerocmd_stream_open(stream, sb->bytes, sb->len, &diag) != AEROCMD_OK)
        return 0;
    aerocmd_cursor_init(&cursor, stream);
    for (i = 0; i <= index; i++)
        if (aerocmd_cursor_next(&cursor, packet, &diag) != 1)
            return 0;
    return 1;
}

static void test_stream_open_and_cursor(void)
{
    static struct sb sb;
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag diag;
    struct aerogpu_cmd_flush flush;

    memset(&flush, 0, sizeof flush);
    sb_begin(&sb, 3);
    sb_draw(&sb);
    ADD(&sb, AEROGPU_CMD_FLUSH, flush);
    /* Bytes after size_bytes belong to nobody: garbage there is ignored. */
    memset(sb.bytes + sb.len, 0xAB, 12);

    CHECK_EQ(aerocmd_stream_open(&stream, sb.bytes, sb.len + 12, &diag), AEROCMD_OK);
    CHECK(stream.bytes == sb.bytes);
    CHECK_EQ(stream.size_bytes, 64);
    CHECK_EQ(stream.abi_version, 0x00010003u);
    CHECK_EQ(aerocmd_stream_abi_minor(&stream), 3);

    aerocmd_cursor_init(&cursor, &stream);
    CHECK_EQ(cursor.offset, 24);
    CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, &diag), 1);
    CHECK_EQ(packet.offset, 24);
    CHECK_EQ(packet.opcode, AEROGPU_CMD_DRAW);
    CHECK_EQ(packet.size_bytes, 24);
    CHECK(packet.bytes == sb.bytes + 24);
    CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, &diag), 1);
    CHECK_EQ(packet.offset, 48);
    CHECK_EQ(packet.opcode, AEROGPU_CMD_FLUSH);
    CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, &diag), 0);
    CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, &diag), 0);
    CHECK_EQ(aerocmd_validate_stream(sb.bytes, sb.len + 12, &diag), AEROCMD_OK);
    CHECK_EQ(diag.reason, AEROCMD_R_NONE);

    CHECK_EQ(aerocmd_stream_open(NULL, sb.bytes, sb.len, &diag), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_stream_open(&stream, NULL, 24, &diag), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_validate_stream(sb.bytes, sb.len, NULL), AEROCMD_OK);
}

/* A framing fault leaves the cursor where it was, so asking again gives the same answer. */
static void test_cursor_stays_on_fault(void)
{
    static struct sb sb;
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag diag;

    sb_begin(&sb, 4);
    sb_draw(&sb);
    sb_raw_packet(&sb, AEROGPU_CMD_DRAW, 26, 28);
    CHECK_EQ(aerocmd_stream_open(&stream, sb.bytes, sb.len, &diag), AEROCMD_OK);
    aerocmd_cursor_init(&cursor, &stream);
    CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, &diag), 1);
    CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, &diag), -1);
    CHECK_EQ(diag.reason, AEROCMD_R_PACKET_SIZE_UNALIGNED);
    CHECK_EQ(diag.offset, 48);
    CHECK_EQ(cursor.offset, 48);
    CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, NULL), -1);
    CHECK_EQ(cursor.offset, 48);
}

static void test_typed_views(void)
{
    static struct sb sb;
    static uint8_t shifted[SB_CAPACITY + 1];
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerogpu_cmd_create_texture2d t;
    const struct aerogpu_cmd_create_texture2d *view;

    memset(&t, 0, sizeof t);
    t.texture_handle = 0x11;
    t.format = AEROGPU_FORMAT_D32_FLOAT;
    t.width = 640;
    t.height = 480;
    t.mip_levels = 1;
    t.array_layers = 6;
    sb_begin(&sb, 4);
    ADD(&sb, AEROGPU_CMD_CREATE_TEXTURE2D, t);
    /* The structs are packed: a stream at an odd address reads the same. */
    memcpy(shifted + 1, sb.bytes, sb.len);
    CHECK_EQ(aerocmd_stream_open(&stream, shifted + 1, sb.len, NULL), AEROCMD_OK);
    aerocmd_cursor_init(&cursor, &stream);
    CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, NULL), 1);
    CHECK_EQ(aerocmd_packet_check(&stream, &packet, NULL), AEROCMD_OK);

    view = AEROCMD_VIEW(&packet, aerogpu_cmd_create_texture2d, AEROGPU_CMD_CREATE_TEXTURE2D);
    CHECK(view == (const void *)(shifted + 1 + 24));
    if (view != NULL) {
        CHECK_EQ(view->texture_handle, 0x11);
        CHECK_EQ(view->format, AEROGPU_FORMAT_D32_FLOAT);
        CHECK_EQ(view->width, 640);
        CHECK_EQ(view->height, 480);
        CHECK_EQ(view->array_layers, 6);
    }
    CHECK(aerocmd_packet_fixed(&packet, AEROGPU_CMD_CREATE_BUFFER) == NULL);
    CHECK(aerocmd_packet_fixed(NULL, AEROGPU_CMD_CREATE_TEXTURE2D) == NULL);

    /* A packet struct that claims less than the fixed struct gets no view. */
    packet.size_bytes = 52;
    CHECK(aerocmd_packet_fixed(&packet, AEROGPU_CMD_CREATE_TEXTURE2D) == NULL);
    /* An opcode the library does not know has no struct to view. */
    packet.opcode = 0x7777;
    packet.size_bytes = 56;
    CHECK(aerocmd_packet_fixed(&packet, 0x7777) == NULL);
}

static void test_byte_payloads(void)
{
    static struct sb sb;
    struct aerocmd_stream stream;
    struct aerocmd_packet packet;
    struct aerogpu_cmd_upload_resource up;
    const uint8_t *payload;
    uint32_t len = 0, count = 0;

    memset(&up, 0, sizeof up);
    up.resource_handle = 4;
    up.size_bytes = 5;
    sb_begin(&sb, 4);
    ADD(&sb, AEROGPU_CMD_UPLOAD_RESOURCE, up);
    sb_bytes(&sb, "abcde", 5);
    sb_pad(&sb);
    CHECK(nth_packet(&sb, &stream, 0, &packet));
    CHECK_EQ(packet.size_bytes, 40);
    payload = aerocmd_packet_payload(&packet, &len, &count);
    CHECK(payload == sb.bytes + 24 + 32);
    CHECK_EQ(len, 5);
    CHECK_EQ(count, 5);
    CHECK(payload != NULL && memcmp(payload, "abcde", 5) == 0);

    /* Claiming more than the packet holds gives no payload at all. */
    sb_put_u32(&sb, 24 + 24, 9);
    CHECK(nth_packet(&sb, &stream, 0, &packet));
    CHECK(aerocmd_packet_payload(&packet, &len, &count) == NULL);
    sb_put_u32(&sb, 24 + 24, 8);
    CHECK(aerocmd_packet_payload(&packet, &len, NULL) != NULL);
    CHECK_EQ(len, 8);
    sb_put_u32(&sb, 24 + 28, 1); /* size_bytes 2^32 + 8 */
    CHECK(aerocmd_packet_payload(&packet, &len, NULL) == NULL);

    /* An empty payload is there, zero bytes long. */
    sb_put_u32(&sb, 24 + 24, 0);
    sb_put_u32(&sb, 24 + 28, 0);
    len = 99;
    CHECK(aerocmd_packet_payload(&packet, &len, &count) == sb.bytes + 56);
    CHECK_EQ(len, 0);
    CHECK_EQ(count, 0);
}

static void test_array_payloads(void)
{
    static struct sb sb;
    struct aerocmd_stream stream;
    struct aerocmd_packet packet;
    struct aerogpu_cmd_set_vertex_buffers vb;
    struct aerogpu_vertex_buffer_binding bindings[2];
    struct aerogpu_cmd_set_samplers samplers;
    const uint8_t *payload;
    uint32_t len = 0, count = 0;

    memset(&vb, 0, sizeof vb);
    memset(bindings, 0, sizeof bindings);
    memset(&samplers, 0, sizeof samplers);
    vb.start_slot = 1;
    vb.buffer_count = 2;
    bindings[1].buffer = 0x42;
    bindings[1].stride_bytes = 20;
    samplers.shader_stage = AEROGPU_SHADER_STAGE_PIXEL;
    samplers.sampler_count = 3;
    sb_begin(&sb, 4);
    ADD(&sb, AEROGPU_CMD_SET_VERTEX_BUFFERS, vb);
    sb_bytes(&sb, bindings, sizeof bindings);
    ADD(&sb, AEROGPU_CMD_SET_SAMPLERS, samplers);
    sb_u32(&sb, 7);
    sb_u32(&sb, 8);
    sb_u32(&sb, 9);
    sb_u32(&sb, 0xEEEEEEEEu); /* trailing bytes past the array */
    sb_draw(&sb);
    sb_u32(&sb, 0);

    CHECK(nth_packet(&sb, &stream, 0, &packet));
    payload = aerocmd_packet_payload(&packet, &len, &count);
    CHECK_EQ(len, 32);
    CHECK_EQ(count, 2);
    CHECK(payload != NULL && memcmp(payload + 16, &bindings[1], 16) == 0);

    CHECK(nth_packet(&sb, &stream, 1, &packet));
    payload = aerocmd_packet_payload(&packet, &len, &count);
    CHECK_EQ(len, 12);
    CHECK_EQ(count, 3);
    CHECK(payload != NULL && payload[8] == 9);

    /* DRAW carries no payload, even with trailing bytes. */
    CHECK(nth_packet(&sb, &stream, 2, &packet));
    CHECK_EQ(packet.size_bytes, 28);
    CHECK(aerocmd_packet_payload(&packet, &len, &count) == NULL);
    CHECK_EQ(aerocmd_validate_stream(sb.bytes, sb.len, NULL), AEROCMD_OK);
}

static void test_debug_marker_payload(void)
{
    static struct sb sb;
    struct aerocmd_stream stream;
    struct aerocmd_packet packet;
    struct aerogpu_cmd_hdr hdr;
    uint32_t len = 0, count = 0;

    memset(&hdr, 0, sizeof hdr);
    sb_begin(&sb, 4);
    ADD(&sb, AEROGPU_CMD_DEBUG_MARKER, hdr);
    sb_bytes(&sb, "frame 1", 7);
    sb_pad(&sb);
    ADD(&sb, AEROGPU_CMD_DEBUG_MARKER, hdr);
    CHECK(nth_packet(&sb, &stream, 0, &packet));
    CHECK(aerocmd_packet_payload(&packet, &len, &count) == sb.bytes + 32);
    CHECK_EQ(len, 8);
    CHECK(memcmp(sb.bytes + 32, "frame 1", 8) == 0);
    CHECK(nth_packet(&sb, &stream, 1, &packet));
    CHECK(aerocmd_packet_payload(&packet, &len, &count) != NULL);
    CHECK_EQ(len, 0);
    CHECK_EQ(aerocmd_validate_stream(sb.bytes, sb.len, NULL), AEROCMD_OK);
}

/* The stage a CREATE_SHADER_DXBC names, in a stream of ABI 1.<minor>. */
static int shader_stage(uint32_t minor, uint32_t stage, uint32_t reserved0,
                        struct aerocmd_stage *out)
{
    static struct sb sb;
    struct aerocmd_stream stream;
    struct aerocmd_packet packet;
    struct aerogpu_cmd_create_shader_dxbc s;
    memset(&s, 0, sizeof s);
    s.shader_handle = 1;
    s.stage = stage;
    s.reserved0 = reserved0;
    sb_begin(&sb, minor);
    ADD(&sb, AEROGPU_CMD_CREATE_SHADER_DXBC, s);
    memset(out, 0xCC, sizeof *out);
    return nth_packet(&sb, &stream, 0, &packet) && aerocmd_packet_stage(&stream, &packet, out);
}

static void test_stage_across_minors(void)
{
    struct aerocmd_stage st;
    uint32_t minor;

    CHECK(shader_stage(2, AEROGPU_SHADER_STAGE_COMPUTE, AEROGPU_SHADER_STAGE_EX_HULL, &st));
    CHECK_EQ(st.stage, AEROGPU_SHADER_STAGE_COMPUTE);
    CHECK_EQ(st.stage_ex, AEROGPU_SHADER_STAGE_EX_NONE);
    for (minor = 3; minor <= 4; minor++) {
        CHECK(shader_stage(minor, AEROGPU_SHADER_STAGE_COMPUTE, AEROGPU_SHADER_STAGE_EX_HULL, &st));
        CHECK_EQ(st.stage, AEROGPU_SHADER_STAGE_COMPUTE);
        CHECK_EQ(st.stage_ex, AEROGPU_SHADER_STAGE_EX_HULL);
        CHECK(
            shader_stage(minor, AEROGPU_SHADER_STAGE_COMPUTE, AEROGPU_SHADER_STAGE_EX_DOMAIN, &st));
        CHECK_EQ(st.stage_ex, AEROGPU_SHADER_STAGE_EX_DOMAIN);
        CHECK(shader_stage(minor, AEROGPU_SHADER_STAGE_COMPUTE, 0, &st));
        CHECK_EQ(st.stage_ex, AEROGPU_SHADER_STAGE_EX_NONE);
        /* Only a compute stage carries stage_ex. */
        CHECK(shader_stage(minor, AEROGPU_SHADER_STAGE_PIXEL, AEROGPU_SHADER_STAGE_EX_HULL, &st));
        CHECK_EQ(st.stage, AEROGPU_SHADER_STAGE_PIXEL);
        CHECK_EQ(st.stage_ex, AEROGPU_SHADER_STAGE_EX_NONE);
    }
    CHECK(shader_stage(4, AEROGPU_SHADER_STAGE_GEOMETRY, 0, &st));
    CHECK_EQ(st.stage, AEROGPU_SHADER_STAGE_GEOMETRY);
    CHECK_EQ(st.stage_ex, 0);
}

static void test_stage_of_other_packets(void)
{
    static struct sb sb;
    struct aerocmd_stream stream;
    struct aerocmd_packet packet;
    struct aerocmd_stage st;
    struct aerogpu_cmd_dispatch d;
    struct aerogpu_cmd_set_unordered_access_buffers uav;
    struct aerogpu_cmd_set_sampler_state ss;
    uint32_t minor;

    memset(&d, 0, sizeof d);
    memset(&uav, 0, sizeof uav);
    memset(&ss, 0, sizeof ss);
    d.reserved0 = AEROGPU_SHADER_STAGE_EX_DOMAIN;
    uav.shader_stage = AEROGPU_SHADER_STAGE_COMPUTE;
    uav.reserved0 = AEROGPU_SHADER_STAGE_EX_GEOMETRY;
    ss.shader_stage = AEROGPU_SHADER_STAGE_VERTEX;
    for (minor = 2; minor <= 4; minor++) {
        sb_begin(&sb, minor);
        ADD(&sb, AEROGPU_CMD_DISPATCH, d);
        ADD(&sb, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, uav);
        ADD(&sb, AEROGPU_CMD_SET_SAMPLER_STATE, ss);
        sb_draw(&sb);
        CHECK(nth_packet(&sb, &stream, 0, &packet));
        CHECK(aerocmd_packet_stage(&stream, &packet, &st));
        CHECK_EQ(st.stage, AEROGPU_SHADER_STAGE_COMPUTE);
        CHECK_EQ(st.stage_ex, minor >= 3 ? AEROGPU_SHADER_STAGE_EX_DOMAIN : 0);
        CHECK(nth_packet(&sb, &stream, 1, &packet));
        CHECK(aerocmd_packet_stage(&stream, &packet, &st));
        CHECK_EQ(st.stage, AEROGPU_SHADER_STAGE_COMPUTE);
        CHECK_EQ(st.stage_ex, minor >= 3 ? AEROGPU_SHADER_STAGE_EX_GEOMETRY : 0);
        CHECK(nth_packet(&sb, &stream, 2, &packet));
        CHECK(aerocmd_packet_stage(&stream, &packet, &st));
        CHECK_EQ(st.stage, AEROGPU_SHADER_STAGE_VERTEX);
        CHECK_EQ(st.stage_ex, 0);
        CHECK(nth_packet(&sb, &stream, 3, &packet));
        CHECK(!aerocmd_packet_stage(&stream, &packet, &st));
        CHECK_EQ(aerocmd_validate_stream(sb.bytes, sb.len, NULL), AEROCMD_OK);
    }
}

static int bound_shaders(uint32_t reserved0, const uint32_t *extra, uint32_t extra_words,
                         struct aerocmd_bound_shaders *out)
{
    static struct sb sb;
    struct aerocmd_stream stream;
    struct aerocmd_packet packet;
    struct aerogpu_cmd_bind_shaders b;
    uint32_t i;
    memset(&b, 0, sizeof b);
    b.vs = 1;
    b.ps = 2;
    b.cs = 3;
    b.reserved0 = reserved0;
    sb_begin(&sb, 4);
    ADD(&sb, AEROGPU_CMD_BIND_SHADERS, b);
    for (i = 0; i < extra_words; i++)
        sb_u32(&sb, extra[i]);
    memset(out, 0xCC, sizeof *out);
    return nth_packet(&sb, &stream, 0, &packet) && aerocmd_packet_bind_shaders(&packet, out);
}

static void test_bind_shaders_forms(void)
{
    static const uint32_t ext[3] = {4, 5, 6};
    struct aerocmd_bound_shaders s;

    CHECK(bound_shaders(9, NULL, 0, &s));
    CHECK_EQ(s.extended, 0);
    CHECK_EQ(s.vs, 1);
    CHECK_EQ(s.ps, 2);
    CHECK_EQ(s.cs, 3);
    CHECK_EQ(s.gs, 9);
    CHECK_EQ(s.hs, 0);
    CHECK_EQ(s.ds, 0);

    /* 32 bytes is still the legacy form: two words do not make the extension. */
    CHECK(bound_shaders(9, ext, 2, &s));
    CHECK_EQ(s.extended, 0);
    CHECK_EQ(s.gs, 9);

    CHECK(bound_shaders(0, ext, 3, &s));
    CHECK_EQ(s.extended, 1);
    CHECK_EQ(s.vs, 1);
    CHECK_EQ(s.gs, 4);
    CHECK_EQ(s.hs, 5);
    CHECK_EQ(s.ds, 6);

    /* The appended handles are the truth, even where reserved0 mirrors gs. */
    CHECK(bound_shaders(4, ext, 3, &s));
    CHECK_EQ(s.extended, 1);
    CHECK_EQ(s.gs, 4);
}

static void test_bind_shaders_rejects_other_packets(void)
{
    static struct sb sb;
    struct aerocmd_stream stream;
    struct aerocmd_packet packet;
    struct aerocmd_bound_shaders s;
    sb_begin(&sb, 4);
    sb_draw(&sb);
    CHECK(nth_packet(&sb, &stream, 0, &packet));
    CHECK(!aerocmd_packet_bind_shaders(&packet, &s));
    packet.opcode = AEROGPU_CMD_BIND_SHADERS;
    packet.size_bytes = 20;
    CHECK(!aerocmd_packet_bind_shaders(&packet, &s));
}

static void test_unknown_opcode_is_skipped(void)
{
    static struct sb sb;
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag diag;
    struct aerocmd_stage st;
    uint32_t len;

    sb_begin(&sb, 4);
    sb_raw_packet(&sb, 0xABCD0001u, 20, 20);
    sb_put_u32(&sb, 24 + 8, 0xFFFFFFFFu);
    sb_draw(&sb);
    CHECK_EQ(aerocmd_stream_open(&stream, sb.bytes, sb.len, &diag), AEROCMD_OK);
    aerocmd_cursor_init(&cursor, &stream);
    CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, &diag), 1);
    CHECK_EQ(packet.opcode, 0xABCD0001u);
    CHECK_EQ(packet.size_bytes, 20);
    CHECK(aerocmd_opcode_info(packet.opcode) == NULL);
    CHECK_EQ(aerocmd_packet_check(&stream, &packet, &diag), AEROCMD_OK);
    CHECK(aerocmd_packet_payload(&packet, &len, NULL) == NULL);
    CHECK(!aerocmd_packet_stage(&stream, &packet, &st));
    CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, &diag), 1);
    CHECK_EQ(packet.opcode, AEROGPU_CMD_DRAW);
    CHECK_EQ(packet.offset, 44);
    CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, &diag), 0);
    CHECK_EQ(aerocmd_validate_stream(sb.bytes, sb.len, &diag), AEROCMD_OK);
}

/* A newer encoder may append fields to a known packet; an older reader ignores them. */
static void test_trailing_bytes_after_known_struct(void)
{
    static struct sb sb;
    struct aerocmd_stream stream;
    struct aerocmd_packet packet;
    struct aerogpu_cmd_set_viewport vp;
    const struct aerogpu_cmd_set_viewport *view;

    memset(&vp, 0, sizeof vp);
    vp.width_f32 = 0x44200000u; /* 640.0f */
    sb_begin(&sb, 4);
    ADD(&sb, AEROGPU_CMD_SET_VIEWPORT, vp);
    sb_u32(&sb, 0x12345678u);
    sb_u32(&sb, 0x9ABCDEF0u);
    CHECK_EQ(aerocmd_validate_stream(sb.bytes, sb.len, NULL), AEROCMD_OK);
    CHECK(nth_packet(&sb, &stream, 0, &packet));
    CHECK_EQ(packet.size_bytes, 40);
    view = AEROCMD_VIEW(&packet, aerogpu_cmd_set_viewport, AEROGPU_CMD_SET_VIEWPORT);
    CHECK(view != NULL && view->width_f32 == 0x44200000u);
}

static void test_packet_check_reports_packet(void)
{
    static struct sb sb;
    struct aerocmd_stream stream;
    struct aerocmd_packet packet;
    struct aerocmd_diag diag = {AEROCMD_R_NONE, 0, 0};
    struct aerogpu_cmd_set_primitive_topology topo;

    memset(&topo, 0, sizeof topo);
    topo.topology = 99;
    sb_begin(&sb, 4);
    sb_draw(&sb);
    sb_draw(&sb);
    ADD(&sb, AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY, topo);
    CHECK(nth_packet(&sb, &stream, 2, &packet));
    CHECK_EQ(aerocmd_packet_check(&stream, &packet, &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_ENUM_RANGE);
    CHECK_EQ(diag.offset, 72);
    CHECK_EQ(diag.opcode, AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY);
    CHECK_EQ(aerocmd_packet_check(&stream, &packet, NULL), AEROCMD_E_MALFORMED);
    CHECK_EQ(aerocmd_packet_check(NULL, &packet, &diag), AEROCMD_E_INVALID_ARG);
}

int main(void)
{
    test_stream_open_and_cursor();
    test_cursor_stays_on_fault();
    test_typed_views();
    test_byte_payloads();
    test_array_payloads();
    test_debug_marker_payload();
    test_stage_across_minors();
    test_stage_of_other_packets();
    test_bind_shaders_forms();
    test_bind_shaders_rejects_other_packets();
    test_unknown_opcode_is_skipped();
    test_trailing_bytes_after_known_struct();
    test_packet_check_reports_packet();
    return check_finish();
}
