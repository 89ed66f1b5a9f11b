/* SPDX-License-Identifier: MIT */
/* host_client.c — a client of the live host (aerocmd/host_client.h): connecting with
 * HELLO / WELCOME, sending submissions (their pieces gathered into few sends, the host's
 * answers taken in whenever they arrive meanwhile so that neither side waits on the other),
 * waiting for fences, and asking for the last picture. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "aerogpu_pci.h"
#include "host_client_internal.h"

aerocmd_result aerocmd_priv_client_fail(struct aerocmd_host_error *err, aerocmd_result result,
                                        uint32_t kind, const char *fmt, ...)
{
    va_list ap;
    if (err == NULL)
        return result;
    memset(err, 0, sizeof(*err));
    err->result = result;
    err->kind = kind;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof(err->message), fmt, ap);
    va_end(ap);
    return result;
}

static aerocmd_result lost_result(const struct aerocmd_host_client *c,
                                  struct aerocmd_host_error *err)
{
    if (err != NULL)
        *err = c->lost_error;
    return AEROCMD_E_DEVICE_REMOVED;
}

static void lose(struct aerocmd_host_client *c, const struct aerocmd_host_error *why)
{
    if (!c->lost) {
        c->lost = 1;
        c->lost_error = *why;
    }
}

aerocmd_result aerocmd_priv_client_broken(struct aerocmd_host_client *c, int io, const char *during,
                                          struct aerocmd_host_error *err)
{
    struct aerocmd_host_error e;
    char text[256];
    aerocmd_priv_host_io_text(io, text, sizeof(text));
    aerocmd_priv_client_fail(&e, AEROCMD_E_DEVICE_REMOVED, AEROCMD_HOST_ERR_CONNECTION,
                             "the connection to the host failed while %s: %s", during, text);
    c->broken = 1;
    lose(c, &e);
    return lost_result(c, err);
}

aerocmd_result aerocmd_priv_client_bad_answer(struct aerocmd_host_client *c,
                                              const struct host_wire_diag *diag, const char *what,
                                              struct aerocmd_host_error *err)
{
    struct aerocmd_host_error e;
    aerocmd_priv_client_fail(&e, AEROCMD_E_DEVICE_REMOVED, AEROCMD_HOST_ERR_PROTOCOL,
                             "the host's answer breaks the protocol: %s, body offset %u: %s", what,
                             diag->offset, aerocmd_priv_host_fault_text(diag->fault));
    c->broken = 1;
    lose(c, &e);
    return lost_result(c, err);
}

/* ---- sending ------------------------------------------------------------------------------ */

/* Sends n bytes, taking in answers that arrive meanwhile. */
static aerocmd_result send_now(struct aerocmd_host_client *c, const uint8_t *p, size_t n,
                               uint64_t deadline, struct aerocmd_host_error *err)
{
    while (n > 0) {
        size_t sent;
        int ready, io = aerocmd_priv_host_sock_send_some(c->sock, p, n, &sent);
        if (io != HOST_IO_OK)
            return aerocmd_priv_client_broken(c, io, "sending", err);
        p += sent, n -= sent;
        if (n == 0)
            break;
        ready = aerocmd_priv_host_sock_wait(c->sock, HOST_WAIT_READ | HOST_WAIT_WRITE, deadline);
        if (ready <= 0)
            return aerocmd_priv_client_broken(c, ready == 0 ? HOST_IO_TIMEOUT : ready, "sending",
                                              err);
        if ((ready & HOST_WAIT_READ) != 0) {
            aerocmd_result r = aerocmd_priv_client_take_one(c, 0, err);
            if (r != AEROCMD_OK && r != AEROCMD_E_STILL_DRAWING)
                return r;
            if (c->broken)
                return lost_result(c, err);
        }
    }
    return AEROCMD_OK;
}

static aerocmd_result flush_stage(struct aerocmd_host_client *c, uint64_t deadline,
                                  struct aerocmd_host_error *err)
{
    aerocmd_result r = send_now(c, c->stage, c->stage_used, deadline, err);
    c->stage_used = 0;
    return r;
}

/* n bytes (and the zero padding to 8 when pad): gathered while small, sent when large. */
static aerocmd_result put(struct aerocmd_host_client *c, const void *p, size_t n, int pad,
                          uint64_t deadline, struct aerocmd_host_error *err)
{
    static const uint8_t zeros[8] = {0};
    size_t k = pad ? (size_t)(host_pad8(n) - n) : 0;
    aerocmd_result r = AEROCMD_OK;
    if (n > CLIENT_STAGE_BYTES - c->stage_used) {
        r = flush_stage(c, deadline, err);
        if (r == AEROCMD_OK && n >= CLIENT_STAGE_BYTES / 2u)
            r = send_now(c, p, n, deadline, err);
        else if (r == AEROCMD_OK && n != 0)
            memcpy(c->stage, p, n), c->stage_used = n;
    } else if (n != 0) {
        memcpy(c->stage + c->stage_used, p, n);
        c->stage_used += n;
    }
    if (r == AEROCMD_OK && k != 0)
        r = put(c, zeros, k, 0, deadline, err);
    return r;
}

/* ---- connecting --------------------------------------------------------------------------- */

static void client_free(struct aerocmd_host_client *c)
{
    struct aerocmd_allocator a = c->alloc;
    aerocmd_priv_host_sock_close(c->sock);
    aerocmd_priv_host_net_stop();
    if (c->stage != NULL)
        a.release(a.user, c->stage, CLIENT_STAGE_BYTES);
    if (c->recv != NULL)
        a.release(a.user, c->recv, CLIENT_RECV_BYTES);
    a.release(a.user, c, sizeof(*c));
}

static aerocmd_result handshake_answer(struct aerocmd_host_client *c,
                                       const struct host_wire_header *h, uint64_t deadline,
                                       struct aerocmd_host_error *err)
{
    struct host_wire_diag diag;
    struct host_wire_welcome w;
    struct host_wire_error we;
    int io = aerocmd_priv_host_sock_recv(c->sock, c->recv, h->body_len, deadline);
    if (io != HOST_IO_OK)
        return aerocmd_priv_client_broken(c, io, "reading the host's WELCOME", err);
    if (h->type == HOST_MSG_ERROR &&
        aerocmd_priv_host_error_parse(c->recv, h->body_len, &we, &diag) == AEROCMD_OK)
        return aerocmd_priv_client_fail(err, (aerocmd_result)we.result, we.kind, "%.*s",
                                        (int)we.text_len, we.text);
    if (h->type != HOST_MSG_WELCOME)
        diag.fault = HOST_FAULT_TYPE, diag.offset = 4;
    else if (aerocmd_priv_host_welcome_parse(c->recv, h->body_len, &w, &diag) == AEROCMD_OK) {
        c->info.abi_version = w.abi_version;
        c->info.client_id = w.client_id;
        c->info.max_message_bytes = w.max_message_bytes;
        c->info.max_memory_bytes = w.max_memory_bytes;
        c->info.max_work = w.max_work;
        c->info.deadline_ms = w.deadline_ms;
        c->info.io_timeout_ms = w.io_timeout_ms;
        return AEROCMD_OK;
    }
    return aerocmd_priv_client_bad_answer(c, &diag, "the answer to HELLO", err);
}

static aerocmd_result handshake(struct aerocmd_host_client *c, struct aerocmd_host_error *err)
{
    uint8_t msg[HOST_WIRE_HEADER_BYTES + HOST_WIRE_HELLO_BYTES];
    struct host_wire_header h;
    struct host_wire_diag diag;
    uint64_t deadline = aerocmd_priv_host_deadline(c->io_timeout_ms);
    int io;
    aerocmd_priv_host_header_write(msg, HOST_MSG_HELLO, HOST_WIRE_HELLO_BYTES);
    aerocmd_priv_host_hello_write(msg + HOST_WIRE_HEADER_BYTES, AEROGPU_ABI_VERSION_U32);
    io = aerocmd_priv_host_sock_send(c->sock, msg, sizeof(msg), deadline);
    if (io == HOST_IO_OK)
        io = aerocmd_priv_host_sock_recv(c->sock, msg, HOST_WIRE_HEADER_BYTES, deadline);
    if (io != HOST_IO_OK)
        return aerocmd_priv_client_broken(c, io, "saying HELLO", err);
    if (aerocmd_priv_host_header_parse(msg, 0, &h, &diag) != AEROCMD_OK)
        return aerocmd_priv_client_bad_answer(c, &diag, "the answer to HELLO", err);
    return handshake_answer(c, &h, deadline, err);
}

static struct aerocmd_host_client *client_new(const struct aerocmd_allocator *a)
{
    struct aerocmd_host_client *c = a->resize(a->user, NULL, 0, sizeof(*c));
    if (c == NULL)
        return NULL;
    memset(c, 0, sizeof(*c));
    c->alloc = *a;
    c->sock = HOST_SOCK_NONE;
    c->stage = a->resize(a->user, NULL, 0, CLIENT_STAGE_BYTES);
    c->recv = a->resize(a->user, NULL, 0, CLIENT_RECV_BYTES);
    if (c->stage == NULL || c->recv == NULL || aerocmd_priv_host_net_start() != 0) {
        if (c->stage != NULL)
            a->release(a->user, c->stage, CLIENT_STAGE_BYTES);
        if (c->recv != NULL)
            a->release(a->user, c->recv, CLIENT_RECV_BYTES);
        a->release(a->user, c, sizeof(*c));
        return NULL;
    }
    return c;
}

aerocmd_result aerocmd_host_connect(const char *address, const struct aerocmd_host_options *options,
                                    struct aerocmd_host_client **out,
                                    struct aerocmd_host_error *err)
{
    const struct aerocmd_allocator *a = options != NULL && options->allocator != NULL
                                            ? options->allocator
                                            : aerocmd_allocator_libc();
    struct aerocmd_host_client *c;
    struct host_addr addr;
    char why[160];
    aerocmd_result r;
    if (out == NULL || aerocmd_priv_host_addr_parse(address, &addr) != 0)
        return aerocmd_priv_client_fail(err, AEROCMD_E_INVALID_ARG, AEROCMD_HOST_ERR_ARGUMENT,
                                        "'%s' is not tcp:A.B.C.D:PORT or unix:PATH",
                                        address != NULL ? address : "(null)");
    *out = NULL;
    if ((c = client_new(a)) == NULL)
        return aerocmd_priv_client_fail(err, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_HOST_ERR_ARGUMENT,
                                        "no memory for a client");
    c->io_timeout_ms =
        options != NULL && options->io_timeout_ms != 0 ? options->io_timeout_ms : CLIENT_IO_DEFAULT;
    if (aerocmd_priv_host_sock_connect(&addr, &c->sock, why, sizeof(why)) != HOST_IO_OK) {
        client_free(c);
        return aerocmd_priv_client_fail(err, AEROCMD_E_DEVICE_REMOVED, AEROCMD_HOST_ERR_CONNECTION,
                                        "cannot connect to %s: %s", address, why);
    }
    r = handshake(c, err);
    if (r != AEROCMD_OK) {
        client_free(c);
        return r;
    }
    *out = c;
    return AEROCMD_OK;
}

void aerocmd_host_close(struct aerocmd_host_client *c)
{
    uint8_t bye[HOST_WIRE_HEADER_BYTES];
    if (c == NULL)
        return;
    if (!c->broken) {
        aerocmd_priv_host_header_write(bye, HOST_MSG_BYE, 0);
        aerocmd_priv_host_sock_send(c->sock, bye, sizeof(bye), aerocmd_priv_host_deadline(1000));
    }
    client_free(c);
}

const struct aerocmd_host_info *aerocmd_host_info(const struct aerocmd_host_client *c)
{
    return c != NULL ? &c->info : NULL;
}

uint64_t aerocmd_host_completed_fence(const struct aerocmd_host_client *c)
{
    return c != NULL ? c->done_fence : 0;
}

/* ---- submissions -------------------------------------------------------------------------- */

/* The SUBMIT body's length, or 0 when it is over max (or has no valid encoding). */
static uint64_t submit_bytes(const struct aerocmd_host_submission *s, uint64_t max)
{
    uint64_t total =
        HOST_WIRE_SUBMIT_BYTES + host_pad8(s->stream_len) + host_pad8(s->alloc_table_len);
    uint32_t i;
    if (total > max)
        return 0;
    for (i = 0; i < s->memory_count; i++) {
        uint64_t size = s->memory[i].size_bytes;
        if (size > max || HOST_WIRE_RECORD_BYTES + host_pad8(size) > max - total)
            return 0;
        total += HOST_WIRE_RECORD_BYTES + host_pad8(size);
    }
    return total;
}

static aerocmd_result check_submission(const struct aerocmd_host_client *c,
                                       const struct aerocmd_host_submission *s,
                                       struct aerocmd_host_error *err)
{
    uint32_t i;
    if (s == NULL || (s->stream == NULL && s->stream_len != 0) ||
        (s->alloc_table == NULL && s->alloc_table_len != 0) ||
        (s->memory == NULL && s->memory_count != 0) || s->memory_count > HOST_WIRE_MEMORY_MAX ||
        s->stream_len > UINT32_MAX || s->alloc_table_len > UINT32_MAX)
        return aerocmd_priv_client_fail(err, AEROCMD_E_INVALID_ARG, AEROCMD_HOST_ERR_ARGUMENT,
                                        "a submission without its stream, table or memory array, "
                                        "or with more than 4096 memory records");
    for (i = 0; i < s->memory_count; i++)
        if (s->memory[i].alloc_id == 0 ||
            (s->memory[i].bytes == NULL && s->memory[i].size_bytes != 0))
            return aerocmd_priv_client_fail(err, AEROCMD_E_INVALID_ARG, AEROCMD_HOST_ERR_ARGUMENT,
                                            "memory record %u has alloc_id 0 or no bytes", i);
    if (s->fence != 0 && s->fence <= c->last_fence)
        return aerocmd_priv_client_fail(err, AEROCMD_E_INVALID_ARG, AEROCMD_HOST_ERR_ARGUMENT,
                                        "fence %llu is not above the previous one (%llu)",
                                        (unsigned long long)s->fence,
                                        (unsigned long long)c->last_fence);
    if (submit_bytes(s, c->info.max_message_bytes) == 0)
        return aerocmd_priv_client_fail(err, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_HOST_ERR_ARGUMENT,
                                        "the submission is larger than the host reads (%llu bytes)",
                                        (unsigned long long)c->info.max_message_bytes);
    return AEROCMD_OK;
}

/* How long the host may take to answer everything sent so far, plus one message. */
static uint64_t answer_deadline(const struct aerocmd_host_client *c)
{
    uint64_t per = (uint64_t)c->info.deadline_ms + c->io_timeout_ms;
    return aerocmd_priv_host_now_ms() + per * (c->pending_count + 1u);
}

static aerocmd_result send_submission(struct aerocmd_host_client *c,
                                      const struct aerocmd_host_submission *s, uint64_t fence,
                                      struct aerocmd_host_error *err)
{
    uint8_t head[HOST_WIRE_HEADER_BYTES + HOST_WIRE_SUBMIT_BYTES];
    uint64_t deadline = aerocmd_priv_host_deadline(c->io_timeout_ms);
    aerocmd_result r;
    uint32_t i;
    aerocmd_priv_host_header_write(head, HOST_MSG_SUBMIT,
                                   (uint32_t)submit_bytes(s, c->info.max_message_bytes));
    aerocmd_priv_host_submit_write(head + HOST_WIRE_HEADER_BYTES, fence, (uint32_t)s->stream_len,
                                   (uint32_t)s->alloc_table_len, s->memory_count, s->context_id);
    r = put(c, head, sizeof(head), 0, deadline, err);
    if (r == AEROCMD_OK)
        r = put(c, s->stream, s->stream_len, 1, deadline, err);
    if (r == AEROCMD_OK)
        r = put(c, s->alloc_table, s->alloc_table_len, 1, deadline, err);
    for (i = 0; r == AEROCMD_OK && i < s->memory_count; i++) {
        const struct aerocmd_host_memory *m = &s->memory[i];
        uint8_t rec[HOST_WIRE_RECORD_BYTES];
        aerocmd_priv_host_record_write(rec, m->alloc_id, m->flags, m->gpa, m->size_bytes);
        r = put(c, rec, sizeof(rec), 0, deadline, err);
        if (r == AEROCMD_OK)
            r = put(c, m->bytes, (size_t)m->size_bytes, 1, deadline, err);
    }
    return r == AEROCMD_OK ? flush_stage(c, deadline, err) : r;
}

aerocmd_result aerocmd_host_submit(struct aerocmd_host_client *c,
                                   const struct aerocmd_host_submission *s, uint64_t *fence,
                                   struct aerocmd_host_error *err)
{
    struct client_pending *p;
    uint64_t value;
    aerocmd_result r;
    if (c == NULL)
        return aerocmd_priv_client_fail(err, AEROCMD_E_INVALID_ARG, AEROCMD_HOST_ERR_ARGUMENT,
                                        "no client");
    if (c->lost)
        return lost_result(c, err);
    if ((r = check_submission(c, s, err)) != AEROCMD_OK)
        return r;
    value = s->fence != 0 ? s->fence : c->last_fence + 1u;
    while (c->pending_count == CLIENT_PENDING_MAX)
        if ((r = aerocmd_priv_client_take_one(c, answer_deadline(c), err)) != AEROCMD_OK)
            return r == AEROCMD_E_STILL_DRAWING
                       ? aerocmd_priv_client_broken(c, HOST_IO_TIMEOUT, "waiting for room", err)
                       : r;
    if (c->lost)
        return lost_result(c, err);
    p = &c->pending[(c->pending_head + c->pending_count) % CLIENT_PENDING_MAX];
    p->fence = value;
    p->submission = c->submissions;
    p->memory = s->memory;
    p->memory_count = s->memory_count;
    c->pending_count++;
    c->last_fence = value;
    c->submissions++;
    if (fence != NULL)
        *fence = value;
    return send_submission(c, s, value, err);
}

aerocmd_result aerocmd_host_wait(struct aerocmd_host_client *c, uint64_t fence, uint32_t timeout_ms,
                                 struct aerocmd_host_completion *out,
                                 struct aerocmd_host_error *err)
{
    uint64_t deadline = aerocmd_priv_host_deadline(timeout_ms);
    if (out != NULL)
        memset(out, 0, sizeof(*out));
    if (c == NULL || fence == 0 || fence > c->last_fence)
        return aerocmd_priv_client_fail(err, AEROCMD_E_INVALID_ARG, AEROCMD_HOST_ERR_ARGUMENT,
                                        "fence %llu was never submitted",
                                        (unsigned long long)fence);
    while (c->done_fence < fence) {
        aerocmd_result r;
        if (c->lost)
            return lost_result(c, err);
        r = aerocmd_priv_client_take_one(c, deadline, err);
        if (r == AEROCMD_E_STILL_DRAWING)
            return aerocmd_priv_client_fail(err, r, AEROCMD_HOST_ERR_NONE,
                                            "fence %llu is not complete yet",
                                            (unsigned long long)fence);
        if (r != AEROCMD_OK)
            return r;
        if (out != NULL && c->last.fence == fence)
            *out = c->last;
    }
    if (err != NULL)
        memset(err, 0, sizeof(*err));
    return AEROCMD_OK;
}

aerocmd_result aerocmd_host_end_context(struct aerocmd_host_client *c, uint32_t context_id,
                                        struct aerocmd_host_error *err)
{
    uint8_t msg[HOST_WIRE_HEADER_BYTES + HOST_WIRE_END_CONTEXT_BYTES];
    uint64_t deadline;
    aerocmd_result r;
    if (c == NULL)
        return aerocmd_priv_client_fail(err, AEROCMD_E_INVALID_ARG, AEROCMD_HOST_ERR_ARGUMENT,
                                        "no client");
    if (c->broken)
        return lost_result(c, err);
    aerocmd_priv_host_header_write(msg, HOST_MSG_END_CONTEXT, HOST_WIRE_END_CONTEXT_BYTES);
    aerocmd_priv_host_end_context_write(msg + HOST_WIRE_HEADER_BYTES, context_id);
    deadline = aerocmd_priv_host_deadline(c->io_timeout_ms);
    r = put(c, msg, sizeof(msg), 0, deadline, err);
    if (r == AEROCMD_OK)
        r = flush_stage(c, deadline, err);
    if (r == AEROCMD_OK && err != NULL)
        memset(err, 0, sizeof(*err));
    return r;
}

aerocmd_result aerocmd_host_last_picture(struct aerocmd_host_client *c,
                                         struct aerocmd_host_picture *out, void *rgba,
                                         size_t rgba_capacity, struct aerocmd_host_error *err)
{
    struct client_picture pic;
    uint8_t ask[HOST_WIRE_HEADER_BYTES];
    aerocmd_result r;
    if (c == NULL || out == NULL)
        return aerocmd_priv_client_fail(err, AEROCMD_E_INVALID_ARG, AEROCMD_HOST_ERR_ARGUMENT,
                                        "no client or no picture description");
    if (c->broken)
        return lost_result(c, err);
    memset(&pic, 0, sizeof(pic));
    pic.out = out;
    pic.rgba = rgba;
    pic.capacity = rgba != NULL ? rgba_capacity : 0;
    aerocmd_priv_host_header_write(ask, HOST_MSG_GET_PICTURE, 0);
    r = put(c, ask, sizeof(ask), 0, aerocmd_priv_host_deadline(c->io_timeout_ms), err);
    if (r == AEROCMD_OK)
        r = flush_stage(c, aerocmd_priv_host_deadline(c->io_timeout_ms), err);
    c->picture = &pic;
    while (r == AEROCMD_OK && !pic.arrived && !c->broken)
        r = aerocmd_priv_client_take_one(c, answer_deadline(c), err);
    c->picture = NULL;
    if (r == AEROCMD_E_STILL_DRAWING)
        return aerocmd_priv_client_broken(c, HOST_IO_TIMEOUT, "waiting for the picture", err);
    if (r != AEROCMD_OK)
        return r;
    if (!pic.arrived || pic.result == AEROCMD_E_DEVICE_REMOVED)
        return lost_result(c, err);
    if (pic.result != AEROCMD_OK)
        return aerocmd_priv_client_fail(err, pic.result, AEROCMD_HOST_ERR_ARGUMENT,
                                        "the picture needs %llu bytes",
                                        (unsigned long long)out->width * out->height * 4u);
    if (err != NULL)
        memset(err, 0, sizeof(*err));
    return AEROCMD_OK;
}
