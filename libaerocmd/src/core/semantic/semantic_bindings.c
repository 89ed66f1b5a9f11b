/* SPDX-License-Identifier: MIT */
/* semantic_bindings.c — SET_RENDER_TARGETS and PRESENT. Each non-zero target handle must
 * be a live texture or view whose format the slot can take (Direct3D: a render-target view
 * of a colour format that is not block-compressed, a depth-stencil view of a depth format),
 * and what is bound together must have one width, height and array size: Direct3D 11
 * refuses render targets and a depth target whose views differ ("effective dimensions ...
 * equal", OMSetRenderTargets). A PRESENT shows the first non-zero colour target bound
 * (RULES.md); after the stream bound none there is nothing to show. The other binding
 * packets take one handle or a counted array of them, checked by aerocmd_sem_bind_single
 * and aerocmd_sem_bind_array (semantic_pass.h). */
#include "semantic_pass.h"

#include "../common/le_bytes.h"
#include "aerocmd/format.h"

/* The extent a target handle renders to; 0 when this pass cannot know it (a resource
 * imported from a token it never saw exported, or a view of one). */
static int target_extent(const struct aerocmd_sem_record *rec, uint32_t out[3])
{
    if (rec->kind == AEROCMD_SEM_UNTYPED_RESOURCE || rec->tex.width == 0)
        return 0;
    out[0] = rec->tex.width;
    out[1] = rec->tex.height;
    out[2] = rec->tex.array_layers;
    return 1;
}

/* One handle of SET_RENDER_TARGETS: live, a texture or view whose format has `cap`, of
 * the extent seen so far. The format of an untyped alias (format 0) is unknown here and
 * passes. */
static aerocmd_result bind_target(const struct aerocmd_sem_pass *pass, uint32_t handle,
                                  uint16_t cap, uint32_t extent[3], int *have)
{
    struct aerocmd_sem_record *rec;
    const struct aerocmd_format_info *info;
    uint32_t mine[3];
    aerocmd_result r;
    if (handle == 0)
        return AEROCMD_OK;
    r = aerocmd_sem_require(pass, handle, AEROCMD_SEM_ACCEPT_TEXTURE_OR_VIEW, &rec);
    if (r != AEROCMD_OK)
        return r;
    info = rec->tex.format != 0 ? aerocmd_format_info(rec->tex.format) : NULL;
    if (rec->tex.format != 0 && (!info || !(info->caps & cap)))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_TARGET_FORMAT);
    if (!target_extent(rec, mine))
        return AEROCMD_OK;
    if (*have && (mine[0] != extent[0] || mine[1] != extent[1] || mine[2] != extent[2]))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_TARGET_SIZE_MISMATCH);
    extent[0] = mine[0], extent[1] = mine[1], extent[2] = mine[2];
    *have = 1;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_sem_set_render_targets(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    uint32_t i, count, extent[3] = {0, 0, 0};
    int have = 0;
    const struct aerogpu_cmd_set_render_targets *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_set_render_targets, &r);
    if (!cmd)
        return r;
    count = cmd->color_count < AEROGPU_MAX_RENDER_TARGETS ? cmd->color_count
                                                          : AEROGPU_MAX_RENDER_TARGETS;
    for (i = 0; i < count; i++) {
        r = bind_target(pass, cmd->colors[i], AEROCMD_FORMAT_CAP_RENDER_TARGET, extent, &have);
        if (r != AEROCMD_OK)
            return r;
    }
    r = bind_target(pass, cmd->depth_stencil, AEROCMD_FORMAT_CAP_DEPTH_TARGET, extent, &have);
    if (r != AEROCMD_OK)
        return r;
    pass->targets->known = 1;
    pass->targets->count = count;
    for (i = 0; i < AEROGPU_MAX_RENDER_TARGETS; i++)
        pass->targets->colors[i] = i < count ? cmd->colors[i] : 0;
    return AEROCMD_OK;
}

void aerocmd_priv_sem_unbind_target(const struct aerocmd_sem_pass *pass, uint32_t handle)
{
    uint32_t i;
    for (i = 0; i < AEROGPU_MAX_RENDER_TARGETS; i++)
        if (pass->targets->colors[i] == handle)
            pass->targets->colors[i] = 0;
}

aerocmd_result aerocmd_priv_sem_present(const struct aerocmd_sem_pass *pass)
{
    const struct aerocmd_sem_targets *t = pass->targets;
    uint32_t i;
    if (!t->known)
        return AEROCMD_OK;
    for (i = 0; i < t->count; i++)
        if (t->colors[i] != 0)
            return AEROCMD_OK;
    return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_PRESENT_NO_TARGET);
}
