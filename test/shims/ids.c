/* SPDX-License-Identifier: MIT */
/* ids.c — guest-wide handles through the driver DLL: one session-wide 64-bit counter in the
 * named section Local\AeroGPU.GlobalHandleCounter (the name every AeroGPU user-mode driver
 * uses), so ids never run out in a long-lived process and never collide between processes;
 * a fallback that stays apart from the counter's ids when the section cannot be opened. */

#define ID_COUNTER_NAME L"Local\\AeroGPU.GlobalHandleCounter"
#define ID_BARRIER_NAME L"Local\\AeroGPUTest.IdBarrier"

/* The counter as another process of the session sees it (0 when it does not exist yet). */
static uint64_t read_shared_counter(void)
{
    HANDLE m = OpenFileMappingW(FILE_MAP_READ, FALSE, ID_COUNTER_NAME);
    uint64_t v = 0;
    void *view;
    if (m == NULL)
        return 0;
    view = MapViewOfFile(m, FILE_MAP_READ, 0, 0, sizeof v);
    if (view != NULL) {
        memcpy(&v, view, sizeof v);
        UnmapViewOfFile(view);
    }
    CloseHandle(m);
    return v;
}

static void create_sampler_at(struct session *s, void *mem)
{
    D3D10_DDI_SAMPLER_DESC sd;
    D3D10DDI_HSAMPLER h;
    D3D10DDI_HRTSAMPLER rt = {NULL};
    memset(&sd, 0, sizeof sd);
    sd.Filter = D3D10_DDI_FILTER_MIN_MAG_MIP_LINEAR;
    sd.AddressU = sd.AddressV = sd.AddressW = D3D10_DDI_TEXTURE_ADDRESS_CLAMP;
    sd.MinLOD = -FLT_MAX;
    sd.MaxLOD = FLT_MAX;
    h.pDrvPrivate = mem;
    s->f.pfnCreateSampler(s->dev, &sd, h, rt);
}

/* More than 2^18 samplers created and destroyed in one process: every one succeeds (the old
 * per-process slice of 2^18 ids ran out there), each taking a value of the shared counter. */
void run_id_churn(open_adapter_fn open10_2)
{
    static struct session s;
    const uint32_t n = (1u << 18) + 4096u;
    D3D10_DDI_SAMPLER_DESC sd;
    uint64_t before, after;
    void *mem;
    uint32_t i;
    if (!CHECK_EQ(session_open(&s, open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, 1), S_OK))
        return;
    s.rt.emu.recycle = 1; /* nothing recorded: only the ids matter here */
    memset(&sd, 0, sizeof sd);
    mem = take(&s, s.f.pfnCalcPrivateSamplerSize(s.dev, &sd));
    before = read_shared_counter();
    CHECK(before != 0); /* the device's first ids created the section */
    for (i = 0; i < n && mem != NULL && s.rt.error_count == 0; i++) {
        D3D10DDI_HSAMPLER h;
        h.pDrvPrivate = mem;
        create_sampler_at(&s, mem);
        s.f.pfnDestroySampler(s.dev, h);
    }
    CHECK_EQ(i, n);
    if (!CHECK_EQ(s.rt.error_count, 0))
        fprintf(stderr, "churn: error 0x%08lx\n", (unsigned long)s.rt.last_error);
    after = read_shared_counter();
    CHECK(after - before >= n);
    session_close(&s);
}

/* Every process of the group waits here until `peers` have arrived, so they make their ids
 * at the same time. */
static int barrier(uint32_t peers)
{
    HANDLE m = CreateFileMappingW(INVALID_HANDLE_VALUE, NULL, PAGE_READWRITE, 0, sizeof(LONG),
                                  ID_BARRIER_NAME);
    volatile LONG *count;
    int waited = 0, ok = 0;
    if (m == NULL)
        return 0;
    count = (volatile LONG *)MapViewOfFile(m, FILE_MAP_ALL_ACCESS, 0, 0, sizeof(LONG));
    if (count != NULL) {
        InterlockedIncrement(count);
        while (*count < (LONG)peers && waited < 60000) {
            Sleep(5);
            waited += 5;
        }
        ok = *count >= (LONG)peers;
        UnmapViewOfFile((void *)count);
    }
    /* the mapping stays open so that the last process still finds the count */
    return ok;
}

/* The sampler handles and alloc_ids this process sent, one hex id per line, "h" or "a"
 * first. */
static int write_ids(struct session *s, const char *path)
{
    FILE *f = fopen(path, "w");
    uint32_t i, j;
    if (f == NULL)
        return 0;
    for (i = 0; i < s->rt.emu.submission_count; i++) {
        const struct aerocmd_umd_fake_submission *sub = &s->rt.emu.submissions[i];
        struct aerocmd_stream st;
        struct aerocmd_cursor cur;
        struct aerocmd_packet pkt;
        struct aerocmd_diag diag;
        for (j = 0; j < sub->alloc_count; j++)
            fprintf(f, "a %08x\n", sub->allocs[j].alloc_id);
        if (aerocmd_stream_open(&st, sub->cmd, sub->cmd_bytes, &diag) != AEROCMD_OK)
            continue;
        aerocmd_cursor_init(&cur, &st);
        while (aerocmd_cursor_next(&cur, &pkt, &diag) == 1) {
            const struct aerogpu_cmd_create_sampler *c =
                AEROCMD_VIEW(&pkt, aerogpu_cmd_create_sampler, AEROGPU_CMD_CREATE_SAMPLER);
            if (c != NULL)
                fprintf(f, "h %08x\n", c->sampler_handle);
        }
    }
    return fclose(f) == 0;
}

int run_id_process(open_adapter_fn open10_2, const char *out_path, uint32_t count, uint32_t peers,
                   int fallback)
{
    static struct session s;
    HANDLE squatter = NULL;
    D3D10_DDI_SAMPLER_DESC sd;
    SIZE_T size;
    uint32_t i;
    int ok;
    if (fallback) /* an object of another type holds the name: the section cannot open */
        squatter = CreateEventW(NULL, TRUE, FALSE, ID_COUNTER_NAME);
    if (!CHECK_EQ(session_open(&s, open10_2, D3D11_0_7_DDI_INTERFACE_VERSION, 1), S_OK))
        return 0;
    memset(&sd, 0, sizeof sd);
    size = s.f.pfnCalcPrivateSamplerSize(s.dev, &sd);
    CHECK(barrier(peers));
    for (i = 0; i < count; i++) {
        void *mem = calloc(1, size); /* kept until exit: every sampler stays alive */
        if (!CHECK(mem != NULL))
            break;
        create_sampler_at(&s, mem);
        if ((i & 255u) == 0) /* guest allocations too, for alloc_ids */
            texture(&s, 4, 4, DXGI_FORMAT_B8G8R8A8_UNORM, 0, D3D10_DDI_USAGE_STAGING,
                    D3D10_DDI_CPU_ACCESS_READ, NULL);
    }
    s.f.pfnFlush(s.dev);
    CHECK_EQ(s.rt.error_count, 0);
    ok = CHECK(write_ids(&s, out_path));
    session_close(&s);
    if (squatter != NULL)
        CloseHandle(squatter);
    return ok;
}
