/* SPDX-License-Identifier: MIT */
/* umd_view.c — shader-resource, render-target and depth-stencil views. */
#include <string.h>

#include "umd_internal.h"

size_t aerocmd_umd_view_size(void)
{
    return sizeof(struct aerocmd_umd_view);
}

static uint32_t required_bind_flag(enum aerocmd_view_kind kind)
{
    switch (kind) {
    case AEROCMD_VIEW_SHADER_RESOURCE:
        return AEROCMD_UMD_BIND_SHADER_RESOURCE;
    case AEROCMD_VIEW_RENDER_TARGET:
        return AEROCMD_UMD_BIND_RENDER_TARGET;
    case AEROCMD_VIEW_DEPTH_STENCIL:
        return AEROCMD_UMD_BIND_DEPTH_STENCIL;
    default:
        return 0;
    }
}

/* The flags each kind of view has; a read-only depth-stencil view is valid Direct3D that
 * the protocol cannot carry (SET_RENDER_TARGETS has no read-only depth target). */
static aerocmd_result check_flags(enum aerocmd_view_kind kind,
                                  const struct aerocmd_umd_resource *res, uint32_t flags)
{
    uint32_t allowed = 0;
    if (kind == AEROCMD_VIEW_SHADER_RESOURCE && res->kind == UMD_RESOURCE_BUFFER)
        allowed = AEROCMD_UMD_VIEW_RAW;
    else if (kind == AEROCMD_VIEW_DEPTH_STENCIL)
        allowed = AEROCMD_UMD_VIEW_READ_ONLY_DEPTH | AEROCMD_UMD_VIEW_READ_ONLY_STENCIL;
    if (flags & ~allowed)
        return AEROCMD_E_INVALID_ARG;
    if (kind == AEROCMD_VIEW_DEPTH_STENCIL && flags != 0)
        return AEROCMD_E_NOT_IMPLEMENTED;
    return AEROCMD_OK;
}

/* The element size of a buffer shader-resource view, by Direct3D 11's rules for its kind
 * (umd_objects.h): raw, structured or typed. */
static aerocmd_result buffer_element_bytes(const struct aerocmd_umd_resource *res,
                                           const struct aerocmd_umd_view_desc *desc, uint32_t *out)
{
    uint32_t bytes = 0;
    if (desc->flags & AEROCMD_UMD_VIEW_RAW) {
        if (!(res->buffer_misc & AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS) ||
            desc->dxgi_format != AEROCMD_DXGI_FORMAT_R32_TYPELESS)
            return AEROCMD_E_INVALID_ARG;
        bytes = 4;
    } else if (desc->dxgi_format == 0) {
        if (!(res->buffer_misc & AEROCMD_UMD_MISC_BUFFER_STRUCTURED))
            return AEROCMD_E_INVALID_ARG;
        bytes = res->structure_stride;
    } else {
        aerocmd_result r;
        if (res->buffer_misc & AEROCMD_UMD_MISC_BUFFER_STRUCTURED)
            return AEROCMD_E_INVALID_ARG;
        r = aerocmd_dxgi_vertex_format(desc->dxgi_format, &bytes);
        if (r != AEROCMD_OK)
            return r;
    }
    if (desc->element_bytes != 0 && desc->element_bytes != bytes)
        return AEROCMD_E_INVALID_ARG;
    *out = bytes;
    return AEROCMD_OK;
}

static aerocmd_result init_buffer_view(struct aerocmd_umd_view *view, enum aerocmd_view_kind kind,
                                       const struct aerocmd_umd_resource *res,
                                       const struct aerocmd_umd_view_desc *desc)
{
    uint32_t element_bytes = 0;
    uint64_t begin, size;
    aerocmd_result r;
    if (kind != AEROCMD_VIEW_SHADER_RESOURCE)
        return AEROCMD_E_NOT_IMPLEMENTED;
    r = buffer_element_bytes(res, desc, &element_bytes);
    if (r != AEROCMD_OK)
        return r;
    begin = (uint64_t)desc->first_element * element_bytes;
    size = (uint64_t)desc->element_count * element_bytes;
    if (size == 0 || begin > res->size_bytes || size > res->size_bytes - begin)
        return AEROCMD_E_INVALID_ARG;
    view->is_buffer = 1;
    view->handle = res->handle;
    view->offset_bytes = (uint32_t)begin;
    view->size_bytes = (uint32_t)size;
    return AEROCMD_OK;
}

/* Resolves "to the end" counts and checks the subrange. */
static aerocmd_result resolve_range(uint32_t first, uint32_t count, uint32_t total,
                                    uint32_t *out_count)
{
    if (first >= total)
        return AEROCMD_E_INVALID_ARG;
    if (count == 0 || count == UINT32_MAX)
        count = total - first;
    if (count > total - first)
        return AEROCMD_E_INVALID_ARG;
    *out_count = count;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_umd_emit_texture_view(struct aerocmd_umd_context *ctx,
                                                  const struct aerocmd_texture_view_args *args)
{
    aerocmd_result r;
    do {
        r = umd_ready(ctx);
        if (r == AEROCMD_OK)
            r = aerocmd_append_create_texture_view(&ctx->w, args);
    } while (aerocmd_priv_umd_again(ctx, &r));
    return r;
}

static aerocmd_result init_texture_view(struct aerocmd_umd_context *ctx,
                                        struct aerocmd_umd_view *view, enum aerocmd_view_kind kind,
                                        const struct aerocmd_umd_resource *res,
                                        const struct aerocmd_umd_view_desc *desc)
{
    struct aerocmd_texture_view_args a;
    uint32_t format = 0;
    aerocmd_result r = aerocmd_dxgi_view_format(res->dxgi_format, desc->dxgi_format, kind,
                                                ctx->dev->abi_version, &format);
    memset(&a, 0, sizeof a);
    if (r == AEROCMD_OK)
        r = resolve_range(desc->first_mip,
                          kind == AEROCMD_VIEW_SHADER_RESOURCE ? desc->mip_count : 1u,
                          res->mip_levels, &a.mip_level_count);
    if (r == AEROCMD_OK)
        r = resolve_range(desc->first_layer, desc->layer_count, res->array_layers,
                          &a.array_layer_count);
    if (r != AEROCMD_OK)
        return r;
    a.base_mip_level = desc->first_mip;
    a.base_array_layer = desc->first_layer;
    a.texture_handle = res->handle;
    a.format = format == res->format ? 0u : format;
    if (a.format == 0 && a.base_mip_level == 0 && a.mip_level_count == res->mip_levels &&
        a.base_array_layer == 0 && a.array_layer_count == res->array_layers) {
        view->handle = res->handle; /* the whole texture as it is: no view object needed */
        return AEROCMD_OK;
    }
    r = UMD_NEW_ID(ctx->dev, VIEW_HANDLE, AEROCMD_UMD_ID_HANDLE, &a.view_handle);
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_priv_umd_emit_texture_view(ctx, &a);
    if (r != AEROCMD_OK) {
        aerocmd_priv_umd_release_id(ctx->dev, AEROCMD_UMD_ID_HANDLE, a.view_handle);
        return r;
    }
    view->handle = a.view_handle;
    view->owns_handle = 1;
    view->range.format = (uint16_t)a.format;
    view->range.base_mip = (uint8_t)a.base_mip_level;
    view->range.mip_count = (uint8_t)a.mip_level_count;
    view->range.base_layer = (uint16_t)a.base_array_layer;
    view->range.layer_count = (uint16_t)a.array_layer_count;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_create_view(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                       enum aerocmd_view_kind kind,
                                       struct aerocmd_umd_resource *res,
                                       const struct aerocmd_umd_view_desc *desc,
                                       struct aerocmd_umd_view **out)
{
    struct aerocmd_umd_context *ctx = aerocmd_priv_umd_ctx_of(dev);
    struct aerocmd_umd_view *view = (struct aerocmd_umd_view *)mem;
    aerocmd_result r;
    if (ctx == NULL || res == NULL || res->dev != dev || desc == NULL || out == NULL ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof *view))
        return AEROCMD_E_INVALID_ARG;
    if (required_bind_flag(kind) == 0 || !(res->bind_flags & required_bind_flag(kind)))
        return AEROCMD_E_INVALID_ARG;
    r = check_flags(kind, res, desc->flags);
    if (r != AEROCMD_OK)
        return r;
    memset(view, 0, sizeof *view);
    view->dev = dev;
    view->res = res;
    view->kind = (uint32_t)kind;
    if (res->kind == UMD_RESOURCE_BUFFER)
        r = init_buffer_view(view, kind, res, desc);
    else
        r = init_texture_view(ctx, view, kind, res, desc);
    if (r != AEROCMD_OK) {
        memset(view, 0, sizeof *view);
        return r;
    }
    view->next_on_res = res->views;
    res->views = view;
    *out = view;
    return AEROCMD_OK;
}

static void unlink_view(struct aerocmd_umd_view *view)
{
    struct aerocmd_umd_view **at = &view->res->views;
    while (*at != NULL && *at != view)
        at = &(*at)->next_on_res;
    if (*at == view)
        *at = view->next_on_res;
}

aerocmd_result aerocmd_umd_destroy_view(struct aerocmd_umd_view *view)
{
    struct aerocmd_umd_context *ctx;
    aerocmd_result r = AEROCMD_OK;
    if (view == NULL || view->dev == NULL)
        return AEROCMD_E_INVALID_ARG;
    ctx = aerocmd_priv_umd_ctx_of(view->dev);
    if (ctx != NULL)
        aerocmd_priv_umd_unbind_view(ctx, view);
    unlink_view(view);
    if (view->owns_handle) {
        r = ctx != NULL ? aerocmd_priv_umd_retire_object(ctx, AEROGPU_CMD_DESTROY_TEXTURE_VIEW,
                                                         view->handle, NULL)
                        : AEROCMD_E_INVALID_ARG;
    }
    memset(view, 0, sizeof *view);
    return r;
}

uint32_t aerocmd_umd_view_handle(const struct aerocmd_umd_view *view)
{
    return view->handle;
}
