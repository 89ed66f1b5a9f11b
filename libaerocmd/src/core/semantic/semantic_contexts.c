/* SPDX-License-Identifier: MIT */
/* semantic_contexts.c — the tracker's vertex-shader binding kept per context (semantic.h),
 * for callers that check several contexts' streams in submission order. */
#include <string.h>

#include "tracker.h"

void aerocmd_semantic_contexts_init(struct aerocmd_semantic_contexts *c)
{
    if (c != NULL)
        memset(c, 0, sizeof(*c));
}

static struct aerocmd_semantic_context *slot_of(struct aerocmd_semantic_contexts *c, uint32_t id)
{
    uint32_t i;
    for (i = 0; i < c->count; i++)
        if (c->slot[i].id == id)
            return &c->slot[i];
    return NULL;
}

static struct aerocmd_semantic_context *add_slot(struct aerocmd_semantic_contexts *c, uint32_t id)
{
    struct aerocmd_semantic_context *s;
    if (c->count >= AEROCMD_SEMANTIC_MAX_CONTEXTS)
        return NULL;
    s = &c->slot[c->count++];
    s->id = id;
    s->vertex_shader = 0;
    return s;
}

/* A handle still naming a live vertex shader, else 0. */
static uint32_t live_vertex_shader(const struct aerocmd_semantic *st, uint32_t handle)
{
    const struct aerocmd_sem_record *rec =
        handle != 0 ? aerocmd_sem_lookup(st, AEROCMD_SEM_ROLE_OBJECT, handle) : NULL;
    return rec != NULL && rec->kind == AEROCMD_SEM_SHADER && rec->stage == AEROCMD_SEM_STAGE_VS
               ? handle
               : 0u;
}

aerocmd_result aerocmd_semantic_switch_context(struct aerocmd_semantic *st,
                                               struct aerocmd_semantic_contexts *c, uint32_t id)
{
    struct aerocmd_semantic_context *cur, *next;
    if (st == NULL || c == NULL || st->records == NULL)
        return AEROCMD_E_INVALID_ARG;
    if (id == c->running)
        return AEROCMD_OK;
    cur = slot_of(c, c->running);
    next = slot_of(c, id);
    if ((cur == NULL && c->count >= AEROCMD_SEMANTIC_MAX_CONTEXTS) ||
        (next == NULL && c->count + (cur == NULL) >= AEROCMD_SEMANTIC_MAX_CONTEXTS))
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (cur == NULL)
        cur = add_slot(c, c->running);
    cur->vertex_shader = st->vertex_shader;
    if (next == NULL)
        next = add_slot(c, id);
    st->vertex_shader = live_vertex_shader(st, next->vertex_shader);
    c->running = id;
    return AEROCMD_OK;
}
