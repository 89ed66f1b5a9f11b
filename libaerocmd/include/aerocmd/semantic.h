/* SPDX-License-Identifier: MIT */
/* semantic.h — cross-packet validation of command streams (kernel-safe core).
 *
 * An optional pass after structural validation: it follows object lifetimes through a
 * guest's streams and checks that every handle names a live object of the right kind,
 * that guest-backed resources fit the allocations the submission lists, and that copies,
 * uploads, dirty ranges and views stay inside their resources.
 *
 * The tracker lives in caller memory: one record per live handle (buffer, texture,
 * texture view, shader, input layout, sampler, imported alias; one guest-wide namespace)
 * and per exported share token, in a hash table whose buckets are balanced trees, so no set
 * of handles a guest can choose makes a lookup cost more than O(log n). It never allocates.
 * State persists across aerocmd_semantic_check_stream calls so a trace's submissions can
 * be checked in order; aerocmd_semantic_reset forgets everything. */
#ifndef AEROCMD_SEMANTIC_H
#define AEROCMD_SEMANTIC_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/decode.h"
#include "aerocmd/result.h"
#include "aerocmd/submission.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* Treat as opaque; the fields are here only so callers can place it anywhere. Besides the
 * objects it follows the one pipeline state a rule needs across packets and submissions:
 * the vertex shader bound (the stream's own binding state persists across submissions). */
struct aerocmd_semantic {
    void *records;          /* private record pool inside the caller's memory */
    uint32_t *buckets;      /* one tree root (pool index, 0 = empty) per bucket */
    uint32_t bucket_count;  /* a power of two */
    uint32_t shift;         /* 32 - log2(bucket_count), for hashing */
    uint32_t live;          /* records in use */
    uint32_t max_live;      /* records the pool holds */
    uint32_t next_unused;   /* pool records never handed out start here */
    uint32_t free_list;     /* records given back, linked through their tree links */
    uint32_t vertex_shader; /* handle BIND_SHADERS bound as vertex shader; 0: none */
    uint32_t flags;         /* AEROCMD_SEMANTIC_*, from aerocmd_semantic_init_ex */
    uint32_t next_identity; /* the last identity given to a created resource */
};

/* The tracker sees every stream of the guest from its start (a whole capture, the reference
 * executor), not one device's (the kernel driver's tracker): then a share token no stream
 * exported does not exist, and importing it is SHARE_TOKEN_UNKNOWN. Without the flag such an
 * import is some other process's surface, an alias of unknown kind that passes every
 * resource slot. */
#define AEROCMD_SEMANTIC_GUEST_WIDE 1u

/* Bytes of memory aerocmd_semantic_init needs to track max_objects records at once (live
 * objects plus exported share tokens), alignment slack included. 0 if the count cannot be
 * represented. */
size_t aerocmd_semantic_bytes_for(uint32_t max_objects);

/* Places the tracker in mem (any alignment; it is aligned internally) and empties it.
 * AEROCMD_E_INVALID_ARG when mem is NULL or too small for a minimal table
 * (aerocmd_semantic_bytes_for(1) bytes). */
aerocmd_result aerocmd_semantic_init(struct aerocmd_semantic *st, void *mem, size_t mem_bytes);

/* aerocmd_semantic_init with AEROCMD_SEMANTIC_* flags (other bits: AEROCMD_E_INVALID_ARG).
 * The flags survive aerocmd_semantic_reset. */
aerocmd_result aerocmd_semantic_init_ex(struct aerocmd_semantic *st, void *mem, size_t mem_bytes,
                                        uint32_t flags);

/* Forgets every tracked object and token. */
void aerocmd_semantic_reset(struct aerocmd_semantic *st);

/* Records currently tracked (live objects plus exported tokens). */
uint32_t aerocmd_semantic_count(const struct aerocmd_semantic *st);

/* Checks one opened stream, packet by packet, updating the tracker. The stream should have
 * passed structural validation (aerocmd_validate_stream) first: this pass judges only what
 * spans packets. It still never reads out of bounds on unvalidated input: framing faults
 * come back from the cursor, a fixed struct cut short as PACKET_TOO_SHORT, a binding array
 * shorter than its count as PAYLOAD_LENGTH; other structural faults are not looked for.
 *
 * allocs: the submission's allocation table, or NULL when none was supplied — then the
 * checks that need allocation entries (ALLOC_MISSING, BACKING_OUT_OF_RANGE,
 * WRITEBACK_READONLY) are skipped. A valid table with no entries is not NULL.
 *
 * Besides handles: formats of views and targets (VIEW_FORMAT, TARGET_FORMAT) and a vertex
 * shader at every draw (NO_VERTEX_SHADER; destroying the bound one unbinds it, as the host
 * does). doc/validation-rules.md lists every rule.
 *
 * Faults: AEROCMD_E_MALFORMED, diag = {reason, packet offset, packet opcode}. When the
 * tracker has no room for a new record: AEROCMD_E_OUT_OF_MEMORY with diag reason
 * AEROCMD_R_TRACKER_FULL (the stream is not at fault). On any failure the tracker holds the
 * effects of the packets before the faulty one. */
aerocmd_result aerocmd_semantic_check_stream(struct aerocmd_semantic *st,
                                             const struct aerocmd_stream *stream,
                                             const struct aerocmd_alloc_table_view *allocs,
                                             struct aerocmd_diag *diag);

/* Contexts. The one binding the tracker follows, the bound vertex shader, is a context's
 * (aerogpu_submit_desc.context_id: the host keeps bindings per context). A caller checking
 * the streams of several contexts switches before each one: the running context's binding
 * is kept in `c`, the next one's put back (a vertex shader destroyed meanwhile is bound no
 * more, as the host unbinds it); a context not seen before has none. Start `c` with
 * aerocmd_semantic_contexts_init (context 0 running). A context beyond
 * AEROCMD_SEMANTIC_MAX_CONTEXTS is AEROCMD_E_NOT_IMPLEMENTED, the tracker unchanged. */
#define AEROCMD_SEMANTIC_MAX_CONTEXTS 64u
struct aerocmd_semantic_context {
    uint32_t id;
    uint32_t vertex_shader;
};
struct aerocmd_semantic_contexts {
    uint32_t running; /* the context whose binding the tracker holds */
    uint32_t count;   /* slots kept (the running one's included once it has switched away) */
    struct aerocmd_semantic_context slot[AEROCMD_SEMANTIC_MAX_CONTEXTS];
};
void aerocmd_semantic_contexts_init(struct aerocmd_semantic_contexts *c);
aerocmd_result aerocmd_semantic_switch_context(struct aerocmd_semantic *st,
                                               struct aerocmd_semantic_contexts *c, uint32_t id);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_SEMANTIC_H */
