/* SPDX-License-Identifier: MIT */
/* Shared surfaces. RULES.md: IMPORT_SHARED_SURFACE of an unknown token is an error, and a
 * released token is retired forever. A checker that sees the whole guest from its start
 * (AEROCMD_SEMANTIC_GUEST_WIDE: a capture, the reference executor) knows every token, so an
 * import of one never exported, or of one released, is share_token_unknown at the IMPORT. A
 * checker that sees one device's streams (the kernel driver's) cannot know another process's
 * exports: there the import makes an alias of unknown kind, as before. */
#include "semantic_harness.h"

static uint64_t wide_mem[4096 * 8];

/* Runs std_objects + build on a fresh tracker of the given scope; returns the result and
 * fills *diag; *at gets the offset build names. */
static aerocmd_result run_scoped(uint32_t flags, uint32_t (*build)(struct sb *s), uint32_t *at,
                                 struct aerocmd_diag *diag)
{
    static struct sb s;
    struct aerocmd_semantic st;
    CHECK_EQ(aerocmd_semantic_init_ex(&st, wide_mem, sizeof wide_mem, flags), AEROCMD_OK);
    sb_begin(&s);
    std_objects(&s);
    *at = build(&s);
    sb_end(&s);
    return run_stream(&st, &s, std_table(), diag);
}

static uint32_t import_never_exported(struct sb *s)
{
    return sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 60, 0xABCDEF0123ull);
}
static uint32_t import_released(struct sb *s)
{
    sb_share(s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, TEX_HOST, 7);
    sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 61, 7);
    sb_release(s, 7);
    return sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 62, 7);
}
static uint32_t import_other_token(struct sb *s)
{
    sb_share(s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, TEX_HOST, 7);
    return sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 61, 8);
}
/* the token outlives the exporting handle; the alias is a texture */
static uint32_t import_after_creator_destroyed(struct sb *s)
{
    sb_share(s, AEROGPU_CMD_EXPORT_SHARED_SURFACE, TEX_HOST, 7);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_RESOURCE, TEX_HOST);
    sb_share(s, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 61, 7);
    sb_set_render_targets(s, 1, (const uint32_t[]){61}, 0);
    return sb_set_index_buffer(s, 61); /* a texture is no index buffer */
}

struct scope_case {
    const char *name;
    uint32_t (*build)(struct sb *s);
    aerocmd_reason guest_wide; /* reason with AEROCMD_SEMANTIC_GUEST_WIDE */
    aerocmd_reason one_device; /* reason without */
    uint32_t opcode;
};

static const struct scope_case cases[] = {
    {"import of a token never exported", import_never_exported, AEROCMD_R_SHARE_TOKEN_UNKNOWN,
     AEROCMD_R_NONE, AEROGPU_CMD_IMPORT_SHARED_SURFACE},
    {"import of a released token", import_released, AEROCMD_R_SHARE_TOKEN_UNKNOWN, AEROCMD_R_NONE,
     AEROGPU_CMD_IMPORT_SHARED_SURFACE},
    {"import of another token than the one exported", import_other_token,
     AEROCMD_R_SHARE_TOKEN_UNKNOWN, AEROCMD_R_NONE, AEROGPU_CMD_IMPORT_SHARED_SURFACE},
    {"alias of a texture after its creator's destroy", import_after_creator_destroyed,
     AEROCMD_R_HANDLE_KIND, AEROCMD_R_HANDLE_KIND, AEROGPU_CMD_SET_INDEX_BUFFER},
};

static void check_case(const struct scope_case *c, uint32_t flags, aerocmd_reason want)
{
    struct aerocmd_diag diag;
    uint32_t at = 0;
    aerocmd_result r = run_scoped(flags, c->build, &at, &diag);
    int ok = CHECK_EQ(r, want == AEROCMD_R_NONE ? AEROCMD_OK : AEROCMD_E_MALFORMED);
    ok &= CHECK_EQ(diag.reason, want);
    if (want != AEROCMD_R_NONE) {
        ok &= CHECK_EQ(diag.offset, at);
        ok &= CHECK_EQ(diag.opcode, c->opcode);
    }
    if (!ok)
        fprintf(stderr, "  in case: %s (%s)\n", c->name, flags ? "guest-wide" : "one device");
}

/* The scope is kept by a reset; flags the library does not define are refused. */
static void test_flags(void)
{
    struct aerocmd_semantic st;
    struct aerocmd_diag diag;
    uint32_t at;
    static struct sb s;
    CHECK_EQ(aerocmd_semantic_init_ex(&st, wide_mem, sizeof wide_mem, 2u), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_semantic_init_ex(&st, wide_mem, sizeof wide_mem, AEROCMD_SEMANTIC_GUEST_WIDE),
             AEROCMD_OK);
    aerocmd_semantic_reset(&st);
    sb_begin(&s);
    at = import_never_exported(&s);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, NULL, &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_SHARE_TOKEN_UNKNOWN);
    CHECK_EQ(diag.offset, at);
    /* nothing was made of the refused import */
    CHECK_EQ(aerocmd_semantic_count(&st), 0);
}

int main(void)
{
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        check_case(&cases[i], AEROCMD_SEMANTIC_GUEST_WIDE, cases[i].guest_wide);
        check_case(&cases[i], 0, cases[i].one_device);
    }
    test_flags();
    return check_finish();
}
