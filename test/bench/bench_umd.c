/* SPDX-License-Identifier: MIT */
/* L1-L4: the state tracker's per-draw cost through the public umd API, over the fake.
 *
 *   bench_umd COUNT MODE
 *
 * MODE l1: Draw(3) with no state change in between.
 *      l2: bind one of two vertex buffers and one of two VS constant buffers, Draw(3).
 *      l3: Map(WRITE_DISCARD) a bound 256-byte dynamic constant buffer, write all of it,
 *          Unmap, Draw(3).
 *      l4: l1 with 1,000 more live buffers and 100 more live textures.
 *      l5: a 4 MiB dynamic vertex buffer used as a ring: Map(WRITE_NO_OVERWRITE) (DISCARD
 *          when it wraps), write 64 bytes (4 vertices of 16 bytes) at the next offset,
 *          Unmap, Draw(3) of the first three of them.
 *      l6: UpdateSubresourceUP of a 16x16 box (B8G8R8A8, 1,024 bytes) into a 1024x1024
 *          texture, at a different place each iteration.
 *      l2-one: l2 through the one-slot entries (the ones the driver's DDI calls).
 *      l2-caller: l2's loop calling functions that only return: the caller's own cost.
 *      l2-floor: l2's loop over the least code that does what the calls ask (bench_floor.h),
 *          into a 64 KiB buffer of its own; its packets are checked by the validator.
 *      l2-floor-eager: the same for the other design, binds that write their packets at once.
 * Prints "bytes=N", the packet bytes each iteration adds to the stream. The command
 * buffer is 64 KiB and is submitted whenever it fills, inside the loop. Exit status 1
 * when a call fails or an iteration emits a different number of bytes than the others. */
#include <stdio.h>

#include "aerocmd/decode.h"
#include "bench_floor.h"
#include "bench_null.h"
#include "bench_umd_setup.h"

#if defined(__GNUC__) || defined(__clang__)
#define BENCH_NOINLINE __attribute__((noinline))
#else
#define BENCH_NOINLINE
#endif

#define CB_BYTES    256u
#define EXTRA_BUFS  1000u
#define EXTRA_TEXES 100u
#define RING_BYTES  (4u << 20)
#define RING_STRIDE 16u
#define RING_WRITE  64u
#define TEX_SIZE    1024u
#define BOX_SIZE    16u

struct bench_objects {
    struct aerocmd_umd_resource *vb[2];
    struct aerocmd_umd_resource *cb[2];
    struct aerocmd_umd_resource *ring, *tex;
};

BENCH_NOINLINE static int loop_draw(struct aerocmd_umd_context *ctx, unsigned long count)
{
    unsigned long i;
    unsigned failed = 0;
    for (i = 0; i < count; i++)
        failed |= (unsigned)aerocmd_umd_draw(ctx, 3, 0);
    return failed != 0;
}

/* The L2 loop over the three calls it makes. Results are OR-ed together (AEROCMD_OK is 0);
 * the first iteration changes both bindings. */
#define BENCH_REBIND_LOOP(NAME, SET_VERTEX_BUFFERS, SET_CONSTANT_BUFFERS, DRAW)                    \
    BENCH_NOINLINE static int NAME(struct aerocmd_umd_context *ctx, unsigned long count,           \
                                   const struct bench_objects *o)                                  \
    {                                                                                              \
        static const uint32_t stride = 12, offset = 0;                                             \
        unsigned long i;                                                                           \
        unsigned failed = 0;                                                                       \
        for (i = 0; i < count; i++) {                                                              \
            unsigned pick = (unsigned)((i + 1u) & 1u);                                             \
            failed |= (unsigned)SET_VERTEX_BUFFERS(ctx, 0, 1, &o->vb[pick], &stride, &offset);     \
            failed |= (unsigned)SET_CONSTANT_BUFFERS(ctx, AEROCMD_SHADER_VS, 0, 1, &o->cb[pick],   \
                                                     NULL, NULL);                                  \
            failed |= (unsigned)DRAW(ctx, 3, 0);                                                   \
        }                                                                                          \
        return failed != 0;                                                                        \
    }

BENCH_REBIND_LOOP(loop_rebind, aerocmd_umd_set_vertex_buffers, aerocmd_umd_set_constant_buffers,
                  aerocmd_umd_draw)
/* The same loop calling functions that return at once (in their own file, so that the
 * compiler knows no more of them than of the library's): what the caller itself spends,
 * which every L2 figure includes. */
BENCH_REBIND_LOOP(loop_rebind_null, bench_null_set_vertex_buffers, bench_null_set_constant_buffers,
                  bench_null_draw)

/* The same loop over the floor (its context and resources where the library's go). */
BENCH_REBIND_LOOP(loop_rebind_floor, bench_floor_set_vertex_buffers,
                  bench_floor_set_constant_buffers, bench_floor_draw)
BENCH_REBIND_LOOP(loop_rebind_floor_eager, bench_floor_eager_set_vertex_buffers,
                  bench_floor_eager_set_constant_buffers, bench_floor_eager_draw)

BENCH_NOINLINE static int loop_rebind_one(struct aerocmd_umd_context *ctx, unsigned long count,
                                          const struct bench_objects *o)
{
    unsigned long i;
    unsigned failed = 0;
    for (i = 0; i < count; i++) {
        unsigned pick = (unsigned)((i + 1u) & 1u);
        failed |= (unsigned)aerocmd_umd_set_vertex_buffer(ctx, 0, o->vb[pick], 12, 0);
        failed |= (unsigned)aerocmd_umd_set_constant_buffer(ctx, AEROCMD_SHADER_VS, 0, o->cb[pick]);
        failed |= (unsigned)aerocmd_umd_draw(ctx, 3, 0);
    }
    return failed != 0;
}

BENCH_NOINLINE static int loop_map(struct aerocmd_umd_context *ctx, unsigned long count,
                                   struct aerocmd_umd_resource *cb)
{
    static uint32_t constants[CB_BYTES / 4u];
    unsigned long i;
    int failed = 0;
    for (i = 0; i < count; i++) {
        struct aerocmd_umd_mapped m;
        constants[0] = (uint32_t)i;
        if (aerocmd_umd_map(ctx, cb, 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m) != AEROCMD_OK)
            return 1;
        memcpy(m.data, constants, CB_BYTES);
        failed |= aerocmd_umd_unmap(ctx, cb, 0) != AEROCMD_OK;
        failed |= aerocmd_umd_draw(ctx, 3, 0) != AEROCMD_OK;
    }
    return failed;
}

BENCH_NOINLINE static int loop_ring(struct aerocmd_umd_context *ctx, unsigned long count,
                                    struct aerocmd_umd_resource *ring)
{
    static uint32_t vertices[RING_WRITE / 4u];
    uint32_t at = 0;
    unsigned long i;
    int failed = 0;
    for (i = 0; i < count; i++) {
        struct aerocmd_umd_mapped m;
        enum aerocmd_umd_map_type type = AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE;
        if (at == 0)
            type = AEROCMD_UMD_MAP_WRITE_DISCARD;
        vertices[0] = (uint32_t)i;
        if (aerocmd_umd_map(ctx, ring, 0, type, 0, &m) != AEROCMD_OK)
            return 1;
        memcpy((uint8_t *)m.data + at, vertices, RING_WRITE);
        failed |= aerocmd_umd_unmap(ctx, ring, 0) != AEROCMD_OK;
        failed |= aerocmd_umd_draw(ctx, 3, at / RING_STRIDE) != AEROCMD_OK;
        at = (at + RING_WRITE) % RING_BYTES;
    }
    return failed;
}

BENCH_NOINLINE static int loop_update_box(struct aerocmd_umd_context *ctx, unsigned long count,
                                          struct aerocmd_umd_resource *tex)
{
    static uint32_t texels[BOX_SIZE * BOX_SIZE];
    const uint32_t per_row = TEX_SIZE / BOX_SIZE;
    unsigned long i;
    int failed = 0;
    for (i = 0; i < count; i++) {
        uint32_t cell = (uint32_t)(i % (per_row * per_row));
        struct aerocmd_box box;
        box.left = cell % per_row * BOX_SIZE;
        box.top = cell / per_row * BOX_SIZE;
        box.right = box.left + BOX_SIZE;
        box.bottom = box.top + BOX_SIZE;
        box.front = 0;
        box.back = 1;
        texels[0] = (uint32_t)i;
        failed |= aerocmd_umd_update_subresource(ctx, tex, 0, &box, texels, BOX_SIZE * 4u, 0) !=
                  AEROCMD_OK;
    }
    return failed;
}

/* Objects that exist but take no part in drawing; half of each kind guest-backed. */
static int create_bystanders(struct bench_umd *b)
{
    uint32_t i;
    for (i = 0; i < EXTRA_BUFS; i++)
        if (!bench_buffer(b, 256u + 16u * (i % 8u),
                          i % 3u ? AEROCMD_UMD_BIND_VERTEX_BUFFER
                                 : AEROCMD_UMD_BIND_CONSTANT_BUFFER,
                          AEROCMD_UMD_USAGE_DEFAULT, i & 1u))
            return 0;
    for (i = 0; i < EXTRA_TEXES; i++)
        if (!bench_texture(b, 16u << (i % 3u), AEROCMD_UMD_BIND_SHADER_RESOURCE, i & 1u))
            return 0;
    return aerocmd_umd_flush(b->ctx) == AEROCMD_OK;
}

static int setup(struct bench_umd *b, const char *mode, struct bench_objects *o)
{
    uint32_t i;
    for (i = 0; i < 2; i++) {
        o->vb[i] = bench_buffer(b, 36, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0, 0);
        o->cb[i] = bench_buffer(b, CB_BYTES, AEROCMD_UMD_BIND_CONSTANT_BUFFER,
                                i == 0 ? AEROCMD_UMD_USAGE_DYNAMIC : 0u, 0);
        if (o->vb[i] == NULL || o->cb[i] == NULL)
            return 0;
    }
    if (strcmp(mode, "l4") == 0 && !create_bystanders(b))
        return 0;
    o->ring =
        bench_buffer(b, RING_BYTES, AEROCMD_UMD_BIND_VERTEX_BUFFER, AEROCMD_UMD_USAGE_DYNAMIC, 0);
    o->tex = bench_texture(b, TEX_SIZE, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    if (o->ring == NULL || o->tex == NULL)
        return 0;
    if (strcmp(mode, "l5") == 0) {
        static const uint32_t stride = RING_STRIDE, offset = 0;
        return bench_pipeline(b, o->ring) &&
               aerocmd_umd_set_vertex_buffers(b->ctx, 0, 1, &o->ring, &stride, &offset) ==
                   AEROCMD_OK &&
               aerocmd_umd_draw(b->ctx, 0, 0) == AEROCMD_OK &&
               aerocmd_umd_flush(b->ctx) == AEROCMD_OK;
    }
    /* The draw state, with o->cb[0] bound as VS constant buffer 0 from the start. */
    return aerocmd_umd_set_constant_buffers(b->ctx, AEROCMD_SHADER_VS, 0, 1, &o->cb[0], NULL,
                                            NULL) == AEROCMD_OK &&
           bench_pipeline(b, o->vb[0]);
}

static int run(struct bench_umd *b, const char *mode, unsigned long count,
               const struct bench_objects *o)
{
    if (strcmp(mode, "l1") == 0 || strcmp(mode, "l4") == 0)
        return loop_draw(b->ctx, count);
    if (strcmp(mode, "l2") == 0)
        return loop_rebind(b->ctx, count, o);
    if (strcmp(mode, "l2-caller") == 0)
        return loop_rebind_null(b->ctx, count, o);
    if (strcmp(mode, "l2-one") == 0)
        return loop_rebind_one(b->ctx, count, o);
    if (strcmp(mode, "l3") == 0)
        return loop_map(b->ctx, count, o->cb[0]);
    if (strcmp(mode, "l5") == 0)
        return loop_ring(b->ctx, count, o->ring);
    if (strcmp(mode, "l6") == 0)
        return loop_update_box(b->ctx, count, o->tex);
    return 1;
}

#define FLOOR_BUFFER_BYTES (64u << 10)

/* The last buffer the floor wrote, behind a stream header, through the validator. */
static int floor_stream_valid(const struct floor_context *f)
{
    static uint8_t stream[sizeof(struct aerogpu_cmd_stream_header) + FLOOR_BUFFER_BYTES];
    struct aerogpu_cmd_stream_header h;
    struct aerocmd_diag diag;
    memset(&h, 0, sizeof h);
    h.magic = AEROGPU_CMD_STREAM_MAGIC;
    h.abi_version = AEROGPU_ABI_VERSION_U32;
    h.size_bytes = (uint32_t)sizeof h + f->used;
    memcpy(stream, &h, sizeof h);
    memcpy(stream + sizeof h, f->base, f->used);
    return aerocmd_validate_stream(stream, h.size_bytes, &diag) == AEROCMD_OK;
}

/* l2-floor(-eager): L2's loop over bench_floor.c (or bench_floor_eager.c), with VS constant
 * buffer 0 bound and drawn once first as in setup(). */
static int run_floor(unsigned long count, int eager)
{
    static uint8_t buffer[FLOOR_BUFFER_BYTES];
    static struct floor_context f;
    static struct floor_resource vb[2] = {{1, 0}, {2, 0}}, cb[2] = {{3, CB_BYTES}, {4, CB_BYTES}};
    struct aerocmd_umd_context *ctx = (struct aerocmd_umd_context *)(void *)&f;
    struct bench_objects o;
    uint64_t before;
    int failed;
    memset(&o, 0, sizeof o);
    o.vb[0] = (struct aerocmd_umd_resource *)(void *)&vb[0];
    o.vb[1] = (struct aerocmd_umd_resource *)(void *)&vb[1];
    o.cb[0] = (struct aerocmd_umd_resource *)(void *)&cb[0];
    o.cb[1] = (struct aerocmd_umd_resource *)(void *)&cb[1];
    f.base = buffer;
    f.capacity = FLOOR_BUFFER_BYTES;
    if (bench_floor_set_constant_buffers(ctx, AEROCMD_SHADER_VS, 0, 1, &o.cb[0], NULL, NULL) !=
            AEROCMD_OK ||
        bench_floor_draw(ctx, 3, 0) != AEROCMD_OK)
        return 1;
    before = f.submitted_bytes + f.used;
    failed = eager ? loop_rebind_floor_eager(ctx, count, &o) : loop_rebind_floor(ctx, count, &o);
    before = f.submitted_bytes + f.used - before;
    printf("bytes=%lu\n", (unsigned long)(before / count));
    return failed || before % count != 0 || !floor_stream_valid(&f);
}

int main(int argc, char **argv)
{
    unsigned long count = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000;
    const char *mode = argc > 2 ? argv[2] : "l1";
    static struct bench_umd b;
    struct bench_objects o;
    uint64_t before, bytes;
    int failed;
    if (count != 0 && strcmp(mode, "l2-floor") == 0)
        return run_floor(count, 0);
    if (count != 0 && strcmp(mode, "l2-floor-eager") == 0)
        return run_floor(count, 1);
    if (count == 0 || !bench_open(&b, (size_t)4 << 20) || !setup(&b, mode, &o))
        return 2;
    before = bench_bytes(&b);
    failed = run(&b, mode, count, &o);
    bytes = bench_bytes(&b) - before;
    if (bytes % count != 0)
        failed = 1;
    printf("bytes=%lu\n", (unsigned long)(bytes / count));
    bench_close(&b);
    return failed;
}
