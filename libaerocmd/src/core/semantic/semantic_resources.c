/* SPDX-License-Identifier: MIT */
/* semantic_resources.c — lifetimes and ranges of buffers, textures and texture views. */
#include "semantic_pass.h"
#include "texture_layout.h"

#include "aerocmd/format.h"

/* A backed resource must lie inside an allocation the submission lists. Without a table the
 * pass cannot judge and lets it through. */
static aerocmd_result check_backing(const struct aerocmd_sem_pass *pass,
                                    const struct aerocmd_sem_record *rec)
{
    struct aerogpu_alloc_entry entry;
    if (rec->backing_alloc_id == 0 || !pass->allocs)
        return AEROCMD_OK;
    if (!aerocmd_priv_sem_find_alloc(pass, rec->backing_alloc_id, &entry))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_ALLOC_MISSING);
    if (!aerocmd_priv_sem_guest_bytes_fit(rec, &entry, 0, rec->size_bytes))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_BACKING_OUT_OF_RANGE);
    return AEROCMD_OK;
}

/* A created resource's identity, which its aliases share (copies need to know that two
 * handles name one resource). Never 0; after 2^32 - 1 creations it wraps, and two
 * resources could then share one only if an alias lived across all of them. */
static uint32_t new_identity(struct aerocmd_semantic *st)
{
    if (++st->next_identity == 0)
        st->next_identity = 1;
    return st->next_identity;
}

/* Stores a fully checked record under its handle. */
static aerocmd_result commit(const struct aerocmd_sem_pass *pass,
                             const struct aerocmd_sem_record *proto)
{
    struct aerocmd_sem_record *rec;
    aerocmd_result r = aerocmd_priv_sem_add(pass, AEROCMD_SEM_ROLE_OBJECT, proto->key, &rec);
    if (r == AEROCMD_OK)
        aerocmd_priv_sem_copy_facts(rec, proto);
    return r;
}

aerocmd_result aerocmd_priv_sem_create_buffer(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct aerocmd_sem_record proto = {0};
    const struct aerogpu_cmd_create_buffer *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_create_buffer, &r);
    if (!cmd)
        return r;
    r = aerocmd_priv_sem_check_new(pass, cmd->buffer_handle);
    if (r != AEROCMD_OK)
        return r;
    proto.key = cmd->buffer_handle;
    proto.role = AEROCMD_SEM_ROLE_OBJECT;
    proto.kind = AEROCMD_SEM_BUFFER;
    proto.identity = new_identity(pass->st);
    proto.size_bytes = cmd->size_bytes;
    proto.backing_alloc_id = cmd->backing_alloc_id;
    proto.backing_offset_bytes = cmd->backing_offset_bytes;
    r = check_backing(pass, &proto);
    return r != AEROCMD_OK ? r : commit(pass, &proto);
}

aerocmd_result aerocmd_priv_sem_create_texture2d(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct aerocmd_sem_record proto = {0};
    enum aerocmd_sem_layout_status layout;
    const struct aerogpu_cmd_create_texture2d *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_create_texture2d, &r);
    if (!cmd)
        return r;
    r = aerocmd_priv_sem_check_new(pass, cmd->texture_handle);
    if (r != AEROCMD_OK)
        return r;
    proto.key = cmd->texture_handle;
    proto.role = AEROCMD_SEM_ROLE_OBJECT;
    proto.kind = AEROCMD_SEM_TEXTURE2D;
    proto.identity = new_identity(pass->st);
    proto.backing_alloc_id = cmd->backing_alloc_id;
    proto.backing_offset_bytes = cmd->backing_offset_bytes;
    proto.tex.format = cmd->format;
    proto.tex.width = cmd->width;
    proto.tex.height = cmd->height;
    proto.tex.mip_levels = cmd->mip_levels;
    proto.tex.array_layers = cmd->array_layers;
    proto.tex.row_pitch_bytes = cmd->row_pitch_bytes;
    layout = aerocmd_priv_sem_texture_size(&proto.tex, &proto.size_bytes);
    /* the pitch only shapes guest memory, so it only matters for a backed texture */
    if (layout == AEROCMD_SEM_LAYOUT_PITCH_TOO_SMALL && proto.backing_alloc_id != 0)
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_FIELD_INVALID);
    r = check_backing(pass, &proto);
    return r != AEROCMD_OK ? r : commit(pass, &proto);
}

aerocmd_result aerocmd_priv_sem_destroy_resource(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct aerocmd_sem_record *rec;
    const struct aerogpu_cmd_destroy_resource *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_destroy_resource, &r);
    if (!cmd)
        return r;
    r = aerocmd_sem_require(pass, cmd->resource_handle, AEROCMD_SEM_ACCEPT_RESOURCE, &rec);
    if (r == AEROCMD_OK) {
        aerocmd_priv_sem_remove(pass->st, rec);
        aerocmd_priv_sem_unbind_target(pass, cmd->resource_handle);
    }
    return r;
}

/* The host reads the dirty bytes from guest memory through this submission's table. */
aerocmd_result aerocmd_priv_sem_dirty_range(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct aerocmd_sem_record *rec;
    struct aerogpu_alloc_entry entry;
    const struct aerogpu_cmd_resource_dirty_range *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_resource_dirty_range, &r);
    if (!cmd)
        return r;
    r = aerocmd_sem_require(pass, cmd->resource_handle, AEROCMD_SEM_ACCEPT_RESOURCE, &rec);
    if (r != AEROCMD_OK || rec->kind == AEROCMD_SEM_UNTYPED_RESOURCE)
        return r;
    if (rec->backing_alloc_id == 0)
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_FIELD_INVALID);
    if (pass->allocs && !aerocmd_priv_sem_find_alloc(pass, rec->backing_alloc_id, &entry))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_ALLOC_MISSING);
    if (!aerocmd_priv_sem_range_fits(rec, cmd->offset_bytes, cmd->size_bytes))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_COPY_OUT_OF_BOUNDS);
    if (pass->allocs &&
        !aerocmd_priv_sem_guest_bytes_fit(rec, &entry, cmd->offset_bytes, cmd->size_bytes))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_BACKING_OUT_OF_RANGE);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_sem_upload_resource(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct aerocmd_sem_record *rec;
    const struct aerogpu_cmd_upload_resource *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_upload_resource, &r);
    if (!cmd)
        return r;
    r = aerocmd_sem_require(pass, cmd->resource_handle, AEROCMD_SEM_ACCEPT_RESOURCE, &rec);
    if (r != AEROCMD_OK)
        return r;
    if (!aerocmd_priv_sem_range_fits(rec, cmd->offset_bytes, cmd->size_bytes))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_COPY_OUT_OF_BOUNDS);
    return AEROCMD_OK;
}

/* [base, base + count) inside [0, limit), with count >= 1. */
static int subrange_fits(uint32_t base, uint32_t count, uint32_t limit)
{
    return count != 0 && count <= limit && base <= limit - count;
}

aerocmd_result aerocmd_priv_sem_create_texture_view(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct aerocmd_sem_record proto = {0}, *tex;
    const struct aerogpu_cmd_create_texture_view *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_create_texture_view, &r);
    if (!cmd)
        return r;
    r = aerocmd_priv_sem_check_new(pass, cmd->view_handle);
    if (r == AEROCMD_OK)
        r = aerocmd_sem_require(pass, cmd->texture_handle, AEROCMD_SEM_ACCEPT_TEXTURE, &tex);
    if (r != AEROCMD_OK)
        return r;
    if (tex->kind == AEROCMD_SEM_TEXTURE2D &&
        (!subrange_fits(cmd->base_mip_level, cmd->mip_level_count, tex->tex.mip_levels) ||
         !subrange_fits(cmd->base_array_layer, cmd->array_layer_count, tex->tex.array_layers)))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_VIEW_OUT_OF_RANGE);
    /* RULES.md: a view may reinterpret its texture only in a compatible format */
    if (tex->kind == AEROCMD_SEM_TEXTURE2D && cmd->format != 0 &&
        !aerocmd_format_view_compatible(tex->tex.format, cmd->format))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_VIEW_FORMAT);
    proto.key = cmd->view_handle;
    proto.role = AEROCMD_SEM_ROLE_OBJECT;
    proto.kind = AEROCMD_SEM_TEXTURE_VIEW;
    proto.parent = cmd->texture_handle;
    /* what a slot binding the view sees; 0 (unknown) for an untyped alias's own format */
    proto.tex.format = cmd->format != 0 ? cmd->format : tex->tex.format;
    if (tex->kind == AEROCMD_SEM_TEXTURE2D) { /* what it renders to (semantic_bindings.c) */
        proto.tex.width = aerocmd_priv_sem_mip_extent(tex->tex.width, cmd->base_mip_level);
        proto.tex.height = aerocmd_priv_sem_mip_extent(tex->tex.height, cmd->base_mip_level);
        proto.tex.mip_levels = cmd->mip_level_count;
        proto.tex.array_layers = cmd->array_layer_count;
    }
    return commit(pass, &proto);
}

aerocmd_result aerocmd_priv_sem_destroy_texture_view(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct aerocmd_sem_record *rec;
    const struct aerogpu_cmd_destroy_texture_view *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_destroy_texture_view, &r);
    if (!cmd)
        return r;
    /* the protocol defines destroying an unknown view as a no-op */
    rec = cmd->view_handle ? aerocmd_sem_lookup(pass->st, AEROCMD_SEM_ROLE_OBJECT, cmd->view_handle)
                           : NULL;
    if (!rec)
        return AEROCMD_OK;
    if (rec->kind != AEROCMD_SEM_TEXTURE_VIEW)
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_HANDLE_KIND);
    aerocmd_priv_sem_remove(pass->st, rec);
    aerocmd_priv_sem_unbind_target(pass, cmd->view_handle);
    return AEROCMD_OK;
}
