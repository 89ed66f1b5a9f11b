/* SPDX-License-Identifier: MIT */
/* host_client_recv.c — the client taking in the host's answers, one message at a time:
 * COMPLETE (written ranges go straight into the caller's memory of that submission),
 * ERROR (the device is lost), PICTURE (into the caller's buffer). Nothing the host says is
 * trusted: a range lands only inside memory the caller sent with the same submission, and
 * every length is checked before bytes are read. */
#include <stdio.h>
#include <string.h>

#include "host_client_internal.h"

static aerocmd_result recv_bytes(struct aerocmd_host_client *c, void *buf, size_t n,
                                 uint64_t deadline, const char *what,
                                 struct aerocmd_host_error *err)
{
    int io = aerocmd_priv_host_sock_recv(c->sock, buf, n, deadline);
    return io == HOST_IO_OK ? AEROCMD_OK : aerocmd_priv_client_broken(c, io, what, err);
}

/* Reads and forgets n bytes. */
static aerocmd_result skip_bytes(struct aerocmd_host_client *c, uint64_t n, uint64_t deadline,
                                 struct aerocmd_host_error *err)
{
    while (n > 0) {
        size_t piece = n < CLIENT_RECV_BYTES ? (size_t)n : CLIENT_RECV_BYTES;
        aerocmd_result r = recv_bytes(c, c->recv, piece, deadline, "reading an answer", err);
        if (r != AEROCMD_OK)
            return r;
        n -= piece;
    }
    return AEROCMD_OK;
}

/* The zero padding after n bytes that end at body offset `at`. */
static aerocmd_result take_padding(struct aerocmd_host_client *c, uint64_t n, uint64_t at,
                                   uint64_t deadline, struct aerocmd_host_error *err)
{
    uint8_t pad[8];
    size_t k = (size_t)(host_pad8(n) - n), i;
    aerocmd_result r = recv_bytes(c, pad, k, deadline, "reading an answer", err);
    for (i = 0; r == AEROCMD_OK && i < k; i++)
        if (pad[i] != 0) {
            struct host_wire_diag diag;
            diag.fault = HOST_FAULT_PADDING, diag.offset = (uint32_t)(at + i);
            return aerocmd_priv_client_bad_answer(c, &diag, "COMPLETE or PICTURE", err);
        }
    return r;
}

/* The memory record of `p` for alloc_id, or NULL (the caller did not send it). */
static const struct aerocmd_host_memory *
record_of(struct aerocmd_host_client *c, const struct client_pending *p, uint32_t alloc_id)
{
    uint32_t i;
    if (c->cache < p->memory_count && p->memory[c->cache].alloc_id == alloc_id)
        return &p->memory[c->cache];
    for (i = 0; i < p->memory_count; i++)
        if (p->memory[i].alloc_id == alloc_id) {
            c->cache = i;
            return &p->memory[i];
        }
    return NULL;
}

/* One written range at body offset *at (with *left bytes of body from there on). */
static aerocmd_result take_range(struct aerocmd_host_client *c, const struct client_pending *p,
                                 uint64_t *at, uint64_t *left, uint64_t deadline,
                                 struct aerocmd_host_error *err)
{
    const struct aerocmd_host_memory *m;
    struct host_wire_record rg;
    struct host_wire_diag diag;
    uint8_t head[HOST_WIRE_RECORD_BYTES];
    aerocmd_result r = recv_bytes(c, head, sizeof(head), deadline, "reading a completion", err);
    if (r != AEROCMD_OK)
        return r;
    if (aerocmd_priv_host_range_parse(head, *at, *left, &rg, &diag) != AEROCMD_OK)
        return aerocmd_priv_client_bad_answer(c, &diag, "COMPLETE", err);
    m = record_of(c, p, rg.alloc_id);
    if (m != NULL && (rg.address > m->size_bytes || rg.size_bytes > m->size_bytes - rg.address)) {
        diag.fault = HOST_FAULT_FIELD, diag.offset = (uint32_t)(*at + 8);
        return aerocmd_priv_client_bad_answer(c, &diag,
                                              "COMPLETE (a range outside the memory sent)", err);
    }
    if (m != NULL) {
        r = recv_bytes(c, (uint8_t *)m->bytes + rg.address, (size_t)rg.size_bytes, deadline,
                       "reading a completion", err);
        c->last.bytes_written += rg.size_bytes;
        c->last.ranges++;
    } else {
        r = skip_bytes(c, rg.size_bytes, deadline, err);
        c->last.bytes_dropped += rg.size_bytes;
    }
    if (r == AEROCMD_OK)
        r = take_padding(c, rg.size_bytes, *at + HOST_WIRE_RECORD_BYTES + rg.size_bytes, deadline,
                         err);
    *at += HOST_WIRE_RECORD_BYTES + host_pad8(rg.size_bytes);
    *left -= HOST_WIRE_RECORD_BYTES + host_pad8(rg.size_bytes);
    return r;
}

static void pop_pending(struct aerocmd_host_client *c)
{
    c->pending_head = (c->pending_head + 1u) % CLIENT_PENDING_MAX;
    c->pending_count--;
}

static aerocmd_result take_complete(struct aerocmd_host_client *c, uint32_t body_len,
                                    uint64_t deadline, struct aerocmd_host_error *err)
{
    uint8_t head[HOST_WIRE_COMPLETE_BYTES];
    struct host_wire_complete cp;
    struct host_wire_diag diag;
    const struct client_pending *p = &c->pending[c->pending_head];
    uint64_t at = HOST_WIRE_COMPLETE_BYTES, left;
    uint32_t i;
    aerocmd_result r = recv_bytes(c, head, sizeof(head), deadline, "reading a completion", err);
    if (r != AEROCMD_OK)
        return r;
    if (aerocmd_priv_host_complete_parse(head, body_len, &cp, &diag) != AEROCMD_OK)
        return aerocmd_priv_client_bad_answer(c, &diag, "COMPLETE", err);
    if (c->pending_count == 0 || p->fence != cp.fence) {
        diag.fault = HOST_FAULT_FIELD, diag.offset = 0;
        return aerocmd_priv_client_bad_answer(c, &diag, "COMPLETE (not the next fence)", err);
    }
    memset(&c->last, 0, sizeof(c->last));
    c->cache = 0;
    left = body_len - at;
    for (i = 0; r == AEROCMD_OK && i < cp.range_count; i++)
        r = take_range(c, p, &at, &left, deadline, err);
    if (r == AEROCMD_OK && left != 0) {
        diag.fault = HOST_FAULT_LAYOUT, diag.offset = (uint32_t)at;
        return aerocmd_priv_client_bad_answer(c, &diag, "COMPLETE", err);
    }
    if (r != AEROCMD_OK)
        return r;
    c->last.fence = cp.fence;
    c->last.present_count = cp.present_count;
    c->last.first_present = cp.first_present;
    c->done_fence = cp.fence;
    pop_pending(c);
    return AEROCMD_OK;
}

static void error_from_wire(const struct host_wire_error *w, struct aerocmd_host_error *e)
{
    size_t n = w->text_len < sizeof(e->message) - 1u ? w->text_len : sizeof(e->message) - 1u;
    memset(e, 0, sizeof(*e));
    e->result = (aerocmd_result)w->result;
    e->kind = w->kind;
    e->diag.reason = (aerocmd_reason)w->reason;
    e->diag.offset = w->offset;
    e->diag.opcode = w->opcode;
    e->in_stream = (w->flags & HOST_WIRE_ERROR_IN_STREAM) != 0;
    e->fence = w->fence;
    e->submission = w->submission;
    memcpy(e->message, w->text, n);
    e->message[n] = '\0';
}

static aerocmd_result take_error(struct aerocmd_host_client *c, uint32_t body_len,
                                 uint64_t deadline, struct aerocmd_host_error *err)
{
    struct host_wire_error w;
    struct host_wire_diag diag;
    struct aerocmd_host_error e;
    aerocmd_result r = recv_bytes(c, c->recv, body_len, deadline, "reading an error", err);
    if (r != AEROCMD_OK)
        return r;
    if (aerocmd_priv_host_error_parse(c->recv, body_len, &w, &diag) != AEROCMD_OK)
        return aerocmd_priv_client_bad_answer(c, &diag, "ERROR", err);
    error_from_wire(&w, &e);
    if (c->pending_count != 0 && w.fence != 0 && c->pending[c->pending_head].fence == w.fence)
        pop_pending(c);
    if (!c->lost) {
        c->lost = 1;
        c->lost_error = e;
    }
    if ((w.flags & HOST_WIRE_ERROR_CLOSING) != 0)
        c->broken = 1;
    if (c->picture != NULL && (c->broken || w.fence == 0)) {
        c->picture->arrived = 1;
        c->picture->result = e.result;
    }
    return AEROCMD_OK;
}

static aerocmd_result take_picture(struct aerocmd_host_client *c, uint32_t body_len,
                                   uint64_t deadline, struct aerocmd_host_error *err)
{
    struct client_picture *pic = c->picture;
    uint8_t head[HOST_WIRE_PICTURE_BYTES];
    struct host_wire_picture wp;
    struct host_wire_diag diag;
    uint64_t n;
    aerocmd_result r = recv_bytes(c, head, sizeof(head), deadline, "reading a picture", err);
    if (r != AEROCMD_OK)
        return r;
    if (aerocmd_priv_host_picture_parse(head, body_len, &wp, &diag) != AEROCMD_OK)
        return aerocmd_priv_client_bad_answer(c, &diag, "PICTURE", err);
    memset(pic->out, 0, sizeof(*pic->out));
    pic->out->present = wp.present;
    pic->out->handle = wp.handle;
    pic->out->format = wp.format;
    pic->out->width = wp.width;
    pic->out->height = wp.height;
    pic->out->has_pixels = wp.flags != 0;
    pic->out->fence = wp.fence;
    pic->result = AEROCMD_OK;
    n = wp.flags != 0 ? (uint64_t)wp.width * wp.height * 4u : 0;
    if (n != 0 && n <= pic->capacity && pic->rgba != NULL)
        r = recv_bytes(c, pic->rgba, (size_t)n, deadline, "reading a picture", err);
    else if (n != 0) {
        r = skip_bytes(c, n, deadline, err);
        pic->result = AEROCMD_E_BUFFER_FULL;
    }
    if (r == AEROCMD_OK)
        r = take_padding(c, n, HOST_WIRE_PICTURE_BYTES + n, deadline, err);
    pic->arrived = r == AEROCMD_OK;
    return r;
}

aerocmd_result aerocmd_priv_client_take_one(struct aerocmd_host_client *c, uint64_t first_deadline,
                                            struct aerocmd_host_error *err)
{
    uint8_t raw[HOST_WIRE_HEADER_BYTES];
    struct host_wire_header h;
    struct host_wire_diag diag;
    uint64_t deadline;
    aerocmd_result r;
    int ready;
    if (c->broken)
        return aerocmd_priv_client_broken(c, HOST_IO_CLOSED, "waiting for an answer", err);
    ready = aerocmd_priv_host_sock_wait(c->sock, HOST_WAIT_READ, first_deadline);
    if (ready == 0)
        return AEROCMD_E_STILL_DRAWING;
    if (ready < 0)
        return aerocmd_priv_client_broken(c, ready, "waiting for an answer", err);
    deadline = aerocmd_priv_host_deadline(c->io_timeout_ms);
    r = recv_bytes(c, raw, sizeof(raw), deadline, "reading an answer", err);
    if (r != AEROCMD_OK)
        return r;
    if (aerocmd_priv_host_header_parse(raw, UINT32_MAX, &h, &diag) != AEROCMD_OK)
        return aerocmd_priv_client_bad_answer(c, &diag, "a message header", err);
    switch (h.type) {
    case HOST_MSG_COMPLETE:
        return take_complete(c, h.body_len, deadline, err);
    case HOST_MSG_ERROR:
        return take_error(c, h.body_len, deadline, err);
    case HOST_MSG_PICTURE:
        if (c->picture != NULL)
            return take_picture(c, h.body_len, deadline, err);
        break;
    default:
        break;
    }
    diag.fault = HOST_FAULT_TYPE, diag.offset = 4;
    return aerocmd_priv_client_bad_answer(c, &diag, "a message the client did not ask for", err);
}
