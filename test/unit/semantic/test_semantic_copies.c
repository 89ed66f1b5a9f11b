/* SPDX-License-Identifier: MIT */
/* Direct3D's copy rules (CopyResource / CopySubresourceRegion, which COPY_BUFFER and
 * COPY_TEXTURE2D carry): the source and destination "must be different subresources
 * (although they can be from the same resource)" — a buffer is one subresource, a texture
 * has one per mip and layer, and an alias imported from an exported token is the same
 * resource as its creator — else copy_same_subresource; a copy of a block-compressed format
 * moves whole 4x4 blocks: the source box starts on a block boundary and ends on one or at
 * its mip's edge, the destination point is on one — else copy_unaligned. */
#include "semantic_harness.h"

enum {
    TEX_BC1 = 70, /* BC1 16x8, 3 mips: 16x8, 8x4, 4x2 */
    TEX_BC1B = 71,
    ALIAS_BUF = 72,
    ALIAS_TEX = 73
};

static void bc_textures(struct sb *s)
{
    static const struct sb_texture bc1 = {AEROGPU_FORMAT_BC1_RGBA_UNORM, 16, 8, 3, 1, 0, 0, 0};
    sb_create_texture(s, TEX_BC1, &bc1);
    sb_create_texture(s, TEX_BC1B, &bc1);
}

static uint32_t copy_tex(struct sb *s, uint32_t dst, uint32_t src, uint32_t dst_mip,
                         uint32_t src_mip, uint32_t dst_x, uint32_t src_x, uint32_t w, uint32_t h)
{
    struct sb_copy_tex c = {dst, src, dst_mip, 0, src_mip, 0, dst_x, 0, src_x, 0, w, h, 0};
    bc_textures(s);
    return sb_copy_texture(s, &c);
}

static uint32_t buffer_onto_itself(struct sb *s)
{
    return sb_copy_buffer(s, BUF_HOST, BUF_HOST, 0, 16, 32, 0); /* overlapping */
}
static uint32_t buffer_apart_in_itself(struct sb *s)
{
    return sb_copy_buffer(s, BUF_HOST, BUF_HOST, 0, 128, 64, 0); /* not overlapping */
}
static uint32_t buffer_into_its_alias(struct sb *s)
{
    sb_share(s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, BUF_HOST, 9);
    sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, ALIAS_BUF, 9);
    return sb_copy_buffer(s, ALIAS_BUF, BUF_HOST, 0, 128, 64, 0);
}
static uint32_t texture_onto_itself(struct sb *s)
{
    struct sb_copy_tex c = {TEX_HOST, TEX_HOST, 1, 1, 1, 1, 4, 4, 0, 0, 8, 8, 0};
    return sb_copy_texture(s, &c);
}
static uint32_t texture_into_its_alias(struct sb *s)
{
    struct sb_copy_tex c = {ALIAS_TEX, TEX_HOST, 0, 0, 0, 0, 32, 0, 0, 0, 16, 16, 0};
    sb_share(s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, TEX_HOST, 10);
    sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, ALIAS_TEX, 10);
    return sb_copy_texture(s, &c);
}
/* legal: other mips or layers of one texture, other buffers */
static uint32_t texture_mip_to_mip(struct sb *s)
{
    struct sb_copy_tex down = {TEX_HOST, TEX_HOST, 1, 0, 0, 0, 0, 0, 0, 0, 32, 32, 0};
    struct sb_copy_tex across = {TEX_HOST, TEX_HOST, 0, 1, 0, 0, 0, 0, 0, 0, 64, 64, 0};
    sb_copy_texture(s, &down);
    sb_copy_texture(s, &across);
    sb_copy_buffer(s, BUF_BACKED, BUF_HOST, 0, 0, 256, 0);
    return 0;
}

static uint32_t bc_source_x_off_block(struct sb *s)
{
    return copy_tex(s, TEX_BC1B, TEX_BC1, 0, 0, 0, 2, 4, 4);
}
static uint32_t bc_destination_x_off_block(struct sb *s)
{
    return copy_tex(s, TEX_BC1B, TEX_BC1, 0, 0, 6, 0, 4, 4);
}
static uint32_t bc_width_off_block(struct sb *s)
{
    return copy_tex(s, TEX_BC1B, TEX_BC1, 0, 0, 0, 0, 6, 4);
}
static uint32_t bc_height_off_block(struct sb *s)
{
    return copy_tex(s, TEX_BC1B, TEX_BC1, 0, 0, 0, 0, 4, 3);
}
/* mip 2 is 4x2: its whole extent ends at its edge, not on a block row */
static uint32_t bc_partial_mip_whole(struct sb *s)
{
    struct sb_copy_tex whole_mip2 = {TEX_BC1B, TEX_BC1, 2, 0, 2, 0, 0, 0, 0, 0, 4, 2, 0};
    struct sb_copy_tex two_blocks = {TEX_BC1B, TEX_BC1, 0, 0, 0, 0, 8, 4, 4, 0, 8, 4, 0};
    bc_textures(s);
    sb_copy_texture(s, &whole_mip2);
    sb_copy_texture(s, &two_blocks);
    return 0;
}
static uint32_t bc_short_of_the_edge(struct sb *s)
{
    return copy_tex(s, TEX_BC1B, TEX_BC1, 2, 2, 0, 0, 4, 1);
}
/* pixel formats have no block rule */
static uint32_t rgba_any_rectangle(struct sb *s)
{
    struct sb_copy_tex c = {TEX_BACKED, TEX_HOST, 0, 0, 0, 0, 3, 5, 1, 7, 5, 3, 0};
    sb_copy_texture(s, &c);
    return 0;
}

#define R(name)  AEROCMD_R_##name
#define OP(name) AEROGPU_CMD_##name
#define OK(name)                                                                                   \
    {                                                                                              \
#name, name, R(NONE), 0, 0                                                                 \
    }

static const struct sem_case cases[] = {
    {"buffer onto itself, overlapping", buffer_onto_itself, R(COPY_SAME_SUBRESOURCE),
     OP(COPY_BUFFER), 0},
    {"buffer onto itself, apart", buffer_apart_in_itself, R(COPY_SAME_SUBRESOURCE), OP(COPY_BUFFER),
     0},
    {"buffer into its alias", buffer_into_its_alias, R(COPY_SAME_SUBRESOURCE), OP(COPY_BUFFER), 0},
    {"texture mip onto itself", texture_onto_itself, R(COPY_SAME_SUBRESOURCE), OP(COPY_TEXTURE2D),
     0},
    {"texture into its alias, same mip and layer", texture_into_its_alias, R(COPY_SAME_SUBRESOURCE),
     OP(COPY_TEXTURE2D), 0},
    OK(texture_mip_to_mip),
    {"BC source x 2", bc_source_x_off_block, R(COPY_UNALIGNED), OP(COPY_TEXTURE2D), 0},
    {"BC destination x 6", bc_destination_x_off_block, R(COPY_UNALIGNED), OP(COPY_TEXTURE2D), 0},
    {"BC width 6", bc_width_off_block, R(COPY_UNALIGNED), OP(COPY_TEXTURE2D), 0},
    {"BC height 3", bc_height_off_block, R(COPY_UNALIGNED), OP(COPY_TEXTURE2D), 0},
    {"BC 4x1 of a 4x2 mip", bc_short_of_the_edge, R(COPY_UNALIGNED), OP(COPY_TEXTURE2D), 0},
    OK(bc_partial_mip_whole),
    OK(rgba_any_rectangle),
};

int main(void)
{
    run_cases(cases, sizeof cases / sizeof cases[0]);
    return check_finish();
}
