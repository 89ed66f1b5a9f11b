/* SPDX-License-Identifier: MIT */
/* scenario_compute.c — (part of scenarios.c) D3D11 unordered access through the DDI: buffer
 * views, their clears, compute binding with initial counts, CopyStructureCount, direct and
 * indirect dispatch, an indirect draw; structured and raw shader-resource views read by a
 * shader model 4.0 compute shader (what the compute cap promises a 10.0 device); and the
 * refusals the library decides. */

#define UAV_KEEP 0xFFFFFFFFu

/* A view of elements [first, first + n) of a buffer, or of a 2D texture's first mip (first,
 * n and flags unused). */
static D3D11DDI_HUNORDEREDACCESSVIEW uav_of(struct session *s, D3D10DDI_HRESOURCE res,
                                            DXGI_FORMAT format, D3D10DDIRESOURCE_TYPE dim,
                                            UINT first, UINT n, UINT flags)
{
    D3D11DDIARG_CREATEUNORDEREDACCESSVIEW a;
    D3D11DDI_HUNORDEREDACCESSVIEW h;
    D3D11DDI_HRTUNORDEREDACCESSVIEW rt = {NULL};
    memset(&a, 0, sizeof a);
    a.hDrvResource = res;
    a.Format = format;
    a.ResourceDimension = dim;
    if (dim == D3D10DDIRESOURCE_BUFFER) {
        a.Buffer.FirstElement = first;
        a.Buffer.NumElements = n;
        a.Buffer.Flags = flags;
    } else {
        a.Tex2D.ArraySize = 1;
    }
    h.pDrvPrivate = take(s, s->f.pfnCalcPrivateUnorderedAccessViewSize(s->dev, &a));
    s->f.pfnCreateUnorderedAccessView(s->dev, &a, h, rt);
    return h;
}

/* The n-th packet (from 0) with this opcode over all submissions, copied into out (at most
 * out_size bytes); 0 when there is no such packet. */
static int nth_packet(struct session *s, uint32_t opcode, uint32_t n, void *out, size_t out_size)
{
    uint32_t i;
    for (i = 0; i < s->rt.host->submission_count; i++) {
        const struct aerocmd_umd_fake_submission *sub = &s->rt.host->submissions[i];
        struct aerocmd_stream st;
        struct aerocmd_cursor cur;
        struct aerocmd_packet pkt;
        struct aerocmd_diag diag;
        if (aerocmd_stream_open(&st, sub->cmd, sub->cmd_bytes, &diag) != AEROCMD_OK)
            return 0;
        aerocmd_cursor_init(&cur, &st);
        while (aerocmd_cursor_next(&cur, &pkt, &diag) == 1) {
            if (pkt.opcode != opcode || n-- != 0)
                continue;
            memset(out, 0, out_size);
            memcpy(out, pkt.bytes, pkt.size_bytes < out_size ? pkt.size_bytes : out_size);
            return 1;
        }
    }
    return 0;
}

static uint32_t word_at(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* UPLOAD_RESOURCE number n: its range, and that every 32-bit word of it is `word`. */
static void expect_upload(struct session *s, uint32_t n, uint64_t offset, uint64_t size,
                          uint32_t word)
{
    uint8_t bytes[sizeof(struct aerogpu_cmd_upload_resource) + 256];
    struct aerogpu_cmd_upload_resource u;
    uint64_t i;
    if (!CHECK(nth_packet(s, AEROGPU_CMD_UPLOAD_RESOURCE, n, bytes, sizeof bytes)))
        return;
    memcpy(&u, bytes, sizeof u);
    CHECK(u.offset_bytes == offset);
    CHECK(u.size_bytes == size);
    for (i = 0; i < size && i + 4 <= 256; i += 4)
        CHECK_EQ(word_at(bytes + sizeof u + i), word);
}

static void expect_dispatch(struct session *s, uint32_t n, uint32_t x, uint32_t y, uint32_t z)
{
    struct aerogpu_cmd_dispatch d;
    if (!CHECK(nth_packet(s, AEROGPU_CMD_DISPATCH, n, &d, sizeof d)))
        return;
    CHECK_EQ(d.group_count_x, x);
    CHECK_EQ(d.group_count_y, y);
    CHECK_EQ(d.group_count_z, z);
}

/* The first SET_UNORDERED_ACCESS_BUFFERS: compute slots 0 and 1, the typed view without a
 * counter, the structured one with the count its bind gave. */
static void expect_uav_bindings(struct session *s)
{
    uint8_t bytes[sizeof(struct aerogpu_cmd_set_unordered_access_buffers) +
                  2 * sizeof(struct aerogpu_unordered_access_buffer_binding)];
    struct aerogpu_cmd_set_unordered_access_buffers set;
    struct aerogpu_unordered_access_buffer_binding b[2];
    if (!CHECK(nth_packet(s, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 0, bytes, sizeof bytes)))
        return;
    memcpy(&set, bytes, sizeof set);
    memcpy(b, bytes + sizeof set, sizeof b);
    CHECK_EQ(set.shader_stage, AEROGPU_SHADER_STAGE_COMPUTE);
    CHECK_EQ(set.start_slot, 0);
    CHECK_EQ(set.uav_count, 2);
    CHECK(b[0].buffer != 0 && b[1].buffer != 0 && b[0].buffer != b[1].buffer);
    CHECK_EQ(b[0].offset_bytes, 16);
    CHECK_EQ(b[0].size_bytes, 128);
    CHECK_EQ(b[0].initial_count, UAV_KEEP);
    CHECK_EQ(b[1].offset_bytes, 0);
    CHECK_EQ(b[1].size_bytes, 64);
    CHECK_EQ(b[1].initial_count, 3);
}

/* Writes the indirect arguments through a discard map: a dispatch of 3x2x1 at offset 0, a
 * draw of 3 vertices, 1 instance at offset 12. */
static void fill_indirect_args(struct session *s, D3D10DDI_HRESOURCE args)
{
    static const uint32_t words[7] = {3, 2, 1, 3, 1, 0, 0};
    D3D10DDI_MAPPED_SUBRESOURCE m;
    memset(&m, 0, sizeof m);
    s->f.pfnDynamicResourceMapDiscard(s->dev, args, 0, D3D10_DDI_MAP_WRITE_DISCARD, 0, &m);
    if (!CHECK(m.pData != NULL))
        return;
    memcpy(m.pData, words, sizeof words);
    s->f.pfnDynamicResourceUnmap(s->dev, args, 0);
}

static void sc_compute_uav(struct session *s)
{
    static const UINT seven[4] = {7, 7, 7, 7};
    static const FLOAT one[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    D3D10DDI_HRESOURCE data = buffer_ex(s, 256, D3D11_DDI_BIND_UNORDERED_ACCESS, 0, 0, 0, 0);
    D3D10DDI_HRESOURCE list = buffer_ex(s, 64, D3D11_DDI_BIND_UNORDERED_ACCESS, 0, 0,
                                        D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
    D3D10DDI_HRESOURCE count_dst = buffer(s, 16, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, NULL);
    D3D10DDI_HRESOURCE args =
        buffer_ex(s, 32, D3D10_DDI_BIND_SHADER_RESOURCE, D3D10_DDI_USAGE_DYNAMIC,
                  D3D10_DDI_CPU_ACCESS_WRITE, D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS, 0);
    D3D11DDI_HUNORDEREDACCESSVIEW uavs[2], as_float;
    D3D10DDI_HRENDERTARGETVIEW rtv;
    UINT counts[2] = {5 /* ignored: no counter */, 3};
    uavs[0] = uav_of(s, data, DXGI_FORMAT_R32_UINT, BUF, 4, 32, 0);
    uavs[1] = uav_of(s, list, DXGI_FORMAT_UNKNOWN, BUF, 0, 4, D3D11_DDI_BUFFER_UAV_FLAG_COUNTER);
    as_float = uav_of(s, data, DXGI_FORMAT_R32_FLOAT, BUF, 0, 4, 0);
    s->f.pfnClearUnorderedAccessViewUint(s->dev, uavs[0], seven);
    s->f.pfnClearUnorderedAccessViewFloat(s->dev, as_float, one);
    s->f.pfnCsSetShader(s->dev, scene_shader(s, SCENE_CS_UAV));
    s->f.pfnCsSetUnorderedAccessViews(s->dev, 0, 2, uavs, counts);
    /* Before any dispatch the counter is still the one the bind set. */
    s->f.pfnCopyStructureCount(s->dev, count_dst, 4, uavs[1]);
    s->f.pfnDispatch(s->dev, 2, 1, 1);
    fill_indirect_args(s, args);
    s->f.pfnDispatchIndirect(s->dev, args, 0);
    /* One object per statement: the host twin (test/unit/umd/golden_scenarios.h) records
     * the order handles are given out, and argument evaluation order is unspecified. */
    rtv = target(s, 64, 64);
    bind_basic(s, triangle_vb(s), rtv, no_dsv);
    s->f.pfnDrawInstancedIndirect(s->dev, args, 12);
    s->f.pfnDestroyUnorderedAccessView(s->dev, as_float);
    s->f.pfnDestroyUnorderedAccessView(s->dev, uavs[1]);
    s->f.pfnDestroyUnorderedAccessView(s->dev, uavs[0]);
    /* Released as the host twin releases it (a dynamic buffer's CPU shadow is the device
     * allocator's until then). */
    s->f.pfnDestroyResource(s->dev, args);
    s->f.pfnFlush(s->dev);
    expect_upload(s, 0, 16, 128, 7);
    expect_upload(s, 1, 0, 16, 0x3F800000u);
    expect_upload(s, 2, 4, 4, 3);
    expect_uav_bindings(s);
    expect_dispatch(s, 0, 2, 1, 1);
    expect_dispatch(s, 1, 3, 2, 1);
}

/* Output-merger unordered access and unordered-access textures are refused (E_NOTIMPL) by
 * the library: the texture already at CreateResource, so a view of it has no resource
 * (E_INVALIDARG). Returns how many errors it made the shim report. */
static uint32_t check_uav_refusals(struct session *s)
{
    static const D3D10DDI_HDEPTHSTENCILVIEW no_dsv = {NULL};
    uint32_t before = s->rt.error_count;
    D3D10DDI_HRESOURCE data = buffer_ex(s, 64, D3D11_DDI_BIND_UNORDERED_ACCESS, 0, 0, 0, 0);
    D3D11DDI_HUNORDEREDACCESSVIEW uav = uav_of(s, data, DXGI_FORMAT_R32_UINT, BUF, 0, 16, 0);
    D3D10DDI_HRENDERTARGETVIEW rtv = target(s, 8, 8);
    D3D10DDI_HRESOURCE tex;
    D3D11DDI_HUNORDEREDACCESSVIEW tex_uav;
    UINT count = UAV_KEEP;
    CHECK_EQ(s->rt.error_count, before);
    s->f.pfnSetRenderTargets(s->dev, &rtv, 1, 0, no_dsv, &uav, &count, 1, 1, 1, 1);
    CHECK_EQ(s->rt.error_count, before + 1);
    CHECK_EQ(s->rt.last_error, E_NOTIMPL);
    tex = texture(s, 8, 8, DXGI_FORMAT_R32_UINT, D3D11_DDI_BIND_UNORDERED_ACCESS, 0, 0, NULL);
    CHECK_EQ(s->rt.error_count, before + 2);
    CHECK_EQ(s->rt.last_error, E_NOTIMPL);
    tex_uav = uav_of(s, tex, DXGI_FORMAT_R32_UINT, D3D10DDIRESOURCE_TEXTURE2D, 0, 0, 0);
    CHECK_EQ(s->rt.error_count, before + 3);
    CHECK_EQ(s->rt.last_error, E_INVALIDARG);
    /* The failed view binds as nothing and destroys as nothing. */
    s->f.pfnCsSetUnorderedAccessViews(s->dev, 0, 1, &tex_uav, NULL);
    s->f.pfnDestroyUnorderedAccessView(s->dev, tex_uav);
    s->f.pfnDestroyUnorderedAccessView(s->dev, uav);
    CHECK_EQ(s->rt.error_count, before + 3);
    return s->rt.error_count - before;
}

/* ---- structured and raw shader-resource views -------------------------------------------- */

/* SET_SHADER_RESOURCE_BUFFERS number n is exactly: compute, one slot, this range. */
static void expect_srv_buffer(struct session *s, uint32_t n, uint32_t slot, uint32_t offset,
                              uint32_t size)
{
    uint8_t bytes[sizeof(struct aerogpu_cmd_set_shader_resource_buffers) +
                  sizeof(struct aerogpu_shader_resource_buffer_binding)];
    struct aerogpu_cmd_set_shader_resource_buffers set;
    struct aerogpu_shader_resource_buffer_binding b;
    if (!CHECK(nth_packet(s, AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, n, bytes, sizeof bytes)))
        return;
    memcpy(&set, bytes, sizeof set);
    memcpy(&b, bytes + sizeof set, sizeof b);
    CHECK_EQ(set.hdr.size_bytes, sizeof bytes);
    CHECK_EQ(set.shader_stage, AEROGPU_SHADER_STAGE_COMPUTE);
    CHECK_EQ(set.start_slot, slot);
    CHECK_EQ(set.buffer_count, 1);
    CHECK(b.buffer != 0);
    CHECK_EQ(b.offset_bytes, offset);
    CHECK_EQ(b.size_bytes, size);
    CHECK_EQ(b.reserved0, 0);
}

/* A structured buffer read through a plain BUFFER view of format UNKNOWN and through a
 * BUFFEREX view, a raw buffer through a raw BUFFEREX view, a raw UAV written: the library
 * turns each view into its byte range. */
static void sc_compute_buffer_views(struct session *s)
{
    D3D10DDI_HRESOURCE structured =
        buffer_init(s, 256, D3D10_DDI_BIND_SHADER_RESOURCE,
                    D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED, 16, scene_index_words());
    D3D10DDI_HRESOURCE raw =
        buffer_init(s, 128, D3D10_DDI_BIND_SHADER_RESOURCE,
                    D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, scene_index_words());
    D3D10DDI_HRESOURCE out = buffer_ex(s, 64, D3D11_DDI_BIND_UNORDERED_ACCESS, 0, 0,
                                       D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0);
    D3D10DDI_HSHADERRESOURCEVIEW srvs[3];
    D3D11DDI_HUNORDEREDACCESSVIEW uav;
    struct aerogpu_unordered_access_buffer_binding b;
    uint8_t bytes[sizeof(struct aerogpu_cmd_set_unordered_access_buffers) + sizeof b];
    srvs[0] = srv_of(s, structured, DXGI_FORMAT_UNKNOWN, BUF, 3, 5, 0); /* bytes 48..128 */
    srvs[1] = srv_of(s, raw, DXGI_FORMAT_R32_TYPELESS, BUFEX, 2, 10,
                     D3D11_DDI_BUFFEREX_SRV_FLAG_RAW);                     /* bytes 8..48 */
    srvs[2] = srv_of(s, structured, DXGI_FORMAT_UNKNOWN, BUFEX, 0, 16, 0); /* all of it */
    uav = uav_of(s, out, DXGI_FORMAT_R32_TYPELESS, BUF, 0, 16, D3D11_DDI_BUFFER_UAV_FLAG_RAW);
    /* cs_4_0: what a feature level 10.0 device runs once the caps allow compute. */
    s->f.pfnCsSetShader(s->dev, scene_shader(s, SCENE_CS_BUFFER_VIEWS));
    s->f.pfnCsSetShaderResources(s->dev, 0, 3, srvs);
    s->f.pfnCsSetUnorderedAccessViews(s->dev, 0, 1, &uav, NULL);
    s->f.pfnDispatch(s->dev, 4, 1, 1);
    s->f.pfnFlush(s->dev);
    expect_srv_buffer(s, 0, 0, 48, 80);
    expect_srv_buffer(s, 1, 1, 8, 40);
    expect_srv_buffer(s, 2, 2, 0, 256);
    if (CHECK(nth_packet(s, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, 0, bytes, sizeof bytes))) {
        memcpy(&b, bytes + sizeof(struct aerogpu_cmd_set_unordered_access_buffers), sizeof b);
        CHECK_EQ(b.offset_bytes, 0);
        CHECK_EQ(b.size_bytes, 64);
    }
    expect_dispatch(s, 0, 4, 1, 1);
}

/* The library refuses what the protocol cannot carry (a read-only depth-stencil view:
 * E_NOTIMPL) and what Direct3D forbids (a raw view of a buffer without ALLOW_RAW_VIEWS, a
 * structured view of a plain buffer: E_INVALIDARG); nothing of it reaches the host.
 * Returns how many errors it made the shim report. */
static uint32_t check_view_refusals(struct session *s)
{
    uint32_t before = s->rt.error_count, submissions;
    D3D10DDI_HRESOURCE depth =
        texture(s, 16, 16, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D10_DDI_BIND_DEPTH_STENCIL, 0, 0, NULL);
    D3D10DDI_HRESOURCE plain = buffer_ex(s, 64, D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0, 0, 0);
    D3D10DDI_HDEPTHSTENCILVIEW dsv;
    D3D10DDI_HSHADERRESOURCEVIEW srv;
    s->f.pfnFlush(s->dev);
    submissions = s->rt.emu.submission_count;
    CHECK_EQ(s->rt.error_count, before);
    dsv = dsv_of(s, depth, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_DDI_CREATE_DSV_READ_ONLY_DEPTH);
    CHECK_EQ(s->rt.error_count, before + 1);
    CHECK_EQ(s->rt.last_error, E_NOTIMPL);
    srv = srv_of(s, plain, DXGI_FORMAT_R32_TYPELESS, BUFEX, 0, 16, D3D11_DDI_BUFFEREX_SRV_FLAG_RAW);
    CHECK_EQ(s->rt.error_count, before + 2);
    CHECK_EQ(s->rt.last_error, E_INVALIDARG);
    (void)srv_of(s, plain, DXGI_FORMAT_UNKNOWN, BUF, 0, 4, 0);
    CHECK_EQ(s->rt.error_count, before + 3);
    CHECK_EQ(s->rt.last_error, E_INVALIDARG);
    /* The failed views bind and destroy as nothing. */
    s->f.pfnCsSetShaderResources(s->dev, 0, 1, &srv);
    s->f.pfnDestroyShaderResourceView(s->dev, srv);
    s->f.pfnDestroyDepthStencilView(s->dev, dsv);
    s->f.pfnFlush(s->dev);
    CHECK_EQ(s->rt.emu.submission_count, submissions);
    CHECK_EQ(s->rt.error_count, before + 3);
    return s->rt.error_count - before;
}
