/* SPDX-License-Identifier: MIT */
/* umd_share.c — shared surfaces: the allocation private data of a shareable resource, the
 * EXPORT / IMPORT / RELEASE packets, and opening a resource another process created.
 *
 * The share token is the kernel driver's: it writes a fresh one into the blob when the
 * allocation is created, the OS preserves that blob and replays it to OpenResource. The
 * blob is read back with the kernel driver's own parser (kmd_alloc.h), so both sides agree
 * on what a blob means. */
#include <string.h>

#include "aerocmd/kmd_alloc.h"
#include "aerocmd/layout.h"
#include "umd_internal.h"

#define UMD_OPENED_TEXTURE_BINDS (AEROCMD_UMD_BIND_SHADER_RESOURCE | AEROCMD_UMD_BIND_RENDER_TARGET)
#define UMD_OPENED_BUFFER_BINDS                                                                    \
    (AEROCMD_UMD_BIND_VERTEX_BUFFER | AEROCMD_UMD_BIND_INDEX_BUFFER |                              \
     AEROCMD_UMD_BIND_CONSTANT_BUFFER | AEROCMD_UMD_BIND_SHADER_RESOURCE)

aerocmd_result aerocmd_priv_umd_share_check(uint32_t usage, uint32_t mip_levels,
                                            uint32_t array_layers)
{
    if (usage == AEROCMD_UMD_USAGE_STAGING)
        return AEROCMD_E_INVALID_ARG;
    if (mip_levels != 1u || array_layers != 1u)
        return AEROCMD_E_NOT_IMPLEMENTED; /* the blob has no room for them */
    return AEROCMD_OK;
}

/* ---- creating ------------------------------------------------------------------------------ */

static void describe(const struct aerocmd_umd_resource *res, struct aerocmd_kmd_alloc_info *info)
{
    struct aerocmd_subresource_layout mip0;
    memset(info, 0, sizeof *info);
    info->version = AEROGPU_WDDM_ALLOC_PRIV_VERSION_2;
    info->alloc_id = res->memory.alloc_id;
    info->flags = AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED | AEROGPU_WDDM_ALLOC_PRIV_FLAG_CPU_VISIBLE;
    info->size_bytes = res->memory.size_bytes;
    info->height = 1;
    if (res->kind == UMD_RESOURCE_BUFFER) {
        info->kind = AEROGPU_WDDM_ALLOC_KIND_BUFFER;
        info->width = res->size_bytes;
        return;
    }
    info->kind = AEROGPU_WDDM_ALLOC_KIND_TEXTURE2D;
    info->width = res->width;
    info->height = res->height;
    info->format = res->dxgi_format;
    if (aerocmd_priv_umd_subresource_of(res, 0, &mip0) == AEROCMD_OK)
        info->row_pitch_bytes = mip0.row_pitch_bytes;
}

aerocmd_result aerocmd_priv_umd_share_allocate(struct aerocmd_umd_device *dev,
                                               struct aerocmd_umd_resource *res)
{
    uint64_t blob[AEROCMD_KMD_ALLOC_PRIV_V2_BYTES / 8u];
    struct aerocmd_kmd_alloc_info info;
    struct aerocmd_kmd_fault fault;
    size_t written = 0;
    aerocmd_result r;
    describe(res, &info);
    if (aerocmd_kmd_alloc_priv_fill(&info, blob, sizeof blob, &written) != AEROCMD_OK)
        return AEROCMD_E_INVALID_ARG;
    res->memory.private_data = blob;
    res->memory.private_data_bytes = (uint32_t)written;
    r = UMD_ALLOCATE(dev, SHARED_MEMORY, &res->memory);
    res->memory.private_data = NULL; /* the blob lives on this stack frame only */
    res->memory.private_data_bytes = 0;
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_kmd_alloc_open(blob, written, &info, &fault);
    if (r == AEROCMD_OK && (info.alloc_id != res->memory.alloc_id ||
                            !(info.flags & AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED)))
        r = AEROCMD_E_MALFORMED;
    if (r != AEROCMD_OK) {
        /* a kernel driver that does not share (no token) or mangled the blob */
        dev->cb.free_memory(dev->cb.user, &res->memory);
        return AEROCMD_E_NOT_IMPLEMENTED;
    }
    res->share_token = info.share_token;
    return AEROCMD_OK;
}

/* One sharing packet for res, its allocation listed (the kernel accepts a token only from
 * a submission listing an allocation that carries it). */
static aerocmd_result emit_share_packet(struct aerocmd_umd_context *ctx,
                                        struct aerocmd_umd_resource *res, uint32_t opcode)
{
    aerocmd_result r;
    do {
        uint32_t mark = ctx->alloc_count;
        r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            break;
        r = aerocmd_priv_umd_list_allocation(ctx, res, 0);
        if (r == AEROCMD_OK && opcode == AEROGPU_CMD_EXPORT_SHARED_SURFACE)
            r = aerocmd_append_export_shared_surface(&ctx->w, res->handle, res->share_token);
        else if (r == AEROCMD_OK && opcode == AEROGPU_CMD_IMPORT_SHARED_SURFACE)
            r = aerocmd_append_import_shared_surface(&ctx->w, res->handle, res->share_token);
        else if (r == AEROCMD_OK)
            r = aerocmd_append_release_shared_surface(&ctx->w, res->share_token);
        if (r != AEROCMD_OK)
            ctx->alloc_count = mark;
    } while (aerocmd_priv_umd_again(ctx, &r));
    return r;
}

aerocmd_result aerocmd_priv_umd_share_export(struct aerocmd_umd_context *ctx,
                                             struct aerocmd_umd_resource *res)
{
    aerocmd_result r = emit_share_packet(ctx, res, AEROGPU_CMD_EXPORT_SHARED_SURFACE);
    if (r != AEROCMD_OK)
        return r;
    res->exported = 1;
    /* Another process may open the surface as soon as creation returns. */
    return aerocmd_priv_umd_submit(ctx, 0);
}

/* Destroy cannot fail and the resource's memory is reused as soon as it returns, so a
 * release that misses now would leave the token registered on the host for the device's
 * lifetime. A first attempt fails on a callback (no buffer acquired, or the full buffer's
 * submission refused); the buffer keeps its packets, and one more attempt acquires or
 * submits again. The first failure is still reported, as every call that met a failing
 * callback reports it. When the second attempt fails too, res->exported stays set and the
 * caller hands the release to the pending table with the DESTROY_RESOURCE
 * (aerocmd_priv_umd_retire_unreleased); either way the release precedes the DESTROY_RESOURCE. */
aerocmd_result aerocmd_priv_umd_share_release(struct aerocmd_umd_context *ctx,
                                              struct aerocmd_umd_resource *res)
{
    aerocmd_result first, again;
    if (!res->exported)
        return AEROCMD_OK;
    first = emit_share_packet(ctx, res, AEROGPU_CMD_RELEASE_SHARED_SURFACE);
    if (first == AEROCMD_OK || ctx->lost) {
        res->exported = 0; /* a lost device's host has dropped the token with the rest */
        return first;
    }
    again = emit_share_packet(ctx, res, AEROGPU_CMD_RELEASE_SHARED_SURFACE);
    if (again == AEROCMD_OK || ctx->lost)
        res->exported = 0;
    return again != AEROCMD_OK ? again : first;
}

/* ---- opening ------------------------------------------------------------------------------- */

/* A D3D9Ex description (reserved0 bit 63: bits 0..31 D3DFORMAT, 32..47 width, 48..62
 * height) turned into the v2 fields, row pitch left to the layout. */
static aerocmd_result take_d3d9_description(struct aerocmd_kmd_alloc_info *info)
{
    uint64_t d = info->reserved0;
    if (info->kind == AEROGPU_WDDM_ALLOC_KIND_BUFFER)
        return AEROCMD_E_INVALID_ARG;
    info->kind = AEROGPU_WDDM_ALLOC_KIND_TEXTURE2D;
    info->width = (uint32_t)(d >> 32) & 0xFFFFu;
    info->height = (uint32_t)(d >> 48) & 0x7FFFu;
    info->row_pitch_bytes = 0;
    if (info->width == 0 || info->height == 0)
        return AEROCMD_E_INVALID_ARG;
    info->format = aerocmd_d3d9_format_to_dxgi((uint32_t)d);
    return info->format != 0 ? AEROCMD_OK : AEROCMD_E_NOT_IMPLEMENTED;
}

static aerocmd_result rebuild_buffer(struct aerocmd_umd_resource *res,
                                     const struct aerocmd_kmd_alloc_info *info)
{
    if (info->width == 0 || info->width > 0xFFFFFFFCu || info->height > 1u ||
        (uint64_t)((info->width + 3u) & ~3u) > info->size_bytes)
        return AEROCMD_E_INVALID_ARG;
    res->kind = UMD_RESOURCE_BUFFER;
    res->bind_flags = UMD_OPENED_BUFFER_BINDS;
    res->size_bytes = info->width;
    res->cb_bytes = umd_constant_binding_bytes(info->width);
    return AEROCMD_OK;
}

static aerocmd_result rebuild_texture(struct aerocmd_umd_device *dev,
                                      struct aerocmd_umd_resource *res,
                                      const struct aerocmd_kmd_alloc_info *info)
{
    struct aerocmd_texture_layout_desc ld;
    struct aerocmd_texture_layout layout;
    struct aerocmd_subresource_layout mip0;
    aerocmd_result r;
    if (info->width == 0 || info->height == 0)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_dxgi_texture_format(info->format, dev->abi_version, &res->format);
    if (r != AEROCMD_OK)
        return AEROCMD_E_NOT_IMPLEMENTED;
    res->kind = UMD_RESOURCE_TEXTURE2D;
    res->bind_flags = UMD_OPENED_TEXTURE_BINDS;
    res->dxgi_format = info->format;
    res->width = info->width;
    res->height = info->height;
    res->mip_levels = 1;
    res->array_layers = 1;
    aerocmd_priv_umd_layout_desc_of(res, &ld);
    if (aerocmd_texture_layout(&ld, &layout, NULL) != AEROCMD_OK ||
        layout.total_bytes > info->size_bytes ||
        aerocmd_texture_subresource(&ld, 0, &mip0, NULL) != AEROCMD_OK)
        return AEROCMD_E_INVALID_ARG;
    if (info->row_pitch_bytes != 0 && info->row_pitch_bytes != mip0.row_pitch_bytes)
        return AEROCMD_E_NOT_IMPLEMENTED; /* the layout is always the tight canonical one */
    res->size_bytes = layout.total_bytes;
    return AEROCMD_OK;
}

/* The resource object described by a preserved blob, without handle. */
static aerocmd_result rebuild(struct aerocmd_umd_device *dev, struct aerocmd_umd_resource *res,
                              const struct aerocmd_umd_open_desc *desc)
{
    struct aerocmd_kmd_alloc_info info;
    struct aerocmd_kmd_fault fault;
    aerocmd_result r;
    if (aerocmd_kmd_alloc_open(desc->private_data, desc->private_data_bytes, &info, &fault) !=
            AEROCMD_OK ||
        !(info.flags & AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED))
        return AEROCMD_E_INVALID_ARG;
    if (info.reserved0 & AEROGPU_WDDM_ALLOC_PRIV_DESC_MARKER) {
        r = take_d3d9_description(&info);
        if (r != AEROCMD_OK)
            return r;
    }
    if (info.kind == AEROGPU_WDDM_ALLOC_KIND_BUFFER)
        r = rebuild_buffer(res, &info);
    else if (info.kind == AEROGPU_WDDM_ALLOC_KIND_TEXTURE2D)
        r = rebuild_texture(dev, res, &info);
    else
        r = AEROCMD_E_NOT_IMPLEMENTED; /* v1 or kind UNKNOWN: nothing says what it holds */
    if (r != AEROCMD_OK)
        return r;
    res->dev = dev;
    res->guest_backed = 1;
    res->share = UMD_SHARE_OPENED;
    res->share_token = info.share_token;
    res->memory.os_handle = desc->os_handle;
    res->memory.size_bytes = info.size_bytes;
    res->memory.alloc_id = info.alloc_id;
    res->memory.flags = AEROCMD_UMD_MEMORY_CPU_VISIBLE;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_open_resource(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                         const struct aerocmd_umd_open_desc *desc,
                                         struct aerocmd_umd_resource **out)
{
    struct aerocmd_umd_context *ctx = aerocmd_priv_umd_ctx_of(dev);
    struct aerocmd_umd_resource *res = (struct aerocmd_umd_resource *)mem;
    aerocmd_result r;
    if (ctx == NULL || desc == NULL || out == NULL || desc->private_data == NULL ||
        desc->os_handle == 0 || !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof *res))
        return AEROCMD_E_INVALID_ARG;
    memset(res, 0, sizeof *res);
    r = rebuild(dev, res, desc);
    if (r == AEROCMD_OK)
        r = UMD_NEW_ID(dev, OPENED_HANDLE, AEROCMD_UMD_ID_HANDLE, &res->handle);
    if (r != AEROCMD_OK) {
        memset(res, 0, sizeof *res);
        return r;
    }
    r = emit_share_packet(ctx, res, AEROGPU_CMD_IMPORT_SHARED_SURFACE);
    if (r != AEROCMD_OK) {
        aerocmd_priv_umd_release_id(dev, AEROCMD_UMD_ID_HANDLE, res->handle);
        memset(res, 0, sizeof *res);
        return r;
    }
    *out = res;
    return AEROCMD_OK;
}
