/* SPDX-License-Identifier: MIT */
/* host_socket.c — BSD sockets and Winsock behind one small interface (host_socket.h). The
 * sockets are non-blocking: every send and receive waits with poll (WSAPoll) for at most
 * the time left before its deadline, so no peer can hold a caller longer than it allows. */
#ifdef _WIN32
#include "host_socket.h"
#include <windows.h>
#else
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_socket.h"

#ifdef _WIN32
#define HOST_WOULD_BLOCK(e) ((e) == WSAEWOULDBLOCK)
#define HOST_INTERRUPTED(e) ((e) == WSAEINTR)
#define HOST_SEND_FLAGS     0
typedef int host_len_t;
static int last_error(void)
{
    return WSAGetLastError();
}
#else
#define HOST_WOULD_BLOCK(e) ((e) == EAGAIN || (e) == EWOULDBLOCK)
#define HOST_INTERRUPTED(e) ((e) == EINTR)
#define HOST_SEND_FLAGS     MSG_NOSIGNAL
typedef size_t host_len_t;
static int last_error(void)
{
    return errno;
}
#endif

/* ---- addresses ----------------------------------------------------------------------------- */

/* A decimal number up to max at *s (no sign, no leading zeros but "0"); advances *s. */
static int parse_number(const char **s, uint32_t max, uint32_t *out)
{
    const char *p = *s;
    uint32_t v = 0;
    if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] >= '0' && p[1] <= '9'))
        return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
        v = v * 10u + (uint32_t)(*p - '0');
        if (v > max)
            return -1;
    }
    *s = p;
    *out = v;
    return 0;
}

static int parse_tcp(const char *s, struct host_addr *out)
{
    uint32_t part, i;
    out->ipv4 = 0;
    for (i = 0; i < 4; i++) {
        if (parse_number(&s, 255, &part) != 0 || *s++ != (i < 3 ? '.' : ':'))
            return -1;
        out->ipv4 = out->ipv4 << 8 | part;
    }
    return parse_number(&s, 65535, &out->port) == 0 && *s == '\0' ? 0 : -1;
}

int aerocmd_priv_host_addr_parse(const char *text, struct host_addr *out)
{
    size_t n;
    memset(out, 0, sizeof(*out));
    if (text == NULL)
        return -1;
    if (strncmp(text, "tcp:", 4) == 0)
        return parse_tcp(text + 4, out);
    if (strncmp(text, "unix:", 5) != 0)
        return -1;
    n = strlen(text + 5);
    if (n == 0 || n >= HOST_UNIX_PATH)
        return -1;
    out->is_unix = 1;
    memcpy(out->path, text + 5, n + 1);
    return 0;
}

void aerocmd_priv_host_addr_format(const struct host_addr *a, char *out, size_t cap)
{
    if (a->is_unix)
        snprintf(out, cap, "unix:%s", a->path);
    else
        snprintf(out, cap, "tcp:%u.%u.%u.%u:%u", (unsigned)(a->ipv4 >> 24),
                 (unsigned)(a->ipv4 >> 16 & 255u), (unsigned)(a->ipv4 >> 8 & 255u),
                 (unsigned)(a->ipv4 & 255u), (unsigned)a->port);
}

/* ---- time ---------------------------------------------------------------------------------- */

uint64_t aerocmd_priv_host_now_ms(void)
{
#ifdef _WIN32
    return (uint64_t)GetTickCount64();
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
#endif
}

uint64_t aerocmd_priv_host_deadline(uint32_t ms)
{
    return ms == UINT32_MAX ? HOST_FOREVER : aerocmd_priv_host_now_ms() + ms;
}

/* ---- sockets ------------------------------------------------------------------------------- */

int aerocmd_priv_host_net_start(void)
{
#ifdef _WIN32
    WSADATA data;
    return WSAStartup(MAKEWORD(2, 2), &data) == 0 ? 0 : -1;
#else
    return 0;
#endif
}

void aerocmd_priv_host_net_stop(void)
{
#ifdef _WIN32
    WSACleanup();
#endif
}

void aerocmd_priv_host_sock_close(host_sock_t s)
{
    if (s == HOST_SOCK_NONE)
        return;
#ifdef _WIN32
    closesocket(s);
#else
    close(s);
#endif
}

void aerocmd_priv_host_sock_setup(host_sock_t s)
{
    int one = 1;
#ifdef _WIN32
    u_long nonblocking = 1;
    ioctlsocket(s, FIONBIO, &nonblocking);
#else
    int flags = fcntl(s, F_GETFL);
    if (flags >= 0)
        fcntl(s, F_SETFL, flags | O_NONBLOCK);
#endif
    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, (const char *)&one, sizeof(one));
}

static void system_text(int code, char *out, size_t cap)
{
#ifdef _WIN32
    snprintf(out, cap, "Winsock error %d", code);
#else
    snprintf(out, cap, "%s", strerror(code));
#endif
}

int aerocmd_priv_host_sock_connect(const struct host_addr *a, host_sock_t *out, char *why,
                                   size_t why_cap)
{
    host_sock_t s;
    int r;
    *out = HOST_SOCK_NONE;
    if (a->is_unix) {
#ifdef _WIN32
        snprintf(why, why_cap, "Unix sockets are not supported here; use tcp:");
        return HOST_IO_ERROR;
#else
        struct sockaddr_un local;
        memset(&local, 0, sizeof(local));
        local.sun_family = AF_UNIX;
        memcpy(local.sun_path, a->path, strlen(a->path) + 1);
        s = socket(AF_UNIX, SOCK_STREAM, 0);
        r = s == HOST_SOCK_NONE ? -1 : connect(s, (struct sockaddr *)&local, sizeof(local));
#endif
    } else {
        struct sockaddr_in sin;
        memset(&sin, 0, sizeof(sin));
        sin.sin_family = AF_INET;
        sin.sin_port = htons((uint16_t)a->port);
        sin.sin_addr.s_addr = htonl(a->ipv4);
        s = socket(AF_INET, SOCK_STREAM, 0);
        r = s == HOST_SOCK_NONE ? -1 : connect(s, (struct sockaddr *)&sin, sizeof(sin));
    }
    if (r != 0) {
        system_text(last_error(), why, why_cap);
        aerocmd_priv_host_sock_close(s);
        return HOST_IO_ERROR;
    }
    aerocmd_priv_host_sock_setup(s);
    *out = s;
    return HOST_IO_OK;
}

/* Milliseconds until the deadline for poll: -1 forever, 0 passed. */
static int wait_ms(uint64_t deadline_ms)
{
    uint64_t now;
    if (deadline_ms == HOST_FOREVER)
        return -1;
    now = aerocmd_priv_host_now_ms();
    if (now >= deadline_ms)
        return 0;
    return deadline_ms - now > 1000000u ? 1000000 : (int)(deadline_ms - now);
}

int aerocmd_priv_host_sock_wait(host_sock_t s, int events, uint64_t deadline_ms)
{
    for (;;) {
        int ms = wait_ms(deadline_ms), r, ready = 0;
#ifdef _WIN32
        WSAPOLLFD p;
        p.fd = s;
        p.events = (short)((events & HOST_WAIT_READ ? POLLRDNORM : 0) |
                           (events & HOST_WAIT_WRITE ? POLLWRNORM : 0));
        p.revents = 0;
        r = WSAPoll(&p, 1, ms);
        ready = (p.revents & (POLLRDNORM | POLLHUP | POLLERR | POLLNVAL) ? HOST_WAIT_READ : 0) |
                (p.revents & (POLLWRNORM | POLLHUP | POLLERR | POLLNVAL) ? HOST_WAIT_WRITE : 0);
#else
        struct pollfd p;
        p.fd = s;
        p.events = (short)((events & HOST_WAIT_READ ? POLLIN : 0) |
                           (events & HOST_WAIT_WRITE ? POLLOUT : 0));
        p.revents = 0;
        r = poll(&p, 1, ms);
        ready = (p.revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL) ? HOST_WAIT_READ : 0) |
                (p.revents & (POLLOUT | POLLHUP | POLLERR | POLLNVAL) ? HOST_WAIT_WRITE : 0);
#endif
        if (r > 0 && (ready & events) != 0)
            return ready & events;
        if (r >= 0 && (ms == 0 || aerocmd_priv_host_now_ms() >= deadline_ms))
            return 0;
        if (r < 0 && !HOST_INTERRUPTED(last_error()))
            return HOST_IO_ERROR;
    }
}

int aerocmd_priv_host_sock_send_some(host_sock_t s, const void *bytes, size_t len, size_t *sent)
{
    size_t piece = len > (1u << 30) ? (size_t)1 << 30 : len;
    long n = (long)send(s, (const char *)bytes, (host_len_t)piece, HOST_SEND_FLAGS);
    *sent = n > 0 ? (size_t)n : 0;
    if (n >= 0 || HOST_WOULD_BLOCK(last_error()) || HOST_INTERRUPTED(last_error()))
        return HOST_IO_OK;
    return HOST_IO_ERROR;
}

int aerocmd_priv_host_sock_send(host_sock_t s, const void *bytes, size_t len, uint64_t deadline_ms)
{
    const char *p = bytes;
    while (len > 0) {
        size_t sent;
        int r = aerocmd_priv_host_sock_send_some(s, p, len, &sent);
        if (r != HOST_IO_OK)
            return r;
        p += sent, len -= sent;
        if (len == 0)
            break;
        r = aerocmd_priv_host_sock_wait(s, HOST_WAIT_WRITE, deadline_ms);
        if (r <= 0)
            return r == 0 ? HOST_IO_TIMEOUT : HOST_IO_ERROR;
    }
    return HOST_IO_OK;
}

int aerocmd_priv_host_sock_recv(host_sock_t s, void *bytes, size_t len, uint64_t deadline_ms)
{
    char *p = bytes;
    while (len > 0) {
        size_t piece = len > (1u << 30) ? (size_t)1 << 30 : len;
        long n = (long)recv(s, p, (host_len_t)piece, 0);
        if (n > 0) {
            p += n, len -= (size_t)n;
            continue;
        }
        if (n == 0)
            return HOST_IO_CLOSED;
        if (!HOST_WOULD_BLOCK(last_error()) && !HOST_INTERRUPTED(last_error()))
            return HOST_IO_ERROR;
        n = aerocmd_priv_host_sock_wait(s, HOST_WAIT_READ, deadline_ms);
        if (n <= 0)
            return n == 0 ? HOST_IO_TIMEOUT : HOST_IO_ERROR;
    }
    return HOST_IO_OK;
}

void aerocmd_priv_host_io_text(int io, char *out, size_t cap)
{
    char sys[128];
    switch (io) {
    case HOST_IO_TIMEOUT:
        snprintf(out, cap, "timed out");
        break;
    case HOST_IO_CLOSED:
        snprintf(out, cap, "the connection was closed");
        break;
    case HOST_IO_ERROR:
        system_text(last_error(), sys, sizeof(sys));
        snprintf(out, cap, "connection failed: %s", sys);
        break;
    default:
        snprintf(out, cap, "ok");
        break;
    }
}
