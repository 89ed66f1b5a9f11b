/* SPDX-License-Identifier: MIT */
/* umd_fake_host.h — the fake's host model (umd_fake_host.c), used by umd_fake.c. */
#ifndef AEROCMD_UMD_FAKE_HOST_H
#define AEROCMD_UMD_FAKE_HOST_H

#include <stdint.h>

#include "aerocmd/umd_fake.h"

/* Applies one submitted stream to the model. */
void aerocmd_priv_umd_fake_host_apply(struct aerocmd_umd_fake *f, const uint8_t *cmd,
                                      uint32_t cmd_bytes);
/* Frees the model. */
void aerocmd_priv_umd_fake_host_release(struct aerocmd_umd_fake *f);

#endif /* AEROCMD_UMD_FAKE_HOST_H */
