/* SPDX-License-Identifier: MIT */
/* The semantic pass on what is bound for output and presented (issue #27).
 *
 * Direct3D 11 refuses render targets and a depth target bound together unless their views'
 * effective dimensions are equal: width, height and array size (OMSetRenderTargets; the
 * runtime drops the call, so a driver never sends it). A texture bound directly is a view
 * of its mip 0 and all its layers; a view renders to its first mip. Gaps (0) take no part.
 *
 * PRESENT shows the first non-zero colour target bound when it executes (RULES.md): after
 * the stream's own SET_RENDER_TARGETS left none bound (none named, or each destroyed since)
 * there is nothing to show. A stream that binds no targets presents what earlier
 * submissions bound, which the pass does not follow: not judged. */
#include "semantic_harness.h"

enum {
    DEPTH64 = 60, /* D32 64x64, 2 layers: TEX_HOST's extent */
    DEPTH32 = 61, /* D32 32x32, 1 layer: TEX_BGRA's */
    MIP1 = 62,    /* TEX_HOST mip 1, both layers: 32x32, 2 layers */
    MIP1_L0 = 63, /* TEX_HOST mip 1, layer 0: 32x32, 1 layer */
    ALIAS = 64,   /* an import of a token this pass never saw exported */
    ALIAS_VIEW = 65
};

static uint32_t present(struct sb *s, uint32_t opcode)
{
    struct aerogpu_cmd_present_ex p;
    memset(&p, 0, sizeof p);
    p.hdr.opcode = opcode;
    return sb_add(s, &p,
                  opcode == AEROGPU_CMD_PRESENT ? (uint32_t)sizeof(struct aerogpu_cmd_present)
                                                : (uint32_t)sizeof p);
}

static void target_objects(struct sb *s)
{
    static const struct sb_texture d64 = {AEROGPU_FORMAT_D32_FLOAT, 64, 64, 1, 2, 0, 0, 0};
    static const struct sb_texture d32 = {AEROGPU_FORMAT_D32_FLOAT, 32, 32, 1, 1, 0, 0, 0};
    sb_create_texture(s, DEPTH64, &d64);
    sb_create_texture(s, DEPTH32, &d32);
    sb_create_view(s, MIP1, TEX_HOST, 1, 1, 0, 2);
    sb_create_view(s, MIP1_L0, TEX_HOST, 1, 1, 0, 1);
    sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, ALIAS, 0x5EED);
    sb_create_view(s, ALIAS_VIEW, ALIAS, 2, 1, 0, 1);
}

static uint32_t bind(struct sb *s, uint32_t a, uint32_t b, uint32_t depth)
{
    const uint32_t colors[2] = {a, b};
    return sb_set_render_targets(s, 2, colors, depth);
}

/* ---- sizes ------------------------------------------------------------------------------ */
static uint32_t width_height(struct sb *s)
{
    target_objects(s);
    return bind(s, TEX_HOST, TEX_BGRA, 0); /* 64x64 and 32x32 */
}
static uint32_t layers(struct sb *s)
{
    target_objects(s);
    return bind(s, MIP1, TEX_BGRA, 0); /* 32x32 with 2 layers and with 1 */
}
static uint32_t depth_size(struct sb *s)
{
    target_objects(s);
    return bind(s, TEX_BGRA, 0, DEPTH64);
}
static uint32_t depth_layers(struct sb *s)
{
    target_objects(s);
    return bind(s, 0, MIP1, DEPTH32); /* 32x32: 2 layers against 1 */
}
static uint32_t depth_alone_then_colour(struct sb *s)
{
    const uint32_t colors[1] = {TEX_BGRA};
    target_objects(s);
    bind(s, 0, 0, DEPTH64);
    return sb_set_render_targets(s, 1, colors, DEPTH64);
}
static uint32_t ok_same_size(struct sb *s)
{
    target_objects(s);
    bind(s, TEX_HOST, VIEW, DEPTH64); /* VIEW: TEX_HOST mips 0..1, both layers */
    bind(s, MIP1_L0, TEX_BGRA, DEPTH32);
    return 0;
}
static uint32_t ok_gaps(struct sb *s)
{
    target_objects(s);
    bind(s, 0, TEX_BGRA, 0);
    return 0;
}
static uint32_t ok_unknown_extents(struct sb *s)
{
    target_objects(s);
    bind(s, ALIAS, TEX_BGRA, DEPTH32); /* the alias's extent is unknown here */
    bind(s, ALIAS_VIEW, TEX_HOST, 0);
    return 0;
}

/* ---- presents ----------------------------------------------------------------------------- */
static uint32_t present_after_none(struct sb *s)
{
    target_objects(s);
    sb_set_render_targets(s, 0, NULL, 0);
    return present(s, AEROGPU_CMD_PRESENT);
}
static uint32_t present_ex_after_gaps(struct sb *s)
{
    target_objects(s);
    bind(s, 0, 0, DEPTH64);
    return present(s, AEROGPU_CMD_PRESENT_EX);
}
static uint32_t present_after_destroy(struct sb *s)
{
    target_objects(s);
    bind(s, 0, TEX_BGRA, 0);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, TEX_BGRA);
    return present(s, AEROGPU_CMD_PRESENT);
}
static uint32_t present_after_view_destroy(struct sb *s)
{
    target_objects(s);
    bind(s, MIP1_L0, 0, 0);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_TEXTURE_VIEW, MIP1_L0);
    sb_create_view(s, MIP1_L0, TEX_HOST, 1, 1, 0, 1); /* the same handle again: not bound */
    return present(s, AEROGPU_CMD_PRESENT);
}
static uint32_t ok_present_inherits(struct sb *s)
{
    target_objects(s);
    present(s, AEROGPU_CMD_PRESENT); /* targets of earlier submissions */
    return 0;
}
static uint32_t ok_present_second_slot(struct sb *s)
{
    target_objects(s);
    bind(s, 0, TEX_BGRA, 0);
    present(s, AEROGPU_CMD_PRESENT_EX);
    return 0;
}
static uint32_t ok_present_view_of_destroyed_texture(struct sb *s)
{
    target_objects(s);
    bind(s, MIP1_L0, 0, 0);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, TEX_HOST); /* the view stays */
    present(s, AEROGPU_CMD_PRESENT);
    return 0;
}

static const struct sem_case cases[] = {
    {"targets of two sizes", width_height, AEROCMD_R_TARGET_SIZE_MISMATCH,
     AEROGPU_CMD_SET_RENDER_TARGETS, 0},
    {"targets of two array sizes", layers, AEROCMD_R_TARGET_SIZE_MISMATCH,
     AEROGPU_CMD_SET_RENDER_TARGETS, 0},
    {"depth target of another size", depth_size, AEROCMD_R_TARGET_SIZE_MISMATCH,
     AEROGPU_CMD_SET_RENDER_TARGETS, 0},
    {"depth target of another array size", depth_layers, AEROCMD_R_TARGET_SIZE_MISMATCH,
     AEROGPU_CMD_SET_RENDER_TARGETS, 0},
    {"colour target added to a depth target of another size", depth_alone_then_colour,
     AEROCMD_R_TARGET_SIZE_MISMATCH, AEROGPU_CMD_SET_RENDER_TARGETS, 0},
    {"targets of one size", ok_same_size, AEROCMD_R_NONE, 0, 0},
    {"a gap and a target", ok_gaps, AEROCMD_R_NONE, 0, 0},
    {"targets whose size the pass cannot know", ok_unknown_extents, AEROCMD_R_NONE, 0, 0},
    {"PRESENT after no targets", present_after_none, AEROCMD_R_PRESENT_NO_TARGET,
     AEROGPU_CMD_PRESENT, 0},
    {"PRESENT_EX after gaps and a depth target", present_ex_after_gaps, AEROCMD_R_PRESENT_NO_TARGET,
     AEROGPU_CMD_PRESENT_EX, 0},
    {"PRESENT after its target was destroyed", present_after_destroy, AEROCMD_R_PRESENT_NO_TARGET,
     AEROGPU_CMD_PRESENT, 0},
    {"PRESENT after its view was destroyed and made again", present_after_view_destroy,
     AEROCMD_R_PRESENT_NO_TARGET, AEROGPU_CMD_PRESENT, 0},
    {"PRESENT on targets of earlier submissions", ok_present_inherits, AEROCMD_R_NONE, 0, 0},
    {"PRESENT of the second slot", ok_present_second_slot, AEROCMD_R_NONE, 0, 0},
    {"PRESENT of a view whose texture was destroyed", ok_present_view_of_destroyed_texture,
     AEROCMD_R_NONE, 0, 0},
};

/* The pass keeps no targets from one stream to the next. */
static void targets_are_per_stream(void)
{
    static struct sb s;
    struct aerocmd_semantic st;
    struct aerocmd_diag diag;
    tracker_init(&st);
    sb_begin(&s);
    std_objects(&s);
    sb_set_render_targets(&s, 0, NULL, 0);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, std_table(), &diag), AEROCMD_OK);
    sb_begin(&s);
    present(&s, AEROGPU_CMD_PRESENT);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, std_table(), &diag), AEROCMD_OK);
}

int main(void)
{
    run_cases(cases, sizeof cases / sizeof cases[0]);
    targets_are_per_stream();
    return check_finish();
}
