/* SPDX-License-Identifier: MIT */
/* The KMD render path fed with valid streams: every submission the umd golden scenarios make
 * (through the in-memory fake) and every submission of the .aerogputrace fixtures.
 *
 * Each stream goes through aerocmd_kmd_render twice: once into a DMA buffer exactly as large
 * as the stream (the copy must be the stream, byte for byte), and once into small DMA
 * buffers with the multipass protocol (the DMA buffers' packets, joined, must be the
 * stream's packets). One validator per scenario or trace keeps objects across submissions.
 *
 * usage: test_kmd_scenarios FIXTURES_DIR */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/kmd_render.h"
#include "aerocmd/trace.h"
#include "golden_scenarios.h"
#include "shaders/capture_shaders.h"
#include "shaders/prior_vs.h"

#define SMALL_DMA_BYTES   256u
#define STREAM_HDR_BYTES  24u
#define MAX_REFS          64u
#define MAX_SPLIT_CALLS   4096u
#define FIXTURE_MAX_BYTES (1u << 22)

static uint64_t tracker_mem[8192];
static struct aerocmd_kmd_validator validator;
static struct aerocmd_kmd_policy policy;

/* ---- user memory and one render call ------------------------------------------------- */

static unsigned long copy_calls;

static int copy_plain(void *user, void *dst, const void *src, size_t len)
{
    (void)user;
    copy_calls++;
    memcpy(dst, src, len);
    return 0;
}

static int fresh_validator(void)
{
    aerocmd_kmd_policy_default(&policy, AEROGPU_ABI_VERSION_U32);
    return CHECK_EQ(aerocmd_kmd_validator_init(&validator, tracker_mem, sizeof tracker_mem),
                    AEROCMD_OK);
}

/* A user command buffer with its allocation list, as the runtime hands it to DxgkDdiRender. */
struct user_submission {
    const uint8_t *cmd;
    uint32_t cmd_bytes;
    const struct aerocmd_kmd_alloc_ref *refs;
    uint32_t ref_count;
};

/* One call; the allocation table gets exactly the memory it asks for (heap, so a sanitizer
 * sees any overrun). */
static aerocmd_ntstatus render(const struct user_submission *us, void *dma, uint32_t dma_capacity,
                               uint32_t multipass, struct aerocmd_kmd_render_out *out)
{
    struct aerocmd_kmd_render_args a;
    size_t table_bytes = aerocmd_kmd_alloc_table_bytes_for(us->ref_count);
    void *table = malloc(table_bytes);
    aerocmd_ntstatus st;
    memset(&a, 0, sizeof a);
    memset(out, 0, sizeof *out);
    if (!CHECK(table != NULL))
        return AEROCMD_STATUS_NO_MEMORY;
    a.user_cmd = us->cmd;
    a.user_cmd_len = us->cmd_bytes;
    a.dma = dma;
    a.dma_capacity = dma_capacity;
    a.multipass_offset = multipass;
    a.allocs = us->refs;
    a.alloc_count = us->ref_count;
    a.alloc_table = table;
    a.alloc_table_bytes = table_bytes;
    a.copy = copy_plain;
    a.copy_user = NULL;
    a.policy = &policy;
    st = aerocmd_kmd_render(&validator, &a, out);
    free(table);
    return st;
}

static void report_fault(const char *what, uint32_t index, const struct aerocmd_kmd_render_out *out)
{
    fprintf(stderr, "    %s, submission %u: status 0x%08x reason 0x%x at %u opcode 0x%x\n", what,
            index, out->status, out->fault.reason, out->fault.offset, out->fault.opcode);
}

/* ---- what a stream holds ----------------------------------------------------------------- */

struct stream_facts {
    int presents;            /* holds a PRESENT or PRESENT_EX packet */
    uint32_t largest_packet; /* bytes */
    uint32_t packet_count;
};

static int stream_facts_of(const uint8_t *cmd, uint32_t len, struct stream_facts *f)
{
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag diag;
    int more;
    memset(f, 0, sizeof *f);
    if (aerocmd_stream_open(&stream, cmd, len, &diag) != AEROCMD_OK)
        return 0;
    aerocmd_cursor_init(&cursor, &stream);
    while ((more = aerocmd_cursor_next(&cursor, &packet, &diag)) == 1) {
        if (packet.opcode == AEROGPU_CMD_PRESENT || packet.opcode == AEROGPU_CMD_PRESENT_EX)
            f->presents = 1;
        if (packet.size_bytes > f->largest_packet)
            f->largest_packet = packet.size_bytes;
        f->packet_count++;
    }
    return more == 0;
}

/* ---- the whole stream in one DMA buffer -------------------------------------------------- */

struct expectation {
    const char *name;
    uint32_t index;
    int presents;
    uint32_t distinct_allocs;
};

/* Returns the status; checks the copy and the outputs on success. */
static aerocmd_ntstatus check_whole(const struct user_submission *us, const struct expectation *e)
{
    struct aerocmd_kmd_render_out out;
    uint8_t *dma = (uint8_t *)malloc(us->cmd_bytes);
    aerocmd_ntstatus st;
    if (!CHECK(dma != NULL))
        return AEROCMD_STATUS_NO_MEMORY;
    st = render(us, dma, us->cmd_bytes, 0, &out);
    if (!CHECK_EQ(st, AEROCMD_STATUS_SUCCESS)) {
        report_fault(e->name, e->index, &out);
    } else {
        CHECK(memcmp(dma, us->cmd, us->cmd_bytes) == 0);
        CHECK_EQ(out.dma_bytes_used, us->cmd_bytes);
        CHECK_EQ(out.user_bytes_consumed, us->cmd_bytes);
        CHECK_EQ(out.multipass_offset, 0);
        CHECK_EQ(out.patch_location_count, 0);
        CHECK_EQ(out.submit_flags & AEROGPU_SUBMIT_FLAG_PRESENT,
                 e->presents ? (uint32_t)AEROGPU_SUBMIT_FLAG_PRESENT : 0u);
        CHECK_EQ(out.alloc_entry_count, e->distinct_allocs);
        CHECK_EQ(out.alloc_table_bytes, 24u + 32u * e->distinct_allocs);
        CHECK_EQ(out.fault.reason, 0);
    }
    free(dma);
    return st;
}

/* ---- the stream over small DMA buffers --------------------------------------------------- */

/* Each DMA buffer must be a stream of its own: the user's header with its size_bytes set to
 * what the buffer holds. */
static void check_piece_header(const uint8_t *dma, const struct user_submission *us, uint32_t used)
{
    struct aerogpu_cmd_stream_header got, want;
    memcpy(&got, dma, sizeof got);
    memcpy(&want, us->cmd, sizeof want);
    CHECK_EQ(got.magic, want.magic);
    CHECK_EQ(got.abi_version, want.abi_version);
    CHECK_EQ(got.size_bytes, used);
    CHECK_EQ(got.flags, want.flags);
    CHECK_EQ(aerocmd_validate_stream(dma, used, NULL), AEROCMD_OK);
}

struct split_result {
    uint8_t *joined;
    uint32_t joined_len;
    uint32_t calls;
    uint32_t submit_flags; /* OR over the pieces */
};

/* Runs the multipass protocol to its end; returns the last status. */
static aerocmd_ntstatus run_split(const struct user_submission *us, uint8_t *dma, uint32_t cap,
                                  const struct expectation *e, struct split_result *r)
{
    struct aerocmd_kmd_render_out out;
    uint32_t offset = 0, piece;
    aerocmd_ntstatus st;
    do {
        st = render(us, dma, cap, offset, &out);
        r->calls++;
        if (st != AEROCMD_STATUS_SUCCESS && st != AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER)
            break;
        if (!CHECK(out.dma_bytes_used >= STREAM_HDR_BYTES && out.dma_bytes_used <= cap))
            break;
        check_piece_header(dma, us, out.dma_bytes_used);
        CHECK_EQ(out.alloc_entry_count, e->distinct_allocs);
        piece = out.dma_bytes_used - STREAM_HDR_BYTES;
        if (!CHECK(r->joined_len + piece <= us->cmd_bytes - STREAM_HDR_BYTES))
            break;
        memcpy(r->joined + r->joined_len, dma + STREAM_HDR_BYTES, piece);
        r->joined_len += piece;
        r->submit_flags |= out.submit_flags;
        if (st == AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER) {
            CHECK_EQ(out.fault.reason, AEROCMD_KMD_R_DMA_BUFFER_FULL);
            if (!CHECK(out.multipass_offset > offset))
                break;
        }
        offset = out.multipass_offset;
    } while (st == AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER && r->calls < MAX_SPLIT_CALLS);
    if (st != AEROCMD_STATUS_SUCCESS)
        report_fault(e->name, e->index, &out);
    return st;
}

/* The DMA buffer is SMALL_DMA_BYTES, or one header plus the largest packet when that packet
 * would not fit an empty small buffer (such a packet cannot be split). */
static void check_split(const struct user_submission *us, const struct expectation *e,
                        uint32_t largest_packet, unsigned *widened)
{
    struct split_result r;
    uint32_t cap = SMALL_DMA_BYTES;
    uint8_t *dma;
    uint32_t body = us->cmd_bytes - STREAM_HDR_BYTES;
    if (largest_packet > cap - STREAM_HDR_BYTES) {
        cap = STREAM_HDR_BYTES + largest_packet;
        (*widened)++;
    }
    memset(&r, 0, sizeof r);
    dma = (uint8_t *)malloc(cap);
    r.joined = (uint8_t *)malloc(body + 1u);
    if (CHECK(dma != NULL && r.joined != NULL) &&
        CHECK_EQ(run_split(us, dma, cap, e, &r), AEROCMD_STATUS_SUCCESS)) {
        CHECK_EQ(r.joined_len, body);
        CHECK(memcmp(r.joined, us->cmd + STREAM_HDR_BYTES, body) == 0);
        CHECK_EQ(r.submit_flags & AEROGPU_SUBMIT_FLAG_PRESENT,
                 e->presents ? (uint32_t)AEROGPU_SUBMIT_FLAG_PRESENT : 0u);
        CHECK_EQ(r.calls > 1, us->cmd_bytes > cap); /* split exactly when it does not fit */
    }
    free(r.joined);
    free(dma);
}

/* ---- state-tracker scenarios ------------------------------------------------------------- */

struct scenario_totals {
    unsigned scenarios, submissions, split_submissions, widened, presents;
};

/* The fake's memory behind a list entry, freed ones included: a recorded submission may name
 * an allocation released after it was submitted, which aerocmd_umd_fake_find_memory (live
 * allocations only) no longer returns. */
static const struct aerocmd_umd_fake_memory *memory_of(const struct aerocmd_umd_fake *fake,
                                                       const struct aerocmd_umd_alloc_ref *r)
{
    uint32_t i;
    for (i = 0; i < fake->memory_count; i++) {
        if (fake->memories[i].alloc_id == r->alloc_id &&
            fake->memories[i].os_handle == r->os_handle)
            return &fake->memories[i];
    }
    return NULL;
}

/* The KMD's view of the fake's allocation list: the fake's handle is the allocation object,
 * gpa and size come from the fake's memory model. Returns the distinct alloc_ids. */
static uint32_t refs_from_fake(const struct aerocmd_umd_fake *fake,
                               const struct aerocmd_umd_fake_submission *s,
                               struct aerocmd_kmd_alloc_ref *refs)
{
    uint32_t i, j, distinct = 0;
    for (i = 0; i < s->alloc_count; i++) {
        const struct aerocmd_umd_alloc_ref *r = &s->allocs[i];
        const struct aerocmd_umd_fake_memory *m = memory_of(fake, r);
        memset(&refs[i], 0, sizeof refs[i]);
        if (!CHECK(m != NULL))
            continue;
        refs[i].identity = r->os_handle;
        refs[i].gpa = m->gpa;
        refs[i].size_bytes = m->size_bytes;
        refs[i].alloc_id = r->alloc_id;
        refs[i].flags = (r->flags & AEROCMD_UMD_ALLOC_REF_WRITE) ? AEROCMD_KMD_ALLOC_REF_WRITE : 0u;
        if (m->private_data_bytes != 0) { /* a shared allocation: its token, as the OS kept it */
            struct aerocmd_kmd_alloc_info info;
            struct aerocmd_kmd_fault fault;
            if (CHECK_EQ(
                    aerocmd_kmd_alloc_open(m->private_data, m->private_data_bytes, &info, &fault),
                    AEROCMD_OK))
                refs[i].share_token = info.share_token;
        }
        for (j = 0; j < i && s->allocs[j].alloc_id != r->alloc_id; j++) {
        }
        if (j == i)
            distinct++;
    }
    return distinct;
}

/* Renders submission `index` of the scenario into one DMA buffer, or split over small ones. */
static void scenario_submission(const struct harness *h, const char *name, uint32_t index,
                                int split, struct scenario_totals *t)
{
    static struct aerocmd_kmd_alloc_ref refs[MAX_REFS];
    const struct aerocmd_umd_fake_submission *s = &h->fake.submissions[index];
    struct user_submission us;
    struct expectation e;
    struct stream_facts f;
    if (!CHECK(s->alloc_count <= MAX_REFS) || !CHECK(s->cmd_bytes > STREAM_HDR_BYTES) ||
        !CHECK(stream_facts_of(s->cmd, s->cmd_bytes, &f)))
        return;
    e.name = name;
    e.index = index;
    e.presents = f.presents;
    e.distinct_allocs = refs_from_fake(&h->fake, s, refs);
    /* the fake's PRESENT submissions are exactly the streams holding a present */
    CHECK_EQ((s->flags & AEROCMD_UMD_SUBMIT_PRESENT) != 0, f.presents);
    us.cmd = s->cmd;
    us.cmd_bytes = s->cmd_bytes;
    us.refs = refs;
    us.ref_count = s->alloc_count;
    if (!split) {
        check_whole(&us, &e);
        t->submissions++;
        t->presents += (unsigned)f.presents;
        return;
    }
    check_split(&us, &e, f.largest_packet, &t->widened);
    t->split_submissions += us.cmd_bytes > SMALL_DMA_BYTES;
}

static void run_scenario(const struct golden_case *gc, struct scenario_totals *t)
{
    static struct harness h;
    uint32_t i;
    kit_reset();
    if (!CHECK(harness_open(&h, gc->buffer_bytes, gc->alloc_entries)))
        return;
    gc->run(&h);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    CHECK(h.fake.submission_count > 0);
    t->scenarios++;
    if (fresh_validator()) {
        for (i = 0; i < h.fake.submission_count; i++)
            scenario_submission(&h, gc->name, i, 0, t);
        aerocmd_kmd_validator_reset(&validator);
        for (i = 0; i < h.fake.submission_count; i++)
            scenario_submission(&h, gc->name, i, 1, t);
    }
    kit_close(&h);
}

static void test_scenarios(void)
{
    struct scenario_totals t;
    size_t i;
    memset(&t, 0, sizeof t);
    harness_process_id = 0;
    for (i = 0; i < sizeof golden_cases / sizeof golden_cases[0]; i++)
        run_scenario(&golden_cases[i], &t);
    CHECK_EQ(t.scenarios, sizeof golden_cases / sizeof golden_cases[0]);
    CHECK(t.presents >= 1);         /* the triangle scenario presents */
    CHECK(t.split_submissions > 0); /* the small buffers really split something */
    printf("scenarios: %u, submissions: %u (%u presenting), split over %u-byte DMA buffers: %u"
           ", widened for one packet: %u\n",
           t.scenarios, t.submissions, t.presents, SMALL_DMA_BYTES, t.split_submissions, t.widened);
}

/* ---- capture fixtures -------------------------------------------------------------------- */

static uint8_t *read_whole_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = (uint8_t *)malloc(FIXTURE_MAX_BYTES);
    size_t n = 0;
    if (f != NULL && buf != NULL)
        n = fread(buf, 1, FIXTURE_MAX_BYTES, f);
    if (f != NULL)
        fclose(f);
    if (n == 0 || n == FIXTURE_MAX_BYTES) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

/* The allocation list the runtime would have passed: one entry per table entry, WRITE unless
 * the table marks it read-only. Returns the entry count (0 without a table). */
static uint32_t refs_from_table(const struct aerocmd_trace_submission *sub,
                                struct aerocmd_kmd_alloc_ref *refs)
{
    struct aerocmd_alloc_table_view view;
    struct aerogpu_alloc_entry entry;
    struct aerocmd_diag diag;
    uint32_t i;
    if (sub->alloc_table == NULL)
        return 0;
    if (!CHECK_EQ(aerocmd_alloc_table_open(&view, sub->alloc_table, sub->alloc_table_len, &diag),
                  AEROCMD_OK) ||
        !CHECK(view.entry_count <= MAX_REFS))
        return 0;
    for (i = 0; i < view.entry_count && aerocmd_alloc_table_entry(&view, i, &entry); i++) {
        memset(&refs[i], 0, sizeof refs[i]);
        refs[i].identity = 0x10000u + i;
        refs[i].gpa = entry.gpa;
        refs[i].size_bytes = entry.size_bytes;
        refs[i].alloc_id = entry.alloc_id;
        refs[i].flags =
            (entry.flags & AEROGPU_ALLOC_FLAG_READONLY) ? 0u : AEROCMD_KMD_ALLOC_REF_WRITE;
    }
    return i;
}

struct fixture_totals {
    unsigned files, submissions, with_table, widened;
};

/* aerogpu_cmd_triangle's table: its vertex buffer, alloc_id 1 at 0x1000, 72 bytes. */
static void check_triangle_table(const struct aerocmd_kmd_alloc_ref *refs, uint32_t count)
{
    if (!CHECK_EQ(count, 1))
        return;
    CHECK_EQ(refs[0].alloc_id, 1);
    CHECK_EQ(refs[0].gpa, 0x1000);
    CHECK_EQ(refs[0].size_bytes, 72);
}

/* aerogpu_cmd_triangle binds no shader: its DRAW (at 0x11c) is refused on a device that never
 * bound a vertex shader; afterwards the device has one bound (prior_vs.h), as the rest of
 * the fixture checks need the stream to pass. */
static void check_triangle_without_shader(const struct user_submission *us)
{
    struct aerocmd_kmd_render_out out;
    uint8_t *dma = (uint8_t *)malloc(us->cmd_bytes);
    if (CHECK(dma != NULL) && fresh_validator()) {
        CHECK_EQ(render(us, dma, us->cmd_bytes, 0, &out), AEROCMD_STATUS_INVALID_PARAMETER);
        CHECK_EQ(out.fault.reason, AEROCMD_R_NO_VERTEX_SHADER);
        CHECK_EQ(out.fault.offset, 0x11c);
    }
    free(dma);
    if (fresh_validator())
        CHECK_EQ(prior_vs_bind(&validator.semantic), AEROCMD_OK);
}

static void fixture_submission(const char *name, uint32_t index,
                               const struct aerocmd_trace_submission *sub, int split,
                               struct fixture_totals *t)
{
    static struct aerocmd_kmd_alloc_ref refs[MAX_REFS];
    struct user_submission us;
    struct expectation e;
    struct stream_facts f;
    if (!CHECK(sub->cmd_stream_len > STREAM_HDR_BYTES) ||
        !CHECK(stream_facts_of(sub->cmd_stream, sub->cmd_stream_len, &f)))
        return;
    /* the stream lies in run_fixture's own copy of the file */
    capture_resum_shaders((uint8_t *)(uintptr_t)sub->cmd_stream, sub->cmd_stream_len);
    us.cmd = sub->cmd_stream;
    us.cmd_bytes = sub->cmd_stream_len;
    us.refs = refs;
    us.ref_count = refs_from_table(sub, refs);
    e.name = name;
    e.index = index;
    e.presents = f.presents;
    e.distinct_allocs = us.ref_count; /* table ids are unique */
    if (split) {
        check_split(&us, &e, f.largest_packet, &t->widened);
        return;
    }
    if (strcmp(name, "aerogpu_cmd_triangle.aerogputrace") == 0) {
        check_triangle_table(refs, us.ref_count);
        check_triangle_without_shader(&us);
    }
    CHECK_EQ((sub->submit_flags & AEROGPU_SUBMIT_FLAG_PRESENT) != 0, f.presents);
    t->submissions++;
    t->with_table += sub->alloc_table != NULL;
    check_whole(&us, &e);
}

/* Every submission of the trace, in order; 1 when the trace was read to its end. */
static int fixture_pass(const struct aerocmd_trace *trace, const char *name, int split,
                        struct fixture_totals *t)
{
    struct aerocmd_trace_iter it;
    struct aerocmd_trace_submission sub;
    struct aerocmd_diag diag;
    uint32_t index = 0;
    int more;
    aerocmd_trace_iter_init(&it, trace);
    while ((more = aerocmd_trace_next_submission(&it, &sub, &diag)) == 1)
        fixture_submission(name, index++, &sub, split, t);
    if (!CHECK_EQ(more, 0))
        fprintf(stderr, "    %s: trace reason %s at %u\n", name, aerocmd_reason_name(diag.reason),
                diag.offset);
    return CHECK(index > 0);
}

/* Whole pass over every submission, then the split pass with a fresh tracker. */
static void run_fixture(const char *path, const char *name, struct fixture_totals *t)
{
    struct aerocmd_trace trace;
    struct aerocmd_diag diag;
    size_t len = 0;
    uint8_t *bytes = read_whole_file(path, &len);
    if (!CHECK(bytes != NULL))
        return;
    t->files++;
    if (CHECK_EQ(aerocmd_trace_open(&trace, bytes, len, &diag), AEROCMD_OK) && fresh_validator() &&
        fixture_pass(&trace, name, 0, t)) {
        aerocmd_kmd_validator_reset(&validator);
        if (strcmp(name, "aerogpu_cmd_triangle.aerogputrace") == 0)
            prior_vs_bind(&validator.semantic);
        fixture_pass(&trace, name, 1, t);
    }
    free(bytes);
}

static int is_trace(const char *file)
{
    static const char ext[] = ".aerogputrace";
    size_t n = strlen(file), e = sizeof ext - 1u;
    return n > e && strcmp(file + n - e, ext) == 0;
}

static void test_fixtures(const char *dir)
{
    struct fixture_totals t;
    DIR *d = opendir(dir);
    struct dirent *ent;
    char path[1024];
    memset(&t, 0, sizeof t);
    if (!CHECK(d != NULL))
        return;
    while ((ent = readdir(d)) != NULL) {
        if (!is_trace(ent->d_name))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
        run_fixture(path, ent->d_name, &t);
    }
    closedir(d);
    CHECK_EQ(t.files, 10);
    CHECK(t.with_table >= 1); /* aerogpu_cmd_triangle carries one */
    printf("fixtures: %u files, %u submissions, %u with an allocation table\n", t.files,
           t.submissions, t.with_table);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FIXTURES_DIR\n", argv[0]);
        return 2;
    }
    test_scenarios();
    test_fixtures(argv[1]);
    printf("copy callback calls: %lu\n", copy_calls);
    return check_finish();
}
