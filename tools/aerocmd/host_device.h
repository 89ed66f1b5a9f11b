/* SPDX-License-Identifier: MIT */
/* host_device.h — one client's device inside its worker: the executor (created at the
 * first submission, destroyed when the device is lost), the guest memory ranges each
 * submission wrote back, its presents (numbered across the host's life, written as PNGs,
 * the last one kept for GET_PICTURE). */
#ifndef AEROCMD_TOOL_HOST_DEVICE_H
#define AEROCMD_TOOL_HOST_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include "../../libaerocmd/src/host/client/host_wire.h"
#include "aerocmd/exec.h"
#include "host.h"

struct host_range {
    uint32_t alloc_id;
    uint64_t offset, size;
};

struct host_device {
    const struct host_config *cfg;
    struct host_shared *shared;
    struct aerocmd_exec *ex;
    /* the running submission */
    uint64_t fence;
    struct host_range *ranges;
    uint32_t range_count, range_cap;
    int range_failed; /* out of memory for the list: the answer cannot be exact */
    uint32_t present_count, first_present;
    struct aerocmd_exec_memory *memory; /* HOST_WIRE_MEMORY_MAX */
    /* the last picture */
    struct host_wire_picture pic;
    uint8_t *pic_rgba;
    size_t pic_cap;
};

/* 0, or -1 (out of memory). */
int host_device_init(struct host_device *d, const struct host_config *cfg,
                     struct host_shared *shared);
void host_device_release(struct host_device *d);

/* Starts the device's executor (a spare does it before its client arrives). */
aerocmd_result host_device_start(struct host_device *d, struct aerocmd_exec_error *err);
/* Runs a parsed SUBMIT on the device (its executor started first when there is none).
 * AEROCMD_OK: host_device_complete answers it. Otherwise err says why (the executor's
 * refusal with its packet, or that the executor cannot start, in_stream 0 and
 * submission ~0u) and the device is lost: its executor is gone. */
aerocmd_result host_device_submit(struct host_device *d, const struct host_wire_submit *s,
                                  struct aerocmd_exec_error *err);
/* Ends a context of the device (END_CONTEXT): its binding state is dropped. Nothing when
 * the device has no executor (not started yet, or lost). */
void host_device_end_context(struct host_device *d, uint32_t context_id);
/* The COMPLETE of the submission that just ran into o; -1 when it cannot be expressed
 * (the list of ranges ran out of memory, or the answer would be over 4 GiB). */
int host_device_complete(struct host_device *d, struct host_out *o);
/* The PICTURE answer (the last present of this device) into o. */
void host_device_picture(const struct host_device *d, struct host_out *o);

#endif
