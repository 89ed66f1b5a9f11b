/* SPDX-License-Identifier: MIT */
/* host.h — `aerocmd host`, the reference executor served live (doc/host.md).
 *
 * One listening process (host_server.c) accepts connections and forks one worker process
 * per client (host_worker.c, with its device in host_device.c): the worker owns the
 * client's executor, so nothing of one client is visible to another, a client that goes
 * away takes everything of its with its process, and a crash inside vkd3d or lavapipe
 * costs one client. The listener never touches Vulkan; it enforces the number of clients,
 * reaps workers, and is the watchdog (a submission past its deadline, a worker over its
 * memory: killed, the client told why). Pictures are numbered across the host's life
 * through a page the processes share (host_shared.c). Built only with the executor. */
#ifndef AEROCMD_TOOL_HOST_H
#define AEROCMD_TOOL_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "../../libaerocmd/src/host/client/host_socket.h"

#define HOST_DEFAULT_MAX_CLIENTS 16u
#define HOST_LIMIT_MAX_CLIENTS   1024u
#define HOST_DEFAULT_MAX_MEMORY  ((uint64_t)1 << 30)
#define HOST_DEFAULT_MAX_MESSAGE ((uint64_t)64 << 20)
#define HOST_LIMIT_MAX_MESSAGE   ((uint64_t)UINT32_MAX)
#define HOST_DEFAULT_DEADLINE_MS 30000u
#define HOST_DEFAULT_IO_MS       10000u
/* What a worker holds beyond its budget and its messages: the process, vkd3d, lavapipe,
 * LLVM's compiled pipelines. */
#define HOST_RSS_OVERHEAD ((uint64_t)384 << 20)

struct host_config {
    struct host_addr listen;
    const char *pictures; /* NULL: no PNGs */
    uint32_t max_clients;
    uint64_t max_memory;  /* the executor's budget for one client */
    uint64_t max_message; /* the largest SUBMIT body */
    uint64_t max_work;    /* the executor's work budget of one submission (0: its default) */
    uint32_t deadline_ms; /* one submission's run */
    uint32_t io_timeout_ms;
    uint64_t rss_overhead; /* HOST_RSS_OVERHEAD, or AEROCMD_HOST_RSS_OVERHEAD (tests) */
    int quiet;
};

/* The resident memory a worker may reach before the watchdog kills it: its budget, two
 * copies of its largest message (as received, and loaded into the executor) and the
 * overhead. */
uint64_t host_rss_limit(const struct host_config *cfg);

/* ---- the page the processes share (host_shared.c) ----------------------------------------- */

/* What a worker is doing, for the watchdog. */
enum host_slot_state {
    HOST_SLOT_FREE = 0,
    HOST_SLOT_IDLE,     /* between messages */
    HOST_SLOT_READING,  /* a message has begun */
    HOST_SLOT_RUNNING,  /* a submission runs: the deadline applies */
    HOST_SLOT_REPLYING, /* an answer is being written: the stream is mid-message */
};

struct host_slot {
    volatile uint32_t state; /* enum host_slot_state */
    volatile uint32_t submission;
    volatile uint64_t fence;
    volatile uint64_t since_ms; /* when the state began */
};

struct host_shared;

/* The page, and a lock for the picture counter that a killed worker cannot keep (an fcntl
 * record lock: the kernel drops it with its process). NULL when it cannot be made. */
struct host_shared *host_shared_create(uint32_t slots);
void host_shared_destroy(struct host_shared *sh);
struct host_slot *host_shared_slot(struct host_shared *sh, uint32_t index);
/* The next picture number of the host's life (0, 1, 2, ...). */
uint32_t host_shared_next_picture(struct host_shared *sh);
/* A worker publishes what it does: state, then the rest. */
void host_slot_set(struct host_slot *slot, uint32_t state, uint32_t submission, uint64_t fence);

/* ---- the listener (host_server.c) and a worker (host_worker.c) ---------------------------- */

/* Serves until SIGINT or SIGTERM. Returns the exit status (0, or 2 when it cannot listen). */
int host_serve(const struct host_config *cfg);

struct host_device;
struct host_worker_args {
    const struct host_config *cfg;
    struct host_shared *shared;
    struct host_slot *slot;
    int fd;
    uint32_t client_id;
    struct host_device *device; /* started ahead (a spare's), or NULL: made here */
};
/* Serves one connection until it ends (and releases the device); returns the worker's
 * exit status. */
int host_worker_run(const struct host_worker_args *args);

/* ---- the spare worker (host_spare.c) ------------------------------------------------------ */

#define HOST_SPARE_FAILED 3 /* exit status of a spare whose device could not start */

/* A spare: starts its device at once, writes one byte on ctl when ready, then waits for
 * the listener to hand it a connection over ctl and serves it (as host_worker_run). */
int host_spare_run(const struct host_worker_args *args, int ctl);
/* The listener's side: passes fd (SCM_RIGHTS) with the client's id. 0, or -1. */
int host_spare_hand_over(int ctl, int fd, uint32_t client_id);
/* Names the calling process ("aerocmd client", "aerocmd spare") where the system can. */
void host_process_name(const char *name);

/* ---- answers (host_reply.c) ----------------------------------------------------------------- */

#define HOST_OUT_BYTES 65536u

/* An answer being written: small pieces gathered, large ones sent as they are, all before
 * one deadline. The first failure (a HOST_IO_* outcome) sticks and the rest is skipped. */
struct host_out {
    int fd;
    uint64_t deadline;
    int failed;
    size_t used;
    uint8_t buf[HOST_OUT_BYTES];
};

void host_out_begin(struct host_out *o, int fd, uint32_t ms);
/* n bytes, and with `pad` the zero bytes up to a multiple of 8. */
void host_out_put(struct host_out *o, const void *bytes, size_t n, int pad);
/* Sends what is gathered: HOST_IO_OK or the first failure. */
int host_out_end(struct host_out *o);

struct host_wire_error;
/* One ERROR message into o. */
void host_out_error(struct host_out *o, const struct host_wire_error *e);
/* Writes one ERROR that closes the connection (kind, result, the submission it concerns
 * and a printf-style text) on fd within `ms`; for the listener (busy, a worker killed or
 * dead) and a worker's protocol faults. */
void host_send_error(int fd, uint32_t kind, uint32_t result, uint64_t fence, uint32_t submission,
                     uint32_t ms, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

#endif
