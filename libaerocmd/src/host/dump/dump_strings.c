/* SPDX-License-Identifier: MIT */
/* Escaping of untrusted bytes (debug-marker text, metadata) for text and JSON dumps. */
#include "aerocmd/dump.h"
#include "dump_internal.h"

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

void aerocmd_dump_json_string_body(FILE *out, const void *bytes, size_t len)
{
    const uint8_t *p = (const uint8_t *)bytes;
    size_t i = 0;
    while (i < len) {
        uint8_t c = p[i];
        size_t seq;
        if (c == '"' || c == '\\') {
            fprintf(out, "\\%c", (char)c);
        } else if (c == '\n') {
            fputs("\\n", out);
        } else if (c == '\t') {
            fputs("\\t", out);
        } else if (c == '\r') {
            fputs("\\r", out);
        } else if (c < 0x20 || c == 0x7F) {
            fprintf(out, "\\u%04x", (unsigned)c);
        } else if (c < 0x80) {
            fputc(c, out);
        } else if ((seq = utf8_sequence_len(p + i, len - i)) != 0) {
            fwrite(p + i, 1, seq, out);
            i += seq;
            continue;
        } else {
            fputs("\\ufffd", out);
        }
        i++;
    }
}

void aerocmd_dump_text_string_body(FILE *out, const void *bytes, size_t len)
{
    const uint8_t *p = (const uint8_t *)bytes;
    size_t i;
    for (i = 0; i < len; i++) {
        uint8_t c = p[i];
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", (char)c);
        else if (c == '\n')
            fputs("\\n", out);
        else if (c == '\t')
            fputs("\\t", out);
        else if (c == '\r')
            fputs("\\r", out);
        else if (c < 0x20 || c >= 0x7F)
            fprintf(out, "\\x%02x", (unsigned)c);
        else
            fputc(c, out);
    }
}

void aerocmd_dump_hex(FILE *out, const uint8_t *bytes, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        fprintf(out, "%02x", (unsigned)bytes[i]);
}
