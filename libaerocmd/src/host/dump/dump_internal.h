/* SPDX-License-Identifier: MIT */
/* dump_internal.h — pieces shared by the files of the dump module: the dumper's output
 * primitives (everything is formatted straight into its buffer; stdio formatting costs
 * more than the rest of a dump together) and the value formatters. */
#ifndef AEROCMD_DUMP_INTERNAL_H
#define AEROCMD_DUMP_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/dump.h"

/* The most any single put below needs at once; longer texts go through out_mem. */
#define DUMP_OUT_CHUNK 64u

/* Hands the buffer to the FILE. */
void aerocmd_priv_dump_drain(struct aerocmd_dumper *d);

/* Room for n (<= DUMP_OUT_CHUNK) more bytes. */
static inline char *out_room(struct aerocmd_dumper *d, size_t n)
{
    if (sizeof(d->buf) - d->used < n)
        aerocmd_priv_dump_drain(d);
    return d->buf + d->used;
}

static inline void out_char(struct aerocmd_dumper *d, char c)
{
    *out_room(d, 1) = c;
    d->used++;
}

/* Any length: whole buffers' worth go straight to the FILE. */
void aerocmd_priv_dump_mem(struct aerocmd_dumper *d, const void *bytes, size_t len);

static inline void out_mem(struct aerocmd_dumper *d, const void *bytes, size_t len)
{
    if (len <= DUMP_OUT_CHUNK) {
        memcpy(out_room(d, len), bytes, len);
        d->used += len;
        return;
    }
    aerocmd_priv_dump_mem(d, bytes, len);
}

static inline void out_str(struct aerocmd_dumper *d, const char *text)
{
    out_mem(d, text, strlen(text));
}

/* Decimal, hexadecimal ("0x" + at least `min_digits` lower-case digits) and signed. */
void aerocmd_priv_dump_u64(struct aerocmd_dumper *d, uint64_t value);
void aerocmd_priv_dump_hex(struct aerocmd_dumper *d, uint64_t value, unsigned min_digits);
void aerocmd_priv_dump_i64(struct aerocmd_dumper *d, int64_t value);
/* Lower-case hex digits of the bytes, no separators. */
void aerocmd_priv_dump_hex_bytes(struct aerocmd_dumper *d, const uint8_t *bytes, size_t len);

/* "key=" (text, with a space before all but the first) or "\"key\":" (JSON, with a comma
 * before all but the first). *first is cleared. */
void aerocmd_priv_dump_key(struct aerocmd_dumper *d, int *first, const char *key);

/* Little-endian unsigned integer of `size` (1..8) bytes. */
uint64_t aerocmd_priv_dump_read_le(const uint8_t *bytes, unsigned size);

/* One element of `field` (the bytes at `elem`) as text or as a JSON value. */
void aerocmd_priv_dump_value(struct aerocmd_dumper *d, const struct aerocmd_field_info *field,
                             const uint8_t *elem);

/* An enum constant without the prefix all constants of its enum share. NULL if `value`
 * is not a member. The dumper caches each enum's prefix length. */
const char *aerocmd_priv_dump_enum_short_name(struct aerocmd_dumper *d,
                                              const struct aerocmd_enum_info *info, uint32_t value);

#endif
