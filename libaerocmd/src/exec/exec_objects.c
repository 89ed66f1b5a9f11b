/* SPDX-License-Identifier: MIT */
/* exec_objects.c — the guest-wide handle namespace: one open-addressing table of every live
 * buffer, texture, view, shader, input layout and sampler (and imported alias). */
#include <stdlib.h>
#include <string.h>

#include "exec_internal.h"

static uint32_t slot_of(uint32_t handle, uint32_t capacity)
{
    return (handle * 2654435761u) & (capacity - 1u);
}

void aerocmd_priv_exec_objects_free(struct exec_objects *objects)
{
    free(objects->slots);
    memset(objects, 0, sizeof(*objects));
}

struct exec_object *aerocmd_priv_exec_find(struct exec_objects *objects, uint32_t handle)
{
    uint32_t i, n;
    if (objects->capacity == 0 || handle == 0)
        return NULL;
    for (i = slot_of(handle, objects->capacity), n = 0; n < objects->capacity;
         i = (i + 1u) & (objects->capacity - 1u), n++) {
        const struct exec_object *o = &objects->slots[i];
        if (o->kind != EXEC_OBJ_NONE && o->handle == handle)
            return &objects->slots[i];
        if (o->kind == EXEC_OBJ_NONE && !o->tomb)
            return NULL;
    }
    return NULL;
}

/* Rebuilds the table without its tombstones, at twice the live objects at least: a table
 * that fills with tombstones (objects created and destroyed) is rebuilt at its own size
 * or smaller, so its memory follows the live objects, never the churn. */
static int grow(struct exec_objects *objects)
{
    struct exec_objects bigger;
    uint32_t i;
    memset(&bigger, 0, sizeof(bigger));
    bigger.capacity = 64u;
    while (bigger.capacity != 0 && bigger.capacity <= (1u << 28) &&
           objects->live >= bigger.capacity / 4u)
        bigger.capacity *= 2u;
    if (bigger.capacity == 0 || bigger.capacity > (1u << 28))
        return -1;
    bigger.slots = calloc(bigger.capacity, sizeof(*bigger.slots));
    if (bigger.slots == NULL)
        return -1;
    for (i = 0; i < objects->capacity; i++) {
        const struct exec_object *o = &objects->slots[i];
        uint32_t j;
        if (o->kind == EXEC_OBJ_NONE)
            continue;
        for (j = slot_of(o->handle, bigger.capacity); bigger.slots[j].kind != EXEC_OBJ_NONE;
             j = (j + 1u) & (bigger.capacity - 1u)) {
        }
        bigger.slots[j] = *o;
        bigger.used++;
        bigger.live++;
    }
    free(objects->slots);
    *objects = bigger;
    return 0;
}

int aerocmd_priv_exec_insert(struct exec_objects *objects, uint32_t handle, uint32_t kind,
                             void *object)
{
    uint32_t i;
    if ((objects->used + 1u) * 4u > objects->capacity * 3u && grow(objects) != 0)
        return -1;
    for (i = slot_of(handle, objects->capacity); objects->slots[i].kind != EXEC_OBJ_NONE;
         i = (i + 1u) & (objects->capacity - 1u)) {
    }
    if (!objects->slots[i].tomb)
        objects->used++;
    objects->live++;
    memset(&objects->slots[i], 0, sizeof(objects->slots[i]));
    objects->slots[i].handle = handle;
    objects->slots[i].kind = (uint16_t)kind;
    objects->slots[i].u.any = object;
    return 0;
}

void aerocmd_priv_exec_remove(struct exec_objects *objects, struct exec_object *slot)
{
    slot->tomb = 1;
    slot->kind = EXEC_OBJ_NONE;
    slot->u.any = NULL;
    objects->live--;
}

static const char *kind_name(uint32_t kind)
{
    switch (kind) {
    case EXEC_OBJ_BUFFER:
        return "a buffer";
    case EXEC_OBJ_TEXTURE:
        return "a texture";
    case EXEC_OBJ_VIEW:
        return "a texture view";
    case EXEC_OBJ_SHADER:
        return "a shader";
    case EXEC_OBJ_INPUT_LAYOUT:
        return "an input layout";
    case EXEC_OBJ_SAMPLER:
        return "a sampler";
    default:
        return "nothing";
    }
}

struct exec_object *aerocmd_priv_exec_need(struct exec_ctx *ctx, uint32_t handle, uint32_t kind,
                                           const char *what)
{
    struct exec_object *o = aerocmd_priv_exec_find(&ctx->ex->objects, handle);
    if (o == NULL) {
        aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_UNKNOWN,
                               "%s h:%u does not exist", what, handle);
        return NULL;
    }
    if (o->kind != kind) {
        aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_KIND,
                               "%s h:%u is %s, not %s", what, handle, kind_name(o->kind),
                               kind_name(kind));
        return NULL;
    }
    return o;
}

aerocmd_result aerocmd_priv_exec_check_new(struct exec_ctx *ctx, uint32_t handle)
{
    struct exec_object *o;
    if (handle == 0)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_ZERO,
                                      "handle h:%u cannot name an object", handle);
    o = aerocmd_priv_exec_find(&ctx->ex->objects, handle);
    if (o != NULL)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_EXISTS,
                                      "h:%u already names %s", handle, kind_name(o->kind));
    return AEROCMD_OK;
}
