/* SPDX-License-Identifier: MIT */
/* D: decoder + structural validation over a large stream, per packet, and (second
 * figure) per byte on an upload-heavy stream. The iteration count is the number of
 * "frames" in the stream; each frame holds a fixed mix of small state/draw packets and
 * one 4 KiB upload, so instructions per iteration / packets per frame = per packet.
 * K ("kmd" argument): the same small-packet stream through the KMD render path (copy into
 * the DMA buffer, structural and semantic validation, empty allocation list); the stream
 * then starts by creating the buffer and texture the frames bind. K-many ("kmd-many"): the
 * same with 1,000 more buffers and 100 more textures created first (handles right after
 * the bound ones, as a user-mode driver numbers them): the handle lookups must not cost
 * more with more objects alive.
 * D-views ("views"): the small-packet stream walked the way an emulator executes it, with
 * the cursor and the typed views and no validation: each packet's fixed struct, plus the
 * vertex-buffer array of SET_VERTEX_BUFFERS and the stage of SET_TEXTURE, read into a
 * checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/kmd_render.h"
#include "aerocmd/writer.h"
#include "shaders/min_dxbc.h"

#define SMALL_PACKETS_PER_FRAME 64u
#define BOUND_BUFFER            1u
#define BOUND_TEXTURE           7u
#define BOUND_VS                0x7FFFFF00u /* the frames' draws need a vertex shader */
#define MANY_BUFFERS            1000u
#define MANY_TEXTURES           100u
#define MANY_FIRST_HANDLE       8u
#define TRACKER_OBJECTS         1536u /* room for the crowd and more, as a device would have */
#define BUILT_FRAMES            256u  /* at least run_bench.py's larger count */

static int append_frame(struct aerocmd_writer *w, const uint8_t *upload, int with_upload)
{
    uint32_t i;
    for (i = 0; i < SMALL_PACKETS_PER_FRAME / 4; i++) {
        struct aerogpu_vertex_buffer_binding vb = {BOUND_BUFFER, 16, 0, 0};
        if (aerocmd_append_set_vertex_buffers(w, 0, 1, &vb) ||
            aerocmd_append_set_primitive_topology(w, AEROGPU_TOPOLOGY_TRIANGLELIST) ||
            aerocmd_append_set_texture(w, AEROCMD_SHADER_PS, 0, BOUND_TEXTURE) ||
            aerocmd_append_draw(w, 3, 1, 0, 0))
            return -1;
    }
    if (with_upload && aerocmd_append_upload_resource(w, BOUND_BUFFER, 0, upload, 4096))
        return -1;
    return 0;
}

static int append_texture(struct aerocmd_writer *w, uint32_t handle)
{
    struct aerocmd_texture2d_args tex;
    memset(&tex, 0, sizeof tex);
    tex.texture_handle = handle;
    tex.usage_flags = AEROGPU_RESOURCE_USAGE_TEXTURE;
    tex.format = AEROGPU_FORMAT_B8G8R8A8_UNORM;
    tex.width = tex.height = 64;
    tex.mip_levels = tex.array_layers = 1;
    return aerocmd_append_create_texture2d(w, &tex) ? -1 : 0;
}

static int append_buffer(struct aerocmd_writer *w, uint32_t handle)
{
    return aerocmd_append_create_buffer(w, handle, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 4096, 0, 0)
               ? -1
               : 0;
}

/* The objects the frames bind (a vertex shader among them: the semantic pass refuses a
 * draw without one), then (`many`) the crowd they must be found among. */
static int append_creates(struct aerocmd_writer *w, int many)
{
    uint8_t vs[MIN_DXBC_BYTES];
    uint32_t i, handle = MANY_FIRST_HANDLE;
    min_dxbc(vs, AEROCMD_DXBC_VERTEX);
    if (append_buffer(w, BOUND_BUFFER) || append_texture(w, BOUND_TEXTURE) ||
        aerocmd_append_create_shader_dxbc(w, BOUND_VS, AEROCMD_SHADER_VS, vs, sizeof vs) ||
        aerocmd_append_bind_shaders(w, BOUND_VS, 0, 0, 0, 0, 0))
        return -1;
    for (i = 0; many && i < MANY_BUFFERS; i++)
        if (append_buffer(w, handle++))
            return -1;
    for (i = 0; many && i < MANY_TEXTURES; i++)
        if (append_texture(w, handle++))
            return -1;
    return 0;
}

/* One frame is encoded once and copied behind one header as often as the longer of the
 * two runs needs (BUILT_FRAMES), so that building costs both runs the same and cancels;
 * the header's size_bytes covers `frames` of them. creates: 0 none, 1 the bound objects,
 * 2 those and the crowd. */
static uint8_t *build_stream(unsigned long frames, int uploads, int creates, uint32_t *frame_bytes,
                             uint32_t *total)
{
    static uint8_t upload[4096];
    struct aerocmd_writer w;
    uint8_t *stream;
    uint32_t prefix, frame_at;
    unsigned long i;
    if (aerocmd_writer_init_growable(&w, aerocmd_allocator_libc(), 0, AEROGPU_ABI_VERSION_U32) ||
        (creates && append_creates(&w, creates > 1)))
        return NULL;
    prefix = aerocmd_writer_size(&w);
    if (append_frame(&w, upload, uploads))
        return NULL;
    *frame_bytes = aerocmd_writer_size(&w) - prefix;
    *total = prefix + (uint32_t)frames * *frame_bytes;
    if (frames < BUILT_FRAMES)
        frames = BUILT_FRAMES;
    stream = malloc(prefix + frames * *frame_bytes);
    if (stream) {
        memcpy(stream, aerocmd_writer_data(&w), prefix);
        memcpy(stream + 8, total, 4); /* header size_bytes, little-endian host */
        for (i = 0, frame_at = prefix; i < frames; i++, frame_at += *frame_bytes)
            memcpy(stream + frame_at, aerocmd_writer_data(&w) + prefix, *frame_bytes);
    }
    aerocmd_writer_release(&w);
    return stream;
}

static int copy_user(void *user, void *dst, const void *src, size_t len)
{
    (void)user;
    memcpy(dst, src, len);
    return 0;
}

/* The KMD path over the stream: one render call into a DMA buffer that holds it all. Both
 * K rows use one tracker size, so they differ only in how many objects are alive; with the
 * crowd it is a bit over half full, where an open-addressing table starts to feel it. */
static int kmd_render(const uint8_t *stream, uint32_t total)
{
    static uint64_t table[8];
    size_t tracker_bytes = aerocmd_semantic_bytes_for(TRACKER_OBJECTS);
    struct aerocmd_kmd_validator v;
    struct aerocmd_kmd_policy policy;
    struct aerocmd_kmd_render_args args;
    struct aerocmd_kmd_render_out out;
    void *dma = malloc(total), *tracker = malloc(tracker_bytes);
    int rc;
    if (!dma || !tracker || aerocmd_kmd_validator_init(&v, tracker, tracker_bytes))
        return 2;
    aerocmd_kmd_policy_default(&policy, AEROGPU_ABI_VERSION_U32);
    memset(&args, 0, sizeof args);
    args.user_cmd = stream;
    args.user_cmd_len = total;
    args.dma = dma;
    args.dma_capacity = total;
    args.alloc_table = table;
    args.alloc_table_bytes = sizeof table;
    args.copy = copy_user;
    args.policy = &policy;
    rc = aerocmd_kmd_render(&v, &args, &out) == AEROCMD_STATUS_SUCCESS ? 0 : 1;
    free(dma);
    free(tracker);
    return rc;
}

#define VIEW_FAILED ((uint64_t)1 << 40)

/* What an emulator reads of each packet, summed so that nothing is optimised away. */
static uint64_t execute(const struct aerocmd_stream *st, const struct aerocmd_packet *p)
{
    switch (p->opcode) {
    case AEROGPU_CMD_SET_VERTEX_BUFFERS: {
        const struct aerogpu_cmd_set_vertex_buffers *c =
            AEROCMD_VIEW(p, aerogpu_cmd_set_vertex_buffers, AEROGPU_CMD_SET_VERTEX_BUFFERS);
        uint32_t count = 0;
        const struct aerogpu_vertex_buffer_binding *b =
            AEROCMD_VIEW_ARRAY(p, aerogpu_cmd_set_vertex_buffers, AEROGPU_CMD_SET_VERTEX_BUFFERS,
                               buffer_count, aerogpu_vertex_buffer_binding, &count);
        if (c == NULL || b == NULL || count == 0)
            return VIEW_FAILED;
        return c->start_slot + b->buffer + b->stride_bytes;
    }
    case AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY: {
        const struct aerogpu_cmd_set_primitive_topology *c =
            AEROCMD_VIEW(p, aerogpu_cmd_set_primitive_topology, AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY);
        return c != NULL ? c->topology : VIEW_FAILED;
    }
    case AEROGPU_CMD_SET_TEXTURE: {
        const struct aerogpu_cmd_set_texture *c =
            AEROCMD_VIEW(p, aerogpu_cmd_set_texture, AEROGPU_CMD_SET_TEXTURE);
        if (c == NULL)
            return VIEW_FAILED;
        return c->slot + c->texture + c->shader_stage +
               aerocmd_stage_ex_of(st, c->shader_stage, c->reserved0);
    }
    case AEROGPU_CMD_DRAW: {
        const struct aerogpu_cmd_draw *c = AEROCMD_VIEW(p, aerogpu_cmd_draw, AEROGPU_CMD_DRAW);
        return c != NULL ? c->vertex_count + c->first_vertex : VIEW_FAILED;
    }
    default:
        return 0;
    }
}

static int walk_views(const uint8_t *stream, uint32_t total)
{
    struct aerocmd_stream st;
    struct aerocmd_cursor cur;
    struct aerocmd_packet p;
    uint64_t sum = 0;
    if (aerocmd_stream_open(&st, stream, total, NULL) != AEROCMD_OK)
        return 1;
    aerocmd_cursor_init(&cur, &st);
    while (aerocmd_cursor_next(&cur, &p, NULL) == 1)
        sum += execute(&st, &p);
    return sum >= VIEW_FAILED;
}

int main(int argc, char **argv)
{
    unsigned long frames = argc > 1 ? strtoul(argv[1], NULL, 10) : 100;
    int uploads = argc > 2 && strcmp(argv[2], "upload") == 0;
    int many = argc > 2 && strcmp(argv[2], "kmd-many") == 0;
    int kmd = many || (argc > 2 && strcmp(argv[2], "kmd") == 0);
    int views = argc > 2 && strcmp(argv[2], "views") == 0;
    struct aerocmd_diag diag;
    uint32_t frame_bytes, total;
    uint8_t *stream = build_stream(frames, uploads, kmd + many, &frame_bytes, &total);
    if (!stream)
        return 2;
    if (views ? walk_views(stream, total)
        : kmd ? kmd_render(stream, total)
              : aerocmd_validate_stream(stream, total, &diag) != 0)
        return 1;
    printf("bytes=%u packets=%u\n", frame_bytes, SMALL_PACKETS_PER_FRAME + (uploads ? 1u : 0u));
    free(stream);
    return 0;
}
