/* D: decoder + structural validation over a large stream, per packet, and (second
 * figure) per byte on an upload-heavy stream. The iteration count is the number of
 * "frames" in the stream; each frame holds a fixed mix of small state/draw packets and
 * one 4 KiB upload, so instructions per iteration / packets per frame = per packet.
 * K ("kmd" argument): the same small-packet stream through the KMD render path (copy into
 * the DMA buffer, structural and semantic validation, empty allocation list); the stream
 * then starts by creating the buffer and texture the frames bind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/kmd_render.h"
#include "aerocmd/writer.h"

#define SMALL_PACKETS_PER_FRAME 64u

static int append_frame(struct aerocmd_writer *w, const uint8_t *upload, int with_upload)
{
    uint32_t i;
    for (i = 0; i < SMALL_PACKETS_PER_FRAME / 4; i++) {
        struct aerogpu_vertex_buffer_binding vb = {1, 16, 0, 0};
        if (aerocmd_append_set_vertex_buffers(w, 0, 1, &vb) ||
            aerocmd_append_set_primitive_topology(w, AEROGPU_TOPOLOGY_TRIANGLELIST) ||
            aerocmd_append_set_texture(w, AEROCMD_SHADER_PS, 0, 7) ||
            aerocmd_append_draw(w, 3, 1, 0, 0))
            return -1;
    }
    if (with_upload && aerocmd_append_upload_resource(w, 1, 0, upload, 4096))
        return -1;
    return 0;
}

/* One frame is encoded once and copied `frames` times behind one header, so the setup
 * costs a memcpy per frame and the measured difference is the decoder's. */
static int append_creates(struct aerocmd_writer *w)
{
    struct aerocmd_texture2d_args tex;
    memset(&tex, 0, sizeof tex);
    tex.texture_handle = 7;
    tex.usage_flags = AEROGPU_RESOURCE_USAGE_TEXTURE;
    tex.format = AEROGPU_FORMAT_B8G8R8A8_UNORM;
    tex.width = tex.height = 64;
    tex.mip_levels = tex.array_layers = 1;
    return aerocmd_append_create_buffer(w, 1, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, 4096, 0, 0) ||
                   aerocmd_append_create_texture2d(w, &tex)
               ? -1
               : 0;
}

static uint8_t *build_stream(unsigned long frames, int uploads, int creates, uint32_t *frame_bytes,
                             uint32_t *total)
{
    static uint8_t upload[4096];
    struct aerocmd_writer w;
    uint8_t *stream;
    uint32_t prefix, frame_at;
    unsigned long i;
    if (aerocmd_writer_init_growable(&w, aerocmd_allocator_libc(), 0, AEROGPU_ABI_VERSION_U32) ||
        (creates && append_creates(&w)))
        return NULL;
    prefix = aerocmd_writer_size(&w);
    if (append_frame(&w, upload, uploads))
        return NULL;
    *frame_bytes = aerocmd_writer_size(&w) - prefix;
    *total = prefix + (uint32_t)frames * *frame_bytes;
    stream = malloc(*total);
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

/* The KMD path over the stream: one render call into a DMA buffer that holds it all. */
static int kmd_render(const uint8_t *stream, uint32_t total)
{
    static uint64_t tracker[4096], table[8];
    struct aerocmd_kmd_validator v;
    struct aerocmd_kmd_policy policy;
    struct aerocmd_kmd_render_args args;
    struct aerocmd_kmd_render_out out;
    void *dma = malloc(total);
    int rc;
    if (!dma || aerocmd_kmd_validator_init(&v, tracker, sizeof tracker))
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
    return rc;
}

int main(int argc, char **argv)
{
    unsigned long frames = argc > 1 ? strtoul(argv[1], NULL, 10) : 100;
    int uploads = argc > 2 && strcmp(argv[2], "upload") == 0;
    int kmd = argc > 2 && strcmp(argv[2], "kmd") == 0;
    struct aerocmd_diag diag;
    uint32_t frame_bytes, total;
    uint8_t *stream = build_stream(frames, uploads, kmd, &frame_bytes, &total);
    if (!stream)
        return 2;
    if (kmd ? kmd_render(stream, total) : aerocmd_validate_stream(stream, total, &diag) != 0)
        return 1;
    printf("bytes=%u packets=%u\n", frame_bytes, SMALL_PACKETS_PER_FRAME + (uploads ? 1u : 0u));
    free(stream);
    return 0;
}
