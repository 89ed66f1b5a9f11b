/* SPDX-License-Identifier: MIT */
/* fuzz_ddi_sequence: bytes -> a sequence of state-tracker calls (create, bind, draw, clear,
 * present, flush, map, update, copy, wait, destroy, held fences, injected failures; in the
 * extended set also structured and raw buffers, views with flags, UAVs, OpenResource,
 * indirect work, queries and predication, DXGI's swap-chain work, GenerateMips,
 * DDI-described creations (resources, views, shader tokens, layouts by register) and bursts
 * of failing callbacks, ddi_failures.c) on a device (STRICT or COMPATIBLE policy) over the
 * in-memory fake, with a small command buffer so that splitting happens all the time, in
 * the default way of waiting or Windows 7's.
 *
 * Input: [4 setup bytes][op][args][op][args]... (ddi_setup; ops_table for the operation
 * numbers, ddi_ops_*.c for their arguments). Objects live in small slot arrays indexed by
 * input bytes; an argument past the end of the input reads 0.
 *
 * Invariants (abort() on violation):
 * - every submitted buffer fits the lent capacity, passes aerocmd_validate_stream, has an
 *   allocation table the fake can build and aerocmd_alloc_table_open accepts, passes the
 *   semantic pass (one tracker across the whole sequence) with that table, is accepted by
 *   the KMD render path (aerocmd_kmd_render) with the same allocation list, and is applied
 *   by the fake's host model without a fault;
 * - a submission is flagged as a present exactly when it carries PRESENT;
 * - no call returns BUFFER_FULL or MALFORMED (those never leave the umd layer), none
 *   returns DEVICE_REMOVED unless a failure was injected or fences are held, and none
 *   returns STILL_DRAWING unless it was told not to wait;
 * - mapped memory is as large as the mapping says (ASan checks the writes and reads);
 * - after every operation the fake holds exactly one lock per mapped guest-backed resource;
 * - with Windows 7 waits no operation but wait_idle waits for a fence (locks wait by
 *   themselves, the OS throttles presents), a Map that answers STILL_DRAWING got that from
 *   the lock, and holding fences loses the device only in wait_idle;
 * - buffer, view and UAV creations get the answer Direct3D's rules give (ddi_ops_views.c);
 * - queries answer as umd_query.h documents (ddi_ops_query.c: the refusals by kind and
 *   policy, nothing written past the bytes asked for or before the end, the certain data);
 * - while predication leaves commands out, a predicated operation sends nothing;
 * - every share token exported in a submitted stream is released before the
 *   DESTROY_RESOURCE of its resource, unless the device was lost; none is exported twice;
 * - after everything is destroyed: no allocator block, guest allocation or lock is left. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/submission.h"
#include "aerocmd/umd_policy.h"
#include "ddi_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_OPS      400u
#define OP_WAIT_IDLE 29

/* ---- allocators and ids --------------------------------------------------------------- */

static void *counting_resize(void *user, void *ptr, size_t old_size, size_t new_size)
{
    struct counting_alloc *a = (struct counting_alloc *)user;
    void *p;
    (void)old_size;
    a->calls++;
    if (a->fail_at != 0 && a->calls == a->fail_at)
        return NULL;
    p = realloc(ptr, new_size ? new_size : 1u);
    if (p != NULL && ptr == NULL)
        a->live_blocks++;
    return p;
}

static void counting_release(void *user, void *ptr, size_t size)
{
    struct counting_alloc *a = (struct counting_alloc *)user;
    (void)size;
    if (ptr == NULL)
        return;
    a->live_blocks--;
    free(ptr);
}

static aerocmd_result ids_next(void *user, enum aerocmd_umd_id_kind kind, uint32_t *out)
{
    struct reusing_ids *ids = (struct reusing_ids *)user;
    if (ids->fail_in != 0 && --ids->fail_in == 0)
        return AEROCMD_E_OUT_OF_MEMORY;
    if (kind == AEROCMD_UMD_ID_HANDLE && ids->free_count > 0) {
        *out = ids->free_ids[--ids->free_count];
        return AEROCMD_OK;
    }
    return aerocmd_umd_id_space_next(&ids->space, kind, out);
}

static void ids_release(void *user, enum aerocmd_umd_id_kind kind, uint32_t id)
{
    struct reusing_ids *ids = (struct reusing_ids *)user;
    if (kind == AEROCMD_UMD_ID_HANDLE && ids->free_count < MAX_IDS)
        ids->free_ids[ids->free_count++] = id;
}

/* ---- results and slots ------------------------------------------------------------------ */

static uint64_t sem_mem[16384];
static uint64_t kmd_tracker_mem[16384];
static uint64_t table_mem[1024];
static uint8_t dma_mem[4096];
uint8_t ddi_pattern[PATTERN_BYTES];

void ddi_check_wait(struct ddi *d, aerocmd_result r, int did_not_wait)
{
    if (r == AEROCMD_E_BUFFER_FULL || r == AEROCMD_E_MALFORMED || r > AEROCMD_E_MALFORMED)
        abort();
    if (r == AEROCMD_E_DEVICE_REMOVED && !d->may_lose)
        abort();
    if (r == AEROCMD_E_STILL_DRAWING && !did_not_wait)
        abort();
    if (r == AEROCMD_E_DEVICE_REMOVED)
        d->removed = 1;
}

void ddi_check(struct ddi *d, aerocmd_result r)
{
    ddi_check_wait(d, r, 0);
}

void *ddi_live(const struct slot *slots, uint32_t n, uint32_t index)
{
    return index < n ? slots[index].obj : NULL;
}

void *ddi_typed(const struct slot *slots, uint32_t n, uint32_t index, uint32_t kind)
{
    return index < n && slots[index].kind == kind ? slots[index].obj : NULL;
}

/* ---- checking what the fake received ---------------------------------------------------- */

/* The stream's packets; *presents of them PRESENT or PRESENT_EX. */
static uint32_t count_packets(const uint8_t *cmd, uint32_t len, uint32_t *presents)
{
    struct aerocmd_stream st;
    struct aerocmd_cursor cur;
    struct aerocmd_packet p;
    struct aerocmd_diag diag;
    uint32_t n = 0;
    if (aerocmd_stream_open(&st, cmd, len, &diag) != AEROCMD_OK)
        abort();
    aerocmd_cursor_init(&cur, &st);
    *presents = 0;
    for (; aerocmd_cursor_next(&cur, &p, &diag) == 1; n++)
        if (p.opcode == AEROGPU_CMD_PRESENT || p.opcode == AEROGPU_CMD_PRESENT_EX)
            ++*presents;
    return n;
}

/* ---- shared surfaces: each exported token released once, before its resource goes ---------- */

static struct token_record *find_token(struct ddi *d, uint64_t token)
{
    uint32_t i;
    for (i = 0; i < d->token_count; i++)
        if (d->tokens[i].token == token)
            return &d->tokens[i];
    return NULL;
}

static void token_exported(struct ddi *d, const struct aerogpu_cmd_export_shared_surface *c)
{
    if (find_token(d, c->share_token) != NULL)
        abort(); /* one token exported twice */
    if (d->token_count == N_TOKENS) {
        d->tokens_overflowed = 1;
        return;
    }
    d->tokens[d->token_count].token = c->share_token;
    d->tokens[d->token_count++].handle = c->resource_handle;
}

static void token_released(struct ddi *d, const struct aerogpu_cmd_release_shared_surface *c)
{
    struct token_record *t = find_token(d, c->share_token);
    if (t == NULL)
        return; /* releasing twice is harmless (aerogpu_cmd.h) */
    *t = d->tokens[--d->token_count];
}

static void resource_destroyed(const struct ddi *d, const struct aerogpu_cmd_destroy_resource *c)
{
    uint32_t i;
    for (i = 0; i < d->token_count; i++)
        if (d->tokens[i].handle == c->resource_handle)
            abort(); /* destroyed while its token is still registered on the host */
}

/* Sharing packets of one submitted stream. Once the device is lost the host drops every
 * token with everything else, so nothing more is expected. */
static void track_tokens(struct ddi *d, const uint8_t *cmd, uint32_t len)
{
    struct aerocmd_stream st;
    struct aerocmd_cursor cur;
    struct aerocmd_packet p;
    struct aerocmd_diag diag;
    if (d->removed || aerocmd_stream_open(&st, cmd, len, &diag) != AEROCMD_OK)
        return;
    aerocmd_cursor_init(&cur, &st);
    while (aerocmd_cursor_next(&cur, &p, &diag) == 1) {
        if (p.opcode == AEROGPU_CMD_EXPORT_SHARED_SURFACE)
            token_exported(d, AEROCMD_VIEW(&p, aerogpu_cmd_export_shared_surface, p.opcode));
        else if (p.opcode == AEROGPU_CMD_RELEASE_SHARED_SURFACE)
            token_released(d, AEROCMD_VIEW(&p, aerogpu_cmd_release_shared_surface, p.opcode));
        else if (p.opcode == AEROGPU_CMD_DESTROY_RESOURCE)
            resource_destroyed(d, AEROCMD_VIEW(&p, aerogpu_cmd_destroy_resource, p.opcode));
    }
}

static int kmd_copy(void *user, void *dst, const void *src, size_t len)
{
    (void)user;
    memcpy(dst, src, len);
    return 0;
}

/* The KMD's verdict on submission `index`, with the allocation list the runtime would pass. */
static void kmd_accepts(struct ddi *d, const struct aerocmd_umd_fake_submission *s)
{
    static struct aerocmd_kmd_alloc_ref refs[64];
    static uint64_t kmd_table[256];
    struct aerocmd_kmd_render_args a;
    struct aerocmd_kmd_render_out out;
    uint32_t i;
    if (s->alloc_count > 64 || s->cmd_bytes > sizeof dma_mem)
        abort();
    for (i = 0; i < s->alloc_count; i++) {
        const struct aerocmd_umd_fake_memory *m = NULL;
        uint32_t j;
        for (j = 0; j < d->fake.memory_count && m == NULL; j++)
            if (d->fake.memories[j].os_handle == s->allocs[i].os_handle)
                m = &d->fake.memories[j];
        memset(&refs[i], 0, sizeof refs[i]);
        refs[i].identity = s->allocs[i].os_handle;
        refs[i].alloc_id = s->allocs[i].alloc_id;
        refs[i].gpa = m ? m->gpa : 0;
        refs[i].size_bytes = m ? m->size_bytes : 0;
        refs[i].flags = (s->allocs[i].flags & AEROCMD_UMD_ALLOC_REF_WRITE) ? 1u : 0u;
    }
    memset(&a, 0, sizeof a);
    a.user_cmd = s->cmd;
    a.user_cmd_len = s->cmd_bytes;
    a.dma = dma_mem;
    a.dma_capacity = sizeof dma_mem;
    a.allocs = refs;
    a.alloc_count = s->alloc_count;
    a.alloc_table = kmd_table;
    a.alloc_table_bytes = sizeof kmd_table;
    a.copy = kmd_copy;
    a.policy = &d->policy;
    if (aerocmd_kmd_render(&d->kmd, &a, &out) == AEROCMD_STATUS_SUCCESS)
        return;
    if (out.fault.reason == AEROCMD_R_TRACKER_FULL) {
        d->kmd_on = 0; /* the sequence outgrew the tracker: not the stream's fault */
        return;
    }
    abort();
}

static void check_semantics(struct ddi *d, uint32_t index)
{
    const struct aerocmd_umd_fake_submission *s = &d->fake.submissions[index];
    struct aerocmd_alloc_table_view view;
    struct aerocmd_stream st;
    struct aerocmd_diag diag;
    size_t size = 0;
    aerocmd_result r;
    if (aerocmd_umd_fake_alloc_table(&d->fake, index, table_mem, sizeof table_mem, &size) !=
            AEROCMD_OK ||
        aerocmd_alloc_table_open(&view, table_mem, size, &diag) != AEROCMD_OK ||
        aerocmd_stream_open(&st, s->cmd, s->cmd_bytes, &diag) != AEROCMD_OK)
        abort();
    if (!d->sem_on)
        return;
    r = aerocmd_semantic_check_stream(&d->sem, &st, &view, &diag);
    if (r == AEROCMD_E_OUT_OF_MEMORY && diag.reason == AEROCMD_R_TRACKER_FULL)
        d->sem_on = 0;
    else if (r != AEROCMD_OK)
        abort();
}

/* Every submission since the last call, then the record is dropped. */
static void check_submissions(struct ddi *d)
{
    uint32_t i;
    for (i = 0; i < d->fake.submission_count; i++) {
        const struct aerocmd_umd_fake_submission *s = &d->fake.submissions[i];
        struct aerocmd_diag diag;
        int flagged = (s->flags & AEROCMD_UMD_SUBMIT_PRESENT) != 0;
        uint32_t presents;
        if (s->cmd_bytes > d->fake.buffer_capacity || s->alloc_count > d->fake.alloc_capacity)
            abort();
        if (aerocmd_validate_stream(s->cmd, s->cmd_bytes, &diag) != AEROCMD_OK)
            abort();
        count_packets(s->cmd, s->cmd_bytes, &presents);
        if (flagged != (presents != 0))
            abort();
        track_tokens(d, s->cmd, s->cmd_bytes);
        check_semantics(d, i);
        if (d->kmd_on)
            kmd_accepts(d, s);
    }
    if (d->fake.host_faults != 0)
        abort(); /* the host model could not apply a packet */
    aerocmd_umd_fake_clear_submissions(&d->fake);
}

/* ---- setup and teardown ------------------------------------------------------------------ */

static void counting_init(struct counting_alloc *a)
{
    memset(a, 0, sizeof *a);
    a->iface.resize = counting_resize;
    a->iface.release = counting_release;
    a->iface.user = a;
}

static void check_object_sizes(void)
{
    size_t sizes[8], i;
    sizes[0] = aerocmd_umd_resource_size();
    sizes[1] = aerocmd_umd_view_size();
    sizes[2] = aerocmd_umd_shader_size();
    sizes[3] = aerocmd_umd_input_layout_size();
    sizes[4] = aerocmd_umd_sampler_size();
    sizes[5] = aerocmd_umd_blend_state_size();
    sizes[6] = aerocmd_umd_depth_stencil_state_size();
    sizes[7] = aerocmd_umd_rasterizer_state_size();
    for (i = 0; i < 8; i++)
        if (sizes[i] > SLOT_WORDS * 8u)
            abort();
}

/* Setup bytes: command-buffer size (48 + 4 x b), allocation-list entries (b % 9), config,
 * the id space's process id. Config: the ABI minor is the whole byte % 5 (gen_seeds.py
 * picks bits 0-2 to get the minor it wants), bit 3 no TRANSFER feature, bit 4 handles
 * reused, bit 5 the extended operation set (every op of ops_table; without it the op byte
 * is taken % 31, as before that set existed), bit 6 Windows 7 waits (the fake's win7_locks:
 * locks wait for the GPU, the OS throttles presents), bit 7 with bit 6 a callback table
 * without wait_fence. Process id byte: the id space's process is 4 x it; its bit 7 asks for
 * the COMPATIBLE policy (STRICT otherwise). */
static int ddi_setup(struct ddi *d, struct reader *r)
{
    struct aerocmd_umd_device_desc desc;
    uint32_t capacity = 48u + rd8(r) * 4u, entries = rd8(r) % 9u, cfg = rd8(r), process;
    memset(d, 0, sizeof *d);
    counting_init(&d->fake_alloc);
    counting_init(&d->dev_alloc);
    d->abi_version = ((uint32_t)AEROGPU_ABI_MAJOR << 16) | (cfg % 5u);
    if (aerocmd_umd_fake_init(&d->fake, &d->fake_alloc.iface, d->abi_version, capacity, entries))
        abort();
    d->extended = (cfg & 0x20u) != 0;
    d->win7 = (cfg & 0x40u) != 0;
    d->fake.win7_locks = d->win7;
    ddi_wrap_callbacks(d);
    if (d->win7 && (cfg & 0x80u))
        d->cb.wait_fence = NULL; /* allowed when the OS does all the waiting */
    process = rd8(r);
    aerocmd_umd_id_space_init(&d->ids.space, process * 4u);
    d->compatible = (process & 0x80u) != 0;
    memset(&desc, 0, sizeof desc);
    desc.policy = d->compatible ? AEROCMD_UMD_POLICY_COMPATIBLE : AEROCMD_UMD_POLICY_STRICT;
    desc.abi_version = d->abi_version;
    desc.features = (cfg & 0x08u) ? 0u : AEROGPU_FEATURE_TRANSFER;
    desc.callbacks = &d->cb;
    desc.allocator = &d->dev_alloc.iface;
    desc.ids.next = ids_next;
    desc.ids.release = (cfg & 0x10u) ? ids_release : NULL;
    desc.ids.user = &d->ids;
    if (aerocmd_umd_device_init(d->dev_mem, sizeof d->dev_mem, &desc, &d->dev) != AEROCMD_OK ||
        aerocmd_umd_context_init(d->ctx_mem, sizeof d->ctx_mem, d->dev, &d->ctx) != AEROCMD_OK)
        abort();
    if (aerocmd_semantic_init(&d->sem, sem_mem, sizeof sem_mem) != AEROCMD_OK ||
        aerocmd_kmd_validator_init(&d->kmd, kmd_tracker_mem, sizeof kmd_tracker_mem) != AEROCMD_OK)
        abort();
    /* the fake carries no share tokens, so the KMD's token policy cannot be judged here */
    aerocmd_kmd_policy_default(&d->policy, d->abi_version);
    d->policy.flags = 0;
    d->sem_on = 1;
    d->kmd_on = 1;
    return 1;
}

static void ddi_teardown(struct ddi *d)
{
    uint32_t kind, i;
    ddi_disarm(d);
    d->fake.hold_fences = 0;
    aerocmd_umd_fake_complete(&d->fake, d->fake.last_fence);
    for (i = 0; i < N_QUERY; i++)
        ddi_destroy_query(d, i);
    for (i = 0; i < N_UAV; i++)
        ddi_destroy_uav(d, i);
    for (kind = 0; kind < 8; kind++)
        for (i = 0; i < N_RES; i++)
            ddi_destroy_object(d, kind, i);
    aerocmd_umd_context_destroy(d->ctx);
    aerocmd_umd_device_destroy(d->dev);
    check_submissions(d);
    if (d->dev_alloc.live_blocks != 0 || d->fake.live_memories != 0 || d->fake.lock_count != 0)
        abort(); /* something the device took was not given back */
    if (!d->removed && !d->tokens_overflowed && d->token_count != 0)
        abort(); /* a share token stayed registered on the host */
    aerocmd_umd_fake_release(&d->fake);
    if (d->fake_alloc.live_blocks != 0)
        abort();
}

/* Operation numbers are part of the input format (gen_seeds.py and ddi_sequence.dict use
 * them): append, never reorder. */
static void (*const ops_table[])(struct ddi *, struct reader *) = {
    ddi_op_create_buffer,          /* 0 */
    ddi_op_create_texture,         /* 1 */
    ddi_op_create_view,            /* 2 */
    ddi_op_create_shader,          /* 3 */
    ddi_op_create_layout,          /* 4 */
    ddi_op_create_sampler,         /* 5 */
    ddi_op_create_state,           /* 6 */
    ddi_op_destroy,                /* 7 */
    ddi_op_set_vertex_buffers,     /* 8 */
    ddi_op_set_index_buffer,       /* 9 */
    ddi_op_set_input_layout,       /* 10 */
    ddi_op_set_topology,           /* 11 */
    ddi_op_set_shader,             /* 12 */
    ddi_op_set_constant_buffers,   /* 13 */
    ddi_op_set_shader_resources,   /* 14 */
    ddi_op_set_samplers,           /* 15 */
    ddi_op_set_render_targets,     /* 16 */
    ddi_op_set_state,              /* 17 */
    ddi_op_set_viewports_scissors, /* 18 */
    ddi_op_draw,                   /* 19 */
    ddi_op_dispatch,               /* 20 */
    ddi_op_clear,                  /* 21 */
    ddi_op_present,                /* 22 */
    ddi_op_flush,                  /* 23 */
    ddi_op_inject,                 /* 24 */
    ddi_op_map,                    /* 25 */
    ddi_op_unmap,                  /* 26 */
    ddi_op_update,                 /* 27 */
    ddi_op_copy,                   /* 28 */
    ddi_op_wait_idle,              /* 29 */
    ddi_op_fences,                 /* 30: the last op of the original set */
    ddi_op_create_buffer_ex,       /* 31 */
    ddi_op_create_view_ex,         /* 32 */
    ddi_op_create_uav,             /* 33 */
    ddi_op_set_cs_uavs,            /* 34 */
    ddi_op_clear_uav,              /* 35 */
    ddi_op_destroy_uav,            /* 36 */
    ddi_op_open_shared,            /* 37 */
    ddi_op_indirect,               /* 38 */
    ddi_op_create_query,           /* 39 */
    ddi_op_query_mark,             /* 40 */
    ddi_op_query_get_data,         /* 41 */
    ddi_op_set_predication,        /* 42 */
    ddi_op_destroy_query,          /* 43 */
    ddi_op_create_texture_misc,    /* 44 */
    ddi_op_blt,                    /* 45 */
    ddi_op_rotate,                 /* 46 */
    ddi_op_present_surface,        /* 47 */
    ddi_op_generate_mips,          /* 48 */
    ddi_op_copy_structure_count,   /* 49 */
    ddi_op_set_one_slot,           /* 50 */
    ddi_op_create_ddi_resource,    /* 51 */
    ddi_op_create_ddi_view,        /* 52 */
    ddi_op_create_shader_tokens,   /* 53 */
    ddi_op_create_register_layout, /* 54 */
};
#define ORIGINAL_OPS 31u

/* What must hold after every operation, beyond its result: the fake holds one lock per
 * mapped guest-backed resource and no other; with Windows 7 waits the context waits for a
 * fence only when asked to wait for the GPU to go idle (locks and presents do their own
 * waiting). */
static void check_between_ops(const struct ddi *d, uint64_t waits_before, int op)
{
    uint64_t locks = 0;
    uint32_t i;
    for (i = 0; i < N_RES; i++)
        if (d->res[i].obj != NULL && d->res[i].mapped != 0 &&
            aerocmd_umd_resource_alloc_id((const struct aerocmd_umd_resource *)d->res[i].obj))
            locks++;
    if (d->fake.lock_count != locks)
        abort(); /* a lock leaked, or a mapping has none */
    if (d->win7 && op != OP_WAIT_IDLE && d->fake.wait_fence_calls != waits_before)
        abort();
}

/* Direct3D's predicated commands among the operations: draws, dispatches, clears, updates,
 * copies, UAV clears, indirect work, GenerateMips, CopyStructureCount. */
static int predicated_op(uint32_t op)
{
    return op == 19 || op == 20 || op == 21 || op == 27 || op == 28 || op == 35 || op == 38 ||
           op == 48 || op == 49;
}

static int flushed(struct ddi *d)
{
    aerocmd_result result = aerocmd_umd_flush(d->ctx);
    ddi_check(d, result);
    return result == AEROCMD_OK;
}

/* While predication leaves commands out, a predicated operation sends nothing: the open
 * buffer is submitted before and after it, and what the second submission (and any in
 * between) carries must be empty. */
static void run_op(struct ddi *d, uint32_t op, struct reader *r)
{
    int judge = d->predicate_skips && predicated_op(op) && flushed(d);
    uint32_t i, presents;
    if (judge)
        check_submissions(d);
    ops_table[op](d, r);
    if (!judge || !flushed(d))
        return;
    for (i = 0; i < d->fake.submission_count; i++)
        if (count_packets(d->fake.submissions[i].cmd, d->fake.submissions[i].cmd_bytes,
                          &presents) != 0)
            abort(); /* predication did not leave the command out */
}

/* With AEROCMD_FUZZ_OP_LOG set, each extended-set operation's byte offset and the number
 * of operations it was taken modulo go to stderr (canonical_ops.py rewrites inputs from
 * them). The original set's number is fixed: those inputs keep their meaning anyway. */
static void log_op(const struct ddi *d, const struct reader *r, const uint8_t *data)
{
    static int on = -1;
    if (on < 0)
        on = getenv("AEROCMD_FUZZ_OP_LOG") != NULL;
    if (on && d->extended)
        fprintf(stderr, "op-byte %lu %u\n", (unsigned long)(r->p - data),
                (unsigned)COUNT_OF(ops_table));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct ddi d;
    struct reader r;
    uint32_t ops = 0, i;

    if (ddi_pattern[1] == 0)
        for (i = 0; i < PATTERN_BYTES; i++)
            ddi_pattern[i] = (uint8_t)(i * 7u + 1u);
    check_object_sizes();
    r.p = data;
    r.left = size;
    if (size < 4 || !ddi_setup(&d, &r))
        return 0;
    while (r.left > 0 && ops++ < MAX_OPS) {
        uint32_t op;
        uint64_t waits_before = d.fake.wait_fence_calls;
        log_op(&d, &r, data);
        op = rd8(&r) % (d.extended ? (uint32_t)COUNT_OF(ops_table) : ORIGINAL_OPS);
        run_op(&d, op, &r);
        check_between_ops(&d, waits_before, (int)op);
        check_submissions(&d);
    }
    ddi_teardown(&d);
    return 0;
}
