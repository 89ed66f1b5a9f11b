/* SPDX-License-Identifier: MIT */
/* umd_mips.c — GenerateMips: each level drawn from the one above with the driver's own
 * shaders, one pass per level and array layer, through views of single levels. */
#include "aerocmd/format.h"
#include "aerocmd/umd_data.h"
#include "umd_internal.h"

#define MAX_LEVELS 16u

/* The levels, layers and format the view covers. */
static void view_range(const struct aerocmd_umd_view *v, struct umd_view_range *r)
{
    if (v->owns_handle) {
        *r = v->range;
        if (r->format == 0)
            r->format = (uint16_t)v->res->format;
        return;
    }
    r->format = (uint16_t)v->res->format;
    r->base_mip = 0;
    r->mip_count = (uint8_t)v->res->mip_levels;
    r->base_layer = 0;
    r->layer_count = (uint16_t)v->res->array_layers;
}

static void release_views(struct aerocmd_umd_context *ctx, const struct aerocmd_umd_resource *res,
                          const uint32_t *views, uint32_t count, aerocmd_result *r)
{
    uint32_t i;
    for (i = 0; i < count; i++) {
        aerocmd_result done = aerocmd_priv_umd_pass_view_done(ctx, res, views[i]);
        if (*r == AEROCMD_OK)
            *r = done;
    }
}

/* Every level of one layer after the first, each from the one above. */
static aerocmd_result generate_layer(struct aerocmd_umd_context *ctx,
                                     struct aerocmd_umd_resource *res,
                                     const struct umd_view_range *range, uint32_t layer)
{
    uint32_t views[MAX_LEVELS], made = 0, i;
    aerocmd_result r = AEROCMD_OK;
    for (i = 0; i < range->mip_count && r == AEROCMD_OK; i++) {
        r = aerocmd_priv_umd_pass_view(ctx, res, range->base_mip + i, layer, range->format,
                                       &views[i]);
        made += r == AEROCMD_OK;
    }
    for (i = 1; i < range->mip_count && r == AEROCMD_OK; i++) {
        uint32_t level = range->base_mip + i;
        struct umd_blit_pass p;
        memset(&p, 0, sizeof p);
        p.src_handle = views[i - 1];
        p.dst_handle = views[i];
        p.dst = res;
        p.linear = 1;
        p.array = res->array_layers > 1;
        p.viewport.width_f32 = umd_f32_of_u32(res->width >> level ? res->width >> level : 1u);
        p.viewport.height_f32 = umd_f32_of_u32(res->height >> level ? res->height >> level : 1u);
        p.viewport.max_depth_f32 = 0x3F800000u;
        r = aerocmd_priv_umd_blit_draw(ctx, &p);
    }
    release_views(ctx, res, views, made, &r);
    return r;
}

aerocmd_result aerocmd_umd_generate_mips(struct aerocmd_umd_context *ctx,
                                         struct aerocmd_umd_view *srv)
{
    const struct aerocmd_format_info *f;
    struct umd_view_range range;
    aerocmd_result r = AEROCMD_OK;
    uint32_t layer;
    if (umd_predicated_out(ctx))
        return AEROCMD_OK;
    if (ctx == NULL || srv == NULL || srv->dev != ctx->dev ||
        srv->kind != AEROCMD_VIEW_SHADER_RESOURCE || srv->is_buffer || !srv->res->generate_mips)
        return AEROCMD_E_INVALID_ARG;
    if (ctx->lost)
        return AEROCMD_E_DEVICE_REMOVED;
    view_range(srv, &range);
    if (range.mip_count < 2)
        return AEROCMD_OK; /* no level below the first */
    f = aerocmd_format_info(range.format);
    if (f == NULL || f->depth_bits != 0 ||
        (f->caps & (AEROCMD_FORMAT_CAP_RENDER_TARGET | AEROCMD_FORMAT_CAP_SHADER_RESOURCE)) !=
            (AEROCMD_FORMAT_CAP_RENDER_TARGET | AEROCMD_FORMAT_CAP_SHADER_RESOURCE))
        return AEROCMD_E_NOT_IMPLEMENTED;
    for (layer = 0; layer < range.layer_count && r == AEROCMD_OK; layer++)
        r = generate_layer(ctx, srv->res, &range, range.base_layer + layer);
    return r;
}
