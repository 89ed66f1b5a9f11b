/* SPDX-License-Identifier: MIT */
/* kmt_link.h — the GPU link's state and its live-host implementation (kmt_link_host.c). */
#ifndef KMT_LINK_H
#define KMT_LINK_H

#include "kmt_internal.h"

struct kmt_link {
    uint64_t fence;  /* the last fence submitted */
    void *host;      /* the host connection; NULL for "none" */
    void *in_flight; /* kmt_link_host.c's record of submissions in flight */
};

HRESULT kmt_link_host_open(struct kmt_link *link, const char *address);
void kmt_link_host_close(struct kmt_link *link);
HRESULT kmt_link_host_submit(struct kmt_link *link, const struct kmt_submission *s,
                             uint64_t *fence);
HRESULT kmt_link_host_wait(struct kmt_link *link, uint64_t fence, uint32_t timeout_ms);

/* The host's last picture of the device (GET_PICTURE, answered after every submission sent
 * before it): S_OK with width x height x 4 bytes R, G, B, A in rgba; S_FALSE when it has no
 * pixels or they do not fit `capacity`; AERORT_D3DDDIERR_DEVICEREMOVED when the host is
 * gone. */
struct kmt_picture {
    uint64_t fence; /* of the submission that presented it */
    uint32_t width, height;
};
HRESULT kmt_link_host_picture(struct kmt_link *link, struct kmt_picture *pic, void *rgba,
                              size_t capacity);

#endif
