/* SPDX-License-Identifier: MIT */
/* compat_cases_query.h — the compatibility table's query rows (doc/compatibility.md,
 * "Queries and predication"), each run under both policies. What each answer must be is
 * the row's own words; test_umd_query.c checks the counting in detail. */
#ifndef AEROCMD_TEST_COMPAT_CASES_QUERY_H
#define AEROCMD_TEST_COMPAT_CASES_QUERY_H

#include "compat_kit.h"

#include "aerocmd/umd_caps.h"
#include "aerocmd/umd_query.h"

static aerocmd_result try_query(struct harness *h, uint32_t kind, struct aerocmd_umd_query **out)
{
    *out = NULL;
    return aerocmd_umd_create_query(h->dev, kit_take(aerocmd_umd_query_size()),
                                    aerocmd_umd_query_size(), kind, out);
}

/* Begin, one draw of the basic triangle into a 64x64 target, End, then the data. */
static void run_query(struct harness *h, struct aerocmd_umd_query *q, void *data, uint32_t bytes)
{
    kit_bind_basic(h, kit_triangle_vb(h), kit_target(h, 64, 64), NULL);
    CHECK_EQ(aerocmd_umd_query_begin(h->ctx, q), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_end(h->ctx, q), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_get_data(h->ctx, q, data, bytes, 0), AEROCMD_OK);
    aerocmd_umd_destroy_query(q);
}

/* An approximated kind: refused under STRICT; under COMPATIBLE counted once and answered
 * into data. */
static int approximated_query(struct harness *h, uint32_t policy, uint32_t kind,
                              enum aerocmd_umd_approx approx, void *data, uint32_t bytes)
{
    struct aerocmd_umd_query *q;
    if (!expect_approximated(h, policy, try_query(h, kind, &q), approx))
        return 0;
    run_query(h, q, data, bytes);
    return 1;
}

static void case_query_event(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_query *q;
    uint32_t done = 0;
    (void)policy;
    if (CHECK_EQ(try_query(h, AEROCMD_UMD_QUERY_EVENT, &q), AEROCMD_OK))
        run_query(h, q, &done, 4);
    CHECK_EQ(done, 1);
    expect_nothing_counted(h);
}

static void case_query_occlusion(struct harness *h, uint32_t policy)
{
    uint64_t samples = 0;
    if (approximated_query(h, policy, AEROCMD_UMD_QUERY_OCCLUSION,
                           AEROCMD_UMD_APPROX_QUERY_OCCLUSION, &samples, 8))
        CHECK_EQ(samples, 64u * 64u); /* the viewport's area, once */
}

static void case_query_occlusion_predicate(struct harness *h, uint32_t policy)
{
    static struct packet_list pl;
    struct aerocmd_umd_query *q;
    uint32_t value = 0;
    if (!approximated_query(h, policy, AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE,
                            AEROCMD_UMD_APPROX_QUERY_OCCLUSION_PREDICATE, &value, 4))
        return;
    CHECK_EQ(value, 1);
    /* Direct3D leaves a draw out while the predicate's data (TRUE) equals the value: under
     * FALSE (occlusion culling) it is drawn, under TRUE it is not. */
    CHECK_EQ(try_query(h, AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE, &q), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_query_end(h->ctx, q), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_predication(h->ctx, q, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_set_predication(h->ctx, q, 1), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_draw(h->ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h->ctx), AEROCMD_OK);
    collect_packets(&h->fake, &pl);
    CHECK_EQ(packet_count(&pl, AEROGPU_CMD_DRAW), 2); /* the query's own and the first */
    CHECK_EQ(aerocmd_umd_set_predication(h->ctx, NULL, 0), AEROCMD_OK);
    aerocmd_umd_destroy_query(q);
}

static void case_query_timestamp_disjoint(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_query *q;
    uint8_t d[16];
    uint64_t freq = 0;
    uint32_t disjoint = 0;
    (void)policy;
    if (CHECK_EQ(try_query(h, AEROCMD_UMD_QUERY_TIMESTAMP_DISJOINT, &q), AEROCMD_OK))
        run_query(h, q, d, sizeof d);
    memcpy(&freq, d, 8);
    memcpy(&disjoint, d + 8, 4);
    CHECK_EQ(freq, AEROCMD_UMD_TIMESTAMP_FREQUENCY);
    CHECK_EQ(disjoint, 1);
    expect_nothing_counted(h);
}

static void case_query_timestamp(struct harness *h, uint32_t policy)
{
    uint64_t t = 0;
    if (approximated_query(h, policy, AEROCMD_UMD_QUERY_TIMESTAMP,
                           AEROCMD_UMD_APPROX_QUERY_TIMESTAMP, &t, 8))
        CHECK_EQ(t, aerocmd_umd_last_fence(h->ctx)); /* the ending submission's fence */
}

static void case_query_pipeline_statistics(struct harness *h, uint32_t policy)
{
    uint64_t v[11];
    memset(v, 0, sizeof v);
    if (approximated_query(h, policy, AEROCMD_UMD_QUERY_PIPELINE_STATS_11,
                           AEROCMD_UMD_APPROX_QUERY_PIPELINE_STATISTICS, v, sizeof v))
        CHECK(v[0] == 3 && v[1] == 1); /* IAVertices, IAPrimitives: exact */
    if (policy == AEROCMD_UMD_POLICY_STRICT) {
        struct aerocmd_umd_query *q;
        CHECK_EQ(try_query(h, AEROCMD_UMD_QUERY_PIPELINE_STATS, &q), AEROCMD_E_NOT_IMPLEMENTED);
    }
}

static void case_query_so_statistics(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_query *q;
    uint64_t v[2] = {99, 99};
    (void)policy;
    if (CHECK_EQ(try_query(h, AEROCMD_UMD_QUERY_SO_STATS, &q), AEROCMD_OK))
        run_query(h, q, v, sizeof v);
    CHECK(v[0] == 0 && v[1] == 0);
    expect_nothing_counted(h);
}

static void case_query_so_overflow_predicate(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_query *q;
    uint32_t overflow = 99;
    (void)policy;
    if (CHECK_EQ(try_query(h, AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE, &q), AEROCMD_OK))
        run_query(h, q, &overflow, 4);
    CHECK_EQ(overflow, 0);
    expect_nothing_counted(h);
}

static void case_query_counters(struct harness *h, uint32_t policy)
{
    struct aerocmd_umd_query *q;
    (void)policy;
    CHECK_EQ(aerocmd_umd_check_counter(AEROCMD_DDI_COUNTER_FIRST_WELL_KNOWN),
             AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_umd_check_counter(AEROCMD_DDI_COUNTER_DEVICE_DEPENDENT),
             AEROCMD_E_INVALID_ARG);
    CHECK_EQ(try_query(h, AEROCMD_DDI_COUNTER_FIRST_WELL_KNOWN, &q), AEROCMD_E_INVALID_ARG);
    expect_nothing_counted(h);
}

#endif /* AEROCMD_TEST_COMPAT_CASES_QUERY_H */
