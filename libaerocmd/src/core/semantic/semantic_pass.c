/* semantic_pass.c — walking a stream through the semantic tracker, and the helpers shared by
 * the packet handlers. */
#include "semantic_pass.h"

#include "../common/le_bytes.h"

aerocmd_result aerocmd_sem_packet_fail(const struct aerocmd_sem_pass *pass, aerocmd_reason reason)
{
    return aerocmd_diag_fail(pass->diag, reason, pass->packet->offset, pass->packet->opcode);
}

aerocmd_result aerocmd_sem_require(const struct aerocmd_sem_pass *pass, uint32_t handle,
                                   uint32_t accept, struct aerocmd_sem_record **out)
{
    struct aerocmd_sem_record *rec = NULL;
    if (handle != 0)
        rec = aerocmd_sem_lookup(pass->st, AEROCMD_SEM_ROLE_OBJECT, handle);
    if (!rec)
        return aerocmd_sem_packet_fail(pass, AEROCMD_R_HANDLE_UNKNOWN);
    if ((AEROCMD_SEM_MASK(rec->kind) & accept) == 0)
        return aerocmd_sem_packet_fail(pass, AEROCMD_R_HANDLE_KIND);
    if (out)
        *out = rec;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_sem_bind(const struct aerocmd_sem_pass *pass, uint32_t handle,
                                uint32_t accept)
{
    if (handle == 0)
        return AEROCMD_OK;
    return aerocmd_sem_require(pass, handle, accept, NULL);
}

aerocmd_result aerocmd_sem_check_new(const struct aerocmd_sem_pass *pass, uint32_t handle)
{
    if (handle == 0)
        return aerocmd_sem_packet_fail(pass, AEROCMD_R_HANDLE_ZERO);
    if (aerocmd_sem_lookup(pass->st, AEROCMD_SEM_ROLE_OBJECT, handle))
        return aerocmd_sem_packet_fail(pass, AEROCMD_R_HANDLE_EXISTS);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_sem_add(const struct aerocmd_sem_pass *pass, uint8_t role, uint64_t key,
                               struct aerocmd_sem_record **out)
{
    struct aerocmd_sem_record *rec = aerocmd_sem_insert(pass->st, role, key);
    if (!rec) {
        aerocmd_sem_packet_fail(pass, AEROCMD_R_TRACKER_FULL);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    *out = rec;
    return AEROCMD_OK;
}

const void *aerocmd_sem_fixed(const struct aerocmd_sem_pass *pass, aerocmd_result *result)
{
    const void *fixed = aerocmd_packet_fixed(pass->packet, pass->packet->opcode);
    *result = fixed ? AEROCMD_OK : aerocmd_sem_packet_fail(pass, AEROCMD_R_PACKET_TOO_SHORT);
    return fixed;
}

int aerocmd_sem_find_alloc(const struct aerocmd_sem_pass *pass, uint32_t alloc_id,
                           struct aerogpu_alloc_entry *entry)
{
    return aerocmd_alloc_table_find(pass->allocs, alloc_id, entry);
}

int aerocmd_sem_range_fits(const struct aerocmd_sem_record *rec, uint64_t offset, uint64_t size)
{
    if (rec->kind == AEROCMD_SEM_UNTYPED_RESOURCE)
        return 1;
    return size <= rec->size_bytes && offset <= rec->size_bytes - size;
}

static aerocmd_result check_resource_packet(const struct aerocmd_sem_pass *pass)
{
    switch (pass->packet->opcode) {
    case AEROGPU_CMD_CREATE_BUFFER:
        return aerocmd_sem_create_buffer(pass);
    case AEROGPU_CMD_CREATE_TEXTURE2D:
        return aerocmd_sem_create_texture2d(pass);
    case AEROGPU_CMD_DESTROY_RESOURCE:
        return aerocmd_sem_destroy_resource(pass);
    case AEROGPU_CMD_RESOURCE_DIRTY_RANGE:
        return aerocmd_sem_dirty_range(pass);
    case AEROGPU_CMD_UPLOAD_RESOURCE:
        return aerocmd_sem_upload_resource(pass);
    case AEROGPU_CMD_COPY_BUFFER:
        return aerocmd_sem_copy_buffer(pass);
    case AEROGPU_CMD_COPY_TEXTURE2D:
        return aerocmd_sem_copy_texture2d(pass);
    case AEROGPU_CMD_CREATE_TEXTURE_VIEW:
        return aerocmd_sem_create_texture_view(pass);
    case AEROGPU_CMD_DESTROY_TEXTURE_VIEW:
        return aerocmd_sem_destroy_texture_view(pass);
    case AEROGPU_CMD_EXPORT_SHARED_SURFACE:
        return aerocmd_sem_export(pass);
    case AEROGPU_CMD_IMPORT_SHARED_SURFACE:
        return aerocmd_sem_import(pass);
    case AEROGPU_CMD_RELEASE_SHARED_SURFACE:
        return aerocmd_sem_release(pass);
    default:
        return AEROCMD_OK;
    }
}

static aerocmd_result check_pipeline_packet(const struct aerocmd_sem_pass *pass)
{
    switch (pass->packet->opcode) {
    case AEROGPU_CMD_CREATE_SHADER_DXBC:
        return aerocmd_sem_create_shader(pass);
    case AEROGPU_CMD_DESTROY_SHADER:
        return aerocmd_sem_destroy_simple(pass, AEROCMD_SEM_SHADER);
    case AEROGPU_CMD_CREATE_INPUT_LAYOUT:
        return aerocmd_sem_create_simple(pass, AEROCMD_SEM_INPUT_LAYOUT);
    case AEROGPU_CMD_DESTROY_INPUT_LAYOUT:
        return aerocmd_sem_destroy_simple(pass, AEROCMD_SEM_INPUT_LAYOUT);
    case AEROGPU_CMD_CREATE_SAMPLER:
        return aerocmd_sem_create_simple(pass, AEROCMD_SEM_SAMPLER);
    case AEROGPU_CMD_DESTROY_SAMPLER:
        return aerocmd_sem_destroy_simple(pass, AEROCMD_SEM_SAMPLER);
    case AEROGPU_CMD_BIND_SHADERS:
        return aerocmd_sem_bind_shaders(pass);
    case AEROGPU_CMD_SET_INPUT_LAYOUT:
    case AEROGPU_CMD_SET_INDEX_BUFFER:
    case AEROGPU_CMD_SET_TEXTURE:
        return aerocmd_sem_bind_single(pass);
    case AEROGPU_CMD_SET_VERTEX_BUFFERS:
    case AEROGPU_CMD_SET_SAMPLERS:
    case AEROGPU_CMD_SET_CONSTANT_BUFFERS:
    case AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS:
    case AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS:
        return aerocmd_sem_bind_array(pass);
    case AEROGPU_CMD_SET_RENDER_TARGETS:
        return aerocmd_sem_set_render_targets(pass);
    default:
        return check_resource_packet(pass);
    }
}

aerocmd_result aerocmd_semantic_check_stream(struct aerocmd_semantic *st,
                                             const struct aerocmd_stream *stream,
                                             const struct aerocmd_alloc_table_view *allocs,
                                             struct aerocmd_diag *diag)
{
    struct aerocmd_sem_pass pass;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    int more;
    aerocmd_diag_clear(diag);
    if (!st || !st->records || !stream || !stream->bytes)
        return AEROCMD_E_INVALID_ARG;
    pass.st = st;
    pass.stream = stream;
    pass.allocs = allocs;
    pass.packet = &packet;
    pass.diag = diag;
    aerocmd_cursor_init(&cursor, stream);
    while ((more = aerocmd_cursor_next(&cursor, &packet, diag)) > 0) {
        aerocmd_result r = check_pipeline_packet(&pass);
        if (r != AEROCMD_OK)
            return r;
    }
    return more < 0 ? AEROCMD_E_MALFORMED : AEROCMD_OK;
}
