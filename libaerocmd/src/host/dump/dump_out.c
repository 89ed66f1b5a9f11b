/* SPDX-License-Identifier: MIT */
/* The dumper's buffer and its number formatting. */
#include "dump_internal.h"

static const char hex_digits[] = "0123456789abcdef";

void aerocmd_dumper_init(struct aerocmd_dumper *d, FILE *out, enum aerocmd_dump_format format,
                         uint32_t flags)
{
    d->out = out;
    d->json = format == AEROCMD_DUMP_JSON;
    d->flags = flags;
    d->write_failed = 0;
    d->used = 0;
    memset(d->enum_keys, 0, sizeof(d->enum_keys));
    memset(d->enum_prefix, 0, sizeof(d->enum_prefix));
}

static void write_out(struct aerocmd_dumper *d, const void *bytes, size_t len)
{
    if (len != 0 && fwrite(bytes, 1, len, d->out) != len)
        d->write_failed = 1;
}

void aerocmd_priv_dump_drain(struct aerocmd_dumper *d)
{
    write_out(d, d->buf, d->used);
    d->used = 0;
}

void aerocmd_priv_dump_mem(struct aerocmd_dumper *d, const void *bytes, size_t len)
{
    const char *p = (const char *)bytes;
    size_t room = sizeof(d->buf) - d->used;
    if (len <= room) {
        memcpy(d->buf + d->used, p, len);
        d->used += len;
        return;
    }
    aerocmd_priv_dump_drain(d);
    if (len >= sizeof(d->buf)) {
        write_out(d, p, len);
        return;
    }
    memcpy(d->buf, p, len);
    d->used = len;
}

void aerocmd_dumper_write(struct aerocmd_dumper *d, const void *bytes, size_t len)
{
    out_mem(d, bytes, len);
}

int aerocmd_dumper_flush(struct aerocmd_dumper *d)
{
    aerocmd_priv_dump_drain(d);
    return d->write_failed ? -1 : 0;
}

void aerocmd_priv_dump_u64(struct aerocmd_dumper *d, uint64_t value)
{
    char digits[20];
    char *p = out_room(d, sizeof(digits));
    unsigned n = 0, i;
    if (value < 10) {
        *p = (char)('0' + value);
        d->used++;
        return;
    }
    do {
        digits[n++] = (char)('0' + value % 10u);
        value /= 10u;
    } while (value != 0);
    for (i = 0; i < n; i++)
        p[i] = digits[n - 1 - i];
    d->used += n;
}

void aerocmd_priv_dump_i64(struct aerocmd_dumper *d, int64_t value)
{
    if (value < 0) {
        out_char(d, '-');
        aerocmd_priv_dump_u64(d, (uint64_t)0 - (uint64_t)value);
        return;
    }
    aerocmd_priv_dump_u64(d, (uint64_t)value);
}

void aerocmd_priv_dump_hex(struct aerocmd_dumper *d, uint64_t value, unsigned min_digits)
{
    char *p = out_room(d, 18);
    unsigned n = 1, i;
    while (n < 16 && (value >> (4 * n)) != 0)
        n++;
    if (n < min_digits)
        n = min_digits;
    p[0] = '0';
    p[1] = 'x';
    for (i = 0; i < n; i++)
        p[2 + i] = hex_digits[(value >> (4 * (n - 1 - i))) & 0xFu];
    d->used += 2 + n;
}

void aerocmd_priv_dump_hex_bytes(struct aerocmd_dumper *d, const uint8_t *bytes, size_t len)
{
    while (len > 0) {
        size_t n = len < DUMP_OUT_CHUNK / 2 ? len : DUMP_OUT_CHUNK / 2, i;
        char *p = out_room(d, 2 * n);
        for (i = 0; i < n; i++) {
            p[2 * i] = hex_digits[bytes[i] >> 4];
            p[2 * i + 1] = hex_digits[bytes[i] & 0xFu];
        }
        d->used += 2 * n;
        bytes += n;
        len -= n;
    }
}

void aerocmd_priv_dump_key(struct aerocmd_dumper *d, int *first, const char *key)
{
    if (!*first)
        out_char(d, d->json ? ',' : ' ');
    *first = 0;
    /* Keys come from the library's own tables: plain identifiers, nothing to escape. */
    if (d->json) {
        out_char(d, '"');
        out_str(d, key);
        out_mem(d, "\":", 2);
        return;
    }
    out_str(d, key);
    out_char(d, '=');
}

uint64_t aerocmd_priv_dump_read_le(const uint8_t *bytes, unsigned size)
{
    uint64_t value = 0;
    unsigned i;
    if (size == 4)
        return (uint64_t)bytes[0] | (uint64_t)bytes[1] << 8 | (uint64_t)bytes[2] << 16 |
               (uint64_t)bytes[3] << 24;
    for (i = size; i > 0; i--)
        value = (value << 8) | bytes[i - 1];
    return value;
}
