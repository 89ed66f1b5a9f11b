/* SPDX-License-Identifier: MIT */
/* append_resource.c — resource, memory and copy packets. */
#include <string.h>

#include "aerocmd/writer.h"

/* First ABI minor that has COPY_BUFFER and COPY_TEXTURE2D. */
#define COPY_MIN_ABI_MINOR 1u

aerocmd_result aerocmd_append_create_buffer(struct aerocmd_writer *w, aerogpu_handle_t buffer,
                                            uint32_t usage_flags, uint64_t size_bytes,
                                            uint32_t backing_alloc_id,
                                            uint32_t backing_offset_bytes)
{
    struct aerogpu_cmd_create_buffer *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_CREATE_BUFFER, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_create_buffer *)raw;
    p->buffer_handle = buffer;
    p->usage_flags = usage_flags;
    p->size_bytes = size_bytes;
    p->backing_alloc_id = backing_alloc_id;
    p->backing_offset_bytes = backing_offset_bytes;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_create_texture2d(struct aerocmd_writer *w,
                                               const struct aerocmd_texture2d_args *args)
{
    struct aerogpu_cmd_create_texture2d *p;
    uint8_t *raw;
    aerocmd_result r;

    if (args == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_CREATE_TEXTURE2D, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_create_texture2d *)raw;
    p->texture_handle = args->texture_handle;
    p->usage_flags = args->usage_flags;
    p->format = args->format;
    p->width = args->width;
    p->height = args->height;
    p->mip_levels = args->mip_levels;
    p->array_layers = args->array_layers;
    p->row_pitch_bytes = args->row_pitch_bytes;
    p->backing_alloc_id = args->backing_alloc_id;
    p->backing_offset_bytes = args->backing_offset_bytes;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_destroy_resource(struct aerocmd_writer *w, aerogpu_handle_t resource)
{
    struct aerogpu_cmd_destroy_resource *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_DESTROY_RESOURCE, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_destroy_resource *)raw;
    p->resource_handle = resource;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_resource_dirty_range(struct aerocmd_writer *w,
                                                   aerogpu_handle_t resource, uint64_t offset_bytes,
                                                   uint64_t size_bytes)
{
    struct aerogpu_cmd_resource_dirty_range *p;
    uint8_t *raw;
    aerocmd_result r =
        aerocmd_writer_emplace(w, AEROGPU_CMD_RESOURCE_DIRTY_RANGE, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_resource_dirty_range *)raw;
    p->resource_handle = resource;
    p->offset_bytes = offset_bytes;
    p->size_bytes = size_bytes;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_upload_resource(struct aerocmd_writer *w, aerogpu_handle_t resource,
                                              uint64_t offset_bytes, const void *data,
                                              uint32_t size)
{
    struct aerogpu_cmd_upload_resource *p;
    uint8_t *raw;
    aerocmd_result r;

    if (data == NULL && size != 0)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_UPLOAD_RESOURCE, sizeof *p, size, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_upload_resource *)raw;
    p->resource_handle = resource;
    p->offset_bytes = offset_bytes;
    p->size_bytes = size;
    if (size != 0)
        memcpy(raw + sizeof *p, data, size);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_copy_buffer(struct aerocmd_writer *w, aerogpu_handle_t dst_buffer,
                                          aerogpu_handle_t src_buffer, uint64_t dst_offset_bytes,
                                          uint64_t src_offset_bytes, uint64_t size_bytes,
                                          uint32_t flags)
{
    struct aerogpu_cmd_copy_buffer *p;
    uint8_t *raw;
    aerocmd_result r;

    if (aerocmd_writer_abi_minor(w) < COPY_MIN_ABI_MINOR)
        return AEROCMD_E_NOT_IMPLEMENTED;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_COPY_BUFFER, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_copy_buffer *)raw;
    p->dst_buffer = dst_buffer;
    p->src_buffer = src_buffer;
    p->dst_offset_bytes = dst_offset_bytes;
    p->src_offset_bytes = src_offset_bytes;
    p->size_bytes = size_bytes;
    p->flags = flags;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_copy_texture2d(struct aerocmd_writer *w,
                                             const struct aerocmd_copy_texture2d_args *args)
{
    struct aerogpu_cmd_copy_texture2d *p;
    uint8_t *raw;
    aerocmd_result r;

    if (args == NULL)
        return AEROCMD_E_INVALID_ARG;
    if (aerocmd_writer_abi_minor(w) < COPY_MIN_ABI_MINOR)
        return AEROCMD_E_NOT_IMPLEMENTED;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_COPY_TEXTURE2D, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_copy_texture2d *)raw;
    p->dst_texture = args->dst_texture;
    p->src_texture = args->src_texture;
    p->dst_mip_level = args->dst_mip_level;
    p->dst_array_layer = args->dst_array_layer;
    p->src_mip_level = args->src_mip_level;
    p->src_array_layer = args->src_array_layer;
    p->dst_x = args->dst_x;
    p->dst_y = args->dst_y;
    p->src_x = args->src_x;
    p->src_y = args->src_y;
    p->width = args->width;
    p->height = args->height;
    p->flags = args->flags;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_create_texture_view(struct aerocmd_writer *w,
                                                  const struct aerocmd_texture_view_args *args)
{
    struct aerogpu_cmd_create_texture_view *p;
    uint8_t *raw;
    aerocmd_result r;

    if (args == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_CREATE_TEXTURE_VIEW, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_create_texture_view *)raw;
    p->view_handle = args->view_handle;
    p->texture_handle = args->texture_handle;
    p->format = args->format;
    p->base_mip_level = args->base_mip_level;
    p->mip_level_count = args->mip_level_count;
    p->base_array_layer = args->base_array_layer;
    p->array_layer_count = args->array_layer_count;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_destroy_texture_view(struct aerocmd_writer *w, aerogpu_handle_t view)
{
    struct aerogpu_cmd_destroy_texture_view *p;
    uint8_t *raw;
    aerocmd_result r =
        aerocmd_writer_emplace(w, AEROGPU_CMD_DESTROY_TEXTURE_VIEW, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_destroy_texture_view *)raw;
    p->view_handle = view;
    return AEROCMD_OK;
}
