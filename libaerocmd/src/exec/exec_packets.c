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

aerocmd_result aerocmd_priv_exec_packet(struct exec_ctx *ctx)
{
    const struct aerocmd_opcode_info *info = aerocmd_opcode_info(ctx->packet->opcode);
    /* Structural validation ran first; this keeps every handler's fixed view non-NULL even
     * if it had not. */
    if (info != NULL && ctx->packet->size_bytes < info->fixed_size)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_PACKET_TOO_SHORT,
                                      "%u bytes, shorter than the packet's %u",
                                      ctx->packet->size_bytes, info->fixed_size);
    switch (ctx->packet->opcode) {
    case AEROGPU_CMD_NOP:
    case AEROGPU_CMD_DEBUG_MARKER:
    case AEROGPU_CMD_FLUSH:
        return AEROCMD_OK;
    case AEROGPU_CMD_CREATE_BUFFER:
        return aerocmd_priv_exec_create_buffer_packet(ctx);
    case AEROGPU_CMD_CREATE_TEXTURE2D:
        return aerocmd_priv_exec_create_texture_packet(ctx);
    case AEROGPU_CMD_DESTROY_RESOURCE:
        return aerocmd_priv_exec_destroy_resource_packet(ctx);
    case AEROGPU_CMD_RESOURCE_DIRTY_RANGE:
        return aerocmd_priv_exec_dirty_packet(ctx);
    case AEROGPU_CMD_UPLOAD_RESOURCE:
        return aerocmd_priv_exec_upload_packet(ctx);
    case AEROGPU_CMD_COPY_BUFFER:
        return aerocmd_priv_exec_copy_buffer_packet(ctx);
    case AEROGPU_CMD_COPY_TEXTURE2D:
        return aerocmd_priv_exec_copy_texture_packet(ctx);
    case AEROGPU_CMD_CREATE_TEXTURE_VIEW:
        return aerocmd_priv_exec_create_view_packet(ctx);
    case AEROGPU_CMD_DESTROY_TEXTURE_VIEW:
        return aerocmd_priv_exec_destroy_view_packet(ctx);
    case AEROGPU_CMD_CREATE_SHADER_DXBC:
        return aerocmd_priv_exec_create_shader_packet(ctx);
    case AEROGPU_CMD_DESTROY_SHADER:
        return aerocmd_priv_exec_destroy_shader_packet(ctx);
    case AEROGPU_CMD_BIND_SHADERS:
        return aerocmd_priv_exec_bind_shaders_packet(ctx);
    case AEROGPU_CMD_CREATE_INPUT_LAYOUT:
        return aerocmd_priv_exec_create_layout_packet(ctx);
    case AEROGPU_CMD_DESTROY_INPUT_LAYOUT:
        return aerocmd_priv_exec_destroy_layout_packet(ctx);
    case AEROGPU_CMD_SET_INPUT_LAYOUT:
        return aerocmd_priv_exec_set_layout_packet(ctx);
    case AEROGPU_CMD_SET_SHADER_CONSTANTS_F:
    case AEROGPU_CMD_SET_SHADER_CONSTANTS_I:
    case AEROGPU_CMD_SET_SHADER_CONSTANTS_B:
    case AEROGPU_CMD_SET_SAMPLER_STATE:
    case AEROGPU_CMD_SET_RENDER_STATE:
        return refuse_d3d9(ctx);
    case AEROGPU_CMD_SET_BLEND_STATE:
    case AEROGPU_CMD_SET_DEPTH_STENCIL_STATE:
    case AEROGPU_CMD_SET_RASTERIZER_STATE:
    case AEROGPU_CMD_SET_RENDER_TARGETS:
    case AEROGPU_CMD_SET_VIEWPORT:
    case AEROGPU_CMD_SET_SCISSOR:
    case AEROGPU_CMD_SET_VERTEX_BUFFERS:
    case AEROGPU_CMD_SET_INDEX_BUFFER:
    case AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY:
        return aerocmd_priv_exec_state_packet(ctx);
    case AEROGPU_CMD_SET_TEXTURE:
    case AEROGPU_CMD_SET_SAMPLERS:
    case AEROGPU_CMD_SET_CONSTANT_BUFFERS:
    case AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS:
    case AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS:
        return aerocmd_priv_exec_binding_packet(ctx);
    case AEROGPU_CMD_CREATE_SAMPLER:
    case AEROGPU_CMD_DESTROY_SAMPLER:
        return aerocmd_priv_exec_sampler_packet(ctx);
    case AEROGPU_CMD_CLEAR:
        return aerocmd_priv_exec_clear_packet(ctx);
    case AEROGPU_CMD_DRAW:
    case AEROGPU_CMD_DRAW_INDEXED:
        return aerocmd_priv_exec_draw_packet(ctx);
    case AEROGPU_CMD_DISPATCH:
        return aerocmd_priv_exec_dispatch_packet(ctx);
    case AEROGPU_CMD_PRESENT:
    case AEROGPU_CMD_PRESENT_EX:
        return aerocmd_priv_exec_present_packet(ctx);
    case AEROGPU_CMD_EXPORT_SHARED_SURFACE:
        return aerocmd_priv_exec_export_packet(ctx);
    case AEROGPU_CMD_IMPORT_SHARED_SURFACE:
        return aerocmd_priv_exec_import_packet(ctx);
    case AEROGPU_CMD_RELEASE_SHARED_SURFACE:
        return aerocmd_priv_exec_release_packet(ctx);
    default:
        return AEROCMD_OK; /* a newer minor's packet: skipped by size */
    }
}
