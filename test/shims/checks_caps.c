/* SPDX-License-Identifier: MIT */
/* checks_caps.c — the runtime's questions and the tables it is given, with the answers
 * written here from the DDI facts (FACTS.md, FACTS-ADDENDUM.md, d3d10umddi.h's meanings)
 * and the protocol's format list (doc/protocol/RULES.md "Formats"), never from the library
 * function the shim calls: CheckFormatSupport in the DDI's own bits, multisample levels,
 * GetCaps, counters, size queries, unbinding the tessellation stages, and the DXGI table of
 * the size the interface version implies. */

/* D3D10_DDI_FORMAT_SUPPORT_* (d3d10umddi.h, facts constants). */
#define DDI_SAMPLE 0x1u
#define DDI_RT     0x2u
#define DDI_BLEND  0x4u
#define DDI_NONE   0x80000000u /* NOT_SUPPORTED */
#define DDI_RSB    (DDI_SAMPLE | DDI_RT | DDI_BLEND)

struct format_answer {
    DXGI_FORMAT format;
    UINT at_1_4; /* the device's ABI 1.4 */
    UINT at_1_1; /* ABI 1.1: no sRGB or BC yet (RULES.md "Versions") */
};

/* RULES.md: the protocol stores B8G8R8A8/X8, R8G8B8A8, B5G6R5, B5G5R5A1 (and their sRGB
 * twins from 1.2) as colour textures a shader samples and the output merger renders and
 * blends into; BC1/2/3/7 (from 1.2) are sampled only; D24S8 and D32F are depth formats,
 * whose depth is read through a depth view (R24_UNORM_X8_TYPELESS). Everything else is
 * either vertex or index data (supported, but none of the DDI's texture bits), a typeless
 * container of a stored format (supported, no bits of its own), or nothing at all. No
 * format is multisampled. */
static const struct format_answer format_answers[] = {
    /* rendered, blended and sampled */
    {DXGI_FORMAT_B8G8R8A8_UNORM, DDI_RSB, DDI_RSB},
    {DXGI_FORMAT_B8G8R8X8_UNORM, DDI_RSB, DDI_RSB},
    {DXGI_FORMAT_R8G8B8A8_UNORM, DDI_RSB, DDI_RSB},
    {DXGI_FORMAT_B5G6R5_UNORM, DDI_RSB, DDI_RSB},
    {DXGI_FORMAT_B5G5R5A1_UNORM, DDI_RSB, DDI_RSB},
    {DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, DDI_RSB, DDI_NONE},
    {DXGI_FORMAT_B8G8R8X8_UNORM_SRGB, DDI_RSB, DDI_NONE},
    {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DDI_RSB, DDI_NONE},
    /* sampled only */
    {DXGI_FORMAT_BC1_UNORM, DDI_SAMPLE, DDI_NONE},
    {DXGI_FORMAT_BC1_UNORM_SRGB, DDI_SAMPLE, DDI_NONE},
    {DXGI_FORMAT_BC2_UNORM, DDI_SAMPLE, DDI_NONE},
    {DXGI_FORMAT_BC3_UNORM_SRGB, DDI_SAMPLE, DDI_NONE},
    {DXGI_FORMAT_BC7_UNORM, DDI_SAMPLE, DDI_NONE},
    {DXGI_FORMAT_R24_UNORM_X8_TYPELESS, DDI_SAMPLE, DDI_SAMPLE},
    /* depth-stencil targets: no DDI bit names them */
    {DXGI_FORMAT_D24_UNORM_S8_UINT, 0, 0},
    {DXGI_FORMAT_D32_FLOAT, 0, 0},
    /* typeless containers of stored formats */
    {DXGI_FORMAT_R8G8B8A8_TYPELESS, 0, 0},
    {DXGI_FORMAT_B8G8R8A8_TYPELESS, 0, 0},
    {DXGI_FORMAT_R24G8_TYPELESS, 0, 0},
    {DXGI_FORMAT_BC1_TYPELESS, 0, DDI_NONE},
    /* vertex and index data only: never sampled, rendered or blended */
    {DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0},
    {DXGI_FORMAT_R32G32B32_FLOAT, 0, 0},
    {DXGI_FORMAT_R32G32_FLOAT, 0, 0},
    {DXGI_FORMAT_R32_FLOAT, 0, 0},
    {DXGI_FORMAT_R16G16B16A16_FLOAT, 0, 0},
    {DXGI_FORMAT_R8G8B8A8_UINT, 0, 0},
    {DXGI_FORMAT_R10G10B10A2_UNORM, 0, 0},
    {DXGI_FORMAT_R16_UINT, 0, 0},
    {DXGI_FORMAT_R32_UINT, 0, 0},
    {DXGI_FORMAT_R8_UNORM, 0, 0},
    /* nothing the protocol or the input assembler can carry */
    {DXGI_FORMAT_UNKNOWN, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_R32G32B32A32_TYPELESS, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_R11G11B10_FLOAT, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_R10G10B10A2_UINT, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_D16_UNORM, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_X24_TYPELESS_G8_UINT, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_A8_UNORM, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_R1_UNORM, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_R9G9B9E5_SHAREDEXP, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_BC4_UNORM, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_BC5_SNORM, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_BC6H_UF16, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_AYUV, DDI_NONE, DDI_NONE},
    {DXGI_FORMAT_B4G4R4A4_UNORM, DDI_NONE, DDI_NONE},
};

/* A texture of the format exists (stored or typeless container): count 1 has one level.
 * -1: not asserted (R24_UNORM_X8_TYPELESS names a view of a D24S8 texture; the facts do not
 * say whether the runtime asks about it). */
static int is_texture_format(const struct format_answer *f, int abi_1_4)
{
    UINT bits = abi_1_4 ? f->at_1_4 : f->at_1_1;
    if (f->format == DXGI_FORMAT_R24_UNORM_X8_TYPELESS)
        return -1;
    if (bits == DDI_NONE)
        return 0;
    if (bits != 0)
        return 1;
    switch (f->format) {
    case DXGI_FORMAT_D24_UNORM_S8_UINT:
    case DXGI_FORMAT_D32_FLOAT:
    case DXGI_FORMAT_R8G8B8A8_TYPELESS:
    case DXGI_FORMAT_B8G8R8A8_TYPELESS:
    case DXGI_FORMAT_R24G8_TYPELESS:
    case DXGI_FORMAT_BC1_TYPELESS:
        return 1;
    default:
        return 0;
    }
}

static void check_format_table(struct session *s, int abi_1_4)
{
    size_t i;
    for (i = 0; i < sizeof format_answers / sizeof format_answers[0]; i++) {
        const struct format_answer *f = &format_answers[i];
        UINT got = 0xDEADu, levels = 0xDEADu;
        s->f.pfnCheckFormatSupport(s->dev, f->format, &got);
        if (got != (abi_1_4 ? f->at_1_4 : f->at_1_1))
            fprintf(stderr, "format %u at ABI 1.%u\n", (unsigned)f->format, abi_1_4 ? 4u : 1u);
        CHECK_EQ(got, abi_1_4 ? f->at_1_4 : f->at_1_1);
        s->f.pfnCheckMultisampleQualityLevels(s->dev, f->format, 1, &levels);
        CHECK(levels != 0xDEADu);
        if (is_texture_format(f, abi_1_4) >= 0)
            CHECK_EQ(levels, is_texture_format(f, abi_1_4) ? 1u : 0u);
        levels = 0xDEADu;
        s->f.pfnCheckMultisampleQualityLevels(s->dev, f->format, 4, &levels);
        CHECK_EQ(levels, 0);
    }
    CHECK_EQ(s->rt.error_count, 0);
}

/* D3D10_2DDIARG_GETCAPS: Windows 7's three types, one UINT each; an unknown type is S_OK
 * with pData zeroed (GetCaps documents only S_OK and E_OUTOFMEMORY). */
static void check_get_caps(struct session *s)
{
    D3D10_2DDIARG_GETCAPS caps;
    UINT value = 99, big[4];
    memset(&caps, 0, sizeof caps);
    caps.pData = &value;
    caps.DataSize = sizeof value;
    caps.Type = D3D11DDICAPS_3DPIPELINESUPPORT;
    CHECK_EQ(s->af.pfnGetCaps(s->open.hAdapter, &caps), S_OK);
    CHECK_EQ(value, 1u << D3D11DDI_3DPIPELINELEVEL_10_0); /* no tessellation: 10_0 only */
    caps.Type = D3D11DDICAPS_THREADING;
    value = 99;
    CHECK_EQ(s->af.pfnGetCaps(s->open.hAdapter, &caps), S_OK);
    CHECK_EQ(value, 0); /* no free-threading, no driver command lists */
    /* Compute with raw and structured buffers works end to end (compute_buffer_views);
     * doubles do not. */
    caps.Type = D3D11DDICAPS_SHADER;
    value = 99;
    CHECK_EQ(s->af.pfnGetCaps(s->open.hAdapter, &caps), S_OK);
    CHECK_EQ(value, D3D11DDICAPS_SHADER_COMPUTE_PLUS_RAW_AND_STRUCTURED_BUFFERS_IN_SHADER_4_X);
    memset(big, 0xAB, sizeof big);
    caps.Type = (D3D10_2DDICAPS_TYPE)0x7777;
    caps.pData = big;
    caps.DataSize = sizeof big;
    CHECK_EQ(s->af.pfnGetCaps(s->open.hAdapter, &caps), S_OK);
    CHECK(big[0] == 0 && big[1] == 0 && big[2] == 0 && big[3] == 0);
}

/* CheckCounterInfo zero-fills without counters; CheckCounter answers a well-known counter
 * DXGI_DDI_ERR_UNSUPPORTED and a device-dependent id E_INVALIDARG, writing every out
 * parameter either way. */
static void check_counters(struct session *s)
{
    D3D10DDI_COUNTER_INFO info;
    D3D10DDI_COUNTER_TYPE type = (D3D10DDI_COUNTER_TYPE)77;
    UINT active = 77, name_len = 16, units_len = 16, desc_len = 16;
    char name[16], units[16], desc[16];
    memset(&info, 0xAB, sizeof info);
    s->f.pfnCheckCounterInfo(s->dev, &info);
    CHECK(info.LastDeviceDependentCounter == 0 && info.NumSimultaneousCounters == 0 &&
          info.NumDetectableParallelUnits == 0);
    CHECK_EQ(s->rt.error_count, 0);
    s->f.pfnCheckCounter(s->dev, D3D10DDI_COUNTER_GPU_IDLE, &type, &active, name, &name_len, units,
                         &units_len, desc, &desc_len);
    CHECK_EQ(s->rt.error_count, 1);
    CHECK_EQ((uint32_t)s->rt.last_error, 0x887B0002u); /* DXGI_DDI_ERR_UNSUPPORTED */
    CHECK(type == D3D10DDI_COUNTER_TYPE_FLOAT32 && active == 0 && name_len == 0 && units_len == 0 &&
          desc_len == 0);
    s->f.pfnCheckCounter(s->dev, D3D10DDI_COUNTER_DEVICE_DEPENDENT_0, &type, &active, NULL, NULL,
                         NULL, NULL, NULL, NULL);
    CHECK_EQ(s->rt.error_count, 2);
    CHECK_EQ(s->rt.last_error, E_INVALIDARG);
    s->rt.error_count = 0;
}

/* Size queries never report an error (the runtime does not expect one), implemented or not:
 * CalcPrivateQuerySize of every query type, and the D3D11 sizes of what is refused at
 * creation. */
static void check_size_queries(struct session *s)
{
    static const UINT code[5] = {0};
    D3D10DDIARG_CREATEQUERY q;
    UINT i;
    memset(&q, 0, sizeof q);
    for (i = 0; i <= 16; i++) {
        q.Query = (D3D10DDI_QUERY)i;
        CHECK(s->f.pfnCalcPrivateQuerySize(s->dev, &q) > 0);
    }
    q.Query = D3D10DDI_COUNTER_GPU_IDLE;
    CHECK(s->f.pfnCalcPrivateQuerySize(s->dev, &q) > 0);
    if (s->api == API_11_0) {
        D3D11DDIARG_TESSELLATION_IO_SIGNATURES sig;
        D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT so;
        D3D10DDIARG_STAGE_IO_SIGNATURES io;
        memset(&sig, 0, sizeof sig);
        memset(&so, 0, sizeof so);
        memset(&io, 0, sizeof io);
        CHECK(s->f.pfnCalcPrivateTessellationShaderSize(s->dev, code, &sig) > 0);
        CHECK(s->f.pfnCalcPrivateGeometryShaderWithStreamOutput(s->dev, &so, &io) > 0);
    }
    CHECK_EQ(s->rt.error_count, 0);
}

/* ClearState unbinds stream output, which the device lacks: no error; binding a target is
 * E_NOTIMPL. */
static void check_unbind_stream_output(struct session *s)
{
    D3D10DDI_HRESOURCE targets[4];
    UINT offsets[4] = {0, 0, 0, 0};
    memset(targets, 0, sizeof targets);
    s->f.pfnSoSetTargets(s->dev, 4, 0, targets, offsets);
    CHECK_EQ(s->rt.error_count, 0);
    targets[1] = buffer(s, 64, D3D10_DDI_BIND_VERTEX_BUFFER, 0, 0, NULL);
    s->f.pfnSoSetTargets(s->dev, 4, 0, targets, offsets);
    CHECK_EQ(s->rt.error_count, 1);
    CHECK_EQ(s->rt.last_error, E_NOTIMPL);
    s->rt.error_count = 0;
}

/* What ClearState does to stages the device lacks: unbinding is no error. */
static void check_unbind_tessellation(struct session *s)
{
    static const D3D10DDI_HSHADER none = {NULL};
    D3D10DDI_HRESOURCE bufs[D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT];
    D3D10DDI_HSHADERRESOURCEVIEW views[D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT];
    D3D10DDI_HSAMPLER samplers[D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT];
    UINT deferred = 99;
    memset(bufs, 0, sizeof bufs);
    memset(views, 0, sizeof views);
    memset(samplers, 0, sizeof samplers);
    s->f.pfnHsSetShader(s->dev, none);
    s->f.pfnDsSetShader(s->dev, none);
    s->f.pfnHsSetConstantBuffers(s->dev, 0, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT,
                                 bufs);
    s->f.pfnDsSetShaderResources(s->dev, 0, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, views);
    s->f.pfnHsSetSamplers(s->dev, 0, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT, samplers);
    CHECK_EQ(s->rt.error_count, 0);
    /* No driver command lists: no handle type needs a deferred size. */
    s->f.pfnCheckDeferredContextHandleSizes(s->dev, &deferred, NULL);
    CHECK_EQ(deferred, 0);
    CHECK_EQ(s->rt.error_count, 0);
}

/* Every pointer-sized slot of a table is set. */
static int all_slots_set(const void *table, size_t bytes)
{
    const unsigned char *p = (const unsigned char *)table;
    size_t i, j;
    for (i = 0; i + sizeof(void *) <= bytes; i += sizeof(void *)) {
        int any = 0;
        for (j = 0; j < sizeof(void *); j++)
            any |= p[i + j];
        if (!any)
            return 0;
    }
    return 1;
}

static size_t table_bytes(int api)
{
    if (api == API_10_0)
        return sizeof(D3D10DDI_DEVICEFUNCS);
    return api == API_10_1 ? sizeof(D3D10_1DDI_DEVICEFUNCS) : sizeof(D3D11DDI_DEVICEFUNCS);
}

/* IS_DXGI1_1_BASE_FUNCTIONS (FACTS-ADDENDUM.md): the 8-slot table for Version's low word
 * >= 6009 on a 10.x interface, >= 9 on 11.0; else 7 slots and nothing after them. The word
 * after the table is never written. */
static void check_dxgi_table(open_adapter_fn open, UINT iface, int use_10_2, UINT low_word,
                             int want_slots)
{
    static struct session s;
    void *slot7;
    session_init(&s);
    s.version = (2u << 16) | low_word;
    if (!CHECK_EQ(session_connect(&s, open, iface, use_10_2), S_OK))
        return;
    CHECK(all_slots_set(&s.rt.dxgi, sizeof(DXGI_DDI_BASE_FUNCTIONS)));
    memcpy(&slot7, &s.rt.dxgi.pfnResolveSharedResource, sizeof slot7);
    if (want_slots == 8)
        CHECK(slot7 != FAKE_DXGI_GUARD && slot7 != NULL);
    else
        CHECK(slot7 == FAKE_DXGI_GUARD);
    CHECK(s.rt.dxgi_guard == FAKE_DXGI_GUARD);
    session_close(&s);
}

void run_answer_checks(open_adapter_fn open, UINT iface, int use_10_2)
{
    static struct session s;
    int api11 = (iface >> 16) == 11u;
    if (!CHECK_EQ(session_open(&s, open, iface, use_10_2), S_OK))
        return;
    CHECK(all_slots_set(&s.f, table_bytes(s.api)));
    CHECK(all_slots_set(use_10_2 ? (const void *)&s.af : (const void *)&s.af10,
                        use_10_2 ? sizeof s.af : sizeof s.af10));
    check_format_table(&s, 1);
    if (use_10_2)
        check_get_caps(&s);
    check_counters(&s);
    check_size_queries(&s);
    check_unbind_stream_output(&s);
    if (s.api == API_11_0)
        check_unbind_tessellation(&s);
    CHECK_EQ(s.rt.error_count, 0);
    session_close(&s);
    /* The same format questions on a device of ABI 1.1. */
    session_init(&s);
    s.rt.abi_version = (AEROGPU_ABI_MAJOR << 16) | 1u;
    if (CHECK_EQ(session_connect(&s, open, iface, use_10_2), S_OK))
        check_format_table(&s, 0);
    session_close(&s);
    check_dxgi_table(open, iface, use_10_2, D3D_UMD_INTERFACE_VERSION_WIN7, 8);
    check_dxgi_table(open, iface, use_10_2, api11 ? 9u : 6009u, 8);
    check_dxgi_table(open, iface, use_10_2, api11 ? 8u : 6008u, 7);
}
