/* SPDX-License-Identifier: MIT */
/* scenario_query.c — (part of scenarios.c) queries through any runtime's table. What each
 * answers is written here from the facts (FACTS-ADDENDUM.md (2): data types, the error codes
 * QueryGetData may report, pData untouched until signalled, DO_NOT_FLUSH) and from the
 * compatibility rules doc/compatibility.md states for a protocol without queries. The
 * submissions are validated, not compared with a golden: the host scenarios have no
 * queries. */

#define WASSTILLDRAWING 0x887B0001u /* DXGI_DDI_ERR_WASSTILLDRAWING */

static D3D10DDI_HQUERY make_query(struct session *s, UINT type)
{
    D3D10DDIARG_CREATEQUERY a;
    D3D10DDI_HQUERY q;
    D3D10DDI_HRTQUERY rt = {NULL};
    memset(&a, 0, sizeof a);
    a.Query = (D3D10DDI_QUERY)type;
    q.pDrvPrivate = take(s, s->f.pfnCalcPrivateQuerySize(s->dev, &a));
    if (q.pDrvPrivate != NULL)
        s->f.pfnCreateQuery(s->dev, &a, q, rt);
    return q;
}

/* GetData that must not be ready: WASSTILLDRAWING reported (and consumed), data untouched. */
static void expect_not_ready(struct session *s, D3D10DDI_HQUERY q, UINT flags)
{
    uint8_t data[88];
    uint32_t errors = s->rt.error_count, i;
    int untouched = 1;
    memset(data, 0xA5, sizeof data);
    s->f.pfnQueryGetData(s->dev, q, data, sizeof data, flags);
    CHECK_EQ(s->rt.error_count, errors + 1);
    CHECK_EQ((uint32_t)s->rt.last_error, WASSTILLDRAWING);
    for (i = 0; i < sizeof data; i++)
        untouched &= data[i] == 0xA5;
    CHECK(untouched);
    s->rt.error_count = errors;
    s->rt.last_error = S_OK;
}

/* GetData that must be ready: no error, `size` bytes written. */
static int get_ready(struct session *s, D3D10DDI_HQUERY q, void *data, UINT size)
{
    uint32_t errors = s->rt.error_count;
    s->f.pfnQueryGetData(s->dev, q, data, size, 0);
    return CHECK_EQ(s->rt.error_count, errors);
}

/* Everything submitted so far has finished on the "GPU". */
static void finish_all(struct session *s)
{
    s->f.pfnFlush(s->dev);
    aerocmd_umd_fake_complete(&s->rt.emu, s->rt.emu.last_fence);
}

/* EVENT: DO_NOT_FLUSH leaves the end unsubmitted; a plain GetData submits it; it signals
 * exactly when that submission's fence is reached, not at the one before. */
static void check_event(struct session *s)
{
    static FLOAT red[4] = {1, 0, 0, 1};
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 8, 8);
    D3D10DDI_HQUERY q = make_query(s, D3D10DDI_QUERY_EVENT);
    BOOL done = FALSE;
    uint32_t renders;
    uint64_t before;
    s->f.pfnClearRenderTargetView(s->dev, rtv, red);
    s->f.pfnFlush(s->dev);
    before = s->rt.emu.last_fence;
    s->f.pfnQueryBegin(s->dev, q); /* EVENT has no begin: ignored */
    s->f.pfnClearRenderTargetView(s->dev, rtv, red);
    s->f.pfnQueryEnd(s->dev, q);
    renders = s->rt.render_calls;
    expect_not_ready(s, q, D3D10_DDI_GET_DATA_DO_NOT_FLUSH);
    CHECK_EQ(s->rt.render_calls, renders);
    expect_not_ready(s, q, 0); /* submitted now, not finished */
    CHECK_EQ(s->rt.render_calls, renders + 1);
    CHECK_EQ(s->rt.emu.last_fence, before + 1);
    aerocmd_umd_fake_complete(&s->rt.emu, before);
    expect_not_ready(s, q, D3D10_DDI_GET_DATA_DO_NOT_FLUSH);
    aerocmd_umd_fake_complete(&s->rt.emu, before + 1);
    s->f.pfnQueryGetData(s->dev, q, NULL, 0, D3D10_DDI_GET_DATA_DO_NOT_FLUSH); /* a poll */
    CHECK_EQ(s->rt.error_count, 0);
    if (get_ready(s, q, &done, sizeof done))
        CHECK_EQ(done, TRUE);
    s->f.pfnDestroyQuery(s->dev, q);
}

/* Occlusion, its predicate and pipeline statistics over two draws of the triangle (one
 * instanced four times) in the 64x64 viewport: the documented estimates. */
static void check_counting_queries(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    D3D10DDI_HQUERY occ = make_query(s, D3D10DDI_QUERY_OCCLUSION);
    D3D10DDI_HQUERY pred = make_query(s, D3D10DDI_QUERY_OCCLUSIONPREDICATE);
    D3D10DDI_HQUERY stats = make_query(s, D3D10DDI_QUERY_PIPELINESTATS);
    D3D10DDI_HQUERY empty = make_query(s, D3D10DDI_QUERY_OCCLUSION);
    D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS ps;
    UINT64 samples = 99;
    BOOL passed = FALSE;
    bind_basic(s, triangle_vb(s), target(s, 64, 64), no_dsv);
    s->f.pfnQueryBegin(s->dev, occ);
    s->f.pfnQueryBegin(s->dev, pred);
    s->f.pfnQueryBegin(s->dev, stats);
    s->f.pfnDraw(s->dev, 3, 0);
    s->f.pfnDrawInstanced(s->dev, 3, 4, 0, 0);
    s->f.pfnQueryEnd(s->dev, occ);
    s->f.pfnQueryEnd(s->dev, pred);
    s->f.pfnQueryEnd(s->dev, stats);
    s->f.pfnQueryEnd(s->dev, empty); /* End without Begin: Begin then End, nothing drawn */
    s->f.pfnDraw(s->dev, 3, 0);      /* after the ends: counted by none */
    finish_all(s);
    if (get_ready(s, occ, &samples, sizeof samples))
        CHECK_EQ(samples, 5u * 64u * 64u); /* viewport area per instance drawn */
    if (get_ready(s, empty, &samples, sizeof samples))
        CHECK_EQ(samples, 0);
    if (get_ready(s, pred, &passed, sizeof passed))
        CHECK_EQ(passed, TRUE);
    memset(&ps, 0xA5, sizeof ps);
    if (get_ready(s, stats, &ps, sizeof ps)) {
        CHECK_EQ(ps.IAVertices, 3u + 12u);
        CHECK_EQ(ps.IAPrimitives, 1u + 4u);
        CHECK_EQ(ps.VSInvocations, 15u);
        CHECK_EQ(ps.GSInvocations, 0); /* no geometry shader bound */
        CHECK_EQ(ps.GSPrimitives, 0);
        CHECK_EQ(ps.CInvocations, 5u);
        CHECK_EQ(ps.CPrimitives, 5u);
        CHECK_EQ(ps.PSInvocations, 5u * 64u * 64u);
    }
}

/* Timestamps: disjoint (so profilers discard them) with a frequency; a timestamp value that
 * grows from one submission to the next. */
static void check_timestamps(struct session *s)
{
    D3D10DDI_HQUERY disjoint = make_query(s, D3D10DDI_QUERY_TIMESTAMPDISJOINT);
    D3D10DDI_HQUERY t0 = make_query(s, D3D10DDI_QUERY_TIMESTAMP);
    D3D10DDI_HQUERY t1 = make_query(s, D3D10DDI_QUERY_TIMESTAMP);
    D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT d;
    UINT64 v0 = 0, v1 = 0;
    s->f.pfnQueryBegin(s->dev, disjoint);
    s->f.pfnQueryEnd(s->dev, t0);
    s->f.pfnFlush(s->dev);
    s->f.pfnQueryEnd(s->dev, t1);
    s->f.pfnQueryEnd(s->dev, disjoint);
    finish_all(s);
    memset(&d, 0, sizeof d);
    if (get_ready(s, disjoint, &d, sizeof d)) {
        CHECK(d.Disjoint == TRUE);
        CHECK(d.Frequency != 0);
    }
    if (get_ready(s, t0, &v0, sizeof v0) && get_ready(s, t1, &v1, sizeof v1))
        CHECK(v0 != 0 && v1 > v0);
}

/* Stream output cannot be bound, so nothing is written, needed or overflowing. */
static void check_stream_output_queries(struct session *s)
{
    UINT types[10], n = 0, i;
    types[n++] = D3D10DDI_QUERY_STREAMOUTPUTSTATS;
    types[n++] = D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE;
    if (s->api == API_11_0)
        for (i = 0; i < 4; i++) {
            types[n++] = D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0 + i;
            types[n++] = D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0 + i;
        }
    for (i = 0; i < n; i++) {
        D3D10DDI_HQUERY q = make_query(s, types[i]);
        D3D10_DDI_QUERY_DATA_SO_STATISTICS so;
        memset(&so, 0xA5, sizeof so);
        s->f.pfnQueryBegin(s->dev, q);
        s->f.pfnQueryEnd(s->dev, q);
        finish_all(s);
        if (get_ready(s, q, &so, sizeof so)) {
            CHECK_EQ(so.NumPrimitivesWritten & 0xFFFFFFFFu, 0); /* a predicate's BOOL FALSE */
            if (types[i] == D3D10DDI_QUERY_STREAMOUTPUTSTATS ||
                (types[i] >= D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0 &&
                 types[i] <= D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3))
                CHECK(so.NumPrimitivesWritten == 0 && so.PrimitivesStorageNeeded == 0);
        }
    }
}

/* D3D11's pipeline statistics add HS / DS (0: no tessellation) and compute thread groups. */
static void check_d3d11_stats(struct session *s)
{
    D3D10DDI_HQUERY stats = make_query(s, D3D11DDI_QUERY_PIPELINESTATS);
    D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS ps;
    s->f.pfnCsSetShader(s->dev, scene_shader(s, SCENE_CS_READ));
    s->f.pfnQueryBegin(s->dev, stats);
    s->f.pfnDispatch(s->dev, 2, 3, 1);
    s->f.pfnQueryEnd(s->dev, stats);
    finish_all(s);
    memset(&ps, 0xA5, sizeof ps);
    if (get_ready(s, stats, &ps, sizeof ps)) {
        CHECK(ps.IAVertices == 0 && ps.HSInvocations == 0 && ps.DSInvocations == 0);
        CHECK_EQ(ps.CSInvocations, 6); /* thread groups: the estimate */
    }
}

/* Predicated on an occlusion predicate with FALSE (occlusion culling), a draw goes out: the
 * predicate's data is TRUE (doc/compatibility.md), and Direct3D leaves commands out only
 * while it equals the value. CreateQuery of a counter id is E_OUTOFMEMORY (the only failure
 * it may report besides NONEXCLUSIVE and DEVICEREMOVED). */
static void check_predication_and_counters(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    static const D3D10DDI_HQUERY none = {NULL};
    D3D10DDI_HQUERY pred = make_query(s, D3D10DDI_QUERY_OCCLUSIONPREDICATE);
    uint64_t draws_before;
    bind_basic(s, triangle_vb(s), target(s, 64, 64), no_dsv);
    s->f.pfnQueryBegin(s->dev, pred);
    s->f.pfnQueryEnd(s->dev, pred);
    s->f.pfnSetPredication(s->dev, pred, FALSE);
    s->f.pfnFlush(s->dev);
    draws_before = s->rt.emu.submission_count;
    s->f.pfnDraw(s->dev, 3, 0);
    s->f.pfnSetPredication(s->dev, none, FALSE);
    s->f.pfnFlush(s->dev);
    CHECK_EQ(s->rt.emu.submission_count, draws_before + 1); /* the draw went out */
    CHECK_EQ(s->rt.error_count, 0);
    make_query(s, D3D10DDI_COUNTER_GPU_IDLE);
    CHECK_EQ(s->rt.error_count, 1);
    CHECK_EQ(s->rt.last_error, E_OUTOFMEMORY);
    s->rt.error_count = 0;
}

/* A submission the kernel refuses (pfnRenderCb fails) while QueryGetData flushes: the call
 * reports WASSTILLDRAWING (FACTS-ADDENDUM (2) allows only it and DEVICEREMOVED, and the
 * device is not lost: the buffer is kept), pData untouched; once the kernel takes the
 * submission again the query signals. */
static void check_error_codes_after_failed_submission(struct session *s)
{
    D3D10DDI_HQUERY ev = make_query(s, D3D10DDI_QUERY_EVENT);
    uint32_t done = 0;
    s->rt.error_count = 0;
    s->f.pfnQueryEnd(s->dev, ev);
    s->rt.render_result = E_OUTOFMEMORY;
    s->f.pfnQueryGetData(s->dev, ev, &done, sizeof done, 0);
    CHECK_EQ(s->rt.error_count, 1);
    CHECK_EQ((uint32_t)s->rt.last_error, WASSTILLDRAWING);
    CHECK_EQ(done, 0);
    s->rt.render_result = S_OK;
    s->rt.error_count = 0;
    finish_all(s); /* the kept buffer goes out now, and the GPU finishes it */
    if (get_ready(s, ev, &done, sizeof done))
        CHECK_EQ(done, 1);
}

void run_query_scenarios(open_adapter_fn open, UINT iface, int use_10_2, const char *out_dir,
                         const char *tag)
{
    static struct session s;
    char name[96];
    if (!CHECK_EQ(session_open(&s, open, iface, use_10_2), S_OK))
        return;
    check_event(&s);
    check_counting_queries(&s);
    check_timestamps(&s);
    check_stream_output_queries(&s);
    if (s.api == API_11_0)
        check_d3d11_stats(&s);
    check_predication_and_counters(&s);
    s.f.pfnFlush(s.dev);
    CHECK_EQ(s.rt.error_count, 0);
    check_shader_payloads(&s);
    snprintf(name, sizeof name, "%squeries", tag);
    record_scenario(&s.rt, out_dir, name, s.rt.emu.submission_count);
    check_error_codes_after_failed_submission(&s);
    session_close(&s);
}
