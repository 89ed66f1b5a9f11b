/* SPDX-License-Identifier: MIT */
/* append_binding.c — per-stage binding tables, samplers and the raw D3D9 state pairs. */
#include <string.h>

#include "writer_internal.h"

/* SET_SAMPLERS, SET_CONSTANT_BUFFERS, SET_SHADER_RESOURCE_BUFFERS and
 * SET_UNORDERED_ACCESS_BUFFERS share one fixed layout (stage, start, count, stage_ex)
 * followed by `count` elements, so one routine frames all four. */
typedef struct aerogpu_cmd_set_constant_buffers stage_table_packet;

#define SAME_OFFSET(type, field, tag)                                                              \
    AEROGPU_STATIC_ASSERT(offsetof(type, field) == offsetof(stage_table_packet, buffer_count), tag)
SAME_OFFSET(struct aerogpu_cmd_set_samplers, sampler_count, writer_samplers_layout);
SAME_OFFSET(struct aerogpu_cmd_set_shader_resource_buffers, buffer_count, writer_srv_layout);
SAME_OFFSET(struct aerogpu_cmd_set_unordered_access_buffers, uav_count, writer_uav_layout);

static aerocmd_result emplace_stage_table(struct aerocmd_writer *w, uint32_t opcode,
                                          enum aerocmd_shader_kind kind, uint32_t start_slot,
                                          uint32_t count, uint32_t elem_size, const void *elems,
                                          uint8_t **out_elems)
{
    stage_table_packet *p;
    uint32_t stage, stage_ex, bytes;
    uint8_t *raw;
    aerocmd_result r;

    if (elems == NULL && count != 0)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_writer_array_bytes(count, elem_size, &bytes);
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_shader_stage_encode(w->abi_version, kind, &stage, &stage_ex);
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_writer_emplace(w, opcode, sizeof *p, bytes, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (stage_table_packet *)raw;
    p->shader_stage = stage;
    p->start_slot = start_slot;
    p->buffer_count = count;
    p->reserved0 = stage_ex;
    *out_elems = raw + sizeof *p;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_set_samplers(struct aerocmd_writer *w, enum aerocmd_shader_kind kind,
                                           uint32_t start_slot, uint32_t sampler_count,
                                           const aerogpu_handle_t *samplers)
{
    uint8_t *out;
    aerocmd_result r = emplace_stage_table(w, AEROGPU_CMD_SET_SAMPLERS, kind, start_slot,
                                           sampler_count, sizeof *samplers, samplers, &out);
    if (r == AEROCMD_OK && sampler_count != 0)
        memcpy(out, samplers, sampler_count * sizeof *samplers);
    return r;
}

aerocmd_result
aerocmd_append_set_constant_buffers(struct aerocmd_writer *w, enum aerocmd_shader_kind kind,
                                    uint32_t start_slot, uint32_t buffer_count,
                                    const struct aerogpu_constant_buffer_binding *bindings)
{
    struct aerogpu_constant_buffer_binding *out;
    uint8_t *raw;
    uint32_t i;
    aerocmd_result r = emplace_stage_table(w, AEROGPU_CMD_SET_CONSTANT_BUFFERS, kind, start_slot,
                                           buffer_count, sizeof *out, bindings, &raw);
    if (r != AEROCMD_OK)
        return r;
    out = (struct aerogpu_constant_buffer_binding *)raw;
    for (i = 0; i < buffer_count; i++) {
        out[i].buffer = bindings[i].buffer;
        out[i].offset_bytes = bindings[i].offset_bytes;
        out[i].size_bytes = bindings[i].size_bytes;
        out[i].reserved0 = 0;
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_set_shader_resource_buffers(
    struct aerocmd_writer *w, enum aerocmd_shader_kind kind, uint32_t start_slot,
    uint32_t buffer_count, const struct aerogpu_shader_resource_buffer_binding *bindings)
{
    struct aerogpu_shader_resource_buffer_binding *out;
    uint8_t *raw;
    uint32_t i;
    aerocmd_result r = emplace_stage_table(w, AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, kind,
                                           start_slot, buffer_count, sizeof *out, bindings, &raw);
    if (r != AEROCMD_OK)
        return r;
    out = (struct aerogpu_shader_resource_buffer_binding *)raw;
    for (i = 0; i < buffer_count; i++) {
        out[i].buffer = bindings[i].buffer;
        out[i].offset_bytes = bindings[i].offset_bytes;
        out[i].size_bytes = bindings[i].size_bytes;
        out[i].reserved0 = 0;
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_set_unordered_access_buffers(
    struct aerocmd_writer *w, enum aerocmd_shader_kind kind, uint32_t start_slot,
    uint32_t uav_count, const struct aerogpu_unordered_access_buffer_binding *bindings)
{
    uint8_t *out;
    aerocmd_result r = emplace_stage_table(w, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, kind,
                                           start_slot, uav_count, sizeof *bindings, bindings, &out);
    if (r == AEROCMD_OK && uav_count != 0)
        memcpy(out, bindings, uav_count * sizeof *bindings);
    return r;
}

aerocmd_result aerocmd_append_set_texture(struct aerocmd_writer *w, enum aerocmd_shader_kind kind,
                                          uint32_t slot, aerogpu_handle_t texture)
{
    struct aerogpu_cmd_set_texture *p;
    uint32_t stage, stage_ex;
    uint8_t *raw;
    aerocmd_result r = aerocmd_shader_stage_encode(w->abi_version, kind, &stage, &stage_ex);
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_SET_TEXTURE, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_texture *)raw;
    p->shader_stage = stage;
    p->slot = slot;
    p->texture = texture;
    p->reserved0 = stage_ex;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_set_sampler_state(struct aerocmd_writer *w,
                                                enum aerocmd_shader_kind kind, uint32_t slot,
                                                uint32_t state, uint32_t value)
{
    struct aerogpu_cmd_set_sampler_state *p;
    uint32_t stage, stage_ex;
    uint8_t *raw;
    aerocmd_result r = aerocmd_shader_stage_encode(w->abi_version, kind, &stage, &stage_ex);
    if (r != AEROCMD_OK)
        return r;
    if (stage_ex != AEROGPU_SHADER_STAGE_EX_NONE)
        return AEROCMD_E_NOT_IMPLEMENTED; /* this packet has nowhere to put stage_ex */
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_SET_SAMPLER_STATE, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_sampler_state *)raw;
    p->shader_stage = stage;
    p->slot = slot;
    p->state = state;
    p->value = value;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_set_render_state(struct aerocmd_writer *w, uint32_t state,
                                               uint32_t value)
{
    struct aerogpu_cmd_set_render_state *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_SET_RENDER_STATE, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_render_state *)raw;
    p->state = state;
    p->value = value;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_create_sampler(struct aerocmd_writer *w, aerogpu_handle_t sampler,
                                             uint32_t filter, uint32_t address_u,
                                             uint32_t address_v, uint32_t address_w)
{
    struct aerogpu_cmd_create_sampler *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_CREATE_SAMPLER, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_create_sampler *)raw;
    p->sampler_handle = sampler;
    p->filter = filter;
    p->address_u = address_u;
    p->address_v = address_v;
    p->address_w = address_w;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_destroy_sampler(struct aerocmd_writer *w, aerogpu_handle_t sampler)
{
    struct aerogpu_cmd_destroy_sampler *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_DESTROY_SAMPLER, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_destroy_sampler *)raw;
    p->sampler_handle = sampler;
    return AEROCMD_OK;
}
