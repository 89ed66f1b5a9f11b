/* SPDX-License-Identifier: MIT */
/* Semantic pass, table-driven, resources: allocations, writeback, copy/upload/dirty bounds,
 * view ranges, backing sizes (texture layout), plus valid sequences that must pass. */
#include <stddef.h>

#include "semantic_harness.h"

/* ---- allocations and writeback ----------------------------------------------------- */
static uint32_t alloc_missing_buffer(struct sb *s)
{
    return sb_create_buffer(s, 70, 16, 9, 0);
}
static uint32_t alloc_missing_texture(struct sb *s)
{
    struct sb_texture t = {AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 16, 9, 0};
    return sb_create_texture(s, 70, &t);
}
static uint32_t wb_readonly_buffer(struct sb *s)
{
    return sb_copy_buffer(s, BUF_READONLY, BUF_HOST, 0, 0, 64, WB);
}
static uint32_t wb_readonly_texture(struct sb *s)
{
    struct sb_copy_tex c = {TEX_READONLY, TEX_HOST, 0, 0, 0, 0, 0, 0, 0, 0, 16, 16, WB};
    return sb_copy_texture(s, &c);
}
static uint32_t wb_unbacked_buffer(struct sb *s)
{
    return sb_copy_buffer(s, BUF_HOST, BUF_BACKED, 0, 0, 16, WB);
}
static uint32_t wb_unbacked_texture(struct sb *s)
{
    struct sb_copy_tex c = {TEX_HOST, TEX_BACKED, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, WB};
    return sb_copy_texture(s, &c);
}

/* ---- COPY_OUT_OF_BOUNDS ------------------------------------------------------------ */
static uint32_t oob_copy_dst(struct sb *s)
{
    return sb_copy_buffer(s, BUF_HOST, BUF_BACKED, 128, 0, 132, 0);
}
static uint32_t oob_copy_src(struct sb *s)
{
    return sb_copy_buffer(s, BUF_HOST, BUF_READONLY, 0, 0, 68, 0);
}
static uint32_t oob_copy_wraps(struct sb *s)
{
    return sb_copy_buffer(s, BUF_HOST, BUF_BACKED, UINT64_MAX - 3, 0, 8, 0);
}
static uint32_t oob_copy_src_wraps(struct sb *s)
{
    return sb_copy_buffer(s, BUF_HOST, BUF_BACKED, 0, UINT64_MAX - 3, 8, 0);
}
static uint32_t oob_tex_mip(struct sb *s)
{
    struct sb_copy_tex c = {TEX_HOST, TEX_HOST, 4, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0};
    return sb_copy_texture(s, &c);
}
static uint32_t oob_tex_layer(struct sb *s)
{
    struct sb_copy_tex c = {TEX_HOST, TEX_HOST, 0, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0};
    return sb_copy_texture(s, &c);
}
static uint32_t oob_tex_src_mip(struct sb *s)
{
    struct sb_copy_tex c = {TEX_HOST, TEX_BACKED, 1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 0};
    return sb_copy_texture(s, &c);
}
static uint32_t oob_tex_dst_rect(struct sb *s)
{
    /* mip 2 of a 64-wide texture is 16 wide */
    struct sb_copy_tex c = {TEX_HOST, TEX_BACKED, 2, 0, 0, 0, 8, 0, 0, 0, 9, 1, 0};
    return sb_copy_texture(s, &c);
}
static uint32_t oob_tex_src_rect(struct sb *s)
{
    struct sb_copy_tex c = {TEX_HOST, TEX_BACKED, 0, 1, 0, 0, 0, 0, 0, 60, 4, 5, 0};
    return sb_copy_texture(s, &c);
}
static uint32_t oob_tex_rect_wraps(struct sb *s)
{
    struct sb_copy_tex c = {TEX_HOST, TEX_BACKED, 0, 0, 0, 0, 0xFFFFFFF0u, 0, 0, 0, 0x20, 1, 0};
    return sb_copy_texture(s, &c);
}
static uint32_t oob_tex_formats(struct sb *s)
{
    struct sb_copy_tex c = {TEX_BGRA, TEX_HOST, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 0};
    return sb_copy_texture(s, &c);
}
static uint32_t oob_upload(struct sb *s)
{
    return sb_upload(s, BUF_HOST, 252, 8);
}
static uint32_t oob_upload_texture(struct sb *s)
{
    return sb_upload(s, TEX_HOST, TEX_HOST_BYTES - 4, 8);
}
static uint32_t oob_dirty(struct sb *s)
{
    return sb_dirty_range(s, BUF_BACKED, 0, 260);
}
static uint32_t oob_dirty_wraps(struct sb *s)
{
    return sb_dirty_range(s, BUF_BACKED, UINT64_MAX, 4);
}
static uint32_t oob_dirty_texture(struct sb *s)
{
    return sb_dirty_range(s, TEX_BACKED, 16380, 8);
}

/* ---- VIEW_OUT_OF_RANGE ------------------------------------------------------------- */
static uint32_t view_mips(struct sb *s)
{
    return sb_create_view(s, 70, TEX_HOST, 3, 2, 0, 1);
}
static uint32_t view_layers(struct sb *s)
{
    return sb_create_view(s, 70, TEX_HOST, 0, 1, 1, 2);
}
static uint32_t view_wraps(struct sb *s)
{
    return sb_create_view(s, 70, TEX_HOST, 0xFFFFFFFFu, 2, 0, 1);
}
static uint32_t view_layer_wraps(struct sb *s)
{
    return sb_create_view(s, 70, TEX_HOST, 0, 1, 2, 0xFFFFFFFFu);
}

/* ---- BACKING_OUT_OF_RANGE ---------------------------------------------------------- */
static uint32_t backing_buffer(struct sb *s)
{
    return sb_create_buffer(s, 70, 0x104, ALLOC_RO, 0xF00);
}
static uint32_t backing_buffer_offset(struct sb *s)
{
    return sb_create_buffer(s, 70, 4, ALLOC_RO, ALLOC_RO_SIZE);
}
static uint32_t backing_texture(struct sb *s)
{
    struct sb_texture t = {AEROGPU_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1, 256, ALLOC_RO, 0};
    return sb_create_texture(s, 70, &t);
}
static uint32_t backing_texture_pitch(struct sb *s)
{
    /* padded pitch 128 instead of tight 64: 4096 bytes, one too many at offset 1 */
    struct sb_texture t = {AEROGPU_FORMAT_B5G6R5_UNORM, 32, 32, 1, 1, 128, ALLOC_RO, 4};
    return sb_create_texture(s, 70, &t);
}
static uint32_t backing_texture_bc1(struct sb *s)
{
    struct sb_texture t = {AEROGPU_FORMAT_BC1_RGBA_UNORM, 128, 128, 1, 1, 256, ALLOC_RO, 0};
    return sb_create_texture(s, 70, &t);
}
static uint32_t backing_texture_mips(struct sb *s)
{
    /* mip 0 alone is 4096 and would fit; with mips 1 and 2 it is 5376 */
    struct sb_texture t = {AEROGPU_FORMAT_R8G8B8A8_UNORM, 32, 32, 3, 1, 128, ALLOC_RO, 0};
    return sb_create_texture(s, 70, &t);
}
static uint32_t backing_565_chain_one_over(struct sb *s)
{
    /* 5x3, 3 mips, 2 layers, pitch 16: (48 + 4 + 2) x 2 = 108 bytes */
    struct sb_texture t = {AEROGPU_FORMAT_B5G6R5_UNORM, 5, 3, 3, 2, 16, ALLOC_RW,
                           ALLOC_RW_SIZE - 107};
    return sb_create_texture(s, 70, &t);
}
static uint32_t backing_bc1_chain_one_over(struct sb *s)
{
    /* 12x12 BC1 (Direct3D: whole blocks at mip 0), 2 mips: 3x3 blocks x 8 + mip 1's 6x6
     * texels in 2x2 blocks x 8 = 72 + 32 = 104 bytes */
    struct sb_texture t = {
        AEROGPU_FORMAT_BC1_RGBA_UNORM, 12, 12, 2, 1, 0, ALLOC_RO, ALLOC_RO_SIZE - 103};
    return sb_create_texture(s, 70, &t);
}
static uint32_t backing_many_mips(struct sb *s)
{
    /* 40 mips of 1x1 past mip 0's 2x1 (8 bytes): 8 + 4 x 39 = 164 bytes; the loop must
     * not shift by 32 or more */
    struct sb_texture t = {
        AEROGPU_FORMAT_R8G8B8A8_UNORM, 2, 1, 40, 1, 0, ALLOC_RO, ALLOC_RO_SIZE - 163};
    return sb_create_texture(s, 70, &t);
}
static uint32_t backing_huge_texture(struct sb *s)
{
    /* saturating math: this size exceeds 2^64 */
    struct sb_texture t = {
        AEROGPU_FORMAT_BC7_RGBA_UNORM, 0xFFFFFFFFu, 0xFFFFFFFFu, 32, 0xFFFFFFFFu, 0, ALLOC_RW, 0};
    return sb_create_texture(s, 70, &t);
}

/* ---- FIELD_INVALID ----------------------------------------------------------------- */
static uint32_t field_dirty_host_buffer(struct sb *s)
{
    return sb_dirty_range(s, BUF_HOST, 0, 4);
}
static uint32_t field_dirty_host_texture(struct sb *s)
{
    return sb_dirty_range(s, TEX_HOST, 0, 4);
}
static uint32_t field_pitch_too_small(struct sb *s)
{
    struct sb_texture t = {AEROGPU_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 60, ALLOC_RW, 0};
    return sb_create_texture(s, 70, &t);
}

/* ---- faults structural validation normally catches first ---------------------------- */
static uint32_t oob_copy_unaligned_offset(struct sb *s)
{
    return sb_copy_buffer(s, BUF_HOST, BUF_BACKED, 2, 0, 4, 0);
}
static uint32_t oob_copy_unaligned_size(struct sb *s)
{
    return sb_copy_buffer(s, BUF_HOST, BUF_BACKED, 0, 0, 6, 0);
}
static uint32_t view_zero_mips(struct sb *s)
{
    return sb_create_view(s, 70, TEX_HOST, 0, 0, 0, 1);
}
static uint32_t truncated_create(struct sb *s)
{
    struct aerogpu_cmd_create_buffer c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_CREATE_BUFFER;
    c.buffer_handle = 70;
    return sb_add(s, &c, 16);
}
static uint32_t short_binding_array(struct sb *s)
{
    struct aerogpu_cmd_set_vertex_buffers c;
    struct aerogpu_vertex_buffer_binding b;
    memset(&c, 0, sizeof c);
    memset(&b, 0, sizeof b);
    c.hdr.opcode = AEROGPU_CMD_SET_VERTEX_BUFFERS;
    c.buffer_count = 2;
    b.buffer = BUF_HOST;
    return sb_add_payload(s, &c, sizeof c, &b, sizeof b);
}

/* count x 16 is exactly 2^32: a 32-bit product would wrap to 0 and pass */
static uint32_t wrapping_binding_array(struct sb *s)
{
    struct aerogpu_cmd_set_vertex_buffers c;
    struct aerogpu_vertex_buffer_binding b;
    memset(&c, 0, sizeof c);
    memset(&b, 0, sizeof b);
    c.hdr.opcode = AEROGPU_CMD_SET_VERTEX_BUFFERS;
    c.buffer_count = 0x10000000u;
    b.buffer = BUF_HOST;
    return sb_add_payload(s, &c, sizeof c, &b, sizeof b);
}

/* the same with 4-byte sampler handles: count x 4 is 2^32 */
static uint32_t wrapping_sampler_array(struct sb *s)
{
    struct aerogpu_cmd_set_samplers c;
    uint32_t sampler = SAMPLER;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_SET_SAMPLERS;
    c.sampler_count = 0x40000000u;
    return sb_add_payload(s, &c, sizeof c, &sampler, sizeof sampler);
}

/* one handle short of its struct: the handle itself lies past the packet */
static uint32_t truncated_set_texture(struct sb *s)
{
    struct aerogpu_cmd_set_texture c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_SET_TEXTURE;
    c.texture = UNKNOWN;
    return sb_add(s, &c, (uint32_t)offsetof(struct aerogpu_cmd_set_texture, texture));
}

/* a binding array whose count fits exactly, its last handle unknown */
static uint32_t last_of_binding_array(struct sb *s)
{
    static const uint32_t cbs[] = {BUF_HOST, 0, BUF_BACKED, UNKNOWN};
    return sb_set_buffer_slots(s, AEROGPU_CMD_SET_CONSTANT_BUFFERS, AEROGPU_SHADER_STAGE_PIXEL, cbs,
                               4);
}

static const struct sem_case bad_cases[] = {
    {"buffer in a missing allocation", alloc_missing_buffer, AEROCMD_R_ALLOC_MISSING,
     AEROGPU_CMD_CREATE_BUFFER, 0},
    {"texture in a missing allocation", alloc_missing_texture, AEROCMD_R_ALLOC_MISSING,
     AEROGPU_CMD_CREATE_TEXTURE2D, 0},
    {"buffer writeback into READONLY", wb_readonly_buffer, AEROCMD_R_WRITEBACK_READONLY,
     AEROGPU_CMD_COPY_BUFFER, 0},
    {"texture writeback into READONLY", wb_readonly_texture, AEROCMD_R_WRITEBACK_READONLY,
     AEROGPU_CMD_COPY_TEXTURE2D, 0},
    {"buffer writeback into host-owned", wb_unbacked_buffer, AEROCMD_R_WRITEBACK_UNBACKED,
     AEROGPU_CMD_COPY_BUFFER, 0},
    {"texture writeback into host-owned", wb_unbacked_texture, AEROCMD_R_WRITEBACK_UNBACKED,
     AEROGPU_CMD_COPY_TEXTURE2D, 0},
    {"host-owned writeback without a table", wb_unbacked_buffer, AEROCMD_R_WRITEBACK_UNBACKED,
     AEROGPU_CMD_COPY_BUFFER, NO_TABLE},

    {"copy past dst", oob_copy_dst, AEROCMD_R_COPY_OUT_OF_BOUNDS, AEROGPU_CMD_COPY_BUFFER, 0},
    {"copy past src", oob_copy_src, AEROCMD_R_COPY_OUT_OF_BOUNDS, AEROGPU_CMD_COPY_BUFFER, 0},
    {"copy dst offset wraps", oob_copy_wraps, AEROCMD_R_COPY_OUT_OF_BOUNDS, AEROGPU_CMD_COPY_BUFFER,
     UNVALIDATED},
    {"copy src offset wraps", oob_copy_src_wraps, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_COPY_BUFFER, UNVALIDATED},
    {"texture copy dst mip", oob_tex_mip, AEROCMD_R_COPY_OUT_OF_BOUNDS, AEROGPU_CMD_COPY_TEXTURE2D,
     0},
    {"texture copy dst layer", oob_tex_layer, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_COPY_TEXTURE2D, 0},
    {"texture copy src mip", oob_tex_src_mip, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_COPY_TEXTURE2D, 0},
    {"texture copy dst rect at mip 2", oob_tex_dst_rect, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_COPY_TEXTURE2D, 0},
    {"texture copy src rect", oob_tex_src_rect, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_COPY_TEXTURE2D, 0},
    {"texture copy x + width wraps", oob_tex_rect_wraps, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_COPY_TEXTURE2D, UNVALIDATED},
    {"texture copy between formats", oob_tex_formats, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_COPY_TEXTURE2D, 0},
    {"upload past buffer", oob_upload, AEROCMD_R_COPY_OUT_OF_BOUNDS, AEROGPU_CMD_UPLOAD_RESOURCE,
     0},
    {"upload past texture", oob_upload_texture, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_UPLOAD_RESOURCE, 0},
    {"dirty range past buffer", oob_dirty, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_RESOURCE_DIRTY_RANGE, 0},
    {"dirty range offset wraps", oob_dirty_wraps, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_RESOURCE_DIRTY_RANGE, UNVALIDATED},
    {"dirty range past texture", oob_dirty_texture, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_RESOURCE_DIRTY_RANGE, 0},

    {"view mips", view_mips, AEROCMD_R_VIEW_OUT_OF_RANGE, AEROGPU_CMD_CREATE_TEXTURE_VIEW, 0},
    {"view layers", view_layers, AEROCMD_R_VIEW_OUT_OF_RANGE, AEROGPU_CMD_CREATE_TEXTURE_VIEW, 0},
    {"view mip range wraps", view_wraps, AEROCMD_R_VIEW_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_TEXTURE_VIEW, UNVALIDATED},
    {"view layer range wraps", view_layer_wraps, AEROCMD_R_VIEW_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_TEXTURE_VIEW, UNVALIDATED},

    {"buffer past allocation end", backing_buffer, AEROCMD_R_BACKING_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_BUFFER, 0},
    {"buffer offset at allocation end", backing_buffer_offset, AEROCMD_R_BACKING_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_BUFFER, 0},
    {"texture larger than allocation", backing_texture, AEROCMD_R_BACKING_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_TEXTURE2D, 0},
    {"padded pitch overflows allocation", backing_texture_pitch, AEROCMD_R_BACKING_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_TEXTURE2D, 0},
    {"BC1 texture larger than allocation", backing_texture_bc1, AEROCMD_R_BACKING_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_TEXTURE2D, 0},
    {"mip chain larger than allocation", backing_texture_mips, AEROCMD_R_BACKING_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_TEXTURE2D, 0},
    {"565 array chain one byte over", backing_565_chain_one_over, AEROCMD_R_BACKING_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_TEXTURE2D, 0},
    {"BC1 chain one byte over", backing_bc1_chain_one_over, AEROCMD_R_BACKING_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_TEXTURE2D, 0},
    /* beyond Direct3D 11's texture limits, so structurally invalid (D3D11_LIMIT): the
     * semantic pass must still size them without overflow */
    {"40 mips one byte over", backing_many_mips, AEROCMD_R_BACKING_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_TEXTURE2D, UNVALIDATED},
    {"texture size beyond 2^64", backing_huge_texture, AEROCMD_R_BACKING_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_TEXTURE2D, UNVALIDATED},

    {"copy offset unaligned", oob_copy_unaligned_offset, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_COPY_BUFFER, UNVALIDATED},
    {"copy size unaligned", oob_copy_unaligned_size, AEROCMD_R_COPY_OUT_OF_BOUNDS,
     AEROGPU_CMD_COPY_BUFFER, UNVALIDATED},
    {"view of zero mips", view_zero_mips, AEROCMD_R_VIEW_OUT_OF_RANGE,
     AEROGPU_CMD_CREATE_TEXTURE_VIEW, UNVALIDATED},
    {"CREATE_BUFFER cut short", truncated_create, AEROCMD_R_PACKET_TOO_SHORT,
     AEROGPU_CMD_CREATE_BUFFER, UNVALIDATED},
    {"binding array shorter than its count", short_binding_array, AEROCMD_R_PAYLOAD_LENGTH,
     AEROGPU_CMD_SET_VERTEX_BUFFERS, UNVALIDATED},
    {"binding array count x 16 wraps 32 bits", wrapping_binding_array, AEROCMD_R_PAYLOAD_LENGTH,
     AEROGPU_CMD_SET_VERTEX_BUFFERS, UNVALIDATED},
    {"sampler array count x 4 wraps 32 bits", wrapping_sampler_array, AEROCMD_R_PAYLOAD_LENGTH,
     AEROGPU_CMD_SET_SAMPLERS, UNVALIDATED},
    {"SET_TEXTURE cut before its handle", truncated_set_texture, AEROCMD_R_PACKET_TOO_SHORT,
     AEROGPU_CMD_SET_TEXTURE, UNVALIDATED},
    {"last handle of a binding array unknown", last_of_binding_array, AEROCMD_R_HANDLE_UNKNOWN,
     AEROGPU_CMD_SET_CONSTANT_BUFFERS, 0},

    {"dirty range of host-owned buffer", field_dirty_host_buffer, AEROCMD_R_FIELD_INVALID,
     AEROGPU_CMD_RESOURCE_DIRTY_RANGE, 0},
    {"dirty range of host-owned texture", field_dirty_host_texture, AEROCMD_R_FIELD_INVALID,
     AEROGPU_CMD_RESOURCE_DIRTY_RANGE, 0},
    {"backed texture pitch below tight", field_pitch_too_small, AEROCMD_R_FIELD_INVALID,
     AEROGPU_CMD_CREATE_TEXTURE2D, 0},
};

/* ---- valid sequences --------------------------------------------------------------- */
static uint32_t ok_full_binding(struct sb *s)
{
    static const uint32_t vbs[] = {BUF_HOST, 0, BUF_BACKED};
    static const uint32_t cbs[] = {BUF_HOST};
    static const uint32_t samplers[] = {SAMPLER, 0};
    static const uint32_t rts[] = {TEX_HOST, 0, VIEW};
    /* a depth target of the colour targets' extent (64x64, 2 layers) */
    static const struct sb_texture depth = {
        AEROGPU_FORMAT_D24_UNORM_S8_UINT, 64, 64, 1, 2, 0, 0, 0};
    sb_create_texture(s, 64, &depth);
    sb_bind_shaders(s, VS, PS, CS, GS);
    sb_bind_shaders_ex(s, VS, PS, GS, HS, DS);
    sb_handle_packet(s, AEROGPU_CMD_SET_INPUT_LAYOUT, LAYOUT);
    sb_set_vertex_buffers(s, vbs, 3);
    sb_set_index_buffer(s, BUF_BACKED);
    sb_set_buffer_slots(s, AEROGPU_CMD_SET_CONSTANT_BUFFERS, V, cbs, 1);
    sb_set_buffer_slots(s, AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, P, vbs, 3);
    sb_set_buffer_slots(s, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, P, cbs, 1);
    sb_set_samplers(s, P, samplers, 2);
    sb_set_texture(s, P, 0, VIEW);
    sb_set_texture(s, P, 1, TEX_BACKED);
    sb_set_render_targets(s, 3, rts, 64);
    sb_draw(s);
    /* unbinding everything */
    sb_bind_shaders(s, 0, 0, 0, 0);
    sb_handle_packet(s, AEROGPU_CMD_SET_INPUT_LAYOUT, 0);
    sb_set_index_buffer(s, 0);
    sb_set_texture(s, P, 0, 0);
    sb_set_render_targets(s, 0, NULL, 0);
    return 0;
}

static uint32_t ok_view_destroys(struct sb *s)
{
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_TEXTURE_VIEW, 77);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_TEXTURE_VIEW, 0);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_TEXTURE_VIEW, VIEW);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_TEXTURE_VIEW, VIEW);
    sb_create_view(s, VIEW, TEX_HOST, 3, 1, 1, 1);
    return 0;
}

static uint32_t ok_handle_reuse_other_kind(struct sb *s)
{
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, BUF_HOST);
    sb_create_sampler(s, BUF_HOST);
    sb_set_samplers(s, P, one_host_buffer, 1);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_SHADER, VS);
    sb_create_buffer(s, VS, 4, 0, 0);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_SAMPLER, SAMPLER);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_INPUT_LAYOUT, LAYOUT);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, TEX_HOST);
    return 0;
}

static uint32_t ok_import_unknown_token(struct sb *s)
{
    static const uint32_t alias[] = {60};
    sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 60, 0xABCDEF0123ull);
    sb_set_vertex_buffers(s, alias, 1);
    sb_set_render_targets(s, 1, alias, 0);
    sb_set_texture(s, P, 0, 60);
    sb_copy_buffer(s, 60, BUF_HOST, 0x1000000, 0, 256, WB);
    sb_upload(s, 60, 0x7FFFFFF0, 16);
    sb_create_view(s, 61, 60, 5, 1, 7, 1);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, 60);
    return 0;
}

static uint32_t ok_import_known_token(struct sb *s)
{
    sb_share(s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, BUF_BACKED, 5);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, BUF_BACKED);
    sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 61, 5);
    sb_dirty_range(s, 61, 0, 256);
    sb_copy_buffer(s, 61, BUF_HOST, 0, 0, 256, WB);
    sb_share(s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, TEX_HOST, 6);
    sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 62, 6);
    sb_create_view(s, 63, 62, 3, 1, 1, 1);
    sb_set_render_targets(s, 1, (const uint32_t[]){63}, 0);
    sb_set_render_targets(s, 1, (const uint32_t[]){62}, 0);
    return 0;
}

static uint32_t ok_released_token(struct sb *s)
{
    sb_share(s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, TEX_HOST, 7);
    sb_release(s, 7);
    sb_release(s, 7);
    sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 62, 7);
    /* untyped now, so a buffer slot accepts it */
    sb_set_index_buffer(s, 62);
    return 0;
}

static uint32_t ok_exact_fits(struct sb *s)
{
    struct sb_texture t565 = {AEROGPU_FORMAT_B5G6R5_UNORM, 5, 3, 3, 2, 16, ALLOC_RW,
                              ALLOC_RW_SIZE - 108};
    struct sb_texture bc1 = {
        AEROGPU_FORMAT_BC1_RGBA_UNORM, 12, 12, 2, 1, 0, ALLOC_RO, ALLOC_RO_SIZE - 104};
    struct sb_texture pitch = {AEROGPU_FORMAT_B5G6R5_UNORM, 32, 32, 1, 1, 128, ALLOC_RO, 0};
    sb_create_buffer(s, 70, 0x100, ALLOC_RO, 0xF00);
    sb_create_texture(s, 71, &t565);
    sb_create_texture(s, 72, &bc1);
    sb_create_texture(s, 74, &pitch);
    sb_dirty_range(s, 71, 107, 1);
    sb_dirty_range(s, 72, 0, 104);
    return 0;
}

/* 40 mips of a 2 x 1 texture: far beyond its chain and Direct3D 11's 15 (structurally
 * D3D11_LIMIT), yet the semantic pass sizes every 1 x 1 mip and the backing still fits. */
static uint32_t ok_exact_fits_many_mips(struct sb *s)
{
    struct sb_texture mips = {
        AEROGPU_FORMAT_R8G8B8A8_UNORM, 2, 1, 40, 1, 0, ALLOC_RO, ALLOC_RO_SIZE - 164};
    sb_create_texture(s, 73, &mips);
    return 0;
}

static uint32_t ok_copies_in_bounds(struct sb *s)
{
    struct sb_copy_tex mip3 = {TEX_HOST, TEX_HOST, 3, 1, 2, 0, 0, 0, 8, 8, 8, 8, 0};
    struct sb_copy_tex wb = {TEX_BACKED, TEX_HOST, 0, 0, 0, 1, 0, 0, 0, 0, 64, 64, WB};
    sb_copy_buffer(s, BUF_HOST, BUF_BACKED, 0, 0, 256, 0);
    sb_copy_buffer(s, BUF_BACKED, BUF_READONLY, 192, 0, 64, WB);
    sb_copy_buffer(s, BUF_HOST, BUF_BACKED, 252, 0, 4, 0);
    sb_copy_texture(s, &mip3);
    sb_copy_texture(s, &wb);
    sb_upload(s, BUF_HOST, 252, 4);
    sb_upload(s, TEX_HOST, TEX_HOST_BYTES - 8, 8);
    sb_dirty_range(s, BUF_BACKED, 252, 4);
    sb_dirty_range(s, TEX_BACKED, 0, 16384);
    sb_dirty_range(s, TEX_READONLY, 1020, 4);
    return 0;
}

static uint32_t ok_views_in_range(struct sb *s)
{
    sb_create_view(s, 70, TEX_HOST, 0, 4, 0, 2);
    sb_create_view(s, 71, TEX_HOST, 3, 1, 1, 1);
    sb_create_view(s, 72, TEX_BACKED, 0, 1, 0, 1);
    return 0;
}

static uint32_t ok_stage_ex_shaders(struct sb *s)
{
    sb_create_shader(s, 70, AEROGPU_SHADER_STAGE_COMPUTE, AEROGPU_SHADER_STAGE_EX_GEOMETRY);
    sb_create_shader(s, 71, AEROGPU_SHADER_STAGE_COMPUTE, AEROGPU_SHADER_STAGE_EX_COMPUTE);
    sb_bind_shaders_ex(s, VS, PS, 70, HS, DS);
    sb_bind_shaders(s, 0, 0, 71, 70);
    sb_bind_shaders(s, 0, 0, CS, 0);
    return 0;
}

/* Without a table the checks that need allocation entries are skipped. */
static uint32_t ok_no_table(struct sb *s)
{
    struct sb_texture big = {AEROGPU_FORMAT_R8G8B8A8_UNORM, 4096, 4096, 1, 1, 0, 9, 0};
    sb_create_buffer(s, 70, 16, 9, 0);
    sb_create_texture(s, 71, &big);
    sb_dirty_range(s, 70, 0, 16);
    sb_copy_buffer(s, BUF_READONLY, BUF_HOST, 0, 0, 64, WB);
    return 0;
}

static const struct sem_case good_cases[] = {
    {"full binding and unbinding", ok_full_binding, AEROCMD_R_NONE, 0, 0},
    {"view destroys, unknown ones are no-ops", ok_view_destroys, AEROCMD_R_NONE, 0, 0},
    {"handles reused by another kind", ok_handle_reuse_other_kind, AEROCMD_R_NONE, 0, 0},
    {"import of an unknown token", ok_import_unknown_token, AEROCMD_R_NONE, 0, 0},
    {"import of a known token", ok_import_known_token, AEROCMD_R_NONE, 0, 0},
    {"import of a released token", ok_released_token, AEROCMD_R_NONE, 0, 0},
    {"backing that fits exactly", ok_exact_fits, AEROCMD_R_NONE, 0, 0},
    {"40 mips that fit exactly", ok_exact_fits_many_mips, AEROCMD_R_NONE, 0, UNVALIDATED},
    {"copies, uploads, dirty ranges at the edges", ok_copies_in_bounds, AEROCMD_R_NONE, 0, 0},
    {"views in range", ok_views_in_range, AEROCMD_R_NONE, 0, 0},
    {"stage_ex shaders", ok_stage_ex_shaders, AEROCMD_R_NONE, 0, 0},
    {"no allocation table", ok_no_table, AEROCMD_R_NONE, 0, NO_TABLE},
};

int main(void)
{
    run_cases(bad_cases, sizeof bad_cases / sizeof bad_cases[0]);
    run_cases(good_cases, sizeof good_cases / sizeof good_cases[0]);
    printf("%u malformed and %u valid cases\n", (unsigned)(sizeof bad_cases / sizeof bad_cases[0]),
           (unsigned)(sizeof good_cases / sizeof good_cases[0]));
    return check_finish();
}
