/* SPDX-License-Identifier: MIT */
/* kmt_link.h — the GPU link's state and its live-host implementation (kmt_link_host.c). */
#ifndef KMT_LINK_H
#define KMT_LINK_H

#include "kmt_internal.h"

/* The process's one link (kmt_link.c): every kernel device of the process is a context of
 * it. refs and contexts change under the process's link guard; fence, host and the host
 * client's state under `lock`; lost is set once with an interlocked exchange. */
struct kmt_link {
    SRWLOCK lock;      /* around submit, wait and picture (taken after a device's lock) */
    uint64_t fence;    /* the last fence submitted */
    void *host;        /* the host connection; NULL for "none" */
    uint32_t refs;     /* the devices using it */
    uint64_t contexts; /* bit i: context i + 1 is a device's */
    struct kmt_recorder *recorder; /* NULL unless AEROCMD_RT_RECORD_DIR is set */
    volatile LONG lost;            /* non-zero once an error lost the connection: every device's */
};

HRESULT kmt_link_host_open(struct kmt_link *link, const char *address);
void kmt_link_host_close(struct kmt_link *link);
HRESULT kmt_link_host_submit(struct kmt_link *link, const struct kmt_submission *s,
                             uint64_t *fence);
HRESULT kmt_link_host_wait(struct kmt_link *link, uint64_t fence, uint32_t timeout_ms);
HRESULT kmt_link_host_end_context(struct kmt_link *link, uint32_t context_id);

/* The host's last picture of the connection (GET_PICTURE, answered after every submission
 * sent before it, whichever context sent it): S_OK with width x height x 4 bytes R, G, B, A
 * in rgba; S_FALSE when it has no pixels or they do not fit `capacity`;
 * AERORT_D3DDDIERR_DEVICEREMOVED when the host is gone. Under the link's lock. */
struct kmt_picture {
    uint64_t fence; /* of the submission that presented it */
    uint32_t width, height;
};
HRESULT kmt_link_host_picture(struct kmt_link *link, struct kmt_picture *pic, void *rgba,
                              size_t capacity);
/* The same under the link's lock (kmt_link.c). */
HRESULT kmt_link_picture(struct kmt_link *link, struct kmt_picture *pic, void *rgba,
                         size_t capacity);

#endif
