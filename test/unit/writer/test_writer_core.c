/* SPDX-License-Identifier: MIT */
/* test_writer_core.c — the writer's storage behaviour: init and the stream header,
 * size_bytes tracking, reset, checkpoint/rollback, a span that fills up at every possible
 * boundary, and a growable writer whose allocator fails at every possible call. */
#include "sample_packets.h"
#include "writer_test_util.h"

#define GUARD 16u

static void test_span_init(void)
{
    uint8_t mem[64];
    struct aerocmd_writer w;

    memset(mem, 0xEE, sizeof mem);
    CHECK_EQ(aerocmd_writer_init_span(&w, mem, 48, ABI_1_4), AEROCMD_OK);
    CHECK(aerocmd_writer_data(&w) == mem);
    CHECK_EQ(aerocmd_writer_size(&w), 24);
    CHECK(aerocmd_writer_is_empty(&w));
    CHECK_EQ(aerocmd_writer_abi_minor(&w), 4);
    check_stream_header(&w, ABI_1_4);
    CHECK_EQ(mem[24], 0xEE); /* only the header was written */

    CHECK_EQ(aerocmd_writer_init_span(&w, mem, 24, 0x00010007u), AEROCMD_OK);
    check_stream_header(&w, 0x00010007u); /* a newer minor is written as given */
    CHECK_EQ(aerocmd_writer_init_span(&w, mem, 23, ABI_1_4), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_writer_init_span(&w, NULL, 64, ABI_1_4), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_writer_init_span(&w, mem, 64, 0x00020004u), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_writer_init_span(&w, mem, 64, 0x00000004u), AEROCMD_E_NOT_IMPLEMENTED);
    /* A failed init leaves a writer that refuses appends without touching memory. */
    CHECK_EQ(aerocmd_append_draw(&w, 1, 1, 0, 0), AEROCMD_E_BUFFER_FULL);
    CHECK_EQ(aerocmd_writer_size(&w), 0);

    /* The u32 size_bytes bounds a span, whatever the caller says its memory holds. */
    CHECK_EQ(aerocmd_writer_init_span(&w, mem, (size_t)-1, ABI_1_4), AEROCMD_OK);
    CHECK_EQ(w.capacity, AEROCMD_WRITER_MAX_CAPACITY);
}

/* Walks the packet headers: they must chain exactly up to the header's size_bytes. */
static int count_packets(const struct aerocmd_writer *w)
{
    const uint8_t *b = aerocmd_writer_data(w);
    uint32_t off = 24, end = rd32(b + 8);
    int n = 0;

    while (off < end) {
        uint32_t size = rd32(b + off + 4);
        if (size < 8 || (size & 3) != 0 || size > end - off)
            return -1;
        off += size;
        n++;
    }
    return off == end ? n : -1;
}

static void test_size_tracking_and_reset(void)
{
    static uint8_t mem[4096];
    struct aerocmd_writer w;
    uint32_t expected = 24;
    unsigned i;

    aerocmd_writer_init_span(&w, mem, sizeof mem, ABI_1_4);
    for (i = 0; i < SAMPLE_PACKET_COUNT; i++) {
        const uint8_t *pkt = mem + expected;
        if (!CHECK_EQ(sample_packets[i].append(&w), AEROCMD_OK))
            fprintf(stderr, "    %s\n", sample_packets[i].name);
        CHECK_EQ(rd32(pkt + 4), sample_packets[i].size);
        expected += sample_packets[i].size;
        CHECK_EQ(aerocmd_writer_size(&w), expected);
        CHECK_EQ(rd32(mem + 8), expected);
    }
    CHECK_EQ(count_packets(&w), SAMPLE_PACKET_COUNT);
    CHECK(!aerocmd_writer_is_empty(&w));

    aerocmd_writer_reset(&w);
    CHECK_EQ(aerocmd_writer_size(&w), 24);
    check_stream_header(&w, ABI_1_4);
    CHECK_EQ(count_packets(&w), 0);
    CHECK_EQ(aerocmd_append_draw(&w, 3, 1, 0, 0), AEROCMD_OK);
    CHECK_EQ(rd32(mem + 24), AEROGPU_CMD_DRAW);
    CHECK_EQ(rd32(mem + 8), 48);

    aerocmd_writer_release(&w);
    CHECK(aerocmd_writer_data(&w) == NULL);
    CHECK_EQ(aerocmd_append_nop(&w), AEROCMD_E_BUFFER_FULL);
    aerocmd_writer_release(&w);
}

static void test_checkpoint_rollback(void)
{
    static uint8_t mem[512];
    struct aerocmd_writer w;
    aerocmd_writer_checkpoint outer, inner;

    aerocmd_writer_init_span(&w, mem, sizeof mem, ABI_1_4);
    CHECK_EQ(aerocmd_append_set_primitive_topology(&w, 4), AEROCMD_OK);
    outer = aerocmd_writer_mark(&w);
    CHECK_EQ(outer, 40);
    CHECK_EQ(aerocmd_append_set_index_buffer(&w, 1, 0, 0), AEROCMD_OK);
    inner = aerocmd_writer_mark(&w);
    CHECK_EQ(inner, 64);
    CHECK_EQ(aerocmd_append_draw_indexed(&w, 3, 1, 0, 0, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_writer_size(&w), 92);

    CHECK_EQ(aerocmd_writer_rollback(&w, inner), AEROCMD_OK);
    CHECK_EQ(aerocmd_writer_size(&w), 64);
    CHECK_EQ(rd32(mem + 8), 64);
    CHECK_EQ(count_packets(&w), 2);

    /* Checkpoints this writer cannot have produced change nothing. */
    CHECK_EQ(aerocmd_writer_rollback(&w, 92), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_writer_rollback(&w, 20), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_writer_rollback(&w, 42), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(aerocmd_writer_size(&w), 64);
    CHECK_EQ(rd32(mem + 8), 64);

    CHECK_EQ(aerocmd_writer_rollback(&w, outer), AEROCMD_OK);
    CHECK_EQ(rd32(mem + 8), 40);
    CHECK_EQ(aerocmd_append_draw(&w, 6, 1, 0, 0), AEROCMD_OK);
    CHECK_EQ(rd32(mem + 40), AEROGPU_CMD_DRAW);
    CHECK_EQ(rd32(mem + 48), 6);
    CHECK_EQ(count_packets(&w), 2);
    CHECK_EQ(aerocmd_writer_rollback(&w, aerocmd_writer_mark(&w)), AEROCMD_OK);
    CHECK_EQ(aerocmd_writer_size(&w), 64);
    CHECK_EQ(aerocmd_writer_rollback(&w, 24), AEROCMD_OK);
    CHECK(aerocmd_writer_is_empty(&w));
    CHECK_EQ(rd32(mem + 8), 24);
}

/* One span of exactly `capacity` bytes (plus guard) holding `prefix` bytes of NOPs, then
 * one sample append: the packet lands whole or BUFFER_FULL leaves every byte as it was. */
static int boundary_case(const struct sample_packet *s, uint32_t prefix, uint32_t capacity)
{
    static uint8_t mem[512 + GUARD], before[512 + GUARD];
    struct aerocmd_writer w;
    uint32_t i, end;
    aerocmd_result r;
    int ok = 1;

    memset(mem, 0x5A, sizeof mem);
    aerocmd_writer_init_span(&w, mem, capacity, ABI_1_4);
    for (i = 0; i < prefix; i += 8)
        aerocmd_append_nop(&w);
    memcpy(before, mem, sizeof mem);
    r = s->append(&w);
    if (capacity - 24 - prefix >= s->size) {
        end = 24 + prefix + s->size;
        ok &= CHECK_EQ(r, AEROCMD_OK);
        ok &= CHECK_EQ(aerocmd_writer_size(&w), end);
        ok &= CHECK_EQ(rd32(mem + 8), end);
        ok &= CHECK_EQ(rd32(mem + 24 + prefix + 4), s->size);
        /* Before the packet only the header's size_bytes may change. */
        ok &= CHECK(memcmp(mem, before, 8) == 0);
        ok &= CHECK(memcmp(mem + 12, before + 12, 12 + prefix) == 0);
        ok &= CHECK(memcmp(mem + end, before + end, sizeof mem - end) == 0);
    } else {
        ok &= CHECK_EQ(r, AEROCMD_E_BUFFER_FULL);
        ok &= CHECK_EQ(aerocmd_writer_size(&w), 24 + prefix);
        ok &= CHECK(memcmp(mem, before, sizeof mem) == 0);
    }
    if (!ok)
        fprintf(stderr, "    %s, prefix %u, capacity %u\n", s->name, prefix, capacity);
    return ok;
}

static void test_span_full_at_every_boundary(void)
{
    unsigned i;
    uint32_t prefix, capacity;

    for (i = 0; i < SAMPLE_PACKET_COUNT; i++) {
        const struct sample_packet *s = &sample_packets[i];
        for (prefix = 0; prefix <= 16; prefix += 8) {
            for (capacity = 24 + prefix; capacity <= 24 + prefix + s->size + 9; capacity++)
                boundary_case(s, prefix, capacity);
        }
    }
}

/* Every sample appended once into a big span: what a growable writer must reproduce. */
static uint32_t build_reference(uint8_t *mem, uint32_t cap)
{
    struct aerocmd_writer w;
    unsigned i;

    aerocmd_writer_init_span(&w, mem, cap, ABI_1_4);
    for (i = 0; i < SAMPLE_PACKET_COUNT; i++)
        sample_packets[i].append(&w);
    return aerocmd_writer_size(&w);
}

static void test_growable(void)
{
    static uint8_t ref[4096];
    uint32_t ref_size = build_reference(ref, sizeof ref);
    struct test_alloc a;
    struct aerocmd_writer w;
    unsigned i;

    test_alloc_init(&a, 0);
    CHECK_EQ(aerocmd_writer_init_growable(&w, &a.iface, 0, ABI_1_4), AEROCMD_OK);
    CHECK_EQ(w.capacity, AEROCMD_WRITER_DEFAULT_CAPACITY);
    CHECK_EQ(a.live_bytes, AEROCMD_WRITER_DEFAULT_CAPACITY);
    check_stream_header(&w, ABI_1_4);
    aerocmd_writer_release(&w);
    CHECK_EQ(a.live_blocks, 0);

    test_alloc_init(&a, 0);
    CHECK_EQ(aerocmd_writer_init_growable(&w, &a.iface, 1, ABI_1_3), AEROCMD_OK);
    CHECK_EQ(w.capacity, 24);
    aerocmd_writer_release(&w);
    CHECK_EQ(aerocmd_writer_init_growable(&w, &a.iface, 1, 0x00030000u), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(aerocmd_writer_init_growable(&w, NULL, 1, ABI_1_4), AEROCMD_E_INVALID_ARG);
    CHECK_EQ(a.live_blocks, 0); /* refused inits allocate nothing */
    CHECK_EQ(a.calls, 1);

    test_alloc_init(&a, 0);
    aerocmd_writer_init_growable(&w, &a.iface, 24, ABI_1_4);
    for (i = 0; i < SAMPLE_PACKET_COUNT; i++)
        CHECK_EQ(sample_packets[i].append(&w), AEROCMD_OK);
    CHECK_EQ(aerocmd_writer_size(&w), ref_size);
    CHECK(memcmp(aerocmd_writer_data(&w), ref, ref_size) == 0);
    CHECK(w.capacity >= ref_size);
    CHECK_EQ(a.live_bytes, w.capacity);

    /* A stream past the u32 limit is full, and costs no allocation to find out. */
    i = a.calls;
    CHECK_EQ(aerocmd_append_upload_resource(&w, 1, 0, sample_bytes, 0xFFFFFF00u),
             AEROCMD_E_BUFFER_FULL);
    CHECK_EQ(a.calls, i);
    CHECK_EQ(aerocmd_writer_size(&w), ref_size);

    aerocmd_writer_reset(&w);
    CHECK_EQ(aerocmd_writer_size(&w), 24);
    CHECK(w.capacity >= ref_size);
    aerocmd_writer_release(&w);
    CHECK_EQ(a.live_blocks, 0);
    CHECK_EQ(a.live_bytes, 0);
    aerocmd_writer_release(&w);
    CHECK_EQ(aerocmd_append_nop(&w), AEROCMD_E_BUFFER_FULL);
}

/* The allocator fails its Nth call. The append that needed it reports OUT_OF_MEMORY with
 * the stream untouched; retrying it succeeds and the final stream equals the reference. */
static void oom_run(unsigned fail_at, const uint8_t *ref, uint32_t ref_size, unsigned *failures)
{
    static uint8_t before[4096];
    struct test_alloc a;
    struct aerocmd_writer w;
    uint32_t used;
    unsigned i;
    aerocmd_result r;

    test_alloc_init(&a, fail_at);
    r = aerocmd_writer_init_growable(&w, &a.iface, 24, ABI_1_4);
    if (r == AEROCMD_E_OUT_OF_MEMORY) {
        (*failures)++;
        CHECK(aerocmd_writer_data(&w) == NULL);
        CHECK_EQ(aerocmd_append_nop(&w), AEROCMD_E_BUFFER_FULL);
        aerocmd_writer_release(&w);
        CHECK_EQ(a.live_blocks, 0);
        return;
    }
    CHECK_EQ(r, AEROCMD_OK);
    for (i = 0; i < SAMPLE_PACKET_COUNT; i++) {
        used = aerocmd_writer_size(&w);
        memcpy(before, aerocmd_writer_data(&w), used);
        r = sample_packets[i].append(&w);
        if (r == AEROCMD_E_OUT_OF_MEMORY) {
            (*failures)++;
            CHECK_EQ(aerocmd_writer_size(&w), used);
            CHECK(memcmp(aerocmd_writer_data(&w), before, used) == 0);
            r = sample_packets[i].append(&w);
        }
        if (!CHECK_EQ(r, AEROCMD_OK))
            fprintf(stderr, "    %s, failing call %u\n", sample_packets[i].name, fail_at);
    }
    CHECK_EQ(aerocmd_writer_size(&w), ref_size);
    CHECK(memcmp(aerocmd_writer_data(&w), ref, ref_size) == 0);
    aerocmd_writer_release(&w);
    CHECK_EQ(a.live_blocks, 0);
    CHECK_EQ(a.live_bytes, 0);
}

static void test_growable_allocation_failures(void)
{
    static uint8_t ref[4096];
    uint32_t ref_size = build_reference(ref, sizeof ref);
    struct test_alloc probe;
    struct aerocmd_writer w;
    unsigned n, total_calls, i, failures;

    test_alloc_init(&probe, 0);
    aerocmd_writer_init_growable(&w, &probe.iface, 24, ABI_1_4);
    for (i = 0; i < SAMPLE_PACKET_COUNT; i++)
        sample_packets[i].append(&w);
    total_calls = probe.calls;
    aerocmd_writer_release(&w);
    CHECK(total_calls >= 5); /* starting at 24 bytes, the stream must grow several times */

    for (n = 1; n <= total_calls + 1; n++) {
        failures = 0;
        oom_run(n, ref, ref_size, &failures);
        CHECK_EQ(failures, n <= total_calls ? 1 : 0);
    }
}

int main(void)
{
    test_span_init();
    test_size_tracking_and_reset();
    test_checkpoint_rollback();
    test_span_full_at_every_boundary();
    test_growable();
    test_growable_allocation_failures();
    return check_finish();
}
