/* SPDX-License-Identifier: MIT */
/* host_state.h — the host's binding state as a stream sets it, for tests that compare what
 * two draws run with: every state packet's last value, table packets per slot. Snapshots
 * are taken at each DRAW / DRAW_INDEXED. */
#ifndef AEROCMD_TEST_HOST_STATE_H
#define AEROCMD_TEST_HOST_STATE_H

#include "umd_harness.h"

#define HS_MAX_ENTRIES 192u
#define HS_MAX_BYTES   96u
#define HS_MAX_DRAWS   16u

struct hs_entry {
    uint32_t opcode, stage, slot, size;
    uint8_t bytes[HS_MAX_BYTES];
};

struct host_state {
    uint32_t count;
    struct hs_entry e[HS_MAX_ENTRIES];
};

static void hs_put(struct host_state *s, uint32_t opcode, uint32_t stage, uint32_t slot,
                   const uint8_t *bytes, uint32_t size)
{
    uint32_t i;
    for (i = 0; i < s->count; i++)
        if (s->e[i].opcode == opcode && s->e[i].stage == stage && s->e[i].slot == slot)
            break;
    if (i == s->count) {
        if (!CHECK(s->count < HS_MAX_ENTRIES))
            return;
        s->count++;
    }
    if (size > HS_MAX_BYTES)
        size = HS_MAX_BYTES;
    s->e[i].opcode = opcode;
    s->e[i].stage = stage;
    s->e[i].slot = slot;
    s->e[i].size = size;
    memcpy(s->e[i].bytes, bytes, size);
}

/* Tables: {stage, start_slot, count} (vertex buffers: {start_slot, count}) then elements.
 * Texture and buffer shader resources share one slot space (the later packet of either kind
 * replaces the other's binding), so buffer views are kept under SET_TEXTURE's key. */
static void hs_table(struct host_state *s, const struct aerocmd_packet *p, int staged)
{
    uint32_t key =
        p->opcode == AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS ? AEROGPU_CMD_SET_TEXTURE : p->opcode;
    uint32_t len = 0, count = 0, i, stage = 0, start;
    const uint8_t *payload = aerocmd_packet_payload(p, &len, &count);
    const uint8_t *fixed = p->bytes + 8;
    if (payload == NULL || count == 0)
        return;
    if (staged)
        memcpy(&stage, fixed, 4);
    memcpy(&start, fixed + (staged ? 4 : 0), 4);
    for (i = 0; i < count; i++)
        hs_put(s, key, stage, start + i, payload + i * (len / count), len / count);
}

static void hs_apply(struct host_state *s, const struct aerocmd_packet *p)
{
    switch (p->opcode) {
    case AEROGPU_CMD_SET_TEXTURE: {
        const struct aerogpu_cmd_set_texture *t =
            AEROCMD_VIEW(p, aerogpu_cmd_set_texture, AEROGPU_CMD_SET_TEXTURE);
        hs_put(s, p->opcode, t->shader_stage, t->slot, (const uint8_t *)&t->texture, 4);
        break;
    }
    case AEROGPU_CMD_SET_SAMPLERS:
    case AEROGPU_CMD_SET_CONSTANT_BUFFERS:
    case AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS:
        hs_table(s, p, 1);
        break;
    case AEROGPU_CMD_SET_VERTEX_BUFFERS:
        hs_table(s, p, 0);
        break;
    case AEROGPU_CMD_BIND_SHADERS:
    case AEROGPU_CMD_SET_INPUT_LAYOUT:
    case AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY:
    case AEROGPU_CMD_SET_INDEX_BUFFER:
    case AEROGPU_CMD_SET_RENDER_TARGETS:
    case AEROGPU_CMD_SET_VIEWPORT:
    case AEROGPU_CMD_SET_SCISSOR:
    case AEROGPU_CMD_SET_BLEND_STATE:
    case AEROGPU_CMD_SET_DEPTH_STENCIL_STATE:
    case AEROGPU_CMD_SET_RASTERIZER_STATE:
        hs_put(s, p->opcode, 0, 0, p->bytes + 8, p->size_bytes - 8u);
        break;
    default:
        break;
    }
}

/* The state at each draw of the recorded submissions; returns how many draws. */
static uint32_t hs_snapshots(const struct harness *h, struct host_state *at_draw, uint32_t cap)
{
    static struct packet_list pl;
    static struct host_state now;
    uint32_t i, draws = 0;
    memset(&now, 0, sizeof now);
    collect_packets(&h->fake, &pl);
    for (i = 0; i < pl.count; i++) {
        hs_apply(&now, &pl.packet[i]);
        if ((pl.opcode[i] == AEROGPU_CMD_DRAW || pl.opcode[i] == AEROGPU_CMD_DRAW_INDEXED) &&
            draws < cap)
            at_draw[draws++] = now;
    }
    return draws;
}

/* The value an entry has in a snapshot (NULL when never set). */
static const struct hs_entry *hs_get(const struct host_state *s, uint32_t opcode, uint32_t stage,
                                     uint32_t slot)
{
    uint32_t i;
    for (i = 0; i < s->count; i++)
        if (s->e[i].opcode == opcode && s->e[i].stage == stage && s->e[i].slot == slot)
            return &s->e[i];
    return NULL;
}

/* Every entry either snapshot has is the same in the other; with `report`, the first that
 * is not is printed. */
static int hs_equal(const struct host_state *a, const struct host_state *b, int report)
{
    uint32_t i;
    for (i = 0; i < a->count; i++) {
        const struct hs_entry *x = &a->e[i];
        const struct hs_entry *y = hs_get(b, x->opcode, x->stage, x->slot);
        if (y == NULL || y->size != x->size || memcmp(y->bytes, x->bytes, x->size) != 0) {
            if (report)
                fprintf(stderr, "    host state differs: opcode 0x%x stage %u slot %u\n", x->opcode,
                        x->stage, x->slot);
            return 0;
        }
    }
    return a->count == b->count;
}

#endif /* AEROCMD_TEST_HOST_STATE_H */
