/* SPDX-License-Identifier: MIT */
/* test_roundtrip.c — property test: random valid packets of every opcode go through the
 * writer, the resulting stream must pass aerocmd_validate_stream, and the decoder must give
 * back every field, payload byte, stage and bound shader exactly as they were put in.
 *
 * Usage: test_writer_roundtrip [seed [streams]] */
#include <stdio.h>
#include <stdlib.h>

#include "aerocmd/decode.h"
#include "shaders/min_dxbc.h"
#include "writer_test_util.h"

/* ---- deterministic randomness (xorshift64*) ----------------------------------------- */

struct rng {
    uint64_t state;
};

static uint64_t rnd64(struct rng *r)
{
    r->state ^= r->state >> 12;
    r->state ^= r->state << 25;
    r->state ^= r->state >> 27;
    return r->state * 0x2545F4914F6CDD1Dull;
}

static uint32_t rnd32(struct rng *r)
{
    return (uint32_t)(rnd64(r) >> 32);
}

static uint32_t below(struct rng *r, uint32_t n)
{
    return rnd32(r) % n;
}

static uint32_t nonzero32(struct rng *r)
{
    uint32_t v = rnd32(r);
    return v != 0 ? v : 1;
}

/* ---- what each packet must decode to ----------------------------------------------- */

#define MAX_PACKETS 96
#define POOL_BYTES  (64u * 1024u)

struct expect {
    uint32_t opcode;
    uint32_t size;     /* packet size_bytes */
    uint8_t fixed[64]; /* the protocol struct, header included */
    uint32_t fixed_size;
    const uint8_t *payload; /* NULL: opcode has no payload */
    uint32_t payload_len;   /* as the decoder reports it */
    uint32_t count;         /* element count (byte length for byte payloads) */
    int rest_payload;       /* DEBUG_MARKER: payload runs to the packet end, padding included */
    int has_stage;
    uint32_t stage, stage_ex;
    int is_bind;
    struct aerocmd_bound_shaders bind;
};

struct gen {
    struct rng rng;
    struct aerocmd_writer *w;
    uint32_t minor;
    uint8_t pool[POOL_BYTES];
    uint32_t pool_used;
};

static uint8_t *pool_take(struct gen *g, uint32_t len)
{
    uint8_t *p = g->pool + g->pool_used;
    g->pool_used += (len + 3u) & ~3u;
    if (g->pool_used > POOL_BYTES) {
        fprintf(stderr, "roundtrip pool exhausted\n");
        exit(2);
    }
    return p;
}

static const uint8_t *random_bytes(struct gen *g, uint32_t len)
{
    uint8_t *p = pool_take(g, len);
    uint32_t i;
    for (i = 0; i < len; i++)
        p[i] = (uint8_t)rnd32(&g->rng);
    return p;
}

static void *exp_begin(struct expect *e, uint32_t opcode, uint32_t fixed_size)
{
    memset(e, 0, sizeof *e);
    e->opcode = opcode;
    e->fixed_size = fixed_size;
    e->size = fixed_size;
    memcpy(e->fixed, &opcode, 4);
    return e->fixed;
}

static void exp_payload(struct expect *e, const uint8_t *payload, uint32_t len, uint32_t count)
{
    e->payload = payload;
    e->payload_len = len;
    e->count = count;
    e->size = e->fixed_size + ((len + 3u) & ~3u);
}

/* The encoding a shader kind must get, written from RULES.md, not from the writer. */
static const uint32_t kind_stage[6][2] = {{0, 0}, {1, 0}, {3, 0}, {2, 0}, {2, 3}, {2, 4}};

static enum aerocmd_shader_kind pick_kind(struct gen *g, struct expect *e)
{
    uint32_t choices = g->minor >= 3 ? 6 : 4;
    enum aerocmd_shader_kind k = (enum aerocmd_shader_kind)below(&g->rng, choices);
    e->has_stage = 1;
    e->stage = kind_stage[k][0];
    e->stage_ex = kind_stage[k][1];
    return k;
}

static uint32_t pick_format(struct gen *g, int allow_zero)
{
    static const uint32_t all[] = {1, 2,  3,  4,  5,  6,  32, 33, 7,  8,
                                   9, 10, 64, 65, 66, 67, 68, 69, 70, 71};
    uint32_t n = g->minor >= 2 ? 20 : 8;
    if (allow_zero && below(&g->rng, 4) == 0)
        return 0;
    return all[below(&g->rng, n)];
}

#define R32()           rnd32(&g->rng)
#define R64()           rnd64(&g->rng)
#define BELOW(n)        below(&g->rng, (n))
#define APPEND_OK(call) append_ok((call), #call)

static int append_ok(aerocmd_result r, const char *what)
{
    if (!CHECK_EQ(r, AEROCMD_OK))
        fprintf(stderr, "    %s\n", what);
    return r == AEROCMD_OK;
}

#include "roundtrip_generators.h"

/* ---- decoding and comparing --------------------------------------------------------- */

static void compare_payload(const struct aerocmd_packet *pkt, const struct expect *e, unsigned i)
{
    uint32_t len = 0xFFFFFFFFu, count = 0xFFFFFFFFu;
    const uint8_t *p = aerocmd_packet_payload(pkt, &len, &count);
    int ok = 1;

    if (e->rest_payload) {
        ok &= CHECK(p != NULL);
        ok &= CHECK_EQ(len, e->size - 8);
        ok &= p != NULL && CHECK(memcmp(p, e->payload, e->payload_len) == 0);
        while (ok && len > e->payload_len)
            ok &= CHECK_EQ(p[--len], 0); /* padding */
    } else if (e->payload != NULL) {
        ok &= CHECK(p != NULL);
        ok &= CHECK_EQ(len, e->payload_len);
        ok &= CHECK_EQ(count, e->count);
        ok &= p != NULL && (len == 0 || CHECK(memcmp(p, e->payload, len) == 0));
        while (ok && len < e->size - e->fixed_size)
            ok &= CHECK_EQ(p[len++], 0); /* padding */
    } else {
        ok &= CHECK(p == NULL);
    }
    if (!ok)
        fprintf(stderr, "    payload of packet %u (opcode 0x%x)\n", i, e->opcode);
}

static void compare_packet(const struct aerocmd_stream *s, const struct aerocmd_packet *pkt,
                           const struct expect *e, unsigned i)
{
    struct aerocmd_stage stage;
    struct aerocmd_bound_shaders b;
    const uint8_t *fixed = aerocmd_packet_fixed(pkt, e->opcode);
    int ok = CHECK_EQ(pkt->opcode, e->opcode);

    ok &= CHECK_EQ(pkt->size_bytes, e->size);
    ok &= CHECK(fixed != NULL);
    ok &= fixed != NULL && CHECK(memcmp(fixed, e->fixed, 4) == 0);
    ok &= fixed != NULL && CHECK(memcmp(fixed + 8, e->fixed + 8, e->fixed_size - 8) == 0);
    ok &= CHECK_EQ(aerocmd_packet_stage(s, pkt, &stage), e->has_stage);
    if (e->has_stage) {
        ok &= CHECK_EQ(stage.stage, e->stage);
        ok &= CHECK_EQ(stage.stage_ex, e->stage_ex);
    }
    ok &= CHECK_EQ(aerocmd_packet_bind_shaders(pkt, &b), e->is_bind);
    if (e->is_bind) {
        ok &= CHECK_EQ(b.vs, e->bind.vs) & CHECK_EQ(b.ps, e->bind.ps) & CHECK_EQ(b.cs, e->bind.cs);
        ok &= CHECK_EQ(b.gs, e->bind.gs) & CHECK_EQ(b.hs, e->bind.hs) & CHECK_EQ(b.ds, e->bind.ds);
        ok &= CHECK_EQ(b.extended, e->bind.extended);
    }
    if (!ok)
        fprintf(stderr, "    packet %u (opcode 0x%x)\n", i, e->opcode);
    compare_payload(pkt, e, i);
}

static void decode_and_compare(const struct aerocmd_writer *w, const struct expect *exp,
                               unsigned count)
{
    struct aerocmd_diag diag = {AEROCMD_R_NONE, 0, 0};
    struct aerocmd_stream s;
    struct aerocmd_cursor c;
    struct aerocmd_packet pkt;
    unsigned i;

    if (!CHECK_EQ(aerocmd_validate_stream(aerocmd_writer_data(w), aerocmd_writer_size(w), &diag),
                  AEROCMD_OK))
        fprintf(stderr, "    validator: reason %u at offset %u, opcode 0x%x\n", diag.reason,
                diag.offset, diag.opcode);
    if (!CHECK_EQ(aerocmd_stream_open(&s, aerocmd_writer_data(w), aerocmd_writer_size(w), &diag),
                  AEROCMD_OK))
        return;
    CHECK_EQ(s.abi_version, w->abi_version);
    aerocmd_cursor_init(&c, &s);
    for (i = 0; i < count; i++) {
        if (!CHECK_EQ(aerocmd_cursor_next(&c, &pkt, &diag), 1))
            return;
        compare_packet(&s, &pkt, &exp[i], i);
    }
    CHECK_EQ(aerocmd_cursor_next(&c, &pkt, &diag), 0);
}

/* ---- driver ------------------------------------------------------------------------- */

static struct gen g_state;
static struct expect expected[MAX_PACKETS];
static uint8_t span_mem[256 * 1024];

static void run_stream(uint64_t seed, unsigned *opcode_hits)
{
    struct gen *g = &g_state;
    struct aerocmd_writer w;
    struct test_alloc a;
    unsigned n, i, count;

    g->rng.state = seed * 0x9E3779B97F4A7C15ull + 1;
    g->pool_used = 0;
    g->minor = below(&g->rng, 5);
    g->w = &w;
    test_alloc_init(&a, 0);
    if (below(&g->rng, 2))
        aerocmd_writer_init_span(&w, span_mem, sizeof span_mem, 0x00010000u | g->minor);
    else
        aerocmd_writer_init_growable(&w, &a.iface, 24 + 4 * below(&g->rng, 64),
                                     0x00010000u | g->minor);
    count = 1 + below(&g->rng, MAX_PACKETS);
    for (n = 0, i = 0; i < count; i++) {
        unsigned k = below(&g->rng, GENERATOR_COUNT);
        if (generators[k].min_minor > g->minor)
            continue;
        if (generators[k].fn(g, &expected[n])) {
            opcode_hits[k]++;
            n++;
        }
    }
    decode_and_compare(&w, expected, n);
    aerocmd_writer_release(&w);
    CHECK_EQ(a.live_blocks, 0);
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 0x5EEDu;
    unsigned streams = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 400;
    unsigned hits[GENERATOR_COUNT] = {0};
    unsigned i;

    for (i = 0; i < streams; i++)
        run_stream(seed + i, hits);
    for (i = 0; i < GENERATOR_COUNT; i++)
        if (!CHECK(hits[i] > 0))
            fprintf(stderr, "    generator %s never ran\n", generators[i].name);
    printf("seed 0x%llx, %u streams\n", (unsigned long long)seed, streams);
    return check_finish();
}
