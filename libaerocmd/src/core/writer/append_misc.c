/* SPDX-License-Identifier: MIT */
/* append_misc.c — clear, presentation, shared surfaces, flush and the packets that may
 * appear anywhere (NOP, DEBUG_MARKER). */
#include <string.h>

#include "aerocmd/writer.h"

aerocmd_result aerocmd_append_clear(struct aerocmd_writer *w, uint32_t flags,
                                    const uint32_t *color_rgba_f32, uint32_t depth_f32,
                                    uint32_t stencil)
{
    struct aerogpu_cmd_clear *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_CLEAR, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_clear *)raw;
    p->flags = flags;
    if (color_rgba_f32 != NULL)
        memcpy(p->color_rgba_f32, color_rgba_f32, sizeof p->color_rgba_f32);
    p->depth_f32 = depth_f32;
    p->stencil = stencil;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_present(struct aerocmd_writer *w, uint32_t scanout_id, uint32_t flags)
{
    struct aerogpu_cmd_present *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_PRESENT, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_present *)raw;
    p->scanout_id = scanout_id;
    p->flags = flags;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_present_ex(struct aerocmd_writer *w, uint32_t scanout_id,
                                         uint32_t flags, uint32_t d3d9_present_flags)
{
    struct aerogpu_cmd_present_ex *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_PRESENT_EX, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_present_ex *)raw;
    p->scanout_id = scanout_id;
    p->flags = flags;
    p->d3d9_present_flags = d3d9_present_flags;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_export_shared_surface(struct aerocmd_writer *w,
                                                    aerogpu_handle_t resource, uint64_t share_token)
{
    struct aerogpu_cmd_export_shared_surface *p;
    uint8_t *raw;
    aerocmd_result r =
        aerocmd_writer_emplace(w, AEROGPU_CMD_EXPORT_SHARED_SURFACE, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_export_shared_surface *)raw;
    p->resource_handle = resource;
    p->share_token = share_token;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_import_shared_surface(struct aerocmd_writer *w,
                                                    aerogpu_handle_t out_resource,
                                                    uint64_t share_token)
{
    struct aerogpu_cmd_import_shared_surface *p;
    uint8_t *raw;
    aerocmd_result r =
        aerocmd_writer_emplace(w, AEROGPU_CMD_IMPORT_SHARED_SURFACE, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_import_shared_surface *)raw;
    p->out_resource_handle = out_resource;
    p->share_token = share_token;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_release_shared_surface(struct aerocmd_writer *w, uint64_t share_token)
{
    struct aerogpu_cmd_release_shared_surface *p;
    uint8_t *raw;
    aerocmd_result r =
        aerocmd_writer_emplace(w, AEROGPU_CMD_RELEASE_SHARED_SURFACE, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_release_shared_surface *)raw;
    p->share_token = share_token;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_flush(struct aerocmd_writer *w)
{
    uint8_t *raw;
    return aerocmd_writer_emplace(w, AEROGPU_CMD_FLUSH, sizeof(struct aerogpu_cmd_flush), 0, &raw);
}

aerocmd_result aerocmd_append_nop(struct aerocmd_writer *w)
{
    uint8_t *raw;
    return aerocmd_writer_emplace(w, AEROGPU_CMD_NOP, sizeof(struct aerogpu_cmd_hdr), 0, &raw);
}

aerocmd_result aerocmd_append_debug_marker(struct aerocmd_writer *w, const char *text, uint32_t len)
{
    return aerocmd_append_raw(w, AEROGPU_CMD_DEBUG_MARKER, text, len);
}
