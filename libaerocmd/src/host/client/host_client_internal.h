/* SPDX-License-Identifier: MIT */
/* host_client_internal.h — the client's state, shared by host_client.c (connecting,
 * submitting, waiting) and host_client_recv.c (taking in the host's answers). */
#ifndef AEROCMD_HOST_CLIENT_INTERNAL_H
#define AEROCMD_HOST_CLIENT_INTERNAL_H

#include "host_socket.h"

#include "aerocmd/host_client.h"
#include "host_wire.h"

#define CLIENT_PENDING_MAX 64u    /* submissions sent and not yet answered */
#define CLIENT_STAGE_BYTES 65536u /* small pieces of a message gathered before a send */
#define CLIENT_RECV_BYTES  (HOST_WIRE_CONTROL_MAX + 64u)
#define CLIENT_IO_DEFAULT  10000u

struct client_pending {
    uint64_t fence;
    uint32_t submission;
    const struct aerocmd_host_memory *memory;
    uint32_t memory_count;
};

/* Where a PICTURE answer goes while aerocmd_host_last_picture waits for it. */
struct client_picture {
    struct aerocmd_host_picture *out;
    uint8_t *rgba;
    size_t capacity;
    int arrived;
    aerocmd_result result;
};

struct aerocmd_host_client {
    struct aerocmd_allocator alloc;
    host_sock_t sock;
    uint32_t io_timeout_ms;
    struct aerocmd_host_info info;
    uint64_t last_fence; /* of the last SUBMIT sent */
    uint64_t done_fence; /* highest completed */
    uint32_t submissions;
    struct client_pending pending[CLIENT_PENDING_MAX];
    uint32_t pending_head, pending_count;
    struct aerocmd_host_completion last; /* of the last completion taken in */
    int broken; /* the connection is unusable (closed, timed out mid-message, bad answer) */
    int lost;   /* the device is lost: lost_error says why */
    struct aerocmd_host_error lost_error;
    struct client_picture *picture; /* while a PICTURE is awaited */
    uint8_t *stage;                 /* CLIENT_STAGE_BYTES */
    size_t stage_used;
    uint8_t *recv;  /* CLIENT_RECV_BYTES */
    uint32_t cache; /* index of the memory record the last written range used */
};

/* Fills *err (may be NULL) and returns result. */
aerocmd_result aerocmd_priv_client_fail(struct aerocmd_host_error *err, aerocmd_result result,
                                        uint32_t kind, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The connection broke (io: a HOST_IO_* outcome, `during`: what was going on): the device
 * is lost. Returns DEVICE_REMOVED. */
aerocmd_result aerocmd_priv_client_broken(struct aerocmd_host_client *c, int io, const char *during,
                                          struct aerocmd_host_error *err);
/* The host's answer broke the protocol: the device is lost. Returns DEVICE_REMOVED. */
aerocmd_result aerocmd_priv_client_bad_answer(struct aerocmd_host_client *c,
                                              const struct host_wire_diag *diag, const char *what,
                                              struct aerocmd_host_error *err);
/* Takes in the host's next message if its first byte arrives before first_deadline:
 * OK (one message handled), STILL_DRAWING (nothing arrived), or an error (the device
 * lost; err filled). */
aerocmd_result aerocmd_priv_client_take_one(struct aerocmd_host_client *c, uint64_t first_deadline,
                                            struct aerocmd_host_error *err);

#endif /* AEROCMD_HOST_CLIENT_INTERNAL_H */
