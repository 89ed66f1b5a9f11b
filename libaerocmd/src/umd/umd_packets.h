/* SPDX-License-Identifier: MIT */
/* umd_packets.h — the packets the tracker sends on its hot paths, stored straight into
 * command-buffer space the caller has already reserved.
 *
 * The writer's append functions each check arguments, reserve, zero and commit one packet;
 * before a draw the tracker knows every packet it will write and that every argument is
 * valid, so it reserves once (umd_emit.c) and uses these stores instead. Every byte of a
 * packet is written, reserved fields as 0, so the result is byte for byte what the
 * writer's appends produce. Each function returns the end of the packet it wrote. */
#ifndef AEROCMD_UMD_PACKETS_H
#define AEROCMD_UMD_PACKETS_H

#include <string.h>

#include "aerocmd/decode.h"
#include "umd_internal.h"

#define UMD_BIND_SHADERS_BYTES     ((uint32_t)sizeof(struct aerogpu_cmd_bind_shaders))
#define UMD_INPUT_LAYOUT_BYTES     ((uint32_t)sizeof(struct aerogpu_cmd_set_input_layout))
#define UMD_TOPOLOGY_BYTES         ((uint32_t)sizeof(struct aerogpu_cmd_set_primitive_topology))
#define UMD_VERTEX_BUFFERS_BYTES   ((uint32_t)sizeof(struct aerogpu_cmd_set_vertex_buffers))
#define UMD_INDEX_BUFFER_BYTES     ((uint32_t)sizeof(struct aerogpu_cmd_set_index_buffer))
#define UMD_VIEWPORT_BYTES         ((uint32_t)sizeof(struct aerogpu_cmd_set_viewport))
#define UMD_SCISSOR_BYTES          ((uint32_t)sizeof(struct aerogpu_cmd_set_scissor))
#define UMD_BLEND_BYTES            ((uint32_t)sizeof(struct aerogpu_cmd_set_blend_state))
#define UMD_DEPTH_STENCIL_BYTES    ((uint32_t)sizeof(struct aerogpu_cmd_set_depth_stencil_state))
#define UMD_RASTERIZER_BYTES       ((uint32_t)sizeof(struct aerogpu_cmd_set_rasterizer_state))
#define UMD_STAGE_TABLE_BYTES      ((uint32_t)sizeof(struct aerogpu_cmd_set_constant_buffers))
#define UMD_CONSTANT_BINDING_BYTES ((uint32_t)sizeof(struct aerogpu_constant_buffer_binding))
#define UMD_VERTEX_BINDING_BYTES   ((uint32_t)sizeof(struct aerogpu_vertex_buffer_binding))
#define UMD_DRAW_BYTES             ((uint32_t)sizeof(struct aerogpu_cmd_draw))
#define UMD_DRAW_INDEXED_BYTES     ((uint32_t)sizeof(struct aerogpu_cmd_draw_indexed))
#define UMD_DISPATCH_BYTES         ((uint32_t)sizeof(struct aerogpu_cmd_dispatch))
#define UMD_UAV_TABLE_BYTES        ((uint32_t)sizeof(struct aerogpu_cmd_set_unordered_access_buffers))
#define UMD_UAV_BINDING_BYTES      ((uint32_t)sizeof(struct aerogpu_unordered_access_buffer_binding))

/* The protocol's shader_stage for the tracker's stages VS, PS, GS, CS (stage_ex is 0 for
 * all four). */
static inline uint32_t umd_stage_code(uint32_t stage)
{
    static const uint8_t codes[UMD_STAGE_COUNT] = {
        AEROGPU_SHADER_STAGE_VERTEX, AEROGPU_SHADER_STAGE_PIXEL, AEROGPU_SHADER_STAGE_GEOMETRY,
        AEROGPU_SHADER_STAGE_COMPUTE};
    return codes[stage];
}

static inline void umd_put_header(uint8_t *at, uint32_t opcode, uint32_t size)
{
    struct aerogpu_cmd_hdr *h = (struct aerogpu_cmd_hdr *)at;
    h->opcode = opcode;
    h->size_bytes = size;
}

/* A geometry shader needs the extended form (which also keeps it in reserved0 for hosts
 * that read only the legacy form). */
static inline uint32_t umd_bind_shaders_bytes(uint32_t gs)
{
    return gs != 0 ? AEROCMD_BIND_SHADERS_EXT_SIZE : UMD_BIND_SHADERS_BYTES;
}

static inline uint8_t *umd_put_bind_shaders(uint8_t *at, uint32_t vs, uint32_t ps, uint32_t cs,
                                            uint32_t gs)
{
    struct aerogpu_cmd_bind_shaders *p = (struct aerogpu_cmd_bind_shaders *)at;
    uint32_t size = umd_bind_shaders_bytes(gs);
    umd_put_header(at, AEROGPU_CMD_BIND_SHADERS, size);
    p->vs = vs;
    p->ps = ps;
    p->cs = cs;
    p->reserved0 = gs;
    if (gs != 0) {
        const uint32_t tail[3] = {gs, 0, 0}; /* gs, hs, ds */
        memcpy(at + UMD_BIND_SHADERS_BYTES, tail, sizeof tail);
    }
    return at + size;
}

/* SET_INPUT_LAYOUT and SET_PRIMITIVE_TOPOLOGY: one value and a reserved word. */
static inline uint8_t *umd_put_one_value(uint8_t *at, uint32_t opcode, uint32_t value)
{
    struct aerogpu_cmd_set_input_layout *p = (struct aerogpu_cmd_set_input_layout *)at;
    umd_put_header(at, opcode, UMD_INPUT_LAYOUT_BYTES);
    p->input_layout_handle = value;
    p->reserved0 = 0;
    return at + UMD_INPUT_LAYOUT_BYTES;
}

static inline uint8_t *umd_put_vertex_buffers(uint8_t *at, uint32_t start, uint32_t count,
                                              const struct umd_vertex_slot *slots)
{
    struct aerogpu_cmd_set_vertex_buffers *p = (struct aerogpu_cmd_set_vertex_buffers *)at;
    struct aerogpu_vertex_buffer_binding *out =
        (struct aerogpu_vertex_buffer_binding *)(at + UMD_VERTEX_BUFFERS_BYTES);
    uint32_t i;
    umd_put_header(at, AEROGPU_CMD_SET_VERTEX_BUFFERS,
                   UMD_VERTEX_BUFFERS_BYTES + count * UMD_VERTEX_BINDING_BYTES);
    p->start_slot = start;
    p->buffer_count = count;
    /* The tracker's copies keep reserved0 at 0, so whole entries can be copied. One slot
     * is the usual case and skips the loop. */
    out[0] = slots[0].b;
    for (i = 1; i < count; i++)
        out[i] = slots[i].b;
    return (uint8_t *)(out + count);
}

static inline uint8_t *umd_put_index_buffer(uint8_t *at, uint32_t buffer, uint32_t format,
                                            uint32_t offset)
{
    struct aerogpu_cmd_set_index_buffer *p = (struct aerogpu_cmd_set_index_buffer *)at;
    umd_put_header(at, AEROGPU_CMD_SET_INDEX_BUFFER, UMD_INDEX_BUFFER_BYTES);
    p->buffer = buffer;
    p->format = format;
    p->offset_bytes = offset;
    p->reserved0 = 0;
    return at + UMD_INDEX_BUFFER_BYTES;
}

static inline uint8_t *umd_put_viewport(uint8_t *at, const struct aerocmd_umd_viewport *v)
{
    struct aerogpu_cmd_set_viewport *p = (struct aerogpu_cmd_set_viewport *)at;
    umd_put_header(at, AEROGPU_CMD_SET_VIEWPORT, UMD_VIEWPORT_BYTES);
    p->x_f32 = v->x_f32;
    p->y_f32 = v->y_f32;
    p->width_f32 = v->width_f32;
    p->height_f32 = v->height_f32;
    p->min_depth_f32 = v->min_depth_f32;
    p->max_depth_f32 = v->max_depth_f32;
    return at + UMD_VIEWPORT_BYTES;
}

/* Direct3D's rectangle as the protocol's origin and extent. */
static inline uint8_t *umd_put_scissor(uint8_t *at, const struct aerocmd_umd_rect *rc)
{
    struct aerogpu_cmd_set_scissor *p = (struct aerogpu_cmd_set_scissor *)at;
    umd_put_header(at, AEROGPU_CMD_SET_SCISSOR, UMD_SCISSOR_BYTES);
    p->x = rc->left;
    p->y = rc->top;
    p->width = (int32_t)((uint32_t)rc->right - (uint32_t)rc->left);
    p->height = (int32_t)((uint32_t)rc->bottom - (uint32_t)rc->top);
    return at + UMD_SCISSOR_BYTES;
}

static inline uint8_t *umd_put_blend(uint8_t *at, const struct aerogpu_blend_state *s)
{
    struct aerogpu_cmd_set_blend_state *p = (struct aerogpu_cmd_set_blend_state *)at;
    umd_put_header(at, AEROGPU_CMD_SET_BLEND_STATE, UMD_BLEND_BYTES);
    memcpy(&p->state, s, sizeof p->state);
    memset(p->state.reserved0, 0, sizeof p->state.reserved0);
    return at + UMD_BLEND_BYTES;
}

static inline uint8_t *umd_put_depth_stencil(uint8_t *at,
                                             const struct aerogpu_depth_stencil_state *s)
{
    struct aerogpu_cmd_set_depth_stencil_state *p =
        (struct aerogpu_cmd_set_depth_stencil_state *)at;
    umd_put_header(at, AEROGPU_CMD_SET_DEPTH_STENCIL_STATE, UMD_DEPTH_STENCIL_BYTES);
    memcpy(&p->state, s, sizeof p->state);
    memset(p->state.reserved0, 0, sizeof p->state.reserved0);
    return at + UMD_DEPTH_STENCIL_BYTES;
}

static inline uint8_t *umd_put_rasterizer(uint8_t *at, const struct aerogpu_rasterizer_state *s)
{
    struct aerogpu_cmd_set_rasterizer_state *p = (struct aerogpu_cmd_set_rasterizer_state *)at;
    umd_put_header(at, AEROGPU_CMD_SET_RASTERIZER_STATE, UMD_RASTERIZER_BYTES);
    memcpy(&p->state, s, sizeof p->state);
    return at + UMD_RASTERIZER_BYTES;
}

/* SET_CONSTANT_BUFFERS and SET_SAMPLERS start alike: stage, start, count, stage_ex. */
static inline void umd_put_stage_table(uint8_t *at, uint32_t opcode, uint32_t size, uint32_t stage,
                                       uint32_t start, uint32_t count)
{
    struct aerogpu_cmd_set_constant_buffers *p = (struct aerogpu_cmd_set_constant_buffers *)at;
    umd_put_header(at, opcode, size);
    p->shader_stage = umd_stage_code(stage);
    p->start_slot = start;
    p->buffer_count = count;
    p->reserved0 = AEROGPU_SHADER_STAGE_EX_NONE;
}

/* Entries are copied whole: the tracker keeps their reserved fields 0. */
static inline uint8_t *umd_put_constant_buffers(uint8_t *at, uint32_t stage, uint32_t start,
                                                uint32_t count,
                                                const struct umd_constant_slot *slots)
{
    struct aerogpu_constant_buffer_binding *out =
        (struct aerogpu_constant_buffer_binding *)(at + UMD_STAGE_TABLE_BYTES);
    uint32_t i;
    umd_put_stage_table(at, AEROGPU_CMD_SET_CONSTANT_BUFFERS,
                        UMD_STAGE_TABLE_BYTES + count * UMD_CONSTANT_BINDING_BYTES, stage, start,
                        count);
    out[0] = slots[0].b; /* count >= 1 */
    for (i = 1; i < count; i++)
        out[i] = slots[i].b;
    return (uint8_t *)(out + count);
}

/* SET_TEXTURE of one slot (stage_ex 0: the tracker's stages have plain stage codes). */
static inline uint8_t *umd_put_texture(uint8_t *at, uint32_t stage, uint32_t slot, uint32_t handle)
{
    const uint32_t words[6] = {AEROGPU_CMD_SET_TEXTURE,
                               (uint32_t)sizeof(struct aerogpu_cmd_set_texture),
                               umd_stage_code(stage),
                               slot,
                               handle,
                               AEROGPU_SHADER_STAGE_EX_NONE};
    memcpy(at, words, sizeof words);
    return at + sizeof words;
}

/* One slot of each: the packets above with count 1. */
/* Two 32-bit fields as the one 64-bit store they are (the stream is little-endian). */
static inline void umd_put_pair(uint8_t *at, uint32_t first, uint32_t second)
{
    const uint64_t v = (uint64_t)first | (uint64_t)second << 32;
    memcpy(at, &v, sizeof v);
}

static inline uint8_t *umd_put_vertex_buffer(uint8_t *at, uint32_t slot,
                                             const struct aerogpu_vertex_buffer_binding *b)
{
    umd_put_pair(at, AEROGPU_CMD_SET_VERTEX_BUFFERS,
                 UMD_VERTEX_BUFFERS_BYTES + UMD_VERTEX_BINDING_BYTES);
    umd_put_pair(at + 8, slot, 1u);
    memcpy(at + UMD_VERTEX_BUFFERS_BYTES, b, UMD_VERTEX_BINDING_BYTES);
    return at + UMD_VERTEX_BUFFERS_BYTES + UMD_VERTEX_BINDING_BYTES;
}

static inline uint8_t *umd_put_constant_buffer(uint8_t *at, uint32_t stage, uint32_t slot,
                                               const struct aerogpu_constant_buffer_binding *b)
{
    umd_put_pair(at, AEROGPU_CMD_SET_CONSTANT_BUFFERS,
                 UMD_STAGE_TABLE_BYTES + UMD_CONSTANT_BINDING_BYTES);
    umd_put_pair(at + 8, umd_stage_code(stage), slot);
    umd_put_pair(at + 16, 1u, AEROGPU_SHADER_STAGE_EX_NONE);
    memcpy(at + UMD_STAGE_TABLE_BYTES, b, UMD_CONSTANT_BINDING_BYTES);
    return at + UMD_STAGE_TABLE_BYTES + UMD_CONSTANT_BINDING_BYTES;
}

static inline uint8_t *umd_put_samplers(uint8_t *at, uint32_t stage, uint32_t start, uint32_t count,
                                        const uint32_t *handles)
{
    uint8_t *out = at + UMD_STAGE_TABLE_BYTES;
    uint32_t i;
    umd_put_stage_table(at, AEROGPU_CMD_SET_SAMPLERS, UMD_STAGE_TABLE_BYTES + count * 4u, stage,
                        start, count);
    for (i = 0; i < count; i++, out += 4)
        memcpy(out, &handles[i], 4u);
    return out;
}

/* SET_UNORDERED_ACCESS_BUFFERS of the compute stage. A counter value travels once: the
 * slots sent are left keeping their counters, so a later packet that covers them again
 * does not reset what the shader has counted since. */
static inline uint8_t *umd_put_uavs(uint8_t *at, uint32_t start, uint32_t count,
                                    struct umd_uav_slot *slots)
{
    struct aerogpu_unordered_access_buffer_binding *out =
        (struct aerogpu_unordered_access_buffer_binding *)(at + UMD_UAV_TABLE_BYTES);
    uint32_t i;
    umd_put_stage_table(at, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS,
                        UMD_UAV_TABLE_BYTES + count * UMD_UAV_BINDING_BYTES, AEROCMD_SHADER_CS,
                        start, count);
    for (i = 0; i < count; i++) {
        out[i] = slots[i].b;
        slots[i].b.initial_count = AEROCMD_UMD_UAV_KEEP_COUNT;
    }
    return (uint8_t *)(out + count);
}

#define UMD_UPLOAD_BYTES ((uint32_t)sizeof(struct aerogpu_cmd_upload_resource))

/* The fixed part of an UPLOAD_RESOURCE of `bytes` (a multiple of 4). */
static inline void umd_put_upload_header(uint8_t *at, uint32_t handle, uint64_t offset,
                                         uint32_t bytes)
{
    struct aerogpu_cmd_upload_resource *u = (struct aerogpu_cmd_upload_resource *)at;
    umd_put_header(at, AEROGPU_CMD_UPLOAD_RESOURCE, UMD_UPLOAD_BYTES + bytes);
    u->resource_handle = handle;
    u->reserved0 = 0;
    u->offset_bytes = offset;
    u->size_bytes = bytes;
}

/* A payload copy. Small multiples of 16 bytes (constant buffers) are copied inline: the call
 * into the C runtime costs more than such a copy, and Windows' msvcrt memcpy much more. */
static inline void umd_copy_payload(uint8_t *dst, const uint8_t *src, uint32_t n)
{
    switch (n) {
    case 16:
        memcpy(dst, src, 16);
        break;
    case 32:
        memcpy(dst, src, 32);
        break;
    case 48:
        memcpy(dst, src, 48);
        break;
    case 64:
        memcpy(dst, src, 64);
        break;
    default:
        memcpy(dst, src, n);
        break;
    }
}

/* The whole UPLOAD_RESOURCE, its payload from src. */
static inline uint8_t *umd_put_upload(uint8_t *at, uint32_t handle, uint64_t offset,
                                      const uint8_t *src, uint32_t bytes)
{
    umd_put_upload_header(at, handle, offset, bytes);
    umd_copy_payload(at + UMD_UPLOAD_BYTES, src, bytes);
    return at + UMD_UPLOAD_BYTES + bytes;
}

/* DRAW, DRAW_INDEXED and DISPATCH: a header and up to five words. */
struct umd_work_packet {
    uint32_t opcode;
    uint32_t size; /* UMD_DRAW_BYTES, UMD_DRAW_INDEXED_BYTES or UMD_DISPATCH_BYTES */
    uint32_t words[5];
};

/* DRAW of one instance from instance 0. */
static inline uint8_t *umd_put_draw(uint8_t *at, uint32_t vertex_count, uint32_t first_vertex)
{
    umd_put_pair(at, AEROGPU_CMD_DRAW, UMD_DRAW_BYTES);
    umd_put_pair(at + 8, vertex_count, 1u);
    umd_put_pair(at + 16, first_vertex, 0u);
    return at + UMD_DRAW_BYTES;
}

static inline uint8_t *umd_put_work(uint8_t *at, const struct umd_work_packet *w)
{
    umd_put_header(at, w->opcode, w->size);
    /* Four words in every one of them; DRAW_INDEXED has a fifth. */
    memcpy(at + sizeof(struct aerogpu_cmd_hdr), w->words, 16u);
    if (w->size > UMD_DRAW_BYTES)
        memcpy(at + UMD_DRAW_BYTES, &w->words[4], 4u);
    return at + w->size;
}

#endif /* AEROCMD_UMD_PACKETS_H */
