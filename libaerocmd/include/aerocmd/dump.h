/* dump.h — human- and machine-readable disassembly of AeroGPU command streams.
 *
 * Hosted layer (uses stdio and floating point; not part of the kernel-safe core). Every
 * packet is printed from the decoder's introspection table (decode.h), so a new opcode
 * shows up in dumps as soon as the table describes it. Nothing here trusts the bytes:
 * fields that do not fit inside a packet are reported as missing, never read.
 *
 * Text: one line per packet, "0xOFFSET NAME size=N field=value ...".
 * JSON: one object per line, {"offset":N,"opcode":"NAME","size":N,"fields":{...},...}. */
#ifndef AEROCMD_DUMP_H
#define AEROCMD_DUMP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "aerocmd/decode.h"
#include "aerocmd/result.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

enum aerocmd_dump_format { AEROCMD_DUMP_TEXT = 0, AEROCMD_DUMP_JSON = 1 };

/* Room for any opcode label, "UNKNOWN(0xFFFFFFFF)" included. */
#define AEROCMD_DUMP_OPCODE_LABEL_MAX 24u

/* The opcode's table name ("DRAW") or "UNKNOWN(0x1234)"; returns buf. */
const char *aerocmd_dump_opcode_label(uint32_t opcode, char *buf, size_t cap);

/* The stream header line. */
void aerocmd_dump_stream_header(FILE *out, enum aerocmd_dump_format format,
                                const struct aerocmd_stream *stream);

/* One packet line, for a packet as aerocmd_cursor_next returned it (framing checked; its
 * fields need not be valid). `fault` (may be NULL) is the packet's structural fault, shown
 * at the end of the line; pass NULL for a packet that passed aerocmd_packet_check. */
void aerocmd_dump_packet(FILE *out, enum aerocmd_dump_format format,
                         const struct aerocmd_stream *stream, const struct aerocmd_packet *packet,
                         const struct aerocmd_diag *fault);

/* A line for a fault that stops the walk (bad header, broken framing). */
void aerocmd_dump_fault(FILE *out, enum aerocmd_dump_format format,
                        const struct aerocmd_diag *fault);

/* Header line, then every packet (each checked with aerocmd_packet_check and annotated
 * with its fault), then a fault line if the header or the framing is broken. Returns
 * AEROCMD_OK when everything was well-formed, otherwise AEROCMD_E_MALFORMED with *diag
 * (may be NULL) describing the first fault. */
aerocmd_result aerocmd_dump_stream(FILE *out, enum aerocmd_dump_format format, const void *buf,
                                   size_t len, struct aerocmd_diag *diag);

/* Writes `len` bytes as the contents of a JSON string (no quotes): control characters and
 * quotes escaped, valid UTF-8 kept, invalid bytes replaced by U+FFFD. */
void aerocmd_dump_json_string_body(FILE *out, const void *bytes, size_t len);

/* Writes `len` bytes as the contents of a double-quoted text-dump string: C escapes for
 * quotes, backslash and \n \t \r, every other byte outside printable ASCII as \xNN. */
void aerocmd_dump_text_string_body(FILE *out, const void *bytes, size_t len);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_DUMP_H */
