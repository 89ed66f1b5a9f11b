/* SPDX-License-Identifier: MIT */
/* test_decode_fastpath.c — the fast path (compiled per opcode in packet_fast.c) against
 * the generic, table-driven check it stands in for, and against what the introspection
 * table says each field may hold.
 *
 * For every opcode a packet that passes every rule is built from its table entry; then
 * every element of every field (fixed struct and payload elements) is set to values on
 * both sides of every edge (each enum member and its neighbours, 0..130, every single bit,
 * the extremes), under several ABI minors and, where the packet has a stage, every stage.
 * Each such stream is validated three ways: aerocmd_validate_stream (fast walk), a
 * reference walk that only uses the generic check, and packet by packet through
 * aerocmd_packet_check; all must agree on result, reason, offset and opcode, and the fast
 * verdict alone must never accept a packet the generic check rejects. For the kinds the
 * generic check judges (enum, flags, reserved, stage_ex) the reason must also be the one
 * the table implies. Framing edges and seeded random damage to the captured streams go
 * through the same comparison. The opcode lookup is compared with a linear search. */
#include <stdlib.h>

#include "aerocmd/decode.h"
#include "check.h"
#include "corpus.h"
#include "decode_internal.h"
#include "shaders/min_dxbc.h"
#include "stream_builder.h"

#define MAX_FIXED         128u
#define ELEMENTS_IN_BASE  2u
#define BYTES_IN_BASE     8u
#define MAX_VALUES        256u
#define RANDOM_ROUNDS     3000u
#define REPORT_MISMATCHES 8u

struct tally {
    unsigned streams, mismatches, fast_accepted, table_faults;
};

static struct tally tally;

/* ---- the reference: cursor plus the generic check only ---- */

static aerocmd_result reference_validate(const uint8_t *bytes, size_t len,
                                         struct aerocmd_diag *diag)
{
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    aerocmd_result result = aerocmd_stream_open(&stream, bytes, len, diag);
    int more;

    if (result != AEROCMD_OK)
        return result;
    aerocmd_cursor_init(&cursor, &stream);
    while ((more = aerocmd_cursor_next(&cursor, &packet, diag)) > 0) {
        const struct aerocmd_opcode_info *info = aerocmd_opcode_info(packet.opcode);
        aerocmd_reason reason = info != NULL
                                    ? aerocmd_priv_decode_packet_fault(&stream, &packet, info)
                                    : AEROCMD_R_NONE;
        if (reason != AEROCMD_R_NONE) {
            diag->reason = reason;
            diag->offset = packet.offset;
            diag->opcode = packet.opcode;
            return AEROCMD_E_MALFORMED;
        }
    }
    return more < 0 ? AEROCMD_E_MALFORMED : AEROCMD_OK;
}

static int same_verdict(aerocmd_result a, const struct aerocmd_diag *da, aerocmd_result b,
                        const struct aerocmd_diag *db)
{
    return a == b && da->reason == db->reason && da->offset == db->offset &&
           da->opcode == db->opcode;
}

/* Packet by packet: the public check equals the generic one, and a fast accept is never
 * a generic reject. Returns the number of disagreements. */
static unsigned compare_packets(const uint8_t *bytes, size_t len)
{
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag diag;
    unsigned bad = 0;

    if (aerocmd_stream_open(&stream, bytes, len, &diag) != AEROCMD_OK)
        return 0;
    aerocmd_cursor_init(&cursor, &stream);
    while (aerocmd_cursor_next(&cursor, &packet, &diag) > 0) {
        const struct aerocmd_opcode_info *info = aerocmd_opcode_info(packet.opcode);
        aerocmd_reason generic = info != NULL
                                     ? aerocmd_priv_decode_packet_fault(&stream, &packet, info)
                                     : AEROCMD_R_NONE;
        int fast = aerocmd_priv_decode_fast_accept(&stream, &packet);
        aerocmd_result public_result = aerocmd_packet_check(&stream, &packet, &diag);
        tally.fast_accepted += fast != 0;
        bad += fast && generic != AEROCMD_R_NONE;
        bad += (public_result == AEROCMD_OK) != (generic == AEROCMD_R_NONE);
        bad += public_result != AEROCMD_OK && diag.reason != generic;
    }
    return bad;
}

/* Every way of validating `bytes` agrees; returns the validator's verdict in *diag. */
static aerocmd_result compare_stream(const uint8_t *bytes, size_t len, struct aerocmd_diag *diag,
                                     const char *what)
{
    struct aerocmd_diag reference_diag = {AEROCMD_R_COUNT_, 0xFFFFFFFFu, 0};
    aerocmd_result result, reference;
    unsigned bad;

    *diag = reference_diag;
    result = aerocmd_validate_stream(bytes, len, diag);
    reference = reference_validate(bytes, len, &reference_diag);
    bad = !same_verdict(result, diag, reference, &reference_diag);
    bad += compare_packets(bytes, len);
    tally.streams++;
    if (bad != 0 && tally.mismatches++ < REPORT_MISMATCHES)
        fprintf(stderr, "    %s: validate %s/%s@%u, reference %s/%s@%u\n", what,
                aerocmd_result_name(result), aerocmd_reason_name(diag->reason), diag->offset,
                aerocmd_result_name(reference), aerocmd_reason_name(reference_diag.reason),
                reference_diag.offset);
    return result;
}

/* ---- a packet that passes every rule, built from its table entry ---- */

struct packet_image {
    const struct aerocmd_opcode_info *info;
    uint8_t bytes[MAX_FIXED + ELEMENTS_IN_BASE * 16u];
    uint32_t size;
};

static void put_uint(uint8_t *at, uint32_t size, uint64_t value)
{
    uint32_t i;
    for (i = 0; i < size; i++)
        at[i] = (uint8_t)(value >> (8 * i));
}

static const struct aerocmd_field_info *find_field(const struct aerocmd_opcode_info *info,
                                                   const char *name)
{
    uint32_t i;
    for (i = 0; i < info->field_count; i++)
        if (strcmp(info->fields[i].name, name) == 0)
            return &info->fields[i];
    return NULL;
}

static void set_field(struct packet_image *image, const char *name, uint64_t value)
{
    const struct aerocmd_field_info *field = find_field(image->info, name);
    if (field != NULL)
        put_uint(image->bytes + field->offset, field->elem_size, value);
}

/* Enum fields hold their first member; the packets' own rules get what they ask for. */
static void satisfy_fields(uint8_t *base, const struct aerocmd_field_info *fields, uint32_t n)
{
    uint32_t i, e;
    for (i = 0; i < n; i++)
        if (fields[i].kind == AEROCMD_FIELD_ENUM)
            for (e = 0; e < fields[i].elem_count; e++)
                put_uint(base + fields[i].offset + e * fields[i].elem_size, fields[i].elem_size,
                         fields[i].enum_info->values[0].value);
}

static void satisfy_rules(struct packet_image *image)
{
    static const char *const at_least_one[] = {"width",           "height",
                                               "mip_levels",      "array_layers",
                                               "mip_level_count", "array_layer_count",
                                               "share_token"};
    uint32_t i;
    for (i = 0; i < sizeof at_least_one / sizeof at_least_one[0]; i++)
        set_field(image, at_least_one[i], 1);
    if (image->info->opcode == AEROGPU_CMD_CREATE_TEXTURE2D)
        set_field(image, "format", AEROGPU_FORMAT_B8G8R8A8_UNORM);
    if (image->info->opcode == AEROGPU_CMD_CREATE_BUFFER)
        set_field(image, "size_bytes", 4); /* Direct3D has no empty buffer */
}

/* CREATE_SHADER_DXBC's payload: a sound container of the program its stage runs (RULES.md:
 * VERTEX 0, PIXEL 1, COMPUTE 2, GEOMETRY 3; DXBC numbers them 1, 0, 5, 2). */
static void put_shader_program(struct packet_image *image, uint32_t stage)
{
    static const uint32_t program_of_stage[4] = {AEROCMD_DXBC_VERTEX, AEROCMD_DXBC_PIXEL,
                                                 AEROCMD_DXBC_COMPUTE, AEROCMD_DXBC_GEOMETRY};
    const struct aerocmd_opcode_info *info = image->info;
    if (info->opcode != AEROGPU_CMD_CREATE_SHADER_DXBC)
        return;
    min_dxbc(image->bytes + info->fixed_size, program_of_stage[stage < 4u ? stage : 0u]);
    put_uint(image->bytes + info->count_field_offset, info->count_field_size, MIN_DXBC_BYTES);
    image->size = info->fixed_size + MIN_DXBC_BYTES;
    put_uint(image->bytes + 4, 4, image->size);
}

static void build_base(struct packet_image *image, const struct aerocmd_opcode_info *info)
{
    uint32_t i;
    memset(image, 0, sizeof *image);
    image->info = info;
    image->size = info->fixed_size;
    satisfy_fields(image->bytes, info->fields, info->field_count);
    satisfy_rules(image);
    if (info->payload_kind == AEROCMD_PAYLOAD_ARRAY) {
        put_uint(image->bytes + info->count_field_offset, info->count_field_size, ELEMENTS_IN_BASE);
        for (i = 0; i < ELEMENTS_IN_BASE; i++)
            satisfy_fields(image->bytes + image->size + i * info->elem_size, info->elem_fields,
                           info->elem_field_count);
        image->size += ELEMENTS_IN_BASE * info->elem_size;
    } else if (info->payload_kind != AEROCMD_PAYLOAD_NONE) {
        if (info->payload_kind == AEROCMD_PAYLOAD_BYTES)
            put_uint(image->bytes + info->count_field_offset, info->count_field_size,
                     BYTES_IN_BASE);
        image->size += BYTES_IN_BASE;
    }
    put_uint(image->bytes, 4, info->opcode);
    put_uint(image->bytes + 4, 4, image->size);
    put_shader_program(image, AEROGPU_SHADER_STAGE_VERTEX);
}

/* DRAW, the packet, DRAW: the packet sits at a non-zero offset with a packet after it. */
static void build_stream(struct sb *sb, const struct packet_image *image, uint32_t minor)
{
    sb_begin(sb, minor);
    sb_draw(sb);
    sb_packet(sb, image->info->opcode, image->bytes, image->size);
    sb_close(sb);
    sb_draw(sb);
}

/* ---- what the table says one field value deserves ---- */

static int enum_member(const struct aerocmd_enum_info *info, uint64_t value)
{
    uint32_t i;
    for (i = 0; i < info->count; i++)
        if (info->values[i].value == value)
            return 1;
    return 0;
}

static uint64_t flag_bits(const struct aerocmd_enum_info *info)
{
    uint64_t bits = 0;
    uint32_t i;
    for (i = 0; i < info->count; i++)
        bits |= info->values[i].value;
    return bits;
}

/* The reason the table implies for `value` in `field` (NONE when the field is fine), for
 * a packet whose stage field holds `stage`. Independent of the library's own code. */
static aerocmd_reason table_verdict(const struct aerocmd_field_info *field, uint64_t value,
                                    uint32_t minor, uint32_t stage)
{
    int reserved_counts = value != 0 && minor <= AEROGPU_ABI_MINOR;
    switch (field->kind) {
    case AEROCMD_FIELD_ENUM:
        return enum_member(field->enum_info, value) ? AEROCMD_R_NONE : AEROCMD_R_ENUM_RANGE;
    case AEROCMD_FIELD_FLAGS:
        return (value & ~flag_bits(field->enum_info)) == 0 ? AEROCMD_R_NONE : AEROCMD_R_ENUM_RANGE;
    case AEROCMD_FIELD_RESERVED:
        return reserved_counts ? AEROCMD_R_RESERVED_NONZERO : AEROCMD_R_NONE;
    case AEROCMD_FIELD_STAGE_EX:
        if (minor < AEROGPU_STAGE_EX_MIN_ABI_MINOR)
            return AEROCMD_R_NONE;
        if (stage != AEROGPU_SHADER_STAGE_COMPUTE)
            return reserved_counts ? AEROCMD_R_RESERVED_NONZERO : AEROCMD_R_NONE;
        return enum_member(field->enum_info, value) ? AEROCMD_R_NONE : AEROCMD_R_STAGE_EX_INVALID;
    default:
        return AEROCMD_R_NONE;
    }
}

/* ---- the values tried in a field ---- */

static uint32_t add_value(uint64_t *values, uint32_t n, uint64_t value, uint32_t size)
{
    uint32_t i;
    if (size < 8)
        value &= ((uint64_t)1 << (8 * size)) - 1;
    for (i = 0; i < n; i++)
        if (values[i] == value)
            return n;
    if (n < MAX_VALUES)
        values[n++] = value;
    return n;
}

static uint32_t field_values(const struct aerocmd_field_info *field, uint64_t *values)
{
    uint32_t n = 0, i, size = field->elem_size;
    for (i = 0; i <= 130; i++)
        n = add_value(values, n, i, size);
    for (i = 0; i < 8 * size; i++)
        n = add_value(values, n, (uint64_t)1 << i, size);
    if (field->enum_info != NULL)
        for (i = 0; i < field->enum_info->count; i++) {
            uint64_t v = field->enum_info->values[i].value;
            n = add_value(values, n, v - 1, size);
            n = add_value(values, n, v + 1, size);
            n = add_value(values, n, v | 0x100u, size);
        }
    n = add_value(values, n, 0x7FFFFFFFu, size);
    n = add_value(values, n, 0xFFFFFFFFu, size);
    n = add_value(values, n, 0x100000000ull, size);
    n = add_value(values, n, UINT64_MAX, size);
    return n;
}

/* ---- one field of one packet, every value ---- */

struct field_case {
    const struct packet_image *base;
    const struct aerocmd_field_info *field;
    uint32_t at; /* offset of the element inside the packet */
    uint32_t minor, stage;
};

static void try_field_values(const struct field_case *c)
{
    static struct sb sb;
    static struct packet_image image;
    uint64_t values[MAX_VALUES];
    uint32_t n = field_values(c->field, values), i;
    struct aerocmd_diag diag;
    char what[160];

    for (i = 0; i < n; i++) {
        aerocmd_reason expected = table_verdict(c->field, values[i], c->minor, c->stage);
        aerocmd_result result;
        image = *c->base;
        put_uint(image.bytes + c->at, c->field->elem_size, values[i]);
        build_stream(&sb, &image, c->minor);
        snprintf(what, sizeof what, "%s.%s@%u = %#llx (minor %u, stage %u)", c->base->info->name,
                 c->field->name, c->at, (unsigned long long)values[i], c->minor, c->stage);
        result = compare_stream(sb.bytes, sb.len, &diag, what);
        if (expected == AEROCMD_R_NONE || c->minor < c->base->info->min_abi_minor)
            continue;
        tally.table_faults++;
        if (!(result == AEROCMD_E_MALFORMED && diag.reason == expected &&
              diag.offset ==
                  sizeof(struct aerogpu_cmd_stream_header) + sizeof(struct aerogpu_cmd_draw)) &&
            tally.mismatches++ < REPORT_MISMATCHES)
            fprintf(stderr, "    %s: got %s, the table says %s\n", what,
                    aerocmd_reason_name(diag.reason), aerocmd_reason_name(expected));
    }
}

static void try_fields(struct field_case *c, const struct aerocmd_field_info *fields, uint32_t n,
                       uint32_t base_offset)
{
    uint32_t i, e;
    for (i = 0; i < n; i++)
        for (e = 0; e < fields[i].elem_count; e++) {
            c->field = &fields[i];
            c->at = base_offset + fields[i].offset + e * fields[i].elem_size;
            try_field_values(c);
        }
}

static void try_opcode(const struct aerocmd_opcode_info *info)
{
    static const uint32_t minors[] = {0, 1, 2, 3, AEROGPU_ABI_MINOR, AEROGPU_ABI_MINOR + 1};
    const struct aerocmd_field_info *stage = find_field(info, "stage");
    struct packet_image base;
    struct field_case c;
    uint32_t m, s, e, stages;

    if (stage == NULL)
        stage = find_field(info, "shader_stage");
    stages = stage != NULL ? aerocmd_enum_shader_stage.count : 1;
    for (s = 0; s < stages; s++)
        for (m = 0; m < sizeof minors / sizeof minors[0]; m++) {
            build_base(&base, info);
            c.stage = AEROGPU_SHADER_STAGE_COMPUTE; /* DISPATCH: compute by definition */
            if (stage != NULL) {
                c.stage = aerocmd_enum_shader_stage.values[s].value;
                put_uint(base.bytes + stage->offset, 4, c.stage);
                put_shader_program(&base, c.stage);
            }
            c.base = &base;
            c.minor = minors[m];
            try_fields(&c, info->fields, info->field_count, 0);
            for (e = 0; info->payload_kind == AEROCMD_PAYLOAD_ARRAY && e < ELEMENTS_IN_BASE; e++)
                try_fields(&c, info->elem_fields, info->elem_field_count,
                           info->fixed_size + e * info->elem_size);
        }
}

/* The base packet of every opcode is valid and taken by the fast walk from end to end. */
static void test_bases_take_the_fast_path(void)
{
    uint32_t count, i;
    const struct aerocmd_opcode_info *table = aerocmd_opcode_table(&count);
    static struct sb sb;
    struct packet_image base;
    struct aerocmd_stream stream;
    struct aerocmd_diag diag;

    for (i = 0; i < count; i++) {
        build_base(&base, &table[i]);
        build_stream(&sb, &base, AEROGPU_ABI_MINOR);
        if (!CHECK_EQ(compare_stream(sb.bytes, sb.len, &diag, table[i].name), AEROCMD_OK))
            fprintf(stderr, "    base %s: %s\n", table[i].name, aerocmd_reason_name(diag.reason));
        CHECK_EQ(aerocmd_stream_open(&stream, sb.bytes, sb.len, &diag), AEROCMD_OK);
        if (!CHECK_EQ(
                aerocmd_priv_decode_fast_walk(&stream, sizeof(struct aerogpu_cmd_stream_header)),
                sb.len))
            fprintf(stderr, "    the fast walk stops in %s\n", table[i].name);
    }
}

static void test_every_field_every_edge(void)
{
    uint32_t count, i;
    const struct aerocmd_opcode_info *table = aerocmd_opcode_table(&count);
    unsigned before = tally.mismatches;
    for (i = 0; i < count; i++)
        try_opcode(&table[i]);
    CHECK_EQ(tally.mismatches - before, 0);
    /* The comparison is only worth something if both verdicts occurred often. */
    CHECK(tally.table_faults > 10000);
    CHECK(tally.fast_accepted > 100000);
}

/* Short, exact and longer packets of every opcode, with the stream around them. */
static void test_packet_sizes(void)
{
    static const int32_t deltas[] = {-8, -4, 0, 4, 8, 64};
    uint32_t count, i, d;
    const struct aerocmd_opcode_info *table = aerocmd_opcode_table(&count);
    unsigned before = tally.mismatches;
    static struct sb sb;
    struct packet_image base;
    struct aerocmd_diag diag;
    char what[96];

    for (i = 0; i < count; i++)
        for (d = 0; d < sizeof deltas / sizeof deltas[0]; d++) {
            int64_t size = (int64_t)table[i].fixed_size + deltas[d];
            if (size < 8)
                continue;
            build_base(&base, &table[i]);
            base.size = (uint32_t)size;
            build_stream(&sb, &base, AEROGPU_ABI_MINOR);
            snprintf(what, sizeof what, "%s with %u bytes", table[i].name, base.size);
            compare_stream(sb.bytes, sb.len, &diag, what);
        }
    CHECK_EQ(tally.mismatches - before, 0);
}

/* A second packet whose size field breaks each framing rule, or a stream that ends early. */
static void test_framing_edges(void)
{
    static const uint32_t sizes[] = {0,  4,  6,  7,           8,           9,          10,
                                     12, 24, 28, 0x80000000u, 0xFFFFFFFCu, 0xFFFFFFFFu};
    static const uint32_t appended[] = {4, 8, 12, 24, 32};
    static const uint32_t opcodes[] = {AEROGPU_CMD_DRAW, AEROGPU_CMD_NOP, 0x109u, 0xFFFFFFFFu};
    unsigned before = tally.mismatches;
    static struct sb sb;
    struct aerocmd_diag diag;
    uint32_t s, a, o;

    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (a = 0; a < sizeof appended / sizeof appended[0]; a++)
            for (o = 0; o < sizeof opcodes / sizeof opcodes[0]; o++) {
                sb_begin(&sb, AEROGPU_ABI_MINOR);
                sb_draw(&sb);
                sb_close(&sb);
                sb_raw_packet(&sb, opcodes[o], sizes[s], appended[a]);
                compare_stream(sb.bytes, sb.len, &diag, "framing");
                /* the stream header promising 4 bytes more than the buffer holds */
                compare_stream(sb.bytes, sb.len - 4, &diag, "short buffer");
            }
    CHECK_EQ(tally.mismatches - before, 0);
}

/* ---- captured streams, damaged at random ---- */

static uint32_t next_random(uint32_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    return *state;
}

static const uint32_t interesting_words[] = {
    0,    1,    2,    3,    4,     5,     7,     8,           0x3F,        0x40,
    0x41, 0x7F, 0x80, 0xFF, 0x100, 0x601, 0x510, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu,
};

/* One random word overwrite (or byte flip) at an aligned offset past the stream header. */
static void damage(uint8_t *bytes, size_t len, uint32_t *state)
{
    uint32_t words = (uint32_t)((len - sizeof(struct aerogpu_cmd_stream_header)) / 4);
    uint32_t at =
        (uint32_t)sizeof(struct aerogpu_cmd_stream_header) + 4 * (next_random(state) % words);
    uint32_t pick = next_random(state);
    if (pick % 4 == 0) {
        bytes[at + pick / 4 % 4] ^= (uint8_t)(1u << (pick / 16 % 8));
    } else {
        uint32_t word = interesting_words[pick / 4 % (sizeof interesting_words / 4)];
        memcpy(bytes + at, &word, 4);
    }
}

static void test_corpus_damage(const char *dir)
{
    struct corpus corpus;
    struct aerocmd_diag diag;
    unsigned before = tally.mismatches, f, r;
    uint32_t state = 0x2545F491u;

    if (!CHECK(corpus_load(&corpus, dir)) || !CHECK(corpus.count > 0))
        return;
    for (f = 0; f < corpus.count; f++)
        corpus_resum_shaders(&corpus.files[f]); /* damage starts from a valid stream */
    for (f = 0; f < corpus.count; f++) {
        const struct corpus_file *file = &corpus.files[f];
        uint8_t *work = (uint8_t *)malloc(file->len);
        if (work == NULL)
            abort();
        CHECK_EQ(compare_stream(file->bytes, file->len, &diag, file->name), AEROCMD_OK);
        for (r = 0; r < RANDOM_ROUNDS && file->len > sizeof(struct aerogpu_cmd_stream_header);
             r++) {
            memcpy(work, file->bytes, file->len);
            damage(work, file->len, &state);
            if (r % 2 == 1)
                damage(work, file->len, &state);
            compare_stream(work, file->len, &diag, file->name);
        }
        free(work);
    }
    corpus_free(&corpus);
    CHECK_EQ(tally.mismatches - before, 0);
}

/* The constant-time lookup finds exactly what a search of the table finds. */
static void test_opcode_lookup(void)
{
    static const uint32_t far[] = {0x740u,      0x7FFu,      0x800u,     0x10000601u,
                                   0x80000000u, 0xFFFFFF00u, 0xFFFFFFFFu};
    uint32_t count, opcode, i, wrong = 0;
    const struct aerocmd_opcode_info *table = aerocmd_opcode_table(&count);

    for (opcode = 0; opcode < 0x2000u; opcode++) {
        const struct aerocmd_opcode_info *expected = NULL;
        for (i = 0; i < count; i++)
            if (table[i].opcode == opcode)
                expected = &table[i];
        wrong += aerocmd_opcode_info(opcode) != expected;
    }
    CHECK_EQ(wrong, 0);
    for (i = 0; i < sizeof far / sizeof far[0]; i++)
        CHECK(aerocmd_opcode_info(far[i]) == NULL);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s STREAMS_DIR\n", argv[0]);
        return 2;
    }
    test_opcode_lookup();
    test_bases_take_the_fast_path();
    test_every_field_every_edge();
    test_packet_sizes();
    test_framing_edges();
    test_corpus_damage(argv[1]);
    printf("%u streams compared\n", tally.streams);
    return check_finish();
}
