/* SPDX-License-Identifier: MIT */
/* umd_query.h — Direct3D queries and predication over a protocol that has none (umd layer).
 *
 * The protocol has no query packets, so the driver answers from what it knows: when the
 * submission that ended a query has finished, and which draws and dispatches it sent in
 * between. Every query is answered conservatively, so an application that reads one still
 * renders correctly:
 * - EVENT: TRUE exactly once the fence of the submission that ended it is reached.
 * - OCCLUSION: an estimate of "every sample passed": for each draw ended inside the query,
 *   the area of viewport 0 (width x height) times its instances; 0 only when no draw was
 *   sent. OCCLUSION_PREDICATE: always TRUE (some sample passed).
 * - TIMESTAMP_DISJOINT: Disjoint TRUE (so profilers discard the timestamps) with a
 *   frequency of AEROCMD_UMD_TIMESTAMP_FREQUENCY; TIMESTAMP: the fence of the submission
 *   that ended it (monotonic, not a time).
 * - PIPELINE_STATISTICS: counted from the draws and dispatches sent inside the query.
 *   Exact: IAVertices, IAPrimitives (from the topology), GSInvocations (primitives that
 *   reached a bound geometry shader), HS/DS invocations (0: no tessellation).
 *   Estimates: VSInvocations = IAVertices (no post-transform cache), GSPrimitives =
 *   GSInvocations, CInvocations = CPrimitives = primitives after the geometry stage,
 *   PSInvocations = the OCCLUSION estimate, CSInvocations = thread groups dispatched
 *   (the threads per group are not tracked).
 * - SO_STATISTICS(_STREAMn): 0 written, 0 needed; SO_OVERFLOW_PREDICATE(_STREAMn): FALSE.
 *   Exact: stream output targets cannot be bound, so nothing is ever written.
 *
 * Predication (Direct3D's rule on those answers): while the predicate's data equals the
 * value SetPredication gave, the context's draws, dispatches, clears, copies, updates and
 * GenerateMips send nothing; present and Blt are not predicated.
 *
 * Completion: a query ends with a NOP packet in the open command buffer, so a submission
 * always carries its end. Where the operating system's locks wait (Windows 7,
 * AEROCMD_UMD_CB_LOCK_WAITS) the query owns a small guest allocation listed in that
 * submission, and a lock of it that need not wait means the submission has finished;
 * otherwise the context polls the submission's fence. */
#ifndef AEROCMD_UMD_QUERY_H
#define AEROCMD_UMD_QUERY_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/export.h"
#include "aerocmd/result.h"
#include "aerocmd/umd_device.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

struct aerocmd_umd_query;

/* The Windows DDI's D3D10DDI_QUERY numbering (the same for D3D10, 10.1 and 11; the API
 * numbers differ from 8 on). */
enum aerocmd_umd_query_kind {
    AEROCMD_UMD_QUERY_EVENT = 0,
    AEROCMD_UMD_QUERY_OCCLUSION = 1,
    AEROCMD_UMD_QUERY_TIMESTAMP = 2,
    AEROCMD_UMD_QUERY_TIMESTAMP_DISJOINT = 3,
    AEROCMD_UMD_QUERY_PIPELINE_STATS = 4, /* the 8-counter data of D3D10 */
    AEROCMD_UMD_QUERY_OCCLUSION_PREDICATE = 5,
    AEROCMD_UMD_QUERY_SO_STATS = 6,
    AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE = 7,
    AEROCMD_UMD_QUERY_PIPELINE_STATS_11 = 8,              /* the 11-counter data of D3D11 */
    AEROCMD_UMD_QUERY_SO_STATS_STREAM0 = 9,               /* .. STREAM3 = 12 */
    AEROCMD_UMD_QUERY_SO_OVERFLOW_PREDICATE_STREAM0 = 13, /* .. STREAM3 = 16 */
    AEROCMD_UMD_QUERY_KIND_COUNT = 17
};

/* Ticks per second TIMESTAMP_DISJOINT reports. */
#define AEROCMD_UMD_TIMESTAMP_FREQUENCY 1000000000u

/* GetData flag: answer STILL_DRAWING rather than submit the open command buffer. */
#define AEROCMD_UMD_QUERY_DO_NOT_FLUSH 1u

size_t aerocmd_umd_query_size(void);

/* Bytes of the kind's data in Direct3D's layout (BOOL 4, UINT64 8, TIMESTAMP_DISJOINT 16,
 * PIPELINE_STATISTICS 64 / 88, SO_STATISTICS 16); 0 for a kind that is not one. */
uint32_t aerocmd_umd_query_data_size(uint32_t kind);

/* Every kind can be created under the COMPATIBLE policy (umd_policy.h); OCCLUSION,
 * OCCLUSION_PREDICATE, TIMESTAMP and PIPELINE_STATS(_11), whose answers are approximations,
 * are NOT_IMPLEMENTED under STRICT. INVALID_ARG: kind out of range (counters are not queries
 * here: aerocmd_umd_check_counter refuses them), bad memory. OUT_OF_MEMORY / DEVICE_REMOVED
 * from the callbacks when the query needs its allocation. */
aerocmd_result aerocmd_umd_create_query(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                        uint32_t kind, struct aerocmd_umd_query **out);
/* Unbinds it from predication; its allocation goes once no submission may still list it. */
void aerocmd_umd_destroy_query(struct aerocmd_umd_query *query);

/* Begin starts counting (EVENT and TIMESTAMP have no begin: OK, nothing happens); End
 * without Begin is Begin then End. A second Begin restarts the query. End fails only with
 * the callbacks' errors (OUT_OF_MEMORY, DEVICE_REMOVED) and then leaves the query issued
 * but not ended. */
aerocmd_result aerocmd_umd_query_begin(struct aerocmd_umd_context *ctx,
                                       struct aerocmd_umd_query *query);
aerocmd_result aerocmd_umd_query_end(struct aerocmd_umd_context *ctx,
                                     struct aerocmd_umd_query *query);

/* OK with the data written (min(data_bytes, data size) bytes; data may be NULL to poll);
 * STILL_DRAWING with data untouched while the submission that ended it has not finished,
 * or it is not ended, or (DO_NOT_FLUSH) its end is still in the open command buffer.
 * Without DO_NOT_FLUSH the open buffer holding its end is submitted first. DEVICE_REMOVED
 * once the device is lost, whatever the query's state. */
aerocmd_result aerocmd_umd_query_get_data(struct aerocmd_umd_context *ctx,
                                          struct aerocmd_umd_query *query, void *data,
                                          uint32_t data_bytes, uint32_t flags);

/* SetPredication (NULL: none; see above). AEROCMD_E_INVALID_ARG for a query that is no
 * predicate (OCCLUSION_PREDICATE, SO_OVERFLOW_PREDICATE(_STREAMn)) or of another device. */
aerocmd_result aerocmd_umd_set_predication(struct aerocmd_umd_context *ctx,
                                           struct aerocmd_umd_query *query, int value);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_QUERY_H */
