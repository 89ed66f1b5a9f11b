/* SPDX-License-Identifier: MIT */
/* Direct3D 11's limits as stream rules (doc/validation-rules.md "Direct3D 11 limits"): every
 * slot, register range, texture size and dispatch count at its limit passes, one past it is
 * D3D11_LIMIT at the packet, through the validator (fast path and generic check) and through
 * the generic check alone. The limits are written here as mingw-w64's d3d11.h states them
 * (the values, not the library's constants, are the expectation):
 *
 *   D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT          (32)    d3d11.h line 608
 *   D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT  (14)    d3d11.h line 398
 *   D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT       (128)   d3d11.h line 436
 *   D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT              (16)    d3d11.h line 446
 *   D3D11_PS_CS_UAV_REGISTER_COUNT                     (8)     d3d11.h line 646
 *   D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT             (8)     d3d11.h line 610
 *   D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT            (4096)  d3d11.h line 694
 *   D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION               (16384) d3d11.h line 733
 *   D3D11_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION           (2048)  d3d11.h line 731
 *   D3D11_REQ_MIP_LEVELS                               (15)    d3d11.h line 710
 *   D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION  (65535) d3d11.h line 544
 *   D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_C_TERM (2048) d3d11.h line 721
 *     (the largest resource of any device: min(max(128, VRAM / 4), 2048) MB)
 *
 * (the mingw_limits_check test proves aerocmd/d3d11_limits.h equal to the header itself). */
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/writer.h"
#include "check.h"
#include "decode_internal.h"
#include "unit/kmd/kmd_kit.h"

#define VB_SLOTS        32u
#define CB_SLOTS        14u
#define SRV_SLOTS       128u
#define SAMPLER_SLOTS   16u
#define UAV_SLOTS       8u
#define RENDER_TARGETS  8u
#define CB_ELEMENTS     4096u
#define TEXTURE_SIDE    16384u
#define ARRAY_SLICES    2048u
#define MIP_LEVELS      15u
#define DISPATCH_GROUPS 65535u
#define RESOURCE_BYTES  (2048ull << 20)

#define HDR 24u /* the first packet's offset */

static struct aerocmd_writer w;

static struct aerocmd_writer *begin(void)
{
    aerocmd_writer_reset(&w);
    return &w;
}

/* The stream holds one packet (at offset 24) of `opcode`: valid (want_ok) or exactly
 * D3D11_LIMIT there, by the validator and by the generic check. */
static void expect(int want_ok, uint32_t opcode, const char *what)
{
    struct aerocmd_diag diag;
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    aerocmd_result r =
        aerocmd_validate_stream(aerocmd_writer_data(&w), aerocmd_writer_size(&w), &diag);
    int ok = 1;
    if (want_ok) {
        ok &= CHECK_EQ(r, AEROCMD_OK);
    } else {
        ok &= CHECK_EQ(r, AEROCMD_E_MALFORMED);
        ok &= CHECK_EQ(diag.reason, AEROCMD_R_D3D11_LIMIT);
        ok &= CHECK_EQ(diag.offset, HDR);
        ok &= CHECK_EQ(diag.opcode, opcode);
    }
    /* the generic check, without the fast path, agrees */
    aerocmd_stream_open(&stream, aerocmd_writer_data(&w), aerocmd_writer_size(&w), &diag);
    aerocmd_cursor_init(&cursor, &stream);
    if (aerocmd_cursor_next(&cursor, &packet, &diag) == 1) {
        aerocmd_reason reason =
            aerocmd_priv_decode_packet_fault(&stream, &packet, aerocmd_opcode_info(packet.opcode));
        ok &= CHECK_EQ(reason, want_ok ? AEROCMD_R_NONE : AEROCMD_R_D3D11_LIMIT);
        ok &= CHECK_EQ(aerocmd_priv_decode_fast_accept(&stream, &packet), want_ok);
    } else {
        ok &= CHECK(0);
    }
    if (!ok)
        fprintf(stderr, "  in: %s\n", what);
}

/* A counted slot range: [first, first + count) inside `slots`. */
typedef aerocmd_result (*range_fn)(uint32_t first, uint32_t count);

static struct aerogpu_vertex_buffer_binding vbs[VB_SLOTS + 1];
static struct aerogpu_constant_buffer_binding cbs[CB_SLOTS + 1];
static struct aerogpu_shader_resource_buffer_binding srvs[SRV_SLOTS + 1];
static struct aerogpu_unordered_access_buffer_binding uavs[UAV_SLOTS + 1];
static aerogpu_handle_t samplers[SAMPLER_SLOTS + 1];
static uint8_t registers[(CB_ELEMENTS + 1) * 16];

static aerocmd_result vb_range(uint32_t first, uint32_t count)
{
    return aerocmd_append_set_vertex_buffers(begin(), first, count, vbs);
}

static aerocmd_result cb_range(uint32_t first, uint32_t count)
{
    return aerocmd_append_set_constant_buffers(begin(), AEROCMD_SHADER_PS, first, count, cbs);
}

static aerocmd_result srv_range(uint32_t first, uint32_t count)
{
    return aerocmd_append_set_shader_resource_buffers(begin(), AEROCMD_SHADER_VS, first, count,
                                                      srvs);
}

static aerocmd_result uav_range(uint32_t first, uint32_t count)
{
    return aerocmd_append_set_unordered_access_buffers(begin(), AEROCMD_SHADER_CS, first, count,
                                                       uavs);
}

static aerocmd_result sampler_range(uint32_t first, uint32_t count)
{
    return aerocmd_append_set_samplers(begin(), AEROCMD_SHADER_GS, first, count, samplers);
}

static aerocmd_result float_range(uint32_t first, uint32_t count)
{
    return aerocmd_append_set_shader_constants_f(begin(), AEROCMD_SHADER_VS, first, registers,
                                                 count);
}

static aerocmd_result int_range(uint32_t first, uint32_t count)
{
    return aerocmd_append_set_shader_constants_i(begin(), AEROCMD_SHADER_PS, first, registers,
                                                 count);
}

static aerocmd_result bool_range(uint32_t first, uint32_t count)
{
    return aerocmd_append_set_shader_constants_b(begin(), AEROCMD_SHADER_PS, first, registers,
                                                 count);
}

static void check_range(range_fn append, uint32_t opcode, uint32_t slots, const char *what)
{
    /* the whole range, its last slot alone, an empty range at the end: fine */
    CHECK_EQ(append(0, slots), AEROCMD_OK);
    expect(1, opcode, what);
    CHECK_EQ(append(slots - 1, 1), AEROCMD_OK);
    expect(1, opcode, what);
    CHECK_EQ(append(slots, 0), AEROCMD_OK);
    expect(1, opcode, what);
    /* one slot past: by count, by first slot, and the 0xFFFFFFFF */
    CHECK_EQ(append(0, slots + 1), AEROCMD_OK);
    expect(0, opcode, what);
    CHECK_EQ(append(slots, 1), AEROCMD_OK);
    expect(0, opcode, what);
    CHECK_EQ(append(0xFFFFFFFFu, 1), AEROCMD_OK);
    expect(0, opcode, what);
    CHECK_EQ(append(0xFFFFFFFFu, 0), AEROCMD_OK);
    expect(0, opcode, what);
}

static void test_slot_ranges(void)
{
    check_range(vb_range, AEROGPU_CMD_SET_VERTEX_BUFFERS, VB_SLOTS, "vertex buffers");
    check_range(cb_range, AEROGPU_CMD_SET_CONSTANT_BUFFERS, CB_SLOTS, "constant buffers");
    check_range(srv_range, AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, SRV_SLOTS, "SRV buffers");
    check_range(uav_range, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, UAV_SLOTS, "UAV buffers");
    check_range(sampler_range, AEROGPU_CMD_SET_SAMPLERS, SAMPLER_SLOTS, "samplers");
    check_range(float_range, AEROGPU_CMD_SET_SHADER_CONSTANTS_F, CB_ELEMENTS, "float registers");
    check_range(int_range, AEROGPU_CMD_SET_SHADER_CONSTANTS_I, CB_ELEMENTS, "int registers");
    check_range(bool_range, AEROGPU_CMD_SET_SHADER_CONSTANTS_B, CB_ELEMENTS, "bool registers");
}

/* One constant buffer binds at most 4096 vec4 = 65536 bytes. */
static void test_constant_buffer_size(void)
{
    memset(cbs, 0, sizeof cbs);
    cbs[1].size_bytes = CB_ELEMENTS * 16u;
    CHECK_EQ(cb_range(0, 2), AEROCMD_OK);
    expect(1, AEROGPU_CMD_SET_CONSTANT_BUFFERS, "65536-byte constant buffer");
    cbs[1].size_bytes = CB_ELEMENTS * 16u + 4u;
    CHECK_EQ(cb_range(0, 2), AEROCMD_OK);
    expect(0, AEROGPU_CMD_SET_CONSTANT_BUFFERS, "65540-byte constant buffer");
    cbs[1].size_bytes = 0;
}

static void test_single_slots(void)
{
    CHECK_EQ(aerocmd_append_set_texture(begin(), AEROCMD_SHADER_PS, SRV_SLOTS - 1, 5), AEROCMD_OK);
    expect(1, AEROGPU_CMD_SET_TEXTURE, "texture slot 127");
    CHECK_EQ(aerocmd_append_set_texture(begin(), AEROCMD_SHADER_PS, SRV_SLOTS, 5), AEROCMD_OK);
    expect(0, AEROGPU_CMD_SET_TEXTURE, "texture slot 128");
    CHECK_EQ(aerocmd_append_set_texture(begin(), AEROCMD_SHADER_PS, 0xFFFFFFFFu, 5), AEROCMD_OK);
    expect(0, AEROGPU_CMD_SET_TEXTURE, "texture slot 0xFFFFFFFF");
    CHECK_EQ(aerocmd_append_set_sampler_state(begin(), AEROCMD_SHADER_PS, SAMPLER_SLOTS - 1, 1, 2),
             AEROCMD_OK);
    expect(1, AEROGPU_CMD_SET_SAMPLER_STATE, "sampler state slot 15");
    CHECK_EQ(aerocmd_append_set_sampler_state(begin(), AEROCMD_SHADER_PS, SAMPLER_SLOTS, 1, 2),
             AEROCMD_OK);
    expect(0, AEROGPU_CMD_SET_SAMPLER_STATE, "sampler state slot 16");
}

static void input_layout(uint32_t input_slot)
{
    struct aerocmd_input_element e[2];
    memset(e, 0, sizeof e);
    e[0].semantic_name = "POSITION";
    e[0].dxgi_format = 2; /* DXGI_FORMAT_R32G32B32A32_FLOAT */
    e[1] = e[0];
    e[1].semantic_name = "TEXCOORD";
    e[1].input_slot = input_slot;
    CHECK_EQ(aerocmd_append_create_input_layout(begin(), 9, e, 2), AEROCMD_OK);
}

static void test_input_layout_slots(void)
{
    input_layout(VB_SLOTS - 1);
    expect(1, AEROGPU_CMD_CREATE_INPUT_LAYOUT, "input slot 31");
    input_layout(VB_SLOTS);
    expect(0, AEROGPU_CMD_CREATE_INPUT_LAYOUT, "input slot 32");
}

static void texture(uint32_t width, uint32_t height, uint32_t mips, uint32_t layers)
{
    struct aerocmd_texture2d_args t;
    memset(&t, 0, sizeof t);
    t.texture_handle = 3;
    t.usage_flags = AEROGPU_RESOURCE_USAGE_TEXTURE;
    t.format = AEROGPU_FORMAT_R8G8B8A8_UNORM;
    t.width = width;
    t.height = height;
    t.mip_levels = mips;
    t.array_layers = layers;
    CHECK_EQ(aerocmd_append_create_texture2d(begin(), &t), AEROCMD_OK);
}

static void test_texture_limits(void)
{
    const uint32_t T = AEROGPU_CMD_CREATE_TEXTURE2D;
    texture(TEXTURE_SIDE, TEXTURE_SIDE, MIP_LEVELS, ARRAY_SLICES);
    expect(1, T, "16384 x 16384, 15 mips, 2048 slices");
    texture(TEXTURE_SIDE + 1, 1, 1, 1);
    expect(0, T, "16385 wide");
    texture(1, TEXTURE_SIDE + 1, 1, 1);
    expect(0, T, "16385 tall");
    texture(1, 1, 1, ARRAY_SLICES + 1);
    expect(0, T, "2049 slices");
    texture(0xFFFFFFFFu, 0xFFFFFFFFu, 1, 0xFFFFFFFFu); /* the host-owned texture */
    expect(0, T, "0xFFFFFFFF x 0xFFFFFFFF x 2^32-1 slices");
    /* the full chain of a 16384 texture is 15 levels; of a 1024 x 8 texture 11 */
    texture(1024, 8, 11, 1);
    expect(1, T, "1024 x 8, 11 mips");
    texture(1024, 8, 12, 1);
    expect(0, T, "1024 x 8, 12 mips (past its chain)");
    texture(1, 1, 2, 1);
    expect(0, T, "1 x 1, 2 mips");
}

static void test_buffer_size(void)
{
    const uint32_t B = AEROGPU_CMD_CREATE_BUFFER;
    CHECK_EQ(aerocmd_append_create_buffer(begin(), 3, 0, RESOURCE_BYTES, 0, 0), AEROCMD_OK);
    expect(1, B, "a 2 GiB buffer");
    CHECK_EQ(aerocmd_append_create_buffer(begin(), 3, 0, RESOURCE_BYTES + 4u, 0, 0), AEROCMD_OK);
    expect(0, B, "2 GiB + 4 bytes");
    CHECK_EQ(aerocmd_append_create_buffer(begin(), 3, 0, 1ull << 63, 0, 0), AEROCMD_OK);
    expect(0, B, "2^63 bytes");
    CHECK_EQ(aerocmd_append_create_buffer(begin(), 3, 0, 0xFFFFFFFFFFFFFFFCull, 0, 0), AEROCMD_OK);
    expect(0, B, "2^64 - 4 bytes");
}

static void view(uint32_t base_mip, uint32_t mips, uint32_t base_layer, uint32_t layers)
{
    struct aerocmd_texture_view_args v;
    memset(&v, 0, sizeof v);
    v.view_handle = 4;
    v.texture_handle = 3;
    v.base_mip_level = base_mip;
    v.mip_level_count = mips;
    v.base_array_layer = base_layer;
    v.array_layer_count = layers;
    CHECK_EQ(aerocmd_append_create_texture_view(begin(), &v), AEROCMD_OK);
}

static void test_view_limits(void)
{
    const uint32_t V = AEROGPU_CMD_CREATE_TEXTURE_VIEW;
    view(MIP_LEVELS - 1, 1, ARRAY_SLICES - 1, 1);
    expect(1, V, "view of mip 14, slice 2047");
    view(MIP_LEVELS, 1, 0, 1);
    expect(0, V, "view of mip 15");
    view(0, 1, ARRAY_SLICES, 1);
    expect(0, V, "view of slice 2048");
}

static void test_dispatch_limits(void)
{
    const uint32_t D = AEROGPU_CMD_DISPATCH;
    CHECK_EQ(aerocmd_append_dispatch(begin(), DISPATCH_GROUPS, DISPATCH_GROUPS, DISPATCH_GROUPS),
             AEROCMD_OK);
    expect(1, D, "65535 groups each way");
    CHECK_EQ(aerocmd_append_dispatch(begin(), DISPATCH_GROUPS + 1, 1, 1), AEROCMD_OK);
    expect(0, D, "65536 groups in x");
    CHECK_EQ(aerocmd_append_dispatch(begin(), 1, 1, DISPATCH_GROUPS + 1), AEROCMD_OK);
    expect(0, D, "65536 groups in z");
}

/* Render targets were bounded before (RULES.md: color_count 0..8); 8 is also the limit. */
static void test_render_targets(void)
{
    static const aerogpu_handle_t colors[RENDER_TARGETS] = {1, 2, 3, 4, 5, 6, 7, 8};
    CHECK_EQ(aerocmd_append_set_render_targets(begin(), RENDER_TARGETS, colors, 0), AEROCMD_OK);
    expect(1, AEROGPU_CMD_SET_RENDER_TARGETS, "8 render targets");
}

/* The kernel's render path refuses what the validator refuses: a texture bound at slot
 * 0xFFFFFFFF (issue 18) is STATUS_INVALID_PARAMETER with reason D3D11_LIMIT. */
static void test_kernel_refuses(void)
{
    static uint64_t tracker[2048], table[8], dma[64];
    struct kmd_kit kit;
    struct aerocmd_kmd_render_out out;
    CHECK_EQ(aerocmd_append_set_texture(begin(), AEROCMD_SHADER_PS, 0xFFFFFFFFu, 0), AEROCMD_OK);
    kmd_kit_open(&kit, tracker, sizeof tracker, dma, sizeof dma, table, sizeof table);
    CHECK_EQ(kmd_kit_render(&kit, aerocmd_writer_data(&w), aerocmd_writer_size(&w), NULL, 0, &out),
             AEROCMD_STATUS_INVALID_PARAMETER);
    CHECK_EQ(out.fault.reason, AEROCMD_R_D3D11_LIMIT);
    CHECK_EQ(out.fault.offset, HDR);
    CHECK_EQ(out.fault.opcode, AEROGPU_CMD_SET_TEXTURE);
}

int main(void)
{
    CHECK_EQ(aerocmd_writer_init_growable(&w, aerocmd_allocator_libc(), 0, AEROGPU_ABI_VERSION_U32),
             AEROCMD_OK);
    test_slot_ranges();
    test_constant_buffer_size();
    test_single_slots();
    test_input_layout_slots();
    test_texture_limits();
    test_buffer_size();
    test_view_limits();
    test_dispatch_limits();
    test_render_targets();
    test_kernel_refuses();
    aerocmd_writer_release(&w);
    return check_finish();
}
