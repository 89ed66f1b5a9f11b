/* SPDX-License-Identifier: MIT */
/* test_decode_view_tables.c — the views' compact per-opcode facts agree with the
 * introspection table, for every opcode: the fixed view, the payload of every size around
 * the fixed struct, the stage (found here the slow way, from the field table) at minors 2
 * and 4, the typed array view of counted payloads, and the exported twins of the inline
 * entry points answer as the inline ones do. */
#include "aerocmd/decode.h"
#include "check.h"

#define MAX_PACKET 512u

/* The stage the field table describes: the ENUM field of the shader-stage enum and the
 * STAGE_EX word, as RULES.md defines them. */
static int reference_stage(const struct aerocmd_opcode_info *info, const uint8_t *bytes,
                           uint32_t minor, struct aerocmd_stage *out)
{
    uint32_t i, stage = AEROGPU_SHADER_STAGE_COMPUTE, word = 0;
    int found = 0;
    for (i = 0; i < info->field_count; i++) {
        const struct aerocmd_field_info *f = &info->fields[i];
        if (f->kind == AEROCMD_FIELD_ENUM && f->enum_info == &aerocmd_enum_shader_stage) {
            memcpy(&stage, bytes + f->offset, 4);
            found = 1;
        } else if (f->kind == AEROCMD_FIELD_STAGE_EX) {
            memcpy(&word, bytes + f->offset, 4);
            found = 1;
        }
    }
    out->stage = stage;
    out->stage_ex = minor >= 3u && stage == AEROGPU_SHADER_STAGE_COMPUTE ? word : 0u;
    return found;
}

static void fill_packet(uint8_t *p, uint32_t opcode, uint32_t size, uint32_t seed)
{
    uint32_t i;
    for (i = 0; i < size; i++)
        p[i] = (uint8_t)(seed * 131u + i * 29u);
    memcpy(p, &opcode, 4);
    memcpy(p + 4, &size, 4);
}

static void check_stage(const struct aerocmd_opcode_info *info, const struct aerocmd_packet *pkt,
                        uint32_t minor)
{
    uint8_t header[24];
    struct aerocmd_stream st;
    struct aerocmd_stage got, want;
    uint32_t abi = (AEROGPU_ABI_MAJOR << 16) | minor;
    int has, want_has;
    memset(header, 0, sizeof header);
    st.bytes = header;
    st.size_bytes = sizeof header;
    st.abi_version = abi;
    has = aerocmd_packet_stage(&st, pkt, &got);
    want_has =
        pkt->size_bytes >= info->fixed_size && reference_stage(info, pkt->bytes, minor, &want);
    CHECK_EQ(has, want_has);
    if (has && want_has) {
        CHECK_EQ(got.stage, want.stage);
        CHECK_EQ(got.stage_ex, want.stage_ex);
        /* The typed-view form of the same rule. */
        if (info->fields != NULL)
            CHECK_EQ(aerocmd_stage_ex_of(&st, got.stage, 0x1234u),
                     minor >= 3u && got.stage == AEROGPU_SHADER_STAGE_COMPUTE ? 0x1234u : 0u);
    }
}

static void check_views(const struct aerocmd_opcode_info *info, uint32_t size, uint32_t seed)
{
    static uint8_t p[MAX_PACKET];
    struct aerocmd_packet pkt;
    uint32_t len = 0, count = 0, acount = 0, want_len;
    const uint8_t *payload;
    const void *array;
    fill_packet(p, info->opcode, size, seed);
    pkt.bytes = p;
    pkt.offset = 24;
    pkt.opcode = info->opcode;
    pkt.size_bytes = size;
    /* Fixed view: the table's size decides, the inline view and its twin agree. */
    CHECK((aerocmd_packet_fixed(&pkt, info->opcode) != NULL) == (size >= info->fixed_size));
    CHECK(aerocmd_packet_view(&pkt, info->opcode, info->fixed_size) ==
          aerocmd_packet_fixed(&pkt, info->opcode));
    CHECK(aerocmd_packet_fixed(&pkt, info->opcode + 1u) == NULL);
    /* Payload: what the count or size field says, when it fits. */
    payload = aerocmd_packet_payload(&pkt, &len, &count);
    if (info->payload_kind == AEROCMD_PAYLOAD_NONE || size < info->fixed_size) {
        CHECK(payload == NULL);
    } else if (info->payload_kind == AEROCMD_PAYLOAD_REST) {
        CHECK(payload == p + info->fixed_size && len == size - info->fixed_size);
    } else {
        uint64_t n = 0;
        memcpy(&n, p + info->count_field_offset, info->count_field_size);
        want_len = (uint32_t)(n * info->elem_size);
        if (n <= 0xFFFFFFFFu && n * info->elem_size <= size - info->fixed_size) {
            CHECK(payload == p + info->fixed_size);
            CHECK_EQ(len, want_len);
            CHECK_EQ(count, n);
        } else {
            CHECK(payload == NULL);
        }
    }
    check_stage(info, &pkt, 2);
    check_stage(info, &pkt, 4);
    /* The typed array view answers as the payload accessor for 32-bit counted arrays. */
    if (info->payload_kind == AEROCMD_PAYLOAD_ARRAY && info->count_field_size == 4) {
        array = aerocmd_packet_array(&pkt, info->opcode, info->fixed_size, info->count_field_offset,
                                     info->elem_size, &acount);
        CHECK(array == (const void *)payload);
        if (array != NULL)
            CHECK_EQ(acount, count);
    }
}

/* Each opcode at sizes around its fixed struct, with counts that fit and that do not. */
static void test_every_opcode(void)
{
    uint32_t n, i;
    const struct aerocmd_opcode_info *table = aerocmd_opcode_table(&n);
    for (i = 0; i < n; i++) {
        uint32_t size, seed;
        for (size = 8; size <= table[i].fixed_size + 64u && size <= MAX_PACKET; size += 4)
            for (seed = 0; seed < 4; seed++)
                check_views(&table[i], size, seed);
    }
}

/* Counted arrays with small counts (the seeds above mostly give huge ones). */
static void test_small_counts(void)
{
    static uint8_t p[MAX_PACKET];
    uint32_t n, i, c;
    const struct aerocmd_opcode_info *table = aerocmd_opcode_table(&n);
    for (i = 0; i < n; i++) {
        const struct aerocmd_opcode_info *info = &table[i];
        if (info->payload_kind != AEROCMD_PAYLOAD_ARRAY || info->count_field_size != 4)
            continue;
        for (c = 0; c < 6; c++) {
            struct aerocmd_packet pkt;
            uint32_t size = info->fixed_size + 3u * info->elem_size, got = 99, len = 0;
            uint32_t want = 0;
            const void *a;
            fill_packet(p, info->opcode, size, c);
            memcpy(p + info->count_field_offset, &c, 4);
            pkt.bytes = p;
            pkt.offset = 24;
            pkt.opcode = info->opcode;
            pkt.size_bytes = size;
            a = aerocmd_packet_array(&pkt, info->opcode, info->fixed_size, info->count_field_offset,
                                     info->elem_size, &got);
            CHECK((a != NULL) == (c <= 3u));
            CHECK(a == (const void *)aerocmd_packet_payload(&pkt, &len, &want));
            if (a != NULL) {
                CHECK_EQ(got, c);
                CHECK_EQ(want, c);
            }
        }
    }
}

int main(void)
{
    test_every_opcode();
    test_small_counts();
    return check_finish();
}
