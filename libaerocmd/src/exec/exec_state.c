/* SPDX-License-Identifier: MIT */
/* exec_state.c — the packets that only change state: blend / depth / rasterizer, render
 * targets, viewport and scissor, the input assembler, binding tables and samplers. Handles
 * named by a binding are checked when bound (an unknown one is refused); what a binding
 * means for a shader is decided at draw time (exec_descriptors.c). */
#include <stdlib.h>
#include <string.h>

#include "exec_internal.h"

void aerocmd_priv_exec_state_reset(struct exec_state *state)
{
    uint32_t i;
    memset(state, 0, sizeof(*state));
    /* Direct3D 10/11 defaults: blending off, all channels written, all samples, blend factor
     * 1; depth test on with LESS and writes; solid fill, back-face culling, clockwise front
     * faces. */
    state->blend.src_factor = state->blend.src_factor_alpha = AEROGPU_BLEND_ONE;
    state->blend.dst_factor = state->blend.dst_factor_alpha = AEROGPU_BLEND_ZERO;
    state->blend.color_write_mask = 0xF;
    state->blend.sample_mask = 0xFFFFFFFFu;
    for (i = 0; i < 4; i++)
        state->blend.blend_constant_rgba_f32[i] = 0x3F800000u; /* 1.0f */
    state->depth.depth_enable = 1;
    state->depth.depth_write_enable = 1;
    state->depth.depth_func = AEROGPU_COMPARE_LESS;
    state->depth.stencil_read_mask = state->depth.stencil_write_mask = 0xFF;
    state->raster.fill_mode = AEROGPU_FILL_SOLID;
    state->raster.cull_mode = AEROGPU_CULL_BACK;
    for (i = 0; i < EXEC_STAGES; i++)
        state->stages[i].table_dirty = state->stages[i].samplers_dirty = 1;
}

int aerocmd_priv_exec_packet_stage(struct exec_ctx *ctx)
{
    struct aerocmd_stage st;
    if (!aerocmd_packet_stage(ctx->stream, ctx->packet, &st)) {
        aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_PACKET_TOO_SHORT,
                               "no stage field");
        return -1;
    }
    switch (st.stage) {
    case AEROGPU_SHADER_STAGE_VERTEX:
        return EXEC_VS;
    case AEROGPU_SHADER_STAGE_PIXEL:
        return EXEC_PS;
    case AEROGPU_SHADER_STAGE_GEOMETRY:
        return EXEC_GS;
    case AEROGPU_SHADER_STAGE_COMPUTE:
        if (st.stage_ex == 0 || st.stage_ex == AEROGPU_SHADER_STAGE_EX_COMPUTE)
            return EXEC_CS;
        if (st.stage_ex == AEROGPU_SHADER_STAGE_EX_GEOMETRY)
            return EXEC_GS;
        aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                               "bindings of the hull and domain stages: this executor runs no "
                               "tessellation");
        return -1;
    default:
        aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_ENUM_RANGE, "stage %u",
                               st.stage);
        return -1;
    }
}

/* Direct3D 11 binds targets whose views have one width, height and array size (the
 * semantic pass refuses others first; this holds when it could not track the stream). */
static aerocmd_result same_extent(struct exec_ctx *ctx, uint32_t h,
                                  const struct exec_texture_ref *ref, uint32_t first[4])
{
    uint32_t w = ref->res->tex.width >> ref->base_mip, ht = ref->res->tex.height >> ref->base_mip;
    w += w == 0, ht += ht == 0;
    if (first[0] == 0) {
        first[0] = h, first[1] = w, first[2] = ht, first[3] = ref->layer_count;
        return AEROCMD_OK;
    }
    if (w == first[1] && ht == first[2] && ref->layer_count == first[3])
        return AEROCMD_OK;
    return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_TARGET_SIZE_MISMATCH,
                                  "h:%u is %ux%u with %u layers, h:%u %ux%u with %u: Direct3D "
                                  "binds targets of one size",
                                  h, w, ht, ref->layer_count, first[0], first[1], first[2],
                                  first[3]);
}

static aerocmd_result targets_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_set_render_targets *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_set_render_targets, AEROGPU_CMD_SET_RENDER_TARGETS);
    struct exec_texture_ref ref;
    uint32_t i, first[4] = {0, 0, 0, 0};
    aerocmd_result r;
    if (p->color_count > EXEC_MAX_RTS)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "color_count %u", p->color_count);
    for (i = 0; i < EXEC_MAX_RTS + 1u; i++) {
        uint32_t h = i < EXEC_MAX_RTS ? p->colors[i] : p->depth_stencil;
        if (i < EXEC_MAX_RTS && i >= p->color_count && h != 0)
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                          "colors[%u] = h:%u past color_count %u", i, h,
                                          p->color_count);
        if (h != 0 && aerocmd_priv_exec_texture_ref(ctx->ex, h, &ref) != 0)
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_KIND,
                                          "target h:%u is not a live texture or view", h);
        if (h != 0 && (r = same_extent(ctx, h, &ref, first)) != AEROCMD_OK)
            return r;
    }
    ctx->ex->state.rt_count = p->color_count;
    memcpy(ctx->ex->state.rts, p->colors, sizeof(p->colors));
    ctx->ex->state.dsv = p->depth_stencil;
    return AEROCMD_OK;
}

static float f32(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

static aerocmd_result vertex_buffers_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_set_vertex_buffers *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_set_vertex_buffers, AEROGPU_CMD_SET_VERTEX_BUFFERS);
    uint32_t len = 0, count = 0, i;
    const uint8_t *at = aerocmd_packet_payload(ctx->packet, &len, &count);
    if (at == NULL || p->start_slot > EXEC_MAX_VBS || count > EXEC_MAX_VBS - p->start_slot)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "slots %u+%u (Direct3D has 32)", p->start_slot, count);
    for (i = 0; i < count; i++) {
        struct aerogpu_vertex_buffer_binding b;
        memcpy(&b, at + (size_t)i * sizeof(b), sizeof(b));
        if (b.buffer != 0 &&
            aerocmd_priv_exec_need(ctx, b.buffer, EXEC_OBJ_BUFFER, "the vertex buffer") == NULL)
            return ctx->err->result;
        ctx->ex->state.vbs[p->start_slot + i] = b;
    }
    return AEROCMD_OK;
}

static aerocmd_result index_buffer_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_set_index_buffer *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_set_index_buffer, AEROGPU_CMD_SET_INDEX_BUFFER);
    if (p->buffer != 0 &&
        aerocmd_priv_exec_need(ctx, p->buffer, EXEC_OBJ_BUFFER, "the index buffer") == NULL)
        return ctx->err->result;
    if (p->format > AEROGPU_INDEX_FORMAT_UINT32)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_ENUM_RANGE,
                                      "index format %u", p->format);
    ctx->ex->state.ib = p->buffer;
    ctx->ex->state.ib_format = p->format;
    ctx->ex->state.ib_offset = p->offset_bytes;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_state_packet(struct exec_ctx *ctx)
{
    struct exec_state *s = &ctx->ex->state;
    const struct aerocmd_packet *pk = ctx->packet;
    switch (pk->opcode) {
    case AEROGPU_CMD_SET_BLEND_STATE:
        s->blend = AEROCMD_VIEW(pk, aerogpu_cmd_set_blend_state, pk->opcode)->state;
        return AEROCMD_OK;
    case AEROGPU_CMD_SET_DEPTH_STENCIL_STATE:
        s->depth = AEROCMD_VIEW(pk, aerogpu_cmd_set_depth_stencil_state, pk->opcode)->state;
        return AEROCMD_OK;
    case AEROGPU_CMD_SET_RASTERIZER_STATE:
        s->raster = AEROCMD_VIEW(pk, aerogpu_cmd_set_rasterizer_state, pk->opcode)->state;
        return AEROCMD_OK;
    case AEROGPU_CMD_SET_RENDER_TARGETS:
        return targets_packet(ctx);
    case AEROGPU_CMD_SET_VIEWPORT: {
        const struct aerogpu_cmd_set_viewport *v =
            AEROCMD_VIEW(pk, aerogpu_cmd_set_viewport, pk->opcode);
        s->viewport[0] = f32(v->x_f32), s->viewport[1] = f32(v->y_f32);
        s->viewport[2] = f32(v->width_f32), s->viewport[3] = f32(v->height_f32);
        s->viewport[4] = f32(v->min_depth_f32), s->viewport[5] = f32(v->max_depth_f32);
        s->viewport_set = 1;
        return AEROCMD_OK;
    }
    case AEROGPU_CMD_SET_SCISSOR: {
        const struct aerogpu_cmd_set_scissor *c =
            AEROCMD_VIEW(pk, aerogpu_cmd_set_scissor, pk->opcode);
        s->scissor[0] = c->x, s->scissor[1] = c->y, s->scissor[2] = c->width;
        s->scissor[3] = c->height;
        s->scissor_set = 1;
        return AEROCMD_OK;
    }
    case AEROGPU_CMD_SET_VERTEX_BUFFERS:
        return vertex_buffers_packet(ctx);
    case AEROGPU_CMD_SET_INDEX_BUFFER:
        return index_buffer_packet(ctx);
    case AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY:
        s->topology = AEROCMD_VIEW(pk, aerogpu_cmd_set_primitive_topology, pk->opcode)->topology;
        return AEROCMD_OK;
    default:
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                      "not a state packet");
    }
}

/* ---- binding tables -------------------------------------------------------------------------- */

static aerocmd_result texture_packet(struct exec_ctx *ctx, struct exec_stage_bind *sb)
{
    const struct aerogpu_cmd_set_texture *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_set_texture, AEROGPU_CMD_SET_TEXTURE);
    struct exec_texture_ref ref;
    if (p->slot >= EXEC_MAX_SRVS)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "slot t%u (Direct3D has 128)", p->slot);
    if (p->texture != 0 && aerocmd_priv_exec_texture_ref(ctx->ex, p->texture, &ref) != 0)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_KIND,
                                      "h:%u is not a live texture or view", p->texture);
    sb->srvs[p->slot].handle = p->texture;
    sb->srvs[p->slot].is_buffer = 0;
    sb->table_dirty = 1;
    return AEROCMD_OK;
}

/* Start slot and element count of a counted binding packet, checked against `slots`. */
static const uint8_t *binding_array(struct exec_ctx *ctx, uint32_t start, uint32_t slots,
                                    uint32_t *count)
{
    uint32_t len = 0;
    const uint8_t *at = aerocmd_packet_payload(ctx->packet, &len, count);
    if (at == NULL || start > slots || *count > slots - start) {
        aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                               "slots %u+%u outside the stage's %u", start, *count, slots);
        return NULL;
    }
    return at;
}

static aerocmd_result samplers_packet(struct exec_ctx *ctx, struct exec_stage_bind *sb)
{
    const struct aerogpu_cmd_set_samplers *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_set_samplers, AEROGPU_CMD_SET_SAMPLERS);
    uint32_t count = 0, i;
    const uint8_t *at = binding_array(ctx, p->start_slot, EXEC_MAX_SAMPLERS, &count);
    if (at == NULL)
        return ctx->err->result;
    for (i = 0; i < count; i++) {
        uint32_t h;
        memcpy(&h, at + 4u * i, 4);
        if (h != 0 && aerocmd_priv_exec_need(ctx, h, EXEC_OBJ_SAMPLER, "the sampler") == NULL)
            return ctx->err->result;
        sb->samplers[p->start_slot + i] = h;
    }
    sb->samplers_dirty = 1;
    return AEROCMD_OK;
}

/* SET_CONSTANT_BUFFERS, SET_SHADER_RESOURCE_BUFFERS and SET_UNORDERED_ACCESS_BUFFERS share
 * their layout: stage, start slot, count, then 16-byte {buffer, offset, size, x} entries. */
static aerocmd_result ranges_packet(struct exec_ctx *ctx, struct exec_stage_bind *sb,
                                    enum exec_stage stage)
{
    const struct aerogpu_cmd_set_constant_buffers *p =
        (const struct aerogpu_cmd_set_constant_buffers *)ctx->packet->bytes;
    uint32_t op = ctx->packet->opcode, count = 0, i;
    uint32_t slots = op == AEROGPU_CMD_SET_CONSTANT_BUFFERS          ? EXEC_MAX_CBS
                     : op == AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS ? EXEC_MAX_SRVS
                                                                     : EXEC_MAX_UAVS;
    const uint8_t *at = binding_array(ctx, p->start_slot, slots, &count);
    if (at == NULL)
        return ctx->err->result;
    if (op == AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS && stage != EXEC_CS && count != 0)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                      "unordered-access views outside the compute stage");
    for (i = 0; i < count; i++) {
        struct aerogpu_constant_buffer_binding b;
        uint32_t slot = p->start_slot + i;
        memcpy(&b, at + 16u * i, sizeof(b));
        if (b.buffer != 0 &&
            aerocmd_priv_exec_need(ctx, b.buffer, EXEC_OBJ_BUFFER, "the bound buffer") == NULL)
            return ctx->err->result;
        if (op == AEROGPU_CMD_SET_CONSTANT_BUFFERS) {
            sb->cbs[slot].handle = b.buffer, sb->cbs[slot].offset = b.offset_bytes;
            sb->cbs[slot].size = b.size_bytes;
        } else if (op == AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS) {
            sb->srvs[slot].handle = b.buffer, sb->srvs[slot].is_buffer = 1;
            sb->srvs[slot].offset = b.offset_bytes, sb->srvs[slot].size = b.size_bytes;
        } else {
            sb->uavs[slot].handle = b.buffer, sb->uavs[slot].offset = b.offset_bytes;
            sb->uavs[slot].size = b.size_bytes;
        }
    }
    sb->table_dirty = 1;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_binding_packet(struct exec_ctx *ctx)
{
    int stage = aerocmd_priv_exec_packet_stage(ctx);
    struct exec_stage_bind *sb;
    if (stage < 0)
        return ctx->err->result;
    sb = &ctx->ex->state.stages[stage];
    switch (ctx->packet->opcode) {
    case AEROGPU_CMD_SET_TEXTURE:
        return texture_packet(ctx, sb);
    case AEROGPU_CMD_SET_SAMPLERS:
        return samplers_packet(ctx, sb);
    default:
        return ranges_packet(ctx, sb, (enum exec_stage)stage);
    }
}

aerocmd_result aerocmd_priv_exec_sampler_packet(struct exec_ctx *ctx)
{
    struct exec_sampler *s;
    struct exec_object *o;
    if (ctx->packet->opcode == AEROGPU_CMD_DESTROY_SAMPLER) {
        const struct aerogpu_cmd_destroy_sampler *d =
            AEROCMD_VIEW(ctx->packet, aerogpu_cmd_destroy_sampler, AEROGPU_CMD_DESTROY_SAMPLER);
        o = aerocmd_priv_exec_need(ctx, d->sampler_handle, EXEC_OBJ_SAMPLER, "DESTROY_SAMPLER's");
        if (o == NULL)
            return ctx->err->result;
        aerocmd_priv_exec_unbind_everywhere(ctx->ex, d->sampler_handle);
        aerocmd_priv_exec_uncharge(ctx->ex, EXEC_OBJECT_BYTES);
        free(o->u.sampler);
        aerocmd_priv_exec_remove(&ctx->ex->objects, o);
        return AEROCMD_OK;
    } else {
        const struct aerogpu_cmd_create_sampler *c =
            AEROCMD_VIEW(ctx->packet, aerogpu_cmd_create_sampler, AEROGPU_CMD_CREATE_SAMPLER);
        aerocmd_result r = aerocmd_priv_exec_check_new(ctx, c->sampler_handle);
        if (r != AEROCMD_OK)
            return r;
        if (c->filter > AEROGPU_SAMPLER_FILTER_LINEAR ||
            c->address_u > AEROGPU_SAMPLER_ADDRESS_MIRROR_REPEAT ||
            c->address_v > AEROGPU_SAMPLER_ADDRESS_MIRROR_REPEAT ||
            c->address_w > AEROGPU_SAMPLER_ADDRESS_MIRROR_REPEAT)
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_ENUM_RANGE,
                                          "filter %u / address modes %u %u %u", c->filter,
                                          c->address_u, c->address_v, c->address_w);
        if ((r = aerocmd_priv_exec_charge(ctx, EXEC_OBJECT_BYTES, "a sampler")) != AEROCMD_OK)
            return r;
        s = calloc(1, sizeof(*s));
        if (s == NULL || aerocmd_priv_exec_insert(&ctx->ex->objects, c->sampler_handle,
                                                  EXEC_OBJ_SAMPLER, s) != 0) {
            free(s);
            aerocmd_priv_exec_uncharge(ctx->ex, EXEC_OBJECT_BYTES);
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                          "no memory for a sampler");
        }
        s->filter = c->filter, s->address_u = c->address_u;
        s->address_v = c->address_v, s->address_w = c->address_w;
        return AEROCMD_OK;
    }
}
