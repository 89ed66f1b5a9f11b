/* SPDX-License-Identifier: MIT */
/* version.c — the version this library was built as (kernel-safe: constants only). */
#include "aerocmd/version.h"

const char *aerocmd_version(void)
{
    return AEROCMD_VERSION_STRING;
}

uint32_t aerocmd_version_number(void)
{
    return AEROCMD_VERSION_NUMBER;
}
