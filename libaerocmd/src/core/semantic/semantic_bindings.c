/* SPDX-License-Identifier: MIT */
/* semantic_bindings.c — SET_RENDER_TARGETS: each non-zero handle must be a live texture or
 * view. The other binding packets take one handle or a counted array of them, checked by
 * aerocmd_sem_bind_single and aerocmd_sem_bind_array (semantic_pass.h). */
#include "semantic_pass.h"

#include "../common/le_bytes.h"

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
        r = aerocmd_sem_bind(pass, cmd->colors[i], AEROCMD_SEM_ACCEPT_TEXTURE_OR_VIEW);
        if (r != AEROCMD_OK)
            return r;
    }
    return aerocmd_sem_bind(pass, cmd->depth_stencil, AEROCMD_SEM_ACCEPT_TEXTURE_OR_VIEW);
}
