/* SPDX-License-Identifier: MIT */
/* Packets per draw through the umd API: MODE "same" is Draw(3) with no state change,
 * "rebind" re-binds one VB and one CB to a new offset before each draw. As a test it checks
 * the bytes each kind of draw costs; the instruction counts that are maintained come from
 * test/bench (run_bench.py), which drives the same API with realistic buffer sizes. */
#include <stdlib.h>

#include "umd_kit.h"

/* The loops must stay functions of their own for --toggle-collect to find them. */
#if defined(__GNUC__) || defined(__clang__)
#define BENCH_NOINLINE __attribute__((noinline))
#else
#define BENCH_NOINLINE
#endif

/* Big enough that the measured loops never submit. */
#define BENCH_BUFFER_BYTES (8u << 20)

BENCH_NOINLINE static void draw_loop_same(struct aerocmd_umd_context *ctx, unsigned count)
{
    unsigned i;
    for (i = 0; i < count; i++)
        (void)aerocmd_umd_draw(ctx, 3, 0);
}

BENCH_NOINLINE static void draw_loop_rebind(struct aerocmd_umd_context *ctx, unsigned count,
                                            struct aerocmd_umd_resource *vb,
                                            struct aerocmd_umd_resource *cb)
{
    uint32_t stride = 12, first = 0, num = 16;
    unsigned i;
    for (i = 0; i < count; i++) {
        uint32_t offset = ((i + 1u) & 1u) * 12u;
        first = ((i + 1u) & 1u) * 16u;
        (void)aerocmd_umd_set_vertex_buffers(ctx, 0, 1, &vb, &stride, &offset);
        (void)aerocmd_umd_set_constant_buffers(ctx, AEROCMD_SHADER_VS, 0, 1, &cb, &first, &num);
        (void)aerocmd_umd_draw(ctx, 3, 0);
    }
}

int main(int argc, char **argv)
{
    static struct harness h;
    struct aerocmd_umd_buffer_desc cbd = buffer_desc(1024, AEROCMD_UMD_BIND_CONSTANT_BUFFER, 0);
    struct aerocmd_umd_resource *vb, *cb;
    unsigned count = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 1000u;
    int rebind = argc > 1 && strcmp(argv[1], "rebind") == 0;
    if (!CHECK(harness_open(&h, BENCH_BUFFER_BYTES, 16)) || !CHECK(count <= 100000u))
        return 1;
    vb = kit_triangle_vb(&h);
    cb = kit_buffer(&h, &cbd, NULL);
    kit_bind_basic(&h, vb, kit_target(&h, 64, 64), NULL);
    CHECK_EQ(aerocmd_umd_draw(h.ctx, 3, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    if (rebind)
        draw_loop_rebind(h.ctx, count, vb, cb);
    else
        draw_loop_same(h.ctx, count);
    /* same: 24 bytes (one DRAW) per draw; rebind: VB 32 + CB 40 + DRAW 24. */
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    if (CHECK_EQ(h.fake.submission_count, 2))
        CHECK_EQ(h.fake.submissions[1].cmd_bytes, 24u + (rebind ? 96u : 24u) * count);
    kit_close(&h);
    return check_finish();
}
