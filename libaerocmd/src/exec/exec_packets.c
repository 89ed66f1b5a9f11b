/* SPDX-License-Identifier: MIT */
/* exec_packets.c — one handler per opcode of ABI 1.4. Unknown opcodes are skipped, as
 * RULES.md asks of every decoder; the D3D9 register and state packets are refused (their
 * meaning needs the D3D9 pipeline, which a Direct3D 10/11 executor does not have). */
#include "exec_internal.h"

static aerocmd_result refuse_d3d9(struct exec_ctx *ctx)
{
    return aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                  "D3D9 register/state packets need the D3D9 pipeline; this "
                                  "executor runs Direct3D 10/11 streams");
}

static aerocmd_result nothing(struct exec_ctx *ctx)
{
    (void)ctx;
    return AEROCMD_OK;
}

struct handler {
    uint32_t opcode;
    aerocmd_result (*run)(struct exec_ctx *ctx);
};

static const struct handler handlers[] = {
    {AEROGPU_CMD_NOP, nothing},
    {AEROGPU_CMD_DEBUG_MARKER, nothing},
    {AEROGPU_CMD_CREATE_BUFFER, aerocmd_priv_exec_create_buffer_packet},
    {AEROGPU_CMD_CREATE_TEXTURE2D, aerocmd_priv_exec_create_texture_packet},
    {AEROGPU_CMD_DESTROY_RESOURCE, aerocmd_priv_exec_destroy_resource_packet},
    {AEROGPU_CMD_RESOURCE_DIRTY_RANGE, aerocmd_priv_exec_dirty_packet},
    {AEROGPU_CMD_UPLOAD_RESOURCE, aerocmd_priv_exec_upload_packet},
    {AEROGPU_CMD_COPY_BUFFER, aerocmd_priv_exec_copy_buffer_packet},
    {AEROGPU_CMD_COPY_TEXTURE2D, aerocmd_priv_exec_copy_texture_packet},
    {AEROGPU_CMD_CREATE_TEXTURE_VIEW, aerocmd_priv_exec_create_view_packet},
    {AEROGPU_CMD_DESTROY_TEXTURE_VIEW, aerocmd_priv_exec_destroy_view_packet},
    {AEROGPU_CMD_CREATE_SHADER_DXBC, aerocmd_priv_exec_create_shader_packet},
    {AEROGPU_CMD_DESTROY_SHADER, aerocmd_priv_exec_destroy_shader_packet},
    {AEROGPU_CMD_BIND_SHADERS, aerocmd_priv_exec_bind_shaders_packet},
    {AEROGPU_CMD_SET_SHADER_CONSTANTS_F, refuse_d3d9},
    {AEROGPU_CMD_CREATE_INPUT_LAYOUT, aerocmd_priv_exec_create_layout_packet},
    {AEROGPU_CMD_DESTROY_INPUT_LAYOUT, aerocmd_priv_exec_destroy_layout_packet},
    {AEROGPU_CMD_SET_INPUT_LAYOUT, aerocmd_priv_exec_set_layout_packet},
    {AEROGPU_CMD_SET_SHADER_CONSTANTS_I, refuse_d3d9},
    {AEROGPU_CMD_SET_SHADER_CONSTANTS_B, refuse_d3d9},
    {AEROGPU_CMD_SET_BLEND_STATE, aerocmd_priv_exec_state_packet},
    {AEROGPU_CMD_SET_DEPTH_STENCIL_STATE, aerocmd_priv_exec_state_packet},
    {AEROGPU_CMD_SET_RASTERIZER_STATE, aerocmd_priv_exec_state_packet},
    {AEROGPU_CMD_SET_RENDER_TARGETS, aerocmd_priv_exec_state_packet},
    {AEROGPU_CMD_SET_VIEWPORT, aerocmd_priv_exec_state_packet},
    {AEROGPU_CMD_SET_SCISSOR, aerocmd_priv_exec_state_packet},
    {AEROGPU_CMD_SET_VERTEX_BUFFERS, aerocmd_priv_exec_state_packet},
    {AEROGPU_CMD_SET_INDEX_BUFFER, aerocmd_priv_exec_state_packet},
    {AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY, aerocmd_priv_exec_state_packet},
    {AEROGPU_CMD_SET_TEXTURE, aerocmd_priv_exec_binding_packet},
    {AEROGPU_CMD_SET_SAMPLER_STATE, refuse_d3d9},
    {AEROGPU_CMD_SET_RENDER_STATE, refuse_d3d9},
    {AEROGPU_CMD_CREATE_SAMPLER, aerocmd_priv_exec_sampler_packet},
    {AEROGPU_CMD_DESTROY_SAMPLER, aerocmd_priv_exec_sampler_packet},
    {AEROGPU_CMD_SET_SAMPLERS, aerocmd_priv_exec_binding_packet},
    {AEROGPU_CMD_SET_CONSTANT_BUFFERS, aerocmd_priv_exec_binding_packet},
    {AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, aerocmd_priv_exec_binding_packet},
    {AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, aerocmd_priv_exec_binding_packet},
    {AEROGPU_CMD_CLEAR, aerocmd_priv_exec_clear_packet},
    {AEROGPU_CMD_DRAW, aerocmd_priv_exec_draw_packet},
    {AEROGPU_CMD_DRAW_INDEXED, aerocmd_priv_exec_draw_packet},
    {AEROGPU_CMD_DISPATCH, aerocmd_priv_exec_dispatch_packet},
    {AEROGPU_CMD_PRESENT, aerocmd_priv_exec_present_packet},
    {AEROGPU_CMD_PRESENT_EX, aerocmd_priv_exec_present_packet},
    {AEROGPU_CMD_EXPORT_SHARED_SURFACE, aerocmd_priv_exec_export_packet},
    {AEROGPU_CMD_IMPORT_SHARED_SURFACE, aerocmd_priv_exec_import_packet},
    {AEROGPU_CMD_RELEASE_SHARED_SURFACE, aerocmd_priv_exec_release_packet},
    {AEROGPU_CMD_FLUSH, nothing},
};

aerocmd_result aerocmd_priv_exec_packet(struct exec_ctx *ctx)
{
    const struct aerocmd_opcode_info *info = aerocmd_opcode_info(ctx->packet->opcode);
    size_t i;
    /* Structural validation ran first; this keeps every handler's fixed view non-NULL even
     * if it had not. */
    if (info != NULL && ctx->packet->size_bytes < info->fixed_size)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_PACKET_TOO_SHORT,
                                      "%u bytes, shorter than the packet's %u",
                                      ctx->packet->size_bytes, info->fixed_size);
    for (i = 0; i < sizeof(handlers) / sizeof(handlers[0]); i++)
        if (handlers[i].opcode == ctx->packet->opcode)
            return handlers[i].run(ctx);
    return AEROCMD_OK; /* a newer minor's packet: skipped by size */
}
