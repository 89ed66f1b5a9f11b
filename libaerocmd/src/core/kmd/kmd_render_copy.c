/* SPDX-License-Identifier: MIT */
/* aerocmd_priv_kmd_render_copy.c — moving user command bytes into the DMA buffer, each byte read
 * once.
 *
 * Everything this file decides is decided from the DMA copy: a packet's size is read from
 * the 8 header bytes already copied, never from user memory. */
#include <stddef.h>

#include "aerocmd/decode.h"
#include "kmd_bytes.h"
#include "kmd_render_internal.h"

static uint32_t copy_in(const struct aerocmd_kmd_render_args *args, uint32_t dma_offset,
                        uint32_t user_offset, uint32_t len, struct aerocmd_kmd_fault *fault)
{
    const uint8_t *src = (const uint8_t *)args->user_cmd + user_offset;
    if (len == 0)
        return AEROCMD_R_NONE;
    if (args->copy(args->copy_user, (uint8_t *)args->dma + dma_offset, src, len) != 0) {
        kmd_set_fault(fault, AEROCMD_KMD_R_COPY_FAULT, dma_offset, 0);
        return AEROCMD_KMD_R_COPY_FAULT;
    }
    return AEROCMD_R_NONE;
}

static void write_stream_header(uint8_t *dma, uint32_t abi_version, uint32_t size_bytes)
{
    struct aerogpu_cmd_stream_header h;
    memset(&h, 0, sizeof h);
    h.magic = AEROGPU_CMD_STREAM_MAGIC;
    h.abi_version = abi_version;
    h.size_bytes = size_bytes;
    memcpy(dma, &h, sizeof h);
}

/* First call: the user's own header, checked from its copy. */
static uint32_t copy_header(const struct aerocmd_kmd_render_args *args,
                            struct kmd_copy_outcome *copied, struct aerocmd_kmd_fault *fault)
{
    struct aerocmd_stream stream;
    struct aerocmd_diag diag;
    uint32_t len =
        args->user_cmd_len < KMD_STREAM_HEADER_BYTES ? args->user_cmd_len : KMD_STREAM_HEADER_BYTES;
    uint32_t reason = copy_in(args, 0, 0, len, fault);
    if (reason != AEROCMD_R_NONE)
        return reason;
    /* Only the header is read here; buf_len tells the opener how long the user buffer is. */
    if (aerocmd_stream_open(&stream, args->dma, args->user_cmd_len, &diag) != AEROCMD_OK) {
        kmd_set_fault(fault, diag.reason, diag.offset, diag.opcode);
        return diag.reason;
    }
    copied->abi_version = stream.abi_version;
    copied->stream_size = stream.size_bytes;
    copied->user_next = KMD_STREAM_HEADER_BYTES;
    return AEROCMD_R_NONE;
}

/* Continuation: the header comes from the first call's, kept in kernel memory. */
static uint32_t resume_header(const struct aerocmd_kmd_validator *v,
                              const struct aerocmd_kmd_render_args *args,
                              struct kmd_copy_outcome *copied, struct aerocmd_kmd_fault *fault)
{
    if (v->split_stream_size == 0 || args->multipass_offset != v->split_next_offset ||
        v->split_stream_size > args->user_cmd_len) {
        kmd_set_fault(fault, AEROCMD_KMD_R_CONTINUATION, 0, 0);
        return AEROCMD_KMD_R_CONTINUATION;
    }
    copied->abi_version = v->split_abi_version;
    copied->stream_size = v->split_stream_size;
    copied->user_next = args->multipass_offset;
    return AEROCMD_R_NONE;
}

static uint32_t framing_reason(uint32_t size, uint32_t remaining)
{
    if (size < KMD_PACKET_HEADER_BYTES)
        return AEROCMD_R_PACKET_SIZE_TOO_SMALL;
    if (size % 4u != 0)
        return AEROCMD_R_PACKET_SIZE_UNALIGNED;
    if (size > remaining)
        return AEROCMD_R_PACKET_PAST_END;
    return AEROCMD_R_NONE;
}

/* Copies one packet at the outcome's position if it fits; *fits = 0 when it does not. */
static uint32_t copy_one_packet(const struct aerocmd_kmd_render_args *args,
                                struct kmd_copy_outcome *c, int *fits,
                                struct aerocmd_kmd_fault *fault)
{
    const uint8_t *hdr = (const uint8_t *)args->dma + c->dma_used;
    uint32_t remaining = c->stream_size - c->user_next, size, reason;

    *fits = 0;
    if (args->dma_capacity - c->dma_used < KMD_PACKET_HEADER_BYTES)
        return AEROCMD_R_NONE;
    if (remaining < KMD_PACKET_HEADER_BYTES) {
        /* a truncated tail: copied so the validator reports it at its place */
        *fits = 1;
        reason = copy_in(args, c->dma_used, c->user_next, remaining, fault);
        c->dma_used += remaining;
        c->user_next += remaining;
        return reason;
    }
    reason = copy_in(args, c->dma_used, c->user_next, KMD_PACKET_HEADER_BYTES, fault);
    if (reason != AEROCMD_R_NONE)
        return reason;
    size = aerocmd_load_u32(hdr + offsetof(struct aerogpu_cmd_hdr, size_bytes));
    reason = framing_reason(size, remaining);
    if (reason != AEROCMD_R_NONE) {
        kmd_set_fault(fault, reason, c->dma_used, aerocmd_load_u32(hdr));
        return reason;
    }
    if (size > args->dma_capacity - c->dma_used)
        return AEROCMD_R_NONE;
    reason = copy_in(args, c->dma_used + KMD_PACKET_HEADER_BYTES,
                     c->user_next + KMD_PACKET_HEADER_BYTES, size - KMD_PACKET_HEADER_BYTES, fault);
    *fits = 1;
    c->dma_used += size;
    c->user_next += size;
    return reason;
}

static uint32_t copy_packets(const struct aerocmd_kmd_render_args *args, struct kmd_copy_outcome *c,
                             struct aerocmd_kmd_fault *fault)
{
    uint32_t remaining = c->stream_size - c->user_next, first = c->user_next, reason;
    int fits = 1;

    c->dma_used = KMD_STREAM_HEADER_BYTES;
    if (remaining <= args->dma_capacity - KMD_STREAM_HEADER_BYTES) {
        reason = copy_in(args, c->dma_used, c->user_next, remaining, fault);
        c->dma_used += remaining;
        c->user_next += remaining;
        return reason;
    }
    while (fits && c->user_next < c->stream_size) {
        reason = copy_one_packet(args, c, &fits, fault);
        if (reason != AEROCMD_R_NONE)
            return reason;
    }
    if (c->user_next == first) {
        /* the header of the packet that did not fit was copied only if there was room */
        kmd_set_fault(fault, AEROCMD_KMD_R_PACKET_EXCEEDS_DMA, c->dma_used,
                      args->dma_capacity - c->dma_used >= KMD_PACKET_HEADER_BYTES
                          ? aerocmd_load_u32((const uint8_t *)args->dma + c->dma_used)
                          : 0);
        return AEROCMD_KMD_R_PACKET_EXCEEDS_DMA;
    }
    return AEROCMD_R_NONE;
}

uint32_t aerocmd_priv_kmd_render_copy(const struct aerocmd_kmd_validator *v,
                                      const struct aerocmd_kmd_render_args *args,
                                      struct kmd_copy_outcome *copied,
                                      struct aerocmd_kmd_fault *fault)
{
    uint32_t reason = args->multipass_offset == 0 ? copy_header(args, copied, fault)
                                                  : resume_header(v, args, copied, fault);
    if (reason != AEROCMD_R_NONE)
        return reason;
    reason = copy_packets(args, copied, fault);
    if (reason != AEROCMD_R_NONE)
        return reason;
    write_stream_header((uint8_t *)args->dma, copied->abi_version, copied->dma_used);
    return AEROCMD_R_NONE;
}
