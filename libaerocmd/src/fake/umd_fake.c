/* SPDX-License-Identifier: MIT */
/* umd_fake.c — the in-memory stand-in for the runtime and kernel driver (umd_fake.h). */
#include <string.h>

#include "aerocmd/kmd_alloc.h"
#include "aerocmd/umd_fake.h"
#include "aerocmd/writer.h"
#include "aerogpu_ring.h"
#include "umd_fake_host.h"

#define FAKE_GPA_BASE  0x10000000ull
#define FAKE_GPA_ALIGN 0x1000ull
/* Where the fake KMD's token counter starts: far above any 32-bit handle value, as a
 * clock-seeded counter would be. */
#define FAKE_TOKEN_SEED 0x5EED000000000000ull

static void *fake_alloc(struct aerocmd_umd_fake *f, size_t size)
{
    return f->alloc->resize(f->alloc->user, NULL, 0, size ? size : 1u);
}

static void fake_free(struct aerocmd_umd_fake *f, void *p, size_t size)
{
    if (p != NULL)
        f->alloc->release(f->alloc->user, p, size ? size : 1u);
}

/* Counts a fallible call and says whether it is the one chosen to fail. */
static int fake_fails(struct aerocmd_umd_fake *f)
{
    f->fallible_calls++;
    return f->fail_at != 0 && f->fallible_calls == f->fail_at;
}

aerocmd_result aerocmd_umd_fake_init(struct aerocmd_umd_fake *fake,
                                     const struct aerocmd_allocator *alloc, uint32_t abi_version,
                                     uint32_t buffer_capacity, uint32_t alloc_capacity)
{
    if (fake == NULL || alloc == NULL || buffer_capacity == 0)
        return AEROCMD_E_INVALID_ARG;
    memset(fake, 0, sizeof *fake);
    fake->alloc = alloc;
    fake->abi_version = abi_version;
    fake->buffer_capacity = buffer_capacity;
    fake->alloc_capacity = alloc_capacity;
    fake->next_gpa = FAKE_GPA_BASE;
    fake->last_share_token = FAKE_TOKEN_SEED;
    fake->fail_with = AEROCMD_E_OUT_OF_MEMORY;
    fake->buffer = (uint8_t *)fake_alloc(fake, buffer_capacity);
    fake->buffer_allocs = (struct aerocmd_umd_alloc_ref *)fake_alloc(
        fake, (size_t)alloc_capacity * sizeof(struct aerocmd_umd_alloc_ref));
    if (fake->buffer == NULL || fake->buffer_allocs == NULL) {
        aerocmd_umd_fake_release(fake);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    return AEROCMD_OK;
}

static void free_snapshots(struct aerocmd_umd_fake *f, struct aerocmd_umd_fake_submission *s)
{
    uint32_t i;
    for (i = 0; i < s->snapshot_count; i++)
        fake_free(f, s->snapshots[i].bytes, (size_t)s->snapshots[i].size_bytes);
    /* The array was sized for the whole list (alloc_count entries). */
    fake_free(f, s->snapshots, (size_t)s->alloc_count * sizeof *s->snapshots);
    s->snapshots = NULL;
    s->snapshot_count = 0;
}

void aerocmd_umd_fake_clear_submissions(struct aerocmd_umd_fake *fake)
{
    uint32_t i;
    for (i = 0; i < fake->submission_count; i++) {
        struct aerocmd_umd_fake_submission *s = &fake->submissions[i];
        fake_free(fake, s->cmd, s->cmd_bytes);
        fake_free(fake, s->allocs, (size_t)s->alloc_count * sizeof *s->allocs);
        free_snapshots(fake, s);
    }
    fake->submission_count = 0;
}

void aerocmd_umd_fake_release(struct aerocmd_umd_fake *fake)
{
    uint32_t i;
    if (fake == NULL || fake->alloc == NULL)
        return;
    aerocmd_umd_fake_clear_submissions(fake);
    aerocmd_priv_umd_fake_host_release(fake);
    fake_free(fake, fake->submissions,
              (size_t)fake->submission_capacity * sizeof *fake->submissions);
    for (i = 0; i < fake->memory_count; i++)
        fake_free(fake, fake->memories[i].bytes, (size_t)fake->memories[i].size_bytes);
    fake_free(fake, fake->memories, (size_t)fake->memory_capacity * sizeof *fake->memories);
    fake_free(fake, fake->buffer, fake->buffer_capacity);
    fake_free(fake, fake->buffer_allocs,
              (size_t)fake->alloc_capacity * sizeof(struct aerocmd_umd_alloc_ref));
    memset(fake, 0, sizeof *fake);
}

/* Grows an array of `elem` byte elements to hold one more. */
static int fake_grow(struct aerocmd_umd_fake *f, void **array, uint32_t *capacity, uint32_t count,
                     size_t elem)
{
    uint32_t cap = *capacity ? *capacity * 2u : 8u;
    void *p;
    if (count < *capacity)
        return 1;
    p = f->alloc->resize(f->alloc->user, *array, (size_t)*capacity * elem, (size_t)cap * elem);
    if (p == NULL)
        return 0;
    *array = p;
    *capacity = cap;
    return 1;
}

/* ---- command buffers --------------------------------------------------------------------- */

static struct aerocmd_umd_fake_memory *find_memory(const struct aerocmd_umd_fake *f, uint32_t id);

/* win7_locks: what the video memory manager remembers of a submission, the allocations its
 * list names and the fence that retires them. */
static void note_listing(struct aerocmd_umd_fake *f, const struct aerocmd_umd_alloc_ref *refs,
                         uint32_t count, uint64_t fence)
{
    uint32_t i;
    if (!f->win7_locks)
        return;
    for (i = 0; i < count; i++) {
        struct aerocmd_umd_fake_memory *m = find_memory(f, refs[i].alloc_id);
        if (m != NULL)
            m->last_listed_fence = fence;
    }
}

static aerocmd_result fake_acquire(void *user, struct aerocmd_umd_cmd_buffer *out)
{
    struct aerocmd_umd_fake *f = (struct aerocmd_umd_fake *)user;
    if (fake_fails(f))
        return f->fail_with;
    if (f->buffer_lent)
        return AEROCMD_E_INVALID_ARG; /* the context asked twice: a bug worth failing on */
    if (!f->recycle)
        memset(f->buffer, 0xCD, f->buffer_capacity);
    out->bytes = f->buffer;
    out->capacity = f->buffer_capacity;
    out->allocs = f->buffer_allocs;
    out->alloc_capacity = f->alloc_capacity;
    out->shim_private = f;
    f->buffer_lent = 1;
    return AEROCMD_OK;
}

static void fake_release_buffer(void *user, struct aerocmd_umd_cmd_buffer *buffer)
{
    struct aerocmd_umd_fake *f = (struct aerocmd_umd_fake *)user;
    if (buffer->bytes == f->buffer)
        f->buffer_lent = 0;
}

static aerocmd_result recycle_submission(struct aerocmd_umd_fake *f,
                                         const struct aerocmd_umd_submission *sub, uint64_t *fence)
{
    if (sub->cmd_bytes < AEROCMD_STREAM_HEADER_SIZE)
        return AEROCMD_E_INVALID_ARG;
    f->recycled_submissions++;
    f->recycled_bytes += sub->cmd_bytes - AEROCMD_STREAM_HEADER_SIZE;
    *fence = ++f->last_fence;
    if (!f->hold_fences)
        f->completed_fence = *fence;
    note_listing(f, sub->buffer.allocs, sub->alloc_count, *fence);
    f->buffer_lent = 0;
    return AEROCMD_OK;
}

/* keep_memory: copies of the distinct live allocations rec's list names, as they are now.
 * 0, or -1 (nothing kept) when memory runs out. */
static int take_snapshots(struct aerocmd_umd_fake *f, struct aerocmd_umd_fake_submission *rec)
{
    uint32_t i, j;
    if (!f->keep_memory || rec->alloc_count == 0)
        return 0;
    rec->snapshots = (struct aerocmd_umd_fake_snapshot *)fake_alloc(f, (size_t)rec->alloc_count *
                                                                           sizeof *rec->snapshots);
    if (rec->snapshots == NULL)
        return -1;
    for (i = 0; i < rec->alloc_count; i++) {
        const struct aerocmd_umd_fake_memory *m = find_memory(f, rec->allocs[i].alloc_id);
        struct aerocmd_umd_fake_snapshot *snap = &rec->snapshots[rec->snapshot_count];
        for (j = 0; j < rec->snapshot_count && m != NULL; j++)
            if (rec->snapshots[j].alloc_id == m->alloc_id)
                m = NULL; /* listed twice: one copy */
        if (m == NULL)
            continue;
        snap->bytes = (uint8_t *)fake_alloc(f, (size_t)m->size_bytes);
        if (snap->bytes == NULL) {
            free_snapshots(f, rec);
            return -1;
        }
        memcpy(snap->bytes, m->bytes, (size_t)m->size_bytes);
        snap->alloc_id = m->alloc_id;
        snap->gpa = m->gpa;
        snap->size_bytes = m->size_bytes;
        rec->snapshot_count++;
    }
    return 0;
}

static aerocmd_result fake_submit(void *user, const struct aerocmd_umd_submission *sub,
                                  uint64_t *fence)
{
    struct aerocmd_umd_fake *f = (struct aerocmd_umd_fake *)user;
    struct aerocmd_umd_fake_submission rec;
    size_t list_bytes = (size_t)sub->alloc_count * sizeof(struct aerocmd_umd_alloc_ref);
    if (fake_fails(f))
        return f->fail_with;
    if (!f->buffer_lent || sub->buffer.bytes != f->buffer || sub->cmd_bytes > f->buffer_capacity ||
        sub->alloc_count > f->alloc_capacity)
        return AEROCMD_E_INVALID_ARG;
    if (f->recycle)
        return recycle_submission(f, sub, fence);
    memset(&rec, 0, sizeof rec);
    rec.cmd = (uint8_t *)fake_alloc(f, sub->cmd_bytes);
    rec.allocs = (struct aerocmd_umd_alloc_ref *)fake_alloc(f, list_bytes);
    if (rec.cmd == NULL || rec.allocs == NULL ||
        !fake_grow(f, (void **)&f->submissions, &f->submission_capacity, f->submission_count,
                   sizeof rec)) {
        fake_free(f, rec.cmd, sub->cmd_bytes);
        fake_free(f, rec.allocs, list_bytes);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    memcpy(rec.cmd, sub->buffer.bytes, sub->cmd_bytes);
    if (list_bytes)
        memcpy(rec.allocs, sub->buffer.allocs, list_bytes);
    rec.cmd_bytes = sub->cmd_bytes;
    rec.alloc_count = sub->alloc_count;
    if (take_snapshots(f, &rec) != 0) {
        fake_free(f, rec.cmd, sub->cmd_bytes);
        fake_free(f, rec.allocs, list_bytes);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    rec.flags = sub->flags;
    rec.fence = ++f->last_fence;
    if (!f->hold_fences)
        f->completed_fence = rec.fence;
    f->submissions[f->submission_count++] = rec;
    note_listing(f, rec.allocs, rec.alloc_count, rec.fence);
    f->buffer_lent = 0;
    aerocmd_priv_umd_fake_host_apply(f, rec.cmd, rec.cmd_bytes);
    *fence = rec.fence;
    return AEROCMD_OK;
}

static aerocmd_result fake_wait(void *user, uint64_t fence, uint32_t flags)
{
    struct aerocmd_umd_fake *f = (struct aerocmd_umd_fake *)user;
    f->wait_fence_calls++;
    if (fake_fails(f))
        return f->fail_with;
    if (fence <= f->completed_fence)
        return AEROCMD_OK;
    /* Nothing else would ever complete it: a blocking wait here would hang. */
    return (flags & AEROCMD_UMD_WAIT_DO_NOT_WAIT) ? AEROCMD_E_STILL_DRAWING
                                                  : AEROCMD_E_DEVICE_REMOVED;
}

void aerocmd_umd_fake_complete(struct aerocmd_umd_fake *fake, uint64_t fence)
{
    if (fence > fake->completed_fence)
        fake->completed_fence = fence;
}

/* ---- guest memory ----------------------------------------------------------------------- */

static struct aerocmd_umd_fake_memory *find_memory(const struct aerocmd_umd_fake *f, uint32_t id)
{
    uint32_t i;
    for (i = 0; i < f->memory_count; i++)
        if (f->memories[i].alloc_id == id && f->memories[i].live)
            return &f->memories[i];
    return NULL;
}

/* Freed allocations too: a recorded submission may name one freed since. */
static const struct aerocmd_umd_fake_memory *find_any_memory(const struct aerocmd_umd_fake *f,
                                                             uint32_t id)
{
    uint32_t i;
    for (i = 0; i < f->memory_count; i++)
        if (f->memories[i].alloc_id == id)
            return &f->memories[i];
    return NULL;
}

const struct aerocmd_umd_fake_memory *
aerocmd_umd_fake_find_memory(const struct aerocmd_umd_fake *fake, uint32_t alloc_id)
{
    return find_memory(fake, alloc_id);
}

static uint64_t fake_next_token(void *user)
{
    struct aerocmd_umd_fake *f = (struct aerocmd_umd_fake *)user;
    return ++f->last_share_token;
}

/* Plays DxgkDdiCreateAllocation on the private data: the kernel's parser judges it, and a
 * shared allocation gets a fresh token written into the blob, which is kept for opens. */
static aerocmd_result fake_kmd_create(struct aerocmd_umd_fake *f,
                                      const struct aerocmd_umd_memory *memory,
                                      struct aerocmd_umd_fake_memory *m)
{
    struct aerocmd_kmd_token_source tokens;
    struct aerocmd_kmd_alloc_info info;
    struct aerocmd_kmd_fault fault;
    if (memory->private_data == NULL)
        return AEROCMD_OK;
    if (memory->private_data_bytes > sizeof m->private_data)
        return AEROCMD_E_INVALID_ARG;
    tokens.next = fake_next_token;
    tokens.user = f;
    if (aerocmd_kmd_alloc_create(memory->private_data, memory->private_data_bytes, &tokens, &info,
                                 &fault) != AEROCMD_OK ||
        info.alloc_id != memory->alloc_id || info.size_bytes != memory->size_bytes)
        return AEROCMD_E_INVALID_ARG;
    memcpy(m->private_data, memory->private_data, memory->private_data_bytes);
    m->private_data_bytes = memory->private_data_bytes;
    return AEROCMD_OK;
}

static aerocmd_result fake_allocate(void *user, struct aerocmd_umd_memory *memory)
{
    struct aerocmd_umd_fake *f = (struct aerocmd_umd_fake *)user;
    struct aerocmd_umd_fake_memory m;
    aerocmd_result r;
    if (fake_fails(f))
        return f->fail_with;
    if (memory->alloc_id == 0 || memory->size_bytes == 0 || memory->size_bytes > 0x40000000u ||
        find_memory(f, memory->alloc_id) != NULL)
        return AEROCMD_E_INVALID_ARG;
    memset(&m, 0, sizeof m);
    r = fake_kmd_create(f, memory, &m);
    if (r != AEROCMD_OK)
        return r;
    m.bytes = (uint8_t *)fake_alloc(f, (size_t)memory->size_bytes);
    if (m.bytes == NULL ||
        !fake_grow(f, (void **)&f->memories, &f->memory_capacity, f->memory_count, sizeof m)) {
        fake_free(f, m.bytes, (size_t)memory->size_bytes);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    memset(m.bytes, 0, (size_t)memory->size_bytes);
    m.alloc_id = memory->alloc_id;
    m.live = 1;
    m.size_bytes = memory->size_bytes;
    m.gpa = f->next_gpa;
    m.os_handle = 0x40000000ull + f->memory_count;
    f->next_gpa += (memory->size_bytes + FAKE_GPA_ALIGN - 1u) & ~(FAKE_GPA_ALIGN - 1u);
    f->memories[f->memory_count++] = m;
    f->live_memories++;
    memory->os_handle = m.os_handle;
    return AEROCMD_OK;
}

static void fake_free_memory(void *user, const struct aerocmd_umd_memory *memory)
{
    struct aerocmd_umd_fake *f = (struct aerocmd_umd_fake *)user;
    struct aerocmd_umd_fake_memory *m = find_memory(f, memory->alloc_id);
    if (m == NULL || m->os_handle != memory->os_handle)
        return;
    fake_free(f, m->bytes, (size_t)m->size_bytes);
    m->bytes = NULL;
    m->live = 0;
    f->live_memories--;
}

/* win7_locks: the allocation is busy while a submission listing it has not completed.
 * Waiting completes it: the host model applied it when it was submitted. */
static aerocmd_result win7_lock_wait(struct aerocmd_umd_fake *f,
                                     const struct aerocmd_umd_fake_memory *m, uint32_t flags)
{
    if (m->last_listed_fence <= f->completed_fence)
        return AEROCMD_OK;
    if (flags & AEROCMD_UMD_LOCK_DO_NOT_WAIT) {
        f->lock_still_drawing++;
        return AEROCMD_E_STILL_DRAWING;
    }
    f->lock_waits++;
    aerocmd_umd_fake_complete(f, m->last_listed_fence);
    return AEROCMD_OK;
}

static aerocmd_result fake_lock(void *user, const struct aerocmd_umd_memory *memory, uint32_t flags,
                                void **cpu)
{
    struct aerocmd_umd_fake *f = (struct aerocmd_umd_fake *)user;
    struct aerocmd_umd_fake_memory *m;
    if (fake_fails(f))
        return f->fail_with;
    m = find_memory(f, memory->alloc_id);
    if (m == NULL)
        return AEROCMD_E_INVALID_ARG;
    if (f->win7_locks) {
        aerocmd_result r = win7_lock_wait(f, m, flags);
        if (r != AEROCMD_OK)
            return r;
    }
    *cpu = m->bytes;
    f->lock_count++;
    return AEROCMD_OK;
}

static void fake_unlock(void *user, const struct aerocmd_umd_memory *memory)
{
    struct aerocmd_umd_fake *f = (struct aerocmd_umd_fake *)user;
    (void)memory;
    if (f->lock_count > 0)
        f->lock_count--;
}

void aerocmd_umd_fake_callbacks(struct aerocmd_umd_fake *fake, struct aerocmd_umd_callbacks *out)
{
    memset(out, 0, sizeof *out);
    out->user = fake;
    out->acquire_buffer = fake_acquire;
    out->release_buffer = fake_release_buffer;
    out->submit = fake_submit;
    out->wait_fence = fake_wait;
    out->allocate_memory = fake_allocate;
    out->free_memory = fake_free_memory;
    out->lock_memory = fake_lock;
    out->unlock_memory = fake_unlock;
    out->flags = fake->win7_locks ? AEROCMD_UMD_CB_WAITS_BY_OS : 0u;
}

/* ---- allocation table --------------------------------------------------------------------- */

/* Index of alloc_id among the first `count` entries, or count. */
static uint32_t table_index(const struct aerogpu_alloc_entry *entries, uint32_t count, uint32_t id)
{
    uint32_t i;
    for (i = 0; i < count; i++)
        if (entries[i].alloc_id == id)
            break;
    return i;
}

aerocmd_result aerocmd_umd_fake_alloc_table(const struct aerocmd_umd_fake *fake, uint32_t index,
                                            void *buf, size_t cap, size_t *size)
{
    const struct aerocmd_umd_fake_submission *s;
    struct aerogpu_alloc_table_header *h = (struct aerogpu_alloc_table_header *)buf;
    struct aerogpu_alloc_entry *entries;
    uint32_t i, count = 0;
    if (fake == NULL || buf == NULL || size == NULL || index >= fake->submission_count ||
        ((uintptr_t)buf & 7u) != 0)
        return AEROCMD_E_INVALID_ARG;
    s = &fake->submissions[index];
    if (cap < sizeof *h + (size_t)s->alloc_count * sizeof *entries)
        return AEROCMD_E_BUFFER_FULL;
    /* buf is 8-aligned (checked above) and the header is 24 bytes, so entries are too. */
    entries = (struct aerogpu_alloc_entry *)(void *)((uint8_t *)buf + sizeof *h);
    for (i = 0; i < s->alloc_count; i++) {
        const struct aerocmd_umd_alloc_ref *ref = &s->allocs[i];
        const struct aerocmd_umd_fake_memory *m = find_any_memory(fake, ref->alloc_id);
        uint32_t at = table_index(entries, count, ref->alloc_id);
        if (m == NULL || m->os_handle != ref->os_handle)
            return AEROCMD_E_INVALID_ARG;
        if (at == count) {
            memset(&entries[at], 0, sizeof entries[at]);
            entries[at].alloc_id = ref->alloc_id;
            entries[at].flags = AEROGPU_ALLOC_FLAG_READONLY;
            entries[at].gpa = m->gpa;
            entries[at].size_bytes = m->size_bytes;
            count++;
        }
        if (ref->flags & AEROCMD_UMD_ALLOC_REF_WRITE)
            entries[at].flags = AEROGPU_ALLOC_FLAG_NONE;
    }
    memset(h, 0, sizeof *h);
    h->magic = AEROGPU_ALLOC_TABLE_MAGIC;
    h->abi_version = fake->abi_version;
    h->entry_count = count;
    h->entry_stride_bytes = (uint32_t)sizeof *entries;
    h->size_bytes = (uint32_t)(sizeof *h + (size_t)count * sizeof *entries);
    *size = h->size_bytes;
    return AEROCMD_OK;
}
