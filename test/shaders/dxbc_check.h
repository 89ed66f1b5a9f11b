/* SPDX-License-Identifier: MIT */
/* dxbc_check.h — a DXBC container checked the way the reference executor sees it
 * (aerocmd_exec_check_dxbc: framing, checksum, token walk, then vkd3d-shader's compilation
 * to SPIR-V). The one checker of every container the project emits. */
#ifndef AEROCMD_TEST_DXBC_CHECK_H
#define AEROCMD_TEST_DXBC_CHECK_H

#include <stdio.h>

#include "aerocmd/exec.h"

/* 1 when the container passes; otherwise 0 with the reason on stderr (prefixed by what). */
static int dxbc_ok(const void *dxbc, size_t size, const char *what)
{
    char why[256];
    aerocmd_result r = aerocmd_exec_check_dxbc(dxbc, size, why, sizeof why);
    if (r != AEROCMD_OK)
        fprintf(stderr, "%s: %s\n", what, why);
    return r == AEROCMD_OK;
}

#endif /* AEROCMD_TEST_DXBC_CHECK_H */
