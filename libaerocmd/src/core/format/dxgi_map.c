/* SPDX-License-Identifier: MIT */
/* dxgi_map.c — DXGI_FORMAT -> aerogpu_format for resources and views, and the input
 * assembler's vertex and index formats. */
#include "format_internal.h"

#include "aerogpu_cmd.h"

aerocmd_result aerocmd_dxgi_texture_format(uint32_t dxgi_format, uint32_t abi_version,
                                           uint32_t *out_format)
{
    const struct aerocmd_dxgi_info *row = aerocmd_dxgi_info(dxgi_format);
    if (!row)
        return AEROCMD_E_INVALID_ARG;
    if (!row->texture_format)
        return AEROCMD_E_NOT_IMPLEMENTED;
    return aerocmd_format_for_abi(row->texture_format, abi_version, out_format);
}

/* Direct3D's own rule for which kind of format each view kind takes. */
static int view_class_is_legal(const struct aerocmd_dxgi_info *view, enum aerocmd_view_kind kind)
{
    switch (kind) {
    case AEROCMD_VIEW_RENDER_TARGET:
        return view->dxgi_class == AEROCMD_DXGI_CLASS_COLOR &&
               !(view->flags & AEROCMD_DXGI_FLAG_BLOCK);
    case AEROCMD_VIEW_DEPTH_STENCIL:
        return view->dxgi_class == AEROCMD_DXGI_CLASS_DEPTH;
    case AEROCMD_VIEW_SHADER_RESOURCE:
        return view->dxgi_class == AEROCMD_DXGI_CLASS_COLOR ||
               view->dxgi_class == AEROCMD_DXGI_CLASS_DEPTH_READ ||
               view->dxgi_class == AEROCMD_DXGI_CLASS_STENCIL_READ;
    }
    return 0;
}

static uint32_t cap_for_view(enum aerocmd_view_kind kind)
{
    switch (kind) {
    case AEROCMD_VIEW_RENDER_TARGET:
        return AEROCMD_FORMAT_CAP_RENDER_TARGET;
    case AEROCMD_VIEW_DEPTH_STENCIL:
        return AEROCMD_FORMAT_CAP_DEPTH_TARGET;
    case AEROCMD_VIEW_SHADER_RESOURCE:
        break;
    }
    return AEROCMD_FORMAT_CAP_SHADER_RESOURCE;
}

/* The stored format a legal view reads or writes; 0 when the protocol cannot say it. */
static uint32_t view_storage(uint32_t resource_dxgi, uint32_t view_dxgi,
                             const struct aerocmd_dxgi_info *view, enum aerocmd_view_kind kind)
{
    /* R32_TYPELESS is always stored as D32_FLOAT, so its R32_FLOAT SRV reads depth. */
    if (kind == AEROCMD_VIEW_SHADER_RESOURCE && resource_dxgi == AEROCMD_DXGI_FORMAT_R32_TYPELESS &&
        view_dxgi == AEROCMD_DXGI_FORMAT_R32_FLOAT)
        return AEROGPU_FORMAT_D32_FLOAT;
    return view->texture_format;
}

aerocmd_result aerocmd_dxgi_view_format(uint32_t resource_dxgi, uint32_t view_dxgi,
                                        enum aerocmd_view_kind kind, uint32_t abi_version,
                                        uint32_t *out_format)
{
    const struct aerocmd_dxgi_info *resource = aerocmd_dxgi_info(resource_dxgi);
    const struct aerocmd_dxgi_info *view;
    const struct aerocmd_format_info *stored;
    int resource_typeless;
    if (!resource || (unsigned)kind > AEROCMD_VIEW_DEPTH_STENCIL)
        return AEROCMD_E_INVALID_ARG;
    resource_typeless = resource->dxgi_class == AEROCMD_DXGI_CLASS_TYPELESS;
    if (view_dxgi == AEROCMD_DXGI_FORMAT_UNKNOWN) {
        if (resource_typeless)
            return AEROCMD_E_INVALID_ARG;
        view_dxgi = resource_dxgi;
    }
    view = aerocmd_dxgi_info(view_dxgi);
    if (!view || view->dxgi_class == AEROCMD_DXGI_CLASS_TYPELESS)
        return AEROCMD_E_INVALID_ARG;
    if (resource_typeless ? view->family != resource->family : view_dxgi != resource_dxgi)
        return AEROCMD_E_INVALID_ARG;
    if (!view_class_is_legal(view, kind))
        return AEROCMD_E_INVALID_ARG;
    if (!resource->texture_format)
        return AEROCMD_E_NOT_IMPLEMENTED;
    stored = aerocmd_format_info(view_storage(resource_dxgi, view_dxgi, view, kind));
    if (!stored || !(stored->caps & cap_for_view(kind)))
        return AEROCMD_E_NOT_IMPLEMENTED;
    return aerocmd_format_for_abi(stored->format, abi_version, out_format);
}

aerocmd_result aerocmd_dxgi_vertex_format(uint32_t dxgi_format, uint32_t *out_bytes)
{
    const struct aerocmd_dxgi_info *row = aerocmd_dxgi_info(dxgi_format);
    if (!row)
        return AEROCMD_E_INVALID_ARG;
    if (!(row->flags & AEROCMD_DXGI_FLAG_VERTEX))
        return AEROCMD_E_NOT_IMPLEMENTED;
    *out_bytes = row->vertex_bytes;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_dxgi_index_format(uint32_t dxgi_format, uint32_t *out_index_format)
{
    const struct aerocmd_dxgi_info *row = aerocmd_dxgi_info(dxgi_format);
    if (!row || !(row->flags & AEROCMD_DXGI_FLAG_INDEX))
        return AEROCMD_E_INVALID_ARG;
    *out_index_format =
        row->vertex_bytes == 2 ? AEROGPU_INDEX_FORMAT_UINT16 : AEROGPU_INDEX_FORMAT_UINT32;
    return AEROCMD_OK;
}
