/* SPDX-License-Identifier: MIT */
/* kmd_render.c — the render path: copy, allocation table, structural and policy checks,
 * semantic checks, and the one place outcomes become NTSTATUS. */
#include <stddef.h>

#include "../common/sort_u64.h"
#include "../decode/decode_kernel.h"
#include "aerocmd/decode.h"
#include "kmd_bytes.h"
#include "kmd_render_internal.h"

void aerocmd_kmd_policy_default(struct aerocmd_kmd_policy *policy, uint32_t device_abi_version)
{
    memset(policy, 0, sizeof *policy);
    policy->device_abi_version = device_abi_version;
    policy->flags = AEROCMD_KMD_POLICY_CHECK_SHARE_TOKENS;
}

aerocmd_result aerocmd_kmd_validator_init(struct aerocmd_kmd_validator *v, void *tracker_mem,
                                          size_t tracker_bytes)
{
    if (v == NULL)
        return AEROCMD_E_INVALID_ARG;
    memset(v, 0, sizeof *v);
    return aerocmd_semantic_init(&v->semantic, tracker_mem, tracker_bytes);
}

void aerocmd_kmd_validator_reset(struct aerocmd_kmd_validator *v)
{
    aerocmd_semantic_reset(&v->semantic);
    v->faulted = 0;
    v->split_abi_version = 0;
    v->split_stream_size = 0;
    v->split_next_offset = 0;
}

size_t aerocmd_kmd_render_table_bytes_for(uint32_t ref_count)
{
    size_t table = aerocmd_kmd_alloc_table_bytes_for(ref_count);
    uint64_t bytes = (uint64_t)table + (uint64_t)ref_count * sizeof(uint64_t);
    return table == 0 || bytes > 0xFFFFFFFFu ? 0 : (size_t)bytes;
}

static int opcode_reserved(const struct aerocmd_kmd_policy *policy, uint32_t opcode)
{
    uint32_t i;
    for (i = 0; i < policy->reserved_opcode_count; i++) {
        if (policy->reserved_opcodes[i] == opcode)
            return 1;
    }
    return 0;
}

static uint32_t opcode_policy(const struct aerocmd_kmd_policy *policy,
                              const struct aerocmd_stream *stream, uint32_t opcode)
{
    const struct aerocmd_opcode_info *info = aerocmd_opcode_info(opcode);
    if (info == NULL)
        return AEROCMD_KMD_R_OPCODE_UNKNOWN;
    if (info->min_abi_minor > aerocmd_stream_abi_minor(stream))
        return AEROCMD_KMD_R_OPCODE_NEWER;
    if (opcode_reserved(policy, opcode))
        return AEROCMD_KMD_R_OPCODE_RESERVED;
    return AEROCMD_R_NONE;
}

/* The share tokens the submission's allocations carry, sorted, in the table memory after
 * the table (aerocmd_kmd_render_table_bytes_for leaves room for them), so that each
 * share-surface packet costs O(log n) however many a stream holds. With less room the list
 * is scanned per packet instead. */
struct kmd_token_index {
    const uint64_t *sorted; /* NULL: scan the list */
    uint32_t count;
};

static void index_tokens(const struct aerocmd_kmd_render_args *args,
                         const struct aerocmd_alloc_table_view *table,
                         struct kmd_token_index *index)
{
    uint64_t *keys = (uint64_t *)(void *)((uint8_t *)args->alloc_table + table->size_bytes);
    size_t room = (args->alloc_table_bytes - table->size_bytes) / sizeof(uint64_t);
    uint32_t i, n = 0;
    index->sorted = NULL;
    index->count = 0;
    for (i = 0; i < args->alloc_count; i++)
        n += args->allocs[i].identity != 0 && args->allocs[i].share_token != 0;
    if (n > room)
        return;
    for (i = 0; i < args->alloc_count; i++)
        if (args->allocs[i].identity != 0 && args->allocs[i].share_token != 0)
            keys[index->count++] = args->allocs[i].share_token;
    aerocmd_priv_sort_u64(keys, index->count);
    index->sorted = keys;
}

static int token_listed(const struct aerocmd_kmd_render_args *args,
                        const struct kmd_token_index *index, uint64_t token)
{
    uint32_t i;
    if (token == 0)
        return 0;
    if (index->sorted != NULL)
        return aerocmd_priv_sorted_u64_has(index->sorted, index->count, token);
    for (i = 0; i < args->alloc_count; i++) {
        if (args->allocs[i].identity != 0 && args->allocs[i].share_token == token)
            return 1;
    }
    return 0;
}

/* Share-surface packets must name a token an allocation of this submission carries. */
static uint32_t token_policy(const struct aerocmd_kmd_render_args *args,
                             const struct kmd_token_index *tokens,
                             const struct aerocmd_packet *packet)
{
    uint32_t token_offset;

    if ((args->policy->flags & AEROCMD_KMD_POLICY_CHECK_SHARE_TOKENS) == 0)
        return AEROCMD_R_NONE;
    if (packet->opcode == AEROGPU_CMD_EXPORT_SHARED_SURFACE)
        token_offset = offsetof(struct aerogpu_cmd_export_shared_surface, share_token);
    else if (packet->opcode == AEROGPU_CMD_IMPORT_SHARED_SURFACE)
        token_offset = offsetof(struct aerogpu_cmd_import_shared_surface, share_token);
    else if (packet->opcode == AEROGPU_CMD_RELEASE_SHARED_SURFACE)
        token_offset = offsetof(struct aerogpu_cmd_release_shared_surface, share_token);
    else
        return AEROCMD_R_NONE;
    /* packet_check has already required the fixed struct, so the token lies inside */
    if (token_listed(args, tokens, aerocmd_load_u64(packet->bytes + token_offset)))
        return AEROCMD_R_NONE;
    return AEROCMD_KMD_R_SHARE_TOKEN_UNLISTED;
}

static uint32_t header_policy(const struct aerocmd_kmd_policy *policy,
                              const struct aerocmd_stream *stream)
{
    uint32_t minor = aerocmd_stream_abi_minor(stream);
    if (minor > AEROGPU_ABI_MINOR || minor > (policy->device_abi_version & 0xFFFFu))
        return AEROCMD_KMD_R_STREAM_MINOR_NEWER;
    return AEROCMD_R_NONE;
}

/* One packet: policy on its opcode, its own structure, then policy on its contents. */
static uint32_t check_packet(const struct aerocmd_kmd_render_args *args,
                             const struct kmd_token_index *tokens,
                             const struct aerocmd_stream *stream,
                             const struct aerocmd_packet *packet, struct aerocmd_diag *diag)
{
    uint32_t reason = opcode_policy(args->policy, stream, packet->opcode);
    if (reason == AEROCMD_R_NONE) {
        if (aerocmd_packet_check(stream, packet, diag) != AEROCMD_OK)
            return diag->reason;
        reason = token_policy(args, tokens, packet);
    }
    return reason;
}

/* Structural validation of the DMA copy plus kernel policy. */
static uint32_t check_structure(const struct aerocmd_kmd_render_args *args,
                                const struct kmd_token_index *tokens, struct aerocmd_stream *stream,
                                uint32_t dma_used, struct aerocmd_kmd_render_out *out)
{
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    struct aerocmd_diag diag;
    uint32_t reason;
    int more;

    if (aerocmd_stream_open(stream, args->dma, dma_used, &diag) != AEROCMD_OK) {
        kmd_set_fault(&out->fault, diag.reason, diag.offset, diag.opcode);
        return diag.reason;
    }
    reason = header_policy(args->policy, stream);
    if (reason != AEROCMD_R_NONE) {
        kmd_set_fault(&out->fault, reason, 0, 0);
        return reason;
    }
    aerocmd_cursor_init(&cursor, stream);
    for (;;) {
        /* the walk vouches for plain packets; the loop judges the rest, one at a time */
        if (args->policy->reserved_opcode_count == 0)
            cursor.offset = aerocmd_priv_decode_kernel_walk(stream, cursor.offset);
        more = aerocmd_cursor_next(&cursor, &packet, &diag);
        if (more <= 0)
            break;
        reason = check_packet(args, tokens, stream, &packet, &diag);
        if (reason != AEROCMD_R_NONE) {
            kmd_set_fault(&out->fault, reason, packet.offset, packet.opcode);
            return reason;
        }
        if (packet.opcode == AEROGPU_CMD_PRESENT || packet.opcode == AEROGPU_CMD_PRESENT_EX)
            out->submit_flags |= AEROGPU_SUBMIT_FLAG_PRESENT;
    }
    if (more < 0) {
        kmd_set_fault(&out->fault, diag.reason, diag.offset, diag.opcode);
        return diag.reason;
    }
    return AEROCMD_R_NONE;
}

static uint32_t check_semantics(struct aerocmd_kmd_validator *v,
                                const struct aerocmd_stream *stream,
                                const struct aerocmd_alloc_table_view *table,
                                struct aerocmd_kmd_fault *fault)
{
    struct aerocmd_diag diag;
    if (aerocmd_semantic_check_stream(&v->semantic, stream, table, &diag) == AEROCMD_OK)
        return AEROCMD_R_NONE;
    /* the tracker now holds part of a stream that will never run */
    v->faulted = 1;
    kmd_set_fault(fault, diag.reason, diag.offset, diag.opcode);
    return diag.reason;
}

static int args_usable(const struct aerocmd_kmd_validator *v,
                       const struct aerocmd_kmd_render_args *args)
{
    return v != NULL && args != NULL && args->copy != NULL && args->policy != NULL &&
           args->dma != NULL && args->dma_capacity >= KMD_STREAM_HEADER_BYTES &&
           (args->user_cmd != NULL || args->user_cmd_len == 0) &&
           (args->allocs != NULL || args->alloc_count == 0) &&
           (args->policy->reserved_opcodes != NULL || args->policy->reserved_opcode_count == 0);
}

static uint32_t precondition(const struct aerocmd_kmd_validator *v,
                             const struct aerocmd_kmd_render_args *args)
{
    if (!args_usable(v, args))
        return AEROCMD_KMD_R_BAD_ARGUMENT;
    if ((args->policy->device_abi_version >> 16) != AEROGPU_ABI_MAJOR)
        return AEROCMD_KMD_R_DEVICE_ABI;
    if (v->faulted)
        return AEROCMD_KMD_R_CONTEXT_FAULTED;
    return AEROCMD_R_NONE;
}

static uint32_t build_table(const struct aerocmd_kmd_render_args *args,
                            struct aerocmd_alloc_table_view *table,
                            struct aerocmd_kmd_render_out *out)
{
    if (aerocmd_kmd_alloc_table_build(args->allocs, args->alloc_count, args->alloc_table,
                                      args->alloc_table_bytes, table, &out->fault) != AEROCMD_OK)
        return out->fault.reason;
    out->alloc_table_bytes = table->size_bytes;
    out->alloc_entry_count = table->entry_count;
    return AEROCMD_R_NONE;
}

/* After a fully validated copy: either done, or a split to continue. */
static uint32_t finish(struct aerocmd_kmd_validator *v, const struct kmd_copy_outcome *copied,
                       struct aerocmd_kmd_render_out *out)
{
    out->dma_bytes_used = copied->dma_used;
    out->user_bytes_consumed = copied->user_next;
    if (copied->user_next >= copied->stream_size) {
        v->split_stream_size = 0;
        v->split_next_offset = 0;
        return AEROCMD_R_NONE;
    }
    v->split_abi_version = copied->abi_version;
    v->split_stream_size = copied->stream_size;
    v->split_next_offset = copied->user_next;
    out->multipass_offset = copied->user_next;
    kmd_set_fault(&out->fault, AEROCMD_KMD_R_DMA_BUFFER_FULL, copied->dma_used, 0);
    return AEROCMD_KMD_R_DMA_BUFFER_FULL;
}

static uint32_t render_steps(struct aerocmd_kmd_validator *v,
                             const struct aerocmd_kmd_render_args *args,
                             struct aerocmd_kmd_render_out *out)
{
    struct kmd_copy_outcome copied;
    struct aerocmd_alloc_table_view table;
    struct kmd_token_index tokens;
    struct aerocmd_stream stream;
    uint32_t reason;

    memset(&copied, 0, sizeof copied);
    reason = aerocmd_priv_kmd_render_copy(v, args, &copied, &out->fault);
    if (reason == AEROCMD_R_NONE)
        reason = build_table(args, &table, out);
    if (reason == AEROCMD_R_NONE) {
        index_tokens(args, &table, &tokens);
        reason = check_structure(args, &tokens, &stream, copied.dma_used, out);
    }
    if (reason == AEROCMD_R_NONE)
        reason = check_semantics(v, &stream, &table, &out->fault);
    if (reason == AEROCMD_R_NONE)
        reason = finish(v, &copied, out);
    return reason;
}

aerocmd_ntstatus aerocmd_kmd_render(struct aerocmd_kmd_validator *v,
                                    const struct aerocmd_kmd_render_args *args,
                                    struct aerocmd_kmd_render_out *out)
{
    uint32_t reason;

    memset(out, 0, sizeof *out);
    reason = precondition(v, args);
    if (reason != AEROCMD_R_NONE)
        kmd_set_fault(&out->fault, reason, 0, 0);
    else
        reason = render_steps(v, args, out);
    if (reason != AEROCMD_R_NONE && reason != AEROCMD_KMD_R_DMA_BUFFER_FULL) {
        out->dma_bytes_used = 0;
        out->user_bytes_consumed = 0;
        out->submit_flags = 0;
        if (v != NULL) {
            v->split_stream_size = 0;
            v->split_next_offset = 0;
        }
    }
    out->status = aerocmd_kmd_status_for_reason(reason);
    return out->status;
}
