/* SPDX-License-Identifier: MIT */
/* host_device.c — a client's device in its worker (host_device.h). The executor tells it,
 * while a submission runs, which guest memory it wrote and what it presented
 * (aerocmd_exec_set_hooks); the answer then carries exactly the bytes written, each once,
 * with their final values. Only the guest memory the running submission sent is known to
 * the executor: whatever an earlier one sent is forgotten first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_device.h"
#include "render.h"

#define RANGES_FIRST 64u

int host_device_init(struct host_device *d, const struct host_config *cfg,
                     struct host_shared *shared)
{
    memset(d, 0, sizeof(*d));
    d->cfg = cfg;
    d->shared = shared;
    d->pic.present = HOST_WIRE_NO_PRESENT;
    d->memory = calloc(HOST_WIRE_MEMORY_MAX, sizeof(*d->memory));
    return d->memory != NULL ? 0 : -1;
}

void host_device_release(struct host_device *d)
{
    aerocmd_exec_destroy(d->ex);
    free(d->ranges);
    free(d->memory);
    free(d->pic_rgba);
    memset(d, 0, sizeof(*d));
}

/* ---- written ranges ------------------------------------------------------------------------ */

static int range_order(const void *a, const void *b)
{
    const struct host_range *x = a, *y = b;
    if (x->alloc_id != y->alloc_id)
        return x->alloc_id < y->alloc_id ? -1 : 1;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Sorted by allocation and offset, overlapping and touching ranges merged: every byte
 * written appears once. */
static void ranges_normalise(struct host_device *d)
{
    uint32_t i, n = 0;
    if (d->range_count == 0)
        return;
    qsort(d->ranges, d->range_count, sizeof(*d->ranges), range_order);
    for (i = 1; i < d->range_count; i++) {
        struct host_range *last = &d->ranges[n], *r = &d->ranges[i];
        if (r->alloc_id == last->alloc_id && r->offset <= last->offset + last->size) {
            uint64_t end = r->offset + r->size;
            if (end > last->offset + last->size)
                last->size = end - last->offset;
        } else {
            d->ranges[++n] = *r;
        }
    }
    d->range_count = n + 1u;
}

static void on_writeback(void *user, uint32_t alloc_id, uint64_t offset, uint64_t size)
{
    struct host_device *d = user;
    struct host_range *last = d->range_count != 0 ? &d->ranges[d->range_count - 1u] : NULL;
    if (last != NULL && last->alloc_id == alloc_id && last->offset + last->size == offset) {
        last->size += size;
        return;
    }
    if (d->range_count == d->range_cap) {
        ranges_normalise(d); /* bytes written again need no new entry */
        if (d->range_cap == 0 || d->range_count > d->range_cap / 2u) {
            uint32_t cap = d->range_cap == 0 ? RANGES_FIRST : d->range_cap * 2u;
            struct host_range *grown =
                cap > d->range_cap ? realloc(d->ranges, (size_t)cap * sizeof(*grown)) : NULL;
            if (grown != NULL) {
                d->ranges = grown;
                d->range_cap = cap;
            }
        }
        if (d->range_count == d->range_cap) {
            d->range_failed = 1;
            return;
        }
    }
    d->ranges[d->range_count].alloc_id = alloc_id;
    d->ranges[d->range_count].offset = offset;
    d->ranges[d->range_count].size = size;
    d->range_count++;
}

/* ---- presents ------------------------------------------------------------------------------ */

static void keep_picture(struct host_device *d, uint32_t number,
                         const struct aerocmd_exec_image *im)
{
    size_t bytes = (size_t)im->width * im->height * 4u;
    memset(&d->pic, 0, sizeof(d->pic));
    d->pic.present = number;
    d->pic.handle = im->handle;
    d->pic.format = im->format;
    d->pic.width = im->width;
    d->pic.height = im->height;
    d->pic.fence = d->fence;
    if (im->rgba8 == NULL)
        return;
    if (bytes > d->pic_cap) {
        uint8_t *grown = realloc(d->pic_rgba, bytes);
        if (grown == NULL)
            return; /* kept without its pixels */
        d->pic_rgba = grown;
        d->pic_cap = bytes;
    }
    memcpy(d->pic_rgba, im->rgba8, bytes);
    d->pic.flags = HOST_WIRE_PICTURE_HAS_PIXELS;
}

static void on_present(void *user, const struct aerocmd_exec_present *pr)
{
    struct host_device *d = user;
    uint32_t number = host_shared_next_picture(d->shared);
    if (d->present_count++ == 0)
        d->first_present = number;
    if (d->cfg->pictures != NULL)
        aerocmd_render_save_present(d->cfg->pictures, number, pr, 1);
    keep_picture(d, number, &pr->image);
}

/* ---- submissions --------------------------------------------------------------------------- */

aerocmd_result host_device_start(struct host_device *d, struct aerocmd_exec_error *err)
{
    struct aerocmd_exec_options opts;
    struct aerocmd_exec_hooks hooks;
    aerocmd_result r;
    memset(&opts, 0, sizeof(opts));
    opts.resource_budget_bytes = d->cfg->max_memory;
    opts.max_work = d->cfg->max_work;
    r = aerocmd_exec_create(&opts, &d->ex, err);
    if (r != AEROCMD_OK)
        return r;
    hooks.present = on_present;
    hooks.writeback = on_writeback;
    hooks.user = d;
    aerocmd_exec_set_hooks(d->ex, &hooks);
    return AEROCMD_OK;
}

aerocmd_result host_device_submit(struct host_device *d, const struct host_wire_submit *s,
                                  struct aerocmd_exec_error *err)
{
    struct aerocmd_exec_submission sub;
    struct host_wire_record rec;
    size_t pos = 0;
    uint32_t n = 0;
    aerocmd_result r;
    d->fence = s->fence;
    d->range_count = 0;
    d->range_failed = 0;
    d->present_count = 0;
    d->first_present = HOST_WIRE_NO_PRESENT;
    if (d->ex == NULL && (r = host_device_start(d, err)) != AEROCMD_OK) {
        err->in_stream = 0;
        return r;
    }
    while (n < HOST_WIRE_MEMORY_MAX && aerocmd_priv_host_submit_next(s, &pos, &rec)) {
        d->memory[n].alloc_id = rec.alloc_id;
        d->memory[n].gpa = rec.address;
        d->memory[n].bytes = rec.bytes;
        d->memory[n++].size_bytes = rec.size_bytes;
    }
    memset(&sub, 0, sizeof(sub));
    sub.stream = s->stream;
    sub.stream_len = s->stream_len;
    sub.alloc_table = s->alloc_table;
    sub.alloc_table_len = s->alloc_table_len;
    sub.memory = d->memory;
    sub.memory_count = n;
    aerocmd_exec_clear_guest_memory(d->ex);
    r = aerocmd_exec_set_context(d->ex, s->context_id, err);
    if (r == AEROCMD_OK)
        r = aerocmd_exec_submit(d->ex, &sub, err);
    if (r != AEROCMD_OK) {
        aerocmd_exec_destroy(d->ex);
        d->ex = NULL;
    }
    return r;
}

void host_device_end_context(struct host_device *d, uint32_t context_id)
{
    if (d->ex != NULL)
        (void)aerocmd_exec_end_context(d->ex, context_id);
}

/* Bytes of the COMPLETE body, or 0 when it would not fit a u32. */
static uint64_t complete_bytes(const struct host_device *d)
{
    uint64_t total = HOST_WIRE_COMPLETE_BYTES;
    uint32_t i;
    for (i = 0; i < d->range_count; i++) {
        total += HOST_WIRE_RECORD_BYTES + host_pad8(d->ranges[i].size);
        if (total > UINT32_MAX)
            return 0;
    }
    return total;
}

int host_device_complete(struct host_device *d, struct host_out *o)
{
    uint8_t head[HOST_WIRE_HEADER_BYTES + HOST_WIRE_COMPLETE_BYTES];
    struct host_wire_complete c;
    uint64_t body;
    uint32_t i;
    ranges_normalise(d);
    body = complete_bytes(d);
    if (d->range_failed || body == 0)
        return -1;
    c.fence = d->fence;
    c.range_count = d->range_count;
    c.present_count = d->present_count;
    c.first_present = d->first_present;
    aerocmd_priv_host_header_write(head, HOST_MSG_COMPLETE, (uint32_t)body);
    aerocmd_priv_host_complete_write(head + HOST_WIRE_HEADER_BYTES, &c);
    host_out_put(o, head, sizeof(head), 0);
    for (i = 0; i < d->range_count; i++) {
        const struct host_range *r = &d->ranges[i];
        uint8_t rec[HOST_WIRE_RECORD_BYTES];
        uint64_t size = 0;
        const uint8_t *guest = aerocmd_exec_guest_memory(d->ex, r->alloc_id, &size);
        if (guest == NULL || r->offset > size || r->size > size - r->offset)
            return -1; /* the executor wrote what it does not hold: cannot happen */
        aerocmd_priv_host_record_write(rec, r->alloc_id, 0, r->offset, r->size);
        host_out_put(o, rec, sizeof(rec), 0);
        host_out_put(o, guest + r->offset, (size_t)r->size, 1);
    }
    return 0;
}

void host_device_picture(const struct host_device *d, struct host_out *o)
{
    uint8_t head[HOST_WIRE_HEADER_BYTES + HOST_WIRE_PICTURE_BYTES];
    uint64_t pixels = d->pic.flags != 0 ? (uint64_t)d->pic.width * d->pic.height * 4u : 0;
    aerocmd_priv_host_header_write(head, HOST_MSG_PICTURE,
                                   (uint32_t)(HOST_WIRE_PICTURE_BYTES + host_pad8(pixels)));
    aerocmd_priv_host_picture_write(head + HOST_WIRE_HEADER_BYTES, &d->pic);
    host_out_put(o, head, sizeof(head), 0);
    if (pixels != 0)
        host_out_put(o, d->pic_rgba, (size_t)pixels, 1);
}
