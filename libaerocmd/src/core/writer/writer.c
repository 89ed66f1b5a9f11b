/* SPDX-License-Identifier: MIT */
/* writer.c — writer life cycle, storage growth, rollback and the generic packet space
 * every typed append is built on. */
#include <string.h>

#include "aerocmd/writer.h"

/* The largest 4-aligned size a packet header's u32 size_bytes can state. */
#define LARGEST_PACKET 0xFFFFFFFCu

static aerocmd_result check_abi(uint32_t abi_version)
{
    if ((abi_version >> 16) != AEROGPU_ABI_MAJOR)
        return AEROCMD_E_NOT_IMPLEMENTED;
    return AEROCMD_OK;
}

static void write_stream_header(struct aerocmd_writer *w)
{
    struct aerogpu_cmd_stream_header *h = (struct aerogpu_cmd_stream_header *)w->base;
    h->magic = AEROGPU_CMD_STREAM_MAGIC;
    h->abi_version = w->abi_version;
    h->size_bytes = AEROCMD_STREAM_HEADER_SIZE;
    h->flags = AEROGPU_CMD_STREAM_FLAG_NONE;
    h->reserved0 = 0;
    h->reserved1 = 0;
    w->used = AEROCMD_STREAM_HEADER_SIZE;
}

static void clear_writer(struct aerocmd_writer *w)
{
    w->base = NULL;
    w->used = 0;
    w->capacity = 0;
    w->alloc = NULL;
    w->abi_version = 0;
}

aerocmd_result aerocmd_writer_init_span(struct aerocmd_writer *w, void *buf, size_t capacity,
                                        uint32_t abi_version)
{
    aerocmd_result r;

    clear_writer(w);
    if (buf == NULL || capacity < AEROCMD_STREAM_HEADER_SIZE)
        return AEROCMD_E_INVALID_ARG;
    r = check_abi(abi_version);
    if (r != AEROCMD_OK)
        return r;
    if (capacity > AEROCMD_WRITER_MAX_CAPACITY)
        capacity = AEROCMD_WRITER_MAX_CAPACITY;
    w->base = (uint8_t *)buf;
    w->capacity = (uint32_t)capacity;
    w->abi_version = abi_version;
    write_stream_header(w);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_writer_init_growable(struct aerocmd_writer *w,
                                            const struct aerocmd_allocator *alloc,
                                            uint32_t initial_capacity, uint32_t abi_version)
{
    aerocmd_result r;
    void *storage;

    clear_writer(w);
    if (alloc == NULL || alloc->resize == NULL || alloc->release == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = check_abi(abi_version);
    if (r != AEROCMD_OK)
        return r;
    if (initial_capacity == 0)
        initial_capacity = AEROCMD_WRITER_DEFAULT_CAPACITY;
    if (initial_capacity < AEROCMD_STREAM_HEADER_SIZE)
        initial_capacity = AEROCMD_STREAM_HEADER_SIZE;
    if (initial_capacity > AEROCMD_WRITER_MAX_CAPACITY)
        initial_capacity = AEROCMD_WRITER_MAX_CAPACITY;
    initial_capacity &= ~3u;
    storage = alloc->resize(alloc->user, NULL, 0, initial_capacity);
    if (storage == NULL)
        return AEROCMD_E_OUT_OF_MEMORY;
    w->base = (uint8_t *)storage;
    w->capacity = initial_capacity;
    w->alloc = alloc;
    w->abi_version = abi_version;
    write_stream_header(w);
    return AEROCMD_OK;
}

void aerocmd_writer_release(struct aerocmd_writer *w)
{
    if (w->alloc != NULL && w->base != NULL)
        w->alloc->release(w->alloc->user, w->base, w->capacity);
    clear_writer(w);
}

void aerocmd_writer_reset(struct aerocmd_writer *w)
{
    if (w->base != NULL)
        write_stream_header(w);
}

aerocmd_result aerocmd_writer_rollback(struct aerocmd_writer *w, aerocmd_writer_checkpoint mark)
{
    if (w->base == NULL || mark > w->used || mark < AEROCMD_STREAM_HEADER_SIZE || (mark & 3u) != 0)
        return AEROCMD_E_INVALID_ARG;
    w->used = mark;
    ((struct aerogpu_cmd_stream_header *)w->base)->size_bytes = mark;
    return AEROCMD_OK;
}

/* Doubling keeps the number of reallocations logarithmic; the result is clamped to what
 * a stream header can describe. */
static uint32_t grown_capacity(uint32_t capacity, uint32_t needed)
{
    uint32_t grown =
        capacity > AEROCMD_WRITER_MAX_CAPACITY / 2 ? AEROCMD_WRITER_MAX_CAPACITY : capacity * 2;
    if (grown < needed)
        grown = needed;
    return grown;
}

aerocmd_result aerocmd_writer_make_room(struct aerocmd_writer *w, uint32_t size)
{
    uint32_t needed;
    void *storage;

    if (size <= w->capacity - w->used)
        return AEROCMD_OK;
    if (w->alloc == NULL || w->base == NULL)
        return AEROCMD_E_BUFFER_FULL;
    if (size > AEROCMD_WRITER_MAX_CAPACITY - w->used)
        return AEROCMD_E_BUFFER_FULL;
    needed = (w->used + size + 3u) & ~3u;
    needed = grown_capacity(w->capacity, needed);
    storage = w->alloc->resize(w->alloc->user, w->base, w->capacity, needed);
    if (storage == NULL)
        return AEROCMD_E_OUT_OF_MEMORY;
    w->base = (uint8_t *)storage;
    w->capacity = needed;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_writer_emplace(struct aerocmd_writer *w, uint32_t opcode,
                                      uint32_t fixed_size, uint32_t payload_len, uint8_t **packet)
{
    struct aerogpu_cmd_hdr *hdr;
    uint32_t size;
    uint8_t *p;
    aerocmd_result r;

    if (fixed_size < sizeof(struct aerogpu_cmd_hdr) || (fixed_size & 3u) != 0)
        return AEROCMD_E_INVALID_ARG;
    if (payload_len > LARGEST_PACKET - fixed_size)
        return AEROCMD_E_INVALID_ARG;
    size = (fixed_size + payload_len + 3u) & ~3u;
    r = aerocmd_writer_reserve(w, size);
    if (r != AEROCMD_OK)
        return r;
    p = w->base + w->used;
    memset(p, 0, fixed_size);
    if (size > fixed_size)
        memset(p + size - 4u, 0, 4u);
    hdr = (struct aerogpu_cmd_hdr *)p;
    hdr->opcode = opcode;
    hdr->size_bytes = size;
    aerocmd_writer_commit(w, size);
    *packet = p;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_raw(struct aerocmd_writer *w, uint32_t opcode, const void *body,
                                  uint32_t body_size)
{
    uint8_t *p;
    aerocmd_result r;

    if (body == NULL && body_size != 0)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_writer_emplace(w, opcode, sizeof(struct aerogpu_cmd_hdr), body_size, &p);
    if (r != AEROCMD_OK)
        return r;
    if (body_size != 0)
        memcpy(p + sizeof(struct aerogpu_cmd_hdr), body, body_size);
    return AEROCMD_OK;
}
