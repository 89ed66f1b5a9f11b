/* SPDX-License-Identifier: MIT */
/* host_reply.c — how the host writes its answers: gathered into few sends, each bounded by
 * the I/O deadline, so a client that stops reading costs at most that long. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../../libaerocmd/src/host/client/host_wire.h"
#include "host.h"

void host_out_begin(struct host_out *o, int fd, uint32_t ms)
{
    o->fd = fd;
    o->deadline = aerocmd_priv_host_deadline(ms);
    o->failed = HOST_IO_OK;
    o->used = 0;
}

static void flush(struct host_out *o)
{
    if (o->failed == HOST_IO_OK && o->used != 0)
        o->failed = aerocmd_priv_host_sock_send(o->fd, o->buf, o->used, o->deadline);
    o->used = 0;
}

void host_out_put(struct host_out *o, const void *bytes, size_t n, int pad)
{
    static const uint8_t zeros[8] = {0};
    size_t k = pad ? (size_t)(host_pad8(n) - n) : 0;
    if (o->failed != HOST_IO_OK)
        return;
    if (n > sizeof(o->buf) - o->used) {
        flush(o);
        if (n >= sizeof(o->buf) / 2u) {
            if (o->failed == HOST_IO_OK)
                o->failed = aerocmd_priv_host_sock_send(o->fd, bytes, n, o->deadline);
            n = 0;
        }
    }
    if (n != 0)
        memcpy(o->buf + o->used, bytes, n), o->used += n;
    if (k != 0)
        host_out_put(o, zeros, k, 0);
}

int host_out_end(struct host_out *o)
{
    flush(o);
    return o->failed;
}

void host_out_error(struct host_out *o, const struct host_wire_error *e)
{
    uint8_t msg[HOST_WIRE_HEADER_BYTES + HOST_WIRE_ERROR_BYTES + HOST_WIRE_TEXT_MAX + 8];
    size_t len = aerocmd_priv_host_error_write(msg + HOST_WIRE_HEADER_BYTES, e);
    aerocmd_priv_host_header_write(msg, HOST_MSG_ERROR, (uint32_t)len);
    host_out_put(o, msg, HOST_WIRE_HEADER_BYTES + len, 0);
}

void host_send_error(int fd, uint32_t kind, uint32_t result, uint64_t fence, uint32_t submission,
                     uint32_t ms, const char *fmt, ...)
{
    struct host_wire_error e;
    struct host_out o;
    char text[HOST_WIRE_TEXT_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    memset(&e, 0, sizeof(e));
    e.result = result;
    e.kind = kind;
    e.flags = HOST_WIRE_ERROR_CLOSING;
    e.fence = fence;
    e.submission = submission;
    e.text = text;
    e.text_len = (uint32_t)strlen(text);
    host_out_begin(&o, fd, ms);
    host_out_error(&o, &e);
    host_out_end(&o);
}
