/* SPDX-License-Identifier: MIT */
/* semantic_bindings.c — SET_RENDER_TARGETS: each non-zero handle must be a live texture or
 * view whose format the slot can take (Direct3D: a render-target view of a colour format
 * that is not block-compressed, a depth-stencil view of a depth format). The other binding
 * packets take one handle or a counted array of them, checked by aerocmd_sem_bind_single and
 * aerocmd_sem_bind_array (semantic_pass.h). */
#include "semantic_pass.h"

#include "../common/le_bytes.h"
#include "aerocmd/format.h"

/* A target slot (0 unbinds) holding a texture or view whose format has `cap`. The format of
 * an untyped alias (format 0) is unknown here and passes. */
static aerocmd_result bind_target(const struct aerocmd_sem_pass *pass, uint32_t handle,
                                  uint16_t cap)
{
    struct aerocmd_sem_record *rec;
    const struct aerocmd_format_info *info;
    aerocmd_result r;
    if (handle == 0)
        return AEROCMD_OK;
    r = aerocmd_sem_require(pass, handle, AEROCMD_SEM_ACCEPT_TEXTURE_OR_VIEW, &rec);
    if (r != AEROCMD_OK || rec->tex.format == 0)
        return r;
    info = aerocmd_format_info(rec->tex.format);
    if (!info || !(info->caps & cap))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_TARGET_FORMAT);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_sem_set_render_targets(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    uint32_t i, count;
    const struct aerogpu_cmd_set_render_targets *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_set_render_targets, &r);
    if (!cmd)
        return r;
    count = cmd->color_count < AEROGPU_MAX_RENDER_TARGETS ? cmd->color_count
                                                          : AEROGPU_MAX_RENDER_TARGETS;
    for (i = 0; i < count; i++) {
        r = bind_target(pass, cmd->colors[i], AEROCMD_FORMAT_CAP_RENDER_TARGET);
        if (r != AEROCMD_OK)
            return r;
    }
    return bind_target(pass, cmd->depth_stencil, AEROCMD_FORMAT_CAP_DEPTH_TARGET);
}
