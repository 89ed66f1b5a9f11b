/* SPDX-License-Identifier: MIT */
/* fuzz_kmd_render: arbitrary bytes -> the KMD render path (copy, allocation table,
 * structural, policy and semantic checks, DMA-buffer splitting and continuation).
 *
 * Input: [6 config bytes][alloc_count x 12-byte allocation-list entries][command buffer].
 * decode_case says what each byte means; gen_seeds.py writes seeds in this form.
 *
 * Invariants (abort() on violation):
 * - the status is one of the NTSTATUS values kmd_status.h defines, and the one the
 *   status table gives for the reported reason;
 * - SUCCESS and INSUFFICIENT_DMA_BUFFER leave a DMA buffer holding a complete stream that
 *   aerocmd_validate_stream accepts, made of exactly the user packets consumed, and an
 *   allocation table that aerocmd_alloc_table_open accepts; each split makes progress;
 * - any other status leaves nothing to submit;
 * - the copy callback is only ever asked for bytes inside the user buffer. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/kmd_render.h"
#include "aerocmd/submission.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CONFIG_BYTES 6u
#define REF_BYTES    12u
#define MAX_REFS     7u
#define HEADER_BYTES 24u

/* config byte 0 */
#define CFG_REF_COUNT_MASK 0x07u
#define CFG_SYNTH_HEADER   0x08u /* the command bytes are packets only: prepend a header */
#define CFG_TWICE          0x10u /* render the buffer again on the same validator */
#define CFG_NO_TOKEN_CHECK 0x20u
#define CFG_RESERVE        0x40u /* the policy reserves one opcode (byte 5 picks it) */
#define CFG_OLD_DEVICE     0x80u /* the device reports an older minor (byte 5 picks it) */
/* config byte 3 */
#define CFG_TRACKER_MASK 0x3Fu /* tracker room: objects - 1 */
#define CFG_TABLE_SHORT  0x40u /* allocation-table memory short (env_open says how) */

struct kmd_case {
    struct aerocmd_kmd_alloc_ref refs[MAX_REFS];
    uint32_t ref_count;
    uint32_t flags;
    uint32_t dma_capacity;
    uint32_t tracker_objects;
    int table_short;
    uint32_t copy_fail_at;  /* 1-based copy call that faults; 0 none */
    int bogus_continuation; /* continue the first split at a wrong offset */
    uint32_t device_abi;
    uint32_t reserved_opcode;
    const uint8_t *cmd;
    size_t cmd_len;
};

/* User memory as the copy callback sees it. */
struct user_buffer {
    const uint8_t *bytes;
    uint32_t len;
    uint32_t calls;
    uint32_t fail_at;
};

struct render_env {
    struct aerocmd_kmd_validator validator;
    struct aerocmd_kmd_policy policy;
    struct aerocmd_kmd_render_args args;
    struct user_buffer user;
    uint8_t *dma;
    uint8_t *table;
};

static const uint32_t reservable_opcodes[] = {AEROGPU_CMD_FLUSH,
                                              AEROGPU_CMD_PRESENT,
                                              AEROGPU_CMD_DRAW,
                                              AEROGPU_CMD_CREATE_BUFFER,
                                              AEROGPU_CMD_UPLOAD_RESOURCE,
                                              AEROGPU_CMD_EXPORT_SHARED_SURFACE,
                                              AEROGPU_CMD_NOP,
                                              AEROGPU_CMD_CLEAR};

static uint64_t tracker_mem[2048];

static uint32_t load_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* One allocation-list entry: identity, alloc_id, flags, token selector, gpa, size. */
static void decode_ref(const uint8_t *p, struct aerocmd_kmd_alloc_ref *ref)
{
    uint32_t gpa_pages = load_u32(p + 4);
    memset(ref, 0, sizeof *ref);
    ref->identity = p[0];
    ref->alloc_id = p[1] == 0xFFu ? 0x80000001u : p[1];
    ref->flags = p[2] & 1u ? AEROCMD_KMD_ALLOC_REF_WRITE : 0u;
    ref->share_token = p[3] ? 0x5000000000000000ull + p[3] : 0u;
    ref->gpa = gpa_pages == 0xFFFFFFFFu ? UINT64_MAX - 0xFFFu : (uint64_t)gpa_pages << 12;
    ref->size_bytes = load_u32(p + 8);
}

static int decode_case(const uint8_t *data, size_t size, struct kmd_case *c)
{
    uint32_t i, minor;
    if (size < CONFIG_BYTES)
        return 0;
    memset(c, 0, sizeof *c);
    c->flags = data[0];
    c->ref_count = data[0] & CFG_REF_COUNT_MASK;
    c->dma_capacity = 16u + ((uint32_t)data[1] | (uint32_t)data[2] << 8) % 2048u;
    c->tracker_objects = (data[3] & CFG_TRACKER_MASK) + 1u;
    c->table_short = (data[3] & CFG_TABLE_SHORT) != 0;
    c->copy_fail_at = data[4] >= 0xF0u ? data[4] - 0xEFu : 0u;
    c->bogus_continuation = data[4] >= 0xE0u && data[4] < 0xF0u;
    c->reserved_opcode =
        reservable_opcodes[data[5] % (sizeof reservable_opcodes / sizeof reservable_opcodes[0])];
    minor = (data[5] >> 4) & 3u;
    c->device_abi = AEROGPU_ABI_VERSION_U32;
    if (c->flags & CFG_OLD_DEVICE)
        c->device_abi =
            data[5] == 0xFFu ? 0x00020004u : ((uint32_t)AEROGPU_ABI_MAJOR << 16) | minor;
    if (size - CONFIG_BYTES < (size_t)c->ref_count * REF_BYTES)
        return 0;
    for (i = 0; i < c->ref_count; i++)
        decode_ref(data + CONFIG_BYTES + i * REF_BYTES, &c->refs[i]);
    c->cmd = data + CONFIG_BYTES + c->ref_count * REF_BYTES;
    c->cmd_len = size - CONFIG_BYTES - c->ref_count * REF_BYTES;
    return 1;
}

static int copy_user(void *ctx, void *dst, const void *src, size_t len)
{
    struct user_buffer *u = (struct user_buffer *)ctx;
    const uint8_t *from = (const uint8_t *)src;
    if (from < u->bytes || (size_t)(from - u->bytes) > u->len ||
        len > u->len - (size_t)(from - u->bytes))
        abort(); /* the kernel asked for bytes outside the user buffer */
    u->calls++;
    if (u->fail_at != 0 && u->calls == u->fail_at)
        return 1;
    memcpy(dst, src, len);
    return 0;
}

/* The user buffer as an exact-size heap block, so ASan sees any read past its end. */
static uint8_t *make_user_buffer(const struct kmd_case *c, uint32_t *len)
{
    size_t body = c->cmd_len & ~(size_t)3;
    uint8_t *buf;
    if (c->cmd_len > 0x100000u)
        return NULL;
    if (!(c->flags & CFG_SYNTH_HEADER)) {
        *len = (uint32_t)c->cmd_len;
        buf = (uint8_t *)malloc(c->cmd_len ? c->cmd_len : 1u);
        if (buf && c->cmd_len)
            memcpy(buf, c->cmd, c->cmd_len);
        return buf;
    }
    *len = (uint32_t)(HEADER_BYTES + body);
    buf = (uint8_t *)malloc(*len);
    if (buf == NULL)
        return NULL;
    memset(buf, 0, HEADER_BYTES);
    store_u32(buf, AEROGPU_CMD_STREAM_MAGIC);
    store_u32(buf + 4, AEROGPU_ABI_VERSION_U32);
    store_u32(buf + 8, *len);
    if (body)
        memcpy(buf + HEADER_BYTES, c->cmd, body);
    return buf;
}

static int status_known(aerocmd_ntstatus st)
{
    switch (st) {
    case AEROCMD_STATUS_SUCCESS:
    case AEROCMD_STATUS_INVALID_HANDLE:
    case AEROCMD_STATUS_INVALID_PARAMETER:
    case AEROCMD_STATUS_NO_MEMORY:
    case AEROCMD_STATUS_ILLEGAL_INSTRUCTION:
    case AEROCMD_STATUS_INVALID_USER_BUFFER:
    case AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER:
    case AEROCMD_STATUS_GRAPHICS_DRIVER_MISMATCH:
        return 1;
    default:
        return 0;
    }
}

/* The DMA stream and the table of a submittable outcome. `start` is the user offset the
 * call began at (0 on a first call). */
static void check_submittable(const struct render_env *env,
                              const struct aerocmd_kmd_render_out *out, uint32_t start)
{
    struct aerocmd_diag diag;
    struct aerocmd_alloc_table_view view;
    uint32_t used = out->dma_bytes_used, first = start ? start : HEADER_BYTES;

    if (used < HEADER_BYTES || used > env->args.dma_capacity)
        abort();
    if (aerocmd_validate_stream(env->dma, used, &diag) != AEROCMD_OK)
        abort();
    if (load_u32(env->dma + 8) != used)
        abort();
    /* exactly the packets consumed, unchanged */
    if (out->user_bytes_consumed != first + (used - HEADER_BYTES) ||
        out->user_bytes_consumed > env->user.len ||
        memcmp(env->dma + HEADER_BYTES, env->user.bytes + first, used - HEADER_BYTES) != 0)
        abort();
    if (aerocmd_alloc_table_open(&view, env->table, out->alloc_table_bytes, &diag) != AEROCMD_OK ||
        view.entry_count != out->alloc_entry_count || view.size_bytes != out->alloc_table_bytes)
        abort();
    if ((out->submit_flags & ~(uint32_t)AEROGPU_SUBMIT_FLAG_PRESENT) != 0)
        abort();
}

static void check_outcome(const struct render_env *env, aerocmd_ntstatus st,
                          const struct aerocmd_kmd_render_out *out, uint32_t start)
{
    if (!status_known(st) || st != out->status ||
        st != aerocmd_kmd_status_for_reason(out->fault.reason) || out->patch_location_count != 0)
        abort();
    /* a stream fault points inside the DMA buffer */
    if (out->fault.reason >= AEROCMD_R_SHORT_BUFFER &&
        out->fault.reason <= AEROCMD_R_BACKING_OUT_OF_RANGE &&
        out->fault.offset >= env->args.dma_capacity)
        abort();
    if (st == AEROCMD_STATUS_SUCCESS) {
        check_submittable(env, out, start);
        if (out->fault.reason != AEROCMD_R_NONE || out->multipass_offset != 0)
            abort();
    } else if (st == AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER) {
        check_submittable(env, out, start);
        if (out->fault.reason != AEROCMD_KMD_R_DMA_BUFFER_FULL ||
            out->multipass_offset != out->user_bytes_consumed || out->multipass_offset <= start)
            abort();
    } else if (out->dma_bytes_used != 0 || out->user_bytes_consumed != 0 ||
               out->multipass_offset != 0) {
        abort();
    }
}

static aerocmd_ntstatus render_at(struct render_env *env, uint32_t offset,
                                  struct aerocmd_kmd_render_out *out)
{
    aerocmd_ntstatus st;
    env->args.multipass_offset = offset;
    st = aerocmd_kmd_render(&env->validator, &env->args, out);
    check_outcome(env, st, out, offset);
    return st;
}

/* One command buffer through as many DMA buffers as it needs. */
static void render_all(struct render_env *env, int bogus_continuation)
{
    struct aerocmd_kmd_render_out out;
    uint32_t offset = 0, rounds = 0, limit = env->user.len / 8u + 2u;
    aerocmd_ntstatus st;

    do {
        st = render_at(env, offset, &out);
        if (st != AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER)
            return;
        offset = out.multipass_offset;
        if (bogus_continuation) {
            st = render_at(env, offset + 4u, &out);
            if (st != AEROCMD_STATUS_INVALID_PARAMETER ||
                out.fault.reason != AEROCMD_KMD_R_CONTINUATION)
                abort();
            return;
        }
    } while (++rounds < limit);
    abort(); /* every split consumes at least one packet: this many rounds means a loop */
}

static int env_open(struct render_env *env, const struct kmd_case *c)
{
    size_t tracker_bytes = aerocmd_semantic_bytes_for(c->tracker_objects);
    size_t table_bytes = aerocmd_kmd_render_table_bytes_for(c->ref_count);
    memset(env, 0, sizeof *env);
    if (tracker_bytes == 0 || tracker_bytes > sizeof tracker_mem)
        abort();
    /* short: for an even list 8 bytes below the table itself (NO_ROOM unless aliases
     * collapse), for an odd one the table without room for the share-token index (the
     * render path then scans the list per share packet) */
    if (c->table_short)
        table_bytes =
            aerocmd_kmd_alloc_table_bytes_for(c->ref_count) - (c->ref_count % 2 ? 0u : 8u);
    env->user.bytes = make_user_buffer(c, &env->user.len);
    env->dma = (uint8_t *)malloc(c->dma_capacity);
    env->table = (uint8_t *)malloc(table_bytes);
    if (env->user.bytes == NULL || env->dma == NULL || env->table == NULL)
        return 0;
    env->user.fail_at = c->copy_fail_at;
    if (aerocmd_kmd_validator_init(&env->validator, tracker_mem, tracker_bytes) != AEROCMD_OK)
        abort();
    aerocmd_kmd_policy_default(&env->policy, c->device_abi);
    if (c->flags & CFG_NO_TOKEN_CHECK)
        env->policy.flags = 0;
    if (c->flags & CFG_RESERVE) {
        env->policy.reserved_opcodes = &c->reserved_opcode;
        env->policy.reserved_opcode_count = 1;
    }
    env->args.user_cmd = env->user.bytes;
    env->args.user_cmd_len = env->user.len;
    env->args.dma = env->dma;
    env->args.dma_capacity = c->dma_capacity;
    env->args.allocs = c->refs;
    env->args.alloc_count = c->ref_count;
    env->args.alloc_table = env->table;
    env->args.alloc_table_bytes = table_bytes;
    env->args.copy = copy_user;
    env->args.copy_user = &env->user;
    env->args.policy = &env->policy;
    return 1;
}

static void env_close(struct render_env *env)
{
    free((void *)env->user.bytes);
    free(env->dma);
    free(env->table);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct kmd_case c;
    static struct render_env env;

    if (!decode_case(data, size, &c))
        return 0;
    if (env_open(&env, &c)) {
        render_all(&env, c.bogus_continuation);
        if (c.flags & CFG_TWICE)
            render_all(&env, 0);
    }
    env_close(&env);
    return 0;
}
