/* SPDX-License-Identifier: MIT */
/* Failure injection over every umd scenario of faults_scenes.h, in a roomy and a tiny
 * (constantly splitting) command-buffer configuration. One regime per run of this program:
 *
 *   allocator  the device's allocator fails its N-th call
 *   callbacks  the fake's N-th fallible callback (acquire, submit, wait, allocate, lock)
 *              answers OUT_OF_MEMORY
 *   removed    ... answers DEVICE_REMOVED
 *   ids        the id source's N-th request answers OUT_OF_MEMORY
 *
 * for every N from 1 until the scenario no longer reaches an N-th call. Each run must end
 * with exactly the injected error; everything submitted, before and after, must pass the
 * structural, allocation-table and semantic checks and be applied by the fake's host
 * model; after an OUT_OF_MEMORY the device must still create, draw and submit (after
 * DEVICE_REMOVED it must stay lost); and once every object is destroyed no allocator
 * block, id, guest allocation or lock may be left.
 *
 * Coverage of the failure sites is measured, not hoped for: each injected failure is known
 * by the site it hit (aerocmd/umd_fault_sites.h), and the run fails unless every site of the
 * regime's class (allocator, callback or id) was made to fail by some scenario, and no
 * failure hit a call that named no site. Besides a roomy and a small command buffer, one
 * configuration waits through wait_fence_raw, as the Windows shim does, and one through the
 * operating system's locks (Windows 7), where queries own an allocation. */
#include "faults_scenes.h"

enum regime { REGIME_ALLOCATOR, REGIME_CALLBACKS, REGIME_REMOVED, REGIME_IDS, REGIME_COUNT_ };

static const char *const regime_names[REGIME_COUNT_] = {"allocator", "callbacks", "removed", "ids"};

struct config {
    uint32_t buffer_bytes;
    uint32_t alloc_entries;
    uint32_t mode; /* enum env_mode */
};

static const struct config configs[] = {{65536u, 16u, ENV_WAIT_FENCE},
                                        {1024u, 2u, ENV_WAIT_FENCE},
                                        {4096u, 4u, ENV_RAW_WAITS},
                                        {4096u, 4u, ENV_WIN7_LOCKS}};
static const char *const mode_names[] = {"", ", raw waits", ", Windows 7 locks"};

/* How often each site was made to fail in this run (index AEROCMD_UMD_SITE_NONE: failures
 * that hit a call naming no site). */
static unsigned long site_failures[AEROCMD_UMD_SITE_COUNT];

#define MAX_FAILURE_POINTS 4000ul

static void arm(struct env *e, enum regime regime, unsigned long n)
{
    if (regime == REGIME_ALLOCATOR) {
        e->dev_alloc.fail_at = n;
    } else if (regime == REGIME_IDS) {
        e->ids.fail_at = n;
    } else {
        e->fake.fail_at = n;
        e->fake.fail_with =
            regime == REGIME_REMOVED ? AEROCMD_E_DEVICE_REMOVED : AEROCMD_E_OUT_OF_MEMORY;
    }
}

/* Whether the armed call was reached (counting the site it hit); disarms. */
static int disarm(struct env *e, enum regime regime, unsigned long n)
{
    int reached;
    uint32_t site;
    if (regime == REGIME_ALLOCATOR) {
        reached = e->dev_alloc.calls >= n;
        site = e->dev_alloc.failed_site;
    } else if (regime == REGIME_IDS) {
        reached = e->ids.calls >= n;
        site = e->ids.failed_site;
    } else {
        reached = e->fake.fallible_calls >= n;
        site = e->failed_site;
    }
    if (reached && site < AEROCMD_UMD_SITE_COUNT)
        site_failures[site]++;
    e->dev_alloc.fail_at = 0;
    e->ids.fail_at = 0;
    e->fake.fail_at = 0;
    return reached;
}

/* After the failure cleared: a host-owned and a guest-backed vertex buffer, a draw reading
 * both, a flush, and both destroyed again. */
static aerocmd_result follow_up(struct env *e)
{
    static const uint32_t data[4] = {9, 8, 7, 6};
    struct aerocmd_umd_buffer_desc host = buf_desc(16, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_buffer_desc backed = buf_desc(16, AEROCMD_UMD_BIND_VERTEX_BUFFER, 1);
    struct aerocmd_umd_resource *bufs[2];
    uint32_t strides[2] = {16, 16}, offsets[2] = {0, 0};
    TRY(mk_buffer(e, &host, data, &bufs[0]));
    TRY(mk_buffer(e, &backed, data, &bufs[1]));
    TRY(aerocmd_umd_set_vertex_buffers(e->ctx, 0, 2, bufs, strides, offsets));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    TRY(aerocmd_umd_flush(e->ctx));
    env_forget(e, bufs[1]);
    TRY(aerocmd_umd_destroy_resource(bufs[1]));
    env_forget(e, bufs[0]);
    TRY(aerocmd_umd_destroy_resource(bufs[0]));
    return aerocmd_umd_flush(e->ctx);
}

/* What the device must look like after the injected failure (second_lost: the failure
 * hit the second device of a two-device scenario, which is lost). 1 when it does. */
static int after_failure(struct env *e, enum regime regime, int second_lost, const char *what)
{
    aerocmd_result r;
    if (second_lost && regime != REGIME_REMOVED) {
        fprintf(stderr, "%s: second context lost after OUT_OF_MEMORY\n", what);
        return 0;
    }
    if (regime == REGIME_REMOVED && !second_lost) {
        r = aerocmd_umd_draw(e->ctx, 3, 0);
        if (aerocmd_umd_context_is_lost(e->ctx) && r == AEROCMD_E_DEVICE_REMOVED)
            return 1;
        fprintf(stderr, "%s: device not lost after DEVICE_REMOVED (draw: %s)\n", what,
                aerocmd_result_name(r));
        return 0;
    }
    if (aerocmd_umd_context_is_lost(e->ctx)) {
        fprintf(stderr, "%s: first context lost after the failure\n", what);
        return 0;
    }
    r = follow_up(e);
    if (r != AEROCMD_OK)
        fprintf(stderr, "%s: device unusable after the failure: %s\n", what,
                aerocmd_result_name(r));
    return r == AEROCMD_OK;
}

/* One run with call n failing (n 0: nothing fails). Returns 1 when call n was reached;
 * *bad counts broken expectations. */
static int run_once(const struct fault_scene *sc, const struct config *cfg, enum regime regime,
                    unsigned long n, unsigned *bad)
{
    static struct env e;
    char what[160];
    aerocmd_result want, r;
    int reached, second_lost;
    snprintf(what, sizeof what, "%s [%u bytes] %s #%lu", sc->name, cfg->buffer_bytes,
             regime_names[regime], n);
    if (!env_open(&e, cfg->buffer_bytes, cfg->alloc_entries, cfg->mode)) {
        fprintf(stderr, "%s: environment did not open\n", what);
        (*bad)++;
        return 0;
    }
    arm(&e, regime, n);
    r = sc->run(&e);
    reached = n != 0 && disarm(&e, regime, n);
    if (reached && e.failed_call != NULL)
        snprintf(what + strlen(what), sizeof what - strlen(what), " (%s)", e.failed_call);
    if (reached && e.failed_site != AEROCMD_UMD_SITE_NONE)
        snprintf(what + strlen(what), sizeof what - strlen(what), " [%s]",
                 aerocmd_umd_fault_site_name(e.failed_site));
    want = !reached                   ? AEROCMD_OK
           : regime == REGIME_REMOVED ? AEROCMD_E_DEVICE_REMOVED
                                      : AEROCMD_E_OUT_OF_MEMORY;
    if (r != want) {
        fprintf(stderr, "%s: scenario ended with %s, expected %s\n", what, aerocmd_result_name(r),
                aerocmd_result_name(want));
        (*bad)++;
    }
    second_lost = env_close_second(&e);
    env_check_submissions(&e, what);
    if (reached && !after_failure(&e, regime, second_lost, what))
        (*bad)++;
    if (!env_close(&e, what))
        (*bad)++;
    return reached;
}

/* Every failure point of one scenario in one configuration; returns how many there were. */
static unsigned long sweep(const struct fault_scene *sc, const struct config *cfg,
                           enum regime regime)
{
    unsigned long n;
    unsigned bad = 0;
    run_once(sc, cfg, regime, 0, &bad); /* the reference run must succeed cleanly */
    for (n = 1; n <= MAX_FAILURE_POINTS; n++)
        if (!run_once(sc, cfg, regime, n, &bad))
            break;
    CHECK_EQ(bad, 0);
    CHECK(n <= MAX_FAILURE_POINTS);
    return n - 1;
}

/* Every site of the regime's class was made to fail at least once, and no failure hit a
 * call without a site. Returns the number of sites checked. */
static unsigned check_site_coverage(enum regime regime)
{
    enum aerocmd_umd_fault_class want = regime == REGIME_ALLOCATOR ? AEROCMD_UMD_FAULT_ALLOCATOR
                                        : regime == REGIME_IDS     ? AEROCMD_UMD_FAULT_ID
                                                                   : AEROCMD_UMD_FAULT_CALLBACK;
    unsigned checked = 0;
    uint32_t site;
    if (!CHECK_EQ(site_failures[AEROCMD_UMD_SITE_NONE], 0))
        fprintf(stderr, "%s: a failure hit a call that names no fault site\n",
                regime_names[regime]);
    for (site = 1; site < AEROCMD_UMD_SITE_COUNT; site++) {
        if (aerocmd_umd_fault_site_class(site) != want)
            continue;
        checked++;
        printf("  site %-24s failed %lu times\n", aerocmd_umd_fault_site_name(site),
               site_failures[site]);
        if (!CHECK(site_failures[site] > 0))
            fprintf(stderr, "%s: fault site %s was never made to fail\n", regime_names[regime],
                    aerocmd_umd_fault_site_name(site));
    }
    return checked;
}

static int regime_of(const char *name, enum regime *out)
{
    int i;
    for (i = 0; i < REGIME_COUNT_; i++) {
        if (strcmp(name, regime_names[i]) == 0) {
            *out = (enum regime)i;
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    enum regime regime;
    unsigned long points, total = 0;
    size_t s, c;
    if (argc != 2 || !regime_of(argv[1], &regime)) {
        fprintf(stderr, "usage: %s allocator|callbacks|removed|ids\n", argv[0]);
        return 2;
    }
    for (s = 0; s < sizeof fault_scenes / sizeof fault_scenes[0]; s++) {
        for (c = 0; c < sizeof configs / sizeof configs[0]; c++) {
            points = sweep(&fault_scenes[s], &configs[c], regime);
            printf("%-26s %5u-byte buffers%s: %4lu failure points\n", fault_scenes[s].name,
                   configs[c].buffer_bytes, mode_names[configs[c].mode], points);
            /* every scenario takes ids and command buffers */
            if (regime != REGIME_ALLOCATOR)
                CHECK(points > 0);
            total += points;
        }
    }
    printf("%s: %lu failure points in all\n", regime_names[regime], total);
    CHECK(total > 0);
    CHECK(check_site_coverage(regime) > 0);
    return check_finish();
}
