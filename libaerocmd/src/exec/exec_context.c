/* SPDX-License-Identifier: MIT */
/* exec_context.c — binding state per context.
 *
 * A guest's contexts share the device's objects and memory but not their bindings: the
 * driver sends only the state that changed since its own last packets, so each context's
 * state must be where it left it when its next submission runs, whatever other contexts
 * did in between. The running context's state is ex->state (every handler uses it); a
 * switch saves it into the context's slot and loads the next one's. The semantic tracker's
 * one piece of binding state, the bound vertex shader, travels with it. Slots are made on
 * first use with Direct3D's default state and kept until their context ends. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_internal.h"

static aerocmd_result refuse(struct aerocmd_exec_error *err, aerocmd_result result, const char *fmt,
                             ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static aerocmd_result refuse(struct aerocmd_exec_error *err, aerocmd_result result, const char *fmt,
                             ...)
{
    va_list ap;
    if (err != NULL) {
        err->result = result;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof(err->message), fmt, ap);
        va_end(ap);
    }
    return result;
}

static struct exec_saved_context *slot_of(struct aerocmd_exec *ex, uint32_t id)
{
    uint32_t i;
    for (i = 0; i < ex->context_count; i++)
        if (ex->contexts[i].id == id)
            return &ex->contexts[i];
    return NULL;
}

/* A slot for context `id` with the default state, charged to the memory budget. */
static aerocmd_result add_slot(struct aerocmd_exec *ex, uint32_t id, struct aerocmd_exec_error *err)
{
    struct exec_saved_context *grown;
    if (ex->context_count >= AEROCMD_EXEC_MAX_CONTEXTS)
        return refuse(err, AEROCMD_E_NOT_IMPLEMENTED,
                      "context %u: the executor keeps the state of %u contexts at most", id,
                      AEROCMD_EXEC_MAX_CONTEXTS);
    if (aerocmd_priv_exec_reserve(ex, sizeof(*grown)) != AEROCMD_OK)
        return refuse(err, AEROCMD_E_OUT_OF_MEMORY,
                      "context %u: the memory budget does not hold its state", id);
    grown = (struct exec_saved_context *)realloc(ex->contexts,
                                                 (ex->context_count + 1u) * sizeof(*grown));
    if (grown == NULL) {
        aerocmd_priv_exec_uncharge(ex, sizeof(*grown));
        return refuse(err, AEROCMD_E_OUT_OF_MEMORY, "context %u: out of memory", id);
    }
    ex->contexts = grown;
    grown += ex->context_count++;
    grown->id = id;
    grown->vertex_shader = 0;
    aerocmd_priv_exec_state_reset(&grown->state);
    return AEROCMD_OK;
}

/* A saved vertex shader that was destroyed meanwhile is bound no more. */
static uint32_t live_shader(struct aerocmd_exec *ex, uint32_t handle)
{
    const struct exec_object *o = aerocmd_priv_exec_find(&ex->objects, handle);
    return o != NULL && o->kind == EXEC_OBJ_SHADER ? handle : 0u;
}

aerocmd_result aerocmd_exec_set_context(struct aerocmd_exec *ex, uint32_t context_id,
                                        struct aerocmd_exec_error *err)
{
    struct exec_saved_context *cur, *next;
    aerocmd_result r;
    uint32_t i;
    if (err != NULL)
        memset(err, 0, sizeof(*err));
    if (ex == NULL)
        return refuse(err, AEROCMD_E_INVALID_ARG, "no executor");
    if (context_id == ex->context_id)
        return AEROCMD_OK;
    if (!ex->context_ended && slot_of(ex, ex->context_id) == NULL &&
        (r = add_slot(ex, ex->context_id, err)) != AEROCMD_OK)
        return r;
    if (slot_of(ex, context_id) == NULL && (r = add_slot(ex, context_id, err)) != AEROCMD_OK)
        return r;
    cur = slot_of(ex, ex->context_id);
    next = slot_of(ex, context_id);
    if (cur != NULL) {
        cur->state = ex->state;
        cur->vertex_shader = ex->tracker.vertex_shader;
        cur->left_at = ex->submission;
    }
    ex->context_ended = 0;
    ex->state = next->state;
    ex->tracker.vertex_shader = live_shader(ex, next->vertex_shader);
    ex->context_id = context_id;
    /* the descriptor tables in the shader-visible ring are the other context's */
    for (i = 0; i < EXEC_STAGES; i++)
        ex->state.stages[i].table_dirty = ex->state.stages[i].samplers_dirty = 1;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_exec_end_context(struct aerocmd_exec *ex, uint32_t context_id)
{
    struct exec_saved_context *slot;
    if (ex == NULL)
        return AEROCMD_E_INVALID_ARG;
    if (context_id == ex->context_id) {
        /* it keeps running, with the default state, and has no slot until a submission
         * runs in it again (aerocmd_exec_submit) */
        aerocmd_priv_exec_state_reset(&ex->state);
        ex->tracker.vertex_shader = 0;
        ex->context_ended = 1;
    }
    slot = slot_of(ex, context_id);
    if (slot == NULL)
        return AEROCMD_OK;
    /* the order of slots means nothing: the last one takes the freed place */
    *slot = ex->contexts[--ex->context_count];
    aerocmd_priv_exec_uncharge(ex, sizeof(*slot));
    if (ex->context_count == 0)
        aerocmd_priv_exec_contexts_free(ex);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_end_stalest_context(struct aerocmd_exec *ex)
{
    const struct exec_saved_context *stalest = NULL;
    uint32_t i;
    for (i = 0; i < ex->context_count; i++)
        if (ex->contexts[i].id != ex->context_id &&
            (stalest == NULL || ex->contexts[i].left_at < stalest->left_at))
            stalest = &ex->contexts[i];
    if (stalest == NULL)
        return AEROCMD_E_NOT_IMPLEMENTED;
    return aerocmd_exec_end_context(ex, stalest->id);
}

void aerocmd_priv_exec_each_state(struct aerocmd_exec *ex,
                                  void (*fn)(struct exec_state *s, uint32_t handle),
                                  uint32_t handle)
{
    uint32_t i;
    fn(&ex->state, handle);
    for (i = 0; i < ex->context_count; i++)
        if (ex->contexts[i].id != ex->context_id)
            fn(&ex->contexts[i].state, handle);
}

void aerocmd_priv_exec_contexts_free(struct aerocmd_exec *ex)
{
    free(ex->contexts);
    ex->contexts = NULL;
    ex->context_count = 0;
}
