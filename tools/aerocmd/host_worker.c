/* SPDX-License-Identifier: MIT */
/* host_worker.c — one client's process: HELLO, then messages one at a time until BYE or the
 * end of the connection. Each message must arrive whole within the I/O timeout once its
 * first byte is there, and is no longer than its type allows (checked on the header, before
 * anything is set aside for the body); anything else ends the connection with an ERROR
 * saying what. A refused submission loses the device (its executor is destroyed) and keeps
 * the connection: later SUBMITs get ERROR `lost`, GET_PICTURE still answers. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "aerocmd/host_client.h"
#include "aerogpu_pci.h"
#include "host_device.h"

struct worker {
    const struct host_worker_args *a;
    struct host_device *dev;
    struct host_device own;
    struct host_out *out;
    uint64_t *scratch; /* the SUBMIT parser's */
    uint64_t last_fence;
    uint32_t submissions;
    int lost;
};

static void say(const struct worker *w, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void say(const struct worker *w, const char *fmt, ...)
{
    char text[600];
    va_list ap;
    if (w->a->cfg->quiet)
        return;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    fprintf(stderr, "aerocmd host: client %u: %s\n", w->a->client_id, text);
}

/* The client broke the protocol: one closing ERROR, and the worker ends. */
static int protocol_fault(struct worker *w, const char *what, const struct host_wire_diag *diag)
{
    char text[400];
    if (diag != NULL)
        snprintf(text, sizeof(text), "%s: offset %u: %s", what, diag->offset,
                 aerocmd_priv_host_fault_text(diag->fault));
    else
        snprintf(text, sizeof(text), "%s", what);
    say(w, "protocol error: %s", text);
    host_slot_set(w->a->slot, HOST_SLOT_REPLYING, w->submissions, 0);
    host_send_error(w->a->fd, AEROCMD_HOST_ERR_PROTOCOL, AEROCMD_E_MALFORMED, 0, w->submissions,
                    w->a->cfg->io_timeout_ms, "%s", text);
    return -1;
}

/* ---- reading ------------------------------------------------------------------------------- */

/* 1: a message (the body in *body, malloc'd); 0: the client closed between messages;
 * -1: the worker ends (ERROR sent when the connection still works). */
static int read_message(struct worker *w, uint64_t first_deadline, struct host_wire_header *h,
                        uint8_t **body)
{
    uint8_t raw[HOST_WIRE_HEADER_BYTES];
    struct host_wire_diag diag;
    uint64_t deadline;
    int io = aerocmd_priv_host_sock_wait(w->a->fd, HOST_WAIT_READ, first_deadline);
    if (io == 0)
        return protocol_fault(w, "no HELLO within the I/O timeout", NULL);
    host_slot_set(w->a->slot, HOST_SLOT_READING, w->submissions, 0);
    deadline = aerocmd_priv_host_deadline(w->a->cfg->io_timeout_ms);
    io = io < 0 ? io : aerocmd_priv_host_sock_recv(w->a->fd, raw, 1, deadline);
    if (io == HOST_IO_CLOSED)
        return 0;
    if (io == HOST_IO_OK)
        io = aerocmd_priv_host_sock_recv(w->a->fd, raw + 1, sizeof(raw) - 1u, deadline);
    if (io == HOST_IO_TIMEOUT)
        return protocol_fault(w, "a message header took longer than the I/O timeout", NULL);
    if (io != HOST_IO_OK)
        return -1;
    if (aerocmd_priv_host_header_parse(raw, w->a->cfg->max_message, h, &diag) != AEROCMD_OK)
        return protocol_fault(w, "message header", &diag);
    *body = malloc(h->body_len != 0 ? h->body_len : 1u);
    if (*body == NULL) {
        host_send_error(w->a->fd, AEROCMD_HOST_ERR_HOST, AEROCMD_E_OUT_OF_MEMORY, 0, w->submissions,
                        w->a->cfg->io_timeout_ms, "no memory for a message of %u bytes",
                        h->body_len);
        return -1;
    }
    io = aerocmd_priv_host_sock_recv(w->a->fd, *body, h->body_len, deadline);
    if (io == HOST_IO_OK)
        return 1;
    free(*body);
    *body = NULL;
    if (io == HOST_IO_TIMEOUT)
        return protocol_fault(w, "a message body took longer than the I/O timeout", NULL);
    return -1;
}

static int hello(struct worker *w)
{
    struct host_wire_welcome wel;
    struct host_wire_header h;
    struct host_wire_diag diag;
    uint8_t *body = NULL, msg[HOST_WIRE_HEADER_BYTES + HOST_WIRE_WELCOME_BYTES];
    uint32_t abi = 0;
    int r = read_message(w, aerocmd_priv_host_deadline(w->a->cfg->io_timeout_ms), &h, &body);
    if (r <= 0)
        return -1;
    if (h.type != HOST_MSG_HELLO)
        diag.fault = HOST_FAULT_TYPE, diag.offset = 4, r = -1;
    else if (aerocmd_priv_host_hello_parse(body, h.body_len, &abi, &diag) != AEROCMD_OK)
        r = -1;
    free(body);
    if (r < 0)
        return protocol_fault(w, "HELLO", &diag);
    if (abi >> 16 != AEROGPU_ABI_MAJOR) {
        host_send_error(w->a->fd, AEROCMD_HOST_ERR_VERSION, AEROCMD_E_NOT_IMPLEMENTED, 0, 0,
                        w->a->cfg->io_timeout_ms,
                        "the client's ABI %u.%u is not of the host's major %u", abi >> 16,
                        abi & 0xFFFFu, (unsigned)AEROGPU_ABI_MAJOR);
        return -1;
    }
    memset(&wel, 0, sizeof(wel));
    wel.abi_version = AEROGPU_ABI_VERSION_U32;
    wel.client_id = w->a->client_id;
    wel.max_message_bytes = w->a->cfg->max_message;
    wel.max_memory_bytes = w->a->cfg->max_memory;
    wel.max_work = w->a->cfg->max_work;
    wel.deadline_ms = w->a->cfg->deadline_ms;
    wel.io_timeout_ms = w->a->cfg->io_timeout_ms;
    aerocmd_priv_host_header_write(msg, HOST_MSG_WELCOME, HOST_WIRE_WELCOME_BYTES);
    aerocmd_priv_host_welcome_write(msg + HOST_WIRE_HEADER_BYTES, &wel);
    return aerocmd_priv_host_sock_send(w->a->fd, msg, sizeof(msg),
                                       aerocmd_priv_host_deadline(w->a->cfg->io_timeout_ms)) ==
                   HOST_IO_OK
               ? 0
               : -1;
}

/* ---- answering ----------------------------------------------------------------------------- */

static int send_refusal(struct worker *w, uint32_t kind, uint64_t fence, uint32_t index,
                        const struct aerocmd_exec_error *err)
{
    struct host_wire_error e;
    memset(&e, 0, sizeof(e));
    e.result = err->result != AEROCMD_OK ? (uint32_t)err->result : AEROCMD_E_DEVICE_REMOVED;
    e.kind = kind;
    e.reason = err->diag.reason;
    e.offset = err->diag.offset;
    e.opcode = err->diag.opcode;
    e.flags = err->in_stream ? HOST_WIRE_ERROR_IN_STREAM : 0;
    e.fence = fence;
    e.submission = index;
    e.text = err->message;
    e.text_len = (uint32_t)strlen(err->message);
    host_out_begin(w->out, w->a->fd, w->a->cfg->io_timeout_ms);
    host_out_error(w->out, &e);
    return host_out_end(w->out) == HOST_IO_OK ? 0 : -1;
}

static int run_submission(struct worker *w, const struct host_wire_submit *s, uint32_t index)
{
    struct aerocmd_exec_error err;
    aerocmd_result r;
    memset(&err, 0, sizeof(err));
    host_slot_set(w->a->slot, HOST_SLOT_RUNNING, index, s->fence);
    r = host_device_submit(w->dev, s, &err);
    host_slot_set(w->a->slot, HOST_SLOT_REPLYING, index, s->fence);
    if (r != AEROCMD_OK) {
        w->lost = 1;
        say(w, "submission %u (fence %llu) refused, device lost: %s", index,
            (unsigned long long)s->fence, err.message);
        return send_refusal(w, AEROCMD_HOST_ERR_REFUSED, s->fence, index, &err);
    }
    host_out_begin(w->out, w->a->fd, w->a->cfg->io_timeout_ms);
    if (host_device_complete(w->dev, w->out) != 0) {
        host_send_error(w->a->fd, AEROCMD_HOST_ERR_HOST, AEROCMD_E_OUT_OF_MEMORY, s->fence, index,
                        w->a->cfg->io_timeout_ms,
                        "the guest memory written back cannot be answered (out of memory)");
        return -1;
    }
    return host_out_end(w->out) == HOST_IO_OK ? 0 : -1;
}

static int on_submit(struct worker *w, const uint8_t *body, uint32_t len)
{
    struct host_wire_submit s;
    struct host_wire_diag diag;
    struct aerocmd_exec_error err;
    uint32_t index = w->submissions;
    if (aerocmd_priv_host_submit_parse(body, len, w->scratch, &s, &diag) != AEROCMD_OK)
        return protocol_fault(w, "SUBMIT", &diag);
    if (s.fence <= w->last_fence)
        return protocol_fault(w, "SUBMIT: the fence is not above the previous one", NULL);
    w->last_fence = s.fence;
    w->submissions++;
    if (!w->lost)
        return run_submission(w, &s, index);
    memset(&err, 0, sizeof(err));
    err.result = AEROCMD_E_DEVICE_REMOVED;
    snprintf(err.message, sizeof(err.message),
             "submission %u (fence %llu) did not run: the device was lost before", index,
             (unsigned long long)s.fence);
    host_slot_set(w->a->slot, HOST_SLOT_REPLYING, index, s.fence);
    return send_refusal(w, AEROCMD_HOST_ERR_LOST, s.fence, index, &err);
}

static int on_message(struct worker *w, const struct host_wire_header *h, const uint8_t *body)
{
    struct host_wire_diag diag;
    uint32_t context_id;
    switch (h->type) {
    case HOST_MSG_SUBMIT:
        return on_submit(w, body, h->body_len);
    case HOST_MSG_GET_PICTURE:
        host_slot_set(w->a->slot, HOST_SLOT_REPLYING, w->submissions, 0);
        host_out_begin(w->out, w->a->fd, w->a->cfg->io_timeout_ms);
        host_device_picture(w->dev, w->out);
        return host_out_end(w->out) == HOST_IO_OK ? 0 : -1;
    case HOST_MSG_END_CONTEXT:
        if (aerocmd_priv_host_end_context_parse(body, h->body_len, &context_id, &diag) !=
            AEROCMD_OK)
            return protocol_fault(w, "END_CONTEXT", &diag);
        host_device_end_context(w->dev, context_id);
        return 0;
    case HOST_MSG_BYE:
        return 1;
    default:
        diag.fault = HOST_FAULT_TYPE, diag.offset = 4;
        return protocol_fault(w, "a message a client does not send", &diag);
    }
}

static void serve(struct worker *w)
{
    if (hello(w) != 0)
        return;
    say(w, "connected%s", w->a->device != NULL ? " (to the spare, its device started)" : "");
    for (;;) {
        struct host_wire_header h;
        uint8_t *body = NULL;
        int r;
        host_slot_set(w->a->slot, HOST_SLOT_IDLE, w->submissions, 0);
        r = read_message(w, HOST_FOREVER, &h, &body);
        if (r <= 0)
            break;
        r = on_message(w, &h, body);
        free(body);
        if (r != 0)
            break;
    }
    say(w, "disconnected after %u submission%s", w->submissions, w->submissions == 1 ? "" : "s");
}

int host_worker_run(const struct host_worker_args *a)
{
    struct worker w;
    memset(&w, 0, sizeof(w));
    w.a = a;
    w.out = malloc(sizeof(*w.out));
    w.scratch = malloc(HOST_WIRE_MEMORY_MAX * sizeof(*w.scratch));
    w.dev = a->device;
    if (w.dev == NULL && host_device_init(&w.own, a->cfg, a->shared) == 0)
        w.dev = &w.own;
    host_process_name("aerocmd client");
    aerocmd_priv_host_sock_setup(a->fd);
    if (w.out == NULL || w.scratch == NULL || w.dev == NULL)
        host_send_error(a->fd, AEROCMD_HOST_ERR_HOST, AEROCMD_E_OUT_OF_MEMORY, 0, 0,
                        a->cfg->io_timeout_ms, "the host has no memory for a client");
    else
        serve(&w);
    host_slot_set(a->slot, HOST_SLOT_IDLE, w.submissions, 0);
    shutdown(a->fd, SHUT_RDWR);
    if (w.dev != NULL)
        host_device_release(w.dev);
    free(w.out);
    free(w.scratch);
    return 0;
}
