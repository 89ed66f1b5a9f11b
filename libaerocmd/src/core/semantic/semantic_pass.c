/* SPDX-License-Identifier: MIT */
/* semantic_pass.c — walking a stream through the semantic tracker, and the helpers shared by
 * the packet handlers. */
#include "semantic_pass.h"

#include <stddef.h>

#include "../common/le_bytes.h"

aerocmd_result aerocmd_priv_sem_packet_fail(const struct aerocmd_sem_pass *pass,
                                            aerocmd_reason reason)
{
    return aerocmd_diag_fail(pass->diag, reason, pass->packet->offset, pass->packet->opcode);
}

void aerocmd_priv_sem_refuse_handle(const struct aerocmd_sem_pass *pass,
                                    const struct aerocmd_sem_record *rec)
{
    aerocmd_priv_sem_packet_fail(pass, rec ? AEROCMD_R_HANDLE_KIND : AEROCMD_R_HANDLE_UNKNOWN);
}

aerocmd_result aerocmd_priv_sem_check_new(const struct aerocmd_sem_pass *pass, uint32_t handle)
{
    if (handle == 0)
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_HANDLE_ZERO);
    if (aerocmd_sem_lookup(pass->st, AEROCMD_SEM_ROLE_OBJECT, handle))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_HANDLE_EXISTS);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_sem_add(const struct aerocmd_sem_pass *pass, uint8_t role, uint64_t key,
                                    struct aerocmd_sem_record **out)
{
    struct aerocmd_sem_record *rec = aerocmd_priv_sem_insert(pass->st, role, key);
    if (!rec) {
        aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_TRACKER_FULL);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    *out = rec;
    return AEROCMD_OK;
}

const void *aerocmd_priv_sem_fixed(const struct aerocmd_sem_pass *pass, aerocmd_result *result)
{
    const void *fixed = aerocmd_packet_fixed(pass->packet, pass->packet->opcode);
    *result = fixed ? AEROCMD_OK : aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_PACKET_TOO_SHORT);
    return fixed;
}

int aerocmd_priv_sem_find_alloc(const struct aerocmd_sem_pass *pass, uint32_t alloc_id,
                                struct aerogpu_alloc_entry *entry)
{
    return aerocmd_alloc_table_find(pass->allocs, alloc_id, entry);
}

int aerocmd_priv_sem_guest_bytes_fit(const struct aerocmd_sem_record *rec,
                                     const struct aerogpu_alloc_entry *entry, uint64_t offset,
                                     uint64_t size)
{
    uint64_t limit = entry->size_bytes;
    if (rec->backing_offset_bytes > limit || offset > limit - rec->backing_offset_bytes)
        return 0;
    offset += rec->backing_offset_bytes;
    return size <= limit && offset <= limit - size;
}

int aerocmd_priv_sem_range_fits(const struct aerocmd_sem_record *rec, uint64_t offset,
                                uint64_t size)
{
    if (rec->kind == AEROCMD_SEM_UNTYPED_RESOURCE)
        return 1;
    return size <= rec->size_bytes && offset <= rec->size_bytes - size;
}

/* ---- dispatch: the protocol numbers opcodes in blocks of 0x100 by area, so a switch on
 * the block and a dense switch inside it find a handler in two table jumps ---- */

/* 0x1xx: resources, their contents and copies */
static aerocmd_result check_resource_packet(const struct aerocmd_sem_pass *pass, uint32_t opcode)
{
    switch (opcode) {
    case AEROGPU_CMD_CREATE_BUFFER:
        return aerocmd_priv_sem_create_buffer(pass);
    case AEROGPU_CMD_CREATE_TEXTURE2D:
        return aerocmd_priv_sem_create_texture2d(pass);
    case AEROGPU_CMD_DESTROY_RESOURCE:
        return aerocmd_priv_sem_destroy_resource(pass);
    case AEROGPU_CMD_RESOURCE_DIRTY_RANGE:
        return aerocmd_priv_sem_dirty_range(pass);
    case AEROGPU_CMD_UPLOAD_RESOURCE:
        return aerocmd_priv_sem_upload_resource(pass);
    case AEROGPU_CMD_COPY_BUFFER:
        return aerocmd_priv_sem_copy_buffer(pass);
    case AEROGPU_CMD_COPY_TEXTURE2D:
        return aerocmd_priv_sem_copy_texture2d(pass);
    case AEROGPU_CMD_CREATE_TEXTURE_VIEW:
        return aerocmd_priv_sem_create_texture_view(pass);
    case AEROGPU_CMD_DESTROY_TEXTURE_VIEW:
        return aerocmd_priv_sem_destroy_texture_view(pass);
    default:
        return AEROCMD_OK;
    }
}

/* 0x2xx: shaders and input layouts */
static aerocmd_result check_shader_packet(const struct aerocmd_sem_pass *pass, uint32_t opcode)
{
    switch (opcode) {
    case AEROGPU_CMD_CREATE_SHADER_DXBC:
        return aerocmd_priv_sem_create_shader(pass);
    case AEROGPU_CMD_DESTROY_SHADER:
        return aerocmd_priv_sem_destroy_simple(pass, AEROCMD_SEM_SHADER);
    case AEROGPU_CMD_BIND_SHADERS:
        return aerocmd_priv_sem_bind_shaders(pass);
    case AEROGPU_CMD_CREATE_INPUT_LAYOUT:
        return aerocmd_priv_sem_create_simple(pass, AEROCMD_SEM_INPUT_LAYOUT);
    case AEROGPU_CMD_DESTROY_INPUT_LAYOUT:
        return aerocmd_priv_sem_destroy_simple(pass, AEROCMD_SEM_INPUT_LAYOUT);
    case AEROGPU_CMD_SET_INPUT_LAYOUT:
        return aerocmd_sem_bind_single(
            pass, AEROCMD_SEM_HANDLE_AT(aerogpu_cmd_set_input_layout, input_layout_handle),
            AEROCMD_SEM_MASK(AEROCMD_SEM_INPUT_LAYOUT));
    default:
        return AEROCMD_OK;
    }
}

/* 0x5xx: vertex and index buffers, textures, samplers and shader buffers */
static aerocmd_result check_binding_packet(const struct aerocmd_sem_pass *pass, uint32_t opcode)
{
    switch (opcode) {
    case AEROGPU_CMD_SET_VERTEX_BUFFERS:
        return aerocmd_sem_bind_array(
            pass, AEROCMD_SEM_COUNT_AT(aerogpu_cmd_set_vertex_buffers, buffer_count),
            (uint32_t)sizeof(struct aerogpu_vertex_buffer_binding), AEROCMD_SEM_ACCEPT_BUFFER);
    case AEROGPU_CMD_SET_INDEX_BUFFER:
        return aerocmd_sem_bind_single(pass,
                                       AEROCMD_SEM_HANDLE_AT(aerogpu_cmd_set_index_buffer, buffer),
                                       AEROCMD_SEM_ACCEPT_BUFFER);
    case AEROGPU_CMD_SET_TEXTURE:
        return aerocmd_sem_bind_single(pass,
                                       AEROCMD_SEM_HANDLE_AT(aerogpu_cmd_set_texture, texture),
                                       AEROCMD_SEM_ACCEPT_TEXTURE_OR_VIEW);
    case AEROGPU_CMD_CREATE_SAMPLER:
        return aerocmd_priv_sem_create_simple(pass, AEROCMD_SEM_SAMPLER);
    case AEROGPU_CMD_DESTROY_SAMPLER:
        return aerocmd_priv_sem_destroy_simple(pass, AEROCMD_SEM_SAMPLER);
    case AEROGPU_CMD_SET_SAMPLERS:
        return aerocmd_sem_bind_array(
            pass, AEROCMD_SEM_COUNT_AT(aerogpu_cmd_set_samplers, sampler_count),
            (uint32_t)sizeof(aerogpu_handle_t), AEROCMD_SEM_MASK(AEROCMD_SEM_SAMPLER));
    case AEROGPU_CMD_SET_CONSTANT_BUFFERS:
        return aerocmd_sem_bind_array(
            pass, AEROCMD_SEM_COUNT_AT(aerogpu_cmd_set_constant_buffers, buffer_count),
            (uint32_t)sizeof(struct aerogpu_constant_buffer_binding), AEROCMD_SEM_ACCEPT_BUFFER);
    case AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS:
        return aerocmd_sem_bind_array(
            pass, AEROCMD_SEM_COUNT_AT(aerogpu_cmd_set_shader_resource_buffers, buffer_count),
            (uint32_t)sizeof(struct aerogpu_shader_resource_buffer_binding),
            AEROCMD_SEM_ACCEPT_BUFFER);
    case AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS:
        return aerocmd_sem_bind_array(
            pass, AEROCMD_SEM_COUNT_AT(aerogpu_cmd_set_unordered_access_buffers, uav_count),
            (uint32_t)sizeof(struct aerogpu_unordered_access_buffer_binding),
            AEROCMD_SEM_ACCEPT_BUFFER);
    default:
        return AEROCMD_OK;
    }
}

/* 0x7xx: presents and shared surfaces */
static aerocmd_result check_sharing_packet(const struct aerocmd_sem_pass *pass, uint32_t opcode)
{
    switch (opcode) {
    case AEROGPU_CMD_PRESENT:
    case AEROGPU_CMD_PRESENT_EX:
        return aerocmd_priv_sem_present(pass);
    case AEROGPU_CMD_EXPORT_SHARED_SURFACE:
        return aerocmd_priv_sem_export(pass);
    case AEROGPU_CMD_IMPORT_SHARED_SURFACE:
        return aerocmd_priv_sem_import(pass);
    case AEROGPU_CMD_RELEASE_SHARED_SURFACE:
        return aerocmd_priv_sem_release(pass);
    default:
        return AEROCMD_OK;
    }
}

/* Block 0x3xx (fixed-function state) references no object; of block 0x6xx the draws need
 * a vertex shader. */
static aerocmd_result check_packet(const struct aerocmd_sem_pass *pass, uint32_t opcode)
{
    switch (opcode >> 8) {
    case AEROGPU_CMD_DRAW >> 8:
        return opcode == AEROGPU_CMD_DRAW || opcode == AEROGPU_CMD_DRAW_INDEXED
                   ? aerocmd_priv_sem_draw(pass)
                   : AEROCMD_OK;
    case AEROGPU_CMD_CREATE_BUFFER >> 8:
        return check_resource_packet(pass, opcode);
    case AEROGPU_CMD_CREATE_SHADER_DXBC >> 8:
        return check_shader_packet(pass, opcode);
    case AEROGPU_CMD_SET_RENDER_TARGETS >> 8:
        return opcode == AEROGPU_CMD_SET_RENDER_TARGETS ? aerocmd_priv_sem_set_render_targets(pass)
                                                        : AEROCMD_OK;
    case AEROGPU_CMD_SET_VERTEX_BUFFERS >> 8:
        return check_binding_packet(pass, opcode);
    case AEROGPU_CMD_PRESENT >> 8:
        return check_sharing_packet(pass, opcode);
    default:
        return AEROCMD_OK;
    }
}

/* ---- the walk ---- */

/* The size of the packet at `offset` when its framing is sound (the rules of
 * aerocmd_cursor_next, which names any fault), else 0, as at the end. Unsigned arithmetic
 * folds the size rules into two compares: a size below the header wraps past any room. */
static uint32_t sound_packet_size(const uint8_t *bytes, uint32_t end, uint32_t offset)
{
    const uint32_t header = (uint32_t)sizeof(struct aerogpu_cmd_hdr);
    uint32_t size;
    if (offset >= end || end - offset < header)
        return 0;
    size = aerocmd_load_u32(bytes + offset + offsetof(struct aerogpu_cmd_hdr, size_bytes));
    if (size % 4u != 0 || size - header > end - offset - header)
        return 0;
    return size;
}

/* The stream's bounds stay in locals: the handlers' stores could alias them otherwise. */
static aerocmd_result walk(const struct aerocmd_sem_pass *pass, struct aerocmd_packet *packet)
{
    const uint8_t *bytes = pass->stream->bytes;
    uint32_t end = pass->stream->size_bytes;
    uint32_t offset = (uint32_t)sizeof(struct aerogpu_cmd_stream_header);
    for (;;) {
        aerocmd_result r;
        uint32_t size = sound_packet_size(bytes, end, offset);
        if (size == 0) {
            /* the end, or a framing fault the cursor names */
            struct aerocmd_cursor cursor;
            int more;
            aerocmd_cursor_init(&cursor, pass->stream);
            cursor.offset = offset;
            more = aerocmd_cursor_next(&cursor, packet, pass->diag);
            if (more <= 0)
                return more < 0 ? AEROCMD_E_MALFORMED : AEROCMD_OK;
            size = packet->size_bytes;
        } else {
            packet->bytes = bytes + offset;
            packet->offset = offset;
            packet->opcode = aerocmd_load_u32(bytes + offset);
            packet->size_bytes = size;
        }
        r = check_packet(pass, packet->opcode);
        if (r != AEROCMD_OK)
            return r;
        offset += size;
    }
}

aerocmd_result aerocmd_semantic_check_stream(struct aerocmd_semantic *st,
                                             const struct aerocmd_stream *stream,
                                             const struct aerocmd_alloc_table_view *allocs,
                                             struct aerocmd_diag *diag)
{
    struct aerocmd_sem_pass pass;
    struct aerocmd_sem_targets targets = {0, 0, {0}};
    struct aerocmd_packet packet;
    aerocmd_diag_clear(diag);
    if (!st || !st->records || !stream || !stream->bytes)
        return AEROCMD_E_INVALID_ARG;
    pass.st = st;
    pass.targets = &targets;
    pass.stream = stream;
    pass.allocs = allocs;
    pass.packet = &packet;
    pass.diag = diag;
    return walk(&pass, &packet);
}
