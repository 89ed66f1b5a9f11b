/* SPDX-License-Identifier: MIT */
/* pixel_host.h — a device of a live host (`aerocmd host`, aerocmd/host_client.h) used as a
 * guest uses one, for the pixel tests (pixel_backend.h chooses it).
 *
 * - Guest memory is the client's: every allocation a submission names travels with it
 *   (the host forgets what earlier submissions sent), and the bytes the device writes back
 *   land in this client's copy before the fence completes. A submission that brings its
 *   own memory and allocation table (the state tracker's, through the fake KMD) sends
 *   those; one that brings none (the pixel kit's streams) sends every allocation the
 *   client holds, with the allocation table a KMD would build for them.
 * - Reading a texture or buffer back is a submission of its own, as a guest does it: a
 *   guest-backed staging resource of the same shape, a COPY_TEXTURE2D / COPY_BUFFER into it
 *   with WRITEBACK_DST (RULES.md), then the fence; the texels are converted as the
 *   in-process readback converts them (aerocmd_exec_image_from_texels).
 * - Presents come back as the device's last picture (GET_PICTURE), asked for after each
 *   submission that presented: a submission with several presents shows only its last
 *   (the earlier ones are kept without pixels).
 * Each call waits for its fence: the tests read what they submitted at once. */
#ifndef AEROCMD_TEST_PIXEL_HOST_H
#define AEROCMD_TEST_PIXEL_HOST_H

#include "aerocmd/exec.h"
#include "aerocmd/host_client.h"
#include "aerocmd/layout.h"
#include "aerocmd/writer.h"
#include "aerogpu_ring.h"
#include "pixel_objects.h"

/* The staging resource of a readback: a handle and an allocation no scenario uses (both
 * ranges are the guest driver's to choose: RULES.md). */
#define PX_STAGING_HANDLE 0x7FFFFF00u
#define PX_STAGING_ALLOC  0x7FFFFF00u
#define PX_STAGING_GPA    0x100000000000ull
#define PX_WAIT_MS        300000u

struct px_guest_memory {
    uint32_t alloc_id;
    uint64_t gpa, size;
    uint8_t *bytes;
};

struct px_host {
    struct aerocmd_host_client *c;
    struct px_objects objects;
    struct px_guest_memory *mem;
    uint32_t mem_count, mem_cap;
    struct aerocmd_exec_present *presents;
    uint32_t present_count, present_cap;
    uint32_t submissions; /* of the scenario (readbacks not counted) */
    uint8_t *picture;
    size_t picture_cap;
    uint32_t context_id; /* of the following submissions */
};

static aerocmd_result px_host_open(struct px_host *h, const char *address,
                                   struct aerocmd_exec_error *err)
{
    struct aerocmd_host_error he;
    aerocmd_result r;
    memset(h, 0, sizeof(*h));
    r = aerocmd_host_connect(address, NULL, &h->c, &he);
    if (r != AEROCMD_OK) {
        memset(err, 0, sizeof(*err));
        err->result = r;
        snprintf(err->message, sizeof(err->message), "%s: %.300s", address, he.message);
    }
    return r;
}

static void px_host_close(struct px_host *h)
{
    uint32_t i;
    aerocmd_host_close(h->c);
    px_objects_release(&h->objects);
    for (i = 0; i < h->mem_count; i++)
        free(h->mem[i].bytes);
    for (i = 0; i < h->present_count; i++)
        free(h->presents[i].image.rgba8);
    free(h->mem);
    free(h->presents);
    free(h->picture);
    memset(h, 0, sizeof(*h));
}

/* ---- guest memory -------------------------------------------------------------------------- */

static struct px_guest_memory *px_host_memory(struct px_host *h, uint32_t alloc_id)
{
    uint32_t i;
    for (i = 0; i < h->mem_count; i++)
        if (h->mem[i].alloc_id == alloc_id)
            return &h->mem[i];
    return NULL;
}

/* Replaces (or adds) an allocation's bytes with a copy of `bytes`. */
static aerocmd_result px_host_set_memory(struct px_host *h, uint32_t alloc_id, uint64_t gpa,
                                         const void *bytes, uint64_t size)
{
    struct px_guest_memory *m = px_host_memory(h, alloc_id);
    uint8_t *copy = (uint8_t *)malloc(size != 0 ? (size_t)size : 1u);
    if (copy == NULL)
        return AEROCMD_E_OUT_OF_MEMORY;
    memcpy(copy, bytes, (size_t)size);
    if (m == NULL) {
        if (h->mem_count == h->mem_cap) {
            uint32_t cap = h->mem_cap == 0 ? 16u : h->mem_cap * 2u;
            struct px_guest_memory *grown =
                (struct px_guest_memory *)realloc(h->mem, (size_t)cap * sizeof(*grown));
            if (grown == NULL) {
                free(copy);
                return AEROCMD_E_OUT_OF_MEMORY;
            }
            h->mem = grown, h->mem_cap = cap;
        }
        m = &h->mem[h->mem_count++];
        m->bytes = NULL;
    }
    free(m->bytes);
    m->alloc_id = alloc_id, m->gpa = gpa, m->size = size, m->bytes = copy;
    return AEROCMD_OK;
}

/* An allocation table listing `n` allocations (each with its gpa and size), into *out
 * (malloc'd). */
static size_t px_host_table(const struct aerocmd_host_memory *m, uint32_t n, uint8_t **out)
{
    struct aerogpu_alloc_table_header hd;
    struct aerogpu_alloc_entry e;
    size_t len = sizeof(hd) + (size_t)n * sizeof(e);
    uint32_t i;
    *out = (uint8_t *)malloc(len);
    if (*out == NULL)
        return 0;
    memset(&hd, 0, sizeof(hd));
    hd.magic = AEROGPU_ALLOC_TABLE_MAGIC, hd.abi_version = AEROGPU_ABI_VERSION_U32;
    hd.size_bytes = (uint32_t)len, hd.entry_count = n, hd.entry_stride_bytes = sizeof(e);
    memcpy(*out, &hd, sizeof(hd));
    for (i = 0; i < n; i++) {
        memset(&e, 0, sizeof(e));
        e.alloc_id = m[i].alloc_id, e.gpa = m[i].gpa, e.size_bytes = m[i].size_bytes;
        memcpy(*out + sizeof(hd) + (size_t)i * sizeof(e), &e, sizeof(e));
    }
    return len;
}

/* ---- submitting ---------------------------------------------------------------------------- */

/* The executor's error as the host reported it: a refusal of this very submission keeps
 * the executor's result and line; anything else is a lost device. */
static aerocmd_result px_host_error(aerocmd_result r, uint64_t fence,
                                    const struct aerocmd_host_error *he,
                                    struct aerocmd_exec_error *err)
{
    memset(err, 0, sizeof(*err));
    err->result = r;
    if (he->kind == AEROCMD_HOST_ERR_REFUSED && he->fence == fence) {
        err->result = he->result;
        err->diag = he->diag;
        err->in_stream = he->in_stream;
    }
    snprintf(err->message, sizeof(err->message), "%.380s", he->message);
    return err->result;
}

/* Sends one submission with the allocations `mem` (and `table`, or one made for them),
 * and waits for its fence. */
static aerocmd_result px_host_run(struct px_host *h, const void *stream, size_t len,
                                  const void *table, size_t table_len,
                                  const struct aerocmd_host_memory *mem, uint32_t n,
                                  struct aerocmd_host_completion *done,
                                  struct aerocmd_exec_error *err)
{
    struct aerocmd_host_submission sub;
    struct aerocmd_host_error he;
    uint8_t *made = NULL;
    uint64_t fence = 0;
    aerocmd_result r;
    memset(&sub, 0, sizeof(sub));
    sub.stream = stream, sub.stream_len = len;
    sub.alloc_table = table, sub.alloc_table_len = table_len;
    if (table == NULL && n != 0) {
        sub.alloc_table_len = px_host_table(mem, n, &made);
        sub.alloc_table = made;
        if (made == NULL)
            return AEROCMD_E_OUT_OF_MEMORY;
    }
    sub.memory = mem, sub.memory_count = n;
    sub.context_id = h->context_id;
    r = aerocmd_host_submit(h->c, &sub, &fence, &he);
    if (r == AEROCMD_OK)
        r = aerocmd_host_wait(h->c, fence, PX_WAIT_MS, done, &he);
    free(made);
    return r == AEROCMD_OK ? AEROCMD_OK : px_host_error(r, fence, &he, err);
}

/* The device's last picture as present number `index` (the presents before it in the same
 * submission get none). */
static void px_host_take_presents(struct px_host *h, uint32_t count)
{
    struct aerocmd_host_picture pic;
    struct aerocmd_host_error he;
    aerocmd_result r;
    uint32_t i;
    if (h->present_count + count > h->present_cap) {
        uint32_t cap = (h->present_count + count) * 2u;
        struct aerocmd_exec_present *grown =
            (struct aerocmd_exec_present *)realloc(h->presents, (size_t)cap * sizeof(*grown));
        if (grown == NULL)
            return;
        h->presents = grown, h->present_cap = cap;
    }
    for (i = 0; i < count; i++) {
        memset(&h->presents[h->present_count + i], 0, sizeof(*h->presents));
        h->presents[h->present_count + i].submission = h->submissions;
    }
    h->present_count += count;
    while ((r = aerocmd_host_last_picture(h->c, &pic, h->picture, h->picture_cap, &he)) ==
           AEROCMD_E_BUFFER_FULL) {
        uint8_t *grown = (uint8_t *)realloc(h->picture, (size_t)pic.width * pic.height * 4u);
        if (grown == NULL)
            return;
        h->picture = grown, h->picture_cap = (size_t)pic.width * pic.height * 4u;
    }
    if (r == AEROCMD_OK) {
        struct aerocmd_exec_image *im = &h->presents[h->present_count - 1u].image;
        im->handle = pic.handle, im->format = pic.format;
        im->width = pic.width, im->height = pic.height;
        if (pic.has_pixels && (im->rgba8 = (uint8_t *)malloc(h->picture_cap)) != NULL)
            memcpy(im->rgba8, h->picture, (size_t)pic.width * pic.height * 4u);
    }
}

/* Runs a scenario's submission: with its own memory and table, or with every allocation
 * held (above). */
static aerocmd_result px_host_submit(struct px_host *h, const struct aerocmd_exec_submission *sub,
                                     struct aerocmd_exec_error *err)
{
    struct aerocmd_host_memory *mem;
    struct aerocmd_host_completion done;
    int own = sub->alloc_table != NULL || sub->memory_count != 0;
    uint32_t i, n = own ? sub->memory_count : h->mem_count;
    aerocmd_result r = AEROCMD_OK;
    for (i = 0; i < sub->memory_count && r == AEROCMD_OK; i++)
        r = px_host_set_memory(h, sub->memory[i].alloc_id, sub->memory[i].gpa, sub->memory[i].bytes,
                               sub->memory[i].size_bytes);
    mem = (struct aerocmd_host_memory *)calloc(n + 1u, sizeof(*mem));
    if (r != AEROCMD_OK || mem == NULL) {
        free(mem);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    for (i = 0; i < n; i++) {
        const struct px_guest_memory *m =
            own ? px_host_memory(h, sub->memory[i].alloc_id) : &h->mem[i];
        mem[i].alloc_id = m->alloc_id, mem[i].gpa = m->gpa;
        mem[i].bytes = m->bytes, mem[i].size_bytes = m->size;
    }
    r = px_host_run(h, sub->stream, sub->stream_len, own ? sub->alloc_table : NULL,
                    own ? sub->alloc_table_len : 0, mem, n, &done, err);
    free(mem);
    if (r == AEROCMD_OK) {
        px_objects_note(&h->objects, sub->stream, sub->stream_len);
        if (done.present_count != 0)
            px_host_take_presents(h, done.present_count);
    }
    h->submissions++;
    return r;
}

/* ---- reading back ---------------------------------------------------------------------------- */

/* Runs what w holds (it creates the staging resource at PX_STAGING_ALLOC and copies into
 * it with WRITEBACK_DST) with `size` bytes of staging memory; *bytes (malloc'd) is what the
 * device wrote back, `expect` bytes of it. */
static aerocmd_result px_host_staging(struct px_host *h, struct aerocmd_writer *w, uint64_t size,
                                      uint64_t expect, uint8_t **bytes)
{
    struct aerocmd_host_memory m;
    struct aerocmd_host_completion done;
    struct aerocmd_exec_error err;
    aerocmd_result r;
    *bytes = (uint8_t *)calloc((size_t)size, 1);
    if (*bytes == NULL || aerocmd_append_destroy_resource(w, PX_STAGING_HANDLE) != AEROCMD_OK)
        return AEROCMD_E_OUT_OF_MEMORY;
    memset(&m, 0, sizeof(m));
    m.alloc_id = PX_STAGING_ALLOC, m.gpa = PX_STAGING_GPA, m.bytes = *bytes, m.size_bytes = size;
    r = px_host_run(h, aerocmd_writer_data(w), aerocmd_writer_size(w), NULL, 0, &m, 1, &done, &err);
    if (r != AEROCMD_OK)
        fprintf(stderr, "    a readback through the host failed: %s\n", err.message);
    else if (done.bytes_written != expect)
        r = AEROCMD_E_MALFORMED,
        fprintf(stderr, "    the host wrote back %llu bytes of %llu\n",
                (unsigned long long)done.bytes_written, (unsigned long long)expect);
    return r;
}

/* One subresource of a texture (or view: mip and layer relative to it), as
 * aerocmd_exec_read_texture reads it. */
static aerocmd_result px_host_read_texture(struct px_host *h, uint32_t handle, uint32_t mip,
                                           uint32_t layer, struct aerocmd_exec_image *out)
{
    const struct px_object *o = px_objects_find(&h->objects, handle);
    struct aerocmd_texture_layout_desc d;
    struct aerocmd_subresource_layout sub;
    struct aerocmd_texture2d_args t;
    struct aerocmd_copy_texture2d_args copy;
    struct aerocmd_writer w;
    uint8_t *bytes = NULL;
    aerocmd_result r;
    memset(out, 0, sizeof(*out));
    if (o == NULL || o->kind == PX_OBJ_BUFFER || mip >= o->mips || layer >= o->layers)
        return AEROCMD_E_INVALID_ARG; /* asked of the host, it would lose the device */
    memset(&d, 0, sizeof(d));
    d.format = o->texture_format, d.mip_levels = 1, d.array_layers = 1;
    d.width = o->width >> (o->base_mip + mip), d.height = o->height >> (o->base_mip + mip);
    d.width += d.width == 0, d.height += d.height == 0;
    if (aerocmd_texture_subresource(&d, 0, &sub, NULL) != AEROCMD_OK ||
        aerocmd_writer_init_growable(&w, aerocmd_allocator_libc(), 0, AEROGPU_ABI_VERSION_U32) !=
            AEROCMD_OK)
        return AEROCMD_E_INVALID_ARG;
    memset(&t, 0, sizeof(t));
    t.texture_handle = PX_STAGING_HANDLE, t.usage_flags = AEROGPU_RESOURCE_USAGE_TEXTURE;
    t.format = d.format, t.width = d.width, t.height = d.height, t.mip_levels = 1;
    t.array_layers = 1, t.row_pitch_bytes = sub.row_pitch_bytes;
    t.backing_alloc_id = PX_STAGING_ALLOC;
    memset(&copy, 0, sizeof(copy));
    copy.dst_texture = PX_STAGING_HANDLE, copy.src_texture = o->texture;
    copy.src_mip_level = o->base_mip + mip, copy.src_array_layer = o->base_layer + layer;
    copy.width = d.width, copy.height = d.height, copy.flags = AEROGPU_COPY_FLAG_WRITEBACK_DST;
    r = aerocmd_append_create_texture2d(&w, &t);
    if (r == AEROCMD_OK)
        r = aerocmd_append_copy_texture2d(&w, &copy);
    if (r == AEROCMD_OK)
        r = px_host_staging(h, &w, sub.size_bytes, sub.size_bytes, &bytes);
    if (r == AEROCMD_OK)
        r = aerocmd_exec_image_from_texels(o->format, d.width, d.height, bytes, sub.row_pitch_bytes,
                                           sub.size_bytes, out);
    out->handle = handle;
    out->mip_level = o->base_mip + mip, out->array_layer = o->base_layer + layer;
    free(bytes);
    aerocmd_writer_release(&w);
    return r;
}

/* Bytes [offset, offset + size) of a buffer (copied in whole 4-byte words, as COPY_BUFFER
 * moves them). */
static aerocmd_result px_host_read_buffer(struct px_host *h, uint32_t handle, uint64_t offset,
                                          uint64_t size, void *out)
{
    const struct px_object *o = px_objects_find(&h->objects, handle);
    uint64_t first = offset & ~(uint64_t)3u, end = (offset + size + 3u) & ~(uint64_t)3u;
    struct aerocmd_writer w;
    uint8_t *bytes = NULL;
    aerocmd_result r;
    if (o == NULL || o->kind != PX_OBJ_BUFFER || offset > o->size || size > o->size - offset ||
        end > o->size)
        return AEROCMD_E_INVALID_ARG;
    if (size == 0)
        return AEROCMD_OK;
    if (aerocmd_writer_init_growable(&w, aerocmd_allocator_libc(), 0, AEROGPU_ABI_VERSION_U32) !=
        AEROCMD_OK)
        return AEROCMD_E_OUT_OF_MEMORY;
    r = aerocmd_append_create_buffer(&w, PX_STAGING_HANDLE, 0, end - first, PX_STAGING_ALLOC, 0);
    if (r == AEROCMD_OK)
        r = aerocmd_append_copy_buffer(&w, PX_STAGING_HANDLE, handle, 0, first, end - first,
                                       AEROGPU_COPY_FLAG_WRITEBACK_DST);
    if (r == AEROCMD_OK)
        r = px_host_staging(h, &w, end - first, end - first, &bytes);
    if (r == AEROCMD_OK)
        memcpy(out, bytes + (offset - first), (size_t)size);
    free(bytes);
    aerocmd_writer_release(&w);
    return r;
}

#endif
