/* SPDX-License-Identifier: MIT */
/* append_state.c — fixed-function state, output merger, viewport and input assembler. */
#include <string.h>

#include "writer_internal.h"

aerocmd_result aerocmd_append_set_blend_state(struct aerocmd_writer *w,
                                              const struct aerogpu_blend_state *state)
{
    struct aerogpu_cmd_set_blend_state *p;
    uint8_t *raw;
    aerocmd_result r;

    if (state == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_SET_BLEND_STATE, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_blend_state *)raw;
    memcpy(&p->state, state, sizeof p->state);
    memset(p->state.reserved0, 0, sizeof p->state.reserved0);
    return AEROCMD_OK;
}

aerocmd_result
aerocmd_append_set_depth_stencil_state(struct aerocmd_writer *w,
                                       const struct aerogpu_depth_stencil_state *state)
{
    struct aerogpu_cmd_set_depth_stencil_state *p;
    uint8_t *raw;
    aerocmd_result r;

    if (state == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_SET_DEPTH_STENCIL_STATE, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_depth_stencil_state *)raw;
    memcpy(&p->state, state, sizeof p->state);
    memset(p->state.reserved0, 0, sizeof p->state.reserved0);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_set_rasterizer_state(struct aerocmd_writer *w,
                                                   const struct aerogpu_rasterizer_state *state)
{
    struct aerogpu_cmd_set_rasterizer_state *p;
    uint8_t *raw;
    aerocmd_result r;

    if (state == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_SET_RASTERIZER_STATE, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_rasterizer_state *)raw;
    memcpy(&p->state, state, sizeof p->state);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_set_render_targets(struct aerocmd_writer *w, uint32_t color_count,
                                                 const aerogpu_handle_t *colors,
                                                 aerogpu_handle_t depth_stencil)
{
    struct aerogpu_cmd_set_render_targets *p;
    uint8_t *raw;
    aerocmd_result r;

    if (color_count > AEROGPU_MAX_RENDER_TARGETS || (colors == NULL && color_count != 0))
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_SET_RENDER_TARGETS, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_render_targets *)raw;
    p->color_count = color_count;
    p->depth_stencil = depth_stencil;
    if (color_count != 0)
        memcpy(p->colors, colors, color_count * sizeof colors[0]);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_set_viewport(struct aerocmd_writer *w, uint32_t x_f32, uint32_t y_f32,
                                           uint32_t width_f32, uint32_t height_f32,
                                           uint32_t min_depth_f32, uint32_t max_depth_f32)
{
    struct aerogpu_cmd_set_viewport *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_SET_VIEWPORT, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_viewport *)raw;
    p->x_f32 = x_f32;
    p->y_f32 = y_f32;
    p->width_f32 = width_f32;
    p->height_f32 = height_f32;
    p->min_depth_f32 = min_depth_f32;
    p->max_depth_f32 = max_depth_f32;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_set_scissor(struct aerocmd_writer *w, int32_t x, int32_t y,
                                          int32_t width, int32_t height)
{
    struct aerogpu_cmd_set_scissor *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_SET_SCISSOR, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_scissor *)raw;
    p->x = x;
    p->y = y;
    p->width = width;
    p->height = height;
    return AEROCMD_OK;
}

aerocmd_result
aerocmd_append_set_vertex_buffers(struct aerocmd_writer *w, uint32_t start_slot,
                                  uint32_t buffer_count,
                                  const struct aerogpu_vertex_buffer_binding *bindings)
{
    struct aerogpu_cmd_set_vertex_buffers *p;
    struct aerogpu_vertex_buffer_binding *out;
    uint32_t bytes, i;
    uint8_t *raw;
    aerocmd_result r;

    if (bindings == NULL && buffer_count != 0)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_writer_array_bytes(buffer_count, (uint32_t)sizeof *out, &bytes);
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_SET_VERTEX_BUFFERS, sizeof *p, bytes, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_vertex_buffers *)raw;
    p->start_slot = start_slot;
    p->buffer_count = buffer_count;
    out = (struct aerogpu_vertex_buffer_binding *)(raw + sizeof *p);
    for (i = 0; i < buffer_count; i++) {
        out[i].buffer = bindings[i].buffer;
        out[i].stride_bytes = bindings[i].stride_bytes;
        out[i].offset_bytes = bindings[i].offset_bytes;
        out[i].reserved0 = 0;
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_set_index_buffer(struct aerocmd_writer *w, aerogpu_handle_t buffer,
                                               uint32_t format, uint32_t offset_bytes)
{
    struct aerogpu_cmd_set_index_buffer *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_SET_INDEX_BUFFER, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_index_buffer *)raw;
    p->buffer = buffer;
    p->format = format;
    p->offset_bytes = offset_bytes;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_set_primitive_topology(struct aerocmd_writer *w, uint32_t topology)
{
    struct aerogpu_cmd_set_primitive_topology *p;
    uint8_t *raw;
    aerocmd_result r =
        aerocmd_writer_emplace(w, AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_primitive_topology *)raw;
    p->topology = topology;
    return AEROCMD_OK;
}
