/* SPDX-License-Identifier: MIT */
/* faults_env.h — a device + context over the umd fake where every source of failure can be
 * made to fail its N-th call: the device's allocator, the fake's fallible callbacks (with
 * OUT_OF_MEMORY or DEVICE_REMOVED) and the id source. It counts what is taken and given
 * back (allocator blocks, ids, guest allocations, locks), records every object a scenario
 * creates so all of them can be destroyed afterwards, and checks every submission. The
 * devices name each fallible call's site (aerocmd/umd_fault_sites.h) in env.site, so every
 * injected failure is known by the site it hit. */
#ifndef AEROCMD_TEST_FAULTS_ENV_H
#define AEROCMD_TEST_FAULTS_ENV_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/semantic.h"
#include "aerocmd/umd_compute.h"
#include "aerocmd/submission.h"
#include "aerocmd/umd_data.h"
#include "aerocmd/umd_device.h"
#include "aerocmd/umd_fake.h"
#include "aerocmd/umd_fault_sites.h"
#include "aerocmd/umd_objects.h"
#include "aerocmd/umd_pipeline.h"
#include "aerocmd/umd_query.h"
#include "check.h"

#define ENV_ABI         (((uint32_t)AEROGPU_ABI_MAJOR << 16) | 4u)
#define ENV_MAX_OBJECTS 64u
#define ENV_ARENA_WORDS 8192u

/* ---- failing allocator ------------------------------------------------------------------- */

struct failing_alloc {
    struct aerocmd_allocator iface;
    long live_blocks;
    unsigned long calls;   /* allocations (ptr NULL) and resizes so far */
    unsigned long fail_at; /* 1-based call that fails; 0 never */
    const uint32_t *site;  /* the devices' current fault site; NULL: not watched */
    uint32_t failed_site;  /* *site when call fail_at was made */
};

static void *failing_resize(void *user, void *ptr, size_t old_size, size_t new_size)
{
    struct failing_alloc *a = (struct failing_alloc *)user;
    void *p;
    (void)old_size;
    a->calls++;
    if (a->fail_at != 0 && a->calls == a->fail_at) {
        a->failed_site = a->site ? *a->site : AEROCMD_UMD_SITE_NONE;
        return NULL;
    }
    p = realloc(ptr, new_size ? new_size : 1u);
    if (p != NULL && ptr == NULL)
        a->live_blocks++;
    return p;
}

static void failing_release(void *user, void *ptr, size_t size)
{
    struct failing_alloc *a = (struct failing_alloc *)user;
    (void)size;
    if (ptr == NULL)
        return;
    a->live_blocks--;
    free(ptr);
}

static void failing_alloc_init(struct failing_alloc *a)
{
    memset(a, 0, sizeof *a);
    a->iface.resize = failing_resize;
    a->iface.release = failing_release;
    a->iface.user = a;
}

/* ---- counting id source ---------------------------------------------------------------- */

struct counting_ids {
    struct aerocmd_umd_id_space space[2]; /* the main device's process, a second process */
    unsigned long calls;
    unsigned long fail_at; /* 1-based call that fails with OUT_OF_MEMORY; 0 never */
    long outstanding;      /* handed out and not released */
    const uint32_t *site;  /* as in failing_alloc */
    uint32_t failed_site;
};

/* What a device's id callbacks get: the shared tally and which process's space to use. */
struct id_source {
    struct counting_ids *ids;
    unsigned process;
};

static aerocmd_result counting_ids_next(void *user, enum aerocmd_umd_id_kind kind, uint32_t *out)
{
    struct id_source *src = (struct id_source *)user;
    struct counting_ids *ids = src->ids;
    aerocmd_result r;
    ids->calls++;
    if (ids->fail_at != 0 && ids->calls == ids->fail_at) {
        ids->failed_site = ids->site ? *ids->site : AEROCMD_UMD_SITE_NONE;
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    r = aerocmd_umd_id_space_next(&ids->space[src->process], kind, out);
    if (r == AEROCMD_OK)
        ids->outstanding++;
    return r;
}

static void counting_ids_release(void *user, enum aerocmd_umd_id_kind kind, uint32_t id)
{
    struct id_source *src = (struct id_source *)user;
    (void)kind;
    (void)id;
    src->ids->outstanding--;
}

/* ---- objects a scenario created ---------------------------------------------------------- */

enum env_object_kind {
    ENV_RESOURCE,
    ENV_VIEW,
    ENV_SHADER,
    ENV_LAYOUT,
    ENV_SAMPLER,
    ENV_BLEND,
    ENV_DEPTH,
    ENV_RASTER,
    ENV_UAV,
    ENV_QUERY
};

struct env_object {
    enum env_object_kind kind;
    void *obj;
    int second; /* belongs to the second device */
};

/* ---- the environment ----------------------------------------------------------------------- */

struct env {
    struct failing_alloc fake_alloc, dev_alloc;
    struct counting_ids ids;
    struct id_source id_sources[2];
    struct aerocmd_umd_fake fake;
    struct aerocmd_umd_callbacks cb;
    struct aerocmd_umd_device *dev;
    struct aerocmd_umd_context *ctx;
    uint64_t dev_mem[128];
    uint64_t ctx_mem[8192];
    /* A second "process" over the same fake (shared surfaces), opened on demand. */
    struct aerocmd_umd_device *dev2;
    struct aerocmd_umd_context *ctx2;
    uint64_t dev2_mem[128];
    uint64_t ctx2_mem[4096];

    uint64_t arena[ENV_ARENA_WORDS]; /* object memory */
    size_t arena_used;
    struct env_object objects[ENV_MAX_OBJECTS];
    uint32_t object_count;

    /* the fake's callbacks, wrapped to name the one that was made to fail */
    struct aerocmd_umd_callbacks fake_cb;
    const char *failed_call;
    uint32_t site;        /* both devices' latest fault site */
    uint32_t failed_site; /* the site the fake's failing callback was called from */
    uint32_t mode;        /* enum env_mode */

    struct aerocmd_semantic sem;
    uint64_t sem_mem[8192];
    uint32_t checked; /* submissions already checked */
    uint32_t bad;     /* submissions that failed a check */
};

/* How the callback table waits. */
enum env_mode {
    ENV_WAIT_FENCE = 0, /* wait_fence answers with results */
    ENV_RAW_WAITS = 1,  /* wait_fence_raw answers with OS codes, as the Windows shim's does */
    ENV_WIN7_LOCKS = 2  /* the operating system waits in its locks (the fake's win7_locks) */
};

/* ---- the fake's callbacks, with the failing one named ------------------------------------ */

static void env_note_failure(struct env *e, const char *name)
{
    if (e->fake.fail_at != 0 && e->fake.fallible_calls == e->fake.fail_at) {
        e->failed_call = name;
        e->failed_site = e->site;
    }
}

static aerocmd_result env_acquire(void *user, struct aerocmd_umd_cmd_buffer *out)
{
    struct env *e = (struct env *)user;
    aerocmd_result r = e->fake_cb.acquire_buffer(e->fake_cb.user, out);
    env_note_failure(e, "acquire_buffer");
    return r;
}

static void env_release_buffer(void *user, struct aerocmd_umd_cmd_buffer *buffer)
{
    struct env *e = (struct env *)user;
    e->fake_cb.release_buffer(e->fake_cb.user, buffer);
}

static aerocmd_result env_submit(void *user, const struct aerocmd_umd_submission *submission,
                                 uint64_t *fence)
{
    struct env *e = (struct env *)user;
    aerocmd_result r = e->fake_cb.submit(e->fake_cb.user, submission, fence);
    env_note_failure(e, "submit");
    return r;
}

static aerocmd_result env_wait(void *user, uint64_t fence, uint32_t flags)
{
    struct env *e = (struct env *)user;
    aerocmd_result r = e->fake_cb.wait_fence(e->fake_cb.user, fence, flags);
    env_note_failure(e, "wait_fence");
    return r;
}

/* The fake's answer as the OS code a Windows wait would give (umd_wait.c's table). */
static uint32_t env_wait_raw(void *user, uint64_t fence, uint32_t flags)
{
    switch (env_wait(user, fence, flags)) {
    case AEROCMD_OK:
        return 0x00000000u; /* S_OK */
    case AEROCMD_E_STILL_DRAWING:
        return 0x887A000Au; /* DXGI_ERROR_WAS_STILL_DRAWING */
    case AEROCMD_E_DEVICE_REMOVED:
        return 0x887A0005u; /* DXGI_ERROR_DEVICE_REMOVED */
    case AEROCMD_E_OUT_OF_MEMORY:
        return 0x8007000Eu; /* E_OUTOFMEMORY */
    default:
        return 0x80070057u; /* E_INVALIDARG */
    }
}

static aerocmd_result env_allocate(void *user, struct aerocmd_umd_memory *memory)
{
    struct env *e = (struct env *)user;
    aerocmd_result r = e->fake_cb.allocate_memory(e->fake_cb.user, memory);
    env_note_failure(e, "allocate_memory");
    return r;
}

static void env_free_memory(void *user, const struct aerocmd_umd_memory *memory)
{
    struct env *e = (struct env *)user;
    e->fake_cb.free_memory(e->fake_cb.user, memory);
}

static aerocmd_result env_lock(void *user, const struct aerocmd_umd_memory *memory, uint32_t flags,
                               void **cpu)
{
    struct env *e = (struct env *)user;
    aerocmd_result r = e->fake_cb.lock_memory(e->fake_cb.user, memory, flags, cpu);
    env_note_failure(e, "lock_memory");
    return r;
}

static void env_unlock(void *user, const struct aerocmd_umd_memory *memory)
{
    struct env *e = (struct env *)user;
    e->fake_cb.unlock_memory(e->fake_cb.user, memory);
}

static void env_wrap_callbacks(struct env *e)
{
    e->fake.win7_locks = e->mode == ENV_WIN7_LOCKS;
    aerocmd_umd_fake_callbacks(&e->fake, &e->fake_cb);
    memset(&e->cb, 0, sizeof e->cb);
    e->cb.flags = e->fake_cb.flags;
    e->cb.user = e;
    e->cb.acquire_buffer = env_acquire;
    e->cb.release_buffer = env_release_buffer;
    e->cb.submit = env_submit;
    e->cb.wait_fence = env_wait;
    if (e->mode == ENV_RAW_WAITS)
        e->cb.wait_fence_raw = env_wait_raw; /* preferred when set */
    e->cb.allocate_memory = env_allocate;
    e->cb.free_memory = env_free_memory;
    e->cb.lock_memory = env_lock;
    e->cb.unlock_memory = env_unlock;
}

static void env_device_desc(struct env *e, unsigned process, struct aerocmd_umd_device_desc *desc)
{
    memset(desc, 0, sizeof *desc);
    desc->abi_version = ENV_ABI;
    desc->features = AEROGPU_FEATURE_TRANSFER;
    desc->callbacks = &e->cb;
    desc->allocator = &e->dev_alloc.iface;
    desc->ids.next = counting_ids_next;
    desc->ids.release = counting_ids_release;
    desc->ids.user = &e->id_sources[process];
}

/* The second process's device and context (once per run). */
static aerocmd_result env_open_second(struct env *e)
{
    struct aerocmd_umd_device_desc desc;
    aerocmd_result r;
    if (e->dev2 != NULL)
        return AEROCMD_OK;
    env_device_desc(e, 1, &desc);
    r = aerocmd_umd_device_init(e->dev2_mem, sizeof e->dev2_mem, &desc, &e->dev2);
    if (r != AEROCMD_OK) {
        e->dev2 = NULL;
        return r;
    }
    aerocmd_umd_device_watch_faults(e->dev2, &e->site);
    r = aerocmd_umd_context_init(e->ctx2_mem, sizeof e->ctx2_mem, e->dev2, &e->ctx2);
    if (r != AEROCMD_OK) {
        aerocmd_umd_device_destroy(e->dev2);
        e->dev2 = NULL;
        e->ctx2 = NULL;
    }
    return r;
}

/* mode: enum env_mode, how the callback table waits. */
static int env_open(struct env *e, uint32_t buffer_bytes, uint32_t alloc_entries, uint32_t mode)
{
    struct aerocmd_umd_device_desc desc;
    memset(e, 0, sizeof *e);
    e->mode = mode;
    failing_alloc_init(&e->fake_alloc);
    failing_alloc_init(&e->dev_alloc);
    e->dev_alloc.site = &e->site;
    e->ids.site = &e->site;
    if (aerocmd_umd_fake_init(&e->fake, &e->fake_alloc.iface, ENV_ABI, buffer_bytes,
                              alloc_entries) != AEROCMD_OK)
        return 0;
    env_wrap_callbacks(e);
    aerocmd_umd_id_space_init(&e->ids.space[0], 0x2468);
    aerocmd_umd_id_space_init(&e->ids.space[1], 0x1357);
    e->id_sources[0].ids = e->id_sources[1].ids = &e->ids;
    e->id_sources[1].process = 1;
    env_device_desc(e, 0, &desc);
    if (aerocmd_umd_device_init(e->dev_mem, sizeof e->dev_mem, &desc, &e->dev) != AEROCMD_OK ||
        aerocmd_umd_context_init(e->ctx_mem, sizeof e->ctx_mem, e->dev, &e->ctx) != AEROCMD_OK)
        return 0;
    aerocmd_umd_device_watch_faults(e->dev, &e->site);
    return aerocmd_semantic_init(&e->sem, e->sem_mem, sizeof e->sem_mem) == AEROCMD_OK;
}

/* Object memory from the arena (8-byte aligned); NULL when exhausted. */
static void *env_take(struct env *e, size_t size)
{
    size_t words = (size + 7u) / 8u;
    void *p;
    if (e->arena_used + words > ENV_ARENA_WORDS || e->object_count == ENV_MAX_OBJECTS)
        return NULL;
    p = &e->arena[e->arena_used];
    e->arena_used += words;
    return p;
}

static void env_remember(struct env *e, enum env_object_kind kind, void *obj)
{
    e->objects[e->object_count].kind = kind;
    e->objects[e->object_count].obj = obj;
    e->objects[e->object_count].second = 0;
    e->object_count++;
}

static void env_remember_second(struct env *e, enum env_object_kind kind, void *obj)
{
    env_remember(e, kind, obj);
    e->objects[e->object_count - 1].second = 1;
}

/* Destroys one recorded object (the runtime's DestroyX: the result is only about sending). */
static void env_destroy_object(const struct env_object *o)
{
    switch (o->kind) {
    case ENV_RESOURCE:
        (void)aerocmd_umd_destroy_resource((struct aerocmd_umd_resource *)o->obj);
        break;
    case ENV_VIEW:
        (void)aerocmd_umd_destroy_view((struct aerocmd_umd_view *)o->obj);
        break;
    case ENV_SHADER:
        (void)aerocmd_umd_destroy_shader((struct aerocmd_umd_shader *)o->obj);
        break;
    case ENV_LAYOUT:
        (void)aerocmd_umd_destroy_input_layout((struct aerocmd_umd_input_layout *)o->obj);
        break;
    case ENV_SAMPLER:
        (void)aerocmd_umd_destroy_sampler((struct aerocmd_umd_sampler *)o->obj);
        break;
    case ENV_BLEND:
        aerocmd_umd_destroy_blend_state((struct aerocmd_umd_blend_state *)o->obj);
        break;
    case ENV_UAV:
        (void)aerocmd_umd_destroy_uav((struct aerocmd_umd_uav *)o->obj);
        break;
    case ENV_DEPTH:
        aerocmd_umd_destroy_depth_stencil_state((struct aerocmd_umd_depth_stencil_state *)o->obj);
        break;
    case ENV_QUERY:
        aerocmd_umd_destroy_query((struct aerocmd_umd_query *)o->obj);
        break;
    default:
        aerocmd_umd_destroy_rasterizer_state((struct aerocmd_umd_rasterizer_state *)o->obj);
        break;
    }
}

/* Forgets an object the scenario destroyed itself. */
static void env_forget(struct env *e, const void *obj)
{
    uint32_t i;
    for (i = 0; i < e->object_count; i++)
        if (e->objects[i].obj == obj)
            e->objects[i].obj = NULL;
}

/* Every recorded object, newest first (views before their resources). */
static void env_destroy_all(struct env *e)
{
    while (e->object_count > 0) {
        const struct env_object *o = &e->objects[--e->object_count];
        if (o->obj != NULL)
            env_destroy_object(o);
    }
}

/* The second process ends: its objects, newest first, then its context and device. The
 * fake lends one command buffer at a time, so a second context that kept its buffer
 * after a failure would otherwise starve the first. Returns whether it was lost. */
static int env_close_second(struct env *e)
{
    uint32_t i;
    int lost;
    if (e->dev2 == NULL)
        return 0;
    lost = aerocmd_umd_context_is_lost(e->ctx2);
    for (i = e->object_count; i > 0; i--) {
        struct env_object *o = &e->objects[i - 1];
        if (o->second && o->obj != NULL) {
            env_destroy_object(o);
            o->obj = NULL;
        }
    }
    aerocmd_umd_context_destroy(e->ctx2);
    aerocmd_umd_device_destroy(e->dev2);
    e->dev2 = NULL;
    e->ctx2 = NULL;
    return lost;
}

/* ---- checking submissions ------------------------------------------------------------------ */

static int env_check_one(struct env *e, uint32_t index, struct aerocmd_diag *diag)
{
    static uint64_t table[1024];
    const struct aerocmd_umd_fake_submission *s = &e->fake.submissions[index];
    struct aerocmd_alloc_table_view view;
    struct aerocmd_stream st;
    size_t size = 0;
    memset(diag, 0, sizeof *diag);
    if (s->cmd_bytes > e->fake.buffer_capacity ||
        aerocmd_validate_stream(s->cmd, s->cmd_bytes, diag) != AEROCMD_OK ||
        aerocmd_stream_open(&st, s->cmd, s->cmd_bytes, diag) != AEROCMD_OK ||
        aerocmd_umd_fake_alloc_table(&e->fake, index, table, sizeof table, &size) != AEROCMD_OK ||
        aerocmd_alloc_table_open(&view, table, size, diag) != AEROCMD_OK)
        return 0;
    return aerocmd_semantic_check_stream(&e->sem, &st, &view, diag) == AEROCMD_OK;
}

/* Structural, allocation-table and semantic checks (one tracker for the whole run) of every
 * submission since the last call; the fake's host model must have applied all of them. */
static void env_check_submissions(struct env *e, const char *what)
{
    for (; e->checked < e->fake.submission_count; e->checked++) {
        struct aerocmd_diag diag;
        if (!env_check_one(e, e->checked, &diag)) {
            fprintf(stderr, "%s: submission %u refused: %s at 0x%x opcode 0x%x\n", what, e->checked,
                    aerocmd_reason_name(diag.reason), diag.offset, diag.opcode);
            e->bad++;
        }
    }
    if (e->fake.host_faults != 0) {
        fprintf(stderr, "%s: the host model could not apply %u packets\n", what,
                e->fake.host_faults);
        e->bad++;
        e->fake.host_faults = 0;
    }
}

/* Destroys everything, then the context and the device; returns 1 when nothing the
 * device took (allocator blocks, ids, guest allocations, locks) is left. */
static int env_close(struct env *e, const char *what)
{
    int clean;
    e->dev_alloc.fail_at = 0;
    e->fake.fail_at = 0;
    e->ids.fail_at = 0;
    (void)env_close_second(e);
    env_destroy_all(e);
    aerocmd_umd_context_destroy(e->ctx);
    aerocmd_umd_device_destroy(e->dev);
    env_check_submissions(e, what);
    clean = e->dev_alloc.live_blocks == 0 && e->ids.outstanding == 0 &&
            e->fake.live_memories == 0 && e->fake.lock_count == 0;
    if (!clean)
        fprintf(stderr, "%s: left behind %ld blocks, %ld ids, %u guest allocations, %u locks\n",
                what, e->dev_alloc.live_blocks, e->ids.outstanding, e->fake.live_memories,
                e->fake.lock_count);
    aerocmd_umd_fake_release(&e->fake);
    return clean && e->fake_alloc.live_blocks == 0 && e->bad == 0;
}

#endif /* AEROCMD_TEST_FAULTS_ENV_H */
