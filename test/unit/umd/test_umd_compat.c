/* SPDX-License-Identifier: MIT */
/* The compatibility table (doc/compatibility.md) against the code: every row has a case
 * here with the same id and outcome, each case runs under both policies, and every
 * approximated row is an enum aerocmd_umd_approx entry named by its id (and the other way
 * round). Usage: test_umd_compat PATH/TO/compatibility.md */
#include <stdio.h>

#include "compat_cases_present.h"
#include "compat_cases_query.h"
#include "compat_cases_resources.h"
#include "compat_cases_state.h"

/* Devices some rows need: the default one, one of ABI 1.1, one without TRANSFER. */
enum compat_setup { SETUP_DEFAULT, SETUP_ABI_1_1, SETUP_NO_TRANSFER };

struct compat_case {
    const char *id;
    const char *outcome; /* exact, approximated, refused */
    enum compat_setup setup;
    void (*run)(struct harness *h, uint32_t policy);
};

#define CASE(id, outcome, setup, fn)                                                               \
    {                                                                                              \
        id, outcome, setup, fn                                                                     \
    }

static const struct compat_case cases[] = {
    CASE("sampler.anisotropic", "approximated", SETUP_DEFAULT, case_sampler_anisotropic),
    CASE("sampler.mixed_filter", "approximated", SETUP_DEFAULT, case_sampler_mixed_filter),
    CASE("sampler.mip_lod_bias", "approximated", SETUP_DEFAULT, case_sampler_mip_lod_bias),
    CASE("sampler.lod_clamp", "approximated", SETUP_DEFAULT, case_sampler_lod_clamp),
    CASE("sampler.border", "approximated", SETUP_DEFAULT, case_sampler_border),
    CASE("sampler.mirror_once", "approximated", SETUP_DEFAULT, case_sampler_mirror_once),
    CASE("sampler.address_w", "exact", SETUP_DEFAULT, case_sampler_address_w),
    CASE("sampler.comparison", "refused", SETUP_DEFAULT, case_sampler_comparison),
    CASE("sampler.text_1bit", "refused", SETUP_DEFAULT, case_sampler_text_1bit),
    CASE("rasterizer.slope_scaled_depth_bias", "approximated", SETUP_DEFAULT,
         case_rasterizer_slope_scaled_depth_bias),
    CASE("rasterizer.depth_bias_clamp", "approximated", SETUP_DEFAULT,
         case_rasterizer_depth_bias_clamp),
    CASE("rasterizer.line_mode", "approximated", SETUP_DEFAULT, case_rasterizer_line_mode),
    CASE("depth_stencil.write_without_test", "exact", SETUP_DEFAULT,
         case_depth_stencil_write_without_test),
    CASE("depth_stencil.stencil_keep_always", "exact", SETUP_DEFAULT,
         case_depth_stencil_keep_always),
    CASE("depth_stencil.stencil_ops", "refused", SETUP_DEFAULT, case_depth_stencil_ops),
    CASE("blend.targets_agreeing", "exact", SETUP_DEFAULT, case_blend_targets_agreeing),
    CASE("blend.targets_disagreeing", "refused", SETUP_DEFAULT, case_blend_targets_disagreeing),
    CASE("blend.color_factors", "refused", SETUP_DEFAULT, case_blend_color_factors),
    CASE("blend.alpha_to_coverage", "refused", SETUP_DEFAULT, case_blend_alpha_to_coverage),
    CASE("format.typeless", "exact", SETUP_DEFAULT, case_format_typeless),
    CASE("format.srgb_before_abi_1_2", "approximated", SETUP_ABI_1_1,
         case_format_srgb_before_abi_1_2),
    CASE("format.texture_unsupported", "refused", SETUP_DEFAULT, case_format_texture_unsupported),
    CASE("format.bc_before_abi_1_2", "refused", SETUP_ABI_1_1, case_format_bc_before_abi_1_2),
    CASE("format.stencil_only_view", "refused", SETUP_DEFAULT, case_format_stencil_only_view),
    CASE("format.vertex_unsupported", "refused", SETUP_DEFAULT, case_format_vertex_unsupported),
    CASE("resource.multisample", "refused", SETUP_DEFAULT, case_resource_multisample),
    CASE("resource.texture_cube", "refused", SETUP_DEFAULT, case_resource_texture_cube),
    CASE("resource.texture_1d_3d", "refused", SETUP_DEFAULT, case_resource_texture_1d_3d),
    CASE("resource.texture_uav", "refused", SETUP_DEFAULT, case_resource_texture_uav),
    CASE("resource.stream_output", "refused", SETUP_DEFAULT, case_resource_stream_output),
    CASE("resource.buffer_target", "refused", SETUP_DEFAULT, case_resource_buffer_target),
    CASE("resource.read_only_depth_view", "refused", SETUP_DEFAULT,
         case_resource_read_only_depth_view),
    CASE("resource.shared_mips_layers", "refused", SETUP_DEFAULT, case_resource_shared_mips_layers),
    CASE("resource.generate_mips", "exact", SETUP_DEFAULT, case_resource_generate_mips),
    CASE("pipeline.tessellation", "refused", SETUP_DEFAULT, case_pipeline_tessellation),
    CASE("resource.keyed_mutex", "refused", SETUP_DEFAULT, case_resource_keyed_mutex),
    CASE("resource.gdi_compatible", "exact", SETUP_DEFAULT, case_resource_gdi_compatible),
    CASE("pipeline.viewports_identical", "exact", SETUP_DEFAULT, case_pipeline_viewports_identical),
    CASE("pipeline.viewports_differing", "refused", SETUP_DEFAULT,
         case_pipeline_viewports_differing),
    CASE("pipeline.om_uavs", "refused", SETUP_DEFAULT, case_pipeline_om_uavs),
    CASE("data.copy_without_transfer", "refused", SETUP_NO_TRANSFER,
         case_data_copy_without_transfer),
    CASE("data.unaligned_host_buffer_update", "refused", SETUP_DEFAULT,
         case_data_unaligned_host_buffer_update),
    CASE("data.host_only_indirect_args", "refused", SETUP_DEFAULT,
         case_data_host_only_indirect_args),
    CASE("data.unknown_structure_count", "refused", SETUP_DEFAULT,
         case_data_unknown_structure_count),
    CASE("data.copy_between_formats", "refused", SETUP_DEFAULT, case_data_copy_between_formats),
    CASE("data.copy_between_aliases", "exact", SETUP_DEFAULT, case_data_copy_between_aliases),
    CASE("data.copy_into_dynamic", "refused", SETUP_DEFAULT, case_data_copy_into_dynamic),
    CASE("data.unaligned_buffer_copy", "refused", SETUP_DEFAULT, case_data_unaligned_buffer_copy),
    CASE("data.clear_uav_formats", "refused", SETUP_DEFAULT, case_data_clear_uav_formats),
    CASE("query.event", "exact", SETUP_DEFAULT, case_query_event),
    CASE("query.occlusion", "approximated", SETUP_DEFAULT, case_query_occlusion),
    CASE("query.occlusion_predicate", "approximated", SETUP_DEFAULT,
         case_query_occlusion_predicate),
    CASE("query.timestamp_disjoint", "exact", SETUP_DEFAULT, case_query_timestamp_disjoint),
    CASE("query.timestamp", "approximated", SETUP_DEFAULT, case_query_timestamp),
    CASE("query.pipeline_statistics", "approximated", SETUP_DEFAULT,
         case_query_pipeline_statistics),
    CASE("query.so_statistics", "exact", SETUP_DEFAULT, case_query_so_statistics),
    CASE("query.so_overflow_predicate", "exact", SETUP_DEFAULT, case_query_so_overflow_predicate),
    CASE("query.counters", "refused", SETUP_DEFAULT, case_query_counters),
    CASE("present.surface", "exact", SETUP_DEFAULT, case_present_surface),
    CASE("present.sync_interval", "approximated", SETUP_DEFAULT, case_present_sync_interval),
    CASE("present.blt_copy", "exact", SETUP_DEFAULT, case_present_blt_copy),
    CASE("present.blt_stretch", "exact", SETUP_DEFAULT, case_present_blt_stretch),
    CASE("present.blt_convert", "exact", SETUP_DEFAULT, case_present_blt_convert),
    CASE("present.blt_rotation", "refused", SETUP_DEFAULT, case_present_blt_rotation),
};
#define CASE_COUNT (sizeof cases / sizeof cases[0])

static void run_case(const struct compat_case *c, uint32_t policy)
{
    static struct harness h;
    uint32_t saved_abi = harness_abi;
    uint64_t saved_features = harness_features;
    if (c->setup == SETUP_ABI_1_1)
        harness_abi = (AEROGPU_ABI_MAJOR << 16) | 1u;
    if (c->setup == SETUP_NO_TRANSFER)
        harness_features = 0;
    harness_policy = policy;
    kit_reset();
    /* a vertex shader bound, so that the cases' draws are sent */
    if (CHECK(harness_open(&h, 65536, 16)) && CHECK(harness_bind_vs(&h))) {
        c->run(&h, policy);
        CHECK(harness_valid(&h));
        kit_close(&h);
    }
    harness_abi = saved_abi;
    harness_features = saved_features;
    harness_policy = AEROCMD_UMD_POLICY_STRICT;
}

/* ---- the document --------------------------------------------------------------------- */

#define MAX_ROWS 256

struct doc_row {
    char id[64];
    char outcome[16];
};

/* The next cell of a table row after `*at` (which points at a '|'), trimmed and without
 * backticks; 0 when there is none. */
static int next_cell(const char **at, char *out, size_t cap)
{
    const char *p = *at, *end;
    size_t n = 0;
    if (*p != '|')
        return 0;
    p++;
    end = strchr(p, '|');
    if (end == NULL)
        return 0;
    for (*at = end; p < end; p++)
        if (*p != '`' && !((*p == ' ' || *p == '\t') && n == 0) && n + 1 < cap)
            out[n++] = *p;
    while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '\t'))
        n--;
    out[n] = '\0';
    return 1;
}

/* Table rows whose first cell is an id in backticks. */
static uint32_t read_rows(const char *path, struct doc_row *rows)
{
    static char line[4096];
    FILE *f = fopen(path, "r");
    uint32_t count = 0;
    if (!CHECK(f != NULL))
        return 0;
    while (fgets(line, sizeof line, f) != NULL && count < MAX_ROWS) {
        const char *at = line;
        char skip[256];
        if (strncmp(line, "| `", 3) != 0)
            continue;
        if (next_cell(&at, rows[count].id, sizeof rows[count].id) &&
            next_cell(&at, skip, sizeof skip) &&
            next_cell(&at, rows[count].outcome, sizeof rows[count].outcome))
            count++;
        else
            CHECK(!"a table row with fewer than three cells");
    }
    fclose(f);
    return count;
}

static const struct compat_case *find_case(const char *id)
{
    uint32_t i;
    for (i = 0; i < CASE_COUNT; i++)
        if (strcmp(cases[i].id, id) == 0)
            return &cases[i];
    return NULL;
}

static void check_document(const char *path)
{
    static struct doc_row rows[MAX_ROWS];
    uint32_t n = read_rows(path, rows), i, k, approximated = 0;
    CHECK(n >= CASE_COUNT);
    for (i = 0; i < n; i++) {
        const struct compat_case *c = find_case(rows[i].id);
        if (!CHECK(c != NULL)) {
            fprintf(stderr, "    row %s has no test case\n", rows[i].id);
            continue;
        }
        if (!CHECK_STR(rows[i].outcome, c->outcome))
            fprintf(stderr, "    row %s\n", rows[i].id);
        if (strcmp(rows[i].outcome, "approximated") == 0) {
            approximated++;
            for (k = 0; k < AEROCMD_UMD_APPROX_COUNT; k++)
                if (strcmp(aerocmd_umd_approx_name((enum aerocmd_umd_approx)k), rows[i].id) == 0)
                    break;
            if (!CHECK(k < AEROCMD_UMD_APPROX_COUNT))
                fprintf(stderr, "    row %s is no enum aerocmd_umd_approx entry\n", rows[i].id);
        }
    }
    for (i = 0; i < CASE_COUNT; i++) {
        for (k = 0; k < n && strcmp(rows[k].id, cases[i].id) != 0; k++)
            ;
        if (!CHECK(k < n))
            fprintf(stderr, "    case %s has no row\n", cases[i].id);
    }
    /* Every enum entry is a row (names are distinct, so counts suffice). */
    CHECK_EQ(approximated, AEROCMD_UMD_APPROX_COUNT);
    CHECK(aerocmd_umd_approx_name(AEROCMD_UMD_APPROX_COUNT) == NULL);
}

int main(int argc, char **argv)
{
    uint32_t i;
    if (argc != 2) {
        fprintf(stderr, "usage: %s compatibility.md\n", argv[0]);
        return 2;
    }
    check_document(argv[1]);
    for (i = 0; i < CASE_COUNT; i++) {
        run_case(&cases[i], AEROCMD_UMD_POLICY_STRICT);
        run_case(&cases[i], AEROCMD_UMD_POLICY_COMPATIBLE);
    }
    return check_finish();
}
