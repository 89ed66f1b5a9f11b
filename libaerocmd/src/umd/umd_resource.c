/* SPDX-License-Identifier: MIT */
/* umd_resource.c — buffers and 2D textures: ids, guest memory, CREATE packets and initial
 * contents. */
#include <string.h>

#include "aerocmd/layout.h"
#include "aerocmd/d3d11_limits.h"
#include "umd_internal.h"

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

/* Usage, CPU access and where the bytes live. The CPU can read back only guest memory,
 * so STAGING resources are always guest-backed; so are shareable ones, whose allocation is
 * what another process opens. */
static void apply_usage(struct aerocmd_umd_resource *res, uint32_t usage, uint32_t cpu_access,
                        uint32_t guest_backed, uint32_t misc_flags)
{
    res->usage = usage;
    res->cpu_access = cpu_access;
    res->share = (misc_flags & AEROCMD_UMD_MISC_SHARED) ? UMD_SHARE_CREATOR : UMD_SHARE_NONE;
    res->presentable = misc_flags & UMD_MISC_PRESENT_BITS;
    res->guest_backed =
        (guest_backed || usage == AEROCMD_UMD_USAGE_STAGING || res->share || res->presentable) ? 1u
                                                                                               : 0u;
}

/* The host usage of a resource: its bind flags, and for swap-chain buffers what presenting
 * does with them: a present binds one as target, a compositor Blt samples it. */
static uint32_t usage_of_resource(const struct aerocmd_umd_resource *res)
{
    uint32_t usage = usage_of_bind_flags(res->bind_flags);
    if (res->presentable)
        usage |= AEROGPU_RESOURCE_USAGE_TEXTURE | AEROGPU_RESOURCE_USAGE_RENDER_TARGET |
                 AEROGPU_RESOURCE_USAGE_SCANOUT;
    return usage;
}

static void free_shadow(struct aerocmd_umd_device *dev, struct aerocmd_umd_resource *res)
{
    if (res->shadow != NULL)
        dev->alloc->release(dev->alloc->user, res->shadow, res->memory.size_bytes);
    res->shadow = NULL;
}

/* Handle; guest-backed: alloc_id plus allocation; host-owned DYNAMIC: the CPU shadow that
 * Map hands out. Undone by release_storage. */
static aerocmd_result acquire_storage(struct aerocmd_umd_device *dev,
                                      struct aerocmd_umd_resource *res, uint64_t bytes)
{
    aerocmd_result r = UMD_NEW_ID(dev, RESOURCE_HANDLE, AEROCMD_UMD_ID_HANDLE, &res->handle);
    if (r != AEROCMD_OK)
        return r;
    res->memory.size_bytes = bytes;
    if (!res->guest_backed) {
        if (res->usage != AEROCMD_UMD_USAGE_DYNAMIC)
            return AEROCMD_OK;
        res->shadow = (uint8_t *)UMD_ALLOC(dev, RESOURCE_SHADOW, (size_t)bytes);
        if (res->shadow != NULL) {
            memset(res->shadow, 0, (size_t)bytes);
            return AEROCMD_OK;
        }
        aerocmd_priv_umd_release_id(dev, AEROCMD_UMD_ID_HANDLE, res->handle);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    r = UMD_NEW_ID(dev, RESOURCE_ALLOC_ID, AEROCMD_UMD_ID_ALLOC, &res->memory.alloc_id);
    if (r == AEROCMD_OK) {
        res->memory.flags = AEROCMD_UMD_MEMORY_CPU_VISIBLE;
        if (res->usage == AEROCMD_UMD_USAGE_STAGING)
            res->memory.flags |= AEROCMD_UMD_MEMORY_STAGING;
        if (res->presentable & AEROCMD_UMD_MISC_PRIMARY)
            res->memory.flags |= AEROCMD_UMD_MEMORY_PRIMARY;
        if (res->share == UMD_SHARE_CREATOR)
            r = aerocmd_priv_umd_share_allocate(dev, res);
        else
            r = UMD_ALLOCATE(dev, RESOURCE_MEMORY, &res->memory);
        if (r == AEROCMD_OK)
            return AEROCMD_OK;
        aerocmd_priv_umd_release_id(dev, AEROCMD_UMD_ID_ALLOC, res->memory.alloc_id);
    }
    aerocmd_priv_umd_release_id(dev, AEROCMD_UMD_ID_HANDLE, res->handle);
    return r;
}

/* Gives back what acquire_storage took, for a resource the host never saw. */
static void release_storage(struct aerocmd_umd_device *dev, struct aerocmd_umd_resource *res)
{
    free_shadow(dev, res);
    if (res->guest_backed && res->share != UMD_SHARE_OPENED) {
        dev->cb.free_memory(dev->cb.user, &res->memory);
        aerocmd_priv_umd_release_id(dev, AEROCMD_UMD_ID_ALLOC, res->memory.alloc_id);
    }
    aerocmd_priv_umd_release_id(dev, AEROCMD_UMD_ID_HANDLE, res->handle);
}

/* For a resource whose CREATE (or IMPORT) reached a command buffer: the host forgets it
 * first, and an exported token is released before the handle goes. An opened resource
 * gives back only its handle: the allocation is the creator's. */
static aerocmd_result retire_storage(struct aerocmd_umd_context *ctx,
                                     struct aerocmd_umd_resource *res)
{
    int owns_memory = res->guest_backed && res->share != UMD_SHARE_OPENED;
    aerocmd_result released, r;
    if (res->mapped && res->guest_backed)
        ctx->dev->cb.unlock_memory(ctx->dev->cb.user, &res->memory);
    res->mapped = 0;
    free_shadow(ctx->dev, res);
    released = aerocmd_priv_umd_share_release(ctx, res);
    if (res->exported && !ctx->lost) {
        /* The DESTROY must not overtake the release: both wait for the next buffer. */
        (void)aerocmd_priv_umd_retire_unreleased(
            ctx, res->handle, owns_memory ? &res->memory : NULL, res->share_token);
        return released;
    }
    r = aerocmd_priv_umd_retire_object(ctx, AEROGPU_CMD_DESTROY_RESOURCE, res->handle,
                                       owns_memory ? &res->memory : NULL);
    return released != AEROCMD_OK ? released : r;
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
            r = aerocmd_priv_umd_list_allocation(ctx, res, 0);
        if (r == AEROCMD_OK)
            r = aerocmd_append_create_buffer(&ctx->w, res->handle,
                                             usage_of_bind_flags(res->bind_flags), rounded,
                                             res->memory.alloc_id, 0);
        if (r != AEROCMD_OK)
            ctx->alloc_count = mark;
    } while (aerocmd_priv_umd_again(ctx, &r));
    return r;
}

static aerocmd_result emit_create_texture(struct aerocmd_umd_context *ctx,
                                          struct aerocmd_umd_resource *res, uint32_t row_pitch)
{
    struct aerocmd_texture2d_args a;
    aerocmd_result r;
    memset(&a, 0, sizeof a);
    a.texture_handle = res->handle;
    a.usage_flags = usage_of_resource(res);
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
            r = aerocmd_priv_umd_list_allocation(ctx, res, 0);
        if (r == AEROCMD_OK)
            r = aerocmd_append_create_texture2d(&ctx->w, &a);
        if (r != AEROCMD_OK)
            ctx->alloc_count = mark;
    } while (aerocmd_priv_umd_again(ctx, &r));
    return r;
}

/* A host-owned buffer's contents: 4-byte units (the last one zero padded). */
static aerocmd_result upload_buffer(struct aerocmd_umd_context *ctx,
                                    struct aerocmd_umd_resource *res, const uint8_t *data)
{
    uint32_t whole = res->size_bytes & ~3u;
    uint8_t tail[4] = {0, 0, 0, 0};
    aerocmd_result r = aerocmd_priv_umd_upload_rows(ctx, res->handle, 0, data, 4, 4, whole / 4u);
    if (r != AEROCMD_OK || whole == res->size_bytes)
        return r;
    memcpy(tail, data + whole, res->size_bytes - whole);
    return aerocmd_priv_umd_upload_rows(ctx, res->handle, whole, tail, 4, 4, 1);
}

static aerocmd_result fill_guest_buffer(struct aerocmd_umd_device *dev,
                                        struct aerocmd_umd_resource *res, const void *data)
{
    void *cpu = NULL;
    aerocmd_result r = aerocmd_priv_umd_memory_result(
        dev, UMD_CALL(dev, RESOURCE_INITIAL_BUFFER, lock_memory, &res->memory, 0, &cpu));
    if (r != AEROCMD_OK)
        return r;
    memset(cpu, 0, (size_t)res->memory.size_bytes);
    memcpy(cpu, data, res->size_bytes);
    dev->cb.unlock_memory(dev->cb.user, &res->memory);
    return AEROCMD_OK;
}

/* After CREATE and the initial contents (result r): a shareable resource is exported; any
 * failure takes back everything the host was told. */
static aerocmd_result finish_create(struct aerocmd_umd_context *ctx,
                                    struct aerocmd_umd_resource *res, aerocmd_result r,
                                    struct aerocmd_umd_resource **out)
{
    if (r == AEROCMD_OK && res->share == UMD_SHARE_CREATOR)
        r = aerocmd_priv_umd_share_export(ctx, res);
    if (r != AEROCMD_OK) {
        (void)retire_storage(ctx, res);
        memset(res, 0, sizeof *res);
        return r;
    }
    *out = res;
    return AEROCMD_OK;
}

/* ---- buffers --------------------------------------------------------------------------- */

/* Direct3D 11's rules for the two kinds of buffer that views read differently. */
static aerocmd_result check_buffer_kind(const struct aerocmd_umd_buffer_desc *desc)
{
    uint32_t stride = desc->structure_stride;
    if (!(desc->misc_flags & AEROCMD_UMD_MISC_BUFFER_STRUCTURED))
        return AEROCMD_OK;
    if (desc->misc_flags & AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS)
        return AEROCMD_E_INVALID_ARG;
    if (stride == 0 || stride % 4u != 0 || stride > AEROCMD_UMD_MAX_STRUCTURE_STRIDE ||
        desc->size_bytes % stride != 0)
        return AEROCMD_E_INVALID_ARG;
    return AEROCMD_OK;
}

/* Direct3D's usages and CPU-access bits; anything else is no description at all. */
static int usage_defined(uint32_t usage, uint32_t cpu_access)
{
    return usage <= AEROCMD_UMD_USAGE_STAGING &&
           !(cpu_access & ~(AEROCMD_UMD_CPU_ACCESS_WRITE | AEROCMD_UMD_CPU_ACCESS_READ));
}

static aerocmd_result check_buffer_desc(const struct aerocmd_umd_buffer_desc *desc)
{
    /* Direct3D creates no resource over 2 GiB (the stream validator holds it too) */
    if (desc->size_bytes == 0 ||
        (uint64_t)desc->size_bytes >
            (uint64_t)AEROCMD_D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_C_TERM << 20 ||
        !usage_defined(desc->usage, desc->cpu_access))
        return AEROCMD_E_INVALID_ARG;
    if (desc->bind_flags & ~0xFFu)
        return AEROCMD_E_INVALID_ARG;
    if (check_buffer_kind(desc) != AEROCMD_OK)
        return AEROCMD_E_INVALID_ARG;
    if (desc->misc_flags & (UMD_MISC_PRESENT_BITS | AEROCMD_UMD_MISC_GENERATE_MIPS))
        return AEROCMD_E_INVALID_ARG; /* texture-only flags */
    if (desc->bind_flags & (AEROCMD_UMD_BIND_STREAM_OUTPUT | AEROCMD_UMD_BIND_RENDER_TARGET |
                            AEROCMD_UMD_BIND_DEPTH_STENCIL))
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (desc->misc_flags & AEROCMD_UMD_MISC_SHARED)
        return aerocmd_priv_umd_share_check(desc->usage, 1, 1);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_create_buffer(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                         const struct aerocmd_umd_buffer_desc *desc,
                                         const void *initial_data,
                                         struct aerocmd_umd_resource **out)
{
    struct aerocmd_umd_context *ctx = aerocmd_priv_umd_ctx_of(dev);
    struct aerocmd_umd_resource *res = (struct aerocmd_umd_resource *)mem;
    aerocmd_result r;
    if (ctx == NULL || desc == NULL || out == NULL ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof *res))
        return AEROCMD_E_INVALID_ARG;
    r = check_buffer_desc(desc);
    if (r != AEROCMD_OK)
        return r;
    memset(res, 0, sizeof *res);
    res->dev = dev;
    res->kind = UMD_RESOURCE_BUFFER;
    res->bind_flags = desc->bind_flags;
    res->size_bytes = desc->size_bytes;
    res->buffer_misc = desc->misc_flags & (AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS |
                                           AEROCMD_UMD_MISC_BUFFER_STRUCTURED);
    if (res->buffer_misc & AEROCMD_UMD_MISC_BUFFER_STRUCTURED)
        res->structure_stride = desc->structure_stride;
    if (desc->bind_flags & AEROCMD_UMD_BIND_CONSTANT_BUFFER)
        res->cb_bytes = umd_constant_binding_bytes(desc->size_bytes);
    apply_usage(res, desc->usage, desc->cpu_access, desc->guest_backed, desc->misc_flags);
    r = acquire_storage(dev, res, (desc->size_bytes + 3u) & ~3u);
    if (r != AEROCMD_OK)
        return r;
    if (res->guest_backed && initial_data != NULL)
        r = fill_guest_buffer(dev, res, initial_data);
    if (res->shadow != NULL && initial_data != NULL)
        memcpy(res->shadow, initial_data, res->size_bytes);
    res->shadow_buffer =
        res->shadow != NULL && (res->cpu_access & AEROCMD_UMD_CPU_ACCESS_WRITE) != 0;
    /* Only vertex and index fetches have reads the driver can bound (umd_stale.c). */
    res->upload_on_use = res->shadow != NULL && res->bind_flags != 0 &&
                         (res->bind_flags & ~(uint32_t)(AEROCMD_UMD_BIND_VERTEX_BUFFER |
                                                        AEROCMD_UMD_BIND_INDEX_BUFFER)) == 0;
    if (r == AEROCMD_OK)
        r = emit_create_buffer(ctx, res);
    if (r != AEROCMD_OK) {
        release_storage(dev, res);
        return r;
    }
    if (initial_data != NULL) {
        if (res->guest_backed)
            r = aerocmd_priv_umd_emit_dirty_range(ctx, res, 0, res->memory.size_bytes);
        else
            r = upload_buffer(ctx, res, (const uint8_t *)initial_data);
    }
    return finish_create(ctx, res, r, out);
}

/* ---- textures -------------------------------------------------------------------------- */

/* Direct3D: a block-compressed texture's top level is whole 4x4 blocks (the validator holds
 * CREATE_TEXTURE2D to it too). */
static int whole_blocks(const struct aerocmd_umd_texture2d_desc *d)
{
    const struct aerocmd_dxgi_info *info = aerocmd_dxgi_info(d->dxgi_format);
    if (info == NULL || !(info->flags & AEROCMD_DXGI_FLAG_BLOCK))
        return 1;
    return d->width % 4u == 0 && d->height % 4u == 0;
}

/* Direct3D refuses larger textures (the stream validator does too): d3d11_limits.h. */
static aerocmd_result check_texture_desc(const struct aerocmd_umd_texture2d_desc *d)
{
    if (d->width == 0 || d->height == 0 || d->array_size == 0 ||
        d->width > AEROCMD_D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION ||
        d->height > AEROCMD_D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION ||
        d->array_size > AEROCMD_D3D11_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION ||
        (d->bind_flags & ~0xFFu) || !usage_defined(d->usage, d->cpu_access))
        return AEROCMD_E_INVALID_ARG;
    if (d->mip_levels > aerocmd_full_mip_count(d->width, d->height))
        return AEROCMD_E_INVALID_ARG;
    if (!whole_blocks(d))
        return AEROCMD_E_INVALID_ARG;
    if (d->sample_count > 1u)
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (d->bind_flags & (AEROCMD_UMD_BIND_UNORDERED_ACCESS | AEROCMD_UMD_BIND_STREAM_OUTPUT))
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (d->bind_flags & (AEROCMD_UMD_BIND_VERTEX_BUFFER | AEROCMD_UMD_BIND_INDEX_BUFFER |
                         AEROCMD_UMD_BIND_CONSTANT_BUFFER))
        return AEROCMD_E_INVALID_ARG;
    if (d->misc_flags &
        (AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS | AEROCMD_UMD_MISC_BUFFER_STRUCTURED))
        return AEROCMD_E_INVALID_ARG;
    if (d->misc_flags & AEROCMD_UMD_MISC_TEXTURECUBE)
        return AEROCMD_E_NOT_IMPLEMENTED;
    /* Direct3D: mips are generated through render-target views of a shader resource. */
    if ((d->misc_flags & AEROCMD_UMD_MISC_GENERATE_MIPS) &&
        (d->bind_flags & (AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE)) !=
            (AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE))
        return AEROCMD_E_INVALID_ARG;
    if ((d->misc_flags & UMD_MISC_PRESENT_BITS) &&
        (d->mip_levels > 1u || (d->mip_levels == 0 && (d->width > 1u || d->height > 1u)) ||
         d->array_size != 1u))
        return AEROCMD_E_NOT_IMPLEMENTED; /* a present binds the one level as target */
    if (d->misc_flags & AEROCMD_UMD_MISC_SHARED)
        return aerocmd_priv_umd_share_check(
            d->usage, d->mip_levels ? d->mip_levels : aerocmd_full_mip_count(d->width, d->height),
            d->array_size);
    return AEROCMD_OK;
}

static aerocmd_result upload_texture(struct aerocmd_umd_context *ctx,
                                     struct aerocmd_umd_resource *res,
                                     const struct aerocmd_umd_subresource_data *initial)
{
    struct aerocmd_texture_layout_desc ld;
    struct aerocmd_subresource_layout sub;
    uint32_t i, count = res->mip_levels * res->array_layers;
    aerocmd_priv_umd_layout_desc_of(res, &ld);
    for (i = 0; i < count; i++) {
        aerocmd_result r = aerocmd_texture_subresource(&ld, i, &sub, NULL);
        if (r == AEROCMD_OK &&
            (initial[i].data == NULL || (sub.rows > 1 && initial[i].row_pitch < sub.row_bytes)))
            r = AEROCMD_E_INVALID_ARG;
        if (r == AEROCMD_OK)
            r = aerocmd_priv_umd_upload_rows(ctx, res->handle, sub.offset_bytes,
                                             (const uint8_t *)initial[i].data, initial[i].row_pitch,
                                             sub.row_bytes, sub.rows);
        if (r != AEROCMD_OK)
            return r;
    }
    return AEROCMD_OK;
}

/* Every subresource's initial data repacked into `bytes`, the texture in guest layout. */
static aerocmd_result write_initial_texture(const struct aerocmd_umd_resource *res,
                                            const struct aerocmd_umd_subresource_data *initial,
                                            uint8_t *bytes, size_t size)
{
    struct aerocmd_texture_layout_desc ld;
    struct aerocmd_subresource_layout sub;
    uint32_t i, count = res->mip_levels * res->array_layers;
    aerocmd_result r = AEROCMD_OK;
    aerocmd_priv_umd_layout_desc_of(res, &ld);
    for (i = 0; i < count && r == AEROCMD_OK; i++) {
        r = aerocmd_texture_subresource(&ld, i, &sub, NULL);
        if (r == AEROCMD_OK && initial[i].data == NULL)
            r = AEROCMD_E_INVALID_ARG;
        if (r == AEROCMD_OK)
            r = aerocmd_texture_write_box(
                &ld, i, NULL, initial[i].data, initial[i].row_pitch,
                (size_t)(sub.rows - 1u) * initial[i].row_pitch + sub.row_bytes, bytes, size, NULL);
    }
    return r;
}

static aerocmd_result fill_guest_texture(struct aerocmd_umd_device *dev,
                                         struct aerocmd_umd_resource *res,
                                         const struct aerocmd_umd_subresource_data *initial)
{
    void *cpu = NULL;
    aerocmd_result r = aerocmd_priv_umd_memory_result(
        dev, UMD_CALL(dev, RESOURCE_INITIAL_TEXTURE, lock_memory, &res->memory, 0, &cpu));
    if (r != AEROCMD_OK)
        return r;
    r = write_initial_texture(res, initial, (uint8_t *)cpu, (size_t)res->memory.size_bytes);
    dev->cb.unlock_memory(dev->cb.user, &res->memory);
    return r;
}

static aerocmd_result init_texture(struct aerocmd_umd_device *dev, struct aerocmd_umd_resource *res,
                                   const struct aerocmd_umd_texture2d_desc *desc)
{
    struct aerocmd_texture_layout_desc ld;
    struct aerocmd_texture_layout layout;
    const struct aerocmd_format_info *info;
    aerocmd_result r =
        aerocmd_dxgi_texture_format(desc->dxgi_format, dev->abi_version, &res->format);
    if (r != AEROCMD_OK)
        return r;
    info = aerocmd_format_info(res->format);
    if ((desc->misc_flags & UMD_MISC_PRESENT_BITS) &&
        (info == NULL || !(info->caps & AEROCMD_FORMAT_CAP_RENDER_TARGET)))
        return AEROCMD_E_NOT_IMPLEMENTED;
    res->dev = dev;
    res->kind = UMD_RESOURCE_TEXTURE2D;
    res->bind_flags = desc->bind_flags;
    res->dxgi_format = desc->dxgi_format;
    res->width = desc->width;
    res->height = desc->height;
    res->array_layers = desc->array_size;
    apply_usage(res, desc->usage, desc->cpu_access, desc->guest_backed, desc->misc_flags);
    res->memory.vidpn_source_id = desc->vidpn_source_id;
    res->generate_mips = (desc->misc_flags & AEROCMD_UMD_MISC_GENERATE_MIPS) ? 1u : 0u;
    res->mip_levels = desc->mip_levels;
    aerocmd_priv_umd_layout_desc_of(res, &ld);
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
    struct aerocmd_umd_context *ctx = aerocmd_priv_umd_ctx_of(dev);
    struct aerocmd_umd_resource *res = (struct aerocmd_umd_resource *)mem;
    struct aerocmd_subresource_layout mip0;
    struct aerocmd_texture_layout_desc ld;
    uint32_t approx;
    aerocmd_result r;
    if (ctx == NULL || desc == NULL || out == NULL ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof *res))
        return AEROCMD_E_INVALID_ARG;
    r = check_texture_desc(desc);
    if (r != AEROCMD_OK)
        return r;
    approx = aerocmd_priv_umd_format_approx(dev, desc->dxgi_format);
    r = aerocmd_priv_umd_policy_allows(dev, approx);
    if (r != AEROCMD_OK)
        return r;
    memset(res, 0, sizeof *res);
    r = init_texture(dev, res, desc);
    if (r != AEROCMD_OK)
        return r;
    aerocmd_priv_umd_layout_desc_of(res, &ld);
    r = aerocmd_texture_subresource(&ld, 0, &mip0, NULL);
    if (r == AEROCMD_OK)
        r = acquire_storage(dev, res, res->size_bytes);
    if (r != AEROCMD_OK)
        return r;
    if (res->guest_backed && initial != NULL)
        r = fill_guest_texture(dev, res, initial);
    if (r == AEROCMD_OK && res->shadow != NULL && initial != NULL)
        r = write_initial_texture(res, initial, res->shadow, res->size_bytes);
    if (r == AEROCMD_OK)
        r = emit_create_texture(ctx, res, mip0.row_pitch_bytes);
    if (r != AEROCMD_OK) {
        release_storage(dev, res);
        return r;
    }
    if (initial != NULL) {
        if (res->guest_backed)
            r = aerocmd_priv_umd_emit_dirty_range(ctx, res, 0, res->size_bytes);
        else
            r = upload_texture(ctx, res, initial);
    }
    r = finish_create(ctx, res, r, out);
    if (r == AEROCMD_OK)
        aerocmd_priv_umd_count_approx(dev, approx);
    return r;
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
    ctx = aerocmd_priv_umd_ctx_of(dev);
    if (ctx != NULL) {
        aerocmd_priv_umd_unbind_resource(ctx, res);
        aerocmd_priv_umd_stale_forget(ctx, res);
        r = retire_storage(ctx, res);
    } else {
        release_storage(dev, res); /* the context, and with it the host's, is gone */
    }
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

uint64_t aerocmd_umd_resource_share_token(const struct aerocmd_umd_resource *res)
{
    return res->share_token;
}

uint32_t aerocmd_umd_resource_format(const struct aerocmd_umd_resource *res)
{
    return res->format;
}

uint64_t aerocmd_umd_resource_write_fence(const struct aerocmd_umd_resource *res)
{
    const struct aerocmd_umd_context *ctx = aerocmd_priv_umd_ctx_of(res->dev);
    if (ctx == NULL)
        return 0;
    return aerocmd_priv_umd_fence_of_serial(ctx, res->write_serial);
}
