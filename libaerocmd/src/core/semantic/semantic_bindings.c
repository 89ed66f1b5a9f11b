/* semantic_bindings.c — packets that bind objects into slots: each non-zero handle must be
 * live and of a kind the slot takes. */
#include "semantic_pass.h"

#include "../common/le_bytes.h"

aerocmd_result aerocmd_sem_bind_single(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    const void *fixed = aerocmd_sem_fixed(pass, &r);
    if (!fixed)
        return r;
    switch (pass->packet->opcode) {
    case AEROGPU_CMD_SET_INPUT_LAYOUT: {
        const struct aerogpu_cmd_set_input_layout *cmd = fixed;
        return aerocmd_sem_bind(pass, cmd->input_layout_handle,
                                AEROCMD_SEM_MASK(AEROCMD_SEM_INPUT_LAYOUT));
    }
    case AEROGPU_CMD_SET_INDEX_BUFFER: {
        const struct aerogpu_cmd_set_index_buffer *cmd = fixed;
        return aerocmd_sem_bind(pass, cmd->buffer, AEROCMD_SEM_ACCEPT_BUFFER);
    }
    case AEROGPU_CMD_SET_TEXTURE: {
        const struct aerogpu_cmd_set_texture *cmd = fixed;
        return aerocmd_sem_bind(pass, cmd->texture, AEROCMD_SEM_ACCEPT_TEXTURE_OR_VIEW);
    }
    default:
        return AEROCMD_OK;
    }
}

struct handle_array {
    uint32_t count;      /* as the packet's count field says */
    uint32_t elem_bytes; /* distance between handles */
    uint32_t accept;
};

/* All counted binding arrays keep the handle in the first word of each element: a bare
 * sampler handle, or {buffer, ...} of 16 bytes for vertex, constant, SRV and UAV buffers. */
static int describe_array(const struct aerocmd_packet *packet, const void *fixed,
                          struct handle_array *out)
{
    out->elem_bytes = 16;
    out->accept = AEROCMD_SEM_ACCEPT_BUFFER;
    switch (packet->opcode) {
    case AEROGPU_CMD_SET_VERTEX_BUFFERS:
        out->count = ((const struct aerogpu_cmd_set_vertex_buffers *)fixed)->buffer_count;
        return 1;
    case AEROGPU_CMD_SET_SAMPLERS:
        out->count = ((const struct aerogpu_cmd_set_samplers *)fixed)->sampler_count;
        out->elem_bytes = 4;
        out->accept = AEROCMD_SEM_MASK(AEROCMD_SEM_SAMPLER);
        return 1;
    case AEROGPU_CMD_SET_CONSTANT_BUFFERS:
        out->count = ((const struct aerogpu_cmd_set_constant_buffers *)fixed)->buffer_count;
        return 1;
    case AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS:
        out->count = ((const struct aerogpu_cmd_set_shader_resource_buffers *)fixed)->buffer_count;
        return 1;
    case AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS:
        out->count = ((const struct aerogpu_cmd_set_unordered_access_buffers *)fixed)->uav_count;
        return 1;
    default:
        return 0;
    }
}

aerocmd_result aerocmd_sem_bind_array(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct handle_array arr;
    const uint8_t *payload;
    uint32_t len = 0, i;
    const void *fixed = aerocmd_sem_fixed(pass, &r);
    if (!fixed || !describe_array(pass->packet, fixed, &arr) || arr.count == 0)
        return r;
    payload = aerocmd_packet_payload(pass->packet, &len, NULL);
    if (!payload || len / arr.elem_bytes < arr.count)
        return aerocmd_sem_packet_fail(pass, AEROCMD_R_PAYLOAD_LENGTH);
    for (i = 0; i < arr.count; i++) {
        uint32_t handle = aerocmd_load_u32(payload + (size_t)i * arr.elem_bytes);
        r = aerocmd_sem_bind(pass, handle, arr.accept);
        if (r != AEROCMD_OK)
            return r;
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_sem_set_render_targets(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    uint32_t i, count;
    const struct aerogpu_cmd_set_render_targets *cmd = aerocmd_sem_fixed(pass, &r);
    if (!cmd)
        return r;
    count = cmd->color_count < AEROGPU_MAX_RENDER_TARGETS ? cmd->color_count
                                                          : AEROGPU_MAX_RENDER_TARGETS;
    for (i = 0; i < count; i++) {
        r = aerocmd_sem_bind(pass, cmd->colors[i], AEROCMD_SEM_ACCEPT_TEXTURE_OR_VIEW);
        if (r != AEROCMD_OK)
            return r;
    }
    return aerocmd_sem_bind(pass, cmd->depth_stencil, AEROCMD_SEM_ACCEPT_TEXTURE_OR_VIEW);
}
