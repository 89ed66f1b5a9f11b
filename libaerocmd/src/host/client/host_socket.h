/* SPDX-License-Identifier: MIT */
/* host_socket.h — the byte stream under the live host's protocol, over BSD sockets or
 * Winsock: addresses (tcp:A.B.C.D:PORT, unix:PATH), connecting, and sending / receiving
 * whole pieces before a deadline on a non-blocking socket. Private to libaerocmd and its
 * tools (`aerocmd host` serves its connections with the same calls). */
#ifndef AEROCMD_HOST_SOCKET_H
#define AEROCMD_HOST_SOCKET_H

#include <stddef.h>
#include <stdint.h>

#ifdef _WIN32
#ifndef _WIN32_WINNT
#define _WIN32_WINNT 0x0601 /* Windows 7: WSAPoll, GetTickCount64 */
#endif
#include <winsock2.h>
typedef SOCKET host_sock_t;
#define HOST_SOCK_NONE INVALID_SOCKET
#else
typedef int host_sock_t;
#define HOST_SOCK_NONE (-1)
#endif

#define HOST_FOREVER    UINT64_MAX /* a deadline that never comes */
#define HOST_UNIX_PATH  108u       /* sockaddr_un's sun_path, NUL included */
#define HOST_ADDR_CHARS 128u       /* room for a formatted address */

struct host_addr {
    int is_unix;
    uint32_t ipv4; /* a.b.c.d as (a << 24) | (b << 16) | (c << 8) | d */
    uint32_t port;
    char path[HOST_UNIX_PATH];
};

/* Outcomes of the I/O calls. */
enum host_io {
    HOST_IO_OK = 0,
    HOST_IO_ERROR = -1,   /* the system refused (errno / WSAGetLastError) */
    HOST_IO_TIMEOUT = -2, /* the deadline passed first */
    HOST_IO_CLOSED = -3   /* the other side closed the connection */
};

/* "tcp:A.B.C.D:PORT" (PORT 0..65535) or "unix:PATH" (PATH shorter than HOST_UNIX_PATH).
 * 0, or -1 when text is neither. */
int aerocmd_priv_host_addr_parse(const char *text, struct host_addr *out);
/* The same text back ("tcp:127.0.0.1:4321"), cut to cap. */
void aerocmd_priv_host_addr_format(const struct host_addr *a, char *out, size_t cap);

/* Milliseconds of a monotonic clock. */
uint64_t aerocmd_priv_host_now_ms(void);
/* now + ms, HOST_FOREVER for UINT32_MAX. */
uint64_t aerocmd_priv_host_deadline(uint32_t ms);

/* Winsock's WSAStartup / WSACleanup (nothing elsewhere). 0 or -1. */
int aerocmd_priv_host_net_start(void);
void aerocmd_priv_host_net_stop(void);

/* Connects (blocking) and makes the socket non-blocking, without Nagle's delay for TCP.
 * HOST_IO_OK or HOST_IO_ERROR (why: a short English reason). */
int aerocmd_priv_host_sock_connect(const struct host_addr *a, host_sock_t *out, char *why,
                                   size_t why_cap);
void aerocmd_priv_host_sock_close(host_sock_t s);
/* Non-blocking, and TCP_NODELAY where it applies (errors ignored: a Unix socket has none). */
void aerocmd_priv_host_sock_setup(host_sock_t s);

#define HOST_WAIT_READ  1
#define HOST_WAIT_WRITE 2
/* Which of `events` (HOST_WAIT_*) s is ready for before the deadline (a hang-up or error
 * counts as both: the next call reports it), 0 when the deadline passed, HOST_IO_ERROR. */
int aerocmd_priv_host_sock_wait(host_sock_t s, int events, uint64_t deadline_ms);
/* As many of len bytes as the socket takes now (*sent, 0 when it would block). */
int aerocmd_priv_host_sock_send_some(host_sock_t s, const void *bytes, size_t len, size_t *sent);
/* All len bytes, before the deadline. */
int aerocmd_priv_host_sock_send(host_sock_t s, const void *bytes, size_t len, uint64_t deadline_ms);
/* Exactly len bytes, before the deadline (HOST_IO_CLOSED at the end of the stream). */
int aerocmd_priv_host_sock_recv(host_sock_t s, void *bytes, size_t len, uint64_t deadline_ms);
/* What a HOST_IO_* outcome means, in English, with the system's reason for errors. */
void aerocmd_priv_host_io_text(int io, char *out, size_t cap);

#endif /* AEROCMD_HOST_SOCKET_H */
