/* D: decoder + structural validation over a large stream, per packet, and (second
 * figure) per byte on an upload-heavy stream. The iteration count is the number of
 * "frames" in the stream; each frame holds a fixed mix of small state/draw packets and
 * one 4 KiB upload, so instructions per iteration / packets per frame = per packet. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
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
static uint8_t *build_stream(unsigned long frames, int uploads, uint32_t *frame_bytes,
                             uint32_t *total)
{
    static uint8_t upload[4096];
    struct aerocmd_writer w;
    uint8_t *stream;
    unsigned long i;
    if (aerocmd_writer_init_growable(&w, aerocmd_allocator_libc(), 0, AEROGPU_ABI_VERSION_U32) ||
        append_frame(&w, upload, uploads))
        return NULL;
    *frame_bytes = aerocmd_writer_size(&w) - AEROCMD_STREAM_HEADER_SIZE;
    *total = AEROCMD_STREAM_HEADER_SIZE + (uint32_t)frames * *frame_bytes;
    stream = malloc(*total);
    if (stream) {
        memcpy(stream, aerocmd_writer_data(&w), AEROCMD_STREAM_HEADER_SIZE);
        memcpy(stream + 8, total, 4); /* header size_bytes, little-endian host */
        for (i = 0; i < frames; i++)
            memcpy(stream + AEROCMD_STREAM_HEADER_SIZE + i * *frame_bytes,
                   aerocmd_writer_data(&w) + AEROCMD_STREAM_HEADER_SIZE, *frame_bytes);
    }
    aerocmd_writer_release(&w);
    return stream;
}

int main(int argc, char **argv)
{
    unsigned long frames = argc > 1 ? strtoul(argv[1], NULL, 10) : 100;
    int uploads = argc > 2 && strcmp(argv[2], "upload") == 0;
    struct aerocmd_diag diag;
    uint32_t frame_bytes, total;
    uint8_t *stream = build_stream(frames, uploads, &frame_bytes, &total);
    if (!stream)
        return 2;
    if (aerocmd_validate_stream(stream, total, &diag))
        return 1;
    printf("bytes=%u packets=%u\n", frame_bytes, SMALL_PACKETS_PER_FRAME + (uploads ? 1u : 0u));
    free(stream);
    return 0;
}
