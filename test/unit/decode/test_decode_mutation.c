/* SPDX-License-Identifier: MIT */
/* test_decode_mutation.c — hostile input. Every captured stream is damaged in three ways:
 * each bit flipped in turn, truncated at every length (with and without its size_bytes
 * following the cut), and a seeded run of random multi-byte mutations. Each result is
 * validated and also walked with the cursor and every view, touching every byte a view
 * claims (the captures' shaders with their checksums made right first, so that each starts
 * valid). Each input sits in a heap block of exactly its length, so under ASan any read
 * past it is caught. The checks: no crash, a MALFORMED result names a structural reason
 * and an offset inside the input, and the walk finds the same first fault as the
 * validator. */
#include "aerocmd/decode.h"
#include "check.h"
#include "corpus.h"

#define RANDOM_ROUNDS_PER_STREAM 3000u

static volatile uint32_t sink;
/* Views that pointed outside their packet: must stay 0. */
static unsigned view_escapes;

static void touch(const uint8_t *bytes, uint32_t len)
{
    uint32_t i, sum = 0;
    for (i = 0; i < len; i++)
        sum += bytes[i];
    sink ^= sum;
}

/* Reads every byte every accessor hands out for one packet. */
static void touch_views(const struct aerocmd_stream *stream, const struct aerocmd_packet *packet)
{
    const struct aerocmd_opcode_info *info = aerocmd_opcode_info(packet->opcode);
    const uint8_t *fixed = (const uint8_t *)aerocmd_packet_fixed(packet, packet->opcode);
    const uint8_t *payload;
    uint32_t len = 0, count = 0;
    struct aerocmd_stage stage;
    struct aerocmd_bound_shaders shaders;

    touch(packet->bytes, packet->size_bytes);
    if (fixed != NULL && info != NULL)
        touch(fixed, info->fixed_size);
    payload = aerocmd_packet_payload(packet, &len, &count);
    if (payload != NULL) {
        touch(payload, len);
        if (payload < packet->bytes + info->fixed_size ||
            len > packet->size_bytes - (uint32_t)(payload - packet->bytes))
            view_escapes++;
    }
    if (aerocmd_packet_stage(stream, packet, &stage))
        sink ^= stage.stage ^ stage.stage_ex;
    if (aerocmd_packet_bind_shaders(packet, &shaders))
        sink ^= shaders.gs ^ shaders.hs ^ shaders.ds;
}

/* Walks the input the long way; returns the result validate_stream should have given. */
static aerocmd_result walk(const uint8_t *bytes, size_t len, struct aerocmd_diag *diag)
{
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    aerocmd_result first = AEROCMD_OK, result;
    struct aerocmd_diag here;
    int more;

    result = aerocmd_stream_open(&stream, bytes, len, diag);
    if (result != AEROCMD_OK)
        return result;
    aerocmd_cursor_init(&cursor, &stream);
    /* Keep going past a failed check: the views must be safe on packets that fail it. */
    while ((more = aerocmd_cursor_next(&cursor, &packet, &here)) > 0) {
        result = aerocmd_packet_check(&stream, &packet, &here);
        if (result != AEROCMD_OK && first == AEROCMD_OK) {
            first = result;
            *diag = here;
        }
        touch_views(&stream, &packet);
    }
    if (more < 0 && first == AEROCMD_OK) {
        first = AEROCMD_E_MALFORMED;
        *diag = here;
    }
    return first;
}

/* The reasons the structural check gives (result.h). */
static int is_structural(aerocmd_reason reason)
{
    return (reason > AEROCMD_R_NONE && reason <= AEROCMD_R_FIELD_INVALID) ||
           reason == AEROCMD_R_D3D11_LIMIT || reason == AEROCMD_R_DXBC_CONTAINER ||
           reason == AEROCMD_R_DXBC_CHECKSUM || reason == AEROCMD_R_SHADER_STAGE;
}

struct tally {
    unsigned runs, malformed, bad;
};

/* One damaged input: copied into an exact-size heap block, validated and walked. */
static void try_input(const uint8_t *bytes, size_t len, struct tally *tally, const char *what,
                      size_t where)
{
    uint8_t *copy = (uint8_t *)malloc(len ? len : 1);
    struct aerocmd_diag diag = {AEROCMD_R_COUNT_, 0xFFFFFFFFu, 0}, walked = diag;
    aerocmd_result result, walk_result;
    int ok;

    if (copy == NULL)
        abort();
    memcpy(copy, bytes, len);
    result = aerocmd_validate_stream(copy, len, &diag);
    walk_result = walk(copy, len, &walked);
    free(copy);

    ok = result == AEROCMD_OK ? diag.reason == AEROCMD_R_NONE
                              : result == AEROCMD_E_MALFORMED && is_structural(diag.reason) &&
                                    (diag.offset < len || (len == 0 && diag.offset == 0));
    ok = ok && walk_result == result &&
         (result == AEROCMD_OK || (walked.reason == diag.reason && walked.offset == diag.offset &&
                                   walked.opcode == diag.opcode));
    tally->runs++;
    tally->malformed += result == AEROCMD_E_MALFORMED;
    if (!ok && tally->bad++ < 5)
        fprintf(stderr, "    %s at %zu: result %s reason %s offset %u (walk: %s %s %u)\n", what,
                where, aerocmd_result_name(result), aerocmd_reason_name(diag.reason), diag.offset,
                aerocmd_result_name(walk_result), aerocmd_reason_name(walked.reason),
                walked.offset);
}

static void flip_every_bit(const struct corpus_file *file, uint8_t *work, struct tally *tally)
{
    size_t i;
    unsigned bit;
    for (i = 0; i < file->len; i++) {
        for (bit = 0; bit < 8; bit++) {
            memcpy(work, file->bytes, file->len);
            work[i] ^= (uint8_t)(1u << bit);
            try_input(work, file->len, tally, "bit flip", i * 8 + bit);
        }
    }
}

static void put_u32(uint8_t *p, uint32_t value)
{
    p[0] = (uint8_t)value;
    p[1] = (uint8_t)(value >> 8);
    p[2] = (uint8_t)(value >> 16);
    p[3] = (uint8_t)(value >> 24);
}

/* Cut at every length; then again with the header claiming exactly what is left (rounded
 * down to 4), so the cut lands inside the packet framing rather than at the header check. */
static void truncate_everywhere(const struct corpus_file *file, uint8_t *work, struct tally *plain,
                                struct tally *resized)
{
    size_t len;
    for (len = 0; len < file->len; len++) {
        try_input(file->bytes, len, plain, "truncation", len);
        if (len >= 24) {
            memcpy(work, file->bytes, len);
            put_u32(work + 8, (uint32_t)(len & ~(size_t)3));
            try_input(work, len, resized, "truncation with size", len);
        }
    }
}

static unsigned count_packets(const struct corpus_file *file)
{
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    unsigned packets = 0;
    if (aerocmd_stream_open(&stream, file->bytes, file->len, NULL) != AEROCMD_OK)
        return 0;
    aerocmd_cursor_init(&cursor, &stream);
    while (aerocmd_cursor_next(&cursor, &packet, NULL) > 0)
        packets++;
    return packets;
}

static uint32_t next_random(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

/* Values that hit edges of counts, sizes and enums more often than random bytes do. */
static uint32_t interesting_word(uint32_t *state)
{
    static const uint32_t words[] = {
        0,          1,          2,           3,           4,           5,          8,
        16,         0x7F,       0xFF,        0x100,       0xFFFF,      0x10000000, 0x3FFFFFFF,
        0x40000000, 0x7FFFFFFF, 0x80000000u, 0xFFFFFFF8u, 0xFFFFFFFCu, 0xFFFFFFFFu};
    return words[next_random(state) % (sizeof words / sizeof words[0])];
}

static void mutate_randomly(const struct corpus_file *file, uint8_t *work, uint32_t seed,
                            struct tally *tally)
{
    uint32_t state = seed, round, edits, e;
    for (round = 0; round < RANDOM_ROUNDS_PER_STREAM; round++) {
        memcpy(work, file->bytes, file->len);
        edits = 1 + next_random(&state) % 8;
        for (e = 0; e < edits; e++) {
            size_t at = next_random(&state) % file->len;
            if (next_random(&state) % 2 == 0 && file->len >= 4)
                put_u32(work + (at & ~(size_t)3) % (file->len - 3), interesting_word(&state));
            else
                work[at] = (uint8_t)next_random(&state);
        }
        try_input(work, file->len, tally, "random round", round);
    }
}

int main(int argc, char **argv)
{
    static struct corpus corpus;
    unsigned i;

    if (argc != 2 || !corpus_load(&corpus, argv[1])) {
        fprintf(stderr, "usage: %s STREAMS_DIR\n", argv[0]);
        return 2;
    }
    CHECK(corpus.count >= 1);
    for (i = 0; i < corpus.count; i++)
        corpus_resum_shaders(&corpus.files[i]); /* damage starts from a valid stream */
    for (i = 0; i < corpus.count; i++) {
        const struct corpus_file *file = &corpus.files[i];
        struct tally flips = {0, 0, 0}, cuts = {0, 0, 0}, resized = {0, 0, 0};
        struct tally randoms = {0, 0, 0};
        unsigned packets = count_packets(file);
        uint8_t *work = (uint8_t *)malloc(file->len);
        if (work == NULL)
            return 2;
        flip_every_bit(file, work, &flips);
        truncate_everywhere(file, work, &cuts, &resized);
        mutate_randomly(file, work, 0x9E3779B9u ^ (i * 0x01000193u), &randoms);
        free(work);

        CHECK_EQ(view_escapes, 0);
        CHECK_EQ(flips.bad, 0);
        CHECK_EQ(cuts.bad, 0);
        CHECK_EQ(resized.bad, 0);
        CHECK_EQ(randoms.bad, 0);
        CHECK_EQ(flips.runs, file->len * 8);
        CHECK_EQ(randoms.runs, RANDOM_ROUNDS_PER_STREAM);
        /* A strict prefix never holds the size_bytes its header claims. */
        CHECK_EQ(cuts.malformed, file->len);
        /* With the size following the cut, exactly the cuts on a packet boundary (each
         * with 0..3 ignored bytes after it) are whole streams: 4 per packet. */
        CHECK(packets > 0);
        CHECK_EQ(resized.runs - resized.malformed, 4 * packets);
        /* The damage is real: many flips and most random edits must be caught. */
        CHECK(flips.malformed > flips.runs / 10);
        CHECK(randoms.malformed > randoms.runs / 2);
        printf("%s: %u bit flips (%u refused), %u cuts, %u resized cuts (%u refused), "
               "%u random (%u refused)\n",
               file->name, flips.runs, flips.malformed, cuts.runs, resized.runs, resized.malformed,
               randoms.runs, randoms.malformed);
    }
    corpus_free(&corpus);
    return check_finish();
}
