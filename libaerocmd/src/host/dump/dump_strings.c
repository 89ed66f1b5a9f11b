/* SPDX-License-Identifier: MIT */
/* Escaping of untrusted bytes (debug-marker text, metadata) for text and JSON dumps. */
#include "dump_internal.h"

static const char hex_digits[] = "0123456789abcdef";

/* Length of the well-formed UTF-8 sequence starting at bytes[0] (1..4), or 0 when the
 * bytes there are not one (bad lead byte, overlong form, surrogate, truncated). */
static size_t utf8_sequence_len(const uint8_t *bytes, size_t len)
{
    uint8_t lead = bytes[0];
    size_t need, i;
    uint32_t code;
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF) {
        need = 2;
        code = lead & 0x1Fu;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        need = 3;
        code = lead & 0x0Fu;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        need = 4;
        code = lead & 0x07u;
    } else {
        return 0;
    }
    if (need > len)
        return 0;
    for (i = 1; i < need; i++) {
        if ((bytes[i] & 0xC0u) != 0x80u)
            return 0;
        code = (code << 6) | (bytes[i] & 0x3Fu);
    }
    if ((need == 3 && code < 0x800u) || (need == 4 && (code < 0x10000u || code > 0x10FFFFu)))
        return 0;
    if (code >= 0xD800u && code <= 0xDFFFu)
        return 0;
    return need;
}

/* The escape for c shared by both forms (quote, backslash, \n \t \r), or NULL. */
static const char *common_escape(uint8_t c)
{
    switch (c) {
    case '"':
        return "\\\"";
    case '\\':
        return "\\\\";
    case '\n':
        return "\\n";
    case '\t':
        return "\\t";
    case '\r':
        return "\\r";
    default:
        return NULL;
    }
}

/* The run of bytes from p that need no escaping in either form (printable ASCII). */
static size_t plain_run(const uint8_t *p, size_t len)
{
    size_t n = 0;
    while (n < len && p[n] >= 0x20 && p[n] < 0x7F && p[n] != '"' && p[n] != '\\')
        n++;
    return n;
}

static void put_escaped_byte(struct aerocmd_dumper *d, const char *prefix, uint8_t c,
                             unsigned digits)
{
    char *p = out_room(d, 8);
    size_t n = strlen(prefix);
    memcpy(p, prefix, n);
    if (digits == 4) {
        p[n++] = '0';
        p[n++] = '0';
    }
    p[n++] = hex_digits[c >> 4];
    p[n++] = hex_digits[c & 0xFu];
    d->used += n;
}

/* Writes the escape for the byte(s) at p (never plain): returns how many it covered. */
static size_t put_escape(struct aerocmd_dumper *d, const uint8_t *p, size_t len, int json)
{
    const char *escape = common_escape(p[0]);
    size_t seq;
    if (escape != NULL) {
        out_str(d, escape);
    } else if (!json) {
        put_escaped_byte(d, "\\x", p[0], 2);
    } else if (p[0] < 0x80) {
        put_escaped_byte(d, "\\u", p[0], 4);
    } else if ((seq = utf8_sequence_len(p, len)) != 0) {
        out_mem(d, p, seq); /* valid UTF-8 stays as it is */
        return seq;
    } else {
        out_mem(d, "\\ufffd", 6);
    }
    return 1;
}

static void put_string_body(struct aerocmd_dumper *d, const void *bytes, size_t len, int json)
{
    const uint8_t *p = (const uint8_t *)bytes;
    size_t i = 0;
    while (i < len) {
        size_t run = plain_run(p + i, len - i);
        out_mem(d, p + i, run);
        i += run;
        if (i < len)
            i += put_escape(d, p + i, len - i, json);
    }
}

void aerocmd_dumper_json_string_body(struct aerocmd_dumper *d, const void *bytes, size_t len)
{
    put_string_body(d, bytes, len, 1);
}

void aerocmd_dumper_text_string_body(struct aerocmd_dumper *d, const void *bytes, size_t len)
{
    put_string_body(d, bytes, len, 0);
}

void aerocmd_dump_json_string_body(FILE *out, const void *bytes, size_t len)
{
    struct aerocmd_dumper d;
    aerocmd_dumper_init(&d, out, AEROCMD_DUMP_JSON, 0);
    aerocmd_dumper_json_string_body(&d, bytes, len);
    aerocmd_dumper_flush(&d);
}

void aerocmd_dump_text_string_body(FILE *out, const void *bytes, size_t len)
{
    struct aerocmd_dumper d;
    aerocmd_dumper_init(&d, out, AEROCMD_DUMP_TEXT, 0);
    aerocmd_dumper_text_string_body(&d, bytes, len);
    aerocmd_dumper_flush(&d);
}
