/* SPDX-License-Identifier: MIT */
/* umd_emit.c — lazy emission of dirty state before a draw or dispatch.
 *
 * Each dirty bit stands for one packet (shader resources: one per changed slot). Packets go
 * out in bit order, whichever of three ways writes them, so the bytes are always the same:
 * - a draw after changes to vertex / index / VS / PS constant buffers only tests those
 *   four bits and writes their packets and the draw behind one room check
 * (aerocmd_priv_umd_emit_draw);
 * - otherwise every dirty packet and the draw share one reservation (emit_work), when the
 *   open buffer has room for them all;
 * - else each packet is appended on its own and a full buffer is submitted in between
 *   (aerocmd_priv_umd_emit_dirty), which splits the same bytes where the space ran out.
 * A bit is cleared only once its packet is in a command buffer, so an error part-way leaves
 * the rest dirty and the next draw picks up where this one stopped. */
#include <string.h>

#include "umd_internal.h"
#include "umd_packets.h"

/* State whose packets depend on more than its own fields: render targets are compared
 * with what the host has, shader-resource slots switch between two packet kinds. */
#define UMD_DIRTY_OWN_LOGIC                                                                        \
    (UMD_DIRTY_RENDER_TARGETS | UMD_DIRTY_SRV(0) | UMD_DIRTY_SRV(1) | UMD_DIRTY_SRV(2) |           \
     UMD_DIRTY_SRV(3))

void aerocmd_priv_umd_desired_targets(const struct aerocmd_umd_context *ctx,
                                      struct umd_render_targets *rt)
{
    uint32_t i;
    memset(rt, 0, sizeof *rt);
    rt->count = ctx->rt_count;
    for (i = 0; i < ctx->rt_count; i++)
        rt->colors[i] = ctx->rtv[i] != NULL ? ctx->rtv[i]->handle : 0u;
    rt->depth = ctx->dsv != NULL ? ctx->dsv->handle : 0u;
}

void aerocmd_priv_umd_forget_host_target(struct aerocmd_umd_context *ctx, uint32_t handle)
{
    uint32_t i, found = 0;
    if (handle == 0)
        return;
    for (i = 0; i < AEROCMD_UMD_MAX_RENDER_TARGETS; i++)
        if (ctx->host_rt.colors[i] == handle) {
            ctx->host_rt.colors[i] = 0;
            found = 1;
        }
    if (ctx->host_rt.depth == handle) {
        ctx->host_rt.depth = 0;
        found = 1;
    }
    if (found) {
        ctx->host_rt_inexact = 1;
        ctx->dirty |= UMD_DIRTY_RENDER_TARGETS;
    }
}

aerocmd_result aerocmd_priv_umd_emit_render_targets(struct aerocmd_umd_context *ctx,
                                                    const struct umd_render_targets *rt)
{
    aerocmd_result r;
    if (!ctx->host_rt_inexact && memcmp(rt, &ctx->host_rt, sizeof *rt) == 0)
        return AEROCMD_OK;
    UMD_APPEND(ctx, r,
               aerocmd_append_set_render_targets(&ctx->w, rt->count, rt->colors, rt->depth));
    if (r == AEROCMD_OK) {
        ctx->host_rt = *rt;
        ctx->host_rt_inexact = 0;
        memset(ctx->host_colour_extent, 0, sizeof ctx->host_colour_extent);
    }
    return r;
}

static uint32_t highest_bit(uint32_t bits)
{
#if defined(__GNUC__) || defined(__clang__)
    return 31u - (uint32_t)__builtin_clz(bits);
#else
    uint32_t i = 0;
    while (bits >>= 1)
        i++;
    return i;
#endif
}

/* ---- shader resources: one packet per changed slot --------------------------------------- */

/* Texture and buffer SRVs travel on different packets, so a slot changing kind also clears
 * what the other packet left there. */
static aerocmd_result emit_srv_slot(struct aerocmd_umd_context *ctx, uint32_t stage, uint32_t slot)
{
    struct umd_stage_bindings *st = &ctx->stages[stage];
    const struct aerocmd_umd_view *v = st->srv[slot];
    enum aerocmd_shader_kind kind = (enum aerocmd_shader_kind)stage;
    uint32_t word = slot / 32u, bit = 1u << (slot % 32u);
    int host_buffer = (st->host_buffer_srv[word] & bit) != 0;
    aerocmd_result r = AEROCMD_OK;
    if (host_buffer && (v == NULL || !v->is_buffer)) {
        struct aerogpu_shader_resource_buffer_binding none;
        memset(&none, 0, sizeof none);
        UMD_APPEND(ctx, r,
                   aerocmd_append_set_shader_resource_buffers(&ctx->w, kind, slot, 1, &none));
        if (r != AEROCMD_OK)
            return r;
        st->host_buffer_srv[word] &= ~bit;
        if (v == NULL)
            return AEROCMD_OK;
    }
    if (v != NULL && v->is_buffer) {
        struct aerogpu_shader_resource_buffer_binding b;
        memset(&b, 0, sizeof b);
        b.buffer = v->handle;
        b.offset_bytes = v->offset_bytes;
        b.size_bytes = v->size_bytes;
        UMD_APPEND(ctx, r, aerocmd_append_set_shader_resource_buffers(&ctx->w, kind, slot, 1, &b));
        if (r == AEROCMD_OK)
            st->host_buffer_srv[word] |= bit;
        return r;
    }
    UMD_APPEND(ctx, r, aerocmd_append_set_texture(&ctx->w, kind, slot, v != NULL ? v->handle : 0u));
    return r;
}

static aerocmd_result emit_shader_resources(struct aerocmd_umd_context *ctx, uint32_t stage)
{
    struct umd_stage_bindings *st = &ctx->stages[stage];
    uint32_t word;
    for (word = 0; word < UMD_SRV_WORDS; word++) {
        while (st->srv_dirty[word] != 0) {
            uint32_t bit = umd_lowest_bit(st->srv_dirty[word]);
            aerocmd_result r = emit_srv_slot(ctx, stage, word * 32u + bit);
            if (r != AEROCMD_OK)
                return r;
            st->srv_dirty[word] &= ~(1u << bit);
        }
    }
    return AEROCMD_OK;
}

/* Room that holds every packet put_packet can write for one draw, whatever is dirty: with
 * at least this much free the exact sizes need not be added up first. */
#define UMD_STATE_BYTES_MAX                                                                        \
    (AEROCMD_BIND_SHADERS_EXT_SIZE + 2u * UMD_INPUT_LAYOUT_BYTES + UMD_VERTEX_BUFFERS_BYTES +      \
     AEROCMD_UMD_MAX_VERTEX_BUFFERS * UMD_VERTEX_BINDING_BYTES + UMD_INDEX_BUFFER_BYTES +          \
     UMD_VIEWPORT_BYTES + UMD_SCISSOR_BYTES + UMD_BLEND_BYTES + UMD_DEPTH_STENCIL_BYTES +          \
     UMD_RASTERIZER_BYTES +                                                                        \
     UMD_STAGE_COUNT * (2u * UMD_STAGE_TABLE_BYTES +                                               \
                        AEROCMD_UMD_MAX_CONSTANT_BUFFERS * UMD_CONSTANT_BINDING_BYTES +            \
                        AEROCMD_UMD_MAX_SAMPLERS * 4u) +                                           \
     UMD_UAV_TABLE_BYTES + AEROCMD_UMD_MAX_UAVS * UMD_UAV_BINDING_BYTES)

/* ---- one packet per dirty bit ------------------------------------------------------------ */

/* The dirty slot range lo..hi of a stage table's slot bits. */
static uint32_t table_count(uint32_t slot_bits, uint32_t *lo)
{
    *lo = umd_lowest_bit(slot_bits);
    return highest_bit(slot_bits) - *lo + 1u;
}

/* Bytes of the packet for dirty bit `bit` (not an own-logic bit); 0 when it sends none. */
static uint32_t packet_bytes(const struct aerocmd_umd_context *ctx, uint32_t bit)
{
    uint32_t lo, stage, slots;
    switch (bit) {
    case 0: /* shaders */
        return umd_bind_shaders_bytes(ctx->stages[AEROCMD_SHADER_GS].shader);
    case 1: /* input layout */
    case 2: /* topology */
        return UMD_INPUT_LAYOUT_BYTES;
    case 3:
        slots = ctx->vb_dirty;
        return slots != 0
                   ? UMD_VERTEX_BUFFERS_BYTES + table_count(slots, &lo) * UMD_VERTEX_BINDING_BYTES
                   : 0u;
    case 4:
        return UMD_INDEX_BUFFER_BYTES;
    case 6:
        return ctx->viewport_count != 0 ? UMD_VIEWPORT_BYTES : 0u;
    case 7:
        return ctx->scissor_count != 0 ? UMD_SCISSOR_BYTES : 0u;
    case 8:
        return UMD_BLEND_BYTES;
    case 9:
        return UMD_DEPTH_STENCIL_BYTES;
    case 10:
        return UMD_RASTERIZER_BYTES;
    case UMD_DIRTY_UAV_BIT:
        slots = ctx->uav_dirty;
        return slots != 0 ? UMD_UAV_TABLE_BYTES + table_count(slots, &lo) * UMD_UAV_BINDING_BYTES
                          : 0u;
    default:
        break;
    }
    /* A stage table: constant buffers or samplers (shader resources have their own logic). */
    stage = (bit - UMD_DIRTY_FIRST_STAGE_BIT) / 3u;
    if ((bit - UMD_DIRTY_FIRST_STAGE_BIT) % 3u == 0) {
        slots = ctx->stages[stage].cb_dirty;
        return slots != 0
                   ? UMD_STAGE_TABLE_BYTES + table_count(slots, &lo) * UMD_CONSTANT_BINDING_BYTES
                   : 0u;
    }
    slots = ctx->stages[stage].sampler_dirty;
    return slots != 0 ? UMD_STAGE_TABLE_BYTES + table_count(slots, &lo) * 4u : 0u;
}

/* Bytes of the packets of dirty bits `bits` (none an own-logic bit). */
static uint32_t bits_bytes(const struct aerocmd_umd_context *ctx, uint32_t bits)
{
    uint32_t bytes = 0;
    for (; bits != 0; bits &= bits - 1u)
        bytes += packet_bytes(ctx, umd_lowest_bit(bits));
    return bytes;
}

/* Called with a constant stage, so that the stage's tables are at fixed offsets. */
static UMD_INLINE uint8_t *put_constant_buffers(struct aerocmd_umd_context *ctx, uint32_t stage,
                                                uint8_t *at)
{
    struct umd_stage_bindings *st = &ctx->stages[stage];
    uint32_t lo, count;
    if (st->cb_dirty == 0)
        return at;
    count = table_count(st->cb_dirty, &lo);
    st->cb_dirty = 0;
    return umd_put_constant_buffers(at, stage, lo, count, &st->cb[lo]);
}

static UMD_INLINE uint8_t *put_samplers(struct aerocmd_umd_context *ctx, uint32_t stage,
                                        uint8_t *at)
{
    struct umd_stage_bindings *st = &ctx->stages[stage];
    uint32_t lo, count;
    if (st->sampler_dirty == 0)
        return at;
    count = table_count(st->sampler_dirty, &lo);
    st->sampler_dirty = 0;
    return umd_put_samplers(at, stage, lo, count, &st->samplers[lo]);
}

static uint8_t *put_uavs(struct aerocmd_umd_context *ctx, uint8_t *at)
{
    uint32_t lo, count;
    if (ctx->uav_dirty == 0)
        return at;
    count = table_count(ctx->uav_dirty, &lo);
    ctx->uav_dirty = 0;
    return umd_put_uavs(at, lo, count, &ctx->uav[lo]);
}

/* Writes the packet of dirty bit `bit` (packet_bytes(bit) bytes, maybe none) at `at` and
 * returns its end. */
static UMD_INLINE uint8_t *put_packet(struct aerocmd_umd_context *ctx, uint32_t bit, uint8_t *at)
{
    const struct umd_stage_bindings *s = ctx->stages;
    uint32_t lo, count;
    switch (bit) {
    case 0:
        return umd_put_bind_shaders(at, s[AEROCMD_SHADER_VS].shader, s[AEROCMD_SHADER_PS].shader,
                                    s[AEROCMD_SHADER_CS].shader, s[AEROCMD_SHADER_GS].shader);
    case 1:
        return umd_put_one_value(at, AEROGPU_CMD_SET_INPUT_LAYOUT, ctx->input_layout);
    case 2:
        return umd_put_one_value(at, AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY, ctx->topology);
    case 3:
        if (ctx->vb_dirty == 0)
            return at;
        count = table_count(ctx->vb_dirty, &lo);
        ctx->vb_dirty = 0;
        return umd_put_vertex_buffers(at, lo, count, &ctx->vb[lo]);
    case 4:
        return umd_put_index_buffer(at, ctx->index_res != NULL ? ctx->index_res->handle : 0u,
                                    ctx->index_format, ctx->index_offset);
    case 6:
        return ctx->viewport_count != 0 ? umd_put_viewport(at, &ctx->viewport) : at;
    case 7:
        return ctx->scissor_count != 0 ? umd_put_scissor(at, &ctx->scissor) : at;
    case 8:
        return umd_put_blend(at, &ctx->blend);
    case 9:
        return umd_put_depth_stencil(at, &ctx->depth_stencil);
    case 10:
        return umd_put_rasterizer(at, &ctx->rasterizer);
    case UMD_DIRTY_FIRST_STAGE_BIT + 0u:
        return put_constant_buffers(ctx, AEROCMD_SHADER_VS, at);
    case UMD_DIRTY_FIRST_STAGE_BIT + 2u:
        return put_samplers(ctx, AEROCMD_SHADER_VS, at);
    case UMD_DIRTY_FIRST_STAGE_BIT + 3u:
        return put_constant_buffers(ctx, AEROCMD_SHADER_PS, at);
    case UMD_DIRTY_FIRST_STAGE_BIT + 5u:
        return put_samplers(ctx, AEROCMD_SHADER_PS, at);
    case UMD_DIRTY_FIRST_STAGE_BIT + 6u:
        return put_constant_buffers(ctx, AEROCMD_SHADER_GS, at);
    case UMD_DIRTY_FIRST_STAGE_BIT + 8u:
        return put_samplers(ctx, AEROCMD_SHADER_GS, at);
    case UMD_DIRTY_FIRST_STAGE_BIT + 9u:
        return put_constant_buffers(ctx, AEROCMD_SHADER_CS, at);
    case UMD_DIRTY_FIRST_STAGE_BIT + 11u:
        return put_samplers(ctx, AEROCMD_SHADER_CS, at);
    case UMD_DIRTY_UAV_BIT:
        return put_uavs(ctx, at);
    default: /* own-logic bits never come here */
        return at;
    }
}

static UMD_NOINLINE uint8_t *put_one_packet(struct aerocmd_umd_context *ctx, uint32_t bit,
                                            uint8_t *at)
{
    return put_packet(ctx, bit, at);
}

/* One dirty bit on its own, with the submit-and-retry of a full buffer. */
static aerocmd_result emit_bit(struct aerocmd_umd_context *ctx, uint32_t bit)
{
    uint32_t size;
    aerocmd_result r;
    if ((1u << bit) == UMD_DIRTY_RENDER_TARGETS) {
        struct umd_render_targets rt;
        aerocmd_priv_umd_desired_targets(ctx, &rt);
        return aerocmd_priv_umd_emit_render_targets(ctx, &rt);
    }
    if ((1u << bit) & UMD_DIRTY_OWN_LOGIC)
        return emit_shader_resources(ctx, (bit - UMD_DIRTY_FIRST_STAGE_BIT) / 3u);
    size = packet_bytes(ctx, bit);
    if (size == 0)
        return AEROCMD_OK;
    do {
        r = umd_ready(ctx);
        if (r == AEROCMD_OK)
            r = aerocmd_writer_reserve(&ctx->w, size);
        if (r == AEROCMD_OK)
            umd_commit_to(ctx, put_one_packet(ctx, bit, ctx->w.base + ctx->w.used));
    } while (aerocmd_priv_umd_again(ctx, &r));
    return r;
}

aerocmd_result aerocmd_priv_umd_emit_dirty(struct aerocmd_umd_context *ctx, uint32_t mask)
{
    uint32_t todo = ctx->dirty & mask & UMD_DIRTY_STATE_BITS;
    while (todo != 0) {
        uint32_t bit = umd_lowest_bit(todo);
        aerocmd_result r = emit_bit(ctx, bit);
        if (r != AEROCMD_OK)
            return r;
        ctx->dirty &= ~(1u << bit);
        todo &= todo - 1u;
    }
    return AEROCMD_OK;
}

/* The shader-resource slots of a stage, when every changed one is a texture view (or
 * none) in a slot the host holds no buffer view in: each is one SET_TEXTURE, written by
 * put_srvs as emit_srv_slot would. Bytes of those packets; UINT32_MAX otherwise. */
/* Slots 0..31 only (where shaders bind nearly everything); anything higher takes the
 * careful way. */
AEROGPU_STATIC_ASSERT(UMD_SRV_WORDS == 4, umd_srv_words);
static uint32_t simple_srv_bytes(const struct aerocmd_umd_context *ctx, uint32_t stage)
{
    const struct umd_stage_bindings *st = &ctx->stages[stage];
    uint32_t bits = st->srv_dirty[0], n = 0;
    if ((st->srv_dirty[1] | st->srv_dirty[2] | st->srv_dirty[3]) != 0 ||
        (bits & st->host_buffer_srv[0]) != 0)
        return UINT32_MAX;
    for (; bits != 0; bits &= bits - 1u, n++) {
        const struct aerocmd_umd_view *v = st->srv[umd_lowest_bit(bits)];
        if (v != NULL && v->is_buffer)
            return UINT32_MAX;
    }
    return n * (uint32_t)sizeof(struct aerogpu_cmd_set_texture);
}

static uint8_t *put_srvs(struct aerocmd_umd_context *ctx, uint32_t stage, uint8_t *at)
{
    struct umd_stage_bindings *st = &ctx->stages[stage];
    uint32_t bits;
    for (bits = st->srv_dirty[0]; bits != 0; bits &= bits - 1u) {
        uint32_t slot = umd_lowest_bit(bits);
        const struct aerocmd_umd_view *v = st->srv[slot];
        at = umd_put_texture(at, stage, slot, v != NULL ? v->handle : 0u);
    }
    st->srv_dirty[0] = 0;
    return at;
}

/* The SRV bits of `todo` (simple ones, see simple_srv_bytes): their bytes, or UINT32_MAX
 * when one is not simple. */
static uint32_t srv_bytes(const struct aerocmd_umd_context *ctx, uint32_t todo)
{
    uint32_t stage, total = 0;
    for (stage = 0; stage < UMD_STAGE_COUNT; stage++) {
        uint32_t n;
        if (!(todo & UMD_DIRTY_SRV(stage)))
            continue;
        n = simple_srv_bytes(ctx, stage);
        if (n == UINT32_MAX)
            return UINT32_MAX;
        total += n;
    }
    return total;
}

/* Every dirty packet of `mask` and `tail` more bytes in one reservation of the open
 * buffer: the state packets are written and their bits cleared, and the return value is
 * where the tail goes (the caller commits). NULL when that cannot be done: state with
 * packets of its own logic, or not enough room (nothing written then). */
static UMD_INLINE uint8_t *put_dirty(struct aerocmd_umd_context *ctx, uint32_t mask, uint32_t tail)
{
    uint32_t todo = ctx->dirty & mask & UMD_DIRTY_STATE_BITS;
    uint32_t bits, free_bytes = ctx->w.capacity - ctx->w.used;
    uint8_t *at;
    if (todo & UMD_DIRTY_RENDER_TARGETS)
        return NULL;
    if (todo & UMD_DIRTY_OWN_LOGIC) {
        uint32_t srv = srv_bytes(ctx, todo);
        if (srv == UINT32_MAX || srv > free_bytes - tail)
            return NULL;
        tail += srv;
    }
    if (UMD_UNLIKELY(tail + UMD_STATE_BYTES_MAX > free_bytes) &&
        tail + bits_bytes(ctx, todo & ~UMD_DIRTY_OWN_LOGIC) > free_bytes)
        return NULL;
    at = ctx->w.base + ctx->w.used;
    for (bits = todo; bits != 0; bits &= bits - 1u) {
        uint32_t bit = umd_lowest_bit(bits);
        if ((1u << bit) & UMD_DIRTY_OWN_LOGIC)
            at = put_srvs(ctx, (bit - UMD_DIRTY_FIRST_STAGE_BIT) / 3u, at);
        else
            at = put_packet(ctx, bit, at);
    }
    ctx->dirty &= ~todo;
    return at;
}

/* A work packet on its own, submitting a full buffer and retrying. */
static aerocmd_result append_work(struct aerocmd_umd_context *ctx, const struct umd_work_packet *p)
{
    aerocmd_result r;
    do {
        r = umd_ready(ctx);
        if (r == AEROCMD_OK)
            r = aerocmd_writer_reserve(&ctx->w, p->size);
        if (r == AEROCMD_OK)
            umd_commit_to(ctx, umd_put_work(ctx->w.base + ctx->w.used, p));
    } while (aerocmd_priv_umd_again(ctx, &r));
    return r;
}

/* Dirty state of `mask`, then the work packet: in one reservation when it all fits the
 * open buffer, else packet by packet with submissions in between. */
static UMD_INLINE aerocmd_result emit_work(struct aerocmd_umd_context *ctx, uint32_t mask,
                                           const struct umd_work_packet *p)
{
    uint8_t *at;
    aerocmd_result r;
    ctx->pass_pieces = 0; /* the application's state replaces the pass's */
    /* Without the check bit a buffer is open and no present waits (umd_internal.h). */
    if (ctx->dirty & UMD_DIRTY_DRAW_CHECK) {
        r = umd_ready(ctx);
        if (r != AEROCMD_OK)
            return r;
    }
    at = put_dirty(ctx, mask, p->size);
    if (UMD_LIKELY(at != NULL)) {
        umd_commit_to(ctx, umd_put_work(at, p));
        return AEROCMD_OK;
    }
    r = aerocmd_priv_umd_emit_dirty(ctx, mask);
    return r == AEROCMD_OK ? append_work(ctx, p) : r;
}

/* Remembers that the bound targets are written by the command buffer now open. */
static void stamp_targets(struct aerocmd_umd_context *ctx)
{
    uint32_t i;
    for (i = 0; i < ctx->rt_count; i++)
        if (ctx->rtv[i] != NULL)
            ctx->rtv[i]->res->write_serial = ctx->serial;
    if (ctx->dsv != NULL)
        ctx->dsv->res->write_serial = ctx->serial;
    ctx->om_stamped_serial = ctx->serial;
}

aerocmd_result aerocmd_priv_umd_emit_draw_careful(struct aerocmd_umd_context *ctx,
                                                  const struct umd_work_packet *p)
{
    aerocmd_result r = AEROCMD_OK;
    /* Predication that leaves draws out keeps the check bit, which leads here. */
    if (UMD_UNLIKELY(umd_predicated_out(ctx)))
        return AEROCMD_OK;
    /* Direct3D calls a draw without a vertex shader an error and defines no result; the
     * validator refuses one (no_vertex_shader), so it is left out, keeping the check bit:
     * every draw comes here until a vertex shader is bound. A lost device still says so. */
    if (UMD_UNLIKELY(ctx->stages[AEROCMD_SHADER_VS].shader == 0))
        return ctx->lost ? aerocmd_priv_umd_report(ctx, AEROCMD_E_DEVICE_REMOVED) : AEROCMD_OK;
    /* Binding a mixed blend state or changing targets sets the check bit, which leads here. */
    if (UMD_UNLIKELY(ctx->blend_mixed.active))
        r = aerocmd_priv_umd_resolve_blend(ctx);
    if (r == AEROCMD_OK && (ctx->dirty & UMD_DIRTY_STALE))
        r = aerocmd_priv_umd_stale_draw(ctx, p);
    if (r == AEROCMD_OK)
        r = emit_work(ctx, UMD_DIRTY_GRAPHICS, p);
    if (r != AEROCMD_OK)
        return aerocmd_priv_umd_report(ctx, r);
    /* The draw is in the open buffer (a present waiting to be resubmitted went out before
     * it), so the targets are stamped with that buffer and the next draw may be fast. */
    if (ctx->om_stamped_serial != ctx->serial)
        stamp_targets(ctx);
    if (UMD_UNLIKELY(ctx->counting != 0)) {
        /* Queries count the draws: they keep to this path until the last one ends. */
        aerocmd_priv_umd_count_work(ctx, p->opcode, p->words);
        return AEROCMD_OK;
    }
    ctx->dirty &= ~UMD_DIRTY_DRAW_CHECK;
    return AEROCMD_OK;
}

/* What usually changes between draws: the vertex and index buffers, the VS / PS constant
 * buffers and the pixel shader's textures and samplers (a material). Their packets (in bit
 * order; texture slots 0..31) fit this many bytes. */
#define UMD_DIRTY_COMMON                                                                           \
    (UMD_DIRTY_VERTEX_BUFFERS | UMD_DIRTY_INDEX_BUFFER | UMD_DIRTY_CB(AEROCMD_SHADER_VS) |         \
     UMD_DIRTY_CB(AEROCMD_SHADER_PS) | UMD_DIRTY_SRV(AEROCMD_SHADER_PS) |                          \
     UMD_DIRTY_SAMPLER(AEROCMD_SHADER_PS))
#define UMD_COMMON_BYTES_MAX                                                                       \
    (UMD_VERTEX_BUFFERS_BYTES + AEROCMD_UMD_MAX_VERTEX_BUFFERS * UMD_VERTEX_BINDING_BYTES +        \
     UMD_INDEX_BUFFER_BYTES +                                                                      \
     2u *                                                                                          \
         (UMD_STAGE_TABLE_BYTES + AEROCMD_UMD_MAX_CONSTANT_BUFFERS * UMD_CONSTANT_BINDING_BYTES) + \
     32u * (uint32_t)sizeof(struct aerogpu_cmd_set_texture) + UMD_STAGE_TABLE_BYTES +              \
     AEROCMD_UMD_MAX_SAMPLERS * 4u)

/* put_packet's vertex buffers and constant buffers, with one changed slot (the usual
 * case) written as constants and a 16-byte copy. */
static UMD_INLINE uint8_t *put_common_vertex_buffers(struct aerocmd_umd_context *ctx, uint8_t *at)
{
    uint32_t bits = ctx->vb_dirty, slot;
    if (bits & (bits - 1u))
        return put_packet(ctx, 3, at);
    slot = umd_lowest_bit(bits);
    ctx->vb_dirty = 0;
    return umd_put_vertex_buffer(at, slot, &ctx->vb[slot].b);
}

static UMD_INLINE uint8_t *put_common_constant_buffers(struct aerocmd_umd_context *ctx,
                                                       uint32_t stage, uint8_t *at)
{
    struct umd_stage_bindings *st = &ctx->stages[stage];
    uint32_t bits = st->cb_dirty, slot;
    if (bits & (bits - 1u))
        return put_constant_buffers(ctx, stage, at);
    slot = umd_lowest_bit(bits);
    st->cb_dirty = 0;
    return umd_put_constant_buffer(at, stage, slot, &st->cb[slot].b);
}

/* Only common state dirty, the buffer open and stamped (no check bit), and room: the bits
 * are tested one by one instead of walking them. */
static UMD_NOINLINE aerocmd_result emit_common(struct aerocmd_umd_context *ctx,
                                               const struct umd_work_packet *p, uint32_t dirty)
{
    uint8_t *at = ctx->w.base + ctx->w.used;
    if (dirty & UMD_DIRTY_VERTEX_BUFFERS)
        at = put_common_vertex_buffers(ctx, at);
    if (dirty & UMD_DIRTY_INDEX_BUFFER)
        at = put_packet(ctx, 4, at);
    if (dirty & UMD_DIRTY_CB(AEROCMD_SHADER_VS))
        at = put_common_constant_buffers(ctx, AEROCMD_SHADER_VS, at);
    if (dirty & UMD_DIRTY_CB(AEROCMD_SHADER_PS))
        at = put_common_constant_buffers(ctx, AEROCMD_SHADER_PS, at);
    if (dirty & UMD_DIRTY_SRV(AEROCMD_SHADER_PS))
        at = put_srvs(ctx, AEROCMD_SHADER_PS, at);
    if (dirty & UMD_DIRTY_SAMPLER(AEROCMD_SHADER_PS))
        at = put_samplers(ctx, AEROCMD_SHADER_PS, at);
    ctx->dirty = dirty & ~UMD_DIRTY_COMMON;
    umd_commit_to(ctx, umd_put_work(at, p));
    return AEROCMD_OK;
}

/* Near the end of the buffer the most the common packets can take may not fit, when what
 * they take does: the exact bytes of the `dirty` common packets (SRVs simple) and `tail`
 * more fit the open buffer. */
static UMD_NOINLINE int common_fits_exactly(const struct aerocmd_umd_context *ctx, uint32_t dirty,
                                            uint32_t tail)
{
    uint32_t bytes = tail + bits_bytes(ctx, dirty & UMD_DIRTY_COMMON & ~UMD_DIRTY_OWN_LOGIC);
    if (dirty & UMD_DIRTY_SRV(AEROCMD_SHADER_PS))
        bytes += simple_srv_bytes(ctx, AEROCMD_SHADER_PS);
    return bytes <= ctx->w.capacity - ctx->w.used;
}

static UMD_INLINE int common_fits(const struct aerocmd_umd_context *ctx, uint32_t dirty,
                                  uint32_t tail)
{
    return UMD_LIKELY(UMD_COMMON_BYTES_MAX + tail <= ctx->w.capacity - ctx->w.used) ||
           common_fits_exactly(ctx, dirty, tail);
}

static UMD_INLINE aerocmd_result emit_draw(struct aerocmd_umd_context *ctx,
                                           const struct umd_work_packet *p)
{
    uint32_t dirty = ctx->dirty;
    /* A vertex or index buffer bound since the last draw may have stale bytes. */
    if ((dirty & (UMD_DIRTY_VERTEX_BUFFERS | UMD_DIRTY_INDEX_BUFFER)) && ctx->stale_count != 0)
        ctx->dirty = dirty |= UMD_DIRTY_STALE;
    /* Stale vertex bytes are all there is to send first: maybe a vertex ring. */
    if (UMD_UNLIKELY((dirty & UMD_DIRTY_DRAW_SLOW) == UMD_DIRTY_STALE))
        return aerocmd_priv_umd_stale_ring_draw(ctx, p);
    if (UMD_UNLIKELY((dirty & (UMD_DIRTY_DRAW_SLOW & ~UMD_DIRTY_COMMON)) != 0 ||
                     ((dirty & UMD_DIRTY_SRV(AEROCMD_SHADER_PS)) &&
                      simple_srv_bytes(ctx, AEROCMD_SHADER_PS) == UINT32_MAX) ||
                     !common_fits(ctx, dirty, p->size)))
        return aerocmd_priv_umd_emit_draw_careful(ctx, p);
    return emit_common(ctx, p, dirty);
}

aerocmd_result aerocmd_priv_umd_emit_draw(struct aerocmd_umd_context *ctx,
                                          const struct umd_work_packet *p)
{
    return emit_draw(ctx, p);
}

/* What a draw most often follows: a vertex buffer and VS / PS constant buffers rebound. */
#define UMD_DIRTY_REBIND                                                                           \
    (UMD_DIRTY_VERTEX_BUFFERS | UMD_DIRTY_CB(AEROCMD_SHADER_VS) | UMD_DIRTY_CB(AEROCMD_SHADER_PS))

static UMD_NOINLINE aerocmd_result draw_common(struct aerocmd_umd_context *ctx,
                                               uint32_t vertex_count, uint32_t first_vertex)
{
    const struct umd_work_packet p = {
        AEROGPU_CMD_DRAW, UMD_DRAW_BYTES, {vertex_count, 1u, first_vertex, 0u, 0u}};
    return emit_draw(ctx, &p);
}

/* The rebind packets of `dirty` and the DRAW, written as emit_common would, with the
 * draw's words in registers (the caller checked the room). */
static UMD_INLINE aerocmd_result put_rebind_draw(struct aerocmd_umd_context *ctx, uint32_t dirty,
                                                 uint32_t vertex_count, uint32_t first_vertex)
{
    uint8_t *at = ctx->w.base + ctx->w.used;
    if (dirty & UMD_DIRTY_VERTEX_BUFFERS)
        at = put_common_vertex_buffers(ctx, at);
    if (dirty & UMD_DIRTY_CB(AEROCMD_SHADER_VS))
        at = put_common_constant_buffers(ctx, AEROCMD_SHADER_VS, at);
    if (dirty & UMD_DIRTY_CB(AEROCMD_SHADER_PS))
        at = put_common_constant_buffers(ctx, AEROCMD_SHADER_PS, at);
    ctx->dirty = dirty & ~UMD_DIRTY_REBIND;
    umd_commit_to(ctx, umd_put_draw(at, vertex_count, first_vertex));
    return AEROCMD_OK;
}

static UMD_NOINLINE aerocmd_result draw_near_the_end(struct aerocmd_umd_context *ctx,
                                                     uint32_t vertex_count, uint32_t first_vertex)
{
    uint32_t dirty = ctx->dirty;
    if (common_fits_exactly(ctx, dirty, UMD_DRAW_BYTES))
        return put_rebind_draw(ctx, dirty, vertex_count, first_vertex);
    return draw_common(ctx, vertex_count, first_vertex);
}

/* Only rebind state dirty and no stale bytes it could read: its packets and the DRAW in
 * the open buffer, when they fit. */
aerocmd_result aerocmd_priv_umd_draw_careful(struct aerocmd_umd_context *ctx, uint32_t vertex_count,
                                             uint32_t first_vertex)
{
    uint32_t dirty = ctx->dirty;
    if (UMD_UNLIKELY((dirty & (UMD_DIRTY_DRAW_SLOW & ~UMD_DIRTY_REBIND)) != 0 ||
                     ((dirty & UMD_DIRTY_VERTEX_BUFFERS) && ctx->stale_count != 0)))
        return draw_common(ctx, vertex_count, first_vertex);
    if (UMD_UNLIKELY(UMD_COMMON_BYTES_MAX + UMD_DRAW_BYTES > ctx->w.capacity - ctx->w.used))
        return draw_near_the_end(ctx, vertex_count, first_vertex);
    return put_rebind_draw(ctx, dirty, vertex_count, first_vertex);
}

aerocmd_result aerocmd_priv_umd_draw_indexed_careful(struct aerocmd_umd_context *ctx,
                                                     uint32_t index_count, uint32_t first_index,
                                                     int32_t base_vertex)
{
    const struct umd_work_packet p = {AEROGPU_CMD_DRAW_INDEXED,
                                      UMD_DRAW_INDEXED_BYTES,
                                      {index_count, 1u, first_index, (uint32_t)base_vertex, 0u}};
    return emit_draw(ctx, &p);
}

aerocmd_result aerocmd_priv_umd_emit_dispatch(struct aerocmd_umd_context *ctx,
                                              const struct umd_work_packet *p)
{
    aerocmd_result r;
    if (UMD_UNLIKELY(umd_predicated_out(ctx)))
        return AEROCMD_OK;
    r = emit_work(ctx, UMD_DIRTY_COMPUTE, p);
    if (r == AEROCMD_OK)
        aerocmd_priv_umd_stamp_uavs(ctx);
    if (r == AEROCMD_OK && ctx->counting != 0)
        aerocmd_priv_umd_count_work(ctx, p->opcode, p->words);
    return r;
}
