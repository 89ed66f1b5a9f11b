/* SPDX-License-Identifier: MIT */
/* host_client.h — a client of the live host (`aerocmd host`): one connection is one device
 * of the reference executor. Submissions go out with their allocation table and the guest
 * memory of their allocations; a fence completes after the guest memory the device wrote
 * (WRITEBACK_DST copies) is in the caller's memory; the last presented picture can be
 * read back. Wire format: doc/host-protocol.md.
 *
 * Hosted (BSD sockets, or Winsock in Windows builds: link ws2_32); never part of the
 * kernel-safe core or the driver DLLs. Addresses: "tcp:A.B.C.D:PORT" (IPv4, e.g.
 * tcp:127.0.0.1:5000) or "unix:PATH" (not on Windows). Every wait is bounded: a message
 * must arrive (or leave) whole within the I/O timeout, and aerocmd_host_wait takes its own.
 *
 * A client is used by one thread at a time. Its memory comes from the allocator given. */
#ifndef AEROCMD_HOST_CLIENT_H
#define AEROCMD_HOST_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/alloc.h"
#include "aerocmd/result.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

struct aerocmd_host_client;

/* What failed (struct aerocmd_host_error.kind). 1..9 are the host's ERROR kinds
 * (doc/host-protocol.md); the others are found by the client. */
enum aerocmd_host_error_kind {
    AEROCMD_HOST_ERR_NONE = 0,
    AEROCMD_HOST_ERR_PROTOCOL = 1,    /* a message broke the wire format (either side) */
    AEROCMD_HOST_ERR_REFUSED = 2,     /* the submission was refused: diag says where and why */
    AEROCMD_HOST_ERR_WATCHDOG = 3,    /* the submission ran past the host's deadline */
    AEROCMD_HOST_ERR_MEMORY = 4,      /* the device went over its memory budget */
    AEROCMD_HOST_ERR_BUSY = 5,        /* the host serves its maximum number of clients */
    AEROCMD_HOST_ERR_LOST = 6,        /* the device was lost by an earlier error */
    AEROCMD_HOST_ERR_CRASHED = 7,     /* the host's process for this client died */
    AEROCMD_HOST_ERR_HOST = 8,        /* the host could not do it (out of memory, no executor) */
    AEROCMD_HOST_ERR_VERSION = 9,     /* protocol version or ABI major differs */
    AEROCMD_HOST_ERR_CONNECTION = 10, /* connecting failed, the connection closed or timed out */
    AEROCMD_HOST_ERR_ARGUMENT = 11    /* the call's arguments are wrong or over the host's limits */
};

struct aerocmd_host_error {
    aerocmd_result result;
    uint32_t kind;            /* enum aerocmd_host_error_kind */
    struct aerocmd_diag diag; /* REFUSED: the packet's offset, opcode and reason */
    int in_stream;            /* diag.offset is in the command stream (else the alloc table) */
    uint64_t fence;           /* the submission concerned; 0 when none */
    uint32_t submission;      /* its 0-based index on this connection */
    char message[512];        /* one line of English */
};

struct aerocmd_host_options {
    /* A message must leave or arrive whole within this, once begun. 0: 10000 ms. */
    uint32_t io_timeout_ms;
    const struct aerocmd_allocator *allocator; /* NULL: libc */
};

/* What the host announced (its WELCOME). */
struct aerocmd_host_info {
    uint32_t abi_version; /* AEROGPU_ABI_VERSION_U32 of the host */
    uint32_t client_id;
    uint64_t max_message_bytes; /* the largest submission (encoded) the host reads */
    uint64_t max_memory_bytes;
    uint64_t max_work;
    uint32_t deadline_ms;
    uint32_t io_timeout_ms;
};

/* One allocation's guest memory: bytes[0 .. size_bytes) is the allocation from its start.
 * The host writes back into it: it must stay valid and writable until the submission's
 * fence completes (or the client is closed). */
struct aerocmd_host_memory {
    uint32_t alloc_id;
    uint32_t flags; /* the allocation table entry's flags */
    uint64_t gpa;
    void *bytes;
    uint64_t size_bytes;
};

struct aerocmd_host_submission {
    const void *stream; /* stream header + packets */
    size_t stream_len;
    const void *alloc_table; /* aerogpu_alloc_table_header + entries, or NULL */
    size_t alloc_table_len;
    const struct aerocmd_host_memory *memory; /* the array must stay valid until the fence */
    uint32_t memory_count;                    /* at most 4096, each alloc_id once */
    uint64_t fence; /* the value it signals: above the previous one; 0 = previous + 1 */
    /* The context it runs in: the device keeps binding state per context (the guest's
     * aerogpu_submit_desc.context_id; aerocmd_exec_set_context). 0: the first. */
    uint32_t context_id;
};

struct aerocmd_host_completion {
    uint64_t fence;
    uint32_t ranges;        /* written ranges applied */
    uint64_t bytes_written; /* bytes of guest memory written into the caller's memory */
    uint64_t bytes_dropped; /* written into allocations this submission did not send */
    uint32_t present_count; /* PRESENTs the submission ran */
    uint32_t first_present; /* host-wide number of the first (present_NNNN.png), or
                               0xFFFFFFFF */
};

struct aerocmd_host_picture {
    uint32_t present; /* host-wide number, 0xFFFFFFFF: nothing presented yet */
    uint32_t handle;  /* the presented texture; 0 when no render target was bound */
    uint32_t format;  /* aerogpu_format */
    uint32_t width, height;
    int has_pixels; /* width x height x 4 bytes R, G, B, A were (or would be) delivered */
    uint64_t fence; /* of the submission that presented it */
};

/* Connects to `address` and says HELLO with this library's ABI. The host's ERROR (busy,
 * version) is returned as it is. Close with aerocmd_host_close. */
aerocmd_result aerocmd_host_connect(const char *address, const struct aerocmd_host_options *options,
                                    struct aerocmd_host_client **out,
                                    struct aerocmd_host_error *err);
/* Says BYE and closes: the host drops the device and everything of it. NULL is fine. */
void aerocmd_host_close(struct aerocmd_host_client *client);
const struct aerocmd_host_info *aerocmd_host_info(const struct aerocmd_host_client *client);

/* Sends a submission; *fence (may be NULL) gets the value it signals. Earlier answers that
 * arrive meanwhile are taken in (their written ranges applied). DEVICE_REMOVED once the
 * device is lost (err: what lost it); OUT_OF_MEMORY when it would exceed the host's
 * max_message_bytes; INVALID_ARG for a fence not above the previous one. */
aerocmd_result aerocmd_host_submit(struct aerocmd_host_client *client,
                                   const struct aerocmd_host_submission *submission,
                                   uint64_t *fence, struct aerocmd_host_error *err);

/* Waits until `fence` has completed: every range the device wrote for it and for the
 * submissions before it is in the caller's memory. OK; STILL_DRAWING when timeout_ms
 * (0xFFFFFFFF: no limit) passed first (nothing is lost: wait again); DEVICE_REMOVED when
 * the device was lost at or before it (err says why: the refused packet's offset and
 * reason, the watchdog, ...); INVALID_ARG for a fence never submitted. out (may be NULL)
 * describes that fence's completion when this call took it in, else out->fence is 0. */
aerocmd_result aerocmd_host_wait(struct aerocmd_host_client *client, uint64_t fence,
                                 uint32_t timeout_ms, struct aerocmd_host_completion *out,
                                 struct aerocmd_host_error *err);
/* The highest fence completed so far. */
uint64_t aerocmd_host_completed_fence(const struct aerocmd_host_client *client);

/* Ends a context (its Direct3D device context was destroyed): the host drops its binding
 * state, so a later submission naming the same id starts with Direct3D's default state and
 * the id no longer counts against the host's contexts (doc/host-protocol.md, END_CONTEXT).
 * Ordered after every submission sent before it; no answer is awaited. DEVICE_REMOVED when
 * the connection is lost. */
aerocmd_result aerocmd_host_end_context(struct aerocmd_host_client *client, uint32_t context_id,
                                        struct aerocmd_host_error *err);

/* The last picture this device presented, after every submission sent before the call:
 * its pixels (width x height x 4 bytes) into rgba when rgba_capacity holds them, else
 * BUFFER_FULL with *out filled (ask again with room). */
aerocmd_result aerocmd_host_last_picture(struct aerocmd_host_client *client,
                                         struct aerocmd_host_picture *out, void *rgba,
                                         size_t rgba_capacity, struct aerocmd_host_error *err);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_HOST_CLIENT_H */
