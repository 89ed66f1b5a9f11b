/* SPDX-License-Identifier: MIT */
/* test_decode_corpus.c — every stream extracted from real captures (test/data/streams)
 * opens, walks to its exact end and passes structural validation once its shaders carry
 * the right checksum; as captured, a stream whose shader containers carry a zero checksum
 * is refused at its first CREATE_SHADER_DXBC (dxbc_checksum). A few facts of them are read
 * back through the views to show the decoder reads the right bytes. */
#include "aerocmd/decode.h"
#include "check.h"
#include "corpus.h"

/* Walks one stream; returns the number of packets, or -1 on any framing or check fault. */
static int walk(const struct corpus_file *file, uint32_t *draws, uint32_t *presents)
{
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag diag;
    int packets = 0, more;

    if (aerocmd_stream_open(&stream, file->bytes, file->len, &diag) != AEROCMD_OK)
        return -1;
    aerocmd_cursor_init(&cursor, &stream);
    while ((more = aerocmd_cursor_next(&cursor, &packet, &diag)) > 0) {
        if (aerocmd_packet_check(&stream, &packet, &diag) != AEROCMD_OK) {
            fprintf(stderr, "    %s: %s at %u (opcode 0x%x)\n", file->name,
                    aerocmd_reason_name(diag.reason), diag.offset, diag.opcode);
            return -1;
        }
        *draws += packet.opcode == AEROGPU_CMD_DRAW || packet.opcode == AEROGPU_CMD_DRAW_INDEXED;
        *presents += packet.opcode == AEROGPU_CMD_PRESENT;
        packets++;
    }
    if (more < 0 || cursor.offset != stream.size_bytes)
        return -1;
    return packets;
}

int main(int argc, char **argv)
{
    static struct corpus corpus;
    unsigned i;

    if (argc != 2 || !corpus_load(&corpus, argv[1])) {
        fprintf(stderr, "usage: %s STREAMS_DIR\n", argv[0]);
        return 2;
    }
    CHECK(corpus.count >= 10);
    for (i = 0; i < corpus.count; i++) {
        struct corpus_file *file = &corpus.files[i];
        struct aerocmd_diag diag = {AEROCMD_R_COUNT_, 1, 1};
        uint32_t draws = 0, presents = 0, zero_sum_at;
        int packets;

        /* as captured */
        zero_sum_at = corpus_resum_shaders(file);
        if (zero_sum_at != 0) {
            corpus_zero_first_sum(file, zero_sum_at);
            CHECK_EQ(aerocmd_validate_stream(file->bytes, file->len, &diag), AEROCMD_E_MALFORMED);
            CHECK_EQ(diag.reason, AEROCMD_R_DXBC_CHECKSUM);
            CHECK_EQ(diag.offset, zero_sum_at);
            CHECK_EQ(diag.opcode, AEROGPU_CMD_CREATE_SHADER_DXBC);
            corpus_resum_shaders(file);
        }
        /* with its shaders' checksums right */
        if (!CHECK_EQ(aerocmd_validate_stream(file->bytes, file->len, &diag), AEROCMD_OK))
            fprintf(stderr, "    %s: %s at %u (opcode 0x%x)\n", file->name,
                    aerocmd_reason_name(diag.reason), diag.offset, diag.opcode);
        CHECK_EQ(diag.reason, AEROCMD_R_NONE);
        packets = walk(file, &draws, &presents);
        CHECK(packets >= 5);
        /* Every capture ends its frame with a present. */
        CHECK(presents >= 1);
        printf("%s: %d packets, %u draws\n", file->name, packets, draws);
    }

    /* Known content of one capture: the clear test's first packet is its render target. */
    for (i = 0; i < corpus.count; i++) {
        struct aerocmd_stream stream;
        struct aerocmd_cursor cursor;
        struct aerocmd_packet packet;
        const struct aerogpu_cmd_create_texture2d *tex;
        if (strcmp(corpus.files[i].name, "aerogpu_cmd_clear_b8g8r8x8.acmd") != 0)
            continue;
        CHECK_EQ(aerocmd_stream_open(&stream, corpus.files[i].bytes, corpus.files[i].len, NULL),
                 AEROCMD_OK);
        aerocmd_cursor_init(&cursor, &stream);
        CHECK_EQ(aerocmd_cursor_next(&cursor, &packet, NULL), 1);
        tex = AEROCMD_VIEW(&packet, aerogpu_cmd_create_texture2d, AEROGPU_CMD_CREATE_TEXTURE2D);
        CHECK(tex != NULL && tex->format == AEROGPU_FORMAT_B8G8R8X8_UNORM);
    }
    corpus_free(&corpus);
    return check_finish();
}
