/* SPDX-License-Identifier: MIT */
/* pixel_backend.h — where the pixel tests run what they submit, chosen at run time:
 *
 * - in process (the default): the reference executor in this process
 *   (aerocmd_exec_submit, aerocmd_exec_read_texture, ...);
 * - through a live host, when AEROCMD_PIXELS_HOST names its address (test/host/
 *   run_pixels_host.py starts one): each scenario is a device of that host, used as a guest
 *   uses it (pixel_host.h). The same submissions also run in process, and every answer the
 *   host gives (results, refusals, texels, buffer bytes, guest memory written back,
 *   presented pictures) is compared byte for byte with the in-process one, each comparison a
 *   check; the test's own checks judge the host's answers.
 *
 * The test bodies are the same on both; what only the in-process API can show is skipped
 * through the host (pxb_through_host), each place saying why. */
#ifndef AEROCMD_TEST_PIXEL_BACKEND_H
#define AEROCMD_TEST_PIXEL_BACKEND_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/exec.h"
#include "check.h"
#include "pixel_host.h"

struct px_backend {
    struct aerocmd_exec *ex; /* in process; through a host, the reference it is compared with */
    struct px_host host;
    int through_host;
};

static int pxb_through_host(const struct px_backend *b)
{
    return b->through_host;
}

/* Starts the executor and, with AEROCMD_PIXELS_HOST set, connects to the host. */
static aerocmd_result pxb_open(struct px_backend *b, struct aerocmd_exec_error *err)
{
    const char *address = getenv("AEROCMD_PIXELS_HOST");
    aerocmd_result r;
    memset(b, 0, sizeof(*b));
    r = aerocmd_exec_create(NULL, &b->ex, err);
    if (r != AEROCMD_OK || address == NULL || *address == '\0')
        return r;
    b->through_host = 1;
    r = px_host_open(&b->host, address, err);
    if (r != AEROCMD_OK) {
        aerocmd_exec_destroy(b->ex);
        b->ex = NULL;
    }
    return r;
}

static void pxb_close(struct px_backend *b)
{
    if (b->through_host)
        px_host_close(&b->host);
    aerocmd_exec_destroy(b->ex);
    memset(b, 0, sizeof(*b));
}

/* ---- comparing the host's answers with the in-process ones ---------------------------------- */

/* n bytes of a (the host's) and b (in process) are equal; else the first difference. */
static int pxb_same_bytes(const void *a, const void *b, size_t n, const char *what, uint32_t id)
{
    const uint8_t *x = (const uint8_t *)a, *y = (const uint8_t *)b;
    size_t i;
    if (x == NULL || y == NULL)
        return check_report(x == y, __FILE__, __LINE__, what);
    for (i = 0; i < n && x[i] == y[i]; i++)
        continue;
    if (!check_report(i == n, __FILE__, __LINE__, what))
        fprintf(stderr, "    %u: byte %zu of %zu: host %02x, in process %02x\n", id, i, n, x[i],
                y[i]);
    return i == n;
}

static void pxb_same_image(const struct aerocmd_exec_image *h, const struct aerocmd_exec_image *e,
                           const char *what)
{
    size_t texels = (size_t)e->width * e->height;
    if (!CHECK(h->format == e->format && h->width == e->width && h->height == e->height &&
               h->raw_row_bytes == e->raw_row_bytes && h->raw_rows == e->raw_rows)) {
        fprintf(stderr, "    %s %u: host %u %ux%u, in process %u %ux%u\n", what, e->handle,
                h->format, h->width, h->height, e->format, e->width, e->height);
        return;
    }
    pxb_same_bytes(h->raw, e->raw, (size_t)e->raw_row_bytes * e->raw_rows,
                   "host and in process: the same texels", e->handle);
    pxb_same_bytes(h->rgba8, e->rgba8, texels * 4u, "host and in process: the same RGBA8",
                   e->handle);
    pxb_same_bytes(h->rgba32f, e->rgba32f, texels * 4u * sizeof(float),
                   "host and in process: the same floats", e->handle);
}

/* ---- what the tests call ----------------------------------------------------------------- */

/* Runs one submission; through a host the in-process run must end the same way (result, and
 * for a refusal the packet and reason). */
static aerocmd_result pxb_submit(struct px_backend *b, const struct aerocmd_exec_submission *sub,
                                 struct aerocmd_exec_error *err)
{
    struct aerocmd_exec_error ref;
    aerocmd_result in_process = aerocmd_exec_submit(b->ex, sub, b->through_host ? &ref : err);
    aerocmd_result r;
    if (!b->through_host)
        return in_process;
    r = px_host_submit(&b->host, sub, err);
    if (!CHECK_EQ(r, in_process))
        fprintf(stderr, "    host: %s\n    in process: %s\n", err->message,
                in_process != AEROCMD_OK ? ref.message : "ok");
    else if (r != AEROCMD_OK)
        CHECK(err->diag.offset == ref.diag.offset && err->diag.opcode == ref.diag.opcode &&
              err->diag.reason == ref.diag.reason && err->in_stream == ref.in_stream);
    return r;
}

/* The context of the following submissions: in process now; through a host, named in each
 * SUBMIT (the host refuses there what the executor refuses here). */
static aerocmd_result pxb_set_context(struct px_backend *b, uint32_t id,
                                      struct aerocmd_exec_error *err)
{
    aerocmd_result r = aerocmd_exec_set_context(b->ex, id, err);
    if (b->through_host && r == AEROCMD_OK)
        b->host.context_id = id;
    return r;
}

/* Ends a context in process and, through a host, with END_CONTEXT. */
static aerocmd_result pxb_end_context(struct px_backend *b, uint32_t id)
{
    struct aerocmd_host_error he;
    aerocmd_result r = aerocmd_exec_end_context(b->ex, id);
    if (b->through_host && r == AEROCMD_OK)
        r = aerocmd_host_end_context(b->host.c, id, &he);
    return r;
}

static aerocmd_result pxb_read_texture(struct px_backend *b, uint32_t handle, uint32_t mip,
                                       uint32_t layer, struct aerocmd_exec_image *out)
{
    struct aerocmd_exec_image ref;
    aerocmd_result r;
    if (!b->through_host)
        return aerocmd_exec_read_texture(b->ex, handle, mip, layer, out);
    memset(&ref, 0, sizeof(ref));
    r = px_host_read_texture(&b->host, handle, mip, layer, out);
    if (CHECK_EQ(aerocmd_exec_read_texture(b->ex, handle, mip, layer, &ref), r) && r == AEROCMD_OK)
        pxb_same_image(out, &ref, "texture");
    aerocmd_exec_image_release(&ref);
    return r;
}

static aerocmd_result pxb_read_buffer(struct px_backend *b, uint32_t handle, uint64_t offset,
                                      uint64_t size, void *out)
{
    uint8_t *ref;
    aerocmd_result r;
    if (!b->through_host)
        return aerocmd_exec_read_buffer(b->ex, handle, offset, size, out);
    r = px_host_read_buffer(&b->host, handle, offset, size, out);
    ref = (uint8_t *)malloc(size != 0 ? (size_t)size : 1u);
    if (ref != NULL && CHECK_EQ(aerocmd_exec_read_buffer(b->ex, handle, offset, size, ref), r) &&
        r == AEROCMD_OK)
        pxb_same_bytes(out, ref, (size_t)size, "host and in process: the same buffer bytes",
                       handle);
    free(ref);
    return r;
}

/* Guest memory of an allocation, as the CPU wrote it and the device wrote back into it. */
static aerocmd_result pxb_set_memory(struct px_backend *b, uint32_t alloc_id, uint64_t gpa,
                                     const void *bytes, uint64_t size)
{
    aerocmd_result r = aerocmd_exec_set_guest_memory(b->ex, alloc_id, gpa, bytes, size);
    if (r == AEROCMD_OK && b->through_host)
        r = px_host_set_memory(&b->host, alloc_id, gpa, bytes, size);
    return r;
}

static const uint8_t *pxb_memory(struct px_backend *b, uint32_t alloc_id, uint64_t *size)
{
    uint64_t ref_size = 0;
    const uint8_t *ref = aerocmd_exec_guest_memory(b->ex, alloc_id, &ref_size);
    const struct px_guest_memory *m;
    if (!b->through_host) {
        if (size != NULL)
            *size = ref_size;
        return ref;
    }
    m = px_host_memory(&b->host, alloc_id);
    if (size != NULL)
        *size = m != NULL ? m->size : 0;
    if (CHECK((m != NULL) == (ref != NULL)) && m != NULL && CHECK_EQ(m->size, ref_size))
        pxb_same_bytes(m->bytes, ref, (size_t)ref_size,
                       "host and in process: the same guest memory", alloc_id);
    return m != NULL ? m->bytes : NULL;
}

static uint32_t pxb_present_count(struct px_backend *b)
{
    uint32_t n = aerocmd_exec_present_count(b->ex);
    if (!b->through_host)
        return n;
    CHECK_EQ(b->host.present_count, n);
    return b->host.present_count;
}

/* Present `index`, its picture as RGBA8 (through a host, nothing else of it). */
static const struct aerocmd_exec_present *pxb_present(struct px_backend *b, uint32_t index)
{
    const struct aerocmd_exec_present *ref = aerocmd_exec_get_present(b->ex, index);
    const struct aerocmd_exec_present *p;
    if (!b->through_host)
        return ref;
    p = index < b->host.present_count ? &b->host.presents[index] : NULL;
    if (CHECK((p != NULL) == (ref != NULL)) && p != NULL &&
        CHECK(p->image.width == ref->image.width && p->image.height == ref->image.height))
        pxb_same_bytes(p->image.rgba8, ref->image.rgba8,
                       (size_t)ref->image.width * ref->image.height * 4u,
                       "host and in process: the same presented picture", index);
    return p;
}

#endif
