/* SPDX-License-Identifier: MIT */
/* kmt_link_nohost.c — a build without the live host's client library: only "none". */
#include "kmt_link.h"

HRESULT kmt_link_host_open(struct kmt_link *link, const char *address)
{
    (void)link;
    aerort_log("AEROCMD_HOST=%s: this runtime was built without the host client", address);
    return E_FAIL;
}

void kmt_link_host_close(struct kmt_link *link)
{
    (void)link;
}

HRESULT kmt_link_host_submit(struct kmt_link *link, const struct kmt_submission *s, uint64_t *fence)
{
    (void)link;
    (void)s;
    (void)fence;
    return E_FAIL;
}

HRESULT kmt_link_host_wait(struct kmt_link *link, uint64_t fence, uint32_t timeout_ms)
{
    (void)link;
    (void)fence;
    (void)timeout_ms;
    return E_FAIL;
}
