/* SPDX-License-Identifier: MIT */
/* semantic_pass.h — private: the state of one semantic pass over a stream and the helpers
 * every packet handler shares. */
#ifndef AEROCMD_SEMANTIC_PASS_H
#define AEROCMD_SEMANTIC_PASS_H

#include <stddef.h>
#include <stdint.h>

#include "../common/le_bytes.h"
#include "aerocmd/semantic.h"
#include "tracker.h"

/* The colour targets the stream being checked bound, for PRESENT. Per stream: one that
 * binds none runs on targets an earlier submission bound (maybe of another context), which
 * the tracker does not follow. */
struct aerocmd_sem_targets {
    uint32_t known; /* a SET_RENDER_TARGETS of this stream ran */
    uint32_t count;
    uint32_t colors[AEROGPU_MAX_RENDER_TARGETS]; /* a destroyed one is unbound (0) */
};

struct aerocmd_sem_pass {
    struct aerocmd_semantic *st;
    struct aerocmd_sem_targets *targets;
    const struct aerocmd_stream *stream;
    const struct aerocmd_alloc_table_view *allocs; /* NULL: skip allocation checks */
    const struct aerocmd_packet *packet;           /* the packet being checked */
    struct aerocmd_diag *diag;
};

/* Kind masks: which record kinds a slot accepts. Resources imported from an unknown token
 * pass every buffer or texture slot, since this pass cannot know what they are. */
#define AEROCMD_SEM_MASK(kind) (1u << (kind))
#define AEROCMD_SEM_ACCEPT_BUFFER                                                                  \
    (AEROCMD_SEM_MASK(AEROCMD_SEM_BUFFER) | AEROCMD_SEM_MASK(AEROCMD_SEM_UNTYPED_RESOURCE))
#define AEROCMD_SEM_ACCEPT_TEXTURE                                                                 \
    (AEROCMD_SEM_MASK(AEROCMD_SEM_TEXTURE2D) | AEROCMD_SEM_MASK(AEROCMD_SEM_UNTYPED_RESOURCE))
/* shader-resource and render-target slots take a texture or a view of one */
#define AEROCMD_SEM_ACCEPT_TEXTURE_OR_VIEW                                                         \
    (AEROCMD_SEM_ACCEPT_TEXTURE | AEROCMD_SEM_MASK(AEROCMD_SEM_TEXTURE_VIEW))
#define AEROCMD_SEM_ACCEPT_RESOURCE (AEROCMD_SEM_ACCEPT_BUFFER | AEROCMD_SEM_ACCEPT_TEXTURE)

/* Fills diag with reason at the current packet; returns AEROCMD_E_MALFORMED. */
aerocmd_result aerocmd_priv_sem_packet_fail(const struct aerocmd_sem_pass *pass,
                                            aerocmd_reason reason);

/* Reports a handle that aerocmd_sem_require refused: 0 or unknown (rec NULL) ->
 * HANDLE_UNKNOWN, another kind -> HANDLE_KIND. */
void aerocmd_priv_sem_refuse_handle(const struct aerocmd_sem_pass *pass,
                                    const struct aerocmd_sem_record *rec);

/* A handle that must name a live object of an accepted kind: 0 or unknown ->
 * HANDLE_UNKNOWN, other kind -> HANDLE_KIND. *out (may be NULL) receives the record.
 * Inline: every binding of every packet comes through here. */
static inline aerocmd_result aerocmd_sem_require(const struct aerocmd_sem_pass *pass,
                                                 uint32_t handle, uint32_t accept,
                                                 struct aerocmd_sem_record **out)
{
    struct aerocmd_sem_record *rec = NULL;
    if (handle != 0)
        rec = aerocmd_sem_lookup(pass->st, AEROCMD_SEM_ROLE_OBJECT, handle);
    if (!rec || (AEROCMD_SEM_MASK(rec->kind) & accept) == 0) {
        aerocmd_priv_sem_refuse_handle(pass, rec);
        return AEROCMD_E_MALFORMED; /* a constant: callers see *out is set whenever OK */
    }
    if (out)
        *out = rec;
    return AEROCMD_OK;
}

/* A bind slot: 0 unbinds and is fine, anything else as for aerocmd_sem_require. */
static inline aerocmd_result aerocmd_sem_bind(const struct aerocmd_sem_pass *pass, uint32_t handle,
                                              uint32_t accept)
{
    if (handle == 0)
        return AEROCMD_OK;
    return aerocmd_sem_require(pass, handle, accept, NULL);
}

/* A handle about to be created: 0 -> HANDLE_ZERO, live -> HANDLE_EXISTS. */
aerocmd_result aerocmd_priv_sem_check_new(const struct aerocmd_sem_pass *pass, uint32_t handle);

/* Adds a record for a handle that passed aerocmd_priv_sem_check_new (or a token). When the
 * tracker is full: AEROCMD_E_OUT_OF_MEMORY with reason TRACKER_FULL. */
aerocmd_result aerocmd_priv_sem_add(const struct aerocmd_sem_pass *pass, uint8_t role, uint64_t key,
                                    struct aerocmd_sem_record **out);

/* The fixed struct of the current packet, or NULL after reporting PACKET_TOO_SHORT (only
 * reachable when the caller skipped structural validation). The size comes from the
 * opcode's table entry; AEROCMD_SEM_FIXED below is the same check with the size known. */
const void *aerocmd_priv_sem_fixed(const struct aerocmd_sem_pass *pass, aerocmd_result *result);

/* The current packet's bytes when it holds at least fixed_size bytes (its opcode's
 * struct), else NULL after reporting PACKET_TOO_SHORT. */
static inline const void *aerocmd_sem_fixed_of(const struct aerocmd_sem_pass *pass,
                                               uint32_t fixed_size, aerocmd_result *result)
{
    if (pass->packet->size_bytes >= fixed_size) {
        *result = AEROCMD_OK;
        return pass->packet->bytes;
    }
    *result = aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_PACKET_TOO_SHORT);
    return NULL;
}

/* The current packet as its protocol struct `type`, which must be its opcode's. */
#define AEROCMD_SEM_FIXED(pass, type, result)                                                      \
    ((const struct type *)aerocmd_sem_fixed_of((pass), (uint32_t)sizeof(struct type), (result)))

/* A packet that binds one handle: its struct's size, the handle's offset in it
 * (AEROCMD_SEM_HANDLE_AT gives both) and the kinds the slot takes. Inline, like the
 * array form, so the dispatch folds the constants in. */
static inline aerocmd_result aerocmd_sem_bind_single(const struct aerocmd_sem_pass *pass,
                                                     uint32_t fixed_size, uint32_t handle_offset,
                                                     uint32_t accept)
{
    aerocmd_result r;
    const uint8_t *fixed = (const uint8_t *)aerocmd_sem_fixed_of(pass, fixed_size, &r);
    if (!fixed)
        return r;
    return aerocmd_sem_bind(pass, aerocmd_load_u32(fixed + handle_offset), accept);
}
#define AEROCMD_SEM_HANDLE_AT(type, member)                                                        \
    (uint32_t)sizeof(struct type), (uint32_t)offsetof(struct type, member)

/* A packet that binds a counted array of handles after its struct: the struct's size, its
 * count field's offset (AEROCMD_SEM_COUNT_AT gives both), the bytes per element and the
 * kinds the slots take. Every such array keeps the handle in the first word of each
 * element: a bare sampler handle, or {buffer, ...} for vertex, constant, SRV and UAV
 * buffers. The count is checked in 64 bits, so it cannot wrap. */
static inline aerocmd_result aerocmd_sem_bind_array(const struct aerocmd_sem_pass *pass,
                                                    uint32_t fixed_size, uint32_t count_offset,
                                                    uint32_t elem_bytes, uint32_t accept)
{
    aerocmd_result r;
    uint32_t count, i;
    const uint8_t *fixed = (const uint8_t *)aerocmd_sem_fixed_of(pass, fixed_size, &r);
    if (!fixed)
        return r;
    count = aerocmd_load_u32(fixed + count_offset);
    if ((uint64_t)count * elem_bytes > pass->packet->size_bytes - fixed_size)
        return aerocmd_priv_sem_packet_fail(pass, AEROCMD_R_PAYLOAD_LENGTH);
    for (i = 0; i < count; i++) {
        r = aerocmd_sem_bind(pass, aerocmd_load_u32(fixed + fixed_size + (size_t)i * elem_bytes),
                             accept);
        if (r != AEROCMD_OK)
            return r;
    }
    return AEROCMD_OK;
}
#define AEROCMD_SEM_COUNT_AT(type, member) AEROCMD_SEM_HANDLE_AT(type, member)

/* 1 and *entry filled when the allocation table lists alloc_id. */
int aerocmd_priv_sem_find_alloc(const struct aerocmd_sem_pass *pass, uint32_t alloc_id,
                                struct aerogpu_alloc_entry *entry);

/* Guest memory is only ever judged against the allocation table of the submission that
 * touches it: an alloc_id may name another allocation (or none) in a later submission than
 * the one that created the resource.
 *
 * Bytes [offset, offset + size) of a backed resource's guest memory (offset counted from
 * its backing_offset_bytes) lie inside `entry`, this submission's allocation of that id. */
int aerocmd_priv_sem_guest_bytes_fit(const struct aerocmd_sem_record *rec,
                                     const struct aerogpu_alloc_entry *entry, uint64_t offset,
                                     uint64_t size);

/* [offset, offset + size) lies inside the resource (overflow-safe). Always true for an
 * untyped alias, whose size this pass cannot know. */
int aerocmd_priv_sem_range_fits(const struct aerocmd_sem_record *rec, uint64_t offset,
                                uint64_t size);

/* Packet handlers, one per opcode with cross-packet rules. */
aerocmd_result aerocmd_priv_sem_create_buffer(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_create_texture2d(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_destroy_resource(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_dirty_range(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_upload_resource(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_create_texture_view(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_destroy_texture_view(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_copy_buffer(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_copy_texture2d(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_create_shader(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_create_simple(const struct aerocmd_sem_pass *pass, uint8_t kind);
aerocmd_result aerocmd_priv_sem_destroy_simple(const struct aerocmd_sem_pass *pass, uint8_t kind);
aerocmd_result aerocmd_priv_sem_bind_shaders(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_draw(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_set_render_targets(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_present(const struct aerocmd_sem_pass *pass);
/* A destroyed handle no longer counts as a bound target. */
void aerocmd_priv_sem_unbind_target(const struct aerocmd_sem_pass *pass, uint32_t handle);
aerocmd_result aerocmd_priv_sem_export(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_import(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_priv_sem_release(const struct aerocmd_sem_pass *pass);

#endif /* AEROCMD_SEMANTIC_PASS_H */
