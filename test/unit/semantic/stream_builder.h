/* SPDX-License-Identifier: MIT */
/* stream_builder.h — assembling command streams for the semantic tests straight from the
 * protocol structs (independent of the library's writer). */
#ifndef SEMANTIC_STREAM_BUILDER_H
#define SEMANTIC_STREAM_BUILDER_H

#include <stdint.h>
#include <string.h>

#include "aerogpu_cmd.h"
#include "aerogpu_ring.h"
#include "shaders/min_dxbc.h"

#define SB_CAPACITY 65536u

struct sb {
    uint8_t bytes[SB_CAPACITY];
    uint32_t len;
};

static void sb_begin_abi(struct sb *s, uint32_t abi_version)
{
    struct aerogpu_cmd_stream_header h;
    memset(&h, 0, sizeof h);
    h.magic = AEROGPU_CMD_STREAM_MAGIC;
    h.abi_version = abi_version;
    memcpy(s->bytes, &h, sizeof h);
    s->len = sizeof h;
}

static void sb_begin(struct sb *s)
{
    sb_begin_abi(s, AEROGPU_ABI_VERSION_U32);
}

/* Appends a packet (its header already filled) plus an optional payload, zero-padded to 4
 * bytes; fixes up the packet's size_bytes. Returns the packet's offset. */
static uint32_t sb_add_payload(struct sb *s, const void *fixed, uint32_t fixed_len,
                               const void *payload, uint32_t payload_len)
{
    uint32_t at = s->len, padded = (payload_len + 3u) & ~3u;
    uint32_t size = fixed_len + padded;
    if (at + size > SB_CAPACITY)
        return 0;
    memcpy(s->bytes + at, fixed, fixed_len);
    memset(s->bytes + at + fixed_len, 0, padded);
    if (payload_len)
        memcpy(s->bytes + at + fixed_len, payload, payload_len);
    memcpy(s->bytes + at + 4, &size, 4);
    s->len += size;
    return at;
}

static uint32_t sb_add(struct sb *s, const void *fixed, uint32_t fixed_len)
{
    return sb_add_payload(s, fixed, fixed_len, NULL, 0);
}

/* Writes the stream header's size_bytes; returns the stream length. */
static uint32_t sb_end(struct sb *s)
{
    memcpy(s->bytes + 8, &s->len, 4);
    return s->len;
}

static uint32_t sb_create_buffer(struct sb *s, uint32_t handle, uint64_t size, uint32_t alloc_id,
                                 uint32_t offset)
{
    struct aerogpu_cmd_create_buffer c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_CREATE_BUFFER;
    c.buffer_handle = handle;
    c.usage_flags = AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER;
    c.size_bytes = size;
    c.backing_alloc_id = alloc_id;
    c.backing_offset_bytes = offset;
    return sb_add(s, &c, sizeof c);
}

struct sb_texture {
    uint32_t format, width, height, mips, layers, pitch, alloc_id, offset;
};

static uint32_t sb_create_texture(struct sb *s, uint32_t handle, const struct sb_texture *t)
{
    struct aerogpu_cmd_create_texture2d c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_CREATE_TEXTURE2D;
    c.texture_handle = handle;
    c.usage_flags = AEROGPU_RESOURCE_USAGE_TEXTURE | AEROGPU_RESOURCE_USAGE_RENDER_TARGET;
    c.format = t->format;
    c.width = t->width;
    c.height = t->height;
    c.mip_levels = t->mips;
    c.array_layers = t->layers;
    c.row_pitch_bytes = t->pitch;
    c.backing_alloc_id = t->alloc_id;
    c.backing_offset_bytes = t->offset;
    return sb_add(s, &c, sizeof c);
}

/* 64x64 RGBA8, 4 mips, 2 layers, host-owned */
static uint32_t sb_create_rt(struct sb *s, uint32_t handle)
{
    struct sb_texture t = {AEROGPU_FORMAT_R8G8B8A8_UNORM, 64, 64, 4, 2, 0, 0, 0};
    return sb_create_texture(s, handle, &t);
}

static uint32_t sb_create_view(struct sb *s, uint32_t view, uint32_t texture, uint32_t base_mip,
                               uint32_t mip_count, uint32_t base_layer, uint32_t layer_count)
{
    struct aerogpu_cmd_create_texture_view c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_CREATE_TEXTURE_VIEW;
    c.view_handle = view;
    c.texture_handle = texture;
    c.base_mip_level = base_mip;
    c.mip_level_count = mip_count;
    c.base_array_layer = base_layer;
    c.array_layer_count = layer_count;
    return sb_add(s, &c, sizeof c);
}

/* DESTROY_RESOURCE, DESTROY_TEXTURE_VIEW, DESTROY_SHADER, DESTROY_INPUT_LAYOUT,
 * DESTROY_SAMPLER and SET_INPUT_LAYOUT share one shape: {hdr, handle, reserved0}. */
static uint32_t sb_handle_packet(struct sb *s, uint32_t opcode, uint32_t handle)
{
    struct aerogpu_cmd_destroy_resource c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = opcode;
    c.resource_handle = handle;
    return sb_add(s, &c, sizeof c);
}

/* A sound container of the program the stage runs (RULES.md: VERTEX 0, PIXEL 1, COMPUTE 2,
 * GEOMETRY 3 are DXBC program types 1, 0, 5, 2; from ABI 1.3 a COMPUTE stage's stage_ex
 * 2..5 is the program type itself), so that the structural check passes too. */
static uint32_t sb_create_shader(struct sb *s, uint32_t handle, uint32_t stage, uint32_t stage_ex)
{
    static const uint32_t program_of_stage[4] = {1, 0, 5, 2};
    uint8_t dxbc[MIN_DXBC_BYTES];
    struct aerogpu_cmd_create_shader_dxbc c;
    uint32_t program = stage < 4u ? program_of_stage[stage] : 1u, abi;
    memcpy(&abi, s->bytes + offsetof(struct aerogpu_cmd_stream_header, abi_version), 4);
    if (stage == AEROGPU_SHADER_STAGE_COMPUTE && stage_ex != 0 &&
        (abi & 0xFFFFu) >= AEROGPU_STAGE_EX_MIN_ABI_MINOR)
        program = stage_ex;
    min_dxbc(dxbc, program);
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_CREATE_SHADER_DXBC;
    c.shader_handle = handle;
    c.stage = stage;
    c.dxbc_size_bytes = sizeof dxbc;
    c.reserved0 = stage_ex;
    return sb_add_payload(s, &c, sizeof c, dxbc, sizeof dxbc);
}

static uint32_t sb_create_input_layout(struct sb *s, uint32_t handle)
{
    struct aerogpu_input_layout_blob_header blob;
    struct aerogpu_cmd_create_input_layout c;
    memset(&blob, 0, sizeof blob);
    blob.magic = AEROGPU_INPUT_LAYOUT_BLOB_MAGIC;
    blob.version = AEROGPU_INPUT_LAYOUT_BLOB_VERSION;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_CREATE_INPUT_LAYOUT;
    c.input_layout_handle = handle;
    c.blob_size_bytes = sizeof blob;
    return sb_add_payload(s, &c, sizeof c, &blob, sizeof blob);
}

static uint32_t sb_create_sampler(struct sb *s, uint32_t handle)
{
    struct aerogpu_cmd_create_sampler c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_CREATE_SAMPLER;
    c.sampler_handle = handle;
    c.filter = AEROGPU_SAMPLER_FILTER_LINEAR;
    return sb_add(s, &c, sizeof c);
}

static uint32_t sb_bind_shaders(struct sb *s, uint32_t vs, uint32_t ps, uint32_t cs,
                                uint32_t legacy_gs)
{
    struct aerogpu_cmd_bind_shaders c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_BIND_SHADERS;
    c.vs = vs;
    c.ps = ps;
    c.cs = cs;
    c.reserved0 = legacy_gs;
    return sb_add(s, &c, sizeof c);
}

static uint32_t sb_bind_shaders_ex(struct sb *s, uint32_t vs, uint32_t ps, uint32_t gs, uint32_t hs,
                                   uint32_t ds)
{
    struct aerogpu_cmd_bind_shaders c;
    uint32_t ext[3];
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_BIND_SHADERS;
    c.vs = vs;
    c.ps = ps;
    c.reserved0 = gs;
    ext[0] = gs;
    ext[1] = hs;
    ext[2] = ds;
    return sb_add_payload(s, &c, sizeof c, ext, sizeof ext);
}

static uint32_t sb_set_vertex_buffers(struct sb *s, const uint32_t *buffers, uint32_t count)
{
    struct aerogpu_vertex_buffer_binding b[8];
    struct aerogpu_cmd_set_vertex_buffers c;
    uint32_t i;
    memset(&c, 0, sizeof c);
    memset(b, 0, sizeof b);
    c.hdr.opcode = AEROGPU_CMD_SET_VERTEX_BUFFERS;
    c.buffer_count = count;
    for (i = 0; i < count && i < 8; i++) {
        b[i].buffer = buffers[i];
        b[i].stride_bytes = 16;
    }
    return sb_add_payload(s, &c, sizeof c, b, count * (uint32_t)sizeof b[0]);
}

static uint32_t sb_set_index_buffer(struct sb *s, uint32_t buffer)
{
    struct aerogpu_cmd_set_index_buffer c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_SET_INDEX_BUFFER;
    c.buffer = buffer;
    c.format = AEROGPU_INDEX_FORMAT_UINT16;
    return sb_add(s, &c, sizeof c);
}

/* SET_CONSTANT_BUFFERS, SET_SHADER_RESOURCE_BUFFERS and SET_UNORDERED_ACCESS_BUFFERS share
 * {hdr, stage, start_slot, count, reserved0} + 16-byte {buffer, offset, size, x} elements. */
static uint32_t sb_set_buffer_slots(struct sb *s, uint32_t opcode, uint32_t stage,
                                    const uint32_t *buffers, uint32_t count)
{
    struct aerogpu_constant_buffer_binding b[8];
    struct aerogpu_cmd_set_constant_buffers c;
    uint32_t i;
    memset(&c, 0, sizeof c);
    memset(b, 0, sizeof b);
    c.hdr.opcode = opcode;
    c.shader_stage = stage;
    c.buffer_count = count;
    for (i = 0; i < count && i < 8; i++) {
        b[i].buffer = buffers[i];
        b[i].size_bytes = 16;
    }
    return sb_add_payload(s, &c, sizeof c, b, count * (uint32_t)sizeof b[0]);
}

static uint32_t sb_set_samplers(struct sb *s, uint32_t stage, const uint32_t *samplers,
                                uint32_t count)
{
    struct aerogpu_cmd_set_samplers c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_SET_SAMPLERS;
    c.shader_stage = stage;
    c.sampler_count = count;
    return sb_add_payload(s, &c, sizeof c, samplers, count * 4u);
}

static uint32_t sb_set_texture(struct sb *s, uint32_t stage, uint32_t slot, uint32_t texture)
{
    struct aerogpu_cmd_set_texture c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_SET_TEXTURE;
    c.shader_stage = stage;
    c.slot = slot;
    c.texture = texture;
    return sb_add(s, &c, sizeof c);
}

static uint32_t sb_set_render_targets(struct sb *s, uint32_t count, const uint32_t *colors,
                                      uint32_t depth)
{
    struct aerogpu_cmd_set_render_targets c;
    uint32_t i;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_SET_RENDER_TARGETS;
    c.color_count = count;
    c.depth_stencil = depth;
    for (i = 0; i < count && i < 8; i++)
        c.colors[i] = colors[i];
    return sb_add(s, &c, sizeof c);
}

/* RESOURCE_DIRTY_RANGE and UPLOAD_RESOURCE share {hdr, handle, reserved0, offset, size};
 * an upload also carries size bytes of data. */
static uint32_t sb_dirty_range(struct sb *s, uint32_t handle, uint64_t offset, uint64_t size)
{
    struct aerogpu_cmd_resource_dirty_range c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_RESOURCE_DIRTY_RANGE;
    c.resource_handle = handle;
    c.offset_bytes = offset;
    c.size_bytes = size;
    return sb_add(s, &c, sizeof c);
}

static uint32_t sb_upload(struct sb *s, uint32_t handle, uint64_t offset, uint32_t size)
{
    static const uint8_t data[256];
    struct aerogpu_cmd_upload_resource c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_UPLOAD_RESOURCE;
    c.resource_handle = handle;
    c.offset_bytes = offset;
    c.size_bytes = size;
    return sb_add_payload(s, &c, sizeof c, data, size <= sizeof data ? size : 0);
}

static uint32_t sb_copy_buffer(struct sb *s, uint32_t dst, uint32_t src, uint64_t dst_offset,
                               uint64_t src_offset, uint64_t size, uint32_t flags)
{
    struct aerogpu_cmd_copy_buffer c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_COPY_BUFFER;
    c.dst_buffer = dst;
    c.src_buffer = src;
    c.dst_offset_bytes = dst_offset;
    c.src_offset_bytes = src_offset;
    c.size_bytes = size;
    c.flags = flags;
    return sb_add(s, &c, sizeof c);
}

struct sb_copy_tex {
    uint32_t dst, src, dst_mip, dst_layer, src_mip, src_layer;
    uint32_t dst_x, dst_y, src_x, src_y, width, height, flags;
};

static uint32_t sb_copy_texture(struct sb *s, const struct sb_copy_tex *t)
{
    struct aerogpu_cmd_copy_texture2d c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_COPY_TEXTURE2D;
    c.dst_texture = t->dst;
    c.src_texture = t->src;
    c.dst_mip_level = t->dst_mip;
    c.dst_array_layer = t->dst_layer;
    c.src_mip_level = t->src_mip;
    c.src_array_layer = t->src_layer;
    c.dst_x = t->dst_x;
    c.dst_y = t->dst_y;
    c.src_x = t->src_x;
    c.src_y = t->src_y;
    c.width = t->width;
    c.height = t->height;
    c.flags = t->flags;
    return sb_add(s, &c, sizeof c);
}

/* EXPORT_SHARED_SURFACE and IMPORT_SHARED_SURFACE share {hdr, handle, reserved0, token}. */
static uint32_t sb_share(struct sb *s, uint32_t opcode, uint32_t handle, uint64_t token)
{
    struct aerogpu_cmd_export_shared_surface c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = opcode;
    c.resource_handle = handle;
    c.share_token = token;
    return sb_add(s, &c, sizeof c);
}

static uint32_t sb_release(struct sb *s, uint64_t token)
{
    struct aerogpu_cmd_release_shared_surface c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_RELEASE_SHARED_SURFACE;
    c.share_token = token;
    return sb_add(s, &c, sizeof c);
}

static uint32_t sb_draw(struct sb *s)
{
    struct aerogpu_cmd_draw c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_DRAW;
    c.vertex_count = 3;
    c.instance_count = 1;
    return sb_add(s, &c, sizeof c);
}

static uint32_t sb_flush(struct sb *s)
{
    struct aerogpu_cmd_flush c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_FLUSH;
    return sb_add(s, &c, sizeof c);
}

/* An allocation table in bytes, as aerocmd_alloc_table_open reads it. */
struct sb_alloc {
    uint32_t alloc_id, flags;
    uint64_t gpa, size;
};

static uint32_t sb_alloc_table(uint8_t *buf, const struct sb_alloc *a, uint32_t count)
{
    struct aerogpu_alloc_table_header h;
    uint32_t i;
    memset(&h, 0, sizeof h);
    h.magic = AEROGPU_ALLOC_TABLE_MAGIC;
    h.abi_version = AEROGPU_ABI_VERSION_U32;
    h.size_bytes = (uint32_t)(sizeof h + count * sizeof(struct aerogpu_alloc_entry));
    h.entry_count = count;
    h.entry_stride_bytes = sizeof(struct aerogpu_alloc_entry);
    memcpy(buf, &h, sizeof h);
    for (i = 0; i < count; i++) {
        struct aerogpu_alloc_entry e;
        memset(&e, 0, sizeof e);
        e.alloc_id = a[i].alloc_id;
        e.flags = a[i].flags;
        e.gpa = a[i].gpa;
        e.size_bytes = a[i].size;
        memcpy(buf + sizeof h + i * sizeof e, &e, sizeof e);
    }
    return h.size_bytes;
}

#endif
