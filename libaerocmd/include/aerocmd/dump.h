/* SPDX-License-Identifier: MIT */
/* dump.h — human- and machine-readable disassembly of AeroGPU command streams.
 *
 * Hosted layer (uses stdio and floating point; not part of the kernel-safe core). Every
 * packet is printed from the decoder's introspection table (decode.h), so a new opcode
 * shows up in dumps as soon as the table describes it. Nothing here trusts the bytes:
 * fields that do not fit inside a packet are reported as missing, never read. No name
 * (opcode, field, enum constant) is ever shortened.
 *
 * Text: one line per packet, "0xOFFSET NAME size=N field=value ...".
 * JSON: one object per line with a "type" member ("stream", "packet", "error"); the
 * schema, field by field, is doc/aerocmd-json.md. */
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

/* Option bits for aerocmd_dumper_init. */
#define AEROCMD_DUMP_FULL_PAYLOADS 0x1u /* raw payloads in full, not only their first bytes */

/* Leading payload bytes shown when AEROCMD_DUMP_FULL_PAYLOADS is not set. */
#define AEROCMD_DUMP_PAYLOAD_HEAD_BYTES 16u

/* Room for any label aerocmd_dump_opcode_label formats ("UNKNOWN(0xFFFFFFFF)"). Known
 * opcodes are returned as the table's own string, whatever the buffer. */
#define AEROCMD_DUMP_OPCODE_LABEL_MAX 32u

/* The opcode's table name ("SET_UNORDERED_ACCESS_BUFFERS", a static string) or
 * "UNKNOWN(0x1234)" formatted into buf; "" when buf is needed but NULL or empty. */
const char *aerocmd_dump_opcode_label(uint32_t opcode, char *buf, size_t cap);

/* ---- the dumper: buffered output, the way to dump many packets quickly ------------ */

#define AEROCMD_DUMPER_BUFFER_BYTES 16384u
#define AEROCMD_DUMPER_ENUM_CACHE   16u

/* Place it anywhere (it is large: keep big ones off small stacks); fields are private. */
struct aerocmd_dumper {
    FILE *out;
    uint32_t json;
    uint32_t flags;
    int write_failed;
    size_t used;
    const struct aerocmd_enum_info *enum_keys[AEROCMD_DUMPER_ENUM_CACHE];
    uint8_t enum_prefix[AEROCMD_DUMPER_ENUM_CACHE];
    char buf[AEROCMD_DUMPER_BUFFER_BYTES];
};

/* flags: AEROCMD_DUMP_* option bits. */
void aerocmd_dumper_init(struct aerocmd_dumper *d, FILE *out, enum aerocmd_dump_format format,
                         uint32_t flags);

/* The stream header line. */
void aerocmd_dumper_stream_header(struct aerocmd_dumper *d, const struct aerocmd_stream *stream);

/* One packet line, for a packet as aerocmd_cursor_next returned it (framing checked; its
 * fields need not be valid). `fault` (may be NULL) is the packet's structural fault,
 * shown at the end of the line; pass NULL for a packet that passed aerocmd_packet_check.
 * The line shows packet->offset, so a caller walking a stream piece by piece can set it
 * to the packet's offset in the whole stream. */
void aerocmd_dumper_packet(struct aerocmd_dumper *d, const struct aerocmd_stream *stream,
                           const struct aerocmd_packet *packet, const struct aerocmd_diag *fault);

/* aerocmd_packet_check, then the packet line with its fault. AEROCMD_OK, or
 * AEROCMD_E_MALFORMED with *fault (may be NULL) filled (reason never NONE). */
aerocmd_result aerocmd_dumper_checked_packet(struct aerocmd_dumper *d,
                                             const struct aerocmd_stream *stream,
                                             const struct aerocmd_packet *packet,
                                             struct aerocmd_diag *fault);

/* A line for a fault that stops the walk (bad header, broken framing). */
void aerocmd_dumper_fault(struct aerocmd_dumper *d, const struct aerocmd_diag *fault);

/* Bytes as they are, for callers composing their own lines between the dumper's. */
void aerocmd_dumper_write(struct aerocmd_dumper *d, const void *bytes, size_t len);
/* `len` bytes as the contents of a JSON string / a double-quoted text-dump string (see
 * aerocmd_dump_json_string_body and aerocmd_dump_text_string_body). */
void aerocmd_dumper_json_string_body(struct aerocmd_dumper *d, const void *bytes, size_t len);
void aerocmd_dumper_text_string_body(struct aerocmd_dumper *d, const void *bytes, size_t len);

/* Hands the buffered text to the FILE (not fflush). 0, or -1 when any write so far failed. */
int aerocmd_dumper_flush(struct aerocmd_dumper *d);

/* ---- one-call forms over a FILE (each builds a dumper on the stack and flushes it) --- */

void aerocmd_dump_stream_header(FILE *out, enum aerocmd_dump_format format,
                                const struct aerocmd_stream *stream);
void aerocmd_dump_packet(FILE *out, enum aerocmd_dump_format format,
                         const struct aerocmd_stream *stream, const struct aerocmd_packet *packet,
                         const struct aerocmd_diag *fault);
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
