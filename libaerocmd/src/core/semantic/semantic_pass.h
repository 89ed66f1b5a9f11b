/* semantic_pass.h — private: the state of one semantic pass over a stream and the helpers
 * every packet handler shares. */
#ifndef AEROCMD_SEMANTIC_PASS_H
#define AEROCMD_SEMANTIC_PASS_H

#include <stdint.h>

#include "aerocmd/semantic.h"
#include "tracker.h"

struct aerocmd_sem_pass {
    struct aerocmd_semantic *st;
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
aerocmd_result aerocmd_sem_packet_fail(const struct aerocmd_sem_pass *pass, aerocmd_reason reason);

/* A handle that must name a live object of an accepted kind: 0 or unknown ->
 * HANDLE_UNKNOWN, other kind -> HANDLE_KIND. *out (may be NULL) receives the record. */
aerocmd_result aerocmd_sem_require(const struct aerocmd_sem_pass *pass, uint32_t handle,
                                   uint32_t accept, struct aerocmd_sem_record **out);

/* A bind slot: 0 unbinds and is fine, anything else as for aerocmd_sem_require. */
aerocmd_result aerocmd_sem_bind(const struct aerocmd_sem_pass *pass, uint32_t handle,
                                uint32_t accept);

/* A handle about to be created: 0 -> HANDLE_ZERO, live -> HANDLE_EXISTS. */
aerocmd_result aerocmd_sem_check_new(const struct aerocmd_sem_pass *pass, uint32_t handle);

/* Adds a record for a handle that passed aerocmd_sem_check_new (or a token). When the
 * tracker is full: AEROCMD_E_OUT_OF_MEMORY with reason TRACKER_FULL. */
aerocmd_result aerocmd_sem_add(const struct aerocmd_sem_pass *pass, uint8_t role, uint64_t key,
                               struct aerocmd_sem_record **out);

/* The fixed struct of the current packet, or NULL after reporting PACKET_TOO_SHORT (only
 * reachable when the caller skipped structural validation). */
const void *aerocmd_sem_fixed(const struct aerocmd_sem_pass *pass, aerocmd_result *result);

/* 1 and *entry filled when the allocation table lists alloc_id. */
int aerocmd_sem_find_alloc(const struct aerocmd_sem_pass *pass, uint32_t alloc_id,
                           struct aerogpu_alloc_entry *entry);

/* [offset, offset + size) lies inside the resource (overflow-safe). Always true for an
 * untyped alias, whose size this pass cannot know. */
int aerocmd_sem_range_fits(const struct aerocmd_sem_record *rec, uint64_t offset, uint64_t size);

/* Packet handlers, one per opcode with cross-packet rules. */
aerocmd_result aerocmd_sem_create_buffer(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_create_texture2d(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_destroy_resource(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_dirty_range(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_upload_resource(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_create_texture_view(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_destroy_texture_view(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_copy_buffer(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_copy_texture2d(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_create_shader(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_create_simple(const struct aerocmd_sem_pass *pass, uint8_t kind);
aerocmd_result aerocmd_sem_destroy_simple(const struct aerocmd_sem_pass *pass, uint8_t kind);
aerocmd_result aerocmd_sem_bind_shaders(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_bind_single(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_bind_array(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_set_render_targets(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_export(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_import(const struct aerocmd_sem_pass *pass);
aerocmd_result aerocmd_sem_release(const struct aerocmd_sem_pass *pass);

#endif /* AEROCMD_SEMANTIC_PASS_H */
