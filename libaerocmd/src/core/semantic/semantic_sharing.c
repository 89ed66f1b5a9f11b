/* SPDX-License-Identifier: MIT */
/* semantic_sharing.c — shared surfaces: exports remember what a token names, imports create
 * aliases, releases forget the token. */
#include "semantic_pass.h"

aerocmd_result aerocmd_priv_sem_export(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct aerocmd_sem_record *res, *token;
    const struct aerogpu_cmd_export_shared_surface *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_export_shared_surface, &r);
    if (!cmd)
        return r;
    r = aerocmd_sem_require(pass, cmd->resource_handle, AEROCMD_SEM_ACCEPT_RESOURCE, &res);
    if (r != AEROCMD_OK)
        return r;
    token = aerocmd_sem_lookup(pass->st, AEROCMD_SEM_ROLE_EXPORT, cmd->share_token);
    if (!token) {
        r = aerocmd_priv_sem_add(pass, AEROCMD_SEM_ROLE_EXPORT, cmd->share_token, &token);
        if (r != AEROCMD_OK)
            return r;
    }
    /* a snapshot, so the token outlives the handle it was exported from */
    aerocmd_priv_sem_copy_facts(token, res);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_sem_import(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct aerocmd_sem_record *token, *alias;
    const struct aerogpu_cmd_import_shared_surface *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_import_shared_surface, &r);
    if (!cmd)
        return r;
    r = aerocmd_priv_sem_check_new(pass, cmd->out_resource_handle);
    if (r != AEROCMD_OK)
        return r;
    /* RULES.md: an unknown token is an error. Only a tracker that saw the whole guest knows
     * every token; to one device's, a token another process exported is no error, and the
     * alias stays untyped. */
    token = aerocmd_sem_lookup(pass->st, AEROCMD_SEM_ROLE_EXPORT, cmd->share_token);
    if (!token && (pass->st->flags & AEROCMD_SEMANTIC_GUEST_WIDE))
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_SHARE_TOKEN_UNKNOWN);
    r = aerocmd_priv_sem_add(pass, AEROCMD_SEM_ROLE_OBJECT, cmd->out_resource_handle, &alias);
    if (r != AEROCMD_OK)
        return r;
    /* records never move: the token looked up before the insert is still valid */
    if (token)
        aerocmd_priv_sem_copy_facts(alias, token);
    else
        alias->kind = AEROCMD_SEM_UNTYPED_RESOURCE;
    alias->is_alias = 1;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_sem_release(const struct aerocmd_sem_pass *pass)
{
    aerocmd_result r;
    struct aerocmd_sem_record *token;
    const struct aerogpu_cmd_release_shared_surface *cmd =
        AEROCMD_SEM_FIXED(pass, aerogpu_cmd_release_shared_surface, &r);
    if (!cmd)
        return r;
    token = aerocmd_sem_lookup(pass->st, AEROCMD_SEM_ROLE_EXPORT, cmd->share_token);
    if (token)
        aerocmd_priv_sem_remove(pass->st, token);
    return AEROCMD_OK;
}
