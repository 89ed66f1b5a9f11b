/* SPDX-License-Identifier: MIT */
/* scenario_share.c — (part of scenarios.c) a texture shared between two devices of two
 * runtimes in one process (one kernel driver and emulator behind both, as for two
 * processes): one renders into it, the other opens it and samples it. The facts it is
 * written from (FACTS-ADDENDUM.md (1)): a shareable resource's allocation is made for the
 * runtime's resource (pfnAllocateCb's hResource = the HRTRESOURCE); the kernel writes its
 * token into the allocation's private data, which the OS keeps and hands OpenResource;
 * OpenResource may report only E_OUTOFMEMORY or DEVICEREMOVED. The host model's bytes of the
 * opened texture are checked here; both devices' submissions (one host behind both) are
 * recorded as one scenario, whose picture the reference executor draws
 * (test/pixels/scene_pictures.h pic_share: the red the creator cleared, sampled by the
 * opener's quad, through both opens). */

/* What the OS keeps of an allocation for OpenResource: the private data the kernel left. */
static const struct aerocmd_umd_fake_memory *kept_allocation(struct session *creator,
                                                             D3DKMT_HANDLE h)
{
    return aerocmd_umd_fake_find_memory(creator->rt.host, creator->rt.memory[h - 1u].alloc_id);
}

/* OpenResource with one allocation carrying `blob`, as the runtime calls it. */
static D3D10DDI_HRESOURCE open_shared(struct session *s, D3DKMT_HANDLE h, const void *blob,
                                      UINT blob_bytes)
{
    D3DDDI_OPENALLOCATIONINFO info;
    D3D10DDIARG_OPENRESOURCE a;
    D3D10DDI_HRESOURCE res;
    D3D10DDI_HRTRESOURCE rt = {(HANDLE)(uintptr_t)0x0B0Bu};
    memset(&info, 0, sizeof info);
    info.hAllocation = h;
    info.pPrivateDriverData = blob;
    info.PrivateDriverDataSize = blob_bytes;
    memset(&a, 0, sizeof a);
    a.NumAllocations = 1;
    a.pOpenAllocationInfo = &info;
    a.hKMResource.handle = 0x4321u;
    res.pDrvPrivate = take(s, s->f.pfnCalcPrivateOpenedResourceSize(s->dev, &a));
    if (res.pDrvPrivate != NULL)
        s->f.pfnOpenResource(s->dev, &a, res, rt);
    return res;
}

/* The opened texture sampled by the opener's quad (the top-right quarter) into a new 64x64
 * target cleared to `clear` first. */
static void sample_opened(struct session *b, D3D10DDI_HRESOURCE opened, FLOAT *clear)
{
    D3D10DDI_HRENDERTARGETVIEW rtv = target(b, 64, 64);
    bind_quad(b, rtv);
    b->f.pfnClearRenderTargetView(b->dev, rtv, clear);
    draw_quad_sampling(
        b, srv_of(b, opened, DXGI_FORMAT_B8G8R8A8_UNORM, D3D10DDIRESOURCE_TEXTURE2D, 0, 0, 0));
    b->f.pfnFlush(b->dev);
}

/* The same allocation described the way a D3D9Ex driver leaves it (RULES.md: reserved0 bit
 * 63, D3DFMT_A8R8G8B8 = 21, width in bits 32..47, height in 48..62), opened and sampled into
 * a second target cleared blue. */
static D3D10DDI_HRESOURCE open_as_d3d9ex(struct session *b, D3DKMT_HANDLE h,
                                         const struct aerocmd_umd_fake_memory *kept, uint64_t token)
{
    static FLOAT blue[4] = {0, 0, 1, 1};
    struct aerogpu_wddm_alloc_priv_v2 blob;
    struct aerogpu_cmd_import_shared_surface imp;
    D3D10DDI_HRESOURCE opened;
    memcpy(&blob, kept->private_data, sizeof blob);
    blob.reserved0 = AEROGPU_WDDM_ALLOC_PRIV_DESC_MARKER | 21u | (16ull << 32) | (16ull << 48);
    opened = open_shared(b, h, &blob, sizeof blob);
    CHECK_EQ(b->rt.error_count, 0);
    sample_opened(b, opened, blue);
    if (CHECK(nth_packet(b, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 1, &imp, sizeof imp)))
        CHECK(imp.share_token == token);
    return opened;
}

static void share_between(struct session *a, struct session *b)
{
    static FLOAT red[4] = {1, 0, 0, 1};
    static const uint8_t garbage[40] = {1, 2, 3};
    D3D10DDI_HRTRESOURCE rt = {(HANDLE)(uintptr_t)0x5A5Au};
    struct aerogpu_cmd_export_shared_surface exp;
    struct aerogpu_cmd_import_shared_surface imp;
    const struct aerocmd_umd_fake_memory *kept;
    const struct aerocmd_umd_fake_resource *seen;
    D3D10DDI_HRESOURCE shared, opened, opened_9ex;
    D3DKMT_HANDLE h_a, h_b;
    shared = resource_ex(a, D3D10DDIRESOURCE_TEXTURE2D, 16, 16, DXGI_FORMAT_B8G8R8A8_UNORM,
                         D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0,
                         D3D10_DDI_RESOURCE_MISC_SHARED, 0, NULL, rt);
    h_a = a->rt.memory_count; /* its one allocation, made last */
    if (!CHECK_EQ(a->rt.error_count, 0) || !CHECK(h_a != 0))
        return;
    CHECK(a->rt.memory_resource[h_a - 1u] == rt.handle);
    kept = kept_allocation(a, h_a);
    if (!CHECK(kept != NULL &&
               kept->private_data_bytes == sizeof(struct aerogpu_wddm_alloc_priv_v2)))
        return;
    if (!CHECK(nth_packet(a, AEROGPU_CMD_EXPORT_SHARED_SURFACE, 0, &exp, sizeof exp)))
        return;
    /* EXPORT carries the token the kernel wrote into the private data the OS keeps. */
    CHECK(exp.share_token != 0 &&
          exp.share_token ==
              ((const struct aerogpu_wddm_alloc_priv_v2 *)(const void *)kept->private_data)
                  ->share_token);
    a->f.pfnClearRenderTargetView(a->dev, rtv_of(a, shared, DXGI_FORMAT_B8G8R8A8_UNORM), red);
    a->f.pfnFlush(a->dev);
    /* The other device opens it with the data the OS kept and its own allocation handle. */
    h_b = fake_runtime_open_allocation(&b->rt, &a->rt.memory[h_a - 1u]);
    opened = open_shared(b, h_b, kept->private_data, kept->private_data_bytes);
    CHECK_EQ(b->rt.error_count, 0);
    sample_opened(b, opened, scenario_grey);
    if (CHECK(nth_packet(b, AEROGPU_CMD_IMPORT_SHARED_SURFACE, 0, &imp, sizeof imp))) {
        CHECK(imp.share_token == exp.share_token);
        seen = aerocmd_umd_fake_resource(b->rt.host, imp.out_resource_handle);
        /* B8G8R8A8 red: B 0, G 0, R 255, A 255. */
        if (CHECK(seen != NULL && seen->bytes != NULL))
            CHECK(seen->bytes[0] == 0 && seen->bytes[1] == 0 && seen->bytes[2] == 0xFF &&
                  seen->bytes[3] == 0xFF);
    }
    opened_9ex = open_as_d3d9ex(b, h_b, kept, exp.share_token);
    /* A blob no AeroGPU driver made: E_OUTOFMEMORY, the only failure OpenResource has. */
    open_shared(b, h_b, garbage, sizeof garbage);
    CHECK_EQ(b->rt.error_count, 1);
    CHECK_EQ(b->rt.last_error, E_OUTOFMEMORY);
    b->rt.error_count = 0;
    b->f.pfnDestroyResource(b->dev, opened);
    b->f.pfnDestroyResource(b->dev, opened_9ex);
    a->f.pfnDestroyResource(a->dev, shared);
    a->f.pfnFlush(a->dev);
    CHECK(nth_packet(a, AEROGPU_CMD_RELEASE_SHARED_SURFACE, 0, &exp, 16));
}

/* Windows 7's windowed present with the compositor on (FACTS-ADDENDUM (3)): the compositor
 * (a) shares its surface, the application's device (b) opens it and BltDXGI's its back
 * buffer into it with the Present flag; what lands there is in the compositor's surface (the
 * import is an alias, RULES.md). Rendering into the opened surface shows there too, and a
 * PresentDXGI naming it as hDstResource gives pfnPresentCb b's handles of both
 * allocations. */
/* The compositor's 16x16 B8G8R8A8 surface as the host holds it: blue and green bytes of its
 * first and last texels (red 0, alpha 255). */
static void check_compositor_texel(struct session *a, uint32_t handle, uint8_t blue, uint8_t green)
{
    const struct aerocmd_umd_fake_resource *seen = aerocmd_umd_fake_resource(a->rt.host, handle);
    const uint32_t last = 16u * 16u * 4u - 4u;
    if (CHECK(seen != NULL && seen->bytes != NULL && seen->size_bytes >= last + 4u))
        CHECK(seen->bytes[0] == blue && seen->bytes[1] == green && seen->bytes[2] == 0 &&
              seen->bytes[3] == 0xFF && seen->bytes[last] == blue &&
              seen->bytes[last + 1u] == green);
}

static void present_into_opened(struct session *a, struct session *b)
{
    static FLOAT green[4] = {0, 1, 0, 1}, blue[4] = {0, 0, 1, 1};
    static const RECT whole = {0, 0, 16, 16};
    D3D10DDI_HRTRESOURCE rt = {(HANDLE)(uintptr_t)0x0D0Du};
    struct aerogpu_cmd_export_shared_surface exp;
    const struct aerocmd_umd_fake_memory *kept;
    D3D10DDI_HRESOURCE surface, opened, bb;
    D3DKMT_HANDLE h_a, h_b, h_bb;
    surface = resource_ex(a, D3D10DDIRESOURCE_TEXTURE2D, 16, 16, DXGI_FORMAT_B8G8R8A8_UNORM,
                          D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_SHADER_RESOURCE, 0, 0,
                          D3D10_DDI_RESOURCE_MISC_SHARED, 0, NULL, rt);
    h_a = a->rt.memory_count;
    kept = kept_allocation(a, h_a);
    a->f.pfnFlush(a->dev);
    if (!CHECK(surface.pDrvPrivate != NULL && kept != NULL) ||
        !CHECK(nth_packet(a, AEROGPU_CMD_EXPORT_SHARED_SURFACE, 0, &exp, sizeof exp)))
        return;
    h_b = fake_runtime_open_allocation(&b->rt, &a->rt.memory[h_a - 1u]);
    opened = open_shared(b, h_b, kept->private_data, kept->private_data_bytes);
    bb = resource_ex(b, D3D10DDIRESOURCE_TEXTURE2D, 16, 16, DXGI_FORMAT_B8G8R8A8_UNORM,
                     D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_PRESENT, 0, 0,
                     D3D10_DDI_RESOURCE_MISC_DISCARD_ON_PRESENT, 0, NULL, rt);
    h_bb = b->rt.memory_count;
    b->f.pfnClearRenderTargetView(b->dev, rtv_of(b, opened, DXGI_FORMAT_B8G8R8A8_UNORM), blue);
    b->f.pfnClearRenderTargetView(b->dev, rtv_of(b, bb, DXGI_FORMAT_B8G8R8A8_UNORM), green);
    b->f.pfnFlush(b->dev);
    check_compositor_texel(a, exp.resource_handle, 0xFF, 0x00); /* the clear, through b */
    CHECK_EQ(call_blt(b, opened, bb, &whole, 0x8u /* Present */), S_OK);
    b->f.pfnFlush(b->dev);
    check_compositor_texel(a, exp.resource_handle, 0x00, 0xFF); /* the back buffer */
    CHECK_EQ(call_present(b, bb, opened), S_OK);
    CHECK_EQ(b->rt.error_count, 0);
    if (CHECK_EQ(b->rt.present_cb_calls, 1)) {
        CHECK_EQ(b->rt.present_src[0], h_bb);
        CHECK_EQ(b->rt.present_dst[0], h_b);
    }
    CHECK_EQ(a->rt.host->host_faults, 0);
}

/* Devices a and b on one host (one kernel driver and emulator, as for two processes): 0
 * when a does not open, else whether b does (then both are open; close b, then a). */
static int open_pair(struct session *a, struct session *b, open_adapter_fn open_a, UINT iface_a,
                     int a_10_2, open_adapter_fn open_b, UINT iface_b, int b_10_2, int *b_open)
{
    *b_open = 0;
    if (!CHECK_EQ(session_open(a, open_a, iface_a, a_10_2), S_OK))
        return 0;
    session_init(b);
    fake_runtime_share_host(&b->rt, &a->rt);
    *b_open = CHECK_EQ(session_connect(b, open_b, iface_b, b_10_2), S_OK);
    return 1;
}

/* The compositor's device (a) and the application's (b) on one host, not recorded. */
void run_share_present_check(open_adapter_fn open_a, UINT iface_a, int a_10_2,
                             open_adapter_fn open_b, UINT iface_b, int b_10_2)
{
    static struct session a, b;
    int b_open;
    if (!open_pair(&a, &b, open_a, iface_a, a_10_2, open_b, iface_b, b_10_2, &b_open))
        return;
    if (b_open) {
        present_into_opened(&a, &b);
        session_close(&b);
    }
    session_close(&a);
}

/* Device a of interface iface_a, device b of iface_b, through one DLL's entry points; the
 * submissions of both are recorded as scenario `name` in out_dir (when given). */
void run_share_scenario(open_adapter_fn open_a, UINT iface_a, int a_10_2, open_adapter_fn open_b,
                        UINT iface_b, int b_10_2, const char *out_dir, const char *name)
{
    static struct session a, b;
    int b_open;
    if (!open_pair(&a, &b, open_a, iface_a, a_10_2, open_b, iface_b, b_10_2, &b_open))
        return;
    if (b_open) {
        share_between(&a, &b);
        CHECK_EQ(a.rt.error_count, 0);
        CHECK_EQ(b.rt.error_count, 0);
        check_shader_payloads(&b);
        session_close(&b);
    }
    record_scenario(&a.rt, out_dir, name, a.rt.host->submission_count);
    session_close(&a);
}
