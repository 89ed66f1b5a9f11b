/* SPDX-License-Identifier: MIT */
/* complexity_driver — one input-sized workload of the kernel-safe core per mode, built at a
 * given size N and run once inside measured(), which run_complexity.py counts with
 * callgrind (--toggle-collect=measured) at N, 2N and 4N. A workload whose cost grows with
 * its size no faster than n log n shows a ratio (I(4N) - I(2N)) / (I(2N) - I(N)) near 2; a
 * quadratic one near 4.
 *
 * usage: complexity_driver MODE N        (prints the mode's work result, for sanity) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/kmd_render.h"
#include "aerocmd/semantic.h"
#include "aerocmd/submission.h"
#include "aerocmd/writer.h"

#include "../shaders/min_dxbc.h"

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* Handles that all share one bucket of the semantic tracker's hash (see
 * test_semantic_tracker.c): the worst set a guest can choose. */
static uint32_t colliding_handle(uint32_t i)
{
    uint32_t inverse = 0x9E3779B1u, n;
    for (n = 0; n < 5; n++)
        inverse *= 2u - 0x9E3779B1u * inverse;
    return (i * inverse) ^ 0x85EBCA6Bu;
}

static uint32_t handle_of(uint32_t i, int colliding)
{
    return colliding ? colliding_handle(i + 1u) : i + 1u;
}

static struct aerocmd_writer writer;

static struct aerocmd_writer *begin(void)
{
    aerocmd_writer_reset(&writer);
    return &writer;
}

static void *xmalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (p == NULL)
        abort();
    return p;
}

/* ---- what is measured ----------------------------------------------------------------- */

struct work {
    int (*run)(struct work *w);
    struct aerocmd_semantic tracker;
    struct aerocmd_kmd_validator validator;
    const uint8_t *streams[2];
    uint32_t stream_lens[2];
    const uint8_t *table;
    uint32_t table_len;
    uint64_t *scratch;
    uint32_t n;
    struct aerocmd_kmd_alloc_ref *refs;
    uint32_t ref_count;
    void *dma;
    uint32_t dma_capacity;
    void *table_mem;
    size_t table_mem_bytes;
};

NOINLINE static int measured(struct work *w)
{
    return w->run(w);
}

/* ---- the semantic tracker: N creates, N lookups, N destroys ---------------------------- */

static int run_semantic(struct work *w)
{
    struct aerocmd_stream stream;
    struct aerocmd_diag diag;
    int ok = 1, i;
    for (i = 0; i < 2 && w->streams[i]; i++)
        ok &= aerocmd_stream_open(&stream, w->streams[i], w->stream_lens[i], &diag) == AEROCMD_OK &&
              aerocmd_semantic_check_stream(&w->tracker, &stream, NULL, &diag) == AEROCMD_OK;
    return ok;
}

static uint8_t *copy_stream(uint32_t *len)
{
    uint8_t *p = (uint8_t *)xmalloc(aerocmd_writer_size(&writer));
    memcpy(p, aerocmd_writer_data(&writer), aerocmd_writer_size(&writer));
    *len = aerocmd_writer_size(&writer);
    return p;
}

static void setup_tracker(struct work *w, int colliding)
{
    size_t bytes = aerocmd_semantic_bytes_for(w->n);
    uint32_t i;
    if (aerocmd_semantic_init(&w->tracker, xmalloc(bytes), bytes) != AEROCMD_OK)
        abort();
    begin();
    for (i = 0; i < w->n; i++)
        aerocmd_append_create_sampler(&writer, handle_of(i, colliding),
                                      AEROGPU_SAMPLER_FILTER_LINEAR, 0, 0, 0);
    w->streams[0] = copy_stream(&w->stream_lens[0]);
    begin();
    for (i = 0; i < w->n; i++) {
        aerogpu_handle_t h = handle_of(i, colliding);
        aerocmd_append_set_samplers(&writer, AEROCMD_SHADER_PS, 0, 1, &h);
    }
    for (i = 0; i < w->n; i++)
        aerocmd_append_destroy_sampler(&writer, handle_of(i, colliding));
    w->streams[1] = copy_stream(&w->stream_lens[1]);
    w->run = run_semantic;
}

/* ---- allocation tables: open, then look every id up ------------------------------------- */

static int run_table(struct work *w)
{
    struct aerocmd_alloc_table_view view;
    struct aerocmd_diag diag;
    uint32_t i, found = 0;
    aerocmd_result r = aerocmd_alloc_table_open_scratch(&view, w->table, w->table_len, w->scratch,
                                                        w->scratch ? w->n : 0, &diag);
    if (r == AEROCMD_E_OUT_OF_MEMORY && w->scratch == NULL)
        return 1; /* a large unordered table without scratch: refused after a linear pass */
    if (r != AEROCMD_OK)
        return 0;
    for (i = 0; i < w->n; i++)
        found += aerocmd_alloc_table_find(&view, 1u + 3u * i, NULL);
    return found == w->n;
}

static uint32_t table_id(uint32_t i, uint32_t n, int ascending)
{
    /* the odd positions first, then the even ones: no order a bisection could use */
    uint32_t k = ascending ? i : (i < n / 2 ? 2u * i + 1u : 2u * (i - n / 2));
    return 1u + 3u * k;
}

static void setup_table(struct work *w, int ascending, int scratch)
{
    uint8_t *t = (uint8_t *)xmalloc(24u + 32u * (size_t)w->n);
    uint32_t i, words[6] = {AEROGPU_ALLOC_TABLE_MAGIC, AEROGPU_ABI_VERSION_U32, 0, 0, 32, 0};
    words[2] = 24u + 32u * w->n;
    words[3] = w->n;
    memcpy(t, words, sizeof words);
    for (i = 0; i < w->n; i++) {
        uint32_t id = table_id(i, w->n, ascending), flags = 0;
        uint64_t gpa = 0x100000ull * (i + 1u), size = 0x1000;
        memcpy(t + 24 + 32 * (size_t)i, &id, 4);
        memcpy(t + 28 + 32 * (size_t)i, &flags, 4);
        memcpy(t + 32 + 32 * (size_t)i, &gpa, 8);
        memcpy(t + 40 + 32 * (size_t)i, &size, 8);
    }
    w->table = t;
    w->table_len = words[2];
    w->scratch = scratch ? (uint64_t *)xmalloc(sizeof(uint64_t) * w->n) : NULL;
    w->run = run_table;
}

/* ---- the KMD render path ---------------------------------------------------------------- */

static int copy_user(void *user, void *dst, const void *src, size_t len)
{
    (void)user;
    memcpy(dst, src, len);
    return 0;
}

static aerocmd_ntstatus render(struct work *w, int index, uint32_t multipass,
                               struct aerocmd_kmd_render_out *out)
{
    struct aerocmd_kmd_policy policy;
    struct aerocmd_kmd_render_args a;
    aerocmd_kmd_policy_default(&policy, AEROGPU_ABI_VERSION_U32);
    memset(&a, 0, sizeof a);
    a.user_cmd = w->streams[index];
    a.user_cmd_len = w->stream_lens[index];
    a.dma = w->dma;
    a.dma_capacity = w->dma_capacity;
    a.multipass_offset = multipass;
    a.allocs = w->refs;
    a.alloc_count = w->ref_count;
    a.alloc_table = w->table_mem;
    a.alloc_table_bytes = w->table_mem_bytes;
    a.copy = copy_user;
    a.policy = &policy;
    return aerocmd_kmd_render(&w->validator, &a, out);
}

/* Every stream whole, split over the DMA buffer as often as it takes. */
static int run_kmd(struct work *w)
{
    int i;
    for (i = 0; i < 2 && w->streams[i]; i++) {
        struct aerocmd_kmd_render_out out;
        uint32_t next = 0;
        for (;;) {
            aerocmd_ntstatus s = render(w, i, next, &out);
            if (s == AEROCMD_STATUS_SUCCESS)
                break;
            if (s != AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER)
                return 0;
            next = out.multipass_offset;
        }
    }
    return 1;
}

static void setup_kmd_common(struct work *w, uint32_t refs, uint32_t dma_capacity)
{
    size_t tracker = aerocmd_semantic_bytes_for(w->n + 16u);
    if (aerocmd_kmd_validator_init(&w->validator, xmalloc(tracker), tracker) != AEROCMD_OK)
        abort();
    w->ref_count = refs;
    w->refs = (struct aerocmd_kmd_alloc_ref *)xmalloc(sizeof *w->refs * (refs ? refs : 1));
    w->table_mem_bytes = aerocmd_kmd_render_table_bytes_for(refs);
    w->table_mem = xmalloc(w->table_mem_bytes);
    w->dma_capacity = dma_capacity;
    w->dma = xmalloc(dma_capacity);
    w->run = run_kmd;
}

/* N buffers with (colliding) handles, then N vertex-buffer binds of them. */
static void setup_kmd_handles(struct work *w, int colliding)
{
    uint32_t i;
    setup_kmd_common(w, 0, 16u << 20);
    begin();
    for (i = 0; i < w->n; i++)
        aerocmd_append_create_buffer(&writer, handle_of(i, colliding),
                                     AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 256, 0, 0);
    w->streams[0] = copy_stream(&w->stream_lens[0]);
    begin();
    for (i = 0; i < w->n; i++) {
        struct aerogpu_vertex_buffer_binding vb = {0, 16, 0, 0};
        vb.buffer = handle_of(i, colliding);
        aerocmd_append_set_vertex_buffers(&writer, 0, 1, &vb);
    }
    w->streams[1] = copy_stream(&w->stream_lens[1]);
}

/* N allocations in the list (ids in no order), N buffers backed on them, N dirty ranges. */
static void setup_kmd_allocations(struct work *w)
{
    uint32_t i;
    setup_kmd_common(w, w->n, 16u << 20);
    for (i = 0; i < w->n; i++) {
        w->refs[i].identity = 0x1000u + i;
        w->refs[i].alloc_id = table_id(i, w->n, 0);
        w->refs[i].gpa = 0x100000ull * (i + 1u);
        w->refs[i].size_bytes = 0x1000;
        w->refs[i].share_token = 0x5000u + i;
    }
    begin();
    for (i = 0; i < w->n; i++)
        aerocmd_append_create_buffer(&writer, i + 1u, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 256,
                                     1u + 3u * i, 0);
    for (i = 0; i < w->n; i++)
        aerocmd_append_resource_dirty_range(&writer, i + 1u, 0, 256);
    w->streams[0] = copy_stream(&w->stream_lens[0]);
    /* every token released once: the share-token check of each packet */
    begin();
    for (i = 0; i < w->n; i++)
        aerocmd_append_release_shared_surface(&writer, 0x5000u + (w->n - 1u - i));
    w->streams[1] = copy_stream(&w->stream_lens[1]);
}

/* N small packets through 4 KiB DMA buffers: every split and continuation. */
static void setup_kmd_split(struct work *w)
{
    uint32_t i;
    uint8_t dxbc[MIN_DXBC_BYTES];
    setup_kmd_common(w, 0, 4096);
    begin();
    aerocmd_append_create_buffer(&writer, 1, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 256, 0, 0);
    /* Direct3D draws nothing without a vertex shader (the validator: no_vertex_shader) */
    min_dxbc(dxbc, AEROCMD_DXBC_VERTEX);
    aerocmd_append_create_shader_dxbc(&writer, 2, AEROCMD_SHADER_VS, dxbc, sizeof dxbc);
    aerocmd_append_bind_shaders(&writer, 2, 0, 0, 0, 0, 0);
    for (i = 0; i < w->n; i++) {
        struct aerogpu_vertex_buffer_binding vb = {1, 16, 0, 0};
        aerocmd_append_set_vertex_buffers(&writer, 0, 1, &vb);
        aerocmd_append_draw(&writer, 3, 1, 0, 0);
    }
    w->streams[0] = copy_stream(&w->stream_lens[0]);
}

/* ---- structural validation -------------------------------------------------------------- */

static int run_decode(struct work *w)
{
    struct aerocmd_diag diag;
    return aerocmd_validate_stream(w->streams[0], w->stream_lens[0], &diag) == AEROCMD_OK;
}

/* N packets of every common kind, and one input layout of N elements (the generic check
 * walks each packet's payload; the fast path most packets). */
static void setup_decode(struct work *w, int elements)
{
    uint32_t i;
    begin();
    if (elements) {
        struct aerocmd_input_element *e = (struct aerocmd_input_element *)xmalloc(sizeof *e * w->n);
        for (i = 0; i < w->n; i++) {
            e[i].semantic_name = "TEXCOORD";
            e[i].semantic_index = i;
            e[i].dxgi_format = 2;
            e[i].input_slot = i % 32u;
        }
        aerocmd_append_create_input_layout(&writer, 7, e, w->n);
    } else {
        for (i = 0; i < w->n; i++) {
            struct aerogpu_vertex_buffer_binding vb = {1, 16, 0, 0};
            aerocmd_append_set_vertex_buffers(&writer, i % 32u, 1, &vb);
            aerocmd_append_set_texture(&writer, AEROCMD_SHADER_PS, i % 128u, 2);
            aerocmd_append_set_shader_constants_f(&writer, AEROCMD_SHADER_VS, i % 4000u, &vb, 1);
            aerocmd_append_draw(&writer, 3, 1, 0, 0);
        }
    }
    w->streams[0] = copy_stream(&w->stream_lens[0]);
    w->run = run_decode;
}

int main(int argc, char **argv)
{
    static struct work w;
    const char *mode = argc > 2 ? argv[1] : "";
    int ok;
    w.n = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 0;
    if (w.n == 0 ||
        aerocmd_writer_init_growable(&writer, aerocmd_allocator_libc(), 0, AEROGPU_ABI_VERSION_U32))
        return 2;
    if (strcmp(mode, "tracker-colliding") == 0)
        setup_tracker(&w, 1);
    else if (strcmp(mode, "tracker-sequential") == 0)
        setup_tracker(&w, 0);
    else if (strcmp(mode, "table-unordered-scratch") == 0)
        setup_table(&w, 0, 1);
    else if (strcmp(mode, "table-unordered") == 0)
        setup_table(&w, 0, 0);
    else if (strcmp(mode, "table-ascending") == 0)
        setup_table(&w, 1, 0);
    else if (strcmp(mode, "kmd-colliding") == 0)
        setup_kmd_handles(&w, 1);
    else if (strcmp(mode, "kmd-allocations") == 0)
        setup_kmd_allocations(&w);
    else if (strcmp(mode, "kmd-split") == 0)
        setup_kmd_split(&w);
    else if (strcmp(mode, "decode") == 0)
        setup_decode(&w, 0);
    else if (strcmp(mode, "decode-elements") == 0)
        setup_decode(&w, 1);
    else
        return 2;
    ok = measured(&w);
    printf("%s %u: %s\n", mode, w.n, ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
