/* umd_resource.c — buffers and 2D textures: ids, guest memory, CREATE packets and initial
 * contents. */
#include <string.h>

#include "aerocmd/layout.h"
#include "umd_internal.h"

#define UMD_UPLOAD_HEADER ((uint32_t)sizeof(struct aerogpu_cmd_upload_resource))

size_t aerocmd_umd_resource_size(void)
{
    return sizeof(struct aerocmd_umd_resource);
}

static uint32_t usage_of_bind_flags(uint32_t bind)
{
    uint32_t usage = 0;
    if (bind & AEROCMD_UMD_BIND_VERTEX_BUFFER)
        usage |= AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER;
    if (bind & AEROCMD_UMD_BIND_INDEX_BUFFER)
        usage |= AEROGPU_RESOURCE_USAGE_INDEX_BUFFER;
    if (bind & AEROCMD_UMD_BIND_CONSTANT_BUFFER)
        usage |= AEROGPU_RESOURCE_USAGE_CONSTANT_BUFFER;
    if (bind & AEROCMD_UMD_BIND_SHADER_RESOURCE)
        usage |= AEROGPU_RESOURCE_USAGE_TEXTURE;
    if (bind & AEROCMD_UMD_BIND_RENDER_TARGET)
        usage |= AEROGPU_RESOURCE_USAGE_RENDER_TARGET;
    if (bind & AEROCMD_UMD_BIND_DEPTH_STENCIL)
        usage |= AEROGPU_RESOURCE_USAGE_DEPTH_STENCIL;
    if (bind & AEROCMD_UMD_BIND_UNORDERED_ACCESS)
        usage |= AEROGPU_RESOURCE_USAGE_STORAGE;
    return usage;
}

/* Handle, and for guest-backed resources alloc_id plus allocation. Undone by release_ids. */
static aerocmd_result acquire_storage(struct aerocmd_umd_device *dev,
                                      struct aerocmd_umd_resource *res, uint64_t bytes)
{
    aerocmd_result r = umd_new_id(dev, AEROCMD_UMD_ID_HANDLE, &res->handle);
    if (r != AEROCMD_OK || !res->guest_backed)
        return r;
    r = umd_new_id(dev, AEROCMD_UMD_ID_ALLOC, &res->memory.alloc_id);
    if (r == AEROCMD_OK) {
        res->memory.size_bytes = bytes;
        res->memory.flags = AEROCMD_UMD_MEMORY_CPU_VISIBLE;
        r = dev->cb.allocate_memory(dev->cb.user, &res->memory);
        if (r == AEROCMD_OK)
            return AEROCMD_OK;
        umd_release_id(dev, AEROCMD_UMD_ID_ALLOC, res->memory.alloc_id);
    }
    umd_release_id(dev, AEROCMD_UMD_ID_HANDLE, res->handle);
    return r;
}

/* host_forgot: the host never saw the handle or has been told to destroy it; otherwise the
 * ids are kept out of circulation. */
static void release_storage(struct aerocmd_umd_device *dev, struct aerocmd_umd_resource *res,
                            int host_forgot)
{
    if (res->guest_backed) {
        dev->cb.free_memory(dev->cb.user, &res->memory);
        if (host_forgot)
            umd_release_id(dev, AEROCMD_UMD_ID_ALLOC, res->memory.alloc_id);
    }
    if (host_forgot)
        umd_release_id(dev, AEROCMD_UMD_ID_HANDLE, res->handle);
}

/* ---- packets --------------------------------------------------------------------------- */

static aerocmd_result emit_create_buffer(struct aerocmd_umd_context *ctx,
                                         struct aerocmd_umd_resource *res)
{
    uint32_t rounded = (res->size_bytes + 3u) & ~3u;
    aerocmd_result r;
    do {
        uint32_t mark = ctx->alloc_count;
        r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            break;
        if (res->guest_backed)
            r = umd_list_allocation(ctx, res, 0);
        if (r == AEROCMD_OK)
            r = aerocmd_append_create_buffer(&ctx->w, res->handle,
                                             usage_of_bind_flags(res->bind_flags), rounded,
                                             res->memory.alloc_id, 0);
        if (r != AEROCMD_OK)
            ctx->alloc_count = mark;
    } while (umd_again(ctx, &r));
    return r;
}

static aerocmd_result emit_create_texture(struct aerocmd_umd_context *ctx,
                                          struct aerocmd_umd_resource *res, uint32_t row_pitch)
{
    struct aerocmd_texture2d_args a;
    aerocmd_result r;
    memset(&a, 0, sizeof a);
    a.texture_handle = res->handle;
    a.usage_flags = usage_of_bind_flags(res->bind_flags);
    a.format = res->format;
    a.width = res->width;
    a.height = res->height;
    a.mip_levels = res->mip_levels;
    a.array_layers = res->array_layers;
    a.row_pitch_bytes = res->guest_backed ? row_pitch : 0u;
    a.backing_alloc_id = res->memory.alloc_id;
    do {
        uint32_t mark = ctx->alloc_count;
        r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            break;
        if (res->guest_backed)
            r = umd_list_allocation(ctx, res, 0);
        if (r == AEROCMD_OK)
            r = aerocmd_append_create_texture2d(&ctx->w, &a);
        if (r != AEROCMD_OK)
            ctx->alloc_count = mark;
    } while (umd_again(ctx, &r));
    return r;
}

static aerocmd_result emit_dirty_range(struct aerocmd_umd_context *ctx,
                                       struct aerocmd_umd_resource *res, uint64_t size)
{
    aerocmd_result r;
    do {
        uint32_t mark = ctx->alloc_count;
        r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            break;
        r = umd_list_allocation(ctx, res, 0);
        if (r == AEROCMD_OK)
            r = aerocmd_append_resource_dirty_range(&ctx->w, res->handle, 0, size);
        if (r != AEROCMD_OK)
            ctx->alloc_count = mark;
    } while (umd_again(ctx, &r));
    return r;
}

/* Room for an UPLOAD_RESOURCE payload in the open buffer, in whole `unit`s. */
static uint32_t upload_room(const struct aerocmd_umd_context *ctx, uint32_t unit)
{
    uint32_t free_bytes = ctx->w.capacity - ctx->w.used;
    if (free_bytes <= UMD_UPLOAD_HEADER)
        return 0;
    return (free_bytes - UMD_UPLOAD_HEADER) / unit;
}

/* Rows of `row_bytes` each, read with `src_pitch`, uploaded at `offset` as tightly packed
 * rows; as many rows per packet as the open buffer holds. */
static aerocmd_result upload_rows(struct aerocmd_umd_context *ctx, uint32_t handle, uint64_t offset,
                                  const uint8_t *src, uint32_t src_pitch, uint32_t row_bytes,
                                  uint32_t rows)
{
    while (rows > 0) {
        uint8_t *packet;
        uint32_t n, i;
        aerocmd_result r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            return r;
        n = upload_room(ctx, row_bytes);
        if (n == 0) {
            r = AEROCMD_E_BUFFER_FULL;
            if (!umd_again(ctx, &r))
                return r;
            continue;
        }
        if (n > rows)
            n = rows;
        r = aerocmd_writer_emplace(&ctx->w, AEROGPU_CMD_UPLOAD_RESOURCE, UMD_UPLOAD_HEADER,
                                   n * row_bytes, &packet);
        if (r != AEROCMD_OK)
            return r;
        {
            struct aerogpu_cmd_upload_resource *u = (struct aerogpu_cmd_upload_resource *)packet;
            u->resource_handle = handle;
            u->offset_bytes = offset;
            u->size_bytes = (uint64_t)n * row_bytes;
        }
        for (i = 0; i < n; i++)
            memcpy(packet + UMD_UPLOAD_HEADER + (size_t)i * row_bytes, src + (size_t)i * src_pitch,
                   row_bytes);
        src += (size_t)n * src_pitch;
        offset += (uint64_t)n * row_bytes;
        rows -= n;
    }
    return AEROCMD_OK;
}

/* A host-owned buffer's contents: 4-byte units (the last one zero padded). */
static aerocmd_result upload_buffer(struct aerocmd_umd_context *ctx,
                                    struct aerocmd_umd_resource *res, const uint8_t *data)
{
    uint32_t whole = res->size_bytes & ~3u;
    uint8_t tail[4] = {0, 0, 0, 0};
    aerocmd_result r = upload_rows(ctx, res->handle, 0, data, 4, 4, whole / 4u);
    if (r != AEROCMD_OK || whole == res->size_bytes)
        return r;
    memcpy(tail, data + whole, res->size_bytes - whole);
    return upload_rows(ctx, res->handle, whole, tail, 4, 4, 1);
}

static aerocmd_result fill_guest_buffer(struct aerocmd_umd_device *dev,
                                        struct aerocmd_umd_resource *res, const void *data)
{
    void *cpu = NULL;
    aerocmd_result r = dev->cb.lock_memory(dev->cb.user, &res->memory, 0, &cpu);
    if (r != AEROCMD_OK)
        return r;
    memset(cpu, 0, (size_t)res->memory.size_bytes);
    memcpy(cpu, data, res->size_bytes);
    dev->cb.unlock_memory(dev->cb.user, &res->memory);
    return AEROCMD_OK;
}

/* Takes back a CREATE that reached the stream before a later step failed. */
static int undo_create(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res)
{
    if (umd_emit_destroy(ctx, AEROGPU_CMD_DESTROY_RESOURCE, res->handle) != AEROCMD_OK)
        return 0;
    return !res->guest_backed || umd_submit(ctx, 0) == AEROCMD_OK;
}

/* ---- buffers --------------------------------------------------------------------------- */

static aerocmd_result check_buffer_desc(const struct aerocmd_umd_buffer_desc *desc)
{
    if (desc->size_bytes == 0 || desc->size_bytes > 0xFFFFFFFCu)
        return AEROCMD_E_INVALID_ARG;
    if (desc->bind_flags & ~0xFFu)
        return AEROCMD_E_INVALID_ARG;
    if (desc->bind_flags & (AEROCMD_UMD_BIND_STREAM_OUTPUT | AEROCMD_UMD_BIND_RENDER_TARGET |
                            AEROCMD_UMD_BIND_DEPTH_STENCIL))
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (desc->misc_flags & AEROCMD_UMD_MISC_SHARED)
        return AEROCMD_E_NOT_IMPLEMENTED;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_create_buffer(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                         const struct aerocmd_umd_buffer_desc *desc,
                                         const void *initial_data,
                                         struct aerocmd_umd_resource **out)
{
    struct aerocmd_umd_context *ctx = umd_ctx_of(dev);
    struct aerocmd_umd_resource *res = (struct aerocmd_umd_resource *)mem;
    int host_forgot = 1;
    aerocmd_result r;
    if (ctx == NULL || desc == NULL || out == NULL || !umd_mem_ok(mem, mem_size, sizeof *res))
        return AEROCMD_E_INVALID_ARG;
    r = check_buffer_desc(desc);
    if (r != AEROCMD_OK)
        return r;
    memset(res, 0, sizeof *res);
    res->dev = dev;
    res->kind = UMD_RESOURCE_BUFFER;
    res->bind_flags = desc->bind_flags;
    res->size_bytes = desc->size_bytes;
    res->guest_backed = desc->guest_backed ? 1u : 0u;
    r = acquire_storage(dev, res, (desc->size_bytes + 3u) & ~3u);
    if (r != AEROCMD_OK)
        return r;
    if (res->guest_backed && initial_data != NULL)
        r = fill_guest_buffer(dev, res, initial_data);
    if (r == AEROCMD_OK)
        r = emit_create_buffer(ctx, res);
    if (r == AEROCMD_OK && initial_data != NULL) {
        if (res->guest_backed)
            r = emit_dirty_range(ctx, res, res->memory.size_bytes);
        else
            r = upload_buffer(ctx, res, (const uint8_t *)initial_data);
        if (r != AEROCMD_OK)
            host_forgot = undo_create(ctx, res);
    }
    if (r != AEROCMD_OK) {
        release_storage(dev, res, host_forgot);
        return r;
    }
    *out = res;
    return AEROCMD_OK;
}

/* ---- textures -------------------------------------------------------------------------- */

static aerocmd_result check_texture_desc(const struct aerocmd_umd_texture2d_desc *d)
{
    if (d->width == 0 || d->height == 0 || d->array_size == 0 || (d->bind_flags & ~0xFFu))
        return AEROCMD_E_INVALID_ARG;
    if (d->mip_levels > aerocmd_full_mip_count(d->width, d->height))
        return AEROCMD_E_INVALID_ARG;
    if (d->sample_count > 1u)
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (d->bind_flags & (AEROCMD_UMD_BIND_UNORDERED_ACCESS | AEROCMD_UMD_BIND_STREAM_OUTPUT))
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (d->bind_flags & (AEROCMD_UMD_BIND_VERTEX_BUFFER | AEROCMD_UMD_BIND_INDEX_BUFFER |
                         AEROCMD_UMD_BIND_CONSTANT_BUFFER))
        return AEROCMD_E_INVALID_ARG;
    if (d->misc_flags & (AEROCMD_UMD_MISC_SHARED | AEROCMD_UMD_MISC_TEXTURECUBE))
        return AEROCMD_E_NOT_IMPLEMENTED;
    return AEROCMD_OK;
}

static void layout_desc_of(const struct aerocmd_umd_resource *res,
                           struct aerocmd_texture_layout_desc *ld)
{
    memset(ld, 0, sizeof *ld);
    ld->format = res->format;
    ld->width = res->width;
    ld->height = res->height;
    ld->mip_levels = res->mip_levels;
    ld->array_layers = res->array_layers;
}

static aerocmd_result upload_texture(struct aerocmd_umd_context *ctx,
                                     struct aerocmd_umd_resource *res,
                                     const struct aerocmd_umd_subresource_data *initial)
{
    struct aerocmd_texture_layout_desc ld;
    struct aerocmd_subresource_layout sub;
    uint32_t i, count = res->mip_levels * res->array_layers;
    layout_desc_of(res, &ld);
    for (i = 0; i < count; i++) {
        aerocmd_result r = aerocmd_texture_subresource(&ld, i, &sub, NULL);
        if (r == AEROCMD_OK &&
            (initial[i].data == NULL || (sub.rows > 1 && initial[i].row_pitch < sub.row_bytes)))
            r = AEROCMD_E_INVALID_ARG;
        if (r == AEROCMD_OK)
            r = upload_rows(ctx, res->handle, sub.offset_bytes, (const uint8_t *)initial[i].data,
                            initial[i].row_pitch, sub.row_bytes, sub.rows);
        if (r != AEROCMD_OK)
            return r;
    }
    return AEROCMD_OK;
}

static aerocmd_result fill_guest_texture(struct aerocmd_umd_device *dev,
                                         struct aerocmd_umd_resource *res,
                                         const struct aerocmd_umd_subresource_data *initial)
{
    struct aerocmd_texture_layout_desc ld;
    struct aerocmd_subresource_layout sub;
    uint32_t i, count = res->mip_levels * res->array_layers;
    void *cpu = NULL;
    aerocmd_result r = dev->cb.lock_memory(dev->cb.user, &res->memory, 0, &cpu);
    if (r != AEROCMD_OK)
        return r;
    layout_desc_of(res, &ld);
    for (i = 0; i < count && r == AEROCMD_OK; i++) {
        r = aerocmd_texture_subresource(&ld, i, &sub, NULL);
        if (r == AEROCMD_OK && initial[i].data == NULL)
            r = AEROCMD_E_INVALID_ARG;
        if (r == AEROCMD_OK)
            r = aerocmd_texture_write_box(&ld, i, NULL, initial[i].data, initial[i].row_pitch,
                                          (size_t)(sub.rows - 1u) * initial[i].row_pitch +
                                              sub.row_bytes,
                                          cpu, (size_t)res->memory.size_bytes, NULL);
    }
    dev->cb.unlock_memory(dev->cb.user, &res->memory);
    return r;
}

static aerocmd_result init_texture(struct aerocmd_umd_device *dev, struct aerocmd_umd_resource *res,
                                   const struct aerocmd_umd_texture2d_desc *desc)
{
    struct aerocmd_texture_layout_desc ld;
    struct aerocmd_texture_layout layout;
    aerocmd_result r =
        aerocmd_dxgi_texture_format(desc->dxgi_format, dev->abi_version, &res->format);
    if (r != AEROCMD_OK)
        return r;
    res->dev = dev;
    res->kind = UMD_RESOURCE_TEXTURE2D;
    res->bind_flags = desc->bind_flags;
    res->dxgi_format = desc->dxgi_format;
    res->width = desc->width;
    res->height = desc->height;
    res->array_layers = desc->array_size;
    res->guest_backed = desc->guest_backed ? 1u : 0u;
    res->mip_levels = desc->mip_levels;
    layout_desc_of(res, &ld);
    r = aerocmd_texture_layout(&ld, &layout, NULL);
    if (r != AEROCMD_OK)
        return AEROCMD_E_OUT_OF_MEMORY; /* the only way a checked desc fails: over 4 GiB */
    res->mip_levels = layout.mip_levels;
    res->size_bytes = layout.total_bytes;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_create_texture2d(struct aerocmd_umd_device *dev, void *mem,
                                            size_t mem_size,
                                            const struct aerocmd_umd_texture2d_desc *desc,
                                            const struct aerocmd_umd_subresource_data *initial,
                                            struct aerocmd_umd_resource **out)
{
    struct aerocmd_umd_context *ctx = umd_ctx_of(dev);
    struct aerocmd_umd_resource *res = (struct aerocmd_umd_resource *)mem;
    struct aerocmd_subresource_layout mip0;
    struct aerocmd_texture_layout_desc ld;
    int host_forgot = 1;
    aerocmd_result r;
    if (ctx == NULL || desc == NULL || out == NULL || !umd_mem_ok(mem, mem_size, sizeof *res))
        return AEROCMD_E_INVALID_ARG;
    r = check_texture_desc(desc);
    if (r != AEROCMD_OK)
        return r;
    memset(res, 0, sizeof *res);
    r = init_texture(dev, res, desc);
    if (r != AEROCMD_OK)
        return r;
    layout_desc_of(res, &ld);
    r = aerocmd_texture_subresource(&ld, 0, &mip0, NULL);
    if (r == AEROCMD_OK)
        r = acquire_storage(dev, res, res->size_bytes);
    if (r != AEROCMD_OK)
        return r;
    if (res->guest_backed && initial != NULL)
        r = fill_guest_texture(dev, res, initial);
    if (r == AEROCMD_OK)
        r = emit_create_texture(ctx, res, mip0.row_pitch_bytes);
    if (r == AEROCMD_OK && initial != NULL) {
        if (res->guest_backed)
            r = emit_dirty_range(ctx, res, res->size_bytes);
        else
            r = upload_texture(ctx, res, initial);
        if (r != AEROCMD_OK)
            host_forgot = undo_create(ctx, res);
    }
    if (r != AEROCMD_OK) {
        release_storage(dev, res, host_forgot);
        return r;
    }
    *out = res;
    return AEROCMD_OK;
}

/* ---- destroy and queries ----------------------------------------------------------------- */

aerocmd_result aerocmd_umd_destroy_resource(struct aerocmd_umd_resource *res)
{
    struct aerocmd_umd_device *dev;
    struct aerocmd_umd_context *ctx;
    aerocmd_result r = AEROCMD_E_INVALID_ARG;
    if (res == NULL || res->dev == NULL)
        return AEROCMD_E_INVALID_ARG;
    dev = res->dev;
    ctx = umd_ctx_of(dev);
    if (ctx != NULL) {
        umd_unbind_resource(ctx, res);
        r = umd_emit_destroy(ctx, AEROGPU_CMD_DESTROY_RESOURCE, res->handle);
        /* The host must have let go of the handle before its memory goes. */
        if (r == AEROCMD_OK && res->guest_backed)
            r = umd_submit(ctx, 0);
    }
    release_storage(dev, res, r == AEROCMD_OK);
    memset(res, 0, sizeof *res);
    return r;
}

uint32_t aerocmd_umd_resource_handle(const struct aerocmd_umd_resource *res)
{
    return res->handle;
}

uint32_t aerocmd_umd_resource_alloc_id(const struct aerocmd_umd_resource *res)
{
    return res->guest_backed ? res->memory.alloc_id : 0u;
}

uint32_t aerocmd_umd_resource_format(const struct aerocmd_umd_resource *res)
{
    return res->format;
}

uint64_t aerocmd_umd_resource_write_fence(const struct aerocmd_umd_resource *res)
{
    const struct aerocmd_umd_context *ctx = umd_ctx_of(res->dev);
    if (ctx == NULL)
        return 0;
    return umd_fence_of_serial(ctx, res->write_serial);
}
