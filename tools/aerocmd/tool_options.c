/* SPDX-License-Identifier: MIT */
/* tool_options.c — numbers on the command lines of aerocmd render, host and replay. */
#include <string.h>

#include "tool_options.h"

/* Digits at *s into *out (no overflow past max); advances *s. 0 or -1. */
static int digits(const char **s, uint64_t max, uint64_t *out)
{
    const char *p = *s;
    uint64_t v = 0;
    if (*p < '0' || *p > '9')
        return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (max - (uint64_t)(*p - '0')) / 10u)
            return -1;
        v = v * 10u + (uint64_t)(*p - '0');
    }
    *s = p;
    *out = v;
    return 0;
}

int tool_parse_size(const char *text, int suffixes, uint64_t *out)
{
    uint64_t v, unit = 1;
    if (digits(&text, UINT64_MAX, &v) != 0)
        return -1;
    if (suffixes && *text != '\0' && text[1] == '\0') {
        const char *units = "KMG", *at = strchr(units, *text);
        if (at == NULL)
            return -1;
        unit = (uint64_t)1 << (10 * (at - units + 1));
        text++;
    }
    if (*text != '\0' || v > UINT64_MAX / unit)
        return -1;
    *out = v * unit;
    return 0;
}

int tool_parse_time(const char *text, uint32_t *out_ms)
{
    uint64_t v;
    if (digits(&text, UINT32_MAX, &v) != 0)
        return -1;
    if (strcmp(text, "ms") == 0) {
        *out_ms = (uint32_t)v;
        return 0;
    }
    if ((*text != '\0' && strcmp(text, "s") != 0) || v > UINT32_MAX / 1000u)
        return -1;
    *out_ms = (uint32_t)(v * 1000u);
    return 0;
}
