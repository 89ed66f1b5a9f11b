/* SPDX-License-Identifier: MIT */
/* Formats across packets. RULES.md: a texture view reinterprets its texture only in a
 * compatible format; "sRGB variants have the same bytes as their UNORM twins". Direct3D
 * spells compatible as one cast family (R8G8B8A8_UNORM / _SRGB; B8G8R8A8 and B8G8R8X8 are
 * two families; BCn / BCn_SRGB; a depth format alone): anything else is view_format at the
 * CREATE_TEXTURE_VIEW. Direct3D binds as a render target only a colour format that is not
 * block-compressed, and as a depth-stencil target only a depth format: anything else is
 * target_format at the SET_RENDER_TARGETS, judged on the texture's format or the view's. An
 * alias imported from a token this pass never saw has no known format and passes. */
#include "semantic_harness.h"

enum {
    TEX_BC1 = 70,  /* BC1 16x16 */
    TEX_D32 = 71,  /* D32_FLOAT 16x16 */
    TEX_565 = 72,  /* B5G6R5 16x16 */
    TEX_BGRX = 73, /* B8G8R8X8 32x32 (TEX_DEPTH's size: they are bound together) */
    NEW_VIEW = 80, /* the view a case creates */
    ALIAS = 81     /* an import of a token never exported here */
};

static void more_textures(struct sb *s)
{
    static const struct sb_texture bc1 = {AEROGPU_FORMAT_BC1_RGBA_UNORM, 16, 16, 1, 1, 0, 0, 0};
    static const struct sb_texture d32 = {AEROGPU_FORMAT_D32_FLOAT, 16, 16, 1, 1, 0, 0, 0};
    static const struct sb_texture b565 = {AEROGPU_FORMAT_B5G6R5_UNORM, 16, 16, 1, 1, 0, 0, 0};
    static const struct sb_texture bgrx = {AEROGPU_FORMAT_B8G8R8X8_UNORM, 32, 32, 1, 1, 0, 0, 0};
    sb_create_texture(s, TEX_BC1, &bc1);
    sb_create_texture(s, TEX_D32, &d32);
    sb_create_texture(s, TEX_565, &b565);
    sb_create_texture(s, TEX_BGRX, &bgrx);
}

/* A one-mip, one-layer view of `texture` in `format` (0: the texture's own). */
static uint32_t view_as(struct sb *s, uint32_t texture, uint32_t format)
{
    struct aerogpu_cmd_create_texture_view c;
    more_textures(s);
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_CREATE_TEXTURE_VIEW;
    c.view_handle = NEW_VIEW;
    c.texture_handle = texture;
    c.format = format;
    c.mip_level_count = 1;
    c.array_layer_count = 1;
    return sb_add(s, &c, sizeof c);
}

#define VIEW_CASE(name, texture, format)                                                           \
    static uint32_t name(struct sb *s)                                                             \
    {                                                                                              \
        return view_as(s, texture, AEROGPU_FORMAT_##format);                                       \
    }
VIEW_CASE(rgba_view_of_bgra, TEX_BGRA, R8G8B8A8_UNORM)
VIEW_CASE(bgrx_view_of_bgra, TEX_BGRA, B8G8R8X8_UNORM)
VIEW_CASE(rgba_view_of_bc1, TEX_BC1, R8G8B8A8_UNORM)
VIEW_CASE(bc3_view_of_bc1, TEX_BC1, BC3_RGBA_UNORM)
VIEW_CASE(d24_view_of_d32, TEX_D32, D24_UNORM_S8_UINT)
VIEW_CASE(rgba_view_of_d24, TEX_DEPTH, R8G8B8A8_UNORM)
VIEW_CASE(b5g5r5a1_view_of_565, TEX_565, B5G5R5A1_UNORM)
VIEW_CASE(srgb_view_of_rgba, TEX_HOST, R8G8B8A8_UNORM_SRGB)
VIEW_CASE(bc1_srgb_view_of_bc1, TEX_BC1, BC1_RGBA_UNORM_SRGB)
VIEW_CASE(bgrx_srgb_view_of_bgrx, TEX_BGRX, B8G8R8X8_UNORM_SRGB)
VIEW_CASE(own_format_view, TEX_BC1, INVALID)

/* SET_RENDER_TARGETS with `color` in slot 0 (0: none) and `depth`. */
static uint32_t targets(struct sb *s, uint32_t color, uint32_t depth)
{
    return sb_set_render_targets(s, color != 0, &color, depth);
}

#define TARGET_CASE(name, color, depth)                                                            \
    static uint32_t name(struct sb *s)                                                             \
    {                                                                                              \
        more_textures(s);                                                                          \
        return targets(s, color, depth);                                                           \
    }
TARGET_CASE(bc1_as_render_target, TEX_BC1, 0)
TARGET_CASE(d32_as_render_target, TEX_D32, 0)
TARGET_CASE(d24_as_render_target, TEX_DEPTH, 0)
TARGET_CASE(rgba_as_depth_target, 0, TEX_HOST)
TARGET_CASE(bc1_as_depth_target, 0, TEX_BC1)
TARGET_CASE(colour_and_depth, TEX_565, TEX_D32)
TARGET_CASE(bgrx_and_d24, TEX_BGRX, TEX_DEPTH)

/* a view is judged by its own format: an sRGB view of RGBA8 renders, a BC view does not */
static uint32_t bc1_view_as_render_target(struct sb *s)
{
    view_as(s, TEX_BC1, 0);
    return targets(s, NEW_VIEW, 0);
}
static uint32_t srgb_view_as_render_target(struct sb *s)
{
    view_as(s, TEX_HOST, AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB);
    return targets(s, NEW_VIEW, 0);
}
static uint32_t d32_view_as_depth_target(struct sb *s)
{
    view_as(s, TEX_D32, 0);
    return targets(s, 0, NEW_VIEW);
}
static uint32_t bc1_in_second_slot(struct sb *s)
{
    static const uint32_t colors[2] = {TEX_HOST, TEX_BC1};
    more_textures(s);
    return sb_set_render_targets(s, 2, colors, 0);
}
/* an untyped alias: its format is another process's, unknown here */
static uint32_t alias_as_both_targets(struct sb *s)
{
    sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, ALIAS, 0x5151);
    sb_set_render_targets(s, 1, (const uint32_t[]){ALIAS}, 0);
    return targets(s, 0, ALIAS);
}

#define R(name)  AEROCMD_R_##name
#define OP(name) AEROGPU_CMD_##name
#define OK(name)                                                                                   \
    {                                                                                              \
#name, name, R(NONE), 0, 0                                                                 \
    }

static const struct sem_case cases[] = {
    {"RGBA8 view of a BGRA8 texture", rgba_view_of_bgra, R(VIEW_FORMAT), OP(CREATE_TEXTURE_VIEW),
     0},
    {"BGRX8 view of a BGRA8 texture", bgrx_view_of_bgra, R(VIEW_FORMAT), OP(CREATE_TEXTURE_VIEW),
     0},
    {"RGBA8 view of a BC1 texture", rgba_view_of_bc1, R(VIEW_FORMAT), OP(CREATE_TEXTURE_VIEW), 0},
    {"BC3 view of a BC1 texture", bc3_view_of_bc1, R(VIEW_FORMAT), OP(CREATE_TEXTURE_VIEW), 0},
    {"D24S8 view of a D32 texture", d24_view_of_d32, R(VIEW_FORMAT), OP(CREATE_TEXTURE_VIEW), 0},
    {"RGBA8 view of a D24S8 texture", rgba_view_of_d24, R(VIEW_FORMAT), OP(CREATE_TEXTURE_VIEW), 0},
    {"B5G5R5A1 view of a B5G6R5 texture", b5g5r5a1_view_of_565, R(VIEW_FORMAT),
     OP(CREATE_TEXTURE_VIEW), 0},
    OK(srgb_view_of_rgba),
    OK(bc1_srgb_view_of_bc1),
    OK(bgrx_srgb_view_of_bgrx),
    OK(own_format_view),

    {"BC1 texture as render target", bc1_as_render_target, R(TARGET_FORMAT), OP(SET_RENDER_TARGETS),
     0},
    {"D32 texture as render target", d32_as_render_target, R(TARGET_FORMAT), OP(SET_RENDER_TARGETS),
     0},
    {"D24S8 texture as render target", d24_as_render_target, R(TARGET_FORMAT),
     OP(SET_RENDER_TARGETS), 0},
    {"RGBA8 texture as depth target", rgba_as_depth_target, R(TARGET_FORMAT),
     OP(SET_RENDER_TARGETS), 0},
    {"BC1 texture as depth target", bc1_as_depth_target, R(TARGET_FORMAT), OP(SET_RENDER_TARGETS),
     0},
    {"BC1 view as render target", bc1_view_as_render_target, R(TARGET_FORMAT),
     OP(SET_RENDER_TARGETS), 0},
    {"BC1 texture in the second colour slot", bc1_in_second_slot, R(TARGET_FORMAT),
     OP(SET_RENDER_TARGETS), 0},
    OK(colour_and_depth),
    OK(bgrx_and_d24),
    OK(srgb_view_as_render_target),
    OK(d32_view_as_depth_target),
    OK(alias_as_both_targets),
};

int main(void)
{
    run_cases(cases, sizeof cases / sizeof cases[0]);
    return check_finish();
}
