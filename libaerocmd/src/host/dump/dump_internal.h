/* SPDX-License-Identifier: MIT */
/* dump_internal.h — pieces shared by the files of the dump module. */
#ifndef AEROCMD_DUMP_INTERNAL_H
#define AEROCMD_DUMP_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "aerocmd/decode.h"

/* Where key/value pairs go: "key=value" separated by spaces (text) or "\"key\":value"
 * separated by commas (JSON). `first` suppresses the separator before the next key. */
struct aerocmd_dump_sink {
    FILE *out;
    int json;
    int first;
};

/* Large enough for any single formatted value (longest: a flags set spelled out). */
#define AEROCMD_DUMP_VALUE_MAX 512u

void aerocmd_dump_sink_key(struct aerocmd_dump_sink *sink, const char *key);

/* Little-endian unsigned integer of `size` (1..8) bytes. */
uint64_t aerocmd_dump_read_le(const uint8_t *bytes, unsigned size);

/* One element of `field` (the bytes at `elem`, elem_size long) as text or as a JSON value. */
void aerocmd_dump_format_value(char *buf, size_t cap, const struct aerocmd_field_info *field,
                               const uint8_t *elem, int json);

/* An enum constant without the prefix all constants of its enum share. NULL if `value`
 * is not a member. */
const char *aerocmd_dump_enum_short_name(const struct aerocmd_enum_info *info, uint32_t value);

/* Lower-case hex digits of the bytes, no separators. */
void aerocmd_dump_hex(FILE *out, const uint8_t *bytes, size_t len);

#endif
