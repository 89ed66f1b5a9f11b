/* SPDX-License-Identifier: MIT */
/* umd_rotate.c — RotateResourceIdentities: swap-chain buffers trade what they stand for.
 *
 * A resource's identity is its host handle and its storage (guest allocation, CPU shadow,
 * allocation-list entry, last GPU write) with what was made of them at creation: the
 * sharing (the token the kernel gave the allocation and the host registered for the
 * handle: the object that ends up holding them releases it before the handle goes) and
 * the present bits (PRESENTABLE: the host texture was made sampled, renderable and
 * scanout-capable, which present and Blt rely on; PRIMARY: the allocation was requested as
 * a primary). DXGI rotates its front buffer, a primary, with back buffers that are not.
 * Rotating moves identities one place down the list, without copying a byte. Views follow
 * their resource object: a view sharing the texture's handle takes the new handle; a view
 * with a host object of its own gets a new host view over the new texture (created before
 * anything changes, so a failure leaves the old state whole) and the old one is retired.
 * Bound slots are marked dirty so the next draw rebinds the new handles. A failure to
 * retire an old host view comes back to the caller with the rotation done (the view's
 * DESTROY is then written later). */
#include <string.h>

#include "umd_internal.h"

struct umd_identity {
    uint32_t handle;
    struct aerocmd_umd_memory memory;
    uint64_t listed_serial;
    uint32_t listed_index;
    uint64_t write_serial;
    uint8_t *shadow;
    uint32_t share, exported, presentable;
    uint64_t share_token;
};

static void take_identity(struct umd_identity *id, const struct aerocmd_umd_resource *res)
{
    id->handle = res->handle;
    id->memory = res->memory;
    id->listed_serial = res->listed_serial;
    id->listed_index = res->listed_index;
    id->write_serial = res->write_serial;
    id->shadow = res->shadow;
    id->share = res->share;
    id->exported = res->exported;
    id->share_token = res->share_token;
    id->presentable = res->presentable;
}

static void give_identity(struct aerocmd_umd_resource *res, const struct umd_identity *id)
{
    res->handle = id->handle;
    res->memory = id->memory;
    res->listed_serial = id->listed_serial;
    res->listed_index = id->listed_index;
    res->write_serial = id->write_serial;
    res->shadow = id->shadow;
    res->share = id->share;
    res->exported = id->exported;
    res->share_token = id->share_token;
    res->presentable = id->presentable;
}

/* Swap-chain buffers: live textures of this device, alike in everything but identity,
 * none mapped, none listed twice. */
static int same_shape(const struct aerocmd_umd_resource *a, const struct aerocmd_umd_resource *b)
{
    return a->kind == b->kind && a->bind_flags == b->bind_flags && a->size_bytes == b->size_bytes &&
           a->dxgi_format == b->dxgi_format && a->format == b->format && a->width == b->width &&
           a->height == b->height && a->mip_levels == b->mip_levels &&
           a->array_layers == b->array_layers && a->guest_backed == b->guest_backed &&
           a->usage == b->usage && a->cpu_access == b->cpu_access &&
           a->generate_mips == b->generate_mips;
}

static aerocmd_result check_rotation(const struct aerocmd_umd_context *ctx,
                                     struct aerocmd_umd_resource *const *res, uint32_t count)
{
    uint32_t i, k;
    if (res == NULL)
        return count == 0 ? AEROCMD_OK : AEROCMD_E_INVALID_ARG;
    for (i = 0; i < count; i++) {
        if (res[i] == NULL || res[i]->dev != ctx->dev || res[i]->kind != UMD_RESOURCE_TEXTURE2D ||
            res[i]->mapped || !same_shape(res[0], res[i]))
            return AEROCMD_E_INVALID_ARG;
        for (k = 0; k < i; k++)
            if (res[k] == res[i])
                return AEROCMD_E_INVALID_ARG;
    }
    return AEROCMD_OK;
}

static void drop_replacements(struct aerocmd_umd_context *ctx,
                              struct aerocmd_umd_resource *const *res, uint32_t count)
{
    uint32_t i;
    struct aerocmd_umd_view *v;
    for (i = 0; i < count; i++)
        for (v = res[i]->views; v != NULL; v = v->next_on_res)
            if (v->rotated_handle != 0) {
                (void)aerocmd_priv_umd_retire_object(ctx, AEROGPU_CMD_DESTROY_TEXTURE_VIEW,
                                                     v->rotated_handle, NULL);
                v->rotated_handle = 0;
            }
}

/* Host views of the texture each owned view will see after the rotation. */
static aerocmd_result make_replacements(struct aerocmd_umd_context *ctx,
                                        struct aerocmd_umd_resource *const *res, uint32_t count)
{
    uint32_t i;
    struct aerocmd_umd_view *v;
    for (i = 0; i < count; i++)
        for (v = res[i]->views; v != NULL; v = v->next_on_res) {
            struct aerocmd_texture_view_args a;
            aerocmd_result r;
            if (!v->owns_handle)
                continue;
            a.format = v->range.format;
            a.base_mip_level = v->range.base_mip;
            a.mip_level_count = v->range.mip_count;
            a.base_array_layer = v->range.base_layer;
            a.array_layer_count = v->range.layer_count;
            a.texture_handle = res[(i + 1u) % count]->handle;
            r = UMD_NEW_ID(ctx->dev, ROTATED_VIEW_HANDLE, AEROCMD_UMD_ID_HANDLE, &a.view_handle);
            if (r == AEROCMD_OK) {
                r = aerocmd_priv_umd_emit_texture_view(ctx, &a);
                if (r != AEROCMD_OK)
                    aerocmd_priv_umd_release_id(ctx->dev, AEROCMD_UMD_ID_HANDLE, a.view_handle);
            }
            if (r != AEROCMD_OK) {
                drop_replacements(ctx, res, count);
                return r;
            }
            v->rotated_handle = a.view_handle;
        }
    return AEROCMD_OK;
}

/* Every shader-resource slot showing one of res's views rebinds. */
static void dirty_srvs_of(struct aerocmd_umd_context *ctx, const struct aerocmd_umd_resource *res)
{
    uint32_t stage, slot;
    for (stage = 0; stage < UMD_STAGE_COUNT && res->srv_refs > 0; stage++)
        for (slot = 0; slot < AEROCMD_UMD_MAX_SHADER_RESOURCES; slot++) {
            const struct aerocmd_umd_view *v = ctx->stages[stage].srv[slot];
            if (v != NULL && v->res == res) {
                ctx->stages[stage].srv_dirty[slot / 32u] |= 1u << (slot % 32u);
                ctx->dirty |= UMD_DIRTY_SRV(stage);
            }
        }
}

/* After the identities moved: views take their new handles, bound slots rebind. An old host
 * view whose DESTROY cannot be written or submitted now waits in the pending table (like
 * any destroyed object) and the rotation stands, but the failure is the caller's to know:
 * the first one is returned. */
static aerocmd_result follow_views(struct aerocmd_umd_context *ctx,
                                   struct aerocmd_umd_resource *res)
{
    aerocmd_result first = AEROCMD_OK;
    struct aerocmd_umd_view *v;
    for (v = res->views; v != NULL; v = v->next_on_res) {
        aerocmd_result r;
        if (!v->owns_handle) {
            v->handle = res->handle;
            continue;
        }
        r = aerocmd_priv_umd_retire_object(ctx, AEROGPU_CMD_DESTROY_TEXTURE_VIEW, v->handle, NULL);
        if (first == AEROCMD_OK)
            first = r;
        v->handle = v->rotated_handle;
        v->rotated_handle = 0;
    }
    dirty_srvs_of(ctx, res);
    if (res->om_slots != 0) {
        /* The targets are written under their new identity: stamp them again. */
        ctx->dirty |= UMD_DIRTY_RENDER_TARGETS | UMD_DIRTY_DRAW_CHECK;
        ctx->om_stamped_serial = 0;
    }
    return first;
}

aerocmd_result aerocmd_umd_rotate_resources(struct aerocmd_umd_context *ctx,
                                            struct aerocmd_umd_resource *const *res, uint32_t count)
{
    struct umd_identity first;
    aerocmd_result r;
    uint32_t i;
    if (ctx == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = check_rotation(ctx, res, count);
    if (r != AEROCMD_OK || count < 2u)
        return r;
    if (ctx->lost)
        return AEROCMD_E_DEVICE_REMOVED;
    r = make_replacements(ctx, res, count);
    if (r != AEROCMD_OK)
        return r;
    take_identity(&first, res[0]);
    for (i = 0; i + 1u < count; i++) {
        struct umd_identity next;
        take_identity(&next, res[i + 1u]);
        give_identity(res[i], &next);
    }
    give_identity(res[count - 1u], &first);
    for (i = 0; i < count; i++) {
        aerocmd_result followed = follow_views(ctx, res[i]);
        if (r == AEROCMD_OK)
            r = followed;
    }
    return r;
}
